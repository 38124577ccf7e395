//! `billes export`: archives as tables (games, turns, mistakes) in JSON
//! Lines or Parquet, for DuckDB, Spark, Polars and pandas. The work is
//! [`billes_archive::export`]; this verb adds the progress bar, the
//! messages and the exit codes. The tables are described in docs/export.md.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use billes_archive::export::{self, ExportError, Format};
use billes_archive::validate::Outcome;
use billes_notation::control_pictures;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{INVALID, IO_ERROR, OK};
use crate::cli::WalkArgs;

pub const HELP: &str = "\
Writes DIR/games/part-00000.EXT, DIR/turns/part-00000.EXT (and with --invalid
DIR/mistakes/part-00000.EXT), one part per --part-games games in input order: part N of
each table holds the same games. Only valid games are exported unless --invalid; the
turns are those of the main line (variations are left out). Each part is written to a
temporary file and renamed when whole. A DIR that is not empty is refused unless --force,
which replaces the parts an earlier export left there and nothing else. Mistakes are
reported on stderr as `validate` reports them. The columns and their types, and example
DuckDB queries, are in docs/export.md.

Examples:
  billes export archive/ --to parquet --out tables/
  billes export club.bgn --to jsonl --out tables/ --invalid
  duckdb -c \"SELECT count(*) FROM 'tables/turns/*.parquet'\"";

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
    /// Write into a folder that is not empty: the parts an earlier export
    /// left in its games/, turns/ and mistakes/ are replaced, nothing else
    #[arg(long)]
    pub force: bool,
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

pub fn run(args: &ExportArgs) -> anyhow::Result<u8> {
    let Some(policy) = args.rules.policy()? else {
        return Ok(INVALID);
    };
    let format = match args.to {
        ExportFormat::Jsonl => Format::Jsonl,
        ExportFormat::Parquet => Format::Parquet,
    };
    let settings = export::Settings {
        format,
        out: args.out.clone(),
        invalid: args.invalid,
        force: args.force,
        part_games: usize::try_from(args.part_games).unwrap_or(usize::MAX),
        jobs: match args.jobs {
            Some(n) => usize::from(n),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        },
        rules: policy,
        diagnostics: !args.quiet,
        color: crate::output::stderr_color(),
    };
    let found = args.walk.expand(&args.paths);
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    let bar = if args.quiet || dumb || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
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
    };
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
        Err(e) => return Err(anyhow::anyhow!("{}", control_pictures(&e.to_string()))),
    };
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
    Ok(if totals.io_failure {
        IO_ERROR
    } else if totals.invalid > 0 || totals.file_errors > 0 {
        INVALID
    } else {
        OK
    })
}
