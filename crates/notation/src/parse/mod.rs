//! The BGN parser: a recursive descent over the bytes, tokens scanned by
//! hand (`token`), turns and actions in `turn`.
//!
//! Design priorities, in order: never panic on any input, linear time (spans
//! are computed incrementally, variations nest at most [`MAX_NESTING`] deep),
//! errors that say where and what was expected, speed. For speed, an
//! ordinary turn is read without allocating: its actions and a move's path
//! are inline, names and seats are built inline from the word they were
//! scanned in, and line and column
//! are found by subtraction from the start of the current line.

use crate::ast::{Comment, Comments, Game, Line, Nag, Outcome, Span, Tag, Turn};
use crate::error::ParseError;
use crate::reader::split_games;

mod fast;
mod token;
mod turn;

use token::{count_lines, digits_value, is_delimiter, tag_name_token};

/// Deepest nesting of variations accepted.
pub const MAX_NESTING: usize = 64;

/// Longest tag name accepted (seat and hole names: [`Name::MAX`](crate::Name::MAX)).
const MAX_TAG_NAME: usize = 32;

/// Parses a text holding exactly one game.
///
/// ```
/// let game = billes_notation::parse_game("[Game \"barricade\"]\n1. R6 rs-b3 =R")?;
/// assert_eq!(game.outcome.winners, ["R"]);
/// # Ok::<(), billes_notation::ParseError>(())
/// ```
///
/// # Errors
/// The first syntax error, with its line, column and what was expected.
///
/// A byte-order mark at the start of `src` is skipped ([`skip_bom`]).
pub fn parse_game(src: &str) -> Result<Game, ParseError> {
    let (src, base) = skip_bom(src);
    with_parser(src, base, 1, |p| {
        let game = p.game().map_err(|e| *e)?;
        p.ws();
        if !p.at_end() {
            return Err(*p.after_result(
                &game,
                "expected the end of the input after the result (a second game must start with its tags)",
            ));
        }
        Ok(game)
    })
}

/// Parses every game in `src`. A syntax error spoils only its own game: the
/// next game starts at the next tag line after a result. A byte-order
/// mark at the start of `src` is skipped ([`skip_bom`]).
///
/// ```
/// let text = "[Game \"offboard\"]\n1. R e5>w *\n\n[Game \"offboard\"]\n1. R e5 *\n";
/// let games = billes_notation::parse_games(text);
/// assert!(games[0].is_ok());
/// assert!(games[1].is_err());
/// ```
pub fn parse_games(src: &str) -> Vec<Result<Game, ParseError>> {
    let (src, base) = skip_bom(src);
    split_games(src)
        .map(|chunk| parse_chunk(chunk.text, base + chunk.offset, chunk.line))
        .collect()
}

/// The UTF-8 byte-order mark some editors put at the start of a file.
pub const BOM: &str = "\u{feff}";

/// `src` without a byte-order mark at its start, and the mark's length in
/// bytes (0 without one): spans stay byte offsets in the file, and columns
/// on the first line do not count the mark.
///
/// ```
/// assert_eq!(billes_notation::skip_bom("\u{feff}[Game \"offboard\"]"), ("[Game \"offboard\"]", 3));
/// assert_eq!(billes_notation::skip_bom("*"), ("*", 0));
/// ```
pub fn skip_bom(src: &str) -> (&str, usize) {
    match src.strip_prefix(BOM) {
        Some(rest) => (rest, BOM.len()),
        None => (src, 0),
    }
}

/// Parses one game from `text`, which starts at byte `offset` and line `line`
/// of its file, so spans are file positions.
pub(crate) fn parse_chunk(text: &str, offset: usize, line: u32) -> Result<Game, ParseError> {
    parse_chunk_into(text, offset, line, None)
}

/// [`parse_chunk`], the main line's turns going into `turns` (emptied
/// first) when given: its room is used, and none is given back.
pub(crate) fn parse_chunk_into(
    text: &str,
    offset: usize,
    line: u32,
    turns: Option<Vec<Turn>>,
) -> Result<Game, ParseError> {
    with_parser(text, offset, line, |p| {
        p.reuse = turns.map(|mut turns| {
            turns.clear();
            turns
        });
        let game = p.game().map_err(|e| *e)?;
        p.ws();
        if !p.at_end() {
            return Err(*p.after_result(&game, "expected the end of the game after the result"));
        }
        Ok(game)
    })
}

/// Whether a comment's text is already folded, as most are: words apart by
/// single spaces, no other white space (checked in one pass over the bytes).
fn is_folded(text: &[u8]) -> bool {
    let mut after_space = false;
    for &b in text {
        match b {
            b' ' if after_space => return false,
            b' ' => after_space = true,
            b'\t' | b'\n' | b'\r' | 0x0C => return false,
            _ => after_space = false,
        }
    }
    true
}

/// Runs `f` on a parser of `src`.
fn with_parser<T>(src: &str, base: usize, line: u32, f: impl FnOnce(&mut Parser_<'_>) -> T) -> T {
    f(&mut Parser_::new(src, base, line))
}

/// Parser state: the text, the position, and where the current line starts.
///
/// Line breaks and non-ASCII characters stand only in white space, comments
/// and tag values; what skips those keeps `line`, `line_start` and `wide` up
/// to date, so the line and column of any later position on the line take a
/// subtraction (every token is ASCII).
struct Parser_<'a> {
    src: &'a str,
    pos: usize,
    base: usize,
    /// The line of the file `src` starts on.
    first_line: u32,
    /// The line of the file holding `pos`, and the offset in `src` where it starts.
    line: u32,
    line_start: usize,
    /// Bytes of the current line before `pos` that do not start a character.
    wide: usize,
    /// An empty list for the main line's turns, whose room is kept.
    reuse: Option<Vec<Turn>>,
}

/// The start of a node: offset, line, column.
#[derive(Clone, Copy)]
struct Mark {
    start: usize,
    line: u32,
    column: u32,
}

/// Errors are boxed inside the parser so results stay small on the hot path.
type PResult<T> = Result<T, Box<ParseError>>;
impl<'a> Parser_<'a> {
    fn new(src: &'a str, base: usize, line: u32) -> Self {
        Parser_ {
            src,
            pos: 0,
            base,
            first_line: line,
            line,
            line_start: 0,
            wide: 0,
            reuse: None,
        }
    }

    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn at_end(&self) -> bool {
        self.pos >= self.src.len()
    }

    fn peek(&self) -> Option<u8> {
        self.src.as_bytes().get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<u8> {
        self.src.as_bytes().get(self.pos + n).copied()
    }

    /// Moves past what a nom parser consumed.
    fn advance_to(&mut self, rest: &'a str) {
        self.pos = self.src.len() - rest.len();
    }

    fn bump(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.src.len());
    }

    /// Skips white space (and byte order marks).
    #[inline(always)]
    fn ws(&mut self) {
        // The commonest case by far, one line break between two turns,
        // is taken here without a call.
        let bytes = self.src.as_bytes();
        let pos = self.pos;
        if bytes.get(pos) == Some(&b'\n')
            && bytes.get(pos + 1).is_some_and(u8::is_ascii_alphanumeric)
        {
            self.pos = pos + 1;
            self.line = self.line.saturating_add(1);
            self.line_start = pos + 1;
            self.wide = 0;
            return;
        }
        self.ws_any();
    }

    /// Skips any white space (and byte order marks).
    #[inline(never)]
    fn ws_any(&mut self) {
        let bytes = self.src.as_bytes();
        let mut pos = self.pos;
        while let Some(&b) = bytes.get(pos) {
            match b {
                b' ' | b'\t' | b'\r' => pos += 1,
                b'\n' => {
                    pos += 1;
                    self.line = self.line.saturating_add(1);
                    self.line_start = pos;
                    self.wide = 0;
                }
                // U+FEFF, the byte order mark: one character in three bytes.
                0xEF if bytes.get(pos + 1..pos + 3) == Some(&[0xBB, 0xBF]) => {
                    pos += 3;
                    self.wide += 2;
                }
                _ => break,
            }
        }
        self.pos = pos;
    }

    /// Line and column of the current position (monotonic: linear overall).
    fn mark(&self) -> Mark {
        self.mark_at(self.pos)
    }

    /// Line and column of `pos`, a position on the current line after
    /// everything skipped as text.
    fn mark_at(&self, pos: usize) -> Mark {
        let column = pos.saturating_sub(self.line_start + self.wide) + 1;
        let mark = Mark {
            start: pos,
            line: self.line,
            column: u32::try_from(column).unwrap_or(u32::MAX),
        };
        #[cfg(debug_assertions)]
        if self.src.len() < 1 << 12 {
            let before = &self.src[..pos];
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            let line = self.first_line + before.matches('\n').count() as u32;
            let column = before[line_start..].chars().count() as u32 + 1;
            debug_assert_eq!((mark.line, mark.column), (line, column), "at {pos}");
        }
        mark
    }

    /// Moves `n` bytes on over free text (a comment, a tag value), keeping
    /// the line and its start up to date.
    fn skip_text(&mut self, n: usize) {
        let end = (self.pos + n).min(self.src.len());
        let text = &self.src.as_bytes()[self.pos..end];
        let inner = |text: &[u8]| text.iter().filter(|&&b| b & 0xC0 == 0x80).count();
        match memchr::memrchr(b'\n', text) {
            Some(last) => {
                let breaks = memchr::memchr_iter(b'\n', text).count();
                self.line = self
                    .line
                    .saturating_add(u32::try_from(breaks).unwrap_or(u32::MAX));
                self.line_start = self.pos + last + 1;
                self.wide = inner(&text[last + 1..]);
            }
            None => self.wide += inner(text),
        }
        self.pos = end;
    }

    fn span(&self, mark: Mark) -> Span {
        Span {
            start: self.base + mark.start,
            end: self.base + self.pos,
            line: mark.line,
            column: mark.column,
        }
    }

    /// An error at the current position.
    /// The error for text after a game's result: turns after a `*` were
    /// most likely meant to follow a capture mark written with a space.
    fn after_result(&mut self, game: &Game, otherwise: &str) -> Box<ParseError> {
        let turn_follows = self
            .rest()
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c.is_ascii_uppercase());
        if game.outcome.winners.is_empty() && turn_follows {
            return self.error(
                "a result token (*) ends the game before these turns; \
                 a capture mark is written without a space (r9-r12*)",
            );
        }
        self.error(otherwise)
    }

    fn error(&mut self, message: impl Into<String>) -> Box<ParseError> {
        let mark = self.mark();
        let end = self.pos + self.rest().chars().next().map_or(0, char::len_utf8);
        self.error_at(mark, end, message)
    }

    fn error_at(&self, mark: Mark, end: usize, message: impl Into<String>) -> Box<ParseError> {
        let line_start = self.src[..mark.start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = self.src[mark.start..]
            .find('\n')
            .map_or(self.src.len(), |i| mark.start + i);
        let line_text = self.src[line_start..line_end].trim_end_matches('\r');
        Box::new(ParseError {
            message: message.into(),
            span: Span {
                start: self.base + mark.start,
                end: self.base + end.max(mark.start),
                line: mark.line,
                column: mark.column,
            },
            line_text: line_text.to_string(),
        })
    }

    /// An error just after the last non-blank character (for a premature end).
    fn error_at_end(&self, message: &str) -> Box<ParseError> {
        let end = self.src.trim_end().len();
        let before = &self.src[..end];
        let line = self.first_line + before.matches('\n').count() as u32;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() as u32 + 1;
        self.error_at(
            Mark {
                start: end,
                line,
                column,
            },
            end,
            message,
        )
    }

    /// A description of what stands at the current position, for messages.
    fn found(&self) -> String {
        match self.rest().chars().next() {
            None => "the end of the input".into(),
            Some('\n') | Some('\r') => "the end of the line".into(),
            Some(c) => format!("'{c}'"),
        }
    }

    fn game(&mut self) -> PResult<Game> {
        self.ws();
        let start = self.mark();
        let mut tags = Vec::new();
        while self.peek() == Some(b'[') {
            tags.push(self.tag()?);
            self.ws();
        }
        let reused = self.reuse.is_some();
        let mut line = self.line(0, 1)?;
        if !reused && line.turns.capacity() > 2 * line.turns.len() {
            line.turns.shrink_to_fit();
        }
        let outcome = self.outcome()?;
        Ok(Game {
            tags,
            line,
            outcome,
            span: self.span(start),
        })
    }

    fn tag(&mut self) -> PResult<Tag> {
        let start = self.mark();
        self.bump(1);
        self.skip_blanks();
        let name = match tag_name_token(self.rest()) {
            Ok((rest, name)) => {
                self.advance_to(rest);
                name
            }
            Err(_) => {
                let found = self.found();
                return Err(self.error(format!("expected a tag name after '[', found {found}")));
            }
        };
        if name.len() > MAX_TAG_NAME {
            return Err(self.error_at(start, self.pos, "tag name is too long"));
        }
        self.skip_blanks();
        if self.peek() != Some(b'"') {
            let found = self.found();
            return Err(self.error(format!(
                "expected a quoted value after the tag name {name}, found {found}"
            )));
        }
        let value = self.tag_value()?;
        self.skip_blanks();
        if self.peek() != Some(b']') {
            let found = self.found();
            return Err(self.error(format!("expected ']' to close the tag, found {found}")));
        }
        self.bump(1);
        Ok(Tag {
            name: name.to_string(),
            value,
            span: self.span(start),
        })
    }

    fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.bump(1);
        }
    }

    fn tag_value(&mut self) -> PResult<String> {
        let open = self.mark();
        self.bump(1);
        let mut value = String::new();
        loop {
            let rest = self.rest();
            let stop = memchr::memchr3(b'"', b'\\', b'\n', rest.as_bytes()).unwrap_or(rest.len());
            value.push_str(&rest[..stop]);
            self.skip_text(stop);
            match self.peek() {
                Some(b'"') => {
                    self.bump(1);
                    return Ok(value);
                }
                Some(b'\\') => match self.peek_at(1) {
                    Some(b'"') => {
                        value.push('"');
                        self.bump(2);
                    }
                    Some(b'\\') => {
                        value.push('\\');
                        self.bump(2);
                    }
                    _ => {
                        return Err(self.error(
                            "unknown escape in a tag value (only \\\" and \\\\ are allowed)",
                        ))
                    }
                },
                _ => {
                    return Err(self.error_at(
                        open,
                        open.start + 1,
                        "unclosed tag value: expected '\"' before the end of the line",
                    ))
                }
            }
        }
    }

    /// A line of turns up to `)` (in a variation) or the result (at the top).
    fn line(&mut self, depth: usize, first_number: u32) -> PResult<Line> {
        let mut line = Line::default();
        if depth == 0 {
            if let Some(turns) = self.reuse.take() {
                line.turns = turns;
            }
            // Canonical records hold one turn a line: room for them all at
            // once saves growing (and copying) the turns as they come.
            line.turns
                .reserve(count_lines(&self.src.as_bytes()[self.pos..]));
        }
        let mut before = Comments::new();
        let mut written_number: Option<(u32, Mark)> = None;
        let mut next_number = first_number;
        loop {
            self.ws();
            match self.peek() {
                None => {
                    if let Some((n, mark)) = written_number {
                        return Err(self.error_at(
                            mark,
                            mark.start + 1,
                            format!("turn number {n}. is not followed by a turn"),
                        ));
                    }
                    return Err(if depth > 0 {
                        self.error_at_end(
                            "unclosed variation: expected ')' before the end of the game",
                        )
                    } else {
                        self.error_at_end("missing result: expected a turn or a result token (*, =R) before the end of the game")
                    });
                }
                Some(b'{') => {
                    let comment = self.comment()?;
                    match line.turns.last_mut() {
                        Some(turn) if written_number.is_none() => turn.after_mut().push(comment),
                        _ => before.push(comment),
                    }
                }
                Some(b'0'..=b'9') => {
                    if written_number.is_none() {
                        if let Some(n) = self.fast_turn(&mut before, &mut line.turns) {
                            next_number = n.saturating_add(1);
                            continue;
                        }
                    }
                    let mark = self.mark();
                    if written_number.is_some() {
                        return Err(self
                            .error("expected a turn after the turn number, found another number"));
                    }
                    let n = self.number()?;
                    if self.peek() != Some(b'.') {
                        let found = self.found();
                        return Err(self.error(format!(
                            "expected '.' after the turn number {n}, found {found}"
                        )));
                    }
                    while self.peek() == Some(b'.') {
                        self.bump(1);
                    }
                    written_number = Some((n, mark));
                }
                Some(b'A'..=b'Z') => {
                    let number = written_number.take().map_or(next_number, |(n, _)| n);
                    self.turn(number, &mut before, &mut line.turns)?;
                    next_number = number.saturating_add(1);
                }
                Some(b'$' | b'!' | b'?') => {
                    let nag = self.nag()?;
                    match line.turns.last_mut() {
                        Some(turn) if written_number.is_none() && before.is_empty() => {
                            turn.nags_mut().push(nag)
                        }
                        _ => {
                            return Err(self.error_at(
                                Mark {
                                    start: nag.span.start - self.base,
                                    line: nag.span.line,
                                    column: nag.span.column,
                                },
                                nag.span.end - self.base,
                                "a NAG must follow a turn",
                            ))
                        }
                    }
                }
                Some(b'(') => {
                    let mark = self.mark();
                    if written_number.is_some() || line.turns.is_empty() {
                        return Err(self.error("a variation must follow the turn it replaces"));
                    }
                    if depth + 1 > MAX_NESTING {
                        return Err(
                            self.error(format!("variations nested more than {MAX_NESTING} deep"))
                        );
                    }
                    self.bump(1);
                    let number = line.turns.last().map_or(1, |t| t.number);
                    let variation = self.line(depth + 1, number)?;
                    if self.peek() != Some(b')') {
                        return Err(self.error_at(mark, mark.start + 1, "unclosed variation"));
                    }
                    self.bump(1);
                    if let Some(turn) = line.turns.last_mut() {
                        turn.variations_mut().push(variation);
                    }
                }
                Some(b')') => {
                    if depth == 0 {
                        return Err(self.error("')' without a matching '('"));
                    }
                    return self.end_line(line, before, written_number);
                }
                Some(b'*' | b'=') => {
                    if depth > 0 {
                        return Err(
                            self.error("a result cannot stand inside a variation: expected ')'")
                        );
                    }
                    return self.end_line(line, before, written_number);
                }
                Some(b'a'..=b'z') => {
                    let word: String = self
                        .rest()
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric())
                        .collect();
                    return Err(self.error(format!(
                        "expected a turn starting with its seat in uppercase (like `R6 r9-r15`), found `{word}`"
                    )));
                }
                Some(_) => {
                    let found = self.found();
                    return Err(self.error(format!(
                        "expected a turn (like `R6 r9-r15`), a comment, a NAG, a variation or a result (*, =R), found {found}"
                    )));
                }
            }
        }
    }

    fn end_line(
        &mut self,
        mut line: Line,
        before: Comments,
        written_number: Option<(u32, Mark)>,
    ) -> PResult<Line> {
        if let Some((n, mark)) = written_number {
            return Err(self.error_at(
                mark,
                mark.start + 1,
                format!("turn number {n}. is not followed by a turn"),
            ));
        }
        if line.turns.is_empty() {
            line.comments = before.into_vec();
        }
        Ok(line)
    }

    /// The digits at the current position, and their value (`None` when it
    /// exceeds `u32`); empty when there are none.
    fn digits(&mut self) -> (usize, Option<u32>) {
        let start = self.pos;
        let len = self.src.as_bytes()[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        self.pos += len;
        (len, digits_value(&self.src.as_bytes()[start..start + len]))
    }

    fn number(&mut self) -> PResult<u32> {
        let start = self.pos;
        match self.digits() {
            (0, _) => Err(self.error("expected a number")),
            (_, Some(n)) => Ok(n),
            (_, None) => {
                let mark = self.mark_at(start);
                Err(self.error_at(mark, self.pos, "number is too large"))
            }
        }
    }

    fn comment(&mut self) -> PResult<Comment> {
        let start = self.mark();
        let body = &self.rest()[1..];
        let Some(close) = memchr::memchr(b'}', body.as_bytes()) else {
            return Err(self.error_at(start, start.start + 1, "unclosed comment: expected '}'"));
        };
        let inner = body[..close].trim_ascii();
        let folded = is_folded(inner.as_bytes());
        let text = if folded {
            token::small(inner)
        } else {
            let mut text = String::with_capacity(close);
            for word in inner.split_ascii_whitespace() {
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(word);
            }
            smol_str::SmolStr::from(text)
        };
        self.skip_text(close + 2);
        Ok(Comment {
            text,
            span: self.span(start),
        })
    }

    fn nag(&mut self) -> PResult<Nag> {
        let start = self.mark();
        let code = if self.peek() == Some(b'$') {
            self.bump(1);
            let n = match self.digits() {
                (0, _) => return Err(self.error("expected a number after '$'")),
                (_, n) => n.unwrap_or(u32::MAX),
            };
            u8::try_from(n)
                .map_err(|_| self.error_at(start, self.pos, "NAG numbers go from $0 to $255"))?
        } else {
            let two = (self.peek(), self.peek_at(1));
            let (code, len) = match two {
                (Some(b'!'), Some(b'!')) => (3, 2),
                (Some(b'?'), Some(b'?')) => (4, 2),
                (Some(b'!'), Some(b'?')) => (5, 2),
                (Some(b'?'), Some(b'!')) => (6, 2),
                (Some(b'!'), _) => (1, 1),
                _ => (2, 1),
            };
            self.bump(len);
            code
        };
        self.expect_delimiter("the NAG")?;
        Ok(Nag {
            code,
            span: self.span(start),
        })
    }

    fn expect_delimiter(&mut self, what: &str) -> PResult<()> {
        match self.peek() {
            None => Ok(()),
            Some(b) if is_delimiter(b) => Ok(()),
            Some(b) => {
                // `e3-d3#e3`: a take mark run into the put-down that follows.
                if b.is_ascii_lowercase()
                    && self.pos > 0
                    && self.src.as_bytes()[self.pos - 1] == b'#'
                {
                    return Err(self.error(
                        "a barricade put down is an action of its own: \
                         write a space and # before its point (e3-d3# #e3)",
                    ));
                }
                let found = self.found();
                Err(self.error(format!("unexpected {found} after {what}: expected a space")))
            }
        }
    }

    fn outcome(&mut self) -> PResult<Outcome> {
        self.ws();
        let start = self.mark();
        let mut winners = Vec::new();
        match self.peek() {
            Some(b'*') => self.bump(1),
            Some(b'=') => {
                self.bump(1);
                loop {
                    if !matches!(self.peek(), Some(b'A'..=b'Z')) {
                        let found = self.found();
                        return Err(self.error(format!(
                            "expected a winning seat in the result (like `=R` or `=R+G`), found {found}"
                        )));
                    }
                    winners.push(self.seat()?);
                    if self.peek() == Some(b'+') {
                        self.bump(1);
                    } else {
                        break;
                    }
                }
            }
            _ => return Err(self.error("expected a result token (*, =R)")),
        }
        match self.peek() {
            None | Some(b' ' | b'\t' | b'\n' | b'\r') => {}
            Some(_) => {
                let found = self.found();
                return Err(self.error(format!("unexpected {found} after the result")));
            }
        }
        Ok(Outcome {
            winners,
            span: self.span(start),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Action;

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        let text = "\u{feff}[Game \"offboard\"]\n1. R e5>w *\n[Game \"offboard\"]\n*\n";
        let games = parse_games(text);
        assert_eq!(games.len(), 2);
        let first = games[0].as_ref().unwrap();
        assert_eq!(first.tags[0].name, "Game");
        assert_eq!(
            (first.tags[0].span.start, first.tags[0].span.column),
            (3, 1)
        );
        assert!(games[1].is_ok());
        let one = parse_game("\u{feff}[Game \"offboard\"]\n1. R e5>w *\n").unwrap();
        assert_eq!(one.tags.len(), 1);
        let err = parse_game("\u{feff}[Game \"offboard\"]\n1. R e5 *\n").unwrap_err();
        assert_eq!(err.span.line, 2);
    }

    /// Line and column of `offset` in `text`, counted from scratch.
    /// A byte-order mark at the start is not counted.
    fn locate(text: &str, offset: usize) -> (u32, u32) {
        let before = &text[..offset];
        let mut start = before.rfind('\n').map_or(0, |i| i + 1);
        if start == 0 && before.starts_with(BOM) {
            start = BOM.len();
        }
        (
            before.matches('\n').count() as u32 + 1,
            before[start..].chars().count() as u32 + 1,
        )
    }

    #[test]
    fn spans_after_line_breaks_and_wide_characters() {
        let text = "\u{feff}[Event \"Café — été\"]\r\n[Game \"aggravation\"]\n\n\
                    1. R6 + {déjà\n vu — ok} 2. R1 r9-r10* {ü} ! 3.\tB3 --\r\n\
                    {€}\n4. B2 r1-r3 *\n";
        let game = parse_game(text).expect("parses");
        let mut spans = vec![game.span, game.outcome.span];
        spans.extend(game.tags.iter().map(|t| t.span));
        for turn in &game.line.turns {
            spans.extend([turn.span, turn.head.span]);
            spans.extend(turn.actions.iter().map(Action::span));
            spans.extend(turn.before().iter().chain(turn.after()).map(|c| c.span));
            spans.extend(turn.nags().iter().map(|n| n.span));
        }
        assert!(spans.len() > 15);
        for span in spans {
            assert_eq!(
                (span.line, span.column),
                locate(text, span.start),
                "{span:?}"
            );
        }
        let err = parse_game("{é\né} 1. R6 +\n  {ü} r9*\n*").expect_err("no turn");
        assert_eq!(
            (err.span.line, err.span.column),
            locate("{é\né} 1. R6 +\n  {ü} r9*\n*", err.span.start)
        );
    }

    #[test]
    fn comments_are_folded_whatever_their_white_space() {
        for body in [
            "",
            " ",
            "a",
            " a ",
            "a b",
            "a  b",
            "a\tb",
            "a\nb",
            " a \r\n b\x0C",
            "déjà vu",
            "a b c d e f g h i j k l m n o p",
            "\u{a0}a\u{a0}",
        ] {
            let game = parse_game(&format!("1. R6 + {{{body}}} *")).expect("parses");
            let folded: Vec<&str> = body.split_ascii_whitespace().collect();
            assert_eq!(
                game.line.turns[0].after()[0].text,
                folded.join(" "),
                "{body:?}"
            );
        }
    }
}
