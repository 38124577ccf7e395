//! A game's rules with a house rule's [`Hooks`]: [`WithHooks`], usable
//! wherever the drivers take rules, and [`HookedRules`], the hooked
//! methods of [`GameRules`] under names of their own.
//!
//! [`WithHooks`] asks the game's own hooks inside its rules and the hooks
//! that change the game as a whole ([`crate::house`]) around them.

use billes_notation::{Game, Turn};

use crate::game::{GameRules, Move, MoveRules, Next, PlayError, Roll, TwoStep};
use crate::variant::{BoardRef, Hook, Hooks};
use crate::{Describe, ReplayError, Rng, Rules, SimOptions};

/// A game's rules with [`Hooks`], as programs that hold a game's rules
/// type call them: the methods of [`GameRules`] that take hooks, under
/// names of their own. Every game has it, from its [`GameRules`].
pub trait HookedRules: GameRules {
    /// [`GameRules::play`]: [`Rules::play`] with hooks.
    ///
    /// # Errors
    /// As [`Rules::play`]; a failing hook is an [`crate::ErrorKind::Variant`] error.
    fn play_hooked<H: Hooks>(
        &self,
        state: &mut Self::State,
        turn: &Turn,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        GameRules::play(self, state, turn, hooks)
    }

    /// [`GameRules::simulate`]: a random legal game under the rules and
    /// the hooks.
    ///
    /// # Errors
    /// When the options describe no game, or a hook fails.
    fn simulate_hooked<H: Hooks>(
        &self,
        options: &SimOptions,
        rng: &mut Rng,
        hooks: &H,
    ) -> Result<Game, crate::SimulateError> {
        GameRules::simulate(self, options, rng, hooks)
    }

    /// [`GameRules::legal_moves`]: every legal move of `seat` with `roll`
    /// under the hooks.
    ///
    /// # Errors
    /// When `seat` may not act, the roll does not fit the game, or a hook fails.
    fn legal_moves_hooked<H: Hooks>(
        &self,
        state: &Self::State,
        seat: billes_notation::Seat,
        roll: Option<Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<Move>, PlayError> {
        GameRules::legal_moves(self, state, seat, roll, number, hooks)
    }
}

impl<G: GameRules> HookedRules for G {}

/// A game's rules with hooks, usable wherever [`Rules`] are.
#[derive(Debug)]
pub struct WithHooks<'a, R, H> {
    rules: &'a R,
    hooks: &'a H,
}

impl<R, H> Clone for WithHooks<'_, R, H> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R, H> Copy for WithHooks<'_, R, H> {}

impl<'a, R: GameRules, H: Hooks> WithHooks<'a, R, H> {
    /// `rules` with `hooks`.
    pub fn new(rules: &'a R, hooks: &'a H) -> Self {
        WithHooks { rules, hooks }
    }
}

impl<R: GameRules, H: Hooks> Rules for WithHooks<'_, R, H> {
    type State = R::State;

    fn setup(&self, game: &Game) -> Result<Self::State, ReplayError> {
        self.rules.setup(game)
    }

    #[inline]
    fn play(&self, state: &mut Self::State, turn: &Turn) -> Result<(), ReplayError> {
        if crate::house::changes_game(self.hooks) {
            crate::house::play(self.rules, self.hooks, state, turn)
        } else {
            self.rules.play(state, turn, self.hooks)
        }
    }

    fn winners(&self, state: &Self::State) -> Option<Vec<billes_notation::Seat>> {
        self.rules.winners(state)
    }

    fn is_over(&self, state: &Self::State) -> bool {
        self.rules.is_over(state)
    }

    fn finish_order(&self, state: &Self::State) -> Vec<Vec<billes_notation::Seat>> {
        self.rules.finish_order(state)
    }

    fn text_board(&self, state: &Self::State) -> String {
        self.rules.text_board(state)
    }

    /// Briefs are played without hooks: only when there are none.
    fn plays_briefs(&self) -> bool {
        R::PLAYS_BRIEFS && !self.hooks.active() && !crate::house::changes_game(self.hooks)
    }

    #[inline]
    fn play_brief(&self, state: &mut Self::State, brief: &billes_notation::Brief) -> bool {
        self.plays_briefs() && self.rules.play_brief(state, brief)
    }

    fn plays_pair_briefs(&self) -> bool {
        self.rules.plays_pair_briefs()
    }

    #[inline]
    fn play_pair_brief(&self, state: &mut Self::State, brief: &billes_notation::PairBrief) -> bool {
        self.plays_briefs() && self.rules.play_pair_brief(state, brief)
    }
}

impl<R: GameRules + MoveRules<State = <R as GameRules>::State>, H: Hooks> MoveRules
    for WithHooks<'_, R, H>
{
    fn game_kind(&self) -> crate::GameKind {
        self.rules.game_kind()
    }

    /// Plays the turn under the hooks; completes none (`complete_turn`
    /// is the game's without hooks: the caller lists the moves).
    fn play_completed_into(
        &self,
        state: &mut Self::State,
        turn: &Turn,
        _: &mut billes_game::game::Move,
    ) -> Result<bool, ReplayError> {
        self.play(state, turn).map(|()| false)
    }

    fn seat_list(&self, state: &Self::State) -> Vec<billes_notation::Seat> {
        self.rules.seat_list(state)
    }

    fn next(&self, state: &Self::State) -> Next {
        MoveRules::next(self.rules, state)
    }

    fn to_act(&self, state: &Self::State) -> Option<billes_notation::Seat> {
        MoveRules::to_act(self.rules, state)
    }

    fn legal_moves(
        &self,
        state: &Self::State,
        seat: billes_notation::Seat,
        roll: Option<Roll>,
        number: u32,
    ) -> Result<Vec<Move>, PlayError> {
        if self.hooks.calls(Hook::Moves) {
            let list = crate::house::listed(self.rules, self.hooks, state, seat, roll, number)
                .map_err(PlayError::from_replay)?;
            Ok(list.into_iter().map(|(m, _)| m).collect())
        } else {
            GameRules::legal_moves(self.rules, state, seat, roll, number, self.hooks)
        }
    }

    fn legal_two_steps(
        &self,
        state: &Self::State,
        seat: billes_notation::Seat,
        roll: Option<Roll>,
        number: u32,
    ) -> Result<Vec<TwoStep>, PlayError> {
        if self.hooks.calls(Hook::Moves) {
            // The moves hook changes the list: seen in two steps from it.
            let list = MoveRules::legal_moves(self, state, seat, roll, number)?;
            Ok(TwoStep::group(list))
        } else {
            GameRules::legal_two_steps(self.rules, state, seat, roll, number, self.hooks)
        }
    }

    fn position_tag(&self, state: &Self::State) -> String {
        MoveRules::position_tag(self.rules, state)
    }

    fn give_turn(&self, state: &mut Self::State, seat: billes_notation::Seat) -> bool {
        MoveRules::give_turn(self.rules, state, seat)
    }

    fn play_mended(&self, state: &mut Self::State, turn: &Turn) -> Option<String> {
        if crate::house::changes_game(self.hooks) {
            // The turn is matched against a list the hooks change.
            None
        } else {
            GameRules::play_mended(self.rules, state, turn, self.hooks)
        }
    }

    fn view(&self, state: &Self::State) -> crate::view::PositionView {
        MoveRules::view(self.rules, state)
    }

    fn hook_view<'s>(&self, state: &'s Self::State) -> BoardRef<'s> {
        self.rules.hook_view(state)
    }
}

impl<R: GameRules, H: Hooks> Describe for WithHooks<'_, R, H> {
    fn describe(&self, before: &Self::State, turn: &Turn, after: &Self::State) -> Vec<String> {
        GameRules::describe(self.rules, before, turn, after)
    }
}
