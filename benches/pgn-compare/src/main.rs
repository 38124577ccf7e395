//! `billes validate` and `billes export` against pgn-reader and shakmaty,
//! in one run, on one core: moves (turns) per second, and each one's
//! ratio to pgn-reader's.
//!
//!     pgn-compare [--record FILE | --check FILE] CHESS_GAMES RUNS BGN_FILE...
//!
//! Generates CHESS_GAMES chess games by random legal play (shakmaty, a fixed
//! seed; up to 200 plies a game, most end unfinished) into memory as PGN,
//! then, RUNS times in turn, times pgn-reader + shakmaty validating every
//! move of them (its `validate` example: each SAN move read, resolved
//! against the position and played), and on each BGN file
//! `billes_archive::validate::run` (one thread, as `billes validate --jobs
//! 1`) and `billes_archive::export::run` to JSON Lines and to Parquet (one
//! thread, the default columns, into a folder under the system's temporary
//! one). It prints each one's median moves per second of CPU time (the
//! thread's own, so other work on the machine does not count) and its
//! ratio to pgn-reader's, measured in the same run.
//!
//! `--record FILE` writes the ratios to FILE (JSON), the baseline: the
//! ratios of the last release's build. `--check FILE` compares them with
//! that baseline and exits 1 when one has fallen by more than the
//! baseline's `margin` (a fraction: 0.25 is a quarter), naming it. A file's
//! kind is its name without the count of games (`aggravation-4-3000.bgn`
//! is `aggravation-4`), so a check may run on fewer games than the
//! baseline was recorded with.

use std::collections::BTreeMap;
use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

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

/// Turns per second of `billes export` of `file` to `format`, one thread,
/// the default columns.
fn export(file: &Path, format: billes_archive::export::Format) -> f64 {
    use billes_archive::export::{self, Settings};
    let out = std::env::temp_dir().join(format!("pgn-compare-export-{}", std::process::id()));
    let settings = Settings {
        format,
        force: true,
        jobs: 1,
        ..Settings::new(&out)
    };
    let found = billes_archive::input::expand_in_order(&[file.to_path_buf()]);
    let start = Cpu::start();
    let totals = export::run(found, &settings, &mut |_| {}).expect("the export is written");
    let seconds = start.seconds();
    std::fs::remove_dir_all(&out).expect("the tables are removed");
    assert_eq!(
        totals.exit_code(),
        0,
        "{}: every game is valid",
        file.display()
    );
    totals.turns as f64 / seconds
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// What is measured of each BGN file.
const MEASURES: [&str; 3] = ["validate", "export jsonl", "export parquet"];

/// One run of a measure on a file: turns per second.
fn measure(which: &str, file: &Path) -> f64 {
    use billes_archive::export::Format;
    match which {
        "validate" => billes(&file.to_path_buf()),
        "export jsonl" => export(file, Format::Jsonl),
        _ => export(file, Format::Parquet),
    }
}

/// A file's kind: its name without the extension and the count of games
/// (`aggravation-4-3000.bgn` is `aggravation-4`).
fn kind(file: &Path) -> String {
    let stem = file
        .file_stem()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    match stem.rsplit_once('-') {
        Some((kind, count)) if count.bytes().all(|b| b.is_ascii_digit()) => kind.to_string(),
        _ => stem,
    }
}

/// The margin of a check when the baseline gives none.
const MARGIN: f64 = 0.25;

/// Compares `ratios` with the baseline in `path`; the falls, described.
fn check(path: &Path, ratios: &BTreeMap<String, f64>) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("the baseline is readable");
    let baseline: serde_json::Value = serde_json::from_str(&text).expect("the baseline is JSON");
    let margin = baseline["margin"].as_f64().unwrap_or(MARGIN);
    let mut falls = Vec::new();
    for (name, &now) in ratios {
        let Some(was) = baseline["ratios"][name].as_f64() else {
            println!("{name:<44} {now:>8.3}  (not in the baseline)");
            continue;
        };
        let floor = was * (1.0 - margin);
        let verdict = if now < floor { "FELL" } else { "ok" };
        println!("{name:<44} {now:>8.3}  baseline {was:.3}, floor {floor:.3}: {verdict}");
        if now < floor {
            falls.push(format!(
                "{name}: {now:.3} of pgn-reader's rate, below {floor:.3} ({was:.3} less {:.0}%)",
                margin * 100.0
            ));
        }
    }
    falls
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut record = None;
    let mut baseline = None;
    while args.first().is_some_and(|a| a.starts_with("--")) {
        let flag = args.remove(0);
        let file = PathBuf::from(args.remove(0));
        match flag.as_str() {
            "--record" => record = Some(file),
            "--check" => baseline = Some(file),
            other => panic!("unknown option {other}"),
        }
    }
    assert!(
        args.len() >= 3,
        "pgn-compare [--record FILE | --check FILE] CHESS_GAMES RUNS BGN_FILE..."
    );
    let games: usize = args[0].parse().expect("a number of games");
    let runs: usize = args[1].parse().expect("a number of runs");
    let files: Vec<PathBuf> = args[2..].iter().map(PathBuf::from).collect();
    let (pgn, plies) = chess_games(games);
    println!(
        "chess: {games} random games, {plies} plies, {:.1} MB of PGN (pgn-reader 0.28, shakmaty 0.29)",
        pgn.len() as f64 / 1e6
    );
    // Warm up both, then alternate: each round sees the same machine.
    pgn_reader(&pgn, plies);
    let mut chess = Vec::new();
    let mut ours: Vec<Vec<Vec<f64>>> = vec![vec![Vec::new(); MEASURES.len()]; files.len()];
    for file in &files {
        for which in MEASURES {
            measure(which, file);
        }
    }
    for _ in 0..runs {
        chess.push(pgn_reader(&pgn, plies));
        for (file, rates) in files.iter().zip(&mut ours) {
            for (which, rates) in MEASURES.iter().zip(rates.iter_mut()) {
                rates.push(measure(which, file));
            }
        }
    }
    let chess = median(chess);
    println!("{:<44} {:>14} {:>8}", "input", "moves/s", "ratio");
    println!(
        "{:<44} {:>14.0} {:>8}",
        "pgn-reader + shakmaty (chess)", chess, "1.00"
    );
    let mut ratios = BTreeMap::new();
    for (file, rates) in files.iter().zip(ours) {
        for (which, rates) in MEASURES.iter().zip(rates) {
            let rate = median(rates);
            let name = format!("{which} {}", kind(file));
            println!(
                "{:<44} {:>14.0} {:>8.2}",
                format!("billes {name}"),
                rate,
                rate / chess
            );
            ratios.insert(name, rate / chess);
        }
    }
    if let Some(path) = record {
        let json = serde_json::json!({
            "what": "the ratios of billes validate and export (turns per CPU second, one core) to pgn-reader + shakmaty's moves per CPU second, measured by scripts/bench-pgn with the last release's build",
            "margin": MARGIN,
            "ratios": ratios
                .iter()
                .map(|(name, r)| (name.clone(), (r * 1000.0).round() / 1000.0))
                .collect::<BTreeMap<_, _>>(),
        });
        let text = serde_json::to_string_pretty(&json).expect("JSON");
        std::fs::write(&path, text + "\n").expect("the baseline is written");
        println!("recorded in {}", path.display());
    }
    if let Some(path) = baseline {
        println!();
        println!("against the baseline {}:", path.display());
        let falls = check(&path, &ratios);
        if !falls.is_empty() {
            for fall in &falls {
                eprintln!("bench-pgn: {fall}");
            }
            std::process::exit(1);
        }
    }
}
