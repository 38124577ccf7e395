//! A turn of a race game: the choices a roll gives (the one
//! implementation of the rules of moving, which both the list of legal
//! moves and the checker of a written turn read), a written action matched
//! against them, and what playing one does to the turn sequence (extra
//! rolls, the void roll, tries, the seats finished).

use billes_game::{ErrorKind, ReplayError};
use billes_notation::{Action, Brief, BriefAction, Capture, Name, Path, Span};

use crate::def::{Capture as CaptureRule, Compulsory, ExtraRoll};
use crate::state::{State, Step, YARD};

/// One thing a roll lets a seat do. Held small (10 bytes: steps fit a
/// `u16`, a seat in play and a piece a `u8`) so that a choice is handed
/// back in registers and a list of them is copied cheaply: the fast path
/// of the checker makes one a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Bring a piece from the yard onto the entry point, capturing the
    /// piece there (its seat in play and piece index) when there is one.
    Enter {
        /// The piece brought in (an index among the seat's pieces).
        piece: u8,
        /// The rival piece captured.
        capture: Option<(u8, u8)>,
    },
    /// Move a piece forward from one step of its path to another.
    Advance {
        /// The piece moved.
        piece: u8,
        /// The step it leaves.
        from: u16,
        /// The step it lands on.
        to: u16,
        /// The rival piece captured.
        capture: Option<(u8, u8)>,
    },
    /// Nothing: no legal move, a void roll, or (where moving is not
    /// compulsory) a move declined.
    Pass,
}

// A choice held to its size: a larger one is handed back through the
// stack, and a list of them copied at length.
const _: () = assert!(std::mem::size_of::<Choice>() <= 10);
const _: () = assert!(std::mem::size_of::<Option<Choice>>() <= 10);

impl Choice {
    /// The rival piece it captures: its seat in play and index.
    pub fn capture(self) -> Option<(usize, usize)> {
        match self {
            Choice::Enter { capture, .. } | Choice::Advance { capture, .. } => {
                capture.map(|(who, k)| (usize::from(who), usize::from(k)))
            }
            Choice::Pass => None,
        }
    }

    /// The choice as the notation writes it, for seat `i` of `state`:
    /// `+t1`, `t5-t9*`, `--`.
    pub fn action(self, state: &State, i: usize) -> Action {
        let board = state.board;
        let path = &board.paths[state.board_seat(i)];
        let capture = self.capture().map(|_| Capture::default());
        match self {
            Choice::Enter { .. } => Action::Place {
                to: Some(board.name(path[0])),
                capture,
                span: Span::default(),
            },
            Choice::Advance { from, to, .. } => Action::Move {
                path: Path::two(
                    board.name(path[usize::from(from)]),
                    board.name(path[usize::from(to)]),
                ),
                capture,
                barricade: false,
                span: Span::default(),
            },
            Choice::Pass => Action::Pass {
                span: Span::default(),
            },
        }
    }
}

/// The most choices a roll gives: an entry, a move for each piece
/// ([`MAX_PIECES`](crate::check::MAX_PIECES)), a pass.
const MAX_CHOICES: usize = crate::check::MAX_PIECES as usize + 2;

/// The choices of a roll, in a list of fixed room that a turn's check
/// fills without allocating.
#[derive(Debug, Clone, Copy)]
pub struct Choices {
    items: [Choice; MAX_CHOICES],
    len: usize,
}

impl Choices {
    /// No choice yet.
    pub fn new() -> Choices {
        Choices {
            items: [Choice::Pass; MAX_CHOICES],
            len: 0,
        }
    }

    /// The one choice `c`.
    pub fn one(c: Choice) -> Choices {
        let mut out = Choices::new();
        out.push(c);
        out
    }

    /// Adds `c` (beyond the room, which no game reaches, it is dropped:
    /// the board checks keep a seat's pieces within it).
    pub fn push(&mut self, c: Choice) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = c;
            self.len += 1;
        }
    }
}

impl Default for Choices {
    fn default() -> Choices {
        Choices::new()
    }
}

impl std::ops::Deref for Choices {
    type Target = [Choice];

    fn deref(&self) -> &[Choice] {
        &self.items[..self.len]
    }
}

impl std::ops::DerefMut for Choices {
    fn deref_mut(&mut self) -> &mut [Choice] {
        &mut self.items[..self.len]
    }
}

/// Whether the roll `roll` of seat `i` is void: the roll past the extra
/// rolls a sequence may have (Ludo's third six).
pub fn is_void(state: &State, roll: u8) -> bool {
    let flow = &state.board.flow;
    flow.extra_roll_on == ExtraRoll::Six
        && roll == 6
        && flow
            .extra_rolls_limit
            .is_some_and(|limit| u32::from(state.extra) >= limit)
}

/// The choices `roll` gives seat `i` (an index into the seats in play),
/// the rules' obligations applied, in a fixed order: an entry first, then
/// the pieces' moves by the step they leave, furthest first. Never empty:
/// a pass when nothing else may be done.
pub fn choices(state: &State, i: usize, roll: u8) -> Choices {
    if is_void(state, roll) {
        return Choices::one(Choice::Pass);
    }
    let board = state.board;
    let entry = enter(state, i, roll);
    if board.compulsory(Compulsory::Enter) {
        if let Some(e) = entry {
            return Choices::one(e);
        }
    }
    // One move a point a piece stands on (pieces of a seat are alike),
    // the furthest first.
    let mut out = Choices::new();
    if let Some(e) = entry {
        out.push(e);
    }
    let first_move = out.len();
    for (k, &step) in state.pieces(i).iter().enumerate() {
        let Ok(from) = usize::try_from(step) else {
            continue;
        };
        let seen = state.pieces(i)[..k].contains(&step);
        if let Some(c) = advance(state, i, k, from, usize::from(roll)).filter(|_| !seen) {
            out.push(c);
        }
    }
    out[first_move..].sort_unstable_by_key(|c| match c {
        Choice::Advance { from, .. } => std::cmp::Reverse(*from),
        _ => std::cmp::Reverse(0),
    });
    if board.compulsory(Compulsory::ClearStart) && must_clear(state, i) {
        let mut off_start = Choices::new();
        for c in out[first_move..].iter().copied() {
            if matches!(c, Choice::Advance { from: 0, .. }) {
                off_start.push(c);
            }
        }
        if !off_start.is_empty() {
            return off_start;
        }
    }
    if out.is_empty() || !board.compulsory(Compulsory::Move) {
        out.push(Choice::Pass);
    }
    out
}

/// Whether [`choices`] lists a pass for seat `i` with `roll`, answered
/// without the list: the fast path of a written pass (about a fifth of
/// the turns of Ludo), where the whole list was made, and copied back, for
/// this one question. The crate's tests check it against the list.
pub fn passes(state: &State, i: usize, roll: u8) -> bool {
    if is_void(state, roll) {
        return true;
    }
    let board = state.board;
    let entry = enter(state, i, roll).is_some();
    if entry && board.compulsory(Compulsory::Enter) {
        return false;
    }
    // Whether some piece can move (from the start field only, when asked).
    let moves = |start_only: bool| {
        state.pieces(i).iter().enumerate().any(|(k, &step)| {
            usize::try_from(step).is_ok_and(|from| {
                (!start_only || from == 0)
                    && advance(state, i, k, from, usize::from(roll)).is_some()
            })
        })
    };
    if !board.compulsory(Compulsory::Move) {
        // A pass is listed, unless the start field's obligation leaves
        // only the moves off it.
        return !(board.compulsory(Compulsory::ClearStart) && must_clear(state, i) && moves(true));
    }
    !entry && !moves(false)
}

/// Whether seat `i` has a piece in its yard and one on its entry point.
///
/// One walk of the pieces answers both (asked at every move of a game that
/// has the obligation).
fn must_clear(state: &State, i: usize) -> bool {
    let (mut yard, mut start) = (false, false);
    for &s in state.pieces(i) {
        yard |= s == YARD;
        start |= s == 0;
    }
    yard && start
}

/// The entry `roll` gives seat `i`, if any: a value that brings a piece
/// in, a piece in the yard, no own piece on the entry point.
fn enter(state: &State, i: usize, roll: u8) -> Option<Choice> {
    let board = state.board;
    if !board.enters_on(u32::from(roll)) {
        return None;
    }
    let piece = state.pieces(i).iter().position(|&s| s == YARD)?;
    let entry = board.paths[state.board_seat(i)][0];
    let capture = landing(state, i, entry, false)?;
    Some(Choice::Enter {
        piece: piece as u8,
        capture,
    })
}

/// What landing on `p` does for seat `i`: `None` when it may not land
/// there (an own piece stands there and the point is not a goal), else the
/// rival piece captured, if any (its seat in play and index).
#[allow(clippy::option_option)]
fn landing(
    state: &State,
    i: usize,
    p: crate::board::Point,
    goal: bool,
) -> Option<Option<(u8, u8)>> {
    let seats = state.seats_on(p);
    if seats == 0 {
        // Most landings: an empty point.
        return Some(None);
    }
    let board = state.board;
    if seats & (1 << i) != 0 && !goal {
        // No own piece ends on its own (but in a goal).
        return None;
    }
    // The rival captured: the last piece on `p` of the last seat there
    // (as [`State::on`] lists them), found without a walk of the others.
    let rivals = seats & !(1 << i);
    let rival = (rivals != 0)
        .then(|| 7 - rivals.leading_zeros() as usize)
        .and_then(|who| Some((who, state.last_piece_on(who, p)?)))
        // Seats and pieces are counted in a byte ([`MAX_SEATS`],
        // [`MAX_PIECES`](crate::check::MAX_PIECES)).
        .map(|(who, k)| (who as u8, k as u8));
    let captures = board.flow.capture == CaptureRule::Land && !board.safe[usize::from(p)] && !goal;
    Some(rival.filter(|_| captures))
}

/// The move of seat `i`'s piece `k` from step `from` by `roll` steps, if
/// the rules allow it.
fn advance(state: &State, i: usize, k: usize, from: usize, roll: usize) -> Option<Choice> {
    let board = state.board;
    let b = state.board_seat(i);
    let goal = board.goal_step(b);
    if board.has_goal && from == goal {
        return None;
    }
    let to = match from + roll {
        t if t <= goal => t,
        _ if board.flow.exact_finish => return None,
        _ => goal,
    };
    let home = board.track_steps[b];
    if !board.flow.jump_home {
        // Every point of the home column passed must be empty.
        for u in (from + 1).max(home)..to {
            if state.count_on(board.paths[b][u]) > 0 {
                return None;
            }
        }
    }
    let at_goal = board.has_goal && to == goal;
    let capture = landing(state, i, board.paths[b][to], at_goal)?;
    // A path has fewer steps than a description has names
    // ([`MAX_NAMES`](crate::def::MAX_NAMES)): they fit a `u16`.
    Some(Choice::Advance {
        piece: k as u8,
        from: from as u16,
        to: to as u16,
        capture,
    })
}

/// Whether seat `i` can move no piece on the board with any roll (Mensch
/// ärgere dich nicht's condition for three tries).
pub fn stuck(state: &State, i: usize) -> bool {
    let board = state.board;
    let goal = board.goal_step(state.board_seat(i));
    state.pieces(i).iter().enumerate().all(|(k, &step)| {
        let Ok(from) = usize::try_from(step) else {
            return true;
        };
        // Where the goal must be reached exactly, a roll past it moves
        // nothing ([`advance`]): only the rolls up to it are tried (a
        // seat whose pieces wait at the end of its home column was asked
        // six rolls a piece, a twentieth of Mensch ärgere dich nicht's
        // check).
        let most = match board.flow.exact_finish {
            true => goal.saturating_sub(from).min(6),
            false => 6,
        };
        (1..=most).all(|r| advance(state, i, k, from, r).is_none())
    })
}

/// Plays `choice`, seat `i`'s with `roll`, and moves the turn on: an
/// extra roll, another try, or the next seat still racing.
pub fn play(state: &mut State, i: usize, roll: u8, choice: Choice) {
    play_deciding(state, i, roll, choice, |standard| standard);
}

/// [`play`], with `decide` asked whether the seat rolls again, given what
/// the game's rules say (a variant's `extra_turn` hook); not asked after a
/// void roll or once the seat has finished, which never roll again.
pub fn play_deciding(
    state: &mut State,
    i: usize,
    roll: u8,
    choice: Choice,
    decide: impl FnOnce(bool) -> bool,
) {
    let void = is_void(state, roll);
    // Whether the pass is a try (Mensch ärgere dich nicht's three): asked
    // only of a pass in a game that gives more than one.
    let tried =
        !void && state.board.flow.tries > 1 && matches!(choice, Choice::Pass) && stuck(state, i);
    if let Some((who, piece)) = choice.capture() {
        state.set_step(who, piece, YARD);
    }
    match choice {
        Choice::Enter { piece, .. } => state.set_step(i, usize::from(piece), 0),
        Choice::Advance { piece, to, .. } => state.set_step(i, usize::from(piece), to as Step),
        Choice::Pass => {}
    }
    // A seat racing has a piece not home before its turn (a `Position`
    // tag is refused otherwise, and each turn is checked here): only a
    // move that ends home can finish it, and the others are not walked.
    let may_finish = match choice {
        Choice::Advance { to, .. } => state.board.is_home(state.board_seat(i), usize::from(to)),
        Choice::Enter { .. } => true,
        Choice::Pass => false,
    };
    if may_finish && !state.has_finished(i) && state.all_home(i) {
        state.finished.push(i as u8);
    }
    debug_assert!(state.has_finished(i) || !state.all_home(i));
    if state.is_over() {
        state.to_move = None;
        state.extra = 0;
        state.tries = 0;
        return;
    }
    let flow = &state.board.flow;
    let finished = state.has_finished(i);
    let standard = flow.extra_roll_on == ExtraRoll::Six && roll == 6;
    let extra = !void && !finished && decide(standard);
    if extra {
        state.extra = state.extra.saturating_add(1);
        state.tries = 0;
        state.to_move = Some(i as u8);
        return;
    }
    if tried && !finished {
        state.tries = state.tries.saturating_add(1);
        if u32::from(state.tries) < flow.tries {
            state.to_move = Some(i as u8);
            return;
        }
    }
    state.extra = 0;
    state.tries = 0;
    state.to_move = next_seat(state, i).map(|s| s as u8);
}

/// The next seat still racing after seat `i`, clockwise.
pub(crate) fn next_seat(state: &State, i: usize) -> Option<usize> {
    let n = state.seats.len();
    (i + 1..n).chain(0..=i).find(|s| !state.has_finished(*s))
}

/// The choice the written `action` names, read from the one piece it
/// moves without listing the roll's choices: the fast path of the checker,
/// beside [`choices`] and [`read_action`] (the reference), to which it
/// hands every case it does not settle: a void roll, a move the rules or
/// an obligation refuse, a false mark, a pass while a move is possible (a
/// pass is settled by the list itself, which is short). The crate's tests
/// check that it settles a case only as the reference does.
pub fn quick_choice(state: &State, roll: (usize, u8), action: &Action) -> Option<Choice> {
    // A turn's action as its brief writes it (a capture with a target or
    // points has none, and is left to the reference).
    match Brief::actions_of(std::slice::from_ref(action))? {
        (action, None) => quick_brief(state, roll, action),
        (_, Some(_)) => None,
    }
}

/// [`quick_choice`] of an action as a brief writes it: a pass, an entry
/// (its point, when written) or a move of two points, each with a bare
/// capture mark or none; `None` for any other. Inlined: its choice is then
/// not copied through memory to the caller (a stall measured at a tenth
/// of a brief's check).
#[inline(always)]
pub fn quick_brief(state: &State, (i, roll): (usize, u8), action: BriefAction) -> Option<Choice> {
    if is_void(state, roll) {
        // Nothing but a pass: the list's one choice.
        return matches!(action, BriefAction::Pass).then_some(Choice::Pass);
    }
    let board = state.board;
    let b = state.board_seat(i);
    let (choice, marked) = match action {
        BriefAction::Pass => {
            // `read_action`'s rule: a pass where the list holds one.
            return passes(state, i, roll).then_some(Choice::Pass);
        }
        BriefAction::Enter { to, capture } => {
            let entry = board.paths[b][0];
            if to.is_some_and(|t| board.point_named(t) != Some(entry)) {
                return None;
            }
            // The start field's obligation never meets an entry: an own
            // piece on the entry point bars it.
            (enter(state, i, roll)?, capture)
        }
        BriefAction::Move {
            from,
            via: None,
            to,
            capture,
            barricade: false,
        } => {
            let step = |n: Name| board.point_named(n).and_then(|p| board.step_of(b, p));
            let (from, to) = (step(from)?, step(to)?);
            let k = state.pieces(i).iter().position(|&s| s == from as Step)?;
            let c = advance(state, i, k, from, usize::from(roll))?;
            if !matches!(c, Choice::Advance { to: t, .. } if usize::from(t) == to) {
                return None;
            }
            if board.compulsory(Compulsory::Enter) && enter(state, i, roll).is_some() {
                return None;
            }
            if board.compulsory(Compulsory::ClearStart) && from != 0 && must_clear(state, i) {
                let start = state.pieces(i).iter().position(|&s| s == 0)?;
                if advance(state, i, start, 0, usize::from(roll)).is_some() {
                    return None;
                }
            }
            (c, capture)
        }
        BriefAction::Move { .. } | BriefAction::Line { .. } => return None,
    };
    (!marked || choice.capture().is_some()).then_some(choice)
}

/// The choice among `listed` that the written `action` names, with its
/// marks checked.
///
/// # Errors
/// A `false_pass` for a pass while a move is possible, an
/// `illegal_move` for a move not listed, an `effect` mistake for a false
/// capture mark.
pub fn read_action(
    state: &State,
    (i, roll): (usize, u8),
    listed: &[Choice],
    action: &Action,
    legal: impl Fn() -> Vec<String>,
) -> Result<Choice, ReplayError> {
    let board = state.board;
    let b = state.board_seat(i);
    let illegal = |span: Span, message: String| {
        ReplayError::new(ErrorKind::IllegalMove, span, message).with_legal(legal())
    };
    let (found, capture_mark, span) = match action {
        Action::Pass { span } => {
            return if listed.contains(&Choice::Pass) {
                Ok(Choice::Pass)
            } else {
                Err(ReplayError::new(
                    ErrorKind::FalsePass,
                    *span,
                    format!("{} cannot pass: a move is possible", state.letter(i)),
                )
                .with_legal(legal()))
            };
        }
        Action::Place { to, capture, span } => {
            let entry = board.name(board.paths[b][0]);
            if to.is_some_and(|t| t != entry) {
                return Err(illegal(
                    *span,
                    format!("{}'s pieces enter on {entry}", state.letter(i)),
                ));
            }
            let found = listed
                .iter()
                .copied()
                .find(|c| matches!(c, Choice::Enter { .. }));
            (found, capture.is_some(), *span)
        }
        Action::Move {
            path,
            capture,
            barricade,
            span,
        } => {
            if *barricade {
                return Err(illegal(*span, "a race game has no barricades: no #".into()));
            }
            let found = read_move(state, (i, roll), listed, path).map_err(|m| illegal(*span, m))?;
            (Some(found), capture.is_some(), *span)
        }
        other => {
            return Err(illegal(
                other.span(),
                format!(
                    "{other} is not a move of a race game: a turn is one move, an entry (+) or --"
                ),
            ))
        }
    };
    let Some(choice) = found else {
        return Err(illegal(span, not_listed_entry(state, i, roll)));
    };
    if capture_mark && choice.capture().is_none() {
        return Err(ReplayError::new(
            ErrorKind::Effect,
            span,
            "false capture mark: no piece is captured there",
        ));
    }
    Ok(choice)
}

/// Why seat `i` cannot enter now with `roll`.
fn not_listed_entry(state: &State, i: usize, roll: u8) -> String {
    let board = state.board;
    if is_void(state, roll) {
        return "a 6 past the extra rolls allowed in a row is void: no piece moves (--)".into();
    }
    if enter(state, i, roll).is_some() {
        let entry = board.name(board.paths[state.board_seat(i)][0]);
        return format!("the piece on {entry} must leave the start field first");
    }
    let values: Vec<String> = board.flow.enter_on.iter().map(u32::to_string).collect();
    if !state.pieces(i).contains(&YARD) {
        return format!("{} has no piece in its yard", state.letter(i));
    }
    format!(
        "{} cannot enter now (a piece enters on a {} when its entry point is free of its own pieces)",
        state.letter(i),
        values.join(" or ")
    )
}

/// The listed advance that `path` (`from-to`) names, moved with `roll`.
fn read_move(
    state: &State,
    (i, roll): (usize, u8),
    listed: &[Choice],
    path: &Path,
) -> Result<Choice, String> {
    let board = state.board;
    let b = state.board_seat(i);
    let (Some(from), Some(to)) = (path.first(), path.last()) else {
        return Err("a move is written from-to".into());
    };
    if path.len() != 2 {
        return Err(format!(
            "a move is written with its start and landing only: {from}-{to}"
        ));
    }
    let step = |n: &Name| board.point_named(*n).and_then(|p| board.step_of(b, p));
    let Some(from_step) = step(from) else {
        return Err(format!("{from} is not on {}'s path", state.letter(i)));
    };
    let own = state
        .pieces(i)
        .iter()
        .any(|&s| s >= 0 && s as usize == from_step);
    if !own {
        return Err(format!("no {} piece stands on {from}", state.letter(i)));
    }
    let to_step = step(to);
    let found = listed.iter().copied().find(|c| {
        matches!(c, Choice::Advance { from: f, to: t, .. }
            if usize::from(*f) == from_step && Some(usize::from(*t)) == to_step)
    });
    found.ok_or_else(|| {
        match listed
            .iter()
            .find(|c| matches!(c, Choice::Advance { from: f, .. } if usize::from(*f) == from_step))
        {
            Some(Choice::Advance { to: t, .. }) => format!(
                "the roll takes the piece on {from} to {}, not {to}",
                board.name(board.paths[b][usize::from(*t)])
            ),
            _ => why_not(state, i, from_step, roll),
        }
    })
}

/// Why the piece of seat `i` at step `from` has no move listed for
/// `roll`: the rule that stops it, in the games' words.
fn why_not(state: &State, i: usize, from: usize, roll: u8) -> String {
    let board = state.board;
    let b = state.board_seat(i);
    let path = &board.paths[b];
    let at = board.name(path[from]);
    if is_void(state, roll) {
        return "a 6 past the extra rolls allowed in a row is void: no piece moves (--)".into();
    }
    let k = state
        .pieces(i)
        .iter()
        .position(|&s| usize::try_from(s) == Ok(from))
        .unwrap_or(0);
    if advance(state, i, k, from, usize::from(roll)).is_some() {
        // The rules allow the move, but an obligation comes first.
        let entry = board.name(path[0]);
        return match enter(state, i, roll) {
            Some(_) if board.compulsory(Compulsory::Enter) => {
                format!("a {roll} must bring a piece in first (+{entry})")
            }
            _ => format!("the piece on {entry} must leave the start field first"),
        };
    }
    let goal = board.goal_step(b);
    let to = from + usize::from(roll);
    if to > goal {
        return format!(
            "a {roll} takes the piece on {at} past {}: the end is reached by the exact count",
            board.name(path[goal])
        );
    }
    let home = board.track_steps[b];
    let passed = ((from + 1).max(home)..to).find(|&u| state.at(path[u]).is_some());
    match passed {
        Some(u) if !board.flow.jump_home => format!(
            "the piece on {at} would pass over {} in the home column: no jumping there",
            board.name(path[u])
        ),
        _ => format!(
            "the piece on {at} would land on {}, where its own piece stands",
            board.name(path[to])
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use billes_notation::Capture;

    /// Every action worth trying for seat `i` of `state`: an entry with and
    /// without its mark and point, each piece's move to every point of its
    /// path with and without a capture mark, and the pass.
    fn candidates(state: &State, i: usize) -> Vec<Action> {
        let board = state.board;
        let path = &board.paths[state.board_seat(i)];
        let mut out = vec![Action::Pass {
            span: Span::default(),
        }];
        for (to, capture) in [
            (None, None),
            (Some(board.name(path[0])), None),
            (None, Some(Capture::default())),
        ] {
            out.push(Action::Place {
                to,
                capture,
                span: Span::default(),
            });
        }
        for &s in state.pieces(i) {
            let Ok(from) = usize::try_from(s) else {
                continue;
            };
            for &to in path {
                for capture in [None, Some(Capture::default())] {
                    out.push(Action::Move {
                        path: Path::from(vec![board.name(path[from]), board.name(to)]),
                        capture,
                        barricade: false,
                        span: Span::default(),
                    });
                }
            }
        }
        out
    }

    /// The fast path settles a written action only as the reference does:
    /// on every position of random games of each shipped game, for every
    /// roll and every candidate action, `quick_choice` gives the choice the
    /// list gives or nothing; it settles every listed choice (a pass
    /// included) written as the list writes it; [`passes`] answers as
    /// the list, and [`stuck`] as every roll tried for every piece.
    #[test]
    fn the_quick_reading_agrees_with_the_list() {
        let (mut settled, mut checked) = (0, 0);
        // Rolls with a pass listed, and without.
        let mut passes_seen = [0; 2];
        // Seats stuck, and not.
        let mut stuck_seen = [0; 2];
        for (board, _) in crate::table::list() {
            for players in board.players() {
                let seats: Vec<&str> = board
                    .seating(players)
                    .unwrap_or(&[])
                    .iter()
                    .map(|s| s.as_str())
                    .collect();
                let game = billes_notation::parse_game(&format!(
                    "[Game \"{}\"]\n[Seats \"{}\"]\n\n*\n",
                    board.kind,
                    seats.join(" ")
                ))
                .expect("tags");
                let mut rng = billes_game::Rng::new(players as u64);
                let mut state = crate::state::setup(board, &game).expect("set up");
                for _ in 0..600 {
                    if state.is_over() {
                        break;
                    }
                    let i = state.to_move.map_or(0, usize::from);
                    for j in 0..state.seats.len() {
                        // `stuck` tries only the rolls that can move a
                        // piece: as every roll for every piece on the board.
                        let every_roll = state.pieces(j).iter().enumerate().all(|(k, &s)| {
                            usize::try_from(s).map_or(true, |from| {
                                (1..=6).all(|r| advance(&state, j, k, from, r).is_none())
                            })
                        });
                        assert_eq!(stuck(&state, j), every_roll);
                        stuck_seen[usize::from(every_roll)] += 1;
                    }
                    for roll in 1..=6 {
                        let listed = choices(&state, i, roll);
                        assert_eq!(passes(&state, i, roll), listed.contains(&Choice::Pass));
                        passes_seen[usize::from(listed.contains(&Choice::Pass))] += 1;
                        for action in candidates(&state, i) {
                            checked += 1;
                            let reference =
                                read_action(&state, (i, roll), &listed, &action, Vec::new);
                            if let Some(c) = quick_choice(&state, (i, roll), &action) {
                                settled += 1;
                                assert_eq!(
                                    reference.as_ref().ok(),
                                    Some(&c),
                                    "{action} with {roll}"
                                );
                            }
                        }
                        for c in listed.iter() {
                            let written = c.action(&state, i);
                            assert_eq!(
                                quick_choice(&state, (i, roll), &written),
                                Some(*c),
                                "{written}"
                            );
                        }
                    }
                    let roll = rng.die();
                    let listed = choices(&state, i, roll);
                    let choice = listed[rng.below(listed.len())];
                    play(&mut state, i, roll, choice);
                }
            }
        }
        assert!(
            settled > 10_000 && checked > settled,
            "{settled} of {checked}"
        );
        assert!(passes_seen.iter().all(|&n| n > 1_000), "{passes_seen:?}");
        assert!(stuck_seen.iter().all(|&n| n > 1_000), "{stuck_seen:?}");
    }
}
