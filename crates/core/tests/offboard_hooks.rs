//! Offboard under hooks written in Rust: `allow` forbids line moves (and
//! makes a pass legal when it forbids them all), `score` changes the points
//! of a marble pushed off and so the winner; the views carry the line's
//! fields.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::cell::RefCell;

use billes_core::hooked::{HookedRules, WithHooks};
use billes_core::offboard::Offboard;
use billes_core::variant::{EjectionView, HookError, Hooks, MoveView, Verdict};
use billes_core::{replay_with, ErrorKind, Rng, SimOptions};
use billes_notation::{parse_game, Action, Game};

/// Forbids lines of three marbles or more.
struct ShortLines;
impl Hooks for ShortLines {
    fn allow(&self, mv: &MoveView<'_>) -> Result<Verdict, HookError> {
        Ok(match mv.number("marbles") {
            Some(n) if n >= 3 => Verdict::Forbid(format!("a line of {n} may not move")),
            _ => Verdict::Allow,
        })
    }
}

/// Forbids every move.
struct NothingMoves;
impl Hooks for NothingMoves {
    fn allow(&self, _: &MoveView<'_>) -> Result<Verdict, HookError> {
        Ok(Verdict::Forbid("nothing moves".into()))
    }
}

/// What `score` saw: pusher, owner, target, taken, standard points.
type Seen = (String, String, Option<String>, bool, u32);

/// Every marble pushed off scores `points`; records what the hooks see.
struct Scoring {
    points: u32,
    ejections: RefCell<Vec<Seen>>,
    moves: RefCell<Vec<String>>,
}
impl Scoring {
    fn new(points: u32) -> Scoring {
        Scoring {
            points,
            ejections: RefCell::default(),
            moves: RefCell::default(),
        }
    }
}
impl Hooks for Scoring {
    fn allow(&self, mv: &MoveView<'_>) -> Result<Verdict, HookError> {
        if mv.text("ejects").is_some() {
            let who = mv.position.at(mv.text("from").unwrap_or("")).unwrap_or("-");
            self.moves.borrow_mut().push(format!(
                "{} {}:{}>{} {}x{} off {:?} into {:?}",
                who,
                mv.text("from").unwrap_or(""),
                mv.text("to").unwrap_or(""),
                mv.text("direction").unwrap_or(""),
                mv.number("marbles").unwrap_or(0),
                mv.number("pushes").unwrap_or(0),
                mv.text("ejects"),
                mv.text("target")
            ));
        }
        Ok(Verdict::Allow)
    }

    fn score(&self, ej: &EjectionView<'_>, standard: u32) -> Result<u32, HookError> {
        self.ejections.borrow_mut().push((
            ej.seat.to_string(),
            ej.ejects.to_string(),
            ej.target.map(str::to_string),
            ej.taken,
            standard,
        ));
        Ok(self.points)
    }
}

fn game(movetext: &str) -> Game {
    parse_game(&format!("[Game \"offboard\"]\n\n{movetext} *\n")).unwrap()
}

#[test]
fn allow_forbids_the_written_move_at_its_turn_with_the_reason() {
    let rules = Offboard::default();
    // Red's opening 26 moves include 12 lines; a line of three is forbidden.
    let record = game("1. R a1:b1>nw 2. B i9:h9>se 3. R a2:c4>ne");
    replay_with(&rules, &record, &mut |_| {}).unwrap();
    let hooked = WithHooks::new(&rules, &ShortLines);
    let e = replay_with(&hooked, &record, &mut |_| {}).unwrap_err();
    assert_eq!((e.kind, e.turn), (ErrorKind::IllegalMove, Some(3)));
    assert!(
        e.message
            .contains("a2:c4>ne is not allowed in this variant: a line of 3 may not move"),
        "{}",
        e.message
    );
    assert!(e.legal.contains(&"a3:b4>ne".to_string()), "{:?}", e.legal);
    assert!(!e.legal.contains(&"a2:c4>ne".to_string()), "{:?}", e.legal);
}

#[test]
fn a_pass_is_legal_when_every_move_is_forbidden() {
    let rules = Offboard::default();
    let record = game("1. R -- 2. B --");
    let e = replay_with(&rules, &record, &mut |_| {}).unwrap_err();
    assert_eq!(e.kind, ErrorKind::FalsePass);
    replay_with(&WithHooks::new(&rules, &NothingMoves), &record, &mut |_| {}).unwrap();
    let record = game("1. R c4>ne");
    let e = replay_with(&WithHooks::new(&rules, &NothingMoves), &record, &mut |_| {}).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(e.legal, ["--"]);
}

#[test]
fn score_changes_the_points_and_the_winner() {
    let rules = Offboard::default();
    let mut rng = Rng::new(3);
    let mut checked = 0;
    for _ in 0..20 {
        // Under a variant where each marble off scores 6, the first one wins.
        let six = Scoring::new(6);
        let game = rules
            .simulate_hooked(&SimOptions::default(), &mut rng, &six)
            .unwrap();
        let ejections: Vec<&Action> = game
            .line
            .turns
            .iter()
            .flat_map(|t| &t.actions)
            .filter(|a| {
                matches!(
                    a,
                    Action::Line {
                        capture: Some(_),
                        ..
                    }
                )
            })
            .collect();
        if ejections.is_empty() {
            continue;
        }
        assert_eq!(ejections.len(), 1, "the first marble off wins");
        assert!(ejections[0].to_string().ends_with("=6"), "{}", ejections[0]);
        let summary = replay_with(&WithHooks::new(&rules, &six), &game, &mut |_| {}).unwrap();
        let last = game.line.turns.last().unwrap();
        assert_eq!(summary.winners, Some(vec![last.head.seat]));
        // The standard rules refuse the mark (or the end of the game).
        assert!(replay_with(&rules, &game, &mut |_| {}).is_err());
        let seen = six.ejections.borrow();
        let (seat, ejects, target, _, standard) = seen.last().unwrap();
        assert_eq!(seat, &last.head.seat.to_string());
        assert_ne!(seat, ejects);
        assert!(target.is_some() && (1..=3).contains(standard), "{seen:?}");
        assert!(!six.moves.borrow().is_empty());
        checked += 1;
    }
    assert!(checked > 3, "too few games with an ejection: {checked}");
}

#[test]
fn a_written_mark_must_give_the_variant_s_points() {
    let rules = Offboard::default();
    // g6 h6 push the blue marble on i6 off the top side, into t1 (worth 1).
    let position = "[Game \"offboard\"]\n[Position \"R:g6,h6 B:i6,a1 move=R\"]\n\n";
    let record = |mark: &str| parse_game(&format!("{position}1. R g6:h6>nw{mark} *\n")).unwrap();
    replay_with(&rules, &record("*t1=1"), &mut |_| {}).unwrap();
    let two = Scoring::new(2);
    let hooked = WithHooks::new(&rules, &two);
    replay_with(&hooked, &record("*t1=2"), &mut |_| {}).unwrap();
    replay_with(&hooked, &record("*t1"), &mut |_| {}).unwrap();
    let e = replay_with(&hooked, &record("*t1=1"), &mut |_| {}).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Effect);
    assert!(
        e.message
            .contains("the marble in t1 scores 2 in this variant, not 1"),
        "{}",
        e.message
    );
    assert_eq!(
        two.ejections.borrow()[0],
        ("R".into(), "B".into(), Some("t1".into()), false, 1)
    );
    assert_eq!(
        two.moves.borrow()[0],
        "R g6:h6>nw 2x1 off Some(\"B\") into Some(\"t1\")"
    );
    assert_eq!(
        <Offboard as billes_core::registry::GameRules>::hooks()
            .iter()
            .map(|h| h.name())
            .collect::<Vec<_>>(),
        ["allow", "score"]
    );
}
