//! The rollouts of one turn: its candidates rolled out in batches with the
//! same dice until one is clearly best, the luck of the roll, and the time
//! the turn may take.

use std::cell::Cell;
use std::time::Instant;

use billes_core::game::{Position, Roll};
use billes_core::ReplayError;

use super::Settings;
use crate::policy::Policy;
use crate::rollout::{play_out, seeds, side_value, Estimate};

/// The time a turn may take: the rest of the budget shared out among the
/// turns not yet started, `jobs` of them at a time.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Clock {
    until: Option<Instant>,
}

impl Clock {
    /// The clock of a turn started now with `left` turns not yet started
    /// (this one included), under the game's `deadline`.
    pub(super) fn for_turn(deadline: Option<(Instant, usize)>, left: usize) -> Clock {
        let until = deadline.map(|(end, jobs)| {
            let now = Instant::now();
            let rest = end.saturating_duration_since(now);
            now + rest.mul_f64(jobs as f64 / left.max(1) as f64)
        });
        Clock { until }
    }

    /// Whether the turn's time is spent.
    fn over(&self) -> bool {
        self.until.is_some_and(|u| Instant::now() >= u)
    }
}

/// A candidate being rolled out.
pub(super) struct Group<'p> {
    /// The legal moves (their places in the list) that reach its position.
    pub(super) moves: Vec<usize>,
    /// The position they reach.
    pub(super) after: Box<dyn Position + 'p>,
    /// A value for the mover's side per rollout played from it.
    pub(super) samples: Vec<f32>,
    /// Whether it is still rolled out (left in by the filter, not dropped
    /// as clearly behind).
    pub(super) active: bool,
}

/// The rollouts of one turn: the policy and settings they play with, their
/// stream of dice (the turn's place) and the side whose winning chance they
/// measure, with the number of teams (what a shared win is worth).
pub(super) struct Rollouts<'a> {
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
    cap: Cell<u32>,
    /// Rollouts that passed the cap.
    pub(super) unfinished: Cell<u32>,
    clock: Clock,
    /// Whether the clock stopped some rollouts.
    pub(super) hurried: Cell<bool>,
}

impl<'a> Rollouts<'a> {
    /// The rollouts of the turn at place `stream` of the main line, for
    /// `side` among `teams` teams, in a game of `seats` seats, within the
    /// time of `clock`.
    pub(super) fn for_turn(
        policy: &'a dyn Policy,
        settings: &'a Settings,
        stream: u64,
        side: &'a [String],
        teams: usize,
        seats: usize,
        clock: Clock,
    ) -> Rollouts<'a> {
        let horizon = settings.horizon.saturating_mul(seats.max(1) as u32);
        Rollouts {
            policy,
            settings,
            stream,
            side,
            teams,
            horizon,
            cap: Cell::new(settings.max_turns.max(1)),
            unfinished: Cell::new(0),
            clock,
            hurried: Cell::new(false),
        }
    }

    /// Rollout `i` of the stream from `after`, as a value for the side:
    /// the winners' share when the game ends, the evaluation where it is
    /// cut (at the horizon, at the cap, or with no legal move).
    pub(super) fn one(
        &self,
        after: &dyn Position,
        first: Option<Roll>,
        i: u32,
    ) -> Result<f32, ReplayError> {
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
    pub(super) fn out_of_time(&self) -> bool {
        let over = self.clock.over();
        if over {
            self.hurried.set(true);
        }
        over
    }

    /// Rolls the candidates out in batches with the same dice, dropping those
    /// clearly behind, until one is left or each has its rollouts.
    pub(super) fn compare(&self, groups: &mut [Group<'_>]) -> Result<(), ReplayError> {
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

    /// The winning chance of the one candidate of a forced move, from the
    /// `n` luck rollouts (which measure the luck of its roll against it).
    pub(super) fn forced(&self, only: &mut Group<'_>, n: u32) -> Result<(), ReplayError> {
        for i in 0..n {
            if i >= 6 && i % 6 == 0 && self.out_of_time() {
                break;
            }
            only.samples.push(self.one(only.after.as_ref(), None, i)?);
        }
        Ok(())
    }

    /// The best candidate (`best`) and the move played (`played`) rolled
    /// out again, on fresh rollouts with the same dice (those after the
    /// ones [`Rollouts::compare`] plays): a sample of each per rollout.
    pub(super) fn again(
        &self,
        best: &dyn Position,
        played: &dyn Position,
    ) -> Result<[Vec<f32>; 2], ReplayError> {
        let start = self.settings.rollouts();
        let batch = self.settings.batch.max(2);
        let mut again = [Vec::new(), Vec::new()];
        for i in start..start.saturating_mul(2) {
            if i >= start + batch && (i - start) % batch == 0 && self.out_of_time() {
                break;
            }
            for (k, after) in [best, played].into_iter().enumerate() {
                let v = self.one(after, None, i)?;
                again[k].push(v);
            }
        }
        Ok(again)
    }

    /// The luck of the roll: the best candidate's winning chance (`best`, one
    /// sample per rollout) against the average over every roll, measured by
    /// `n` rollouts from `pos` whose first roll runs through the rolls (the
    /// six faces, or the 36 of two dice) in turn and whose first move is the
    /// policy's.
    pub(super) fn luck(
        &self,
        pos: &dyn Position,
        best: &[f32],
        n: u32,
    ) -> Result<Estimate, ReplayError> {
        let mut average = Vec::new();
        let rolls = Roll::all(pos.game().dice());
        let each = rolls.len().max(1) as u32;
        for i in 0..n {
            if i >= each && i % each == 0 && self.out_of_time() {
                break;
            }
            let Some(&roll) = rolls.get((i % each) as usize) else {
                break;
            };
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
