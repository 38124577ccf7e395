//! Complete marks: every effect mark the moves of a record imply (`*`,
//! `#`, `*t4=3`), for a referee who wants complete records (`billes
//! validate --strict`, `billes fmt --marks`).
//!
//! Players may leave effect marks out (notation/SPEC.md, "Effect marks"):
//! the checker accepts a move without them. Here each turn is read with the
//! game API ([`Position::parse_move`], which gives the legal move a turn
//! names with every mark it implies) and compared with what was written.

use std::ops::ControlFlow;

use billes_notation::{Game, Span, Turn};

use crate::game::Position;
use crate::recover::strip_marks;
use crate::walk::{walk, At, Visitor, Write};
use crate::{Engine, ErrorKind, ReplayError};

/// Writes into `game` every effect mark its moves imply, in the main line
/// and the variations, and returns one error of kind [`ErrorKind::Effect`]
/// per action that lacked one (located at the action as written, its
/// message naming the action with its marks). A mark written is never
/// taken away: a wrong one is a mistake of the record, found by the replay.
///
/// ```
/// use billes_core::{complete_marks, GameKind, Standard};
///
/// // B's pawn takes the barricade on q3: `h-q3#`, written without its `#`.
/// let record = "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R3 h-a1\n2. B5 h-q3\n3. R2 h-d1\n*\n";
/// let mut game = billes_notation::parse_game(record).unwrap();
/// let missing = complete_marks(&Standard::new(GameKind::Barricade), &mut game).unwrap();
/// assert_eq!(missing.len(), 1);
/// assert_eq!(missing[0].message, "a mark is missing: the move is h-q3#, written h-q3");
/// assert!(billes_notation::write_game(&game).contains("2. B5 h-q3#\n"));
/// ```
///
/// # Errors
/// The first mistake of the record, when it does not replay (the game may
/// then be partly completed).
pub fn complete_marks(
    engine: &dyn Engine,
    game: &mut Game,
) -> Result<Vec<ReplayError>, ReplayError> {
    let mut start = engine.start(game)?;
    let mut marking = Marking {
        missing: Vec::new(),
    };
    if let ControlFlow::Break(e) = walk::<Write, _>(&mut marking, &mut start, &mut game.line) {
        return Err(e);
    }
    Ok(marking.missing)
}

/// The completion of marks, as a visitor of the record's turns.
struct Marking {
    /// An error per action that lacked a mark.
    missing: Vec<ReplayError>,
}

impl Visitor<Write> for Marking {
    type Position<'p> = Box<dyn Position + 'p>;
    type Stop = ReplayError;
    type Kept = ();

    fn branch<'b>(&mut self, pos: &'b Box<dyn Position + '_>) -> Box<dyn Position + 'b> {
        pos.boxed()
    }

    fn too_deep(&mut self, span: Span) -> ControlFlow<ReplayError> {
        ControlFlow::Break(ReplayError::new(
            ErrorKind::IllegalMove,
            span,
            "variations nested too deeply",
        ))
    }

    fn play(
        &mut self,
        pos: &mut Box<dyn Position + '_>,
        turn: &mut &mut Turn,
        _: At<'_, ()>,
    ) -> ControlFlow<ReplayError> {
        let played = mark_turn(pos.as_ref(), turn, &mut self.missing)
            .and_then(|()| pos.play_turn(turn).map_err(|e| place(turn, e)));
        match played {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => ControlFlow::Break(e),
        }
    }
}

/// Writes into `turn`, to be played in `pos`, every effect mark its move
/// implies, as [`complete_marks`] does for a whole record; an error of kind
/// [`ErrorKind::Effect`] is pushed to `missing` per action that lacked one.
/// The turn is not played.
///
/// # Errors
/// When the turn is not legal in `pos` (the turn is then unchanged).
pub fn mark_turn(
    pos: &(dyn Position + '_),
    turn: &mut Turn,
    missing: &mut Vec<ReplayError>,
) -> Result<(), ReplayError> {
    let seat = turn.head.seat.to_string();
    // The move the turn names, every mark in (an error when the turn is
    // not legal).
    let actions: Vec<String> = turn.actions.iter().map(ToString::to_string).collect();
    let text = format!("{} {}", turn.head, actions.join(" "));
    let full = pos
        .parse_move(None, &text)
        .map_err(|e| place(turn, e.into()))?;
    if full.actions.len() != turn.actions.len() {
        return Ok(());
    }
    for (written, complete) in turn.actions.iter_mut().zip(&full.actions) {
        let (w, c) = (written.to_string(), complete.to_string());
        if w == c {
            continue;
        }
        let (mut ws, mut cs) = (written.clone(), complete.clone());
        strip_marks(&mut ws);
        strip_marks(&mut cs);
        if ws.to_string() != cs.to_string() {
            // Another spelling of the same move: not a mark.
            continue;
        }
        missing.push(
            ReplayError::new(
                ErrorKind::Effect,
                written.span(),
                format!("a mark is missing: the move is {c}, written {w}"),
            )
            .in_turn(turn.number, &seat),
        );
        *written = complete.clone();
    }
    Ok(())
}

/// An error of `turn` placed in it: its span (when it has none) and its
/// number and seat.
fn place(turn: &Turn, e: ReplayError) -> ReplayError {
    let e = if e.span.line == 0 {
        ReplayError {
            span: turn.span,
            ..e
        }
    } else {
        e
    };
    e.in_turn(turn.number, turn.head.seat.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameKind, Standard};

    #[test]
    fn variations_nested_past_the_deepest_are_refused_not_followed() {
        let record = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n*\n";
        let mut game = billes_notation::parse_game(record).unwrap();
        let turn = game.line.turns[0].clone();
        // Built by a program, deeper than any parsed record nests.
        for _ in 0..=crate::walk::MAX_DEPTH {
            let mut outer = turn.clone();
            outer.variations_mut().push(std::mem::take(&mut game.line));
            game.line.turns.push(outer);
        }
        let engine = Standard::new(GameKind::Aggravation);
        let e = complete_marks(&engine, &mut game).unwrap_err();
        assert_eq!(e.message, "variations nested too deeply");
    }
}
