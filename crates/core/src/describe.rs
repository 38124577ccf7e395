//! What each turn of a record did, in the game's words ("marble entered",
//! "aggravated Blue on b3", "barricade placed on f7", "pushed 2 marbles"),
//! computed from the position before the turn, the turn and the position
//! after it. `billes annotate` writes these phrases into records.

use billes_notation::{Game, Line, Turn};

use crate::replay::Rules;
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
    describe_line(rules, &mut state, &game.line, 0)
}

fn describe_line<R: Describe>(
    rules: &R,
    state: &mut R::State,
    line: &Line,
    depth: usize,
) -> Result<Vec<Described>, ReplayError> {
    let mut out = Vec::with_capacity(line.turns.len());
    for turn in &line.turns {
        let mut variations = Vec::new();
        if depth < crate::replay::MAX_DEPTH {
            for variation in turn.variations() {
                let mut alt = state.clone();
                variations.push(describe_line(rules, &mut alt, variation, depth + 1)?);
            }
        }
        let before = state.clone();
        rules
            .play(state, turn)
            .map_err(|e| e.in_turn(turn.number, &turn.head.seat))?;
        out.push(Described {
            phrases: rules.describe(&before, turn, state),
            variations,
        });
    }
    Ok(out)
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
