//! The board's places as types: a [`Cell`], a [`Direction`] and a
//! [`Target`] of the rim, each a small index that cannot be confused with
//! the others or with a count. Absence (the neighbour beyond the rim, no
//! target, no pending marble) is `Option`, never a sentinel value.
//!
//! A cell and a target store their index plus one in a [`NonZeroU8`], so
//! that `Option<Cell>` and `Option<Target>` are one byte each, `None`
//! being the zero the index never takes: the neighbour tables and the
//! moves keep their size and their speed.

use std::fmt;
use std::num::NonZeroU8;

use super::board::board;

/// A cell of the board, by its index: `a1` is 0, then along each row,
/// bottom to top (`Board::cell_name` gives its name, `Display` too).
///
/// Stored as the index plus one in a [`NonZeroU8`], so that `Option<Cell>`
/// is one byte, `None` being the zero no index takes; a board has
/// at most [`Cell::MAX`] cells, so that a set of cells is a `u64` mask
/// whose bit `index + 1` is the cell (bit 0 is never set): a cell's bit is
/// one shift of what it stores, and the lowest bit of a mask its cell.
///
/// ```
/// use billes_offboard::{board, Cell};
///
/// let e5 = board().cell("e5").unwrap();
/// assert_eq!(e5, Cell::new(30));
/// assert_eq!(e5.index(), 30);
/// assert_eq!(e5.to_string(), "e5");
/// assert_eq!(std::mem::size_of::<Option<Cell>>(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(NonZeroU8);

impl Cell {
    /// The most cells a board has (a set of cells is a `u64` mask, bit 0
    /// unused).
    pub const MAX: usize = 63;

    /// The cell of index `index`.
    ///
    /// # Panics
    /// In debug builds, when `index` is not below [`Cell::MAX`].
    #[inline]
    pub const fn new(index: u8) -> Cell {
        debug_assert!((index as usize) < Cell::MAX);
        Cell(NonZeroU8::MIN.saturating_add(index))
    }

    /// The cell of index `index`, when it is below `len`, the number of
    /// cells of the board.
    #[inline]
    pub fn checked(index: usize, len: usize) -> Option<Cell> {
        (index < len.min(Cell::MAX)).then(|| Cell::new(index as u8))
    }

    /// The index, for tables kept per cell.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0.get() as usize - 1
    }

    /// What the cell stores, its index plus one: its row in tables that
    /// keep a row 0 for no cell, read without a subtraction.
    #[inline(always)]
    pub(crate) const fn slot(self) -> usize {
        self.0.get() as usize
    }

    /// This cell's bit in a `u64` set of cells: bit `index + 1`.
    #[inline(always)]
    pub const fn bit(self) -> u64 {
        1 << self.0.get()
    }

    /// The first `len` cells (every cell of a board of `len` cells), in
    /// index order.
    pub fn all(len: usize) -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + Clone {
        (0..len.min(Cell::MAX) as u8).map(Cell::new)
    }

    /// The cells of a `u64` set of cells (made of [`Cell::bit`]s), lowest
    /// index first.
    #[inline]
    pub fn in_mask(mask: u64) -> impl Iterator<Item = Cell> {
        // Bit 0 is no cell.
        let mut mask = mask & !1;
        std::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            // Never `None`: bit 0 is clear.
            let raw = NonZeroU8::new(mask.trailing_zeros() as u8)?;
            mask &= mask - 1;
            Some(Cell(raw))
        })
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cell({})", self.index())
    }
}

/// The cell's name on the board of `rules/offboard.yaml` (`e5`).
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(board().cell_name(*self))
    }
}

/// One of the six directions of the board, by its index in
/// `Board::direction_name` order (`e ne nw w sw se`): the opposite of a
/// direction is three further on.
///
/// ```
/// use billes_offboard::{board, Direction};
///
/// let ne = board().direction("ne").unwrap();
/// assert_eq!(ne, Direction::new(1));
/// assert_eq!(board().direction_name(ne.opposite()), "sw");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Direction(u8);

impl Direction {
    /// The six directions, in index order.
    pub const ALL: [Direction; 6] = [
        Direction(0),
        Direction(1),
        Direction(2),
        Direction(3),
        Direction(4),
        Direction(5),
    ];

    /// The six directions, in index order: [`Direction::ALL`] as a range,
    /// which tells the compiler that each index is below 6 (no bounds
    /// check on tables of six).
    #[inline(always)]
    pub fn all() -> impl DoubleEndedIterator<Item = Direction> + ExactSizeIterator + Clone {
        (0..6u8).map(Direction)
    }

    /// The direction of index `index`.
    ///
    /// # Panics
    /// In debug builds, when `index` is not below 6.
    #[inline]
    pub const fn new(index: u8) -> Direction {
        debug_assert!(index < 6);
        Direction(index)
    }

    /// The index, for tables kept per direction.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The opposite direction.
    #[inline]
    pub const fn opposite(self) -> Direction {
        Direction((self.0 + 3) % 6)
    }

    /// The axis the direction runs along, shared with its opposite (0 to 2).
    #[inline]
    pub const fn axis(self) -> u8 {
        self.0 % 3
    }
}

/// The direction's name on the board of `rules/offboard.yaml` (`ne`).
impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(board().direction_name(*self))
    }
}

/// A target of the rim, by its index: `t1` is 0, clockwise from the left
/// end of the top side.
///
/// Stored as the index plus one in a [`NonZeroU8`], so that
/// `Option<Target>` is one byte.
///
/// ```
/// use billes_offboard::{board, Target, TARGETS};
///
/// let t4 = board().target("t4").unwrap();
/// assert_eq!(t4.index(), 3);
/// assert_eq!(t4.to_string(), "t4");
/// assert_eq!(Target::all().len(), TARGETS);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Target(NonZeroU8);

impl Target {
    /// The target of index `index`.
    ///
    /// # Panics
    /// In debug builds, when `index` is not below [`TARGETS`](super::TARGETS).
    #[inline]
    pub const fn new(index: u8) -> Target {
        debug_assert!((index as usize) < super::board::TARGETS);
        Target(NonZeroU8::MIN.saturating_add(index))
    }

    /// The index, for tables kept per target.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0.get() as usize - 1
    }

    /// Every target of the rim, `t1` first.
    pub fn all() -> impl DoubleEndedIterator<Item = Target> + ExactSizeIterator + Clone {
        (0..super::board::TARGETS as u8).map(Target::new)
    }
}

impl fmt::Debug for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Target({})", self.index())
    }
}

/// The target's name on the board of `rules/offboard.yaml` (`t4`).
impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(board().target_name(*self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absence_costs_no_byte() {
        assert_eq!(std::mem::size_of::<Option<Cell>>(), 1);
        assert_eq!(std::mem::size_of::<Option<Target>>(), 1);
        assert_eq!(Cell::new(0).bit(), 2);
        assert_eq!(Cell::new(62).bit(), 1 << 63);
        assert_eq!(Cell::new(62).index(), 62);
        assert!(Cell::new(2) < Cell::new(10));
    }

    #[test]
    fn masks_list_their_cells_in_order() {
        let mask = Cell::new(0).bit() | Cell::new(5).bit() | Cell::new(62).bit();
        assert_eq!(
            Cell::in_mask(mask).map(Cell::index).collect::<Vec<_>>(),
            [0, 5, 62]
        );
        assert_eq!(Cell::in_mask(1).count(), 0);
        assert_eq!(Cell::in_mask(0).count(), 0);
        assert_eq!(Cell::checked(61, 61), None);
        assert_eq!(Cell::checked(60, 61), Some(Cell::new(60)));
        assert_eq!(Cell::all(61).len(), 61);
        assert_eq!(Cell::all(100).len(), Cell::MAX);
    }

    #[test]
    fn directions_pair_with_their_opposites() {
        for d in Direction::ALL {
            assert_ne!(d.opposite(), d);
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.opposite().axis(), d.axis());
        }
    }
}
