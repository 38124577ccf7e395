//! Simulated games replay valid; single mutations of them are rejected with
//! the right kind of error.

use billes_core::hooked::HookedRules;
use billes_core::offboard::Offboard;
use billes_core::variant::NoHooks;
use billes_core::{ErrorKind, Rng, SimOptions};
use billes_notation::{Action, Capture, Game, Span};

use super::support::{abalone, replay};

const GAMES: u64 = 1000;

fn options() -> SimOptions {
    SimOptions {
        max_turns: 400,
        ..SimOptions::default()
    }
}

fn games(rules: &Offboard, n: u64) -> Vec<Game> {
    (0..n)
        .map(|seed| {
            rules
                .simulate_hooked(&options(), &mut Rng::new(seed), &NoHooks)
                .unwrap()
        })
        .collect()
}

#[test]
fn a_thousand_simulated_games_replay_valid() {
    let rules = Offboard::default();
    let mut won = 0;
    let mut ejections = 0;
    let mut choices = [0; 2];
    for game in games(&rules, GAMES) {
        let summary =
            replay(&rules, &game).unwrap_or_else(|e| panic!("{}: {:?}", e.message, e.turn));
        assert_eq!(summary.turns as usize, game.line.turns.len());
        won += summary.winners.is_some() as u32;
        for turn in &game.line.turns {
            for a in &turn.actions {
                match a {
                    Action::Line {
                        capture: Some(_), ..
                    } => ejections += 1,
                    Action::Place { .. } => choices[0] += 1,
                    Action::Remove { .. } => choices[1] += 1,
                    _ => {}
                }
            }
        }
    }
    // The games reach every rule: wins, ejections, both choices.
    assert!(won > 100, "{won} games won");
    assert!(ejections > 1000, "{ejections} ejections");
    assert!(choices[0] > 10 && choices[1] > 10, "{choices:?}");
}

#[test]
fn simulated_abalone_games_replay_valid() {
    let rules = abalone();
    for game in games(&rules, 200) {
        replay(&rules, &game).unwrap_or_else(|e| panic!("{}: {:?}", e.message, e.turn));
    }
}

#[test]
fn simulate_needs_two_players_and_no_teams() {
    let rules = Offboard::default();
    let three = SimOptions {
        players: 3,
        ..SimOptions::default()
    };
    assert!(rules
        .simulate_hooked(&three, &mut Rng::new(0), &NoHooks)
        .is_err());
    let teams = SimOptions {
        teams: Some("R+B".into()),
        ..SimOptions::default()
    };
    assert!(rules
        .simulate_hooked(&teams, &mut Rng::new(0), &NoHooks)
        .is_err());
    let capped = SimOptions {
        max_turns: 10,
        ..SimOptions::default()
    };
    let game = rules
        .simulate_hooked(&capped, &mut Rng::new(0), &NoHooks)
        .unwrap();
    assert_eq!(game.line.turns.len(), 10);
    assert_eq!(game.outcome.token(), "*");
    assert_eq!(game.tag("Result"), Some("*"));
}

/// Mutates turn `i` of a copy of `game` and replays it.
fn mutated(
    rules: &Offboard,
    game: &Game,
    i: usize,
    f: impl FnOnce(&mut billes_notation::Turn),
) -> Option<(ErrorKind, u32)> {
    let mut game = game.clone();
    f(&mut game.line.turns[i]);
    replay(rules, &game)
        .err()
        .map(|e| (e.kind, e.turn.unwrap_or(0)))
}

#[test]
fn mutations_are_rejected_with_the_right_kind() {
    let rules = Offboard::default();
    let mut tried = [0u32; 6];
    for (seed, game) in games(&rules, 100).iter().enumerate() {
        let mut rng = Rng::new(seed as u64 + 1000);
        let n = game.line.turns.len();
        let i = rng.below(n);
        let number = i as u32 + 1;
        // A changed seat.
        let r = mutated(&rules, game, i, |t| {
            t.head.seat = if t.head.seat == "R" {
                "B".into()
            } else {
                "R".into()
            }
        });
        assert_eq!(r, Some((ErrorKind::Seat, number)));
        tried[0] += 1;
        // A roll written in a diceless game.
        let r = mutated(&rules, game, i, |t| t.head.roll = Some(3));
        assert_eq!(r, Some((ErrorKind::Roll, number)));
        tried[1] += 1;
        // A dropped turn: the next seat is wrong.
        if i + 1 < n {
            let mut g = game.clone();
            g.line.turns.remove(i);
            for (k, t) in g.line.turns.iter_mut().enumerate() {
                t.number = k as u32 + 1;
            }
            let e = replay(&rules, &g).unwrap_err();
            assert_eq!(
                (e.kind, e.turn),
                (ErrorKind::Seat, Some(number)),
                "{}",
                e.message
            );
            tried[2] += 1;
        }
        // A pass where a move exists.
        let last = game.line.turns[i].actions.len() - 1;
        if matches!(game.line.turns[i].actions[last], Action::Line { .. }) {
            let r = mutated(&rules, game, i, |t| {
                t.actions[last] = Action::Pass {
                    span: Span::default(),
                }
            });
            assert_eq!(r, Some((ErrorKind::FalsePass, number)));
            tried[3] += 1;
        }
        // A changed cell: the moving marble taken from an empty cell.
        if let Action::Line { .. } = game.line.turns[i].actions[last] {
            let empty = empty_cell_before(&rules, game, i);
            let r = mutated(&rules, game, i, |t| {
                if let Action::Line { from, .. } = &mut t.actions[last] {
                    *from = empty.into();
                }
            });
            assert_eq!(r.map(|r| r.0), Some(ErrorKind::IllegalMove));
            tried[4] += 1;
        }
        // A false ejection mark on a move that ejects nothing, and a wrong
        // score on one that does.
        for (k, turn) in game.line.turns.iter().enumerate() {
            let Some(Action::Line { capture, .. }) = turn.actions.last() else {
                continue;
            };
            let bad = match capture {
                None => Capture {
                    target: Some("t1".into()),
                    points: Some(1),
                    span: Span::default(),
                },
                Some(c) => Capture {
                    points: Some(c.points.unwrap_or(0) + 1),
                    ..*c
                },
            };
            let r = mutated(&rules, game, k, |t| {
                if let Some(Action::Line { capture, .. }) = t.actions.last_mut() {
                    *capture = Some(bad);
                }
            });
            assert_eq!(r, Some((ErrorKind::Effect, k as u32 + 1)));
            tried[5] += 1;
            if k > i {
                break;
            }
        }
    }
    assert!(tried.iter().all(|&n| n >= 50), "{tried:?}");
}

/// A cell that is empty before turn `i` of `game`.
fn empty_cell_before(rules: &Offboard, game: &Game, i: usize) -> String {
    let mut state = rules.start();
    let mut g = game.clone();
    g.line.turns.truncate(i);
    g.outcome.winners.clear();
    g.tags.retain(|t| t.name != "Result");
    billes_core::replay_with(rules, &g, &mut |step| state = *step.state).unwrap();
    let taken: Vec<&str> = state
        .marbles("R")
        .into_iter()
        .chain(state.marbles("B"))
        .collect();
    let b = billes_core::offboard::board();
    b.cells()
        .map(|c| b.cell_name(c))
        .find(|n| !taken.contains(n))
        .unwrap()
        .to_string()
}

#[test]
fn no_turn_makes_play_panic() {
    use billes_core::Rules;
    let rules = Offboard::default();
    let names = [
        "a1", "c3", "c5", "d8", "e5", "e9", "i9", "z9", "a0", "e10", "t4", "", "E5",
    ];
    let dirs = ["e", "w", "ne", "nw", "se", "sw", "n", ""];
    let seats = ["R", "B", "G"];
    let mut rng = Rng::new(99);
    for game in games(&rules, 40) {
        let mut state = rules.start();
        for turn in &game.line.turns {
            for _ in 0..20 {
                let mut t = turn.clone();
                t.head.seat = seats[rng.below(3)].into();
                t.head.roll = rng.chance(1, 8).then_some(rng.below(9) as u32);
                let n = 1 + rng.below(3);
                t.actions = (0..n)
                    .map(|_| {
                        let name = |rng: &mut Rng| names[rng.below(names.len())].into();
                        let capture = rng.chance(1, 3).then(|| Capture {
                            target: rng
                                .chance(1, 2)
                                .then(|| format!("t{}", rng.below(14)).into()),
                            points: rng.chance(1, 2).then(|| rng.below(5) as u32),
                            span: Span::default(),
                        });
                        match rng.below(6) {
                            0 => Action::Pass {
                                span: Span::default(),
                            },
                            1 => Action::Remove {
                                span: Span::default(),
                            },
                            2 => Action::Place {
                                to: rng.chance(3, 4).then(|| name(&mut rng)),
                                capture,
                                span: Span::default(),
                            },
                            3 => Action::Move {
                                path: vec![name(&mut rng), name(&mut rng)].into(),
                                capture,
                                barricade: false,
                                span: Span::default(),
                            },
                            _ => Action::Line {
                                from: name(&mut rng),
                                to: rng.chance(1, 2).then(|| name(&mut rng)),
                                direction: dirs[rng.below(dirs.len())].into(),
                                capture,
                                span: Span::default(),
                            },
                        }
                    })
                    .collect();
                let mut copy = state;
                let _ = rules.play(&mut copy, &t);
            }
            rules.play(&mut state, turn).unwrap();
        }
    }
}
