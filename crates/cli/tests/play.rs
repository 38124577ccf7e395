//! `billes play`: whole sessions driven by a transcript on standard input,
//! each shown as it would read at a terminal (`--prompt`), with the record
//! written.

#![allow(clippy::unwrap_used)]

use std::path::Path;
use std::process::{Command, Stdio};

use crate::common::{billes_in, root, stderr, stdout, write};

/// Runs `billes play FILE ARGS --prompt < transcript` in `dir`, standard
/// error merged into standard output: the session as a person sees it.
fn session(dir: &Path, args: &[&str], transcript: &str) -> (String, i32) {
    let mut command = format!("'{}' play", env!("CARGO_BIN_EXE_billes"));
    for a in args {
        command.push_str(&format!(" '{a}'"));
    }
    command.push_str(" --prompt < transcript.txt 2>&1");
    write(dir, "transcript.txt", transcript);
    let out = Command::new("sh")
        .arg("-c")
        .arg(&command)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (stdout(&out), out.status.code().unwrap_or(-1))
}

/// The snapshot of a session: the command, what was shown, the exit code
/// and the record written.
fn shown(dir: &Path, file: &str, args: &[&str], transcript: &str) -> String {
    let mut all = vec![file];
    all.extend_from_slice(args);
    let (out, code) = session(dir, &all, transcript);
    let record = std::fs::read_to_string(dir.join(file)).unwrap_or_default();
    format!(
        "$ billes play {} < transcript\n{out}--- exit {code}\n--- {file}\n{record}",
        all.join(" ")
    )
}

/// The first `turns` turns of an example, unfinished (`*`, no Result
/// tag): a game interrupted there.
fn cut(example: &str, turns: usize) -> String {
    let text = std::fs::read_to_string(root().join(example)).unwrap();
    let mut game = billes_notation::parse_game(&text).unwrap();
    game.line.turns.truncate(turns);
    game.outcome = Default::default();
    game.tags.retain(|t| t.name != "Result");
    billes_notation::write_game(&game)
}

/// Turns `from..to` (1-based, `to` excluded) of an example as typed: the
/// canonical turn lines without their numbers or comments.
fn typed(example: &str, from: usize, to: usize) -> String {
    let text = std::fs::read_to_string(root().join(example)).unwrap();
    let game = billes_notation::parse_game(&text).unwrap();
    let mut out = String::new();
    for turn in &game.line.turns[from - 1..to - 1] {
        let actions: Vec<String> = turn.actions.iter().map(ToString::to_string).collect();
        out.push_str(&format!("{} {}\n", turn.head, actions.join(" ")));
    }
    out
}

fn valid_and_canonical(dir: &Path, file: &str) {
    let v = billes_in(dir, &["validate", file]);
    assert!(v.status.success(), "{}{}", stdout(&v), stderr(&v));
    let f = billes_in(dir, &["fmt", "--check", file]);
    assert!(f.status.success(), "{}{}", stdout(&f), stderr(&f));
}

#[test]
fn a_normal_game_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let transcript = "\
2 r3-r5
4

R1
1
:moves 2
1
:undo
2
2
:comment into the centre
:nag !?
2 r6-rh1
:undo
R2 r6-rh1
";
    let text = shown(
        dir.path(),
        "end.bgn",
        &[
            "--game-kind",
            "aggravation",
            "--seats",
            "R G",
            "--position",
            "R:r3,rh2,rh3,rh4 G:g9 move=R",
            "--tag",
            "Event=Club night",
        ],
        transcript,
    );
    assert_snapshot!("a_normal_game_to_its_end", text);
    valid_and_canonical(dir.path(), "end.bgn");
}

#[test]
fn a_mistake_on_every_kind_of_line_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let start = cut("examples/aggravation/four-players.bgn", 6);
    write(dir.path(), "four.bgn", &start);
    let before = std::fs::read(dir.path().join("four.bgn")).unwrap();
    // Each line is refused: the wrong seat, a roll no die shows, a turn
    // numbered wrongly, a mark that the move does not make, a move not
    // legal, a turn numbered wrongly, an unknown command, a NAG with no meaning, a tag billes
    // writes itself, a number with no list, and a line of controls.
    let transcript = "\
Y4 y9-y13
7 --
9. B3 b9-b12
B1 c-r0*
B3 b10-b13
12. B3 --
:frobnicate
:nag maybe
:tag Result R
:moves 9
B3 \u{1b}[2J
";
    let text = shown(dir.path(), "four.bgn", &[], transcript);
    assert_snapshot!("a_mistake_on_every_kind_of_line", text);
    assert_eq!(std::fs::read(dir.path().join("four.bgn")).unwrap(), before);
}

#[test]
fn undo_takes_back_turns_tags_and_comments() {
    let dir = tempfile::tempdir().unwrap();
    let transcript = "\
R6 +
:tag Round 3
:comment a six
R2 r9-r11
:undo
:undo
:undo
:undo
:undo
";
    let text = shown(
        dir.path(),
        "undo.bgn",
        &["--game-kind", "aggravation", "--seats", "R G"],
        transcript,
    );
    assert_snapshot!("undo", text);
    valid_and_canonical(dir.path(), "undo.bgn");
}

#[test]
fn an_interrupted_session_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let example = "examples/barricade/two-players.bgn";
    write(dir.path(), "bar.bgn", cut(example, 0));
    // The first session stops (end of its input) after three turns...
    let first = typed(example, 1, 4);
    let (_, code) = session(dir.path(), &["bar.bgn"], &first);
    assert_eq!(code, 0);
    // ... and the next one goes on where it stopped.
    let text = shown(dir.path(), "bar.bgn", &[], &typed(example, 4, 8));
    assert_snapshot!("resumed", text);
    let record = std::fs::read_to_string(dir.path().join("bar.bgn")).unwrap();
    let expected: String = cut(example, 7)
        .lines()
        .filter(|l| !l.starts_with('{'))
        .map(|l| format!("{}\n", l.split(" {").next().unwrap()))
        .collect();
    assert_eq!(record, expected);
}

/// After a resume, `:undo` takes back the record's turns, written before
/// the session, with their NAGs and comments, to the start of the game;
/// the game's opening comment stays. There any seat may start: the seat
/// is asked for.
#[test]
fn undo_after_a_resume_takes_back_the_records_turns() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "four.bgn",
        cut("examples/aggravation/four-players.bgn", 6),
    );
    let transcript = "\
:undo
:undo
R4 r9-r13
:undo
:undo
:undo
:undo
:undo
:undo
6 +
B1 +
";
    let text = shown(dir.path(), "four.bgn", &[], transcript);
    assert_snapshot!("undo_after_resume", text);
    valid_and_canonical(dir.path(), "four.bgn");
}

#[test]
fn a_pending_barricade_and_a_six_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let example = "examples/barricade/two-players.bgn";
    write(dir.path(), "bar.bgn", cut(example, 1));
    // Turn 2 takes the barricade of i3 (its mark written by billes); turn
    // 4 must put it down: typed without the point, or on a point of the
    // first row, it is refused.
    let transcript = "\
B3 j1-i3
R3 h-a1
6 i3-e5
6 i3-e5 #a1
:moves 6
1
79
:undo
B6 i3-e5 #a2
";
    let text = shown(dir.path(), "bar.bgn", &[], transcript);
    assert_snapshot!("pending_barricade", text);
    valid_and_canonical(dir.path(), "bar.bgn");
}

/// At a numbered list, a point or a move is picked by its name (`o4`,
/// `#o4`, `i3-e5`) or the start of one no other entry has; a start several
/// have is refused with them, a point the list lacks with the reason.
#[test]
fn a_barricade_put_down_by_the_points_name() {
    let dir = tempfile::tempdir().unwrap();
    let example = "examples/barricade/two-players.bgn";
    write(dir.path(), "bar.bgn", cut(example, 1));
    let transcript = "\
B3 j1-i3
R3 h-a1
6
1
o
a1
o4
:undo
6
i3-e
i3-e5
#o4
";
    let text = shown(dir.path(), "bar.bgn", &[], transcript);
    assert_snapshot!("points_by_name", text);
    valid_and_canonical(dir.path(), "bar.bgn");
}

#[test]
fn a_six_replay_declined() {
    let dir = tempfile::tempdir().unwrap();
    let example = "examples/barricade/two-players.bgn";
    write(dir.path(), "bar.bgn", cut(example, 7));
    let text = shown(dir.path(), "bar.bgn", &[], &typed(example, 8, 10));
    assert_snapshot!("six_replay", text);
    valid_and_canonical(dir.path(), "bar.bgn");
}

#[test]
fn a_team_roll() {
    let dir = tempfile::tempdir().unwrap();
    let example = "examples/aggravation/team-play.bgn";
    write(dir.path(), "team.bgn", cut(example, 342));
    // Blue is home and rolls for a teammate: the list names whose marble
    // each move is.
    let mut transcript = String::from("3\n2\n");
    transcript.push_str(&typed(example, 344, 350));
    let text = shown(dir.path(), "team.bgn", &[], &transcript);
    assert_snapshot!("team_roll", text);
    valid_and_canonical(dir.path(), "team.bgn");
}

#[test]
fn an_offboard_ejection() {
    let dir = tempfile::tempdir().unwrap();
    let example = "examples/offboard/club-final.bgn";
    write(dir.path(), "off.bgn", cut(example, 30));
    let transcript = format!(":moves\n{}", typed(example, 31, 34));
    let text = shown(dir.path(), "off.bgn", &[], &transcript);
    assert_snapshot!("offboard_ejection", text);
    valid_and_canonical(dir.path(), "off.bgn");
}

#[test]
fn a_house_rule_that_adds_a_move() {
    let dir = tempfile::tempdir().unwrap();
    // The variant's jump (i9-e11) is in the list, and typed as in a record.
    let transcript = "6\n8\n:undo\nR6 i9-e11\n";
    let text = shown(
        dir.path(),
        "jump.bgn",
        &[
            "--game-kind",
            "barricade",
            "--rules",
            "jump-barricade",
            "--seats",
            "R G",
            "--position",
            "R:i9 G:o1 bar=i10 move=R",
        ],
        transcript,
    );
    assert_snapshot!("house_rule_move", text);
    valid_and_canonical(dir.path(), "jump.bgn");
}

#[test]
fn an_invalid_record_is_refused_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let bad = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R3 r9-r12\n*\n";
    write(dir.path(), "bad.bgn", bad);
    let out = billes_in(dir.path(), &["play", "bad.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("R has no marble on r9"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("not resumed"), "{}", stderr(&out));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("bad.bgn")).unwrap(),
        bad
    );
}

#[test]
fn hostile_files_are_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("folder.bgn")).unwrap();
    let out = billes_in(dir.path(), &["play", "folder.bgn"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is a folder"), "{}", stderr(&out));
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("nowhere.bgn", dir.path().join("dangling.bgn")).unwrap();
        let out = billes_in(dir.path(), &["play", "dangling.bgn"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).contains("symbolic link to nothing"),
            "{}",
            stderr(&out)
        );
        // A link to a record is followed: the record is written, the link
        // stays.
        write(dir.path(), "real.bgn", crate::common::VALID);
        std::os::unix::fs::symlink("real.bgn", dir.path().join("link.bgn")).unwrap();
        let (_, code) = session(dir.path(), &["link.bgn"], "R2 r10-r12\n");
        assert_eq!(code, 0);
        assert!(std::fs::read_to_string(dir.path().join("real.bgn"))
            .unwrap()
            .contains("4. R2 r10-r12"));
        assert!(std::fs::symlink_metadata(dir.path().join("link.bgn"))
            .unwrap()
            .file_type()
            .is_symlink());
    }
    // Binary input and an over-long line: refused, the record kept.
    write(dir.path(), "ok.bgn", crate::common::VALID);
    let mut junk = vec![0u8, 0xff, 0xfe, b'\n'];
    junk.extend(std::iter::repeat_n(b'x', 100_000));
    junk.push(b'\n');
    let out = crate::common::billes_stdin_in(dir.path(), &["play", "ok.bgn"], &junk);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("not UTF-8"), "{err}");
    assert!(err.contains("longer than 4096 bytes"), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("ok.bgn")).unwrap(),
        crate::common::VALID
    );
}

#[test]
fn a_second_session_on_the_same_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "g.bgn", crate::common::VALID);
    let mut first = Command::new(env!("CARGO_BIN_EXE_billes"))
        .args(["play", "g.bgn"])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    // The first run holds the lock once its lock file names it.
    let lock = dir.path().join(".g.bgn.billes-lock");
    for _ in 0..500 {
        if std::fs::read_to_string(&lock).is_ok_and(|t| !t.trim().is_empty()) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let second = billes_in(dir.path(), &["play", "g.bgn"]);
    assert_eq!(second.status.code(), Some(2));
    assert!(
        stderr(&second).contains("being recorded by another billes play"),
        "{}",
        stderr(&second)
    );
    drop(first.stdin.take());
    assert!(first.wait().unwrap().success());
    assert!(!lock.exists());
}

/// The full games of `examples/`-like length, recorded from transcripts
/// made of `billes simulate` records: the file validates, is canonical,
/// holds the simulated turns, and the same transcript gives the same bytes.
#[test]
fn full_games_recorded_from_transcripts() {
    let dir = tempfile::tempdir().unwrap();
    // Seeds whose games end within a few hundred turns.
    for (game, players, seed) in [
        ("aggravation", "4", "3"),
        ("barricade", "2", "1"),
        ("offboard", "2", "3"),
    ] {
        let sim = billes_in(
            dir.path(),
            &[
                "simulate",
                "--game",
                game,
                "--players",
                players,
                "--seed",
                seed,
            ],
        );
        assert!(sim.status.success(), "{}", stderr(&sim));
        let record = billes_notation::parse_game(&stdout(&sim)).unwrap();
        let seats = record.tag("Seats").unwrap();
        let transcript: String = record
            .line
            .turns
            .iter()
            .map(|t| {
                let actions: Vec<String> = t.actions.iter().map(ToString::to_string).collect();
                format!("{} {}\n", t.head, actions.join(" "))
            })
            .collect();
        let mut files = Vec::new();
        for copy in ["a", "b"] {
            let file = format!("{game}-{copy}.bgn");
            let mut args = vec!["play", &file, "--game-kind", game, "--seats", seats];
            args.extend(["--tag", "Event=billes simulate"]);
            let out = crate::common::billes_stdin_in(dir.path(), &args, &transcript);
            assert!(out.status.success(), "{game}: {}", stderr(&out));
            valid_and_canonical(dir.path(), &file);
            files.push(std::fs::read(dir.path().join(&file)).unwrap());
        }
        assert_eq!(
            files[0], files[1],
            "{game}: the same transcript, the same file"
        );
        let played = billes_notation::parse_game(std::str::from_utf8(&files[0]).unwrap()).unwrap();
        assert_eq!(played.line.turns.len(), record.line.turns.len(), "{game}");
        assert_eq!(played.outcome.winners, record.outcome.winners, "{game}");
        assert!(
            !played.outcome.winners.is_empty(),
            "{game}: played to its end"
        );
    }
}

/// `--html`: a page that reloads itself while the game goes on, rewritten
/// after every change.
#[test]
fn the_spectators_page_follows_the_game() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "g.bgn", crate::common::VALID);
    let page = || std::fs::read_to_string(dir.path().join("live.html")).unwrap();
    let (_, code) = session(dir.path(), &["g.bgn", "--html", "live.html"], "");
    assert_eq!(code, 0);
    let first = page();
    assert!(first.contains("\"live\":{\"reload\":2}"));
    let (_, code) = session(
        dir.path(),
        &["g.bgn", "--html", "live.html"],
        "R2 r10-r12\n",
    );
    assert_eq!(code, 0);
    let second = page();
    assert_ne!(first, second);
    assert!(second.contains("R2 r10-r12"), "the page holds the new turn");
    assert!(!dir.path().join(".live.html.billes-tmp").exists());
    // Once the game is won the page reloads no more; taken back, it does
    // again.
    let won = |transcript: &str| {
        let args = [
            "end.bgn",
            "--html",
            "end.html",
            "--game-kind",
            "aggravation",
            "--seats",
            "R G",
            "--position",
            "R:r3,rh2,rh3,rh4 G:g9 move=R",
        ];
        let (_, code) = session(dir.path(), &args, transcript);
        assert_eq!(code, 0);
        std::fs::read_to_string(dir.path().join("end.html")).unwrap()
    };
    assert!(won("5 r3-rh1\n").contains("\"live\":{\"reload\":null}"));
    std::fs::remove_file(dir.path().join("end.bgn")).unwrap();
    assert!(won("5 r3-rh1\n:undo\n").contains("\"live\":{\"reload\":2}"));
}

/// Runs `billes play FILE` in `dir` at a terminal (a pseudo-terminal that
/// echoes nothing, with `TERM=dumb`, so that rustyline reads plain lines)
/// fed `typed`: what it shows, carriage returns taken out.
#[cfg(unix)]
fn at_a_terminal(dir: &Path, file: &str, typed: &str) -> String {
    use nix::sys::termios::{tcgetattr, tcsetattr, LocalFlags, SetArg};
    use std::io::{Read, Write};
    let pty = nix::pty::openpty(None, None).unwrap();
    let mut modes = tcgetattr(&pty.slave).unwrap();
    modes.local_flags.remove(LocalFlags::ECHO);
    tcsetattr(&pty.slave, SetArg::TCSANOW, &modes).unwrap();
    let terminal = std::fs::File::from(pty.slave);
    let mut child = {
        // The command and its copies of the terminal are dropped once it
        // runs: the end of its output is then seen.
        let mut command = Command::new(env!("CARGO_BIN_EXE_billes"));
        command
            .args(["play", file])
            .current_dir(dir)
            .env("TERM", "dumb")
            .env("NO_COLOR", "1")
            .stdin(terminal.try_clone().unwrap())
            .stdout(terminal.try_clone().unwrap())
            .stderr(terminal);
        command.spawn().unwrap()
    };
    let mut master = std::fs::File::from(pty.master);
    let mut reader = master.try_clone().unwrap();
    let shown = std::thread::spawn(move || {
        let mut out = Vec::new();
        let mut buf = [0u8; 4096];
        // Linux tells the end of a pseudo-terminal's output as an error.
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            out.extend_from_slice(&buf[..n]);
        }
        out
    });
    master.write_all(typed.as_bytes()).unwrap();
    assert!(child.wait().unwrap().success());
    drop(master);
    let out = shown.join().unwrap();
    String::from_utf8_lossy(&out).replace('\r', "")
}

/// At a terminal, a refused line is shown as it was typed, with a caret
/// under what is wrong, and no position in a transcript; a line of control
/// characters is shown in pictures.
#[cfg(unix)]
#[test]
fn at_a_terminal_a_refused_line_is_shown_as_typed() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "g.bgn", crate::common::VALID);
    let shown = at_a_terminal(dir.path(), "g.bgn", "2 r10-r13\n2 \u{1b}[2J\n:quit\n");
    assert!(
        shown.contains(
            "4. R to roll> error[illegal_move]: a 2 takes R's marble on r10 to r12, not r13"
        ),
        "{shown}"
    );
    assert!(
        shown.contains(
            "\n  |\n  | 2 r10-r13\n  |   ^^^^^^^\n  |\n  = note: in game 1, turn 4, seat R\n"
        ),
        "{shown}"
    );
    assert!(
        shown.contains("\n  | 2 \u{241b}[2J\n  | ^^^^^^\n"),
        "{shown}"
    );
    assert!(
        !shown.contains("<stdin>") && !shown.contains("4. R2"),
        "{shown}"
    );
    assert!(
        !shown.contains('\u{1b}'),
        "no control reaches the terminal: {shown:?}"
    );
}

/// A symbolic link planted at the lock's name is not followed: the file it
/// leads to is left as it was, and no record is made.
#[cfg(unix)]
#[test]
fn a_planted_lock_link_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("d")).unwrap();
    write(dir.path(), "v.txt", "precious\n");
    std::os::unix::fs::symlink(
        dir.path().join("v.txt"),
        dir.path().join("d/.r.bgn.billes-lock"),
    )
    .unwrap();
    let out = crate::common::billes_stdin_in(
        dir.path(),
        &[
            "play",
            "d/r.bgn",
            "--game-kind",
            "aggravation",
            "--seats",
            "R B",
        ],
        "R6 +\n",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("d/.r.bgn.billes-lock is a symbolic link (not followed)"),
        "{}",
        stderr(&out)
    );
    assert_eq!(stdout(&out), "");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("v.txt")).unwrap(),
        "precious\n"
    );
    assert!(
        std::fs::symlink_metadata(dir.path().join("d/.r.bgn.billes-lock"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(!dir.path().join("d/r.bgn").exists());
}

/// A lock file that holds other text than a process id is someone's file:
/// refused and kept. One left by `kill -9` (a process id, unlocked) is
/// taken, and removed at the end.
#[test]
fn a_lock_file_not_ours_is_kept_and_a_stale_one_taken() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "g.bgn", crate::common::VALID);
    write(dir.path(), ".g.bgn.billes-lock", "my notes\n");
    let out = crate::common::billes_stdin_in(dir.path(), &["play", "g.bgn"], "R2 r10-r12\n");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("holds other text than a process id"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join(".g.bgn.billes-lock")).unwrap(),
        "my notes\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("g.bgn")).unwrap(),
        crate::common::VALID
    );
    write(dir.path(), ".g.bgn.billes-lock", "4242\n");
    let out = crate::common::billes_stdin_in(dir.path(), &["play", "g.bgn"], "R2 r10-r12\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!dir.path().join(".g.bgn.billes-lock").exists());
    assert!(std::fs::read_to_string(dir.path().join("g.bgn"))
        .unwrap()
        .contains("R2 r10-r12"));
}

/// `--html` naming the record, its lock or its temporary file (by its
/// path, a symbolic link or a hard link) is refused before anything is
/// written: the record stays as it was, and no page is made.
#[test]
fn a_page_over_the_record_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let new_game = ["--game-kind", "aggravation", "--seats", "R B"];
    // A new record named twice: nothing at all is made.
    let mut args = vec!["play", "r.bgn", "--html", "./r.bgn"];
    args.extend(new_game);
    let out = crate::common::billes_stdin_in(dir.path(), &args, "R6 +\n");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("--html ./r.bgn: that is the record r.bgn"),
        "{}",
        stderr(&out)
    );
    assert_eq!(stdout(&out), "");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    // An existing record, named by a hard link, a symbolic link, and the
    // names of its lock and temporary files.
    write(dir.path(), "g.bgn", crate::common::VALID);
    std::fs::hard_link(dir.path().join("g.bgn"), dir.path().join("hard.html")).unwrap();
    let mut pages = vec!["hard.html", ".g.bgn.billes-lock", ".g.bgn.billes-tmp"];
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("g.bgn", dir.path().join("link.html")).unwrap();
        std::os::unix::fs::symlink(".g.bgn.billes-lock", dir.path().join("lock.html")).unwrap();
        pages.extend(["link.html", "lock.html"]);
    }
    for page in pages {
        let out = crate::common::billes_stdin_in(
            dir.path(),
            &["play", "g.bgn", "--html", page],
            "R2 r10-r12\n",
        );
        assert_eq!(out.status.code(), Some(2), "{page}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("that is the record"),
            "{}",
            stderr(&out)
        );
        assert_eq!(
            std::fs::read_to_string(dir.path().join("g.bgn")).unwrap(),
            crate::common::VALID,
            "{page}"
        );
        assert!(!dir.path().join(".g.bgn.billes-lock").exists(), "{page}");
        assert!(!dir.path().join(".g.bgn.billes-tmp").exists(), "{page}");
    }
}

/// Runs `billes play ARGS` in `dir`, gives it `first` and waits until it
/// says the turn is played (so the record holding it is on disk), runs
/// `change`, then gives it `second`: its stdout, stderr and exit code.
fn changed_between_turns(
    dir: &Path,
    args: &[&str],
    first: &str,
    change: impl FnOnce(),
    second: &str,
) -> (String, String, i32) {
    use std::io::{BufRead, Read, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_billes"))
        .arg("play")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    writeln!(stdin, "{first}").unwrap();
    let mut said = String::new();
    stdout.read_line(&mut said).unwrap();
    change();
    // The run may have ended already: a closed pipe is no failure here.
    let _ = writeln!(stdin, "{second}");
    drop(stdin);
    stdout.read_to_string(&mut said).unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let code = child.wait().unwrap().code().unwrap_or(-1);
    (said, err, code)
}

/// A game appended to the record by another program between two turns is
/// not dropped: the file is left as that program left it, the session's
/// record is saved beside it, and the run stops with exit 2.
#[test]
fn a_record_changed_underneath_is_not_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("r.bgn");
    let other = "\n[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R1 --\n*\n";
    let (said, err, code) = changed_between_turns(
        dir.path(),
        &["r.bgn", "--game-kind", "aggravation", "--seats", "R B"],
        "R6 +",
        || {
            let mut f = std::fs::OpenOptions::new()
                .append(true)
                .open(&record)
                .unwrap();
            std::io::Write::write_all(&mut f, other.as_bytes()).unwrap();
        },
        "R2 r9-r11",
    );
    assert_eq!(code, 2, "{err}");
    assert_eq!(said, "1. R6 +\n", "the second turn is not said played");
    assert!(
        err.contains("r.bgn was changed by another program since this session last wrote it"),
        "{err}"
    );
    assert!(err.contains("saved in r.billes-rescue.bgn"), "{err}");
    let first = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n*\n";
    assert_eq!(
        std::fs::read_to_string(&record).unwrap(),
        format!("{first}{other}")
    );
    let rescued = std::fs::read_to_string(dir.path().join("r.billes-rescue.bgn")).unwrap();
    assert_eq!(
        rescued,
        "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R2 r9-r11\n*\n"
    );
    valid_and_canonical(dir.path(), "r.billes-rescue.bgn");
    assert!(!dir.path().join(".r.bgn.billes-lock").exists());
    assert!(!dir.path().join(".r.bgn.billes-tmp").exists());
}

/// A resumed record swapped for a symbolic link while the session runs:
/// the file the link leads to is not written, the link stays, and a second
/// rescue goes to the next free name (the first is kept).
#[cfg(unix)]
#[test]
fn a_record_swapped_for_a_link_is_not_written_through() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "g.bgn", crate::common::VALID);
    write(dir.path(), "g.billes-rescue.bgn", "an earlier rescue\n");
    write(dir.path(), "v.txt", "precious\n");
    let (said, err, code) = changed_between_turns(
        dir.path(),
        &["g.bgn"],
        ":comment a comment",
        || {
            std::fs::remove_file(dir.path().join("g.bgn")).unwrap();
            std::os::unix::fs::symlink("v.txt", dir.path().join("g.bgn")).unwrap();
        },
        "R2 r10-r12",
    );
    assert_eq!(code, 2, "{err}");
    assert_eq!(said, "comment written\n");
    assert!(
        err.contains("g.bgn was replaced by a symbolic link"),
        "{err}"
    );
    assert!(err.contains("saved in g.billes-rescue-2.bgn"), "{err}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("v.txt")).unwrap(),
        "precious\n"
    );
    assert!(std::fs::symlink_metadata(dir.path().join("g.bgn"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("g.billes-rescue.bgn")).unwrap(),
        "an earlier rescue\n"
    );
    let rescued = std::fs::read_to_string(dir.path().join("g.billes-rescue-2.bgn")).unwrap();
    assert!(
        rescued.contains("3. B4 -- {a comment}\n4. R2 r10-r12\n"),
        "{rescued}"
    );
}

/// A record that cannot be rewritten (read-only): the session goes on, and
/// what it recorded is saved beside the file at the end, the file kept.
#[cfg(unix)]
#[test]
fn changes_not_written_are_saved_at_the_end() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let record = write(dir.path(), "g.bgn", crate::common::VALID);
    std::fs::set_permissions(&record, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = crate::common::billes_stdin_in(dir.path(), &["play", "g.bgn"], "R2 r10-r12\n");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("g.bgn is read-only: not rewritten"), "{err}");
    assert!(
        err.contains("the last change could not be written to g.bgn"),
        "{err}"
    );
    assert!(err.contains("saved in g.billes-rescue.bgn"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&record).unwrap(),
        crate::common::VALID
    );
    let rescued = std::fs::read_to_string(dir.path().join("g.billes-rescue.bgn")).unwrap();
    assert!(
        rescued.ends_with("3. B4 --\n4. R2 r10-r12\n*\n"),
        "{rescued}"
    );
}
