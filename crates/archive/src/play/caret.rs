//! A refused line shown at a terminal: the line as the player typed it,
//! with a caret under what is wrong, and no file position. A transcript's
//! position (`<stdin>:9:4`) names no line a player at the terminal can
//! see, and the line checked (`5. R3 r6-rh1`) is not the line typed
//! (`3 r6-rh1`): the caret is carried over to the line typed.
//!
//! ```text
//! error[illegal_move]: a 3 takes R's marble on r6 to rh2, not rh1, where it cannot go
//!   |
//!   | 3 r6-rh1
//!   |   ^^^^^^
//!   |
//!   = note: in game 1, turn 5, seat R
//! ```

use std::ops::Range;

use billes_core::ReplayError;
use billes_notation::{control_pictures, GameSource};

use super::line::{self, Typed};

/// The most characters of a typed line shown: a line of 4 KB is cut.
const SHOWN: usize = 160;

const RED: &str = "\x1b[1;91m";
const BLUE: &str = "\x1b[1;94m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// The line as typed, kept with a refusal.
#[derive(Debug, Clone, Default)]
pub(super) struct TypedLine {
    /// The line, its control characters as pictures.
    text: String,
    /// Where the words start (in `text`) that the line checked ends with
    /// (a turn's words after its number, else the line trimmed), and
    /// their length: `None` when the line holds control characters, whose
    /// pictures are not its bytes.
    words: Option<Range<usize>>,
}

impl TypedLine {
    /// The line `line` as typed.
    pub(super) fn new(line: &str) -> TypedLine {
        let text = control_pictures(line).into_owned();
        if line::has_control(line) || line.len() > line::MAX_LINE {
            return TypedLine { text, words: None };
        }
        let words = match line::classify(line) {
            Typed::Turn { text, .. } => text,
            _ => line.trim(),
        };
        let end = line.trim_end().len();
        let start = end.saturating_sub(words.len());
        TypedLine {
            text,
            words: Some(start..end),
        }
    }

    /// Where the caret goes in the line typed (bytes): under what `error`
    /// points at in the line checked, `source`, when the line checked ends
    /// with the words typed; else under the whole line.
    fn caret(&self, source: &GameSource, error: &ReplayError) -> Range<usize> {
        let shown = self.text.trim_end();
        let lead = shown.len() - shown.trim_start().len();
        let whole = lead..shown.len();
        let Some(words) = self.words.clone() else {
            return whole;
        };
        let typed = &self.text[words.clone()];
        let checked = source.text.as_str();
        if error.span.line == 0 || !checked.ends_with(typed) {
            return whole;
        }
        // The words' place in the line checked, and the span clamped to it.
        let at = checked.len() - typed.len();
        let clamp = |offset: u32| (offset as usize).clamp(at, checked.len()) - at;
        let start = clamp(error.span.start);
        let end = clamp(error.span.end).max(start);
        if start == end && start == typed.len() {
            // Past the words (the end of the line checked): the last one.
            return whole;
        }
        words.start + start..words.start + end
    }

    /// The refusal of this line: `error` against the line checked,
    /// `source`, shown against the line typed, with `notes`.
    pub(super) fn render(
        &self,
        source: &GameSource,
        error: &ReplayError,
        notes: &[String],
        color: bool,
    ) -> String {
        let caret = self.caret(source, error);
        let (shown, caret) = cut(self.text.trim_end(), caret);
        let paint = |style: &str, text: &str| match color {
            true => format!("{style}{text}{RESET}"),
            false => text.to_string(),
        };
        let bar = paint(BLUE, "  |");
        let indent = " ".repeat(shown[..caret.start].chars().count());
        let width = shown[caret.clone()].chars().count().max(1);
        let mut out = format!(
            "{}{}\n{bar}\n{bar} {shown}\n{bar} {indent}{}",
            paint(RED, &format!("error[{}]", error.kind.name())),
            paint(BOLD, &format!(": {}", error.message)),
            paint(RED, &"^".repeat(width)),
        );
        if !notes.is_empty() {
            out.push_str(&format!("\n{bar}"));
        }
        for note in notes {
            let head = format!("{}{}", paint(BLUE, "="), paint(BOLD, " note:"));
            out.push_str(&format!("\n  {head} {note}"));
        }
        out
    }
}

/// The line shown cut to [`SHOWN`] characters (an ellipsis after), and
/// the caret within it.
fn cut(line: &str, caret: Range<usize>) -> (String, Range<usize>) {
    let Some((end, _)) = line.char_indices().nth(SHOWN) else {
        let caret = caret.start.min(line.len())..caret.end.min(line.len());
        return (line.to_string(), caret);
    };
    let start = caret.start.min(end);
    (
        format!("{}…", &line[..end]),
        start..caret.end.clamp(start, end),
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use billes_core::ErrorKind;
    use billes_notation::Span;

    fn checked(text: &str) -> GameSource {
        GameSource {
            index: 1,
            text: text.to_string(),
            offset: 0,
            line: 9,
        }
    }

    fn error(start: u32, end: u32) -> ReplayError {
        let span = Span {
            start,
            end,
            line: 9,
            column: start + 1,
        };
        ReplayError::new(ErrorKind::IllegalMove, span, "no")
    }

    #[test]
    fn the_caret_is_carried_over_to_the_line_typed() {
        // `3 r6-rh1` typed, `5. R3 r6-rh1` checked: r6-rh1 is at 6..12.
        let typed = TypedLine::new("3 r6-rh1");
        assert_eq!(typed.caret(&checked("5. R3 r6-rh1"), &error(6, 12)), 2..8);
        // The head `R3` (the R written by billes): the roll typed.
        assert_eq!(typed.caret(&checked("5. R3 r6-rh1"), &error(3, 5)), 0..1);
        // With its number and spaces around it.
        let typed = TypedLine::new("  9. B3 b9-b12 ");
        assert_eq!(typed.caret(&checked("9. B3 b9-b12"), &error(3, 12)), 5..14);
    }

    #[test]
    fn an_error_with_no_place_in_the_line_typed_is_under_all_of_it() {
        // Not located (a number no move has).
        let typed = TypedLine::new(" 3 ");
        let mut unlocated = error(0, 0);
        unlocated.span.line = 0;
        assert_eq!(typed.caret(&checked(" 3 "), &unlocated), 1..2);
        // The line checked is a listed move, not the line typed.
        let typed = TypedLine::new("1");
        assert_eq!(typed.caret(&checked("R4 r7-r11"), &error(3, 9)), 0..1);
        // A control character: its picture is not its bytes.
        let typed = TypedLine::new("B3 \u{1b}[2J");
        assert_eq!(typed.text, "B3 \u{241b}[2J");
        assert_eq!(
            typed.caret(&checked("B3 \u{241b}[2J"), &error(3, 5)),
            0..typed.text.len()
        );
    }

    #[test]
    fn the_line_is_shown_as_typed_with_no_position() {
        let typed = TypedLine::new("3 r6-rh1");
        let notes = vec!["in game 1, turn 5, seat R".to_string()];
        let shown = typed.render(&checked("5. R3 r6-rh1"), &error(6, 12), &notes, false);
        assert_eq!(
            shown,
            "error[illegal_move]: no\n  |\n  | 3 r6-rh1\n  |   ^^^^^^\n  |\n  = note: in game 1, turn 5, seat R"
        );
        let painted = typed.render(&checked("5. R3 r6-rh1"), &error(6, 12), &notes, true);
        assert!(painted.contains("\x1b[1;91m^^^^^^\x1b[0m"), "{painted:?}");
        assert!(!painted.contains("<stdin>") && !painted.contains(":9:"));
    }

    #[test]
    fn a_long_line_is_cut() {
        let long = format!("{} end", "é".repeat(300));
        let typed = TypedLine::new(&long);
        let shown = typed.render(&checked(&long), &error(0, 0), &[], false);
        let line = shown.lines().nth(2).unwrap();
        assert_eq!(line.chars().count(), 4 + SHOWN + 1, "{line}");
        assert!(line.ends_with('…'));
    }
}
