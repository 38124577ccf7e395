//! The Snakes and Ladders player and its measure of the race.
//!
//! Every roll has one move, so the game has no choice to make: what the
//! analysis needs is how the race stands. The board gives it exactly: from
//! each square, the mean and the variance of the own turns a pawn still
//! needs to reach the last square (a pass counted as a turn), worked out
//! once from the board ([`Race::of`]: every roll equally likely, the
//! ladders and snakes taken, a roll past the goal passed). A seat's
//! strength is its mean ([`policy::race`], with the board's own spread);
//! a move, under a variant that offers more than one, is scored by the
//! turns it saves.

use std::sync::OnceLock;

use billes_game::game::{Move, Position};
use billes_game::policy::{self, Play};
use billes_notation::Action;

use crate::board::{Board, Square};
use crate::position::{seat, State};
use crate::SnakesAndLadders;

/// The turns a pawn still needs to finish, by square.
#[derive(Debug, Clone, PartialEq)]
pub struct Race {
    /// By square (0: off the board): the mean of the own turns needed.
    pub mean: Vec<f64>,
    /// By square: their variance.
    pub variance: Vec<f64>,
}

impl Race {
    /// The race of the standard board, worked out once.
    pub fn standard() -> &'static Race {
        static STANDARD: OnceLock<Race> = OnceLock::new();
        STANDARD.get_or_init(|| Race::of(Board::standard()))
    }

    /// The race of `board`: the mean `m` and the second moment `q` of the
    /// turns from each square, solved by sweeps until they no longer
    /// change (`m(s) = 1 + avg m(t)`, `q(s) = 1 + avg (2 m(t) + q(t))`,
    /// over the six squares `t` the rolls lead to).
    ///
    /// ```
    /// use billes_snakes_and_ladders::{Board, Race};
    ///
    /// let race = Race::of(Board::standard());
    /// // From off the board a game takes some 39 turns of one's own.
    /// assert!((race.mean[0] - 39.2).abs() < 0.5, "{}", race.mean[0]);
    /// assert_eq!(race.mean[100], 0.0);
    /// // On s99 only a 1 finishes: six turns on average.
    /// assert!((race.mean[99] - 6.0).abs() < 1e-9);
    /// ```
    pub fn of(board: &Board) -> Race {
        let last = usize::from(board.last());
        let next = |s: usize, roll: usize| -> usize {
            if s + roll > last {
                s
            } else {
                usize::from(board.end((s + roll) as Square))
            }
        };
        let (mut mean, mut moment) = (vec![0.0f64; last + 1], vec![0.0f64; last + 1]);
        for _ in 0..100_000 {
            let mut change = 0.0f64;
            for s in (0..last).rev() {
                let (mut m, mut q) = (0.0, 0.0);
                for roll in 1..=6 {
                    let t = next(s, roll);
                    m += mean[t];
                    q += 2.0 * mean[t] + moment[t];
                }
                let (m, q) = (1.0 + m / 6.0, 1.0 + q / 6.0);
                change = change.max((m - mean[s]).abs()).max((q - moment[s]).abs());
                (mean[s], moment[s]) = (m, q);
            }
            if change < 1e-9 {
                break;
            }
        }
        let variance = mean
            .iter()
            .zip(&moment)
            .map(|(m, q)| (q - m * m).max(0.0))
            .collect();
        Race { mean, variance }
    }

    /// The spread of the race for [`policy::race`]: the variance of the
    /// turns a game takes from the start, per turn.
    pub fn spread(&self) -> f32 {
        (self.variance[0] / self.mean[0].max(1.0)) as f32
    }
}

/// The heuristic player of Snakes and Ladders.
impl Play for SnakesAndLadders {
    /// The turns each move saves: the mean from where it starts less the
    /// mean from where it ends (0 for a pass).
    fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
        let board = Board::standard();
        let race = Race::standard();
        let saved = |m: &Move| -> Option<f32> {
            let Some(Action::Move { path, .. }) = m.actions.first() else {
                return None;
            };
            let from = board.square(path.first()?.as_str())?;
            let end = board.square(path.last()?.as_str())?;
            Some((race.mean[usize::from(from)] - race.mean[usize::from(end)]) as f32)
        };
        if pos.state::<State>().is_none() {
            return vec![0.0; moves.len()];
        }
        moves.iter().map(|m| saved(m).unwrap_or(0.0)).collect()
    }

    /// Each seat alone, by the mean turns its pawn still needs.
    fn strengths(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>> {
        let state = pos.state::<State>()?;
        let race = Race::standard();
        let turns = state
            .colours()
            .iter()
            .map(|&c| {
                let square = usize::from(state.squares[c.index()]);
                (vec![seat(c).to_string()], race.mean[square] as f32)
            })
            .collect();
        Some(policy::race(turns, race.spread()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use billes_game::game::position::{tags_game, RulesPosition};
    use billes_game::game::Roll;

    fn position(tags: &[(&str, &str)]) -> Box<dyn Position> {
        let game = tags_game(
            <SnakesAndLadders as billes_game::game::GameRules>::KIND,
            tags,
        );
        Box::new(RulesPosition::start(SnakesAndLadders::default(), &game).expect("position"))
    }

    #[test]
    fn the_race_is_the_board_s() {
        let race = Race::standard();
        // A ladder's top is worth more than its foot's neighbours; a
        // snake's tail less than the squares before its head.
        assert!(race.mean[84] < race.mean[27]);
        assert!(race.mean[6] > race.mean[15]);
        assert!(race.spread() > 1.5, "a race of ladders and snakes is wild");
        assert!(race.variance.iter().all(|v| v.is_finite()));
    }

    #[test]
    fn the_seat_ahead_is_stronger() {
        let pos = position(&[("Seats", "R G"), ("Position", "R:s84 G:s6 move=G")]);
        let s = SnakesAndLadders::strengths(pos.as_ref()).expect("a state");
        // R needs some 22 turns, G 39, but a race of ladders and snakes
        // is wild (a deviation of over 20 turns): R is the favourite,
        // far from sure.
        let red = policy::share(&s, &["R".to_string()]);
        assert!(red > 0.6 && red < 0.9, "{red}");
    }

    #[test]
    fn a_climb_scores_more_than_a_slide() {
        let pos = position(&[("Seats", "R G"), ("Position", "R:s12 G:s24 move=R")]);
        let climb = pos.legal_moves(Roll::new(4)).expect("moves");
        assert_eq!(climb[0].to_string(), "s12-s16-s6");
        let up = position(&[("Seats", "R G"), ("Position", "R:s24 G:s12 move=R")]);
        let ladder = up.legal_moves(Roll::new(4)).expect("moves");
        assert_eq!(ladder[0].to_string(), "s24-s28-s84");
        let slide = SnakesAndLadders::scores(pos.as_ref(), &climb)[0];
        let climb = SnakesAndLadders::scores(up.as_ref(), &ladder)[0];
        assert!(slide < 0.0 && climb > 10.0, "{slide} {climb}");
    }
}
