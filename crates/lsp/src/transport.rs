//! Messages framed with `Content-Length` on any reader and writer (standard
//! input and output for `billes lsp`). Unlike `lsp_server`'s own standard
//! transport, a malformed message does not end the session: a body that is
//! not JSON, not a JSON-RPC message or not UTF-8 is answered with a
//! JSON-RPC error (`id` null) and reading goes on; a header that cannot be
//! read is skipped to the next blank line; a message longer than
//! [`MAX_MESSAGE_BYTES`] is read past and answered with an error.

use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex};
use std::thread;

use crossbeam_channel::{bounded, Receiver, Sender};
use lsp_server::{Connection, Message};

/// The longest message read, in bytes: 64 MiB (a document of up to that,
/// JSON-escaped, arrives whole; see SECURITY.md).
pub const MAX_MESSAGE_BYTES: usize = 64 << 20;

/// The longest header line read, in bytes.
const MAX_HEADER_BYTES: usize = 1024;

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
            Frame::Bad(why) => {
                answer_error(output, -32700, &why);
                continue;
            }
        };
        let message = std::str::from_utf8(&body)
            .map_err(|e| (-32700, format!("the message is not UTF-8: {e}")))
            .and_then(|text| {
                let value: serde_json::Value = serde_json::from_str(text)
                    .map_err(|e| (-32700, format!("the message is not JSON: {e}")))?;
                let kind = ["method", "result", "error"]
                    .iter()
                    .any(|k| value.get(k).is_some());
                if !kind {
                    return Err((
                        -32600,
                        "not a JSON-RPC message: an object with a method, a result or an error"
                            .to_string(),
                    ));
                }
                serde_json::from_value::<Message>(value)
                    .map_err(|e| (-32600, format!("not a JSON-RPC message: {e}")))
            });
        match message {
            Ok(message) => {
                let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                if incoming.send(message).is_err() || exit {
                    return;
                }
            }
            Err((code, why)) => answer_error(output, code, &why),
        }
    }
}

/// What reading one frame gave.
enum Frame {
    /// The end of the input.
    End,
    /// A message's body.
    Body(Vec<u8>),
    /// A frame that cannot be read, already skipped.
    Bad(String),
}

fn read_frame(input: &mut impl BufRead) -> Frame {
    let mut length: Option<Result<usize, String>> = None;
    let mut bad_header = None;
    loop {
        let mut line = Vec::new();
        match input
            .by_ref()
            .take(MAX_HEADER_BYTES as u64)
            .read_until(b'\n', &mut line)
        {
            Ok(0) | Err(_) => return Frame::End,
            Ok(_) => {}
        }
        if !line.ends_with(b"\n") {
            // A header line too long: skipped to its end.
            let mut rest = Vec::new();
            if input.read_until(b'\n', &mut rest).map_or(true, |n| n == 0) {
                return Frame::End;
            }
            bad_header = Some("a header line too long".to_string());
            continue;
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\r', '\n']);
        if text.is_empty() {
            if length.is_none() && bad_header.is_none() {
                // Blank lines between messages.
                continue;
            }
            break;
        }
        match text.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                length =
                    Some(value.trim().parse::<usize>().map_err(|_| {
                        format!("a Content-Length that is no number: {}", value.trim())
                    }));
            }
            Some(_) => {}
            None => bad_header = Some(format!("a header line that is no header: {text:?}")),
        }
    }
    let length = match (length, bad_header) {
        (Some(Ok(n)), _) => n,
        (Some(Err(why)), _) => return Frame::Bad(why),
        (None, Some(why)) => return Frame::Bad(why),
        (None, None) => return Frame::Bad("a message without Content-Length".to_string()),
    };
    if length > MAX_MESSAGE_BYTES {
        let skipped = io::copy(&mut input.by_ref().take(length as u64), &mut io::sink());
        if skipped.map_or(true, |n| n < length as u64) {
            return Frame::End;
        }
        return Frame::Bad(format!(
            "a message of {length} bytes, more than {MAX_MESSAGE_BYTES}, the most read: not read"
        ));
    }
    let mut body = vec![0; length];
    match input.read_exact(&mut body) {
        Ok(()) => Frame::Body(body),
        Err(_) => Frame::End,
    }
}

/// Writes a JSON-RPC error answering a message that could not be read (its
/// id unknown: null).
fn answer_error<W: Write>(output: &Mutex<W>, code: i32, message: &str) {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": null,
        "error": { "code": code, "message": message },
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
                Frame::Bad(why) => out.push(format!("bad: {why}")),
            }
        }
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
