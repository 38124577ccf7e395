//! The columns of the tables, in order, with their types: what
//! docs/export.md lists, what the Parquet files declare and the JSON
//! Lines objects hold. A test holds them, so a change is deliberate.

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
        "the seat that rolled (or moved, in Offboard)",
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
        "the roll; null in Offboard",
    ),
    col(
        "move",
        Text,
        false,
        "the move in canonical BGN with every effect mark it implies (`r9-r15*`, `h-q3# #a2`, `c3:c5>e*t4=3`)",
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
        "pieces captured and sent home: aggravated marbles, Barricade pawns",
    ),
    col(
        "captured",
        TextList,
        false,
        "the seat of each piece the turn captured or pushed off the board (Offboard), in the move's order",
    ),
    col(
        "barricade_taken",
        Bool,
        false,
        "whether the move took a barricade (`#`)",
    ),
    col(
        "barricade_put",
        Text,
        true,
        "the point a held barricade was put down on (`#a2`)",
    ),
    col(
        "ejections",
        U32,
        false,
        "Offboard: marbles pushed off the board",
    ),
    col(
        "points",
        U32,
        false,
        "Offboard: points the ejections scored",
    ),
    col(
        "removed",
        Bool,
        false,
        "Offboard: an ejected marble taken out of the game (`~`)",
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
        "the position after the turn, as a `Position` tag writes it",
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

/// The columns of the table `name` (one of [`super::TABLES`]).
pub fn columns(name: &str) -> Option<&'static [Column]> {
    match name {
        "games" => Some(GAMES),
        "turns" => Some(TURNS),
        "mistakes" => Some(MISTAKES),
        _ => None,
    }
}

/// The schema of every table as docs/export.md shows it: a heading and
/// one line per column, `| name | TYPE | null | what it holds |`.
pub fn markdown() -> String {
    let mut out = String::new();
    for table in super::TABLES {
        out.push_str(&format!(
            "#### `{table}`\n\n| column | type | null | what it holds |\n|---|---|---|---|\n"
        ));
        for c in columns(table).unwrap_or_default() {
            out.push_str(&format!(
                "| `{}` | `{}` | {} | {} |\n",
                c.name,
                c.kind.name(),
                if c.nullable { "yes" } else { "no" },
                c.doc
            ));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The JSON Lines objects hold the schema's columns, in order.
    #[test]
    fn rows_serialize_to_the_columns_in_order() {
        let game = billes_notation::parse_game(
            "[Game \"aggravation\"]\n[Seats \"R B\"]\n[Red \"Ann\"]\n[Seed \"1\"]\n\n1. R6 + {[%win 0.5]}\n*\n",
        )
        .expect("parses");
        let row = crate::rows::game_row(Some("k".into()), "f", 1, 1, &game);
        // Each column's key, in the schema's order, and no other at the
        // top level.
        let in_order = |json: String, cols: &[Column]| {
            let v: serde_json::Value = serde_json::from_str(&json).expect("json");
            assert_eq!(
                v.as_object().expect("an object").len(),
                cols.len(),
                "{json}"
            );
            let mut at = 0;
            for c in cols {
                let found = json[at..].find(&format!("\"{}\":", c.name));
                at += found.unwrap_or_else(|| panic!("{} after {at} in {json}", c.name));
            }
        };
        in_order(serde_json::to_string(&row).expect("serializes"), GAMES);
        let json = serde_json::to_value(&row).expect("serializes");
        assert_eq!(json["tags"], serde_json::json!({"Seed": "1"}));
        assert_eq!(
            json["players"],
            serde_json::json!([{"seat": "R", "name": "Ann"}])
        );
        let engine = billes_core::Standard::new(billes_core::aggravation::KIND);
        let mut turns = Vec::new();
        let start = billes_core::Engine::start(&engine, &game).expect("starts");
        crate::rows::turn_rows(&game, start, None, "f", 1, &mut false, &mut |r| {
            turns.push(r)
        })
        .expect("plays");
        in_order(serde_json::to_string(&turns[0]).expect("serializes"), TURNS);
        let entry = crate::report::ErrorEntry::new("f", Some(1), "io", "m".into());
        let mistake = crate::rows::mistake_row(None, &entry);
        in_order(
            serde_json::to_string(&mistake).expect("serializes"),
            MISTAKES,
        );
    }
}
