//! [`Name`]: the string type of seat, hole, cell, target and direction names.
//!
//! Names are short (`R`, `r13`, `yh4`, `ne`) and a record holds millions of
//! them, so a name is kept inline in 16 bytes when it has at most
//! [`Name::INLINE`] bytes, and shared on the heap otherwise. The parser
//! builds an inline name from the eight bytes it has already read as one
//! word, with two stores, and dropping or cloning one touches no memory
//! elsewhere.

use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A seat, hole, cell, target or direction name: a short immutable string.
///
/// It reads as a `&str` (through `Deref`), compares with `str` and `String`,
/// hashes like a `str` (so a `HashMap<Name, _>` is searched with a `&str`),
/// and is written in JSON and YAML as a plain string.
///
/// ```
/// use billes_notation::Name;
/// let name = Name::new("r13");
/// assert_eq!(name, "r13");
/// assert_eq!(name.len(), 3);
/// assert_eq!(format!("{name} {name:?}"), "r13 \"r13\"");
/// assert_eq!(Name::new("a-name-longer-than-fourteen-bytes"), "a-name-longer-than-fourteen-bytes");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Name(Repr);

/// Texts of up to [`Name::INLINE`] bytes are always inline and longer ones
/// always on the heap, so that the derived equality is equality of texts.
#[derive(Clone, PartialEq, Eq)]
enum Repr {
    /// The text in the first `len` bytes, zeros after it.
    Inline { len: u8, bytes: [u8; Name::INLINE] },
    /// A longer text (a thin pointer keeps the name at 16 bytes).
    Heap(Arc<String>),
}

impl Name {
    /// The longest name kept inline, in bytes.
    pub const INLINE: usize = 14;

    /// The name `text`.
    pub fn new(text: &str) -> Name {
        if text.len() <= Name::INLINE {
            let mut bytes = [0; Name::INLINE];
            bytes[..text.len()].copy_from_slice(text.as_bytes());
            Name(Repr::Inline {
                len: text.len() as u8,
                bytes,
            })
        } else {
            Name(Repr::Heap(Arc::new(text.to_owned())))
        }
    }

    /// The name of the first `len` bytes of `word` (little-endian: the first
    /// byte lowest), where `len <= 8`, the bytes past `len` are zero, and the
    /// `len` bytes are ASCII. The parser's scanners give words like that; a
    /// word that is not gives a name whose text is empty or cut short.
    #[inline(always)]
    pub(crate) fn from_word(word: u64, len: usize) -> Name {
        debug_assert!(len <= 8 && (len == 8 || word >> (8 * len) == 0));
        debug_assert!(word & 0x8080_8080_8080_8080 == 0);
        let mut bytes = [0; Name::INLINE];
        bytes[..8].copy_from_slice(&word.to_le_bytes());
        Name(Repr::Inline {
            len: len.min(8) as u8,
            bytes,
        })
    }

    /// The name as a string slice.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Always whole UTF-8 (inline names are only ever made from a
            // whole `str` or from ASCII), so this never gives "".
            Repr::Inline { .. } => std::str::from_utf8(self.as_bytes()).unwrap_or(""),
            Repr::Heap(text) => text,
        }
    }

    /// The bytes of the name; cheaper than [`as_str`](Name::as_str), which
    /// checks them, for comparing or looking names up.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            Repr::Inline { len, bytes } => &bytes[..usize::from(*len).min(Name::INLINE)],
            Repr::Heap(text) => text.as_bytes(),
        }
    }

    /// The length in bytes.
    #[inline]
    pub fn len(&self) -> usize {
        match &self.0 {
            Repr::Inline { len, .. } => usize::from(*len),
            Repr::Heap(text) => text.len(),
        }
    }

    /// Whether the name is empty (only a default name is).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Default for Name {
    fn default() -> Name {
        Name(Repr::Inline {
            len: 0,
            bytes: [0; Name::INLINE],
        })
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
        name.clone()
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
                f.write_str("a name (a string)")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Name, E> {
                Ok(Name::new(text))
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    #[test]
    fn a_name_is_sixteen_bytes_and_so_is_an_optional_one() {
        assert_eq!(std::mem::size_of::<Name>(), 16);
        assert_eq!(std::mem::size_of::<Option<Name>>(), 16);
    }

    #[test]
    fn names_of_every_length_read_back_and_compare_as_their_text() {
        let long = "abcdefghijklmnopqrstuvwxyz0123456789";
        for len in 0..=long.len() {
            let text = &long[..len];
            let name = Name::new(text);
            assert_eq!(name.as_str(), text);
            assert_eq!(name.len(), len);
            assert_eq!(name, text);
            assert_eq!(name, Name::from(text.to_owned()));
            assert_eq!(name.is_empty(), len == 0);
            let other = Name::new(&long[..len.saturating_sub(1)]);
            assert_eq!(name == other, len == 0);
            assert_eq!(name.cmp(&other), text.cmp(&long[..len.saturating_sub(1)]));
        }
        assert_eq!(Name::new("été").as_str(), "été");
        assert_eq!(Name::default(), "");
    }

    #[test]
    fn a_word_makes_the_same_name_as_its_text() {
        for text in ["", "r", "r1", "yh4", "abcdefgh"] {
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
        map.insert(Name::new("a-name-longer-than-fourteen-bytes"), 1);
        assert_eq!(map.get("r9"), Some(&9));
        assert_eq!(map.get("a-name-longer-than-fourteen-bytes"), Some(&1));
    }

    #[test]
    fn names_are_plain_strings_in_json() {
        let name = Name::new("ne");
        let json = serde_json::to_string(&name).unwrap_or_default();
        assert_eq!(json, "\"ne\"");
        let back: Name = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back, name);
    }
}
