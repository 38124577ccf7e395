//! The race games' heuristic player and its measure of the race: a move
//! is worth the steps it makes, more for a capture (the steps the rival
//! loses), an entry, or a piece reaching home; a seat's strength is the
//! steps its pieces still have to go, as turns of 3.5 steps.

use billes_game::game::{Move, Position};
use billes_game::policy::{self, Play};
use billes_notation::Action;

use crate::state::State;
use crate::Race;

/// The steps seat `i`'s pieces still have to go (a piece in its yard:
/// its whole path and the roll to enter).
fn to_go(state: &State, i: usize) -> f32 {
    let b = state.board_seat(i);
    let goal = state.board.goal_step(b) as f32;
    state
        .pieces(i)
        .iter()
        .map(|&s| {
            if s < 0 {
                goal + 6.0
            } else if state.board.is_home(b, s as usize) {
                0.0
            } else {
                goal - f32::from(s)
            }
        })
        .sum()
}

impl Play for Race {
    fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
        let Some(state) = pos.state::<State>() else {
            return vec![0.0; moves.len()];
        };
        let board = state.board;
        moves
            .iter()
            .map(|m| {
                let Some(i) = state.seat_of(m.seat) else {
                    return 0.0;
                };
                let b = state.board_seat(i);
                let step = |n: &billes_notation::Name| {
                    board
                        .point(n)
                        .and_then(|p| board.step_of(b, p))
                        .unwrap_or(0) as f32
                };
                match m.actions.first() {
                    Some(Action::Place { capture, .. }) => {
                        8.0 + if capture.is_some() { 20.0 } else { 0.0 }
                    }
                    Some(Action::Move { path, capture, .. }) => {
                        let (from, to) = match (path.first(), path.last()) {
                            (Some(a), Some(b)) => (step(a), step(b)),
                            _ => return 0.0,
                        };
                        let landed_home = board.is_home(b, to as usize);
                        (to - from)
                            + if capture.is_some() { 20.0 } else { 0.0 }
                            + if landed_home { 6.0 } else { 0.0 }
                    }
                    _ => 0.0,
                }
            })
            .collect()
    }

    /// Each seat alone, by the turns its pieces still need.
    fn strengths(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>> {
        let state = pos.state::<State>()?;
        let turns = (0..state.seats.len())
            .map(|i| (vec![state.letter(i).to_string()], to_go(state, i) / 3.5))
            .collect();
        Some(policy::race(turns, 3.0))
    }
}
