//! `game.yaml` loaded and checked: the shipped Ludo passes, and each kind
//! of mistake is reported where it is.

use billes_race::{check, load, load_str, LoadError, Problem, MAX_PARENT_DEPTH};

const LUDO: &str = include_str!("../../../games/ludo/game.yaml");

/// A small game that passes every check, for the mistakes to be made in.
const SMALL: &str = "\
name: small
title: Small
seats: [R, B]
seatings: { 2: [R, B] }
pieces: 2
dice: { count: 1, faces: 6 }
track: { names: \"t1..t4\" }
paths:
  R: { entry: t1, last: t4, home: \"r1..r2\", goal: rh }
  B: { entry: t3, last: t2, home: [b1, b2], goal: bh }
flow:
  enter_on: [6]
  extra_roll_on: six
  extra_rolls_limit: 2
  capture: land
  own_stack: none
  exact_finish: true
  compulsory: [move]
drawing:
  grid: |
    t1 t2 rh r2
    t4 t3 r1 .
    bh b2 b1 .
";

fn problems(text: &str) -> Vec<Problem> {
    check(&load_str("game.yaml", text).expect("loads"))
}

fn lookup<'a>(games: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<(String, String)> + 'a {
    move |name| {
        games
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, text)| (format!("{n}/game.yaml"), (*text).to_owned()))
    }
}

#[test]
fn ludo_loads_and_passes_every_check() {
    let ludo = load_str("games/ludo/game.yaml", LUDO).expect("ludo loads");
    assert_eq!(check(&ludo), []);
    assert_eq!(ludo.name, "ludo");
    assert_eq!(ludo.seats, ["R", "G", "Y", "B"]);
    assert_eq!(ludo.seatings[&2], ["R", "Y"]);
    assert_eq!(ludo.track.names.len(), 52);
    let starts: Vec<_> = ["R", "G", "Y", "B"]
        .iter()
        .map(|s| (ludo.paths[*s].entry.as_str(), ludo.paths[*s].last.as_str()))
        .collect();
    assert_eq!(
        starts,
        [
            ("t1", "t51"),
            ("t14", "t12"),
            ("t27", "t25"),
            ("t40", "t38")
        ]
    );
    assert_eq!(ludo.paths["R"].home.0, ["r1", "r2", "r3", "r4", "r5"]);
    // The start squares at their places on the cross.
    let at = |name: &str| {
        ludo.drawing
            .cells()
            .find(|(n, _, _)| *n == name)
            .map(|(_, c, r)| (c, r))
    };
    assert_eq!(at("t1"), Some((1, 6)));
    assert_eq!(at("t14"), Some((8, 1)));
    assert_eq!(at("t27"), Some((13, 8)));
    assert_eq!(at("t40"), Some((6, 13)));
    assert_eq!(ludo.drawing.grid.lines().count(), 15);
}

#[test]
fn the_small_game_passes() {
    assert_eq!(problems(SMALL), []);
}

#[test]
fn bad_yaml_is_refused_at_its_line_and_column() {
    let text = SMALL.replace("pieces: 2", "pieces: [2");
    let e = load_str("bad/game.yaml", &text).unwrap_err();
    assert_eq!(e.file, "bad/game.yaml");
    // The unclosed list of line 5 is found wanting on line 6.
    assert_eq!(e.place, Some((6, 5)));
    assert_eq!(
        e.to_string(),
        "bad/game.yaml:6:5: did not find expected ',' or ']'"
    );
}

#[test]
fn a_wrong_type_is_refused_at_its_place() {
    let text = SMALL.replace("pieces: 2", "pieces: two");
    let e = load_str("game.yaml", &text).unwrap_err();
    assert_eq!(e.place.map(|p| p.0), Some(5), "{e}");
    assert!(e.message.contains("pieces"), "{e}");
}

#[test]
fn an_unknown_field_is_refused_and_named() {
    let text = SMALL.replace("  capture: land", "  capture: land\n  captures: 3");
    let e = load_str("game.yaml", &text).unwrap_err();
    assert!(e.message.contains("unknown field `captures`"), "{e}");
    assert_eq!(e.place.map(|p| p.0), Some(16), "{e}");
}

#[test]
fn a_bad_range_is_refused() {
    let text = SMALL.replace("t1..t4", "t4..t1");
    let e = load_str("game.yaml", &text).unwrap_err();
    assert!(e.message.contains("runs backwards"), "{e}");
    assert_eq!(e.place.map(|p| p.0), Some(7), "{e}");
}

#[test]
fn a_duplicate_name_is_reported_with_both_fields() {
    let text = SMALL.replace("home: [b1, b2]", "home: [b1, t2]");
    let found = problems(&text);
    assert!(
        found.iter().any(|p| p.field == "paths.B.home"
            && p.message
                .contains("t2 is named twice (also in track.names)")),
        "{found:?}"
    );
}

#[test]
fn an_invalid_point_name_is_reported() {
    let text = SMALL
        .replace("goal: rh", "goal: RH")
        .replace("rh r2", "RH r2");
    let found = problems(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].field, "paths.R.goal");
    assert!(found[0].message.contains("not a point name"), "{found:?}");
}

#[test]
fn a_broken_path_is_reported() {
    let text = SMALL
        .replace("entry: t1, last: t4", "entry: t9, last: r1")
        .replace("home: [b1, b2], goal: bh", "home: []");
    let found: Vec<String> = problems(&text).iter().map(|p| p.to_string()).collect();
    for want in [
        "paths.R.entry: t9 is not on the track",
        "paths.R.last: r1 is not on the track",
        "paths.B.goal: no goal and no home column: a piece has nowhere to go",
    ] {
        assert!(found.iter().any(|f| f == want), "{want} not in {found:?}");
    }
}

#[test]
fn seatings_name_known_seats() {
    let text = SMALL.replace("2: [R, B]", "2: [R, G]");
    let found = problems(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].to_string(),
        "seatings.2: G is not one of the seats"
    );
}

#[test]
fn a_point_missing_from_the_grid_is_reported() {
    let text = SMALL.replace("bh b2 b1", ".  b2 b1");
    let found = problems(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].to_string(), "drawing.grid: bh is not drawn");
}

#[test]
fn a_point_drawn_twice_or_unknown_is_reported() {
    let text = SMALL.replace("t1 t2 rh r2", "t1 t2 rh r2 t1 zz");
    let found: Vec<String> = problems(&text).iter().map(|p| p.to_string()).collect();
    assert_eq!(
        found,
        [
            "drawing.grid: t1 is drawn twice (column 0, row 0 and column 4, row 0)",
            "drawing.grid: zz (column 5, row 0) is not a point of the game",
        ]
    );
}

#[test]
fn flow_values_out_of_range_are_reported() {
    let text = SMALL
        .replace("enter_on: [6]", "enter_on: [0, 7]")
        .replace("extra_roll_on: six", "extra_roll_on: doubles")
        .replace("extra_rolls_limit: 2", "extra_rolls_limit: 99");
    let fields: Vec<String> = problems(&text).into_iter().map(|p| p.field).collect();
    assert_eq!(
        fields,
        [
            "flow.enter_on",
            "flow.enter_on",
            "flow.extra_roll_on",
            "flow.extra_rolls_limit"
        ]
    );
}

#[test]
fn every_problem_is_reported_not_just_the_first() {
    let text = SMALL
        .replace("pieces: 2", "pieces: 0")
        .replace("2: [R, B]", "2: [R]")
        .replace("bh b2 b1", ".  b2 b1");
    let fields: Vec<String> = problems(&text).into_iter().map(|p| p.field).collect();
    assert_eq!(fields, ["seatings.2", "pieces", "drawing.grid"]);
}

#[test]
fn a_child_overrides_one_flow_field() {
    let child = "name: quick\nparent: small\nflow: { extra_rolls_limit: 0 }\n";
    let games = [("small", SMALL)];
    let game = load("quick/game.yaml", child, lookup(&games)).expect("loads");
    let parent = load_str("small/game.yaml", SMALL).expect("loads");
    assert_eq!(game.name, "quick");
    assert_eq!(game.flow.extra_rolls_limit, Some(0));
    // Everything else is the parent's, the rest of `flow` included.
    let mut same = game.clone();
    same.name = parent.name.clone();
    same.flow.extra_rolls_limit = parent.flow.extra_rolls_limit;
    assert_eq!(same, parent);
    assert_eq!(check(&game), []);
}

#[test]
fn a_child_replaces_lists_whole() {
    let child = "parent: small\nflow: { compulsory: [enter, move] }\nsafe: [t2]\n";
    let games = [("small", SMALL)];
    let game = load("c.yaml", child, lookup(&games)).expect("loads");
    assert_eq!(game.flow.compulsory.len(), 2);
    assert_eq!(game.safe.0, ["t2"]);
    assert_eq!(game.flow.enter_on, [6]);
}

#[test]
fn grandparents_are_merged_in_order() {
    let middle = "name: middle\nparent: small\npieces: 3\nflow: { capture: none }\n";
    let child = "name: last\nparent: middle\npieces: 4\n";
    let games = [("small", SMALL), ("middle", middle)];
    let game = load("last.yaml", child, lookup(&games)).expect("loads");
    assert_eq!(game.name, "last");
    assert_eq!(game.pieces, 4);
    assert_eq!(game.flow.capture, billes_race::Capture::None);
}

#[test]
fn an_inheritance_cycle_is_refused_with_its_chain() {
    let a = "name: a\nparent: b\n";
    let b = "name: b\nparent: c\n";
    let c = "name: c\nparent: a\n";
    let games = [("a", a), ("b", b), ("c", c)];
    let e = load("a/game.yaml", a, lookup(&games)).unwrap_err();
    assert_eq!(e.file, "c/game.yaml");
    assert!(e.message.contains("a -> b -> c -> a"), "{e}");
}

#[test]
fn a_chain_of_parents_is_capped() {
    let texts: Vec<String> = (0..=MAX_PARENT_DEPTH + 1)
        .map(|i| format!("name: g{i}\nparent: g{}\n", i + 1))
        .collect();
    let names: Vec<String> = (0..texts.len()).map(|i| format!("g{i}")).collect();
    let games: Vec<(&str, &str)> = names
        .iter()
        .zip(&texts)
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    let e = load("g0/game.yaml", &texts[0], lookup(&games)).unwrap_err();
    assert!(
        e.message
            .contains(&format!("more than {MAX_PARENT_DEPTH} parents")),
        "{e}"
    );
}

#[test]
fn a_missing_parent_is_refused() {
    let e: LoadError = load_str("c.yaml", "parent: nowhere\n").unwrap_err();
    assert_eq!(e.to_string(), "c.yaml: parent: no game named \"nowhere\"");
}

#[test]
fn a_wrong_field_under_a_parent_names_the_child() {
    let child = "parent: small\nflow: { capture: sometimes }\n";
    let games = [("small", SMALL)];
    let e = load("c.yaml", child, lookup(&games)).unwrap_err();
    assert_eq!(e.file, "c.yaml");
    assert!(e.message.contains("sometimes"), "{e}");
}

#[test]
fn seats_may_share_one_goal() {
    let text = SMALL
        .replace("goal: bh", "goal: rh")
        .replace("bh b2 b1", ".  b2 b1");
    assert_eq!(problems(&text), []);
}

#[test]
fn a_childs_misspelt_key_is_placed_in_the_childs_text() {
    let child = "name: quick\nparent: small\nflow: { play_onn: false }\n";
    let lookup =
        |name: &str| (name == "small").then(|| ("small/game.yaml".to_owned(), SMALL.to_owned()));
    let error = billes_race::load("quick/game.yaml", child, lookup).unwrap_err();
    assert_eq!(error.place, Some((3, 9)), "{error}");
    assert!(
        error
            .to_string()
            .starts_with("quick/game.yaml:3:9: unknown field `play_onn`"),
        "{error}"
    );
}

#[test]
fn the_rules_of_one_die_and_of_two_are_not_mixed() {
    // Two dice: a written part names no value, so an entry has one value
    // and a bonus is longer than any die; the rules of one die are refused.
    let two = SMALL
        .replace("count: 1", "count: 2")
        .replace(
            "enter_on: [6]",
            "enter_on: [5, 6]\n  bonus: { capture: 4 }\n  tries: 3",
        )
        .replace("extra_roll_on: six", "extra_roll_on: doubles");
    let found: Vec<String> = problems(&two).iter().map(|p| p.to_string()).collect();
    for want in [
        "flow.enter_on: a game of two dice enters on one value",
        "flow.bonus: 4: a bonus is more than 6 steps",
        "flow.tries: 3: a rule of games of one die",
    ] {
        assert!(
            found.iter().any(|f| f.starts_with(want)),
            "{want} not in {found:?}"
        );
    }
    // One die: the rules of two dice are refused.
    let one = SMALL.replace(
        "own_stack: none",
        "own_stack: blockade\n  bonus: { capture: 20 }",
    );
    let found: Vec<String> = problems(&one).iter().map(|p| p.to_string()).collect();
    for want in [
        "flow.own_stack: blockade: a rule of games of two dice",
        "flow.bonus: bonus moves: a rule of games of two dice",
    ] {
        assert!(found.iter().any(|f| f == want), "{want} not in {found:?}");
    }
}
