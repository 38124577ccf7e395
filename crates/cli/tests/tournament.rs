//! `billes standings`, `draw`, `live` and `ratings`: what an organiser
//! sees, and what they do with records and files from strangers.

use super::common::{billes, billes_in, stderr, stdout, write};

/// A short Aggravation game of round `round`, not finished (R ahead), its
/// seats named `red` and `blue`.
fn won(red: &str, blue: &str, round: u32) -> String {
    format!(
        "[Event \"Club\"]\n[Round \"{round}\"]\n[Game \"aggravation\"]\n[Seats \"R B\"]\n\
         [Red \"{red}\"]\n[Blue \"{blue}\"]\n\n1. R6 +\n2. R1 r9-r10\n3. B4 --\n*\n"
    )
}

#[test]
fn standings_of_the_example_event() {
    let out = billes(&["standings", "examples/tournament/"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(&out));
    assert!(
        text.starts_with("Club night — 3 rounds, 6 games (2 adjudicated)"),
        "{text}"
    );
    assert!(text.contains("note: round 3, table 1: adjudicated by progress (Termination: time)"));
    let csv = stdout(&billes(&[
        "standings",
        "examples/tournament/",
        "--format",
        "csv",
    ]));
    assert!(csv.starts_with(
        "event,rank,player,games,places,points,wins,head_to_head,opponents,progress,adjudicated\n"
    ));
    assert_eq!(csv.lines().count(), 9);
    let json: serde_json::Value = serde_json::from_str(&stdout(&billes(&[
        "standings",
        "examples/tournament/",
        "--format",
        "json",
    ])))
    .unwrap();
    // Every table hands out 5+3+1+0 points.
    let total: f64 = json[0]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["points"].as_f64().unwrap())
        .sum();
    assert_eq!(total, 6.0 * 9.0);
}

#[test]
fn invalid_and_unnamed_games_are_left_out_or_counted_as_asked() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", won("Ann", "Bob", 1));
    // An illegal turn 3, and a seat without its name.
    let bad = won("Cat", "Dan", 1).replace("3. B4 --", "3. B4 r10-r14");
    write(dir.path(), "b.bgn", bad);
    write(
        dir.path(),
        "c.bgn",
        won("Eve", "Fay", 2).replace("[Blue \"Fay\"]\n", ""),
    );
    let out = billes_in(dir.path(), &["standings", "."]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("left out (2)"), "{text}");
    assert!(text.contains("b.bgn game 1: invalid: line 10: "), "{text}");
    assert!(
        text.contains("c.bgn game 1: seat B has no Blue tag naming its player"),
        "{text}"
    );
    let out = billes_in(dir.path(), &["standings", ".", "--invalid", "count"]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("counted though invalid (line 10: "), "{text}");
    assert!(text.contains("Cat"), "{text}");
}

#[test]
fn names_from_strangers_are_shown_safely() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "a.bgn",
        won("Ann\u{1b}]0;pwned\u{7}", "=cmd|' /C calc'!A0", 1),
    );
    write(
        dir.path(),
        "b.bgn",
        won("<script>alert(1)</script>", "Bob", 2),
    );
    let out = billes_in(dir.path(), &["standings", "."]);
    let text = stdout(&out);
    assert!(!text.contains('\u{1b}'), "{text}");
    assert!(text.contains("Ann␛]0;pwned␇"), "{text}");
    let csv = stdout(&billes_in(
        dir.path(),
        &["standings", ".", "--format", "csv"],
    ));
    assert!(csv.contains(",'=cmd|' /C calc'!A0,"), "{csv}");
    let out = billes_in(dir.path(), &["standings", ".", "--html", "s.html"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let html = std::fs::read_to_string(dir.path().join("s.html")).unwrap();
    assert!(!html.contains("<script>"), "the page carries no script");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(dir.path().join("s-games/event-1-round-1.html").is_file());
    assert!(
        html.contains("href=\"s-games/event-1-round-1.html#g1-t3\""),
        "{html}"
    );
}

#[test]
fn bad_options_and_missing_paths_follow_the_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", won("Ann", "Bob", 1));
    for (args, code, says) in [
        (&["standings", "missing/"][..], 2, "missing"),
        (
            &["standings", "a.bgn", "--points", "4:5,3,1"],
            2,
            "4 seats need 4 values, not 3",
        ),
        (
            &["standings", "a.bgn", "--tie-breaks", "points,luck"],
            2,
            "unknown tie-break \"luck\"",
        ),
        (&["ratings", "missing.bgn"], 2, "missing.bgn"),
        (
            &[
                "draw",
                "nobody.txt",
                "--game",
                "aggravation",
                "--round",
                "1",
            ],
            2,
            "nobody.txt",
        ),
        (
            &["draw", "a.bgn", "--game", "chess", "--round", "1"],
            2,
            "unknown game \"chess\"",
        ),
    ] {
        let out = billes_in(dir.path(), args);
        let all = stdout(&out) + &stderr(&out);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {all}");
        assert!(all.contains(says), "{args:?}: {all}");
    }
}

#[test]
fn a_tournament_rules_file_counts_progress_within_the_sandbox() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", won("Ann", "Bob", 1));
    write(
        dir.path(),
        "double.lua",
        "return { progress = function(s) return 2 * s.progress end }",
    );
    write(
        dir.path(),
        "loop.lua",
        "return { progress = function(s) while true do end end }",
    );
    write(
        dir.path(),
        "text.lua",
        "return { progress = function(s) return 'far' end }",
    );
    write(
        dir.path(),
        "broken.lua",
        "return { progress = function(s) return ( end }",
    );
    let own = stdout(&billes_in(
        dir.path(),
        &["standings", "a.bgn", "--format", "json"],
    ));
    let doubled = stdout(&billes_in(
        dir.path(),
        &[
            "standings",
            "a.bgn",
            "--format",
            "json",
            "--tournament-rules",
            "double.lua",
        ],
    ));
    let progress = |json: &str| -> Vec<u64> {
        let v: serde_json::Value = serde_json::from_str(json).unwrap();
        v[0]["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["progress"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(
        progress(&doubled),
        progress(&own).iter().map(|p| 2 * p).collect::<Vec<_>>()
    );
    for (file, says) in [
        ("loop.lua", "loop.lua"),
        ("text.lua", "progress of R returned a string"),
        ("broken.lua", "broken.lua:1:"),
    ] {
        let out = billes_in(
            dir.path(),
            &["standings", "a.bgn", "--tournament-rules", file],
        );
        let all = stdout(&out) + &stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{file}: {all}");
        assert!(all.contains(says), "{file}: {all}");
    }
}

#[test]
fn a_draw_is_the_same_every_time_and_never_replaces_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let names: String = (1..=10).map(|i| format!("Player {i}\n")).collect();
    write(
        dir.path(),
        "players.txt",
        format!("# ten players\n\n{names}"),
    );
    let args = [
        "draw",
        "players.txt",
        "--game",
        "aggravation",
        "--round",
        "1",
        "--seed",
        "3",
    ];
    let first = billes_in(dir.path(), &args);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    assert_eq!(stdout(&first), stdout(&billes_in(dir.path(), &args)));
    // Ten players at tables of four: 4, 3 and 3 seats.
    let text = stdout(&first);
    let seats: Vec<&str> = text.lines().filter(|l| l.starts_with("[Seats")).collect();
    assert_eq!(
        seats,
        [
            "[Seats \"R B G Y\"]",
            "[Seats \"R P Y\"]",
            "[Seats \"R P Y\"]"
        ],
        "{text}"
    );
    // The headers are records billes reads: valid, and played by simulate.
    write(dir.path(), "heads.bgn", &text);
    let out = billes_in(
        dir.path(),
        &[
            "simulate",
            "--headers",
            "heads.bgn",
            "--seed",
            "1",
            "-o",
            "played.bgn",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = billes_in(dir.path(), &["standings", "played.bgn"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(
        stdout(&out).contains("1 round, 3 games"),
        "{}",
        stdout(&out)
    );
    // --out writes one file a table, and never over a file or a planted link.
    let out_args = [&args[..], &["--out", "r1"]].concat();
    let out = billes_in(dir.path(), &out_args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let table = dir.path().join("r1/round-1-table-2.bgn");
    assert!(std::fs::read_to_string(&table)
        .unwrap()
        .contains("[Table \"2\"]"));
    std::fs::remove_file(&table).unwrap();
    let precious = write(dir.path(), "precious.txt", "mine");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&precious, &table).unwrap();
    #[cfg(not(unix))]
    std::fs::write(&table, "mine").unwrap();
    let out = billes_in(dir.path(), &out_args);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("is already there: a draw never replaces a file"));
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "mine");
}

#[test]
fn a_players_file_from_a_stranger_is_read_safely() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "nul.txt", "Ann\nB\0b\n");
    write(dir.path(), "esc.txt", "Ann\nBob\u{1b}[2J\n");
    write(dir.path(), "dup.txt", "Ann\nBob\nAnn\n");
    for (file, says) in [
        ("nul.txt", "NUL"),
        (
            "esc.txt",
            "esc.txt:2: a name holds a control character: Bob␛[2J",
        ),
        ("dup.txt", "Ann"),
    ] {
        let out = billes_in(
            dir.path(),
            &["draw", file, "--game", "aggravation", "--round", "1"],
        );
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{file}: {err}");
        assert!(err.contains(says), "{file}: {err}");
        assert!(!err.contains('\u{1b}'), "{file}: {err}");
    }
}

#[test]
fn ratings_rise_for_the_winner_and_repeat_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for round in 1..=6 {
        text += &won("Ann", if round % 2 == 0 { "Bob" } else { "Cat" }, round);
        text.push('\n');
    }
    write(dir.path(), "a.bgn", &text);
    let out = billes_in(dir.path(), &["ratings", "a.bgn", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v[0]["player"], "Ann");
    assert!(v[0]["rating"].as_f64().unwrap() > 25.0);
    assert!(v[1]["rating"].as_f64().unwrap() < 25.0);
    assert_eq!(
        stdout(&out),
        stdout(&billes_in(
            dir.path(),
            &["ratings", "a.bgn", "--format", "json"]
        ))
    );
}

#[test]
fn the_live_page_stops_reloading_once_every_table_is_done() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", won("Ann", "Bob", 1));
    let out = billes_in(dir.path(), &["live", "a.bgn", "--html", "room.html"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let page = std::fs::read_to_string(dir.path().join("room.html")).unwrap();
    assert!(
        page.contains("http-equiv=\"refresh\""),
        "a table plays: the page reloads"
    );
    assert!(page.contains("<svg"));
    // Stopped at the signal: the round is over, and --watch returns.
    write(
        dir.path(),
        "a.bgn",
        won("Ann", "Bob", 1).replace("[Game", "[Termination \"time\"]\n[Game"),
    );
    let out = billes_in(
        dir.path(),
        &["live", "a.bgn", "--html", "room.html", "--watch"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let page = std::fs::read_to_string(dir.path().join("room.html")).unwrap();
    assert!(!page.contains("http-equiv=\"refresh\""));
    assert!(page.contains("every table has finished"));
}

#[test]
fn partners_are_ranked_as_teams_as_the_game_groups_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = billes_in(
        dir.path(),
        &[
            "simulate",
            "--game",
            "aggravation",
            "--teams",
            "R+G,B+Y",
            "--seed",
            "1",
            "-o",
            "raw.bgn",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let raw = std::fs::read_to_string(dir.path().join("raw.bgn")).unwrap();
    let named = raw.replace(
        "[Teams",
        "[Red \"Ann\"]\n[Blue \"Bob\"]\n[Green \"Cat\"]\n[Yellow \"Dan\"]\n[Teams",
    );
    write(dir.path(), "team.bgn", named);
    let out = billes_in(dir.path(), &["standings", "team.bgn", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let teams: Vec<(Vec<String>, u64)> = v[0]["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let members = t["members"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_string())
                .collect();
            (members, t["rank"].as_u64().unwrap())
        })
        .collect();
    // R+G won the simulated game (its Result tag): Ann and Cat first.
    assert_eq!(
        teams,
        [
            (vec!["Ann".to_string(), "Cat".to_string()], 1),
            (vec!["Bob".to_string(), "Dan".to_string()], 2)
        ]
    );
    // The drawn seats of a record with only a Teams tag are read as the game reads them.
    write(dir.path(), "p.txt", "Ann\nBob\n");
    let out = billes_in(
        dir.path(),
        &[
            "draw",
            "p.txt",
            "team.bgn",
            "--game",
            "aggravation",
            "--tables-of",
            "2",
            "--round",
            "2",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("over 1 earlier games"),
        "{}",
        stderr(&out)
    );
}

#[cfg(unix)]
#[test]
fn a_link_planted_among_the_viewer_pages_is_replaced_never_written_through() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", won("Ann", "Bob", 1));
    let precious = write(dir.path(), "precious.txt", "mine");
    std::fs::create_dir(dir.path().join("s-games")).unwrap();
    let page = dir.path().join("s-games/event-1-round-1.html");
    std::os::unix::fs::symlink(&precious, &page).unwrap();
    let out = billes_in(dir.path(), &["standings", "a.bgn", "--html", "s.html"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "mine");
    let meta = std::fs::symlink_metadata(&page).unwrap();
    assert!(meta.is_file(), "the link is replaced by the page");
    // A pages folder that is a link is refused, and nothing is written.
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    std::os::unix::fs::symlink(&elsewhere, dir.path().join("t-games")).unwrap();
    let out = billes_in(dir.path(), &["standings", "a.bgn", "--html", "t.html"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("is a symbolic link"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_dir(&elsewhere).unwrap().count(), 0);
}

#[cfg(target_os = "linux")]
#[test]
fn output_cut_short_or_a_full_disk_never_exits_0() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for round in 1..=200 {
        text += &won(&format!("Player {round}"), &format!("Rival {round}"), round);
        text.push('\n');
    }
    write(dir.path(), "many.bgn", &text);
    let names: String = (1..=400).map(|i| format!("Player {i}\n")).collect();
    write(dir.path(), "players.txt", names);
    let draw = [
        "draw",
        "players.txt",
        "--game",
        "aggravation",
        "--round",
        "1",
    ];
    for args in [
        &["standings", "many.bgn"][..],
        &["standings", "many.bgn", "--format", "json"],
        &["ratings", "many.bgn"],
        &draw,
    ] {
        let out = super::common::stdout_closed(args, dir.path());
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let full = std::process::Command::new(env!("CARGO_BIN_EXE_billes"))
            .args(args)
            .current_dir(dir.path())
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .stderr(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            )
            .status()
            .unwrap();
        assert_eq!(full.code(), Some(2), "{args:?}");
    }
    let out = billes_in(dir.path(), &["standings", "many.bgn", "-o", "/dev/full"]);
    assert_eq!(out.status.code(), Some(2));
}
