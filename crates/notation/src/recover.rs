//! Reading a game past its syntax errors, as a compiler goes on after one:
//! the turn an error is in is unreadable, and the reading goes on at the
//! next turn (its number, or the next line).

use crate::ast::Game;
use crate::error::ParseError;
use crate::reader::GameSource;

/// The most syntax errors read in one game: past them, the game is given up.
pub const MAX_SYNTAX_ERRORS: usize = 16;

/// A game read past its syntax errors: the game without its unreadable
/// turns, every syntax error (the first one first), and where each
/// unreadable turn stands (byte offsets in the game's text, as spans).
#[derive(Debug)]
pub struct Recovered {
    /// The game, each unreadable turn left out (its spans are the text's).
    pub game: Game,
    /// The syntax errors, in the order of the text.
    pub errors: Vec<ParseError>,
    /// The start of each unreadable turn, in the order of the text.
    pub unreadable: Vec<u32>,
}

impl GameSource {
    /// Reads the game past its syntax errors, `first` being the error
    /// [`parse`](GameSource::parse) gave: each turn an error is in is taken
    /// out (from its number, or the start of its line, to the next turn's
    /// number or the end of its line) and the rest is read again. `None`
    /// when an error is in the tags, leaves nothing to take out (the game
    /// ends in the middle of a turn and has no result) or the game has more
    /// than [`MAX_SYNTAX_ERRORS`].
    ///
    /// ```
    /// use billes_notation::Reader;
    /// let data = "[Game \"aggravation\"]\n\n1. R6 +\n2. R1 r9 r10\n3. G2 --\n*\n";
    /// let source = Reader::new(data.as_bytes()).next().unwrap().unwrap();
    /// let first = source.parse().unwrap_err();
    /// let read = source.parse_recovering(first).unwrap();
    /// assert_eq!(read.errors.len(), 1);
    /// assert_eq!(read.game.line.turns.len(), 2);
    /// ```
    pub fn parse_recovering(&self, first: ParseError) -> Option<Recovered> {
        let mut text = self.text.clone();
        let mut errors = vec![first];
        let mut unreadable = Vec::new();
        loop {
            let error = errors.last()?;
            let at = (error.span.start as usize).min(text.len());
            let (start, end) = bad_turn(&text, at)?;
            unreadable.push(start as u32);
            blank(&mut text, start, end);
            let again = GameSource {
                text,
                ..self.clone()
            };
            match again.parse() {
                Ok(game) => {
                    return Some(Recovered {
                        game,
                        errors,
                        unreadable,
                    })
                }
                Err(e) if errors.len() < MAX_SYNTAX_ERRORS && e.span.start as usize > at => {
                    errors.push(e);
                    text = again.text;
                }
                Err(_) => return None,
            }
        }
    }
}

/// Whether a turn number (`12.`) starts at byte `i` of `text`.
fn number_at(text: &str, i: usize) -> bool {
    let b = text.as_bytes();
    if i > 0 && !b[i - 1].is_ascii_whitespace() {
        return false;
    }
    let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    digits > 0 && b.get(i + digits) == Some(&b'.')
}

/// The bytes of the turn the error at `at` is in: from its number (or its
/// line's start) to the next number on the line (or the line's end, less a
/// result token ending it). `None` in the tags or when there is nothing to
/// take out.
fn bad_turn(text: &str, at: usize) -> Option<(usize, usize)> {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    if text[line_start..].starts_with('[') {
        return None;
    }
    let start = (line_start..=at)
        .rev()
        .find(|&i| text.is_char_boundary(i) && i < text.len() && number_at(text, i))
        .unwrap_or(line_start);
    let mut end = (at + 1..line_end)
        .find(|&i| text.is_char_boundary(i) && number_at(text, i))
        .unwrap_or(line_end);
    if end == line_end {
        // A result ending the line stays: `2. R1 r9 *`.
        let line = text[start..end].trim_end();
        if let Some((_, last)) = line.rsplit_once(char::is_whitespace) {
            let result = last == "*" || (last.starts_with('=') && last.len() > 1);
            if result && start + line.len() - last.len() > at {
                end = start + line.len() - last.len();
            }
        }
    }
    (text[start..end].trim() != "").then_some((start, end))
}

/// Puts spaces for the characters of `text[start..end]` (line breaks kept),
/// so that every offset after them stays where it was.
fn blank(text: &mut String, start: usize, end: usize) {
    let spaced: String = text[start..end]
        .chars()
        .map(|c| {
            if c == '\n' {
                "\n".to_string()
            } else {
                " ".repeat(c.len_utf8())
            }
        })
        .collect();
    text.replace_range(start..end, &spaced);
}

#[cfg(test)]
mod tests {
    use crate::Reader;

    fn read(data: &str) -> Option<super::Recovered> {
        let source = Reader::new(data.as_bytes()).next().unwrap().unwrap();
        let first = source.parse().unwrap_err();
        source.parse_recovering(first)
    }

    #[test]
    fn each_bad_turn_is_taken_out_and_the_rest_read() {
        let read = read(
            "[Game \"aggravation\"]\n[Event \"E\"]\n\n1. R6 + 2. R1 r9 r10 3. G2 --\n4. R3 r10-\n5. G1 --\n*\n",
        )
        .unwrap();
        assert_eq!(read.errors.len(), 2);
        let numbers: Vec<u32> = read.game.line.turns.iter().map(|t| t.number).collect();
        assert_eq!(numbers, [1, 3, 5]);
        assert_eq!(read.game.tag("Event"), Some("E"));
        assert_eq!(read.unreadable.len(), 2);
    }

    #[test]
    fn a_result_after_the_bad_turn_stays() {
        let read = read("[Game \"aggravation\"]\n\n1. R6 + 2. R1 r9 r10 *\n").unwrap();
        assert_eq!(read.game.line.turns.len(), 1);
    }

    #[test]
    fn an_error_in_the_tags_or_a_cut_file_is_not_recovered() {
        assert!(read("[Game \"aggravation\"\n\n1. R6 + *\n").is_none());
        assert!(read("[Game \"aggravation\"]\n\n1. R6 + 2. R1 r9").is_none());
    }
}
