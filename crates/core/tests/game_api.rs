//! The game API across the three games, through `dyn Position`: the seat
//! to act agrees with `next`, moves come back from their spelling, a game
//! ends, and a finished position has no moves.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::game::{PlayError, Position, Roll};
use billes_core::{Engine, ErrorKind, GameKind, Rng, Standard};

fn playout(kind: GameKind, seats: &str, seed: u64, check: &mut dyn FnMut(&dyn Position)) -> u32 {
    let engine = Standard::new(kind);
    let mut pos = engine.position(&[("Seats", seats)]).unwrap();
    let mut rng = Rng::new(seed);
    while !pos.is_over() && pos.turns() < 3000 {
        check(pos.as_ref());
        let roll = if kind.has_dice() {
            Roll::new(rng.die())
        } else {
            None
        };
        assert_eq!(pos.next().dice, kind.has_dice());
        let moves = pos.legal_moves(roll).unwrap();
        assert!(
            !moves.is_empty(),
            "a seat that may act always has a move (a pass at least)"
        );
        let mv = moves[rng.below(moves.len())].clone();
        pos.play(&mv).unwrap();
    }
    check(pos.as_ref());
    pos.turns()
}

#[test]
fn the_seat_to_act_is_the_first_of_next() {
    for (kind, seats) in [
        (GameKind::Aggravation, "R B G Y"),
        (GameKind::Barricade, "R G Y"),
        (GameKind::Offboard, "R B"),
    ] {
        for seed in 0..3 {
            playout(kind, seats, seed, &mut |pos| {
                assert_eq!(pos.to_act(), pos.next().seats.first().cloned(), "{kind}");
                assert_eq!(pos.to_act().is_none(), pos.is_over(), "{kind}");
            });
        }
    }
}

#[test]
fn a_won_game_has_no_moves() {
    let mut won = None;
    for seed in 0..20 {
        let engine = Standard::new(GameKind::Aggravation);
        let mut pos = engine.position(&[("Seats", "R G")]).unwrap();
        let mut rng = Rng::new(seed);
        while !pos.is_over() && pos.turns() < 5000 {
            let moves = pos.legal_moves(Roll::new(rng.die())).unwrap();
            pos.play(&moves[rng.below(moves.len())].clone()).unwrap();
        }
        if pos.is_over() {
            let err = pos.legal_moves(Roll::new(1)).unwrap_err();
            assert_eq!(err, PlayError::GameOver);
            assert_eq!(err.kind(), ErrorKind::AfterEnd);
            won = pos.winners();
            break;
        }
    }
    assert!(won.is_some(), "one of 20 random games ends");
}

#[test]
fn moves_are_read_back_from_their_spelling_and_refused_when_illegal() {
    let engine = Standard::new(GameKind::Aggravation);
    let pos = engine
        .position(&[("Seats", "R G"), ("Position", "R:r9,g5 G:g8 move=R")])
        .unwrap();
    let roll = Roll::new(3);
    let moves = pos.legal_moves(roll).unwrap();
    for mv in &moves {
        assert_eq!(&pos.parse_move(roll, &mv.to_string()).unwrap(), mv);
        assert_eq!(&pos.parse_move(None, &mv.turn()).unwrap(), mv);
    }
    // The mark may be left out, as in a record; the move read has it.
    let capture = moves.iter().find(|m| m.to_string().ends_with('*')).unwrap();
    let unmarked = capture.to_string().trim_end_matches('*').to_string();
    assert_eq!(&pos.parse_move(roll, &unmarked).unwrap(), capture);
    let err = pos.parse_move(roll, "r9-r11").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::IllegalMove);
    assert!(!err.legal().is_empty());
    assert!(pos.parse_move(roll, "r9 r11").is_err());
    // Playing an illegal move leaves the position as it was.
    let mut copy = pos.boxed();
    let before = copy.position_tag();
    let illegal = billes_core::game::Move::new("G".into(), roll, moves[0].actions.clone());
    let refused = copy.play(&illegal).unwrap_err();
    assert_eq!(refused.kind(), ErrorKind::Seat);
    assert!(matches!(refused, PlayError::NotToAct(_)));
    // As a replay's mistake: the same kind and words, placed nowhere.
    let message = refused.to_string();
    let replay: billes_core::ReplayError = refused.into();
    assert_eq!((replay.kind, replay.message), (ErrorKind::Seat, message));
    let missing = pos.legal_moves(None).unwrap_err();
    assert!(matches!(missing, PlayError::Roll(_)), "{missing:?}");
    assert_eq!(copy.position_tag(), before);
    assert_eq!(copy.turns(), 0);
}
