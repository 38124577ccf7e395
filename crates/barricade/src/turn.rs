//! Checking and playing one turn line: the seat (with 6 replays), the roll,
//! the move or pass, its marks, and putting held barricades down.

use billes_game::variant::{Hook, Hooks, NoHooks, Verdict};
use billes_game::{Colour, ErrorKind, ReplayError};
use billes_notation::{Action, Brief, BriefAction, Name, Span, Turn};

use super::board::{bit, iter_points, seat, Point, Points, HOUSE, HOUSE_KEY};
use super::hooks::{relist, variant_error, TurnCtx};
use super::moves::Move;
use super::position::State;
use super::written::{check_marks, written_move};
use super::{Barricade, HeldOnCapture, Placement, Six};

/// Checks one turn and applies it.
#[inline]
pub(crate) fn play(rules: &Barricade, state: &mut State, turn: &Turn) -> Result<(), ReplayError> {
    if play_plain(rules, state, turn) {
        return Ok(());
    }
    play_checked(rules, state, turn, &NoHooks)
}

/// Checks one turn under a variant's hooks and applies it.
pub(crate) fn play_with<H: Hooks>(
    rules: &Barricade,
    state: &mut State,
    turn: &Turn,
    hooks: &H,
) -> Result<(), ReplayError> {
    if !hooks.active() {
        return play(rules, state, turn);
    }
    let before = state.clone();
    play_checked(rules, state, turn, hooks).map_err(|e| relist(rules, &before, turn, hooks, e))
}

/// Plays a turn whose move is legal but one of whose put-downs goes on a
/// point where a barricade may not go, for a check that goes on past the
/// mistake: the move is played and each refused put-down left out. The
/// seat meant to put that barricade down somewhere, and its next turns
/// are written so (they put down no other): where is not known, so the
/// barricade is taken off the board, and the slip is one mistake, not
/// one now and a missing put-down in the seat's next turn. Returns the
/// note the check goes on with; `None` (the state unspecified) when no
/// put-down is refused or something else in the turn is wrong.
pub(crate) fn play_owing<H: Hooks>(
    rules: &Barricade,
    state: &mut State,
    turn: &Turn,
    hooks: &H,
) -> Option<String> {
    let kept = check_line(rules, state, turn, hooks, true).ok()?;
    if kept == 0 {
        return None;
    }
    let colour = state.colour(&turn.head.seat)?;
    // Neither held nor on the board: out of the game.
    release(state, colour, kept);
    let c = colour.index();
    state.due[c] = state.due[c].min(state.holds[c]);
    let what = if kept == 1 {
        "its barricade is".to_string()
    } else {
        format!("its {kept} barricades are")
    };
    Some(format!(
        "the move is played; the point {} meant is not known, so {what} taken off the board: the check goes on",
        seat(colour)
    ))
}

/// The common turn, checked and played without building anything: a move
/// of two points (from a point or the house, no bounce) with its marks,
/// then the barricades it must put down. Returns false, leaving `state` as it
/// was, for anything else and for every mistake: [`play_checked`] then
/// decides, and words the error. The steps are [`play_checked`]'s.
#[inline]
fn play_plain(rules: &Barricade, state: &mut State, turn: &Turn) -> bool {
    let Some(written) = Plain::of(turn) else {
        return false;
    };
    play_written(rules, state, &written)
}

/// Plays the turn `brief` stands for as [`play`] plays it, by the same
/// check of a plain turn ([`play_plain`]): whether it did. A brief that
/// is no plain turn (a pass), or no legal one, is refused, the position
/// left as it was: the check of the turn as a tree then decides and tells
/// what was wrong.
#[inline(always)]
pub(crate) fn play_brief(rules: &Barricade, state: &mut State, brief: &Brief) -> bool {
    let Some(written) = Plain::of_brief(brief) else {
        return false;
    };
    play_written(rules, state, &written)
}

/// Plays the plain turn `written` ([`plain`]): whether it was one, and
/// legal.
#[inline(always)]
fn play_written(rules: &Barricade, state: &mut State, written: &Plain<'_>) -> bool {
    let Some((m, barricades, roll, seat_index)) = plain(rules, state, written) else {
        return false;
    };
    m.play(rules, state, barricades, roll, seat_index);
    true
}

/// What the check of a plain turn reads of a written turn: its seat, its
/// roll, its move of two points with its marks (a capture mark `*` bare),
/// and the barricades put down after it; from a turn of the tree
/// ([`Plain::of`]) or a brief ([`Plain::of_brief`]).
struct Plain<'a> {
    seat: Name,
    roll: Option<u32>,
    from: Name,
    to: Name,
    capture: bool,
    barricade: bool,
    put_downs: PutDownList<'a>,
}

/// The barricades a plain turn puts down after its move.
enum PutDownList<'a> {
    /// The turn's actions after its move.
    Actions(&'a [Action]),
    /// A brief's one put-down, or none.
    One(Option<Name>),
}

impl PutDownList<'_> {
    /// How many actions follow the move.
    #[inline(always)]
    fn len(&self) -> usize {
        match self {
            PutDownList::Actions(rest) => rest.len(),
            PutDownList::One(one) => usize::from(one.is_some()),
        }
    }

    /// The point of each, in order: `None` for an action that puts no
    /// barricade down.
    #[inline(always)]
    fn points(&self) -> impl Iterator<Item = Option<Name>> + '_ {
        let (rest, one) = match *self {
            PutDownList::Actions(rest) => (rest, None),
            PutDownList::One(one) => (&[][..], one),
        };
        let written = rest.iter().map(|action| match action {
            Action::Barricade { at, .. } => Some(*at),
            _ => None,
        });
        written.chain(one.map(Some))
    }
}

impl<'a> Plain<'a> {
    /// `turn` as a plain turn reads, when its head has no team and it
    /// starts with a move of two points whose capture mark, if any, is
    /// bare.
    #[inline(always)]
    fn of(turn: &'a Turn) -> Option<Plain<'a>> {
        if turn.head.mover.is_some() {
            return None;
        }
        let [Action::Move {
            path,
            capture,
            barricade,
            ..
        }, rest @ ..] = turn.actions.as_slice()
        else {
            return None;
        };
        let [from, to] = path.as_slice() else {
            return None;
        };
        let capture = match capture {
            None => false,
            Some(c) if c.target.is_none() && c.points.is_none() => true,
            Some(_) => return None,
        };
        Some(Plain {
            seat: turn.head.seat,
            roll: turn.head.roll,
            from: *from,
            to: *to,
            capture,
            barricade: *barricade,
            put_downs: PutDownList::Actions(rest),
        })
    }

    /// `brief` as a plain turn reads, when it is a move of two points.
    #[inline(always)]
    fn of_brief(brief: &Brief) -> Option<Plain<'static>> {
        let BriefAction::Move {
            from,
            via: None,
            to,
            capture,
            barricade,
        } = brief.action
        else {
            return None;
        };
        Some(Plain {
            seat: brief.seat,
            roll: brief.roll.map(u32::from),
            from,
            to,
            capture,
            barricade,
            put_downs: PutDownList::One(brief.put_down),
        })
    }
}

/// A plain turn ([`play_plain`]) read and checked, nothing changed: its
/// move, the barricades on the board after it, the roll and the seat's
/// place in the order of play; `None` for anything else.
#[inline(always)]
fn plain(
    rules: &Barricade,
    state: &State,
    written: &Plain<'_>,
) -> Option<(PlainMove, Points, usize, usize)> {
    if state.winner.is_some() {
        return None;
    }
    let (colour, seat_index) = plain_seat(rules, state, written.seat)?;
    let roll = match written.roll {
        Some(roll @ 1..=6) => roll as usize,
        _ => return None,
    };
    let to = rules.board().point_of_name(written.to)?;
    let from = plain_route(rules, state, colour, roll, written.from, to)?;
    let m = PlainMove::of(rules, state, colour, from, to)?;
    if written.capture && !m.takes_pawn {
        return None;
    }
    if written.barricade && !m.takes_barricade {
        return None;
    }
    let barricades = plain_put_downs(rules, state, &m, &written.put_downs)?;
    Some((m, barricades, roll, seat_index))
}

/// The written `turn`, legal in `state`, as the list of legal moves writes
/// it, its marks complete ([`GameRules::complete_turn`]): a plain turn
/// ([`play_plain`]) read by the same fast check, without listing the
/// moves; `None` for any other turn (the caller lists them).
///
/// [`GameRules::complete_turn`]: billes_game::game::GameRules::complete_turn
pub(crate) fn complete(
    rules: &Barricade,
    state: &State,
    turn: &Turn,
) -> Option<billes_game::game::Move> {
    let written = Plain::of(turn)?;
    let (m, _, roll, _) = plain(rules, state, &written)?;
    spell_plain(rules, &written, &m, roll)
}

/// Plays `turn` as [`play`] does, and writes the move [`complete`] gives
/// for it into `complete`, from the one check of a plain turn
/// ([`GameRules::play_completed_into`]): whether it did.
///
/// [`GameRules::play_completed_into`]: billes_game::game::GameRules::play_completed_into
pub(crate) fn play_completed_into(
    rules: &Barricade,
    state: &mut State,
    turn: &Turn,
    complete: &mut billes_game::game::Move,
) -> Result<bool, ReplayError> {
    let checked = Plain::of(turn).and_then(|w| Some((plain(rules, state, &w)?, w)));
    let Some(((m, barricades, roll, seat_index), written)) = checked else {
        // Not plain: `complete` says nothing of it.
        play_checked(rules, state, turn, &NoHooks)?;
        return Ok(false);
    };
    let completed = spell_plain_into(rules, &written, &m, roll, complete);
    m.play(rules, state, barricades, roll, seat_index);
    Ok(completed)
}

/// Plays the turn `brief` stands for as [`play_brief`] does, and writes
/// its complete move into `complete` as [`play_completed_into`] writes
/// that turn's, from the same check of a plain turn
/// ([`GameRules::play_brief_completed_into`]): whether it did. A brief
/// `play_brief` refuses is refused, the position left as it was.
///
/// [`GameRules::play_brief_completed_into`]: billes_game::game::GameRules::play_brief_completed_into
pub(crate) fn play_brief_completed_into(
    rules: &Barricade,
    state: &mut State,
    brief: &Brief,
    complete: &mut billes_game::game::Move,
) -> bool {
    let Some(written) = Plain::of_brief(brief) else {
        return false;
    };
    let Some((m, barricades, roll, seat_index)) = plain(rules, state, &written) else {
        return false;
    };
    if !spell_plain_into(rules, &written, &m, roll, complete) {
        return false;
    }
    m.play(rules, state, barricades, roll, seat_index);
    true
}

/// The plain turn `written`, whose move `plain` read as `m` with `roll`,
/// as the list of legal moves writes it; `None` when the rest of the turn
/// is not put-downs.
fn spell_plain(
    rules: &Barricade,
    written: &Plain<'_>,
    m: &PlainMove,
    roll: usize,
) -> Option<billes_game::game::Move> {
    let mut complete =
        billes_game::game::Move::new(written.seat, None, billes_notation::Actions::new());
    spell_plain_into(rules, written, m, roll, &mut complete).then_some(complete)
}

/// [`spell_plain`], the move written into `complete` in place (what it
/// held is replaced): whether the turn was spelt. A move built and then
/// copied was read back whole while its parts were still being written,
/// which stalls the processor.
fn spell_plain_into(
    rules: &Barricade,
    written: &Plain<'_>,
    m: &PlainMove,
    roll: usize,
    complete: &mut billes_game::game::Move,
) -> bool {
    let Some(roll) = u8::try_from(roll)
        .ok()
        .and_then(billes_game::game::Roll::new)
    else {
        return false;
    };
    let board = rules.board();
    let mut path = billes_notation::Path::new();
    path.push(match m.from {
        None => Name::new(HOUSE),
        Some(from) => *board.name(from),
    });
    path.push(*board.name(m.to));
    complete.seat = written.seat;
    complete.roll = Some(roll);
    complete.mover = None;
    let actions = &mut complete.actions;
    actions.clear();
    actions.push(Action::Move {
        path,
        capture: m.takes_pawn.then(billes_notation::Capture::default),
        barricade: m.takes_barricade,
        span: Span::default(),
    });
    for at in written.put_downs.points() {
        let Some(at) = at else {
            return false;
        };
        actions.push(Action::Barricade {
            at,
            span: Span::default(),
        });
    }
    true
}

/// The colour of the seat letter, if it is the seat to move (as
/// [`seat_to_move`] says), and its place in the order of play, found
/// without branching on the letter. Under `next_whole_turn`, a seat that
/// holds barricades (put down at the end of a turn that may go on with a
/// replay) is left to the checked way; one that holds none plays as under
/// `next_turn`.
#[inline(always)]
fn plain_seat(rules: &Barricade, state: &State, seat: Name) -> Option<(Colour, usize)> {
    let colour = match seat.as_bytes() {
        &[letter] => COLOUR_OF_LETTER[letter as usize]?,
        _ => return None,
    };
    let x =
        u32::from_le_bytes(state.seats.map(Colour::get)) ^ (0x0101_0101 * u32::from(colour.get()));
    let zeros = x.wrapping_sub(0x0101_0101) & !x & 0x8080_8080;
    let seat_index = (zeros.trailing_zeros() / 8) as usize;
    if seat_index >= state.n_seats as usize {
        return None;
    }
    let params = rules.params();
    if params.placement == Placement::NextWholeTurn && state.holds[colour.index() & 3] > 0 {
        return None;
    }
    let pending = state.replay_colour;
    if let Some(normal) = state.next_colour() {
        let forced =
            params.six == Six::MustReplay || pending.is_some_and(|p| state.due[p.index() & 3] > 0);
        if !(pending == Some(colour) || (colour == normal && (pending.is_none() || !forced))) {
            return None;
        }
    }
    Some((colour, seat_index))
}

/// The move's start (`None` inside: from the house), when the roll takes
/// it from `first` to `to` past no barricade ("un pion ne peut pas passer
/// une barricade"); a pawn enters on its start point, the first point
/// counted; a 6 replay moves the same pawn; no bounce.
#[inline(always)]
fn plain_route(
    rules: &Barricade,
    state: &State,
    colour: Colour,
    roll: usize,
    first: Name,
    to: Point,
) -> Option<Option<Point>> {
    let board = rules.board();
    let c = colour.index() & 3;
    let pending = state.replay_colour;
    let (from, hit) = if first.key() == HOUSE_KEY {
        if state.housed[c] == 0 || pending == Some(colour) {
            // A 6 replay moves a pawn on the board.
            return None;
        }
        let s = board.start(colour);
        if roll == 1 {
            (None, if to == s { 0 } else { return None })
        } else {
            let inter = board.open_route(s, roll - 1, to, state.barricades)?;
            (None, (inter | bit(s)) & state.barricades)
        }
    } else {
        let from = board.point_of_name(first)?;
        if state.pawns[c] & bit(from) == 0
            || (pending == Some(colour) && state.replay_pawn != Some(from))
            || rules.bounces(from, roll)
        {
            return None;
        }
        let inter = board.open_route(from, roll, to, state.barricades)?;
        (Some(from), inter & state.barricades)
    };
    (hit == 0).then_some(from)
}

/// A legal plain move and what it does, before anything is changed.
struct PlainMove {
    colour: Colour,
    from: Option<Point>,
    to: Point,
    /// It lands on a rival ("ce dernier est renvoyé dans son camp").
    takes_pawn: bool,
    /// It lands on a barricade by exact count, and takes it.
    takes_barricade: bool,
    /// The rival sent home.
    rival: usize,
    /// The rival loses the barricade its pawn stood tied to.
    loses_held: bool,
    /// The barricade the mover holds after the move, and where it was taken.
    new_held: Option<Point>,
    /// How many barricades the line puts down after the move.
    to_place: u8,
    /// It reaches the goal.
    won: bool,
}

impl PlainMove {
    /// What the move from `from` to `to` does, or `None` when it lands on
    /// its own colour or leaves the plain case: a barricade held since an
    /// earlier turn is put down in this one, after the move, with those the
    /// move owes.
    #[inline(always)]
    fn of(
        rules: &Barricade,
        state: &State,
        colour: Colour,
        from: Option<Point>,
        to: Point,
    ) -> Option<PlainMove> {
        let c = colour.index() & 3;
        let params = rules.params();
        let to_bit = bit(to);
        if state.pawns[c] & to_bit != 0 {
            return None;
        }
        let takes_pawn = state.all_pawns() & to_bit != 0;
        let takes_barricade = state.barricades & to_bit != 0;
        let mut m = PlainMove {
            colour,
            from,
            to,
            takes_pawn,
            takes_barricade,
            rival: 0,
            loses_held: false,
            new_held: None,
            to_place: state.holds[c],
            won: to == rules.board().goal(),
        };
        if takes_pawn {
            m.rival = (0..4).find(|&o| state.pawns[o] & to_bit != 0).unwrap_or(0);
            m.loses_held = state.held[m.rival] == Some(to);
            if m.loses_held && state.holds[m.rival] != 1 {
                return None;
            }
            if m.loses_held {
                match params.held_on_capture {
                    HeldOnCapture::Capturer => m.new_held = Some(to),
                    HeldOnCapture::CapturerAtOnce => m.to_place += 1,
                }
            }
        }
        if takes_barricade {
            match params.placement {
                Placement::NextTurn | Placement::NextWholeTurn => m.new_held = Some(to),
                Placement::Immediately => m.to_place += 1,
            }
        }
        if m.won {
            // The game ends at once: nothing more is put down.
            m.to_place = 0;
        }
        Some(m)
    }

    /// Plays the checked line: the move, the barricades (`barricades`, the
    /// put-downs made), then the 6 replay or the next seat.
    #[inline(always)]
    fn play(
        &self,
        rules: &Barricade,
        state: &mut State,
        barricades: Points,
        roll: usize,
        seat_index: usize,
    ) {
        let (colour, c) = (self.colour, self.colour.index() & 3);
        let to_bit = bit(self.to);
        let pending = state.replay_colour;
        if self.from.is_none() {
            state.housed[c] -= 1;
        }
        state.pawns[c] = (state.pawns[c] & !self.from.map_or(0, bit)) | to_bit;
        if self.takes_pawn {
            state.pawns[self.rival] &= !to_bit;
            state.housed[self.rival] += 1;
            if self.loses_held {
                state.held[self.rival] = None;
                state.holds[self.rival] = 0;
            }
        }
        state.barricades = barricades;
        state.held[c] = self.new_held;
        state.holds[c] = u8::from(self.new_held.is_some());
        state.replay_colour = None;
        state.declined = None;
        if self.won {
            state.winner = Some(colour);
            return;
        }
        if roll == 6 && rules.params().six != Six::Nothing {
            state.replay_colour = Some(colour);
            state.replay_pawn = Some(self.to);
        }
        if pending != Some(colour) {
            let i = seat_index + 1;
            state.next = Some(if i == state.n_seats as usize {
                0
            } else {
                i as u8
            });
        }
    }
}

/// The barricades on the board after the line's put-downs (`rest`), when
/// they are the ones it owes, each on a free point off the bottom row and
/// the goal.
#[inline(always)]
fn plain_put_downs(
    rules: &Barricade,
    state: &State,
    m: &PlainMove,
    put_downs: &PutDownList<'_>,
) -> Option<Points> {
    if put_downs.len() != m.to_place as usize {
        return None;
    }
    let to_bit = bit(m.to);
    let mut barricades = state.barricades & !to_bit;
    if m.to_place == 0 {
        return Some(barricades);
    }
    let board = rules.board();
    let taken = rules.forbidden | (state.all_pawns() & !m.from.map_or(0, bit)) | to_bit;
    for at in put_downs.points() {
        let p = board.point_of_name(at?)?;
        if (taken | barricades) & bit(p) != 0 {
            return None;
        }
        barricades |= bit(p);
    }
    Some(barricades)
}

/// The colour of a one-letter seat name (R G Y B), by its byte.
const COLOUR_OF_LETTER: [Option<Colour>; 256] = {
    let mut table = [None; 256];
    table[b'R' as usize] = Some(Colour::new(0));
    table[b'G' as usize] = Some(Colour::new(1));
    table[b'Y' as usize] = Some(Colour::new(2));
    table[b'B' as usize] = Some(Colour::new(3));
    table
};

/// Checks one turn and applies it, or says what is wrong with it; with
/// active hooks, asks `allow` about the written move (a pass is legal when
/// it forbids every candidate) and `extra_turn` after it. The steps follow
/// the rule text (seed 004, notation/barricade.md): the game goes on until a
/// pawn reaches the goal, the seat in its order, the die, the move (or the
/// lost turn), the barricades put down after it, then the 6 replay and the
/// next seat.
#[inline(never)]
fn play_checked<H: Hooks>(
    rules: &Barricade,
    state: &mut State,
    turn: &Turn,
    hooks: &H,
) -> Result<(), ReplayError> {
    check_line(rules, state, turn, hooks, false).map(drop)
}

/// [`play_checked`]'s steps; `owing`: a put-down refused is left out and
/// its barricade kept ([`play_owing`]). Returns how many barricades the
/// line left owed so.
fn check_line<H: Hooks>(
    rules: &Barricade,
    state: &mut State,
    turn: &Turn,
    hooks: &H,
    owing: bool,
) -> Result<u8, ReplayError> {
    game_goes_on(state, turn)?;
    let colour = seat_to_move(state, turn, rules.params().six == Six::MustReplay)?;
    let roll = roll_of(turn)?;
    let line = Line {
        rules,
        turn,
        hooks,
        colour,
        roll,
        replay: state.replay_pawn_of(colour),
        owing,
    };
    // A replay after a 6 moves the same pawn; one that a hook gave (no
    // pawn) moves any pawn.
    let replaying = state.replay_colour == Some(colour);
    let due = due_now(rules, state, colour);
    state.replay_colour = None;
    state.declined = None;
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
    let held_at = state.held[colour.index()];
    let before = hooks.active().then(|| state.clone());
    let moved = line.move_or_pass(state, first)?;
    let won = state.winner.is_some();
    let owed = Owed::of(rules, roll, moved.landed.is_some(), won, moved.at_once, due);
    let put_downs = PutDowns::of(&line, state, owed, due, moved.left, held_at);
    let placed = line.put_down_each(state, &put_downs, first.span(), actions)?;
    line.all_put_down(state, &put_downs, &placed)?;
    let kept = put_downs.target - placed.placed;
    line.end(state, &put_downs, &moved, before.as_ref(), replaying, kept)?;
    Ok(kept)
}

/// The game is over once a pawn reaches the goal: "le jeu est terminé quand
/// un pion atteint le but par un coup direct" (seed 004).
fn game_goes_on(state: &State, turn: &Turn) -> Result<(), ReplayError> {
    match state.winner() {
        Some(w) => Err(ReplayError::new(
            ErrorKind::AfterEnd,
            turn.head.span,
            format!("the game is over: {w} reached the goal"),
        )),
        None => Ok(()),
    }
}

/// The die: "on se déplace d'autant de cases qu'il y a de points sur le dé
/// lancé" (seed 004); a die shows 1 to 6.
fn roll_of(turn: &Turn) -> Result<usize, ReplayError> {
    billes_game::game::die_roll(turn).map(usize::from)
}

/// One turn line being checked: the rules, the line and its hooks, and
/// what its head says.
struct Line<'a, H> {
    rules: &'a Barricade,
    turn: &'a Turn,
    hooks: &'a H,
    colour: Colour,
    roll: usize,
    /// The pawn a 6 replay must move ("rejouer ce même pion").
    replay: Option<Point>,
    /// A put-down refused is left out, its barricade kept ([`play_owing`]).
    owing: bool,
}

/// The put-downs written after a line's move.
struct Placed {
    /// The span of the line's last action.
    last_span: Span,
    /// How many went down.
    placed: u8,
    /// How many were refused (left out: [`play_owing`]).
    refused: u8,
}

/// What the line's move did.
#[derive(Default)]
struct Moved {
    /// Where the pawn landed (`None`: the turn is lost, `--`).
    landed: Option<Point>,
    /// The point the pawn left (`None`: it entered from the house).
    left: Option<Point>,
    /// The move, kept for the hooks.
    played: Option<Move>,
    /// The barricades the move owes at once ([`apply`]).
    at_once: u8,
}

/// The barricades a line puts down after its move, rule 4 of
/// notation/barricade.md: "lorsque c'est de nouveau son tour de jouer le
/// joueur a le choix entre remettre la barricade là où elle se trouvait ou
/// la déplacer pour la mettre en quelque autre point inoccupé" (seed 004).
struct PutDowns {
    owed: Owed,
    /// The held barricades due at the end of the seat's turn.
    due: u8,
    /// The put-downs written after the move.
    written: usize,
    /// The put-downs the line owes.
    target: u8,
    /// The line ends the seat's turn (its due barricades go down in it),
    /// rather than being a 6 line that keeps them for the replay.
    ended: bool,
    /// The held barricades that go down in this line.
    going_down: u8,
    /// Under an `allow` hook: the position after the move, the held
    /// barricades going down in it no longer held, where each put-down
    /// is asked about (the same for every barricade of the turn).
    after: Option<State>,
    /// The point the moving pawn left.
    left: Option<Point>,
    /// The point the seat's held barricade was taken from.
    held_at: Option<Point>,
    won: bool,
}

impl PutDowns {
    fn of<H: Hooks>(
        line: &Line<'_, H>,
        state: &State,
        owed: Owed,
        due: u8,
        left: Option<Point>,
        held_at: Option<Point>,
    ) -> PutDowns {
        // Under `next_whole_turn`, a 6 line that writes more than its own
        // keeps none for the replay.
        let written = line.turn.actions.len() - 1;
        let target = owed.target(written);
        let ended = owed.ending == Some(target);
        let going_down = if ended { due } else { 0 };
        let after = (target > 0 && line.hooks.calls(Hook::Allow)).then(|| {
            let mut after = state.clone();
            release(&mut after, line.colour, going_down);
            after
        });
        PutDowns {
            owed,
            due,
            written,
            target,
            ended,
            going_down,
            after,
            left,
            held_at,
            won: state.winner.is_some(),
        }
    }
}

impl<H: Hooks> Line<'_, H> {
    /// The seat's pawn move, or its lost turn: "si tous les pions
    /// appartenant à un même joueur sont bloqués et ne peuvent pas profiter
    /// d'un jet de dé, le joueur perd son tour" (seed 004). The move is
    /// played.
    fn move_or_pass(&self, state: &mut State, first: &Action) -> Result<Moved, ReplayError> {
        let (rules, colour, roll, replay) = (self.rules, self.colour, self.roll, self.replay);
        match first {
            Action::Pass { span } => {
                self.no_move_exists(state, *span)?;
                Ok(Moved::default())
            }
            Action::Move {
                path,
                capture,
                barricade,
                span,
            } => {
                let m = written_move(rules, state, colour, roll, replay, path, *span)?;
                check_marks(rules, &m, capture.as_ref(), *barricade, *span)?;
                self.variant_allows(state, first, &m, *span)?;
                Ok(Moved {
                    landed: Some(m.to),
                    left: m.from,
                    played: self.hooks.active().then_some(m),
                    at_once: apply(rules, state, colour, &m),
                })
            }
            Action::Place { span, .. } => Err(ReplayError::new(
                ErrorKind::IllegalMove,
                *span,
                format!(
                    "a pawn enters with a path from its house, e.g. {HOUSE}-{}",
                    rules.board().name(rules.board().start(colour))
                ),
            )
            .with_legal(rules.legal_list(state, colour, roll, replay))),
            other => Err(ReplayError::new(
                ErrorKind::IllegalMove,
                other.span(),
                format!("{other} is not a pawn move: a turn starts with a move or --"),
            )
            .with_legal(rules.legal_list(state, colour, roll, replay))),
        }
    }

    /// A pass (`--`) is legal only when no pawn can use the roll (under
    /// hooks: when `allow` forbids every candidate).
    fn no_move_exists(&self, state: &State, span: Span) -> Result<(), ReplayError> {
        let (rules, colour, roll, replay) = (self.rules, self.colour, self.roll, self.replay);
        let legal = if self.hooks.active() {
            rules
                .move_list(state, self.turn.number, colour, roll, replay, self.hooks)
                .map_err(|e| variant_error(self.turn, e))?
        } else if rules.can_move(state, colour, roll, replay) {
            rules.legal_list(state, colour, roll, replay)
        } else {
            Vec::new()
        };
        if legal.is_empty() {
            return Ok(());
        }
        Err(ReplayError::new(
            ErrorKind::FalsePass,
            span,
            format!("{} cannot pass: a {roll} moves a pawn", seat(colour)),
        )
        .with_legal(legal))
    }

    /// A variant's `allow` hook may forbid a legal move.
    fn variant_allows(
        &self,
        state: &State,
        first: &Action,
        m: &Move,
        span: Span,
    ) -> Result<(), ReplayError> {
        if !self.hooks.active() {
            return Ok(());
        }
        let (rules, turn, hooks) = (self.rules, self.turn, self.hooks);
        let verdict = hooks
            .verdict(|| rules.move_view(state, turn.number, self.colour, self.roll, Some(m)))
            .map_err(|e| variant_error(turn, e))?;
        let Verdict::Forbid(reason) = verdict else {
            return Ok(());
        };
        Err(ReplayError::new(
            ErrorKind::IllegalMove,
            span,
            format!("{first} is not allowed in this variant: {reason}"),
        )
        .with_legal(
            rules
                .move_list(
                    state,
                    turn.number,
                    self.colour,
                    self.roll,
                    self.replay,
                    hooks,
                )
                .map_err(|e| variant_error(turn, e))?,
        ))
    }

    /// The points where a variant's `allow` hook lets a barricade go in
    /// the position `after` the move.
    fn allowed(&self, after: &State, put: &PutDowns) -> Result<Points, ReplayError> {
        let ctx = TurnCtx {
            state: after,
            number: self.turn.number,
            colour: self.colour,
            roll: self.roll,
        };
        self.rules
            .allowed_put_downs(&ctx, put.left, put.target, self.hooks)
            .map_err(|e| variant_error(self.turn, e))
    }

    /// Each `#point` after the move puts a held barricade down on a free
    /// point; returns the span of the line's last action and how many
    /// went down (and, [`play_owing`], how many were refused).
    fn put_down_each<'t>(
        &self,
        state: &mut State,
        put: &PutDowns,
        mut last_span: Span,
        actions: impl Iterator<Item = &'t Action>,
    ) -> Result<Placed, ReplayError> {
        let mut to_place = put.target;
        let mut refused = 0;
        for action in actions {
            last_span = action.span();
            let Action::Barricade { at, span } = action else {
                return Err(ReplayError::new(
                    ErrorKind::IllegalMove,
                    action.span(),
                    format!("one move per turn: {action} cannot follow (only #point, to put a barricade down)"),
                ));
            };
            if to_place == 0 {
                return Err(ReplayError::new(
                    ErrorKind::IllegalMove,
                    *span,
                    self.nothing_to_put_down(state, put),
                ));
            }
            match self.put_down_one(state, put, action, at, *span)? {
                None => to_place -= 1,
                Some(_) if self.owing => refused += 1,
                Some(refusal) => return Err(refusal),
            }
        }
        Ok(Placed {
            last_span,
            placed: put.target - to_place,
            refused,
        })
    }

    /// Puts a barricade down on the point called `at`; `Some`: why it may
    /// not go there (the state as it was); an error: a hook failed.
    fn put_down_one(
        &self,
        state: &mut State,
        put: &PutDowns,
        action: &Action,
        at: &Name,
        span: Span,
    ) -> Result<Option<ReplayError>, ReplayError> {
        let p = match put_down(self.rules, state, at, span) {
            Ok(p) => p,
            Err(e) => {
                return Ok(Some(match &put.after {
                    Some(after) => e.with_legal(point_list(
                        self.rules,
                        self.allowed(after, put)? & free(self.rules, state),
                    )),
                    None => e,
                }))
            }
        };
        let refusal = self.variant_allows_put_down(state, put, action, p, span)?;
        if refusal.is_some() {
            state.barricades &= !bit(p);
        }
        Ok(refusal)
    }

    /// Why a `#point` has no barricade to put down.
    fn nothing_to_put_down(&self, state: &State, put: &PutDowns) -> String {
        let seat = seat(self.colour);
        if put.won {
            format!("the game is over: {seat} reached the goal")
        } else if put.owed.ending.is_none() {
            format!(
                "{seat} rolls again after its 6: the barricade it holds goes down at the end of its turn, after its last replay's move"
            )
        } else if self.rules.params().placement == Placement::NextWholeTurn
            && state.holds[self.colour.index()] > put.due
        {
            format!(
                "{seat} has no barricade to put down in this turn: a barricade taken in a turn goes down at the end of {seat}'s next turn"
            )
        } else {
            format!("{seat} holds no barricade to put down")
        }
    }

    /// A variant's `allow` hook may forbid a put-down point: `Some`, why;
    /// an error: the hook failed.
    fn variant_allows_put_down(
        &self,
        state: &State,
        put: &PutDowns,
        action: &Action,
        p: Point,
        span: Span,
    ) -> Result<Option<ReplayError>, ReplayError> {
        let Some(after) = &put.after else {
            return Ok(None);
        };
        let ctx = TurnCtx {
            state: after,
            number: self.turn.number,
            colour: self.colour,
            roll: self.roll,
        };
        let view = self.rules.put_down_view(&ctx, put.left, p);
        let verdict = self
            .hooks
            .allow(&view)
            .map_err(|e| variant_error(self.turn, e))?;
        let Verdict::Forbid(reason) = verdict else {
            return Ok(None);
        };
        let set = self.allowed(after, put)?;
        if set & bit(p) != 0 {
            return Ok(None);
        }
        Ok(Some(
            ReplayError::new(
                ErrorKind::IllegalMove,
                span,
                format!("{action} is not allowed in this variant: {reason}"),
            )
            .with_legal(point_list(self.rules, set & free(self.rules, state))),
        ))
    }

    /// A line that ends with a put-down missing: the seat "garde la
    /// barricade jusqu'au tour suivant", and puts it down in that turn.
    fn all_put_down(
        &self,
        state: &State,
        put: &PutDowns,
        placed: &Placed,
    ) -> Result<(), ReplayError> {
        // Those refused are kept ([`play_owing`]); the others are missing.
        let to_place = (put.target - placed.placed).saturating_sub(placed.refused);
        if to_place == 0 {
            return Ok(());
        }
        let last = placed.last_span;
        let span = Span {
            start: last.end,
            end: last.end,
            line: last.line,
            column: last.column,
        };
        // The example: the point the barricade was taken from when it is
        // free again, else the first free point.
        let set = match &put.after {
            Some(after) => self.allowed(after, put)? & free(self.rules, state),
            None => free(self.rules, state),
        };
        let free = point_list(self.rules, set);
        let back = iter_points(set)
            .find(|&p| Some(p) == put.held_at)
            .map(|p| format!("#{}", self.rules.board().name(p)));
        let example = back
            .or_else(|| free.first().cloned())
            .map_or(String::new(), |p| format!(" (e.g. {p})"));
        let (seat, due) = (seat(self.colour), put.due);
        let message = match put.owed.keeping {
            Some(k) if put.written > usize::from(k) => format!(
                "{seat} puts its {due} held barricades down at the end of its turn: all of them in this 6 line (declining the replay), or none (then {seat} replays){example}"
            ),
            _ if to_place > 1 => format!(
                "{seat} holds {to_place} barricades and must put them down in this turn{example}"
            ),
            _ => format!("{seat} holds a barricade and must put it down in this turn{example}"),
        };
        Err(ReplayError::new(ErrorKind::IllegalMove, span, message).with_legal(free))
    }

    /// The end of the line: the due barricades are down when it ends the
    /// seat's turn; "si un joueur obtient un six, il peut rejouer ce même
    /// pion" (seed 004), else (or under a hook's `extra_turn`) the next seat
    /// plays. The `kept` barricades whose put-downs were refused
    /// ([`play_owing`]) stay held: the due ones first, then those the move
    /// owed at once, held from the point it landed on.
    fn end(
        &self,
        state: &mut State,
        put: &PutDowns,
        moved: &Moved,
        before: Option<&State>,
        replaying: bool,
        kept: u8,
    ) -> Result<(), ReplayError> {
        let (colour, c) = (self.colour, self.colour.index());
        // The line ends the seat's turn: its due barricades are down. Else
        // (a 6 line that kept them) they are due at the end of the replay.
        release(state, colour, put.going_down.saturating_sub(kept));
        if kept > put.going_down {
            state.holds[c] += kept - put.going_down;
            state.held[c] = moved.landed;
        }
        state.due[c] = if put.ended { 0 } else { put.due };
        // Put down in a 6 line that could have kept them: the replay is declined.
        let declined = put.ended && put.owed.keeping.is_some();
        if declined {
            state.declined = Some(colour);
        }
        if put.won {
            return Ok(());
        }
        let six = self.rules.params().six;
        let standard = self.roll == 6 && moved.landed.is_some() && six != Six::Nothing && !declined;
        if standard {
            state.replay_colour = Some(colour);
            state.replay_pawn = moved.landed;
        }
        if self.hooks.active() {
            self.extra_turn(state, moved, before, standard)?;
        }
        if !replaying {
            let i = state.seat_index(colour).unwrap_or(0);
            state.next = Some((i + 1) % state.n_seats);
        }
        Ok(())
    }

    /// A variant's `extra_turn` hook gives or takes away the replay.
    fn extra_turn(
        &self,
        state: &mut State,
        moved: &Moved,
        before: Option<&State>,
        standard: bool,
    ) -> Result<(), ReplayError> {
        let (colour, c) = (self.colour, self.colour.index());
        let before = before.unwrap_or(&*state);
        let ctx = TurnCtx {
            state: before,
            number: self.turn.number,
            colour,
            roll: self.roll,
        };
        let again =
            self.rules
                .extra_turn_hooked(&ctx, self.turn, moved.played, standard, self.hooks)?;
        match (again, standard) {
            // An extra turn the rules do not give: any pawn may move.
            (true, false) => {
                state.replay_colour = Some(colour);
                state.replay_pawn = None;
            }
            (false, true) => state.replay_colour = None,
            _ => {}
        }
        if state.due[c] > 0 && state.replay_colour != Some(colour) {
            return Err(ReplayError::new(
                ErrorKind::IllegalMove,
                self.turn.span,
                format!("{} holds a barricade and must put it down in this turn: this variant gives no replay", seat(colour)),
            )
            .with_legal(placements(self.rules, state)));
        }
        Ok(())
    }
}

/// The colour of the turn's seat, checked against the order of play.
fn seat_to_move(state: &State, turn: &Turn, must_replay: bool) -> Result<Colour, ReplayError> {
    let head = &turn.head;
    let Some(colour) = state.colour(&head.seat) else {
        return Err(ReplayError::new(
            ErrorKind::Seat,
            head.span,
            format!(
                "{} is not a seat in this game (seats: {})",
                head.seat,
                state.seats().collect::<Vec<_>>().join(" ")
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
    let Some(normal) = state.next_colour() else {
        return Ok(colour);
    };
    let pending = state.replay_colour;
    let kept = pending.filter(|p| state.due[p.index()] > 0);
    let forced = must_replay || kept.is_some();
    if pending == Some(colour) || (colour == normal && (pending.is_none() || !forced)) {
        return Ok(colour);
    }
    let next = seat(normal);
    let message = if let Some(p) = kept {
        let p = seat(p);
        format!(
            "{p} rolls again, not {}: {p} kept the barricade it holds in its 6 line, so that line was not the end of its turn (to decline the replay, put the barricade down in the 6 line, after its move: #point)",
            head.seat
        )
    } else if let Some(pending) = pending {
        if must_replay {
            format!(
                "{} rolled a 6 and rolls again, not {}",
                seat(pending),
                head.seat
            )
        } else {
            format!(
                "{} may roll again after its 6, else it is {next}'s turn, not {}'s",
                seat(pending),
                head.seat
            )
        }
    } else if state.declined == Some(colour) {
        format!(
            "it is {next}'s turn, not {}'s: {} put its barricade down in its 6 line, which ends its turn (the replay is declined)",
            head.seat, head.seat
        )
    } else {
        format!("it is {next}'s turn, not {}'s", head.seat)
    };
    Err(ReplayError::new(ErrorKind::Seat, head.span, message))
}

/// How many of `colour`'s held barricades go down at the end of the
/// turn it plays now: all it holds, but in the replay of a 6 line under
/// `placement = next_whole_turn`, those the 6 line kept (the ones taken
/// since are held until its next turn).
pub(crate) fn due_now(rules: &Barricade, state: &State, colour: Colour) -> u8 {
    let replaying = state.replay_pawn_of(colour).is_some();
    if rules.params().placement == Placement::NextWholeTurn && replaying {
        state.due[colour.index()]
    } else {
        state.holds[colour.index()]
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
    /// The put-downs of a line of `roll` (`moved`: a pawn moved; `won`:
    /// it reached the goal, and nothing more goes down).
    pub(crate) fn of(
        rules: &Barricade,
        roll: usize,
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
        let replays = roll == 6 && moved && params.six != Six::Nothing;
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
fn apply(rules: &Barricade, state: &mut State, colour: Colour, m: &Move) -> u8 {
    let c = colour.index();
    let to = bit(m.to);
    let mut at_once = 0;
    match m.from {
        None => state.housed[c] -= 1,
        // The tie between a held barricade and its point stays when the
        // pawn leaves: a replay may bring a pawn back to it (rule 5).
        Some(from) => state.pawns[c] &= !bit(from),
    }
    if m.capture {
        if let Some(o) = (0..4).find(|&o| state.pawns[o] & to != 0) {
            state.pawns[o] &= !to;
            state.housed[o] += 1;
            if state.held[o] == Some(m.to) {
                // The taker, still on the barricade's point, is sent home:
                // its player loses the barricade to the capturer.
                state.holds[o] -= 1;
                state.held[o] = None;
                match rules.params().held_on_capture {
                    HeldOnCapture::Capturer => {
                        state.holds[c] += 1;
                        state.held[c] = Some(m.to);
                    }
                    HeldOnCapture::CapturerAtOnce => at_once += 1,
                }
            }
        }
    }
    if m.take {
        state.barricades &= !to;
        match rules.params().placement {
            Placement::NextTurn | Placement::NextWholeTurn => {
                state.holds[c] += 1;
                state.held[c] = Some(m.to);
            }
            Placement::Immediately => at_once += 1,
        }
    }
    state.pawns[c] |= to;
    if m.to == rules.board().goal() {
        state.winner = Some(colour);
    }
    at_once
}

/// Puts a barricade down on the point called `at`, and returns that point.
fn put_down(
    rules: &Barricade,
    state: &mut State,
    at: &Name,
    span: Span,
) -> Result<Point, ReplayError> {
    let board = rules.board();
    let illegal = |message: String| {
        ReplayError::new(ErrorKind::IllegalMove, span, message).with_legal(placements(rules, state))
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
    if state.barricades & bit(p) != 0 {
        return Err(illegal(format!("a barricade already stands on {at}")));
    }
    if let Some(o) = state.pawn_at(p) {
        return Err(illegal(format!(
            "{}'s pawn stands on {at}: a barricade goes on a free point",
            seat(o)
        )));
    }
    state.barricades |= bit(p);
    Ok(p)
}

/// Where a barricade may be put down now, written as `#point`.
pub(crate) fn placements(rules: &Barricade, state: &State) -> Vec<String> {
    point_list(rules, free(rules, state))
}

/// A set of points written as `#point`, in board order.
fn point_list(rules: &Barricade, set: Points) -> Vec<String> {
    let board = rules.board();
    iter_points(set)
        .map(|p| format!("#{}", board.name(p)))
        .collect()
}

/// The points where a barricade may be put down now, as a set.
fn free(rules: &Barricade, state: &State) -> Points {
    free_points(rules, state).fold(0, |a, p| a | bit(p))
}

/// The position after `colour` plays pawn move `m` (`None`: no pawn
/// moves) from `state`, before the turn's barricades go down, the `going_down`
/// held ones no longer held: the one the checker puts them down in.
pub(crate) fn after_move(
    rules: &Barricade,
    state: &State,
    colour: Colour,
    m: Option<&Move>,
    going_down: u8,
) -> State {
    let mut after = state.clone();
    after.replay_colour = None;
    after.declined = None;
    if let Some(m) = m {
        apply(rules, &mut after, colour, m);
    }
    release(&mut after, colour, going_down);
    after
}

/// `colour` no longer holds `n` of its held barricades (they go down).
fn release(state: &mut State, colour: Colour, n: u8) {
    let c = colour.index();
    state.holds[c] = state.holds[c].saturating_sub(n);
    if state.holds[c] == 0 {
        state.held[c] = None;
    }
}

/// The points where a barricade may be put down now.
pub(crate) fn free_points<'a>(
    rules: &'a Barricade,
    state: &'a State,
) -> impl Iterator<Item = Point> + 'a {
    let all = rules.board().all();
    iter_points(all & !(rules.forbidden | state.barricades | state.all_pawns()))
}

#[cfg(test)]
mod tests {
    use billes_game::variant::NoHooks;
    use billes_game::{ReplayError, Rng, Rules, SimOptions};
    use billes_notation::{Action, Capture, Name, Turn};

    use super::{bit, play, play_checked};
    use crate::{Barricade, HeldOnCapture, Params, Placement, Six, State};

    /// Everything a position says, to compare two of them.
    fn fields(state: &State) -> impl PartialEq + std::fmt::Debug {
        (
            state.pawns,
            state.housed,
            state.barricades,
            state.seats,
            state.n_seats,
            state.next,
            (state.replay_colour, state.replay_pawn),
            state.held,
            (state.holds, state.due, state.declined),
            state.winner,
        )
    }

    fn outcome(r: &Result<(), ReplayError>) -> impl PartialEq + std::fmt::Debug + '_ {
        r.as_ref()
            .err()
            .map(|e| (e, e.span.start, e.span.end, e.span.line, e.span.column))
    }

    /// Plays `turn` both ways from `state`: the same result and the same position.
    fn same(rules: &Barricade, state: &State, turn: &Turn) {
        let (mut quick, mut checked) = (state.clone(), state.clone());
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
                let game = <Barricade as billes_game::game::GameRules>::simulate(
                    &rules, &options, &mut rng, &NoHooks,
                )
                .expect("simulated game");
                let mut state = rules.setup(&game).expect("setup");
                for turn in &game.line.turns {
                    same(&rules, &state, turn);
                    // Points where a barricade cannot go: pawns, barricades, row 1, the goal.
                    let board = rules.board();
                    let taken: Vec<Name> = board
                        .points()
                        .filter(|&p| {
                            (state.all_pawns() | state.barricades | rules.forbidden) & bit(p) != 0
                        })
                        .map(|p| *board.name(p))
                        .collect();
                    for variant in variants(turn, &taken, &mut rng) {
                        same(&rules, &state, &variant);
                    }
                    play(&rules, &mut state, turn).expect("valid turn");
                }
            }
        }
    }
}
