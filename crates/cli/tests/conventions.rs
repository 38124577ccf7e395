//! Command-line conventions: `--rules standard`, colours, the folder walk,
//! `--quiet`, exit codes and output streams. Each test has its own folder.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn cmd(dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_billes"));
    cmd.current_dir(dir)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR");
    cmd
}

fn billes(args: &[&str], dir: &Path) -> Output {
    cmd(dir).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn write(dir: &Path, name: &str, contents: &str) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&path, contents).unwrap();
    path
}

const VALID: &str =
    "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R1 r9-r10\n3. B4 --\n*\n";
const INVALID: &str = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R3 r9-r12\n*\n";

#[test]
fn rules_standard_overrides_the_rules_tag() {
    let dir = tempfile::tempdir().unwrap();
    let record =
        std::fs::read_to_string(repo().join("examples/aggravation/house-rules/five-marbles.bgn"))
            .unwrap();
    write(dir.path(), "five.bgn", &record);
    let tagged = billes(&["validate", "five.bgn"], dir.path());
    assert_eq!(tagged.status.code(), Some(0), "{}", text(&tagged.stderr));
    let standard = billes(&["validate", "--rules", "standard", "five.bgn"], dir.path());
    assert_eq!(
        standard.status.code(),
        Some(1),
        "{}",
        text(&standard.stdout)
    );
    // The same for a record whose tag names no variant at all.
    write(
        dir.path(),
        "unknown.bgn",
        &VALID.replace("[Seats", "[Rules \"no-such-rules\"]\n[Seats"),
    );
    assert_eq!(
        billes(&["validate", "unknown.bgn"], dir.path())
            .status
            .code(),
        Some(1)
    );
    let out = billes(
        &["validate", "--rules", "STANDARD", "unknown.bgn"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let out = billes(
        &["replay", "--rules", "standard", "unknown.bgn"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}
