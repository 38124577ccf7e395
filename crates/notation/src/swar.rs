//! Byte tests on eight bytes at once, in one `u64` ("SIMD within a
//! register"): the high bit of each byte of a result says whether that byte
//! passed.

/// Eight copies of a byte.
pub(crate) const fn splat(b: u8) -> u64 {
    u64::from_ne_bytes([b; 8])
}

/// The high bit of every byte.
pub(crate) const HIGH: u64 = splat(0x80);

/// The first eight bytes of `bytes` as a little-endian word (the first byte
/// lowest), zeros past its end.
#[inline]
pub(crate) fn word(bytes: &[u8]) -> u64 {
    if let Some(&first) = bytes.first_chunk::<8>() {
        return u64::from_le_bytes(first);
    }
    let mut buf = [0u8; 8];
    for (to, &b) in buf.iter_mut().zip(bytes) {
        *to = b;
    }
    u64::from_le_bytes(buf)
}

/// Where the bytes of `x`, all below 0x80, are at least `c` (at most 0x7F):
/// no byte borrows from the next.
#[inline]
pub(crate) fn at_least(x: u64, c: u8) -> u64 {
    ((x | HIGH) - splat(c)) & HIGH
}

/// The index of the first byte set in a result, 8 when none is.
#[inline]
pub(crate) fn first(mask: u64) -> usize {
    mask.trailing_zeros() as usize / 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_least_on_every_byte_in_every_place() {
        for place in 0..8 {
            for b in 0..=255u8 {
                let mut bytes = [b'a'; 8];
                bytes[place] = b;
                if b < 0x80 {
                    let low = word(&bytes);
                    for c in [0, b'0', b'a', b'z' + 1, 0x7F] {
                        let expect = (0..8).filter(|&i| bytes[i] >= c).map(|i| 0x80 << (8 * i));
                        assert_eq!(at_least(low, c), expect.sum::<u64>(), "{bytes:?} {c}");
                    }
                }
            }
        }
        assert_eq!(word(b"ab"), u64::from(b'a') | u64::from(b'b') << 8);
        assert_eq!(first(0), 8);
        assert_eq!(first(0x80 << 16), 2);
    }
}
