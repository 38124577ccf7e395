//! The fuzz targets' checks (`fuzz/checks.rs`) on the seed corpus and on
//! every input that once crashed a target (`fuzz/regressions/TARGET/`), on
//! stable Rust and without the fuzzer, so the test suite keeps the crashes
//! fixed. Every file of the seed corpus goes through every target; a
//! regression file through its own target.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

#[path = "../../../fuzz/checks.rs"]
mod checks;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `dir`, sorted; none when it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

type Check = fn(&[u8]);

const TARGETS: [(&str, Check); 4] = [
    ("parse", checks::parse),
    ("replay", checks::replay),
    ("variants", checks::variants),
    ("scripts", checks::scripts),
];

#[test]
fn every_target_passes_on_the_seed_corpus() {
    let seeds = files(&fuzz_dir().join("seeds"));
    assert!(seeds.len() >= 60, "the seed corpus is missing");
    for (name, check) in TARGETS {
        for path in &seeds {
            let data = std::fs::read(path).unwrap();
            let run = std::panic::catch_unwind(|| check(&data));
            assert!(run.is_ok(), "target {name} fails on {}", path.display());
        }
    }
}

#[test]
fn every_past_crash_stays_fixed() {
    for (name, check) in TARGETS {
        for path in files(&fuzz_dir().join("regressions").join(name)) {
            let data = std::fs::read(&path).unwrap();
            let run = std::panic::catch_unwind(|| check(&data));
            assert!(run.is_ok(), "target {name} fails on {}", path.display());
        }
    }
}
