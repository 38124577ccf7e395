//! The example records: every game in examples/offboard/ replays valid;
//! every record in examples/offboard/invalid/ is rejected with the kind and
//! message its `{expect kind: message}` comment names.

use std::path::{Path, PathBuf};

use billes_notation::{parse_games, Game};

fn records(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "bgn"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no records in {}", dir.display());
    files
}

fn games(path: &Path) -> Vec<Game> {
    let text = std::fs::read_to_string(path).unwrap();
    parse_games(&text)
        .into_iter()
        .map(|g| g.unwrap_or_else(|e| panic!("{}: {e:?}", path.display())))
        .collect()
}

#[test]
fn example_games_replay_valid() {
    for path in records("offboard") {
        for game in games(&path) {
            let summary = billes_core::replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
                .unwrap_or_else(|e| panic!("{}: {} ({:?})", path.display(), e.message, e.turn));
            assert!(summary.turns > 0);
        }
    }
}

#[test]
fn the_club_final_is_a_full_game_with_variations() {
    let path = records("offboard")
        .into_iter()
        .find(|p| p.ends_with("club-final.bgn"))
        .unwrap();
    let game = &games(&path)[0];
    let summary = billes_core::replay(game, &mut |_| std::ops::ControlFlow::Continue(())).unwrap();
    assert_eq!(summary.winners, Some(vec!["B".into()]));
    assert_eq!(summary.turns, 46);
    assert_eq!(summary.variation_turns, 2);
    // Writing and reading it again gives the same record, which replays the same.
    let again = billes_notation::parse_game(&billes_notation::write_game(game)).unwrap();
    assert_eq!(&again, game);
}

#[test]
fn invalid_examples_fail_as_their_comment_says() {
    for path in records("offboard/invalid") {
        let game = &games(&path)[0];
        let expect = game
            .line
            .turns
            .iter()
            .flat_map(|t| t.before().iter().chain(t.after()))
            .find_map(|c| c.text.strip_prefix("expect "))
            .unwrap_or_else(|| panic!("{}: no {{expect kind: message}} comment", path.display()));
        let (kind, message) = expect.split_once(": ").unwrap();
        let err = billes_core::replay(game, &mut |_| std::ops::ControlFlow::Continue(()))
            .expect_err(&format!("{} must be rejected", path.display()));
        assert_eq!(
            (err.kind.name(), err.message.as_str()),
            (kind, message),
            "{}",
            path.display()
        );
    }
}
