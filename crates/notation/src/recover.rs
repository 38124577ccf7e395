//! Reading a game past its syntax errors, as a compiler goes on after one:
//! the turn an error is in is unreadable, and the reading goes on at the
//! next turn (its number, or the next line).
//!
//! An unreadable turn whose head (seat and roll) can be read keeps its
//! place in the game: a turn *stands in* for it, so that a check of the
//! rules can go on past it ([`Unreadable`]). The stand-in is the turn as
//! its error's did-you-mean reads it (`r9-bO` read as `r9-b0`) when that
//! reads, else the turn's head with a placeholder action. The text of a
//! stand-in takes the bytes of the turn it stands for (a did-you-mean one
//! byte longer takes a space after it), so every offset after it stays
//! where it was.

use crate::ast::{Game, Line, Turn};
use crate::error::ParseError;
use crate::parse::hint::hint;
use crate::reader::GameSource;

/// The most syntax errors read in one game: past them, the game is given up.
pub const MAX_SYNTAX_ERRORS: usize = 16;

/// A game read past its syntax errors: the game, each unreadable turn
/// left out or a turn standing in for it, every syntax error (the first
/// one first), and each unreadable turn (one per error, in the same
/// order).
#[derive(Debug)]
pub struct Recovered {
    /// The game, each unreadable turn left out or stood in for (its spans
    /// are the text's).
    pub game: Game,
    /// The syntax errors, in the order of the text.
    pub errors: Vec<ParseError>,
    /// The unreadable turns, the one of each error.
    pub unreadable: Vec<Unreadable>,
}

/// A turn that cannot be read, and what stands in for it in the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// Where the turn's text starts: a byte offset in the game's text.
    pub start: u32,
    /// One past its last byte (the start of the next turn, or the end of
    /// its line less a result ending it).
    pub end: u32,
    /// Where the turn standing in for it starts (the stand-in's span's
    /// start), when the turn's head could be read; `None`: the turn is left
    /// out of the game.
    pub stand_in: Option<u32>,
    /// What the error's did-you-mean reads in place of what was written
    /// (`b0` for `bO`): the stand-in is then the turn so read. `None`: the
    /// stand-in is the turn's head with a placeholder action (`+`), which
    /// says nothing of the move and is never to be checked as written.
    pub read_as: Option<String>,
    /// What the turn writes after its head, as written, up to a comment or
    /// a variation, without its NAGs (`r9-bO`): what a move found for it is
    /// compared with.
    pub written: String,
}

impl Recovered {
    /// The unreadable turn standing in at byte `start` (a turn's span's
    /// start), if the turn there is a stand-in.
    pub fn stand_in_at(&self, start: u32) -> Option<&Unreadable> {
        self.unreadable.iter().find(|u| u.stand_in == Some(start))
    }
}

impl GameSource {
    /// Reads the game past its syntax errors, `first` being the error
    /// [`parse`](GameSource::parse) gave: each turn an error is in is taken
    /// out (from its number, or the start of its line, to the next turn's
    /// number or the end of its line) or stood in for ([`Unreadable`]),
    /// and the rest is read again. `None` when an error is in the tags,
    /// leaves nothing to take out (the game ends in the middle of a turn
    /// and has no result) or the game has more than
    /// [`MAX_SYNTAX_ERRORS`].
    ///
    /// ```
    /// use billes_notation::Reader;
    /// let data = "[Game \"aggravation\"]\n\n1. R6 +\n2. R1 r9 r10\n3. G2 --\n4. R3 r9-rO\n*\n";
    /// let source = Reader::new(data.as_bytes()).next().unwrap().unwrap();
    /// let first = source.parse().unwrap_err();
    /// let read = source.parse_recovering(first).unwrap();
    /// assert_eq!(read.errors.len(), 2);
    /// // Turn 2 stands in with its head (R1), turn 4 as its did-you-mean reads it.
    /// assert_eq!(read.game.line.turns.len(), 4);
    /// assert_eq!(read.unreadable[1].read_as.as_deref(), Some("r0"));
    /// assert_eq!(read.game.line.turns[3].actions[0].to_string(), "r9-r0");
    /// ```
    pub fn parse_recovering(&self, first: ParseError) -> Option<Recovered> {
        let mut text = self.text.clone();
        let mut errors = vec![first];
        // Each unreadable turn: its start, where its stand-in is to be
        // found (a byte in it) and what it was read as.
        let mut found: Vec<Found> = Vec::new();
        loop {
            let error = errors.last()?;
            let at = (error.span.start as usize).min(text.len());
            let (start, end) = bad_turn(&text, at)?;
            let mut next = None;
            for stand_in in stand_ins(&text, start, end, at) {
                let mut tried = text.clone();
                tried.replace_range(start..end, &stand_in.text);
                let again = GameSource {
                    text: tried,
                    ..self.without_text()
                };
                let parsed = again.parse();
                let after = match &parsed {
                    Ok(_) => true,
                    Err(e) if stand_in.inside.is_some() => e.span.start as usize >= end,
                    Err(e) => e.span.start as usize > at,
                };
                if after {
                    found.push(Found {
                        range: (start, end),
                        inside: stand_in.inside,
                        read_as: stand_in.read_as,
                        written: written_after_head(&text, start, end, at),
                    });
                    next = Some((parsed, again.text));
                    break;
                }
                // Blanks were the last to try.
                stand_in.inside?;
            }
            let (parsed, again) = next?;
            match parsed {
                Ok(game) => return Some(Recovered::of(game, errors, found)),
                Err(e) if errors.len() < MAX_SYNTAX_ERRORS => {
                    errors.push(e);
                    text = again;
                }
                Err(_) => return None,
            }
        }
    }

    /// The source without its text, to be given another.
    fn without_text(&self) -> GameSource {
        GameSource {
            index: self.index,
            text: String::new(),
            offset: self.offset,
            line: self.line,
        }
    }
}

impl Recovered {
    /// The game read, its errors, and each unreadable turn's stand-in
    /// found in it: the turn holding the byte it was to be found at.
    fn of(game: Game, errors: Vec<ParseError>, found: Vec<Found>) -> Recovered {
        let unreadable = found
            .into_iter()
            .map(|f| {
                let stand_in = f.inside.and_then(|at| turn_holding(&game.line, at as u32));
                Unreadable {
                    start: f.range.0 as u32,
                    end: f.range.1 as u32,
                    stand_in,
                    read_as: f.read_as.filter(|_| stand_in.is_some()),
                    written: f.written,
                }
            })
            .collect();
        Recovered {
            game,
            errors,
            unreadable,
        }
    }
}

/// An unreadable turn as the reading found it.
struct Found {
    /// Its bytes.
    range: (usize, usize),
    /// A byte of its stand-in, if any.
    inside: Option<usize>,
    /// What its did-you-mean read.
    read_as: Option<String>,
    /// What it writes after its head.
    written: String,
}

/// What the unreadable turn `text[start..end]`, whose error is at `at`,
/// writes after its head (all of it when no head is found), up to a
/// comment or a variation, its NAGs left out.
fn written_after_head(text: &str, start: usize, end: usize, at: usize) -> String {
    let from = head_before(text, start, at).map_or(start, |(_, head_end)| head_end);
    let written = &text[from..end];
    let cut = written.find(['{', '(']).unwrap_or(written.len());
    let nag = |w: &&str| w.starts_with('$') || w.chars().all(|c| c == '!' || c == '?');
    let words: Vec<&str> = written[..cut]
        .split_whitespace()
        .filter(|w| !nag(w))
        .collect();
    words.join(" ")
}

/// The start of the turn of `line` (or of its variations, at any depth)
/// whose span holds byte `at`.
fn turn_holding(line: &Line, at: u32) -> Option<u32> {
    line.turns.iter().find_map(|t: &Turn| {
        if t.span.start <= at && at < t.span.end.max(t.span.start + 1) {
            return Some(t.span.start);
        }
        t.variations().iter().find_map(|v| turn_holding(v, at))
    })
}

/// A text to put in place of an unreadable turn's bytes, as many of them.
struct StandIn {
    text: String,
    /// A byte of the stand-in turn, to find it by once the game is read
    /// (`None`: the turn is blanked, nothing stands in for it).
    inside: Option<usize>,
    /// What the did-you-mean read.
    read_as: Option<String>,
}

/// The texts to try in place of the unreadable turn `text[start..end]`,
/// whose error is at byte `at`, best first: the turn as its did-you-mean
/// reads it, its head with a placeholder action (`+`), blanks.
fn stand_ins(text: &str, start: usize, end: usize, at: usize) -> Vec<StandIn> {
    let mut out = Vec::new();
    if let Some((fixed, reads)) = read_as(text, start, end, at) {
        out.push(StandIn {
            text: fixed,
            inside: Some(at),
            read_as: Some(reads),
        });
    }
    if let Some((head_start, head_end)) = head_before(text, start, at) {
        if end - head_end >= 2 && text.is_char_boundary(head_end + 2) {
            let mut t = text[start..head_end].to_string();
            t.push_str(" +");
            t.push_str(&blanks_but_parentheses(&text[head_end + 2..end]));
            out.push(StandIn {
                text: t,
                inside: Some(head_start),
                read_as: None,
            });
        }
    }
    out.push(StandIn {
        text: blanks(&text[start..end]),
        inside: None,
        read_as: None,
    });
    out
}

/// The turn `text[start..end]` with its error at `at` read as the error's
/// did-you-mean says, and what was meant. The text keeps its length: a
/// reading one byte longer (`R6+` read `R6 +`) takes a byte of white space
/// after the token when more follows it (or a line ends the turn), else
/// the one before the token's word (`2. R6+` read `2.R6 +`).
fn read_as(text: &str, start: usize, end: usize, at: usize) -> Option<(String, String)> {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let h = hint(&text[line_start..line_end], at - line_start)?;
    if line_start + h.at != at || at + h.len > end {
        return None;
    }
    let (token, turn) = (at - start, &text[start..end]);
    let mut fixed = turn.to_string();
    match h.replace.len().checked_sub(h.len)? {
        0 => fixed.replace_range(token..token + h.len, &h.replace),
        1 => {
            let after = token + h.len;
            let white = |i: usize| {
                turn.as_bytes()
                    .get(i)
                    .is_some_and(|&b| b == b' ' || b == b'\t')
            };
            let ends_line = text[end..].starts_with(['\n', '\r']) || end == text.len();
            if white(after) && (white(after + 1) || (after + 1 == turn.len() && ends_line)) {
                fixed.replace_range(token..after + 1, &h.replace);
            } else {
                let word = turn[..token].rfind(char::is_whitespace)?;
                fixed.replace_range(token..after, &h.replace);
                fixed.remove(word);
            }
        }
        _ => return None,
    }
    Some((fixed, h.reads))
}

/// The head (`R4`, `G6>Y`) of the turn whose error is at `at`, in the
/// turn text starting at `start`: the last word before `at` shaped as a
/// head, which ends before `at` (a head glued to its action, `R6+`, ends
/// where its action starts). Its byte range.
fn head_before(text: &str, start: usize, at: usize) -> Option<(usize, usize)> {
    let mut depth = 0usize;
    let mut word = None;
    let mut last = None;
    for (i, c) in text[start..at].char_indices().map(|(i, c)| (start + i, c)) {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if c.is_whitespace() || depth > 0 || c == '}' || c == '(' || c == ')' {
            if let Some(w) = word.take() {
                last = head_word(text, w, at).or(last);
            }
        } else if word.is_none() {
            word = Some(i);
        }
    }
    if let Some(w) = word {
        last = head_word(text, w, at).or(last);
    }
    last
}

/// The head at the start of the word at byte `w` (after a turn number
/// glued to it, `12.R6`), when it is one and ends by `at`.
fn head_word(text: &str, w: usize, at: usize) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let mut i = w;
    let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 && b.get(i + digits) == Some(&b'.') {
        i += digits;
        i += b[i..].iter().take_while(|&&c| c == b'.').count();
    }
    let head_start = i;
    let seat = |i: usize| -> Option<usize> {
        let upper = b.get(i).is_some_and(u8::is_ascii_uppercase);
        upper.then(|| {
            1 + b[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_lowercase())
                .count()
        })
    };
    i += seat(i)?;
    i += b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    if b.get(i) == Some(&b'>') {
        i += 1 + seat(i + 1)?;
    }
    let ends = i == at || b.get(i).is_none_or(|c| c.is_ascii_whitespace());
    (i <= at && ends).then_some((head_start, i))
}

/// [`blanks`], the parentheses outside comments kept: the variations the
/// text opens or closes stay as written.
fn blanks_but_parentheses(text: &str) -> String {
    let mut depth = 0usize;
    text.chars()
        .map(|c| {
            let kept = depth == 0 && (c == '(' || c == ')');
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if kept {
                c.to_string()
            } else {
                blanks(c.encode_utf8(&mut [0; 4]))
            }
        })
        .collect()
}

/// Spaces for the characters of `text`, as many bytes (line breaks kept).
fn blanks(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c == '\n' {
                "\n".to_string()
            } else {
                " ".repeat(c.len_utf8())
            }
        })
        .collect()
}

/// Where turn numbers start in `text[from..to]`, outside comments (a
/// comment open at `from` is not seen: a line of movetext starts outside
/// one).
fn numbers_outside_comments(text: &str, from: usize, to: usize) -> Vec<usize> {
    let mut depth = 0usize;
    let mut out = Vec::new();
    for (i, c) in text[from..to].char_indices().map(|(i, c)| (from + i, c)) {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 && number_at(text, i) => out.push(i),
            _ => {}
        }
    }
    out
}

/// Whether a turn number (`12.`) starts at byte `i` of `text`.
fn number_at(text: &str, i: usize) -> bool {
    let b = text.as_bytes();
    if i > 0 && !b[i - 1].is_ascii_whitespace() {
        return false;
    }
    let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    digits > 0 && b.get(i + digits) == Some(&b'.')
}

/// The bytes of the turn the error at `at` is in: from its number (or its
/// line's start) to the next number on the line (or the line's end, less a
/// result token ending it). `None` in the tags or when there is nothing to
/// take out.
fn bad_turn(text: &str, at: usize) -> Option<(usize, usize)> {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    if text[line_start..].starts_with('[') {
        return None;
    }
    // The turn numbers of the line, those in a comment (`[%win 0.62]`)
    // left out.
    let numbers = numbers_outside_comments(text, line_start, line_end);
    let start = numbers
        .iter()
        .rev()
        .find(|&&i| i <= at)
        .copied()
        .unwrap_or(line_start);
    let mut end = numbers
        .iter()
        .find(|&&i| i > at)
        .copied()
        .unwrap_or(line_end);
    if end == line_end {
        // A result ending the line stays: `2. R1 r9 *`.
        let line = text[start..end].trim_end();
        if let Some((_, last)) = line.rsplit_once(char::is_whitespace) {
            let result = last == "*" || (last.starts_with('=') && last.len() > 1);
            if result && start + line.len() - last.len() > at {
                end = start + line.len() - last.len();
            }
        }
    }
    (text[start..end].trim() != "").then_some((start, end))
}

#[cfg(test)]
mod tests {
    use crate::Reader;

    fn read(data: &str) -> Option<super::Recovered> {
        let source = Reader::new(data.as_bytes()).next().unwrap().unwrap();
        let first = source.parse().unwrap_err();
        source.parse_recovering(first)
    }

    /// A turn's head and actions.
    fn turn(t: &crate::Turn) -> String {
        let actions: Vec<String> = t.actions.iter().map(ToString::to_string).collect();
        format!("{} {}", t.head, actions.join(" "))
    }

    /// The turns of the main line: number, head and actions.
    fn turns(read: &super::Recovered) -> Vec<String> {
        read.game
            .line
            .turns
            .iter()
            .map(|t| format!("{}. {}", t.number, turn(t)))
            .collect()
    }

    #[test]
    fn each_bad_turn_stands_in_by_its_head_and_the_rest_is_read() {
        let data = "[Game \"aggravation\"]\n[Event \"E\"]\n\n1. R6 + 2. R1 r9 r10 3. G2 --\n4. R3 r10-\n5. G1 --\n*\n";
        let read = read(data).unwrap();
        assert_eq!(read.errors.len(), 2);
        assert_eq!(
            turns(&read),
            ["1. R6 +", "2. R1 +", "3. G2 --", "4. R3 +", "5. G1 --"]
        );
        assert_eq!(read.game.tag("Event"), Some("E"));
        assert_eq!(read.unreadable.len(), 2);
        let second = &read.game.line.turns[1];
        assert_eq!(
            read.stand_in_at(second.span.start)
                .map(|u| u.start as usize),
            data.find("2. R1")
        );
        assert!(read.unreadable.iter().all(|u| u.read_as.is_none()));
        let written: Vec<&str> = read.unreadable.iter().map(|u| u.written.as_str()).collect();
        assert_eq!(written, ["r9 r10", "r10-"]);
        // Offsets after a stand-in are where they were.
        let fifth = &read.game.line.turns[4];
        assert_eq!(&data[fifth.span.range()], "G1 --");
    }

    #[test]
    fn a_turn_is_read_as_its_did_you_mean() {
        let data = "[Game \"aggravation\"]\n\n1. R6 +\n2. R6+ 3. R5 r9-rl4\n4. G2 g9-gO 5. G1 a1-a2>nw\n6. B3 B11-b14\n*\n";
        let read = read(data).unwrap();
        assert_eq!(
            turns(&read),
            [
                "1. R6 +",
                "2. R6 +",
                "3. R5 r9-rl4",
                "4. G2 g9-g0",
                "5. G1 a1:a2>nw",
                "6. B3 b11-b14"
            ]
        );
        let read_as: Vec<Option<&str>> = read
            .unreadable
            .iter()
            .map(|u| u.read_as.as_deref())
            .collect();
        assert_eq!(
            read_as,
            [Some("R6 +"), Some("g0"), Some("a1:a2>nw"), Some("b11")]
        );
        let sixth = &read.game.line.turns[5];
        assert_eq!(&data[sixth.span.range()], "B3 B11-b14");
    }

    #[test]
    fn a_turn_without_a_head_is_left_out() {
        let read = read("[Game \"aggravation\"]\n\n1. R6 +\n2. r1 r9-r10\n3. G2 --\n*\n").unwrap();
        assert_eq!(turns(&read), ["1. R6 +", "3. G2 --"]);
        assert_eq!(read.unreadable[0].stand_in, None);
    }

    #[test]
    fn a_stand_in_in_a_variation_keeps_its_place() {
        let data = "[Game \"aggravation\"]\n\n1. R6 +\n2. R1 r9-r10 (2. R1 r9-rO) 3. G2 --\n*\n";
        let read = read(data).unwrap();
        let variation = &read.game.line.turns[1].variations()[0];
        assert_eq!(variation.turns[0].actions[0].to_string(), "r9-r0");
        assert_eq!(
            read.unreadable[0].stand_in,
            Some(variation.turns[0].span.start)
        );
        // No did-you-mean: the head stands in, the variation kept whole.
        let data = data.replace("r9-rO)", "r9 r10 {a (slip})");
        let read = super::tests::read(&data).unwrap();
        assert_eq!(read.errors.len(), 1, "{:?}", read.errors);
        let variation = &read.game.line.turns[1].variations()[0];
        assert_eq!(turn(&variation.turns[0]), "R1 +");
        assert_eq!(turns(&read), ["1. R6 +", "2. R1 r9-r10", "3. G2 --"]);
    }

    #[test]
    fn a_number_in_a_comment_is_no_turn_of_its_own() {
        let data = "[Game \"aggravation\"]\n\n1. R6 +\n2. R4 r9 r13 ! {[%win 0.62]} 3. G2 --\n*\n";
        let read = read(data).unwrap();
        assert_eq!(read.unreadable[0].written, "r9 r13");
        assert_eq!(read.errors.len(), 1, "{:?}", read.errors);
        assert_eq!(turns(&read), ["1. R6 +", "2. R4 +", "3. G2 --"]);
    }

    #[test]
    fn a_result_after_the_bad_turn_stays() {
        let read = read("[Game \"aggravation\"]\n\n1. R6 + 2. R1 r9 r10 *\n").unwrap();
        assert_eq!(read.game.line.turns.len(), 2);
        assert_eq!(read.game.outcome.token(), "*");
    }

    #[test]
    fn an_error_in_the_tags_or_a_cut_file_is_not_recovered() {
        assert!(read("[Game \"aggravation\"\n\n1. R6 + *\n").is_none());
        assert!(read("[Game \"aggravation\"]\n\n1. R6 + 2. R1 r9").is_none());
    }
}
