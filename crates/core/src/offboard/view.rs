//! The [`View`] of an Offboard position.

use super::board::{board, Cell, Target};
use super::position::{seat_name, SEATS};
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
                Cell::in_mask(self.marbles[s]).map(move |c| Piece {
                    point: b.cell_name(c).to_string(),
                    seat: SEATS[s].to_string(),
                })
            })
            .collect();
        let targets = if self.has_targets {
            Target::all()
                .map(|target| TargetView {
                    name: b.target_name(target).to_string(),
                    value: u32::from(self.values[target.index()]),
                    seat: self.targets[target.index()]
                        .map(|marble| seat_name(marble.colour()).to_string()),
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
