//! The [`View`] of a Snakes and Ladders position, and what only this game
//! shows: the square each seat's pawn stands on.

use billes_game::view::{Piece, PositionView, SeatView, View};
use serde::Serialize;

use super::board::{name, OFF};
use super::position::{seat, State, COLOURS};

/// What a Snakes and Ladders position shows beyond every game's view
/// ([`PositionView::part`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ViewPart {
    /// By seat, in the order of the view's seats: the number of the square
    /// its pawn stands on, 0 off the board (written in each seat of `billes
    /// render --json` as `square`).
    pub square: Vec<u32>,
}

impl View for State {
    fn view(&self) -> PositionView {
        let colours = self.colours();
        let seats = colours
            .iter()
            .map(|&c| SeatView {
                seat: seat(c).into(),
                colour: COLOURS[c.index()].to_lowercase(),
                waiting: u32::from(self.squares[c.index()] == OFF),
            })
            .collect();
        let pieces = colours
            .iter()
            .filter(|c| self.squares[c.index()] != OFF)
            .map(|&c| Piece {
                point: name(self.squares[c.index()]).as_str().into(),
                seat: seat(c).into(),
            })
            .collect();
        let square = colours
            .iter()
            .map(|c| u32::from(self.squares[c.index()]))
            .collect();
        PositionView {
            game: <crate::SnakesAndLadders as billes_game::game::GameRules>::NAME,
            seats,
            pieces,
            to_move: self.to_move().map(Into::into),
            pending: None,
            winners: self.winner().map(|w| vec![w.into()]),
            own: Box::new(ViewPart { square }),
            seat_counts: &["square"],
        }
        .sorted()
    }
}
