//! The board: holes, their names, the seats (colours) and the paths a marble
//! follows. The geometry is data (`rules/aggravation.yaml`), read once.
//!
//! Holes are numbered: the loop `0..loop_len` clockwise (the side of
//! colour `c` holds `c * holes_per_side ..`), then the centre hole, then the
//! HOME rows, each [`MAX_HOME`] wide whatever the HOME size in play. A
//! seat is its [`Colour`], the index of its colour in the board's table.

use std::fmt;
use std::num::NonZeroU8;
use std::sync::OnceLock;

use billes_game::{BoardError, Colour};
use billes_notation::{ByKey, Name};
use serde::Deserialize;

/// A hole of the board, by index (see the module docs for the numbering).
///
/// Its one byte holds the index plus one, so that `Option<Hole>` is one
/// byte too and "no hole" (the end of a path, a marble in BASE, a pass) is
/// that byte at 0. The board's per-hole tables have [`TABLE`] entries and
/// are indexed by the byte itself (its slot: index plus one, slot 0 is no
/// hole): a lookup needs no bounds check and no subtraction, and a table
/// of `Option<Hole>` holds "no hole" as 0.
///
/// ```
/// use billes_aggravation::{board, Hole};
///
/// let b = board::standard();
/// let r9 = b.hole("r9").unwrap();
/// assert_eq!(r9.index(), 9);
/// assert_eq!(Hole::new(9), r9);
/// assert_eq!(std::mem::size_of::<Option<Hole>>(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hole(NonZeroU8);

impl Hole {
    /// The hole of index `index`.
    ///
    /// # Panics
    /// In debug builds, when `index` is not below [`MAX_HOLES`].
    #[inline(always)]
    pub const fn new(index: u8) -> Hole {
        debug_assert!((index as usize) < MAX_HOLES);
        Hole(NonZeroU8::MIN.saturating_add(index))
    }

    /// The hole of index `index`, when a board may have it.
    pub fn checked(index: usize) -> Option<Hole> {
        (index < MAX_HOLES).then(|| Hole::new(index as u8))
    }

    /// The index (see the module docs for the numbering).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.get() as usize
    }

    /// The index as a byte.
    #[inline(always)]
    pub const fn get(self) -> u8 {
        self.0.get() - 1
    }

    /// Every index a board may use, in order: [`Board::class`] says which
    /// are holes of a given board (see [`Board::holes`]).
    pub fn all() -> impl DoubleEndedIterator<Item = Hole> + ExactSizeIterator + Clone {
        (0..MAX_HOLES as u8).map(Hole::new)
    }

    /// The slot of `hole` in a table of [`TABLE`] entries: its index plus
    /// one, 0 for no hole.
    #[inline(always)]
    pub(crate) const fn slot(hole: Option<Hole>) -> usize {
        Hole::byte(hole) as usize
    }

    /// The byte of `hole`: its index plus one, 0 for no hole (what an
    /// `Option<Hole>` holds).
    #[inline(always)]
    pub(crate) const fn byte(hole: Option<Hole>) -> u8 {
        match hole {
            Some(h) => h.0.get(),
            None => 0,
        }
    }

    /// The hole whose [`byte`](Hole::byte) is `b` (0: none).
    #[inline(always)]
    pub(crate) const fn from_byte(b: u8) -> Option<Hole> {
        match NonZeroU8::new(b) {
            Some(n) => Some(Hole(n)),
            None => None,
        }
    }
}

impl fmt::Debug for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hole({})", self.get())
    }
}

impl fmt::Display for Hole {
    /// The index: a hole's name needs its board ([`Board::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// Most sides (colours) a board may have.
pub const MAX_SIDES: usize = 6;
/// Most holes a HOME row may have.
pub const MAX_HOME: usize = 8;
/// Most holes per side.
pub const MAX_PER_SIDE: usize = 20;
/// Holes a board may have.
pub const MAX_HOLES: usize = MAX_SIDES * MAX_PER_SIDE + 1 + MAX_SIDES * MAX_HOME;
/// Size of per-hole tables: indexed by a hole's byte (index plus one, 0 for
/// no hole), which any `u8` is, so lookups need no bounds check.
pub const TABLE: usize = 256;

const _: () = assert!(MAX_HOLES < TABLE, "a hole's byte indexes the tables");
const _: () = assert!(MAX_SIDES <= Colour::MAX, "a colour per side");

/// The board description as written in the YAML file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardData {
    #[allow(dead_code)]
    name: String,
    sides: u8,
    holes_per_side: u8,
    star_offset: u8,
    home_offset: u8,
    start_offset: u8,
    home_holes: u8,
    marbles: u8,
    centre: String,
    seats: Vec<SeatData>,
    /// How billes-render draws the board: not the rules' business.
    #[serde(default)]
    #[allow(dead_code)]
    drawing: serde::de::IgnoredAny,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatData {
    letter: String,
    colour: String,
}

/// What kind of hole an index is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// Not a hole of this board.
    Unused,
    /// A hole of the loop (star holes and START included).
    Loop,
    /// The centre hole.
    Centre,
    /// A HOME hole.
    Home,
}

/// The board geometry, with the tables the rules look things up in (each
/// indexed by a hole's byte: see [`Hole`]).
#[derive(Debug)]
pub struct Board {
    /// Number of sides, one per colour.
    pub sides: u8,
    /// Holes per side of the loop.
    pub per_side: u8,
    /// Holes in the loop.
    pub loop_len: u8,
    /// Offset of the star hole on each side.
    pub star_offset: u8,
    /// Offset of the hole the HOME row branches off after.
    pub home_offset: u8,
    /// Offset of START.
    pub start_offset: u8,
    /// HOME holes of the standard rules.
    pub home_holes: u8,
    /// Marbles per colour in the standard rules.
    pub marbles: u8,
    /// The centre hole.
    pub centre: Hole,
    /// Seat letters (uppercase), clockwise.
    pub letters: Vec<Name>,
    /// Colour names, clockwise.
    pub colours: Vec<String>,
    /// The seat letters run together ("RBPGYW"), to slice one out cheaply.
    letter_line: String,
    class: [Class; TABLE],
    colour: [Option<Colour>; TABLE],
    offset: [u8; TABLE],
    next: [[Option<Hole>; TABLE]; MAX_SIDES],
    names: Vec<Name>,
    /// Per lowercase seat letter (an ASCII byte): its colour.
    colour_of_byte: [Option<Colour>; 128],
    centre_name: Name,
    /// Per hole: the bit of its colour for a star hole, else 0.
    star_bit: [u8; TABLE],
    /// Per loop hole: the roll of 1 to `per_side` whose `roll - 1` steps
    /// along the loop reach a star hole, else 0 ([`Board::centre_roll`]).
    centre_roll: [u8; TABLE],
    /// The holes but the centre by their names' keys, for
    /// [`Board::hole_named`].
    by_key: ByKey,
}

/// The standard board's description as shipped: a copy of
/// `rules/aggravation.yaml` kept in the crate, identical to it (a test
/// compares them).
pub const BOARD_YAML: &str = include_str!("../boards/aggravation.yaml");

/// The standard board, read from `rules/aggravation.yaml` on first use.
pub fn standard() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        // The embedded file is tested; a broken one is a build defect.
        Board::from_yaml(BOARD_YAML).unwrap_or_else(|e| panic!("rules/aggravation.yaml: {e}"))
    })
}

/// The board's numbers agree: 2, 4 or 6 sides, the holes of a side, the
/// star hole, START and the HOME branch on a side, HOME and marbles.
fn check_shape(d: &BoardData) -> Result<(), BoardError> {
    if !(2..=MAX_SIDES as u8).contains(&d.sides) || d.sides % 2 != 0 {
        return Err(BoardError::Shape(format!(
            "{} sides: expected 2, 4 or 6",
            d.sides
        )));
    }
    if !(4..=MAX_PER_SIDE as u8).contains(&d.holes_per_side) {
        return Err(BoardError::Shape(format!(
            "{} holes per side: expected 4 to {MAX_PER_SIDE}",
            d.holes_per_side
        )));
    }
    let offsets = [d.star_offset, d.home_offset, d.start_offset];
    if offsets.iter().any(|&o| o >= d.holes_per_side) {
        return Err(BoardError::Shape("an offset lies outside its side".into()));
    }
    if d.star_offset == d.home_offset || d.star_offset == d.start_offset {
        return Err(BoardError::Shape(
            "the star hole must differ from START and the HOME branch".into(),
        ));
    }
    if !(1..=MAX_HOME as u8).contains(&d.home_holes) || !(1..=d.home_holes).contains(&d.marbles) {
        return Err(BoardError::Shape(
            "HOME holes and marbles must be 1..=8, marbles no more than HOME holes".into(),
        ));
    }
    if d.seats.len() != d.sides as usize {
        return Err(BoardError::Shape(format!(
            "{} seats for {} sides",
            d.seats.len(),
            d.sides
        )));
    }
    Ok(())
}

/// The seats' letters, one uppercase letter each, used once, and the
/// colour of each one's lowercase byte.
fn seat_letters(d: &BoardData) -> Result<([Option<Colour>; 128], Vec<Name>), BoardError> {
    let mut colour_of_byte = [None; 128];
    let mut letters = Vec::new();
    for (colour, seat) in Colour::all(d.seats.len()).zip(&d.seats) {
        let b = seat.letter.as_bytes();
        if b.len() != 1 || !b[0].is_ascii_uppercase() {
            return Err(BoardError::Shape(format!(
                "seat letter {:?}: expected one uppercase letter",
                seat.letter
            )));
        }
        let lower = b[0].to_ascii_lowercase();
        if colour_of_byte[lower as usize].is_some() {
            return Err(BoardError::Shape(format!(
                "seat letter {} used twice",
                seat.letter
            )));
        }
        colour_of_byte[lower as usize] = Some(colour);
        letters.push(Name::new(&seat.letter));
    }
    Ok((colour_of_byte, letters))
}

impl Board {
    /// Reads a board description.
    ///
    /// # Errors
    /// A message when the YAML is malformed or describes an impossible board.
    pub fn from_yaml(text: &str) -> Result<Board, BoardError> {
        let d: BoardData =
            serde_yaml::from_str(text).map_err(|e| BoardError::Yaml(e.to_string()))?;
        check_shape(&d)?;
        let (colour_of_byte, letters) = seat_letters(&d)?;
        let cb = d.centre.as_bytes();
        if cb.is_empty() || !cb[0].is_ascii_lowercase() || colour_of_byte[cb[0] as usize].is_some()
        {
            return Err(BoardError::Shape(format!(
                "centre name {:?} must start with a lowercase letter no seat uses",
                d.centre
            )));
        }
        let loop_len = d.sides * d.holes_per_side;
        let centre = Hole::new(loop_len);
        let mut board = Board {
            sides: d.sides,
            per_side: d.holes_per_side,
            loop_len,
            star_offset: d.star_offset,
            home_offset: d.home_offset,
            start_offset: d.start_offset,
            home_holes: d.home_holes,
            marbles: d.marbles,
            centre,
            letters,
            colours: d.seats.iter().map(|s| s.colour.clone()).collect(),
            letter_line: d.seats.iter().map(|s| s.letter.as_str()).collect(),
            class: [Class::Unused; TABLE],
            colour: [None; TABLE],
            offset: [0; TABLE],
            next: [[None; TABLE]; MAX_SIDES],
            names: vec![Name::default(); TABLE],
            colour_of_byte,
            centre_name: Name::try_new(&d.centre).ok_or_else(|| {
                BoardError::Shape(format!(
                    "centre name {:?} is longer than {} characters",
                    d.centre,
                    Name::MAX
                ))
            })?,
            star_bit: [0; TABLE],
            centre_roll: [0; TABLE],
            by_key: ByKey::new(),
        };
        board.fill_tables();
        board.fill_keys();
        Ok(board)
    }

    /// The table of holes by key ([`Board::by_key`]): each hole but the
    /// centre that its name's reading ([`Board::hole_of_key`]) finds.
    fn fill_keys(&mut self) {
        let holes: Vec<Hole> = self.holes().filter(|&h| h != self.centre).collect();
        for h in holes {
            let key = self.name(h).key();
            if self.hole_of_key(key) == Some(h) {
                // The seats' letters are told apart by their low five
                // bits (one uppercase letter each, checked), as digits and
                // `h` are: each name the reading finds has its own entry.
                let put = self.by_key.insert(*self.name(h), h.0);
                debug_assert!(put, "{}", self.name(h));
            }
        }
    }

    /// The holes' classes, colours, offsets and names, and where a marble
    /// of each colour goes next from each hole: around the loop, into its
    /// HOME at its branch.
    fn fill_tables(&mut self) {
        for p in 0..self.loop_len {
            let c = Colour::new(p / self.per_side);
            let o = p % self.per_side;
            let at = Hole::slot(Some(Hole::new(p)));
            self.class[at] = Class::Loop;
            self.colour[at] = Some(c);
            self.offset[at] = o;
            self.names[at] = Name::from(format!("{}{o}", self.lower(c)));
            if o == self.star_offset {
                self.star_bit[at] = c.bit();
            }
            self.centre_roll[at] = (self.star_offset + self.per_side - o) % self.per_side + 1;
        }
        let at = Hole::slot(Some(self.centre));
        self.class[at] = Class::Centre;
        self.names[at] = self.centre_name;
        for c in self.all_colours() {
            for i in 0..MAX_HOME as u8 {
                let at = Hole::slot(Some(self.home(c, i)));
                self.class[at] = Class::Home;
                self.colour[at] = Some(c);
                self.offset[at] = i;
                self.names[at] = Name::from(format!("{}h{}", self.lower(c), i + 1));
            }
        }
        for c in self.all_colours() {
            let branch = self.branch(c);
            let mut next = [None; TABLE];
            for p in 0..self.loop_len {
                let h = Hole::new(p);
                next[Hole::slot(Some(h))] = Some(if h == branch {
                    self.home(c, 0)
                } else {
                    Hole::new((p + 1) % self.loop_len)
                });
            }
            for i in 0..MAX_HOME as u8 - 1 {
                next[Hole::slot(Some(self.home(c, i)))] = Some(self.home(c, i + 1));
            }
            self.next[c.index()] = next;
        }
    }

    fn lower(&self, colour: Colour) -> char {
        self.letters[colour.index()]
            .chars()
            .next()
            .unwrap_or('?')
            .to_ascii_lowercase()
    }

    /// The colours of the board, one per side, clockwise.
    pub fn all_colours(
        &self,
    ) -> impl DoubleEndedIterator<Item = Colour> + ExactSizeIterator + Clone {
        Colour::all(self.sides as usize)
    }

    /// The holes of the board, in order of index (the loop, the centre,
    /// then the HOME rows, each [`MAX_HOME`] wide).
    pub fn holes(&self) -> impl Iterator<Item = Hole> + '_ {
        Hole::all().filter(|&h| self.class(h) != Class::Unused)
    }

    /// The seat letter of `colour` (`R`).
    #[inline]
    pub fn letter(&self, colour: Colour) -> &str {
        let i = colour.index();
        self.letter_line.get(i..i + 1).unwrap_or("?")
    }

    /// The seat letter of `colour` as the notation's seat: what
    /// [`Board::letter`] gives, as a name.
    #[inline]
    pub fn seat_name(&self, colour: Colour) -> Name {
        self.letters
            .get(colour.index())
            .copied()
            .unwrap_or_else(|| Name::new("?"))
    }

    /// The path tables of [`Board::next`] for HOME rows of `home_size`
    /// holes, indexed by colour and then by a hole's byte (see [`Hole`]):
    /// no hole after the last one.
    pub fn paths(&self, home_size: u8) -> Box<[[Option<Hole>; TABLE]; MAX_SIDES]> {
        let mut next = Box::new(self.next);
        for c in self.all_colours() {
            for i in home_size.saturating_sub(1)..MAX_HOME as u8 {
                next[c.index()][Hole::slot(Some(self.home(c, i)))] = None;
            }
        }
        next
    }

    /// The HOME hole `index` (0-based) of `colour`.
    #[inline]
    pub fn home(&self, colour: Colour, index: u8) -> Hole {
        Hole::new(self.loop_len + 1 + colour.get() * MAX_HOME as u8 + index)
    }

    /// The star hole of `colour`.
    #[inline]
    pub fn star(&self, colour: Colour) -> Hole {
        Hole::new(colour.get() * self.per_side + self.star_offset)
    }

    /// The START hole of `colour`.
    #[inline]
    pub fn start(&self, colour: Colour) -> Hole {
        Hole::new(colour.get() * self.per_side + self.start_offset)
    }

    /// The loop hole of `colour` its HOME row branches off after.
    #[inline]
    pub fn branch(&self, colour: Colour) -> Hole {
        Hole::new(colour.get() * self.per_side + self.home_offset)
    }

    /// What kind of hole `h` is.
    #[inline]
    pub fn class(&self, h: Hole) -> Class {
        self.class[Hole::slot(Some(h))]
    }

    /// The colour whose side of the loop or HOME row `h` is on (none for
    /// the centre).
    #[inline]
    pub fn colour(&self, h: Hole) -> Option<Colour> {
        self.colour[Hole::slot(Some(h))]
    }

    /// The offset of a loop hole on its side, or the 0-based index of a
    /// HOME hole (0 for the centre).
    #[inline]
    pub fn offset(&self, h: Hole) -> u8 {
        self.offset[Hole::slot(Some(h))]
    }

    /// Whether `h` is a star hole.
    #[inline]
    pub fn is_star(&self, h: Hole) -> bool {
        self.star_bit(Some(h)) != 0
    }

    /// The bit of its colour ([`Colour::bit`]) when `h` is a star hole, else
    /// 0 (no hole included).
    #[inline]
    pub fn star_bit(&self, h: Option<Hole>) -> u8 {
        self.star_bit[Hole::slot(h)]
    }

    /// For a loop hole, the one roll of 1 to [`per_side`](Board::per_side)
    /// whose `roll - 1` steps along the loop end on a star hole (the roll
    /// of the route into the centre from `h`); 0 for any other hole. A
    /// roll larger than `per_side` ends on one when it is this roll plus a
    /// number of sides.
    #[inline]
    pub fn centre_roll(&self, h: Hole) -> u8 {
        self.centre_roll[Hole::slot(Some(h))]
    }

    /// The next hole on the path of a marble of `colour` (the loop, turning
    /// into its own HOME at its branch; none after the last HOME hole and
    /// from the centre or another colour's HOME).
    #[inline]
    pub fn next(&self, colour: Colour, h: Hole) -> Option<Hole> {
        self.next[colour.index()][Hole::slot(Some(h))]
    }

    /// Steps along the loop from `from` to `to` (0 when equal).
    pub fn loop_distance(&self, from: Hole, to: Hole) -> u8 {
        let len = u16::from(self.loop_len);
        ((u16::from(to.get()) + len - u16::from(from.get())) % len) as u8
    }

    /// The hole `steps` holes clockwise round the loop from loop hole `h`.
    #[inline]
    pub fn loop_ahead(&self, h: Hole, steps: u8) -> Hole {
        let len = u16::from(self.loop_len);
        Hole::new(((u16::from(h.get()) + u16::from(steps)) % len) as u8)
    }

    /// The name of hole `h` (`r9`, `rh2`, `c`).
    #[inline]
    pub fn name(&self, h: Hole) -> &Name {
        &self.names[Hole::slot(Some(h))]
    }

    /// The colour of a seat letter (`R` -> the first colour).
    pub fn seat(&self, letter: &(impl AsRef<[u8]> + ?Sized)) -> Option<Colour> {
        let letter = std::str::from_utf8(letter.as_ref()).ok()?;
        self.seat_of_name(Name::try_new(letter)?)
    }

    /// [`seat`](Board::seat) for a name already read, from its [`Name::key`].
    #[inline]
    pub fn seat_of_name(&self, name: Name) -> Option<Colour> {
        let key = name.key();
        let letter = key as u8;
        if key >> 8 != 0 || !letter.is_ascii_uppercase() {
            return None;
        }
        self.colour_of_byte[letter.to_ascii_lowercase() as usize]
    }

    /// The hole called `name`, HOME holes up to [`MAX_HOME`] included.
    #[inline]
    pub fn hole(&self, name: &(impl AsRef<[u8]> + ?Sized)) -> Option<Hole> {
        let name = name.as_ref();
        // A name's key (see `Name::key`): no hole's name is longer or
        // holds a NUL, which would read as a shorter name's key.
        if name.len() > Name::MAX || name.contains(&0) {
            return None;
        }
        let key = name.iter().rev().fold(0, |k, &b| k << 8 | u64::from(b));
        self.hole_by_key(key)
    }

    /// [`hole`](Board::hole) for a name already read, from its
    /// [`Name::key`]: a move's holes are looked up without reading their
    /// bytes again.
    #[inline]
    pub fn hole_named(&self, name: Name) -> Option<Hole> {
        self.hole_by_key(name.key())
    }

    /// The hole whose name has `key`, as [`hole_of_key`](Board::hole_of_key)
    /// reads it: an entry of [`Board::by_key`] read ([`ByKey`]) and the key
    /// of the hole it holds compared, or the centre's name, without a
    /// branch. The reading checks each byte: three times the instructions,
    /// and a move names two holes.
    #[inline(always)]
    fn hole_by_key(&self, key: u64) -> Option<Hole> {
        let mut byte = self.by_key.get(key).map_or(0, NonZeroU8::get);
        if key == self.centre_name.key() {
            byte = Hole::byte(Some(self.centre));
        }
        Hole::from_byte(byte)
    }

    /// The hole whose name has `key`: a colour's letter then its offset
    /// (`r0` to `r13`) or `h` and a HOME place (`rh1`), or the centre. The
    /// reference of [`hole_by_key`](Board::hole_by_key), which is filled
    /// from it.
    fn hole_of_key(&self, key: u64) -> Option<Hole> {
        let first = key as u8;
        if first >= 128 {
            return None;
        }
        let Some(colour) = self.colour_of_byte[first as usize] else {
            return (key != 0 && key == self.centre_name.key()).then_some(self.centre);
        };
        // The bytes after the letter; a name's bytes end at its first zero.
        let [a, b, c] = [(key >> 8) as u8, (key >> 16) as u8, (key >> 24) as u8];
        if a == b'h' {
            let i = b.wrapping_sub(b'1');
            return ((i as usize) < MAX_HOME && c == 0).then(|| self.home(colour, i));
        }
        // One digit, or two without a leading zero: the checks are combined
        // without branches, as which of the two a move names is a toss-up.
        let (d1, d2, two) = (a.wrapping_sub(b'0'), b.wrapping_sub(b'0'), b != 0);
        let offset = if two {
            d1.wrapping_mul(10).wrapping_add(d2)
        } else {
            d1
        };
        let ok = (d1 <= 9) & (!two | ((d1 != 0) & (d2 <= 9) & (c == 0))) & (offset < self.per_side);
        ok.then(|| Hole::new(colour.get() * self.per_side + offset))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn a_seat_s_name_is_its_letter() {
        let b = standard();
        for c in b.all_colours() {
            assert_eq!(b.seat_name(c), Name::new(b.letter(c)));
            assert_eq!(b.seat(b.letter(c)), Some(c));
        }
    }

    #[test]
    fn seats_are_found_by_key_as_by_bytes() {
        let b = standard();
        for name in ["", "R", "B", "W", "Q", "r", "RB", "Rouge", "\u{c9}", "1"] {
            assert_eq!(b.seat_of_name(Name::new(name)), b.seat(name), "{name:?}");
        }
    }

    #[test]
    fn the_standard_board_matches_the_board_facts() {
        let b = standard();
        assert_eq!(b.loop_len, 84);
        assert_eq!(b.per_side, 14);
        assert_eq!(b.letters.join(" "), "R B P G Y W");
        // START is offset 9, the star hole offset 0, HOME branches at 7.
        assert_eq!(b.name(b.start(Colour::new(0))), "r9");
        assert_eq!(b.name(b.star(Colour::new(1))), "b0");
        assert_eq!(b.name(b.branch(Colour::new(3))), "g7");
        // START to the first HOME hole is 83 steps on the loop.
        for colour in Colour::all(6) {
            let mut h = b.start(colour);
            let mut steps = 0;
            while b.class(h) == Class::Loop {
                h = b.next(colour, h).unwrap();
                steps += 1;
            }
            assert_eq!(steps, 83);
            assert_eq!(h, b.home(colour, 0));
        }
    }

    #[test]
    fn every_hole_name_reads_back() {
        let b = standard();
        let mut holes = 0;
        for h in b.holes() {
            assert_eq!(b.hole(b.name(h)), Some(h), "{}", b.name(h));
            holes += 1;
        }
        assert_eq!(holes, 84 + 1 + 6 * MAX_HOME);
        assert_eq!(b.hole("c"), Some(b.centre));
        for bad in ["r14", "r01", "rh0", "rh9", "x3", "", "R3", "c1", "rh", "r"] {
            assert_eq!(b.hole(bad), None, "{bad}");
        }
        for bad in [
            "r1\0",
            "c\0",
            "r1\u{0}3",
            "rh1x",
            "r123",
            "r9x",
            "\u{e9}1",
            "r12345678",
        ] {
            assert_eq!(b.hole(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_name_read_finds_the_hole_its_text_finds() {
        let b = standard();
        let mut names: Vec<String> = b.holes().map(|h| b.name(h).to_string()).collect();
        for first in ["r", "b", "c", "x", "R", "h", "\u{e9}"] {
            for rest in [
                "", "0", "9", "10", "13", "14", "99", "h", "h1", "h4", "h5", "h9", "1h",
            ] {
                names.push(format!("{first}{rest}"));
            }
        }
        for name in names {
            let read = Name::new(&name);
            assert_eq!(b.hole_named(read), b.hole(&name), "{name}");
        }
    }

    #[test]
    fn a_name_read_finds_the_hole_of_that_name() {
        // The reference: the hole whose name it is, searched for.
        let b = standard();
        let search = |text: &str| b.holes().find(|&h| b.name(h) == text);
        let alphabet = [
            "r", "b", "w", "c", "h", "x", "R", "0", "1", "4", "8", "9", ":", "/", "\u{e9}",
        ];
        let mut texts = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..4 {
            last = last
                .iter()
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            texts.extend(last.iter().cloned());
        }
        for first in ["r", "b", "p", "g", "y", "w"] {
            for n in 0..200 {
                texts.push(format!("{first}{n}"));
                texts.push(format!("{first}h{n}"));
            }
        }
        assert!(texts.len() > 50_000);
        for text in &texts {
            let name = Name::new(text);
            assert_eq!(b.hole_named(name), search(text), "{text:?}");
            assert_eq!(b.hole_of_key(name.key()), search(text), "{text:?}");
        }
    }

    #[test]
    fn broken_board_files_are_refused() {
        let good = include_str!("../boards/aggravation.yaml");
        assert!(Board::from_yaml(good).is_ok());
        assert!(Board::from_yaml(&good.replace("sides: 6", "sides: 5")).is_err());
        assert!(Board::from_yaml(&good.replace("centre: c", "centre: r")).is_err());
        assert!(Board::from_yaml(&good.replace("start_offset: 9", "start_offset: 0")).is_err());
        assert!(Board::from_yaml("nonsense").is_err());
    }
}
