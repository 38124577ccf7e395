//! The Aggravation records in examples/aggravation parse and replay: the
//! valid ones to their result, each invalid one to the error noted in its
//! first comment (`{expected: kind: message}`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use billes_core::replay;
use billes_notation::parse_game;

fn records(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(dir);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "bgn"))
        .collect();
    out.sort();
    out
}

#[test]
fn the_example_games_replay_valid() {
    let files = records("examples/aggravation");
    assert!(files.len() >= 4);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let game = parse_game(&text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let summary = replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
            .unwrap_or_else(|e| panic!("{}: {:?} {}", path.display(), e.kind, e.message));
        assert!(summary.turns > 50, "{}", path.display());
        assert!(
            summary.variation_turns > 0,
            "{}: no variation",
            path.display()
        );
        assert!(summary.winners.is_some(), "{}: unfinished", path.display());
        // Annotated as a person would: comments and NAGs.
        let turns = &game.line.turns;
        assert!(
            turns.iter().any(|t| !t.nags().is_empty()),
            "{}",
            path.display()
        );
        assert!(
            turns.iter().any(|t| !t.after().is_empty()),
            "{}",
            path.display()
        );
    }
}

#[test]
fn the_invalid_examples_fail_with_the_noted_error() {
    let files = records("examples/aggravation/invalid");
    assert!(files.len() >= 10);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let game = parse_game(&text).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let note = game
            .line
            .turns
            .first()
            .and_then(|t| t.before().first())
            .map(|c| c.text.to_string())
            .unwrap_or_default();
        let expected = note
            .strip_prefix("expected: ")
            .unwrap_or_else(|| panic!("{}: no expected error noted", path.display()));
        let (kind, message) = expected.split_once(": ").unwrap();
        let err = replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
            .err()
            .unwrap_or_else(|| panic!("{}: replays valid", path.display()));
        assert_eq!(err.kind.name(), kind, "{}: {}", path.display(), err.message);
        assert_eq!(err.message, message, "{}", path.display());
    }
}
