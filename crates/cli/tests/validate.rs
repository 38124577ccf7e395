//! `billes validate` at archive scale, through the command line: a corrupted
//! archive, reports the same on any number of threads, inputs left alone,
//! duplicates, events and rounds, exit codes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;

use super::common::{billes_in, billes_stdin_in, text};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/archive")
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// A temporary directory holding a copy of the corrupted archive as `archive/`.
fn archive() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&fixtures(), &dir.path().join("archive"));
    dir
}

/// Every file below `dir` with its bytes and modification time.
fn snapshot_files(dir: &Path) -> BTreeMap<PathBuf, (Vec<u8>, std::time::SystemTime)> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            if meta.is_dir() {
                stack.push(path);
            } else if meta.is_file() {
                files.insert(
                    path.clone(),
                    (std::fs::read(&path).unwrap(), meta.modified().unwrap()),
                );
            }
        }
    }
    files
}

#[test]
fn corrupted_archive_text_report_lists_every_problem() {
    let dir = archive();
    let out = billes_in(dir.path(), &["validate", "--jobs", "1", "archive"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    // The huge comment's line is shown nowhere, and its game is valid.
    assert!(!report.contains("huge-comment"), "{report}");
    assert!(report.ends_with(
        "checked 7 files, 11 games, 66 turns: 6 valid, 5 invalid; 6 mistakes \
         (encoding: 2, illegal_move: 1, syntax: 2, variant: 1)\n"
    ));
    assert_snapshot!("archive_text", report);
    let two = billes_in(dir.path(), &["validate", "--jobs", "2", "archive"]);
    assert_eq!(text(&two.stdout), report);
    assert_eq!(two.status.code(), Some(1));
    // Not a terminal: no progress bar, nothing on stderr.
    assert_eq!(text(&out.stderr), "");
    assert_eq!(text(&two.stderr), "");
}

#[test]
fn corrupted_archive_json_report_is_the_same_on_any_number_of_threads() {
    let dir = archive();
    let args = [
        "validate",
        "--format",
        "json",
        "--duplicates",
        "--by-event",
        "archive",
    ];
    let one = billes_in(dir.path(), &[&args[..], &["--jobs", "1"]].concat());
    assert_eq!(one.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
    assert_eq!(report["files"], 7);
    assert_eq!(report["games"], 11);
    assert_eq!(report["valid"], 6);
    assert_eq!(report["invalid"], 5);
    let kinds: Vec<&str> = report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "illegal_move",
            "syntax",
            "encoding",
            "encoding",
            "syntax",
            "variant"
        ]
    );
    assert_snapshot!("archive_json", text(&one.stdout));
    for jobs in ["2", "3"] {
        let many = billes_in(dir.path(), &[&args[..], &["--jobs", jobs]].concat());
        assert_eq!(text(&many.stdout), text(&one.stdout), "--jobs {jobs}");
    }
}

#[test]
fn corrupted_archive_yaml_report_parses() {
    let dir = archive();
    let out = billes_in(dir.path(), &["validate", "--format", "yaml", "archive"]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_yaml::Value = serde_yaml::from_slice(&out.stdout).unwrap();
    assert_eq!(report["valid"].as_u64(), Some(6));
    assert_eq!(report["kinds"]["syntax"].as_u64(), Some(2));
    assert_eq!(
        report["errors"][0]["file"].as_str(),
        Some("archive/club/round2.bgn")
    );
    assert_eq!(report["errors"][0]["turn"].as_u64(), Some(4));
    assert_eq!(report["errors"][0]["seat"].as_str(), Some("B"));
    assert!(report.get("duplicates").is_none());
}

#[test]
fn validate_never_modifies_its_inputs() {
    let dir = archive();
    let before = snapshot_files(dir.path());
    for format in ["text", "json", "yaml"] {
        for jobs in ["1", "2"] {
            let out = billes_in(
                dir.path(),
                &[
                    "validate",
                    "--format",
                    format,
                    "--jobs",
                    jobs,
                    "--duplicates",
                    "--by-event",
                    "archive",
                ],
            );
            assert_eq!(out.status.code(), Some(1));
        }
    }
    assert_eq!(snapshot_files(dir.path()), before);
}

#[cfg(unix)]
#[test]
fn an_unreadable_file_is_reported_in_its_place_and_gives_exit_2() {
    let dir = archive();
    std::os::unix::fs::symlink("nowhere.bgn", dir.path().join("archive/club/lost.bgn")).unwrap();
    // A link is read only with --follow: then a dangling one cannot be read.
    let out = billes_in(
        dir.path(),
        &["validate", "--follow", "--jobs", "2", "archive"],
    );
    assert_eq!(out.status.code(), Some(2));
    let report = text(&out.stdout);
    let lost = report
        .find("error[io]: archive/club/lost.bgn: cannot read")
        .unwrap();
    let round2 = report.find("archive/club/round2.bgn:26:6").unwrap();
    let truncated = report.find("archive/truncated.bgn").unwrap();
    // Directory order: club/lost.bgn, club/round1.bgn, club/round2.bgn, ...
    assert!(lost < round2 && round2 < truncated, "{report}");
    // The other files are checked as before.
    assert!(
        report.contains("checked 7 files, 11 games, 66 turns: 6 valid, 5 invalid"),
        "{report}"
    );
    assert!(report.contains("io: 1"), "{report}");
}

#[test]
fn a_missing_path_among_files_gives_exit_2_and_the_files_are_checked() {
    let dir = archive();
    let out = billes_in(
        dir.path(),
        &[
            "validate",
            "--format",
            "json",
            "archive/club/round1.bgn",
            "gone.bgn",
            "archive/variant.bgn",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["files"], 2);
    assert_eq!(report["games"], 3);
    assert_eq!(report["errors"][0]["file"], "gone.bgn");
    assert_eq!(report["errors"][0]["kind"], "io");
    assert_eq!(report["errors"][1]["kind"], "variant");
}

#[test]
fn duplicates_are_found_whatever_the_tags_comments_and_layout() {
    let dir = archive();
    let out = billes_in(
        dir.path(),
        &[
            "validate",
            "--duplicates",
            "--format",
            "json",
            "archive/club",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let duplicates = report["duplicates"].as_array().unwrap();
    assert_eq!(duplicates.len(), 1);
    assert_eq!(duplicates[0]["file"], "archive/club/round2.bgn");
    assert_eq!(duplicates[0]["game"], 4);
    assert_eq!(duplicates[0]["line"], 42);
    assert_eq!(duplicates[0]["first"]["file"], "archive/club/round1.bgn");
    assert_eq!(duplicates[0]["first"]["game"], 1);
    // Only valid games, no duplicates: exit 0; a duplicate alone: exit 1.
    let round1 = std::fs::read_to_string(dir.path().join("archive/club/round1.bgn")).unwrap();
    let out = billes_stdin_in(
        dir.path(),
        &["validate", "--duplicates", "-"],
        round1.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stdout).ends_with("0 duplicate games\n"));
    let twice = format!(
        "{round1}\n{}",
        round1.replace("[Round \"1\"]", "[Round \"9\"]")
    );
    let out = billes_stdin_in(
        dir.path(),
        &["validate", "--duplicates", "-"],
        twice.as_bytes(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).starts_with(
            "duplicate: <stdin>:40 (game 3) has the same turns as <stdin>:1 (game 1)\n\
         duplicate: <stdin>:61 (game 4) has the same turns as <stdin>:22 (game 2)\n"
        ),
        "{}",
        text(&out.stdout)
    );
    assert!(text(&out.stdout).ends_with("4 valid, 0 invalid\n2 duplicate games\n"));
}

/// Every game valid, but one played twice: `validate --duplicates` exits 1
/// (above), and the exit codes of `billes validate --help`, of the
/// option's own help and of the README say so.
#[test]
fn the_exit_code_of_a_duplicate_is_where_the_exit_codes_are() {
    let dir = tempfile::tempdir().unwrap();
    let help = text(&billes_in(dir.path(), &["validate", "--help"]).stdout);
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let codes = &help[help.find("Exit codes").unwrap()..];
    let one = words(codes.split("\n  2 ").next().unwrap());
    assert!(
        one.contains("a game played twice (validate --duplicates)"),
        "{codes}"
    );
    let option = &help[help.find("--duplicates\n").unwrap()..];
    let option = words(&option[..option.find("\n\n").unwrap()]);
    assert!(option.contains("makes the exit code 1"), "{option}");
    let readme = std::fs::read_to_string(super::common::root().join("README.md")).unwrap();
    let row = readme.lines().find(|l| l.starts_with("| 1 |")).unwrap();
    assert!(
        row.contains("a game played twice (`validate --duplicates`)"),
        "{row}"
    );
}

#[test]
fn by_event_counts_games_per_event_and_round() {
    let dir = archive();
    let out = billes_in(
        dir.path(),
        &["validate", "--by-event", "--jobs", "2", "archive"],
    );
    let report = text(&out.stdout);
    assert!(
        report.contains(
            "event       round  games  valid  invalid\n\
         -           -          1      0        1\n\
         Club night  1          2      2        0\n\
         Club night  2          4      2        2\n\
         Club night  3          4      2        2\n"
        ),
        "{report}"
    );
}

#[test]
fn many_games_in_many_files_report_in_order_on_any_number_of_threads() {
    let dir = tempfile::tempdir().unwrap();
    let sim = billes_in(
        dir.path(),
        &[
            "simulate",
            "--game",
            "barricade",
            "--players",
            "3",
            "--seed",
            "11",
            "--games",
            "60",
            "--max-turns",
            "80",
        ],
    );
    assert_eq!(sim.status.code(), Some(0));
    let games: Vec<String> = text(&sim.stdout)
        .split("[Game ")
        .filter(|g| !g.is_empty())
        .map(|g| format!("[Game {g}"))
        .collect();
    assert_eq!(games.len(), 60);
    // Six files of ten games; every seventh game gets a syntax error in its third turn.
    for (n, chunk) in games.chunks(10).enumerate() {
        let mut file = String::new();
        for (i, game) in chunk.iter().enumerate() {
            if (n * 10 + i) % 7 == 3 {
                file.push_str(&game.replacen("\n3. ", "\n3. X", 1));
            } else {
                file.push_str(game);
            }
            file.push('\n');
        }
        std::fs::write(dir.path().join(format!("part{n}.bgn")), file).unwrap();
    }
    let one = billes_in(
        dir.path(),
        &["validate", "--format", "json", "--jobs", "1", "."],
    );
    let report: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
    assert_eq!(report["games"], 60);
    assert_eq!(report["invalid"], 9, "{report}");
    let places: Vec<(String, u64)> = report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["file"].as_str().unwrap().to_string(),
                e["game"].as_u64().unwrap(),
            )
        })
        .collect();
    let mut sorted = places.clone();
    sorted.sort();
    assert_eq!(places, sorted);
    for jobs in ["2", "4"] {
        let many = billes_in(
            dir.path(),
            &["validate", "--format", "json", "--jobs", jobs, "."],
        );
        assert_eq!(text(&many.stdout), text(&one.stdout), "--jobs {jobs}");
    }
}

#[test]
fn thousands_of_errors_are_all_reported_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let game = "[Game \"aggravation\"]\n[Seats \"R B\"]\n1. R6 +\n2. R7 r9-r16\n*\n";
    std::fs::write(dir.path().join("bad.bgn"), game.repeat(1500)).unwrap();
    for format in ["json", "yaml"] {
        let out = billes_in(
            dir.path(),
            &["validate", "--format", format, "--jobs", "2", "bad.bgn"],
        );
        assert_eq!(out.status.code(), Some(1));
        let report: serde_yaml::Value = serde_yaml::from_slice(&out.stdout).unwrap();
        let errors = report["errors"].as_sequence().unwrap();
        assert_eq!(errors.len(), 1500);
        for (i, e) in errors.iter().enumerate() {
            assert_eq!(e["game"].as_u64(), Some(i as u64 + 1));
            assert_eq!(e["kind"].as_str(), Some("roll"));
            assert_eq!(e["line"].as_u64(), Some(i as u64 * 5 + 4));
        }
        assert_eq!(report["kinds"]["roll"].as_u64(), Some(1500));
    }
}

#[test]
fn jobs_must_be_at_least_one() {
    let dir = archive();
    let out = billes_in(dir.path(), &["validate", "--jobs", "0", "archive"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--jobs"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn help_points_at_the_report_schema() {
    let dir = tempfile::tempdir().unwrap();
    let out = billes_in(dir.path(), &["validate", "--help"]);
    let help = text(&out.stdout);
    assert!(help.contains("docs/validate-report.md"), "{help}");
    assert!(
        help.contains("--duplicates") && help.contains("--by-event") && help.contains("--jobs")
    );
    assert!(Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/validate-report.md")
        .is_file());
}

/// Hundreds of games over several files, a few of them wrong: more batches
/// than the threads keep in flight, so the workers wait for tokens and the
/// outcomes come back out of order; the report is the same on any number
/// of threads.
#[test]
fn a_large_archive_reports_the_same_on_any_number_of_threads() {
    let dir = tempfile::tempdir().unwrap();
    let simulated = billes_in(
        dir.path(),
        &[
            "simulate", "--game", "offboard", "--games", "600", "--seed", "9",
        ],
    );
    assert!(simulated.status.success(), "{}", text(&simulated.stderr));
    let all = text(&simulated.stdout);
    let games: Vec<&str> = all.split("[Game ").filter(|g| !g.is_empty()).collect();
    assert_eq!(games.len(), 600);
    std::fs::create_dir(dir.path().join("big")).unwrap();
    for (f, chunk) in games.chunks(250).enumerate() {
        let mut out = String::new();
        for (i, game) in chunk.iter().enumerate() {
            let mut game = format!("[Game {game}");
            if i % 97 == 5 {
                // A wrong seat on the first turn.
                game = game.replacen("\n1. R ", "\n1. B ", 1);
            }
            out.push_str(&game);
        }
        std::fs::write(dir.path().join(format!("big/{f}.bgn")), out).unwrap();
    }
    let args = ["validate", "--format", "json", "big"];
    let one = billes_in(dir.path(), &[&args[..], &["--jobs", "1"]].concat());
    let report: serde_json::Value = serde_json::from_slice(&one.stdout).unwrap();
    assert_eq!(report["games"], 600);
    // Games 6, 103 and 200 of the two full files, and 6 of the last.
    assert_eq!(report["invalid"], 7, "{report}");
    for jobs in ["2", "3", "8"] {
        let many = billes_in(dir.path(), &[&args[..], &["--jobs", jobs]].concat());
        assert_eq!(text(&many.stdout), text(&one.stdout), "--jobs {jobs}");
    }
}

/// `--format jsonl`: a line per game as it is checked, in file order, then
/// a summary line.
mod jsonl {
    use super::*;

    fn json_lines(out: &Output) -> Vec<serde_json::Value> {
        text(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect()
    }

    #[test]
    fn one_line_per_game_then_a_summary() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("a.bgn"),
            "[Game \"aggravation\"]\n[Event \"Club night\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R1 r9-r10\n*\n\n\
             [Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R1 r9-r11\n*\n\n\
             [Game \"aggravation\"]\n[Seats \"R B\"]\n1. R6 r9-\n*\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("b.bgn"), b"\x00binary").unwrap();
        let out = billes_in(
            dir.path(),
            &[
                "validate", "--format", "jsonl", "-j", "2", "a.bgn", "b.bgn", "c.bgn",
            ],
        );
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        let lines = json_lines(&out);
        let types: Vec<_> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
        assert_eq!(
            types,
            ["game", "game", "game", "file", "file", "summary"],
            "{lines:?}"
        );
        let first = &lines[0];
        assert_eq!(first["file"], "a.bgn");
        assert_eq!(first["game"], 1);
        assert_eq!(first["line"], 1);
        assert_eq!(first["valid"], true);
        assert_eq!(first["turns"], 2);
        assert_eq!(first["errors"], serde_json::json!([]));
        // Tags in the order written.
        assert!(
            text(&out.stdout)
                .contains(r#""tags":{"Game":"aggravation","Event":"Club night","Seats":"R B"}"#),
            "{}",
            text(&out.stdout)
        );
        assert_eq!(first["tags"]["Event"], "Club night");
        let second = &lines[1];
        assert_eq!(
            (second["game"].clone(), second["valid"].clone()),
            (2.into(), false.into())
        );
        // The move fits a roll of 2: the check went on, both turns checked;
        // the mistake is the roll.
        assert_eq!(second["turns"], 2);
        assert_eq!(second["errors"][0]["kind"], "roll");
        assert_eq!(second["errors"][0]["line"], 13);
        assert_eq!(lines[2]["errors"][0]["kind"], "syntax");
        // Read past its syntax error, the game keeps its tags.
        assert_eq!(
            lines[2]["tags"],
            serde_json::json!({"Game": "aggravation", "Seats": "R B"})
        );
        assert_eq!(lines[3]["file"], "b.bgn");
        assert_eq!(lines[3]["errors"][0]["kind"], "encoding");
        assert_eq!(lines[4]["file"], "c.bgn");
        assert_eq!(lines[4]["errors"][0]["kind"], "io");
        let summary = &lines[5];
        assert_eq!(summary["games"], 3);
        assert_eq!(summary["valid"], 1);
        assert_eq!(summary["invalid"], 2);
        assert_eq!(summary["files"], 2);
        assert!(summary.get("errors").is_none(), "{summary}");
    }

    #[test]
    fn the_lines_agree_with_the_json_report_on_the_examples() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let out = billes_in(&root, &["validate", "--format", "jsonl", "examples/"]);
        let lines = json_lines(&out);
        let json = billes_in(&root, &["validate", "--format", "json", "examples/"]);
        let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        let (summary, games) = lines.split_last().unwrap();
        assert_eq!(summary["type"], "summary");
        for field in ["files", "games", "turns", "valid", "invalid", "kinds"] {
            assert_eq!(summary[field], report[field], "{field}");
        }
        assert_eq!(games.len(), report["games"].as_u64().unwrap() as usize);
        let errors: Vec<_> = games
            .iter()
            .flat_map(|g| g["errors"].as_array().unwrap().clone())
            .collect();
        assert_eq!(serde_json::Value::from(errors), report["errors"]);
        let turns: u64 = games.iter().map(|g| g["turns"].as_u64().unwrap()).sum();
        assert_eq!(serde_json::Value::from(turns), report["turns"]);
        // With the tournament helpers, the summary carries their lists.
        let out = billes_in(
            &root,
            &[
                "validate",
                "--format",
                "jsonl",
                "--duplicates",
                "--by-event",
                "examples/",
            ],
        );
        let last = json_lines(&out).pop().unwrap();
        assert!(
            last["duplicates"].is_array() && last["events"].is_array(),
            "{last}"
        );
    }
}

#[test]
fn a_game_whose_result_tag_disagrees_counts_the_turns_it_replayed() {
    // Every turn replays; only the Result tag is wrong. The turns count, in
    // the summary and in the game's JSON line.
    let record = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/barricade/two-players.bgn"),
    )
    .unwrap()
    .replace("[Result \"B\"]", "[Result \"R\"]");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("wrong-tag.bgn"), &record).unwrap();
    let out = billes_in(dir.path(), &["validate", "wrong-tag.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    assert!(
        report.contains("the Result tag says \"R\" but the movetext ends with B"),
        "{report}"
    );
    assert!(
        report.contains(
            "checked 1 file, 1 game, 63 turns: 0 valid, 1 invalid; 1 mistake (result: 1)"
        ),
        "{report}"
    );
    let out = billes_in(
        dir.path(),
        &["validate", "--format", "jsonl", "wrong-tag.bgn"],
    );
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["turns"], 63);
    assert_eq!(lines[0]["valid"], false);
    assert_eq!(lines[1]["turns"], 63);
}

/// The turn count is of the turns checked: a check that goes on past its
/// mistakes counts every turn of the game, in the summary and in JSONL.
#[test]
fn the_turns_counted_are_the_turns_checked() {
    let dir = tempfile::tempdir().unwrap();
    let record =
        std::fs::read_to_string(super::common::root().join("examples/barricade/two-players.bgn"))
            .unwrap();
    let turns = record
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert!(turns > 20, "{turns}");
    // Two false capture marks, at turns 5 and 13: the check goes on.
    let marked = record
        .replace("5. B2 e5-e7\n", "5. B2 e5-e7*\n")
        .replace("13. R3 l1-o1\n", "13. R3 l1-o1*\n");
    assert_ne!(marked, record);
    std::fs::write(dir.path().join("marked.bgn"), &marked).unwrap();
    let out = billes_in(dir.path(), &["validate", "marked.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    let summary = format!("checked 1 file, 1 game, {turns} turns: 0 valid, 1 invalid; 2 mistakes");
    assert!(
        text(&out.stdout).contains(&summary),
        "{}",
        text(&out.stdout)
    );
    let out = billes_in(dir.path(), &["validate", "marked.bgn", "--format", "jsonl"]);
    let game: serde_json::Value =
        serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(game["turns"], turns, "{game}");
    // A move that cannot be played at turn 7 stops the check: 6 turns.
    let stopped = marked.replace("7. B3 h-q1\n", "7. B3 h-a1\n");
    std::fs::write(dir.path().join("stopped.bgn"), &stopped).unwrap();
    let out = billes_in(dir.path(), &["validate", "stopped.bgn"]);
    let summary = "checked 1 file, 1 game, 6 turns: 0 valid, 1 invalid; 2 mistakes";
    assert!(text(&out.stdout).contains(summary), "{}", text(&out.stdout));
}
