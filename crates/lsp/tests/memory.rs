//! The memory the server takes, counted by a global allocator (a test
//! binary of its own, so no other test's allocations are counted): the
//! whole server, transport and all, on a document at the 16 MiB limit made
//! of 313,000 invalid games, and on a header line of 600 MB.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::alloc::System;
use std::io::{self, BufReader, Read, Write};
use std::time::Duration;

use cap::Cap;
use crossbeam_channel::{unbounded, Receiver, Sender};
use serde_json::{json, Value};

/// The system allocator, counting the bytes held, and refusing more than
/// its limit (an allocation past it aborts the test).
#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// One test at a time: the count is the process's.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The memory cap of a document within the limit: 512 MiB.
const CAP: usize = 512 << 20;

/// Standard input as the server reads it: what the test sends, piece by
/// piece; a piece may be made as it is read ([`Piece::Repeat`]).
struct Input {
    pieces: Receiver<Piece>,
    now: Option<(Vec<u8>, usize, usize)>,
}

enum Piece {
    Bytes(Vec<u8>),
    /// `bytes` repeated to `len` bytes, never held whole.
    Repeat(Vec<u8>, usize),
}

impl Read for Input {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        loop {
            if let Some((bytes, at, left)) = &mut self.now {
                if *left > 0 {
                    let n = out.len().min(*left).min(bytes.len() - *at % bytes.len());
                    let from = *at % bytes.len();
                    out[..n].copy_from_slice(&bytes[from..from + n]);
                    *at += n;
                    *left -= n;
                    return Ok(n);
                }
            }
            self.now = match self.pieces.recv() {
                Ok(Piece::Bytes(b)) => {
                    let len = b.len();
                    Some((b, 0, len))
                }
                Ok(Piece::Repeat(b, len)) => Some((b, 0, len)),
                Err(_) => return Ok(0),
            };
        }
    }
}

/// Standard output as the server writes it: each message's first bytes.
struct Output {
    frames: Sender<String>,
    buffer: Vec<u8>,
}

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        while let Some(end) = self.buffer.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&self.buffer[..end]).into_owned();
            let length: usize = head.trim_start_matches("Content-Length: ").parse().unwrap();
            if self.buffer.len() < end + 4 + length {
                break;
            }
            let body = &self.buffer[end + 4..end + 4 + length];
            let start = String::from_utf8_lossy(&body[..body.len().min(400)]).into_owned();
            let _ = self.frames.send(start);
            self.buffer.drain(..end + 4 + length);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A server on the transport, fed by `send`, its messages' starts on the
/// receiver.
fn server() -> (Sender<Piece>, Receiver<String>, std::thread::JoinHandle<()>) {
    let (send, pieces) = unbounded();
    let (frames, messages) = unbounded();
    let input = BufReader::new(Input { pieces, now: None });
    let output = Output {
        frames,
        buffer: Vec::new(),
    };
    let thread = std::thread::spawn(move || {
        let (conn, io) = billes_lsp::transport::connect(input, output);
        billes_lsp::serve(&conn).unwrap();
        drop(conn);
        io.join().unwrap();
    });
    (send, messages, thread)
}

fn framed(message: &Value) -> Piece {
    let body = message.to_string();
    Piece::Bytes(format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes())
}

/// The next message holding `what`.
fn wait_for(messages: &Receiver<String>, what: &str) -> String {
    loop {
        let message = messages
            .recv_timeout(Duration::from_secs(600))
            .expect("the server answers");
        if message.contains(what) {
            return message;
        }
    }
}

fn stop(send: &Sender<Piece>, messages: &Receiver<String>) {
    send.send(framed(
        &json!({"jsonrpc": "2.0", "id": 99, "method": "shutdown"}),
    ))
    .unwrap();
    wait_for(messages, "\"id\":99");
    send.send(framed(&json!({"jsonrpc": "2.0", "method": "exit"})))
        .unwrap();
}

#[test]
fn a_document_of_invalid_games_at_the_limit_is_served_within_512_mib() {
    let _alone = ONE_AT_A_TIME.lock();
    let game = "[Game \"aggravation\"]\n[Seats \"R G\"]\n1. R3 r9-r13 *\n\n";
    let count = billes_lsp::check::MAX_DOCUMENT_BYTES / game.len();
    let (send, messages, thread) = server();
    send.send(framed(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    ))
    .unwrap();
    wait_for(&messages, "\"id\":1");
    ALLOCATOR.set_limit(ALLOCATOR.allocated() + CAP).unwrap();
    let before = ALLOCATOR.allocated();
    {
        let text = game.repeat(count);
        let open = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": "file:///club/many.bgn", "languageId": "bgn", "version": 1, "text": text}}});
        send.send(framed(&open)).unwrap();
    }
    let published = wait_for(&messages, "publishDiagnostics");
    assert!(published.contains("illegal_move"), "{published}");
    let at = |line: u32| json!({"textDocument": {"uri": "file:///club/many.bgn"}, "position": {"line": line, "character": 4}});
    for (id, method, params) in [
        (
            2,
            "textDocument/documentSymbol",
            json!({"textDocument": {"uri": "file:///club/many.bgn"}}),
        ),
        (
            3,
            "textDocument/foldingRange",
            json!({"textDocument": {"uri": "file:///club/many.bgn"}}),
        ),
        (4, "textDocument/hover", at(4 * count as u32 - 2)),
        (
            5,
            "textDocument/formatting",
            json!({"textDocument": {"uri": "file:///club/many.bgn"}, "options": {"tabSize": 2, "insertSpaces": true}}),
        ),
    ] {
        send.send(framed(
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        ))
        .unwrap();
        wait_for(&messages, &format!("\"id\":{id}"));
    }
    let peak = ALLOCATOR.max_allocated() - before;
    eprintln!("{count} invalid games: {} MiB at most", peak >> 20);
    assert!(peak < CAP, "{peak}");
    ALLOCATOR.set_limit(usize::MAX).unwrap();
    stop(&send, &messages);
    thread.join().unwrap();
}

#[test]
fn a_header_line_of_600_mb_is_read_past_without_being_held() {
    let _alone = ONE_AT_A_TIME.lock();
    let (send, messages, thread) = server();
    ALLOCATOR
        .set_limit(ALLOCATOR.allocated() + (16 << 20))
        .unwrap();
    send.send(Piece::Bytes(b"X-Long: ".to_vec())).unwrap();
    send.send(Piece::Repeat(vec![b'x'; 4096], 600_000_000))
        .unwrap();
    send.send(Piece::Bytes(b"\r\n\r\n".to_vec())).unwrap();
    let answer = wait_for(&messages, "error");
    assert!(
        answer.contains("a header line longer than 1024 bytes"),
        "{answer}"
    );
    ALLOCATOR.set_limit(usize::MAX).unwrap();
    send.send(framed(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
    ))
    .unwrap();
    wait_for(&messages, "\"id\":1");
    stop(&send, &messages);
    thread.join().unwrap();
}
