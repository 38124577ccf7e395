//! Messages framed with `Content-Length` on any reader and writer (standard
//! input and output for `billes lsp`). Unlike `lsp_server`'s own standard
//! transport, a malformed message does not end the session: a body that is
//! not JSON or not UTF-8 is answered with JSON-RPC's parse error (-32700,
//! `id` null), one that is JSON but no request or notification the protocol
//! takes with its invalid request (-32600), and reading goes on. A request
//! whose id is neither an integer of 32 bits nor a string (2^70, 1.5, `[1]`,
//! `true`, null) is such an invalid request (`id` null: it cannot be
//! echoed), never taken for a notification. A header that cannot be read is
//! skipped to the next blank line, a header line longer than
//! [`MAX_HEADER_BYTES`] without being held; headers without
//! `Content-Length` are answered with an error (the request's id echoed
//! when its body is one JSON value, which is read past); a message longer
//! than [`MAX_MESSAGE_BYTES`] is read past and answered with an error.

use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex};
use std::thread;

use crossbeam_channel::{bounded, Receiver, Sender};
use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::Value;

/// The longest message read, in bytes: 64 MiB (a document of up to that,
/// JSON-escaped, arrives whole; see SECURITY.md).
pub const MAX_MESSAGE_BYTES: usize = 64 << 20;

/// The longest header line read, in bytes: a longer one is read past
/// without being held, and its message answered with an error.
pub const MAX_HEADER_BYTES: usize = 1024;

/// The threads reading and writing the messages.
#[derive(Debug)]
pub struct IoThreads {
    reader: thread::JoinHandle<()>,
    writer: thread::JoinHandle<io::Result<()>>,
}

impl IoThreads {
    /// Waits for both threads: the reader ends at the end of the input or
    /// after `exit`, the writer once the connection is dropped.
    ///
    /// # Errors
    /// Writing failed (the client went away).
    pub fn join(self) -> io::Result<()> {
        // The reader may be blocked on input that never comes once `exit`
        // was handled: it is not waited for.
        drop(self.reader);
        self.writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the writer thread panicked")))
    }
}

/// A connection over `input` and `output`, each served by a thread.
pub fn connect<R, W>(input: R, output: W) -> (Connection, IoThreads)
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let output = Arc::new(Mutex::new(output));
    let (to_client, outgoing): (Sender<Message>, Receiver<Message>) = bounded(0);
    let (incoming, from_client) = bounded::<Message>(0);
    let out = Arc::clone(&output);
    let writer = thread::spawn(move || {
        for message in outgoing {
            let mut w = out.lock().map_err(|_| io::Error::other("poisoned"))?;
            message.write(&mut *w)?;
        }
        Ok(())
    });
    let reader = thread::spawn(move || read_loop(input, &incoming, &output));
    (
        Connection {
            sender: to_client,
            receiver: from_client,
        },
        IoThreads { reader, writer },
    )
}

/// A connection over standard input and output.
pub fn stdio() -> (Connection, IoThreads) {
    connect(io::BufReader::new(io::stdin()), io::stdout())
}

fn read_loop<R: BufRead, W: Write>(mut input: R, incoming: &Sender<Message>, output: &Mutex<W>) {
    loop {
        let body = match read_frame(&mut input) {
            Frame::End => return,
            Frame::Body(body) => body,
            Frame::Bad(bad) => {
                answer_error(output, &bad);
                continue;
            }
        };
        let message = std::str::from_utf8(&body)
            .map_err(|e| Bad::parse(format!("the message is not UTF-8: {e}")))
            .and_then(|text| {
                serde_json::from_str::<Value>(text)
                    .map_err(|e| Bad::parse(format!("the message is not JSON: {e}")))
            });
        drop(body);
        match message.and_then(message_of) {
            Ok(Some(message)) => {
                let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                if incoming.send(message).is_err() || exit {
                    return;
                }
            }
            Ok(None) => {}
            Err(bad) => answer_error(output, &bad),
        }
    }
}

/// A message that cannot be taken: the JSON-RPC error answering it.
#[derive(Debug, PartialEq)]
struct Bad {
    /// -32700 (parse error) or -32600 (invalid request).
    code: i32,
    message: String,
    /// The id of the request, when it could be read; else null.
    id: Value,
}

impl Bad {
    fn parse(message: String) -> Bad {
        Bad {
            code: PARSE_ERROR,
            message,
            id: Value::Null,
        }
    }

    fn invalid(message: String, id: Value) -> Bad {
        Bad {
            code: INVALID_REQUEST,
            message,
            id,
        }
    }
}

/// JSON-RPC's "parse error": the text is not JSON (or not a frame).
const PARSE_ERROR: i32 = -32700;
/// JSON-RPC's "invalid request": JSON, but not a request the protocol
/// takes.
const INVALID_REQUEST: i32 = -32600;

/// The id of a request as the protocol allows it: an integer of 32 bits
/// (LSP's `integer`) or a string. Any other value (2^70, 1.5, `[1]`,
/// `true`, null) is refused: a request with such an id is answered with an
/// error whose id is null, not taken for a notification.
fn request_id(id: &Value) -> Option<RequestId> {
    match id {
        Value::Number(n) => n
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .map(RequestId::from),
        Value::String(s) => Some(RequestId::from(s.clone())),
        _ => None,
    }
}

/// A JSON value as the message it is. A response (the server sends no
/// request, so none is awaited) is dropped: `None`.
///
/// # Errors
/// What is not a JSON-RPC request or notification, with the id to answer
/// (null when it cannot be echoed).
fn message_of(value: Value) -> Result<Option<Message>, Bad> {
    let Value::Object(mut map) = value else {
        return Err(Bad::invalid(
            "not a JSON-RPC message: an object with a method, a result or an error".to_string(),
            Value::Null,
        ));
    };
    let id = map.remove("id");
    let echo = id.as_ref().and_then(request_id);
    let echoed = || echo.clone().map_or(Value::Null, |id| serde_json::json!(id));
    match map.remove("method") {
        Some(Value::String(method)) => {
            let params = map.remove("params").unwrap_or(Value::Null);
            match (id, echo.clone()) {
                (None, _) => Ok(Some(Notification { method, params }.into())),
                (Some(_), Some(id)) => Ok(Some(Request { id, method, params }.into())),
                (Some(id), None) => Err(Bad::invalid(
                    format!(
                        "the id of a request is an integer of 32 bits or a string, not {}",
                        cut(&id.to_string())
                    ),
                    Value::Null,
                )),
            }
        }
        Some(_) => Err(Bad::invalid(
            "not a JSON-RPC message: its method is not a string".to_string(),
            echoed(),
        )),
        None if map.contains_key("result") || map.contains_key("error") => Ok(None),
        None => Err(Bad::invalid(
            "not a JSON-RPC message: an object with a method, a result or an error".to_string(),
            echoed(),
        )),
    }
}

/// `text` cut to 64 bytes for a message (an id may be long).
fn cut(text: &str) -> String {
    if text.len() <= 64 {
        return text.to_string();
    }
    let mut end = 64;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} bytes)", &text[..end], text.len())
}

/// What reading one frame gave.
enum Frame {
    /// The end of the input.
    End,
    /// A message's body.
    Body(Vec<u8>),
    /// A frame that cannot be read, already skipped.
    Bad(Bad),
}

/// What reading one header line gave.
enum HeaderLine {
    /// The end of the input.
    End,
    /// A line (its line end cut), at most [`MAX_HEADER_BYTES`].
    Line(Vec<u8>),
    /// A line longer than [`MAX_HEADER_BYTES`], read past and not kept.
    TooLong,
}

/// Reads one header line, holding at most [`MAX_HEADER_BYTES`] of it: the
/// rest of a longer line is read past in the reader's buffer, never
/// copied (a header line of gigabytes costs no memory).
fn header_line(input: &mut impl BufRead) -> HeaderLine {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok([]) | Err(_) => return HeaderLine::End,
            Ok(buffer) => buffer,
        };
        let (taken, ends) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buffer.len(), false),
        };
        if !too_long {
            let room = MAX_HEADER_BYTES - line.len();
            if taken > room {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(&buffer[..taken]);
            }
        }
        input.consume(taken);
        if ends {
            break;
        }
    }
    if too_long {
        return HeaderLine::TooLong;
    }
    while matches!(line.last(), Some(b'\n' | b'\r')) {
        line.pop();
    }
    HeaderLine::Line(line)
}

fn read_frame(input: &mut impl BufRead) -> Frame {
    let mut length: Option<Result<usize, String>> = None;
    let mut bad_header = None;
    let mut headers = false;
    loop {
        let line = match header_line(input) {
            HeaderLine::End => return Frame::End,
            HeaderLine::TooLong => {
                headers = true;
                bad_header = Some(format!(
                    "a header line longer than {MAX_HEADER_BYTES} bytes, the most read"
                ));
                continue;
            }
            HeaderLine::Line(line) => line,
        };
        if line.is_empty() {
            if !headers {
                // Blank lines between messages.
                continue;
            }
            break;
        }
        headers = true;
        let text = String::from_utf8_lossy(&line);
        match text.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                length = Some(value.trim().parse::<usize>().map_err(|_| {
                    format!("a Content-Length that is no number: {}", cut(value.trim()))
                }));
            }
            Some(_) => {}
            None => bad_header = Some(format!("a header line that is no header: {:?}", cut(&text))),
        }
    }
    let length = match (length, bad_header) {
        (Some(Ok(n)), _) => n,
        (Some(Err(why)), _) | (None, Some(why)) => return Frame::Bad(Bad::parse(why)),
        (None, None) => return Frame::Bad(without_length(input)),
    };
    if length > MAX_MESSAGE_BYTES {
        let skipped = io::copy(&mut input.by_ref().take(length as u64), &mut io::sink());
        if skipped.map_or(true, |n| n < length as u64) {
            return Frame::End;
        }
        return Frame::Bad(Bad::parse(format!(
            "a message of {length} bytes, more than {MAX_MESSAGE_BYTES}, the most read: not read"
        )));
    }
    let mut body = vec![0; length];
    match input.read_exact(&mut body) {
        Ok(()) => Frame::Body(body),
        Err(_) => Frame::End,
    }
}

/// The answer to headers without `Content-Length`: the body cannot be
/// framed, but where it is one JSON object or array (what a client sends)
/// it is read past, so the next message is read whole, and a request's id
/// is echoed, so the client is not left waiting. Other bytes are left to
/// be read as the next headers (and answered as bad ones).
fn without_length(input: &mut impl BufRead) -> Bad {
    let why = "a message without Content-Length: not read".to_string();
    if !matches!(input.fill_buf(), Ok([b'{' | b'[', ..])) {
        return Bad::parse(why);
    }
    let mut bounded = input.by_ref().take(MAX_MESSAGE_BYTES as u64);
    let mut reader = serde_json::Deserializer::from_reader(&mut bounded);
    let id = match <Value as serde::Deserialize>::deserialize(&mut reader) {
        Ok(value) => value.get("id").and_then(request_id),
        Err(_) => return Bad::parse(why),
    };
    Bad::invalid(why, id.map_or(Value::Null, |id| serde_json::json!(id)))
}

/// Writes a JSON-RPC error answering a message that could not be taken.
fn answer_error<W: Write>(output: &Mutex<W>, bad: &Bad) {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": bad.id,
        "error": { "code": bad.code, "message": bad.message },
    })
    .to_string();
    if let Ok(mut w) = output.lock() {
        let _ = write!(w, "Content-Length: {}\r\n\r\n{body}", body.len());
        let _ = w.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &str) -> Vec<String> {
        let mut reader = io::Cursor::new(input.as_bytes().to_vec());
        let mut out = Vec::new();
        loop {
            match read_frame(&mut reader) {
                Frame::End => return out,
                Frame::Body(b) => out.push(String::from_utf8_lossy(&b).into_owned()),
                Frame::Bad(bad) => out.push(format!("bad: {}", bad.message)),
            }
        }
    }

    /// What the server answers to `input` (only errors are answered by
    /// the reader), and the methods it hands on.
    fn answers(input: &str) -> (Vec<Value>, Vec<String>) {
        let output = Mutex::new(Vec::new());
        let (send, receive) = crossbeam_channel::unbounded();
        read_loop(io::Cursor::new(input.as_bytes().to_vec()), &send, &output);
        drop(send);
        let written = String::from_utf8(output.into_inner().expect("not poisoned")).expect("UTF-8");
        let mut answers = Vec::new();
        let mut rest = written.as_str();
        while let Some((head, body)) = rest.split_once("\r\n\r\n") {
            let length: usize = head["Content-Length: ".len()..].parse().expect("a length");
            answers.push(serde_json::from_str(&body[..length]).expect("JSON"));
            rest = &body[length..];
        }
        let methods = receive
            .iter()
            .map(|m| match m {
                Message::Request(r) => format!("request {} {}", r.id, r.method),
                Message::Notification(n) => format!("notification {}", n.method),
                Message::Response(r) => format!("response {}", r.id),
            })
            .collect();
        (answers, methods)
    }

    fn framed(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    #[test]
    fn requests_with_ids_the_protocol_refuses_are_answered() {
        let mut input = String::new();
        for id in [
            "1180591620717411303424",
            "1.5",
            "[1]",
            "true",
            "null",
            "2147483648",
        ] {
            input.push_str(&framed(&format!(
                r#"{{"jsonrpc":"2.0","id":{id},"method":"textDocument/hover","params":{{}}}}"#
            )));
        }
        input.push_str(&framed(r#"{"jsonrpc":"2.0","id":-7,"method":"a"}"#));
        input.push_str(&framed(r#"{"jsonrpc":"2.0","id":"x","method":"b"}"#));
        input.push_str(&framed(r#"{"jsonrpc":"2.0","method":"c"}"#));
        input.push_str(&framed(r#"{"jsonrpc":"2.0","id":4,"method":5}"#));
        input.push_str(&framed(r#"{"jsonrpc":"2.0","id":9,"result":null}"#));
        let (answers, methods) = answers(&input);
        assert_eq!(answers.len(), 7, "{answers:?}");
        for answer in &answers[..6] {
            assert_eq!(answer["id"], Value::Null);
            assert_eq!(answer["error"]["code"], -32600);
        }
        assert_eq!(
            answers[1]["error"]["message"],
            "the id of a request is an integer of 32 bits or a string, not 1.5"
        );
        assert_eq!(answers[6]["id"], 4);
        assert_eq!(
            methods,
            ["request -7 a", "request \"x\" b", "notification c"]
        );
    }

    #[test]
    fn headers_without_content_length_are_answered() {
        let body = r#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{"a":"}"}}"#;
        let mut input = format!("Content-Type: application/vscode-jsonrpc\r\n\r\n{body}");
        input.push_str(&framed(r#"{"jsonrpc":"2.0","id":4,"method":"after"}"#));
        input.push_str("Content-Type: x\r\n\r\nnot json\r\n\r\n");
        input.push_str(&framed(r#"{"jsonrpc":"2.0","id":5,"method":"last"}"#));
        let (answers, methods) = answers(&input);
        assert_eq!(answers[0]["id"], 3, "{answers:?}");
        assert_eq!(answers[0]["error"]["code"], -32600);
        assert_eq!(
            answers[0]["error"]["message"],
            "a message without Content-Length: not read"
        );
        assert_eq!(answers[1]["id"], Value::Null);
        assert_eq!(answers[1]["error"]["code"], -32700);
        assert_eq!(methods, ["request 4 after", "request 5 last"]);
    }

    #[test]
    fn a_long_header_line_is_read_past() {
        let long = "x".repeat(5 * MAX_HEADER_BYTES);
        let input = format!(
            "X-Long: {long}\r\n\r\n{}",
            framed(r#"{"jsonrpc":"2.0","method":"n"}"#)
        );
        let (answers, methods) = answers(&input);
        assert_eq!(
            answers[0]["error"]["message"],
            "a header line longer than 1024 bytes, the most read"
        );
        assert_eq!(methods, ["notification n"]);
    }

    #[test]
    fn frames_are_read_past_bad_headers() {
        let input = "Content-Length: 2\r\n\r\n{}\
                     garbage\r\n\r\n\
                     Content-Length: x\r\n\r\n\
                     Content-Type: a\r\nContent-Length: 4\r\n\r\nnull\
                     Content-Length: 99\r\n\r\n{";
        assert_eq!(
            frames(input),
            [
                "{}",
                "bad: a header line that is no header: \"garbage\"",
                "bad: a Content-Length that is no number: x",
                "null"
            ]
        );
    }
}
