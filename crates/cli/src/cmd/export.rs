//! `billes export`: archives as tables (games, turns, mistakes) in JSON
//! Lines or Parquet, for DuckDB, Spark, Polars and pandas. The work is
//! [`billes_archive::export`]; this verb adds the progress bar, the
//! messages and the exit codes. The tables are described in docs/export.md.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use billes_archive::export::{self, ExportError, Format, Totals};
use billes_archive::input::Found;
use billes_archive::validate::Outcome;
use billes_notation::control_pictures;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{INVALID, IO_ERROR};
use crate::cli::WalkArgs;

pub const HELP: &str = "\
Writes DIR/games/part-00000.EXT, DIR/turns/part-00000.EXT (and with --invalid
DIR/mistakes/part-00000.EXT), one part per --part-games games in input order: part N of
each table holds the same games. Only valid games are exported unless --invalid; the
turns are those of the main line (variations are left out). Each part is written to
temporary files, renamed in every table only when all are whole. DIR/_SUCCESS is written
last, only when the run wrote every table to the end: read the tables only when it is
there (its JSON lists the parts and their rows). A run that fails, or that Ctrl-C stops
(exit 130), removes its temporary files and leaves whole parts only. A DIR that is not empty is refused unless --force,
which first removes the marker, then the parts and temporary files an earlier export
left there, and nothing else. Mistakes are reported on stderr as `validate` reports them.
The columns and their types, and example DuckDB queries, are in docs/export.md.

Examples:
  billes export examples/ --exclude invalid --to parquet --out tables/
  billes export examples/ --exclude invalid --to jsonl --out with-positions/ --columns +position
  billes export examples/ --to jsonl --out all/ --invalid   # exit 1: the invalid ones are in

Then, with DuckDB: duckdb -c \"SELECT count(*) FROM 'tables/turns/*.parquet'\"";

/// Output formats of `billes export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// JSON Lines: one object a row
    Jsonl,
    /// Parquet, zstd-compressed (a build feature, on by default)
    Parquet,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Files or directories (searched recursively for *.bgn); `-` reads stdin
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The format of the tables
    #[arg(long, value_enum)]
    pub to: ExportFormat,
    /// The folder that receives games/, turns/ and mistakes/ (made if missing)
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Also export the invalid games, and their mistakes in a third table
    #[arg(long)]
    pub invalid: bool,
    /// Write into a folder that is not empty: the marker, parts and
    /// temporary files an earlier export left there are replaced, nothing
    /// else
    #[arg(long)]
    pub force: bool,
    /// The columns of turns to write, separated by commas: names alone
    /// (`key,turn,move`) are exactly those; `+NAME` and `-NAME` change
    /// the default set, which is every column but `position` (the
    /// Position tag after each turn, which adds 60-90% to an export); `all` is every
    /// column. The games and mistakes tables are always whole
    // A list may start with `-` (`--columns -comment,-nags`): taken as the
    // list, not as a flag.
    #[arg(long, value_name = "LIST", value_parser = columns, allow_hyphen_values = true)]
    pub columns: Option<export::schema::Selection>,
    /// Games per part
    #[arg(long, value_name = "N", default_value_t = 100_000,
          value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub part_games: u64,
    /// Worker threads checking the games (default: one per core)
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// No progress bar, no mistakes on stderr (the summary line and the
    /// exit code still tell)
    #[arg(long, short = 'q')]
    pub quiet: bool,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub rules: crate::rules::RulePolicyArgs,
}

/// `--columns`: a selection of the turns' columns.
fn columns(spec: &str) -> Result<export::schema::Selection, String> {
    export::schema::Selection::parse(spec)
}

/// `billes export`: the exit code.
pub fn run(args: &ExportArgs) -> anyhow::Result<u8> {
    let Some(policy) = args.rules.policy()? else {
        return Ok(INVALID);
    };
    let format = match args.to {
        ExportFormat::Jsonl => Format::Jsonl,
        ExportFormat::Parquet => Format::Parquet,
    };
    let stop = Stop::on_signals();
    let settings = export::Settings {
        format,
        out: args.out.clone(),
        invalid: args.invalid,
        force: args.force,
        part_games: usize::try_from(args.part_games).unwrap_or(usize::MAX),
        columns: args.columns.clone().unwrap_or_default(),
        jobs: match args.jobs {
            Some(n) => usize::from(n),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        },
        rules: policy,
        diagnostics: !args.quiet,
        color: crate::output::stderr_color(),
        interrupt: stop.as_ref().map(|s| Arc::clone(&s.flag)),
    };
    let found = args.walk.expand(&args.paths);
    let bar = progress_bar(args.quiet, &found);
    let mut err = crate::output::LossyStderr;
    let totals = export::run(found, &settings, &mut |outcome: &Outcome| {
        bar.inc(outcome.bytes());
        if !outcome.diagnostic().is_empty() {
            bar.suspend(|| {
                let _ = err.write_all(outcome.diagnostic().as_bytes());
            });
        }
    });
    bar.finish_and_clear();
    let totals = match totals {
        Ok(t) => t,
        Err(
            e @ (ExportError::NotEmpty(_) | ExportError::NotAFolder(_) | ExportError::Unavailable),
        ) => {
            errln!("billes: error: {}", control_pictures(&e.to_string()));
            return Ok(IO_ERROR);
        }
        Err(e @ ExportError::Interrupted) => {
            errln!("billes: {e}; the temporary files are removed");
            return Ok(stop.map_or(IO_ERROR, |s| s.exit_code()));
        }
        Err(e) => return Err(anyhow::anyhow!("{}", control_pictures(&e.to_string()))),
    };
    say_exported(args, &totals);
    // The code the marker holds: 0 all valid, 1 invalid, 2 an input unread.
    Ok(totals.exit_code())
}

/// The progress bar of an export of `found`, by bytes read; hidden when
/// `quiet`, and when stderr is no terminal (or a dumb one).
fn progress_bar(quiet: bool, found: &[Found]) -> ProgressBar {
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    if quiet || dumb || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let total = found
        .iter()
        .filter_map(|f| f.as_ref().ok())
        .map(billes_archive::input::Input::size)
        .sum();
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} exporting [{bar:40}] {bytes}/{total_bytes} ({bytes_per_sec}, {eta})",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// The summary line on stderr: the games and turns exported, the parts,
/// and the games left out or cut.
fn say_exported(args: &ExportArgs, totals: &Totals) {
    let mut left_out = if args.invalid || totals.invalid == 0 {
        String::new()
    } else {
        format!(
            "; {} invalid left out (--invalid adds them)",
            totals.invalid
        )
    };
    if totals.stopped > 0 {
        left_out.push_str(&format!(
            "; {} stopped by the wall-clock guard left out (no verdict)",
            totals.stopped
        ));
    }
    let cut = if totals.cut > 0 {
        format!(
            "; {} with a text cut at {} bytes",
            totals.cut,
            export::MAX_CELL_BYTES
        )
    } else {
        String::new()
    };
    errln!(
        "billes: exported {} of {} games, {} turns, in {} part{} to {}{left_out}{cut}",
        totals.exported,
        totals.games,
        totals.turns,
        totals.parts,
        if totals.parts == 1 { "" } else { "s" },
        control_pictures(&args.out.display().to_string()),
    );
}

/// What SIGINT and SIGTERM do during an export: the first stops the run
/// as an error would (no marker, its temporary files removed, exit 130 or
/// 143 as the signal would give); a second ends the process at once.
struct Stop {
    /// Set by the first signal.
    flag: Arc<AtomicBool>,
    /// The signal's number.
    signal: Arc<AtomicUsize>,
}

impl Stop {
    /// Installs the handlers; `None` where signals cannot be watched.
    #[cfg(unix)]
    fn on_signals() -> Option<Stop> {
        use signal_hook::consts::{SIGINT, SIGTERM};
        use signal_hook::flag;
        let stop = Stop {
            flag: Arc::new(AtomicBool::new(false)),
            signal: Arc::new(AtomicUsize::new(0)),
        };
        for signal in [SIGINT, SIGTERM] {
            // Armed by the first signal (registered after it), so the
            // second ends the process.
            flag::register_conditional_shutdown(signal, 128 + signal, Arc::clone(&stop.flag))
                .ok()?;
            flag::register_usize(signal, Arc::clone(&stop.signal), signal as usize).ok()?;
            flag::register(signal, Arc::clone(&stop.flag)).ok()?;
        }
        Some(stop)
    }

    #[cfg(not(unix))]
    fn on_signals() -> Option<Stop> {
        None
    }

    /// The exit code of a process the signal ended: 128 and its number.
    fn exit_code(&self) -> u8 {
        u8::try_from(128 + self.signal.load(Ordering::Relaxed)).unwrap_or(IO_ERROR)
    }
}
