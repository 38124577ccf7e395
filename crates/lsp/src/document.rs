//! An open document: its text, its version, and positions in it as the
//! client counts them (UTF-8 bytes or UTF-16 code units in a line).

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};

/// How the client counts characters in a line, as negotiated at
/// `initialize`: UTF-8 where it offers it, UTF-16 otherwise (the protocol's
/// default, what VS Code uses).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    /// Bytes of UTF-8.
    Utf8,
    /// Code units of UTF-16.
    #[default]
    Utf16,
}

/// An open document.
#[derive(Debug, Clone)]
pub struct Document {
    text: String,
    /// The version the client gave with the text.
    version: i32,
    /// Byte offset of the start of each line.
    lines: Vec<usize>,
}

impl Document {
    /// A document holding `text`, at `version`.
    pub fn new(text: String, version: i32) -> Document {
        let lines = line_starts(&text);
        Document {
            text,
            version,
            lines,
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The version.
    pub fn version(&self) -> i32 {
        self.version
    }

    /// Applies the changes of a `didChange`, in order, and takes `version`.
    /// A change whose range lies outside the text is clamped to it.
    pub fn apply(
        &mut self,
        changes: Vec<TextDocumentContentChangeEvent>,
        version: i32,
        encoding: Encoding,
    ) {
        for change in changes {
            match change.range {
                None => self.text = change.text,
                Some(range) => {
                    let start = self.offset(range.start, encoding);
                    let end = self.offset(range.end, encoding).max(start);
                    self.text.replace_range(start..end, &change.text);
                }
            }
            self.lines = line_starts(&self.text);
        }
        self.version = version;
    }

    /// The byte offset of `pos` (a position past the end of its line is the
    /// line's end; a line past the end of the text is the text's end; a
    /// position inside a character is that character's start).
    pub fn offset(&self, pos: Position, encoding: Encoding) -> usize {
        let Some(&start) = self.lines.get(pos.line as usize) else {
            return self.text.len();
        };
        let end = self.line_end(pos.line as usize);
        let line = &self.text[start..end];
        let want = pos.character as usize;
        match encoding {
            Encoding::Utf8 => {
                let mut at = want.min(line.len());
                while !line.is_char_boundary(at) {
                    at -= 1;
                }
                start + at
            }
            Encoding::Utf16 => {
                let mut units = 0;
                for (i, c) in line.char_indices() {
                    if units + c.len_utf16() > want {
                        return start + i;
                    }
                    units += c.len_utf16();
                }
                end
            }
        }
    }

    /// The position of byte `offset` (clamped to the text, moved back to a
    /// character's start).
    pub fn position(&self, offset: usize, encoding: Encoding) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.lines.partition_point(|&s| s <= offset) - 1;
        let before = &self.text[self.lines[line]..offset];
        let character = match encoding {
            Encoding::Utf8 => before.len(),
            Encoding::Utf16 => before.chars().map(char::len_utf16).sum(),
        };
        Position::new(line as u32, character as u32)
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

    /// The byte offset where line `line` (0-based) ends, before its line end.
    fn line_end(&self, line: usize) -> usize {
        let next = self.lines.get(line + 1).copied().unwrap_or(self.text.len());
        let text = &self.text[..next];
        let start = self.lines.get(line).copied().unwrap_or(self.text.len());
        let text = text.strip_suffix('\n').unwrap_or(text);
        text.strip_suffix('\r').unwrap_or(text).len().max(start)
    }

    /// The 0-based line holding byte `offset`, and the byte where it starts.
    pub fn line_of(&self, offset: usize) -> (usize, usize) {
        let line = self.lines.partition_point(|&s| s <= offset).max(1) - 1;
        (line, self.lines[line])
    }
}

/// The byte offset of the start of each line of `text`.
fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(
        text.bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .map(|(i, _)| i + 1),
    );
    starts
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
