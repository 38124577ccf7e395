//! Checking and playing one turn: who rolls, for whom, the roll, and the one
//! action it allows.

use billes_notation::{Action, Capture, Name, Span, Turn};

use super::board::{Class, Hole, MAX_SIDES, NONE};
use super::legal::TurnCtx;
use super::moves::{Cand, Why};
use super::{Aggravation, Order, State};
use crate::error::{cold, cold_error};
use crate::variant::{Hooks, NoHooks};
use crate::{ErrorKind, ReplayError};

/// The answer of a check on the hot path: the error boxed, so that the
/// result fits in two registers and is never copied through memory.
type Checked<T> = Result<T, Box<ReplayError>>;

impl Aggravation {
    /// Checks one turn against `st` and plays it.
    pub(crate) fn play_turn(&self, st: &mut State, turn: &Turn) -> Result<(), ReplayError> {
        self.play_turn_with(st, turn, &NoHooks)
    }

    /// [`Aggravation::play_turn`] under a variant's hooks.
    #[inline(always)]
    pub(crate) fn play_turn_with<H: Hooks>(
        &self,
        st: &mut State,
        turn: &Turn,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        let roller = self.roller(st, turn)?;
        let n = match turn.head.roll {
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
        let mover = self.mover(st, roller, turn)?;
        if hooks.active() {
            self.check_roll_for(st, roller, mover, n, turn, hooks)?;
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
        let mut extra = self.extra & (1 << n) != 0;
        let cand = if hooks.active() {
            let ctx = TurnCtx {
                st,
                number: turn.number,
                roller,
                mover,
                n,
            };
            let cand = self.check_action_hooked(&ctx, turn, action, hooks)?;
            extra = self.extra_turn_hooked(&ctx, turn, cand, extra, hooks)?;
            cand
        } else {
            self.check_action(st, mover, n, action)?
        };
        self.apply(st, mover, cand);
        self.end_turn(st, roller, mover, extra, cand.to());
        Ok(())
    }

    /// The seat that rolls: the one to move, or anyone in play on the first turn.
    #[inline]
    fn roller(&self, st: &State, turn: &Turn) -> Checked<u8> {
        match self.board.seat_of_name(turn.head.seat) {
            Some(s) if st.in_play[s as usize] && (st.to_roll == NONE || s == st.to_roll) => Ok(s),
            _ => Err(self.wrong_roller(st, turn)),
        }
    }

    /// Why the seat of `turn` may not roll (see [`Aggravation::roller`]);
    /// kept out of the way of the check.
    #[cold]
    #[inline(never)]
    fn wrong_roller(&self, st: &State, turn: &Turn) -> Box<ReplayError> {
        let seat = &turn.head.seat;
        let in_play = self
            .board
            .seat_of_name(*seat)
            .is_some_and(|s| st.in_play[s as usize]);
        let message = if !in_play {
            let seats: Vec<&str> = st.seats().map(|s| st.letter(s)).collect();
            format!("{seat} is not a seat in play (seats: {})", seats.join(" "))
        } else {
            let who = st.letter(st.to_roll);
            if st.again {
                format!("{who} rolled a 6 and rolls again, not {seat}")
            } else {
                format!("it is {who}'s turn to roll, not {seat}'s")
            }
        };
        Box::new(ReplayError::new(ErrorKind::Seat, turn.head.span, message))
    }

    /// The seat whose marbles the roll moves (`R4>G`: G's).
    #[inline]
    fn mover(&self, st: &State, roller: u8, turn: &Turn) -> Checked<u8> {
        if turn.head.mover.is_none() && !(st.teams && st.finished(roller)) {
            return Ok(roller);
        }
        self.other_mover(st, roller, turn)
    }

    /// [`Aggravation::mover`] in team play, or with a mover written: the
    /// teammate, or why not. Kept out of the way of the common case.
    #[cold]
    #[inline(never)]
    fn other_mover(&self, st: &State, roller: u8, turn: &Turn) -> Checked<u8> {
        let err = |m: String| ReplayError::new(ErrorKind::Seat, turn.head.span, m);
        let Some(m) = &turn.head.mover else {
            if st.teams && st.finished(roller) {
                let r = st.letter(roller);
                let mates: Vec<&str> = st
                    .seats()
                    .filter(|&o| st.partners(roller, o) && !st.finished(o))
                    .map(|o| st.letter(o))
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
            .filter(|&s| st.in_play[s as usize])
            .ok_or_else(|| err(format!("{m} is not a seat in play")))?;
        let r = st.letter(roller);
        if !st.finished(roller) {
            return Err(err(format!(
                "{r} still has marbles to move and cannot roll for {m}"
            ))
            .into());
        }
        if !st.partners(roller, s) || !self.params.roll_for_partner {
            return Err(err(format!("{m} is not {r}'s teammate: {r} cannot roll for it")).into());
        }
        if st.finished(s) {
            return Err(err(format!("{m} has every marble HOME too")).into());
        }
        Ok(s)
    }

    /// Checks the written action and returns the move it stands for.
    pub(crate) fn check_action(
        &self,
        st: &State,
        mover: u8,
        n: u8,
        action: &Action,
    ) -> Checked<Cand> {
        let m = || st.letter(mover);
        let illegal = |span: Span, message: String| self.illegal(st, mover, n, span, message);
        match action {
            Action::Pass { span } => {
                if self.can_move(st, mover, n) {
                    return Err(cold_error(|| {
                        ReplayError::new(
                            ErrorKind::FalsePass,
                            *span,
                            format!("{} cannot pass: a {n} has a legal move", m()),
                        )
                        .with_legal(self.legal_list(st, mover, n))
                    }));
                }
                Ok(Cand::new(NONE, NONE, NONE, Ok(NONE)))
            }
            Action::Place { to, capture, span } => {
                let c = self.enter(st, mover, n);
                if let Some(to) = to {
                    if self.board.hole(to) != Some(c.to()) {
                        return Err(cold_error(|| {
                            illegal(
                                *span,
                                format!(
                                    "{} enters on its START {}, not {to}",
                                    m(),
                                    st.name(c.to())
                                ),
                            )
                        }));
                    }
                }
                let victim = c.res().map_err(|why| {
                    cold_error(|| illegal(*span, self.why(st, mover, n, NONE, why)))
                })?;
                self.check_mark(st, capture.as_ref(), victim, c.to(), *span, action)?;
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
                let c = self.check_path(st, mover, n, path, *span, action)?;
                let victim = c.res().map_err(|why| {
                    cold_error(|| illegal(*span, self.why(st, mover, n, c.from(), why)))
                })?;
                self.check_mark(st, capture.as_ref(), victim, c.to(), *span, action)?;
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

    /// Finds the route a written path stands for, in its one canonical spelling.
    fn check_path(
        &self,
        st: &State,
        mover: u8,
        n: u8,
        path: &[Name],
        span: Span,
        action: &Action,
    ) -> Checked<Cand> {
        let b = self.board;
        let illegal = |message: String| self.illegal(st, mover, n, span, message);
        let mut holes = [NONE; 2 + MAX_SIDES];
        if !(2..=b.sides as usize + 2).contains(&path.len()) {
            return Err(cold_error(|| {
                illegal(
                "a move names its start and landing holes, and the star hole where it leaves the star ring (b0-g0-g5)".into(),
            )
            }));
        }
        for (i, name) in path.iter().enumerate() {
            holes[i] = b
                .hole(name)
                .filter(|&h| b.class(h) != Class::Home || b.offset(h) < st.home_size)
                .ok_or_else(|| {
                    cold_error(|| illegal(format!("there is no hole {name} on this board")))
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
        match st.at(from) {
            Some(o) if o == mover => {}
            Some(o) => {
                return Err(cold_error(|| {
                    illegal(format!(
                        "the marble on {} is {}'s, not {}'s",
                        path[0],
                        st.letter(o),
                        st.letter(mover)
                    ))
                }))
            }
            None => {
                return Err(cold_error(|| {
                    illegal(format!("{} has no marble on {}", st.letter(mover), path[0]))
                }))
            }
        }
        let found = self.find_route(st, mover, from, n, to);
        let Some(c) = found else {
            return Err(cold_error(|| {
                illegal(self.unreachable(st, mover, n, holes))
            }));
        };
        if exit_written != c.exit() {
            return Err(cold_error(|| {
                self.misspelt_route(st, c, action, span, illegal)
            }));
        }
        Ok(c)
    }

    /// An illegal-move error with the legal moves of the roll; when there is
    /// none, it says so and shows the pass (`--`), the only right record.
    #[cold]
    #[inline(never)]
    fn illegal(&self, st: &State, mover: u8, n: u8, span: Span, message: String) -> ReplayError {
        let legal = self.legal_list(st, mover, n);
        if legal.is_empty() {
            return ReplayError::new(
                ErrorKind::IllegalMove,
                span,
                format!("{message}; no move is legal with a {n}: the turn is written --"),
            )
            .with_legal(vec!["--".to_string()]);
        }
        ReplayError::new(ErrorKind::IllegalMove, span, message).with_legal(legal)
    }

    /// The error for a route written in another spelling than its one
    /// canonical form (`illegal` makes it, from its message).
    fn misspelt_route(
        &self,
        st: &State,
        c: Cand,
        action: &Action,
        span: Span,
        illegal: impl FnOnce(String) -> ReplayError,
    ) -> ReplayError {
        {
            let canonical = c.action(st);
            let canonical = match (canonical, action) {
                (Action::Move { path, .. }, Action::Move { capture, .. }) => Action::Move {
                    path,
                    capture: *capture,
                    barricade: false,
                    span,
                },
                (a, _) => a,
            };
            let why = if c.exit() != NONE {
                "name the star hole where the marble leaves the star ring"
            } else {
                "only a star ring move names a hole between start and landing"
            };
            illegal(format!("write this move as {canonical}: {why}"))
        }
    }

    /// The ring exit star a written path names (NONE: none), accepting the
    /// full form that names every star hole of the ring passed. None when
    /// the holes between start and landing are no ring route.
    fn written_exit(&self, holes: &[Hole]) -> Option<Hole> {
        let b = self.board;
        let (from, to) = (holes[0], holes[holes.len() - 1]);
        let mids = &holes[1..holes.len() - 1];
        let next_star = |h: Hole| {
            let s = b.side(h) + 1;
            b.star(if s == b.sides { 0 } else { s })
        };
        let follows = |a: Hole, x: Hole| b.is_star(a) && b.is_star(x) && next_star(a) == x;
        match mids {
            [] => Some(NONE),
            [x] if !(follows(from, *x) && follows(*x, to)) => Some(*x),
            _ => {
                let mut prev = from;
                for &x in mids {
                    if !follows(prev, x) {
                        return None;
                    }
                    prev = x;
                }
                Some(if follows(prev, to) { NONE } else { prev })
            }
        }
    }

    /// Why no route of roll `n` takes the marble on `holes[0]` to the last hole.
    fn unreachable(&self, st: &State, mover: u8, n: u8, holes: &[Hole]) -> String {
        let b = self.board;
        let m = st.letter(mover);
        let (from, to) = (holes[0], holes[holes.len() - 1]);
        let (f, t) = (st.name(from), st.name(to));
        if b.class(from) == Class::Centre {
            if !self.params.shortcuts {
                return "shortcuts are not played in these rules".into();
            }
            if n != 1 {
                return format!("a marble leaves the centre only with a 1, not a {n}");
            }
            return format!("from the centre a 1 goes to a star hole, not to {t}");
        }
        if b.class(from) == Class::Home && b.class(to) == Class::Loop {
            return format!("a marble in HOME stays in HOME ({f} to {t})");
        }
        if holes.len() >= 3 || (b.is_star(from) && b.is_star(to)) {
            // The star hole where the marble leaves the ring: the last one
            // named before the landing, or the landing itself for a ring
            // move that ends on a star hole (`y0-b0`).
            let exit = if holes.len() == 2 {
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
            if !self.ring_allowed(st, mover, from) {
                return format!(
                    "{m}'s marble on {f} did not land on its star hole on {m}'s last turn: it may no longer take the star ring"
                );
            }
            if b.is_star(exit) && b.is_star(from) {
                let k = b.loop_distance(from, exit) / b.per_side;
                if k > self.ring_room(mover, from) {
                    return format!(
                        "{m} must leave the star ring at {}, the star hole leading to its HOME",
                        st.name(b.star(mover))
                    );
                }
            }
        }
        if to == b.centre {
            return format!(
                "a marble enters the centre only by exact count from the hole before a star hole: a {n} from {f} does not reach it"
            );
        }
        let plain = self.plain(st, mover, from, n);
        if plain.to() == NONE {
            return format!("a {n} from {f} overshoots HOME");
        }
        let blocked = match plain.res() {
            Err(why) => format!(
                ", where it cannot go: {}",
                self.why(st, mover, n, from, why)
            ),
            Ok(_) => String::new(),
        };
        format!(
            "a {n} takes {m}'s marble on {f} to {}, not {t}{blocked}",
            st.name(plain.to())
        )
    }

    /// The message for a blocked move.
    fn why(&self, st: &State, mover: u8, n: u8, from: Hole, why: Why) -> String {
        let m = st.letter(mover);
        match why {
            Why::JumpOwn(h) => format!("{m} would jump its own marble on {}", st.name(h)),
            Why::LandOwn(h) if from == NONE => {
                format!("{m} already has a marble on its START {}", st.name(h))
            }
            Why::LandOwn(h) => format!("{m} would land on its own marble on {}", st.name(h)),
            Why::JumpPartner(h) => format!(
                "{m} may not jump its partner's marble on {} in these rules",
                st.name(h)
            ),
            Why::LandPartner(h) => format!(
                "{m} may not land on its partner's marble on {} in these rules",
                st.name(h)
            ),
            Why::Overshoot => format!("a {n} from {} overshoots HOME", st.name(from)),
            Why::HomeFrozen => "marbles in HOME do not move in these rules".into(),
            Why::EntryRoll => {
                let rolls: Vec<String> = (1..=6u8)
                    .filter(|r| self.entry & (1 << r) != 0)
                    .map(|r| r.to_string())
                    .collect();
                format!(
                    "a {n} does not enter a marble (only a {})",
                    rolls.join(" or a ")
                )
            }
            Why::EmptyBase => format!("{m} has no marble left in BASE"),
        }
    }

    /// A written capture mark must be a bare `*` and true.
    #[inline(always)]
    fn check_mark(
        &self,
        st: &State,
        capture: Option<&Capture>,
        victim: u8,
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
        if victim == NONE {
            return Err(cold_error(|| {
                err(format!(
                    "{action} aggravates no marble: {} is empty",
                    st.name(to)
                ))
            }));
        }
        Ok(())
    }

    /// Plays a checked move.
    #[inline(always)]
    pub(crate) fn apply(&self, st: &mut State, mover: u8, c: Cand) {
        if c.to() == NONE {
            return;
        }
        let b = self.board;
        if let Ok(v) = c.res() {
            if v != NONE {
                st.lift(v, c.to());
                st.base[v as usize] += 1;
            }
        }
        if c.from() == NONE {
            st.base[mover as usize] -= 1;
        }
        st.shift(mover, c.from(), c.to());
        if b.class(c.to()) == Class::Home && (c.from() == NONE || b.class(c.from()) != Class::Home)
        {
            st.add_home(mover);
            st.check_winner(mover);
        }
    }

    /// Records star landings, and who rolls next: the roller again after an
    /// `extra` turn (a 6), else the next seat clockwise that still rolls.
    #[inline(always)]
    pub(crate) fn end_turn(&self, st: &mut State, roller: u8, mover: u8, extra: bool, to: Hole) {
        st.fresh[mover as usize] = self.board.star_bit(to);
        if st.winner != NONE {
            st.to_roll = NONE;
            st.again = false;
            return;
        }
        let keeps_rolling = st.teams && self.params.roll_for_partner;
        // Bit `s` set: seat `s` still rolls.
        let rolls = if keeps_rolling {
            st.play_mask
        } else {
            st.play_mask & !st.done_mask
        } as u32;
        if extra && rolls & (1 << roller) != 0 {
            st.to_roll = roller;
            st.again = true;
            return;
        }
        if self.params.order == Order::Seats {
            st.to_roll = next_listed(&st.listed, rolls, roller);
            st.again = false;
            return;
        }
        // The next seat clockwise that rolls, the roller last; the roller
        // when none does.
        let after = rolls & !((2u32 << roller) - 1);
        st.to_roll = if after != 0 {
            after.trailing_zeros() as u8
        } else if rolls != 0 {
            rolls.trailing_zeros() as u8
        } else {
            roller
        };
        st.again = false;
    }
}

/// The seat after `roller` in the `listed` order that rolls (bit `s` of
/// `rolls`), the roller last; the roller when none does.
#[cold]
fn next_listed(listed: &[u8; MAX_SIDES], rolls: u32, roller: u8) -> u8 {
    let n = listed.iter().take_while(|&&s| s != NONE).count();
    let at = listed[..n].iter().position(|&s| s == roller).unwrap_or(0);
    (1..=n)
        .map(|k| listed[(at + k) % n])
        .find(|&s| rolls & (1 << s) != 0)
        .unwrap_or(roller)
}
