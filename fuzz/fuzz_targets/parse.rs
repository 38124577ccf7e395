//! The parser must never panic, and whatever it parses must round-trip.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for source in billes_notation::Reader::new(data).flatten() {
        if let Ok(game) = source.parse() {
            let text = billes_notation::write_game(&game);
            let back = billes_notation::parse_game(&text).expect("written games parse");
            assert_eq!(back, game);
        }
    }
});
