//! What a turn involves beyond moving a piece with the roll, as each game
//! says it: the game's own type of need behind the [`Need`] trait, carried
//! to programs by the [`AnyNeed`] handle of [`Next::needs`](super::Next).
//!
//! Each game owns its kinds of need and their words: Aggravation's
//! `billes_aggravation::Need` (a finished player rolls
//! for a teammate), Barricade's `billes_barricade::Need`
//! (a held barricade put down, a 6 that may be replayed) and Offboard's
//! `billes_offboard::Need` (a pushed marble put back or
//! taken out). A new game with a new kind of choice declares its own type
//! and implements [`Need`] for it; nothing here changes.
//!
//! Why a handle and not an associated type of
//! [`GameRules`](super::GameRules): what a turn needs is read by programs
//! through the object-safe [`Position`](super::Position) (`billes moves`,
//! the play prompt), where the game's types are erased anyway, and rarely
//! inside the rules, which keep their own state of it. A handle adds no
//! item a game must implement (a game without needs declares no type) and
//! costs one allocation for a turn that has a need; a
//! program that knows the game looks into it by value with
//! [`AnyNeed::downcast_ref`], as a shakmaty caller matches
//! `VariantPosition::Crazyhouse(pos)` to reach a variant's own type. Where
//! shakmaty's enum of variants is closed, the handle is open: a new game
//! brings its type of need without changing this module.

use std::any::Any;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use serde::Serialize;

/// The words of something a turn involves beyond moving one piece with
/// the roll. A game implements it for its own type of need (an enum of
/// its kinds, with `Debug`, `PartialEq` and `Serialize`) and hands each
/// need to [`Next::needs`](super::Next) as an [`AnyNeed`].
///
/// ```
/// use billes_game::game::{AnyNeed, Need};
///
/// /// A race's pawn needs the exact roll to finish.
/// #[derive(Debug, PartialEq, serde::Serialize)]
/// struct Exact(u8);
///
/// impl Need for Exact {
///     fn phrase(&self) -> String {
///         format!("; needs exactly {} to finish", self.0)
///     }
///     fn prompt(&self) -> Option<String> {
///         Some(format!(" (exactly {} finishes)", self.0))
///     }
/// }
///
/// let need = AnyNeed::new(Exact(3));
/// assert_eq!(need.phrase(), "; needs exactly 3 to finish");
/// assert_eq!(need.downcast_ref::<Exact>(), Some(&Exact(3)));
/// assert_eq!(need, AnyNeed::new(Exact(3)));
/// ```
pub trait Need: fmt::Debug + Send + Sync + 'static {
    /// The need in the words of `billes moves`, after "R to roll":
    /// `; rolls for G or Y`, `; puts a held barricade down`.
    fn phrase(&self) -> String;

    /// The need in the words of a prompt for the turn, after "12. R to
    /// roll": ` for G or Y`, `, then put the barricade down (#point)`;
    /// `None` for a need the prompt says in place of "to roll"
    /// ([`Need::offer`]).
    fn prompt(&self) -> Option<String>;

    /// When the need offers the turn between seats (the first of
    /// [`Next::seats`](super::Next) may do something, or another seat
    /// takes the turn), the offer in the words of a prompt, said in place
    /// of "to roll": ` may replay the 6 with the pawn on j1, or R rolls`.
    /// Such a need speaks for the other seats of the turn: neither `billes
    /// moves` nor the prompt lists them beside it, and the prompt does not
    /// say "again". `None` (the default) for a need that leaves the turn
    /// to its seat.
    fn offer(&self) -> Option<String> {
        None
    }
}

/// A game's need, its type erased: what [`Next::needs`](super::Next)
/// holds. It gives the need's words ([`Need`], through `Deref`), compares
/// by the game's own value, serializes as the game's type does (`billes
/// moves --json`), and gives the game's type back to a program that
/// knows the game ([`AnyNeed::downcast_ref`]).
#[derive(Clone)]
pub struct AnyNeed(Arc<dyn Erased>);

impl AnyNeed {
    /// The handle of a game's need.
    pub fn new<N: Need + PartialEq + Serialize>(need: N) -> AnyNeed {
        AnyNeed(Arc::new(need))
    }

    /// The game's own need, when it is of type `N`.
    pub fn downcast_ref<N: Need>(&self) -> Option<&N> {
        self.0.as_any().downcast_ref()
    }
}

impl Deref for AnyNeed {
    type Target = dyn Need;

    fn deref(&self) -> &dyn Need {
        self.0.as_need()
    }
}

impl fmt::Debug for AnyNeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.0.as_need(), f)
    }
}

/// Two needs are equal when they are of the same game's type and equal
/// as its values.
impl PartialEq for AnyNeed {
    fn eq(&self, other: &AnyNeed) -> bool {
        self.0.eq_any(other.0.as_any())
    }
}

impl Eq for AnyNeed {}

impl Serialize for AnyNeed {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(self.0.as_serialize(), serializer)
    }
}

/// What the handle needs of a game's need beyond its words, written once
/// for every type that has it (a game never implements it).
trait Erased: Send + Sync {
    fn as_need(&self) -> &dyn Need;
    fn as_any(&self) -> &dyn Any;
    fn as_serialize(&self) -> &dyn erased_serde::Serialize;
    fn eq_any(&self, other: &dyn Any) -> bool;
}

impl<N: Need + PartialEq + Serialize> Erased for N {
    fn as_need(&self) -> &dyn Need {
        self
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_serialize(&self) -> &dyn erased_serde::Serialize {
        self
    }

    fn eq_any(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<N>() == Some(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize)]
    #[serde(tag = "need", rename_all = "snake_case")]
    enum Toll {
        Pay { coins: u8 },
        Wait,
    }

    impl Need for Toll {
        fn phrase(&self) -> String {
            format!("; {self:?}")
        }
        fn prompt(&self) -> Option<String> {
            None
        }
    }

    #[derive(Debug, PartialEq, Serialize)]
    struct Other;

    impl Need for Other {
        fn phrase(&self) -> String {
            String::new()
        }
        fn prompt(&self) -> Option<String> {
            None
        }
    }

    #[test]
    fn needs_compare_by_their_game_s_type_and_value() {
        let pay = AnyNeed::new(Toll::Pay { coins: 2 });
        assert_eq!(pay, pay.clone());
        assert_eq!(pay, AnyNeed::new(Toll::Pay { coins: 2 }));
        assert_ne!(pay, AnyNeed::new(Toll::Pay { coins: 3 }));
        assert_ne!(pay, AnyNeed::new(Toll::Wait));
        assert_ne!(AnyNeed::new(Other), pay);
        assert_eq!(format!("{pay:?}"), "Pay { coins: 2 }");
        assert_eq!(pay.downcast_ref::<Toll>(), Some(&Toll::Pay { coins: 2 }));
        assert_eq!(pay.downcast_ref::<Other>(), None);
        assert_eq!(pay.offer(), None);
    }

    #[test]
    fn a_need_serializes_as_its_game_s_type() {
        let yaml = |n: &AnyNeed| serde_yaml::to_string(n).unwrap();
        assert_eq!(
            yaml(&AnyNeed::new(Toll::Pay { coins: 2 })),
            "need: pay\ncoins: 2\n"
        );
        assert_eq!(yaml(&AnyNeed::new(Toll::Wait)), "need: wait\n");
    }
}
