//! A game checked as it is read: its tags, then its main-line turns a piece
//! at a time, each piece handed to the rules'
//! [`TurnCheck`](billes_core::TurnCheck) and dropped, as pgn-reader hands a
//! visitor its moves. Nothing of the game is kept but
//! the position (and the fingerprint of its turns, when asked for).
//!
//! This is the path of a valid game. Where it cannot give the report the
//! whole tree gives, it gives none, and the game is parsed and checked whole
//! (`Worker::game`): a syntax error, a mistake of the record (the check of
//! every mistake past the first needs the whole tree: `check_all`), a
//! variant (its script's `print`s would be printed again by the whole
//! check of a game with a mistake), or a bug in the rules.
//!
//! Where the rules play [`Brief`](billes_notation::Brief)s (the three board games do), the
//! plainest turns are read as briefs, a few words each, not as turns of a
//! tree, and the parser reads whatever is not one (a comment, a NAG, a
//! variation, another kind of turn, the result), a turn at a time, then
//! more at a time while no brief follows. A brief the rules do not play (a pass they
//! leave to the tree, or a mistake) is read again as a turn and handed to
//! the rules as one: a mistake is then found as on the path without
//! briefs. The fingerprint of `--duplicates` is given each brief played
//! and each turn read, in order, and writes the same text of each.
//! `tests/archive.rs` holds the report of this path, duplicates included,
//! to that of the same games parsed whole.

use std::panic::{catch_unwind, AssertUnwindSafe};

use billes_core::Summary;
use billes_notation::{Game, GameSource, Piece, TurnStream};

use super::{Fingerprint, GameFacts, Origin, Worker};
use crate::rules::Place;
use crate::RuleSet;

/// What the check of a valid game as it was read found.
pub(super) struct Streamed {
    /// Its main-line turns.
    pub(super) turns: u64,
    pub(super) facts: GameFacts,
    /// Its tags: a game without turns.
    pub(super) head: Game,
    /// What it replays to.
    pub(super) summary: Summary,
}

/// Checks the game `source` as it is read: what it found when the game is
/// valid; `None` when it must be checked whole.
pub(super) fn check(worker: &mut Worker, origin: &Origin, source: &GameSource) -> Option<Streamed> {
    guarded(worker, |worker, turns| {
        check_pieces(worker, origin, source, turns)
    })
}

/// `read` given the worker and its list of a piece's turns (left empty),
/// a panic of the rules caught: `None` then, as for a game to be checked
/// whole, which meets the same bug and reports it.
fn guarded<T>(
    worker: &mut Worker,
    read: impl FnOnce(&mut Worker, &mut Vec<billes_notation::Turn>) -> Option<T>,
) -> Option<T> {
    let mut turns = std::mem::take(&mut worker.piece_turns);
    let checked = catch_unwind(AssertUnwindSafe(|| read(&mut *worker, &mut turns)));
    turns.clear();
    worker.piece_turns = turns;
    match checked {
        Ok(done) => done,
        Err(_) => {
            worker.resolver = worker.settings.rules.resolver();
            None
        }
    }
}

fn check_pieces(
    worker: &mut Worker,
    origin: &Origin,
    source: &GameSource,
    turns: &mut Vec<billes_notation::Turn>,
) -> Option<Streamed> {
    let text = source.text.as_str();
    let Begun {
        mut stream,
        head,
        mut facts,
        rules,
    } = begin(worker, origin, source, turns)?;
    let mut print = worker.settings.duplicates.then(Fingerprint::new);
    let mut check = rules.engine().stream(&head)?.ok()?;
    let brief = check.plays_briefs();
    let mut parser = crate::rows::ParserTurns::default();
    loop {
        let mut max = TurnStream::TURNS_PER_PIECE;
        if brief {
            let at = stream.offset();
            let played = match &mut print {
                // The fingerprint of `--duplicates` is given each brief
                // played, as each turn read.
                Some(print) if check.plays_pair_briefs() => {
                    check.play_pair_briefs_seen(&mut stream, &text[at..], &mut |b| {
                        print.add_pair_brief(b)
                    })
                }
                Some(print) => {
                    check.play_briefs_seen(&mut stream, &text[at..], &mut |b| print.add_brief(b))
                }
                None => check.play_briefs(&mut stream, &text[at..]),
            };
            // The next turn is no brief, or one the rules did not play:
            // the parser reads it, and the rules play it or refuse it as a
            // mistake.
            match parser.after(played) {
                Some(turns) => max = turns,
                None => continue,
            }
        }
        let piece = stream
            .read_some(&text[stream.offset()..], true, turns, max)
            .ok()?;
        if let Some(print) = &mut print {
            turns.iter().for_each(|t| print.add(t));
        }
        check.turns(turns).ok()?;
        if let Piece::End { outcome, .. } = piece {
            let summary = check.finish(&head, &outcome).ok()?;
            facts.fingerprint = print.and_then(|mut p| p.finish());
            return Some(Streamed {
                turns: u64::from(summary.turns),
                facts,
                head,
                summary,
            });
        }
    }
}

/// A game as its tags were read: where the reading stands, its tags, the
/// facts the report asks of them, and its rules.
struct Begun {
    stream: TurnStream,
    head: Game,
    facts: GameFacts,
    rules: RuleSet,
}

/// Reads the tags of the game `source` and finds its rules; `None` when
/// the game must be checked whole (its tags do not read, its rules do not
/// resolve, or they are a variant's: its script may `print`, and a game
/// with a mistake checked again whole would print twice).
fn begin(
    worker: &mut Worker,
    origin: &Origin,
    source: &GameSource,
    turns: &mut Vec<billes_notation::Turn>,
) -> Option<Begun> {
    let settings = &worker.settings;
    let mut stream = TurnStream::new(source.line);
    let Ok(Piece::Head(head)) = stream.read(source.text.as_str(), true, turns) else {
        return None;
    };
    let tag = |name: &str| head.tag(name).map(str::to_string);
    let mut facts = GameFacts::at(source.index, source.line);
    if settings.by_event {
        (facts.event, facts.round) = (tag("Event"), tag("Round"));
    }
    if settings.tags {
        facts.tags = head
            .tags
            .iter()
            .map(|t| (t.name.to_string(), t.value.to_string()))
            .collect();
    }
    let place = Place::dir(origin.dir()).game(origin.name.as_str(), source.index);
    let rules = worker.resolver.rule_set(&place, &head).ok()?;
    if rules.variant().is_some() {
        return None;
    }
    Some(Begun {
        stream,
        head,
        facts,
        rules,
    })
}

/// What the check of a valid game as it was read found, with its rows.
pub(super) struct WithRows {
    /// Its main-line turns.
    pub(super) turns: u64,
    pub(super) facts: GameFacts,
    /// Its tags: a game without turns.
    pub(super) head: Game,
    /// What it replays to.
    pub(super) summary: Summary,
    /// Its `turns` rows.
    pub(super) rows: crate::rows::WorkerRows,
}

/// Checks the game `source` as it is read, its plainest turns as briefs,
/// and makes its `turns` rows in the same reading
/// ([`crate::rows::briefed`]): what it found when the game is valid;
/// `None` when it must be checked whole (`billes export`).
pub(super) fn check_with_rows(
    worker: &mut Worker,
    origin: &Origin,
    source: &GameSource,
) -> Option<WithRows> {
    guarded(worker, |worker, turns| {
        let Begun {
            mut stream,
            head,
            mut facts,
            rules,
        } = begin(worker, origin, source, turns)?;
        let wanted = crate::rows::Wanted {
            position: worker.settings.turn_positions,
        };
        let reading = (&mut stream, source.text.as_str());
        let found = crate::rows::briefed::check(rules.engine(), &head, reading, wanted, turns)?;
        if worker.settings.duplicates {
            facts.fingerprint = found.fingerprint;
        }
        Some(WithRows {
            turns: u64::from(found.summary.turns),
            facts,
            head,
            summary: found.summary,
            rows: found.rows,
        })
    })
}
