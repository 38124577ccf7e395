//! Pictures of billes positions and games: an SVG board of any position of
//! Aggravation, Barricade and Offboard, and a self-contained HTML viewer that
//! replays a whole record.
//!
//! The boards are drawn from the games' board files ([`Layout`]); the
//! positions come from the core's read-only [`billes_core::view`]. What
//! differs between games is each rules type's [`Drawing`], in the game's
//! own crate (the drawing API is the game API's, [`billes_core::drawing`],
//! re-exported here): a game outside the core's registry that implements
//! it is drawn too ([`Replay::with_rules`], then [`svg()`]). This crate
//! draws: the SVG, the HTML viewer, the frames of a replayed record.
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

mod frames;
mod html;
pub mod layout;
mod svg;

pub use billes_core::drawing::{Canvas, Delta, Drawing, Marks, RenderError, When, Word};
pub use frames::{Frame, Replay};
pub use html::Viewer;
pub use layout::Layout;
pub use svg::{escape, svg, Options};
