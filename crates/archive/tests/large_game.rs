//! The memory `billes validate` takes to check a game longer than the
//! reader's limit (16 MiB), counted by a global allocator: the game is
//! checked as it is read, in memory that does not grow with it. A test
//! binary of its own, so no other test's allocations are counted.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::alloc::System;
use std::io::{BufWriter, Write};

use billes_archive::input::Input;
use billes_archive::report::{self, Collector};
use billes_archive::validate::{self, Settings};
use cap::Cap;

/// The system allocator, counting the bytes held, and refusing more than
/// its limit (an allocation past it aborts the test).
#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

const MIB: usize = 1 << 20;

/// How the long game's turns are laid out.
#[derive(Debug, Clone, Copy)]
enum Layout {
    /// On one line, unnumbered (6 bytes a turn: `R2 -- B2 -- `).
    OneLine,
    /// One numbered turn a line, as the writer lays them out (`1. R2 --`):
    /// the parser's fast path reads such turns in runs, which stop at a
    /// piece's size.
    TurnALine,
}

/// Writes an Aggravation game of `pairs` pairs of passes laid out as
/// `layout` says, then a game with a mistake.
fn write_games(path: &std::path::Path, pairs: usize, layout: Layout) {
    let mut out = BufWriter::new(std::fs::File::create(path).unwrap());
    out.write_all(b"[Game \"aggravation\"]\n[Seats \"R B\"]\n\n")
        .unwrap();
    for pair in 0..pairs {
        match layout {
            Layout::OneLine => out.write_all(b"R2 -- B2 -- ").unwrap(),
            Layout::TurnALine => {
                let n = 2 * pair + 1;
                writeln!(out, "{n}. R2 --\n{}. B2 --", n + 1).unwrap();
            }
        }
    }
    out.write_all(b"*\n\n[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R2 r9-r11 *\n")
        .unwrap();
    out.flush().unwrap();
}

/// One test, the layouts in turn: the allocator's count is the whole
/// binary's, so no other check may run beside it.
#[test]
fn a_game_longer_than_the_limit_is_checked_in_memory_that_does_not_grow_with_it() {
    // 48 MB on one line, 56 MB one turn a line: three times the limit
    // and more.
    for (layout, pairs) in [(Layout::OneLine, 4_000_000), (Layout::TurnALine, 2_000_000)] {
        check_large_game(layout, pairs);
    }
}

fn check_large_game(layout: Layout, pairs: usize) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.bgn");
    write_games(&path, pairs, layout);
    let start = ALLOCATOR.allocated();
    // Less than the game: it cannot be held whole.
    ALLOCATOR.set_limit(start + 40 * MIB).unwrap();
    let mut collector = Collector::new(report::Settings::default());
    let mut sink = std::io::sink();
    let settings = Settings {
        duplicates: true,
        ..Settings::default()
    };
    let mut mistakes = Vec::new();
    validate::run(vec![Ok(Input::File(path))], 1, &settings, &mut |outcome| {
        mistakes.extend(outcome.errors().iter().map(|e| e.message.clone()));
        collector.accept(outcome, &mut sink)
    })
    .unwrap();
    ALLOCATOR.set_limit(usize::MAX).unwrap();
    let (report, _) = collector.finish();
    assert_eq!(
        (report.games, report.valid),
        (2, 1),
        "{layout:?}: {mistakes:?}"
    );
    assert_eq!(report.turns, 2 * pairs as u64, "{layout:?}");
    assert_eq!(mistakes.len(), 1, "{layout:?}: {mistakes:?}");
}
