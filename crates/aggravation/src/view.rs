//! The [`View`] of an Aggravation position, and what only Aggravation
//! shows: its HOME rows.

use billes_game::view::{Piece, PositionView, SeatView, View};
use serde::Serialize;

use super::State;

/// What an Aggravation position shows beyond every game's view
/// ([`PositionView::part`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ViewPart {
    /// Holes in each HOME row (a variant may change it).
    pub home_size: u32,
    /// Marbles in HOME, per seat in the view's order.
    pub home: Vec<u32>,
}

impl View for State {
    fn view(&self) -> PositionView {
        let board = self.board;
        let seats = self
            .seats()
            .map(|s| SeatView {
                seat: self.letter(s).into(),
                colour: board
                    .colours
                    .get(s.index())
                    .map_or_else(String::new, |c| c.to_lowercase()),
                waiting: self.base[s.index()] as u32,
            })
            .collect();
        let home = self.seats().map(|s| self.home[s.index()] as u32).collect();
        let pieces = board
            .holes()
            .filter_map(|h| {
                self.at(h).map(|s| Piece {
                    point: self.name(h).into(),
                    seat: self.letter(s).into(),
                })
            })
            .collect();
        let over = self.winner.is_some();
        let to_move = if over { None } else { self.to_roll() };
        PositionView {
            game: <crate::Aggravation as billes_game::game::GameRules>::NAME,
            seats,
            pieces,
            to_move: to_move.map(Into::into),
            pending: (self.again && !over)
                .then(|| to_move.map(|s| format!("{s} rolls again after a 6")))
                .flatten(),
            winners: self.winners(),
            own: Box::new(ViewPart {
                home_size: self.home_size as u32,
                home,
            }),
            seat_counts: &["home"],
        }
        .sorted()
    }
}
