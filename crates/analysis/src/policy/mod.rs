//! Playing policies: what plays the games out in a rollout.
//!
//! A [`Policy`] picks one of the legal moves of a position. [`Heuristic`] is
//! a fast player per game that reads only what the game API gives: the
//! moves' actions and the game's typed state (`<dyn Position>::state`,
//! the board as the rules keep it, without names to parse): in Aggravation it
//! aggravates, enters HOME, enters, keeps its marbles out of reach and makes
//! progress; in Barricade it reaches the goal, sends pawns home, puts
//! barricades in front of the leader and makes progress; in Offboard it
//! ejects, pushes and keeps its lines together towards the centre. Those
//! are its scores; the choice is the core's one greedy player
//! ([`billes_core::greedy`]). It plays a random move now and then
//! ([`Heuristic::EXPLORE`]) and breaks ties at random, so that rollouts of
//! Offboard, which has no dice, still differ.
//! [`Uniform`] plays uniformly random legal moves: the yardstick.
//!
//! ```
//! use billes_analysis::{Heuristic, Policy};
//! use billes_core::game::{Position, Roll};
//! use billes_core::{Engine, GameKind, Rng, Standard};
//!
//! let rules = Standard::new(GameKind::Aggravation);
//! // Red may aggravate Green on r12 or move its other marble.
//! let pos = rules.position(&[("Seats", "R G"), ("Position", "R:r9,b2 G:r12 move=R")])?;
//! let moves = pos.legal_moves(Roll::new(3))?;
//! let pick = Heuristic::for_game(GameKind::Aggravation).choose(pos.as_ref(), &moves, &mut Rng::new(1));
//! assert_eq!(moves[pick].to_string(), "r9-r12*");
//! # Ok::<(), billes_core::ReplayError>(())
//! ```

mod aggravation;
mod barricade;
mod offboard;

use std::fmt;

use billes_core::game::{Move, Position, Roll};
use billes_core::greedy::{self, Ties};
use billes_core::{with_kind, GameKind, ReplayError, Rng};

/// A player: picks one of the legal moves of a position.
pub trait Policy: fmt::Debug + Sync {
    /// The index of the move to play among `moves`, the legal moves of the
    /// seat to act in `pos` (never empty). `rng` is the policy's own
    /// randomness: the same generator state gives the same choice.
    fn choose(&self, pos: &dyn Position, moves: &[Move], rng: &mut Rng) -> usize;

    /// A cheap evaluation of `pos`: the winning chance of the seats of
    /// `side` without playing on (where a cut rollout is valued). By
    /// default the winners' share when the game is over, else equal shares.
    fn evaluate(&self, pos: &dyn Position, side: &[String]) -> f32 {
        match pos.winners() {
            Some(w) => crate::rollout::side_value(Some(&w), side, 1),
            None => 1.0 / pos.seats().len().max(1) as f32,
        }
    }

    /// How much the player likes each of `moves` (higher is better), to
    /// choose candidates worth rolling out; by default all alike.
    fn scores(&self, _pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
        vec![0.0; moves.len()]
    }

    /// The move the player plays in `pos` with `roll` (`None`: no legal
    /// move): by default [`Policy::choose`] among the legal moves. What a
    /// rollout asks every turn.
    ///
    /// # Errors
    /// When the position has no seat to act or a variant's hook fails.
    fn pick(
        &self,
        pos: &dyn Position,
        roll: Option<Roll>,
        rng: &mut Rng,
    ) -> Result<Option<Move>, ReplayError> {
        choose_listed(self, pos, roll, rng)
    }
}

/// [`Policy::choose`] among the legal moves of `pos` with `roll`.
fn choose_listed<P: Policy + ?Sized>(
    policy: &P,
    pos: &dyn Position,
    roll: Option<Roll>,
    rng: &mut Rng,
) -> Result<Option<Move>, ReplayError> {
    let mut moves = pos.legal_moves(roll)?;
    if moves.is_empty() {
        return Ok(None);
    }
    let i = policy.choose(pos, &moves, rng).min(moves.len() - 1);
    Ok(Some(moves.swap_remove(i)))
}

/// The uniformly random player: every legal move equally likely.
///
/// ```
/// use billes_analysis::{Policy, Uniform};
/// use billes_core::game::{Position, Roll};
/// use billes_core::{Engine, GameKind, Rng, Standard};
///
/// let rules = Standard::new(GameKind::Offboard);
/// let pos = rules.position(&[])?;
/// let moves = pos.legal_moves(None)?;
/// assert!(Uniform.choose(pos.as_ref(), &moves, &mut Rng::new(3)) < moves.len());
/// # Ok::<(), billes_core::ReplayError>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Uniform;

impl Policy for Uniform {
    fn choose(&self, _pos: &dyn Position, moves: &[Move], rng: &mut Rng) -> usize {
        rng.below(moves.len().max(1))
    }
}

/// The fast heuristic player of a game (see the module docs for what it
/// values in each game).
///
/// ```
/// use billes_analysis::Heuristic;
/// use billes_core::GameKind;
/// assert_eq!(Heuristic::for_game(GameKind::Barricade).game(), GameKind::Barricade);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Heuristic {
    game: GameKind,
}

impl Heuristic {
    /// One move in this many is a uniformly random one.
    pub const EXPLORE: u32 = 20;

    /// The heuristic player of `game`.
    pub fn for_game(game: GameKind) -> Heuristic {
        Heuristic { game }
    }

    /// The game it plays.
    pub fn game(&self) -> GameKind {
        self.game
    }
}

impl Heuristic {
    /// A cheap evaluation of `pos`: the winning chance of the seats of
    /// `side`, from the game's own measures, without playing on. In
    /// Aggravation and Barricade a race: the own turns each contestant
    /// still needs (the way home or to the goal, marbles in reach of an
    /// opponent and barricades in the way counted in); in Offboard the
    /// points, the marbles left and those in danger on the rim. The
    /// winners' share when the game is over; equal shares when the
    /// position is not the game's.
    ///
    /// ```
    /// use billes_analysis::Heuristic;
    /// use billes_core::{Engine, GameKind, Standard};
    ///
    /// let rules = Standard::new(GameKind::Barricade);
    /// // Red stands next to the goal, Green at its start.
    /// let pos = rules.position(&[("Seats", "R G"), ("Position", "R:i13 G:c1 bar=a1 move=R")])?;
    /// let player = Heuristic::for_game(GameKind::Barricade);
    /// let red = player.evaluation(pos.as_ref(), &["R".to_string()]);
    /// assert!(red > 0.8 && red < 1.0, "{red}");
    /// # Ok::<(), billes_core::ReplayError>(())
    /// ```
    pub fn evaluation(&self, pos: &dyn Position, side: &[String]) -> f32 {
        if let Some(w) = pos.winners() {
            return crate::rollout::side_value(Some(&w), side, 1);
        }
        let logits = with_kind!(self.game, R => <R as Play>::strengths(pos));
        match logits {
            Some(l) if !l.is_empty() => share(&l, side),
            _ => 1.0 / pos.seats().len().max(1) as f32,
        }
    }
}

/// How uncertain a race is: the variance of the own turns a contestant
/// still needs, per turn needed.
const RACE_SPREAD: f32 = 1.5;

/// The strengths of contestants in a race from the own turns each still
/// needs: the shorter, the stronger, by the standard deviation of the
/// race's length (a logistic curve close to the normal one).
fn race(turns: Vec<(Vec<String>, f32)>, spread: f32) -> Vec<(Vec<String>, f32)> {
    let mean = turns.iter().map(|t| t.1).sum::<f32>() / turns.len().max(1) as f32;
    let sd = (2.0 * spread * (mean + 1.0)).sqrt();
    turns
        .into_iter()
        .map(|(who, t)| (who, -1.7 * t / sd))
        .collect()
}

/// The winning chance of `side` among contestants of these strengths (a
/// softmax): the share of the contestants with a seat of `side`.
fn share(strengths: &[(Vec<String>, f32)], side: &[String]) -> f32 {
    let top = strengths
        .iter()
        .map(|s| s.1)
        .fold(f32::NEG_INFINITY, f32::max);
    let mut ours = 0.0;
    let mut all = 0.0;
    for (who, s) in strengths {
        let w = (s - top).exp();
        all += w;
        if who.iter().any(|x| side.contains(x)) {
            ours += w;
        }
    }
    if all > 0.0 {
        ours / all
    } else {
        0.0
    }
}

impl Policy for Heuristic {
    fn choose(&self, pos: &dyn Position, moves: &[Move], rng: &mut Rng) -> usize {
        if moves.len() <= 1 {
            return 0;
        }
        if rng.chance(1, Self::EXPLORE) {
            return rng.below(moves.len());
        }
        best_of(&self.scores(pos, moves), rng)
    }

    fn evaluate(&self, pos: &dyn Position, side: &[String]) -> f32 {
        self.evaluation(pos, side)
    }

    fn scores(&self, pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
        with_kind!(self.game, R => <R as Play>::scores(pos, moves))
    }

    /// In Barricade, the choice in two steps (the move, then where its
    /// barricades go: [`Position::legal_two_steps`]), the same as
    /// [`Policy::choose`]'s from the whole list, without writing one move
    /// per free point.
    fn pick(
        &self,
        pos: &dyn Position,
        roll: Option<Roll>,
        rng: &mut Rng,
    ) -> Result<Option<Move>, ReplayError> {
        if self.game == GameKind::Barricade {
            let steps = pos.legal_two_steps(roll)?;
            Ok(barricade::pick(pos, &steps, rng))
        } else {
            choose_listed(self, pos, roll, rng)
        }
    }
}

/// A game's heuristic player: what [`Heuristic`] asks of each game, found
/// through the registry's list of games (one impl per game's rules type).
trait Play {
    /// A score per move of `moves` in `pos`, higher is better.
    fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32>;

    /// The strengths of the contestants in `pos` (see [`Heuristic::evaluation`]),
    /// `None` when `pos` is not a position of the game.
    fn strengths(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>>;
}

impl Play for billes_core::aggravation::Aggravation {
    fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
        aggravation::scores(pos, moves)
    }

    fn strengths(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>> {
        aggravation::race(pos).map(|r| race(r, RACE_SPREAD))
    }
}

impl Play for billes_core::barricade::Barricade {
    fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
        barricade::scores(pos, moves)
    }

    fn strengths(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>> {
        barricade::race(pos).map(|r| race(r, RACE_SPREAD))
    }
}

impl Play for billes_core::offboard::Offboard {
    fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
        offboard::scores(pos, moves)
    }

    fn strengths(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>> {
        offboard::strengths(pos)
    }
}

/// The index of the highest score, ties broken at random: the one greedy
/// player of the core, with this policy's scores.
fn best_of(scores: &[f32], rng: &mut Rng) -> usize {
    greedy::best_of(scores.iter().copied(), TIES, rng).unwrap_or(0)
}

/// How the heuristic player breaks ties: as the moves come (a move's
/// scores may be offered one by one, without a list of them).
const TIES: Ties = Ties::AsOffered;

/// The seats on the team of `seat` in `pos` (`seat` included).
pub(crate) fn team_of(pos: &dyn Position, seat: &str) -> Vec<String> {
    let team = pos.hook_view().team(seat);
    if team.is_empty() {
        vec![seat.to_string()]
    } else {
        team
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_of_takes_the_highest() {
        let mut rng = Rng::new(1);
        assert_eq!(best_of(&[1.0, 3.0, 2.0], &mut rng), 1);
        assert_eq!(best_of(&[5.0], &mut rng), 0);
    }

    #[test]
    fn shares_and_races() {
        let who = |s: &str| vec![s.to_string()];
        let even = [(who("R"), 0.0), (who("G"), 0.0)];
        assert!((share(&even, &who("R")) - 0.5).abs() < 1e-6);
        let strengths = race(vec![(who("R"), 5.0), (who("G"), 20.0)], RACE_SPREAD);
        let red = share(&strengths, &who("R"));
        assert!(red > 0.9 && red < 1.0, "{red}");
        let teams = [
            (vec!["R".into(), "G".into()], 0.0),
            (vec!["B".into(), "Y".into()], 0.0),
        ];
        assert!((share(&teams, &who("G")) - 0.5).abs() < 1e-6);
    }

    #[test]
    fn best_of_breaks_ties_at_random() {
        let mut rng = Rng::new(1);
        let mut seen = [0; 3];
        for _ in 0..300 {
            seen[best_of(&[2.0, 2.0, 1.0], &mut rng)] += 1;
        }
        assert!(seen[0] > 50 && seen[1] > 50 && seen[2] == 0, "{seen:?}");
    }
}
