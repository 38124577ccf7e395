//! What an Offboard turn involves beyond moving marbles, in the game's own
//! words.

use serde::Serialize;

/// Something an Offboard turn involves beyond its move (a
/// [`game::Need`](billes_game::game::Need), handed to programs in
/// [`Next::needs`](billes_game::game::Next)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "need", rename_all = "snake_case")]
pub enum Need {
    /// A marble of the seat was pushed towards a taken target: the turn puts
    /// it back on a free cell (`+e5`) or takes it out of the game (`~`, then
    /// a move).
    PutBackOrRemove,
}

impl billes_game::game::Need for Need {
    fn phrase(&self) -> String {
        match self {
            Need::PutBackOrRemove => {
                "; puts its pushed marble back (+cell) or takes it out (~)".into()
            }
        }
    }

    fn prompt(&self) -> Option<String> {
        match self {
            Need::PutBackOrRemove => {
                Some(": put the pushed marble back (+cell) or take it out (~ then a move)".into())
            }
        }
    }
}
