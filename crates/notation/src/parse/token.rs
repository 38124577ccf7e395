//! Tokens: the bytes of names, seats and numbers, and the cache of names.

use nom::bytes::complete::take_while1;
use nom::{IResult, Parser};

type NomResult<'a, O> = IResult<&'a str, O, ()>;

/// The length of the name (a lowercase letter, then lowercase letters and
/// digits) at the start of `bytes`, 0 if none, and its [`Names`] key.
pub(super) fn name_len(bytes: &[u8]) -> (usize, u64) {
    if !matches!(bytes.first(), Some(b'a'..=b'z')) {
        return (0, 0);
    }
    word_len(bytes, |b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// The length of the seat (an uppercase letter, then lowercase letters) at
/// the start of `bytes`, 0 if none, and its [`Names`] key.
pub(super) fn seat_len(bytes: &[u8]) -> (usize, u64) {
    if !matches!(bytes.first(), Some(b'A'..=b'Z')) {
        return (0, 0);
    }
    let (len, key) = word_len(&bytes[1..], |b| b.is_ascii_lowercase());
    (len + 1, key | u64::from(bytes[0]) << (8 * len.min(8)))
}

/// The length of the run of bytes accepted by `accept` at the start of
/// `bytes`, and its bytes as a [`Names`] key (meaningful up to 8 bytes).
pub(super) fn word_len(bytes: &[u8], accept: impl Fn(u8) -> bool) -> (usize, u64) {
    let mut key = 0u64;
    let mut len = 0;
    for &b in bytes {
        if !accept(b) {
            break;
        }
        key = key << 8 | u64::from(b);
        len += 1;
    }
    (len, key)
}

/// The names and seats read lately, each built once as a `SmolStr` and then
/// cloned: records use few names, and building one byte by byte costs more
/// than copying a finished one.
pub(super) struct Names {
    slots: [(u64, smol_str::SmolStr); 256],
}

impl Names {
    pub(super) fn new() -> Names {
        Names {
            slots: std::array::from_fn(|_| (0, smol_str::SmolStr::default())),
        }
    }

    /// `text` as a `SmolStr`; `key` is its bytes as [`word_len`] packs them.
    pub(super) fn get(&mut self, text: &str, key: u64) -> smol_str::SmolStr {
        if text.len() > 8 {
            return small(text);
        }
        // Names hold no zero byte, so `key` tells texts of up to 8 bytes apart.
        let slot = &mut self.slots[(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize];
        if slot.0 != key {
            *slot = (key, small(text));
        }
        slot.1.clone()
    }
}

/// A name or seat as a [`smol_str::SmolStr`], without the checks of
/// `SmolStr::new` on the common short (inline) case.
pub(super) fn small(text: &str) -> smol_str::SmolStr {
    if text.len() <= smol_str::SmolStr::INLINE_CAP {
        smol_str::SmolStr::new_inline(text)
    } else {
        smol_str::SmolStr::new(text)
    }
}

/// The number of line breaks in `text` (counted in blocks, which compilers
/// turn into vector code).
pub(super) fn count_lines(text: &[u8]) -> usize {
    text.chunks(255)
        .map(|block| usize::from(block.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n'))))
        .sum()
}

/// The value of the ASCII digits `digits`, or `None` when it exceeds `u32`.
pub(super) fn digits_value(digits: &[u8]) -> Option<u32> {
    let mut n: u32 = 0;
    for &d in digits {
        n = n.checked_mul(10)?.checked_add(u32::from(d - b'0'))?;
    }
    Some(n)
}

pub(super) fn tag_name_token(i: &str) -> NomResult<'_, &str> {
    let (rest, name) = take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_').parse(i)?;
    if name.as_bytes()[0].is_ascii_alphabetic() {
        Ok((rest, name))
    } else {
        Err(nom::Err::Error(()))
    }
}

/// Characters that may directly follow an action or a head.
pub(super) fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'(' | b')' | b'$' | b'!' | b'?'
    )
}
