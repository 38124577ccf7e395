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

/// Briefs (what `billes validate` reads Aggravation's plainest turns as)
/// are played as their turns in games of four seats in two teams too,
/// where a seat with every marble HOME rolls for its teammate (a turn the
/// briefs leave to the tree).
#[test]
fn aggravation_plays_briefs_as_turns_in_team_play() {
    use billes_game::conformance::{briefs, simulate, Outcome};

    let rules = billes_aggravation::Aggravation::default();
    let mut kit = Kit::default().with_seeds(1..=4).with_max_turns(2000);
    kit.sim.players = 4;
    kit.sim.teams = Some("R+G B+Y".into());
    let (games, _) = simulate(&rules, &kit).expect("simulated");
    let for_teammate = games
        .iter()
        .flat_map(|g| &g.record.line.turns)
        .filter(|t| t.head.mover.is_some())
        .count();
    assert!(for_teammate > 0, "no seat rolled for its teammate");
    match briefs(&rules, &games) {
        Ok(Outcome::Passed(what)) => println!("{what}; {for_teammate} turns for a teammate"),
        other => panic!("{other:?}"),
    }
}
