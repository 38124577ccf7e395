//! Effect marks: written into a turn played as written (what `billes fmt
//! --marks` does past a mistake too), taken off a turn that the check goes
//! on with as its move plays.

use billes_notation::{Action, Turn};

use crate::game::Position;
use crate::{ErrorKind, ReplayError};

/// Writes into `turn`, to be played in `pos`, every effect mark its move
/// implies, as [`crate::complete_marks`] does for a whole record; an error of kind
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

/// `turn` with its effect marks taken off; `None` when it has none.
pub(super) fn without_marks(turn: &Turn) -> Option<Turn> {
    let mut t = turn.clone();
    let mut changed = false;
    for action in t.actions.iter_mut() {
        changed |= strip_marks(action);
    }
    changed.then_some(t)
}

/// Takes the effect marks off `action`; whether it had any.
pub(crate) fn strip_marks(action: &mut Action) -> bool {
    match action {
        Action::Place { capture, .. } | Action::Line { capture, .. } => capture.take().is_some(),
        Action::Move {
            capture, barricade, ..
        } => {
            let had = capture.take().is_some() || *barricade;
            *barricade = false;
            had
        }
        Action::Pass { .. } | Action::Barricade { .. } | Action::Remove { .. } => false,
    }
}
