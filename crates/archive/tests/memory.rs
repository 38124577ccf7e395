//! The memory annotate takes over a file of many games, counted by a
//! global allocator: each game is written out as it is done, so what is
//! held does not grow with the number of games or with the text written.
//! A test binary of its own, so no other test's allocations are counted.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::alloc::System;
use std::io::{self, BufReader, Read};

use billes_archive::annotate::{annotate_games, Event, Work};
use billes_archive::input::games_in;
use billes_archive::RulePolicy;
use cap::Cap;

/// The system allocator, counting the bytes held.
#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

const GAME: &str = include_str!("../../../examples/aggravation/four-players.bgn");

/// `count` copies of [`GAME`], a blank line between them, made as they are
/// read (the input is never held whole).
struct Copies {
    left: usize,
    at: usize,
}

impl Read for Copies {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let game = format!("{}\n\n", GAME.trim_end());
        if self.left == 0 {
            return Ok(0);
        }
        let rest = &game.as_bytes()[self.at..];
        let n = out.len().min(rest.len());
        out[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        if self.at == game.len() {
            self.at = 0;
            self.left -= 1;
        }
        Ok(n)
    }
}

/// Annotates (or strips) `count` copies of the game and returns the bytes
/// written and the most bytes held at once above what was held before.
fn annotate_copies(count: usize, strip: bool) -> (usize, usize) {
    let input = BufReader::with_capacity(1 << 16, Copies { left: count, at: 0 });
    let games = games_in(Box::new(input), "many.bgn");
    let resolver = RulePolicy::default().resolver();
    let work = Work {
        strip,
        ..Work::default()
    };
    let mut bytes = 0;
    let mut write = |text: &str| {
        bytes += text.len();
        Ok(())
    };
    let mut failures = 0;
    let mut event = |e: Event<'_>| {
        eprintln!("{e:?}");
        failures += 1;
    };
    let start = ALLOCATOR.allocated();
    let done = annotate_games(games, "many.bgn", &resolver, &work, &mut write, &mut event).unwrap();
    let most = ALLOCATOR.max_allocated() - start;
    assert_eq!((done.written, done.failed, failures), (count, false, 0));
    (bytes, most)
}

#[test]
fn annotate_holds_one_game_whatever_the_number_of_games() {
    const MIB: usize = 1 << 20;
    // 8 MiB of annotated text (2,000 games), 3.9 MiB stripped, each
    // written as it is done: what is held is one game, its text and the
    // input's buffer, well under 1 MiB, not the text written.
    let (annotated, most) = annotate_copies(2_000, false);
    assert!(annotated > 8 * MIB, "{annotated}");
    assert!(most < MIB, "{most} bytes held to write {annotated}");
    let (stripped, most) = annotate_copies(2_000, true);
    assert!(stripped > 3 * MIB, "{stripped}");
    assert!(most < MIB, "{most} bytes held to write {stripped}");
}
