//! The `barricade` game (work in progress: rules land with its own change).

use billes_notation::{Game, Turn};

use crate::{ErrorKind, ReplayError, Rng, Rules, SimOptions, TextBoard};

/// The rules of Barricade, with their parameters.
#[derive(Debug, Clone, Default)]
pub struct Barricade {}

/// A Barricade position.
#[derive(Debug, Clone)]
pub struct State {}

impl TextBoard for State {
    fn text_board(&self) -> String {
        String::new()
    }
}

impl Rules for Barricade {
    type State = State;

    fn setup(&self, game: &Game) -> Result<State, ReplayError> {
        Err(ReplayError::new(
            ErrorKind::Tag,
            game.span,
            "barricade is not supported yet",
        ))
    }

    fn play(&self, _state: &mut State, turn: &Turn) -> Result<(), ReplayError> {
        Err(ReplayError::new(
            ErrorKind::IllegalMove,
            turn.span,
            "barricade is not supported yet",
        ))
    }

    fn winners(&self, _state: &State) -> Option<Vec<String>> {
        None
    }
}

impl Barricade {
    /// Plays one random legal game.
    ///
    /// # Errors
    /// When the options describe no playable game.
    pub fn simulate(&self, _options: &SimOptions, _rng: &mut Rng) -> Result<Game, String> {
        Err("barricade is not supported yet".into())
    }
}
