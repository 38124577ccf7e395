//! `billes game`: the race games written as data (`game.yaml`) that this
//! run knows, and the check of one before it is played.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use billes_core::race::{check, folder, table, Race};
use billes_core::registry::GameRules;
use billes_core::{Rng, SimOptions};
use clap::{Args, Subcommand};

use super::{INVALID, OK};

/// `billes game`.
#[derive(Debug, Args)]
pub struct GameArgs {
    #[command(subcommand)]
    pub command: GameCommand,
}

/// What `billes game` does.
#[derive(Debug, Subcommand)]
pub enum GameCommand {
    /// List the race games written as data that this run knows: the
    /// shipped ones, then those of --games-dir and BILLES_GAMES
    List,
    /// Load a game's folder (its game.yaml), check its board, and play
    /// seeded random games to the end under it, replaying each; fails on a
    /// board problem, a game refused on replay, or most games stalled
    Check {
        /// The game's folder (holding game.yaml)
        dir: PathBuf,
        /// Number of games to play, spread over the game's numbers of players
        #[arg(long, default_value_t = 300)]
        games: usize,
        /// Seed of the random generator
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Cap on the turns of one game, past which it counts as stalled
        #[arg(long, default_value_t = 5000)]
        max_turns: u32,
    },
}

/// The environment variable listing folders of race games written as
/// data, separated as in `PATH`.
pub const GAMES_VAR: &str = "BILLES_GAMES";

/// Loads the games of the folders `BILLES_GAMES` lists, then of
/// `--games-dir`: false, the error said, when a game fails to load (the
/// input is wrong).
///
/// # Errors
/// A folder that does not exist: a usage error.
pub fn load_dirs(dirs: &[PathBuf]) -> anyhow::Result<bool> {
    let from_env: Vec<PathBuf> = std::env::var_os(GAMES_VAR)
        .map(|v| {
            std::env::split_paths(&v)
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        })
        .unwrap_or_default();
    for (dir, from) in from_env
        .iter()
        .map(|d| (d, GAMES_VAR))
        .chain(dirs.iter().map(|d| (d, "--games-dir")))
    {
        if !dir.is_dir() {
            anyhow::bail!(
                "{from} {}: no such folder",
                billes_notation::control_pictures(&dir.display().to_string())
            );
        }
        if let Err(e) = folder::install_dir(dir) {
            errln!(
                "billes: error: {}",
                billes_notation::control_pictures(&e.to_string())
            );
            return Ok(false);
        }
    }
    Ok(true)
}

/// `billes game`: the exit code.
pub fn run(args: &GameArgs) -> anyhow::Result<u8> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match &args.command {
        GameCommand::List => list(&mut out),
        GameCommand::Check {
            dir,
            games,
            seed,
            max_turns,
        } => game_check(&mut out, dir, (*games, *seed, *max_turns)),
    }
}

/// `game list`: each loaded game, its title, seats and file.
fn list(out: &mut impl Write) -> anyhow::Result<u8> {
    for (board, file) in table::list() {
        writeln!(
            out,
            "{:<28} {:<28} {:<15}  {}",
            board.kind.name(),
            billes_notation::control_pictures(&board.title),
            players(board),
            billes_notation::control_pictures(&file)
        )?;
    }
    Ok(OK)
}

/// How many play `board`'s game: "2 players", "2 to 4 players".
fn players(board: &billes_core::race::Board) -> String {
    let range = board.players();
    if range.start() == range.end() {
        format!("{} players", range.start())
    } else {
        format!("{} to {} players", range.start(), range.end())
    }
}

/// `game check DIR`: the description loaded, its board checked, then
/// games played.
fn game_check(
    out: &mut impl Write,
    dir: &Path,
    (games, seed, max_turns): (usize, u64, u32),
) -> anyhow::Result<u8> {
    if !dir.is_dir() {
        anyhow::bail!("{}: no such folder", dir.display());
    }
    let (file, text) = match folder::read(dir) {
        Ok(read) => read,
        Err(e) => {
            errln!(
                "billes: error: {}",
                billes_notation::control_pictures(&e.to_string())
            );
            return Ok(INVALID);
        }
    };
    let def = match table::resolve(&file, &text) {
        Ok(def) => def,
        Err(e) => {
            errln!(
                "billes: error: {}",
                billes_notation::control_pictures(&e.to_string())
            );
            return Ok(INVALID);
        }
    };
    let problems = check(&def);
    if !problems.is_empty() {
        for p in &problems {
            errln!(
                "{}: {}",
                billes_notation::control_pictures(&file),
                billes_notation::control_pictures(&p.to_string())
            );
        }
        errln!(
            "billes: {} board problems: the game is not played",
            problems.len()
        );
        return Ok(INVALID);
    }
    let board = match table::install(&file, &text) {
        Ok(board) => board,
        Err(e) => {
            errln!(
                "billes: error: {}",
                billes_notation::control_pictures(&e.to_string())
            );
            return Ok(INVALID);
        }
    };
    writeln!(
        out,
        "{}: {} ({}), {}, {} pieces each, {} points",
        billes_notation::control_pictures(&file),
        board.kind.name(),
        billes_notation::control_pictures(&board.title),
        players(board),
        board.pieces,
        board.points.len()
    )?;
    writeln!(
        out,
        "board: names valid and unique, every path joined from entry to goal, every point drawn"
    )?;
    play_games(out, Race::new(board), (games, seed, max_turns))
}

/// Plays `games` seeded games under `rules`, each replayed, and reports
/// turns, stalls and speed.
fn play_games(
    out: &mut impl Write,
    rules: Race,
    (games, seed, max_turns): (usize, u64, u32),
) -> anyhow::Result<u8> {
    let seatings: Vec<usize> = rules.seatings().into_iter().map(|s| s.0).collect();
    let mut rng = Rng::new(seed);
    let (mut turns, mut stalled, mut refused) = (Vec::new(), 0usize, 0usize);
    let started = Instant::now();
    for g in 0..games {
        let options = SimOptions {
            players: seatings[g % seatings.len()],
            teams: None,
            max_turns,
        };
        let record = match rules.simulate(&options, &mut rng, &billes_core::variant::NoHooks) {
            Ok(record) => record,
            Err(e) => {
                errln!(
                    "game {}: {}",
                    g + 1,
                    billes_notation::control_pictures(&e.to_string())
                );
                refused += 1;
                continue;
            }
        };
        // One replay: the check of the record, and whether it was won.
        let over = match billes_core::validate_with(&rules, &record) {
            Ok(summary) => summary.winners.is_some(),
            Err(e) => {
                errln!(
                    "game {}: replay refuses it: {}",
                    g + 1,
                    billes_notation::control_pictures(&e.to_string())
                );
                refused += 1;
                false
            }
        };
        let n = record.line.turns.len();
        if n as u32 >= max_turns && !over {
            stalled += 1;
        }
        turns.push(n);
    }
    let seconds = started.elapsed().as_secs_f64();
    turns.sort_unstable();
    let total: usize = turns.iter().sum();
    let at = |q: usize| {
        turns
            .get(q.min(turns.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0)
    };
    writeln!(
        out,
        "played {games} seeded games ({} players in turn): {} ended, {stalled} stalled at {max_turns} turns, {refused} refused",
        seatings.iter().map(usize::to_string).collect::<Vec<_>>().join(", "),
        games - stalled - refused
    )?;
    writeln!(
        out,
        "turns a game: fewest {}, median {}, most {}; {:.0} turns a second (played and replayed)",
        at(0),
        at(turns.len() / 2),
        at(turns.len()),
        total as f64 / seconds.max(1e-9)
    )?;
    Ok(if refused > 0 || stalled * 2 > games {
        INVALID
    } else {
        OK
    })
}
