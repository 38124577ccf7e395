//! A written pawn move: its path resolved into a legal move (or the reason
//! it is not one), and its marks checked against what it does.

use billes_notation::{Capture, Name, Span};

use super::board::{bit, seat, Point, HOUSE};
use super::moves::{Move, Refusal, WrittenWay};
use super::position::State;
use super::Barricade;
use crate::{Colour, ErrorKind, ReplayError};

/// Resolves a written path into a legal move, or says why it is not one.
pub(crate) fn written_move(
    rules: &Barricade,
    state: &State,
    colour: Colour,
    roll: usize,
    replay: Option<Point>,
    path: &[Name],
    span: Span,
) -> Result<Move, ReplayError> {
    let board = rules.board();
    let seat = seat(colour);
    let c = colour.index();
    let illegal = |message: String| {
        ReplayError::new(ErrorKind::IllegalMove, span, message)
            .with_legal(rules.legal_list(state, colour, roll, replay))
    };
    let point = |name: &Name| {
        board.point(name).ok_or_else(|| {
            let known = |n: &str| board.point(n).is_some();
            illegal(match billes_notation::misread(name, known) {
                Some(hint) => format!("there is no point {name} on the board: {hint}"),
                None => format!("there is no point {name} on the board"),
            })
        })
    };
    let (Some(first), Some(last)) = (path.first(), path.last()) else {
        return Err(illegal("a move needs a start and a landing point".into()));
    };
    if path.len() < 2 {
        return Err(illegal("a move needs a start and a landing point".into()));
    }
    let from = if first == HOUSE {
        if state.housed[c] == 0 {
            return Err(illegal(format!("{seat} has no pawn in its house")));
        }
        None
    } else {
        let p = point(first)?;
        if state.pawns[c] & bit(p) == 0 {
            return Err(illegal(match state.pawn_at(p) {
                Some(o) => format!(
                    "the pawn on {first} is {}'s, not {seat}'s",
                    super::board::seat(o)
                ),
                None => format!("no {seat} pawn on {first}"),
            }));
        }
        Some(p)
    };
    if let Some(p) = replay {
        if from != Some(p) {
            return Err(illegal(format!(
                "{seat} replays its 6 with the same pawn, the one on {}",
                board.name(p)
            )));
        }
    }
    let to = point(last)?;
    let mut waypoints = [to; 8];
    let middle = &path[1..path.len() - 1];
    if middle.len() > waypoints.len() || path.len() < 2 {
        return Err(illegal(format!(
            "no way of exactly {roll} points along {}",
            join(path)
        )));
    }
    for (i, name) in middle.iter().enumerate() {
        waypoints[i] = point(name)?;
    }
    let waypoints = &waypoints[..middle.len()];
    let bounce_from = from.filter(|&from| rules.bounces(from, roll));
    let mut bounce = bounce_from.is_some();
    if let Some(from) = bounce_from
        .filter(|&from| replay.is_none() && rules.others_can_move(state, colour, roll, from))
    {
        if !rules.params().bounce_freezes {
            // Another pawn can move: this one moves like any pawn.
            bounce = false;
        } else if rules
            .check_way(
                state,
                colour,
                roll,
                &WrittenWay {
                    from: Some(from),
                    to,
                    bounce: true,
                    waypoints,
                },
            )
            .is_ok()
        {
            return Err(illegal(format!(
                "the pawn on {first} goes to the goal and back only when no other {seat} pawn can move"
            )));
        } else {
            return Err(illegal(format!(
                "the pawn on {first}, one point from the goal, waits for a 1 while another {seat} pawn can move: it cannot go to {last} with a {roll}"
            )));
        }
    }
    rules
        .check_way(
            state,
            colour,
            roll,
            &WrittenWay {
                from,
                to,
                bounce,
                waypoints,
            },
        )
        .map_err(|refusal| {
            illegal(match refusal {
                Refusal::NoWay if bounce => format!(
                    "one point from the goal, a {roll} takes the pawn on {first} to the goal and back {} point{}: it cannot end on {last}{}",
                    roll - 1,
                    if roll == 2 { "" } else { "s" },
                    through(middle)
                ),
                Refusal::NoWay => format!(
                    "no way of exactly {roll} point{} from {first} to {last}{}",
                    if roll == 1 { "" } else { "s" },
                    through(middle)
                ),
                Refusal::Blocked(b) => format!(
                    "the barricade on {} blocks the way from {first} to {last}",
                    board.name(b)
                ),
                Refusal::OwnPawn => format!("{seat}'s own pawn stands on {last}"),
                Refusal::BounceOnBarricade => {
                    format!("the way back from the goal cannot end on the barricade on {last}")
                }
            })
        })
}

fn join(path: &[Name]) -> String {
    path.iter()
        .map(|n| n.as_str())
        .collect::<Vec<_>>()
        .join("-")
}

fn through(middle: &[Name]) -> String {
    if middle.is_empty() {
        String::new()
    } else {
        format!(" through {}", join(middle))
    }
}

/// Checks the marks written on a move against what it does.
pub(crate) fn check_marks(
    rules: &Barricade,
    m: &Move,
    capture: Option<&Capture>,
    barricade: bool,
    span: Span,
) -> Result<(), ReplayError> {
    let to = rules.board().name(m.to);
    if let Some(cap) = capture {
        if cap.target.is_some() || cap.points.is_some() {
            return Err(ReplayError::new(
                ErrorKind::Effect,
                cap.span,
                "a pawn sent home is marked with a bare *",
            ));
        }
        if !m.capture {
            return Err(ReplayError::new(
                ErrorKind::Effect,
                span,
                format!("no pawn to send home on {to}"),
            ));
        }
    }
    if barricade && !m.take {
        return Err(ReplayError::new(
            ErrorKind::Effect,
            span,
            format!("no barricade to take on {to}"),
        ));
    }
    Ok(())
}
