//! Barricade: one test (at least) per sentence of seed 004, on small
//! hand-made positions, plus the board figures.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::barricade::{bit, Barricade, Board, HeldOnCapture, Params, Placement, Six, State};
use billes_core::{replay_with, Colour, ErrorKind, ReplayError, Rules};

/// The 11 barricades of the start, as a `bar=` list.
const START_BARS: &str = "i13,i11,i10,i9,g7,k7,a3,e3,i3,m3,q3";

fn record(tags: &str, moves: &str) -> billes_notation::Game {
    let text = format!("[Game \"barricade\"]\n{tags}\n\n{moves} *\n");
    billes_notation::parse_game(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Plays `moves` from the position given by `tags` under `rules`.
fn play_with(rules: &Barricade, tags: &str, moves: &str) -> Result<State, ReplayError> {
    let game = record(tags, moves);
    let mut state = rules.setup(&game)?;
    for turn in &game.line.turns {
        rules.play(&mut state, turn)?;
    }
    Ok(state)
}

fn play(tags: &str, moves: &str) -> Result<State, ReplayError> {
    play_with(&Barricade::default(), tags, moves)
}

fn ok(tags: &str, moves: &str) -> State {
    play(tags, moves).unwrap_or_else(|e| panic!("{moves}: {e:?}"))
}

fn err(tags: &str, moves: &str) -> ReplayError {
    match play(tags, moves) {
        Ok(_) => panic!("{moves} should be rejected"),
        Err(e) => e,
    }
}

fn err_with(rules: &Barricade, tags: &str, moves: &str) -> ReplayError {
    match play_with(rules, tags, moves) {
        Ok(_) => panic!("{moves} should be rejected"),
        Err(e) => e,
    }
}

/// What stands on a point: 'R', 'G', 'Y', 'B', '#' or '.'.
fn at(state: &State, name: &str) -> char {
    let p = Board::standard().point(name).expect("point");
    match state.pawn_at(p) {
        Some(colour) => ['R', 'G', 'Y', 'B'][colour.index()],
        None if state.barricade_at(p) => '#',
        None => '.',
    }
}

fn pos(position: &str) -> String {
    format!("[Seats \"R G\"]\n[Position \"{position}\"]")
}

const TWO: &str = "[Seats \"R G\"]";

// ---- the board ----

#[test]
fn board_has_the_published_figures() {
    let b = Board::standard();
    assert_eq!(b.len(), 112, "111 points and the goal");
    assert_eq!(b.lines().len(), 121);
    let rows: Vec<u32> = (0..b.rows()).map(|y| b.row(y).count_ones()).collect();
    assert_eq!(rows, [1, 17, 2, 17, 1, 5, 2, 9, 2, 13, 4, 17, 5, 17]);
    assert_eq!(b.barricade_points().count_ones(), 11);
    assert_eq!(b.bottom_row(), b.row(b.rows() - 1));
    assert_eq!(b.bottom_row().count_ones(), 17);
    for colour in Colour::all(4) {
        let s = b.start(colour);
        assert_ne!(
            b.bottom_row() & bit(s),
            0,
            "start points are on the bottom row"
        );
        assert_eq!(b.distance(s), 39, "shortest start-to-goal path");
    }
    assert_eq!(b.goal(), b.point("i14").expect("goal"));
    assert_eq!(b.neighbours(b.goal()).len(), 1);
    let names: Vec<&str> = Colour::all(4)
        .map(|colour| b.name(b.start(colour)).as_str())
        .collect();
    assert_eq!(names, ["c1", "g1", "k1", "o1"]);
}

#[test]
fn the_spec_chapter_shows_the_board_diagram() {
    let doc = include_str!("../../../notation/barricade.md");
    assert!(doc.contains(&billes_core::barricade::names_diagram()));
}

// ---- setup: "Chaque joueur reçoit 5 pions ... On pose en même temps les barricades" ----

#[test]
fn each_player_has_five_pawns_in_the_house_and_barricades_stand_on_their_points() {
    let state = ok("[Seats \"R G Y B\"]", "");
    let board = state.text_board_for_test();
    for seat in ["R:5", "G:5", "Y:5", "B:5"] {
        assert!(board.contains(seat), "{board}");
    }
    for p in START_BARS.split(',') {
        assert_eq!(at(&state, p), '#', "{p}");
    }
}

trait ForTest {
    fn text_board_for_test(&self) -> String;
}
impl ForTest for State {
    fn text_board_for_test(&self) -> String {
        billes_core::TextBoard::text_board(self)
    }
}

#[test]
fn two_to_four_players_of_the_four_colours() {
    for seats in ["R", "R G Y B G", "R R", "R X", ""] {
        let e = err(&format!("[Seats \"{seats}\"]"), "");
        assert_eq!(e.kind, ErrorKind::Tag, "{seats}");
    }
    assert_eq!(err("", "").kind, ErrorKind::Tag, "Seats is required");
    ok("[Seats \"B Y\"]", "1. Y1 h-k1");
    ok("[Seats \"R G Y\"]", "1. G1 h-g1");
}

// ---- order of play: highest roll starts, then the seats in order ----

#[test]
fn the_first_turn_decides_who_starts_then_the_seats_follow_in_order() {
    ok(
        "[Seats \"R G Y\"]",
        "1. Y2 h-l1 2. R3 h-e1 3. G1 h-g1 4. Y1 l1-m1",
    );
    let e = err("[Seats \"R G Y\"]", "1. Y2 h-l1 2. G3 h-h2");
    assert_eq!(e.kind, ErrorKind::Seat);
    assert_eq!(e.message, "it is R's turn, not G's");
    let e = err(TWO, "1. Y2 h-l1");
    assert_eq!(e.kind, ErrorKind::Seat);
    assert_eq!(e.message, "Y is not a seat in this game (seats: R G)");
}

#[test]
fn the_roll_is_a_die_face_and_no_one_rolls_for_another() {
    assert_eq!(err(TWO, "1. R7 h-c1").kind, ErrorKind::Roll);
    assert_eq!(err(TWO, "1. R0 h-c1").kind, ErrorKind::Roll);
    assert_eq!(err(TWO, "1. R h-c1").kind, ErrorKind::Roll);
    assert_eq!(err(TWO, "1. R2>G h-f1").kind, ErrorKind::Seat);
}

// ---- "Tous les pions partent du premier point de leur couleur ... ne doivent pas être comptés" ----

#[test]
fn a_pawn_enters_on_its_start_point_which_is_the_first_point_counted() {
    let state = ok(TWO, "1. R1 h-c1");
    assert_eq!(at(&state, "c1"), 'R');
    let state = ok(TWO, "1. R3 h-e1 2. G4 h-e2");
    assert_eq!(at(&state, "e1"), 'R');
    assert_eq!(at(&state, "e2"), 'G');
    let e = err(TWO, "1. R3 h-f1");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(e.message, "no way of exactly 3 points from h to f1");
    assert!(
        e.legal.contains(&"h-e1".to_string()) && e.legal.contains(&"h-a1".to_string()),
        "{:?}",
        e.legal
    );
}

#[test]
fn every_pawn_may_enter_one_after_the_other() {
    let state = ok(
        TWO,
        "1. R1 h-c1 2. G1 h-g1 3. R2 c1-e1 4. G2 g1-i1 5. R1 h-c1",
    );
    assert_eq!((at(&state, "c1"), at(&state, "e1")), ('R', 'R'));
    let state = ok(&pos("R:a1,b1,d1,e1"), "1. R1 h-c1");
    assert_eq!(at(&state, "c1"), 'R');
    let e = err(&pos("R:a1,b1,c1,d1,e1"), "1. R1 h-c1");
    assert_eq!(e.message, "R has no pawn in its house");
}

// ---- "On se déplace d'autant de cases ... soit d'avancer vers le but, soit de reculer" ----

#[test]
fn a_pawn_moves_the_exact_roll_forward_or_backward() {
    let p = pos("R:e3 G:g1 bar=i13");
    assert_eq!(at(&ok(&p, "1. R3 e3-c4"), "c4"), 'R');
    assert_eq!(at(&ok(&p, "1. R2 e3-e1"), "e1"), 'R', "backward");
    assert_eq!(
        at(&ok(&p, "1. R4 e3-c5"), "c5"),
        'R',
        "turning at the junctions"
    );
    let e = err(&p, "1. R2 e3-e6");
    assert_eq!(e.message, "no way of exactly 2 points from e3 to e6");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
}

#[test]
fn a_pawn_never_steps_on_a_point_twice_in_one_move() {
    // e3 to d3 is one point; with a 3 it would have to come back.
    let p = pos("R:e3 bar=i13");
    assert_eq!(err(&p, "1. R3 e3-d3").kind, ErrorKind::IllegalMove);
    assert_eq!(err(&p, "1. R2 e3-e3").kind, ErrorKind::IllegalMove);
    ok(&p, "1. R3 e3-b3");
}

#[test]
fn written_intermediate_points_must_be_on_the_way() {
    let p = pos("R:e3 bar=i13");
    ok(&p, "1. R4 e3-c3-c5");
    ok(&p, "1. R4 e3-d3-c3-c4-c5");
    let e = err(&p, "1. R4 e3-g3-c5");
    assert_eq!(
        e.message,
        "no way of exactly 4 points from e3 to c5 through g3"
    );
}

// ---- "Un pion peut dépasser un autre pion, quelle que soit sa couleur" ----

#[test]
fn pawns_of_any_colour_may_be_passed() {
    let state = ok(&pos("R:e1,e2 G:e3 bar=i13"), "1. R4 e1-c3");
    assert_eq!(
        (at(&state, "e2"), at(&state, "e3"), at(&state, "c3")),
        ('R', 'G', 'R')
    );
}

// ---- "Il ne peut jamais y avoir plus d'un pion au même point" ----

#[test]
fn a_pawn_cannot_land_on_its_own_colour() {
    let e = err(&pos("R:e1,e3 bar=i13"), "1. R2 e1-e3");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(e.message, "R's own pawn stands on e3");
    assert!(
        !e.legal.iter().any(|m| m.starts_with("e1-e3")),
        "{:?}",
        e.legal
    );
}

// ---- "... ce dernier est renvoyé dans son camp et doit recommencer le circuit" ----

#[test]
fn landing_on_a_rival_sends_it_home() {
    let state = ok(&pos("R:e1 G:e3 bar=i13"), "1. R2 e1-e3*");
    assert_eq!(at(&state, "e3"), 'R');
    assert!(state.text_board_for_test().contains("G:5"));
    // The mark is optional, but a false one is an effect error.
    ok(&pos("R:e1 G:e3 bar=i13"), "1. R2 e1-e3");
    let e = err(&pos("R:e1 G:d3 bar=i13"), "1. R2 e1-e3*");
    assert_eq!(e.kind, ErrorKind::Effect);
    assert_eq!(e.message, "no pawn to send home on e3");
}

// ---- "Un pion ne peut pas passer une barricade" ----

#[test]
fn a_barricade_cannot_be_passed() {
    let e = err(&pos("R:e1 bar=e3"), "1. R3 e1-d3");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(
        e.message,
        "the barricade on e3 blocks the way from e1 to d3"
    );
    assert!(
        !e.legal.iter().any(|m| m.starts_with("e1-d3")),
        "{:?}",
        e.legal
    );
}

// ---- "... il doit faire le nombre exact de points ... et remplacer la barricade" ----

#[test]
fn a_pawn_landing_exactly_on_a_barricade_takes_it() {
    let state = ok(&pos("R:e1 bar=e3"), "1. R2 e1-e3#");
    assert_eq!(at(&state, "e3"), 'R');
    assert!(state.text_board_for_test().contains("R holds a barricade"));
    let e = err(&pos("R:e1 bar=d3"), "1. R2 e1-e3#");
    assert_eq!(e.kind, ErrorKind::Effect);
    assert_eq!(e.message, "no barricade to take on e3");
}

// ---- "Le joueur garde la barricade jusqu'au tour suivant ... remettre ... ou la déplacer" ----

#[test]
fn a_held_barricade_is_put_down_in_the_next_turn_after_the_move() {
    let p = pos("R:e1 G:g1 bar=e3");
    // Put back where it was, the pawn having moved on.
    let state = ok(&p, "1. R2 e1-e3# 2. G1 g1-h1 3. R2 e3-c3 #e3");
    assert_eq!((at(&state, "e3"), at(&state, "c3")), ('#', 'R'));
    // Or anywhere free.
    let state = ok(&p, "1. R2 e1-e3# 2. G1 g1-h1 3. R2 e3-c3 #i9");
    assert_eq!(at(&state, "i9"), '#');
    // Not in the taking turn.
    let e = err(&p, "1. R2 e1-e3# #f7");
    assert_eq!(
        (e.kind, e.message.as_str()),
        (ErrorKind::IllegalMove, "R holds no barricade to put down")
    );
    // Not forgotten.
    let e = err(&p, "1. R2 e1-e3# 2. G1 g1-h1 3. R2 e3-c3");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert!(
        e.message
            .starts_with("R holds a barricade and must put it down"),
        "{}",
        e.message
    );
    assert!(e.legal.contains(&"#e3".to_string()) && !e.legal.contains(&"#c3".to_string()));
    // The hint names a free point: where the barricade stood, free again.
    assert!(
        e.message.ends_with("in this turn (e.g. #e3)"),
        "{}",
        e.message
    );
    // Even on a lost turn.
    play_with(
        &one_pawn(),
        &pos("R:a1 G:g1 bar=a2,b1,i13 held=R move=R"),
        "1. R3 -- #f7",
    )
    .expect("lost turn");
}

#[test]
fn a_barricade_goes_on_a_free_point_off_the_bottom_row_and_off_the_goal() {
    let p = pos("R:e1 G:g1,f7 bar=e3,i9");
    let held = "1. R2 e1-e3# 2. G1 g1-h1 3. R2 e3-c3";
    for (put, message) in [
        ("#d1", "a barricade cannot go on row 1 (d1)"),
        ("#i14", "a barricade cannot go on the goal"),
        (
            "#f7",
            "G's pawn stands on f7: a barricade goes on a free point",
        ),
        (
            "#c3",
            "R's pawn stands on c3: a barricade goes on a free point",
        ),
        ("#i9", "a barricade already stands on i9"),
        ("#z9", "there is no point z9 on the board"),
    ] {
        let e = err(&p, &format!("{held} {put}"));
        assert_eq!(
            (e.kind, e.message.as_str()),
            (ErrorKind::IllegalMove, message)
        );
    }
    ok(&p, &format!("{held} #e2"));
}

// ---- "Si un pion se trouve à l'emplacement d'une barricade et qu'un pion rival y tombe ..." ----

#[test]
fn a_taker_sent_home_loses_the_barricade_to_the_capturer() {
    let p = pos("R:e1 G:c3 bar=e3");
    let state = ok(&p, "1. R2 e1-e3# 2. G2 c3-e3*");
    assert!(state.text_board_for_test().contains("G holds a barricade"));
    assert!(!state.text_board_for_test().contains("R holds"));
    // R may no longer put it down; G must, in its next turn.
    let e = err(&p, "1. R2 e1-e3# 2. G2 c3-e3* 3. R1 h-c1 #f7");
    assert_eq!(e.message, "R holds no barricade to put down");
    ok(&p, "1. R2 e1-e3# 2. G2 c3-e3* 3. R1 h-c1 4. G1 e3-e2 #e3");
    // Variant: the capturer puts it down at once.
    let at_once = Barricade::new(Params {
        held_on_capture: HeldOnCapture::CapturerAtOnce,
        ..Params::default()
    });
    play_with(&at_once, &p, "1. R2 e1-e3# 2. G2 c3-e3* #f7").expect("placed at once");
    err_with(&at_once, &p, "1. R2 e1-e3# 2. G2 c3-e3*");
}

// ---- "Si un joueur obtient un six, il peut rejouer ce même pion" ----

#[test]
fn a_six_lets_the_same_pawn_move_again() {
    let p = pos("R:e1 G:g1 bar=i13");
    let state = ok(&p, "1. R6 e1-c5 2. R2 c5-e5 3. G1 g1-h1");
    assert_eq!(at(&state, "e5"), 'R');
    // Optional: G may follow at once.
    ok(&p, "1. R6 e1-c5 2. G1 g1-h1");
    // The same pawn only.
    let e = err(&p, "1. R6 e1-c5 2. R1 h-c1");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(
        e.message,
        "R replays its 6 with the same pawn, the one on c5"
    );
    assert_eq!(e.legal, ["c5-d5", "c5-c4"]);
    // A replay after a replay's 6.
    ok(&p, "1. R6 e1-c5 2. R6 c5-g7 3. R1 g7-g8 4. G1 g1-h1");
    // One replay per 6.
    let e = err(&p, "1. R6 e1-c5 2. R1 c5-c4 3. R1 c4-c3");
    assert_eq!(e.kind, ErrorKind::Seat);
    assert_eq!(e.message, "it is G's turn, not R's");
    // No replay after a lost turn on a 6.
    let e = err_with(
        &one_pawn(),
        &pos("R:a1 G:g1 bar=a2,b1,i13"),
        "1. R6 -- 2. R1 a1-a2#",
    );
    assert_eq!(e.kind, ErrorKind::Seat);
}

#[test]
fn a_replayed_pawn_that_cannot_move_loses_the_replay() {
    // Only the pawn that moved may move, even with pawns in the house.
    let p = pos("R:c5 G:g1 bar=d5,c4,i13 move=G replay=R:c5");
    let state = ok(&p, "1. R2 -- 2. G1 g1-h1");
    assert_eq!(at(&state, "c5"), 'R');
    let e = err(&p, "1. R1 --");
    assert_eq!(e.kind, ErrorKind::FalsePass);
    assert_eq!(e.legal, ["c5-d5#", "c5-c4#"]);
}

#[test]
fn six_rule_variants() {
    let p = pos("R:e1 G:g1 bar=i13");
    let none = Barricade::new(Params {
        six: Six::Nothing,
        ..Params::default()
    });
    assert_eq!(
        err_with(&none, &p, "1. R6 e1-c5 2. R2 c5-e5").kind,
        ErrorKind::Seat
    );
    let must = Barricade::new(Params {
        six: Six::MustReplay,
        ..Params::default()
    });
    let e = err_with(&must, &p, "1. R6 e1-c5 2. G1 g1-h1");
    assert_eq!(
        (e.kind, e.message.as_str()),
        (ErrorKind::Seat, "R rolled a 6 and rolls again, not G")
    );
    play_with(&must, &p, "1. R6 e1-c5 2. R2 c5-e5 3. G1 g1-h1").expect("replayed");
}

// ---- "Si tous les pions ... sont bloqués ... le joueur perd son tour" ----

#[test]
fn a_player_with_no_move_loses_the_turn_and_writes_a_pass() {
    // R's only pawn is walled in by barricades it cannot reach with a 3.
    let p = pos("R:a1 G:g1 bar=a2,b1,i13");
    let state = play_with(&one_pawn(), &p, "1. R3 -- 2. G1 g1-h1").expect("lost turn");
    assert_eq!(state.to_move(), Some("R"));
    let e = err(&pos("R:e1 G:g1 bar=i13"), "1. R3 --");
    assert_eq!(e.kind, ErrorKind::FalsePass);
    assert!(e.legal.contains(&"e1-b1".to_string()), "{:?}", e.legal);
}

// ---- "Le jeu est terminé quand un pion atteint le but par un coup direct" ----

#[test]
fn the_goal_is_reached_by_exact_count_and_ends_the_game() {
    let p = pos("R:g13 G:g1 bar=i11");
    let state = ok(&p, "1. R3 g13-i14");
    assert_eq!(state.winner(), Some("R"));
    assert_eq!(err(&p, "1. R4 g13-i14").kind, ErrorKind::IllegalMove);
    let game = record(&p, "1. R3 g13-i14 2. G1 g1-h1");
    let e = replay_with(&Barricade::default(), &game, &mut |_| {}).expect_err("after the end");
    assert_eq!(e.kind, ErrorKind::AfterEnd);
    let game = record(&format!("{p}\n[Result \"R\"]"), "1. R3 g13-i14");
    let mut text = billes_notation::write_game(&game);
    text = text.replace("\n*\n", "\n=R\n");
    let game = billes_notation::parse_game(&text).expect("parses");
    replay_with(&Barricade::default(), &game, &mut |_| {}).expect("a won game");
    // A held barricade is not put down once the game is won.
    let p = pos("R:g13 G:g1 bar=i11");
    let e = err(&p, "1. R3 g13-i14 #f7");
    assert_eq!(e.message, "the game is over: R reached the goal");
}

// ---- "Si un pion se trouve à un point de l'arrivée ... il avance jusqu'à l'arrivée et rétrograde" ----

fn one_pawn() -> Barricade {
    Barricade::new(Params {
        pawns: 1,
        ..Params::default()
    })
}

#[test]
fn one_point_from_the_goal_a_pawn_that_alone_can_move_bounces_back() {
    let rules = one_pawn();
    let p = pos("R:i13 G:g1 bar=i11");
    let state = play_with(&rules, &p, "1. R3 i13-i14-h13").expect("bounce");
    assert_eq!(at(&state, "h13"), 'R');
    play_with(&rules, &p, "1. R3 i13-j13").expect("the goal may be left out");
    let state = play_with(&rules, &p, "1. R2 i13-i14-i13").expect("back where it was");
    assert_eq!(at(&state, "i13"), 'R');
    let state = play_with(&rules, &p, "1. R6 i13-i14-e13").expect("back 5");
    assert_eq!(at(&state, "e13"), 'R');
    // Its ordinary moves are replaced by the bounce.
    let e = err_with(&rules, &p, "1. R3 i13-f13");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert!(
        e.message
            .contains("a 3 takes the pawn on i13 to the goal and back 2 points"),
        "{}",
        e.message
    );
    assert_eq!(e.legal, ["i13-i14-h13", "i13-i14-j13"]);
    // A 1 goes in.
    assert_eq!(
        play_with(&rules, &p, "1. R1 i13-i14")
            .expect("goal")
            .winner(),
        Some("R")
    );
}

#[test]
fn the_bounce_is_only_for_a_player_with_no_other_move() {
    let p = pos("R:i13,e1 G:g1 bar=i11");
    let e = err(&p, "1. R3 i13-i14-h13");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(
        e.message,
        "the pawn on i13 goes to the goal and back only when no other R pawn can move"
    );
    assert!(
        !e.legal.iter().any(|m| m.starts_with("i13")),
        "{:?}",
        e.legal
    );
    ok(&p, "1. R3 e1-d3");
    // An ordinary move from i13: the message speaks of that move.
    let e = err(&p, "1. R3 i13-f13");
    assert_eq!(
        e.message,
        "the pawn on i13, one point from the goal, waits for a 1 while another R pawn can move: it cannot go to f13 with a 3"
    );
}

#[test]
fn with_bounce_freezes_off_the_pawn_before_the_goal_moves_while_others_can() {
    let rules = Barricade::new(Params {
        bounce_freezes: false,
        ..Params::default()
    });
    // Another pawn can move: the pawn on i13 walks along the row like any pawn.
    let p = pos("R:i13,e1 G:g1 bar=i11");
    let state = play_with(&rules, &p, "1. R3 i13-f13").expect("ordinary move");
    assert_eq!(at(&state, "f13"), 'R');
    play_with(&rules, &p, "1. R3 e1-d3").expect("or another pawn");
    let e = err_with(&rules, &p, "1. R3 i13-i14-h13");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert!(e.legal.iter().any(|m| m == "i13-f13"), "{:?}", e.legal);
    assert!(!e.legal.iter().any(|m| m.contains("i14")), "{:?}", e.legal);
    // No other pawn can move: the seed's bounce, and only it.
    let one = Barricade::new(Params {
        pawns: 1,
        bounce_freezes: false,
        ..Params::default()
    });
    let p = pos("R:i13 G:g1 bar=i11");
    play_with(&one, &p, "1. R3 i13-i14-h13").expect("bounce");
    let e = err_with(&one, &p, "1. R3 i13-f13");
    assert_eq!(e.legal, ["i13-i14-h13", "i13-i14-j13"]);
}

#[test]
fn a_blocked_bounce_loses_the_turn() {
    let rules = one_pawn();
    // A barricade in the way back...
    let p = pos("R:i13 G:g1 bar=h13,j13");
    play_with(&rules, &p, "1. R4 --").expect("turn lost");
    let e = err_with(&rules, &p, "1. R4 i13-i14-g13");
    assert_eq!(
        e.message,
        "the barricade on h13 blocks the way from i13 to g13"
    );
    // ...or its own pawn on the landing point (the other pawn walled in).
    let two = Barricade::new(Params {
        pawns: 2,
        ..Params::default()
    });
    let p = pos("R:i13,g13 G:g1 bar=f13,j13,i11");
    play_with(&two, &p, "1. R4 --").expect("own pawn on the landing point: lost");
    let e = err_with(&two, &p, "1. R4 i13-i14-g13");
    assert_eq!(e.message, "R's own pawn stands on g13");
    // Ending on a barricade takes it (a variant makes it blocked).
    let p = pos("R:i13 G:g1 bar=h13,i11");
    let state = play_with(&rules, &p, "1. R3 i13-i14-h13#").expect("taken");
    assert_eq!(at(&state, "h13"), 'R');
    let strict = Barricade::new(Params {
        pawns: 1,
        bounce_takes_barricade: false,
        ..Params::default()
    });
    let e = err_with(&strict, &p, "1. R3 i13-i14-h13#");
    assert_eq!(
        e.message,
        "the way back from the goal cannot end on the barricade on h13"
    );
}

#[test]
fn without_the_bounce_rule_the_pawn_moves_as_any_other() {
    let rules = Barricade::new(Params {
        bounce: false,
        pawns: 1,
        ..Params::default()
    });
    play_with(&rules, &pos("R:i13 G:g1 bar=i11"), "1. R3 i13-f13").expect("ordinary");
}

// ---- published rules: the barricade is put down at once ----

#[test]
fn placed_at_once_variant() {
    let rules = Barricade::new(Params {
        placement: Placement::Immediately,
        six: Six::Nothing,
        forbidden_rows: vec![1, 2],
        ..Params::default()
    });
    let p = pos("R:e1 G:g1 bar=e3");
    let state = play_with(&rules, &p, "1. R2 e1-e3# #f7").expect("at once");
    assert_eq!(at(&state, "f7"), '#');
    assert_eq!(
        err_with(&rules, &p, "1. R2 e1-e3#").kind,
        ErrorKind::IllegalMove
    );
    let e = err_with(&rules, &p, "1. R2 e1-e3# #e2");
    assert_eq!(e.message, "a barricade cannot go on row 2 (e2)");
}

// ---- the Position tag ----

#[test]
fn position_tag_sets_pawns_barricades_and_who_moves() {
    let state = ok(&pos("R:e3 G:g1 bar=i13 move=G"), "");
    assert_eq!(state.to_move(), Some("G"));
    assert_eq!(
        err(&pos("R:e3 bar=i13 move=G"), "1. R1 e3-e2").kind,
        ErrorKind::Seat
    );
    let state = ok(&pos("R:e7 G:g1 bar=i13 move=G replay=R:e7"), "1. R1 e7-e6");
    assert_eq!(at(&state, "e6"), 'R');
    ok(&pos("R:e1 G:g1 bar=i13 held=R move=R"), "1. R1 e1-d1 #f7");
    for bad in [
        "R:e3 G:e3",
        "R:zz",
        "Y:e3",
        "R:e3 bar=e3",
        "R:e3 bar=e5,e5",
        "R:a1,b1,c1,d1,e1,f1",
        "hello",
        "R:e3 replay=R:e4",
        "R:i14",
    ] {
        let e = err(&pos(bad), "");
        assert_eq!(e.kind, ErrorKind::Tag, "{bad}");
        assert!(e.message.starts_with("Position: "), "{}", e.message);
    }
}

#[test]
fn a_turn_is_one_move_then_barricades() {
    let p = pos("R:e1 G:g1 bar=i13");
    let e = err(&p, "1. R1 e1-d1 d1-c1");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    let e = err(&p, "1. R1 +");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(
        e.message,
        "a pawn enters with a path from its house, e.g. h-c1"
    );
    let e = err(&p, "1. R1 #f7");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    let e = err(&p, "1. R1 g1-h1");
    assert_eq!(e.message, "the pawn on g1 is G's, not R's");
    let e = err(&p, "1. R1 f1-g1");
    assert_eq!(e.message, "no R pawn on f1");
}

#[test]
fn the_put_down_hint_names_a_free_point() {
    // Placed at once: the pawn stands on e3, a pawn of G on e5; the hint is
    // a point of the legal list, never a fixed one.
    let rules = Barricade::new(Params {
        placement: Placement::Immediately,
        six: Six::Nothing,
        bounce: false,
        ..Params::default()
    });
    let p = pos("R:d3 G:e5 move=R");
    let e = err_with(&rules, &p, "1. R1 d3-e3#");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    let hint = e
        .message
        .rsplit("(e.g. ")
        .next()
        .and_then(|h| h.strip_suffix(')'))
        .expect("a hint");
    assert!(e.legal.iter().any(|l| l == hint), "{hint} in {:?}", e.legal);
    assert!(hint != "#e5" && hint != "#e3", "{hint}");
}

// ---- "Le joueur garde la barricade jusqu'au tour suivant" and "il peut rejouer":
// ---- is a 6 and its replay one turn? (`placement`: next_turn or next_whole_turn)

fn whole_turn(six: Six) -> Barricade {
    Barricade::new(Params {
        placement: Placement::NextWholeTurn,
        six,
        ..Params::default()
    })
}

/// The same moves, valid under one reading and refused under the other.
#[test]
fn a_held_barricade_goes_down_in_the_6_line_or_after_the_replay_by_the_reading() {
    let whole = whole_turn(Six::MayReplay);
    let next = Barricade::default();
    let p = pos("R:e1 G:g1 bar=e3,i13");
    // Each line a turn (seed 004 as billes reads it): down in the 6 line.
    let in_the_six = "1. R2 e1-e3# 2. G1 g1-h1 3. R6 e3-e5 #e3 4. R2 e5-e7 5. G1 h1-i1";
    play_with(&next, &p, in_the_six).expect("each line a turn");
    let e = err_with(&whole, &p, in_the_six);
    assert_eq!(e.kind, ErrorKind::Seat);
    assert_eq!(
        e.message,
        "it is G's turn, not R's: R put its barricade down in its 6 line, which ends its turn (the replay is declined)"
    );
    // A 6 and its replay one turn: down after the replay's move.
    let after_the_replay = "1. R2 e1-e3# 2. G1 g1-h1 3. R6 e3-e5 4. R2 e5-e7 #e3 5. G1 h1-i1";
    let state = play_with(&whole, &p, after_the_replay).expect("a 6 and its replay, one turn");
    assert_eq!((at(&state, "e3"), at(&state, "e7")), ('#', 'R'));
    let e = err_with(&next, &p, after_the_replay);
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(
        e.message,
        "R holds a barricade and must put it down in this turn (e.g. #e3)"
    );
    // Both: put down in the 6 line, the replay declined.
    let declined = "1. R2 e1-e3# 2. G1 g1-h1 3. R6 e3-e5 #e3 4. G1 h1-i1";
    play_with(&whole, &p, declined).expect("declined");
    play_with(&next, &p, declined).expect("declined");
    // Kept in the 6 line, then the replay declined: it should have gone
    // down in the 6 line.
    let e = err_with(
        &whole,
        &p,
        "1. R2 e1-e3# 2. G1 g1-h1 3. R6 e3-e5 4. G1 h1-i1",
    );
    assert_eq!(e.kind, ErrorKind::Seat);
    assert_eq!(
        e.message,
        "R rolls again, not G: R kept the barricade it holds in its 6 line, so that line was not the end of its turn (to decline the replay, put the barricade down in the 6 line, after its move: #point)"
    );
    // Under must_replay, never in the 6 line.
    let must = whole_turn(Six::MustReplay);
    let e = err_with(&must, &p, "1. R2 e1-e3# 2. G1 g1-h1 3. R6 e3-e5 #e3");
    assert_eq!(
        (e.kind, e.message.as_str()),
        (
            ErrorKind::IllegalMove,
            "R rolls again after its 6: the barricade it holds goes down at the end of its turn, after its last replay's move"
        )
    );
    play_with(&must, &p, after_the_replay).expect("must replay");
    // A lost replay ends the turn: the barricade goes down in it.
    let lost = pos("R:c5 G:g1 bar=d5,c4,i13 move=G replay=R:c5 held=R due=R");
    let state = play_with(&whole, &lost, "1. R2 -- #f7 2. G1 g1-h1").expect("lost replay");
    assert_eq!(at(&state, "f7"), '#');
    let e = err_with(&whole, &lost, "1. R2 --");
    assert!(
        e.message
            .starts_with("R holds a barricade and must put it down"),
        "{}",
        e.message
    );
}

/// Under next_whole_turn a barricade taken in a 6 line is held until the
/// taker's next turn: the replay moves the taker off its point (no rival
/// can take it over while no pawn of its seat stands there) and may take a
/// second one.
#[test]
fn a_barricade_taken_in_a_6_line_is_held_until_the_next_whole_turn() {
    let whole = whole_turn(Six::MayReplay);
    let next = Barricade::default();
    let p = "[Seats \"R B\"]\n[Position \"R:i1 B:o3 bar=e3,c3,i13 move=R\"]";
    let moves = "1. R6 i1-e3# 2. R1 e3-d3 3. B1 o3-n3 4. R1 h-c1 #e3";
    play_with(&whole, p, moves).expect("held to the next whole turn");
    let e = err_with(&next, p, moves);
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    // Not in the replay that ends the taking turn.
    let e = err_with(&whole, p, "1. R6 i1-e3# 2. R1 e3-d3 #e3");
    assert_eq!(
        e.message,
        "R has no barricade to put down in this turn: a barricade taken in a turn goes down at the end of R's next turn"
    );
    // Two barricades, put down together, in any order, each on a free point.
    let two = "1. R6 i1-e3# 2. R2 e3-c3# 3. B1 o3-n3";
    let state = play_with(&whole, p, two).expect("two held");
    assert!(state.text_board_for_test().contains("R holds 2 barricades"));
    for downs in ["#e3 #c3", "#c3 #e3", "#f7 #a13"] {
        play_with(&whole, p, &format!("{two} 4. R1 c3-c4 {downs}")).expect(downs);
    }
    let e = err_with(&whole, p, &format!("{two} 4. R1 c3-c4 #e3"));
    assert!(
        e.message
            .starts_with("R holds a barricade and must put it down"),
        "{}",
        e.message
    );
    let e = err_with(&whole, p, &format!("{two} 4. R1 c3-c4 #e3 #e3"));
    assert_eq!(e.message, "a barricade already stands on e3");
    // The second taker still stands on c3: a rival landing there takes
    // that one over, R keeps the other.
    let p = "[Seats \"R B\"]\n[Position \"R:i1 B:c5 bar=e3,c3,i13 move=R\"]";
    let state = play_with(&whole, p, "1. R6 i1-e3# 2. R2 e3-c3# 3. B2 c5-c3*").expect("capture");
    let board = state.text_board_for_test();
    assert!(
        board.contains("R holds a barricade\n") && board.contains("B holds a barricade\n"),
        "{board}"
    );
    play_with(
        &whole,
        p,
        "1. R6 i1-e3# 2. R2 e3-c3# 3. B2 c5-c3* 4. R1 h-c1 #e3 5. B1 c3-d3 #c3",
    )
    .expect("each puts one down");
}

/// Seed 004: "Si un pion se trouve à l'emplacement d'une barricade et
/// qu'un pion rival y tombe, le premier est renvoyé au départ et perd le
/// privilège de déplacer la barricade." A replay that brings the taker
/// back to the barricade's point ties them again: the rival landing there
/// takes the barricade over.
#[test]
fn a_taker_back_on_the_point_in_a_replay_loses_the_barricade_to_a_rival() {
    use billes_core::game::MoveRules;
    let whole = whole_turn(Six::MayReplay);
    let p = "[Seats \"R B\"]\n[Position \"R:o13 B:e13 move=R\"]";
    let back = "1. R6 o13-i13# 2. R2 i13-i14-i13";
    let state = play_with(&whole, p, back).expect("back on i13");
    // The tag says where the barricade was taken, and reads back the same.
    let tag = whole.position_tag(&state);
    assert_eq!(
        tag,
        "R:i13 B:e13 bar=i11,i10,i9,g7,k7,a3,e3,i3,m3,q3 move=B held=R:i13"
    );
    let again = play_with(
        &whole,
        &format!("[Seats \"R B\"]\n[Position \"{tag}\"]"),
        "",
    )
    .expect("tag");
    assert_eq!(whole.position_tag(&again), tag);
    // B lands on i13: R's pawn goes home and B now holds the barricade.
    let moves = format!("{back} 3. B4 e13-i13* 4. R1 h-c1 5. B1 i13-h13 #i13");
    let state = play_with(&whole, p, &moves).expect("the rival takes the barricade over");
    assert_eq!((at(&state, "i13"), at(&state, "h13")), ('#', 'B'));
    let e = err_with(&whole, p, &format!("{back} 3. B4 e13-i13* 4. R1 h-c1 #i11"));
    assert_eq!(e.message, "R holds no barricade to put down");
    // Off the point, the taker keeps it: a rival landing there takes nothing.
    let away = "1. R6 o13-i13# 2. R1 i13-j13 3. B4 e13-i13 4. R1 h-c1 #a13";
    play_with(&whole, p, away).expect("R keeps its barricade");
}

#[test]
fn the_position_tag_counts_held_barricades_and_those_due() {
    let whole = whole_turn(Six::MayReplay);
    let tags =
        "[Seats \"R B\"]\n[Position \"R:c5,e5 B:o3 move=B held=R:e5,R,R due=R,R replay=R:c5\"]";
    let state = play_with(&whole, tags, "").expect("tag");
    assert!(
        state
            .text_board_for_test()
            .contains("R holds 3 barricades, 2 to put down at the end of this turn"),
        "{}",
        state.text_board_for_test()
    );
    // The replay puts the two due ones down; R keeps the third.
    let state = play_with(&whole, tags, "1. R1 c5-d5 #f7 #a13").expect("two due");
    assert!(state
        .text_board_for_test()
        .contains("R holds a barricade\n"));
    for bad in [
        "R:c5 held=R due=R",
        "R:c5 held=R due=R,R replay=R:c5",
        "R:c5,e5 held=R:c5,R:e5",
    ] {
        let e = err_with(&whole, &pos(bad), "");
        assert_eq!(e.kind, ErrorKind::Tag, "{bad}");
    }
    // due= is for next_whole_turn only.
    let e = err(&pos("R:c5 held=R due=R replay=R:c5"), "");
    assert_eq!(
        e.message,
        "Position: due=R: only under placement = next_whole_turn"
    );
}
