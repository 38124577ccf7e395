//! `billes draw`: the seats of the next round by lot — seeded and
//! reproducible, avoiding players who already sat together, balancing who
//! starts — written as one record header per table, ready for `billes
//! play`. The work is [`billes_tournament::draw`].

use std::io::Write;
use std::path::{Path, PathBuf};

use billes_core::registry;
use billes_notation::{control_pictures, Game};
use billes_tournament::draw::{self, Remainder, Settings};
use billes_tournament::read::name_tag;
use clap::{Args, ValueEnum};

use super::{IO_ERROR, OK};
use crate::cli::WalkArgs;

pub const HELP: &str = "\
PLAYERS is a text file of names, one a line (blank lines and lines starting with # are
skipped). The earlier rounds' records (PAST, files or folders; only those of --event when
it is given) tell who already sat together and who started: the draw avoids a repeated
tablemate as far as it can (a fixed number of improvement steps, --effort), and at each
table the player who started fewest times takes the first seat, which plays first. The
same PLAYERS, PAST and --seed give the same draw on any machine. With 30 players and tables
of 4, --remainder smaller makes six tables of 4 and two of 3; --remainder bye makes seven
tables of 4 and the two players who played most sit out. Each table is a record header
(Event, Round, Table, Game, Seats, the players' names) and a * : with --out DIR one file a
table (DIR/round-R-table-K.bgn, never over an existing file), else all on stdout. The
tablemates met again are counted on stderr.

Examples:
  billes draw examples/tournament/players.txt --game aggravation --event \"Club night\" --round 1
  billes draw examples/tournament/players.txt examples/tournament/ --game aggravation --round 4
  billes draw examples/tournament/players.txt --game barricade --tables-of 2 --round 1 --out r1/
  billes simulate --headers r1/round-1-table-1.bgn   # a stand-in for: billes play r1/...";

/// What to do with players left over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RemainderArg {
    /// Some tables get one seat fewer
    Smaller,
    /// The players left over sit out this round
    Bye,
}

#[derive(Debug, Args)]
pub struct DrawArgs {
    /// A file of player names, one a line
    pub players: PathBuf,
    /// The earlier rounds' records (files or folders)
    pub past: Vec<PathBuf>,
    /// The game the tables play
    #[arg(long, value_name = "GAME", help = crate::cli::games_help("The game the tables play"))]
    pub game: String,
    /// Seats a table
    #[arg(long, value_name = "N", default_value_t = 4,
          value_parser = clap::value_parser!(u16).range(2..=64))]
    pub tables_of: u16,
    /// What to do when the players do not fill every table
    #[arg(long, value_enum, default_value_t = RemainderArg::Smaller)]
    pub remainder: RemainderArg,
    /// The Event tag written, and the only event PAST is read for
    #[arg(long, value_name = "NAME")]
    pub event: Option<String>,
    /// The Round tag written
    #[arg(long, value_name = "ROUND")]
    pub round: String,
    /// The seed of the lot
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Improvement steps of the search for fewer repeated tablemates
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    pub effort: u32,
    /// More tags written in every header (Date=2026.12.02, Site=...); may be repeated
    #[arg(long = "tag", value_name = "NAME=VALUE")]
    pub tags: Vec<String>,
    /// Write one file a table into DIR (made if missing) instead of stdout
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub walk: WalkArgs,
}

/// The most bytes of a players file.
const MAX_PLAYERS_BYTES: u64 = 1 << 20;

/// `billes draw`: the exit code.
pub fn run(args: &DrawArgs) -> anyhow::Result<u8> {
    let Some(kind) = registry::named(&args.game) else {
        errln!(
            "billes: error: unknown game \"{}\" ({})",
            control_pictures(&args.game),
            crate::cli::games_help("games")
        );
        return Ok(IO_ERROR);
    };
    let players = match players(&args.players) {
        Ok(p) => p,
        Err(e) => {
            errln!("billes: error: {}", control_pictures(&e));
            return Ok(IO_ERROR);
        }
    };
    let size = usize::from(args.tables_of);
    let Some(min_table) = (1..=size).find(|&n| registry::seats_for(kind, n).is_some()) else {
        errln!("billes: error: {kind} is not played at a table of {size} or fewer");
        return Ok(IO_ERROR);
    };
    if registry::seats_for(kind, size).is_none() {
        errln!("billes: error: {kind} is not played at a table of {size}");
        return Ok(IO_ERROR);
    }
    let extra = match extra_tags(&args.tags) {
        Ok(t) => t,
        Err(e) => {
            errln!("billes: error: {}", control_pictures(&e));
            return Ok(IO_ERROR);
        }
    };
    let history =
        billes_tournament::history::read(args.walk.expand(&args.past), args.event.as_deref());
    for p in &history.problems {
        errln!("billes: warning: {} (not counted)", control_pictures(p));
    }
    if history.unreadable > 0 {
        return Ok(IO_ERROR);
    }
    let settings = Settings {
        table_size: size,
        remainder: match args.remainder {
            RemainderArg::Smaller => Remainder::Smaller,
            RemainderArg::Bye => Remainder::Bye,
        },
        seed: args.seed,
        effort: args.effort,
        min_table,
    };
    let drawn = match draw::draw(&players, &history.tables, &settings) {
        Ok(d) => d,
        Err(e) => {
            errln!("billes: error: {e}");
            return Ok(IO_ERROR);
        }
    };
    let headers: Vec<String> = drawn
        .tables
        .iter()
        .enumerate()
        .map(|(k, t)| header(args, kind, k + 1, &t.players, &extra))
        .collect();
    let code = match &args.out {
        Some(dir) => write_files(dir, &args.round, &headers)?,
        None => {
            std::io::stdout()
                .lock()
                .write_all(headers.join("\n").as_bytes())?;
            OK
        }
    };
    errln!(
        "billes: {} tables; {} tablemates met again (over {} earlier games){}",
        drawn.tables.len(),
        drawn.repeats,
        history.tables.len(),
        if drawn.byes.is_empty() {
            String::new()
        } else {
            format!(
                "; sitting out: {}",
                control_pictures(&drawn.byes.join(", "))
            )
        }
    );
    Ok(code)
}

/// The names of the players file: one a line, trimmed, blank lines and
/// `#` comments skipped; a name with a control character is refused.
fn players(path: &Path) -> Result<Vec<String>, String> {
    let bytes = billes_notation::file::read_file(path, MAX_PLAYERS_BYTES)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text =
        String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", path.display()))?;
    let mut names = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let name = line.trim();
        if name.is_empty() || name.starts_with('#') {
            continue;
        }
        if name.chars().any(char::is_control) {
            return Err(format!(
                "{}:{}: a name holds a control character: {}",
                path.display(),
                n + 1,
                control_pictures(name)
            ));
        }
        names.push(name.to_string());
    }
    Ok(names)
}

/// The `--tag NAME=VALUE` pairs.
fn extra_tags(tags: &[String]) -> Result<Vec<(String, String)>, String> {
    tags.iter()
        .map(|t| {
            let (name, value) = t
                .split_once('=')
                .ok_or_else(|| format!("--tag {t}: write NAME=VALUE"))?;
            let ok = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !ok || value.chars().any(char::is_control) {
                return Err(format!(
                    "--tag {t}: a tag name is letters, digits and _, its value one line"
                ));
            }
            Ok((name.to_string(), value.to_string()))
        })
        .collect()
}

/// The record header of table `k`.
fn header(
    args: &DrawArgs,
    kind: billes_core::GameKind,
    k: usize,
    players: &[String],
    extra: &[(String, String)],
) -> String {
    let seats = registry::seats_for(kind, players.len()).unwrap_or_default();
    let mut tags: Vec<(String, String)> = Vec::new();
    if let Some(e) = &args.event {
        tags.push(("Event".into(), e.clone()));
    }
    tags.push(("Round".into(), args.round.clone()));
    tags.push(("Table".into(), k.to_string()));
    tags.extend(extra.iter().cloned());
    tags.push(("Game".into(), kind.to_string()));
    tags.push(("Seats".into(), seats.join(" ")));
    for (seat, name) in seats.iter().zip(players) {
        if let Some(tag) = name_tag(seat) {
            tags.push((tag, name.clone()));
        }
    }
    let game = Game::header(tags);
    billes_notation::write_game(&game)
}

/// Writes one file a table into `dir`, refusing to replace any file.
fn write_files(dir: &Path, round: &str, headers: &[String]) -> anyhow::Result<u8> {
    std::fs::create_dir_all(dir)
        .map_err(|e| anyhow::anyhow!("cannot make {}: {e}", dir.display()))?;
    let round = billes_tournament::pages::file_part(round);
    let paths: Vec<PathBuf> = (1..=headers.len())
        .map(|k| dir.join(format!("round-{round}-table-{k}.bgn")))
        .collect();
    if let Some(there) = paths.iter().find(|p| std::fs::symlink_metadata(p).is_ok()) {
        errln!(
            "billes: error: {} is already there: a draw never replaces a file (a game may be recorded in it)",
            there.display()
        );
        return Ok(IO_ERROR);
    }
    for (path, text) in paths.iter().zip(headers) {
        // Never over anything, even a file or link made since the look above.
        if !crate::atomic::write_new(path, text.as_bytes())? {
            errln!(
                "billes: error: {} appeared while the draw was written: it is left as it is",
                path.display()
            );
            return Ok(IO_ERROR);
        }
        println!("{}", path.display());
    }
    Ok(OK)
}
