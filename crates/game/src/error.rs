//! The error a replay stops at: where, which turn and seat, what was wrong.

use billes_notation::Span;
use serde::Serialize;

/// What kind of mistake a record holds. Serialised in snake_case; the names
/// are part of the JSON/YAML report schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// A tag is missing or its value cannot be used (`Game`, `Seats`, `Teams`, `Position`).
    Tag,
    /// The `Rules` tag or `--rules` names a variant that cannot be used.
    Variant,
    /// A written turn number is not the turn's place in the game.
    TurnNumber,
    /// The turn is written for a seat that is not the one to move (or to roll).
    Seat,
    /// The roll is missing, not a die face, written in a game without dice,
    /// or does not fit the move written (a move another roll plays: the
    /// check goes on with that roll).
    Roll,
    /// The action is not a legal move in the position.
    IllegalMove,
    /// A pass is written while a legal move exists.
    FalsePass,
    /// A marked effect (capture, barricade, target, points) is not what the move does.
    Effect,
    /// A turn is written after the game has been won.
    AfterEnd,
    /// The result token or the `Result` tag does not match the position.
    Result,
    /// Not a mistake: a house rule's script was stopped by the wall-clock
    /// guard, which only stops a hang (the budgets that decide are
    /// counted). The game's check did not end: no verdict on the record.
    TimeGuard,
}

impl ErrorKind {
    /// The snake_case name used in reports.
    pub const fn name(self) -> &'static str {
        match self {
            ErrorKind::Tag => "tag",
            ErrorKind::Variant => "variant",
            ErrorKind::TurnNumber => "turn_number",
            ErrorKind::Seat => "seat",
            ErrorKind::Roll => "roll",
            ErrorKind::IllegalMove => "illegal_move",
            ErrorKind::FalsePass => "false_pass",
            ErrorKind::Effect => "effect",
            ErrorKind::AfterEnd => "after_end",
            ErrorKind::Result => "result",
            ErrorKind::TimeGuard => "time_guard",
        }
    }

    /// Whether an error of this kind is a verdict on the record: every kind
    /// but [`ErrorKind::TimeGuard`], which says the check was stopped.
    pub const fn is_verdict(self) -> bool {
        !matches!(self, ErrorKind::TimeGuard)
    }
}

/// A mistake found while replaying a record.
///
/// The message speaks the game's language ("R would jump its own marble on
/// r5"), lowercase, without a trailing period. `legal` lists the legal actions
/// in notation where that helps the reader.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{message}")]
pub struct ReplayError {
    /// What kind of mistake.
    pub kind: ErrorKind,
    /// What was wrong, in the game's words.
    pub message: String,
    /// Where in the record (the offending action, head, tag or token).
    pub span: Span,
    /// The turn number, when the mistake is in a turn.
    pub turn: Option<u32>,
    /// The seat of that turn (a boxed `str`, as the note is boxed: the
    /// error stays as small as it was before the note).
    pub seat: Option<Box<str>>,
    /// The legal actions at that point, in notation (may be empty), those
    /// nearest to what was written first.
    pub legal: Vec<String>,
    /// What the check did about the mistake, when it went on or stopped
    /// there ("the rest of the game is not checked: ..."); read it with
    /// [`ReplayError::note`]. Behind one thin pointer: every check returns
    /// this error type, and a larger one slows the checks down.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[allow(clippy::box_collection)]
    pub note: Option<Box<String>>,
}

impl From<Box<ReplayError>> for ReplayError {
    fn from(e: Box<ReplayError>) -> ReplayError {
        *e
    }
}

/// The error `make` makes, boxed; for the checks on the hot path of a
/// replay. The closure's code (the wording, a list of legal moves) goes in a
/// function of its own, out of the way, called only on a mistake: inlined in
/// a check, it made the check's frame large and its registers scarce.
#[cold]
#[inline(never)]
pub fn cold_error(make: impl FnOnce() -> ReplayError) -> Box<ReplayError> {
    Box::new(make())
}

/// [`cold_error`] for a check whose errors are not boxed.
#[cold]
#[inline(never)]
pub fn cold<T>(make: impl FnOnce() -> T) -> T {
    make()
}

impl ReplayError {
    /// An error of `kind` at `span`, not tied to a turn.
    pub fn new(kind: ErrorKind, span: Span, message: impl Into<String>) -> ReplayError {
        ReplayError {
            kind,
            message: message.into(),
            span,
            turn: None,
            seat: None,
            legal: Vec::new(),
            note: None,
        }
    }

    /// The same error, placed in a turn.
    pub fn in_turn(mut self, turn: u32, seat: &str) -> ReplayError {
        self.turn.get_or_insert(turn);
        if self.seat.is_none() {
            self.seat = Some(seat.into());
        }
        self
    }

    /// The same error, with a note on what the check did about it.
    #[must_use]
    pub fn with_note(mut self, note: impl Into<String>) -> ReplayError {
        self.note = Some(Box::new(note.into()));
        self
    }

    /// The note on what the check did about the mistake, if any.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref().map(String::as_str)
    }

    /// The same error, listing the legal actions.
    pub fn with_legal(mut self, legal: Vec<String>) -> ReplayError {
        self.legal = legal;
        self
    }
}

/// Parameters that describe no playable game
/// ([`crate::game::GameRules::from_params`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParamsError(pub String);

/// A tag value (`Seats`, `Teams`, `Position`) that describes no position
/// of the game: why, in the game's words. A record's replay places it at
/// the tag, as a [`ErrorKind::Tag`] error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TagValueError(pub String);

impl From<String> for TagValueError {
    fn from(why: String) -> TagValueError {
        TagValueError(why)
    }
}

/// A board description that cannot be read (a game's `Board::from_yaml`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The text is no YAML of a board: the YAML reader's message.
    #[error("{0}")]
    Yaml(String),
    /// The board described is impossible or unusable: why.
    #[error("{0}")]
    Shape(String),
}

/// A random game that could not be played
/// ([`crate::game::GameRules::simulate`], `billes_core::simulate`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimulateError {
    /// The options describe no game of these rules (too many players,
    /// teams in a game without them).
    #[error("{0}")]
    Options(String),
    /// The start position could not be set up.
    #[error("{0}")]
    Setup(ReplayError),
    /// The variant's script failed before the game (its fresh run).
    #[error("{0}")]
    Variant(String),
    /// A turn could not be listed or played: a hook failed, or the rules
    /// refused a move they listed. The message names the turn.
    #[error("{0}")]
    Turn(String),
}

/// A change a house rule's hook asks of a game, refused: an edit of an
/// `effect` hook ([`crate::game::GameRules::apply_edit`]), a winner
/// ([`crate::game::GameRules::declare_winner`]) or a move a `moves` hook
/// adds ([`crate::game::GameRules::spell_added`]). The message says why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ChangeError(pub String);

/// Orders `legal` (actions in notation) nearest first to what was written
/// (`written`): the same piece moved, then the same landing, the same
/// direction, the same kind of action; the order of the rules otherwise.
/// A reader looks for the move meant among the first few.
pub fn nearest_first(legal: &mut [String], written: &[billes_notation::Action]) {
    if legal.len() < 2 || written.is_empty() {
        return;
    }
    let written: Vec<Shape> = written.iter().map(|a| Shape::of(&a.to_string())).collect();
    let score = |l: &String| {
        let l = Shape::of(l);
        written.iter().map(|w| w.nearness(&l)).max().unwrap_or(0)
    };
    // A stable sort: equal scores keep the rules' order.
    legal.sort_by_cached_key(|l| std::cmp::Reverse(score(l)));
}

/// What [`nearest_first`] compares of an action written in notation.
struct Shape {
    /// The first character (`+`, `-`, `#`, `~`, or a hole's letter).
    kind: Option<char>,
    /// The holes named before any mark or direction.
    holes: Vec<String>,
    /// The direction after `>`.
    direction: Option<String>,
}

impl Shape {
    fn of(text: &str) -> Shape {
        // One action; in a list of several (a move and a put-down), the first.
        let text = text.split_whitespace().next().unwrap_or("");
        let (body, direction) = match text.split_once('>') {
            Some((body, rest)) => {
                let dir: String = rest
                    .chars()
                    .take_while(char::is_ascii_alphanumeric)
                    .collect();
                (body, Some(dir))
            }
            None => (text, None),
        };
        let body = body.split('*').next().unwrap_or("");
        let holes = body
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|h| !h.is_empty())
            .map(str::to_string)
            .collect();
        Shape {
            kind: text
                .chars()
                .next()
                .map(|c| if c.is_ascii_alphanumeric() { 'a' } else { c }),
            holes,
            direction,
        }
    }

    fn nearness(&self, other: &Shape) -> u32 {
        let mut n = 0;
        // One marble written where a line holding it moves the same way
        // (`g6>se` for `h6:g6>se`): the line is what was meant.
        if let [one] = self.holes.as_slice() {
            if self.direction.is_some()
                && self.direction == other.direction
                && other.holes.len() > 1
                && other.holes.contains(one)
            {
                n += 16;
            }
        }
        if !self.holes.is_empty() && self.holes.first() == other.holes.first() {
            n += 8;
        }
        if self.holes.len() > 1 && self.holes.last() == other.holes.last() {
            n += 4;
        }
        if self.direction.is_some() && self.direction == other.direction {
            n += 2;
        }
        if self.kind == other.kind {
            n += 1;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(text: &str) -> Vec<billes_notation::Action> {
        let game = billes_notation::parse_game(&format!("1. R3 {text} *\n")).unwrap();
        game.line.turns[0].actions.to_vec()
    }

    #[test]
    fn nearest_legal_actions_come_first() {
        let mut legal: Vec<String> = ["a1>w", "b2>ne", "c3:c5>e", "c3>nw", "e5>w", "c3>e"]
            .map(String::from)
            .into();
        nearest_first(&mut legal, &written("c3>w"));
        assert_eq!(legal, ["c3:c5>e", "c3>nw", "c3>e", "a1>w", "e5>w", "b2>ne"]);
        let mut legal: Vec<String> = ["+", "r9-r12", "g5-g8*", "b1-r12"].map(String::from).into();
        nearest_first(&mut legal, &written("b1-r11"));
        assert_eq!(legal, ["b1-r12", "r9-r12", "g5-g8*", "+"]);
        // A single marble that cannot push: the line holding it, first.
        let mut legal: Vec<String> = ["g6>e", "g6>ne", "g6:h6>nw", "h6:g6>se"]
            .map(String::from)
            .into();
        nearest_first(&mut legal, &written("g6>se"));
        assert_eq!(legal[0], "h6:g6>se");
        let mut legal: Vec<String> = ["r9-r12", "g5-g8*", "+"].map(String::from).into();
        nearest_first(&mut legal, &written("+"));
        assert_eq!(legal, ["+", "r9-r12", "g5-g8*"]);
    }
}
