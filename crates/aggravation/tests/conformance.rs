//! The rules every game keeps (`billes_game::conformance`), on Aggravation's
//! standard rules, with its perft counts from the start (two players).

use billes_game::conformance::{assert_conforms, Kit};

#[test]
fn aggravation_keeps_the_rules_every_game_keeps() {
    assert_conforms(
        &billes_aggravation::Aggravation::default(),
        &Kit::default().with_perft(&[(1, 6), (2, 37)]),
    );
}
