//! The referee's experience (issue 19): every mistake of a game in one run,
//! errors that say what was probably meant, the legal moves nearest to what
//! was written, complete marks.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::common::{stderr, text};
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn billes(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_billes"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// `record` written to `name` in a fresh folder, then `billes validate`
/// with `args` before the file name: the folder (kept alive) and the output.
fn validate(name: &str, record: &str, args: &[&str]) -> (tempfile::TempDir, Output) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), record).unwrap();
    let mut all = vec!["validate"];
    all.extend_from_slice(args);
    all.push(name);
    let out = billes(&all, dir.path());
    (dir, out)
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap()
}

fn kinds(report: &serde_json::Value) -> Vec<String> {
    report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["kind"].as_str().unwrap().to_string())
        .collect()
}

/// Six slips in one Aggravation game: a false capture mark, G's turn left
/// out, a roll that does not fit the move, a turn number skipped, a move
/// that cannot be played (where the check stops) and a `Result` tag that
/// disagrees with the result token.
const SIX_SLIPS: &str = "[Game \"aggravation\"]
[Seats \"R G\"]
[Result \"G\"]

1. R6 +
2. R1 r9-r10*
3. R1 r10-r11
4. G6 +
5. G2 g9-g12
7. R2 r11-r13
8. G3 g9-g12
9. R5 r13-r99
*
";

#[test]
fn every_mistake_of_a_game_is_reported_in_one_run() {
    let (_dir, out) = validate("club.bgn", SIX_SLIPS, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert_snapshot!("six_slips_text", text(&out.stdout));
}

#[test]
fn the_json_report_lists_every_mistake_and_counts_them() {
    let (_dir, out) = validate("club.bgn", SIX_SLIPS, &["--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let report = json(&out);
    assert_eq!(report["games"], 1);
    assert_eq!(report["invalid"], 1);
    assert_eq!(report["mistakes"], 6);
    assert_eq!(
        kinds(&report),
        [
            "effect",
            "seat",
            "roll",
            "turn_number",
            "illegal_move",
            "result"
        ]
    );
    let errors = report["errors"].as_array().unwrap();
    assert_eq!(
        errors[1]["message"],
        "G's turn is missing: it is G's turn to roll, not R's"
    );
    assert_eq!(errors[1]["turn"], 3);
    // The roll that does not fit: the check goes on with the one that does.
    assert_eq!(
        errors[2]["note"],
        "the written move is played with a roll of 3: the check goes on"
    );
    // The move that cannot be played stops the check: turn 9's slip is
    // not reported, and the note says why.
    assert_eq!(errors[4]["turn"], 8);
    assert_eq!(
        errors[4]["note"],
        "the position after this turn cannot be known: the rest of the game is not checked"
    );
    assert_eq!(errors[5]["line"], 3);
}

#[test]
fn a_missing_turn_and_the_number_it_shifts_are_one_mistake() {
    let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R1 +\n3. R2 r9-r11\n4. G1 +\n*\n";
    let (_dir, out) = validate("skip.bgn", record, &["--format", "json"]);
    let report = json(&out);
    assert_eq!(kinds(&report), ["seat"]);
    assert_eq!(
        report["errors"][0]["message"],
        "G's turn is missing: it is G's turn to roll, not R's"
    );
    // Numbered in order, the turn left out is one mistake too: the check
    // goes on with Y, then R is to roll as written.
    let record = "[Game \"aggravation\"]\n[Seats \"R G Y\"]\n\n1. R1 +\n2. Y1 +\n3. R2 r9-r11\n*\n";
    let (_dir, out) = validate("skip.bgn", record, &["--format", "json"]);
    let report = json(&out);
    assert_eq!(kinds(&report), ["seat"]);
    assert_eq!(
        report["errors"][0]["message"],
        "G's turn is missing: it is G's turn to roll, not Y's"
    );
}

#[test]
fn a_slipped_seat_letter_a_roll_without_dice_and_a_false_mark_are_told_and_passed() {
    let record = "[Game \"offboard\"]
[Seats \"R B\"]

1. R c4>ne
2. R3 i9:h8>sw
3. R b3>nw
4. B h8:g7>sw*
5. R c3>ne
*
";
    let (_dir, out) = validate("final.bgn", record, &["--format", "json"]);
    let report = json(&out);
    assert_eq!(kinds(&report), ["seat", "roll", "effect"]);
    assert_eq!(
        report["errors"][0]["message"],
        "the turn is written for R, but its move is B's: B is to move, not R"
    );
    // Each slip was mended: the check went on, every turn checked.
    assert_eq!(report["turns"], 5);
}

#[test]
fn a_false_pass_goes_on_with_the_next_seat() {
    let record = "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R4 --\n2. B6 h-j1\n3. B3 j1-i3#\n4. R3 h-a1\n*\n";
    let (_dir, out) = validate("pass.bgn", record, &["--format", "json"]);
    let report = json(&out);
    assert_eq!(kinds(&report), ["false_pass"]);
    assert_eq!(
        report["errors"][0]["note"],
        "the check goes on with B's turn"
    );
}

#[test]
fn the_summary_counts_games_and_mistakes() {
    let valid = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R1 +\n2. G1 +\n*\n";
    let (_dir, out) = validate("two.bgn", &format!("{valid}\n{SIX_SLIPS}"), &[]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.ends_with(
            "checked 1 file, 2 games, 8 turns: 1 valid, 1 invalid; 6 mistakes \
             (effect: 1, illegal_move: 1, result: 1, roll: 1, seat: 1, turn_number: 1)\n"
        ),
        "{stdout}"
    );
}

#[test]
fn long_legal_lists_show_the_nearest_moves_first() {
    // 26 legal moves at Offboard's start; the one meant moves c4.
    let record = "[Game \"offboard\"]\n[Seats \"R B\"]\n\n1. R c4>se\n*\n";
    let (_dir, out) = validate("legal.bgn", record, &[]);
    let stdout = text(&out.stdout);
    let legal = stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("= note: legal: "))
        .unwrap();
    let shown: Vec<&str> = legal.split(' ').collect();
    assert!(shown[..4].iter().all(|m| m.starts_with("c4>")), "{legal}");
    assert!(legal.ends_with(" more"), "{legal}");
    assert_eq!(shown.len(), 8 + 3, "{legal}");
    // The JSON report keeps them all, nearest first.
    let (_dir, out) = validate("legal.bgn", record, &["--format", "json"]);
    let all = json(&out)["errors"][0]["legal"].as_array().unwrap().clone();
    assert!(all.len() > 8);
    assert_eq!(all.len(), 26);
    assert!(all[0].as_str().unwrap().starts_with("c4>"));
}

#[test]
fn typing_slips_get_a_hint_on_the_bad_token() {
    let slips = [
        (
            "letter-o",
            "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R6 r9-bO\n*\n",
        ),
        (
            "capital",
            "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R2 B11-b13\n*\n",
        ),
        (
            "dash-line",
            "[Game \"offboard\"]\n[Seats \"R B\"]\n\n1. R a5-b5>nw\n*\n",
        ),
        (
            "glued",
            "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6+\n*\n",
        ),
    ];
    let mut all = String::new();
    for (name, record) in slips {
        let (_dir, out) = validate(&format!("{name}.bgn"), record, &[]);
        assert_eq!(out.status.code(), Some(1), "{name}");
        all.push_str(&text(&out.stdout));
    }
    assert_snapshot!("typing_slips", all);
}

/// A Barricade game whose record leaves out two marks: B's pawns take the
/// barricades of q3 and m3 (`#`).
const BARE: &str = "[Game \"barricade\"]
[Seats \"R B\"]

1. R3 h-a1
2. B5 h-q3
3. R2 h-d1
4. B5 h-m3 #c4
*
";

#[test]
fn strict_reports_each_missing_mark() {
    let (_dir, out) = validate("bare.bgn", BARE, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let (_dir, out) = validate("bare.bgn", BARE, &["--strict"]);
    assert_eq!(out.status.code(), Some(1));
    assert_snapshot!("strict_text", text(&out.stdout));
    let (_dir, out) = validate("bare.bgn", BARE, &["--strict", "--format", "json"]);
    let report = json(&out);
    assert_eq!(kinds(&report), ["effect", "effect"]);
    assert_eq!(report["valid"], 0);
    assert_eq!(report["mistakes"], 2);
}

#[test]
fn fmt_marks_writes_every_mark_the_moves_imply() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bare.bgn"), BARE).unwrap();
    let out = billes(&["fmt", "--marks", "bare.bgn"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let marked = text(&out.stdout);
    assert!(marked.contains("2. B5 h-q3#\n"), "{marked}");
    assert!(marked.contains("4. B5 h-m3# #c4\n"), "{marked}");
    // Written back, the record passes the strict check.
    std::fs::write(dir.path().join("bare.bgn"), &marked).unwrap();
    let out = billes(&["validate", "--strict", "bare.bgn"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    // `--check --marks` lists a record that lacks marks.
    std::fs::write(dir.path().join("bare.bgn"), BARE).unwrap();
    let out = billes(&["fmt", "--check", "--marks", "bare.bgn"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "bare.bgn\n");
    // A game with a move that cannot be played: its marks are written up
    // to it, where the check stops, and its mistake told.
    let bad = BARE.replace("3. R2 h-d1", "3. R2 h-q9");
    std::fs::write(dir.path().join("bad.bgn"), &bad).unwrap();
    let out = billes(&["fmt", "--marks", "bad.bgn"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("2. B5 h-q3#\n"));
    assert!(text(&out.stdout).contains("4. B5 h-m3 #c4\n"));
    assert!(
        text(&out.stderr).contains("bad.bgn:6:7: game 1: there is no point q9 on the board"),
        "{}",
        text(&out.stderr)
    );
    // A roll that does not fit the move: the check goes on past it, as
    // billes validate's does, and writes the marks after it.
    let roll = BARE.replace("1. R3 h-a1", "1. R4 h-a1");
    std::fs::write(dir.path().join("roll.bgn"), roll).unwrap();
    let out = billes(&["fmt", "--marks", "roll.bgn"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("2. B5 h-q3#\n"),
        "{}",
        text(&out.stdout)
    );
    assert!(text(&out.stdout).contains("4. B5 h-m3# #c4\n"));
    assert!(
        text(&out.stderr).starts_with("billes: error: roll.bgn:4:7: game 1: "),
        "{}",
        text(&out.stderr)
    );
    assert!(text(&out.stderr).contains("the check goes on"));
}

/// Every record shown in the README and the notation's chapters validates;
/// a block of tags alone (a `Position` example) is checked as a record
/// without turns of the chapter's game.
#[test]
fn records_in_the_docs_validate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for (doc, game) in [
        ("README.md", "aggravation"),
        ("notation/SPEC.md", "aggravation"),
        ("notation/aggravation.md", "aggravation"),
        ("notation/barricade.md", "barricade"),
        ("notation/offboard.md", "offboard"),
    ] {
        let doc_text = std::fs::read_to_string(root.join(doc)).unwrap();
        for block in doc_text.split("```").skip(1).step_by(2) {
            let body = block.split_once('\n').map_or("", |(_, b)| b);
            if !body.starts_with('[') {
                continue;
            }
            let mut record = String::new();
            if !body.contains("[Game ") {
                record.push_str(&format!("[Game \"{game}\"]\n"));
            }
            record.push_str(body);
            if body.lines().last().is_some_and(|l| l.starts_with('[')) {
                record.push_str("\n*\n");
            }
            let name = format!("doc{checked}.bgn");
            std::fs::write(dir.path().join(&name), &record).unwrap();
            let out = billes(&["validate", &name], dir.path());
            assert_eq!(
                out.status.code(),
                Some(0),
                "{doc}:\n{record}\n{}",
                text(&out.stdout)
            );
            checked += 1;
        }
    }
    assert!(checked >= 3, "only {checked} records found");
}

/// A letter l for a one in a hole or point name gets a "did you mean".
#[test]
fn a_letter_for_a_digit_in_a_name_gets_a_did_you_mean() {
    let cases = [
        (
            "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R1 rl3-r14\n*\n",
            "there is no hole rl3 on this board: did you mean r13? (a letter l for a one)",
        ),
        (
            "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R3 h-al\n*\n",
            "there is no point al on the board: did you mean a1? (a letter l for a one)",
        ),
    ];
    for (record, message) in cases {
        let (_dir, out) = validate("l.bgn", record, &["--format", "json"]);
        let report = json(&out);
        assert_eq!(report["errors"][0]["message"], message);
    }
}

/// One marble written where only a line pushes: the message says a single
/// marble cannot push, and the line move comes first of the legal ones.
#[test]
fn a_single_marble_pushing_is_told_the_line_move_first() {
    let record = "[Game \"offboard\"]\n[Seats \"R B\"]\n[Position \"R:f6 B:g6,h6 move=B\"]\n\n1. B g6>se\n*\n";
    let (_dir, out) = validate("push.bgn", record, &["--format", "json"]);
    let report = json(&out);
    let error = &report["errors"][0];
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("a single marble never does"),
        "{error}"
    );
    assert_eq!(error["legal"][0], "h6:g6>se");
}

/// A broadside (a line moving sideways, under a variant that has them)
/// onto an occupied cell is told that a broadside never pushes, not that a
/// single marble does not.
#[test]
fn a_broadside_onto_a_marble_is_told_a_broadside_never_pushes() {
    let record = "[Game \"offboard\"]\n[Rules \"abalone\"]\n[Seats \"R B\"]\n[Position \"R:b5,c1 B:a4,a5,i9 move=B\"]\n\n1. B a4:a5>ne\n*\n";
    let (_dir, out) = validate("side.bgn", record, &["--format", "json"]);
    let report = json(&out);
    let message = report["errors"][0]["message"].as_str().unwrap().to_string();
    assert_eq!(
        message,
        "b5 is not free: a line moving sideways (a broadside) moves every marble to a free cell and never pushes"
    );
}

/// A position with a pawn on a standard barricade's point names the point,
/// and says where the barricades are when `bar=` is not given.
#[test]
fn a_pawn_on_a_barricade_names_the_point() {
    let out = billes(
        &[
            "moves",
            "--game-kind",
            "barricade",
            "--seats",
            "R B",
            "--position",
            "R:i13,e5 B:o3 move=R",
        ],
        Path::new("."),
    );
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("a barricade and a pawn on the same point, i13 (without bar=, the barricades stand on their starting points"),
        "{err}"
    );
    let out = billes(
        &[
            "moves",
            "--game-kind",
            "barricade",
            "--seats",
            "R B",
            "--position",
            "R:i13,e5 B:o3 bar=e5 move=R",
        ],
        Path::new("."),
    );
    let err = stderr(&out);
    assert!(
        err.contains("the same point, e5") && !err.contains("without bar="),
        "{err}"
    );
}

/// A syntax error no longer hides the game's other mistakes: a typo is
/// read as its did-you-mean says, or as the one move of its roll the turns
/// after it replay from (issue 42), and the check goes on; each later
/// syntax error is told, and the game keeps its tags in every report.
#[test]
fn a_syntax_error_leaves_the_rest_of_the_game_checked() {
    let record = "[Game \"aggravation\"]\n[Event \"Club\"]\n[Seats \"R G\"]\n[Result \"R\"]\n\n\
                  1. R6 +\n2. R1 r9-r10*\n3. R1 r10-r11\n4. G6 +\n5. G2 g9 g11\n6. R3 r11-b0 7. G1 g9-\n8. R1 b0-b1\n*\n";
    let (dir, out) = validate("typo.bgn", record, &["--format", "json"]);
    let report = json(&out);
    // Followed to its end, the game's Result tag is checked against its
    // result token too.
    assert_eq!(
        kinds(&report),
        ["effect", "seat", "result", "syntax", "syntax"]
    );
    // Turn 5 is read as g9-g11, G's only move; turn 7 (G1: g11-g12 or a
    // marble entered, either fits turn 8) cannot be known.
    let mut errors = report["errors"].as_array().unwrap().clone();
    errors.remove(2);
    let report = serde_json::json!({"errors": errors, "turns": report["turns"]});
    assert_eq!(
        report["errors"][2]["note"],
        "read as g9-g11, the one move of the roll the next turn replays from: the check goes on"
    );
    assert!(
        report["errors"][3]["note"]
            .as_str()
            .unwrap()
            .starts_with("this turn cannot be read, and 2 moves of the roll fit the next turn"),
        "{report}"
    );
    assert_eq!(report["turns"], 6);
    assert_eq!(report["errors"][3]["line"], 11);
    let out = super::common::billes_in(dir.path(), &["validate", "typo.bgn", "--format", "jsonl"]);
    let game: serde_json::Value =
        serde_json::from_slice(out.stdout.split(|&b| b == b'\n').next().unwrap()).unwrap();
    assert_eq!(game["tags"]["Event"], "Club", "{game}");
    assert_eq!(game["tags"]["Result"], "R", "{game}");
    let out = super::common::billes_in(dir.path(), &["validate", "typo.bgn", "--by-event"]);
    assert!(text(&out.stdout).contains("Club "), "{}", text(&out.stdout));
}

/// A typo in a turn mid-game: the mistakes after it are found, in the
/// order of the record, and a name with a letter for a digit is read as
/// the one meant.
#[test]
fn the_check_goes_on_past_a_typo() {
    let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n\
                  1. R6 +\n2. R4 r9-rl3\n3. G1 +\n4. R1 r13-bO\n5. G3 g9-g12*\n6. R2 b0-b2\n*\n";
    let (_dir, out) = validate("typo.bgn", record, &["--format", "json"]);
    let report = json(&out);
    assert_eq!(
        kinds(&report),
        ["illegal_move", "syntax", "effect"],
        "{report}"
    );
    let errors = report["errors"].as_array().unwrap();
    assert_eq!(errors[0]["note"], "read as r13: the check goes on");
    assert_eq!(errors[1]["note"], "read as b0: the check goes on");
    assert_eq!(errors[2]["turn"], 5);
    assert_eq!(report["turns"], 6);
}

/// A put-down where a barricade may not go (`#d1`, a slip for the point
/// meant) is one mistake: the barricade, its point unknown, is taken off
/// the board, R's next turn (which puts down nothing: the record put it
/// down already) is no mistake, and the check goes on to the end.
#[test]
fn a_put_down_where_a_barricade_may_not_go_is_one_mistake() {
    let record = "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R5 h-e3#\n2. B1 h-o1\n3. R1 e3-e2 #d1\n4. B1 o1-p1\n5. R1 e2-e1\n6. B1 p1-q1*\n7. R2 e1-c1\n*\n";
    let (_dir, out) = validate("owed.bgn", record, &["--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let report = json(&out);
    assert_eq!(kinds(&report), ["illegal_move", "effect"]);
    let errors = report["errors"].as_array().unwrap();
    assert_eq!(errors[0]["turn"], 3);
    assert_eq!(errors[0]["message"], "a barricade cannot go on row 1 (d1)");
    assert_eq!(
        errors[0]["note"],
        "the move is played; the point R meant is not known, so its barricade is taken off the board: the check goes on"
    );
    assert_eq!(errors[1]["turn"], 6);
    assert_eq!(report["turns"], 7);
}
