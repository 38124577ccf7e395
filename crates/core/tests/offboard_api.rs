//! Offboard through the game API: on every position of many simulated games
//! (the standard rules, the parameters of the shipped `abalone` and
//! `scoring-targets` variants, and hooks written in Rust), the list of legal
//! moves agrees with the checker, each move reads back from its text, the
//! `Position` tag gives the position back; and move counts ("perft") from
//! fixed positions, kept as data in tests/data/perft/offboard.txt.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::offboard::support;

use std::collections::BTreeSet;

use billes_core::game::{perft, GameRules, Move, MoveRules, Position, RulesPosition};
use billes_core::hooked::HookedRules;
use billes_core::hooked::WithHooks;
use billes_core::offboard::{board, Cell, Direction, Offboard, Params, State};
use billes_core::variant::{EjectionView, HookError, Hooks, MoveView, NoHooks, Verdict};
use billes_core::{Rng, SimOptions};
use billes_notation::{Action, Span, Turn};

use support::{abalone, record};

/// The parameters of the shipped `rules/scoring-targets.lua`.
fn scoring_targets() -> Offboard {
    Offboard::new(Params {
        targets: vec![3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1],
        winning_score: 10,
        ..Params::default()
    })
    .expect("valid parameters")
}

/// Hooks that forbid lines of four marbles or more and make every marble
/// pushed off score 2 (0 into a taken target).
struct FourAndTwo;

impl Hooks for FourAndTwo {
    fn allow(&self, mv: &MoveView<'_>) -> Result<Verdict, HookError> {
        Ok(match mv.number("marbles") {
            Some(n) if n >= 4 => Verdict::Forbid("lines of four stay".into()),
            _ => Verdict::Allow,
        })
    }

    fn score(&self, ejection: &EjectionView<'_>, _: u32) -> Result<u32, HookError> {
        Ok(if ejection.taken { 0 } else { 2 })
    }
}

/// What a turn does, marks aside: (`~` first, what follows).
type Key = (bool, What);

/// What a turn does after a `~`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum What {
    /// `+cell`.
    Place(String),
    /// A line: its two ends (in either order) and its direction.
    Line(String, String, String),
    /// `--`.
    Pass,
}

fn key(actions: &[Action]) -> Option<Key> {
    let (remove, rest) = match actions {
        [Action::Remove { .. }, rest @ ..] => (true, rest),
        rest => (false, rest),
    };
    let what = match rest {
        [Action::Place { to: Some(c), .. }] => What::Place(c.to_string()),
        [Action::Line {
            from,
            to,
            direction,
            ..
        }] => {
            let a = from.to_string();
            let b = to.as_ref().map_or_else(|| a.clone(), |t| t.to_string());
            let (a, b) = if a <= b { (a, b) } else { (b, a) };
            What::Line(a, b, direction.to_string())
        }
        [Action::Pass { .. }] => What::Pass,
        _ => return None,
    };
    Some((remove, what))
}

/// Every turn a writer might try here, marks left out: every line from
/// each own marble along each direction, of each length up to the limit
/// (until the line leaves the own marbles, and one more), moving in each
/// direction; `+cell` for every cell; `--`; and each preceded by `~` when a
/// marble is pending.
fn candidates(rules: &Offboard, state: &State, pending: bool) -> Vec<Vec<Action>> {
    let b = board();
    let own: Vec<Cell> = state
        .marbles(state.to_move())
        .iter()
        .map(|c| b.cell(c).expect("a cell"))
        .collect();
    let max = rules.params().max_line.unwrap_or(9).min(9);
    let span = Span::default();
    let line = |from: Cell, to: Cell, direction: Direction| Action::Line {
        from: b.cell_name(from).into(),
        to: (to != from).then(|| b.cell_name(to).into()),
        direction: b.direction_name(direction).into(),
        capture: None,
        span,
    };
    let mut plain = vec![vec![Action::Pass { span }]];
    for &from in &own {
        for axis in Direction::ALL {
            let mut to = from;
            for len in 1..=max {
                if len > 1 {
                    let Some(next) = b.next(to, axis) else {
                        break;
                    };
                    to = next;
                } else if axis != Direction::ALL[0] {
                    // One marble: written once, not once per axis.
                    continue;
                }
                for direction in Direction::ALL {
                    plain.push(vec![line(from, to, direction)]);
                }
                if !own.contains(&to) {
                    break;
                }
            }
        }
    }
    let mut all = Vec::with_capacity(plain.len() * 2 + b.len());
    if !pending {
        all.extend(plain);
    } else {
        for c in &plain {
            let mut removed = vec![Action::Remove { span }];
            removed.extend(c.iter().cloned());
            all.push(removed);
        }
        all.extend(plain);
    }
    for cell in b.cells() {
        all.push(vec![Action::Place {
            to: Some(b.cell_name(cell).into()),
            capture: None,
            span,
        }]);
    }
    all
}

/// Positions seen and of which kind, for the checks to prove their reach.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    pending: usize,
    moves: usize,
    candidates: usize,
}

/// How deep the checks of a position go, beyond the list against the
/// checker and the `Position` tag: each listed move read back from its text,
/// and the written candidates tried against the checker (the slow parts, so
/// done on some positions only).
#[derive(Debug, Clone, Copy)]
struct Depth {
    read_back: bool,
    candidates: bool,
}

/// Every check of one position.
const ALL: Depth = Depth {
    read_back: true,
    candidates: true,
};

/// Every check on one position.
fn check_position<R: MoveRules<State = State> + Clone>(
    rules: &Offboard,
    pos: &RulesPosition<R>,
    depth: Depth,
    seen: &mut Seen,
) {
    let tag = pos.position_tag();
    // (b) The Position tag gives the position back, read by the rules and
    // set up from a record.
    assert_eq!(rules.position(&tag).as_ref(), Ok(pos.state()), "{tag}");
    let game = record(Some(&tag), &[], "*");
    let again = RulesPosition::start(pos.rules().clone(), &game).expect("the tag sets up");
    assert_eq!(again.state(), pos.state(), "{tag}");
    assert_eq!(again.next(), pos.next(), "{tag}");
    seen.positions += 1;
    if pos.is_over() {
        assert!(pos.next().seats.is_empty());
        assert!(pos.legal_moves(None).is_err());
        return;
    }
    let next = pos.next();
    assert_eq!(next.seats.len(), 1);
    assert!(!next.dice);
    let seat = next.seats[0];
    if !next.needs.is_empty() {
        seen.pending += 1;
    }
    let n = pos.turns() + 1;
    let moves = pos.legal_moves(None).expect("legal moves");
    assert!(!moves.is_empty(), "{tag}");
    let texts: Vec<String> = moves.iter().map(Move::to_string).collect();
    let keys: BTreeSet<Key> = moves
        .iter()
        .map(|m| key(&m.actions).expect("a turn of offboard"))
        .collect();
    assert_eq!(keys.len(), moves.len(), "no move twice: {tag} {texts:?}");
    for mv in &moves {
        seen.moves += 1;
        assert_eq!(mv.seat.as_str(), seat);
        assert_eq!((mv.roll, mv.mover), (None, None));
        // (a) The checker accepts it and reaches the position play gives.
        let mut checked = *pos.state();
        if let Err(e) = pos.rules().play(&mut checked, &mv.to_turn(n)) {
            panic!("{tag}: {mv} is listed but rejected: {}", e.message);
        }
        let mut played = pos.clone();
        played.play(mv).expect("a listed move plays");
        assert_eq!(played.state(), &checked, "{tag}: {mv}");
        // (c) It reads back from its text, and from its text without marks.
        if !depth.read_back {
            continue;
        }
        let text = mv.to_string();
        assert_eq!(
            pos.parse_move(None, &text).as_ref(),
            Ok(mv),
            "{tag}: {text}"
        );
        if let Some((bare, _)) = text.split_once('*') {
            assert_eq!(pos.parse_move(None, bare).as_ref(), Ok(mv), "{tag}: {bare}");
        }
    }
    if !depth.candidates {
        return;
    }
    // (a) The checker accepts a written candidate exactly when the list
    // holds the same turn.
    for c in candidates(rules, pos.state(), !next.needs.is_empty()) {
        seen.candidates += 1;
        let turn = Turn::new(n, seat.as_str().into(), None, None, c.clone());
        let mut state = *pos.state();
        let accepted = pos.rules().play(&mut state, &turn).is_ok();
        let listed = key(&c).is_some_and(|k| keys.contains(&k));
        assert_eq!(
            accepted,
            listed,
            "{tag}: {} accepted {accepted}, listed {listed} in {texts:?}",
            Move::from_turn(&turn)
                .map(|m| m.to_string())
                .unwrap_or_default()
        );
    }
}

/// Simulates `games` games with `simulate`, and checks every position of
/// each through the game API of `api` (reading moves back every 5th
/// position, candidates every `every`th and at the end of each game).
fn check_games<R: MoveRules<State = State> + Clone>(
    rules: &Offboard,
    api: R,
    simulate: impl Fn(&mut Rng) -> billes_notation::Game,
    games: u64,
    every: usize,
) -> Seen {
    let mut seen = Seen::default();
    let mut k = 0;
    for seed in 0..games {
        let game = simulate(&mut Rng::new(seed));
        let mut pos = RulesPosition::start(api.clone(), &game).expect("start");
        for turn in &game.line.turns {
            let depth = Depth {
                read_back: k % 5 == 0,
                candidates: k % every == 0,
            };
            check_position(rules, &pos, depth, &mut seen);
            k += 1;
            pos.play_turn(turn).expect("simulated turns are legal");
        }
        check_position(rules, &pos, ALL, &mut seen);
    }
    seen
}

/// Positions that simulated games rarely reach: a marble pending, a seat
/// walled in, a seat with no marble left, a won game.
const HAND_MADE: &[&str] = &[
    "R:a1,d6,d7,d8 B:i9,h8 t5=B move=B pending=t5",
    "R:a1,d6,d7,d8 B:a2,b1,b2 t5=B move=B pending=t5",
    "R:c3,b2,a2,a3 B:a1,a4,a5,b3 t8=R t5=B move=R pending=t5",
    "R:a1 B:a2,b1,b2",
    "R: B:e5 move=R",
    "R: B:e5 t1=R t2=R move=R pending=t2",
    "R:e1,e2,e3,e4,d5,d6,d7 B:e5,e6,e7,d8,i9",
    "R:a1 B:i9 score=R6,B0 move=B",
];

fn options() -> SimOptions {
    SimOptions {
        max_turns: 250,
        ..SimOptions::default()
    }
}

#[test]
fn the_standard_rules_list_what_the_checker_accepts() {
    let rules = Offboard::default();
    let mut seen = check_games(
        &rules,
        &rules,
        |rng| {
            rules
                .simulate(&options(), rng, &NoHooks)
                .expect("simulates")
        },
        10,
        15,
    );
    for text in HAND_MADE {
        let pos = RulesPosition::from_state(&rules, rules.position(text).unwrap(), 0);
        check_position(&rules, &pos, ALL, &mut seen);
    }
    assert!(seen.positions > 600, "{seen:?}");
    assert!(seen.pending >= 3, "{seen:?}");
}

#[test]
fn abalone_lists_what_the_checker_accepts() {
    let rules = abalone();
    let seen = check_games(
        &rules,
        &rules,
        |rng| {
            rules
                .simulate(&options(), rng, &NoHooks)
                .expect("simulates")
        },
        6,
        25,
    );
    assert!(seen.positions > 600, "{seen:?}");
}

#[test]
fn scoring_targets_list_what_the_checker_accepts() {
    let rules = scoring_targets();
    let seen = check_games(
        &rules,
        &rules,
        |rng| {
            rules
                .simulate(&options(), rng, &NoHooks)
                .expect("simulates")
        },
        6,
        15,
    );
    assert!(seen.positions > 600, "{seen:?}");
}

#[test]
fn hooks_list_what_the_checker_accepts() {
    let rules = Offboard::default();
    let hooks = FourAndTwo;
    let api = WithHooks::new(&rules, &hooks);
    let mut seen = check_games(
        &rules,
        api,
        |rng| {
            rules
                .simulate_hooked(&options(), rng, &hooks)
                .expect("simulates")
        },
        6,
        15,
    );
    for text in HAND_MADE {
        let pos = RulesPosition::from_state(api, rules.position(text).unwrap(), 0);
        check_position(&rules, &pos, ALL, &mut seen);
    }
    assert!(seen.positions > 600, "{seen:?}");
    // The hooks show in the list: no line of four, two points a marble.
    let listed = |text: &str, hooked: bool| -> Vec<String> {
        let state = rules.position(text).unwrap();
        let moves = if hooked {
            RulesPosition::from_state(api, state, 0).legal_moves(None)
        } else {
            RulesPosition::from_state(&rules, state, 0).legal_moves(None)
        };
        moves.unwrap().iter().map(Move::to_string).collect()
    };
    let lines = "R:e1,e2,e3,e4,d5,d6,d7 B:e5,e6,e7,d8,i9";
    assert!(listed(lines, false).contains(&"e1:e4>e".to_string()));
    assert!(!listed(lines, true).iter().any(|m| m.starts_with("e1:e4")));
    let corner = "R:e7,d7 B:c7,i9";
    assert!(listed(corner, false).contains(&"e7:d7>se*t6=3".to_string()));
    assert!(listed(corner, true).contains(&"e7:d7>se*t6=2".to_string()));
}

#[test]
fn the_error_lists_are_the_legal_moves_written_short() {
    let rules = Offboard::default();
    for text in HAND_MADE.iter().take(7) {
        let state = rules.position(text).unwrap();
        let pos = RulesPosition::from_state(&rules, state, 0);
        let mut short: Vec<String> = Vec::new();
        for m in pos.legal_moves(None).unwrap() {
            let t = if matches!(m.actions.first(), Some(Action::Remove { .. })) {
                "~".to_string()
            } else {
                m.to_string()
            };
            if !short.contains(&t) {
                short.push(t);
            }
        }
        // A turn the rules refuse (no line runs from a1 to i9) lists them.
        let refused = support::turn(1, &format!("{} a1:i9>e", state.to_move()));
        let err = GameRules::play(&rules, &mut state.clone(), &refused, &NoHooks)
            .expect_err("the turn is refused");
        assert_eq!(err.legal, short, "{text}: {}", err.message);
    }
}

#[test]
fn the_legal_moves_of_the_start() {
    let rules = Offboard::default();
    let pos = RulesPosition::from_state(&rules, rules.start(), 0);
    let moves: Vec<String> = pos
        .legal_moves(None)
        .unwrap()
        .iter()
        .map(Move::to_string)
        .collect();
    assert_eq!(
        moves,
        [
            "a1:b2>ne", "a1:b1>nw", "a2:c4>ne", "a2:b2>nw", "a3:b4>ne", "a3:b3>nw", "a4:b5>ne",
            "a4:c4>nw", "a5:b6>ne", "a5:b5>nw", "b1>ne", "b1>nw", "b2>ne", "b2>nw", "b3:c4>ne",
            "b3>nw", "b4>ne", "b4:c4>nw", "b5>ne", "b5>nw", "b6>ne", "b6>nw", "c4>e", "c4>ne",
            "c4>nw", "c4>w",
        ]
    );
}

const PERFT: &str = include_str!("data/perft/offboard.txt");

/// The counts of tests/data/perft/offboard.txt, through
/// [`billes_core::game::perft`]. `PERFT_PRINT=1` prints them instead.
///
/// Red's 26 opening moves of the standard start, by hand: of the single
/// marbles, row `a` is walled in by row `b`; `b1`, `b2`, `b5`, `b6` may each
/// step `nw` or `ne` (8), `b3` only `nw` and `b4` only `ne` (2: `c4` is
/// Red's), `c4` `e`, `w`, `ne`, `nw` (4): 14. Lines moving sideways along
/// rows `a` and `b` would take a marble off the board or run into their
/// own; lines moving down meet row `a` or the rim. Lines moving up: `nw`
/// from each of `a1 a2 a3 a5` with the `b` marble above it, `a4:c4` and
/// `b4:c4` (6); `ne` from `a1 a3 a4 a5` with the `b` marble up-right,
/// `a2:c4` and `b3:c4` (6): 12. In all 26.
#[test]
fn perft_counts_match_the_data_file() {
    let print = std::env::var_os("PERFT_PRINT").is_some();
    let mut checked = 0;
    for line in PERFT.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [name, position, counts] = fields[..] else {
            panic!("bad line: {line}");
        };
        let rules = match name {
            "standard" => Offboard::default(),
            "abalone" => abalone(),
            "scoring-targets" => scoring_targets(),
            other => panic!("unknown rules {other}"),
        };
        let state = match position {
            "start" => rules.start(),
            p => rules.position(p).unwrap(),
        };
        let pos = RulesPosition::from_state(&rules, state, 0);
        for count in counts.split_whitespace() {
            let (depth, expected) = count.split_once('=').unwrap();
            let depth: u32 = depth.parse().unwrap();
            let got = perft(&pos, depth).unwrap();
            if print {
                println!("{name} | {position} | {depth}={got}");
                continue;
            }
            assert_eq!(
                got,
                expected.parse::<u64>().unwrap(),
                "{line} at depth {depth}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 12 || print, "{checked} counts checked");
}
