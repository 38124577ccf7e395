//! Random games: each seat is played either by a uniformly random player or
//! by a simple greedy one (chosen with the rng), choosing among the legal
//! turns of the one generator ([`Barricade::choices`]), and every turn is
//! checked by [`billes_game::Rules::play`] as it is written.

use billes_game::greedy::{best_of, Ties};
use billes_game::variant::Hooks;
use billes_game::{Colour, Rng, SimOptions, SimulateError};
use billes_notation::{Game, Line, Outcome, Seat, Span, Tag, Turn};

use super::board::{bit, iter_points, seat, Point, Points};
use super::moves::Move;
use super::position::State;
use super::turn::play_with;
use super::{Barricade, Six};

impl Barricade {
    /// Plays one random legal game under `hooks` and returns its record
    /// ([`GameRules::simulate`](billes_game::game::GameRules::simulate)): only
    /// moves `allow` lets through are played, and `extra_turn` decides who
    /// rolls next.
    ///
    /// # Errors
    /// When the options describe no Barricade game (players outside 2..=4,
    /// teams), when a hook fails, or, which would be a bug, when a generated
    /// turn does not replay.
    pub(super) fn simulate_with<H: Hooks>(
        &self,
        options: &SimOptions,
        rng: &mut Rng,
        hooks: &H,
    ) -> Result<Game, SimulateError> {
        let seats: &[u8] = match options.players {
            2 => &[0, 3],
            3 => &[0, 1, 2],
            4 => &[0, 1, 2, 3],
            n => {
                return Err(SimulateError::Options(format!(
                    "barricade is for 2 to 4 players, not {n}"
                )))
            }
        };
        let seats: Vec<Colour> = seats.iter().copied().map(Colour::new).collect();
        if options.teams.is_some() {
            return Err(SimulateError::Options("barricade has no team play".into()));
        }
        let seats_tag: Vec<&str> = seats.iter().map(|&colour| seat(colour)).collect();
        let mut state = State::start(self, &seats);
        let greedy: [bool; 4] = std::array::from_fn(|_| rng.chance(1, 2));
        let mut turns = Vec::new();
        let mut first = seats[rng.below(seats.len())];
        while state.winner.is_none() && (turns.len() as u32) < options.max_turns {
            let colour = match (state.next_colour(), state.replay_colour) {
                (None, _) => first,
                (Some(_), Some(pending))
                    if self.params().six == Six::MustReplay
                        || state.due[pending.index()] > 0
                        || greedy[pending.index()]
                        || rng.chance(1, 2) =>
                {
                    pending
                }
                (Some(normal), _) => normal,
            };
            first = colour;
            let number = turns.len() as u32 + 1;
            let turn =
                self.simulated_turn(&state, number, colour, greedy[colour.index()], rng, hooks)?;
            play_with(self, &mut state, &turn, hooks).map_err(|e| {
                SimulateError::Turn(
                    if !e.kind.is_verdict() || e.kind == billes_game::ErrorKind::Variant {
                        format!("turn {number}: {}", e.message)
                    } else {
                        format!("simulated turn {number} does not replay: {e}")
                    },
                )
            })?;
            turns.push(turn);
        }
        Ok(record(&seats_tag, &state, turns))
    }

    /// One simulated turn line of `colour`: the roll, then from the legal
    /// turns of the one generator, the policy picks a pawn move (`greedy`:
    /// [`Barricade::greedy_move`], else at random), then the points of its
    /// barricades.
    fn simulated_turn<H: Hooks>(
        &self,
        state: &State,
        number: u32,
        colour: Colour,
        greedy: bool,
        rng: &mut Rng,
        hooks: &H,
    ) -> Result<Turn, SimulateError> {
        let roll = rng.die() as usize;
        let replay = state.replay_pawn_of(colour);
        // The legal turns, from the one generator; the policy picks a
        // pawn move among them, then the points of its barricades.
        let choices = self
            .choices(state, number, colour, roll, replay, hooks)
            .map_err(|e| SimulateError::Turn(format!("turn {number}: {e}")))?;
        let pawns: Vec<Move> = choices.iter().filter_map(|ch| ch.pawn).collect();
        let choice = if pawns.is_empty() {
            choices.first().copied()
        } else {
            let m = if greedy {
                self.greedy_move(&pawns, rng)
            } else {
                pawns[rng.below(pawns.len())]
            };
            // Under `placement = next_whole_turn` a 6 line may keep its
            // barricades for the replay or put them down: either, at random.
            let same: Vec<_> = choices.iter().filter(|ch| ch.pawn == Some(m)).collect();
            match same.len() {
                0 => None,
                1 => Some(*same[0]),
                n => Some(*same[rng.below(n)]),
            }
        };
        let Some(choice) = choice else {
            return Err(SimulateError::Turn("no free point for a barricade".into()));
        };
        let mut free = self
            .put_down_points(state, number, colour, roll, &choice, hooks)
            .map_err(|e| SimulateError::Turn(format!("turn {number}: {e}")))?;
        let mut points = Vec::with_capacity(usize::from(choice.owed));
        for _ in 0..choice.owed {
            let p = if greedy {
                self.greedy_placement(state, colour, free, rng)
            } else {
                random_point(free, rng)
            };
            let Some(p) = p else {
                return Err(SimulateError::Turn("no free point for a barricade".into()));
            };
            free &= !bit(p);
            points.push(p);
        }
        // Written as the list writes it: the points in board order.
        points.sort_unstable();
        let actions = self.write_choice(&choice, &points);
        let turn = Turn::new(
            number,
            Seat::new(seat(colour)),
            Some(roll as u32),
            None,
            actions,
        );
        Ok(turn)
    }

    /// The greedy choice: the goal if it can, else the most progress toward
    /// the goal, a rival sent home or a barricade taken breaking ties.
    fn greedy_move(&self, moves: &[Move], rng: &mut Rng) -> Move {
        let board = self.board();
        let score = |m: &Move| -> i32 {
            if m.to == board.goal() {
                return 1000;
            }
            let from = match m.from {
                None => board.distance(m.to) as i32 + 1,
                Some(from) => board.distance(from) as i32,
            };
            4 * (from - board.distance(m.to) as i32) + 3 * i32::from(m.capture) + i32::from(m.take)
        };
        let best = best_of(moves.iter().map(score), Ties::Drawn, rng);
        moves[best.unwrap_or(0)]
    }

    /// The greedy placement: just ahead of the rival pawn nearest the goal.
    fn greedy_placement(
        &self,
        state: &State,
        colour: Colour,
        free: Points,
        rng: &mut Rng,
    ) -> Option<Point> {
        let board = self.board();
        let rivals = state.all_pawns() & !state.pawns[colour.index()];
        let lead = iter_points(rivals).min_by_key(|&p| board.distance(p));
        if let Some(mut p) = lead {
            for _ in 0..6 {
                let Some(next) = board.toward_goal(p) else {
                    break;
                };
                p = next;
                if free & bit(p) != 0 {
                    return Some(p);
                }
            }
        }
        random_point(free, rng)
    }
}

/// A uniformly random point of a set (`None` for the empty set).
fn random_point(set: Points, rng: &mut Rng) -> Option<Point> {
    let n = set.count_ones() as usize;
    if n == 0 {
        return None;
    }
    iter_points(set).nth(rng.below(n))
}

/// The record of a simulated game: its tags, turns and result.
fn record(seats_tag: &[&str], state: &State, turns: Vec<Turn>) -> Game {
    let winners: Vec<Seat> = state.winner().map(Seat::new).into_iter().collect();
    let result = if winners.is_empty() {
        "*".to_string()
    } else {
        winners.join("+")
    };
    let tag = |name: &str, value: String| Tag {
        name: name.to_string(),
        value,
        span: Span::default(),
    };
    Game {
        tags: vec![
            tag("Game", "barricade".into()),
            tag("Seats", seats_tag.join(" ")),
            tag("Result", result),
        ],
        line: Line {
            turns,
            comments: Vec::new(),
        },
        outcome: Outcome {
            winners,
            span: Span::default(),
        },
        span: Span::default(),
    }
}
