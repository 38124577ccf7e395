//! The fast path for a turn in the shape the writer gives it: a number, one
//! dot and one space, the head, and actions each after one space
//! (`12. R6 r9-r15*`, `13. B3 --`, `14. G6 +`, `15. Y4 e3-c4 #o4`,
//! `16. R c3:c5>e*t4=3 ~`). Only a team head (`G4>Y`) always goes the
//! general way.
//!
//! It scans plain bytes and builds the turn only when everything it saw is
//! in that shape and the turn visibly ends (the next token is not an action).
//! On anything else it changes nothing and the general parser reads the turn
//! instead, so errors, spans and the tree are the same either way: the fast
//! path only ever accepts what the general path reads identically.

use super::token::{name_len, seat_len};
use super::State;
use crate::ast::{Action, Actions, Capture, Comments, Name, Path, Span, Turn};

/// At most this many digits are read as a number here: no overflow check needed.
pub(super) const MAX_DIGITS: usize = 9;

/// The digits at `i`: how many, and their value (meaningful up to [`MAX_DIGITS`]).
pub(super) fn digits(bytes: &[u8], mut i: usize) -> (usize, u32) {
    let start = i;
    let mut n: u32 = 0;
    while let Some(&b) = bytes.get(i) {
        if !b.is_ascii_digit() {
            break;
        }
        n = n.wrapping_mul(10).wrapping_add(u32::from(b - b'0'));
        i += 1;
    }
    (i - start, n)
}

/// The name at `i` of `bytes` (a lowercase letter, then letters and
/// digits, at most [`Name::MAX`] bytes), and where it ends; `None` when
/// there is none or it is longer.
#[inline(always)]
pub(super) fn name_at(bytes: &[u8], i: usize) -> Option<(Name, usize)> {
    let (len, key) = name_len(bytes.get(i..)?);
    if len == 0 || len > Name::MAX {
        return None;
    }
    Some((Name::from_word(key, len), i + len))
}

/// The target and the points of a capture mark read from `end`, just past
/// its `*` (`*t4=3`, `*t4`, `*=3`), and where they end; `None` when the
/// points are not a plain number.
#[inline(always)]
pub(super) fn scoring(bytes: &[u8], mut end: usize) -> Option<(Option<Name>, Option<u32>, usize)> {
    let mut target = None;
    if matches!(bytes.get(end), Some(b'a'..=b'z')) {
        let (name, next) = name_at(bytes, end)?;
        target = Some(name);
        end = next;
    }
    let mut points = None;
    if bytes.get(end) == Some(&b'=') {
        let (len, value) = digits(bytes, end + 1);
        if len == 0 || len > MAX_DIGITS {
            return None;
        }
        end += 1 + len;
        points = Some(value);
    }
    Some((target, points, end))
}

/// Bytes that start an action.
fn starts_action(b: u8) -> bool {
    matches!(b, b'-' | b'+' | b'#' | b'~' | b'a'..=b'z')
}

/// Reads the numbered turn at the start of `i` (a digit) when it is in
/// canonical shape, appends it to `turns` with the comments `before` it,
/// and returns the rest and its number; returns `None`, having changed
/// nothing, when the combinators must read it.
///
/// Turns laid out as the writer lays them out, each followed by one line
/// break and the next turn's number, are read in one go: the turns between
/// have no annotations, so the combinators have nothing to do between them.
/// The run stops once `turns` holds `s.max_turns` (a piece of a game read
/// a piece at a time). The rest and the number returned are the last
/// turn's.
pub(super) fn turn<'a>(
    i: &'a str,
    s: &State<'a>,
    before: &mut Comments,
    turns: &mut Vec<Turn>,
) -> Option<(&'a str, u32)> {
    let bytes = s.src.as_bytes();
    // The first turn is located with the cursor; the turns after it start
    // their lines: their spans are made from the line's number, and the
    // cursor is moved once, at the end. (One call site, so that the turn's
    // reading is inlined in this loop.)
    let (mut pos, mut line) = (s.offset(i), None);
    // The last turn read: where it ends, its number, and its line and the
    // line's start when it began its line.
    let mut last = None;
    while let Some((end, number)) = s.fast_turn(pos, line, before, turns) {
        last = Some((end, number, line.map(|line| (line, pos))));
        let next = line.unwrap_or_else(|| s.cursor_line()).checked_add(1);
        match next {
            Some(next)
                if bytes.get(end) == Some(&b'\n')
                    && end + 1 < s.limit
                    && turns.len() < s.max_turns
                    && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) =>
            {
                (pos, line) = (end + 1, Some(next));
            }
            _ => break,
        }
    }
    let (end, number, on_line) = last?;
    if let Some((line, line_start)) = on_line {
        s.set_cursor_on_ascii_line(end, line, line_start);
    }
    Some((&s.src[end..], number))
}

impl State<'_> {
    /// [`turn`], at offset `pos`: where the turn ends, and its number.
    /// `line`: the line of `pos` when `pos` starts it; the cursor is then
    /// neither read nor moved (the caller moves it).
    #[inline(always)]
    fn fast_turn(
        &self,
        pos: usize,
        line: Option<u32>,
        before: &mut Comments,
        turns: &mut Vec<Turn>,
    ) -> Option<(usize, u32)> {
        let bytes = self.src.as_bytes();
        let (len, number) = digits(bytes, pos);
        if len > MAX_DIGITS || bytes.get(pos + len..pos + len + 2) != Some(b". ") {
            return None;
        }
        // The head: a seat, the roll, one space.
        let start = pos + len + 2;
        // Most seats are one capital letter: taken without scanning a word.
        let (seat, seat_end) = match (bytes.get(start), bytes.get(start + 1)) {
            (Some(&b @ b'A'..=b'Z'), Some(next)) if !next.is_ascii_lowercase() => {
                (Name::from_word(u64::from(b), 1), start + 1)
            }
            _ => self.fast_name(start, seat_len(bytes.get(start..)?))?,
        };
        let (len, value) = digits(bytes, seat_end);
        if len > MAX_DIGITS {
            return None;
        }
        // The head ends at one space, or a second die comes first (`R5-3`):
        // one digit after the dash; anything longer is the grammar's. A
        // head of one die (most) is told by its one byte after the roll.
        let dice_end = seat_end + len;
        let (second, head_end) = match bytes.get(dice_end) {
            Some(b' ') => (None, dice_end),
            Some(b'-') if len > 0 => match bytes.get(dice_end + 1..dice_end + 3) {
                Some(&[d, b' ']) if d.is_ascii_digit() => (Some(d - b'0'), dice_end + 2),
                _ => return None,
            },
            _ => return None,
        };
        // Spans from here on lie on the current line: its line and where
        // its columns start are read once.
        let at = match line {
            None => self.line_at(pos, start)?,
            Some(line) => self.line_from_start(pos, line)?,
        };
        // The turn is built in its place at the end of `turns` (see
        // `Turn::BLANK`), its actions pushed into it, and taken back out
        // when the general parser must read it.
        super::make_room(turns);
        turns.push(Turn::BLANK);
        let turn = turns.last_mut()?;
        turn.number = number;
        turn.head.seat = seat;
        turn.head.roll = (len > 0).then_some(value);
        turn.head.second = second;
        turn.head.span = at.span(start, head_end);
        match self.fast_actions(at, head_end + 1, turns) {
            Some(end) => {
                let turn = turns.last_mut()?;
                turn.span = at.span(start, end);
                if !before.is_empty() {
                    *turn.before_mut() = std::mem::take(before);
                }
                if line.is_none() {
                    self.pass_ascii(pos, end);
                }
                Some((end, number))
            }
            None => {
                turns.pop();
                None
            }
        }
    }

    /// The actions at `i`, each after one space, pushed onto the last of
    /// `turns`, up to a byte that ends the turn; where they end.
    #[inline(always)]
    fn fast_actions(&self, at: LineAt, mut i: usize, turns: &mut [Turn]) -> Option<usize> {
        let bytes = self.src.as_bytes();
        let actions = &mut turns.last_mut()?.actions;
        loop {
            let end = self.fast_action(at, i, actions)?;
            match bytes.get(end) {
                None => return Some(end),
                Some(b' ') if bytes.get(end + 1).is_some_and(|&b| starts_action(b)) => i = end + 1,
                Some(b' ' | b'\t' | b'\r' | b'\n') => {
                    // The turn ends unless white space leads to another action.
                    let next = bytes[end..]
                        .iter()
                        .find(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
                    return match next {
                        Some(&b) if starts_action(b) || b >= 0x80 => None,
                        _ => Some(end),
                    };
                }
                Some(b'{' | b'(' | b')' | b'$' | b'!' | b'?') => return Some(end),
                Some(_) => return None,
            }
        }
    }

    /// The line of `start`, after ASCII bytes (a turn number) on the line
    /// of `pos`, and where its columns start, to make spans on it.
    /// `None` when a column to the end of the text would not fit a `u32`
    /// (the combinators then saturate it).
    // Inlined: a `LineAt` returned through memory is written a field at a
    // time and read back whole, which stalls the processor.
    #[inline(always)]
    fn line_at(&self, pos: usize, start: usize) -> Option<LineAt> {
        let mut mark = self.mark_at(pos);
        mark.column = mark.column.checked_add(u32::try_from(start - pos).ok()?)?;
        let last = mark.column as usize + (self.src.len() - start);
        (last <= u32::MAX as usize).then_some(LineAt {
            base: self.base,
            line: mark.line,
            column_of_0: mark.column.wrapping_sub(start as u32),
        })
    }

    /// [`Self::line_at`] for `pos`, the start of line `line`, without the
    /// cursor: its column is 1.
    #[inline(always)]
    fn line_from_start(&self, pos: usize, line: u32) -> Option<LineAt> {
        let last = 1 + (self.src.len() - pos);
        (last <= u32::MAX as usize).then_some(LineAt {
            base: self.base,
            line,
            column_of_0: 1u32.wrapping_sub(pos as u32),
        })
    }

    /// The name or seat of `len` bytes at `start` (with its key), and
    /// where it ends; `None` when empty or too long.
    #[inline(always)]
    fn fast_name(&self, start: usize, (len, key): (usize, u64)) -> Option<(Name, usize)> {
        if len == 0 || len > Name::MAX {
            return None;
        }
        let end = start + len;
        Some((Name::from_word(key, len), end))
    }

    /// The name at `i`.
    #[inline(always)]
    fn fast_hole(&self, i: usize) -> Option<(Name, usize)> {
        name_at(self.src.as_bytes(), i)
    }

    /// The capture mark at `i` (`*`, `*t4`, `*t4=3`, `*=3`), if any, put
    /// in `capture` (in place: see `Turn::BLANK`); where it ends. `None`
    /// when the points are not a plain number.
    #[inline(always)]
    fn fast_capture(&self, at: LineAt, i: usize, capture: &mut Option<Capture>) -> Option<usize> {
        let bytes = self.src.as_bytes();
        if bytes.get(i) != Some(&b'*') {
            return Some(i);
        }
        if matches!(bytes.get(i + 1), Some(b'a'..=b'z' | b'=')) {
            return self.fast_scoring_capture(at, i, capture);
        }
        let mark = capture.insert(Capture::default());
        mark.span = at.span(i, i + 1);
        Some(i + 1)
    }

    /// A capture mark `*` at `i` with a target or points after it.
    #[inline(never)]
    fn fast_scoring_capture(
        &self,
        at: LineAt,
        i: usize,
        capture: &mut Option<Capture>,
    ) -> Option<usize> {
        let (target, points, end) = scoring(self.src.as_bytes(), i + 1)?;
        let mark = capture.insert(Capture::default());
        (mark.target, mark.points) = (target, points);
        mark.span = at.span(i, end);
        Some(end)
    }

    /// The action at `i`, pushed onto `actions`; where it ends. Each is
    /// pushed blank and filled in place (see `Turn::BLANK`).
    #[inline(always)]
    fn fast_action(&self, at: LineAt, i: usize, actions: &mut Actions) -> Option<usize> {
        let bytes = self.src.as_bytes();
        let end = match *bytes.get(i)? {
            b'-' if bytes.get(i + 1) == Some(&b'-') => {
                let Action::Pass { span } = push(actions, PASS) else {
                    return None;
                };
                *span = at.span(i, i + 2);
                i + 2
            }
            b'+' => {
                let Action::Place { to, capture, span } = push(actions, PLACE) else {
                    return None;
                };
                let mut end = i + 1;
                if matches!(bytes.get(end), Some(b'a'..=b'z')) {
                    let (name, next) = self.fast_hole(end)?;
                    *to = Some(name);
                    end = next;
                }
                end = self.fast_capture(at, end, capture)?;
                *span = at.span(i, end);
                end
            }
            b'#' => {
                let Action::Barricade { at: point, span } = push(actions, BARRICADE) else {
                    return None;
                };
                let end;
                (*point, end) = self.fast_hole(i + 1)?;
                *span = at.span(i, end);
                end
            }
            b'~' => {
                let Action::Remove { span } = push(actions, REMOVE) else {
                    return None;
                };
                *span = at.span(i, i + 1);
                i + 1
            }
            b'a'..=b'z' => {
                let (first, mut end) = self.fast_hole(i)?;
                match bytes.get(end) {
                    Some(b'-') => {}
                    Some(b':' | b'>') => return self.fast_line(at, i, first, end, actions),
                    _ => return None,
                }
                // The holes are read first and put in the path at once
                // (two, or three through a point the route needs).
                let (second, next) = self.fast_hole(end + 1)?;
                end = next;
                let mut holes = [first, second, Name::EMPTY];
                let mut len = 2;
                if bytes.get(end) == Some(&b'-') {
                    (holes[2], end) = self.fast_hole(end + 1)?;
                    len = 3;
                    if bytes.get(end) == Some(&b'-') {
                        return None;
                    }
                }
                let Action::Move {
                    path,
                    capture,
                    barricade,
                    span,
                } = push(actions, MOVE)
                else {
                    return None;
                };
                *path = Path::from_buf_and_len(holes, len);
                end = self.fast_capture(at, end, capture)?;
                *barricade = bytes.get(end) == Some(&b'#');
                end += usize::from(*barricade);
                *span = at.span(i, end);
                end
            }
            _ => return None,
        };
        Some(end)
    }
}

/// Blank actions, pushed then filled in place.
const PASS: Action = Action::Pass { span: Span::ZERO };
const PLACE: Action = Action::Place {
    to: None,
    capture: None,
    span: Span::ZERO,
};
const BARRICADE: Action = Action::Barricade {
    at: Name::EMPTY,
    span: Span::ZERO,
};
const REMOVE: Action = Action::Remove { span: Span::ZERO };
const MOVE: Action = Action::Move {
    path: Path::new(),
    capture: None,
    barricade: false,
    span: Span::ZERO,
};
const LINE: Action = Action::Line {
    from: Name::EMPTY,
    to: None,
    direction: Name::EMPTY,
    capture: None,
    span: Span::ZERO,
};

/// Adds `blank` to `actions`; the added action, to fill. A turn's first
/// action comes with its list, copied whole from a constant: pushing it
/// would write the action in pieces and then read the list's length
/// across them, which stalls the processor.
#[inline(always)]
fn push(actions: &mut Actions, blank: Action) -> &mut Action {
    if actions.is_empty() && !actions.spilled() {
        // The empty inline list owns nothing: it is forgotten rather than
        // dropped, which saves a call per turn.
        std::mem::forget(std::mem::replace(actions, Actions::one(blank)));
        return &mut actions[0];
    }
    actions.push(blank);
    let last = actions.len() - 1;
    &mut actions[last]
}

impl State<'_> {
    /// The rest of a line move whose first cell `from` starts at `i` and
    /// ends at `end` (on `:` or `>`), pushed onto `actions`; where it ends.
    /// Inlined where the compiler finds it pays: nearly every Offboard turn
    /// is a line move, and a call of its own for each cost a validation of
    /// 1,000 Offboard games 3.7% more instructions and 2.4% more CPU time
    /// (the other games' CPU time the same within 1%).
    #[inline]
    fn fast_line(
        &self,
        at: LineAt,
        i: usize,
        from: Name,
        mut end: usize,
        actions: &mut Actions,
    ) -> Option<usize> {
        let bytes = self.src.as_bytes();
        let Action::Line {
            from: first,
            to,
            direction,
            capture,
            span,
        } = push(actions, LINE)
        else {
            return None;
        };
        *first = from;
        if bytes.get(end) == Some(&b':') {
            let (name, next) = self.fast_hole(end + 1)?;
            *to = Some(name);
            end = next;
        }
        if bytes.get(end) != Some(&b'>') {
            return None;
        }
        (*direction, end) = self.fast_hole(end + 1)?;
        end = self.fast_capture(at, end, capture)?;
        *span = at.span(i, end);
        Some(end)
    }
}

/// A line of the text, to make spans on it: the offset of `src` in its
/// file, the line, and a position on it with its column. Every byte of a
/// canonical turn is ASCII, one column each, so the column of a later
/// position on the line is a sum.
#[derive(Clone, Copy)]
struct LineAt {
    base: usize,
    line: u32,
    /// The column position 0 would have on the line: the column of a
    /// position is this plus the position (wrapping; no column of the line
    /// exceeds `u32::MAX`, see [`State::line_at`]).
    column_of_0: u32,
}

impl LineAt {
    /// The span from `start` to `end`, ASCII bytes of the line.
    #[inline]
    fn span(self, start: usize, end: usize) -> Span {
        Span {
            // In range: `State::parse` refuses a text whose offsets do
            // not fit.
            start: (self.base + start) as u32,
            end: (self.base + end) as u32,
            line: self.line,
            column: self.column_of_0.wrapping_add(start as u32),
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use proptest::prelude::*;
    use proptest::sample::select;

    use crate::parse::{parse_game, parse_games, GENERAL_ONLY};

    /// The tree (spans included) or the error, with and without the fast path.
    fn both(text: &str) -> (String, String) {
        let fast = format!("{:?}", parse_game(text));
        GENERAL_ONLY.with(|g| g.set(true));
        let general = format!("{:?}", parse_game(text));
        GENERAL_ONLY.with(|g| g.set(false));
        (fast, general)
    }

    #[test]
    fn the_fast_path_reads_what_the_general_parser_reads() {
        let turns = [
            "1. R6 r9-r15",
            "2. B3 --",
            "3. G6 +",
            "4. Y1 +r9*",
            "5. R2 r1-c-g0*#",
            "6. R2 r1-r3* !",
            "7. R2 r1-r3 {c}",
            "8. R2 r1-r3 (8. R2 --)",
            "9. R2 r1-r3 r4-r5",
            "10. R2 r1-r3\n    r4-r5",
            "11. R2 r1-r3  r4-r5",
            "12. R2 r1-r3 ~ d4>nw",
            "13. R c3:c5>e*t4=3",
            "14. G4>Y y1-y5",
            "15. R2 +*t4=3",
            "16. R2 r1-r3;",
            "17. R2 r1-",
            "18. R2 r1",
            "19. R2 ---",
            "20. R2 +#",
            "21. R99999999999 --",
            "99999999999. R2 --",
            "22.. R2 --",
            "23.R2 --",
            "24. R2 {x} --",
            "25. R2",
            "26. R2 r1-r3*=",
            "27. R2 r1-r3\t!",
            "28. R2 r1-r3\r\n",
            "29. R2 r1-r3 \u{feff} r4-r5",
            "30. R2 r1-r3 é",
            "31. Rouge2 abcdefghijklmnopqrstuvwxyzabcdefghij-r2",
            "32. R2 r1-r3 $14",
            "33. R2 r1-r3) ",
            "34. R2 r1-r3*#",
            "35. R2 +r9#",
            "36. R2 e3-c4 #o4",
            "37. R2 e3-c4# #",
            "38. R2 #o4 #a12",
            "39. R c3>ne",
            "40. R c3:c5>e*t4=3",
            "41. R c3:c5>e*t4=3 ~",
            "42. R c3:c5>e*t4 +e5",
            "43. R c3:c5>e*=3",
            "44. R c3:c5>e*t4=",
            "45. R c3:c5>e*t4=99999999999",
            "46. R c3:c5",
            "47. R c3:>e",
            "48. R c3>",
            "49. R c3>E",
            "50. R c3:c5>e*t4=3x",
            "51. R2 r1-r3*t2",
            "52. R2 +*t4=3 ~",
            "53. R2 ~~",
            "54. R2 ~ {gone}",
            "55. R c3>ne*",
            "56. R c3>ne #",
            "57. R2 abcdefgh-r2",
            "58. R2 abcdefghi-r2",
            "59. Abcdefgh2 r1-r2",
            "60. Abcdefghi2 r1-r2",
            "61. R2 r1-abcdefghi",
        ];
        // Every turn alone, and every pair, after tags and before a result.
        for a in turns {
            for b in turns.iter().chain([&""]) {
                for end in ["\n*\n", " *", "\n=R+G\n", ""] {
                    let text = format!("[Game \"aggravation\"]\n\n{a}\n{b}{end}");
                    let (fast, general) = both(&text);
                    assert_eq!(fast, general, "{text:?}");
                }
            }
        }
    }

    #[test]
    fn the_fast_path_reads_the_tags_the_general_parser_reads() {
        // Every tag alone, and every pair, apart by any white space.
        for a in TAGS {
            for b in TAGS.iter().chain([&""]) {
                for space in ["\n", " ", "", "\r\n", "\n\n"] {
                    let text = format!("{a}{space}{b}\n\n1. R6 +\n*\n");
                    let (fast, general) = both(&text);
                    assert_eq!(fast, general, "{text:?}");
                }
            }
        }
    }

    /// Actions, mostly well formed.
    const ACTIONS: &[&str] = &[
        "r9-r15",
        "r9-r15*",
        "r1-c-g0*#",
        "+",
        "+r9",
        "+*",
        "+r9*t4=3",
        "--",
        "~",
        "#o4",
        "e3-c4#",
        "c3>ne",
        "c3:c5>e*t4=3",
        "c3>ne*=0",
        "r9",
        "r9-",
        "-",
        "---",
        "e3-d3#e3",
        "r9-r15*=",
        "abcdefghi-r2",
        "c3:",
        "c3:c5",
        "r9-r15;",
        "r9-R1",
        "+#",
        "*",
        "r9-r15*t",
        "+9",
        "r9-r15!",
        "r9-r15{x}",
        "r9-r15$3",
        "r9-r15)",
        "r9-r15(",
        "c3:c5>e*t4=99999999999",
    ];

    /// Turn heads, mostly well formed.
    const HEADS: &[&str] = &[
        "R6",
        "B3",
        "G4>Y",
        "R",
        "Rouge2",
        "Y1",
        "R5-3",
        "B6-63",
        "R5-",
        "G-3",
        "R99999999999",
        "Abcdefghi2",
        "R6>",
        "R6>y",
        "R6x",
        "R6{",
        "Gr12",
        "R0",
    ];

    /// Everything else a record holds, and some things it should not.
    const OTHERS: &[&str] = &[
        "{c}",
        "{a  b\n c}",
        "{é}",
        "{}",
        "!",
        "?",
        "!!",
        "??",
        "!?",
        "?!",
        "$14",
        "(1. R6 +)",
        "({v} 3. B2 --)",
        "(2. B1 + (2. B1 -- {x}) ! 3. R6 +)",
        "{",
        "$300",
        "$",
        "$x",
        "!x",
        "(",
        ")",
        "*",
        "=R",
        "=R+G",
        "=R+",
        "=r",
        "*x",
        ";",
        "é",
        "\u{feff}",
        "[Event \"x\"]",
        "x9",
        "7",
        "7.",
        "7..",
        "99999999999.",
        "[",
        "]",
        "\"",
    ];

    /// What stands between two fragments.
    const SPACES: &[&str] = &[
        " ",
        " ",
        " ",
        "\n",
        "\n",
        "",
        "  ",
        "\t",
        "\r\n",
        "\n\n",
        " \u{feff}",
    ];

    /// Tags, mostly well formed (the first six as the writer writes them).
    const TAGS: &[&str] = &[
        "[Game \"aggravation\"]",
        "[Seats \"R B\"]",
        "[Event \"Café — été\"]",
        "[Result \"\"]",
        "[Round_2 \"3\"]",
        "[abcdefghijklmnopqrstuvwxyzabcdef \"y\"]",
        "[Event \"Café \\\"été\\\" \\\\\"]",
        "[ Round  \"3\" ]",
        "[Seats \"R B\"]\t",
        "[Event \"open",
        "[Event \"open\n\"]",
        "[Event \"a\\x\"]",
        "[1x \"y\"]",
        "[_x \"y\"]",
        "[abcdefghijklmnopqrstuvwxyzabcdefg \"y\"]",
        "[abcdefghijklmnopqrstuvwxyzabcdefgh \"y\"]",
        "[Event x]",
        "[Event \"x\" x]",
        "[Event \"x\"x",
        "[Event \"x\" ]",
        "[Event\t\"x\"]",
        "[Event\"x\"]",
        "[Event  \"x\"]",
        "[Event \"x\"",
        "[Event \"x]",
        "[Event \"x\"]]",
        "[Event",
        "[Event ",
        "[Event \"\u{feff}\"]",
        "[",
    ];

    /// A turn in the shape the writer gives it: what the fast path reads.
    fn canonical_turn() -> impl Strategy<Value = String> {
        (
            0u32..400,
            select(&HEADS[..7]),
            proptest::collection::vec(
                prop_oneof![16 => select(&ACTIONS[..14]), 1 => select(ACTIONS)],
                1..3,
            ),
        )
            .prop_map(|(n, head, actions)| format!("{n}. {head} {}", actions.join(" ")))
    }

    /// A turn in any shape: number or not, dots, spacing, any head and
    /// the actions of `actions`.
    fn loose_turn(actions: &'static [&'static str]) -> impl Strategy<Value = String> {
        (
            proptest::option::of((0u32..400, select(&[".", ". ", "..", ".\n", "", " ."][..]))),
            prop_oneof![4 => select(&HEADS[..7]), 1 => select(HEADS)],
            proptest::collection::vec((select(&SPACES[..5]), select(actions)), 1..3),
        )
            .prop_map(|(number, head, actions)| {
                let mut text = number.map_or(String::new(), |(n, dots)| format!("{n}{dots}"));
                text.push_str(head);
                for (space, action) in actions {
                    text.push_str(space);
                    text.push_str(action);
                }
                text
            })
    }

    /// A record, well formed or not: tags, then turns, annotations and
    /// stray tokens apart by any white space, then a result most of the time.
    pub(crate) fn record() -> impl Strategy<Value = String> {
        let fragment = prop_oneof![
            16 => canonical_turn(),
            8 => loose_turn(&ACTIONS[..14]),
            1 => loose_turn(ACTIONS),
            6 => select(&OTHERS[..14]).prop_map(str::to_string),
            1 => select(OTHERS).prop_map(str::to_string),
        ];
        let space = prop_oneof![8 => select(&SPACES[..5]), 1 => select(SPACES)];
        (
            proptest::collection::vec(
                prop_oneof![8 => select(&TAGS[..6]), 1 => select(TAGS)],
                1..4,
            ),
            proptest::collection::vec((space, fragment), 0..12),
            prop_oneof![
                8 => select(&["\n*\n", " *", "\n=R+G\n", "\n*"][..]),
                1 => select(&["", " =R x", "\n*\n1. R6 +"][..]),
            ],
        )
            .prop_map(|(tags, fragments, result)| {
                let mut text = tags.join("\n");
                text.push_str("\n\n");
                for (space, fragment) in fragments {
                    text.push_str(space);
                    text.push_str(&fragment);
                }
                text.push_str(result);
                text
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The fast path and the combinators together read every record,
        /// canonical or not, into the same tree with the same spans, or fail
        /// with the same error, as the combinators alone.
        #[test]
        fn the_fast_path_changes_nothing_but_speed(a in record(), b in record()) {
            let (fast, general) = both(&a);
            prop_assert_eq!(fast, general);
            let two = format!("{a}\n{b}");
            let fast = format!("{:?}", parse_games(&two));
            GENERAL_ONLY.with(|g| g.set(true));
            let general = format!("{:?}", parse_games(&two));
            GENERAL_ONLY.with(|g| g.set(false));
            prop_assert_eq!(fast, general);
        }
    }
}
