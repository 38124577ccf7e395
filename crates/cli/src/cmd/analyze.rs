//! `billes analyze`: judges every decision of recorded games by Monte Carlo
//! rollouts (docs/analysis.md), with marks, the best moves, luck and a
//! summary per seat and team.

use std::io::{self, Write};
use std::path::PathBuf;

use billes_analysis::{analyze_game_with, GameAnalysis, Settings, Totals};
use billes_notation::Game;
use clap::{Args, ValueEnum};
use serde::Serialize;

use billes_archive::diagnostic::render_replay_error;
use billes_archive::input::{expand, games};
use billes_archive::rules::{Place, Resolver};

use super::{INVALID, IO_ERROR, OK};

pub const HELP: &str = "\
Every turn where the mover had a choice is rolled out: the candidate moves worth a look \
(--candidates, chosen by a cheap evaluation of each game's position and by the player) are \
played on by a fast heuristic player, with the same dice for every candidate, for --horizon \
rounds, where the position is evaluated (the race, material, barricades in the way, points), \
and the winning chance of the mover's side (its team in team games) is measured. A move that \
lost at least 0.04, 0.08 or 0.16 of winning chance against the best, by more than twice its \
standard error, is marked ?!, ? or ??. Luck (dice games): each roll's value against the \
average over the six rolls. --rollouts N asks for the full look: every candidate, N rollouts \
each played to the end (slow). --time gives each game a budget. A bar shows the turns done \
when standard error is a terminal. See docs/analysis.md.

Examples:
  billes analyze examples/aggravation/four-players.bgn
  billes analyze examples/aggravation/four-players.bgn --time 5
  billes analyze examples/aggravation/four-players.bgn --game 1 --rollouts 32 --seed 7
  billes analyze --format json --jobs 2 examples/aggravation/*.bgn
  cp examples/aggravation/four-players.bgn game.bgn
  billes annotate --analyze --in-place game.bgn";

/// How `billes analyze` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AnalyzeFormat {
    /// the marked turns and a summary per seat
    Text,
    /// one JSON document with every turn
    Json,
}

/// How much rolling out: shared by `analyze` and `annotate --analyze`.
#[derive(Debug, Clone, Args)]
pub struct AnalysisOptions {
    /// Rollouts per candidate move at most; alone, the full look: every
    /// candidate played to the end [default: 32, with --horizon 6 and
    /// --candidates 5]
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=i64::from(Settings::MAX_ROLLOUTS)))]
    pub rollouts: Option<u32>,
    /// Rounds a rollout is played before the position is evaluated; 0:
    /// to the end [default: 6, or 0 with --rollouts]
    #[arg(long, value_name = "ROUNDS")]
    pub horizon: Option<u32>,
    /// Candidate moves rolled out at most (the others only evaluated); 0:
    /// all [default: 5, or 0 with --rollouts]
    #[arg(long, value_name = "N")]
    pub candidates: Option<usize>,
    /// Wall-clock budget per game: turns whose share is spent stop early
    /// (their standard errors say it; the analysis then depends on the
    /// machine)
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub time: Option<std::time::Duration>,
    /// Seed of the rollouts' dice: the same seed gives the same analysis
    #[arg(long, default_value_t = Settings::default().seed)]
    pub seed: u64,
    /// Worker threads (default: one per core)
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

impl AnalysisOptions {
    /// The library's settings.
    pub fn settings(&self) -> Settings {
        let jobs = self.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            usize::from,
        );
        let default = match self.rollouts {
            Some(n) => Settings::full(n),
            None => Settings::default(),
        };
        let rollouts = default.rollouts;
        let base = Settings::default();
        Settings {
            luck_rollouts: (u64::from(rollouts) * u64::from(base.luck_rollouts)
                / u64::from(base.rollouts))
            .max(6) as u32,
            horizon: self.horizon.unwrap_or(default.horizon),
            candidates: self.candidates.unwrap_or(default.candidates),
            time: self.time,
            seed: self.seed,
            jobs,
            ..default
        }
    }
}

/// A time in seconds: a positive number, at most a day.
fn seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 86_400.0 => Ok(std::time::Duration::from_secs_f64(s)),
        _ => Err("expected a number of seconds above 0, at most 86400".into()),
    }
}

/// The progress bar of one game's analysis, on standard error when it is
/// a terminal (hidden otherwise): turns done of turns to do.
pub fn progress_bar(name: &str, index: usize, turns: usize) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use std::io::IsTerminal;
    let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
    if !io::stderr().is_terminal() || dumb {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(turns as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} turns, {elapsed}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(format!("{name}, game {index}"));
    bar
}

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// Files or directories (searched recursively for *.bgn); `-` reads stdin
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Only this game of each file (1-based)
    #[arg(long)]
    pub game: Option<usize>,
    #[command(flatten)]
    pub analysis: AnalysisOptions,
    /// Report format
    #[arg(long, value_enum, default_value_t = AnalyzeFormat::Text)]
    pub format: AnalyzeFormat,
    #[command(flatten)]
    pub rules: crate::rules::RulePolicyArgs,
}

/// One analysed game in the JSON report.
#[derive(Debug, Serialize)]
struct Report<'a> {
    file: &'a str,
    index: usize,
    #[serde(flatten)]
    analysis: &'a GameAnalysis,
}

pub fn run(args: &AnalyzeArgs) -> anyhow::Result<u8> {
    let Some(policy) = args.rules.policy()? else {
        return Ok(INVALID);
    };
    let resolver = policy.resolver();
    let settings = args.analysis.settings();
    let (inputs, unreadable) = expand(&args.paths);
    let mut failed = false;
    let mut stopped = false;
    for (path, e) in &unreadable {
        errln!("billes: {}: {e}", path.display());
        failed = true;
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut json = Vec::new();
    for input in &inputs {
        let name = input.name();
        // One parsed game at a time; the syntax errors of a file are
        // printed before the replay errors of its games, as when the whole
        // file was parsed first.
        let mut errors = Vec::new();
        let mut messages = Vec::new();
        for item in games(input, &name)? {
            let (source, game) = match item? {
                Ok(game) => game,
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            };
            if args.game.is_some_and(|n| n != source.index) {
                continue;
            }
            match analyse((&name, source.index, &game), &resolver, &settings) {
                Ok(analysis) => match args.format {
                    AnalyzeFormat::Text => {
                        write_text(&mut out, &name, source.index, &analysis)?;
                    }
                    AnalyzeFormat::Json => json.push((name.clone(), source.index, analysis)),
                },
                Err(e) => {
                    // The wall-clock guard stopped the house rules: no
                    // verdict, exit 2.
                    stopped |= !e.kind.is_verdict();
                    messages.push(render_replay_error(
                        &name,
                        &source,
                        &e,
                        crate::output::stderr_color(),
                    ));
                    failed = true;
                }
            }
        }
        for e in &errors {
            errln!("{e}\n");
            failed = true;
        }
        for m in &messages {
            errln!("{m}\n");
        }
    }
    if args.format == AnalyzeFormat::Json {
        let reports: Vec<Report<'_>> = json
            .iter()
            .map(|(file, index, analysis)| Report {
                file,
                index: *index,
                analysis,
            })
            .collect();
        let text = serde_json::to_string_pretty(&reports)?;
        writeln!(out, "{text}")?;
    }
    out.flush()?;
    Ok(if stopped {
        IO_ERROR
    } else if failed {
        INVALID
    } else {
        OK
    })
}

/// Checks and analyses game `index` of the file `name` under its rules,
/// with a progress bar on a terminal. Each thread of the analysis resolves
/// the rules anew: a variant's Lua state stays on its thread.
pub fn analyse(
    (name, index, game): (&str, usize, &Game),
    resolver: &Resolver,
    settings: &Settings,
) -> Result<GameAnalysis, billes_core::ReplayError> {
    let place = Place::file(name);
    resolver.rule_set(&place, game)?.engine().validate(game)?;
    let policy = resolver.policy();
    let engine = || {
        policy
            .resolver()
            .rule_set(&place, game)
            .map(|rules| rules.shared_engine())
    };
    let bar = progress_bar(name, index, game.line.turns.len());
    let result = analyze_game_with(game, settings, &engine, &|| bar.inc(1));
    bar.finish_and_clear();
    result.map_err(|e| {
        let mut error = e.error;
        if let Some(turn) = game.line.turns.get((e.index as usize).wrapping_sub(1)) {
            error = error.in_turn(turn.number, turn.head.seat.as_str());
        }
        error
    })
}

fn write_text(
    out: &mut impl Write,
    name: &str,
    index: usize,
    a: &GameAnalysis,
) -> anyhow::Result<()> {
    let decisions = a.turns.iter().filter(|t| t.is_decision()).count();
    writeln!(
        out,
        "{name}, game {index} ({}): {} turns, {decisions} decisions",
        a.game,
        a.turns.len()
    )?;
    for t in &a.turns {
        let Some(mark) = t.mark else { continue };
        let roll = t.roll.map_or_else(String::new, |r| r.to_string());
        let win = t.win.map_or((0.0, 0.0), |w| (w.mean, w.se));
        let (best, best_win) = t
            .best
            .as_ref()
            .map_or(("", (0.0, 0.0)), |(m, e)| (m.as_str(), (e.mean, e.se)));
        writeln!(
            out,
            "  {}. {}{roll} {} {mark}  win {:.2} ± {:.2}, best {best} {:.2} ± {:.2} (lost {:.2} ± {:.2})",
            t.number, t.seat, t.played, win.0, win.1, best_win.0, best_win.1, t.loss.mean, t.loss.se
        )?;
    }
    if a.hurried > 0 {
        writeln!(
            out,
            "  note: the time budget cut the rollouts of {} turns short (their errors are larger)",
            a.hurried
        )?;
    }
    if a.unfinished > 0 {
        writeln!(
            out,
            "  note: {} rollouts passed the turn cap unfinished and were valued by the evaluation",
            a.unfinished
        )?;
    }
    let dice = a.turns.iter().any(|t| t.luck.is_some());
    write_totals(out, "seat", &a.seats, dice)?;
    if !a.teams.is_empty() {
        write_totals(out, "team", &a.teams, dice)?;
    }
    writeln!(out)?;
    Ok(())
}

fn write_totals(out: &mut impl Write, what: &str, rows: &[Totals], dice: bool) -> io::Result<()> {
    write!(out, "  {what:<6} turns  decisions  ?!   ?  ??  chance lost")?;
    writeln!(out, "{}", if dice { "   luck" } else { "" })?;
    for r in rows {
        write!(
            out,
            "  {:<6} {:>5}  {:>9}  {:>2}  {:>2}  {:>2}  {:>11.2}",
            r.who, r.turns, r.decisions, r.doubtful, r.bad, r.very_bad, r.lost
        )?;
        if dice {
            write!(out, "  {:>+5.2}", r.luck)?;
        }
        writeln!(out)?;
    }
    Ok(())
}
