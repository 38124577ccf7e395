//! Reading the inputs one game at a time and checking the games on several
//! threads, with the outcomes put back in input order.
//!
//! ```text
//! reader thread --jobs (bounded)--> N workers --outcomes--> collector (this thread)
//!       ^                                                        |
//!       +------------------ tokens (window) ---------------------+
//! ```
//!
//! The reader numbers every job. It takes a token before sending one, and the
//! collector gives a token back each time it hands an outcome on in order, so
//! at most `window` games are between the reader and the report however large
//! the input is, and however slow one game is: memory stays flat. The
//! collector keeps early outcomes in a ring of `window` slots until their turn
//! comes, which makes the report the same whatever the number of threads.

use std::io::BufRead;
use std::path::Path;
use std::sync::Arc;

use billes_notation::{ReadError, Reader};
use crossbeam_channel::{bounded, unbounded};

use super::{Job, Origin, Outcome, Work, Worker, WorkerSettings};
use crate::input::{Found, Input};

/// Games in flight per worker thread.
const WINDOW_PER_WORKER: usize = 32;

/// Bytes looked at for a NUL byte before a file is taken as text.
const BINARY_PROBE: usize = 8192;

/// Runs the whole validation: `jobs` worker threads (1: everything on this
/// thread), each outcome given to `accept` in input order. Stops early, with
/// that error, when `accept` fails.
pub fn run<E>(
    found: Vec<Found>,
    jobs: usize,
    settings: WorkerSettings,
    accept: &mut dyn FnMut(Outcome) -> Result<(), E>,
) -> Result<(), E> {
    if jobs <= 1 {
        let mut worker = Worker::new(settings);
        let mut result = Ok(());
        read_all(found, &mut |job| {
            result = accept(worker.process(job));
            result.is_ok()
        });
        return result;
    }
    let window = WINDOW_PER_WORKER * jobs;
    std::thread::scope(|scope| {
        let (job_tx, job_rx) = bounded::<Job>(window);
        let (out_tx, out_rx) = unbounded::<Outcome>();
        let (token_tx, token_rx) = bounded::<()>(window);
        for _ in 0..window {
            let _ = token_tx.send(());
        }
        scope.spawn(move || {
            read_all(found, &mut |job| {
                token_rx.recv().is_ok() && job_tx.send(job).is_ok()
            });
        });
        for _ in 0..jobs {
            let job_rx = job_rx.clone();
            let out_tx = out_tx.clone();
            scope.spawn(move || {
                // Created here, on its own thread: a worker may hold state
                // that cannot move between threads.
                let mut worker = Worker::new(settings);
                for job in job_rx {
                    if out_tx.send(worker.process(job)).is_err() {
                        break;
                    }
                }
            });
        }
        drop((job_rx, out_tx));
        // Dropping the receiving ends on return (also on error) stops the
        // reader and the workers, so the scope can end.
        let mut ring: Vec<Option<Outcome>> = (0..window).map(|_| None).collect();
        let mut next = 0u64;
        for outcome in out_rx {
            let slot = (outcome.seq % window as u64) as usize;
            ring[slot] = Some(outcome);
            loop {
                let slot = (next % window as u64) as usize;
                match ring[slot].take() {
                    Some(o) => {
                        accept(o)?;
                        next += 1;
                        let _ = token_tx.try_send(());
                    }
                    None => break,
                }
            }
        }
        Ok(())
    })
}

/// Reads every input in order and hands `send` one job per event: a file
/// opened, a file that cannot be read, a binary file, a game, a game that is
/// not UTF-8. Stops when `send` returns false.
fn read_all(found: Vec<Found>, send: &mut dyn FnMut(Job) -> bool) {
    let mut seq = 0u64;
    let mut emit = |origin: &Arc<Origin>, bytes: u64, work: Work| {
        let job = Job {
            seq,
            origin: Arc::clone(origin),
            bytes,
            work,
        };
        seq += 1;
        send(job)
    };
    for item in found {
        let (origin, input) = match item {
            Ok(input) => (Origin::of(&input), input),
            Err((path, e)) => {
                let origin = Arc::new(Origin {
                    name: path.display().to_string(),
                    path: None,
                });
                if !emit(&origin, 0, Work::Unreadable(format!("cannot read: {e}"))) {
                    return;
                }
                continue;
            }
        };
        let mut reader = match open(&input) {
            Ok(r) => r,
            Err(e) => {
                if !emit(&origin, 0, Work::Unreadable(format!("cannot read: {e}"))) {
                    return;
                }
                continue;
            }
        };
        if !emit(&origin, 0, Work::Opened) {
            return;
        }
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
                    if !emit(&origin, size(&input), Work::Binary { line, column }) {
                        return;
                    }
                    continue;
                }
            }
            Err(e) => {
                if !emit(&origin, 0, Work::Unreadable(format!("read error: {e}"))) {
                    return;
                }
                continue;
            }
        }
        let mut consumed = 0u64;
        for item in Reader::new(reader) {
            let keep_going = match item {
                Ok(source) => {
                    let end = (source.offset + source.text.len()) as u64;
                    let bytes = end.saturating_sub(consumed);
                    consumed = end;
                    emit(&origin, bytes, Work::Game(source))
                }
                Err(ReadError::InvalidUtf8 {
                    index,
                    line,
                    column,
                }) => emit(
                    &origin,
                    0,
                    Work::Encoding {
                        index,
                        line,
                        column,
                    },
                ),
                Err(ReadError::Io(e)) => {
                    emit(&origin, 0, Work::Unreadable(format!("read error: {e}")))
                }
            };
            if !keep_going {
                return;
            }
        }
    }
}

/// The input, buffered; the buffer is large enough to probe for binary data.
fn open(input: &Input) -> std::io::Result<Box<dyn BufRead>> {
    Ok(match input {
        Input::Stdin => Box::new(std::io::BufReader::with_capacity(1 << 16, std::io::stdin())),
        Input::File(path) => Box::new(std::io::BufReader::with_capacity(
            1 << 16,
            std::fs::File::open(path)?,
        )),
    })
}

/// The size of a file, for the progress bar (0 for stdin or when unknown).
pub fn size(input: &Input) -> u64 {
    match input {
        Input::Stdin => 0,
        Input::File(path) => file_size(path),
    }
}

fn file_size(path: &Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}
