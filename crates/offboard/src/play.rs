//! One turn of a record: who moves, what the turn may hold (a move, a pass,
//! putting back or removing a pushed-off marble), whether each action is
//! legal and its marks true.

use billes_game::error::cold;
use billes_game::variant::{Hooks, Verdict};
use billes_game::{Colour, ErrorKind, ReplayError};
use billes_notation::Name;
use billes_notation::{Action, Brief, BriefAction, Capture, Span, Turn};

use super::board::Cell;
use super::hooks::variant_error;
use super::legal::{Choice, Play};
use super::moves::{Ejection, Illegal, Shift};
use super::position::{opponent, seat_name, seat_of, State};
use super::Offboard;

impl Offboard {
    /// Checks one turn under a variant's hooks and applies it: `allow` is
    /// asked about the written move (a pass is legal when it forbids every
    /// move), `score` about a marble pushed off. The steps follow the rule
    /// text (seed 002): "les joueurs jouent à tour de rôle", a marble of the
    /// mover pushed towards a full target first (put back or removed), then
    /// one move ("à son tour de jeu, un joueur peut déplacer dans un même
    /// mouvement, une ou plusieurs billes"), or a pass when none exists.
    pub(crate) fn play_turn_with<H: Hooks>(
        &self,
        state: &mut State,
        turn: &Turn,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        self.play_line_or_other(state, turn, hooks).map(|_| ())
    }

    /// Plays the written `turn` as [`GameRules::play`] does without hooks
    /// and writes its complete move into `complete` as
    /// [`Offboard::complete`] gives it, from the one resolution of its line
    /// move that playing it makes ([`GameRules::play_completed_into`]):
    /// whether it did. The move is written in place, part by part: a move
    /// built and then copied was read back whole while its parts were still
    /// being written, which stalls the processor.
    ///
    /// [`GameRules::play`]: billes_game::game::GameRules::play
    /// [`GameRules::play_completed_into`]: billes_game::game::GameRules::play_completed_into
    pub(crate) fn play_completed_into(
        &self,
        state: &mut State,
        turn: &Turn,
        complete: &mut billes_game::game::Move,
    ) -> Result<bool, ReplayError> {
        let before = *state;
        let shift = self.play_line_or_other(state, turn, &billes_game::variant::NoHooks)?;
        // The turn was legal: what was played is one of the listed choices.
        let remove = before.pending.is_some();
        let choice = match (shift, turn.actions.as_slice()) {
            (Some(shift), _) => {
                let mut base = before;
                if remove {
                    base.take_out_pending();
                }
                let play = Play::Line(shift, self.mark(&base, &shift));
                Choice { remove, play }
            }
            (None, [Action::Place { to: Some(name), .. }]) => match self.board.cell(name) {
                Some(cell) => Choice {
                    remove: false,
                    play: Play::PutBack(cell),
                },
                None => return Ok(false),
            },
            (None, [.., Action::Pass { .. }]) => Choice {
                remove,
                play: Play::Pass,
            },
            (None, _) => return Ok(false),
        };
        self.choice_move_into(before.to_move, &choice, complete);
        Ok(true)
    }

    /// Plays the written `turn` (see [`Offboard::play_turn_with`]); the
    /// move of its line, resolved, when it has one.
    fn play_line_or_other<H: Hooks>(
        &self,
        state: &mut State,
        turn: &Turn,
        hooks: &H,
    ) -> Result<Option<Shift>, ReplayError> {
        let seat = self.seat_to_move(state, turn)?;
        let mut actions = turn.actions.iter();
        let Some(action) = actions.next() else {
            return Err(cold(|| {
                self.illegal(
                    state,
                    (turn, hooks),
                    turn.head.span,
                    "the turn holds no move".into(),
                )
            }));
        };
        let Some(action) = self.pending_marble(state, seat, action, &mut actions, (turn, hooks))?
        else {
            // Putting the marble back was the whole turn.
            state.to_move = opponent(state.to_move);
            return Ok(None);
        };
        let me = seat_name(seat);
        let shift = match action {
            Action::Line { .. } => self.line_move(state, action, (turn, hooks))?,
            Action::Pass { span } => {
                self.no_move_exists(state, *span, (turn, hooks))?;
                None
            }
            Action::Place { span, .. } | Action::Remove { span } => {
                return Err(cold(|| {
                    self.illegal(
                        state,
                        (turn, hooks),
                        *span,
                        format!("{me} has no pushed-off marble to put back or remove"),
                    )
                }));
            }
            Action::Move { span, .. } | Action::Barricade { span, .. } => {
                return Err(cold(|| {
                    self.illegal(
                        state,
                        (turn, hooks),
                        *span,
                        "offboard moves are written c3>ne (one marble) or c3:c5>e (a line)".into(),
                    )
                }));
            }
        };
        if let Some(extra) = actions.next() {
            return Err(cold(|| {
                self.illegal(
                    state,
                    (turn, hooks),
                    extra.span(),
                    "one move per turn".into(),
                )
            }));
        }
        state.to_move = opponent(state.to_move);
        Ok(shift)
    }

    /// Plays the line move `brief` stands for, as
    /// [`Offboard::play_line_or_other`] plays the turn `R c3:c5>e*t4=3`
    /// without hooks, step for step: the seat to move, no marble pending,
    /// the cells and the direction read, the move resolved and applied,
    /// its mark checked. Whether it was legal; when it was not, the
    /// position is left as it was and the check of the turn as a tree
    /// tells what was wrong. Held to
    /// [`GameRules::play`](billes_game::game::GameRules::play) by the
    /// conformance kit's `briefs` check.
    #[inline(always)]
    pub(crate) fn play_brief(&self, state: &mut State, brief: &Brief) -> bool {
        self.play_brief_line(state, brief).is_some()
    }

    /// Plays the line move `brief` stands for as [`Offboard::play_brief`]
    /// does, and writes its complete move into `complete` as
    /// [`Offboard::play_completed_into`] writes that turn's, from the same
    /// resolution ([`GameRules::play_brief_completed_into`]): whether it
    /// did.
    ///
    /// [`GameRules::play_brief_completed_into`]: billes_game::game::GameRules::play_brief_completed_into
    pub(crate) fn play_brief_completed_into(
        &self,
        state: &mut State,
        brief: &Brief,
        complete: &mut billes_game::game::Move,
    ) -> bool {
        let Some((before, shift)) = self.play_brief_line(state, brief) else {
            return false;
        };
        let play = Play::Line(shift, self.mark(&before, &shift));
        let choice = Choice {
            remove: false,
            play,
        };
        self.choice_move_into(before.to_move, &choice, complete);
        true
    }

    /// [`Offboard::play_brief`]: the position before the move and the
    /// move resolved, when it was played.
    #[inline(always)]
    fn play_brief_line(&self, state: &mut State, brief: &Brief) -> Option<(State, Shift)> {
        let BriefAction::Line {
            from,
            to,
            direction,
            capture,
        } = brief.action
        else {
            return None;
        };
        if seat_of(&brief.seat) != Some(state.to_move)
            || brief.roll.is_some()
            || brief.put_down.is_some()
            || state.pending.is_some()
        {
            return None;
        }
        let b = self.board;
        let (Some(from), Some(direction)) = (b.cell_of(from), b.direction_of(direction)) else {
            return None;
        };
        let to = match to {
            Some(to) => match b.cell_of(to) {
                Some(cell) => Some(cell),
                None => return None,
            },
            None => None,
        };
        let Ok(shift) = self.resolve(state, from, to, direction) else {
            return None;
        };
        let before = *state;
        let ejection = self.apply(state, &shift);
        if let Some(mark) = capture {
            let mark = Capture {
                target: mark.target,
                points: mark.points,
                span: Span::default(),
            };
            if self
                .check_mark(&before, shift, ejection, &mark, Span::default())
                .is_err()
            {
                // Refused: the position as it was.
                *state = before;
                return None;
            }
        }
        state.to_move = opponent(state.to_move);
        Some((before, shift))
    }

    /// The turn's seat: R or B, in turn ("les joueurs jouent à tour de
    /// rôle"); no teams, no dice.
    fn seat_to_move(&self, state: &State, turn: &Turn) -> Result<Colour, ReplayError> {
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
        if seat != state.to_move {
            return Err(cold(|| {
                ReplayError::new(
                    ErrorKind::Seat,
                    head.span,
                    format!("{} is to move, not {}", seat_name(state.to_move), head.seat),
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
        Ok(seat)
    }

    /// A marble of the mover pushed towards a full target comes first: "si
    /// une de vos billes est éjectée en direction d'une cible déjà occupée
    /// ... vous avez deux choix" (seed 002), put it back (`+cell`, the whole
    /// turn: returns `None`) or remove it (`~`, then the seat moves: returns
    /// the next action). Without such a marble, returns `action`.
    fn pending_marble<'t, H: Hooks>(
        &self,
        state: &mut State,
        seat: Colour,
        action: &'t Action,
        actions: &mut std::slice::Iter<'t, Action>,
        (turn, hooks): (&Turn, &H),
    ) -> Result<Option<&'t Action>, ReplayError> {
        let Some(pending) = state.pending else {
            return Ok(Some(action));
        };
        let me = seat_name(seat);
        match action {
            Action::Place { to, capture, span } => {
                self.place(state, to.as_deref(), capture.as_ref(), *span, (turn, hooks))?;
                if let Some(extra) = actions.next() {
                    return Err(cold(|| {
                        self.illegal(
                            state,
                            (turn, hooks),
                            extra.span(),
                            "putting a marble back is the whole turn".into(),
                        )
                    }));
                }
                Ok(None)
            }
            Action::Remove { span } => {
                state.take_out_pending();
                let Some(next) = actions.next() else {
                    return Err(cold(|| {
                        self.illegal(
                            state,
                            (turn, hooks),
                            *span,
                            format!("after removing its marble, {me} still moves (or passes)"),
                        )
                    }));
                };
                Ok(Some(next))
            }
            other => {
                let target = self.board.target_name(pending);
                Err(cold(|| {
                    self.illegal(
                        state,
                        (turn, hooks),
                        other.span(),
                        format!(
                            "{me} must first put back (+cell) or remove (~) its marble pushed towards {target}"
                        ),
                    )
                }))
            }
        }
    }

    /// A move of one marble or a line (`c3>ne`, `c3:c5>e`), pushing or not:
    /// its cells and direction read, the move resolved by the rules of
    /// [`Offboard::resolve`], asked about under a variant's `allow`, played,
    /// and its mark checked: the move played (`None` only for an action
    /// that is no line move, never given).
    fn line_move<H: Hooks>(
        &self,
        state: &mut State,
        action: &Action,
        (turn, hooks): (&Turn, &H),
    ) -> Result<Option<Shift>, ReplayError> {
        let Action::Line {
            from,
            to,
            direction,
            capture,
            span,
        } = action
        else {
            return Ok(None);
        };
        let b = self.board;
        let illegal = |state: &State, message: String| {
            cold(|| self.illegal(state, (turn, hooks), *span, message))
        };
        let cell = |name: &Name| {
            b.cell_of(*name).ok_or_else(|| {
                illegal(
                    state,
                    format!("{name} is not a cell of the board (a1 to i9)"),
                )
            })
        };
        let from_cell = cell(from)?;
        let to_cell = match to {
            Some(to) => Some(cell(to)?),
            None => None,
        };
        let direction = b.direction_of(*direction).ok_or_else(|| {
            illegal(
                state,
                format!("{direction} is not a direction (e, ne, nw, w, sw, se)"),
            )
        })?;
        let shift = self
            .resolve(state, from_cell, to_cell, direction)
            .map_err(|e| illegal(state, self.explain(state, e)))?;
        if hooks.active() {
            if let Verdict::Forbid(reason) = hooks
                .verdict(|| self.move_view(state, turn.number, &shift))
                .map_err(|e| variant_error(turn, e))?
            {
                return Err(illegal(
                    state,
                    format!("{action} is not allowed in this variant: {reason}"),
                ));
            }
        }
        let before = *state;
        let ejection = self
            .apply_hooked(state, turn.number, &shift, hooks)
            .map_err(|e| variant_error(turn, e))?;
        if let Some(mark) = capture {
            self.check_mark(&before, shift, ejection, mark, *span)?;
        }
        Ok(Some(shift))
    }

    /// The written `turn`, legal in `state`, as the list of legal moves
    /// writes it, its mark complete ([`GameRules::complete_turn`]): a line
    /// move or a pass of the seat to move, after the removal of its pending
    /// marble (`~ c3>ne`) or not, or the pending marble put back (`+e5`);
    /// resolved as the checker resolves it and marked as the list marks it,
    /// without listing the moves. `None` for any other turn (the caller
    /// lists them).
    ///
    /// [`GameRules::complete_turn`]: billes_game::game::GameRules::complete_turn
    pub(crate) fn complete(&self, state: &State, turn: &Turn) -> Option<billes_game::game::Move> {
        if turn.head.mover.is_some() || turn.head.roll.is_some() {
            return None;
        }
        self.seat_to_move(state, turn).ok()?;
        let choice = match (state.pending.is_some(), turn.actions.as_slice()) {
            (false, [action]) => self.written_play(state, action, false)?,
            (true, [Action::Remove { .. }, action]) => {
                let mut base = *state;
                base.take_out_pending();
                self.written_play(&base, action, true)?
            }
            (
                true,
                [Action::Place {
                    to: Some(name),
                    capture: None,
                    ..
                }],
            ) => {
                let cell = self.board.cell(name).filter(|&c| state.at(c).is_none())?;
                Choice {
                    remove: false,
                    play: Play::PutBack(cell),
                }
            }
            _ => return None,
        };
        Some(self.choice_move(state.to_move, &choice))
    }

    /// The legal choice of a written line move or pass `action` from
    /// `base` (after the pending marble's removal, when `remove`): `None`
    /// when it is not legal, or another action.
    fn written_play(&self, base: &State, action: &Action, remove: bool) -> Option<Choice> {
        let play = match action {
            Action::Line {
                from,
                to,
                direction,
                ..
            } => {
                let b = self.board;
                let to = match to {
                    Some(t) => Some(b.cell_of(*t)?),
                    None => None,
                };
                let shift = self
                    .resolve(base, b.cell_of(*from)?, to, b.direction_of(*direction)?)
                    .ok()?;
                Play::Line(shift, self.mark(base, &shift))
            }
            Action::Pass { .. } if !self.can_move(base) => Play::Pass,
            _ => return None,
        };
        Some(Choice { remove, play })
    }

    /// A pass (`--`) is legal only when no move exists (under hooks: when
    /// `allow` forbids every move).
    fn no_move_exists<H: Hooks>(
        &self,
        state: &State,
        span: Span,
        (turn, hooks): (&Turn, &H),
    ) -> Result<(), ReplayError> {
        let can_move = if hooks.active() {
            let mut moves = Vec::new();
            self.allowed_moves(state, turn.number, hooks, &mut moves)
                .map_err(|e| variant_error(turn, e))?;
            !moves.is_empty()
        } else {
            self.can_move(state)
        };
        if !can_move {
            return Ok(());
        }
        let me = seat_name(state.to_move);
        Err(cold(|| {
            match self.allowed_list(state, turn.number, hooks) {
                Ok(legal) => ReplayError::new(
                    ErrorKind::FalsePass,
                    span,
                    format!("{me} cannot pass: a move exists"),
                )
                .with_legal(legal),
                Err(e) => variant_error(turn, e),
            }
        }))
    }

    /// `+e5`: the pending marble put back on a free cell.
    fn place<H: Hooks>(
        &self,
        state: &mut State,
        to: Option<&str>,
        capture: Option<&Capture>,
        span: Span,
        (turn, hooks): (&Turn, &H),
    ) -> Result<(), ReplayError> {
        let Some(name) = to else {
            return Err(self.illegal(
                state,
                (turn, hooks),
                span,
                "write the cell the marble is put back on, e.g. +e5".into(),
            ));
        };
        let Some(cell) = self.board.cell(name) else {
            return Err(self.illegal(
                state,
                (turn, hooks),
                span,
                format!("{name} is not a cell of the board (a1 to i9)"),
            ));
        };
        if state.at(cell).is_some() {
            return Err(self.illegal(state, (turn, hooks), span, format!("{name} is not free")));
        }
        if capture.is_some() {
            return Err(ReplayError::new(
                ErrorKind::Effect,
                span,
                "putting a marble back pushes nothing off",
            ));
        }
        state.marbles[state.to_move.index()] |= cell.bit();
        state.pending = None;
        Ok(())
    }

    /// Checks a written `*t4=3` against what the move did.
    ///
    /// `shift` is taken by value: a reference to the caller's would keep
    /// that `Shift` in memory on every path of the turn's play (see
    /// [`Offboard::resolve`]).
    fn check_mark(
        &self,
        before: &State,
        shift: Shift,
        ejection: Option<Ejection>,
        mark: &Capture,
        span: Span,
    ) -> Result<(), ReplayError> {
        let effect = |message: String| Err(ReplayError::new(ErrorKind::Effect, span, message));
        let Some(ejection) = ejection else {
            let written = self.shift_text(&shift, None);
            return effect(format!("{written} pushes no marble off the board"));
        };
        let opp = seat_name(opponent(before.to_move));
        match (mark.target.as_deref(), ejection.target) {
            (Some(_), None) => return effect("this game has no targets: write *".into()),
            (None, None) if mark.points.is_some() => {
                return effect(format!(
                "this game has no targets: a marble pushed off is marked * alone (it scores {})",
                ejection.points
            ))
            }
            (Some(written), Some(t)) if written != self.board.target_name(t) => {
                return effect(format!(
                    "the {opp} marble falls into {}, not {written}",
                    self.board.target_name(t)
                ));
            }
            _ => {}
        }
        if let Some(points) = mark.points {
            if points != ejection.points as u32 {
                return effect(match ejection.target {
                    Some(t) if ejection.points == 0 && before.targets[t.index()].is_some() => {
                        format!(
                            "{} is already taken: the marble scores 0, not {points}",
                            self.board.target_name(t)
                        )
                    }
                    Some(t) if ejection.points == before.values[t.index()] => format!(
                        "{} is worth {}, not {points}",
                        self.board.target_name(t),
                        ejection.points
                    ),
                    Some(t) => format!(
                        "the marble in {} scores {} in this variant, not {points}",
                        self.board.target_name(t),
                        ejection.points
                    ),
                    None => format!(
                        "a marble pushed off scores {}, not {points}",
                        ejection.points
                    ),
                });
            }
        }
        Ok(())
    }

    /// An illegal-move error listing the legal turns (those the hooks allow).
    fn illegal<H: Hooks>(
        &self,
        state: &State,
        (turn, hooks): (&Turn, &H),
        span: Span,
        message: String,
    ) -> ReplayError {
        match self.allowed_list(state, turn.number, hooks) {
            Ok(legal) => ReplayError::new(ErrorKind::IllegalMove, span, message).with_legal(legal),
            Err(e) => variant_error(turn, e),
        }
    }

    /// Why a move is illegal, in the game's words.
    fn explain(&self, state: &State, illegal: Illegal) -> String {
        let b = self.board;
        let name = |c: Cell| b.cell_name(c);
        let me = seat_name(state.to_move);
        let opp = seat_name(opponent(state.to_move));
        match illegal {
            Illegal::SameEnds => "a line names two different ends: write one marble as c3>ne".into(),
            Illegal::NotAligned(a, c) => format!("{} and {} are not on one line", name(a), name(c)),
            Illegal::TooLong(len) => format!(
                "a line of {len} marbles is too long to move (at most {})",
                self.max_line
            ),
            Illegal::NotOwn(c) => match state.at(c) {
                Some(_) => format!("{} holds a {opp} marble, not one of {me}'s", name(c)),
                None => format!("{me} has no marble on {}", name(c)),
            },
            Illegal::Opposing(c) => format!("the line holds a {opp} marble on {}", name(c)),
            Illegal::Gap(c) => format!("the line has a gap on {}", name(c)),
            Illegal::Sideways(axis) => format!(
                "a line moves only along its own axis ({} or {}), never sideways",
                b.direction_name(axis),
                b.direction_name(axis.opposite())
            ),
            Illegal::NotFree(c) if state.at(c) == Some(opponent(state.to_move)) => format!(
                "{} is not free: it holds a {opp} marble, and only a line of two or more {me} marbles moving along its own axis pushes (a single marble never does)",
                name(c)
            ),
            Illegal::NotFree(c) => format!("{} is not free", name(c)),
            Illegal::BroadsideNotFree(c) => format!(
                "{} is not free: a line moving sideways (a broadside) moves every marble to a free cell and never pushes",
                name(c)
            ),
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
        let mut out = String::from(self.board.cell_name(s.from()));
        if s.len() > 1 {
            out.push(':');
            out.push_str(self.board.cell_name(s.to()));
        }
        out.push('>');
        out.push_str(self.board.direction_name(s.direction()));
        if let Some(mark) = before.and_then(|state| self.mark(state, s)) {
            out.push_str(&mark.to_string());
        }
        out
    }

    /// The full mark of a move that pushes a marble off (`*t4=3`, `*t4=0`,
    /// `*` without targets), from the position before it.
    #[inline]
    pub(crate) fn mark(&self, before: &State, s: &Shift) -> Option<Capture> {
        let from = s.ejects_from()?;
        let target = self
            .landing(from, s.direction())
            .filter(|_| before.has_targets);
        let Some(target) = target else {
            return Some(Capture::default());
        };
        let points = match before.targets[target.index()] {
            None => before.values[target.index()],
            Some(_) => 0,
        };
        Some(Capture {
            target: Some(self.board.target_name(target).into()),
            points: Some(points as u32),
            span: Span::default(),
        })
    }
}
