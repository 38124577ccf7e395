//! The board: its squares in ten rows of ten, numbered boustrophedon from
//! the bottom left, and its ladders and snakes, read from the board file
//! (`boards/snakes-and-ladders.yaml`) and checked.

use std::sync::OnceLock;

use billes_game::BoardError;
use serde::Deserialize;

/// The board file of the standard game: the classic Milton Bradley board.
pub const BOARD_YAML: &str = include_str!("../boards/snakes-and-ladders.yaml");

/// The name of the place off the board where every pawn starts (`h-s4`).
pub const HOUSE: &str = "h";

/// A square's number: 1 to the last square; [`OFF`] off the board.
pub type Square = u8;

/// The number standing for a pawn off the board (on [`HOUSE`]).
pub const OFF: Square = 0;

/// What a pawn landing on a square does there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    /// Nothing: the pawn stays.
    Plain,
    /// The foot of a ladder: the pawn climbs to its top.
    Ladder(Square),
    /// The head of a snake: the pawn slides down to its tail.
    Snake(Square),
}

/// A board: its squares, its rows, its ladders and snakes.
///
/// ```
/// use billes_snakes_and_ladders::{Board, Feature};
///
/// let board = Board::standard();
/// assert_eq!(board.last(), 100);
/// assert_eq!(board.feature(4), Feature::Ladder(14));
/// assert_eq!(board.feature(16), Feature::Snake(6));
/// assert_eq!(board.end(5), 5);
/// assert_eq!(board.square("s38"), Some(38));
/// assert_eq!(board.square("h"), Some(0));
/// assert_eq!(board.square("s101"), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    last: Square,
    columns: u8,
    /// By square (0 to `last`): what a pawn landing there does.
    features: Vec<Feature>,
    ladders: Vec<(Square, Square)>,
    snakes: Vec<(Square, Square)>,
}

/// The board file, as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    squares: u16,
    columns: u16,
    #[serde(default)]
    ladders: Vec<[u16; 2]>,
    #[serde(default)]
    snakes: Vec<[u16; 2]>,
}

impl Board {
    /// The standard board, read once from [`BOARD_YAML`].
    pub fn standard() -> &'static Board {
        static STANDARD: OnceLock<Board> = OnceLock::new();
        STANDARD.get_or_init(|| {
            Board::from_yaml(BOARD_YAML)
                .unwrap_or_else(|e| panic!("boards/snakes-and-ladders.yaml: {e}"))
        })
    }

    /// A board read from a board file, checked: 2 to 200 squares in rows
    /// of `columns`; each ladder climbs and each snake slides down within
    /// the board; none starts on the last square (the goal) or where
    /// another starts; and none ends where one starts (a landing never
    /// leads to a chain).
    ///
    /// # Errors
    /// [`BoardError::Yaml`] when the text is no board file,
    /// [`BoardError::Shape`] naming the first rule the board breaks.
    pub fn from_yaml(text: &str) -> Result<Board, BoardError> {
        let file: BoardFile =
            serde_yaml::from_str(text).map_err(|e| BoardError::Yaml(e.to_string()))?;
        let shape = |m: String| BoardError::Shape(m);
        if !(2..=200).contains(&file.squares) {
            return Err(shape(format!(
                "squares: {} (a board has 2 to 200 squares)",
                file.squares
            )));
        }
        if file.columns == 0 || file.columns > file.squares {
            return Err(shape(format!(
                "columns: {} (1 to the number of squares)",
                file.columns
            )));
        }
        let last = file.squares as Square;
        let mut board = Board {
            last,
            columns: file.columns as u8,
            features: vec![Feature::Plain; usize::from(last) + 1],
            ladders: Vec::new(),
            snakes: Vec::new(),
        };
        for &[foot, top] in &file.ladders {
            board.add("ladder", foot, top, top > foot)?;
        }
        for &[head, tail] in &file.snakes {
            board.add("snake", head, tail, tail < head)?;
        }
        for &(start, end) in board.ladders.iter().chain(&board.snakes) {
            if board.feature(end) != Feature::Plain {
                return Err(shape(format!(
                    "s{start}-s{end} ends where another ladder or snake starts: no chains"
                )));
            }
        }
        Ok(board)
    }

    /// Adds a ladder or snake from `start` to `end` (`ordered`: it goes
    /// the way its kind goes).
    fn add(&mut self, kind: &str, start: u16, end: u16, ordered: bool) -> Result<(), BoardError> {
        let shape = |m: String| Err(BoardError::Shape(m));
        let last = u16::from(self.last);
        if !(1..last).contains(&start) || !(1..=last).contains(&end) {
            return shape(format!(
                "{kind} {start}-{end}: a {kind} starts on s1 to s{} and ends on s1 to s{last}",
                last - 1
            ));
        }
        if !ordered {
            let way = if kind == "ladder" { "up" } else { "down" };
            return shape(format!("{kind} {start}-{end}: a {kind} goes {way}"));
        }
        let (start, end) = (start as Square, end as Square);
        if self.feature(start) != Feature::Plain {
            return shape(format!(
                "{kind} {start}-{end}: another ladder or snake starts on s{start}"
            ));
        }
        if kind == "ladder" {
            self.features[usize::from(start)] = Feature::Ladder(end);
            self.ladders.push((start, end));
        } else {
            self.features[usize::from(start)] = Feature::Snake(end);
            self.snakes.push((start, end));
        }
        Ok(())
    }

    /// The last square, the goal (100).
    pub fn last(&self) -> Square {
        self.last
    }

    /// The squares of a row (10).
    pub fn columns(&self) -> u8 {
        self.columns
    }

    /// The rows, the top one perhaps not full.
    pub fn rows(&self) -> u8 {
        self.last.div_ceil(self.columns)
    }

    /// What a pawn landing on `square` does there (plain for a number off
    /// the board).
    pub fn feature(&self, square: Square) -> Feature {
        self.features
            .get(usize::from(square))
            .copied()
            .unwrap_or(Feature::Plain)
    }

    /// Where a pawn landing on `square` ends: the top of a ladder, the
    /// tail of a snake, else the square itself.
    pub fn end(&self, square: Square) -> Square {
        match self.feature(square) {
            Feature::Plain => square,
            Feature::Ladder(end) | Feature::Snake(end) => end,
        }
    }

    /// The ladders, each its foot and its top, as the board file lists them.
    pub fn ladders(&self) -> &[(Square, Square)] {
        &self.ladders
    }

    /// The snakes, each its head and its tail, as the board file lists them.
    pub fn snakes(&self) -> &[(Square, Square)] {
        &self.snakes
    }

    /// The square named `name`: `h` ([`OFF`]) or `s1` to the last square,
    /// without a leading zero.
    pub fn square(&self, name: &str) -> Option<Square> {
        if name == HOUSE {
            return Some(OFF);
        }
        let digits = name.strip_prefix('s')?;
        if digits.starts_with('0')
            || digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let n: u16 = digits.parse().ok()?;
        (1..=u16::from(self.last))
            .contains(&n)
            .then_some(n as Square)
    }

    /// Where `square` is drawn: its column from the left and its row from
    /// the bottom, both from 0 (`s1` at `(0, 0)`, `s11` above `s10`).
    pub fn xy(&self, square: Square) -> (u8, u8) {
        let i = square.saturating_sub(1);
        let (row, column) = (i / self.columns, i % self.columns);
        if row % 2 == 0 {
            (column, row)
        } else {
            (self.columns - 1 - column, row)
        }
    }

    /// The square at `column` and `row` (as [`Board::xy`] gives them).
    pub fn at(&self, column: u8, row: u8) -> Option<Square> {
        if column >= self.columns {
            return None;
        }
        let in_row = if row % 2 == 0 {
            column
        } else {
            self.columns - 1 - column
        };
        let square = u16::from(row) * u16::from(self.columns) + u16::from(in_row) + 1;
        (square <= u16::from(self.last)).then_some(square as Square)
    }
}

/// The name of `square`: `h` off the board, else `s` and its number.
///
/// ```
/// assert_eq!(billes_snakes_and_ladders::name(0), "h");
/// assert_eq!(billes_snakes_and_ladders::name(38), "s38");
/// ```
pub fn name(square: Square) -> String {
    if square == OFF {
        HOUSE.to_string()
    } else {
        format!("s{square}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_board_is_the_classic_one() {
        let b = Board::standard();
        assert_eq!((b.last(), b.columns(), b.rows()), (100, 10, 10));
        assert_eq!(
            b.ladders(),
            [
                (1, 38),
                (4, 14),
                (9, 31),
                (21, 42),
                (28, 84),
                (36, 44),
                (51, 67),
                (71, 91),
                (80, 100)
            ]
        );
        assert_eq!(
            b.snakes(),
            [
                (16, 6),
                (47, 26),
                (49, 11),
                (56, 53),
                (62, 19),
                (64, 60),
                (87, 24),
                (93, 73),
                (95, 75),
                (98, 78)
            ]
        );
    }

    #[test]
    fn no_landing_leads_to_a_chain() {
        let b = Board::standard();
        for square in 1..=b.last() {
            let end = b.end(square);
            assert_eq!(b.end(end), end, "s{square} leads to s{end}, which leads on");
        }
        // The goal is a plain square, reached by a ladder.
        assert_eq!(b.feature(100), Feature::Plain);
        assert_eq!(b.end(80), 100);
    }

    #[test]
    fn squares_run_boustrophedon() {
        let b = Board::standard();
        assert_eq!(b.xy(1), (0, 0));
        assert_eq!(b.xy(10), (9, 0));
        assert_eq!(b.xy(11), (9, 1));
        assert_eq!(b.xy(20), (0, 1));
        assert_eq!(b.xy(100), (0, 9));
        for square in 1..=100 {
            let (x, y) = b.xy(square);
            assert_eq!(b.at(x, y), Some(square));
        }
        assert_eq!(b.at(10, 0), None);
    }

    #[test]
    fn names_read_only_as_written() {
        let b = Board::standard();
        assert_eq!(b.square("s1"), Some(1));
        assert_eq!(b.square("s100"), Some(100));
        for bad in ["s0", "s01", "s", "s101", "r9", "S5", "s5a", "hh"] {
            assert_eq!(b.square(bad), None, "{bad}");
        }
        assert_eq!(name(b.square("s42").unwrap()), "s42");
    }

    #[test]
    fn boards_that_break_a_rule_are_refused() {
        let shape = |text: &str| match Board::from_yaml(text) {
            Err(BoardError::Shape(m)) => m,
            other => panic!("{text}: {other:?}"),
        };
        let chain = shape("squares: 20\ncolumns: 5\nladders: [[2, 8]]\nsnakes: [[8, 3]]\n");
        assert!(chain.contains("no chains"), "{chain}");
        let twice = shape("squares: 20\ncolumns: 5\nladders: [[2, 8]]\nsnakes: [[2, 1]]\n");
        assert!(
            twice.contains("another ladder or snake starts on s2"),
            "{twice}"
        );
        let down = shape("squares: 20\ncolumns: 5\nladders: [[8, 2]]\n");
        assert!(down.contains("a ladder goes up"), "{down}");
        let goal = shape("squares: 20\ncolumns: 5\nsnakes: [[20, 2]]\n");
        assert!(goal.contains("starts on s1 to s19"), "{goal}");
        assert!(shape("squares: 1\ncolumns: 1\n").contains("2 to 200"));
        assert!(matches!(
            Board::from_yaml("squares: [x]"),
            Err(BoardError::Yaml(_))
        ));
    }
}
