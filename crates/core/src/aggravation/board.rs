//! The board: holes, their names, the seats (colours) and the paths a marble
//! follows. The geometry is data (`rules/aggravation.yaml`), read once.
//!
//! Holes are numbered: the loop `0..loop_len` clockwise (side `s` holds
//! `s * holes_per_side ..`), then the centre hole, then the HOME rows, each
//! [`MAX_HOME`] wide whatever the HOME size in play.

use std::sync::OnceLock;

use billes_notation::Name;
use serde::Deserialize;

/// A hole, by index (see the module docs for the numbering).
pub type Hole = u8;

/// No hole (the end of a path, an unknown name).
pub const NONE: u8 = u8::MAX;
/// Most sides (colours) a board may have.
pub const MAX_SIDES: usize = 6;
/// Most holes a HOME row may have.
pub const MAX_HOME: usize = 8;
/// Most holes per side.
pub const MAX_PER_SIDE: usize = 20;
/// Holes a board may have.
pub const MAX_HOLES: usize = MAX_SIDES * MAX_PER_SIDE + 1 + MAX_SIDES * MAX_HOME;
/// Size of per-hole tables: any `u8` indexes them, so lookups need no bounds check.
pub const TABLE: usize = 256;

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

/// The board geometry, with the tables the rules look things up in.
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
    side: [u8; TABLE],
    offset: [u8; TABLE],
    next: [[u8; TABLE]; MAX_SIDES],
    names: Vec<Name>,
    side_of_byte: [u8; 128],
    centre_name: Name,
    /// Per hole: `1 << side` for a star hole, else 0.
    star_bit: [u8; TABLE],
}

/// The standard board, read from `rules/aggravation.yaml` on first use.
pub fn standard() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        // The embedded file is tested; a broken one is a build defect.
        Board::from_yaml(include_str!("../../../../rules/aggravation.yaml"))
            .unwrap_or_else(|e| panic!("rules/aggravation.yaml: {e}"))
    })
}

impl Board {
    /// Reads a board description.
    ///
    /// # Errors
    /// A message when the YAML is malformed or describes an impossible board.
    pub fn from_yaml(text: &str) -> Result<Board, String> {
        let d: BoardData = serde_yaml::from_str(text).map_err(|e| e.to_string())?;
        if !(2..=MAX_SIDES as u8).contains(&d.sides) || d.sides % 2 != 0 {
            return Err(format!("{} sides: expected 2, 4 or 6", d.sides));
        }
        if !(4..=MAX_PER_SIDE as u8).contains(&d.holes_per_side) {
            return Err(format!(
                "{} holes per side: expected 4 to {MAX_PER_SIDE}",
                d.holes_per_side
            ));
        }
        let offsets = [d.star_offset, d.home_offset, d.start_offset];
        if offsets.iter().any(|&o| o >= d.holes_per_side) {
            return Err("an offset lies outside its side".into());
        }
        if d.star_offset == d.home_offset || d.star_offset == d.start_offset {
            return Err("the star hole must differ from START and the HOME branch".into());
        }
        if !(1..=MAX_HOME as u8).contains(&d.home_holes) || !(1..=d.home_holes).contains(&d.marbles)
        {
            return Err(
                "HOME holes and marbles must be 1..=8, marbles no more than HOME holes".into(),
            );
        }
        if d.seats.len() != d.sides as usize {
            return Err(format!("{} seats for {} sides", d.seats.len(), d.sides));
        }
        let mut side_of_byte = [NONE; 128];
        let mut letters = Vec::new();
        for (i, seat) in d.seats.iter().enumerate() {
            let b = seat.letter.as_bytes();
            if b.len() != 1 || !b[0].is_ascii_uppercase() {
                return Err(format!(
                    "seat letter {:?}: expected one uppercase letter",
                    seat.letter
                ));
            }
            let lower = b[0].to_ascii_lowercase();
            if side_of_byte[lower as usize] != NONE {
                return Err(format!("seat letter {} used twice", seat.letter));
            }
            side_of_byte[lower as usize] = i as u8;
            letters.push(Name::new(&seat.letter));
        }
        let cb = d.centre.as_bytes();
        if cb.is_empty() || !cb[0].is_ascii_lowercase() || side_of_byte[cb[0] as usize] != NONE {
            return Err(format!(
                "centre name {:?} must start with a lowercase letter no seat uses",
                d.centre
            ));
        }
        let loop_len = d.sides * d.holes_per_side;
        let centre = loop_len;
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
            side: [NONE; TABLE],
            offset: [NONE; TABLE],
            next: [[NONE; TABLE]; MAX_SIDES],
            names: vec![Name::default(); TABLE],
            side_of_byte,
            centre_name: Name::try_new(&d.centre).ok_or_else(|| {
                format!(
                    "centre name {:?} is longer than {} characters",
                    d.centre,
                    Name::MAX
                )
            })?,
            star_bit: [0; TABLE],
        };
        for p in 0..loop_len {
            let (s, o) = (p / d.holes_per_side, p % d.holes_per_side);
            board.class[p as usize] = Class::Loop;
            board.side[p as usize] = s;
            board.offset[p as usize] = o;
            board.names[p as usize] = Name::from(format!("{}{o}", board.lower(s)));
            if o == d.star_offset {
                board.star_bit[p as usize] = 1 << s;
            }
        }
        board.class[centre as usize] = Class::Centre;
        board.names[centre as usize] = board.centre_name;
        for s in 0..d.sides {
            for i in 0..MAX_HOME as u8 {
                let h = board.home(s, i) as usize;
                board.class[h] = Class::Home;
                board.side[h] = s;
                board.offset[h] = i;
                board.names[h] = Name::from(format!("{}h{}", board.lower(s), i + 1));
            }
        }
        for seat in 0..d.sides {
            let branch = board.branch(seat);
            for p in 0..loop_len {
                board.next[seat as usize][p as usize] = if p == branch {
                    board.home(seat, 0)
                } else {
                    (p + 1) % loop_len
                };
            }
            for i in 0..MAX_HOME as u8 - 1 {
                board.next[seat as usize][board.home(seat, i) as usize] = board.home(seat, i + 1);
            }
        }
        Ok(board)
    }

    fn lower(&self, side: u8) -> char {
        self.letters[side as usize]
            .chars()
            .next()
            .unwrap_or('?')
            .to_ascii_lowercase()
    }

    /// The seat letter of `side` (`R`).
    #[inline]
    pub fn letter(&self, side: u8) -> &str {
        let i = side as usize;
        self.letter_line.get(i..i + 1).unwrap_or("?")
    }

    /// The path tables of [`Board::next`] for HOME rows of `home_size` holes:
    /// NONE after the last one.
    pub fn paths(&self, home_size: u8) -> Box<[[Hole; TABLE]; MAX_SIDES]> {
        let mut next = Box::new(self.next);
        for seat in 0..self.sides {
            for i in home_size.saturating_sub(1)..MAX_HOME as u8 {
                next[seat as usize][self.home(seat, i) as usize] = NONE;
            }
        }
        next
    }

    /// The HOME hole `index` (0-based) of `side`.
    pub fn home(&self, side: u8, index: u8) -> Hole {
        self.loop_len + 1 + side * MAX_HOME as u8 + index
    }

    /// The star hole of `side`.
    pub fn star(&self, side: u8) -> Hole {
        side * self.per_side + self.star_offset
    }

    /// The START hole of `side`.
    pub fn start(&self, side: u8) -> Hole {
        side * self.per_side + self.start_offset
    }

    /// The loop hole of `side` its HOME row branches off after.
    pub fn branch(&self, side: u8) -> Hole {
        side * self.per_side + self.home_offset
    }

    /// What kind of hole `h` is.
    #[inline]
    pub fn class(&self, h: Hole) -> Class {
        self.class[h as usize]
    }

    /// The side a loop or HOME hole belongs to.
    #[inline]
    pub fn side(&self, h: Hole) -> u8 {
        self.side[h as usize]
    }

    /// The offset of a loop hole on its side, or the 0-based index of a HOME hole.
    #[inline]
    pub fn offset(&self, h: Hole) -> u8 {
        self.offset[h as usize]
    }

    /// Whether `h` is a star hole.
    #[inline]
    pub fn is_star(&self, h: Hole) -> bool {
        self.class(h) == Class::Loop && self.offset[h as usize] == self.star_offset
    }

    /// `1 << side` when `h` is a star hole, else 0 (NONE included).
    #[inline]
    pub fn star_bit(&self, h: Hole) -> u8 {
        self.star_bit[h as usize]
    }

    /// The next hole on the path of a marble of `seat` (the loop, turning
    /// into its own HOME at its branch; NONE after the last HOME hole and from
    /// the centre or another colour's HOME).
    #[inline]
    pub fn next(&self, seat: u8, h: Hole) -> Hole {
        self.next[seat as usize][h as usize]
    }

    /// Steps along the loop from `from` to `to` (0 when equal).
    pub fn loop_distance(&self, from: Hole, to: Hole) -> u8 {
        ((to as u16 + self.loop_len as u16 - from as u16) % self.loop_len as u16) as u8
    }

    /// The name of hole `h` (`r9`, `rh2`, `c`).
    #[inline]
    pub fn name(&self, h: Hole) -> &Name {
        &self.names[h as usize]
    }

    /// The side of a seat letter (`R` -> 0).
    pub fn seat(&self, letter: &(impl AsRef<[u8]> + ?Sized)) -> Option<u8> {
        let letter = std::str::from_utf8(letter.as_ref()).ok()?;
        self.seat_of_name(Name::try_new(letter)?)
    }

    /// [`seat`](Board::seat) for a name already read, from its [`Name::key`].
    #[inline]
    pub fn seat_of_name(&self, name: Name) -> Option<u8> {
        let key = name.key();
        let letter = key as u8;
        if key >> 8 != 0 || !letter.is_ascii_uppercase() {
            return None;
        }
        let s = self.side_of_byte[letter.to_ascii_lowercase() as usize];
        (s != NONE).then_some(s)
    }

    /// The hole called `name`, HOME holes up to [`MAX_HOME`] included.
    #[inline]
    pub fn hole(&self, name: &(impl AsRef<[u8]> + ?Sized)) -> Option<Hole> {
        let name = name.as_ref();
        let (&first, rest) = name.split_first()?;
        if first >= 128 {
            return None;
        }
        let side = self.side_of_byte[first as usize];
        if side == NONE {
            return (name == self.centre_name.as_bytes()).then_some(self.centre);
        }
        let n = match *rest {
            [d @ b'0'..=b'9'] => d - b'0',
            [b'h', d @ b'1'..=b'9'] => {
                let i = d - b'1';
                return ((i as usize) < MAX_HOME).then(|| self.home(side, i));
            }
            [a @ b'1'..=b'9', d @ b'0'..=b'9'] => (a - b'0') * 10 + d - b'0',
            _ => return None,
        };
        (n < self.per_side).then(|| side * self.per_side + n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(b.name(b.start(0)), "r9");
        assert_eq!(b.name(b.star(1)), "b0");
        assert_eq!(b.name(b.branch(3)), "g7");
        // START to the first HOME hole is 83 steps on the loop.
        for seat in 0..6 {
            let mut h = b.start(seat);
            let mut steps = 0;
            while b.class(h) == Class::Loop {
                h = b.next(seat, h);
                steps += 1;
            }
            assert_eq!(steps, 83);
            assert_eq!(h, b.home(seat, 0));
        }
    }

    #[test]
    fn every_hole_name_reads_back() {
        let b = standard();
        for h in 0..MAX_HOLES as u8 {
            if b.class(h) != Class::Unused {
                assert_eq!(b.hole(b.name(h)), Some(h), "{}", b.name(h));
            }
        }
        assert_eq!(b.hole("c"), Some(b.centre));
        for bad in ["r14", "r01", "rh0", "rh9", "x3", "", "R3", "c1", "rh", "r"] {
            assert_eq!(b.hole(bad), None, "{bad}");
        }
    }

    #[test]
    fn broken_board_files_are_refused() {
        let good = include_str!("../../../../rules/aggravation.yaml");
        assert!(Board::from_yaml(good).is_ok());
        assert!(Board::from_yaml(&good.replace("sides: 6", "sides: 5")).is_err());
        assert!(Board::from_yaml(&good.replace("centre: c", "centre: r")).is_err());
        assert!(Board::from_yaml(&good.replace("start_offset: 9", "start_offset: 0")).is_err());
        assert!(Board::from_yaml("nonsense").is_err());
    }
}
