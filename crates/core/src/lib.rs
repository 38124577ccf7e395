//! Boards, positions, legal moves and the replay of BGN records for the three
//! games billes knows: [`aggravation`], [`barricade`] and [`offboard`].
//!
//! Each game is a crate of its own (`billes-aggravation`, `billes-barricade`,
//! `billes-offboard`, re-exported here under the game's name) implementing
//! one trait of the game API (the `billes-game` crate, whose modules and
//! names this crate re-exports), [`game::GameRules`]; this crate lists them
//! once in [`registry`] (which dispatches on the game;
//! `docs/adding-a-game.md` says what a new game writes). The shared
//! [`replay_with`] driver checks turn numbers, variations, the end of the
//! game and the result, and [`replay()`] picks the game from the record's
//! `Game` tag. [`Engine`] is the object-safe face of a game's rules,
//! standard ([`Standard`]) or varied (the `billes-lua` crate's variants):
//! what the command-line verbs replay, draw and describe records with.
//!
//! # Layers
//!
//! The modules stand in layers, lowest first; a module imports from its
//! own layer and those below it, never from a layer above (the game API's
//! layers test, `crates/game/tests/layers.rs`, which this crate's tests run
//! too, reads every `crate::` path of every file, a name re-exported here
//! counted in the module or crate that defines it, and checks it against
//! this list):
//!
//! 1. `billes_game`, `aggravation`, `barricade`, `offboard`: the game API
//!    (its errors, dice, games' names, replay driver, description, views,
//!    hooks, positions and house rules) and the games, crates of their own
//!    re-exported here
//! 2. `stream`: the check of a record handed to it turn by turn
//! 3. `hooked`, `recover`, `resync`: a game's rules with hooks, the check
//!    of a whole record past its mistakes, and how it goes on past a typo
//! 4. `registry`: the games' rules types listed, and [`AnyRules`]
//! 5. `engine`, `marks`: the object-safe face of rules, and what uses it
//! 6. `lib`: this file: the crate's front door
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

mod engine;
pub mod hooked;
mod marks;
mod recover;
pub mod registry;
mod resync;
mod stream;

game_list!(__reexport_games!);

pub use billes_game::plug_in;
pub use billes_game::replay::check_outcome;
pub use billes_game::{
    columns, conformance, drawing, edit, events, game, greedy, house, placing, policy, variant,
    view,
};
pub use billes_game::{
    describe_with, replay_with, validate_with, BoardError, ChangeError, Colour, Describe,
    Described, ErrorKind, Flow, GameKind, Observed, ParamsError, ReplayError, Rng, Rules,
    SimOptions, SimulateError, Step, Summary, TagValueError, TextBoard,
};
pub use engine::{
    check_game, check_recovered, describe, describe_valid_with, position_after,
    replay_observed_with, replay_views, start_board_with, Engine, Standard,
};
pub use marks::complete_marks;
pub use recover::{
    check_all_with, check_observed_with, check_read_with, mark_record_with, mark_turn, Checked,
    Seen, STOPPED, UNREADABLE,
};
pub use registry::AnyRules;
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
