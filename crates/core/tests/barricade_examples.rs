//! Barricade: the example records replay valid, and each record of
//! examples/barricade/invalid/ fails with the kind and message its first
//! comment announces (`{expect KIND: MESSAGE}`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use billes_core::barricade::Barricade;
use billes_core::replay_with;

fn dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/barricade")
        .join(sub)
}

fn records(sub: &str) -> Vec<(PathBuf, String)> {
    let mut out: Vec<_> = std::fs::read_dir(dir(sub))
        .expect("examples folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "bgn"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            (p, text)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn example_games_replay_valid() {
    let found = records("");
    assert!(found.len() >= 2);
    for (path, text) in found {
        let game = billes_notation::parse_game(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let summary = billes_core::replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
            .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        assert!(summary.winners.is_some(), "{}", path.display());
        assert!(
            summary.variation_turns > 0,
            "{}: a variation",
            path.display()
        );
        // The canonical form replays the same.
        let again = billes_notation::parse_game(&billes_notation::write_game(&game))
            .expect("canonical form parses");
        assert_eq!(again, game);
        replay_with(&Barricade::default(), &again, &mut |_| {}).expect("canonical form replays");
    }
}

#[test]
fn invalid_examples_fail_as_announced() {
    let found = records("invalid");
    assert!(found.len() >= 9, "one record per kind of mistake");
    let mut kinds = Vec::new();
    for (path, text) in found {
        let name = path.display();
        let start = text
            .find("{expect ")
            .unwrap_or_else(|| panic!("{name}: no {{expect ...}} comment"));
        let rest = &text[start + 8..];
        let announced = &rest[..rest.find('}').expect("closed comment")];
        let (kind, message) = announced.split_once(": ").expect("KIND: MESSAGE");
        let message = message.split_whitespace().collect::<Vec<_>>().join(" ");
        let game = billes_notation::parse_game(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let e = billes_core::replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
            .expect_err(&format!("{name} should be invalid"));
        assert_eq!(
            (e.kind.name(), e.message.as_str()),
            (kind, message.as_str()),
            "{name}"
        );
        kinds.push(kind.to_string());
    }
    kinds.sort();
    kinds.dedup();
    assert_eq!(
        kinds,
        [
            "after_end",
            "effect",
            "false_pass",
            "illegal_move",
            "result",
            "roll",
            "seat",
            "tag",
            "turn_number"
        ]
    );
}
