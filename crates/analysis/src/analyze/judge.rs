//! One turn judged: its candidates, the move filter, the best candidate,
//! the loss of the move played against it, the mark and the luck.

use std::collections::HashMap;

use billes_core::game::{Move, Position, Roll};
use billes_core::ReplayError;
use billes_notation::{Action, Turn};

use super::report::{Candidate, Mark, TurnAnalysis};
use super::rollouts::{Clock, Group, Rollouts};
use super::Settings;
use crate::policy::{team_of, Policy};
use crate::rollout::Estimate;

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
pub(super) fn judge(
    pos: &dyn Position,
    turn: &Turn,
    index: u32,
    policy: &dyn Policy,
    settings: &Settings,
    clock: Clock,
) -> Result<TurnAnalysis, ReplayError> {
    let seat = turn.head.seat.as_str().to_string();
    let roll = roll_of(turn)?;
    let side = team_of(pos, &seat);
    let teams = (pos.seats().len() / side.len().max(1)).max(1);
    let legal = pos.legal_moves_for(turn.head.seat, roll)?;
    let played_key = key_after(pos, turn)?;
    let (mut groups, keys) = candidates(pos, &legal)?;
    let played = played_among(&keys, &played_key, turn)?;
    let evaluations: Vec<f32> = groups
        .iter()
        .map(|g| policy.evaluate(g.after.as_ref(), &side))
        .collect();
    if settings.candidates > 0 && groups.len() > settings.candidates {
        let scores = policy.scores(pos, &legal);
        filter(
            &legal,
            &mut groups,
            &evaluations,
            &scores,
            played,
            settings.candidates,
        );
    }
    let seats = pos.seats().len();
    let rollouts = Rollouts::for_turn(
        policy,
        settings,
        u64::from(index),
        &side,
        teams,
        seats,
        clock,
    );
    let with_dice = roll.is_some();
    let luck_n = settings.luck_rollouts();
    if groups.len() > 1 {
        rollouts.compare(&mut groups)?;
    } else if with_dice && luck_n > 0 {
        rollouts.forced(&mut groups[0], luck_n)?;
    }
    let estimates = estimates(&groups, &evaluations);
    let mut best = best_rolled_out(&groups, &estimates, played);
    let (loss, best_win, played_win) = loss(&rollouts, &groups, &estimates, best, played)?;
    if loss.mean <= 0.0 {
        best = played;
    }
    let mark = (groups.len() > 1 && best != played)
        .then(|| Mark::of(loss.mean, loss.se))
        .flatten();
    let luck = if with_dice && luck_n > 0 && !groups[best].samples.is_empty() {
        Some(rollouts.luck(pos, &groups[best].samples, luck_n)?)
    } else {
        None
    };
    let (unfinished, hurried) = (rollouts.unfinished.get(), rollouts.hurried.get());
    let first_move = |g: usize| legal[groups[g].moves[0]].to_string();
    Ok(TurnAnalysis {
        index,
        number: turn.number,
        seat,
        side,
        roll: roll.map(Roll::get),
        played: first_move(played),
        legal: legal.len(),
        candidates: candidates_of(&groups, &estimates, &legal),
        win: (!groups[played].samples.is_empty()).then_some(played_win),
        best: (best != played).then(|| (first_move(best), best_win)),
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

/// The roll written in `turn` (`None` in a game without dice).
fn roll_of(turn: &Turn) -> Result<Option<Roll>, ReplayError> {
    let written = Move::from_turn(turn).ok_or_else(|| {
        ReplayError::new(
            billes_core::ErrorKind::Roll,
            turn.head.span,
            "the roll is not a die face (1 to 6)",
        )
    })?;
    Ok(written.roll)
}

/// What tells the position `turn` as written reaches from `pos` apart.
fn key_after(pos: &dyn Position, turn: &Turn) -> Result<String, ReplayError> {
    let mut after = pos.boxed();
    after.play_turn(turn)?;
    Ok(key_of(after.as_ref()))
}

/// The candidate of the move played: the one whose position's key (among
/// `keys`) is `played_key`.
fn played_among(
    keys: &HashMap<String, usize>,
    played_key: &str,
    turn: &Turn,
) -> Result<usize, ReplayError> {
    keys.get(played_key).copied().ok_or_else(|| {
        ReplayError::new(
            billes_core::ErrorKind::IllegalMove,
            turn.span,
            "the move played is not among the legal moves",
        )
    })
}

/// The candidates of a decision: the `legal` moves from `pos` grouped by
/// the position each reaches (moves reaching the same position are one
/// candidate), with the candidate of each position's key.
#[allow(clippy::type_complexity)]
fn candidates<'p>(
    pos: &'p dyn Position,
    legal: &[Move],
) -> Result<(Vec<Group<'p>>, HashMap<String, usize>), ReplayError> {
    let mut groups: Vec<Group<'p>> = Vec::new();
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
    Ok((groups, keys))
}

/// The winning chance of each candidate: from its rollouts, or its
/// evaluation alone when the filter left it out.
fn estimates(groups: &[Group<'_>], evaluations: &[f32]) -> Vec<Estimate> {
    groups
        .iter()
        .zip(evaluations)
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
        .collect()
}

/// The best candidate: the highest winning chance among those rolled out,
/// the move `played` first among equals, then the first listed.
fn best_rolled_out(groups: &[Group<'_>], estimates: &[Estimate], played: usize) -> usize {
    let mut best = played;
    for (g, e) in estimates.iter().enumerate() {
        if !groups[g].samples.is_empty() && e.mean > estimates[best].mean {
            best = g;
        }
    }
    best
}

/// The winning chance the move `played` lost against the `best` candidate,
/// and the winning chances of the best and of the move played. The best of
/// many noisy estimates is too good: when the loss may earn a mark, the
/// best and the move played are measured again on fresh rollouts, which
/// alone give the loss and both winning chances.
fn loss(
    rollouts: &Rollouts<'_>,
    groups: &[Group<'_>],
    estimates: &[Estimate],
    best: usize,
    played: usize,
) -> Result<(Estimate, Estimate, Estimate), ReplayError> {
    let (best_win, played_win) = (estimates[best], estimates[played]);
    if best == played {
        Ok((Estimate::of(&[]), best_win, played_win))
    } else if best_win.mean - played_win.mean < Mark::DOUBTFUL / 2.0 {
        let loss = Estimate::paired(&groups[best].samples, &groups[played].samples);
        Ok((loss, best_win, played_win))
    } else {
        let again = rollouts.again(groups[best].after.as_ref(), groups[played].after.as_ref())?;
        let loss = Estimate::paired(&again[0], &again[1]);
        Ok((loss, Estimate::of(&again[0]), Estimate::of(&again[1])))
    }
}

/// The candidates as the analysis reports them: their moves in canonical
/// notation, with their winning chance.
fn candidates_of(groups: &[Group<'_>], estimates: &[Estimate], legal: &[Move]) -> Vec<Candidate> {
    groups
        .iter()
        .zip(estimates)
        .map(|(g, e)| Candidate {
            moves: g.moves.iter().map(|&i| legal[i].to_string()).collect(),
            win: *e,
        })
        .collect()
}

/// The move filter: which candidates are rolled out (left
/// [`Group::active`]), at most `keep` (with the move played always): the best by the evaluation of the position each
/// reaches and the best by the player's liking, in turn. A move that puts
/// barricades down is weighed in two steps: among the moves of one pawn
/// move, only the one whose points the evaluation likes best competes.
fn filter(
    legal: &[Move],
    groups: &mut [Group<'_>],
    evaluations: &[f32],
    scores: &[f32],
    played: usize,
    keep: usize,
) {
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
    for (group, keep) in groups.iter_mut().zip(chosen) {
        group.active = keep;
    }
}

/// What tells two positions apart: the position and who acts next.
fn key_of(pos: &dyn Position) -> String {
    format!("{} {:?}", pos.position_tag(), pos.next())
}
