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
