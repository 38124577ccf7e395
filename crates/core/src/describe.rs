//! What each turn of a record did, in the game's words ("marble entered",
//! "aggravated Blue on b3", "barricade placed on f7", "pushed 2 marbles"),
//! computed from the position before the turn, the turn and the position
//! after it. `billes annotate` writes these phrases into records.

use std::ops::ControlFlow;

use billes_notation::{Game, Span, Turn};

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
pub(crate) fn wins(before: Option<Vec<String>>, after: Option<Vec<String>>) -> Option<String> {
    match (before, after) {
        (None, Some(w)) if w.len() == 1 => Some(format!("{} wins", w[0])),
        (None, Some(w)) => Some(format!("{} win", w.join("+"))),
        _ => None,
    }
}

/// `red` -> `Red`.
pub(crate) fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{describe, GameKind};

    #[test]
    fn variations_are_described_from_their_own_position() {
        let record = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 + (1. R1 + (1. R3 --))\n2. R3 r9-r12\n*\n";
        let game = billes_notation::parse_game(record).unwrap();
        let turns = describe(&game).unwrap();
        assert_eq!(turns.len(), 2);
        assert_eq!(turns[0].variations[0][0].phrases, ["marble entered"]);
        assert_eq!(
            turns[0].variations[0][0].variations[0][0].phrases,
            ["no legal move"]
        );
        assert_eq!(turns[1].phrases, ["moved 3 holes"]);
    }

    #[test]
    fn an_invalid_record_is_not_described() {
        let record = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R3 +\n*\n";
        let game = billes_notation::parse_game(record).unwrap();
        assert!(describe(&game).is_err());
    }

    #[test]
    fn every_turn_of_simulated_games_is_described() {
        use crate::{simulate, Rng, SimOptions};
        for kind in GameKind::ALL {
            for seed in 0..20 {
                let players = if kind == GameKind::Offboard { 2 } else { 4 };
                let options = SimOptions {
                    players,
                    max_turns: 400,
                    ..SimOptions::default()
                };
                let game = simulate(kind, &options, &mut Rng::new(seed)).unwrap();
                let turns = describe(&game).unwrap();
                assert_eq!(turns.len(), game.line.turns.len());
                for (turn, d) in game.line.turns.iter().zip(&turns) {
                    assert!(!d.phrases.is_empty(), "{kind} seed {seed}: {turn:?}");
                }
                if let Some(w) = crate::replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
                    .unwrap()
                    .winners
                {
                    let last = &turns.last().unwrap().phrases;
                    let said = last.last().unwrap();
                    assert!(said.starts_with(&w.join("+")), "{said}");
                }
            }
        }
    }

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
