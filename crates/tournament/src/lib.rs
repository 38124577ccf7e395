//! Running a tournament of billes games: the placings and points of every
//! game, the standings of each event with their tie-breaks, team standings
//! and crosstable ([`standings`]), written as text, CSV, JSON or a
//! self-contained HTML page ([`write`](mod@write)); the seats of the next round drawn
//! by lot ([`draw`]); a live page of a round being played ([`live`]); and
//! multiplayer ratings over events ([`ratings`]).
//!
//! - [`read`]: archives checked by `billes validate`'s pipeline, each game
//!   placed ([`billes_core::placing`]) and scored ([`points`]);
//! - [`table`]: one game as a tournament sees it.
#![deny(missing_docs)]

pub mod draw;
pub mod history;
pub mod live;
pub mod pages;
pub mod points;
pub mod ratings;
pub mod read;
pub mod standings;
pub mod table;
pub mod write;
