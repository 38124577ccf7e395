//! The rules every game keeps (`billes_game::conformance`), on Barricade's
//! standard rules, with its perft counts from the start (two players).

use billes_game::conformance::{assert_conforms, Kit};

#[test]
fn barricade_keeps_the_rules_every_game_keeps() {
    assert_conforms(
        &billes_barricade::Barricade::default(),
        &Kit::default().with_perft(&[(1, 12), (2, 149)]),
    );
}
