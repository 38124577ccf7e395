//! `billes validate`: replay every game of every file and report each mistake.
//!
//! Archive scale: inputs are read one game at a time and the games are
//! checked on every core (`--jobs`); the report comes out in file order, then
//! game order, whatever the number of threads. Nothing stops the run but a
//! failure to write the report: unreadable files, binary files, invalid
//! UTF-8, syntax errors and replay errors are each reported and counted.
//! The report schema and the exit codes are in docs/validate-report.md.

use std::hash::{DefaultHasher, Hasher};
use std::io::{self, IsTerminal, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use billes_core::{ReplayError, Summary};
use billes_notation::{render_error, Diagnostic, Game, GameSource, ParseError, Span, Turn};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{INVALID, OK};
use crate::cli::{ValidateArgs, ValidateFormat as ReportFormat};
use crate::input::{self, Input};
use crate::output::use_color;

mod pipeline;
mod report;

pub use report::ErrorEntry;
use report::{Collector, Settings};

/// Exit code: an input could not be read (or a usage error).
const IO_ERROR: u8 = 2;

pub fn run(args: &ValidateArgs) -> anyhow::Result<u8> {
    args.rules.force()?;
    let text = args.format == ReportFormat::Text;
    let jsonl = args.format == ReportFormat::Jsonl;
    let settings = WorkerSettings {
        text,
        tags: jsonl,
        color: use_color(args.color),
        duplicates: args.duplicates,
        by_event: args.by_event,
    };
    let jobs = match args.jobs {
        Some(n) => usize::from(n),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let found = input::expand_in_order(&args.paths);
    let bar = progress_bar(&found);
    let mut collector = Collector::new(Settings {
        text,
        jsonl,
        duplicates: args.duplicates,
        by_event: args.by_event,
    });
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    pipeline::run(found, jobs, settings, &mut |outcome: Outcome| {
        bar.inc(outcome.bytes);
        if text && outcome.error.is_some() && !bar.is_hidden() {
            // The diagnostic goes out whole while the bar is off the screen.
            bar.suspend(|| {
                collector.accept(outcome, &mut out)?;
                out.flush()
            })
        } else {
            collector.accept(outcome, &mut out)
        }
    })?;
    bar.finish_and_clear();
    let (report, io_failure) = collector.finish();
    match args.format {
        ReportFormat::Text => report::write_summary(&report, &mut out)?,
        ReportFormat::Json => {
            serde_json::to_writer_pretty(&mut out, &report)?;
            writeln!(out)?;
        }
        ReportFormat::Yaml => serde_yaml::to_writer(&mut out, &report)?,
        ReportFormat::Jsonl => report::write_summary_line(&report, &mut out)?,
    }
    out.flush()?;
    let duplicates = report.duplicates.as_ref().is_some_and(|d| !d.is_empty());
    Ok(if io_failure {
        IO_ERROR
    } else if !report.kinds.is_empty() || duplicates {
        INVALID
    } else {
        OK
    })
}

/// A progress bar over the bytes of the inputs, on stderr when it is a
/// terminal; hidden otherwise.
fn progress_bar(found: &[input::Found]) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let total: u64 = found
        .iter()
        .filter_map(|f| f.as_ref().ok())
        .map(pipeline::size)
        .sum();
    // Standard input has no known size: a spinner and the bytes read.
    let (length, template) = if total == 0 {
        (None, "{spinner} validating: {bytes} ({bytes_per_sec})")
    } else {
        (
            Some(total),
            "{spinner} validating [{bar:40}] {bytes}/{total_bytes} ({bytes_per_sec}, {eta})",
        )
    };
    let bar = ProgressBar::with_draw_target(length, ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// Where a job's text comes from.
#[derive(Debug)]
pub struct Origin {
    /// The name in reports (`<stdin>` for standard input).
    pub name: String,
    /// The file, if it is one.
    pub path: Option<PathBuf>,
}

impl Origin {
    fn of(input: &Input) -> Arc<Origin> {
        Arc::new(Origin {
            name: input.name(),
            path: match input {
                Input::Stdin => None,
                Input::File(p) => Some(p.clone()),
            },
        })
    }
}

/// One piece of work (jobs are read, checked and reported in input order).
#[derive(Debug)]
pub struct Job {
    origin: Arc<Origin>,
    /// Input bytes this job stands for (progress).
    bytes: u64,
    work: Work,
}

#[derive(Debug)]
enum Work {
    /// A file was opened.
    Opened,
    /// A path or file could not be read.
    Unreadable(String),
    /// A file holds a NUL byte: not a record, not read further.
    Binary { line: u32, column: u32 },
    /// A game's text.
    Game(GameSource),
    /// A game whose bytes are not UTF-8.
    Encoding {
        index: usize,
        line: u32,
        column: u32,
    },
}

/// What the check of one job gives the report.
#[derive(Debug)]
pub struct Outcome {
    origin: Arc<Origin>,
    bytes: u64,
    /// A file was opened.
    opened: bool,
    /// Main-line turns replayed.
    turns: u64,
    /// Present when the job was a game (valid or not).
    game: Option<GameFacts>,
    /// The mistake, if any.
    error: Option<ErrorEntry>,
    /// The mistake as a text diagnostic (text reports only).
    rendered: String,
}

/// What the report needs to know of a game beside its mistake.
#[derive(Debug)]
struct GameFacts {
    index: usize,
    line: u32,
    event: Option<String>,
    round: Option<String>,
    fingerprint: Option<u128>,
    /// The game's tags in the order written (JSON Lines reports only).
    tags: Vec<(String, String)>,
}

/// What the workers do beside replaying.
#[derive(Debug, Clone, Copy)]
pub struct WorkerSettings {
    /// Render text diagnostics.
    pub text: bool,
    /// Keep each game's tags (JSON Lines report).
    pub tags: bool,
    /// Colour them.
    pub color: bool,
    /// Fingerprint the turns of each game.
    pub duplicates: bool,
    /// Read the `Event` and `Round` tags.
    pub by_event: bool,
}

/// Replays games for one thread. It is created on the thread that uses it
/// and never leaves it, so it may hold state that is not `Send` (a Lua state,
/// the variants loaded so far).
#[derive(Debug, Default)]
struct Checker {}

impl Checker {
    fn new() -> Checker {
        Checker {}
    }

    /// Replays `game`, read from `file` (`None` for stdin), under the rules
    /// its tags ask for. Every replay of `billes validate` goes through this
    /// function, the one place to change how the rules of a record are found.
    fn check_game(&mut self, game: &Game, file: Option<&Path>) -> Result<Summary, ReplayError> {
        // `file`'s folder is where a `Rules` tag naming a script is looked
        // up from (the current folder for stdin); `--rules` overrides it.
        let dir = file
            .and_then(Path::parent)
            .filter(|d| !d.as_os_str().is_empty());
        super::rules::validate_in(dir, game)
    }
}

/// Checks jobs on one thread.
#[derive(Debug)]
struct Worker {
    settings: WorkerSettings,
    checker: Checker,
    /// The turns of the game before, emptied, for the next game to fill:
    /// one allocation for all games of about the same length.
    spare_turns: Vec<Turn>,
}

/// A list of turns with room for more than this many is not kept for the
/// next game (it would hold memory for nothing once a huge game is done).
const MAX_SPARE_TURNS: usize = 1 << 14;

impl Worker {
    fn new(settings: WorkerSettings) -> Worker {
        Worker {
            settings,
            checker: Checker::new(),
            spare_turns: Vec::new(),
        }
    }

    /// Checks a job; its outcome, and the game's text (when the job was a
    /// game) for the reader to reuse.
    fn process(&mut self, job: Job) -> (Outcome, Option<String>) {
        let mut text = None;
        let mut outcome = Outcome {
            origin: Arc::clone(&job.origin),
            bytes: job.bytes,
            opened: false,
            turns: 0,
            game: None,
            error: None,
            rendered: String::new(),
        };
        let name = job.origin.name.as_str();
        match job.work {
            Work::Opened => outcome.opened = true,
            Work::Unreadable(message) => {
                if self.settings.text {
                    outcome.rendered = format!("error[io]: {name}: {message}\n");
                }
                outcome.error = Some(ErrorEntry::new(name, None, "io", message));
            }
            Work::Binary { line, column } => {
                let message = "binary file (a NUL byte), not read".to_string();
                if self.settings.text {
                    outcome.rendered =
                        format!("error[encoding]: {message}\n --> {name}:{line}:{column}\n\n");
                }
                outcome.error =
                    Some(ErrorEntry::new(name, None, "encoding", message).at(line, column));
            }
            Work::Encoding {
                index,
                line,
                column,
            } => {
                if self.settings.text {
                    outcome.rendered = format!(
                        "error[encoding]: invalid UTF-8\n --> {name}:{line}:{column}\n  = note: in game {index}\n\n"
                    );
                }
                outcome.game = Some(GameFacts {
                    index,
                    line,
                    event: None,
                    round: None,
                    fingerprint: None,
                    tags: Vec::new(),
                });
                outcome.error = Some(
                    ErrorEntry::new(name, Some(index), "encoding", "invalid UTF-8".into())
                        .at(line, column),
                );
            }
            Work::Game(source) => {
                self.game(&job.origin, &source, &mut outcome);
                text = Some(source.text);
            }
        }
        (outcome, text)
    }

    fn game(&mut self, origin: &Origin, source: &GameSource, outcome: &mut Outcome) {
        let name = origin.name.as_str();
        let mut facts = GameFacts {
            index: source.index,
            line: source.line,
            event: None,
            round: None,
            fingerprint: None,
            tags: Vec::new(),
        };
        let mut game = match source.parse_into(std::mem::take(&mut self.spare_turns)) {
            Ok(game) => game,
            Err(err) => {
                if self.settings.by_event {
                    facts.event = scan_tag(&source.text, "Event");
                    facts.round = scan_tag(&source.text, "Round");
                }
                if self.settings.text {
                    outcome.rendered =
                        render_parse_error(name, source.index, &err, self.settings.color);
                }
                outcome.game = Some(facts);
                outcome.error = Some(parse_entry(name, source.index, &err));
                return;
            }
        };
        if self.settings.by_event {
            facts.event = game.tag("Event").map(str::to_string);
            facts.round = game.tag("Round").map(str::to_string);
        }
        if self.settings.duplicates {
            facts.fingerprint = fingerprint(&game);
        }
        if self.settings.tags {
            facts.tags = game
                .tags
                .iter()
                .map(|t| (t.name.to_string(), t.value.to_string()))
                .collect();
        }
        outcome.game = Some(facts);
        let checker = &mut self.checker;
        let path = origin.path.as_deref();
        match catch_unwind(AssertUnwindSafe(|| checker.check_game(&game, path))) {
            Ok(Ok(summary)) => outcome.turns = u64::from(summary.turns),
            Ok(Err(err)) => {
                outcome.turns = turns_before(&game, &err);
                if self.settings.text {
                    outcome.rendered = format!(
                        "{}\n\n",
                        render_replay_error(name, source, &err, self.settings.color)
                    );
                }
                outcome.error = Some(replay_entry(name, source.index, &err));
            }
            Err(_) => {
                // A bug in the rules: reported against the game, and the
                // checker, whose state may be spoilt, is made anew.
                self.checker = Checker::new();
                let message = "internal error while replaying this game (please report it)";
                if self.settings.text {
                    outcome.rendered = format!(
                        "error[internal]: {message}\n --> {name}:{}:1\n  = note: in game {}\n\n",
                        source.line, source.index
                    );
                }
                outcome.error = Some(
                    ErrorEntry::new(name, Some(source.index), "internal", message.into())
                        .at(source.line, 1),
                );
            }
        }
        let mut turns = std::mem::take(&mut game.line.turns);
        if turns.capacity() <= MAX_SPARE_TURNS {
            turns.clear();
            self.spare_turns = turns;
        }
    }
}

/// Main-line turns replayed before `err`: those that start before it, less
/// the turn it is in (all of them for a wrong result, none for a tag error).
/// Worked out from the record, so any replay function will do.
fn turns_before(game: &Game, err: &ReplayError) -> u64 {
    if err.span.line == 0 {
        return 0;
    }
    let started = game
        .line
        .turns
        .partition_point(|t| t.span.start <= err.span.start);
    let in_turn = usize::from(err.turn.is_some());
    started.saturating_sub(in_turn) as u64
}

/// A 128-bit hash of the main line's turns in canonical form: seat, roll,
/// mover and actions, without comments, NAGs, variations, tags or layout.
/// Games without turns have none: they are not compared.
fn fingerprint(game: &Game) -> Option<u128> {
    use std::fmt::Write as _;
    struct Both(DefaultHasher, DefaultHasher);
    impl std::fmt::Write for Both {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0.write(s.as_bytes());
            self.1.write(s.as_bytes());
            Ok(())
        }
    }
    if game.line.turns.is_empty() {
        return None;
    }
    let mut second = DefaultHasher::new();
    second.write_u64(0x6269_6c6c_6573);
    let mut h = Both(DefaultHasher::new(), second);
    for turn in &game.line.turns {
        let _ = write!(h, "{}.{}", turn.number, turn.head);
        for action in &turn.actions {
            let _ = write!(h, " {action}");
        }
        let _ = h.write_str("\n");
    }
    Some(u128::from(h.0.finish()) << 64 | u128::from(h.1.finish()))
}

/// The value of a tag line `[Name "value"]` in a game that does not parse
/// (only the simple form: escapes are left as written).
fn scan_tag(text: &str, name: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line.trim_start().strip_prefix('[')?.trim_start();
        let rest = rest.strip_prefix(name)?;
        let rest = rest.trim_start().strip_prefix('"')?;
        let end = rest.rfind('"')?;
        Some(rest[..end].to_string())
    })
}

fn parse_entry(file: &str, game: usize, err: &ParseError) -> ErrorEntry {
    ErrorEntry::new(file, Some(game), "syntax", err.message.clone())
        .at(err.span.line, err.span.column)
}

fn replay_entry(file: &str, game: usize, err: &ReplayError) -> ErrorEntry {
    let located = err.span.line > 0;
    ErrorEntry {
        line: located.then_some(err.span.line),
        column: located.then_some(err.span.column),
        turn: err.turn,
        seat: err.seat.clone(),
        legal: err.legal.clone(),
        ..ErrorEntry::new(file, Some(game), err.kind.name(), err.message.clone())
    }
}

fn render_parse_error(name: &str, game: usize, err: &ParseError, color: bool) -> String {
    let notes = [format!("in game {game}")];
    let rendered = render_error(
        name,
        &Diagnostic {
            title: &err.message,
            id: Some("syntax"),
            label: "",
            span: err.span,
            line_text: &err.line_text,
            notes: &notes,
        },
        color,
    );
    format!("{rendered}\n\n")
}

/// Renders a replay error against the game's source text.
pub fn render_replay_error(
    name: &str,
    source: &GameSource,
    err: &ReplayError,
    color: bool,
) -> String {
    let mut notes = vec![match (&err.turn, &err.seat) {
        (Some(turn), Some(seat)) => format!("in game {}, turn {turn}, seat {seat}", source.index),
        _ => format!("in game {}", source.index),
    }];
    if !err.legal.is_empty() {
        notes.push(format!("legal: {}", err.legal.join(" ")));
    }
    let span = if err.span.line == 0 {
        // Not located (a tag missing): point at the game's first line.
        Span {
            start: source.offset,
            end: source.offset,
            line: source.line,
            column: 1,
        }
    } else {
        err.span
    };
    let line_text = line_text(source, span);
    render_error(
        name,
        &Diagnostic {
            title: &err.message,
            id: Some(err.kind.name()),
            label: "",
            span,
            line_text,
            notes: &notes,
        },
        color,
    )
}

/// The source line holding `span.start`.
fn line_text(source: &GameSource, span: Span) -> &str {
    let text = &source.text;
    let at = span.start.saturating_sub(source.offset).min(text.len());
    let at = (0..=at)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    text[start..end].trim_end_matches('\r')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Game {
        billes_notation::parse_game(text).expect("parses")
    }

    #[test]
    fn fingerprints_ignore_tags_comments_nags_and_layout() {
        let a = game("[Game \"aggravation\"]\n[Seats \"R B\"]\n1. R6 + 2. R1 r9-r10 3. B4 -- *\n");
        let b = game("[Event \"x\"]\n\n1. R6 + {entered} !\n2. R1   r9-r10 $1\n3. B4 --\n=R\n");
        let c = game("1. R6 + 2. R2 r9-r11 3. B4 -- *\n");
        assert_eq!(fingerprint(&a), fingerprint(&b));
        assert_ne!(fingerprint(&a), fingerprint(&c));
        assert_eq!(fingerprint(&game("[Game \"offboard\"]\n*\n")), None);
    }

    #[test]
    fn scan_tag_reads_simple_tag_lines() {
        let text = "[Event \"Club night\"]\n [Round  \"3\"]\n1. R6 r9 r10 *\n";
        assert_eq!(scan_tag(text, "Event").as_deref(), Some("Club night"));
        assert_eq!(scan_tag(text, "Round").as_deref(), Some("3"));
        assert_eq!(scan_tag(text, "Date"), None);
    }
}
