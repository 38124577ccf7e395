//! Tokens: the bytes of names, seats and numbers, and the runs of free
//! text in comments and tag values, scanned a word or a `memchr` at a time.

use super::error::{miss, PResult};
use crate::swar::{at_least, first, word, HIGH};

/// The high bit of each byte of `x` set where the byte is a lowercase
/// letter, and where it is a digit.
fn classes(x: u64) -> (u64, u64) {
    let ascii = !x & HIGH;
    let low = x & !HIGH;
    let lower = at_least(low, b'a') & !at_least(low, b'z' + 1) & ascii;
    let digit = at_least(low, b'0') & !at_least(low, b'9' + 1) & ascii;
    (lower, digit)
}

/// How many of the eight bytes of `x` come before the first one whose high
/// bit is clear in `accepted`, and those bytes as a key (the name itself, zero-padded).
fn run(x: u64, accepted: u64) -> (usize, u64) {
    let len = first(!accepted & HIGH);
    let key = if len == 8 {
        x
    } else {
        x & ((1u64 << (8 * len)) - 1)
    };
    (len, key)
}

/// The length of the name (a lowercase letter, then lowercase letters and
/// digits) at the start of `bytes`, 0 if none, and its key (its first eight bytes, zero-padded).
#[inline(always)]
pub(super) fn name_len(bytes: &[u8]) -> (usize, u64) {
    let x = word(bytes);
    let (lower, digit) = classes(x);
    if lower & 0x80 == 0 {
        return (0, 0);
    }
    match run(x, lower | digit) {
        (8, key) => (
            8 + rest_len(&bytes[8..], |b| {
                b.is_ascii_lowercase() || b.is_ascii_digit()
            }),
            key,
        ),
        found => found,
    }
}

/// The length of the seat (an uppercase letter, then lowercase letters) at
/// the start of `bytes`, 0 if none, and its key (its first eight bytes, zero-padded).
#[inline(always)]
pub(super) fn seat_len(bytes: &[u8]) -> (usize, u64) {
    if !matches!(bytes.first(), Some(b'A'..=b'Z')) {
        return (0, 0);
    }
    let x = word(bytes);
    let (lower, _) = classes(x);
    match run(x, lower | 0x80) {
        (8, key) => (8 + rest_len(&bytes[8..], |b| b.is_ascii_lowercase()), key),
        found => found,
    }
}

/// The length of the run of bytes accepted by `accept` at the start of `bytes`.
fn rest_len(bytes: &[u8], accept: impl Fn(u8) -> bool) -> usize {
    bytes.iter().take_while(|&&b| accept(b)).count()
}

/// Bytes counted at a time by [`count_lines`] and [`scan`]: a multiple of
/// the width of vector registers (so the compiler turns a block into
/// vector code with no tail), and at most 255 (a byte-wide count per lane).
const BLOCK: usize = 128;

/// The number of line breaks in `text`.
pub(crate) fn count_lines(text: &[u8]) -> usize {
    let mut blocks = text.chunks_exact(BLOCK);
    let mut n = 0;
    for block in &mut blocks {
        n += usize::from(block.iter().fold(0u8, |n, &b| n + u8::from(b == b'\n')));
    }
    n + blocks.remainder().iter().filter(|&&b| b == b'\n').count()
}

/// The number of line breaks in `text`, and whether it holds a NUL byte,
/// in one pass.
pub(super) fn scan(text: &[u8]) -> (usize, bool) {
    let mut blocks = text.chunks_exact(BLOCK);
    let (mut n, mut nul) = (0, 0u8);
    for block in &mut blocks {
        let (lines, zero) = block.iter().fold((0u8, 0u8), |(n, z), &b| {
            (n + u8::from(b == b'\n'), z | u8::from(b == 0))
        });
        n += usize::from(lines);
        nul |= zero;
    }
    let rest = blocks.remainder();
    (
        n + rest.iter().filter(|&&b| b == b'\n').count(),
        nul != 0 || rest.contains(&0),
    )
}

/// The value of the ASCII digits `digits`, or `None` when it exceeds `u32`.
pub(super) fn digits_value(digits: &[u8]) -> Option<u32> {
    let mut n: u32 = 0;
    for &d in digits {
        n = n.checked_mul(10)?.checked_add(u32::from(d - b'0'))?;
    }
    Some(n)
}

/// digits: their value, `None` when it exceeds `u32`. Misses without a digit.
pub(super) fn digits(i: &str) -> PResult<'_, Option<u32>> {
    let len = i.bytes().take_while(u8::is_ascii_digit).count();
    if len == 0 {
        return miss(i);
    }
    Ok((&i[len..], digits_value(&i.as_bytes()[..len])))
}

/// The text up to the byte `stop` (ASCII), maybe empty; misses when `stop`
/// does not come.
pub(super) fn until_byte(stop: u8) -> impl Fn(&str) -> PResult<'_, &str> {
    move |i| match memchr::memchr(stop, i.as_bytes()) {
        Some(n) => Ok((&i[n..], &i[..n])),
        None => miss(i),
    }
}

/// The text up to any of three ASCII bytes or the end, not empty (misses
/// when empty).
pub(super) fn until_bytes(a: u8, b: u8, c: u8) -> impl Fn(&str) -> PResult<'_, &str> {
    move |i| match memchr::memchr3(a, b, c, i.as_bytes()).unwrap_or(i.len()) {
        0 => miss(i),
        n => Ok((&i[n..], &i[..n])),
    }
}

/// Characters that may directly follow an action or a head.
pub(super) fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t' | b'\n' | b'\r' | b'{' | b'(' | b')' | b'$' | b'!' | b'?'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The block counts agree with a plain byte loop, whatever the length
    /// (blocks and their remainder) and wherever the line breaks and the
    /// NUL stand, 255 line breaks in a block too.
    #[test]
    fn line_counts_and_nul_bytes_agree_with_a_byte_loop() {
        for len in [0usize, 1, 127, 128, 129, 255, 256, 300, 1000] {
            for every in [1, 2, 7, 128] {
                let mut text: Vec<u8> = (0..len)
                    .map(|i| if i % every == 0 { b'\n' } else { b'a' })
                    .collect();
                let lines = text.iter().filter(|&&b| b == b'\n').count();
                assert_eq!(count_lines(&text), lines, "{len} {every}");
                assert_eq!(scan(&text), (lines, false), "{len} {every}");
                for at in [0, len / 2, len.saturating_sub(1)]
                    .into_iter()
                    .filter(|&a| a < len)
                {
                    let was = std::mem::replace(&mut text[at], 0);
                    let lines = text.iter().filter(|&&b| b == b'\n').count();
                    assert_eq!(scan(&text), (lines, true), "{len} {every} {at}");
                    text[at] = was;
                }
            }
        }
    }

    /// The scanners agree with a plain byte loop on every byte around a name.
    #[test]
    fn names_and_seats_end_where_a_byte_loop_says() {
        let name = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit();
        for len in 0..12 {
            for stop in 0..=255u8 {
                let mut bytes = vec![b'r'; len];
                if len > 0 {
                    bytes[len - 1] = b'9';
                }
                bytes.push(stop);
                let expect = bytes.iter().take_while(|&&b| name(b)).count();
                let expect = if bytes[0].is_ascii_lowercase() {
                    expect
                } else {
                    0
                };
                assert_eq!(name_len(&bytes).0, expect, "{bytes:?}");
                assert_eq!(name_len(&bytes[..len]).0, expect.min(len), "{bytes:?}");
                let mut seat = bytes.clone();
                seat[0] = b'G';
                seat.iter_mut()
                    .take(len.saturating_sub(1))
                    .skip(1)
                    .for_each(|b| *b = b'r');
                let tail = seat[1..]
                    .iter()
                    .take_while(|b| b.is_ascii_lowercase())
                    .count();
                assert_eq!(seat_len(&seat).0, 1 + tail, "{seat:?}");
            }
        }
        // Keys tell names apart.
        assert_ne!(name_len(b"r1 ").1, name_len(b"r1a").1);
        assert_ne!(seat_len(b"R ").1, name_len(b"r ").1);
        assert_eq!(name_len(b"r12-").1, name_len(b"r12 ").1);
    }
}
