//! Every command shown to users runs as written, with the exit code shown:
//! the examples of `billes --help` and of each verb's `--help`, and the
//! commands of the Markdown files (each line of a ```` ```sh ```` block, and
//! each `$ ` line of any block).
//!
//! How an example is written, so that this test can run it:
//! - It runs in the root of a fresh clone, with `billes` on the `PATH`: its
//!   paths are those of the repository's `examples/` (the test runs it in a
//!   copy, so an example may write files).
//! - The examples of one help, or of one Markdown file, run in order in the
//!   same folder: an example may read a file an earlier one wrote.
//! - It exits 0 unless its trailing comment says `exit N`
//!   (`billes validate examples/offboard/invalid/   # exit 1: ...`).
//! - A line ending in `\` goes on on the next line.
//! - `cargo run -- ARGS` (or `cargo run --release -- ARGS`) runs as `billes ARGS`; a command of a
//!   program in [`NOT_RUN`] is not run (the list says why).
//! - An example in `--help` fits in 100 columns, the width of a help that is
//!   not printed to a terminal.
//! - A Markdown block with no language that holds a line starting with
//!   `billes ` is refused: its language says whether it is run (`sh`) or
//!   not (`text`: a synopsis, an output).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::common::root;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Programs whose commands are shown but not run here, and why.
const NOT_RUN: &[(&str, &str)] = &[
    ("cargo", "the build and the test suite: CI runs them (`cargo run` is run, as billes)"),
    ("man", "a pager, for a person at a terminal"),
    ("code", "VS Code, not installed where tests run"),
    ("npm", "scripts/vscode-package runs the extension's npm commands in CI"),
    ("duckdb", "a database the tables are written for, not a dependency of billes"),
    ("parallel", "GNU parallel spreading work over several machines"),
    ("cd", "the commands after it run in another folder (docs/editors.md: the extension's, whose npm commands are not run)"),
];

/// A command as shown: where, the text, and the exit code it is shown with.
#[derive(Debug)]
struct Shown {
    place: String,
    command: String,
    code: i32,
}

/// Splits a line at its comment: a `#` outside quotes, at the start or
/// after a blank.
fn split_comment(line: &str) -> (&str, &str) {
    let mut quote = None;
    let mut previous = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => return (line[..i].trim(), &line[i + 1..]),
            _ => {}
        }
        previous = c;
    }
    (line.trim(), "")
}

/// The exit code a comment shows: `exit N`, else 0.
fn shown_code(comment: &str) -> i32 {
    comment
        .match_indices("exit ")
        .find_map(|(i, _)| {
            let digits: String = comment[i + 5..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().ok()
        })
        .unwrap_or(0)
}

/// The programs a command runs: the first word of each part of its
/// pipelines and lists (`|`, `&&`, `||`, `;`), outside quotes.
fn programs(command: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut quote = None;
    for c in command.chars() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '|' | '&' | ';') => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        parts.last_mut().unwrap().push(c);
    }
    parts
        .iter()
        .filter_map(|p| {
            p.split_whitespace()
                .find(|w| !w.contains('='))
                .map(|w| w.trim_start_matches('(').to_string())
        })
        .collect()
}

/// Joins the lines that end in `\` with the next ones; each line keeps its
/// number (1-based, the first of the joined ones).
fn joined<'a>(lines: impl IntoIterator<Item = (usize, &'a str)>) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut open = false;
    for (number, line) in lines {
        if open {
            let last = out.last_mut().unwrap();
            last.1.push(' ');
            last.1.push_str(line.trim());
        } else {
            out.push((number, line.trim().to_string()));
        }
        let last = out.last_mut().unwrap();
        open = last.1.ends_with('\\');
        if open {
            last.1.pop();
            last.1.truncate(last.1.trim_end().len());
        }
    }
    out
}

/// `text` as a command shown at `place`, or `None` for a line that is
/// only a comment.
fn shown(place: String, text: &str) -> Option<Shown> {
    let (command, comment) = split_comment(text);
    if command.is_empty() {
        return None;
    }
    Some(Shown {
        place,
        command: command.to_string(),
        code: shown_code(comment),
    })
}

/// The examples of a help text: the lines after `Examples:` up to the
/// first blank line.
fn help_examples(place: &str, help: &str, problems: &mut Vec<String>) -> Vec<Shown> {
    let Some(start) = help.lines().position(|l| l == "Examples:") else {
        return Vec::new();
    };
    let lines: Vec<(usize, &str)> = help
        .lines()
        .enumerate()
        .skip(start + 1)
        .take_while(|(_, l)| !l.is_empty())
        .collect();
    for (_, line) in &lines {
        if !line.starts_with("  ") {
            problems.push(format!("{place}: an example line not indented: {line:?}"));
        }
        if line.chars().count() > 100 {
            problems.push(format!(
                "{place}: an example longer than 100 columns (wrapped in a help printed to a pipe): {line:?}"
            ));
        }
    }
    joined(lines.into_iter().map(|(n, l)| (n + 1, l)))
        .into_iter()
        .filter_map(|(_, text)| shown(place.to_string(), &text))
        .collect()
}

/// A fenced block being read: its first line, its language, and its
/// numbered lines.
type Block<'a> = (usize, String, Vec<(usize, &'a str)>);

/// The commands of a Markdown file, and its blocks that do not say whether
/// they are run.
fn markdown_commands(place: &str, text: &str, problems: &mut Vec<String>) -> Vec<Shown> {
    let mut out = Vec::new();
    let mut block: Option<Block<'_>> = None;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(fence) = trimmed.strip_prefix("```") {
            match block.take() {
                None => block = Some((indent, fence.trim().to_string(), Vec::new())),
                Some((_, language, lines)) => {
                    let shell = ["sh", "bash", "shell", "console"].contains(&language.as_str());
                    for (n, l) in joined(lines) {
                        let at = format!("{place}:{n}");
                        if let Some(command) = l.strip_prefix("$ ") {
                            out.extend(shown(at, command));
                        } else if shell && !l.is_empty() {
                            out.extend(shown(at, &l));
                        } else if language.is_empty() && l.starts_with("billes ") {
                            problems.push(format!(
                                "{at}: a command in a block that does not say whether it is run \
                                 (```sh: it is; ```text: it is not): {l}"
                            ));
                        }
                    }
                }
            }
        } else if let Some((indent, _, lines)) = block.as_mut() {
            let strip = line.len() - line.trim_start().len();
            lines.push((number, &line[strip.min(*indent)..]));
        }
    }
    out
}

/// The command as it is run: `cargo run ... -- ARGS` is `billes ARGS`.
fn as_run(command: &str) -> Option<String> {
    let rest = command.strip_prefix("cargo run ")?;
    let (_, args) = rest.split_once("-- ")?;
    Some(format!("billes {args}"))
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A folder as a fresh clone's root holds it (its `examples/` and the
/// shipped race games' `games/`), with a home folder of its own.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&root().join("examples"), &dir.path().join("examples"));
    copy_dir(&root().join("games"), &dir.path().join("games"));
    std::fs::create_dir(dir.path().join("home")).unwrap();
    dir
}

fn run_shell(dir: &Path, command: &str) -> Output {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_billes"));
    let path = std::env::join_paths(std::iter::once(bin.parent().unwrap().to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    Command::new("bash")
        .args(["-c", command])
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir.join("home"))
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Runs the commands of one source in order in a fresh folder; returns
/// how many ran, and adds what went wrong to `problems`.
fn run_all(commands: &[Shown], problems: &mut Vec<String>) -> usize {
    let dir = workspace();
    let mut ran = 0;
    for shown in commands {
        let command = as_run(&shown.command).unwrap_or_else(|| shown.command.clone());
        let programs = programs(&command);
        if programs
            .iter()
            .any(|p| NOT_RUN.iter().any(|(name, _)| name == p))
        {
            continue;
        }
        let out = run_shell(dir.path(), &command);
        ran += 1;
        if out.status.code() != Some(shown.code) {
            problems.push(format!(
                "{}: `{}` exited {:?}, shown with {}\n--- stdout (start)\n{}\n--- stderr (start)\n{}",
                shown.place,
                shown.command,
                out.status.code(),
                shown.code,
                head(&out.stdout),
                head(&out.stderr),
            ));
        }
    }
    ran
}

fn head(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .take(15)
        .collect::<Vec<_>>()
        .join("\n")
}

fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_billes"))
        .args(args)
        .env("COLUMNS", "1000")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{args:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The verbs `billes --help` lists (but `help`).
fn verbs() -> Vec<String> {
    let top = help(&["--help"]);
    top.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|v| *v != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_example_of_the_help_runs_as_shown() {
    let verbs = verbs();
    assert!(verbs.len() > 15, "{verbs:?}");
    let mut problems = Vec::new();
    let mut ran = 0;
    let top = help(&["--help"]);
    let examples = help_examples("billes --help", &top, &mut problems);
    assert!(examples.len() >= 4, "billes --help: {examples:?}");
    ran += run_all(&examples, &mut problems);
    for verb in &verbs {
        let place = format!("billes {verb} --help");
        let examples = help_examples(&place, &help(&[verb, "--help"]), &mut problems);
        // The language server only answers an editor: its help says how
        // it is started, with no example to type.
        if examples.is_empty() && verb != "lsp" {
            problems.push(format!("{place}: no examples"));
        }
        ran += run_all(&examples, &mut problems);
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    assert!(ran > 60, "only {ran} examples were run");
}

/// The Markdown files of the repository, but those of build folders.
fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy();
        if path.is_dir() {
            if !["target", "node_modules"].contains(&&*name) && !name.starts_with('.') {
                markdown_files(&path, out);
            }
        } else if name.ends_with(".md") {
            out.push(path);
        }
    }
}

#[test]
fn every_command_of_the_docs_runs_as_shown() {
    let mut files = Vec::new();
    markdown_files(&root(), &mut files);
    let mut problems = Vec::new();
    let mut ran = 0;
    let mut with_commands = 0;
    for file in &files {
        let place = file.strip_prefix(root()).unwrap().display().to_string();
        let text = std::fs::read_to_string(file).unwrap();
        let commands = markdown_commands(&place, &text, &mut problems);
        with_commands += usize::from(!commands.is_empty());
        ran += run_all(&commands, &mut problems);
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    assert!(with_commands >= 6, "{with_commands} files with commands");
    assert!(ran > 30, "only {ran} commands were run");
}

/// The parts of the test that read what is shown.
#[test]
fn examples_are_read_as_a_user_reads_them() {
    assert_eq!(
        split_comment("billes x 'a # b' # exit 1: why"),
        ("billes x 'a # b'", " exit 1: why")
    );
    assert_eq!(
        split_comment("billes x --tag a#b"),
        ("billes x --tag a#b", "")
    );
    assert_eq!(shown_code(" every shipped record: exit 0"), 0);
    assert_eq!(shown_code(" each reported: exit 1"), 1);
    assert_eq!(shown_code(" the quick look"), 0);
    assert_eq!(
        programs("cat a.bgn | billes validate - && man ./b; X=1 duckdb -c 'a | b'"),
        ["cat", "billes", "man", "duckdb"]
    );
    assert_eq!(
        as_run("cargo run -- validate examples/").as_deref(),
        Some("billes validate examples/")
    );
    let mut problems = Vec::new();
    let help =
        "Examples:\n  billes a \\\n      b   # exit 2\n  # a comment\n  billes c\n\nExit codes";
    let examples = help_examples("h", help, &mut problems);
    assert!(problems.is_empty(), "{problems:?}");
    let got: Vec<_> = examples.iter().map(|s| (&*s.command, s.code)).collect();
    assert_eq!(got, [("billes a b", 2), ("billes c", 0)]);
    let md = "```sh\nbilles a  # exit 1\n```\n\n  ```\n  $ billes b\n  output\n  ```\n```\nbilles c\n```\n```text\nbilles d\n```\n";
    let commands = markdown_commands("m", md, &mut problems);
    let got: Vec<_> = commands
        .iter()
        .map(|s| (&*s.place, &*s.command, s.code))
        .collect();
    assert_eq!(got, [("m:2", "billes a", 1), ("m:6", "billes b", 0)]);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("m:10: "), "{problems:?}");
}
