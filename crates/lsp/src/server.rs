//! The server's loop: `initialize` (the position encoding negotiated),
//! then messages one at a time on one thread, which answers every request
//! itself and hands the checks to the `worker`: once the
//! messages waiting have been read, each document changed is sent to be
//! checked (so a document changed several times in a row is checked once,
//! at its latest version, and a newer version cancels the check of an
//! older one), and its diagnostics are sent when the check comes back.
//! A request cancelled (`$/cancelRequest`) before it was read is answered
//! with the protocol's "request cancelled" (every request is answered
//! where it is read, so a later cancel finds it answered). `shutdown` and
//! `exit` as the protocol says.

use std::collections::{HashMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use billes_archive::rules::{Place, Resolver, RulePolicy, RuleSet};
use billes_notation::Game;
use crossbeam_channel::{select, Receiver, Sender};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{self as note, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, Diagnostic, DiagnosticRelatedInformation,
    DiagnosticSeverity, HoverProviderCapability, InitializeResult, Location, NumberOrString, OneOf,
    PositionEncodingKind, PublishDiagnosticsParams, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, Uri,
};
use serde_json::Value;

use crate::check::{Mistake, Severity, MAX_DIAGNOSTICS};
use crate::document::{Document, Encoding};
use crate::worker::{self, CheckJob, Checked, Job};
use crate::{actions, complete, hover, outline};

/// Why the server stopped before `exit`.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The answer to `initialize` could not be sent.
    #[error("initialize: the client went away")]
    Initialize,
}

/// What the client asked for, beside the protocol.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Settings {
    /// Each missing effect mark is a hint (`billes validate --strict`).
    pub strict: bool,
}

impl Settings {
    /// The settings in an `initializationOptions` or a
    /// `didChangeConfiguration` value: `{"strict": true}`, or the same
    /// under `"billes"`.
    fn read(value: &Value, before: Settings) -> Settings {
        let value = value.get("billes").unwrap_or(value);
        Settings {
            strict: value
                .get("strict")
                .and_then(Value::as_bool)
                .unwrap_or(before.strict),
        }
    }
}

/// An open document, the rules its requests are answered with, and what
/// the check of its current version found about them.
#[derive(Debug)]
pub(crate) struct Open {
    pub(crate) uri: Uri,
    pub(crate) doc: Document,
    /// The document's folder, for its `Rules` tags.
    dir: Option<PathBuf>,
    /// The rules of hover, completion and quick fixes (this thread's own:
    /// the worker has its own).
    resolver: Resolver,
    /// The flag of the check of this document under way.
    cancel: Arc<AtomicBool>,
    /// The offsets of the games whose rules could not be run, once the
    /// check of the current version is in.
    rules_failed: Option<Vec<usize>>,
}

/// Why a game's rules are not run to answer a request.
#[derive(Debug)]
pub(crate) enum NoRules {
    /// Its rules are a script not yet seen to run in the check of this
    /// version (a script may spend its whole budget on each call: the
    /// requests do not wait for it).
    Checking,
    /// Its rules cannot be run: the check said why.
    Failed,
    /// Its `Rules` tag or game is wrong.
    Wrong,
}

impl Open {
    fn new(uri: Uri, doc: Document) -> Open {
        let dir = Open::dir(&uri);
        Open {
            uri,
            doc,
            dir,
            resolver: RulePolicy::from_tags().resolver(),
            cancel: Arc::new(AtomicBool::new(false)),
            rules_failed: None,
        }
    }

    /// The document's folder, when it is a file.
    pub(crate) fn dir(uri: &Uri) -> Option<PathBuf> {
        file_path(uri).and_then(|p| p.parent().map(PathBuf::from))
    }

    /// The rules of the game at `offset` to answer a request with: the
    /// standard rules at once (no script runs for them); a script only
    /// once the check of this version has run it without its failing.
    pub(crate) fn rule_set(&self, game: &Game, offset: usize) -> Result<RuleSet, NoRules> {
        let script = game
            .tag("Rules")
            .is_some_and(|value| value.trim() != "standard");
        if script {
            match &self.rules_failed {
                None => return Err(NoRules::Checking),
                Some(failed) if failed.contains(&offset) => return Err(NoRules::Failed),
                Some(_) => {}
            }
        }
        self.resolver
            .rule_set(&Place::dir(self.dir.as_deref()), game)
            .map_err(|_| NoRules::Wrong)
    }
}

/// The server's state between messages.
pub(crate) struct Server<'c> {
    conn: &'c Connection,
    pub(crate) encoding: Encoding,
    settings: Settings,
    pub(crate) open: HashMap<String, Open>,
    /// Documents changed since they were sent to be checked.
    dirty: HashSet<String>,
    /// The worker's inbox.
    jobs: Sender<Job>,
    shutdown: bool,
}

/// Serves the client on `conn` until it says `exit` or goes away. The
/// answer is whether `shutdown` came before `exit` (the process then ends
/// with 0, else 1, as the protocol says).
///
/// # Errors
/// The connection broke before `initialize` was answered.
pub fn serve(conn: &Connection) -> Result<bool, ServerError> {
    let Some((id, params)) = initialize_request(conn) else {
        return Ok(false);
    };
    let offered = params
        .pointer("/capabilities/general/positionEncodings")
        .and_then(Value::as_array)
        .is_some_and(|list| list.iter().any(|e| e.as_str() == Some("utf-8")));
    let encoding = if offered {
        Encoding::Utf8
    } else {
        Encoding::Utf16
    };
    let settings = params
        .get("initializationOptions")
        .map_or_else(Settings::default, |v| {
            Settings::read(v, Settings::default())
        });
    let result = InitializeResult {
        capabilities: capabilities(encoding),
        server_info: Some(ServerInfo {
            name: "billes".to_string(),
            version: Some(env!("CARGO_PKG_VERSION").to_string()),
        }),
    };
    let answer = Response::new_ok(id, result);
    conn.sender
        .send(answer.into())
        .map_err(|_| ServerError::Initialize)?;
    let (jobs, checked) = worker::spawn(settings.strict);
    let mut server = Server {
        conn,
        encoding,
        settings,
        open: HashMap::new(),
        dirty: HashSet::new(),
        jobs,
        shutdown: false,
    };
    let ended = server.run(&checked);
    // A check under way stops at its next game; the worker ends with the
    // channel of its jobs.
    for open in server.open.values() {
        open.cancel.store(true, Ordering::Relaxed);
    }
    Ok(ended)
}

/// Waits for `initialize`, answering every other request with an error
/// (`exit` before it ends the session: `None`).
fn initialize_request(conn: &Connection) -> Option<(RequestId, Value)> {
    loop {
        match conn.receiver.recv().ok()? {
            Message::Request(r) if r.method == req::Initialize::METHOD => {
                return Some((r.id, r.params))
            }
            Message::Request(r) => {
                let answer = error(r.id, ErrorCode::ServerNotInitialized, "not initialized");
                conn.sender.send(answer.into()).ok()?;
            }
            Message::Notification(n) if n.method == note::Exit::METHOD => return None,
            _ => {}
        }
    }
}

fn capabilities(encoding: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(match encoding {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                ..Default::default()
            },
        )),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into(), "[".into(), "\"".into()]),
            ..Default::default()
        }),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(lsp_types::FoldingRangeProviderCapability::Simple(true)),
        ..Default::default()
    }
}

impl std::fmt::Debug for Server<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("encoding", &self.encoding)
            .field("open", &self.open.len())
            .finish_non_exhaustive()
    }
}

impl Server<'_> {
    /// The loop: messages and checks as they come, until `exit` (the
    /// answer: whether `shutdown` came first) or the client goes away.
    fn run(&mut self, checked: &Receiver<Checked>) -> bool {
        loop {
            select! {
                recv(self.conn.receiver) -> message => {
                    let Ok(message) = message else { return false };
                    // What else is waiting is read first: a change
                    // superseded by another is never checked, and a
                    // request cancelled is not worked on.
                    let mut waiting = vec![message];
                    waiting.extend(self.conn.receiver.try_iter());
                    let cancelled = cancelled(&waiting);
                    for message in waiting {
                        match message {
                            Message::Request(r) if cancelled.contains(&r.id) => {
                                let answer = error(r.id, ErrorCode::RequestCanceled, "cancelled");
                                self.send(answer.into());
                            }
                            message => {
                                if self.handle(message) {
                                    return self.shutdown;
                                }
                            }
                        }
                    }
                    self.send_checks();
                }
                recv(checked) -> found => match found {
                    Ok(found) => self.publish(found),
                    // The worker is gone (a bug): documents are no longer
                    // checked, requests are still answered.
                    Err(_) => return self.run_without_checks(),
                },
            }
        }
    }

    /// The loop once the worker is gone.
    fn run_without_checks(&mut self) -> bool {
        while let Ok(message) = self.conn.receiver.recv() {
            if self.handle(message) {
                return self.shutdown;
            }
        }
        false
    }

    /// Handles a message; true when the session ends (`exit`).
    fn handle(&mut self, message: Message) -> bool {
        match message {
            Message::Request(request) => {
                let id = request.id.clone();
                let response = if self.shutdown {
                    error(id, ErrorCode::InvalidRequest, "the server is shutting down")
                } else if request.method == req::Shutdown::METHOD {
                    self.shutdown = true;
                    Response::new_ok(id, ())
                } else {
                    // A bug in a handler answers its request with an
                    // error; the session goes on.
                    catch_unwind(AssertUnwindSafe(|| self.request(request))).unwrap_or_else(|_| {
                        error(
                            id,
                            ErrorCode::InternalError,
                            "internal error (please report it)",
                        )
                    })
                };
                self.send(response.into());
                false
            }
            Message::Notification(n) if n.method == note::Exit::METHOD => true,
            Message::Notification(n) => {
                let _ = catch_unwind(AssertUnwindSafe(|| self.notification(n)));
                false
            }
            Message::Response(_) => false,
        }
    }

    fn send(&self, message: Message) {
        // A client gone is seen by the loop's next receive.
        let _ = self.conn.sender.send(message);
    }

    fn request(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        macro_rules! on {
            ($kind:ty, $handler:path) => {
                if request.method == <$kind>::METHOD {
                    return match serde_json::from_value::<<$kind as req::Request>::Params>(
                        request.params,
                    ) {
                        Ok(params) => match $handler(self, params) {
                            Ok(answer) => Response::new_ok(id, answer),
                            Err(message) => error(id, ErrorCode::InvalidParams, &message),
                        },
                        Err(e) => error(id, ErrorCode::InvalidParams, &e.to_string()),
                    };
                }
            };
        }
        on!(req::Completion, complete::completion);
        on!(req::HoverRequest, hover::hover);
        on!(req::Formatting, actions::formatting);
        on!(req::CodeActionRequest, actions::code_actions);
        on!(req::DocumentSymbolRequest, outline::symbols);
        on!(req::FoldingRangeRequest, outline::folding);
        error(
            id,
            ErrorCode::MethodNotFound,
            &format!("unknown method {}", request.method),
        )
    }

    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                if let Ok(p) = n.extract::<lsp_types::DidOpenTextDocumentParams>(
                    note::DidOpenTextDocument::METHOD,
                ) {
                    let doc = p.text_document;
                    let key = doc.uri.as_str().to_string();
                    let open = Open::new(doc.uri, Document::new(doc.text, doc.version));
                    if let Some(old) = self.open.insert(key.clone(), open) {
                        old.cancel.store(true, Ordering::Relaxed);
                    }
                    self.dirty.insert(key);
                }
            }
            note::DidChangeTextDocument::METHOD => {
                if let Ok(p) = n.extract::<lsp_types::DidChangeTextDocumentParams>(
                    note::DidChangeTextDocument::METHOD,
                ) {
                    let key = p.text_document.uri.as_str().to_string();
                    if let Some(open) = self.open.get_mut(&key) {
                        open.doc
                            .apply(p.content_changes, p.text_document.version, self.encoding);
                        open.rules_failed = None;
                        self.dirty.insert(key);
                    }
                }
            }
            note::DidSaveTextDocument::METHOD => {
                // A script beside the record may have changed: every
                // document is checked anew.
                let _ = self.jobs.send(Job::Forget);
                for (key, open) in &mut self.open {
                    open.resolver = RulePolicy::from_tags().resolver();
                    open.rules_failed = None;
                    self.dirty.insert(key.clone());
                }
            }
            note::DidCloseTextDocument::METHOD => {
                if let Ok(p) = n.extract::<lsp_types::DidCloseTextDocumentParams>(
                    note::DidCloseTextDocument::METHOD,
                ) {
                    let key = p.text_document.uri.as_str().to_string();
                    self.dirty.remove(&key);
                    if let Some(open) = self.open.remove(&key) {
                        open.cancel.store(true, Ordering::Relaxed);
                        let _ = self.jobs.send(Job::Close(key));
                        self.send(diagnostics(p.text_document.uri, Vec::new(), None));
                    }
                }
            }
            note::DidChangeConfiguration::METHOD => {
                let settings = n
                    .params
                    .get("settings")
                    .map_or(self.settings, |v| Settings::read(v, self.settings));
                if settings != self.settings {
                    self.settings = settings;
                    let _ = self.jobs.send(Job::Strict(settings.strict));
                    for (key, open) in &mut self.open {
                        open.rules_failed = None;
                        self.dirty.insert(key.clone());
                    }
                }
            }
            _ => {}
        }
    }

    /// Sends every document changed since it was last sent to be checked,
    /// cancelling the check of its older version.
    fn send_checks(&mut self) {
        let mut dirty: Vec<String> = self.dirty.drain().collect();
        dirty.sort();
        for key in dirty {
            let Some(open) = self.open.get_mut(&key) else {
                continue;
            };
            open.cancel.store(true, Ordering::Relaxed);
            open.cancel = Arc::new(AtomicBool::new(false));
            let job = CheckJob {
                key,
                dir: open.dir.clone(),
                version: open.doc.version(),
                text: open.doc.shared_text(),
                cancel: Arc::clone(&open.cancel),
            };
            let _ = self.jobs.send(Job::Check(job));
        }
    }

    /// Sends the diagnostics of a check, if its version is still the
    /// document's (else a newer check is on its way).
    fn publish(&mut self, found: Checked) {
        let encoding = self.encoding;
        let Some(open) = self.open.get_mut(&found.key) else {
            return;
        };
        if open.doc.version() != found.version || self.dirty.contains(&found.key) {
            return;
        }
        let mut list: Vec<Diagnostic> = found
            .shown
            .iter()
            .map(|m| diagnostic(&open.uri, &open.doc, 0, m, encoding))
            .collect();
        if let Some((more, at)) = found.more {
            list.push(Diagnostic {
                range: open.doc.range(at, at, encoding),
                severity: Some(DiagnosticSeverity::INFORMATION),
                code: Some(NumberOrString::String("more_mistakes".to_string())),
                source: Some("billes".to_string()),
                message: format!(
                    "{more} more mistakes not shown: the language server shows the first {MAX_DIAGNOSTICS} of a document (billes validate lists them all)"
                ),
                ..Default::default()
            });
        }
        open.rules_failed = Some(found.rules_failed);
        let message = diagnostics(open.uri.clone(), list, Some(open.doc.version()));
        self.send(message);
    }

    /// The open document `uri`.
    pub(crate) fn document(&mut self, uri: &Uri) -> Result<&mut Open, String> {
        self.open
            .get_mut(uri.as_str())
            .ok_or_else(|| format!("{} is not open", uri.as_str()))
    }
}

/// The ids of the requests that `$/cancelRequest` notifications among
/// `messages` cancel.
fn cancelled(messages: &[Message]) -> HashSet<RequestId> {
    messages
        .iter()
        .filter_map(|m| match m {
            Message::Notification(n) if n.method == note::Cancel::METHOD => {
                match n.params.get("id")? {
                    Value::Number(id) => Some(RequestId::from(i32::try_from(id.as_i64()?).ok()?)),
                    Value::String(id) => Some(RequestId::from(id.clone())),
                    _ => None,
                }
            }
            _ => None,
        })
        .collect()
}

fn error(id: RequestId, code: ErrorCode, message: &str) -> Response {
    Response::new_err(id, code as i32, message.to_string())
}

fn diagnostics(uri: Uri, diagnostics: Vec<Diagnostic>, version: Option<i32>) -> Message {
    Notification::new(
        note::PublishDiagnostics::METHOD.to_string(),
        PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        },
    )
    .into()
}

/// A mistake of the game at `offset` as a diagnostic: its kind as the
/// code, the legal moves in the related information.
pub(crate) fn diagnostic(
    uri: &Uri,
    doc: &Document,
    offset: usize,
    mistake: &Mistake,
    encoding: Encoding,
) -> Diagnostic {
    let range = doc.range(offset + mistake.start, offset + mistake.end, encoding);
    let mut related = Vec::new();
    for message in mistake.legal_note().into_iter().chain(mistake.note.clone()) {
        related.push(DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), range),
            message,
        });
    }
    Diagnostic {
        range,
        severity: Some(match mistake.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Stopped => DiagnosticSeverity::WARNING,
            Severity::Hint => DiagnosticSeverity::HINT,
        }),
        code: Some(NumberOrString::String(mistake.code.to_string())),
        source: Some("billes".to_string()),
        message: mistake.message.clone(),
        related_information: (!related.is_empty()).then_some(related),
        ..Default::default()
    }
}

/// The path of a `file:` URI (percent-decoded), if it is one.
pub(crate) fn file_path(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file:///path` or `file://localhost/path`.
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
            (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                out.push((hex(h)? * 16 + hex(l)?) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    Some(PathBuf::from(String::from_utf8(out).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_are_decoded() {
        let uri: Uri = "file:///home/ann/club%20night/r%C3%A9union.bgn"
            .parse()
            .expect("a URI");
        assert_eq!(
            file_path(&uri),
            Some(PathBuf::from("/home/ann/club night/réunion.bgn"))
        );
        let untitled: Uri = "untitled:Untitled-1".parse().expect("a URI");
        assert_eq!(file_path(&untitled), None);
    }
}
