//! The common selections of games without Lua (`billes filter`): by game,
//! tag, player, result and length, as pgn-extract offers them for chess.
//!
//! ```
//! use billes_archive::select::Selection;
//!
//! let game = billes_notation::parse_game(
//!     "[Game \"aggravation\"]\n[Event \"Club night\"]\n[Seats \"R G\"]\n[Red \"Ann\"]\n\n1. R6 + 2. R3 r9-r12 *\n",
//! )
//! .unwrap();
//! let mut selection = Selection {
//!     player: Some("A*".into()),
//!     ..Selection::default()
//! };
//! selection.add_tag("Event=Club*").unwrap();
//! assert!(selection.matches(&game, None));
//! selection.min_turns = Some(3);
//! assert!(!selection.matches(&game, None));
//! ```

use billes_core::Summary;
use billes_notation::Game;

/// What a game must have to be selected; every part that is set must hold.
/// The default selects every game.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// The game's `Game` tag, case-insensitive.
    pub game: Option<String>,
    /// Tags whose value must match a glob ([`glob_match`]), as `(name, glob)`.
    pub tags: Vec<(String, String)>,
    /// A glob one of the player tags (`Red`, `Blue`...) must match.
    pub player: Option<String>,
    /// A seat among the winners; `*` selects the games without a winner.
    pub result: Option<String>,
    /// The fewest main-line turns.
    pub min_turns: Option<usize>,
    /// The most main-line turns.
    pub max_turns: Option<usize>,
}

impl Selection {
    /// Adds a tag condition written `NAME=GLOB`.
    ///
    /// # Errors
    /// The message for the user when there is no `=`.
    pub fn add_tag(&mut self, written: &str) -> Result<(), String> {
        let (name, glob) = written
            .split_once('=')
            .ok_or_else(|| format!("{written}: expected NAME=GLOB"))?;
        self.tags.push((name.to_string(), glob.to_string()));
        Ok(())
    }

    /// Whether nothing is asked: every game is selected.
    pub fn is_empty(&self) -> bool {
        *self == Selection::default()
    }

    /// Whether `game` passes every condition. The winners are the replay's
    /// (`summary`) when the game was checked, else the written result.
    pub fn matches(&self, game: &Game, summary: Option<&Summary>) -> bool {
        if let Some(g) = &self.game {
            if !game.tag("Game").is_some_and(|v| v.eq_ignore_ascii_case(g)) {
                return false;
            }
        }
        for (name, glob) in &self.tags {
            if !game.tag(name).is_some_and(|v| glob_match(glob, v)) {
                return false;
            }
        }
        if let Some(player) = &self.player {
            let players = billes_lua::script::players_of(game);
            if !players.iter().any(|(_, name)| glob_match(player, name)) {
                return false;
            }
        }
        if let Some(seat) = &self.result {
            let winners = match summary {
                Some(s) => s.winners.clone().unwrap_or_default(),
                None => game.outcome.winners.iter().map(|w| w.to_string()).collect(),
            };
            let won = if seat == "*" {
                winners.is_empty()
            } else {
                winners.iter().any(|w| w.eq_ignore_ascii_case(seat))
            };
            if !won {
                return false;
            }
        }
        let turns = game.line.turns.len();
        !(self.min_turns.is_some_and(|n| turns < n) || self.max_turns.is_some_and(|n| turns > n))
    }
}

/// Whether `text` matches `glob`: `*` is any text, `?` one character, the
/// rest itself (case matters).
///
/// ```
/// use billes_archive::select::glob_match;
///
/// assert!(glob_match("C?ub*t", "Club night"));
/// assert!(!glob_match("Club", "Club night"));
/// ```
pub fn glob_match(glob: &str, text: &str) -> bool {
    let (g, t): (Vec<char>, Vec<char>) = (glob.chars().collect(), text.chars().collect());
    let (mut gi, mut ti) = (0, 0);
    // The last `*` seen, and where in the text it began to match.
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        match g.get(gi) {
            Some('*') => {
                star = Some((gi, ti));
                gi += 1;
            }
            Some(&c) if c == '?' || c == t[ti] => {
                gi += 1;
                ti += 1;
            }
            _ => match star {
                Some((star_glob, star_text)) => {
                    // Let the last `*` take one more character, and retry.
                    gi = star_glob + 1;
                    ti = star_text + 1;
                    star = Some((star_glob, star_text + 1));
                }
                None => return false,
            },
        }
    }
    g[gi..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_match_as_shells_do() {
        assert!(glob_match("Club*", "Club night"));
        assert!(glob_match("*night", "Club night"));
        assert!(glob_match("C?ub*t", "Club night"));
        assert!(glob_match("*", ""));
        assert!(!glob_match("Club", "Club night"));
        assert!(!glob_match("?", ""));
        assert!(glob_match("a*b*c", "aXbYbZc"));
        assert!(!glob_match("a*b*c", "aXbYbZ"));
    }

    #[test]
    fn each_condition_selects_on_its_own() {
        let game = billes_notation::parse_game(
            "[Game \"offboard\"]\n[Seats \"R B\"]\n[Red \"Ann\"]\n[Blue \"Bo\"]\n\n=B\n",
        )
        .unwrap();
        let pass = |s: Selection| s.matches(&game, None);
        assert!(pass(Selection::default()));
        assert!(Selection::default().is_empty());
        assert!(pass(Selection {
            game: Some("OFFBOARD".into()),
            ..Selection::default()
        }));
        assert!(!pass(Selection {
            game: Some("barricade".into()),
            ..Selection::default()
        }));
        assert!(pass(Selection {
            player: Some("B?".into()),
            ..Selection::default()
        }));
        assert!(pass(Selection {
            result: Some("b".into()),
            ..Selection::default()
        }));
        assert!(!pass(Selection {
            result: Some("*".into()),
            ..Selection::default()
        }));
        assert!(!pass(Selection {
            min_turns: Some(1),
            ..Selection::default()
        }));
        let mut tagged = Selection::default();
        assert!(tagged.add_tag("Red").is_err());
        tagged.add_tag("Red=A*").unwrap();
        assert!(!tagged.is_empty());
        assert!(pass(tagged));
    }
}
