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
//!   is played, the barricade still owed ([`MoveRules::play_mended`]);
//! - a `Result` tag that disagrees with the result token: both are told.
//!
//! Any other refused turn (a move that cannot be played) leaves the
//! position unknown: the game's check stops there, and the error's note
//! says so. Turns after the end of the game stop it too.

use std::borrow::Cow;
use std::ops::ControlFlow;

use billes_notation::{Action, Game, Span, Turn};

use crate::error::{nearest_first, ErrorKind, ReplayError};
use crate::game::MoveRules;
use crate::replay::outcome_errors;
use crate::walk::{walk, At, Read, Visitor};

/// Mending a refused turn is tried at most this many times (a seat, then
/// the marks, then the roll).
const ATTEMPTS: usize = 4;

/// The note of a mistake the check stops at.
pub const STOPPED: &str =
    "the position after this turn cannot be known: the rest of the game is not checked";

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
    let mut state = match rules.setup(game) {
        Ok(state) => state,
        Err(e) => return vec![e],
    };
    let mut check = Check {
        rules,
        dice: rules.game_kind().has_dice(),
        errors: Vec::new(),
        renumber: None,
    };
    let followed = walk::<Read, _>(&mut check, &mut state, &game.line).is_continue();
    let winners = followed.then(|| rules.winners(&state));
    check.errors.extend(outcome_errors(
        game,
        &game.outcome,
        winners.as_ref().map(Option::as_deref),
    ));
    check.errors
}

struct Check<'r, R> {
    rules: &'r R,
    dice: bool,
    errors: Vec<ReplayError>,
    /// The number the turns are counted from after a turn whose number a
    /// missing turn explains.
    renumber: Option<u32>,
}

/// A turn being checked, and what its check needs from around it.
struct TurnAt<'t> {
    turn: &'t Turn,
    /// The turn after it in its line.
    next: Option<&'t Turn>,
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
    /// It was played, or passed over, in the position.
    Done,
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

/// The check, as a visitor of the record's turns: a line stops
/// (`Break(())`) where the position becomes unknown; a variation's stop
/// does not stop the line it belongs to.
impl<R: MoveRules> Visitor<Read> for Check<'_, R> {
    type Position<'p> = R::State;
    type Stop = ();
    type Kept = Numbered;

    fn branch(&mut self, state: &R::State) -> R::State {
        state.clone()
    }

    fn too_deep(&mut self, span: Span) -> ControlFlow<()> {
        self.errors.push(
            ReplayError::new(ErrorKind::IllegalMove, span, "variations nested too deeply")
                .with_note(STOPPED),
        );
        ControlFlow::Break(())
    }

    fn number(
        &mut self,
        turn: &Turn,
        next: Option<&Turn>,
        mut expected: u32,
    ) -> ControlFlow<(), (u32, Numbered)> {
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
        ControlFlow::Continue((expected, Numbered { place, number }))
    }

    fn variation_ended(&mut self, _: ControlFlow<()>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn play(
        &mut self,
        state: &mut R::State,
        turn: &mut &Turn,
        at: At<'_, Numbered>,
    ) -> ControlFlow<()> {
        let (turn, expected) = (*turn, at.number);
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
            return ControlFlow::Break(());
        }
        let at = TurnAt {
            turn,
            next: at.next,
            expected,
            place: at.kept.place,
            number: at.kept.number,
        };
        if self.turn(state, at) {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    }

    fn next_number(&mut self, number: u32) -> u32 {
        self.renumber.take().unwrap_or(number).saturating_add(1)
    }
}

impl<R: MoveRules> Check<'_, R> {
    /// Plays the turn of `at`, mending it where it can. False when the
    /// check stops.
    fn turn(&mut self, state: &mut R::State, mut at: TurnAt<'_>) -> bool {
        let (turn, expected) = (at.turn, at.expected);
        let seat = turn.head.seat.as_str();
        let mut attempt: Cow<'_, Turn> = Cow::Borrowed(turn);
        let mut found = Vec::new();
        for _ in 0..ATTEMPTS {
            let mut after = state.clone();
            let err = match self.rules.play(&mut after, &attempt) {
                Ok(()) => {
                    *state = after;
                    self.errors.extend(at.number.take());
                    self.errors.append(&mut found);
                    return true;
                }
                Err(e) => e.in_turn(expected, seat),
            };
            let mut err = err;
            nearest_first(&mut err.legal, &turn.actions);
            match self.mend(state, &attempt, &mut err, &mut at) {
                Some(Mended::Again) => found.push(err),
                Some(Mended::As(t)) => {
                    found.push(err);
                    attempt = Cow::Owned(*t);
                }
                Some(Mended::Done) => {
                    found.push(err);
                    self.errors.extend(at.number.take());
                    self.errors.append(&mut found);
                    return true;
                }
                None => {
                    self.errors.extend(at.number.take());
                    self.errors.append(&mut found);
                    self.errors.push(err.with_note(STOPPED));
                    return false;
                }
            }
        }
        // Mended again and again, still refused: give up on the game.
        self.errors.extend(at.number.take());
        if let Some(last) = found.pop() {
            self.errors.append(&mut found);
            self.errors.push(last.with_note(STOPPED));
        }
        false
    }

    /// How to go on after `err`, refused in `state` for `turn` (the turn of
    /// `at` as last tried; the note and message of `err` are completed to
    /// say so); `None`: the check stops. One step per kind of mistake, in
    /// the order of the module's documentation.
    fn mend(
        &mut self,
        state: &mut R::State,
        turn: &Turn,
        err: &mut ReplayError,
        at: &mut TurnAt<'_>,
    ) -> Option<Mended> {
        if err.kind == ErrorKind::IllegalMove && self.played_past(state, turn, err) {
            return Some(Mended::Done);
        }
        match err.kind {
            ErrorKind::Seat => self.mend_seat(state, turn, err, at),
            ErrorKind::Effect => {
                let stripped = without_marks(turn)?;
                set_note(err, "the check goes on with the turn as its move plays");
                Some(Mended::As(Box::new(stripped)))
            }
            ErrorKind::Roll if !self.dice && turn.head.roll.is_some() => {
                let mut t = turn.clone();
                t.head.roll = None;
                set_note(err, "the check goes on with the turn without its roll");
                Some(Mended::As(Box::new(t)))
            }
            ErrorKind::Roll | ErrorKind::IllegalMove if self.dice => {
                self.play_other_roll(state, turn, err, at.next)
            }
            ErrorKind::FalsePass => self.pass_on(state, turn.head.seat.as_str(), err),
            _ => None,
        }
    }

    /// A turn written for another seat than the one to move: the turn as
    /// the seat to move's when its seat letter slipped, else the written
    /// seat's, the turns left out named.
    fn mend_seat(
        &mut self,
        state: &mut R::State,
        turn: &Turn,
        err: &mut ReplayError,
        at: &mut TurnAt<'_>,
    ) -> Option<Mended> {
        let seat = turn.head.seat.as_str();
        let to_act = self.rules.to_act(state)?;
        let to_act = to_act.as_str();
        if to_act == seat {
            return None;
        }
        if let Some(as_theirs) = self.slipped_seat(state, turn, to_act) {
            err.message = format!(
                "the turn is written for {seat}, but its move is {to_act}'s: {}",
                err.message
            );
            set_note(
                err,
                format!("the check goes on with the turn as {to_act}'s"),
            );
            return Some(Mended::As(Box::new(as_theirs)));
        }
        let seats = self.rules.seat_list(state);
        let from = seats.iter().position(|s| s == to_act)?;
        let to = seats.iter().position(|s| s == seat)?;
        if !self.rules.give_turn(state, seat) {
            return None;
        }
        let gap = (to + seats.len() - from) % seats.len();
        let missing: Vec<&str> = (0..gap)
            .map(|k| seats[(from + k) % seats.len()].as_str())
            .collect();
        err.message = format!("{}: {}", missing_turns(&missing), err.message);
        set_note(err, format!("the check goes on with {seat}'s turn"));
        // A turn number off by the turns left out is the same mistake.
        if at
            .number
            .as_ref()
            .is_some_and(|_| turn.number == at.place.saturating_add(gap as u32))
        {
            at.number = None;
            self.renumber = Some(turn.number);
        }
        Some(Mended::Again)
    }

    /// `turn` as `to_act`'s when its seat letter slipped: the written seat
    /// cannot play the move (once given the turn), and the seat to act can.
    fn slipped_seat(&self, state: &R::State, turn: &Turn, to_act: &str) -> Option<Turn> {
        let mut given = state.clone();
        let theirs =
            self.rules.give_turn(&mut given, turn.head.seat.as_str()) && self.plays(&given, turn);
        let mut as_theirs = turn.clone();
        as_theirs.head.seat = to_act.into();
        (!theirs && self.plays(state, &as_theirs)).then_some(as_theirs)
    }

    /// A wrong roll that another die face makes right for the written
    /// move: the turn played with that roll. A 6 gives another turn in
    /// most rules: tried first when the same seat writes the `next` turn,
    /// last otherwise.
    fn play_other_roll(
        &self,
        state: &mut R::State,
        turn: &Turn,
        err: &mut ReplayError,
        next: Option<&Turn>,
    ) -> Option<Mended> {
        let again = next.is_some_and(|n| n.head.seat == turn.head.seat);
        let faces: [u32; 6] = if again {
            [6, 1, 2, 3, 4, 5]
        } else {
            [1, 2, 3, 4, 5, 6]
        };
        for face in faces {
            if turn.head.roll == Some(face) {
                continue;
            }
            let mut t = turn.clone();
            t.head.roll = Some(face);
            let mut after = state.clone();
            if self.rules.play(&mut after, &t).is_ok() {
                *state = after;
                // The move is legal: the mistake is the roll written.
                err.kind = ErrorKind::Roll;
                set_note(
                    err,
                    format!("the written move is played with a roll of {face}: the check goes on"),
                );
                return Some(Mended::Done);
            }
        }
        None
    }

    /// A pass written by `seat` while a move exists: the turn goes to the
    /// next seat.
    fn pass_on(&self, state: &mut R::State, seat: &str, err: &mut ReplayError) -> Option<Mended> {
        let seats = self.rules.seat_list(state);
        let at = seats.iter().position(|s| s == seat)?;
        let following = &seats[(at + 1) % seats.len()];
        if !self.rules.give_turn(state, following) {
            return None;
        }
        set_note(err, format!("the check goes on with {following}'s turn"));
        Some(Mended::Done)
    }
}

impl<R: MoveRules> Check<'_, R> {
    /// Whether `turn`, refused with `err`, was played past the part the
    /// rules refuse, the position still known
    /// ([`MoveRules::play_mended`]); `err`'s note then says so.
    fn played_past(&self, state: &mut R::State, turn: &Turn, err: &mut ReplayError) -> bool {
        let mut after = state.clone();
        let Some(note) = self.rules.play_mended(&mut after, turn) else {
            return false;
        };
        *state = after;
        set_note(err, note);
        true
    }

    /// Whether `turn` plays in `state` as written, or once mended of the
    /// slips that never stop a check (its marks; a roll in a game without
    /// dice). The state is left as it is.
    fn plays(&self, state: &R::State, turn: &Turn) -> bool {
        let try_play = |t: &Turn| self.rules.play(&mut state.clone(), t).is_ok();
        let mut t = turn.clone();
        if !self.dice {
            t.head.roll = None;
        }
        try_play(&t) || without_marks(&t).is_some_and(|t| try_play(&t))
    }
}

/// Sets the note of `err`: what the check does about it.
fn set_note(err: &mut ReplayError, note: impl Into<String>) {
    err.note = Some(Box::new(note.into()));
}

/// "G's turn is missing", "G's and Y's turns are missing".
fn missing_turns(seats: &[&str]) -> String {
    match seats {
        [] => "a turn is out of order".to_string(),
        [one] => format!("{one}'s turn is missing"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(|s| format!("{s}'s")).collect();
            format!("{} and {last}'s turns are missing", rest.join(", "))
        }
    }
}

/// `turn` with its effect marks taken off; `None` when it has none.
fn without_marks(turn: &Turn) -> Option<Turn> {
    let mut t = turn.clone();
    let mut changed = false;
    for action in t.actions.iter_mut() {
        changed |= strip_marks(action);
    }
    changed.then_some(t)
}

/// Takes the effect marks off `action`; whether it had any.
pub(crate) fn strip_marks(action: &mut Action) -> bool {
    match action {
        Action::Place { capture, .. } | Action::Line { capture, .. } => capture.take().is_some(),
        Action::Move {
            capture, barricade, ..
        } => {
            let had = capture.take().is_some() || *barricade;
            *barricade = false;
            had
        }
        Action::Pass { .. } | Action::Barricade { .. } | Action::Remove { .. } => false,
    }
}
