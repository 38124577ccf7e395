//! The rules every game keeps (`billes_game::conformance`), on Offboard's
//! standard rules, with its perft counts from the start (two players).

use billes_game::conformance::{assert_conforms, Kit};

#[test]
fn offboard_keeps_the_rules_every_game_keeps() {
    assert_conforms(
        &billes_offboard::Offboard::default(),
        &Kit::default().with_perft(&[(1, 26), (2, 676)]),
    );
}

/// Briefs (what `billes validate` reads Offboard's plainest turns as) are
/// played as their turns on more games than the kit's three, among them
/// positions where a marble pushed towards a full target waits to be put
/// back or removed, where no line move is legal.
#[test]
fn offboard_plays_briefs_as_turns_with_marbles_pending() {
    use billes_game::conformance::{briefs, simulate, Outcome};
    use billes_game::game::GameRules;

    let rules = billes_offboard::Offboard::default();
    let kit = Kit::default().with_seeds(1..=12);
    let (games, _) = simulate(&rules, &kit).expect("simulated");
    let pending = games
        .iter()
        .flat_map(|g| &g.states)
        .filter(|s| rules.position_tag(s).contains("pending="))
        .count();
    assert!(pending > 0, "no marble pending in the games");
    match briefs(&rules, &games) {
        Ok(Outcome::Passed(what)) => println!("{what}; {pending} positions with a marble pending"),
        other => panic!("{other:?}"),
    }
}
