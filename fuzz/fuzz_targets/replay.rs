//! Replay must never panic, whatever the record says.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for source in billes_notation::Reader::new(data).flatten() {
        if let Ok(game) = source.parse() {
            let _ = billes_core::replay(&game, &mut |_| {});
        }
    }
});
