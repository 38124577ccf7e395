//! The shipped variants: each loads, plays random games that replay under
//! it, and changes what it says it changes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::{Engine, ErrorKind, ReplayError, Rng, SimOptions, Summary};
use billes_lua::{Variant, VariantSource, SHIPPED};
use billes_notation::{parse_game, Game};

fn shipped(name: &str) -> Variant {
    Variant::load(&VariantSource::shipped(name).unwrap()).unwrap()
}

/// Replays a record under the shipped variant its `Rules` tag names, or
/// under the standard rules without one.
fn replay_tagged(game: &Game) -> Result<Summary, ReplayError> {
    let go = &mut |_: &billes_core::Observed<'_>| std::ops::ControlFlow::Continue(());
    match game.tag("Rules") {
        Some(name) => match VariantSource::shipped(name) {
            Some(source) => Variant::load(&source).unwrap().replay(game, go),
            None => Err(ReplayError::new(
                ErrorKind::Variant,
                game.span,
                format!("unknown rules \"{name}\""),
            )),
        },
        None => billes_core::replay(game, go),
    }
}

fn options(v: &Variant) -> SimOptions {
    match v.name() {
        "partners-safe" => SimOptions {
            players: 4,
            teams: Some("R+G B+Y".into()),
            ..SimOptions::default()
        },
        "free-teammate" => SimOptions {
            players: 6,
            teams: Some("R+P+Y B+G+W".into()),
            ..SimOptions::default()
        },
        "five-marbles" | "no-shortcuts" => SimOptions {
            players: 4,
            ..SimOptions::default()
        },
        _ => SimOptions::default(),
    }
}

#[test]
fn every_shipped_variant_simulates_and_replays() {
    for (name, _) in SHIPPED {
        let v = shipped(name);
        assert_eq!(v.name(), name);
        assert!(!v.description().is_empty(), "{name} has no description");
        let mut rng = Rng::new(7);
        for i in 0..20 {
            let game = v
                .simulate(&options(&v), &mut rng)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(game.tag("Rules"), Some(name));
            let text = game.to_string();
            let parsed = parse_game(&text).unwrap();
            let summary = replay_tagged(&parsed).unwrap_or_else(|e| {
                panic!(
                    "{name} game {i}: {} at turn {:?}\n{text}",
                    e.message, e.turn
                )
            });
            assert_eq!(summary.turns as usize, game.line.turns.len());
        }
    }
}

#[test]
fn five_marbles_games_are_not_standard_games() {
    let v = shipped("five-marbles");
    let game = v.simulate(&options(&v), &mut Rng::new(3)).unwrap();
    let mut standard = game.clone();
    standard.tags.retain(|t| t.name != "Rules");
    assert!(
        standard.outcome.winners.is_empty()
            || billes_core::replay(&standard, &mut |_| std::ops::ControlFlow::Continue(()))
                .is_err()
    );
}

#[test]
fn malefiz_has_no_bounce_the_pawn_before_the_goal_moves_like_any_other() {
    // Under the seed's rules the pawn on i13 waits for a 1 while another
    // pawn can move; under the published rules it walks back along the row.
    let record = "[Game \"barricade\"]\n[Rules \"malefiz\"]\n[Seats \"R G\"]\n[Position \"R:i13,e1 G:g1 bar=i11,e3 move=R\"]\n\n1. R4 i13-e13 2. G1 g1-h1 *\n";
    let game = parse_game(record).unwrap();
    replay_tagged(&game).unwrap();
    let mut standard = game.clone();
    standard.tags.retain(|t| t.name != "Rules");
    let e =
        billes_core::replay(&standard, &mut |_| std::ops::ControlFlow::Continue(())).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    // With only that pawn on the board and a 2 to 6: no bounce, any way of
    // the exact roll.
    let record = "[Game \"barricade\"]\n[Rules \"malefiz\"]\n[Seats \"R G\"]\n[Position \"R:i13 G:g1 bar=i11 move=R\"]\n\n1. R3 i13-i14-h13 *\n";
    let e = replay_tagged(&parse_game(record).unwrap()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert!(e.legal.iter().any(|m| m == "i13-f13"), "{:?}", e.legal);
}

#[test]
fn no_shortcuts_refuses_the_centre() {
    let record = "[Game \"aggravation\"]\n[Rules \"no-shortcuts\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R4 r9-r13 3. G2 -- 4. R2 r13-c *\n";
    let game = parse_game(record).unwrap();
    let mut standard = game.clone();
    standard.tags.retain(|t| t.name != "Rules");
    billes_core::replay(&standard, &mut |_| std::ops::ControlFlow::Continue(())).unwrap();
    let e = replay_tagged(&game).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(e.turn, Some(4));
    assert!(!e.legal.iter().any(|m| m.ends_with("-c")), "{:?}", e.legal);
}

#[test]
fn free_teammate_gives_the_roll_to_a_teammate_who_can_use_it() {
    // R is finished; P cannot use a 3 (its HOME marbles block each other
    // and a 3 enters nothing) while Y can: under free-teammate R must give
    // the 3 to Y, while the standard rules let R declare P, who passes.
    let head = "[Game \"aggravation\"]\n[Seats \"R B P G Y W\"]\n[Teams \"R+P+Y B+G+W\"]\n\
[Position \"R:rh1,rh2,rh3,rh4 P:ph1,ph2,ph3 Y:y9 move=R\"]\n\n";
    let to_p = parse_game(&format!("{head}1. R3>P -- *\n")).unwrap();
    let to_y = parse_game(&format!("{head}1. R3>Y y9-y12 *\n")).unwrap();
    billes_core::replay(&to_p, &mut |_| std::ops::ControlFlow::Continue(())).unwrap();
    billes_core::replay(&to_y, &mut |_| std::ops::ControlFlow::Continue(())).unwrap();
    let free = shipped("free-teammate");
    let e = free
        .replay(&to_p, &mut |_| std::ops::ControlFlow::Continue(()))
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Seat);
    assert!(e.message.contains("R's 3 is for Y, not P"), "{}", e.message);
    free.replay(&to_y, &mut |_| std::ops::ControlFlow::Continue(()))
        .unwrap();
}

#[test]
fn a_variant_for_another_game_is_refused() {
    let game = parse_game("[Game \"offboard\"]\n[Rules \"malefiz\"]\n\n*\n").unwrap();
    let e = replay_tagged(&game).unwrap_err();
    assert!(
        e.message.contains("is for barricade, not offboard"),
        "{}",
        e.message
    );
}

#[test]
fn extra_turn_and_pos_hooks() {
    // No extra turn after a 6 that enters a marble; the hook also checks
    // what pos shows before the move.
    let script = "return { name = 'calm', game = 'aggravation', hooks = {\n\
        extra_turn = function(move, pos, standard)\n\
          assert(pos.reserve(move.seat) >= 1 or move.kind ~= 'enter')\n\
          assert(pos:at(string.lower(move.seat) .. '9') == nil or move.kind ~= 'enter')\n\
          assert(#pos.seats() == 2 and pos.team('R')[1] == 'R')\n\
          if move.kind == 'enter' then return false end\n\
          return standard\n\
        end,\n\
      } }";
    let v = Variant::load(&VariantSource::from_text("calm.lua", script)).unwrap();
    assert_eq!(v.hooks(), vec!["extra_turn"]);
    let ok = parse_game(
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. G6 + 3. R6 r9-b1 4. R2 b1-b3 *\n",
    )
    .unwrap();
    v.replay(&ok, &mut |_| std::ops::ControlFlow::Continue(()))
        .unwrap();
    let standard =
        parse_game("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 *\n").unwrap();
    let e = v
        .replay(&standard, &mut |_| std::ops::ControlFlow::Continue(()))
        .unwrap_err();
    assert_eq!((e.kind, e.turn), (ErrorKind::Seat, Some(2)));
    billes_core::replay(&standard, &mut |_| std::ops::ControlFlow::Continue(())).unwrap();
    let mut rng = Rng::new(5);
    let game = v.simulate(&SimOptions::default(), &mut rng).unwrap();
    let reparsed = parse_game(&game.to_string()).unwrap();
    v.replay(&reparsed, &mut |_| std::ops::ControlFlow::Continue(()))
        .unwrap();
}

#[test]
fn no_shortcuts_hook_alone_forbids_every_shortcut() {
    // The allow hook of no-shortcuts, without its parameter, is the whole
    // rule: a ring move ending on a star hole (no `via`), the centre.
    let text = billes_lua::VariantSource::shipped("no-shortcuts")
        .unwrap()
        .text()
        .replace("params = { shortcuts = false },", "");
    let hook_only = Variant::load(&billes_lua::VariantSource::from_text(
        "rules/hook-only.lua",
        &text,
    ))
    .unwrap();
    assert!(hook_only.params().is_empty());
    let record = |movetext: &str, position: &str| {
        parse_game(&format!(
            "[Game \"aggravation\"]\n[Seats \"R Y\"]\n[Position \"{position}\"]\n\n1. {movetext} *\n"
        ))
        .unwrap()
    };
    let forbidden = [
        ("R2 y0-r0", "R:y0 Y:y9 move=R"),
        ("R4 y0-r0-r2", "R:y0 Y:y9 move=R"),
        ("R1 c-r0", "R:c Y:y9 move=R"),
        ("R4 r11-c", "R:r11 Y:y9 move=R"),
    ];
    for (movetext, position) in forbidden {
        let game = record(movetext, position);
        assert!(
            billes_core::validate(&game).is_ok(),
            "{movetext} is a shortcut in the standard rules"
        );
        let err = hook_only.validate(&game).unwrap_err();
        assert!(
            err.message.contains("shortcuts are not played"),
            "{movetext}: {}",
            err.message
        );
    }
    assert!(hook_only
        .validate(&record("R2 y0-y2", "R:y0 Y:y9 move=R"))
        .is_ok());
}
