//! Complete marks: every effect mark the moves of a record imply (`*`,
//! `#`, `*t4=3`), for a referee who wants complete records (`billes
//! validate --strict`, `billes fmt --marks`).
//!
//! Players may leave effect marks out (notation/SPEC.md, "Effect marks"):
//! the checker accepts a move without them. Each turn is read with the
//! game API ([`Position::parse_move`](crate::game::Position::parse_move),
//! which gives the legal move a turn names with every mark it implies) and
//! compared with what was written ([`crate::mark_turn`]), by the check
//! that goes on past mistakes ([`Engine::mark_record`]): one walk writes
//! the marks and finds the mistakes.

use billes_notation::Game;

use crate::{Engine, ReplayError};

/// Writes into `game` every effect mark its moves imply, in the main line
/// and the variations, and returns one error of kind
/// [`ErrorKind::Effect`](crate::ErrorKind::Effect) per action that lacked
/// one (located at the action as written, its message naming the action
/// with its marks). A mark written is never taken away: a wrong one is a
/// mistake of the record, found by the replay.
///
/// ```
/// use billes_core::{complete_marks, GameKind, Standard};
///
/// // B's pawn takes the barricade on q3: `h-q3#`, written without its `#`.
/// let record = "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R3 h-a1\n2. B5 h-q3\n3. R2 h-d1\n*\n";
/// let mut game = billes_notation::parse_game(record).unwrap();
/// let missing = complete_marks(&Standard::new(billes_core::barricade::KIND), &mut game).unwrap();
/// assert_eq!(missing.len(), 1);
/// assert_eq!(missing[0].message, "a mark is missing: the move is h-q3#, written h-q3");
/// assert!(billes_notation::write_game(&game).contains("2. B5 h-q3#\n"));
/// ```
///
/// # Errors
/// The first mistake of the record, when it does not replay (the marks of
/// the turns the check went through past its mistakes are then written:
/// [`Engine::mark_record`] has them all).
pub fn complete_marks(
    engine: &dyn Engine,
    game: &mut Game,
) -> Result<Vec<ReplayError>, ReplayError> {
    let checked = engine.mark_record(game);
    match checked.errors.into_iter().next() {
        Some(first) => Err(first),
        None => Ok(checked.missing),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Standard;
    use billes_notation::Line;

    #[test]
    fn variations_nested_past_the_deepest_are_refused_not_followed() {
        let record = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n*\n";
        let mut game = billes_notation::parse_game(record).unwrap();
        let turn = game.line.turns[0].clone();
        // Built by a program, deeper than any parsed record nests.
        for _ in 0..=billes_game::walk::MAX_DEPTH {
            let mut outer = turn.clone();
            outer
                .variations_mut()
                .push(std::mem::take::<Line>(&mut game.line));
            game.line.turns.push(outer);
        }
        let engine = Standard::new(crate::aggravation::KIND);
        let e = complete_marks(&engine, &mut game).unwrap_err();
        assert_eq!(e.message, "variations nested too deeply");
    }
}
