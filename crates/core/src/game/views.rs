//! The views of a record's positions, under any rules.

use billes_notation::Game;

use super::MoveRules;
use crate::view::ViewStep;
use crate::{replay_with, Flow, ReplayError, Summary};

/// Replays `game` under `rules` like [`crate::replay_views`]: each view is the
/// game API's ([`MoveRules::view`]), the one the viewer and `billes render`
/// draw.
///
/// # Errors
/// The first mistake in the record; the observer has seen every position
/// before it.
pub fn replay_views_with<R: MoveRules, F: Flow>(
    rules: &R,
    game: &Game,
    observe: &mut dyn FnMut(&ViewStep<'_>) -> F,
) -> Result<Summary, ReplayError> {
    let start = rules.setup(game)?;
    let flow = observe(&ViewStep {
        index: 0,
        turn: None,
        view: rules.view(&start).with_winners(rules.winners(&start)),
    })
    .flow();
    if flow.is_break() {
        // Stopped at the start position: nothing of the record is checked.
        return Ok(Summary {
            turns: 0,
            variation_turns: 0,
            winners: rules.winners(&start),
            stopped: true,
        });
    }
    replay_with(rules, game, &mut |step| {
        observe(&ViewStep {
            index: step.index,
            turn: Some(step.turn),
            view: rules
                .view(step.state)
                .with_winners(rules.winners(step.state)),
        })
        .flow()
    })
}
