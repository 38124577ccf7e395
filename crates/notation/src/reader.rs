//! Splitting a stream into games, so a file of any size is parsed one game at
//! a time with memory bounded by the largest game.
//!
//! A new game starts at a tag line (`[` first on the line, outside a comment)
//! that follows movetext, or at the first non-blank line after a line that
//! holds a result token (`*` or `=R` standing alone outside comments and
//! variations). Games without tags can therefore follow each other as long as
//! each ends with its result on its own line or at the end of a line. A line
//! starting with `[Game ` starts a game even inside a comment, so a comment
//! left open costs its own game only.
//!
//! A NUL byte ends the reading (a record is text): it is an error of the game
//! it is in. A game longer than [`MAX_GAME_BYTES`] is an error too, and is
//! skipped: its bytes past the limit are not kept, and reading goes on with
//! the next game.

use std::io::{self, BufRead};
use std::ops::ControlFlow;

use crate::ast::{Game, Turn};
use crate::error::ParseError;
use crate::parse::{parse_chunk, parse_chunk_into, BOM};

mod large;
mod limit;

use limit::Skip;

/// The text of one game, as split from a file, with its place in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSource {
    /// 1-based number of the game in its file.
    pub index: usize,
    /// The game's text (tags, movetext, result, and the blank lines around).
    pub text: String,
    /// Byte offset of `text` in the file.
    pub offset: usize,
    /// 1-based line of the first line of `text` in the file.
    pub line: u32,
}

impl GameSource {
    /// Parses the game. Its spans' lines and columns are those of the
    /// whole file, their byte offsets count from the start of
    /// [`text`](GameSource::text) (which starts at [`offset`](GameSource::offset)
    /// in the file): so they fit in a [`Span`](crate::Span)'s 32 bits in a
    /// file of any size.
    ///
    /// ```
    /// use billes_notation::Reader;
    /// let data = "[Game \"offboard\"]\n1. R e5>w *\n[Game \"offboard\"]\n1. B e5>e *\n";
    /// let second = Reader::new(data.as_bytes()).nth(1).unwrap().unwrap();
    /// let game = second.parse().unwrap();
    /// let action = game.line.turns[0].actions[0].span();
    /// assert_eq!(&second.text[action.range()], "e5>e");
    /// assert_eq!((second.offset, action.line, action.column), (30, 4, 6));
    /// ```
    ///
    /// # Errors
    /// The first syntax error in the game.
    pub fn parse(&self) -> Result<Game, ParseError> {
        parse_chunk(&self.text, 0, self.line)
    }

    /// [`parse`](GameSource::parse), the main line's turns going into
    /// `turns` (emptied first): a program that parses game after game can
    /// give each game's turns back to the next and so allocate them once.
    ///
    /// ```
    /// use billes_notation::Reader;
    /// let data = "[Game \"offboard\"]\n1. R e5>w *\n[Game \"offboard\"]\n1. R e5>w 2. B e1>e *\n";
    /// let mut turns = Vec::new();
    /// for source in Reader::new(data.as_bytes()) {
    ///     let mut game = source.unwrap().parse_into(turns).unwrap();
    ///     assert!(!game.line.turns.is_empty());
    ///     turns = std::mem::take(&mut game.line.turns);
    /// }
    /// ```
    ///
    /// # Errors
    /// The first syntax error in the game.
    pub fn parse_into(&self, turns: Vec<Turn>) -> Result<Game, ParseError> {
        parse_chunk_into(&self.text, 0, self.line, Some(turns))
    }

    /// True when the text holds nothing but white space (a file's trailing lines).
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// Why a game could not be read from a stream.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The game's bytes are not UTF-8. Reading goes on with the next game.
    #[error("game {index}: invalid UTF-8 at line {line}, column {column}")]
    InvalidUtf8 {
        /// 1-based number of the game in its file.
        index: usize,
        /// 1-based line of the first invalid byte.
        line: u32,
        /// 1-based column (in characters) of the first invalid byte.
        column: u32,
    },
    /// The game holds a NUL byte: the input is not text (a binary file, a
    /// device). The reader stops: what follows is not read.
    #[error(
        "game {index}: a NUL byte at line {line}, column {column}: not text, not read further"
    )]
    Nul {
        /// 1-based number of the game in its file.
        index: usize,
        /// 1-based line of the NUL byte.
        line: u32,
        /// 1-based column (in characters) of the NUL byte.
        column: u32,
    },
    /// The game is longer than the reader's limit ([`MAX_GAME_BYTES`]
    /// unless [`Reader::limit`] says otherwise). Its text is skipped and
    /// reading goes on with the next game.
    #[error("game {index} (from line {line}) is longer than {}, the limit of one game: not checked", crate::file::bytes(*limit as u64))]
    TooLarge {
        /// 1-based number of the game in its file.
        index: usize,
        /// 1-based line where the game starts.
        line: u32,
        /// The limit, in bytes.
        limit: usize,
    },
    /// Reading failed; the reader stops.
    #[error("read error: {0}")]
    Io(#[from] io::Error),
}

/// The longest game a [`Reader`] reads: 16 MiB (real games take a few
/// kilobytes). A game longer than this is an error, and is skipped: the
/// reader goes on with the next game. A parsed turn takes 160 bytes and
/// the shortest turn 3 bytes of text (`R--`), so a game at the limit is
/// parsed in at most its text plus 53 times it, 869 MiB: any game is
/// checked or refused in well under 2 GiB.
pub const MAX_GAME_BYTES: usize = 16 << 20;

/// The game-boundary state machine, fed whole lines: one at a time, or many
/// at once, skimmed across line breaks where they change nothing.
#[derive(Debug, Default, Clone, Copy)]
struct Splitter {
    in_comment: bool,
    depth: u32,
    has_moves: bool,
    ended: bool,
}

impl Splitter {
    /// Feeds one line; returns true when the line starts a new game.
    fn feed(&mut self, line: &[u8]) -> bool {
        self.feed_line(line).1
    }

    /// Feeds `bytes`, whole lines (only the last line of the input may lack
    /// its line break). Returns the start and end of the first line that
    /// starts a new game, with that line fed, or `None` once all is fed.
    fn feed_lines(&mut self, bytes: &[u8]) -> Option<(usize, usize)> {
        let mut i = 0;
        while i < bytes.len() {
            if self.in_comment || (self.has_moves && !self.ended) {
                i = self.skim(bytes, i);
                if i == bytes.len() {
                    break;
                }
            }
            let (len, boundary, _) = self.feed_line(&bytes[i..]);
            if boundary {
                return Some((i, i + len));
            }
            i += len;
        }
        None
    }

    /// Feeds movetext and comments from `i`, a line start, across lines, as
    /// long as a line break changes nothing: in a comment, or after moves and
    /// before a result. Returns the start of the first line that must be fed
    /// on its own (a tag line, or the line after a result), or the end of
    /// `bytes`.
    fn skim(&mut self, bytes: &[u8], mut i: usize) -> usize {
        if self.in_comment && bytes[i..].starts_with(RESYNC) {
            return i;
        }
        let mut ahead = Ahead::default();
        loop {
            if self.in_comment {
                let close = memchr::memchr(b'}', &bytes[i..]);
                // A line starting with `[Game ` before the end of the
                // comment is fed on its own: it ends the comment.
                let within = &bytes[i..close.map_or(bytes.len(), |n| i + n)];
                if let Some(k) = memchr::memmem::find(within, RESYNC_LINE) {
                    return i + k + 1;
                }
                match close {
                    Some(n) => {
                        self.in_comment = false;
                        i += n + 1;
                        if self.ended {
                            // A result came before the comment.
                            return self.rest_of_line(bytes, i).0;
                        }
                        continue;
                    }
                    None => return bytes.len(),
                }
            }
            match ahead.first_from(bytes, i) {
                Some(n) => i = n,
                None => return bytes.len(),
            }
            match bytes[i] {
                b'[' => {
                    // A tag line when only white space comes before it.
                    let before = bytes[..i]
                        .iter()
                        .rposition(|&b| !matches!(b, b' ' | b'\t' | b'\r' | 0x0C));
                    match before {
                        None => return 0,
                        Some(k) if bytes[k] == b'\n' => return k + 1,
                        Some(_) => {}
                    }
                }
                b'{' => self.in_comment = true,
                b'(' => self.depth += 1,
                b')' => self.depth = self.depth.saturating_sub(1),
                _ => {
                    if self.depth == 0 && is_result(bytes, i) {
                        self.ended = true;
                        return self.rest_of_line(bytes, i + 1).0;
                    }
                }
            }
            i += 1;
        }
    }

    /// Feeds the line at the start of `bytes` (up to its first line break,
    /// or all of `bytes`), in one pass over its bytes: returns its length,
    /// whether it starts a new game and whether it ends with a line break.
    fn feed_line(&mut self, bytes: &[u8]) -> (usize, bool, bool) {
        self.feed_line_to(bytes, bytes.len())
    }

    /// [`feed_line`](Splitter::feed_line) on a line of which only
    /// `bytes[..end]` is fed: the bytes from `end` on are only looked at (a
    /// result token is known by the byte after it), for a line fed in
    /// pieces. `end` is past the line's first byte that is not white space.
    fn feed_line_to(&mut self, bytes: &[u8], end: usize) -> (usize, bool, bool) {
        let i = bytes
            .iter()
            .position(|&b| !matches!(b, b' ' | b'\t' | b'\r' | 0x0C))
            .unwrap_or(bytes.len());
        let first = bytes.get(i).copied();
        let blank = matches!(first, None | Some(b'\n'));
        // A comment left open does not swallow the games after it: a line
        // starting with `[Game ` ends it, and starts a game.
        let resync = self.in_comment && bytes.starts_with(RESYNC);
        if resync {
            self.in_comment = false;
        }
        let tag_line = !self.in_comment && first == Some(b'[');
        let boundary = resync
            || (!self.in_comment && ((tag_line && self.has_moves) || (self.ended && !blank)));
        if boundary {
            *self = Splitter::default();
        }
        if tag_line {
            return match memchr::memchr(b'\n', &bytes[i..]) {
                Some(n) => (i + n + 1, boundary, true),
                None => (bytes.len(), boundary, false),
            };
        }
        self.has_moves |= !blank;
        let (len, complete) = self.rest_of_line_to(bytes, i, end);
        (len, boundary, complete)
    }

    /// Feeds the movetext of a line from `i` to its line break: returns the
    /// end of the line (after the break, or the end of `bytes`) and whether
    /// it has a break. `bytes` starts at a line start.
    fn rest_of_line(&mut self, bytes: &[u8], i: usize) -> (usize, bool) {
        self.rest_of_line_to(bytes, i, bytes.len())
    }

    /// [`rest_of_line`](Splitter::rest_of_line) up to `end` only: the bytes
    /// from `end` on are only looked at, as the byte after a result token.
    fn rest_of_line_to(&mut self, bytes: &[u8], mut i: usize, end: usize) -> (usize, bool) {
        let whole = bytes;
        let bytes = &whole[..end];
        // Every byte that is not white space is movetext; only the bytes of
        // SPECIAL change the state, so the others are skipped in bulk.
        loop {
            if self.in_comment {
                match memchr::memchr2(b'}', b'\n', &bytes[i..]) {
                    Some(n) if bytes[i + n] == b'}' => {
                        self.in_comment = false;
                        i += n + 1;
                        continue;
                    }
                    Some(n) => return (i + n + 1, true),
                    None => return (bytes.len(), false),
                }
            }
            match bytes[i..].iter().position(|&c| SPECIAL[usize::from(c)]) {
                Some(n) => i += n,
                None => return (bytes.len(), false),
            }
            match bytes[i] {
                b'\n' => return (i + 1, true),
                b'{' => self.in_comment = true,
                b'(' => self.depth += 1,
                b')' => self.depth = self.depth.saturating_sub(1),
                _ => {
                    if self.depth == 0 && is_result(whole, i) {
                        self.ended = true;
                    }
                }
            }
            i += 1;
        }
    }
}

/// How a line that ends a comment left open starts (`notation/SPEC.md`,
/// "Files with many games").
const RESYNC: &[u8] = b"[Game ";

/// [`RESYNC`] after the line break before it.
const RESYNC_LINE: &[u8] = b"\n[Game ";

/// True when the `*` or `=` at `bytes[i]` begins a result token: it stands
/// alone (`*`) or begins a word (`=R`) after white space or a line start.
fn is_result(bytes: &[u8], i: usize) -> bool {
    let after_space = i == 0 || bytes[i - 1].is_ascii_whitespace();
    let next = bytes.get(i + 1).copied().unwrap_or(b' ');
    let token_end = if bytes[i] == b'*' {
        next.is_ascii_whitespace()
    } else {
        next.is_ascii_uppercase()
    };
    after_space && token_end
}

/// How far [`Ahead`] looks for a rare byte at least.
const RARE_WINDOW: usize = 512;

/// Finds the bytes [`Splitter::skim`] acts on outside comments: `[` and
/// `{`, looked for at each call; and, looked for ahead of need, a window
/// at a time, and remembered, those rare in movetext: `(`, `)`, `=`, and a
/// `*` after white space or at the start (a result token). A capture mark's
/// `*` comes after a name and changes nothing: it is passed over in the
/// window's search rather than stopping the search at every capture (in a
/// game of four, Barricade's reading stopped there every six turns).
#[derive(Debug, Default)]
struct Ahead {
    /// `(`, `)` or `=`.
    rare: Remembered,
    /// A `*` that may be a result token.
    result: Remembered,
}

impl Ahead {
    /// The first byte at or after `i` that [`Splitter::skim`] acts on.
    fn first_from(&mut self, bytes: &[u8], i: usize) -> Option<usize> {
        let common = memchr::memchr2(b'[', b'{', &bytes[i..]).map_or(bytes.len(), |n| i + n);
        let rare = self.rare.first_from(bytes, i, common, |from, end| {
            memchr::memchr3(b'(', b')', b'=', &bytes[from..end]).map(|n| from + n)
        });
        let first = common.min(rare);
        let result = self.result.first_from(bytes, i, first, |from, end| {
            memchr::memchr_iter(b'*', &bytes[from..end])
                .map(|n| from + n)
                .find(|&at| at == 0 || bytes[at - 1].is_ascii_whitespace())
        });
        let first = first.min(result);
        (first < bytes.len()).then_some(first)
    }
}

/// A byte looked for ahead of need (`find`, in a window), and where it is.
#[derive(Debug, Default)]
struct Remembered {
    /// No byte looked for lies between the position last asked about and
    /// `at`.
    at: usize,
    /// Whether `bytes[at]` is one (else what follows is unknown).
    found: bool,
}

impl Remembered {
    /// The first byte at or after `i` that `find` finds in `bytes`, when it
    /// comes before `limit`; else the end of `bytes`. `find(from, end)`
    /// gives the first one in `bytes[from..end]`, a window from where the
    /// last search stopped that reaches `limit` and [`RARE_WINDOW`] bytes
    /// at least (or the end of `bytes`).
    fn first_from(
        &mut self,
        bytes: &[u8],
        i: usize,
        limit: usize,
        find: impl FnOnce(usize, usize) -> Option<usize>,
    ) -> usize {
        if self.at < i {
            self.at = i;
            self.found = false;
        }
        if !self.found && self.at < limit {
            let end = limit.max(self.at + RARE_WINDOW).min(bytes.len());
            match find(self.at, end) {
                Some(at) => {
                    self.at = at;
                    self.found = true;
                }
                None => self.at = end,
            }
        }
        if self.found {
            self.at
        } else {
            bytes.len()
        }
    }
}

/// The number of line breaks in `bytes`.
fn count_lines(bytes: &[u8]) -> u32 {
    u32::try_from(crate::parse::count_lines(bytes)).unwrap_or(u32::MAX)
}

/// The bytes [`Splitter::feed_line`] acts on outside comments.
const SPECIAL: [bool; 256] = {
    let mut table = [false; 256];
    table[b'\n' as usize] = true;
    table[b'{' as usize] = true;
    table[b'(' as usize] = true;
    table[b')' as usize] = true;
    table[b'*' as usize] = true;
    table[b'=' as usize] = true;
    table
};

/// A piece of a text holding one game.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Chunk<'a> {
    pub text: &'a str,
    pub offset: usize,
    pub line: u32,
}

/// Splits a whole text into games (blank chunks dropped).
pub(crate) fn split_games(src: &str) -> impl Iterator<Item = Chunk<'_>> {
    let mut splitter = Splitter::default();
    let mut chunks = Vec::new();
    let mut start = 0;
    let mut start_line = 1;
    let mut offset = 0;
    while let Some((line_start, line_end)) = splitter.feed_lines(&src.as_bytes()[offset..]) {
        let cut = offset + line_start;
        if cut > start {
            let text = &src[start..cut];
            chunks.push(Chunk {
                text,
                offset: start,
                line: start_line,
            });
            start_line += count_lines(text.as_bytes());
            start = cut;
        }
        offset += line_end;
    }
    if src.len() > start {
        chunks.push(Chunk {
            text: &src[start..],
            offset: start,
            line: start_line,
        });
    }
    chunks.into_iter().filter(|c| !c.text.trim().is_empty())
}

/// Reads games one at a time from any buffered reader. A byte-order mark
/// at the start of the stream is skipped (spans still count its bytes).
///
/// ```
/// use billes_notation::Reader;
/// let data = "[Game \"offboard\"]\n1. R e5>w *\n[Game \"offboard\"]\n*\n";
/// let games: Vec<_> = Reader::new(data.as_bytes()).collect::<Result<_, _>>().unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].line, 3);
/// assert!(games[0].parse().is_ok());
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    state: ReaderState,
}

/// Everything a [`Reader`] keeps beside its input.
#[derive(Debug)]
struct ReaderState {
    splitter: Splitter,
    /// The bytes of the game being read; its last line may be incomplete.
    pending: Vec<u8>,
    /// Byte offset and line of `pending[0]` in the stream.
    pending_offset: usize,
    pending_line: u32,
    /// Where the line being read starts in `pending`.
    line_start: usize,
    index: usize,
    done: bool,
    /// Buffers given back by [`Reader::recycle`], for the next games.
    spare: Vec<Vec<u8>>,
    /// How many bytes of a byte-order mark the stream began with so far,
    /// while that is still being looked for (`None` once decided).
    bom: Option<usize>,
    /// The longest game read.
    limit: usize,
    /// How many bytes at the start of the input's buffer are known to hold
    /// no NUL byte.
    clean: usize,
    /// Where the game being read is, when it is too long, so skipped.
    skip: Option<Skip>,
    /// Bytes of white space cut from the start of the line being read,
    /// a line longer than the limit whose game is not known yet.
    cut: usize,
    /// An error to give before reading on (a game too long found right
    /// after the game given).
    queued: Option<ReadError>,
    /// The bytes of a game too long, to be handed out
    /// ([`Reader::large_piece`]); `None`: such a game is skipped.
    tap: Option<Vec<u8>>,
    /// A game too long is being handed out.
    large: bool,
    /// The byte offset in the input of the last game too long.
    large_offset: usize,
}

/// Consumes `n` bytes of `input`, `clean` of which at its start are known
/// to hold no NUL byte.
fn consume<R: BufRead>(input: &mut R, clean: &mut usize, n: usize) {
    input.consume(n);
    *clean = clean.saturating_sub(n);
}

/// The bytes of `buf` before its first NUL byte (`None` when it starts
/// with one), `clean` of them at its start known to hold none; `clean`
/// grows to the bytes given.
fn before_nul<'b>(clean: &mut usize, buf: &'b [u8]) -> Option<&'b [u8]> {
    match memchr::memchr(0, buf.get(*clean..).unwrap_or_default()) {
        Some(n) if *clean + n == 0 => None,
        Some(n) => {
            *clean += n;
            Some(&buf[..*clean])
        }
        None => {
            *clean = (*clean).max(buf.len());
            Some(buf)
        }
    }
}

/// At most this many buffers are kept for reuse...
const MAX_SPARE: usize = 64;

/// ...each of at most this many bytes.
const MAX_SPARE_BYTES: usize = 1 << 20;

impl<R: BufRead> Reader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            state: ReaderState {
                splitter: Splitter::default(),
                pending: Vec::new(),
                pending_offset: 0,
                pending_line: 1,
                line_start: 0,
                index: 0,
                done: false,
                spare: Vec::new(),
                bom: Some(0),
                limit: MAX_GAME_BYTES,
                clean: 0,
                skip: None,
                cut: 0,
                queued: None,
                tap: None,
                large: false,
                large_offset: 0,
            },
        }
    }

    /// The same reader with another limit on the length of a game (in
    /// bytes; [`MAX_GAME_BYTES`] by default).
    ///
    /// ```
    /// use billes_notation::{ReadError, Reader};
    /// let data = "[Game \"offboard\"]\n1. R e5>w *\n";
    /// let mut reader = Reader::new(data.as_bytes()).limit(16);
    /// assert!(matches!(reader.next(), Some(Err(ReadError::TooLarge { index: 1, .. }))));
    /// assert!(reader.next().is_none());
    ///
    /// let data = "[Game \"offboard\"]\n1. R e5>w 2. B e1>e *\n[Game \"offboard\"]\n*\n";
    /// let mut reader = Reader::new(data.as_bytes()).limit(30);
    /// assert!(matches!(reader.next(), Some(Err(ReadError::TooLarge { index: 1, line: 1, .. }))));
    /// let next = reader.next().unwrap().unwrap();
    /// assert_eq!((next.index, next.line), (2, 3));
    /// ```
    pub fn limit(mut self, bytes: usize) -> Reader<R> {
        self.state.limit = bytes;
        self
    }

    /// Gives back the text of a game read before, once done with it: the
    /// reader reuses its memory for a game to come instead of allocating
    /// anew (a program that reads game after game keeps a few buffers
    /// going round). Texts too large to be worth keeping are dropped.
    ///
    /// ```
    /// use billes_notation::Reader;
    /// let data = "[Game \"offboard\"]\n*\n[Game \"offboard\"]\n*\n";
    /// let mut reader = Reader::new(data.as_bytes());
    /// let first = reader.next().unwrap().unwrap();
    /// reader.recycle(first.text);
    /// assert_eq!(reader.next().unwrap().unwrap().text, "[Game \"offboard\"]\n*\n");
    /// ```
    pub fn recycle(&mut self, text: String) {
        let spare = &mut self.state.spare;
        if spare.len() < MAX_SPARE && text.capacity() <= MAX_SPARE_BYTES {
            spare.push(text.into_bytes());
        }
    }
}

impl ReaderState {
    /// The game being read, as an error that stops the reader: its number,
    /// and the line and column where `pending` ends.
    fn stop(&mut self) -> ReadError {
        self.done = true;
        // A game skipped has had its number already.
        let index = if self.skip.is_none() {
            self.index + 1
        } else {
            self.index
        };
        let bytes = &self.pending;
        let line = self.pending_line.saturating_add(count_lines(bytes));
        let line_start = memchr::memrchr(b'\n', bytes).map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&bytes[line_start..])
            .chars()
            .count() as u32
            + 1;
        ReadError::Nul {
            index,
            line,
            column,
        }
    }

    /// Feeds the complete line at `pending[line_start..]` to the splitter.
    /// When it starts a new game, the game before it is cut off and returned
    /// (`None` if it held only white space), and the line begins `pending`.
    fn end_line(&mut self) -> Option<Option<Result<GameSource, ReadError>>> {
        let boundary = self.splitter.feed(&self.pending[self.line_start..]);
        let mut out = None;
        if boundary && self.line_start > 0 {
            let tail = self.pending.split_off(self.line_start);
            out = Some(self.emit());
            self.pending = tail;
        }
        self.line_start = self.pending.len();
        out
    }

    /// Turns `pending` into the next game (or `None` when it is blank) and empties it.
    fn emit(&mut self) -> Option<Result<GameSource, ReadError>> {
        // The next game is likely about as long: room for it at once saves
        // growing (and copying) the buffer line by line; at most the size
        // of a buffer worth keeping, so one huge game does not reserve as
        // much again for the next.
        let room = self.pending.len().min(MAX_SPARE_BYTES);
        let next = match self.spare.pop() {
            Some(mut buffer) => {
                buffer.clear();
                buffer.reserve(room);
                buffer
            }
            None => Vec::with_capacity(room),
        };
        let mut bytes = std::mem::replace(&mut self.pending, next);
        // The buffer doubled as the game grew: a large game keeps no more
        // room than it fills (the allocator gives back the rest of such a
        // block without copying), which bounds what a huge game reserves.
        if bytes.capacity() > MAX_SPARE_BYTES && bytes.capacity() - bytes.len() > bytes.len() / 8 {
            bytes.shrink_to_fit();
        }
        let (offset, line) = (self.pending_offset, self.pending_line);
        self.pending_offset += bytes.len();
        self.pending_line += count_lines(&bytes);
        self.line_start = 0;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return None;
        }
        self.index += 1;
        let index = self.index;
        if bytes.len() > self.limit {
            // Read whole at once, within the input's buffer.
            if let Some(tap) = &mut self.tap {
                *tap = bytes;
                self.large = true;
                self.large_offset = offset;
            }
            return Some(Err(ReadError::TooLarge {
                index,
                line,
                limit: self.limit,
            }));
        }
        Some(match String::from_utf8(bytes) {
            Ok(text) => Ok(GameSource {
                index,
                text,
                offset,
                line,
            }),
            Err(e) => {
                let bytes = e.as_bytes();
                let bad = e.utf8_error().valid_up_to();
                let before = &bytes[..bad];
                let line_in = before.iter().filter(|&&b| b == b'\n').count() as u32;
                let line_start = before
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                let column = String::from_utf8_lossy(&before[line_start..])
                    .chars()
                    .count() as u32
                    + 1;
                Err(ReadError::InvalidUtf8 {
                    index,
                    line: line + line_in,
                    column,
                })
            }
        })
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<GameSource, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        let state = &mut self.state;
        while !state.done {
            if let Some(error) = state.queued.take() {
                return Some(Err(error));
            }
            if let Some(item) = state.check_limit(false) {
                return Some(item);
            }
            let buf = match self.input.fill_buf() {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    state.done = true;
                    return Some(Err(ReadError::Io(e)));
                }
                Ok(buf) => buf,
            };
            // A NUL byte ends the reading once the bytes before it are
            // fed: its game (the one `pending` holds then) is an error.
            // The bytes looked at for one before are not looked at again
            // (a buffer holds many games, each returned on its own).
            let Some(buf) = before_nul(&mut state.clean, buf) else {
                return Some(Err(state.stop()));
            };
            let (used, flow) = if let Some(matched) = state.bom {
                (state.skip_bom(matched, buf), Flow::Continue(()))
            } else if state.skip.is_some() {
                match state.skip_from(buf) {
                    Some(n) => (n, Flow::Continue(())),
                    None => {
                        state.done = true;
                        return state.queued.take().map(Err);
                    }
                }
            } else if buf.is_empty() {
                (0, state.at_end())
            } else if state.line_start < state.pending.len() {
                state.end_begun_line(buf)
            } else {
                state.whole_lines(buf)
            };
            consume(&mut self.input, &mut state.clean, used);
            if let Flow::Break(item) = flow {
                return item;
            }
        }
        None
    }
}

/// What [`Reader::next`] does after a step: reads on, or returns what the
/// step found (`None`: the input is done).
type Flow = ControlFlow<Option<Result<GameSource, ReadError>>>;

impl ReaderState {
    /// Reads past a byte-order mark at the start, however the buffers cut
    /// it (`matched`: its bytes met so far); the bytes of `buf` that go on
    /// with it, to be consumed. Bytes that only began like one are text.
    fn skip_bom(&mut self, matched: usize, buf: &[u8]) -> usize {
        let want = &BOM.as_bytes()[matched..];
        let n = want.len().min(buf.len());
        if n > 0 && buf[..n] == want[..n] {
            if matched + n == BOM.len() {
                self.bom = None;
                self.pending_offset = BOM.len();
            } else {
                self.bom = Some(matched + n);
            }
            return n;
        }
        self.pending.extend_from_slice(&BOM.as_bytes()[..matched]);
        self.bom = None;
        0
    }

    /// The end of the input: a last line without a line break is a line
    /// too; then the last game.
    fn at_end(&mut self) -> Flow {
        if self.line_start < self.pending.len() {
            if let Some(item) = self.check_limit(true) {
                return Flow::Break(Some(item));
            }
            return match self.end_line() {
                Some(Some(game)) => Flow::Break(Some(game)),
                Some(None) | None => Flow::Continue(()),
            };
        }
        self.done = true;
        Flow::Break(self.emit())
    }

    /// A line begun in the buffer before, fed alone once complete: the
    /// bytes of `buf` used, to be consumed.
    fn end_begun_line(&mut self, buf: &[u8]) -> (usize, Flow) {
        let Some(n) = memchr::memchr(b'\n', buf) else {
            self.pending.extend_from_slice(buf);
            return (buf.len(), Flow::Continue(()));
        };
        self.pending.extend_from_slice(&buf[..=n]);
        if let Some(item) = self.check_limit(true) {
            return (n + 1, Flow::Break(Some(item)));
        }
        match self.end_line() {
            Some(Some(game)) => (n + 1, Flow::Break(Some(game))),
            Some(None) | None => (n + 1, Flow::Continue(())),
        }
    }

    /// The whole lines of `buf`, fed at once and copied to `pending` in
    /// one piece up to the end of the game: the bytes of `buf` used, to be
    /// consumed.
    fn whole_lines(&mut self, buf: &[u8]) -> (usize, Flow) {
        let lines = memchr::memrchr(b'\n', buf).map_or(0, |n| n + 1);
        match self.splitter.feed_lines(&buf[..lines]) {
            Some((start, end)) => {
                self.pending.extend_from_slice(&buf[..start]);
                let out = if self.pending.is_empty() {
                    None
                } else {
                    self.emit()
                };
                self.pending.extend_from_slice(&buf[start..end]);
                self.line_start = self.pending.len();
                match out {
                    Some(out) => (end, Flow::Break(Some(out))),
                    None => (end, Flow::Continue(())),
                }
            }
            None => {
                // An incomplete last line is kept until its end comes.
                self.pending.extend_from_slice(buf);
                self.line_start += lines;
                (buf.len(), Flow::Continue(()))
            }
        }
    }
}

/// A text of `len` pieces drawn from `pieces` by a fixed linear
/// congruential generator (the tests of the reader and its limits compare
/// it with [`split_games`]).
#[cfg(test)]
fn random_text(pieces: &[&str], seed: &mut u64, len: usize) -> String {
    let mut text = String::new();
    for _ in 0..len {
        *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        text.push_str(pieces[(*seed >> 33) as usize % pieces.len()]);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starts(text: &str) -> Vec<u32> {
        split_games(text).map(|c| c.line).collect()
    }

    #[test]
    fn tag_line_after_moves_starts_a_game() {
        assert_eq!(starts("[A \"1\"]\n1. R6 +\n*\n[A \"2\"]\n*\n"), vec![1, 4]);
    }

    #[test]
    fn a_result_line_ends_a_game_without_tags() {
        assert_eq!(starts("1. R6 + *\n1. B6 + *\n"), vec![1, 2]);
    }

    #[test]
    fn brackets_inside_comments_do_not_split() {
        assert_eq!(
            starts("[A \"1\"]\n1. R6 + {see\n[the rules]}\n*\n"),
            vec![1]
        );
    }

    #[test]
    fn capture_marks_are_not_results() {
        assert_eq!(starts("1. R6 r1-r7*\n2. R1 +*\n=R\n"), vec![1]);
    }

    #[test]
    fn a_result_inside_a_variation_does_not_split() {
        assert_eq!(starts("1. R6 + (1. R6 r1-r7\n*\n)\n*\n"), vec![1]);
    }

    #[test]
    fn reader_agrees_with_split_games() {
        let text = "[A \"1\"]\n1. R6 +\n*\n\n[A \"2\"]\n1. B3 --\n*\n1. G6 + =G\n";
        let from_reader: Vec<(u32, usize)> = Reader::new(text.as_bytes())
            .map(|g| g.map(|g| (g.line, g.offset)).unwrap())
            .collect();
        let from_split: Vec<(u32, usize)> = split_games(text).map(|c| (c.line, c.offset)).collect();
        assert_eq!(from_reader, from_split);
        assert_eq!(from_reader.len(), 3);
    }

    #[test]
    fn reader_agrees_with_split_games_whatever_the_buffer_size() {
        let text = "\n\n[A \"1\"]\n1. R6 + {a [b]\n c}\n*\n\n[A \"2\"]\n1. B3 --\n*\n1. G6 + =G\n  \n[A \"3\"]\n1. R6 +\n[A \"4\"]";
        let from_split: Vec<(u32, usize, &str)> = split_games(text)
            .map(|c| (c.line, c.offset, c.text))
            .collect();
        assert_eq!(from_split.len(), 5);
        for capacity in [1, 2, 3, 7, 64] {
            let input = io::BufReader::with_capacity(capacity, text.as_bytes());
            let from_reader: Vec<(u32, usize, String)> = Reader::new(input)
                .map(|g| g.map(|g| (g.line, g.offset, g.text)).unwrap())
                .collect();
            let from_reader: Vec<(u32, usize, &str)> = from_reader
                .iter()
                .map(|(l, o, t)| (*l, *o, t.as_str()))
                .collect();
            assert_eq!(from_reader, from_split, "buffer of {capacity}");
        }
    }

    #[test]
    fn reader_agrees_with_split_games_on_random_texts() {
        // Texts made of the pieces that matter to the splitter, from a fixed
        // linear congruential generator.
        let pieces = [
            "[A \"1\"]\n",
            "1. R6 +",
            " *",
            " *\n",
            "\n",
            "  \n",
            "{",
            "}",
            "(",
            ")",
            " =R",
            "\n[B \"2\"]",
            "x",
            " [",
            "2. B3 --\n",
            " * {c",
            "} ",
            "\t[",
            "\r\n",
            "\n[Game \"c\"]\n",
            "[Game \"d\"] {",
            // Capture marks, which are no results, and stars after any
            // piece: after white space (a result) or not.
            " a1-a2*",
            "+*",
            "*",
            "\t*\n",
        ];
        let mut seed = 0x2545_f491_u64;
        for round in 0..300 {
            // Some texts longer than the window the splitter looks ahead in.
            let len = if round % 3 == 0 { 300 } else { 40 };
            let text = random_text(&pieces, &mut seed, len);
            let from_split: Vec<(u32, usize, &str)> = split_games(&text)
                .map(|c| (c.line, c.offset, c.text))
                .collect();
            for capacity in [1, 5, 16, 4096] {
                let input = io::BufReader::with_capacity(capacity, text.as_bytes());
                let games: Vec<GameSource> = Reader::new(input).map(|g| g.unwrap()).collect();
                let from_reader: Vec<(u32, usize, &str)> = games
                    .iter()
                    .map(|g| (g.line, g.offset, g.text.as_str()))
                    .collect();
                assert_eq!(from_reader, from_split, "{text:?}, buffer of {capacity}");
            }
        }
    }

    #[test]
    fn a_byte_order_mark_is_skipped_whatever_the_buffer_size() {
        let text = "\u{feff}[Game \"offboard\"]\n1. R e5>w *\n[Game \"offboard\"]\n*\n";
        for capacity in [1, 2, 3, 4, 64] {
            let input = io::BufReader::with_capacity(capacity, text.as_bytes());
            let games: Vec<GameSource> = Reader::new(input).map(|g| g.unwrap()).collect();
            assert_eq!(games.len(), 2, "buffer of {capacity}");
            assert_eq!(games[0].text, "[Game \"offboard\"]\n1. R e5>w *\n");
            assert_eq!((games[0].offset, games[0].line), (3, 1));
            let game = games[0].parse().unwrap();
            assert_eq!(game.tags[0].span.column, 1);
            // Offsets count from the game's text, which starts after the mark.
            assert_eq!(game.tags[0].span.start, 0);
            assert_eq!((games[1].offset, games[1].line), (33, 3));
        }
    }

    #[test]
    fn bytes_that_only_begin_like_a_byte_order_mark_are_kept() {
        for data in [&b"\xef\xbb*\n"[..], b"\xef", b"\xef\xbb"] {
            for capacity in [1, 2, 64] {
                let input = io::BufReader::with_capacity(capacity, data);
                let items: Vec<_> = Reader::new(input).collect();
                assert_eq!(items.len(), 1, "{data:?}, buffer of {capacity}");
                assert!(
                    matches!(
                        items[0],
                        Err(ReadError::InvalidUtf8 {
                            line: 1,
                            column: 1,
                            ..
                        })
                    ),
                    "{data:?}: {:?}",
                    items[0]
                );
            }
        }
    }

    #[test]
    fn a_game_line_ends_a_comment_left_open() {
        let text = "[Game \"a\"]\n1. R6 + {open\n*\n[Game \"b\"]\n*\n  [Game \"c\"]\n{x\n[Gamex\n[Game \"d\"]\n*\n";
        assert_eq!(starts(text), vec![1, 4, 6, 9]);
        for capacity in [1, 3, 8, 4096] {
            let input = io::BufReader::with_capacity(capacity, text.as_bytes());
            let lines: Vec<u32> = Reader::new(input).map(|g| g.unwrap().line).collect();
            assert_eq!(lines, vec![1, 4, 6, 9], "buffer of {capacity}");
        }
        let games = crate::parse_games(text);
        let error = games[0].as_ref().unwrap_err();
        assert_eq!((error.span.line, error.span.column), (2, 9));
        assert!(error.message.contains("unclosed comment"), "{error:?}");
        assert!(games[1].is_ok());
        // Only a line starting with `[Game ` ends the comment.
        let error = games[2].as_ref().unwrap_err();
        assert_eq!((error.span.line, error.span.column), (7, 1));
        assert!(games[3].is_ok());
    }

    #[test]
    fn a_nul_byte_stops_the_reader_at_its_game() {
        let mut data = b"[A \"1\"]\n*\n".repeat(3000);
        let before = data.len();
        data.extend_from_slice(b"[A \"2\"]\n1. R6 + {ca\xc3\xa9\0}\n*\n[A \"3\"]\n*\n");
        // Buffers that hold one game, many games, or end right at the NUL.
        for capacity in [1, 7, 100, 4096, 1 << 16, before + 21, before + 22] {
            let input = io::BufReader::with_capacity(capacity, &data[..]);
            let items: Vec<_> = Reader::new(input).collect();
            assert_eq!(items.len(), 3001, "buffer of {capacity}");
            assert!(items[..3000].iter().all(Result::is_ok));
            match &items[3000] {
                Err(ReadError::Nul {
                    index,
                    line,
                    column,
                }) => assert_eq!((*index, *line, *column), (3001, 6002, 13)),
                other => panic!("expected a NUL error, got {other:?}"),
            }
        }
        assert!(before > 8192);
        let e = crate::parse_game("[A \"1\"]\n1. R6 + {a\0}\n*").unwrap_err();
        assert_eq!((e.span.line, e.span.column), (2, 11));
        assert!(e.message.contains("NUL"), "{e:?}");
    }

    #[test]
    fn a_huge_game_does_not_reserve_as_much_for_the_next() {
        let mut data = String::from("[Game \"offboard\"]\n\n");
        for n in 0..200_000 {
            data += &format!("{}. R c4>ne ", n + 1);
        }
        data += "*\n[Game \"offboard\"]\n*\n";
        let games: Vec<GameSource> = Reader::new(data.as_bytes()).map(|g| g.unwrap()).collect();
        assert!(games[0].text.len() > 2 * MAX_SPARE_BYTES);
        assert!(games[1].text.capacity() <= MAX_SPARE_BYTES);
    }

    #[test]
    fn invalid_utf8_spoils_only_its_game() {
        let mut data = b"[A \"1\"]\n1. R6 + {caf".to_vec();
        data.extend_from_slice(&[0xff, b'}', b'\n', b'*', b'\n']);
        data.extend_from_slice(b"[A \"2\"]\n*\n");
        let items: Vec<_> = Reader::new(&data[..]).collect();
        assert_eq!(items.len(), 2);
        match &items[0] {
            Err(ReadError::InvalidUtf8 {
                index,
                line,
                column,
            }) => {
                assert_eq!((*index, *line, *column), (1, 2, 13));
            }
            other => panic!("expected invalid UTF-8, got {other:?}"),
        }
        assert!(items[1].as_ref().unwrap().parse().is_ok());
    }
}
