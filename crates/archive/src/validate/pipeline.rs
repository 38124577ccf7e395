//! Reading the inputs one game at a time and checking the games on several
//! threads, with the outcomes put back in input order.
//!
//! ```text
//!  inputs --(lock: one batch at a time)--> N workers --outcomes--> collector
//!                 ^                                                   |
//!                 +------------------ tokens (window) ----------------+
//! ```
//!
//! There is no reader thread: each worker, in turn, takes the lock on the
//! inputs, reads a batch of a few games and numbers it, lets go, and checks
//! the games. Reading is a small part of the work, so the workers seldom
//! wait for each other, and no thread hands games to another (a hand-over,
//! and the wake-up it needs, cost about as much as checking a short game).
//! The calling thread is one of the N workers, and the collector between
//! its batches: one thread a core, and none that wakes up only to collect.
//!
//! A worker takes a token before it reads a batch, and the collector gives a
//! token back each time it hands a batch's outcomes on in order, so at most
//! `window` batches are between the inputs and the report however large the
//! input is, and however slow one game is: memory stays flat. The collector
//! keeps early batches in a ring of `window` slots until their turn comes,
//! which makes the report the same whatever the number of threads. When no
//! token is free, the calling thread waits for a helper's outcome instead:
//! the batch the others wait for is then with a helper.
//!
//! An outcome may keep its game ([`Settings::keep`]: its tree, 53 times
//! its text at most, and for `export` its rows, 30 to 80 times its text).
//! Were a long game's outcome made by every worker at once, each waiting
//! in the ring for the batch before it, the memory would be a window of
//! them. So a batch holding a game longer than [`HEAVY_BYTES`] is handed
//! to the collector as it was read ([`Checked::Deferred`]), and checked on
//! the calling thread when its turn comes, its outcomes given on at once:
//! one such outcome at a time, however many threads. (`export` keeps such
//! a game as text when it is valid, its rows made from it a piece at a
//! time, [`Kept::streamed`](super::Kept::streamed); an invalid one still
//! has its tree, for its mistakes.) Real games take a few kilobytes: only
//! outlandish ones are checked so.

use std::io::BufRead;
use std::sync::{Arc, Mutex};

use billes_notation::{ReadError, Reader};
use crossbeam_channel::{bounded, unbounded, Receiver, Sender};

use super::{Job, Origin, Outcome, Settings, Work, Worker, HEAVY_BYTES};
use crate::input::{Found, Input};

/// Batches in flight per worker thread.
const WINDOW_PER_WORKER: usize = 4;

/// A batch holds at most this many jobs...
const BATCH_JOBS: usize = 16;

/// ...and is closed once its games hold this many bytes.
const BATCH_BYTES: usize = 1 << 16;

/// Bytes looked at for a NUL byte before a file is taken as text.
const BINARY_PROBE: usize = 8192;

/// Runs the whole validation of the inputs `found` (see
/// [`expand_in_order`](crate::input::expand_in_order)): `jobs` worker
/// threads (1: everything on this thread), each outcome given to `accept` in
/// input order, on the calling thread. When the system cannot make as
/// many threads, the work goes on with those it could make (at worst on the
/// calling thread alone); the number of threads that did the work is
/// returned, for the caller to say so.
///
/// # Errors
/// Stops early, with that error, when `accept` fails; nothing in the inputs
/// is an error here (each problem is an outcome).
pub fn run<E>(
    found: Vec<Found>,
    jobs: usize,
    settings: &Settings,
    accept: &mut dyn FnMut(Outcome) -> Result<(), E>,
) -> Result<usize, E> {
    // A game longer than the reader's limit is checked as it is read,
    // unless the whole tree is wanted.
    let inputs = Jobs::new(found, settings.reads_large(), settings.keep);
    if jobs <= 1 {
        return run_alone(inputs, settings, accept);
    }
    let window = WINDOW_PER_WORKER * jobs;
    // The inputs and the number of the next batch.
    let inputs = Mutex::new((inputs, 0u64));
    std::thread::scope(|scope| {
        let (out_tx, out_rx) = unbounded::<(u64, Checked)>();
        let (token_tx, token_rx) = bounded::<()>(window);
        for _ in 0..window {
            let _ = token_tx.send(());
        }
        // `jobs - 1` helpers; this thread is the last worker, and the
        // collector between its batches (one thread a core, none waking
        // up only to collect).
        let threads = 1 + spawn_helpers(scope, jobs - 1, &inputs, (&token_rx, &out_tx), settings);
        drop(out_tx);
        // Dropping the receiving end on return (also on error) stops the
        // helpers, so the scope can end.
        let mut collector = Collector {
            ring: (0..window).map(|_| None).collect(),
            next: 0,
            tokens: &token_tx,
            accept,
        };
        let mut worker = Worker::new(settings.clone());
        let mut texts = Vec::with_capacity(BATCH_JOBS);
        loop {
            while let Ok((seq, checked)) = out_rx.try_recv() {
                collector.deliver(seq, checked, &mut worker, &mut texts)?;
            }
            // No token free: the batches out are waiting for one a helper
            // is checking; its outcome frees tokens once delivered.
            if token_rx.try_recv().is_err() {
                match out_rx.recv() {
                    Ok((seq, checked)) => {
                        collector.deliver(seq, checked, &mut worker, &mut texts)?;
                        continue;
                    }
                    // No helper left with a token out: one panicked (its
                    // batch never comes); the scope passes the panic on.
                    Err(_) => break,
                }
            }
            match check_batch(&mut worker, &inputs, &mut texts) {
                Some((seq, checked)) => collector.deliver(seq, checked, &mut worker, &mut texts)?,
                None => break,
            }
        }
        // The inputs are done: what the helpers still check.
        for (seq, checked) in out_rx {
            collector.deliver(seq, checked, &mut worker, &mut texts)?;
        }
        Ok(threads)
    })
}

/// A batch as a worker hands it to the collector.
enum Checked {
    /// Its outcomes.
    Done(Vec<Outcome>),
    /// Its jobs, as read: the batch holds a game whose outcome would be
    /// large ([`defers`]), checked by the collector when its turn comes.
    Deferred(Vec<Job>),
}

/// The batches, put back in input order ([`run`]): the outcomes of each
/// handed to `accept`, and a token given back for it.
struct Collector<'a, E> {
    /// The batches come before their turn, by number modulo the window.
    ring: Vec<Option<Checked>>,
    /// The number of the batch whose turn it is.
    next: u64,
    tokens: &'a Sender<()>,
    accept: &'a mut dyn FnMut(Outcome) -> Result<(), E>,
}

impl<E> Collector<'_, E> {
    /// Takes batch `seq`, and hands on every batch whose turn has come: a
    /// deferred one checked then by `worker` (the calling thread's), its
    /// games' texts put in `texts` to be given back to the inputs.
    fn deliver(
        &mut self,
        seq: u64,
        checked: Checked,
        worker: &mut Worker,
        texts: &mut Vec<String>,
    ) -> Result<(), E> {
        let window = self.ring.len() as u64;
        self.ring[(seq % window) as usize] = Some(checked);
        while let Some(checked) = self.ring[(self.next % window) as usize].take() {
            match checked {
                Checked::Done(outcomes) => {
                    for o in outcomes {
                        (self.accept)(o)?;
                    }
                }
                Checked::Deferred(jobs) => {
                    for job in jobs {
                        let (outcome, text) = worker.process(job);
                        texts.extend(text);
                        (self.accept)(outcome)?;
                    }
                }
            }
            self.next += 1;
            let _ = self.tokens.try_send(());
        }
        Ok(())
    }
}

/// Whether `batch` is checked by the collector when its turn comes rather
/// than by the worker that read it: its outcomes keep their games
/// ([`Settings::keep`]), and one game of it is longer than [`HEAVY_BYTES`].
fn defers(settings: &Settings, batch: &[Job]) -> bool {
    settings.keep
        && batch.iter().any(|job| match &job.work {
            Work::Game(source) => source.text.len() > HEAVY_BYTES,
            _ => false,
        })
}

/// [`run`] on the calling thread alone.
fn run_alone<E>(
    mut inputs: Jobs,
    settings: &Settings,
    accept: &mut dyn FnMut(Outcome) -> Result<(), E>,
) -> Result<usize, E> {
    let mut worker = Worker::new(settings.clone());
    while let Some(job) = inputs.next_checked(&mut worker) {
        let (outcome, text) = worker.process(job);
        if let Some(text) = text {
            inputs.recycle(text);
        }
        accept(outcome)?;
    }
    Ok(1)
}

/// Starts `helpers` worker threads in `scope`: each checks a batch from
/// the shared `inputs` for every token it takes from `tokens`, and sends
/// its outcomes, numbered, to `outcomes`. Returns the number of threads
/// made: when the system refuses one (a process limit, no memory for its
/// stack), the work goes on with those made.
fn spawn_helpers<'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    helpers: usize,
    inputs: &'scope Mutex<(Jobs, u64)>,
    (tokens, outcomes): (&Receiver<()>, &Sender<(u64, Checked)>),
    settings: &Settings,
) -> usize {
    let mut made = 0;
    for _ in 0..helpers {
        let (token_rx, out_tx) = (tokens.clone(), outcomes.clone());
        let settings = settings.clone();
        let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
            // Created here, on its own thread: a worker may hold state
            // that cannot move between threads.
            let mut worker = Worker::new(settings);
            let mut texts = Vec::with_capacity(BATCH_JOBS);
            while token_rx.recv().is_ok() {
                let Some((seq, checked)) = check_batch(&mut worker, inputs, &mut texts) else {
                    break;
                };
                if out_tx.send((seq, checked)).is_err() {
                    break;
                }
            }
        });
        if spawned.is_err() {
            break;
        }
        made += 1;
    }
    made
}

/// Reads the next batch from the shared inputs and checks it with
/// `worker` (unless it [`defers`] it): its number and what was checked,
/// `None` when the inputs are done.
fn check_batch(
    worker: &mut Worker,
    inputs: &Mutex<(Jobs, u64)>,
    texts: &mut Vec<String>,
) -> Option<(u64, Checked)> {
    let (seq, batch) = next_batch(inputs, texts, worker)?;
    if defers(&worker.settings, &batch) {
        return Some((seq, Checked::Deferred(batch)));
    }
    let outcomes = batch
        .into_iter()
        .map(|job| {
            let (outcome, text) = worker.process(job);
            texts.extend(text);
            outcome
        })
        .collect();
    Some((seq, Checked::Done(outcomes)))
}

/// The next batch of jobs from the shared inputs, with its number, once
/// `texts` (of games checked) are given back to them; `None` when the inputs
/// are done (or a worker panicked while reading them). A game longer than
/// the reader's limit is checked by `worker` as it is read, the inputs
/// held meanwhile (the games after it cannot be read before it).
fn next_batch(
    inputs: &Mutex<(Jobs, u64)>,
    texts: &mut Vec<String>,
    worker: &mut Worker,
) -> Option<(u64, Vec<Job>)> {
    let mut guard = inputs.lock().ok()?;
    let (jobs, seq) = &mut *guard;
    for text in texts.drain(..) {
        jobs.recycle(text);
    }
    let mut batch = Vec::with_capacity(BATCH_JOBS);
    let mut bytes = 0;
    while batch.len() < BATCH_JOBS && bytes < BATCH_BYTES {
        let Some(job) = jobs.next_checked(worker) else {
            break;
        };
        if let Work::Game(source) = &job.work {
            bytes += source.text.len();
        }
        batch.push(job);
    }
    if batch.is_empty() {
        return None;
    }
    *seq += 1;
    Some((*seq - 1, batch))
}

/// Every input in order, one job per event: a file opened, a file that
/// cannot be read, a binary file, a game, a game that is not UTF-8.
struct Jobs {
    found: std::vec::IntoIter<Found>,
    /// Games longer than the reader's limit are handed out by the reader
    /// (to be checked as they are read), not skipped...
    large: bool,
    /// ...except from standard input when games are kept: such a game is
    /// kept as its place in its file, to be read again.
    keep: bool,
    /// The file being read, by games.
    file: Option<OpenFile>,
    /// A job to give before going on (what follows `Opened`).
    queued: Option<Job>,
}

struct OpenFile {
    origin: Arc<Origin>,
    /// The reader hands out games longer than its limit.
    large: bool,
    games: Reader<Box<dyn BufRead + Send>>,
    /// Bytes of the file given out so far (progress).
    consumed: u64,
}

impl Jobs {
    /// Gives a game's text back to the file being read, for its memory.
    fn recycle(&mut self, text: String) {
        if let Some(file) = &mut self.file {
            file.games.recycle(text);
        }
    }

    fn new(found: Vec<Found>, large: bool, keep: bool) -> Jobs {
        Jobs {
            found: found.into_iter(),
            large,
            keep,
            file: None,
            queued: None,
        }
    }

    /// The next job, a game longer than the reader's limit checked by
    /// `worker` as it is read (its outcome the job).
    fn next_checked(&mut self, worker: &mut Worker) -> Option<Job> {
        let job = self.next()?;
        let Work::Large {
            index,
            line,
            offset,
        } = job.work
        else {
            return Some(job);
        };
        let Some(file) = &mut self.file else {
            return Some(job);
        };
        let games = &mut file.games;
        let outcome = worker.large(&job.origin, (index, line, offset), &mut |into| {
            games.large_piece(into)
        });
        Some(Job {
            work: Work::Done(Box::new(outcome)),
            ..job
        })
    }

    /// The jobs for the next input: what it opens to, and what follows
    /// (queued), or its games (in `file`).
    fn open_next(&mut self) -> Option<Job> {
        let job = |origin: &Arc<Origin>, bytes: u64, work: Work| Job {
            origin: Arc::clone(origin),
            bytes,
            work,
        };
        let (origin, input) = match self.found.next()? {
            Ok(input) => (Origin::of(&input), input),
            Err((path, e)) => {
                let origin = Arc::new(Origin {
                    name: path.display().to_string(),
                    path: None,
                });
                // A folder without records says so plainly; an error of
                // the system is one of reading.
                let message = if e.raw_os_error().is_none() && e.get_ref().is_some() {
                    e.to_string()
                } else {
                    format!("cannot read: {e}")
                };
                return Some(job(&origin, 0, Work::Unreadable(message)));
            }
        };
        let mut reader = match open(&input) {
            Ok(r) => r,
            Err(e) => {
                return Some(job(
                    &origin,
                    0,
                    Work::Unreadable(format!("cannot read: {e}")),
                ))
            }
        };
        let opened = job(&origin, 0, Work::Opened);
        match reader.fill_buf() {
            Ok(head) => {
                let probe = &head[..head.len().min(BINARY_PROBE)];
                if let Some(at) = probe.iter().position(|&b| b == 0) {
                    let before = &probe[..at];
                    let line = before.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
                    let line_start = before
                        .iter()
                        .rposition(|&b| b == b'\n')
                        .map_or(0, |i| i + 1);
                    let column = (at - line_start) as u32 + 1;
                    self.queued = Some(job(&origin, input.size(), Work::Binary { line, column }));
                    return Some(opened);
                }
            }
            Err(e) => {
                self.queued = Some(job(
                    &origin,
                    0,
                    Work::Unreadable(format!("read error: {e}")),
                ));
                return Some(opened);
            }
        }
        let large = self.large && (!self.keep || origin.path.is_some());
        let games = match large {
            true => Reader::new(reader).large(),
            false => Reader::new(reader),
        };
        self.file = Some(OpenFile {
            origin,
            large,
            games,
            consumed: 0,
        });
        Some(opened)
    }
}

impl Iterator for Jobs {
    type Item = Job;

    fn next(&mut self) -> Option<Job> {
        if let Some(job) = self.queued.take() {
            return Some(job);
        }
        if let Some(file) = &mut self.file {
            if let Some(item) = file.games.next() {
                let (bytes, work) = match item {
                    Ok(source) => {
                        let end = (source.offset + source.text.len()) as u64;
                        let bytes = end.saturating_sub(file.consumed);
                        file.consumed = end;
                        (bytes, Work::Game(source))
                    }
                    Err(ReadError::InvalidUtf8 {
                        index,
                        line,
                        column,
                    }) => (
                        0,
                        Work::Encoding {
                            index,
                            line,
                            column,
                            message: "invalid UTF-8".into(),
                        },
                    ),
                    Err(ReadError::Nul {
                        index,
                        line,
                        column,
                    }) => (
                        0,
                        Work::Encoding {
                            index,
                            line,
                            column,
                            message: "a NUL byte: a record is text; the file is not read further"
                                .into(),
                        },
                    ),
                    Err(ReadError::TooLarge { index, line, .. }) if file.large => {
                        let offset = file.games.large_offset();
                        (
                            0,
                            Work::Large {
                                index,
                                line,
                                offset,
                            },
                        )
                    }
                    Err(e @ ReadError::TooLarge { index, line, .. }) => (
                        0,
                        Work::Encoding {
                            index,
                            line,
                            column: 1,
                            message: e.to_string(),
                        },
                    ),
                    Err(ReadError::Io(e)) => (0, Work::Unreadable(format!("read error: {e}"))),
                };
                return Some(Job {
                    origin: Arc::clone(&file.origin),
                    bytes,
                    work,
                });
            }
            self.file = None;
        }
        self.open_next()
    }
}

/// The input, buffered; the buffer is large enough to probe for binary data.
fn open(input: &Input) -> std::io::Result<Box<dyn BufRead + Send>> {
    Ok(match input {
        Input::Stdin => Box::new(std::io::BufReader::with_capacity(1 << 16, std::io::stdin())),
        Input::File(path) => Box::new(std::io::BufReader::with_capacity(
            1 << 16,
            billes_notation::file::open_file(path)?,
        )),
    })
}
