//! Pictures of billes positions and games: an SVG board of any position of
//! Aggravation, Barricade and Offboard, and a self-contained HTML viewer that
//! replays a whole record.
//!
//! The boards are drawn from the board files in `rules/` ([`Layout`]); the
//! positions come from the core's read-only [`billes_core::view`]. What
//! differs between games is each rules type's [`Drawing`]: a game outside
//! the core's registry that implements it is drawn too
//! ([`Replay::with_rules`], then [`svg()`]).
//!
//! ```
//! let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R1 r9-r10\n*\n";
//! let game = billes_notation::parse_game(record).unwrap();
//! let replay = billes_render::Replay::of(&game).unwrap();
//! let svg = billes_render::svg(&replay, 2, &billes_render::Options::default()).unwrap();
//! assert!(svg.contains(r#"data-turn="2""#));
//! assert!(svg.contains(r#"data-point="r10" data-seat="R""#));
//! ```
#![deny(missing_docs)]

mod drawing;
mod frames;
mod html;
pub mod layout;
mod svg;

pub use drawing::{Drawing, When, Word};
pub use frames::{Frame, Marks, Replay};
pub use html::{Delta, Viewer};
pub use layout::Layout;
pub use svg::{svg, Canvas, Options};

/// What can go wrong drawing a record.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The record does not replay (its first mistake).
    #[error("{0}")]
    Replay(#[from] billes_core::ReplayError),
    /// A board file cannot be drawn.
    #[error("board drawing: {0}")]
    Board(String),
    /// The position asked for is not in the game.
    #[error("the game has {turns} turns, not {at}")]
    NoSuchTurn {
        /// The turn asked for.
        at: u32,
        /// The turns the game has.
        turns: u32,
    },
}
