//! Archives as tables: `games`, `turns` and `mistakes`, written as JSON
//! Lines or Parquet in parts, for DuckDB, Spark, Polars and pandas (`billes
//! export`; the tables and their columns are in docs/export.md).
//!
//! The games are read and checked by the validate pipeline
//! ([`crate::validate::run`], one game in memory per thread); the replay
//! that checks a game under its rules ([`crate::rules`]) makes its turns'
//! rows as it goes, on the thread that checked it (so `jobs` threads share
//! that work), kept when the game is valid. The rows go to one part
//! file per table for every [`Settings::part_games`] games, in input
//! order (`games/part-00000.jsonl`, `turns/part-00000.jsonl`...): part `k`
//! of each table holds the same games. A part is committed as a set, and
//! the marker `_SUCCESS` written last says that the run finished
//! ([`commit`] tells how). Memory depends on one game and one batch of
//! rows, not on the archive.
//!
//! ```
//! use billes_archive::export::{self, Format, Settings};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R1 r9-r10\n*\n";
//! std::fs::write(dir.path().join("club.bgn"), record).unwrap();
//! let found = billes_archive::input::expand_in_order(&[dir.path().join("club.bgn")]);
//! let out = dir.path().join("tables");
//! let settings = Settings { format: Format::Jsonl, ..Settings::new(&out) };
//! let totals = export::run(found, &settings, &mut |_| {}).unwrap();
//! assert_eq!((totals.games, totals.turns, totals.parts), (1, 2, 1));
//! let turns = std::fs::read_to_string(out.join("turns/part-00000.jsonl")).unwrap();
//! assert!(turns.lines().nth(1).unwrap().contains(r#""move":"r9-r10""#));
//! assert!(out.join(export::MARKER).is_file());
//! ```

use std::fs;
use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::input::Found;
use crate::rows::{self, streamed::RowsError};
use crate::rules::{Place, Resolver, RulePolicy};
use crate::validate::{self, Outcome};

pub mod commit;
mod direct;
mod games;
mod jsonl;
#[cfg(feature = "parquet")]
mod parquet;
pub mod schema;

pub use crate::key::Key;
pub use crate::rows::{Captured, GameRow, GameTurns, MistakeRow, Player, TurnRow, MAX_CELL_BYTES};
pub use commit::MARKER;

use commit::{Manifest, Rows, Sealed};

/// The tables, in the order of their folders.
pub const TABLES: [&str; 3] = ["games", "turns", "mistakes"];

/// Rows given to a part's writer at once.
const BATCH_ROWS: usize = 8192;

/// The output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// JSON Lines: one object a row.
    Jsonl,
    /// Parquet, zstd-compressed (with the `parquet` feature).
    Parquet,
}

impl Format {
    /// The parts' extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Jsonl => "jsonl",
            Format::Parquet => "parquet",
        }
    }

    /// Whether this build writes the format.
    pub fn available(self) -> bool {
        self == Format::Jsonl || cfg!(feature = "parquet")
    }
}

/// What to export, and where.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The output format.
    pub format: Format,
    /// The folder that receives `games/`, `turns/` and `mistakes/`.
    pub out: PathBuf,
    /// Also export the invalid games, and their mistakes.
    pub invalid: bool,
    /// Write into a folder that is not empty, replacing the parts, the
    /// marker and the temporary files an earlier export left there (other
    /// files are left alone).
    pub force: bool,
    /// Games a part holds (at least 1).
    pub part_games: usize,
    /// The `turns` columns written (`--columns`): by default all but
    /// `position`.
    pub columns: schema::Selection,
    /// Threads checking the games.
    pub jobs: usize,
    /// How each game's rules are chosen.
    pub rules: RulePolicy,
    /// Render each mistake as a text diagnostic
    /// ([`Outcome::diagnostic`]), for the caller to show.
    pub diagnostics: bool,
    /// Colour them.
    pub color: bool,
    /// Set (by a signal handler) to stop the run: it stops before the next
    /// game's rows are written, and before the marker, as on an error
    /// (its temporary files removed, whole parts only), and returns
    /// [`ExportError::Interrupted`].
    pub interrupt: Option<Arc<AtomicBool>>,
}

impl Settings {
    /// The default settings for the folder `out`: JSON Lines, valid
    /// games, 100,000 games a part, one thread, each record's own rules.
    pub fn new(out: &Path) -> Settings {
        Settings {
            format: Format::Jsonl,
            out: out.to_path_buf(),
            invalid: false,
            force: false,
            part_games: 100_000,
            columns: schema::Selection::default(),
            jobs: 1,
            rules: RulePolicy::default(),
            diagnostics: false,
            color: false,
            interrupt: None,
        }
    }
}

/// What an export wrote and met.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    /// Games read.
    pub games: u64,
    /// Games exported.
    pub exported: u64,
    /// Invalid games (exported with `--invalid`, else left out).
    pub invalid: u64,
    /// Games whose check the wall-clock guard stopped (a house rule's
    /// script, `time_guard`): no verdict, left out of every table, and the
    /// export exits 2.
    pub stopped: u64,
    /// Rows of `turns`.
    pub turns: u64,
    /// Rows of `mistakes`.
    pub mistakes: u64,
    /// Parts written per table.
    pub parts: u64,
    /// Games with a text cut at [`MAX_CELL_BYTES`].
    pub cut: u64,
    /// Errors that are not a game's: a file that cannot be read, or is
    /// binary.
    pub file_errors: u64,
    /// Whether a path or file could not be read (an I/O error), or the
    /// wall-clock guard stopped a game's check: exit 2.
    pub io_failure: bool,
}

impl Totals {
    /// The exit code of the run, as `billes export` gives it and the marker
    /// says it: 2 when an input could not be read, 1 when something read
    /// is invalid (a game, a file that is not text), else 0. (An output
    /// that cannot be written is an [`ExportError`], never totals.)
    pub fn exit_code(&self) -> u8 {
        if self.io_failure {
            2
        } else if self.invalid > 0 || self.file_errors > 0 {
            1
        } else {
            0
        }
    }
}

/// An export that could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The output folder holds files and [`Settings::force`] is not set.
    #[error(
        "{0}: the folder is not empty (--force replaces the tables an earlier export wrote there)"
    )]
    NotEmpty(PathBuf),
    /// The output folder, or a table's folder in it, is not a folder (a
    /// file, or a symbolic link, which is never written through).
    #[error("{0}: not a folder (a symbolic link is not written through)")]
    NotAFolder(PathBuf),
    /// [`Settings::interrupt`] was set.
    #[error("interrupted: the tables are not finished (no {MARKER} written)")]
    Interrupted,
    /// A `turns` row of a game whose own columns the Parquet files were
    /// not made with: its file held no game of it when the export read the
    /// games' names first, so it changed while it was exported.
    #[error(
        "{file}: a game of {game}, which the file did not hold when the export began (it changed while it was exported): export again"
    )]
    NewGame {
        /// The file.
        file: String,
        /// The game.
        game: billes_core::GameKind,
    },
    /// This build cannot write the format.
    #[error("this billes was built without the parquet feature: --to jsonl, or build with it")]
    Unavailable,
    /// A part or the marker could not be written; nothing of it is left.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file, under the name it was to have.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A folder could not be made, read or cleared.
    #[error("{path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

fn io_at(path: &Path) -> impl FnOnce(io::Error) -> ExportError + '_ {
    move |source| ExportError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A part being written, in one format: the tables' files, each in a
/// temporary file ([`commit::temp_in`]) until the part is committed.
/// Dropped before, it leaves nothing.
pub(crate) trait PartWriter {
    fn games(&mut self, rows: &[GameRow]) -> Result<(), ExportError>;
    /// The `turns` rows of some games, each game's with its key, file and
    /// number, in order.
    fn turns(&mut self, games: &[GameTurns]) -> Result<(), ExportError>;
    fn mistakes(&mut self, rows: &[MistakeRow]) -> Result<(), ExportError>;
    /// Completes the files, each synced, still under their temporary
    /// names: [`commit::commit`] names them all or none.
    fn finish(self: Box<Self>) -> Result<Vec<Sealed>, ExportError>;
}

/// Exports the games of `found`: reads and checks them with `settings.jobs`
/// threads, writes the tables under `settings.out`. `seen` is given every
/// outcome of the validate pipeline, in input order, before its rows are
/// written (for a progress bar and messages).
///
/// When it returns `Ok`, every table is written and the marker
/// [`MARKER`] is in `settings.out`; on an error it is not, and only whole
/// parts are left (no temporary file).
///
/// # Errors
/// The output cannot be written, or is a folder that is not empty and
/// [`Settings::force`] is not set. Nothing in the inputs is an error here:
/// each problem is counted in the [`Totals`] (and is a row of `mistakes`
/// with [`Settings::invalid`]).
pub fn run(
    found: Vec<Found>,
    settings: &Settings,
    seen: &mut dyn FnMut(&Outcome),
) -> Result<Totals, ExportError> {
    if !settings.format.available() {
        return Err(ExportError::Unavailable);
    }
    let dirs = prepare(&settings.out, settings.invalid, settings.force)?;
    let tables = &TABLES[..dirs.len()];
    let manifest = Manifest::begin(
        &settings.out,
        settings.format,
        settings.part_games.max(1),
        tables,
    )?;
    // A Parquet file's schema is fixed when it is opened: `turns` has the
    // own columns of the games the inputs name. (A JSON Lines row has its
    // game's, whatever the others.)
    let games = match settings.format {
        Format::Parquet => games::named(&found, settings.interrupt.as_deref())?,
        Format::Jsonl => billes_core::registry::all().to_vec(),
    };
    let own = Arc::new(schema::OwnColumns::of(&games));
    let checks = validate::Settings {
        rules: settings.rules.clone(),
        duplicates: true,
        keep: true,
        turn_rows: true,
        turn_positions: settings.columns.keeps("position"),
        diagnostics: settings.diagnostics,
        color: settings.color,
        ..validate::Settings::default()
    };
    let mut exporter = Exporter {
        settings,
        dirs,
        // Its replays follow checks, which printed what scripts print.
        resolver: settings.rules.resolver().silent(),
        own,
        part: None,
        manifest,
        rows: Rows::default(),
        in_part: 0,
        games: Vec::new(),
        turn_count: 0,
        mistakes: Vec::new(),
        totals: Totals::default(),
    };
    validate::run(found, settings.jobs.max(1), &checks, &mut |outcome| {
        seen(&outcome);
        exporter.accept(outcome)
    })?;
    exporter.close()
}

/// Makes the output folder and its table folders; refuses one that holds
/// files unless `force`, then removes, first, the marker an earlier export
/// left, then its temporary files and its parts.
fn prepare(out: &Path, invalid: bool, force: bool) -> Result<Vec<PathBuf>, ExportError> {
    match fs::symlink_metadata(out) {
        Ok(m) if !m.is_dir() => return Err(ExportError::NotAFolder(out.to_path_buf())),
        Ok(_) => {
            let mut entries = fs::read_dir(out).map_err(io_at(out))?;
            if entries.next().is_some() && !force {
                return Err(ExportError::NotEmpty(out.to_path_buf()));
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            fs::create_dir_all(out).map_err(io_at(out))?;
        }
        Err(e) => return Err(io_at(out)(e)),
    }
    if force {
        commit::remove_marker(out)?;
        commit::remove_temporaries(out)?;
    }
    let mut dirs = Vec::new();
    for (i, table) in TABLES.iter().enumerate() {
        let dir = out.join(table);
        // `mistakes` is written with --invalid only; the parts an earlier
        // export left there go all the same.
        let used = i < 2 || invalid;
        match fs::symlink_metadata(&dir) {
            Ok(m) if !m.is_dir() => return Err(ExportError::NotAFolder(dir)),
            Ok(_) => {
                commit::remove_temporaries(&dir)?;
                remove_parts(&dir)?;
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if used {
                    fs::create_dir(&dir).map_err(io_at(&dir))?;
                }
            }
            Err(e) => return Err(io_at(&dir)(e)),
        }
        if used {
            dirs.push(dir);
        }
    }
    Ok(dirs)
}

/// Removes the parts (`part-NNNNN.jsonl`, `.parquet`) of an earlier export
/// from a table's folder, and nothing else.
fn remove_parts(dir: &Path) -> Result<(), ExportError> {
    for entry in fs::read_dir(dir).map_err(io_at(dir))? {
        let entry = entry.map_err(io_at(dir))?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let is_part = name.strip_prefix("part-").is_some_and(|rest| {
            let stem = rest
                .strip_suffix(".jsonl")
                .or_else(|| rest.strip_suffix(".parquet"));
            stem.is_some_and(|s| s.len() >= 5 && s.bytes().all(|b| b.is_ascii_digit()))
        });
        if is_part && entry.file_type().is_ok_and(|t| t.is_file()) {
            let path = entry.path();
            fs::remove_file(&path).map_err(io_at(&path))?;
        }
    }
    Ok(())
}

/// The `turns` rows of a valid game replayed here, under the rules `place`
/// gives it, when the thread that checked it did not build them (its rules
/// panicked there: [`rows::worker_rows`]); whether a text was cut.
fn replay_here(
    resolver: &Resolver,
    place: &Place<'_>,
    game: &billes_notation::Game,
    wanted: rows::Wanted,
    turns: &mut Vec<TurnRow>,
) -> Result<bool, billes_core::ReplayError> {
    let rules = resolver.rule_set(place, game)?;
    let engine = rules.engine();
    let pos = engine.start(game)?;
    rows::turn_rows(game, pos, wanted, &mut |r| turns.push(r))
}

struct Exporter<'s> {
    settings: &'s Settings,
    /// The tables' folders: games, turns, and mistakes with `--invalid`.
    dirs: Vec<PathBuf>,
    /// Each valid game's rules, for a replay apart where the check made
    /// no rows.
    resolver: Resolver,
    /// The own columns of `turns` in a Parquet file: those of the games
    /// the inputs name.
    #[cfg_attr(not(feature = "parquet"), allow(dead_code))]
    own: Arc<schema::OwnColumns>,
    part: Option<Box<dyn PartWriter>>,
    /// The marker, one line a part committed.
    manifest: Manifest,
    /// The rows handed to the part being written.
    rows: Rows,
    /// Games in the part so far.
    in_part: usize,
    games: Vec<GameRow>,
    /// The `turns` rows the batch has had, written at once as each game's
    /// come ([`Exporter::add_turns`]).
    turn_count: usize,
    mistakes: Vec<MistakeRow>,
    totals: Totals,
}

impl Exporter<'_> {
    /// A game whose check the wall-clock guard stopped: counted, left out.
    fn stopped(&mut self) -> Result<(), ExportError> {
        self.totals.stopped += 1;
        self.totals.io_failure = true;
        Ok(())
    }

    /// Stops the run when [`Settings::interrupt`] is set.
    fn go_on(&self) -> Result<(), ExportError> {
        match &self.settings.interrupt {
            Some(stop) if stop.load(Ordering::Relaxed) => Err(ExportError::Interrupted),
            _ => Ok(()),
        }
    }

    /// A file opened, or one that could not be read: its errors, if any,
    /// are rows of `mistakes` with `--invalid`.
    fn accept_file(&mut self, outcome: &Outcome) -> Result<(), ExportError> {
        for e in outcome.errors() {
            self.totals.file_errors += 1;
            self.totals.io_failure |= e.kind == "io";
            if self.settings.invalid {
                self.mistakes.push(rows::mistake_row(None, e));
                self.totals.mistakes += 1;
            }
        }
        self.flush(false)
    }

    /// The game row `row`, exported: counted, and its part ended when full.
    fn add_game(&mut self, row: GameRow) -> Result<(), ExportError> {
        self.totals.exported += 1;
        self.totals.cut += u64::from(row.cut);
        self.games.push(row);
        self.in_part += 1;
        let full = self.in_part >= self.settings.part_games.max(1);
        self.flush(full)?;
        if full {
            self.end_part()?;
        }
        Ok(())
    }

    fn accept(&mut self, mut outcome: Outcome) -> Result<(), ExportError> {
        self.go_on()?;
        let Some(facts) = outcome.game.as_ref() else {
            return self.accept_file(&outcome);
        };
        self.totals.games += 1;
        if outcome.stopped() {
            return self.stopped();
        }
        let (index, line, fingerprint) = (facts.index, facts.line, facts.fingerprint);
        let key = rows::key_text(fingerprint);
        let mut kept = outcome.take_kept();
        let built = kept.as_mut().and_then(|k| k.rows.take());
        let file = outcome.file().to_string();
        let mut row = match kept.as_ref().and_then(|k| k.game.as_ref()) {
            Some(game) => rows::game_row(key.clone(), &file, index, line, game),
            // A syntax error: no tags read.
            None => rows::unread_game_row(&file, index, line),
        };
        let summary = kept.as_ref().and_then(|k| k.summary.as_ref());
        let mut valid = outcome.errors().is_empty() && summary.is_some();
        let mut extra = None;
        if let (true, Some(summary), Some(game)) =
            (valid, summary, kept.as_ref().and_then(|k| k.game.as_ref()))
        {
            let dir = outcome
                .origin
                .path
                .as_deref()
                .and_then(Path::parent)
                .filter(|d| !d.as_os_str().is_empty());
            let place = Place::dir(dir).game(&file, index);
            let mut game_rows = Vec::new();
            let mut cut = row.cut;
            let wanted = rows::Wanted {
                position: self.settings.columns.keeps("position"),
            };
            let replayed = match built {
                Some(built) => {
                    cut |= built.cut;
                    built
                        .rows
                        .map(|rows| game_rows = rows)
                        .map_err(RowsError::Replay)
                }
                None if kept.as_ref().is_some_and(|k| k.streamed) => {
                    let text = kept.as_ref().map_or("", |k| k.text.as_str());
                    let to = GameTurns {
                        key: fingerprint.map(Key::new),
                        file: file.clone(),
                        index: index as u32,
                        rows: Vec::new(),
                    };
                    self.streamed_turns(&place, game, text, line, wanted, to)?
                        .map(|cut_here| cut |= cut_here)
                }
                None => replay_here(&self.resolver, &place, game, wanted, &mut game_rows)
                    .map(|cut_here| cut |= cut_here)
                    .map_err(RowsError::Replay),
            };
            row.cut = cut;
            match replayed {
                Ok(()) => {
                    self.add_turns(GameTurns {
                        key: fingerprint.map(Key::new),
                        file: file.clone(),
                        index: index as u32,
                        rows: game_rows,
                    })?;
                    row.turns = summary.turns;
                    row.winners = summary
                        .winners
                        .as_ref()
                        .map(|w| w.iter().map(|s| s.to_string()).collect());
                }
                Err(RowsError::Replay(e)) if !e.kind.is_verdict() => {
                    // The guard stopped the hooks in the replay of the
                    // turns: no verdict.
                    return self.stopped();
                }
                Err(e) => {
                    // The game API and the checker disagree: the game is
                    // told as invalid, with that error, never half written.
                    valid = false;
                    extra = Some(match e {
                        RowsError::Replay(e) => validate::replay_entry(&file, index, &e),
                        RowsError::Syntax(e) => validate::parse_entry(&file, index, &e),
                    });
                }
            }
        }
        row.valid = valid;
        if !valid {
            let errors: Vec<_> = outcome.errors().iter().cloned().chain(extra).collect();
            return self.add_invalid(row, outcome.turns(), &errors, key);
        }
        self.totals.turns += u64::from(row.turns);
        self.add_game(row)
    }

    /// Writes the `turns` rows of the long valid game `game` (its tags)
    /// as they are made from its text `text`, from `line` of its file, a
    /// piece at a time ([`rows::streamed`]), with the key, file and number
    /// of `to` (whose rows are empty): its tree and its rows are never
    /// held whole. The game is replayed once without writing first, so
    /// that a game the game API does not play is never half written. The
    /// answer is whether a text was cut, or why no row was written.
    ///
    /// # Errors
    /// A table cannot be written.
    fn streamed_turns(
        &mut self,
        place: &Place<'_>,
        game: &billes_notation::Game,
        text: &str,
        line: u32,
        wanted: rows::Wanted,
        to: GameTurns,
    ) -> Result<Result<bool, RowsError>, ExportError> {
        let rules = match self.resolver.rule_set(place, game) {
            Ok(rules) => rules,
            Err(e) => return Ok(Err(RowsError::Replay(e))),
        };
        let engine = rules.engine();
        if let Err(e) = rows::streamed::check(engine, text, line) {
            return Ok(Err(e));
        }
        let mut failed = None;
        let written = rows::streamed::rows(engine, text, line, wanted, &mut |piece| {
            let result = self.add_turns(GameTurns {
                key: to.key,
                file: to.file.clone(),
                index: to.index,
                rows: std::mem::take(piece),
            });
            match result.and_then(|()| self.go_on()) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    failed = Some(e);
                    ControlFlow::Break(())
                }
            }
        });
        match failed {
            Some(e) => Err(e),
            None => Ok(written),
        }
    }

    /// An invalid game: its row says its first mistake, and with
    /// `--invalid` it is written with its mistakes; else it is counted
    /// only.
    fn add_invalid(
        &mut self,
        mut row: GameRow,
        turns: u64,
        errors: &[crate::report::ErrorEntry],
        key: Option<String>,
    ) -> Result<(), ExportError> {
        self.totals.invalid += 1;
        row.turns = turns as u32;
        row.mistakes = errors.len() as u32;
        if let Some(first) = errors.first() {
            row.first_mistake_kind = Some(first.kind.to_string());
            row.first_mistake_turn = first.turn;
        }
        if !self.settings.invalid {
            return Ok(());
        }
        for e in errors {
            self.mistakes.push(rows::mistake_row(key.clone(), e));
        }
        self.totals.mistakes += errors.len() as u64;
        self.add_game(row)
    }

    /// Writes a valid game's `turns` rows at once, in both formats, and
    /// frees its list of rows: the next game's list is made in the same
    /// memory. Held for a batch, the lists of a batch were freed together
    /// once it was written, the allocator gave their pages back to the
    /// system, and the next batch's rows were written to pages the system
    /// had to find and clear again: 44,000 page faults to export 3,000
    /// Aggravation games to JSON Lines on one thread, 536 written at once
    /// (0.87 of the CPU time), and to Parquet 11,100 page faults for 1,000
    /// four-player Barricade games, 5,300 written at once (0.91 of the CPU
    /// time, 1.5 MiB less memory; docs/export.md). Parquet's encoder takes
    /// a game's rows into its columns, which hold the row group.
    fn add_turns(&mut self, game: GameTurns) -> Result<(), ExportError> {
        if game.rows.is_empty() {
            return Ok(());
        }
        self.turn_count += game.rows.len();
        self.ensure_part()?;
        let part = self.part.as_mut().expect("opened above");
        part.turns(std::slice::from_ref(&game))?;
        self.rows.turns += game.rows.len() as u64;
        Ok(())
    }

    /// Opens a part to write, when none is open.
    fn ensure_part(&mut self) -> Result<(), ExportError> {
        if self.part.is_none() {
            self.part = Some(self.open_part()?);
        }
        Ok(())
    }

    /// Hands the rows held to the part's writer, when a batch is full or
    /// `now`. A batch is counted in rows of any table, those of `turns`
    /// written already included, so that the rows of `games` are not
    /// held longer for being written apart.
    fn flush(&mut self, now: bool) -> Result<(), ExportError> {
        let held = self
            .games
            .len()
            .max(self.turn_count)
            .max(self.mistakes.len());
        if held == 0 || (!now && held < BATCH_ROWS) {
            return Ok(());
        }
        self.ensure_part()?;
        let part = self.part.as_mut().expect("opened above");
        part.games(&self.games)?;
        part.mistakes(&self.mistakes)?;
        self.rows.games += self.games.len() as u64;
        *self.rows.mistakes.get_or_insert(0) += self.mistakes.len() as u64;
        self.games.clear();
        self.turn_count = 0;
        self.mistakes.clear();
        Ok(())
    }

    /// The file name of the part being written.
    fn part_name(&self) -> String {
        let n = self.totals.parts;
        format!("part-{n:05}.{}", self.settings.format.extension())
    }

    fn open_part(&mut self) -> Result<Box<dyn PartWriter>, ExportError> {
        let name = self.part_name();
        let dirs = &self.dirs;
        match self.settings.format {
            Format::Jsonl => Ok(Box::new(jsonl::Part::create(
                dirs,
                &name,
                &self.settings.columns,
            )?)),
            #[cfg(feature = "parquet")]
            Format::Parquet => Ok(Box::new(parquet::Part::create(
                dirs,
                &name,
                &self.own,
                &self.settings.columns,
            )?)),
            #[cfg(not(feature = "parquet"))]
            Format::Parquet => Err(ExportError::Unavailable),
        }
    }

    /// Commits the part: its files, whole, under their names, all of them
    /// or none; then its line in the marker.
    fn end_part(&mut self) -> Result<(), ExportError> {
        if let Some(part) = self.part.take() {
            commit::commit(part.finish()?)?;
            let mut rows = std::mem::take(&mut self.rows);
            // Counted only where the table is written.
            rows.mistakes = (self.dirs.len() > 2).then_some(rows.mistakes.unwrap_or(0));
            self.manifest.part(&self.part_name(), rows)?;
            self.totals.parts += 1;
        }
        self.in_part = 0;
        Ok(())
    }

    /// The last part (a part, empty, when nothing was exported: the tables
    /// are there for a reader to find), then the marker.
    fn close(mut self) -> Result<Totals, ExportError> {
        self.go_on()?;
        if self.part.is_none() && (self.totals.parts == 0 || self.in_part > 0) {
            self.part = Some(self.open_part()?);
        }
        self.flush(true)?;
        self.end_part()?;
        self.go_on()?;
        self.manifest.finish(&self.totals, &self.dirs)?;
        Ok(self.totals)
    }
}
