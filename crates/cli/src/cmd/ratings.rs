//! `billes ratings`: a multiplayer rating (Weng-Lin/OpenSkill or
//! TrueSkill, by the `skillratings` crate) over the events of archives in
//! date order, with each player's history. Games are read and placed as
//! `billes standings` reads and places them.

use std::io::Write;
use std::path::PathBuf;

use billes_archive::csv::field;
use billes_notation::control_pictures;
use billes_tournament::ratings::{self, RatedGame, Rating, System};
use billes_tournament::standings::TieBreak;
use clap::{Args, ValueEnum};

use super::standings::GamesArgs;
use super::{INVALID, IO_ERROR, OK};
use crate::atomic::write_atomically;

pub const HELP: &str = "\
Every game is placed as `billes standings` places it (the seats that finished, then the
others by progress) and rated as one multiplayer result: each player against every other of
the table, by place. Events are rated in date order (Date tag, then Event name), rounds in
order within them. A player starts at 25 with an uncertainty of 8.33; the table is sorted
by the conservative rating, rating − 3 × uncertainty. The history lists each player's
rating after each event. The same input gives the same figures.

Examples:
  billes ratings examples/tournament/
  billes ratings examples/tournament/ --system trueskill --format csv -o ratings.csv
  billes ratings examples/tournament/ --format json";

/// Output formats of `billes ratings`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RatingsFormat {
    /// A table for the terminal
    Text,
    /// One line per player and event of their history
    Csv,
    /// Every player with their history
    Json,
}

/// The rating systems.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SystemArg {
    /// Weng-Lin (OpenSkill), Bradley-Terry full pairing
    WengLin,
    /// TrueSkill
    Trueskill,
}

#[derive(Debug, Args)]
pub struct RatingsArgs {
    /// Files or directories (searched recursively for *.bgn); `-` reads stdin
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The rating system
    #[arg(long, value_enum, default_value_t = SystemArg::WengLin)]
    pub system: SystemArg,
    /// The format written to stdout (or -o)
    #[arg(long, value_enum, default_value_t = RatingsFormat::Text)]
    pub format: RatingsFormat,
    /// Write to FILE instead of stdout
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub games: GamesArgs,
}

/// `billes ratings`: the exit code.
pub fn run(args: &RatingsArgs) -> anyhow::Result<u8> {
    let options = match args.games.options(&[])? {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    let found = args.games.walk.expand(&args.paths);
    let (events, read) = match super::standings::events(found, &options, &TieBreak::DEFAULT, &[])? {
        Ok(e) => e,
        Err(code) => return Ok(code),
    };
    let mut games: Vec<RatedGame> = events
        .iter()
        .flat_map(|s| &s.tables)
        .map(|t| RatedGame {
            event: t.event.clone(),
            date: t.date.clone(),
            round: t.round.clone(),
            places: t
                .players
                .iter()
                .map(|p| (p.player.clone(), p.place))
                .collect(),
        })
        .collect();
    ratings::order(&mut games);
    let system = match args.system {
        SystemArg::WengLin => System::WengLin,
        SystemArg::Trueskill => System::TrueSkill,
    };
    let rated = ratings::rate(&games, system);
    let mut out = Vec::new();
    match args.format {
        RatingsFormat::Text => text(&mut out, &rated)?,
        RatingsFormat::Csv => csv(&mut out, &rated)?,
        RatingsFormat::Json => {
            serde_json::to_writer_pretty(&mut out, &rated)?;
            out.push(b'\n');
        }
    }
    match &args.output {
        Some(path) => write_atomically(path, &out)?,
        None => std::io::stdout().lock().write_all(&out)?,
    }
    let left_out = events.iter().any(|s| !s.left_out.is_empty());
    super::standings::say_left_out(&events);
    if read.unreadable > 0 {
        return Ok(IO_ERROR);
    }
    Ok(if left_out { INVALID } else { OK })
}

/// The ratings as a table.
fn text(out: &mut dyn Write, rated: &[Rating]) -> std::io::Result<()> {
    let width = billes_tournament::write::text::name_width(rated.iter().map(|r| r.player.as_str()));
    writeln!(
        out,
        "{:>4}  {:<width$}  {:>6}  {:>11}  {:>12}  {:>5}",
        "rank", "player", "rating", "uncertainty", "conservative", "games"
    )?;
    for (k, r) in rated.iter().enumerate() {
        writeln!(
            out,
            "{:>4}  {:<width$}  {:>6.2}  {:>11.2}  {:>12.2}  {:>5}",
            k + 1,
            control_pictures(&r.player),
            r.rating,
            r.uncertainty,
            r.conservative,
            r.games
        )?;
    }
    Ok(())
}

/// The ratings' histories as CSV: one line per player and event.
fn csv(out: &mut dyn Write, rated: &[Rating]) -> std::io::Result<()> {
    writeln!(out, "player,event,date,games,rating,uncertainty")?;
    for r in rated {
        for s in &r.history {
            writeln!(
                out,
                "{},{},{},{},{:.4},{:.4}",
                field(&r.player, false),
                field(&s.event, false),
                field(s.date.as_deref().unwrap_or(""), false),
                s.games,
                s.rating,
                s.uncertainty
            )?;
        }
    }
    Ok(())
}
