//! The memory a [`Reader`] takes to skip a game too long, counted by a
//! global allocator: it does not grow with the game, laid out on one line
//! or one turn a line. A test binary of its own, so no other test's
//! allocations are counted.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::alloc::System;
use std::io::{self, BufReader, Read};

use billes_notation::{ReadError, Reader};
use cap::Cap;

/// The system allocator, counting the bytes held, and refusing more than
/// its limit (an allocation past it aborts the test).
#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// An Offboard game of about `bytes` bytes, made as it is read (it is
/// never held whole), then a short valid game. Its turns are a block of
/// legal ones repeated, numbers and all: only the reader sees it.
struct HugeGame {
    head: &'static [u8],
    block: Vec<u8>,
    at: usize,
    left: usize,
    end: &'static [u8],
}

impl HugeGame {
    fn new(bytes: usize, separator: u8) -> HugeGame {
        let mut block = Vec::new();
        let cycle = ["R c5>w", "B e5>nw", "R c4>e", "B f5>se"];
        for n in 5..1005 {
            block.push(separator);
            block.extend_from_slice(format!("{n}. {}", cycle[(n - 5) % 4]).as_bytes());
        }
        HugeGame {
            head: b"[Game \"offboard\"]\n[Seats \"R B\"]\n\n1. R b3:c4>ne 2. B h7:g6>sw 3. R c4>e 4. B f5>se",
            block,
            at: 0,
            left: bytes,
            end: b"\n*\n[Game \"offboard\"]\n[Seats \"R B\"]\n\n1. R b3:c4>ne *\n",
        }
    }
}

/// Copies what fits of `from` into `out`, and drops it from `from`.
fn give(from: &mut &[u8], out: &mut [u8]) -> usize {
    let n = out.len().min(from.len());
    out[..n].copy_from_slice(&from[..n]);
    *from = &from[n..];
    n
}

impl Read for HugeGame {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if !self.head.is_empty() {
            return Ok(give(&mut self.head, out));
        }
        if self.left == 0 {
            return Ok(give(&mut self.end, out));
        }
        let mut rest = &self.block[self.at..];
        let room = out.len().min(self.left);
        let n = give(&mut rest, &mut out[..room]);
        self.at = (self.at + n) % self.block.len();
        self.left -= n;
        Ok(n)
    }
}

/// Reads a game of `bytes` laid out with `separator` between turns, and
/// the game after it, with a reader of `limit`, allowed `room` bytes more
/// than are held before: past them, an allocation fails and the test
/// aborts. Returns the most bytes held at once since the test began.
fn read_within(bytes: usize, separator: u8, limit: usize, room: usize) -> usize {
    let input = BufReader::with_capacity(1 << 16, HugeGame::new(bytes, separator));
    ALLOCATOR.set_limit(ALLOCATOR.allocated() + room).unwrap();
    let items: Vec<_> = Reader::new(input).limit(limit).collect();
    ALLOCATOR.set_limit(usize::MAX).unwrap();
    assert_eq!(items.len(), 2);
    assert!(
        matches!(
            items[0],
            Err(ReadError::TooLarge {
                index: 1,
                line: 1,
                ..
            })
        ),
        "{:?}",
        items[0]
    );
    let next = items[1].as_ref().unwrap();
    assert_eq!(next.index, 2);
    assert!(next.parse().is_ok());
    ALLOCATOR.max_allocated()
}

#[test]
fn a_game_too_long_is_skipped_in_memory_that_does_not_grow_with_it() {
    const MIB: usize = 1 << 20;
    let start = ALLOCATOR.allocated();
    // What the reader holds is the game up to its limit (grown by
    // doubling) and its input buffer, however long the game is: 4 MiB
    // for a limit of 1 MiB, for a game of 4 MB, 8 MB one turn a line,
    // and 32 MB on one line.
    read_within(4_000_000, b' ', MIB, 4 * MIB);
    read_within(8_000_000, b'\n', MIB, 4 * MIB);
    let most = read_within(32_000_000, b' ', MIB, 4 * MIB);
    assert!(most - start < 4 * MIB, "{}", most - start);
    // With the default limit, 16 MiB: twice it and a little.
    let default = billes_notation::MAX_GAME_BYTES;
    read_within(20_000_000, b' ', default, 2 * default + 2 * MIB);
}
