//! The rules every game keeps (`billes_game::conformance`), on each
//! shipped race game, with two players and with four.

use billes_game::conformance::{assert_conforms, Kit};
use billes_game::SimOptions;
use billes_race::{table, Race};

#[test]
fn every_shipped_race_game_keeps_the_rules_every_game_keeps() {
    let kinds = table::kinds();
    assert!(kinds.len() >= 3, "the shipped games load: {kinds:?}");
    for kind in kinds {
        let rules = Race::named(kind.name()).expect("loaded");
        for players in [2, 4] {
            let kit = Kit {
                sim: SimOptions {
                    players,
                    max_turns: 400,
                    ..SimOptions::default()
                },
                // A game of two dice lists one complete turn for each
                // position a roll reaches; its parts may be written in
                // any order that plays.
                by_position: rules.two_dice(),
                ..Kit::default()
            };
            assert_conforms(&rules, &kit);
        }
    }
}
