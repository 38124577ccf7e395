//! `billes run` and `billes filter`, end to end: the shipped example scripts
//! on the shipped examples and on simulated archives (snapshots), the same
//! output for any `--jobs`, the errors a script gets, and the selections.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::Output;

use super::common::{billes, billes_in, root, stderr, stdout, write};

/// The valid examples: every folder of examples but the invalid ones.
const VALID: [&str; 8] = [
    "examples/aggravation/four-players.bgn",
    "examples/aggravation/partnership.bgn",
    "examples/aggravation/six-players.bgn",
    "examples/aggravation/team-play.bgn",
    "examples/aggravation/house-rules",
    "examples/barricade/house-rules",
    "examples/offboard/club-final.bgn",
    "examples/offboard/house-rules",
];

const SCRIPTS: [&str; 6] = [
    "standings",
    "aggravated",
    "game-length",
    "first-player",
    "comebacks",
    "sixes-passed",
];

fn run_script(name: &str, paths: &[&str], extra: &[&str]) -> Output {
    let script = format!("examples/scripts/{name}.lua");
    let mut args = vec!["run", script.as_str()];
    args.extend(paths);
    args.extend(extra);
    billes(&args)
}

#[test]
fn each_example_script_on_the_shipped_examples() {
    let mut paths: Vec<&str> = VALID.to_vec();
    paths.push("examples/barricade/two-players.bgn");
    paths.push("examples/barricade/four-players.bgn");
    for name in SCRIPTS {
        let out = run_script(name, &paths, &["--format", "csv"]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{name}");
        assert_snapshot!(format!("examples_{name}"), stdout(&out));
    }
}

#[test]
fn comebacks_selects_the_games_as_bgn() {
    let out = run_script("comebacks", &VALID, &["--select"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("[Game \"aggravation\"]"), "{text}");
    assert_eq!(text.matches("[Game ").count(), 1, "{text}");
    // What is written is a record billes reads back as valid.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("kept.bgn"), &text).unwrap();
    std::fs::copy(
        root().join("examples/aggravation/house-rules/partners-safe.bgn"),
        dir.path().join("original.bgn"),
    )
    .unwrap();
    let diff = billes_in(dir.path(), &["diff", "kept.bgn", "original.bgn"]);
    assert_eq!(diff.status.code(), Some(0), "{}", stdout(&diff));
}

/// A simulated archive of `games` games of each game, in one folder.
fn simulated(dir: &Path, games: &str) {
    for (game, players, seed) in [
        ("aggravation", "4", "1"),
        ("aggravation", "6", "2"),
        ("barricade", "3", "3"),
        ("offboard", "2", "4"),
    ] {
        let file = format!("{game}-{players}.bgn");
        let out = billes_in(
            dir,
            &[
                "simulate",
                "--game",
                game,
                "--players",
                players,
                "--games",
                games,
                "--seed",
                seed,
                "--output",
                &file,
            ],
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    }
}

#[test]
fn each_example_script_on_a_simulated_archive_for_any_jobs() {
    let dir = tempfile::tempdir().unwrap();
    simulated(dir.path(), "12");
    let script = |name: &str| root().join(format!("examples/scripts/{name}.lua"));
    for name in SCRIPTS {
        let s = script(name);
        let s = s.to_str().unwrap();
        let one = billes_in(
            dir.path(),
            &["run", s, ".", "--format", "json", "--jobs", "1"],
        );
        assert_eq!(one.status.code(), Some(0), "{name}: {}", stderr(&one));
        let four = billes_in(
            dir.path(),
            &["run", s, ".", "--format", "json", "--jobs", "4"],
        );
        assert_eq!(four.status.code(), Some(0), "{name}: {}", stderr(&four));
        assert_eq!(
            one.stdout, four.stdout,
            "{name}: --jobs 1 and --jobs 4 differ"
        );
        assert_snapshot!(format!("simulated_{name}"), stdout(&one));
    }
    // The selection too.
    let s = script("comebacks");
    let s = s.to_str().unwrap();
    let one = billes_in(dir.path(), &["run", s, ".", "--select", "-j", "1"]);
    let four = billes_in(dir.path(), &["run", s, ".", "--select", "-j", "4"]);
    assert_eq!(one.stdout, four.stdout);
}

const GAME: &str = "[Game \"aggravation\"]\n[Seats \"R G\"]\n[Red \"Ann\"]\n\n\
                    1. R6 + {in} !\n2. R3 r9-r12\n3. G2 --\n4. R5 r12-b3 *\n";

#[test]
fn every_format_of_the_rows() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "g.bgn", GAME);
    write(
        dir.path(),
        "s.lua",
        "return { columns = { 'n', 'text' },\n\
         turn = function(t) emit { n = t.number, text = t.text, kind = t.kind, to = t.to,\n\
           roll = t.roll, comments = table.concat(t.comments, '|'), nags = #t.nags,\n\
           legal = table.concat(t.legal, ' '), half = t.number / 2, pass = t.kind == 'pass' } end }\n",
    );
    let mut all = String::new();
    for format in ["table", "csv", "jsonl", "json"] {
        let out = billes_in(dir.path(), &["run", "s.lua", "g.bgn", "--format", format]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        all.push_str(&format!("--- {format}\n{}", stdout(&out)));
    }
    assert_snapshot!("every_format_of_the_rows", all);
}

#[test]
fn the_game_table_and_views() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "g.bgn", GAME);
    write(
        dir.path(),
        "s.lua",
        "return {\n\
         game = function(g) emit { at = 'game', file = g.file, index = g.index, game = g.game,\n\
           seats = table.concat(g.seats, ' '), teams = #g.teams, result = g.result,\n\
           turns = g.turns, rules = g.rules, red = g.players.R, tag = g.tags.Red } end,\n\
         turn = function(t, before, after)\n\
           emit { at = 'turn ' .. t.number, before = table.concat(before.pieces('R'), ','),\n\
             after = table.concat(after:pieces('R'), ','), reserve = after.reserve('R') } end,\n\
         game_end = function(g) emit { at = 'end', winners = g.winners == nil } end,\n\
         finish = function() emit { at = 'finish' } end }\n",
    );
    let out = billes_in(dir.path(), &["run", "s.lua", "g.bgn", "--format", "jsonl"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_snapshot!("the_game_table_and_views", stdout(&out));
}

#[test]
fn game_returning_false_skips_the_turns_but_not_game_end() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "g.bgn", GAME);
    write(
        dir.path(),
        "s.lua",
        "local n = 0\nreturn { game = function() return false end,\n\
         turn = function() n = n + 1 end,\n\
         game_end = function() emit { turns_seen = n } end }\n",
    );
    let out = billes_in(dir.path(), &["run", "s.lua", "g.bgn", "--format", "csv"]);
    assert_eq!(stdout(&out), "turns_seen\n0\n");
}

#[test]
fn invalid_records_are_reported_and_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let bad = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R3 r9-r12 *\n";
    write(dir.path(), "g.bgn", format!("{GAME}\n{bad}\n{GAME}"));
    write(
        dir.path(),
        "s.lua",
        "return { game = function(g) emit { index = g.index } end }\n",
    );
    let out = billes_in(dir.path(), &["run", "s.lua", "g.bgn", "--format", "csv"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "index\n1\n3\n");
    let err = stderr(&out);
    assert!(err.contains("error[illegal_move]"), "{err}");
    assert!(err.contains("in game 2"), "{err}");
    assert!(err.contains("1 of 3 games invalid, skipped"), "{err}");
}

/// `filter --invalid` writes the invalid games: its count says so, and how
/// many a selection left out.
#[test]
fn filter_invalid_counts_the_invalid_games_it_writes() {
    let dir = tempfile::tempdir().unwrap();
    let bad = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R3 r9-r12 *\n";
    let other = bad.replace("[Seats", "[Event \"other\"]\n[Seats");
    write(
        dir.path(),
        "g.bgn",
        format!("{GAME}\n{bad}\n{GAME}\n{other}"),
    );
    let out = billes_in(dir.path(), &["filter", "g.bgn", "--invalid", "-q"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(err, "billes: 2 of 4 games invalid; 2 written (--invalid)\n");
    let out = billes_in(
        dir.path(),
        &["filter", "g.bgn", "--invalid", "-q", "--tag", "Event=other"],
    );
    assert_eq!(
        stderr(&out),
        "billes: 2 of 4 games invalid; 1 written (--invalid)\n"
    );
    assert!(stdout(&out).contains("other"), "{}", stdout(&out));
}

#[test]
fn script_errors_name_the_script_line_and_the_record() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "g.bgn", GAME);
    let cases = [
        (
            "runtime.lua",
            "return {\n  turn = function(t)\n    if t.number == 2 then error('boom') end\n  end }\n",
        ),
        (
            "budget.lua",
            "return { turn = function(t)\n  while true do end\nend }\n",
        ),
        ("syntax.lua", "return { turn = function(t) end\n"),
        ("field.lua", "return { turns = function(t) end }\n"),
        (
            "emit.lua",
            "return { game = function(g)\n  emit { g.tags }\nend }\n",
        ),
        (
            "legal.lua",
            "local saved\nreturn { turn = function(t) saved = saved or t end,\n\
             finish = function() return saved.legal end }\n",
        ),
        (
            "stale.lua",
            "local saved\nreturn { turn = function(t)\n  if saved then return saved.legal end\n  saved = t\nend }\n",
        ),
        (
            "memory.lua",
            // (a megabyte made by `..`: string.rep would spend the budget
            // on its bytes before the memory runs out)
            "local t, s = {}, 'x' for i = 1, 20 do s = s .. s end\nreturn { game = function(g)\n  for i = 1, 100 do t[i] = s .. i end\nend }\n",
        ),
    ];
    let mut all = String::new();
    for (name, text) in cases {
        write(dir.path(), name, text);
        let out = billes_in(dir.path(), &["run", name, "g.bgn"]);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", stderr(&out));
        all.push_str(&format!("--- {name}\n{}", stderr(&out)));
    }
    let missing = billes_in(dir.path(), &["run", "missing.lua", "g.bgn"]);
    assert_eq!(missing.status.code(), Some(2));
    assert_snapshot!("script_errors", all);
}

#[test]
fn run_exits_0_valid_1_wrong_input_2_usage_or_io() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "g.bgn", GAME);
    write(
        dir.path(),
        "syntax.bgn",
        "[Game \"aggravation\"]\n\n1. R6 +( *\n",
    );
    write(dir.path(), "s.lua", "return {}\n");
    let good = billes_in(dir.path(), &["run", "s.lua", "g.bgn"]);
    assert_eq!(good.status.code(), Some(0), "{}", stderr(&good));
    let wrong = billes_in(dir.path(), &["run", "s.lua", "syntax.bgn"]);
    assert_eq!(wrong.status.code(), Some(1));
    assert!(
        stderr(&wrong).contains("error[syntax]"),
        "{}",
        stderr(&wrong)
    );
    let missing = billes_in(dir.path(), &["run", "s.lua", "missing.bgn"]);
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn warn_says_where_it_was() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "g.bgn", GAME);
    write(
        dir.path(),
        "s.lua",
        "return { turn = function(t) if t.kind == 'pass' then warn('a pass', t.roll) end end }\n",
    );
    let out = billes_in(dir.path(), &["run", "s.lua", "g.bgn", "--format", "csv"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stderr(&out),
        "s.lua: warning: g.bgn game 1, turn 3: a pass\t2\n"
    );
}

#[test]
fn scripts_see_the_move_of_house_rules_and_variants() {
    // Under a variant with hooks the script sees the same fields.
    let out = billes(&[
        "run",
        "examples/scripts/aggravated.lua",
        "examples/aggravation/house-rules/six-must-be-used.bgn",
        "examples/aggravation/house-rules/free-teammate.bgn",
        "--format",
        "csv",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_snapshot!("variants_aggravated", stdout(&out));
}

#[test]
fn filter_selects_by_tag_player_result_and_length() {
    let mut all = String::new();
    for args in [
        &["--game", "barricade"][..],
        &["--tag", "Event=Thursday*", "--result", "W"],
        &["--player", "Ann*"],
        &["--min-turns", "300", "--max-turns", "320"],
        &["--result", "*"],
    ] {
        let mut full = vec!["filter", "examples/aggravation", "examples/barricade"];
        full.extend(args);
        let out = billes(&full);
        let heads: Vec<String> = stdout(&out)
            .lines()
            .filter(|l| l.starts_with("[Event") || l.starts_with("[Result"))
            .map(str::to_string)
            .collect();
        all.push_str(&format!(
            "--- {}: exit {:?}\n{}\n",
            args.join(" "),
            out.status.code(),
            heads.join("\n")
        ));
    }
    assert_snapshot!("filter_selections", all);
}

#[test]
fn filter_invalid_writes_the_invalid_records() {
    let out = billes(&["filter", "examples/offboard", "--invalid"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = stdout(&out).matches("[Game ").count();
    let files = std::fs::read_dir(root().join("examples/offboard/invalid"))
        .unwrap()
        .count();
    assert_eq!(written, files);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.bgn"), stdout(&out)).unwrap();
    let check = billes_in(dir.path(), &["validate", "-q", "bad.bgn"]);
    assert_eq!(check.status.code(), Some(1));
}
