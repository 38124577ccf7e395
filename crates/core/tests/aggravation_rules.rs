//! One test (at least) per rule sentence of the Aggravation seeds (000, 001,
//! 003) and per decision of notation/aggravation.md, on small positions.
#![allow(clippy::unwrap_used)]

use billes_core::aggravation::{Aggravation, Params, State};
use billes_core::{Colour, ErrorKind, ReplayError, Rules, TextBoard};
use billes_notation::{Action, Capture, Game, Line, Outcome, Span, Tag, Turn};

/// Reads a turn as the tests write it: `R6 +`, `R3 g0-r0-r2*`, `R4>G --`.
fn turn(number: u32, text: &str) -> Turn {
    let mut words = text.split_whitespace();
    let head = words.next().unwrap();
    let (head, mover) = match head.split_once('>') {
        Some((h, m)) => (h, Some(m.into())),
        None => (head, None),
    };
    let split = head
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(head.len());
    let actions: Vec<Action> = words
        .map(|w| {
            let (body, capture) = match w.strip_suffix('*') {
                Some(b) => (b, Some(Capture::default())),
                None => (w, None),
            };
            if body == "--" {
                Action::Pass {
                    span: Span::default(),
                }
            } else if let Some(to) = body.strip_prefix('+') {
                Action::Place {
                    to: (!to.is_empty()).then(|| to.into()),
                    capture,
                    span: Span::default(),
                }
            } else {
                Action::Move {
                    path: body.split('-').map(Into::into).collect(),
                    capture,
                    barricade: false,
                    span: Span::default(),
                }
            }
        })
        .collect();
    Turn::new(
        number,
        head[..split].into(),
        head[split..].parse().ok(),
        mover,
        actions,
    )
}

fn game(tags: &[(&str, &str)]) -> Game {
    Game {
        tags: tags
            .iter()
            .map(|(n, v)| Tag {
                name: n.to_string(),
                value: v.to_string(),
                span: Span::default(),
            })
            .collect(),
        line: Line::default(),
        outcome: Outcome {
            winners: vec![],
            span: Span::default(),
        },
        span: Span::default(),
    }
}

/// Plays `turns` from the position the tags describe, under `rules`.
fn run_with(
    rules: &Aggravation,
    tags: &[(&str, &str)],
    turns: &[&str],
) -> Result<State, ReplayError> {
    let mut state = rules.setup(&game(tags))?;
    for (i, t) in turns.iter().enumerate() {
        rules.play(&mut state, &turn(i as u32 + 1, t))?;
    }
    Ok(state)
}

fn run(tags: &[(&str, &str)], turns: &[&str]) -> Result<State, ReplayError> {
    run_with(&Aggravation::default(), tags, turns)
}

/// Two players, Red and Green, from a position.
fn rg(position: &str, turns: &[&str]) -> Result<State, ReplayError> {
    run(&[("Seats", "R G"), ("Position", position)], turns)
}

fn ok(r: Result<State, ReplayError>) -> State {
    r.unwrap_or_else(|e| panic!("{:?}: {}", e.kind, e.message))
}

/// The error kind and message.
fn err(r: Result<State, ReplayError>) -> (ErrorKind, String) {
    match r {
        Ok(state) => panic!("accepted:\n{}", state.text_board()),
        Err(e) => (e.kind, e.message),
    }
}

fn holes(state: &State, seat: Colour) -> Vec<String> {
    let b = billes_core::aggravation::board::standard();
    state
        .marbles_of(seat)
        .iter()
        .map(|&h| b.name(h).to_string())
        .collect()
}

const R: Colour = Colour::new(0);
const B: Colour = Colour::new(1);
const G: Colour = Colour::new(3);
const Y: Colour = Colour::new(4);

// ---- Setup and order of play ----

#[test]
fn every_marble_starts_in_base() {
    let state = ok(run(&[("Seats", "R B G Y")], &[]));
    for s in [R, B, G, Y] {
        assert_eq!(state.in_base(s), 4);
        assert!(state.marbles_of(s).is_empty());
    }
}

#[test]
fn the_first_turn_decides_who_starts() {
    // Highest roll starts: the record's first turn says who won the roll-off.
    ok(run(&[("Seats", "R B G Y")], &["G2 --"]));
    ok(run(&[("Seats", "R B G Y")], &["Y2 --"]));
    let (kind, msg) = err(run(&[("Seats", "R B G Y")], &["P2 --"]));
    assert_eq!(kind, ErrorKind::Seat);
    assert_eq!(msg, "P is not a seat in play (seats: R B G Y)");
}

#[test]
fn play_passes_clockwise_to_the_left() {
    let state = ok(run(
        &[("Seats", "R B G Y")],
        &["G2 --", "Y3 --", "R4 --", "B5 --", "G1 +"],
    ));
    assert_eq!(holes(&state, G), ["g9"]);
    let (kind, msg) = err(run(&[("Seats", "R B G Y")], &["G2 --", "R3 --"]));
    assert_eq!(kind, ErrorKind::Seat);
    assert_eq!(msg, "it is Y's turn to roll, not R's");
}

#[test]
fn seats_and_teams_tags_are_checked() {
    assert_eq!(err(run(&[], &[])).0, ErrorKind::Tag);
    assert_eq!(err(run(&[("Seats", "R")], &[])).0, ErrorKind::Tag);
    assert_eq!(err(run(&[("Seats", "R R")], &[])).0, ErrorKind::Tag);
    assert_eq!(err(run(&[("Seats", "R X")], &[])).0, ErrorKind::Tag);
    // Partners sit opposite each other; teams of three on alternate seats.
    let (kind, msg) = err(run(&[("Seats", "R B G Y"), ("Teams", "R+B G+Y")], &[]));
    assert_eq!(kind, ErrorKind::Tag);
    assert!(msg.contains("opposite"), "{msg}");
    assert_eq!(
        err(run(
            &[("Seats", "R B P G Y W"), ("Teams", "R+B+P G+Y+W")],
            &[]
        ))
        .0,
        ErrorKind::Tag
    );
    assert_eq!(
        err(run(&[("Seats", "R B G Y"), ("Teams", "R+G")], &[])).0,
        ErrorKind::Tag
    );
    ok(run(
        &[("Seats", "R B P G Y W"), ("Teams", "R+P+Y B+G+W")],
        &[],
    ));
    ok(run(
        &[("Seats", "R B P G Y W"), ("Teams", "R+G B+Y P+W")],
        &[],
    ));
}

#[test]
fn position_tags_are_checked() {
    let state = ok(rg("R:r12,c,rh1 G:g9 move=G", &[]));
    assert_eq!(state.in_base(R), 1);
    assert_eq!(state.to_roll(), Some("G"));
    for bad in [
        "R:r14",
        "R:gh1",
        "R:r1 G:r1",
        "R:r1,r2,r3,r4,r5",
        "B:b1",
        "move=B",
        "foo=1",
        "R=r1",
    ] {
        assert_eq!(err(rg(bad, &[])).0, ErrorKind::Tag, "{bad}");
    }
}

#[test]
fn the_roll_must_be_a_die_face() {
    assert_eq!(err(rg("", &["R7 --"])).0, ErrorKind::Roll);
    assert_eq!(err(rg("", &["R0 --"])).0, ErrorKind::Roll);
    assert_eq!(err(rg("", &["R --"])).0, ErrorKind::Roll);
}

// ---- Starting a marble ----

#[test]
fn a_one_or_a_six_enters_a_marble_onto_start() {
    let state = ok(rg("", &["R1 +"]));
    assert_eq!(holes(&state, R), ["r9"]);
    assert_eq!(state.in_base(R), 3);
    let state = ok(rg("", &["R6 +r9"]));
    assert_eq!(holes(&state, R), ["r9"]);
    for roll in 2..=5 {
        let (kind, msg) = err(rg("", &[&format!("R{roll} +")]));
        assert_eq!(kind, ErrorKind::IllegalMove);
        assert_eq!(
            msg,
            format!("a {roll} does not enter a marble (only a 1 or a 6); no move is legal with a {roll}: the turn is written --")
        );
    }
}

#[test]
fn entering_names_only_the_own_start() {
    let (kind, msg) = err(rg("", &["R1 +g9"]));
    assert_eq!(kind, ErrorKind::IllegalMove);
    assert_eq!(msg, "R enters on its START r9, not g9");
}

#[test]
fn no_entry_while_an_own_marble_sits_on_start() {
    let (kind, msg) = err(rg("R:r9", &["R1 +"]));
    assert_eq!(kind, ErrorKind::IllegalMove);
    assert_eq!(msg, "R already has a marble on its START r9");
}

#[test]
fn no_entry_with_an_empty_base() {
    let (_, msg) = err(rg("R:r1,r2,r3,r4", &["R1 +"]));
    assert_eq!(msg, "R has no marble left in BASE");
}

#[test]
fn entering_onto_an_opponent_on_start_aggravates_it() {
    let state = ok(rg("G:r9", &["R6 +*"]));
    assert_eq!(holes(&state, R), ["r9"]);
    assert_eq!(state.in_base(G), 4);
}

#[test]
fn a_one_or_six_may_enter_or_move() {
    ok(rg("R:r12", &["R1 +"]));
    ok(rg("R:r12", &["R1 r12-r13"]));
    ok(rg("R:r12", &["R6 +"]));
    ok(rg("R:r12", &["R6 r12-b4"]));
}

// ---- Extra turn ----

#[test]
fn a_six_gives_an_extra_turn() {
    let state = ok(rg("R:r12", &["R6 r12-b4", "R2 b4-b6", "G3 --"]));
    assert_eq!(holes(&state, R), ["b6"]);
    let (kind, msg) = err(rg("R:r12", &["R6 r12-b4", "G2 --"]));
    assert_eq!(kind, ErrorKind::Seat);
    assert_eq!(msg, "R rolled a 6 and rolls again, not G");
}

#[test]
fn a_six_gives_an_extra_turn_after_entering_and_after_a_pass() {
    ok(rg("", &["R6 +", "R3 r9-r12", "G4 --"]));
    // R cannot move a 6 (both marbles blocked) and still rolls again.
    ok(rg(
        "R:r9,r10,r11,r12 G:g1",
        &["R6 r12-b4", "R6 b4-b10", "R2 b10-b12", "G1 g1-g2"],
    ));
}

#[test]
fn one_action_per_roll_so_an_entered_marble_waits() {
    let (kind, msg) = err(rg("", &["R6 + r9-r15"]));
    assert_eq!(kind, ErrorKind::IllegalMove);
    assert_eq!(msg, "one marble moves per roll: a turn has one action");
}

// ---- Moving ----

#[test]
fn marbles_move_clockwise_by_the_exact_roll() {
    let state = ok(rg("R:r9", &["R3 r9-r12"]));
    assert_eq!(holes(&state, R), ["r12"]);
    let (kind, msg) = err(rg("R:r9", &["R3 r9-r13"]));
    assert_eq!(kind, ErrorKind::IllegalMove);
    assert_eq!(msg, "a 3 takes R's marble on r9 to r12, not r13");
    // The loop runs on from one side to the next.
    let state = ok(rg("R:r12", &["R4 r12-b2"]));
    assert_eq!(holes(&state, R), ["b2"]);
}

#[test]
fn only_own_marbles_move() {
    let (_, msg) = err(rg("G:r9", &["R3 r9-r12"]));
    assert_eq!(
        msg,
        "the marble on r9 is G's, not R's; no move is legal with a 3: the turn is written --"
    );
    let (_, msg) = err(rg("R:r1", &["R3 r9-r12"]));
    assert_eq!(msg, "R has no marble on r9");
    let (_, msg) = err(rg("R:r1", &["R3 r1-x4"]));
    assert_eq!(msg, "there is no hole x4 on this board");
}

#[test]
fn every_hole_counts_and_opponents_are_jumped() {
    let state = ok(rg("R:r9 G:r10,r11", &["R3 r9-r12"]));
    assert_eq!(holes(&state, R), ["r12"]);
    assert_eq!(holes(&state, G), ["r10", "r11"]);
}

#[test]
fn landing_on_an_opponent_aggravates_it_back_to_its_base() {
    let state = ok(rg("R:r9 G:r12,g9", &["R3 r9-r12*"]));
    assert_eq!(holes(&state, R), ["r12"]);
    assert_eq!(holes(&state, G), ["g9"]);
    assert_eq!(state.in_base(G), 3);
    // The mark may be left out; a false one is refused.
    ok(rg("R:r9 G:r12", &["R3 r9-r12"]));
    let (kind, msg) = err(rg("R:r9", &["R3 r9-r12*"]));
    assert_eq!(kind, ErrorKind::Effect);
    assert_eq!(msg, "r9-r12* aggravates no marble: r12 is empty");
    let mut t = turn(1, "R3 r9-r12*");
    if let Action::Move { capture, .. } = &mut t.actions[0] {
        *capture = Some(Capture {
            target: Some("t4".into()),
            points: Some(2),
            span: Span::default(),
        });
    }
    let rules = Aggravation::default();
    let mut state = rules
        .setup(&game(&[("Seats", "R G"), ("Position", "R:r9 G:r12")]))
        .unwrap();
    assert_eq!(
        rules.play(&mut state, &t).unwrap_err().kind,
        ErrorKind::Effect
    );
}

#[test]
fn own_marbles_are_never_jumped() {
    let (kind, msg) = err(rg("R:r9,r11", &["R3 r9-r12"]));
    assert_eq!(kind, ErrorKind::IllegalMove);
    assert_eq!(msg, "R would jump its own marble on r11");
}

#[test]
fn own_marbles_are_never_landed_on() {
    let (_, msg) = err(rg("R:r9,r12", &["R3 r9-r12"]));
    assert_eq!(msg, "R would land on its own marble on r12");
}

#[test]
fn a_blocked_marble_cannot_move_but_another_must() {
    let e = rg("R:r9,r11", &["R3 --"]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::FalsePass);
    assert_eq!(e.message, "R cannot pass: a 3 has a legal move");
    assert_eq!(e.legal, ["r11-b0"]);
    ok(rg("R:r9,r11", &["R3 r11-b0"]));
}

#[test]
fn a_turn_without_a_legal_move_is_a_written_pass() {
    let state = ok(rg("", &["R3 --", "G4 --"]));
    assert_eq!(state.to_roll(), Some("R"));
    let (kind, _) = err(rg("", &["R3 r9-r12"]));
    assert_eq!(kind, ErrorKind::IllegalMove);
}

// ---- Star holes ----

#[test]
fn the_star_ring_leads_to_the_star_hole_of_home() {
    // Figure 2: a 5 from a star hole, 3 star holes round the ring to r0, then 2
    // holes down the path.
    let state = ok(rg("R:g0", &["R5 g0-r0-r2"]));
    assert_eq!(holes(&state, R), ["r2"]);
    // Or an earlier star hole.
    let state = ok(rg("R:g0", &["R5 g0-y0-y4"]));
    assert_eq!(holes(&state, R), ["y4"]);
    // Ending on a star hole of the ring.
    let state = ok(rg("R:g0", &["R2 g0-w0"]));
    assert_eq!(holes(&state, R), ["w0"]);
    // The shortcut is optional: the loop is still there.
    ok(rg("R:g0", &["R5 g0-g5"]));
}

#[test]
fn the_ring_is_left_at_the_own_star_hole_at_the_latest() {
    let (kind, msg) = err(rg("R:g0", &["R5 g0-b0-b1"]));
    assert_eq!(kind, ErrorKind::IllegalMove);
    assert_eq!(
        msg,
        "R must leave the star ring at r0, the star hole leading to its HOME"
    );
    // On its own star hole a marble has no ring to take.
    let e = rg("R:r0", &["R3 r0-g0"]).unwrap_err();
    assert_eq!(e.legal, ["r0-r3"]);
}

#[test]
fn a_ring_move_names_its_exit_star_hole() {
    let (kind, msg) = err(rg("R:g0", &["R5 g0-r2"]));
    assert_eq!(kind, ErrorKind::IllegalMove);
    assert_eq!(
        msg,
        "write this move as g0-r0-r2: name the star hole where the marble leaves the star ring"
    );
    let (_, msg) = err(rg("R:r9", &["R3 r9-r10-r12"]));
    assert!(msg.starts_with("write this move as r9-r12"), "{msg}");
}

#[test]
fn a_ring_move_may_name_every_star_hole_it_passes() {
    let state = ok(rg("R:g0", &["R5 g0-y0-w0-r0-r2"]));
    assert_eq!(holes(&state, R), ["r2"]);
    let state = ok(rg("R:g0", &["R2 g0-y0-w0"]));
    assert_eq!(holes(&state, R), ["w0"]);
    ok(rg("R:g0", &["R5 g0-y0-y4"]));
    let (_, msg) = err(rg("R:g0", &["R5 g0-y0-r0-r2"]));
    assert!(
        msg.starts_with("the holes between start and landing must be the star holes"),
        "{msg}"
    );
    let (_, msg) = err(rg("R:b12", &["R3 b12-p0-c"]));
    assert!(msg.starts_with("write this move as b12-c"), "{msg}");
}

#[test]
fn only_a_marble_on_a_star_hole_takes_the_ring() {
    // Passing over a star hole is not landing on it.
    let (kind, _) = err(rg("R:g13", &["R5 g13-r0-r3"]));
    assert_eq!(kind, ErrorKind::IllegalMove);
}

#[test]
fn own_marbles_on_the_ring_are_not_jumped_and_others_are() {
    let (_, msg) = err(rg("R:g0,y0", &["R5 g0-r0-r2"]));
    assert_eq!(msg, "R would jump its own marble on y0");
    ok(rg("R:g0 G:y0,w0", &["R5 g0-r0-r2"]));
}

#[test]
fn marbles_are_aggravated_on_star_holes() {
    let state = ok(rg("R:g0 G:w0", &["R2 g0-w0*"]));
    assert_eq!(state.in_base(G), 4);
    let state = ok(rg("R:r12 G:b0", &["R2 r12-b0*"]));
    assert_eq!(state.in_base(G), 4);
}

#[test]
fn ring_eligibility_lasts_while_the_marble_stays_on_the_star_hole() {
    // Standard rules: landed on b0 two turns ago, still eligible.
    ok(rg(
        "R:r12,g2 G:g9",
        &[
            "R2 r12-b0",
            "G3 g9-g12",
            "R3 g2-g5",
            "G2 g12-y0",
            "R5 b0-r0",
        ],
    ));
    // House rule: only on the owner's next turn.
    let rules = Aggravation::new(Params {
        star_ring_next_turn_only: true,
        ..Params::default()
    })
    .unwrap();
    let tags = [("Seats", "R G"), ("Position", "R:r12,g2 G:g9")];
    ok(run_with(
        &rules,
        &tags,
        &["R2 r12-b0", "G3 g9-g12", "R5 b0-r0"],
    ));
    let (kind, msg) = err(run_with(
        &rules,
        &tags,
        &[
            "R2 r12-b0",
            "G3 g9-g12",
            "R3 g2-g5",
            "G2 g12-y0",
            "R5 b0-r0",
        ],
    ));
    assert_eq!(kind, ErrorKind::IllegalMove);
    assert!(msg.contains("may no longer take the star ring"), "{msg}");
}

#[test]
fn shortcuts_can_be_switched_off() {
    let rules = Aggravation::new(Params {
        shortcuts: false,
        ..Params::default()
    })
    .unwrap();
    let tags = [("Seats", "R G"), ("Position", "R:g0,b12")];
    let (_, msg) = err(run_with(&rules, &tags, &["R5 g0-r0-r2"]));
    assert_eq!(msg, "shortcuts are not played in these rules");
    assert_eq!(
        err(run_with(&rules, &tags, &["R3 b12-c"])).0,
        ErrorKind::IllegalMove
    );
    ok(run_with(&rules, &tags, &["R5 g0-g5"]));
}

// ---- The centre hole ----

#[test]
fn the_centre_is_entered_by_exact_count() {
    // Figure 3: a 3 from two holes before a star hole.
    let state = ok(rg("R:b12", &["R3 b12-c"]));
    assert_eq!(holes(&state, R), ["c"]);
    let (kind, msg) = err(rg("R:b11", &["R3 b11-c"]));
    assert_eq!(kind, ErrorKind::IllegalMove);
    assert!(
        msg.starts_with("a marble enters the centre only by exact count"),
        "{msg}"
    );
}

#[test]
fn from_a_star_hole_only_a_one_enters_the_centre() {
    ok(rg("R:b0", &["R1 b0-c"]));
    assert_eq!(err(rg("R:b0", &["R2 b0-c"])).0, ErrorKind::IllegalMove);
}

#[test]
fn the_centre_is_left_only_with_a_one_to_any_star_hole() {
    let state = ok(rg("R:c", &["R1 c-r0"]));
    assert_eq!(holes(&state, R), ["r0"]);
    ok(rg("R:c", &["R1 c-g0"]));
    let (kind, msg) = err(rg("R:c", &["R3 c-r0"]));
    assert_eq!(kind, ErrorKind::IllegalMove);
    assert_eq!(msg, "a marble leaves the centre only with a 1, not a 3; no move is legal with a 3: the turn is written --");
    let (_, msg) = err(rg("R:c", &["R1 c-r1"]));
    assert_eq!(msg, "from the centre a 1 goes to a star hole, not to r1");
    // A marble in the centre with anything but a 1 does not move.
    ok(rg("R:c,rh4", &["R3 --"]));
}

#[test]
fn marbles_are_aggravated_in_and_out_of_the_centre() {
    let state = ok(rg("R:b12 G:c", &["R3 b12-c*"]));
    assert_eq!(state.in_base(G), 4);
    let state = ok(rg("R:c G:r0", &["R1 c-r0*"]));
    assert_eq!(state.in_base(G), 4);
    assert_eq!(
        err(rg("R:b12,c", &["R3 b12-c"])).1,
        "R would land on its own marble on c"
    );
}

#[test]
fn after_the_centre_the_exit_star_hole_gives_the_ring() {
    let state = ok(rg("R:c", &["R1 c-g0", "G2 --", "R4 g0-r0-r1"]));
    assert_eq!(holes(&state, R), ["r1"]);
}

// ---- HOME ----

#[test]
fn home_is_entered_by_exact_count() {
    // Figure 4: a 3 into an empty HOME hole.
    let state = ok(rg("R:r5", &["R3 r5-rh1"]));
    assert_eq!(holes(&state, R), ["rh1"]);
    ok(rg("R:r5", &["R6 r5-rh4"]));
    let (_, msg) = err(rg("R:r5", &["R4 r5-r9"]));
    assert_eq!(msg, "a 4 takes R's marble on r5 to rh2, not r9");
}

#[test]
fn a_roll_too_large_for_home_does_not_move_that_marble() {
    let (kind, msg) = err(rg("R:r6,g3", &["R6 r6-rh4"]));
    assert_eq!(kind, ErrorKind::IllegalMove);
    assert_eq!(msg, "a 6 from r6 overshoots HOME");
    // Another marble must move instead.
    ok(rg("R:r6,g3", &["R6 g3-g9"]));
    // With no other marble in play the turn is over: a pass.
    ok(rg("R:r7,rh4", &["R5 --"]));
}

#[test]
fn own_marbles_in_home_are_not_jumped() {
    let (_, msg) = err(rg("R:r6,rh2", &["R4 r6-rh3"]));
    assert_eq!(
        msg,
        "R would jump its own marble on rh2; no move is legal with a 4: the turn is written --"
    );
    ok(rg("R:r6,rh3", &["R3 r6-rh2"]));
}

#[test]
fn a_home_marble_moves_further_in_by_exact_count() {
    let state = ok(rg("R:rh1", &["R2 rh1-rh3"]));
    assert_eq!(holes(&state, R), ["rh3"]);
    assert_eq!(
        err(rg("R:rh1,rh2", &["R2 rh1-rh3"])).1,
        "R would jump its own marble on rh2"
    );
    assert_eq!(
        err(rg("R:rh1", &["R4 rh1-rh4"])).1,
        "a 4 from rh1 overshoots HOME; no move is legal with a 4: the turn is written --"
    );
    // House rule: HOME marbles frozen.
    let rules = Aggravation::new(Params {
        home_moves: false,
        ..Params::default()
    })
    .unwrap();
    let tags = [("Seats", "R G"), ("Position", "R:rh1")];
    let (_, msg) = err(run_with(&rules, &tags, &["R2 rh1-rh3"]));
    assert_eq!(
        msg,
        "marbles in HOME do not move in these rules; no move is legal with a 2: the turn is written --"
    );
    ok(run_with(&rules, &tags, &["R2 --"]));
}

#[test]
fn a_pass_while_a_move_exists_is_refused_with_the_legal_moves() {
    let e = rg("R:r12 G:b0", &["R2 --"]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::FalsePass);
    assert_eq!(e.legal, ["r12-b0*"]);
    let e = rg("R:b12", &["R1 --"]).unwrap_err();
    assert_eq!(e.legal, ["+", "b12-b13"]);
    let e = rg("R:b12", &["R3 --"]).unwrap_err();
    assert_eq!(e.legal, ["b12-p1", "b12-c"]);
}

// ---- Winning ----

#[test]
fn the_first_to_bring_every_marble_home_wins() {
    let state = ok(rg("R:r6,rh2,rh3,rh4", &["R2 r6-rh1"]));
    assert_eq!(state.winners(), Some(vec!["R".into()]));
    assert_eq!(state.to_roll(), None);
    let state = ok(rg("R:r6,rh2,rh3", &["R2 r6-rh1"]));
    assert_eq!(state.winners(), None);
}

#[test]
fn a_finished_game_rejects_further_turns_through_the_driver() {
    use billes_core::replay_with;
    let rules = Aggravation::default();
    let mut g = game(&[("Seats", "R G"), ("Position", "R:r6,rh2,rh3,rh4")]);
    g.line.turns = vec![turn(1, "R2 r6-rh1"), turn(2, "G1 +")];
    g.outcome.winners = vec!["R".into()];
    assert_eq!(
        replay_with(&rules, &g, &mut |_| {}).unwrap_err().kind,
        ErrorKind::AfterEnd
    );
    g.line.turns.pop();
    assert!(replay_with(&rules, &g, &mut |_| {}).is_ok());
}

#[test]
fn five_marbles_is_a_parameter_change() {
    let rules = Aggravation::new(Params {
        marbles: 5,
        home_size: 5,
        ..Params::default()
    })
    .unwrap();
    let state = ok(run_with(&rules, &[("Seats", "R G")], &[]));
    assert_eq!(state.in_base(R), 5);
    let tags = [("Seats", "R G"), ("Position", "R:r6,rh2,rh3,rh4,rh5")];
    let state = ok(run_with(&rules, &tags, &["R2 r6-rh1"]));
    assert!(state.winners().is_some());
    let tags = [("Seats", "R G"), ("Position", "R:r6,rh2,rh3,rh4")];
    let state = ok(run_with(&rules, &tags, &["R2 r6-rh1"]));
    assert!(state.winners().is_none());
}

#[test]
fn other_entry_and_extra_turn_rolls_are_parameters() {
    let rules = Aggravation::new(Params {
        entry_rolls: vec![6],
        extra_turn_rolls: vec![],
        ..Params::default()
    })
    .unwrap();
    let (_, msg) = err(run_with(&rules, &[("Seats", "R G")], &["R1 +"]));
    assert_eq!(
        msg,
        "a 1 does not enter a marble (only a 6); no move is legal with a 1: the turn is written --"
    );
    ok(run_with(&rules, &[("Seats", "R G")], &["R6 +", "G3 --"]));
}

// ---- Partnership ----

fn pair(position: &str, turns: &[&str]) -> Result<State, ReplayError> {
    run(
        &[
            ("Seats", "R B G Y"),
            ("Teams", "R+G B+Y"),
            ("Position", position),
        ],
        turns,
    )
}

#[test]
fn partners_marbles_may_be_jumped() {
    let state = ok(pair("R:r9 G:r10", &["R3 r9-r12"]));
    assert_eq!(holes(&state, G), ["r10"]);
}

#[test]
fn landing_on_a_partners_marble_aggravates_it() {
    let state = ok(pair("R:r9 G:r12", &["R3 r9-r12*"]));
    assert_eq!(holes(&state, R), ["r12"]);
    assert_eq!(state.in_base(G), 4);
    // Not optional: the partner's marble is no obstacle, the move is legal.
    let e = pair("R:r9 G:r12", &["R3 --"]).unwrap_err();
    assert_eq!(e.legal, ["r9-r12*"]);
}

#[test]
fn entering_onto_a_partner_on_start_aggravates_it() {
    let state = ok(pair("G:r9", &["R1 +*"]));
    assert_eq!(holes(&state, R), ["r9"]);
    assert_eq!(state.in_base(G), 4);
    let rules = Aggravation::new(Params {
        enter_onto_partner: false,
        ..Params::default()
    })
    .unwrap();
    let tags = [
        ("Seats", "R B G Y"),
        ("Teams", "R+G B+Y"),
        ("Position", "G:r9"),
    ];
    let (_, msg) = err(run_with(&rules, &tags, &["R1 +"]));
    assert_eq!(
        msg,
        "R may not land on its partner's marble on r9 in these rules; no move is legal with a 1: the turn is written --"
    );
}

#[test]
fn partners_marbles_may_block_as_a_house_rule() {
    let rules = Aggravation::new(Params {
        jump_partners: false,
        ..Params::default()
    })
    .unwrap();
    let tags = [
        ("Seats", "R B G Y"),
        ("Teams", "R+G B+Y"),
        ("Position", "R:r9 G:r10"),
    ];
    let (_, msg) = err(run_with(&rules, &tags, &["R3 r9-r12"]));
    assert_eq!(
        msg,
        "R may not jump its partner's marble on r10 in these rules; no move is legal with a 3: the turn is written --"
    );
}

#[test]
fn a_finished_player_rolls_for_the_partner() {
    let pos = "R:rh1,rh2,rh3,rh4 G:g20".replace(" G:g20", " G:g12");
    let state = ok(pair(&pos, &["R4>G g12-y2", "B2 --", "G3 y2-y5"]));
    assert_eq!(holes(&state, G), ["y5"]);
    let (kind, msg) = err(pair(&pos, &["R4 g12-y2"]));
    assert_eq!(kind, ErrorKind::Seat);
    assert_eq!(msg, "R has every marble HOME and rolls for G: write R4>G");
    let (kind, msg) = err(pair("R:r1 G:g12", &["R4>G g12-y2"]));
    assert_eq!(kind, ErrorKind::Seat);
    assert_eq!(msg, "R still has marbles to move and cannot roll for G");
    let (kind, _) = err(pair(&pos, &["R4>B --"]));
    assert_eq!(kind, ErrorKind::Seat);
    // The extra turn after a 6 goes to the roller.
    ok(pair(&pos, &["R6>G g12-y4", "R1>G y4-y5", "B3 --"]));
}

#[test]
fn the_first_partnership_home_wins() {
    let state = ok(pair("R:r6,rh2,rh3,rh4 G:g12", &["R2 r6-rh1"]));
    assert_eq!(state.winners(), None);
    assert_eq!(state.to_roll(), Some("B"));
    let state = ok(pair("R:rh1,rh2,rh3,rh4 G:g6,gh2,gh3,gh4", &["R2>G g6-gh1"]));
    assert_eq!(state.winners(), Some(vec!["R".into(), "G".into()]));
}

#[test]
fn finished_players_may_drop_out_as_a_house_rule() {
    let rules = Aggravation::new(Params {
        roll_for_partner: false,
        ..Params::default()
    })
    .unwrap();
    let tags = [
        ("Seats", "R B G Y"),
        ("Teams", "R+G B+Y"),
        ("Position", "R:r6,rh2,rh3,rh4"),
    ];
    ok(run_with(
        &rules,
        &tags,
        &["R2 r6-rh1", "B2 --", "G2 --", "Y2 --", "B3 --"],
    ));
}

// ---- Team play ----

fn teams(position: &str, turns: &[&str]) -> Result<State, ReplayError> {
    run(
        &[
            ("Seats", "R B P G Y W"),
            ("Teams", "R+P+Y B+G+W"),
            ("Position", position),
        ],
        turns,
    )
}

#[test]
fn a_finished_player_declares_which_teammate_uses_the_roll() {
    let pos = "R:rh1,rh2,rh3,rh4 P:p12 Y:y12";
    ok(teams(pos, &["R3>P p12-g1"]));
    ok(teams(pos, &["R3>Y y12-w1"]));
    let (kind, msg) = err(teams(pos, &["R3 --"]));
    assert_eq!(kind, ErrorKind::Seat);
    assert_eq!(
        msg,
        "R has every marble HOME and rolls for P or Y: write R3>P"
    );
    assert_eq!(err(teams(pos, &["R3>G --"])).0, ErrorKind::Seat);
}

#[test]
fn two_finished_teammates_both_roll_for_the_last() {
    let pos = "R:rh1,rh2,rh3,rh4 P:ph1,ph2,ph3,ph4 Y:y12";
    let state = ok(teams(
        pos,
        &["R3>Y y12-w1", "B2 --", "P2>Y w1-w3", "G2 --", "Y1 w3-w4"],
    ));
    assert_eq!(holes(&state, Y), ["w4"]);
    let (_, msg) = err(teams(pos, &["R3>P --"]));
    assert_eq!(msg, "P has every marble HOME too");
}

#[test]
fn the_first_team_home_wins() {
    let pos = "R:rh1,rh2,rh3,rh4 P:ph1,ph2,ph3,ph4 Y:y6,yh2,yh3,yh4";
    let state = ok(teams(pos, &["R2>Y y6-yh1"]));
    assert_eq!(
        state.winners(),
        Some(vec!["R".into(), "P".into(), "Y".into()])
    );
}

// ---- The text board ----

#[test]
fn the_text_board_names_the_holes_and_shows_the_marbles() {
    let state = ok(rg("R:r9,c,rh1 G:b3", &["R3 r9-r12"]));
    let text = state.text_board();
    assert!(text.contains("star"), "{text}");
    assert!(text.contains("START"), "{text}");
    assert!(text.contains("centre c: R"), "{text}");
    assert!(text.contains("G to roll"), "{text}");
    assert!(text.ends_with('\n'));
    let red = text.lines().find(|l| l.starts_with("r red")).unwrap();
    assert!(red.contains("rh R . . ."), "{red}");
    assert!(red.ends_with("  R"), "{red}");
}

// ---- messages that name the real reason ----

#[test]
fn a_ring_move_past_its_own_star_names_the_exit() {
    let e = rg("R:y0 G:g9 move=R", &["R3 y0-b0"]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(
        e.message,
        "R must leave the star ring at r0, the star hole leading to its HOME"
    );
    assert!(e.legal.iter().any(|m| m == "y0-r0-r1"), "{:?}", e.legal);
}

#[test]
fn a_ring_move_past_its_own_star_written_whole_names_the_exit() {
    // Every star hole of the ring named: the same message as `y0-b0`.
    let e = rg("R:y0 G:g9 move=R", &["R3 y0-w0-r0-b0"]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(
        e.message,
        "R must leave the star ring at r0, the star hole leading to its HOME"
    );
}

#[test]
fn a_marble_on_its_own_star_has_no_ring_move() {
    let e = rg("R:r0 G:g9 move=R", &["R2 r0-p0"]).unwrap_err();
    assert_eq!(
        e.message,
        "a marble on its own star hole has no ring move: R's marble on r0 goes on along the loop to its HOME"
    );
    assert_eq!(e.legal, ["r0-r2"]);
}

#[test]
fn with_no_legal_move_the_error_says_so_and_shows_the_pass() {
    let tags = [
        ("Seats", "R G"),
        ("Position", "G:g0,g5,gh1,gh4 R:r9 move=G"),
    ];
    let e = run(&tags, &["G5 g0-p0"]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert!(
        e.message
            .ends_with("; no move is legal with a 5: the turn is written --"),
        "{}",
        e.message
    );
    assert_eq!(e.legal, ["--"]);
    // An ordinary move blocked by its own marble names it.
    let e = run(&tags, &["G5 g0-g4"]).unwrap_err();
    assert_eq!(
        e.message,
        "a 5 takes G's marble on g0 to g5, not g4, where it cannot go: G would land on its own marble on g5; no move is legal with a 5: the turn is written --"
    );
    ok(run(&tags, &["G5 --"]));
}

// ---- the order of play ----

#[test]
fn the_order_of_play_is_the_boards_or_the_seats_tags() {
    let tags = [("Seats", "R Y B G")];
    // Round the board (the seeds): B follows R, whatever the tag's order.
    let e = run(&tags, &["R2 --", "Y3 --"]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Seat);
    ok(run(&tags, &["R2 --", "B3 --", "G3 --", "Y3 --", "R2 --"]));
    // `order = "seats"`: the tag's order, with the extra turn of a 6.
    let drawn = Aggravation::new(Params {
        order: billes_core::aggravation::Order::Seats,
        ..Params::default()
    })
    .unwrap();
    let state = ok(run_with(
        &drawn,
        &tags,
        &[
            "R2 --",
            "Y3 --",
            "B1 +",
            "G4 --",
            "R6 +",
            "R3 r9-r12",
            "Y5 --",
        ],
    ));
    assert_eq!(state.to_roll(), Some("B"));
    let e = run_with(&drawn, &tags, &["R2 --", "B3 --"]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Seat);
    // A finished player drops out of the order (no teams): G follows B.
    let tags = [
        ("Seats", "R Y B G"),
        ("Position", "Y:yh1,yh2,yh3,yh4 R:r10 move=B"),
    ];
    ok(run_with(
        &drawn,
        &tags,
        &["B2 --", "G2 --", "R2 r10-r12", "B2 --"],
    ));
}
