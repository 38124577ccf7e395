//! A turn: who rolls next, the one move of a roll, and the checker of a
//! written turn (the seat, the roll, then the move against the
//! [`Step`] of the roll, `written.rs`).

use billes_game::game::{roll_error, seat_error, Move, Next, Roll};
use billes_game::variant::{Hooks, Verdict};
use billes_game::{Colour, ErrorKind, ReplayError};
use billes_notation::{Seat, Span, Turn};

use super::board::{name, Board};
use super::position::{seat, State};
use super::step::Step;
use super::written::{check_action, meant};
use super::SnakesAndLadders;

impl SnakesAndLadders {
    /// Who rolls next: every seat in play before the first turn (the
    /// record's first turn names the first seat), then each in the order
    /// of `Seats`; nobody once the game is won.
    pub(crate) fn whose_turn(&self, state: &State) -> Next {
        let seats = match (state.winner, state.next) {
            (Some(_), _) => Vec::new(),
            (None, None) => state.seats().map(Into::into).collect(),
            (None, Some(i)) => vec![seat(state.seats[usize::from(i)]).into()],
        };
        Next {
            seats,
            dice: true,
            needs: Vec::new(),
        }
    }

    /// Makes `seat` the one to roll next, for a check that goes on past a
    /// turn written out of order.
    pub(crate) fn hand_turn_to(&self, state: &mut State, seat: &str) -> bool {
        match state.colour(seat).and_then(|c| state.seat_index(c)) {
            Some(i) if state.winner.is_none() => {
                state.next = Some(i);
                true
            }
            _ => false,
        }
    }

    /// The one legal move of `seat` with `roll`: its pawn's [`Step`], a
    /// move or the pass; the pass too when a variant's `allow` hook forbids
    /// the move (the turn being numbered `number`).
    ///
    /// # Errors
    /// When the game is over, `seat` may not roll next, the roll is
    /// missing, or a hook fails.
    pub(crate) fn legal_moves_of<H: Hooks>(
        &self,
        state: &State,
        seat: &str,
        roll: Option<Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<Move>, ReplayError> {
        if state.winner.is_some() {
            return Err(ReplayError::new(
                ErrorKind::AfterEnd,
                Default::default(),
                "the game is over",
            ));
        }
        let next = self.whose_turn(state);
        let colour = match state.colour(seat) {
            Some(c) if next.seats.iter().any(|s| s == seat) => c,
            _ => return Err(seat_error(seat, &next)),
        };
        let Some(roll) = roll else {
            return Err(roll_error(true));
        };
        let step = self.step(state, colour, roll.get());
        let listed = match self.forbidden(state, colour, step, number, hooks)? {
            Some(_) => Step::Pass { away: 0 },
            None => step,
        };
        Ok(vec![Move::new(
            Seat::from(seat),
            Some(roll),
            [listed.action()],
        )])
    }

    /// Why a variant's `allow` hook forbids `step`, `colour`'s move in the
    /// turn numbered `number` (`None`: it is allowed, or a pass).
    ///
    /// # Errors
    /// A `variant` error when the hook fails.
    pub(crate) fn forbidden<H: Hooks>(
        &self,
        state: &State,
        colour: Colour,
        step: Step,
        number: u32,
        hooks: &H,
    ) -> Result<Option<String>, ReplayError> {
        if matches!(step, Step::Pass { .. }) {
            return Ok(None);
        }
        match hooks.verdict(|| step.view(state, colour, number)) {
            Ok(Verdict::Allow) => Ok(None),
            Ok(Verdict::Forbid(reason)) => Ok(Some(reason)),
            Err(e) => Err(e.at(Span::default())),
        }
    }

    /// What `roll` does to `colour`'s pawn.
    pub(crate) fn step(&self, state: &State, colour: Colour, roll: u8) -> Step {
        Step::of(Board::standard(), state.squares[colour.index()], roll)
    }

    /// Checks one written turn and plays it under `hooks`: the game goes
    /// on, the seat is the one to roll, the roll is a die face, and the one
    /// action is the roll's move or its pass (a pass too when `allow`
    /// forbids the move), written as the list writes it.
    ///
    /// # Errors
    /// The first thing wrong with the turn, placed in it.
    pub(crate) fn play_turn<H: Hooks>(
        &self,
        state: &mut State,
        turn: &Turn,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        let (colour, step) = self.read_head(state, turn)?;
        let forbidden = self
            .forbidden(state, colour, step, turn.number, hooks)
            .map_err(|e| ReplayError {
                span: turn.head.span,
                ..e
            })?;
        let mut actions = turn.actions.iter();
        let Some(first) = actions.next() else {
            return Err(ReplayError::new(
                ErrorKind::IllegalMove,
                turn.span,
                "the turn has no move",
            ));
        };
        let played = check_action(state, colour, turn, (step, forbidden.as_deref()), first)?;
        if let Some(more) = actions.next() {
            return Err(ReplayError::new(
                ErrorKind::IllegalMove,
                more.span(),
                format!("a turn is one move or --: {more} is one action too many"),
            )
            .with_legal(vec![played.to_string()]));
        }
        self.advance(state, colour, played);
        Ok(())
    }

    /// Plays a written move that names the roll's move otherwise than the
    /// list writes it (`h-s14` or `h-s4` for `h-s4-s14`), which the checker
    /// refuses: the move meant is known, so the check goes on from it.
    /// `None` for any other turn.
    pub(crate) fn play_meant<H: Hooks>(
        &self,
        state: &mut State,
        turn: &Turn,
        hooks: &H,
    ) -> Option<String> {
        let (colour, step) = self.read_head(state, turn).ok()?;
        if self
            .forbidden(state, colour, step, turn.number, hooks)
            .ok()?
            .is_some()
        {
            return None;
        }
        let [action] = turn.actions.as_slice() else {
            return None;
        };
        if !meant(state, colour, step, action) {
            return None;
        }
        self.advance(state, colour, step);
        Some(format!("read as {step}: the check goes on"))
    }

    /// The colour of the turn's seat, checked, and what its roll does.
    fn read_head(&self, state: &State, turn: &Turn) -> Result<(Colour, Step), ReplayError> {
        let head = &turn.head;
        if let Some(w) = state.winner() {
            let how = if state.square_of(w) == Some(Board::standard().last()) {
                format!("{w} reached {}", name(Board::standard().last()))
            } else {
                format!("{w} won")
            };
            return Err(ReplayError::new(
                ErrorKind::AfterEnd,
                head.span,
                format!("the game is over: {how}"),
            ));
        }
        let seats = || state.seats().collect::<Vec<_>>().join(" ");
        let Some(colour) = state.colour(&head.seat) else {
            return Err(ReplayError::new(
                ErrorKind::Seat,
                head.span,
                format!(
                    "{} is not a seat in this game (seats: {})",
                    head.seat,
                    seats()
                ),
            ));
        };
        if let Some(mover) = &head.mover {
            return Err(ReplayError::new(
                ErrorKind::Seat,
                head.span,
                format!(
                    "snakes-and-ladders has no team play: {} cannot roll for {mover}",
                    head.seat
                ),
            ));
        }
        if let Some(next) = state.to_move().filter(|&s| s != head.seat.as_str()) {
            return Err(ReplayError::new(
                ErrorKind::Seat,
                head.span,
                format!("it is {next}'s turn, not {}'s", head.seat),
            ));
        }
        let roll = billes_game::game::die_roll(turn)?;
        Ok((colour, self.step(state, colour, roll)))
    }

    /// Plays `step` for `colour`: its pawn ends where the step ends (the
    /// last square wins), and the next seat in the order of play rolls.
    pub(crate) fn advance(&self, state: &mut State, colour: Colour, step: Step) {
        if let Some(end) = step.end() {
            state.squares[colour.index()] = end;
            if end == Board::standard().last() {
                state.winner = Some(colour);
            }
        }
        let i = state.seat_index(colour).unwrap_or(0);
        state.next = Some((i + 1) % state.n_seats);
    }
}
