//! The memory `billes export` takes over a file of many games, counted by
//! a global allocator: what is held is a game and its rows (and a row
//! group's columns in Parquet), not the archive. A test binary of its own, so no
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

/// One test, the formats in turn: the counter keeps the most held since
/// the binary began, so the format that holds less is measured first.
#[test]
fn export_holds_a_game_of_rows_whatever_the_number_of_games() {
    json_lines_holds_a_game_of_rows();
    #[cfg(feature = "parquet")]
    parquet_holds_a_row_group_of_columns_and_a_game_of_rows();
    // The largest, last.
    long_games_are_held_as_text_however_many_threads();
}

fn long_games_are_held_as_text_however_many_threads() {
    // Eight games of 52,000 turns (312 KB of text each, on one line),
    // each game's tree and rows some 25 MB. Four threads made four at
    // once, and kept those done until the one before them was: 187 MB
    // held. Checked one at a time by the collecting thread (a game longer
    // than HEAVY_BYTES, 256 KiB), 30 MB. Checked as they are read, their
    // rows made from their text a piece at a time and written as they
    // come, and the first, whose last turn is a mistake, and the second,
    // under house rules, checked whole without their rows: what is held
    // is the games' text and one game's tree, 13 MB (30 MB when either
    // one's rows were made in its check).
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.bgn");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    for game in 0..8 {
        let rules = if game == 1 {
            "[Rules \"no-shortcuts\"]\n"
        } else {
            ""
        };
        write!(file, "[Game \"aggravation\"]\n{rules}[Seats \"R B\"]\n\n").unwrap();
        for _ in 0..26_000 {
            file.write_all(b"R2 -- B2 -- ").unwrap();
        }
        // No marble to move on r9.
        let end: &[u8] = if game == 0 {
            b"R3 r9-r12 *\n\n"
        } else {
            b"*\n\n"
        };
        file.write_all(end).unwrap();
    }
    file.into_inner().unwrap();
    let found = billes_archive::input::expand_in_order(&[path]);
    let settings = Settings {
        format: Format::Jsonl,
        jobs: 4,
        ..Settings::new(&dir.path().join("tables"))
    };
    let start = ALLOCATOR.allocated();
    let totals = export::run(found, &settings, &mut |_| {}).unwrap();
    let most = ALLOCATOR.max_allocated() - start;
    assert_eq!((totals.games, totals.invalid), (8, 1));
    assert_eq!(totals.turns, 7 * 52_000);
    assert!(most < 20 * MIB, "{most} bytes held to export 8 long games");
}

fn json_lines_holds_a_game_of_rows() {
    // 1,000 and then 4,000 games (113,000 and 452,000 rows): JSON Lines
    // writes each game's rows when they come, so what is held is one game,
    // its rows and the file's buffer, under 1 MiB for both (a batch of rows
    // held is 2.7 MiB; every row held, 150 MiB). The counter keeps the most held since the test
    // began: the second figure is the larger of the two runs' peaks.
    let (turns, small) = export_copies(1_000, Format::Jsonl);
    assert_eq!(turns, 113_000);
    assert!(small < MIB, "{small} bytes held to export {turns} rows");
    let (turns, large) = export_copies(4_000, Format::Jsonl);
    assert_eq!(turns, 452_000);
    assert!(large < MIB, "{large} bytes held to export {turns} rows");
}

#[cfg(feature = "parquet")]
fn parquet_holds_a_row_group_of_columns_and_a_game_of_rows() {
    // Parquet's `turns` encoder takes each game's rows into its columns
    // when they come; the columns hold a row group (131,072 rows at most)
    // until it is written. 1,000 games (113,000 rows, one row group):
    // 7.8 MB held. 4,000 games (452,000 rows, four): 11.7 MB, the columns
    // of a whole row group and the writer's metadata of the others. Rows
    // held for a batch as well (8,192 rows, 2.7 MiB), as they were once,
    // made 10.2 and 14.2 MB (13.6 MiB).
    let (turns, small) = export_copies(1_000, Format::Parquet);
    assert_eq!(turns, 113_000);
    assert!(small < 9 * MIB, "{small} bytes held to export {turns} rows");
    let (turns, large) = export_copies(4_000, Format::Parquet);
    assert_eq!(turns, 452_000);
    assert!(
        large < 25 * MIB / 2,
        "{large} bytes held to export {turns} rows"
    );
}
