//! The wall-clock guard at work, in a test binary of its own: the guard is
//! a setting of the whole process ([`billes_lua::set_time_guard`]), set
//! short here, which would stop the slower tests of the other binary.
//!
//! Each script does work the counted budget does not see (a `..` of a
//! 2 MB string counts as one instruction), so only the guard stops it; a
//! call it stops is its own kind of error, never a verdict.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use billes_core::{Engine, ErrorKind};
use billes_lua::script::{GameRecord, Script};
use billes_lua::{Variant, VariantError, VariantSource};

/// Lua that runs until the guard stops it: 250,000 copies of 2 MB before
/// its budget is spent.
const HANG: &str =
    "local s = 'x' for i = 1, 21 do s = s .. s end while true do local t = s .. 'y' end";

const RECORD: &str = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 *\n";

fn short_guard() {
    billes_lua::set_time_guard(Duration::from_millis(300));
    assert_eq!(billes_lua::time_guard(), Duration::from_millis(300));
}

fn load(body: &str) -> Result<Variant, VariantError> {
    Variant::load(&VariantSource::from_text("rules/test.lua", body))
}

fn replay(v: &Variant, record: &str) -> Result<billes_core::Summary, billes_core::ReplayError> {
    let game = billes_notation::parse_game(record).unwrap();
    v.replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
}

#[test]
fn a_hook_the_guard_stops_is_a_time_guard_error_that_pcall_cannot_catch() {
    short_guard();
    for body in [
        format!("if move.turn == 2 then {HANG} end return true"),
        format!("if move.turn == 2 then pcall(function() {HANG} end) end return true"),
    ] {
        let v = load(&format!(
            "return {{ name = 'test', game = 'aggravation', hooks = {{ allow = function(move)\n{body}\nend }} }}"
        ))
        .unwrap();
        let e = replay(&v, RECORD).unwrap_err();
        assert_eq!(e.kind, ErrorKind::TimeGuard, "{body}: {}", e.message);
        assert!(!e.kind.is_verdict());
        assert_eq!(e.turn, Some(2));
        assert!(
            e.message.contains(
                "hook allow: rules/test.lua:2: stopped by the wall-clock guard after 0.3 s: \
                 not a verdict on the record"
            ),
            "{body}: {}",
            e.message
        );
        // The next call has its guard anew: a game that never reaches
        // turn 2 is valid.
        replay(&v, "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + *\n").unwrap();
    }
}

#[test]
fn a_script_the_guard_stops_at_its_top_level_is_no_refused_script() {
    short_guard();
    let e = load(&format!(
        "{HANG}\nreturn {{ name = 'x', game = 'aggravation' }}"
    ))
    .unwrap_err();
    assert!(matches!(e, VariantError::TimeGuard { .. }), "{e:?}");
    assert_eq!(e.kind(), ErrorKind::TimeGuard);
    assert!(
        e.to_string()
            .starts_with("rules/test.lua:1: stopped by the wall-clock guard"),
        "{e}"
    );
}

#[test]
fn a_replay_script_the_guard_stops_says_so() {
    short_guard();
    let game = billes_notation::parse_game(RECORD).unwrap();
    let summary = billes_core::validate(&game).unwrap();
    let record = GameRecord::new("g.bgn", 1, &game, RECORD, 0, &summary);
    let script = Script::load(
        "slow.lua",
        &format!("return {{ turn = function(t) {HANG} end }}"),
    )
    .unwrap();
    let e = script.run_game(&record).unwrap_err();
    assert!(e.guard, "{e}");
    assert!(
        e.message
            .contains("slow.lua:1: stopped by the wall-clock guard"),
        "{e}"
    );
    let script = Script::load(
        "fails.lua",
        "return { turn = function(t) error('mine') end }",
    )
    .unwrap();
    let e = script.run_game(&record).unwrap_err();
    assert!(!e.guard, "{e}");
}
