//! House rules that change the game (`moves`, `effect`, `winner`): the
//! shipped variants do what they say, and on simulated games the checker of
//! written turns accepts exactly the moves of the list.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::game::{Move, Position, Roll};
use billes_core::variant::Answer;
use billes_core::{Engine, ErrorKind, GameKind, Rng, SimOptions, Standard};
use billes_lua::{Variant, VariantSource};
use billes_notation::parse_game;

fn shipped(name: &str) -> Variant {
    Variant::load(&VariantSource::shipped(name).unwrap()).unwrap()
}

fn names(pos: &dyn Position, roll: u8) -> Vec<String> {
    pos.legal_moves(Roll::new(roll))
        .unwrap()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

/// Plays the legal move written `text` with `roll`.
fn play(pos: &mut Box<dyn Position + '_>, roll: u8, text: &str) {
    let mv = pos
        .legal_moves(Roll::new(roll))
        .unwrap()
        .into_iter()
        .find(|m| m.to_string() == text)
        .unwrap_or_else(|| panic!("{text} is not listed"));
    pos.play(&mv).unwrap();
}

#[test]
fn swap_puts_the_opponent_where_the_mover_was() {
    let swap = shipped("swap");
    let mut pos = swap
        .position(&[("Seats", "R G"), ("Position", "R:r9 G:r12 move=R")])
        .unwrap();
    assert_eq!(names(pos.as_ref(), 3), ["r9-r12*"]);
    play(&mut pos, 3, "r9-r12*");
    assert_eq!(pos.hook_view().at("r9"), Some("G"));
    assert_eq!(pos.hook_view().at("r12"), Some("R"));
    assert_eq!(pos.hook_view().reserve("G"), 3);
    // Entering onto an opponent on START aggravates as usual.
    let mut pos = swap
        .position(&[("Seats", "R G"), ("Position", "R: G:r9 move=R")])
        .unwrap();
    play(&mut pos, 6, "+*");
    assert_eq!(pos.hook_view().reserve("G"), 4);
}

#[test]
fn must_aggravate_keeps_only_the_captures() {
    let tags = [("Seats", "R G"), ("Position", "R:r2,r9 G:r12 move=R")];
    let engine = Standard::new(billes_core::aggravation::KIND);
    let standard = engine.position(&tags).unwrap();
    let must = shipped("must-aggravate");
    let pos = must.position(&tags).unwrap();
    assert_eq!(names(standard.as_ref(), 3).len(), 2);
    assert_eq!(names(pos.as_ref(), 3), ["r9-r12*"]);
    // The checker refuses the move the rule forbids, and lists the capture.
    let mut after = pos.boxed();
    let e = after
        .play_turn(&parse_game("1. R3 r2-r5 *").unwrap().line.turns[0])
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(e.legal, ["r9-r12*"]);
    // Without a capture the standard list stands.
    assert_eq!(names(pos.as_ref(), 1), names(standard.as_ref(), 1));
}

#[test]
fn bounce_home_goes_to_the_far_end_and_back() {
    let bounce = shipped("bounce-home");
    let tags = [("Seats", "R G"), ("Position", "R:r7 G:g9 move=R")];
    let engine = Standard::new(billes_core::aggravation::KIND);
    let standard = engine.position(&tags).unwrap();
    let mut pos = bounce.position(&tags).unwrap();
    assert!(!names(standard.as_ref(), 6).contains(&"r7-rh4-rh2".to_string()));
    assert!(names(pos.as_ref(), 6).contains(&"r7-rh4-rh2".to_string()));
    assert_eq!(
        pos.hook_view().walk("r7", 4, None),
        [["rh1", "rh2", "rh3", "rh4"]]
    );
    assert!(pos.hook_view().walk("r7", 5, None).is_empty());
    play(&mut pos, 6, "r7-rh4-rh2");
    assert_eq!(pos.hook_view().at("rh2"), Some("R"));
    assert_eq!(pos.hook_view().finished("R"), 1);
    // A 6: Red rolls again.
    assert_eq!(pos.to_act().as_deref(), Some("R"));
    // Its own marble in the way: no bounce over it.
    let blocked = bounce
        .position(&[("Seats", "R G"), ("Position", "R:r7,rh3 G:g9 move=R")])
        .unwrap();
    assert!(!names(blocked.as_ref(), 6)
        .iter()
        .any(|m| m.starts_with("r7-")));
}

#[test]
fn jump_barricade_passes_one_barricade_on_a_6() {
    let jump = shipped("jump-barricade");
    let tags = [("Seats", "R G"), ("Position", "R:i9 G:o1 bar=i10 move=R")];
    let engine = Standard::new(billes_core::barricade::KIND);
    let standard = engine.position(&tags).unwrap();
    let mut pos = jump.position(&tags).unwrap();
    assert!(!names(standard.as_ref(), 6).contains(&"i9-e11".to_string()));
    assert!(names(pos.as_ref(), 6).contains(&"i9-e11".to_string()));
    // Not on a 5.
    assert_eq!(names(pos.as_ref(), 5), names(standard.as_ref(), 5));
    play(&mut pos, 6, "i9-e11");
    assert_eq!(pos.hook_view().at("e11"), Some("R"));
    assert_eq!(
        pos.hook_view().query("barricades", ""),
        Some(Answer::Names(vec!["i10".to_string()]))
    );
    let mut around = pos.hook_view().neighbours("i10");
    around.sort();
    assert_eq!(around, ["i11", "i9"]);
    assert_eq!(
        pos.hook_view().path("i9", "i11", None),
        Some(vec!["i10".to_string(), "i11".to_string()])
    );
}

#[test]
fn two_home_ends_the_game_at_the_second_marble_home() {
    let two = shipped("two-home");
    let mut pos = two
        .position(&[("Seats", "R G"), ("Position", "R:rh4,r5,r9 G:g9 move=R")])
        .unwrap();
    assert!(!pos.is_over());
    play(&mut pos, 3, "r5-rh1");
    assert_eq!(pos.winners(), Some(vec!["R".into()]));
    assert!(pos.legal_moves(Roll::new(1)).is_err());
    // A record that plays on after the end is refused; its result is checked.
    let record = "[Game \"aggravation\"]\n[Rules \"two-home\"]\n[Seats \"R G\"]\n\
                  [Position \"R:rh4,r5 G:g9 move=R\"]\n\n1. R3 r5-rh1 2. G1 g9-g10 *\n";
    let e = two
        .replay(&parse_game(record).unwrap(), &mut |_| {
            std::ops::ControlFlow::Continue(())
        })
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::AfterEnd);
    let record = "[Game \"aggravation\"]\n[Rules \"two-home\"]\n[Seats \"R G\"]\n\
                  [Position \"R:rh4,r5 G:g9 move=R\"]\n\n1. R3 r5-rh1 =R\n";
    two.replay(&parse_game(record).unwrap(), &mut |_| {
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
}

/// The moves a checker is tried on in `pos`: the variant's list, the
/// standard list, and each own piece walked the roll along every route.
fn candidates(pos: &dyn Position, standard: &dyn Engine, roll: u8) -> Vec<String> {
    let seat = pos.to_act().unwrap();
    let mut out: Vec<String> = names(pos, roll);
    if let Ok(std_pos) = standard.position(&[
        ("Seats", &pos.seats().join(" ")),
        ("Position", &pos.position_tag()),
    ]) {
        if let Ok(list) = std_pos.legal_moves(Roll::new(roll)) {
            out.extend(list.iter().map(Move::to_string));
        }
    }
    let view = pos.hook_view();
    for from in view.pieces(&seat) {
        for k in 1..=u32::from(roll) {
            for route in view.walk(&from, k, None) {
                let far = route.last().unwrap();
                out.push(format!("{from}-{far}"));
                let back = roll as usize - k as usize;
                if back > 0 && back < route.len() {
                    out.push(format!("{from}-{far}-{}", route[route.len() - 1 - back]));
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn the_checker_accepts_exactly_the_list_under_each_variant() {
    for name in [
        "swap",
        "must-aggravate",
        "bounce-home",
        "jump-barricade",
        "two-home",
    ] {
        let v = shipped(name);
        let standard = Standard::new(v.game());
        let mut rng = Rng::new(11);
        let (mut tried, mut added) = (0, 0);
        for _ in 0..2 {
            let options = SimOptions {
                max_turns: 150,
                ..SimOptions::default()
            };
            let game = v.simulate(&options, &mut rng).unwrap();
            let mut pos = v.start(&game).unwrap();
            for (t, turn) in game.line.turns.iter().enumerate() {
                if t % 4 == 0 {
                    let roll = (t % 6 + 1) as u8;
                    let listed = names(pos.as_ref(), roll);
                    for text in candidates(pos.as_ref(), &standard, roll) {
                        let seat = pos.to_act().unwrap();
                        let line = format!("1. {seat}{roll} {text} *");
                        let Ok(parsed) = parse_game(&line) else {
                            continue;
                        };
                        let mut after = pos.boxed();
                        let accepted = after.play_turn(&parsed.line.turns[0]).is_ok();
                        let bare = |s: &str| s.replace(['*', '#'], "");
                        let in_list = listed.iter().any(|m| bare(m) == bare(&text));
                        assert_eq!(
                            accepted, in_list,
                            "{name}, turn {t}: {seat}{roll} {text}: list {listed:?}"
                        );
                        tried += 1;
                        if in_list
                            && !names_of_standard(&standard, pos.as_ref(), roll).contains(&text)
                        {
                            added += 1;
                        }
                    }
                }
                pos.play_turn(turn).unwrap();
            }
        }
        assert!(tried > 50, "{name}: {tried} candidates");
        if ["bounce-home", "jump-barricade"].contains(&name) {
            assert!(added > 0, "{name}: no added move was ever listed");
        }
    }
}

fn names_of_standard(standard: &dyn Engine, pos: &dyn Position, roll: u8) -> Vec<String> {
    standard
        .position(&[
            ("Seats", &pos.seats().join(" ")),
            ("Position", &pos.position_tag()),
        ])
        .ok()
        .and_then(|p| p.legal_moves(Roll::new(roll)).ok())
        .map(|l| l.iter().map(Move::to_string).collect())
        .unwrap_or_default()
}

/// A house rule with a backward move, as a newcomer writes it: on a 4 a
/// marble may go 4 holes back (`pos.walk_back`), written `r9-r5`; its
/// `effect` tells what it sees of a capture.
const BACKWARD_FOUR: &str = r#"
return {
  name = "backward-four",
  game = "aggravation",
  hooks = {
    moves = function(roll, pos, standard)
      if roll.roll ~= 4 then return nil end
      local list = {}
      for _, m in ipairs(standard) do list[#list + 1] = m end
      for _, from in ipairs(pos.pieces(roll.seat)) do
        local route = pos.walk_back(from, 4)[1]
        if route and pos.at(route[#route]) ~= roll.seat then
          list[#list + 1] = from .. "-" .. route[#route]
        end
      end
      return list
    end,
    effect = function(move, pos)
      if move.captures then
        error(move.captures .. " has " .. pos.reserve(move.captures) .. " in BASE, "
          .. pos.at(move.to) .. " is on " .. move.to)
      end
    end,
  },
}
"#;

#[test]
fn walk_back_goes_round_the_loop_and_up_the_home_row() {
    let rules = shipped("bounce-home");
    let pos = rules
        .position(&[("Seats", "R G"), ("Position", "R:r1,rh2 G:g9 move=R")])
        .unwrap();
    let view = pos.hook_view();
    // Counter-clockwise from r1: r0, then the last holes of the side before.
    assert_eq!(view.walk_back("r1", 3), [["r0", "w13", "w12"]]);
    // From HOME: up the row, onto the loop at the branch hole, then back.
    assert_eq!(view.walk_back("rh2", 3), [["rh1", "r7", "r6"]]);
    assert_eq!(view.walk_back("c", 1), Vec::<Vec<String>>::new());
    assert_eq!(view.walk_back("r1", 0), [Vec::<String>::new()]);
}

#[test]
fn an_added_backward_move_is_written_as_a_path_and_effect_sees_the_capture_done() {
    let rules = Variant::load(&VariantSource::from_text(
        "rules/backward-four.lua",
        BACKWARD_FOUR,
    ))
    .unwrap();
    let tags = [("Seats", "R G"), ("Position", "R:r9 G:g9 move=R")];
    let pos = rules.position(&tags).unwrap();
    assert!(names(pos.as_ref(), 4).contains(&"r9-r5".to_string()));
    // Written as a path, the move checks.
    let mut after = pos.boxed();
    after
        .play_turn(&parse_game("1. R4 r9-r5 *").unwrap().line.turns[0])
        .unwrap();
    assert_eq!(after.hook_view().at("r5"), Some("R"));
    // A capture: when `effect` runs the captured marble is already in BASE
    // and the mover stands on the hole (`pos` is the position after it).
    let tags = [("Seats", "R G"), ("Position", "R:r9 G:r5 move=R")];
    let mut pos = rules.position(&tags).unwrap();
    let e = pos
        .play_turn(&parse_game("1. R4 r9-r5* *").unwrap().line.turns[0])
        .unwrap_err();
    assert!(
        e.message.contains("G has 4 in BASE, R is on r5"),
        "{}",
        e.message
    );
}

/// A Barricade variant whose `effect` makes every edit Barricade takes:
/// the barricades' own and the pawns'.
const EVERY_BARRICADE_EDIT: &str = r#"
return {
  name = "every-edit",
  game = "barricade",
  hooks = {
    effect = function(move, pos)
      return {
        { op = "take_barricade", at = "i10" },
        { op = "place_barricade", at = "a3" },
        { op = "move", from = "o1", to = "o3" },
        { op = "swap", a = "o3", b = move.to },
        { op = "send", at = move.to },
        { op = "put", seat = "G", at = "m3" },
      }
    end,
  },
}
"#;

#[test]
fn the_barricade_edits_change_the_board_through_a_script() {
    let rules = Variant::load(&VariantSource::from_text(
        "rules/every-edit.lua",
        EVERY_BARRICADE_EDIT,
    ))
    .unwrap();
    let tags = [("Seats", "R G"), ("Position", "R:i9 G:o1 bar=i10 move=R")];
    let mut pos = rules.position(&tags).unwrap();
    let before = pos.hook_view().pieces("G");
    assert_eq!(before, ["o1"]);
    let first = names(pos.as_ref(), 1)
        .into_iter()
        .find(|m| m.starts_with("i9-") && !m.contains("i10"))
        .unwrap();
    let to = first.rsplit('-').next().unwrap().to_string();
    play(&mut pos, 1, &first);
    let view = pos.hook_view();
    assert_eq!(
        view.query("barricades", ""),
        Some(Answer::Names(vec!["a3".to_string()]))
    );
    // G's pawn went o1 -> o3, swapped with R's, was sent home; another came out on m3.
    assert_eq!(view.at("o3"), Some("R"), "R's pawn swapped onto o3");
    assert_eq!(view.at(&to), None, "G's pawn sent home from {to}");
    assert_eq!(view.pieces("G"), ["m3"]);
    // A barricade edit the board refuses is a variant error at the turn.
    let tags = [("Seats", "R G"), ("Position", "R:i9 G:o1 bar=i11 move=R")];
    let mut pos = rules.position(&tags).unwrap();
    let e = pos
        .play_turn(&parse_game(&format!("1. R1 {first} *")).unwrap().line.turns[0])
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Variant);
    assert_eq!(
        e.message,
        "the effect hook's edit \"take_barricade i10\": no barricade stands on i10"
    );
}

/// A script returning `op` with each of its arguments named after a
/// point no board has, in a game of `kind`.
fn writing(kind: GameKind, op: &str, args: &[&str]) -> Variant {
    let fields: String = args.iter().map(|a| format!(", {a} = 'zz'")).collect();
    let script = format!(
        "return {{ name = 'e', game = '{}', hooks = {{ effect = function(m, p) \
         return {{ {{ op = '{op}'{fields} }} }} end }} }}",
        kind.name()
    );
    Variant::load(&VariantSource::from_text("rules/e.lua", &script)).unwrap()
}

/// The error of the first turn of `kind` under `rules`.
fn first_turn_error(rules: &Variant, kind: GameKind) -> billes_core::ReplayError {
    let (tags, turn) = match kind.name() {
        "aggravation" => (
            [("Seats", "R G"), ("Position", "R:r9 G:g9 move=R")],
            "1. R3 r9-r12 *",
        ),
        "barricade" => (
            [("Seats", "R G"), ("Position", "R:i9 G:o1 bar=i13 move=R")],
            "1. R1 i9-i10 *",
        ),
        other => unreachable!("{other} takes no effect hook"),
    };
    let mut pos = rules.position(&tags).unwrap();
    pos.play_turn(&parse_game(turn).unwrap().line.turns[0])
        .unwrap_err()
}

#[test]
fn a_script_may_write_the_edits_its_game_declares_and_no_other() {
    use billes_core::edit::EditOp;
    use billes_core::variant::Hook;
    let mut tried = 0;
    for kind in billes_core::registry::all() {
        let (hooks, edits) = billes_core::with_kind!(kind, R => (R::hooks(), R::edits()));
        if !hooks.contains(&Hook::Effect) {
            continue;
        }
        // Every declared edit is read, then checked by the board.
        for op in edits {
            let rules = writing(kind, op.name, op.args);
            let e = first_turn_error(&rules, kind);
            assert_eq!(e.kind, ErrorKind::Variant, "{kind:?} {}", op.name);
            let written = std::iter::once(op.name)
                .chain(op.args.iter().map(|_| "zz"))
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                e.message
                    .starts_with(&format!("the effect hook's edit \"{written}\": ")),
                "{kind:?}: {}",
                e.message
            );
            tried += 1;
        }
        // An op the list lacks is refused by the list, which it names.
        let names: Vec<&str> = edits.iter().map(|o| o.name).collect();
        for op in ["teleport", "place_barricade"] {
            if names.contains(&op) {
                continue;
            }
            let e = first_turn_error(&writing(kind, op, &["at"]), kind);
            assert_eq!(e.kind, ErrorKind::Variant);
            let refusal = EditOp::unknown(op, edits).to_string();
            assert_eq!(
                e.message,
                format!("variant e, hook effect (rules/e.lua): {refusal}"),
                "{kind:?}"
            );
        }
    }
    assert_eq!(tried, 4 + 6, "Aggravation's edits and Barricade's");
}

#[test]
fn an_edit_aggravation_does_not_take_is_refused_with_its_list() {
    let rules = writing(billes_core::aggravation::KIND, "place_barricade", &["at"]);
    let e = first_turn_error(&rules, billes_core::aggravation::KIND);
    assert_eq!(
        e.message,
        "variant e, hook effect (rules/e.lua): \
         unknown edit op \"place_barricade\" (send, put, move, swap)"
    );
    let rules = writing(billes_core::barricade::KIND, "teleport", &["at"]);
    let e = first_turn_error(&rules, billes_core::barricade::KIND);
    assert_eq!(
        e.message,
        "variant e, hook effect (rules/e.lua): unknown edit op \"teleport\" \
         (send, put, move, swap, place_barricade, take_barricade)"
    );
}

/// A turn refused leaves the position as it was, even when the rules
/// refuse it after moving the pieces: here a `winner` hook, asked once the
/// move is made, fails.
#[test]
fn a_turn_refused_halfway_leaves_the_position_as_it_was() {
    let failing = Variant::load(&VariantSource::from_text(
        "rules/fails.lua",
        "return { name = 'fails', game = 'aggravation', hooks = { winner = function() error('no') end } }",
    ))
    .unwrap();
    let tags = [("Seats", "R G"), ("Position", "R:r2,r9 G:r12 move=R")];
    let mut pos = failing.position(&tags).unwrap();
    let before = (pos.position_tag(), pos.to_act());
    let turn = &parse_game("1. R3 r2-r5 *").unwrap().line.turns[0];
    assert!(pos.play_turn(turn).is_err());
    assert_eq!((pos.position_tag(), pos.to_act()), before);
    // The standard rules play the same turn.
    let standard = Standard::new(billes_core::aggravation::KIND);
    let mut played = standard.position(&tags).unwrap();
    played.play_turn(turn).unwrap();
    assert_ne!(played.position_tag(), before.0);
}
