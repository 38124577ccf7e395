//! What the race games' tests share: seeded simulated games, and turns
//! with their marks removed.

use billes_game::game::GameRules;
use billes_game::rng::Rng;
use billes_game::variant::NoHooks;
use billes_game::SimOptions;
use billes_notation::{Action, Game, Turn};
use billes_race::Race;

/// A seeded simulated game of `rules` for `players`, at most `max_turns`.
pub fn simulated(rules: &Race, players: usize, seed: u64, max_turns: u32) -> Game {
    let options = SimOptions {
        players,
        max_turns,
        ..SimOptions::default()
    };
    rules
        .simulate(&options, &mut Rng::new(seed), &NoHooks)
        .expect("simulated")
}

/// `turn` with its capture marks removed.
pub fn unmarked(turn: &Turn) -> Turn {
    let mut bare = turn.clone();
    for a in bare.actions.iter_mut() {
        if let Action::Place { capture, .. } | Action::Move { capture, .. } = a {
            *capture = None;
        }
    }
    bare
}
