//! `billes analyze` and `billes annotate --analyze`: marks on a position
//! where one move wins, JSON, the same seed giving the same output, and
//! annotating twice or stripping, games already analysed skipped.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::common::{billes_in, stderr, stdout};

/// Red reaches the goal with its 1, or lets Green win (turn 1); then the
/// same position, Red taking the goal (game 2).
const RECORD: &str = "[Game \"barricade\"]\n[Seats \"R G\"]\n\
    [Position \"R:i13,e5 G:h13,g13 bar=e3 move=R\"]\n\n1. R1 e5-e6 {well} *\n\n\
    [Game \"barricade\"]\n[Seats \"R G\"]\n\
    [Position \"R:i13,e5 G:h13,g13 bar=e3 move=R\"]\n\n1. R1 i13-i14 =R\n";

fn setup() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.bgn"), RECORD).unwrap();
    dir
}

const FAST: [&str; 6] = ["--rollouts", "16", "--seed", "3", "--jobs", "2"];

#[test]
fn analyze_marks_the_move_that_lets_the_game_go() {
    let dir = setup();
    let mut args = vec!["analyze", "game.bgn"];
    args.extend(FAST);
    let out = billes_in(dir.path(), &args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    assert!(text.contains("1. R1 e5-e6 ??"), "{text}");
    assert!(text.contains("best i13-i14 1.00"), "{text}");
    assert!(
        text.contains("game 2 (barricade): 1 turns, 1 decisions"),
        "{text}"
    );
    assert_eq!(
        stdout(&billes_in(dir.path(), &args)),
        text,
        "same seed, same output"
    );
}

#[test]
fn analyze_json_has_every_turn() {
    let dir = setup();
    let mut args = vec!["analyze", "game.bgn", "--game", "1", "--format", "json"];
    args.extend(FAST);
    let out = billes_in(dir.path(), &args);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let games = v.as_array().unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0]["index"], 1);
    assert_eq!(games[0]["turns"][0]["mark"], "very_bad");
    assert_eq!(games[0]["turns"][0]["best"][0], "i13-i14");
    assert_eq!(games[0]["seats"][0]["very_bad"], 1);
}

#[test]
fn annotate_analyze_twice_changes_nothing_and_strip_removes_it() {
    let dir = setup();
    let mut args = vec!["annotate", "--analyze", "--in-place", "game.bgn"];
    args.extend(FAST);
    assert!(billes_in(dir.path(), &args).status.success());
    let once = std::fs::read_to_string(dir.path().join("game.bgn")).unwrap();
    assert!(
        once.contains("1. R1 e5-e6 ?? {@ moved 1 point} {[%win 0.")
            && once.contains(" [%best i13-i14 1.00] [%luck "),
        "{once}"
    );
    assert!(once.contains("{well}"), "{once}");
    // Analysing again (--force: not skipped) writes the same analysis.
    let mut again = args.clone();
    again.push("--force");
    let out = billes_in(dir.path(), &again);
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("skipped"));
    let twice = std::fs::read_to_string(dir.path().join("game.bgn")).unwrap();
    assert_eq!(once, twice);
    let out = billes_in(dir.path(), &["annotate", "--strip", "game.bgn"]);
    let stripped = stdout(&out);
    assert!(
        !stripped.contains("[%win") && !stripped.contains("??"),
        "{stripped}"
    );
    assert!(stripped.contains("1. R1 e5-e6 {well}"), "{stripped}");
}

#[test]
fn annotate_analyze_skips_the_games_already_analysed_unless_forced() {
    let dir = setup();
    let path = dir.path().join("game.bgn");
    let mut args = vec!["annotate", "--analyze", "--in-place", "game.bgn"];
    args.extend(FAST);
    assert!(billes_in(dir.path(), &args).status.success());
    // Game 1's analysis is replaced by a made-up one, and a third game, not
    // analysed yet, is added.
    let once = std::fs::read_to_string(&path).unwrap();
    let start = once.find("{[%win ").unwrap();
    let end = start + once[start..].find('}').unwrap() + 1;
    let fresh = "\n[Game \"barricade\"]\n[Seats \"R G\"]\n\
        [Position \"R:i13,e5 G:h13,g13 bar=e3 move=R\"]\n\n1. R1 e5-e6 *\n";
    let edited = format!("{}{{[%win 0.99]}}{}{fresh}", &once[..start], &once[end..]);
    std::fs::write(&path, &edited).unwrap();

    let out = billes_in(dir.path(), &args);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("game.bgn, game 1: already analysed, skipped")
            && stderr.contains("game.bgn, game 2: already analysed, skipped")
            && !stderr.contains("game 3"),
        "{stderr}"
    );
    let after = std::fs::read_to_string(&path).unwrap();
    assert!(after.contains("[%win 0.99]"), "game 1 kept: {after}");
    let third = &after[after.rfind("[Game").unwrap()..];
    assert!(
        third.contains("1. R1 e5-e6 ?? {@ moved 1 point} {[%win 0."),
        "game 3 analysed: {third}"
    );

    let mut forced = args.clone();
    forced.push("--force");
    let out = billes_in(dir.path(), &forced);
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("skipped"));
    let after = std::fs::read_to_string(&path).unwrap();
    assert!(
        !after.contains("[%win 0.99]"),
        "game 1 analysed again: {after}"
    );
    assert!(after.starts_with(&once[..start]), "{after}");

    // --force alone means nothing.
    let out = billes_in(dir.path(), &["annotate", "--force", "game.bgn"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force needs --analyze or --in-place"));
}

#[test]
fn analyze_refuses_more_rollouts_than_its_limit_without_aborting() {
    let dir = setup();
    let out = billes_in(
        dir.path(),
        &["analyze", "game.bgn", "--rollouts", "4000000000"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("--rollouts") && err.contains("100000"),
        "{err}"
    );
    assert!(!err.contains("memory allocation"), "{err}");
}

#[test]
fn a_time_budget_is_kept_and_said() {
    let dir = setup();
    // A budget far too small for the look asked: turns are cut short, the
    // report says so, with each estimate's error.
    let out = billes_in(
        dir.path(),
        &[
            "analyze",
            "game.bgn",
            "--rollouts",
            "100000",
            "--time",
            "0.001",
            "--format",
            "json",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v[0]["hurried"].as_u64().unwrap() > 0, "{v:#}");
    let turn = &v[0]["turns"][0];
    assert!(turn["hurried"].as_bool().unwrap(), "{turn:#}");
    assert!(turn["loss"]["se"].is_number(), "{turn:#}");
    let out = billes_in(
        dir.path(),
        &[
            "analyze",
            "game.bgn",
            "--rollouts",
            "100000",
            "--time",
            "0.001",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("note: the time budget cut the rollouts of"),
        "{text}"
    );
    assert!(text.contains(" ± "), "{text}");
}
