//! Moves: one marble to a free neighbour, a line along its axis (pushing a
//! smaller opposing group), a line sideways when the variant allows it; how
//! they are checked, listed and applied.

use std::num::NonZeroU64;

use billes_game::Colour;

use super::board::{Cell, Direction, Target};
use super::position::{opponent, Marble, State};
use super::Offboard;

/// A move of one marble or of a line, checked against a position.
///
/// Held in one word, a byte a part (`from`, `to`, the direction and the
/// axis, the length, `fill`, `pushed`, `push_to`, `push_last`; a missing
/// cell is the byte 0, which no cell stores), built in a register and
/// written to memory in one store. Held as ten bytes, a move was written a
/// byte at a time and, returned or copied, read back whole while its bytes
/// were still being written, which stalls the processor (docs/export.md).
/// `from` is never 0, so an `Option<Shift>` is one word too.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shift(NonZeroU64);

/// The bytes of a [`Shift`]'s word, by what they hold.
const FROM: u32 = 0;
const TO: u32 = 8;
/// The direction in the low four bits, the axis in the high four.
const DIRECTIONS: u32 = 16;
const LEN: u32 = 24;
const FILL: u32 = 32;
const PUSHED: u32 = 40;
const PUSH_TO: u32 = 48;
const PUSH_LAST: u32 = 56;

/// A cell's byte in a [`Shift`]'s word: what it stores, 0 for none.
#[inline(always)]
fn cell_byte(cell: Option<Cell>) -> u64 {
    cell.map_or(0, |c| c.slot() as u64)
}

impl Shift {
    /// The move of the `len` marbles from `from` to `to` towards
    /// `direction`, the line running along `axis`; `fill` is the cell
    /// a line moving along its axis enters, `None` for one moving sideways.
    /// It pushes nothing ([`Shift::pushing`]).
    #[inline(always)]
    fn new(
        from: Cell,
        to: Cell,
        direction: Direction,
        axis: Direction,
        len: u8,
        fill: Option<Cell>,
    ) -> Shift {
        let directions = direction.index() as u64 | (axis.index() as u64) << 4;
        let word = (from.slot() as u64) << FROM
            | (to.slot() as u64) << TO
            | directions << DIRECTIONS
            | u64::from(len) << LEN
            | cell_byte(fill) << FILL;
        // `from` stores 1 or more.
        Shift(NonZeroU64::new(word).unwrap_or(NonZeroU64::MIN))
    }

    /// This move pushing `pushed` opposing marbles, the last from
    /// `push_last` to `push_to` (`None`: off the board).
    #[inline(always)]
    fn pushing(self, pushed: u8, push_to: Option<Cell>, push_last: Cell) -> Shift {
        let word = self.0.get()
            | u64::from(pushed) << PUSHED
            | cell_byte(push_to) << PUSH_TO
            | (push_last.slot() as u64) << PUSH_LAST;
        Shift(NonZeroU64::new(word).unwrap_or(self.0))
    }

    /// The byte at `at`.
    #[inline(always)]
    fn byte(self, at: u32) -> u8 {
        (self.0.get() >> at) as u8
    }

    /// The cell of the byte at `at`, if any.
    #[inline(always)]
    fn cell(self, at: u32) -> Option<Cell> {
        match self.byte(at) {
            0 => None,
            b => Some(Cell::new(b - 1)),
        }
    }

    /// The canonical first end: the rear of a line moving along its axis,
    /// the lower cell (in `a1`..`i9` order) of a line moving sideways.
    #[inline(always)]
    pub fn from(self) -> Cell {
        Cell::new(self.byte(FROM) - 1)
    }

    /// The other end (`from` itself for one marble).
    #[inline(always)]
    pub fn to(self) -> Cell {
        Cell::new(self.byte(TO) - 1)
    }

    /// Where the marbles go.
    #[inline(always)]
    pub fn direction(self) -> Direction {
        Direction::new(self.byte(DIRECTIONS) & 0xf)
    }

    /// Marbles in the line.
    #[inline(always)]
    pub fn len(self) -> u8 {
        self.byte(LEN)
    }

    /// Sideways move: `from` to `to` runs along `axis`. A line moving
    /// sideways enters no cell ahead of it ([`Shift::fill`]).
    #[inline(always)]
    pub fn broadside(self) -> bool {
        self.byte(FILL) == 0
    }

    /// The direction from `from` to `to`.
    #[inline(always)]
    pub fn axis(self) -> Direction {
        Direction::new(self.byte(DIRECTIONS) >> 4)
    }

    /// Along the axis: the cell the line enters (`None` sideways).
    #[inline(always)]
    pub fn fill(self) -> Option<Cell> {
        self.cell(FILL)
    }

    /// Opposing marbles pushed.
    #[inline(always)]
    pub fn pushed(self) -> u8 {
        self.byte(PUSHED)
    }

    /// Where the last pushed marble goes: a cell, or `None` when it is
    /// pushed off the board (or when nothing is pushed).
    #[inline(always)]
    pub fn push_to(self) -> Option<Cell> {
        self.cell(PUSH_TO)
    }

    /// The cell the last pushed marble stood on (`None`: nothing pushed).
    #[inline(always)]
    pub fn push_last(self) -> Option<Cell> {
        self.cell(PUSH_LAST)
    }

    /// The cell of the marble the move pushes off the board, if it does.
    #[inline]
    pub fn ejects_from(&self) -> Option<Cell> {
        match self.push_to() {
            Some(_) => None,
            None => self.push_last(),
        }
    }
}

impl std::fmt::Debug for Shift {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shift")
            .field("from", &self.from())
            .field("to", &self.to())
            .field("direction", &self.direction())
            .field("len", &self.len())
            .field("broadside", &self.broadside())
            .field("axis", &self.axis())
            .field("fill", &self.fill())
            .field("pushed", &self.pushed())
            .field("push_to", &self.push_to())
            .field("push_last", &self.push_last())
            .finish()
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
        let shift = Shift::new(tail, front, direction, direction, len, Some(fill));
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
        Ok(shift.pushing(pushed, behind, last))
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
        Ok(Shift::new(start, end, direction, axis, len, None))
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
        if s.broadside() {
            let mut old = 0u64;
            let mut new = 0u64;
            let mut cell = s.from();
            for i in 0..s.len() {
                if i > 0 {
                    // A checked move: the line's cells are on the board.
                    let Some(next) = self.board.next(cell, s.axis()) else {
                        break;
                    };
                    cell = next;
                }
                old |= cell.bit();
                new |= self.board.next(cell, s.direction()).map_or(0, Cell::bit);
            }
            state.marbles[me] = (state.marbles[me] & !old) | new;
            return None;
        }
        let fill = s.fill().map_or(0, Cell::bit);
        state.marbles[me] ^= s.from().bit() | fill;
        if s.pushed() == 0 {
            return None;
        }
        let opp = 1 - me;
        state.marbles[opp] ^= fill;
        match (s.push_to(), s.push_last()) {
            (Some(to), _) => {
                state.marbles[opp] |= to.bit();
                None
            }
            (None, Some(last)) => {
                let pusher = state.to_move;
                Some(self.eject(state, pusher, last, s.direction()))
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

    /// Every part of a move reads back from its word as it was given, on
    /// every cell a board may have (the highest byte included), every
    /// direction and axis, and the longest lines and pushes.
    #[test]
    fn a_shift_holds_its_parts() {
        let cells = || Cell::all(Cell::MAX);
        let some = [
            None,
            Some(Cell::new(0)),
            Some(Cell::new(Cell::MAX as u8 - 1)),
        ];
        for from in cells() {
            for to in [from, Cell::new(0), Cell::new(Cell::MAX as u8 - 1)] {
                for direction in Direction::all() {
                    for axis in Direction::all() {
                        for len in [1, 2, 9, u8::MAX] {
                            for fill in some {
                                let shift = Shift::new(from, to, direction, axis, len, fill);
                                let parts = (shift.from(), shift.to(), shift.direction());
                                assert_eq!(parts, (from, to, direction));
                                assert_eq!((shift.axis(), shift.len()), (axis, len));
                                assert_eq!(
                                    (shift.fill(), shift.broadside()),
                                    (fill, fill.is_none())
                                );
                                assert_eq!(
                                    (shift.pushed(), shift.push_to(), shift.push_last()),
                                    (0, None, None)
                                );
                                for (pushed, push_to) in [(1, None), (u8::MAX, Some(from))] {
                                    let last = to;
                                    let pushing = shift.pushing(pushed, push_to, last);
                                    assert_eq!(pushing.pushed(), pushed);
                                    assert_eq!(pushing.push_to(), push_to);
                                    assert_eq!(pushing.push_last(), Some(last));
                                    let ejected = if push_to.is_some() { None } else { Some(last) };
                                    assert_eq!(pushing.ejects_from(), ejected);
                                    let kept = (
                                        pushing.from(),
                                        pushing.to(),
                                        pushing.direction(),
                                        pushing.axis(),
                                        pushing.len(),
                                        pushing.fill(),
                                    );
                                    assert_eq!(kept, (from, to, direction, axis, len, fill));
                                }
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(std::mem::size_of::<Option<Shift>>(), 8);
    }

    /// Every legal move found by trying every pair of ends and direction.
    fn brute_force(rules: &Offboard, state: &State) -> BTreeSet<(Cell, Cell, Direction)> {
        let cells = rules.board.cells();
        let mut found = BTreeSet::new();
        for from in cells.clone() {
            for to in std::iter::once(None).chain(cells.clone().map(Some)) {
                for direction in Direction::ALL {
                    if let Ok(s) = rules.resolve(state, from, to, direction) {
                        found.insert((s.from(), s.to(), s.direction()));
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
                    let generated: BTreeSet<_> = moves
                        .iter()
                        .map(|s| (s.from(), s.to(), s.direction()))
                        .collect();
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
