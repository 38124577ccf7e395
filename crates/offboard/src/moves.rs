//! Moves: one marble to a free neighbour, a line along its axis (pushing a
//! smaller opposing group), a line sideways when the variant allows it; how
//! they are checked, listed and applied.

use billes_game::Colour;

use super::board::{Cell, Direction, Target};
use super::position::{opponent, Marble, State};
use super::Offboard;

/// A move of one marble or of a line, checked against a position.
///
/// Aligned to whole words, so that it is copied in words: copies of its ten
/// bytes in pieces of other widths than they were written in stalled the
/// processor. Each `Option<Cell>` is one byte (see [`Cell`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, align(16))]
pub(crate) struct Shift {
    /// The canonical first end: the rear of a line moving along its axis,
    /// the lower cell (in `a1`..`i9` order) of a line moving sideways.
    pub from: Cell,
    /// The other end (`from` itself for one marble).
    pub to: Cell,
    /// Where the marbles go.
    pub direction: Direction,
    /// Marbles in the line.
    pub len: u8,
    /// Sideways move: `from` to `to` runs along `axis`.
    pub broadside: bool,
    /// The direction from `from` to `to`.
    pub axis: Direction,
    /// Along the axis: the cell the line enters (`None` sideways).
    pub fill: Option<Cell>,
    /// Opposing marbles pushed.
    pub pushed: u8,
    /// Where the last pushed marble goes: a cell, or `None` when it is
    /// pushed off the board (or when nothing is pushed).
    pub push_to: Option<Cell>,
    /// The cell the last pushed marble stood on (`None`: nothing pushed).
    pub push_last: Option<Cell>,
}

impl Shift {
    /// The cell of the marble the move pushes off the board, if it does.
    #[inline]
    pub fn ejects_from(&self) -> Option<Cell> {
        match self.push_to {
            Some(_) => None,
            None => self.push_last,
        }
    }
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
    Sideways(Direction),
    /// The cell a single marble would move to is not free.
    NotFree(Cell),
    /// A line moving sideways (a broadside) would go onto this cell, which
    /// is not free: a broadside never pushes.
    BroadsideNotFree(Cell),
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
    pub target: Option<Target>,
    /// The points it scored.
    pub points: u8,
}

impl Offboard {
    /// Checks the move written `from[:to]>direction` for the seat to move.
    ///
    /// Always inlined, as is [`Offboard::inline`] (and `mark` and
    /// `choice_move` are inlined where the compiler finds it pays): called,
    /// each returned its result through memory, written a byte at a time and
    /// read back in words while the bytes were still being written, which
    /// stalls the processor. Inlining them took about 6% off the CPU time of
    /// exporting Offboard games to JSON Lines (that of validating them
    /// changed within the runs' noise).
    #[inline(always)]
    pub(crate) fn resolve(
        &self,
        state: &State,
        from: Cell,
        to: Option<Cell>,
        direction: Direction,
    ) -> Result<Shift, Illegal> {
        let me = state.to_move.index();
        let own = state.marbles[me];
        if own & from.bit() == 0 {
            return Err(Illegal::NotOwn(from));
        }
        let Some(to) = to else {
            return self.inline(state, from, from, 1, direction);
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
        let mut cell = from;
        for _ in 1..len {
            // Aligned: every cell up to `to` is on the board.
            let Some(next) = self.board.next(cell, axis) else {
                return Err(Illegal::NotAligned(from, to));
            };
            cell = next;
            if own & cell.bit() == 0 {
                return Err(if state.marbles[1 - me] & cell.bit() != 0 {
                    Illegal::Opposing(cell)
                } else {
                    Illegal::Gap(cell)
                });
            }
        }
        if direction == axis {
            self.inline(state, from, to, len, direction)
        } else if direction == axis.opposite() {
            self.inline(state, to, from, len, direction)
        } else if !self.params.broadside {
            Err(Illegal::Sideways(axis))
        } else if from < to {
            self.broadside(state, from, to, axis, len, direction)
        } else {
            self.broadside(state, to, from, axis.opposite(), len, direction)
        }
    }

    /// A line (or one marble) of own marbles from `tail` to `front` moving
    /// `direction`, along its axis.
    #[inline(always)]
    pub(crate) fn inline(
        &self,
        state: &State,
        tail: Cell,
        front: Cell,
        len: u8,
        direction: Direction,
    ) -> Result<Shift, Illegal> {
        let me = state.to_move.index();
        let (own, opp) = (state.marbles[me], state.marbles[1 - me]);
        let b = self.board;
        let Some(fill) = b.next(front, direction) else {
            return Err(Illegal::OwnOff(front));
        };
        let mut shift = Shift {
            from: tail,
            to: front,
            direction,
            len,
            broadside: false,
            axis: direction,
            fill: Some(fill),
            pushed: 0,
            push_to: None,
            push_last: None,
        };
        if (own | opp) & fill.bit() == 0 {
            return Ok(shift);
        }
        if len == 1 {
            return Err(Illegal::NotFree(fill));
        }
        if own & fill.bit() != 0 {
            return Err(Illegal::Blocked(fill));
        }
        let mut pushed = 1u8;
        let mut last = fill;
        let mut behind = b.next(fill, direction);
        while let Some(cell) = behind.filter(|c| opp & c.bit() != 0) {
            pushed += 1;
            last = cell;
            behind = b.next(cell, direction);
        }
        if pushed >= len {
            return Err(Illegal::Outnumbered(len, pushed));
        }
        if let Some(cell) = behind.filter(|c| own & c.bit() != 0) {
            return Err(Illegal::Sandwiched(cell));
        }
        shift.pushed = pushed;
        shift.push_to = behind;
        shift.push_last = Some(last);
        Ok(shift)
    }

    /// A line from `start` (its lower end) along `axis` moving sideways.
    fn broadside(
        &self,
        state: &State,
        start: Cell,
        end: Cell,
        axis: Direction,
        len: u8,
        direction: Direction,
    ) -> Result<Shift, Illegal> {
        let all = state.marbles[0] | state.marbles[1];
        let mut cell = start;
        for i in 0..len {
            if i > 0 {
                // The line's cells are on the board: `resolve` and `moves`
                // walked them.
                let Some(next) = self.board.next(cell, axis) else {
                    return Err(Illegal::NotAligned(start, end));
                };
                cell = next;
            }
            let Some(n) = self.board.next(cell, direction) else {
                return Err(Illegal::OwnOff(cell));
            };
            if all & n.bit() != 0 {
                return Err(Illegal::BroadsideNotFree(n));
            }
        }
        Ok(Shift {
            from: start,
            to: end,
            direction,
            len,
            broadside: true,
            axis,
            fill: None,
            pushed: 0,
            push_to: None,
            push_last: None,
        })
    }

    /// Every legal move of the seat to move (not counting a pending
    /// re-placement), appended to `out`.
    pub(crate) fn moves(&self, state: &State, out: &mut Vec<Shift>) {
        let own = state.marbles[state.to_move.index()];
        let b = self.board;
        for tail in Cell::in_mask(own) {
            for direction in Direction::all() {
                if let Ok(s) = self.inline(state, tail, tail, 1, direction) {
                    out.push(s);
                }
                let mut front = tail;
                let mut len = 1;
                while let Some(n) = b.next(front, direction) {
                    if own & n.bit() == 0 || len >= self.max_line {
                        break;
                    }
                    front = n;
                    len += 1;
                    if let Ok(s) = self.inline(state, tail, front, len, direction) {
                        out.push(s);
                    }
                }
            }
            if self.params.broadside {
                // Lines run from their lower end along e, ne or nw.
                for axis in Direction::all().take(3) {
                    let mut end = tail;
                    let mut len = 1;
                    while let Some(n) = b.next(end, axis) {
                        if own & n.bit() == 0 || len >= self.max_line {
                            break;
                        }
                        end = n;
                        len += 1;
                        for direction in Direction::all() {
                            if direction.axis() != axis.axis() {
                                if let Ok(s) =
                                    self.broadside(state, tail, end, axis, len, direction)
                                {
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
    pub(crate) fn can_move(&self, state: &State) -> bool {
        let own = state.marbles[state.to_move.index()];
        let all = state.marbles[0] | state.marbles[1];
        // Almost always a single marble can step somewhere: check that first.
        for cell in Cell::in_mask(own) {
            for direction in Direction::all() {
                if self
                    .board
                    .next(cell, direction)
                    .is_some_and(|n| all & n.bit() == 0)
                {
                    return true;
                }
            }
        }
        let mut moves = Vec::new();
        self.moves(state, &mut moves);
        !moves.is_empty()
    }

    /// Applies a checked move for the seat to move (which stays to move).
    #[inline]
    pub(crate) fn apply(&self, state: &mut State, s: &Shift) -> Option<Ejection> {
        let me = state.to_move.index();
        if s.broadside {
            let mut old = 0u64;
            let mut new = 0u64;
            let mut cell = s.from;
            for i in 0..s.len {
                if i > 0 {
                    // A checked move: the line's cells are on the board.
                    let Some(next) = self.board.next(cell, s.axis) else {
                        break;
                    };
                    cell = next;
                }
                old |= cell.bit();
                new |= self.board.next(cell, s.direction).map_or(0, Cell::bit);
            }
            state.marbles[me] = (state.marbles[me] & !old) | new;
            return None;
        }
        let fill = s.fill.map_or(0, Cell::bit);
        state.marbles[me] ^= s.from.bit() | fill;
        if s.pushed == 0 {
            return None;
        }
        let opp = 1 - me;
        state.marbles[opp] ^= fill;
        match (s.push_to, s.push_last) {
            (Some(to), _) => {
                state.marbles[opp] |= to.bit();
                None
            }
            (None, Some(last)) => {
                let pusher = state.to_move;
                Some(self.eject(state, pusher, last, s.direction))
            }
            (None, None) => None,
        }
    }

    /// The target a marble pushed off `cell` towards `direction` falls
    /// into; `None` when the neighbour there is on the board.
    #[inline]
    pub(crate) fn landing(&self, cell: Cell, direction: Direction) -> Option<Target> {
        self.landing[cell.index() * 6 + direction.index()]
    }

    /// An opposing marble pushed off by `pusher` from `cell` towards `direction`.
    fn eject(
        &self,
        state: &mut State,
        pusher: Colour,
        cell: Cell,
        direction: Direction,
    ) -> Ejection {
        let owner = opponent(pusher);
        let scorer = pusher.index();
        // Every way off the board leads to a target (`Board` checks it).
        let target = self.landing(cell, direction).filter(|_| state.has_targets);
        let Some(target) = target else {
            state.score[scorer] = state.score[scorer].saturating_add(1);
            state.out[owner.index()] += 1;
            return Ejection {
                target: None,
                points: 1,
            };
        };
        let slot = &mut state.targets[target.index()];
        if slot.is_none() {
            *slot = Some(Marble::of(owner));
            let points = state.values[target.index()];
            state.score[scorer] = state.score[scorer].saturating_add(points);
            Ejection {
                target: Some(target),
                points,
            }
        } else {
            // The target is taken: the marble goes back to its owner, who
            // moves next and first chooses what to do with it.
            state.pending = Some(target);
            Ejection {
                target: Some(target),
                points: 0,
            }
        }
    }

    /// Counts the turns `depth` plies deep from `state` (a turn with a
    /// pending marble is `+cell`, or `~` followed by a move or a pass): a
    /// fast counter on the typed moves, for the bench. The reference is the
    /// game API's [`billes_game::game::perft`]; the tests hold the two to the same
    /// counts (they differ only on a won position, counted 0 here and 1
    /// there).
    pub fn perft(&self, state: &State, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.won(state) {
            return 0;
        }
        let mut total = 0;
        let mut after_remove = *state;
        if state.pending.is_some() {
            let all = state.marbles[0] | state.marbles[1];
            for cell in self.board.cells() {
                if all & cell.bit() == 0 {
                    let mut next = *state;
                    next.marbles[state.to_move.index()] |= cell.bit();
                    next.pending = None;
                    next.to_move = opponent(state.to_move);
                    total += self.perft(&next, depth - 1);
                }
            }
            after_remove.pending = None;
            after_remove.out[state.to_move.index()] += 1;
        }
        let mut moves = Vec::new();
        self.moves(&after_remove, &mut moves);
        if moves.is_empty() {
            let mut next = after_remove;
            next.to_move = opponent(next.to_move);
            return total + self.perft(&next, depth - 1);
        }
        for m in &moves {
            let mut next = after_remove;
            self.apply(&mut next, m);
            next.to_move = opponent(next.to_move);
            total += self.perft(&next, depth - 1);
        }
        total
    }

    /// Whether a seat has reached the winning score.
    pub(crate) fn won(&self, state: &State) -> bool {
        state
            .score
            .iter()
            .any(|&points| points as u32 >= self.params.winning_score)
    }
}

#[cfg(test)]
mod tests {
    use billes_game::game::GameRules;
    use billes_game::variant::NoHooks;
    use billes_game::{Rng, SimOptions};

    use super::*;
    use crate::Params;
    use std::collections::BTreeSet;

    /// Every legal move found by trying every pair of ends and direction.
    fn brute_force(rules: &Offboard, state: &State) -> BTreeSet<(Cell, Cell, Direction)> {
        let cells = rules.board.cells();
        let mut found = BTreeSet::new();
        for from in cells.clone() {
            for to in std::iter::once(None).chain(cells.clone().map(Some)) {
                for direction in Direction::ALL {
                    if let Ok(s) = rules.resolve(state, from, to, direction) {
                        found.insert((s.from, s.to, s.direction));
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
                .simulate(&options, &mut Rng::new(seed), &NoHooks)
                .expect("simulates");
            let mut state = rules.start;
            for (k, turn) in game.line.turns.iter().enumerate() {
                if k % 7 == 0 {
                    let mut moves = Vec::new();
                    rules.moves(&state, &mut moves);
                    let generated: BTreeSet<_> =
                        moves.iter().map(|s| (s.from, s.to, s.direction)).collect();
                    assert_eq!(generated.len(), moves.len(), "no move listed twice");
                    assert_eq!(
                        generated,
                        brute_force(rules, &state),
                        "{}",
                        state.to_position()
                    );
                }
                billes_game::Rules::play(rules, &mut state, turn)
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
