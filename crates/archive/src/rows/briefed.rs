//! The check of a game and its `turns` rows as its text is read, its
//! plainest turns read as [`Brief`]s, a few words each (or, in a game of
//! two dice whose rules play them, as [`PairBrief`]s), and played and
//! completed by the game without their tree
//! ([`Position::play_brief_completed`],
//! [`Position::play_pair_brief_completed`]): what `billes export` does
//! with a valid game whose rules play briefs (the three board games and
//! the shipped race games). Parsing each turn into its tree, then walking
//! the tree, was a fifth of an export's time.
//!
//! A turn that is no brief (a comment, a NAG, the last turn before the
//! result, a pass a game leaves to the tree) is read by the parser and
//! played as [`super::RowReplay`] plays it. Whatever this path does not
//! read as the whole check would (a variation, a mistake, a capture the
//! record does not mark, rules that play no briefs) gives `None`: the game
//! is then parsed whole and checked as before, which finds its mistakes
//! and makes its rows. The rows, the summary and the key are those of the
//! whole check (a tested equality).

use std::borrow::Cow;

use billes_core::game::{Move, Position};
use billes_core::{Engine, Summary};
use billes_notation::{
    Actions, Brief, BriefAction, Game, PairBrief, Piece, Seat, Turn, TurnStream,
};

use super::{complete_move, marks_capture, Begun, RowMaker, TurnRow, Wanted, WorkerRows, Written};
use crate::key::TextsWritten;

/// What the check of a valid game read as briefs found.
pub(crate) struct Briefed {
    /// What it replays to.
    pub(crate) summary: Summary,
    /// Its rows.
    pub(crate) rows: WorkerRows,
    /// The fingerprint of its turns (the key `--duplicates` compares).
    pub(crate) fingerprint: Option<u128>,
}

/// A game's turns played and their rows made as they are read.
struct Reading<'g> {
    pos: Box<dyn Position + 'g>,
    maker: RowMaker<'g>,
    rows: Vec<TurnRow>,
    /// The text of the turns the key hashes, each turn's actions in
    /// canonical BGN: the move of a row whose turn is written complete,
    /// copied there once the game is read (the text is then checked to be
    /// UTF-8 once, not each move).
    texts: TextsWritten,
    /// The rows whose move is copied from `texts`.
    copied: Vec<bool>,
    /// The number the next main-line turn must have.
    next: u32,
    /// The complete move of the last brief, written in place.
    full: Move,
}

/// Checks the game whose tags `head` holds under `engine`, reading its
/// turns from `text` where `stream` stands (just past the tags), and makes
/// its rows (the `Position` column when `wanted`) and its key: `None` when the game must be checked whole (see the module's
/// documentation). `turns` is a list to read turns into, left empty.
pub(crate) fn check(
    engine: &dyn Engine,
    head: &Game,
    (stream, text): (&mut TurnStream, &str),
    wanted: Wanted,
    turns: &mut Vec<Turn>,
) -> Option<Briefed> {
    let pos = engine.start(head).ok()?;
    if !pos.plays_briefs() {
        return None;
    }
    // A row for each line of turns, most games' layout: the rows are
    // kept until they are written, and a list grown by doubling held up
    // to twice their memory.
    let lines = text.as_bytes()[stream.offset()..]
        .iter()
        .filter(|&&b| b == b'\n')
        .count();
    let mut reading = Reading {
        pos,
        maker: RowMaker::new(head, engine.game(), wanted, None),
        rows: Vec::with_capacity(lines),
        texts: TextsWritten::new(lines),
        copied: Vec::with_capacity(lines),
        next: 1,
        full: Move::new(Seat::default(), None, Actions::new()),
    };
    let outcome = reading.read(stream, text, turns);
    turns.clear();
    let outcome = outcome?;
    let winners = reading.pos.winners();
    billes_core::check_outcome(head, &outcome, winners.as_deref()).ok()?;
    let (texts, print) = reading.texts.finish();
    let copied = reading.rows.iter_mut().zip(&reading.copied);
    for (i, (row, _)) in copied.enumerate().filter(|(_, (_, &c))| c) {
        row.mv = billes_notation::small_text(texts.actions(i).unwrap_or_default());
    }
    Some(Briefed {
        summary: Summary {
            turns: reading.next - 1,
            variation_turns: 0,
            winners,
            stopped: false,
        },
        rows: WorkerRows {
            cut: reading.maker.cut,
            rows: Ok(reading.rows),
        },
        fingerprint: print,
    })
}

impl Reading<'_> {
    /// Reads and plays the turns to the end of the game: its result token,
    /// or `None` where the game must be checked whole.
    fn read(
        &mut self,
        stream: &mut TurnStream,
        text: &str,
        turns: &mut Vec<Turn>,
    ) -> Option<billes_notation::Outcome> {
        let mut parser = super::ParserTurns::default();
        // A game of two dice whose rules play pair briefs has its turns
        // read as those.
        let pairs = self.pos.plays_pair_briefs();
        loop {
            let mut whole = false;
            let at = stream.offset();
            let mut play = |played: Option<bool>| match played {
                Some(played) => played,
                None => {
                    whole = true;
                    false
                }
            };
            let played = match pairs {
                true => stream.play_pair_briefs(&text[at..], |b| play(self.brief(b))),
                false => stream.play_briefs(&text[at..], |b| play(self.brief(b))),
            };
            if whole {
                return None;
            }
            let Some(max) = parser.after(played) else {
                continue;
            };
            let piece = stream
                .read_some(&text[stream.offset()..], true, turns, max)
                .ok()?;
            for turn in turns.iter() {
                self.turn(turn)?;
            }
            turns.clear();
            if let Piece::End { outcome, .. } = piece {
                return Some(outcome);
            }
        }
    }

    /// Plays `brief` and makes its row: whether it did (`false`: it is
    /// read again as a turn), `None` when the game must be checked whole.
    fn brief<B: Briefly>(&mut self, brief: &B) -> Option<bool> {
        if brief.number() != self.next || self.pos.is_over() {
            return Some(false);
        }
        let i = self.rows.len();
        let begun = if brief.marks_a_capture() {
            // The seats it captures are read in the position before it:
            // the move is completed on a copy first.
            let full = {
                let mut copy = self.pos.boxed();
                if !brief.play_completed(copy.as_mut(), &mut self.full) {
                    return Some(false);
                }
                self.full.clone()
            };
            let begun = self.maker.begin(self.pos.as_ref(), Cow::Owned(full));
            if !brief.play_completed(self.pos.as_mut(), &mut self.full) {
                return None;
            }
            begun
        } else {
            if !brief.play_completed(self.pos.as_mut(), &mut self.full) {
                return Some(false);
            }
            if marks_capture(&self.full.actions) {
                // A capture the record does not mark: its row reads the
                // position before it, which is gone.
                return None;
            }
            Begun::uncaptured(Cow::Borrowed(&self.full))
        };
        // Written complete (most turns), the move's text is the brief's,
        // copied once the game is read.
        let copied = brief.writes_as(&begun.full.actions);
        let written = copied.then_some("");
        let at = (i, brief.written());
        let row = self.maker.finish(begun, at, written, self.pos.as_ref());
        self.rows.push(row);
        self.copied.push(copied);
        brief.add_text(&mut self.texts);
        self.next += 1;
        Some(true)
    }

    /// Plays `turn`, read by the parser, and makes its row as
    /// [`super::RowReplay`] does, with the checks the whole check makes of
    /// a main-line turn (its number, the game not over); `None` for a
    /// turn with variations or a mistake.
    fn turn(&mut self, turn: &Turn) -> Option<()> {
        if turn.number != self.next || self.pos.is_over() || has_variations(turn) {
            return None;
        }
        // A turn that marks no capture is played and completed in one
        // call, when the game completes it so (each replayed the turn).
        let at_once = !marks_capture(&turn.actions)
            && self.pos.play_turn_completed(turn, &mut self.full).ok()?;
        let begun = if at_once {
            if marks_capture(&self.full.actions) {
                // A capture the record does not mark: its row reads the
                // position before it, which is gone.
                return None;
            }
            Begun::uncaptured(Cow::Borrowed(&self.full))
        } else {
            let full = complete_move(self.pos.as_ref(), turn).ok()?;
            let begun = self.maker.begin(self.pos.as_ref(), Cow::Owned(full));
            self.pos.play_turn(turn).ok()?;
            begun
        };
        let copied = begun.full.writes_as(turn);
        let i = self.rows.len();
        let at = (i, Written::Turn(turn));
        let row = self
            .maker
            .finish(begun, at, copied.then_some(""), self.pos.as_ref());
        self.rows.push(row);
        self.copied.push(copied);
        self.texts.add(turn);
        self.next += 1;
        Some(())
    }
}

/// Whether `turn` has variations: this reading does not go down them (the
/// walk of the whole check does, for the game read whole).
fn has_variations(turn: &Turn) -> bool {
    !turn.variations().is_empty()
}

/// A brief of one kind or the other, as [`Reading::brief`] plays it and
/// makes its row.
trait Briefly {
    /// The turn number written.
    fn number(&self) -> u32;
    /// Whether it marks a capture (`*`).
    fn marks_a_capture(&self) -> bool;
    /// Plays it on `pos` and writes its complete move into `full`:
    /// whether it did.
    fn play_completed(&self, pos: &mut (dyn Position + '_), full: &mut Move) -> bool;
    /// Whether the complete move of these `actions` is written as it is.
    fn writes_as(&self, actions: &Actions) -> bool;
    /// The turn as written, for its row.
    fn written(&self) -> Written<'_>;
    /// Writes its text for the key and the rows' moves.
    fn add_text(&self, texts: &mut TextsWritten);
}

impl Briefly for Brief {
    fn number(&self) -> u32 {
        self.number
    }

    fn marks_a_capture(&self) -> bool {
        marks_a_capture(&self.action)
    }

    #[inline(always)]
    fn play_completed(&self, pos: &mut (dyn Position + '_), full: &mut Move) -> bool {
        pos.play_brief_completed(self, full)
    }

    fn writes_as(&self, actions: &Actions) -> bool {
        Brief::actions_of(actions) == Some((self.action, self.put_down))
    }

    fn written(&self) -> Written<'_> {
        Written::Brief(self)
    }

    fn add_text(&self, texts: &mut TextsWritten) {
        texts.add_brief(self);
    }
}

impl Briefly for PairBrief {
    fn number(&self) -> u32 {
        self.number
    }

    fn marks_a_capture(&self) -> bool {
        self.actions().iter().any(marks_a_capture)
    }

    #[inline(always)]
    fn play_completed(&self, pos: &mut (dyn Position + '_), full: &mut Move) -> bool {
        pos.play_pair_brief_completed(self, full)
    }

    fn writes_as(&self, actions: &Actions) -> bool {
        PairBrief::writes_as(self, actions)
    }

    fn written(&self) -> Written<'_> {
        Written::PairBrief(self)
    }

    fn add_text(&self, texts: &mut TextsWritten) {
        texts.add_pair_brief(self);
    }
}

/// Whether `action` marks a capture (`*`).
fn marks_a_capture(action: &BriefAction) -> bool {
    match action {
        BriefAction::Enter { capture, .. } | BriefAction::Move { capture, .. } => *capture,
        BriefAction::Line { capture, .. } => capture.is_some(),
        BriefAction::Pass => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::turn_rows;
    use billes_core::{registry, Standard};

    /// What the reading with briefs makes of the game `text`, when it
    /// makes anything.
    fn briefed(text: &str, wanted: Wanted) -> Option<Briefed> {
        let mut stream = TurnStream::new(1);
        let mut turns = Vec::new();
        let Ok(Piece::Head(head)) = stream.read(text, true, &mut turns) else {
            panic!("no tags");
        };
        let kind = registry::named(head.tag("Game").expect("named")).expect("known");
        let engine = Standard::new(kind);
        check(&engine, &head, (&mut stream, text), wanted, &mut turns)
    }

    /// The rows, summary and key of the game parsed whole and checked by
    /// the replay of its tree.
    fn whole(text: &str, wanted: Wanted) -> (Vec<TurnRow>, Summary, Option<u128>) {
        let game = billes_notation::parse_game(text).expect("reads");
        let kind = registry::named(game.tag("Game").expect("named")).expect("known");
        let engine = Standard::new(kind);
        let summary = engine.validate(&game).expect("valid");
        let mut rows = Vec::new();
        let start = engine.start(&game).expect("sets up");
        turn_rows(&game, start, wanted, &mut |r| rows.push(r)).expect("plays");
        (rows, summary, crate::key::fingerprint(&game))
    }

    /// Asserts that the reading with briefs made of `text` what the whole
    /// check makes.
    fn same(text: &str, wanted: Wanted, found: Briefed) {
        let (rows, summary, key) = whole(text, wanted);
        assert_eq!(found.rows.rows.as_ref().expect("rows"), &rows);
        assert_eq!(found.summary.turns, summary.turns);
        assert_eq!(found.summary.winners, summary.winners);
        assert_eq!(found.fingerprint, key);
    }

    #[test]
    fn generated_games_have_the_rows_and_key_of_the_whole_check() {
        let (mut games, mut pairs) = (0, 0);
        for kind in registry::all() {
            for seed in 0..4 {
                let text = crate::rows::simulated_text(kind, 2_000, seed);
                let game = billes_notation::parse_game(&text).expect("reads");
                let engine = Standard::new(kind);
                let start = engine.start(&game).expect("sets up");
                for position in [false, true] {
                    let wanted = Wanted { position };
                    let found = briefed(&text, wanted);
                    // A game whose rules play no briefs is checked whole.
                    let Some(found) = found else {
                        assert!(!start.plays_briefs(), "{} {seed}", kind.name());
                        continue;
                    };
                    assert!(!found.rows.rows.as_ref().unwrap().is_empty());
                    same(&text, wanted, found);
                    games += 1;
                    pairs += usize::from(start.plays_pair_briefs());
                }
            }
        }
        // Aggravation, Barricade, Offboard and the race games; Parcheesi
        // read as pair briefs.
        assert!(games >= 24, "{games}");
        assert!(pairs >= 8, "{pairs} games of pair briefs");
    }

    #[test]
    fn the_shipped_games_read_with_briefs_have_the_whole_checks_rows() {
        let (mut read, mut whole) = (0, 0);
        for (path, text) in crate::rows::shipped_records() {
            for game in billes_notation::parse_games(&text).into_iter().flatten() {
                let text = billes_notation::write_game(&game);
                let kind = registry::of(&game).ok();
                let valid = kind.is_some_and(|k| Standard::new(k).validate(&game).is_ok());
                match briefed(&text, Wanted { position: true }) {
                    Some(found) => {
                        assert!(valid, "{}", path.display());
                        same(&text, Wanted { position: true }, found);
                        read += 1;
                    }
                    None => {
                        // Only a game with a mistake or a variation, or
                        // whose rules play no briefs, is left to the whole
                        // check.
                        let briefs = kind.is_some_and(|k| {
                            Standard::new(k)
                                .start(&game)
                                .is_ok_and(|p| p.plays_briefs())
                        });
                        let plain = game.line.turns.iter().all(|t| t.variations().is_empty());
                        assert!(!(valid && briefs && plain), "{}", path.display());
                        whole += 1;
                    }
                }
            }
        }
        assert!(
            read >= 5 && whole > 20,
            "{read} read with briefs, {whole} whole"
        );
    }

    #[test]
    fn a_variation_a_slip_or_an_unmarked_capture_is_left_to_the_whole_check() {
        let base = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n";
        for turns in [
            // A variation.
            "1. R6 +\n2. R1 r9-r10 (2. R1 r9-r10)\n3. B2 --\n*\n",
            // A roll that does not take the marble there.
            "1. R6 +\n2. R1 r9-r11\n3. B2 --\n*\n",
            // Another number.
            "1. R6 +\n3. R1 r9-r10\n4. B2 --\n*\n",
            // A turn after the game... the wrong result.
            "1. R6 +\n2. R1 r9-r10\n3. B2 --\n1-0\n",
        ] {
            let text = format!("{base}{turns}");
            assert!(briefed(&text, Wanted::default()).is_none(), "{turns}");
        }
        // A barricade taken without its mark (Barricade's `h-q3`, which
        // takes the barricade there: `h-q3#`) is completed as the whole
        // check completes it.
        let text =
            "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R3 h-a1\n2. B5 h-q3\n3. R2 h-d1\n*\n";
        let found = briefed(text, Wanted::default()).expect("read with briefs");
        same(text, Wanted::default(), found);
        // A capture written without its mark: its row names the seat
        // captured, which the position before it tells; the game is read
        // whole, and is valid. A brief of one die, and a pair brief.
        let parcheesi = registry::named("parcheesi").expect("shipped");
        for kind in [billes_core::barricade::KIND, parcheesi] {
            let text = crate::rows::simulated_text(kind, 2_000, 1);
            let at = text
                .lines()
                .position(|l| l.starts_with(|c: char| c.is_ascii_digit()) && l.contains('*'))
                .expect("a capture");
            let unmarked: String = text
                .lines()
                .enumerate()
                .map(|(i, l)| match i == at {
                    true => format!("{}\n", l.replacen('*', "", 1)),
                    false => format!("{l}\n"),
                })
                .collect();
            assert!(
                briefed(&unmarked, Wanted::default()).is_none(),
                "{}",
                kind.name()
            );
            assert!(!whole(&unmarked, Wanted::default()).0.is_empty());
        }
    }
}
