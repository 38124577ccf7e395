//! Random games: each seat is either a uniformly random player or a greedy
//! one that pushes marbles off (the most points first), then pushes, then
//! moves at random.

use billes_notation::{Action, Game, Line, Outcome, Span, Tag, Turn};

use super::board::{Cell, OFF};
use super::moves::Shift;
use super::position::{State, SEATS};
use super::Offboard;
use crate::variant::{Hooks, NoHooks};
use crate::{Rng, SimOptions};

impl Offboard {
    /// Plays one random legal game and returns its record.
    ///
    /// Each seat is chosen with the rng to be a uniformly random player or a
    /// greedy one. The game stops when a seat wins, after
    /// `options.max_turns` turns, or when both seats have passed in a row
    /// (unfinished, `*`).
    ///
    /// # Errors
    /// When the options ask for other than two players or for teams.
    pub fn simulate(&self, options: &SimOptions, rng: &mut Rng) -> Result<Game, String> {
        self.simulate_with(options, rng, &NoHooks)
    }

    /// [`Offboard::simulate`] under a variant's hooks: only moves `allow`
    /// lets through are played, and `score` gives the points.
    ///
    /// # Errors
    /// As [`Offboard::simulate`], and when a hook fails.
    pub(crate) fn simulate_with<H: Hooks>(
        &self,
        options: &SimOptions,
        rng: &mut Rng,
        hooks: &H,
    ) -> Result<Game, String> {
        if options.players != 2 {
            return Err(format!(
                "offboard is played by 2 players, not {}",
                options.players
            ));
        }
        if options.teams.is_some() {
            return Err("offboard has no teams".into());
        }
        let greedy = [rng.chance(1, 2), rng.chance(1, 2)];
        let mut st = self.start;
        let mut turns = Vec::new();
        let mut moves = Vec::with_capacity(128);
        let mut passes = 0;
        while turns.len() < options.max_turns as usize && !self.won(&st) && passes < 2 {
            let seat = st.to_move as usize;
            let mut actions = Vec::with_capacity(1);
            if st.pending != 0 {
                if rng.chance(1, 2) {
                    let free = self.random_free_cell(&st, rng);
                    actions.push(Action::Place {
                        to: Some(self.board.cell_name(free).into()),
                        capture: None,
                        span: Span::default(),
                    });
                    st.marbles[seat] |= 1 << free;
                    st.pending = 0;
                    self.push_turn(&mut turns, seat, actions);
                    st.to_move ^= 1;
                    passes = 0;
                    continue;
                }
                actions.push(Action::Remove {
                    span: Span::default(),
                });
                st.pending = 0;
                st.out[seat] += 1;
            }
            moves.clear();
            let number = turns.len() as u32 + 1;
            let failed = |e: crate::variant::HookError| format!("turn {number}: {e}");
            self.allowed_moves(&st, number, hooks, &mut moves)
                .map_err(failed)?;
            if moves.is_empty() {
                actions.push(Action::Pass {
                    span: Span::default(),
                });
                passes += 1;
            } else {
                let m = if greedy[seat] {
                    self.greedy_choice(&st, &moves, rng)
                } else {
                    moves[rng.below(moves.len())]
                };
                let mut action = self.shift_action(&st, &m);
                if let Action::Line { capture, .. } = &mut action {
                    *capture = self.hooked_mark(&st, number, &m, hooks).map_err(failed)?;
                }
                actions.push(action);
                self.apply_hooked(&mut st, number, &m, hooks)
                    .map_err(failed)?;
                passes = 0;
            }
            self.push_turn(&mut turns, seat, actions);
            st.to_move ^= 1;
        }
        let winners: Vec<_> = (0..2)
            .filter(|&s| st.score[s] as u32 >= self.params.winning_score)
            .map(|s| SEATS[s].into())
            .collect();
        let outcome = Outcome {
            winners,
            span: Span::default(),
        };
        let tag = |name: &str, value: String| Tag {
            name: name.into(),
            value,
            span: Span::default(),
        };
        Ok(Game {
            tags: vec![
                tag("Game", "offboard".into()),
                tag("Seats", "R B".into()),
                tag("Result", outcome.tag_value()),
            ],
            line: Line {
                turns,
                comments: Vec::new(),
            },
            outcome,
            span: Span::default(),
        })
    }

    fn push_turn(&self, turns: &mut Vec<Turn>, seat: usize, actions: Vec<Action>) {
        turns.push(Turn::new(
            turns.len() as u32 + 1,
            SEATS[seat].into(),
            None,
            None,
            actions,
        ));
    }

    fn random_free_cell(&self, st: &State, rng: &mut Rng) -> Cell {
        let all = st.marbles[0] | st.marbles[1];
        let free = self.board.len() as u32 - all.count_ones();
        let mut k = rng.below(free.max(1) as usize);
        for c in 0..self.board.len() as Cell {
            if all & (1 << c) == 0 {
                if k == 0 {
                    return c;
                }
                k -= 1;
            }
        }
        0
    }

    /// The move pushing off for the most points, else a random push, else
    /// a random move.
    fn greedy_choice(&self, st: &State, moves: &[Shift], rng: &mut Rng) -> Shift {
        let mut best: Option<(u8, Shift)> = None;
        let mut pushes = 0;
        for m in moves {
            if m.pushed == 0 {
                continue;
            }
            pushes += 1;
            if m.push_to == OFF {
                let points = self
                    .mark(st, m)
                    .and_then(|c| c.points)
                    .map_or(1, |p| p as u8);
                if best.is_none_or(|(p, _)| points > p) {
                    best = Some((points, *m));
                }
            }
        }
        if let Some((_, m)) = best {
            return m;
        }
        if pushes > 0 {
            let mut k = rng.below(pushes);
            for m in moves.iter().filter(|m| m.pushed > 0) {
                if k == 0 {
                    return *m;
                }
                k -= 1;
            }
        }
        moves[rng.below(moves.len())]
    }
}
