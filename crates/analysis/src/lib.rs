//! Analysis of billes game records, as GNU Backgammon analyses backgammon:
//! every decision of a game is judged by Monte Carlo rollouts played with a
//! fast heuristic player, the moves that lost winning chance get the marks
//! `?!`, `?` and `??`, and every roll its luck.
//!
//! Built only on the game API of `billes-core` ([`billes_core::game`]), so
//! it works for the three games and under every variant, hooks included.
//!
//! - [`policy`]: the players ([`Heuristic`] per game, [`Uniform`]).
//! - [`rollout()`]: playing a position out; [`Estimate`]s with standard errors.
//! - [`analyze_game`]: candidates with common random numbers, early stop,
//!   [`Mark`]s, luck, per-seat and per-team [`Totals`], on several threads.
//! - [`comment`]: the `{[%win 0.43] [%best r9-r13 0.51]}` comments.
//!
//! ```
//! use std::rc::Rc;
//! use billes_analysis::{analyze_game, Mark, Settings};
//! use billes_core::{Engine, Standard};
//!
//! // Red reaches the goal with its 1, or lets Green reach it first.
//! let record = "[Game \"barricade\"]\n[Seats \"R G\"]\n\
//!               [Position \"R:i13,e5 G:h13,g13 bar=e3 move=R\"]\n\n1. R1 e5-e6 *\n";
//! let game = billes_notation::parse_game(record).unwrap();
//! let settings = Settings { rollouts: 16, ..Settings::default() };
//! let analysis = analyze_game(&game, &settings, &|| Ok(Rc::new(Standard::of(&game)?) as Rc<dyn Engine>))?;
//! assert_eq!(analysis.turns[0].mark, Some(Mark::VeryBad));
//! # Ok::<(), billes_analysis::AnalysisError>(())
//! ```
#![deny(missing_docs)]

mod analyze;
pub mod comment;
pub mod policy;
mod rollout;

pub use analyze::{
    analyze_game, analyze_game_with, analyze_turn, AnalysisError, Candidate, GameAnalysis, Mark,
    Settings, Totals, TurnAnalysis,
};
pub use policy::{Heuristic, Policy, Uniform};
pub use rollout::{rollout, side_value, Estimate};
