//! `billes lsp` driven over pipes by a client written here (raw
//! `Content-Length` frames, JSON values), so the framing is checked end to
//! end, with the answers compared to `billes moves` and `billes fmt`.

#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{json, Value};

use crate::common::{billes, stdout, write};

/// A client over the pipes of a `billes lsp` process (the other modules'
/// sessions use it too).
pub(crate) struct Client {
    pub(crate) child: Child,
    input: ChildStdin,
    messages: mpsc::Receiver<Value>,
}

impl Client {
    pub(crate) fn start() -> Client {
        Client::start_with(&[])
    }

    /// A server with these environment variables.
    fn start_with(vars: &[(&str, &str)]) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_billes"))
            .arg("lsp")
            .envs(vars.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (send, messages) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(output);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.unwrap()];
                reader.read_exact(&mut body).unwrap();
                if send.send(serde_json::from_slice(&body).unwrap()).is_err() {
                    return;
                }
            }
        });
        Client {
            child,
            input,
            messages,
        }
    }

    fn raw(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).unwrap();
        self.input.flush().unwrap();
    }

    pub(crate) fn send(&mut self, message: Value) {
        let body = message.to_string();
        self.raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    #[track_caller]
    pub(crate) fn next(&self) -> Value {
        self.messages
            .recv_timeout(Duration::from_secs(30))
            .expect("the server answers")
    }

    #[track_caller]
    pub(crate) fn request(&mut self, id: i64, method: &str, params: Value) -> Value {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let message = self.next();
            if message["id"] == json!(id) {
                return message;
            }
        }
    }

    pub(crate) fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Initializes the session and opens the document `uri` holding
    /// `text`: the diagnostics the server then publishes.
    #[track_caller]
    pub(crate) fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        self.request(
            1,
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}}),
        );
        self.notify("initialized", json!({}));
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "bgn", "version": 1, "text": text}}),
        );
        let published = self.next();
        assert_eq!(published["method"], "textDocument/publishDiagnostics");
        published["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Ends the session as an editor does: shutdown, exit, and the server
    /// ends with 0.
    #[track_caller]
    pub(crate) fn close(mut self) {
        assert_eq!(
            self.request(99, "shutdown", Value::Null)["result"],
            Value::Null
        );
        self.notify("exit", Value::Null);
        assert_eq!(self.child.wait().unwrap().code(), Some(0));
    }
}

const RECORD: &str = "[Game \"aggravation\"]\n[Seats \"R G\"]\n[Green \"Łucja\"]\n\n1. R6 + {départ}\n2. R1   r9-r10\n3. G4 --\n4. R4 r10-b0\n5. G6 \n*\n\n[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R3 r9-r12 {vite}\n*\n";

#[test]
fn a_session_over_pipes() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "club.bgn", RECORD);
    let uri = format!("file://{}", path.display());
    let mut client = Client::start();

    // Malformed messages are answered and the session goes on.
    client.raw(b"Content-Length: 9\r\n\r\n{\"jsonrpc");
    let answer = client.next();
    assert_eq!(answer["id"], Value::Null);
    assert_eq!(answer["error"]["code"], -32700);
    client.raw(b"Content-Length: 4\r\n\r\n\xff\xfe\xfd\xfc");
    assert_eq!(client.next()["error"]["code"], -32700);
    client.send(json!([1, 2]));
    assert_eq!(client.next()["error"]["code"], -32600);
    client.raw(b"no header here\r\n\r\n");
    assert_eq!(client.next()["error"]["code"], -32700);

    let early = client.request(0, "textDocument/hover", json!({}));
    assert_eq!(early["error"]["code"], -32002);
    let init = client.request(
        1,
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    assert_eq!(init["result"]["capabilities"]["positionEncoding"], "utf-16");
    client.notify("initialized", json!({}));
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "bgn", "version": 1, "text": RECORD}}),
    );
    let published = client.next();
    assert_eq!(published["method"], "textDocument/publishDiagnostics");
    let diagnostics = published["params"]["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 2, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], "syntax");
    assert_eq!(
        diagnostics[0]["range"],
        json!({"start": {"line": 8, "character": 3}, "end": {"line": 8, "character": 5}})
    );
    assert_eq!(diagnostics[1]["code"], "illegal_move");
    assert_eq!(
        diagnostics[1]["range"],
        json!({"start": {"line": 14, "character": 6}, "end": {"line": 14, "character": 12}})
    );

    // Completion after `G6 `: `billes moves` after turn 4 with a 6.
    let completion = client.request(
        2,
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": {"line": 8, "character": 6}}),
    );
    let labels: Vec<&str> = completion["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    let fixed = write(dir.path(), "fixed.bgn", RECORD.replace("5. G6 \n", ""));
    let path_text = fixed.display().to_string();
    let moves = billes(&[
        "moves", &path_text, "--at", "4", "--roll", "6", "--format", "json",
    ]);
    let moves: Value = serde_json::from_str(&stdout(&moves)).unwrap();
    let expected: Vec<&str> = moves["rolls"]["6"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(labels, expected);

    // Formatting: `billes fmt`'s text, once the record reads.
    let formatting = client.request(
        3,
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert_eq!(formatting["result"], Value::Null, "a syntax error: no edit");
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
            {"range": {"start": {"line": 8, "character": 0}, "end": {"line": 9, "character": 0}}, "text": ""}
        ]}),
    );
    assert_eq!(client.next()["params"]["version"], 2);
    let formatting = client.request(
        4,
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    let unformatted = write(dir.path(), "now.bgn", RECORD.replace("5. G6 \n", ""));
    let fmt = billes(&["fmt", &unformatted.display().to_string()]);
    assert_eq!(formatting["result"][0]["newText"], stdout(&fmt));

    let shutdown = client.request(5, "shutdown", Value::Null);
    assert_eq!(shutdown["result"], Value::Null);
    client.notify("exit", Value::Null);
    drop(client.input);
    assert_eq!(client.child.wait().unwrap().code(), Some(0));
}

#[test]
fn exit_without_shutdown_or_the_end_of_input_ends_with_1() {
    let mut client = Client::start();
    client.request(1, "initialize", json!({"capabilities": {}}));
    client.notify("exit", Value::Null);
    assert_eq!(client.child.wait().unwrap().code(), Some(1));
    let client = Client::start();
    drop(client.input);
    let mut child = client.child;
    assert_eq!(child.wait().unwrap().code(), Some(1));
}

#[test]
fn requests_the_protocol_refuses_are_answered_with_its_errors() {
    let mut client = Client::start();
    client.request(1, "initialize", json!({"capabilities": {}}));
    // Headers without Content-Length: the request's id is echoed.
    client.raw(b"Content-Type: application/vscode-jsonrpc\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"shutdown\"}");
    let answer = client.next();
    assert_eq!(answer["id"], 7);
    assert_eq!(answer["error"]["code"], -32600);
    // Ids that are no integer of 32 bits nor a string: id null.
    for id in ["1180591620717411303424", "1.5", "[1]", "true"] {
        let body = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"shutdown"}}"#);
        client.raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
        let answer = client.next();
        assert_eq!(answer["id"], Value::Null, "{id}");
        assert_eq!(answer["error"]["code"], -32600, "{id}");
    }
    // None of them was taken: the session goes on to its own shutdown.
    assert_eq!(
        client.request(2, "shutdown", Value::Null)["result"],
        Value::Null
    );
    client.notify("exit", Value::Null);
    assert_eq!(client.child.wait().unwrap().code(), Some(0));
}

#[test]
fn hover_answers_while_a_slow_check_runs() {
    // Every call of its `allow` hook runs until the sandbox stops it: a
    // copy of 2 MB counted as one instruction, which only the wall-clock
    // guard (0.5 s here) stops, so the check of 30 games takes seconds.
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "slow.lua",
        "return { name = 'slow', game = 'aggravation', hooks = {\n  allow = function(move, pos)\n    local s = 'x' for i = 1, 21 do s = s .. s end\n    while true do local t = s .. 'y' end\n  end,\n} }\n",
    );
    let game = "[Game \"aggravation\"]\n[Rules \"slow.lua\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R1 r9-r10\n*\n\n";
    let record = game.repeat(30);
    let path = write(dir.path(), "club.bgn", &record);
    let uri = format!("file://{}", path.display());
    let mut client = Client::start_with(&[("BILLES_TIME_GUARD", "0.5")]);
    client.request(1, "initialize", json!({"capabilities": {}}));
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "bgn", "version": 1, "text": record}}),
    );
    let started = std::time::Instant::now();
    // On turn 2 of the last game, and on a tag of the first.
    let turn = client.request(
        2,
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 29 * 8 + 5, "character": 4}}),
    );
    let tag = client.request(
        3,
        "textDocument/hover",
        json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": 2}}),
    );
    // 100 ms on an idle machine (scripts/lsp-bench); 2 s here, for a busy
    // one. Before, the hover waited for the whole check.
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    let shown = turn["result"]["contents"]["value"].as_str().unwrap();
    assert!(shown.starts_with("**turn 2** (R)"), "{shown}");
    assert!(shown.contains("once the check of this game"), "{shown}");
    assert!(tag["result"]["contents"]["value"]
        .as_str()
        .unwrap()
        .starts_with("**Seats**"));
    // A newer version cancels the check: the server is free at once.
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": "[Game \"offboard\"]\n1. R a3>nw *\n"}]}),
    );
    let published = loop {
        let message = client.next();
        if message["params"]["version"] == 2 {
            break message;
        }
    };
    assert_eq!(
        published["params"]["diagnostics"][0]["code"],
        "illegal_move"
    );
    assert_eq!(
        client.request(4, "shutdown", Value::Null)["result"],
        Value::Null
    );
    client.notify("exit", Value::Null);
    assert_eq!(client.child.wait().unwrap().code(), Some(0));
}

#[test]
fn a_game_the_guard_stopped_is_a_warning_on_its_rules_tag() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "hang.lua",
        "return { name = 'hang', game = 'aggravation', hooks = { allow = function(move)\n\
         local s = 'x' for i = 1, 21 do s = s .. s end while true do local t = s .. 'y' end\n\
         end } }\n",
    );
    let text = "[Game \"aggravation\"]\n[Rules \"hang.lua\"]\n[Seats \"R G\"]\n\n1. R6 + *\n";
    let path = write(dir.path(), "hang.bgn", text);
    let uri = format!("file://{}", path.display());
    let mut client = Client::start_with(&[("BILLES_TIME_GUARD", "0.3")]);
    client.request(
        1,
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    client.notify("initialized", json!({}));
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "bgn", "version": 1, "text": text}}),
    );
    let published = client.next();
    let diagnostics = published["params"]["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    let d = &diagnostics[0];
    assert_eq!(d["code"], "time_guard");
    // A warning (2), not an error (1): no mistake of the record.
    assert_eq!(d["severity"], 2);
    assert_eq!(
        d["range"],
        json!({"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 18}})
    );
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .contains("stopped by the wall-clock guard"),
        "{d}"
    );
    client.request(2, "shutdown", Value::Null);
    client.notify("exit", Value::Null);
    drop(client.input);
    assert_eq!(client.child.wait().unwrap().code(), Some(0));
}
