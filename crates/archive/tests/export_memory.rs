//! The memory `billes export` takes over a file of many games, counted by
//! a global allocator: what is held is a game and its rows (a batch of
//! rows in Parquet), not the archive. A test binary of its own, so no
//! other test's allocations are counted.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::alloc::System;
use std::io::Write;

use billes_archive::export::{self, Format, Settings};
use cap::Cap;

/// The system allocator, counting the bytes held.
#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

const GAME: &str = include_str!("../../../examples/aggravation/four-players.bgn");

const MIB: usize = 1 << 20;

/// Exports `count` copies of [`GAME`] (113 turns each) in `format` on one
/// thread; the turns exported and the most bytes held at once above what
/// was held before.
fn export_copies(count: usize, format: Format) -> (u64, usize) {
    let dir = tempfile::tempdir().unwrap();
    let game = format!("{}\n\n", GAME.trim_end());
    let path = dir.path().join("many.bgn");
    // Written a game at a time: the counter keeps the most held since the
    // test began, which the whole text made at once would be.
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for _ in 0..count {
        file.write_all(game.as_bytes()).unwrap();
    }
    file.into_inner().unwrap();
    let found = billes_archive::input::expand_in_order(&[path]);
    let settings = Settings {
        format,
        jobs: 1,
        ..Settings::new(&dir.path().join("tables"))
    };
    let start = ALLOCATOR.allocated();
    let totals = export::run(found, &settings, &mut |_| {}).unwrap();
    let most = ALLOCATOR.max_allocated() - start;
    assert_eq!(totals.games, count as u64);
    (totals.turns, most)
}

#[test]
fn export_to_json_lines_holds_a_game_of_rows_whatever_the_number_of_games() {
    // 1,000 and then 4,000 games (113,000 and 452,000 rows): JSON Lines
    // writes each game's rows when they come, so what is held is one game,
    // its rows and the text written a piece at a time, under 1 MiB for both
    // (a batch of rows held, as Parquet holds them, is 2.7 MiB; every
    // row held, 150 MiB). The counter keeps the most held since the test
    // began: the second figure is the larger of the two runs' peaks.
    let (turns, small) = export_copies(1_000, Format::Jsonl);
    assert_eq!(turns, 113_000);
    assert!(small < MIB, "{small} bytes held to export {turns} rows");
    let (turns, large) = export_copies(4_000, Format::Jsonl);
    assert_eq!(turns, 452_000);
    assert!(large < MIB, "{large} bytes held to export {turns} rows");
}
