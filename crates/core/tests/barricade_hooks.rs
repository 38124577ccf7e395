//! Barricade under hooks written in Rust: `allow` forbids moves (and makes
//! a pass legal when it forbids them all), `extra_turn` decides who rolls
//! next, failing hooks are `variant` errors, and simulated games obey them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::cell::RefCell;

use billes_core::barricade::Barricade;
use billes_core::game::Roll;
use billes_core::hooked::{HookedRules, WithHooks};
use billes_core::variant::{HookError, Hooks, MoveKind, MoveView, NoHooks, Verdict};
use billes_core::{replay_with, ErrorKind, Rng, Rules, SimOptions};
use billes_notation::{parse_game, Action, Game};

/// Forbids sending a pawn home.
struct NoCaptures;
impl Hooks for NoCaptures {
    fn allow(&self, mv: &MoveView<'_>) -> Result<Verdict, HookError> {
        Ok(match mv.text("captures") {
            Some(v) => Verdict::Forbid(format!("{v} may not be sent home")),
            None => Verdict::Allow,
        })
    }
}

/// Forbids every move.
struct NothingMoves;
impl Hooks for NothingMoves {
    fn allow(&self, _: &MoveView<'_>) -> Result<Verdict, HookError> {
        Ok(Verdict::Forbid("nothing moves".into()))
    }
}

/// Always (or never) an extra turn; records the views it sees.
struct ExtraTurn {
    again: bool,
    seen: RefCell<Vec<(MoveKind, bool, Option<String>)>>,
}
impl Hooks for ExtraTurn {
    fn extra_turn(&self, mv: &MoveView<'_>, standard: bool) -> Result<bool, HookError> {
        self.seen
            .borrow_mut()
            .push((mv.kind, standard, mv.text("to").map(str::to_string)));
        Ok(self.again)
    }
}

/// A hook that fails.
struct Broken;
impl Hooks for Broken {
    fn allow(&self, _: &MoveView<'_>) -> Result<Verdict, HookError> {
        Err(HookError::new(
            "variant broken, hook allow: rules/broken.lua:3: boom",
        ))
    }
}

/// A hook stopped by the wall-clock guard, every call.
struct Hung;
impl Hooks for Hung {
    fn allow(&self, _: &MoveView<'_>) -> Result<Verdict, HookError> {
        Err(HookError::guard(
            "variant hung, hook allow: rules/hung.lua:3: stopped by the wall-clock guard",
        ))
    }
}

fn game(movetext: &str) -> Game {
    parse_game(&format!(
        "[Game \"barricade\"]\n[Seats \"R B\"]\n\n{movetext} *\n"
    ))
    .unwrap()
}

/// The first legal entry of R with `roll` from the start, as written.
fn entry(rules: &Barricade, roll: u8) -> String {
    let state = rules.setup(&game("")).unwrap();
    rules
        .legal_moves_hooked(
            &state,
            billes_notation::Name::from("R"),
            Roll::new(roll),
            1,
            &NoHooks,
        )
        .unwrap()[0]
        .to_string()
}

/// The point a written move lands on.
fn landing(m: &str) -> String {
    m.rsplit('-')
        .next()
        .unwrap_or("")
        .trim_end_matches(['#', '*'])
        .to_string()
}

#[test]
fn allow_forbids_the_written_move_at_its_turn_with_the_reason() {
    let rules = Barricade::default();
    let mut rng = Rng::new(11);
    let mut checked = 0;
    for _ in 0..40 {
        let game = rules
            .simulate_hooked(&SimOptions::default(), &mut rng, &NoHooks)
            .unwrap();
        let first_capture = game.line.turns.iter().find(|t| {
            matches!(
                &t.actions[0],
                Action::Move {
                    capture: Some(_),
                    ..
                }
            )
        });
        let Some(turn) = first_capture else { continue };
        let e = replay_with(&WithHooks::new(&rules, &NoCaptures), &game, &mut |_| {})
            .expect_err("a capture is forbidden");
        assert_eq!(e.kind, ErrorKind::IllegalMove, "{}", e.message);
        assert_eq!(e.turn, Some(turn.number));
        assert!(
            e.message.contains("is not allowed in this variant")
                && e.message.contains("may not be sent home"),
            "{}",
            e.message
        );
        assert!(!e.legal.iter().any(|m| m.contains('*')), "{:?}", e.legal);
        checked += 1;
    }
    assert!(checked > 5, "too few games with a capture: {checked}");
}

#[test]
fn a_pass_is_legal_when_every_move_is_forbidden() {
    let rules = Barricade::default();
    let record = game("1. R6 -- 2. B3 --");
    let e = replay_with(&rules, &record, &mut |_| {}).unwrap_err();
    assert_eq!(e.kind, ErrorKind::FalsePass);
    replay_with(&WithHooks::new(&rules, &NothingMoves), &record, &mut |_| {}).unwrap();
    // A move the hook forbids lists no legal move but the pass.
    let record = game(&format!("1. R1 {}", entry(&rules, 1)));
    let e = replay_with(&WithHooks::new(&rules, &NothingMoves), &record, &mut |_| {}).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert!(e.legal.is_empty(), "{:?}", e.legal);
    assert!(e.message.contains("nothing moves"), "{}", e.message);
}

#[test]
fn extra_turn_decides_who_rolls_next() {
    let rules = Barricade::default();
    let three = entry(&rules, 3);
    // The standard rules: R moves, then B.
    let rolls_again = game(&format!("1. R3 {three} 2. R2 --"));
    let e = replay_with(&rules, &rolls_again, &mut |_| {}).unwrap_err();
    assert_eq!((e.kind, e.turn), (ErrorKind::Seat, Some(2)));
    // Always an extra turn: R rolls again, and may move any pawn (here a
    // second one from the house).
    let always = ExtraTurn {
        again: true,
        seen: RefCell::default(),
    };
    let first = game(&format!("1. R3 {three}"));
    let mut state = rules.setup(&first).unwrap();
    rules
        .play_hooked(&mut state, &first.line.turns[0], &always)
        .unwrap();
    let second = rules
        .legal_moves_hooked(
            &state,
            billes_notation::Name::from("R"),
            Roll::new(2),
            2,
            &NoHooks,
        )
        .unwrap()
        .iter()
        .map(ToString::to_string)
        .find(|m| m.starts_with("h-"))
        .expect("a second pawn enters");
    let rolls_again = game(&format!("1. R3 {three} 2. R2 {second}"));
    let e = replay_with(&rules, &rolls_again, &mut |_| {}).unwrap_err();
    assert_eq!((e.kind, e.turn), (ErrorKind::Seat, Some(2)));
    always.seen.borrow_mut().clear();
    replay_with(&WithHooks::new(&rules, &always), &rolls_again, &mut |_| {}).unwrap();
    let seen = always.seen.borrow();
    assert_eq!(seen[0], (MoveKind::Enter, false, Some(landing(&three))));
    assert_eq!(seen[1].0, MoveKind::Enter);
    drop(seen);
    // Never an extra turn: a 6 gives no replay.
    let never = ExtraTurn {
        again: false,
        seen: RefCell::default(),
    };
    let six = entry(&rules, 6);
    let replayed = game(&format!("1. R6 {six} 2. R1 --"));
    let e = replay_with(&WithHooks::new(&rules, &never), &replayed, &mut |_| {}).unwrap_err();
    assert_eq!((e.kind, e.turn), (ErrorKind::Seat, Some(2)));
    assert!(never.seen.borrow()[0].1, "the 6 rule gives a replay");
}

#[test]
fn a_failing_hook_is_a_variant_error_at_its_turn() {
    let rules = Barricade::default();
    let record = game(&format!("1. R1 {}", entry(&rules, 1)));
    let e = replay_with(&WithHooks::new(&rules, &Broken), &record, &mut |_| {}).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Variant);
    assert_eq!((e.turn, e.seat.as_deref()), (Some(1), Some("R")));
    assert!(e.message.contains("rules/broken.lua:3"), "{}", e.message);
}

#[test]
fn a_hook_the_guard_stopped_is_no_verdict_and_stops_the_check() {
    let rules = Barricade::default();
    let record = game(&format!("1. R1 {} 2. B1 h-x9", entry(&rules, 1)));
    let hooked = WithHooks::new(&rules, &Hung);
    let e = replay_with(&hooked, &record, &mut |_| {}).unwrap_err();
    assert_eq!(e.kind, ErrorKind::TimeGuard);
    assert!(!e.kind.is_verdict());
    assert_eq!(e.kind.name(), "time_guard");
    assert_eq!((e.turn, e.seat.as_deref()), (Some(1), Some("R")));
    // The check past mistakes stops at it: turn 2's mistake is not looked
    // for in a position the hook never judged.
    let all = billes_core::check_all_with(&hooked, &record);
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(all[0].kind, ErrorKind::TimeGuard);
    assert_eq!(all[0].note(), Some(billes_core::STOPPED));
}

#[test]
fn simulated_games_obey_the_hooks_and_replay_under_them() {
    let rules = Barricade::default();
    let mut rng = Rng::new(5);
    for players in 2..=4 {
        let options = SimOptions {
            players,
            max_turns: 600,
            ..SimOptions::default()
        };
        let game = rules
            .simulate_hooked(&options, &mut rng, &NoCaptures)
            .unwrap();
        assert!(game.line.turns.iter().all(|t| !matches!(
            &t.actions[0],
            Action::Move {
                capture: Some(_),
                ..
            }
        )));
        replay_with(&WithHooks::new(&rules, &NoCaptures), &game, &mut |_| {}).unwrap();
        let always = ExtraTurn {
            again: true,
            seen: RefCell::default(),
        };
        let game = rules.simulate_hooked(&options, &mut rng, &always).unwrap();
        replay_with(&WithHooks::new(&rules, &always), &game, &mut |_| {}).unwrap();
    }
    assert_eq!(
        <Barricade as billes_core::registry::GameRules>::hooks()
            .iter()
            .map(|h| h.name())
            .collect::<Vec<_>>(),
        ["allow", "extra_turn", "moves", "effect", "winner"]
    );
}
