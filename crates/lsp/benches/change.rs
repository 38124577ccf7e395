//! From a `didChange` of one character to its diagnostics, through the
//! whole server (Connection::memory(), the message loop, the check, the
//! diagnostics sent): a 2,000-turn record, and a 500-game file where one
//! game changes (target: under 30 ms on one core).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::thread::JoinHandle;

use billes_core::{GameKind, Rng, SimOptions};
use criterion::{criterion_group, criterion_main, Criterion};
use lsp_server::{Connection, Message, Notification, Request};
use serde_json::{json, Value};

/// A server with one document open.
struct Session {
    conn: Connection,
    thread: Option<JoinHandle<bool>>,
    version: i32,
}

impl Session {
    fn open(text: &str) -> Session {
        let (server, conn) = Connection::memory();
        let thread = std::thread::spawn(move || billes_lsp::serve(&server).unwrap());
        let init = Request::new(1.into(), "initialize".into(), json!({"capabilities": {}}));
        conn.sender.send(init.into()).unwrap();
        conn.receiver.recv().unwrap();
        let session = Session {
            conn,
            thread: Some(thread),
            version: 1,
        };
        session.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": "file:///bench.bgn", "languageId": "bgn", "version": 1, "text": text}}),
        );
        session.diagnostics();
        session
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.into(), params);
        self.conn.sender.send(n.into()).unwrap();
    }

    fn diagnostics(&self) -> usize {
        match self.conn.receiver.recv().unwrap() {
            Message::Notification(n) => n.params["diagnostics"].as_array().unwrap().len(),
            other => panic!("unexpected {other:?}"),
        }
    }

    /// Replaces the character at `line`, `character` with `text` and waits
    /// for the diagnostics.
    fn change(&mut self, line: u32, character: u32, text: &str) -> usize {
        self.version += 1;
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": "file:///bench.bgn", "version": self.version}, "contentChanges": [
                {"range": {"start": {"line": line, "character": character}, "end": {"line": line, "character": character + 1}}, "text": text}
            ]}),
        );
        self.diagnostics()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let r = Request::new(9.into(), "shutdown".into(), Value::Null);
        self.conn.sender.send(r.into()).unwrap();
        self.conn.receiver.recv().unwrap();
        self.notify("exit", Value::Null);
        self.thread.take().unwrap().join().unwrap();
    }
}

/// A simulated game as text with a comment `{x}` on its first turn, and
/// its number of turns.
fn game(kind: GameKind, max_turns: u32, rng: &mut Rng) -> (String, usize) {
    let options = SimOptions {
        players: 2,
        teams: None,
        max_turns,
    };
    let game = billes_core::simulate(kind, &options, rng).unwrap();
    let text = billes_notation::write_game(&game).replacen("\n1. ", "\n{x}\n1. ", 1);
    (text, game.line.turns.len())
}

/// The line holding `{x}` in `text` from line `from` on.
fn comment_line(text: &str, from: usize) -> u32 {
    text.lines()
        .enumerate()
        .skip(from)
        .find(|(_, l)| *l == "{x}")
        .unwrap()
        .0 as u32
}

fn long_record(c: &mut Criterion) {
    // Offboard games between random players often run past 2,000 turns:
    // the first that does, cut there.
    let mut rng = Rng::new(7);
    let text = loop {
        let (text, turns) = game(billes_core::offboard::KIND, 2000, &mut rng);
        if turns == 2000 {
            break text;
        }
    };
    let line = comment_line(&text, 0);
    let mut session = Session::open(&text);
    let mut flip = false;
    c.bench_function("didChange to diagnostics, a 2,000-turn record", |b| {
        b.iter(|| {
            flip = !flip;
            assert_eq!(session.change(line, 1, if flip { "y" } else { "x" }), 0);
        })
    });
}

fn many_games(c: &mut Criterion) {
    let mut rng = Rng::new(11);
    let text: String = (0..500)
        .map(|_| game(billes_core::aggravation::KIND, 5000, &mut rng).0 + "\n")
        .collect();
    // Game 250's comment.
    let from = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("[Game "))
        .nth(249)
        .unwrap()
        .0;
    let line = comment_line(&text, from);
    let mut session = Session::open(&text);
    let mut flip = false;
    c.bench_function("didChange to diagnostics, 500 games, one changed", |b| {
        b.iter(|| {
            flip = !flip;
            assert_eq!(session.change(line, 1, if flip { "y" } else { "x" }), 0);
        })
    });
}

criterion_group!(benches, long_record, many_games);
criterion_main!(benches);
