//! The reference examples of the rule texts (`notation/ludo.md` and
//! `notation/mensch-aergere-dich-nicht.md` give the rules; the texts'
//! section 11 gives these), each as the legal moves of a position or a
//! record checked turn by turn.

use billes_game::game::{GameRules, Roll};
use billes_game::variant::NoHooks;
use billes_notation::Seat;
use billes_race::Race;

/// The legal moves of `seat` with `roll` in the position `tags` set up.
fn moves(game: &str, tags: &str, seat: &str, roll: u8) -> Vec<String> {
    let rules = Race::named(game).expect("shipped");
    let record =
        billes_notation::parse_game(&format!("[Game \"{game}\"]\n{tags}\n\n*\n")).expect("tags");
    let state = rules.setup(&record).expect("set up");
    rules
        .legal_moves(&state, Seat::from(seat), Roll::new(roll), 1, &NoHooks)
        .expect("moves")
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Whether `record` (its movetext) replays under `game`'s rules, and its
/// first mistake otherwise.
fn check(game: &str, tags: &str, movetext: &str) -> Result<(), String> {
    let rules = Race::named(game).expect("shipped");
    let text = format!("[Game \"{game}\"]\n{tags}\n\n{movetext} *\n");
    let record = billes_notation::parse_game(&text).map_err(|e| e.message)?;
    billes_game::validate_with(&rules, &record)
        .map(|_| ())
        .map_err(|e| format!("{}: {}", e.kind.name(), e.message))
}

#[test]
fn ludo_enters_on_a_six_only() {
    let seats = "[Seats \"R Y\"]";
    assert_eq!(moves("ludo", seats, "R", 4), ["--"]);
    assert_eq!(moves("ludo", seats, "R", 6), ["+t1"]);
    // Then R rolls again; a 3 takes the piece from t1 to t4.
    assert!(check("ludo", seats, "1. R6 +t1 2. R3 t1-t4 3. Y2 --").is_ok());
    // Entering is never compulsory (5.2): a 6 may move a piece instead.
    let out = "[Seats \"R Y\"]\n[Position \"R:t9 Y: move=R\"]";
    assert_eq!(moves("ludo", out, "R", 6), ["+t1", "t9-t15"]);
}

#[test]
fn ludo_goes_up_the_home_column_and_finishes_by_the_exact_count() {
    let on = |p: &str| format!("[Seats \"R Y\"]\n[Position \"R:{p} Y: move=R\"]");
    assert_eq!(moves("ludo", &on("t49"), "R", 5), ["t49-r3"]);
    assert_eq!(moves("ludo", &on("r3"), "R", 4), ["--"], "past rh: no move");
    assert_eq!(moves("ludo", &on("r3"), "R", 3), ["r3-rh"]);
    let green = "[Seats \"R G Y\"]\n[Position \"R: G:t10 Y: move=G\"]";
    assert_eq!(moves("ludo", green, "G", 4), ["t10-g2"]);
}

#[test]
fn ludo_voids_the_third_six() {
    let seats = "[Seats \"R G Y\"]";
    assert!(check("ludo", seats, "1. R6 +t1 2. R6 t1-t7 3. R6 -- 4. G2 --").is_ok());
    let err = check("ludo", seats, "1. R6 +t1 2. R6 t1-t7 3. R6 t7-t13").unwrap_err();
    assert!(err.starts_with("illegal_move"), "{err}");
    // The third six passes the turn on.
    let err = check("ludo", seats, "1. R6 +t1 2. R6 t1-t7 3. R6 -- 4. R2 t7-t9").unwrap_err();
    assert!(err.starts_with("seat"), "{err}");
    // A six that cannot be used still gives the roll (4.2).
    assert!(check(
        "ludo",
        seats,
        "1. R6 +t1 2. R6 t1-t7 3. R6 -- 4. G6 +t14 5. G6 t14-t20"
    )
    .is_ok());
}

#[test]
fn ludo_captures_by_landing_even_on_the_start_square() {
    let tags = "[Seats \"R G Y\"]\n[Position \"R: G: Y:t14 move=G\"]";
    assert_eq!(moves("ludo", tags, "G", 6), ["+t14*"]);
    // A missing mark is read, a false one refused.
    assert!(check("ludo", tags, "1. G6 +t14").is_ok());
    let quiet = "[Seats \"R G Y\"]\n[Position \"R: G: Y:t20 move=G\"]";
    let err = check("ludo", quiet, "1. G6 +t14*").unwrap_err();
    assert!(err.starts_with("effect"), "{err}");
    // No doubling: an own piece on the landing square bars the move.
    let own = "[Seats \"R Y\"]\n[Position \"R:t3,t5 Y: move=R\"]";
    assert_eq!(moves("ludo", own, "R", 2), ["t5-t7"]);
}

#[test]
fn ludo_plays_on_for_the_places() {
    let tags = "[Seats \"R G Y\"]\n[Position \"R:rh,rh,rh,r5 G:t20 Y:t30 move=R\"]";
    assert!(
        check("ludo", tags, "1. R1 r5-rh 2. G2 t20-t22").is_ok(),
        "R finished, G plays on"
    );
    let err = check("ludo", tags, "1. R1 r5-rh 2. R2 --").unwrap_err();
    assert!(err.starts_with("seat"), "a finished seat is skipped: {err}");
}

#[test]
fn mensch_gives_three_tries_with_no_piece_out() {
    let seats = "[Seats \"R G\"]";
    assert!(check(
        "mensch-aergere-dich-nicht",
        seats,
        "1. R3 -- 2. R5 -- 3. R6 +t1 4. R4 t1-t5 5. G1 --"
    )
    .is_ok());
    let err = check("mensch-aergere-dich-nicht", seats, "1. R3 -- 2. G5 --").unwrap_err();
    assert!(err.starts_with("seat"), "R's second try: {err}");
    assert!(check(
        "mensch-aergere-dich-nicht",
        seats,
        "1. R3 -- 2. R5 -- 3. R1 -- 4. G5 --"
    )
    .is_ok());
}

#[test]
fn mensch_makes_entering_and_clearing_the_start_compulsory() {
    let game = "mensch-aergere-dich-nicht";
    let start = "[Seats \"R G\"]\n[Position \"R:t1,t7 G:t9 move=R\"]";
    assert_eq!(
        moves(game, start, "R", 2),
        ["t1-t3"],
        "even if t7-t9 would capture"
    );
    let free = "[Seats \"R G\"]\n[Position \"R:t7 G: move=R\"]";
    assert_eq!(moves(game, free, "R", 6), ["+t1"]);
    let out = "[Seats \"R G\"]\n[Position \"R:t38 G: move=R\"]";
    assert_eq!(moves(game, out, "R", 4), ["t38-r2"]);
    let jump = "[Seats \"R G\"]\n[Position \"R:t38,r1 G: move=R\"]";
    assert_eq!(
        moves(game, jump, "R", 4),
        ["--"],
        "no jumping over r1, r1 past r4"
    );
    assert_eq!(
        moves(game, jump, "R", 3),
        ["r1-r4"],
        "t38 would land on its own r1"
    );
    let blue = "[Seats \"R B G\"]\n[Position \"R:t11 B: G: move=B\"]";
    assert_eq!(moves(game, blue, "B", 6), ["+t11*"]);
}

#[test]
fn mensch_ends_with_the_first_to_finish() {
    let game = "mensch-aergere-dich-nicht";
    let tags = "[Seats \"R G\"]\n[Position \"R:r4,r3,r2,t40 G:t9 move=R\"]";
    assert!(check(game, tags, "1. R1 t40-r1").is_ok());
    let err = check(game, tags, "1. R1 t40-r1 2. G2 t9-t11").unwrap_err();
    assert!(err.starts_with("after_end"), "{err}");
}

#[test]
fn mensch_one_out_starts_a_piece_on_each_a_field() {
    let base = Race::named("mensch-aergere-dich-nicht").expect("shipped");
    let params = billes_race::Params {
        start_out: Some(1),
        ..Default::default()
    };
    let rules = base.with_params(params).expect("one out");
    let record =
        billes_notation::parse_game("[Game \"mensch-aergere-dich-nicht\"]\n[Seats \"R G\"]\n\n*\n")
            .expect("tags");
    let state = rules.setup(&record).expect("set up");
    assert_eq!(rules.position_tag(&state), "R:t1 G:t21");
    // The piece on the A-field moves first (5.3), whatever the roll.
    let moves: Vec<String> = rules
        .legal_moves(&state, Seat::from("R"), Roll::new(2), 1, &NoHooks)
        .expect("moves")
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(moves, ["t1-t3"]);
    // Two pieces would share the A-field: refused.
    let two = billes_race::Params {
        start_out: Some(2),
        ..Default::default()
    };
    let refused = base.with_params(two).unwrap_err();
    assert!(refused.0.contains("one piece at most"), "{}", refused.0);
}
