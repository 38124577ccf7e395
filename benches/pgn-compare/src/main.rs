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
//! one), each run of a measure repeated until it has taken a quarter of a
//! second and made just after a run of pgn-reader, in pairs. It prints each
//! one's median moves per second of CPU time (the thread's own, so other
//! work on the machine does not count), pgn-reader's in its pairs, and the
//! median of the pairs' ratios with their range: the ratio of two runs side
//! by side, as the machine's speed drifts over seconds.
//!
//! `--record FILE` writes the ratios to FILE (JSON), the baseline: the
//! ratios of the last release's build, each measured with six times the
//! pairs a check makes ([`RECORD`]). `--check FILE` compares them with
//! that baseline and exits 1 when one has fallen by more than the
//! baseline's `margin` (a fraction: 0.3 is 30%), naming it. A file's
//! kind is its name without the count of games (`aggravation-4-3000.bgn`
//! is `aggravation-4`), so a check may run on fewer games than the
//! baseline was recorded with.
//!
//! The ratios depend on the processor as well as on the code (pgn-reader
//! is a fifth to a third faster on one Intel Xeon than on one AMD EPYC,
//! billes about as fast on both: docs/validate-report.md, "On another
//! processor"), so the run prints the processor's name, `--record` keeps
//! it in the baseline, and `--check` says when it ran on another.

use std::collections::BTreeMap;
use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use pgn_reader::{Reader, SanPlus, Skip, Visitor};
use shakmaty::san::SanPlus as Written;
use shakmaty::{Chess, Position};

/// The processor's name as the system gives it (Linux's `/proc/cpuinfo`),
/// or `unknown`.
fn processor() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|l| l.strip_prefix("model name"))
                .and_then(|rest| rest.split_once(':'))
                .map(|(_, name)| name.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".to_string())
}

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
            let m = moves[(next() % moves.len() as u64) as usize];
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

/// The turns of the billes validation of `file`, one thread, and the CPU
/// seconds it took.
fn billes(file: &Path) -> (u64, f64) {
    use billes_archive::input::Input;
    use billes_archive::validate::{self, Settings};
    let start = Cpu::start();
    let mut turns = 0;
    let mut invalid = 0;
    validate::run(
        vec![Ok(Input::File(file.to_path_buf()))],
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
    (turns, seconds)
}

/// The turns of `billes export` of `file` to `format`, one thread, the
/// default columns, and the CPU seconds it took.
fn export(file: &Path, format: billes_archive::export::Format) -> (u64, f64) {
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
    (totals.turns, seconds)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The runs of one measure, each beside a run of pgn-reader made just
/// before it: both rates, and their ratio.
#[derive(Clone, Default)]
struct Pairs {
    chess: Vec<f64>,
    ours: Vec<f64>,
    ratios: Vec<f64>,
}

impl Pairs {
    fn push(&mut self, chess: f64, ours: f64) {
        self.chess.push(chess);
        self.ours.push(ours);
        self.ratios.push(ours / chess);
    }
}

/// What is measured of each BGN file.
const MEASURES: [&str; 3] = ["validate", "export jsonl", "export parquet"];

/// The least CPU time of one measured run: a measure on a small archive
/// (a validation of 1,000 games takes 30 ms) is repeated until it has run
/// this long, so the clock's steps and a moment's interruption weigh
/// little in it.
const LEAST_SECONDS: f64 = 0.25;

/// One run of a measure on a file, repeated until it has taken
/// [`LEAST_SECONDS`]: turns per second.
fn measure(which: &str, file: &Path) -> f64 {
    use billes_archive::export::Format;
    let (mut turns, mut seconds) = (0, 0.0);
    while seconds < LEAST_SECONDS {
        let (t, s) = match which {
            "validate" => billes(file),
            "export jsonl" => export(file, Format::Jsonl),
            _ => export(file, Format::Parquet),
        };
        turns += t;
        seconds += s;
    }
    turns as f64 / seconds
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

/// The margin of a check when the baseline gives none, and the one
/// `--record` writes: 30%, as one build's runs on a shared machine spread
/// by up to a quarter (JSON Lines export most), and a check that fails an
/// unchanged build is worse than none.
const MARGIN: f64 = 0.30;

/// A ratio below its floor: the measure's name, the ratio, the baseline's.
struct Fall {
    name: String,
    now: f64,
    was: f64,
    floor: f64,
}

/// Compares `ratios` with the baseline `baseline`, printing each; those
/// that fell below the floor (the baseline's less its margin).
fn check(baseline: &serde_json::Value, ratios: &BTreeMap<String, f64>) -> Vec<Fall> {
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
            let name = name.clone();
            falls.push(Fall {
                name,
                now,
                was,
                floor,
            });
        }
    }
    falls
}

/// The chess games, and the pairs of runs of each measure on each file.
struct Bench {
    pgn: Vec<u8>,
    plies: u64,
    files: Vec<PathBuf>,
    /// Indexed by file, then by measure (in [`MEASURES`]' order).
    pairs: Vec<Vec<Pairs>>,
}

impl Bench {
    /// `runs` more pairs of each measure on each file.
    fn run(&mut self, runs: usize) {
        for _ in 0..runs {
            for f in 0..self.files.len() {
                for m in 0..MEASURES.len() {
                    self.pair(f, m);
                }
            }
        }
    }

    /// One more pair of the measure `m` on the file `f`: a run of
    /// pgn-reader, then one of the measure (the machine's speed drifts by a
    /// quarter over seconds; two runs side by side see the same).
    fn pair(&mut self, f: usize, m: usize) {
        let chess = pgn_reader(&self.pgn, self.plies);
        let ours = measure(MEASURES[m], &self.files[f]);
        self.pairs[f][m].push(chess, ours);
    }

    /// The name of the measure `m` on the file `f`.
    fn name(&self, f: usize, m: usize) -> String {
        format!("{} {}", MEASURES[m], kind(&self.files[f]))
    }

    /// Prints the table of rates and ratios; the ratios by name.
    fn report(&self) -> BTreeMap<String, f64> {
        let chess: Vec<f64> = self
            .pairs
            .iter()
            .flatten()
            .flat_map(|p| p.chess.clone())
            .collect();
        println!(
            "{:<38} {:>12} {:>12} {:>6} {:>12}",
            "input", "moves/s", "pgn-reader", "ratio", "ratios"
        );
        println!(
            "{:<38} {:>12.0} {:>12} {:>6}",
            "pgn-reader + shakmaty (chess)",
            median(chess),
            "",
            "1.00"
        );
        let mut ratios = BTreeMap::new();
        for f in 0..self.files.len() {
            for m in 0..MEASURES.len() {
                let pairs = &self.pairs[f][m];
                let ratio = median(pairs.ratios.clone());
                println!(
                    "{:<38} {:>12.0} {:>12.0} {:>6.2} {:>5.2}-{:<5.2}",
                    format!("billes {}", self.name(f, m)),
                    median(pairs.ours.clone()),
                    median(pairs.chess.clone()),
                    ratio,
                    pairs.ratios.iter().copied().fold(f64::INFINITY, f64::min),
                    pairs.ratios.iter().copied().fold(0.0, f64::max),
                );
                ratios.insert(self.name(f, m), ratio);
            }
        }
        ratios
    }

    /// The file and measure named `name`.
    fn find(&self, name: &str) -> (usize, usize) {
        (0..self.files.len())
            .flat_map(|f| (0..MEASURES.len()).map(move |m| (f, m)))
            .find(|&(f, m)| self.name(f, m) == name)
            .expect("a measure of the bench")
    }
}

/// A check's fall is measured again, with this many times its runs in
/// more pairs, before it fails the check: a slow moment of the machine
/// can pull one median a quarter down (seen on an unchanged build), where a
/// real slowdown stays in the longer measurement.
const AGAIN: usize = 2;

/// `--record` measures this many times the pairs a run makes: a
/// baseline set by one run's medians on a shared machine was a fast or
/// slow stretch of it as often as the build's speed (runs of one build
/// spread by up to a quarter), and every check after is measured
/// against it.
const RECORD: usize = 6;

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
    let processor = processor();
    println!("processor: {processor}");
    println!(
        "chess: {games} random games, {plies} plies, {:.1} MB of PGN (pgn-reader 0.28, shakmaty 0.29)",
        pgn.len() as f64 / 1e6
    );
    let pairs = vec![vec![Pairs::default(); MEASURES.len()]; files.len()];
    let mut bench = Bench {
        pgn,
        plies,
        files,
        pairs,
    };
    // Warm up both, then the pairs.
    pgn_reader(&bench.pgn, bench.plies);
    for file in &bench.files {
        for which in MEASURES {
            measure(which, file);
        }
    }
    bench.run(runs * record.as_ref().map_or(1, |_| RECORD));
    let ratios = bench.report();
    if let Some(path) = record {
        let json = serde_json::json!({
            "what": "the ratios of billes validate and export (turns per CPU second, one core) to pgn-reader + shakmaty's moves per CPU second, each the median of pairs of runs side by side (six times a check's pairs), measured by scripts/bench-pgn with the last release's build",
            "margin": MARGIN,
            "processor": processor,
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
        let text = std::fs::read_to_string(&path).expect("the baseline is readable");
        let baseline: serde_json::Value =
            serde_json::from_str(&text).expect("the baseline is JSON");
        println!();
        println!("against the baseline {}:", path.display());
        match baseline["processor"].as_str() {
            Some(theirs) if theirs == processor => {}
            Some(theirs) => println!(
                "(recorded on {theirs}, measured on {processor}: the ratios differ from one processor to another as well)"
            ),
            None => println!("(the baseline does not name the processor it was recorded on)"),
        }
        let mut falls = check(&baseline, &ratios);
        if !falls.is_empty() {
            println!();
            println!("measured again, {} more pairs each:", AGAIN * runs);
            let mut again = BTreeMap::new();
            for fall in &falls {
                let (f, m) = bench.find(&fall.name);
                for _ in 0..AGAIN * runs {
                    bench.pair(f, m);
                }
                again.insert(fall.name.clone(), median(bench.pairs[f][m].ratios.clone()));
            }
            falls = check(&baseline, &again);
        }
        if !falls.is_empty() {
            let margin = baseline["margin"].as_f64().unwrap_or(MARGIN);
            for Fall {
                name,
                now,
                was,
                floor,
            } in &falls
            {
                eprintln!(
                    "bench-pgn: {name}: {now:.3} of pgn-reader's rate, below {floor:.3} ({was:.3} less {:.0}%)",
                    margin * 100.0
                );
            }
            std::process::exit(1);
        }
    }
}
