//! The fourth game, Snakes and Ladders (a crate of its own and one line of
//! the registry), through every verb: validate, moves, simulate, render
//! (SVG and HTML, its own words in the panel), analyze, export, play, the
//! language server, and house rules' `winner` and `allow` hooks (validate,
//! simulate, rules check) with a replay script over its records.

#![allow(clippy::unwrap_used)]

use serde_json::{json, Value};

use crate::common::{
    billes, billes_in, billes_stdin, billes_stdin_in, root, stderr, stdout, write,
};
use crate::lsp::Client;

const TWO: &str = "examples/snakes-and-ladders/two-players.bgn";
const FOUR: &str = "examples/snakes-and-ladders/four-players.bgn";
const HOUSE_RULES: &str = "examples/snakes-and-ladders/house-rules";

#[test]
fn validate_accepts_the_records_and_tells_each_mistake() {
    let out = billes(&[
        "validate",
        "examples/snakes-and-ladders/",
        "--exclude",
        "invalid",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("4 valid, 0 invalid"),
        "{}",
        stdout(&out)
    );
    let out = billes(&[
        "validate",
        "--format",
        "json",
        "examples/snakes-and-ladders/invalid/",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["valid"], 0, "{report}");
    assert_eq!(report["invalid"], 13, "one record a mistake");
    assert_eq!(
        report["kinds"],
        json!({"after_end": 1, "effect": 1, "false_pass": 1, "illegal_move": 4,
               "result": 1, "roll": 2, "seat": 1, "tag": 2}),
        "every kind of mistake the game can make"
    );
}

#[test]
fn moves_lists_the_one_move_of_each_roll() {
    let out = billes(&["moves", TWO, "--at", "15"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("[Position \"R:s26 G:s26 move=R\"]"), "{text}");
    assert!(text.contains("\n2: s26-s28-s84\n"), "{text}");
    assert!(text.contains("\n1: s26-s27\n"), "{text}");
    let out = billes(&[
        "moves",
        "--game-kind",
        "snakes-and-ladders",
        "--seats",
        "R G",
        "--position",
        "R:s97 G:h move=R",
        "--roll",
        "5",
    ]);
    assert!(stdout(&out).contains("5: --"), "{}", stdout(&out));
}

#[test]
fn simulate_writes_games_that_validate() {
    let args = [
        "simulate",
        "--game",
        "snakes-and-ladders",
        "--players",
        "4",
        "--seed",
        "7",
        "--games",
        "3",
    ];
    let sim = billes(&args);
    assert_eq!(sim.status.code(), Some(0), "{}", stderr(&sim));
    assert_eq!(sim.stdout, billes(&args).stdout, "seeded: the same games");
    let check = billes_stdin(&["validate", "--format", "json", "-"], &sim.stdout);
    let report: Value = serde_json::from_slice(&check.stdout).unwrap();
    assert_eq!(report["valid"], 3, "{report}");
    let out = billes(&["simulate", "--game", "snakes-and-ladders", "--players", "5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("2 to 4 players"), "{}", stderr(&out));
}

#[test]
fn render_draws_the_board_and_says_where_each_pawn_stands() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("board.svg");
    let svg_path = svg.display().to_string();
    let out = billes(&["render", TWO, "--at", "16", "--svg", &svg_path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let picture = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&picture).unwrap();
    assert_eq!(
        doc.root_element().attribute("data-game"),
        Some("snakes-and-ladders")
    );
    let holes = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("hole"))
        .count();
    assert_eq!(holes, 100);
    let lines = doc.descendants().filter(|n| n.has_tag_name("line")).count();
    assert_eq!(lines, 19, "nine ladders and ten snakes");
    assert!(picture.contains("R red · square 84"), "the panel's words");
    assert!(picture.contains("G green · square 26"));
    let out = billes(&["render", TWO, "--at", "0", "--svg", &svg_path]);
    assert_eq!(out.status.code(), Some(0));
    let start = std::fs::read_to_string(&svg).unwrap();
    assert!(start.contains("R red · off the board"), "{start}");

    let html = dir.path().join("game.html");
    let html_path = html.display().to_string();
    let out = billes(&["render", TWO, "--html", &html_path]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains(r#""panel":[[" · square ","q",1],[" · off the board","",2]]"#),
        "the viewer's legend reads the game's words"
    );
    assert!(page.contains("R:q84"), "the squares travel in the deltas");
}

#[test]
fn analyze_weighs_the_race() {
    let args = ["analyze", TWO, "--rollouts", "8", "--seed", "1"];
    let out = billes(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("(snakes-and-ladders): 30 turns, 0 decisions"),
        "one move a roll: {}",
        stdout(&out)
    );
    let json = billes(&[&args[..], &["--format", "json"]].concat());
    let report: Value = serde_json::from_slice(&json.stdout).unwrap();
    let turns = report[0]["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 30);
    assert!(turns.iter().all(|t| t["legal"] == 1), "{report}");
    // The winning chance of the side to move comes from the race.
    let chance = turns[15]["win"]["mean"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&chance), "{chance}");
}

#[test]
fn export_writes_the_turns_with_their_positions() {
    let dir = tempfile::tempdir().unwrap();
    let jsonl = dir.path().join("jsonl").display().to_string();
    let out = billes(&[
        "export",
        "--to",
        "jsonl",
        "--out",
        &jsonl,
        "--columns",
        "+position",
        TWO,
        FOUR,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let turns = std::fs::read_to_string(dir.path().join("jsonl/turns/part-00000.jsonl")).unwrap();
    let first: Value = serde_json::from_str(turns.lines().next().unwrap()).unwrap();
    assert_eq!(first["move"], "h-s5");
    assert_eq!(first["position"], "R:h G:s5 move=R");
    assert!(turns.contains(r#""move":"s26-s28-s84""#), "{turns}");
    let parquet = dir.path().join("parquet").display().to_string();
    let out = billes(&["export", "--to", "parquet", "--out", &parquet, TWO]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(dir
        .path()
        .join("parquet/turns/part-00000.parquet")
        .is_file());
}

#[test]
fn play_records_a_game_typed_turn_by_turn() {
    let dir = tempfile::tempdir().unwrap();
    let transcript = "G4\n\nR3 h-s3\n:moves 2\nG2 s14-s16\nG2 s14-s16-s6\n";
    let out = billes_stdin_in(
        dir.path(),
        &[
            "play",
            "new.bgn",
            "--game-kind",
            "snakes-and-ladders",
            "--seats",
            "R G",
            "--prompt",
        ],
        transcript,
    );
    let shown = format!("{}{}", stdout(&out), stderr(&out));
    assert!(shown.contains("G4: h-s4-s14"), "{shown}");
    assert!(shown.contains("G2: s14-s16-s6"), "{shown}");
    assert!(
        shown.contains("did you mean s14-s16-s6?"),
        "the refused line says what was meant: {shown}"
    );
    let record = std::fs::read_to_string(dir.path().join("new.bgn")).unwrap();
    assert!(
        record.ends_with("1. G4 h-s4-s14\n2. R3 h-s3\n3. G2 s14-s16-s6\n*\n"),
        "{record}"
    );
    let check = billes_in(dir.path(), &["validate", "new.bgn"]);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
}

#[test]
fn the_language_server_places_a_bad_move() {
    let dir = tempfile::tempdir().unwrap();
    let text = "[Game \"snakes-and-ladders\"]\n[Seats \"R G\"]\n\n1. R4 h-s4\n2. G2 h-s2\n*\n";
    let path = write(dir.path(), "slip.bgn", text);
    let uri = format!("file://{}", path.display());
    let mut client = Client::start();
    let diagnostics = client.open(&uri, text);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "illegal_move");
    assert!(
        diagnostics[0]["message"]
            .as_str()
            .unwrap()
            .contains("did you mean h-s4-s14?"),
        "{diagnostics:?}"
    );
    assert_eq!(
        diagnostics[0]["range"],
        json!({"start": {"line": 3, "character": 6}, "end": {"line": 3, "character": 10}})
    );
    client.close();
}

#[test]
fn house_rules_with_winner_and_allow_hooks() {
    // The record of a game played under halfway.lua, its Rules tag naming
    // the script beside it.
    let rules = root().join(HOUSE_RULES);
    let out = billes_in(&rules, &["validate", "halfway.bgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let out = billes_in(&rules, &["validate", "--rules", "standard", "halfway.bgn"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "under the standard rules G has not won"
    );
    // An allow hook: a pawn enters only with a 6, other rolls pass.
    let out = billes_in(&rules, &["validate", "six-to-start.bgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let out = billes_in(
        &rules,
        &["validate", "--rules", "standard", "six-to-start.bgn"],
    );
    assert!(
        stdout(&out).contains("error[false_pass]: G cannot pass"),
        "{}",
        stdout(&out)
    );
    let out = billes_in(&rules, &["rules", "check", "halfway.lua"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(stdout(&out).contains("hooks: winner"), "{}", stdout(&out));

    // Games simulated under it end past square 50.
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(rules.join("halfway.lua"), dir.path().join("halfway.lua")).unwrap();
    let out = billes_in(
        dir.path(),
        &[
            "simulate",
            "--game",
            "snakes-and-ladders",
            "--rules",
            "halfway.lua",
            "--seed",
            "4",
            "--games",
            "5",
            "--output",
            "short.bgn",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let check = billes_in(dir.path(), &["validate", "--format", "json", "short.bgn"]);
    let report: Value = serde_json::from_slice(&check.stdout).unwrap();
    assert_eq!(report["valid"], 5, "{report}");
    let annotated = billes_in(dir.path(), &["annotate", "short.bgn"]);
    let wins = stdout(&annotated).matches(" wins}").count();
    assert_eq!(wins, 5, "{}", stdout(&annotated));

    // A hook the game does not take is refused by name.
    write(
        dir.path(),
        "extra.lua",
        "return { name = \"extra\", game = \"snakes-and-ladders\", hooks = { extra_turn = function() return true end } }\n",
    );
    let out = billes_in(dir.path(), &["rules", "check", "extra.lua"]);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        format!("{}{}", stdout(&out), stderr(&out)).contains("extra_turn"),
        "{}",
        stderr(&out)
    );

    // A replay script reads the records of the game as any other's.
    let out = billes(&[
        "run",
        "examples/scripts/game-length.lua",
        TWO,
        FOUR,
        "--format",
        "csv",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("snakes-and-ladders,2,1,30,30.0,30"),
        "{}",
        stdout(&out)
    );
}
