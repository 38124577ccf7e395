//! The command line, end to end: exit codes, outputs, files left alone.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::common::{billes_in, billes_stdin, text, write};

const MESSY: &str =
    "[Game \"aggravation\"]\n[Seats \"R B\"]\n1.R6 +   2. R1 r9-r10 {one\n  step}\n3. B4 -- *\n";
const CANONICAL: &str =
    "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R1 r9-r10 {one step}\n3. B4 --\n*\n";

#[test]
fn fmt_prints_canonical_form() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", MESSY);
    let out = billes_in(dir.path(), &["fmt", "a.bgn"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), CANONICAL);
}

#[test]
fn fmt_check_lists_files_that_would_change() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "messy.bgn", MESSY);
    write(dir.path(), "clean.bgn", CANONICAL);
    let out = billes_in(dir.path(), &["fmt", "--check", "."]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "./messy.bgn\n");
    let out = billes_in(dir.path(), &["fmt", "--check", "clean.bgn"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn fmt_in_place_rewrites_and_is_idempotent() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "a.bgn", MESSY);
    assert_eq!(
        billes_in(dir.path(), &["fmt", "--in-place", "a.bgn"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), CANONICAL);
    assert_eq!(
        billes_in(dir.path(), &["fmt", "--in-place", "a.bgn"])
            .status
            .code(),
        Some(0)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), CANONICAL);
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn fmt_in_place_leaves_a_broken_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let broken = "[Game \"aggravation\"]\n1. R6 r9 r10 *\n";
    let path = write(dir.path(), "a.bgn", broken);
    let out = billes_in(dir.path(), &["fmt", "--in-place", "a.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("a.bgn:2:9"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
}

#[test]
fn fmt_reads_stdin() {
    let out = billes_stdin(&["fmt", "-"], MESSY);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), CANONICAL);
}

#[test]
fn a_missing_file_is_an_io_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = billes_in(dir.path(), &["fmt", "nowhere.bgn"]);
    assert_eq!(out.status.code(), Some(2));
    let out = billes_in(dir.path(), &["validate", "nowhere.bgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stdout).contains("nowhere.bgn"));
}

#[test]
fn usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(billes_in(dir.path(), &["fmt"]).status.code(), Some(2));
    assert_eq!(
        billes_in(dir.path(), &["frobnicate"]).status.code(),
        Some(2)
    );
}

#[test]
fn convert_round_trips_through_json_and_yaml() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", MESSY);
    for format in ["json", "yaml"] {
        let out = billes_in(dir.path(), &["convert", "--to", format, "a.bgn"]);
        assert_eq!(out.status.code(), Some(0));
        let data = write(dir.path(), &format!("a.{format}"), text(&out.stdout));
        let back = billes_in(
            dir.path(),
            &["convert", "--from", format, data.to_str().unwrap()],
        );
        assert_eq!(back.status.code(), Some(0), "{}", text(&back.stderr));
        assert_eq!(text(&back.stdout), CANONICAL);
    }
}

#[test]
fn convert_json_keeps_comments_and_spans_on_request() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", CANONICAL);
    let out = billes_in(dir.path(), &["convert", "--to", "json", "--spans", "a.bgn"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let turn = &json[0]["line"]["turns"][1];
    assert_eq!(turn["after"][0]["text"], "one step");
    assert_eq!(turn["actions"][0]["kind"], "move");
    assert_eq!(turn["actions"][0]["span"]["line"], 5);
    assert_eq!(turn["actions"][0]["span"]["column"], 7);
    // Without --spans no node has one, and the data reads back the same.
    for format in ["json", "yaml"] {
        let out = billes_in(dir.path(), &["convert", "--to", format, "a.bgn"]);
        let data = text(&out.stdout);
        assert!(!data.contains("span"), "{data}");
        assert!(data.contains("one step"), "{data}");
        let path = write(dir.path(), &format!("b.{format}"), &data);
        let back = billes_in(
            dir.path(),
            &["convert", "--from", format, path.to_str().unwrap()],
        );
        assert_eq!(text(&back.stdout), CANONICAL);
    }
}

#[test]
fn convert_rejects_data_bgn_cannot_say() {
    let dir = tempfile::tempdir().unwrap();
    let data = r#"[{"tags":[],"line":{"turns":[{"number":1,"head":{"seat":"R","roll":6},
        "actions":[{"kind":"move","path":["R9","r10"]}]}]},"outcome":{}}]"#;
    write(dir.path(), "bad.json", data);
    let out = billes_in(dir.path(), &["convert", "--from", "json", "bad.json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot be written as BGN"));
}

/// JSON and YAML lists are read one game at a time, each game checked
/// before any is written: a wrong game late in the list leaves the output
/// empty, and says which game it is.
#[test]
fn convert_from_data_names_the_game_that_is_wrong_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let games = [CANONICAL; 3].join("\n");
    write(dir.path(), "a.bgn", &games);
    for format in ["json", "yaml"] {
        let out = billes_in(dir.path(), &["convert", "--to", format, "a.bgn"]);
        let data = text(&out.stdout);
        let path = write(dir.path(), &format!("a.{format}"), &data);
        let back = billes_in(
            dir.path(),
            &["convert", "--from", format, path.to_str().unwrap()],
        );
        assert_eq!(text(&back.stdout), games, "{format}");
        // The third game's last seat is a name the notation cannot write.
        let needle = if format == "json" {
            "\"seat\": \"B\""
        } else {
            "seat: B"
        };
        let at = data.rfind(needle).unwrap() + needle.len() - 1;
        let bad = format!("{}B B{}", &data[..at], &data[at + 1..]);
        let path = write(dir.path(), &format!("bad.{format}"), &bad);
        let out = billes_in(
            dir.path(),
            &["convert", "--from", format, path.to_str().unwrap()],
        );
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{format}: {err}");
        assert!(err.contains("game 3: "), "{format}: {err}");
        assert_eq!(text(&out.stdout), "", "{format}");
    }
}

/// A game of JSON is bounded like a game of BGN (16 MiB), and YAML, read
/// whole before its first game, is refused past 16 MiB; anchors and
/// aliases that would make a short YAML text a huge list are refused
/// before any game is read.
#[test]
fn convert_from_data_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", CANONICAL);
    let out = billes_in(dir.path(), &["convert", "a.bgn"]);
    let one: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut long = one[0].clone();
    long["tags"][0]["value"] = "x"
        .repeat(billes_notation::MAX_GAME_BYTES + (1 << 17))
        .into();
    let list = serde_json::Value::Array(vec![one[0].clone(), long, one[0].clone()]);
    write(dir.path(), "long.json", serde_json::to_vec(&list).unwrap());
    let out = billes_in(dir.path(), &["convert", "--from", "json", "long.json"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("game 2 is longer than 16 MiB, the limit of one game: not read"),
        "{err}"
    );
    assert_eq!(text(&out.stdout), "");

    let yaml = "- ".to_owned() + &"x".repeat(16 << 20) + "\n";
    write(dir.path(), "big.yaml", yaml);
    let out = billes_in(dir.path(), &["convert", "--from", "yaml", "big.yaml"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("the limit of YAML input"), "{err}");

    // Brackets nested as deep as 16 MiB allows would cost the YAML
    // reader the square of their number (hours): refused where the
    // nesting passes 128 levels, before the reader runs.
    let brackets = (16 << 20) / 2 - 8;
    let deep = format!("- x: {}{}\n", "[".repeat(brackets), "]".repeat(brackets));
    write(dir.path(), "deep.yaml", deep);
    let out = billes_in(dir.path(), &["convert", "--from", "yaml", "deep.yaml"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("not a list of games in YAML: 1:")
            && err.contains("nested deeper than 128 levels"),
        "{err}"
    );

    // Ten levels of ten aliases: 10 billion copies of a word.
    let mut bomb = "- tags: [{name: Event, value: &a0 word}]\n".to_owned();
    for level in 1..=10 {
        let aliases = vec![format!("*a{}", level - 1); 10].join(", ");
        bomb += &format!("  l{level}: &a{level} [{aliases}]\n");
    }
    write(dir.path(), "bomb.yaml", bomb);
    let out = billes_in(dir.path(), &["convert", "--from", "yaml", "bomb.yaml"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("anchors and aliases say far more than its text"),
        "{err}"
    );
}

/// JSON and YAML without spans are written a turn at a time, not made
/// whole first: a game of 60,000 turns converts under a 192 MiB limit of
/// address space (made whole, its data took some 4.7 KB a turn, 280 MB:
/// 13 GB for a game at the reader's 16 MiB limit).
#[cfg(unix)]
#[test]
fn convert_writes_a_long_game_a_turn_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let game = format!(
        "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n{}*\n",
        "R2 -- B2 -- ".repeat(30_000)
    );
    write(dir.path(), "long.bgn", game);
    for (to, pass) in [("json", "\"kind\": \"pass\""), ("yaml", "kind: pass")] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v 196608 && exec \"$0\" convert --to {to} long.bgn"
            ))
            .arg(env!("CARGO_BIN_EXE_billes"))
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{to}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout).matches(pass).count(), 60_000, "{to}");
    }
}

#[test]
fn validate_reports_syntax_errors_with_location_and_keeps_going() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "two.bgn",
        "[Game \"aggravation\"]\n1. R6 r9 r10 *\n\n[Game \"aggravation\"]\n1. R6 + {never closed\n",
    );
    let out = billes_in(dir.path(), &["validate", "--format", "json", "two.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["files"], 1);
    assert_eq!(report["games"], 2);
    assert_eq!(report["invalid"], 2);
    // The first game is read past its syntax error: its missing Seats tag
    // is told too.
    let errors: Vec<&serde_json::Value> = report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "syntax")
        .collect();
    assert_eq!(errors[0]["line"], 2);
    assert_eq!(errors[0]["column"], 9);
    assert_eq!(errors[1]["game"], 2);
    assert_eq!(errors[1]["line"], 5);
}

#[test]
fn validate_text_report_has_caret_and_summary() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "a.bgn",
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n1. R6 r9 r10 *\n",
    );
    let out = billes_in(dir.path(), &["validate", "a.bgn"]);
    let stdout = text(&out.stdout);
    assert!(stdout.contains(" --> a.bgn:3:9"), "{stdout}");
    assert!(stdout.contains("1. R6 r9 r10 *"), "{stdout}");
    assert!(stdout.contains('^'), "{stdout}");
    // R's one move with the 6, whatever was meant: the check goes on.
    assert!(
        stdout.contains("= note: read as +, the one move of the roll: the check goes on"),
        "{stdout}"
    );
    assert!(
        stdout
            .contains("checked 1 file, 1 game, 1 turn: 0 valid, 1 invalid; 1 mistake (syntax: 1)"),
        "{stdout}"
    );
}

#[test]
fn validate_never_writes_its_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "a.bgn", MESSY);
    let before = std::fs::metadata(&path).unwrap().modified().unwrap();
    billes_in(dir.path(), &["validate", "a.bgn"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), MESSY);
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        before
    );
}

#[test]
fn validate_reports_invalid_utf8_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = b"[Game \"aggravation\"]\n1. R6 + {".to_vec();
    bytes.extend_from_slice(&[0xC3, 0x28]);
    bytes.extend_from_slice(b"}\n*\n[Game \"aggravation\"]\n[Seats \"R G\"]\n1. R6 r1 *\n");
    std::fs::write(dir.path().join("bin.bgn"), bytes).unwrap();
    let out = billes_in(dir.path(), &["validate", "--format", "yaml", "bin.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_yaml::Value = serde_yaml::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"].as_u64(), Some(2));
    assert_eq!(report["errors"][0]["kind"].as_str(), Some("encoding"));
    assert_eq!(report["errors"][0]["line"].as_u64(), Some(2));
    assert_eq!(report["errors"][1]["kind"].as_str(), Some("syntax"));
}

#[test]
fn help_lists_the_verbs_and_version_prints() {
    let dir = tempfile::tempdir().unwrap();
    let out = billes_in(dir.path(), &["--help"]);
    let help = text(&out.stdout);
    for verb in ["validate", "replay", "render", "fmt", "convert", "simulate"] {
        assert!(help.contains(verb), "{help}");
    }
    let out = billes_in(dir.path(), &["--version"]);
    assert!(text(&out.stdout).starts_with("billes "));
    let out = billes_in(dir.path(), &["help", "fmt"]);
    assert!(text(&out.stdout).contains("--in-place"));
}

/// `simulate` makes games: its `--rules` says what it does there, not
/// validate's "checks every record", and it has no `--rules-dir`.
#[test]
fn simulate_help_words_rules_for_games_it_makes() {
    let dir = tempfile::tempdir().unwrap();
    let out = billes_in(dir.path(), &["simulate", "--help"]);
    let help = text(&out.stdout);
    assert!(
        help.contains("House rules the games are played under"),
        "{help}"
    );
    assert!(!help.contains("checks every record"), "{help}");
    assert!(!help.contains("--rules-dir"), "{help}");
}

/// Each help that names the games lists every one billes knows, those
/// written as data too: the command line is read without the lists (they
/// load those games), and read again to show a help.
#[test]
fn each_help_that_names_the_games_lists_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let games: Vec<&str> = billes_core::registry::all()
        .into_iter()
        .map(|g| g.name())
        .collect();
    assert!(games.contains(&"ludo"), "{games:?}");
    for args in [
        &["simulate", "--help"][..],
        &["simulate", "-h"],
        &["help", "simulate"],
        &["play", "--help"],
        &["draw", "--help"],
        &["moves", "--help"],
        &["filter", "--help"],
    ] {
        let out = billes_in(dir.path(), args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let help = text(&out.stdout);
        for game in &games {
            assert!(help.contains(game), "{args:?} does not name {game}: {help}");
        }
    }
}

#[test]
fn completions_are_printed_for_each_shell() {
    let dir = tempfile::tempdir().unwrap();
    for (shell, sign) in [
        ("bash", "complete -F _billes"),
        ("zsh", "#compdef billes"),
        ("fish", "complete -c billes"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = billes_in(dir.path(), &["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = text(&out.stdout);
        assert!(script.contains(sign), "{shell}: {script}");
        // The verbs and their options are in it.
        for word in ["validate", "fmt", "annotate", "completions", "rules-dir"] {
            assert!(script.contains(word), "{shell} lacks {word}");
        }
    }
    let out = billes_in(dir.path(), &["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn man_prints_a_manual_page() {
    let dir = tempfile::tempdir().unwrap();
    let out = billes_in(dir.path(), &["man"]);
    assert_eq!(out.status.code(), Some(0));
    let page = text(&out.stdout);
    assert!(page.contains(".TH billes 1"), "{page}");
    assert!(page.contains(".SH \"BILLES VALIDATE\""), "{page}");
    assert!(page.contains("rules\\-dir"), "{page}");
}
