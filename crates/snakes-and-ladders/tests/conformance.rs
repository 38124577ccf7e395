//! The rules every game keeps (`billes_game::conformance`), on Snakes and
//! Ladders' standard rules, with its perft counts from the start (two
//! players): one move a roll, so 6, 36 and 216 sequences.

use billes_game::conformance::{assert_conforms, Kit};

#[test]
fn snakes_and_ladders_keeps_the_rules_every_game_keeps() {
    assert_conforms(
        &billes_snakes_and_ladders::SnakesAndLadders::default(),
        &Kit::default().with_perft(&[(1, 6), (2, 36), (3, 216)]),
    );
}
