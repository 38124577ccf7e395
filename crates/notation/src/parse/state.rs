//! The parser's state, shared by the productions: the text, where it lies
//! in its file, and a cursor that locates positions (line and column) as
//! parsing moves on.

use std::cell::Cell;

use super::grammar;
use super::token::{count_lines, scan};
use crate::ast::{Game, Span, Turn};
use crate::error::ParseError;

#[cfg(test)]
use super::GENERAL_ONLY;

/// What the productions share: the text, where it lies in its file, and a
/// cursor that locates positions (line and column) as parsing moves on.
pub(super) struct State<'a> {
    pub(super) src: &'a str,
    /// The offset of `src` in its file.
    pub(super) base: usize,
    /// The line of the file `src` starts on.
    pub(super) first_line: u32,
    /// The last position located, kept field by field (a cell for each):
    /// the fast path touches one or two, and a whole copy written in one
    /// width and read in another stalls the processor.
    pos: Cell<usize>,
    line: Cell<u32>,
    line_start: Cell<usize>,
    wide: Cell<usize>,
    /// Characters of the file's line before the start of `src`, while the
    /// cursor is on the line `src` starts on (a game read a piece at a
    /// time: a piece may start in the middle of a line).
    lead: Cell<usize>,
    /// What `lead` was set to.
    first_lead: Cell<usize>,
    /// Turns of the main line are not started at or after this offset (a
    /// piece of a game whose text goes on past `src`: see `stream`).
    pub(super) limit: usize,
    /// The fast path's run of numbered turns (`fast::turn`) stops once
    /// the list it fills holds this many: a game read a piece at a time
    /// keeps its pieces to `stream::TURNS_PER_PIECE` turns.
    pub(super) max_turns: usize,
    /// An empty list for the main line's turns, whose room is kept.
    pub(super) reuse: Cell<Option<Vec<Turn>>>,
    /// Whether numbered turns are tried on the fast path first (the tests
    /// turn it off to compare).
    pub(super) fast: bool,
    /// The line breaks in `src`, counted before parsing.
    lines: Cell<usize>,
    /// The game the `Game` tag names, once the tags are read: the syntax
    /// error messages of its moves give its own spelling.
    pub(super) syntax: Cell<Syntax>,
}

/// Which game's moves are being read, for the messages of syntax errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Syntax {
    /// No `Game` tag, or one the parser does not know: moves of any game.
    Any,
    /// Aggravation: holes joined by `-` (`r9-r12`).
    Holes,
    /// Barricade: points joined by `-` (`h-c1`, `e5-e7`).
    Points,
    /// Offboard: a cell or a line and a direction (`c3>ne`, `c3:c5>e`).
    Cells,
}

impl Syntax {
    /// The syntax of the game a `Game` tag's value names.
    pub(super) fn of_game(name: &str) -> Syntax {
        match name {
            "aggravation" => Syntax::Holes,
            "barricade" => Syntax::Points,
            "offboard" => Syntax::Cells,
            _ => Syntax::Any,
        }
    }
}

/// A located position: its offset, its line, where that line starts, and
/// how many bytes of the line before it do not start a character.
struct Cursor {
    pos: usize,
    line: u32,
    line_start: usize,
    wide: usize,
}

/// The start of a node: offset, line, column.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mark {
    pub(super) start: usize,
    pub(super) line: u32,
    pub(super) column: u32,
}

impl<'a> State<'a> {
    pub(super) fn new(src: &'a str, base: usize, line: u32, reuse: Option<Vec<Turn>>) -> Self {
        #[cfg(test)]
        let fast = !GENERAL_ONLY.with(Cell::get);
        #[cfg(not(test))]
        let fast = true;
        State {
            src,
            base,
            first_line: line,
            pos: Cell::new(0),
            line: Cell::new(line),
            line_start: Cell::new(0),
            wide: Cell::new(0),
            lead: Cell::new(0),
            first_lead: Cell::new(0),
            limit: usize::MAX,
            max_turns: usize::MAX,
            reuse: Cell::new(reuse),
            fast,
            lines: Cell::new(0),
            syntax: Cell::new(Syntax::Any),
        }
    }

    /// Parses the record (`otherwise`: the message for text after its
    /// result that does not look like turns).
    pub(super) fn parse(&self, otherwise: &'static str) -> Result<Game, ParseError> {
        // A record is text: a NUL byte is refused wherever it stands, in a
        // comment too (`notation/SPEC.md`, "Characters"). The same pass
        // counts the lines, for the room of the turns ([`State::lines_from`]).
        // Spans hold 32-bit offsets (`Span`): a longer text is refused
        // whole (a game read by a `Reader` is at most `MAX_GAME_BYTES`).
        if u32::try_from(self.base + self.src.len()).is_err() {
            return Err(ParseError {
                message: "the text is longer than 4 GiB, the most the parser reads at once"
                    .to_string(),
                span: Span {
                    start: 0,
                    end: 0,
                    line: self.first_line,
                    column: 1,
                },
                line_text: String::new(),
            });
        }
        let (lines, nul) = scan(self.src.as_bytes());
        if nul {
            let at = memchr::memchr(0, self.src.as_bytes()).unwrap_or(0);
            let error = super::error::Error::new(
                &self.src[at..],
                "a NUL byte: a record is text, and text holds no NUL",
            );
            return Err(self.to_parse_error(nom::Err::Failure(error)));
        }
        self.lines.set(lines);
        match grammar::record(self.src, self, otherwise) {
            Ok((_, game)) => Ok(game),
            Err(e) => Err(self.to_parse_error(e)),
        }
    }

    /// The offset of `i`, a rest of the text.
    pub(super) fn offset(&self, i: &str) -> usize {
        self.src.len() - i.len()
    }

    /// Line and column of the start of `i`, a rest of the text.
    pub(super) fn mark(&self, i: &str) -> Mark {
        self.mark_at(self.offset(i))
    }

    /// Line and column of `pos`. The cursor moves there from the position
    /// located last, reading only the bytes between: positions come in
    /// order, so locating them all reads the text once.
    #[inline(always)]
    pub(super) fn mark_at(&self, pos: usize) -> Mark {
        if pos != self.pos.get() {
            self.move_to(pos);
        }
        let column = pos.saturating_sub(self.line_start.get() + self.wide.get()) + 1;
        let column = column + self.lead.get();
        let mark = Mark {
            start: pos,
            line: self.line.get(),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        };
        #[cfg(debug_assertions)]
        if self.src.len() < 1 << 12 && self.lead.get() == 0 {
            let before = &self.src[..pos];
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            let line = self.first_line + before.matches('\n').count() as u32;
            let column = before[line_start..].chars().count() as u32 + 1;
            debug_assert_eq!((mark.line, mark.column), (line, column), "at {pos}");
        }
        mark
    }

    /// Moves the cursor to `pos`, reading the bytes between.
    #[inline(never)]
    fn move_to(&self, pos: usize) {
        let bytes = self.src.as_bytes();
        let mut c = Cursor {
            pos: self.pos.get(),
            line: self.line.get(),
            line_start: self.line_start.get(),
            wide: self.wide.get(),
        };
        let inner = |text: &[u8]| text.iter().filter(|&&b| b & 0xC0 == 0x80).count();
        if pos > c.pos && pos - c.pos <= 16 {
            // The common case, a few bytes on (a turn number, a line
            // break): byte by byte.
            for (at, &b) in bytes[c.pos..pos].iter().enumerate() {
                if b == b'\n' {
                    self.lead.set(0);
                    c.line = c.line.saturating_add(1);
                    c.line_start = c.pos + at + 1;
                    c.wide = 0;
                } else {
                    c.wide += usize::from(b & 0xC0 == 0x80);
                }
            }
        } else if pos > c.pos {
            let text = &bytes[c.pos..pos];
            match memchr::memrchr(b'\n', text) {
                Some(last) => {
                    self.lead.set(0);
                    let breaks = u32::try_from(count_lines(text)).unwrap_or(u32::MAX);
                    c.line = c.line.saturating_add(breaks);
                    c.line_start = c.pos + last + 1;
                    c.wide = inner(&text[last + 1..]);
                }
                None => c.wide += inner(text),
            }
        } else {
            // Back (no path of the grammar goes back today): the line
            // start is found again.
            let breaks = u32::try_from(count_lines(&bytes[pos..c.pos])).unwrap_or(u32::MAX);
            c.line = c.line.saturating_sub(breaks);
            c.line_start = memchr::memrchr(b'\n', &bytes[..pos]).map_or(0, |i| i + 1);
            c.wide = inner(&bytes[c.line_start..pos]);
        }
        self.pos.set(pos);
        self.line.set(c.line);
        self.line_start.set(c.line_start);
        self.wide.set(c.wide);
    }

    /// White space at the start of `i` ([`grammar::ws`]), the cursor kept
    /// up to date in the commonest case, where it stands at `i` and one
    /// line break follows (between two turns): the next turn is then
    /// located without reading what lies before it.
    #[inline(always)]
    pub(super) fn ws(&self, i: &'a str) -> &'a str {
        let rest = grammar::skip_ws(i);
        if i.len() - rest.len() == 1 && i.as_bytes()[0] == b'\n' {
            let pos = self.offset(i);
            if self.pos.get() == pos {
                self.pos.set(pos + 1);
                self.line.set(self.line.get().saturating_add(1));
                self.line_start.set(pos + 1);
                self.wide.set(0);
                self.lead.set(0);
            }
        }
        rest
    }

    /// The line breaks from `i`, a rest of the text, to its end.
    pub(super) fn lines_from(&self, i: &str) -> usize {
        let before = self.mark(i).line.saturating_sub(self.first_line);
        self.lines.get().saturating_sub(before as usize)
    }

    /// Starts the cursor `lead` characters into its line: `src` starts in
    /// the middle of a line of its file.
    pub(super) fn set_lead(&self, lead: usize) {
        self.lead.set(lead);
        self.first_lead.set(lead);
    }

    /// Characters of the file's line before the start of `src`.
    pub(super) fn first_lead(&self) -> usize {
        self.first_lead.get()
    }

    /// The line the cursor stands on.
    pub(super) fn cursor_line(&self) -> u32 {
        self.line.get()
    }

    /// Puts the cursor at `pos` on line `line`, which starts at
    /// `line_start` and holds only ASCII bytes up to `pos` (turns the fast
    /// path read, one a line).
    pub(super) fn set_cursor_on_ascii_line(&self, pos: usize, line: u32, line_start: usize) {
        self.pos.set(pos);
        self.line.set(line);
        self.line_start.set(line_start);
        self.wide.set(0);
        self.lead.set(0);
    }

    /// Moves the cursor from `from` on to `to` over bytes known to be ASCII
    /// without a line break (a turn the fast path read).
    pub(super) fn pass_ascii(&self, from: usize, to: usize) {
        if self.pos.get() == from && to >= from {
            self.pos.set(to);
        }
    }

    /// Moves the cursor from `from` on to `to`, where a line break stands,
    /// without reading the bytes between: no position between is located
    /// after this, and the line break starts the next one's line afresh.
    pub(super) fn pass_to_break(&self, from: usize, to: usize) {
        if self.pos.get() == from && to >= from && self.src.as_bytes().get(to) == Some(&b'\n') {
            self.pos.set(to);
            // The columns of the bytes passed are not counted: `wide`
            // counts them for no position, and the line break clears it.
        }
    }

    /// The span from `mark` to the start of `rest`.
    pub(super) fn span(&self, mark: Mark, rest: &str) -> Span {
        // In range: `parse` refuses a text whose offsets do not fit.
        Span {
            start: (self.base + mark.start) as u32,
            end: (self.base + self.offset(rest)) as u32,
            line: mark.line,
            column: mark.column,
        }
    }
}
