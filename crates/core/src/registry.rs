//! The one list of the games billes knows, and what each game brings to it.
//!
//! Every game is a crate of its own with a rules type implementing
//! [`GameRules`], and the traits the drivers use ([`crate::Rules`],
//! [`crate::game::MoveRules`], [`crate::Describe`]) from it by its one
//! [`plug_in!`](crate::plug_in) line. The list in [`games!`](crate::games)
//! (one line per game) makes [`AnyRules`], the dispatch macros
//! [`with_rules!`](crate::with_rules),
//! [`with_standard!`](crate::with_standard) and [`with_kind!`](crate::with_kind),
//! the list of games the verbs read ([`all`], [`named`], [`list`], [`of`])
//! and, for each game, [`Registered`], checking at compile time that no
//! two games share a name. A game's [`GameKind`] is its rules' own
//! ([`GameRules::KIND`]): a fourth game is its own crate (its
//! [`GameRules`] impl, its state's [`crate::view::View`], its `plug_in!`
//! line), its dependency line in this crate's `Cargo.toml` and one line
//! in that list (see `docs/adding-a-game.md`).
//!
//! ```
//! use billes_core::registry::{self, GameRules};
//! use billes_core::with_kind;
//!
//! use billes_core::variant::Hook;
//!
//! let game = registry::named("offboard").unwrap();
//! let hooks = with_kind!(game, R => R::hooks());
//! assert_eq!(hooks, [Hook::Allow, Hook::Score]);
//! ```

use billes_notation::Game;

pub use crate::game::GameRules;
use crate::{ErrorKind, GameKind, ReplayError};

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

/// What the registry's line of a game adds to its [`GameRules`]: its
/// standard rules, made once. The line implements it; a game does not
/// (its crate's `plug_in!` line gives the traits the drivers use).
pub trait Registered: GameRules {
    /// The standard rules (the default parameters), made once and shared.
    fn standard() -> &'static Self;
}

/// The games, one line each: the doc line of its variant of [`AnyRules`],
/// its rules type (the variant's name), the game's crate and the name this
/// crate re-exports it as (`billes_core::<name>`). This list is the one
/// place a game is added; everything else is made from it.
#[doc(hidden)]
#[macro_export]
macro_rules! game_list {
    ($m:ident! $($args:tt)*) => {
        $crate::$m! {
            [$($args)*]
            "Aggravation (seeds 000, 001, 003)." Aggravation in billes_aggravation as aggravation,
            "Barricade (seed 004)." Barricade in billes_barricade as barricade,
            "Offboard (seed 002)." Offboard in billes_offboard as offboard,
            "Snakes and Ladders (the Milton Bradley board)." SnakesAndLadders in billes_snakes_and_ladders as snakes_and_ladders,
            "Race games written as data (a `game.yaml` each: see docs/plugins.md)." Race in billes_race as race,
        }
    };
}

/// Calls `$m!` with the list of games, after `[$args]`: for each game,
/// the doc line, the variant of [`AnyRules`] and the rules type's path.
#[doc(hidden)]
#[macro_export]
macro_rules! games {
    ($m:ident! $($args:tt)*) => {
        $crate::game_list! { __game_paths! $m [$($args)*] }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __game_paths {
    ([$m:ident [$($args:tt)*]] $($doc:literal $v:ident in $krate:ident as $name:ident,)*) => {
        $crate::$m! {
            [$($args)*]
            $($doc $v $crate::$name::$v,)*
        }
    };
}

/// The games' crates, re-exported at the crate's root under their names
/// (`billes_core::aggravation`...).
#[doc(hidden)]
#[macro_export]
macro_rules! __reexport_games {
    ([] $($doc:literal $v:ident in $krate:ident as $name:ident,)*) => {
        $(#[doc = $doc] pub use $krate as $name;)*
    };
}

/// Runs `$body` with `$r` bound to the rules inside an [`AnyRules`] (a
/// reference to it gives a reference to the game's rules type).
///
/// ```
/// use billes_core::{with_rules, AnyRules, GameKind};
///
/// let rules = AnyRules::standard(billes_core::barricade::KIND);
/// let kind = with_rules!(&rules, r => billes_core::game::MoveRules::game_kind(r));
/// assert_eq!(kind, billes_core::barricade::KIND);
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
/// let game = with_standard!(billes_core::aggravation::KIND, r => billes_core::game::MoveRules::game_kind(r));
/// assert_eq!(game, billes_core::aggravation::KIND);
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
    ([($kind:expr) $r:ident ($body:expr)] $($doc:literal $v:ident $t:path,)*) => {{
        let kind: $crate::GameKind = $kind;
        $(if kind == <$t as $crate::registry::GameRules>::KIND {
            let $r = <$t as $crate::registry::Registered>::standard();
            $body
        } else)* $(if let Some($r) = <$t as $crate::registry::GameRules>::loaded(kind) {
            $body
        } else)* {
            $crate::registry::unregistered(kind)
        }
    }};
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
    ([($kind:expr) $R:ident ($body:expr)] $($doc:literal $v:ident $t:path,)*) => {{
        let kind: $crate::GameKind = $kind;
        $(if kind == <$t as $crate::registry::GameRules>::KIND
            || <$t as $crate::registry::GameRules>::loaded(kind).is_some()
        {
            #[allow(unused_imports)]
            use $crate::registry::{GameRules as _, Registered as _};
            type $R = $t;
            $body
        } else)* {
            $crate::registry::unregistered(kind)
        }
    }};
}

/// What the dispatch of a game outside the registry does: a program's
/// mistake (the kinds the verbs hold come from [`of`] and [`named`]).
#[doc(hidden)]
#[cold]
pub fn unregistered(kind: GameKind) -> ! {
    panic!("the game {kind} is not in billes' registry (billes_core::games!)")
}

#[doc(hidden)]
#[macro_export]
macro_rules! __define_games {
    ([] $($doc:literal $v:ident $t:path,)*) => {
        // No two games of the list share a name.
        const _: () = {
            let names = [$(<$t as GameRules>::NAME),*];
            let mut i = 0;
            while i < names.len() {
                let mut j = i + 1;
                while j < names.len() {
                    assert!(!same_name(names[i], names[j]), "two games share a name");
                    j += 1;
                }
                i += 1;
            }

            $(assert!(
                <$t as GameRules>::TURN_COLUMNS.len() <= $crate::columns::MAX_TURN_COLUMNS,
                "a game declares more turn columns than a row holds",
            );)*
        };

        /// Every compiled game of the registry, in the order `billes
        /// --help` lists them (an engine of games written as data is
        /// listed by the games it has loaded, [`GameRules::kinds`]).
        fn named_otherwise(value: &str) -> Option<GameKind> {
            $(if let Some(kind) = <$t as GameRules>::kind_named(value) {
                return Some(kind);
            })*
            None
        }

        /// The compiled game called `value` (case-insensitive), found
        /// without the games written as data, which `all` loads: `named`
        /// looks here first, as `all` lists the compiled games first.
        fn compiled_named(value: &str) -> Option<GameKind> {
            $(if <$t as GameRules>::KIND.name().eq_ignore_ascii_case(value)
                && <$t as GameRules>::kinds().is_empty()
            {
                return Some(<$t as GameRules>::KIND);
            })*
            None
        }

        fn compiled_and_loaded() -> Vec<GameKind> {
            let mut all = Vec::new();
            $(if <$t as GameRules>::kinds().is_empty() {
                all.push(<$t as GameRules>::KIND);
            })*
            $(all.extend(<$t as GameRules>::kinds());)*
            all
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
                    $(AnyRules::$v(r) => <$t as GameRules>::kind(r),)*
                }
            }

            /// The standard rules of `kind`, as a value.
            pub fn standard(kind: GameKind) -> AnyRules {
                $(if kind == <$t as GameRules>::KIND {
                    AnyRules::$v(<$t as Registered>::standard().clone())
                } else)* $(if let Some(r) = <$t as GameRules>::loaded(kind) {
                    AnyRules::$v(r.clone())
                } else)* {
                    unregistered(kind)
                }
            }
        }

        $(impl Registered for $t {
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

/// Every game billes knows, in the order `billes --help` lists them.
///
/// ```
/// let names: Vec<_> = billes_core::registry::all().iter().map(|g| g.name()).collect();
/// assert_eq!(names[..4], ["aggravation", "barricade", "offboard", "snakes-and-ladders"]);
/// // Then the race games written as data that the process has loaded,
/// // the shipped ones first.
/// assert!(names[4..].contains(&"ludo"));
/// ```
pub fn all() -> Vec<GameKind> {
    compiled_and_loaded()
}

/// The game called `name` in a `Game` tag (case-insensitive, spaces
/// around it ignored), or, for a race game written as data, the game a
/// `Game` tag's path named when its record was read
/// (`billes_archive::rules` loads such a folder under the path policy of
/// a `Rules` tag).
///
/// ```
/// use billes_core::registry;
///
/// let game = registry::named(" Offboard ").unwrap();
/// assert_eq!(game.name(), "offboard");
/// assert!(!game.has_dice());
/// assert_eq!(registry::named("chess"), None);
/// ```
pub fn named(name: &str) -> Option<GameKind> {
    let name = name.trim();
    // A record of a compiled game (most) is matched without loading the
    // games written as data, nor making the list of every game.
    compiled_named(name)
        .or_else(|| {
            all()
                .into_iter()
                .find(|g| g.name().eq_ignore_ascii_case(name))
        })
        .or_else(|| named_otherwise(name))
}

/// The names of every game, separated by commas, `last` before the last
/// one: `list(" or ")` is "aggravation, barricade or offboard".
pub fn list(last: &str) -> String {
    let all = all();
    let names: Vec<&str> = all.iter().map(|g| g.name()).collect();
    match names.split_last() {
        Some((end, [])) => end.to_string(),
        Some((end, rest)) => format!("{}{last}{end}", rest.join(", ")),
        None => String::new(),
    }
}

/// The game a record is of, from its `Game` tag.
///
/// # Errors
/// A [`ErrorKind::Tag`] error when the tag is missing or names no known game.
pub fn of(game: &Game) -> Result<GameKind, ReplayError> {
    match game.tag_entry("Game") {
        // A game without tags whose first turn is not turn 1 is most
        // likely the rest of the game before, cut off by a result token:
        // `r9-r12 *` ends a game, `r9-r12*` marks a capture.
        None if game.tags.is_empty() && game.line.turns.first().is_some_and(|t| t.number > 1) => {
            Err(ReplayError::new(
                ErrorKind::Tag,
                game.span,
                format!(
                    "missing Game tag: these turns start at turn {}, so they probably \
                     belong to the game before, ended early by a result token \
                     (a capture mark is written without a space: r9-r12*)",
                    game.line.turns[0].number
                ),
            ))
        }
        None => Err(ReplayError::new(
            ErrorKind::Tag,
            game.span,
            format!("missing Game tag (one of {})", list(", ")),
        )),
        Some(tag) => named(&tag.value).ok_or_else(|| {
            ReplayError::new(
                ErrorKind::Tag,
                tag.span,
                format!("unknown game \"{}\" (expected {})", tag.value, list(" or ")),
            )
        }),
    }
}

/// The position queries of every game, each name once, in the order of
/// [`all`]: the names hosts offer in every game (a game
/// without one answers [`crate::variant::QueryKind::default_answer`]).
pub fn position_queries() -> Vec<(&'static str, crate::variant::QueryKind)> {
    let mut queries: Vec<(&'static str, crate::variant::QueryKind)> = Vec::new();
    for kind in all() {
        for &(name, q) in crate::with_kind!(kind, R => R::position_queries()) {
            if !queries.iter().any(|&(n, _)| n == name) {
                queries.push((name, q));
            }
        }
    }
    queries
}

/// Whether a move of `kind` may end putting barricades down on points of
/// the mover's choice ([`GameRules::PUTS_DOWN`]): its legal moves are then
/// read in two steps to look a move up.
///
/// ```
/// use billes_core::registry::puts_down;
/// use billes_core::GameKind;
///
/// assert!(puts_down(billes_core::barricade::KIND));
/// assert!(!puts_down(billes_core::offboard::KIND));
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
/// let names: Vec<_> = turn_columns(billes_core::barricade::KIND).iter().map(|c| c.name).collect();
/// assert_eq!(names, ["barricade_taken", "barricade_put"]);
/// assert!(turn_columns(billes_core::aggravation::KIND).is_empty());
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
/// let rules = Standard::new(billes_core::offboard::KIND);
/// let pos = rules.position(&[("Seats", "R B")])?;
/// let mv = &pos.legal_moves(None)?[0];
/// // A first move pushes nothing off: no ejection, no points, nothing removed.
/// let cells = turn_cells(billes_core::offboard::KIND, mv);
/// assert_eq!([cells.get(0), cells.get(1), cells.get(2)], [&Cell::U32(0), &Cell::U32(0), &Cell::Bool(false)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn turn_cells(kind: GameKind, mv: &crate::game::Move) -> crate::columns::TurnCells {
    crate::with_kind!(kind, R => R::turn_cells(mv))
}

/// The seats of a record, in playing order, as its game reads its `Seats`,
/// `Teams` and `Position` tags (nothing else of the record is read or
/// played): what `billes draw` reads of the earlier rounds.
///
/// ```
/// let game = billes_notation::parse_game("[Game \"aggravation\"]\n[Teams \"R+G B+Y\"]\n\n*\n")?;
/// let seats = billes_core::registry::seats_of(&game)?;
/// assert_eq!(seats.len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// When the `Game` tag names no game known, or the tags seat no one.
pub fn seats_of(game: &Game) -> Result<Vec<billes_notation::Seat>, ReplayError> {
    use crate::game::MoveRules;
    let kind = of(game)?;
    let tags: Vec<(&str, &str)> = ["Seats", "Teams", "Position"]
        .into_iter()
        .filter_map(|name| Some((name, game.tag(name)?)))
        .collect();
    let header = crate::game::position::tags_game(kind, &tags);
    crate::with_standard!(kind, r => {
        let state = crate::Rules::setup(r, &header)?;
        Ok(MoveRules::seat_list(r, &state))
    })
}

/// The seats a game of `kind` for `players` players sits, in playing
/// order: those its simulator seats (the `Seats` tag of a game it starts);
/// `None` when the game is not for that many. `billes draw` seats its
/// tables so, and `billes simulate --headers` plays them.
///
/// ```
/// use billes_core::registry::seats_for;
///
/// assert_eq!(seats_for(billes_core::aggravation::KIND, 3).unwrap(), ["R", "P", "Y"]);
/// assert!(seats_for(billes_core::offboard::KIND, 3).is_none());
/// ```
pub fn seats_for(kind: GameKind, players: usize) -> Option<Vec<String>> {
    let options = crate::SimOptions {
        players,
        teams: None,
        max_turns: 0,
    };
    let mut rng = crate::Rng::new(0);
    let game = crate::with_standard!(kind, r => GameRules::simulate(r, &options, &mut rng, &crate::variant::NoHooks)).ok()?;
    Some(
        game.tag("Seats")?
            .split_whitespace()
            .map(str::to_string)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use crate::game::MoveRules;

    #[test]
    fn each_games_own_columns_may_be_a_games() {
        for kind in super::all() {
            assert_eq!(
                crate::columns::check_columns(super::turn_columns(kind)),
                Ok(()),
                "{kind}"
            );
        }
    }

    /// `named` finds a compiled game without the list of every game: it
    /// answers as a look through that list (the reference) on every
    /// game's name, in other cases, with spaces around, and on names of
    /// no game.
    #[test]
    fn named_answers_as_the_list_of_every_game() {
        let reference = |name: &str| {
            let name = name.trim();
            super::all()
                .into_iter()
                .find(|g| g.name().eq_ignore_ascii_case(name))
                .or_else(|| super::named_otherwise(name))
        };
        let mut names = vec![
            "chess".to_string(),
            String::new(),
            "race".to_string(),
            "aggravation2".to_string(),
        ];
        for kind in super::all() {
            let name = kind.name();
            names.extend([
                name.to_string(),
                name.to_uppercase(),
                format!("  {name}\t"),
                name[..name.len() - 1].to_string(),
            ]);
        }
        for name in &names {
            assert_eq!(super::named(name), reference(name), "{name:?}");
        }
        assert_eq!(
            super::named(" Offboard ").map(|g| g.name()),
            Some("offboard")
        );
        assert_eq!(super::named("LUDO").map(|g| g.name()), Some("ludo"));
    }

    #[test]
    fn each_game_names_its_own_kind() {
        for kind in super::all() {
            assert_eq!(with_standard!(kind, r => r.game_kind()), kind);
            assert_eq!(crate::AnyRules::standard(kind).game(), kind);
        }
    }
}
