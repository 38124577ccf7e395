//! Barricade under a variant's hooks: the position view, the view of a pawn
//! move, the moves `allow` lets through, and the `extra_turn` hook.

use billes_game::variant::{
    Answer, BoardView, Field, Hook, HookError, Hooks, MoveKind, MoveView, Verdict,
};
use billes_game::{Colour, ErrorKind, ReplayError};
use billes_notation::Turn;

use super::board::{bit, iter_points, seat, Point, Points};
use super::moves::Move;
use super::position::{colour_of, State};
use super::turn::free_points;
use super::Barricade;

impl BoardView for State {
    fn at(&self, hole: &str) -> Option<&str> {
        let p = self.board.point(hole)?;
        self.pawn_at(p).map(seat)
    }

    fn pieces(&self, seat: &str) -> Vec<String> {
        let Some(colour) = self.colour(seat) else {
            return Vec::new();
        };
        let mut points: Vec<String> = iter_points(self.pawns_of(colour))
            .map(|p| self.board.name(p).to_string())
            .collect();
        points.sort_unstable();
        points
    }

    fn reserve(&self, seat: &str) -> u32 {
        self.colour(seat)
            .map_or(0, |colour| u32::from(self.housed[colour.index()]))
    }

    fn finished(&self, seat: &str) -> u32 {
        self.colour(seat)
            .map_or(0, |colour| u32::from(self.winner == Some(colour)))
    }

    fn seats(&self) -> Vec<String> {
        State::seats(self).map(str::to_string).collect()
    }

    fn team(&self, seat: &str) -> Vec<String> {
        self.colour(seat)
            .map(|colour| vec![super::board::seat(colour).to_string()])
            .unwrap_or_default()
    }

    billes_game::variant::owned_copies!();

    fn query(&self, name: &str, arg: &str) -> Option<Answer> {
        Some(match name {
            "barricades" => {
                let mut points: Vec<String> = iter_points(self.barricades)
                    .map(|p| self.board.name(p).to_string())
                    .collect();
                points.sort_unstable();
                Answer::Names(points)
            }
            "held" => Answer::Flag(
                self.colour(arg)
                    .is_some_and(|colour| self.holds[colour.index()] > 0),
            ),
            "must_move" => Answer::Name(self.colour(arg).and_then(|colour| {
                self.replay_pawn_of(colour)
                    .map(|p| self.board.name(p).to_string())
            })),
            _ => return None,
        })
    }

    fn progress(&self, seat: &str) -> u32 {
        let Some(colour) = self.colour(seat) else {
            return 0;
        };
        if self.winner == Some(colour) {
            return 10_000;
        }
        iter_points(self.pawns_of(colour))
            .map(|p| 1 + 64u32.saturating_sub(u32::from(self.board.distance(p))))
            .sum()
    }

    fn neighbours(&self, point: &str) -> Vec<String> {
        self.neighbour_names(point)
    }

    fn walk(&self, point: &str, steps: u32, _seat: Option<&str>) -> Vec<Vec<String>> {
        self.walk_names(point, steps)
    }

    fn walk_back(&self, point: &str, steps: u32) -> Vec<Vec<String>> {
        self.walk_names(point, steps)
    }

    fn path(&self, from: &str, to: &str, _seat: Option<&str>) -> Option<Vec<String>> {
        self.path_names(from, to)
    }
}

/// The hook error as a replay error of kind `variant`, at the turn.
pub(crate) fn variant_error(turn: &Turn, e: HookError) -> ReplayError {
    e.at(turn.head.span)
}

/// An error of the standard checks, its list of legal moves replaced by the
/// moves the hooks allow (`before`: the position before the turn). Lists of
/// barricade placements (`#e5`) are kept.
pub(crate) fn relist<H: Hooks>(
    rules: &Barricade,
    before: &State,
    turn: &Turn,
    hooks: &H,
    e: ReplayError,
) -> ReplayError {
    let moves = matches!(e.kind, ErrorKind::IllegalMove | ErrorKind::FalsePass)
        && e.legal.first().is_some_and(|l| !l.starts_with('#'));
    let Some(colour) = colour_of(&turn.head.seat).filter(|_| moves) else {
        return e;
    };
    let Some(roll @ 1..=6) = turn.head.roll.map(|roll| roll as usize) else {
        return e;
    };
    let replay = before.replay_pawn_of(colour);
    match rules.move_list(before, turn.number, colour, roll, replay, hooks) {
        Ok(list) => e.with_legal(list),
        Err(h) => variant_error(turn, h),
    }
}

impl Barricade {
    /// The view hooks see of move `m` (`None`: a pass) of `colour` with `roll`.
    pub(crate) fn move_view<'a>(
        &self,
        state: &'a State,
        number: u32,
        colour: Colour,
        roll: usize,
        m: Option<&Move>,
    ) -> MoveView<'a> {
        let board = self.board();
        let name = |p: Point| Some(board.name(p).as_str());
        let kind = match m {
            None => MoveKind::Pass,
            Some(m) if m.from.is_none() => MoveKind::Enter,
            Some(_) => MoveKind::Move,
        };
        let field = |f: &dyn Fn(&Move) -> Option<&'a str>| m.and_then(f);
        MoveView::new(
            number,
            seat(colour),
            kind,
            state,
            <Self as billes_game::game::GameRules>::move_fields(),
            [
                Field::Number(Some(roll as u32)),
                Field::Name(field(&|m| m.from.and_then(name))),
                Field::Name(field(&|m| name(m.to))),
                Field::Name(field(&|m| {
                    m.bounce.then(|| board.name(board.goal()).as_str())
                })),
                Field::Name(field(&|m| {
                    state
                        .pawn_at(m.to)
                        .filter(|&o| m.capture && o != colour)
                        .map(seat)
                })),
                Field::Flag(m.map(|m| m.take)),
            ],
        )
    }

    /// The view hooks see of a barricade put down on `p` in the turn of
    /// `ctx`, whose pawn left `from` (`None`: it entered, or no pawn moved);
    /// `ctx.state`: the position after the turn's move, before its barricades
    /// go down.
    pub(crate) fn put_down_view<'a>(
        &self,
        ctx: &TurnCtx<'a>,
        from: Option<Point>,
        p: Point,
    ) -> MoveView<'a> {
        let TurnCtx {
            state: after,
            number,
            colour,
            roll,
        } = *ctx;
        let board = self.board();
        MoveView::new(
            number,
            seat(colour),
            MoveKind::PutDown,
            after,
            <Self as billes_game::game::GameRules>::move_fields(),
            [
                Field::Number(Some(roll as u32)),
                Field::Name(from.map(|from| board.name(from).as_str())),
                Field::Name(Some(board.name(p).as_str())),
                Field::Name(None),
                Field::Name(None),
                Field::Flag(None),
            ],
        )
    }

    /// The points where the `owed` barricades of a turn may go under the
    /// `allow` hook (`ctx`, `from`: as for [`Barricade::put_down_view`]):
    /// the free points it allows, or every free point when it allows fewer
    /// than `owed` (a taken barricade always goes down).
    pub(crate) fn allowed_put_downs<H: Hooks>(
        &self,
        ctx: &TurnCtx<'_>,
        from: Option<Point>,
        owed: u8,
        hooks: &H,
    ) -> Result<Points, HookError> {
        let free = free_points(self, ctx.state).fold(0, |a, p| a | bit(p));
        if owed == 0 || !hooks.calls(Hook::Allow) {
            return Ok(free);
        }
        let mut allowed = 0;
        for p in iter_points(free) {
            let view = self.put_down_view(ctx, from, p);
            if hooks.allow(&view)? == Verdict::Allow {
                allowed |= bit(p);
            }
        }
        Ok(if allowed.count_ones() >= u32::from(owed) {
            allowed
        } else {
            free
        })
    }

    /// The legal moves of `colour` with `roll` that the hooks allow.
    pub(crate) fn allowed_moves<H: Hooks>(
        &self,
        state: &State,
        number: u32,
        colour: Colour,
        roll: usize,
        replay: Option<Point>,
        hooks: &H,
    ) -> Result<Vec<Move>, HookError> {
        let mut out = Vec::new();
        let mut failure = None;
        self.each_move(state, colour, roll, replay, &mut |m| {
            match hooks.verdict(|| self.move_view(state, number, colour, roll, Some(&m))) {
                Ok(Verdict::Allow) => out.push(m),
                Ok(Verdict::Forbid(_)) => {}
                Err(e) => failure = Some(e),
            }
            failure.is_none()
        });
        failure.map_or(Ok(out), Err)
    }

    /// Asks the `extra_turn` hook whether the colour of `ctx` rolls again
    /// after move `m` (`None`: a pass) played from `ctx.state` in `turn`.
    pub(crate) fn extra_turn_hooked<H: Hooks>(
        &self,
        ctx: &TurnCtx<'_>,
        turn: &Turn,
        m: Option<Move>,
        standard: bool,
        hooks: &H,
    ) -> Result<bool, ReplayError> {
        if !hooks.calls(Hook::ExtraTurn) {
            return Ok(standard);
        }
        hooks
            .extra_turn(
                &self.move_view(ctx.state, ctx.number, ctx.colour, ctx.roll, m.as_ref()),
                standard,
            )
            .map_err(|e| variant_error(turn, e))
    }
}

/// A turn being played, as the hook code passes it along: a position
/// (which one, each function says), the turn's number, the colour that
/// rolled and the roll.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TurnCtx<'a> {
    /// The position the hooks see.
    pub(crate) state: &'a State,
    /// The turn's number (0 outside a record).
    pub(crate) number: u32,
    /// The colour to move.
    pub(crate) colour: Colour,
    /// The roll.
    pub(crate) roll: usize,
}
