//! Replaying every game of every file, on several threads: what `billes
//! validate` runs.
//!
//! Archive scale: inputs are read one game at a time and the games are
//! checked on `jobs` threads; the outcomes come out in file order, then
//! game order, whatever the number of threads. Nothing stops the run but a
//! failure of the caller's `accept`: unreadable files, binary files, invalid
//! UTF-8, syntax errors and replay errors are each an [`Outcome`] with an
//! error. A [`Collector`](crate::report::Collector) turns the outcomes into
//! a [`Report`](crate::report::Report).
//!
//! ```
//! use billes_archive::input::Input;
//! use billes_archive::report::{self, Collector};
//! use billes_archive::validate::{self, Settings};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let path = dir.path().join("club.bgn");
//! std::fs::write(&path, "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + *\n").unwrap();
//! let mut collector = Collector::new(report::Settings::default());
//! let mut sink = std::io::sink();
//! validate::run(vec![Ok(Input::File(path))], 2, &Settings::default(), &mut |outcome| {
//!     collector.accept(outcome, &mut sink)
//! })
//! .unwrap();
//! let (report, io_failure) = collector.finish();
//! assert_eq!((report.games, report.valid, report.turns, io_failure), (1, 1, 1, false));
//! ```

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use billes_core::{ErrorKind, ReplayError, Summary};
use billes_notation::{Game, GameSource, ParseError, Turn};

use crate::diagnostic::{render_parse_error, render_parse_error_noted, render_replay_error};
use crate::input::Input;
use crate::key::{fingerprint, Fingerprint, TurnTexts};
use crate::report::ErrorEntry;
use crate::rules::{Place, Resolver, RulePolicy};

mod large;
mod pipeline;
mod stream;

pub use pipeline::run;

/// Every problem of the game `source` of the input named `name` (a path,
/// or `<stdin>`), rendered as the text report of `billes validate` gives
/// them: read past its syntax errors and checked past its mistakes, under
/// the rules `policy` gives it. For a verb that does not take an invalid
/// game (`annotate`) to say why, in validate's words.
pub fn render_game(source: &GameSource, name: &str, policy: &RulePolicy, color: bool) -> String {
    let origin = Arc::new(Origin {
        name: name.to_string(),
        path: (name != "<stdin>").then(|| PathBuf::from(name)),
    });
    let mut worker = Worker::new(Settings {
        rules: policy.clone(),
        diagnostics: true,
        color,
        ..Settings::default()
    });
    let job = Job {
        origin,
        bytes: 0,
        work: Work::Game(source.clone()),
    };
    worker.process(job).0.rendered
}

/// Where a job's text comes from.
#[derive(Debug)]
pub(crate) struct Origin {
    /// The name in reports (`<stdin>` for standard input).
    pub(crate) name: String,
    /// The file, if it is one.
    pub(crate) path: Option<PathBuf>,
}

impl Origin {
    /// The file's folder, where a `Rules` tag naming a script is looked up
    /// from (`None`: the current folder, for stdin).
    pub(crate) fn dir(&self) -> Option<&Path> {
        self.path
            .as_deref()
            .and_then(Path::parent)
            .filter(|d| !d.as_os_str().is_empty())
    }

    pub(crate) fn of(input: &Input) -> Arc<Origin> {
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
pub(crate) struct Job {
    pub(crate) origin: Arc<Origin>,
    /// Input bytes this job stands for (progress).
    pub(crate) bytes: u64,
    pub(crate) work: Work,
}

#[derive(Debug)]
pub(crate) enum Work {
    /// A file was opened.
    Opened,
    /// A path or file could not be read.
    Unreadable(String),
    /// A file holds a NUL byte: not a record, not read further.
    Binary { line: u32, column: u32 },
    /// A game longer than the reader's limit, to be checked as it is read
    /// (`Jobs::next_checked` does it, while it reads), from byte `offset`.
    Large {
        index: usize,
        line: u32,
        offset: usize,
    },
    /// A job checked while it was read.
    Done(Box<Outcome>),
    /// A game's text.
    Game(GameSource),
    /// A game that could not be read as text: its bytes are not UTF-8,
    /// it holds a NUL byte, or it is too long.
    Encoding {
        index: usize,
        line: u32,
        column: u32,
        message: String,
    },
}

/// What the check of one job (a file opened, a game, a file that cannot be
/// read) gives the report.
#[derive(Debug)]
pub struct Outcome {
    pub(crate) origin: Arc<Origin>,
    pub(crate) bytes: u64,
    /// A file was opened.
    pub(crate) opened: bool,
    /// Main-line turns checked.
    pub(crate) turns: u64,
    /// Present when the job was a game (valid or not).
    pub(crate) game: Option<GameFacts>,
    /// The mistakes, in the order of the record (none: valid).
    pub(crate) errors: Vec<ErrorEntry>,
    /// The mistakes as text diagnostics (text reports only).
    pub(crate) rendered: String,
    /// The game itself, when [`Settings::keep`] asks for it.
    pub(crate) kept: Option<Kept>,
}

/// A game as read and checked, kept for the caller ([`Settings::keep`]):
/// what `billes run` and `billes filter` work on once `validate` has
/// checked it.
#[derive(Debug)]
pub struct Kept {
    /// The game's text as written (tags, movetext, result, and the blank
    /// lines around).
    pub text: String,
    /// Byte offset of `text` in its file (the spans of `game` are byte
    /// offsets in `text`).
    pub offset: usize,
    /// The parsed game (`None`: a syntax error).
    pub game: Option<Game>,
    /// What the game replays to (`None`: the game is invalid).
    pub summary: Option<Summary>,
    /// The `turns` rows of a valid game, built on the thread that checked
    /// it ([`Settings::turn_rows`]).
    pub(crate) rows: Option<crate::rows::WorkerRows>,
    /// A valid game longer than [`HEAVY_BYTES`] whose rows are asked for
    /// ([`Settings::turn_rows`]): `game` holds its tags, not its turns,
    /// and its rows are made from `text` a piece at a time where they are
    /// written ([`crate::rows::streamed`]), by rules whose scripts print
    /// nothing there (the check printed their lines). (It was checked as
    /// it was read when it could be, else whole without its rows: under a
    /// house rule's script, which prints once so.)
    pub(crate) streamed: bool,
    /// A game longer than the reader's limit, checked as it was read
    /// ([`Settings::large`]): its bytes in its file, from its first byte to
    /// the next game's; `text` is then empty, and `game` holds the tags
    /// (and the result, when the game is valid), not the turns.
    pub range: Option<std::ops::Range<u64>>,
    /// How the game ended, with [`Settings::ends`]: after its last turn,
    /// or, for an invalid game, before its first mistake (`None`: its
    /// tags set up no position, or it could not be read).
    pub end: Option<billes_core::placing::GameEnd>,
}

impl Outcome {
    /// The name of the input (`<stdin>` for standard input).
    pub fn file(&self) -> &str {
        &self.origin.name
    }

    /// The input bytes this outcome stands for, for a progress bar: the
    /// outcomes of a file add up to its size.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Main-line turns checked (in an invalid game whose check stopped,
    /// those before the turn it stopped at).
    pub fn turns(&self) -> u64 {
        self.turns
    }

    /// The input's path, when it is a file (not standard input).
    pub fn path(&self) -> Option<&Path> {
        self.origin.path.as_deref()
    }

    /// The 1-based number of the game in its file, when the job was a game.
    pub fn game(&self) -> Option<usize> {
        self.game.as_ref().map(|g| g.index)
    }

    /// The first mistake, if any.
    pub fn error(&self) -> Option<&ErrorEntry> {
        self.errors.first()
    }

    /// Every mistake found, in the order of the record: the check of a
    /// game goes on after a mistake wherever the record can be followed.
    pub fn errors(&self) -> &[ErrorEntry] {
        &self.errors
    }

    /// Whether the check of the game was stopped by the wall-clock guard
    /// of a house rule's script, with no mistake found before: no verdict
    /// on the record, neither valid nor invalid (an error of kind
    /// `time_guard`).
    pub fn stopped(&self) -> bool {
        crate::report::stopped(&self.errors)
    }

    /// The mistakes as text diagnostics, when [`Settings::diagnostics`] is
    /// set (empty otherwise, and for a valid game).
    pub fn diagnostic(&self) -> &str {
        &self.rendered
    }

    /// Takes the game out of the outcome, when the job was a game that is
    /// UTF-8 text and [`Settings::keep`] is set.
    pub fn take_kept(&mut self) -> Option<Kept> {
        self.kept.take()
    }
}

/// What the report needs to know of a game beside its mistake.
#[derive(Debug)]
pub(crate) struct GameFacts {
    pub(crate) index: usize,
    pub(crate) line: u32,
    pub(crate) event: Option<String>,
    pub(crate) round: Option<String>,
    pub(crate) fingerprint: Option<u128>,
    /// The game's tags in the order written (JSON Lines reports only).
    pub(crate) tags: Vec<(String, String)>,
}

impl GameFacts {
    /// The facts of the `index`th game of its file, on `line`, before
    /// anything of it is read.
    pub(crate) fn at(index: usize, line: u32) -> GameFacts {
        GameFacts {
            index,
            line,
            event: None,
            round: None,
            fingerprint: None,
            tags: Vec::new(),
        }
    }
}

/// What the workers do beside replaying. The default renders nothing,
/// keeps nothing and plays each record under its own `Rules` tag.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// How each game's rules are chosen.
    pub rules: RulePolicy,
    /// Render text diagnostics ([`Outcome::diagnostic`]).
    pub diagnostics: bool,
    /// Keep each game's tags (JSON Lines report).
    pub tags: bool,
    /// Colour them.
    pub color: bool,
    /// Fingerprint the turns of each game.
    pub duplicates: bool,
    /// Read the `Event` and `Round` tags.
    pub by_event: bool,
    /// Report the effect marks a valid game leaves out (`--strict`).
    pub strict: bool,
    /// Keep each game, its text and its summary in its outcome
    /// ([`Outcome::take_kept`]).
    pub keep: bool,
    /// With [`Settings::keep`], also build the `turns` rows of each valid
    /// game (`billes export`) on the thread that checked it, under the
    /// rules it was checked by (those of a game longer than 256 KiB are
    /// made from its text where they are written, a piece at a time).
    pub turn_rows: bool,
    /// With [`Settings::turn_rows`], also write in each row the `Position`
    /// tag after its turn (`billes export --columns +position`).
    pub turn_positions: bool,
    /// With [`Settings::keep`], check a game longer than the reader's
    /// limit (16 MiB) as it is read too, and keep only its place in its
    /// file ([`Kept::range`]) instead of refusing it. Without `keep` such
    /// a game is always checked as it is read (never with
    /// [`Settings::strict`] or [`Settings::turn_rows`], which need the
    /// whole game: it is then refused).
    pub large: bool,
    /// With [`Settings::keep`], also keep how each game ended
    /// ([`Kept::end`]): every seat's place among those that finished, its
    /// progress and its pieces, for its placings (`billes standings`). An
    /// invalid game's end is the position before its first mistake.
    pub ends: bool,
}

impl Settings {
    /// Whether a game longer than the reader's limit is checked as it is
    /// read (see [`Settings::large`]).
    pub(crate) fn reads_large(&self) -> bool {
        !self.strict && !self.turn_rows && (!self.keep || self.large)
    }
}

/// Checks jobs on one thread.
#[derive(Debug)]
pub(crate) struct Worker {
    settings: Settings,
    /// The rules of each game, with the variants this thread loaded.
    resolver: Resolver,
    /// The turns of the game before, emptied, for the next game to fill:
    /// one allocation for all games of about the same length.
    spare_turns: Vec<Turn>,
    /// The turns of a piece of a game checked as it is read.
    piece_turns: Vec<Turn>,
    /// The `turns` rows of the game just checked ([`Settings::turn_rows`]).
    rows: Option<crate::rows::WorkerRows>,
    /// Whether the game just checked is [`Kept::streamed`].
    streamed: bool,
    /// How the game just checked ended ([`Settings::ends`]).
    end: Option<billes_core::placing::GameEnd>,
    /// The games whose rows keep the position before every turn.
    kept_before: crate::rows::KeptBefore,
}

/// A game of more text than this (256 KiB; real games take a few
/// kilobytes) is "heavy": kept whole, its tree and rows take 30 to 80
/// times its text. With [`Settings::keep`], a batch holding one is checked
/// on the calling thread when its turn comes (`pipeline`), and when only
/// its rows are asked for it is checked as it is read and its rows are
/// made from its text a piece at a time ([`Kept::streamed`]).
pub(crate) const HEAVY_BYTES: usize = 1 << 18;

/// A list of turns with room for more than this many is not kept for the
/// next game (it would hold memory for nothing once a huge game is done).
const MAX_SPARE_TURNS: usize = 1 << 14;

impl Worker {
    pub(crate) fn new(settings: Settings) -> Worker {
        Worker {
            resolver: settings.rules.resolver(),
            settings,
            spare_turns: Vec::new(),
            piece_turns: Vec::new(),
            rows: None,
            streamed: false,
            end: None,
            kept_before: crate::rows::KeptBefore::default(),
        }
    }

    /// Checks a job; its outcome, and the game's text (when the job was a
    /// game) for the reader to reuse.
    pub(crate) fn process(&mut self, job: Job) -> (Outcome, Option<String>) {
        let mut text = None;
        let mut outcome = Outcome {
            origin: Arc::clone(&job.origin),
            bytes: job.bytes,
            opened: false,
            turns: 0,
            game: None,
            errors: Vec::new(),
            rendered: String::new(),
            kept: None,
        };
        let name = job.origin.name.as_str();
        match job.work {
            Work::Opened => outcome.opened = true,
            Work::Done(done) => return (*done, None),
            Work::Large { index, line, .. } => {
                // Only a reader can hand its text out: refused.
                let message = billes_notation::ReadError::TooLarge {
                    index,
                    line,
                    limit: billes_notation::MAX_GAME_BYTES,
                }
                .to_string();
                self.encoding_error(&mut outcome, index, (line, 1), message);
                outcome.game = Some(GameFacts::at(index, line));
            }
            Work::Unreadable(message) => {
                if self.settings.diagnostics {
                    outcome.rendered = format!("error[io]: {name}: {message}\n");
                }
                outcome
                    .errors
                    .push(ErrorEntry::new(name, None, "io", message));
            }
            Work::Binary { line, column } => {
                let message = "binary file (a NUL byte), not read".to_string();
                if self.settings.diagnostics {
                    outcome.rendered =
                        format!("error[encoding]: {message}\n --> {name}:{line}:{column}\n\n");
                }
                outcome
                    .errors
                    .push(ErrorEntry::new(name, None, "encoding", message).at(line, column));
            }
            Work::Encoding {
                index,
                line,
                column,
                message,
            } => {
                if self.settings.diagnostics {
                    outcome.rendered = format!(
                        "error[encoding]: {message}\n --> {name}:{line}:{column}\n  = note: in game {index}\n\n"
                    );
                }
                outcome.game = Some(GameFacts::at(index, line));
                outcome
                    .errors
                    .push(ErrorEntry::new(name, Some(index), "encoding", message).at(line, column));
            }
            Work::Game(source) => {
                let game = self.game(&job.origin, &source, &mut outcome);
                if self.settings.keep {
                    outcome.kept = Some(Kept {
                        text: source.text,
                        offset: source.offset,
                        summary: game.as_ref().and_then(|(_, s)| s.clone()),
                        game: game.map(|(g, _)| g),
                        rows: self.rows.take(),
                        streamed: std::mem::take(&mut self.streamed),
                        range: None,
                        end: self.end.take(),
                    });
                } else {
                    text = Some(source.text);
                }
            }
        }
        (outcome, text)
    }

    /// Adds a replay error of the game `source` to `outcome`, rendered
    /// when the report is text.
    fn push_replay_error(
        &self,
        outcome: &mut Outcome,
        origin: &Origin,
        source: &GameSource,
        err: &ReplayError,
    ) {
        let name = origin.name.as_str();
        if self.settings.diagnostics {
            outcome
                .rendered
                .push_str(&render_replay_error(name, source, err, self.settings.color));
            outcome.rendered.push_str("\n\n");
        }
        outcome.errors.push(replay_entry(name, source.index, err));
    }

    /// Checks a game; with [`Settings::keep`], the game parsed and its
    /// summary when it is valid.
    fn game(
        &mut self,
        origin: &Origin,
        source: &GameSource,
        outcome: &mut Outcome,
    ) -> Option<(Game, Option<Summary>)> {
        let facts = GameFacts::at(source.index, source.line);
        if self.briefs_rows(source) {
            if let Some(found) = stream::check_with_rows(self, origin, source) {
                outcome.turns = found.turns;
                outcome.game = Some(found.facts);
                self.rows = Some(found.rows);
                return Some((found.head, Some(found.summary)));
            }
        }
        if !self.settings.strict && (!self.settings.keep || self.streams_rows(source)) {
            if let Some(found) = stream::check(self, origin, source) {
                outcome.turns = found.turns;
                outcome.game = Some(found.facts);
                if !self.settings.keep {
                    return None;
                }
                self.streamed = true;
                return Some((found.head, Some(found.summary)));
            }
        }
        let game = match source.parse_into(std::mem::take(&mut self.spare_turns)) {
            Ok(game) => game,
            Err(err) => {
                // Read past its syntax errors for every mistake it holds;
                // such a game is never kept (its text is not a record).
                match source.parse_recovering(err.clone()) {
                    Some(read) => self.unreadable(origin, source, outcome, facts, read),
                    None => self.syntax_error(origin, source, outcome, facts, &err),
                }
                return None;
            }
        };
        self.checked(origin, source, outcome, facts, game)
    }

    /// Whether `source` is checked as it is read first, its plainest
    /// turns as briefs, and its rows made in the same reading
    /// ([`stream::check_with_rows`]): a game whose rows are asked for
    /// (`billes export`), whose reading needs neither its tree
    /// (`--strict`) nor how it ended, and that is not heavy. A valid game
    /// is then kept without its turns.
    fn briefs_rows(&self, source: &GameSource) -> bool {
        let settings = &self.settings;
        settings.keep
            && settings.turn_rows
            && !settings.strict
            && !settings.ends
            && !self.streams_rows(source)
    }

    /// Whether a valid game is kept without its turns, its `turns` rows
    /// made from its text ([`Kept::streamed`]), and is checked as it
    /// is read first: a game longer than [`HEAVY_BYTES`] whose rows alone
    /// are asked for (`billes export`).
    fn streams_rows(&self, source: &GameSource) -> bool {
        self.settings.turn_rows && !self.settings.ends && source.text.len() > HEAVY_BYTES
    }

    /// A game that cannot be read at all: its syntax error, and its event
    /// and round as far as a scan of the text finds them.
    fn syntax_error(
        &mut self,
        origin: &Origin,
        source: &GameSource,
        outcome: &mut Outcome,
        mut facts: GameFacts,
        err: &ParseError,
    ) {
        let name = origin.name.as_str();
        if self.settings.by_event {
            facts.event = scan_tag(&source.text, "Event");
            facts.round = scan_tag(&source.text, "Round");
        }
        if self.settings.diagnostics {
            outcome.rendered = render_parse_error(name, source.index, err, self.settings.color);
        }
        outcome.game = Some(facts);
        outcome.errors.push(parse_entry(name, source.index, err));
    }

    /// A game read past its syntax errors: its tags kept, its turns
    /// checked past each unreadable one whose move can be found
    /// ([`billes_core::check_recovered`]), then each syntax error, its note
    /// saying what the check did about its turn.
    fn unreadable(
        &mut self,
        origin: &Origin,
        source: &GameSource,
        outcome: &mut Outcome,
        facts: GameFacts,
        read: billes_notation::Recovered,
    ) {
        let name = origin.name.as_str();
        outcome.game = Some(self.facts(facts, &read.game, None));
        let place = Place::dir(origin.dir()).game(name, source.index);
        let checked = catch_unwind(AssertUnwindSafe(|| {
            match self.resolver.rule_set(&place, &read.game) {
                Ok(rules) => billes_core::check_recovered(rules.engine(), &read, None),
                Err(e) => billes_core::Checked::refused(e, &read.unreadable),
            }
        }));
        let checked = checked.unwrap_or_else(|_| {
            // A bug in the rules: the syntax errors are still told.
            self.resolver = self.settings.rules.resolver();
            billes_core::Checked {
                read: vec![None; read.errors.len()],
                ..Default::default()
            }
        });
        outcome.turns = u64::from(checked.turns);
        // In the order of the record: each syntax error before the first
        // mistake of the turns after it.
        let notes = (0..).map(|i| checked.read.get(i).cloned().flatten());
        let mut syntax = read.errors.iter().zip(notes).peekable();
        for err in &checked.errors {
            while let Some((e, note)) =
                syntax.next_if(|(e, _)| err.span.line > 0 && e.span.start < err.span.start)
            {
                self.push_syntax_error(outcome, origin, source, e, note.as_deref());
            }
            self.push_replay_error(outcome, origin, source, err);
        }
        for (err, note) in syntax {
            self.push_syntax_error(outcome, origin, source, err, note.as_deref());
        }
    }

    /// Adds a syntax error of the game `source`, with the note of what the
    /// check did about its turn, to `outcome`.
    fn push_syntax_error(
        &self,
        outcome: &mut Outcome,
        origin: &Origin,
        source: &GameSource,
        err: &ParseError,
        note: Option<&str>,
    ) {
        let name = origin.name.as_str();
        if self.settings.diagnostics {
            outcome.rendered.push_str(&render_parse_error_noted(
                name,
                source.index,
                err,
                note,
                self.settings.color,
            ));
        }
        let mut entry = parse_entry(name, source.index, err);
        entry.note = note.map(str::to_string);
        outcome.errors.push(entry);
    }

    /// The facts of `game` the report asks for, added to `facts`; its
    /// fingerprint is `texts`' when they are made.
    fn facts(&self, mut facts: GameFacts, game: &Game, texts: Option<Option<u128>>) -> GameFacts {
        if self.settings.by_event {
            facts.event = game.tag("Event").map(str::to_string);
            facts.round = game.tag("Round").map(str::to_string);
        }
        if self.settings.duplicates {
            facts.fingerprint = texts.unwrap_or_else(|| fingerprint(game));
        }
        if self.settings.tags {
            facts.tags = game
                .tags
                .iter()
                .map(|t| (t.name.to_string(), t.value.to_string()))
                .collect();
        }
        facts
    }

    /// The text of a game's turns that its key hashes, kept when its rows
    /// are made and keyed (their moves are copied from it), and the key
    /// hashed from it.
    fn turn_texts(
        &self,
        game: &Game,
        with_rows: bool,
    ) -> (Option<TurnTexts>, Option<Option<u128>>) {
        if !(with_rows && self.settings.duplicates) {
            return (None, None);
        }
        let (texts, print) = TurnTexts::of(game);
        (Some(texts), Some(print))
    }

    /// Checks a game read: its facts, then its turns.
    fn checked(
        &mut self,
        origin: &Origin,
        source: &GameSource,
        outcome: &mut Outcome,
        facts: GameFacts,
        mut game: Game,
    ) -> Option<(Game, Option<Summary>)> {
        let name = origin.name.as_str();
        // The file's folder is where a `Rules` tag naming a script is
        // looked up from (the current folder for stdin). Every replay of
        // `billes validate` is under these rules.
        let place = Place::dir(origin.dir()).game(name, source.index);
        let rules = catch_unwind(AssertUnwindSafe(|| self.resolver.rule_set(&place, &game)));
        // A long game's rows are made from its text where they are
        // written ([`Kept::streamed`]), never held with its tree.
        let long = self.streams_rows(source);
        let with_rows = self.settings.keep && self.settings.turn_rows && !long;
        let (texts, print) = self.turn_texts(&game, with_rows);
        outcome.game = Some(self.facts(facts, &game, print));
        let mut valid = None;
        let wanted = crate::rows::Wanted {
            position: self.settings.turn_positions,
        };
        self.rows = None;
        let checked = rules.and_then(|rules| {
            catch_unwind(AssertUnwindSafe(|| {
                let rules = rules?;
                // A valid game's rows are made in the check's own replay;
                // a game with a mistake is checked as without rows (but
                // for a script the wall-clock guard stopped, which is not
                // run again: `?`).
                if with_rows {
                    if let Some((summary, rows)) = crate::rows::checked_rows(
                        rules.engine(),
                        &game,
                        texts.as_ref(),
                        wanted,
                        &mut self.kept_before,
                    )? {
                        self.rows = Some(rows);
                        return Ok((rules, summary));
                    }
                }
                rules
                    .engine()
                    .validate(&game)
                    .map(|summary| (rules, summary))
            }))
        });
        match checked {
            Ok(Ok((rules, summary))) => {
                outcome.turns = u64::from(summary.turns);
                if self.settings.strict {
                    let missing = catch_unwind(AssertUnwindSafe(|| {
                        billes_core::complete_marks(rules.engine(), &mut game.clone())
                    }));
                    if let Ok(Ok(missing)) = missing {
                        for err in &missing {
                            self.push_replay_error(outcome, origin, source, err);
                        }
                    }
                }
                if with_rows && self.rows.is_none() {
                    self.rows = crate::rows::worker_rows(rules.engine(), &game, wanted);
                }
                if self.settings.keep && self.settings.ends {
                    self.end = game_end(rules.engine(), &game, summary.turns);
                }
                valid = Some(summary);
            }
            Ok(Err(err)) if !err.kind.is_verdict() => {
                // The wall-clock guard stopped a script: no verdict, and
                // no second check (the script would run as long again).
                outcome.turns = turns_before(&game, &err);
                self.push_replay_error(outcome, origin, source, &err);
            }
            Ok(Err(err)) => self.invalid(origin, source, outcome, &place, &game, err),
            Err(_) => self.internal(name, source, outcome),
        }
        if long && valid.is_some() {
            self.streamed = true;
            game.line.turns = Vec::new();
        }
        if self.settings.keep {
            return Some((game, valid));
        }
        let mut turns = std::mem::take(&mut game.line.turns);
        if turns.capacity() <= MAX_SPARE_TURNS {
            turns.clear();
            self.spare_turns = turns;
        }
        None
    }

    /// A bug in the rules, met replaying a game of `name`: reported against
    /// the game, and the variants are loaded anew.
    fn internal(&mut self, name: &str, source: &GameSource, outcome: &mut Outcome) {
        self.resolver = self.settings.rules.resolver();
        let message = "internal error while replaying this game (please report it)";
        if self.settings.diagnostics {
            outcome.rendered = format!(
                "error[internal]: {message}\n --> {name}:{}:1\n  = note: in game {}\n\n",
                source.line, source.index
            );
        }
        outcome.errors.push(
            ErrorEntry::new(name, Some(source.index), "internal", message.into())
                .at(source.line, 1),
        );
    }
}

impl Worker {
    /// A game holding a mistake `err`: checked again, to the end, for all
    /// of them (valid games never come here), and, with [`Settings::ends`],
    /// how it stood before its first.
    fn invalid(
        &mut self,
        origin: &Origin,
        source: &GameSource,
        outcome: &mut Outcome,
        place: &Place<'_>,
        game: &Game,
        err: ReplayError,
    ) {
        outcome.turns = turns_before(game, &err);
        let all = catch_unwind(AssertUnwindSafe(|| {
            match self.resolver.rule_set(place, game) {
                Ok(rules) => rules.engine().check_record(game, &[], None),
                Err(e) => billes_core::Checked::refused(e, &[]),
            }
        }));
        let errors = match all {
            Ok(all) if !all.errors.is_empty() => {
                outcome.turns = u64::from(all.turns);
                all.errors
            }
            _ => vec![err],
        };
        for err in &errors {
            self.push_replay_error(outcome, origin, source, err);
        }
        if self.settings.keep && self.settings.ends {
            let before = u32::try_from(turns_before(game, &errors[0])).unwrap_or(0);
            self.end = catch_unwind(AssertUnwindSafe(|| {
                let rules = self.resolver.rule_set(place, game).ok()?;
                game_end(rules.engine(), game, before)
            }))
            .ok()
            .flatten();
        }
    }
}

/// How `game` ended after its first `turns` main-line turns under
/// `engine` (`None`: those turns do not replay).
fn game_end(
    engine: &dyn billes_core::Engine,
    game: &Game,
    turns: u32,
) -> Option<billes_core::placing::GameEnd> {
    let pos = billes_core::position_after(engine, game, turns).ok()?;
    Some(billes_core::placing::end_of(&*pos))
}

/// Main-line turns replayed before `err`: those that start before it, less
/// the turn it is in (all of them for a wrong result, checked once every
/// turn replayed, even when it points at the `Result` tag; none for a tag
/// error). Worked out from the record, so any replay function will do.
fn turns_before(game: &Game, err: &ReplayError) -> u64 {
    if err.kind == ErrorKind::Result {
        return game.line.turns.len() as u64;
    }
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

pub(crate) fn parse_entry(file: &str, game: usize, err: &ParseError) -> ErrorEntry {
    ErrorEntry::new(file, Some(game), "syntax", err.message.clone())
        .at(err.span.line, err.span.column)
}

pub(crate) fn replay_entry(file: &str, game: usize, err: &ReplayError) -> ErrorEntry {
    let located = err.span.line > 0;
    ErrorEntry {
        line: located.then_some(err.span.line),
        column: located.then_some(err.span.column),
        turn: err.turn,
        seat: err.seat.as_deref().map(str::to_string),
        legal: err.legal.clone(),
        note: err.note().map(str::to_string),
        ..ErrorEntry::new(file, Some(game), err.kind.name(), err.message.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_tag_reads_simple_tag_lines() {
        let text = "[Event \"Club night\"]\n [Round  \"3\"]\n1. R6 r9 r10 *\n";
        assert_eq!(scan_tag(text, "Event").as_deref(), Some("Club night"));
        assert_eq!(scan_tag(text, "Round").as_deref(), Some("3"));
        assert_eq!(scan_tag(text, "Date"), None);
    }
}
