//! The [`View`] of an Aggravation position.

use super::State;
use crate::view::{Piece, PositionView, SeatView, View};
use crate::GameKind;

impl View for State {
    fn view(&self) -> PositionView {
        let board = self.board;
        let seats = self
            .seats()
            .map(|s| SeatView {
                seat: self.letter(s).to_string(),
                colour: board
                    .colours
                    .get(s.index())
                    .map_or_else(String::new, |c| c.to_lowercase()),
                waiting: self.base[s.index()] as u32,
                home: self.home[s.index()] as u32,
                score: 0,
            })
            .collect();
        let pieces = board
            .holes()
            .filter_map(|h| {
                self.at(h).map(|s| Piece {
                    point: self.name(h).to_string(),
                    seat: self.letter(s).to_string(),
                })
            })
            .collect();
        let over = self.winner.is_some();
        let to_move = if over { None } else { self.to_roll() };
        PositionView {
            game: GameKind::Aggravation,
            seats,
            pieces,
            barricades: Vec::new(),
            held: Vec::new(),
            targets: Vec::new(),
            home_size: Some(self.home_size as u32),
            to_move: to_move.map(str::to_string),
            pending: (self.again && !over)
                .then(|| to_move.map(|s| format!("{s} rolls again after a 6")))
                .flatten(),
            winners: self.winners(),
        }
        .sorted()
    }
}
