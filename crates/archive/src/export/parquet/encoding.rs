//! The three Parquet encodings the `turns` encoder writes, as the format
//! defines them (`Encodings.md` of parquet-format):
//!
//! - the RLE / bit-packing hybrid ([`rle_hybrid`]), for repetition and
//!   definition levels and for dictionary indices;
//! - `PLAIN` (little-endian numbers, length-prefixed texts, booleans a bit
//!   each), for dictionary pages and columns without a dictionary;
//! - `DELTA_BINARY_PACKED` ([`delta_binary_packed`]), for the numbers that
//!   count up from row to row.
//!
//! The `turns` tests read whole files back with the parquet crate's reader;
//! the small cases below are checked byte by byte.

/// The bits needed to write every value up to `max` (0 for 0).
pub(super) fn bit_width(max: u64) -> u8 {
    (u64::BITS - max.leading_zeros()) as u8
}

/// `n` as an unsigned LEB128 varint.
fn uleb128(mut n: u64, out: &mut Vec<u8>) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// `n` zigzag-encoded, then as an unsigned varint.
fn zigzag(n: i64, out: &mut Vec<u8>) {
    uleb128(((n << 1) ^ (n >> 63)) as u64, out);
}

/// Packs `values` at `width` bits each, least significant bit first, in
/// whole bytes (`values.len() * width` bits, the last byte padded with
/// zeros). A value wider than `width` is cut to it.
fn bit_pack(values: impl Iterator<Item = u64>, width: u8, out: &mut Vec<u8>) {
    if width == 0 {
        return;
    }
    let (mut acc, mut bits) = (0u128, 0u32);
    let mask = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    for v in values {
        acc |= u128::from(v & mask) << bits;
        bits += u32::from(width);
        while bits >= 8 {
            out.push(acc as u8);
            acc >>= 8;
            bits -= 8;
        }
    }
    if bits > 0 {
        out.push(acc as u8);
    }
}

/// A group of eight values (fewer at the very end, padded with zeros) at
/// `width` bits: `width` bytes. Up to 16 bits, the group is put together
/// in one number and written at once.
#[inline]
fn pack_eight<T: Copy + Into<u64>>(group: &[T], width: u8, out: &mut Vec<u8>) {
    if width <= 16 {
        let mut acc = 0u128;
        for (k, &v) in group.iter().enumerate() {
            acc |= u128::from(v.into()) << (k * usize::from(width));
        }
        out.extend_from_slice(&acc.to_le_bytes()[..usize::from(width)]);
    } else {
        let padding = std::iter::repeat_n(0, 8 - group.len());
        bit_pack(group.iter().map(|&v| v.into()).chain(padding), width, out);
    }
}

/// How many values at the start of `values` (not empty) equal the first:
/// compared eight at a time, which a long run of levels is read in.
fn run_length<T: Copy + PartialEq>(values: &[T]) -> usize {
    let v = values[0];
    let whole = values
        .chunks_exact(8)
        .take_while(|c| c.iter().all(|&x| x == v))
        .count();
    let rest = &values[whole * 8..];
    whole * 8 + rest.iter().position(|&x| x != v).unwrap_or(rest.len())
}

/// Whether the eight values from `at` are all the same (a run worth
/// writing as one).
fn long_run_at<T: Copy + PartialEq>(values: &[T], at: usize) -> bool {
    values
        .get(at..at + 8)
        .is_some_and(|v| v.iter().all(|&x| x == v[0]))
}

/// `values` in the RLE / bit-packing hybrid at `width` bits (without the
/// length prefix or the bit width byte, which the caller writes where the
/// format wants them). A run of eight or more equal values is one run;
/// the values between runs are packed eight at a time, and only the very
/// last group is padded (a reader stops at the page's count of values).
pub(super) fn rle_hybrid<T>(values: &[T], width: u8, out: &mut Vec<u8>)
where
    T: Copy + PartialEq + Into<u64>,
{
    let value_bytes = usize::from(width).div_ceil(8);
    let mut i = 0;
    while i < values.len() {
        let v = values[i];
        let run = run_length(&values[i..]);
        if run >= 8 {
            uleb128((run as u64) << 1, out);
            out.extend_from_slice(&v.into().to_le_bytes()[..value_bytes]);
            i += run;
            continue;
        }
        // Groups of eight until a long run starts a group, or the end.
        let mut end = i;
        loop {
            end += 8;
            if end >= values.len() {
                end = values.len();
                break;
            }
            if long_run_at(values, end) {
                break;
            }
        }
        let groups = (end - i).div_ceil(8);
        uleb128(((groups as u64) << 1) | 1, out);
        for group in values[i..end].chunks(8) {
            pack_eight(group, width, out);
        }
        i = end;
    }
}

/// Booleans in `PLAIN`: a bit each, least significant first.
pub(super) fn plain_bools(values: &[bool], out: &mut Vec<u8>) {
    bit_pack(values.iter().map(|&b| u64::from(b)), 1, out);
}

/// Values of a block, and its miniblocks, in [`delta_binary_packed`].
const BLOCK: usize = 128;
const MINIBLOCKS: usize = 4;
const MINIBLOCK: usize = BLOCK / MINIBLOCKS;

/// 32-bit integers (their bits read as `i32`, as the column's physical
/// type holds them) in `DELTA_BINARY_PACKED`: blocks of 128 differences
/// between neighbours, each block less its least difference and packed in
/// four miniblocks of 32 at the width of each one's greatest.
pub(super) fn delta_binary_packed(values: &[u32], out: &mut Vec<u8>) {
    let value = |i: usize| i64::from(values[i] as i32);
    uleb128(BLOCK as u64, out);
    uleb128(MINIBLOCKS as u64, out);
    uleb128(values.len() as u64, out);
    zigzag(if values.is_empty() { 0 } else { value(0) }, out);
    let deltas: Vec<i64> = (1..values.len()).map(|i| value(i) - value(i - 1)).collect();
    for block in deltas.chunks(BLOCK) {
        let min = block.iter().copied().min().unwrap_or(0);
        zigzag(min, out);
        let minis: Vec<&[i64]> = block.chunks(MINIBLOCK).collect();
        let widths: Vec<u8> = minis
            .iter()
            .map(|m| bit_width(m.iter().map(|&d| (d - min) as u64).max().unwrap_or(0)))
            .collect();
        // The widths of the miniblocks the last block does not need are
        // written as 0, and their bodies left out.
        for m in 0..MINIBLOCKS {
            out.push(widths.get(m).copied().unwrap_or(0));
        }
        for (mini, &width) in minis.iter().zip(&widths) {
            let padding = std::iter::repeat_n(0, MINIBLOCK - mini.len());
            let packed = mini.iter().map(|&d| (d - min) as u64).chain(padding);
            bit_pack(packed, width, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_are_the_bits_of_the_greatest_value() {
        assert_eq!([0, 1, 2, 3, 255, 256].map(bit_width), [0, 1, 2, 2, 8, 9]);
        assert_eq!(bit_width(u64::MAX), 64);
    }

    #[test]
    fn a_long_run_is_one_run_and_a_short_one_is_packed() {
        let mut out = Vec::new();
        rle_hybrid(&[7u32; 100], 3, &mut out);
        // Header 200 (a varint of two bytes), then the value in one byte.
        assert_eq!(out, [200, 1, 7]);
        let mut out = Vec::new();
        rle_hybrid(&[1u8, 0, 1], 1, &mut out);
        // One group of eight (header 3): three values, five of padding.
        assert_eq!(out, [3, 0b101]);
        // Packed values up to a run that starts a group, then the run.
        let mut out = Vec::new();
        let values: Vec<u32> = (0..8).chain([5; 9]).collect();
        rle_hybrid(&values, 3, &mut out);
        assert_eq!(
            out,
            [3, 0b1000_1000, 0b1100_0110, 0b1111_1010, 18, 5],
            "0..8 packed at 3 bits, then a run of nine 5s"
        );
    }

    #[test]
    fn runs_are_measured_wherever_they_end() {
        for len in 1..40 {
            for end in 1..=len {
                let values: Vec<u8> = (0..len).map(|i| u8::from(i >= end)).collect();
                assert_eq!(run_length(&values), end, "{len} {end}");
            }
        }
    }

    /// Groups of every width, packed whole or a bit at a time: the same.
    #[test]
    fn a_group_is_packed_as_its_bits() {
        for width in 0..=24u8 {
            let max = (1u64 << width) - 1;
            let group: Vec<u64> = (0..8u64).map(|k| (k * 0x9e37_79b9) & max).collect();
            for len in 1..=8 {
                let mut fast = Vec::new();
                pack_eight(&group[..len], width, &mut fast);
                let mut slow = Vec::new();
                let padding = std::iter::repeat_n(0, 8 - len);
                bit_pack(
                    group[..len].iter().copied().chain(padding),
                    width,
                    &mut slow,
                );
                assert_eq!(fast, slow, "width {width}, {len} values");
            }
        }
    }

    #[test]
    fn deltas_are_blocks_of_packed_differences() {
        let mut out = Vec::new();
        delta_binary_packed(&[7, 8, 9, 10, 12], &mut out);
        // Block size 128, 4 miniblocks, 5 values, first 7 (zigzag 14);
        // least difference 1 (zigzag 2), widths 1 0 0 0, then the
        // differences less 1 (0 0 0 1) packed at one bit in 32.
        assert_eq!(out, [128, 1, 4, 5, 14, 2, 1, 0, 0, 0, 0b1000, 0, 0, 0]);
        let mut out = Vec::new();
        delta_binary_packed(&[3], &mut out);
        assert_eq!(out, [128, 1, 4, 1, 6]);
    }

    #[test]
    fn booleans_are_a_bit_each() {
        let mut out = Vec::new();
        plain_bools(
            &[true, false, true, true, false, false, false, false, true],
            &mut out,
        );
        assert_eq!(out, [0b0000_1101, 1]);
    }
}
