//! What the test modules share: running the `billes` binary from the
//! workspace root or from a folder, and its output as text.

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root, where `examples/` and `rules/` are.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `billes` with `args` in `dir`.
pub fn billes_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_billes"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// Runs `billes` with `args` in the workspace root.
pub fn billes(args: &[&str]) -> Output {
    billes_in(&root(), args)
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
