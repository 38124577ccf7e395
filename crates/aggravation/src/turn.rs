//! Checking and playing one turn: who rolls, for whom, the roll, and the one
//! action it allows.

use billes_game::error::{cold, cold_error};
use billes_game::variant::Hooks;
use billes_game::{Colour, ErrorKind, ReplayError};
use billes_notation::{Action, Brief, BriefAction, Capture, Name, Span, Turn};

use super::board::{Class, Hole, MAX_SIDES};
use super::legal::TurnCtx;
use super::moves::{Candidate, Refusal};
use super::{Aggravation, Order, State};

/// A turn checked, to play: who rolled, whose marbles move, the roll, the
/// move, and whether the roller goes again.
#[derive(Clone, Copy)]
struct CheckedTurn {
    roller: Colour,
    mover: Colour,
    roll: u8,
    candidate: Candidate,
    extra: bool,
}

/// The answer of a check on the hot path: the error boxed, so that the
/// result fits in two registers and is never copied through memory.
type Checked<T> = Result<T, Box<ReplayError>>;

impl Aggravation {
    /// Checks one turn against `state` under a variant's hooks and plays it.
    /// The steps follow the rule text (seed 003): the seat in its order
    /// ("play passes to the left"), the roll ("on a turn, roll the die
    /// once"), the teammate a finished player rolls for (team play), the
    /// one move ("and try to move a marble": entering, moving, aggravating,
    /// the shortcuts, HOME, in [`Aggravation::check_action`]), then the
    /// extra turn ("anytime you roll a 6, take an extra turn") and the next
    /// seat.
    #[inline(always)]
    pub(crate) fn play_turn_with<H: Hooks>(
        &self,
        state: &mut State,
        turn: &Turn,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        let checked = self.check_turn(state, turn, hooks)?;
        self.end(state, checked);
        Ok(())
    }

    /// Plays `turn` as [`Aggravation::play_turn_with`] does without hooks,
    /// and writes the move [`Aggravation::complete`] gives for it, found by
    /// the same check, into `complete` ([`GameRules::play_completed_into`]).
    ///
    /// [`GameRules::play_completed_into`]: billes_game::game::GameRules::play_completed_into
    pub(crate) fn play_completed_into(
        &self,
        state: &mut State,
        turn: &Turn,
        complete: &mut billes_game::game::Move,
    ) -> Result<bool, ReplayError> {
        let checked = self.check_turn(state, turn, &billes_game::variant::NoHooks)?;
        let c = &checked;
        self.spell_into(state, c.roller, c.mover, c.roll, c.candidate, complete);
        self.end(state, checked);
        Ok(true)
    }

    /// Applies the turn `checked` found and hands the turn on.
    #[inline(always)]
    fn end(&self, state: &mut State, checked: CheckedTurn) {
        let CheckedTurn {
            roller,
            mover,
            candidate,
            extra,
            ..
        } = checked;
        self.apply(state, mover, candidate);
        self.end_turn(state, roller, mover, extra, candidate.to());
    }

    /// Checks `turn` from `state` under `hooks`: what playing it does.
    #[inline(always)]
    fn check_turn<H: Hooks>(
        &self,
        state: &State,
        turn: &Turn,
        hooks: &H,
    ) -> Result<CheckedTurn, ReplayError> {
        let roller = self.roller(state, turn)?;
        let roll = match turn.head.roll {
            Some(r @ 1..=6) => r as u8,
            Some(r) => {
                return Err(cold(|| {
                    ReplayError::new(
                        ErrorKind::Roll,
                        turn.head.span,
                        format!("{r} is not a die roll (1 to 6)"),
                    )
                }))
            }
            None => {
                return Err(cold(|| {
                    ReplayError::new(
                        ErrorKind::Roll,
                        turn.head.span,
                        format!(
                            "the roll is missing: write it after the seat, e.g. {}4",
                            turn.head.seat
                        ),
                    )
                }))
            }
        };
        let mover = self.mover(state, roller, turn)?;
        if hooks.active() {
            self.check_roll_for(state, roller, mover, roll, turn, hooks)?;
        }
        let action = match turn.actions.as_slice() {
            [a] => a,
            [] => {
                return Err(cold(|| {
                    ReplayError::new(
                        ErrorKind::IllegalMove,
                        turn.head.span,
                        "the turn has no action: write a move, + or --",
                    )
                }))
            }
            [_, second, ..] => {
                return Err(cold(|| {
                    ReplayError::new(
                        ErrorKind::IllegalMove,
                        second.span(),
                        "one marble moves per roll: a turn has one action",
                    )
                }))
            }
        };
        let mut extra = self.extra & (1 << roll) != 0;
        let candidate = if hooks.active() {
            let ctx = TurnCtx {
                state,
                number: turn.number,
                roller,
                mover,
                roll,
            };
            let candidate = self.check_action_hooked(&ctx, turn, action, hooks)?;
            extra = self.extra_turn_hooked(&ctx, turn, candidate, extra, hooks)?;
            candidate
        } else {
            self.check_action(state, mover, roll, action)?
        };
        Ok(CheckedTurn {
            roller,
            mover,
            roll,
            candidate,
            extra,
        })
    }

    /// The written `turn`, legal in `state`, as the list of legal moves
    /// spells it, marks and all ([`GameRules::complete_turn`]): the move the
    /// checker finds for it, without listing the moves. `None` for a turn
    /// the checker refuses.
    ///
    /// [`GameRules::complete_turn`]: billes_game::game::GameRules::complete_turn
    pub(crate) fn complete(&self, state: &State, turn: &Turn) -> Option<billes_game::game::Move> {
        let checked = self
            .check_turn(state, turn, &billes_game::variant::NoHooks)
            .ok()?;
        let c = &checked;
        Some(self.spell(state, c.roller, c.mover, c.roll, c.candidate))
    }

    /// Plays the turn `brief` stands for as
    /// [`Aggravation::play_turn_with`] plays it without hooks: whether it
    /// did. A brief of a finished seat in team play (the turn says for whom
    /// it rolls) and any turn the rules refuse are refused, the position
    /// left as it was: the check of the turn as a tree then decides and
    /// tells what was wrong.
    ///
    /// The brief is checked by [`Aggravation::check_action`]'s steps for
    /// its action, read from the brief without building the action
    /// ([`Aggravation::brief_action`]); the conformance kit's check of
    /// briefs holds the two to the same verdict at every position.
    #[inline(always)]
    pub(crate) fn play_brief(&self, state: &mut State, brief: &Brief) -> bool {
        let Some(checked) = self.check_brief(state, brief) else {
            return false;
        };
        self.end(state, checked);
        true
    }

    /// Plays the turn `brief` stands for as [`Aggravation::play_brief`]
    /// does, and writes its complete move into `complete` as
    /// [`Aggravation::play_completed_into`] writes that turn's, from the
    /// same check ([`GameRules::play_brief_completed_into`]): whether it
    /// did.
    ///
    /// [`GameRules::play_brief_completed_into`]: billes_game::game::GameRules::play_brief_completed_into
    pub(crate) fn play_brief_completed_into(
        &self,
        state: &mut State,
        brief: &Brief,
        complete: &mut billes_game::game::Move,
    ) -> bool {
        let Some(checked) = self.check_brief(state, brief) else {
            return false;
        };
        let c = &checked;
        self.spell_into(state, c.roller, c.mover, c.roll, c.candidate, complete);
        self.end(state, checked);
        true
    }

    /// What playing the turn `brief` stands for does; `None` where
    /// [`Aggravation::play_brief`] refuses it.
    #[inline(always)]
    fn check_brief(&self, state: &State, brief: &Brief) -> Option<CheckedTurn> {
        let roller = self.roller_of(state, brief.seat)?;
        let roll = match brief.roll {
            Some(r @ 1..=6) => r,
            _ => return None,
        };
        if (state.teams && state.finished(roller)) || brief.put_down.is_some() {
            return None;
        }
        let candidate = self.brief_action(state, roller, roll, brief.action)?;
        Some(CheckedTurn {
            roller,
            mover: roller,
            roll,
            candidate,
            extra: self.extra & (1 << roll) != 0,
        })
    }

    /// The move a brief's action stands for, by the steps
    /// [`Aggravation::check_action`] takes for the action the brief writes
    /// (a pass, an entry, or a move of two or three holes),
    /// without the words of its errors: `None` where it refuses it.
    #[inline(always)]
    fn brief_action(
        &self,
        state: &State,
        mover: Colour,
        roll: u8,
        action: BriefAction,
    ) -> Option<Candidate> {
        let (c, capture) = match action {
            BriefAction::Pass => {
                return (!self.can_move(state, mover, roll)).then(Candidate::pass);
            }
            BriefAction::Enter { to: None, capture } => (self.enter(state, mover, roll), capture),
            BriefAction::Move {
                from,
                via,
                to,
                capture,
                barricade: false,
            } => {
                let from = self.hole_in_game(state, from)?;
                let to = self.hole_in_game(state, to)?;
                // The ring exit the path names: none between two holes.
                let exit_written = match via {
                    None => None,
                    Some(via) => {
                        let via = self.hole_in_game(state, via)?;
                        self.written_exit(&[from, via, to])?
                    }
                };
                if state.at(from) != Some(mover) {
                    return None;
                }
                let c = self.find_route(state, mover, from, roll, to)?;
                if c.exit() != exit_written {
                    return None;
                }
                (c, capture)
            }
            BriefAction::Enter { .. } | BriefAction::Move { .. } | BriefAction::Line { .. } => {
                return None
            }
        };
        let victim = c.outcome().ok()?;
        // A capture mark must be true (`check_mark`); a brief's is bare.
        (!capture || victim.is_some()).then_some(c)
    }

    /// The hole named `name` on the board, a HOME hole only up to the
    /// game's HOME size: the holes a written move may name.
    #[inline(always)]
    fn hole_in_game(&self, state: &State, name: Name) -> Option<Hole> {
        let b = self.board;
        b.hole_named(name)
            .filter(|&h| b.class(h) != Class::Home || b.offset(h) < state.home_size)
    }

    /// The seat that rolls: the one to move, or anyone in play on the first turn.
    #[inline]
    fn roller(&self, state: &State, turn: &Turn) -> Checked<Colour> {
        match self.roller_of(state, turn.head.seat) {
            Some(s) => Ok(s),
            None => Err(self.wrong_roller(state, turn)),
        }
    }

    /// The seat `seat` names, when it may roll ([`Aggravation::roller`]).
    #[inline(always)]
    fn roller_of(&self, state: &State, seat: Name) -> Option<Colour> {
        self.board
            .seat_of_name(seat)
            .filter(|s| state.in_play[s.index()] && state.to_roll.is_none_or(|r| r == *s))
    }

    /// Why the seat of `turn` may not roll (see [`Aggravation::roller`]);
    /// kept out of the way of the check.
    #[cold]
    #[inline(never)]
    fn wrong_roller(&self, state: &State, turn: &Turn) -> Box<ReplayError> {
        let seat = &turn.head.seat;
        let in_play = self
            .board
            .seat_of_name(*seat)
            .is_some_and(|s| state.in_play[s.index()]);
        let message = if !in_play {
            let seats: Vec<&str> = state.seats().map(|s| state.letter(s)).collect();
            format!("{seat} is not a seat in play (seats: {})", seats.join(" "))
        } else {
            let who = state.to_roll().unwrap_or("?");
            if state.again {
                format!("{who} rolled a 6 and rolls again, not {seat}")
            } else {
                format!("it is {who}'s turn to roll, not {seat}'s")
            }
        };
        Box::new(ReplayError::new(ErrorKind::Seat, turn.head.span, message))
    }

    /// The seat whose marbles the roll moves (`R4>G`: G's).
    #[inline]
    fn mover(&self, state: &State, roller: Colour, turn: &Turn) -> Checked<Colour> {
        if turn.head.mover.is_none() && !(state.teams && state.finished(roller)) {
            return Ok(roller);
        }
        self.other_mover(state, roller, turn)
    }

    /// [`Aggravation::mover`] in team play, or with a mover written: the
    /// teammate, or why not. Kept out of the way of the common case.
    #[cold]
    #[inline(never)]
    fn other_mover(&self, state: &State, roller: Colour, turn: &Turn) -> Checked<Colour> {
        let err = |m: String| ReplayError::new(ErrorKind::Seat, turn.head.span, m);
        let Some(m) = &turn.head.mover else {
            if state.teams && state.finished(roller) {
                let r = state.letter(roller);
                let mates: Vec<&str> = state
                    .seats()
                    .filter(|&o| state.partners(roller, o) && !state.finished(o))
                    .map(|o| state.letter(o))
                    .collect();
                let roll = turn.head.roll.unwrap_or(0);
                return Err(err(format!(
                    "{r} has every marble HOME and rolls for {}: write {r}{roll}>{}",
                    mates.join(" or "),
                    mates.first().copied().unwrap_or("?")
                ))
                .into());
            }
            return Ok(roller);
        };
        let s = self
            .board
            .seat_of_name(*m)
            .filter(|&s| state.in_play[s.index()])
            .ok_or_else(|| err(format!("{m} is not a seat in play")))?;
        let r = state.letter(roller);
        if !state.finished(roller) {
            return Err(err(format!(
                "{r} still has marbles to move and cannot roll for {m}"
            ))
            .into());
        }
        if !state.partners(roller, s) || !self.params.roll_for_partner {
            return Err(err(format!("{m} is not {r}'s teammate: {r} cannot roll for it")).into());
        }
        if state.finished(s) {
            return Err(err(format!("{m} has every marble HOME too")).into());
        }
        Ok(s)
    }

    /// Checks the written action and returns the move it stands for.
    pub(crate) fn check_action(
        &self,
        state: &State,
        mover: Colour,
        roll: u8,
        action: &Action,
    ) -> Checked<Candidate> {
        let m = || state.letter(mover);
        let illegal = |span: Span, message: String| self.illegal(state, mover, roll, span, message);
        match action {
            Action::Pass { span } => {
                if self.can_move(state, mover, roll) {
                    return Err(cold_error(|| {
                        ReplayError::new(
                            ErrorKind::FalsePass,
                            *span,
                            format!("{} cannot pass: a {roll} has a legal move", m()),
                        )
                        .with_legal(self.legal_list(state, mover, roll))
                    }));
                }
                Ok(Candidate::pass())
            }
            Action::Place { to, capture, span } => {
                let c = self.enter(state, mover, roll);
                let start = self.board.start(mover);
                if let Some(to) = to {
                    if self.board.hole(to) != Some(start) {
                        return Err(cold_error(|| {
                            illegal(
                                *span,
                                format!(
                                    "{} enters on its START {}, not {to}",
                                    m(),
                                    state.name(start)
                                ),
                            )
                        }));
                    }
                }
                let victim = c.outcome().map_err(|refusal| {
                    cold_error(|| illegal(*span, self.refusal(state, mover, roll, None, refusal)))
                })?;
                self.check_mark(state, capture.as_ref(), victim, start, *span, action)?;
                Ok(c)
            }
            Action::Move {
                path,
                capture,
                barricade,
                span,
            } => {
                if *barricade {
                    return Err(cold_error(|| {
                        illegal(*span, "aggravation has no barricades to take".into())
                    }));
                }
                let (c, from, to) = self.check_path(state, mover, roll, path, *span, action)?;
                let victim = c.outcome().map_err(|refusal| {
                    cold_error(|| {
                        illegal(*span, self.refusal(state, mover, roll, Some(from), refusal))
                    })
                })?;
                self.check_mark(state, capture.as_ref(), victim, to, *span, action)?;
                Ok(c)
            }
            other => Err(cold_error(|| {
                illegal(
                    other.span(),
                    format!(
                        "\"{other}\" is not an aggravation move: write +, a move like r9-r12, or --"
                    ),
                )
            })),
        }
    }

    /// Finds the route a written path stands for, in its one canonical
    /// spelling; with its start and landing holes.
    fn check_path(
        &self,
        state: &State,
        mover: Colour,
        roll: u8,
        path: &[Name],
        span: Span,
        action: &Action,
    ) -> Checked<(Candidate, Hole, Hole)> {
        let b = self.board;
        let illegal = |message: String| self.illegal(state, mover, roll, span, message);
        let mut holes = [b.centre; 2 + MAX_SIDES];
        if !(2..=b.sides as usize + 2).contains(&path.len()) {
            return Err(cold_error(|| {
                illegal(
                "a move names its start and landing holes, and the star hole where it leaves the star ring (b0-g0-g5)".into(),
            )
            }));
        }
        for (i, name) in path.iter().enumerate() {
            holes[i] = self.hole_in_game(state, *name).ok_or_else(|| {
                cold_error(|| {
                    let known = |n: &str| b.hole(n).is_some();
                    illegal(match billes_notation::misread(name, known) {
                        Some(hint) => format!("there is no hole {name} on this board: {hint}"),
                        None => format!("there is no hole {name} on this board"),
                    })
                })
            })?;
        }
        let holes = &holes[..path.len()];
        let from = holes[0];
        let to = holes[path.len() - 1];
        let exit_written = self
            .written_exit(holes)
            .ok_or_else(|| cold_error(|| {
                illegal("the holes between start and landing must be the star holes of the ring, in order (g0-y0-w0-r0-r2), or only the one where the marble leaves it (g0-r0-r2)".into())
            }))?;
        match state.at(from) {
            Some(o) if o == mover => {}
            Some(o) => {
                return Err(cold_error(|| {
                    illegal(format!(
                        "the marble on {} is {}'s, not {}'s",
                        path[0],
                        state.letter(o),
                        state.letter(mover)
                    ))
                }))
            }
            None => {
                return Err(cold_error(|| {
                    illegal(format!(
                        "{} has no marble on {}",
                        state.letter(mover),
                        path[0]
                    ))
                }))
            }
        }
        let found = self.find_route(state, mover, from, roll, to);
        let Some(c) = found else {
            return Err(cold_error(|| {
                illegal(self.unreachable(state, mover, roll, holes))
            }));
        };
        if exit_written != c.exit() {
            return Err(cold_error(|| {
                self.misspelt_route(state, c, action, span, illegal)
            }));
        }
        Ok((c, from, to))
    }

    /// An illegal-move error with the legal moves of the roll; when there is
    /// none, it says so and shows the pass (`--`), the only right record.
    #[cold]
    #[inline(never)]
    fn illegal(
        &self,
        state: &State,
        mover: Colour,
        roll: u8,
        span: Span,
        message: String,
    ) -> ReplayError {
        let legal = self.legal_list(state, mover, roll);
        if legal.is_empty() {
            return ReplayError::new(
                ErrorKind::IllegalMove,
                span,
                format!("{message}; no move is legal with a {roll}: the turn is written --"),
            )
            .with_legal(vec!["--".to_string()]);
        }
        ReplayError::new(ErrorKind::IllegalMove, span, message).with_legal(legal)
    }

    /// The error for a route written in another spelling than its one
    /// canonical form (`illegal` makes it, from its message).
    fn misspelt_route(
        &self,
        state: &State,
        c: Candidate,
        action: &Action,
        span: Span,
        illegal: impl FnOnce(String) -> ReplayError,
    ) -> ReplayError {
        {
            let canonical = c.action(state);
            let canonical = match (canonical, action) {
                (Action::Move { path, .. }, Action::Move { capture, .. }) => Action::Move {
                    path,
                    capture: *capture,
                    barricade: false,
                    span,
                },
                (a, _) => a,
            };
            let why = if c.exit().is_some() {
                "name the star hole where the marble leaves the star ring"
            } else {
                "only a star ring move names a hole between start and landing"
            };
            illegal(format!("write this move as {canonical}: {why}"))
        }
    }

    /// The ring exit star a written path names (`Some(None)`: none), accepting the
    /// full form that names every star hole of the ring passed. None when
    /// the holes between start and landing are no ring route.
    fn written_exit(&self, holes: &[Hole]) -> Option<Option<Hole>> {
        let b = self.board;
        let (from, to) = (holes[0], holes[holes.len() - 1]);
        let mids = &holes[1..holes.len() - 1];
        let next_star = |h: Hole| {
            let c = b.colour(h).map_or(0, |c| c.get() + 1);
            b.star(Colour::new(if c == b.sides { 0 } else { c }))
        };
        let follows = |a: Hole, x: Hole| b.is_star(a) && b.is_star(x) && next_star(a) == x;
        match mids {
            [] => Some(None),
            [x] if !(follows(from, *x) && follows(*x, to)) => Some(Some(*x)),
            _ => {
                let mut prev = from;
                for &x in mids {
                    if !follows(prev, x) {
                        return None;
                    }
                    prev = x;
                }
                Some((!follows(prev, to)).then_some(prev))
            }
        }
    }

    /// Why no route of `roll` takes the marble on `holes[0]` to the last hole.
    fn unreachable(&self, state: &State, mover: Colour, roll: u8, holes: &[Hole]) -> String {
        let b = self.board;
        let m = state.letter(mover);
        let (from, to) = (holes[0], holes[holes.len() - 1]);
        let (f, t) = (state.name(from), state.name(to));
        if b.class(from) == Class::Centre {
            if !self.params.shortcuts {
                return "shortcuts are not played in these rules".into();
            }
            if roll != 1 {
                return format!("a marble leaves the centre only with a 1, not a {roll}");
            }
            return format!("from the centre a 1 goes to a star hole, not to {t}");
        }
        if b.class(from) == Class::Home && b.class(to) == Class::Loop {
            return format!("a marble in HOME stays in HOME ({f} to {t})");
        }
        if holes.len() >= 3 || (b.is_star(from) && b.is_star(to)) {
            // The star hole where the marble leaves the ring: the last one
            // named before the landing, or the landing itself for a ring
            // move that ends on a star hole (`y0-b0`, or with every star
            // hole passed named, `y0-w0-r0-b0`).
            let whole_ring = holes.windows(2).all(|w| b.is_star(w[0]) && b.is_star(w[1]));
            let exit = if holes.len() == 2 || whole_ring {
                to
            } else {
                holes[holes.len() - 2]
            };
            if !self.params.shortcuts {
                return "shortcuts are not played in these rules".into();
            }
            if from == b.star(mover) {
                return format!(
                    "a marble on its own star hole has no ring move: {m}'s marble on {f} goes on along the loop to its HOME"
                );
            }
            if !self.ring_allowed(state, mover, from) {
                return format!(
                    "{m}'s marble on {f} did not land on its star hole on {m}'s last turn: it may no longer take the star ring"
                );
            }
            if b.is_star(exit) && b.is_star(from) {
                let k = b.loop_distance(from, exit) / b.per_side;
                if k > self.ring_room(mover, from) {
                    return format!(
                        "{m} must leave the star ring at {}, the star hole leading to its HOME",
                        state.name(b.star(mover))
                    );
                }
            }
        }
        if to == b.centre {
            return format!(
                "a marble enters the centre only by exact count from the hole before a star hole: a {roll} from {f} does not reach it"
            );
        }
        let plain = self.plain(state, mover, from, roll);
        let Some(landing) = plain.to() else {
            return format!("a {roll} from {f} overshoots HOME");
        };
        let blocked = match plain.outcome() {
            Err(refusal) => format!(
                ", where it cannot go: {}",
                self.refusal(state, mover, roll, Some(from), refusal)
            ),
            Ok(_) => String::new(),
        };
        format!(
            "a {roll} takes {m}'s marble on {f} to {}, not {t}{blocked}",
            state.name(landing)
        )
    }

    /// The message for a refused move (`from`: none when entering).
    fn refusal(
        &self,
        state: &State,
        mover: Colour,
        roll: u8,
        from: Option<Hole>,
        refusal: Refusal,
    ) -> String {
        let m = state.letter(mover);
        match refusal {
            Refusal::JumpOwn(h) => format!("{m} would jump its own marble on {}", state.name(h)),
            Refusal::LandOwn(h) if from.is_none() => {
                format!("{m} already has a marble on its START {}", state.name(h))
            }
            Refusal::LandOwn(h) => format!("{m} would land on its own marble on {}", state.name(h)),
            Refusal::JumpPartner(h) => format!(
                "{m} may not jump its partner's marble on {} in these rules",
                state.name(h)
            ),
            Refusal::LandPartner(h) => format!(
                "{m} may not land on its partner's marble on {} in these rules",
                state.name(h)
            ),
            Refusal::Overshoot => format!(
                "a {roll} from {} overshoots HOME",
                from.map_or("BASE", |h| state.name(h))
            ),
            Refusal::HomeFrozen => "marbles in HOME do not move in these rules".into(),
            Refusal::EntryRoll => {
                let rolls: Vec<String> = (1..=6u8)
                    .filter(|r| self.entry & (1 << r) != 0)
                    .map(|r| r.to_string())
                    .collect();
                format!(
                    "a {roll} does not enter a marble (only a {})",
                    rolls.join(" or a ")
                )
            }
            Refusal::EmptyBase => format!("{m} has no marble left in BASE"),
        }
    }

    /// A written capture mark must be a bare `*` and true.
    #[inline(always)]
    fn check_mark(
        &self,
        state: &State,
        capture: Option<&Capture>,
        victim: Option<Colour>,
        to: Hole,
        span: Span,
        action: &Action,
    ) -> Checked<()> {
        let Some(mark) = capture else { return Ok(()) };
        let err = |m: String| ReplayError::new(ErrorKind::Effect, span, m);
        if mark.target.is_some() || mark.points.is_some() {
            return Err(cold_error(|| {
                err("an aggravation is marked with a bare * (no target or points)".into())
            }));
        }
        if victim.is_none() {
            return Err(cold_error(|| {
                err(format!(
                    "{action} aggravates no marble: {} is empty",
                    state.name(to)
                ))
            }));
        }
        Ok(())
    }

    /// Plays a checked move.
    #[inline(always)]
    pub(crate) fn apply(&self, state: &mut State, mover: Colour, c: Candidate) {
        let Some(to) = c.to() else {
            return;
        };
        let b = self.board;
        if let Some(victim) = c.victim() {
            state.lift(victim, to);
            state.base[victim.index()] += 1;
        }
        let from = c.from();
        if from.is_none() {
            state.base[mover.index()] -= 1;
        }
        state.shift(mover, from, to);
        if b.class(to) == Class::Home && from.is_none_or(|f| b.class(f) != Class::Home) {
            state.add_home(mover);
            state.check_winner(mover);
        }
    }

    /// Records star landings, and who rolls next: the roller again after an
    /// `extra` turn (a 6), else the next seat clockwise that still rolls.
    #[inline(always)]
    pub(crate) fn end_turn(
        &self,
        state: &mut State,
        roller: Colour,
        mover: Colour,
        extra: bool,
        to: Option<Hole>,
    ) {
        state.fresh[mover.index()] = self.board.star_bit(to);
        if state.winner.is_some() {
            state.to_roll = None;
            state.again = false;
            return;
        }
        let keeps_rolling = state.teams && self.params.roll_for_partner;
        // The seats that still roll, as a mask of colour bits.
        let rolls = if keeps_rolling {
            state.play_mask
        } else {
            state.play_mask & !state.done_mask
        };
        // A 6 comes at random: the seat to roll is chosen without a branch
        // on it.
        let again = extra & (rolls & roller.bit() != 0);
        let next = if self.params.order == Order::Seats {
            next_listed(&state.listed, rolls, roller)
        } else {
            next_clockwise(rolls, roller)
        };
        state.to_roll = Some(if again { roller } else { next });
        state.again = again;
    }
}

/// The next seat clockwise after `roller` that rolls (its bit set in
/// `rolls`), the roller last; the roller when none does.
#[inline(always)]
fn next_clockwise(rolls: u8, roller: Colour) -> Colour {
    let rolls = u32::from(rolls);
    let after = rolls & !((2u32 << roller.get()) - 1);
    // The seats after the roller, then (8 bits on) every seat that rolls.
    match (after | rolls << 8).trailing_zeros() {
        32 => roller,
        t => Colour::new((t % 8) as u8),
    }
}

/// The seat after `roller` in the `listed` order that rolls (its bit set
/// in `rolls`), the roller last; the roller when none does.
#[cold]
fn next_listed(listed: &[Option<Colour>; MAX_SIDES], rolls: u8, roller: Colour) -> Colour {
    let count = listed.iter().take_while(|s| s.is_some()).count();
    let listed = &listed[..count];
    let at = listed.iter().position(|&s| s == Some(roller)).unwrap_or(0);
    (1..=count)
        .filter_map(|k| listed[(at + k) % count])
        .find(|s| rolls & s.bit() != 0)
        .unwrap_or(roller)
}
