//! What an Aggravation turn involves beyond moving a marble with the roll,
//! in the game's own words.

use serde::Serialize;

/// Something an Aggravation turn involves beyond moving one marble with
/// the roll (a [`game::Need`](billes_game::game::Need), handed to programs in
/// [`Next::needs`](billes_game::game::Next)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "need", rename_all = "snake_case")]
pub enum Need {
    /// A finished player rolls for a teammate: the turn's move is made with
    /// the marbles of one of these teammates (`R4>G`).
    Teammate {
        /// The teammates still playing.
        seats: Vec<String>,
    },
}

impl billes_game::game::Need for Need {
    fn phrase(&self) -> String {
        match self {
            Need::Teammate { seats } => format!("; rolls for {}", seats.join(" or ")),
        }
    }

    fn prompt(&self) -> Option<String> {
        match self {
            Need::Teammate { seats } => Some(format!(" for {}", seats.join(" or "))),
        }
    }
}
