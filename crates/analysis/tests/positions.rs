//! Hand-made positions where one move is clearly right: the others get
//! `??`; forced moves get no mark; the same seed gives the same analysis;
//! variants are analysed through their own rules.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_analysis::{analyze_game, comment, GameAnalysis, Mark, Settings};
use billes_core::game::Roll;
use billes_core::{Engine, Standard};
use billes_notation::{parse_game, write_game, Game};

fn settings() -> Settings {
    Settings {
        rollouts: 32,
        luck_rollouts: 12,
        seed: 7,
        ..Settings::default()
    }
}

fn analyse_with(record: &str, settings: &Settings) -> GameAnalysis {
    let game = parse_game(record).expect("record parses");
    analyze_game(&game, settings, &|| engine(&game)).expect("record analysed")
}

/// The rules of a record: the shipped variant its `Rules` tag names, else
/// its game's standard rules.
fn engine(game: &Game) -> Result<std::rc::Rc<dyn Engine>, billes_core::ReplayError> {
    match game.tag("Rules") {
        Some(name) => {
            let source = billes_lua::VariantSource::shipped(name).expect("a shipped variant");
            Ok(std::rc::Rc::new(
                billes_lua::Variant::load(&source).expect("loads"),
            ))
        }
        None => Ok(std::rc::Rc::new(Standard::of(game)?)),
    }
}

fn analyse(record: &str) -> GameAnalysis {
    analyse_with(record, &settings())
}

/// A one-turn record from a position.
fn record(game: &str, seats: &str, position: &str, turn: &str) -> String {
    format!("[Game \"{game}\"]\n[Seats \"{seats}\"]\n[Position \"{position}\"]\n\n1. {turn} *\n")
}

#[test]
fn aggravating_the_marble_on_the_doorstep_of_home() {
    // Green's last marble stands a few holes from HOME; Red can send it
    // back to BASE, or move its other marble.
    let pos = "R:g2,r5,rh3,rh4 G:g3,gh2,gh3,gh4 move=R";
    let missed = analyse(&record("aggravation", "R G", pos, "R1 r5-r6"));
    let t = &missed.turns[0];
    assert!(t.is_decision());
    assert_eq!(
        t.best.as_ref().map(|b| b.0.as_str()),
        Some("g2-g3*"),
        "{t:#?}"
    );
    assert_eq!(t.mark, Some(Mark::VeryBad), "{t:#?}");
    let found = analyse(&record("aggravation", "R G", pos, "R1 g2-g3*"));
    assert_eq!(found.turns[0].mark, None);
    assert_eq!(found.turns[0].best, None);
    // Every other legal move gets ?? too.
    let rules = Standard::new(billes_core::aggravation::KIND);
    let start = rules
        .position(&[("Seats", "R G"), ("Position", pos)])
        .unwrap();
    let moves = start.legal_moves(Roll::new(1)).unwrap();
    assert!(moves.len() >= 2, "{moves:?}");
    for mv in moves.iter().filter(|m| m.to_string() != "g2-g3*") {
        let a = analyse(&record("aggravation", "R G", pos, &mv.turn()));
        assert_eq!(
            a.turns[0].mark,
            Some(Mark::VeryBad),
            "{mv}: {:#?}",
            a.turns[0]
        );
    }
}

#[test]
fn reaching_the_goal_wins_at_once() {
    // Green reaches the goal with a 2 or a 3 unless Red wins first.
    let pos = "R:i13,e5 G:h13,g13 bar=e3 move=R";
    for other in ["e5-e6", "h-c1", "i13-h13"] {
        let a = analyse(&record("barricade", "R G", pos, &format!("R1 {other}")));
        let t = &a.turns[0];
        assert_eq!(
            t.best.as_ref().map(|b| b.0.as_str()),
            Some("i13-i14"),
            "{t:#?}"
        );
        assert_eq!(t.best.as_ref().map(|b| b.1.mean), Some(1.0));
        assert_eq!(t.mark, Some(Mark::VeryBad), "{other}: {t:#?}");
    }
    let a = analyse(&record("barricade", "R G", pos, "R1 i13-i14"));
    assert_eq!(a.turns[0].mark, None);
    assert_eq!(a.turns[0].win.map(|w| w.mean), Some(1.0));
}

#[test]
fn the_ejection_that_wins_offboard() {
    // Red wins by ejecting i5; otherwise Blue ejects a1 or a5 and wins.
    let pos = "R:g5,h5,a1,a5 B:i5,c1,b1,c5,b5 score=R5,B5 move=R";
    let game = |turn: &str| format!("[Game \"offboard\"]\n[Position \"{pos}\"]\n\n1. {turn} *\n");
    let a = analyse(&game("R g5>w"));
    let t = &a.turns[0];
    assert_eq!(t.best.as_ref().map(|b| b.0.as_str()), Some("g5:h5>nw*t1=1"));
    assert_eq!(t.mark, Some(Mark::VeryBad), "{t:#?}");
    assert_eq!(t.luck, None, "no dice, no luck");
    assert_eq!(analyse(&game("R g5:h5>nw*t1=1")).turns[0].mark, None);
}

#[test]
fn a_forced_move_gets_no_mark() {
    let a = analyse(&record(
        "aggravation",
        "R G",
        "R:r6,rh2,rh3,rh4 G:g9 move=R",
        "R2 r6-rh1",
    ));
    let t = &a.turns[0];
    assert!(!t.is_decision());
    assert_eq!(t.legal, 1);
    assert_eq!(t.mark, None);
    assert_eq!(t.best, None);
    assert_eq!(a.seats[0].decisions, 0);
}

const GAME: &str = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n\
    1. R6 + 2. R3 r9-r12 3. G6 + 4. G5 g9-y0 5. R4 r12-b2 6. G1 y0-y1 7. R6 + 8. R2 r9-r11 *\n";

#[test]
fn the_same_seed_gives_the_same_analysis_whatever_the_jobs() {
    let one = analyse(GAME);
    let two = analyse_with(
        GAME,
        &Settings {
            jobs: 2,
            ..settings()
        },
    );
    assert_eq!(one, two);
    assert_eq!(one.turns.len(), 8);
    assert!(one.turns.iter().all(|t| t.luck.is_some()));
    let other = analyse_with(
        GAME,
        &Settings {
            seed: 8,
            ..settings()
        },
    );
    assert_ne!(one, other);
}

#[test]
fn annotating_twice_changes_nothing_and_strip_undoes_it() {
    let mut game: Game = parse_game(GAME).unwrap();
    let a = analyse(GAME);
    comment::annotate(&mut game.line, &a);
    let once = write_game(&game);
    assert!(once.contains("{[%win "), "{once}");
    comment::annotate(&mut game.line, &a);
    assert_eq!(write_game(&game), once);
    comment::strip(&mut game.line);
    assert_eq!(write_game(&game), write_game(&parse_game(GAME).unwrap()));
}

#[test]
fn totals_count_marks_and_luck() {
    let a = analyse(GAME);
    let r = &a.seats[0];
    assert_eq!(r.who, "R");
    assert_eq!(r.turns, 5);
    assert!(a.teams.is_empty());
    let luck: f64 = a
        .turns
        .iter()
        .filter(|t| t.seat == "R")
        .filter_map(|t| t.luck.map(|l| l.mean))
        .sum();
    assert!((r.luck - luck).abs() < 1e-9);
}

#[test]
fn a_variant_is_analysed_under_its_rules() {
    // Malefiz: the shipped Barricade variant.
    let text = "[Game \"barricade\"]\n[Rules \"malefiz\"]\n[Seats \"R G\"]\n\
                [Position \"R:i13,e5 G:h13,g13 bar=e3 move=R\"]\n\n1. R1 e5-e6 *\n";
    let a = analyse(text);
    let t = &a.turns[0];
    assert_eq!(t.best.as_ref().map(|b| b.0.as_str()), Some("i13-i14"));
    assert_eq!(t.mark, Some(Mark::VeryBad));
}

#[test]
fn a_team_game_is_judged_for_the_team() {
    let text = "[Game \"aggravation\"]\n[Seats \"R B G Y\"]\n[Teams \"R+G B+Y\"]\n\n\
                1. R6 + 2. R2 r9-r11 3. B6 + 4. B1 b9-b10 *\n";
    let a = analyse(text);
    assert_eq!(a.turns[0].side, ["R", "G"]);
    assert_eq!(a.teams.len(), 2);
    assert_eq!(a.teams[0].who, "R+G");
    assert_eq!(a.teams[0].turns, 2);
}

/// A house rule that never lets a pawn reach the goal: no game ends.
const NEVER_ENDS: &str = r#"return {
  name = "never-ends",
  game = "barricade",
  description = "no pawn may reach the goal",
  hooks = {
    moves = function(roll, pos, standard)
      local keep = {}
      for _, m in ipairs(standard) do
        if not m:find("i14") then keep[#keep + 1] = m end
      end
      return keep
    end,
  },
}
"#;

#[test]
fn rollouts_that_never_end_are_cut_once_then_short_and_counted() {
    let dir = std::env::temp_dir().join(format!("billes-never-ends-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("never-ends.lua"), NEVER_ENDS).unwrap();
    let record = "[Game \"barricade\"]\n[Rules \"never-ends.lua\"]\n[Seats \"R B\"]\n\n\
                  1. B1 h-o1 *\n";
    let game = parse_game(record).unwrap();
    let full = Settings {
        rollouts: 4,
        luck_rollouts: 6,
        max_turns: 12,
        candidates: 2,
        ..Settings::full(4)
    };
    let script = billes_lua::VariantSource::from_file(&dir.join("never-ends.lua")).unwrap();
    let engine = || -> Result<std::rc::Rc<dyn Engine>, billes_core::ReplayError> {
        Ok(std::rc::Rc::new(
            billes_lua::Variant::load(&script).expect("loads"),
        ))
    };
    let a = analyze_game(&game, &full, &engine).unwrap();
    // Every rollout passes the cap (the first at 12 turns, the others at
    // the smaller of 12 and Settings::MIN_TURN_CAP); all are counted.
    for t in &a.turns {
        assert!(t.unfinished >= 6, "{t:#?}");
    }
    assert_eq!(
        a.unfinished,
        a.turns.iter().map(|t| t.unfinished).sum::<u32>()
    );
    // The quick look cuts every rollout at its horizon: none passes the cap.
    let quick = Settings {
        rollouts: 4,
        luck_rollouts: 6,
        horizon: 2,
        candidates: 2,
        ..Settings::default()
    };
    let a = analyze_game(&game, &quick, &engine).unwrap();
    assert_eq!(a.unfinished, 0);
    std::fs::remove_dir_all(&dir).ok();
}
