//! Integration tests of the crate, one test binary with a module per topic.
//! The rules of each game through the public API: examples, rules, hooks,
//! simulated games, perft numbers.

mod aggravation_api;
mod aggravation_examples;
mod aggravation_rules;
mod aggravation_sim;
mod barricade_api;
mod barricade_examples;
mod barricade_hooks;
mod barricade_rules;
mod barricade_sim;
mod events;
mod game_api;
mod game_names;
mod game_over;
// The check of the layers is the game API's, run on this crate's own list.
#[path = "../../game/tests/layers.rs"]
mod layers;
mod malformed_actions;
mod offboard;
mod offboard_api;
mod offboard_hooks;
mod recovery;
mod shipped_files;
mod toy;
mod written_spellings;
