//! Monte Carlo rollouts: play a position out many times with a policy and
//! count how often a side wins.
//!
//! Rollout `i` of a turn draws its dice and its policy's choices from
//! generators seeded by (seed, turn, `i`) only, so every candidate of a turn
//! meets the same dice in its rollout `i` (common random numbers): the
//! difference between two candidates is measured far more precisely than
//! either's winning chance.

use billes_core::game::{Position, Roll};
use billes_core::{ReplayError, Rng};
use billes_notation::Seat;
use serde::Serialize;

use crate::policy::Policy;

/// A winning chance measured by rollouts.
///
/// ```
/// let e = billes_analysis::Estimate::of(&[1.0, 0.0, 1.0, 1.0]);
/// assert_eq!(e.mean, 0.75);
/// assert_eq!(e.rollouts, 4);
/// assert!(e.se > 0.2 && e.se < 0.3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Estimate {
    /// The mean over the rollouts (a winning chance, 0 to 1).
    pub mean: f64,
    /// Its standard error.
    pub se: f64,
    /// Rollouts played.
    pub rollouts: u32,
}

impl Estimate {
    /// The mean and standard error of some samples.
    pub fn of(samples: &[f32]) -> Estimate {
        let n = samples.len();
        if n == 0 {
            return Estimate {
                mean: 0.0,
                se: 0.0,
                rollouts: 0,
            };
        }
        let mean = samples.iter().map(|&x| f64::from(x)).sum::<f64>() / n as f64;
        let se = if n < 2 {
            0.0
        } else {
            let var = samples
                .iter()
                .map(|&x| (f64::from(x) - mean).powi(2))
                .sum::<f64>()
                / (n - 1) as f64;
            (var / n as f64).sqrt()
        };
        Estimate {
            mean,
            se,
            rollouts: n as u32,
        }
    }

    /// The difference `a - b` of paired samples (the same dice), over the
    /// rollouts both have.
    pub fn paired(a: &[f32], b: &[f32]) -> Estimate {
        let n = a.len().min(b.len());
        let d: Vec<f32> = a[..n].iter().zip(&b[..n]).map(|(x, y)| x - y).collect();
        Estimate::of(&d)
    }
}

/// The worth of a finished (or abandoned) rollout for a side: 1 when a
/// seat of `side` won, 0 when another did, an equal share `1 / teams` when
/// the rollout was stopped unfinished.
pub fn side_value(winners: Option<&[Seat]>, side: &[String], teams: usize) -> f32 {
    match winners {
        Some(w) => {
            if w.iter().any(|s| side.iter().any(|t| s == t)) {
                1.0
            } else {
                0.0
            }
        }
        None => 1.0 / teams.max(1) as f32,
    }
}

/// The seeds of rollout `i` of stream `stream`: its dice and its policy's.
pub(crate) fn seeds(seed: u64, stream: u64, i: u32) -> (Rng, Rng) {
    let mut mix =
        Rng::new(seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(i).rotate_left(40));
    (Rng::new(mix.next_u64()), Rng::new(mix.next_u64()))
}

/// Plays `start` out with `policy`, the dice from `dice` and the policy's
/// choices from `choices`, for at most `max_turns` turns; the winners, or
/// `None` when stopped unfinished.
///
/// ```
/// use billes_analysis::{rollout, Heuristic};
/// use billes_core::{Engine, GameKind, Rng, Standard};
///
/// let rules = Standard::new(billes_core::barricade::KIND);
/// let pos = rules.position(&[("Seats", "R G")])?;
/// let policy = Heuristic::for_game(billes_core::barricade::KIND);
/// let winners = rollout(pos.as_ref(), &policy, &mut Rng::new(1), &mut Rng::new(2), 5000)?;
/// assert!(winners.is_some());
/// # Ok::<(), billes_core::ReplayError>(())
/// ```
///
/// # Errors
/// When a variant's hook fails.
pub fn rollout(
    start: &dyn Position,
    policy: &dyn Policy,
    dice: &mut Rng,
    choices: &mut Rng,
    max_turns: u32,
) -> Result<Option<Vec<Seat>>, ReplayError> {
    if let Some(w) = start.winners() {
        return Ok(Some(w));
    }
    Ok(play_out(start, None, policy, dice, choices, max_turns)?.winners())
}

/// [`rollout`] whose first roll is `first` (when given) instead of a die:
/// the position where it stopped (over, or `max_turns` turns on, or with no
/// legal move).
pub(crate) fn play_out<'p>(
    start: &'p dyn Position,
    first: Option<Roll>,
    policy: &dyn Policy,
    dice: &mut Rng,
    choices: &mut Rng,
    max_turns: u32,
) -> Result<Box<dyn Position + 'p>, ReplayError> {
    let mut pos = start.boxed();
    if start.is_over() {
        return Ok(pos);
    }
    let with_dice = start.next().dice;
    let dice_count = start.game().dice();
    let mut first = first;
    let limit = pos.turns().saturating_add(max_turns);
    while !pos.is_over() && pos.turns() < limit {
        let roll = if with_dice {
            // A given first roll takes no die: the dice after it are those
            // a rollout from the position after the first move meets.
            first.take().or_else(|| Roll::random(dice, dice_count))
        } else {
            None
        };
        let Some(mv) = policy.pick(pos.as_ref(), roll, choices)? else {
            break;
        };
        pos.play(&mv)?;
    }
    Ok(pos)
}
