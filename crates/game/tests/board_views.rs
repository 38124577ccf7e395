//! What a position shows to hooks (`variant::BoardView`), as the games
//! answer it.

use billes_core::variant::BoardView;
use billes_core::view::View;
use billes_core::Rules;

#[test]
fn copy_into_reuses_a_box_of_the_same_game() {
    let game =
        billes_notation::parse_game("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + *\n")
            .expect("record parses");
    let rules = billes_core::aggravation::Aggravation::default();
    let mut state = Rules::setup(&rules, &game).expect("start position");
    let mut slot: Option<Box<dyn BoardView>> = None;
    state.copy_into(&mut slot);
    let first = slot
        .as_deref()
        .map(|v| v as *const dyn BoardView as *const ());
    Rules::play(&rules, &mut state, &game.line.turns[0]).expect("legal turn");
    state.copy_into(&mut slot);
    let second = slot
        .as_deref()
        .map(|v| v as *const dyn BoardView as *const ());
    assert_eq!(first, second, "the box is reused");
    assert_eq!(slot.as_ref().and_then(|v| v.at("r9")), Some("R"));
    let offboard = billes_core::offboard::Offboard::default().start();
    offboard.copy_into(&mut slot);
    assert_eq!(
        slot.as_ref().map(|v| v.seats()),
        Some(vec!["R".into(), "B".into()])
    );
}

#[test]
fn a_picture_answers_as_the_game_s_own_board() {
    let game = billes_notation::parse_game(
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 3. G6 + *\n",
    )
    .expect("record parses");
    let rules = billes_core::aggravation::Aggravation::default();
    let mut state = Rules::setup(&rules, &game).expect("start position");
    for turn in &game.line.turns {
        Rules::play(&rules, &mut state, turn).expect("legal turn");
    }
    let picture = state.view();
    let own: &dyn BoardView = &state;
    let seen: &dyn BoardView = &picture;
    assert_eq!(seen.seats(), own.seats());
    for seat in ["R", "G"] {
        assert_eq!(seen.pieces(seat), own.pieces(seat));
        assert_eq!(seen.reserve(seat), own.reserve(seat));
        assert_eq!(seen.finished(seat), own.finished(seat));
        assert_eq!(seen.team(seat), own.team(seat));
    }
    for hole in ["r9", "r12", "g9", "c"] {
        assert_eq!(seen.at(hole), own.at(hole), "{hole}");
    }
    assert_eq!(seen.at("r12"), Some("R"));
    assert_eq!(seen.boxed().pieces("G"), ["g9"]);
}
