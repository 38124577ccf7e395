//! Turns: the head, the actions and their capture marks. One function per
//! production of `notation/SPEC.md`.

use nom::branch::alt;
use nom::bytes::complete::tag as literal;
use nom::character::complete::char;
use nom::combinator::{cut, opt, peek};
use nom::error::context;
use nom::multi::fold;
use nom::sequence::preceded;
use nom::Parser;

use super::error::{expect, fail, fail_spanning, found, miss, PResult};
use super::grammar::ws;
use super::token::{digits, is_delimiter, name_len, seat_len};
use super::{State, Syntax};
use crate::ast::{Action, Actions, Capture, Comments, Head, Name, Path, Turn};

/// turn = head action { action } ;
///
/// The turn numbered `number`, with the comments `before` it.
pub(super) fn turn<'a>(
    i: &'a str,
    s: &State<'a>,
    number: u32,
    before: &mut Comments,
) -> PResult<'a, Turn> {
    let start = s.mark(i);
    let (rest, head) = head(i, s)?;
    let mut actions = Actions::new();
    let mut rest = rest;
    loop {
        match preceded(ws, |i| action(i, s)).parse(rest) {
            Ok((next, action)) => {
                actions.push(action);
                rest = next;
            }
            Err(nom::Err::Error(_)) => break,
            Err(e) => return Err(e),
        }
    }
    let Some(last) = actions.last() else {
        return fail_spanning(
            i,
            head.span.len(),
            format!(
                "the turn {head} has no action: write a move like `r9-r12`, `+` to enter, or `--` to pass"
            ),
        );
    };
    let mut span = s.span(start, rest);
    span.end = last.span().end;
    let mut turn = Turn::from_parts(number, head, actions, span);
    if !before.is_empty() {
        *turn.before_mut() = std::mem::take(before);
    }
    Ok((rest, turn))
}

/// `head = seat [ roll [ "-" roll ] ] [ ">" seat ] ;`
///
/// A head ends at white space or the end.
fn head<'a>(i: &'a str, s: &State<'a>) -> PResult<'a, Head> {
    let start = s.mark(i);
    let (rest, (seat, (roll, second), mover)) = (
        seat,
        dice,
        opt(preceded(
            char('>'),
            expect(seat, |found| {
                format!(
                    "expected the seat that uses the roll after '>' (like `G4>Y`), found {found}"
                )
            }),
        )),
    )
        .parse(i)?;
    match rest.as_bytes().first() {
        None | Some(b' ' | b'\t' | b'\n' | b'\r') => {}
        Some(_) => {
            return fail(
                rest,
                format!(
                    "unexpected {} in the turn head: a head is a seat, the roll and optionally `>Seat`, like `R6`, `R5-3` or `G4>Y`",
                    found(rest)
                ),
            )
        }
    }
    Ok((
        rest,
        Head {
            seat,
            roll,
            second,
            mover,
            span: s.span(start, rest),
        },
    ))
}

/// `[ roll [ "-" roll ] ]`: no die, one, or two (`5-3`).
fn dice(i: &str) -> PResult<'_, (Option<u32>, Option<u8>)> {
    let (rest, first) = opt(number).parse(i)?;
    let Some(first) = first else {
        return Ok((rest, (None, None)));
    };
    let (rest, second) = opt(preceded(
        char('-'),
        expect(number, |found| {
            format!("expected the second die after '-' (like `R5-3`), found {found}")
        }),
    ))
    .parse(rest)?;
    let second = match second.map(u8::try_from) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => return fail_spanning(i, i.len() - rest.len(), "a die shows 1 to 6"),
    };
    Ok((rest, (Some(first), second)))
}

/// seat = upper { lower } ;
///
/// Misses without an uppercase letter; fails when too long.
pub(super) fn seat(i: &str) -> PResult<'_, Name> {
    match seat_len(i.as_bytes()) {
        (0, _) => context("a seat (an uppercase letter)", miss).parse(i),
        scanned => take_name(i, scanned, "seat"),
    }
}

/// name = lower { lower | digit } ;
///
/// `what` kind of name (`a hole`, `a point`): misses without a lowercase
/// letter; fails when too long.
fn name<'a>(what: &'static str) -> impl Fn(&'a str) -> PResult<'a, Name> {
    move |i| match name_len(i.as_bytes()) {
        (0, _) => miss(i),
        scanned => take_name(i, scanned, what),
    }
}

/// A name that must stand here: where none does, the error says so.
fn required_name<'a>(what: &'static str) -> impl FnMut(&'a str) -> PResult<'a, Name> {
    expect(name(what), move |found| {
        format!("expected {what} name (lowercase, like `r9` or `e5`), found {found}")
    })
}

/// The name of `len` bytes (with its key) scanned at the start of `i`, or
/// an error when it is too long (`what`: the kind of name, for the message).
fn take_name<'a>(i: &'a str, (len, key): (usize, u64), what: &str) -> PResult<'a, Name> {
    if len > Name::MAX {
        return fail_spanning(
            i,
            len,
            format!("{what} name is too long (at most {} characters)", Name::MAX),
        );
    }
    Ok((&i[len..], Name::from_word(key, len)))
}

/// roll = digits ; and the other numbers: misses without a digit, fails
/// when the value exceeds `u32`.
pub(super) fn number(i: &str) -> PResult<'_, u32> {
    let (rest, value) = digits(i)?;
    match value {
        Some(n) => Ok((rest, n)),
        None => fail_spanning(i, i.len() - rest.len(), "number is too large"),
    }
}

/// action = pass | place | move | line-move | barricade | remove ;
///
/// Each alternative misses unless its first byte is there, and commits
/// after it: none reads a byte another has read (`move` and `line-move`,
/// which start alike, are one production, [`move_or_line`]).
fn action<'a>(i: &'a str, s: &State<'a>) -> PResult<'a, Action> {
    let (rest, action) = alt((
        |i| move_or_line(i, s),
        |i| place(i, s),
        |i| pass(i, s),
        |i| barricade(i, s),
        |i| remove(i, s),
    ))
    .parse(i)?;
    let take_mark = i[..i.len() - rest.len()].ends_with('#');
    let (rest, ()) = delimiter(rest, take_mark, "the action")?;
    Ok((rest, action))
}

/// What may follow an action or a NAG (`what`): white space, a comment, a
/// NAG, a parenthesis or the end. `take_mark`: the action ends with a
/// take mark (`#`), so a name after it is a put-down run into it.
pub(super) fn delimiter<'a>(i: &'a str, take_mark: bool, what: &str) -> PResult<'a, ()> {
    match i.as_bytes().first() {
        None => Ok((i, ())),
        Some(&b) if is_delimiter(b) => Ok((i, ())),
        // `e3-d3#e3`: a take mark run into the put-down that follows.
        Some(b) if b.is_ascii_lowercase() && take_mark => fail(
            i,
            "a barricade put down is an action of its own: \
             write a space and # before its point (e3-d3# #e3)",
        ),
        Some(_) => fail(
            i,
            format!("unexpected {} after {what}: expected a space", found(i)),
        ),
    }
}

/// pass = "--" ;
fn pass<'a>(i: &'a str, s: &State<'a>) -> PResult<'a, Action> {
    let (rest, _) = preceded(
        peek(char('-')),
        context(
            "'--' (a pass) or a move starting with a hole name",
            cut(literal("--")),
        ),
    )
    .parse(i)?;
    let span = s.span(s.mark(i), rest);
    Ok((rest, Action::Pass { span }))
}

/// place = "+" [ name ] [ capture ] ;
fn place<'a>(i: &'a str, s: &State<'a>) -> PResult<'a, Action> {
    let (rest, _) = char('+').parse(i)?;
    let start = s.mark(i);
    let (rest, (to, capture)) = (opt(name("a hole")), opt(|i| capture(i, s))).parse(rest)?;
    Ok((
        rest,
        Action::Place {
            to,
            capture,
            span: s.span(start, rest),
        },
    ))
}

/// move = name "-" name { "-" name } [ capture ] [ "#" ] ;
/// line-move = name [ ":" name ] ">" name [ capture ] ;
///
/// Both start with a name, read once: what follows it tells them apart.
fn move_or_line<'a>(i: &'a str, s: &State<'a>) -> PResult<'a, Action> {
    let (rest, first) = name("a hole")(i)?;
    let start = s.mark(i);
    match rest.as_bytes().first() {
        Some(b'-') => {
            let first_hole = || {
                let mut path = Path::new();
                path.push(first);
                path
            };
            let (rest, path) = fold(
                1..,
                preceded(char('-'), required_name("a hole")),
                first_hole,
                |mut path, hole| {
                    path.push(hole);
                    path
                },
            )
            .parse(rest)?;
            let (rest, (capture, barricade)) =
                (opt(|i| capture(i, s)), opt(char('#'))).parse(rest)?;
            Ok((
                rest,
                Action::Move {
                    path,
                    capture,
                    barricade: barricade.is_some(),
                    span: s.span(start, rest),
                },
            ))
        }
        Some(b':' | b'>') => {
            let (rest, (to, _, direction, capture)) = (
                opt(preceded(char(':'), required_name("a cell"))),
                expect(char('>'), |found| {
                    format!(
                        "expected '>' and a direction after the line (like `c3:c5>e`), found {found}"
                    )
                }),
                required_name("a direction"),
                opt(|i| capture(i, s)),
            )
                .parse(rest)?;
            Ok((
                rest,
                Action::Line {
                    from: first,
                    to,
                    direction,
                    capture,
                    span: s.span(start, rest),
                },
            ))
        }
        _ => {
            let found = found(rest);
            fail(
                rest,
                match s.syntax.get() {
                    Syntax::Holes => format!(
                        "expected '-' and the next hole (like `{first}-r12`) after {first}, found {found}"
                    ),
                    Syntax::Points => format!(
                        "expected '-' and the next point (like `e5-e7`) after {first}, found {found}"
                    ),
                    Syntax::Cells => format!(
                        "expected ':' and the line's last cell, or '>' and a direction (like `{first}>ne`), after {first}, found {found}"
                    ),
                    Syntax::Any => format!(
                        "expected '-' and the next hole (like `{first}-r12`), or '>' and a direction, after {first}, found {found}"
                    ),
                },
            )
        }
    }
}

/// barricade = "#" name ;
fn barricade<'a>(i: &'a str, s: &State<'a>) -> PResult<'a, Action> {
    let (rest, at) = preceded(char('#'), required_name("a point")).parse(i)?;
    let span = s.span(s.mark(i), rest);
    Ok((rest, Action::Barricade { at, span }))
}

/// remove = "~" ;
fn remove<'a>(i: &'a str, s: &State<'a>) -> PResult<'a, Action> {
    let (rest, _) = char('~').parse(i)?;
    let span = s.span(s.mark(i), rest);
    Ok((rest, Action::Remove { span }))
}

/// capture = "*" [ name ] [ "=" digits ] ;
fn capture<'a>(i: &'a str, s: &State<'a>) -> PResult<'a, Capture> {
    let (rest, _) = char('*').parse(i)?;
    let start = s.mark(i);
    let (rest, (target, points)) = (
        opt(name("a target")),
        opt(preceded(
            char('='),
            context("the points scored after '='", cut(number)),
        )),
    )
        .parse(rest)?;
    Ok((
        rest,
        Capture {
            target,
            points,
            span: s.span(start, rest),
        },
    ))
}
