//! The sandbox, point by point: each forbidden thing fails with a clear,
//! located error, and runaway scripts stop.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::Engine;
use billes_lua::{Variant, VariantError, VariantSource};

fn load(body: &str) -> Result<Variant, VariantError> {
    Variant::load(&VariantSource::from_text("rules/test.lua", body))
}

fn load_err(body: &str) -> String {
    load(body)
        .expect_err("the script must be refused")
        .to_string()
}

const TABLE: &str = "return { name = 'test', game = 'aggravation' }";

#[test]
fn a_plain_table_loads() {
    let v = load(TABLE).unwrap();
    assert_eq!(v.name(), "test");
    assert!(v.hooks().is_empty());
}

#[test]
fn unsafe_libraries_are_absent() {
    for lib in [
        "io",
        "os",
        "package",
        "debug",
        "require",
        "load",
        "loadstring",
        "dofile",
        "loadfile",
    ] {
        let e = load_err(&format!("local x = {lib}.x\n{TABLE}"));
        assert!(e.contains("rules/test.lua:1:"), "{lib}: {e}");
        let e2 = load_err(&format!("assert({lib} == nil, 'present')\nerror('absent')"));
        assert!(e2.contains("absent"), "{lib} is present: {e2}");
    }
}

#[test]
fn string_dump_and_collector_control_are_removed() {
    assert!(load_err("return string.dump(print)").contains("rules/test.lua:1:"));
    assert!(load_err("(''):dump()").contains("rules/test.lua:1:"));
    let e = load_err("collectgarbage('stop')");
    assert!(e.contains("not available"), "{e}");
    load(&format!(
        "local k = collectgarbage('count') assert(k > 0)\n{TABLE}"
    ))
    .unwrap();
}

#[test]
fn safe_libraries_are_present() {
    load(&format!(
        "assert(table.concat({{'a','b'}}) == 'ab') assert(string.upper('a') == 'A')\n\
         assert(math.max(1, 2) == 2) assert(utf8.char(72) == 'H') assert(ipairs and pairs and select)\n{TABLE}"
    ))
    .unwrap();
}

#[test]
fn bytecode_is_refused() {
    let e = load_err("\x1bLua\x54\x00");
    assert!(e.contains("rules/test.lua"), "{e}");
}

#[test]
fn syntax_errors_name_file_and_line() {
    let e = load_err("return {\n  name = 'x'\n  game = 'aggravation'\n}");
    assert!(e.contains("rules/test.lua:3:"), "{e}");
}

#[test]
fn an_endless_loop_at_load_stops() {
    let e = load_err("while true do end");
    assert!(e.contains("instruction budget exceeded"), "{e}");
}

#[test]
fn a_memory_bomb_at_load_stops() {
    // (string.rep of a megabyte is charged a megabyte of the budget:
    // doubling by `..` reaches the memory limit first)
    let e = load_err(
        "local s = 'x' for i = 1, 20 do s = s .. s end\n\
         local t = {} while true do t[#t + 1] = s .. #t end",
    );
    assert!(e.contains("out of memory"), "{e}");
}

fn hooked(body: &str) -> Variant {
    load(&format!(
        "return {{ name = 'test', game = 'aggravation', hooks = {{ allow = function(move, pos)\n{body}\nend }} }}"
    ))
    .unwrap()
}

fn replay_err(v: &Variant) -> billes_core::ReplayError {
    let game = billes_notation::parse_game(
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 *\n",
    )
    .unwrap();
    v.replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
        .expect_err("the hook must fail")
}

#[test]
fn an_endless_hook_stops_with_the_hook_named() {
    let e = replay_err(&hooked("while true do end"));
    assert_eq!(e.kind, billes_core::ErrorKind::Variant);
    assert!(e.message.contains("hook allow"), "{}", e.message);
    assert!(
        e.message.contains("instruction budget exceeded"),
        "{}",
        e.message
    );
    assert!(e.message.contains("rules/test.lua"), "{}", e.message);
    assert_eq!((e.turn, e.seat.as_deref()), (Some(1), Some("R")));
}

#[test]
fn a_memory_bomb_in_a_hook_stops() {
    let e = replay_err(&hooked(
        "local s = 'x' for i = 1, 20 do s = s .. s end\n\
         local t = {} while true do t[#t + 1] = s .. #t end",
    ));
    assert!(e.message.contains("hook allow"), "{}", e.message);
    assert!(e.message.contains("out of memory"), "{}", e.message);
}

#[test]
fn runtime_errors_in_hooks_name_file_and_line() {
    let e = replay_err(&hooked("local x = nil\nreturn x.y"));
    assert!(e.message.contains("rules/test.lua:3:"), "{}", e.message);
}

#[test]
fn bad_return_values_are_reported() {
    let e = replay_err(&hooked("return 42"));
    assert!(e.message.contains("returned a integer"), "{}", e.message);
}

#[test]
fn the_budget_is_per_call() {
    // each call may run close to the budget; many calls in a row are fine
    let v = hooked("local n = 0 for i = 1, 200000 do n = n + i end return true");
    let game = billes_notation::parse_game(
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R6 r9-b1 3. R6 + 4. R3 r9-r12 *\n",
    )
    .unwrap();
    v.replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
        .unwrap();
}

#[test]
fn table_mistakes_are_reported() {
    assert!(load_err("return 3").contains("must return a table"));
    assert!(load_err("return { name = 'x' }").contains("no game"));
    assert!(load_err("return { name = 'x', game = 'chess' }").contains("unknown game"));
    assert!(
        load_err("return { name = 'x', game = 'aggravation', colour = 1 }")
            .contains("unknown field \"colour\"")
    );
    let e = load_err("return { name = 'x', game = 'aggravation', params = { marbels = 5 } }");
    assert!(e.contains("marbels"), "{e}");
    let e = load_err("return { name = 'x', game = 'aggravation', params = { marbles = 6 } }");
    assert!(e.contains("HOME"), "{e}");
    let e = load_err(
        "return { name = 'x', game = 'aggravation', hooks = { finish = function() end } }",
    );
    assert!(e.contains("unknown hook \"finish\""), "{e}");
    let e =
        load_err("return { name = 'x', game = 'barricade', hooks = { score = function() end } }");
    assert!(
        e.contains("this game calls: allow, extra_turn, moves, effect, winner"),
        "{e}"
    );
    let e =
        load_err("return { name = 'x', game = 'offboard', hooks = { winner = function() end } }");
    assert!(e.contains("this game calls: allow, score"), "{e}");
    let e =
        load_err("return { name = 'x', game = 'aggravation', hooks = { score = function() end } }");
    assert!(e.contains("unknown hook \"score\""), "{e}");
}
