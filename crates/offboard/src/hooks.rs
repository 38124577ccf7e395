//! Offboard under a variant's hooks: the position view, the view of a line
//! move, the moves `allow` lets through, and the points `score` gives a
//! marble pushed off the board.

use billes_game::variant::{
    Answer, BoardView, EjectionView, Field, Hook, HookError, Hooks, MoveKind, MoveView, Verdict,
};
use billes_game::ReplayError;
use billes_notation::{Capture, Turn};

use super::board::board;
use super::moves::{Ejection, Shift};
use super::position::{opponent, seat_name, seat_of, State, SEATS};
use super::Offboard;

impl BoardView for State {
    fn at(&self, hole: &str) -> Option<&str> {
        let cell = board().cell(hole)?;
        State::at(self, cell).map(seat_name)
    }

    fn pieces(&self, seat: &str) -> Vec<String> {
        let mut names: Vec<String> = self.marbles(seat).into_iter().map(String::from).collect();
        names.sort_unstable();
        names
    }

    /// The marble pushed towards a taken target that the seat to move must
    /// put back or remove first (0 or 1).
    fn reserve(&self, seat: &str) -> u32 {
        u32::from(seat_of(seat) == Some(self.to_move) && self.pending.is_some())
    }

    /// The seat's marbles out of play: in targets, or taken out of the game.
    fn finished(&self, seat: &str) -> u32 {
        let Some(colour) = seat_of(seat) else {
            return 0;
        };
        let in_targets = self
            .targets
            .iter()
            .filter(|&&t| t.map(|marble| marble.colour()) == Some(colour))
            .count() as u32;
        in_targets + u32::from(self.out[colour.index()])
    }

    fn seats(&self) -> Vec<String> {
        SEATS.iter().map(|s| s.to_string()).collect()
    }

    fn team(&self, seat: &str) -> Vec<String> {
        seat_of(seat)
            .map(|colour| vec![seat_name(colour).to_string()])
            .unwrap_or_default()
    }

    billes_game::variant::owned_copies!();

    /// The seat's score, then its marbles still on the board: the score
    /// times 100, plus the marbles (a seat has fewer than 100).
    fn progress(&self, seat: &str) -> u32 {
        seat_of(seat).map_or(0, |colour| {
            let i = colour.index();
            100 * u32::from(self.score[i]) + self.marbles[i].count_ones()
        })
    }

    fn query(&self, name: &str, arg: &str) -> Option<Answer> {
        Some(match name {
            "score" => Answer::Number(State::score(self, arg)),
            "target" => Answer::Name(State::target(self, arg).map(str::to_string)),
            _ => return None,
        })
    }
}

/// The hook error as a replay error of kind `variant`, at the turn.
pub(crate) fn variant_error(turn: &Turn, e: HookError) -> ReplayError {
    e.at(turn.head.span)
}

impl Offboard {
    /// The view hooks see of move `s` from `state`.
    pub(crate) fn move_view<'a>(&self, state: &'a State, number: u32, s: &Shift) -> MoveView<'a> {
        let b = self.board;
        let me = state.to_move;
        let ejected = s.ejects_from();
        let target = ejected
            .filter(|_| state.has_targets)
            .and_then(|from| self.landing(from, s.direction()))
            .map(|target| b.target_name(target));
        MoveView::new(
            number,
            seat_name(me),
            MoveKind::Move,
            state,
            <Self as billes_game::game::GameRules>::move_fields(),
            [
                Field::Name(Some(b.cell_name(s.from()))),
                Field::Name(Some(b.cell_name(s.to()))),
                Field::Name(Some(b.direction_name(s.direction()))),
                Field::Number(Some(u32::from(s.len()))),
                Field::Number(Some(u32::from(s.pushed()))),
                Field::Name(ejected.map(|_| seat_name(opponent(me)))),
                Field::Name(target),
            ],
        )
    }

    /// The points the marble that `s` pushes off scores under the hooks
    /// (`before`: the position before the move); `None` when it pushes
    /// nothing off.
    pub(crate) fn hooked_points<H: Hooks>(
        &self,
        before: &State,
        number: u32,
        s: &Shift,
        hooks: &H,
    ) -> Result<Option<u8>, HookError> {
        let Some(mark) = self.mark(before, s) else {
            return Ok(None);
        };
        let standard = mark.points.unwrap_or(1);
        if !hooks.calls(Hook::Score) {
            return Ok(Some(standard as u8));
        }
        let Some(from) = s.ejects_from() else {
            return Ok(None);
        };
        let b = self.board;
        let me = before.to_move;
        let target = self
            .landing(from, s.direction())
            .filter(|_| before.has_targets);
        let view = EjectionView {
            turn: number,
            seat: seat_name(me),
            ejects: seat_name(opponent(me)),
            from: b.cell_name(from),
            direction: b.direction_name(s.direction()),
            target: target.map(|t| b.target_name(t)),
            taken: target.is_some_and(|t| before.targets[t.index()].is_some()),
            position: before,
        };
        let points = hooks.score(&view, standard)?;
        // A seat's points are kept in a byte: a hook's more saturate there,
        // as the sums of points do.
        Ok(Some(u8::try_from(points).unwrap_or(u8::MAX)))
    }

    /// The full mark of `s` with the points the hooks give.
    pub(crate) fn hooked_mark<H: Hooks>(
        &self,
        before: &State,
        number: u32,
        s: &Shift,
        hooks: &H,
    ) -> Result<Option<Capture>, HookError> {
        let Some(mut mark) = self.mark(before, s) else {
            return Ok(None);
        };
        if hooks.active() && mark.points.is_some() {
            mark.points = self.hooked_points(before, number, s, hooks)?.map(u32::from);
        }
        Ok(Some(mark))
    }

    /// Applies move `s`, scoring a marble pushed off as the hooks say.
    #[inline]
    pub(crate) fn apply_hooked<H: Hooks>(
        &self,
        state: &mut State,
        number: u32,
        s: &Shift,
        hooks: &H,
    ) -> Result<Option<Ejection>, HookError> {
        if !hooks.active() || s.ejects_from().is_none() {
            return Ok(self.apply(state, s));
        }
        let points = self.hooked_points(state, number, s, hooks)?.unwrap_or(0);
        let me = state.to_move.index();
        let score = state.score[me];
        let ejection = self.apply(state, s);
        state.score[me] = score.saturating_add(points);
        Ok(ejection.map(|e| Ejection { points, ..e }))
    }

    /// The legal moves of the seat to move that the hooks allow.
    pub(crate) fn allowed_moves<H: Hooks>(
        &self,
        state: &State,
        number: u32,
        hooks: &H,
        out: &mut Vec<Shift>,
    ) -> Result<(), HookError> {
        self.moves(state, out);
        if !hooks.calls(Hook::Allow) {
            return Ok(());
        }
        let mut kept = Vec::with_capacity(out.len());
        for s in out.iter() {
            if hooks.allow(&self.move_view(state, number, s))? == Verdict::Allow {
                kept.push(*s);
            }
        }
        *out = kept;
        Ok(())
    }
}
