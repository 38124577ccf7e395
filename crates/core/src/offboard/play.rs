//! One turn of a record: who moves, what the turn may hold (a move, a pass,
//! putting back or removing a pushed-off marble), whether each action is
//! legal and its marks true.

use billes_notation::Name;
use billes_notation::{Action, Capture, Span, Turn};

use super::board::{opposite, Cell, OFF};
use super::hooks::variant_error;
use super::moves::{Ejection, Illegal, Shift};
use super::position::{seat_of, State, SEATS};
use super::Offboard;
use crate::error::cold;
use crate::variant::{Hooks, NoHooks, Verdict};
use crate::{ErrorKind, ReplayError};

impl Offboard {
    /// Checks one turn and applies it.
    #[inline]
    pub(crate) fn play_turn(&self, st: &mut State, turn: &Turn) -> Result<(), ReplayError> {
        self.play_turn_with(st, turn, &NoHooks)
    }

    /// Checks one turn under a variant's hooks and applies it: `allow` is
    /// asked about the written move (a pass is legal when it forbids every
    /// move), `score` about a marble pushed off.
    pub(crate) fn play_turn_with<H: Hooks>(
        &self,
        st: &mut State,
        turn: &Turn,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        let head = &turn.head;
        let Some(seat) = seat_of(&head.seat) else {
            return Err(cold(|| {
                ReplayError::new(
                    ErrorKind::Seat,
                    head.span,
                    format!("no seat {} in offboard (R and B)", head.seat),
                )
            }));
        };
        if seat != st.to_move {
            return Err(cold(|| {
                ReplayError::new(
                    ErrorKind::Seat,
                    head.span,
                    format!(
                        "{} is to move, not {}",
                        SEATS[st.to_move as usize], head.seat
                    ),
                )
            }));
        }
        if let Some(mover) = &head.mover {
            return Err(cold(|| {
                ReplayError::new(
                    ErrorKind::Seat,
                    head.span,
                    format!(
                        "offboard has no teams: {} cannot move for {}",
                        head.seat, mover
                    ),
                )
            }));
        }
        if head.roll.is_some() {
            return Err(cold(|| {
                ReplayError::new(
                    ErrorKind::Roll,
                    head.span,
                    format!("offboard has no dice: write the turn head as {}", head.seat),
                )
            }));
        }
        let mut actions = turn.actions.iter();
        let Some(mut action) = actions.next() else {
            return Err(cold(|| {
                self.illegal(
                    st,
                    (turn, hooks),
                    head.span,
                    "the turn holds no move".into(),
                )
            }));
        };
        let me = SEATS[seat as usize];
        if st.pending != 0 {
            match action {
                Action::Place { to, capture, span } => {
                    self.place(st, to.as_deref(), capture.as_ref(), *span, (turn, hooks))?;
                    if let Some(extra) = actions.next() {
                        return Err(cold(|| {
                            self.illegal(
                                st,
                                (turn, hooks),
                                extra.span(),
                                "putting a marble back is the whole turn".into(),
                            )
                        }));
                    }
                    st.to_move ^= 1;
                    return Ok(());
                }
                Action::Remove { span } => {
                    st.pending = 0;
                    st.out[seat as usize] += 1;
                    let Some(next) = actions.next() else {
                        return Err(cold(|| {
                            self.illegal(
                                st,
                                (turn, hooks),
                                *span,
                                format!("after removing its marble, {me} still moves (or passes)"),
                            )
                        }));
                    };
                    action = next;
                }
                other => {
                    let target = self.board.target_name(st.pending as usize - 1);
                    return Err(cold(|| {
                        self.illegal(
                        st,
                        (turn, hooks),
                        other.span(),
                        format!(
                            "{me} must first put back (+cell) or remove (~) its marble pushed towards {target}"
                        ),
                    )
                    }));
                }
            }
        }
        match action {
            Action::Line {
                from,
                to,
                direction,
                capture,
                span,
            } => {
                let b = self.board;
                let cell = |name: &Name| {
                    b.cell_of(*name).ok_or_else(|| {
                        cold(|| {
                            self.illegal(
                                st,
                                (turn, hooks),
                                *span,
                                format!("{name} is not a cell of the board (a1 to i9)"),
                            )
                        })
                    })
                };
                let from_cell = cell(from)?;
                let to_cell = match to {
                    Some(to) => Some(cell(to)?),
                    None => None,
                };
                let dir = b.direction_of(*direction).ok_or_else(|| {
                    cold(|| {
                        self.illegal(
                            st,
                            (turn, hooks),
                            *span,
                            format!("{direction} is not a direction (e, ne, nw, w, sw, se)"),
                        )
                    })
                })?;
                let shift = self.resolve(st, from_cell, to_cell, dir).map_err(|why| {
                    cold(|| self.illegal(st, (turn, hooks), *span, self.explain(st, why)))
                })?;
                if hooks.active() {
                    if let Verdict::Forbid(reason) = hooks
                        .verdict(|| self.move_view(st, turn.number, &shift))
                        .map_err(|e| variant_error(turn, e))?
                    {
                        return Err(cold(|| {
                            self.illegal(
                                st,
                                (turn, hooks),
                                *span,
                                format!("{action} is not allowed in this variant: {reason}"),
                            )
                        }));
                    }
                }
                let before = *st;
                let ejection = self
                    .apply_hooked(st, turn.number, &shift, hooks)
                    .map_err(|e| variant_error(turn, e))?;
                if let Some(mark) = capture {
                    self.check_mark(&before, &shift, ejection, mark, *span)?;
                }
            }
            Action::Pass { span } => {
                let can_move = if hooks.active() {
                    let mut moves = Vec::new();
                    self.allowed_moves(st, turn.number, hooks, &mut moves)
                        .map_err(|e| variant_error(turn, e))?;
                    !moves.is_empty()
                } else {
                    self.can_move(st)
                };
                if can_move {
                    return Err(cold(|| match self.allowed_list(st, turn.number, hooks) {
                        Ok(legal) => ReplayError::new(
                            ErrorKind::FalsePass,
                            *span,
                            format!("{me} cannot pass: a move exists"),
                        )
                        .with_legal(legal),
                        Err(e) => variant_error(turn, e),
                    }));
                }
            }
            Action::Place { span, .. } | Action::Remove { span } => {
                return Err(cold(|| {
                    self.illegal(
                        st,
                        (turn, hooks),
                        *span,
                        format!("{me} has no pushed-off marble to put back or remove"),
                    )
                }));
            }
            Action::Move { span, .. } | Action::Barricade { span, .. } => {
                return Err(cold(|| {
                    self.illegal(
                        st,
                        (turn, hooks),
                        *span,
                        "offboard moves are written c3>ne (one marble) or c3:c5>e (a line)".into(),
                    )
                }));
            }
        }
        if let Some(extra) = actions.next() {
            return Err(cold(|| {
                self.illegal(st, (turn, hooks), extra.span(), "one move per turn".into())
            }));
        }
        st.to_move ^= 1;
        Ok(())
    }

    /// `+e5`: the pending marble put back on a free cell.
    fn place<H: Hooks>(
        &self,
        st: &mut State,
        to: Option<&str>,
        capture: Option<&Capture>,
        span: Span,
        (turn, hooks): (&Turn, &H),
    ) -> Result<(), ReplayError> {
        let Some(name) = to else {
            return Err(self.illegal(
                st,
                (turn, hooks),
                span,
                "write the cell the marble is put back on, e.g. +e5".into(),
            ));
        };
        let Some(cell) = self.board.cell(name) else {
            return Err(self.illegal(
                st,
                (turn, hooks),
                span,
                format!("{name} is not a cell of the board (a1 to i9)"),
            ));
        };
        if st.at(cell).is_some() {
            return Err(self.illegal(st, (turn, hooks), span, format!("{name} is not free")));
        }
        if capture.is_some() {
            return Err(ReplayError::new(
                ErrorKind::Effect,
                span,
                "putting a marble back pushes nothing off",
            ));
        }
        st.marbles[st.to_move as usize] |= 1 << cell;
        st.pending = 0;
        Ok(())
    }

    /// Checks a written `*t4=3` against what the move did.
    fn check_mark(
        &self,
        before: &State,
        shift: &Shift,
        ejection: Option<Ejection>,
        mark: &Capture,
        span: Span,
    ) -> Result<(), ReplayError> {
        let effect = |message: String| Err(ReplayError::new(ErrorKind::Effect, span, message));
        let Some(ej) = ejection else {
            let written = self.shift_text(shift, None);
            return effect(format!("{written} pushes no marble off the board"));
        };
        let opp = SEATS[1 - before.to_move as usize];
        match (mark.target.as_deref(), ej.target) {
            (Some(_), None) => return effect("this game has no targets: write *".into()),
            (None, None) if mark.points.is_some() => {
                return effect(format!(
                "this game has no targets: a marble pushed off is marked * alone (it scores {})",
                ej.points
            ))
            }
            (Some(written), Some(t)) if written != self.board.target_name(t as usize) => {
                return effect(format!(
                    "the {opp} marble falls into {}, not {written}",
                    self.board.target_name(t as usize)
                ));
            }
            _ => {}
        }
        if let Some(points) = mark.points {
            if points != ej.points as u32 {
                return effect(match ej.target {
                    Some(t) if ej.points == 0 && before.targets[t as usize] != 0 => format!(
                        "{} is already taken: the marble scores 0, not {points}",
                        self.board.target_name(t as usize)
                    ),
                    Some(t) if ej.points == before.values[t as usize] => format!(
                        "{} is worth {}, not {points}",
                        self.board.target_name(t as usize),
                        ej.points
                    ),
                    Some(t) => format!(
                        "the marble in {} scores {} in this variant, not {points}",
                        self.board.target_name(t as usize),
                        ej.points
                    ),
                    None => format!("a marble pushed off scores {}, not {points}", ej.points),
                });
            }
        }
        Ok(())
    }

    /// An illegal-move error listing the legal turns (those the hooks allow).
    fn illegal<H: Hooks>(
        &self,
        st: &State,
        (turn, hooks): (&Turn, &H),
        span: Span,
        message: String,
    ) -> ReplayError {
        match self.allowed_list(st, turn.number, hooks) {
            Ok(legal) => ReplayError::new(ErrorKind::IllegalMove, span, message).with_legal(legal),
            Err(e) => variant_error(turn, e),
        }
    }

    /// Why a move is illegal, in the game's words.
    fn explain(&self, st: &State, why: Illegal) -> String {
        let b = self.board;
        let name = |c: Cell| b.cell_name(c);
        let me = SEATS[st.to_move as usize];
        let opp = SEATS[1 - st.to_move as usize];
        match why {
            Illegal::SameEnds => "a line names two different ends: write one marble as c3>ne".into(),
            Illegal::NotAligned(a, c) => format!("{} and {} are not on one line", name(a), name(c)),
            Illegal::TooLong(len) => format!(
                "a line of {len} marbles is too long to move (at most {})",
                self.max_line
            ),
            Illegal::NotOwn(c) => match st.at(c) {
                Some(_) => format!("{} holds a {opp} marble, not one of {me}'s", name(c)),
                None => format!("{me} has no marble on {}", name(c)),
            },
            Illegal::Opposing(c) => format!("the line holds a {opp} marble on {}", name(c)),
            Illegal::Gap(c) => format!("the line has a gap on {}", name(c)),
            Illegal::Sideways(axis) => format!(
                "a line moves only along its own axis ({} or {}), never sideways",
                b.direction_name(axis),
                b.direction_name(opposite(axis))
            ),
            Illegal::NotFree(c) => format!("{} is not free", name(c)),
            Illegal::OwnOff(c) => format!("{me} would move its own marble off the board from {}", name(c)),
            Illegal::Blocked(c) => format!("{me}'s own marble on {} blocks the line", name(c)),
            Illegal::Outnumbered(len, group) => format!(
                "{len} {me} marbles cannot push {group} {opp} marble{}: the pushing line must be longer",
                if group == 1 { "" } else { "s" }
            ),
            Illegal::Sandwiched(c) => format!(
                "the {opp} marbles cannot be pushed: {me}'s own marble on {} is behind them",
                name(c)
            ),
        }
    }

    /// A move in notation, with its mark when `before` is given.
    pub(crate) fn shift_text(&self, s: &Shift, before: Option<&State>) -> String {
        let mut out = String::from(self.board.cell_name(s.from));
        if s.len > 1 {
            out.push(':');
            out.push_str(self.board.cell_name(s.to));
        }
        out.push('>');
        out.push_str(self.board.direction_name(s.dir));
        if let Some(mark) = before.and_then(|st| self.mark(st, s)) {
            out.push_str(&mark.to_string());
        }
        out
    }

    /// The full mark of a move that pushes a marble off (`*t4=3`, `*t4=0`,
    /// `*` without targets), from the position before it.
    pub(crate) fn mark(&self, before: &State, s: &Shift) -> Option<Capture> {
        if s.pushed == 0 || s.push_to != OFF {
            return None;
        }
        if !before.has_targets {
            return Some(Capture::default());
        }
        let t = self.landing(s.push_last, s.dir);
        let points = if before.targets[t as usize] == 0 {
            before.values[t as usize]
        } else {
            0
        };
        Some(Capture {
            target: Some(self.board.target_name(t as usize).into()),
            points: Some(points as u32),
            span: Span::default(),
        })
    }
}
