//! The session without a terminal: prompts, pending needs, undo, the
//! numbered moves and completion.

#![allow(clippy::unwrap_used)]

use billes_core::{Engine, GameKind, Standard};
use billes_notation::parse_game;

use super::{Reply, Session};

fn engine(kind: GameKind) -> Standard {
    Standard::forced(kind)
}

fn start<'e>(engine: &'e dyn Engine, tags: &str) -> Session<'e> {
    let record = format!("[Game \"{}\"]\n{tags}\n*\n", engine.game());
    Session::new(engine, vec![parse_game(&record).unwrap()], 1).unwrap()
}

#[test]
fn the_prompt_says_the_turn_and_what_is_pending() {
    let e = engine(billes_core::barricade::KIND);
    let mut s = start(&e, "[Seats \"R B\"]");
    assert_eq!(s.prompt(), "1. R or B to roll> ");
    s.apply("B6 h-j1", 1).unwrap();
    assert_eq!(
        s.prompt(),
        "2. B may replay the 6 with the pawn on j1, or R rolls> "
    );
    // The barricade of i3 taken: the mark is written by billes, and B's
    // next turn puts it down.
    let Ok(Reply::Played { turn, .. }) = s.apply("B3 j1-i3", 2) else {
        panic!("played")
    };
    assert_eq!(turn, "2. B3 j1-i3#");
    s.apply("R3 h-a1", 3).unwrap();
    assert_eq!(
        s.prompt(),
        "4. B to roll, then put the barricade down (#point)> "
    );
    s.apply("6 i3-e5 #a2", 4).unwrap();
    assert_eq!(
        s.prompt(),
        "5. B may replay the 6 with the pawn on e5, or R rolls> "
    );
    // The seat is needed when two may act.
    let refused = s.apply("2 e5-e7", 4).unwrap_err();
    assert!(
        refused
            .message()
            .starts_with("who takes the turn? B or R may"),
        "{}",
        refused.message()
    );
}

#[test]
fn when_any_seat_may_start_the_prompt_asks_for_the_seat() {
    let e = engine(billes_core::aggravation::KIND);
    let mut s = start(&e, "[Seats \"R B G Y\"]");
    assert_eq!(s.prompt(), "1. R, B, G or Y to roll> ");
    // No seat is taken for granted: not for a turn, nor for a roll alone.
    let turn = s.apply("6 +", 1).unwrap_err();
    assert_eq!(
        turn.message(),
        "who takes the turn? R, B, G or Y may: write the seat (R6 +, B6 +, G6 + or Y6 +)"
    );
    let roll = s.apply("6", 2).unwrap_err();
    assert_eq!(
        roll.message(),
        "who takes the turn? R, B, G or Y may: write the seat (R6, B6, G6 or Y6)"
    );
    assert!(s.game().line.turns.is_empty());
    let Ok(Reply::Offered(list)) = s.apply("G6", 3) else {
        panic!("offered")
    };
    assert_eq!(list, "G6: +");
    s.apply("", 4).unwrap();
    assert_eq!(s.prompt(), "2. G to roll again> ");
}

#[test]
fn a_team_roll_and_an_ejection_show_in_the_prompt() {
    let e = engine(billes_core::aggravation::KIND);
    let s = start(
        &e,
        "[Seats \"R B G Y\"]\n[Teams \"R+G B+Y\"]\n[Position \"R:rh1,rh2,rh3,rh4 G:g9 B:b9 Y:y9 move=R\"]",
    );
    assert_eq!(s.prompt(), "1. R to roll for G> ");
    let e = engine(billes_core::offboard::KIND);
    let s = start(&e, "[Seats \"R B\"]");
    assert_eq!(s.prompt(), "1. R to move> ");
}

#[test]
fn undo_takes_back_every_kind_of_change_and_a_refused_line_changes_nothing() {
    let e = engine(billes_core::aggravation::KIND);
    let mut s = start(&e, "[Seats \"R G\"]");
    let empty = s.text();
    s.apply("R6 +", 1).unwrap();
    let one = s.text();
    assert!(s.apply("R9 r9-r18", 2).is_err());
    assert!(s.apply(":nag what", 3).is_err());
    assert!(s.apply(":frob", 4).is_err());
    assert_eq!(s.text(), one);
    s.apply(":comment well rolled", 5).unwrap();
    s.apply(":nag !", 6).unwrap();
    s.apply(":tag Round 2", 7).unwrap();
    assert!(s.text().contains("[Round \"2\"]"));
    assert!(s.text().contains("1. R6 + ! {well rolled}"));
    for _ in 0..3 {
        assert!(s.apply(":undo", 8).unwrap().changed());
    }
    assert_eq!(s.text(), one);
    s.apply(":undo", 9).unwrap();
    assert_eq!(s.text(), empty);
    assert_eq!(
        s.apply(":undo", 10).unwrap_err().message(),
        "nothing to take back: the record has no turn"
    );
}

#[test]
fn undo_after_a_resume_takes_back_the_records_turns_to_the_start() {
    let e = engine(billes_core::aggravation::KIND);
    let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n{R starts}\n\
                  1. R6 + ! {a six}\n2. R1 r9-r10 (2. R2 r9-r11)\n3. G6 +\n*\n";
    let mut s = Session::new(&e, vec![parse_game(record).unwrap()], 1).unwrap();
    // A change of this session first, then the record's turns.
    s.apply(":tag Round 2", 1).unwrap();
    let Ok(Reply::Changed(said)) = s.apply(":undo", 2) else {
        panic!("the tag taken back")
    };
    assert_eq!(said, "took back the tag or result");
    let Ok(Reply::Changed(said)) = s.apply(":undo", 3) else {
        panic!("turn 3 taken back")
    };
    assert_eq!(said, "took back turn 3 (G6 +)");
    assert_eq!(s.prompt(), "3. G to roll> ");
    let Ok(Reply::Changed(said)) = s.apply(":undo", 4) else {
        panic!("turn 2 taken back")
    };
    assert_eq!(said, "took back turn 2 (R1 r9-r10, with its variation)");
    let Ok(Reply::Changed(said)) = s.apply(":undo", 5) else {
        panic!("turn 1 taken back")
    };
    assert_eq!(said, "took back turn 1 (R6 + ! {a six})");
    // The game's opening comment stays; the record is valid, and a new
    // first turn may be played.
    assert_eq!(
        s.text(),
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n{R starts}\n*\n"
    );
    assert_eq!(s.prompt(), "1. R or G to roll> ");
    assert!(s.apply(":undo", 6).is_err());
    s.apply("G6 +", 7).unwrap();
    assert!(
        s.text().ends_with("{R starts}\n1. G6 +\n*\n"),
        "{}",
        s.text()
    );
}

#[test]
fn undo_after_resuming_a_finished_game_takes_back_the_result() {
    let e = engine(billes_core::aggravation::KIND);
    let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\
                  [Position \"R:r3,rh2,rh3,rh4 G:g9 move=R\"]\n[Result \"R\"]\n\n1. R5 r3-rh1\n=R\n";
    let mut s = Session::new(&e, vec![parse_game(record).unwrap()], 1).unwrap();
    assert!(s.is_over());
    let Ok(Reply::Changed(said)) = s.apply(":undo", 1) else {
        panic!("taken back")
    };
    assert_eq!(said, "took back turn 1 (R5 r3-rh1) and the result =R");
    assert!(!s.is_over());
    assert!(!s.text().contains("Result"), "{}", s.text());
    assert!(s.text().ends_with("\n\n*\n"), "{}", s.text());
    assert!(e.validate(&parse_game(&s.text()).unwrap()).is_ok());
}

#[test]
fn the_end_writes_the_result_and_undo_takes_it_back() {
    let e = engine(billes_core::aggravation::KIND);
    let mut s = start(
        &e,
        "[Seats \"R G\"]\n[Position \"R:r3,rh2,rh3,rh4 G:g9 move=R\"]",
    );
    let Ok(Reply::Played { winners, .. }) = s.apply("5 r3-rh1", 1) else {
        panic!("played")
    };
    assert_eq!(winners, Some(vec!["R".into()]));
    assert!(s.text().contains("[Result \"R\"]"));
    assert!(s.text().ends_with("1. R5 r3-rh1\n=R\n"));
    assert!(s.prompt().starts_with("R won"));
    s.apply(":undo", 2).unwrap();
    assert!(!s.text().contains("Result"));
    assert!(s.text().ends_with("\n*\n"));
    // Stopped early: the result is `*`, a winner the position does not
    // bear out is refused.
    assert!(s.apply(":result =G", 3).is_err());
    s.apply(":result", 4).unwrap();
    assert!(s.text().contains("[Result \"*\"]"));
}

#[test]
fn a_roll_alone_lists_the_moves_and_a_number_picks_one() {
    let e = engine(billes_core::aggravation::KIND);
    let mut s = start(&e, "[Seats \"R G\"]\n[Position \"R:r9,r12 G:g9 move=R\"]");
    let Ok(Reply::Offered(list)) = s.apply("3", 1) else {
        panic!("offered")
    };
    // r9-r12 would land on R's own marble.
    assert_eq!(list, "R3: 1 r12-b1  2 r12-c");
    assert_eq!(s.prompt(), "1. pick 1 to 2, or a move> ");
    assert!(s.apply("3", 2).is_err(), "no move 3");
    let Ok(Reply::Played { turn, .. }) = s.apply("1", 3) else {
        panic!("played")
    };
    assert_eq!(turn, "1. R3 r12-b1");
    // A whole move is never taken for the start of a longer one: r9-r1
    // is not r9-r13 mistyped.
    let mut s = start(&e, "[Seats \"R G\"]\n[Position \"R:r9 G:g9 move=R\"]");
    let Ok(Reply::Offered(list)) = s.apply("4", 1) else {
        panic!("offered")
    };
    assert_eq!(list, "R4: r9-r13");
    assert!(s.apply("r9-r1", 2).is_err());
    assert!(s.game().line.turns.is_empty());
}

#[test]
fn completion_gives_commands_seats_and_the_moves_of_the_roll() {
    let e = engine(billes_core::aggravation::KIND);
    let s = start(&e, "[Seats \"R G\"]\n[Position \"R:r9,r12 G:g9 move=R\"]");
    assert_eq!(s.complete(":un"), (0, vec![":undo".to_string()]));
    assert_eq!(s.complete(""), (0, vec!["R".to_string()]));
    assert_eq!(
        s.complete("R3 r12"),
        (3, vec!["r12-b1".to_string(), "r12-c".to_string()])
    );
    assert_eq!(s.complete("3 r12-c"), (2, vec!["r12-c".to_string()]));
    let (at, moves) = s.complete("4 r");
    assert_eq!(at, 2);
    assert!(!moves.is_empty() && moves.iter().all(|m| m.starts_with('r')));
}

#[test]
fn hostile_lines_are_refused() {
    let e = engine(billes_core::offboard::KIND);
    let mut s = start(&e, "[Seats \"R B\"]");
    let long = "x".repeat(super::MAX_LINE + 1);
    assert!(s
        .apply(&long, 1)
        .unwrap_err()
        .message()
        .contains("limit is 4096"));
    let control = s.apply("R c4>ne\u{7}", 2).unwrap_err();
    assert!(
        control.message().contains('\u{2407}'),
        "{}",
        control.message()
    );
    assert!(
        s.apply(":tag Event {x}", 3).is_ok(),
        "braces are fine in a tag"
    );
    assert!(s.apply(":comment a } b", 4).is_err());
    assert!(s.apply(":tag 9x y", 5).is_err());
    assert!(s.apply(":tag Game barricade", 6).is_err());
    let reparsed = parse_game(&s.text()).unwrap();
    assert_eq!(reparsed.tag("Event"), Some("{x}"));
}

#[test]
fn a_game_of_several_is_resumed_and_the_others_kept() {
    let e = engine(billes_core::aggravation::KIND);
    let file = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n*\n\n\
                [Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. B4 --\n*\n";
    let games: Vec<_> = billes_notation::parse_games(file)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    let mut s = Session::new(&e, games, 1).unwrap();
    assert_eq!(s.prompt(), "2. R to roll again> ");
    s.apply("1 r9-r10", 1).unwrap();
    assert_eq!(
        s.text(),
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R1 r9-r10\n*\n\n\
         [Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. B4 --\n*\n"
    );
    let games: Vec<_> = billes_notation::parse_games(file)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert!(Session::new(&e, games, 3).is_err());
}

#[test]
fn after_the_end_a_turn_and_a_result_are_refused() {
    let e = engine(billes_core::aggravation::KIND);
    let mut s = start(
        &e,
        "[Seats \"R G\"]\n[Position \"R:r3,rh2,rh3,rh4 G:g9 move=R\"]",
    );
    s.apply("5 r3-rh1", 1).unwrap();
    let over = s.apply("4 g9-g13", 2).unwrap_err();
    assert!(over.message().starts_with("the game is over: R won"));
    let over = s.apply("G4 g9-g13", 3).unwrap_err();
    assert_eq!(over.message(), "the game is over: R won");
    assert!(s.apply(":result", 4).is_err());
}

#[test]
fn a_listed_move_is_picked_by_its_name_or_the_start_of_it() {
    let e = engine(billes_core::aggravation::KIND);
    let mut s = start(&e, "[Seats \"R G\"]\n[Position \"R:r9,r12 G:g9 move=R\"]");
    let Ok(Reply::Offered(list)) = s.apply("3", 1) else {
        panic!("offered")
    };
    assert_eq!(list, "R3: 1 r12-b1  2 r12-c");
    assert_eq!(s.prompt(), "1. pick 1 to 2, or a move> ");
    assert_eq!(
        s.complete("r12-"),
        (0, vec!["r12-b1".to_string(), "r12-c".to_string()])
    );
    let several = s.apply("r12", 2).unwrap_err();
    assert_eq!(
        several.message(),
        "\"r12\" starts 2 entries of the list: 1 r12-b1  2 r12-c; type more of a move, or its number"
    );
    // A move the list does not have is checked as R3's, with the
    // checker's message; the list stays.
    let illegal = s.apply("r9-r12", 3).unwrap_err();
    assert_eq!(illegal.message(), "R would land on its own marble on r12");
    assert_eq!(s.prompt(), "1. pick 1 to 2, or a move> ");
    let Ok(Reply::Played { turn, .. }) = s.apply("r12-b", 4) else {
        panic!("played")
    };
    assert_eq!(turn, "1. R3 r12-b1");
}

#[test]
fn a_barricade_is_put_down_by_the_points_name() {
    let e = engine(billes_core::barricade::KIND);
    let mut s = start(&e, "[Seats \"R B\"]");
    for (i, turn) in ["B6 h-j1", "B3 j1-i3", "R3 h-a1"].iter().enumerate() {
        s.apply(turn, i as u32 + 1).unwrap();
    }
    let Ok(Reply::Offered(list)) = s.apply("6", 4) else {
        panic!("offered")
    };
    assert!(list.starts_with("B6: 1 i3-e5 #? (83 points)"), "{list}");
    let Ok(Reply::Offered(points)) = s.apply("1", 5) else {
        panic!("the points")
    };
    assert!(points.contains("65 #o4"), "{points}");
    assert_eq!(s.prompt(), "4. pick 1 to 83, or a point> ");
    assert!(s.complete("o").1.contains(&"#o4".to_string()));
    let several = s.apply("o", 6).unwrap_err();
    assert_eq!(
        several.message(),
        "\"o\" starts 5 entries of the list: 14 #o13  32 #o11  61 #o5  65 #o4  77 #o3; \
         type more of a point, or its number"
    );
    // A point the list does not have is no start of a longer name (q1 is
    // not q13 mistyped): the checker says why it is not in the list.
    let row = s.apply("q1", 7).unwrap_err();
    assert_eq!(row.message(), "a barricade cannot go on row 1 (q1)");
    let Ok(Reply::Played { turn, .. }) = s.apply("o4", 8) else {
        panic!("played")
    };
    assert_eq!(turn, "4. B6 i3-e5 #o4");
    // The entry by its name, then the point with its #.
    s.apply(":undo", 9).unwrap();
    s.apply("6", 10).unwrap();
    let Ok(Reply::Offered(points)) = s.apply("i3-e5", 11) else {
        panic!("the points of i3-e5")
    };
    assert!(points.starts_with("B6 i3-e5, then: 1 #a13"), "{points}");
    let Ok(Reply::Played { turn, .. }) = s.apply("#o4", 12) else {
        panic!("played")
    };
    assert_eq!(turn, "4. B6 i3-e5 #o4");
}

#[test]
fn a_refusal_at_the_terminal_is_shown_against_the_line_typed() {
    let e = engine(billes_core::aggravation::KIND);
    let mut s = start(&e, "[Seats \"R G\"]\n[Position \"R:r9,r12 G:g9 move=R\"]");
    // The seat and turn number billes adds are not shown: the caret is
    // under the move typed.
    let shown = s.apply("3 r9-r12", 9).unwrap_err().render_typed(false);
    assert!(
        shown.starts_with("error[illegal_move]: R would land on its own marble on r12\n"),
        "{shown}"
    );
    assert!(shown.contains("\n  | 3 r9-r12\n  |   ^^^^^^\n"), "{shown}");
    assert!(
        !shown.contains("<stdin>") && !shown.contains("1. R3"),
        "{shown}"
    );
    // A number no move has: under the number, which is all of the line.
    s.apply("3", 10).unwrap();
    let shown = s.apply("3", 11).unwrap_err().render_typed(false);
    assert!(shown.contains("\n  | 3\n  | ^\n"), "{shown}");
    // The transcript's form keeps the position and the line checked.
    let refused = s.apply(" 9", 12).unwrap_err();
    assert!(refused
        .render("<stdin>", false)
        .contains("--> <stdin>:12:1"));
    assert!(refused.render_typed(false).contains("\n  |  9\n  |  ^\n"));
}
