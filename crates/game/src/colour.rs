//! [`Colour`]: a seat's place in its game's table of colours, the index the
//! rules keep per-seat arrays by.
//!
//! A record names seats by letter (`R`, `G`, …: the notation's
//! [`Seat`](billes_notation::Seat)); inside a game's rules the seat is the
//! index of its colour in that game's fixed table (Aggravation's six
//! colours, Barricade's four, Offboard's two). One word for that index in
//! every game, and a type that cannot be confused with a hole, a point, a
//! cell or a count: absence is `Option<Colour>`, never a sentinel value.

use std::fmt;

/// The index of a seat's colour in its game's table (0 is the first
/// colour). At most eight colours, so a set of colours fits a `u8` mask.
///
/// ```
/// use billes_game::Colour;
///
/// let green = Colour::new(1);
/// assert_eq!(green.index(), 1);
/// assert_eq!(green.bit(), 0b10);
/// assert_eq!(Colour::all(3).map(Colour::get).collect::<Vec<_>>(), [0, 1, 2]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Colour(u8);

impl Colour {
    /// The most colours a game has (a set of colours is a `u8` mask).
    pub const MAX: usize = 8;

    /// The colour at index `i` of its game's table.
    ///
    /// # Panics
    /// In debug builds, when `i` is not below [`Colour::MAX`].
    #[inline]
    pub const fn new(i: u8) -> Colour {
        debug_assert!((i as usize) < Colour::MAX);
        Colour(i)
    }

    /// The colour at index `i`, when `i` is below `n`, the number of
    /// colours of the table.
    #[inline]
    pub fn checked(i: usize, n: usize) -> Option<Colour> {
        (i < n && i < Colour::MAX).then_some(Colour(i as u8))
    }

    /// The index, for arrays kept per colour.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The index as a byte.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// This colour's bit in a `u8` set of colours.
    #[inline]
    pub const fn bit(self) -> u8 {
        1 << self.0
    }

    /// The first `n` colours, in table order.
    pub fn all(n: usize) -> impl DoubleEndedIterator<Item = Colour> + ExactSizeIterator + Clone {
        (0..n.min(Colour::MAX) as u8).map(Colour)
    }

    /// The colours whose bit is set in `mask`, in table order.
    pub fn in_mask(mask: u8) -> impl Iterator<Item = Colour> + Clone {
        (0..Colour::MAX as u8)
            .filter(move |i| mask & (1 << i) != 0)
            .map(Colour)
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl From<Colour> for usize {
    fn from(c: Colour) -> usize {
        c.index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_list_their_colours_in_order() {
        let mask = Colour::new(0).bit() | Colour::new(3).bit() | Colour::new(7).bit();
        assert_eq!(
            Colour::in_mask(mask).map(Colour::get).collect::<Vec<_>>(),
            [0, 3, 7]
        );
        assert_eq!(Colour::checked(2, 2), None);
        assert_eq!(Colour::checked(1, 2), Some(Colour::new(1)));
        assert_eq!(Colour::all(20).len(), Colour::MAX);
    }
}
