//! The [`View`] of an Offboard position, and what only Offboard shows:
//! its targets and the scores.

use billes_game::view::{Piece, PositionView, SeatView, View};
use billes_notation::{Name, Seat};
use serde::Serialize;

use super::board::{board, Cell, Target};
use super::position::{seat_name, SEATS};
use super::State;

/// What an Offboard position shows beyond every game's view
/// ([`PositionView::part`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ViewPart {
    /// The targets of the rim the rules keep, with their values and
    /// marbles (none in a variant without targets).
    pub targets: Vec<TargetView>,
    /// Points scored, per seat in the view's order.
    pub score: Vec<u32>,
}

/// One scoring target of the rim.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TargetView {
    /// The target's name (`t4`).
    pub name: String,
    /// What a marble in it scores.
    pub value: u32,
    /// The seat whose marble it holds, if any.
    pub seat: Option<String>,
}

/// The seats' colour names, in the order of [`SEATS`].
const COLOURS: [&str; 2] = ["red", "blue"];

impl View for State {
    fn view(&self) -> PositionView {
        let b = board();
        let seats = (0..2)
            .map(|s| SeatView {
                seat: Seat::from(SEATS[s]),
                colour: COLOURS[s].to_string(),
                waiting: self.out[s] as u32,
            })
            .collect();
        let pieces = (0..2)
            .flat_map(|s| {
                Cell::in_mask(self.marbles[s]).map(move |c| Piece {
                    point: Name::from(b.cell_name(c)),
                    seat: Seat::from(SEATS[s]),
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
            game: <crate::Offboard as billes_game::game::GameRules>::NAME,
            seats,
            pieces,
            to_move: Some(Seat::from(self.to_move())),
            pending: self.pending().map(|t| {
                format!(
                    "{} must put back or remove its marble pushed towards {t}",
                    self.to_move()
                )
            }),
            // The winning score is a parameter of the rules, not of the
            // position: replay_views fills this in.
            winners: None,
            own: Box::new(ViewPart {
                targets,
                score: (0..2).map(|s| self.score[s] as u32).collect(),
            }),
            seat_counts: &["score"],
        }
        .sorted()
    }
}
