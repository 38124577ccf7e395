//! An open document: its text, its version, and positions in it as the
//! client counts them (UTF-8 bytes or UTF-16 code units in a line), through
//! a `LineIndex` made once per version.

use std::sync::Arc;

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};
use ropey::Rope;

use crate::check::MAX_DOCUMENT_BYTES;
pub use crate::lines::Encoding;
use crate::lines::LineIndex;

/// An open document.
#[derive(Debug, Clone)]
pub struct Document {
    /// Shared with the check of this version, which runs on another
    /// thread.
    text: Arc<str>,
    /// The version the client gave with the text.
    version: i32,
    /// The index of the text's lines; none for a document longer than
    /// [`MAX_DOCUMENT_BYTES`], which is not checked (its positions are
    /// counted from its start: only its one diagnostic needs one).
    index: Option<LineIndex>,
}

impl Document {
    /// A document holding `text`, at `version`.
    pub fn new(text: String, version: i32) -> Document {
        let index = (text.len() <= MAX_DOCUMENT_BYTES).then(|| LineIndex::new(&text));
        Document {
            text: Arc::from(text),
            version,
            index,
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text, shared.
    pub fn shared_text(&self) -> Arc<str> {
        Arc::clone(&self.text)
    }

    /// The version.
    pub fn version(&self) -> i32 {
        self.version
    }

    /// Applies the changes of a `didChange`, in order, and takes `version`.
    /// A change whose range lies outside the text is clamped to it. One
    /// change is made in the text; several are made in a rope, each in
    /// time of the logarithm of the text's length, and the text and its
    /// index made once at the end (10,000 changes of a 600 KB document
    /// are not 10,000 copies of it).
    pub fn apply(
        &mut self,
        mut changes: Vec<TextDocumentContentChangeEvent>,
        version: i32,
        encoding: Encoding,
    ) {
        // What comes before the last change of the whole text is replaced.
        if let Some(last_whole) = changes.iter().rposition(|c| c.range.is_none()) {
            let rest = changes.split_off(last_whole + 1);
            let whole = changes.pop().map(|c| c.text).unwrap_or_default();
            *self = Document::new(whole, version);
            changes = rest;
        }
        let text = match changes.as_slice() {
            [] => None,
            [one] => {
                let range = one.range.unwrap_or_default();
                let start = self.offset(range.start, encoding);
                let end = self.offset(range.end, encoding).max(start);
                let mut text =
                    String::with_capacity(self.text.len() - (end - start) + one.text.len());
                text.push_str(&self.text[..start]);
                text.push_str(&one.text);
                text.push_str(&self.text[end..]);
                Some(text)
            }
            many => Some(apply_in_rope(&self.text, many, encoding)),
        };
        if let Some(text) = text {
            *self = Document::new(text, version);
        }
        self.version = version;
    }

    /// The byte offset of `pos` (a position past the end of its line is the
    /// line's end; a line past the end of the text is the text's end; a
    /// position inside a character is that character's start).
    pub fn offset(&self, pos: Position, encoding: Encoding) -> usize {
        match &self.index {
            Some(index) => index.offset(&self.text, pos, encoding),
            None => {
                // Counted from the text's start: a document too long to
                // be checked has no index.
                let start = self.line_start_by_scan(pos.line);
                let line = self.line_text(pos.line);
                let within = Position::new(0, pos.character);
                start + LineIndex::new(line).offset(line, within, encoding)
            }
        }
    }

    /// The position of byte `offset` (clamped to the text, moved back to a
    /// character's start).
    pub fn position(&self, offset: usize, encoding: Encoding) -> Position {
        match &self.index {
            Some(index) => index.position(&self.text, offset, encoding),
            None => {
                let mut offset = offset.min(self.text.len());
                while !self.text.is_char_boundary(offset) {
                    offset -= 1;
                }
                let start = self.text[..offset].rfind('\n').map_or(0, |i| i + 1);
                let line = self.text.as_bytes()[..start]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count();
                let before = &self.text[start..offset];
                let character = match encoding {
                    Encoding::Utf8 => before.len(),
                    Encoding::Utf16 => before.encode_utf16().count(),
                };
                Position::new(line as u32, character as u32)
            }
        }
    }

    /// The byte where line `line` starts, counted from the text's start
    /// (the text's end past its last line).
    fn line_start_by_scan(&self, line: u32) -> usize {
        if line == 0 {
            return 0;
        }
        self.text
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .nth(line as usize - 1)
            .map_or(self.text.len(), |(i, _)| i + 1)
    }

    /// The text of line `line` with its line end, counted from the text's
    /// start (empty past the last line).
    fn line_text(&self, line: u32) -> &str {
        let start = self.line_start_by_scan(line);
        if line > 0 && start == self.text.len() && !self.text.ends_with('\n') {
            return "";
        }
        let rest = &self.text[start..];
        rest.find('\n').map_or(rest, |i| &rest[..=i])
    }

    /// The range of bytes `start..end`.
    pub fn range(&self, start: usize, end: usize, encoding: Encoding) -> Range {
        Range::new(
            self.position(start, encoding),
            self.position(end.max(start), encoding),
        )
    }

    /// The range of the whole text.
    pub fn whole(&self, encoding: Encoding) -> Range {
        self.range(0, self.text.len(), encoding)
    }

    /// The 0-based line holding byte `offset`, and the byte where it starts.
    pub fn line_of(&self, offset: usize) -> (usize, usize) {
        match &self.index {
            Some(index) => index.line_of(offset),
            None => {
                let pos = self.position(offset, Encoding::Utf8);
                (pos.line as usize, self.line_start_by_scan(pos.line))
            }
        }
    }
}

/// `text` with `changes` made in order, each located in the text the
/// changes before it made, in a rope (lines end at `\n` only, as in
/// [`LineIndex`]).
fn apply_in_rope(
    text: &str,
    changes: &[TextDocumentContentChangeEvent],
    encoding: Encoding,
) -> String {
    let mut rope = Rope::from_str(text);
    for change in changes {
        match change.range {
            None => rope = Rope::from_str(&change.text),
            Some(range) => {
                let start = rope_char(&rope, range.start, encoding);
                let end = rope_char(&rope, range.end, encoding).max(start);
                rope.remove(start..end);
                rope.insert(start, &change.text);
            }
        }
    }
    rope.to_string()
}

/// The character index of `pos` in `rope`, clamped as
/// [`LineIndex::offset`] clamps.
fn rope_char(rope: &Rope, pos: Position, encoding: Encoding) -> usize {
    let line = pos.line as usize;
    if line >= rope.len_lines() {
        return rope.len_chars();
    }
    let start = rope.line_to_char(line);
    let mut end = if line + 1 < rope.len_lines() {
        rope.line_to_char(line + 1) - 1
    } else {
        rope.len_chars()
    };
    if end > start && rope.char(end - 1) == '\r' {
        end -= 1;
    }
    let want = pos.character as usize;
    match encoding {
        Encoding::Utf8 => {
            let byte = (rope.char_to_byte(start) + want).min(rope.char_to_byte(end));
            rope.byte_to_char(byte)
        }
        Encoding::Utf16 => {
            let unit = (rope.char_to_utf16_cu(start) + want).min(rope.char_to_utf16_cu(end));
            rope.utf16_cu_to_char(unit)
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "[White \"Zoë 𝄞 Ångström\"]\n1. R6 + {très bien 😀} 2. R3 r9-r12\n";

    #[test]
    fn positions_count_bytes_or_utf16_units() {
        let doc = Document::new(TEXT.to_string(), 1);
        let at = TEXT.find("r9-r12").expect("in the text");
        // Line 1: "1. R6 + {très bien 😀} 2. R3 " before the move.
        let utf8 = doc.position(at, Encoding::Utf8);
        let utf16 = doc.position(at, Encoding::Utf16);
        assert_eq!(utf8, Position::new(1, 32));
        // è is 2 bytes but 1 unit; 😀 is 4 bytes but 2 units.
        assert_eq!(utf16, Position::new(1, 29));
        assert_eq!(doc.offset(utf8, Encoding::Utf8), at);
        assert_eq!(doc.offset(utf16, Encoding::Utf16), at);
        // On the tag line: 𝄞 is 4 bytes, 2 units; ë and Å 2 bytes, 1 unit.
        let tag = TEXT.find("Ångström").expect("in the text");
        assert_eq!(doc.position(tag, Encoding::Utf8), Position::new(0, 18));
        assert_eq!(doc.position(tag, Encoding::Utf16), Position::new(0, 15));
        assert_eq!(doc.offset(Position::new(0, 15), Encoding::Utf16), tag);
    }

    #[test]
    fn positions_inside_a_character_or_past_a_line_are_clamped() {
        let doc = Document::new(TEXT.to_string(), 1);
        let clef = TEXT.find('𝄞').expect("in the text");
        // Half of the surrogate pair, or a byte inside the character.
        assert_eq!(doc.offset(Position::new(0, 13), Encoding::Utf16), clef);
        assert_eq!(doc.offset(Position::new(0, 14), Encoding::Utf8), clef);
        let end = TEXT.find('\n').expect("a line end");
        assert_eq!(doc.offset(Position::new(0, 500), Encoding::Utf16), end);
        assert_eq!(doc.offset(Position::new(9, 0), Encoding::Utf8), TEXT.len());
        assert_eq!(
            doc.position(TEXT.len() + 9, Encoding::Utf8),
            Position::new(2, 0)
        );
    }

    /// Applies each change alone, in order (the path of one change).
    fn one_by_one(
        doc: &Document,
        changes: &[TextDocumentContentChangeEvent],
        encoding: Encoding,
    ) -> String {
        let mut doc = doc.clone();
        for change in changes {
            doc.apply(vec![change.clone()], 2, encoding);
        }
        doc.text().to_string()
    }

    #[test]
    fn many_changes_at_once_make_the_text_one_at_a_time_makes() {
        let text = format!("{TEXT}\r\n[Game \"offboard\"]\r\n1. R a3>nw € *\n");
        let doc = Document::new(text.clone(), 1);
        let mut state = 7u64;
        let mut next = |n: u32| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as u32 % n
        };
        for round in 0..200 {
            let encoding = if round % 2 == 0 {
                Encoding::Utf8
            } else {
                Encoding::Utf16
            };
            let changes: Vec<TextDocumentContentChangeEvent> = (0..1 + next(6))
                .map(|_| {
                    let (l1, l2) = (next(6), next(6));
                    let (c1, c2) = (next(40), next(40));
                    let (start, end) = if (l1, c1) <= (l2, c2) {
                        ((l1, c1), (l2, c2))
                    } else {
                        ((l2, c2), (l1, c1))
                    };
                    let texts = ["", "x", "é\n", "😀", "\r\n", "{très}"];
                    TextDocumentContentChangeEvent {
                        range: Some(Range::new(
                            Position::new(start.0, start.1),
                            Position::new(end.0, end.1),
                        )),
                        range_length: None,
                        text: texts[next(texts.len() as u32) as usize].to_string(),
                    }
                })
                .collect();
            let mut batch = doc.clone();
            batch.apply(changes.clone(), 2, encoding);
            assert_eq!(
                batch.text(),
                one_by_one(&doc, &changes, encoding),
                "{changes:?}"
            );
        }
    }

    #[test]
    fn a_document_too_long_to_check_counts_positions_from_its_start() {
        let text = format!("é\n{}\n😀x\n", " ".repeat(MAX_DOCUMENT_BYTES));
        let doc = Document::new(text.clone(), 1);
        let at = text.find('x').expect("in the text");
        assert_eq!(doc.position(at, Encoding::Utf16), Position::new(2, 2));
        assert_eq!(doc.offset(Position::new(2, 2), Encoding::Utf16), at);
        assert_eq!(doc.offset(Position::new(2, 1), Encoding::Utf16), at - 4);
        assert_eq!(doc.offset(Position::new(9, 1), Encoding::Utf16), text.len());
        assert_eq!(doc.offset(Position::new(0, 9), Encoding::Utf8), 2);
    }

    #[test]
    fn changes_apply_in_order() {
        let mut doc = Document::new(TEXT.to_string(), 1);
        let change = |l1, c1, l2, c2, text: &str| TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(l1, c1), Position::new(l2, c2))),
            range_length: None,
            text: text.to_string(),
        };
        // "r12" becomes "r11" (UTF-16 columns on the line after the emoji).
        doc.apply(vec![change(1, 34, 1, 35, "1")], 2, Encoding::Utf16);
        assert!(doc.text().contains("r9-r11\n"), "{}", doc.text());
        doc.apply(vec![change(2, 0, 2, 0, "*\n")], 3, Encoding::Utf16);
        assert!(doc.text().ends_with("r9-r11\n*\n"));
        assert_eq!(doc.version(), 3);
        assert_eq!(
            doc.position(doc.text().len(), Encoding::Utf8),
            Position::new(3, 0)
        );
    }
}
