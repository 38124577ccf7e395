//! Judging every decision of a record: candidates, marks and luck.
//!
//! - `judge`: one turn judged: its candidates (the moves that reach the
//!   same position), the move filter, the best candidate, the loss, the
//!   mark and the luck.
//! - `rollouts`: the rollouts of one turn: candidates rolled out in
//!   batches with the same dice, the luck of the roll, the turn's clock.
//! - `report`: what the analysis says: [`Mark`], [`Candidate`],
//!   [`TurnAnalysis`], [`Totals`] and [`GameAnalysis`].
//!
//! This module holds the settings and the work of a whole game on several
//! threads.

use std::fmt;
use std::ops::Deref;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use billes_core::{Engine, ReplayError};
use billes_notation::Game;

use crate::policy::Heuristic;

mod judge;
mod report;
mod rollouts;

pub use judge::analyze_turn;
pub use report::{Candidate, GameAnalysis, Mark, Totals, TurnAnalysis};

use judge::judge;
use report::summarise;
use rollouts::Clock;

/// How a record is analysed. The default is the quick look: few
/// candidates, rollouts cut after [`Settings::horizon`] rounds and valued
/// by the player's evaluation there; [`Settings::full`] plays every
/// candidate out to the end.
///
/// ```
/// let s = billes_analysis::Settings::default();
/// assert_eq!(s.rollouts, 32);
/// assert_eq!(s.jobs, 1);
/// assert_eq!((s.horizon, s.candidates), (6, 5));
/// let full = billes_analysis::Settings::full(256);
/// assert_eq!((full.rollouts, full.horizon, full.candidates), (256, 0, 0));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Rollouts per candidate at most (fewer when one candidate is clearly
    /// ahead early); at most [`Settings::MAX_ROLLOUTS`].
    pub rollouts: u32,
    /// Rollouts that measure the luck of a roll (and the winning chance of a
    /// forced move); rounded up to a multiple of 6.
    pub luck_rollouts: u32,
    /// The seed of every random number: the same seed gives the same
    /// analysis, whatever the number of jobs.
    pub seed: u64,
    /// Threads.
    pub jobs: usize,
    /// Turns a rollout played to the end may last before it is stopped
    /// unfinished and valued by the evaluation. After one such rollout the
    /// turn's later ones get [`Settings::MIN_TURN_CAP`] turns at most: a
    /// position whose rollouts never end (a variant's hook) costs this once
    /// per decision, then that many turns a rollout.
    pub max_turns: u32,
    /// Rounds (one turn of every seat) a rollout is played before it is cut
    /// and the position valued by the player's evaluation
    /// ([`crate::Policy::evaluate`]); 0: played to the end.
    pub horizon: u32,
    /// Candidates rolled out at most (the move filter); the others are
    /// only evaluated. They are chosen by the evaluation of the position
    /// each reaches and by the player's liking, and the move played is
    /// always among them. A move that puts barricades down is chosen in
    /// two steps: the best points for each pawn move first (by the
    /// evaluation), then among the pawn moves. 0: every candidate.
    pub candidates: usize,
    /// Wall time for the whole game, shared out among its turns as they
    /// start: a turn whose share is spent stops after its current batch of
    /// rollouts (the standard errors say how much less it knows). `None`:
    /// no limit, and the analysis depends only on the seed.
    pub time: Option<Duration>,
    /// Candidates are compared after every batch of this many rollouts.
    pub batch: u32,
    /// A candidate behind the best by more than this many standard errors
    /// of the difference is dropped early.
    pub z: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            rollouts: 32,
            luck_rollouts: 12,
            seed: 1,
            jobs: 1,
            max_turns: 3000,
            horizon: 6,
            candidates: 5,
            time: None,
            batch: 8,
            z: 3.0,
        }
    }
}

impl Settings {
    /// Rollouts per candidate at most (more are refused by the command line
    /// and cut to this here): each keeps one number per rollout.
    pub const MAX_ROLLOUTS: u32 = 100_000;

    /// The turns a rollout played to the end gets once an earlier rollout
    /// of the same decision passed [`Settings::max_turns`].
    pub const MIN_TURN_CAP: u32 = 100;

    /// The full look: every candidate, `rollouts` rollouts each at most,
    /// each played to the end.
    pub fn full(rollouts: u32) -> Settings {
        Settings {
            rollouts,
            horizon: 0,
            candidates: 0,
            ..Settings::default()
        }
    }

    /// The rollouts per candidate, within [`Settings::MAX_ROLLOUTS`].
    fn rollouts(&self) -> u32 {
        self.rollouts.clamp(2, Settings::MAX_ROLLOUTS)
    }

    /// The luck rollouts, a multiple of 6 within [`Settings::MAX_ROLLOUTS`].
    fn luck_rollouts(&self) -> u32 {
        self.luck_rollouts.min(Settings::MAX_ROLLOUTS).div_ceil(6) * 6
    }
}

/// Why a record could not be analysed.
#[derive(Debug, Clone, PartialEq)]
pub struct AnalysisError {
    /// The turn's place in the main line (0: before the first turn).
    pub index: u32,
    /// What went wrong, from the rules.
    pub error: ReplayError,
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.index == 0 {
            write!(f, "{}", self.error.message)
        } else {
            write!(f, "turn {}: {}", self.index, self.error.message)
        }
    }
}

impl std::error::Error for AnalysisError {}

fn at(index: u32) -> impl Fn(ReplayError) -> AnalysisError {
    move |error| AnalysisError { index, error }
}

/// Analyses every main-line turn of `game` on `settings.jobs` threads, each
/// making its own engine with `engine` (a variant's engine is not shared
/// between threads).
///
/// ```
/// use std::rc::Rc;
/// use billes_analysis::{analyze_game, Settings};
/// use billes_core::{Engine, Standard};
///
/// let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n[Position \"R:r9,b2 G:r12 move=R\"]\n\n1. R3 b2-b5 *\n";
/// let game = billes_notation::parse_game(record).unwrap();
/// let settings = Settings { rollouts: 16, luck_rollouts: 6, ..Settings::default() };
/// let analysis = analyze_game(&game, &settings, &|| Ok(Rc::new(Standard::of(&game)?) as Rc<dyn Engine>))?;
/// let turn = &analysis.turns[0];
/// assert!(turn.is_decision());
/// assert_eq!(turn.best.as_ref().map(|b| b.0.as_str()), Some("r9-r12*"));
/// # Ok::<(), billes_analysis::AnalysisError>(())
/// ```
///
/// # Errors
/// The record's first mistake, or a variant's hook failing.
pub fn analyze_game<E, F>(
    game: &Game,
    settings: &Settings,
    engine: &F,
) -> Result<GameAnalysis, AnalysisError>
where
    E: Deref<Target = dyn Engine>,
    F: Fn() -> Result<E, ReplayError> + Sync,
{
    analyze_game_with(game, settings, engine, &|| {})
}

/// [`analyze_game`], calling `done` each time a turn's analysis ends (from
/// any of the threads): a progress bar's tick.
///
/// # Errors
/// The record's first mistake, or a variant's hook failing.
pub fn analyze_game_with<E, F>(
    game: &Game,
    settings: &Settings,
    engine: &F,
    done: &(dyn Fn() + Sync),
) -> Result<GameAnalysis, AnalysisError>
where
    E: Deref<Target = dyn Engine>,
    F: Fn() -> Result<E, ReplayError> + Sync,
{
    let turns = &game.line.turns;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<TurnAnalysis>>> = Mutex::new(vec![None; turns.len()]);
    let first_error: Mutex<Option<AnalysisError>> = Mutex::new(None);
    let jobs = settings.jobs.clamp(1, turns.len().max(1));
    let shared = Shared {
        next: &next,
        results: &results,
        done,
        deadline: settings.time.map(|t| (Instant::now() + t, jobs)),
    };
    let work = || {
        if let Err(e) = worker(game, settings, engine, &shared) {
            let mut slot = first_error.lock().unwrap_or_else(|p| p.into_inner());
            if slot.as_ref().is_none_or(|s| e.index < s.index) {
                *slot = Some(e);
            }
        }
    };
    std::thread::scope(|s| {
        for _ in 1..jobs {
            s.spawn(work);
        }
        work();
    });
    if let Some(e) = first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let analysed: Vec<TurnAnalysis> = results
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
        .into_iter()
        .flatten()
        .collect();
    let e = engine().map_err(at(0))?;
    let start = e.start(game).map_err(at(0))?;
    Ok(summarise(game, start.as_ref(), analysed))
}

/// What the threads analysing one game share.
struct Shared<'a> {
    /// The next turn no thread has taken.
    next: &'a AtomicUsize,
    results: &'a Mutex<Vec<Option<TurnAnalysis>>>,
    done: &'a (dyn Fn() + Sync),
    /// When the time budget ends, and the threads sharing it.
    deadline: Option<(Instant, usize)>,
}

/// One thread's share: takes the next turn not yet taken, replays up to
/// it, analyses it.
fn worker<E, F>(
    game: &Game,
    settings: &Settings,
    engine: &F,
    shared: &Shared<'_>,
) -> Result<(), AnalysisError>
where
    E: Deref<Target = dyn Engine>,
    F: Fn() -> Result<E, ReplayError>,
{
    let turns = &game.line.turns;
    let engine = engine().map_err(at(0))?;
    let mut pos = engine.start(game).map_err(at(0))?;
    let policy = Heuristic::for_game(engine.game());
    let mut played = 0;
    loop {
        let i = shared.next.fetch_add(1, Ordering::Relaxed);
        if i >= turns.len() {
            return Ok(());
        }
        while played < i {
            let turn = &turns[played];
            pos.play_turn(turn).map_err(at(played as u32 + 1))?;
            played += 1;
        }
        let index = i as u32 + 1;
        let clock = Clock::for_turn(shared.deadline, turns.len() - i);
        let t =
            judge(pos.as_ref(), &turns[i], index, &policy, settings, clock).map_err(at(index))?;
        let mut r = shared.results.lock().unwrap_or_else(|p| p.into_inner());
        r[i] = Some(t);
        drop(r);
        (shared.done)();
    }
}

#[cfg(test)]
mod tests {
    use super::Settings;

    #[test]
    fn rollouts_are_bounded() {
        let huge = Settings {
            rollouts: u32::MAX,
            luck_rollouts: u32::MAX,
            ..Settings::default()
        };
        assert_eq!(huge.rollouts(), Settings::MAX_ROLLOUTS);
        assert!(huge.luck_rollouts() <= Settings::MAX_ROLLOUTS + 5);
        assert_eq!(huge.luck_rollouts() % 6, 0);
    }
}
