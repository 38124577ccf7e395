//! What a syntax error probably meant: typing slips a person makes writing
//! a record by hand, recognised on the line of the error once the parse has
//! failed (never on the way of a parse that succeeds).
//!
//! | written    | hint                                                   |
//! |------------|--------------------------------------------------------|
//! | `r9-bO`    | `bO` is not a hole: did you mean b0? (a letter O)      |
//! | `B11-b13`  | `B11` is not a hole: hole names are lower case: b11    |
//! | `a5-b5>nw` | a line is written with a colon: a5:b5>nw               |
//! | `R6+`      | a space goes between the turn head and its action: R6 + |
//!
//! The caret goes on the bad token (the hole, the dash, the action), not on
//! the whole move.

/// A hint: where in the line (byte offset and length), what to say, and
/// what was meant.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Hint {
    pub(crate) at: usize,
    pub(crate) len: usize,
    pub(crate) message: String,
    /// The text meant in place of the `len` bytes at `at` (`b0` for `bO`;
    /// ` +` for the `+` of `R6+`: one byte longer).
    pub(crate) replace: String,
    /// What was meant, as a note says it ("b0", "a5:b5>nw", "R6 +").
    pub(crate) reads: String,
}

/// A hint for a syntax error at byte `at` of `line`, when the word there or
/// the next one has a shape of a known slip.
#[cold]
#[inline(never)]
pub(crate) fn hint(line: &str, at: usize) -> Option<Hint> {
    let words = words(line);
    // The word holding the error, then the next one (an error at a turn
    // head "without an action" is about the word after it).
    let here = words
        .iter()
        .position(|&(start, w)| at >= start && at <= start + w.len())
        .or_else(|| words.iter().position(|&(start, _)| start >= at))?;
    // The next word only after a turn head (`R2`, `R2>G`): the error is
    // then "a turn without an action", and the slip is the word after.
    let head = |w: &str| {
        let b = w.as_bytes();
        b.first().is_some_and(u8::is_ascii_uppercase)
            && w[1..]
                .split('>')
                .next()
                .is_some_and(|r| r.bytes().all(|c| c.is_ascii_digit()))
    };
    let take = if head(words[here].1) { 2 } else { 1 };
    words[here..].iter().take(take).find_map(|&(start, word)| {
        word_hint(word).map(|h| Hint {
            at: start + h.at,
            ..h
        })
    })
}

/// The words of `line` (runs without white space) and where they start;
/// a comment's words are left out.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = None;
    for (i, c) in line.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        let in_word = !c.is_whitespace() && depth == 0 && c != '}';
        match (in_word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((s, &line[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    out
}

/// The hint for one word, its offset within the word.
fn word_hint(word: &str) -> Option<Hint> {
    // A turn number before the head: `12.R6+`.
    let (skip, body) = match word.find('.') {
        Some(dot) if word[..dot].bytes().all(|b| b.is_ascii_digit()) && dot > 0 => {
            (dot + 1, &word[dot + 1..])
        }
        _ => (0, word),
    };
    head_glued(body)
        .or_else(|| letter_o(body))
        .or_else(|| capital_hole(body))
        .or_else(|| dash_line(body))
        .map(|h| Hint {
            at: skip + h.at,
            ..h
        })
}

/// `R6+`, `R6r9-r12`: a turn head with its action glued on.
fn head_glued(word: &str) -> Option<Hint> {
    let b = word.as_bytes();
    if !b.first()?.is_ascii_uppercase() {
        return None;
    }
    let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let rest = &word[1 + digits..];
    let action = rest.starts_with('+')
        || rest.starts_with("--")
        || rest.starts_with('#')
        || (rest.len() > 1 && rest.as_bytes()[0].is_ascii_lowercase() && rest.contains(['-', '>']));
    action.then(|| Hint {
        at: 1 + digits,
        len: rest.len(),
        message: format!(
            "a space goes between the turn head and its action: {} {rest}",
            &word[..1 + digits]
        ),
        replace: format!(" {rest}"),
        reads: format!("{} {rest}", &word[..1 + digits]),
    })
}

/// The holes of a move or line (`r9-bO`, `c3:c5>e`) and where each starts.
fn holes(word: &str) -> Vec<(usize, &str)> {
    let shift = word.len() - word.trim_start_matches(['+', '#']).len();
    let body = word[shift..]
        .split(['*', '>', '=', '!', '?', '$', ')', '#'])
        .next()
        .unwrap_or("");
    let mut out = Vec::new();
    let mut at = shift;
    for part in body.split(['-', ':']) {
        if !part.is_empty() {
            out.push((at, part));
        }
        at += part.len() + 1;
    }
    out
}

/// `bO`, `r1O`: a letter O for a zero in a hole name.
fn letter_o(word: &str) -> Option<Hint> {
    if !word.contains(['-', ':', '#', '+']) && !word.contains('>') {
        return None;
    }
    holes(word).into_iter().find_map(|(at, hole)| {
        let b = hole.as_bytes();
        let shape = b.len() >= 2
            && b[0].is_ascii_lowercase()
            && b[1..]
                .iter()
                .all(|c| c.is_ascii_digit() || *c == b'O' || *c == b'o')
            && b[1..].iter().any(|c| *c == b'O' || *c == b'o');
        shape.then(|| {
            let meant = format!("{}{}", &hole[..1], hole[1..].replace(['O', 'o'], "0"));
            Hint {
                at,
                len: hole.len(),
                message: format!(
                    "{hole} is not a hole: did you mean {meant}? (a letter O for a zero)"
                ),
                replace: meant.clone(),
                reads: meant,
            }
        })
    })
}

/// `B11-b13`: a hole name with a capital (read as a new turn's seat).
fn capital_hole(word: &str) -> Option<Hint> {
    if !word.contains(['-', ':']) {
        return None;
    }
    holes(word).into_iter().find_map(|(at, hole)| {
        let b = hole.as_bytes();
        let shape = b.len() >= 2
            && b.iter().any(u8::is_ascii_uppercase)
            && b.iter().all(u8::is_ascii_alphanumeric)
            && b[0].is_ascii_alphabetic();
        shape.then(|| Hint {
            at,
            len: hole.len(),
            message: format!(
                "{hole} is not a hole: hole names are lower case: {}",
                hole.to_ascii_lowercase()
            ),
            replace: hole.to_ascii_lowercase(),
            reads: hole.to_ascii_lowercase(),
        })
    })
}

/// `a5-b5>nw`: a line of marbles written with a dash for the colon.
fn dash_line(word: &str) -> Option<Hint> {
    let (line, _) = word.split_once('>')?;
    let dash = line.find('-')?;
    let (a, b) = (&line[..dash], &line[dash + 1..]);
    let hole = |h: &str| {
        let b = h.as_bytes();
        b.len() >= 2 && b[0].is_ascii_lowercase() && b[1..].iter().all(u8::is_ascii_digit)
    };
    (hole(a) && hole(b)).then(|| Hint {
        at: dash,
        len: 1,
        message: format!(
            "a line of marbles is written with a colon: {}",
            word.replacen('-', ":", 1)
        ),
        replace: ":".into(),
        reads: word.replacen('-', ":", 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: &str, column: usize) -> Option<(String, String)> {
        hint(line, column).map(|h| (line[h.at..h.at + h.len].to_string(), h.message))
    }

    #[test]
    fn slips_are_recognised_on_their_token() {
        assert_eq!(
            at("2. R6 r9-bO", 10),
            Some((
                "bO".into(),
                "bO is not a hole: did you mean b0? (a letter O for a zero)".into()
            ))
        );
        assert_eq!(
            at("2. R2 B11-b13", 3),
            Some((
                "B11".into(),
                "B11 is not a hole: hole names are lower case: b11".into()
            ))
        );
        assert_eq!(
            at("1. R5 a5-b5>nw", 11),
            Some((
                "-".into(),
                "a line of marbles is written with a colon: a5:b5>nw".into()
            ))
        );
        assert_eq!(
            at("1. R6+", 5),
            Some((
                "+".into(),
                "a space goes between the turn head and its action: R6 +".into()
            ))
        );
        assert_eq!(at("1.R6+", 4).map(|h| h.0), Some("+".into()));
    }

    #[test]
    fn each_hint_says_what_was_meant() {
        let meant = |line: &str, column: usize| {
            let h = hint(line, column)?;
            let mut fixed = line.to_string();
            fixed.replace_range(h.at..h.at + h.len, &h.replace);
            Some((fixed, h.reads))
        };
        assert_eq!(
            meant("2. R6 r9-bO", 10),
            Some(("2. R6 r9-b0".into(), "b0".into()))
        );
        assert_eq!(
            meant("2. R2 B11-b13", 3),
            Some(("2. R2 b11-b13".into(), "b11".into()))
        );
        assert_eq!(
            meant("1. R5 a5-b5>nw", 11),
            Some(("1. R5 a5:b5>nw".into(), "a5:b5>nw".into()))
        );
        assert_eq!(meant("1. R6+", 5), Some(("1. R6 +".into(), "R6 +".into())));
        assert_eq!(
            meant("55. Y1 i9-i1O# #m5", 10),
            Some(("55. Y1 i9-i10# #m5".into(), "i10".into()))
        );
        assert_eq!(
            meant("5. Y1 i9-i10# #mO", 16),
            Some(("5. Y1 i9-i10# #m0".into(), "m0".into()))
        );
    }

    #[test]
    fn other_shapes_get_no_hint() {
        assert_eq!(at("1. R6 r9-r15", 8), None);
        assert_eq!(at("1. R6 {bO-b1 R6+} x", 17), None);
        assert_eq!(at("1. R6 + 2. G", 11), None);
        assert_eq!(at("", 0), None);
        assert_eq!(at("R6 é-ü>ne", 4), None);
    }
}
