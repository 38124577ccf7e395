//! `billes render` end to end: SVG files, the HTML viewer, JSON, the text
//! board's colours, and what happens to mistakes and existing files.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::{Command, Output};

use super::common::{root, stderr, stdout};

fn billes(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_billes"))
        .args(args)
        .current_dir(root())
        .env_remove("NO_COLOR")
        .output()
        .unwrap()
}

const EXAMPLES: [&str; 3] = [
    "examples/aggravation/four-players.bgn",
    "examples/barricade/two-players.bgn",
    "examples/offboard/club-final.bgn",
];

#[test]
fn svg_files_of_every_game() {
    let dir = tempfile::tempdir().unwrap();
    for file in EXAMPLES {
        let out_path = dir.path().join("board.svg");
        let out_str = out_path.to_str().unwrap();
        let out = billes(&["render", file, "--at", "5", "--svg", out_str]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(stdout(&out).is_empty());
        let text = std::fs::read_to_string(&out_path).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        assert_eq!(doc.root_element().attribute("data-turn"), Some("5"));
        // the same picture on stdout, without names
        let out = billes(&["render", file, "--at", "5", "--svg", "-", "--no-labels"]);
        assert_eq!(out.status.code(), Some(0));
        let piped = stdout(&out);
        assert!(!piped.contains("class=\"label\""));
        assert!(text.contains("class=\"label\""));
        roxmltree::Document::parse(&piped).unwrap();
    }
}

#[test]
fn json_tells_the_position() {
    let out = billes(&["render", EXAMPLES[1], "--at", "2", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    // 2. B3 j1-i3#: Blue's pawn took the barricade of i3
    assert_eq!(v["turn"], 2);
    assert_eq!(v["text"], "B3 j1-i3#");
    assert_eq!(v["position"]["game"], "barricade");
    let pieces = v["position"]["pieces"].as_array().unwrap();
    assert!(pieces
        .iter()
        .any(|p| p["point"] == "i3" && p["seat"] == "B"));
    let barricades = v["position"]["barricades"].as_array().unwrap();
    assert!(!barricades.iter().any(|b| b == "i3"));
    assert_eq!(v["position"]["held"][0], "B");
    // without --at: the last position
    let out = billes(&["render", EXAMPLES[2], "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["position"]["winners"][0], "B");
}

#[test]
fn the_html_viewer_holds_every_game_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let both = dir.path().join("two.bgn");
    let text = std::fs::read_to_string(root().join(EXAMPLES[0])).unwrap()
        + "\n"
        + &std::fs::read_to_string(root().join(EXAMPLES[2])).unwrap();
    std::fs::write(&both, text).unwrap();
    let page = dir.path().join("viewer.html");
    let out = billes(&[
        "render",
        both.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("\"game\":\"aggravation\""));
    assert!(html.contains("\"game\":\"offboard\""));
    assert!(!html.contains("<script src"));
}

#[test]
fn a_mistake_is_reported_and_the_viewer_stops_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("viewer.html");
    let bad = "examples/aggravation/invalid/jump-own-marble.bgn";
    let out = billes(&["render", bad, "--html", page.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("R would jump its own marble on r11"));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("R would jump its own marble on r11"));
    // an SVG of a position after the mistake is refused, and nothing is written
    let svg = dir.path().join("board.svg");
    let out = billes(&["render", bad, "--svg", svg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!svg.exists());
}

#[test]
fn a_turn_past_the_end_is_a_usage_error() {
    let out = billes(&["render", EXAMPLES[1], "--at", "999", "--svg", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("game 1: the game has 63 turns, not 999"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn an_existing_file_is_replaced_whole() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("board.svg");
    std::fs::write(&svg, "old").unwrap();
    let out = billes(&["render", EXAMPLES[0], "--svg", svg.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<?xml"));
}

/// A new file is readable by others, as files written by other tools are; a
/// replaced file keeps the permissions it had.
#[cfg(unix)]
#[test]
fn written_files_get_ordinary_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let new = dir.path().join("new.svg");
    let out = billes(&["render", EXAMPLES[0], "--svg", new.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mode = std::fs::metadata(&new).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o644);
    let kept = dir.path().join("kept.svg");
    std::fs::write(&kept, "old").unwrap();
    std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o640)).unwrap();
    let out = billes(&["render", EXAMPLES[0], "--svg", kept.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mode = std::fs::metadata(&kept).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
}

#[test]
fn the_text_board_is_plain_when_piped_and_coloured_on_request() {
    let plain = billes(&["render", EXAMPLES[0], "--at", "10"]);
    assert!(!stdout(&plain).contains('\x1b'));
    let text = billes(&["render", EXAMPLES[0], "--at", "10", "--text"]);
    assert_eq!(stdout(&plain), stdout(&text));
    let coloured = billes(&["render", EXAMPLES[0], "--at", "10", "--color", "always"]);
    let coloured = stdout(&coloured);
    assert!(coloured.contains("\x1b[1;31mR\x1b[0m"), "{coloured}");
    // without the colours it is the plain board
    let stripped = coloured
        .replace("\x1b[0m", "")
        .replace("\x1b[1;31m", "")
        .replace("\x1b[1;34m", "")
        .replace("\x1b[1;32m", "")
        .replace("\x1b[1;33m", "");
    assert_eq!(stripped, stdout(&plain));
}

#[test]
fn replay_lists_variations_after_the_turn_they_replace() {
    let out = billes(&[
        "replay",
        "examples/offboard/club-final.bgn",
        "--from",
        "33",
        "--to",
        "33",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let main = text.find("33. R +d2").expect("the main line's turn");
    let variation = text
        .find("    variation 1 of turn 33:\n    33. R ~ a1:a4>e*t5=2 {taking the points at once}\n")
        .expect("the variation, indented");
    assert!(main < variation);
    // the variation's board: a1 emptied, the marble of a5 pushed off into t5
    assert!(text.contains("          a . R R R R 6\n"), "{text}");
    assert!(text.contains("t5(2)=B"), "{text}");
}

#[test]
fn the_viewer_carries_variations_and_analysis() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("v.bgn");
    std::fs::write(
        &record,
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + {[%win 0.55] [%best + 0.56]}\n2. R1 r9-r10 ?! {[%win 0.40] [%best r9-r10 0.52] [%luck -0.10]} (2. R1 r9-r10 3. G6 +)\n*\n",
    )
    .unwrap();
    let page = dir.path().join("v.html");
    let out = billes(&[
        "render",
        record.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains(r#""vars":{"2":[{"turns":["#), "{html}");
    assert!(
        html.contains(r#""2":{"g":["?!"],"c":[],"w":0.4,"b":"r9-r10","bw":0.52,"l":-0.1}"#),
        "{html}"
    );
}

#[test]
fn the_text_board_at_a_turn_stops_there() {
    // Turn 2 is illegal (red plays twice) and the result names a winner of
    // no finished game: `render --at 1` replays turn 1 only, and reports
    // neither; `replay --at 1` shows the same board and checks the rest.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.bgn");
    std::fs::write(
        &file,
        "[Game \"barricade\"]\n[Seats \"R G\"]\n\n1. R6 h-h1\n2. R1 h-h2\n=R\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let render = billes(&["render", file, "--at", "1", "--text"]);
    assert_eq!(render.status.code(), Some(0), "{}", stderr(&render));
    let replay = billes(&["replay", file, "--at", "1"]);
    assert_eq!(replay.status.code(), Some(1));
    assert!(stderr(&replay).contains("turn 2"), "{}", stderr(&replay));
    assert!(stdout(&replay).ends_with(&stdout(&render)));
    let render = billes(&["render", file, "--at", "2", "--text"]);
    assert_eq!(render.status.code(), Some(1));
    // At the last turn the replay goes on to check the result.
    let last = dir.path().join("last.bgn");
    std::fs::write(
        &last,
        "[Game \"barricade\"]\n[Seats \"R G\"]\n\n1. R6 h-h1\n=R\n",
    )
    .unwrap();
    let render = billes(&["render", last.to_str().unwrap(), "--at", "1", "--text"]);
    assert_eq!(render.status.code(), Some(1));
    assert!(stderr(&render).contains("not over"), "{}", stderr(&render));
}

/// What the README says of the page's size: the viewer and its board, 70 KB
/// at most, plus at most five times the record, short or long.
#[test]
fn the_html_page_is_the_viewer_and_at_most_five_times_the_record() {
    let dir = tempfile::tempdir().unwrap();
    let long = dir.path().join("long.bgn");
    let out = billes(&[
        "simulate",
        "--game",
        "barricade",
        "--players",
        "3",
        "--games",
        "4",
        "--seed",
        "5",
        "-o",
        long.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut records: Vec<String> = EXAMPLES
        .iter()
        .map(|e| root().join(e).display().to_string())
        .collect();
    records.push(long.display().to_string());
    for record in records {
        let page = dir.path().join("page.html");
        let out = billes(&["render", &record, "--html", page.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let size = std::fs::metadata(&record).unwrap().len();
        let html = std::fs::metadata(&page).unwrap().len();
        assert!(
            html <= 70_000 + 5 * size,
            "{record}: {size} bytes give a page of {html}"
        );
    }
}
