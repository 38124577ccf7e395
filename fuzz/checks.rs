//! What each fuzz target checks, one function per target: the targets under
//! `fuzz_targets/` call them, and so does the test that replays the seed
//! corpus and every past crash on stable Rust (`crates/lua/tests/fuzz.rs`),
//! so CI keeps the crashes fixed without the fuzzer.

// Each target uses one of the functions.
#![allow(dead_code)]

/// The parser never panics, and whatever it parses round-trips through
/// the writer.
pub fn parse(data: &[u8]) {
    for source in billes_notation::Reader::new(data).flatten() {
        if let Ok(game) = source.parse() {
            let text = billes_notation::write_game(&game);
            let back = billes_notation::parse_game(&text).expect("written games parse");
            assert_eq!(back, game);
        }
    }
}

/// Replay under the standard rules never panics, whatever the record says.
pub fn replay(data: &[u8]) {
    for source in billes_notation::Reader::new(data).flatten() {
        if let Ok(game) = source.parse() {
            let _ = billes_core::replay(&game, &mut |_| std::ops::ControlFlow::Continue(()));
        }
    }
}

/// Replay under each shipped variant never panics, whatever the record
/// says: every record is played under every variant (those of another
/// game refuse it at once), the variants loaded once per thread.
pub fn variants(data: &[u8]) {
    use billes_core::Engine;
    thread_local! {
        static SHIPPED: Vec<billes_lua::Variant> = billes_lua::SHIPPED
            .iter()
            .map(|(name, _)| {
                let source = billes_lua::VariantSource::shipped(name).expect("a shipped variant");
                billes_lua::Variant::load(&source).expect("a shipped variant loads")
            })
            .collect();
    }
    for source in billes_notation::Reader::new(data).flatten() {
        let Ok(game) = source.parse() else { continue };
        SHIPPED.with(|variants| {
            for variant in variants {
                let _ = variant.replay(&game, &mut |_| std::ops::ControlFlow::Continue(()));
            }
        });
    }
}

/// Replay scripts (`billes run`) from a small fixed set, each reading
/// another part of what a script sees (the game table, every field of the
/// turn views, the legal moves, the positions), never panic on any valid
/// record; a script's error is an answer, not a crash. The scripts are
/// loaded once per thread, and see the records one after the other as
/// `billes run` gives them, `finish` after each input.
pub fn scripts(data: &[u8]) {
    use billes_core::Engine;
    use billes_lua::script::{GameRecord, Script};
    thread_local! {
        static SCRIPTS: Vec<Script> = SCRIPT_TEXTS
            .iter()
            .enumerate()
            .map(|(i, text)| Script::load(&format!("fuzz{i}.lua"), text).expect("the fuzz scripts load"))
            .collect();
        static SHIPPED: Vec<(&'static str, billes_lua::Variant)> = billes_lua::SHIPPED
            .iter()
            .map(|(name, _)| {
                let source = billes_lua::VariantSource::shipped(name).expect("a shipped variant");
                (*name, billes_lua::Variant::load(&source).expect("a shipped variant loads"))
            })
            .collect();
    }
    SHIPPED.with(|shipped| {
        // Each valid record with its rules: the game's standard rules, or
        // the shipped variant its Rules tag names (a tag naming a file is
        // not followed).
        let mut records = Vec::new();
        for source in billes_notation::Reader::new(data).flatten() {
            let Ok(game) = source.parse() else { continue };
            let (variant, summary) = match game.tag("Rules").map(str::trim) {
                None => (None, billes_core::validate(&game)),
                Some(tag) if tag.eq_ignore_ascii_case("standard") => {
                    (None, billes_core::validate(&game))
                }
                Some(tag) => {
                    let Some((_, variant)) = shipped.iter().find(|(name, _)| *name == tag) else {
                        continue;
                    };
                    (Some(variant), variant.validate(&game))
                }
            };
            let Ok(summary) = summary else { continue };
            records.push((source, game, variant, summary));
        }
        SCRIPTS.with(|scripts| {
            for script in scripts {
                for (i, (source, game, variant, summary)) in records.iter().enumerate() {
                    let rules = game.tag("Rules").unwrap_or("standard");
                    let record = GameRecord {
                        variant: *variant,
                        rules,
                        ..GameRecord::new(
                            "fuzz.bgn",
                            i + 1,
                            game,
                            &source.text,
                            source.offset,
                            summary,
                        )
                    };
                    let _ = script.run_game(&record);
                }
                let _ = script.finish();
            }
        });
    });
}

/// The replay scripts [`scripts`] runs.
const SCRIPT_TEXTS: [&str; 4] = [
    // The game table, whole.
    "local n = 0
     return {
       game = function(g)
         n = n + 1
         local row = { file = g.file, index = g.index, game = g.game, turns = g.turns, result = g.result, rules = g.rules }
         for k, v in pairs(g.tags) do row['tag ' .. k] = v end
         for seat, name in pairs(g.players) do row['player ' .. seat] = name end
         for i, team in ipairs(g.teams) do row['team ' .. i] = table.concat(team, '+') end
         emit(row)
       end,
       game_end = function(g) if g.winners then emit { winners = table.concat(g.winners, ' ') } end keep() end,
       finish = function() emit { games = n } end,
     }",
    // Every field of every turn view.
    "return {
       turn = function(t, before, after)
         local row = {}
         for k, v in pairs(t) do
           if type(v) ~= 'table' then row[k] = v end
         end
         for _, view in ipairs({ before, after }) do
           for k, v in pairs(view) do row[k] = type(v) end
         end
         emit(row)
       end,
     }",
    // The legal moves and the move played.
    "return {
       turn = function(t)
         local legal = t.legal
         emit { n = #legal, text = t.text, kind = t.kind, from = t.from, to = t.to }
       end,
     }",
    // The positions, asked about every point the move names.
    "return {
       turn = function(t, before, after)
         for _, p in ipairs({ t.from, t.to }) do
           if p then
             local ok, a = pcall(after.at, p)
             local ok2, b = pcall(before.at, p)
             local ok3, n = pcall(after.neighbours, p)
             local ok4, w = pcall(before.walk, p, 3, t.seat)
             emit { p = p, a = tostring(a), b = tostring(b), n = type(n), w = tostring(w) }
           end
         end
       end,
     }",
];
