//! The rules every game keeps (`billes_game::conformance`), on each
//! shipped race game, with two players and with four.

use billes_game::conformance::{assert_conforms, Kit};
use billes_game::SimOptions;
use billes_race::{table, Race};

/// The kit for `players` players.
fn kit(players: usize) -> Kit {
    Kit {
        sim: SimOptions {
            players,
            max_turns: 400,
            ..SimOptions::default()
        },
        ..Kit::default()
    }
}

#[test]
fn every_shipped_race_game_of_one_die_keeps_the_rules_every_game_keeps() {
    let kinds = table::kinds();
    assert!(kinds.len() >= 3, "the shipped games load: {kinds:?}");
    for kind in kinds {
        let rules = Race::named(kind.name()).expect("loaded");
        if rules.two_dice() {
            continue;
        }
        for players in [2, 4] {
            assert_conforms(&rules, &kit(players));
        }
    }
}

#[test]
fn every_shipped_race_game_of_two_dice_keeps_the_rules_every_game_keeps() {
    let mut seen = 0;
    for kind in table::kinds() {
        let rules = Race::named(kind.name()).expect("loaded");
        if !rules.two_dice() {
            continue;
        }
        seen += 1;
        for players in [2, 4] {
            let kit = Kit {
                seeds: vec![1],
                sim: SimOptions {
                    max_turns: 200,
                    ..kit(players).sim
                },
                // One complete turn is listed for each position a roll
                // reaches; its parts may be written in any order that
                // plays.
                by_position: true,
                // 36 rolls instead of 6: the moves not listed the kit
                // could try grow as their square, so it tries 16 a roll.
                max_unlisted: Some(16),
                perft_depth: 1,
                ..kit(players)
            };
            assert_conforms(&rules, &kit);
        }
    }
    assert!(seen >= 1, "Parcheesi ships");
}
