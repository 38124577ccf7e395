//! The game API of billes: what a game implements, and what every verb reads.
//!
//! A game is a rules type implementing one trait, [`game::GameRules`]
//! (its position, its parameters, its start position, who acts next, its
//! legal moves, the checker of a written turn, its winners, its `Position`
//! tag and its text board), with [`view::View`] on its position for
//! pictures and, when it offers house rules a look at its positions,
//! [`variant::BoardView`]. The games' crates (`billes-aggravation`,
//! `billes-barricade`, `billes-offboard`) depend on this crate alone;
//! `billes-core` lists them and drives them.
//!
//! What the verbs read of a game is here too: the replay driver and the
//! [`Rules`] it drives ([`replay_with`], [`validate_with`]), the replay
//! stream a reader of a whole record is told ([`events`]), the description
//! of a record ([`describe_with`]), a position behind an object
//! ([`game::Position`]: its legal moves, play, winners), the view of a
//! position ([`view::PositionView`]), a game's own columns in the tables
//! of `billes export` ([`columns`]), the hooks' vocabulary ([`variant`]),
//! the edits an `effect` hook writes ([`edit`]) and the house rules that
//! change the game as a whole ([`house`]); what a game brings to its
//! pictures ([`drawing`]) and to the analysis' heuristic player
//! ([`policy`]); and the words they share: the errors, the seats' colours,
//! the dice and a game's name ([`GameKind`]).
//!
//! ```
//! use billes_game::game::Roll;
//! use billes_game::GameKind;
//!
//! let barricade = billes_core::registry::named("Barricade").unwrap();
//! assert_eq!(barricade, GameKind::new("barricade", true));
//! assert!(!billes_core::registry::named("offboard").unwrap().has_dice());
//! assert_eq!(Roll::new(6).map(Roll::get), Some(6));
//! ```
//!
//! # Layers
//!
//! The modules stand in layers, lowest first; a module imports from its
//! own layer and those below it, never from a layer above
//! (`tests/layers.rs` reads every `crate::` path of every file, a name
//! re-exported here counted in the module that defines it, and checks it
//! against this list):
//!
//! 1. `error`, `colour`, `rng`, `kind`, `greedy`, `seating`: the errors,
//!    the seats' colours, the dice, a game's name ([`GameKind`]), the
//!    greedy choice among scored moves, the one reader of the `Seats`,
//!    `Teams` and `Position` tags' words
//! 2. `walk`, `replay`: the walk over a record's tree of turns (main line
//!    and variations), the replay driver and the [`Rules`] it drives
//! 3. `describe`: the driver that describes a record
//! 4. `view`, `columns`, `variant`, `edit`: what a position shows to
//!    pictures, what a turn shows to tables, the hooks' vocabulary, and
//!    the edits an `effect` hook writes
//! 5. `game`: the game API ([`game::Position`], [`game::GameRules`])
//! 6. `house`, `drawing`, `policy`, `conformance`, `events`, `placing`:
//!    the hooks that change the game as a whole, what a game draws, its
//!    heuristic player, the conformance kit, the rules every game keeps
//!    checked in one call ([`conformance::check`]), the replay stream, a
//!    record replayed once and told to a reader ([`events::Reader`]), and
//!    a game's placings ([`placing::of`])
//! 7. `lib`: this file: the crate's front door
//!
//! No import runs up a layer; a new one fails that test.
#![deny(missing_docs)]

// The modules whose names the crate re-exports below are public, but
// hidden, for the games' crates and `billes-core`, which read some of
// their crate-level items (the walk over a record, the replay's parts);
// programs use the names re-exported here.
#[doc(hidden)]
pub mod colour;
pub mod columns;
pub mod conformance;
#[doc(hidden)]
pub mod describe;
pub mod drawing;
pub mod edit;
#[doc(hidden)]
pub mod error;
pub mod events;
pub mod game;
pub mod greedy;
pub mod house;
#[doc(hidden)]
pub mod kind;
pub mod placing;
pub mod policy;
#[doc(hidden)]
pub mod replay;
#[doc(hidden)]
pub mod rng;
pub mod seating;
pub mod variant;
pub mod view;
#[doc(hidden)]
pub mod walk;

pub use colour::Colour;
pub use describe::{describe_with, Describe, Described};
pub use error::{
    BoardError, ChangeError, ErrorKind, ParamsError, ReplayError, SimulateError, TagValueError,
};
pub use game::SimOptions;
pub use kind::GameKind;
pub use replay::{replay_with, validate_with, Flow, Observed, Rules, Step, Summary, TextBoard};
pub use rng::Rng;
