//! Command-line conventions: `--rules standard`, colours, the folder walk,
//! `--quiet`, exit codes and output streams. Each test has its own folder.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[cfg(target_os = "linux")]
use super::common::stdout_closed;
use super::common::{root, text, write, VALID};
use std::path::Path;
use std::process::{Command, Output};

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

const INVALID: &str = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R3 r9-r12\n*\n";

#[test]
fn rules_standard_overrides_the_rules_tag() {
    let dir = tempfile::tempdir().unwrap();
    let record =
        std::fs::read_to_string(root().join("examples/aggravation/house-rules/five-marbles.bgn"))
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
        VALID.replace("[Seats", "[Rules \"no-such-rules\"]\n[Seats"),
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

const ESC: char = '\x1b';

/// Whether `s` has a colour escape (SGR: ESC [ digits and ; then m); a
/// progress bar's cursor moves are not colours.
fn has_colour(s: &str) -> bool {
    s.split(ESC).skip(1).any(|rest| {
        rest.strip_prefix('[').is_some_and(|r| {
            let code = r.trim_start_matches(|c: char| c.is_ascii_digit() || c == ';');
            code.len() < r.len() && code.starts_with('m')
        })
    })
}

/// Runs `command` (a shell line) with a terminal as its stdin, stdout and
/// stderr, through util-linux's `script`; None where it is missing.
fn in_terminal(command: &str, dir: &Path, term: &str) -> Option<String> {
    let script = ["/usr/bin/script", "/bin/script"]
        .into_iter()
        .find(|p| Path::new(p).exists())?;
    let out = Command::new(script)
        .args(["-qec", command, "/dev/null"])
        .current_dir(dir)
        .env("TERM", term)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        .env_remove("CI")
        .output()
        .unwrap();
    Some(text(&out.stdout))
}

#[test]
fn colour_is_decided_for_the_stream_written() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "bad.bgn", INVALID);
    let bin = env!("CARGO_BIN_EXE_billes");
    // On a terminal: colours.
    let Some(shown) = in_terminal(&format!("'{bin}' validate bad.bgn"), dir.path(), "xterm") else {
        return;
    };
    assert!(has_colour(&shown), "{shown}");
    // stderr is a terminal, stdout a file: the report in the file is plain.
    in_terminal(
        &format!("'{bin}' validate bad.bgn > report.txt"),
        dir.path(),
        "xterm",
    );
    let report = std::fs::read_to_string(dir.path().join("report.txt")).unwrap();
    assert!(report.contains("R has no marble on r9"), "{report}");
    assert!(!report.contains(ESC), "{report}");
    // A dumb terminal gets none.
    let dumb = in_terminal(&format!("'{bin}' validate bad.bgn"), dir.path(), "dumb").unwrap();
    assert!(dumb.contains("R has no marble on r9"), "{dumb}");
    assert!(!has_colour(&dumb), "{dumb}");
    // NO_COLOR on a terminal: none.
    let none = in_terminal(
        &format!("NO_COLOR=1 '{bin}' validate bad.bgn"),
        dir.path(),
        "xterm",
    )
    .unwrap();
    assert!(!has_colour(&none), "{none}");
}

#[test]
fn clicolor_force_and_no_color_are_followed() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "bad.bgn", INVALID);
    let plain = billes(&["validate", "bad.bgn"], dir.path());
    assert!(!text(&plain.stdout).contains(ESC));
    let forced = cmd(dir.path())
        .args(["validate", "bad.bgn"])
        .env("CLICOLOR_FORCE", "1")
        .output()
        .unwrap();
    assert!(text(&forced.stdout).contains(ESC));
    let refused = cmd(dir.path())
        .args(["validate", "bad.bgn"])
        .env("CLICOLOR_FORCE", "1")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!text(&refused.stdout).contains(ESC));
    // --color always wins over NO_COLOR.
    let always = cmd(dir.path())
        .args(["validate", "--color", "always", "bad.bgn"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(text(&always.stdout).contains(ESC));
}

#[test]
fn diff_has_colours() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", VALID);
    write(dir.path(), "b.bgn", VALID.replace("3. B4 --", "3. B5 --"));
    let plain = billes(&["diff", "a.bgn", "b.bgn"], dir.path());
    assert_eq!(plain.status.code(), Some(1));
    assert!(!text(&plain.stdout).contains(ESC));
    let forced = cmd(dir.path())
        .args(["diff", "a.bgn", "b.bgn"])
        .env("CLICOLOR_FORCE", "1")
        .output()
        .unwrap();
    let shown = text(&forced.stdout);
    assert!(shown.contains("\x1b[33m    ~ 3. B4 --"), "{shown}");
    assert!(shown.contains("\x1b[31m    A: 3. B4 --\x1b[0m"), "{shown}");
    let never = cmd(dir.path())
        .args(["diff", "--color", "never", "a.bgn", "b.bgn"])
        .env("CLICOLOR_FORCE", "1")
        .output()
        .unwrap();
    assert_eq!(text(&never.stdout), text(&plain.stdout));
}

/// Runs billes with a time limit: a walk that loops or blocks fails the
/// test instead of hanging it.
fn billes_within(args: &[&str], dir: &Path, secs: u64) -> Output {
    let mut child = cmd(dir)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() >= secs {
            child.kill().unwrap();
            panic!("billes {args:?} did not end in {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[cfg(unix)]
#[test]
fn the_walk_ends_on_link_loops_and_skips_fifos_and_hidden_files() {
    let dir = tempfile::tempdir().unwrap();
    let archive = dir.path().join("archive");
    write(&archive, "x.bgn", VALID);
    write(&archive, ".draft.bgn", INVALID);
    write(&archive, ".old/y.bgn", INVALID);
    std::os::unix::fs::symlink(".", archive.join("a")).unwrap();
    std::os::unix::fs::symlink(".", archive.join("b")).unwrap();
    let fifo = archive.join("f.bgn");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let out = billes_within(&["validate", "--verbose", "archive"], dir.path(), 20);
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("skipped archive/a: a symbolic link"),
        "{stderr}"
    );
    // With --follow, the links are followed, but not round the loop.
    let out = billes_within(
        &["validate", "--verbose", "--follow", "archive"],
        dir.path(),
        20,
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("checked 1 file, 1 game"), "{stdout}");
    assert!(
        stderr.contains("skipped archive/f.bgn: not a regular file"),
        "{stderr}"
    );
    assert!(
        stderr.contains("skipped archive/a: a link back"),
        "{stderr}"
    );
    assert!(
        stderr.contains("skipped archive/.draft.bgn: hidden"),
        "{stderr}"
    );
    assert!(stderr.contains("skipped archive/.old: hidden"), "{stderr}");
    // Without --verbose, nothing is said about them.
    let quiet = billes_within(&["validate", "archive"], dir.path(), 20);
    assert_eq!(text(&quiet.stderr), "");
    // --hidden reads the hidden records too.
    let all = billes_within(&["validate", "--hidden", "archive"], dir.path(), 20);
    assert_eq!(all.status.code(), Some(1));
    assert!(
        text(&all.stdout).contains("checked 3 files, 3 games"),
        "{}",
        text(&all.stdout)
    );
    // fmt walks the same way.
    let fmt = billes_within(&["fmt", "--check", "archive"], dir.path(), 20);
    assert_eq!(fmt.status.code(), Some(0), "{}", text(&fmt.stderr));
}

#[cfg(unix)]
#[test]
fn a_record_reached_twice_through_links_is_read_once() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "archive/club/x.bgn", VALID);
    std::os::unix::fs::symlink("club", dir.path().join("archive/again")).unwrap();
    let out = billes_within(&["validate", "-v", "-L", "archive"], dir.path(), 20);
    assert!(
        text(&out.stdout).contains("checked 1 file"),
        "{}",
        text(&out.stdout)
    );
    assert!(
        text(&out.stderr).contains("the same file as"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_folder_without_records_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    write(dir.path(), "notes/readme.txt", "not a record");
    write(dir.path(), "hidden/.x.bgn", VALID);
    for verb in ["validate", "fmt"] {
        let out = billes(&[verb, "empty"], dir.path());
        assert_eq!(out.status.code(), Some(2), "{verb}");
        let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
        assert!(
            said.contains("empty: no .bgn file in this folder"),
            "{said}"
        );
        let out = billes(&[verb, "notes"], dir.path());
        assert_eq!(out.status.code(), Some(2), "{verb}");
        let out = billes(&[verb, "hidden"], dir.path());
        assert_eq!(out.status.code(), Some(2), "{verb}");
        let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
        assert!(said.contains("--hidden"), "{said}");
    }
}

#[test]
fn quiet_leaves_out_the_summaries() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "good.bgn", VALID);
    write(dir.path(), "bad.bgn", INVALID);
    let out = billes(&["validate", "-q", "good.bgn"], dir.path());
    assert_eq!(
        (out.status.code(), text(&out.stdout)),
        (Some(0), String::new())
    );
    let out = billes(&["validate", "--quiet", "good.bgn", "bad.bgn"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    assert!(report.contains("R has no marble on r9"), "{report}");
    assert!(
        !report.lines().any(|l| l.starts_with("checked")),
        "{report}"
    );

    let same = billes(&["diff", "-q", "good.bgn", "good.bgn"], dir.path());
    assert_eq!(
        (same.status.code(), text(&same.stdout)),
        (Some(0), String::new())
    );
    let differ = billes(&["diff", "-q", "good.bgn", "bad.bgn"], dir.path());
    assert_eq!(
        (differ.status.code(), text(&differ.stdout)),
        (Some(1), String::new())
    );

    let check = billes(
        &["rules", "check", "-q", "--games", "2", "five-marbles"],
        dir.path(),
    );
    assert_eq!(
        (check.status.code(), text(&check.stdout)),
        (Some(0), String::new())
    );
}

#[test]
fn print_in_a_variant_writes_to_stderr_with_where_it_was() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "dbg.lua",
        "print('loading', 1, nil, true)\nreturn { name = 'dbg', game = 'aggravation', hooks = {\n  allow = function(move, pos) print('allow', move.seat, move.to) return true end } }\n",
    );
    write(
        dir.path(),
        "g.bgn",
        VALID.replace("[Seats", "[Rules \"dbg.lua\"]\n[Seats"),
    );
    let out = billes(&["validate", "g.bgn"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("dbg.lua: loading\t1\tnil\ttrue\n"),
        "{stderr}"
    );
    assert!(
        stderr.contains("dbg.lua: g.bgn game 1, turn 2: allow\tR\tr10\n"),
        "{stderr}"
    );
    assert!(!text(&out.stdout).contains("allow"));
}

#[test]
fn print_in_a_variant_is_bounded() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "big.lua",
        // 200 KB printed, within the budget (each print is charged its
        // 100 bytes)
        "for i = 1, 2000 do print(('x'):rep(100)) end\nreturn { name = 'big', game = 'aggravation' }\n",
    );
    write(dir.path(), "g.bgn", VALID);
    let out = billes(&["validate", "--rules", "big.lua", "g.bgn"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stderr = text(&out.stderr);
    assert!(stderr.len() < 66 * 1024, "{}", stderr.len());
    assert!(
        stderr.contains("print: output limit reached (64 KiB per run)"),
        "{}",
        &stderr[stderr.len() - 200..]
    );
}

#[test]
fn rules_check_fails_when_most_games_hit_the_turn_limit() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "stuck.lua",
        "return { name = 'stuck', game = 'aggravation', hooks = {\n  allow = function(move, pos) return false, 'never' end } }\n",
    );
    let out = billes(&["rules", "check", "--games", "4", "stuck.lua"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stdout);
    assert!(
        said.contains("4 of 4 games hit the turn limit (3000 turns) unfinished"),
        "{said}"
    );
    assert!(!said.contains(": ok"), "{said}");
    let fine = billes(
        &["rules", "check", "--games", "4", "five-marbles"],
        dir.path(),
    );
    assert_eq!(fine.status.code(), Some(0));
    assert!(!text(&fine.stdout).contains("turn limit"));
}

const MINE: &str =
    "return { name = 'mine', game = 'aggravation', params = { shortcuts = false } }\n";

fn rules_tag_of(record: &str) -> String {
    let start = record.find("[Rules \"").unwrap() + 8;
    record[start..].split('"').next().unwrap().to_string()
}

#[test]
fn simulate_names_a_script_from_where_the_records_go() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "club/rules/mine.lua", MINE);
    std::fs::create_dir_all(dir.path().join("work")).unwrap();
    let sim = |args: &[&str], at: &str| {
        let mut all = vec![
            "simulate",
            "--game",
            "aggravation",
            "--seed",
            "1",
            "--max-turns",
            "40",
        ];
        all.extend_from_slice(args);
        billes(&all, &dir.path().join(at))
    };
    // --output: the path from the output's folder.
    let out = sim(
        &[
            "--rules",
            "../club/rules/mine.lua",
            "--output",
            "../club/games.bgn",
        ],
        "work",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let record = std::fs::read_to_string(dir.path().join("club/games.bgn")).unwrap();
    assert_eq!(rules_tag_of(&record), "rules/mine.lua");
    let check = billes(&["validate", "club/games.bgn"], dir.path());
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
    // stdout redirected to a file: the same, from that file's folder.
    let bin = env!("CARGO_BIN_EXE_billes");
    let shell = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "'{bin}' simulate --game aggravation --max-turns 40 --rules club/rules/mine.lua > club/rules/sim.bgn"
        ))
        .current_dir(dir.path())
        .status()
        .unwrap();
    assert!(shell.success());
    let record = std::fs::read_to_string(dir.path().join("club/rules/sim.bgn")).unwrap();
    assert_eq!(rules_tag_of(&record), "mine.lua");
    // A pipe: from the current folder, as `validate -` reads it.
    let out = sim(&["--rules", "rules/mine.lua"], "club");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(rules_tag_of(&text(&out.stdout)), "rules/mine.lua");
    // A script outside the folder the records go to: refused, with a hint.
    let out = sim(&["--rules", "../club/rules/mine.lua"], "work");
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(
        said.contains("cannot name ../club/rules/mine.lua"),
        "{said}"
    );
    assert!(said.contains("hint:"), "{said}");
    assert_eq!(text(&out.stdout), "");
    // A shipped variant keeps its name.
    let out = sim(&["--rules", "five-marbles", "-o", "five.bgn"], "work");
    assert_eq!(out.status.code(), Some(0));
    let record = std::fs::read_to_string(dir.path().join("work/five.bgn")).unwrap();
    assert_eq!(rules_tag_of(&record), "five-marbles");
}

const SYNTAX: &str = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R1 r9-r10 ((\n*\n";

/// Each verb's arguments for a record file `FILE` (and a second one for
/// diff).
const VERBS: [&[&str]; 12] = [
    &["validate", "FILE"],
    &["replay", "FILE"],
    &["render", "FILE", "--text"],
    &["diff", "FILE", "FILE"],
    &["fmt", "FILE"],
    &["annotate", "FILE"],
    &["convert", "FILE"],
    &["moves", "FILE"],
    &["fmt", "--check", "FILE"],
    &["filter", "FILE"],
    &["play", "FILE"],
    &[
        "export", "FILE", "--to", "jsonl", "--force", "--out", "tables",
    ],
];

fn with_file<'a>(args: &[&'a str], file: &'a str) -> Vec<&'a str> {
    args.iter()
        .map(|a| if *a == "FILE" { file } else { a })
        .collect()
}

#[test]
fn every_verb_exits_0_valid_1_wrong_input_2_usage_or_io() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "good.bgn", VALID);
    write(dir.path(), "syntax.bgn", SYNTAX);
    for verb in VERBS {
        let good = billes(&with_file(verb, "good.bgn"), dir.path());
        assert_eq!(
            good.status.code(),
            Some(0),
            "{verb:?}: {}",
            text(&good.stderr)
        );
        let wrong = billes(&with_file(verb, "syntax.bgn"), dir.path());
        assert_eq!(
            wrong.status.code(),
            Some(1),
            "{verb:?}: {}",
            text(&wrong.stderr)
        );
        let said = text(&wrong.stderr) + &text(&wrong.stdout);
        assert!(said.contains("error[syntax]"), "{verb:?}: {said}");
        // One prefix: the diagnostic is not wrapped in another error.
        assert!(!said.contains("error: error[syntax]"), "{verb:?}: {said}");
        let missing = billes(&with_file(verb, "missing.bgn"), dir.path());
        assert_eq!(
            missing.status.code(),
            Some(2),
            "{verb:?}: {}",
            text(&missing.stderr)
        );
    }
    let usage = billes(&["validate", "--no-such-option", "good.bgn"], dir.path());
    assert_eq!(usage.status.code(), Some(2));
    // The table is in every verb's --help.
    for verb in [
        "validate", "replay", "render", "diff", "fmt", "annotate", "convert", "moves", "simulate",
        "rules", "run", "filter", "play",
    ] {
        let help = billes(&[verb, "--help"], dir.path());
        assert!(
            text(&help.stdout).contains("Exit codes (every verb):"),
            "{verb}"
        );
    }
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(
        readme.contains("| 2 | usage or I/O error"),
        "README exit code table"
    );
}

/// Runs billes with its stdout a closed pipe ([`stdout_closed`]).
#[cfg(target_os = "linux")]
fn with_stdout_closed(args: &[&str], dir: &Path) -> std::process::ExitStatus {
    stdout_closed(args, dir).status
}

#[cfg(target_os = "linux")]
#[test]
fn a_report_cut_short_by_a_closed_pipe_never_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..50 {
        write(dir.path(), &format!("archive/bad{i:02}.bgn"), INVALID);
        write(dir.path(), &format!("valid/good{i:02}.bgn"), VALID);
    }
    for format in ["text", "json", "yaml", "jsonl"] {
        let status = with_stdout_closed(&["validate", "--format", format, "archive"], dir.path());
        assert!(matches!(status.code(), Some(1 | 2)), "{format}: {status:?}");
        // All valid, but the report could not be written.
        let status = with_stdout_closed(&["validate", "--format", format, "valid"], dir.path());
        assert_eq!(status.code(), Some(2), "{format}");
    }
    for verb in [
        &["fmt", "valid"][..],
        &["replay", "valid/good00.bgn"],
        &["convert", "valid/good00.bgn"],
    ] {
        let status = with_stdout_closed(verb, dir.path());
        assert_eq!(status.code(), Some(2), "{verb:?}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stderr_is_no_panic() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "good.bgn", VALID);
    write(dir.path(), "syntax.bgn", SYNTAX);
    write(dir.path(), "bad.bgn", INVALID);
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    for verb in VERBS {
        for (file, expected) in [("syntax.bgn", 1), ("bad.bgn", 1)] {
            // A record that replays wrong is still well formed, and the
            // same as itself.
            if file == "bad.bgn" && ["fmt", "convert", "diff"].contains(&verb[0]) {
                continue;
            }
            let out = cmd(dir.path())
                .args(with_file(verb, file))
                .stderr(full())
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(expected), "{verb:?} {file}");
        }
    }
    // Nothing to say on stderr: a run that is fine stays fine.
    let out = cmd(dir.path())
        .args(["fmt", "good.bgn"])
        .stderr(full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn validate_falls_back_to_fewer_threads_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    for i in 0..20 {
        write(
            dir.path(),
            &format!("archive/g{i:02}.bgn"),
            if i % 2 == 0 { VALID } else { INVALID },
        );
    }
    let normal = billes(&["validate", "-j", "1", "archive"], dir.path());
    // A stack no system can give: every thread the run asks for is refused.
    let out = cmd(dir.path())
        .args(["validate", "-j", "8", "archive"])
        .env("RUST_MIN_STACK", (1u64 << 46).to_string())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), text(&normal.stdout));
    assert!(
        text(&out.stderr).contains("the system would not start 8 threads; validated on 1"),
        "{}",
        text(&out.stderr)
    );
}

#[cfg(unix)]
mod in_place {
    use super::*;
    use std::os::unix::fs::{MetadataExt, PermissionsExt};

    const MESSY: &str =
        "[Game \"aggravation\"]\n[Seats \"R B\"]\n1.R6 +   2. R1 r9-r10\n3. B4 -- *\n";

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("billes-tmp"))
            .collect()
    }

    #[test]
    fn a_symbolic_link_is_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let target = write(dir.path(), "real/a.bgn", MESSY);
        std::os::unix::fs::symlink("real/a.bgn", dir.path().join("link.bgn")).unwrap();
        for verb in [
            &["fmt", "--in-place", "link.bgn"][..],
            &["annotate", "--in-place", "link.bgn"],
        ] {
            let out = billes(verb, dir.path());
            assert_eq!(
                out.status.code(),
                Some(0),
                "{verb:?}: {}",
                text(&out.stderr)
            );
            let link = std::fs::symlink_metadata(dir.path().join("link.bgn")).unwrap();
            assert!(link.file_type().is_symlink(), "{verb:?}");
        }
        let now = std::fs::read_to_string(&target).unwrap();
        assert!(
            now.starts_with("[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +"),
            "{now}"
        );
        assert!(now.contains("{@ "), "{now}");
        assert!(leftovers(&dir.path().join("real")).is_empty());
        assert!(leftovers(dir.path()).is_empty());
    }

    #[test]
    fn mode_owner_and_group_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), "a.bgn", MESSY);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        let root = std::fs::metadata(&path).unwrap().uid() == 0;
        if root {
            // As root, on a file of another user: it stays theirs.
            std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
        }
        let out = billes(&["fmt", "--in-place", "a.bgn"], dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let meta = std::fs::metadata(&path).unwrap();
        assert_eq!(meta.permissions().mode() & 0o777, 0o640);
        if root {
            assert_eq!((meta.uid(), meta.gid()), (65534, 65534));
        }
        assert!(std::fs::read_to_string(&path)
            .unwrap()
            .contains("\n\n1. R6 +\n"));
    }

    #[test]
    fn a_file_with_two_hard_links_is_refused_unless_forced() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), "a.bgn", MESSY);
        std::fs::hard_link(&path, dir.path().join("b.bgn")).unwrap();
        let out = billes(&["fmt", "--in-place", "a.bgn"], dir.path());
        assert_eq!(out.status.code(), Some(2));
        assert!(
            text(&out.stderr).contains("a.bgn has 2 hard links"),
            "{}",
            text(&out.stderr)
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), MESSY);
        let out = billes(&["annotate", "--in-place", "a.bgn"], dir.path());
        assert_eq!(out.status.code(), Some(2));
        // --force rewrites the file itself: both names see the new text.
        let out = billes(&["fmt", "--in-place", "--force", "a.bgn"], dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let a = std::fs::metadata(&path).unwrap();
        let b = std::fs::metadata(dir.path().join("b.bgn")).unwrap();
        assert_eq!((a.ino(), a.nlink()), (b.ino(), 2));
        assert_eq!(
            std::fs::read_to_string(dir.path().join("b.bgn")).unwrap(),
            std::fs::read_to_string(&path).unwrap()
        );
        assert_ne!(std::fs::read_to_string(&path).unwrap(), MESSY);
    }

    #[test]
    fn a_read_only_file_is_refused_unless_forced() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), "a.bgn", MESSY);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        for verb in ["fmt", "annotate"] {
            let out = billes(&[verb, "--in-place", "a.bgn"], dir.path());
            assert_eq!(out.status.code(), Some(2), "{verb}");
            assert!(
                text(&out.stderr).contains("a.bgn is read-only"),
                "{}",
                text(&out.stderr)
            );
            assert_eq!(std::fs::read_to_string(&path).unwrap(), MESSY);
        }
        let out = billes(&["fmt", "--in-place", "--force", "a.bgn"], dir.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_ne!(std::fs::read_to_string(&path).unwrap(), MESSY);
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o444);
        // --force only goes with --in-place.
        assert_eq!(
            billes(&["fmt", "--force", "a.bgn"], dir.path())
                .status
                .code(),
            Some(2)
        );
    }

    #[test]
    fn an_interrupted_rewrite_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        // A large record, so that a signal may come at any step.
        let mut big = String::from("[Game \"aggravation\"]\n[Seats \"R B\"]\n\n");
        for i in 0..20_000 {
            big.push_str(&format!("{{comment {i}}}\n"));
        }
        big.push_str("1. R6 +\n*\n");
        for (round, delay) in [0u64, 5, 20, 50, 100, 200].into_iter().enumerate() {
            let path = write(dir.path(), "big.bgn", big.replace("  ", " "));
            let before = std::fs::read_to_string(&path).unwrap();
            let mut child = cmd(dir.path())
                .args(["fmt", "--in-place", "big.bgn"])
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap();
            std::thread::sleep(std::time::Duration::from_millis(delay));
            let signal = if round % 2 == 0 { "-TERM" } else { "-INT" };
            let _ = Command::new("kill")
                .args([signal, &child.id().to_string()])
                .status();
            let _ = child.wait().unwrap();
            assert!(
                leftovers(dir.path()).is_empty(),
                "after {delay} ms: {:?}",
                leftovers(dir.path())
            );
            // The file is the old text or the new one, whole.
            let after = std::fs::read_to_string(&path).unwrap();
            assert!(
                after == before || after.ends_with("1. R6 +\n*\n"),
                "after {delay} ms"
            );
        }
    }
}

#[cfg(unix)]
#[test]
fn an_output_that_is_a_pipe_is_written_into_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    // `--output /dev/null` or a named pipe: a rename would put a regular
    // file in the device's place.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("records.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return;
    }
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let out = billes(
        &[
            "simulate",
            "--game",
            "aggravation",
            "--seed",
            "1",
            "--output",
            "records.fifo",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Checked before the reader is joined: a replaced pipe leaves the
    // reader waiting for a writer that never comes.
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the pipe was replaced: {kind:?}");
    let read = reader.join().unwrap();
    assert!(read.starts_with("[Game \"aggravation\"]"), "{read}");
    let listed: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(listed.len(), 1, "a temporary file was left");
}
