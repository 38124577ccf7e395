//! Random games: each seat is either a uniformly random player or a greedy
//! one that pushes marbles off (the most points first), then pushes, then
//! moves at random.

use billes_game::greedy::{Greedy, Ties};
use billes_game::variant::Hooks;
use billes_game::{Rng, SimOptions, SimulateError};
use billes_notation::{Game, Line, Outcome, Span, Tag, Turn};

use super::legal::{Choice, Play};
use super::position::{seat_name, State, SEATS};
use super::Offboard;

impl Offboard {
    /// Plays one random legal game under `hooks` and returns its record
    /// ([`GameRules::simulate`](billes_game::game::GameRules::simulate)).
    ///
    /// Each seat is chosen with the rng to be a uniformly random player or a
    /// greedy one; only moves `allow` lets through are played, and `score`
    /// gives the points. The game stops when a seat wins, after
    /// `options.max_turns` turns, or when both seats have passed in a row
    /// (unfinished, `*`).
    ///
    /// # Errors
    /// When the options ask for other than two players or for teams, or a
    /// hook fails.
    pub(super) fn simulate_with<H: Hooks>(
        &self,
        options: &SimOptions,
        rng: &mut Rng,
        hooks: &H,
    ) -> Result<Game, SimulateError> {
        if options.players != 2 {
            return Err(SimulateError::Options(format!(
                "offboard is played by 2 players, not {}",
                options.players
            )));
        }
        if options.teams.is_some() {
            return Err(SimulateError::Options("offboard has no teams".into()));
        }
        let greedy = [rng.chance(1, 2), rng.chance(1, 2)];
        let mut state = self.start;
        let mut turns: Vec<Turn> = Vec::new();
        let mut choices = Vec::with_capacity(128);
        let mut passes = 0;
        while turns.len() < options.max_turns as usize && !self.won(&state) && passes < 2 {
            let seat = state.to_move;
            let number = turns.len() as u32 + 1;
            let failed = |e: String| SimulateError::Turn(format!("turn {number}: {e}"));
            choices.clear();
            self.choices(&state, number, hooks, &mut choices)
                .map_err(|e| failed(e.message))?;
            // With a marble pending: put it back (the `+cell`s lead the
            // list) or take it out, each half the time.
            let put_backs = choices
                .iter()
                .take_while(|c| matches!(c.play, Play::PutBack(_)))
                .count();
            let chosen = if put_backs > 0 && rng.chance(1, 2) {
                choices.get(rng.below(put_backs))
            } else {
                let moves = choices.get(put_backs..).unwrap_or_default();
                let k = match moves.first() {
                    // A pass comes alone: no choice to make.
                    None
                    | Some(Choice {
                        play: Play::Pass, ..
                    }) => 0,
                    Some(_) if greedy[seat.index()] => self.greedy_choice(&state, moves, rng),
                    Some(_) => rng.below(moves.len()),
                };
                moves.get(k)
            };
            let Some(chosen) = chosen else {
                return Err(failed("no legal turn listed".into()));
            };
            passes = if matches!(chosen.play, Play::Pass) {
                passes + 1
            } else {
                0
            };
            let turn = Turn::new(
                number,
                seat_name(seat).into(),
                None,
                None,
                self.choice_actions(chosen),
            );
            self.play_turn_with(&mut state, &turn, hooks)
                .map_err(|e| failed(e.message))?;
            turns.push(turn);
        }
        let winners: Vec<_> = (0..2)
            .filter(|&s| state.score[s] as u32 >= self.params.winning_score)
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

    /// Among the moves of a turn (lines, or a lone pass), the index of the
    /// one pushing off for the most points (as the rules alone score it),
    /// else of a random push, else of a random move.
    fn greedy_choice(&self, state: &State, moves: &[Choice], rng: &mut Rng) -> usize {
        let line = |c: &Choice| match c.play {
            Play::Line(s, _) => Some(s),
            _ => None,
        };
        let mut best = Greedy::new(Ties::First);
        let mut pushes = 0;
        for (i, m) in moves.iter().enumerate() {
            let Some(m) = line(m).filter(|m| m.pushed() != 0) else {
                continue;
            };
            pushes += 1;
            if m.ejects_from().is_some() {
                let points = self
                    .mark(state, &m)
                    .and_then(|c| c.points)
                    .map_or(1, |p| p as u8);
                best.offer(i, points, rng);
            }
        }
        if let Some(i) = best.pick(rng) {
            return i;
        }
        if pushes > 0 {
            let mut k = rng.below(pushes);
            for (i, m) in moves.iter().enumerate() {
                if line(m).is_some_and(|m| m.pushed() > 0) {
                    if k == 0 {
                        return i;
                    }
                    k -= 1;
                }
            }
        }
        rng.below(moves.len())
    }
}
