//! The canonical text of numbers, turn heads and actions appended to
//! bytes: for the writers that make many short texts a second (a game's
//! key text, `billes export`'s JSON Lines), where [`super::write_head`]
//! and [`super::write_action`], which write a character at a time through
//! `fmt::Write`, were most of the time a key took. The text is the same
//! byte for byte: property tests (`tests/roundtrip.rs`) hold these to
//! those, the reference, on every shape of head and action.

use crate::ast::{Action, Capture, Head};

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
    out.push(b'*');
    if let Some(target) = &capture.target {
        target.put(out);
    }
    if let Some(points) = capture.points {
        out.push(b'=');
        put_number(out, points);
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
            from.put(out);
            if let Some(to) = to {
                out.push(b':');
                to.put(out);
            }
            out.push(b'>');
            direction.put(out);
            if let Some(c) = capture {
                put_capture(out, c);
            }
        }
        Action::Barricade { at, .. } => {
            out.push(b'#');
            at.put(out);
        }
        Action::Remove { .. } => out.push(b'~'),
    }
}
