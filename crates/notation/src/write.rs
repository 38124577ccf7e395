//! The canonical writer.
//!
//! Layout rules (SPEC.md, "Canonical form"), the layout a person writes by
//! hand:
//! - tags one per line in the order written, then a blank line;
//! - the comments before the first turn (or, in a game without turns, the
//!   game's comments) each on a line of its own;
//! - one turn per line, always numbered: `12. R6 r9-r15* ! {comment}`;
//!   NAGs, then comments, then variations follow the turn on its line;
//! - variations are written inline, `(12. R4 r9-r13)`, comments before a
//!   variation's first turn before its number, other comments before a
//!   turn between its number and its head;
//! - lines are never wrapped, however long;
//! - the result token alone on the last line, then one blank line between games.

use std::fmt::{self, Display, Write as _};

use crate::ast::{Action, Capture, Comment, Game, Head, Line, Nag, Outcome, Tag, Turn};

mod bytes;
pub use bytes::{put_action, put_brief, put_head, put_number, put_pair_brief};

/// Writes one game in canonical form, ending with a newline.
///
/// ```
/// let game = billes_notation::parse_game("[Game \"aggravation\"] {start} 1.R6 +  2. R1 r9-r10 {ok} *").unwrap();
/// assert_eq!(
///     billes_notation::write_game(&game),
///     "[Game \"aggravation\"]\n\n{start}\n1. R6 +\n2. R1 r9-r10 {ok}\n*\n"
/// );
/// ```
pub fn write_game(game: &Game) -> String {
    let mut out = String::new();
    write_game_to(game, &mut out);
    out
}

/// Appends one game in canonical form to `out`.
pub fn write_game_to(game: &Game, out: &mut String) {
    for tag in &game.tags {
        let _ = writeln!(out, "{tag}");
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    // The opening comments, each on its own line: on reading, comments at
    // the start of the movetext are the first turn's comments before.
    let opening = game
        .line
        .comments
        .iter()
        .chain(game.line.turns.first().map_or(&[][..], |t| t.before()));
    for comment in opening {
        let _ = writeln!(out, "{comment}");
    }
    let mut words = Vec::new();
    for (i, turn) in game.line.turns.iter().enumerate() {
        words.clear();
        let before = if i == 0 {
            Before::OwnLines
        } else {
            Before::Head
        };
        turn_words(turn, before, &mut words);
        emit(out, &words);
    }
    let _ = writeln!(out, "{}", game.outcome);
}

/// Writes games one after another, separated by blank lines.
pub fn write_games<'a>(games: impl IntoIterator<Item = &'a Game>) -> String {
    let mut out = String::new();
    for (i, game) in games.into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_game_to(game, &mut out);
    }
    out
}

/// Emits words on one line, separated by single spaces.
fn emit(out: &mut String, words: &[String]) {
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(word);
    }
    out.push('\n');
}

/// Where a turn's comments before are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Before {
    /// Before its number: the first turn of a variation.
    Number,
    /// Between its number and its head: a later turn of a line.
    Head,
    /// Not with the turn: the game's first turn, whose comments before
    /// have lines of their own.
    OwnLines,
}

fn turn_words(turn: &Turn, before: Before, words: &mut Vec<String>) {
    if before == Before::Number {
        words.extend(turn.before().iter().map(Comment::to_string));
    }
    words.push(format!("{}.", turn.number));
    if before == Before::Head {
        words.extend(turn.before().iter().map(Comment::to_string));
    }
    words.push(turn.head.to_string());
    words.extend(turn.actions.iter().map(Action::to_string));
    words.extend(turn.nags().iter().map(Nag::to_string));
    words.extend(turn.after().iter().map(Comment::to_string));
    for variation in turn.variations() {
        let mut inner = Vec::new();
        line_words(variation, &mut inner);
        if let Some(first) = inner.first_mut() {
            first.insert(0, '(');
        } else {
            inner.push("(".into());
        }
        if let Some(last) = inner.last_mut() {
            last.push(')');
        }
        // "(" + "" + ")" for an empty variation.
        words.extend(inner);
    }
}

fn line_words(line: &Line, words: &mut Vec<String>) {
    words.extend(line.comments.iter().map(Comment::to_string));
    for (i, turn) in line.turns.iter().enumerate() {
        let before = if i == 0 { Before::Number } else { Before::Head };
        turn_words(turn, before, words);
    }
}

impl Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        f.write_str(&self.name)?;
        f.write_str(" \"")?;
        for c in self.value.chars() {
            match c {
                '"' => f.write_str("\\\"")?,
                '\\' => f.write_str("\\\\")?,
                c => f.write_char(c)?,
            }
        }
        f.write_str("\"]")
    }
}

impl Display for Comment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.text.is_empty() {
            f.write_str("{}")
        } else {
            write!(f, "{{{}}}", self.text)
        }
    }
}

impl Display for Nag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.symbol() {
            Some(s) => f.write_str(s),
            None => write!(f, "${}", self.code),
        }
    }
}

impl Display for Head {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_head(f, self)
    }
}

impl Display for Capture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_capture(f, self)
    }
}

impl Display for Action {
    /// The action in notation: `--`, `+r9*`, `r9-r14*`, `c5-f7#`, `c3:c5>e*t4=3`, `#f7`, `~`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_action(f, self)
    }
}

/// Writes a turn head in canonical BGN (`R6`, `G4>Y`, `R5-3`, `B`) to
/// `out`: what its `Display` writes. Generic over where it writes, so that
/// a program writing many turns into a `String` (a game's key, export's
/// `move` column) goes without the formatting machinery, by the one
/// writer.
///
/// ```
/// let game = billes_notation::parse_game("[Seats \"R G\"]\n\n1. R4>G r9-r13 *\n").unwrap();
/// let turn = &game.line.turns[0];
/// let mut text = String::new();
/// billes_notation::write_head(&mut text, &turn.head).unwrap();
/// billes_notation::write_action(&mut text, &turn.actions[0]).unwrap();
/// assert_eq!(text, "R4>Gr9-r13");
/// assert_eq!(text, format!("{}{}", turn.head, turn.actions[0]));
/// ```
pub fn write_head<W: fmt::Write + ?Sized>(out: &mut W, head: &Head) -> fmt::Result {
    head.seat.write_to(out)?;
    if let Some(roll) = head.roll {
        write_number(out, roll)?;
    }
    if let Some(second) = head.second {
        out.write_char('-')?;
        write_number(out, u32::from(second))?;
    }
    if let Some(mover) = &head.mover {
        out.write_char('>')?;
        mover.write_to(out)?;
    }
    Ok(())
}

/// Writes a capture mark (`*`, `*t4=3`) to `out`: what its `Display`
/// writes.
pub fn write_capture<W: fmt::Write + ?Sized>(out: &mut W, capture: &Capture) -> fmt::Result {
    out.write_char('*')?;
    if let Some(target) = &capture.target {
        target.write_to(out)?;
    }
    if let Some(points) = capture.points {
        out.write_char('=')?;
        write_number(out, points)?;
    }
    Ok(())
}

/// Writes an action in canonical BGN to `out`: what its `Display` writes
/// (see [`write_head`]).
pub fn write_action<W: fmt::Write + ?Sized>(out: &mut W, action: &Action) -> fmt::Result {
    match action {
        Action::Pass { .. } => out.write_str("--"),
        Action::Place { to, capture, .. } => {
            out.write_char('+')?;
            if let Some(to) = to {
                to.write_to(out)?;
            }
            if let Some(c) = capture {
                write_capture(out, c)?;
            }
            Ok(())
        }
        Action::Move {
            path,
            capture,
            barricade,
            ..
        } => {
            for (i, hole) in path.iter().enumerate() {
                if i > 0 {
                    out.write_char('-')?;
                }
                hole.write_to(out)?;
            }
            if let Some(c) = capture {
                write_capture(out, c)?;
            }
            if *barricade {
                out.write_char('#')?;
            }
            Ok(())
        }
        Action::Line {
            from,
            to,
            direction,
            capture,
            ..
        } => {
            from.write_to(out)?;
            if let Some(to) = to {
                out.write_char(':')?;
                to.write_to(out)?;
            }
            out.write_char('>')?;
            direction.write_to(out)?;
            if let Some(c) = capture {
                write_capture(out, c)?;
            }
            Ok(())
        }
        Action::Barricade { at, .. } => {
            out.write_char('#')?;
            at.write_to(out)
        }
        Action::Remove { .. } => out.write_char('~'),
    }
}

/// Writes `n` in decimal, as `Display` does.
///
/// ```
/// let mut text = String::new();
/// for n in (0..=2_000).chain([9_999, 10_000, u32::MAX]) {
///     text.clear();
///     billes_notation::write_number(&mut text, n)?;
///     assert_eq!(text, n.to_string());
/// }
/// # Ok::<(), std::fmt::Error>(())
/// ```
pub fn write_number<W: fmt::Write + ?Sized>(out: &mut W, n: u32) -> fmt::Result {
    // A character at a time: the digits are ASCII, and making them a
    // `str` would check them. The numbers of a record (turns, rolls,
    // points) are below 1,000: their digits are taken at once, without
    // the loop of `decimal_digits`.
    let digit = |n: u32| char::from(b'0' + (n % 10) as u8);
    match n {
        0..=9 => out.write_char(digit(n)),
        10..=99 => {
            out.write_char(digit(n / 10))?;
            out.write_char(digit(n))
        }
        100..=999 => {
            out.write_char(digit(n / 100))?;
            out.write_char(digit(n / 10))?;
            out.write_char(digit(n))
        }
        _ => decimal_digits(n, &mut [0; 10])
            .iter()
            .try_for_each(|&d| out.write_char(char::from(d))),
    }
}

/// `n` in decimal, as `Display` writes it, made in `digits`: for a writer
/// of bytes (`billes export`'s JSON) as for [`write_number`].
///
/// ```
/// assert_eq!(billes_notation::decimal(4_294_967_295, &mut [0; 10]), "4294967295");
/// assert_eq!(billes_notation::decimal(0, &mut [0; 10]), "0");
/// ```
pub fn decimal(n: u32, digits: &mut [u8; 10]) -> &str {
    // The digits are ASCII.
    std::str::from_utf8(decimal_digits(n, digits)).unwrap_or_default()
}

/// The ASCII digits of `n` in decimal, written at the end of `digits`:
/// [`decimal`]'s bytes, for a writer of bytes.
///
/// ```
/// assert_eq!(billes_notation::decimal_digits(2026, &mut [0; 10]), b"2026");
/// ```
pub fn decimal_digits(mut n: u32, digits: &mut [u8; 10]) -> &[u8] {
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &digits[at..]
}

impl Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.token())
    }
}

impl Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_game(self))
    }
}
