//! Boards, positions, legal moves and the replay of BGN records for the three
//! games billes knows: [`aggravation`], [`barricade`] and [`offboard`].
//!
//! Each game is one module implementing one trait,
//! [`game::GameRules`], listed once in [`registry`] (which dispatches on
//! the game and makes the drivers' traits from it; `docs/adding-a-game.md`
//! says what a new game writes); the shared [`replay_with`] driver checks
//! turn numbers, variations, the end of the game and the result, and
//! [`replay()`] picks the game from the record's `Game` tag.
//! [`Engine`] is the object-safe face of a game's rules, standard
//! ([`Standard`]) or varied (the `billes-lua` crate's variants): what the
//! command-line verbs replay, draw and describe records with.
//!
//! # Layers
//!
//! The modules stand in layers, lowest first; a module imports from its
//! own layer and those below it, never from a layer above
//! (`tests/layers.rs` reads every `crate::` path of every file, a name
//! re-exported here counted in the module that defines it, and checks it
//! against this list):
//!
//! 1. `error`, `colour`, `rng`, `kind`, `greedy`: the errors, the seats'
//!    colours, the dice, the games' names ([`GameKind`]), the greedy choice
//!    among scored moves
//! 2. `walk`, `replay`, `stream`: the walk over a record's tree of turns
//!    (main line and variations), the replay driver and the [`Rules`] it
//!    drives, and the check of a record handed to it turn by turn
//! 3. `describe`: the driver that describes a record
//! 4. `view`, `variant`, `edit`: what a position shows to pictures, the
//!    hooks' vocabulary, and the edits an `effect` hook writes
//! 5. `game`: the game API ([`game::Position`], [`game::GameRules`])
//! 6. `house`, `hooked`, `recover`, `resync`: the hooks that change the
//!    game as a whole, a game's rules with hooks, the check of a whole
//!    record past its mistakes, and how it goes on past a typo
//! 7. `aggravation`, `barricade`, `offboard`: the games
//! 8. `registry`: the games' rules types listed, and [`AnyRules`]
//! 9. `engine`, `marks`: the object-safe face of rules, and what uses it
//! 10. `lib`: this file: the crate's front door
//!
//! No import runs up a layer; a new one fails that test.
//!
//! ```
//! let record = "[Game \"offboard\"]\n\n*\n";
//! let game = billes_notation::parse_game(record).unwrap();
//! let summary = billes_core::replay(&game, &mut |_| std::ops::ControlFlow::Continue(())).unwrap();
//! assert_eq!(summary.turns, 0);
//! ```
#![deny(missing_docs)]

pub mod aggravation;
pub mod barricade;
mod colour;
mod describe;
pub mod edit;
mod engine;
mod error;
pub mod game;
pub mod greedy;
pub mod hooked;
pub mod house;
mod kind;
mod marks;
pub mod offboard;
mod recover;
pub mod registry;
mod replay;
mod resync;
mod rng;
mod stream;
pub mod variant;
pub mod view;
mod walk;

pub use colour::Colour;
pub use describe::{describe_with, Describe, Described};
pub use engine::{
    check_game, check_recovered, describe, describe_valid_with, position_after,
    replay_observed_with, replay_views, start_board_with, Engine, Standard,
};
pub use error::{
    BoardError, ChangeError, ErrorKind, ParamsError, ReplayError, SimulateError, TagValueError,
};
pub use game::SimOptions;
pub use kind::GameKind;
pub use marks::complete_marks;
pub use recover::{
    check_all_with, check_observed_with, check_read_with, mark_record_with, mark_turn, Checked,
    Seen, STOPPED, UNREADABLE,
};
pub use registry::AnyRules;
pub use replay::{replay_with, validate_with, Flow, Observed, Rules, Step, Summary, TextBoard};
pub use rng::Rng;
pub use stream::{StreamCheck, TurnCheck};

use billes_notation::Game;

/// Replays a record under its game's standard rules, picking the game from the
/// `Game` tag. The observer answers [`ControlFlow::Continue`](std::ops::ControlFlow)
/// to go on, `Break` to stop after the turn it saw (see [`Flow`]).
///
/// # Errors
/// The first mistake in the record, located by span, turn and seat.
pub fn replay(
    game: &Game,
    observe: &mut dyn FnMut(&Observed<'_>) -> std::ops::ControlFlow<()>,
) -> Result<Summary, ReplayError> {
    Standard::of(game)?.replay(game, observe)
}

/// Checks a record under the standard rules, as [`replay()`] does without an
/// observer: what `billes validate` runs.
///
/// ```
/// let game = billes_notation::parse_game("[Game \"offboard\"]\n[Seats \"R B\"]\n\n1. R a3:b3>nw *")?;
/// assert_eq!(billes_core::validate(&game).map(|s| s.turns), Ok(1));
/// # Ok::<(), billes_notation::ParseError>(())
/// ```
///
/// # Errors
/// The first mistake in the record.
pub fn validate(game: &Game) -> Result<Summary, ReplayError> {
    Standard::of(game)?.validate(game)
}

/// The start position of a record, as a text board.
///
/// # Errors
/// A tag error when the record's tags do not describe a start position.
pub fn start_board(game: &Game) -> Result<String, ReplayError> {
    Standard::of(game)?.start_board(game)
}

/// Plays one random legal game of `kind` and returns its record.
///
/// # Errors
/// [`SimulateError::Options`] when the options do not describe a game that
/// can be set up (for example too many players).
pub fn simulate(
    kind: GameKind,
    options: &SimOptions,
    rng: &mut Rng,
) -> Result<Game, SimulateError> {
    with_standard!(kind, r => game::GameRules::simulate(r, options, rng, &variant::NoHooks))
}
