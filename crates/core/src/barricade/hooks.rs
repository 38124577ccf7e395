//! Barricade under a variant's hooks: the position view, the view of a pawn
//! move, the moves `allow` lets through, and the `extra_turn` hook.

use billes_notation::{Game, Turn};

use super::board::{bit, iter_points, Point, Points, NONE, SEATS};
use super::moves::Move;
use super::position::{colour_of, State};
use super::turn::free_points;
use super::{turn, Barricade};
use crate::rng::Rng;
use crate::variant::{
    Answer, BoardView, Field, FieldKind, Hook, HookError, HookedRules, Hooks, MoveKind, MoveView,
    QueryKind, Verdict,
};
use crate::{ErrorKind, ReplayError, SimOptions};

impl BoardView for State {
    fn at(&self, hole: &str) -> Option<&str> {
        let p = self.board.point(hole)?;
        self.pawn_at(p).map(|c| SEATS[c as usize])
    }

    fn pieces(&self, seat: &str) -> Vec<String> {
        let Some(c) = self.colour(seat) else {
            return Vec::new();
        };
        let mut points: Vec<String> = iter_points(self.pawns[c])
            .map(|p| self.board.name(p).to_string())
            .collect();
        points.sort_unstable();
        points
    }

    fn reserve(&self, seat: &str) -> u32 {
        self.colour(seat).map_or(0, |c| u32::from(self.housed[c]))
    }

    fn finished(&self, seat: &str) -> u32 {
        self.colour(seat)
            .map_or(0, |c| u32::from(self.winner == c as u8))
    }

    fn seats(&self) -> Vec<String> {
        State::seats(self).map(str::to_string).collect()
    }

    fn team(&self, seat: &str) -> Vec<String> {
        self.colour(seat)
            .map(|c| vec![SEATS[c].to_string()])
            .unwrap_or_default()
    }

    crate::variant::owned_copies!();

    fn query(&self, name: &str, arg: &str) -> Option<Answer> {
        Some(match name {
            "barricades" => {
                let mut points: Vec<String> = iter_points(self.barricades)
                    .map(|p| self.board.name(p).to_string())
                    .collect();
                points.sort_unstable();
                Answer::Names(points)
            }
            "held" => Answer::Flag(self.colour(arg).is_some_and(|c| self.held[c] != NONE)),
            "must_move" => Answer::Name(self.colour(arg).and_then(|c| {
                (self.replay_colour as usize == c && self.replay_pawn != NONE)
                    .then(|| self.board.name(self.replay_pawn).to_string())
            })),
            _ => return None,
        })
    }

    fn progress(&self, seat: &str) -> u32 {
        let Some(c) = self.colour(seat) else { return 0 };
        if self.winner as usize == c {
            return 10_000;
        }
        iter_points(self.pawns[c])
            .map(|p| 1 + 64u32.saturating_sub(u32::from(self.board.distance(p))))
            .sum()
    }

    fn neighbours(&self, point: &str) -> Vec<String> {
        self.neighbour_names(point)
    }

    fn walk(&self, point: &str, steps: u32, _seat: Option<&str>) -> Vec<Vec<String>> {
        self.walk_names(point, steps)
    }

    fn path(&self, from: &str, to: &str, _seat: Option<&str>) -> Option<Vec<String>> {
        self.path_names(from, to)
    }
}

impl State {
    /// The colour of a seat in play.
    fn colour(&self, seat: &str) -> Option<usize> {
        colour_of(seat)
            .filter(|&c| self.seat_index(c).is_some())
            .map(usize::from)
    }
}

/// The hook error as a replay error of kind `variant`, at the turn.
pub(crate) fn variant_error(turn: &Turn, e: HookError) -> ReplayError {
    ReplayError::new(ErrorKind::Variant, turn.head.span, e.0)
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
    let Some(c) = colour_of(&turn.head.seat).filter(|_| moves) else {
        return e;
    };
    let Some(r @ 1..=6) = turn.head.roll.map(|r| r as usize) else {
        return e;
    };
    let replay = (before.replay_colour == c)
        .then_some(before.replay_pawn)
        .filter(|&p| p != NONE);
    match rules.move_list(before, turn.number, c as usize, r, replay, hooks) {
        Ok(list) => e.with_legal(list),
        Err(h) => variant_error(turn, h),
    }
}

impl Barricade {
    /// The view hooks see of move `m` (`None`: a pass) of colour `c` with roll `r`.
    pub(crate) fn move_view<'a>(
        &self,
        st: &'a State,
        number: u32,
        c: usize,
        r: usize,
        m: Option<&Move>,
    ) -> MoveView<'a> {
        let board = self.board();
        let name = |p: Point| (p != NONE).then(|| board.name(p).as_str());
        let kind = match m {
            None => MoveKind::Pass,
            Some(m) if m.from == NONE => MoveKind::Enter,
            Some(_) => MoveKind::Move,
        };
        let field = |f: &dyn Fn(&Move) -> Option<&'a str>| m.and_then(f);
        MoveView::new(
            number,
            SEATS[c],
            kind,
            st,
            Self::move_fields(),
            [
                Field::Number(Some(r as u32)),
                Field::Name(field(&|m| name(m.from))),
                Field::Name(field(&|m| name(m.to))),
                Field::Name(field(&|m| {
                    m.bounce.then(|| board.name(board.goal()).as_str())
                })),
                Field::Name(field(&|m| {
                    st.pawn_at(m.to)
                        .filter(|&o| m.capture && o as usize != c)
                        .map(|o| SEATS[o as usize])
                })),
                Field::Flag(m.map(|m| m.take)),
            ],
        )
    }

    /// The view hooks see of a barricade put down on `p` in the turn of
    /// `ctx`, whose pawn left `from` (`NONE`: it entered, or no pawn moved);
    /// `ctx.st`: the position after the turn's move, before its barricades
    /// go down.
    pub(crate) fn put_down_view<'a>(
        &self,
        ctx: &TurnCtx<'a>,
        from: Point,
        p: Point,
    ) -> MoveView<'a> {
        let TurnCtx {
            st: after,
            number,
            c,
            r,
        } = *ctx;
        let board = self.board();
        MoveView::new(
            number,
            SEATS[c],
            MoveKind::PutDown,
            after,
            Self::move_fields(),
            [
                Field::Number(Some(r as u32)),
                Field::Name((from != NONE).then(|| board.name(from).as_str())),
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
        from: Point,
        owed: u8,
        hooks: &H,
    ) -> Result<Points, HookError> {
        let free = free_points(self, ctx.st).fold(0, |a, p| a | bit(p));
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

    /// The legal moves of colour `c` with roll `r` that the hooks allow.
    pub(crate) fn allowed_moves<H: Hooks>(
        &self,
        st: &State,
        number: u32,
        c: usize,
        r: usize,
        replay: Option<Point>,
        hooks: &H,
    ) -> Result<Vec<Move>, HookError> {
        let mut out = Vec::new();
        let mut failure = None;
        self.each_move(st, c, r, replay, &mut |m| {
            match hooks.verdict(|| self.move_view(st, number, c, r, Some(&m))) {
                Ok(Verdict::Allow) => out.push(m),
                Ok(Verdict::Forbid(_)) => {}
                Err(e) => failure = Some(e),
            }
            failure.is_none()
        });
        failure.map_or(Ok(out), Err)
    }

    /// Asks the `extra_turn` hook whether the colour of `ctx` rolls again
    /// after move `m` (`None`: a pass) played from `ctx.st` in `turn`.
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
                &self.move_view(ctx.st, ctx.number, ctx.c, ctx.r, m.as_ref()),
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
    pub(crate) st: &'a State,
    /// The turn's number (0 outside a record).
    pub(crate) number: u32,
    /// The colour to move.
    pub(crate) c: usize,
    /// The roll.
    pub(crate) r: usize,
}

impl HookedRules for Barricade {
    fn play_hooked<H: Hooks>(
        &self,
        state: &mut State,
        turn: &Turn,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        turn::play_with(self, state, turn, hooks)
    }

    fn simulate_hooked<H: Hooks>(
        &self,
        options: &SimOptions,
        rng: &mut Rng,
        hooks: &H,
    ) -> Result<Game, String> {
        self.simulate_with(options, rng, hooks)
    }

    fn legal_moves_hooked<H: Hooks>(
        &self,
        state: &State,
        seat: &str,
        roll: Option<crate::game::Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<crate::game::Move>, ReplayError> {
        self.legal_moves_with(state, seat, roll, number, hooks)
    }

    fn move_fields() -> &'static [(&'static str, FieldKind)] {
        &[
            ("roll", FieldKind::Number),
            ("from", FieldKind::Name),
            ("to", FieldKind::Name),
            ("via", FieldKind::Name),
            ("captures", FieldKind::Name),
            ("takes_barricade", FieldKind::Flag),
        ]
    }

    fn position_queries() -> &'static [(&'static str, QueryKind)] {
        &[
            ("barricades", QueryKind::Names),
            ("held", QueryKind::Flag),
            ("must_move", QueryKind::Name),
        ]
    }

    fn hook_names() -> &'static [&'static str] {
        &["allow", "extra_turn", "moves", "effect", "winner"]
    }

    fn spell_added(
        &self,
        state: &State,
        _roller: &str,
        seat: &str,
        roll: Option<crate::game::Roll>,
        text: &str,
    ) -> Result<Option<crate::game::Move>, String> {
        self.spell_added_move(state, seat, roll, text)
    }

    fn play_added<H: Hooks>(
        &self,
        state: &mut State,
        turn: &Turn,
        mv: &crate::game::Move,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        self.play_added_move(state, turn, mv, hooks)
    }

    fn apply_edit(&self, state: &mut State, edit: &crate::house::Edit) -> Result<(), String> {
        self.edit(state, edit)
    }

    fn declare_winner(&self, state: &mut State, seat: &str) -> Result<(), String> {
        self.declare(state, seat)
    }
}
