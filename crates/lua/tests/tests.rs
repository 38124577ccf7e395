//! Integration tests of the crate, one test binary with a module per topic.
//! Variants, hooks, the sandbox and its limits, through the public API.

mod counted;
mod fuzz;
mod game_api;
mod game_hooks;
mod house_rules;
mod limits;
mod load;
mod sandbox;
mod two_dice_hooks;
mod variants;
