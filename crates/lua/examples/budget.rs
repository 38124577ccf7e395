//! How long the instruction budget lets a script run: each case below is a
//! script that spends its whole budget on one kind of work (plain
//! instructions, or a library function in C that charges the budget by what
//! it touches), and is stopped by it. Prints the time each took (the least
//! and the most of a few runs) and checks that every run stopped with the
//! same message, as a counted budget must.
//!
//! `cargo run --release -p billes-lua --example budget [RUNS]`
//!
//! The slowest case sets how far above the budget the wall-clock guard
//! (`billes_lua::TIME_GUARD`) lies; `SECURITY.md` gives the figures.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use billes_core::Engine;
use billes_lua::{Variant, VariantSource};

/// Each case: a name, and a script's top level that loops until stopped.
const CASES: [(&str, &str); 24] = [
    ("instructions", "local n = 0 while true do n = n + 1 end"),
    ("tables made", "while true do local t = {} end"),
    (
        "tables of 8 made",
        "while true do local t = { 1, 2, 3, 4, 5, 6, 7, 8 } end",
    ),
    (
        "closures made",
        "local x = 1 while true do local f = function() return x end end",
    ),
    (
        "short strings made by ..",
        "local i = 0 while true do i = i + 1 local s = 'x' .. i end",
    ),
    (
        "calls of a Lua function",
        "local function f(x) return x end while true do f(1) end",
    ),
    (
        "string.upper, 64 bytes (free)",
        "local s = ('x'):rep(64) while true do local r = s:upper() end",
    ),
    (
        "string.sub, 64 bytes (free)",
        "local s = ('x'):rep(100) while true do local r = s:sub(1, 64) end",
    ),
    (
        "string.rep, 1 MB",
        "while true do local r = ('x'):rep(1000000) end",
    ),
    (
        "string.upper, 100 KB",
        "local s = ('x'):rep(100000) while true do local r = s:upper() end",
    ),
    (
        "string.format %.3s of 100 KB",
        "local s = ('x'):rep(100000) while true do local r = ('%.3s'):format(s) end",
    ),
    (
        "string.byte, 60,000 values",
        "local s = ('x'):rep(60000) while true do local a = { s:byte(1, -1) } end",
    ),
    (
        "string.find plain, 1 MB",
        "local s = ('a'):rep(1000000) while true do s:find('ab', 1, true) end",
    ),
    (
        "string.find 'a-b' on 3,500 bytes",
        "local s = ('a'):rep(3500) while true do s:find('a-b') end",
    ),
    (
        "string.find 'a*b' on 3,500 bytes",
        "local s = ('a'):rep(3500) while true do s:find('a*b') end",
    ),
    (
        "string.find '%b()' on 3,000 bytes",
        "local s = ('('):rep(3000) while true do s:find('%b()') end",
    ),
    (
        "string.match 'a-a-b' on 200 bytes",
        "local s = ('a'):rep(200) while true do s:match('a-a-b') end",
    ),
    (
        "string.gsub '%s+' on 2,000 bytes",
        "local s = (' x'):rep(1000) while true do s:gsub('%s+', ' ') end",
    ),
    (
        "table.concat, 100,000 elements",
        "local t = {} for i = 1, 100000 do t[i] = 'x' end while true do table.concat(t) end",
    ),
    (
        "table.insert at the front, 50,000 elements",
        "local t = {} for i = 1, 50000 do t[i] = i end while true do table.insert(t, 1, 0) table.remove(t, 1) end",
    ),
    (
        "table.sort, 2,000 numbers",
        "local t = {} for i = 1, 2000 do t[i] = (i * 7919) % 2011 end while true do table.sort(t) end",
    ),
    (
        "table.sort, 2,000 strings of 5 KB",
        "local p = ('x'):rep(5000) local t = {} for i = 1, 2000 do t[i] = p .. ((i * 7919) % 2011) end while true do table.sort(t) end",
    ),
    (
        "table.unpack, 60,000 elements",
        "local t = {} for i = 1, 60000 do t[i] = i end while true do local n = select('#', table.unpack(t)) end",
    ),
    (
        "tonumber of 100 KB",
        "local s = ('1'):rep(100000) while true do local n = tonumber(s) end",
    ),
];

/// A Barricade record of one turn, for the hook cases.
const BARRICADE: &str = "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R6 h-j1 *\n";

/// Cases in an `allow` hook of Barricade, which can read the board.
const HOOK_CASES: [(&str, &str); 6] = [
    ("pos.walk of 6 steps", "while true do pos.walk('i5', 6) end"),
    (
        "pos.path across the board",
        "while true do pos.path('a1', 'i14') end",
    ),
    ("pos.neighbours", "while true do pos.neighbours('i5') end"),
    ("pos.at", "while true do pos.at('i5') end"),
    ("pos.pieces", "while true do pos.pieces('R') end"),
    ("pos.barricades", "while true do pos.barricades() end"),
];

/// Runs `stop` `runs` times; the least and the most time it took, and
/// checks it stopped each time with the same budget message.
fn time(name: &str, runs: usize, stop: &dyn Fn() -> String) -> (Duration, Duration) {
    let mut times = Vec::new();
    let mut messages = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        messages.push(stop());
        times.push(start.elapsed());
    }
    assert!(
        messages.iter().all(|m| m == &messages[0]),
        "{name}: the runs stopped differently: {messages:?}"
    );
    assert!(
        messages[0].contains("instruction budget exceeded"),
        "{name}: {}",
        messages[0]
    );
    let least = times.iter().min().copied().unwrap_or_default();
    let most = times.iter().max().copied().unwrap_or_default();
    (least, most)
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .map_or(3, |a| a.parse().expect("RUNS: a number"));
    println!("{:<44} {:>10} {:>10}", "case", "least", "most");
    let mut slowest = (Duration::ZERO, String::new());
    let mut report = |name: &str, (least, most): (Duration, Duration)| {
        if most > slowest.0 {
            slowest = (most, name.to_string());
        }
        println!(
            "{name:<44} {:>8.1}ms {:>8.1}ms",
            least.as_secs_f64() * 1e3,
            most.as_secs_f64() * 1e3
        );
    };
    for (name, body) in CASES {
        let script = format!("{body}\nreturn {{ name = 'x', game = 'aggravation' }}");
        let source = VariantSource::from_text("budget.lua", &script);
        report(
            name,
            time(name, runs, &|| {
                Variant::load(&source).expect_err(name).to_string()
            }),
        );
    }
    let game = billes_notation::parse_game(BARRICADE).unwrap();
    for (name, body) in HOOK_CASES {
        let script = format!(
            "return {{ name = 'x', game = 'barricade', hooks = {{ allow = function(move, pos)\n{body}\nend }} }}"
        );
        let variant = Variant::load(&VariantSource::from_text("budget.lua", &script)).unwrap();
        report(
            name,
            time(name, runs, &|| {
                variant
                    .replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
                    .expect_err(name)
                    .message
            }),
        );
    }
    println!(
        "slowest: {} ({:.0} ms); the wall-clock guard: {} s",
        slowest.1,
        slowest.0.as_secs_f64() * 1e3,
        billes_lua::TIME_GUARD.as_secs()
    );
}
