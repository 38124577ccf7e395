//! The Barricade player: reach the goal, send pawns home, take barricades
//! and put them in front of the leading opponent, progress.
//!
//! It reads the board typed, from the game's state
//! ([`billes_core::barricade::State`], through `Position::state`), and
//! measures progress by the distance to the goal along the board's lines
//! (the shortest-path distances the board computes once,
//! [`billes_core::barricade::Board::distance`]), not by rows: the way up the
//! standard board runs through a few narrow connections, and a player that
//! climbs rows walks into dead ends and makes four-player games last
//! thousands of turns.

use billes_core::barricade::{iter_points, Board as Geometry, Point, State, HOUSE};
use billes_core::game::{Move, Position};
use billes_core::Colour;
use billes_notation::Action;

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
    fn distance(&self, name: &str) -> Option<f32> {
        if name == HOUSE {
            return Some(self.house_distance());
        }
        self.geometry
            .point(name)
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

    fn score(&self, mv: &Move) -> f32 {
        let mut score = 0.0;
        for action in &mv.actions {
            match action {
                Action::Move {
                    path,
                    capture,
                    barricade,
                    ..
                } => {
                    let (Some(from), Some(to)) = (path.first(), path.last()) else {
                        continue;
                    };
                    let Some(b) = self.geometry.point(to.as_str()) else {
                        continue;
                    };
                    if b == self.geometry.goal() {
                        score += 10_000.0;
                    }
                    let (Some(da), Some(db)) =
                        (self.distance(from.as_str()), self.distance(to.as_str()))
                    else {
                        continue;
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
                }
                Action::Barricade { at, .. } => {
                    if let Some(p) = self.geometry.point(at.as_str()) {
                        score += self.block(p);
                    }
                }
                _ => {}
            }
        }
        score
    }
}

/// The score of each move (higher is better); all equal when the position
/// is not a Barricade state.
pub(super) fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
    let Some(state) = pos.state::<State>() else {
        return vec![0.0; moves.len()];
    };
    let seat = moves[0].moving_seat();
    let Some(colour) = billes_core::barricade::SEATS
        .iter()
        .position(|s| *s == seat.as_str())
        .and_then(|i| Colour::checked(i, billes_core::barricade::SEATS.len()))
    else {
        return vec![0.0; moves.len()];
    };
    let board = Board::read(state, colour);
    moves.iter().map(|m| board.score(m)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use billes_core::{Engine, GameKind, Standard};

    #[test]
    fn distances_and_blocks() {
        let rules = Standard::new(GameKind::Barricade);
        let pos = rules
            .position(&[("Seats", "R G"), ("Position", "R:i11 G:c1 bar=e3 move=R")])
            .expect("position");
        let state = pos.state::<State>().expect("state");
        let board = Board::read(state, Colour::new(0));
        let d = |n: &str| board.distance(n).expect("point");
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
}
