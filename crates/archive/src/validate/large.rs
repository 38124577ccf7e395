//! A game longer than the reader's limit (16 MiB), checked as it is read:
//! its text comes from the reader a piece at a time into a window, is
//! parsed a piece at a time, and each piece's main-line turns are handed to
//! the rules' [`TurnCheck`](billes_core::TurnCheck); what has been checked
//! is dropped. Memory is the window (at most the limit, plus a piece) and
//! the position, whatever the length of the game.
//!
//! What the whole tree gives and this does not: the check of such a game
//! stops at its first mistake (a syntax error or a mistake of the record),
//! which is reported with a note saying so; the check of the mistakes
//! after it needs the whole tree, which a game this long is not made into.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use billes_core::{ReplayError, Summary};
use billes_notation::{
    Game, GameSource, ParseError, Piece, PieceError, ReadError, Turn, TurnStream, MAX_GAME_BYTES,
};

use super::{parse_entry, replay_entry, Fingerprint, GameFacts, Kept, Origin, Outcome, Worker};
use crate::diagnostic::{render_parse_error_noted, render_replay_error};
use crate::report::ErrorEntry;
use crate::rules::Place;

/// Unread text the window is filled to before each piece is parsed.
const WANT: usize = 1 << 20;

/// The note of a mistake in a game too long to be made into a tree.
pub(crate) const STOPS: &str =
    "the game is longer than 16 MiB: it is checked as it is read, up to its first mistake";

/// Where the next piece of a game's text comes from: appends it, `false`
/// once the game is over.
pub(crate) type Pieces<'a> = dyn FnMut(&mut Vec<u8>) -> Result<bool, ReadError> + 'a;

/// The text of the game read and not yet parsed.
#[derive(Default)]
struct Window {
    /// The text read, each piece checked for UTF-8 once as it comes.
    text: String,
    /// Where the unparsed text starts in `text`.
    start: usize,
    /// The piece being read.
    incoming: Vec<u8>,
    /// The first bytes of a character cut at the end of the last piece.
    carry: Vec<u8>,
    /// The game's last piece is in.
    done: bool,
}

impl Window {
    /// Reads pieces until at least `want` bytes are unparsed, or the game
    /// is over; what was parsed is dropped first once it is half the window.
    /// `Err(Ok(at))`: the byte at `at` in the unparsed text is not UTF-8.
    fn fill(
        &mut self,
        want: usize,
        pieces: &mut Pieces<'_>,
    ) -> Result<(), Result<usize, ReadError>> {
        while !self.done && self.text.len() - self.start < want {
            if self.start > 0 && self.start >= self.text.len() / 2 {
                self.text.drain(..self.start);
                self.start = 0;
                if self.text.capacity() > 4 * WANT.max(self.text.len()) {
                    self.text.shrink_to(2 * WANT.max(self.text.len()));
                }
            }
            self.incoming.clear();
            self.incoming.append(&mut self.carry);
            self.done = !pieces(&mut self.incoming).map_err(Err)?;
            let (valid, error) = match std::str::from_utf8(&self.incoming) {
                Ok(_) => (self.incoming.len(), None),
                Err(e) => (e.valid_up_to(), e.error_len()),
            };
            if error.is_some() || (self.done && valid < self.incoming.len()) {
                let at = self.text.len() - self.start + valid;
                self.text
                    .push_str(std::str::from_utf8(&self.incoming[..valid]).unwrap_or(""));
                return Err(Ok(at));
            }
            self.carry.extend_from_slice(&self.incoming[valid..]);
            self.incoming.truncate(valid);
            if self.incoming.len() > self.text.len() - self.start {
                // A piece larger than the text unparsed (the game's first
                // 16 MiB): moved, not copied, that text put before it.
                let mut bytes = std::mem::take(&mut self.incoming);
                bytes.splice(0..0, self.text.as_bytes()[self.start..].iter().copied());
                self.text = String::from_utf8(bytes).unwrap_or_default();
                self.start = 0;
            } else {
                self.text
                    .push_str(std::str::from_utf8(&self.incoming).unwrap_or(""));
            }
        }
        Ok(())
    }

    /// The unparsed text, and whether it ends the game.
    fn text(&self) -> (&str, bool) {
        (&self.text[self.start..], self.done && self.carry.is_empty())
    }
}

/// How the check of a large game ended.
enum Ended {
    /// Valid: what it replays to.
    Valid(Summary),
    /// A mistake, reported; the turns checked before it.
    Mistake(u64),
    /// The rules check whole records only: not checked.
    Whole,
}

impl Worker {
    /// Checks game `index` of `origin`, which starts on `line` and is
    /// longer than the reader's limit, its text from `pieces`; its outcome.
    /// The game is read to its end whatever it holds, so the reader goes on
    /// with the next.
    pub(crate) fn large(
        &mut self,
        origin: &Arc<Origin>,
        (index, line, offset): (usize, u32, usize),
        pieces: &mut Pieces<'_>,
    ) -> Outcome {
        // The game's length, counted as it comes.
        let mut total = 0u64;
        let mut pieces = |into: &mut Vec<u8>| {
            let before = into.len();
            let more = pieces(into);
            total += (into.len() - before) as u64;
            more
        };
        let mut head = None;
        let mut outcome = Outcome {
            origin: Arc::clone(origin),
            bytes: 0,
            opened: false,
            turns: 0,
            game: None,
            errors: Vec::new(),
            rendered: String::new(),
            kept: None,
        };
        let mut facts = GameFacts::at(index, line);
        let mut window = Window::default();
        let ended = catch_unwind(AssertUnwindSafe(|| {
            self.read_large(
                origin,
                &mut facts,
                &mut window,
                &mut pieces,
                &mut outcome,
                &mut head,
            )
        }));
        // The rest of the game, read past.
        let mut failed = match &ended {
            Ok(Err(e)) => Some(read_error(e, index, line)),
            _ => None,
        };
        if !window.done {
            if let Err(e) = read_past(&mut pieces) {
                failed.get_or_insert(read_error(&e, index, line));
            }
        }
        let summary = match ended {
            Ok(Ok(ended)) => self.note_end(ended, &mut outcome, (index, line)),
            Ok(Err(_)) => None,
            Err(_) => {
                self.internal_error(&mut outcome, origin, (index, line));
                None
            }
        };
        if let Some((at, message)) = failed {
            outcome.errors.clear();
            outcome.rendered.clear();
            self.encoding_error(&mut outcome, index, at, message);
        }
        outcome.game = Some(facts);
        if self.settings.keep && outcome.errors.iter().all(|e| e.kind != "encoding") {
            let from = offset as u64;
            outcome.kept = Some(Kept {
                text: String::new(),
                offset,
                game: head,
                summary,
                rows: None,
                streamed: false,
                range: Some(from..from + total),
                end: None,
            });
        }
        outcome
    }

    /// Notes in `outcome` how the check of game `index`, which starts on
    /// `line`, ended; what a valid game replays to.
    fn note_end(
        &self,
        ended: Ended,
        outcome: &mut Outcome,
        (index, line): (usize, u32),
    ) -> Option<Summary> {
        match ended {
            Ended::Valid(valid) => {
                outcome.turns = u64::from(valid.turns);
                return Some(valid);
            }
            Ended::Mistake(turns) => outcome.turns = turns,
            Ended::Whole => {
                let message = ReadError::TooLarge {
                    index,
                    line,
                    limit: MAX_GAME_BYTES,
                }
                .to_string();
                self.encoding_error(outcome, index, (line, 1), message);
            }
        }
        None
    }

    /// A bug in the rules, met checking game `index` of `origin` (which
    /// starts on `line`): reported against the game instead of what was
    /// found, and the variants are loaded anew.
    fn internal_error(
        &mut self,
        outcome: &mut Outcome,
        origin: &Origin,
        (index, line): (usize, u32),
    ) {
        self.resolver = self.settings.rules.resolver();
        let message = "internal error while replaying this game (please report it)";
        let name = origin.name.as_str();
        outcome.errors.clear();
        outcome.rendered.clear();
        if self.settings.diagnostics {
            outcome.rendered = format!(
                "error[internal]: {message}\n --> {name}:{line}:1\n  = note: in game {index}\n\n"
            );
        }
        outcome
            .errors
            .push(ErrorEntry::new(name, Some(index), "internal", message.into()).at(line, 1));
    }

    /// An encoding error of game `index` (its text could not be read).
    pub(super) fn encoding_error(
        &self,
        outcome: &mut Outcome,
        index: usize,
        (line, column): (u32, u32),
        message: String,
    ) {
        let name = outcome.origin.name.clone();
        if self.settings.diagnostics {
            outcome.rendered = format!(
                "error[encoding]: {message}\n --> {name}:{line}:{column}\n  = note: in game {index}\n\n"
            );
        }
        outcome
            .errors
            .push(ErrorEntry::new(&name, Some(index), "encoding", message).at(line, column));
    }

    /// Reads and checks the game (see [`Worker::large`]); how the check
    /// ended, or the error of the reader.
    fn read_large(
        &mut self,
        origin: &Origin,
        facts: &mut GameFacts,
        window: &mut Window,
        pieces: &mut Pieces<'_>,
        outcome: &mut Outcome,
        kept: &mut Option<Game>,
    ) -> Result<Ended, ReadError> {
        let mut stream = TurnStream::new(facts.line);
        let mut turns: Vec<Turn> = Vec::new();
        let index = facts.index;
        let head = match next_piece(window, &mut stream, &mut turns, pieces, index)? {
            (Ok(Piece::Head(head)), from) => {
                window.start += stream.offset() - from;
                head
            }
            (Ok(_), _) => unreachable!("the head comes first"),
            (Err(e), from) => {
                self.large_syntax_error(origin, index, (window, from), &e, outcome);
                return Ok(Ended::Mistake(0));
            }
        };
        if self.settings.by_event {
            facts.event = head.tag("Event").map(str::to_string);
            facts.round = head.tag("Round").map(str::to_string);
        }
        if self.settings.tags {
            facts.tags = head
                .tags
                .iter()
                .map(|t| (t.name.to_string(), t.value.to_string()))
                .collect();
        }
        if self.settings.keep {
            *kept = Some(head.clone());
        }
        let place = Place::dir(origin.dir()).game(origin.name.as_str(), index);
        let from = stream.offset();
        let rules = match self.resolver.rule_set(&place, &head) {
            Ok(rules) => rules,
            Err(e) => {
                self.large_replay_error(origin, window, facts, from, &e, outcome);
                return Ok(Ended::Mistake(0));
            }
        };
        let mut check = match rules.engine().stream(&head) {
            None => return Ok(Ended::Whole),
            Some(Ok(check)) => check,
            Some(Err(e)) => {
                self.large_replay_error(origin, window, facts, from, &e, outcome);
                return Ok(Ended::Mistake(0));
            }
        };
        let mut print = self.settings.duplicates.then(Fingerprint::new);
        let mut played = 0u64;
        loop {
            let (piece, from) = match next_piece(window, &mut stream, &mut turns, pieces, index)? {
                (Ok(piece), from) => (piece, from),
                (Err(e), from) => {
                    self.large_syntax_error(origin, index, (window, from), &e, outcome);
                    return Ok(Ended::Mistake(played));
                }
            };
            if let Some(print) = &mut print {
                turns.iter().for_each(|t| print.add(t));
            }
            if let Err(e) = check.turns(&mut turns) {
                let before = turns.partition_point(|t| t.span.start <= e.span.start);
                let done = played + before.saturating_sub(usize::from(e.turn.is_some())) as u64;
                self.large_replay_error(origin, window, facts, from, &e, outcome);
                return Ok(Ended::Mistake(done));
            }
            played += turns.len() as u64;
            if let Piece::End { outcome: end, .. } = &piece {
                return match check.finish(&head, end) {
                    Ok(summary) => {
                        facts.fingerprint = print.and_then(|mut p| p.finish());
                        if let Some(game) = kept {
                            game.outcome = end.clone();
                        }
                        Ok(Ended::Valid(summary))
                    }
                    Err(e) => {
                        self.large_replay_error(origin, window, facts, from, &e, outcome);
                        Ok(Ended::Mistake(played))
                    }
                };
            }
            window.start += stream.offset() - from;
        }
    }

    /// Reports the syntax error `err` of a large game, whose text from
    /// offset `from` is the unparsed text of `window`.
    fn large_syntax_error(
        &self,
        origin: &Origin,
        index: usize,
        (window, from): (&Window, usize),
        err: &ParseError,
        outcome: &mut Outcome,
    ) {
        let name = origin.name.as_str();
        if self.settings.diagnostics {
            // The line is shown from the start of the text at hand: the
            // caret at the error's column there.
            let text = window.text().0;
            let mut shown = err.clone();
            shown.span.column = err.span.column.min(column_in(
                text,
                (err.span.start as usize).saturating_sub(from),
            ));
            let rendered =
                render_parse_error_noted(name, index, &shown, Some(STOPS), self.settings.color);
            outcome.rendered.push_str(&at_column(
                rendered,
                name,
                err.span.line,
                shown.span.column,
                err.span.column,
            ));
        }
        let mut entry = parse_entry(name, index, err);
        entry.note = Some(STOPS.to_string());
        outcome.errors.push(entry);
    }

    /// Reports the mistake `err` of a large game, whose text from offset
    /// `from` is the unparsed text of `window`.
    fn large_replay_error(
        &self,
        origin: &Origin,
        window: &Window,
        facts: &GameFacts,
        from: usize,
        err: &ReplayError,
        outcome: &mut Outcome,
    ) {
        let name = origin.name.as_str();
        let source = GameSource {
            index: facts.index,
            text: window.text().0.to_string(),
            offset: from,
            line: facts.line,
        };
        let source = &source;
        let mut err = err.clone();
        if err.note().is_none() {
            err = err.with_note(STOPS);
        }
        if self.settings.diagnostics && err.span.line > 0 {
            // The span as an offset in the text at hand, its column on
            // the line as far as that text holds it.
            let mut shown = err.clone();
            shown.span.start = shown.span.start.saturating_sub(from as u32);
            let column = column_in(&source.text, shown.span.start as usize);
            shown.span.column = shown.span.column.min(column);
            let rendered = render_replay_error(name, source, &shown, self.settings.color);
            outcome.rendered.push_str(&at_column(
                rendered,
                name,
                err.span.line,
                shown.span.column,
                err.span.column,
            ));
            outcome.rendered.push_str("\n\n");
        } else if self.settings.diagnostics {
            outcome.rendered.push_str(&render_replay_error(
                name,
                source,
                &err,
                self.settings.color,
            ));
            outcome.rendered.push_str("\n\n");
        }
        outcome.errors.push(replay_entry(name, source.index, &err));
    }
}

/// The next piece of the game, parsed from `window` (filled as needed),
/// and the offset in the game where it starts; the window is not moved on.
fn next_piece(
    window: &mut Window,
    stream: &mut TurnStream,
    turns: &mut Vec<Turn>,
    pieces: &mut Pieces<'_>,
    index: usize,
) -> Result<(Result<Piece, ParseError>, usize), ReadError> {
    let mut want = WANT;
    loop {
        match window.fill(want, pieces) {
            Ok(()) => {}
            Err(Ok(at)) => {
                let (line, column) = locate(window.text().0.as_bytes(), at, stream);
                return Err(ReadError::InvalidUtf8 {
                    index,
                    line,
                    column,
                });
            }
            Err(Err(e)) => return Err(e),
        }
        let (text, last) = window.text();
        let from = stream.offset();
        let read = match stream.read(text, last, turns) {
            Ok(piece) => Ok(piece),
            Err(PieceError::Syntax(e)) => Err(e),
            Err(PieceError::More) if text.len() < MAX_GAME_BYTES => {
                want = 2 * text.len().max(WANT);
                continue;
            }
            // A turn longer than the limit: read as if the game ended
            // there, for its syntax error when it has one before the end
            // (a comment not closed), else said to be too long.
            Err(PieceError::More) => match stream.read(text, true, turns) {
                Err(PieceError::Syntax(e)) if known_before_the_cut(&e, from, text) => Err(e),
                _ => Err(too_long_piece(stream, from == 0, text)),
            },
        };
        return Ok((read, from));
    }
}

/// Reads the rest of a game past, to its end: the reader goes on with the
/// next game.
fn read_past(pieces: &mut Pieces<'_>) -> Result<(), ReadError> {
    let mut rest = Vec::new();
    loop {
        rest.clear();
        if !pieces(&mut rest)? {
            return Ok(());
        }
    }
}

/// Where the reader's error `e`, in game `index` (from `line`), stands,
/// and its message.
fn read_error(e: &ReadError, index: usize, line: u32) -> ((u32, u32), String) {
    match e {
        ReadError::InvalidUtf8 { line, column, .. } => ((*line, *column), "invalid UTF-8".into()),
        ReadError::Nul { line, column, .. } => (
            (*line, *column),
            "a NUL byte: a record is text; the file is not read further".into(),
        ),
        e => ((line, 1), format!("game {index}: {e}")),
    }
}

/// The column of byte `at` of `text` on its line, counted from the start
/// of `text` when no line break comes before it.
fn column_in(text: &str, at: usize) -> u32 {
    let at = at.min(text.len());
    let at = (0..=at)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    u32::try_from(text[line_start..at].chars().count() + 1).unwrap_or(u32::MAX)
}

/// `rendered` (a diagnostic of file `name`) with the column `shown` of its
/// place (`--> name:line:shown`) said as `column`, the column in the file:
/// a line that began before the text shown.
fn at_column(rendered: String, name: &str, line: u32, shown: u32, column: u32) -> String {
    if shown == column {
        return rendered;
    }
    let name = billes_notation::control_pictures(name);
    rendered.replacen(
        &format!("{name}:{line}:{shown}"),
        &format!("{name}:{line}:{column}"),
        1,
    )
}

/// Whether the syntax error `e`, read from a window `text` (starting at
/// offset `from` of the game) cut at the limit as if the game ended there,
/// is one the rest of the game cannot undo: it stands well before the cut
/// and its line ends inside the window. A line that runs into the cut (a
/// tag value 200 MB long, closed further on) is not known to be wrong:
/// the piece is then said to be too long, with the limit.
fn known_before_the_cut(e: &ParseError, from: usize, text: &str) -> bool {
    let start = (e.span.start as usize).saturating_sub(from);
    start.saturating_add(TurnStream::MARGIN) < text.len()
        && text
            .as_bytes()
            .get(start..)
            .is_some_and(|rest| rest.contains(&b'\n'))
}

/// The error of a turn (or, `head`, of the game's tags) longer than the
/// limit, which starts `text`: the snippet shows the start of its line.
fn too_long_piece(stream: &TurnStream, head: bool, text: &str) -> ParseError {
    let at = u32::try_from(stream.offset()).unwrap_or(u32::MAX);
    let limit = billes_notation::file::bytes(MAX_GAME_BYTES as u64);
    let message = if head {
        format!(
            "the game's tags are longer than {limit}, the limit of the tags of one game: the game is not read further"
        )
    } else {
        format!(
            "a turn with its comments and variations is longer than {limit}, the limit of one turn: the game is not read further"
        )
    };
    ParseError {
        message,
        span: billes_notation::Span {
            start: at,
            end: at,
            line: stream.line(),
            column: u32::try_from(stream.column()).unwrap_or(u32::MAX),
        },
        line_text: first_line(text, 256).to_string(),
    }
}

/// The first line of `text`, at most about `most` bytes of it (cut at a
/// character boundary).
fn first_line(text: &str, most: usize) -> &str {
    let line = text.split('\n').next().unwrap_or_default();
    let mut end = line.len().min(most);
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    &line[..end]
}

/// Line and column of byte `at` of `bytes`, text that starts where
/// `stream` stands.
fn locate(bytes: &[u8], at: usize, stream: &TurnStream) -> (u32, u32) {
    let before = &bytes[..at];
    let breaks = before.iter().filter(|&&b| b == b'\n').count() as u32;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let chars = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count();
    let lead = if breaks == 0 { stream.column() - 1 } else { 0 };
    (
        stream.line().saturating_add(breaks),
        u32::try_from(lead + chars + 1).unwrap_or(u32::MAX),
    )
}
