//! Text from a record made safe for a terminal.
//!
//! A tag, a comment or a player's name comes from whoever wrote the record.
//! Printed raw, an ESC or a BEL in it could move the cursor, set the
//! terminal's title or clear the screen. Reports show each control character
//! as its picture instead, as the diagnostics do for a source line.

use std::borrow::Cow;

/// `text` with each C0 control character (ESC, BEL, CR, a line break...)
/// shown as its Unicode picture (`␛`, `␇`, `␍`, `␊`), DEL as `␡`, and each
/// C1 control (U+0080 to U+009F, which no picture exists for) as `�`.
/// Text without any is returned as it is.
///
/// ```
/// use billes_notation::control_pictures;
///
/// assert_eq!(control_pictures("Club\u{1b}]0;x\u{7}"), "Club\u{241b}]0;x\u{2407}");
/// assert_eq!(control_pictures("Zoë"), "Zoë");
/// ```
pub fn control_pictures(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_control) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.chars().map(picture).collect())
}

fn is_control(c: char) -> bool {
    matches!(u32::from(c), 0..=0x1f | 0x7f..=0x9f)
}

fn picture(c: char) -> char {
    match u32::from(c) {
        n @ 0..=0x1f => char::from_u32(0x2400 + n).unwrap_or('\u{fffd}'),
        0x7f => '\u{2421}',
        0x80..=0x9f => '\u{fffd}',
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_control_character_gets_a_picture_or_a_replacement() {
        assert_eq!(
            control_pictures("a\u{1b}]0;x\u{7}b\r\n"),
            "a\u{241b}]0;x\u{2407}b\u{240d}\u{240a}"
        );
        assert_eq!(control_pictures("\u{7f}\u{9b}2J"), "\u{2421}\u{fffd}2J");
        assert_eq!(control_pictures("\0\t"), "\u{2400}\u{2409}");
    }

    #[test]
    fn plain_text_is_not_copied() {
        assert!(matches!(control_pictures("R B «é»"), Cow::Borrowed(_)));
    }
}
