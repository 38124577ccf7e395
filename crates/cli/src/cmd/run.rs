//! `billes run`: a replay script in Lua over archives, and `billes filter`,
//! the common selections without Lua.
//!
//! Both read the records through the validate pipeline
//! ([`billes_archive::validate`]): the records are read and checked on
//! `--jobs` threads, invalid records are reported on stderr as `validate`
//! reports them and skipped, and the valid ones come back in file and game
//! order. The script ([`billes_lua::script::Script`]) runs on one thread
//! and sees the games in that order, so its output is the same for any
//! `--jobs`.

use std::cell::RefCell;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use anyhow::Context as _;
use billes_archive::report::{self, Collector};
use billes_archive::rules::{Place, Resolver};
use billes_archive::select::Selection;
use billes_archive::validate::{self, Kept, Outcome};
use billes_archive::RulePolicy;
use billes_lua::script::{GameOutput, GameRecord, Row, Script, ScriptError};
use clap::{Args, ValueEnum};

use super::{INVALID, IO_ERROR, OK};
use crate::cli::WalkArgs;

mod rows;

use rows::{write_json_row, write_rows};

pub const RUN_HELP: &str = "\
The script returns a table of callbacks, all optional: game(g), turn(t, before, after),
game_end(g), finish(); emit(row) adds a row to the output, keep() selects the game
(--select), warn(msg) writes to stderr. One Lua state sees every valid game in file and
game order, so totals kept in globals are complete in finish(), and the output is the
same for any --jobs. Invalid records are reported on stderr and skipped. The whole API
is in docs/scripts.md; examples in examples/scripts/.

`billes filter` is not `run --select`: it offers the common selections without Lua.

Examples:
  billes run examples/scripts/standings.lua examples/ --exclude invalid
  billes run examples/scripts/game-length.lua examples/ --exclude invalid --format csv --jobs 4
  billes run examples/scripts/comebacks.lua examples/ --exclude invalid --select > comebacks.bgn
  echo 'return { game = function(g) emit{ file = g.file, turns = g.turns } end }' > t.lua
  billes run t.lua examples/barricade/ --format jsonl      # exit 1: barricade/invalid/ is read";

pub const FILTER_HELP: &str = "\
Writes the matching games as they are written (tags, comments and layout kept), separated
by a blank line. Every option must match. Invalid records are reported on stderr and
skipped (with --invalid, only they are written). A player tag is a tag named after a
seat's colour (Red, Blue...: its first letter is a seat of the Seats tag).
For selections that need the turns, write a script and use `billes run --select`.

Examples:
  billes filter examples/ --exclude invalid --game barricade --min-turns 100
  billes filter examples/ --exclude invalid --tag Event='Thursday*' --player 'Ann*' --result R
  billes filter examples/ --invalid > to-fix.bgn";

/// Output formats of `billes run`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RunFormat {
    /// columns aligned with spaces (the default on a terminal)
    Table,
    /// comma-separated values with a header line (the default otherwise)
    Csv,
    /// JSON Lines: one object per row
    Jsonl,
    /// one JSON array of objects
    Json,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// The Lua script
    pub script: PathBuf,
    /// Files or directories (searched recursively for *.bgn); `-` reads stdin
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Output format of the emitted rows (default: table on a terminal, else csv)
    #[arg(long, value_enum)]
    pub format: Option<RunFormat>,
    /// Write the games the script keep()s, as BGN, instead of the rows
    #[arg(long)]
    pub select: bool,
    /// Write floats with N decimals (default: the shortest text that reads
    /// back as the same number, 2.3333333333333335)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=17))]
    pub precision: Option<u8>,
    /// Worker threads reading and checking records (default: one per core)
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Do not print the diagnostics of invalid records, only the line that
    /// counts them
    #[arg(long, short = 'q')]
    pub quiet: bool,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub rules: crate::rules::RulePolicyArgs,
}

#[derive(Debug, Args)]
pub struct FilterArgs {
    /// Files or directories (searched recursively for *.bgn); `-` reads stdin
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    // The help lists the games of the registry.
    #[arg(
        long,
        value_name = "G",
        help = match crate::cli::games_list(", ") {
            Some(games) => format!("Only games of this game ({games})"),
            None => "Only games of this game".to_string(),
        }
    )]
    pub game: Option<String>,
    /// Only games with a tag NAME whose value matches GLOB (`*` any text,
    /// `?` one character; at most 1,024 characters); repeat for several tags
    #[arg(long, value_name = "NAME=GLOB")]
    pub tag: Vec<String>,
    /// Only games where a player tag (Red, Blue...) matches NAME (a glob)
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// Only games won by SEAT (one of the winners); `*` for unfinished games
    #[arg(long, value_name = "SEAT")]
    pub result: Option<String>,
    /// Only games of at least N main-line turns
    #[arg(long, value_name = "N")]
    pub min_turns: Option<usize>,
    /// Only games of at most N main-line turns
    #[arg(long, value_name = "N")]
    pub max_turns: Option<usize>,
    /// Write the invalid records instead (those that do not parse or
    /// replay; the other options apply to those that parse)
    #[arg(long)]
    pub invalid: bool,
    /// Worker threads reading and checking records (default: one per core)
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Do not print the diagnostics of invalid records, only the line that
    /// counts them
    #[arg(long, short = 'q')]
    pub quiet: bool,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub rules: crate::rules::RulePolicyArgs,
}

/// A game out of the pipeline, with where it comes from.
struct Read<'a> {
    file: &'a str,
    /// The file's path (`None`: standard input).
    path: Option<&'a Path>,
    index: usize,
    kept: Kept,
    /// The wall-clock guard stopped the game's check: neither valid nor
    /// invalid.
    stopped: bool,
}

/// What the pipeline met besides the games it handed on.
#[derive(Debug, Clone, Copy, Default)]
struct Status {
    /// A mistake of any kind: an invalid game, a syntax error, a binary
    /// file or bytes that are not UTF-8 (whatever makes `validate` exit 1).
    mistakes: bool,
    /// A mistake that left no record to write: a binary file, bytes that
    /// are not UTF-8.
    unwritable: bool,
    /// A file or folder that could not be read.
    io_failure: bool,
}

impl Status {
    /// The exit code once the run is done: `mistakes` count unless they
    /// are the output asked for (`filter --invalid`).
    fn code(self, mistakes_are_output: bool) -> u8 {
        if self.io_failure {
            IO_ERROR
        } else if self.unwritable || (self.mistakes && !mistakes_are_output) {
            INVALID
        } else {
            OK
        }
    }
}

/// What becomes of the invalid games, for the line that counts them.
#[derive(Debug, Clone, Copy)]
enum Invalid<'a> {
    /// Left out of the output (`run`, `filter`).
    Skipped,
    /// The output (`filter --invalid`): how many were written, the
    /// others left out by `--tag` or `--player`.
    Written(&'a std::cell::Cell<u64>),
}

/// How [`pipeline`] reads and reports.
#[derive(Debug, Clone, Copy)]
struct Reading<'a> {
    /// No diagnostics, only the line that counts the invalid games.
    quiet: bool,
    /// Games longer than the reader's limit are checked as they are read
    /// (`filter`, which copies them from the file).
    large: bool,
    /// What becomes of the invalid games.
    invalid: Invalid<'a>,
}

/// Runs the validate pipeline over `paths`, reporting invalid records on
/// stderr (unless `quiet`), and gives every game (valid or not) to `each`
/// in order.
fn pipeline(
    policy: &RulePolicy,
    paths: &[PathBuf],
    walk: &WalkArgs,
    jobs: Option<u16>,
    Reading {
        quiet,
        large,
        invalid,
    }: Reading<'_>,
    each: &mut dyn FnMut(Read<'_>) -> anyhow::Result<()>,
) -> anyhow::Result<Status> {
    let settings = validate::Settings {
        rules: policy.clone(),
        diagnostics: !quiet,
        color: crate::output::stderr_color(),
        keep: true,
        large,
        ..validate::Settings::default()
    };
    let jobs = match jobs {
        Some(n) => usize::from(n),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let found = walk.expand(paths);
    let mut collector = Collector::new(report::Settings {
        diagnostics: true,
        ..report::Settings::default()
    });
    let mut err = crate::output::LossyStderr;
    validate::run(found, jobs, &settings, &mut |mut outcome: Outcome| {
        let kept = outcome.take_kept();
        let file = outcome.file().to_string();
        let path = outcome.path().map(Path::to_path_buf);
        let index = outcome.game();
        let stopped = outcome.stopped();
        collector.accept(outcome, &mut err)?;
        if let (Some(kept), Some(index)) = (kept, index) {
            each(Read {
                file: &file,
                path: path.as_deref(),
                index,
                kept,
                stopped,
            })?;
        }
        Ok::<(), anyhow::Error>(())
    })?;
    let (report, io_failure) = collector.finish();
    if report.mistakes > 0 {
        let unreadable = report.kinds.get("encoding").copied().unwrap_or(0);
        let mut line = match invalid {
            Invalid::Skipped => format!(
                "billes: {} of {} games invalid, skipped",
                report.invalid, report.games
            ),
            Invalid::Written(written) => format!(
                "billes: {} of {} games invalid; {} written (--invalid)",
                report.invalid,
                report.games,
                written.get()
            ),
        };
        if report.stopped > 0 {
            line.push_str(&format!(
                "; {} stopped by the wall-clock guard (no verdict), skipped",
                report.stopped
            ));
        }
        if unreadable > 0 {
            line.push_str(&format!(
                "; {unreadable} encoding error{} (a NUL byte or bytes that are not UTF-8)",
                if unreadable == 1 { "" } else { "s" }
            ));
        }
        errln!("{line}");
    }
    Ok(Status {
        mistakes: report.mistakes > 0,
        unwritable: report.kinds.contains_key("encoding"),
        io_failure,
    })
}

/// Writes a game's text as one record of a BGN file.
fn write_record(out: &mut impl Write, first: &mut bool, text: &str) -> io::Result<()> {
    if !*first {
        out.write_all(b"\n")?;
    }
    *first = false;
    out.write_all(text.trim().as_bytes())?;
    out.write_all(b"\n")
}

/// Writes as one record of a BGN file the bytes `range` of the file at
/// `path` (a game longer than the reader's limit, checked as it was read,
/// whose text was not kept), without the white space around it, as
/// [`write_record`] writes a game's text; a piece at a time.
fn copy_record(
    out: &mut impl Write,
    first: &mut bool,
    path: &Path,
    range: &std::ops::Range<u64>,
) -> io::Result<()> {
    use std::io::{Read as _, Seek as _};
    let mut file = billes_notation::file::open_file(path)?;
    let mut buf = vec![0; 1 << 16];
    let text = |b: &u8| !b.is_ascii_whitespace();
    // The end of the game's text: the white space after it, read back.
    let mut end = range.end;
    while end > range.start {
        let n = (end - range.start).min(buf.len() as u64) as usize;
        file.seek(io::SeekFrom::Start(end - n as u64))?;
        file.read_exact(&mut buf[..n])?;
        match buf[..n].iter().rposition(text) {
            Some(i) => {
                end = end - n as u64 + i as u64 + 1;
                break;
            }
            None => end -= n as u64,
        }
    }
    file.seek(io::SeekFrom::Start(range.start))?;
    let mut game = file.take(end - range.start);
    if !*first {
        out.write_all(b"\n")?;
    }
    *first = false;
    let mut started = false;
    loop {
        let n = match game.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let mut piece = &buf[..n];
        if !started {
            // The white space before it is left out.
            let Some(i) = piece.iter().position(text) else {
                continue;
            };
            (piece, started) = (&piece[i..], true);
        }
        out.write_all(piece)?;
    }
    out.write_all(b"\n")
}

/// A script that failed: said on stderr, the run stops with the exit code
/// it holds (2 when the wall-clock guard stopped the script: the run could
/// not finish; 1 for the script's own mistake).
#[derive(Debug)]
struct Failed(u8);

impl Failed {
    /// The failure of `e`, said on stderr.
    fn of(e: &ScriptError) -> Failed {
        errln!("billes: error: {e}");
        Failed(exit_code(e))
    }
}

/// The exit code of a script that failed: 2 for a stop of the wall-clock
/// guard, 1 for a mistake of the script.
fn exit_code(e: &ScriptError) -> u8 {
    if e.guard {
        IO_ERROR
    } else {
        INVALID
    }
}

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the script failed")
    }
}

impl std::error::Error for Failed {}

/// `billes run`: the script over every valid game of the inputs, its rows
/// written in the format asked (or, with `--select`, the games it keeps);
/// the exit code.
pub fn run(args: &RunArgs) -> anyhow::Result<u8> {
    let Some(policy) = args.rules.policy()? else {
        return Ok(INVALID);
    };
    let script = match load(&args.script) {
        Ok(script) => script,
        Err(code) => return Ok(code),
    };
    let format = args.format.unwrap_or(if io::stdout().is_terminal() {
        RunFormat::Table
    } else {
        RunFormat::Csv
    });
    // The script replays each game under the rules it was checked under.
    let resolver = policy.resolver();
    let precision = args.precision.map(usize::from);
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let lines = Rc::new(RefCell::new(io::BufWriter::with_capacity(
        1 << 16,
        io::stdout(),
    )));
    set_sink(&script, args.select, format, &lines, precision);
    let mut rows: Vec<Row> = Vec::new();
    let mut first = true;
    let mut skipped = 0usize;
    let result = pipeline(
        &policy,
        &args.paths,
        &args.walk,
        args.jobs,
        Reading {
            quiet: args.quiet,
            large: false,
            invalid: Invalid::Skipped,
        },
        &mut |read| {
            let Some(output) = play_script(&script, &resolver, &read, &mut skipped)? else {
                return Ok(());
            };
            if args.select && output.kept {
                write_record(&mut out, &mut first, &read.kept.text)?;
            }
            rows.extend(output.rows);
            Ok(())
        },
    );
    let status = match result {
        Ok(status) => status,
        Err(e) if e.is::<Failed>() => {
            lines.borrow_mut().flush()?;
            out.flush()?;
            return Ok(e.downcast_ref::<Failed>().map_or(INVALID, |f| f.0));
        }
        Err(e) => return Err(e),
    };
    let last = match script.finish() {
        Ok(rows) => rows,
        Err(e) => {
            if let Some(io) = script.take_sink_error() {
                return Err(io.into());
            }
            lines.borrow_mut().flush()?;
            out.flush()?;
            return Ok(Failed::of(&e).0);
        }
    };
    if !args.select && format != RunFormat::Jsonl {
        rows.extend(last);
        write_rows(&mut out, format, &rows, precision)?;
    }
    lines
        .borrow_mut()
        .flush()
        .context("cannot write the output")?;
    out.flush().context("cannot write the output")?;
    if skipped > 0 {
        errln!(
            "billes: {skipped} game{} skipped: too large for the script's memory",
            if skipped == 1 { "" } else { "s" }
        );
        return Ok(if status.io_failure { IO_ERROR } else { INVALID });
    }
    Ok(status.code(false))
}

/// Where the rows the script emits go as they come: nowhere with
/// `select` (the rows are not the output), to `lines` in JSON Lines; else
/// they stay in each game's output, written at the end.
fn set_sink(
    script: &Script,
    select: bool,
    format: RunFormat,
    lines: &Rc<RefCell<io::BufWriter<io::Stdout>>>,
    precision: Option<usize>,
) {
    if select {
        // The rows are not the output: dropped as they come, never held.
        script.set_sink(Box::new(|_| Ok(())));
    } else if format == RunFormat::Jsonl {
        // Written as they come: a game's rows are never held.
        let lines = Rc::clone(lines);
        script.set_sink(Box::new(move |row| {
            let mut lines = lines.borrow_mut();
            write_json_row(&mut *lines, row, precision)?;
            lines.write_all(b"\n")
        }));
    }
}

/// The script of `path`, loaded; or, said on stderr, why not, as an exit
/// code: a script that cannot be read (missing, a FIFO, a device, over
/// 1 MiB) is an I/O error, one that does not load is wrong input.
fn load(path: &Path) -> Result<Script, u8> {
    let loaded = Script::read(path)
        .map_err(|e| (e, IO_ERROR))
        .and_then(|text| {
            Script::load(&path.display().to_string(), &text).map_err(|e| {
                let code = exit_code(&e);
                (e, code)
            })
        });
    loaded.map_err(|(e, code)| {
        errln!("billes: error: {e}");
        code
    })
}

/// Runs the script over the game `read`, under the rules `resolver` gives
/// it: what the script did with it; `None` for a game the pipeline found
/// invalid, and for one too large for the script's memory (said on
/// stderr, and counted in `skipped`: the run goes on).
///
/// # Errors
/// The game's rules refused ([`Failed`]), the script failing ([`Failed`]),
/// or its rows that cannot be written.
fn play_script(
    script: &Script,
    resolver: &Resolver,
    read: &Read<'_>,
    skipped: &mut usize,
) -> anyhow::Result<Option<GameOutput>> {
    let (Some(game), Some(summary)) = (&read.kept.game, &read.kept.summary) else {
        return Ok(None);
    };
    let place = Place::file(read.file).game(read.file, read.index);
    let rules = resolver.rule_set(&place, game).map_err(|e| {
        errln!(
            "billes: error: {} game {}: cannot replay for the script: {}",
            read.file,
            read.index,
            e.message
        );
        Failed(if e.kind.is_verdict() {
            INVALID
        } else {
            IO_ERROR
        })
    })?;
    let name = rules.rules_name(game);
    let record = GameRecord {
        variant: rules.variant(),
        rules: &name,
        ..GameRecord::new(
            read.file,
            read.index,
            game,
            &read.kept.text,
            read.kept.offset,
            summary,
        )
    };
    match script.run_game(&record) {
        Ok(output) => Ok(Some(output)),
        Err(e) => {
            if let Some(io) = script.take_sink_error() {
                return Err(io.into());
            }
            if script.out_of_memory() {
                // A record costs its own game: the run goes on.
                errln!("billes: error: {e}; the game is skipped");
                *skipped += 1;
                return Ok(None);
            }
            Err(Failed::of(&e).into())
        }
    }
}

pub fn filter(args: &FilterArgs) -> anyhow::Result<u8> {
    let Some(policy) = args.rules.policy()? else {
        return Ok(INVALID);
    };
    let mut selection = Selection {
        game: args.game.clone(),
        player: args.player.clone(),
        result: args.result.clone(),
        min_turns: args.min_turns,
        max_turns: args.max_turns,
        tags: Vec::new(),
    };
    if let Some(Err(message)) = args
        .player
        .as_deref()
        .map(billes_archive::select::check_glob)
    {
        errln!("billes: error: --player: {message}");
        return Ok(IO_ERROR);
    }
    for t in &args.tag {
        if let Err(message) = selection.add_tag(t) {
            errln!("billes: error: --tag {message}");
            return Ok(IO_ERROR);
        }
    }
    if let Some(g) = &args.game {
        if billes_core::registry::named(g).is_none() {
            errln!(
                "billes: error: --game {g}: unknown game (expected {})",
                billes_core::registry::list(" or ")
            );
            return Ok(IO_ERROR);
        }
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut first = true;
    let written = std::cell::Cell::new(0u64);
    let invalid = if args.invalid {
        Invalid::Written(&written)
    } else {
        Invalid::Skipped
    };
    let status = pipeline(
        &policy,
        &args.paths,
        &args.walk,
        args.jobs,
        Reading {
            quiet: args.quiet,
            large: true,
            invalid,
        },
        &mut |read| {
            let valid = read.kept.summary.is_some();
            // A game the guard stopped is neither: never written.
            if valid == args.invalid || read.stopped {
                return Ok(());
            }
            let selected = match &read.kept.game {
                Some(game) => selection.matches(game, read.kept.summary.as_ref()),
                // A record that does not parse has no tags to match.
                None => selection.is_empty(),
            };
            match (&read.kept.range, read.path) {
                (Some(range), Some(path)) if selected => {
                    copy_record(&mut out, &mut first, path, range).with_context(|| {
                        format!("cannot copy game {} of {}", read.index, read.file)
                    })?;
                }
                _ if selected => write_record(&mut out, &mut first, &read.kept.text)?,
                _ => return Ok(()),
            }
            written.set(written.get() + 1);
            Ok(())
        },
    )?;
    out.flush().context("cannot write the output")?;
    // The invalid records asked for are the output, not a failure; but a
    // file that is not text cannot be written, and still fails the run.
    Ok(status.code(args.invalid))
}
