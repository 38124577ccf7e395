//! Moves: one marble to a free neighbour, a line along its axis (pushing a
//! smaller opposing group), a line sideways when the variant allows it; how
//! they are checked, listed and applied.

use super::board::{opposite, Cell, Dir, OFF};
use super::position::{cells, Seat, State};
use super::Offboard;

/// A move of one marble or of a line, checked against a position.
///
/// Aligned to whole words, so that it is copied in words: copies of its ten
/// bytes in pieces of other widths than they were written in stalled the
/// processor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, align(16))]
pub(crate) struct Shift {
    /// The canonical first end: the rear of a line moving along its axis,
    /// the lower cell (in `a1`..`i9` order) of a line moving sideways.
    pub from: Cell,
    /// The other end (`from` itself for one marble).
    pub to: Cell,
    /// Where the marbles go.
    pub dir: Dir,
    /// Marbles in the line.
    pub len: u8,
    /// Sideways move: `from` to `to` runs along `axis`.
    pub broadside: bool,
    /// The direction from `from` to `to`.
    pub axis: Dir,
    /// Along the axis: the cell the line enters.
    pub fill: Cell,
    /// Opposing marbles pushed.
    pub pushed: u8,
    /// Where the last pushed marble goes: a cell, or [`OFF`] when it is pushed off.
    pub push_to: Cell,
    /// The cell the last pushed marble stood on.
    pub push_last: Cell,
}

/// Why a written move is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Illegal {
    /// `c3:c3`: both ends on one cell.
    SameEnds,
    /// The two ends are not on one line.
    NotAligned(Cell, Cell),
    /// The line is longer than the variant allows.
    TooLong(u8),
    /// The cell holds no marble of the mover.
    NotOwn(Cell),
    /// An opposing marble inside the line.
    Opposing(Cell),
    /// An empty cell inside the line.
    Gap(Cell),
    /// A sideways move, not allowed (axis given).
    Sideways(Dir),
    /// The cell a marble would move to is not free (single or sideways).
    NotFree(Cell),
    /// A marble of the mover would leave the board from this cell.
    OwnOff(Cell),
    /// The line runs into the mover's own marble on this cell.
    Blocked(Cell),
    /// The line is not longer than the opposing group (line, group).
    Outnumbered(u8, u8),
    /// The mover's own marble on this cell stands behind the opposing group.
    Sandwiched(Cell),
}

/// What a move pushed off the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Ejection {
    /// The target it fell into (`None` in a variant without targets).
    pub target: Option<u8>,
    /// The points it scored.
    pub points: u8,
}

#[inline]
fn bit(c: Cell) -> u64 {
    1u64 << c
}

impl Offboard {
    /// Checks the move written `from[:to]>dir` for the seat to move.
    pub(crate) fn resolve(
        &self,
        st: &State,
        from: Cell,
        to: Option<Cell>,
        dir: Dir,
    ) -> Result<Shift, Illegal> {
        let me = st.to_move as usize;
        let own = st.marbles[me];
        if own & bit(from) == 0 {
            return Err(Illegal::NotOwn(from));
        }
        let Some(to) = to else {
            return self.inline(st, from, from, 1, dir);
        };
        if to == from {
            return Err(Illegal::SameEnds);
        }
        let (axis, steps) = self
            .board
            .alignment(from, to)
            .ok_or(Illegal::NotAligned(from, to))?;
        let len = steps + 1;
        if len > self.max_line {
            return Err(Illegal::TooLong(len));
        }
        let mut c = from;
        for _ in 1..len {
            c = self.board.next(c, axis);
            if own & bit(c) == 0 {
                return Err(if st.marbles[1 - me] & bit(c) != 0 {
                    Illegal::Opposing(c)
                } else {
                    Illegal::Gap(c)
                });
            }
        }
        if dir == axis {
            self.inline(st, from, to, len, dir)
        } else if dir == opposite(axis) {
            self.inline(st, to, from, len, dir)
        } else if !self.params.broadside {
            Err(Illegal::Sideways(axis))
        } else if from < to {
            self.broadside(st, from, to, axis, len, dir)
        } else {
            self.broadside(st, to, from, opposite(axis), len, dir)
        }
    }

    /// A line (or one marble) of own marbles from `tail` to `front` moving
    /// `dir`, along its axis.
    #[inline]
    pub(crate) fn inline(
        &self,
        st: &State,
        tail: Cell,
        front: Cell,
        len: u8,
        dir: Dir,
    ) -> Result<Shift, Illegal> {
        let me = st.to_move as usize;
        let (own, opp) = (st.marbles[me], st.marbles[1 - me]);
        let b = self.board;
        let fill = b.next(front, dir);
        let mut shift = Shift {
            from: tail,
            to: front,
            dir,
            len,
            broadside: false,
            axis: dir,
            fill,
            pushed: 0,
            push_to: OFF,
            push_last: OFF,
        };
        if fill == OFF {
            return Err(Illegal::OwnOff(front));
        }
        if (own | opp) & bit(fill) == 0 {
            return Ok(shift);
        }
        if len == 1 {
            return Err(Illegal::NotFree(fill));
        }
        if own & bit(fill) != 0 {
            return Err(Illegal::Blocked(fill));
        }
        let mut pushed = 1u8;
        let mut last = fill;
        let mut behind = b.next(fill, dir);
        while behind != OFF && opp & bit(behind) != 0 {
            pushed += 1;
            last = behind;
            behind = b.next(behind, dir);
        }
        if pushed >= len {
            return Err(Illegal::Outnumbered(len, pushed));
        }
        if behind != OFF && own & bit(behind) != 0 {
            return Err(Illegal::Sandwiched(behind));
        }
        shift.pushed = pushed;
        shift.push_to = behind;
        shift.push_last = last;
        Ok(shift)
    }

    /// A line from `start` (its lower end) along `axis` moving sideways.
    fn broadside(
        &self,
        st: &State,
        start: Cell,
        end: Cell,
        axis: Dir,
        len: u8,
        dir: Dir,
    ) -> Result<Shift, Illegal> {
        let all = st.marbles[0] | st.marbles[1];
        let mut c = start;
        for i in 0..len {
            if i > 0 {
                c = self.board.next(c, axis);
            }
            let n = self.board.next(c, dir);
            if n == OFF {
                return Err(Illegal::OwnOff(c));
            }
            if all & bit(n) != 0 {
                return Err(Illegal::NotFree(n));
            }
        }
        Ok(Shift {
            from: start,
            to: end,
            dir,
            len,
            broadside: true,
            axis,
            fill: OFF,
            pushed: 0,
            push_to: OFF,
            push_last: OFF,
        })
    }

    /// Every legal move of the seat to move (not counting a pending
    /// re-placement), appended to `out`.
    pub(crate) fn moves(&self, st: &State, out: &mut Vec<Shift>) {
        let me = st.to_move as usize;
        let own = st.marbles[me];
        let b = self.board;
        for tail in cells(own) {
            for dir in 0..6 {
                if let Ok(s) = self.inline(st, tail, tail, 1, dir) {
                    out.push(s);
                }
                let mut front = tail;
                let mut len = 1;
                loop {
                    let n = b.next(front, dir);
                    if n == OFF || own & bit(n) == 0 || len >= self.max_line {
                        break;
                    }
                    front = n;
                    len += 1;
                    if let Ok(s) = self.inline(st, tail, front, len, dir) {
                        out.push(s);
                    }
                }
            }
            if self.params.broadside {
                // Lines run from their lower end along e, ne or nw.
                for axis in 0..3 {
                    let mut end = tail;
                    let mut len = 1;
                    loop {
                        let n = b.next(end, axis);
                        if n == OFF || own & bit(n) == 0 || len >= self.max_line {
                            break;
                        }
                        end = n;
                        len += 1;
                        for dir in 0..6 {
                            if dir % 3 != axis % 3 {
                                if let Ok(s) = self.broadside(st, tail, end, axis, len, dir) {
                                    out.push(s);
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether the seat to move has any legal move (a pending re-placement aside).
    pub(crate) fn can_move(&self, st: &State) -> bool {
        let own = st.marbles[st.to_move as usize];
        let all = st.marbles[0] | st.marbles[1];
        // Almost always a single marble can step somewhere: check that first.
        for c in cells(own) {
            for dir in 0..6 {
                let n = self.board.next(c, dir);
                if n != OFF && all & bit(n) == 0 {
                    return true;
                }
            }
        }
        let mut moves = Vec::new();
        self.moves(st, &mut moves);
        !moves.is_empty()
    }

    /// Applies a checked move for the seat to move (which stays to move).
    #[inline]
    pub(crate) fn apply(&self, st: &mut State, s: &Shift) -> Option<Ejection> {
        let me = st.to_move as usize;
        if s.broadside {
            let mut old = 0u64;
            let mut new = 0u64;
            let mut c = s.from;
            for i in 0..s.len {
                if i > 0 {
                    c = self.board.next(c, s.axis);
                }
                old |= bit(c);
                new |= bit(self.board.next(c, s.dir));
            }
            st.marbles[me] = (st.marbles[me] & !old) | new;
            return None;
        }
        st.marbles[me] ^= bit(s.from) | bit(s.fill);
        if s.pushed == 0 {
            return None;
        }
        let opp = 1 - me;
        st.marbles[opp] ^= bit(s.fill);
        if s.push_to != OFF {
            st.marbles[opp] |= bit(s.push_to);
            return None;
        }
        Some(self.eject(st, me as Seat, s.push_last, s.dir))
    }

    /// The target a marble pushed off `cell` towards `dir` falls into.
    #[inline]
    pub(crate) fn landing(&self, cell: Cell, dir: Dir) -> u8 {
        self.landing[cell as usize * 6 + dir as usize]
    }

    /// An opposing marble pushed off by `pusher` from `cell` towards `dir`.
    fn eject(&self, st: &mut State, pusher: Seat, cell: Cell, dir: Dir) -> Ejection {
        let owner = 1 - pusher as usize;
        if !st.has_targets {
            st.score[pusher as usize] = st.score[pusher as usize].saturating_add(1);
            st.out[owner] += 1;
            return Ejection {
                target: None,
                points: 1,
            };
        }
        let t = self.landing(cell, dir);
        let slot = &mut st.targets[t as usize];
        if *slot == 0 {
            *slot = owner as u8 + 1;
            let points = st.values[t as usize];
            st.score[pusher as usize] = st.score[pusher as usize].saturating_add(points);
            Ejection {
                target: Some(t),
                points,
            }
        } else {
            // The target is taken: the marble goes back to its owner, who
            // moves next and first chooses what to do with it.
            st.pending = t + 1;
            Ejection {
                target: Some(t),
                points: 0,
            }
        }
    }

    /// Counts the turns `depth` plies deep from `st` (a turn with a pending
    /// marble is `+cell`, or `~` followed by a move or a pass): a fast
    /// counter on the typed moves, for the bench. The reference is the game
    /// API's [`crate::game::perft`]; the tests hold the two to the same
    /// counts (they differ only on a won position, counted 0 here and 1
    /// there).
    pub fn perft(&self, st: &State, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.won(st) {
            return 0;
        }
        let mut total = 0;
        let mut after_remove = *st;
        if st.pending != 0 {
            let all = st.marbles[0] | st.marbles[1];
            for c in 0..self.board.len() as Cell {
                if all & bit(c) == 0 {
                    let mut next = *st;
                    next.marbles[st.to_move as usize] |= bit(c);
                    next.pending = 0;
                    next.to_move ^= 1;
                    total += self.perft(&next, depth - 1);
                }
            }
            after_remove.pending = 0;
            after_remove.out[st.to_move as usize] += 1;
        }
        let mut moves = Vec::new();
        self.moves(&after_remove, &mut moves);
        if moves.is_empty() {
            let mut next = after_remove;
            next.to_move ^= 1;
            return total + self.perft(&next, depth - 1);
        }
        for m in &moves {
            let mut next = after_remove;
            self.apply(&mut next, m);
            next.to_move ^= 1;
            total += self.perft(&next, depth - 1);
        }
        total
    }

    /// Whether a seat has reached the winning score.
    pub(crate) fn won(&self, st: &State) -> bool {
        st.score
            .iter()
            .any(|&s| s as u32 >= self.params.winning_score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::offboard::Params;
    use crate::{Rng, SimOptions};
    use std::collections::BTreeSet;

    /// Every legal move found by trying every pair of ends and direction.
    fn brute_force(rules: &Offboard, st: &State) -> BTreeSet<(Cell, Cell, Dir)> {
        let n = rules.board.len() as Cell;
        let mut found = BTreeSet::new();
        for from in 0..n {
            for to in std::iter::once(None).chain((0..n).map(Some)) {
                for dir in 0..6 {
                    if let Ok(s) = rules.resolve(st, from, to, dir) {
                        found.insert((s.from, s.to, s.dir));
                    }
                }
            }
        }
        found
    }

    fn check_generator(rules: &Offboard, seeds: u64) {
        let options = SimOptions {
            max_turns: 150,
            ..SimOptions::default()
        };
        for seed in 0..seeds {
            let game = rules
                .simulate(&options, &mut Rng::new(seed))
                .expect("simulates");
            let mut st = rules.start;
            for (k, turn) in game.line.turns.iter().enumerate() {
                if k % 7 == 0 {
                    let mut moves = Vec::new();
                    rules.moves(&st, &mut moves);
                    let generated: BTreeSet<_> =
                        moves.iter().map(|s| (s.from, s.to, s.dir)).collect();
                    assert_eq!(generated.len(), moves.len(), "no move listed twice");
                    assert_eq!(generated, brute_force(rules, &st), "{}", st.to_position());
                }
                rules
                    .play_turn(&mut st, turn)
                    .expect("simulated turns are legal");
            }
        }
    }

    #[test]
    fn the_generator_lists_exactly_the_legal_moves() {
        check_generator(&Offboard::default(), 6);
    }

    #[test]
    fn the_generator_lists_exactly_the_legal_moves_with_broadside_and_a_line_limit() {
        let params = Params {
            max_line: Some(3),
            broadside: true,
            ..Params::default()
        };
        check_generator(&Offboard::new(params).expect("valid"), 6);
    }
}
