//! The game API for Aggravation: who acts next, the legal moves of a turn as
//! [`Move`]s, and the position as a `Position` tag.
//!
//! The one generator of legal moves is [`Aggravation::uses`] (the legal uses
//! of a roll by one seat's marbles, under the hooks): the game API's list,
//! the "legal:" lists of error messages, the teammates' lists the `roll_for`
//! hook sees and the simulator's choices all come from it.

use billes_game::game::{roll_error, seat_error, AnyNeed, Move, Next, Roll};
use billes_game::variant::{HookError, Hooks};
use billes_game::{Colour, ErrorKind, ReplayError};
use billes_notation::{Action, Seat, Span};

use super::moves::Candidate;
use super::{Aggravation, Need, State};

/// One legal move as the generator gives it, for the simulator (which needs
/// the candidate's holes for its greedy player, and spells only the move it
/// chooses: [`Aggravation::spell`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Listed {
    /// The seat whose marble moves.
    pub(crate) mover: Colour,
    /// The candidate it plays; for a pass, one that lands nowhere.
    pub(crate) candidate: Candidate,
}

/// A roll being played, as the legal-move and hook code passes it along:
/// the position, the turn's number, the seat that rolled, the seat whose
/// marble moves (a teammate on a team roll) and the roll.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TurnCtx<'a> {
    /// The position before the move.
    pub(crate) state: &'a State,
    /// The turn's number (0 outside a record).
    pub(crate) number: u32,
    /// The seat that rolled.
    pub(crate) roller: Colour,
    /// The seat whose marble moves.
    pub(crate) mover: Colour,
    /// The roll.
    pub(crate) roll: u8,
}

/// A failed hook as a replay error, the way the checker reports it.
pub(crate) fn hook_error(span: Span, e: HookError) -> ReplayError {
    e.at(span)
}

impl Aggravation {
    /// The seat to roll; before the first turn every seat in play that may
    /// roll at all (any may start; listed in the order of the `Seats` tag,
    /// whatever the order of play, so that its first is named first); none once the game
    /// is won. A finished player of a team rolls for its teammates still
    /// playing ([`Need::Teammate`]).
    pub(super) fn whose_turn(&self, state: &State) -> Next {
        let mut next = Next {
            seats: Vec::new(),
            dice: true,
            needs: Vec::new(),
        };
        if state.winner.is_some() {
            return next;
        }
        let seats: Vec<Colour> = match state.to_roll {
            None => state
                .seats_as_listed()
                .filter(|&s| self.may_roll(state, s))
                .collect(),
            Some(seat) => vec![seat],
        };
        if let Some(&first) = seats.first() {
            if state.teams && state.finished(first) && self.params.roll_for_partner {
                next.needs.push(AnyNeed::new(Need::Teammate {
                    seats: self
                        .teammates(state, first)
                        .map(|s| state.letter(s).to_string())
                        .collect(),
                }));
            }
        }
        next.seats = seats.iter().map(|&s| state.letter(s).into()).collect();
        next
    }

    pub(super) fn seat_to_act(&self, state: &State) -> Option<Seat> {
        if state.winner.is_some() {
            return None;
        }
        let seat = match state.to_roll {
            None => state.seats_as_listed().find(|&s| self.may_roll(state, s))?,
            Some(seat) => seat,
        };
        Some(Seat::from(state.letter(seat)))
    }

    pub(super) fn hand_turn_to(&self, state: &mut State, seat: &str) -> bool {
        let Some(s) = state.seats().find(|&s| state.letter(s) == seat) else {
            return false;
        };
        if state.winner.is_some() {
            return false;
        }
        state.to_roll = Some(s);
        state.again = false;
        true
    }
}

impl Aggravation {
    /// Every legal move of `seat` with `roll` under `hooks`, the turn being
    /// numbered `number`, in this order: for each seat whose marbles the
    /// roll may move (the roller; on a team roll each teammate the rules and
    /// the `roll_for` hook allow, in the board's order), entering first,
    /// then its marbles by hole (loop holes by side and offset, then the
    /// centre, then HOME), each marble's plain move before its route into
    /// the centre and its star-ring routes (the nearest exit first). A seat
    /// with no legal use of the roll has one move instead, a pass (`--`):
    /// on a team roll each teammate that cannot use it has its pass, since
    /// the teammate is chosen before the roll (`R4>Y --` is legal when Y
    /// cannot move, whatever P could have done).
    ///
    /// # Errors
    /// When `seat` may not take the next turn, the roll is missing, no
    /// teammate may use a finished player's roll, or a hook fails.
    pub(crate) fn legal_moves_with<H: Hooks>(
        &self,
        state: &State,
        seat: &str,
        roll: Option<Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<Move>, ReplayError> {
        let roller = self
            .board
            .seat(seat)
            .filter(|&s| {
                state.winner.is_none()
                    && state.in_play[s.index()]
                    && self.may_roll(state, s)
                    && state.to_roll.is_none_or(|r| r == s)
            })
            .ok_or_else(|| seat_error(seat, &self.whose_turn(state)))?;
        let roll = roll.ok_or_else(|| roll_error(true))?.get();
        let mut out = Vec::with_capacity(8);
        self.each_listed(
            state,
            roller,
            roll,
            number,
            hooks,
            &mut |mover, candidate| {
                let mv = self.spell(state, roller, mover, roll, candidate);
                out.push(mv)
            },
        )?;
        Ok(out)
    }

    /// [`Aggravation::legal_moves_with`] for a checked roller and roll, each
    /// move with its mover and candidate.
    pub(crate) fn listed<H: Hooks>(
        &self,
        state: &State,
        roller: Colour,
        roll: u8,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<Listed>, ReplayError> {
        let mut out = Vec::new();
        self.each_listed(
            state,
            roller,
            roll,
            number,
            hooks,
            &mut |mover, candidate| out.push(Listed { mover, candidate }),
        )?;
        Ok(out)
    }

    /// Calls `f` with the mover and candidate of each move of
    /// [`Aggravation::listed`], in the list's order (nothing is spelt: see
    /// [`Aggravation::spell`]); a seat with no legal use of the roll has
    /// [`Candidate::pass`].
    pub(crate) fn each_listed<H: Hooks>(
        &self,
        state: &State,
        roller: Colour,
        roll: u8,
        number: u32,
        hooks: &H,
        f: &mut dyn FnMut(Colour, Candidate),
    ) -> Result<(), ReplayError> {
        let mut candidates = Vec::with_capacity(16);
        for mover in self.movers(state, roller, roll, number, hooks)? {
            candidates.clear();
            let ctx = TurnCtx {
                state,
                number,
                roller,
                mover,
                roll,
            };
            self.uses(&ctx, hooks, &mut candidates)
                .map_err(|e| hook_error(Span::default(), e))?;
            if candidates.is_empty() {
                f(mover, Candidate::pass());
            }
            for &c in &candidates {
                f(mover, c);
            }
        }
        Ok(())
    }

    /// The move that plays `candidate` (a pass for [`Candidate::pass`])
    /// with `roll` of `roller`, `mover`'s marble moving: the list's
    /// spelling of it.
    pub(crate) fn spell(
        &self,
        state: &State,
        roller: Colour,
        mover: Colour,
        roll: u8,
        candidate: Candidate,
    ) -> Move {
        let mut spelled = Move::new(state.seat(roller), None, billes_notation::Actions::new());
        self.spell_into(state, roller, mover, roll, candidate, &mut spelled);
        spelled
    }

    /// [`Aggravation::spell`], the move written into `complete` in place
    /// (what it held is replaced): a move built and then copied was read
    /// back whole while its parts were still being written, which stalls
    /// the processor.
    pub(crate) fn spell_into(
        &self,
        state: &State,
        roller: Colour,
        mover: Colour,
        roll: u8,
        candidate: Candidate,
        complete: &mut Move,
    ) {
        complete.seat = state.seat(roller);
        complete.roll = Roll::new(roll);
        complete.mover = (mover != roller).then(|| state.seat(mover));
        complete.actions.clear();
        complete.actions.push(if candidate == Candidate::pass() {
            Action::Pass {
                span: Span::default(),
            }
        } else {
            candidate.action(state)
        });
    }

    /// The legal uses of `roll` by `mover`'s marbles (rolled by `roller`)
    /// that the hooks allow, in the order of the list: entering first, then
    /// the marbles by hole. The one generator of legal moves.
    ///
    /// # Errors
    /// When the `allow` hook fails.
    pub(crate) fn uses<H: Hooks>(
        &self,
        ctx: &TurnCtx<'_>,
        hooks: &H,
        out: &mut Vec<Candidate>,
    ) -> Result<(), HookError> {
        let mut marbles = ctx.state.holes[ctx.mover.index()];
        marbles.sort_unstable();
        let mut failure = None;
        self.legal_from(ctx.state, ctx.mover, ctx.roll, marbles, &mut |c| {
            match hooks.verdict(|| self.move_view(ctx, c)) {
                Ok(billes_game::variant::Verdict::Allow) => out.push(c),
                Ok(billes_game::variant::Verdict::Forbid(_)) => {}
                Err(e) => failure = Some(e),
            }
            failure.is_some()
        });
        failure.map_or(Ok(()), Err)
    }

    /// [`Aggravation::uses`] in notation.
    ///
    /// # Errors
    /// When the `allow` hook fails.
    pub(crate) fn uses_list<H: Hooks>(
        &self,
        ctx: &TurnCtx<'_>,
        hooks: &H,
    ) -> Result<Vec<String>, HookError> {
        let mut candidates = Vec::new();
        self.uses(ctx, hooks, &mut candidates)?;
        Ok(candidates
            .iter()
            .map(|c| c.action(ctx.state).to_string())
            .collect())
    }

    /// The seats whose marbles `roll` by `roller` may move: the
    /// roller, or on a team roll the teammates still playing that the
    /// `roll_for` hook allows.
    fn movers<H: Hooks>(
        &self,
        state: &State,
        roller: Colour,
        roll: u8,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<Colour>, ReplayError> {
        if !(state.teams && state.finished(roller)) {
            return Ok(vec![roller]);
        }
        let r = state.letter(roller);
        let seat_err = |m: String| ReplayError::new(ErrorKind::Seat, Span::default(), m);
        if !self.params.roll_for_partner {
            return Err(seat_err(format!(
                "{r} has every marble HOME and rolls for no teammate in these rules"
            )));
        }
        let mut mates: Vec<Colour> = self.teammates(state, roller).collect();
        if hooks.active() {
            let choice = self
                .roll_for_hooked(state, number, roller, roll, hooks)
                .map_err(|e| hook_error(Span::default(), e))?;
            if let Some(choice) = choice {
                mates.retain(|&m| choice.iter().any(|c| c == state.letter(m)));
            }
        }
        if mates.is_empty() {
            return Err(seat_err(format!(
                "in this variant {r}'s {roll} is for no teammate"
            )));
        }
        Ok(mates)
    }

    /// The teammates of `seat` still playing, in the board's order.
    pub(crate) fn teammates<'a>(
        &self,
        state: &'a State,
        seat: Colour,
    ) -> impl Iterator<Item = Colour> + 'a {
        state
            .seats()
            .filter(move |&o| state.partners(seat, o) && !state.finished(o))
    }

    /// Whether `seat` may ever roll: not a finished player of a team whose
    /// finished players roll for nobody (`roll_for_partner` off).
    fn may_roll(&self, state: &State, seat: Colour) -> bool {
        !(state.teams && state.finished(seat) && !self.params.roll_for_partner)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use billes_game::game::position::tags_game;
    use billes_game::game::MoveRules;
    use billes_game::Rules;

    use super::*;

    fn state(rules: &Aggravation, tags: &[(&str, &str)]) -> State {
        rules
            .setup(&tags_game(
                <crate::Aggravation as billes_game::game::GameRules>::KIND,
                tags,
            ))
            .unwrap()
    }

    fn moves(rules: &Aggravation, state: &State, seat: &str, roll: u8) -> Vec<String> {
        rules
            .legal_moves(state, seat.into(), Roll::new(roll), 1)
            .unwrap()
            .iter()
            .map(|m| m.turn())
            .collect()
    }

    #[test]
    fn the_first_turn_may_be_anyone_s() {
        let rules = Aggravation::default();
        let state = state(&rules, &[("Seats", "G R Y")]);
        let next = rules.next(&state);
        assert_eq!(next.seats, ["G", "R", "Y"]);
        assert!(next.dice && next.needs.is_empty());
        assert_eq!(moves(&rules, &state, "G", 6), ["G6 +"]);
        assert_eq!(moves(&rules, &state, "Y", 3), ["Y3 --"]);
        assert!(rules
            .legal_moves(&state, billes_notation::Seat::from("B"), Roll::new(3), 1)
            .is_err());
        assert!(rules
            .legal_moves(&state, billes_notation::Seat::from("R"), None, 1)
            .is_err());
    }

    #[test]
    fn moves_come_entering_first_then_by_hole_with_marks() {
        let rules = Aggravation::default();
        let state = state(
            &rules,
            &[("Seats", "R G"), ("Position", "R:r12,r5,g0 G:r9,b2 move=R")],
        );
        assert_eq!(
            moves(&rules, &state, "R", 1),
            [
                "R1 +*",
                "R1 r5-r6",
                "R1 r12-r13",
                "R1 g0-g1",
                "R1 g0-c",
                "R1 g0-y0"
            ]
        );
        assert_eq!(
            moves(&rules, &state, "R", 3),
            [
                "R3 r5-rh1",
                "R3 r12-b1",
                "R3 r12-c",
                "R3 g0-g3",
                "R3 g0-y0-y2",
                "R3 g0-w0-w1",
                "R3 g0-r0"
            ]
        );
        assert!(rules
            .legal_moves(&state, billes_notation::Seat::from("G"), Roll::new(3), 1)
            .is_err());
    }

    #[test]
    fn a_finished_player_rolls_for_its_teammates() {
        let rules = Aggravation::default();
        let state = state(
            &rules,
            &[
                ("Seats", "R B P G Y W"),
                ("Teams", "R+P+Y B+G+W"),
                ("Position", "R:rh1,rh2,rh3,rh4 P:p9 move=R"),
            ],
        );
        let next = rules.next(&state);
        assert_eq!(
            next.needs,
            [AnyNeed::new(Need::Teammate {
                seats: vec!["P".into(), "Y".into()]
            })]
        );
        assert_eq!(moves(&rules, &state, "R", 2), ["R2>P p9-p11", "R2>Y --"]);
        assert_eq!(
            moves(&rules, &state, "R", 6),
            ["R6>P p9-g1", "R6>P p9-c", "R6>Y +"]
        );
    }

    #[test]
    fn nothing_is_legal_once_the_game_is_won() {
        let rules = Aggravation::default();
        let state = state(
            &rules,
            &[("Seats", "R G"), ("Position", "R:rh1,rh2,rh3,rh4")],
        );
        assert!(rules.next(&state).seats.is_empty());
        assert!(rules
            .legal_moves(&state, billes_notation::Seat::from("R"), Roll::new(1), 1)
            .is_err());
    }
}
