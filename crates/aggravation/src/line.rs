//! Each colour's path (the loop, then its HOME row: [`Board::paths`])
//! laid out as a line of holes counted back from its end, so that where a
//! roll lands, and which of the mover's own marbles it passes, are looked
//! up instead of walked.
//!
//! [`Aggravation::plain`](super::Aggravation) walks the path a step at a
//! time, and is the rule. Its loop runs as many times as the die says: a
//! branch the processor cannot foresee, dearer than its instructions. The
//! lookup (`Aggravation::plain_ahead`) answers the common case, a move
//! that passes no own marble under rules whose walk checks nothing else on
//! the way, and leaves every other case to the walk. A test holds the two
//! to the same answer for every hole and roll in many positions. The proof
//! of a pass (`Aggravation::can_move_ahead`) asks the same tables whether
//! any of a seat's marbles has a plain move, held by its own test to the
//! legal moves tried.
//!
//! [`Board::paths`]: super::board::Board::paths

use super::board::{Hole, MAX_SIDES, TABLE};

/// The paths of every colour as lines (see the module's docs).
#[derive(Debug, Clone)]
pub(crate) struct Lines {
    /// Per colour and hole (by its byte, see [`Hole`]): the steps from
    /// the hole to the end of the colour's path. 0 for the last hole, for
    /// holes off the path and for no hole: none of them is ahead of a hole
    /// of the path.
    togo: [[u8; TABLE]; MAX_SIDES],
    /// Per colour, by steps to go: the byte of the path's hole that many
    /// steps from its end.
    hole: [[u8; TABLE]; MAX_SIDES],
    /// Per colour: whether its path is one line, as the tables assume. A
    /// colour not in the board's tables, or a path that forks, joins or
    /// loops, is left to the walk.
    line: [bool; MAX_SIDES],
}

impl Lines {
    /// The lines of the paths `next` (per colour and hole byte: the next
    /// hole, as [`Board::paths`](super::board::Board::paths) gives them).
    pub(crate) fn new(next: &[[Option<Hole>; TABLE]; MAX_SIDES]) -> Box<Lines> {
        let mut lines = Box::new(Lines {
            togo: [[0; TABLE]; MAX_SIDES],
            hole: [[0; TABLE]; MAX_SIDES],
            line: [false; MAX_SIDES],
        });
        for (c, next) in next.iter().enumerate() {
            lines.line[c] = lines.lay(c, next);
        }
        lines
    }

    /// Fills colour `c`'s tables from its `next` holes: whether they make
    /// one line (each hole with a next one reached from a single first
    /// hole, none reached twice).
    fn lay(&mut self, c: usize, next: &[Option<Hole>; TABLE]) -> bool {
        let mut before = [false; TABLE];
        for n in next.iter().flatten() {
            if std::mem::replace(&mut before[Hole::slot(Some(*n))], true) {
                return false;
            }
        }
        let links = next.iter().filter(|n| n.is_some()).count();
        let mut firsts = (1..TABLE).filter(|&b| next[b].is_some() && !before[b]);
        let (Some(first), None) = (firsts.next(), firsts.next()) else {
            return false;
        };
        // One first hole and no hole reached twice: a line, and maybe
        // loops apart from it, which leave holes unvisited.
        let mut line = vec![first as u8];
        while let Some(n) = next[usize::from(line[line.len() - 1])] {
            if line.len() > links {
                return false;
            }
            line.push(Hole::byte(Some(n)));
        }
        if line.len() != links + 1 || line.len() >= TABLE {
            return false;
        }
        for (i, &b) in line.iter().rev().enumerate() {
            self.togo[c][usize::from(b)] = i as u8;
            self.hole[c][i] = b;
        }
        true
    }

    /// Whether colour `c`'s path is one line.
    #[inline(always)]
    pub(crate) fn is_line(&self, c: usize) -> bool {
        self.line[c]
    }

    /// The steps from `h` (none: 0) to the end of colour `c`'s path.
    #[inline(always)]
    pub(crate) fn togo(&self, c: usize, h: Option<Hole>) -> u8 {
        self.togo[c][Hole::slot(h)]
    }

    /// The hole of colour `c`'s path `togo` steps from its end.
    #[inline(always)]
    pub(crate) fn hole(&self, c: usize, togo: u8) -> Option<Hole> {
        Hole::from_byte(self.hole[c][usize::from(togo)])
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{standard, MAX_HOME};
    use super::*;

    #[test]
    fn a_line_goes_where_the_path_does() {
        let board = standard();
        for home_size in 1..=MAX_HOME as u8 {
            let next = board.paths(home_size);
            let lines = Lines::new(&next);
            for c in board.all_colours() {
                assert!(lines.is_line(c.index()), "{c:?}, HOME of {home_size}");
                for from in board.holes() {
                    // The hole `steps` on, looked up: none past the end,
                    // and none from a hole off the line.
                    let togo = lines.togo(c.index(), Some(from));
                    let mut walked = next[c.index()][Hole::slot(Some(from))];
                    for steps in 1..=8 {
                        let ahead = togo.checked_sub(steps);
                        let ahead = ahead.and_then(|t| lines.hole(c.index(), t));
                        assert_eq!(ahead, walked, "{c:?} {from} {steps}, HOME {home_size}");
                        walked = walked.and_then(|h| next[c.index()][Hole::slot(Some(h))]);
                    }
                }
            }
        }
    }

    #[test]
    fn paths_that_fork_or_loop_are_no_lines() {
        let board = standard();
        let mut next = board.paths(4);
        let [a, b, c] = [1, 2, 3].map(|i| Hole::checked(i).unwrap());
        // Two holes lead to the same one: a fork, seen backwards.
        next[0][Hole::slot(Some(a))] = next[0][Hole::slot(Some(b))];
        // A hole that leads to itself.
        next[1][Hole::slot(Some(c))] = Some(c);
        let lines = Lines::new(&next);
        assert!(!lines.is_line(0) && !lines.is_line(1) && lines.is_line(2));
    }
}
