//! Random games: every seat plays either uniformly random legal moves or a
//! simple greedy policy (aggravate, reach HOME, enter, make progress).

use billes_notation::{Game, Line, Outcome, Seat, Span, Tag, Turn};

use super::board::{Class, Hole, MAX_SIDES, NONE};
use super::legal::Listed;
use super::moves::Cand;
use super::position::parse_seats;
use super::{Aggravation, State};
use crate::variant::{Hooks, NoHooks};
use crate::{Rng, Rules, SimOptions};

/// The seats a game of `players` uses when no teams are given.
const DEFAULT_SEATS: [&str; 5] = ["R G", "R P Y", "R B G Y", "R B P G Y", "R B P G Y W"];

impl Aggravation {
    /// Plays one random legal game and returns its record.
    ///
    /// Each seat plays uniformly random legal moves or, chosen with `rng`, a
    /// simple greedy policy. A finished player in team play gives the roll to
    /// a random teammate still playing. The game stops unfinished (`*`) after
    /// `options.max_turns` turns.
    ///
    /// # Errors
    /// When the options describe no game: fewer than 2 or more than 6 players,
    /// or a team layout the board does not allow.
    pub fn simulate(&self, options: &SimOptions, rng: &mut Rng) -> Result<Game, String> {
        self.simulate_with(options, rng, &NoHooks)
    }

    /// [`Aggravation::simulate`] under a variant's hooks: the teammate and
    /// the move are chosen among those the hooks allow.
    pub(crate) fn simulate_with<H: Hooks>(
        &self,
        options: &SimOptions,
        rng: &mut Rng,
        hooks: &H,
    ) -> Result<Game, String> {
        let b = self.board;
        let mut tags = vec![tag("Game", "aggravation")];
        let seats = match &options.teams {
            Some(teams) => {
                let all = teams.replace('+', " ");
                let in_play = parse_seats(b, &all)?;
                let seats: Vec<&str> = (0..b.sides)
                    .filter(|&s| in_play[s as usize])
                    .map(|s| b.letters[s as usize].as_str())
                    .collect();
                seats.join(" ")
            }
            None => DEFAULT_SEATS
                .get(options.players.wrapping_sub(2))
                .ok_or_else(|| {
                    format!("aggravation is for 2 to 6 players, not {}", options.players)
                })?
                .to_string(),
        };
        tags.push(tag("Seats", &seats));
        if let Some(teams) = &options.teams {
            tags.push(tag("Teams", teams.trim()));
        }
        let mut game = Game {
            tags,
            line: Line::default(),
            outcome: Outcome {
                winners: Vec::new(),
                span: Span::default(),
            },
            span: Span::default(),
        };
        let mut st = self.setup(&game).map_err(|e| e.message)?;
        let players: Vec<u8> = st.seats().collect();
        let mut greedy = [false; MAX_SIDES];
        for g in greedy.iter_mut() {
            *g = rng.chance(1, 2);
        }
        let first = players[rng.below(players.len())];
        let mut cands: Vec<Cand> = Vec::with_capacity(16);
        let mut number = 0;
        while st.winner == NONE && number < options.max_turns {
            number += 1;
            let roller = if st.to_roll == NONE {
                first
            } else {
                st.to_roll
            };
            let team_roll = st.finished(roller);
            // Without hooks a finished player picks the teammate before the
            // roll; under hooks the roll comes first: a hook may pick the
            // teammate after seeing it.
            let mut mover = None;
            if team_roll && !hooks.active() {
                let mates: Vec<u8> = self.teammates(&st, roller).collect();
                mover = Some(
                    *mates
                        .get(rng.below(mates.len().max(1)))
                        .ok_or("a finished player has no teammate to roll for")?,
                );
            }
            let roll = rng.die();
            let listed = self
                .listed(&st, roller, roll, number, hooks)
                .map_err(|e| format!("turn {number}: {}", e.message))?;
            let mover = match mover {
                Some(m) => m,
                None if team_roll => {
                    let mut movers: Vec<u8> = listed.iter().map(|l| l.mover).collect();
                    movers.dedup();
                    *movers
                        .get(rng.below(movers.len().max(1)))
                        .ok_or("a finished player has no teammate to roll for")?
                }
                None => roller,
            };
            let mut choices: Vec<&Listed> = listed.iter().filter(|l| l.mover == mover).collect();
            // The simulator takes the marbles in the order they came out of
            // BASE, not by hole as the list does, so that a seed plays the
            // same game as it always has.
            let slot = |c: Cand| {
                if c.from() == NONE {
                    0
                } else {
                    1 + st.pos[mover as usize]
                        .iter()
                        .position(|&h| h == c.from())
                        .unwrap_or(0)
                }
            };
            choices.sort_by_key(|l| slot(l.cand));
            let chosen = match choices.as_slice() {
                [] => return Err(format!("turn {number}: no legal move listed")),
                [only] if only.cand == Cand::pass() => only,
                _ => {
                    let i = if greedy[mover as usize] {
                        cands.clear();
                        cands.extend(choices.iter().map(|l| l.cand));
                        self.greedy_choice(&st, mover, &cands, rng)
                    } else {
                        rng.below(choices.len())
                    };
                    choices.get(i).ok_or("the choice is not in the list")?
                }
            };
            let turn = self
                .spell(&st, roller, chosen.mover, roll, chosen.cand)
                .to_turn(number);
            self.play_turn_with(&mut st, &turn, hooks).map_err(|e| {
                format!(
                    "simulated turn {number} ({}) is invalid: {}",
                    turn_text(&turn),
                    e.message
                )
            })?;
            game.line.turns.push(turn);
        }
        let result = match st.winners() {
            Some(w) => {
                game.outcome.winners = w.iter().map(Seat::from).collect();
                w.join("+")
            }
            None => "*".to_string(),
        };
        game.tags.push(tag("Result", &result));
        Ok(game)
    }

    /// The greedy player's pick: aggravate, reach HOME, enter, else go furthest.
    fn greedy_choice(&self, st: &State, seat: u8, cands: &[Cand], rng: &mut Rng) -> usize {
        let mut best = (i32::MIN, 0);
        for (i, c) in cands.iter().enumerate() {
            let mut score = 0i32;
            if matches!(c.res(), Ok(v) if v != NONE) {
                score += 60;
            }
            if c.from() == NONE {
                score += 40;
            } else {
                score += self.remaining(st, seat, c.from()) - self.remaining(st, seat, c.to());
                if self.board.class(c.to()) == Class::Home
                    && self.board.class(c.from()) != Class::Home
                {
                    score += 30;
                }
            }
            score = score * 8 + rng.below(8) as i32;
            if score > best.0 {
                best = (score, i);
            }
        }
        best.1
    }

    /// Steps a marble of `seat` on `h` still has to go to the far end of HOME
    /// (the shortcuts taken into account roughly).
    fn remaining(&self, st: &State, seat: u8, h: Hole) -> i32 {
        let b = self.board;
        let to_home = |h: Hole| b.loop_distance(h, b.branch(seat)) as i32 + st.home_size as i32;
        match b.class(h) {
            Class::Home => (st.home_size - b.offset(h)) as i32 - 1,
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
