//! Turns of two dice read as [`PairBrief`]s: the writer's plainest turn
//! of a game of two dice (`9. R4-6 t4-t8 t8-t14`, `31. R5-5 +t1 +t1`,
//! `4. G3-6 --`) read into a few words, without its tree, as
//! [`Brief`](super::Brief)s are for a game of one die. Most turns of
//! Parcheesi write two actions or more: as a turn of the tree, each is a
//! list on the heap, and reading it cost more than the rules' check of it.

use super::brief::{action_at, number_at, Shape};
use super::{BriefAction, TurnStream};
use crate::ast::{Action, Capture, Name, Path, Span, Turn};

/// A main-line turn of two dice in the writer's plainest shape, as
/// [`TurnStream::play_pair_briefs`] reads it: the seat, the two dice of
/// one digit each, and one to [`PairBrief::MAX_ACTIONS`] actions, each a
/// pass, a piece entered or a move from one hole to another (with a bare
/// capture mark or none).
///
/// ```
/// use billes_notation::{BriefAction, Name, PairBrief, Piece, TurnStream};
///
/// let game = "[Game \"parcheesi\"]\n\n1. R5-3 +t1 t1-t4\n2. B2-4 --\n*\n";
/// let mut stream = TurnStream::new(1);
/// let mut turns = Vec::new();
/// let Ok(Piece::Head(_)) = stream.read(game, true, &mut turns) else { panic!() };
/// let mut briefs = Vec::new();
/// let played = stream.play_pair_briefs(&game[stream.offset()..], |brief| {
///     briefs.push(*brief);
///     true
/// });
/// // The last turn is followed by the result, not a turn: the parser's.
/// assert_eq!(played, 1);
/// assert_eq!(briefs[0].dice, (5, 3));
/// assert_eq!(
///     briefs[0].actions(),
///     [
///         BriefAction::Enter { to: Some(Name::new("t1")), capture: false },
///         BriefAction::Move {
///             from: Name::new("t1"),
///             via: None,
///             to: Name::new("t4"),
///             capture: false,
///             barricade: false,
///         },
///     ]
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairBrief {
    /// The turn number, as written.
    pub number: u32,
    /// The seat that rolled.
    pub seat: Name,
    /// The two dice, as written (`5-3`: 5 and 3).
    pub dice: (u8, u8),
    /// The actions, the first `len`.
    actions: [BriefAction; PairBrief::MAX_ACTIONS],
    len: u8,
}

impl PairBrief {
    /// The most actions a pair brief holds: the two dice and two bonuses,
    /// or the four values of a double with bottoms. A longer turn is the
    /// parser's.
    pub const MAX_ACTIONS: usize = 4;

    /// The actions, in order.
    pub fn actions(&self) -> &[BriefAction] {
        &self.actions[..usize::from(self.len)]
    }

    /// The pair brief `turn` is, when it is in a pair brief's shape: the
    /// brief [`TurnStream::play_pair_briefs`] reads where the parser reads
    /// `turn`.
    ///
    /// ```
    /// use billes_notation::{parse_game, PairBrief};
    ///
    /// let game = parse_game("[Game \"parcheesi\"]\n\n1. R5-3 +t1 t1-t4\n2. B3 --\n3. R6-6 t1-t7 {!} *")?;
    /// assert!(PairBrief::of(&game.line.turns[0]).is_some());
    /// assert_eq!(PairBrief::of(&game.line.turns[1]), None);
    /// assert_eq!(PairBrief::of(&game.line.turns[2]), None);
    /// # Ok::<(), billes_notation::ParseError>(())
    /// ```
    pub fn of(turn: &Turn) -> Option<PairBrief> {
        let head = &turn.head;
        let plain = head.mover.is_none()
            && turn.before().is_empty()
            && turn.after().is_empty()
            && turn.nags().is_empty()
            && turn.variations().is_empty();
        let dice = match (head.roll, head.second) {
            (Some(a @ 0..=9), Some(b @ 0..=9)) => (a as u8, b),
            _ => return None,
        };
        if !plain || turn.actions.is_empty() || turn.actions.len() > PairBrief::MAX_ACTIONS {
            return None;
        }
        let mut brief = PairBrief::new(turn.number, head.seat, dice);
        for action in &turn.actions {
            brief.push(pair_action(action)?);
        }
        Some(brief)
    }

    /// Whether `actions` are written as the brief's actions are (each
    /// the action [`BriefAction::to_action`] gives, spans aside): whether
    /// a complete move of these actions is written as the brief.
    ///
    /// ```
    /// use billes_notation::{parse_game, PairBrief};
    ///
    /// let game = parse_game("[Game \"parcheesi\"]\n\n1. R5-3 +t1 t1-t4\n2. R5-3 +t1* t1-t4 *")?;
    /// let [first, second] = &game.line.turns[..] else { panic!() };
    /// let brief = PairBrief::of(first).expect("a pair brief");
    /// assert!(brief.writes_as(&first.actions));
    /// assert!(!brief.writes_as(&second.actions));
    /// # Ok::<(), billes_notation::ParseError>(())
    /// ```
    pub fn writes_as(&self, actions: &[Action]) -> bool {
        actions.len() == self.actions().len()
            && (actions.iter().zip(self.actions()))
                .all(|(action, brief)| pair_action(action) == Some(*brief))
    }

    fn new(number: u32, seat: Name, dice: (u8, u8)) -> PairBrief {
        PairBrief {
            number,
            seat,
            dice,
            actions: [BriefAction::Pass; PairBrief::MAX_ACTIONS],
            len: 0,
        }
    }

    /// Adds `action`; `None` when the brief is full.
    fn push(&mut self, action: BriefAction) -> Option<()> {
        *self.actions.get_mut(usize::from(self.len))? = action;
        self.len += 1;
        Some(())
    }
}

/// An action of a pair brief's shape, as the brief holds it.
fn pair_action(action: &Action) -> Option<BriefAction> {
    BriefAction::of(action).filter(|a| a.in_pair())
}

impl BriefAction {
    /// Whether the action is in a pair brief's shape: a pass, an entry,
    /// or a move of two holes that takes no barricade.
    #[inline(always)]
    fn in_pair(self) -> bool {
        match self {
            BriefAction::Pass | BriefAction::Enter { .. } => true,
            BriefAction::Move { via, barricade, .. } => via.is_none() && !barricade,
            BriefAction::Line { .. } => false,
        }
    }

    /// The action as a turn of the tree holds it, without its span (a
    /// capture mark without a target or points is `*`).
    ///
    /// ```
    /// use billes_notation::{parse_game, BriefAction, Name};
    ///
    /// let game = parse_game("[Game \"parcheesi\"]\n\n1. R5-3 +t1* *")?;
    /// let entry = BriefAction::Enter { to: Some(Name::new("t1")), capture: true };
    /// assert_eq!(entry.to_action(), game.line.turns[0].actions[0]);
    /// # Ok::<(), billes_notation::ParseError>(())
    /// ```
    pub fn to_action(self) -> Action {
        let span = Span::default();
        let mark = |capture: bool| capture.then(Capture::default);
        match self {
            BriefAction::Pass => Action::Pass { span },
            BriefAction::Enter { to, capture } => Action::Place {
                to,
                capture: mark(capture),
                span,
            },
            BriefAction::Move {
                from,
                via,
                to,
                capture,
                barricade,
            } => Action::Move {
                path: match via {
                    None => Path::two(from, to),
                    Some(via) => Path::from(vec![from, via, to]),
                },
                capture: mark(capture),
                barricade,
                span,
            },
            BriefAction::Line {
                from,
                to,
                direction,
                capture,
            } => Action::Line {
                from,
                to,
                direction,
                capture: capture.map(|c| Capture {
                    target: c.target,
                    points: c.points,
                    span,
                }),
                span,
            },
        }
    }
}

impl TurnStream {
    /// [`play_briefs`](TurnStream::play_briefs) for a game of two dice:
    /// reads the turns at the start of `piece` that are [`PairBrief`]s,
    /// each on its own line and followed by the next turn's, handing each
    /// to `play`, and moves the reading on past each it plays; stops as
    /// `play_briefs` does. How many it played.
    pub fn play_pair_briefs(&mut self, piece: &str, play: impl FnMut(&PairBrief) -> bool) -> usize {
        self.play_each(piece, play)
    }
}

impl Shape for PairBrief {
    #[inline(always)]
    fn at(bytes: &[u8], pos: usize) -> Option<(PairBrief, usize)> {
        pair_at(bytes, pos)
    }

    #[inline(always)]
    fn number(&self) -> u32 {
        self.number
    }
}

/// The pair brief at `pos`, the start of a line, and where its line
/// break is; `None` unless the line is a turn in a pair brief's shape and
/// the next line starts with a digit.
#[inline(always)]
fn pair_at(bytes: &[u8], pos: usize) -> Option<(PairBrief, usize)> {
    let (number, i) = number_at(bytes, pos)?;
    // One capital letter, a digit, a dash, a digit, one space.
    let (seat, dice) = match *bytes.get(i..i + 5)? {
        [s @ b'A'..=b'Z', a @ b'0'..=b'9', b'-', b @ b'0'..=b'9', b' '] => {
            (s, (a - b'0', b - b'0'))
        }
        _ => return None,
    };
    let mut brief = PairBrief::new(number, Name::from_word(u64::from(seat), 1), dice);
    let mut i = i + 5;
    loop {
        let (action, end) = action_at(bytes, i)?;
        if !action.in_pair() {
            return None;
        }
        brief.push(action)?;
        match bytes.get(end..end + 2)? {
            [b' ', b'-' | b'+' | b'a'..=b'z'] => i = end + 1,
            [b'\n', next] if next.is_ascii_digit() => return Some((brief, end)),
            _ => return None,
        }
    }
}
