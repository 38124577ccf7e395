//! The check of a document, game by game, as `billes validate` checks a
//! file: each game's syntax errors and every mistake of its turns, under
//! the rules its `Rules` tag names (resolved by the one rule path,
//! [`billes_archive::rules`], from the document's folder). A game whose text
//! has not changed since the last check is not checked again: its mistakes
//! are kept, keyed by its text.

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

use billes_archive::diagnostic::legal_note;
use billes_archive::rules::{Place, Resolver, RulePolicy};
use billes_core::{ErrorKind, ReplayError};
use billes_notation::{Game, GameSource, ParseError, ReadError, Reader, Recovered};

/// The longest document checked, in bytes: 16 MiB. A longer one gets one
/// diagnostic saying so (see SECURITY.md).
pub const MAX_DOCUMENT_BYTES: usize = 16 << 20;

/// The longest game the server makes a tree of, in bytes: 1 MiB (a real
/// game is a few kilobytes; a game of 1 MiB of three-byte turns is a tree
/// of about 50 MiB). A longer game is one diagnostic, at its first line,
/// and no outline, hover or completion (see SECURITY.md).
pub const MAX_TREE_BYTES: usize = 1 << 20;

/// What a mistake is: an error, a check stopped, or a missing mark
/// (`strict` only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// A mistake of the record.
    Error,
    /// Not a mistake: the wall-clock guard stopped the game's house rules
    /// (`time_guard`), so the game has no verdict; shown on its `Rules`
    /// tag, and checked again at the next change.
    Stopped,
    /// A mark left out (the record is valid without it).
    Hint,
}

/// One mistake, located by bytes in its game's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mistake {
    /// Byte range in the game's text.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// The kind's name (`illegal_move`, `syntax`...): the diagnostic's code.
    pub code: &'static str,
    /// What was wrong.
    pub message: String,
    /// The legal moves there, nearest first.
    pub legal: Vec<String>,
    /// What the check did about it, when it went on or stopped.
    pub note: Option<String>,
    /// Error or hint.
    pub severity: Severity,
}

impl Mistake {
    /// The "legal: ..." line of the mistake, if it lists legal moves.
    pub fn legal_note(&self) -> Option<String> {
        (!self.legal.is_empty()).then(|| legal_note(&self.legal))
    }

    fn syntax(err: &ParseError, note: Option<&str>) -> Mistake {
        Mistake {
            start: err.span.start as usize,
            end: err.span.end as usize,
            code: "syntax",
            message: err.message.clone(),
            legal: Vec::new(),
            note: note.map(str::to_string),
            severity: Severity::Error,
        }
    }

    /// The check of `game` stopped by the wall-clock guard (`err`): on the
    /// game's `Rules` tag (its start when it has none), the turn it was
    /// stopped at in its note.
    fn stopped(err: &ReplayError, game: &Game) -> Mistake {
        let (start, end) = game
            .tag_entry("Rules")
            .map_or((0, 0), |t| (t.span.start as usize, t.span.end as usize));
        let at = match (err.turn, err.seat.as_deref()) {
            (Some(turn), Some(seat)) => format!(" at turn {turn}, seat {seat}"),
            (Some(turn), None) => format!(" at turn {turn}"),
            _ => String::new(),
        };
        Mistake {
            start,
            end,
            code: err.kind.name(),
            message: err.message.clone(),
            legal: Vec::new(),
            note: Some(format!(
                "the house rules were stopped{at}: the game is not checked, not a mistake of the record"
            )),
            severity: Severity::Stopped,
        }
    }

    fn replay(err: &ReplayError, severity: Severity) -> Mistake {
        // An error without a place (a tag missing) is on the game's start.
        let (start, end) = if err.span.line == 0 {
            (0, 0)
        } else {
            (err.span.start as usize, err.span.end as usize)
        };
        Mistake {
            start,
            end,
            code: if severity == Severity::Hint {
                "missing_mark"
            } else {
                err.kind.name()
            },
            message: err.message.clone(),
            legal: err.legal.clone(),
            note: err.note().map(str::to_string),
            severity,
        }
    }
}

/// The most diagnostics sent for one document: 1,000. Past them, one more
/// says how many mistakes are not shown (see SECURITY.md).
pub const MAX_DIAGNOSTICS: usize = 1_000;

/// The mistakes of one game text, as kept between checks: the first
/// [`MAX_DIAGNOSTICS`] of them, and how many there are in all.
#[derive(Debug, Clone, Default)]
pub struct GameMistakes {
    /// The first mistakes, in the order of the record.
    pub kept: Vec<Mistake>,
    /// How many there are, kept or not.
    pub count: usize,
    /// Whether its rules could not be run (a script that does not load or
    /// was stopped by the sandbox): its positions are not to be asked of
    /// them again.
    pub rules_failed: bool,
}

impl GameMistakes {
    fn of(mut all: Vec<Mistake>) -> GameMistakes {
        let count = all.len();
        let rules_failed = all
            .iter()
            .any(|m| m.code == "variant" || m.severity == Severity::Stopped);
        all.truncate(MAX_DIAGNOSTICS);
        all.shrink_to_fit();
        GameMistakes {
            kept: all,
            count,
            rules_failed,
        }
    }
}

/// A game of a document and its mistakes.
#[derive(Debug, Clone)]
pub struct CheckedGame {
    /// Its 1-based number in the document.
    pub index: usize,
    /// The byte offset of its text in the document.
    pub offset: usize,
    /// The length of its text.
    pub len: usize,
    /// Its mistakes.
    pub mistakes: Rc<GameMistakes>,
}

/// The checker of one document: the rules resolver for its folder and the
/// mistakes of each game text checked last time.
#[derive(Debug)]
pub struct Checker {
    /// The document's folder (`None`: not a file).
    dir: Option<PathBuf>,
    resolver: Resolver,
    cache: HashMap<String, Rc<GameMistakes>>,
    strict: bool,
    /// Games checked (not found in the cache) since the checker was made.
    pub checked: u64,
}

impl Checker {
    /// A checker for a document in `dir`.
    pub fn new(dir: Option<PathBuf>, strict: bool) -> Checker {
        Checker {
            dir,
            resolver: RulePolicy::from_tags().resolver(),
            cache: HashMap::new(),
            strict,
            checked: 0,
        }
    }

    /// The rules resolver of the document's folder.
    pub fn resolver(&self) -> &Resolver {
        &self.resolver
    }

    /// The place a game of the document is read from, for its rules.
    pub fn place(&self) -> Place<'_> {
        Place::dir(self.dir.as_deref())
    }

    /// Checks every game of `text`; the games whose text was checked last
    /// time are taken from the cache. Also the mistakes of the document
    /// itself (too long, a NUL byte), with their byte ranges. `None` when
    /// `cancel` was set before the last game was checked (it is looked at
    /// between games): the games checked so far are kept for the next
    /// check.
    pub fn check(
        &mut self,
        text: &str,
        cancel: &AtomicBool,
    ) -> Option<(Vec<CheckedGame>, Vec<Mistake>)> {
        if text.len() > MAX_DOCUMENT_BYTES {
            let message = format!(
                "the document is {} long, more than {}, the most checked: not checked",
                billes_notation::file::bytes(text.len() as u64),
                billes_notation::file::bytes(MAX_DOCUMENT_BYTES as u64)
            );
            return Some((Vec::new(), vec![document_mistake(0, "encoding", message)]));
        }
        let mut games = Vec::new();
        let mut own = Vec::new();
        let mut cache = HashMap::with_capacity(self.cache.len());
        for source in Reader::new(text.as_bytes()) {
            let source = match source {
                Ok(source) => source,
                Err(ReadError::Nul { line, column, .. }) => {
                    let at = nul_offset(text, line, column);
                    own.push(document_mistake(
                        at,
                        "encoding",
                        "a NUL byte: not text, not read further".to_string(),
                    ));
                    break;
                }
                Err(e) => {
                    own.push(document_mistake(0, "encoding", e.to_string()));
                    break;
                }
            };
            if source.is_blank() {
                continue;
            }
            let mistakes = match self.cache.remove(&source.text) {
                Some(found) => found,
                None if cancel.load(Ordering::Relaxed) => {
                    // What was checked is kept for the next check.
                    self.cache.extend(cache);
                    return None;
                }
                None => {
                    self.checked += 1;
                    Rc::new(GameMistakes::of(self.check_game(&source)))
                }
            };
            games.push(CheckedGame {
                index: source.index,
                offset: source.offset,
                len: source.text.len(),
                mistakes: Rc::clone(&mistakes),
            });
            // A check the guard stopped is no answer: tried again next time.
            if mistakes
                .kept
                .iter()
                .all(|m| m.severity != Severity::Stopped)
            {
                cache.insert(source.text, mistakes);
            }
        }
        self.cache = cache;
        Some((games, own))
    }

    /// Checks one game, as `billes validate` does (a game longer than
    /// [`MAX_TREE_BYTES`] is one mistake at its start).
    fn check_game(&mut self, source: &GameSource) -> Vec<Mistake> {
        if source.text.len() > MAX_TREE_BYTES {
            let message = format!(
                "the game is longer than {}, the most the language server reads: not checked here (billes validate checks it)",
                billes_notation::file::bytes(MAX_TREE_BYTES as u64)
            );
            return vec![document_mistake(0, "too_long", message)];
        }
        match readable(source) {
            Ok(read) => self.replay(&read),
            Err(first) => vec![Mistake::syntax(&first, None)],
        }
    }

    /// Replays a game read: every mistake (read past its syntax errors,
    /// each with the note of what the check did about its turn, as
    /// `billes validate` gives them), or the missing marks of a valid game
    /// with `strict`. A script that fails or a bug in the rules is a
    /// mistake at the game's start, never the end of the server.
    fn replay(&mut self, read: &Recovered) -> Vec<Mistake> {
        let place = Place::dir(self.dir.as_deref());
        let resolver = &self.resolver;
        let strict = self.strict;
        let game = &read.game;
        let found = catch_unwind(AssertUnwindSafe(|| {
            let rules = match resolver.rule_set(&place, game) {
                Ok(rules) => rules,
                Err(e) if !e.kind.is_verdict() => return vec![Mistake::stopped(&e, game)],
                Err(e) => return vec![Mistake::replay(&e, Severity::Error)],
            };
            let engine = rules.engine();
            if !read.errors.is_empty() {
                let checked = billes_core::check_recovered(engine, read, None);
                return recovered_mistakes(read, &checked);
            }
            match engine.validate(game) {
                Ok(_) if strict => billes_core::complete_marks(engine, &mut game.clone())
                    .map(|missing| {
                        missing
                            .iter()
                            .map(|e| Mistake::replay(e, Severity::Hint))
                            .collect()
                    })
                    .unwrap_or_default(),
                Ok(_) => Vec::new(),
                // No second check: the script would run as long again.
                Err(first) if !first.kind.is_verdict() => vec![Mistake::stopped(&first, game)],
                Err(first) => {
                    let all = engine.check_all(game);
                    let all = if all.is_empty() { vec![first] } else { all };
                    all.iter()
                        .map(|e| Mistake::replay(e, Severity::Error))
                        .collect()
                }
            }
        }));
        found.unwrap_or_else(|_| {
            // The variants are loaded anew after a bug in the rules.
            self.resolver = RulePolicy::from_tags().resolver();
            let mut mistakes = vec![Mistake::replay(
                &ReplayError::new(
                    ErrorKind::Tag,
                    Default::default(),
                    "internal error while replaying this game (please report it)",
                ),
                Severity::Error,
            )];
            mistakes.extend(read.errors.iter().map(|e| Mistake::syntax(e, None)));
            mistakes
        })
    }

    /// Forgets every game checked and every variant loaded (a script may
    /// have changed on disk).
    pub fn forget(&mut self) {
        self.cache.clear();
        self.resolver = RulePolicy::from_tags().resolver();
    }
}

/// The mistakes of a game read past its syntax errors, as `check` found
/// them: those of its turns, then its syntax errors, each with the note of
/// what the check did about its turn.
fn recovered_mistakes(read: &Recovered, checked: &billes_core::Checked) -> Vec<Mistake> {
    let mut mistakes: Vec<Mistake> = checked
        .errors
        .iter()
        .map(|e| Mistake::replay(e, Severity::Error))
        .collect();
    for (i, err) in read.errors.iter().enumerate() {
        let note = checked.read.get(i).cloned().flatten();
        mistakes.push(Mistake::syntax(err, note.as_deref()));
    }
    mistakes
}

/// The game of `source` read, past its syntax errors when it has some
/// (each unreadable turn left out or stood in for, as `billes validate`
/// reads it: [`billes_notation::Recovered`]); a game without one has no
/// errors and no unreadable turns.
///
/// # Errors
/// The first syntax error, when the game cannot be read past it.
pub fn readable(source: &GameSource) -> Result<Recovered, ParseError> {
    let first = match source.parse() {
        Ok(game) => {
            return Ok(Recovered {
                game,
                errors: Vec::new(),
                unreadable: Vec::new(),
            })
        }
        Err(err) => err,
    };
    source.parse_recovering(first.clone()).ok_or(first)
}

/// The game of `text` holding byte `offset` (the last one when the offset
/// is past them).
pub fn game_at(text: &str, offset: usize) -> Option<GameSource> {
    let mut found = None;
    for source in Reader::new(text.as_bytes()).map_while(Result::ok) {
        if source.offset > offset && found.is_some() {
            break;
        }
        if !source.is_blank() {
            found = Some(source);
        }
    }
    found
}

fn document_mistake(at: usize, code: &'static str, message: String) -> Mistake {
    Mistake {
        start: at,
        end: at,
        code,
        message,
        legal: Vec::new(),
        note: None,
        severity: Severity::Error,
    }
}

/// The byte offset of 1-based `line` and character `column` in `text`.
fn nul_offset(text: &str, line: u32, column: u32) -> usize {
    let start = if line <= 1 {
        0
    } else {
        text.match_indices('\n')
            .nth(line as usize - 2)
            .map_or(text.len(), |(i, _)| i + 1)
    };
    text[start..]
        .char_indices()
        .nth(column.saturating_sub(1) as usize)
        .map_or(text.len(), |(i, _)| start + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R3 r9-r13\n*\n\n[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n*\n";

    #[test]
    fn only_changed_games_are_checked_again() {
        let mut checker = Checker::new(None, false);
        let go = AtomicBool::new(false);
        let (games, own) = checker.check(TWO, &go).expect("not cancelled");
        assert!(own.is_empty());
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].mistakes.count, 1);
        assert_eq!(games[0].mistakes.kept[0].code, "roll");
        assert_eq!(games[1].mistakes.count, 0);
        assert_eq!(checker.checked, 2);
        let fixed = TWO.replacen("r9-r13", "r9-r12", 1);
        let (games, _) = checker.check(&fixed, &go).expect("not cancelled");
        assert!(games.iter().all(|g| g.mistakes.count == 0));
        assert_eq!(checker.checked, 3);
        // The second game moved (its offset), its mistakes were kept.
        let (games, _) = checker
            .check(&fixed.replacen("1. R6 +", "1. R6 + {ok}", 1), &go)
            .expect("not cancelled");
        assert_eq!(checker.checked, 4);
        assert_eq!(
            games[1].offset,
            fixed.rfind("[Game").expect("two games") + 5
        );
    }

    #[test]
    fn a_cancelled_check_keeps_what_it_checked() {
        let mut checker = Checker::new(None, false);
        let stop = AtomicBool::new(true);
        assert!(checker.check(TWO, &stop).is_none());
        assert_eq!(checker.checked, 0);
        let go = AtomicBool::new(false);
        checker.check(TWO, &go).expect("not cancelled");
        assert_eq!(checker.checked, 2);
    }

    #[test]
    fn a_game_too_long_for_a_tree_is_one_mistake_and_mistakes_are_capped() {
        let mut checker = Checker::new(None, false);
        let go = AtomicBool::new(false);
        let long = format!(
            "[Game \"offboard\"]\n{{{}}}\n*\n",
            "x".repeat(MAX_TREE_BYTES)
        );
        let (games, _) = checker.check(&long, &go).expect("not cancelled");
        assert_eq!(games[0].mistakes.kept[0].code, "too_long");
        // Every turn a mistake (each roll out of 1..=6, read past).
        let turns: String = (1..=1500).map(|n| format!("{n}. R7 -- ")).collect();
        let many = format!("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n{turns}*\n");
        let (games, _) = checker.check(&many, &go).expect("not cancelled");
        let mistakes = &games[0].mistakes;
        assert!(mistakes.count > MAX_DIAGNOSTICS, "{}", mistakes.count);
        assert_eq!(mistakes.kept.len(), MAX_DIAGNOSTICS);
    }

    #[test]
    fn a_nul_byte_and_a_long_document_are_mistakes_of_the_document() {
        let mut checker = Checker::new(None, false);
        let go = AtomicBool::new(false);
        let (_, own) = checker
            .check("[Game \"offboard\"]\n1. R\0 *\n", &go)
            .expect("not cancelled");
        assert_eq!(own.len(), 1);
        assert_eq!(own[0].start, 22);
        let long = " ".repeat(MAX_DOCUMENT_BYTES + 1);
        let (games, own) = checker.check(&long, &go).expect("not cancelled");
        assert!(games.is_empty());
        assert!(own[0].message.contains("not checked"), "{}", own[0].message);
    }
}
