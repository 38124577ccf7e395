//! A turn of a race game: the choices a roll gives (the one
//! implementation of the rules of moving, which both the list of legal
//! moves and the checker of a written turn read), a written action matched
//! against them, and what playing one does to the turn sequence (extra
//! rolls, the void roll, tries, the seats finished).

use billes_game::{ErrorKind, ReplayError};
use billes_notation::{Action, Capture, Name, Path, Span};

use crate::def::{Capture as CaptureRule, Compulsory, ExtraRoll, OwnStack};
use crate::state::{State, Step, YARD};

/// One thing a roll lets a seat do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Bring a piece from the yard onto the entry point, capturing the
    /// piece there (its seat in play and piece index) when there is one.
    Enter {
        /// The piece brought in (an index among the seat's pieces).
        piece: usize,
        /// The rival piece captured.
        capture: Option<(usize, usize)>,
    },
    /// Move a piece forward from one step of its path to another.
    Advance {
        /// The piece moved.
        piece: usize,
        /// The step it leaves.
        from: usize,
        /// The step it lands on.
        to: usize,
        /// The rival piece captured.
        capture: Option<(usize, usize)>,
    },
    /// Nothing: no legal move, a void roll, or (where moving is not
    /// compulsory) a move declined.
    Pass,
}

impl Choice {
    /// The rival piece it captures.
    pub fn capture(self) -> Option<(usize, usize)> {
        match self {
            Choice::Enter { capture, .. } | Choice::Advance { capture, .. } => capture,
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
                path: Path::from(vec![board.name(path[from]), board.name(path[to])]),
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
pub fn choices(state: &State, i: usize, roll: u8) -> Vec<Choice> {
    if is_void(state, roll) {
        return vec![Choice::Pass];
    }
    let flow = &state.board.flow;
    let entry = enter(state, i, roll);
    if flow.compulsory.contains(&Compulsory::Enter) {
        if let Some(e) = entry {
            return vec![e];
        }
    }
    let mut moves: Vec<Choice> = Vec::new();
    let mut froms: Vec<usize> = Vec::new();
    for (k, &step) in state.pieces(i).iter().enumerate() {
        let Ok(from) = usize::try_from(step) else {
            continue;
        };
        if froms.contains(&from) {
            continue;
        }
        froms.push(from);
        if let Some(c) = advance(state, i, k, from, usize::from(roll)) {
            moves.push(c);
        }
    }
    moves.sort_by_key(|c| match c {
        Choice::Advance { from, .. } => std::cmp::Reverse(*from),
        _ => std::cmp::Reverse(0),
    });
    if flow.compulsory.contains(&Compulsory::ClearStart) && must_clear(state, i) {
        let off_start: Vec<Choice> = moves
            .iter()
            .copied()
            .filter(|c| matches!(c, Choice::Advance { from: 0, .. }))
            .collect();
        if !off_start.is_empty() {
            return off_start;
        }
    }
    let mut out: Vec<Choice> = entry.into_iter().chain(moves).collect();
    if out.is_empty() || !flow.compulsory.contains(&Compulsory::Move) {
        out.push(Choice::Pass);
    }
    out
}

/// Whether seat `i` has a piece in its yard and one on its entry point.
fn must_clear(state: &State, i: usize) -> bool {
    let pieces = state.pieces(i);
    pieces.contains(&YARD) && pieces.contains(&0)
}

/// The entry `roll` gives seat `i`, if any: a value that brings a piece
/// in, a piece in the yard, no own piece on the entry point.
fn enter(state: &State, i: usize, roll: u8) -> Option<Choice> {
    let board = state.board;
    if !board.flow.enter_on.contains(&u32::from(roll)) {
        return None;
    }
    let piece = state.pieces(i).iter().position(|&s| s == YARD)?;
    let entry = board.paths[state.board_seat(i)][0];
    let capture = landing(state, i, entry, false)?;
    Some(Choice::Enter { piece, capture })
}

/// What landing on `p` does for seat `i`: `None` when it may not land
/// there (an own piece stands there and the point is not a goal), else the
/// rival piece captured, if any.
#[allow(clippy::option_option)]
fn landing(
    state: &State,
    i: usize,
    p: crate::board::Point,
    goal: bool,
) -> Option<Option<(usize, usize)>> {
    let board = state.board;
    let Some((who, piece)) = state.at(p) else {
        return Some(None);
    };
    if who == i {
        return (goal || board.flow.own_stack == OwnStack::Blockade).then_some(None);
    }
    let captures = board.flow.capture == CaptureRule::Land && !board.safe[usize::from(p)] && !goal;
    Some(captures.then_some((who, piece)))
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
            if state.at(board.paths[b][u]).is_some() {
                return None;
            }
        }
    }
    let at_goal = board.has_goal && to == goal;
    let capture = landing(state, i, board.paths[b][to], at_goal)?;
    Some(Choice::Advance {
        piece: k,
        from,
        to,
        capture,
    })
}

/// Whether seat `i` can move no piece on the board with any roll (Mensch
/// ärgere dich nicht's condition for three tries).
pub fn stuck(state: &State, i: usize) -> bool {
    state.pieces(i).iter().enumerate().all(|(k, &step)| {
        let Ok(from) = usize::try_from(step) else {
            return true;
        };
        (1..=6).all(|r| advance(state, i, k, from, r).is_none())
    })
}

/// Plays `choice`, seat `i`'s with `roll`, and moves the turn on: an
/// extra roll, another try, or the next seat still racing.
pub fn play(state: &mut State, i: usize, roll: u8, choice: Choice) {
    let void = is_void(state, roll);
    let stuck_before = stuck(state, i);
    let n = state.board.pieces;
    if let Some((who, piece)) = choice.capture() {
        state.steps[who * n + piece] = YARD;
    }
    match choice {
        Choice::Enter { piece, .. } => state.steps[i * n + piece] = 0,
        Choice::Advance { piece, to, .. } => state.steps[i * n + piece] = to as Step,
        Choice::Pass => {}
    }
    if !state.finished.contains(&(i as u8)) && state.all_home(i) {
        state.finished.push(i as u8);
    }
    if state.is_over() {
        state.to_move = None;
        return;
    }
    let flow = &state.board.flow;
    let finished = state.finished.contains(&(i as u8));
    let extra = !void && !finished && flow.extra_roll_on == ExtraRoll::Six && roll == 6;
    if extra {
        state.extra = state.extra.saturating_add(1);
        state.tries = 0;
        state.to_move = Some(i as u8);
        return;
    }
    if !void && !finished && stuck_before && matches!(choice, Choice::Pass) {
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
fn next_seat(state: &State, i: usize) -> Option<usize> {
    let n = state.seats.len();
    (1..=n)
        .map(|d| (i + d) % n)
        .find(|s| !state.finished.contains(&(*s as u8)))
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
    i: usize,
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
            let found = read_move(state, i, listed, path).map_err(|m| illegal(*span, m))?;
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
        return Err(illegal(span, not_listed_entry(state, i)));
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

/// Why seat `i` cannot enter now.
fn not_listed_entry(state: &State, i: usize) -> String {
    let board = state.board;
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

/// The listed advance that `path` (`from-to`) names.
fn read_move(state: &State, i: usize, listed: &[Choice], path: &Path) -> Result<Choice, String> {
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
    let step = |n: &Name| board.point(n).and_then(|p| board.step_of(b, p));
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
    let found = listed.iter().copied().find(|c| {
        matches!(c, Choice::Advance { from: f, to: t, .. }
            if *f == from_step && Some(*t) == step(to))
    });
    found.ok_or_else(|| {
        match listed
            .iter()
            .find(|c| matches!(c, Choice::Advance { from: f, .. } if *f == from_step))
        {
            Some(Choice::Advance { to: t, .. }) => format!(
                "the roll takes the piece on {from} to {}, not {to}",
                board.name(board.paths[b][*t])
            ),
            _ => format!("the piece on {from} cannot move with this roll"),
        }
    })
}
