//! Simulated Aggravation games replay valid in every setup, and single
//! mutations of them are rejected with the right kind of error.
#![allow(clippy::unwrap_used)]

use billes_core::aggravation::{board::Class, Aggravation};
use billes_core::game::GameRules;
use billes_core::variant::NoHooks;
use billes_core::{replay_with, ErrorKind, Rng, SimOptions};
use billes_notation::{Action, Game};

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

/// Games per setup: 1,000; in an unoptimised build `AGGRAVATION_GAMES` may
/// ask for another number.
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
            let game = rules.simulate(&options, &mut rng, &NoHooks).unwrap();
            let summary = replay_with(&rules, &game, &mut |_| {})
                .unwrap_or_else(|e| panic!("{name} game {i}: {e:?}"));
            turns += summary.turns as u64;
            if summary.winners.is_none() {
                unfinished += 1;
            }
        }
        eprintln!(
            "{name}: {} turns per game, {unfinished} unfinished",
            turns / games()
        );
        assert!(
            unfinished * 100 <= games(),
            "{name}: {unfinished} games unfinished"
        );
    }
}

/// Replays `game` and returns the error kind, if any.
fn replay_kind(rules: &Aggravation, game: &Game) -> Option<ErrorKind> {
    replay_with(rules, game, &mut |_| {}).err().map(|e| e.kind)
}

/// Indices of main-line turns matching `f`.
fn turns_where(game: &Game, f: impl Fn(&billes_notation::Turn) -> bool) -> Vec<usize> {
    (0..game.line.turns.len())
        .filter(|&i| f(&game.line.turns[i]))
        .collect()
}

fn pick(rng: &mut Rng, v: &[usize]) -> Option<usize> {
    (!v.is_empty()).then(|| v[rng.below(v.len())])
}

fn is_move(t: &billes_notation::Turn) -> bool {
    matches!(t.actions[0], Action::Move { .. })
}

#[test]
fn single_mutations_are_rejected_with_the_right_kind() {
    let rules = Aggravation::default();
    let board = rules.board();
    let per_setup = if cfg!(debug_assertions) { 100 } else { 1000 };
    for (name, options) in setups() {
        let mut rng = Rng::new(11);
        let mut checked = [0u32; 6];
        for g in 0..per_setup {
            let game = rules.simulate(&options, &mut rng, &NoHooks).unwrap();
            let fail = |what: &str, got: Option<ErrorKind>, want: ErrorKind, i: usize| {
                assert_eq!(got, Some(want), "{name} game {g}: {what} at turn {}", i + 1);
            };
            // A changed roll: the move no longer fits it.
            if let Some(i) = pick(&mut rng, &turns_where(&game, is_move)) {
                let mut m = game.clone();
                let roll = m.line.turns[i].head.roll.unwrap();
                let other = if roll == 1 { 2 } else { roll - 1 };
                if roll != 6 {
                    m.line.turns[i].head.roll = Some(other);
                    fail(
                        "changed roll",
                        replay_kind(&rules, &m),
                        ErrorKind::IllegalMove,
                        i,
                    );
                    checked[0] += 1;
                }
                let mut m = game.clone();
                m.line.turns[i].head.roll = Some(7);
                fail("roll 7", replay_kind(&rules, &m), ErrorKind::Roll, i);
            }
            // A changed landing hole: one hole further along the loop, from a
            // hole that is neither a star hole nor the centre (no other route).
            let plain = turns_where(&game, |t| match &t.actions[0] {
                Action::Move { path, .. } => {
                    let from = board.hole(&path[0]).unwrap();
                    let to = board.hole(&path[path.len() - 1]).unwrap();
                    path.len() == 2
                        && !board.is_star(from)
                        && from != board.centre
                        && board.class(to) == Class::Loop
                }
                _ => false,
            });
            if let Some(i) = pick(&mut rng, &plain) {
                let mut m = game.clone();
                if let Action::Move { path, .. } = &mut m.line.turns[i].actions[0] {
                    let to = board.hole(&path[1]).unwrap();
                    path[1] = *board.name(board.loop_ahead(to, 1));
                }
                fail(
                    "changed hole",
                    replay_kind(&rules, &m),
                    ErrorKind::IllegalMove,
                    i,
                );
                checked[1] += 1;
            }
            // A changed seat.
            if let Some(i) = pick(&mut rng, &(1..game.line.turns.len()).collect::<Vec<_>>()) {
                let mut m = game.clone();
                let seats: Vec<String> = game
                    .tag("Seats")
                    .unwrap()
                    .split_whitespace()
                    .map(String::from)
                    .collect();
                let head = &mut m.line.turns[i].head;
                let k = seats.iter().position(|s| *s == head.seat).unwrap();
                head.seat = seats[(k + 1) % seats.len()].as_str().into();
                fail("changed seat", replay_kind(&rules, &m), ErrorKind::Seat, i);
                checked[2] += 1;
            }
            // A dropped pass (the turn left out, the rest renumbered).
            let passes = turns_where(&game, |t| {
                matches!(t.actions[0], Action::Pass { .. }) && t.head.roll != Some(6)
            });
            if let Some(i) = pick(&mut rng, &passes) {
                // The first turn only says who starts: dropping it is no mistake.
                if i > 0
                    && i + 1 < game.line.turns.len()
                    && game.line.turns[i + 1].head.seat != game.line.turns[i].head.seat
                {
                    let mut m = game.clone();
                    m.line.turns.remove(i);
                    for (k, t) in m.line.turns.iter_mut().enumerate() {
                        t.number = k as u32 + 1;
                    }
                    fail("dropped pass", replay_kind(&rules, &m), ErrorKind::Seat, i);
                    checked[3] += 1;
                }
            }
            // A pass written where a move exists.
            if let Some(i) = pick(&mut rng, &turns_where(&game, is_move)) {
                let mut m = game.clone();
                m.line.turns[i].actions[0] = Action::Pass {
                    span: Default::default(),
                };
                fail(
                    "false pass",
                    replay_kind(&rules, &m),
                    ErrorKind::FalsePass,
                    i,
                );
                checked[4] += 1;
            }
            // A false capture mark.
            let quiet = turns_where(&game, |t| match &t.actions[0] {
                Action::Move { capture, .. } | Action::Place { capture, .. } => capture.is_none(),
                _ => false,
            });
            if let Some(i) = pick(&mut rng, &quiet) {
                let mut m = game.clone();
                match &mut m.line.turns[i].actions[0] {
                    Action::Move { capture, .. } | Action::Place { capture, .. } => {
                        *capture = Some(billes_notation::Capture::default())
                    }
                    _ => unreachable!(),
                }
                fail(
                    "false capture",
                    replay_kind(&rules, &m),
                    ErrorKind::Effect,
                    i,
                );
                checked[5] += 1;
            }
        }
        assert!(checked.iter().all(|&n| n > 0), "{name}: {checked:?}");
    }
}
