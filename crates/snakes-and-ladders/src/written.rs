//! A written action read against the [`Step`] of its roll: the one
//! spelling a move has (its start, its landing square and, on a ladder or
//! a snake, where it ends), or the reason it is not the roll's move.

use billes_game::{Colour, ErrorKind, ReplayError};
use billes_notation::{Action, Name, Span, Turn};

use super::board::{name, Board, Feature, Square, HOUSE, OFF};
use super::position::{seat, State};
use super::step::Step;

/// Checks that `action`, the action of `turn` by `colour`, is the roll's
/// one move or pass, `step`, written as the list writes it, and returns
/// what it plays. When a variant's `allow` hook forbids the move
/// (`forbidden`: why), the pass is the turn's one move. Marks (`*`, `#`)
/// are mistakes of their own, since no pawn is sent home and no barricade
/// stands on the board.
///
/// # Errors
/// A `false_pass` for a pass while the roll moves the pawn; an
/// `illegal_move` for anything else that is not the roll's move (the move
/// listed, and named in the message when the move meant is plain); an
/// `effect` error for a mark.
pub(crate) fn check_action(
    state: &State,
    colour: Colour,
    turn: &Turn,
    (step, forbidden): (Step, Option<&str>),
    action: &Action,
) -> Result<Step, ReplayError> {
    let who = seat(colour);
    let roll = turn.head.roll.unwrap_or(0);
    let listed = match forbidden {
        Some(_) => Step::Pass { away: 0 },
        None => step,
    };
    let illegal = |span: Span, message: String| {
        ReplayError::new(ErrorKind::IllegalMove, span, message).with_legal(vec![listed.to_string()])
    };
    match (action, listed) {
        (Action::Pass { .. }, Step::Pass { .. }) => Ok(listed),
        (Action::Pass { span }, Step::Move { from, end, .. }) => Err(ReplayError::new(
            ErrorKind::FalsePass,
            *span,
            format!(
                "{who} cannot pass: a {roll} takes its pawn from {} to {}",
                name(from),
                name(end)
            ),
        )
        .with_legal(vec![step.to_string()])),
        (
            Action::Move {
                path,
                capture,
                barricade,
                span,
            },
            _,
        ) => {
            check_path(state, colour, roll, step, path)
                .map_err(|message| illegal(*span, message))?;
            check_marks(capture.is_some(), *barricade, listed, *span)?;
            match forbidden {
                Some(why) => Err(illegal(
                    *span,
                    format!("{step} is not allowed in this variant: {why}"),
                )),
                None => Ok(step),
            }
        }
        (Action::Place { span, .. }, _) => Err(illegal(
            *span,
            format!("a pawn enters the board with a path from {HOUSE}, e.g. {HOUSE}-s3"),
        )),
        (other, _) => Err(illegal(
            other.span(),
            format!("{other} is not a pawn move: a turn is one move or --"),
        )),
    }
}

/// No pawn is ever sent home and no barricade stands on the board: a
/// capture or barricade mark is false.
fn check_marks(capture: bool, barricade: bool, step: Step, span: Span) -> Result<(), ReplayError> {
    let why = if capture {
        "no pawn is sent home: pawns share squares (drop the * mark)"
    } else if barricade {
        "there are no barricades on this board (drop the # mark)"
    } else {
        return Ok(());
    };
    Err(ReplayError::new(ErrorKind::Effect, span, why).with_legal(vec![step.to_string()]))
}

/// The squares a written path names, or why one is no square.
fn squares(path: &[Name]) -> Result<Vec<Square>, String> {
    let board = Board::standard();
    path.iter()
        .map(|n| {
            board.square(n).ok_or_else(|| {
                let known = |s: &str| board.square(s).is_some();
                match billes_notation::misread(n, known) {
                    Some(hint) => format!("there is no square {n} on the board: {hint}"),
                    None => format!(
                        "there is no square {n} on the board (h, or s1 to s{})",
                        board.last()
                    ),
                }
            })
        })
        .collect()
}

/// Why a written path is not `step`, the move of a `roll`: its squares,
/// its start, then its landing and end against the step's.
fn check_path(
    state: &State,
    colour: Colour,
    roll: u32,
    step: Step,
    path: &[Name],
) -> Result<(), String> {
    let who = seat(colour);
    let written = squares(path)?;
    let pawn = state.squares[colour.index()];
    let at = |s: Square| {
        if s == OFF {
            format!("off the board ({HOUSE})")
        } else {
            format!("on {}", name(s))
        }
    };
    if written.first() != Some(&pawn) {
        let first = written.first().map_or(String::new(), |&s| at(s));
        return Err(format!("{who}'s pawn is {}, not {first}", at(pawn)));
    }
    if written.len() < 2 {
        return Err("a move needs a start and a landing square".into());
    }
    if written[1..].contains(&OFF) {
        return Err(format!("a pawn never goes back to {HOUSE}"));
    }
    let Step::Move { from, landing, end } = step else {
        let last = Board::standard().last();
        return Err(format!(
            "a {roll} would take {who}'s pawn past {} ({} away): the turn is a pass, --",
            name(last),
            squares_away(last - pawn)
        ));
    };
    if written == step.path() {
        return Ok(());
    }
    let how = feature_words(landing);
    Err(match written.as_slice() {
        [_, last] if *last == end => format!(
            "{who}'s pawn lands on {}, {how}, on its way to {}: did you mean {step}?",
            name(landing),
            name(end)
        ),
        [_, last] if *last == landing => format!(
            "{who}'s pawn does not stay on {}, {how}: did you mean {step}?",
            name(landing)
        ),
        [_, l, _] if *l == landing && landing == end => format!(
            "{} is no ladder's foot and no snake's head: the pawn stays there ({step})",
            name(landing)
        ),
        [_, l, e] if *l == landing => format!(
            "from {}, {how}, the pawn goes to {}, not to {} ({step})",
            name(landing),
            name(end),
            name(*e)
        ),
        [_, l, ..] if *l != landing => format!(
            "a {roll} takes {who}'s pawn from {} to {}, not to {}",
            name(from),
            name(landing),
            name(*l)
        ),
        _ => format!(
            "a move names its start, its landing square and, on a ladder or a snake, where it ends: {step}"
        ),
    })
}

/// What `square` is, in words: "the foot of a ladder", "the head of a
/// snake" or "a plain square".
fn feature_words(square: Square) -> &'static str {
    match Board::standard().feature(square) {
        Feature::Plain => "a plain square",
        Feature::Ladder(_) => "the foot of a ladder",
        Feature::Snake(_) => "the head of a snake",
    }
}

/// "1 square", "3 squares".
fn squares_away(n: u8) -> String {
    if n == 1 {
        "1 square".into()
    } else {
        format!("{n} squares")
    }
}

/// Whether `action` names the roll's move otherwise than the list writes
/// it, so that the move meant is known: a path from the pawn's square that
/// names the step's landing square second or ends where the step ends
/// (`h-s14` or `h-s4` for `h-s4-s14`, `h-s4-s15`), without marks.
pub(crate) fn meant(state: &State, colour: Colour, step: Step, action: &Action) -> bool {
    let Step::Move { landing, end, .. } = step else {
        return false;
    };
    let Action::Move {
        path,
        capture: None,
        barricade: false,
        ..
    } = action
    else {
        return false;
    };
    let Ok(written) = squares(path) else {
        return false;
    };
    written.len() <= 3
        && written.first() == Some(&state.squares[colour.index()])
        && (written.get(1) == Some(&landing) || written.last() == Some(&end))
        && written != step.path()
}
