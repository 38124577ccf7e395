//! The shipped examples: valid records validate (also after `fmt`), and each
//! invalid record gets the message recorded in its snapshot.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::common::root;
use std::path::{Path, PathBuf};
use std::process::Command;

fn records(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            records(&path, out);
        } else if path.extension().is_some_and(|e| e == "bgn") {
            out.push(path);
        }
    }
}

fn is_invalid_example(path: &Path) -> bool {
    path.components().any(|c| c.as_os_str() == "invalid")
}

fn validate(path: &Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_billes"))
        .arg("validate")
        .arg(path)
        .current_dir(root())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn valid_examples_validate_and_stay_valid_after_fmt() {
    let mut files = Vec::new();
    records(&root().join("examples"), &mut files);
    for path in files.iter().filter(|p| !is_invalid_example(p)) {
        let (code, out) = validate(path);
        assert_eq!(code, Some(0), "{}:\n{out}", path.display());
        let formatted = Command::new(env!("CARGO_BIN_EXE_billes"))
            .arg("fmt")
            .arg(path)
            .output()
            .unwrap();
        assert_eq!(formatted.status.code(), Some(0));
        // Validated from stdin in the record's folder, where a Rules tag's
        // relative script path resolves as it does for the file.
        let mut child = Command::new(env!("CARGO_BIN_EXE_billes"))
            .args(["validate", "-"])
            .current_dir(path.parent().unwrap())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), &formatted.stdout).unwrap();
        let done = child.wait_with_output().unwrap();
        let (code, out) = (done.status.code(), String::from_utf8_lossy(&done.stdout));
        assert_eq!(code, Some(0), "{} after fmt:\n{out}", path.display());
    }
}

#[test]
fn invalid_examples_are_rejected_with_their_messages() {
    let mut files = Vec::new();
    records(&root().join("examples"), &mut files);
    for path in files.iter().filter(|p| is_invalid_example(p)) {
        let relative = path.strip_prefix(root()).unwrap();
        let (code, out) = validate(relative);
        assert_eq!(code, Some(1), "{}:\n{out}", relative.display());
        let name = relative
            .to_string_lossy()
            .replace(['/', '\\'], "__")
            .trim_end_matches(".bgn")
            .to_string();
        insta::with_settings!({snapshot_suffix => name, prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!("invalid", out);
        });
    }
}

/// The README's first two commands: the shipped records less the invalid
/// ones are valid (a one-line report, exit 0); the invalid ones are each
/// reported (exit 1).
#[test]
fn the_readme_s_first_commands_exit_0_then_1() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let commands: Vec<&str> = readme
        .lines()
        .filter_map(|l| l.strip_prefix("cargo run -- "))
        .take(2)
        .map(|l| l.split('#').next().unwrap().trim())
        .collect();
    assert_eq!(
        commands,
        [
            "validate examples/ --exclude invalid",
            "validate examples/*/invalid/"
        ]
    );
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_billes"))
            .current_dir(root())
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["validate", "examples/", "--exclude", "invalid"]);
    let report = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert_eq!(report.lines().count(), 1, "{report}");
    assert!(report.contains(" 0 invalid"), "{report}");
    let mut invalid = Vec::new();
    for game in ["aggravation", "barricade", "offboard"] {
        invalid.push(format!("examples/{game}/invalid/"));
    }
    let mut args = vec!["validate"];
    args.extend(invalid.iter().map(String::as_str));
    let out = run(&args);
    assert_eq!(out.status.code(), Some(1));
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(report.contains(" 0 valid"), "{report}");
}
