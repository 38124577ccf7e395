//! A game's heuristic player: what the analysis' fast player (the
//! `billes-analysis` crate's `Heuristic`) asks of each game, implemented
//! by the game's rules type in the game's own crate ([`Play`]).
//!
//! A game scores the legal moves of a position ([`Play::scores`]) and says
//! how strong each contestant stands ([`Play::strengths`]); the player
//! plays the best-scored move, one in [`EXPLORE`] at random, ties broken
//! at random ([`choose`]: the one greedy player of the games, with these
//! scores), and turns the strengths into winning chances ([`share`]). A
//! game whose turns list one move per choice of a second step may choose
//! without that list ([`Play::pick`]: Barricade does).
//!
//! ```
//! use billes_game::policy::{race, share, RACE_SPREAD};
//!
//! let who = |s: &str| vec![s.to_string()];
//! // Red needs 5 more turns, Green 20.
//! let strengths = race(vec![(who("R"), 5.0), (who("G"), 20.0)], RACE_SPREAD);
//! let red = share(&strengths, &who("R"));
//! assert!(red > 0.9 && red < 1.0);
//! ```

use crate::error::ReplayError;
use crate::game::{Move, Position, Roll};
use crate::greedy::{self, Ties};
use crate::rng::Rng;

/// A game's heuristic player, implemented by the game's rules type: its
/// scores of the moves and its measure of the contestants, and how it
/// picks a move.
pub trait Play {
    /// A score per move of `moves` in `pos`, higher is better (`moves`:
    /// the legal moves of the seat to act, never empty); all alike when
    /// `pos` is not a position of the game.
    fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32>;

    /// The strengths of the contestants in `pos` (a team, or a seat
    /// alone, with its strength: the higher, the likelier to win; see
    /// [`share`]), `None` when `pos` is not a position of the game.
    fn strengths(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>>;

    /// The move the player plays in `pos` with `roll` (`None`: no legal
    /// move): by default [`choose`] among the legal moves. A game whose
    /// turns list one move per choice of a second step overrides it to
    /// make the same choice without that list.
    ///
    /// # Errors
    /// When the position has no seat to act or a variant's hook fails.
    fn pick(
        pos: &dyn Position,
        roll: Option<Roll>,
        rng: &mut Rng,
    ) -> Result<Option<Move>, ReplayError> {
        let mut moves = pos.legal_moves(roll)?;
        if moves.is_empty() {
            return Ok(None);
        }
        let i = choose::<Self>(pos, &moves, rng).min(moves.len() - 1);
        Ok(Some(moves.swap_remove(i)))
    }
}

/// One move in this many is a uniformly random one.
pub const EXPLORE: u32 = 20;

/// How the heuristic player breaks ties: as the moves come (a move's
/// scores may be offered one by one, without a list of them).
pub const TIES: Ties = Ties::AsOffered;

/// The index of the move the heuristic player of `P` plays among `moves`,
/// the legal moves of the seat to act in `pos`: one in [`EXPLORE`] at
/// random, else the highest of [`Play::scores`], ties broken at random
/// ([`TIES`]). The same generator state gives the same choice.
pub fn choose<P: Play + ?Sized>(pos: &dyn Position, moves: &[Move], rng: &mut Rng) -> usize {
    if moves.len() <= 1 {
        return 0;
    }
    if rng.chance(1, EXPLORE) {
        return rng.below(moves.len());
    }
    best_of(&P::scores(pos, moves), rng)
}

/// The index of the highest score, ties broken at random: the one greedy
/// player of the games, with the heuristic player's scores.
fn best_of(scores: &[f32], rng: &mut Rng) -> usize {
    greedy::best_of(scores.iter().copied(), TIES, rng).unwrap_or(0)
}

/// How uncertain a race is: the variance of the own turns a contestant
/// still needs, per turn needed.
pub const RACE_SPREAD: f32 = 1.5;

/// The strengths of contestants in a race from the own turns each still
/// needs: the shorter, the stronger, by the standard deviation of the
/// race's length (a logistic curve close to the normal one).
pub fn race(turns: Vec<(Vec<String>, f32)>, spread: f32) -> Vec<(Vec<String>, f32)> {
    let mean = turns.iter().map(|t| t.1).sum::<f32>() / turns.len().max(1) as f32;
    let sd = (2.0 * spread * (mean + 1.0)).sqrt();
    turns
        .into_iter()
        .map(|(who, t)| (who, -1.7 * t / sd))
        .collect()
}

/// The winning chance of `side` among contestants of these strengths (a
/// softmax): the share of the contestants with a seat of `side`.
pub fn share(strengths: &[(Vec<String>, f32)], side: &[String]) -> f32 {
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
