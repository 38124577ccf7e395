//! Builds Offboard records in code: tags, and turns written as in BGN
//! (`R c3:c5>e*t4=3`, `B ~ c3>ne`, `R6 --`).

use billes_core::offboard::{Offboard, Params};
use billes_core::{replay_with, ErrorKind, ReplayError, Summary};
use billes_notation::{Action, Capture, Game, Line, Outcome, Span, Tag, Turn};

/// The rules of Abalone, as a parameter-only variant: fourteen marbles,
/// lines of at most three, sideways moves, no targets, six off wins.
pub fn abalone() -> Offboard {
    let params: Params = serde_yaml::from_str(ABALONE).expect("abalone parameters parse");
    Offboard::new(params).expect("abalone parameters are valid")
}

/// The Abalone parameters in YAML.
pub const ABALONE: &str = "
marbles: 14
max_line: 3
broadside: true
targets: []
winning_score: 6
start: R:a1,a2,a3,a4,a5,b1,b2,b3,b4,b5,b6,c3,c4,c5 B:i5,i6,i7,i8,i9,h4,h5,h6,h7,h8,h9,g5,g6,g7
";

/// One action as written.
pub fn action(text: &str) -> Action {
    let span = Span::default();
    if text == "--" {
        return Action::Pass { span };
    }
    if text == "~" {
        return Action::Remove { span };
    }
    let (body, capture) = match text.split_once('*') {
        None => (text, None),
        Some((body, mark)) => {
            let (target, points) = match mark.split_once('=') {
                Some((t, p)) => (t, Some(p.parse().expect("points"))),
                None => (mark, None),
            };
            let capture = Capture {
                target: (!target.is_empty()).then(|| target.into()),
                points,
                span,
            };
            (body, Some(capture))
        }
    };
    if let Some(to) = body.strip_prefix('+') {
        return Action::Place {
            to: (!to.is_empty()).then(|| to.into()),
            capture,
            span,
        };
    }
    if body.contains('-') {
        return Action::Move {
            path: body.split('-').map(Into::into).collect(),
            capture,
            barricade: false,
            span,
        };
    }
    let (cells, direction) = body.split_once('>').expect("a line has a direction");
    let (from, to) = match cells.split_once(':') {
        Some((a, b)) => (a, Some(b.into())),
        None => (cells, None),
    };
    Action::Line {
        from: from.into(),
        to,
        direction: direction.into(),
        capture,
        span,
    }
}

/// One turn: the head (`R`, `B`, `R6`) then its actions.
pub fn turn(number: u32, text: &str) -> Turn {
    let mut words = text.split_whitespace();
    let head = words.next().expect("a head");
    let seat: String = head
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    let roll = head[seat.len()..].parse().ok();
    Turn::new(
        number,
        seat.into(),
        roll,
        None,
        words.map(action).collect::<Vec<_>>(),
    )
}

/// A record: optional `Position`, the turns, the result token (`*`, `=R`).
pub fn record(position: Option<&str>, turns: &[&str], result: &str) -> Game {
    let tag = |name: &str, value: &str| Tag {
        name: name.into(),
        value: value.into(),
        span: Span::default(),
    };
    let mut tags = vec![tag("Game", "offboard"), tag("Seats", "R B")];
    if let Some(p) = position {
        tags.push(tag("Position", p));
    }
    Game {
        tags,
        line: Line {
            turns: turns
                .iter()
                .enumerate()
                .map(|(i, t)| turn(i as u32 + 1, t))
                .collect(),
            comments: Vec::new(),
        },
        outcome: Outcome {
            winners: result
                .strip_prefix('=')
                .map(|w| w.split('+').map(Into::into).collect())
                .unwrap_or_default(),
            span: Span::default(),
        },
        span: Span::default(),
    }
}

/// Replays turns from a position under `rules`, expecting success; returns
/// the final position in `Position` syntax.
pub fn play_ok(rules: &Offboard, position: &str, turns: &[&str]) -> String {
    let game = record(Some(position), turns, "*");
    let mut last = None;
    let result = replay_with(rules, &game, &mut |step| {
        last = Some(step.state.to_position())
    });
    if let Err(e) = result {
        panic!("{turns:?} from {position}: {} ({:?})", e.message, e.kind);
    }
    last.unwrap_or_else(|| position.to_string())
}

/// Replays turns from a position, expecting the last one to fail.
pub fn play_err(rules: &Offboard, position: &str, turns: &[&str]) -> ReplayError {
    let game = record(Some(position), turns, "*");
    let err = replay_with(rules, &game, &mut |_| {}).expect_err("the turn must be rejected");
    assert_eq!(err.turn, Some(turns.len() as u32), "{}", err.message);
    err
}

/// The error kind and message of a rejected turn.
pub fn rejected(rules: &Offboard, position: &str, turns: &[&str]) -> (ErrorKind, String) {
    let e = play_err(rules, position, turns);
    (e.kind, e.message)
}

/// Replays a whole record.
pub fn replay(rules: &Offboard, game: &Game) -> Result<Summary, ReplayError> {
    replay_with(rules, game, &mut |_| {})
}
