//! The `offboard` game (work in progress: rules land with its own change).

use billes_notation::{Game, Turn};

use crate::{ErrorKind, ReplayError, Rng, Rules, SimOptions, TextBoard};

/// The rules of Offboard, with their parameters.
#[derive(Debug, Clone, Default)]
pub struct Offboard {}

/// A Offboard position.
#[derive(Debug, Clone)]
pub struct State {}

impl TextBoard for State {
    fn text_board(&self) -> String {
        String::new()
    }
}

impl Rules for Offboard {
    type State = State;

    fn setup(&self, game: &Game) -> Result<State, ReplayError> {
        Err(ReplayError::new(
            ErrorKind::Tag,
            game.span,
            "offboard is not supported yet",
        ))
    }

    fn play(&self, _state: &mut State, turn: &Turn) -> Result<(), ReplayError> {
        Err(ReplayError::new(
            ErrorKind::IllegalMove,
            turn.span,
            "offboard is not supported yet",
        ))
    }

    fn winners(&self, _state: &State) -> Option<Vec<String>> {
        None
    }
}

impl Offboard {
    /// Plays one random legal game.
    ///
    /// # Errors
    /// When the options describe no playable game.
    pub fn simulate(&self, _options: &SimOptions, _rng: &mut Rng) -> Result<Game, String> {
        Err("offboard is not supported yet".into())
    }
}
