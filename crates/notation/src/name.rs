//! [`Name`]: the string type of seat, hole, cell, target and direction names.
//!
//! Names are short (`R`, `r13`, `yh4`, `ne`) and a record holds millions of
//! them, so a name is one machine word: up to [`Name::MAX`] bytes of text,
//! zeros after it. Making, copying, comparing and dropping one touch no
//! other memory; the parser builds one from the eight bytes it has just
//! scanned into a register. (A two-word name was copied through the stack
//! in pieces that modern processors cannot forward from store to load,
//! which cost validation a sixth of its time.)

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::num::NonZeroU64;
use std::ops::Deref;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A seat, hole, cell, target or direction name: a short string of at most
/// [`Name::MAX`] bytes, copied like a number.
///
/// It reads as a `&str` (through `Deref`), compares with `str` and `String`,
/// hashes like a `str` (so a `HashMap<Name, _>` is searched with a `&str`),
/// and is written in JSON and YAML as a plain string. The parser refuses a
/// longer name with an error; [`Name::new`] cuts one (see there). An
/// optional name takes no more room than a name.
///
/// ```
/// use billes_notation::Name;
/// let name = Name::new("r13");
/// assert_eq!(name, "r13");
/// assert_eq!(name.len(), 3);
/// assert_eq!(format!("{name} {name:?}"), "r13 \"r13\"");
/// assert_eq!(Name::try_new("ninechars"), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Name {
    /// The text's bytes then zeros, in memory order (see [`Name::bytes`]);
    /// the empty name is [`EMPTY_WORD`].
    word: NonZeroU64,
}

/// The empty name: a byte that no UTF-8 text holds, then zeros.
const EMPTY_WORD: NonZeroU64 =
    match NonZeroU64::new(u64::from_ne_bytes([0xFF, 0, 0, 0, 0, 0, 0, 0])) {
        Some(word) => word,
        None => NonZeroU64::MIN,
    };

/// The ASCII characters in order, each at the place of its code: the text
/// of a name of one of them ([`Name::as_str`]).
const ASCII: &str = "\u{0}\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}\u{8}\u{9}\u{a}\u{b}\u{c}\u{d}\u{e}\u{f}\u{10}\u{11}\u{12}\u{13}\u{14}\u{15}\u{16}\u{17}\u{18}\u{19}\u{1a}\u{1b}\u{1c}\u{1d}\u{1e}\u{1f} !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\u{7f}";

impl Name {
    /// The longest name, in bytes.
    pub const MAX: usize = 8;

    /// The empty name (the default), for constants.
    pub(crate) const EMPTY: Name = Name { word: EMPTY_WORD };

    /// The name `text`, or `None` when it is longer than [`Name::MAX`]
    /// bytes or holds a NUL character.
    pub fn try_new(text: &str) -> Option<Name> {
        let b = text.as_bytes();
        let len = b.len();
        // The bytes as one little-endian word, read in two loads that may
        // overlap (the overlapping bytes are the same in both): names are a
        // few bytes, for which a copy and a search of any length cost
        // several times more (an export makes a name for each cell of each
        // complete move).
        let word = match len {
            0 => 0,
            1 => u64::from(b[0]),
            2 | 3 => {
                let lo = u16::from_le_bytes([b[0], b[1]]);
                let hi = u16::from_le_bytes([b[len - 2], b[len - 1]]);
                u64::from(lo) | u64::from(hi) << (8 * (len - 2))
            }
            4..=Name::MAX => {
                let lo = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                let hi = u32::from_le_bytes([b[len - 4], b[len - 3], b[len - 2], b[len - 1]]);
                u64::from(lo) | u64::from(hi) << (8 * (len - 4))
            }
            _ => return None,
        };
        // A NUL among the `len` bytes (the zeros after them are padding):
        // a byte is zero exactly when the first byte flagged here is.
        let flagged = word.wrapping_sub(0x0101_0101_0101_0101) & !word & 0x8080_8080_8080_8080;
        let within = if len == 8 {
            u64::MAX
        } else {
            (1 << (8 * len)) - 1
        };
        if flagged & within != 0 {
            return None;
        }
        Some(Name {
            word: NonZeroU64::new(u64::from_ne_bytes(word.to_le_bytes())).unwrap_or(EMPTY_WORD),
        })
    }

    /// The name `text`, cut before a NUL character and after [`Name::MAX`]
    /// bytes (at a character boundary). Records never hold such names (the
    /// parser and the JSON and YAML readers refuse them), so this only
    /// matters to programs that make names of their own; they can check
    /// with [`try_new`](Name::try_new).
    pub fn new(text: &str) -> Name {
        // The common case, a name as it is, without looking for a cut.
        if let Some(name) = Name::try_new(text) {
            return name;
        }
        let text = text.split('\0').next().unwrap_or("");
        let mut end = text.len().min(Name::MAX);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        Name::try_new(&text[..end]).unwrap_or_default()
    }

    /// The name of the first `len` bytes of `word` (little-endian: the first
    /// byte lowest), where `1 <= len <= 8`, the bytes past `len` are zero,
    /// and the `len` bytes are ASCII letters and digits. The parser's
    /// scanners give words like that; a word that is not gives a name whose
    /// text is not what was scanned, never a panic.
    #[inline(always)]
    pub(crate) fn from_word(word: u64, len: usize) -> Name {
        debug_assert!((1..=8).contains(&len) && (len == 8 || word >> (8 * len) == 0));
        debug_assert!(word & 0x8080_8080_8080_8080 == 0);
        Name {
            word: NonZeroU64::new(u64::from_ne_bytes(word.to_le_bytes())).unwrap_or(EMPTY_WORD),
        }
    }

    /// The eight bytes: the text, then zeros.
    #[inline(always)]
    fn bytes(&self) -> &[u8; 8] {
        bytemuck::cast_ref(&self.word)
    }

    /// The name as a string slice.
    pub fn as_str(&self) -> &str {
        // One ASCII character (most seats: an export gives one each row)
        // is taken from a table, without checking it is UTF-8.
        let key = self.key();
        if let Ok(i @ 1..=0x7f) = usize::try_from(key) {
            return &ASCII[i..=i];
        }
        // Always whole UTF-8 (a name is only ever made from a whole `str`,
        // cut at a character boundary, or from ASCII), so never "".
        std::str::from_utf8(self.as_bytes()).unwrap_or("")
    }

    /// The bytes of the name; cheaper than [`as_str`](Name::as_str), which
    /// checks them, for comparing or looking names up.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes()[..self.len()]
    }

    /// The name as one number: its bytes, the first lowest, zeros after
    /// them (the empty name is 0). Two names are equal exactly when their
    /// keys are, so a table of names can be searched by key.
    ///
    /// ```
    /// use billes_notation::Name;
    /// assert_eq!(Name::new("ne").key(), u64::from(b'n') | u64::from(b'e') << 8);
    /// ```
    #[inline]
    pub fn key(&self) -> u64 {
        if self.word == EMPTY_WORD {
            return 0;
        }
        u64::from_le_bytes(*self.bytes())
    }

    /// The length in bytes.
    #[inline]
    pub fn len(&self) -> usize {
        if self.word == EMPTY_WORD {
            return 0;
        }
        // The text holds no zero byte: it ends at the first one.
        let le = u64::from_le_bytes(*self.bytes());
        8 - le.leading_zeros() as usize / 8
    }

    /// Writes the name to `out`, as `out.write_str(&name)` does. An ASCII
    /// name (every name of the shipped games) is written a character at a
    /// time, without [`as_str`](Name::as_str)'s check of its bytes: the
    /// writers of moves and keys write millions of names, and that check
    /// cost more than the writing.
    ///
    /// ```
    /// use billes_notation::Name;
    /// let mut text = String::from("r9-");
    /// Name::new("r15").write_to(&mut text).unwrap();
    /// Name::new("été").write_to(&mut text).unwrap();
    /// assert_eq!(text, "r9-r15été");
    /// ```
    #[inline]
    pub fn write_to<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        if self.word.get() & u64::from_ne_bytes([0x80; 8]) != 0 {
            // Not ASCII (or the empty name, whose word has a high byte).
            return out.write_str(self.as_str());
        }
        self.as_bytes()
            .iter()
            .try_for_each(|&b| out.write_char(char::from(b)))
    }

    /// Appends the name's bytes to `out`, as [`Name::write_to`] writes
    /// them: its eight bytes copied at once, the zeros past the text cut
    /// off again (a copy of a length known only when it runs is a call of
    /// the C library's `memcpy`).
    #[inline]
    pub(crate) fn put(&self, out: &mut Vec<u8>) {
        let end = out.len() + self.len();
        out.extend_from_slice(&self.key().to_le_bytes());
        out.truncate(end);
    }

    /// Whether the name is empty (only a default name is).
    pub fn is_empty(&self) -> bool {
        self.word == EMPTY_WORD
    }
}

impl Default for Name {
    /// The empty name.
    fn default() -> Name {
        Name::EMPTY
    }
}

impl Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<[u8]> for Name {
    fn as_ref(&self) -> &[u8] {
        self.as_bytes()
    }
}

impl Borrow<str> for Name {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl Hash for Name {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl Ord for Name {
    fn cmp(&self, other: &Name) -> Ordering {
        self.as_bytes().cmp(other.as_bytes())
    }
}

impl PartialOrd for Name {
    fn partial_cmp(&self, other: &Name) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl From<&str> for Name {
    fn from(text: &str) -> Name {
        Name::new(text)
    }
}

impl From<&String> for Name {
    fn from(text: &String) -> Name {
        Name::new(text)
    }
}

impl From<String> for Name {
    fn from(text: String) -> Name {
        Name::new(&text)
    }
}

impl From<&Name> for Name {
    fn from(name: &Name) -> Name {
        *name
    }
}

impl From<Name> for String {
    fn from(name: Name) -> String {
        name.as_str().to_owned()
    }
}

impl PartialEq<str> for Name {
    fn eq(&self, other: &str) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<&str> for Name {
    fn eq(&self, other: &&str) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<String> for Name {
    fn eq(&self, other: &String) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<Name> for str {
    fn eq(&self, other: &Name) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<Name> for &str {
    fn eq(&self, other: &Name) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<Name> for String {
    fn eq(&self, other: &Name) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Name, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Name;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a name (a string of at most 8 bytes)")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Name, E> {
                Name::try_new(text).ok_or_else(|| {
                    E::custom(format_args!(
                        "the name {text:?} is longer than {} bytes or holds a NUL",
                        Name::MAX
                    ))
                })
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

/// What a hole or point name not on the board was probably meant to be,
/// when its letters after the first hold a letter for a digit (`rl3` for
/// `r13`, `bO` for `b0`): the name with each such letter read as the digit,
/// and what was misread, for a "did you mean" when `known` knows it.
///
/// ```
/// let known = |n: &str| n == "r13";
/// assert_eq!(
///     billes_notation::misread("rl3", known).as_deref(),
///     Some("did you mean r13? (a letter l for a one)")
/// );
/// assert_eq!(billes_notation::misread("rh3", known), None);
/// ```
pub fn misread(name: &str, known: impl Fn(&str) -> bool) -> Option<String> {
    let (meant, slips) = read_digits(name)?;
    known(&meant).then(|| format!("did you mean {meant}? ({})", slips.join(", ")))
}

/// `name` with each letter after the first that stands for a digit read as
/// that digit (`l` and `I` for a one, `O` and `o` for a zero): what a
/// misread name was probably meant to be, whether or not it is on a board;
/// `None` when it holds no such letter.
///
/// ```
/// assert_eq!(billes_notation::misread_as("rl3").as_deref(), Some("r13"));
/// assert_eq!(billes_notation::misread_as("o1"), None);
/// ```
pub fn misread_as(name: &str) -> Option<String> {
    read_digits(name).map(|(meant, _)| meant)
}

/// [`misread_as`], and the slips read.
fn read_digits(name: &str) -> Option<(String, Vec<&'static str>)> {
    let mut chars = name.chars();
    let first = chars.next()?;
    let mut meant = String::from(first);
    let mut slips = Vec::new();
    for c in chars {
        let (digit, slip) = match c {
            'l' => ('1', "a letter l for a one"),
            'I' => ('1', "a letter I for a one"),
            'O' | 'o' => ('0', "a letter O for a zero"),
            c => (c, ""),
        };
        if !slip.is_empty() && !slips.contains(&slip) {
            slips.push(slip);
        }
        meant.push(digit);
    }
    (!slips.is_empty()).then_some((meant, slips))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    #[test]
    fn a_name_is_written_as_its_text() {
        for text in [
            "", "R", "r15", "yh4", "abcdefgh", "été", "Ré", "\u{7f}x", "日本",
        ] {
            let mut written = String::new();
            Name::new(text)
                .write_to(&mut written)
                .expect("a String takes it");
            assert_eq!(written, Name::new(text).as_str(), "{text:?}");
        }
    }

    #[test]
    fn a_name_is_one_word_and_so_is_an_optional_one() {
        assert_eq!(std::mem::size_of::<Name>(), 8);
        assert_eq!(std::mem::size_of::<Option<Name>>(), 8);
    }

    #[test]
    fn names_of_every_length_read_back_and_compare_as_their_text() {
        let long = "abcdefghijklmnopqrstuvwxyz0123456789";
        for len in 0..=Name::MAX {
            let text = &long[..len];
            let name = Name::new(text);
            assert_eq!(name.as_str(), text);
            assert_eq!(name.len(), len);
            assert_eq!(name, text);
            assert_eq!(Some(name), Name::try_new(text));
            assert_eq!(name, Name::from(text.to_owned()));
            assert_eq!(name.is_empty(), len == 0);
            let other = Name::new(&long[..len.saturating_sub(1)]);
            assert_eq!(name == other, len == 0);
            assert_eq!(name.cmp(&other), text.cmp(&long[..len.saturating_sub(1)]));
        }
        assert_eq!(Name::new("été").as_str(), "été");
        assert_eq!(Name::new("ÿ").as_str(), "ÿ");
        assert_eq!(Name::default(), "");
        assert_eq!(Name::new(""), Name::default());
    }

    #[test]
    fn longer_texts_and_nuls_are_refused_or_cut() {
        assert_eq!(Name::try_new("abcdefghi"), None);
        assert_eq!(Name::try_new("a\0"), None);
        assert_eq!(Name::new("abcdefghi"), "abcdefgh");
        assert_eq!(Name::new("a\0b"), "a");
        // 7 ASCII bytes, then a two-byte character: cut before it.
        assert_eq!(Name::new("abcdefgé"), "abcdefg");
    }

    #[test]
    fn a_name_of_one_ascii_character_is_its_text() {
        assert_eq!(ASCII.len(), 128);
        for c in (1..=0x7f_u8).map(char::from) {
            let text = c.to_string();
            assert_eq!(Name::new(&text).as_str(), text);
        }
    }

    #[test]
    fn a_nul_anywhere_is_found_and_other_bytes_are_kept() {
        // Every length, a NUL at every place or none, among characters
        // that a search for a zero byte in a word can mistake for one
        // (one less than a NUL's neighbour, high bits set).
        for len in 0..=Name::MAX + 1 {
            for nul in (0..len).map(Some).chain([None]) {
                for filler in ['\u{1}', 'a', '\u{7f}', 'é'] {
                    let text: String = (0..len)
                        .map(|i| if Some(i) == nul { '\0' } else { filler })
                        .collect();
                    let fits = text.len() <= Name::MAX && nul.is_none();
                    let name = Name::try_new(&text);
                    assert_eq!(name.as_ref().map(Name::as_str), fits.then_some(&*text));
                }
            }
        }
    }

    #[test]
    fn a_word_makes_the_same_name_as_its_text() {
        for text in ["r", "r1", "yh4", "abcdefgh"] {
            let mut bytes = [0u8; 8];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            let word = u64::from_le_bytes(bytes);
            assert_eq!(Name::from_word(word, text.len()), Name::new(text));
        }
    }

    #[test]
    fn maps_of_names_are_searched_with_str() {
        let mut map = HashMap::new();
        map.insert(Name::new("r9"), 9);
        map.insert(Name::new("eightchr"), 1);
        assert_eq!(map.get("r9"), Some(&9));
        assert_eq!(map.get("eightchr"), Some(&1));
    }

    #[test]
    fn names_are_plain_strings_in_json() {
        let name = Name::new("ne");
        let json = serde_json::to_string(&name).unwrap_or_default();
        assert_eq!(json, "\"ne\"");
        let back: Name = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back, name);
        let long = serde_json::from_str::<Name>("\"abcdefghi\"");
        assert!(long.is_err_and(|e| e.to_string().contains("longer than 8 bytes")));
    }
}
