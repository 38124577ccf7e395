//! The canonical text of numbers, turn heads and actions appended to
//! bytes: for the writers that make many short texts a second (a game's
//! key text, `billes export`'s JSON Lines), where [`super::write_head`]
//! and [`super::write_action`], which write a character at a time through
//! `fmt::Write`, were most of the time a key took. The text is the same
//! byte for byte: property tests (`tests/roundtrip.rs`) hold these to
//! those, the reference, on every shape of head and action.

use crate::ast::{Action, Capture, Head, Name};
use crate::parse::stream::{Brief, BriefAction, PairBrief};

/// Appends `n` in decimal to `out`, as [`write_number`](super::write_number)
/// writes it. Most numbers of a record or of an export's row are below
/// 10,000 (turn numbers, rolls, counts): their one to four bytes are
/// written at once, without digits made elsewhere and copied in at a
/// length known only when it runs.
///
/// ```
/// let mut out = Vec::new();
/// for n in (0..=20_000).chain([65_535, 99_999, 100_000, u32::MAX]) {
///     out.clear();
///     billes_notation::put_number(&mut out, n);
///     assert_eq!(out, n.to_string().into_bytes());
/// }
/// ```
// Always inlined: called out of line, as the compiler chose, a one-digit
// number cost 35 instructions, most of them the call's; the JSON Lines
// writer writes four a row (2.0-2.5% of its instructions, every game).
#[inline(always)]
pub fn put_number(out: &mut Vec<u8>, n: u32) {
    let digit = |n: u32| b'0' + (n % 10) as u8;
    match n {
        0..=9 => out.push(digit(n)),
        10..=99 => out.extend_from_slice(&[digit(n / 10), digit(n)]),
        100..=999 => out.extend_from_slice(&[digit(n / 100), digit(n / 10), digit(n)]),
        1_000..=9_999 => {
            out.extend_from_slice(&[digit(n / 1_000), digit(n / 100), digit(n / 10), digit(n)])
        }
        _ => out.extend_from_slice(super::decimal_digits(n, &mut [0; 10])),
    }
}

/// Appends a turn head to `out`, as [`write_head`](super::write_head)
/// writes it.
///
/// ```
/// let game = billes_notation::parse_game("1. G4>Y y1-y5 *").unwrap();
/// let mut out = Vec::new();
/// billes_notation::put_head(&mut out, &game.line.turns[0].head);
/// assert_eq!(out, b"G4>Y");
/// ```
#[inline]
pub fn put_head(out: &mut Vec<u8>, head: &Head) {
    head.seat.put(out);
    if let Some(roll) = head.roll {
        put_number(out, roll);
    }
    if let Some(second) = head.second {
        out.push(b'-');
        put_number(out, u32::from(second));
    }
    if let Some(mover) = &head.mover {
        out.push(b'>');
        mover.put(out);
    }
}

/// Appends a capture mark to `out`, as [`write_capture`](super::write_capture)
/// writes it.
#[inline]
fn put_capture(out: &mut Vec<u8>, capture: &Capture) {
    put_capture_of(out, capture.target.as_ref(), capture.points);
}

/// Appends a capture mark of `target` and `points` to `out`: `*`, `*t4`,
/// `*=3`, `*t4=3`.
#[inline]
fn put_capture_of(out: &mut Vec<u8>, target: Option<&Name>, points: Option<u32>) {
    out.push(b'*');
    if let Some(target) = target {
        target.put(out);
    }
    if let Some(points) = points {
        out.push(b'=');
        put_number(out, points);
    }
}

/// Appends a line move to `out`: its ends, its direction, and its capture
/// mark's target and points when it has one (`c3:c5>e*t4=3`).
#[inline]
fn put_line(
    out: &mut Vec<u8>,
    from: &Name,
    to: Option<&Name>,
    direction: &Name,
    capture: Option<(Option<&Name>, Option<u32>)>,
) {
    from.put(out);
    if let Some(to) = to {
        out.push(b':');
        to.put(out);
    }
    out.push(b'>');
    direction.put(out);
    if let Some((target, points)) = capture {
        put_capture_of(out, target, points);
    }
}

/// Appends an action in canonical BGN to `out`, as
/// [`write_action`](super::write_action) writes it.
///
/// ```
/// let game = billes_notation::parse_game("1. R2 r1-c-g0*# *").unwrap();
/// let mut out = Vec::new();
/// billes_notation::put_action(&mut out, &game.line.turns[0].actions[0]);
/// assert_eq!(out, b"r1-c-g0*#");
/// ```
#[inline]
pub fn put_action(out: &mut Vec<u8>, action: &Action) {
    match action {
        Action::Pass { .. } => out.extend_from_slice(b"--"),
        Action::Place { to, capture, .. } => {
            out.push(b'+');
            if let Some(to) = to {
                to.put(out);
            }
            if let Some(c) = capture {
                put_capture(out, c);
            }
        }
        Action::Move {
            path,
            capture,
            barricade,
            ..
        } => {
            for (i, hole) in path.iter().enumerate() {
                if i > 0 {
                    out.push(b'-');
                }
                hole.put(out);
            }
            if let Some(c) = capture {
                put_capture(out, c);
            }
            if *barricade {
                out.push(b'#');
            }
        }
        Action::Line {
            from,
            to,
            direction,
            capture,
            ..
        } => {
            let capture = capture.as_ref().map(|c| (c.target.as_ref(), c.points));
            put_line(out, from, to.as_ref(), direction, capture);
        }
        Action::Barricade { at, .. } => {
            out.push(b'#');
            at.put(out);
        }
        Action::Remove { .. } => out.push(b'~'),
    }
}

/// Appends the head and actions of the turn `brief` stands for to `out`,
/// each action after one space, as [`put_head`] and [`put_action`] write
/// that turn's: what a game's key hashes of a turn read as a brief, made
/// without the turn (`billes validate --duplicates`). Tests hold it to
/// those on every brief of every shape of turn (`tests/roundtrip.rs`).
///
/// ```
/// use billes_notation::{Brief, BriefAction, Name};
///
/// let brief = Brief {
///     number: 15,
///     seat: Name::new("Y"),
///     roll: Some(4),
///     action: BriefAction::Move {
///         from: Name::new("e3"),
///         via: None,
///         to: Name::new("c4"),
///         capture: true,
///         barricade: false,
///     },
///     put_down: Some(Name::new("o4")),
/// };
/// let mut out = Vec::new();
/// billes_notation::put_brief(&mut out, &brief);
/// assert_eq!(out, b"Y4 e3-c4* #o4");
/// ```
#[inline]
pub fn put_brief(out: &mut Vec<u8>, brief: &Brief) {
    brief.seat.put(out);
    if let Some(roll) = brief.roll {
        put_number(out, u32::from(roll));
    }
    out.push(b' ');
    put_brief_action(out, &brief.action);
    if let Some(at) = &brief.put_down {
        out.extend_from_slice(b" #");
        at.put(out);
    }
}

/// Appends the head and actions of the turn `brief` stands for to `out`,
/// each action after one space, as [`put_head`] and [`put_action`] write
/// that turn's: [`put_brief`] for a turn of two dice. Tests hold it to
/// those on every pair brief of every shape of turn (`tests/roundtrip.rs`).
///
/// ```
/// use billes_notation::{parse_game, put_pair_brief, PairBrief};
///
/// let game = parse_game("[Game \"parcheesi\"]\n\n1. R5-3 +t1* t1-t4 *")?;
/// let brief = PairBrief::of(&game.line.turns[0]).expect("a pair brief");
/// let mut out = Vec::new();
/// put_pair_brief(&mut out, &brief);
/// assert_eq!(out, b"R5-3 +t1* t1-t4");
/// # Ok::<(), billes_notation::ParseError>(())
/// ```
pub fn put_pair_brief(out: &mut Vec<u8>, brief: &PairBrief) {
    brief.seat.put(out);
    put_number(out, u32::from(brief.dice.0));
    out.push(b'-');
    put_number(out, u32::from(brief.dice.1));
    for action in brief.actions() {
        out.push(b' ');
        put_brief_action(out, action);
    }
}

/// Appends a brief's action to `out`, as [`put_action`] writes the action
/// it stands for.
#[inline]
fn put_brief_action(out: &mut Vec<u8>, action: &BriefAction) {
    match action {
        BriefAction::Pass => out.extend_from_slice(b"--"),
        BriefAction::Enter { to, capture } => {
            out.push(b'+');
            if let Some(to) = to {
                to.put(out);
            }
            if *capture {
                out.push(b'*');
            }
        }
        BriefAction::Move {
            from,
            via,
            to,
            capture,
            barricade,
        } => {
            from.put(out);
            if let Some(via) = via {
                out.push(b'-');
                via.put(out);
            }
            out.push(b'-');
            to.put(out);
            if *capture {
                out.push(b'*');
            }
            if *barricade {
                out.push(b'#');
            }
        }
        BriefAction::Line {
            from,
            to,
            direction,
            capture,
        } => {
            let capture = capture.as_ref().map(|c| (c.target.as_ref(), c.points));
            put_line(out, from, to.as_ref(), direction, capture);
        }
    }
}
