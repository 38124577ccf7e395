//! What the test modules share: writing a file, running the `billes`
//! binary from the workspace root or from a folder, with or without
//! standard input, and its output as text. (`Command::output` gives the binary no standard
//! input: a verb that reads it sees its end at once.)

#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A short valid Aggravation record, one turn a line.
pub const VALID: &str =
    "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R1 r9-r10\n3. B4 --\n*\n";

/// Writes `contents` to `name` in `dir` (making the folders on the way)
/// and returns its path.
pub fn write(dir: &Path, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&path, contents).unwrap();
    path
}

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

/// Runs `billes` with `args` in `dir`, with the environment variables
/// `vars` set.
pub fn billes_env_in(dir: &Path, args: &[&str], vars: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_billes"))
        .args(args)
        .envs(vars.iter().copied())
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

/// Runs `billes` with `args` in `dir`, `input` on its standard input.
pub fn billes_stdin_in(dir: &Path, args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_billes"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A billes that refuses its arguments may exit before reading its
    // input: the pipe then breaks, which is that run's answer, not the
    // test's failure.
    let written = child.stdin.take().unwrap().write_all(input.as_ref());
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

/// Runs `billes` with `args` in the workspace root, `input` on its
/// standard input.
pub fn billes_stdin(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    billes_stdin_in(&root(), args, input)
}

/// Bytes of an output as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs billes in `dir` with its stdout a pipe whose reader is gone before
/// billes starts: every write fails as `| head` makes it fail, without a
/// race. Its stderr is kept.
#[cfg(target_os = "linux")]
pub fn stdout_closed(args: &[&str], dir: &Path) -> Output {
    use std::os::unix::fs::OpenOptionsExt;
    let fifo = tempfile::tempdir().unwrap();
    let path = fifo.path().join("pipe");
    assert!(Command::new("mkfifo")
        .arg(&path)
        .status()
        .unwrap()
        .success());
    // O_NONBLOCK: opening the reader does not wait for a writer.
    let reader = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(0o4000)
        .open(&path)
        .unwrap();
    let writer = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_billes"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdout(writer)
        .output()
        .unwrap()
}
