//! A game outside the registry (`race.rs`), plugged in the way
//! docs/adding-a-game.md says. It gets the replay and its checks (turn
//! numbers, the end of the game, the result), the description of a record,
//! the text board and the view after each turn, random games and its legal
//! moves from the generic drivers, and pictures from billes-render
//! (`Replay::with_rules`, through its `Drawing`); the `Position` object,
//! `check_all_with` and the `billes` verbs need the game's line in the
//! registry.

use billes_core::game::{replay_views_with, AnyNeed, GameRules, Move, Roll};
use billes_core::hooked::WithHooks;
use billes_core::variant::{Hook, HookError, Hooks, MoveView, RollView, Verdict};
use billes_core::{describe_with, replay_with, validate_with, ErrorKind, Rng, SimOptions};
use billes_notation::Game;

mod race;

use race::{Finish, Race};

fn record(movetext: &str) -> Game {
    billes_notation::parse_game(&format!("[Game \"race\"]\n[Seats \"R B\"]\n\n{movetext}\n"))
        .expect("the record parses")
}

#[test]
fn the_race_replays_and_checks_a_record() {
    let game = record("1. R6 h-p6 2. B3 h-p3 3. R4 p6-p10 =R");
    let summary = validate_with(&Race, &game).expect("a valid record");
    assert_eq!(summary.turns, 3);
    assert_eq!(summary.winners, Some(vec!["R".into()]));
    // The driver checks turn numbers, the result and turns after the end.
    let e = validate_with(&Race, &record("1. R6 h-p6 3. B3 h-p3 *")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::TurnNumber, "{}", e.message);
    let e = validate_with(&Race, &record("1. R6 h-p6 2. B3 h-p3 =B")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Result, "{}", e.message);
    let e = validate_with(
        &Race,
        &record("1. R6 h-p6 2. B3 h-p3 3. R4 p6-p10 4. B1 p3-p4 =R"),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::AfterEnd, "{}", e.message);
}

#[test]
fn the_race_reports_its_mistakes_with_the_game_s_own_messages() {
    let game = record("1. R6 h-p5 2. B3 -- 3. R2 p6-p8 *");
    let first = validate_with(&Race, &game).unwrap_err();
    assert_eq!(first.message, "a 6 is h-p6 here");
    assert_eq!(first.legal, ["h-p6"]);
    assert_eq!(first.turn, Some(1));
    let e = validate_with(&Race, &record("1. R6 h-p6 2. B3 -- *")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::FalsePass);
    assert_eq!(e.message, "the pawn can move to p3");
}

#[test]
fn the_race_lists_its_legal_moves_and_plays_random_games() {
    let state = Race.setup(&record("*")).unwrap();
    let moves = Race
        .legal_moves(
            &state,
            billes_notation::Seat::from("R"),
            Roll::new(4),
            1,
            &billes_core::variant::NoHooks,
        )
        .unwrap();
    let texts: Vec<String> = moves.iter().map(Move::turn).collect();
    assert_eq!(texts, ["R4 h-p4"]);
    let near = Race
        .setup(
            &billes_notation::parse_game("[Game \"race\"]\n[Position \"R:p8 B:h move=R\"]\n\n*\n")
                .unwrap(),
        )
        .unwrap();
    let pass = Race
        .legal_moves(
            &near,
            billes_notation::Seat::from("R"),
            Roll::new(5),
            1,
            &billes_core::variant::NoHooks,
        )
        .unwrap();
    assert!(pass[0].is_pass());
    // Its own need, declared in this file, reaches a program with its
    // words and its type.
    assert!(Race.next(&state).needs.is_empty());
    let next = Race.next(&near);
    assert_eq!(next.needs, [AnyNeed::new(Finish(2))]);
    assert_eq!(next.needs[0].downcast_ref::<Finish>(), Some(&Finish(2)));
    assert_eq!(next.needs[0].phrase(), "; finishes with a 2");
    assert_eq!(next.needs[0].prompt().as_deref(), Some(" (a 2 finishes)"));
    assert_eq!(next.needs[0].offer(), None);
    assert_eq!(Race.position_tag(&near), "R:p8 B:h move=R");
    let mut rng = Rng::new(3);
    for _ in 0..20 {
        let game = Race
            .simulate(
                &SimOptions::default(),
                &mut rng,
                &billes_core::variant::NoHooks,
            )
            .unwrap();
        let summary = validate_with(&Race, &game).expect("a simulated game is valid");
        assert_eq!(summary.turns as usize, game.line.turns.len());
        assert!(summary.winners.is_some(), "a race of 5000 turns ends");
        // Its text is a record that reads back the same.
        let text = billes_notation::write_game(&game);
        assert!(text.contains("[Game \"race\"]"), "{text}");
    }
}

#[test]
fn the_race_describes_and_draws_its_positions() {
    let game = record("1. R6 h-p6 2. B3 h-p3 *");
    let described = describe_with(&Race, &game).unwrap();
    assert_eq!(described.len(), 2);
    assert!(described.iter().all(|d| d.phrases.is_empty()));
    let mut boards = Vec::new();
    billes_core::replay_observed_with(&Race, &game, &mut |o: &billes_core::Observed<'_>| {
        boards.push(o.board.text_board());
    })
    .unwrap();
    assert_eq!(boards[1], "R .....@....\nB ..@.......\n");
    // Its views, as pictures show them: the pawns on the track, the pawn
    // still off it waiting, the winner once it has one.
    let mut views = Vec::new();
    replay_views_with(
        &Race,
        &record("1. R6 h-p6 2. B3 h-p3 3. R4 p6-p10 =R"),
        &mut |step| {
            views.push(step.view.clone());
            std::ops::ControlFlow::<()>::Continue(())
        },
    )
    .unwrap();
    let pieces = |i: usize| -> Vec<(String, String)> {
        let view = &views[i];
        view.pieces
            .iter()
            .map(|p| (p.point.to_string(), p.seat.to_string()))
            .collect()
    };
    assert_eq!(views.len(), 4);
    assert_eq!(views[1].game, "race");
    assert_eq!(pieces(1), [("p6".to_string(), "R".to_string())]);
    assert_eq!(views[1].seat("B").map(|s| s.waiting), Some(1));
    assert_eq!(views[1].to_move.as_deref(), Some("B"));
    assert_eq!(pieces(3)[0], ("p10".to_string(), "R".to_string()));
    assert_eq!(views[3].winners, Some(vec!["R".into()]));
    assert_eq!(views[3].to_move, None);
    assert_eq!(views[3].part::<()>(), Some(&()));
}

/// Forbids every move that does not land on an even point.
struct EvenOnly;
impl Hooks for EvenOnly {
    fn calls(&self, hook: Hook) -> bool {
        hook == Hook::Moves
    }
    fn moves(
        &self,
        _: &RollView<'_>,
        standard: &[String],
    ) -> Result<Option<Vec<String>>, HookError> {
        let even = |m: &String| {
            m.rsplit('p')
                .next()
                .and_then(|n| n.parse::<u8>().ok())
                .is_some_and(|n| n % 2 == 0)
        };
        Ok(Some(standard.iter().filter(|m| even(m)).cloned().collect()))
    }
    fn allow(&self, _: &MoveView<'_>) -> Result<Verdict, HookError> {
        Ok(Verdict::Allow)
    }
}

#[test]
fn a_hook_that_looks_at_the_race_s_positions_is_refused_with_a_reason() {
    // The race gives hooks no view of its positions (`GameRules::board`):
    // a `moves` hook is a variant error, not a wrong answer.
    let e = replay_with(
        &WithHooks::new(&Race, &EvenOnly),
        &record("1. R6 h-p6 *"),
        &mut |_| {},
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Variant);
    assert_eq!(e.message, "race gives hooks no view of its positions");
}

#[test]
fn a_game_declares_the_hooks_it_takes() {
    assert_eq!(<Race as GameRules>::hooks(), []);
    // The registry's games list theirs: only Offboard, whose marbles leave
    // the board, takes `score`; a game that does not list a hook never sets
    // it up.
    for kind in billes_core::registry::all() {
        let hooks = billes_core::with_kind!(kind, R => R::hooks());
        assert!(hooks.contains(&Hook::Allow), "{kind}");
        assert_eq!(
            hooks.contains(&Hook::Score),
            kind == billes_core::offboard::KIND,
            "{kind}"
        );
    }
}

#[test]
fn the_race_keeps_the_rules_every_game_keeps() {
    billes_core::conformance::assert_conforms(&Race, &Default::default());
}

#[test]
fn the_race_refuses_false_marks() {
    let e = validate_with(&Race, &record("1. R6 h-p6* *")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Effect);
    assert_eq!(e.message, "no pawn is captured in the race");
    let e = validate_with(&Race, &record("1. R6 h-p6# *")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Effect);
    assert_eq!(e.message, "there is no barricade in the race");
}
