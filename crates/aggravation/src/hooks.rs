//! Aggravation under a variant's hooks: the position view, the checks of the
//! written move against `allow` and `roll_for`, and the `extra_turn` hook.

use billes_game::variant::{
    BoardView, Field, Hook, HookError, Hooks, MoveKind, MoveView, TeamRoll, Verdict,
};
use billes_game::{Colour, ErrorKind, ReplayError};
use billes_notation::{Action, Turn};

use super::board::Hole;
use super::legal::TurnCtx;
use super::moves::Candidate;
use super::{Aggravation, State};

impl BoardView for State {
    fn at(&self, hole: &str) -> Option<&str> {
        let h = self.board.hole(hole)?;
        self.at(h).map(|s| self.letter(s))
    }

    fn pieces(&self, seat: &str) -> Vec<String> {
        let Some(s) = self.board.seat(seat) else {
            return Vec::new();
        };
        // In order of hole, as `marbles_of` gives them.
        self.marbles_of(s)
            .iter()
            .map(|&h| self.name(h).to_string())
            .collect()
    }

    fn reserve(&self, seat: &str) -> u32 {
        self.board
            .seat(seat)
            .map_or(0, |s| self.base[s.index()] as u32)
    }

    fn finished(&self, seat: &str) -> u32 {
        self.board
            .seat(seat)
            .map_or(0, |s| self.home[s.index()] as u32)
    }

    fn seats(&self) -> Vec<String> {
        State::seats(self)
            .map(|s| self.letter(s).to_string())
            .collect()
    }

    fn team(&self, seat: &str) -> Vec<String> {
        let Some(s) = self.board.seat(seat) else {
            return Vec::new();
        };
        State::seats(self)
            .filter(|&o| o == s || self.partners(s, o))
            .map(|o| self.letter(o).to_string())
            .collect()
    }

    billes_game::variant::owned_copies!();

    fn progress(&self, seat: &str) -> u32 {
        let Some(s) = self.board.seat(seat) else {
            return 0;
        };
        // A sum: the marbles in any order, without the sorted list.
        self.holes_of(s).map(|h| self.steps_made(s, h)).sum()
    }

    fn neighbours(&self, point: &str) -> Vec<String> {
        self.board.hole(point).map_or_else(Vec::new, |h| {
            self.neighbour_holes(h)
                .iter()
                .map(|&h| self.name(h).to_string())
                .collect()
        })
    }

    fn walk(&self, point: &str, steps: u32, seat: Option<&str>) -> Vec<Vec<String>> {
        self.walk_names(point, steps, seat)
    }

    fn walk_back(&self, point: &str, steps: u32) -> Vec<Vec<String>> {
        self.walk_back_names(point, steps)
    }

    fn path(&self, from: &str, to: &str, seat: Option<&str>) -> Option<Vec<String>> {
        self.path_names(from, to, seat)
    }
}

/// The hook error as a replay error of kind `variant`.
fn variant_error(turn: &Turn, e: HookError) -> ReplayError {
    super::legal::hook_error(turn.head.span, e)
}

impl Aggravation {
    /// The view of candidate `c` that hooks see.
    pub(crate) fn move_view<'a>(&self, ctx: &TurnCtx<'a>, c: Candidate) -> MoveView<'a> {
        let TurnCtx {
            state,
            number,
            roller,
            mover,
            roll,
        } = *ctx;
        let b = state.board;
        let name = |h: Option<Hole>| h.map(|h| b.name(h).as_str());
        let kind = match (c.from(), c.to()) {
            (_, None) => MoveKind::Pass,
            (None, _) => MoveKind::Enter,
            _ => MoveKind::Move,
        };
        let captures = c.victim().map(|v| b.letter(v));
        let mut view = MoveView::new(
            number,
            b.letter(mover),
            kind,
            state,
            <Self as billes_game::game::GameRules>::move_fields(),
            [
                Field::Number(Some(u32::from(roll))),
                Field::Name(name(c.from())),
                Field::Name(name(c.to())),
                Field::Name(name(c.exit())),
                Field::Name(captures),
            ],
        );
        view.roller = b.letter(roller);
        view
    }

    /// Checks the written action under the rules and then the `allow` hook;
    /// a pass is legal when the hook forbids every candidate.
    /// `ctx` is the roll of `turn`.
    pub(crate) fn check_action_hooked<H: Hooks>(
        &self,
        ctx: &TurnCtx<'_>,
        turn: &Turn,
        action: &Action,
        hooks: &H,
    ) -> Result<Candidate, ReplayError> {
        let allowed = || {
            self.uses_list(ctx, hooks)
                .map_err(|e| variant_error(turn, e))
        };
        match self.check_action(ctx.state, ctx.mover, ctx.roll, action) {
            Ok(c) if c.to().is_none() => Ok(c),
            Ok(c) => match hooks
                .verdict(|| self.move_view(ctx, c))
                .map_err(|e| variant_error(turn, e))?
            {
                Verdict::Allow => Ok(c),
                Verdict::Forbid(reason) => Err(ReplayError::new(
                    ErrorKind::IllegalMove,
                    action.span(),
                    format!("{action} is not allowed in this variant: {reason}"),
                )
                .with_legal(allowed()?)),
            },
            Err(e) if e.kind == ErrorKind::FalsePass => {
                let legal = allowed()?;
                if legal.is_empty() {
                    Ok(Candidate::pass())
                } else {
                    Err(e.with_legal(legal))
                }
            }
            Err(e) if !e.legal.is_empty() => {
                let legal = allowed()?;
                Err(e.with_legal(if legal.is_empty() {
                    vec!["--".to_string()]
                } else {
                    legal
                }))
            }
            Err(e) => Err(*e),
        }
    }

    /// Asks the `roll_for` hook which teammates a finished roller may roll for.
    pub(crate) fn check_roll_for<H: Hooks>(
        &self,
        state: &State,
        roller: Colour,
        mover: Colour,
        roll: u8,
        turn: &Turn,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        if mover == roller {
            return Ok(());
        }
        let Some(choice) = self
            .roll_for_hooked(state, turn.number, roller, roll, hooks)
            .map_err(|e| variant_error(turn, e))?
        else {
            return Ok(());
        };
        let m = state.letter(mover);
        if choice.iter().any(|c| c == m) {
            return Ok(());
        }
        Err(ReplayError::new(
            ErrorKind::Seat,
            turn.head.span,
            format!(
                "in this variant {}'s {roll} is for {}, not {m}",
                state.letter(roller),
                if choice.is_empty() {
                    "no teammate".to_string()
                } else {
                    choice.join(" or ")
                }
            ),
        ))
    }

    /// The teammates the hook lets a finished roller roll for (`None`: any).
    pub(crate) fn roll_for_hooked<H: Hooks>(
        &self,
        state: &State,
        number: u32,
        roller: Colour,
        roll: u8,
        hooks: &H,
    ) -> Result<Option<Vec<String>>, HookError> {
        if !hooks.calls(Hook::RollFor) {
            return Ok(None);
        }
        let mut teammates = Vec::new();
        for o in state.seats() {
            if state.partners(roller, o) && !state.finished(o) {
                let ctx = TurnCtx {
                    state,
                    number,
                    roller,
                    mover: o,
                    roll,
                };
                let legal = self.uses_list(&ctx, hooks)?;
                teammates.push((state.letter(o).to_string(), legal));
            }
        }
        hooks.roll_for(&TeamRoll {
            turn: number,
            roller: state.letter(roller),
            roll,
            teammates,
            position: state,
        })
    }

    /// Whether the roller rolls again, asking the `extra_turn` hook (`ctx`:
    /// the roll of `turn`, played as `c`).
    pub(crate) fn extra_turn_hooked<H: Hooks>(
        &self,
        ctx: &TurnCtx<'_>,
        turn: &Turn,
        c: Candidate,
        standard: bool,
        hooks: &H,
    ) -> Result<bool, ReplayError> {
        if !hooks.calls(Hook::ExtraTurn) {
            return Ok(standard);
        }
        hooks
            .extra_turn(&self.move_view(ctx, c), standard)
            .map_err(|e| variant_error(turn, e))
    }
}
