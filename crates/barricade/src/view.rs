//! The [`View`] of a Barricade position, and what only Barricade shows:
//! its barricades.

use billes_game::view::{Piece, PositionView, SeatView, View};
use serde::Serialize;

use super::board::{iter_points, COLOURS, SEATS};
use super::State;

/// What a Barricade position shows beyond every game's view
/// ([`PositionView::part`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ViewPart {
    /// The points a barricade stands on, sorted.
    pub barricades: Vec<String>,
    /// The seats holding a barricade they have yet to place.
    pub held: Vec<String>,
}

impl View for State {
    fn view(&self) -> PositionView {
        let board = self.board;
        let colours = self.colours().iter().map(|colour| colour.index());
        let seats = colours
            .clone()
            .map(|c| SeatView {
                seat: SEATS[c].into(),
                colour: COLOURS[c].to_lowercase(),
                waiting: self.housed[c] as u32,
            })
            .collect();
        let pieces = colours
            .clone()
            .flat_map(|c| {
                iter_points(self.pawns[c]).map(move |p| Piece {
                    point: board.name(p).into(),
                    seat: SEATS[c].into(),
                })
            })
            .collect();
        let mut barricades: Vec<String> = iter_points(self.barricades)
            .map(|p| board.name(p).to_string())
            .collect();
        barricades.sort();
        let held = colours
            .filter(|&c| self.holds[c] > 0)
            .map(|c| SEATS[c].to_string())
            .collect();
        let over = self.winner().is_some();
        PositionView {
            game: <crate::Barricade as billes_game::game::GameRules>::NAME,
            seats,
            pieces,
            to_move: if over {
                None
            } else {
                self.replay_pending()
                    .map(|(s, _)| s)
                    .or_else(|| self.to_move())
                    .map(Into::into)
            },
            pending: if over {
                None
            } else {
                self.replay_pending().map(|(s, p)| match p {
                    Some(p) => format!("{s} may roll again for the pawn on {p}"),
                    None => format!("{s} may roll again"),
                })
            },
            winners: self.winner().map(|s| vec![s.into()]),
            own: Box::new(ViewPart { barricades, held }),
            seat_counts: &[],
        }
        .sorted()
    }
}
