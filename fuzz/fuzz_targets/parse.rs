//! The parser must never panic, and whatever it parses must round-trip.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::parse(data));
