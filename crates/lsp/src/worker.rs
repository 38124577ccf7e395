//! The check of documents, on a thread of its own: the thread that answers
//! the client never waits for a check (a rules script that spends its
//! budget on every call makes a check of 30 games take half a minute).
//!
//! The server hands the worker a [`Job`] per document changed, with the
//! text of that version and a flag the server sets when a newer version
//! (or the document's closing) makes the check useless: the worker looks
//! at it between games and drops the check. What a check found comes back
//! as [`Checked`], ready to be made diagnostics: the first
//! [`MAX_DIAGNOSTICS`] mistakes of the document, how many more there are,
//! and which games' rules could not be run.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;

use crossbeam_channel::{unbounded, Receiver, Sender};

use crate::check::{Checker, Mistake, MAX_DIAGNOSTICS};

/// What the server asks of the worker.
#[derive(Debug)]
pub(crate) enum Job {
    /// Check this version of a document.
    Check(CheckJob),
    /// Every variant and game checked is forgotten (a file was saved: a
    /// script may have changed).
    Forget,
    /// The `strict` setting changed: every document is checked anew with
    /// it.
    Strict(bool),
    /// The document is closed: its checker is dropped.
    Close(String),
}

/// One version of a document to check.
#[derive(Debug)]
pub(crate) struct CheckJob {
    /// The document's URI, the key of its checker.
    pub(crate) key: String,
    /// Its folder, for its `Rules` tags.
    pub(crate) dir: Option<PathBuf>,
    pub(crate) version: i32,
    pub(crate) text: Arc<str>,
    /// Set when this check is no longer wanted.
    pub(crate) cancel: Arc<AtomicBool>,
}

/// What the check of one version found.
#[derive(Debug)]
pub(crate) struct Checked {
    pub(crate) key: String,
    pub(crate) version: i32,
    /// The first mistakes of the document, in its order, located in it.
    pub(crate) shown: Vec<Mistake>,
    /// How many mistakes are not shown, and where the first of them is.
    pub(crate) more: Option<(usize, usize)>,
    /// The offsets of the games whose rules could not be run.
    pub(crate) rules_failed: Vec<usize>,
}

/// Starts the worker: jobs go in, results come out. It ends when the
/// sender of jobs is dropped (after the check it is running).
pub(crate) fn spawn(strict: bool) -> (Sender<Job>, Receiver<Checked>) {
    let (jobs, inbox) = unbounded::<Job>();
    let (outbox, results) = unbounded::<Checked>();
    thread::Builder::new()
        .name("billes-lsp-check".to_string())
        .spawn(move || run(&inbox, &outbox, strict))
        .map(drop)
        .unwrap_or_else(|e| panic!("cannot start the check thread: {e}"));
    (jobs, results)
}

fn run(inbox: &Receiver<Job>, outbox: &Sender<Checked>, mut strict: bool) {
    let mut checkers: HashMap<String, Checker> = HashMap::new();
    while let Ok(job) = inbox.recv() {
        match job {
            Job::Check(job) if job.cancel.load(Ordering::Relaxed) => {}
            Job::Check(job) => {
                let checker = checkers
                    .entry(job.key.clone())
                    .or_insert_with(|| Checker::new(job.dir.clone(), strict));
                if let Some(checked) = check(checker, &job) {
                    if outbox.send(checked).is_err() {
                        return;
                    }
                }
            }
            Job::Forget => checkers.values_mut().for_each(Checker::forget),
            Job::Strict(now) => {
                strict = now;
                checkers.clear();
            }
            Job::Close(key) => {
                checkers.remove(&key);
            }
        }
    }
}

/// Checks one version; `None` when it was cancelled.
fn check(checker: &mut Checker, job: &CheckJob) -> Option<Checked> {
    let (games, own) = checker.check(&job.text, &job.cancel)?;
    let mut shown = Vec::new();
    let mut hidden = 0;
    let mut first_hidden = None;
    let mut rules_failed = Vec::new();
    let mut keep = |offset: usize, mistakes: &[Mistake], count: usize| {
        let room = MAX_DIAGNOSTICS - shown.len();
        for m in mistakes.iter().take(room) {
            shown.push(Mistake {
                start: offset + m.start,
                end: offset + m.end,
                ..m.clone()
            });
        }
        let left = count - mistakes.len().min(room).min(count);
        if left > 0 {
            first_hidden
                .get_or_insert_with(|| mistakes.get(room).map_or(offset, |m| offset + m.start));
            hidden += left;
        }
    };
    keep(0, &own, own.len());
    for game in &games {
        keep(game.offset, &game.mistakes.kept, game.mistakes.count);
        if game.mistakes.rules_failed {
            rules_failed.push(game.offset);
        }
    }
    Some(Checked {
        key: job.key.clone(),
        version: job.version,
        shown,
        more: first_hidden.map(|at| (hidden, at)),
        rules_failed,
    })
}
