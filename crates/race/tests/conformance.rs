//! The rules every game keeps (`billes_game::conformance`), on each
//! shipped race game, with two players and with four.

mod common;

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

/// The kit of a game of two dice for `players` players, on each shipped
/// game of two dice; the two sizes are two tests, which run side by side.
fn two_dice_conform(players: usize) {
    let mut seen = 0;
    for kind in table::kinds() {
        let rules = Race::named(kind.name()).expect("loaded");
        if !rules.two_dice() {
            continue;
        }
        seen += 1;
        let kit = Kit {
            seeds: vec![1],
            sim: SimOptions {
                max_turns: 200,
                ..kit(players).sim
            },
            // One complete turn is listed for each position a roll
            // reaches; its parts may be written in any order that plays.
            by_position: true,
            // 36 rolls instead of 6: the moves not listed the kit could
            // try grow as their square, so it tries 16 a roll.
            max_unlisted: Some(16),
            perft_depth: 1,
            ..kit(players)
        };
        assert_conforms(&rules, &kit);
    }
    assert!(seen >= 1, "Parcheesi ships");
}

#[test]
fn every_shipped_race_game_of_two_dice_keeps_the_rules_every_game_keeps_with_two_players() {
    two_dice_conform(2);
}

#[test]
fn every_shipped_race_game_of_two_dice_keeps_the_rules_every_game_keeps_with_four_players() {
    two_dice_conform(4);
}

/// A turn completed without the list of moves (`complete_turn`, which
/// `export` asks first) is the listed move it names, marks and all: every
/// turn of simulated games of each shipped race game, its marks removed.
#[test]
fn a_completed_turn_is_a_listed_move() {
    use billes_game::game::{GameRules, Move};
    use billes_game::variant::NoHooks;

    for kind in table::kinds() {
        let rules = Race::named(kind.name()).expect("loaded");
        let (mut completed, mut turns) = (0, 0);
        for seed in [1, 2] {
            let game = common::simulated(&rules, 4, seed, 300);
            let mut state = rules.setup(&game).expect("set up");
            for turn in &game.line.turns {
                let bare = common::unmarked(turn);
                turns += 1;
                if let Some(m) = rules.complete_turn(&state, &bare) {
                    completed += 1;
                    let written = Move::from_turn(turn).expect("a move");
                    let listed = rules
                        .legal_moves(&state, turn.head.seat, written.roll, turn.number, &NoHooks)
                        .expect("listed");
                    // The simulated records are written with every mark.
                    assert_eq!(m.turn(), written.turn(), "{}", kind.name());
                    if !rules.two_dice() {
                        assert!(
                            listed.contains(&m),
                            "{}: {} not listed",
                            kind.name(),
                            m.turn()
                        );
                    }
                }
                rules.play(&mut state, turn, &NoHooks).expect("replays");
            }
        }
        assert!(
            completed * 2 > turns,
            "{}: {completed} of {turns} completed",
            kind.name()
        );
    }
}
