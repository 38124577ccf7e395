//! Checking a record to the end: every mistake of a game in one run, as a
//! compiler goes on after an error.
//!
//! [`validate_with`](crate::validate_with) stops at the first mistake and
//! costs nothing more than the replay; `billes validate` calls it first and
//! comes here only for a game it found a mistake in, so valid games pay
//! nothing for the recovery. Here each turn is played on a copy of the
//! position, and a turn the rules refuse is mended where the record can
//! still be followed:
//!
//! - a turn written for another seat than the one to move: when its move
//!   is one the seat to move may play and the written seat may not (once
//!   given the turn), the seat letter slipped, and the
//!   check goes on with the turn as that seat's; else (a seat out of
//!   order, a turn left out) it goes on with the written seat, and says
//!   whose turns are missing; a turn number off by as many turns is the
//!   same mistake, not reported twice;
//! - a wrong turn number: counted from the written number when the next
//!   turn follows it (a turn left out), else from the expected one (a
//!   slip of the pen);
//! - a false or wrong mark (`*`, `#`, `*t4=3`): the turn is played without
//!   its marks;
//! - a wrong roll that another die face makes right for the written move:
//!   the turn is played with that roll (a roll in a game without dice: the
//!   turn is played without it);
//! - a pass written while a move exists: the turn goes to the next seat;
//! - a part of the turn the rules refuse while its move is known (a
//!   Barricade put-down on a point where a barricade may not go): the move
//!   is played past it ([`MoveRules::play_mended`]);
//! - a typo: a move naming a place with a letter for a digit (`r9-rl3`),
//!   or a turn that cannot be read at all (a syntax error: its stand-in,
//!   [`billes_notation::Unreadable`]): the turn as its did-you-mean reads
//!   it, when that is legal, else the one move of its roll the next turns
//!   replay from (`resync`);
//! - a `Result` tag that disagrees with the result token: both are told.
//!
//! Any other refused turn (a move that cannot be played) leaves the
//! position unknown: the game's check stops there, and the error's note
//! says so. Turns after the end of the game stop it too.
//!
//! The one walk that does all this also shows each turn it went through
//! to an observer, with the positions before and after it (what the
//! language server's hover and completion show past a mistake:
//! [`check_observed_with`]), and writes the marks of each turn played as
//! written ([`mark_record_with`]: `billes fmt --marks` past a mistake).

use std::borrow::Cow;
use std::ops::ControlFlow;

use billes_game::replay::{outcome_errors, too_deep};
use billes_game::walk::{walk, Access, At, Read, Visitor, Write};
use billes_notation::{Game, Span, Turn, Unreadable};

use crate::game::{MoveRules, Position, RulesPosition};
use crate::resync;
use crate::{Describe, ErrorKind, ReplayError};

mod marks;
mod mend;

pub use marks::mark_turn;
pub(crate) use marks::strip_marks;

/// Mending a refused turn is tried at most this many times (a seat, then
/// the marks, then the roll).
const ATTEMPTS: usize = 4;

/// The note of a mistake the check stops at.
pub const STOPPED: &str =
    "the position after this turn cannot be known: the rest of the game is not checked";

/// The note of a syntax error whose turn is left out of the game (its
/// head cannot be read either): the check of its line stops there.
pub const UNREADABLE: &str =
    "this turn cannot be read, and the position after it cannot be known: the turns after it are read for syntax only";

/// What the check of a record past its mistakes found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checked {
    /// Every mistake, in the order of the record (a variation's before the
    /// turn it replaces); the last one's note says when the check stopped.
    pub errors: Vec<ReplayError>,
    /// For each unreadable turn the check was given, in their order, what
    /// it did about it (the note of its syntax error): `None` when the
    /// check did not reach it.
    pub read: Vec<Option<String>>,
    /// The main-line turns checked: all of them, or those before the turn
    /// the check stopped at.
    pub turns: u32,
    /// The marks written in ([`mark_record_with`]): one error of kind
    /// [`ErrorKind::Effect`] per action that lacked one.
    pub missing: Vec<ReplayError>,
}

impl Checked {
    /// The check of a record its rules refuse (another game, rules it was
    /// not played under): that one mistake.
    pub fn refused(error: ReplayError, read: &[Unreadable]) -> Checked {
        Checked {
            errors: vec![error],
            read: vec![None; read.len()],
            ..Checked::default()
        }
    }
}

/// A turn as the check went through it, shown to the observer of
/// [`check_observed_with`] (main line and variations, in the order of the
/// record).
pub struct Seen<'a> {
    /// The turn as written.
    pub turn: &'a Turn,
    /// The number it was checked as.
    pub number: u32,
    /// 0 in the main line, 1 in a variation of it, and so on.
    pub depth: usize,
    /// The position the check played it from.
    pub before: &'a dyn Position,
    /// The position the check went on from after it; `None`: the check of
    /// its line stopped at it.
    pub after: Option<&'a dyn Position>,
    /// What it did as the check played it (mended, or read as its
    /// did-you-mean says), in the game's words.
    pub phrases: &'a dyn Fn() -> Vec<String>,
    /// What another turn played from [`before`](Seen::before) would do, in
    /// the game's words; `None` when the rules refuse it there.
    pub what_if: &'a dyn Fn(&Turn) -> Option<Vec<String>>,
}

impl std::fmt::Debug for Seen<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Seen")
            .field("number", &self.number)
            .field("depth", &self.depth)
            .field("before", &self.before.position_tag())
            .field("after", &self.after.map(|p| p.position_tag()))
            .finish()
    }
}

/// A turn gone through, in the rules' own states.
struct Visit<'a, S> {
    turn: &'a Turn,
    /// As played (`None`: passed over, the turn given to the next seat).
    played: Option<&'a Turn>,
    number: u32,
    depth: usize,
    before: &'a S,
    after: Option<&'a S>,
}

/// The observer of the walk, in the rules' own states.
type Observer<'o, S> = &'o mut dyn FnMut(&Visit<'_, S>);

/// Every mistake of `game` under `rules`, in the order of the record (a
/// variation's before the turn it replaces): empty for a valid record. The
/// check goes on after each mistake where the record can still be followed
/// (see the module's documentation); the last error's note says when it
/// stopped.
///
/// ```
/// use billes_core::{check_all_with, ErrorKind};
///
/// // A false capture mark, then G's turn left out: both are reported.
/// let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R1 r9-r10*\n3. R1 r10-r11\n*\n";
/// let game = billes_notation::parse_game(record).unwrap();
/// let rules = billes_core::aggravation::Aggravation::default();
/// let errors = check_all_with(&rules, &game);
/// let kinds: Vec<ErrorKind> = errors.iter().map(|e| e.kind).collect();
/// assert_eq!(kinds, [ErrorKind::Effect, ErrorKind::Seat]);
/// assert_eq!(errors[1].message, "G's turn is missing: it is G's turn to roll, not R's");
/// ```
pub fn check_all_with<R: MoveRules>(rules: &R, game: &Game) -> Vec<ReplayError> {
    check_read_with(rules, game, &[]).errors
}

/// [`check_all_with`] of a game read past its syntax errors, `read` its
/// unreadable turns ([`billes_notation::Recovered`]): the check goes on
/// past each turn standing in for one when its move can be found, and
/// says what it did in [`Checked::read`].
pub fn check_read_with<R: MoveRules>(rules: &R, game: &Game, read: &[Unreadable]) -> Checked {
    let check = Check::new(rules, read, None, false);
    check.run::<Read>(game, &game.line)
}

/// [`check_read_with`], showing `observe` each turn the check goes
/// through, with the positions before and after it as the check played
/// it: what a position at a turn of a record with mistakes is taken from.
pub fn check_observed_with<R: MoveRules + Describe>(
    rules: &R,
    game: &Game,
    read: &[Unreadable],
    observe: &mut dyn FnMut(&Seen<'_>),
) -> Checked {
    let mut visit = |v: &Visit<'_, R::State>| {
        let turns = v.number.saturating_sub(1);
        let before = RulesPosition::from_state(rules, v.before.clone(), turns);
        let after = v
            .after
            .map(|s| RulesPosition::from_state(rules, s.clone(), v.number));
        let phrases = || match (v.played, v.after) {
            (Some(t), Some(after)) => rules.describe(v.before, t, after),
            _ => Vec::new(),
        };
        let what_if = |t: &Turn| {
            let mut after = v.before.clone();
            rules.play(&mut after, t).ok()?;
            Some(rules.describe(v.before, t, &after))
        };
        observe(&Seen {
            turn: v.turn,
            number: v.number,
            depth: v.depth,
            before: &before,
            after: after.as_ref().map(|p| p as &dyn Position),
            phrases: &phrases,
            what_if: &what_if,
        });
    };
    let check = Check::new(rules, read, Some(&mut visit), false);
    check.run::<Read>(game, &game.line)
}

/// Every mistake of `game` as [`check_all_with`] finds them, and every
/// effect mark the moves imply written into each turn the check plays as
/// written (those past a mistake too), as [`crate::complete_marks`] writes
/// them: [`Checked::missing`] has one error per action that lacked one.
pub fn mark_record_with<R: MoveRules>(rules: &R, game: &mut Game) -> Checked {
    let check = Check::new(rules, &[], None, true);
    let head = Game {
        tags: std::mem::take(&mut game.tags),
        line: Default::default(),
        outcome: std::mem::take(&mut game.outcome),
        span: game.span,
    };
    let checked = check.run::<Write>(&head, &mut game.line);
    game.tags = head.tags;
    game.outcome = head.outcome;
    checked
}

struct Check<'r, 'o, R: MoveRules> {
    rules: &'r R,
    dice: bool,
    errors: Vec<ReplayError>,
    /// The number the turns are counted from after a turn whose number a
    /// missing turn explains.
    renumber: Option<u32>,
    /// The record's unreadable turns, and what the check did about each.
    read: &'r [Unreadable],
    notes: Vec<Option<String>>,
    /// Main-line turns checked.
    turns: u32,
    /// Shown each turn gone through.
    observe: Option<Observer<'o, R::State>>,
    /// The marks written, when the check writes them.
    missing: Option<Vec<ReplayError>>,
}

impl<'r, 'o, R: MoveRules> Check<'r, 'o, R> {
    fn new(
        rules: &'r R,
        read: &'r [Unreadable],
        observe: Option<Observer<'o, R::State>>,
        marks: bool,
    ) -> Self {
        Check {
            rules,
            dice: rules.game_kind().has_dice(),
            errors: Vec::new(),
            renumber: None,
            read,
            notes: vec![None; read.len()],
            turns: 0,
            observe,
            missing: marks.then(Vec::new),
        }
    }

    /// Checks `line`, the main line of `game` (whose tags and result are
    /// read from it), held as `A` holds it.
    fn run<A: Access>(mut self, game: &Game, line: A::Line<'_>) -> Checked {
        let mut state = match self.rules.setup(game) {
            Ok(state) => state,
            Err(e) => {
                return Checked {
                    errors: vec![e],
                    read: self.notes,
                    ..Checked::default()
                }
            }
        };
        let followed = walk::<A, _>(&mut self, &mut state, line).is_continue();
        let winners = followed.then(|| self.rules.winners(&state));
        self.errors.extend(outcome_errors(
            game,
            &game.outcome,
            winners.as_ref().map(Option::as_deref),
        ));
        Checked {
            errors: self.errors,
            read: self.notes,
            turns: self.turns,
            missing: self.missing.unwrap_or_default(),
        }
    }
}

/// A turn being checked, and what its check needs from around it.
struct TurnAt<'t> {
    turn: &'t Turn,
    /// The turn after it in its line.
    next: Option<&'t Turn>,
    /// The turns after it in its line.
    rest: &'t [Turn],
    /// The number it is checked as.
    expected: u32,
    /// The number the turns before give it (`expected` may have been
    /// counted from its written number instead).
    place: u32,
    /// The turn number's mistake, if any: reported unless a missing turn
    /// explains it.
    number: Option<ReplayError>,
}

/// What became of a refused turn.
enum Mended {
    /// Play it again as it is now (the position was changed: a seat given
    /// the turn).
    Again,
    /// Play this turn instead (boxed: a turn is large, and this is rare).
    As(Box<Turn>),
    /// It was played (as this turn), or passed over (`None`), in the
    /// position.
    Done(Option<Box<Turn>>),
}

/// What the check keeps of a turn while its variations are checked.
#[derive(Default)]
struct Numbered {
    /// The number the turns before give it (it may be checked as its
    /// written number instead).
    place: u32,
    /// The turn number's mistake, if any: reported unless a missing turn
    /// explains it.
    number: Option<ReplayError>,
}

/// How a turn went.
enum Went<'t> {
    /// The check goes on: the turn played as `played` (`None`: passed
    /// over, given to the next seat); `clean`: as written, no mistake.
    On {
        played: Option<Cow<'t, Turn>>,
        clean: bool,
    },
    /// The check of its line stops at it.
    Stopped,
}

/// The check, as a visitor of the record's turns: a line stops
/// (`Break(())`) where the position becomes unknown; a variation's stop
/// does not stop the line it belongs to.
impl<A: Access, R: MoveRules> Visitor<A> for Check<'_, '_, R> {
    type Position<'p> = R::State;
    type Stop = ();
    type Kept = Numbered;

    fn branch(&mut self, state: &R::State) -> R::State {
        state.clone()
    }

    fn too_deep(&mut self, span: Span) -> ControlFlow<()> {
        self.errors.push(too_deep(span).with_note(STOPPED));
        ControlFlow::Break(())
    }

    fn number(
        &mut self,
        turn: &Turn,
        next: Option<&Turn>,
        expected: u32,
    ) -> ControlFlow<(), (u32, Numbered)> {
        ControlFlow::Continue(numbered(turn, next, expected))
    }

    fn variation_ended(&mut self, _: ControlFlow<()>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn play(
        &mut self,
        state: &mut R::State,
        turn: &mut A::Turn<'_>,
        at: At<'_, Numbered>,
    ) -> ControlFlow<()> {
        let (number, depth) = (at.number, at.depth);
        let keep = self.observe.is_some() || self.missing.is_some();
        let before = keep.then(|| state.clone());
        let written: &Turn = turn;
        let went = self.went(state, written, at);
        if let (Some(observe), Some(before)) = (self.observe.as_mut(), &before) {
            let (played, after) = match &went {
                Went::On { played, .. } => (played.as_deref(), Some(&*state)),
                Went::Stopped => (None, None),
            };
            observe(&Visit {
                turn: written,
                played,
                number,
                depth,
                before,
                after,
            });
        }
        let clean = match went {
            Went::Stopped => return ControlFlow::Break(()),
            Went::On { clean, .. } => clean,
        };
        if depth == 0 {
            self.turns += 1;
        }
        if let (true, Some(before), Some(turn)) = (clean, &before, A::turn_mut(turn)) {
            self.mark(before, turn, number);
        }
        ControlFlow::Continue(())
    }

    fn next_number(&mut self, number: u32) -> u32 {
        self.renumber.take().unwrap_or(number).saturating_add(1)
    }
}

/// The number `turn` is checked as, and what is kept of it: a number
/// written wrong is counted from when the turn after it follows it.
fn numbered(turn: &Turn, next: Option<&Turn>, mut expected: u32) -> (u32, Numbered) {
    let place = expected;
    let mut number = None;
    if turn.number != expected {
        let follows = next.is_some_and(|n| Some(n.number) == turn.number.checked_add(1));
        let mut e = ReplayError::new(
            ErrorKind::TurnNumber,
            turn.span,
            format!("turn numbered {} is turn {expected}", turn.number),
        )
        .in_turn(expected, turn.head.seat.as_str());
        if follows {
            e = e.with_note(format!(
                "the turns after it are counted from {}",
                turn.number
            ));
            expected = turn.number;
        }
        number = Some(e);
    }
    (expected, Numbered { place, number })
}

impl<R: MoveRules> Check<'_, '_, R> {
    /// Checks and plays `turn`, at `at`: after the end of the game, a
    /// stand-in for an unreadable turn, or a written turn.
    fn went<'t>(&mut self, state: &mut R::State, turn: &'t Turn, at: At<'t, Numbered>) -> Went<'t> {
        let expected = at.number;
        if self.rules.is_over(state) {
            let winners = self.rules.winners(state).unwrap_or_default();
            self.errors.extend(at.kept.number);
            self.errors.push(
                ReplayError::new(
                    ErrorKind::AfterEnd,
                    turn.head.span,
                    format!("the game is over: {} won", winners.join("+")),
                )
                .in_turn(expected, turn.head.seat.as_str())
                .with_note("the turns after the end are not checked"),
            );
            return Went::Stopped;
        }
        if let Some(k) = self.stand_in(turn) {
            self.errors.extend(at.kept.number);
            return self.unreadable(state, turn, k, expected, at.rest);
        }
        let rest = at.rest;
        let at = TurnAt {
            turn,
            next: at.next,
            rest,
            expected,
            place: at.kept.place,
            number: at.kept.number,
        };
        self.turn(state, at)
    }

    /// The index of the unreadable turn `turn` stands in for, if it is a
    /// stand-in.
    fn stand_in(&self, turn: &Turn) -> Option<usize> {
        if self.read.is_empty() {
            return None;
        }
        self.read
            .iter()
            .position(|u| u.stand_in == Some(turn.span.start))
    }

    /// Whether `turn` stands in for an unreadable turn whose move is not
    /// known (it is not to be played as written).
    fn unknown(&self, turn: &Turn) -> bool {
        self.stand_in(turn)
            .is_some_and(|k| self.read[k].read_as.is_none())
    }

    /// Goes on past the stand-in `turn` of unreadable turn `k`: as its
    /// did-you-mean reads it, or the one move of its roll the turns after
    /// it replay from; the note of its syntax error says which, or why
    /// the check stops.
    fn unreadable<'t>(
        &mut self,
        state: &mut R::State,
        turn: &'t Turn,
        k: usize,
        number: u32,
        rest: &[Turn],
    ) -> Went<'t> {
        let read = self.read[k].read_as.as_deref();
        let found = read
            .and_then(|r| resync::read_as(self.rules, state, turn, r))
            .ok_or(String::new())
            .or_else(|_| {
                let unknown = |t: &Turn| self.unknown(t);
                let written = &self.read[k].written;
                resync::guess(self.rules, state, turn, number, rest, &unknown, written)
            });
        match found {
            Ok(found) => {
                *state = found.state;
                self.notes[k] = Some(found.note);
                Went::On {
                    played: Some(Cow::Owned(found.turn)),
                    clean: false,
                }
            }
            Err(why) => {
                let read = read.map_or(String::new(), |r| {
                    format!(" (read as {r}, it is not legal)")
                });
                self.notes[k] = Some(format!(
                    "this turn cannot be read{read}, and {why}: the position after it cannot be known, the turns after it are read for syntax only"
                ));
                Went::Stopped
            }
        }
    }

    /// Writes into `turn`, played as written from `before`, the marks its
    /// move implies.
    fn mark(&mut self, before: &R::State, turn: &mut Turn, number: u32) {
        let Some(missing) = self.missing.as_mut() else {
            return;
        };
        let pos = RulesPosition::from_state(self.rules, before.clone(), number.saturating_sub(1));
        let mut found = Vec::new();
        if mark_turn(&pos, turn, &mut found).is_ok() {
            missing.append(&mut found);
        }
    }
}
