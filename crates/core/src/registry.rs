//! The one list of the games billes knows, and what each game brings to it.
//!
//! Every game is a crate of its own with a rules type implementing
//! [`GameRules`], and the traits the drivers use ([`crate::Rules`],
//! [`crate::game::MoveRules`], [`crate::Describe`]) from it by its one
//! [`plug_in!`](crate::plug_in) line. The list in [`games!`](crate::games)
//! (one line per game) makes [`AnyRules`], the dispatch macros
//! [`with_rules!`](crate::with_rules),
//! [`with_standard!`](crate::with_standard) and [`with_kind!`](crate::with_kind),
//! and, for each game, [`Registered`], checking at compile time that its
//! rules agree with its [`GameKind`]. A fourth game is its own crate, its
//! [`GameRules`] impl and its state's [`crate::view::View`] (twelve items)
//! and its `plug_in!` line, its name in [`GameKind`] and one line in that
//! list (see `docs/adding-a-game.md`).
//!
//! ```
//! use billes_core::registry::GameRules;
//! use billes_core::{with_kind, GameKind};
//!
//! use billes_core::variant::Hook;
//!
//! let hooks = with_kind!(GameKind::Offboard, R => R::hooks());
//! assert_eq!(hooks, [Hook::Allow, Hook::Score]);
//! ```

pub use crate::game::GameRules;
use crate::GameKind;

/// Whether two names are the same (for the registry's compile-time check).
#[doc(hidden)]
pub const fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// What the registry's line of a game adds to its [`GameRules`]: the
/// game's place in [`GameKind`] and its standard rules, made once. The
/// line implements it; a game does not (its crate's `plug_in!` line gives
/// the traits the drivers use).
pub trait Registered: GameRules {
    /// The game.
    const KIND: GameKind;

    /// The standard rules (the default parameters), made once and shared.
    fn standard() -> &'static Self;
}

/// The games, one line each: the doc line, the variant of [`GameKind`] and
/// [`AnyRules`], the rules type. Calls `$m!` with the list, after
/// `[$args]`.
#[doc(hidden)]
#[macro_export]
macro_rules! games {
    ($m:ident! $($args:tt)*) => {
        $crate::$m! {
            [$($args)*]
            "Aggravation (seeds 000, 001, 003)." Aggravation $crate::aggravation::Aggravation,
            "Barricade (seed 004)." Barricade $crate::barricade::Barricade,
            "Offboard (seed 002)." Offboard $crate::offboard::Offboard,
        }
    };
}

/// Runs `$body` with `$r` bound to the rules inside an [`AnyRules`] (a
/// reference to it gives a reference to the game's rules type).
///
/// ```
/// use billes_core::{with_rules, AnyRules, GameKind};
///
/// let rules = AnyRules::standard(GameKind::Barricade);
/// let kind = with_rules!(&rules, r => billes_core::game::MoveRules::game_kind(r));
/// assert_eq!(kind, GameKind::Barricade);
/// ```
#[macro_export]
macro_rules! with_rules {
    ($rules:expr, $r:ident => $body:expr) => {
        $crate::games!(__with_rules! ($rules) $r ($body))
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_rules {
    ([($rules:expr) $r:ident ($body:expr)] $($doc:literal $v:ident $t:path,)*) => {
        match $rules {
            $($crate::AnyRules::$v($r) => $body,)*
        }
    };
}

/// Runs `$body` with `$r` bound to the standard rules (a `&'static`
/// reference) of the game `$kind` names.
///
/// ```
/// use billes_core::{with_standard, GameKind};
///
/// let game = with_standard!(GameKind::Aggravation, r => billes_core::game::MoveRules::game_kind(r));
/// assert_eq!(game, GameKind::Aggravation);
/// ```
#[macro_export]
macro_rules! with_standard {
    ($kind:expr, $r:ident => $body:expr) => {
        $crate::games!(__with_standard! ($kind) $r ($body))
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_standard {
    ([($kind:expr) $r:ident ($body:expr)] $($doc:literal $v:ident $t:path,)*) => {
        match $kind {
            $($crate::GameKind::$v => {
                let $r = <$t as $crate::registry::Registered>::standard();
                $body
            })*
        }
    };
}

/// Runs `$body` with the type `$R` standing for the rules type of the game
/// `$kind` names: for what a game brings as types and constants.
#[macro_export]
macro_rules! with_kind {
    ($kind:expr, $R:ident => $body:expr) => {
        $crate::games!(__with_kind! ($kind) $R ($body))
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_kind {
    ([($kind:expr) $R:ident ($body:expr)] $($doc:literal $v:ident $t:path,)*) => {
        match $kind {
            $($crate::GameKind::$v => {
                #[allow(unused_imports)]
                use $crate::registry::{GameRules as _, Registered as _};
                type $R = $t;
                $body
            })*
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __define_games {
    ([] $($doc:literal $v:ident $t:path,)*) => {
        // The registry's list and `GameKind`'s agree: the same games, in
        // the same order, with the same names and dice.
        const _: () = {
            let listed = [$(GameKind::$v),*];
            assert!(listed.len() == GameKind::ALL.len());
            let mut i = 0;
            while i < listed.len() {
                assert!(listed[i] as u8 == GameKind::ALL[i] as u8);
                i += 1;
            }
            $(assert!(
                $crate::registry::same_name(<$t as GameRules>::NAME, GameKind::$v.name())
                    && <$t as GameRules>::HAS_DICE == GameKind::$v.has_dice(),
                "a game's rules and its GameKind differ",
            );)*
            $(assert!(
                <$t as GameRules>::TURN_COLUMNS.len() <= $crate::columns::MAX_TURN_COLUMNS,
                "a game declares more turn columns than a row holds",
            );)*
        };

        /// The rules of any game, with a variant's parameters: what a loaded
        /// variant holds. [`with_rules!`](crate::with_rules) reaches the
        /// game's own rules type.
        #[derive(Debug)]
        pub enum AnyRules {
            $(#[doc = $doc] $v($t),)*
        }

        impl AnyRules {
            /// The game the rules are for.
            pub fn game(&self) -> GameKind {
                match self {
                    $(AnyRules::$v(_) => GameKind::$v,)*
                }
            }

            /// The standard rules of `kind`, as a value.
            pub fn standard(kind: GameKind) -> AnyRules {
                match kind {
                    $(GameKind::$v => AnyRules::$v(<$t as Registered>::standard().clone()),)*
                }
            }
        }

        $(impl Registered for $t {
            const KIND: GameKind = GameKind::$v;

            fn standard() -> &'static $t {
                static STANDARD: std::sync::OnceLock<$t> = std::sync::OnceLock::new();
                STANDARD.get_or_init(|| {
                    <$t as GameRules>::from_params(Default::default())
                        .expect("the standard parameters are valid")
                })
            }
        })*

        $(impl From<$t> for AnyRules {
            fn from(rules: $t) -> AnyRules {
                AnyRules::$v(rules)
            }
        })*
    };
}

games!(__define_games!);

/// The position queries of every game, each name once, in the order of
/// [`crate::GameKind::ALL`]: the names hosts offer in every game (a game
/// without one answers [`crate::variant::QueryKind::default_answer`]).
pub fn position_queries() -> Vec<(&'static str, crate::variant::QueryKind)> {
    let mut all: Vec<(&'static str, crate::variant::QueryKind)> = Vec::new();
    for kind in crate::GameKind::ALL {
        for &(name, q) in crate::with_kind!(kind, R => R::position_queries()) {
            if !all.iter().any(|&(n, _)| n == name) {
                all.push((name, q));
            }
        }
    }
    all
}

/// Whether a move of `kind` may end putting barricades down on points of
/// the mover's choice ([`GameRules::PUTS_DOWN`]): its legal moves are then
/// read in two steps to look a move up.
///
/// ```
/// use billes_core::registry::puts_down;
/// use billes_core::GameKind;
///
/// assert!(puts_down(GameKind::Barricade));
/// assert!(!puts_down(GameKind::Offboard));
/// ```
pub fn puts_down(kind: GameKind) -> bool {
    crate::with_kind!(kind, R => R::PUTS_DOWN)
}

/// The own columns of the turns of `kind` in `billes export`'s `turns`
/// table ([`GameRules::TURN_COLUMNS`]).
///
/// ```
/// use billes_core::registry::turn_columns;
/// use billes_core::GameKind;
///
/// let names: Vec<_> = turn_columns(GameKind::Barricade).iter().map(|c| c.name).collect();
/// assert_eq!(names, ["barricade_taken", "barricade_put"]);
/// assert!(turn_columns(GameKind::Aggravation).is_empty());
/// ```
pub fn turn_columns(kind: GameKind) -> &'static [crate::columns::TurnColumn] {
    crate::with_kind!(kind, R => R::TURN_COLUMNS)
}

/// The cells of [`turn_columns`] for a turn of `kind` that played `mv`,
/// its complete move ([`GameRules::turn_cells`]).
///
/// ```
/// use billes_core::columns::Cell;
/// use billes_core::game::Position;
/// use billes_core::registry::turn_cells;
/// use billes_core::{Engine, GameKind, Standard};
///
/// let rules = Standard::new(GameKind::Offboard);
/// let pos = rules.position(&[("Seats", "R B")])?;
/// let mv = &pos.legal_moves(None)?[0];
/// // A first move pushes nothing off: no ejection, no points, nothing removed.
/// let cells = turn_cells(GameKind::Offboard, mv);
/// assert_eq!([cells.get(0), cells.get(1), cells.get(2)], [&Cell::U32(0), &Cell::U32(0), &Cell::Bool(false)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn turn_cells(kind: GameKind, mv: &crate::game::Move) -> crate::columns::TurnCells {
    crate::with_kind!(kind, R => R::turn_cells(mv))
}

#[cfg(test)]
mod tests {
    use crate::game::MoveRules;
    use crate::GameKind;

    #[test]
    fn each_games_own_columns_may_be_a_games() {
        for kind in GameKind::ALL {
            assert_eq!(
                crate::columns::check_columns(super::turn_columns(kind)),
                Ok(()),
                "{kind}"
            );
        }
    }

    #[test]
    fn each_game_names_its_own_kind() {
        for kind in GameKind::ALL {
            assert_eq!(with_standard!(kind, r => r.game_kind()), kind);
            assert_eq!(crate::AnyRules::standard(kind).game(), kind);
        }
    }
}
