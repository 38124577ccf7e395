//! Replay scripts (`billes run`) from a small fixed set must never panic on
//! any record.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;

fuzz_target!(|data: &[u8]| checks::scripts(data));
