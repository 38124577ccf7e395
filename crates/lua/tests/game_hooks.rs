//! Barricade's and Offboard's hooks written in Lua: what `allow`,
//! `extra_turn` and `score` change, what `move`, `ejection` and `pos` hold,
//! and how failing hooks are reported.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::{Engine, ErrorKind, ReplayError, Rng, SimOptions, Summary};
use billes_lua::{Variant, VariantSource};
use billes_notation::{parse_game, Action};

/// A variant of `game` with `hooks` (the body of its `hooks` table).
pub(crate) fn load(game: &str, hooks: &str) -> Variant {
    Variant::load(&VariantSource::from_text(
        "rules/test.lua",
        &format!("return {{ name = 'test', game = '{game}', hooks = {{\n{hooks}\n}} }}"),
    ))
    .unwrap()
}

/// `record` replayed under `v`.
pub(crate) fn replay(v: &Variant, record: &str) -> Result<Summary, ReplayError> {
    v.replay(&parse_game(record).unwrap(), &mut |_| {
        std::ops::ControlFlow::Continue(())
    })
}

/// A two-player Barricade record from its movetext.
fn barricade(movetext: &str) -> String {
    format!("[Game \"barricade\"]\n[Seats \"R B\"]\n\n{movetext} *\n")
}

/// An Offboard record from a position and its movetext.
fn offboard(position: &str, movetext: &str) -> String {
    format!("[Game \"offboard\"]\n[Position \"{position}\"]\n\n{movetext} *\n")
}

// Red's pawns enter on c1 (its start point); h-c1 is a 1, h-d1 or h-b1 a 2.

#[test]
fn barricade_allow_forbids_with_its_reason_at_the_turn() {
    let v = load(
        "barricade",
        "allow = function(move, pos)
           if move.kind == 'enter' and move.roll == 2 then
             return false, 'no entry with a 2 (' .. move.seat .. ' to ' .. move.to .. ')'
           end
           return true
         end,",
    );
    let e = replay(&v, &barricade("1. R1 h-c1 2. B2 h-n1")).unwrap_err();
    assert_eq!(
        (e.kind, e.turn),
        (ErrorKind::IllegalMove, Some(2)),
        "{}",
        e.message
    );
    assert!(
        e.message
            .contains("is not allowed in this variant: no entry with a 2 (B to n1)"),
        "{}",
        e.message
    );
    // Every other use of the 2 is an entry too: B passes.
    replay(&v, &barricade("1. R1 h-c1 2. B2 --")).unwrap();
    let e = replay(&load("barricade", ""), &barricade("1. R1 h-c1 2. B2 --")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::FalsePass);
    assert_eq!(e.legal, ["h-n1", "h-p1"]);
}

#[test]
fn barricade_move_and_pos_hold_the_game_s_fields() {
    let v = load(
        "barricade",
        "allow = function(move, pos)
           assert(move.turn == 1 and move.roller == 'R' and move.seat == 'R', 'who')
           assert(move.kind == 'enter' and move.from == nil and move.to == 'c1', 'where')
           assert(move.takes_barricade == false and move.captures == nil, 'what')
           assert(move.direction == nil and move.marbles == nil, 'no offboard fields')
           assert(pos.reserve('R') == 5 and #pos.pieces('R') == 0, 'house')
           assert(#pos.barricades() == 11 and pos.held('R') == false, 'barricades ' .. #pos.barricades())
           assert(pos.at('c1') == nil and pos.team('B')[1] == 'B', 'board')
           assert(table.concat(pos.seats(), ' ') == 'R B', 'seats')
           return true
         end,",
    );
    replay(&v, &barricade("1. R1 h-c1")).unwrap();
}

#[test]
fn barricade_allow_sees_every_put_down() {
    // Not on rows 1-2, not on the point the turn's pawn just left.
    let v = load(
        "barricade",
        "allow = function(move, pos)
           if move.kind ~= 'put_down' then return true end
           assert(move.turn == 1 and move.roller == 'R' and move.seat == 'R', 'who')
           assert(move.captures == nil and move.takes_barricade == nil and move.via == nil, 'fields')
           assert(pos.held('R') == false and pos.at('e5') == nil, 'the position after the move')
           if move.to == move.from then
             return false, 'not on the point just left (' .. move.to .. ')'
           end
           if tonumber(string.match(move.to, '%d+$')) <= 2 then
             return false, 'not on rows 1-2 (' .. move.to .. ')'
           end
           return true
         end,",
    );
    let record = |movetext: &str| {
        format!(
            "[Game \"barricade\"]\n[Seats \"R B\"]\n[Position \"R:e5 B:o3 move=R held=R\"]\n\n{movetext} *\n"
        )
    };
    replay(&v, &record("1. R1 e5-d5 #e6")).unwrap();
    for (movetext, reason) in [
        ("1. R1 e5-d5 #e5", "not on the point just left (e5)"),
        ("1. R1 e5-d5 #e2", "not on rows 1-2 (e2)"),
    ] {
        let e = replay(&v, &record(movetext)).unwrap_err();
        assert_eq!(
            (e.kind, e.turn),
            (ErrorKind::IllegalMove, Some(1)),
            "{}",
            e.message
        );
        let point = &movetext[movetext.len() - 3..];
        assert_eq!(
            e.message,
            format!("{point} is not allowed in this variant: {reason}")
        );
        assert!(e.legal.iter().any(|p| p == "#e6"), "{:?}", e.legal);
        assert!(!e.legal.iter().any(|p| p == "#e5" || p == "#e2"));
        // The standard rules take both.
        replay(&load("barricade", ""), &record(movetext)).unwrap();
    }
    // A missing put-down suggests a point the hook allows.
    let e = replay(&v, &record("1. R1 e5-d5")).unwrap_err();
    assert!(e.message.ends_with("(e.g. #a13)"), "{}", e.message);
    assert!(!e.legal.iter().any(|p| p == "#e5" || p == "#e2"));
    // A lost turn has no point left: `from` is nil.
    let lost = load(
        "barricade",
        "allow = function(move, pos)
           if move.kind == 'put_down' then
             assert(move.from == nil and move.roll == 6, 'a lost turn')
             if move.to == 'f3' then return false, 'not f3' end
           end
           return true
         end,",
    );
    let blocked = "[Game \"barricade\"]\n[Seats \"R B\"]\n[Position \"R:c1,b1,d1,a2,a1 bar=e1,c3,a3 move=R held=R\"]\n\n";
    replay(&lost, &format!("{blocked}1. R6 -- #f5 *\n")).unwrap();
    let e = replay(&lost, &format!("{blocked}1. R6 -- #f3 *\n")).unwrap_err();
    assert_eq!(e.message, "#f3 is not allowed in this variant: not f3");
}

#[test]
fn barricade_extra_turn_decides_who_rolls_next() {
    // A pawn sent home gives another roll; a 6 gives none.
    let v = load(
        "barricade",
        "extra_turn = function(move, pos, standard)
           if move.roll == 6 then return false end
           return move.captures ~= nil
         end,",
    );
    let standard = load("barricade", "");
    // After a 6 the standard rules let R replay, with the same pawn only;
    // the variant gives no replay at all.
    let six = barricade("1. R6 h-h1 2. R1 h-c1");
    let e = replay(&standard, &six).unwrap_err();
    assert_eq!(
        (e.kind, e.turn),
        (ErrorKind::IllegalMove, Some(2)),
        "{}",
        e.message
    );
    let e = replay(&v, &six).unwrap_err();
    assert_eq!(
        (e.kind, e.turn),
        (ErrorKind::Seat, Some(2)),
        "{}",
        e.message
    );
    // A pawn sent home gives a roll, for any pawn.
    let position = "[Game \"barricade\"]\n[Seats \"R B\"]\n[Position \"R:c1 B:d1 move=R\"]\n\n";
    let captured = format!("{position}1. R1 c1-d1* 2. R1 h-c1 *\n");
    let e = replay(&standard, &captured).unwrap_err();
    assert_eq!(
        (e.kind, e.turn),
        (ErrorKind::Seat, Some(2)),
        "{}",
        e.message
    );
    replay(&v, &captured).unwrap();
}

#[test]
fn offboard_allow_forbids_and_makes_a_pass_legal() {
    let v = load(
        "offboard",
        "allow = function(move, pos)
           if move.marbles >= 2 then
             return false, 'lines of ' .. move.marbles .. ' stay put (' .. move.from .. ':' .. move.to .. '>' .. move.direction .. ')'
           end
           return true
         end,",
    );
    let start = "R:a1,a2,a3,a4,a5,b1,b2,b3,b4,b5,b6,c4 B:i5,i6,i7,i8,i9,h4,h5,h6,h7,h8,h9,g6";
    let e = replay(&v, &offboard(start, "1. R c4>ne 2. B h5:i5>se")).unwrap_err();
    assert_eq!(
        (e.kind, e.turn),
        (ErrorKind::IllegalMove, Some(2)),
        "{}",
        e.message
    );
    assert!(
        e.message.contains("lines of 2 stay put (i5:h5>se)"),
        "{}",
        e.message
    );
    assert!(e.legal.iter().all(|m| !m.contains(':')), "{:?}", e.legal);
    // R's only marbles form a walled line: a single marble cannot move.
    let walled = "R:a1,a2 B:a3,b1,b2,b3 move=R";
    let e = replay(&load("offboard", ""), &offboard(walled, "1. R --")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::FalsePass);
    replay(&v, &offboard(walled, "1. R --")).unwrap();
}

#[test]
fn offboard_score_changes_the_score_and_the_winner() {
    // g6 h6 push i6 off into t1 (worth 1): under the variant it wins.
    let v = load(
        "offboard",
        "score = function(ejection, pos, standard)
           assert(ejection.seat == 'R' and ejection.ejects == 'B', 'who')
           assert(ejection.from == 'i6' and ejection.direction == 'nw', 'where')
           assert(ejection.target == 't1' and ejection.taken == false and standard == 1, 'target')
           assert(pos.score('R') == 0 and pos.target('t1') == nil, 'pos')
           return 6
         end,",
    );
    let position = "R:g6,h6 B:i6,a1 move=R";
    let record = offboard(position, "1. R g6:h6>nw*t1=6").replace(" *\n", " =R\n");
    let summary = replay(&v, &record).unwrap();
    assert_eq!(summary.winners, Some(vec!["R".into()]));
    let described = v.describe(&parse_game(&record).unwrap()).unwrap();
    assert!(
        described[0]
            .phrases
            .contains(&"ejected into target t1 for 6 points, score 6–0".to_string()),
        "{:?}",
        described[0].phrases
    );
    let standard = load("offboard", "");
    let e = replay(&standard, &record).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Effect, "{}", e.message);
    // nil keeps the target's value
    let keep = load(
        "offboard",
        "score = function(e, pos, standard) return nil end,",
    );
    replay(&keep, &offboard(position, "1. R g6:h6>nw*t1=1")).unwrap();
}

#[test]
fn failing_game_hooks_name_the_hook_and_the_line() {
    let bad = load(
        "offboard",
        "score = function(ejection, pos)\n  return ejection.nothing.x\nend,",
    );
    let e = replay(&bad, &offboard("R:g6,h6 B:i6,a1 move=R", "1. R g6:h6>nw")).unwrap_err();
    assert_eq!((e.kind, e.turn), (ErrorKind::Variant, Some(1)));
    assert!(e.message.contains("hook score"), "{}", e.message);
    assert!(e.message.contains("rules/test.lua:3:"), "{}", e.message);

    let bad = load("offboard", "score = function() return 'lots' end,");
    let e = replay(&bad, &offboard("R:g6,h6 B:i6,a1 move=R", "1. R g6:h6>nw")).unwrap_err();
    assert!(
        e.message.contains("hook score") && e.message.contains("returned a string"),
        "{}",
        e.message
    );

    let endless = load(
        "barricade",
        "extra_turn = function(move, pos, standard)\n  while true do end\nend,",
    );
    let e = replay(&endless, &barricade("1. R1 h-c1")).unwrap_err();
    assert_eq!((e.kind, e.turn), (ErrorKind::Variant, Some(1)));
    assert!(e.message.contains("hook extra_turn"), "{}", e.message);
    assert!(
        e.message.contains("instruction budget exceeded"),
        "{}",
        e.message
    );

    let endless = load("offboard", "allow = function()\n  while true do end\nend,");
    let e = replay(
        &endless,
        &offboard("R:g6,h6 B:i6,a1 move=R", "1. R g6:h6>nw"),
    )
    .unwrap_err();
    assert!(e.message.contains("hook allow"), "{}", e.message);
    assert!(
        e.message.contains("instruction budget exceeded"),
        "{}",
        e.message
    );
}

#[test]
fn hooked_games_simulate_and_replay() {
    let barricade = load(
        "barricade",
        "allow = function(move) return move.captures == nil end,
         extra_turn = function(move, pos, standard) return standard or move.takes_barricade == true end,",
    );
    let offboard = load("offboard", "score = function() return 2 end,");
    let mut rng = Rng::new(9);
    for (v, players) in [(&barricade, 3), (&offboard, 2)] {
        for _ in 0..5 {
            let options = SimOptions {
                players,
                max_turns: 800,
                ..SimOptions::default()
            };
            let game = v.simulate(&options, &mut rng).unwrap();
            let text = game.to_string();
            let parsed = parse_game(&text).unwrap();
            for turn in &parsed.line.turns {
                for action in &turn.actions {
                    match action {
                        Action::Move { capture, .. } => assert!(capture.is_none(), "{text}"),
                        Action::Line {
                            capture: Some(c), ..
                        } => assert_eq!(c.points, Some(2), "{text}"),
                        _ => {}
                    }
                }
            }
            v.replay(&parsed, &mut |_| std::ops::ControlFlow::Continue(()))
                .unwrap_or_else(|e| panic!("{}: {text}", e.message));
        }
    }
}

#[test]
fn extra_turn_gets_the_standard_answer_in_every_game() {
    // A hook that keeps the standard answer changes nothing: a 6 still
    // gives Aggravation's and Barricade's roller another turn.
    let keep = "extra_turn = function(move, pos, standard)
                  assert(type(standard) == 'boolean', 'standard is ' .. type(standard))
                  return standard
                end,";
    let aggravation = load("aggravation", keep);
    replay(
        &aggravation,
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 3. G1 + *\n",
    )
    .unwrap();
    let barricade_keep = load("barricade", keep);
    replay(&barricade_keep, &barricade("1. R1 h-c1 2. B2 h-n1")).unwrap();
}

#[test]
fn every_game_answers_every_game_s_position_queries() {
    // A game without a query answers its default: {}, false, 0 or nil.
    let defaults = "allow = function(move, pos)
           assert(#pos.barricades() == 0 and pos.held('R') == false, 'barricade queries')
           assert(pos.score('R') == 0 and pos.target('t1') == nil, 'offboard queries')
           assert(pos.must_move('R') == nil and pos.must_move('x') == nil, 'must_move')
           assert(not pcall(pos.held), 'held needs a seat')
           return true
         end,";
    let aggravation = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + *\n";
    replay(&load("aggravation", defaults), aggravation).unwrap();
    let v = load(
        "offboard",
        &defaults.replace("pos.score('R') == 0", "pos.score('R') == 2"),
    );
    replay(
        &v,
        &offboard("R:g6,h6 B:i6,a1 move=R score=R2,B0", "1. R g6:h6>nw"),
    )
    .unwrap();
    let v = load(
        "barricade",
        &defaults.replace("#pos.barricades() == 0", "#pos.barricades() == 11"),
    );
    replay(&v, &barricade("1. R1 h-c1")).unwrap();
    // A failing check is reported, so the checks above are made.
    let wrong = load("aggravation", &defaults.replace("== 0 and", "== 1 and"));
    assert!(replay(&wrong, aggravation).is_err());
}
