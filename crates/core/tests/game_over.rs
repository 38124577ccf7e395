//! `Rules::is_over`, which the replay asks before every turn instead of
//! building the list of winners, agrees with `Rules::winners` in every
//! position of random games of each game, and a turn after the end is
//! refused with the winners named.

#![allow(clippy::unwrap_used)]

use billes_core::{replay_with, simulate, GameKind, Rng, Rules, SimOptions};

fn agrees<R: Rules>(rules: &R, kind: GameKind, players: usize) {
    let options = SimOptions {
        players,
        ..SimOptions::default()
    };
    let mut rng = Rng::new(11);
    let mut ended = 0;
    for _ in 0..20 {
        let game = simulate(kind, &options, &mut rng).unwrap();
        let mut last = None;
        replay_with(rules, &game, &mut |step| {
            assert_eq!(
                rules.is_over(step.state),
                rules.winners(step.state).is_some(),
                "{kind} turn {}",
                step.index
            );
            last = Some(rules.is_over(step.state));
        })
        .unwrap();
        ended += usize::from(last == Some(true));
    }
    assert!(ended > 0, "{kind}: no simulated game was won");
}

#[test]
fn is_over_agrees_with_winners() {
    agrees(
        &billes_core::aggravation::Aggravation::default(),
        billes_core::aggravation::KIND,
        4,
    );
    agrees(
        &billes_core::barricade::Barricade::default(),
        billes_core::barricade::KIND,
        4,
    );
    agrees(
        &billes_core::offboard::Offboard::default(),
        billes_core::offboard::KIND,
        2,
    );
}

#[test]
fn a_turn_after_the_end_names_the_winners() {
    let mut rng = Rng::new(5);
    let options = SimOptions {
        players: 2,
        ..SimOptions::default()
    };
    let rules = billes_core::offboard::Offboard::default();
    let mut game = simulate(billes_core::offboard::KIND, &options, &mut rng).unwrap();
    assert!(
        !game.outcome.winners.is_empty(),
        "the simulated game ends won"
    );
    let mut extra = game.line.turns[game.line.turns.len() - 2].clone();
    extra.number = game.line.turns.len() as u32 + 1;
    game.line.turns.push(extra);
    let e = replay_with(&rules, &game, &mut |_| {}).unwrap_err();
    assert_eq!(e.kind, billes_core::ErrorKind::AfterEnd);
    let winner = &game.outcome.winners[0];
    assert_eq!(e.message, format!("the game is over: {winner} won"));
}

#[test]
fn a_star_result_is_accepted_on_a_finished_game() {
    // `*` is "unfinished or unknown": the referee may not have recorded who won.
    let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n[Position \"R:r6,rh2,rh3,rh4 G:g9\"]\n[Result \"*\"]\n\n1. R2 r6-rh1\n*\n";
    let game = billes_notation::parse_game(record).unwrap();
    let summary = billes_core::validate(&game).unwrap();
    assert_eq!(summary.winners, Some(vec!["R".into()]));
}

#[test]
fn the_result_tag_may_be_written_like_the_token() {
    let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n[Position \"R:r6,rh2,rh3,rh4 G:g9\"]\n[Result \"=R\"]\n\n1. R2 r6-rh1\n=R\n";
    let game = billes_notation::parse_game(record).unwrap();
    assert!(billes_core::validate(&game).is_ok());
    let wrong = record.replace("[Result \"=R\"]", "[Result \"=G\"]");
    let err = billes_core::validate(&billes_notation::parse_game(&wrong).unwrap()).unwrap_err();
    assert_eq!(err.kind, billes_core::ErrorKind::Result);
}

#[test]
fn a_wrong_turn_number_is_reported_at_the_turns_place() {
    let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n7. R1 r9-r10\n*\n";
    let err = billes_core::validate(&billes_notation::parse_game(record).unwrap()).unwrap_err();
    assert_eq!(err.kind, billes_core::ErrorKind::TurnNumber);
    assert_eq!(err.turn, Some(2));
    assert_eq!(err.message, "turn numbered 7 is turn 2");
}

#[test]
fn a_capture_mark_after_a_space_is_explained() {
    // `r9-r12 *` ends the game: the turns after it come as a game without
    // tags, whose message points back at the cause.
    let text = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R3 r9-r12 *\n3. B4 --\n*\n";
    let games = billes_notation::parse_games(text);
    assert_eq!(games.len(), 2);
    let second = games[1].as_ref().unwrap();
    let err = billes_core::validate(second).unwrap_err();
    assert!(
        err.message
            .contains("a capture mark is written without a space: r9-r12*"),
        "{}",
        err.message
    );
    // On one line, the parser says it.
    let err = billes_notation::parse_game(
        "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 + 2. R3 r9-r12 * 3. B4 --\n*\n",
    )
    .unwrap_err();
    assert!(
        err.message
            .contains("a result token (*) ends the game before these turns"),
        "{}",
        err.message
    );
}
