//! A game's own columns in the `turns` table of `billes export`: what a
//! turn of this game tells beyond what every game's turn has (the seat, the
//! roll, the move with its marks, the pieces captured, the comments...).
//!
//! A game declares its columns, each a name, a type and what it holds
//! ([`GameRules::TURN_COLUMNS`](crate::game::GameRules::TURN_COLUMNS)), and
//! fills them for each turn from the turn's complete move, every mark it
//! implies ([`GameRules::turn_cells`](crate::game::GameRules::turn_cells)):
//! Barricade its `barricade_taken` and `barricade_put`, Offboard its
//! `ejections`, `points` and `removed`; Aggravation declares none. The
//! export writes the columns every game has, then the game's own, and no
//! column of another game, as `billes render --json` writes a position's
//! common keys and its game's own part ([`crate::view::PositionView`]).
//!
//! The cells of a turn are held inline, at most [`MAX_TURN_COLUMNS`] of
//! them, and a text cell of up to 23 bytes without an allocation, so that
//! a row costs no more for being a game's.
//!
//! ```
//! use billes_game::columns::{Cell, CellKind, TurnCells, TurnColumn};
//!
//! const COLUMNS: &[TurnColumn] = &[
//!     TurnColumn::new("bonus", CellKind::U32, false, "the points the turn won"),
//!     TurnColumn::new("bonus_at", CellKind::Text, true, "where it won them"),
//! ];
//! let cells = TurnCells::from_cells([Cell::U32(3), Cell::Null]);
//! assert_eq!(cells.fit(COLUMNS), Ok(()));
//! assert_eq!(cells.get(0), &Cell::U32(3));
//! // Text where a number is declared, or a null where none may be, does not fit.
//! let wrong = TurnCells::from_cells([Cell::text("3"), Cell::Null]);
//! assert!(wrong.fit(COLUMNS).is_err());
//! assert!(TurnCells::default().fit(COLUMNS).is_err());
//! ```

use serde::{Serialize, Serializer};
use smol_str::SmolStr;

/// The most columns of its own a game declares: a turn's cells are held
/// inline, this many of them (the registry checks every game at compile
/// time, the conformance kit any game).
pub const MAX_TURN_COLUMNS: usize = 4;

/// The type of a game's own column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// `true` or `false` (Parquet `BOOLEAN`).
    Bool,
    /// A 32-bit unsigned integer (Parquet `UINT_32`).
    U32,
    /// UTF-8 text (Parquet `STRING`).
    Text,
}

/// A column of a game's own: its name, type, whether a turn of the game
/// may leave it null, and what it holds (the line docs/export.md gives it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnColumn {
    /// The name: lowercase ASCII letters, digits and `_`, starting with a
    /// letter (`barricade_put`).
    pub name: &'static str,
    /// The type.
    pub kind: CellKind,
    /// Whether a turn of the game may hold null there (in a table that
    /// holds other games too, their turns hold null in it all the same).
    pub nullable: bool,
    /// What it holds.
    pub doc: &'static str,
}

impl TurnColumn {
    /// The column `name` of type `kind`.
    pub const fn new(
        name: &'static str,
        kind: CellKind,
        nullable: bool,
        doc: &'static str,
    ) -> TurnColumn {
        TurnColumn {
            name,
            kind,
            nullable,
            doc,
        }
    }
}

/// The value of one of a game's own columns for a turn.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Cell {
    /// No value.
    #[default]
    Null,
    /// A [`CellKind::Bool`] value.
    Bool(bool),
    /// A [`CellKind::U32`] value.
    U32(u32),
    /// A [`CellKind::Text`] value.
    Text(SmolStr),
}

impl Cell {
    /// A text cell.
    pub fn text(text: impl AsRef<str>) -> Cell {
        Cell::Text(SmolStr::new(text))
    }

    /// Its type; `None` for [`Cell::Null`].
    pub fn kind(&self) -> Option<CellKind> {
        match self {
            Cell::Null => None,
            Cell::Bool(_) => Some(CellKind::Bool),
            Cell::U32(_) => Some(CellKind::U32),
            Cell::Text(_) => Some(CellKind::Text),
        }
    }

    /// Whether it may stand in `column`: a value of its type, or null
    /// where the column may be null.
    pub fn fits(&self, column: &TurnColumn) -> bool {
        match self.kind() {
            None => column.nullable,
            Some(kind) => kind == column.kind,
        }
    }
}

/// A cell as JSON writes it: `null`, `true`, a number or a string.
impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Cell::Null => s.serialize_none(),
            Cell::Bool(b) => s.serialize_bool(*b),
            Cell::U32(n) => s.serialize_u32(*n),
            Cell::Text(t) => s.serialize_str(t),
        }
    }
}

/// A turn's cells in its game's own columns, in the order the game
/// declares them; the cells past them are [`Cell::Null`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TurnCells([Cell; MAX_TURN_COLUMNS]);

impl TurnCells {
    /// The cells `cells`, in the columns' order (those past
    /// [`MAX_TURN_COLUMNS`] are left out, the missing ones are null).
    ///
    /// ```
    /// use billes_game::columns::{Cell, TurnCells, MAX_TURN_COLUMNS};
    ///
    /// let cells = TurnCells::from_cells([Cell::U32(1), Cell::Bool(true)]);
    /// assert_eq!([cells.get(0), cells.get(1), cells.get(2)], [&Cell::U32(1), &Cell::Bool(true), &Cell::Null]);
    /// let many = TurnCells::from_cells((0..9).map(Cell::U32));
    /// assert_eq!(many.get(MAX_TURN_COLUMNS - 1), &Cell::U32(MAX_TURN_COLUMNS as u32 - 1));
    /// assert_eq!(many.get(MAX_TURN_COLUMNS), &Cell::Null);
    /// ```
    pub fn from_cells(cells: impl IntoIterator<Item = Cell>) -> TurnCells {
        // Each cell is written once, in its place. Filling a blank array
        // instead dropped each blank cell before writing over it, which
        // cost JSON Lines and Parquet exports of Offboard and Barricade
        // about 5% more CPU time.
        let mut cells = cells.into_iter();
        TurnCells(std::array::from_fn(|_| cells.next().unwrap_or(Cell::Null)))
    }

    /// The cell of column `i` ([`Cell::Null`] past [`MAX_TURN_COLUMNS`]).
    pub fn get(&self, i: usize) -> &Cell {
        const NULL: &Cell = &Cell::Null;
        self.0.get(i).unwrap_or(NULL)
    }

    /// Whether the cells fit `columns`: each declared column's cell fits
    /// it ([`Cell::fits`]), and no cell is past them.
    ///
    /// # Errors
    /// The first cell that does not fit, said in words.
    pub fn fit(&self, columns: &[TurnColumn]) -> Result<(), String> {
        if let Some(extra) = self
            .0
            .iter()
            .skip(columns.len())
            .position(|c| *c != Cell::Null)
        {
            return Err(format!(
                "a cell past the {} column(s) the game declares (cell {})",
                columns.len(),
                columns.len() + extra + 1
            ));
        }
        for (column, cell) in columns.iter().zip(&self.0) {
            if !cell.fits(column) {
                return Err(format!(
                    "the cell {cell:?} does not fit the column {} ({:?}{})",
                    column.name,
                    column.kind,
                    if column.nullable { ", or null" } else { "" }
                ));
            }
        }
        Ok(())
    }
}

/// Whether `columns` may be a game's own: at most [`MAX_TURN_COLUMNS`] of
/// them, each named with lowercase ASCII letters, digits and `_` (a letter
/// first), no name twice, each with what it holds.
///
/// ```
/// use billes_game::columns::{check_columns, CellKind, TurnColumn};
///
/// let ok = [TurnColumn::new("bonus", CellKind::U32, false, "points won")];
/// assert_eq!(check_columns(&ok), Ok(()));
/// let twice = [ok[0], ok[0]];
/// assert!(check_columns(&twice).is_err());
/// let named = [TurnColumn::new("Bonus", CellKind::U32, false, "points won")];
/// assert!(check_columns(&named).is_err());
/// ```
///
/// # Errors
/// What is wrong, in words.
pub fn check_columns(columns: &[TurnColumn]) -> Result<(), String> {
    if columns.len() > MAX_TURN_COLUMNS {
        return Err(format!(
            "{} columns: at most {MAX_TURN_COLUMNS}",
            columns.len()
        ));
    }
    for (i, column) in columns.iter().enumerate() {
        let name = column.name;
        let well_named = name.starts_with(|c: char| c.is_ascii_lowercase())
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !well_named {
            return Err(format!(
                "the column \"{name}\": a name is lowercase letters, digits and _, a letter first"
            ));
        }
        if columns[..i].iter().any(|c| c.name == name) {
            return Err(format!("the column {name} is declared twice"));
        }
        if column.doc.trim().is_empty() {
            return Err(format!("the column {name} does not say what it holds"));
        }
    }
    Ok(())
}
