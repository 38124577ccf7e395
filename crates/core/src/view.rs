//! A read-only, game-independent view of a position, for pictures: which
//! piece stands on which named hole, the barricades, the targets, the scores,
//! HOME and BASE counts and the seat to move.
//!
//! Each game's state implements [`View`]; [`crate::replay_views`] replays a
//! record and shows the view of the start position and of the position
//! after every turn of the main line ([`crate::game::replay_views_with`]
//! under any rules).
//!
//! ```
//! let record = "[Game \"barricade\"]\n[Seats \"R G\"]\n\n1. R6 h-h1\n*\n";
//! let game = billes_notation::parse_game(record).unwrap();
//! let mut seen = Vec::new();
//! billes_core::replay_views(&game, &mut |step| {
//!     seen.push((step.index, step.view.pieces.len()));
//!     std::ops::ControlFlow::Continue(())
//! })
//! .unwrap();
//! // The start (no pawn out yet), then after turn 1 (one red pawn on h1).
//! assert_eq!(seen, [(0, 0), (1, 1)]);
//! ```

use billes_notation::Turn;
use serde::Serialize;

use crate::GameKind;

/// One piece (marble or pawn) on a named hole, point or cell.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Piece {
    /// The hole's notation name (`r9`, `rh2`, `c`, `i14`, `e5`).
    pub point: String,
    /// The seat letter of its owner.
    pub seat: String,
}

/// A seat of the game and what it has off the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// The seat letter (`R`).
    pub seat: String,
    /// Its colour's name in lowercase (`red`).
    pub colour: String,
    /// Marbles or pawns waiting off the board: Aggravation's BASE, Barricade's
    /// house, Offboard's marbles taken out of the game.
    pub waiting: u32,
    /// Marbles in HOME (Aggravation), 0 in the other games.
    pub home: u32,
    /// Points scored (Offboard), 0 in the other games.
    pub score: u32,
}

/// One scoring target of the rim (Offboard).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TargetView {
    /// The target's name (`t4`).
    pub name: String,
    /// What a marble in it scores.
    pub value: u32,
    /// The seat whose marble it holds, if any.
    pub seat: Option<String>,
}

/// A position as pictures show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PositionView {
    /// The game.
    #[serde(serialize_with = "game_name")]
    pub game: GameKind,
    /// The seats in play, in playing order.
    pub seats: Vec<SeatView>,
    /// Every piece on the board, sorted by hole name then seat.
    pub pieces: Vec<Piece>,
    /// The points a barricade stands on (Barricade), sorted.
    pub barricades: Vec<String>,
    /// The seats holding a barricade they have yet to place (Barricade).
    pub held: Vec<String>,
    /// The targets of the rim with their values and marbles (Offboard).
    pub targets: Vec<TargetView>,
    /// Holes in each HOME row (Aggravation, where a variant may change it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub home_size: Option<u32>,
    /// The seat whose turn is next (`None` before the first turn when any
    /// seat may start, and once the game is over).
    pub to_move: Option<String>,
    /// What the next turn owes, in the games' words: a 6 to replay with a
    /// given pawn, a marble to put back first.
    pub pending: Option<String>,
    /// The winning seats, once the game is won. [`crate::replay_views`] asks the
    /// rules; [`View::view`] says what the position alone tells (nothing in
    /// Offboard, whose winning score is a parameter of the rules).
    pub winners: Option<Vec<String>>,
}

fn game_name<S: serde::Serializer>(game: &GameKind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(game.name())
}

impl PositionView {
    /// The piece on `point`, if any.
    pub fn piece_at(&self, point: &str) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.point == point)
    }

    /// The seat view of `seat`, if it plays.
    pub fn seat(&self, seat: &str) -> Option<&SeatView> {
        self.seats.iter().find(|s| s.seat == seat)
    }

    /// Records the winners the rules see; a won game has no seat to move.
    pub fn with_winners(mut self, winners: Option<Vec<String>>) -> PositionView {
        if winners.is_some() {
            self.to_move = None;
            self.pending = None;
            self.winners = winners;
        }
        self
    }

    /// Sorts pieces and barricades, as the field docs promise.
    pub(crate) fn sorted(mut self) -> PositionView {
        self.pieces.sort();
        self.barricades.sort();
        self
    }
}

/// A position that can be shown as a [`PositionView`].
pub trait View {
    /// The view of this position.
    fn view(&self) -> PositionView;
}

/// What [`crate::replay_views`] shows its observer: the start (index 0, no turn)
/// and the position after each main-line turn.
#[derive(Debug)]
pub struct ViewStep<'a> {
    /// 0 for the start position, else the 1-based index of the turn.
    pub index: u32,
    /// The turn just played (`None` for the start position).
    pub turn: Option<&'a Turn>,
    /// The position.
    pub view: PositionView,
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::*;
    use crate::replay_views;

    fn views(record: &str) -> Vec<PositionView> {
        let game = billes_notation::parse_game(record).expect("record parses");
        let mut out = Vec::new();
        replay_views(&game, &mut |s| {
            out.push(s.view.clone());
            ControlFlow::Continue(())
        })
        .expect("record replays");
        out
    }

    #[test]
    fn aggravation_entry_and_move() {
        let v = views("[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R1 r9-r10\n*\n");
        assert_eq!(v.len(), 3);
        assert!(v[0].pieces.is_empty());
        assert_eq!(v[0].seat("R").map(|s| s.waiting), Some(4));
        assert_eq!(v[1].piece_at("r9").map(|p| p.seat.as_str()), Some("R"));
        assert_eq!(v[2].piece_at("r10").map(|p| p.seat.as_str()), Some("R"));
        assert!(v[2].piece_at("r9").is_none());
        assert_eq!(v[2].seat("R").map(|s| s.waiting), Some(3));
        assert_eq!(v[2].to_move.as_deref(), Some("B"));
        assert_eq!(v[2].seat("B").map(|s| s.colour.as_str()), Some("blue"));
    }

    #[test]
    fn barricade_start_has_the_barricades() {
        let v = views("[Game \"barricade\"]\n[Seats \"R G\"]\n\n*\n");
        assert_eq!(v[0].barricades.len(), 11);
        assert!(v[0].barricades.contains(&"i13".to_string()));
        assert_eq!(v[0].seat("G").map(|s| s.waiting), Some(5));
        assert!(v[0].held.is_empty());
    }

    #[test]
    fn offboard_start_has_targets_and_marbles() {
        let v = views("[Game \"offboard\"]\n\n*\n");
        assert_eq!(v[0].pieces.len(), 24);
        assert_eq!(v[0].targets.len(), 12);
        assert_eq!(v[0].targets[2].value, 3);
        assert_eq!(v[0].to_move.as_deref(), Some("R"));
        assert_eq!(v[0].piece_at("e5"), None);
        assert_eq!(v[0].piece_at("a1").map(|p| p.seat.as_str()), Some("R"));
    }
}
