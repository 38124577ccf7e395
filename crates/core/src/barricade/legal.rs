//! The game API for Barricade: who acts next, the legal moves of a turn as
//! [`Move`]s, and the position as a `Position` tag.

use crate::game::{Move, MoveRules, Next, Roll};
use crate::variant::{Hooks, NoHooks, PositionView};
use crate::view::View;
use crate::{GameKind, ReplayError};

use super::{Barricade, State};

impl MoveRules for Barricade {
    fn game_kind(&self) -> GameKind {
        GameKind::Barricade
    }

    fn seat_list(&self, state: &State) -> Vec<String> {
        PositionView::seats(state)
    }

    fn next(&self, state: &State) -> Next {
        let _ = state;
        unimplemented!("next")
    }

    fn legal_moves(
        &self,
        state: &State,
        seat: &str,
        roll: Option<Roll>,
        number: u32,
    ) -> Result<Vec<Move>, ReplayError> {
        self.legal_moves_with(state, seat, roll, number, &NoHooks)
    }

    fn position_tag(&self, state: &State) -> String {
        let _ = state;
        unimplemented!("position_tag")
    }

    fn view(&self, state: &State) -> crate::view::PositionView {
        View::view(state)
    }

    fn hook_view<'s>(&self, state: &'s State) -> &'s dyn PositionView {
        state
    }
}

impl Barricade {
    /// Every legal move of `seat` with `roll` under `hooks`.
    pub(crate) fn legal_moves_with<H: Hooks>(
        &self,
        state: &State,
        seat: &str,
        roll: Option<Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<Move>, ReplayError> {
        let _ = (state, seat, roll, number, hooks);
        unimplemented!("legal_moves_with")
    }
}
