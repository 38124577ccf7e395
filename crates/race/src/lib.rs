//! Race games as data: `game.yaml` loaded, inherited, checked and played.
//!
//! A plugin game (see `docs/plugins.md`) is a folder whose `game.yaml`
//! says the game's geometry, chance and turn flow in the games' own words.
//! One rules type, [`Race`], plays every loaded description through the
//! game API, as the compiled games do; the registry lists it once, and the
//! verbs see each loaded game by its own name.
//!
//! - [`def`]: the data model ([`RaceDef`]), every field checked for
//!   spelling (unknown fields are refused), point lists written as ranges
//!   (`"t1..t52"`) or lists;
//! - [`load`](mod@load): the text read, with `file:line:col` on a YAML
//!   error, and `parent: <name>` inheritance (the child merged over its
//!   parent);
//! - [`check`](mod@check): the board checks, every problem reported with
//!   its field;
//! - [`board`]: a checked description numbered for play (each seat's path
//!   as steps);
//! - [`table`]: the games a process knows, shipped and loaded;
//! - `state.rs`, `turn.rs`: a position, and the one implementation of a
//!   roll's choices that the legal moves and the checker of written turns
//!   both read; `rules.rs` puts them behind the game API, `drawing.rs`
//!   and `policy.rs` give the pictures and the heuristic player.
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
//! let child = "name: tinier\nparent: tiny\nflow: { extra_rolls_limit: 1 }\n";
//! let lookup = |name: &str| (name == "tiny").then(|| ("tiny/game.yaml".to_owned(), parent.to_owned()));
//!
//! let game = load("tinier/game.yaml", child, lookup).unwrap();
//! assert_eq!(game.name, "tinier");
//! assert_eq!(game.flow.extra_rolls_limit, Some(1));
//! assert_eq!(game.track.names.len(), 4);
//! assert!(check(&game).is_empty());
//! ```
#![deny(missing_docs)]

pub mod board;
pub mod check;
pub mod def;
mod drawing;
pub mod folder;
mod hooks;
pub mod load;
mod policy;
mod rules;
pub mod state;
pub mod table;
pub mod turn;
pub mod two_dice;

pub use board::Board;
pub use rules::{Params, Race};
pub use state::{State, ViewPart};

pub use check::{check, point_name_problem, Problem};
pub use def::{
    Capture, Compulsory, Dice, Drawing, ExtraRoll, Flow, Names, OwnStack, RaceDef, SeatPath, Track,
};
pub use load::{load, load_str, LoadError, MAX_PARENT_DEPTH};
