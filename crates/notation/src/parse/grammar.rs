//! The record's layout: a game, its tags, its lines of turns with their
//! comments, NAGs and variations, and its result. One function per
//! production of `notation/SPEC.md`, each under the production it reads.

use nom::branch::alt;
use nom::bytes::complete::tag as literal;
use nom::character::complete::{char, satisfy, space0};
use nom::combinator::{cut, eof, opt, recognize, value};
use nom::error::context;
use nom::multi::{fold, many1_count, separated_list1};
use nom::sequence::{preceded, terminated};
use nom::Parser;

use super::error::{expect, fail, fail_spanning, found, miss, Error, PResult};
use super::token::{digits, until_byte, until_bytes};
use super::turn::{number, seat, turn};
use super::{State, Syntax, MAX_NESTING};
use crate::ast::{Comment, Comments, Game, Line, Nag, Outcome, Tag, Turn};

/// Longest tag name accepted (seat and hole names: [`Name::MAX`](crate::Name::MAX)).
const MAX_TAG_NAME: usize = 32;

/// A whole record: a game, then nothing but white space (`otherwise`: the
/// message when something else follows and it does not look like turns).
pub(super) fn record<'a>(i: &'a str, s: &State<'a>, otherwise: &'static str) -> PResult<'a, Game> {
    let (i, game) = game(i, s)?;
    let (i, ()) = end(i, game.outcome.winners.is_empty(), otherwise)?;
    Ok((i, game))
}

/// What follows a record's result: white space to the end of the input
/// (`unfinished`: the result is `*`; `otherwise`: the message when
/// something else follows and it does not look like turns).
pub(super) fn end<'a>(i: &'a str, unfinished: bool, otherwise: &'static str) -> PResult<'a, ()> {
    let (i, ()) = ws(i)?;
    match eof::<_, Error<'a>>(i) {
        Ok((i, _)) => Ok((i, ())),
        Err(_) => {
            // Turns after a `*` were most likely meant to follow a capture
            // mark written with a space.
            let turn_follows = i
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit() || c.is_ascii_uppercase());
            if unfinished && turn_follows {
                return fail(
                    i,
                    "a result token (*) ends the game before these turns; \
                     a capture mark is written without a space (r9-r12*)",
                );
            }
            fail(i, otherwise)
        }
    }
}

/// White space between tokens: spaces, tabs, line breaks and byte-order
/// marks. Never fails.
#[inline(always)]
pub(super) fn ws(i: &str) -> PResult<'_, ()> {
    Ok((skip_ws(i), ()))
}

/// [`ws`], as a plain function: the rest of `i` after its white space.
#[inline(always)]
pub(super) fn skip_ws(i: &str) -> &str {
    let bytes = i.as_bytes();
    // The commonest case by far, one line break between two turns.
    match bytes.first() {
        Some(b'\n') if bytes.get(1).is_some_and(u8::is_ascii_alphanumeric) => return &i[1..],
        // No white space at all (a turn after the white space already
        // skipped before it).
        Some(b) if !matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0xEF) => return i,
        _ => {}
    }
    skip_any_ws(i)
}

#[inline(never)]
fn skip_any_ws(i: &str) -> &str {
    let bytes = i.as_bytes();
    let mut pos = 0;
    while let Some(&b) = bytes.get(pos) {
        match b {
            b' ' | b'\t' | b'\r' | b'\n' => pos += 1,
            // U+FEFF, the byte order mark.
            0xEF if bytes.get(pos + 1..pos + 3) == Some(&[0xBB, 0xBF]) => pos += 3,
            _ => break,
        }
    }
    &i[pos..]
}

/// game = { tag } movetext result ;
fn game<'a>(i: &'a str, s: &State<'a>) -> PResult<'a, Game> {
    let (i, ()) = ws(i)?;
    let start = s.mark(i);
    let (i, tags) = tags(i, s)?;
    let game = tags.iter().find(|t| t.name == "Game");
    s.syntax
        .set(game.map_or(Syntax::Any, |t| Syntax::of_game(&t.value)));
    let (i, line) = movetext(i, s)?;
    let (i, outcome) = result(i, s)?;
    Ok((
        i,
        Game {
            tags,
            line,
            outcome,
            span: s.span(start, i),
        },
    ))
}

/// { tag }, each followed by white space.
///
/// A tag in the shape the writer gives it, `[Name "value"]`, is read by
/// [`plain_tag`] ([`State::fast`]); any other by [`tag`], which reads the
/// same tag, spans included, the same way (the tests compare the two).
pub(super) fn tags<'a>(mut i: &'a str, s: &State<'a>) -> PResult<'a, Vec<Tag>> {
    let mut tags = Vec::new();
    loop {
        let read = match s.fast.then(|| plain_tag(i, s)).flatten() {
            Some(read) => read,
            None => match tag(i, s) {
                Ok(read) => read,
                Err(nom::Err::Error(_)) => return Ok((i, tags)),
                Err(e) => return Err(e),
            },
        };
        if tags.is_empty() {
            // Records have a handful of tags: room for them at once.
            tags.reserve(8);
        }
        tags.push(read.1);
        i = s.ws(read.0);
    }
}

/// The fast path for a tag: `[`, a name, one space, a quoted value
/// without a backslash, `]`. `None`, having read nothing, on anything
/// else, which [`tag`] reads (or refuses) instead.
fn plain_tag<'a>(open: &'a str, s: &State<'a>) -> Option<(&'a str, Tag)> {
    let bytes = open.as_bytes();
    if bytes.first() != Some(&b'[') || !bytes.get(1)?.is_ascii_alphabetic() {
        return None;
    }
    let name_end = 2 + bytes[2..]
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_'))?;
    if name_end - 1 > MAX_TAG_NAME || bytes.get(name_end..name_end + 2)? != b" \"" {
        return None;
    }
    let value_start = name_end + 2;
    let value_len = bytes[value_start..]
        .iter()
        .position(|&b| matches!(b, b'"' | b'\\' | b'\n'))?;
    let value_end = value_start + value_len;
    if bytes.get(value_end..value_end + 2)? != b"\"]" {
        return None;
    }
    let rest = &open[value_end + 2..];
    let start = s.mark(open);
    if open.as_bytes().get(value_end + 2) == Some(&b'\n') {
        // A tag alone on its line, as written: the cursor steps to its
        // end without reading it.
        s.pass_to_break(start.start, start.start + value_end + 2);
    }
    Some((
        rest,
        Tag {
            name: open[1..name_end].to_string(),
            value: open[value_start..value_end].to_string(),
            span: s.span(start, rest),
        },
    ))
}

/// tag = "[" tag-name string "]" ;
fn tag<'a>(open: &'a str, s: &State<'a>) -> PResult<'a, Tag> {
    let (i, _) = char('[').parse(open)?;
    let start = s.mark(open);
    let (i, name) = preceded(
        space0,
        expect(tag_name, |found| {
            format!("expected a tag name after '[', found {found}")
        }),
    )
    .parse(i)?;
    if name.len() > MAX_TAG_NAME {
        return fail_spanning(open, s.offset(i) - start.start, "tag name is too long");
    }
    let (i, value) = preceded(
        space0,
        expect(string, |found| {
            format!("expected a quoted value after the tag name {name}, found {found}")
        }),
    )
    .parse(i)?;
    let (i, _) = preceded(
        space0,
        expect(char(']'), |found| {
            format!("expected ']' to close the tag, found {found}")
        }),
    )
    .parse(i)?;
    Ok((
        i,
        Tag {
            name: name.to_string(),
            value,
            span: s.span(start, i),
        },
    ))
}

/// tag-name = letter { letter | digit | "_" } ;
fn tag_name(i: &str) -> PResult<'_, &str> {
    context(
        "a tag name",
        recognize((
            satisfy(|c| c.is_ascii_alphabetic()),
            nom::bytes::complete::take_while(|c: char| c.is_ascii_alphanumeric() || c == '_'),
        )),
    )
    .parse(i)
}

/// string = '"' { char - ('"' | "\" | newline) | '\"' | "\\" } '"' ;
///
/// Misses without a quote; once open, fails for good.
fn string(open: &str) -> PResult<'_, String> {
    let (i, _) = char('"').parse(open)?;
    let text = until_bytes(b'"', b'\\', b'\n');
    let escape = preceded(
        char('\\'),
        alt((value("\"", char('"')), value("\\", char('\\')))),
    );
    let (i, value) = fold(0.., alt((text, escape)), String::new, |mut value, piece| {
        value.push_str(piece);
        value
    })
    .parse(i)?;
    match i.as_bytes().first() {
        Some(b'"') => Ok((&i[1..], value)),
        Some(b'\\') => fail(
            i,
            "unknown escape in a tag value (only \\\" and \\\\ are allowed)",
        ),
        _ => fail_spanning(
            open,
            1,
            "unclosed tag value: expected '\"' before the end of the line",
        ),
    }
}

/// movetext = line ;
///
/// The main line's turns go where [`State::reuse`] says, with room for one
/// turn a line, as canonical records have: growing (and copying) them as
/// they come costs more. Where lines are long (a game written on a few
/// lines), room for one turn a turn number instead: the list would
/// otherwise double as it grows, to up to twice the memory the game needs.
fn movetext<'a>(i: &'a str, s: &State<'a>) -> PResult<'a, Line> {
    let reused = s.reuse.take();
    let is_reused = reused.is_some();
    let mut turns = reused.unwrap_or_default();
    let lines = s.lines_from(i);
    let room = if i.len() > LONG_LINES * (lines + 1) {
        lines.max(memchr::memchr_iter(b'.', i.as_bytes()).count())
    } else {
        lines
    };
    turns.reserve(room);
    let (i, mut line) = line(i, s, 0, 1, turns)?;
    if !is_reused && line.turns.capacity() > 2 * line.turns.len() {
        line.turns.shrink_to_fit();
    }
    Ok((i, line))
}

/// Lines longer than this on average are long ([`movetext`]): a turn a
/// line is far shorter.
const LONG_LINES: usize = 256;

/// line = { comment } { turn-entry } ;
///
/// A line at `depth` (0: the main line) whose first turn, unless numbered,
/// is number `first_number`, its turns going into `turns`. It ends before
/// `)` in a variation, before the result on the main line: anything else
/// there is an error ([`line_end`]).
fn line<'a>(
    i: &'a str,
    s: &State<'a>,
    depth: usize,
    first_number: u32,
    turns: Vec<Turn>,
) -> PResult<'a, Line> {
    let mut line = Line {
        turns,
        comments: Vec::new(),
    };
    let mut before = Comments::new();
    let (mut i, ()) = comments(i, s, &mut before)?;
    let mut number = first_number;
    loop {
        match turn_entry(i, s, depth, number, &mut before, &mut line.turns) {
            Ok((rest, written)) => {
                i = rest;
                number = written.saturating_add(1);
            }
            Err(nom::Err::Error(_)) => break,
            Err(e) => return Err(e),
        }
    }
    let (i, ()) = ws(i)?;
    let (i, ()) = line_end(i, s, depth, None)?;
    if line.turns.is_empty() {
        line.comments = before.into_vec();
    }
    Ok((i, line))
}

/// `{ comment }`, each after white space, into `into`.
pub(super) fn comments<'a>(mut i: &'a str, s: &State<'a>, into: &mut Comments) -> PResult<'a, ()> {
    loop {
        let (rest, ()) = ws(i)?;
        match comment(rest, s) {
            Ok((rest, comment)) => {
                into.push(comment);
                i = rest;
            }
            Err(nom::Err::Error(_)) => return Ok((i, ())),
            Err(e) => return Err(e),
        }
    }
}

/// turn-entry = [ number "." { "." } ] { comment } turn { nag | comment | variation } ;
///
/// (The annotations after a turn come in any order, NAGs after comments
/// too.) Comments `before` go to the turn; the turn goes into `turns`, its
/// number written or else `number`, which is returned. Misses where no
/// number nor seat starts.
pub(super) fn turn_entry<'a>(
    i: &'a str,
    s: &State<'a>,
    depth: usize,
    number: u32,
    before: &mut Comments,
    turns: &mut Vec<Turn>,
) -> PResult<'a, u32> {
    let i = s.ws(i);
    let fast = if s.fast && i.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        super::fast::turn(i, s, before, turns)
    } else {
        None
    };
    let (i, number) = match fast {
        Some(read) => read,
        None => {
            let (i, written) = opt(turn_number).parse(i)?;
            let i = match written {
                Some(_) => comments(i, s, before)?.0,
                None => i,
            };
            let (i, ()) = ws(i)?;
            if !i.as_bytes().first().is_some_and(u8::is_ascii_uppercase) {
                return match written {
                    // What stands there is an error: the number was a
                    // turn's.
                    Some(n) => line_end(i, s, depth, Some(n)).and_then(|_| miss(i)),
                    None => miss(i),
                };
            }
            let number = written.map_or(number, |(n, _)| n);
            let (i, turn) = turn(i, s, number, before)?;
            super::make_room(turns);
            turns.push(turn);
            (i, number)
        }
    };
    let Some(turn) = turns.last_mut() else {
        return miss(i);
    };
    let (i, ()) = annotations(i, s, depth, turn)?;
    Ok((i, number))
}

/// number "." { "." }: a written turn number, and where it starts. Misses
/// without a digit; fails after one.
fn turn_number(i: &str) -> PResult<'_, (u32, &str)> {
    let (rest, n) = number(i)?;
    let (rest, _) = expect(many1_count(char('.')), |found| {
        format!("expected '.' after the turn number {n}, found {found}")
    })(rest)?;
    Ok((rest, (n, i)))
}

/// What may end a line at `i` (after white space): `)` in a variation, the
/// result on the main line; an error on anything else, saying what was
/// expected. `number`: a turn number written just before, with no turn
/// after it.
pub(super) fn line_end<'a>(
    i: &'a str,
    s: &State<'a>,
    depth: usize,
    number: Option<(u32, &'a str)>,
) -> PResult<'a, ()> {
    let dangling = |(n, at): (u32, &'a str)| {
        fail_spanning(at, 1, format!("turn number {n}. is not followed by a turn"))
    };
    match i.as_bytes().first() {
        None => {
            if let Some(number) = number {
                return dangling(number);
            }
            let end = &s.src[s.src.trim_end().len()..];
            fail_spanning(
                end,
                0,
                if depth > 0 {
                    "unclosed variation: expected ')' before the end of the game"
                } else {
                    "missing result: expected a turn or a result token (*, =R) before the end of the game"
                },
            )
        }
        Some(b'0'..=b'9') if number.is_some() => fail(
            i,
            "expected a turn after the turn number, found another number",
        ),
        Some(b'$' | b'!' | b'?') => {
            let (_, nag) = nag(i, s)?;
            fail_spanning(i, nag.span.len(), "a NAG must follow a turn")
        }
        Some(b'(') => fail(i, "a variation must follow the turn it replaces"),
        Some(b')') if depth == 0 => fail(i, "')' without a matching '('"),
        Some(b'*' | b'=') if depth > 0 => fail(
            i,
            "a result cannot stand inside a variation: expected ')'",
        ),
        Some(b')' | b'*' | b'=') => match number {
            Some(number) => dangling(number),
            None => Ok((i, ())),
        },
        Some(b'a'..=b'z') => {
            let word: String = i
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            fail(
                i,
                format!(
                    "expected a turn starting with its seat in uppercase (like `R6 r9-r15`), found `{word}`"
                ),
            )
        }
        Some(_) => fail(
            i,
            format!(
                "expected a turn (like `R6 r9-r15`), a comment, a NAG, a variation or a result (*, =R), found {}",
                found(i)
            ),
        ),
    }
}

/// { nag | comment | variation }, each after white space, into `turn`;
/// the rest after the white space that follows them.
///
/// The byte an annotation starts with chooses its production, as `alt`
/// would, without trying the others in turn: this runs after every turn,
/// and most turns have none (the check is inlined where turns are read).
#[inline(always)]
fn annotations<'a>(i: &'a str, s: &State<'a>, depth: usize, turn: &mut Turn) -> PResult<'a, ()> {
    let i = s.ws(i);
    match i.as_bytes().first() {
        Some(b'{' | b'$' | b'!' | b'?' | b'(') => more_annotations(i, s, depth, turn),
        _ => Ok((i, ())),
    }
}

/// [`annotations`], at least one.
fn more_annotations<'a>(
    mut i: &'a str,
    s: &State<'a>,
    depth: usize,
    turn: &mut Turn,
) -> PResult<'a, ()> {
    loop {
        let rest = s.ws(i);
        i = match rest.as_bytes().first() {
            Some(b'{') => {
                let (rest, comment) = comment(rest, s)?;
                turn.after_mut().push(comment);
                rest
            }
            Some(b'$' | b'!' | b'?') => {
                let (rest, nag) = nag(rest, s)?;
                turn.nags_mut().push(nag);
                rest
            }
            Some(b'(') => {
                let (rest, line) = variation(rest, s, depth, turn.number)?;
                turn.variations_mut().push(line);
                rest
            }
            _ => return Ok((rest, ())),
        };
    }
}

/// variation = "(" line ")" ;
///
/// An alternative to the turn numbered `number` of a line at `depth`.
fn variation<'a>(open: &'a str, s: &State<'a>, depth: usize, number: u32) -> PResult<'a, Line> {
    let (i, _) = char('(').parse(open)?;
    if depth + 1 > MAX_NESTING {
        return fail(
            open,
            format!("variations nested more than {MAX_NESTING} deep"),
        );
    }
    let (i, line) = line(i, s, depth + 1, number, Vec::new())?;
    match char::<_, Error<'a>>(')').parse(i) {
        Ok((i, _)) => Ok((i, line)),
        Err(_) => fail_spanning(open, 1, "unclosed variation"),
    }
}

/// comment = "{" { char - "}" } "}" ;
fn comment<'a>(open: &'a str, s: &State<'a>) -> PResult<'a, Comment> {
    let (i, _) = char('{').parse(open)?;
    let start = s.mark(open);
    let (i, body) = match terminated(until_byte(b'}'), char('}')).parse(i) {
        Ok(read) => read,
        Err(_) => return fail_spanning(open, 1, "unclosed comment: expected '}'"),
    };
    let body = body.trim_ascii();
    let text = if is_folded(body.as_bytes()) {
        crate::small_text(body)
    } else {
        let mut text = String::with_capacity(body.len());
        for word in body.split_ascii_whitespace() {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(word);
        }
        smol_str::SmolStr::from(text)
    };
    Ok((
        i,
        Comment {
            text,
            span: s.span(start, i),
        },
    ))
}

/// Whether a comment's text is already folded, as most are: words apart by
/// single spaces, no other white space (checked in one pass over the bytes).
fn is_folded(text: &[u8]) -> bool {
    let mut after_space = false;
    for &b in text {
        match b {
            b' ' if after_space => return false,
            b' ' => after_space = true,
            b'\t' | b'\n' | b'\r' | 0x0C => return false,
            _ => after_space = false,
        }
    }
    true
}

/// nag = "$" digits | "!" | "?" | "!!" | "??" | "!?" | "?!" ;
pub(super) fn nag<'a>(i: &'a str, s: &State<'a>) -> PResult<'a, Nag> {
    let numbered = preceded(char('$'), cut(context("a number after '$'", digits)))
        .map(|n| n.unwrap_or(u32::MAX));
    let glyph = alt((
        value(3, literal("!!")),
        value(4, literal("??")),
        value(5, literal("!?")),
        value(6, literal("?!")),
        value(1, char('!')),
        value(2, char('?')),
    ));
    let (rest, code) = alt((numbered, glyph)).parse(i)?;
    let start = s.mark(i);
    let Ok(code) = u8::try_from(code) else {
        return fail_spanning(
            i,
            s.offset(rest) - start.start,
            "NAG numbers go from $0 to $255",
        );
    };
    let (rest, ()) = super::turn::delimiter(rest, false, "the NAG")?;
    Ok((
        rest,
        Nag {
            code,
            span: s.span(start, rest),
        },
    ))
}

/// result = "*" | "=" seat { "+" seat } ;
pub(super) fn result<'a>(i: &'a str, s: &State<'a>) -> PResult<'a, Outcome> {
    let (i, ()) = ws(i)?;
    let start = s.mark(i);
    let winner = expect(seat, |found| {
        format!("expected a winning seat in the result (like `=R` or `=R+G`), found {found}")
    });
    let (rest, winners) = context(
        "a result token (*, =R)",
        cut(alt((
            value(Vec::new(), char('*')),
            preceded(char('='), separated_list1(char('+'), winner)),
        ))),
    )
    .parse(i)?;
    match rest.as_bytes().first() {
        None | Some(b' ' | b'\t' | b'\n' | b'\r') => {}
        Some(_) => return fail(rest, format!("unexpected {} after the result", found(rest))),
    }
    Ok((
        rest,
        Outcome {
            winners,
            span: s.span(start, rest),
        },
    ))
}
