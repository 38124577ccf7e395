//! What an `effect` hook changes: edits, as a hook writes them and as a
//! game reads them.
//!
//! A hook returns each change as an [`Edit`]: an op name and named
//! arguments (`swap a=r9 b=r12`), the same shape for every game; the Lua
//! side builds it from a script's table (`{ op = "swap", a = "r9", b = "r12" }`).
//! A game declares the edits it takes, each an [`EditOp`] (its name and
//! the names of its arguments), in
//! [`GameRules::edits`](crate::game::GameRules::edits), and reads an edit
//! into a type of its own in
//! [`GameRules::apply_edit`](crate::game::GameRules::apply_edit). The
//! declared list is what a script may write: an op it lacks is refused
//! with the names of those it holds ([`EditOp::find`]).
//!
//! The edits of pieces standing on points (`send`, `put`, `move`,
//! `swap`) are [`PieceEdit`], which any game may take: Aggravation takes
//! just those; Barricade takes them and its own barricade edits
//! (`barricade::BarricadeEdit`). A game with another kind of change
//! brings its own type the same way: nothing here lists a game's edits.

use crate::error::ChangeError;

/// An edit a game takes: the op name a hook writes and the names of its
/// arguments, in the order they are read and shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EditOp {
    /// The op name (`op` in a script's table).
    pub name: &'static str,
    /// The names of its arguments, each a name (a point, a seat).
    pub args: &'static [&'static str],
}

impl EditOp {
    /// The op `name` with the arguments `args`.
    pub const fn new(name: &'static str, args: &'static [&'static str]) -> EditOp {
        EditOp { name, args }
    }

    /// The op of `ops` named `op`.
    ///
    /// # Errors
    /// When `ops` holds none: the message names those it holds
    /// ([`EditOp::unknown`]).
    pub fn find<'o>(ops: &'o [EditOp], op: &str) -> Result<&'o EditOp, ChangeError> {
        ops.iter()
            .find(|o| o.name == op)
            .ok_or_else(|| EditOp::unknown(op, ops))
    }

    /// The refusal of an op `op` that `ops` lacks:
    /// `unknown edit op "op" (send, put, move, swap)`.
    pub fn unknown(op: &str, ops: &[EditOp]) -> ChangeError {
        let names: Vec<&str> = ops.iter().map(|o| o.name).collect();
        ChangeError(format!(
            "unknown edit op \"{op}\" ({})",
            if names.is_empty() {
                "this game takes no edits".to_string()
            } else {
                names.join(", ")
            }
        ))
    }
}

/// One change an [`Hooks::effect`](crate::variant::Hooks::effect) makes
/// to the position, as the hook wrote it: an op name and its named
/// arguments, read by the game
/// ([`GameRules::apply_edit`](crate::game::GameRules::apply_edit)) and
/// checked before it is made. Shown as the op and its arguments' values
/// (`put G r9`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    op: String,
    args: Vec<(&'static str, String)>,
}

impl Edit {
    /// The edit `op` with the arguments `args` (name, value), in order.
    pub fn new(
        op: impl Into<String>,
        args: impl IntoIterator<Item = (&'static str, String)>,
    ) -> Edit {
        Edit {
            op: op.into(),
            args: args.into_iter().collect(),
        }
    }

    /// The op name.
    pub fn op(&self) -> &str {
        &self.op
    }

    /// The arguments (name, value), in the order written.
    pub fn args(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.args.iter().map(|(n, v)| (*n, v.as_str()))
    }

    /// The value of the argument `name`.
    ///
    /// # Errors
    /// When the edit has no such argument.
    pub fn arg(&self, name: &str) -> Result<&str, ChangeError> {
        self.args
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
            .ok_or_else(|| ChangeError(format!("no argument {name}")))
    }
}

impl std::fmt::Display for Edit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.op)?;
        for (_, value) in &self.args {
            write!(f, " {value}")?;
        }
        Ok(())
    }
}

/// The edits of pieces standing on points, which any game may take (each
/// game says where a piece may stand and what its reserve is: Aggravation's
/// BASE, Barricade's house).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceEdit<'e> {
    /// The piece on `at` goes back to its owner's reserve.
    Send {
        /// Where the piece stands.
        at: &'e str,
    },
    /// A piece of `seat` leaves its reserve for the empty point `at`.
    Put {
        /// Whose piece.
        seat: &'e str,
        /// Where it goes.
        at: &'e str,
    },
    /// The piece on `from` goes to the empty point `to`.
    Move {
        /// Where it stands.
        from: &'e str,
        /// Where it goes.
        to: &'e str,
    },
    /// The pieces on `a` and `b` change places.
    Swap {
        /// One point.
        a: &'e str,
        /// The other.
        b: &'e str,
    },
}

impl<'e> PieceEdit<'e> {
    /// `{ op = "send", at = ... }`.
    pub const SEND: EditOp = EditOp::new("send", &["at"]);
    /// `{ op = "put", seat = ..., at = ... }`.
    pub const PUT: EditOp = EditOp::new("put", &["seat", "at"]);
    /// `{ op = "move", from = ..., to = ... }`.
    pub const MOVE: EditOp = EditOp::new("move", &["from", "to"]);
    /// `{ op = "swap", a = ..., b = ... }`.
    pub const SWAP: EditOp = EditOp::new("swap", &["a", "b"]);
    /// The four, for a game that takes just these.
    pub const OPS: &'static [EditOp] = &[Self::SEND, Self::PUT, Self::MOVE, Self::SWAP];

    /// The piece edit `edit` is, `None` when its op is none of
    /// [`PieceEdit::OPS`] (a game with edits of its own reads those next).
    ///
    /// # Errors
    /// When an argument is missing.
    pub fn read(edit: &'e Edit) -> Result<Option<PieceEdit<'e>>, ChangeError> {
        Ok(Some(match edit.op() {
            "send" => PieceEdit::Send {
                at: edit.arg("at")?,
            },
            "put" => PieceEdit::Put {
                seat: edit.arg("seat")?,
                at: edit.arg("at")?,
            },
            "move" => PieceEdit::Move {
                from: edit.arg("from")?,
                to: edit.arg("to")?,
            },
            "swap" => PieceEdit::Swap {
                a: edit.arg("a")?,
                b: edit.arg("b")?,
            },
            _ => return Ok(None),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edit_shows_its_op_and_values_in_order() {
        let edit = Edit::new("put", [("seat", "G".to_string()), ("at", "r9".into())]);
        assert_eq!(edit.to_string(), "put G r9");
        assert_eq!(edit.arg("at"), Ok("r9"));
        assert_eq!(edit.arg("to").unwrap_err().to_string(), "no argument to");
    }

    #[test]
    fn the_piece_edits_read_their_declared_arguments() {
        for op in PieceEdit::OPS {
            let edit = Edit::new(op.name, op.args.iter().map(|&a| (a, a.to_uppercase())));
            let read = PieceEdit::read(&edit).expect("arguments there");
            assert!(read.is_some(), "{}", op.name);
            let short = Edit::new(op.name, op.args[1..].iter().map(|&a| (a, a.into())));
            assert!(PieceEdit::read(&short).is_err(), "{}", op.name);
        }
        let other = Edit::new("place_barricade", [("at", "e5".to_string())]);
        assert_eq!(PieceEdit::read(&other), Ok(None));
    }

    #[test]
    fn an_op_not_listed_is_refused_with_the_list() {
        assert_eq!(EditOp::find(PieceEdit::OPS, "swap"), Ok(&PieceEdit::SWAP));
        assert_eq!(
            EditOp::find(PieceEdit::OPS, "place_barricade")
                .unwrap_err()
                .to_string(),
            "unknown edit op \"place_barricade\" (send, put, move, swap)"
        );
        assert_eq!(
            EditOp::find(&[], "send").unwrap_err().to_string(),
            "unknown edit op \"send\" (this game takes no edits)"
        );
    }
}
