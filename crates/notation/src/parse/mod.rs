//! The BGN parser, built from nom combinators: one function per
//! production of the grammar in `notation/SPEC.md`, named after it
//! (`grammar` for the record's layout, `turn` for turns and their
//! actions, `token` for the bytes of names and numbers).
//!
//! Design priorities, in order: never panic on any input, linear time
//! (every alternative is chosen by the byte it starts with, so nothing is
//! read twice but white space before a token; spans are located
//! incrementally; variations nest at most [`MAX_NESTING`] deep), errors
//! that say where and what was expected, speed. Productions are labelled
//! with `context`, commit with `cut` once their first token is read, and
//! the record ends at `eof`; nom's error type stays inside (`error`), and
//! callers get a [`ParseError`] with the line, the column and the line's
//! text.
//!
//! For speed, a numbered turn in the shape the writer gives it is read by
//! a byte-level fast path (`fast`), tried where a turn entry starts, and so
//! is a tag written `[Name "value"]` (`grammar::plain_tag`); each gives the
//! same tree as the combinators or leaves the text to them, which the tests
//! check on generated records.

#[cfg(test)]
use std::cell::Cell;

use crate::ast::{Game, Span, Turn};
use crate::error::ParseError;
use crate::reader::split_games;

mod error;
mod fast;
mod grammar;
pub(crate) mod hint;
mod state;
pub(crate) mod stream;
mod token;
mod turn;

use state::{State, Syntax};
pub(crate) use token::count_lines;

/// Deepest nesting of variations accepted.
pub const MAX_NESTING: usize = 64;

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
    State::new(src, base, 1, None).parse(
        "expected the end of the input after the result (a second game must start with its tags)",
    )
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
///
/// A game longer than [`MAX_GAME_BYTES`](crate::MAX_GAME_BYTES) is an
/// error at its first line, not parsed, as a [`Reader`](crate::Reader)
/// refuses it.
pub fn parse_games(src: &str) -> Vec<Result<Game, ParseError>> {
    parse_games_lazily(src).collect()
}

/// [`parse_games`], each game parsed when the iterator comes to it: a
/// program that is done with a game before the next holds one parsed game
/// at a time, whatever the number of games in `src`.
pub fn parse_games_lazily(src: &str) -> impl Iterator<Item = Result<Game, ParseError>> + '_ {
    let (src, base) = skip_bom(src);
    split_games(src).map(move |chunk| {
        if chunk.text.len() > crate::MAX_GAME_BYTES {
            return Err(too_long(base + chunk.offset, chunk.line));
        }
        parse_chunk(chunk.text, base + chunk.offset, chunk.line)
    })
}

/// The error of a game longer than [`MAX_GAME_BYTES`](crate::MAX_GAME_BYTES)
/// that starts at `offset`, on `line`.
fn too_long(offset: usize, line: u32) -> ParseError {
    let at = u32::try_from(offset).unwrap_or(u32::MAX);
    ParseError {
        message: format!(
            "the game is longer than {}, the limit of one game: not read",
            crate::file::bytes(crate::MAX_GAME_BYTES as u64)
        ),
        span: Span {
            start: at,
            end: at,
            line,
            column: 1,
        },
        line_text: String::new(),
    }
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

/// Parses one game from `text`, which starts on line `line` of its file:
/// spans' offsets count from `offset` at the start of `text`, their lines
/// from `line`.
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
    let turns = turns.map(|mut turns| {
        turns.clear();
        turns
    });
    State::new(text, offset, line, turns).parse("expected the end of the game after the result")
}

/// A list of turns this long or longer grows by a quarter when full, not
/// by doubling (see [`make_room`]).
const LONG_LINE: usize = 1 << 20;

/// Room in `turns` for one more. A `Vec` doubles when full, so a game of
/// millions of turns could reserve up to twice the memory it fills, and a
/// limit on the address space (`ulimit -v`) counts what is reserved: past
/// [`LONG_LINE`] turns the list grows by a quarter instead (the allocator
/// moves such large blocks without copying them).
#[inline(always)]
pub(super) fn make_room(turns: &mut Vec<Turn>) {
    if turns.len() == turns.capacity() && turns.capacity() >= LONG_LINE {
        turns.reserve_exact(turns.capacity() / 4);
    }
}

#[cfg(test)]
thread_local! {
    /// Turns the fast path off, to compare it with the combinators alone.
    static GENERAL_ONLY: Cell<bool> = const { Cell::new(false) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Action;

    #[test]
    fn a_game_on_one_line_takes_the_room_of_the_same_game_on_many() {
        // The turns of a long line are not grown by doubling: their list
        // has about the room the turns take, as for one turn a line.
        let moves = ["R c4>ne", "B h8>sw", "R d5>sw", "B g7>ne"];
        let turns: Vec<String> = (0..10_000)
            .map(|n| format!("{}. {}", n + 1, moves[n % 4]))
            .collect();
        for separator in [" ", "\n"] {
            let text = format!(
                "[Game \"offboard\"]\n[Seats \"R B\"]\n\n{} *\n",
                turns.join(separator)
            );
            let game = parse_chunk_into(&text, 0, 1, Some(Vec::new())).unwrap();
            let (len, room) = (game.line.turns.len(), game.line.turns.capacity());
            assert_eq!(len, 10_000);
            assert!(room <= len + len / 8, "{separator:?}: {room} for {len}");
        }
    }

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
                locate(text, span.start as usize),
                "{span:?}"
            );
        }
        let err = parse_game("{é\né} 1. R6 +\n  {ü} r9*\n*").expect_err("no turn");
        assert_eq!(
            (err.span.line, err.span.column),
            locate("{é\né} 1. R6 +\n  {ü} r9*\n*", err.span.start as usize)
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

    #[test]
    fn a_game_longer_than_the_limit_is_an_error_and_the_next_is_parsed() {
        let mut text = String::from("[Game \"offboard\"]\n");
        text += &"1. R c5>w 2. B e5>nw ".repeat(crate::MAX_GAME_BYTES / 20);
        text += "*\n[Game \"offboard\"]\n*\n";
        let games = parse_games(&text);
        assert_eq!(games.len(), 2);
        let error = games[0].as_ref().unwrap_err();
        assert_eq!(
            error.message,
            "the game is longer than 16 MiB, the limit of one game: not read"
        );
        assert_eq!((error.span.line, error.span.column), (1, 1));
        let second = games[1].as_ref().unwrap();
        assert_eq!(second.tags[0].span.line, 3);
    }
}
