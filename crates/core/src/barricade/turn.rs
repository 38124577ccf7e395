//! Checking and playing one turn line: the seat (with 6 replays), the roll,
//! the move or pass, its marks, and putting held barricades down.

use billes_notation::{Action, Name, Span, Turn};

use super::board::{bit, iter_points, Point, Points, HOUSE, HOUSE_KEY, NONE, SEATS};
use super::hooks::{relist, variant_error, TurnCtx};
use super::moves::Move;
use super::position::{colour_of, State, HELD_AWAY, NO_SEAT};
use super::written::{check_marks, written_move};
use super::{Barricade, HeldOnCapture, Placement, Six};
use crate::variant::{Hook, Hooks, NoHooks, Verdict};
use crate::{ErrorKind, ReplayError};

/// Checks one turn and applies it.
#[inline]
pub(crate) fn play(rules: &Barricade, st: &mut State, turn: &Turn) -> Result<(), ReplayError> {
    if play_plain(rules, st, turn) {
        return Ok(());
    }
    play_checked(rules, st, turn, &NoHooks)
}

/// Checks one turn under a variant's hooks and applies it.
pub(crate) fn play_with<H: Hooks>(
    rules: &Barricade,
    st: &mut State,
    turn: &Turn,
    hooks: &H,
) -> Result<(), ReplayError> {
    if !hooks.active() {
        return play(rules, st, turn);
    }
    let before = st.clone();
    play_checked(rules, st, turn, hooks).map_err(|e| relist(rules, &before, turn, hooks, e))
}

/// The common turn, checked and played without building anything: a move
/// of two points (from a point or the house, no bounce) with its marks,
/// then the barricades it must put down. Returns false, leaving `st` as it
/// was, for anything else and for every mistake: [`play_checked`] then
/// decides, and words the error.
#[inline]
fn play_plain(rules: &Barricade, st: &mut State, turn: &Turn) -> bool {
    let head = &turn.head;
    if st.winner != NO_SEAT || head.mover.is_some() {
        return false;
    }
    // The colour of the seat letter, and its place in the order of play,
    // found without branching on the letter.
    let c = match head.seat.as_bytes() {
        &[letter] => COLOUR_OF_LETTER[letter as usize],
        _ => return false,
    };
    let x = u32::from_le_bytes(st.seats) ^ (0x0101_0101 * u32::from(c));
    let zeros = x.wrapping_sub(0x0101_0101) & !x & 0x8080_8080;
    let seat_index = (zeros.trailing_zeros() / 8) as usize;
    let n_seats = st.n_seats as usize;
    if c == NO_SEAT || seat_index >= n_seats {
        return false;
    }
    let params = rules.params();
    // Under `next_whole_turn`, a seat that holds barricades (put down at
    // the end of a turn that may go on with a replay) is left to the
    // checked way; one that holds none plays as under `next_turn`.
    if params.placement == Placement::NextWholeTurn && st.holds[c as usize & 3] > 0 {
        return false;
    }
    let pending = st.replay_colour;
    if st.next != NO_SEAT {
        let normal = st.seats[st.next as usize & 3];
        let forced = params.six == Six::MustReplay
            || (pending != NO_SEAT && st.due[pending as usize & 3] > 0);
        if !(c == pending || (c == normal && (pending == NO_SEAT || !forced))) {
            return false;
        }
    }
    let r = match head.roll {
        Some(r @ 1..=6) => r as usize,
        _ => return false,
    };
    let [Action::Move {
        path,
        capture,
        barricade,
        ..
    }, rest @ ..] = turn.actions.as_slice()
    else {
        return false;
    };
    let [first, last] = path.as_slice() else {
        return false;
    };
    let board = rules.board();
    let c = c as usize;
    let to = board.point_of_name(*last);
    if to == NONE {
        return false;
    }
    let (from, hit) = if first.key() == HOUSE_KEY {
        if st.housed[c] == 0 || pending == c as u8 {
            // A 6 replay moves a pawn on the board.
            return false;
        }
        let s = board.start(c);
        if r == 1 {
            (NONE, if to == s { 0 } else { return false })
        } else {
            let Some(inter) = board.open_route(s, r - 1, to, st.barricades) else {
                return false;
            };
            (NONE, (inter | bit(s)) & st.barricades)
        }
    } else {
        let from = board.point_of_name(*first);
        if from == NONE || st.pawns[c] & bit(from) == 0 {
            return false;
        }
        if pending == c as u8 && st.replay_pawn != from {
            return false;
        }
        if rules.bounces(from, r) {
            return false;
        }
        let Some(inter) = board.open_route(from, r, to, st.barricades) else {
            return false;
        };
        (from, inter & st.barricades)
    };
    let to_bit = bit(to);
    let own = st.pawns[c];
    if hit != 0 || own & to_bit != 0 {
        return false;
    }
    let all = st.all_pawns();
    let takes_pawn = all & !own & to_bit != 0;
    let takes_barricade = st.barricades & to_bit != 0;
    if let Some(cap) = capture {
        if cap.target.is_some() || cap.points.is_some() || !takes_pawn {
            return false;
        }
    }
    if *barricade && !takes_barricade {
        return false;
    }

    // The move is legal. What it does, checked with the rest of the turn
    // before anything is changed: a barricade held since an earlier turn is
    // put down in this one, after the move, with those the move owes.
    let from_bit = if from == NONE { 0 } else { bit(from) };
    let mut to_place = st.holds[c];
    let mut new_held = NONE;
    let mut rival = 0;
    let mut loses_held = false;
    if takes_pawn {
        rival = (0..4).find(|&o| st.pawns[o] & to_bit != 0).unwrap_or(0);
        loses_held = st.held[rival] == to;
        if loses_held && st.holds[rival] != 1 {
            return false;
        }
        if loses_held {
            match params.held_on_capture {
                HeldOnCapture::Capturer => new_held = to,
                HeldOnCapture::CapturerAtOnce => to_place += 1,
            }
        }
    }
    if takes_barricade {
        match params.placement {
            Placement::NextTurn | Placement::NextWholeTurn => new_held = to,
            Placement::Immediately => to_place += 1,
        }
    }
    let won = to == board.goal();
    if won {
        // The game ends at once: nothing more is put down.
        to_place = 0;
    }
    if rest.len() != to_place as usize {
        return false;
    }
    let mut barricades = st.barricades & !to_bit;
    if !rest.is_empty() {
        let taken = rules.forbidden | (all & !from_bit) | to_bit;
        for action in rest {
            let Action::Barricade { at, .. } = action else {
                return false;
            };
            let p = board.point_of_name(*at);
            if p == NONE || (taken | barricades) & bit(p) != 0 {
                return false;
            }
            barricades |= bit(p);
        }
    }

    // The whole turn is legal: play it.
    if from == NONE {
        st.housed[c] -= 1;
    }
    st.pawns[c] = (own & !from_bit) | to_bit;
    if takes_pawn {
        st.pawns[rival] &= !to_bit;
        st.housed[rival] += 1;
        if loses_held {
            st.held[rival] = NONE;
            st.holds[rival] = 0;
        }
    }
    st.barricades = barricades;
    st.held[c] = new_held;
    st.holds[c] = u8::from(new_held != NONE);
    st.replay_colour = NO_SEAT;
    st.declined = NO_SEAT;
    if won {
        st.winner = c as u8;
    } else {
        if r == 6 && params.six != Six::Nothing {
            st.replay_colour = c as u8;
            st.replay_pawn = to;
        }
        if pending != c as u8 {
            let i = seat_index + 1;
            st.next = if i == n_seats { 0 } else { i as u8 };
        }
    }
    true
}

/// The colour of a one-letter seat name (R G Y B), NO_SEAT for other letters.
const COLOUR_OF_LETTER: [u8; 256] = {
    let mut table = [NO_SEAT; 256];
    table[b'R' as usize] = 0;
    table[b'G' as usize] = 1;
    table[b'Y' as usize] = 2;
    table[b'B' as usize] = 3;
    table
};

/// Checks one turn and applies it, or says what is wrong with it; with
/// active hooks, asks `allow` about the written move (a pass is legal when
/// it forbids every candidate) and `extra_turn` after it.
#[inline(never)]
fn play_checked<H: Hooks>(
    rules: &Barricade,
    st: &mut State,
    turn: &Turn,
    hooks: &H,
) -> Result<(), ReplayError> {
    let head = &turn.head;
    if let Some(w) = st.winner() {
        return Err(ReplayError::new(
            ErrorKind::AfterEnd,
            head.span,
            format!("the game is over: {w} reached the goal"),
        ));
    }
    let c = seat_to_move(st, turn, rules.params().six == Six::MustReplay)?;
    let r = match head.roll {
        Some(r @ 1..=6) => r as usize,
        Some(r) => {
            return Err(ReplayError::new(
                ErrorKind::Roll,
                head.span,
                format!("a die shows 1 to 6, not {r}"),
            ))
        }
        None => {
            return Err(ReplayError::new(
                ErrorKind::Roll,
                head.span,
                format!(
                    "the roll is missing (write it after the seat, e.g. {}4)",
                    head.seat
                ),
            ))
        }
    };
    // A replay after a 6 moves the same pawn; one that a hook gave (NONE)
    // moves any pawn.
    let replaying = st.replay_colour == c as u8;
    let replay = replaying.then_some(st.replay_pawn).filter(|&p| p != NONE);
    let due = due_now(rules, st, c);
    st.replay_colour = NO_SEAT;
    st.declined = NO_SEAT;
    let seat = SEATS[c];

    let mut actions = turn.actions.iter();
    let Some(first) = actions.next() else {
        return Err(ReplayError::new(
            ErrorKind::IllegalMove,
            turn.span,
            "the turn has no move",
        ));
    };
    // Barricades held since an earlier turn are put down in this one,
    // after the move ([`due_now`], [`Owed`]).
    let held_at = st.held[c];
    let mut at_once = 0;
    let mut landed = NONE;
    let mut left = NONE;
    let mut played = None;
    let before = hooks.active().then(|| st.clone());
    match first {
        Action::Pass { span } if hooks.active() => {
            let allowed = rules
                .move_list(st, turn.number, c, r, replay, hooks)
                .map_err(|e| variant_error(turn, e))?;
            if !allowed.is_empty() {
                return Err(ReplayError::new(
                    ErrorKind::FalsePass,
                    *span,
                    format!("{seat} cannot pass: a {r} moves a pawn"),
                )
                .with_legal(allowed));
            }
        }
        Action::Pass { span } => {
            if rules.can_move(st, c, r, replay) {
                return Err(ReplayError::new(
                    ErrorKind::FalsePass,
                    *span,
                    format!("{seat} cannot pass: a {r} moves a pawn"),
                )
                .with_legal(rules.legal_list(st, c, r, replay)));
            }
        }
        Action::Move {
            path,
            capture,
            barricade,
            span,
        } => {
            let m = written_move(rules, st, c, r, replay, path, *span)?;
            check_marks(rules, &m, capture.as_ref(), *barricade, *span)?;
            if hooks.active() {
                if let Verdict::Forbid(reason) = hooks
                    .verdict(|| rules.move_view(st, turn.number, c, r, Some(&m)))
                    .map_err(|e| variant_error(turn, e))?
                {
                    return Err(ReplayError::new(
                        ErrorKind::IllegalMove,
                        *span,
                        format!("{first} is not allowed in this variant: {reason}"),
                    )
                    .with_legal(
                        rules
                            .move_list(st, turn.number, c, r, replay, hooks)
                            .map_err(|e| variant_error(turn, e))?,
                    ));
                }
            }
            if hooks.active() {
                played = Some(m);
            }
            landed = m.to;
            left = m.from;
            at_once = apply(rules, st, c, &m);
        }
        Action::Place { span, .. } => {
            return Err(ReplayError::new(
                ErrorKind::IllegalMove,
                *span,
                format!(
                    "a pawn enters with a path from its house, e.g. {HOUSE}-{}",
                    rules.board().name(rules.board().start(c))
                ),
            )
            .with_legal(rules.legal_list(st, c, r, replay)));
        }
        other => {
            return Err(ReplayError::new(
                ErrorKind::IllegalMove,
                other.span(),
                format!("{other} is not a pawn move: a turn starts with a move or --"),
            )
            .with_legal(rules.legal_list(st, c, r, replay)));
        }
    }
    let won = st.winner != NO_SEAT;
    let owed = Owed::of(rules, r, landed != NONE, won, at_once, due);
    // How many put-downs the line owes: under `next_whole_turn`, a 6 line
    // that writes more than its own keeps none for the replay.
    let written = turn.actions.len() - 1;
    let to_place_at_first = owed.target(written);
    let mut to_place = to_place_at_first;
    // The line ends the seat's turn (its due barricades go down in it), or
    // is a 6 line that keeps them for the replay.
    let ended = owed.ending == Some(to_place_at_first);
    let going_down = if ended { due } else { 0 };
    // Under an `allow` hook, each put-down is asked about, in the position
    // after the move (the same for every barricade of the turn), the held
    // barricades going down in it no longer held.
    let owed_now = to_place;
    let after = (owed_now > 0 && hooks.calls(Hook::Allow)).then(|| {
        let mut after = st.clone();
        release(&mut after, c, going_down);
        after
    });
    let allowed = |after: &State| {
        rules
            .allowed_put_downs(
                &TurnCtx {
                    st: after,
                    number: turn.number,
                    c,
                    r,
                },
                left,
                owed_now,
                hooks,
            )
            .map_err(|e| variant_error(turn, e))
    };
    let mut last_span = first.span();
    for action in actions {
        last_span = action.span();
        match action {
            Action::Barricade { at, span } => {
                if to_place == 0 {
                    let why = if won {
                        format!("the game is over: {seat} reached the goal")
                    } else if owed.ending.is_none() {
                        format!(
                            "{seat} rolls again after its 6: the barricade it holds goes down at the end of its turn, after its last replay's move"
                        )
                    } else if rules.params().placement == Placement::NextWholeTurn
                        && st.holds[c] > due
                    {
                        format!(
                            "{seat} has no barricade to put down in this turn: a barricade taken in a turn goes down at the end of {seat}'s next turn"
                        )
                    } else {
                        format!("{seat} holds no barricade to put down")
                    };
                    return Err(ReplayError::new(ErrorKind::IllegalMove, *span, why));
                }
                if let Err(e) = put_down(rules, st, at, *span) {
                    return Err(match &after {
                        Some(after) => e.with_legal(point_list(rules, allowed(after)? & free(rules, st))),
                        None => e,
                    });
                }
                if let Some(after) = &after {
                    let p = rules.board().point(at).unwrap_or(NONE);
                    let ctx = TurnCtx {
                        st: after,
                        number: turn.number,
                        c,
                        r,
                    };
                    let view = rules.put_down_view(&ctx, left, p);
                    let verdict = hooks.allow(&view).map_err(|e| variant_error(turn, e))?;
                    if let Verdict::Forbid(reason) = verdict {
                        let set = allowed(after)?;
                        if set & bit(p) == 0 {
                            return Err(ReplayError::new(
                                ErrorKind::IllegalMove,
                                *span,
                                format!("{action} is not allowed in this variant: {reason}"),
                            )
                            .with_legal(point_list(rules, set & free(rules, st))));
                        }
                    }
                }
                to_place -= 1;
            }
            other => {
                return Err(ReplayError::new(
                    ErrorKind::IllegalMove,
                    other.span(),
                    format!("one move per turn: {other} cannot follow (only #point, to put a barricade down)"),
                ))
            }
        }
    }
    if to_place > 0 {
        let span = Span {
            start: last_span.end,
            end: last_span.end,
            line: last_span.line,
            column: last_span.column,
        };
        // The example: the point the barricade was taken from when it is
        // free again, else the first free point.
        let set = match &after {
            Some(after) => allowed(after)? & free(rules, st),
            None => free(rules, st),
        };
        let free = point_list(rules, set);
        let back = iter_points(set)
            .find(|&p| p == held_at)
            .map(|p| format!("#{}", rules.board().name(p)));
        let example = back
            .or_else(|| free.first().cloned())
            .map_or(String::new(), |p| format!(" (e.g. {p})"));
        let message = match owed.keeping {
            Some(k) if written > usize::from(k) => format!(
                "{seat} puts its {due} held barricades down at the end of its turn: all of them in this 6 line (declining the replay), or none (then {seat} replays){example}"
            ),
            _ if to_place > 1 => format!(
                "{seat} holds {to_place} barricades and must put them down in this turn{example}"
            ),
            _ => format!("{seat} holds a barricade and must put it down in this turn{example}"),
        };
        return Err(ReplayError::new(ErrorKind::IllegalMove, span, message).with_legal(free));
    }
    // The line ends the seat's turn: its due barricades are down. Else
    // (a 6 line that kept them) they are due at the end of the replay.
    release(st, c, going_down);
    st.due[c] = if ended { 0 } else { due };
    // Put down in a 6 line that could have kept them: the replay is declined.
    let declined = ended && owed.keeping.is_some();
    if declined {
        st.declined = c as u8;
    }
    if !won {
        let six = rules.params().six;
        let standard = r == 6 && landed != NONE && six != Six::Nothing && !declined;
        if standard {
            st.replay_colour = c as u8;
            st.replay_pawn = landed;
        }
        if hooks.active() {
            let before = before.as_ref().unwrap_or(&*st);
            let ctx = TurnCtx {
                st: before,
                number: turn.number,
                c,
                r,
            };
            let again = rules.extra_turn_hooked(&ctx, turn, played, standard, hooks)?;
            match (again, standard) {
                // An extra turn the rules do not give: any pawn may move.
                (true, false) => {
                    st.replay_colour = c as u8;
                    st.replay_pawn = NONE;
                }
                (false, true) => st.replay_colour = NO_SEAT,
                _ => {}
            }
            if st.due[c] > 0 && st.replay_colour != c as u8 {
                return Err(ReplayError::new(
                    ErrorKind::IllegalMove,
                    turn.span,
                    format!("{seat} holds a barricade and must put it down in this turn: this variant gives no replay"),
                )
                .with_legal(placements(rules, st)));
            }
        }
        if !replaying {
            let i = st.seat_index(c as u8).unwrap_or(0);
            st.next = (i + 1) % st.n_seats;
        }
    }
    Ok(())
}

/// The colour of the turn's seat, checked against the order of play.
fn seat_to_move(st: &State, turn: &Turn, must_replay: bool) -> Result<usize, ReplayError> {
    let head = &turn.head;
    let Some(c) = colour_of(&head.seat).filter(|&c| st.seat_index(c).is_some()) else {
        return Err(ReplayError::new(
            ErrorKind::Seat,
            head.span,
            format!(
                "{} is not a seat in this game (seats: {})",
                head.seat,
                st.seats().collect::<Vec<_>>().join(" ")
            ),
        ));
    };
    if let Some(mover) = &head.mover {
        return Err(ReplayError::new(
            ErrorKind::Seat,
            head.span,
            format!(
                "barricade has no team play: {} cannot roll for {mover}",
                head.seat
            ),
        ));
    }
    if st.next == NO_SEAT {
        return Ok(c as usize);
    }
    let normal = st.seats[st.next as usize];
    let pending = st.replay_colour;
    let forced = must_replay || (pending != NO_SEAT && st.due[pending as usize] > 0);
    if c == pending || (c == normal && (pending == NO_SEAT || !forced)) {
        return Ok(c as usize);
    }
    let next = SEATS[normal as usize];
    let message = if pending != NO_SEAT && st.due[pending as usize] > 0 {
        let p = SEATS[pending as usize];
        format!(
            "{p} rolls again, not {}: {p} kept the barricade it holds in its 6 line, so that line was not the end of its turn (to decline the replay, put the barricade down in the 6 line, after its move: #point)",
            head.seat
        )
    } else if pending == NO_SEAT && st.declined == c {
        format!(
            "it is {next}'s turn, not {}'s: {} put its barricade down in its 6 line, which ends its turn (the replay is declined)",
            head.seat, head.seat
        )
    } else if pending == NO_SEAT {
        format!("it is {next}'s turn, not {}'s", head.seat)
    } else if must_replay {
        format!(
            "{} rolled a 6 and rolls again, not {}",
            SEATS[pending as usize], head.seat
        )
    } else {
        format!(
            "{} may roll again after its 6, else it is {next}'s turn, not {}'s",
            SEATS[pending as usize], head.seat
        )
    };
    Err(ReplayError::new(ErrorKind::Seat, head.span, message))
}

/// How many of colour `c`'s held barricades go down at the end of the
/// turn it plays now: all it holds, but in the replay of a 6 line under
/// `placement = next_whole_turn`, those the 6 line kept (the ones taken
/// since are held until its next turn).
pub(crate) fn due_now(rules: &Barricade, st: &State, c: usize) -> u8 {
    let replaying = st.replay_colour == c as u8 && st.replay_pawn != NONE;
    if rules.params().placement == Placement::NextWholeTurn && replaying {
        st.due[c]
    } else {
        st.holds[c]
    }
}

/// How many barricades a turn line puts down, the one rule the checker
/// and the generator share: the ones its move owes at once (`at_once`:
/// `placement = immediately`, `held_on_capture = capturer_at_once`) and
/// the `due` held ones ([`due_now`]), which a line ending the seat's turn
/// puts down. Under `placement = next_whole_turn` a 6 line that gives a
/// replay does not end the turn: it keeps them for the replay (and must
/// under `six = must_replay`), or puts them down and declines the replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Owed {
    /// The put-downs of a line that ends the turn; `None` when it cannot.
    pub ending: Option<u8>,
    /// The put-downs of a 6 line that keeps the due ones for its replay;
    /// `None` when it cannot keep them (or there are none).
    pub keeping: Option<u8>,
}

impl Owed {
    /// The put-downs of a line of roll `r` (`moved`: a pawn moved; `won`:
    /// it reached the goal, and nothing more goes down).
    pub(crate) fn of(
        rules: &Barricade,
        r: usize,
        moved: bool,
        won: bool,
        at_once: u8,
        due: u8,
    ) -> Owed {
        let params = rules.params();
        if won {
            return Owed {
                ending: Some(0),
                keeping: None,
            };
        }
        let replays = r == 6 && moved && params.six != Six::Nothing;
        if params.placement == Placement::NextWholeTurn && replays && due > 0 {
            Owed {
                ending: (params.six == Six::MayReplay).then_some(at_once + due),
                keeping: Some(at_once),
            }
        } else {
            Owed {
                ending: Some(at_once + due),
                keeping: None,
            }
        }
    }

    /// The put-downs the line owes when `written` are written: the
    /// kept ones when no more are written, else those of the end.
    pub(crate) fn target(&self, written: usize) -> u8 {
        match (self.keeping, self.ending) {
            (Some(k), _) if written <= usize::from(k) => k,
            (_, Some(e)) => e,
            (Some(k), None) => k,
            (None, None) => 0,
        }
    }
}

/// Plays a legal move; returns how many barricades the move owes at once
/// (`placement = immediately`, `held_on_capture = capturer_at_once`).
fn apply(rules: &Barricade, st: &mut State, c: usize, m: &Move) -> u8 {
    let to = bit(m.to);
    let mut at_once = 0;
    if m.from == NONE {
        st.housed[c] -= 1;
    } else {
        st.pawns[c] &= !bit(m.from);
        if st.held[c] == m.from {
            // The taker leaves the point: that barricade can no longer be
            // taken over by a rival landing there.
            st.held[c] = HELD_AWAY;
        }
    }
    if m.capture {
        if let Some(o) = (0..4).find(|&o| st.pawns[o] & to != 0) {
            st.pawns[o] &= !to;
            st.housed[o] += 1;
            if st.held[o] == m.to {
                // The taker, still on the barricade's point, is sent home:
                // its player loses the barricade to the capturer.
                st.holds[o] -= 1;
                st.held[o] = if st.holds[o] == 0 { NONE } else { HELD_AWAY };
                match rules.params().held_on_capture {
                    HeldOnCapture::Capturer => {
                        st.holds[c] += 1;
                        st.held[c] = m.to;
                    }
                    HeldOnCapture::CapturerAtOnce => at_once += 1,
                }
            }
        }
    }
    if m.take {
        st.barricades &= !to;
        match rules.params().placement {
            Placement::NextTurn | Placement::NextWholeTurn => {
                st.holds[c] += 1;
                st.held[c] = m.to;
            }
            Placement::Immediately => at_once += 1,
        }
    }
    st.pawns[c] |= to;
    if m.to == rules.board().goal() {
        st.winner = c as u8;
    }
    at_once
}

/// Puts a barricade down on the point called `at`.
fn put_down(rules: &Barricade, st: &mut State, at: &Name, span: Span) -> Result<(), ReplayError> {
    let board = rules.board();
    let illegal = |message: String| {
        ReplayError::new(ErrorKind::IllegalMove, span, message).with_legal(placements(rules, st))
    };
    let Some(p) = board.point(at) else {
        return Err(illegal(format!("there is no point {at} on the board")));
    };
    if rules.forbidden & bit(p) != 0 {
        return Err(illegal(if p == board.goal() {
            "a barricade cannot go on the goal".to_string()
        } else {
            format!("a barricade cannot go on row {} ({at})", board.rank(p))
        }));
    }
    if st.barricades & bit(p) != 0 {
        return Err(illegal(format!("a barricade already stands on {at}")));
    }
    if let Some(o) = st.pawn_at(p) {
        return Err(illegal(format!(
            "{}'s pawn stands on {at}: a barricade goes on a free point",
            SEATS[o as usize]
        )));
    }
    st.barricades |= bit(p);
    Ok(())
}

/// Where a barricade may be put down now, written as `#point`.
pub(crate) fn placements(rules: &Barricade, st: &State) -> Vec<String> {
    point_list(rules, free(rules, st))
}

/// A set of points written as `#point`, in board order.
fn point_list(rules: &Barricade, set: Points) -> Vec<String> {
    let board = rules.board();
    iter_points(set)
        .map(|p| format!("#{}", board.name(p)))
        .collect()
}

/// The points where a barricade may be put down now, as a set.
fn free(rules: &Barricade, st: &State) -> Points {
    free_points(rules, st).fold(0, |a, p| a | bit(p))
}

/// The position after colour `c` plays pawn move `m` (`None`: no pawn
/// moves) from `st`, before the turn's barricades go down, the `going_down`
/// held ones no longer held: the one the checker puts them down in.
pub(crate) fn after_move(
    rules: &Barricade,
    st: &State,
    c: usize,
    m: Option<&Move>,
    going_down: u8,
) -> State {
    let mut after = st.clone();
    after.replay_colour = NO_SEAT;
    after.declined = NO_SEAT;
    if let Some(m) = m {
        apply(rules, &mut after, c, m);
    }
    release(&mut after, c, going_down);
    after
}

/// Colour `c` no longer holds `n` of its held barricades (they go down).
fn release(st: &mut State, c: usize, n: u8) {
    st.holds[c] = st.holds[c].saturating_sub(n);
    if st.holds[c] == 0 {
        st.held[c] = NONE;
    }
}

/// The points where a barricade may be put down now.
pub(crate) fn free_points<'a>(
    rules: &'a Barricade,
    st: &'a State,
) -> impl Iterator<Item = Point> + 'a {
    let all = (1u128 << rules.board().len()) - 1;
    iter_points(all & !(rules.forbidden | st.barricades | st.all_pawns()))
}

#[cfg(test)]
mod tests {
    use billes_notation::{Action, Capture, Name, Turn};

    use super::{bit, play, play_checked, Point};
    use crate::barricade::{Barricade, HeldOnCapture, Params, Placement, Six, State};
    use crate::variant::NoHooks;
    use crate::{ReplayError, Rng, Rules, SimOptions};

    /// Everything a position says, to compare two of them.
    fn fields(st: &State) -> impl PartialEq + std::fmt::Debug {
        (
            st.pawns,
            st.housed,
            st.barricades,
            st.seats,
            st.n_seats,
            st.next,
            (st.replay_colour, st.replay_pawn),
            st.held,
            (st.holds, st.due, st.declined),
            st.winner,
        )
    }

    fn outcome(r: &Result<(), ReplayError>) -> impl PartialEq + std::fmt::Debug + '_ {
        r.as_ref()
            .err()
            .map(|e| (e, e.span.start, e.span.end, e.span.line, e.span.column))
    }

    /// Plays `turn` both ways from `st`: the same result and the same position.
    fn same(rules: &Barricade, st: &State, turn: &Turn) {
        let (mut quick, mut checked) = (st.clone(), st.clone());
        let a = play(rules, &mut quick, turn);

        let b = play_checked(rules, &mut checked, turn, &NoHooks);
        assert_eq!(outcome(&a), outcome(&b), "{turn:?}");
        if a.is_ok() {
            assert_eq!(fields(&quick), fields(&checked), "{turn:?}");
        }
    }

    /// Variants of a turn: other seats, rolls, points and marks.
    fn variants(turn: &Turn, taken: &[Name], rng: &mut Rng) -> Vec<Turn> {
        let mut out = Vec::new();
        let mut with = |f: &mut dyn FnMut(&mut Turn)| {
            let mut t = turn.clone();
            f(&mut t);
            out.push(t);
        };
        for seat in ["R", "G", "Y", "B", "X", "RG"] {
            with(&mut |t| t.head.seat = seat.into());
        }
        for roll in [None, Some(0), Some(1), Some(2), Some(5), Some(6), Some(7)] {
            with(&mut |t| t.head.roll = roll);
        }
        with(&mut |t| t.head.mover = Some("G".into()));
        with(&mut |t| t.actions.clear());
        with(&mut |t| t.actions.truncate(1));
        with(&mut |t| t.actions.reverse());
        let names = [
            "h", "i14", "a0", "a1", "a01", "z9", "r1", "c1", "e5", "i13", "a15",
        ];
        let name = |rng: &mut Rng| -> Name {
            if rng.chance(1, 2) {
                names[rng.below(names.len())].into()
            } else {
                let column = (b'a' + rng.below(18) as u8) as char;
                format!("{column}{}", rng.below(16)).into()
            }
        };
        for _ in 0..6 {
            let n = name(rng);
            with(&mut |t| {
                if let Some(Action::Move { path, .. }) = t.actions.first_mut() {
                    if let Some(last) = path.last_mut() {
                        *last = n;
                    }
                }
            });
            let n = name(rng);
            with(&mut |t| {
                if let Some(Action::Move { path, .. }) = t.actions.first_mut() {
                    path[0] = n;
                }
            });
            let n = name(rng);
            with(&mut |t| {
                if let Some(Action::Move { path, .. }) = t.actions.first_mut() {
                    path.insert(1, n);
                }
            });
            let n = name(rng);
            with(&mut |t| {
                t.actions.push(Action::Barricade {
                    at: n,
                    span: Default::default(),
                })
            });
        }
        with(&mut |t| {
            if let Some(Action::Move {
                capture, barricade, ..
            }) = t.actions.first_mut()
            {
                *capture = if capture.is_some() {
                    None
                } else {
                    Some(Capture::default())
                };
                *barricade = !*barricade;
            }
        });
        with(&mut |t| {
            if let Some(Action::Move { capture, .. }) = t.actions.first_mut() {
                *capture = Some(Capture {
                    target: Some("t1".into()),
                    ..Capture::default()
                });
            }
        });
        with(&mut |t| {
            t.actions.insert(
                0,
                Action::Pass {
                    span: Default::default(),
                },
            )
        });
        for n in taken {
            with(&mut |t| {
                for action in &mut t.actions {
                    if let Action::Barricade { at, .. } = action {
                        *at = *n;
                    }
                }
            });
        }
        out
    }

    #[test]
    fn the_quick_way_agrees_with_the_checked_way() {
        let mut rng = Rng::new(7);
        let rule_sets = [
            Params::default(),
            Params {
                placement: Placement::Immediately,
                ..Params::default()
            },
            Params {
                six: Six::MustReplay,
                held_on_capture: HeldOnCapture::CapturerAtOnce,
                ..Params::default()
            },
            Params {
                six: Six::Nothing,
                bounce: false,
                pawns: 3,
                ..Params::default()
            },
            Params {
                bounce_takes_barricade: false,
                bounce_freezes: false,
                barricade_on_goal: true,
                forbidden_rows: vec![],
                ..Params::default()
            },
            Params {
                placement: Placement::NextWholeTurn,
                ..Params::default()
            },
        ];
        for params in rule_sets {
            let rules = Barricade::new(params);
            for i in 0..12 {
                let options = SimOptions {
                    players: 2 + i % 3,
                    max_turns: 400,
                    ..SimOptions::default()
                };
                let game = rules.simulate(&options, &mut rng).expect("simulated game");
                let mut st = rules.setup(&game).expect("setup");
                for turn in &game.line.turns {
                    same(&rules, &st, turn);
                    // Points where a barricade cannot go: pawns, barricades, row 1, the goal.
                    let board = rules.board();
                    let taken: Vec<Name> = (0..board.len() as Point)
                        .filter(|&p| {
                            (st.all_pawns() | st.barricades | rules.forbidden) & bit(p) != 0
                        })
                        .map(|p| *board.name(p))
                        .collect();
                    for variant in variants(turn, &taken, &mut rng) {
                        same(&rules, &st, &variant);
                    }
                    play(&rules, &mut st, turn).expect("valid turn");
                }
            }
        }
    }
}
