//! The validation report: its JSON/YAML schema (documented in
//! docs/validate-report.md), and the collector that builds it from the games'
//! outcomes in file order, then game order.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};

use serde::Serialize;

use super::Outcome;

/// The report, also the JSON/YAML schema.
#[derive(Debug, Default, Serialize)]
pub struct Report {
    /// Files read (opened, whatever they held).
    pub files: usize,
    /// Games found.
    pub games: usize,
    /// Main-line turns replayed in valid games, and up to the mistake in invalid ones.
    pub turns: u64,
    /// Games without a mistake.
    pub valid: usize,
    /// Games with a mistake.
    pub invalid: usize,
    /// How many errors of each kind.
    pub kinds: BTreeMap<&'static str, usize>,
    /// One entry per mistake (at most one per game: replay stops there), in
    /// file order, then game order.
    pub errors: Vec<ErrorEntry>,
    /// With `--duplicates`: each game whose turns were already seen.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duplicates: Option<Vec<Duplicate>>,
    /// With `--by-event`: the games of each event and round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<EventSummary>>,
}

/// One mistake.
#[derive(Debug, Clone, Serialize)]
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
    pub kind: &'static str,
    /// What was wrong.
    pub message: String,
    /// The legal actions, where they help.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub legal: Vec<String>,
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
            kind,
            message,
            legal: Vec::new(),
        }
    }

    /// The same entry, located.
    pub fn at(mut self, line: u32, column: u32) -> ErrorEntry {
        self.line = Some(line);
        self.column = Some(column);
        self
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
}

/// What the collector does with the outcomes.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Print diagnostics as they come (text report) rather than keep them.
    pub text: bool,
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
    /// Some input could not be read (exit code 2).
    pub io_failure: bool,
    seen: HashMap<u128, Place>,
    duplicates: Vec<Duplicate>,
    events: BTreeMap<(Option<String>, Option<String>), [usize; 2]>,
}

impl Collector {
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

    /// Takes the next outcome in order; prints its diagnostic in a text report.
    pub fn accept(&mut self, outcome: Outcome, out: &mut dyn Write) -> io::Result<()> {
        let report = &mut self.report;
        if outcome.opened {
            report.files += 1;
        }
        report.turns += outcome.turns;
        if let Some(game) = &outcome.game {
            report.games += 1;
            let valid = outcome.error.is_none();
            if valid {
                report.valid += 1;
            } else {
                report.invalid += 1;
            }
            if self.settings.by_event {
                let counts = self
                    .events
                    .entry((game.event.clone(), game.round.clone()))
                    .or_default();
                counts[usize::from(!valid)] += 1;
            }
            if let (true, Some(fingerprint)) = (self.settings.duplicates, game.fingerprint) {
                let place = Place {
                    file: outcome.origin.name.clone(),
                    game: game.index,
                    line: game.line,
                };
                match self.seen.get(&fingerprint) {
                    Some(first) => self.duplicates.push(Duplicate {
                        place,
                        first: first.clone(),
                    }),
                    None => {
                        self.seen.insert(fingerprint, place);
                    }
                }
            }
        }
        if let Some(error) = outcome.error {
            *report.kinds.entry(error.kind).or_default() += 1;
            self.io_failure |= error.kind == "io";
            if self.settings.text {
                out.write_all(outcome.rendered.as_bytes())?;
            } else {
                report.errors.push(error);
            }
        }
        Ok(())
    }

    /// The report, completed with duplicates and events when asked for.
    pub fn finish(mut self) -> (Report, bool) {
        if self.settings.duplicates {
            self.report.duplicates = Some(self.duplicates);
        }
        if self.settings.by_event {
            self.report.events = Some(
                self.events
                    .into_iter()
                    .map(|((event, round), [valid, invalid])| EventSummary {
                        event,
                        round,
                        games: valid + invalid,
                        valid,
                        invalid,
                    })
                    .collect(),
            );
        }
        (self.report, self.io_failure)
    }
}

/// The text report's end: duplicates, events, then the one-line summary.
pub fn write_summary(report: &Report, out: &mut dyn Write) -> io::Result<()> {
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
    if kinds.is_empty() {
        writeln!(out)?;
    } else {
        writeln!(out, " ({})", kinds.join(", "))?;
    }
    if let Some(duplicates) = &report.duplicates {
        let n = duplicates.len();
        writeln!(out, "{n} duplicate game{}", plural(n as u64))?;
    }
    Ok(())
}

fn write_events(events: &[EventSummary], out: &mut dyn Write) -> io::Result<()> {
    let name = |s: &Option<String>| s.clone().unwrap_or_else(|| "-".into());
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
