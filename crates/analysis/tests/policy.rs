//! The heuristic player beats the uniformly random player in every game
//! (a small sample with a loose bound; docs/analysis.md has the figures
//! over 2,000 games of each, from the `versus_random` example).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_analysis::{Heuristic, Policy, Uniform};
use billes_core::game::Roll;
use billes_core::{Engine, GameKind, Rng, Standard};

/// The share of `games` won by the heuristic player, seats swapped every
/// other game.
fn win_rate(kind: GameKind, seats: &str, games: u32) -> f64 {
    let rules = Standard::new(kind);
    let start = rules.position(&[("Seats", seats)]).unwrap();
    let order = start.seats();
    let heuristic = Heuristic::for_game(kind);
    let mut rng = Rng::new(99);
    let mut wins = 0;
    for g in 0..games {
        let players: [&dyn Policy; 2] = if g % 2 == 0 {
            [&heuristic, &Uniform]
        } else {
            [&Uniform, &heuristic]
        };
        let mut pos = start.boxed();
        while !pos.is_over() && pos.turns() < 3000 {
            let roll = if pos.next().dice {
                Roll::new(rng.die())
            } else {
                None
            };
            let moves = pos.legal_moves(roll).unwrap();
            let who = order
                .iter()
                .position(|s| *s == moves[0].seat.as_str())
                .unwrap();
            let i = players[who].choose(pos.as_ref(), &moves, &mut rng);
            pos.play(&moves[i]).unwrap();
        }
        let winner = pos.winners().and_then(|w| w.first().cloned());
        if winner.as_deref() == Some(order[(g % 2) as usize].as_str()) {
            wins += 1;
        }
    }
    f64::from(wins) / f64::from(games)
}

#[test]
fn the_heuristic_player_beats_the_random_player() {
    for (kind, seats) in [
        (billes_core::aggravation::KIND, "R G"),
        (billes_core::barricade::KIND, "R G"),
        (billes_core::offboard::KIND, "R B"),
    ] {
        let rate = win_rate(kind, seats, 30);
        assert!(rate >= 0.7, "{kind}: {rate}");
    }
}

/// Four heuristic players of Barricade finish their games: the player goes
/// by the distance to the goal along the board's lines, so no pawn climbs
/// into a dead end and waits there.
#[test]
fn four_heuristic_players_finish_barricade() {
    let rules = Standard::new(billes_core::barricade::KIND);
    let start = rules.position(&[("Seats", "R G Y B")]).unwrap();
    let policy = Heuristic::for_game(billes_core::barricade::KIND);
    let mut longest = 0;
    for g in 0..10u64 {
        let mut dice = Rng::new(g);
        let mut choices = Rng::new(g + 100);
        let mut pos = start.boxed();
        while !pos.is_over() && pos.turns() < 3000 {
            let moves = pos.legal_moves(Roll::new(dice.die())).unwrap();
            let i = policy.choose(pos.as_ref(), &moves, &mut choices);
            pos.play(&moves[i]).unwrap();
        }
        assert!(pos.is_over(), "game {g} unfinished after 3000 turns");
        longest = longest.max(pos.turns());
    }
    // Rows as the measure took thousands of turns.
    assert!(longest < 1500, "{longest} turns");
}

/// In Barricade the player chooses in two steps (the move, then where its
/// barricades go down: `Position::legal_two_steps`): the same move, with
/// the same draws of its generator, as its choice from the whole list, on
/// every position of heuristic games under the standard rules and the
/// shipped `malefiz` variant (barricades put down at once, a hook).
#[test]
fn the_two_step_choice_is_the_choice_from_the_whole_list() {
    let malefiz = billes_lua::VariantSource::shipped("malefiz").expect("shipped");
    let malefiz = billes_lua::Variant::load(&malefiz).expect("loads");
    let standard = Standard::new(billes_core::barricade::KIND);
    let engines: [(&str, &dyn Engine); 2] = [("standard", &standard), ("malefiz", &malefiz)];
    let policy = Heuristic::for_game(billes_core::barricade::KIND);
    let mut put_downs = 0;
    for (name, engine) in engines {
        for (g, seats) in ["R G", "R G Y B"].into_iter().enumerate() {
            let start = engine.position(&[("Seats", seats)]).unwrap();
            let mut dice = Rng::new(g as u64 + 7);
            let mut choices = Rng::new(g as u64 + 70);
            let mut pos = start.boxed();
            while !pos.is_over() && pos.turns() < 400 {
                let roll = Roll::new(dice.die());
                let moves = pos.legal_moves(roll).unwrap();
                let mut whole = choices.clone();
                let i = policy.choose(pos.as_ref(), &moves, &mut whole);
                let picked = policy.pick(pos.as_ref(), roll, &mut choices).unwrap();
                let what = format!("{name}, {seats}: {}", pos.position_tag());
                assert_eq!(picked.as_ref(), Some(&moves[i]), "{what}");
                assert_eq!(whole.next_u64(), choices.clone().next_u64(), "{what}");
                if moves.len() > 20 {
                    put_downs += 1;
                }
                pos.play(&moves[i]).unwrap();
            }
        }
    }
    assert!(
        put_downs > 20,
        "{put_downs} turns with barricades to put down"
    );
}
