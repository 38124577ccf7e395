//! What a roll does to a pawn: the one rule of the game's moves, which the
//! list of legal moves, the checker of a written turn, the description and
//! the player all read.

use billes_notation::{Action, Name, Span};

use super::board::{name, Board, Square};

/// What a roll does to a pawn: it moves that many squares forward and, on
/// the foot of a ladder or the head of a snake, climbs or slides at once;
/// a roll that would take it past the last square is a pass (it must land
/// there exactly, and does not bounce back).
///
/// ```
/// use billes_snakes_and_ladders::{Board, Step};
///
/// let board = Board::standard();
/// assert_eq!(Step::of(board, 0, 4), Step::Move { from: 0, landing: 4, end: 14 });
/// assert_eq!(Step::of(board, 14, 3), Step::Move { from: 14, landing: 17, end: 17 });
/// assert_eq!(Step::of(board, 97, 5), Step::Pass { away: 3 });
/// assert_eq!(Step::of(board, 97, 4).to_string(), "--");
/// assert_eq!(Step::of(board, 0, 4).to_string(), "h-s4-s14");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The roll would take the pawn past the last square, `away` squares
    /// ahead of it: the turn is a pass (`--`).
    Pass {
        /// The squares from the pawn to the last one.
        away: u8,
    },
    /// The pawn moves from `from` ([`crate::OFF`]: off the board) to
    /// `landing`, and ends on `end`: the top of a ladder, the tail of a
    /// snake, or `landing` itself.
    Move {
        /// The square left.
        from: Square,
        /// The square the roll reaches.
        landing: Square,
        /// The square the pawn ends on.
        end: Square,
    },
}

impl Step {
    /// What rolling `roll` does to a pawn on `from` ([`crate::OFF`]: off
    /// the board) of `board`.
    pub fn of(board: &Board, from: Square, roll: u8) -> Step {
        let to = u16::from(from) + u16::from(roll);
        if to > u16::from(board.last()) {
            return Step::Pass {
                away: board.last() - from,
            };
        }
        let landing = to as Square;
        Step::Move {
            from,
            landing,
            end: board.end(landing),
        }
    }

    /// The square the pawn ends on (`None` for a pass: it stays).
    pub fn end(self) -> Option<Square> {
        match self {
            Step::Pass { .. } => None,
            Step::Move { end, .. } => Some(end),
        }
    }

    /// The squares the move's path names: its start, its landing and, on a
    /// ladder or snake, its end (`h-s4-s14`, `s14-s17`); none for a pass.
    pub fn path(self) -> Vec<Square> {
        match self {
            Step::Pass { .. } => Vec::new(),
            Step::Move { from, landing, end } if end == landing => vec![from, landing],
            Step::Move { from, landing, end } => vec![from, landing, end],
        }
    }

    /// The step as the action of a turn: the move along [`Step::path`], or
    /// the pass.
    pub fn action(self) -> Action {
        let span = Span::default();
        match self {
            Step::Pass { .. } => Action::Pass { span },
            Step::Move { .. } => {
                let path: Vec<Name> = self
                    .path()
                    .into_iter()
                    .map(|s| Name::new(&name(s)))
                    .collect();
                Action::Move {
                    path: path.into(),
                    capture: None,
                    barricade: false,
                    span,
                }
            }
        }
    }
}

/// The step in notation: `h-s4-s14`, `s14-s17`, `--`.
impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.action())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Feature, OFF};

    #[test]
    fn ladders_climb_and_snakes_slide() {
        let b = Board::standard();
        for &(foot, top) in b.ladders() {
            let from = foot.saturating_sub(6);
            let roll = foot - from;
            assert_eq!(
                Step::of(b, from, roll),
                Step::Move {
                    from,
                    landing: foot,
                    end: top
                }
            );
        }
        for &(head, tail) in b.snakes() {
            let s = Step::of(b, head - 1, 1);
            assert_eq!(s.end(), Some(tail));
            assert_eq!(s.path(), [head - 1, head, tail]);
        }
        assert_eq!(Step::of(b, OFF, 1).to_string(), "h-s1-s38");
        assert_eq!(Step::of(b, 48, 1).to_string(), "s48-s49-s11");
    }

    #[test]
    fn the_last_square_is_reached_exactly() {
        let b = Board::standard();
        assert_eq!(Step::of(b, 94, 6).to_string(), "s94-s100");
        assert_eq!(Step::of(b, 99, 1).end(), Some(100));
        for roll in 2..=6 {
            assert_eq!(Step::of(b, 99, roll), Step::Pass { away: 1 });
        }
        // Every square a pawn can stand on has a move for some roll.
        for from in 0..b.last() {
            if b.feature(from) == Feature::Plain {
                assert!((1..=6).any(|r| Step::of(b, from, r).end().is_some()));
            }
        }
    }
}
