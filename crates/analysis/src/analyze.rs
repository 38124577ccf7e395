//! Judging every decision of a record: candidates, marks and luck.

use std::collections::HashMap;
use std::fmt;
use std::ops::Deref;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use billes_core::game::{Move, Position, Roll};
use billes_core::{Engine, ReplayError};
use billes_notation::{Action, Game, Turn};
use serde::Serialize;

use crate::policy::{team_of, Heuristic, Policy};
use crate::rollout::{play_out, seeds, side_value, Estimate};

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

/// The marks of a decision, by lost winning chance (GNU Backgammon's, with
/// winning chance for equity).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// `?!`: lost at least [`Mark::DOUBTFUL`].
    Doubtful,
    /// `?`: lost at least [`Mark::BAD`].
    Bad,
    /// `??`: lost at least [`Mark::VERY_BAD`].
    VeryBad,
}

impl Mark {
    /// Lost winning chance that makes a move doubtful (`?!`).
    pub const DOUBTFUL: f64 = 0.04;
    /// Lost winning chance that makes a move bad (`?`).
    pub const BAD: f64 = 0.08;
    /// Lost winning chance that makes a move very bad (`??`).
    pub const VERY_BAD: f64 = 0.16;

    /// The mark for a loss of winning chance `loss` measured with standard
    /// error `se`: none unless the loss is at least a threshold and more
    /// than twice its error.
    ///
    /// ```
    /// use billes_analysis::Mark;
    /// assert_eq!(Mark::of(0.2, 0.01), Some(Mark::VeryBad));
    /// assert_eq!(Mark::of(0.2, 0.15), None);
    /// assert_eq!(Mark::of(0.05, 0.0), Some(Mark::Doubtful));
    /// assert_eq!(Mark::of(0.01, 0.0), None);
    /// ```
    pub fn of(loss: f64, se: f64) -> Option<Mark> {
        if loss <= 2.0 * se {
            return None;
        }
        if loss >= Mark::VERY_BAD {
            Some(Mark::VeryBad)
        } else if loss >= Mark::BAD {
            Some(Mark::Bad)
        } else if loss >= Mark::DOUBTFUL {
            Some(Mark::Doubtful)
        } else {
            None
        }
    }

    /// The symbol: `?!`, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Doubtful => "?!",
            Mark::Bad => "?",
            Mark::VeryBad => "??",
        }
    }

    /// The NAG code of the symbol: 6, 2 or 4.
    pub fn nag(self) -> u8 {
        match self {
            Mark::Doubtful => 6,
            Mark::Bad => 2,
            Mark::VeryBad => 4,
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// One candidate of a decision: the moves that lead to the same position,
/// and their winning chance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Candidate {
    /// The moves, in canonical notation (two moves that reach the same
    /// position are one candidate).
    pub moves: Vec<String>,
    /// The winning chance of the mover's side after it.
    pub win: Estimate,
}

/// The analysis of one turn.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnAnalysis {
    /// The turn's place in the main line (1-based).
    pub index: u32,
    /// The turn number as written.
    pub number: u32,
    /// The seat that took the turn.
    pub seat: String,
    /// The mover's side: its team, or the seat alone.
    pub side: Vec<String>,
    /// The roll (`None` in Offboard).
    pub roll: Option<u8>,
    /// The move played, in canonical notation.
    pub played: String,
    /// Legal moves with the roll.
    pub legal: usize,
    /// Candidates (distinct positions reached); a decision has two or more.
    pub candidates: Vec<Candidate>,
    /// The winning chance after the move played (`None` for a forced move
    /// in a game without dice: nothing was rolled out).
    pub win: Option<Estimate>,
    /// The best candidate's first move and winning chance, when the move
    /// played is not the best.
    pub best: Option<(String, Estimate)>,
    /// Winning chance lost against the best candidate, with its standard
    /// error (0 when the move played is the best or there was no choice).
    /// A loss of [`Mark::DOUBTFUL`]` / 2` or more is measured again, with
    /// `win` and `best`, on fresh rollouts of the two with the same dice:
    /// picking the best of many noisy estimates would inflate it.
    pub loss: Estimate,
    /// The mark, if the loss earns one.
    pub mark: Option<Mark>,
    /// The roll's value against the average over the six rolls (dice games).
    pub luck: Option<Estimate>,
    /// Rollouts of the turn stopped unfinished at the turn cap
    /// ([`Settings::max_turns`], then [`Settings::MIN_TURN_CAP`]) and
    /// valued by the evaluation;
    /// rollouts cut at the horizon are not counted.
    #[serde(skip_serializing_if = "is_zero")]
    pub unfinished: u32,
    /// Whether the time budget ([`Settings::time`]) stopped the turn's
    /// rollouts before they were all played.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hurried: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl TurnAnalysis {
    /// Whether the mover had a choice (two or more candidates).
    pub fn is_decision(&self) -> bool {
        self.candidates.len() > 1
    }
}

/// The totals of a seat or a team.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Totals {
    /// The seat, or the team's seats joined by `+`.
    pub who: String,
    /// Turns taken.
    pub turns: u32,
    /// Turns with a choice.
    pub decisions: u32,
    /// Marks `?!`.
    pub doubtful: u32,
    /// Marks `?`.
    pub bad: u32,
    /// Marks `??`.
    pub very_bad: u32,
    /// Winning chance lost over all decisions.
    pub lost: f64,
    /// Luck summed over the rolls.
    pub luck: f64,
}

impl Totals {
    fn add(&mut self, t: &TurnAnalysis) {
        self.turns += 1;
        if t.is_decision() {
            self.decisions += 1;
            self.lost += t.loss.mean.max(0.0);
        }
        match t.mark {
            Some(Mark::Doubtful) => self.doubtful += 1,
            Some(Mark::Bad) => self.bad += 1,
            Some(Mark::VeryBad) => self.very_bad += 1,
            None => {}
        }
        if let Some(l) = t.luck {
            self.luck += l.mean;
        }
    }
}

/// The analysis of a whole game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameAnalysis {
    /// The game.
    pub game: String,
    /// Every main-line turn.
    pub turns: Vec<TurnAnalysis>,
    /// Totals per seat, in playing order.
    pub seats: Vec<Totals>,
    /// Totals per team, in team games.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<Totals>,
    /// Rollouts stopped unfinished at the turn cap, over every turn.
    #[serde(skip_serializing_if = "is_zero")]
    pub unfinished: u32,
    /// Turns the time budget cut short.
    #[serde(skip_serializing_if = "is_zero")]
    pub hurried: u32,
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

/// The time a turn may take: the rest of the budget shared out among the
/// turns not yet started, `jobs` of them at a time.
#[derive(Debug, Clone, Copy, Default)]
struct Clock {
    until: Option<Instant>,
}

impl Clock {
    fn for_turn(deadline: Option<(Instant, usize)>, left: usize) -> Clock {
        let until = deadline.map(|(end, jobs)| {
            let now = Instant::now();
            let rest = end.saturating_duration_since(now);
            now + rest.mul_f64(jobs as f64 / left.max(1) as f64)
        });
        Clock { until }
    }

    fn over(&self) -> bool {
        self.until.is_some_and(|u| Instant::now() >= u)
    }
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

/// A candidate being rolled out.
struct Group<'p> {
    moves: Vec<usize>,
    after: Box<dyn Position + 'p>,
    samples: Vec<f32>,
    active: bool,
}

/// Analyses `turn`, played from `pos`, the `index`-th of the main line
/// (without a time budget: [`Settings::time`] is the game's).
///
/// # Errors
/// When the turn is not legal here or a variant's hook fails.
pub fn analyze_turn(
    pos: &dyn Position,
    turn: &Turn,
    index: u32,
    policy: &dyn Policy,
    settings: &Settings,
) -> Result<TurnAnalysis, ReplayError> {
    judge(pos, turn, index, policy, settings, Clock::default())
}

/// [`analyze_turn`] within the time of `clock`.
fn judge(
    pos: &dyn Position,
    turn: &Turn,
    index: u32,
    policy: &dyn Policy,
    settings: &Settings,
    clock: Clock,
) -> Result<TurnAnalysis, ReplayError> {
    let seat = turn.head.seat.as_str().to_string();
    let written = Move::from_turn(turn).ok_or_else(|| {
        ReplayError::new(
            billes_core::ErrorKind::Roll,
            turn.head.span,
            "the roll is not a die face (1 to 6)",
        )
    })?;
    let roll = written.roll;
    let side = team_of(pos, &seat);
    let teams = (pos.seats().len() / side.len().max(1)).max(1);
    let legal = pos.legal_moves_for(&seat, roll)?;
    let mut after_played = pos.boxed();
    after_played.play_turn(turn)?;
    let played_key = key_of(after_played.as_ref());

    // Moves reaching the same position are one candidate.
    let mut groups: Vec<Group<'_>> = Vec::new();
    let mut keys: HashMap<String, usize> = HashMap::new();
    for (i, mv) in legal.iter().enumerate() {
        let mut after = pos.boxed();
        after.play(mv)?;
        let key = key_of(after.as_ref());
        match keys.get(&key) {
            Some(&g) => groups[g].moves.push(i),
            None => {
                keys.insert(key, groups.len());
                groups.push(Group {
                    moves: vec![i],
                    after,
                    samples: Vec::new(),
                    active: true,
                });
            }
        }
    }
    let played = keys.get(&played_key).copied().ok_or_else(|| {
        ReplayError::new(
            billes_core::ErrorKind::IllegalMove,
            turn.span,
            "the move played is not among the legal moves",
        )
    })?;
    let stream = u64::from(index);
    let with_dice = roll.is_some();
    let luck_n = settings.luck_rollouts();
    let evaluations: Vec<f32> = groups
        .iter()
        .map(|g| policy.evaluate(g.after.as_ref(), &side))
        .collect();
    if settings.candidates > 0 && groups.len() > settings.candidates {
        let keep = filter(
            &legal,
            &groups,
            &evaluations,
            &policy.scores(pos, &legal),
            played,
            settings.candidates,
        );
        for (group, keep) in groups.iter_mut().zip(keep) {
            group.active = keep;
        }
    }
    let horizon = settings
        .horizon
        .saturating_mul(pos.seats().len().max(1) as u32);
    let rollouts = Rollouts {
        policy,
        settings,
        stream,
        side: &side,
        teams,
        horizon,
        cap: std::cell::Cell::new(settings.max_turns.max(1)),
        unfinished: std::cell::Cell::new(0),
        clock,
        hurried: std::cell::Cell::new(false),
    };
    if groups.len() > 1 {
        rollouts.compare(&mut groups)?;
    } else if with_dice && luck_n > 0 {
        let g = &mut groups[0];
        for i in 0..luck_n {
            if i >= 6 && i % 6 == 0 && rollouts.out_of_time() {
                break;
            }
            g.samples.push(rollouts.one(g.after.as_ref(), None, i)?);
        }
    }
    // A candidate the filter left out has only its evaluation.
    let estimates: Vec<Estimate> = groups
        .iter()
        .zip(&evaluations)
        .map(|(g, &e)| {
            if g.samples.is_empty() {
                Estimate {
                    mean: f64::from(e),
                    se: 0.0,
                    rollouts: 0,
                }
            } else {
                Estimate::of(&g.samples)
            }
        })
        .collect();
    // The best candidate: the highest winning chance among those rolled
    // out, the move played first among equals, then the first listed.
    let mut best = played;
    for (g, e) in estimates.iter().enumerate() {
        if !groups[g].samples.is_empty() && e.mean > estimates[best].mean {
            best = g;
        }
    }
    // The best of many noisy estimates is too good: when the loss may earn
    // a mark, the best and the move played are measured again on fresh
    // rollouts, which alone give the loss and both winning chances.
    let mut best_win = estimates[best];
    let mut played_win = estimates[played];
    let loss = if best == played {
        Estimate::of(&[])
    } else if estimates[best].mean - estimates[played].mean < Mark::DOUBTFUL / 2.0 {
        Estimate::paired(&groups[best].samples, &groups[played].samples)
    } else {
        let start = settings.rollouts();
        let batch = settings.batch.max(2);
        let mut again = [Vec::new(), Vec::new()];
        for i in start..start.saturating_mul(2) {
            if i >= start + batch && (i - start) % batch == 0 && rollouts.out_of_time() {
                break;
            }
            for (k, g) in [best, played].into_iter().enumerate() {
                let v = rollouts.one(groups[g].after.as_ref(), None, i)?;
                again[k].push(v);
            }
        }
        best_win = Estimate::of(&again[0]);
        played_win = Estimate::of(&again[1]);
        Estimate::paired(&again[0], &again[1])
    };
    if loss.mean <= 0.0 {
        best = played;
    }
    let mark = if groups.len() > 1 && best != played {
        Mark::of(loss.mean, loss.se)
    } else {
        None
    };
    let luck = if with_dice && luck_n > 0 && !groups[best].samples.is_empty() {
        Some(rollouts.luck(pos, &groups[best].samples, luck_n)?)
    } else {
        None
    };
    let (unfinished, hurried) = (rollouts.unfinished.get(), rollouts.hurried.get());
    let candidates = groups
        .iter()
        .zip(&estimates)
        .map(|(g, e)| Candidate {
            moves: g.moves.iter().map(|&i| legal[i].to_string()).collect(),
            win: *e,
        })
        .collect();
    Ok(TurnAnalysis {
        index,
        number: turn.number,
        seat,
        side,
        roll: roll.map(Roll::get),
        played: legal[groups[played].moves[0]].to_string(),
        legal: legal.len(),
        candidates,
        win: (!groups[played].samples.is_empty()).then_some(played_win),
        best: (best != played).then(|| (legal[groups[best].moves[0]].to_string(), best_win)),
        loss: if best == played {
            Estimate::of(&[])
        } else {
            loss
        },
        mark,
        luck,
        unfinished,
        hurried,
    })
}

/// The move filter: which candidates are rolled out, at most `keep` (with
/// the move played always): the best by the evaluation of the position each
/// reaches and the best by the player's liking, in turn. A move that puts
/// barricades down is weighed in two steps: among the moves of one pawn
/// move, only the one whose points the evaluation likes best competes.
fn filter(
    legal: &[Move],
    groups: &[Group<'_>],
    evaluations: &[f32],
    scores: &[f32],
    played: usize,
    keep: usize,
) -> Vec<bool> {
    // The pawn move of each candidate: its actions without the put-downs.
    let head = |g: &Group<'_>| -> String {
        let mv = &legal[g.moves[0]];
        let mut key = String::new();
        for a in mv.actions.iter() {
            if !matches!(a, Action::Barricade { .. }) {
                key.push_str(&a.to_string());
                key.push(' ');
            }
        }
        key
    };
    let mut heads: HashMap<String, usize> = HashMap::new();
    for (g, group) in groups.iter().enumerate() {
        let h = heads.entry(head(group)).or_insert(g);
        if evaluations[g] > evaluations[*h] {
            *h = g;
        }
    }
    let mut by_evaluation: Vec<usize> = heads.into_values().collect();
    by_evaluation.sort_by(|&a, &b| evaluations[b].total_cmp(&evaluations[a]).then(a.cmp(&b)));
    let liking = |g: usize| {
        groups[g]
            .moves
            .iter()
            .map(|&i| scores.get(i).copied().unwrap_or(0.0))
            .fold(f32::NEG_INFINITY, f32::max)
    };
    let mut by_liking: Vec<usize> = (0..groups.len()).collect();
    by_liking.sort_by(|&a, &b| liking(b).total_cmp(&liking(a)).then(a.cmp(&b)));
    let mut chosen = vec![false; groups.len()];
    chosen[played] = true;
    let mut count = 1;
    let (mut a, mut b) = (by_evaluation.into_iter(), by_liking.into_iter());
    let mut from_a = true;
    while count < keep.max(2) {
        let next = if from_a { a.next() } else { b.next() };
        from_a = !from_a;
        match next {
            Some(g) if !chosen[g] => {
                chosen[g] = true;
                count += 1;
            }
            Some(_) => {}
            None if a.len() == 0 && b.len() == 0 => break,
            None => {}
        }
    }
    chosen
}

/// What tells two positions apart: the position and who acts next.
fn key_of(pos: &dyn Position) -> String {
    format!("{} {:?}", pos.position_tag(), pos.next())
}

/// The rollouts of one turn: the policy and settings they play with, their
/// stream of dice (the turn's place) and the side whose winning chance they
/// measure, with the number of teams (what a shared win is worth).
struct Rollouts<'a> {
    policy: &'a dyn Policy,
    settings: &'a Settings,
    stream: u64,
    side: &'a [String],
    teams: usize,
    /// Turns a rollout is played before it is cut and evaluated (0: to
    /// the end).
    horizon: u32,
    /// Turns a rollout played to the end may last now (cut to
    /// [`Settings::MIN_TURN_CAP`] after one passes it).
    cap: std::cell::Cell<u32>,
    /// Rollouts that passed the cap.
    unfinished: std::cell::Cell<u32>,
    clock: Clock,
    /// Whether the clock stopped some rollouts.
    hurried: std::cell::Cell<bool>,
}

impl Rollouts<'_> {
    /// Rollout `i` of the stream from `after`, as a value for the side:
    /// the winners' share when the game ends, the evaluation where it is
    /// cut (at the horizon, at the cap, or with no legal move).
    fn one(&self, after: &dyn Position, first: Option<Roll>, i: u32) -> Result<f32, ReplayError> {
        let (mut dice, mut choices) = seeds(self.settings.seed, self.stream, i);
        let cap = self.cap.get();
        let limit = if self.horizon > 0 {
            self.horizon.min(cap)
        } else {
            cap
        };
        let end = play_out(after, first, self.policy, &mut dice, &mut choices, limit)?;
        if let Some(w) = end.winners() {
            return Ok(side_value(Some(&w), self.side, self.teams));
        }
        let played = end.turns().saturating_sub(after.turns());
        if limit == cap && played >= cap {
            self.unfinished.set(self.unfinished.get() + 1);
            self.cap.set(Settings::MIN_TURN_CAP.min(cap));
        }
        Ok(self.policy.evaluate(end.as_ref(), self.side))
    }

    /// Whether the turn's time is spent (and so noted).
    fn out_of_time(&self) -> bool {
        let over = self.clock.over();
        if over {
            self.hurried.set(true);
        }
        over
    }

    /// Rolls the candidates out in batches with the same dice, dropping those
    /// clearly behind, until one is left or each has its rollouts.
    fn compare(&self, groups: &mut [Group<'_>]) -> Result<(), ReplayError> {
        let settings = self.settings;
        let total = settings.rollouts();
        let batch = settings.batch.max(2);
        let mut done = 0;
        while done < total {
            if done >= batch && self.out_of_time() {
                break;
            }
            let end = (done + batch).min(total);
            for g in groups.iter_mut().filter(|g| g.active) {
                for i in done..end {
                    let v = self.one(g.after.as_ref(), None, i)?;
                    g.samples.push(v);
                }
            }
            done = end;
            if done < 2 * batch {
                continue;
            }
            let means: Vec<f64> = groups
                .iter()
                .map(|g| Estimate::of(&g.samples).mean)
                .collect();
            let Some(best) = (0..groups.len())
                .filter(|&g| groups[g].active)
                .max_by(|&a, &b| means[a].total_cmp(&means[b]))
            else {
                break;
            };
            let best_samples = groups[best].samples.clone();
            for (g, group) in groups.iter_mut().enumerate() {
                if g == best || !group.active {
                    continue;
                }
                let d = Estimate::paired(&best_samples, &group.samples);
                if d.mean > settings.z * d.se && d.mean > 0.0 {
                    group.active = false;
                }
            }
            if groups.iter().filter(|g| g.active).count() <= 1 {
                break;
            }
        }
        Ok(())
    }

    /// The luck of the roll: the best candidate's winning chance (`best`, one
    /// sample per rollout) against the average over the six rolls, measured by
    /// `n` rollouts from `pos` whose first roll runs through the six faces in
    /// turn and whose first move is the policy's.
    fn luck(&self, pos: &dyn Position, best: &[f32], n: u32) -> Result<Estimate, ReplayError> {
        let mut average = Vec::new();
        for i in 0..n {
            if i >= 6 && i % 6 == 0 && self.out_of_time() {
                break;
            }
            let roll = Roll::ALL[(i % 6) as usize];
            average.push(self.one(pos, Some(roll), i)?);
        }
        let a = Estimate::of(&average);
        let b = Estimate::of(best);
        Ok(Estimate {
            mean: b.mean - a.mean,
            se: (a.se * a.se + b.se * b.se).sqrt(),
            rollouts: a.rollouts + b.rollouts,
        })
    }
}

/// The totals per seat and per team.
fn summarise(game: &Game, start: &dyn Position, turns: Vec<TurnAnalysis>) -> GameAnalysis {
    let seats = start.seats();
    let mut per_seat: Vec<Totals> = seats
        .iter()
        .map(|s| Totals {
            who: s.clone(),
            ..Totals::default()
        })
        .collect();
    let mut teams: Vec<Totals> = Vec::new();
    for s in &seats {
        let team = team_of(start, s);
        if team.len() > 1 {
            let who = team.join("+");
            if !teams.iter().any(|t| t.who == who) {
                teams.push(Totals {
                    who,
                    ..Totals::default()
                });
            }
        }
    }
    for t in &turns {
        if let Some(s) = per_seat.iter_mut().find(|s| s.who == t.seat) {
            s.add(t);
        }
        let who = t.side.join("+");
        if let Some(team) = teams.iter_mut().find(|x| x.who == who) {
            team.add(t);
        }
    }
    GameAnalysis {
        game: billes_core::GameKind::of(game).map_or_else(|_| String::new(), |k| k.to_string()),
        unfinished: turns.iter().map(|t| t.unfinished).sum(),
        hurried: turns.iter().filter(|t| t.hurried).count() as u32,
        turns,
        seats: per_seat,
        teams,
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
