//! Offboard: the rules of seed 002 on hand-made positions, simulated games
//! and their mutations, move counts, and the example records.
#![allow(clippy::unwrap_used)]

#[path = "offboard/support.rs"]
pub(crate) mod support;

#[path = "offboard/rules.rs"]
mod rules;

#[path = "offboard/simulated.rs"]
mod simulated;

#[path = "offboard/perft.rs"]
mod perft;

#[path = "offboard/examples.rs"]
mod examples;
