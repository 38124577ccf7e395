//! The columns of the tables, in order, with their types: what
//! docs/export.md lists, what the Parquet files declare and the JSON
//! Lines objects hold. A test holds them, so a change is deliberate.
//!
//! `turns` has the columns every game's turns have ([`TURNS`]), then the
//! game's own, which each game declares in its crate
//! ([`billes_core::columns`]): a JSON Lines row holds its game's, a Parquet
//! file those of the games it holds ([`OwnColumns`]).
//!
//! ```
//! use billes_archive::export::schema::{turns_columns, OwnColumns, TURNS};
//! use billes_core::GameKind;
//!
//! // An export of Offboard games alone has Offboard's columns, no other game's.
//! let own = OwnColumns::of(&[billes_core::offboard::KIND]);
//! let names: Vec<_> = turns_columns(&own)[TURNS.len()..].iter().map(|c| c.name).collect();
//! assert_eq!(names, ["ejections", "points", "removed"]);
//! assert!(OwnColumns::of(&[billes_core::aggravation::KIND]).columns().is_empty());
//! ```

use billes_core::columns::{Cell, CellKind, TurnColumn};
use billes_core::{registry, GameKind};

use crate::rows::OwnCells;

/// The version of the tables' columns, which the marker `_SUCCESS` gives
/// (`"schema"`); docs/export.md says what each version changed. 2: a
/// `turns` row has its own game's columns only. 3: the `turns` columns are
/// chosen (`--columns`), `position` left out unless asked for.
pub const SCHEMA_VERSION: u32 = 3;

/// A column's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// UTF-8 text (Parquet `STRING`, JSON string).
    Text,
    /// 8-bit unsigned integer (Parquet `UINT_8`).
    U8,
    /// 32-bit unsigned integer (Parquet `UINT_32`).
    U32,
    /// 64-bit float (Parquet `DOUBLE`).
    F64,
    /// `true` or `false`.
    Bool,
    /// A list of texts.
    TextList,
    /// A list of 8-bit unsigned integers.
    U8List,
    /// A list of `{seat, name}` (Parquet: a list of structs).
    Players,
    /// A map of text to text (Parquet `MAP`, JSON object).
    Map,
}

impl Kind {
    /// The type as docs/export.md writes it (DuckDB's names).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Text => "VARCHAR",
            Kind::U8 => "UTINYINT",
            Kind::U32 => "UINTEGER",
            Kind::F64 => "DOUBLE",
            Kind::Bool => "BOOLEAN",
            Kind::TextList => "VARCHAR[]",
            Kind::U8List => "UTINYINT[]",
            Kind::Players => "STRUCT(seat VARCHAR, name VARCHAR)[]",
            Kind::Map => "MAP(VARCHAR, VARCHAR)",
        }
    }
}

impl From<CellKind> for Kind {
    fn from(kind: CellKind) -> Kind {
        match kind {
            CellKind::Bool => Kind::Bool,
            CellKind::U32 => Kind::U32,
            CellKind::Text => Kind::Text,
        }
    }
}

/// A column: its name, type, and whether it may be null.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    /// The name.
    pub name: &'static str,
    /// The type.
    pub kind: Kind,
    /// Whether it may be null (JSON Lines writes a null `null`, never
    /// leaves the key out).
    pub nullable: bool,
    /// What it holds.
    pub doc: &'static str,
}

const fn col(name: &'static str, kind: Kind, nullable: bool, doc: &'static str) -> Column {
    Column {
        name,
        kind,
        nullable,
        doc,
    }
}

use Kind::*;

/// `games`: one row per game.
pub const GAMES: &[Column] = &[
    col(
        "key",
        Text,
        true,
        "the hash of the main line's turns `validate --duplicates` compares (32 hex digits); null for a game without turns",
    ),
    col(
        "file",
        Text,
        false,
        "the file, as given or found (`<stdin>` for standard input)",
    ),
    col(
        "index",
        U32,
        false,
        "the game's number in its file, from 1",
    ),
    col(
        "line",
        U32,
        false,
        "the line its text starts on",
    ),
    col(
        "game",
        Text,
        true,
        "the `Game` tag",
    ),
    col(
        "rules",
        Text,
        true,
        "the `Rules` tag (null: the standard rules)",
    ),
    col(
        "event",
        Text,
        true,
        "the `Event` tag",
    ),
    col(
        "round",
        Text,
        true,
        "the `Round` tag",
    ),
    col(
        "date",
        Text,
        true,
        "the `Date` tag",
    ),
    col(
        "seats",
        Text,
        true,
        "the `Seats` tag (`R B G Y`)",
    ),
    col(
        "teams",
        Text,
        true,
        "the `Teams` tag (`R+G B+Y`)",
    ),
    col(
        "result",
        Text,
        true,
        "the `Result` tag",
    ),
    col(
        "players",
        Players,
        false,
        "the player tags (`Red`, `Blue`...: a tag named after a seat's colour), in the order written",
    ),
    col(
        "tags",
        Map,
        false,
        "every other tag; the first of a name written twice",
    ),
    col(
        "turns",
        U32,
        false,
        "main-line turns (of an invalid game: those checked)",
    ),
    col(
        "valid",
        Bool,
        false,
        "whether the game is valid (false only with `--invalid`)",
    ),
    col(
        "winners",
        TextList,
        true,
        "the winning seats; null when the game was not won",
    ),
    col(
        "mistakes",
        U32,
        false,
        "the number of mistakes (rows of `mistakes`)",
    ),
    col(
        "first_mistake_kind",
        Text,
        true,
        "the first mistake's kind, as in `validate`'s report (`illegal_move`...)",
    ),
    col(
        "first_mistake_turn",
        U32,
        true,
        "the turn of the first mistake, when it is in a turn",
    ),
    col(
        "cut",
        Bool,
        false,
        "whether a text of the game (a tag, a comment) was cut at 65,536 bytes",
    ),
];

/// `turns`: one row per main-line turn of a valid game.
pub const TURNS: &[Column] = &[
    col(
        "key",
        Text,
        true,
        "the game's key",
    ),
    col(
        "file",
        Text,
        false,
        "the game's file",
    ),
    col(
        "index",
        U32,
        false,
        "the game's number in its file",
    ),
    col(
        "turn",
        U32,
        false,
        "the turn's place in the main line, from 1",
    ),
    col(
        "number",
        U32,
        false,
        "the number written before it",
    ),
    col(
        "seat",
        Text,
        false,
        "the seat that rolled (or moved, in a game without dice)",
    ),
    col(
        "team",
        Text,
        true,
        "the seat's team (`R+G`), with a `Teams` tag",
    ),
    col(
        "mover",
        Text,
        true,
        "the teammate whose marbles the roll moved (`R4>G`)",
    ),
    col(
        "roll",
        U8,
        true,
        "the roll (the first die, in a game of two); null in a game without dice",
    ),
    col(
        "roll2",
        U8,
        true,
        "the second die, in a game of two dice (Parcheesi's `R5-3`); null otherwise",
    ),
    col(
        "move",
        Text,
        false,
        "the move in canonical BGN with every effect mark it implies (`r9-r15*`, `h-q3# #a2`, `c3:c5>e*t4=3`); a turn of two dice keeps the order its parts were written in",
    ),
    col(
        "pass",
        Bool,
        false,
        "whether the turn was a pass (`--`)",
    ),
    col(
        "captures",
        U32,
        false,
        "pieces captured and sent home (`*` on a move or an entry); a marble pushed off the board is not one (it is in `captured`)",
    ),
    col(
        "captured",
        TextList,
        false,
        "the seat of each piece the turn captured or pushed off the board, in the move's order",
    ),
    col(
        "nags",
        U8List,
        false,
        "the NAGs as numbers (`!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6, `$n` n)",
    ),
    col(
        "comment",
        Text,
        true,
        "the comments before and after the turn other than analysis's, joined by line ends",
    ),
    col(
        "win",
        F64,
        true,
        "analysis: the mover's winning chance after the move (`[%win]`)",
    ),
    col(
        "best",
        Text,
        true,
        "analysis: the best move, when another was played (`[%best]`)",
    ),
    col(
        "best_win",
        F64,
        true,
        "analysis: the best move's winning chance",
    ),
    col(
        "luck",
        F64,
        true,
        "analysis: the luck of the roll (`[%luck]`)",
    ),
    col(
        "mark",
        Text,
        true,
        "analysis's mark: `?!`, `?` or `??` on a turn with an analysis comment",
    ),
    col(
        "position",
        Text,
        false,
        "the position after the turn, as a `Position` tag writes it; written only when asked for (`--columns +position`)",
    ),
];

/// `mistakes`: one row per mistake (with `--invalid`).
pub const MISTAKES: &[Column] = &[
    col("key", Text, true, "the game's key, when the game was read"),
    col("file", Text, false, "the file"),
    col(
        "index",
        U32,
        true,
        "the game's number (null: a file that could not be read)",
    ),
    col("kind", Text, false, "the kind, as in `validate`'s report"),
    col("message", Text, false, "what is wrong"),
    col("line", U32, true, "its line"),
    col("column", U32, true, "its column"),
    col("turn", U32, true, "the turn it is in"),
    col("seat", Text, true, "that turn's seat"),
    col("note", Text, true, "what the check did about it"),
];

/// The columns a turn's comments fill ([`crate::rows::Notes`]), next to
/// each other in [`TURNS`]: all null in a turn without comments.
pub(crate) const NOTES: &[&str] = &["comment", "win", "best", "best_win", "luck", "mark"];

/// The columns of the table `name` (one of [`super::TABLES`]); of `turns`,
/// those every game's turns have.
pub fn columns(name: &str) -> Option<&'static [Column]> {
    match name {
        "games" => Some(GAMES),
        "turns" => Some(TURNS),
        "mistakes" => Some(MISTAKES),
        _ => None,
    }
}

/// The own columns of the games a `turns` file holds, in the order of
/// [`billes_core::registry::all()`] and of each game's list, a column two games declare
/// alike written once; and where each game's cells go among them. A row of
/// a game that lacks a column holds null there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnColumns {
    columns: Vec<TurnColumn>,
    /// Each game held, and for each column of `columns` its place in the
    /// game's own list, if the game has it.
    games: Vec<(GameKind, Vec<Option<usize>>)>,
}

impl OwnColumns {
    /// The own columns of `games`.
    pub fn of(games: &[GameKind]) -> OwnColumns {
        let held: Vec<GameKind> = billes_core::registry::all()
            .iter()
            .copied()
            .filter(|g| games.contains(g))
            .collect();
        let mut columns: Vec<TurnColumn> = Vec::new();
        for &game in &held {
            for column in registry::turn_columns(game) {
                if !columns.iter().any(|c| same_column(c, column)) {
                    columns.push(*column);
                }
            }
        }
        let games = held
            .into_iter()
            .map(|game| {
                let own = registry::turn_columns(game);
                let at = columns
                    .iter()
                    .map(|c| own.iter().position(|o| same_column(c, o)))
                    .collect();
                (game, at)
            })
            .collect();
        OwnColumns { columns, games }
    }

    /// The columns, in order.
    pub fn columns(&self) -> &[TurnColumn] {
        &self.columns
    }

    /// Whether the turns of `game` have their columns here.
    pub fn holds(&self, game: GameKind) -> bool {
        self.games.iter().any(|(g, _)| *g == game)
    }

    /// The cell of `own`'s row in column `i` of [`OwnColumns::columns`]:
    /// null when its game lacks the column (or is not held).
    pub fn cell<'r>(&self, own: &'r OwnCells, i: usize) -> &'r Cell {
        const NULL: &Cell = &Cell::Null;
        self.place(own.game, i).map_or(NULL, |at| own.cells.get(at))
    }

    /// The place in the own cells of a row of `game` of column `i` of
    /// [`OwnColumns::columns`]: `None` when the game lacks the column (or
    /// is not held).
    pub fn place(&self, game: GameKind, i: usize) -> Option<usize> {
        self.games
            .iter()
            .find(|(g, _)| *g == game)
            .and_then(|(_, at)| at.get(i).copied().flatten())
    }
}

/// Whether two games' columns are one column of a table: the same name and
/// type (a test holds that no two games give one name two types).
fn same_column(a: &TurnColumn, b: &TurnColumn) -> bool {
    a.name == b.name && a.kind == b.kind
}

/// The columns of a `turns` file with `own`: those every game's turns have,
/// then the own columns, each nullable (null in the rows of the games that
/// lack it); all of them, whichever an export chose
/// ([`Selection::turns_columns`]).
pub fn turns_columns(own: &OwnColumns) -> Vec<Column> {
    let mut all = TURNS.to_vec();
    all.extend(own.columns().iter().map(|c| Column {
        name: c.name,
        kind: c.kind.into(),
        nullable: true,
        doc: c.doc,
    }));
    all
}

/// The `turns` columns an export writes when not told otherwise: every
/// column but those that cost more than the rest of a row together (the
/// `Position` tag after each turn, about a third of an export's time).
pub const LEFT_OUT_BY_DEFAULT: &[&str] = &["position"];

/// Which `turns` columns an export writes (`billes export --columns`): by
/// default every column but [`LEFT_OUT_BY_DEFAULT`]. The `games` and
/// `mistakes` tables are always whole.
///
/// ```
/// use billes_archive::export::schema::Selection;
///
/// assert!(!Selection::default().keeps("position"));
/// assert!(Selection::parse("+position").unwrap().keeps("position"));
/// let few = Selection::parse("key,turn,move").unwrap();
/// assert!(few.keeps("move") && !few.keeps("seat"));
/// assert!(Selection::parse("all,-comment").unwrap().keeps("position"));
/// assert!(Selection::parse("moves").unwrap_err().contains("no column"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// The columns kept, by name: every column of [`TURNS`] and every
    /// game's own columns, in no order (a file's columns keep the table's
    /// order).
    kept: Vec<&'static str>,
}

impl Default for Selection {
    fn default() -> Selection {
        let mut kept = every_turns_column();
        kept.retain(|n| !LEFT_OUT_BY_DEFAULT.contains(n));
        Selection { kept }
    }
}

/// The name of every `turns` column: the common ones, then each game's own.
fn every_turns_column() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = TURNS.iter().map(|c| c.name).collect();
    for game in billes_core::registry::all() {
        for c in registry::turn_columns(game) {
            if !names.contains(&c.name) {
                names.push(c.name);
            }
        }
    }
    names
}

impl Selection {
    /// Every column.
    pub fn all() -> Selection {
        Selection {
            kept: every_turns_column(),
        }
    }

    /// The selection `spec` names, items separated by commas:
    /// - `NAME`: that column; a list of names alone is exactly those
    ///   columns (`key,turn,move`);
    /// - `all`, `default`: every column, the default ones;
    /// - `+NAME`, `-NAME`: that column added or left out. A list that
    ///   begins with one of these changes the default (`+position`,
    ///   `-comment,-nags`).
    ///
    /// # Errors
    /// A name that is no column (the message lists them), an empty item,
    /// or a selection of no column.
    pub fn parse(spec: &str) -> Result<Selection, String> {
        let every = every_turns_column();
        let mut kept: Vec<&'static str> = match spec.trim_start().chars().next() {
            Some('+' | '-') => Selection::default().kept,
            _ => Vec::new(),
        };
        for item in spec.split(',').map(str::trim) {
            let (sign, name) = match item.as_bytes().first() {
                Some(b'+') => ('+', &item[1..]),
                Some(b'-') => ('-', &item[1..]),
                _ => (' ', item),
            };
            match (sign, name) {
                (_, "") => return Err(format!("an empty item in {spec:?}")),
                (' ' | '+', "all") => kept = every.clone(),
                (' ' | '+', "default") => {
                    for n in Selection::default().kept {
                        if !kept.contains(&n) {
                            kept.push(n);
                        }
                    }
                }
                _ => {
                    let Some(&column) = every.iter().find(|c| **c == name) else {
                        return Err(format!(
                            "{name:?}: no column of turns has this name (all, default, or: {})",
                            every.join(", ")
                        ));
                    };
                    kept.retain(|n| *n != column);
                    if sign != '-' {
                        kept.push(column);
                    }
                }
            }
        }
        if kept.is_empty() {
            return Err(format!("{spec:?} leaves no column of turns"));
        }
        Ok(Selection { kept })
    }

    /// Whether the column `name` is written.
    pub fn keeps(&self, name: &str) -> bool {
        self.kept.contains(&name)
    }

    /// The columns of a `turns` file with `own` that this selection keeps,
    /// in the table's order ([`turns_columns`]).
    pub fn turns_columns(&self, own: &OwnColumns) -> Vec<Column> {
        let mut columns = turns_columns(own);
        columns.retain(|c| self.keeps(c.name));
        columns
    }
}

/// The schema of every table as docs/export.md shows it: a heading and
/// one line per column, `| name | TYPE | null | what it holds |`; for
/// `turns`, the columns every game has, then each game's own (the `null`
/// of a game's column says whether that game's turns may hold null in it).
pub fn markdown() -> String {
    let mut out = String::new();
    let line = |out: &mut String, name: &str, kind: Kind, nullable: bool, doc: &str| {
        out.push_str(&format!(
            "| `{name}` | `{}` | {} | {doc} |\n",
            kind.name(),
            if nullable { "yes" } else { "no" },
        ));
    };
    for table in super::TABLES {
        out.push_str(&format!(
            "#### `{table}`\n\n| column | type | null | what it holds |\n|---|---|---|---|\n"
        ));
        for c in columns(table).unwrap_or_default() {
            line(&mut out, c.name, c.kind, c.nullable, c.doc);
        }
        out.push('\n');
        if table != "turns" {
            continue;
        }
        for game in billes_core::registry::all() {
            let own = registry::turn_columns(game);
            out.push_str(&format!("Own columns of `{game}` turns"));
            if own.is_empty() {
                out.push_str(": none.\n\n");
                continue;
            }
            out.push_str(":\n\n| column | type | null | what it holds |\n|---|---|---|---|\n");
            for c in own {
                line(&mut out, c.name, c.kind.into(), c.nullable, c.doc);
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each name's key in `json`, in order, and no other at the top level.
    fn in_order(json: &str, names: &[&str]) {
        let v: serde_json::Value = serde_json::from_str(json).expect("json");
        assert_eq!(
            v.as_object().expect("an object").len(),
            names.len(),
            "{json}"
        );
        let mut at = 0;
        for name in names {
            let found = json[at..].find(&format!("\"{name}\":"));
            at += found.unwrap_or_else(|| panic!("{name} after {at} in {json}"));
        }
    }

    fn names(columns: &[Column]) -> Vec<&'static str> {
        columns.iter().map(|c| c.name).collect()
    }

    /// The JSON Lines objects hold the schema's columns, in order.
    #[test]
    fn rows_serialize_to_the_columns_in_order() {
        let game = billes_notation::parse_game(
            "[Game \"aggravation\"]\n[Seats \"R B\"]\n[Red \"Ann\"]\n[Seed \"1\"]\n\n1. R6 + {[%win 0.5]}\n*\n",
        )
        .expect("parses");
        let row = crate::rows::game_row(Some("k".into()), "f", 1, 1, &game);
        in_order(
            &serde_json::to_string(&row).expect("serializes"),
            &names(GAMES),
        );
        let json = serde_json::to_value(&row).expect("serializes");
        assert_eq!(json["tags"], serde_json::json!({"Seed": "1"}));
        assert_eq!(
            json["players"],
            serde_json::json!([{"seat": "R", "name": "Ann"}])
        );
        let entry = crate::report::ErrorEntry::new("f", Some(1), "io", "m".into());
        let mistake = crate::rows::mistake_row(None, &entry);
        in_order(
            &serde_json::to_string(&mistake).expect("serializes"),
            &names(MISTAKES),
        );
    }

    /// A `turns` row holds the common columns, then its game's own, and
    /// no column of another game; a file of one game has that game's own
    /// columns only.
    #[test]
    fn a_turn_holds_its_own_games_columns_only() {
        for kind in billes_core::registry::all() {
            let own = OwnColumns::of(&[kind]);
            let expected = names(&turns_columns(&own));
            let mine: Vec<&str> = registry::turn_columns(kind)
                .iter()
                .map(|c| c.name)
                .collect();
            assert_eq!(expected[TURNS.len()..], mine[..], "{kind}");
            let game = crate::rows::simulated_rows(kind, 60, 3);
            for (row, whole) in game.rows.iter().zip(game.whole()) {
                assert_eq!(row.own.game, kind);
                in_order(
                    &serde_json::to_string(&whole).expect("serializes"),
                    &expected,
                );
                assert_eq!(row.own.cells.fit(row.own.columns()), Ok(()), "{kind}");
                for i in 0..mine.len() {
                    assert_eq!(own.cell(&row.own, i), row.own.cells.get(i));
                }
            }
        }
    }

    /// The games' own columns never take a common column's name, and two
    /// games that give a column one name give it one type: in a file of
    /// several games it is then one column, null in the rows of a game
    /// that lacks it.
    #[test]
    fn the_games_own_columns_merge_by_name() {
        let common = names(TURNS);
        let all = OwnColumns::of(&billes_core::registry::all());
        for kind in billes_core::registry::all() {
            for column in registry::turn_columns(kind) {
                assert!(!common.contains(&column.name), "{kind}: {}", column.name);
                let named: Vec<_> = all
                    .columns()
                    .iter()
                    .filter(|c| c.name == column.name)
                    .collect();
                assert_eq!(named, [column], "{kind}: {}", column.name);
            }
            assert!(all.holds(kind));
        }
        let total: usize = billes_core::registry::all()
            .iter()
            .map(|&k| registry::turn_columns(k).len())
            .sum();
        assert!(all.columns().len() <= total);
        // A row of a game that lacks a column holds null in it.
        let own_of = |kind| OwnColumns::of(&[kind]).columns().len();
        for kind in billes_core::registry::all() {
            let row = &crate::rows::simulated_rows(kind, 60, 4).rows[0];
            let here: Vec<&str> = registry::turn_columns(kind)
                .iter()
                .map(|c| c.name)
                .collect();
            for (i, column) in all.columns().iter().enumerate() {
                if !here.contains(&column.name) {
                    assert_eq!(
                        all.cell(&row.own, i),
                        &Cell::Null,
                        "{kind}: {}",
                        column.name
                    );
                }
            }
            assert_eq!(own_of(kind), here.len());
        }
        let none = OwnColumns::of(&[]);
        assert!(none.columns().is_empty() && !none.holds(billes_core::registry::all()[0]));
    }
}
