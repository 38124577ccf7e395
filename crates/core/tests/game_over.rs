//! `Rules::is_over`, which the replay asks before every turn instead of
//! building the list of winners, agrees with `Rules::winners` in every
//! position of random games of each game, and a turn after the end is
//! refused with the winners named.

#![allow(clippy::unwrap_used)]

use billes_core::{replay_with, simulate, GameKind, Rng, Rules, SimOptions};

fn agrees<R: Rules>(rules: &R, kind: GameKind, players: usize) {
    let options = SimOptions {
        players,
        ..SimOptions::default()
    };
    let mut rng = Rng::new(11);
    let mut ended = 0;
    for _ in 0..20 {
        let game = simulate(kind, &options, &mut rng).unwrap();
        let mut last = None;
        replay_with(rules, &game, &mut |step| {
            assert_eq!(
                rules.is_over(step.state),
                rules.winners(step.state).is_some(),
                "{kind} turn {}",
                step.index
            );
            last = Some(rules.is_over(step.state));
        })
        .unwrap();
        ended += usize::from(last == Some(true));
    }
    assert!(ended > 0, "{kind}: no simulated game was won");
}

#[test]
fn is_over_agrees_with_winners() {
    agrees(
        &billes_core::aggravation::Aggravation::default(),
        GameKind::Aggravation,
        4,
    );
    agrees(
        &billes_core::barricade::Barricade::default(),
        GameKind::Barricade,
        4,
    );
    agrees(
        &billes_core::offboard::Offboard::default(),
        GameKind::Offboard,
        2,
    );
}

#[test]
fn a_turn_after_the_end_names_the_winners() {
    let mut rng = Rng::new(5);
    let options = SimOptions {
        players: 2,
        ..SimOptions::default()
    };
    let rules = billes_core::offboard::Offboard::default();
    let mut game = simulate(GameKind::Offboard, &options, &mut rng).unwrap();
    assert!(
        !game.outcome.winners.is_empty(),
        "the simulated game ends won"
    );
    let mut extra = game.line.turns[game.line.turns.len() - 2].clone();
    extra.number = game.line.turns.len() as u32 + 1;
    game.line.turns.push(extra);
    let e = replay_with(&rules, &game, &mut |_| {}).unwrap_err();
    assert_eq!(e.kind, billes_core::ErrorKind::AfterEnd);
    let winner = &game.outcome.winners[0];
    assert_eq!(e.message, format!("the game is over: {winner} won"));
}
