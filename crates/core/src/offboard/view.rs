//! The [`View`] of an Offboard position.

use super::board::{board, TARGETS};
use super::position::{cells, SEATS};
use super::State;
use crate::view::{Piece, PositionView, SeatView, TargetView, View};
use crate::GameKind;

/// The seats' colour names, in the order of [`SEATS`].
const COLOURS: [&str; 2] = ["red", "blue"];

impl View for State {
    fn view(&self) -> PositionView {
        let b = board();
        let seats = (0..2)
            .map(|s| SeatView {
                seat: SEATS[s].to_string(),
                colour: COLOURS[s].to_string(),
                waiting: self.out[s] as u32,
                home: 0,
                score: self.score[s] as u32,
            })
            .collect();
        let pieces = (0..2)
            .flat_map(|s| {
                cells(self.marbles[s]).map(move |c| Piece {
                    point: b.cell_name(c).to_string(),
                    seat: SEATS[s].to_string(),
                })
            })
            .collect();
        let targets = if self.has_targets {
            (0..TARGETS)
                .map(|t| TargetView {
                    name: b.target_name(t).to_string(),
                    value: self.values[t] as u32,
                    seat: match self.targets[t] {
                        0 => None,
                        s => Some(SEATS[s as usize - 1].to_string()),
                    },
                })
                .collect()
        } else {
            Vec::new()
        };
        PositionView {
            game: GameKind::Offboard,
            seats,
            pieces,
            barricades: Vec::new(),
            held: Vec::new(),
            targets,
            home_size: None,
            to_move: Some(self.to_move().to_string()),
            pending: self.pending().map(|t| {
                format!(
                    "{} must put back or remove its marble pushed towards {t}",
                    self.to_move()
                )
            }),
            // The winning score is a parameter of the rules, not of the
            // position: replay_views fills this in.
            winners: None,
        }
        .sorted()
    }
}
