//! The rules every game keeps (`billes_game::conformance`), on Barricade's
//! standard rules, with its perft counts from the start (two players).
//! Its games' barricades give hundreds of moves a roll, which the kit
//! tries against each other: the seeds are checked side by side.

use billes_game::conformance::{assert_conforms_side_by_side, Kit};

#[test]
fn barricade_keeps_the_rules_every_game_keeps() {
    let kit = Kit::default().with_perft(&[(1, 12), (2, 149)]);
    let reports = assert_conforms_side_by_side(billes_barricade::Barricade::default, &kit);
    assert_eq!(reports.len(), kit.seeds.len());
}
