//! A game's key: the hash of its main line's turns in canonical form,
//! which `validate --duplicates` compares and every row of `billes export`
//! carries; and the text it hashes, kept for the rows' moves.

use std::fmt;

use billes_notation::{Brief, Game, PairBrief, Turn};
use serde::{Serialize, Serializer};

/// A game's key (the hash of its main line's turns, docs/export.md) as
/// its `turns` rows carry it ([`GameTurns`](crate::export::GameTurns)):
/// the hash, written as 32 lowercase hex digits (`Display`, JSON, the
/// Parquet column) where the rows are written.
///
/// ```
/// use billes_archive::export::Key;
/// let key = Key::new(0xb3a8_4f50_6740_922f_d115_6ad9_b581_3c4a);
/// assert_eq!(key.to_string(), "b3a84f506740922fd1156ad9b5813c4a");
/// assert_eq!(&key.hex(), b"b3a84f506740922fd1156ad9b5813c4a");
/// ```
// Two halves, not a `u128`: aligned to 8 bytes, not 16, `Option<Key>`
// takes 24 bytes, not 32.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key([u64; 2]);

impl Key {
    /// The key of the hash `hash`.
    pub fn new(hash: u128) -> Key {
        Key([(hash >> 64) as u64, hash as u64])
    }

    /// The hash.
    pub fn get(self) -> u128 {
        (u128::from(self.0[0]) << 64) | u128::from(self.0[1])
    }

    /// Its 32 hex digits, the first the hash's highest four bits.
    pub fn hex(self) -> [u8; 32] {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        let hash = self.get();
        let mut out = [0; 32];
        for (i, digit) in out.iter_mut().enumerate() {
            *digit = DIGITS[(hash >> (124 - 4 * i)) as usize & 0xf];
        }
        out
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Hex digits are ASCII.
        f.write_str(std::str::from_utf8(&self.hex()).unwrap_or_default())
    }
}

impl Serialize for Key {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

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
    text: Vec<u8>,
    turns: bool,
}

/// Bytes of text a [`Fingerprint`] holds before it hashes them.
const FINGERPRINT_CHUNK: usize = 8 << 10;

impl Fingerprint {
    pub(crate) fn new() -> Fingerprint {
        Fingerprint {
            hasher: twox_hash::XxHash3_128::new(),
            text: Vec::with_capacity(FINGERPRINT_CHUNK + 256),
            turns: false,
        }
    }

    /// Adds the next main-line turn.
    pub(crate) fn add(&mut self, turn: &Turn) {
        write_turn(&mut self.text, turn);
        self.added();
    }

    /// Adds the next main-line turn, read as a brief: the same text as
    /// [`add`](Fingerprint::add) of the turn it stands for.
    pub(crate) fn add_brief(&mut self, brief: &Brief) {
        let _ = write_brief(&mut self.text, brief);
        self.added();
    }

    /// Adds the next main-line turn, read as a pair brief: the same text
    /// as [`add`](Fingerprint::add) of the turn it stands for.
    pub(crate) fn add_pair_brief(&mut self, brief: &PairBrief) {
        let _ = write_pair_brief(&mut self.text, brief);
        self.added();
    }

    /// A turn's text was written: the text held is hashed once it fills a
    /// chunk.
    fn added(&mut self) {
        self.turns = true;
        if self.text.len() >= FINGERPRINT_CHUNK {
            self.hasher.write(&self.text);
            self.text.clear();
        }
    }

    /// The hash, `None` without turns.
    pub(crate) fn finish(&mut self) -> Option<u128> {
        self.hasher.write(&self.text);
        self.text.clear();
        self.turns.then(|| self.hasher.finish_128())
    }
}

/// Writes a turn as a [`fingerprint`] hashes it, to `text`; the range of
/// its actions' text there (empty without actions). The canonical text is
/// appended as bytes (`put_head`, `put_action`: the notation's writers of
/// bytes, held to its `fmt::Write` writers by its tests): two thirds of
/// the instructions of writing it a character at a time.
fn write_turn(text: &mut Vec<u8>, turn: &Turn) -> std::ops::Range<usize> {
    use billes_notation::{put_action, put_head, put_number};
    put_number(text, turn.number);
    text.push(b'.');
    put_head(text, &turn.head);
    let start = text.len() + 1;
    for action in &turn.actions {
        text.push(b' ');
        put_action(text, action);
    }
    let actions = start.min(text.len())..text.len();
    text.push(b'\n');
    actions
}

/// Writes the turn `brief` stands for as [`write_turn`] writes it, to
/// `text`, without the turn: `put_brief` is held to `put_head` and
/// `put_action` by the notation's tests.
/// The range of its actions' text there, as [`write_turn`]'s.
fn write_brief(text: &mut Vec<u8>, brief: &Brief) -> std::ops::Range<usize> {
    write_briefed(text, brief.number, |text| {
        billes_notation::put_brief(text, brief)
    })
}

/// [`write_brief`] for a turn of two dice read as a pair brief
/// (`put_pair_brief`, held to `put_head` and `put_action` as `put_brief`
/// is).
fn write_pair_brief(text: &mut Vec<u8>, brief: &PairBrief) -> std::ops::Range<usize> {
    write_briefed(text, brief.number, |text| {
        billes_notation::put_pair_brief(text, brief);
    })
}

/// Writes the turn numbered `number` whose head and actions `put`
/// writes, as [`write_turn`] writes a turn: the range of its actions'
/// text.
#[inline(always)]
fn write_briefed(
    text: &mut Vec<u8>,
    number: u32,
    put: impl FnOnce(&mut Vec<u8>),
) -> std::ops::Range<usize> {
    billes_notation::put_number(text, number);
    text.push(b'.');
    let head = text.len();
    put(text);
    // The head holds no space: the actions start after the first.
    let start = text[head..]
        .iter()
        .position(|&b| b == b' ')
        .map_or(text.len(), |at| head + at + 1);
    let actions = start..text.len();
    text.push(b'\n');
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
        let mut texts = TextsWritten::new(turns.len());
        turns.iter().for_each(|t| texts.add(t));
        texts.finish()
    }

    /// The actions of the `i`th main-line turn (from 0), as written.
    pub(crate) fn actions(&self, i: usize) -> Option<&str> {
        self.actions.get(i).and_then(|r| self.text.get(r.clone()))
    }
}

/// [`TurnTexts`] written a turn at a time, as the turns are read: from a
/// turn of the tree or a brief.
pub(crate) struct TextsWritten {
    text: Vec<u8>,
    actions: Vec<std::ops::Range<usize>>,
}

impl TextsWritten {
    /// Room for about `turns` turns.
    pub(crate) fn new(turns: usize) -> TextsWritten {
        TextsWritten {
            text: Vec::with_capacity(turns * 16),
            actions: Vec::with_capacity(turns),
        }
    }

    /// Writes the next main-line turn.
    pub(crate) fn add(&mut self, turn: &Turn) {
        let actions = write_turn(&mut self.text, turn);
        self.actions.push(actions);
    }

    /// Writes the next main-line turn, read as a brief: the same text as
    /// [`add`](TextsWritten::add) of the turn it stands for.
    pub(crate) fn add_brief(&mut self, brief: &Brief) {
        let actions = write_brief(&mut self.text, brief);
        self.actions.push(actions);
    }

    /// Writes the next main-line turn, read as a pair brief: the same
    /// text as [`add`](TextsWritten::add) of the turn it stands for.
    pub(crate) fn add_pair_brief(&mut self, brief: &PairBrief) {
        let actions = write_pair_brief(&mut self.text, brief);
        self.actions.push(actions);
    }

    /// The texts written, and their fingerprint.
    pub(crate) fn finish(self) -> (TurnTexts, Option<u128>) {
        let TextsWritten { text, actions } = self;
        let print = (!actions.is_empty()).then(|| twox_hash::XxHash3_128::oneshot(&text));
        // Always UTF-8 (names are whole UTF-8 texts, the rest ASCII); were
        // it not, no move would be copied from it and each row's would be
        // written.
        let text = String::from_utf8(text).unwrap_or_default();
        (TurnTexts { text, actions }, print)
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

    /// The text a key hashes, written as a reference: the canonical
    /// writer's head and actions, a character at a time.
    fn reference_text(game: &Game) -> String {
        use billes_notation::{write_action, write_head};
        let mut text = String::new();
        for turn in &game.line.turns {
            text.push_str(&format!("{}.", turn.number));
            write_head(&mut text, &turn.head).unwrap();
            for action in &turn.actions {
                text.push(' ');
                write_action(&mut text, action).unwrap();
            }
            text.push('\n');
        }
        text
    }

    /// Every shipped record of every game, and turns of every shape (two
    /// dice, a teammate's roll, lines, barricades, removals, points,
    /// names that are not ASCII, numbers of any size): the key text is the
    /// reference's, each turn's actions are where `TurnTexts` says, and
    /// the key is the hash of that text, its turns read as briefs where
    /// they are ones or not.
    #[test]
    fn the_key_text_is_the_canonical_writers() {
        let mut records = vec![
            "1. R5-3 r1-r6 r6-r9 2. G4>Y y1-y5* 3. R c3:c5>e*t4=3 ~ 4. B +é*=0 #o4 \
             4294967295. Été12 e3-c4# d4>nw 5. R0 -- *"
                .to_string(),
        ];
        records.extend(
            crate::rows::shipped_records()
                .into_iter()
                .map(|(_, text)| text),
        );
        let (mut games, mut briefs, mut pairs) = (0, 0, 0);
        for record in &records {
            for game in billes_notation::parse_games(record).into_iter().flatten() {
                let reference = reference_text(&game);
                let (texts, print) = TurnTexts::of(&game);
                assert_eq!(texts.text, reference);
                for (i, turn) in game.line.turns.iter().enumerate() {
                    let mut actions = String::new();
                    for (j, action) in turn.actions.iter().enumerate() {
                        if j > 0 {
                            actions.push(' ');
                        }
                        billes_notation::write_action(&mut actions, action).unwrap();
                    }
                    assert_eq!(texts.actions(i), Some(actions.as_str()));
                }
                let hash = (!reference.is_empty())
                    .then(|| twox_hash::XxHash3_128::oneshot(reference.as_bytes()));
                assert_eq!(print, hash);
                assert_eq!(fingerprint(&game), hash);
                // Read as briefs where they are ones, as `validate
                // --duplicates` reads them: the same key.
                let mut read = Fingerprint::new();
                for turn in &game.line.turns {
                    match (Brief::of(turn), PairBrief::of(turn)) {
                        (Some(brief), _) => {
                            read.add_brief(&brief);
                            briefs += 1;
                        }
                        (None, Some(brief)) => {
                            read.add_pair_brief(&brief);
                            pairs += 1;
                        }
                        (None, None) => read.add(turn),
                    }
                }
                assert_eq!(read.finish(), hash);
                let mut written = TextsWritten::new(0);
                for turn in &game.line.turns {
                    match (Brief::of(turn), PairBrief::of(turn)) {
                        (Some(brief), _) => written.add_brief(&brief),
                        (None, Some(brief)) => written.add_pair_brief(&brief),
                        (None, None) => written.add(turn),
                    }
                }
                let (written, written_print) = written.finish();
                assert_eq!(written_print, hash);
                assert_eq!(written.text, texts.text);
                assert_eq!(written.actions, texts.actions);
                games += 1;
            }
        }
        assert!(games > 20, "{games} games read");
        assert!(briefs > 500, "{briefs} briefs read");
        assert!(pairs > 50, "{pairs} pair briefs read");
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
    fn a_key_is_written_as_its_hash_in_hex() {
        for n in [
            0,
            1,
            0xf << 124,
            u128::MAX,
            0x0123_4567_89ab_cdef_fedc_ba98_7654_3210,
        ] {
            let key = Key::new(n);
            assert_eq!(key.get(), n);
            assert_eq!(key.hex().as_slice(), format!("{n:032x}").as_bytes());
            assert_eq!(key.to_string(), format!("{n:032x}"));
            assert_eq!(
                serde_json::to_string(&key).expect("writes"),
                format!("\"{n:032x}\"")
            );
        }
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
