//! One test per rule of the seed, on small hand-made positions.

use billes_core::offboard::{Offboard, Params};
use billes_core::ErrorKind::{self, Effect, FalsePass, IllegalMove, Roll, Seat};
use billes_core::{replay_with, Rules};

use super::support::{abalone, play_ok, record, rejected, replay};

fn std() -> Offboard {
    Offboard::default()
}

fn illegal(position: &str, turns: &[&str]) -> String {
    let (kind, message) = rejected(&std(), position, turns);
    assert_eq!(kind, IllegalMove, "{message}");
    message
}

fn kind_of(position: &str, turns: &[&str]) -> (ErrorKind, String) {
    rejected(&std(), position, turns)
}

// --- Setup -----------------------------------------------------------------

#[test]
fn twelve_marbles_each_in_two_opposing_groups() {
    let start = std().start();
    assert_eq!(start.marbles("R").len(), 12);
    assert_eq!(start.marbles("B").len(), 12);
    assert_eq!(
        start.to_position(),
        "R:a1,a2,a3,a4,a5,b1,b2,b3,b4,b5,b6,c4 B:g6,h4,h5,h6,h7,h8,h9,i5,i6,i7,i8,i9 move=R"
    );
}

#[test]
fn red_always_moves_first_and_seats_alternate() {
    let (kind, message) = kind_of("R:e5 B:a1", &["B a1>e"]);
    assert_eq!((kind, message.as_str()), (Seat, "R is to move, not B"));
    let (kind, message) = kind_of("R:e5 B:a1", &["R e5>e", "R e6>e"]);
    assert_eq!((kind, message.as_str()), (Seat, "B is to move, not R"));
    let game = record(None, &["B i9>w"], "*");
    assert_eq!(replay(&std(), &game).unwrap_err().kind, Seat);
}

#[test]
fn there_are_no_dice_and_no_other_seats() {
    let (kind, message) = kind_of("R:e5 B:a1", &["R6 e5>e"]);
    assert_eq!(
        (kind, message.as_str()),
        (Roll, "offboard has no dice: write the turn head as R")
    );
    let (kind, _) = kind_of("R:e5 B:a1", &["G e5>e"]);
    assert_eq!(kind, Seat);
}

#[test]
fn the_seats_tag_names_red_and_blue() {
    let mut game = record(None, &[], "*");
    game.tags[1].value = "R B G".into();
    assert_eq!(replay(&std(), &game).unwrap_err().kind, ErrorKind::Tag);
    game.tags[1].value = "B R".into();
    assert!(replay(&std(), &game).is_ok());
}

#[test]
fn a_bad_position_tag_is_a_tag_error() {
    let game = record(Some("R:e5,z1"), &[], "*");
    let err = replay(&std(), &game).unwrap_err();
    assert_eq!(err.kind, ErrorKind::Tag);
    assert_eq!(
        err.message,
        "Position: z1 is not a cell of the board (a1 to i9)"
    );
}

// --- One marble --------------------------------------------------------------

#[test]
fn one_marble_moves_to_any_free_neighbouring_cell() {
    for (direction, to) in [
        ("e", "e6"),
        ("w", "e4"),
        ("ne", "f6"),
        ("nw", "f5"),
        ("se", "d5"),
        ("sw", "d4"),
    ] {
        let end = play_ok(&std(), "R:e5 B:a1", &[&format!("R e5>{direction}")]);
        assert_eq!(end, format!("R:{to} B:a1 move=B"));
    }
}

#[test]
fn one_marble_never_moves_onto_a_marble_nor_pushes() {
    assert_eq!(illegal("R:e5,e6 B:a1", &["R e5>e"]), "e6 is not free");
    // A rival there: only a line pushes, and the message says so.
    assert_eq!(
        illegal("R:e5 B:e6", &["R e5>e"]),
        "e6 is not free: it holds a B marble, and only a line of two or more R marbles moving along its own axis pushes (a single marble never does)"
    );
}

#[test]
fn the_moving_marble_must_be_the_movers() {
    assert_eq!(illegal("R:e5 B:a1", &["R e4>e"]), "R has no marble on e4");
    assert_eq!(
        illegal("R:e5 B:a1", &["R a1>e"]),
        "a1 holds a B marble, not one of R's"
    );
    assert_eq!(
        illegal("R:e5 B:a1", &["R z5>e"]),
        "z5 is not a cell of the board (a1 to i9)"
    );
    assert_eq!(
        illegal("R:e5 B:a1", &["R e5>n"]),
        "n is not a direction (e, ne, nw, w, sw, se)"
    );
}

// --- Lines -------------------------------------------------------------------

#[test]
fn a_line_of_any_length_moves_forward_or_backward_along_its_axis() {
    let seven = "R:e2,e3,e4,e5,e6,e7,e8 B:a1";
    let end = play_ok(&std(), seven, &["R e2:e8>e"]);
    assert_eq!(end, "R:e3,e4,e5,e6,e7,e8,e9 B:a1 move=B");
    let end = play_ok(&std(), seven, &["R e8:e2>w"]);
    assert_eq!(end, "R:e1,e2,e3,e4,e5,e6,e7 B:a1 move=B");
    // Either end may be written first.
    let end = play_ok(&std(), seven, &["R e2:e8>w"]);
    assert_eq!(end, "R:e1,e2,e3,e4,e5,e6,e7 B:a1 move=B");
    // Along the other two axes too.
    let end = play_ok(&std(), "R:c3,d4 B:a5", &["R c3:d4>ne"]);
    assert_eq!(end, "R:d4,e5 B:a5 move=B");
    let end = play_ok(&std(), "R:c3,d3 B:a5", &["R d3:c3>se"]);
    assert_eq!(end, "R:b3,c3 B:a5 move=B");
}

#[test]
fn a_line_must_be_aligned_and_contiguous() {
    assert_eq!(
        illegal("R:c3,d5 B:a1", &["R c3:d5>e"]),
        "c3 and d5 are not on one line"
    );
    assert_eq!(
        illegal("R:c3,c5 B:a1", &["R c3:c5>e"]),
        "the line has a gap on c4"
    );
    assert_eq!(
        illegal("R:c3 B:a1", &["R c3:c3>e"]),
        "a line names two different ends: write one marble as c3>ne"
    );
}

#[test]
fn no_opposing_marble_inside_a_line() {
    assert_eq!(
        illegal("R:c3,c5 B:c4", &["R c3:c5>e"]),
        "the line holds a B marble on c4"
    );
}

#[test]
fn a_line_needs_a_free_cell_at_its_end() {
    // The front of the line runs into R's own marble.
    assert_eq!(
        illegal("R:c3,c4,c5 B:a1", &["R c3:c4>e"]),
        "R's own marble on c5 blocks the line"
    );
}

#[test]
fn a_line_may_be_part_of_a_longer_row() {
    // The front three of a row of five move on; the rear two stay.
    let end = play_ok(&std(), "R:e1,e2,e3,e4,e5 B:a1", &["R e3:e5>e"]);
    assert_eq!(end, "R:e1,e2,e4,e5,e6 B:a1 move=B");
    // The rear two cannot: the rest of the row is in their way.
    assert_eq!(
        illegal("R:e1,e2,e3,e4,e5 B:a1", &["R e1:e2>e"]),
        "R's own marble on e3 blocks the line"
    );
}

#[test]
fn no_sideways_moves_in_the_standard_rules() {
    assert_eq!(
        illegal("R:c3,c4 B:a1", &["R c3:c4>ne"]),
        "a line moves only along its own axis (e or w), never sideways"
    );
}

#[test]
fn sideways_moves_are_a_parameter() {
    let params = Params {
        broadside: true,
        ..Params::default()
    };
    let rules = Offboard::new(params).unwrap();
    let end = play_ok(&rules, "R:c3,c4 B:a1", &["R c4:c3>ne"]);
    assert_eq!(end, "R:d4,d5 B:a1 move=B");
    // Every cell the line moves to must be free, and sideways moves never push.
    let (kind, message) = rejected(&rules, "R:c3,c4 B:d5", &["R c3:c4>ne"]);
    assert_eq!(kind, IllegalMove);
    assert!(
        message.starts_with("d5 is not free: a line moving sideways (a broadside) moves every marble to a free cell and never pushes"),
        "{message}"
    );
}

#[test]
fn the_longest_line_is_a_parameter() {
    let params = Params {
        max_line: Some(3),
        ..Params::default()
    };
    let rules = Offboard::new(params).unwrap();
    let (kind, message) = rejected(&rules, "R:e1,e2,e3,e4 B:a1", &["R e1:e4>e"]);
    assert_eq!(
        (kind, message.as_str()),
        (
            IllegalMove,
            "a line of 4 marbles is too long to move (at most 3)"
        )
    );
    play_ok(&rules, "R:e1,e2,e3,e4 B:a1", &["R e2:e4>e"]);
}

#[test]
fn no_move_takes_an_own_marble_off_the_board() {
    assert_eq!(
        illegal("R:a3 B:e5", &["R a3>sw"]),
        "R would move its own marble off the board from a3"
    );
    assert_eq!(
        illegal("R:e7,e8,e9 B:a1", &["R e7:e9>e"]),
        "R would move its own marble off the board from e9"
    );
}

// --- Pushing -------------------------------------------------------------------

#[test]
fn three_push_two() {
    let end = play_ok(&std(), "R:e1,e2,e3 B:e4,e5", &["R e1:e3>e"]);
    assert_eq!(end, "R:e2,e3,e4 B:e5,e6 move=B");
}

#[test]
fn four_push_three() {
    let end = play_ok(&std(), "R:e1,e2,e3,e4 B:e5,e6,e7", &["R e1:e4>e"]);
    assert_eq!(end, "R:e2,e3,e4,e5 B:e6,e7,e8 move=B");
}

#[test]
fn two_push_one_along_a_diagonal() {
    let end = play_ok(&std(), "R:a1,b2 B:c3", &["R a1:b2>ne"]);
    assert_eq!(end, "R:b2,c3 B:d4 move=B");
}

#[test]
fn only_a_strictly_smaller_group_is_pushed() {
    assert_eq!(
        illegal("R:e1,e2 B:e3,e4", &["R e1:e2>e"]),
        "2 R marbles cannot push 2 B marbles: the pushing line must be longer"
    );
    assert_eq!(
        illegal("R:e1,e2,e3 B:e4,e5,e6,e7", &["R e1:e3>e"]),
        "3 R marbles cannot push 4 B marbles: the pushing line must be longer"
    );
    // The moving line counts, not the whole row behind it.
    assert_eq!(
        illegal("R:e1,e2,e3 B:e4,e5", &["R e2:e3>e"]),
        "2 R marbles cannot push 2 B marbles: the pushing line must be longer"
    );
}

#[test]
fn a_push_needs_an_empty_cell_behind_the_group() {
    assert_eq!(
        illegal("R:e1,e2,e3,e6 B:e4,e5", &["R e1:e3>e"]),
        "the B marbles cannot be pushed: R's own marble on e6 is behind them"
    );
}

#[test]
fn contact_must_be_along_the_axis() {
    // B on d5 touches the line c3:c5 from the side: moving east does not push it.
    let end = play_ok(&std(), "R:c3,c4,c5 B:d5", &["R c3:c5>e"]);
    assert_eq!(end, "R:c4,c5,c6 B:d5 move=B");
}

#[test]
fn pushing_is_never_obligatory() {
    let end = play_ok(&std(), "R:e1,e2,e3 B:e4", &["R e1>ne"]);
    assert_eq!(end, "R:e2,e3,f2 B:e4 move=B");
}

// --- Targets ----------------------------------------------------------------------

#[test]
fn a_marble_pushed_off_a_side_falls_into_its_target_and_scores() {
    let end = play_ok(&std(), "R:d5,d6,d7 B:d8,i9", &["R d5:d7>e*t5=2"]);
    assert_eq!(end, "R:d6,d7,d8 B:i9 t5=B move=B");
    // The mark is optional, but checked when written.
    play_ok(&std(), "R:d5,d6,d7 B:d8,i9", &["R d5:d7>e"]);
    play_ok(&std(), "R:d5,d6,d7 B:d8,i9", &["R d5:d7>e*"]);
    play_ok(&std(), "R:d5,d6,d7 B:d8,i9", &["R d5:d7>e*t5"]);
    let state = std().position("R:d6,d7,d8 B:i9 t5=B move=B").unwrap();
    assert_eq!(state.score("R"), 2);
    assert_eq!(state.score("B"), 0);
}

#[test]
fn the_other_way_off_a_side_reaches_the_other_target() {
    // d8 is on the lower right side: off towards se is t6 (3 points).
    let end = play_ok(&std(), "R:f8,e8 B:d8,i9", &["R f8:e8>se*t6=3"]);
    assert_eq!(end, "R:d8,e8 B:i9 t6=B move=B");
}

#[test]
fn the_whole_pushed_group_moves_and_the_last_marble_falls() {
    let end = play_ok(&std(), "R:a1,a2,a3 B:a4,a5,i9", &["R a1:a3>e*t5=2"]);
    assert_eq!(end, "R:a2,a3,a4 B:a5,i9 t5=B move=B");
}

#[test]
fn a_false_ejection_mark_is_an_effect_error() {
    let pos = "R:d5,d6,d7 B:d8,i9";
    let cases = [
        ("R d5:d7>e*t4=2", "the B marble falls into t5, not t4"),
        ("R d5:d7>e*t5=3", "t5 is worth 2, not 3"),
        ("R d5:d7>e*t5=0", "t5 is worth 2, not 0"),
    ];
    for (turn, message) in cases {
        assert_eq!(
            kind_of(pos, &[turn]),
            (Effect, message.to_string()),
            "{turn}"
        );
    }
    assert_eq!(
        kind_of("R:d4,d5,d6 B:d7,i9", &["R d4:d6>e*t5=2"]),
        (Effect, "d4:d6>e pushes no marble off the board".to_string())
    );
}

#[test]
fn at_a_corner_along_a_big_diagonal_the_lower_valued_target_takes_the_marble() {
    // a1 towards sw could reach t8 (2) or t9 (3): t8.
    let end = play_ok(&std(), "R:c3,b2 B:a1,i9", &["R c3:b2>sw*t8=2"]);
    assert_eq!(end, "R:a1,b2 B:i9 t8=B move=B");
    // With the values swapped, t9.
    let mut params = Params::default();
    params.targets.swap(7, 8);
    let rules = Offboard::new(params).unwrap();
    let end = play_ok(&rules, "R:c3,b2 B:a1,i9", &["R c3:b2>sw*t9=2"]);
    assert_eq!(end, "R:a1,b2 B:i9 t9=B move=B");
    // Off a corner the other ways, one target each: a1 towards w is t10.
    let end = play_ok(&std(), "R:a3,a2 B:a1,i9", &["R a3:a2>w*t10=1"]);
    assert_eq!(end, "R:a1,a2 B:i9 t10=B move=B");
}

#[test]
fn the_lower_valued_target_takes_the_marble_even_when_occupied() {
    let pos = "R:c3,b2 B:a1,i9 t8=R";
    let end = play_ok(&std(), pos, &["R c3:b2>sw*t8=0"]);
    assert_eq!(end, "R:a1,b2 B:i9 t8=R move=B pending=t8");
}

#[test]
fn a_marble_pushed_into_an_occupied_target_scores_nothing() {
    let pos = "R:d5,d6,d7,a1 B:d8,i9 t5=B";
    let end = play_ok(&std(), pos, &["R d5:d7>e*t5=0"]);
    // R keeps the 2 points of the first marble; B must choose.
    assert_eq!(end, "R:a1,d6,d7,d8 B:i9 t5=B move=B pending=t5");
    assert_eq!(
        kind_of(pos, &["R d5:d7>e*t5=2"]),
        (
            Effect,
            "t5 is already taken: the marble scores 0, not 2".to_string()
        )
    );
}

#[test]
fn its_owner_may_put_it_back_on_any_free_cell_as_the_whole_turn() {
    let pos = "R:d5,d6,d7,a1 B:d8,i9 t5=B";
    let end = play_ok(&std(), pos, &["R d5:d7>e*t5=0", "B +e5"]);
    assert_eq!(end, "R:a1,d6,d7,d8 B:e5,i9 t5=B move=R");
    assert_eq!(
        illegal(pos, &["R d5:d7>e*t5=0", "B +e5 i9>w"]),
        "putting a marble back is the whole turn"
    );
    assert_eq!(illegal(pos, &["R d5:d7>e*t5=0", "B +d7"]), "d7 is not free");
    assert_eq!(
        illegal(pos, &["R d5:d7>e*t5=0", "B +"]),
        "write the cell the marble is put back on, e.g. +e5"
    );
}

#[test]
fn or_remove_it_from_the_game_and_play_normally() {
    let pos = "R:d5,d6,d7,a1 B:d8,i9 t5=B";
    let end = play_ok(&std(), pos, &["R d5:d7>e*t5=0", "B ~ i9>w"]);
    assert_eq!(end, "R:a1,d6,d7,d8 B:i8 t5=B out=R0,B1 move=R");
    assert_eq!(
        illegal(pos, &["R d5:d7>e*t5=0", "B ~"]),
        "after removing its marble, B still moves (or passes)"
    );
}

#[test]
fn the_choice_comes_first() {
    let pos = "R:d5,d6,d7,a1 B:d8,i9 t5=B";
    let err = super::support::play_err(&std(), pos, &["R d5:d7>e*t5=0", "B i9>w"]);
    assert_eq!(err.kind, IllegalMove);
    assert_eq!(
        err.message,
        "B must first put back (+cell) or remove (~) its marble pushed towards t5"
    );
    assert!(err.legal.contains(&"+e5".to_string()));
    assert!(err.legal.contains(&"~".to_string()));
    // Without a pushed-off marble there is nothing to put back or remove.
    assert_eq!(
        illegal("R:e5 B:a1", &["R +e6"]),
        "R has no pushed-off marble to put back or remove"
    );
    assert_eq!(
        illegal("R:e5 B:a1", &["R ~ e5>e"]),
        "R has no pushed-off marble to put back or remove"
    );
}

// --- The end -----------------------------------------------------------------------

#[test]
fn the_first_to_six_points_wins_at_once() {
    let pos = "R:d5,d6,d7 B:d8,i9 t1=B t4=B t7=B";
    let rules = std();
    let state = rules.position(pos).unwrap();
    assert_eq!(state.score("R"), 3);
    let game = record(Some(pos), &["R d5:d7>e*t5=2"], "*");
    assert_eq!(replay(&rules, &game).unwrap().winners, None);
    let pos = "R:d5,d6,d7 B:d8,i9 t1=B t3=B";
    let game = record(Some(pos), &["R d5:d7>e*t5=2"], "=R");
    assert_eq!(
        replay(&rules, &game).unwrap().winners,
        Some(vec!["R".into()])
    );
    let game = record(Some(pos), &["R d5:d7>e*t5=2", "B i9>w"], "=R");
    assert_eq!(replay(&rules, &game).unwrap_err().kind, ErrorKind::AfterEnd);
    // `*` is "unfinished or unknown": accepted on a won game too.
    let game = record(Some(pos), &["R d5:d7>e*t5=2"], "*");
    assert_eq!(
        replay(&rules, &game).unwrap().winners,
        Some(vec!["R".into()])
    );
    let game = record(Some(pos), &["R d5:d7>e*t5=2"], "=B");
    assert_eq!(replay(&rules, &game).unwrap_err().kind, ErrorKind::Result);
}

#[test]
fn the_winning_score_is_a_parameter() {
    let params = Params {
        winning_score: 2,
        ..Params::default()
    };
    let rules = Offboard::new(params).unwrap();
    let game = record(Some("R:d5,d6,d7 B:d8,i9"), &["R d5:d7>e*t5=2"], "=R");
    assert!(replay(&rules, &game).is_ok());
}

#[test]
fn a_winning_score_no_seat_can_reach_is_refused() {
    // A seat's score is kept in a byte: 256 points could never be scored.
    for (score, ok) in [(0, false), (1, true), (255, true), (256, false)] {
        let params = Params {
            winning_score: score,
            ..Params::default()
        };
        match Offboard::new(params) {
            Ok(_) => assert!(ok, "{score} accepted"),
            Err(e) => {
                assert!(!ok, "{score} refused: {e}");
                assert!(e.to_string().contains("between 1 and 255"), "{e}");
            }
        }
    }
}

#[test]
fn a_seat_that_cannot_move_passes_and_only_then() {
    // R's only marble on a1 is walled in.
    let end = play_ok(&std(), "R:a1 B:a2,b1,b2", &["R --", "B b2>ne"]);
    assert_eq!(end, "R:a1 B:a2,b1,c3 move=R");
    let (kind, message) = kind_of("R:a1 B:a2,b1", &["R --"]);
    assert_eq!(
        (kind, message.as_str()),
        (FalsePass, "R cannot pass: a move exists")
    );
    let err = super::support::play_err(&std(), "R:a1 B:a2,b1", &["R --"]);
    assert_eq!(err.legal, ["a1>ne"]);
}

#[test]
fn one_move_per_turn_written_in_line_notation() {
    assert_eq!(illegal("R:e5 B:a1", &["R e5>e e6>e"]), "one move per turn");
    assert_eq!(
        illegal("R:e5 B:a1", &["R e5-e6"]),
        "offboard moves are written c3>ne (one marble) or c3:c5>e (a line)"
    );
}

#[test]
fn illegal_moves_list_the_legal_ones() {
    let err = super::support::play_err(&std(), "R:d5,d6,d7 B:d8,i9", &["R d5>e"]);
    assert!(
        err.legal.contains(&"d5:d7>e*t5=2".to_string()),
        "{:?}",
        err.legal
    );
    assert!(err.legal.contains(&"d7:d5>w".to_string()));
    assert!(err.legal.contains(&"d6:d7>e*t5=2".to_string()));
    assert!(!err.legal.contains(&"d6>e".to_string()));
}

// --- Abalone as a parameter-only variant ----------------------------------------------

#[test]
fn abalone_start_has_44_legal_moves() {
    use billes_core::game::GameRules;
    use billes_core::variant::NoHooks;
    let rules = abalone();
    assert_eq!(rules.perft(&rules.start(), 1), 44);
    let moves = GameRules::legal_moves(
        &rules,
        &rules.start(),
        billes_notation::Name::from("R"),
        None,
        1,
        &NoHooks,
    );
    assert_eq!(moves.map(|m| m.len()), Ok(44));
}

#[test]
fn abalone_pushes_off_for_one_point_without_targets() {
    let rules = abalone();
    let end = play_ok(&rules, "R:d5,d6,d7 B:d8,i9", &["R d5:d7>e*"]);
    assert_eq!(end, "R:d6,d7,d8 B:i9 score=R1,B0 out=R0,B1 move=B");
    let (kind, message) = rejected(&rules, "R:d5,d6,d7 B:d8,i9", &["R d5:d7>e*t5=2"]);
    assert_eq!(
        (kind, message.as_str()),
        (Effect, "this game has no targets: write *")
    );
    // The points are not written either: the chapter's `*` alone.
    let (kind, message) = rejected(&rules, "R:d5,d6,d7 B:d8,i9", &["R d5:d7>e*=1"]);
    assert_eq!(
        (kind, message.as_str()),
        (
            Effect,
            "this game has no targets: a marble pushed off is marked * alone (it scores 1)"
        )
    );
    let game = record(
        Some("R:d5,d6,d7 B:d8,i9 score=R5,B0"),
        &["R d5:d7>e*"],
        "=R",
    );
    assert!(replay_with(&rules, &game, &mut |_| {}).is_ok());
    assert!(rules.winners(&rules.start()).is_none());
}

#[test]
fn parameters_that_describe_no_game_are_refused() {
    let bad = |yaml: &str| {
        Offboard::new(serde_yaml::from_str(yaml).unwrap())
            .unwrap_err()
            .0
    };
    assert_eq!(
        bad("targets: [1, 2]"),
        "targets: 2 values given, the board has 12 targets (or none: [])"
    );
    assert_eq!(bad("marbles: 14"), "start: R has 12 marbles, marbles is 14");
    assert_eq!(
        bad("max_line: 0"),
        "max_line: a line holds at least one marble"
    );
    assert_eq!(
        bad("start: \"R:a1,zz\""),
        "start: zz is not a cell of the board (a1 to i9)"
    );
    assert!(serde_yaml::from_str::<Params>("lines: 3").is_err());
}

#[test]
fn passes_go_on_while_nothing_can_move_and_the_game_stays_unfinished() {
    // Neither seat has a marble on the board: each pass is true, the third
    // and the fourth as much as the first, and nobody wins.
    let end = play_ok(
        &std(),
        "R: B: score=R2,B3",
        &["R --", "B --", "R --", "B --"],
    );
    assert_eq!(end, "R: B: score=R2,B3 move=R");
    let game = record(Some("R: B: score=R2,B3"), &["R --", "B --", "R --"], "*");
    let summary = replay(&std(), &game).expect("valid");
    assert!(summary.winners.is_none());
    // A move after them is no move: there is none to make.
    let (kind, _) = kind_of("R: B:", &["R --", "B --", "R e5>e"]);
    assert_eq!(kind, IllegalMove);
}
