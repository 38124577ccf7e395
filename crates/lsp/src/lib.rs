//! A language server for billes records (BGN), as `billes lsp` runs it:
//! every mistake of every game as a diagnostic while the record is typed,
//! the legal moves as completions after a turn head, the board on hover,
//! `billes fmt` as formatting, quick fixes, an outline and folding.
//!
//! Built on `lsp-server` and `lsp-types` (synchronous: one thread handles
//! the messages in order and answers every request; a worker thread checks
//! the latest version of each document once the messages waiting are
//! read, a newer version cancelling the check of an older one). The
//! checks are those of `billes
//! validate`: the rules of each game come from the one rule path,
//! [`billes_archive::rules`], its `Rules` tag read from the document's
//! folder with the sandbox's budgets.
//!
//! - [`transport`]: `Content-Length` framing that survives malformed
//!   messages; [`server`]: the loop ([`serve`]).
//! - [`document`]: open documents and positions in UTF-8 or UTF-16;
//!   [`check`]: the check of each game, kept while its text is unchanged.
//!
//! ```
//! use lsp_server::{Connection, Message, Notification, Request};
//! use serde_json::json;
//!
//! let (server, client) = Connection::memory();
//! let thread = std::thread::spawn(move || billes_lsp::serve(&server));
//! let send = |m: Message| client.sender.send(m).unwrap();
//! send(Request::new(1.into(), "initialize".into(), json!({"capabilities": {}})).into());
//! let Ok(Message::Response(init)) = client.receiver.recv() else { panic!() };
//! assert_eq!(init.result.unwrap()["capabilities"]["positionEncoding"], "utf-16");
//! send(Notification::new("initialized".into(), json!({})).into());
//! let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R3 r9-r12 *\n";
//! send(Notification::new("textDocument/didOpen".into(), json!({"textDocument": {
//!     "uri": "untitled:club", "languageId": "bgn", "version": 1, "text": record}})).into());
//! let Ok(Message::Notification(published)) = client.receiver.recv() else { panic!() };
//! let diagnostic = &published.params["diagnostics"][0];
//! assert_eq!(diagnostic["code"], "illegal_move");
//! assert_eq!(diagnostic["range"]["start"], json!({"line": 3, "character": 6}));
//! send(Request::new(2.into(), "shutdown".into(), json!(null)).into());
//! client.receiver.recv().unwrap();
//! send(Notification::new("exit".into(), json!(null)).into());
//! assert!(thread.join().unwrap().unwrap());
//! ```
#![deny(missing_docs)]

mod actions;
mod at;
pub mod check;
mod complete;
pub mod document;
mod hover;
mod lines;
mod outline;
pub mod server;
pub mod transport;
mod worker;

pub use actions::canonical;
pub use server::{serve, ServerError, Settings};
