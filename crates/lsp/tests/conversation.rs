//! Whole conversations with the server over `Connection::memory()`: what a
//! client sends, and every message the server sends back, as snapshots.

#![allow(clippy::unwrap_used)]

use std::thread::JoinHandle;
use std::time::Duration;

use billes_core::game::Roll;
use billes_core::position_after;
use billes_core::{Engine, Standard};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};

/// Two games, three mistakes: game 1 turn 2 (r9-r13 for a 3), game 2
/// turn 3 (R rolls out of turn, and its move is not legal).
const RECORD: &str = "\
[Game \"aggravation\"]
[Seats \"R G\"]
[Red \"Zoë Ångström\"]

1. R6 + {très bien 😀} 2. R3 r9-r13
3. G4 --
*

[Game \"aggravation\"]
[Seats \"R G\"]

1. R6 +
2. R2 r9-r11
3. R5 r11-r16
4. G5 +
*
";

/// A client holding the server's thread and every message it received.
struct Client {
    conn: Connection,
    server: Option<JoinHandle<bool>>,
    next: i32,
}

impl Client {
    fn start(encodings: &[&str]) -> (Client, Value) {
        Client::start_with(encodings, &[])
    }

    /// A client that has sent `early` (notifications) before the server
    /// reads anything: the server finds them all waiting.
    fn start_with(encodings: &[&str], early: &[(&str, Value)]) -> (Client, Value) {
        let (server, conn) = Connection::memory();
        let init = Request::new(
            1.into(),
            "initialize".to_string(),
            json!({"capabilities": {"general": {"positionEncodings": encodings}}}),
        );
        conn.sender.send(init.into()).unwrap();
        let initialized = Notification::new("initialized".to_string(), json!({}));
        conn.sender.send(initialized.into()).unwrap();
        for (method, params) in early {
            let n = Notification::new(method.to_string(), params.clone());
            conn.sender.send(n.into()).unwrap();
        }
        let thread = std::thread::spawn(move || billes_lsp::serve(&server).unwrap());
        let client = Client {
            conn,
            server: Some(thread),
            next: 1,
        };
        let init = match client.recv() {
            Message::Response(r) => r.result.unwrap(),
            other => panic!("unexpected message {other:?}"),
        };
        (client, init)
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.to_string(), params);
        self.conn.sender.send(n.into()).unwrap();
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = RequestId::from(self.next);
        let r = Request::new(id.clone(), method.to_string(), params);
        self.conn.sender.send(r.into()).unwrap();
        match self.recv() {
            Message::Response(r) if r.id == id => match r.error {
                Some(e) => json!({"error": {"code": e.code, "message": e.message}}),
                None => r.result.unwrap_or(Value::Null),
            },
            other => panic!("unexpected message {other:?}"),
        }
    }

    fn recv(&self) -> Message {
        self.conn
            .receiver
            .recv_timeout(Duration::from_secs(20))
            .expect("the server answers")
    }

    /// The next diagnostics the server publishes.
    fn diagnostics(&self) -> Value {
        match self.recv() {
            Message::Notification(n) if n.method == "textDocument/publishDiagnostics" => n.params,
            other => panic!("unexpected message {other:?}"),
        }
    }

    fn open(&self, uri: &str, text: &str) -> Value {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "bgn", "version": 1, "text": text}}),
        );
        self.diagnostics()
    }

    fn stop(mut self) -> bool {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        self.server.take().unwrap().join().unwrap()
    }
}

/// The start and end of each diagnostic, with its code.
fn ranges(published: &Value) -> Vec<String> {
    published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let r = &d["range"];
            format!(
                "{}:{}-{}:{} {}",
                r["start"]["line"],
                r["start"]["character"],
                r["end"]["line"],
                r["end"]["character"],
                d["code"].as_str().unwrap()
            )
        })
        .collect()
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap()
}

#[test]
fn a_whole_session() {
    let (mut client, init) = Client::start(&["utf-16"]);
    insta::assert_snapshot!("initialize", pretty(&init));
    let uri = "file:///club/night.bgn";

    // Three mistakes in two games, each at its place.
    let published = client.open(uri, RECORD);
    insta::assert_snapshot!("open", pretty(&published));
    assert_eq!(
        ranges(&published),
        [
            "4:29-4:35 roll",
            "13:3-13:5 seat",
            "13:6-13:13 illegal_move"
        ]
    );

    // One line changed: game 1's r9-r13 becomes r9-r12 (UTF-16 columns
    // after the emoji). Two mistakes left, game 2's, where they were.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 4, "character": 34}, "end": {"line": 4, "character": 35}}, "text": "2"}
        ]}),
    );
    let published = client.diagnostics();
    assert_eq!(published["version"], 2);
    insta::assert_snapshot!("fixed_one", pretty(&published));
    assert_eq!(
        ranges(&published),
        ["13:3-13:5 seat", "13:6-13:13 illegal_move"]
    );

    // Completion after `R3 ` (game 1, turn 2): the legal moves of the
    // position after turn 1 with a 3, as `billes moves` lists them.
    let line = "1. R6 + {très bien 😀} 2. R3 ";
    let character: usize = line.chars().map(char::len_utf16).sum();
    let items = client.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": {"line": 4, "character": character}}),
    );
    insta::assert_snapshot!("completion", pretty(&items));
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    let game = billes_notation::parse_games(RECORD).remove(0).unwrap();
    let engine = Standard::new(billes_core::aggravation::KIND);
    let pos = position_after(&engine as &dyn Engine, &game, 1).unwrap();
    let after_one = pos.text_board();
    let expected: Vec<String> = pos
        .legal_moves(Roll::new(3))
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(labels, expected);

    // In a fuller position, a 6: entering (`+`), captures, each with
    // what it does; the list is still `billes moves`'s.
    let full = "file:///club/full.bgn";
    let text = "[Game \"aggravation\"]\n[Seats \"R G\"]\n[Position \"R:r12,g0 G:g9,b4 move=R\"]\n\n1. R6 \n*\n";
    client.open(full, text);
    let items = client.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": full}, "position": {"line": 4, "character": 6}}),
    );
    let shown: Vec<String> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            format!(
                "{} ({})",
                i["label"].as_str().unwrap(),
                i["detail"].as_str().unwrap_or("")
            )
        })
        .collect();
    insta::assert_snapshot!("completion_full", shown.join("\n"));
    let game = billes_notation::parse_games(&text.replace("1. R6 \n", ""))
        .remove(0)
        .unwrap();
    let pos = position_after(&engine as &dyn Engine, &game, 0).unwrap();
    let expected: Vec<String> = pos
        .legal_moves(Roll::new(6))
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, expected);
    assert!(expected.len() > 3, "{expected:?}");

    // Hover on game 2's second turn: the boards before and after.
    let hover = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 12, "character": 4}}),
    );
    let shown = hover["contents"]["value"].as_str().unwrap();
    insta::assert_snapshot!("hover", shown);
    assert!(shown.contains(after_one.trim_end()));

    // Formatting: the text `billes fmt` writes.
    let edits = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    insta::assert_snapshot!("formatting", pretty(&edits));
    let formatted = edits[0]["newText"].as_str().unwrap();
    let changed = RECORD.replacen("r9-r13", "r9-r12", 1);
    assert_eq!(Some(formatted.to_string()), billes_lsp::canonical(&changed));

    // A syntax error: no formatting edit.
    let broken = "file:///club/broken.bgn";
    let published = client.open(
        broken,
        "[Game \"offboard\"]\n[Seats \"R B\"]\n\n1. R a3 *\n",
    );
    assert_eq!(ranges(&published), ["3:7-3:8 syntax"]);
    let edits = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": broken}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(edits, Value::Null);

    assert!(client.stop());
}

#[test]
fn positions_follow_the_encoding_negotiated() {
    let (client, init) = Client::start(&["utf-8", "utf-16"]);
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-8");
    let published = client.open("file:///club/night.bgn", RECORD);
    // After "{très bien 😀}": 3 more bytes than UTF-16 units.
    assert_eq!(ranges(&published)[0], "4:32-4:38 roll");
    assert!(client.stop());
    let (client, init) = Client::start(&["utf-32"]);
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-16");
    assert_eq!(
        ranges(&client.open("file:///club/night.bgn", RECORD))[0],
        "4:29-4:35 roll"
    );
    assert!(client.stop());
}

#[test]
fn bad_requests_are_answered_and_the_session_goes_on() {
    let (mut client, _) = Client::start(&[]);
    let answer = client.request("textDocument/hover", json!({"textDocument": {"uri": "file:///never.bgn"}, "position": {"line": 0, "character": 0}}));
    assert_eq!(answer["error"]["message"], "file:///never.bgn is not open");
    let answer = client.request("billes/nothing", json!({}));
    assert_eq!(answer["error"]["code"], -32601);
    let answer = client.request("textDocument/completion", json!({"nonsense": 1}));
    assert_eq!(answer["error"]["code"], -32602);
    client.notify("billes/unknown", json!([1, 2]));
    // A change to a document never opened is dropped.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": "file:///never.bgn", "version": 2}, "contentChanges": [{"text": "x"}]}),
    );
    // A 50 MB document: one diagnostic saying it is not checked.
    let huge = format!("[Game \"offboard\"]\n{{{}}}\n*\n", "x".repeat(50_000_000));
    let published = client.open("file:///huge.bgn", &huge);
    assert!(published["diagnostics"][0]["message"]
        .as_str()
        .unwrap()
        .contains("not checked"));
    assert!(client.stop());
}

#[test]
fn only_the_latest_version_is_checked() {
    // A document opened and changed four times before the server reads
    // anything: it is checked once, at version 5.
    let mut early = vec![(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": "file:///a.bgn", "languageId": "bgn", "version": 1, "text": ""}}),
    )];
    for version in 2..6 {
        early.push((
            "textDocument/didChange",
            json!({"textDocument": {"uri": "file:///a.bgn", "version": version}, "contentChanges": [{"text": format!("[Game \"offboard\"]\n{version}. R a3>nw *\n")}]}),
        ));
    }
    let (client, _) = Client::start_with(&[], &early);
    let published = client.diagnostics();
    assert_eq!(published["version"], 5);
    assert_eq!(
        ranges(&published),
        ["1:3-1:10 turn_number", "1:5-1:10 illegal_move"]
    );
    assert!(client.stop());
}

#[test]
fn a_hostile_script_is_a_diagnostic_on_its_tag() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("forever.lua"),
        "while true do end\nreturn { name = 'x', game = 'aggravation', params = {} }\n",
    )
    .unwrap();
    let (client, _) = Client::start(&[]);
    let uri = format!("file://{}/club.bgn", dir.path().display());
    let record = "[Game \"aggravation\"]\n[Rules \"forever.lua\"]\n[Seats \"R G\"]\n\n1. R6 +\n*\n";
    let published = client.open(&uri, record);
    assert_eq!(ranges(&published), ["1:0-1:21 variant"]);
    assert!(client.stop());
}

#[test]
fn quick_fixes_strict_hints_tags_and_the_outline() {
    // With `strict`, the mark h-q3 leaves out is a hint.
    let (server, conn) = Connection::memory();
    let init = Request::new(
        1.into(),
        "initialize".to_string(),
        json!({"capabilities": {}, "initializationOptions": {"strict": true}}),
    );
    conn.sender.send(init.into()).unwrap();
    let thread = std::thread::spawn(move || billes_lsp::serve(&server).unwrap());
    let mut client = Client {
        conn,
        server: Some(thread),
        next: 1,
    };
    client.recv();
    let uri = "file:///club/barricade.bgn";
    let record = "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R3 h-a1\n2. B5 h-q3 !? {[%win 0.43] [%luck +0.12]}\n3. R2 h-d1\n*\n\n[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R4 r9-rl3\n*\n";
    let published = client.open(uri, record);
    assert_eq!(
        ranges(&published),
        ["4:6-4:10 missing_mark", "12:6-12:12 illegal_move"]
    );
    assert_eq!(published["diagnostics"][0]["severity"], 4);

    // The quick fixes: the mark written in, the name read with a slip.
    let diagnostics = published["diagnostics"].clone();
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": diagnostics[0]["range"], "context": {"diagnostics": [diagnostics[0]]}}),
    );
    insta::assert_snapshot!("mark_fix", pretty(&actions));
    assert_eq!(
        actions[0]["edit"]["changes"][uri][0]["newText"], "h-q3#",
        "{actions}"
    );
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": diagnostics[1]["range"], "context": {"diagnostics": [diagnostics[1]]}}),
    );
    assert_eq!(actions[0]["title"], "replace rl3 with r13");
    assert_eq!(
        actions[0]["edit"]["changes"][uri][0]["range"],
        json!({"start": {"line": 12, "character": 9}, "end": {"line": 12, "character": 12}})
    );

    // Tag names, and the values of Game and Rules.
    let at = |line: u32, character: u32| json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}});
    let labels = |items: &Value| -> Vec<String> {
        items
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect()
    };
    let names = labels(&client.request("textDocument/completion", at(0, 1)));
    assert!(names.contains(&"Rules".to_string()) && names.contains(&"Seats".to_string()));
    let games = labels(&client.request("textDocument/completion", at(0, 7)));
    // every game of the registry, in its order
    let registry: Vec<&str> = billes_core::registry::all()
        .iter()
        .map(|g| g.name())
        .collect();
    assert_eq!(games, registry);
    assert!(games.iter().any(|g| g == "offboard"));

    // Hover on a tag, a NAG, an analysis comment.
    let hover = |client: &mut Client, line, character| {
        client.request("textDocument/hover", at(line, character))["contents"]["value"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(hover(&mut client, 1, 2).starts_with("**Seats**: the seats in play"));
    assert!(hover(&mut client, 4, 12).starts_with("**$5**: interesting move"));
    assert_eq!(
        hover(&mut client, 4, 17),
        "**analysis**: the mover's side wins 43% of the time after this move; \
         the roll was worth +12 points of winning chance against the average"
    );

    // The outline: games, then turns; folding by game.
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let outline: Vec<String> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let turns: Vec<&str> = g["children"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t["name"].as_str().unwrap())
                .collect();
            format!("{}: {}", g["name"].as_str().unwrap(), turns.join(" | "))
        })
        .collect();
    assert_eq!(
        outline,
        [
            "game 1 (barricade): 1. R3 h-a1 | 2. B5 h-q3 | 3. R2 h-d1",
            "game 2 (aggravation): 1. R6 + | 2. R4 r9-rl3"
        ]
    );
    let folds = client.request(
        "textDocument/foldingRange",
        json!({"textDocument": {"uri": uri}}),
    );
    let folds: Vec<(u64, u64)> = folds
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["startLine"].as_u64().unwrap(),
                f["endLine"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(folds, [(0, 6), (8, 13)]);
    assert!(client.stop());
}

/// An Aggravation game of about `bytes` bytes, its turns on one line
/// (line 4, after a comment with a 2-byte character): R and G pass in
/// turn.
fn one_line_game(bytes: usize) -> String {
    let mut text = String::from("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n{é}\n");
    let mut n = 1;
    while text.len() < bytes {
        text.push_str(&format!("{n}. R2 -- {}. G2 -- ", n + 1));
        n += 2;
    }
    text.push_str("*\n");
    text
}

#[test]
fn the_outline_of_a_long_line_and_many_changes_at_once_are_quick() {
    let (mut client, _) = Client::start(&["utf-16"]);
    let uri = "file:///club/line.bgn";
    let text = one_line_game(400_000);
    client.open(uri, &text);
    let started = std::time::Instant::now();
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    // Under one second on an idle machine (scripts/lsp-bench); ten for a
    // busy one. Before, 30 s and more.
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let turns = symbols[0]["children"].as_array().unwrap();
    assert_eq!(turns.len(), 5_000);
    assert!(turns[4_999]["name"]
        .as_str()
        .unwrap()
        .ends_with("more turns not listed (the outline lists 5000 entries at most)"));
    assert_eq!(
        turns[1]["range"]["start"],
        json!({"line": 4, "character": 12})
    );

    // 10,000 changes in one didChange: each turn's roll 2 made 3, from the
    // end of the line back, then the same made 2 again from the start.
    let line = text.lines().nth(4).unwrap().to_string();
    let rolls: Vec<usize> = line
        .match_indices("R2 ")
        .map(|(i, _)| i + 1)
        .take(5_000)
        .collect();
    let mut changes = Vec::new();
    for &at in rolls.iter().rev() {
        changes.push(json!({"range": {"start": {"line": 4, "character": at}, "end": {"line": 4, "character": at + 1}}, "text": "3"}));
    }
    for &at in &rolls {
        changes.push(json!({"range": {"start": {"line": 4, "character": at}, "end": {"line": 4, "character": at + 1}}, "text": "2"}));
    }
    let started = std::time::Instant::now();
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": changes}),
    );
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(symbols[0]["children"][0]["name"], "1. R2 --");
    let published = client.diagnostics();
    assert_eq!(published["version"], 2);
    assert!(client.stop());
}

/// The first 18 turns of `examples/aggravation/four-players.bgn`, a new
/// turn being written after them (`19. R3 `), and a variation of turn 7.
fn club_night(turn_5: &str) -> String {
    let example = include_str!("../../../examples/aggravation/four-players.bgn");
    let mut text = String::new();
    for line in example.lines() {
        if line.starts_with("19. ") {
            break;
        }
        let line = if line.starts_with("5. ") {
            turn_5
        } else {
            line
        };
        let line = if line.starts_with("7. ") {
            "7. B5 -- (7. B4 --)"
        } else {
            line
        };
        text.push_str(line);
        text.push('\n');
    }
    text.push_str("19. R3 \n*\n");
    text
}

/// The labels of a completion answer.
fn labels(items: &Value) -> Vec<String> {
    items
        .as_array()
        .map(|a| {
            a.iter()
                .map(|i| i["label"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// Past a roll that does not fit its move (turn 5, `R3 r9-r13`, which
/// `billes validate` checks on from with a roll of 4) and past a typo
/// (`r9-r1O`, read as the one move of the roll), completion, hover and
/// the boards follow the position the check goes on from: in the main
/// line, in a variation, on the turn being written.
#[test]
fn completion_and_hover_go_on_where_the_check_goes_on() {
    let (mut client, _) = Client::start(&["utf-8"]);
    let valid = club_night("5. R4 r9-r13");
    let line_of =
        |text: &str, start: &str| text.lines().position(|l| l.starts_with(start)).unwrap();
    let complete = |client: &mut Client, uri: &str, text: &str| {
        let line = line_of(text, "19. ");
        labels(&client.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": 7}}),
        ))
    };
    let hover = |client: &mut Client, uri: &str, line: usize, character: usize| {
        client.request(
            "textDocument/hover",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}),
        )["contents"]["value"]
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    // The legal moves of R's 3 after turn 18, as the record stands valid.
    let game = billes_notation::parse_game(&valid.replace("19. R3 \n", "")).unwrap();
    let engine = Standard::new(billes_core::aggravation::KIND);
    let after_18 = position_after(&engine as &dyn Engine, &game, 18).unwrap();
    let expected: Vec<String> = after_18
        .legal_moves(Roll::new(3))
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(!expected.is_empty());
    let after_6 = position_after(&engine as &dyn Engine, &game, 6).unwrap();
    let uri = "file:///club/valid.bgn";
    client.open(uri, &valid);
    assert_eq!(complete(&mut client, uri, &valid), expected);

    for (turn_5, code) in [("5. R3 r9-r13", "roll"), ("5. R4 r9-r1O", "syntax")] {
        let text = club_night(turn_5);
        let uri = format!("file:///club/{code}.bgn");
        let published = client.open(&uri, &text);
        let codes: Vec<&str> = published["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].as_str().unwrap())
            .collect();
        // The slip, then the new turn (a turn without its move).
        assert_eq!(codes, [code, "syntax"], "{published}");
        let related = &published["diagnostics"][0]["relatedInformation"];
        let notes: Vec<&str> = related
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["message"].as_str().unwrap())
            .collect();
        assert!(
            notes.last().unwrap().ends_with("the check goes on"),
            "{notes:?}"
        );
        assert_eq!(complete(&mut client, &uri, &text), expected, "{turn_5}");
        // Hover on turn 6: the boards before and after, past the slip.
        let shown = hover(&mut client, &uri, line_of(&text, "6. "), 4);
        assert!(shown.contains("after:"), "{turn_5}: {shown}");
        assert!(shown.contains(after_6.text_board().trim_end()), "{shown}");
        // And on the variation of turn 7.
        let shown = hover(&mut client, &uri, line_of(&text, "7. "), 13);
        assert!(shown.starts_with("**turn 7** (B)"), "{shown}");
        assert!(shown.contains("before:"), "{shown}");
        assert!(shown.contains(after_6.text_board().trim_end()), "{shown}");
        // Completion in a variation being written, past the slip: B's
        // moves with a 1 after turn 6 (B's marble is in the centre).
        let open_variation = text.replace("7. B5 -- (7. B4 --)", "7. B5 -- (7. B1 ");
        let uri = format!("file:///club/{code}-variation.bgn");
        client.open(&uri, &open_variation);
        let line = line_of(&open_variation, "7. ");
        let items = labels(&client.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": 16}}),
        ));
        let expected: Vec<String> = after_6
            .legal_moves_for(billes_notation::Seat::from("B"), Roll::new(1))
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert!(expected.len() > 1, "{expected:?}");
        assert_eq!(items, expected, "{turn_5}");
    }

    // Quick fixes past a roll that does not fit: the mark turn 2 leaves
    // out (B's pawn takes the barricade on q3) is written in.
    let uri = "file:///club/marks.bgn";
    let record = "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R4 h-a1\n2. B5 h-q3\n3. R2 h-d1\n*\n";
    let published = client.open(uri, record);
    assert_eq!(ranges(&published), ["3:6-3:10 roll"]);
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": {"start": {"line": 4, "character": 6}, "end": {"line": 4, "character": 10}}, "context": {"diagnostics": []}}),
    );
    assert_eq!(actions[0]["title"], "write the marks: h-q3#", "{actions}");
    assert!(client.stop());
}
