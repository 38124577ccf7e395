//! Hostile inputs through the command line: devices, FIFOs, NUL bytes,
//! endless input on stdin, a comment left open in a large archive. Every
//! run must end, with a clear error naming the input.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::common::{billes_stdin_in, text, write, VALID};
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs billes in `dir` with `stdin` and a time limit: a run that blocks
/// or never ends fails the test instead of hanging it. Its output is read
/// as it comes (a full pipe would stop it).
fn billes_within(args: &[&str], dir: &Path, stdin: Stdio, secs: u64) -> Output {
    let child = Command::new(env!("CARGO_BIN_EXE_billes"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let (done, wait) = std::sync::mpsc::channel();
    std::thread::spawn(move || done.send(child.wait_with_output()));
    match wait.recv_timeout(std::time::Duration::from_secs(secs)) {
        Ok(output) => output.unwrap(),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            panic!("billes {args:?} did not end in {secs} s");
        }
    }
}

fn billes(args: &[&str], dir: &Path) -> Output {
    billes_within(args, dir, Stdio::null(), 60)
}

/// The verbs that read a record, each given `path` as its record.
fn verbs_reading(path: &str) -> Vec<Vec<String>> {
    let other = "ok.bgn".to_string();
    let path = path.to_string();
    vec![
        vec!["fmt".into(), path.clone()],
        vec!["replay".into(), path.clone()],
        vec!["convert".into(), path.clone()],
        vec!["annotate".into(), path.clone()],
        vec!["render".into(), path.clone()],
        vec!["diff".into(), path.clone(), other.clone()],
        vec!["diff".into(), other, path.clone()],
        vec!["standings".into(), path.clone()],
        vec!["ratings".into(), path.clone()],
        vec![
            "live".into(),
            path.clone(),
            "--html".into(),
            "room.html".into(),
        ],
        vec!["validate".into(), path],
    ]
}

#[cfg(unix)]
#[test]
fn a_device_named_as_a_record_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "ok.bgn", VALID);
    for args in verbs_reading("/dev/zero") {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = billes(&args, dir.path());
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(matches!(out.status.code(), Some(1 | 2)), "{args:?}: {all}");
        assert!(all.contains("/dev/zero"), "{args:?}: {all}");
        assert!(all.contains("not a regular file"), "{args:?}: {all}");
    }
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success());
}

#[cfg(unix)]
#[test]
fn a_fifo_named_as_a_record_or_a_rules_file_is_an_error_and_never_blocks() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "ok.bgn", VALID);
    mkfifo(&dir.path().join("pipe.bgn"));
    for args in verbs_reading("pipe.bgn") {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = billes(&args, dir.path());
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(matches!(out.status.code(), Some(1 | 2)), "{args:?}: {all}");
        assert!(all.contains("pipe.bgn"), "{args:?}: {all}");
        assert!(all.contains("not a regular file"), "{args:?}: {all}");
    }
    // A Rules tag naming a FIFO, and --rules naming one or a device.
    mkfifo(&dir.path().join("rules.lua"));
    write(
        dir.path(),
        "tagged.bgn",
        VALID.replace("[Seats", "[Rules \"rules.lua\"]\n[Seats"),
    );
    for args in [
        &["validate", "tagged.bgn"][..],
        &["standings", "--tournament-rules", "rules.lua", "ok.bgn"],
        &["standings", "--tournament-rules", "/dev/zero", "ok.bgn"],
        &["validate", "--rules", "rules.lua", "ok.bgn"],
        &["validate", "--rules", "/dev/zero", "ok.bgn"],
        &["replay", "--rules", "/dev/zero", "ok.bgn"],
    ] {
        let out = billes(args, dir.path());
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(matches!(out.status.code(), Some(1 | 2)), "{args:?}: {all}");
        assert!(
            all.contains("rules.lua") || all.contains("/dev/zero"),
            "{args:?}: {all}"
        );
        assert!(all.contains("not a regular file"), "{args:?}: {all}");
    }
}

#[test]
fn a_variant_larger_than_its_limit_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "ok.bgn", VALID);
    let comment = "-- padding\n".repeat((1 << 20) / 11 + 1);
    write(dir.path(), "big.lua", &comment);
    let out = billes(&["validate", "--rules", "big.lua", "ok.bgn"], dir.path());
    let all = text(&out.stdout) + &text(&out.stderr);
    assert!(matches!(out.status.code(), Some(1 | 2)), "{all}");
    assert!(
        all.contains("big.lua") && all.contains("larger than 1 MiB"),
        "{all}"
    );
}

/// Standard input that never ends (a process writing NUL bytes for ever,
/// as `/dev/zero` would), for the verbs that read `-`.
#[cfg(unix)]
#[test]
fn endless_nul_bytes_on_standard_input_end_with_an_error() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "ok.bgn", VALID);
    for args in [
        &["fmt", "-"][..],
        &["convert", "-"],
        &["replay", "-"],
        &["annotate", "-"],
        &["render", "-"],
        &["diff", "-", "ok.bgn"],
        &["validate", "-"],
    ] {
        let zero = std::fs::File::open("/dev/zero").unwrap();
        let out = billes_within(args, dir.path(), Stdio::from(zero), 60);
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(matches!(out.status.code(), Some(1 | 2)), "{args:?}: {all}");
        assert!(all.contains("NUL"), "{args:?}: {all}");
    }
}

/// A record with a NUL byte far past its start, in a comment.
fn with_late_nul() -> String {
    let mut text = String::new();
    for i in 0..400 {
        text += &VALID.replace("[Seats", &format!("[Round \"{i}\"]\n[Seats"));
    }
    text + "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 + {a\0b}\n*\n" + VALID
}

#[test]
fn a_nul_byte_is_refused_wherever_it_stands() {
    let dir = tempfile::tempdir().unwrap();
    let record = with_late_nul();
    assert!(record.find('\0').unwrap() > 8192);
    write(dir.path(), "late.bgn", &record);
    let line = record[..record.find('\0').unwrap()].matches('\n').count() + 1;
    let out = billes(&["validate", "late.bgn"], dir.path());
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("NUL"), "{stdout}");
    assert!(stdout.contains(&format!("late.bgn:{line}:11")), "{stdout}");
    // The 400 games before it are checked; the reading stops at it.
    assert!(stdout.contains("401 games"), "{stdout}");
    assert!(stdout.contains("400 valid"), "{stdout}");
    for verb in ["fmt", "convert"] {
        let out = billes(&[verb, "late.bgn"], dir.path());
        let stderr = text(&out.stderr);
        assert!(matches!(out.status.code(), Some(1 | 2)), "{verb}: {stderr}");
        assert!(
            stderr.contains(&format!("a NUL byte at line {line}, column 11")),
            "{verb}: {stderr}"
        );
    }
}

#[test]
fn convert_from_json_refuses_a_nul_in_a_tag() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "ok.bgn", VALID);
    let json = billes(&["convert", "ok.bgn"], dir.path());
    assert_eq!(json.status.code(), Some(0));
    let json = text(&json.stdout).replace("\"aggravation\"", "\"aggra\\u0000vation\"");
    assert!(json.contains("\\u0000"), "{json}");
    let out = billes_stdin_in(dir.path(), &["convert", "--from", "json", "-"], json);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("NUL"), "{stderr}");
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn a_comment_left_open_costs_only_its_own_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut archive = String::new();
    let mut open_at = 0;
    for i in 1..=1000 {
        let game = VALID.replace("[Seats", &format!("[Round \"{i}\"]\n[Seats"));
        if i == 3 {
            let game = game.replace("2. R1", "{ a stray brace\n2. R1");
            open_at = archive.len() + game.find('{').unwrap();
            archive += &game;
        } else {
            archive += &game;
        }
    }
    let line = archive[..open_at].matches('\n').count() + 1;
    write(dir.path(), "archive.bgn", &archive);
    let out = billes(&["validate", "archive.bgn"], dir.path());
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("unclosed comment"), "{stdout}");
    assert!(
        stdout.contains(&format!("archive.bgn:{line}:1")),
        "{stdout}"
    );
    assert!(stdout.contains("in game 3"), "{stdout}");
    assert!(
        stdout.contains("1000 games") && stdout.contains("999 valid, 1 invalid"),
        "{stdout}"
    );
}

#[test]
fn diff_of_games_with_many_tags_lists_every_tag_that_differs_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let n = 100_000;
    let record = |changed: bool| {
        let mut text = String::from("[Game \"aggravation\"]\n[Seats \"R B\"]\n");
        for i in 0..n {
            let value = if changed && i % 7 == 0 { i + 1 } else { i };
            text += &format!("[T{i} \"v{value}\"]\n");
        }
        if changed {
            text += "[Extra \"b only\"]\n";
        }
        text + "\n1. R6 +\n*\n"
    };
    write(dir.path(), "a.bgn", record(false));
    write(dir.path(), "b.bgn", record(true));
    let out = billes(&["diff", "--format", "json", "a.bgn", "b.bgn"], dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let tags = report["games"][0]["tags"].as_array().unwrap();
    let names: Vec<&str> = tags.iter().map(|t| t["name"].as_str().unwrap()).collect();
    let mut expected: Vec<String> = (0..n).step_by(7).map(|i| format!("T{i}")).collect();
    expected.push("Extra".into());
    assert_eq!(names, expected);
    assert_eq!(tags[1]["a"], "v7");
    assert_eq!(tags[1]["b"], "v8");
    assert_eq!(tags.last().unwrap()["a"], serde_json::Value::Null);
}
