//! The Aggravation player: aggravate, enter HOME, enter, keep out of reach,
//! progress.
//!
//! It reads the board typed, from the game's state ([`State`], through
//! `Position::state`): the
//! board's geometry (a variant's board included), where every marble stands,
//! the teams. The holes a move names are looked up on that board. Every move
//! it picks is one of the legal moves it is given, so a variant it does not
//! understand only makes it weaker, never wrong.

use billes_game::game::{Move, Position};
use billes_game::policy::{self, Play};
use billes_game::Colour;
use billes_notation::Action;

use crate::board::Class;
use crate::{Aggravation, Board as Geometry, Hole, State};

/// The heuristic player of Aggravation.
impl Play for Aggravation {
    fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
        scores(pos, moves)
    }

    fn strengths(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>> {
        race(pos).map(|r| policy::race(r, policy::RACE_SPREAD))
    }
}

/// Steps a roll moves at most.
const REACH: u8 = 6;

/// What the player knows of the board before choosing.
struct Board<'s> {
    state: &'s State,
    geometry: &'static Geometry,
    /// The seat whose marbles move.
    seat: Colour,
    /// Per loop hole, by index: opponent marbles that can reach it with one
    /// roll (an opponent START with marbles in BASE counts 0.7).
    threats: [f32; 256],
}

impl<'s> Board<'s> {
    fn read(state: &'s State, seat: Colour) -> Board<'s> {
        let geometry = state.board();
        let team = state.team_of(seat);
        let len = geometry.loop_len;
        let mut threats = [0.0f32; 256];
        for s in state.seats() {
            if state.team_of(s) == team {
                continue;
            }
            for h in state.holes_of(s) {
                if geometry.class(h) != Class::Loop {
                    continue;
                }
                for d in 1..=REACH.min(len.saturating_sub(1)) {
                    threats[geometry.loop_ahead(h, d).index()] += 1.0;
                }
            }
            if state.in_base(s) > 0 {
                threats[geometry.start(s).index()] += 0.7;
            }
        }
        Board {
            state,
            geometry,
            seat,
            threats,
        }
    }

    /// How far along its way a marble of `seat` on `h` is (0 on START, more
    /// in HOME).
    fn progress(&self, seat: Colour, h: Hole) -> f32 {
        let g = self.geometry;
        let last = i32::from(g.loop_len) - 2;
        f32::from(match g.class(h) {
            Class::Loop => g.loop_distance(g.start(seat), h),
            Class::Centre => (last - 20).max(0) as u8,
            Class::Home => (last + 1 + i32::from(g.offset(h))).min(255) as u8,
            Class::Unused => 0,
        })
    }

    /// The cost of standing on `h`: the threats times what would be lost.
    fn danger(&self, h: Hole) -> f32 {
        let t = self.threats[h.index()];
        if t == 0.0 {
            return 0.0;
        }
        t * (6.0 + self.progress(self.seat, h) / 3.0)
    }

    fn hole(&self, name: &str) -> Option<Hole> {
        self.geometry.hole(name)
    }

    fn score(&self, mv: &Move) -> f32 {
        let mut score = 0.0;
        for action in &mv.actions {
            match action {
                Action::Place { capture, to, .. } => {
                    score += 40.0;
                    let at = to
                        .as_ref()
                        .and_then(|n| self.hole(n.as_str()))
                        .unwrap_or_else(|| self.geometry.start(self.seat));
                    score -= self.danger(at);
                    if capture.is_some() {
                        score += self.aggravate(at);
                    }
                }
                Action::Move { path, capture, .. } => {
                    let (Some(from), Some(to)) = (path.first(), path.last()) else {
                        continue;
                    };
                    let (Some(a), Some(b)) = (self.hole(from.as_str()), self.hole(to.as_str()))
                    else {
                        continue;
                    };
                    score += self.progress(self.seat, b) - self.progress(self.seat, a);
                    let home = |h| self.geometry.class(h) == Class::Home;
                    if home(b) && !home(a) {
                        score += 60.0;
                    }
                    score += self.danger(a) - self.danger(b);
                    if capture.is_some() {
                        score += self.aggravate(b);
                    }
                }
                _ => {}
            }
        }
        score
    }

    /// The worth of aggravating the marble on `h`.
    fn aggravate(&self, h: Hole) -> f32 {
        match self.state.colour_at(h) {
            Some(v) if self.state.team_of(v) == self.state.team_of(self.seat) => -150.0,
            Some(v) => 50.0 + self.progress(v, h),
            None => 30.0,
        }
    }
}

/// The score of each move (higher is better); all equal when the position
/// is not an Aggravation state.
fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
    let Some(state) = pos.state::<State>() else {
        return vec![0.0; moves.len()];
    };
    let seat = moves[0].moving_seat();
    let Some(seat) = state.board().seat(seat.as_str()) else {
        return vec![0.0; moves.len()];
    };
    let board = Board::read(state, seat);
    moves.iter().map(|m| board.score(m)).collect()
}

/// The contestants of `pos` (a team, or a seat alone) with the own turns
/// each still needs to finish, for [`policy::race`]: the steps its marbles
/// still have to go to HOME, entering from BASE included, and the progress
/// each marble within reach of an opponent may lose, by the turn's mean roll;
/// a team needs its slowest seat. `None` when the position is not an
/// Aggravation state.
fn race(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>> {
    let state = pos.state::<State>()?;
    let g = state.board();
    let last = f32::from(g.loop_len) - 2.0;
    let full = last + 1.0 + f32::from(g.marbles);
    let mut teams: Vec<(u8, Vec<String>, f32)> = Vec::new();
    for seat in state.seats() {
        let board = Board::read(state, seat);
        let mut steps = f32::from(state.in_base(seat)) * (full + ENTRY);
        for h in state.holes_of(seat) {
            if g.class(h) == Class::Home {
                continue;
            }
            let progress = board.progress(seat, h);
            steps += (full - progress).max(0.0);
            // An opponent that can reach the hole hits it one time in six.
            steps += board.threats[h.index()].min(3.0) / 6.0 * progress;
        }
        let turns = steps / MEAN_ROLL;
        let team = state.team_of(seat);
        let letter = g.letter(seat).to_string();
        match teams.iter_mut().find(|t| t.0 == team) {
            Some(t) => {
                t.1.push(letter);
                t.2 = t.2.max(turns);
            }
            None => teams.push((team, vec![letter], turns)),
        }
    }
    Some(
        teams
            .into_iter()
            .map(|(_, seats, turns)| (seats, turns))
            .collect(),
    )
}

/// The steps a marble waiting in BASE costs before it enters (a roll that
/// enters comes one time in three).
const ENTRY: f32 = 7.0;

/// The mean roll of a die.
const MEAN_ROLL: f32 = 3.5;

#[cfg(test)]
mod tests {
    use super::*;
    use billes_game::game::position::{tags_game, RulesPosition};

    /// The position of `tags` under the standard rules.
    fn position(tags: &[(&str, &str)]) -> Box<dyn Position> {
        let game = tags_game(
            <crate::Aggravation as billes_game::game::GameRules>::KIND,
            tags,
        );
        Box::new(RulesPosition::start(Aggravation::default(), &game).expect("position"))
    }

    #[test]
    fn progress_and_threats() {
        let pos = position(&[("Seats", "R G"), ("Position", "R:r9,rh2 G:r5 move=R")]);
        let state = pos.state::<State>().expect("state");
        let g = state.board();
        let (red, blue) = (Colour::new(0), Colour::new(1));
        let board = Board::read(state, red);
        let at = |n: &str| g.hole(n).expect("hole");
        assert_eq!(board.progress(red, at("r9")), 0.0);
        assert_eq!(board.progress(red, at("r7")), f32::from(g.loop_len - 2));
        assert!(board.progress(red, at("rh2")) > board.progress(red, at("r7")));
        assert_eq!(
            board.progress(blue, at("r9")),
            f32::from(g.loop_len - g.per_side)
        );
        // Green on r5 reaches r6..r11; not r5 itself nor r12.
        assert!(board.threats[at("r9").index()] >= 1.0);
        assert_eq!(board.threats[at("r12").index()], 0.0);
        assert_eq!(board.threats[at("r5").index()], 0.0);
        assert!(board.danger(at("r9")) > 0.0);
    }

    #[test]
    fn the_race_counts_the_way_home() {
        let pos = position(&[
            ("Seats", "R G"),
            ("Position", "R:rh1,rh2,rh3,r8 G:g9 move=R"),
        ]);
        let race = race(pos.as_ref()).expect("an Aggravation state");
        assert_eq!(race.len(), 2);
        let (red, green) = (&race[0], &race[1]);
        assert_eq!(red.0, ["R"]);
        assert_eq!(green.0, ["G"]);
        assert!(red.1 > 0.0 && red.1 < green.1, "{race:?}");
    }
}
