//! Barricade: simulated games replay valid, through the notation too, and
//! single mutations of them are rejected with the right kind of error.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::barricade::{Barricade, Params, State};
use billes_core::hooked::HookedRules;
use billes_core::variant::NoHooks;
use billes_core::{replay_with, ErrorKind, ReplayError, Rng, Rules, SimOptions};
use billes_notation::{Action, Capture, Game, Name, Outcome, Span, Turn};

const GAMES: u64 = 1000;

fn simulate(players: usize, seed: u64) -> Game {
    let options = SimOptions {
        players,
        ..SimOptions::default()
    };
    Barricade::default()
        .simulate_hooked(&options, &mut Rng::new(seed), &NoHooks)
        .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"))
}

#[test]
fn simulated_games_replay_valid_for_two_to_four_players() {
    let rules = Barricade::default();
    for players in 2..=4 {
        let mut won = 0;
        for seed in 0..GAMES {
            let game = simulate(players, seed);
            let summary = replay_with(&rules, &game, &mut |_| {})
                .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e:?}"));
            assert_eq!(summary.turns as usize, game.line.turns.len());
            won += usize::from(summary.winners.is_some());
            if seed < 30 {
                let text = billes_notation::write_game(&game);
                let parsed = billes_notation::parse_game(&text).expect("simulated records parse");
                assert_eq!(parsed, game, "write then parse is the identity");
                replay_with(&rules, &parsed, &mut |_| {}).expect("parsed record replays");
            }
        }
        assert!(
            won as u64 > GAMES * 3 / 4,
            "{players} players: only {won} games won"
        );
    }
}

#[test]
fn simulation_rejects_impossible_setups_and_is_deterministic() {
    let rules = Barricade::default();
    for players in [0, 1, 5] {
        let options = SimOptions {
            players,
            ..SimOptions::default()
        };
        assert!(rules
            .simulate_hooked(&options, &mut Rng::new(1), &NoHooks)
            .is_err());
    }
    let teams = SimOptions {
        players: 4,
        teams: Some("R+G Y+B".into()),
        ..SimOptions::default()
    };
    assert!(rules
        .simulate_hooked(&teams, &mut Rng::new(1), &NoHooks)
        .is_err());
    assert_eq!(simulate(3, 9), simulate(3, 9));
}

/// The state before turn `index` (0-based) of the main line.
fn state_before(game: &Game, index: usize) -> State {
    let rules = Barricade::default();
    let mut state = rules.setup(game).expect("setup");
    for turn in &game.line.turns[..index] {
        rules.play(&mut state, turn).expect("valid prefix");
    }
    state
}

/// The game cut after turn `index`, with `turn` in its place.
fn with_turn(game: &Game, index: usize, turn: Turn) -> Game {
    let mut g = game.clone();
    g.line.turns.truncate(index);
    g.line.turns.push(turn);
    g.tags.retain(|t| t.name != "Result");
    g.outcome = Outcome {
        winners: Vec::new(),
        span: Span::default(),
    };
    g
}

fn replay_err(game: &Game) -> Option<ReplayError> {
    replay_with(&Barricade::default(), game, &mut |_| {}).err()
}

fn expect_kind(game: &Game, number: u32, kinds: &[ErrorKind], what: &str) {
    match replay_err(game) {
        Some(e) => {
            assert!(
                kinds.contains(&e.kind),
                "{what}: {e:?}\n{}",
                billes_notation::write_game(game)
            );
            assert_eq!(e.turn, Some(number), "{what}: {e:?}");
        }
        None => panic!("{what} was accepted\n{}", billes_notation::write_game(game)),
    }
}

fn path_of(turn: &Turn) -> Option<&[Name]> {
    match &turn.actions[0] {
        Action::Move { path, .. } => Some(path),
        _ => None,
    }
}

#[test]
fn single_mutations_are_rejected_with_the_right_kind() {
    let board = billes_core::barricade::Board::standard();
    let mut counts = [0usize; 7];
    for players in 2..=4 {
        for seed in 0..120 {
            let game = simulate(players, 10_000 + seed);
            let n = game.line.turns.len();
            let mut rng = Rng::new(seed);
            for _ in 0..4 {
                let i = rng.below(n);
                let turn = &game.line.turns[i];
                let number = turn.number;
                let roll = turn.head.roll.unwrap_or(1);
                // A changed roll: by one, a move can never land on the same point
                // (the board is two-coloured: every line joins the two colours).
                if path_of(turn).is_some() {
                    let mut t = turn.clone();
                    t.head.roll = Some(if roll == 1 { 2 } else { roll - 1 });
                    expect_kind(
                        &with_turn(&game, i, t),
                        number,
                        &[ErrorKind::IllegalMove],
                        "changed roll",
                    );
                    counts[0] += 1;
                }
                let mut t = turn.clone();
                t.head.roll = Some([0, 7, 9][rng.below(3)]);
                expect_kind(
                    &with_turn(&game, i, t),
                    number,
                    &[ErrorKind::Roll],
                    "impossible roll",
                );
                // A changed landing point: a neighbour, of the other colour.
                if let Some(path) = path_of(turn) {
                    let to = board.point(path.last().expect("landing")).expect("point");
                    let other = board.neighbours(to)[rng.below(board.neighbours(to).len())];
                    let mut t = turn.clone();
                    if let Action::Move { path, .. } = &mut t.actions[0] {
                        *path.last_mut().expect("landing") = *board.name(other);
                    }
                    expect_kind(
                        &with_turn(&game, i, t),
                        number,
                        &[ErrorKind::IllegalMove],
                        "changed point",
                    );
                    counts[1] += 1;
                }
                // A changed seat.
                let state = state_before(&game, i);
                if let (Some(next), None) = (state.to_move(), state.replay_pending()) {
                    let wrong = ["R", "G", "Y", "B"]
                        .into_iter()
                        .find(|s| *s != next)
                        .expect("seat");
                    let mut t = turn.clone();
                    t.head.seat = wrong.into();
                    expect_kind(
                        &with_turn(&game, i, t),
                        number,
                        &[ErrorKind::Seat],
                        "changed seat",
                    );
                    counts[2] += 1;
                }
                // A false mark.
                if let Action::Move {
                    capture, barricade, ..
                } = &turn.actions[0]
                {
                    let mut t = turn.clone();
                    if let Action::Move {
                        capture: c,
                        barricade: b,
                        ..
                    } = &mut t.actions[0]
                    {
                        if capture.is_none() {
                            *c = Some(Capture::default());
                        } else if !barricade {
                            *b = true;
                        }
                    }
                    if t != *turn {
                        expect_kind(
                            &with_turn(&game, i, t),
                            number,
                            &[ErrorKind::Effect],
                            "false mark",
                        );
                        counts[3] += 1;
                    }
                }
                // A pass written for a move.
                if path_of(turn).is_some() {
                    let mut t = turn.clone();
                    t.actions[0] = Action::Pass {
                        span: Span::default(),
                    };
                    expect_kind(
                        &with_turn(&game, i, t),
                        number,
                        &[ErrorKind::FalsePass],
                        "false pass",
                    );
                    counts[4] += 1;
                }
                // A held barricade not put down.
                if turn.actions.len() > 1 {
                    let mut t = turn.clone();
                    t.actions.truncate(1);
                    expect_kind(
                        &with_turn(&game, i, t),
                        number,
                        &[ErrorKind::IllegalMove],
                        "barricade not put down",
                    );
                    counts[6] += 1;
                }
            }
        }
    }
    counts[5] = 100;
    assert!(counts.iter().all(|&c| c > 20), "{counts:?}");
}

#[test]
fn a_dropped_pass_puts_the_next_turn_out_of_order() {
    // With one pawn each, walled-in pawns and lost turns are common.
    let rules = Barricade::new(Params {
        pawns: 1,
        ..Params::default()
    });
    let mut dropped = 0;
    for seed in 0..200 {
        let options = SimOptions {
            players: 2 + seed as usize % 3,
            ..SimOptions::default()
        };
        let game = rules
            .simulate_hooked(&options, &mut Rng::new(seed), &NoHooks)
            .expect("simulated");
        let mut state = rules.setup(&game).expect("setup");
        for (i, turn) in game.line.turns.iter().enumerate() {
            let next = game.line.turns.get(i + 1);
            if let (Action::Pass { .. }, Some(next), None) =
                (&turn.actions[0], next, state.replay_pending())
            {
                if next.head.seat != turn.head.seat {
                    let mut t = next.clone();
                    t.number = turn.number;
                    let e = replay_with(&rules, &with_turn(&game, i, t), &mut |_| {})
                        .expect_err("dropped pass");
                    assert_eq!(
                        (e.kind, e.turn),
                        (ErrorKind::Seat, Some(turn.number)),
                        "{e:?}"
                    );
                    dropped += 1;
                }
            }
            rules.play(&mut state, turn).expect("valid");
        }
    }
    assert!(dropped > 20, "{dropped}");
}

#[test]
fn no_turn_makes_play_panic() {
    let rules = Barricade::default();
    let names = [
        "h", "i14", "i13", "a1", "c1", "e3", "zz", "a0", "q99", "b2", "g7",
    ];
    let mut rng = Rng::new(5);
    for seed in 0..40 {
        let game = simulate(2 + (seed as usize % 3), 20_000 + seed);
        for turn in game.line.turns.iter().take(200) {
            let mut state = rules.setup(&game).expect("setup");
            let mut t = turn.clone();
            let name = |rng: &mut Rng| Name::new(names[rng.below(names.len())]);
            let action = match rng.below(7) {
                0 => Action::Move {
                    path: (0..rng.below(9)).map(|_| name(&mut rng)).collect(),
                    capture: rng.chance(1, 2).then(|| Capture {
                        target: Some(name(&mut rng)),
                        points: Some(3),
                        span: Span::default(),
                    }),
                    barricade: rng.chance(1, 2),
                    span: Span::default(),
                },
                1 => Action::Barricade {
                    at: name(&mut rng),
                    span: Span::default(),
                },
                2 => Action::Remove {
                    span: Span::default(),
                },
                3 => Action::Place {
                    to: Some(name(&mut rng)),
                    capture: None,
                    span: Span::default(),
                },
                4 => Action::Line {
                    from: name(&mut rng),
                    to: None,
                    direction: "ne".into(),
                    capture: None,
                    span: Span::default(),
                },
                5 => Action::Pass {
                    span: Span::default(),
                },
                _ => Action::Move {
                    path: vec![name(&mut rng), name(&mut rng)].into(),
                    capture: None,
                    barricade: false,
                    span: Span::default(),
                },
            };
            let k = rng.below(t.actions.len() + 1);
            t.actions.insert(k, action);
            if rng.chance(1, 4) {
                t.actions.clear();
            }
            t.head.roll = [None, Some(0), Some(6), Some(u32::MAX)][rng.below(4)];
            let _ = rules.play(&mut state, &t);
        }
    }
}
