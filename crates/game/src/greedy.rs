//! The greedy choice: the best-scored of a turn's moves, ties broken by a
//! stated rule. The games' simulators, the simulator of variants that
//! change the game ([`crate::house::simulate_position`]) and the analysis'
//! playing policy are each this one player, with their own scores.
//!
//! How ties are broken is part of what a seed plays: `billes simulate
//! --seed S` gives the same games in every release, and a rule draws from
//! the generator at its own points ([`Ties`]).
//!
//! ```
//! use billes_game::greedy::{Greedy, Ties};
//! use billes_game::Rng;
//!
//! let mut rng = Rng::new(1);
//! let mut best = Greedy::new(Ties::First);
//! for (i, score) in [3, 7, 7, 2].into_iter().enumerate() {
//!     best.offer(i, score, &mut rng);
//! }
//! assert_eq!(best.pick(&mut rng), Some(1));
//! ```

use crate::rng::Rng;

/// How a greedy player breaks a tie between its best-scored moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ties {
    /// The first of them offered; nothing is drawn.
    First,
    /// One drawn uniformly among them once all are offered: one draw, in
    /// [`Greedy::pick`].
    Drawn,
    /// As they come: each tied move offered replaces the best so far with
    /// chance 1/n, n the tied moves so far (a draw per tie, in
    /// [`Greedy::offer`]); nothing is kept but the best.
    AsOffered,
}

/// A move's score to a greedy player: higher is better.
pub trait Score: Copy {
    /// Whether `self` is better than `best`.
    fn beats(self, best: Self) -> bool;
    /// Whether `self` ties with `best`.
    fn ties(self, best: Self) -> bool;
}

macro_rules! exact_score {
    ($($t:ty),*) => {$(
        impl Score for $t {
            #[inline]
            fn beats(self, best: Self) -> bool {
                self > best
            }
            #[inline]
            fn ties(self, best: Self) -> bool {
                self == best
            }
        }
    )*};
}

exact_score!(i32, i64, u8, u32);

/// Scores within this of each other tie (sums of floats in another order
/// differ in their last bits).
const FLOAT_TIE: f32 = 1e-6;

impl Score for f32 {
    #[inline]
    fn beats(self, best: Self) -> bool {
        self > best + FLOAT_TIE
    }
    #[inline]
    fn ties(self, best: Self) -> bool {
        (self - best).abs() <= FLOAT_TIE
    }
}

/// The greedy player over one turn's moves: offered each move's index and
/// score, it picks the best ([`Greedy::pick`]).
#[derive(Debug, Clone)]
pub struct Greedy<S> {
    ties: Ties,
    /// The best score so far, with its move's index.
    best: Option<(S, usize)>,
    /// The moves tied with it so far, itself counted.
    tied: u32,
    /// [`Ties::Drawn`]: the moves tied with the best after the first.
    others: Vec<usize>,
}

impl<S: Score> Greedy<S> {
    /// A player breaking ties by `ties`, offered nothing yet.
    pub fn new(ties: Ties) -> Greedy<S> {
        Greedy {
            ties,
            best: None,
            tied: 0,
            others: Vec::new(),
        }
    }

    /// Offers move `index` with `score`: whether it is now the best (under
    /// [`Ties::Drawn`], whether it is the first of the best so far).
    #[inline]
    pub fn offer(&mut self, index: usize, score: S, rng: &mut Rng) -> bool {
        let Some((best, _)) = self.best else {
            self.best = Some((score, index));
            self.tied = 1;
            return true;
        };
        if score.beats(best) {
            self.best = Some((score, index));
            self.tied = 1;
            self.others.clear();
            return true;
        }
        if !score.ties(best) {
            return false;
        }
        self.tied += 1;
        match self.ties {
            Ties::First => false,
            Ties::Drawn => {
                self.others.push(index);
                false
            }
            Ties::AsOffered => {
                if rng.below(self.tied as usize) == 0 {
                    self.best = Some((score, index));
                    return true;
                }
                false
            }
        }
    }

    /// The index of the move picked; `None` when none was offered.
    pub fn pick(self, rng: &mut Rng) -> Option<usize> {
        let (_, first) = self.best?;
        match self.ties {
            Ties::Drawn => match rng.below(self.tied as usize) {
                0 => Some(first),
                k => self.others.get(k - 1).copied(),
            },
            Ties::First | Ties::AsOffered => Some(first),
        }
    }
}

/// The index of the best of `scores` with ties broken by `ties`; `None`
/// when there are none.
///
/// ```
/// use billes_game::greedy::{best_of, Ties};
/// use billes_game::Rng;
///
/// let pick = best_of([1.0f32, 3.0, 3.0], Ties::Drawn, &mut Rng::new(5));
/// assert!(matches!(pick, Some(1 | 2)));
/// ```
pub fn best_of<S: Score>(
    scores: impl IntoIterator<Item = S>,
    ties: Ties,
    rng: &mut Rng,
) -> Option<usize> {
    let mut greedy = Greedy::new(ties);
    for (i, score) in scores.into_iter().enumerate() {
        greedy.offer(i, score, rng);
    }
    greedy.pick(rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_best_without_a_draw() {
        let mut rng = Rng::new(3);
        let before = rng.clone().next_u64();
        assert_eq!(best_of([1, 5, 5, 2], Ties::First, &mut rng), Some(1));
        assert_eq!(rng.next_u64(), before);
        assert_eq!(best_of(Vec::<i32>::new(), Ties::First, &mut rng), None);
    }

    #[test]
    fn drawn_is_one_draw_among_the_tied_in_order() {
        for seed in 0..50 {
            let mut rng = Rng::new(seed);
            let mut same = rng.clone();
            let pick = best_of([4, 9, 1, 9, 9], Ties::Drawn, &mut rng).unwrap();
            assert_eq!(pick, [1, 3, 4][same.below(3)]);
            assert_eq!(rng.next_u64(), same.next_u64());
        }
        // A lone best still draws once (seeds play as they always have).
        let mut rng = Rng::new(1);
        let mut same = rng.clone();
        assert_eq!(best_of([2, 7], Ties::Drawn, &mut rng), Some(1));
        same.below(1);
        assert_eq!(rng.next_u64(), same.next_u64());
    }

    #[test]
    fn as_offered_draws_at_each_tie_and_covers_them() {
        let mut rng = Rng::new(1);
        let mut seen = [0; 3];
        for _ in 0..300 {
            seen[best_of([2.0f32, 2.0, 1.0], Ties::AsOffered, &mut rng).unwrap()] += 1;
        }
        assert!(seen[0] > 50 && seen[1] > 50 && seen[2] == 0, "{seen:?}");
        // Floats within 1e-6 tie.
        let mut rng = Rng::new(2);
        let mut same = rng.clone();
        let pick = best_of([1.0f32, 1.0 + 1e-7], Ties::AsOffered, &mut rng).unwrap();
        assert_eq!(pick, if same.below(2) == 0 { 1 } else { 0 });
    }
}
