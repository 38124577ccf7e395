//! A game read a piece at a time: its tags, then its main-line turns a
//! few hundred at a time, then its result, as pgn-reader's visitor is
//! handed a game's moves. The text of a piece is parsed by the same
//! productions as a whole record, so the turns, their spans and the errors
//! are the same; between pieces only where the main line stands is kept
//! (its offset, line and column, and the next turn's number).
//!
//! A piece need not hold the rest of the game: a reader of a stream gives
//! what it has read so far, and says when the piece ends the game. Then no
//! turn is started within [`MARGIN`] bytes of the piece's end, and a turn
//! that runs to its end is read again from the next, longer piece: a turn
//! is only taken once the byte after it has been seen.

mod brief;
mod pair;

pub use brief::{Brief, BriefAction, BriefCapture};
pub use pair::PairBrief;

use super::error::Error;
use super::grammar::{comments, end, line_end, result, tags, turn_entry, ws};
use super::state::{Mark, State, Syntax};
use crate::ast::{Comment, Comments, Game, Line, Outcome, Span, Turn};
use crate::error::ParseError;

/// A piece that does not end its game is read up to this many bytes
/// before its end: a turn started there is most likely whole in it.
pub const MARGIN: usize = 1 << 12;

/// Main-line turns read in one piece at most (the list they go into stays
/// small, and in the processor's cache).
pub const TURNS_PER_PIECE: usize = 256;

/// Where the reading of a game stands between pieces.
#[derive(Debug, Clone)]
pub struct TurnStream {
    /// Offset in the game's text where the next piece starts.
    offset: usize,
    /// Its line in the file.
    line: u32,
    /// Characters on that line before it.
    lead: usize,
    /// The number of the next main-line turn, unless written.
    number: u32,
    /// Comments read before the next turn.
    before: Comments,
    /// The game the `Game` tag names, for the messages of syntax errors.
    syntax: Syntax,
    /// Where the game starts, once its tags are read.
    start: Option<(usize, u32, u32)>,
    /// Whether a main-line turn was read.
    turned: bool,
}

/// What a piece gave.
#[derive(Debug)]
pub enum Piece {
    /// The game's tags: a game with no turns and no result yet.
    Head(Game),
    /// Main-line turns, in the list given to [`TurnStream::read`].
    Turns,
    /// The end of the game: its last main-line turns are in the list
    /// given to [`TurnStream::read`].
    End {
        /// The comments of a main line that holds no turn.
        comments: Vec<Comment>,
        /// The result token.
        outcome: Outcome,
        /// The whole game, from its first tag to its result token.
        span: Span,
    },
}

/// Why a piece could not be read.
#[derive(Debug)]
pub enum PieceError {
    /// The piece ends too soon to tell: give a longer one.
    More,
    /// A syntax error (in a piece that ends the game, or one that is
    /// followed by enough text to be sure).
    Syntax(ParseError),
}

impl TurnStream {
    /// A piece that does not end its game is read up to this many bytes
    /// before its end: a turn started there is most likely whole in it.
    pub const MARGIN: usize = MARGIN;

    /// Main-line turns read in one piece at most.
    pub const TURNS_PER_PIECE: usize = TURNS_PER_PIECE;

    /// The reading of a game whose text starts on `line` of its file.
    pub fn new(line: u32) -> TurnStream {
        TurnStream {
            offset: 0,
            line,
            lead: 0,
            number: 1,
            before: Comments::new(),
            syntax: Syntax::Any,
            start: None,
            turned: false,
        }
    }

    /// Offset in the game's text where the next piece starts.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The line of the file the next piece starts on.
    pub fn line(&self) -> u32 {
        self.line
    }

    /// The column (in characters, from 1) the next piece starts at.
    pub fn column(&self) -> usize {
        self.lead + 1
    }

    /// Reads the next piece, `piece`: the game's text from
    /// [`offset`](TurnStream::offset) on, to its end when `last`, else as
    /// far as it is known. Main-line turns go into `turns` (emptied first).
    /// The reading moves on by what it took.
    ///
    /// # Errors
    /// [`PieceError::More`] when `piece` ends too soon to read anything
    /// (never when `last`); the syntax error where it stands otherwise.
    pub fn read(
        &mut self,
        piece: &str,
        last: bool,
        turns: &mut Vec<Turn>,
    ) -> Result<Piece, PieceError> {
        self.read_some(piece, last, turns, TURNS_PER_PIECE)
    }

    /// [`read`](TurnStream::read), with at most `max` main-line turns in
    /// the piece (at least one): to read on from where
    /// [`play_briefs`](TurnStream::play_briefs) stopped, a turn at a time.
    ///
    /// # Errors
    /// As [`read`](TurnStream::read).
    pub fn read_some(
        &mut self,
        piece: &str,
        last: bool,
        turns: &mut Vec<Turn>,
        max: usize,
    ) -> Result<Piece, PieceError> {
        turns.clear();
        if u32::try_from(self.offset + piece.len()).is_err() {
            return Err(PieceError::Syntax(ParseError {
                message: "the game is longer than 4 GiB, the most the parser reads".to_string(),
                span: Span {
                    start: u32::MAX,
                    end: u32::MAX,
                    line: self.line,
                    column: u32::try_from(self.lead + 1).unwrap_or(u32::MAX),
                },
                line_text: String::new(),
            }));
        }
        let mut s = State::new(piece, self.offset, self.line, None);
        s.set_lead(self.lead);
        s.syntax.set(self.syntax);
        if !last {
            s.limit = piece.len().saturating_sub(MARGIN);
        }
        s.max_turns = max.clamp(1, TURNS_PER_PIECE);
        let (read, at) = if self.start.is_none() {
            self.head(piece, &s, last)?
        } else {
            self.turns(piece, &s, last, turns)?
        };
        // Where the next piece starts.
        let mark = s.mark_at(at);
        self.offset += at;
        self.line = mark.line;
        self.lead = mark.column as usize - 1;
        Ok(read)
    }

    /// The tags and the comments before the first turn.
    fn head<'a>(
        &mut self,
        piece: &'a str,
        s: &State<'a>,
        last: bool,
    ) -> Result<(Piece, usize), PieceError> {
        let error = |e: nom::Err<Error<'a>>| match last {
            true => PieceError::Syntax(s.to_parse_error(e)),
            false => PieceError::More,
        };
        let (i, ()) = ws(piece).map_err(error)?;
        let start = s.mark(i);
        let (i, tags) = tags(i, s).map_err(error)?;
        let mut before = Comments::new();
        let (i, ()) = comments(i, s, &mut before).map_err(error)?;
        let at = s.offset(i);
        if !last && at >= s.limit {
            return Err(PieceError::More);
        }
        self.before = before;
        let game = tags.iter().find(|t| t.name == "Game");
        self.syntax = game.map_or(Syntax::Any, |t| Syntax::of_game(&t.value));
        self.start = Some((s.base + start.start, start.line, start.column));
        let head = Game {
            tags,
            line: Line::default(),
            outcome: Outcome::default(),
            span: s.span(start, i),
        };
        Ok((Piece::Head(head), at))
    }

    /// Main-line turns, then the result when the piece holds it.
    fn turns<'a>(
        &mut self,
        piece: &'a str,
        s: &State<'a>,
        last: bool,
        turns: &mut Vec<Turn>,
    ) -> Result<(Piece, usize), PieceError> {
        let mut i = piece;
        // What was read: taken, or `More` when nothing was.
        let taken = |turns: &Vec<Turn>, at: usize| match turns.is_empty() {
            true => Err(PieceError::More),
            false => Ok((Piece::Turns, at)),
        };
        loop {
            let at = s.offset(i);
            if turns.len() >= s.max_turns {
                return Ok((Piece::Turns, at));
            }
            if at >= s.limit {
                return taken(turns, at);
            }
            let had = turns.len();
            // The comments before the turn, to read it again from the
            // next piece (they are the first turn's, if any).
            let before = match last || self.before.is_empty() {
                true => Comments::new(),
                false => self.before.clone(),
            };
            match turn_entry(i, s, 0, self.number, &mut self.before, turns) {
                Ok((rest, written)) => {
                    if !last && rest.is_empty() {
                        // The turn may go on in the text not read yet.
                        turns.truncate(had);
                        self.before = before;
                        return taken(turns, at);
                    }
                    i = rest;
                    self.number = written.saturating_add(1);
                    self.turned = true;
                }
                Err(nom::Err::Error(_)) => break,
                Err(e) if last => return Err(PieceError::Syntax(s.to_parse_error(e))),
                Err(_) => {
                    turns.truncate(had);
                    self.before = before;
                    return taken(turns, at);
                }
            }
        }
        if !last {
            return taken(turns, s.offset(i));
        }
        let error = |e| PieceError::Syntax(s.to_parse_error(e));
        let (i, ()) = ws(i).map_err(error)?;
        let (i, ()) = line_end(i, s, 0, None).map_err(error)?;
        let (rest, outcome) = result(i, s).map_err(error)?;
        let (_, ()) = end(
            rest,
            outcome.winners.is_empty(),
            "expected the end of the game after the result",
        )
        .map_err(error)?;
        let (start, line, column) = self.start.unwrap_or_default();
        let mut span = s.span(
            Mark {
                start: 0,
                line,
                column,
            },
            rest,
        );
        span.start = start as u32;
        let comments = match self.turned {
            true => Vec::new(),
            false => std::mem::take(&mut self.before).into_vec(),
        };
        Ok((
            Piece::End {
                comments,
                outcome,
                span,
            },
            piece.len(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::parse::parse_chunk;

    /// `text` read by pieces of `window` bytes (longer when a piece ends too
    /// soon), the turns put back together.
    fn streamed(text: &str, window: usize) -> Result<Game, ParseError> {
        let mut stream = TurnStream::new(1);
        let (mut turns, mut game, mut window) = (Vec::new(), None::<Game>, window);
        loop {
            let from = stream.offset();
            let mut to = from.saturating_add(window).min(text.len());
            while !text.is_char_boundary(to) {
                to -= 1;
            }
            let last = to == text.len();
            match stream.read(&text[from..to], last, &mut turns) {
                Ok(Piece::Head(head)) => game = Some(head),
                Ok(Piece::Turns) => game.as_mut().unwrap().line.turns.append(&mut turns),
                Ok(Piece::End {
                    comments,
                    outcome,
                    span,
                }) => {
                    let mut game = game.unwrap();
                    game.line.turns.append(&mut turns);
                    game.line.comments = comments;
                    (game.outcome, game.span) = (outcome, span);
                    return Ok(game);
                }
                Err(PieceError::More) => {
                    assert!(!last, "more asked of the last piece");
                    window = window.saturating_mul(2);
                }
                Err(PieceError::Syntax(e)) => return Err(e),
            }
        }
    }

    fn same(text: &str) {
        let whole = parse_chunk(text, 0, 1);
        for window in [usize::MAX, 1, 7, 100, MARGIN + 13, 3 * MARGIN] {
            let pieces = streamed(text, window);
            match (&whole, &pieces) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "window {window}: {text:?}"),
                (Err(a), Err(b)) => assert_eq!(
                    (&a.message, a.span),
                    (&b.message, b.span),
                    "window {window}: {text:?}"
                ),
                _ => panic!("window {window}: {whole:?} / {pieces:?} for {text:?}"),
            }
        }
    }

    #[test]
    fn pieces_read_what_the_whole_text_reads() {
        for text in [
            "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + {entered} ! 2. R1 r9-r10 (2. R1 -- {x}) 3. G4 --\n*\n",
            "{before} *",
            "{before} 1. R6 + =R",
            "[Game \"offboard\"]\n1. R c5>w 2. B e5>nw\n3. R c4:c5>e*t4=3 $1 *\n",
            "[Game \"offboard\"]\n1. R c5>w 2. B e5 *\n",
            "1. R6 + 2. R1 r9-r10 {unclosed",
            "1. R6 + 2. R1 r9-r10",
            "1. R6 + * 3. R4 --",
        ] {
            same(text);
        }
        let long = format!(
            "[Game \"offboard\"]\n{}*\n",
            "1. R c5>w {é} 2. B e5>nw ".repeat(2000)
        );
        same(&long);
        let lines: String = (1..3000).map(|n| format!("{n}. R6 r1-r7\n")).collect();
        same(&format!("[Game \"aggravation\"]\n{lines}*\n"));
    }

    /// Turns laid out as the writer lays them out are read by the fast
    /// path in one run; the run stops at a piece's size, so the list a
    /// piece fills stays small however long the game.
    #[test]
    fn a_piece_holds_at_most_its_share_of_turns() {
        let lines: String = (1..3000).map(|n| format!("{n}. R6 r1-r7\n")).collect();
        let text = format!("[Game \"aggravation\"]\n{lines}*\n");
        let mut stream = TurnStream::new(1);
        let mut turns = Vec::new();
        assert!(matches!(
            stream.read(&text, true, &mut turns),
            Ok(Piece::Head(_))
        ));
        let mut sizes = Vec::new();
        loop {
            let piece = stream.read(&text[stream.offset()..], true, &mut turns);
            sizes.push(turns.len());
            if matches!(piece.expect("it reads"), Piece::End { .. }) {
                break;
            }
        }
        assert_eq!(sizes.iter().sum::<usize>(), 2999);
        assert!(sizes.iter().all(|&n| n <= TURNS_PER_PIECE), "{sizes:?}");
        assert_eq!(sizes[0], TURNS_PER_PIECE);
    }

    proptest! {
        #[test]
        fn pieces_read_generated_records(text in crate::parse::fast::tests::record()) {
            same(&text);
        }
    }
}
