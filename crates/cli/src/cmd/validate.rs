//! `billes validate`: replay every game of every file and report each mistake.

use std::collections::BTreeMap;
use std::io::{self, Write};

use billes_core::ReplayError;
use billes_notation::{render_error, Diagnostic, GameSource, ParseError, ReadError, Reader, Span};
use serde::Serialize;

use super::{INVALID, OK};
use crate::cli::{ReportFormat, ValidateArgs};
use crate::input::{self, Input};
use crate::output::use_color;

/// The report, also the JSON/YAML schema (documented in the README).
#[derive(Debug, Default, Serialize)]
pub struct Report {
    /// Files read.
    pub files: usize,
    /// Games found.
    pub games: usize,
    /// Turns replayed in valid games and up to the mistake in invalid ones.
    pub turns: u64,
    /// Games without a mistake.
    pub valid: usize,
    /// Games with a mistake.
    pub invalid: usize,
    /// One entry per mistake (at most one per game: replay stops there).
    pub errors: Vec<ErrorEntry>,
}

/// One mistake.
#[derive(Debug, Serialize)]
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
    /// `syntax`, `encoding`, `io`, or a replay kind (`illegal_move`, `seat`, ...).
    pub kind: String,
    /// What was wrong.
    pub message: String,
    /// The legal actions, where they help.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub legal: Vec<String>,
}

pub fn run(args: &ValidateArgs) -> anyhow::Result<u8> {
    args.rules.force()?;
    let color = use_color(args.color);
    let (inputs, missing) = input::expand(&args.paths);
    let mut report = Report::default();
    let mut io_failure = false;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let text = args.format == ReportFormat::Text;
    for (path, err) in missing {
        io_failure = true;
        let entry = ErrorEntry {
            file: path.display().to_string(),
            game: None,
            line: None,
            column: None,
            turn: None,
            seat: None,
            kind: "io".into(),
            message: format!("cannot read: {err}"),
            legal: Vec::new(),
        };
        if text {
            writeln!(out, "error[io]: {}: {}", entry.file, entry.message)?;
        }
        report.errors.push(entry);
    }
    for input in &inputs {
        let failed = validate_input(input, &mut report, text, color, &mut out)?;
        io_failure |= failed;
    }
    match args.format {
        ReportFormat::Text => write_summary(&report, &mut out)?,
        ReportFormat::Json => {
            serde_json::to_writer_pretty(&mut out, &report)?;
            writeln!(out)?;
        }
        ReportFormat::Yaml => serde_yaml::to_writer(&mut out, &report)?,
    }
    out.flush()?;
    Ok(if io_failure {
        2
    } else if report.invalid > 0 {
        INVALID
    } else {
        OK
    })
}

/// Validates one input; returns true when it could not be read.
fn validate_input(
    input: &Input,
    report: &mut Report,
    text: bool,
    color: bool,
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    let name = input.name();
    let reader = match input.open() {
        Ok(r) => r,
        Err(e) => {
            let entry = simple_entry(&name, None, "io", format!("cannot read: {e}"));
            if text {
                writeln!(out, "error[io]: {name}: {}", entry.message)?;
            }
            report.errors.push(entry);
            return Ok(true);
        }
    };
    report.files += 1;
    for item in Reader::new(reader) {
        match item {
            Err(ReadError::Io(e)) => {
                let entry = simple_entry(&name, None, "io", format!("read error: {e}"));
                if text {
                    writeln!(out, "error[io]: {name}: {}", entry.message)?;
                }
                report.errors.push(entry);
                return Ok(true);
            }
            Err(ReadError::InvalidUtf8 {
                index,
                line,
                column,
            }) => {
                report.games += 1;
                report.invalid += 1;
                let mut entry =
                    simple_entry(&name, Some(index), "encoding", "invalid UTF-8".into());
                entry.line = Some(line);
                entry.column = Some(column);
                if text {
                    writeln!(
                        out,
                        "error[encoding]: invalid UTF-8\n --> {name}:{line}:{column}\n  = note: in game {index}\n"
                    )?;
                }
                report.errors.push(entry);
            }
            Ok(source) => {
                report.games += 1;
                check_game(&name, &source, report, text, color, out)?;
            }
        }
    }
    Ok(false)
}

fn check_game(
    name: &str,
    source: &GameSource,
    report: &mut Report,
    text: bool,
    color: bool,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let game = match source.parse() {
        Ok(game) => game,
        Err(err) => {
            report.invalid += 1;
            if text {
                write_parse_error(name, source.index, &err, color, out)?;
            }
            report.errors.push(parse_entry(name, source.index, &err));
            return Ok(());
        }
    };
    let mut turns = 0u64;
    let result = super::rules::replay_game(name, &game, &mut |_| turns += 1);
    report.turns += turns;
    match result {
        Ok(_) => report.valid += 1,
        Err(err) => {
            report.invalid += 1;
            if text {
                write_replay_error(name, source, &err, color, out)?;
            }
            report.errors.push(replay_entry(name, source.index, &err));
        }
    }
    Ok(())
}

fn simple_entry(file: &str, game: Option<usize>, kind: &str, message: String) -> ErrorEntry {
    ErrorEntry {
        file: file.to_string(),
        game,
        line: None,
        column: None,
        turn: None,
        seat: None,
        kind: kind.to_string(),
        message,
        legal: Vec::new(),
    }
}

fn parse_entry(file: &str, game: usize, err: &ParseError) -> ErrorEntry {
    ErrorEntry {
        line: Some(err.span.line),
        column: Some(err.span.column),
        ..simple_entry(file, Some(game), "syntax", err.message.clone())
    }
}

fn replay_entry(file: &str, game: usize, err: &ReplayError) -> ErrorEntry {
    let located = err.span.line > 0;
    ErrorEntry {
        line: located.then_some(err.span.line),
        column: located.then_some(err.span.column),
        turn: err.turn,
        seat: err.seat.clone(),
        legal: err.legal.clone(),
        ..simple_entry(file, Some(game), err.kind.name(), err.message.clone())
    }
}

fn write_parse_error(
    name: &str,
    game: usize,
    err: &ParseError,
    color: bool,
    out: &mut impl Write,
) -> io::Result<()> {
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
    writeln!(out, "{rendered}\n")
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

fn write_replay_error(
    name: &str,
    source: &GameSource,
    err: &ReplayError,
    color: bool,
    out: &mut impl Write,
) -> io::Result<()> {
    writeln!(out, "{}\n", render_replay_error(name, source, err, color))
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

fn write_summary(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let mut by_kind: BTreeMap<&str, usize> = BTreeMap::new();
    for e in &report.errors {
        *by_kind.entry(e.kind.as_str()).or_default() += 1;
    }
    let kinds: Vec<String> = by_kind.iter().map(|(k, n)| format!("{k}: {n}")).collect();
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
        writeln!(out)
    } else {
        writeln!(out, " ({})", kinds.join(", "))
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
