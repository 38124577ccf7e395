//! The one list of the games billes knows, and what each game brings to it.
//!
//! Every game is a module with a rules type implementing [`GameRules`]; the
//! list in [`games!`](crate::games) (one line per game) makes [`GameKind`],
//! [`AnyRules`] and the dispatch macros [`with_rules!`](crate::with_rules),
//! [`with_standard!`](crate::with_standard) and [`with_kind!`](crate::with_kind)
//! from it. A fourth game is its own module, its [`GameRules`] impl and one
//! line in that list.
//!
//! ```
//! use billes_core::variant::HookedRules;
//! use billes_core::{with_kind, GameKind};
//!
//! let hooks = with_kind!(GameKind::Offboard, R => R::hook_names());
//! assert_eq!(hooks, ["allow", "score"]);
//! ```

use serde::de::DeserializeOwned;

use crate::describe::Describe;
use crate::game::MoveRules;
use crate::rng::Rng;
use crate::variant::HookedRules;
use crate::SimOptions;

/// What a game brings to the registry: its name, its parameters and how
/// rules are made from them, the hooks it calls (through [`HookedRules`]),
/// its simulator.
pub trait GameRules:
    HookedRules + MoveRules + Describe + Clone + std::fmt::Debug + 'static
{
    /// The game.
    const KIND: GameKind;
    /// The name used in `Game` tags.
    const NAME: &'static str;
    /// Whether a turn starts with a roll of the die.
    const HAS_DICE: bool;
    /// The seatings (players, teams) a variant of the game is tried under
    /// by `billes rules check`.
    const SEATINGS: &'static [(usize, Option<&'static str>)];

    /// The parameters a variant may set, read from its `params` table.
    type Params: DeserializeOwned + Default;

    /// The standard rules, made once and shared.
    fn standard() -> &'static Self;

    /// The rules with `params`.
    ///
    /// # Errors
    /// When the parameters describe no playable game.
    fn from_params(params: Self::Params) -> Result<Self, String>;

    /// A random legal game under the rules.
    ///
    /// # Errors
    /// When the options describe no game that can be set up.
    fn simulate_game(
        &self,
        options: &SimOptions,
        rng: &mut Rng,
    ) -> Result<billes_notation::Game, String>;
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
                let $r = <$t as $crate::registry::GameRules>::standard();
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
                use $crate::registry::GameRules as _;
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
        /// The games billes knows, named by the `Game` tag.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $(#[doc = $doc] $v,)*
        }

        impl GameKind {
            /// Every game, in the order `billes --help` lists them.
            pub const ALL: [GameKind; [$(GameKind::$v),*].len()] = [$(GameKind::$v),*];

            /// The name used in `Game` tags.
            pub fn name(self) -> &'static str {
                match self {
                    $(GameKind::$v => <$t as GameRules>::NAME,)*
                }
            }

            /// Whether a turn starts with a roll of the die (Offboard has no dice).
            pub fn has_dice(self) -> bool {
                match self {
                    $(GameKind::$v => <$t as GameRules>::HAS_DICE,)*
                }
            }
        }

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
                    $(GameKind::$v => AnyRules::$v(<$t as GameRules>::standard().clone()),)*
                }
            }
        }

        $(impl From<$t> for AnyRules {
            fn from(rules: $t) -> AnyRules {
                AnyRules::$v(rules)
            }
        })*
    };
}

games!(__define_games!);
