//! Hostile scripts end: each runaway case stops with a variant error naming
//! the limit, whether it sits at the top level of the script or in a hook,
//! and a variant's data cannot crash the process (SECURITY.md).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::{Engine, ErrorKind};
use billes_lua::{Variant, VariantError, VariantSource};

fn load(body: &str) -> Result<Variant, VariantError> {
    Variant::load(&VariantSource::from_text("rules/test.lua", body))
}

const TABLE: &str = "return { name = 'test', game = 'aggravation' }";

/// The runaway cases, each with the words its error must contain.
const RUNAWAYS: [(&str, &str); 11] = [
    (
        "while true do pcall(function() while true do end end) end",
        "instruction budget exceeded",
    ),
    (
        "while true do xpcall(function() while true do end end, function() while true do end end) end",
        "instruction budget exceeded",
    ),
    (
        "while true do pcall(error, 'x') local n = 0 for i = 1, 1e9 do n = n + 1 end end",
        "instruction budget exceeded",
    ),
    (
        "string.find(('a'):rep(20000), '.-.-.-.-.-b')",
        "pattern matching limit exceeded",
    ),
    (
        "string.match(('a'):rep(20000), '.-.-.-.-.-b')",
        "pattern matching limit exceeded",
    ),
    (
        "for x in string.gmatch(('a'):rep(20000), '.-.-.-.-.-b') do end",
        "pattern matching limit exceeded",
    ),
    (
        "local s = ('a'):rep(20000) s:gsub('.-.-.-.-.-b', '')",
        "pattern matching limit exceeded",
    ),
    (
        "setmetatable({}, {__gc = function() while true do end end})",
        "__gc is not accepted",
    ),
    (
        "local t = {} for i = 1, 120000 do t[i] = (i * 7919) % 120011 end\n\
         for i = 1, 2000 do table.sort(t) end",
        "instruction budget exceeded",
    ),
    (
        "local t = {} for i = 1, 100000 do t[i] = 'x' .. i % 10 end\n\
         for i = 1, 3000 do table.concat(t) end",
        "instruction budget exceeded",
    ),
    (
        "while true do string.rep('', math.maxinteger) table.move({}, 1, 1 << 40, 1) end",
        "table.move: at most",
    ),
];

#[test]
fn runaway_scripts_stop_at_load() {
    for (body, words) in RUNAWAYS {
        let e = load(&format!("{body}\n{TABLE}"))
            .expect_err(body)
            .to_string();
        assert!(e.contains(words), "{body}: {e}");
        assert!(e.contains("rules/test.lua"), "{body}: {e}");
    }
}

fn hooked(body: &str) -> Variant {
    load(&format!(
        "return {{ name = 'test', game = 'aggravation', hooks = {{ allow = function(move, pos)\n{body}\nend }} }}"
    ))
    .unwrap()
}

fn replay(v: &Variant, turns: &str) -> Result<billes_core::Summary, billes_core::ReplayError> {
    let game = billes_notation::parse_game(&format!(
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n{turns} *\n"
    ))
    .unwrap();
    v.replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
}

#[test]
fn runaway_hooks_stop_with_the_hook_and_the_limit_named() {
    for (body, words) in RUNAWAYS {
        let e = replay(&hooked(body), "1. R6 + 2. R3 r9-r12").expect_err(body);
        assert_eq!(e.kind, ErrorKind::Variant, "{body}");
        assert!(e.message.contains("hook allow"), "{body}: {}", e.message);
        assert!(e.message.contains(words), "{body}: {}", e.message);
    }
}

#[test]
fn a_stop_caught_and_returned_is_still_an_error() {
    // pcall in tail position returns straight to the host: the call was
    // stopped all the same
    for body in [
        "return pcall(function() while true do end end)",
        "return xpcall(function() while true do end end, function() return true end)",
    ] {
        let e = replay(&hooked(body), "1. R6 +").expect_err(body);
        assert!(
            e.message.contains("instruction budget exceeded"),
            "{body}: {}",
            e.message
        );
    }
}

#[test]
fn a_variant_works_again_after_a_stopped_call() {
    let v = hooked("if move.roll == 3 then while true do end end return true");
    assert!(replay(&v, "1. R6 + 2. R3 r9-r12").is_err());
    replay(&v, "1. R6 + 2. R6 r9-b1").unwrap();
}

#[test]
fn ordinary_uses_of_the_wrapped_functions_work() {
    load(&format!(
        "assert(pcall(error, 'x') == false)\n\
         assert(select(2, xpcall(error, function(m) return 'handled' end, 'x')) == 'handled')\n\
         assert(('r12'):match('^(%a+)(%d+)$') == 'r') assert(string.find('a.b', '.', 1, true) == 2)\n\
         assert(select(2, ('a b  c'):gsub('%s+', ' ')) == 2)\n\
         local n = 0 for w in ('a b c'):gmatch('%a') do n = n + 1 end assert(n == 3)\n\
         assert(string.rep('', 5) == '' and string.rep('ab', 2, ',') == 'ab,ab')\n\
         local t = {{3, 1, 2}} table.sort(t) assert(table.concat(t, ',') == '1,2,3')\n\
         assert(#table.move({{1, 2}}, 1, 2, 3) == 4) assert(select('#', table.unpack(t)) == 3)\n\
         local o = setmetatable({{}}, {{__index = function() return 7 end}}) assert(o.x == 7)\n\
         assert(getmetatable('') == false)\n{TABLE}"
    ))
    .unwrap();
}

#[test]
fn wrapped_functions_keep_their_names_in_errors() {
    let e = load("string.find(nil, 'x')").err().unwrap().to_string();
    assert!(e.contains("rules/test.lua:1:"), "{e}");
    assert!(e.contains("find"), "{e}");
    let e = load("table.sort(setmetatable({}, {}))")
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.contains("rules/test.lua:1: table.sort: a table with a metatable"),
        "{e}"
    );
}

#[test]
fn cyclic_and_deep_params_are_refused() {
    let e = load("params = {} params.self = params return { name = 'x', game = 'aggravation', params = params }")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("params: a table contains itself"), "{e}");
    let e = load(
        "local p = {} local t = p for i = 1, 10000 do t.marbles = {} t = t.marbles end\n\
                  return { name = 'x', game = 'aggravation', params = p }",
    )
    .err()
    .unwrap()
    .to_string();
    assert!(e.contains("params: nested deeper than 8 levels"), "{e}");
    let e = load("local t = {} t[1] = t return { name = 'x', game = 'aggravation', params = { targets = t } }")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("a cycle"), "{e}");
}

/// A variant that forbids every move after its third hook call, counting in
/// a global, in an upvalue, in `pos` and in `move`.
fn counting(counter: &str) -> Variant {
    load(&format!(
        "local calls = 0\n\
         return {{ name = 'counting', game = 'aggravation', hooks = {{ allow = function(move, pos)\n\
           {counter}\n\
           if n > 3 then return false, 'too late' end\n\
         end }} }}"
    ))
    .unwrap()
}

#[test]
fn each_game_starts_from_a_fresh_run_of_the_script() {
    for counter in [
        "count = (count or 0) + 1 local n = count",
        "calls = calls + 1 local n = calls",
        "pos.n = (pos.n or 0) + 1 local n = pos.n",
        "move.n = (move.n or 0) + 1 local n = move.n",
        "string.n = (string.n or 0) + 1 local n = string.n",
        "_G.n = (_G.n or 0) + 1 local n = _G.n",
    ] {
        let v = counting(counter);
        for _ in 0..3 {
            replay(&v, "1. R6 + 2. R6 r9-b1").unwrap_or_else(|e| panic!("{counter}: {e}"));
        }
        assert!(replay(&v, "1. R6 + 2. R6 r9-b1 3. R6 + 4. R3 r9-r12").is_err());
    }
}

#[test]
fn math_random_starts_from_the_same_seed_in_each_game() {
    let v = load(
        "return { name = 'x', game = 'aggravation', hooks = { allow = function(move)\n\
           first = first or math.random(1, 1000000)\n\
           if move.turn == 1 then return false, tostring(first) end end } }",
    )
    .unwrap();
    let a = replay(&v, "1. R6 +").unwrap_err().message;
    let b = replay(&v, "1. R6 +").unwrap_err().message;
    assert_eq!(a, b);
}

#[test]
fn one_file_is_one_variant_whatever_the_spelling() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("one.lua"), TABLE).unwrap();
    let spell = |p: &str| {
        VariantSource::resolve(p, Some(dir.path()))
            .unwrap()
            .unwrap()
    };
    let first = spell("./one.lua");
    for p in ["././one.lua", "one.lua", "../one.lua"] {
        if p.starts_with("..") {
            // the same file reached through its folder's parent
            let name = dir.path().file_name().unwrap().to_string_lossy();
            let other = spell(&format!("../{name}/one.lua"));
            assert!(first.same_script(&other));
            continue;
        }
        assert!(first.same_script(&spell(p)), "{p}");
    }
}
