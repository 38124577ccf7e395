//! Random games: every seat plays either uniformly random legal moves or a
//! simple greedy policy (aggravate, reach HOME, enter, make progress).

use billes_game::greedy::{Greedy, Ties};
use billes_game::variant::Hooks;
use billes_game::{Colour, Rng, Rules, SimOptions, SimulateError};
use billes_notation::{Game, Line, Outcome, Seat, Span, Tag, Turn};

use super::board::{Class, Hole, MAX_SIDES};
use super::legal::Listed;
use super::moves::Candidate;
use super::position::parse_seats;
use super::{Aggravation, State};

/// The seats a game of `players` uses when no teams are given.
const DEFAULT_SEATS: [&str; 5] = ["R G", "R P Y", "R B G Y", "R B P G Y", "R B P G Y W"];

/// The seats of [`DEFAULT_SEATS`] for `players` players.
pub(crate) fn default_seats(players: usize) -> Option<Vec<&'static str>> {
    let seats = DEFAULT_SEATS.get(players.checked_sub(2)?)?;
    Some(seats.split(' ').collect())
}

impl Aggravation {
    /// Plays one random legal game under `hooks` and returns its record
    /// ([`GameRules::simulate`](billes_game::game::GameRules::simulate)).
    ///
    /// Each seat plays uniformly random legal moves or, chosen with `rng`, a
    /// simple greedy policy. A finished player in team play gives the roll to
    /// a random teammate still playing. The teammate and the move are chosen
    /// among those the hooks allow. The game stops unfinished (`*`) after
    /// `options.max_turns` turns.
    ///
    /// # Errors
    /// When the options describe no game: fewer than 2 or more than 6 players,
    /// or a team layout the board does not allow; when a hook fails.
    pub(super) fn simulate_with<H: Hooks>(
        &self,
        options: &SimOptions,
        rng: &mut Rng,
        hooks: &H,
    ) -> Result<Game, SimulateError> {
        let tags = self.start_tags(options)?;
        let mut game = Game {
            tags,
            line: Line::default(),
            outcome: Outcome {
                winners: Vec::new(),
                span: Span::default(),
            },
            span: Span::default(),
        };
        let mut state = self.setup(&game).map_err(SimulateError::Setup)?;
        let players: Vec<Colour> = state.seats().collect();
        let mut greedy = [false; MAX_SIDES];
        for g in greedy.iter_mut() {
            *g = rng.chance(1, 2);
        }
        let first = players[rng.below(players.len())];
        let mut candidates: Vec<Candidate> = Vec::with_capacity(16);
        let mut number = 0;
        while state.winner.is_none() && number < options.max_turns {
            number += 1;
            let roller = state.to_roll.unwrap_or(first);
            let team_roll = state.finished(roller);
            // Without hooks a finished player picks the teammate before the
            // roll; under hooks the roll comes first: a hook may pick the
            // teammate after seeing it.
            let mut mover = None;
            if team_roll && !hooks.active() {
                let mates: Vec<Colour> = self.teammates(&state, roller).collect();
                mover = Some(*mates.get(rng.below(mates.len().max(1))).ok_or_else(|| {
                    SimulateError::Turn("a finished player has no teammate to roll for".into())
                })?);
            }
            let roll = rng.die();
            let listed = self
                .listed(&state, roller, roll, number, hooks)
                .map_err(|e| SimulateError::Turn(format!("turn {number}: {}", e.message)))?;
            let mover = match mover {
                Some(m) => m,
                None if team_roll => {
                    let mut movers: Vec<Colour> = listed.iter().map(|l| l.mover).collect();
                    movers.dedup();
                    *movers.get(rng.below(movers.len().max(1))).ok_or_else(|| {
                        SimulateError::Turn("a finished player has no teammate to roll for".into())
                    })?
                }
                None => roller,
            };
            let chosen = self.pick(
                &state,
                &listed,
                mover,
                greedy[mover.index()],
                &mut candidates,
                rng,
            )?;
            let Some(chosen) = chosen else {
                return Err(SimulateError::Turn(format!(
                    "turn {number}: no legal move listed"
                )));
            };
            let turn = self
                .spell(&state, roller, chosen.mover, roll, chosen.candidate)
                .to_turn(number);
            self.play_turn_with(&mut state, &turn, hooks).map_err(|e| {
                SimulateError::Turn(format!(
                    "simulated turn {number} ({}) is invalid: {}",
                    turn_text(&turn),
                    e.message
                ))
            })?;
            game.line.turns.push(turn);
        }
        let result = match state.winners() {
            Some(w) => {
                game.outcome.winners = w.iter().map(Seat::from).collect();
                w.join("+")
            }
            None => "*".to_string(),
        };
        game.tags.push(tag("Result", &result));
        Ok(game)
    }

    /// The tags a simulated game starts with: the game, its seats (by
    /// number of players, or the seats the teams name) and its teams.
    fn start_tags(&self, options: &SimOptions) -> Result<Vec<Tag>, SimulateError> {
        let b = self.board;
        let mut tags = vec![tag("Game", "aggravation")];
        let seats = match &options.teams {
            Some(teams) => {
                let all = teams.replace('+', " ");
                let in_play = parse_seats(b, &all).map_err(|e| SimulateError::Options(e.0))?;
                let seats: Vec<&str> = b
                    .all_colours()
                    .filter(|c| in_play[c.index()])
                    .map(|c| b.letters[c.index()].as_str())
                    .collect();
                seats.join(" ")
            }
            None => DEFAULT_SEATS
                .get(options.players.wrapping_sub(2))
                .ok_or_else(|| {
                    SimulateError::Options(format!(
                        "aggravation is for 2 to 6 players, not {}",
                        options.players
                    ))
                })?
                .to_string(),
        };
        tags.push(tag("Seats", &seats));
        if let Some(teams) = &options.teams {
            tags.push(tag("Teams", teams.trim()));
        }
        Ok(tags)
    }

    /// The policy's pick among the listed turns of `mover` (`greedy`:
    /// [`Aggravation::greedy_choice`], else at random); `None` when none is
    /// listed.
    fn pick<'l>(
        &self,
        state: &State,
        listed: &'l [Listed],
        mover: Colour,
        greedy: bool,
        candidates: &mut Vec<Candidate>,
        rng: &mut Rng,
    ) -> Result<Option<&'l Listed>, SimulateError> {
        let mut choices: Vec<&Listed> = listed.iter().filter(|l| l.mover == mover).collect();
        // The simulator takes the marbles in the order they came out of
        // BASE, not by hole as the list does, so that a seed plays the
        // same game as it always has.
        let slot = |c: Candidate| match c.from() {
            None => 0,
            from => {
                1 + state.holes[mover.index()]
                    .iter()
                    .position(|&h| h == from)
                    .unwrap_or(0)
            }
        };
        choices.sort_by_key(|l| slot(l.candidate));
        match choices.as_slice() {
            [] => Ok(None),
            [only] if only.candidate == Candidate::pass() => Ok(Some(only)),
            _ => {
                let i = if greedy {
                    candidates.clear();
                    candidates.extend(choices.iter().map(|l| l.candidate));
                    self.greedy_choice(state, mover, candidates, rng)
                } else {
                    rng.below(choices.len())
                };
                choices
                    .get(i)
                    .copied()
                    .map(Some)
                    .ok_or_else(|| SimulateError::Turn("the choice is not in the list".into()))
            }
        }
    }

    /// The greedy player's pick: aggravate, reach HOME, enter, else go furthest.
    fn greedy_choice(
        &self,
        state: &State,
        seat: Colour,
        candidates: &[Candidate],
        rng: &mut Rng,
    ) -> usize {
        let mut best = Greedy::new(Ties::First);
        for (i, c) in candidates.iter().enumerate() {
            let mut score = 0i32;
            if c.victim().is_some() {
                score += 60;
            }
            match (c.from(), c.to()) {
                (Some(from), Some(to)) => {
                    score += self.remaining(state, seat, from) - self.remaining(state, seat, to);
                    if self.board.class(to) == Class::Home && self.board.class(from) != Class::Home
                    {
                        score += 30;
                    }
                }
                _ => score += 40,
            }
            // Ties are broken by a random eighth added to each score.
            score = score * 8 + rng.below(8) as i32;
            best.offer(i, score, rng);
        }
        best.pick(rng).unwrap_or(0)
    }

    /// Steps a marble of `seat` on `h` still has to go to the far end of HOME
    /// (the shortcuts taken into account roughly).
    fn remaining(&self, state: &State, seat: Colour, h: Hole) -> i32 {
        let b = self.board;
        let to_home = |h: Hole| b.loop_distance(h, b.branch(seat)) as i32 + state.home_size as i32;
        match b.class(h) {
            Class::Home => (state.home_size - b.offset(h)) as i32 - 1,
            Class::Centre => 1 + to_home(b.star(seat)),
            _ if b.is_star(h) && self.params.shortcuts => {
                let room = self.ring_room(seat, h) as i32;
                (room.min(5) + to_home(b.star(seat))).min(to_home(h))
            }
            _ => to_home(h),
        }
    }
}

fn tag(name: &str, value: &str) -> Tag {
    Tag {
        name: name.to_string(),
        value: value.to_string(),
        span: Span::default(),
    }
}

fn turn_text(turn: &Turn) -> String {
    let actions: Vec<String> = turn.actions.iter().map(|a| a.to_string()).collect();
    format!("{} {}", turn.head, actions.join(" "))
}
