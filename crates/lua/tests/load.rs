//! A verdict does not depend on how busy the machine is: the legal moves
//! of 1,000 positions under shipped hooked variants, and the verdicts of
//! the games they come from, are the same with a busy-loop thread on every
//! core as on an idle machine. So are the verdicts of a variant whose hook
//! spends its whole budget at some turns: the budget is counted, not timed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::atomic::{AtomicBool, Ordering};

use billes_core::game::Roll;
use billes_core::{Engine, Rng, SimOptions};
use billes_lua::{Variant, VariantSource};
use billes_notation::Game;

/// Positions whose lists are compared, per variant.
const POSITIONS: usize = 1000;

/// Games of `variant`, simulated from a fixed seed, enough for
/// [`POSITIONS`] positions; every third has a wrong roll at its fifth turn
/// (an invalid record, to compare its verdict too).
fn games(variant: &Variant, seed: u64) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let options = SimOptions {
        players: 4,
        max_turns: 200,
        ..SimOptions::default()
    };
    let (mut games, mut turns) = (Vec::new(), 0);
    while turns < POSITIONS {
        let mut game = variant.simulate(&options, &mut rng).unwrap();
        match game.line.turns.get_mut(4) {
            Some(turn) if games.len() % 3 == 2 => {
                turn.head.roll = Some(if turn.head.roll == Some(6) { 5 } else { 6 });
            }
            _ => turns += game.line.turns.len(),
        }
        games.push(game);
    }
    games
}

/// Each game's verdict, then the legal moves of every roll in each
/// position of the valid games, up to [`POSITIONS`] positions, as text.
fn answers(variant: &Variant, games: &[Game]) -> Vec<String> {
    let mut out = Vec::new();
    let mut positions = 0;
    for game in games {
        let verdict = variant.validate(game);
        out.push(format!("{:?}", verdict.as_ref().map(|s| s.turns)));
        if let Err(e) = &verdict {
            out.push(format!("{:?} {}", e.kind, e.message));
            continue;
        }
        let mut pos = variant.start(game).unwrap();
        for turn in &game.line.turns {
            if positions == POSITIONS {
                break;
            }
            positions += 1;
            for roll in 1..=6 {
                let list = pos.legal_moves(Roll::new(roll));
                out.push(match list {
                    Ok(moves) => moves
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                    Err(e) => format!("error: {e}"),
                });
            }
            pos.play_turn(turn).unwrap();
        }
    }
    assert_eq!(positions, POSITIONS, "enough positions");
    out
}

/// Runs `work` with a busy-loop thread on every core, stopped when it is
/// done (even if it panics).
fn with_every_core_busy<T>(work: impl FnOnce() -> T) -> T {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let stop = AtomicBool::new(false);
    struct Stop<'a>(&'a AtomicBool);
    impl Drop for Stop<'_> {
        fn drop(&mut self) {
            self.0.store(true, Ordering::Relaxed);
        }
    }
    std::thread::scope(|s| {
        for _ in 0..cores {
            s.spawn(|| {
                let mut x = 1u64;
                while !stop.load(Ordering::Relaxed) {
                    for _ in 0..10_000 {
                        x = std::hint::black_box(
                            x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1),
                        );
                    }
                }
            });
        }
        let _stop = Stop(&stop);
        work()
    })
}

#[test]
fn the_lists_and_verdicts_of_shipped_variants_do_not_depend_on_the_load() {
    for (name, seed) in [("bounce-home", 7), ("jump-barricade", 11)] {
        let variant = Variant::load(&VariantSource::shipped(name).unwrap()).unwrap();
        assert!(!variant.hooks().is_empty(), "{name} has hooks");
        let games = games(&variant, seed);
        let idle = answers(&variant, &games);
        let busy = with_every_core_busy(|| answers(&variant, &games));
        assert_eq!(idle.len(), busy.len(), "{name}");
        for (i, (a, b)) in idle.iter().zip(&busy).enumerate() {
            assert_eq!(a, b, "{name}: answer {i} differs under load");
        }
    }
}

#[test]
fn a_hook_that_spends_its_budget_gets_the_same_verdicts_under_load() {
    // At every seventh turn the hook sorts and joins until its budget is
    // spent: each such turn is a `variant` error at the same line.
    let variant = Variant::load(&VariantSource::from_text(
        "rules/spender.lua",
        "return { name = 'spender', game = 'aggravation', hooks = { allow = function(move)\n\
           if move.turn % 7 == 0 then\n\
             local t = {} for i = 1, 5000 do t[i] = (i * 7919) % 5003 end\n\
             while true do table.sort(t) local s = table.concat(t, ',') end\n\
           end\n\
           return true\n\
         end } }",
    ))
    .unwrap();
    let mut rng = Rng::new(3);
    let options = SimOptions {
        players: 2,
        max_turns: 10,
        ..SimOptions::default()
    };
    let games: Vec<Game> = (0..4)
        .map(|_| billes_core::simulate(variant.game(), &options, &mut rng).unwrap())
        .collect();
    let verdicts = |games: &[Game]| -> Vec<String> {
        games
            .iter()
            .map(|g| match variant.validate(g) {
                Ok(s) => format!("valid {}", s.turns),
                Err(e) => format!("{:?} {:?} {}", e.kind, e.turn, e.message),
            })
            .collect()
    };
    let idle = verdicts(&games);
    assert!(
        idle.iter()
            .any(|v| v.contains("rules/spender.lua:4: instruction budget exceeded")),
        "{idle:?}"
    );
    assert_eq!(idle, with_every_core_busy(|| verdicts(&games)));
}
