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
    /// [`TagConditionError::NoEquals`] when there is no `=`,
    /// [`TagConditionError::Glob`] when the glob is too long.
    pub fn add_tag(&mut self, written: &str) -> Result<(), TagConditionError> {
        let (name, glob) = written
            .split_once('=')
            .ok_or_else(|| TagConditionError::NoEquals {
                written: written.to_string(),
            })?;
        check_glob(glob).map_err(|error| TagConditionError::Glob {
            name: name.to_string(),
            error,
        })?;
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
                None => game.outcome.winners.clone(),
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
        // A valid game's turns are its summary's (a game checked as it was
        // read keeps none).
        let turns = summary.map_or(game.line.turns.len(), |s| s.turns as usize);
        !(self.min_turns.is_some_and(|n| turns < n) || self.max_turns.is_some_and(|n| turns > n))
    }
}

/// The longest glob [`glob_match`] takes from the command line: 1,024
/// characters ([`check_glob`]). Matching costs at most the value's length
/// times one step per 64 characters of the glob.
pub const MAX_GLOB_CHARS: usize = 1024;

/// A tag condition ([`Selection::add_tag`]) that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TagConditionError {
    /// The condition is not written `NAME=GLOB`.
    #[error("{written}: expected NAME=GLOB")]
    NoEquals {
        /// The condition as written.
        written: String,
    },
    /// The glob of tag `name` is refused.
    #[error("{name}: {error}")]
    Glob {
        /// The tag's name.
        name: String,
        /// Why the glob is refused.
        error: GlobError,
    },
}

/// A glob [`check_glob`] refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GlobError {
    /// The glob is longer than [`MAX_GLOB_CHARS`].
    #[error("a glob of {chars} characters: at most {MAX_GLOB_CHARS}")]
    TooLong {
        /// The glob's length, in characters.
        chars: usize,
    },
}

/// Refuses a glob longer than [`MAX_GLOB_CHARS`].
///
/// # Errors
/// [`GlobError::TooLong`].
pub fn check_glob(glob: &str) -> Result<(), GlobError> {
    let chars = glob.chars().count();
    if chars > MAX_GLOB_CHARS {
        return Err(GlobError::TooLong { chars });
    }
    Ok(())
}

/// Whether `text` matches `glob`: `*` is any text, `?` one character, the
/// rest itself (case matters).
///
/// The time is linear in the text, whatever the glob: the parts between
/// the `*`s are found left to right, each at its first place (which is
/// never worse for the parts after it), and each part is searched with
/// the bit-parallel Shift-And algorithm (a `?` is a position every
/// character fits), one step per character of the text and 64 characters
/// of the part. Nothing of the text is copied.
///
/// ```
/// use billes_archive::select::glob_match;
///
/// assert!(glob_match("C?ub*t", "Club night"));
/// assert!(!glob_match("Club", "Club night"));
/// ```
pub fn glob_match(glob: &str, text: &str) -> bool {
    let Some((first, rest)) = glob.split_once('*') else {
        return fits(glob, text) == Some(text.len());
    };
    let Some(start) = fits(first, text) else {
        return false;
    };
    let text = &text[start..];
    let (middle, last) = rest.rsplit_once('*').unwrap_or(("", rest));
    let Some(end) = fits_end(last, text) else {
        return false;
    };
    let mut text = &text[..end];
    for part in middle.split('*').filter(|p| !p.is_empty()) {
        match Part::new(part).find(text) {
            Some(after) => text = &text[after..],
            None => return false,
        }
    }
    true
}

/// Where `part` (no `*`) ends when it matches the start of `text`.
fn fits(part: &str, text: &str) -> Option<usize> {
    let mut chars = text.char_indices();
    for p in part.chars() {
        let (_, c) = chars.next()?;
        if p != '?' && p != c {
            return None;
        }
    }
    Some(chars.next().map_or(text.len(), |(i, _)| i))
}

/// Where `part` (no `*`) starts when it matches the end of `text`.
fn fits_end(part: &str, text: &str) -> Option<usize> {
    let mut chars = text.char_indices().rev();
    let mut start = text.len();
    for p in part.chars().rev() {
        let (i, c) = chars.next()?;
        if p != '?' && p != c {
            return None;
        }
        start = i;
    }
    Some(start)
}

/// A part of a glob between `*`s, ready for Shift-And: for each character,
/// the positions of the part it fits, as bits (`?` fits every character).
struct Part {
    /// 64-bit words a mask takes.
    words: usize,
    /// The number of characters.
    len: usize,
    /// The masks of the ASCII characters.
    ascii: Vec<u64>,
    /// The masks of the other characters of the part.
    other: std::collections::HashMap<char, Vec<u64>>,
    /// The positions of `?`: the mask of a character not in the part.
    any: Vec<u64>,
}

impl Part {
    fn new(part: &str) -> Part {
        let len = part.chars().count();
        let words = len.div_ceil(64).max(1);
        let mut any = vec![0u64; words];
        for (i, p) in part.chars().enumerate() {
            if p == '?' {
                any[i / 64] |= 1 << (i % 64);
            }
        }
        let mut ascii = Vec::with_capacity(128 * words);
        for _ in 0..128 {
            ascii.extend_from_slice(&any);
        }
        let mut other = std::collections::HashMap::new();
        for (i, p) in part.chars().enumerate() {
            let bit = 1u64 << (i % 64);
            if p == '?' {
                continue;
            }
            if p.is_ascii() {
                ascii[p as usize * words + i / 64] |= bit;
            } else {
                other.entry(p).or_insert_with(|| any.clone())[i / 64] |= bit;
            }
        }
        Part {
            words,
            len,
            ascii,
            other,
            any,
        }
    }

    /// Where the first match of the part in `text` ends.
    fn find(&self, text: &str) -> Option<usize> {
        let words = self.words;
        let last = (self.len - 1) / 64;
        let top = 1u64 << ((self.len - 1) % 64);
        let mut state = vec![0u64; words];
        for (i, c) in text.char_indices() {
            let mask = if c.is_ascii() {
                &self.ascii[c as usize * words..][..words]
            } else {
                self.other.get(&c).map_or(&self.any[..], Vec::as_slice)
            };
            // state = ((state << 1) | 1) & mask, over the words.
            let mut carry = 1u64;
            for (w, m) in state.iter_mut().zip(mask) {
                let next = *w >> 63;
                *w = ((*w << 1) | carry) & m;
                carry = next;
            }
            if state[last] & top != 0 {
                return Some(i + c.len_utf8());
            }
        }
        None
    }
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
        assert!(glob_match("*?", "é"));
        assert!(glob_match("a*a", "aa"));
        assert!(!glob_match("a*a", "a"));
        assert!(glob_match("*é?*ß", "xxéyzzß"));
        assert!(glob_match("**", ""));
        assert!(glob_match("*a?c*", "abxabc"));
        assert!(!glob_match("*a?c*", "abxab"));
        assert!(glob_match("?*?", "ab"));
        assert!(!glob_match("?*?", "a"));
    }

    /// The matcher against the plain backtracking definition, over every
    /// glob and text of a small alphabet, and parts longer than one word.
    #[test]
    fn globs_match_as_the_definition_says() {
        fn slow(g: &[char], t: &[char]) -> bool {
            match g.first() {
                None => t.is_empty(),
                Some('*') => (0..=t.len()).any(|i| slow(&g[1..], &t[i..])),
                Some(&c) => !t.is_empty() && (c == '?' || c == t[0]) && slow(&g[1..], &t[1..]),
            }
        }
        let words = |alphabet: &[char], max: usize| {
            let mut all = vec![String::new()];
            let mut last = vec![String::new()];
            for _ in 0..max {
                last = last
                    .iter()
                    .flat_map(|w| alphabet.iter().map(move |c| format!("{w}{c}")))
                    .collect();
                all.extend(last.iter().cloned());
            }
            all
        };
        let globs = words(&['a', 'é', '*', '?'], 4);
        let texts = words(&['a', 'é', 'b'], 5);
        for g in &globs {
            let gc: Vec<char> = g.chars().collect();
            for t in &texts {
                let tc: Vec<char> = t.chars().collect();
                assert_eq!(glob_match(g, t), slow(&gc, &tc), "{g:?} {t:?}");
            }
        }
        let long: String = "ab?".repeat(30);
        let text = format!("x{}y", "abc".repeat(30));
        assert!(glob_match(&format!("*{long}*"), &text));
        assert!(!glob_match(&format!("*{long}b*"), &text));
    }

    /// The attack of a `*`, 2,000 `a` and a `b` against a long run of `a`:
    /// quadratic for a backtracking matcher, one pass here. Counted in
    /// steps, not timed: the matcher's work is one state update per
    /// character of the text.
    #[test]
    fn a_glob_that_backtracks_everywhere_is_one_pass() {
        let glob = format!("*{}b", "a".repeat(2_000));
        let text = "a".repeat(200_000);
        assert!(!glob_match(&glob, &text));
        assert!(glob_match(&glob, &format!("{text}b")));
        assert!(check_glob(&glob).is_err());
        assert!(check_glob(&"a".repeat(MAX_GLOB_CHARS)).is_ok());
        let mut selection = Selection::default();
        assert!(selection.add_tag(&format!("Event={glob}")).is_err());
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
