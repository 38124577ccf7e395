//! What a Barricade turn involves beyond moving a pawn with the roll, in
//! the game's own words.

use serde::Serialize;

/// Something a Barricade turn involves beyond moving one pawn with the
/// roll (a [`game::Need`](billes_game::game::Need), handed to programs in
/// [`Next::needs`](billes_game::game::Next)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "need", rename_all = "snake_case")]
pub enum Need {
    /// The seat holds a taken barricade and puts it down in this turn
    /// (`#point`, after the move).
    PutDown,
    /// The seat may replay its 6 with the pawn on `point`, or decline: the
    /// seat `declined` then takes the turn.
    Replay {
        /// The point of the pawn that may replay.
        point: String,
        /// The seat that plays when the replay is declined.
        declined: String,
    },
}

impl billes_game::game::Need for Need {
    fn phrase(&self) -> String {
        match self {
            Need::PutDown => "; puts a held barricade down".to_string(),
            Need::Replay { point, declined } => {
                format!("; may replay the 6 with the pawn on {point}, or let {declined} play")
            }
        }
    }

    fn prompt(&self) -> Option<String> {
        match self {
            Need::PutDown => Some(", then put the barricade down (#point)".into()),
            Need::Replay { .. } => None,
        }
    }

    /// A pending replay of a 6 offers the turn: the pawn's seat replays,
    /// or the seat `declined` rolls.
    fn offer(&self) -> Option<String> {
        match self {
            Need::Replay { point, declined } => Some(format!(
                " may replay the 6 with the pawn on {point}, or {declined} rolls"
            )),
            Need::PutDown => None,
        }
    }
}
