//! Counting move sequences ("perft"), the test of a move generator that
//! chess programs keep numbers of.

use super::{Position, Roll};
use crate::ReplayError;

/// The rolls a turn of `pos` may start with: every die face, or `None` in a
/// game without dice.
fn rolls(pos: &dyn Position) -> Vec<Option<Roll>> {
    if pos.next().dice {
        Roll::all(pos.game().dice()).into_iter().map(Some).collect()
    } else {
        vec![None]
    }
}

/// The number of move sequences of `depth` turns from `pos`, over every roll
/// of every turn: each turn is taken by the seat the rules call on
/// ([`Position::to_act`]), with each face of the die in turn (one turn
/// without a roll in Offboard), and each of its legal moves (a pass counts as
/// one). A sequence that reaches the end of the game early counts once.
///
/// ```
/// use billes_core::game::{perft, Position};
/// use billes_core::{Engine, GameKind, Standard};
///
/// let record = billes_notation::parse_game("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n*\n")?;
/// let rules = Standard::new(billes_core::aggravation::KIND);
/// let pos = rules.start(&record)?;
/// // R rolls: a 1 or a 6 enters a marble, the other four rolls pass.
/// assert_eq!(perft(pos.as_ref(), 1)?, 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// When a variant's hook fails.
pub fn perft(pos: &dyn Position, depth: u32) -> Result<u64, ReplayError> {
    if depth == 0 || pos.is_over() {
        return Ok(1);
    }
    let mut total = 0;
    for roll in rolls(pos) {
        for mv in pos.legal_moves(roll)? {
            if depth == 1 {
                total += 1;
                continue;
            }
            let mut child = pos.boxed();
            child.play(&mv)?;
            total += perft(child.as_ref(), depth - 1)?;
        }
    }
    Ok(total)
}

/// [`perft`] split by the first turn: for each roll and legal move, in the
/// order generated, the move's turn line (`R6 +`) and the count below it.
///
/// # Errors
/// When a variant's hook fails.
pub fn perft_divide(pos: &dyn Position, depth: u32) -> Result<Vec<(String, u64)>, ReplayError> {
    let mut out = Vec::new();
    if depth == 0 || pos.is_over() {
        return Ok(out);
    }
    for roll in rolls(pos) {
        for mv in pos.legal_moves(roll)? {
            let mut child = pos.boxed();
            child.play(&mv)?;
            out.push((mv.turn(), perft(child.as_ref(), depth - 1)?));
        }
    }
    Ok(out)
}
