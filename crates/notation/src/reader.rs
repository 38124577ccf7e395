//! Splitting a stream into games, so a file of any size is parsed one game at
//! a time with memory bounded by the largest game.
//!
//! A new game starts at a tag line (`[` first on the line, outside a comment)
//! that follows movetext, or at the first non-blank line after a line that
//! holds a result token (`*` or `=R` standing alone outside comments and
//! variations). Games without tags can therefore follow each other as long as
//! each ends with its result on its own line or at the end of a line.

use std::io::{self, BufRead};

use crate::ast::Game;
use crate::error::ParseError;
use crate::parse::parse_chunk;

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
    /// Parses the game; spans are positions in the whole file.
    ///
    /// # Errors
    /// The first syntax error in the game.
    pub fn parse(&self) -> Result<Game, ParseError> {
        parse_chunk(&self.text, self.offset, self.line)
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
    /// Reading failed; the reader stops.
    #[error("read error: {0}")]
    Io(#[from] io::Error),
}

/// The game-boundary state machine, fed one line at a time.
#[derive(Debug, Default)]
struct Splitter {
    in_comment: bool,
    depth: u32,
    has_moves: bool,
    ended: bool,
}

impl Splitter {
    /// Feeds one line; returns true when the line starts a new game.
    fn feed(&mut self, line: &[u8]) -> bool {
        let trimmed = trim_start(line);
        let blank = trimmed.is_empty();
        let tag_line = !self.in_comment && trimmed.first() == Some(&b'[');
        let boundary = !self.in_comment && ((tag_line && self.has_moves) || (self.ended && !blank));
        if boundary {
            *self = Splitter::default();
        }
        if !tag_line {
            self.scan(line);
        }
        boundary
    }

    fn scan(&mut self, line: &[u8]) {
        let mut i = 0;
        while i < line.len() {
            let b = line[i];
            if self.in_comment {
                match line[i..].iter().position(|&c| c == b'}') {
                    Some(n) => {
                        self.in_comment = false;
                        i += n + 1;
                        continue;
                    }
                    None => return,
                }
            }
            match b {
                b' ' | b'\t' | b'\r' | b'\n' => {}
                b'{' => {
                    self.in_comment = true;
                    self.has_moves = true;
                }
                b'(' => {
                    self.depth += 1;
                    self.has_moves = true;
                }
                b')' => {
                    self.depth = self.depth.saturating_sub(1);
                    self.has_moves = true;
                }
                b'*' | b'=' => {
                    self.has_moves = true;
                    let after_space = i == 0 || line[i - 1].is_ascii_whitespace();
                    let next = line.get(i + 1).copied().unwrap_or(b' ');
                    let token_end = if b == b'*' {
                        next.is_ascii_whitespace()
                    } else {
                        next.is_ascii_uppercase()
                    };
                    if self.depth == 0 && after_space && token_end {
                        self.ended = true;
                    }
                }
                _ => self.has_moves = true,
            }
            i += 1;
        }
    }
}

fn trim_start(line: &[u8]) -> &[u8] {
    let n = line.iter().take_while(|b| b.is_ascii_whitespace()).count();
    &line[n..]
}

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
    for (line_no, line) in (1u32..).zip(src.split_inclusive('\n')) {
        if splitter.feed(line.as_bytes()) && offset > start {
            chunks.push(Chunk {
                text: &src[start..offset],
                offset: start,
                line: start_line,
            });
            start = offset;
            start_line = line_no;
        }
        offset += line.len();
    }
    if offset > start {
        chunks.push(Chunk {
            text: &src[start..offset],
            offset: start,
            line: start_line,
        });
    }
    chunks.into_iter().filter(|c| !c.text.trim().is_empty())
}

/// Reads games one at a time from any buffered reader.
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
    splitter: Splitter,
    pending: Vec<u8>,
    pending_offset: usize,
    pending_line: u32,
    next_line: Vec<u8>,
    offset: usize,
    line: u32,
    index: usize,
    done: bool,
}

impl<R: BufRead> Reader<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            splitter: Splitter::default(),
            pending: Vec::new(),
            pending_offset: 0,
            pending_line: 1,
            next_line: Vec::new(),
            offset: 0,
            line: 1,
            index: 0,
            done: false,
        }
    }

    fn emit(&mut self) -> Option<Result<GameSource, ReadError>> {
        let bytes = std::mem::take(&mut self.pending);
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return None;
        }
        self.index += 1;
        let index = self.index;
        let (offset, line) = (self.pending_offset, self.pending_line);
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
        while !self.done {
            self.next_line.clear();
            match self.input.read_until(b'\n', &mut self.next_line) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.done = true;
                    return Some(Err(ReadError::Io(e)));
                }
                Ok(0) => {
                    self.done = true;
                    return self.emit();
                }
                Ok(n) => {
                    let boundary = self.splitter.feed(&self.next_line);
                    let mut out = None;
                    if boundary && !self.pending.is_empty() {
                        out = self.emit();
                    }
                    if self.pending.is_empty() {
                        self.pending_offset = self.offset;
                        self.pending_line = self.line;
                    }
                    self.pending.extend_from_slice(&self.next_line);
                    self.offset += n;
                    self.line += 1;
                    if out.is_some() {
                        return out;
                    }
                }
            }
        }
        None
    }
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
