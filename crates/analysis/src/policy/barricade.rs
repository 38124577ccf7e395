//! The Barricade player: reach the goal, send pawns home, take barricades
//! and put them in front of the leading opponent, progress.
//!
//! It reads points by their names (column `a`..`q`, row `1` at the bottom
//! to `14`, the goal `i14`, the house `h`) and measures progress by rows:
//! the goal is at the top, in column `i`.

use billes_core::game::{Move, Position};
use billes_notation::Action;

use super::team_of;

/// The goal's name.
const GOAL: &str = "i14";
/// The goal's column, `i`.
const GOAL_COLUMN: i32 = 8;

/// A point: column and row, or the house (row 0).
fn point(name: &str) -> Option<(i32, i32)> {
    if name == "h" {
        return Some((GOAL_COLUMN, 0));
    }
    let b = name.as_bytes();
    let column = i32::from(b.first()?.checked_sub(b'a')?);
    let row: i32 = name.get(1..)?.parse().ok()?;
    Some((column, row))
}

/// How far a pawn on `p` has come.
fn progress((column, row): (i32, i32)) -> f32 {
    if row == 0 {
        return 0.0;
    }
    row as f32 * 4.0 + (8 - (column - GOAL_COLUMN).abs()) as f32 * 0.5
}

/// What the player knows of the board before choosing.
struct Board {
    /// The leading opponent pawn.
    leader: Option<(i32, i32)>,
    /// The mover's own leading pawn.
    own: Option<(i32, i32)>,
    team: Vec<String>,
}

impl Board {
    fn read(pos: &dyn Position, seat: &str) -> Board {
        let view = pos.hook_view();
        let team = team_of(pos, seat);
        let mut leader: Option<(i32, i32)> = None;
        let mut own: Option<(i32, i32)> = None;
        for s in view.seats() {
            let mine = team.contains(&s);
            for p in view.pieces(&s) {
                let Some(at) = point(&p) else { continue };
                let slot = if mine { &mut own } else { &mut leader };
                if slot.is_none_or(|l| progress(at) > progress(l)) {
                    *slot = Some(at);
                }
            }
        }
        Board { leader, own, team }
    }

    /// The worth of a barricade on `at`: in front of the leading opponent,
    /// not in front of the own leader.
    fn block(&self, at: (i32, i32)) -> f32 {
        let ahead = |pawn: Option<(i32, i32)>| match pawn {
            Some((c, r)) if at.1 > r => {
                (40.0 - 6.0 * (at.1 - r) as f32 - 2.0 * (at.0 - c).abs() as f32).max(0.0)
            }
            _ => 0.0,
        };
        ahead(self.leader) - 0.5 * ahead(self.own) + at.1 as f32 * 0.5
    }

    fn score(&self, pos: &dyn Position, mv: &Move) -> f32 {
        let view = pos.hook_view();
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
                    if to.as_str() == GOAL {
                        score += 10_000.0;
                    }
                    let (Some(a), Some(b)) = (point(from.as_str()), point(to.as_str())) else {
                        continue;
                    };
                    score += progress(b) - progress(a);
                    if capture.is_some() {
                        score += match view.at(to.as_str()) {
                            Some(v) if self.team.iter().any(|t| t == v) => -100.0,
                            _ => 20.0 + progress(b) * 2.0,
                        };
                    }
                    if *barricade {
                        score += 5.0;
                    }
                }
                Action::Barricade { at, .. } => {
                    if let Some(p) = point(at.as_str()) {
                        score += self.block(p);
                    }
                }
                _ => {}
            }
        }
        score
    }
}

/// The score of each move (higher is better).
pub(super) fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
    let seat = moves[0].moving_seat();
    let board = Board::read(pos, seat.as_str());
    moves.iter().map(|m| board.score(pos, m)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_progress() {
        assert_eq!(point("i14"), Some((8, 14)));
        assert_eq!(point("h"), Some((8, 0)));
        assert_eq!(point("a1"), Some((0, 1)));
        assert!(progress((8, 13)) > progress((8, 12)));
        assert_eq!(progress((8, 0)), 0.0);
    }
}
