//! Replay must never panic, whatever the record says.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::replay(data));
