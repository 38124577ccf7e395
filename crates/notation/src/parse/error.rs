//! The parser's own error type, which never leaves the parser: nom's misses
//! and `context` labels go in, a [`ParseError`] with line, column, message
//! and the line's text comes out ([`State::to_parse_error`]).
//!
//! A miss (`nom::Err::Error`) lets an alternative try its luck and costs no
//! allocation; a production that has read its committing prefix fails for
//! good (`nom::Err::Failure`, as `cut` makes it) with the message the user
//! sees, built then.

use nom::error::{ContextError, ErrorKind};

use super::State;
use crate::ast::Span;
use crate::error::ParseError;

/// What every production returns.
pub(super) type PResult<'a, T> = nom::IResult<&'a str, T, Error<'a>>;

/// A syntax error inside the parser: where (the input from its first byte
/// on), how far, and what was expected.
#[derive(Debug)]
pub(super) struct Error<'a> {
    at: &'a str,
    /// Bytes covered; `None`: the character at `at` (none at the end).
    len: Option<usize>,
    what: What,
}

#[derive(Debug)]
enum What {
    /// A nom parser missed; no production said what it expected.
    Nom(ErrorKind),
    /// The innermost production label (`context`): "expected `<label>`".
    Expected(&'static str),
    /// The message in full.
    Message(String),
}

impl<'a> Error<'a> {
    /// The error `message` at the character at the start of `at`.
    pub(super) fn new(at: &'a str, message: impl Into<String>) -> Self {
        Error {
            at,
            len: None,
            what: What::Message(message.into()),
        }
    }

    /// The error `message` over the first `len` bytes of `at`.
    pub(super) fn spanning(at: &'a str, len: usize, message: impl Into<String>) -> Self {
        Error {
            at,
            len: Some(len),
            what: What::Message(message.into()),
        }
    }
}

/// Fails for good with `message` at the character at the start of `at`.
pub(super) fn fail<'a, T>(at: &'a str, message: impl Into<String>) -> PResult<'a, T> {
    Err(nom::Err::Failure(Error::new(at, message)))
}

/// Fails for good with `message` over the first `len` bytes of `at`.
pub(super) fn fail_spanning<'a, T>(
    at: &'a str,
    len: usize,
    message: impl Into<String>,
) -> PResult<'a, T> {
    Err(nom::Err::Failure(Error::spanning(at, len, message)))
}

/// A miss at `at`, for an alternative to take over.
pub(super) fn miss<T>(at: &str) -> PResult<'_, T> {
    Err(nom::Err::Error(Error {
        at,
        len: None,
        what: What::Nom(ErrorKind::Char),
    }))
}

/// `parser`, committed: where it misses, it fails for good with the
/// message `message` makes of what stands there ([`found`]).
pub(super) fn expect<'a, O>(
    mut parser: impl nom::Parser<&'a str, Output = O, Error = Error<'a>>,
    message: impl Fn(String) -> String,
) -> impl FnMut(&'a str) -> PResult<'a, O> {
    move |i| match parser.parse(i) {
        Err(nom::Err::Error(_)) => fail(i, message(found(i))),
        other => other,
    }
}

/// A description of what stands at the start of `i`, for messages.
pub(super) fn found(i: &str) -> String {
    match i.chars().next() {
        None => "the end of the input".into(),
        Some('\n') | Some('\r') => "the end of the line".into(),
        Some(c) => format!("'{c}'"),
    }
}

impl<'a> nom::error::ParseError<&'a str> for Error<'a> {
    fn from_error_kind(at: &'a str, kind: ErrorKind) -> Self {
        Error {
            at,
            len: None,
            what: What::Nom(kind),
        }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
}

impl<'a> ContextError<&'a str> for Error<'a> {
    /// A miss of a labelled production becomes "expected `<label>`" at the
    /// production's start; a message already made stays.
    fn add_context(at: &'a str, label: &'static str, other: Self) -> Self {
        match other.what {
            What::Nom(_) => Error {
                at,
                len: None,
                what: What::Expected(label),
            },
            _ => other,
        }
    }
}

impl<'a> State<'a> {
    /// The public error for `error`: its line and column are counted from
    /// the start (once, for the one error a parse returns).
    pub(super) fn to_parse_error(&self, error: nom::Err<Error<'a>>) -> ParseError {
        let src = self.src;
        let error = match error {
            nom::Err::Error(e) | nom::Err::Failure(e) => e,
            nom::Err::Incomplete(_) => Error {
                at: &src[src.len()..],
                len: None,
                what: What::Nom(ErrorKind::Eof),
            },
        };
        let start = src.len() - error.at.len().min(src.len());
        let len = error
            .len
            .unwrap_or_else(|| error.at.chars().next().map_or(0, char::len_utf8));
        let end = (start + len).min(src.len());
        let mut message = match error.what {
            What::Nom(kind) => format!("expected {}", kind.description().to_lowercase()),
            What::Expected(label) => format!("expected {label}"),
            What::Message(message) => message,
        };
        // Cut in the middle of a turn: said in plain words.
        if start == src.len() && message.ends_with("found the end of the input") {
            message.push_str(": the file ends in the middle of a turn");
        }
        let before = &src[..start];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let breaks = super::token::count_lines(before.as_bytes());
        let line = self
            .first_line
            .saturating_add(u32::try_from(breaks).unwrap_or(u32::MAX));
        let mut column = before[line_start..].chars().count() + 1;
        let line_end = src[start..].find('\n').map_or(src.len(), |i| start + i);
        let line_text = src[line_start..line_end].trim_end_matches('\r');
        let (mut start, mut end) = (start, end);
        // A slip of a known shape on the line: say what was meant, the
        // caret on the bad token. Not at the end of the text (a missing
        // result, an unclosed variation): what is wrong there is what is
        // missing, not a word before it (`c6-go37-c1` and no result was
        // told "go37 is not a hole", a reading the game may not share,
        // and only when the whole game was read at once).
        let at_end = start >= src.trim_end().len();
        let hint = (!at_end)
            .then(|| super::hint::hint(line_text, start - line_start))
            .flatten();
        if let Some(hint) = hint {
            message = hint.message;
            start = line_start + hint.at;
            end = start + hint.len;
            column = line_text[..hint.at].chars().count() + 1;
        }
        if line_start == 0 {
            // A piece of a game that starts within a line.
            column += self.first_lead();
        }
        ParseError {
            message,
            span: Span {
                // In range: `State::parse` refuses a text whose offsets
                // do not fit.
                start: (self.base + start) as u32,
                end: (self.base + end) as u32,
                line,
                column: u32::try_from(column).unwrap_or(u32::MAX),
            },
            line_text: line_text.to_string(),
        }
    }
}
