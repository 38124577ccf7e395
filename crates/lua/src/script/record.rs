//! The move a turn played, as house-rule hooks see it: a [`Hooks`] that
//! passes every call on to the rules' own hooks and remembers the views the
//! engine builds for the written move, so a script's `t` has exactly the
//! fields of the house-rule `move` table, from the one implementation of
//! each game's rules.

use std::cell::{Cell, Ref, RefCell};

use billes_core::edit::Edit;
use billes_core::variant::{
    BoardView, EjectionView, Field, Hook, HookError, Hooks, MoveKind, MoveView, PlayedView,
    RollView, TeamRoll, Verdict, MAX_FIELDS,
};
use billes_notation::Name;

/// A name of a recorded move: inline when it fits a [`Name`] (the names of
/// every board do), else owned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Text {
    /// Up to [`Name::MAX`] bytes.
    Short(Name),
    /// Longer.
    Long(String),
}

impl Text {
    fn of(text: &str) -> Text {
        Name::try_new(text).map_or_else(|| Text::Long(text.to_string()), Text::Short)
    }

    /// The name.
    pub(crate) fn as_str(&self) -> &str {
        match self {
            Text::Short(n) => n.as_str(),
            Text::Long(s) => s,
        }
    }
}

/// A field of a recorded move, owned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Value {
    /// A name (seat, hole, point, cell, direction, target), or nil.
    Name(Option<Text>),
    /// A whole number, or nil.
    Number(Option<u32>),
    /// Yes or no, or nil.
    Flag(Option<bool>),
}

/// The `move` table of a played turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Recorded {
    /// The seat that rolled.
    pub roller: Text,
    /// The seat whose piece moved.
    pub seat: Text,
    /// `enter`, `move` or `pass`.
    pub kind: &'static str,
    /// The game's own fields, in its order: the first `len`.
    fields: [(&'static str, Value); MAX_FIELDS],
    len: usize,
}

impl Default for Recorded {
    fn default() -> Recorded {
        Recorded {
            roller: Text::Short(Name::default()),
            seat: Text::Short(Name::default()),
            kind: "",
            fields: std::array::from_fn(|_| ("", Value::Flag(None))),
            len: 0,
        }
    }
}

impl Recorded {
    /// Fills `self` with the fields of `mv`: a turn records a move or more
    /// (Offboard: each candidate `allow` sees), each a few words copied.
    fn fill(&mut self, mv: &MoveView<'_>) {
        self.roller = Text::of(mv.roller);
        self.seat = Text::of(mv.seat);
        self.kind = mv.kind.name();
        let mut len = 0;
        for ((name, f), slot) in mv.fields().zip(&mut self.fields) {
            *slot = (
                name,
                match f {
                    Field::Name(text) => Value::Name(text.map(Text::of)),
                    Field::Number(number) => Value::Number(number),
                    Field::Flag(flag) => Value::Flag(flag),
                },
            );
            len += 1;
        }
        self.len = len;
    }

    /// The game's own fields, in its order.
    pub(crate) fn fields(&self) -> &[(&'static str, Value)] {
        &self.fields[..self.len]
    }

    /// The value of the game's own field `name`, when the game has one.
    pub(crate) fn field(&self, name: &[u8]) -> Option<&Value> {
        self.fields()
            .iter()
            .find(|(n, _)| n.as_bytes() == name)
            .map(|(_, v)| v)
    }
}

/// Hooks that record the move of the turn being played and otherwise
/// behave as `inner` (the variant's hooks, or none).
///
/// Which view is the turn's: the one `extra_turn` sees (built after every
/// Aggravation turn and every Barricade turn but the winning one, passes
/// included), else the last one `allow` saw that was not a barricade put
/// down (the written move, checked before it is played: Offboard, and the
/// winning Barricade move).
pub(crate) struct Recorder<'h> {
    inner: &'h dyn Hooks,
    /// The move `extra_turn` saw, and whether it saw one this turn.
    extra: RefCell<Recorded>,
    has_extra: Cell<bool>,
    /// The last move `allow` saw, and whether it saw one this turn.
    allowed: RefCell<Recorded>,
    has_allowed: Cell<bool>,
    /// Whether the views are recorded now. Off, the recorder is as idle
    /// as `inner`: the engine builds no view it does not need (with no
    /// hooks, the game's unhooked path, as fast as validation).
    recording: Cell<bool>,
    /// Whether `inner` is active (a variant's hooks): its turns are then
    /// recorded as they are played, since playing one again would run the
    /// variant's hooks twice.
    eager: bool,
}

impl std::fmt::Debug for Recorder<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Recorder").finish_non_exhaustive()
    }
}

impl<'h> Recorder<'h> {
    pub(crate) fn new(inner: &'h dyn Hooks) -> Recorder<'h> {
        Recorder {
            inner,
            extra: RefCell::default(),
            has_extra: Cell::new(false),
            allowed: RefCell::default(),
            has_allowed: Cell::new(false),
            recording: Cell::new(inner.active()),
            eager: inner.active(),
        }
    }

    /// Whether turns are recorded as they are played (a variant's hooks
    /// run), rather than played again on a copy when a script asks.
    pub(crate) fn eager(&self) -> bool {
        self.eager
    }

    /// Forgets the views seen so far: call before each turn.
    pub(crate) fn clear(&self) {
        self.has_extra.set(false);
        self.has_allowed.set(false);
    }

    /// Starts or stops recording. (It is stopped while a script reads the
    /// turn: working out `t.legal` asks `allow` about other moves.)
    pub(crate) fn record(&self, on: bool) {
        self.recording.set(on);
    }

    /// The move of the turn played since [`Recorder::clear`], if the engine
    /// showed one.
    pub(crate) fn recorded(&self) -> Option<Ref<'_, Recorded>> {
        if self.has_extra.get() {
            Some(self.extra.borrow())
        } else if self.has_allowed.get() {
            Some(self.allowed.borrow())
        } else {
            None
        }
    }
}

impl Hooks for Recorder<'_> {
    fn active(&self) -> bool {
        self.recording.get() || self.inner.active()
    }

    fn calls(&self, hook: Hook) -> bool {
        match hook {
            Hook::Allow | Hook::ExtraTurn => self.recording.get() || self.inner.calls(hook),
            other => self.inner.calls(other),
        }
    }

    fn allow(&self, mv: &MoveView<'_>) -> Result<Verdict, HookError> {
        if mv.kind != MoveKind::PutDown && self.recording.get() {
            self.allowed.borrow_mut().fill(mv);
            self.has_allowed.set(true);
        }
        if self.inner.calls(Hook::Allow) {
            self.inner.allow(mv)
        } else {
            Ok(Verdict::Allow)
        }
    }

    fn roll_for(&self, roll: &TeamRoll<'_>) -> Result<Option<Vec<String>>, HookError> {
        self.inner.roll_for(roll)
    }

    fn extra_turn(&self, mv: &MoveView<'_>, standard: bool) -> Result<bool, HookError> {
        if self.recording.get() {
            self.extra.borrow_mut().fill(mv);
            self.has_extra.set(true);
        }
        if self.inner.calls(Hook::ExtraTurn) {
            self.inner.extra_turn(mv, standard)
        } else {
            Ok(standard)
        }
    }

    fn score(&self, ejection: &EjectionView<'_>, standard: u32) -> Result<u32, HookError> {
        self.inner.score(ejection, standard)
    }

    // The hooks that change the game (added moves, effects, winners) are the
    // variant's, unchanged: the script sees the game its rules play.
    fn moves(
        &self,
        roll: &RollView<'_>,
        standard: &[String],
    ) -> Result<Option<Vec<String>>, HookError> {
        self.inner.moves(roll, standard)
    }

    fn effect(&self, mv: &PlayedView<'_>) -> Result<Vec<Edit>, HookError> {
        self.inner.effect(mv)
    }

    fn winner(&self, turn: u32, position: &dyn BoardView) -> Result<Option<String>, HookError> {
        self.inner.winner(turn, position)
    }
}
