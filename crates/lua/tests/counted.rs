//! The budget that decides is counted, not timed: library functions that
//! work in C charge it by what they touch, so a script that loops on them
//! stops at the same place with the same message on every run, however
//! busy the machine (SECURITY.md, "How the limits hold").

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::{Engine, ErrorKind};
use billes_lua::{Variant, VariantError, VariantSource};

fn load(body: &str) -> Result<Variant, VariantError> {
    Variant::load(&VariantSource::from_text("rules/test.lua", body))
}

const TABLE: &str = "return { name = 'test', game = 'aggravation' }";

/// Loops of costly library calls: each call is cheap in instructions and
/// dear in C, so only its charge can stop the loop before the clock.
const COSTLY: [&str; 16] = [
    "while true do local r = ('x'):rep(100000) end",
    "local t = {} for i = 1, 20000 do t[i] = 'ab' end while true do local r = table.concat(t) end",
    "local s = ('a'):rep(200000) while true do s:find('b', 1, true) end",
    "local s = ('a'):rep(1000) while true do s:find('a-b') end",
    "local s = ('a'):rep(1000) while true do s:match('a*b') end",
    "local s = ('a'):rep(1000) while true do for w in s:gmatch('a-b') do end end",
    "local s = ('a '):rep(1000) while true do s:gsub('%s+', '') end",
    "local t = {} for i = 1, 20000 do t[i] = (i * 7919) % 20011 end while true do table.sort(t) end",
    "local s = ('x'):rep(100000) while true do local r = ('%s'):format(s) end",
    "local s = ('x'):rep(100000) while true do local r = ('%.1s'):format(s) end",
    "local s = ('x'):rep(100000) while true do local r = s:sub(2) end",
    "local s = ('x'):rep(100000) while true do local r = s:upper() end",
    "local s = ('x'):rep(100000) while true do local r = s:reverse() end",
    "local s = ('x'):rep(20000) while true do local n = select('#', s:byte(1, -1)) end",
    "local t = {} for i = 1, 20000 do t[i] = i end while true do table.insert(t, 1, 0) table.remove(t, 1) end",
    "local s = ('7'):rep(100000) while true do local n = tonumber(s) end",
];

#[test]
fn costly_library_calls_in_a_loop_stop_by_the_budget_the_same_way_every_time() {
    for body in COSTLY {
        let script = format!("{body}\n{TABLE}");
        let first = load(&script).expect_err(body).to_string();
        assert!(
            first.contains("rules/test.lua:1: instruction budget exceeded"),
            "{body}: {first}"
        );
        let second = load(&script).expect_err(body).to_string();
        assert_eq!(first, second, "{body}");
    }
}

#[test]
fn costly_library_calls_in_a_hook_stop_by_the_budget_the_same_way_every_time() {
    let game = billes_notation::parse_game(
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 *\n",
    )
    .unwrap();
    for body in COSTLY {
        let v = load(&format!(
            "return {{ name = 'test', game = 'aggravation', hooks = {{ allow = function(move, pos)\n{body}\nend }} }}"
        ))
        .unwrap();
        let stop = |v: &Variant| {
            v.replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
                .expect_err(body)
        };
        let first = stop(&v);
        assert_eq!(first.kind, ErrorKind::Variant, "{body}");
        assert!(
            first
                .message
                .contains("hook allow: rules/test.lua:2: instruction budget exceeded"),
            "{body}: {}",
            first.message
        );
        assert_eq!(first, stop(&v), "{body}");
    }
}

#[test]
fn a_single_call_is_charged_before_it_runs() {
    // 2 GB asked for at once: refused by its charge, not by the memory
    // limit after the work
    let e = load("local s = ('x'):rep(2e9)").unwrap_err().to_string();
    assert!(
        e.contains("rules/test.lua:1: instruction budget exceeded"),
        "{e}"
    );
    let e = load("local t = {} table.move(t, 1, 1040000, 2)")
        .unwrap_err()
        .to_string();
    assert!(e.contains("instruction budget exceeded"), "{e}");
}

#[test]
fn small_calls_cost_their_instructions_only() {
    // 12,000 calls on short strings and small tables fit in the budget
    load(&format!(
        "local n = 0 for i = 1, 2000 do\n\
           if ('r12'):match('^%a+%d+$') then n = n + 1 end\n\
           local t = {{ 3, 1, 2 }} table.sort(t) n = n + #('h5'):upper()\n\
           n = n + #table.concat(t, ',') + #('%d'):format(i)\n\
         end assert(n > 0)\n{TABLE}"
    ))
    .unwrap();
}

#[test]
fn the_wrapped_functions_keep_their_answers() {
    load(&format!(
        "assert(tonumber('0x10') == 16 and tonumber('z', 36) == 35 and tonumber('x') == nil)\n\
         assert(not pcall(tonumber))\n\
         assert(select('#', ('abc'):byte(1, -1)) == 3 and string.char(104, 105) == 'hi')\n\
         assert(('abcdef'):sub(2, 3) == 'bc' and ('abc'):sub(-1) == 'c' and ('ab'):reverse() == 'ba')\n\
         assert(('%5.1f|%s|%q'):format(3.14159, 'x', 'a\\nb') == '  3.1|x|\"a\\\\\\nb\"')\n\
         assert(('%d %d %d %d %d %d'):format(1, 2, 3, 4, 5, 6) == '1 2 3 4 5 6')\n\
         assert(string.unpack('<i4', string.pack('<i4', 7)) == 7 and string.packsize('i4') == 4)\n\
         assert(utf8.len('h\\u{{e9}}') == 2 and utf8.char(233) == '\\u{{e9}}' and utf8.codepoint('\\u{{e9}}') == 233)\n\
         assert(utf8.offset('a\\u{{e9}}b', 3) == 4)\n\
         local t = {{1, 2, 3}} table.insert(t, 4) table.insert(t, 1, 0) assert(table.concat(t, ',') == '0,1,2,3,4')\n\
         assert(table.remove(t) == 4 and table.remove(t, 1) == 0 and table.remove({{}}) == nil)\n\
         assert(not pcall(table.insert, t, 1, 2, 3))\n\
         local p = table.pack(1, nil, 3) assert(p.n == 3)\n\
         assert(select('#', table.unpack({{1, 2, 3}}, 2)) == 2)\n\
         assert(('x'):rep(3, ',') == 'x,x,x' and ('ab'):rep(0) == '')\n\
         assert(select(2, ('a b c'):gsub(' ', '')) == 2)\n{TABLE}"
    ))
    .unwrap();
}

#[test]
fn sort_orders_as_lua_does_and_keeps_equal_elements_in_order() {
    load(&format!(
        "local t = {{ 3, 1.5, 2, -1, 2^53, 1 }} table.sort(t)\n\
         assert(table.concat(t, ' ') == '-1 1 1.5 2 3 9.007199254741e+15')\n\
         local s = {{ 'b', 'a\\0b', 'a', 'ab' }} table.sort(s)\n\
         assert(s[1] == 'a' and s[2] == 'a\\0b' and s[3] == 'ab' and s[4] == 'b')\n\
         local r = {{}} for i = 1, 300 do r[i] = {{ key = i % 3, at = i }} end\n\
         table.sort(r, function(a, b) return a.key < b.key end)\n\
         for i = 2, 300 do assert(r[i - 1].key < r[i].key or r[i - 1].at < r[i].at) end\n\
         local mt = {{ __lt = function(a, b) return a.v < b.v end }}\n\
         local o = {{}} for i = 1, 10 do o[i] = setmetatable({{ v = 11 - i }}, mt) end\n\
         table.sort(o) assert(o[1].v == 1 and o[10].v == 10)\n\
         table.sort(t, function(a, b) return a > b end) assert(t[1] == 2^53)\n{TABLE}"
    ))
    .unwrap();
}

#[test]
fn sort_errors_are_located() {
    let e = load("table.sort({ 1, 'x' })").unwrap_err().to_string();
    assert!(e.contains("rules/test.lua:1: attempt to compare"), "{e}");
    let e = load("table.sort({ {}, {} })").unwrap_err().to_string();
    assert!(
        e.contains("rules/test.lua:1: attempt to compare two table values"),
        "{e}"
    );
    let e = load("table.sort({ 2, 1 }, 3)").unwrap_err().to_string();
    assert!(e.contains("bad argument #2 to 'sort'"), "{e}");
    let e = load("table.sort({ 2, 1 }, function() error('mine') end)")
        .unwrap_err()
        .to_string();
    assert!(e.contains("rules/test.lua:1: mine"), "{e}");
}

#[test]
fn a_sort_makes_the_same_comparisons_on_every_run() {
    // An order function that is not a strict order (<=) over many equal
    // elements: Lua's quicksort finds the array badly ordered, picks its
    // pivots from the clock and may say "invalid order function"; the
    // merge sort makes the same calls every time, and never fails.
    let script = "local calls = 0\n\
                  local t = {} for i = 1, 2000 do t[i] = (i % 7 == 0) and 1 or 0 end\n\
                  table.sort(t, function(a, b) calls = calls + 1 return a <= b end)\n\
                  for i = 2, #t do assert(t[i - 1] <= t[i]) end\n\
                  error('calls ' .. calls)";
    let first = load(script).unwrap_err().to_string();
    assert!(first.contains("calls "), "{first}");
    for _ in 0..3 {
        assert_eq!(load(script).unwrap_err().to_string(), first);
    }
}

#[test]
fn print_charges_what_it_copies() {
    let e = load("local s = ('x'):rep(200000) while true do print(s) end")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("rules/test.lua:1: instruction budget exceeded"),
        "{e}"
    );
}

#[test]
fn board_helpers_charge_the_names_they_make() {
    let game =
        billes_notation::parse_game("[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R3 h-a1 *\n")
            .unwrap();
    for body in [
        "while true do pos.walk('i5', 6) end",
        "while true do pos.path('a1', 'i14') end",
        "while true do pos.pieces('R') end",
    ] {
        let v = load(&format!(
            "return {{ name = 'test', game = 'barricade', hooks = {{ allow = function(move, pos)\n{body}\nend }} }}"
        ))
        .unwrap();
        let stop = || {
            v.replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
                .expect_err(body)
                .message
        };
        let first = stop();
        assert!(
            first.contains("rules/test.lua:2: instruction budget exceeded"),
            "{body}: {first}"
        );
        assert_eq!(first, stop(), "{body}");
    }
}
