//! A `moves` hook that keeps the standard list changes nothing about how a
//! turn may be written: every spelling a chapter of the notation accepts is
//! accepted under it, and every turn refused gets the standard error, its
//! kind and message (a false pass stays a `false_pass`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::aggravation::Aggravation;
use billes_core::barricade::{Barricade, Params};
use billes_core::game::MoveRules;
use billes_core::hooked::{HookedRules, WithHooks};
use billes_core::offboard::Offboard;
use billes_core::variant::{Hook, HookError, Hooks, RollView};
use billes_core::{replay_with, Engine, ErrorKind, ReplayError, Standard, Summary};

/// A `moves` hook that returns nil: the standard list.
struct Nil;
impl Hooks for Nil {
    fn calls(&self, hook: Hook) -> bool {
        hook == Hook::Moves
    }
    fn moves(&self, _: &RollView<'_>, _: &[String]) -> Result<Option<Vec<String>>, HookError> {
        Ok(None)
    }
}

/// A `moves` hook that returns the standard list it is given.
struct Same;
impl Hooks for Same {
    fn calls(&self, hook: Hook) -> bool {
        hook == Hook::Moves
    }
    fn moves(
        &self,
        _: &RollView<'_>,
        standard: &[String],
    ) -> Result<Option<Vec<String>>, HookError> {
        Ok(Some(standard.to_vec()))
    }
}

fn record(game: &str, seats: &str, position: Option<&str>, turns: &str) -> billes_notation::Game {
    let position = position.map_or(String::new(), |p| format!("[Position \"{p}\"]\n"));
    billes_notation::parse_game(&format!(
        "[Game \"{game}\"]\n[Seats \"{seats}\"]\n{position}\n{turns} *\n"
    ))
    .unwrap_or_else(|e| panic!("{turns}: {}", e.message))
}

/// Replays `turns` under `rules` alone and under each hook, and checks the
/// three answers are the same; the answer of the standard rules.
fn same<R: HookedRules + MoveRules>(
    rules: &R,
    game: &str,
    seats: &str,
    position: Option<&str>,
    turns: &str,
) -> Result<Summary, ReplayError> {
    let g = record(game, seats, position, turns);
    let standard = replay_with(rules, &g, &mut |_| {});
    let nil = replay_with(&WithHooks::new(rules, &Nil), &g, &mut |_| {});
    let echo = replay_with(&WithHooks::new(rules, &Same), &g, &mut |_| {});
    assert_eq!(
        nil, standard,
        "{game} {position:?} {turns}: a moves hook returning nil"
    );
    assert_eq!(
        echo, standard,
        "{game} {position:?} {turns}: a moves hook returning the list"
    );
    standard
}

fn accepted<R: HookedRules + MoveRules>(
    rules: &R,
    game: &str,
    seats: &str,
    position: Option<&str>,
    turns: &[&str],
) {
    for t in turns {
        if let Err(e) = same(rules, game, seats, position, t) {
            panic!(
                "{game} {position:?} {t}: refused by the standard rules: {}",
                e.message
            );
        }
    }
}

fn refused<R: HookedRules + MoveRules>(
    rules: &R,
    game: &str,
    seats: &str,
    position: Option<&str>,
    turn: &str,
    kind: ErrorKind,
) -> String {
    let e =
        same(rules, game, seats, position, turn).expect_err("the standard rules refuse the turn");
    assert_eq!(e.kind, kind, "{turn}: {}", e.message);
    e.message
}

#[test]
fn every_aggravation_spelling_reads_the_same_under_a_moves_hook() {
    let r = Aggravation::default();
    let a = |p: Option<&str>, t: &[&str]| accepted(&r, "aggravation", "R G", p, t);
    a(None, &["1. R6 +", "1. R6 +r9", "1. R1 + 2. G6 +g9"]);
    a(
        Some("R:r9 G:r12 move=R"),
        &["1. R3 r9-r12", "1. R3 r9-r12*"],
    );
    a(Some("G:g9 R:r5 move=R"), &["1. R4 r5-rh2"]);
    a(Some("G:g9 R:rh1 move=R"), &["1. R2 rh1-rh3"]);
    a(
        Some("G:g9 R:g0 move=R"),
        &[
            "1. R5 g0-r0-r2",
            "1. R5 g0-y0-w0-r0-r2",
            "1. R2 g0-w0",
            "1. R2 g0-y0-w0",
        ],
    );
    a(
        Some("G:g9 R:y0 move=R"),
        &[
            "1. R2 y0-w0-r0",
            "1. R2 y0-r0",
            "1. R3 y0-r0-r1",
            "1. R3 y0-w0-r0-r1",
        ],
    );
    a(Some("G:g9 R:b12 move=R"), &["1. R3 b12-c"]);
    a(Some("G:g9 R:r0 move=R"), &["1. R1 r0-c"]);
    a(Some("G:g9 R:c move=R"), &["1. R1 c-g0"]);
    a(Some("G:g9 move=R"), &["1. R4 --"]);
    let no = |p: &str, t: &str, k| refused(&r, "aggravation", "R G", Some(p), t, k);
    no("G:g9 R:r9 move=R", "1. R4 --", ErrorKind::FalsePass);
    no("G:g9 R:g0 move=R", "1. R5 g0-r2", ErrorKind::IllegalMove);
    no(
        "G:g9 R:b12 move=R",
        "1. R3 b12-p0-c",
        ErrorKind::IllegalMove,
    );
    no(
        "G:g9 R:r9 move=R",
        "1. R3 r9-r10-r12",
        ErrorKind::IllegalMove,
    );
    no("G:g9 R:r9 move=R", "1. R3 r9-r12*", ErrorKind::Effect);
    no(
        "G:g9 R:y0 move=R",
        "1. R3 y0-w0-r0-b0",
        ErrorKind::IllegalMove,
    );
}

#[test]
fn every_barricade_spelling_reads_the_same_under_a_moves_hook() {
    let r = Barricade::default();
    let a = |p: Option<&str>, t: &[&str]| accepted(&r, "barricade", "R B", p, t);
    a(None, &["1. R3 h-e1", "1. R6 h-h1"]);
    a(Some("R:c1 B:o1 move=R"), &["1. R2 c1-e1", "1. R2 c1-d1-e1"]);
    a(
        Some("R:a2 B:o1 move=R"),
        &["1. R1 a2-a3#", "1. R1 a2-a3# 2. B2 o1-q1 3. R4 a3-e3# #a3"],
    );
    // A bounce: one pawn each, so the pawn next to the goal alone can move.
    let one = Barricade::new(Params {
        pawns: 1,
        ..Params::default()
    });
    accepted(
        &one,
        "barricade",
        "R G",
        Some("R:i13 G:g1 bar=i11"),
        &[
            "1. R3 i13-i14-h13",
            "1. R3 i13-h13",
            "1. R3 i13-i14-i13-h13",
            "1. R3 i13-i13-h13",
            "1. R2 i13-i14-i13",
            "1. R2 i13-i13",
        ],
    );
    let no = |p: &str, t: &str, k| refused(&r, "barricade", "R B", Some(p), t, k);
    let e = refused(
        &one,
        "barricade",
        "R G",
        Some("R:i13 G:g1 bar=i11"),
        "1. R3 i13-i14-j13-h13",
        ErrorKind::IllegalMove,
    );
    assert!(e.contains("through i14-j13"), "{e}");
    no("R:c1 B:o1 move=R", "1. R2 --", ErrorKind::FalsePass);
    no("R:c1 B:o1 move=R", "1. R2 c1-e1*", ErrorKind::Effect);
    no("R:c1 B:o1 move=R", "1. R2 c1-d1-e1*", ErrorKind::Effect);
}

#[test]
fn every_offboard_spelling_reads_the_same_under_a_moves_hook() {
    let r = Offboard::default();
    let a = |p: Option<&str>, t: &[&str]| accepted(&r, "offboard", "R B", p, t);
    // A line of the start, written with either end first.
    let engine = Standard::new(billes_core::offboard::KIND);
    let pos = engine.position(&[("Seats", "R B")]).unwrap();
    let line = pos
        .legal_moves(None)
        .unwrap()
        .into_iter()
        .map(|m| m.to_string())
        .find(|m| m.contains(':'))
        .unwrap();
    let (ends, dir) = line.split_once('>').unwrap();
    let (from, to) = ends.split_once(':').unwrap();
    let reversed = format!("{to}:{from}>{dir}");
    a(
        None,
        &[
            "1. R c4>ne",
            &format!("1. R {line}"),
            &format!("1. R {reversed}"),
        ],
    );
    let no = |t: &str, k| refused(&r, "offboard", "R B", None, t, k);
    no("1. R --", ErrorKind::FalsePass);
    no("1. R c4:c4>ne", ErrorKind::IllegalMove);
}
