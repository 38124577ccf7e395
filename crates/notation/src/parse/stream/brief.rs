//! Turns read as [`Brief`]s: the plainest turns of a game read into a few
//! words each, without their tree, for a check that only needs to know
//! whether a valid game is valid (`billes validate`'s check of a game as
//! it is read). Everything else is left to [`TurnStream::read`], which
//! reads on from where the briefs stopped.
//!
//! A brief is taken only where the parser would read the same turn, with
//! nothing around it: at the start of a line, a turn in the writer's shape
//! (`12. R6 r9-r15*`, `13. B3 --`, `14. G6 +`, `15. Y4 e3-c4 #o4`,
//! `16. G4 y0-w0-w1`, `17. R c3:c5>e*t4=3`, `18. Y6 +t27`) ended by one
//! line break and the next line's turn number. Whatever else the text holds (a comment,
//! a NAG, a variation, a team's turn, a second die, a path naming two
//! holes or more between its ends, a marble put back or removed, a blank
//! line, the result) stops the briefs before it, and the parser reads it.

use super::TurnStream;
use crate::ast::{Action, Capture, Name, Turn};
use crate::parse::fast::{digits, name_at, scoring, MAX_DIGITS};

/// A main-line turn in one of the writer's plainest shapes, as
/// [`TurnStream::play_briefs`] reads it: what its [`Turn`] holds, without
/// spans, annotations or a list of actions. The shapes are those most
/// turns of the shipped games take: a pass, a piece entered, a move from
/// one hole to another (through one hole named between them or none), a
/// line move, each with its marks, and a move or a pass followed by a
/// barricade put down.
///
/// ```
/// use billes_notation::{Brief, BriefAction, Name, Piece, TurnStream};
///
/// let game = "[Game \"aggravation\"]\n\n1. R6 +\n2. R3 r9-r12*\n3. B2 --\n*\n";
/// let mut stream = TurnStream::new(1);
/// let mut turns = Vec::new();
/// let Ok(Piece::Head(_)) = stream.read(game, true, &mut turns) else { panic!() };
/// let mut briefs = Vec::new();
/// let played = stream.play_briefs(&game[stream.offset()..], |brief| {
///     briefs.push(*brief);
///     true
/// });
/// // The last turn is followed by the result, not a turn: the parser's.
/// assert_eq!((played, briefs.len()), (2, 2));
/// assert_eq!(briefs[0].action, BriefAction::Enter { to: None, capture: false });
/// assert_eq!(briefs[1].roll, Some(3));
/// assert_eq!(
///     briefs[1].action,
///     BriefAction::Move {
///         from: Name::new("r9"),
///         via: None,
///         to: Name::new("r12"),
///         capture: true,
///         barricade: false,
///     }
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Brief {
    /// The turn number, as written.
    pub number: u32,
    /// The seat that rolled (or, without dice, that moves).
    pub seat: Name,
    /// The roll, in games with dice: one die of one digit.
    pub roll: Option<u8>,
    /// What was done.
    pub action: BriefAction,
    /// `#o4` after the action: a held barricade put down on that point.
    pub put_down: Option<Name>,
}

/// The action of a [`Brief`], without its span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BriefAction {
    /// `--`: no legal move.
    Pass,
    /// `+`, `+*`, `+t27`, `+t27*`: a piece entered, on the hole named or
    /// (the games with one entry hole a seat may leave it out) on none.
    Enter {
        /// The hole it enters on, when written (`t27` of `+t27`).
        to: Option<Name>,
        /// `*`: the piece on the hole was captured.
        capture: bool,
    },
    /// `r9-r15`, `r9-r15*`, `c5-f7#`, `y0-w0-w1`: a piece moved from one
    /// hole to another, through one hole named between them or none.
    Move {
        /// The hole it leaves.
        from: Name,
        /// The one hole the path names between start and landing
        /// (`w0` of `y0-w0-w1`), if any.
        via: Option<Name>,
        /// The hole it lands on.
        to: Name,
        /// `*`: the piece on the landing was captured.
        capture: bool,
        /// `#`: the piece took the barricade on the landing.
        barricade: bool,
    },
    /// `c3>ne`, `c3:c5>e*t4=3`: a line of marbles moved one cell.
    Line {
        /// One end of the line.
        from: Name,
        /// The other end, for a line of two or more.
        to: Option<Name>,
        /// The direction of the move.
        direction: Name,
        /// The capture mark, when written.
        capture: Option<BriefCapture>,
    },
}

/// A line move's capture mark `*`, `*t4`, `*=3` or `*t4=3`, without its
/// span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BriefCapture {
    /// Where the captured piece went.
    pub target: Option<Name>,
    /// Points scored by the capture.
    pub points: Option<u32>,
}

impl Brief {
    /// The brief `turn` is, when it is in a brief's shape: the brief
    /// [`TurnStream::play_briefs`] reads where the parser reads `turn`.
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
        let head = &turn.head;
        let plain = head.second.is_none()
            && head.mover.is_none()
            && turn.before().is_empty()
            && turn.after().is_empty()
            && turn.nags().is_empty()
            && turn.variations().is_empty();
        if !plain {
            return None;
        }
        let roll = match head.roll {
            Some(roll @ 0..=9) => Some(roll as u8),
            Some(_) => return None,
            None => None,
        };
        let (action, put_down) = Brief::actions_of(&turn.actions)?;
        Some(Brief {
            number: turn.number,
            seat: head.seat,
            roll,
            action,
            put_down,
        })
    }

    /// The action and the barricade put down of a brief whose turn's
    /// actions are `actions`, when they are in a brief's shape (what
    /// [`Brief::of`] reads of a turn's actions): whether a move's actions
    /// are written as a brief's.
    ///
    /// ```
    /// use billes_notation::{parse_game, Brief};
    ///
    /// let game = parse_game("[Game \"barricade\"]\n\n1. R6 h-a1 #o4\n2. B3 h-q1-q3 *")?;
    /// let (action, put_down) = Brief::actions_of(&game.line.turns[0].actions).unwrap();
    /// assert_eq!(put_down, Some("o4".into()));
    /// assert_eq!(Brief::of(&game.line.turns[0]).unwrap().action, action);
    /// assert!(Brief::actions_of(&game.line.turns[1].actions).is_some());
    /// # Ok::<(), billes_notation::ParseError>(())
    /// ```
    pub fn actions_of(actions: &[Action]) -> Option<(BriefAction, Option<Name>)> {
        let (action, put_down) = match actions {
            [action] => (action, None),
            [action, Action::Barricade { at, .. }] => (action, Some(*at)),
            _ => return None,
        };
        Some((BriefAction::of(action)?, put_down))
    }
}

impl BriefAction {
    /// The brief action `action` is, when it is in a brief's shape: a
    /// pass, an entry, a move of two holes or three, a line move, each
    /// with a bare capture mark or none (a line move's with its target
    /// and points).
    #[inline(always)]
    pub(super) fn of(action: &Action) -> Option<BriefAction> {
        // A plain `*` on a move or an entry: no target, no points.
        let bare = |capture: &Option<Capture>| match capture {
            None => Some(false),
            Some(c) if c.target.is_none() && c.points.is_none() => Some(true),
            Some(_) => None,
        };
        let action = match action {
            Action::Pass { .. } => BriefAction::Pass,
            Action::Place { to, capture, .. } => BriefAction::Enter {
                to: *to,
                capture: bare(capture)?,
            },
            Action::Move {
                path,
                capture,
                barricade,
                ..
            } => match path.as_slice() {
                [from, to] => BriefAction::Move {
                    from: *from,
                    via: None,
                    to: *to,
                    capture: bare(capture)?,
                    barricade: *barricade,
                },
                [from, via, to] => BriefAction::Move {
                    from: *from,
                    via: Some(*via),
                    to: *to,
                    capture: bare(capture)?,
                    barricade: *barricade,
                },
                _ => return None,
            },
            Action::Line {
                from,
                to,
                direction,
                capture,
                ..
            } => BriefAction::Line {
                from: *from,
                to: *to,
                direction: *direction,
                capture: capture.as_ref().map(|c| BriefCapture {
                    target: c.target,
                    points: c.points,
                }),
            },
            _ => return None,
        };
        Some(action)
    }
}

impl TurnStream {
    /// Reads the turns at the start of `piece` (the game's text from
    /// [`offset`](TurnStream::offset) on) that are [`Brief`]s, each on its
    /// own line and followed by the next turn's, one at a time, handing
    /// each to `play`, and moves the reading on past each it plays: how
    /// many it played. It stops at the first `play` refuses (the reading
    /// stands at its start, for [`read`](TurnStream::read) to read it as a
    /// turn), at the first turn that is no brief, or after
    /// [`TURNS_PER_PIECE`](TurnStream::TURNS_PER_PIECE). Reads none unless
    /// the reading stands at the end of a turn or the start of a turn's
    /// line, with no comment waiting for the next turn. `piece` need not
    /// hold the rest of the game: a brief is taken only once its line break
    /// and the next turn's first digit are in it.
    ///
    /// Each brief is played as it is read, none kept: a list of them,
    /// written and then read back, made Offboard's check 13% to 30% slower
    /// on some builds than on others, for the same instructions.
    pub fn play_briefs(&mut self, piece: &str, play: impl FnMut(&Brief) -> bool) -> usize {
        self.play_each(piece, play)
    }

    /// [`play_briefs`](TurnStream::play_briefs), of the briefs of shape `B`.
    #[inline(always)]
    pub(super) fn play_each<B: Shape>(
        &mut self,
        piece: &str,
        mut play: impl FnMut(&B) -> bool,
    ) -> usize {
        if self.start.is_none() || !self.before.is_empty() {
            return 0;
        }
        let bytes = piece.as_bytes();
        // The reading stands at the start of a turn's line, or at the line
        // break that ends the turn before it.
        let start = match (self.lead, bytes.first()) {
            (0, Some(b'0'..=b'9')) => 0,
            (_, Some(b'\n')) if bytes.get(1).is_some_and(u8::is_ascii_digit) => 1,
            _ => return 0,
        };
        let (mut pos, mut played, mut number) = (start, 0, None);
        while played < super::TURNS_PER_PIECE {
            let Some((brief, end)) = B::at(bytes, pos) else {
                break;
            };
            if !play(&brief) {
                break;
            }
            number = Some(brief.number());
            played += 1;
            pos = end + 1;
        }
        let Some(last) = number else {
            return 0;
        };
        // Each brief took its line and its line break.
        let lines = played as u32 + u32::from(start == 1);
        self.offset += pos;
        self.line = self.line.saturating_add(lines);
        self.lead = 0;
        self.number = last.saturating_add(1);
        self.turned = true;
        played
    }
}

/// A shape of brief [`TurnStream::play_each`] reads: a method, not a
/// function handed over, so that its reading is inlined in the loop (a
/// function handed over was called for each turn, its brief given back
/// through memory: 3.7% more instructions on Ludo's check).
pub(super) trait Shape: Sized {
    /// The brief at `pos`, the start of a line, and where its line break
    /// is.
    fn at(bytes: &[u8], pos: usize) -> Option<(Self, usize)>;

    /// Its turn number.
    fn number(&self) -> u32;
}

impl Shape for Brief {
    #[inline(always)]
    fn at(bytes: &[u8], pos: usize) -> Option<(Brief, usize)> {
        brief_at(bytes, pos)
    }

    #[inline(always)]
    fn number(&self) -> u32 {
        self.number
    }
}

/// The brief at `pos`, the start of a line, and where its line break is;
/// `None` unless the line is a turn in a brief's shape and the next line
/// starts with a digit (a turn number: nothing of this turn follows).
#[inline(always)]
fn brief_at(bytes: &[u8], pos: usize) -> Option<(Brief, usize)> {
    let (number, i) = number_at(bytes, pos)?;
    // One capital letter, one digit or none, one space: no team, one die.
    let (seat, roll, i) = match *bytes.get(i..i + 3)? {
        [s @ b'A'..=b'Z', b' ', _] => (s, None, i + 2),
        [s @ b'A'..=b'Z', d @ b'0'..=b'9', b' '] => (s, Some(d - b'0'), i + 3),
        _ => return None,
    };
    let (action, mut end) = action_at(bytes, i)?;
    let mut put_down = None;
    if bytes.get(end..end + 2) == Some(b" #") {
        let (point, next) = name_at(bytes, end + 2)?;
        put_down = Some(point);
        end = next;
    }
    if bytes.get(end) != Some(&b'\n') || !bytes.get(end + 1).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let brief = Brief {
        number,
        seat: Name::from_word(u64::from(seat), 1),
        roll,
        action,
        put_down,
    };
    Some((brief, end))
}

/// The turn number at `pos`, the start of a line, followed by a dot and
/// one space, and where the head starts after them.
#[inline(always)]
pub(super) fn number_at(bytes: &[u8], pos: usize) -> Option<(u32, usize)> {
    let (len, number) = digits(bytes, pos);
    if len == 0 || len > MAX_DIGITS || bytes.get(pos + len..pos + len + 2) != Some(b". ") {
        return None;
    }
    Some((number, pos + len + 2))
}

/// The action at `i`, in a brief's shape, and where it ends.
#[inline(always)]
pub(super) fn action_at(bytes: &[u8], i: usize) -> Option<(BriefAction, usize)> {
    match *bytes.get(i)? {
        b'-' if bytes.get(i + 1) == Some(&b'-') => Some((BriefAction::Pass, i + 2)),
        b'+' => {
            let (to, end) = match bytes.get(i + 1) {
                Some(b'a'..=b'z') => {
                    let (to, end) = name_at(bytes, i + 1)?;
                    (Some(to), end)
                }
                _ => (None, i + 1),
            };
            let (capture, end) = bare_capture(bytes, end)?;
            Some((BriefAction::Enter { to, capture }, end))
        }
        b'a'..=b'z' => {
            let (from, end) = name_at(bytes, i)?;
            match bytes.get(end) {
                Some(b'-') => {
                    let (mut to, mut end) = name_at(bytes, end + 1)?;
                    // A path through one hole between start and landing.
                    let mut via = None;
                    if bytes.get(end) == Some(&b'-') {
                        via = Some(to);
                        (to, end) = name_at(bytes, end + 1)?;
                    }
                    let (capture, end) = bare_capture(bytes, end)?;
                    let barricade = bytes.get(end) == Some(&b'#');
                    let end = end + usize::from(barricade);
                    let action = BriefAction::Move {
                        from,
                        via,
                        to,
                        capture,
                        barricade,
                    };
                    Some((action, end))
                }
                Some(b':' | b'>') => line_at(bytes, from, end),
                _ => None,
            }
        }
        _ => None,
    }
}

/// A capture mark at `i` that is a bare `*` or none: whether there is
/// one, and where it ends; `None` for a mark with a target or points.
#[inline(always)]
fn bare_capture(bytes: &[u8], i: usize) -> Option<(bool, usize)> {
    if bytes.get(i) != Some(&b'*') {
        return Some((false, i));
    }
    match bytes.get(i + 1) {
        Some(b'a'..=b'z' | b'=') => None,
        _ => Some((true, i + 1)),
    }
}

/// The rest of a line move whose first cell `from` ends at `end` (on `:`
/// or `>`), and where it ends.
#[inline(always)]
fn line_at(bytes: &[u8], from: Name, mut end: usize) -> Option<(BriefAction, usize)> {
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
        let (target, points, next) = scoring(bytes, end + 1)?;
        capture = Some(BriefCapture { target, points });
        end = next;
    }
    let action = BriefAction::Line {
        from,
        to,
        direction,
        capture,
    };
    Some((action, end))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::ast::Turn;
    use crate::error::ParseError;
    use crate::parse::stream::PairBrief;
    use crate::parse::stream::{Piece, PieceError};

    /// What a reading gave: each main-line turn (as a brief where it was
    /// read as one), then the end of the game or the syntax error.
    #[derive(Debug, PartialEq)]
    enum Read {
        Brief(Brief),
        Pair(PairBrief),
        Turn(Turn),
        End(Piece),
        Error(ParseError),
    }

    impl PartialEq for Piece {
        fn eq(&self, other: &Piece) -> bool {
            format!("{self:?}") == format!("{other:?}")
        }
    }

    /// `game` read by the parser alone (`briefs` 0), or with briefs
    /// (pair briefs when `pairs`) wherever they can be read and the parser
    /// a turn at a time elsewhere: every brief played (`briefs` 1), or
    /// every third refused and read again as a turn (2).
    fn read(game: &str, briefs: u8, pairs: bool) -> Vec<Read> {
        let mut stream = TurnStream::new(3);
        let (mut turns, mut out) = (Vec::new(), Vec::new());
        match stream.read(game, true, &mut turns) {
            Ok(Piece::Head(_)) => {}
            Ok(other) => return vec![Read::End(other)],
            Err(PieceError::Syntax(e)) => return vec![Read::Error(e)],
            Err(PieceError::More) => unreachable!("the last piece"),
        }
        loop {
            if briefs > 0 {
                // Every brief played, or every third refused (read again
                // as a turn).
                let mut k = 0;
                let mut play = |read: Read| {
                    k += 1;
                    let play = briefs == 1 || k % 3 != 0;
                    if play {
                        out.push(read);
                    }
                    play
                };
                let piece = &game[stream.offset()..];
                match pairs {
                    false => stream.play_briefs(piece, |brief| play(Read::Brief(*brief))),
                    true => stream.play_pair_briefs(piece, |brief| play(Read::Pair(*brief))),
                };
            }
            let max = if briefs > 0 { 1 } else { usize::MAX };
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
        let alone = read(game, 0, false);
        let mut briefs = 0;
        for pairs in [false, true] {
            // Every third brief refused: read again as a turn.
            agree(game, &alone, &read(game, 2, pairs));
            briefs += agree(game, &alone, &read(game, 1, pairs));
        }
        briefs
    }

    /// `mixed` reads as `alone` does: how many briefs it holds.
    fn agree(game: &str, alone: &[Read], mixed: &[Read]) -> usize {
        assert_eq!(alone.len(), mixed.len(), "{game:?}\n{alone:?}\n{mixed:?}");
        let mut briefs = 0;
        for (a, m) in alone.iter().zip(mixed) {
            match (a, m) {
                (Read::Turn(turn), Read::Brief(brief)) => {
                    assert_eq!(Brief::of(turn).as_ref(), Some(brief), "{game:?}");
                    briefs += 1;
                }
                (Read::Turn(turn), Read::Pair(brief)) => {
                    assert_eq!(PairBrief::of(turn).as_ref(), Some(brief), "{game:?}");
                    let written: Vec<Action> =
                        brief.actions().iter().map(|a| a.to_action()).collect();
                    assert_eq!(turn.actions.as_slice(), written, "{game:?}");
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
        // A few words: a turn of the tree is 160 bytes.
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
        let game = "[Game \"barricade\"]\n\n1. R6 a1-b2\n2. B3 b2-c3*\n3. G1 c3-c4# #o4\n\
                    4. Y5 -- #d7\n5. R6 +\n6. B2 +*\n7. G4 --\n8. Y1 a1-b1\n9. R6 +t27\n\
                    10. B6 +t1*\n11. G1 a1-b1\n*\n";
        assert_eq!(same(game), 10);
        for not_brief in [
            "3. R b1>nw {a comment}",
            "3. R b1>nw $1",
            "3. R b1>nw!",
            "3. R61 b1>nw",
            "3. R6-2 b1>nw",
            "3. G4>Y b1-b2",
            "3. R6 r9-c-g0",
            "3. R6 r9-r12*g1",
            "3. R6 r9-r12*=2",
            "3. R6 +=2",
            "3. R6 +t27=2",
            "3. R6 +T27",
            "3. R6 r9-r12 #",
            "3. R6 r9-r12 #A1",
            "3. R6 r9-r12 #a1 #b2",
            "3. R6 #a1",
            "3. Rb b1>nw",
            "3. R ~ b1>nw",
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

    /// A game that ends after a turn, without its result, is told so
    /// however it is read: the words of the last turn are not taken for
    /// a slip (`go37`, a letter o before digits, was told "go37 is not a
    /// hole" when the game was read whole, "missing result" when read a
    /// turn at a time).
    #[test]
    fn a_missing_result_after_a_turn_is_told_however_the_game_is_read() {
        let game = "[Game \"offboard\"]\n[Seats \"R B\"]\n\n0. G c6-go37-cclfw*#\r\n\n";
        same(game);
        let error = crate::parse_game(game).unwrap_err();
        assert!(
            error.message.starts_with("missing result"),
            "{}",
            error.message
        );
    }

    #[test]
    fn a_pair_brief_is_a_few_words() {
        // Four actions of a few words: a turn of the tree of two actions
        // is 160 bytes and a list of 320 on the heap.
        let size = std::mem::size_of::<PairBrief>();
        assert!(size <= 192, "{size}");
    }

    #[test]
    fn plain_turns_of_two_dice_are_pair_briefs_and_the_rest_the_parsers() {
        let game = "[Game \"parcheesi\"]\n\n1. R2-4 --\n2. B5-4 +t18 t18-t22\n\
                    3. Y3-3 t21-t24* t24-t27 t27-t47\n4. G5-5 +t1 +t1\n5. R1-4 t54-t55 t1-t5\n\
                    6. B6-6 t1-t7 t7-t13 t13-t19 t19-t25\n7. Y5-0 +\n8. G1-2 +* t1-t2\n*\n";
        // The last turn is followed by the result: the parser's.
        assert_eq!(same(game), 7);
        for not_brief in [
            "3. R6 t1-t7",
            "3. R6-6 t1-t7 t7-t13 t13-t19 t19-t25 t25-t31",
            "3. R6-6 t1-t7 {a comment}",
            "3. R6-6 t1-t7 $1",
            "3. R6-6 t1-t7!",
            "3. R16-6 t1-t7",
            "3. R6-16 t1-t7",
            "3. R6- t1-t7",
            "3. R6-6  t1-t7",
            "3. R6-6 t1-t7  t7-t13",
            "3. R6-6 t1-t7 ",
            "3. R6-6 t1-t7\r",
            "3. R6-6 t1-c-t7",
            "3. R6-6 t1-t7#",
            "3. R6-6 t1-t7 #t4",
            "3. R6-6 t1-t7*t4",
            "3. R6-6 +t1=2",
            "3. R6-6 c3>ne",
            "3. R6-6 ~",
            "3. G4-1>Y t1-t5",
            "3. Rb6-6 t1-t7",
            "3. R6-6 t1-t7 (3. R6-6 t1-t7)",
        ] {
            let game = format!(
                "[Game \"parcheesi\"]\n\n1. R2-4 --\n2. B5-4 +t18 t18-t22\n{not_brief}\n\
                 4. G5-5 +t1 +t1\n5. R1-4 t54-t55 t1-t5\n*\n"
            );
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
        let line = (name, proptest::option::of(name), direction, mark.clone()).prop_map(
            |(from, to, dir, mark)| match to {
                Some(to) => format!("{from}:{to}>{dir}{mark}"),
                None => format!("{from}>{dir}{mark}"),
            },
        );
        let path = (name, name, proptest::option::of(name), mark.clone(), "#?").prop_map(
            |(from, to, via, mark, taken)| match via {
                Some(via) => format!("{from}-{via}-{to}{mark}{taken}"),
                None => format!("{from}-{to}{mark}{taken}"),
            },
        );
        let action = prop_oneof![
            3 => line,
            3 => path,
            1 => Just("--".to_string()),
            1 => mark.clone().prop_map(|m| format!("+{m}")),
            1 => (name, mark).prop_map(|(to, m)| format!("+{to}{m}")),
            1 => Just("~".to_string()),
            1 => "#[a-z][0-9]",
        ];
        let put_down =
            prop_oneof![4 => Just(String::new()), 1 => " #[a-o][0-9]{1,2}", 1 => " #[A-Z]"];
        let number = prop_oneof![3 => "[1-9][0-9]{0,2}", 1 => "0[0-9]{0,2}|[0-9]{10,11}"];
        let seat = prop_oneof![5 => "[RBGY][1-6]?", 1 => "[A-Z][a-z]?[0-9]{0,2}(-[0-9])?(>[A-Z])?"];
        let after = prop_oneof![
            8 => Just(String::new()),
            1 => Just(" {c}".to_string()),
            1 => Just(" $2".to_string()),
            1 => Just("?".to_string()),
            1 => Just(" ~".to_string()),
            1 => Just(" r1-r2".to_string()),
            1 => Just(" (1. R a1>e)".to_string()),
            1 => Just("\r".to_string()),
            1 => Just("\n".to_string()),
            1 => Just(" ".to_string()),
        ];
        (number, seat, action, put_down, after)
            .prop_map(|(n, s, a, p, after)| format!("{n}. {s} {a}{p}{after}"))
    }

    /// A line of a game of two dice: most in a pair brief's shape, some
    /// each way not.
    fn pair_line() -> impl Strategy<Value = String> {
        let name = "t[1-9][0-9]?|[a-z]{1,9}[0-9]{0,2}";
        let mark = prop_oneof![
            4 => Just(String::new()),
            2 => Just("*".to_string()),
            1 => "\\*[a-z][0-9]?",
            1 => "\\*=[0-9]{1,3}",
        ];
        let action = prop_oneof![
            4 => (name, name, mark.clone(), prop_oneof![8 => Just(""), 1 => Just("#")])
                .prop_map(|(from, to, mark, taken)| format!("{from}-{to}{mark}{taken}")),
            1 => (name, name, name).prop_map(|(from, via, to)| format!("{from}-{via}-{to}")),
            2 => (proptest::option::of(name), mark)
                .prop_map(|(to, m)| format!("+{}{m}", to.unwrap_or_default())),
            1 => Just("--".to_string()),
            1 => Just("c3>ne".to_string()),
        ];
        let actions = proptest::collection::vec(action, 1..6).prop_map(|a| a.join(" "));
        let number = prop_oneof![3 => "[1-9][0-9]{0,2}", 1 => "0[0-9]{0,2}|[0-9]{10,11}"];
        let head = prop_oneof![
            6 => "[RBGY][0-9]-[0-9]",
            1 => "[RBGY][0-9]{0,2}(-[0-9]{0,2})?(>[A-Z])?",
        ];
        let after = prop_oneof![
            8 => Just(String::new()),
            1 => Just(" {c}".to_string()),
            1 => Just(" $2".to_string()),
            1 => Just("?".to_string()),
            1 => Just(" #t4".to_string()),
            1 => Just("\r".to_string()),
            1 => Just("\n".to_string()),
            1 => Just(" ".to_string()),
        ];
        (number, head, actions, after).prop_map(|(n, h, a, after)| format!("{n}. {h} {a}{after}"))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn generated_games_of_two_dice_read_the_same_with_pair_briefs(
            lines in proptest::collection::vec(pair_line(), 0..12),
            result in prop_oneof!["\\*", "R", "[{] end [}] \\*", ""],
        ) {
            let game = format!("[Game \"parcheesi\"]\n\n{}\n{result}\n", lines.join("\n"));
            same(&game);
        }

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
