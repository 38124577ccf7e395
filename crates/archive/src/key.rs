//! A game's key: the hash of its main line's turns in canonical form,
//! which `validate --duplicates` compares and every row of `billes export`
//! carries; and the text it hashes, kept for the rows' moves.

use billes_notation::{Game, Turn};

/// A game's key: the 128-bit hash of the main line's turns in canonical
/// form, without comments, NAGs, variations, tags or layout. Its definition
/// is fixed (docs/export.md): XXH3-128 with seed 0 of the UTF-8 text that
/// has, for each turn, `N.HEAD` (the number, a full stop, the seat, roll and
/// mover as written in canonical BGN: `12.R6`, `3.G4>Y`), then each action
/// in canonical BGN after one space, then a line feed. Games without turns
/// have none: they are not compared.
pub(crate) fn fingerprint(game: &Game) -> Option<u128> {
    let mut print = Fingerprint::new();
    game.line.turns.iter().for_each(|t| print.add(t));
    print.finish()
}

/// The [`fingerprint`] of turns given one at a time (the text hashed as
/// it is made, never held).
pub(crate) struct Fingerprint {
    hasher: twox_hash::XxHash3_128,
    /// The text not hashed yet: the hasher is given it a few KiB at a
    /// time, which is several times faster than a piece of a turn at a
    /// time (the hash is the same however the text is cut).
    text: String,
    turns: bool,
}

/// Bytes of text a [`Fingerprint`] holds before it hashes them.
const FINGERPRINT_CHUNK: usize = 8 << 10;

impl Fingerprint {
    pub(crate) fn new() -> Fingerprint {
        Fingerprint {
            hasher: twox_hash::XxHash3_128::new(),
            text: String::with_capacity(FINGERPRINT_CHUNK + 256),
            turns: false,
        }
    }

    /// Adds the next main-line turn.
    pub(crate) fn add(&mut self, turn: &Turn) {
        write_turn(&mut self.text, turn);
        self.turns = true;
        if self.text.len() >= FINGERPRINT_CHUNK {
            self.hasher.write(self.text.as_bytes());
            self.text.clear();
        }
    }

    /// The hash, `None` without turns.
    pub(crate) fn finish(&mut self) -> Option<u128> {
        self.hasher.write(self.text.as_bytes());
        self.text.clear();
        self.turns.then(|| self.hasher.finish_128())
    }
}

/// Writes a turn as a [`fingerprint`] hashes it, to `text`; the range of
/// its actions' text there (empty without actions).
fn write_turn(text: &mut String, turn: &Turn) -> std::ops::Range<usize> {
    use billes_notation::{write_action, write_head, write_number};
    // Writing into a String cannot fail.
    let _ = write_number(text, turn.number);
    text.push('.');
    let _ = write_head(text, &turn.head);
    let start = text.len() + 1;
    for action in &turn.actions {
        text.push(' ');
        let _ = write_action(text, action);
    }
    let actions = start.min(text.len())..text.len();
    text.push('\n');
    actions
}

/// The text a game's [`fingerprint`] hashes, kept: each main-line turn's
/// actions in canonical BGN are there, which is the `move` column of a
/// turn whose complete move is written as it is (most records' turns),
/// so that the export copies them rather than writing them again.
pub(crate) struct TurnTexts {
    text: String,
    /// The range of each main-line turn's actions in `text`.
    actions: Vec<std::ops::Range<usize>>,
}

impl TurnTexts {
    /// The text of `game`'s main line, and its fingerprint (the hash of
    /// the text, as [`fingerprint`] makes it: the same however the text is
    /// given to the hasher).
    pub(crate) fn of(game: &Game) -> (TurnTexts, Option<u128>) {
        let turns = &game.line.turns;
        let mut text = String::with_capacity(turns.len() * 16);
        let actions = turns.iter().map(|t| write_turn(&mut text, t)).collect();
        let print = (!turns.is_empty()).then(|| {
            let mut hasher = twox_hash::XxHash3_128::new();
            hasher.write(text.as_bytes());
            hasher.finish_128()
        });
        (TurnTexts { text, actions }, print)
    }

    /// The actions of the `i`th main-line turn (from 0), as written.
    pub(crate) fn actions(&self, i: usize) -> Option<&str> {
        self.actions.get(i).map(|r| &self.text[r.clone()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Game {
        billes_notation::parse_game(text).expect("parses")
    }

    #[test]
    fn fingerprints_ignore_tags_comments_nags_and_layout() {
        let a = game("[Game \"aggravation\"]\n[Seats \"R B\"]\n1. R6 + 2. R1 r9-r10 3. B4 -- *\n");
        let b = game("[Event \"x\"]\n\n1. R6 + {entered} !\n2. R1   r9-r10 $1\n3. B4 --\n=R\n");
        let c = game("1. R6 + 2. R2 r9-r11 3. B4 -- *\n");
        assert_eq!(fingerprint(&a), fingerprint(&b));
        assert_ne!(fingerprint(&a), fingerprint(&c));
        assert_eq!(fingerprint(&game("[Game \"offboard\"]\n*\n")), None);
    }

    #[test]
    fn a_known_game_has_a_known_key() {
        // XXH3-128, seed 0, of "1.R6 +\n2.R1 r9-r10\n3.B4 --\n", as the
        // reference implementation (xxHash 0.8) gives it.
        let a = game("[Game \"aggravation\"]\n[Seats \"R B\"]\n1. R6 + 2. R1 r9-r10 3. B4 -- *\n");
        assert_eq!(
            fingerprint(&a).map(|k| format!("{k:032x}")).as_deref(),
            Some("b3a84f506740922fd1156ad9b5813c4a")
        );
    }

    #[test]
    fn the_kept_text_has_the_key_and_each_turns_actions() {
        let a = game("[Game \"aggravation\"]\n1. R6 + {in} 2. R1 r9-r10 r0-b0 3. B4 -- *\n");
        let (texts, print) = TurnTexts::of(&a);
        assert_eq!(print, fingerprint(&a));
        assert_eq!(texts.text, "1.R6 +\n2.R1 r9-r10 r0-b0\n3.B4 --\n");
        let actions: Vec<_> = (0..4).map(|i| texts.actions(i)).collect();
        assert_eq!(actions, [Some("+"), Some("r9-r10 r0-b0"), Some("--"), None]);
        let none = game("[Game \"offboard\"]\n*\n");
        assert_eq!(TurnTexts::of(&none).1, None);
        // Longer than what the hasher is given at a time.
        let long: String = (1..2000).map(|n| format!("{n}. R6 r9-r15 ")).collect();
        let long = game(&format!("{long}*\n"));
        assert_eq!(TurnTexts::of(&long).1, fingerprint(&long));
    }
}
