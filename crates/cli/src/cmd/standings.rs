//! `billes standings`: the standings of each event of archives — places,
//! points, tie-breaks, teams, crosstable and rounds — as a text table,
//! CSV, JSON or an HTML page. The work is [`billes_tournament`]; this verb
//! adds the progress bar, the files and the exit codes. docs/tournament.md
//! walks an organiser through it.

use std::io::Write;
use std::path::{Path, PathBuf};

use billes_notation::control_pictures;
use billes_tournament::points::Points;
use billes_tournament::read::{self, Invalid, Options};
use billes_tournament::standings::{self, Standings, TieBreak};
use billes_tournament::write;
use clap::{Args, ValueEnum};

use super::{INVALID, IO_ERROR, OK};
use crate::atomic::write_atomically;
use crate::cli::WalkArgs;

pub const HELP: &str = "\
Each game is checked as `billes validate` checks it, then placed: the seats that finished
in the order they finished, then the others by progress (the steps their pieces travelled;
Offboard: the score, then the marbles left). A game not over (result *, a Termination tag
such as \"time\", or stopped after the winner of a game played on for the places) is
adjudicated so, and marked. Places score the points of --points (by default 1,0 for two
seats, 3,1,0 for three, 5,3,1,0 for four, n-1..0 for more); seats placed equal share the
points of the places they fill. Players are named by the seats' tags (Red \"Ann\"), and
ranked by --tie-breaks in order. A game with a seat unnamed, or invalid (unless --invalid
count), is left out and listed. Exit 1 when a game was left out.
The rules are written out in docs/tournament.md.

Examples:
  billes standings examples/tournament/
  billes standings examples/tournament/ --format csv -o standings.csv
  billes standings examples/tournament/ --html standings.html
  billes standings examples/tournament/ --points 4:10,6,3,1 --tie-breaks points,progress
  billes standings examples/tournament/ --tournament-rules examples/tournament/count-home.lua";

/// Output formats of `billes standings`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StandingsFormat {
    /// A table for the terminal
    Text,
    /// One line per player of each event
    Csv,
    /// Every event, with its games and placings
    Json,
}

/// What to do with invalid games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InvalidPolicy {
    /// Leave them out, listed with their first mistake
    LeaveOut,
    /// Count them, placed as the position before their first mistake stands
    Count,
}

#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// Files or directories (searched recursively for *.bgn); `-` reads stdin
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The format written to stdout (or -o)
    #[arg(long, value_enum, default_value_t = StandingsFormat::Text)]
    pub format: StandingsFormat,
    /// Write the standings to FILE instead of stdout
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also write the standings as a self-contained HTML page, and beside it
    /// a folder FILE-games/ of viewer pages (one per round) its games link to
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// The points of each place at a table of as many seats as values
    /// (5,3,1,0), or of N seats (4:5,3,1,0); may be repeated
    #[arg(long, value_name = "[N:]LIST")]
    pub points: Vec<String>,
    /// The order players are ranked by: points, wins, head-to-head,
    /// opponents (their tablemates' points), progress
    #[arg(
        long,
        value_name = "LIST",
        default_value = "points,wins,head-to-head,opponents,progress"
    )]
    pub tie_breaks: String,
    /// Only the events with this Event tag; may be repeated
    #[arg(long, value_name = "NAME")]
    pub event: Vec<String>,
    #[command(flatten)]
    pub games: GamesArgs,
}

/// How `standings` and `ratings` read and place the games.
#[derive(Debug, Args)]
pub struct GamesArgs {
    /// What to do with invalid games
    #[arg(long, value_enum, default_value_t = InvalidPolicy::LeaveOut)]
    pub invalid: InvalidPolicy,
    /// A Lua file whose progress(seat, game) function counts progress
    /// instead of the game (a federation's counting)
    #[arg(long, value_name = "FILE")]
    pub tournament_rules: Option<PathBuf>,
    /// Worker threads checking the games (default: one per core)
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub rules: crate::rules::RulePolicyArgs,
}

impl GamesArgs {
    /// The options of reading, with the points tables `points`;
    /// `Err(code)` after saying what is wrong.
    pub(crate) fn options(&self, points: &[String]) -> anyhow::Result<Result<Options, u8>> {
        options(
            &self.rules,
            points,
            self.invalid,
            self.tournament_rules.as_deref(),
            self.jobs,
        )
    }
}

/// The options of reading, from the arguments; `Err(code)` after saying
/// what is wrong.
pub(crate) fn options(
    rules: &crate::rules::RulePolicyArgs,
    points: &[String],
    invalid: InvalidPolicy,
    tournament_rules: Option<&Path>,
    jobs: Option<u16>,
) -> anyhow::Result<Result<Options, u8>> {
    let Some(policy) = rules.policy()? else {
        return Ok(Err(INVALID));
    };
    let mut table = Points::default();
    for p in points {
        if let Err(e) = table.set(p) {
            errln!("billes: error: {}", control_pictures(&e));
            return Ok(Err(IO_ERROR));
        }
    }
    let progress = match tournament_rules {
        Some(path) => match billes_lua::tournament::TournamentRules::from_file(path) {
            Ok(r) => Some(r),
            Err(e) => {
                errln!("billes: error: {}", control_pictures(&e.to_string()));
                return Ok(Err(INVALID));
            }
        },
        None => None,
    };
    Ok(Ok(Options {
        rules: policy,
        points: table,
        invalid: match invalid {
            InvalidPolicy::LeaveOut => Invalid::LeaveOut,
            InvalidPolicy::Count => Invalid::Count,
        },
        progress,
        jobs: match jobs {
            Some(n) => usize::from(n),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        },
        keep_records: false,
    }))
}

/// Reads the archives into each event's standings; `Err(code)` after
/// saying what went wrong.
pub(crate) fn events(
    found: Vec<billes_archive::input::Found>,
    options: &Options,
    tie_breaks: &[TieBreak],
    only: &[String],
) -> anyhow::Result<Result<(Vec<Standings>, read::Read), u8>> {
    let bar = super::validate::progress_bar(&found);
    let mut read = match read::read(found, options, &mut |o| bar.inc(o.bytes())) {
        Ok(r) => r,
        Err(e) => {
            bar.finish_and_clear();
            errln!("billes: error: {}", control_pictures(&e.to_string()));
            // The wall-clock guard gives no verdict: exit 2, as for a variant.
            return Ok(Err(if e.guard { IO_ERROR } else { INVALID }));
        }
    };
    bar.finish_and_clear();
    if read.games == 0 && read.left_out.is_empty() {
        errln!("billes: error: no game found");
        return Ok(Err(IO_ERROR));
    }
    let tables = std::mem::take(&mut read.tables)
        .into_iter()
        .filter(|t| only.is_empty() || only.contains(&t.event))
        .collect();
    let left_out = std::mem::take(&mut read.left_out)
        .into_iter()
        .filter(|l| only.is_empty() || l.event.as_ref().is_some_and(|e| only.contains(e)))
        .collect();
    Ok(Ok((
        standings::with_left_out(tables, left_out, tie_breaks),
        read,
    )))
}

/// Says on stderr each game of `events` left out, and why.
pub(crate) fn say_left_out(events: &[Standings]) {
    for l in events.iter().flat_map(|s| &s.left_out) {
        let at = l.game.map_or(String::new(), |g| format!(" game {g}"));
        errln!(
            "billes: left out: {}{at}: {}",
            control_pictures(&l.file),
            control_pictures(&l.reason)
        );
    }
}

/// `billes standings`: the exit code.
pub fn run(args: &StandingsArgs) -> anyhow::Result<u8> {
    let tie_breaks = match TieBreak::list(&args.tie_breaks) {
        Ok(t) => t,
        Err(e) => {
            errln!(
                "billes: error: --tie-breaks {}: {}",
                control_pictures(&args.tie_breaks),
                e
            );
            return Ok(IO_ERROR);
        }
    };
    let mut options = match args.games.options(&args.points)? {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    options.keep_records = args.html.is_some();
    let found = args.games.walk.expand(&args.paths);
    let (mut events, read) = match events(found, &options, &tie_breaks, &args.event)? {
        Ok(e) => e,
        Err(code) => return Ok(code),
    };
    if let Some(html) = &args.html {
        write_html(html, &mut events, &read.records, &options)?;
    }
    let mut text = Vec::new();
    match args.format {
        StandingsFormat::Text => write::text::write(&mut text, &events)?,
        StandingsFormat::Csv => write::csv::write(&mut text, &events)?,
        StandingsFormat::Json => write::json::write(&mut text, &events)?,
    }
    match &args.output {
        Some(path) => write_atomically(path, &text)?,
        None => std::io::stdout().lock().write_all(&text)?,
    }
    if args.format == StandingsFormat::Csv {
        // CSV has no place for them: the text table and JSON list them.
        say_left_out(&events);
    }
    if read.unreadable > 0 {
        return Ok(IO_ERROR);
    }
    let left_out = events.iter().any(|s| !s.left_out.is_empty());
    let invalid = events
        .iter()
        .any(|s| s.tables.iter().any(|t| t.invalid.is_some()));
    Ok(if left_out || invalid { INVALID } else { OK })
}

/// Writes the HTML page at `path` and its games' viewer pages in the
/// folder beside it (`standings.html` → `standings-games/`).
fn write_html(
    path: &Path,
    events: &mut [Standings],
    records: &[read::Record],
    options: &Options,
) -> anyhow::Result<()> {
    let stem = path
        .file_stem()
        .map_or("standings".into(), |s| s.to_string_lossy().into_owned());
    let folder_name = format!("{stem}-games");
    let pages = billes_tournament::pages::pages(events, records, &options.rules, &folder_name);
    if !pages.is_empty() {
        let folder = path.with_file_name(&folder_name);
        if std::fs::symlink_metadata(&folder).is_ok_and(|m| m.file_type().is_symlink()) {
            anyhow::bail!(
                "{} is a symbolic link: the viewer pages are written only into a folder of their own",
                folder.display()
            );
        }
        std::fs::create_dir_all(&folder)
            .map_err(|e| anyhow::anyhow!("cannot make {}: {e}", folder.display()))?;
        for p in &pages {
            // Files billes names itself: a link there is replaced, never
            // written through.
            let page = folder.join(&p.name);
            let old = std::fs::symlink_metadata(&page)
                .ok()
                .filter(|m| m.is_file());
            crate::atomic::replace_checked(&page, p.html.as_bytes(), old.as_ref(), || Ok(()))?;
        }
    }
    let title = events
        .iter()
        .map(|s| s.event.as_str())
        .filter(|e| !e.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
    let title = if title.is_empty() {
        "Standings".to_string()
    } else {
        format!("{title}: standings")
    };
    write_atomically(path, write::html::page(&title, events).as_bytes())
}
