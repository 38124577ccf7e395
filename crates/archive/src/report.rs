//! The validation report: its JSON/YAML schema (documented in
//! docs/validate-report.md), the collector that builds it from the games'
//! outcomes in file order, then game order, with the duplicates and the
//! counts by event, and its text, JSON, YAML and JSON Lines forms.
//!
//! ```
//! use billes_archive::report::{Collector, Settings};
//! use billes_archive::validate;
//!
//! let found = billes_archive::input::expand_in_order(&["no-such-folder".into()]);
//! let mut collector = Collector::new(Settings { diagnostics: true, ..Settings::default() });
//! let mut text = Vec::new();
//! validate::run(found, 1, &validate::Settings::default(), &mut |outcome| {
//!     collector.accept(outcome, &mut text)
//! })
//! .unwrap();
//! let (report, io_failure) = collector.finish();
//! assert!(io_failure);
//! report.write_text(&mut text).unwrap();
//! let text = String::from_utf8(text).unwrap();
//! assert!(text.ends_with("checked 0 files, 0 games, 0 turns: 0 valid, 0 invalid; 1 mistake (io: 1)\n"));
//! ```

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Seek, Write};
use std::sync::Arc;

use billes_notation::control_pictures;
use serde::{Deserialize, Serialize, Serializer};

use crate::validate::{Origin, Outcome};

/// The report, also the JSON/YAML schema.
#[derive(Debug, Default, Serialize)]
pub struct Report {
    /// Files read (opened, whatever they held).
    pub files: usize,
    /// Games found.
    pub games: usize,
    /// Main-line turns checked: all of a game's, or those before the turn
    /// its check stopped at.
    pub turns: u64,
    /// Games without a mistake.
    pub valid: usize,
    /// Games with a mistake.
    pub invalid: usize,
    /// Games whose check a house rule's script stopped, by the wall-clock
    /// guard (an error of kind `time_guard`): neither valid nor invalid,
    /// no verdict on the record. Left out when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub stopped: usize,
    /// Mistakes found, in all (a game may have several).
    pub mistakes: usize,
    /// How many errors of each kind.
    pub kinds: BTreeMap<Cow<'static, str>, usize>,
    /// One entry per mistake (a game's check goes on after a mistake
    /// wherever the record can be followed), in file order, then game
    /// order, then the order of the record.
    pub errors: ErrorList,
    /// With `--duplicates`: each game whose turns were already seen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duplicates: Option<Vec<Duplicate>>,
    /// With `--by-event`: the games of each event and round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<EventSummary>>,
}

/// One mistake.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ErrorEntry {
    /// The file (`<stdin>` for standard input).
    pub file: String,
    /// 1-based game number in the file, when the mistake is in a game.
    pub game: Option<usize>,
    /// 1-based line.
    pub line: Option<u32>,
    /// 1-based column.
    pub column: Option<u32>,
    /// The turn number, when the mistake is in a turn.
    pub turn: Option<u32>,
    /// The seat of that turn.
    pub seat: Option<String>,
    /// `syntax`, `encoding`, `io`, `internal`, or a replay kind (`illegal_move`, `seat`, ...).
    pub kind: Cow<'static, str>,
    /// What was wrong.
    pub message: String,
    /// The legal actions, where they help, those nearest to what was
    /// written first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legal: Vec<String>,
    /// What the check did about the mistake: went on (how), or stopped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl ErrorEntry {
    /// An entry with only a file, maybe a game, a kind and a message.
    pub fn new(file: &str, game: Option<usize>, kind: &'static str, message: String) -> ErrorEntry {
        ErrorEntry {
            file: file.to_string(),
            game,
            line: None,
            column: None,
            turn: None,
            seat: None,
            kind: Cow::Borrowed(kind),
            message,
            legal: Vec::new(),
            note: None,
        }
    }

    /// The same entry, located.
    #[must_use]
    pub fn at(mut self, line: u32, column: u32) -> ErrorEntry {
        self.line = Some(line);
        self.column = Some(column);
        self
    }
}

/// The errors of a JSON or YAML report. The first [`ErrorList::IN_MEMORY`]
/// are kept in memory; the others go to an anonymous temporary file, one
/// JSON line each, until the report is written: memory stays flat however
/// many games are invalid. (When no temporary file can be made, they stay
/// in memory.)
#[derive(Debug, Default)]
pub struct ErrorList {
    memory: Vec<ErrorEntry>,
    spill: Option<RefCell<BufWriter<File>>>,
    spilled: usize,
}

impl ErrorList {
    /// Entries kept in memory before the others are spilled.
    pub const IN_MEMORY: usize = 256;

    /// Adds an entry at the end.
    ///
    /// # Errors
    /// When an entry cannot be written to the temporary file.
    pub fn push(&mut self, entry: ErrorEntry) -> io::Result<()> {
        if self.memory.len() < Self::IN_MEMORY {
            self.memory.push(entry);
            return Ok(());
        }
        if self.spill.is_none() {
            match tempfile::tempfile() {
                Ok(file) => self.spill = Some(RefCell::new(BufWriter::new(file))),
                Err(_) => {
                    self.memory.push(entry);
                    return Ok(());
                }
            }
        }
        if let Some(spill) = &self.spill {
            let mut spill = spill.borrow_mut();
            serde_json::to_writer(&mut *spill, &entry)?;
            spill.write_all(b"\n")?;
            self.spilled += 1;
        }
        Ok(())
    }

    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.memory.len() + self.spilled
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn flush(&mut self) {
        if let Some(spill) = &self.spill {
            let _ = spill.borrow_mut().flush();
        }
    }

    /// The entries in order, those spilled read back one at a time.
    pub fn iter(&self) -> impl Iterator<Item = io::Result<ErrorEntry>> + '_ {
        let spilled = self.spill.as_ref().map(|spill| {
            let mut spill = spill.borrow_mut();
            let reader = spill
                .flush()
                .and_then(|()| spill.get_mut().rewind())
                .and_then(|()| spill.get_ref().try_clone());
            reader.map(|file| BufReader::new(file).lines())
        });
        let spilled: Box<dyn Iterator<Item = io::Result<ErrorEntry>>> = match spilled {
            None => Box::new(std::iter::empty()),
            Some(Err(e)) => Box::new(std::iter::once(Err(e))),
            Some(Ok(lines)) => {
                Box::new(lines.map(|line| serde_json::from_str(&line?).map_err(io::Error::other)))
            }
        };
        self.memory.iter().cloned().map(Ok).chain(spilled)
    }
}

impl Serialize for ErrorList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeSeq};
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for entry in self.iter() {
            seq.serialize_element(&entry.map_err(S::Error::custom)?)?;
        }
        seq.end()
    }
}

/// Where a game is.
#[derive(Debug, Clone, Serialize)]
pub struct Place {
    /// The file.
    pub file: String,
    /// 1-based game number in the file.
    pub game: usize,
    /// 1-based line of the game's first line.
    pub line: u32,
}

/// A game whose turns were seen before.
#[derive(Debug, Clone, Serialize)]
pub struct Duplicate {
    /// The later copy.
    #[serde(flatten)]
    pub place: Place,
    /// The first game with the same turns.
    pub first: Place,
}

/// The games of one event and round.
#[derive(Debug, Clone, Serialize)]
pub struct EventSummary {
    /// The `Event` tag (`null` when missing or unreadable).
    pub event: Option<String>,
    /// The `Round` tag (`null` when missing or unreadable).
    pub round: Option<String>,
    /// Games found.
    pub games: usize,
    /// Games without a mistake.
    pub valid: usize,
    /// Games with a mistake.
    pub invalid: usize,
    /// Games whose check the wall-clock guard stopped (left out when 0).
    #[serde(skip_serializing_if = "is_zero")]
    pub stopped: usize,
}

/// Whether `n` is 0: a count left out of the report then.
fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The kind of an error that is no verdict on its record: the wall-clock
/// guard stopped a house rule's script.
const TIME_GUARD: &str = billes_core::ErrorKind::TimeGuard.name();

/// How a game's check ended, by its errors: valid, invalid (a mistake of
/// the record), or stopped by the wall-clock guard (no other error).
fn verdict(errors: &[ErrorEntry]) -> Verdict {
    if errors.is_empty() {
        Verdict::Valid
    } else if errors.iter().all(|e| e.kind == TIME_GUARD) {
        Verdict::Stopped
    } else {
        Verdict::Invalid
    }
}

/// Whether the errors of a game say its check was stopped by the
/// wall-clock guard, with no mistake of the record found before.
pub(crate) fn stopped(errors: &[ErrorEntry]) -> bool {
    verdict(errors) == Verdict::Stopped
}

/// How a game's check ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Valid,
    Invalid,
    Stopped,
}

/// What the collector does with the outcomes. The default keeps the errors
/// in the report and looks for nothing else.
#[derive(Debug, Clone, Copy, Default)]
pub struct Settings {
    /// Print diagnostics as they come (text report) rather than keep them.
    pub diagnostics: bool,
    /// Print a JSON line per game as it comes (JSON Lines report).
    pub jsonl: bool,
    /// Look for duplicate games.
    pub duplicates: bool,
    /// Count per event and round.
    pub by_event: bool,
}

/// Builds the report from outcomes given in order.
#[derive(Debug)]
pub struct Collector {
    settings: Settings,
    /// The report; in a text report `errors` stays empty (they are printed).
    pub report: Report,
    /// Some input could not be read, or the wall-clock guard stopped a
    /// script: the run could not do its work (exit code 2).
    pub io_failure: bool,
    /// The first game of each fingerprint: its file, number and line.
    seen: HashMap<u128, (Arc<Origin>, u32, u32)>,
    duplicates: Vec<Duplicate>,
    /// Valid, invalid and stopped games per event and round.
    events: BTreeMap<(Option<String>, Option<String>), [usize; 3]>,
}

impl Collector {
    /// A collector with an empty report.
    pub fn new(settings: Settings) -> Collector {
        Collector {
            settings,
            report: Report::default(),
            io_failure: false,
            seen: HashMap::new(),
            duplicates: Vec::new(),
            events: BTreeMap::new(),
        }
    }

    /// Takes the next outcome in order; writes its diagnostic to `out` in a
    /// text report, its line in a JSON Lines report.
    ///
    /// # Errors
    /// When `out` fails, or an error cannot be kept.
    pub fn accept(&mut self, outcome: Outcome, out: &mut dyn Write) -> io::Result<()> {
        if self.settings.jsonl {
            write_line(&outcome, out)?;
        }
        let report = &mut self.report;
        if outcome.opened {
            report.files += 1;
        }
        report.turns += outcome.turns;
        if let Some(game) = outcome.game {
            report.games += 1;
            let verdict = verdict(&outcome.errors);
            match verdict {
                Verdict::Valid => report.valid += 1,
                Verdict::Invalid => report.invalid += 1,
                Verdict::Stopped => report.stopped += 1,
            }
            if self.settings.by_event {
                let counts = self.events.entry((game.event, game.round)).or_default();
                counts[verdict as usize] += 1;
            }
            if let (true, Some(fingerprint)) = (self.settings.duplicates, game.fingerprint) {
                let place = Place {
                    file: outcome.origin.name.clone(),
                    game: game.index,
                    line: game.line,
                };
                match self.seen.get(&fingerprint) {
                    Some((origin, index, line)) => self.duplicates.push(Duplicate {
                        place,
                        first: Place {
                            file: origin.name.clone(),
                            game: *index as usize,
                            line: *line,
                        },
                    }),
                    None => {
                        let index = u32::try_from(game.index).unwrap_or(u32::MAX);
                        let first = (Arc::clone(&outcome.origin), index, game.line);
                        self.seen.insert(fingerprint, first);
                    }
                }
            }
        }
        if self.settings.diagnostics {
            out.write_all(outcome.rendered.as_bytes())?;
        }
        for error in outcome.errors {
            report.mistakes += 1;
            *report.kinds.entry(error.kind.clone()).or_default() += 1;
            self.io_failure |= error.kind == "io" || error.kind == TIME_GUARD;
            if !self.settings.diagnostics && !self.settings.jsonl {
                report.errors.push(error)?;
            }
        }
        Ok(())
    }

    /// The report, completed with duplicates and events when asked for,
    /// and whether some input could not be read.
    pub fn finish(mut self) -> (Report, bool) {
        self.report.errors.flush();
        if self.settings.duplicates {
            self.report.duplicates = Some(self.duplicates);
        }
        if self.settings.by_event {
            self.report.events = Some(
                self.events
                    .into_iter()
                    .map(|((event, round), [valid, invalid, stopped])| EventSummary {
                        event,
                        round,
                        games: valid + invalid + stopped,
                        valid,
                        invalid,
                        stopped,
                    })
                    .collect(),
            );
        }
        (self.report, self.io_failure)
    }
}

/// One line of a JSON Lines report: a game, checked, or a problem with a
/// file that is no game's (an unreadable path, a binary file). Outcomes
/// that are neither (a file opened) give no line.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Line<'a> {
    /// A game, valid or not.
    Game {
        file: &'a str,
        game: usize,
        line: u32,
        tags: Tags<'a>,
        turns: u64,
        valid: bool,
        /// The wall-clock guard stopped its check (no verdict).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        stopped: bool,
        errors: &'a [ErrorEntry],
    },
    /// A file, or a path, that gave no game.
    File {
        file: &'a str,
        valid: bool,
        errors: &'a [ErrorEntry],
    },
}

/// Tags as a JSON object, in the order written (the first of two tags of
/// the same name).
#[derive(Debug)]
struct Tags<'a>(&'a [(String, String)]);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        for (i, (name, value)) in self.0.iter().enumerate() {
            if self.0[..i].iter().all(|(n, _)| n != name) {
                map.serialize_entry(name, value)?;
            }
        }
        map.end()
    }
}

/// Writes the JSON line of an outcome, if it has one.
fn write_line(outcome: &Outcome, out: &mut dyn Write) -> io::Result<()> {
    let file = outcome.origin.name.as_str();
    let errors = outcome.errors.as_slice();
    let line = match &outcome.game {
        Some(game) => Line::Game {
            file,
            game: game.index,
            line: game.line,
            tags: Tags(&game.tags),
            turns: outcome.turns,
            valid: errors.is_empty(),
            stopped: verdict(errors) == Verdict::Stopped,
            errors,
        },
        None if !errors.is_empty() => Line::File {
            file,
            valid: false,
            errors,
        },
        None => return Ok(()),
    };
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")
}

impl Report {
    /// Writes the end of a text report: the duplicates, the events, then the
    /// one-line summary (the errors were written as they came).
    ///
    /// # Errors
    /// When `out` fails.
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        write_summary(self, out)
    }

    /// Writes the report as pretty JSON, then a line end.
    ///
    /// # Errors
    /// When `out` fails, or a spilled error cannot be read back.
    pub fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        crate::data::write_json(self, out)
    }

    /// Writes the report as a YAML document.
    ///
    /// # Errors
    /// When `out` fails, or a spilled error cannot be read back.
    pub fn write_yaml(&self, out: &mut dyn Write) -> io::Result<()> {
        crate::data::write_yaml(self, out)
    }

    /// Writes the last line of a JSON Lines report: the report without its
    /// errors (each was on its game's line), `"type": "summary"` first.
    ///
    /// # Errors
    /// When `out` fails.
    pub fn write_jsonl_summary(&self, out: &mut dyn Write) -> io::Result<()> {
        write_summary_line(self, out)
    }
}

/// The last line of a JSON Lines report: the report without its errors
/// (each was on its game's line), `"type": "summary"` first.
fn write_summary_line(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    #[derive(Serialize)]
    struct Summary<'a> {
        #[serde(rename = "type")]
        kind: &'static str,
        files: usize,
        games: usize,
        turns: u64,
        valid: usize,
        invalid: usize,
        #[serde(skip_serializing_if = "is_zero")]
        stopped: usize,
        mistakes: usize,
        kinds: &'a BTreeMap<Cow<'static, str>, usize>,
        #[serde(skip_serializing_if = "Option::is_none")]
        duplicates: Option<&'a Vec<Duplicate>>,
        #[serde(skip_serializing_if = "Option::is_none")]
        events: Option<&'a Vec<EventSummary>>,
    }
    let summary = Summary {
        kind: "summary",
        files: report.files,
        games: report.games,
        turns: report.turns,
        valid: report.valid,
        invalid: report.invalid,
        stopped: report.stopped,
        mistakes: report.mistakes,
        kinds: &report.kinds,
        duplicates: report.duplicates.as_ref(),
        events: report.events.as_ref(),
    };
    serde_json::to_writer(&mut *out, &summary)?;
    out.write_all(b"\n")
}

/// The text report's end: duplicates, events, then the one-line summary.
fn write_summary(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    if let Some(duplicates) = &report.duplicates {
        for d in duplicates {
            writeln!(
                out,
                "duplicate: {}:{} (game {}) has the same turns as {}:{} (game {})",
                d.place.file, d.place.line, d.place.game, d.first.file, d.first.line, d.first.game
            )?;
        }
        if !duplicates.is_empty() {
            writeln!(out)?;
        }
    }
    if let Some(events) = &report.events {
        write_events(events, out)?;
    }
    let kinds: Vec<String> = report
        .kinds
        .iter()
        .map(|(k, n)| format!("{k}: {n}"))
        .collect();
    write!(
        out,
        "checked {} file{}, {} game{}, {} turn{}: {} valid, {} invalid",
        report.files,
        plural(report.files as u64),
        report.games,
        plural(report.games as u64),
        report.turns,
        plural(report.turns),
        report.valid,
        report.invalid
    )?;
    if report.stopped > 0 {
        write!(
            out,
            ", {} stopped by the wall-clock guard (no verdict)",
            report.stopped
        )?;
    }
    if kinds.is_empty() {
        writeln!(out)?;
    } else {
        // A game's check goes on after a mistake: the mistakes are
        // counted apart from the games.
        let n = report.mistakes as u64;
        writeln!(out, "; {n} mistake{} ({})", plural(n), kinds.join(", "))?;
    }
    if let Some(duplicates) = &report.duplicates {
        let n = duplicates.len();
        writeln!(out, "{n} duplicate game{}", plural(n as u64))?;
    }
    Ok(())
}

fn write_events(events: &[EventSummary], out: &mut dyn Write) -> io::Result<()> {
    // Event and round names come from the records: their control characters
    // are shown as pictures, as in every report.
    let name = |s: &Option<String>| {
        s.as_deref()
            .map_or_else(|| "-".into(), |s| control_pictures(s).into_owned())
    };
    let rows: Vec<[String; 5]> = events
        .iter()
        .map(|e| {
            [
                name(&e.event),
                name(&e.round),
                e.games.to_string(),
                e.valid.to_string(),
                e.invalid.to_string(),
            ]
        })
        .collect();
    let header = ["event", "round", "games", "valid", "invalid"].map(String::from);
    let mut widths = header.clone().map(|h| h.chars().count());
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    for row in std::iter::once(&header).chain(&rows) {
        let line = format!(
            "{:<w0$}  {:<w1$}  {:>w2$}  {:>w3$}  {:>w4$}",
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3],
            w4 = widths[4],
        );
        writeln!(out, "{}", line.trim_end())?;
    }
    writeln!(out)
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(kind: &'static str) -> ErrorEntry {
        ErrorEntry::new("g.bgn", Some(1), kind, String::new())
    }

    #[test]
    fn a_game_the_guard_stopped_is_neither_valid_nor_invalid() {
        assert_eq!(verdict(&[]), Verdict::Valid);
        assert_eq!(verdict(&[entry(TIME_GUARD)]), Verdict::Stopped);
        // A mistake found before the guard stopped the check: invalid.
        assert_eq!(
            verdict(&[entry("illegal_move"), entry(TIME_GUARD)]),
            Verdict::Invalid
        );
        assert_eq!(TIME_GUARD, "time_guard");
    }
}
