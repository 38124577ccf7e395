//! The Barricade player: reach the goal, send pawns home, take barricades
//! and put them in front of the leading opponent, progress.
//!
//! It reads the board typed, from the game's state ([`State`], through
//! `Position::state`), and measures progress by the distance to the goal
//! along the board's lines (the shortest-path distances the board computes
//! once, [`Geometry::distance`]), not by rows: the way up the
//! standard board runs through a few narrow connections, and a player that
//! climbs rows walks into dead ends and makes four-player games last
//! thousands of turns.

use billes_game::game::{Move, Position, Roll, TwoStep};
use billes_game::greedy::Greedy;
use billes_game::policy::{self, Play};
use billes_game::{Colour, ReplayError, Rng};
use billes_notation::{Action, Name};

use crate::{iter_points, Barricade, Board as Geometry, Point, State, HOUSE, SEATS};

/// The heuristic player of Barricade, which picks its move in two steps.
impl Play for Barricade {
    fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
        scores(pos, moves)
    }

    fn strengths(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>> {
        race(pos).map(|r| policy::race(r, policy::RACE_SPREAD))
    }

    /// The choice in two steps (the move, then where its barricades go:
    /// [`Position::legal_two_steps`]), the same as [`policy::choose`]'s
    /// from the whole list, without writing one move per free point.
    fn pick(
        pos: &dyn Position,
        roll: Option<Roll>,
        rng: &mut Rng,
    ) -> Result<Option<Move>, ReplayError> {
        let steps = pos.legal_two_steps(roll)?;
        Ok(pick(pos, &steps, rng))
    }
}

/// How many steps ahead of a pawn, along its shortest way to the goal, a
/// barricade is worth putting.
const AHEAD: usize = 8;

/// What the player knows of the board before choosing.
struct Board<'s> {
    state: &'s State,
    geometry: &'static Geometry,
    /// The colour whose pawn moves.
    colour: Colour,
    /// The point of the opponent pawn nearest the goal.
    leader: Option<Point>,
    /// The point of the mover's own pawn nearest the goal.
    own: Option<Point>,
}

impl<'s> Board<'s> {
    fn read(state: &'s State, colour: Colour) -> Board<'s> {
        let geometry = state.board();
        let mut leader: Option<Point> = None;
        let mut own: Option<Point> = None;
        for &other in state.colours() {
            let slot = if other == colour {
                &mut own
            } else {
                &mut leader
            };
            for p in iter_points(state.pawns_of(other)) {
                if slot.is_none_or(|l| geometry.distance(p) < geometry.distance(l)) {
                    *slot = Some(p);
                }
            }
        }
        Board {
            state,
            geometry,
            colour,
            leader,
            own,
        }
    }

    /// Steps from the house to the goal: one more than from a start point.
    fn house_distance(&self) -> f32 {
        f32::from(self.geometry.distance(self.geometry.start(self.colour))) + 1.0
    }

    /// Steps to the goal from the point called `name` (the house included).
    fn distance(&self, name: &Name) -> Option<f32> {
        if name.as_str() == HOUSE {
            return Some(self.house_distance());
        }
        self.geometry
            .point_of_name(*name)
            .map(|p| f32::from(self.geometry.distance(p)))
    }

    /// How many steps ahead of a pawn on `from`, along its shortest way to
    /// the goal, `at` lies (`None`: not within [`AHEAD`] steps).
    fn steps_ahead(&self, from: Point, at: Point) -> Option<usize> {
        let mut p = from;
        for step in 1..=AHEAD {
            p = self.geometry.toward_goal(p)?;
            if p == at {
                return Some(step);
            }
        }
        None
    }

    /// The worth of a barricade on `at`: on the way of the leading opponent,
    /// not on the own leader's.
    fn block(&self, at: Point) -> f32 {
        let ahead = |pawn: Option<Point>| {
            pawn.and_then(|p| self.steps_ahead(p, at))
                .map_or(0.0, |steps| 40.0 - 4.0 * steps as f32)
        };
        let near = self.house_distance() - f32::from(self.geometry.distance(at));
        ahead(self.leader) - 0.5 * ahead(self.own) + near * 0.2
    }

    /// The score of `mv`; `memo` keeps what moves sharing a pawn move or a
    /// put-down point share (a turn that takes a barricade lists one move
    /// per free point).
    fn score_with<'m>(&self, mv: &'m Move, memo: &mut Memo<'m>) -> f32 {
        let mut score = 0.0;
        for action in &mv.actions {
            score += self.score_one(action, memo);
        }
        score
    }

    /// The score of one action of a move.
    fn score_one<'m>(&self, action: &'m Action, memo: &mut Memo<'m>) -> f32 {
        match action {
            Action::Barricade { at, .. } => self.put_down(at, memo).unwrap_or(0.0),
            other => match memo.pawn {
                Some((a, s)) if a == other => s,
                _ => {
                    let s = self.score_action(other);
                    memo.pawn = Some((other, s));
                    s
                }
            },
        }
    }

    /// The worth of putting a barricade down on the point called `at`
    /// (`None`: no point of the board).
    fn put_down(&self, at: &Name, memo: &mut Memo<'_>) -> Option<f32> {
        let p = self.geometry.point_of_name(*at)?;
        let slot = &mut memo.blocks[p.index()];
        if slot.is_nan() {
            *slot = self.block(p);
        }
        Some(*slot)
    }

    /// The score of one action that is not a put-down: a pawn move.
    fn score_action(&self, action: &Action) -> f32 {
        let Action::Move {
            path,
            capture,
            barricade,
            ..
        } = action
        else {
            return 0.0;
        };
        let (Some(from), Some(to)) = (path.first(), path.last()) else {
            return 0.0;
        };
        let Some(b) = self.geometry.point_of_name(*to) else {
            return 0.0;
        };
        let mut score = 0.0;
        if b == self.geometry.goal() {
            score += 10_000.0;
        }
        let (Some(da), Some(db)) = (self.distance(from), self.distance(to)) else {
            return score;
        };
        score += (da - db) * 4.0;
        if capture.is_some() {
            let gain = self.house_distance() - db;
            score += match self.state.pawn_at(b) {
                Some(v) if v == self.colour => -100.0,
                _ => 20.0 + gain * 2.0,
            };
        }
        if *barricade {
            score += 5.0;
        }
        score
    }
}

/// What the moves of one turn share, scored once: the last pawn move and
/// each put-down point (NaN: not yet scored).
struct Memo<'m> {
    pawn: Option<(&'m Action, f32)>,
    blocks: [f32; Point::MAX],
}

impl Memo<'_> {
    fn new() -> Self {
        Memo {
            pawn: None,
            blocks: [f32::NAN; Point::MAX],
        }
    }
}

/// What the player reads of `pos` to score the moves of `seat`; `None`
/// when the position is not a Barricade state or the seat no colour.
fn board_of<'s>(pos: &'s dyn Position, seat: &str) -> Option<Board<'s>> {
    let state = pos.state::<State>()?;
    let colour = SEATS
        .iter()
        .position(|s| *s == seat)
        .and_then(|i| Colour::checked(i, SEATS.len()))?;
    Some(Board::read(state, colour))
}

/// The score of each move (higher is better); all equal when the position
/// is not a Barricade state.
fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
    let Some(board) = board_of(pos, moves[0].moving_seat().as_str()) else {
        return vec![0.0; moves.len()];
    };
    let mut memo = Memo::new();
    moves
        .iter()
        .map(|m| board.score_with(m, &mut memo))
        .collect()
}

/// The player's move among the legal moves seen in two steps (`steps`,
/// [`Position::legal_two_steps`]): the move whose pawn move and best
/// points score highest, then those points, by the worth of each point
/// (scored once per turn, not once per listed move). The same choice, with
/// the same draws of `rng`, as [`policy::choose`]'s from the whole list:
/// one move in [`policy::EXPLORE`] at random among all, ties broken at
/// random among all. `None`: no move.
fn pick(pos: &dyn Position, steps: &[TwoStep], rng: &mut Rng) -> Option<Move> {
    let total = steps.iter().fold(0usize, |n, s| n.saturating_add(s.len()));
    if total <= 1 {
        return steps.iter().find(|s| !s.is_empty()).map(|s| nth(s, 0));
    }
    if rng.chance(1, policy::EXPLORE) {
        let mut k = rng.below(total);
        for step in steps {
            if k < step.len() {
                return Some(nth(step, k));
            }
            k -= step.len();
        }
        return None;
    }
    let board = board_of(pos, steps[0].first.moving_seat().as_str());
    let mut memo = Memo::new();
    let mut best = Greedy::new(policy::TIES);
    let mut found: Option<(usize, Vec<usize>)> = None;
    let mut i = 0;
    for (s, step) in steps.iter().enumerate() {
        // The sums in the order the whole list's scores make them.
        let mut first = 0.0;
        let mut points = Vec::with_capacity(step.points.len());
        if let Some(board) = &board {
            for action in &step.first.actions {
                first += board.score_one(action, &mut memo);
            }
            points.extend(step.points.iter().map(|p| board.put_down(p, &mut memo)));
        }
        step.each_choice(&mut |chosen| {
            let mut score = first;
            for &c in chosen {
                if let Some(Some(worth)) = points.get(c) {
                    score += worth;
                }
            }
            if best.offer(i, score, rng) {
                found = Some((s, chosen.to_vec()));
            }
            i += 1;
            true
        });
    }
    found.map(|(s, chosen)| steps[s].with(&chosen))
}

/// The `k`-th move of `step`.
fn nth(step: &TwoStep, k: usize) -> Move {
    let mut i = 0;
    let mut out = None;
    step.each_choice(&mut |chosen| {
        if i == k {
            out = Some(step.with(chosen));
            return false;
        }
        i += 1;
        true
    });
    out.unwrap_or_else(|| step.first.clone())
}

/// Steps a barricade on a pawn's way costs it: the turns spent waiting for
/// another pawn, or an exact roll, to take it.
const BARRICADE_COST: f32 = 6.0;

/// The mean roll of a die.
const MEAN_ROLL: f32 = 3.5;

/// The seats of `pos` with the own turns each still needs to reach the goal,
/// for [`policy::race`]: its best pawn's (or a pawn from the house) steps
/// along its shortest way, each barricade on that way costing
/// [`BARRICADE_COST`] steps, by the mean roll. `None` when the position is
/// not a Barricade state.
fn race(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>> {
    let state = pos.state::<State>()?;
    let geometry = state.board();
    let goal = geometry.goal();
    let way = |from: Point, steps: f32| {
        let mut cost = steps;
        let mut p = from;
        while p != goal {
            if state.barricade_at(p) {
                cost += BARRICADE_COST;
            }
            match geometry.toward_goal(p) {
                Some(q) => p = q,
                None => break,
            }
        }
        cost
    };
    let mut out = Vec::new();
    for &colour in state.colours() {
        let start = geometry.start(colour);
        let mut best = way(start, f32::from(geometry.distance(start)) + 1.0);
        for p in iter_points(state.pawns_of(colour)) {
            best = best.min(way(p, f32::from(geometry.distance(p))));
        }
        let seat = SEATS[colour.index()].to_string();
        out.push((vec![seat], best / MEAN_ROLL));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use billes_game::game::position::{tags_game, RulesPosition};

    /// The position of `tags` under the standard rules.
    fn position(tags: &[(&str, &str)]) -> Box<dyn Position> {
        let game = tags_game(
            <crate::Barricade as billes_game::game::GameRules>::KIND,
            tags,
        );
        Box::new(RulesPosition::start(Barricade::default(), &game).expect("position"))
    }

    #[test]
    fn distances_and_blocks() {
        let pos = position(&[("Seats", "R G"), ("Position", "R:i11 G:c1 bar=e3 move=R")]);
        let state = pos.state::<State>().expect("state");
        let board = Board::read(state, Colour::new(0));
        let d = |n: &str| board.distance(&Name::new(n)).expect("point");
        assert_eq!(d("i14"), 0.0);
        assert!(d("i11") < d("c1"));
        assert!(d(HOUSE) > d("c1"));
        let g = state.board();
        let p = |n: &str| g.point(n).expect("point");
        assert_eq!(board.leader, Some(p("c1")));
        assert_eq!(board.own, Some(p("i11")));
        // The point right ahead of Red's pawn, on its way to the goal.
        let next = g.toward_goal(p("i11")).expect("not the goal");
        assert_eq!(board.steps_ahead(p("i11"), next), Some(1));
        assert_eq!(board.steps_ahead(p("i11"), p("c1")), None);
    }

    #[test]
    fn a_barricade_on_the_way_slows_the_race() {
        let race_of = |tag: &str| {
            let pos = position(&[("Seats", "R G"), ("Position", tag)]);
            race(pos.as_ref()).expect("a Barricade state")
        };
        let open = race_of("R:e5 G:c1 bar=a1 move=R");
        assert_eq!(open[0].0, ["R"]);
        assert!(open[0].1 < open[1].1, "{open:?}");
        let state_pos = position(&[("Seats", "R G"), ("Position", "R:e5 G:c1 bar=a1 move=R")]);
        let g = state_pos.state::<State>().expect("state").board();
        let next = g.toward_goal(g.point("e5").expect("point"));
        let ahead = next.and_then(|p| g.toward_goal(p)).expect("not the goal");
        let blocked = race_of(&format!("R:e5 G:c1 bar={} move=R", g.name(ahead)));
        assert!(blocked[0].1 > open[0].1, "{blocked:?} against {open:?}");
    }
}
