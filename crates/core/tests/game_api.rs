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
        (billes_core::aggravation::KIND, "R B G Y"),
        (billes_core::barricade::KIND, "R G Y"),
        (billes_core::offboard::KIND, "R B"),
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
        let engine = Standard::new(billes_core::aggravation::KIND);
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
    let engine = Standard::new(billes_core::aggravation::KIND);
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

#[test]
fn a_game_s_own_need_reaches_a_program_through_position() {
    use billes_core::game::Need as _;
    use billes_core::{aggravation, barricade, offboard};

    let next = |kind: GameKind, tags: &[(&str, &str)]| {
        let engine = Standard::new(kind);
        let pos = engine.position(tags).unwrap();
        pos.next()
    };
    let team = next(
        billes_core::aggravation::KIND,
        &[
            ("Seats", "R B P G Y W"),
            ("Teams", "R+P+Y B+G+W"),
            ("Position", "R:rh1,rh2,rh3,rh4 P:p9 move=R"),
        ],
    );
    let [teammate] = team.needs.as_slice() else {
        panic!("{team:?}");
    };
    assert_eq!(
        teammate.downcast_ref::<aggravation::Need>(),
        Some(&aggravation::Need::Teammate {
            seats: vec!["P".into(), "Y".into()]
        })
    );
    assert_eq!(teammate.phrase(), "; rolls for P or Y");
    assert_eq!(teammate.downcast_ref::<barricade::Need>(), None);

    let six = next(
        billes_core::barricade::KIND,
        &[
            ("Seats", "R G Y"),
            ("Position", "G:g1 move=Y replay=G:g1 held=G"),
        ],
    );
    let found: Vec<Option<&barricade::Need>> = six
        .needs
        .iter()
        .map(|n| n.downcast_ref::<barricade::Need>())
        .collect();
    let replay = barricade::Need::Replay {
        point: "g1".into(),
        declined: "Y".into(),
    };
    assert_eq!(found, [Some(&barricade::Need::PutDown), Some(&replay)]);
    // The replay offers the turn (G replays or Y rolls): its words stand in
    // place of "to roll"; the barricade's come after them.
    let offers: Vec<Option<String>> = six.needs.iter().map(|n| n.offer()).collect();
    assert_eq!(
        offers,
        [
            None,
            Some(" may replay the 6 with the pawn on g1, or Y rolls".to_string())
        ]
    );
    assert_eq!(replay.offer(), offers[1]);
    assert_eq!(six.needs[0].downcast_ref::<offboard::Need>(), None);
    // A need serializes as its game's type (`billes moves --json`).
    assert_eq!(
        serde_yaml::to_string(&six.needs).unwrap(),
        "- need: put_down\n- need: replay\n  point: g1\n  declined: Y\n"
    );

    let pushed = next(
        billes_core::offboard::KIND,
        &[
            ("Seats", "R B"),
            ("Position", "R:a1 B:i9 t5=B move=B pending=t5"),
        ],
    );
    assert_eq!(
        pushed.needs[0].downcast_ref::<offboard::Need>(),
        Some(&offboard::Need::PutBackOrRemove)
    );
    assert_eq!(
        pushed.needs[0].prompt().as_deref(),
        Some(": put the pushed marble back (+cell) or take it out (~ then a move)")
    );
}

/// The edits the rules type of `_rules` declares.
fn edits_of<G: billes_core::registry::GameRules>(
    _rules: &G,
) -> &'static [billes_core::edit::EditOp] {
    G::edits()
}

/// Each game reads every edit it declares (`GameRules::edits`) into its own
/// type, and refuses any other with the names of those it takes.
#[test]
fn a_game_applies_the_edits_it_declares_and_refuses_others_by_its_list() {
    use billes_core::edit::{Edit, EditOp};
    for kind in billes_core::registry::all() {
        billes_core::with_standard!(kind, rules => {
            use billes_core::registry::GameRules as _;
            let rules = rules.clone();
            // Two players: R and B, or the game's own two (Ludo's sit
            // opposite).
            let own = billes_core::registry::GameRules::seats_for(&rules, 2).unwrap().join(" ");
            let mut state = ["R B", own.as_str()]
                .iter()
                .find_map(|seats| {
                    let text = format!("[Game \"{kind}\"]\n[Seats \"{seats}\"]\n\n*\n");
                    let game = billes_notation::parse_game(&text).unwrap();
                    billes_core::registry::GameRules::setup(&rules, &game).ok()
                })
                .unwrap();
            let ops = edits_of(&rules);
            for op in ops {
                let edit = Edit::new(op.name, op.args.iter().map(|&a| (a, "zz".to_string())));
                let refused = rules.apply_edit(&mut state, &edit).unwrap_err();
                // Read, then refused by the board: no point is called zz.
                assert!(refused.to_string().contains("zz"), "{kind:?}: {refused}");
                assert!(!refused.to_string().starts_with("unknown"), "{kind:?}: {refused}");
            }
            let other = Edit::new("teleport", [("at", "zz".to_string())]);
            let refused = rules.apply_edit(&mut state, &other).unwrap_err();
            if ops.is_empty() {
                assert_eq!(refused.to_string(), "teleport zz: this game takes no edits");
            } else {
                assert_eq!(refused, EditOp::unknown("teleport", ops), "{kind:?}");
            }
        });
    }
}
