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
    /// The roll is missing, not a die face, or written in a game without dice.
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
}

impl ErrorKind {
    /// The snake_case name used in reports.
    pub fn name(self) -> &'static str {
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
        }
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
    /// The seat of that turn.
    pub seat: Option<String>,
    /// The legal actions at that point, in notation (may be empty).
    pub legal: Vec<String>,
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
pub(crate) fn cold_error(make: impl FnOnce() -> ReplayError) -> Box<ReplayError> {
    Box::new(make())
}

/// [`cold_error`] for a check whose errors are not boxed.
#[cold]
#[inline(never)]
pub(crate) fn cold<T>(make: impl FnOnce() -> T) -> T {
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
        }
    }

    /// The same error, placed in a turn.
    pub fn in_turn(mut self, turn: u32, seat: &str) -> ReplayError {
        self.turn.get_or_insert(turn);
        if self.seat.is_none() {
            self.seat = Some(seat.to_string());
        }
        self
    }

    /// The same error, listing the legal actions.
    pub fn with_legal(mut self, legal: Vec<String>) -> ReplayError {
        self.legal = legal;
        self
    }
}
