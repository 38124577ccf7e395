//! The position at a turn of a game: the one lookup hover and completion
//! share (what they show past a mistake of the record is decided here).

use billes_core::game::Position;
use billes_core::{Engine, ReplayError};
use billes_notation::Game;

/// The position of `game` under `engine` before its main-line turn
/// `index` (0-based; the number of turns: after the last), each turn
/// before it checked.
///
/// # Errors
/// When the record's tags describe no position, or a turn before it is
/// wrong (the error placed in its turn).
pub(crate) fn position_before<'e>(
    engine: &'e dyn Engine,
    game: &Game,
    index: usize,
) -> Result<Box<dyn Position + 'e>, ReplayError> {
    billes_core::position_after(engine, game, index as u32)
}
