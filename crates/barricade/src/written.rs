//! A written pawn move: its path resolved into a legal move (or the reason
//! it is not one), and its marks checked against what it does.

use billes_game::{Colour, ErrorKind, ReplayError};
use billes_notation::{Capture, Name, Span};

use super::board::{bit, seat, Point, HOUSE};
use super::moves::{Move, Refusal, WrittenWay};
use super::position::State;
use super::Barricade;

/// Resolves a written path into a legal move, or says why it is not one:
/// its start (a pawn of the seat, from the house or a point; the replay's
/// pawn after a 6), its points, the bounce one point from the goal (rule 9),
/// then the way itself (rules 3 and 4: the exact roll, no point twice, no
/// barricade passed).
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
    let from = written_start(rules, state, colour, replay, first).map_err(|e| illegal(e.0))?;
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
    let way = WrittenWay {
        from,
        to,
        bounce: false,
        waypoints,
    };
    let bounce =
        bounces(rules, state, colour, roll, replay, &way, path).map_err(|e| illegal(e.0))?;
    rules
        .check_way(state, colour, roll, &WrittenWay { bounce, ..way })
        .map_err(|refusal| illegal(refused(rules, colour, roll, path, bounce, refusal)))
}

/// Why a written move is not legal, in the game's words (the caller
/// places it and lists the legal moves).
struct Illegal(String);

impl From<String> for Illegal {
    fn from(why: String) -> Illegal {
        Illegal(why)
    }
}

/// The start of a written move: `None` for a pawn of the seat's house,
/// else the point of one of its pawns; a 6 replay moves the same pawn
/// ("il peut rejouer ce même pion").
fn written_start(
    rules: &Barricade,
    state: &State,
    colour: Colour,
    replay: Option<Point>,
    first: &Name,
) -> Result<Option<Point>, Illegal> {
    let seat = seat(colour);
    let c = colour.index();
    let from = if first == HOUSE {
        if state.housed[c] == 0 {
            return Err(Illegal(format!("{seat} has no pawn in its house")));
        }
        None
    } else {
        let p = rules
            .board()
            .point(first)
            .ok_or_else(|| format!("there is no point {first} on the board"))?;
        if state.pawns[c] & bit(p) == 0 {
            return Err(Illegal(match state.pawn_at(p) {
                Some(o) => format!(
                    "the pawn on {first} is {}'s, not {seat}'s",
                    super::board::seat(o)
                ),
                None => format!("no {seat} pawn on {first}"),
            }));
        }
        Some(p)
    };
    match replay {
        Some(p) if from != Some(p) => Err(Illegal(format!(
            "{seat} replays its 6 with the same pawn, the one on {}",
            rules.board().name(p)
        ))),
        _ => Ok(from),
    }
}

/// Whether the move is the bounce, rule 9: "si un pion se trouve à un
/// point de l'arrivée et si le joueur amène au dé tout autre chiffre que
/// un et ne peut pas bouger ses autres pions, il avance jusqu'à l'arrivée
/// et rétrograde du nombre de points excédant un" (seed 004). When another
/// pawn can move, the pawn moves like any other, or (`bounce_freezes`)
/// waits for a 1.
fn bounces(
    rules: &Barricade,
    state: &State,
    colour: Colour,
    roll: usize,
    replay: Option<Point>,
    way: &WrittenWay<'_>,
    path: &[Name],
) -> Result<bool, Illegal> {
    let Some(from) = way.from.filter(|&from| rules.bounces(from, roll)) else {
        return Ok(false);
    };
    if replay.is_some() || !rules.others_can_move(state, colour, roll, from) {
        return Ok(true);
    }
    if !rules.params().bounce_freezes {
        // Another pawn can move: this one moves like any pawn.
        return Ok(false);
    }
    let (seat, first, last) = (seat(colour), &path[0], &path[path.len() - 1]);
    let as_bounce = WrittenWay {
        bounce: true,
        ..*way
    };
    if rules.check_way(state, colour, roll, &as_bounce).is_ok() {
        Err(Illegal(format!(
            "the pawn on {first} goes to the goal and back only when no other {seat} pawn can move"
        )))
    } else {
        Err(Illegal(format!(
            "the pawn on {first}, one point from the goal, waits for a 1 while another {seat} pawn can move: it cannot go to {last} with a {roll}"
        )))
    }
}

/// Why the written way is not a legal move.
fn refused(
    rules: &Barricade,
    colour: Colour,
    roll: usize,
    path: &[Name],
    bounce: bool,
    refusal: Refusal,
) -> String {
    let (seat, first, last) = (seat(colour), &path[0], &path[path.len() - 1]);
    let middle = &path[1..path.len() - 1];
    match refusal {
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
            rules.board().name(b)
        ),
        Refusal::OwnPawn => format!("{seat}'s own pawn stands on {last}"),
        Refusal::BounceOnBarricade => {
            format!("the way back from the goal cannot end on the barricade on {last}")
        }
    }
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
