//! The `turns` rows of a long valid game made from its text a piece at a
//! time, as its check read it ([`TurnStream`]), and handed on piece by
//! piece: neither the game's tree nor its rows are ever held whole.
//!
//! A row of a game takes some 325 bytes and its parsed turn 160, against a
//! few bytes of text: held whole, a game at the reader's 16 MiB limit took
//! 1.32 GB to export; made this way, 26 MB (docs/export.md). The rows are
//! the same as [`turn_rows`](super::turn_rows)' over the whole tree: the
//! turns are read by the same productions and replayed by the same
//! [`RowReplay`] (a tested equality).

use std::ops::ControlFlow;

use billes_core::Engine;
use billes_notation::{ParseError, Piece, PieceError, Span, Turn, TurnStream};

use super::{RowReplay, TurnRow, Wanted};

/// What is given the rows of each piece of a game in turn (their list may
/// be taken), and stops the replay by breaking.
pub(crate) type PieceRows<'a> = &'a mut dyn FnMut(&mut Vec<TurnRow>) -> ControlFlow<()>;

/// Why the rows of a game could not be made from its text. Neither happens
/// to a game its check found valid from the same text by the same rules,
/// but for a disagreement between the checker and the game API.
#[derive(Debug)]
pub(crate) enum RowsError {
    /// A turn the game API does not play.
    Replay(billes_core::ReplayError),
    /// The text does not read as it did for its check.
    Syntax(ParseError),
}

/// Makes the rows of the valid game whose text `text` starts on `line`
/// of its file, under `engine`, the rules it was checked by: `piece` is
/// given the rows of each piece of its main line in turn (its list may be
/// taken), and stops the replay by breaking. The answer is whether a text
/// of the rows was cut at [`MAX_CELL_BYTES`](super::MAX_CELL_BYTES).
///
/// # Errors
/// A turn the game API does not play, or a text that does not read.
pub(crate) fn rows(
    engine: &dyn Engine,
    text: &str,
    line: u32,
    wanted: Wanted,
    piece: PieceRows<'_>,
) -> Result<bool, RowsError> {
    replay(engine, text, line, wanted, Some(piece))
}

/// Replays the game as [`rows`] does without making its rows: whether
/// they can all be made, before any is written.
///
/// # Errors
/// As [`rows`].
pub(crate) fn check(engine: &dyn Engine, text: &str, line: u32) -> Result<(), RowsError> {
    replay(engine, text, line, Wanted::default(), None).map(|_| ())
}

/// [`rows`], or [`check`] without `piece`.
fn replay(
    engine: &dyn Engine,
    text: &str,
    line: u32,
    wanted: Wanted,
    mut piece: Option<PieceRows<'_>>,
) -> Result<bool, RowsError> {
    let mut stream = TurnStream::new(line);
    let mut turns: Vec<Turn> = Vec::new();
    let head = match read(&mut stream, text, &mut turns)? {
        Piece::Head(head) => head,
        _ => return Err(unreadable(&stream, "no tags where the game starts")),
    };
    let start = engine.start(&head).map_err(RowsError::Replay)?;
    let mut replay = RowReplay::new(&head, start, wanted);
    let mut rows = Vec::new();
    loop {
        let ended = matches!(read(&mut stream, text, &mut turns)?, Piece::End { .. });
        let mut push = |row| rows.push(row);
        let row = piece
            .is_some()
            .then_some(&mut push as &mut dyn FnMut(TurnRow));
        replay.play(&turns, row).map_err(RowsError::Replay)?;
        let stop = piece.as_mut().is_some_and(|p| p(&mut rows).is_break());
        if stop || ended {
            return Ok(replay.cut());
        }
        rows.clear();
    }
}

/// The next piece of `text`, read by `stream` into `turns`.
fn read(stream: &mut TurnStream, text: &str, turns: &mut Vec<Turn>) -> Result<Piece, RowsError> {
    let rest = text.get(stream.offset()..).unwrap_or_default();
    match stream.read(rest, true, turns) {
        Ok(piece) => Ok(piece),
        Err(PieceError::Syntax(e)) => Err(RowsError::Syntax(e)),
        // The whole text is given: it cannot be too short to tell.
        Err(PieceError::More) => Err(unreadable(stream, "the game ends within a turn")),
    }
}

/// A syntax error where `stream` stands.
fn unreadable(stream: &TurnStream, message: &str) -> RowsError {
    RowsError::Syntax(ParseError {
        message: message.to_string(),
        span: Span {
            start: stream.offset() as u32,
            end: stream.offset() as u32,
            line: stream.line(),
            column: 1,
        },
        line_text: String::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::turn_rows;
    use billes_core::{registry, Standard};

    /// The rows of `text` made whole ([`turn_rows`]) and a piece at a time,
    /// and the number of pieces.
    fn both_ways(text: &str, wanted: Wanted) -> (Vec<TurnRow>, Vec<TurnRow>, usize) {
        let game = billes_notation::parse_game(text).expect("reads");
        let kind = registry::named(game.tag("Game").expect("named")).expect("known");
        let engine = Standard::new(kind);
        let mut whole = Vec::new();
        let start = engine.start(&game).expect("sets up");
        let cut = turn_rows(&game, start, wanted, &mut |r| whole.push(r)).expect("plays");
        let mut pieces = Vec::new();
        let mut sizes = Vec::new();
        let streamed_cut = rows(&engine, text, 1, wanted, &mut |piece| {
            sizes.push(piece.len());
            pieces.append(piece);
            ControlFlow::Continue(())
        })
        .expect("plays");
        assert_eq!(cut, streamed_cut);
        assert!(
            sizes
                .iter()
                .all(|&n| n <= billes_notation::TurnStream::TURNS_PER_PIECE),
            "{sizes:?}"
        );
        (whole, pieces, sizes.len())
    }

    #[test]
    fn a_piece_at_a_time_the_rows_are_those_of_the_whole_tree() {
        let mut most = 0;
        for kind in registry::all() {
            for seed in 0..3 {
                let text = crate::rows::simulated_text(kind, 2_000, seed);
                for position in [false, true] {
                    let (whole, pieces, n) = both_ways(&text, Wanted { position });
                    assert!(!whole.is_empty(), "{}", kind.name());
                    assert_eq!(whole, pieces, "{} seed {seed}", kind.name());
                    most = most.max(n);
                }
            }
        }
        // Games of several pieces were read.
        assert!(most >= 3, "{most}");
    }

    #[test]
    fn comments_nags_and_variations_are_read_as_in_the_tree() {
        let text = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n\
            {before} 1. R6 + {entered} $1 (1. R6 + {the same})\n\
            2. R1 r9-r10 {moved}\n3. B2 -- 4. R2 r10-r12\n*\n";
        let (whole, pieces, _) = both_ways(text, Wanted { position: true });
        assert_eq!(whole.len(), 4);
        assert_eq!(whole, pieces);
    }

    #[test]
    fn a_break_stops_the_replay() {
        let text = crate::rows::simulated_text(billes_core::aggravation::KIND, 2_000, 1);
        let engine = Standard::new(billes_core::aggravation::KIND);
        let mut calls = 0;
        rows(&engine, &text, 1, Wanted::default(), &mut |_| {
            calls += 1;
            ControlFlow::Break(())
        })
        .expect("plays");
        assert_eq!(calls, 1);
    }

    #[test]
    fn the_check_finds_the_turn_the_rows_cannot_be_made_of() {
        let engine = Standard::new(billes_core::aggravation::KIND);
        let text = crate::rows::simulated_text(billes_core::aggravation::KIND, 2_000, 2);
        assert!(check(&engine, &text, 1).is_ok());
        // The second turn moves three holes on a roll of 1.
        let bad = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R1 r9-r12\n*\n";
        assert!(matches!(check(&engine, bad, 1), Err(RowsError::Replay(_))));
        let mut given = 0;
        let made = rows(&engine, bad, 1, Wanted::default(), &mut |piece| {
            given += piece.len();
            ControlFlow::Continue(())
        });
        assert!(matches!(made, Err(RowsError::Replay(_))), "{made:?}");
        assert_eq!(given, 0, "no row of a piece that does not play");
    }

    #[test]
    fn a_text_that_does_not_read_is_a_syntax_error() {
        let engine = Standard::new(billes_core::aggravation::KIND);
        let text = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 + 2. R1 r9-r10 ?? {\n";
        let read = rows(&engine, text, 1, Wanted::default(), &mut |_| {
            ControlFlow::Continue(())
        });
        assert!(matches!(read, Err(RowsError::Syntax(_))), "{read:?}");
    }
}
