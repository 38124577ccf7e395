//! The description of a record (`describe_with`) through the games.

use billes_core::{describe, simulate, Rng, SimOptions};

#[test]
fn variations_are_described_from_their_own_position() {
    let record = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 + (1. R1 + (1. R3 --))\n2. R3 r9-r12\n*\n";
    let game = billes_notation::parse_game(record).unwrap();
    let turns = describe(&game).unwrap();
    assert_eq!(turns.len(), 2);
    assert_eq!(turns[0].variations[0][0].phrases, ["marble entered"]);
    assert_eq!(
        turns[0].variations[0][0].variations[0][0].phrases,
        ["no legal move"]
    );
    assert_eq!(turns[1].phrases, ["moved 3 holes"]);
}

#[test]
fn an_invalid_record_is_not_described() {
    let record = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R3 +\n*\n";
    let game = billes_notation::parse_game(record).unwrap();
    assert!(describe(&game).is_err());
}

#[test]
fn every_turn_of_simulated_games_is_described() {
    for kind in billes_core::registry::all() {
        for seed in 0..20 {
            let players = if kind == billes_core::offboard::KIND {
                2
            } else {
                4
            };
            let options = SimOptions {
                players,
                max_turns: 400,
                ..SimOptions::default()
            };
            let game = simulate(kind, &options, &mut Rng::new(seed)).unwrap();
            let turns = describe(&game).unwrap();
            assert_eq!(turns.len(), game.line.turns.len());
            for (turn, d) in game.line.turns.iter().zip(&turns) {
                assert!(!d.phrases.is_empty(), "{kind} seed {seed}: {turn:?}");
            }
            if let Some(w) =
                billes_core::replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
                    .unwrap()
                    .winners
            {
                // The turn that won says so (the last turn, unless play
                // went on for the places after it).
                let winner = w.join("+");
                let said = turns
                    .iter()
                    .any(|t| t.phrases.last().is_some_and(|p| p.starts_with(&winner)));
                assert!(said, "{kind} seed {seed}: no turn says {winner} won");
            }
        }
    }
}
