//! A part in JSON Lines: one object a row, in the schema's column order.
//!
//! `games` and `mistakes` rows are written by serde. `turns` rows, a
//! hundred times as many, are written by [`game_turn_json`], which writes the
//! chosen columns straight into the file's buffer; what it writes is
//! serde_json's text of the row with the columns left out removed (a test
//! holds them equal on rows of every game and on texts of every kind).

use std::io;
use std::path::{Path, PathBuf};

use billes_core::columns::Cell;
use billes_core::GameKind;
use billes_notation::{put_number, Name};
use serde::Serialize;
use tempfile::TempPath;

use super::commit::{cannot_write, temp_in, Sealed};
use super::direct::{Holding, PartFile};
use super::schema::{Selection, NOTES, TURNS};
use super::{ExportError, GameRow, GameTurns, MistakeRow, PartWriter, TurnRow};

/// One table's file of the part: written to a temporary file, renamed to
/// `name` when the part is committed.
struct File {
    out: PartFile,
    temp: TempPath,
    name: PathBuf,
}

impl File {
    fn create(dir: &Path, name: &str, holding: Holding) -> Result<File, ExportError> {
        let name = dir.join(name);
        let (file, temp) = temp_in(dir, &name)?;
        let out = PartFile::new(file, &temp, holding);
        Ok(File { out, temp, name })
    }

    /// `turns` rows, each game's by [`game_turn_json`]: the columns they share
    /// are written once a game.
    fn turn_rows(&mut self, games: &[GameTurns], keys: &mut Keys) -> Result<(), ExportError> {
        // Each row is written in place into the file's buffer, which writes
        // what fills it.
        for game in games {
            keys.share(game);
            for row in &game.rows {
                let text = self.out.rows();
                game_turn_json(text, row, keys);
                text.push(b'\n');
                self.out.spill().map_err(cannot_write(&self.name))?;
            }
        }
        Ok(())
    }

    fn rows<T: Serialize>(&mut self, rows: &[T]) -> Result<(), ExportError> {
        let mut write = || -> io::Result<()> {
            for row in rows {
                let text = self.out.rows();
                serde_json::to_writer(&mut *text, row)?;
                text.push(b'\n');
                self.out.spill()?;
            }
            Ok(())
        };
        write().map_err(cannot_write(&self.name))
    }

    fn finish(self) -> Result<Sealed, ExportError> {
        let File { out, temp, name } = self;
        match out.finish() {
            Ok(file) => Sealed::new(file, temp, name),
            Err(e) => Err(cannot_write(&name)(e)),
        }
    }
}

/// The files of one part: games, turns, and mistakes when exported.
pub(super) struct Part {
    games: File,
    turns: File,
    mistakes: Option<File>,
    keys: Keys,
}

impl Part {
    pub(super) fn create(
        dirs: &[PathBuf],
        name: &str,
        selection: &Selection,
    ) -> Result<Part, ExportError> {
        Ok(Part {
            keys: Keys::new(selection),
            games: File::create(&dirs[0], name, Holding::Small)?,
            turns: File::create(&dirs[1], name, Holding::Turns)?,
            mistakes: (dirs.get(2))
                .map(|d| File::create(d, name, Holding::Small))
                .transpose()?,
        })
    }
}

impl PartWriter for Part {
    fn games(&mut self, rows: &[GameRow]) -> Result<(), ExportError> {
        self.games.rows(rows)
    }

    fn turns(&mut self, games: &[GameTurns]) -> Result<(), ExportError> {
        self.turns.turn_rows(games, &mut self.keys)
    }

    fn mistakes(&mut self, rows: &[MistakeRow]) -> Result<(), ExportError> {
        match &mut self.mistakes {
            Some(file) => file.rows(rows),
            None => Ok(()),
        }
    }

    fn finish(self: Box<Self>) -> Result<Vec<Sealed>, ExportError> {
        let mut files = vec![self.games.finish()?, self.turns.finish()?];
        if let Some(m) = self.mistakes {
            files.push(m.finish()?);
        }
        Ok(files)
    }
}

/// The `turns` columns a part writes: whether each common column is
/// kept, and which of each game's own columns, found once per game.
pub(super) struct Keys {
    selection: Selection,
    /// Whether each common column is written, in [`TURNS`]' order.
    kept: [bool; TURNS.len()],
    /// The text of the notes' columns ([`NOTES`]) kept when the turn has no
    /// comment (most turns): every key and `null`, written at once.
    no_notes: Vec<u8>,
    /// The text of the kept columns a game's turns share (`key`, `file`,
    /// `index`, first in [`TURNS`]) for the game whose rows are written
    /// ([`Keys::share`]), written once and copied into each of its rows.
    shared_text: Vec<u8>,
    /// For each game met, the key of each of its own columns written (see
    /// [`key_text`]), `None` for those left out.
    own: Vec<(GameKind, Vec<Option<Piece>>)>,
}

/// The place of the common column `name` in [`TURNS`]; a name that is not
/// one fails the build.
const fn at(name: &str) -> usize {
    let name = name.as_bytes();
    let mut i = 0;
    while i < TURNS.len() {
        let other = TURNS[i].name.as_bytes();
        if other.len() == name.len() {
            let mut j = 0;
            while j < name.len() && other[j] == name[j] {
                j += 1;
            }
            if j == name.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("not a column of turns");
}

/// Writes the common column `name` of a row when `kept` says so: its key
/// after a comma (the row's first comma becomes its `{`), then `value`.
/// The key is a text of a length known when compiled, copied without a
/// call; the value is written in place, without a call through a table.
macro_rules! column {
    ($out:ident, $kept:expr, $name:literal => $value:expr) => {
        if $kept[const { at($name) }] {
            $out.extend_from_slice(concat!(",\"", $name, "\":").as_bytes());
            $value;
        }
    };
}

impl Keys {
    pub(super) fn new(selection: &Selection) -> Keys {
        let kept = std::array::from_fn(|i| selection.keeps(TURNS[i].name));
        let mut no_notes = Vec::new();
        // In the table's order, as `game_turn_json` writes them.
        let notes = TURNS.iter().map(|c| c.name).filter(|n| NOTES.contains(n));
        for name in notes.filter(|n| selection.keeps(n)) {
            no_notes.extend_from_slice(&key_text(name));
            no_notes.extend_from_slice(b"null");
        }
        Keys {
            selection: selection.clone(),
            kept,
            no_notes,
            shared_text: Vec::new(),
            own: Vec::new(),
        }
    }

    /// Makes the text of the kept columns `game`'s turns share (`key`,
    /// `file`, `index`), for [`game_turn_json`] to copy into each of its
    /// rows.
    fn share(&mut self, game: &GameTurns) {
        let out = &mut self.shared_text;
        out.clear();
        column!(out, self.kept, "key" => opt_text(out, game.key.map(|k| k.hex()).as_ref()));
        column!(out, self.kept, "file" => text(out, game.file.as_bytes()));
        column!(out, self.kept, "index" => put_number(out, game.index));
    }

    /// The keys of `game`'s own columns, `None` for those left out.
    fn own(&mut self, game: GameKind) -> &[Option<Piece>] {
        let at = match self.own.iter().position(|(g, _)| *g == game) {
            Some(at) => at,
            None => {
                let keys = billes_core::registry::turn_columns(game)
                    .iter()
                    .map(|c| {
                        self.selection
                            .keeps(c.name)
                            .then(|| Piece::new(key_text(c.name)))
                    })
                    .collect();
                self.own.push((game, keys));
                self.own.len() - 1
            }
        };
        &self.own[at].1
    }
}

/// A column's key with the comma before it: `,"name":` (the row's first
/// comma becomes its `{`).
fn key_text(name: &str) -> Vec<u8> {
    format!(",\"{name}\":").into_bytes()
}

/// A short text written in every row (a game's own column's key with the
/// comma before it), held so that it is copied in one piece of a fixed
/// size: a copy of a length known only when it runs is a call of the C
/// library's `memcpy`.
struct Piece {
    /// The text followed by zeros, when it fits.
    short: [u8; Piece::SHORT],
    len: usize,
    /// The text, when it is longer.
    long: Vec<u8>,
}

impl Piece {
    /// Bytes a piece copied at once holds at most.
    const SHORT: usize = 32;

    fn new(text: Vec<u8>) -> Piece {
        let mut short = [0; Piece::SHORT];
        let len = text.len();
        match short.get_mut(..len) {
            Some(start) => {
                start.copy_from_slice(&text);
                Piece {
                    short,
                    len,
                    long: Vec::new(),
                }
            }
            None => Piece {
                short,
                len,
                long: text,
            },
        }
    }

    #[cfg(test)]
    fn as_bytes(&self) -> &[u8] {
        self.short.get(..self.len).unwrap_or(&self.long)
    }

    /// Appends the text to `out`: a short one as its whole buffer, the
    /// bytes past the text then cut off again.
    fn put(&self, out: &mut Vec<u8>) {
        if self.len <= Piece::SHORT {
            let end = out.len() + self.len;
            out.extend_from_slice(&self.short);
            out.truncate(end);
        } else {
            out.extend_from_slice(&self.long);
        }
    }
}

/// The first row of `game` alone, as [`game_turn_json`] writes it for its
/// game: what the tests hold to serde_json's text.
#[cfg(test)]
fn turn_json(out: &mut Vec<u8>, game: &GameTurns, keys: &mut Keys) {
    keys.share(game);
    game_turn_json(out, &game.rows[0], keys);
}

/// Writes `row` as one JSON object, its kept columns in the table's order
/// (the common ones, then its game's own): serde_json's text of the row,
/// without the keys of the columns left out. `row` is of the game
/// [`Keys::share`] was last given: the columns its game's turns share are
/// copied as they were written for it.
///
/// Each column is written after a comma; the row's first comma is then
/// made its `{`. The common columns are written in [`TURNS`]' order (a
/// test holds the text to serde_json's with every column and with others
/// left out).
fn game_turn_json(out: &mut Vec<u8>, row: &TurnRow, keys: &mut Keys) {
    let start = out.len();
    out.extend_from_slice(&keys.shared_text);
    let kept = &keys.kept;
    column!(out, kept, "turn" => put_number(out, row.turn));
    column!(out, kept, "number" => put_number(out, row.number));
    column!(out, kept, "seat" => name_text(out, &row.seat));
    column!(out, kept, "team" => opt_text(out, row.team.as_deref()));
    column!(out, kept, "mover" => opt_name(out, row.mover.as_ref()));
    column!(out, kept, "roll" => opt_number(out, row.roll.map(u32::from)));
    column!(out, kept, "roll2" => opt_number(out, row.roll2.map(u32::from)));
    column!(out, kept, "move" => text(out, row.mv.as_bytes()));
    column!(out, kept, "pass" => boolean(out, row.pass));
    column!(out, kept, "captures" => put_number(out, row.captures));
    column!(out, kept, "captured" => list(out, row.captured.iter(), name_text));
    column!(out, kept, "nags" => list(out, row.nags.iter(), |out, &n| put_number(out, n.into())));
    match &row.notes {
        Some(notes) => {
            column!(out, kept, "comment" => opt_text(out, notes.comment.as_deref()));
            column!(out, kept, "win" => float(out, notes.win));
            column!(out, kept, "best" => opt_text(out, notes.best.as_deref()));
            column!(out, kept, "best_win" => float(out, notes.best_win));
            column!(out, kept, "luck" => float(out, notes.luck));
            column!(out, kept, "mark" => opt_text(out, notes.mark.as_deref()));
        }
        None => out.extend_from_slice(&keys.no_notes),
    }
    column!(out, kept, "position" => opt_text(out, row.position.as_deref()));
    for (i, key) in keys.own(row.own.game).iter().enumerate() {
        if let Some(key) = key {
            key.put(out);
            cell(out, row.own.cells.get(i));
        }
    }
    match out.get_mut(start) {
        Some(first) => *first = b'{',
        None => out.push(b'{'),
    }
    out.push(b'}');
}

fn cell(out: &mut Vec<u8>, cell: &Cell) {
    match cell {
        Cell::Null => out.extend_from_slice(b"null"),
        Cell::Bool(b) => boolean(out, *b),
        Cell::U32(n) => put_number(out, *n),
        Cell::Text(t) => text(out, t.as_bytes()),
    }
}

/// `true` or `false`, each copied with its own length known: a copy of
/// a length chosen at run time is a call to `memcpy`, which took 2% of an
/// export of Barricade (its turns have two of these).
fn boolean(out: &mut Vec<u8>, b: bool) {
    if b {
        out.extend_from_slice(b"true");
    } else {
        out.extend_from_slice(b"false");
    }
}

fn opt_number(out: &mut Vec<u8>, n: Option<u32>) {
    match n {
        Some(n) => put_number(out, n),
        None => out.extend_from_slice(b"null"),
    }
}

/// A float as serde_json writes it (the shortest text that reads back the
/// same; null when not finite): rare, so serde_json writes it.
fn float(out: &mut Vec<u8>, f: Option<f64>) {
    match f {
        Some(f) => serde_json::to_writer(out, &f).unwrap_or_default(),
        None => out.extend_from_slice(b"null"),
    }
}

fn list<T>(
    out: &mut Vec<u8>,
    items: impl Iterator<Item = T>,
    mut item: impl FnMut(&mut Vec<u8>, T),
) {
    out.push(b'[');
    for (i, x) in items.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        item(out, x);
    }
    out.push(b']');
}

fn opt_name(out: &mut Vec<u8>, name: Option<&Name>) {
    match name {
        Some(name) => name_text(out, name),
        None => out.extend_from_slice(b"null"),
    }
}

fn opt_text(out: &mut Vec<u8>, s: Option<&(impl AsRef<[u8]> + ?Sized)>) {
    match s {
        Some(s) => text(out, s.as_ref()),
        None => out.extend_from_slice(b"null"),
    }
}

/// A JSON string, escaped as serde_json escapes: `"` and `\\`, the
/// control characters (`\n`, `\t`... or `\u001f`); the rest as it is.
/// The text (whole UTF-8) is given as bytes, so that a seat's name is
/// written without a check of its bytes. Most texts (keys, files, moves)
/// hold nothing to escape: [`next_escape`] finds that eight bytes at a
/// time, and the text is then copied whole.
fn text(out: &mut Vec<u8>, bytes: &[u8]) {
    out.push(b'"');
    let mut from = 0;
    let mut i = next_escape(bytes, 0);
    while let Some(&b) = bytes.get(i) {
        out.extend_from_slice(&bytes[from..i]);
        escape(out, b);
        from = i + 1;
        i = next_escape(bytes, from);
    }
    out.extend_from_slice(&bytes[from..]);
    out.push(b'"');
}

/// Whether JSON escapes `b` in a string.
fn escaped(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// The high bit of each byte of `x` that JSON may escape: a byte below
/// 0x20, `"` or `\\` sets it (the classic test for a zero byte, which
/// never misses one; a byte above a marked one may be marked too).
fn escapes_in(x: u64) -> u64 {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = ONES << 7;
    let zero_in = |x: u64| x.wrapping_sub(ONES) & !x;
    let below_space = x.wrapping_sub(ONES * 0x20) & !x;
    let quote = zero_in(x ^ (ONES * u64::from(b'"')));
    let backslash = zero_in(x ^ (ONES * u64::from(b'\\')));
    (below_space | quote | backslash) & HIGH
}

/// The place of the first byte from `from` on that JSON escapes
/// ([`escaped`]), or the length when there is none. Eight bytes are
/// tested at once ([`escapes_in`]); from the first chunk it marks, and in
/// the last bytes, each byte is tested alone, which gives the place. The
/// tests compare [`text`] with serde_json's on any text.
fn next_escape(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while let Some(chunk) = bytes.get(i..i + 8) {
        if escapes_in(u64::from_ne_bytes(chunk.try_into().expect("eight bytes"))) != 0 {
            break;
        }
        i += 8;
    }
    match bytes[i..].iter().position(|&b| escaped(b)) {
        Some(at) => i + at,
        None => bytes.len(),
    }
}

/// A seat's name as a JSON string, as [`text`] writes it: the name's eight
/// bytes (its text, then zeros) tested at once and, when none of the text
/// is escaped (every seat of the shipped games), copied at once, the zeros
/// cut off again; a seat is written in most rows, and [`text`]'s copy of a
/// length known only when it runs is a call of the C library's `memcpy`.
fn name_text(out: &mut Vec<u8>, name: &Name) {
    let (word, len) = (name.key(), name.len());
    // The bytes of the text: the zeros after it would be marked.
    let text_bytes = u64::MAX.checked_shr(8 * (8 - len) as u32).unwrap_or(0);
    if escapes_in(word) & text_bytes != 0 {
        return text(out, name.as_bytes());
    }
    out.push(b'"');
    let end = out.len() + len;
    out.extend_from_slice(&word.to_le_bytes());
    out.truncate(end);
    out.push(b'"');
}

/// The escape of a byte [`escaped`] holds.
fn escape(out: &mut Vec<u8>, b: u8) {
    let short: &[u8] = match b {
        b'"' => b"\\\"",
        b'\\' => b"\\\\",
        b'\n' => b"\\n",
        b'\r' => b"\\r",
        b'\t' => b"\\t",
        0x08 => b"\\b",
        0x0c => b"\\f",
        _ => b"",
    };
    if short.is_empty() {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        out.extend_from_slice(b"\\u00");
        out.push(HEX[usize::from(b >> 4)]);
        out.push(HEX[usize::from(b & 0xf)]);
    } else {
        out.extend_from_slice(short);
    }
}

#[cfg(test)]
mod tests {
    use billes_core::columns::TurnCells;
    use smol_str::SmolStr;

    use super::*;
    use billes_notation::Seat;

    use crate::export::Key;
    use crate::rows::{Notes, OwnCells};

    /// The turns rows of a seeded simulated game of each registered game,
    /// each alone with its game's file and number, every other one with a
    /// key.
    fn rows_of_every_game() -> Vec<GameTurns> {
        let mut games = Vec::new();
        for kind in billes_core::registry::all() {
            let game = crate::rows::simulated_rows(kind, 80, 7);
            games.extend(game.rows.into_iter().map(|row| GameTurns {
                key: None,
                file: game.file.clone(),
                index: game.index,
                rows: vec![row],
            }));
        }
        for game in games.iter_mut().step_by(2) {
            game.key = Some(Key::new(0x0123_4567_89ab_cdef_0123_4567_89ab_cdef));
        }
        games
    }

    /// serde_json's text of the first row of `game`, with its game's key,
    /// file and number.
    fn serde_text(game: &GameTurns) -> String {
        let whole = game.whole().next().expect("a row");
        serde_json::to_string(&whole).expect("serializes")
    }

    /// A row whose texts hold every character JSON escapes, and others,
    /// alone in its game, whose file's name holds them too.
    fn hostile_row(like: &GameTurns) -> GameTurns {
        let every: String = (0u8..0x80).map(char::from).collect();
        let row = TurnRow {
            team: Some(SmolStr::new("R+G")),
            mover: Some(Seat::new("G")),
            captured: [Seat::new("B"), Seat::new("Y")].into(),
            nags: vec![1, 4, 255],
            notes: Some(Box::new(Notes {
                comment: Some(format!("line\nbreak\ttab \u{7f} é ✓ 𝄞 {every}")),
                win: Some(0.1 + 0.2),
                best: Some("r9-r15*".into()),
                best_win: Some(1.0),
                luck: Some(-0.000_001_25),
                mark: Some(SmolStr::new("?!")),
            })),
            position: Some(String::from("\u{1b}[31m")),
            own: OwnCells {
                game: like.rows[0].own.game,
                cells: TurnCells::default(),
            },
            ..like.rows[0].clone()
        };
        GameTurns {
            key: None,
            file: format!("a \"file\"\\{every}"),
            index: like.index,
            rows: vec![row],
        }
    }

    fn json(game: &GameTurns, selection: &Selection) -> String {
        let mut out = Vec::new();
        turn_json(&mut out, game, &mut Keys::new(selection));
        String::from_utf8(out).expect("UTF-8")
    }

    fn written(s: &str) -> String {
        let mut out = Vec::new();
        text(&mut out, s.as_bytes());
        String::from_utf8(out).expect("UTF-8")
    }

    /// Every character JSON escapes, and others, at every place of a text
    /// longer than two chunks: the text is serde_json's.
    #[test]
    fn a_text_is_escaped_as_serde_json_escapes_it_wherever_the_character_is() {
        let others = ['a', '~', '\u{7f}', 'é', '✓', '𝄞'];
        for c in (0u8..0x80).map(char::from).chain(others) {
            for at in 0..20 {
                let mut s: String = "0123456789abcdefghij".chars().take(at).collect();
                s.push(c);
                s.push_str("klmnop");
                let expected = serde_json::to_string(&s).expect("serializes");
                assert_eq!(written(&s), expected, "{c:?} at {at}");
            }
        }
    }

    /// A name of any length, with any ASCII character at any place, or
    /// not ASCII: written as serde_json writes its text.
    #[test]
    fn a_name_is_written_as_its_text_is() {
        let mut names = vec![String::new(), "é".into(), "ü✓".into(), "abcdefgh".into()];
        for len in 1..=8 {
            for at in 0..len {
                for c in (0u8..0x80).map(char::from) {
                    let mut name: String = "abcdefgh".chars().take(len).collect();
                    name.replace_range(at..=at, c.encode_utf8(&mut [0; 4]));
                    names.push(name);
                }
            }
        }
        for name in names.iter().map(|n| Name::new(n)) {
            let mut out = b"[1,".to_vec();
            name_text(&mut out, &name);
            // (A name holds no zero byte: one is where its text ends.)
            let text = serde_json::to_string(name.as_str()).expect("serializes");
            assert_eq!(
                String::from_utf8(out).expect("UTF-8"),
                format!("[1,{text}"),
                "{name:?}"
            );
        }
    }

    proptest::proptest! {
        /// Any text, with characters to escape or not: serde_json's.
        #[test]
        fn any_text_is_escaped_as_serde_json_escapes_it(
            s in "([\\x00-\\x1f\"\\\\]|[a-z0-9 ]{0,12}|\\PC)*"
        ) {
            let expected = serde_json::to_string(&s).expect("serializes");
            proptest::prop_assert_eq!(written(&s), expected);
        }
    }

    /// With every column, the row's text is serde_json's, byte for byte.
    #[test]
    fn a_row_is_written_as_serde_json_writes_it() {
        let games = rows_of_every_game();
        let mut last = None;
        for game in &games {
            assert_eq!(json(game, &Selection::all()), serde_text(game));
            last = Some(game);
        }
        let hostile = hostile_row(last.expect("rows"));
        assert_eq!(json(&hostile, &Selection::all()), serde_text(&hostile));
    }

    /// A piece of any length is appended whole, and only it.
    #[test]
    fn a_piece_appends_its_text_and_nothing_more() {
        for len in [0, 1, 8, 31, 32, 33, 100] {
            let text: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
            let piece = Piece::new(text.clone());
            assert_eq!(piece.as_bytes(), text);
            let mut out = b"{\"x\":1".to_vec();
            piece.put(&mut out);
            piece.put(&mut out);
            assert_eq!(out, [&b"{\"x\":1"[..], &text, &text].concat(), "{len}");
        }
    }

    /// Games' rows written one game after another with one [`Keys`], as a
    /// part writes them (the text of the columns a game's turns share made
    /// once a game), are each serde_json's.
    #[test]
    fn rows_written_a_game_at_a_time_are_each_serde_jsons() {
        let singles = rows_of_every_game();
        let hostile = hostile_row(&singles[0]);
        // Games of one to three rows, each with its own number; their keys
        // differ from game to game, and every fifth game's file has the
        // hostile name.
        let mut games = Vec::new();
        let mut at = 0;
        for (i, len) in [1, 3, 2].into_iter().cycle().enumerate() {
            if at >= singles.len() {
                break;
            }
            let end = (at + len).min(singles.len());
            let like = if i % 5 == 4 { &hostile } else { &singles[at] };
            games.push(GameTurns {
                key: like.key,
                file: like.file.clone(),
                index: i as u32,
                rows: singles[at..end].iter().map(|g| g.rows[0].clone()).collect(),
            });
            at = end;
        }
        let mut keys = Keys::new(&Selection::all());
        for game in games.iter().chain(games.iter().rev()) {
            keys.share(game);
            for (row, whole) in game.rows.iter().zip(game.whole()) {
                let mut out = Vec::new();
                game_turn_json(&mut out, row, &mut keys);
                let expected = serde_json::to_string(&whole).expect("serializes");
                assert_eq!(String::from_utf8(out).expect("UTF-8"), expected);
            }
        }
    }

    /// With some columns, the row is serde_json's without the others, the
    /// kept keys in the table's order.
    #[test]
    fn a_selection_leaves_the_other_keys_out() {
        let games = rows_of_every_game();
        let selections = [
            "+position",
            "key,turn,move",
            "-comment,-nags",
            "default",
            "captured,ejections,points",
            "ejections",
            "move,best,position",
            "comment,luck",
            "-key,-file,-index,-turn,-number,-seat,-team,-mover,-roll,-roll2,-move,-pass",
        ];
        for spec in selections {
            let selection = Selection::parse(spec).expect("parses");
            for game in games.iter().chain([&hostile_row(&games[0])]) {
                let row = &game.rows[0];
                let written = json(game, &selection);
                let full: serde_json::Value =
                    serde_json::from_str(&serde_text(game)).expect("reads");
                let mut expected = full.as_object().expect("an object").clone();
                expected.retain(|k, _| selection.keeps(k));
                let got: serde_json::Value = serde_json::from_str(&written).expect("reads");
                assert_eq!(got.as_object(), Some(&expected), "{spec}: {written}");
                let order: Vec<&str> = TURNS
                    .iter()
                    .map(|c| c.name)
                    .chain(row.own.columns().iter().map(|c| c.name))
                    .filter(|n| expected.contains_key(*n))
                    .collect();
                let mut at = 0;
                for name in order {
                    let found = written[at..].find(&format!("\"{name}\":"));
                    at +=
                        found.unwrap_or_else(|| panic!("{spec}: {name} out of order in {written}"));
                }
            }
        }
    }
}
