//! `billes validate` against pgn-reader and shakmaty, in one run, on one
//! core: moves (turns) checked per second.
//!
//!     pgn-compare CHESS_GAMES RUNS BGN_FILE...
//!
//! Generates CHESS_GAMES chess games by random legal play (shakmaty, a fixed
//! seed; up to 200 plies a game, most end unfinished) into memory as PGN,
//! then, RUNS times in turn, times pgn-reader + shakmaty validating every
//! move of them (its `validate` example: each SAN move read, resolved
//! against the position and played) and `billes_archive::validate::run` on
//! each BGN file (one thread, as `billes validate --jobs 1`), and prints
//! each side's median moves per second of CPU time (the thread's own, so
//! other work on the machine does not count) and the ratio.

use std::io;
use std::ops::ControlFlow;
use std::path::PathBuf;

use pgn_reader::{Reader, SanPlus, Skip, Visitor};
use shakmaty::san::SanPlus as Written;
use shakmaty::{Chess, Position};

/// The PGN of `games` random legal chess games, and their plies.
fn chess_games(games: usize) -> (Vec<u8>, u64) {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut out = String::new();
    let mut plies = 0;
    for game in 0..games {
        out += &format!(
            "[Event \"random {}\"]\n[Site \"?\"]\n[Result \"*\"]\n\n",
            game + 1
        );
        let mut pos = Chess::default();
        let mut line = String::new();
        for ply in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.is_insufficient_material() {
                break;
            }
            let m = moves[(next() % moves.len() as u64) as usize].clone();
            let san = Written::from_move_and_play_unchecked(&mut pos, m);
            if ply % 2 == 0 {
                line += &format!("{}. ", ply / 2 + 1);
            }
            line += &format!("{san} ");
            plies += 1;
        }
        out += &line;
        out += "*\n\n";
    }
    (out.into_bytes(), plies)
}

/// The CPU time this thread has run, in seconds (Linux: the machine may
/// be busy with other work, which the wall clock would count).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat")
        .expect("a Linux /proc (the bench measures CPU time)");
    let ns: u64 = stat
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("schedstat starts with the time on the CPU");
    ns as f64 / 1e9
}

/// A stopwatch of this thread's CPU time.
struct Cpu(f64);

impl Cpu {
    fn start() -> Cpu {
        Cpu(cpu_seconds())
    }

    fn seconds(&self) -> f64 {
        cpu_seconds() - self.0
    }
}

/// pgn-reader's validating visitor: every move resolved and played.
struct Validator {
    moves: u64,
}

impl Visitor for Validator {
    type Tags = ();
    type Movetext = Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, ()> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(Chess::default())
    }

    fn begin_variation(&mut self, _movetext: &mut Chess) -> ControlFlow<bool, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<bool> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.moves += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _movetext: Chess) -> bool {
        true
    }
}

/// Moves per second of pgn-reader + shakmaty over `pgn`.
fn pgn_reader(pgn: &[u8], plies: u64) -> f64 {
    let start = Cpu::start();
    let mut validator = Validator { moves: 0 };
    let mut reader = Reader::new(pgn);
    while let Some(ok) = reader.read_game(&mut validator).expect("in memory") {
        assert!(ok, "a generated game is legal");
    }
    let seconds = start.seconds();
    assert_eq!(validator.moves, plies);
    plies as f64 / seconds
}

/// Turns per second of the billes validation of `file`, one thread.
fn billes(file: &PathBuf) -> f64 {
    use billes_archive::input::Input;
    use billes_archive::validate::{self, Settings};
    let start = Cpu::start();
    let mut turns = 0;
    let mut invalid = 0;
    validate::run(
        vec![Ok(Input::File(file.clone()))],
        1,
        &Settings::default(),
        &mut |outcome| {
            turns += outcome.turns();
            invalid += usize::from(!outcome.errors().is_empty());
            Ok::<(), io::Error>(())
        },
    )
    .expect("no report to write");
    let seconds = start.seconds();
    assert_eq!(invalid, 0, "{}: every game is valid", file.display());
    turns as f64 / seconds
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    assert!(args.len() >= 3, "pgn-compare CHESS_GAMES RUNS BGN_FILE...");
    let games: usize = args[0].parse().expect("a number of games");
    let runs: usize = args[1].parse().expect("a number of runs");
    let files: Vec<PathBuf> = args[2..].iter().map(PathBuf::from).collect();
    let (pgn, plies) = chess_games(games);
    println!(
        "chess: {games} random games, {plies} plies, {:.1} MB of PGN (pgn-reader 0.28, shakmaty 0.29)",
        pgn.len() as f64 / 1e6
    );
    // Warm up both, then alternate: each pair of runs sees the same machine.
    pgn_reader(&pgn, plies);
    let mut chess = Vec::new();
    let mut ours: Vec<Vec<f64>> = vec![Vec::new(); files.len()];
    for file in &files {
        billes(file);
    }
    for _ in 0..runs {
        chess.push(pgn_reader(&pgn, plies));
        for (file, rates) in files.iter().zip(&mut ours) {
            rates.push(billes(file));
        }
    }
    let chess = median(chess);
    println!("{:<40} {:>14} {:>8}", "input", "moves/s", "ratio");
    println!(
        "{:<40} {:>14.0} {:>8}",
        "pgn-reader + shakmaty (chess)", chess, "1.00"
    );
    for (file, rates) in files.iter().zip(ours) {
        let rate = median(rates);
        let name = file
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        println!(
            "{:<40} {:>14.0} {:>8.2}",
            format!("billes validate {name}"),
            rate,
            rate / chess
        );
    }
}
