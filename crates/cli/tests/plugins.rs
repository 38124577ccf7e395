//! Race games written as data (`games/<name>/game.yaml`, docs/plugins.md)
//! through every verb, with no Rust of their own: the shipped ones
//! (`ludo`, `mensch-aergere-dich-nicht`, `parcheesi`), games written at run time in a
//! temporary folder (`--games-dir`, `BILLES_GAMES`), `billes game check`,
//! variants of a race game, and hostile descriptions, each refused with
//! its message, every run ending.

#![allow(clippy::unwrap_used)]

use std::path::Path;

use serde_json::{json, Value};

use crate::common::{billes, billes_in, billes_stdin, billes_stdin_in, stderr, stdout, write};
use crate::lsp::Client;

/// The shipped race games.
const SHIPPED: [&str; 3] = ["ludo", "mensch-aergere-dich-nicht", "parcheesi"];

/// `games` seeded games of `game` for `players` players, written to
/// `file` in `dir`.
fn simulate(dir: &Path, game: &str, players: &str, games: &str, file: &str) {
    let args = [
        "simulate",
        "--game",
        game,
        "--players",
        players,
        "--seed",
        "3",
        "--games",
        games,
        "--output",
        file,
    ];
    let out = billes_in(dir, &args);
    assert_eq!(out.status.code(), Some(0), "{game}: {}", stderr(&out));
}

/// Every verb on a few simulated games of `game`, each answering exit 0;
/// `annotate` saying where pieces entered, `convert` to JSON and back
/// giving the record, and `export` writing the `Position` column.
fn every_verb_reads(game: &str) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let file = format!("{game}.bgn");
    simulate(d, game, "4", "3", &file);
    let verbs: [&[&str]; 11] = [
        &["validate", &file],
        &["fmt", "--check", &file],
        &["replay", &file, "--at", "20"],
        &["render", &file, "--at", "20"],
        &["moves", &file, "--at", "20"],
        &["annotate", &file],
        &["diff", &file, &file],
        &["filter", &file, "--game", game],
        &["run", "examples/scripts/game-length.lua", &file],
        &[
            "analyze",
            &file,
            "--rollouts",
            "4",
            "--seed",
            "1",
            "--game",
            "1",
        ],
        &["convert", &file, "--to", "json"],
    ];
    for args in verbs {
        let args: Vec<String> = args
            .iter()
            .map(|a| match *a {
                "examples/scripts/game-length.lua" => {
                    crate::common::root().join(a).display().to_string()
                }
                other => other.to_string(),
            })
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = billes_in(d, &args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{game}: billes {}: {}{}",
            args.join(" "),
            stdout(&out),
            stderr(&out)
        );
    }
    let annotated = stdout(&billes_in(d, &["annotate", &file]));
    assert!(annotated.contains("{@ entered on "), "{annotated}");
    let json = billes_in(d, &["convert", &file, "--to", "json"]);
    let back = billes_stdin_in(
        d,
        &["convert", "-", "--from", "json", "--to", "bgn"],
        &json.stdout,
    );
    assert_eq!(back.status.code(), Some(0), "{}", stderr(&back));
    assert_eq!(
        stdout(&back),
        std::fs::read_to_string(d.join(&file)).unwrap()
    );
    for to in ["jsonl", "parquet"] {
        let out_dir = format!("{game}-{to}");
        let args = [
            "export",
            &file,
            "--to",
            to,
            "--out",
            &out_dir,
            "-q",
            "--columns",
            "+position",
        ];
        let out = billes_in(d, &args);
        assert_eq!(out.status.code(), Some(0), "{game} {to}: {}", stderr(&out));
    }
    let rows =
        std::fs::read_to_string(d.join(format!("{game}-jsonl/turns/part-00000.jsonl"))).unwrap();
    let first: Value = serde_json::from_str(rows.lines().next().unwrap()).unwrap();
    assert!(
        first["position"].as_str().unwrap().contains("move="),
        "{first}"
    );
}

// A test a game, which the harness runs side by side (Parcheesi's
// `analyze` alone takes seconds in a debug build).
#[test]
fn every_verb_reads_the_shipped_ludo() {
    every_verb_reads(SHIPPED[0]);
}

#[test]
fn every_verb_reads_the_shipped_mensch_aergere_dich_nicht() {
    every_verb_reads(SHIPPED[1]);
}

#[test]
fn every_verb_reads_the_shipped_parcheesi() {
    every_verb_reads(SHIPPED[2]);
}

#[test]
fn a_race_game_is_drawn_from_its_grid() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    simulate(d, "ludo", "2", "1", "ludo.bgn");
    let out = billes_in(
        d,
        &["render", "ludo.bgn", "--at", "30", "--svg", "board.svg"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let picture = std::fs::read_to_string(d.join("board.svg")).unwrap();
    let doc = roxmltree::Document::parse(&picture).unwrap();
    assert_eq!(doc.root_element().attribute("data-game"), Some("ludo"));
    let holes = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("hole"))
        .count();
    assert_eq!(
        holes, 76,
        "52 track squares, 4 home columns of 5, 4 finishes"
    );
    assert!(picture.contains("R red · yard "), "the panel's words");
    let out = billes_in(d, &["render", "ludo.bgn", "--html", "game.html"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let page = std::fs::read_to_string(d.join("game.html")).unwrap();
    assert!(
        page.contains(r#"" · home ","h""#),
        "the viewer's legend: {}",
        &page[..200]
    );
    let text = stdout(&billes_in(d, &["render", "ludo.bgn", "--at", "0"]));
    assert!(text.contains("R: yard 4, home 0"), "{text}");
    let json = billes_in(d, &["render", "ludo.bgn", "--json"]);
    let view: Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(view["position"]["game"], "ludo");
    assert!(view["position"]["seats"][0]["home"].is_number(), "{view}");
}

#[test]
fn play_records_a_race_game_typed_turn_by_turn() {
    let dir = tempfile::tempdir().unwrap();
    let transcript = "R6 +t1\nR3 t1-t5\nR3 t1-t4\nY4 --\n:undo\nY4 --\n";
    let out = billes_stdin_in(
        dir.path(),
        &["play", "new.bgn", "--game-kind", "ludo", "--seats", "R Y"],
        transcript,
    );
    let shown = format!("{}{}", stdout(&out), stderr(&out));
    assert!(
        shown.contains("t1-t4"),
        "the nearest legal move is offered: {shown}"
    );
    let record = std::fs::read_to_string(dir.path().join("new.bgn")).unwrap();
    assert!(
        record.ends_with("1. R6 +t1\n2. R3 t1-t4\n3. Y4 --\n*\n"),
        "{record}"
    );
    let check = billes_in(dir.path(), &["validate", "new.bgn"]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    let out = billes(&[
        "moves",
        "--game-kind",
        "ludo",
        "--seats",
        "R Y",
        "--position",
        "R:t49 Y: move=R",
        "--roll",
        "5",
    ]);
    assert!(stdout(&out).contains("5: t49-r3"), "{}", stdout(&out));
}

#[test]
fn play_records_a_turn_of_two_dice_part_by_part() {
    let dir = tempfile::tempdir().unwrap();
    // A slip (the 3 before the pawn is in), then the turn, a pass, and a
    // double's extra roll.
    let transcript =
        "R5-3 t1-t4 +t1\nR5-3 +t1 t1-t4\nY4-3 --\nR2-2 t4-t6 t6-t8\nR6-1 t8-t14 t14-t15\n";
    let out = billes_stdin_in(
        dir.path(),
        &[
            "play",
            "new.bgn",
            "--game-kind",
            "parcheesi",
            "--seats",
            "R Y",
        ],
        transcript,
    );
    let shown = format!("{}{}", stdout(&out), stderr(&out));
    assert!(
        shown.contains("+t1 t1-t4"),
        "the legal turn is offered: {shown}"
    );
    let record = std::fs::read_to_string(dir.path().join("new.bgn")).unwrap();
    assert!(
        record.ends_with(
            "1. R5-3 +t1 t1-t4\n2. Y4-3 --\n3. R2-2 t4-t6 t6-t8\n4. R6-1 t8-t14 t14-t15\n*\n"
        ),
        "{record}"
    );
    let check = billes_in(dir.path(), &["validate", "new.bgn"]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    // A roll of one die is refused in a game of two, and the other way.
    let moves = |roll: &str, game: &str, seats: &str| {
        billes(&[
            "moves",
            "--game-kind",
            game,
            "--seats",
            seats,
            "--roll",
            roll,
        ])
    };
    let out = moves("5", "parcheesi", "R Y");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--roll 5-3"), "{}", stderr(&out));
    let out = moves("5-3", "ludo", "R Y");
    assert!(stderr(&out).contains("one die"), "{}", stderr(&out));
    let out = moves("2-3", "parcheesi", "R Y");
    assert!(stdout(&out).contains("2-3: +t1"), "{}", stdout(&out));
}

#[test]
fn export_keeps_a_turn_of_two_dice_in_the_order_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The list of moves has each position once, in another order
    // (t60-t61 t61-t64); the capture is written unmarked, and exported
    // with its mark.
    write(
        d,
        "p.bgn",
        "[Game \"parcheesi\"]\n[Seats \"R Y\"]\n[Position \"R:t60,t10 Y:t16,t40 move=R\"]\n\n\
         1. R3-1 t60-t63 t63-t64\n2. Y2-1 t40-t42 t42-t43\n3. R6-4 t10-t16 t16-t20 t20-t40\n*\n",
    );
    let out = billes_in(d, &["export", "p.bgn", "--to", "jsonl", "--out", "t", "-q"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let rows = std::fs::read_to_string(d.join("t/turns/part-00000.jsonl")).unwrap();
    let moves: Vec<String> = rows
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["move"]
                .as_str()
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(
        moves,
        [
            "t60-t63 t63-t64",
            "t40-t42 t42-t43",
            "t10-t16* t16-t20 t20-t40"
        ],
        "{rows}"
    );
}

#[test]
fn the_language_server_checks_a_race_game() {
    let dir = tempfile::tempdir().unwrap();
    let text = "[Game \"ludo\"]\n[Seats \"R Y\"]\n\n1. R6 +t1\n2. R3 t1-t5\n*\n";
    let path = write(dir.path(), "slip.bgn", text);
    let uri = format!("file://{}", path.display());
    let mut client = Client::start();
    let diagnostics = client.open(&uri, text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    // The move a 4 would make: read as a slip of the roll, the legal move
    // named.
    assert_eq!(diagnostics[0]["code"], "roll");
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .contains("to t4, not t5"),
        "{diagnostics:?}"
    );
    // Completion after `R3 ` on the last line: the moves of a 3 there.
    let completion = client.request(
        3,
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": {"line": 4, "character": 6}}),
    );
    let labels: Vec<&str> = completion["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"t1-t4"), "{labels:?}");
    // Hover on turn 1: the board after it, from the game's own text board.
    let hover = client.request(
        4,
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 3, "character": 4}}),
    );
    let shown = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(shown.contains("R: yard 3, home 0"), "{shown}");
    client.close();
}

/// A small race game written for the tests: two seats, two pieces, an
/// eight-square ring.
const TINY: &str = "\
name: tiny
title: A tiny race
seats: [R, B]
seatings: { 2: [R, B] }
pieces: 2
dice: { count: 1, faces: 6 }
track: { names: \"t1..t8\" }
paths:
  R: { entry: t1, last: t8, home: [r1, r2], goal: rh }
  B: { entry: t5, last: t4, home: [b1, b2], goal: bh }
flow:
  enter_on: [5, 6]
  extra_roll_on: none
  capture: land
  own_stack: none
  exact_finish: true
  compulsory: [move]
drawing:
  grid: |
    t1 t2 t3 rh
    t8 r1 r2 t4
    t7 b2 b1 t5
    bh .  t6 .
";

/// A copy of Ludo with three pieces a seat and a longer track (60
/// squares), written as a child of the shipped game: its board and its
/// drawing are its own, the turn's rules Ludo's.
fn three_pawn_ludo() -> String {
    let mut grid = String::new();
    for row in 0..6 {
        let cells: Vec<String> = (1..=10).map(|c| format!("t{}", row * 10 + c)).collect();
        grid.push_str(&format!("    {}\n", cells.join(" ")));
    }
    for seat in ["r", "g", "y", "b"] {
        let cells: Vec<String> = (1..=5).map(|i| format!("{seat}{i}")).collect();
        grid.push_str(&format!("    {} {seat}h\n", cells.join(" ")));
    }
    format!(
        "name: long-ludo\nparent: ludo\ntitle: Ludo of three pawns on a long track\npieces: 3\n\
         track: {{ names: \"t1..t60\" }}\n\
         paths:\n  R: {{ entry: t1, last: t59 }}\n  G: {{ entry: t16, last: t14 }}\n  \
         Y: {{ entry: t31, last: t29 }}\n  B: {{ entry: t46, last: t44 }}\n\
         drawing:\n  grid: |\n{grid}"
    )
}

#[test]
fn games_written_at_run_time_work_in_every_verb() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "games/tiny/game.yaml", TINY);
    write(d, "games/long-ludo/game.yaml", three_pawn_ludo());
    let out = billes_in(d, &["--games-dir", "games", "game", "list"]);
    let list = stdout(&out);
    assert!(
        list.contains("tiny ") && list.contains("long-ludo "),
        "{list}"
    );
    for (game, players) in [("tiny", "2"), ("long-ludo", "3")] {
        let file = format!("{game}.bgn");
        let args = [
            "--games-dir",
            "games",
            "simulate",
            "--game",
            game,
            "--players",
            players,
            "--games",
            "5",
            "--seed",
            "2",
            "-o",
            &file,
        ];
        let out = billes_in(d, &args);
        assert_eq!(out.status.code(), Some(0), "{game}: {}", stderr(&out));
        for verb in [
            vec!["validate", &file],
            vec!["moves", &file, "--at", "6"],
            vec!["render", &file, "--svg", "board.svg"],
            vec!["render", &file, "--html", "game.html"],
        ] {
            let mut args = vec!["--games-dir", "games"];
            args.extend(&verb);
            let out = billes_in(d, &args);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{game} {verb:?}: {}",
                stderr(&out)
            );
        }
        let record = std::fs::read_to_string(d.join(&file)).unwrap();
        assert!(
            record.starts_with(&format!("[Game \"{game}\"]")),
            "{record}"
        );
    }
    // The long Ludo's pieces: three a seat, R's path 60 squares long.
    let out = billes_in(
        d,
        &[
            "--games-dir",
            "games",
            "moves",
            "--game-kind",
            "long-ludo",
            "--seats",
            "R G Y",
            "--position",
            "R:t58 G: Y: move=R",
            "--roll",
            "3",
        ],
    );
    assert!(stdout(&out).contains("3: t58-r2"), "{}", stdout(&out));
    // The same folder named by the environment.
    let out = crate::common::billes_env_in(
        d,
        &["validate", "tiny.bgn"],
        &[("BILLES_GAMES", d.join("games").to_str().unwrap())],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Without it, the game is unknown: a tag mistake, the games listed.
    let out = billes_in(d, &["validate", "tiny.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("unknown game \"tiny\""),
        "{}",
        stdout(&out)
    );
    // play, on a game of the folder.
    let out = billes_stdin_in(
        d,
        &[
            "--games-dir",
            "games",
            "play",
            "t.bgn",
            "--game-kind",
            "tiny",
            "--seats",
            "R B",
        ],
        "R5 +t1\nB2 --\n",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let record = std::fs::read_to_string(d.join("t.bgn")).unwrap();
    assert!(record.contains("1. R5 +t1\n2. B2 --\n"), "{record}");
    // game check plays it to the end.
    let out = billes_in(d, &["game", "check", "games/tiny", "--games", "40"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("40 ended, 0 stalled"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_variant_of_a_race_game_sets_its_flow() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "stop.lua",
        "return { name = \"stop\", game = \"ludo\", params = { play_on = false } }\n",
    );
    let tags = "[Game \"ludo\"]\n[Seats \"R G Y\"]\n[Rules \"stop.lua\"]\n\
                [Position \"R:rh,rh,rh,r5 G:t20 Y:t30 move=R\"]\n\n1. R1 r5-rh 2. G2 t20-t22 *\n";
    write(d, "stop.bgn", tags);
    let out = billes_in(d, &["validate", "stop.bgn"]);
    assert_eq!(out.status.code(), Some(1), "the game ended with R");
    assert!(stdout(&out).contains("after_end"), "{}", stdout(&out));
    let out = billes_in(d, &["validate", "--rules", "standard", "stop.bgn"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "Ludo plays on: {}",
        stdout(&out)
    );
    // A parameter the game has not: refused with its name.
    write(
        d,
        "bad.lua",
        "return { name = \"bad\", game = \"ludo\", params = { bounce = true } }\n",
    );
    let out = billes_in(d, &["rules", "check", "bad.lua"]);
    assert_eq!(out.status.code(), Some(1));
    let said = format!("{}{}", stdout(&out), stderr(&out));
    assert!(said.contains("unknown field `bounce`"), "{said}");
    // A looping hook is stopped by the sandbox's budget.
    write(
        d,
        "loop.lua",
        "return { name = \"loop\", game = \"ludo\", hooks = { allow = function() while true do end end } }\n",
    );
    let out = billes_in(d, &["rules", "check", "loop.lua", "--games", "2"]);
    assert_ne!(out.status.code(), Some(0));
    let said = format!("{}{}", stdout(&out), stderr(&out));
    assert!(said.contains("budget") || said.contains("limit"), "{said}");
}

#[test]
fn hostile_game_descriptions_are_refused_with_their_messages() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // As deep as the 256 KiB limit allows: refused before the YAML
    // reader, which would take the square of the brackets (86 s).
    let brackets = (250 << 10) / 2;
    let deep = format!(
        "name: deep\nx: {}{}\n",
        "[".repeat(brackets),
        "]".repeat(brackets)
    );
    let mut bomb = vec![
        "name: bomb".to_string(),
        "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]".into(),
    ];
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        bomb.push(format!("a{i}: &a{i} [{refs}]"));
    }
    bomb.push("title: *a9".into());
    let ranges: Vec<String> = (0..100).map(|i| format!("\"p{i}x1..p{i}x1000\"")).collect();
    let wide = format!(
        "name: wide\ntitle: wide\nseats: [R, B]\nseatings: {{ 2: [R, B] }}\npieces: 1\n\
         dice: {{ count: 1, faces: 6 }}\ntrack: {{ names: [{}] }}\n",
        ranges.join(", ")
    );
    let cases: [(&str, String, &str); 7] = [
        (
            "deep",
            deep,
            "game.yaml:2:259: nested deeper than 128 levels",
        ),
        (
            "deepened",
            format!("{TINY}x: {}{}\n", "{a: ".repeat(200), "}".repeat(200)),
            "nested deeper than 128 levels",
        ),
        ("bomb", bomb.join("\n"), "repetition limit exceeded"),
        ("wide", wide, "more than 4000 point names"),
        ("huge", "#".repeat(300 << 10), "larger than 256 KiB"),
        (
            "typo",
            TINY.replace("pieces:", "piece:"),
            "game.yaml:5:1: unknown field `piece`",
        ),
        (
            "loop",
            format!("{}parent: loop\n", TINY.replace("name: tiny", "name: loop")),
            "loop",
        ),
    ];
    for (name, text, message) in cases {
        write(d, &format!("{name}/game.yaml"), text);
        let out = billes_in(d, &["game", "check", name]);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{name}: {}", stderr(&out));
        let out = billes_in(d, &["--games-dir", name, "game", "list"]);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", stderr(&out));
    }
    #[cfg(unix)]
    {
        std::fs::create_dir(d.join("device")).unwrap();
        std::os::unix::fs::symlink("/dev/zero", d.join("device/game.yaml")).unwrap();
        let out = billes_in(d, &["game", "check", "device"]);
        assert_eq!(out.status.code(), Some(1));
        assert!(
            stderr(&out).contains("not a regular file"),
            "{}",
            stderr(&out)
        );
    }
    // A board problem names its field.
    write(d, "bad/game.yaml", TINY.replace("entry: t5", "entry: t9"));
    let out = billes_in(d, &["game", "check", "bad"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("paths.B.entry: t9 is not on the track"),
        "{}",
        stderr(&out)
    );
    // A folder that is not there is a usage error.
    let out = billes(&["--games-dir", "no/such/folder", "game", "list"]);
    assert_eq!(out.status.code(), Some(2));
    let out = billes_stdin(&["validate", "-"], "");
    assert_ne!(out.status.code(), None, "every run ends");
}

#[test]
fn a_record_names_its_game_by_a_folder_inside_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "club/my-ludo/game.yaml",
        "name: my-ludo\nparent: ludo\ntitle: Our club's Ludo\nflow: { play_on: false }\n",
    );
    let record = "[Game \"./my-ludo\"]\n[Seats \"R Y\"]\n\n1. R6 +t1\n2. R3 t1-t4\n3. Y2 --\n*\n";
    write(d, "club/game.bgn", record);
    for args in [
        vec!["validate", "club/game.bgn"],
        vec!["render", "club/game.bgn", "--svg", "board.svg"],
        vec!["moves", "club/game.bgn", "--at", "2"],
        vec!["annotate", "club/game.bgn"],
    ] {
        let out = billes_in(d, &args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}{}",
            stdout(&out),
            stderr(&out)
        );
    }
    // Out of the record's folder, or through a link leading out: refused.
    write(
        d,
        "other/bad.bgn",
        record.replace("./my-ludo", "../club/my-ludo"),
    );
    let out = billes_in(d, &["validate", "other/bad.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("the path leaves the record's folder"),
        "{}",
        stdout(&out)
    );
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(d.join("club/my-ludo"), d.join("other/ext")).unwrap();
        write(d, "other/link.bgn", record.replace("./my-ludo", "./ext"));
        let out = billes_in(d, &["validate", "other/link.bgn"]);
        assert_eq!(out.status.code(), Some(1));
        assert!(
            stdout(&out).contains("a symbolic link leads out"),
            "{}",
            stdout(&out)
        );
    }
    write(
        d,
        "other/none.bgn",
        record.replace("./my-ludo", "./nothing"),
    );
    let out = billes_in(d, &["validate", "other/none.bgn"]);
    assert!(
        stdout(&out).contains("Game \"./nothing\": no such folder"),
        "{}",
        stdout(&out)
    );
}
