//! The default analysis of a whole typical game of each kind, on two
//! threads: four-player Aggravation, two- and four-player Barricade and
//! two-player Offboard, each game played by the heuristic players from the
//! start (seeded: the game of median length among nine). The target: under
//! 10 s of wall time each on two cores.
//!
//! ```text
//! cargo bench -p billes-analysis --bench games            # 3 runs a game
//! BENCH_RUNS=1 cargo bench -p billes-analysis --bench games
//! ```
//!
//! Prints, per game, its turns and decisions, the median wall time and the
//! median CPU time (user and system, of every thread; on a machine shared
//! with other work the wall time says little and the CPU time is the
//! program's own); exits with status 1 when a median wall time is over the
//! target.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::rc::Rc;
use std::time::{Duration, Instant};

use billes_analysis::{analyze_game, Heuristic, Policy, Settings};
use billes_core::game::Roll;
use billes_core::{Engine, GameKind, Rng, Standard};
use billes_notation::{parse_game, Game};

/// The wall time a game's analysis must stay under, on two cores.
const TARGET: Duration = Duration::from_secs(10);

/// Games simulated per kind; the one of median length is analysed.
const CANDIDATES: u64 = 9;

/// A game of `kind` with `seats` played out by the heuristic players, its
/// dice and their choices seeded by `seed`, as a record.
fn heuristic_game(kind: GameKind, seats: &str, seed: u64) -> Game {
    let rules = Standard::new(kind);
    let mut pos = rules.position(&[("Seats", seats)]).expect("start position");
    let policy = Heuristic::for_game(kind);
    let mut dice = Rng::new(seed);
    let mut choices = Rng::new(seed ^ 0x5EED);
    let mut text = format!("[Game \"{kind}\"]\n[Seats \"{seats}\"]\n\n");
    while !pos.is_over() && pos.turns() < 5000 {
        let roll = if pos.next().dice {
            Roll::new(dice.die())
        } else {
            None
        };
        let Some(mv) = policy
            .pick(pos.as_ref(), roll, &mut choices)
            .expect("moves")
        else {
            break;
        };
        text.push_str(&format!("{}. {}\n", pos.turns() + 1, mv.turn()));
        pos.play(&mv).expect("a legal move");
    }
    text.push_str("*\n");
    parse_game(&text).expect("the record reads back")
}

/// The game of median length among [`CANDIDATES`] heuristic games.
fn typical_game(kind: GameKind, seats: &str) -> Game {
    let mut games: Vec<Game> = (1..=CANDIDATES)
        .map(|seed| heuristic_game(kind, seats, seed))
        .collect();
    games.sort_by_key(|g| g.line.turns.len());
    games.swap_remove(games.len() / 2)
}

/// CPU seconds (user and system, every thread) the process has used so
/// far; `None` where `/proc/self/stat` is not there to say.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    // utime and stime: fields 14 and 15 of the line, in clock ticks (100 a
    // second on Linux).
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

fn main() {
    let runs: usize = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3)
        .max(1);
    let settings = Settings {
        jobs: 2,
        ..Settings::default()
    };
    println!("default analysis of a whole game, --jobs 2, median of {runs} runs");
    let mut over = Vec::new();
    for (kind, seats) in [
        (billes_core::aggravation::KIND, "R B G Y"),
        (billes_core::barricade::KIND, "R B"),
        (billes_core::barricade::KIND, "R G Y B"),
        (billes_core::offboard::KIND, "R B"),
    ] {
        let game = typical_game(kind, seats);
        let mut walls = Vec::new();
        let mut cpus = Vec::new();
        let mut decisions = 0;
        for _ in 0..runs {
            let cpu = cpu_seconds();
            let start = Instant::now();
            let analysis = analyze_game(&game, &settings, &|| {
                Ok(Rc::new(Standard::of(&game)?) as Rc<dyn Engine>)
            })
            .expect("the game is analysed");
            walls.push(start.elapsed().as_secs_f64());
            if let (Some(a), Some(b)) = (cpu, cpu_seconds()) {
                cpus.push(b - a);
            }
            decisions = analysis.turns.iter().filter(|t| t.is_decision()).count();
        }
        let wall = median(walls.clone());
        let cpu = if cpus.is_empty() {
            "CPU n/a".to_string()
        } else {
            format!("CPU {:5.2} s", median(cpus))
        };
        let verdict = if wall < TARGET.as_secs_f64() {
            "under 10 s"
        } else {
            over.push(format!("{kind}, {seats}"));
            "OVER 10 s"
        };
        let (lo, hi) = walls
            .iter()
            .fold((f64::INFINITY, 0.0f64), |(l, h), &w| (l.min(w), h.max(w)));
        println!(
            "{:<24} {:4} turns {:4} decisions  wall {wall:5.2} s ({lo:.2} to {hi:.2})  {cpu}  {verdict}",
            format!("{kind}, {seats}:"),
            game.line.turns.len(),
            decisions,
        );
    }
    if !over.is_empty() {
        eprintln!("over the 10 s target: {}", over.join("; "));
        std::process::exit(1);
    }
}
