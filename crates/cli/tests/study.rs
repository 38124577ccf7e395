//! The verbs for studying games, end to end: `diff`, `annotate`, and
//! stepping with `replay --from/--to`. Each test works in its own temp dir.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Output;

use super::common::{billes, billes_in, root, stderr, stdout};

fn example(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// Replaces the one line starting with `prefix`.
fn edit_line(text: &str, prefix: &str, with: &str) -> String {
    let mut found = 0;
    let out: Vec<&str> = text
        .lines()
        .map(|l| {
            if l.starts_with(prefix) {
                found += 1;
                with
            } else {
                l
            }
        })
        .collect();
    assert_eq!(found, 1, "{prefix}");
    out.join("\n") + "\n"
}

const EXAMPLES: [&str; 7] = [
    "examples/aggravation/four-players.bgn",
    "examples/aggravation/partnership.bgn",
    "examples/aggravation/six-players.bgn",
    "examples/aggravation/team-play.bgn",
    "examples/barricade/four-players.bgn",
    "examples/barricade/two-players.bgn",
    "examples/offboard/club-final.bgn",
];

mod diff {
    use super::*;

    /// Writes the two copies and diffs them, with extra arguments.
    fn diff(a: &str, b: &str, extra: &[&str]) -> Output {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.bgn"), a).unwrap();
        std::fs::write(dir.path().join("b.bgn"), b).unwrap();
        let mut args = vec!["diff"];
        args.extend_from_slice(extra);
        args.extend(["a.bgn", "b.bgn"]);
        billes_in(dir.path(), &args)
    }

    const AGGRAVATION: &str = "examples/aggravation/four-players.bgn";
    const OFFBOARD: &str = "examples/offboard/club-final.bgn";

    #[test]
    fn identical_copies_are_the_same() {
        let a = example(OFFBOARD);
        let out = diff(&a, &a, &[]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_snapshot!("diff_identical", stdout(&out));
    }

    #[test]
    fn formatting_is_no_difference() {
        let a = example(OFFBOARD);
        // Tags in another order, no turn numbers, one long line, comments re-wrapped.
        let mut lines: Vec<&str> = a.lines().collect();
        let tags_end = lines.iter().position(|l| l.is_empty()).unwrap();
        lines[..tags_end].reverse();
        let (tags, moves) = lines.split_at(tags_end);
        let moves: Vec<String> = moves
            .iter()
            .map(|l| match l.split_once(". ") {
                Some((n, rest)) if n.trim().parse::<u32>().is_ok() => rest.to_string(),
                _ => l.to_string(),
            })
            .collect();
        let b = format!("{}\n\n{}\n", tags.join("\n"), moves.join("   "));
        assert_ne!(a, b);
        let out = diff(&a, &b, &[]);
        assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
        assert!(stdout(&out).contains(": the same\n"), "{}", stdout(&out));
    }

    #[test]
    fn comment_and_nag_changes_are_annotation_differences() {
        let a = example(OFFBOARD);
        let b = a
            .replace("{first blood: a red marble in t7}", "{first blood}")
            .replace("29. R f4:g4>nw*t12=3 !", "29. R f4:g4>nw*t12=3 !!");
        let out = diff(&a, &b, &[]);
        assert_eq!(out.status.code(), Some(1));
        assert_snapshot!("diff_comments", stdout(&out));
        let moves_only = diff(&a, &b, &["--moves-only"]);
        assert_eq!(moves_only.status.code(), Some(0), "{}", stdout(&moves_only));
    }

    #[test]
    fn a_changed_roll() {
        let a = example(AGGRAVATION);
        let b = edit_line(&a, "9. Y3 y9-y12", "9. Y4 y9-y12");
        let out = diff(&a, &b, &[]);
        assert_eq!(out.status.code(), Some(1));
        assert_snapshot!("diff_changed_roll", stdout(&out));
    }

    #[test]
    fn a_changed_move() {
        let a = example(AGGRAVATION);
        let b = edit_line(&a, "9. Y3 y9-y12", "9. Y3 --");
        let out = diff(&a, &b, &["--format", "json"]);
        assert_eq!(out.status.code(), Some(1));
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let game = &report["games"][0];
        assert_eq!(report["same"], false);
        assert_eq!(game["status"], "different");
        assert_eq!(game["divergence"]["turn"], 9);
        assert_eq!(game["divergence"]["a"], "9. Y3 y9-y12");
        assert_eq!(game["divergence"]["b"], "9. Y3 --");
        assert_eq!(game["replay"]["a"], serde_json::Value::Null);
        assert_eq!(game["replay"]["b"]["turn"], 9);
        assert_eq!(game["replay"]["b"]["kind"], "false_pass");
        assert_eq!(game["divergence"]["a_board_turn"], 9);
        assert_eq!(game["divergence"]["b_board_turn"], 8);
        assert_snapshot!("diff_changed_move_json", stdout(&out));
        let yaml = diff(&a, &b, &["--format", "yaml"]);
        let back: serde_json::Value = serde_yaml::from_slice(&yaml.stdout).unwrap();
        assert_eq!(back, report);
    }

    #[test]
    fn a_missing_turn() {
        let a = example(AGGRAVATION);
        let b = edit_line(&a, "7. B5 --", "");
        let out = diff(&a, &b, &[]);
        assert_eq!(out.status.code(), Some(1));
        assert_snapshot!("diff_missing_turn", stdout(&out));
    }

    #[test]
    fn games_are_matched_by_tags_whatever_their_order() {
        let games: Vec<String> = EXAMPLES[..3].iter().map(|p| example(p)).collect();
        let a = games.join("\n");
        let b = [&games[2], &games[0], &games[1]]
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        let out = diff(&a, &b, &[]);
        assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
        assert_snapshot!("diff_reordered", stdout(&out));
    }

    #[test]
    fn leftover_games_are_matched_by_order_then_reported_alone() {
        let games: Vec<String> = EXAMPLES[4..7].iter().map(|p| example(p)).collect();
        let a = games.join("\n");
        // B: the offboard game first, the four-player game with another
        // Round (so it only matches by order), and no two-player game.
        let retagged = games[0].replace("[Round \"3\"]", "[Round \"three\"]");
        assert_ne!(retagged, games[0]);
        let b = format!("{}\n{}", games[2], retagged);
        let out = diff(&a, &b, &["--format", "json"]);
        assert_eq!(out.status.code(), Some(1));
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let summary: Vec<(serde_json::Value, serde_json::Value, String, String)> = report["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                (
                    g["a_game"].clone(),
                    g["b_game"].clone(),
                    g["matched_by"].to_string(),
                    g["status"].to_string(),
                )
            })
            .collect();
        assert_debug_snapshot!("diff_leftovers", summary);
        assert_eq!(report["games"][0]["tags"][0]["name"], "Round");
    }

    #[test]
    fn a_syntax_error_is_an_error_with_a_caret() {
        let a = example(OFFBOARD);
        let b = edit_line(&a, "3. R b3>nw", "3. R b3>nw;");
        let out = diff(&a, &b, &[]);
        // The input is wrong: exit 1, as for every verb.
        assert_eq!(out.status.code(), Some(1));
        let err = stderr(&out);
        assert!(err.contains("error[syntax]"), "{err}");
        assert!(err.contains(" --> b.bgn:14:"), "{err}");
        assert!(err.contains('^'), "{err}");
        assert!(stdout(&out).is_empty());
    }

    #[test]
    fn an_unreadable_file_is_an_error() {
        let out = billes(&["diff", "examples/offboard/club-final.bgn", "no/such.bgn"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).contains("cannot read no/such.bgn"),
            "{}",
            stderr(&out)
        );
    }
}

mod annotate {
    use super::*;

    #[test]
    fn one_example_of_each_game() {
        for (path, name) in [
            (EXAMPLES[0], "aggravation"),
            (EXAMPLES[5], "barricade"),
            (EXAMPLES[6], "offboard"),
        ] {
            let out = billes(&["annotate", path]);
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            assert_snapshot!(format!("annotate_{name}"), stdout(&out));
        }
    }

    #[test]
    fn twice_is_once_and_strip_undoes_it() {
        let dir = tempfile::tempdir().unwrap();
        for path in EXAMPLES {
            let once = billes(&["annotate", path]);
            assert_eq!(once.status.code(), Some(0), "{path}");
            let file = dir.path().join("once.bgn");
            std::fs::write(&file, &once.stdout).unwrap();
            let twice = billes_in(dir.path(), &["annotate", "once.bgn"]);
            assert_eq!(stdout(&twice), stdout(&once), "{path}");
            // Annotations survive the canonical writer unchanged.
            let check = billes_in(dir.path(), &["fmt", "--check", "once.bgn"]);
            assert_eq!(check.status.code(), Some(0), "{path}");
            let stripped = billes_in(dir.path(), &["annotate", "--strip", "once.bgn"]);
            let canonical = billes(&["fmt", path]);
            assert_eq!(stdout(&stripped), stdout(&canonical), "{path}");
        }
    }

    #[test]
    fn other_comments_nags_and_variations_are_kept() {
        let record = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n\
                      1. R6 + ! {@home is far} {@ stale note}\n\
                      2. R1 r9-r10 {mine} (2. R6 r9-b1 {@ old})\n3. B3 --\n*\n";
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("g.bgn"), record).unwrap();
        let out = billes_in(dir.path(), &["annotate", "g.bgn"]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_snapshot!("annotate_keeps_comments", stdout(&out));
        let stripped = billes_in(dir.path(), &["annotate", "--strip", "g.bgn"]);
        let text = stdout(&stripped);
        assert!(text.contains("1. R6 + ! {@home is far}\n"), "{text}");
        assert!(
            text.contains("2. R1 r9-r10 {mine} (2. R6 r9-b1)\n"),
            "{text}"
        );
    }

    #[test]
    fn in_place_rewrites_and_keeps_the_original_on_error() {
        let dir = tempfile::tempdir().unwrap();
        let good = dir.path().join("good.bgn");
        std::fs::write(&good, example(EXAMPLES[6])).unwrap();
        let out = billes_in(dir.path(), &["annotate", "--in-place", "good.bgn"]);
        assert_eq!(out.status.code(), Some(0));
        assert!(stdout(&out).is_empty());
        let annotated = std::fs::read_to_string(&good).unwrap();
        assert_eq!(annotated, stdout(&billes(&["annotate", EXAMPLES[6]])));

        let invalid = example("examples/aggravation/invalid/jump-own-marble.bgn");
        let bad = dir.path().join("bad.bgn");
        std::fs::write(&bad, &invalid).unwrap();
        let out = billes_in(dir.path(), &["annotate", "--in-place", "bad.bgn"]);
        assert_eq!(out.status.code(), Some(1));
        assert!(
            stderr(&out).contains("error[illegal_move]"),
            "{}",
            stderr(&out)
        );
        assert_eq!(std::fs::read_to_string(&bad).unwrap(), invalid);

        let broken = "[Game \"offboard\"]\n\n1. R c4>ne;\n*\n";
        std::fs::write(&bad, broken).unwrap();
        let out = billes_in(dir.path(), &["annotate", "--in-place", "bad.bgn"]);
        assert_eq!(out.status.code(), Some(1));
        assert!(stderr(&out).contains("error[syntax]"), "{}", stderr(&out));
        assert_eq!(std::fs::read_to_string(&bad).unwrap(), broken);
        let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(leftovers, 2, "no temporary file is left behind");
    }

    /// Each game is written as it is done: in place, to a temporary file
    /// that replaces the file only when every game is annotated (a game
    /// that fails late leaves the file as it was, several games already
    /// written to the temporary file); on standard output, the output stops
    /// before the first game that fails, every mistake still reported.
    #[test]
    fn a_game_that_fails_after_others_were_written() {
        let dir = tempfile::tempdir().unwrap();
        let good = example(EXAMPLES[6]);
        let invalid = example("examples/aggravation/invalid/jump-own-marble.bgn");
        let broken = "[Game \"offboard\"]\n\n1. R c4>ne;\n*\n";
        let games = [&good, &good, &invalid, &good, broken, &good].map(|g| g.trim_end());
        let text = games.join("\n\n") + "\n";
        // CRLF and a byte-order mark, kept by a rewrite that succeeds.
        let crlf = format!("\u{feff}{}", text.replace('\n', "\r\n"));
        std::fs::write(dir.path().join("many.bgn"), &crlf).unwrap();
        let out = billes_in(dir.path(), &["annotate", "--in-place", "many.bgn"]);
        assert_eq!(out.status.code(), Some(1));
        let err = stderr(&out);
        assert!(err.contains("error[illegal_move]"), "{err}");
        assert!(err.contains("error[syntax]"), "{err}");
        assert!(
            err.contains("many.bgn not annotated, nothing written"),
            "{err}"
        );
        let file = std::fs::read_to_string(dir.path().join("many.bgn")).unwrap();
        assert_eq!(file, crlf);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);

        let out = billes_in(dir.path(), &["annotate", "many.bgn"]);
        assert_eq!(out.status.code(), Some(1));
        let alone = stdout(&billes(&["annotate", EXAMPLES[6]]));
        assert_eq!(stdout(&out), format!("{alone}\n{alone}"));
        let err = stderr(&out);
        assert!(err.contains("error[illegal_move]"), "{err}");
        assert!(err.contains("error[syntax]"), "{err}");
        assert!(
            err.contains("the output stops before the first game that failed (2 games written)"),
            "{err}"
        );

        // Without the bad games, the file is rewritten in its encoding.
        let fixed = [&good, &good, &good].map(|g| g.trim_end()).join("\n\n") + "\n";
        let crlf = format!("\u{feff}{}", fixed.replace('\n', "\r\n"));
        std::fs::write(dir.path().join("many.bgn"), &crlf).unwrap();
        let out = billes_in(dir.path(), &["annotate", "--in-place", "many.bgn"]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let expected = format!("{alone}\n{alone}\n{alone}");
        let file = std::fs::read_to_string(dir.path().join("many.bgn")).unwrap();
        assert_eq!(file, format!("\u{feff}{}", expected.replace('\n', "\r\n")));
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    /// A file that may not be rewritten is refused before its games are
    /// annotated or analysed.
    #[cfg(unix)]
    #[test]
    fn a_file_that_may_not_be_rewritten_is_refused_before_any_work() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ro.bgn");
        // A game that does not replay: had it been read, it would be reported.
        let invalid = example("examples/aggravation/invalid/jump-own-marble.bgn");
        std::fs::write(&path, &invalid).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        let out = billes_in(dir.path(), &["annotate", "--in-place", "ro.bgn"]);
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        assert!(err.contains("is read-only"), "{err}");
        assert!(!err.contains("illegal_move"), "{err}");
    }

    #[test]
    fn in_place_needs_a_file() {
        let out = billes(&["annotate", "--in-place", "-"]);
        assert_eq!(out.status.code(), Some(2));
    }
}

mod replay {
    use super::*;

    #[test]
    fn from_to_on_each_game() {
        for (path, name) in [
            (EXAMPLES[0], "aggravation"),
            (EXAMPLES[5], "barricade"),
            (EXAMPLES[6], "offboard"),
        ] {
            let out = billes(&["replay", path, "--from", "10", "--to", "11", "--describe"]);
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            let text = stdout(&out);
            assert!(text.starts_with("before turn 10\n"), "{text}");
            assert_snapshot!(format!("replay_from_to_{name}"), text);
        }
    }

    #[test]
    fn from_the_start_and_to_the_end() {
        let path = EXAMPLES[6];
        let all = stdout(&billes(&["replay", path]));
        let to = stdout(&billes(&["replay", path, "--to", "2"]));
        assert!(to.starts_with("start\n"), "{to}");
        assert!(all.starts_with(&to), "a prefix of the whole listing");
        assert!(to.contains("\n2. B i9:h8>sw\n"), "{to}");
        assert!(!to.contains("\n3. "), "{to}");
        let from = stdout(&billes(&["replay", path, "--from", "46"]));
        assert!(from.trim_end().ends_with("=B"), "{from}");
        assert!(all.ends_with(from.split_once("\n46. ").unwrap().1));
    }

    #[test]
    fn bad_ranges_are_usage_errors() {
        let path = EXAMPLES[5];
        for args in [
            &["--from", "5", "--to", "4"][..],
            &["--to", "100000"],
            &["--from", "100000"],
            &["--from", "2", "--at", "3"],
        ] {
            let mut all = vec!["replay", path];
            all.extend_from_slice(args);
            let out = billes(&all);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
        }
    }

    #[test]
    fn an_invalid_record_is_listed_up_to_its_mistake() {
        let out = billes(&[
            "replay",
            "examples/aggravation/invalid/jump-own-marble.bgn",
            "--from",
            "1",
            "--describe",
        ]);
        assert_eq!(out.status.code(), Some(1));
        assert!(stdout(&out).starts_with("start\n"));
        assert!(stderr(&out).contains("error[illegal_move]"));
    }
}
