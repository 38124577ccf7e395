//! The views of a record's positions, under any rules.

use billes_notation::Game;

use crate::view::{View, ViewStep};
use crate::{replay_with, Flow, ReplayError, Rules, Summary};

/// Replays `game` under `rules` like `billes_core::replay_views`: each view is the
/// state's [`View`] (what [`super::MoveRules::view`] gives), the one the
/// viewer and `billes render` draw, under any rules whose state has one, a
/// game's outside the registry too.
///
/// # Errors
/// The first mistake in the record; the observer has seen every position
/// before it.
pub fn replay_views_with<R, F>(
    rules: &R,
    game: &Game,
    observe: &mut dyn FnMut(&ViewStep<'_>) -> F,
) -> Result<Summary, ReplayError>
where
    R: Rules,
    R::State: View,
    F: Flow,
{
    let start = rules.setup(game)?;
    let flow = observe(&ViewStep {
        index: 0,
        turn: None,
        view: start.view().with_winners(rules.winners(&start)),
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
            view: step.state.view().with_winners(rules.winners(step.state)),
        })
        .flow()
    })
}
