//! The game verbs end to end: simulate, validate, replay and render.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::common::{billes, billes_stdin, stdout};

#[test]
fn simulated_games_of_every_game_validate() {
    let setups: [&[&str]; 5] = [
        &["--game", "aggravation", "--players", "4"],
        &[
            "--game",
            "aggravation",
            "--players",
            "4",
            "--teams",
            "R+G,B+Y",
        ],
        &[
            "--game",
            "aggravation",
            "--players",
            "6",
            "--teams",
            "R+P+Y B+G+W",
        ],
        &["--game", "barricade", "--players", "3"],
        &["--game", "offboard"],
    ];
    for setup in setups {
        let mut args = vec!["simulate", "--seed", "11", "--games", "5"];
        args.extend_from_slice(setup);
        let sim = billes(&args);
        assert_eq!(sim.status.code(), Some(0), "{setup:?}");
        let check = billes_stdin(&["validate", "--format", "json", "-"], &sim.stdout);
        let report: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
        assert_eq!(report["valid"], 5, "{setup:?}: {report}");
        assert_eq!(check.status.code(), Some(0));
    }
}

#[test]
fn simulate_is_deterministic_and_canonical() {
    let args = [
        "simulate",
        "--game",
        "barricade",
        "--players",
        "2",
        "--seed",
        "3",
        "--games",
        "2",
    ];
    let a = billes(&args);
    let b = billes(&args);
    assert_eq!(a.stdout, b.stdout);
    let formatted = billes_stdin(&["fmt", "-"], &a.stdout);
    assert_eq!(stdout(&formatted), stdout(&a));
}

#[test]
fn simulate_refuses_impossible_setups() {
    let out = billes(&["simulate", "--game", "aggravation", "--players", "7"]);
    assert_eq!(out.status.code(), Some(2));
    let out = billes(&["simulate", "--game", "chess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown game"));
}

#[test]
fn replay_lists_every_turn_with_a_board() {
    let out = billes(&["replay", "examples/offboard/club-final.bgn"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.starts_with("start\n"), "{text}");
    assert!(text.contains("\n1. R "), "{text}");
    assert!(text.trim_end().ends_with("=B"), "{text}");
}

#[test]
fn replay_at_a_turn_prints_that_position() {
    let at = billes(&[
        "replay",
        "examples/aggravation/four-players.bgn",
        "--at",
        "10",
    ]);
    assert_eq!(at.status.code(), Some(0));
    let text = stdout(&at);
    assert!(text.starts_with("10. R2 r13-c*\n"), "{text}");
    let render = billes(&[
        "render",
        "examples/aggravation/four-players.bgn",
        "--at",
        "10",
        "--text",
    ]);
    assert_eq!(render.status.code(), Some(0));
    assert!(text.ends_with(&stdout(&render)));
}

#[test]
fn replay_past_the_end_is_an_error() {
    let out = billes(&[
        "replay",
        "examples/barricade/two-players.bgn",
        "--at",
        "100000",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = billes(&[
        "replay",
        "examples/barricade/two-players.bgn",
        "--game",
        "5",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn render_start_positions() {
    for (file, name) in [
        ("examples/aggravation/four-players.bgn", "aggravation"),
        ("examples/barricade/two-players.bgn", "barricade"),
        ("examples/offboard/club-final.bgn", "offboard"),
    ] {
        let out = billes(&["render", file, "--at", "0"]);
        assert_eq!(out.status.code(), Some(0));
        assert_snapshot!(format!("start_{name}"), stdout(&out));
    }
}

#[test]
fn replay_of_an_invalid_record_stops_at_the_mistake() {
    let out = billes(&["replay", "examples/aggravation/invalid/jump-own-marble.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("error[illegal_move]: R would jump its own marble on r11"),
        "{err}"
    );
}

#[test]
fn simulate_teams_and_players_must_agree() {
    let out = billes(&[
        "simulate",
        "--game",
        "aggravation",
        "--players",
        "2",
        "--teams",
        "R+G,B+Y",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--players 2 contradicts --teams R+G,B+Y (4 seats)"),
        "{err}"
    );
    // Without --players, the teams say how many play.
    let out = billes(&[
        "simulate",
        "--game",
        "aggravation",
        "--teams",
        "R+G,B+Y",
        "--seed",
        "3",
    ]);
    assert!(out.status.success());
    assert!(
        stdout(&out).contains("[Seats \"R B G Y\"]"),
        "{}",
        stdout(&out)
    );
}
