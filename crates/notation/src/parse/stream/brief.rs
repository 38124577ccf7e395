//! Turns read as [`Brief`]s: the plainest turns of a game read into a few
//! words each, without their tree, for a check that only needs to know
//! whether a valid game is valid (`billes validate`'s check of a game as
//! it is read). Everything else is left to [`TurnStream::read`], which
//! reads on from where the briefs stopped.
//!
//! A brief is taken only where the parser would read the same turn, with
//! nothing around it: at the start of a line, a turn in the writer's shape
//! (`12. R c3:c5>e*t4=3`) ended by one line break and the next line's turn
//! number. Whatever else the text holds (a comment, a NAG, a variation, a
//! roll, another kind of action, a second action, a blank line, the
//! result) stops the briefs before it, and the parser reads it.

use super::TurnStream;
use crate::ast::{Action, Name, Turn};
use crate::parse::fast::{digits, MAX_DIGITS};
use crate::parse::token::name_len;

/// A main-line turn of one line move and nothing else, `12. R c3:c5>e*t4=3`
/// (the one shape of turn the briefs read today: Offboard's), as
/// [`TurnStream::briefs`] reads it: what its [`Turn`](crate::Turn) holds,
/// without spans, annotations or a list of actions.
///
/// ```
/// use billes_notation::{Brief, Name, Piece, TurnStream};
///
/// let game = "[Game \"offboard\"]\n\n1. R a3:b3>nw\n2. B h9>sw*\n3. R b1>nw\n*\n";
/// let mut stream = TurnStream::new(1);
/// let mut turns = Vec::new();
/// let Ok(Piece::Head(_)) = stream.read(game, true, &mut turns) else { panic!() };
/// // The first turn is read by the parser (the briefs start at a turn's line).
/// stream.read_some(&game[stream.offset()..], true, &mut turns, 1).unwrap();
/// let mut briefs = Vec::new();
/// stream.briefs(&game[stream.offset()..], &mut briefs);
/// // The last turn is followed by the result, not a turn: the parser's.
/// assert_eq!(briefs.len(), 1);
/// assert_eq!(briefs[0].number, 2);
/// assert_eq!(briefs[0].from, Name::new("h9"));
/// assert!(briefs[0].capture.is_some());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Brief {
    /// The turn number, as written.
    pub number: u32,
    /// The seat that moves.
    pub seat: Name,
    /// One end of the line of marbles.
    pub from: Name,
    /// The other end, for a line of two or more.
    pub to: Option<Name>,
    /// The direction of the move.
    pub direction: Name,
    /// The capture mark, when written.
    pub capture: Option<BriefCapture>,
}

impl Brief {
    /// The brief `turn` is, when it is in a brief's shape (one line move,
    /// no roll, no team, no annotation): the brief
    /// [`TurnStream::briefs`] reads where the parser reads `turn`.
    ///
    /// ```
    /// use billes_notation::{parse_game, Brief};
    ///
    /// let game = parse_game("[Game \"offboard\"]\n\n1. R a3:b3>nw\n2. B h9>sw {!} *")?;
    /// assert!(Brief::of(&game.line.turns[0]).is_some());
    /// assert_eq!(Brief::of(&game.line.turns[1]), None);
    /// # Ok::<(), billes_notation::ParseError>(())
    /// ```
    pub fn of(turn: &Turn) -> Option<Brief> {
        let plain = turn.head.roll.is_none()
            && turn.head.second.is_none()
            && turn.head.mover.is_none()
            && turn.before().is_empty()
            && turn.after().is_empty()
            && turn.nags().is_empty()
            && turn.variations().is_empty();
        match turn.actions.as_slice() {
            [Action::Line {
                from,
                to,
                direction,
                capture,
                ..
            }] if plain => Some(Brief {
                number: turn.number,
                seat: turn.head.seat,
                from: *from,
                to: *to,
                direction: *direction,
                capture: capture.as_ref().map(|c| BriefCapture {
                    target: c.target,
                    points: c.points,
                }),
            }),
            _ => None,
        }
    }
}

/// A capture mark `*`, `*t4`, `*=3` or `*t4=3`, without its span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BriefCapture {
    /// Where the captured piece went.
    pub target: Option<Name>,
    /// Points scored by the capture.
    pub points: Option<u32>,
}

impl TurnStream {
    /// Reads the turns at the start of `piece` (the game's text from
    /// [`offset`](TurnStream::offset) on) that are [`Brief`]s, each on its
    /// own line and followed by the next turn's, into `briefs` (emptied
    /// first), at most [`TURNS_PER_PIECE`](TurnStream::TURNS_PER_PIECE),
    /// and moves the reading on past them. Reads none unless the reading
    /// stands at the end of a turn or the start of a turn's line, with no
    /// comment waiting for the next turn; [`read`](TurnStream::read) reads
    /// on from where the briefs stop. `piece` need not hold the rest of the
    /// game: a brief is taken only once its line break and the next turn's
    /// first digit are in it.
    pub fn briefs(&mut self, piece: &str, briefs: &mut Vec<Brief>) {
        briefs.clear();
        if self.start.is_none() || !self.before.is_empty() {
            return;
        }
        let bytes = piece.as_bytes();
        // The reading stands at the start of a turn's line, or at the line
        // break that ends the turn before it.
        let mut pos = match (self.lead, bytes.first()) {
            (0, Some(b'0'..=b'9')) => 0,
            (_, Some(b'\n')) if bytes.get(1).is_some_and(u8::is_ascii_digit) => 1,
            _ => return,
        };
        let skipped_break = pos == 1;
        while briefs.len() < super::TURNS_PER_PIECE {
            let Some((brief, end)) = brief_at(bytes, pos) else {
                break;
            };
            briefs.push(brief);
            pos = end + 1;
        }
        let Some(last) = briefs.last() else {
            return;
        };
        // Each brief took its line and its line break.
        let lines = briefs.len() as u32 + u32::from(skipped_break);
        self.offset += pos;
        self.line = self.line.saturating_add(lines);
        self.lead = 0;
        self.number = last.number.saturating_add(1);
        self.turned = true;
    }
}

/// The brief at `pos`, the start of a line, and where its line break is;
/// `None` unless the line is a turn in a brief's shape and the next line
/// starts with a digit (a turn number: nothing of this turn follows).
#[inline(always)]
fn brief_at(bytes: &[u8], pos: usize) -> Option<(Brief, usize)> {
    let (len, number) = digits(bytes, pos);
    if len == 0 || len > MAX_DIGITS || bytes.get(pos + len..pos + len + 2) != Some(b". ") {
        return None;
    }
    let i = pos + len + 2;
    // One capital letter and one space: no roll, no team.
    let seat = match bytes.get(i..i + 2)? {
        &[b @ b'A'..=b'Z', b' '] => Name::from_word(u64::from(b), 1),
        _ => return None,
    };
    let (from, mut end) = name_at(bytes, i + 2)?;
    let mut to = None;
    if bytes.get(end) == Some(&b':') {
        let (name, next) = name_at(bytes, end + 1)?;
        to = Some(name);
        end = next;
    }
    if bytes.get(end) != Some(&b'>') {
        return None;
    }
    let (direction, mut end) = name_at(bytes, end + 1)?;
    let mut capture = None;
    if bytes.get(end) == Some(&b'*') {
        let mark = capture.insert(BriefCapture {
            target: None,
            points: None,
        });
        end += 1;
        if matches!(bytes.get(end), Some(b'a'..=b'z')) {
            let (name, next) = name_at(bytes, end)?;
            mark.target = Some(name);
            end = next;
        }
        if bytes.get(end) == Some(&b'=') {
            let (len, value) = digits(bytes, end + 1);
            if len == 0 || len > MAX_DIGITS {
                return None;
            }
            mark.points = Some(value);
            end += 1 + len;
        }
    }
    if bytes.get(end) != Some(&b'\n') || !bytes.get(end + 1).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let brief = Brief {
        number,
        seat,
        from,
        to,
        direction,
        capture,
    };
    Some((brief, end))
}

/// The name at `i` (a lowercase letter, then letters and digits, at most
/// [`Name::MAX`] bytes), and where it ends.
#[inline(always)]
fn name_at(bytes: &[u8], i: usize) -> Option<(Name, usize)> {
    let (len, key) = name_len(bytes.get(i..)?);
    if len == 0 || len > Name::MAX {
        return None;
    }
    Some((Name::from_word(key, len), i + len))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::ast::Turn;
    use crate::error::ParseError;
    use crate::parse::stream::{Piece, PieceError};

    /// What a reading gave: each main-line turn (as a brief where it was
    /// read as one), then the end of the game or the syntax error.
    #[derive(Debug, PartialEq)]
    enum Read {
        Brief(Brief),
        Turn(Turn),
        End(Piece),
        Error(ParseError),
    }

    impl PartialEq for Piece {
        fn eq(&self, other: &Piece) -> bool {
            format!("{self:?}") == format!("{other:?}")
        }
    }

    /// `game` read by the parser alone (`briefs` false), or with briefs
    /// wherever they can be read and the parser a turn at a time elsewhere.
    fn read(game: &str, briefs: bool) -> Vec<Read> {
        let mut stream = TurnStream::new(3);
        let (mut turns, mut read, mut out) = (Vec::new(), Vec::new(), Vec::new());
        match stream.read(game, true, &mut turns) {
            Ok(Piece::Head(_)) => {}
            Ok(other) => return vec![Read::End(other)],
            Err(PieceError::Syntax(e)) => return vec![Read::Error(e)],
            Err(PieceError::More) => unreachable!("the last piece"),
        }
        loop {
            if briefs {
                stream.briefs(&game[stream.offset()..], &mut read);
                out.extend(read.iter().copied().map(Read::Brief));
            }
            let max = if briefs { 1 } else { usize::MAX };
            let piece = stream.read_some(&game[stream.offset()..], true, &mut turns, max);
            out.extend(turns.drain(..).map(Read::Turn));
            match piece {
                Ok(Piece::Turns) => {}
                Ok(end) => {
                    out.push(Read::End(end));
                    return out;
                }
                Err(PieceError::Syntax(e)) => {
                    out.push(Read::Error(e));
                    return out;
                }
                Err(PieceError::More) => unreachable!("the last piece"),
            }
        }
    }

    /// The briefs read `game` as the parser does: the same turns in the
    /// same order (each brief the turn the parser reads there), the same
    /// end, the same error at the same place. Returns how many briefs.
    fn same(game: &str) -> usize {
        let alone = read(game, false);
        let mixed = read(game, true);
        assert_eq!(alone.len(), mixed.len(), "{game:?}\n{alone:?}\n{mixed:?}");
        let mut briefs = 0;
        for (a, m) in alone.iter().zip(&mixed) {
            match (a, m) {
                (Read::Turn(turn), Read::Brief(brief)) => {
                    assert_eq!(Brief::of(turn).as_ref(), Some(brief), "{game:?}");
                    briefs += 1;
                }
                // A piece that ends where the turns do reports a missing
                // result where the text ends, not where the last turn
                // does (as a piece of `TURNS_PER_PIECE` turns does): the
                // same error.
                (Read::Error(a), Read::Error(m)) => assert_eq!(a.message, m.message, "{game:?}"),
                (a, m) => assert_eq!(a, m, "{game:?}"),
            }
        }
        briefs
    }

    const HEAD: &str = "[Game \"offboard\"]\n[Seats \"R B\"]\n\n";

    #[test]
    fn a_brief_is_a_few_words() {
        // 256 a piece take 16 KiB (SECURITY.md); a turn of the tree, 160 bytes.
        assert!(
            std::mem::size_of::<Brief>() <= 64,
            "{}",
            std::mem::size_of::<Brief>()
        );
    }

    #[test]
    fn plain_turns_are_briefs_and_the_rest_the_parsers() {
        let game = format!(
            "{HEAD}1. R a3:b3>nw\n2. B h9>sw*\n3. R b1>nw*t4=3\n4. B c3>e*=2\n5. R c4>w\n*\n"
        );
        // The last turn is followed by the result: the parser's.
        assert_eq!(same(&game), 4);
        for not_brief in [
            "3. R b1>nw {a comment}",
            "3. R b1>nw $1",
            "3. R b1>nw!",
            "3. R6 b1>nw",
            "3. Rb b1>nw",
            "3. R ~ b1>nw",
            "3. R +c1",
            "3. R b1>nw b2>nw",
            "3. R b1-b2",
            "3. R b1>nw ",
            "3. R b1>nw\r",
            "3. R  b1>nw",
            "3.  R b1>nw",
            "3. R abcdefghi1>nw",
            "3. R b1>nw*T4=3",
            "3. R b1>nw*t4=",
            "3. R b1>nw*t4=1234567890",
            "3. R b1>nw (3. R b2>nw)",
            "3... R b1>nw",
        ] {
            let game =
                format!("{HEAD}1. R a3:b3>nw\n2. B h9>sw\n{not_brief}\n4. B c3>e\n5. R c4>w\n*\n");
            same(&game);
        }
    }

    #[test]
    fn the_shipped_games_read_the_same_with_briefs() {
        let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");
        let mut files = vec![std::path::PathBuf::from(examples)];
        let mut briefs = 0;
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            } else if path.extension().is_some_and(|e| e == "bgn") {
                let text = std::fs::read_to_string(&path).unwrap();
                for game in crate::reader::split_games(&text) {
                    briefs += same(game.text);
                }
            }
        }
        assert!(briefs > 100, "only {briefs} briefs in the examples");
    }

    /// A line of a game's main line: most in a brief's shape, some each
    /// way not.
    fn line() -> impl Strategy<Value = String> {
        let name = "[a-i][1-9]|[a-z]{1,9}[0-9]{0,2}";
        let direction = prop_oneof!["e|ne|nw|w|sw|se", "[a-z]{1,9}"];
        let mark = prop_oneof![
            Just(String::new()),
            Just("*".to_string()),
            "\\*t[1-6]=[0-9]{1,3}",
            "\\*=[0-9]{1,10}",
            "\\*[a-z][0-9]?",
        ];
        let plain = (name, proptest::option::of(name), direction, mark).prop_map(
            |(from, to, dir, mark)| match to {
                Some(to) => format!("{from}:{to}>{dir}{mark}"),
                None => format!("{from}>{dir}{mark}"),
            },
        );
        let number = prop_oneof![3 => "[1-9][0-9]{0,2}", 1 => "0[0-9]{0,2}|[0-9]{10,11}"];
        let seat = prop_oneof![5 => "[RB]", 1 => "[A-Z][a-z]?[0-9]?"];
        let after = prop_oneof![
            8 => Just(String::new()),
            1 => Just(" {c}".to_string()),
            1 => Just(" $2".to_string()),
            1 => Just("?".to_string()),
            1 => Just(" ~".to_string()),
            1 => Just(" (1. R a1>e)".to_string()),
            1 => Just("\r".to_string()),
            1 => Just("\n".to_string()),
            1 => Just(" ".to_string()),
        ];
        (number, seat, plain, after).prop_map(|(n, s, p, a)| format!("{n}. {s} {p}{a}"))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn generated_games_read_the_same_with_briefs(
            lines in proptest::collection::vec(line(), 0..12),
            result in prop_oneof!["\\*", "R", "B", "[{] end [}] \\*", ""],
        ) {
            let game = format!("{HEAD}{}\n{result}\n", lines.join("\n"));
            same(&game);
        }
    }
}
