//! The wall-clock guard of house rules and replay scripts: only a guard
//! against a hang, never a verdict. A game whose script it stops is
//! reported with the kind `time_guard`, counted neither valid nor invalid,
//! never written by `filter`, and the run exits 2, in every verb that runs
//! scripts. `BILLES_TIME_GUARD` sets it short here; the scripts below do
//! work the counted budget does not see (a `..` of a 2 MB string is one
//! instruction), so only the guard can stop them.

#![allow(clippy::unwrap_used)]

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use crate::common::{stderr, stdout, write};

/// The guard the tests run under: 0.3 s, where stopping one of the
/// scripts below by the counted budget would take a minute or more.
const GUARD: &str = "0.3";

/// Lua that runs until the guard stops it: 250,000 copies of 2 MB before
/// its budget is spent.
const HANG: &str =
    "local s = 'x' for i = 1, 21 do s = s .. s end while true do local t = s .. 'y' end";

/// Runs `billes` in `dir` under the short guard.
fn billes_guarded(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_billes"))
        .args(args)
        .current_dir(dir)
        .env("BILLES_TIME_GUARD", GUARD)
        .output()
        .unwrap()
}

/// A variant whose `allow` hook hangs at turn 2.
fn hanging_variant() -> String {
    format!(
        "return {{ name = 'hang', game = 'aggravation', hooks = {{ allow = function(move)\n\
         if move.turn == 2 then {HANG} end\nreturn true\nend }} }}\n"
    )
}

/// Three games under it: valid (one turn), stopped at turn 2, invalid at
/// turn 1.
const GAMES: &str =
    "[Game \"aggravation\"]\n[Rules \"hang.lua\"]\n[Seats \"R G\"]\n\n1. R6 + *\n\n\
    [Game \"aggravation\"]\n[Rules \"hang.lua\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 *\n\n\
    [Game \"aggravation\"]\n[Rules \"hang.lua\"]\n[Seats \"R G\"]\n\n1. R3 r9-r12 *\n";

fn archive() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "hang.lua", hanging_variant());
    write(dir.path(), "games.bgn", GAMES);
    dir
}

#[test]
fn validate_reports_the_guard_as_its_own_kind_and_exits_2() {
    let dir = archive();
    let out = billes_guarded(dir.path(), &["validate", "games.bgn"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(2), "{text}{}", stderr(&out));
    assert!(text.contains("error[time_guard]"), "{text}");
    assert!(
        text.contains("stopped by the wall-clock guard after 0.3 s: not a verdict on the record"),
        "{text}"
    );
    assert!(text.contains("hang.lua:2:"), "{text}");
    assert!(
        text.contains("1 valid, 1 invalid, 1 stopped by the wall-clock guard (no verdict)"),
        "{text}"
    );

    let out = billes_guarded(dir.path(), &["validate", "--format", "json", "games.bgn"]);
    assert_eq!(out.status.code(), Some(2));
    let report: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        (&report["valid"], &report["invalid"], &report["stopped"]),
        (&Value::from(1), &Value::from(1), &Value::from(1)),
        "{report}"
    );
    assert_eq!(report["kinds"]["time_guard"], 1, "{report}");
    let stopped: Vec<&Value> = report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "time_guard")
        .collect();
    assert_eq!(stopped.len(), 1, "{report}");
    assert_eq!(
        (&stopped[0]["game"], &stopped[0]["turn"]),
        (&2.into(), &2.into())
    );

    let out = billes_guarded(dir.path(), &["validate", "--format", "jsonl", "games.bgn"]);
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[1]["stopped"], true, "{:?}", lines[1]);
    assert_eq!(lines[2].get("stopped"), None, "{:?}", lines[2]);
    assert_eq!(lines[3]["stopped"], 1, "{:?}", lines[3]);
}

#[test]
fn a_script_stopped_at_its_top_level_is_no_verdict_either() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "top.lua",
        format!("{HANG}\nreturn {{ name = 'top', game = 'aggravation' }}\n"),
    );
    write(
        dir.path(),
        "game.bgn",
        "[Game \"aggravation\"]\n[Rules \"top.lua\"]\n[Seats \"R G\"]\n\n1. R6 + *\n",
    );
    // Named by a Rules tag: a time_guard error at the tag.
    let out = billes_guarded(dir.path(), &["validate", "--format", "json", "game.bgn"]);
    assert_eq!(out.status.code(), Some(2));
    let report: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(report["errors"][0]["kind"], "time_guard", "{report}");
    assert_eq!(report["errors"][0]["line"], 2, "{report}");
    assert_eq!(report["invalid"], 0, "{report}");
    // Forced with --rules: a run that cannot start (exit 2), not a refused
    // script (exit 1).
    let out = billes_guarded(dir.path(), &["validate", "--rules", "top.lua", "game.bgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("stopped by the wall-clock guard"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn filter_never_writes_a_game_the_guard_stopped() {
    let dir = archive();
    let out = billes_guarded(dir.path(), &["filter", "games.bgn"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let kept = stdout(&out);
    assert!(kept.contains("1. R6 + *"), "{kept}");
    assert!(!kept.contains("r9-r12"), "{kept}");
    assert!(stderr(&out).contains("1 stopped by the wall-clock guard"));
    let out = billes_guarded(dir.path(), &["filter", "--invalid", "games.bgn"]);
    assert_eq!(out.status.code(), Some(2));
    let invalid = stdout(&out);
    assert!(invalid.contains("1. R3 r9-r12 *"), "{invalid}");
    assert!(!invalid.contains("2. R3"), "{invalid}");
}

#[test]
fn run_exits_2_when_the_guard_stops_a_replay_script_or_the_house_rules() {
    let dir = archive();
    write(
        dir.path(),
        "slow.lua",
        format!("return {{ turn = function(t) {HANG} end }}\n"),
    );
    write(
        dir.path(),
        "plain.bgn",
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + *\n",
    );
    let out = billes_guarded(dir.path(), &["run", "slow.lua", "plain.bgn"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("slow.lua:1: stopped by the wall-clock guard"),
        "{}",
        stderr(&out)
    );
    write(
        dir.path(),
        "count.lua",
        "return { game = function(g) emit({ file = g.file }) end }\n",
    );
    let out = billes_guarded(
        dir.path(),
        &["run", "--format", "csv", "count.lua", "games.bgn"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // The valid game only: the stopped one and the invalid one are skipped.
    assert_eq!(stdout(&out).lines().count(), 2, "{}", stdout(&out));
}

#[test]
fn export_leaves_a_stopped_game_out_and_exits_2() {
    let dir = archive();
    let out = billes_guarded(
        dir.path(),
        &["export", "--to", "jsonl", "--out", "tables", "games.bgn"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("1 stopped by the wall-clock guard left out"),
        "{}",
        stderr(&out)
    );
}

/// The guard stops a game's script once: the game is not checked again,
/// which would run the script as long again (`export` checked it twice).
/// The hook prints when it starts to hang.
#[test]
fn the_guard_stops_a_game_once_in_every_verb() {
    let dir = tempfile::tempdir().unwrap();
    let variant = hanging_variant().replace(
        "if move.turn == 2 then ",
        "if move.turn == 2 then print('starts to hang') ",
    );
    write(dir.path(), "hang.lua", variant);
    write(dir.path(), "games.bgn", GAMES);
    let verbs: [&[&str]; 4] = [
        &["validate", "games.bgn"],
        &["filter", "games.bgn"],
        &["export", "--to", "jsonl", "--out", "jsonl", "games.bgn"],
        &["export", "--to", "parquet", "--out", "parquet", "games.bgn"],
    ];
    for args in verbs {
        let out = billes_guarded(dir.path(), args);
        let text = format!("{}{}", stdout(&out), stderr(&out));
        assert_eq!(out.status.code(), Some(2), "{args:?}: {text}");
        assert_eq!(
            text.matches("starts to hang").count(),
            1,
            "{args:?}: {text}"
        );
    }
}

#[test]
fn the_guard_setting_is_checked() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "game.bgn", crate::common::VALID);
    for bad in ["0", "-1", "soon", "1e9"] {
        let out = Command::new(env!("CARGO_BIN_EXE_billes"))
            .args(["validate", "game.bgn"])
            .current_dir(dir.path())
            .env("BILLES_TIME_GUARD", bad)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(
            stderr(&out).contains("BILLES_TIME_GUARD"),
            "{bad}: {}",
            stderr(&out)
        );
    }
    // A long guard changes nothing for a record that needs none.
    let out = Command::new(env!("CARGO_BIN_EXE_billes"))
        .args(["validate", "game.bgn"])
        .current_dir(dir.path())
        .env("BILLES_TIME_GUARD", "600")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// `annotate` and `analyze` of a game the guard stopped: no verdict,
/// exit 2 (a game with a mistake alone exits 1).
#[test]
fn annotate_and_analyze_exit_2_when_the_guard_stops_a_game() {
    let dir = archive();
    for verb in [&["annotate", "games.bgn"][..], &["analyze", "games.bgn"]] {
        let out = billes_guarded(dir.path(), verb);
        assert_eq!(out.status.code(), Some(2), "{verb:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("stopped by the wall-clock guard"),
            "{verb:?}: {}",
            stderr(&out)
        );
    }
    // Without the stopped game: the invalid one alone makes it 1.
    let third = GAMES.split("\n\n[Game").nth(2).unwrap();
    write(dir.path(), "one.bgn", format!("[Game{third}"));
    for verb in [&["annotate", "one.bgn"][..], &["analyze", "one.bgn"]] {
        let out = billes_guarded(dir.path(), verb);
        assert_eq!(out.status.code(), Some(1), "{verb:?}: {}", stderr(&out));
    }
}

#[test]
fn diff_exits_2_when_the_guard_stops_a_copy() {
    let dir = archive();
    let second = GAMES.split("\n\n[Game").nth(1).unwrap();
    write(dir.path(), "a.bgn", format!("[Game{second}"));
    write(dir.path(), "b.bgn", format!("[Game{second}"));
    let out = billes_guarded(dir.path(), &["diff", "a.bgn", "b.bgn"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stdout(&out).contains("time_guard"), "{}", stdout(&out));
    // Two copies of the valid game: the same, exit 0.
    let first = GAMES.split("\n\n[Game").next().unwrap();
    write(dir.path(), "c.bgn", first);
    write(dir.path(), "d.bgn", first);
    let out = billes_guarded(dir.path(), &["diff", "c.bgn", "d.bgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

#[test]
fn play_exits_2_when_the_guard_stops_the_check_of_the_record_it_resumes() {
    let dir = archive();
    let second = GAMES.split("\n\n[Game").nth(1).unwrap();
    write(dir.path(), "g.bgn", format!("[Game{second}"));
    let out = billes_guarded(dir.path(), &["play", "g.bgn"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("time_guard"), "{}", stderr(&out));
    // The invalid game alone: exit 1.
    let third = GAMES.split("\n\n[Game").nth(2).unwrap();
    write(dir.path(), "h.bgn", format!("[Game{third}"));
    let out = billes_guarded(dir.path(), &["play", "h.bgn"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

#[test]
fn a_tournament_rules_file_stopped_by_the_guard_gives_no_standings_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "a.bgn",
        crate::common::VALID.replace("[Seats", "[Red \"Ann\"]\n[Blue \"Bob\"]\n[Seats"),
    );
    write(
        dir.path(),
        "hang.lua",
        format!("return {{ progress = function(seat)\n{HANG}\nend }}"),
    );
    let out = billes_guarded(
        dir.path(),
        &["standings", "a.bgn", "--tournament-rules", "hang.lua"],
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("hang.lua"), "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
}
