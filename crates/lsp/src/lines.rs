//! Positions in a text as the client counts them, through an index made
//! once per version of the text: where each line starts, and how many
//! UTF-16 code units stand before each block of 64 bytes. A position is
//! then found in time of a block, not of its line (a game written on one
//! line of 400 KB has each of its turns' positions found at once).

use lsp_types::Position;

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

/// Bytes in a block of the UTF-16 count.
const BLOCK: usize = 64;

/// The index of one text. Lines end at `\n` (a `\r` before it is not part
/// of the line's text), as the protocol counts them.
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    /// The byte offset of the start of each line.
    starts: Vec<u32>,
    /// UTF-16 code units before each block of [`BLOCK`] bytes; empty when
    /// the text is ASCII (a unit is then a byte).
    units: Vec<u32>,
}

/// The UTF-16 code units a UTF-8 byte starts: a continuation byte none, the
/// first byte of a 4-byte character two (a surrogate pair), others one.
fn weight(byte: u8) -> u32 {
    match byte {
        0x80..=0xBF => 0,
        0xF0..=0xFF => 2,
        _ => 1,
    }
}

impl LineIndex {
    /// The index of `text` (at most 4 GiB: the server reads no message
    /// longer than 64 MiB).
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        starts.extend(
            bytes
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b == b'\n')
                .map(|(i, _)| (i + 1) as u32),
        );
        let units = if text.is_ascii() {
            Vec::new()
        } else {
            let mut count = 0;
            let mut units: Vec<u32> = bytes
                .chunks(BLOCK)
                .map(|block| {
                    let before = count;
                    count += block.iter().map(|&b| weight(b)).sum::<u32>();
                    before
                })
                .collect();
            // The text's end, when it ends a block.
            units.push(count);
            units
        };
        LineIndex { starts, units }
    }

    /// The number of lines (one more than the line ends).
    #[cfg(test)]
    pub fn lines(&self) -> usize {
        self.starts.len()
    }

    /// UTF-16 code units of the characters that start before byte `at`.
    fn units_before(&self, text: &str, at: usize) -> usize {
        if self.units.is_empty() {
            return at;
        }
        let block = at / BLOCK;
        let from = block * BLOCK;
        let within: u32 = text.as_bytes()[from..at].iter().map(|&b| weight(b)).sum();
        (self.units[block] + within) as usize
    }

    /// The 0-based line holding byte `offset`, and the byte where it starts.
    pub fn line_of(&self, offset: usize) -> (usize, usize) {
        let line = self
            .starts
            .partition_point(|&s| s as usize <= offset)
            .max(1)
            - 1;
        (line, self.starts[line] as usize)
    }

    /// The byte where line `line` starts, if the text has it.
    pub fn line_start(&self, line: usize) -> Option<usize> {
        self.starts.get(line).map(|&s| s as usize)
    }

    /// The byte offset where line `line` (0-based) ends, before its `\n`
    /// and a `\r` before it.
    pub fn line_end(&self, text: &str, line: usize) -> usize {
        let start = self.line_start(line).unwrap_or(text.len());
        let next = self.line_start(line + 1).unwrap_or(text.len());
        let body = &text[start..next];
        let body = body.strip_suffix('\n').unwrap_or(body);
        start + body.strip_suffix('\r').unwrap_or(body).len()
    }

    /// The position of byte `offset` of `text` (clamped to the text, moved
    /// back to a character's start).
    pub fn position(&self, text: &str, offset: usize, encoding: Encoding) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let (line, start) = self.line_of(offset);
        let character = match encoding {
            Encoding::Utf8 => offset - start,
            Encoding::Utf16 => self.units_before(text, offset) - self.units_before(text, start),
        };
        Position::new(line as u32, character as u32)
    }

    /// The byte offset of `pos` in `text` (a position past the end of its
    /// line is the line's end; a line past the end of the text is the
    /// text's end; a position inside a character is that character's
    /// start).
    pub fn offset(&self, text: &str, pos: Position, encoding: Encoding) -> usize {
        let line = pos.line as usize;
        let Some(start) = self.line_start(line) else {
            return text.len();
        };
        let end = self.line_end(text, line);
        let want = pos.character as usize;
        let mut at = match encoding {
            Encoding::Utf8 => (start + want).min(end),
            Encoding::Utf16 => {
                let target = self.units_before(text, start) + want;
                if target >= self.units_before(text, end) {
                    end
                } else {
                    self.byte_of_unit(text, start, end, target)
                }
            }
        };
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    }

    /// The byte in `start..end` where the character holding UTF-16 unit
    /// `target` (counted from the text's start) begins.
    fn byte_of_unit(&self, text: &str, start: usize, end: usize, target: usize) -> usize {
        if self.units.is_empty() {
            return target.min(end);
        }
        // The last block starting in the line whose count is not past the
        // target, then its bytes one by one.
        let first = start.div_ceil(BLOCK);
        let last = end / BLOCK;
        let blocks = &self.units[first.min(last)..last];
        let skip = blocks.partition_point(|&u| u as usize <= target);
        let mut at = if skip == 0 {
            start
        } else {
            (first + skip - 1) * BLOCK
        };
        let mut units = self.units_before(text, at);
        let bytes = text.as_bytes();
        while at < end {
            let w = weight(bytes[at]) as usize;
            if w > 0 && units + w > target {
                return at;
            }
            units += w;
            at += 1;
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position of `offset`, counted from the line's start (the
    /// definition the index must agree with).
    fn position_by_scan(text: &str, offset: usize, encoding: Encoding) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let line = text[..offset].matches('\n').count();
        let before = &text[start..offset];
        let character = match encoding {
            Encoding::Utf8 => before.len(),
            Encoding::Utf16 => before.encode_utf16().count(),
        };
        Position::new(line as u32, character as u32)
    }

    /// The offset of `pos`, counted from the line's start.
    fn offset_by_scan(text: &str, pos: Position, encoding: Encoding) -> usize {
        let mut start = 0;
        for _ in 0..pos.line {
            match text[start..].find('\n') {
                Some(i) => start += i + 1,
                None => return text.len(),
            }
        }
        let line = text[start..].split('\n').next().unwrap_or("");
        let line = line.strip_suffix('\r').unwrap_or(line);
        let mut units = 0;
        for (i, c) in line.char_indices() {
            let w = match encoding {
                Encoding::Utf8 => c.len_utf8(),
                Encoding::Utf16 => c.len_utf16(),
            };
            if units + w > pos.character as usize {
                return start + i;
            }
            units += w;
        }
        start + line.len()
    }

    /// A text of `n` characters drawn from ASCII, 2-, 3- and 4-byte
    /// characters and line ends, from `seed`.
    fn text(seed: u64, n: usize) -> String {
        let pieces = ["a", "R3 ", "\n", "\r\n", "é", "😀", "€", "𝄞", " ", "{", "}"];
        let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
        (0..n)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pieces[(state >> 33) as usize % pieces.len()]
            })
            .collect()
    }

    #[test]
    fn the_index_agrees_with_counting_from_the_line_start() {
        for seed in 0..40 {
            let mut text = text(seed, 20 + seed as usize * 13);
            if seed % 4 == 0 {
                // An ASCII text has no count of units: a unit is a byte.
                text.retain(|c| c.is_ascii());
            }
            let index = LineIndex::new(&text);
            for encoding in [Encoding::Utf8, Encoding::Utf16] {
                for offset in 0..=text.len() + 2 {
                    let pos = index.position(&text, offset, encoding);
                    assert_eq!(
                        pos,
                        position_by_scan(&text, offset, encoding),
                        "{text:?} {offset}"
                    );
                }
                for line in 0..index.lines() as u32 + 2 {
                    for character in 0..200 {
                        let pos = Position::new(line, character);
                        assert_eq!(
                            index.offset(&text, pos, encoding),
                            offset_by_scan(&text, pos, encoding),
                            "{text:?} {pos:?} {encoding:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_long_line_is_counted_by_blocks() {
        let line = "1. R6 + {très bien 😀} 2. R3 r9-r12 ".repeat(2000);
        let index = LineIndex::new(&line);
        let at = line.rfind("r9-r12").expect("in the line");
        let pos = index.position(&line, at, Encoding::Utf16);
        assert_eq!(pos, position_by_scan(&line, at, Encoding::Utf16));
        assert_eq!(index.offset(&line, pos, Encoding::Utf16), at);
    }
}
