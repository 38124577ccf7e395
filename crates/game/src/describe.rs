//! What each turn of a record did, in the game's words ("marble entered",
//! "aggravated Blue on b3", "barricade placed on f7", "pushed 2 marbles"),
//! computed from the position before the turn, the turn and the position
//! after it. `billes annotate` writes these phrases into records.

use std::ops::ControlFlow;

use billes_notation::{Game, Seat, Span, Turn};

use crate::replay::Rules;
use crate::walk::{walk, At, Read, Visitor};
use crate::ReplayError;

/// A game's rules that can tell what a turn did.
pub trait Describe: Rules {
    /// The phrases telling what `turn` did, played from `before` to `after`,
    /// in the order they happened; empty when there is nothing to say.
    fn describe(&self, before: &Self::State, turn: &Turn, after: &Self::State) -> Vec<String>;
}

/// What one turn did, with what each of its variations did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Described {
    /// The phrases, in the order things happened.
    pub phrases: Vec<String>,
    /// One entry per variation of the turn, one [`Described`] per turn of it.
    pub variations: Vec<Vec<Described>>,
}

/// Describes every turn of `game` under `rules` (main line and variations).
///
/// # Errors
/// The first turn that cannot be played; the record is not otherwise checked
/// (turn numbers and the result are [`crate::replay_with`]'s business).
pub fn describe_with<R: Describe>(rules: &R, game: &Game) -> Result<Vec<Described>, ReplayError> {
    let mut state = rules.setup(game)?;
    let mut describing = Describing {
        rules,
        lines: Vec::new(),
    };
    if let ControlFlow::Break(e) = walk::<Read, _>(&mut describing, &mut state, &game.line) {
        return Err(e);
    }
    Ok(describing.lines.pop().map(|l| l.turns).unwrap_or_default())
}

/// The description of a record, as a visitor of its turns.
struct Describing<'r, R> {
    rules: &'r R,
    /// The lines being described, the main line first, the innermost last.
    lines: Vec<Lines>,
}

/// A line being described.
#[derive(Default)]
struct Lines {
    /// Its turns described so far.
    turns: Vec<Described>,
    /// The variations of its next turn, described.
    variations: Vec<Vec<Described>>,
}

impl<R: Describe> Visitor<Read> for Describing<'_, R> {
    type Position<'p> = R::State;
    type Stop = ReplayError;
    type Kept = ();

    fn branch(&mut self, state: &R::State) -> R::State {
        state.clone()
    }

    /// A variation too deep is left out of the description.
    fn too_deep(&mut self, _: Span) -> ControlFlow<ReplayError> {
        ControlFlow::Continue(())
    }

    fn enter(&mut self, _: usize) {
        self.lines.push(Lines::default());
    }

    fn play(
        &mut self,
        state: &mut R::State,
        turn: &mut &Turn,
        _: At<'_, ()>,
    ) -> ControlFlow<ReplayError> {
        let before = state.clone();
        if let Err(e) = self.rules.play(state, turn) {
            return ControlFlow::Break(e.in_turn(turn.number, &turn.head.seat));
        }
        let phrases = self.rules.describe(&before, turn, state);
        if let Some(line) = self.lines.last_mut() {
            let variations = std::mem::take(&mut line.variations);
            line.turns.push(Described {
                phrases,
                variations,
            });
        }
        ControlFlow::Continue(())
    }

    fn leave(&mut self, depth: usize) {
        if depth == 0 {
            return;
        }
        if let Some(line) = self.lines.pop() {
            if let Some(outer) = self.lines.last_mut() {
                outer.variations.push(line.turns);
            }
        }
    }
}

/// "R wins", or "R+G win" for a team, when the game was won by this turn.
pub fn wins(before: Option<Vec<Seat>>, after: Option<Vec<Seat>>) -> Option<String> {
    match (before, after) {
        (None, Some(w)) if w.len() == 1 => Some(format!("{} wins", w[0])),
        (None, Some(w)) => Some(format!("{} win", w.join("+"))),
        _ => None,
    }
}

/// `red` -> `Red`.
pub fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winners_are_named_once() {
        assert_eq!(
            wins(None, Some(vec!["R".into()])).as_deref(),
            Some("R wins")
        );
        assert_eq!(
            wins(None, Some(vec!["R".into(), "G".into()])).as_deref(),
            Some("R+G win")
        );
        assert_eq!(wins(Some(vec!["R".into()]), Some(vec!["R".into()])), None);
        assert_eq!(capitalised("blue"), "Blue");
    }
}
