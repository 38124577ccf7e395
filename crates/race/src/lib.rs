//! Race games as data: `game.yaml` loaded, inherited and checked.
//!
//! A plugin game (see `docs/design/plugin-games.md`) is a folder whose
//! `game.yaml` says the game's geometry, chance and turn flow in the
//! games' own words. This crate is its first brick:
//!
//! - [`def`]: the data model ([`RaceDef`]), every field checked for
//!   spelling (unknown fields are refused), point lists written as ranges
//!   (`"t1..t52"`) or lists;
//! - [`load`](mod@load): the text read, with `file:line:col` on a YAML
//!   error, and `parent: <name>` inheritance (the child merged over its
//!   parent);
//! - [`check`](mod@check): the board checks `billes game check` will run,
//!   every problem reported with its field.
//!
//! The shipped Ludo is `games/ludo/game.yaml`.
//!
//! ```
//! use billes_race::{check, load};
//!
//! let parent = r#"
//! name: tiny
//! title: A tiny race
//! seats: [R, B]
//! seatings: { 2: [R, B] }
//! pieces: 1
//! dice: { count: 1, faces: 6 }
//! track: { names: "t1..t4" }
//! paths:
//!   R: { entry: t1, last: t4, home: [r1], goal: rh }
//!   B: { entry: t3, last: t2, home: [b1], goal: bh }
//! flow:
//!   enter_on: [6]
//!   extra_roll_on: six
//!   extra_rolls_limit: 2
//!   capture: land
//!   own_stack: none
//!   exact_finish: true
//!   compulsory: [move]
//! drawing:
//!   grid: |
//!     t1 t2 rh
//!     t4 t3 r1
//!     .  bh b1
//! "#;
//! let child = "name: tinier\nparent: tiny\nflow: { extra_rolls_limit: 0 }\n";
//! let lookup = |name: &str| (name == "tiny").then(|| ("tiny/game.yaml".to_owned(), parent.to_owned()));
//!
//! let game = load("tinier/game.yaml", child, lookup).unwrap();
//! assert_eq!(game.name, "tinier");
//! assert_eq!(game.flow.extra_rolls_limit, 0);
//! assert_eq!(game.track.names.len(), 4);
//! assert!(check(&game).is_empty());
//! ```
#![deny(missing_docs)]

pub mod check;
pub mod def;
pub mod load;

pub use check::{check, point_name_problem, Problem};
pub use def::{
    Capture, Compulsory, Dice, Drawing, ExtraRoll, Flow, Names, OwnStack, RaceDef, SeatPath, Track,
};
pub use load::{load, load_str, LoadError, MAX_PARENT_DEPTH};
