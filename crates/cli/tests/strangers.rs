//! A stranger's archive and scripts, tried as an organiser running billes
//! unattended would meet them: every verb that reads records holds the
//! same promises (exit codes, no file of the machine in a report, bounded
//! work on behalf of a script).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::common::{billes_in, stderr, stdout, write, VALID};

/// An encoding problem (a binary file, a NUL byte, bytes that are not
/// UTF-8) is wrong input for every verb that reads records: exit 1, as
/// `validate` says, never 0 (a corrupt archive must not look clean) nor 2.
#[test]
fn every_verb_exits_1_on_a_file_that_is_not_text() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "archive/ok.bgn", VALID);
    write(d, "archive/binary.bgn", b"\x7fELF\x02\x01\x01\0\0\0\0");
    write(d, "nul.bgn", "[Game \"aggra\0vation\"]\n*\n");
    write(
        d,
        "latin1.bgn",
        b"[Game \"aggravation\"]\n[Event \"Caf\xe9\"]\n*\n".as_slice(),
    );
    write(
        d,
        "s.lua",
        "return { game = function(g) emit { f = g.file } end }",
    );
    write(d, "ok.bgn", VALID);
    for verbs in [
        vec!["validate", "archive"],
        vec!["run", "s.lua", "archive"],
        vec!["run", "--format", "jsonl", "s.lua", "archive"],
        vec!["run", "--select", "s.lua", "archive"],
        vec!["filter", "archive"],
        vec!["filter", "--invalid", "archive"],
        vec![
            "export", "--to", "jsonl", "--force", "--out", "o", "archive",
        ],
        vec![
            "export",
            "--to",
            "parquet",
            "--force",
            "--invalid",
            "--out",
            "o",
            "archive",
        ],
    ] {
        let out = billes_in(d, &verbs);
        assert_eq!(out.status.code(), Some(1), "{verbs:?}: {}", stderr(&out));
    }
    for file in ["nul.bgn", "latin1.bgn"] {
        for verbs in [
            vec!["validate", file],
            vec!["run", "s.lua", file],
            vec!["filter", file],
            vec!["filter", "--invalid", file],
            vec!["fmt", file],
            vec!["fmt", "--check", file],
            vec!["replay", file],
            vec!["convert", file],
            vec!["annotate", file],
            vec!["render", file],
            vec!["analyze", file],
            vec!["diff", file, "ok.bgn"],
            vec!["play", file],
            vec!["export", "--to", "jsonl", "--force", "--out", "o", file],
        ] {
            let out = billes_in(d, &verbs);
            assert_eq!(out.status.code(), Some(1), "{verbs:?}: {}", stderr(&out));
        }
    }
    // The good record still goes through, and the count says why the run failed.
    let out = billes_in(d, &["run", "--format", "csv", "s.lua", "archive"]);
    assert!(stdout(&out).contains("archive/ok.bgn"), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("1 encoding error"),
        "{}",
        stderr(&out)
    );
}

/// Two barricades on one point are refused, as two pawns on one hole are,
/// however often the point is named.
#[test]
fn a_position_with_two_barricades_on_one_point_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let moves = |position: &str| {
        billes_in(
            dir.path(),
            &[
                "moves",
                "--game-kind",
                "barricade",
                "--seats",
                "R B",
                "--position",
                position,
            ],
        )
    };
    let pawns = moves("R:i13,e5 B:e5 move=R");
    assert!(
        stderr(&pawns).contains("two pawns on e5"),
        "{}",
        stderr(&pawns)
    );
    let many = vec!["e5"; 20_000].join(",");
    for bar in ["e5,e5", many.as_str()] {
        let out = moves(&format!("R:i13 B:o1 bar=i11,{bar} move=R"));
        assert_eq!(out.status.code(), pawns.status.code(), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("two barricades on e5"),
            "{}",
            stderr(&out)
        );
    }
}

/// Output that cannot be written (a full disk) is an error and exit 2 for
/// the completion scripts as for the manual page, never a panic.
#[cfg(target_os = "linux")]
#[test]
fn completions_and_man_into_a_full_disk_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        vec!["completions", "bash"],
        vec!["completions", "zsh"],
        vec!["man"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_billes"))
            .args(&args)
            .current_dir(dir.path())
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).starts_with("billes: error: "),
            "{}",
            stderr(&out)
        );
        assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    }
}

/// A `pos.walk` with a bad count says the number as Lua writes it, not
/// Rust's debug text of the value.
#[test]
fn a_walk_error_speaks_lua() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "g.bgn", VALID);
    for (steps, shown) in [
        ("1000000000000000000", "got 1000000000000000000"),
        ("2.5", "got 2.5"),
        ("'x'", "got string"),
    ] {
        write(
            d,
            "walk.lua",
            format!("return {{ turn = function(t, before) before.walk('r9', {steps}) end }}"),
        );
        let out = billes_in(d, &["run", "walk.lua", "g.bgn"]);
        assert_eq!(out.status.code(), Some(1));
        let err = stderr(&out);
        assert!(
            err.contains(&format!("expected a number of steps from 0 to 64, {shown}")),
            "{err}"
        );
        assert!(
            !err.contains("Number(") && !err.contains("Integer("),
            "{err}"
        );
    }
}

/// `run` into a closed pipe ends quietly, whatever the format, as the other
/// verbs do (exit 2: the output was not written whole).
#[cfg(target_os = "linux")]
#[test]
fn run_into_a_closed_pipe_is_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "g.bgn", VALID);
    write(
        d,
        "s.lua",
        "return { turn = function(t) emit { n = t.number, text = t.text } end }",
    );
    for format in ["table", "csv", "json", "jsonl"] {
        let out = super::common::stdout_closed(&["run", "--format", format, "s.lua", "g.bgn"], d);
        assert_eq!(out.status.code(), Some(2), "{format}");
        assert_eq!(stderr(&out), "", "{format}");
    }
    let out = super::common::stdout_closed(&["filter", "g.bgn"], d);
    assert_eq!((out.status.code(), stderr(&out).as_str()), (Some(2), ""));
}

/// A stranger's tag is data: in CSV it never starts a spreadsheet formula,
/// in the table it never reaches the terminal as a control character.
#[test]
fn tags_in_rows_are_neither_formulas_nor_terminal_controls() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let record = VALID.replace(
        "[Seats \"R B\"]",
        "[Seats \"R B\"]\n[Red \"=cmd|' /C calc'!A0\"]\n[Blue \"@SUM(1+1)\"]\n[Event \"a\u{1b}]0;x\u{7}b\u{1b}[2J\"]",
    );
    write(d, "g.bgn", record);
    write(
        d,
        "s.lua",
        "return { game = function(g) emit { red = g.players.R, blue = g.players.B, event = g.tags.Event, n = -3 } end }",
    );
    let csv = stdout(&billes_in(d, &["run", "--format", "csv", "s.lua", "g.bgn"]));
    assert!(csv.contains("'=cmd|' /C calc'!A0"), "{csv}");
    assert!(csv.contains("'@SUM(1+1)"), "{csv}");
    assert!(csv.contains(",-3"), "{csv}");
    let table = stdout(&billes_in(
        d,
        &["run", "--format", "table", "s.lua", "g.bgn"],
    ));
    assert!(!table.contains(['\u{1b}', '\u{7}']), "{table:?}");
    assert!(
        table.contains("a\u{241b}]0;x\u{2407}b\u{241b}[2J"),
        "{table}"
    );
    let events = stdout(&billes_in(d, &["validate", "--by-event", "g.bgn"]));
    assert!(!events.contains(['\u{1b}', '\u{7}']), "{events:?}");
    assert!(
        events.contains("a\u{241b}]0;x\u{2407}b\u{241b}[2J"),
        "{events}"
    );
}

/// The script file is read as a variant's: a regular file only (a FIFO or
/// a device is an error at once, not a wait or an endless read), at most
/// 1 MiB, text.
#[cfg(unix)]
#[test]
fn a_script_is_read_like_a_variant() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "g.bgn", VALID);
    assert!(std::process::Command::new("mkfifo")
        .arg(d.join("fifo.lua"))
        .status()
        .unwrap()
        .success());
    let mut big = String::from("return {}\n");
    big.push_str(&"-- a comment line of a script too long to load\n".repeat(25_000));
    write(d, "big.lua", &big);
    write(d, "nul.lua", "return {}\0");
    for (script, message) in [
        ("fifo.lua", "not a regular file"),
        ("/dev/zero", "not a regular file"),
        ("big.lua", "larger than 1 MiB"),
        ("nul.lua", "a NUL byte"),
    ] {
        let (tx, rx) = std::sync::mpsc::channel();
        let dir = d.to_path_buf();
        let script = script.to_string();
        std::thread::spawn(move || tx.send(billes_in(&dir, &["run", &script, "g.bgn"])));
        let out = rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("billes run ends");
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains(message), "{}", stderr(&out));
    }
}

/// `filter --tag` on a long value with a glob that makes a backtracking
/// matcher quadratic: one pass (the unit tests count it); a glob past the
/// limit is a usage error.
#[test]
fn filter_globs_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let value = "a".repeat(100_000);
    write(
        d,
        "g.bgn",
        VALID.replace("[Seats", &format!("[Event \"{value}\"]\n[Seats")),
    );
    let glob = format!("Event=*{}b", "a".repeat(1_000));
    let out = billes_in(d, &["filter", "--tag", &glob, "g.bgn"]);
    assert_eq!((out.status.code(), stdout(&out).as_str()), (Some(0), ""));
    let glob = format!("Event=*{}", "a".repeat(1_000));
    let out = billes_in(d, &["filter", "--tag", &glob, "g.bgn"]);
    assert!(stdout(&out).contains("[Event"), "{}", stderr(&out));
    let long = format!("Event={}", "?".repeat(1_025));
    let out = billes_in(d, &["filter", "--tag", &long, "g.bgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("at most 1024"), "{}", stderr(&out));
}

/// Every string a script hands back that goes into a report is cut as an
/// error's message is (about 460 bytes): an `allow` reason, a `winner`
/// seat, an `effect` edit's name, an `error()`, a replay script's error.
#[test]
fn strings_a_script_hands_back_are_cut_in_reports() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "g.bgn", VALID);
    // 2 MB made by `..`: string.rep would spend the budget on its bytes
    let big = "(function() local s = 'y' for i = 1, 21 do s = s .. s end return s end)()";
    for hook in [
        format!("allow = function(m) return false, {big} end"),
        format!("winner = function(p) return {big} end"),
        format!("effect = function(m) return {{ {{ op = 'send', at = {big} }} }} end"),
        format!("effect = function(m) return {{ {{ op = {big} }} }} end"),
        format!("allow = function(m) error({big}) end"),
    ] {
        write(
            d,
            "v.lua",
            format!("return {{ name = 'v', game = 'aggravation', hooks = {{ {hook} }} }}"),
        );
        let out = billes_in(d, &["validate", "--rules", "./v.lua", "g.bgn"]);
        assert_eq!(out.status.code(), Some(1), "{hook}");
        let report = format!("{}{}", stdout(&out), stderr(&out));
        assert!(report.len() < 4000, "{hook}: {} bytes", report.len());
        assert!(report.contains(" bytes in all)"), "{hook}: {report}");
    }
    write(
        d,
        "s.lua",
        format!("return {{ game = function() error({big}) end }}"),
    );
    let out = billes_in(d, &["run", "s.lua", "g.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).len() < 2000, "{} bytes", stderr(&out).len());
}

/// A hook's list is refused past 4,096 entries before Rust reads it.
#[test]
fn hook_lists_are_capped() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "g.bgn", VALID);
    for (hook, what) in [
        ("effect = function(m) local e, x = {}, { op = 'send', at = 'r9' } for i = 1, 5000 do e[i] = x end return e end", "5000 edits: at most 4096"),
        ("moves = function(r, p, l) local e = {} for i = 1, 5000 do e[i] = l[1] or '--' end return e end", "5000 moves: at most 4096"),
    ] {
        write(
            d,
            "v.lua",
            format!("return {{ name = 'v', game = 'aggravation', hooks = {{ {hook} }} }}"),
        );
        let out = billes_in(d, &["validate", "--rules", "./v.lua", "g.bgn"]);
        assert_eq!(out.status.code(), Some(1), "{hook}");
        assert!(stdout(&out).contains(what), "{}", stdout(&out));
    }
}

/// JSON Lines rows are written as they come (a row emitted just before the
/// script fails is out); JSON keeps the order of `columns`; `--precision`
/// rounds floats.
#[test]
fn run_rows_stream_keep_their_order_and_round() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "g.bgn", VALID);
    write(
        d,
        "s.lua",
        "return { columns = { 'z', 'a' }, turn = function(t) emit { a = t.number, z = 7 / 3 } if t.number == 2 then error('stop') end end }",
    );
    let out = billes_in(d, &["run", "--format", "jsonl", "s.lua", "g.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "{\"z\":2.3333333333333335,\"a\":1}\n{\"z\":2.3333333333333335,\"a\":2}\n"
    );
    write(d, "s.lua", "return { columns = { 'z', 'a' }, game = function() emit { a = 1, z = 7 / 3, b = true } end }");
    let out = billes_in(
        d,
        &[
            "run",
            "--format",
            "json",
            "--precision",
            "2",
            "s.lua",
            "g.bgn",
        ],
    );
    assert_eq!(stdout(&out), "[\n  {\"z\":2.33,\"a\":1,\"b\":true}\n]\n");
    let out = billes_in(
        d,
        &[
            "run",
            "--format",
            "csv",
            "--precision",
            "3",
            "s.lua",
            "g.bgn",
        ],
    );
    assert_eq!(stdout(&out), "z,a,b\n2.333,1,true\n");
}

/// A folder walk follows no symbolic link unless asked, and with
/// `--follow` none out of the folder given: a link planted in an archive
/// (`key.bgn ->` a private key) never puts the file into an output or a
/// diagnostic. A path named on the command line is read.
#[cfg(unix)]
#[test]
fn a_link_out_of_the_archive_is_never_read() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "secret/id_key",
        "-----BEGIN PRIVATE KEY-----\nc2VjcmV0IGtleSBsaW5l\n",
    );
    write(
        d,
        "secret/club/x.bgn",
        VALID.replace("[Seats", "[Event \"secret game\"]\n[Seats"),
    );
    write(d, "archive/ok.bgn", VALID);
    write(d, "archive/inner/y.bgn", VALID);
    symlink(d.join("secret/id_key"), d.join("archive/key.bgn")).unwrap();
    symlink(d.join("secret/club"), d.join("archive/club")).unwrap();
    symlink("inner/y.bgn", d.join("archive/same.bgn")).unwrap();
    symlink("inner", d.join("archive/again")).unwrap();
    for follow in [&[][..], &["--follow"]] {
        for verb in [
            vec!["filter", "--invalid"],
            vec!["filter"],
            vec!["validate", "-v"],
            vec!["fmt", "--check"],
        ] {
            let mut args = verb.clone();
            args.extend_from_slice(follow);
            args.push("archive");
            let out = billes_in(d, &args);
            let all = format!("{}{}", stdout(&out), stderr(&out));
            assert!(
                !all.contains("c2VjcmV0") && !all.contains("PRIVATE"),
                "{args:?}: {all}"
            );
            assert!(!all.contains("secret game"), "{args:?}: {all}");
            assert_eq!(out.status.code(), Some(0), "{args:?}: {all}");
        }
    }
    let out = billes_in(d, &["validate", "-v", "archive"]);
    assert!(
        stderr(&out).contains("skipped archive/key.bgn: a symbolic link"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).contains("checked 2 files"), "{}", stdout(&out));
    let out = billes_in(d, &["validate", "-v", "--follow", "archive"]);
    assert!(
        stderr(&out).contains("skipped archive/key.bgn: a symbolic link out of the folder"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("skipped archive/club: a symbolic link out of the folder"),
        "{}",
        stderr(&out)
    );
    // Inside the folder, --follow reads through links (each file once).
    assert!(stdout(&out).contains("checked 2 files"), "{}", stdout(&out));
    // A path named on the command line is read, link or not.
    let out = billes_in(d, &["validate", "archive/club"]);
    assert!(stdout(&out).contains("checked 1 file"), "{}", stdout(&out));
}

/// A Rules tag's script is not read through a link to a file that is no
/// `.lua` script, even inside the folder allowed; a syntax error quotes at
/// most 32 bytes of the token near it.
#[cfg(unix)]
#[test]
fn a_rules_tag_cannot_read_a_key_through_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let line = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW";
    write(
        d,
        "home/.ssh/id_key",
        format!("-----BEGIN OPENSSH PRIVATE KEY-----\n{line}\n"),
    );
    write(
        d,
        "records/g.bgn",
        VALID.replace("[Seats", "[Rules \"x.lua\"]\n[Seats"),
    );
    std::os::unix::fs::symlink(d.join("home/.ssh/id_key"), d.join("home/x.lua")).unwrap();
    let out = billes_in(d, &["validate", "--rules-dir", "home", "records"]);
    let all = format!("{}{}", stdout(&out), stderr(&out));
    assert_eq!(out.status.code(), Some(1), "{all}");
    assert!(all.contains("not a .lua script"), "{all}");
    assert!(!all.contains("b3Bl"), "{all}");
    // A script named .lua that is not Lua: the token is cut.
    write(d, "k.lua", format!("-- a comment\n{line}\n{line}\n"));
    let out = billes_in(d, &["run", "k.lua", "records"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("(a token of 70 bytes)"), "{err}");
    assert!(!err.contains(&line[..40]), "{err}");
}

/// A record a script cannot hold costs its own game: a tag of almost 16
/// MiB (in a game just under the limit of one game) is not copied into the
/// script unless it reads the tags; when it does, the game is reported and
/// skipped, the run goes on and `finish` runs.
#[test]
fn a_game_too_large_for_the_script_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let huge = "x".repeat(billes_notation::MAX_GAME_BYTES - 4096);
    write(
        d,
        "archive/a.bgn",
        VALID.replace("[Seats", &format!("[Event \"{huge}\"]\n[Seats")),
    );
    write(
        d,
        "archive/b.bgn",
        VALID.replace("[Seats", "[Event \"club\"]\n[Seats"),
    );
    write(
        d,
        "files.lua",
        "local n = 0 return { game = function(g) n = n + 1 emit { f = g.file } end, finish = function() emit { f = 'total', n = n } end }",
    );
    let out = billes_in(d, &["run", "--format", "csv", "files.lua", "archive"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "f,n\narchive/a.bgn,\narchive/b.bgn,\ntotal,2\n"
    );
    write(
        d,
        "events.lua",
        "local n = 0 return { game = function(g) emit { e = g.tags.Event } n = n + 1 end, finish = function() emit { e = 'total', n = n } end }",
    );
    let out = billes_in(d, &["run", "--format", "csv", "events.lua", "archive"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stdout(&out), "e,n\nclub,\ntotal,1\n");
    let err = stderr(&out);
    assert!(
        err.contains("out of memory") && err.contains("archive/a.bgn game 1"),
        "{err}"
    );
    assert!(err.contains("1 game skipped"), "{err}");
}

/// The other shape of a record too large for a script: many tags. 120,000
/// tags of 100 bytes (a 13 MB game, under the limit of one game) cost
/// nothing to a script that does not read the tags. A script that reads
/// them loses that game only, and `finish` runs: shown with 8,300 tags of
/// 2,000 bytes, so that the script's memory, not its clock (which a busy
/// machine could reach first over 120,000 tags), stops it.
#[test]
fn a_game_of_many_tags_costs_its_own_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let tags = |count: usize, bytes: usize| -> String {
        let value = "x".repeat(bytes);
        (0..count)
            .map(|i| format!("[T{i} \"{value}\"]\n"))
            .collect()
    };
    let many = VALID.replace("[Seats", &format!("{}[Seats", tags(120_000, 100)));
    write(d, "many/a.bgn", many);
    write(d, "many/b.bgn", VALID);
    let large = VALID.replace("[Seats", &format!("{}[Seats", tags(8_300, 2_000)));
    assert!(large.len() < billes_notation::MAX_GAME_BYTES);
    write(d, "large/a.bgn", large);
    write(d, "large/b.bgn", VALID);
    write(
        d,
        "files.lua",
        "local n = 0 return { game = function(g) n = n + 1 emit { f = g.file } end, finish = function() emit { f = 'total', n = n } end }",
    );
    let out = billes_in(d, &["run", "--format", "csv", "files.lua", "many"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "f,n\nmany/a.bgn,\nmany/b.bgn,\ntotal,2\n");
    write(
        d,
        "count.lua",
        "local n = 0 return { game = function(g) local c = 0 for _ in pairs(g.tags) do c = c + 1 end emit { f = g.file, c = c } n = n + 1 end, finish = function() emit { f = 'total', n = n } end }",
    );
    let out = billes_in(d, &["run", "--format", "csv", "count.lua", "large"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stdout(&out), "c,f,n\n2,large/b.bgn,\n,total,1\n");
    let err = stderr(&out);
    assert!(
        err.contains("out of memory") && err.contains("large/a.bgn game 1"),
        "{err}"
    );
    assert!(err.contains("1 game skipped"), "{err}");
}

/// `g.tags` of a game kept past its end is an error if it was never read,
/// never the tags of the game running; read during its game, it stays.
#[test]
fn tags_of_a_kept_game_are_never_another_games() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "archive/a.bgn",
        VALID.replace("[Seats", "[Event \"first\"]\n[Seats"),
    );
    write(
        d,
        "archive/b.bgn",
        VALID.replace("[Seats", "[Event \"second\"]\n[Seats"),
    );
    write(
        d,
        "read.lua",
        "local kept = {} return { game = function(g) local _ = g.tags kept[#kept + 1] = g end, finish = function() for _, g in ipairs(kept) do emit { e = g.tags.Event } end end }",
    );
    let out = billes_in(d, &["run", "--format", "csv", "read.lua", "archive"]);
    assert_eq!(stdout(&out), "e\nfirst\nsecond\n", "{}", stderr(&out));
    write(
        d,
        "late.lua",
        "local kept return { game = function(g) if kept then emit { e = kept.tags.Event } end kept = g end }",
    );
    let out = billes_in(d, &["run", "--format", "csv", "late.lua", "archive"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("g.tags of a game that has ended"),
        "{}",
        stderr(&out)
    );
}

/// A game longer than the limit of one game (16 MiB) is refused by every
/// verb that needs the whole game with a message naming the limit, exit
/// 1, never an abort; the verbs that read game by game go on with the game
/// after it. `validate` and `filter` check it as it is read.
#[test]
fn every_verb_that_needs_the_whole_game_refuses_a_game_longer_than_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // One line of turns, as `scripts/huge-game --one-line` writes.
    let mut huge =
        String::from("[Game \"offboard\"]\n[Seats \"R B\"]\n\n1. R b3:c4>ne 2. B h7:g6>sw");
    let cycle = ["R c4>e", "B f5>se", "R c5>w", "B e5>nw"];
    let mut n = 3;
    while huge.len() <= billes_notation::MAX_GAME_BYTES {
        huge += &format!(" {n}. {}", cycle[(n - 3) % 4]);
        n += 1;
    }
    huge += " *\n\n";
    write(d, "huge.bgn", format!("{huge}{VALID}"));
    write(d, "ok.bgn", VALID);
    write(
        d,
        "s.lua",
        "return { game = function(g) emit { f = g.file } end }",
    );
    let said = "longer than 16 MiB, the limit of one game";
    for verbs in [
        vec!["validate", "--strict", "huge.bgn"],
        vec!["run", "s.lua", "huge.bgn"],
        vec!["fmt", "huge.bgn"],
        vec!["fmt", "--check", "huge.bgn"],
        vec!["replay", "huge.bgn"],
        vec!["moves", "huge.bgn"],
        vec!["convert", "huge.bgn"],
        vec!["annotate", "huge.bgn"],
        vec!["render", "huge.bgn"],
        vec!["analyze", "huge.bgn"],
        vec!["diff", "huge.bgn", "ok.bgn"],
    ] {
        let out = billes_in(d, &verbs);
        let all = format!("{}{}", stdout(&out), stderr(&out));
        assert_eq!(out.status.code(), Some(1), "{verbs:?}: {all}");
        assert!(all.contains(said), "{verbs:?}: {all}");
    }
    // The game after it is read and checked.
    let out = billes_in(d, &["validate", "--strict", "huge.bgn"]);
    let report = stdout(&out);
    assert!(
        report.contains("2 games") && report.contains("1 valid"),
        "{report}"
    );
    // Checked as it is read, and written as it was read.
    let out = billes_in(d, &["validate", "huge.bgn"]);
    let report = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(
        report.contains("2 games") && report.contains("2 valid"),
        "{report}"
    );
    let out = billes_in(d, &["filter", "huge.bgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out) == format!("{}\n\n{VALID}", huge.trim()));
    // From standard input, where it cannot be read again, filter refuses it.
    let out = super::common::billes_stdin_in(d, &["filter", "-"], huge.as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains(said), "{}", stderr(&out));
    // A verb that reads one game reads the game after it.
    let out = billes_in(d, &["replay", "--game", "2", "huge.bgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// A mistake in a game longer than the limit is reported where it is,
/// with the same message as in a short game, and a note that the check of
/// such a game stops there; the game after it is checked.
#[test]
fn a_mistake_in_a_game_longer_than_the_limit_is_found_as_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut huge = String::from("[Game \"aggravation\"]\n[Seats \"R B\"]\n\n");
    let pairs = billes_notation::MAX_GAME_BYTES / 12 + 1000;
    huge += &"R2 -- B2 -- ".repeat(pairs);
    // Turn 2 × pairs + 1: Red cannot enter on a 3 (the mistake is its
    // action, after `R3 `).
    let column = huge.len() - huge.rfind('\n').unwrap() + 3;
    huge += "R3 + B2 -- *\n\n";
    write(d, "huge.bgn", format!("{huge}{VALID}"));
    let out = billes_in(d, &["validate", "--format", "jsonl", "huge.bgn"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let report = stdout(&out);
    let first = report.lines().next().unwrap();
    let turn = 2 * pairs + 1;
    assert!(
        first.contains(&format!("\"line\":4,\"column\":{column}")),
        "{first}"
    );
    assert!(first.contains(&format!("\"turn\":{turn}")), "{first}");
    assert!(
        first.contains("checked as it is read, up to its first mistake"),
        "{first}"
    );
    assert!(report.contains("\"valid\":1"), "{report}");
    let out = billes_in(d, &["validate", "huge.bgn"]);
    let text = stdout(&out);
    assert!(
        text.contains(&format!("huge.bgn:4:{column}")),
        "{}",
        &text[..text.len().min(2000)]
    );
}

/// An archive of many games is read one game at a time by `convert`,
/// `annotate`, `analyze` and `diff`, and what they write is what they
/// write for each game alone, put together as for a list of games.
#[test]
fn the_verbs_write_an_archive_of_many_games_as_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut games = Vec::new();
    for (game, players) in [("aggravation", "4"), ("barricade", "3"), ("offboard", "2")] {
        let args = ["simulate", "--game", game, "--players", players];
        let out = billes_in(
            d,
            &[&args[..], &["--games", "4", "--max-turns", "60"]].concat(),
        );
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let text = stdout(&out);
        games.extend(text.split("\n\n[Game").enumerate().map(|(i, g)| {
            let g = if i == 0 {
                g.to_owned()
            } else {
                format!("[Game{g}")
            };
            format!("{}\n", g.trim_end())
        }));
    }
    assert_eq!(games.len(), 12);
    for (i, game) in games.iter().enumerate() {
        write(d, &format!("{i}.bgn"), game);
    }
    write(d, "all.bgn", games.join("\n"));
    let alone = |args: &[&str], i: usize| {
        let file = format!("{i}.bgn");
        let out = billes_in(d, &[args, &[file.as_str()]].concat());
        assert_eq!(out.status.code(), Some(0), "{args:?} {i}: {}", stderr(&out));
        stdout(&out)
    };
    let all = |args: &[&str]| {
        let out = billes_in(d, &[args, &["all.bgn"]].concat());
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        stdout(&out)
    };
    // BGN: each game's text, a blank line between games.
    for args in [
        &["annotate"][..],
        &["annotate", "--strip"],
        &["convert", "--to", "bgn"],
    ] {
        let each: Vec<String> = (0..games.len()).map(|i| alone(args, i)).collect();
        assert_eq!(all(args), each.join("\n"), "{args:?}");
    }
    // JSON: the list of each game's list (spans left out: a span's offset
    // is where the game stands in its file).
    let mut each = Vec::new();
    for i in 0..games.len() {
        let list: Vec<serde_json::Value> = serde_json::from_str(&alone(&["convert"], i)).unwrap();
        each.extend(list);
    }
    let expected = format!("{}\n", serde_json::to_string_pretty(&each).unwrap());
    assert!(
        all(&["convert"]) == expected,
        "convert: not the list of the games"
    );
    let spans: Vec<serde_json::Value> =
        serde_json::from_str(&all(&["convert", "--spans"])).unwrap();
    assert_eq!(spans.len(), games.len());
    // YAML read back is the JSON's data.
    let yaml = all(&["convert", "--to", "yaml"]);
    write(d, "all.yaml", &yaml);
    let out = billes_in(d, &["convert", "--from", "yaml", "--to", "bgn", "all.yaml"]);
    let bgn = all(&["convert", "--to", "bgn"]);
    assert_eq!(stdout(&out), bgn);
    // Three times the list: more brackets than the check of YAML nesting
    // passes unread, so its strict reader reads billes's own YAML
    // (billes_notation::yaml).
    let thrice = yaml.repeat(3);
    let brackets = thrice.bytes().filter(|b| matches!(b, b'[' | b'{')).count();
    assert!(brackets > billes_notation::yaml::MAX_NESTING, "{brackets}");
    write(d, "thrice.yaml", &thrice);
    let out = billes_in(
        d,
        &["convert", "--from", "yaml", "--to", "bgn", "thrice.yaml"],
    );
    assert_eq!(
        stdout(&out),
        [bgn.as_str(); 3].join("\n"),
        "{}",
        stderr(&out)
    );
    // Each game's analysis, in the archive's order.
    let analyze = [
        "analyze",
        "--rollouts",
        "2",
        "--candidates",
        "2",
        "--horizon",
        "1",
    ];
    let report = all(&analyze);
    let mut from = 0;
    for i in 0..games.len() {
        let at = report[from..]
            .find(&format!("all.bgn, game {} (", i + 1))
            .unwrap_or_else(|| panic!("game {} not analysed: {report}", i + 1));
        from += at + 1;
    }
    // Diff pairs the games by their tags, whatever their order in B, and
    // from standard input too.
    let mut reordered = games.clone();
    reordered.reverse();
    write(d, "reordered.bgn", reordered.join("\n"));
    let out = billes_in(d, &["diff", "all.bgn", "reordered.bgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let mut changed = games.clone();
    changed[5] = changed[5].replacen("[Seed \"0\"]", "[Seed \"9\"]", 1);
    let changed = changed.join("\n");
    let out = super::common::billes_stdin_in(d, &["diff", "all.bgn", "-"], &changed);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let report = stdout(&out);
    assert_eq!(report.matches("): the same").count(), 11, "{report}");
    assert!(
        report.contains("game 6 of A and game 6 of B (matched by tags): different"),
        "{report}"
    );
}

/// A tag longer than the limit of one game, closed on its line, is not a
/// tag left open: `validate` and `filter`, which read such a game as it
/// comes, say it is longer than the limit, naming it (and `--strict` says
/// the game is); the game after it is checked.
#[test]
fn a_closed_tag_longer_than_the_limit_is_said_to_be_too_long_not_unclosed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let long = "a".repeat(billes_notation::MAX_GAME_BYTES + 1024);
    let game =
        format!("[Game \"aggravation\"]\n[Event \"{long}\"]\n[Seats \"R B\"]\n\n1. R6 +\n*\n\n");
    write(d, "tag.bgn", format!("{game}{VALID}"));
    for verb in ["validate", "filter"] {
        let out = billes_in(d, &[verb, "tag.bgn"]);
        let all = format!("{}{}", stdout(&out), stderr(&out));
        assert_eq!(out.status.code(), Some(1), "{verb}: {all}");
        assert!(!all.contains("unclosed tag value"), "{verb}: {all}");
        assert!(
            all.contains(
                "the game's tags are longer than 16 MiB, the limit of the tags of one game"
            ),
            "{verb}: {all}"
        );
    }
    let out = billes_in(d, &["validate", "tag.bgn"]);
    assert!(
        stdout(&out).contains("2 games") && stdout(&out).contains("1 valid"),
        "{}",
        stdout(&out)
    );
    let out = billes_in(d, &["validate", "--strict", "tag.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("longer than 16 MiB, the limit of one game"),
        "{}",
        stdout(&out)
    );
    // A tag truly left open, its line ending, is still one in a game as long.
    let turns = "R2 -- B2 -- ".repeat(billes_notation::MAX_GAME_BYTES / 12 + 1024);
    write(
        d,
        "open.bgn",
        format!("[Game \"aggravation\"]\n[Event \"club\n[Seats \"R B\"]\n\n{turns}*\n"),
    );
    let out = billes_in(d, &["validate", "open.bgn"]);
    assert!(
        stdout(&out).contains("unclosed tag value"),
        "{}",
        stdout(&out)
    );
}
