//! Mending a refused turn, one step per kind of mistake, in the order of
//! the check's documentation (`super`): the seat, the marks, the roll, a
//! pass, a part refused while the move is known, a typo.

use std::borrow::Cow;

use billes_game::error::nearest_first;
use billes_notation::Turn;

use super::marks::without_marks;
use super::{Check, Mended, TurnAt, Went, ATTEMPTS, STOPPED};
use crate::game::MoveRules;
use crate::resync;
use crate::{ErrorKind, ReplayError};

impl<R: MoveRules> Check<'_, '_, R> {
    /// Plays the turn of `at`, mending it where it can.
    pub(super) fn turn<'t>(&mut self, state: &mut R::State, mut at: TurnAt<'t>) -> Went<'t> {
        let (turn, expected) = (at.turn, at.expected);
        let seat = turn.head.seat.as_str();
        let mut attempt: Cow<'t, Turn> = Cow::Borrowed(turn);
        let mut found = Vec::new();
        for _ in 0..ATTEMPTS {
            let mut after = state.clone();
            let err = match self.rules.play(&mut after, &attempt) {
                Ok(()) => {
                    *state = after;
                    self.errors.extend(at.number.take());
                    let clean = found.is_empty() && matches!(attempt, Cow::Borrowed(_));
                    self.errors.append(&mut found);
                    return Went::On {
                        played: Some(attempt),
                        clean,
                    };
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
                Some(Mended::Done(played)) => {
                    found.push(err);
                    self.errors.extend(at.number.take());
                    self.errors.append(&mut found);
                    return Went::On {
                        played: played.map(|t| Cow::Owned(*t)),
                        clean: false,
                    };
                }
                None => {
                    self.errors.extend(at.number.take());
                    self.errors.append(&mut found);
                    if err.note.is_none() {
                        set_note(&mut err, STOPPED);
                    }
                    self.errors.push(err);
                    return Went::Stopped;
                }
            }
        }
        // Mended again and again, still refused: give up on the game.
        self.errors.extend(at.number.take());
        if let Some(last) = found.pop() {
            self.errors.append(&mut found);
            self.errors.push(last.with_note(STOPPED));
        }
        Went::Stopped
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
        if err.kind == ErrorKind::IllegalMove {
            if self.played_past(state, turn, err) {
                return Some(Mended::Done(Some(Box::new(turn.clone()))));
            }
            if let Some(mended) = self.typo(state, turn, err, at) {
                return Some(mended);
            }
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
        if !self
            .rules
            .give_turn(state, billes_notation::Name::from(seat))
        {
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
        let theirs = self.rules.give_turn(&mut given, turn.head.seat) && self.plays(&given, turn);
        let mut as_theirs = turn.clone();
        as_theirs.head.seat = to_act.into();
        (!theirs && self.plays(state, &as_theirs)).then_some(as_theirs)
    }

    /// A wrong roll that another die face makes right for the written
    /// move: the turn played with that roll. A 6 gives another turn in
    /// most rules: tried first when the same seat writes the `next` turn,
    /// last otherwise. A roll of two dice (`R5-3`) is tried against every
    /// other pair, the doubles first when the seat writes the next turn.
    fn play_other_roll(
        &self,
        state: &mut R::State,
        turn: &Turn,
        err: &mut ReplayError,
        next: Option<&Turn>,
    ) -> Option<Mended> {
        let again = next.is_some_and(|n| n.head.seat == turn.head.seat);
        let faces: [u8; 6] = if again {
            [6, 1, 2, 3, 4, 5]
        } else {
            [1, 2, 3, 4, 5, 6]
        };
        let rolls: Vec<(u8, Option<u8>)> = match turn.head.second {
            None => faces.iter().map(|&f| (f, None)).collect(),
            Some(_) => {
                let mut pairs: Vec<(u8, Option<u8>)> = (1..=6u8)
                    .flat_map(|a| (1..=6u8).map(move |b| (a, Some(b))))
                    .collect();
                // Doubles roll again: first when the seat writes the next turn.
                pairs.sort_by_key(|&(a, b)| again != (Some(a) == b));
                pairs
            }
        };
        for (face, second) in rolls {
            if turn.head.roll == Some(u32::from(face)) && turn.head.second == second {
                continue;
            }
            let mut t = turn.clone();
            t.head.roll = Some(u32::from(face));
            t.head.second = second;
            let face = match second {
                None => face.to_string(),
                Some(b) => format!("{face}-{b}"),
            };
            let mut after = state.clone();
            if self.rules.play(&mut after, &t).is_ok() {
                *state = after;
                // The move is legal: the mistake is the roll written.
                err.kind = ErrorKind::Roll;
                set_note(
                    err,
                    format!("the written move is played with a roll of {face}: the check goes on"),
                );
                return Some(Mended::Done(Some(Box::new(t))));
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
        if !self.rules.give_turn(state, *following) {
            return None;
        }
        set_note(err, format!("the check goes on with {following}'s turn"));
        Some(Mended::Done(None))
    }

    /// A move naming a place with a letter for a digit (`r9-rl3`): the
    /// turn as so read (`r9-r13`) when it is legal, else the one move of
    /// its roll the turns after it replay from ([`resync`]). `None`: no
    /// such name, or no move found (the note says why).
    fn typo(
        &mut self,
        state: &mut R::State,
        turn: &Turn,
        err: &mut ReplayError,
        at: &TurnAt<'_>,
    ) -> Option<Mended> {
        let (read, names) = resync::misread(turn)?;
        let found = resync::read_as(self.rules, state, &read, &names.join(", "))
            .ok_or(String::new())
            .or_else(|_| {
                let unknown = |t: &Turn| self.unknown(t);
                let written: Vec<String> = turn.actions.iter().map(ToString::to_string).collect();
                let written = written.join(" ");
                resync::guess(
                    self.rules,
                    state,
                    turn,
                    at.expected,
                    at.rest,
                    &unknown,
                    &written,
                )
            });
        match found {
            Ok(found) => {
                *state = found.state;
                set_note(err, found.note);
                Some(Mended::Done(Some(Box::new(found.turn))))
            }
            Err(why) => {
                set_note(
                    err,
                    format!(
                        "read as {}, it is not legal either, and {why}: {STOPPED}",
                        names.join(", ")
                    ),
                );
                None
            }
        }
    }
}

impl<R: MoveRules> Check<'_, '_, R> {
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
pub(super) fn set_note(err: &mut ReplayError, note: impl Into<String>) {
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
