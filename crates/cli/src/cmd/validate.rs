//! `billes validate`: replay every game of every file and report each mistake.
//!
//! The pipeline and the report are [`billes_archive::validate`] and
//! [`billes_archive::report`]; this verb adds the progress bar, the colours
//! and the exit codes. The report schema and the exit codes are in
//! docs/validate-report.md.

use std::io::{self, IsTerminal, Write};

use billes_archive::input::{self, Found};
use billes_archive::report::{self, Collector};
use billes_archive::validate::{self, Outcome};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{INVALID, IO_ERROR, OK};
use crate::cli::{ValidateArgs, ValidateFormat as ReportFormat};
use crate::output::{use_color, Stream};

pub fn run(args: &ValidateArgs) -> anyhow::Result<u8> {
    let Some(policy) = args.rules.policy()? else {
        return Ok(INVALID);
    };
    let text = args.format == ReportFormat::Text;
    let jsonl = args.format == ReportFormat::Jsonl;
    let settings = validate::Settings {
        rules: policy,
        diagnostics: text,
        tags: jsonl,
        // The diagnostics go to stdout, with the report.
        color: use_color(args.color, Stream::Stdout),
        duplicates: args.duplicates,
        by_event: args.by_event,
        strict: args.strict,
        keep: false,
        turn_rows: false,
        turn_positions: false,
        // (Without `keep`, a game longer than 16 MiB is checked as it is
        // read.)
        large: false,
        ends: false,
    };
    let jobs = match args.jobs {
        Some(n) => usize::from(n),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let found = args.walk.expand(&args.paths);
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        progress_bar(&found)
    };
    let mut collector = Collector::new(report::Settings {
        diagnostics: text,
        jsonl,
        duplicates: args.duplicates,
        by_event: args.by_event,
    });
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let threads = validate::run(found, jobs, &settings, &mut |outcome: Outcome| {
        bar.inc(outcome.bytes());
        if text && outcome.error().is_some() && !bar.is_hidden() {
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
    if threads < jobs {
        errln!(
            "billes: warning: the system would not start {jobs} threads; \
             validated on {threads}"
        );
    }
    let (report, io_failure) = collector.finish();
    match args.format {
        ReportFormat::Text if args.quiet => {}
        ReportFormat::Text => report.write_text(&mut out)?,
        ReportFormat::Json => report.write_json(&mut out)?,
        ReportFormat::Yaml => report.write_yaml(&mut out)?,
        ReportFormat::Jsonl => report.write_jsonl_summary(&mut out)?,
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
/// terminal that can move its cursor (not `TERM=dumb`); hidden otherwise.
pub(crate) fn progress_bar(found: &[Found]) -> ProgressBar {
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    if !io::stderr().is_terminal() || dumb {
        return ProgressBar::hidden();
    }
    let total: u64 = found
        .iter()
        .filter_map(|f| f.as_ref().ok())
        .map(input::Input::size)
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
