//! The rows of the three tables of `export`, built from a game as the
//! validate pipeline checked it: its tags and outcome for `games`, the
//! replay through the game API that checks it for `turns` (the complete
//! move of each turn, its effects and the `Position` tag after it), its
//! mistakes for `mistakes`.
//!
//! What [`crate::validate`] and [`crate::export`] share: the validate
//! pipeline builds a game's `turns` rows in the replay that checks it, on
//! the thread that checked it, and keeps them with the game when it is
//! valid; `export` writes them. That replay reads the game as it is read,
//! its plainest turns as briefs ([`briefed`]), or, for a game it cannot
//! take, walks the game's tree ([`checked_rows`]). A replay apart
//! ([`worker_rows`], [`turn_rows`]) makes the same rows where the check did
//! not (a tested equality).
//! This module uses neither of the two, so `export` uses `validate` and
//! `validate` does not use `export`.

use std::borrow::Cow;
use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};

use billes_analysis::comment;
use billes_core::columns::{TurnCells, TurnColumn};
use billes_core::game::{Move, Position, TwoStep};
use billes_core::{registry, GameKind, ReplayError, Summary};
use billes_notation::{Action, Brief, Game, Seat, Turn};
use serde::ser::SerializeMap;
use serde::Serialize;
use smol_str::SmolStr;

use crate::key::{Key, TurnTexts};
use crate::report::ErrorEntry;

pub(crate) mod briefed;
pub(crate) mod streamed;

/// The longest text a cell holds, as in `billes run`'s rows
/// ([`billes_lua::script::MAX_CELL_BYTES`], 64 KiB): a longer tag value,
/// comment or message is cut at a character boundary, and its game's row
/// says so (`cut`).
pub const MAX_CELL_BYTES: usize = billes_lua::script::MAX_CELL_BYTES;

/// The tags that have their own column in `games` (the player tags too:
/// `players`); the others are in its `tags` map.
const COMMON_TAGS: [&str; 8] = [
    "Game", "Rules", "Event", "Round", "Date", "Seats", "Teams", "Result",
];

/// A player tag: the seat and the player's name.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Player {
    /// The seat (`R`).
    pub seat: String,
    /// The player's name (the tag's value).
    pub name: String,
}

/// One row of `games`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameRow {
    /// The hash of the main line's turns `validate --duplicates` compares,
    /// as 32 hex digits; `None` for a game without turns.
    pub key: Option<String>,
    /// The file (`<stdin>` for standard input).
    pub file: String,
    /// The game's 1-based number in its file.
    pub index: u32,
    /// The line its text starts on.
    pub line: u32,
    /// The `Game` tag.
    pub game: Option<String>,
    /// The `Rules` tag.
    pub rules: Option<String>,
    /// The `Event` tag.
    pub event: Option<String>,
    /// The `Round` tag.
    pub round: Option<String>,
    /// The `Date` tag.
    pub date: Option<String>,
    /// The `Seats` tag.
    pub seats: Option<String>,
    /// The `Teams` tag.
    pub teams: Option<String>,
    /// The `Result` tag.
    pub result: Option<String>,
    /// The player tags, in the order written.
    pub players: Vec<Player>,
    /// Every other tag, the first of a name written twice.
    #[serde(serialize_with = "as_map")]
    pub tags: Vec<(String, String)>,
    /// Main-line turns (of an invalid game: those checked).
    pub turns: u32,
    /// Whether the game is valid.
    pub valid: bool,
    /// The winning seats, when the game was won.
    pub winners: Option<Vec<String>>,
    /// Mistakes found.
    pub mistakes: u32,
    /// The first mistake's kind (`illegal-move`...).
    pub first_mistake_kind: Option<String>,
    /// The turn of the first mistake, when it is in a turn.
    pub first_mistake_turn: Option<u32>,
    /// Whether a text of this game was cut at [`MAX_CELL_BYTES`].
    pub cut: bool,
}

/// The seats of the pieces a turn captured ([`TurnRow::captured`]).
pub type Captured = smallvec::SmallVec<[Seat; 2]>;

/// How many turns the parser reads where the reading of briefs stopped
/// (a comment, a NAG, a turn the rules leave to the tree): one at a time,
/// twice as many each time in a row that no brief could be read, up to a
/// piece's worth, so that an annotated game reads as it did without
/// briefs. The check as read ([`crate::validate`]) and export's reading
/// ([`briefed`]) both follow it.
#[derive(Debug, Default)]
pub(crate) struct ParserTurns {
    /// How many times in a row the parser read where no brief could be.
    misses: u32,
}

impl ParserTurns {
    /// After `played` briefs were read: `None` when they filled a piece
    /// (briefs are read again), else how many turns the parser reads.
    pub(crate) fn after(&mut self, played: usize) -> Option<usize> {
        if played > 0 {
            self.misses = 0;
        }
        if played == billes_notation::TurnStream::TURNS_PER_PIECE {
            return None;
        }
        let max = 1 << self.misses;
        let most = billes_notation::TurnStream::TURNS_PER_PIECE.trailing_zeros();
        self.misses = (self.misses + 1).min(most);
        Some(max)
    }
}

/// A valid game's `turns` rows, with what they share: the game's key, file
/// and number (each row's `key`, `file` and `index` columns), held once
/// for its rows rather than in each. Held in each row, a file's name
/// longer than 23 bytes was counted up when the row was made and down
/// when it was freed, an atomic operation each time.
#[derive(Debug, Clone, PartialEq)]
pub struct GameTurns {
    /// The game's key.
    pub key: Option<Key>,
    /// The file.
    pub file: String,
    /// The game's number in its file.
    pub index: u32,
    /// The rows of the main line's turns, in order.
    pub rows: Vec<TurnRow>,
}

/// A row of `turns` with its game's key, file and number before its own
/// columns: serde's JSON of it is the row the `turns` table holds, which
/// the tests hold the JSON Lines writer to.
#[cfg(test)]
#[derive(Serialize)]
pub(crate) struct WholeRow<'a> {
    pub(crate) key: Option<Key>,
    pub(crate) file: &'a str,
    pub(crate) index: u32,
    #[serde(flatten)]
    pub(crate) row: &'a TurnRow,
}

#[cfg(test)]
impl GameTurns {
    /// Each row with its game's key, file and number.
    pub(crate) fn whole(&self) -> impl Iterator<Item = WholeRow<'_>> {
        self.rows.iter().map(|row| WholeRow {
            key: self.key,
            file: &self.file,
            index: self.index,
            row,
        })
    }
}

/// One row of `turns`: a turn of a valid game's main line. The columns
/// its game's rows share are its [`GameTurns`]'.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnRow {
    /// The turn's 1-based place in the main line.
    pub turn: u32,
    /// The number written before it.
    pub number: u32,
    /// The seat that took the turn.
    pub seat: Seat,
    /// The seat's team (`R+G`), in a game with a `Teams` tag.
    pub team: Option<SmolStr>,
    /// The teammate whose pieces moved, on a team roll (`R4>G`).
    pub mover: Option<Seat>,
    /// The roll (`None` in Offboard; the first die in a game of two).
    pub roll: Option<u8>,
    /// The second die, in a game of two dice.
    pub roll2: Option<u8>,
    /// The move in canonical BGN with every effect mark it implies.
    #[serde(rename = "move")]
    pub mv: SmolStr,
    /// Whether the turn was a pass (`--`).
    pub pass: bool,
    /// Pieces captured and sent home: aggravated marbles, Barricade pawns.
    pub captures: u32,
    /// The seat of each piece captured or pushed off the board, in the
    /// move's order. Held in the row up to two (a turn captures one piece
    /// at most in most games), without an allocation for a turn that
    /// captures: measured, that allocation and its release were 0.8% of a
    /// Barricade export's instructions.
    pub captured: Captured,
    /// The NAGs, as numbers (`??` is 4).
    pub nags: Vec<u8>,
    /// What the turn's comments say; `None` for a turn without comments
    /// (most turns): a row is then smaller by the size of `Notes`.
    #[serde(flatten, serialize_with = "notes_or_none")]
    pub notes: Option<Box<Notes>>,
    /// The position after the turn, as a `Position` tag writes it; `None`
    /// when the export does not write the column (`billes export
    /// --columns`), and then left out of the row's JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The game's own columns, after the common ones: their names and
    /// cells ([`billes_core::columns`]).
    #[serde(flatten)]
    pub own: OwnCells,
}

/// The columns a turn's comments fill: its other comments, and the notes
/// of analysis's comment. Each is `None` when its comment is not there.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Notes {
    /// The comments other than analysis's, joined by line ends.
    pub comment: Option<String>,
    /// `[%win]` of the analysis comment: the mover's winning chance.
    pub win: Option<f64>,
    /// `[%best]`: the best move, when another was played...
    pub best: Option<String>,
    /// ...and its winning chance.
    pub best_win: Option<f64>,
    /// `[%luck]`: the luck of the roll.
    pub luck: Option<f64>,
    /// Analysis's mark (`?!`, `?`, `??`), on a turn with an analysis comment.
    pub mark: Option<SmolStr>,
}

/// The notes of a turn without comments: every column null.
static NO_NOTES: Notes = Notes {
    comment: None,
    win: None,
    best: None,
    best_win: None,
    luck: None,
    mark: None,
};

impl TurnRow {
    /// What the turn's comments say (every column `None` for a turn
    /// without comments).
    pub fn notes(&self) -> &Notes {
        self.notes.as_deref().unwrap_or(&NO_NOTES)
    }
}

/// A row's notes in its JSON: the columns are there, null, when the turn
/// has no comments.
fn notes_or_none<S: serde::Serializer>(
    notes: &Option<Box<Notes>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    notes.as_deref().unwrap_or(&NO_NOTES).serialize(s)
}

/// A turn's cells in its game's own columns, which the game declares
/// ([`billes_core::registry::turn_columns`]) and fills
/// ([`billes_core::registry::turn_cells`]). Serialized as the columns'
/// names and values, in order: a `turns` row in JSON holds the keys of its
/// game and no other's.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnCells {
    /// The game.
    pub game: GameKind,
    /// The cells, in the order of its columns.
    pub cells: TurnCells,
}

impl OwnCells {
    /// The game's own columns.
    pub fn columns(&self) -> &'static [TurnColumn] {
        registry::turn_columns(self.game)
    }
}

impl Serialize for OwnCells {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let columns = self.columns();
        let mut map = s.serialize_map(Some(columns.len()))?;
        for (i, column) in columns.iter().enumerate() {
            map.serialize_entry(column.name, self.cells.get(i))?;
        }
        map.end()
    }
}

/// One row of `mistakes` (with `--invalid`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MistakeRow {
    /// The game's key, when the game was read.
    pub key: Option<String>,
    /// The file.
    pub file: String,
    /// The game's number in its file (`None`: a file that was not read).
    pub index: Option<u32>,
    /// The mistake's kind.
    pub kind: String,
    /// What is wrong.
    pub message: String,
    /// Where: line...
    pub line: Option<u32>,
    /// ...and column.
    pub column: Option<u32>,
    /// The turn it is in.
    pub turn: Option<u32>,
    /// The seat of that turn.
    pub seat: Option<String>,
    /// A note (`the check stops here`...).
    pub note: Option<String>,
}

/// Name-value pairs as a JSON object, in their order.
fn as_map<S: serde::Serializer>(pairs: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(pairs.iter().map(|(k, v)| (k, v)))
}

/// `text`, cut to [`MAX_CELL_BYTES`] at a character boundary; `cut` is set
/// when it was.
pub(crate) fn capped(text: &str, cut: &mut bool) -> String {
    if text.len() <= MAX_CELL_BYTES {
        return text.to_string();
    }
    *cut = true;
    let mut end = MAX_CELL_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_string()
}

/// A game's key as 32 hex digits ([`Key`]'s text).
pub(crate) fn key_text(fingerprint: Option<u128>) -> Option<String> {
    fingerprint.map(|f| Key::new(f).to_string())
}

/// The `games` row of a game read (valid or not); `cut` starts false.
pub(crate) fn game_row(
    key: Option<String>,
    file: &str,
    index: usize,
    line: u32,
    game: &Game,
) -> GameRow {
    let mut cut = false;
    let mut tag = |name: &str| game.tag(name).map(|v| capped(v, &mut cut));
    let (g, rules, event, round, date, seats, teams, result) = (
        tag("Game"),
        tag("Rules"),
        tag("Event"),
        tag("Round"),
        tag("Date"),
        tag("Seats"),
        tag("Teams"),
        tag("Result"),
    );
    let players: Vec<(String, String)> = billes_lua::script::players_of(game);
    let player_tags: Vec<&str> = game
        .tags
        .iter()
        .filter(|t| players_named(game, &t.name))
        .map(|t| t.name.as_str())
        .collect();
    let mut tags: Vec<(String, String)> = Vec::new();
    for t in &game.tags {
        let name = t.name.as_str();
        if COMMON_TAGS.contains(&name)
            || player_tags.contains(&name)
            || tags.iter().any(|(n, _)| n == name)
        {
            continue;
        }
        tags.push((name.to_string(), capped(&t.value, &mut cut)));
    }
    let players = players
        .into_iter()
        .map(|(seat, name)| Player {
            seat,
            name: capped(&name, &mut cut),
        })
        .collect();
    GameRow {
        key,
        file: file.to_string(),
        index: index as u32,
        line,
        game: g,
        rules,
        event,
        round,
        date,
        seats,
        teams,
        result,
        players,
        tags,
        turns: 0,
        valid: false,
        winners: None,
        mistakes: 0,
        first_mistake_kind: None,
        first_mistake_turn: None,
        cut,
    }
}

/// The `games` row of a game that could not be read.
pub(crate) fn unread_game_row(file: &str, index: usize, line: u32) -> GameRow {
    GameRow {
        key: None,
        file: file.to_string(),
        index: index as u32,
        line,
        game: None,
        rules: None,
        event: None,
        round: None,
        date: None,
        seats: None,
        teams: None,
        result: None,
        players: Vec::new(),
        tags: Vec::new(),
        turns: 0,
        valid: false,
        winners: None,
        mistakes: 0,
        first_mistake_kind: None,
        first_mistake_turn: None,
        cut: false,
    }
}

/// Whether the tag `name` is a player tag of `game` (as
/// [`billes_lua::script::players_of`] reads them).
fn players_named(game: &Game, name: &str) -> bool {
    !COMMON_TAGS.contains(&name)
        && !matches!(name, "Position" | "Site")
        && game
            .tag("Seats")
            .unwrap_or("")
            .split_whitespace()
            .any(|s| name.starts_with(s))
}

/// The `mistakes` row of one error.
pub(crate) fn mistake_row(key: Option<String>, entry: &ErrorEntry) -> MistakeRow {
    let mut cut = false;
    MistakeRow {
        key,
        file: entry.file.clone(),
        index: entry.game.map(|g| g as u32),
        kind: entry.kind.to_string(),
        message: capped(&entry.message, &mut cut),
        line: entry.line,
        column: entry.column,
        turn: entry.turn,
        seat: entry.seat.clone(),
        note: entry.note.clone(),
    }
}

/// The team of each seat, from a `Teams` tag (`R+G B+Y`).
fn teams_of(game: &Game) -> Vec<(String, SmolStr)> {
    let Some(teams) = game.tag("Teams") else {
        return Vec::new();
    };
    teams
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .flat_map(|team| {
            team.split('+')
                .map(move |s| (s.to_string(), SmolStr::new(team)))
        })
        .collect()
}

/// What the `turns` rows are built with beyond the columns every row has
/// at little cost: the costly columns an export writes only when asked for
/// (`billes export --columns`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wanted {
    /// The `Position` tag after each turn (about a third of a row's cost).
    pub position: bool,
}

/// What makes a game's `turns` rows: what every row of the game shares,
/// and each turn's cells from the positions before and after it.
struct RowMaker<'t> {
    teams: Vec<(String, SmolStr)>,
    game: GameKind,
    wanted: Wanted,
    /// The move's text, written into a buffer kept from turn to turn.
    text: String,
    /// The text of the main line's turns as written, when made: a move
    /// written as it is complete is copied from there.
    written: Option<&'t TurnTexts>,
    /// Whether a text of the rows was cut at [`MAX_CELL_BYTES`].
    cut: bool,
}

/// A turn as written, as its row reads it: a turn of the tree, or a brief
/// (which has no NAGs and no comments).
#[derive(Clone, Copy)]
pub(crate) enum Written<'a> {
    Turn(&'a Turn),
    Brief(&'a Brief),
    PairBrief(&'a billes_notation::PairBrief),
}

impl Written<'_> {
    /// The number written, and the seat.
    #[inline]
    fn number_and_seat(self) -> (u32, Seat) {
        match self {
            Written::Turn(turn) => (turn.number, turn.head.seat),
            Written::Brief(brief) => (brief.number, brief.seat),
            Written::PairBrief(brief) => (brief.number, brief.seat),
        }
    }
}

/// A turn's row begun from the position before it: what is read there.
struct Begun<'m> {
    /// The move complete: the replay's, or one found here.
    full: Cow<'m, Move>,
    captured: Captured,
    counts: Option<Vec<(String, usize)>>,
}

impl<'m> Begun<'m> {
    /// The row of a move `full` that captures nothing begun: what
    /// [`RowMaker::begin`] finds of it without reading the position.
    fn uncaptured(full: Cow<'m, Move>) -> Begun<'m> {
        Begun {
            full,
            captured: Captured::new(),
            counts: None,
        }
    }
}

impl<'t> RowMaker<'t> {
    fn new(game: &Game, kind: GameKind, wanted: Wanted, written: Option<&'t TurnTexts>) -> Self {
        RowMaker {
            teams: teams_of(game),
            game: kind,
            wanted,
            text: String::with_capacity(64),
            written,
            cut: false,
        }
    }

    /// The text of the `i`th turn's move as the record writes it, when
    /// the move `full` is written complete there: copied, not written again.
    fn written_text(&self, i: usize, turn: &Turn, full: &Move) -> Option<&'t str> {
        self.written
            .and_then(|w| w.actions(i))
            .filter(|_| full.writes_as(turn))
    }

    /// What the position `before` a turn tells of it: the seats its
    /// complete move `full` captures there.
    fn begin<'m>(&self, before: &(dyn Position + '_), full: Cow<'m, Move>) -> Begun<'m> {
        let (captured, counts) = captured_before(before, &full);
        Begun {
            full,
            captured,
            counts,
        }
    }

    /// The row of the `i`th turn (from 0), written as `turn`, `begun`
    /// before it and played to `after`. Its move's text is `written`
    /// when the caller has it (the turn's, copied when it is written
    /// complete), else it is written here.
    fn finish(
        &mut self,
        begun: Begun<'_>,
        (i, turn): (usize, Written<'_>),
        written: Option<&str>,
        after: &(dyn Position + '_),
    ) -> TurnRow {
        let Begun {
            full,
            mut captured,
            counts,
        } = begun;
        captured_after(after, counts, &mut captured);
        let (number, head_seat) = turn.number_and_seat();
        let seat = head_seat.as_bytes();
        // Most moves are short enough to be held without an allocation
        // (23 bytes). Writing into a String cannot fail.
        let text = match written {
            Some(text) => text,
            None => {
                self.text.clear();
                let _ = full.write_to(&mut self.text);
                &self.text
            }
        };
        let (nags, notes) = match turn {
            Written::Turn(turn) => (
                turn.nags().iter().map(|n| n.code).collect(),
                notes(turn, &mut self.cut),
            ),
            Written::Brief(_) | Written::PairBrief(_) => (Vec::new(), None),
        };
        TurnRow {
            turn: i as u32 + 1,
            number,
            seat: head_seat,
            team: self
                .teams
                .iter()
                .find(|(s, _)| s.as_bytes() == seat)
                .map(|(_, t)| t.clone()),
            mover: full.mover,
            roll: full.roll.map(|r| r.get()),
            roll2: full.roll.and_then(|r| r.second()),
            mv: billes_notation::small_text(text),
            pass: full.is_pass(),
            captures: captures(&full),
            captured,
            nags,
            notes,
            position: self.wanted.position.then(|| after.position_tag()),
            own: OwnCells {
                game: self.game,
                cells: registry::turn_cells(self.game, &full),
            },
        }
    }
}

/// The turns of a valid game's main line, replayed from `start` through
/// the game API: each turn's complete move (the legal move it names, with
/// every effect mark), its effects, and the `Position` tag after it when
/// `wanted`. Rows are given to `row` one at a time; the answer is whether
/// a text of them was cut at [`MAX_CELL_BYTES`].
///
/// # Errors
/// A turn the game API does not play (the game was checked valid by the
/// same rules, so this is a disagreement between checker and generator).
pub(crate) fn turn_rows(
    game: &Game,
    pos: Box<dyn Position + '_>,
    wanted: Wanted,
    row: &mut dyn FnMut(TurnRow),
) -> Result<bool, ReplayError> {
    let mut replay = RowReplay::new(game, pos, wanted);
    replay.play(&game.line.turns, Some(row))?;
    Ok(replay.cut())
}

/// The replay of [`turn_rows`], handed a game's main-line turns in order:
/// all at once, or a piece at a time as a long game's text is read
/// ([`streamed`]).
pub(crate) struct RowReplay<'g> {
    maker: RowMaker<'g>,
    pos: Box<dyn Position + 'g>,
    /// The index of the next turn in the main line (from 0).
    next: usize,
}

impl<'g> RowReplay<'g> {
    /// The replay of the game whose tags `game` holds, from `start`.
    pub(crate) fn new(game: &Game, start: Box<dyn Position + 'g>, wanted: Wanted) -> Self {
        RowReplay {
            maker: RowMaker::new(game, start.game(), wanted, None),
            pos: start,
            next: 0,
        }
    }

    /// Plays `turns`, the next ones of the main line, giving `row` the
    /// row of each; without `row`, only plays them (their rows are not
    /// made).
    ///
    /// # Errors
    /// As [`turn_rows`].
    pub(crate) fn play(
        &mut self,
        turns: &[Turn],
        mut row: Option<&mut dyn FnMut(TurnRow)>,
    ) -> Result<(), ReplayError> {
        for turn in turns {
            let full = complete_move(self.pos.as_ref(), turn)?;
            let begun = row
                .is_some()
                .then(|| self.maker.begin(self.pos.as_ref(), Cow::Owned(full)));
            self.pos
                .play_turn(turn)
                .map_err(|e| e.in_turn(turn.number, turn.head.seat.as_str()))?;
            if let (Some(row), Some(begun)) = (row.as_mut(), begun) {
                row(self.maker.finish(
                    begun,
                    (self.next, Written::Turn(turn)),
                    None,
                    self.pos.as_ref(),
                ));
            }
            self.next += 1;
        }
        Ok(())
    }

    /// Whether a text of the rows made was cut at [`MAX_CELL_BYTES`].
    pub(crate) fn cut(&self) -> bool {
        self.maker.cut
    }
}

/// The check of a game and its `turns` rows in one replay: a reader of
/// the replay stream ([`billes_core::events`]) that makes a row of each
/// main-line turn from the positions the check played it from and to.
struct Checking<'g> {
    game: &'g Game,
    maker: RowMaker<'g>,
    rows: Vec<TurnRow>,
    summary: Summary,
    /// Whether the record holds a mistake: the stream stops at the first.
    stopped: bool,
    /// The mistake the stream stopped at, when it is no verdict (the
    /// wall-clock guard stopped a script): the game is not checked again.
    no_verdict: Option<ReplayError>,
    /// The first main-line turn the rows could not be made of (the stream
    /// stops there too).
    failed: Option<ReplayError>,
    /// Whether the position before each turn is asked for, not only
    /// before a turn whose record marks a capture.
    keep_before: bool,
    /// Whether a turn's row needed the position before it, which was not
    /// asked for: the stream stops, and the game is read again with
    /// `keep_before`.
    unkept: bool,
}

impl Checking<'_> {
    /// Stops the stream at a turn whose row needs the position before it,
    /// not kept: the game is read again keeping every one.
    fn unkept(&mut self) -> ControlFlow<()> {
        self.unkept = true;
        ControlFlow::Break(())
    }
}

impl billes_core::events::Reader for Checking<'_> {
    fn start(&mut self, start: &dyn Position) -> ControlFlow<()> {
        self.summary.winners = start.winners();
        ControlFlow::Continue(())
    }

    fn turn(&mut self, played: &billes_core::events::Played<'_>) -> ControlFlow<()> {
        if played.depth > 0 {
            self.summary.variation_turns += 1;
            return ControlFlow::Continue(());
        }
        self.summary.turns += 1;
        let (i, turn) = (played.index, played.turn);
        // The replay asked the game for the complete move as it played
        // the turn: without it, the move is looked up in the list.
        let full = match (played.complete, played.before) {
            (Some(m), _) => Ok(Cow::Borrowed(m)),
            (None, Some(before)) => listed_move(before, turn).map(Cow::Owned),
            (None, None) => return self.unkept(),
        };
        match full {
            Ok(full) => {
                let begun = match played.before {
                    Some(before) => self.maker.begin(before, full),
                    // A move that captures nothing reads nothing there.
                    None if !marks_capture(&full.actions) => Begun::uncaptured(full),
                    // A capture the record does not mark.
                    None => return self.unkept(),
                };
                let written = self.maker.written_text(i, turn, &begun.full);
                let row = self
                    .maker
                    .finish(begun, (i, Written::Turn(turn)), written, played.after);
                self.rows.push(row);
            }
            Err(e) => {
                self.failed = Some(e);
                return ControlFlow::Break(());
            }
        }
        if i + 1 == self.game.line.turns.len() {
            self.summary.winners = played.after.winners();
        }
        ControlFlow::Continue(())
    }

    fn mistake(&mut self, m: &billes_core::events::Mistake<'_>) -> ControlFlow<()> {
        self.stopped = true;
        if !m.error.kind.is_verdict() {
            self.no_verdict = Some(m.error.clone());
        }
        ControlFlow::Break(())
    }

    fn wants_complete_moves(&self) -> bool {
        true
    }

    /// The position before a turn is read to name the seats its captures
    /// send home, and to find its move in the list of legal moves when the
    /// game does not complete it; which turns need it is known only once
    /// they are played. The replay keeps it before each turn whose record
    /// marks a capture, and a turn found to need it without it has the
    /// game read again keeping it before every turn ([`checked_rows`]):
    /// its copy is 5% of an export's time (docs/export.md).
    fn needs_before(&self, turn: &Turn) -> bool {
        self.keep_before || marks_capture(&turn.actions)
    }
}

/// Whether `actions` mark a capture (`*`): the actions whose row reads the
/// position before them ([`captured_before`]).
fn marks_capture(actions: &billes_notation::Actions) -> bool {
    actions.iter().any(|a| {
        matches!(
            a,
            Action::Place {
                capture: Some(_),
                ..
            } | Action::Move {
                capture: Some(_),
                ..
            } | Action::Line {
                capture: Some(_),
                ..
            }
        )
    })
}

/// The games whose rows were found to need the position before a turn
/// whose record marks no capture (a capture written without its mark, a
/// turn the game does not complete: `Checking`'s `needs_before`): their
/// replays keep the position before every turn from then on, so that a
/// thread reads one game of each twice, not every one.
#[derive(Debug, Default)]
pub(crate) struct KeptBefore(Vec<billes_core::GameKind>);

/// A game checked valid by `engine`, and its `turns` rows, in one replay
/// ([`Checking`]): what `billes validate` finds of a valid game, and the
/// rows a second replay ([`turn_rows`]) makes. `written` is the text of
/// its main line's turns, when made: a move written complete is copied
/// from it. `None` when the record holds a mistake or the rules panicked:
/// the caller then checks it as any other game, which finds its mistake.
///
/// # Errors
/// The mistake that is no verdict (the wall-clock guard stopped a
/// script): the game is not checked again, which would run the script as
/// long again.
pub(crate) fn checked_rows<'g>(
    engine: &dyn billes_core::Engine,
    game: &'g Game,
    written: Option<&'g TurnTexts>,
    wanted: Wanted,
    kept: &mut KeptBefore,
) -> Result<Option<(Summary, WorkerRows)>, ReplayError> {
    let begin = |keep_before| Checking {
        game,
        maker: RowMaker::new(game, engine.game(), wanted, written),
        rows: Vec::with_capacity(game.line.turns.len()),
        summary: Summary {
            turns: 0,
            variation_turns: 0,
            winners: None,
            stopped: false,
        },
        stopped: false,
        no_verdict: None,
        failed: None,
        keep_before,
        unkept: false,
    };
    // Whether the game was read to its end without a mistake.
    let read = |checking: &mut Checking<'g>| {
        let read = catch_unwind(AssertUnwindSafe(|| engine.read(game, checking)));
        match checking.no_verdict.take() {
            Some(e) => Err(e),
            None => Ok(matches!(read, Ok(Ok(()))) && !checking.stopped),
        }
    };
    let mut checking = begin(kept.0.contains(&engine.game()));
    if !read(&mut checking)? {
        return Ok(None);
    }
    if checking.unkept {
        // A turn's row needed the position before it, not kept: it is
        // kept from now on for this game.
        kept.0.push(engine.game());
        checking = begin(true);
        if !read(&mut checking)? {
            return Ok(None);
        }
    }
    if let Some(e) = checking.failed {
        // The game API does not play a turn of the main line: the check
        // is made apart, and the rows tell the disagreement.
        let summary = match engine.validate(game) {
            Ok(summary) => summary,
            Err(guard) if !guard.kind.is_verdict() => return Err(guard),
            Err(_) => return Ok(None),
        };
        return Ok(Some((
            summary,
            WorkerRows {
                rows: Err(e),
                cut: false,
            },
        )));
    }
    let rows = WorkerRows {
        cut: checking.maker.cut,
        rows: Ok(checking.rows),
    };
    Ok(Some((checking.summary, rows)))
}

/// The seats whose pieces `full` captures, as far as the position before
/// it tells: the piece on a move's landing point. For an entry that
/// captures (Aggravation's `+*`) and an ejection (Offboard), the number of
/// pieces each other seat has on the board, to compare after the move.
fn captured_before(
    pos: &(dyn Position + '_),
    full: &Move,
) -> (Captured, Option<Vec<(String, usize)>>) {
    let mut captured = Captured::new();
    let mut counted = false;
    // The view of the board is made only for a turn that captures: most
    // turns capture nothing.
    let mut view = None;
    for action in full.actions.iter() {
        match action {
            Action::Move {
                path,
                capture: Some(_),
                ..
            } => {
                let view = view.get_or_insert_with(|| pos.hook_view());
                if let Some(seat) = path.last().and_then(|p| view.at(p)) {
                    captured.push(Seat::new(seat));
                }
            }
            Action::Place {
                capture: Some(_), ..
            }
            | Action::Line {
                capture: Some(_), ..
            } => counted = true,
            _ => {}
        }
    }
    let mover = full.moving_seat();
    let counts = counted.then(|| {
        let view = view.get_or_insert_with(|| pos.hook_view());
        view.seats()
            .into_iter()
            .filter(|s| s.as_str() != mover.as_str())
            .map(|s| {
                let n = view.pieces(&s).len();
                (s, n)
            })
            .collect()
    });
    (captured, counts)
}

/// The seats that lost pieces from the board since `counts` were taken,
/// each once a piece, added to `captured`.
fn captured_after(
    pos: &(dyn Position + '_),
    counts: Option<Vec<(String, usize)>>,
    captured: &mut Captured,
) {
    let Some(counts) = counts else {
        return;
    };
    let view = pos.hook_view();
    for (seat, before) in counts {
        let lost = before.saturating_sub(view.pieces(&seat).len());
        captured.extend(std::iter::repeat_n(Seat::new(&seat), lost));
    }
}

/// The move `turn` names in `pos`, with every mark it implies: the game's
/// own answer ([`Position::complete_turn`]), else the one found in the
/// list of legal moves ([`listed_move`]).
fn complete_move(pos: &(dyn Position + '_), turn: &Turn) -> Result<Move, ReplayError> {
    match pos.complete_turn(turn) {
        Some(m) => Ok(m),
        None => listed_move(pos, turn),
    }
}

/// The move `turn` names in `pos`, found in the list of legal moves: the
/// legal move written so, else the one written without its marks, else the
/// one that reaches the same position (another spelling of it).
///
/// In a game whose moves put barricades down
/// ([`registry::puts_down`]), the legal moves are first read in two steps
/// ([`Position::legal_two_steps_for`]): the move, then the points its
/// barricades go down on, so a turn that takes a barricade is not one move
/// per free point; the whole list is made only for a turn that none of
/// them names as written.
fn listed_move(pos: &(dyn Position + '_), turn: &Turn) -> Result<Move, ReplayError> {
    let in_turn = |e: ReplayError| e.in_turn(turn.number, turn.head.seat.as_str());
    let written = Move::from_turn(turn).ok_or_else(|| {
        ReplayError::new(
            billes_core::ErrorKind::Roll,
            turn.head.span,
            "the roll is not a die face (1 to 6)",
        )
    })?;
    let (seat, roll) = (written.seat.as_str(), written.roll);
    if registry::puts_down(pos.game()) {
        let steps = pos
            .legal_two_steps_for(written.seat, roll)
            .map_err(|e| in_turn(e.into()))?;
        if let Some(m) = steps.iter().find_map(|s| named(s, &written)) {
            return Ok(m);
        }
    }
    let legal = pos
        .legal_moves_for(billes_notation::Name::from(seat), roll)
        .map_err(|e| in_turn(e.into()))?;
    if let Some(m) = legal.iter().find(|m| same_move(m, &written)) {
        return Ok(m.clone());
    }
    let mut after = pos.boxed();
    after.play_turn(turn).map_err(in_turn)?;
    let (tag, next) = (after.position_tag(), after.next());
    for m in &legal {
        let mut alt = pos.boxed();
        if alt.play(m).is_ok() && alt.position_tag() == tag && alt.next() == next {
            return Ok(m.clone());
        }
    }
    Ok(written)
}

/// Whether `written` is `legal`, its marks left out or not.
fn same_move(legal: &Move, written: &Move) -> bool {
    legal.actions.len() == written.actions.len()
        && written.seat == legal.seat
        && written.roll == legal.roll
        && written.mover == legal.mover
        && legal
            .actions
            .iter()
            .zip(written.actions.iter())
            .all(|(a, b)| same_but_marks(a, b))
}

/// The move of `step` that `written` names, its marks left out or not:
/// the step's first move, marks and all, then the barricades written put
/// down on points the step allows, in the list's order (the board's).
fn named(step: &TwoStep, written: &Move) -> Option<Move> {
    let first = &step.first;
    let n = first.actions.len();
    if step.owed == 0 {
        return same_move(first, written).then(|| first.clone());
    }
    if written.actions.len() != n + usize::from(step.owed)
        || written.seat != first.seat
        || written.roll != first.roll
        || written.mover != first.mover
        || !first
            .actions
            .iter()
            .zip(written.actions.iter())
            .all(|(a, b)| same_but_marks(a, b))
    {
        return None;
    }
    let mut chosen = Vec::with_capacity(usize::from(step.owed));
    for action in &written.actions[n..] {
        let Action::Barricade { at, .. } = action else {
            return None;
        };
        let i = step.points.iter().position(|p| p == at)?;
        if chosen.contains(&i) {
            return None;
        }
        chosen.push(i);
    }
    chosen.sort_unstable();
    Some(step.with(&chosen))
}

/// Whether two actions are the same but for their effect marks (and where
/// they are written).
fn same_but_marks(a: &Action, b: &Action) -> bool {
    match (a, b) {
        (Action::Pass { .. }, Action::Pass { .. })
        | (Action::Remove { .. }, Action::Remove { .. }) => true,
        (Action::Place { to: x, .. }, Action::Place { to: y, .. }) => x == y,
        (Action::Move { path: x, .. }, Action::Move { path: y, .. }) => x == y,
        (
            Action::Line {
                from: f,
                to: t,
                direction: d,
                ..
            },
            Action::Line {
                from: g,
                to: u,
                direction: e,
                ..
            },
        ) => f == g && t == u && d == e,
        (Action::Barricade { at: x, .. }, Action::Barricade { at: y, .. }) => x == y,
        _ => false,
    }
}

/// The pieces a complete move captured and sent home: its entries and
/// steps marked `*` (a line pushed off the board, in Offboard, is its
/// game's own `ejections`).
fn captures(full: &Move) -> u32 {
    full.actions
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::Place {
                    capture: Some(_),
                    ..
                } | Action::Move {
                    capture: Some(_),
                    ..
                }
            )
        })
        .count() as u32
}

/// The comment text and the analysis values of a turn.
fn notes(turn: &Turn, cut: &mut bool) -> Option<Box<Notes>> {
    if turn.before().is_empty() && turn.after().is_empty() {
        return None;
    }
    let mut notes = Notes::default();
    let mut text = String::new();
    let mut analysed = false;
    for c in turn.before().iter().chain(turn.after()) {
        if let Some(reading) = comment::read(&c.text) {
            if !analysed {
                analysed = true;
                notes.win = Some(reading.win);
                notes.luck = reading.luck;
                if let Some((mv, w)) = reading.best {
                    notes.best = Some(capped(&mv, cut));
                    notes.best_win = Some(w);
                }
            }
            continue;
        }
        if comment::is_analysis(&c.text) {
            continue;
        }
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(&c.text);
    }
    if !text.is_empty() {
        notes.comment = Some(capped(&text, cut));
    }
    if analysed {
        notes.mark = turn
            .nags()
            .iter()
            .find_map(|n| n.symbol().filter(|s| matches!(*s, "?!" | "?" | "??")))
            .map(SmolStr::new);
    }
    (notes != Notes::default()).then(|| Box::new(notes))
}

/// The `turns` rows of a valid game, built on the thread that checked it
/// ([`crate::validate::Settings::turn_rows`]), so that `--jobs` shares that work
/// too; the rows keep their order, as the outcomes do.
#[derive(Debug)]
pub(crate) struct WorkerRows {
    /// The rows, or the turn the game API did not play.
    pub(crate) rows: Result<Vec<TurnRow>, ReplayError>,
    /// Whether a text of these rows was cut at [`MAX_CELL_BYTES`].
    pub(crate) cut: bool,
}

/// The `turns` rows of the valid game `game` under `engine`, the rules it
/// was checked by; `None` if the rules panicked (the game is then replayed
/// again where its rows are written, as without this).
pub(crate) fn worker_rows(
    engine: &dyn billes_core::Engine,
    game: &billes_notation::Game,
    wanted: Wanted,
) -> Option<WorkerRows> {
    let mut out = Vec::with_capacity(game.line.turns.len());
    let built = catch_unwind(AssertUnwindSafe(|| {
        let pos = engine.start(game)?;
        turn_rows(game, pos, wanted, &mut |r| out.push(r))
    }))
    .ok()?;
    Some(WorkerRows {
        cut: built.as_ref().is_ok_and(|cut| *cut),
        rows: built.map(|_| out),
    })
}

/// A seeded simulated game of `kind`, at most `max_turns` long.
#[cfg(test)]
fn simulated(kind: GameKind, max_turns: u32, seed: u64) -> Game {
    let options = billes_core::SimOptions {
        max_turns,
        ..Default::default()
    };
    billes_core::simulate(kind, &options, &mut billes_core::Rng::new(seed)).expect("simulates")
}

/// The text of a seeded [`simulated`] game, as the writer lays it out.
#[cfg(test)]
pub(crate) fn simulated_text(kind: GameKind, max_turns: u32, seed: u64) -> String {
    billes_notation::write_game(&simulated(kind, max_turns, seed))
}

/// Every shipped record (`examples/`), with its path.
#[cfg(test)]
pub(crate) fn shipped_records() -> Vec<(std::path::PathBuf, String)> {
    let mut records = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from("../../examples")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("the examples are there") {
            let path = entry.expect("a listed file").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "bgn") {
                let text = std::fs::read_to_string(&path).expect("a record");
                records.push((path, text));
            }
        }
    }
    records
}

/// The `turns` rows of a seeded [`simulated`] game, every column built,
/// as the file `g.bgn`'s first game (without a key): what the tests of
/// the tables' writers write.
#[cfg(test)]
pub(crate) fn simulated_rows(kind: GameKind, max_turns: u32, seed: u64) -> GameTurns {
    let game = simulated(kind, max_turns, seed);
    let engine = billes_core::Standard::new(kind);
    let start = billes_core::Engine::start(&engine, &game).expect("starts");
    let mut rows = Vec::new();
    let wanted = Wanted { position: true };
    turn_rows(&game, start, wanted, &mut |r| rows.push(r)).expect("plays");
    GameTurns {
        key: None,
        file: "g.bgn".into(),
        index: 1,
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use billes_core::columns::Cell;
    use billes_core::{Engine, Standard};

    /// The parser reads a turn after a miss, twice as many each miss in a
    /// row up to a piece's, again one after briefs, and nothing after a
    /// piece of briefs.
    #[test]
    fn the_parser_reads_more_turns_each_miss_in_a_row() {
        let mut parser = ParserTurns::default();
        let piece = billes_notation::TurnStream::TURNS_PER_PIECE;
        let misses: Vec<usize> = (0..12).filter_map(|_| parser.after(0)).collect();
        let mut doubling: Vec<usize> = std::iter::successors(Some(1), |n| Some(n * 2))
            .take_while(|&n| n <= piece)
            .collect();
        doubling.resize(12, piece);
        assert_eq!(misses, doubling);
        assert_eq!(parser.after(3), Some(1));
        assert_eq!(parser.after(0), Some(2));
        assert_eq!(parser.after(piece), None);
        assert_eq!(parser.after(0), Some(1));
    }

    fn turns(record: &str) -> Vec<TurnRow> {
        let game = billes_notation::parse_game(record).expect("parses");
        let engine = Standard::new(billes_core::registry::of(&game).expect("a game"));
        let mut rows = Vec::new();
        let start = engine.start(&game).expect("starts");
        turn_rows(&game, start, Wanted { position: true }, &mut |r| {
            rows.push(r)
        })
        .expect("plays");
        rows
    }

    #[test]
    fn a_capture_written_without_its_mark_is_counted() {
        let rows = turns(
            "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R3 h-a1\n2. B5 h-q3\n3. R2 h-d1\n*\n",
        );
        assert_eq!(rows[1].mv, "h-q3#");
        assert!(rows[1].captured.is_empty());
        // The game's own columns: the barricade taken, none put down.
        let names: Vec<_> = rows[1].own.columns().iter().map(|c| c.name).collect();
        assert_eq!(names, ["barricade_taken", "barricade_put"]);
        assert_eq!(rows[1].own.cells.get(0), &Cell::Bool(true));
        assert_eq!(rows[2].own.cells.get(1), &Cell::Null);
    }

    #[test]
    fn the_captured_seats_are_named() {
        let rows = turns(
            "[Game \"aggravation\"]\n[Seats \"R B G\"]\n[Position \"R:r9,g9 B:r10 move=R\"]\n\n1. R1 r9-r10 2. B6 + 3. B3 b9-b12 4. G6 +*\n*\n",
        );
        assert_eq!(rows[0].mv, "r9-r10*");
        assert_eq!(rows[0].captured.as_slice(), ["B"]);
        assert!(rows[1].captured.is_empty());
        assert_eq!(rows[3].mv, "+*");
        assert_eq!(rows[3].captured.as_slice(), ["R"]);
    }

    #[test]
    fn analysis_values_and_the_mark_are_read() {
        let rows = turns(
            "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 + ?? {[%win 0.40] [%best + 0.5] [%luck -0.1]} {mine}\n2. R1 r9-r10\n*\n",
        );
        assert_eq!(rows[0].notes().win, Some(0.40));
        assert_eq!(rows[0].notes().best.as_deref(), Some("+"));
        assert_eq!(rows[0].notes().best_win, Some(0.5));
        assert_eq!(rows[0].notes().luck, Some(-0.1));
        assert_eq!(rows[0].notes().mark.as_deref(), Some("??"));
        assert_eq!(rows[0].notes().comment.as_deref(), Some("mine"));
        assert_eq!(rows[0].nags, [4]);
        assert_eq!(rows[1].notes, None);
        assert_eq!(rows[1].position.as_deref(), Some("R:r10 move=B"));
    }

    #[test]
    fn cells_are_cut_at_a_character_boundary() {
        let mut cut = false;
        let long = "é".repeat(MAX_CELL_BYTES);
        let c = capped(&long, &mut cut);
        assert!(cut && c.len() <= MAX_CELL_BYTES && c.len() > MAX_CELL_BYTES - 2);
        let mut cut = false;
        assert_eq!(capped("short", &mut cut), "short");
        assert!(!cut);
    }

    #[test]
    fn tags_are_split_into_columns_players_and_the_rest() {
        let game = billes_notation::parse_game(
            "[Game \"offboard\"]\n[Seats \"R B\"]\n[Red \"Ann\"]\n[Site \"club\"]\n[Seed \"3\"]\n[Seed \"4\"]\n*\n",
        )
        .expect("parses");
        let row = game_row(None, "f", 1, 1, &game);
        assert_eq!(row.game.as_deref(), Some("offboard"));
        assert_eq!(
            row.players,
            [Player {
                seat: "R".into(),
                name: "Ann".into()
            }]
        );
        assert_eq!(
            row.tags,
            [
                ("Site".to_string(), "club".to_string()),
                ("Seed".into(), "3".into())
            ]
        );
    }

    /// `game` with the capture marks of its moves and entries left out.
    fn unmarked(mut game: Game) -> Game {
        for turn in &mut game.line.turns {
            for action in turn.actions.iter_mut() {
                if let Action::Move { capture, .. } | Action::Place { capture, .. } = action {
                    *capture = None;
                }
            }
        }
        game
    }

    /// The rows made in the check's own replay are the rows of a replay
    /// apart, and its summary the check's, on seeded games of every game,
    /// whether the replay keeps the position before every turn or only
    /// before those that mark a capture (reading the game again when a
    /// row needs one it did not keep); a game the check refuses gives none.
    #[test]
    fn rows_made_while_checking_are_those_of_a_replay_apart() {
        let mut read_again = 0;
        for kind in billes_core::registry::all() {
            for seed in 0..4 {
                let options = billes_core::SimOptions {
                    max_turns: 60,
                    ..Default::default()
                };
                let game = billes_core::simulate(kind, &options, &mut billes_core::Rng::new(seed))
                    .expect("simulates");
                // As simulated (each move complete, copied from the text
                // the key hashes), and with its marks left out (each move
                // completed, so written here).
                for (game, keep) in [game.clone(), unmarked(game)]
                    .into_iter()
                    .flat_map(|g| [(g.clone(), false), (g, true)])
                {
                    let engine = Standard::new(kind);
                    let wanted = Wanted { position: true };
                    let (texts, _) = TurnTexts::of(&game);
                    let mut kept = KeptBefore::default();
                    if keep {
                        kept.0.push(kind);
                    }
                    let (summary, rows) =
                        checked_rows(&engine, &game, Some(&texts), wanted, &mut kept)
                            .expect("no script")
                            .expect("a valid game");
                    read_again += usize::from(!keep && !kept.0.is_empty());
                    assert_eq!(summary, engine.validate(&game).expect("valid"));
                    let apart = worker_rows(&engine, &game, wanted).expect("rows");
                    assert_eq!(
                        rows.rows.expect("rows"),
                        apart.rows.expect("rows"),
                        "{kind:?} {seed}"
                    );
                    assert_eq!(rows.cut, apart.cut);
                }
            }
        }
        // Captures written without their marks, turns the game does not
        // complete.
        assert!(read_again > 10, "{read_again} games read again");
        let wrong = billes_notation::parse_game(
            "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R3 h-a1\n2. B5 h-a9\n*\n",
        )
        .expect("parses");
        let engine = Standard::new(billes_core::registry::of(&wrong).expect("a game"));
        assert!(engine.validate(&wrong).is_err());
        assert!(checked_rows(
            &engine,
            &wrong,
            None,
            Wanted { position: false },
            &mut KeptBefore::default()
        )
        .expect("no script")
        .is_none());
    }
}
