//! The library's own tests of the validation pipeline and its report, the
//! semantic diff, annotate's comments and reading records. (The `billes`
//! binary's tests check the same through its output.)

#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use billes_archive::diff::{self, ChangeKind, MatchedBy, Status};
use billes_archive::input::{self, Input, ReadGameError};
use billes_archive::report::{self, Collector, Report};
use billes_archive::rules::{Place, RulePolicy};
use billes_archive::{annotate, validate, RuleSet};
use billes_core::ErrorKind;
use billes_notation::{parse_game, parse_games, write_game, Game};

const VALID: &str = "[Game \"aggravation\"]\n[Event \"Club\"]\n[Round \"1\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R1 r9-r10\n3. G3 --\n*\n";
const SAME_TURNS: &str = "[Game \"aggravation\"]\n[Event \"Club\"]\n[Round \"2\"]\n[Seats \"R G\"]\n\n1. R6 + {entered}\n2. R1 r9-r10 3. G3 -- *\n";
const INVALID: &str =
    "[Game \"aggravation\"]\n[Event \"Club\"]\n[Round \"2\"]\n[Seats \"R G\"]\n\n1. R3 r9-r12 *\n";

/// The archive of the tests: a folder with a valid game, a copy of its
/// turns, an invalid game, a syntax error, a binary file and a file that
/// is not UTF-8, and a path that does not exist.
fn archive(dir: &Path) -> Vec<PathBuf> {
    let sub = dir.join("club");
    std::fs::create_dir(&sub).unwrap();
    std::fs::write(sub.join("a.bgn"), format!("{VALID}\n{SAME_TURNS}")).unwrap();
    std::fs::write(sub.join("b.bgn"), format!("{INVALID}\n1. R6 ]]\n")).unwrap();
    std::fs::write(sub.join("c.bgn"), b"[Game \"offboard\"]\n\0\0").unwrap();
    std::fs::write(sub.join("d.bgn"), b"[Event \"caf\xe9\"]\n*\n").unwrap();
    std::fs::write(sub.join("notes.txt"), "not a record").unwrap();
    vec![sub, dir.join("missing.bgn")]
}

/// Validates `paths` on `jobs` threads: the report, whether an input could
/// not be read, and what the collector wrote as it went.
fn run(paths: &[PathBuf], jobs: usize, settings: report::Settings) -> (Report, bool, String) {
    let found = input::expand_in_order(paths);
    let workers = validate::Settings {
        diagnostics: settings.diagnostics,
        tags: settings.jsonl,
        duplicates: settings.duplicates,
        by_event: settings.by_event,
        ..validate::Settings::default()
    };
    let mut collector = Collector::new(settings);
    let mut out = Vec::new();
    validate::run(found, jobs, &workers, &mut |outcome| {
        collector.accept(outcome, &mut out)
    })
    .unwrap();
    let (report, io_failure) = collector.finish();
    (report, io_failure, String::from_utf8(out).unwrap())
}

fn json(report: &Report) -> String {
    let mut out = Vec::new();
    report.write_json(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn the_report_counts_every_kind_of_problem_and_names_each() {
    let dir = tempfile::tempdir().unwrap();
    let paths = archive(dir.path());
    let (report, io_failure, written) = run(&paths, 1, report::Settings::default());
    assert!(io_failure);
    assert!(written.is_empty());
    assert_eq!((report.files, report.games), (4, 5));
    assert_eq!((report.valid, report.invalid), (2, 3));
    let kinds: Vec<(&str, usize)> = report.kinds.iter().map(|(k, n)| (&**k, *n)).collect();
    assert_eq!(
        kinds,
        [
            ("encoding", 2),
            ("illegal_move", 1),
            ("io", 1),
            ("syntax", 1)
        ]
    );
    let errors: Vec<_> = report.errors.iter().map(Result::unwrap).collect();
    assert_eq!(errors.len(), report.errors.len());
    assert_eq!(errors[0].kind, "illegal_move");
    assert_eq!(
        (errors[0].game, errors[0].line, errors[0].turn),
        (Some(1), Some(6), Some(1))
    );
    assert_eq!(errors[1].kind, "syntax");
    assert!(errors[2].message.starts_with("binary file"));
    assert_eq!(errors[4].kind, "io");
    assert!(errors[4].file.ends_with("missing.bgn"));
}

#[test]
fn the_report_is_the_same_on_any_number_of_threads() {
    let dir = tempfile::tempdir().unwrap();
    let paths = archive(dir.path());
    let settings = report::Settings {
        duplicates: true,
        by_event: true,
        ..report::Settings::default()
    };
    let one = json(&run(&paths, 1, settings).0);
    for jobs in [2, 3, 8] {
        assert_eq!(json(&run(&paths, jobs, settings).0), one, "{jobs} threads");
    }
    let text = |jobs| {
        let settings = report::Settings {
            diagnostics: true,
            ..settings
        };
        let (report, _, mut written) = run(&paths, jobs, settings);
        let mut end = Vec::new();
        report.write_text(&mut end).unwrap();
        written.push_str(&String::from_utf8(end).unwrap());
        written
    };
    assert_eq!(text(4), text(1));
}

#[test]
fn duplicates_and_events_are_found() {
    let dir = tempfile::tempdir().unwrap();
    let paths = archive(dir.path());
    let settings = report::Settings {
        duplicates: true,
        by_event: true,
        ..report::Settings::default()
    };
    let (report, _, _) = run(&paths, 2, settings);
    let duplicates = report.duplicates.as_ref().unwrap();
    assert_eq!(duplicates.len(), 1);
    assert_eq!((duplicates[0].place.game, duplicates[0].first.game), (2, 1));
    let events: Vec<_> = report
        .events
        .as_ref()
        .unwrap()
        .iter()
        .map(|e| (e.event.as_deref(), e.round.as_deref(), e.valid, e.invalid))
        .collect();
    assert_eq!(
        events,
        [
            // The syntax error has no tags, the game not in UTF-8 none read.
            (None, None, 0, 2),
            (Some("Club"), Some("1"), 1, 0),
            (Some("Club"), Some("2"), 1, 1),
        ]
    );
}

#[test]
fn json_lines_give_a_line_per_game_and_problem_then_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let paths = archive(dir.path());
    let settings = report::Settings {
        jsonl: true,
        ..report::Settings::default()
    };
    let (report, _, mut written) = run(&paths, 2, settings);
    assert!(report.errors.is_empty());
    let mut end = Vec::new();
    report.write_jsonl_summary(&mut end).unwrap();
    written.push_str(&String::from_utf8(end).unwrap());
    let lines: Vec<serde_json::Value> = written
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let types: Vec<&str> = lines.iter().map(|l| l["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        ["game", "game", "game", "game", "file", "game", "file", "summary"]
    );
    assert_eq!(lines[0]["tags"]["Round"], "1");
    assert_eq!(lines[7]["games"], 5);
}

#[test]
fn a_forced_variant_replaces_the_records_rules() {
    let game = parse_game("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + *\n").unwrap();
    let five = RulePolicy::forced(billes_lua::VariantSource::shipped("five-marbles").unwrap());
    let standard = own_rules(&game);
    let forced = five
        .resolver()
        .rule_set(&Place::file("a.bgn"), &game)
        .unwrap();
    assert_ne!(
        standard.engine().start_board(&game).unwrap(),
        forced.engine().start_board(&game).unwrap()
    );
}

/// The rules of `game` read from `a.bgn`, under its own `Rules` tag.
fn own_rules(game: &Game) -> RuleSet {
    RulePolicy::from_tags()
        .resolver()
        .rule_set(&Place::file("a.bgn"), game)
        .unwrap()
}

fn games(text: &str) -> Vec<Game> {
    parse_games(text).into_iter().map(Result::unwrap).collect()
}

#[test]
fn the_diff_pairs_games_by_tags_then_by_order() {
    let other = VALID.replace("[Round \"1\"]", "[Round \"9\"]");
    let a = games(&format!("{VALID}\n{other}"));
    let b = games(&format!("{}\n{VALID}", other.replace("G3 --", "G4 --")));
    let report = diff::compare_files(("a", &a), ("b", &b), &diff::Options::default());
    assert!(!report.same);
    let g = &report.games;
    assert_eq!(
        (g[0].a_game, g[0].b_game, g[0].matched_by),
        (Some(1), Some(2), Some(MatchedBy::Tags))
    );
    assert_eq!(g[0].status, Status::Same);
    assert_eq!(g[1].status, Status::Different);
    let divergence = g[1].divergence.as_ref().unwrap();
    assert_eq!(
        (divergence.turn, divergence.a.as_deref()),
        (3, Some("3. G3 --"))
    );
    assert_eq!(g[1].changes.len(), 1);
    assert_eq!(g[1].changes[0].kind, ChangeKind::Changed);
}

#[test]
fn annotation_differences_are_apart_and_can_be_ignored() {
    let a = games(VALID);
    let b = games(&VALID.replace("2. R1 r9-r10", "2. R1 r9-r10 {good} !"));
    let report = diff::compare_files(("a", &a), ("b", &b), &diff::Options::default());
    assert_eq!(report.games[0].status, Status::Annotations);
    assert_eq!(report.games[0].annotations[0].b, "! {good}");
    let options = diff::Options {
        moves_only: true,
        ..diff::Options::default()
    };
    let report = diff::compare_files(("a", &a), ("b", &b), &options);
    assert!(report.same);
}

#[test]
fn annotating_twice_gives_what_annotating_once_gave_and_strip_undoes_it() {
    let mut game = parse_game(&VALID.replace("3. G3 --", "3. G3 -- {mine}")).unwrap();
    let plain = write_game(&game);
    annotate::annotate_game(&own_rules(&game), &mut game).unwrap();
    let once = write_game(&game);
    assert!(once.contains("2. R1 r9-r10 {@ moved 1 hole}"), "{once}");
    annotate::annotate_game(&own_rules(&game), &mut game).unwrap();
    assert_eq!(write_game(&game), once);
    annotate::strip(&mut game.line);
    assert_eq!(write_game(&game), plain);
}

#[test]
fn a_game_that_does_not_replay_is_not_annotated() {
    let mut game = parse_game(INVALID).unwrap();
    let err = annotate::annotate_game(&own_rules(&game), &mut game).unwrap_err();
    assert_eq!(err.turn, Some(1));
}

#[test]
fn read_game_names_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.bgn");
    std::fs::write(&path, format!("{VALID}\n1. R6 ]]\n")).unwrap();
    let input = Input::from_path(&path);
    let (name, source, game) = input::read_game(&input, 1).unwrap();
    assert_eq!(
        (name, source.index, game.line.turns.len()),
        (path.display().to_string(), 1, 3)
    );
    assert!(matches!(
        input::read_game(&input, 0),
        Err(ReadGameError::Zero)
    ));
    assert!(matches!(
        input::read_game(&input, 2),
        Err(ReadGameError::Syntax { .. })
    ));
    let err = input::read_game(&input, 3).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("{} has fewer than 3 games", path.display())
    );
    let missing = Input::from_path(&dir.path().join("none.bgn"));
    assert!(matches!(
        input::read_game(&missing, 1),
        Err(ReadGameError::Open { .. })
    ));
    assert_eq!(Input::from_path(Path::new("-")), Input::Stdin);
}

#[test]
fn a_rules_tag_resolves_a_file_relative_to_the_record() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("mine.lua"),
        "return { name = 'mine', game = 'aggravation', params = { entry_rolls = { 6 } } }",
    )
    .unwrap();
    let record = "[Game \"aggravation\"]\n[Rules \"mine.lua\"]\n[Seats \"R G\"]\n\n1. R1 + *\n";
    let game = parse_game(record).unwrap();
    let resolver = RulePolicy::from_tags().resolver();
    let beside = resolver
        .rule_set(&Place::dir(Some(dir.path())), &game)
        .unwrap();
    let e = beside.engine().validate(&game).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove, "{}", e.message);
    // From the current folder, where there is no such file.
    let e = resolver.rule_set(&Place::dir(None), &game).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Variant);
    assert!(
        e.message.contains("cannot read rules file"),
        "{}",
        e.message
    );
    let unknown = parse_game("[Game \"aggravation\"]\n[Rules \"six-marbles\"]\n\n*\n").unwrap();
    let e = resolver.rule_set(&Place::dir(None), &unknown).unwrap_err();
    assert!(
        e.message.contains("unknown rules \"six-marbles\""),
        "{}",
        e.message
    );
}

/// The code of the module files `names` (under `src/`, a folder standing
/// for every file in it), comments left out: `(file, line number, line)`.
fn code_lines(names: &[&str]) -> Vec<(PathBuf, usize, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for name in names {
        let path = src.join(name);
        if path.is_dir() {
            for entry in std::fs::read_dir(&path).unwrap() {
                files.push(entry.unwrap().path());
            }
        } else {
            files.push(path);
        }
    }
    let mut lines = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            lines.push((file.clone(), n + 1, code.to_string()));
        }
    }
    lines
}

#[test]
fn export_uses_the_validate_pipeline_and_not_the_other_way() {
    // What both need, the rows of a checked game, is in `rows`, which uses
    // neither.
    for (file, n, code) in code_lines(&["validate.rs", "validate", "rows.rs"]) {
        assert!(
            !code.contains("export::") && !code.contains("export}"),
            "{}:{n} uses export: {code}",
            file.display()
        );
    }
    for (file, n, code) in code_lines(&["rows.rs"]) {
        assert!(
            !code.contains("validate::"),
            "{}:{n} uses validate: {code}",
            file.display()
        );
    }
}

/// One slip in a turn's line (`12. R6 r9-r15*`, `3. B c3:c5>e*t4=3`):
/// `kind` picks which.
fn slip(line: &str, kind: usize) -> String {
    let mut parts = line.splitn(3, ' ');
    let (number, head, actions) = (
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
    );
    let (seat, roll) = head.split_at(head.len().min(1));
    match kind {
        // Another hole or cell.
        0 => {
            let at = actions.find(|c: char| c.is_ascii_digit());
            let other = |c: char| if c == '5' { "6" } else { "5" };
            let actions = match at {
                Some(at) => format!(
                    "{}{}{}",
                    &actions[..at],
                    other(actions[at..].chars().next().unwrap()),
                    &actions[at + 1..]
                ),
                None => actions.to_string(),
            };
            format!("{number} {head} {actions}")
        }
        // A capture mark added, or taken off.
        1 => match actions.split_once('*') {
            Some((mv, rest)) => {
                let rest = rest
                    .split_once(' ')
                    .map_or(String::new(), |(_, r)| format!(" {r}"));
                format!("{number} {head} {mv}{rest}")
            }
            None => match actions.split_once(' ') {
                Some((first, rest)) => format!("{number} {head} {first}* {rest}"),
                None => format!("{number} {head} {actions}*"),
            },
        },
        // Another seat.
        2 => {
            let other = match seat {
                "R" => "B",
                "B" => "R",
                "G" => "Y",
                _ => "G",
            };
            format!("{number} {other}{roll} {actions}")
        }
        // Another number.
        3 => {
            let n: u32 = number.trim_end_matches('.').parse().unwrap();
            format!("{}. {head} {actions}", n + 1)
        }
        // Another roll, or one in a game without dice.
        4 => match roll.parse::<u32>() {
            Ok(r) => format!("{number} {seat}{} {actions}", r % 6 + 1),
            Err(_) => format!("{number} {seat}3 {actions}"),
        },
        // Other points, or a barricade mark on a move.
        _ => match actions.split_once('=') {
            Some((mv, points)) => format!("{number} {head} {mv}={}", points.len() + 1),
            None => match actions.split_once(' ') {
                Some((first, rest)) => format!("{number} {head} {first}# {rest}"),
                None => format!("{number} {head} {actions}#"),
            },
        },
    }
}

/// The plainest turns of Aggravation, Barricade and Offboard are read as
/// briefs, a few words each, by the check of a game as it is read, and by
/// `billes export`'s, which makes the game's rows in the same reading; a
/// game kept without its rows is parsed whole, each turn into its tree:
/// the reference. Simulated games, most given one slip (a hole, a mark, a
/// seat, a turn number, a roll, the points or a barricade mark), and a
/// valid game again with a comment after each turn, so that its turns are
/// parsed: the report is the same, mistake for mistake, read either way,
/// and with `--duplicates` it names the same games twice (a brief is
/// fingerprinted as its turn is).
#[test]
fn games_read_as_briefs_report_what_turns_do() {
    for (game, players) in [
        (billes_core::offboard::KIND, 2),
        (billes_core::aggravation::KIND, 4),
        (billes_core::barricade::KIND, 4),
        (billes_core::barricade::KIND, 2),
    ] {
        let options = billes_core::SimOptions {
            players,
            teams: None,
            max_turns: 150,
        };
        let mut rng = billes_core::Rng::new(11);
        let simulated: Vec<String> = (0..60)
            .map(|_| write_game(&billes_core::simulate(game, &options, &mut rng).unwrap()))
            .collect();
        let simulated = simulated.join("\n");
        let lines: Vec<&str> = simulated.lines().collect();
        // The lines of each game's turns.
        let mut games: Vec<Vec<usize>> = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            if line.starts_with("[Game ") {
                games.push(Vec::new());
            } else if line.starts_with(|c: char| c.is_ascii_digit()) {
                games.last_mut().unwrap().push(i);
            }
        }
        // One slip in six games of seven, at a turn and of a kind the
        // game's place picks.
        let slips: BTreeMap<usize, usize> = games
            .iter()
            .enumerate()
            .filter(|(k, turns)| !turns.is_empty() && k % 7 != 6)
            .map(|(k, turns)| (turns[(k * 13) % turns.len()], k % 6))
            .collect();
        let mut archive: String = lines
            .iter()
            .enumerate()
            .map(|(i, line)| match slips.get(&i) {
                Some(&kind) => slip(line, kind) + "\n",
                None => format!("{line}\n"),
            })
            .collect();
        // The seventh game, without a slip, again: a comment after each
        // turn.
        let again = simulated.split("\n\n[Game ").nth(6).unwrap();
        archive.push_str("\n[Game ");
        for line in again.lines() {
            match line.starts_with(|c: char| c.is_ascii_digit()) {
                true => archive.push_str(&format!("{line} {{again}}\n")),
                false => archive.push_str(&format!("{line}\n")),
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("slips.bgn");
        std::fs::write(&path, &archive).unwrap();
        // As `billes validate` checks a game (as it is read), as it is
        // checked kept whole, and as `billes export` checks it (kept, its
        // rows made: as it is read too, its rows from its briefs).
        let report = |(keep, turn_rows): (bool, bool), duplicates: bool| {
            let workers = validate::Settings {
                duplicates,
                keep,
                turn_rows,
                ..validate::Settings::default()
            };
            let mut collector = Collector::new(report::Settings {
                duplicates,
                ..report::Settings::default()
            });
            let found = input::expand_in_order(std::slice::from_ref(&path));
            validate::run(found, 1, &workers, &mut |outcome| {
                collector.accept(outcome, &mut std::io::sink())
            })
            .unwrap();
            let json: serde_json::Value =
                serde_json::from_str(&json(&collector.finish().0)).unwrap();
            json
        };
        for duplicates in [false, true] {
            let whole = report((true, false), duplicates);
            for read in [(false, false), (true, true)] {
                assert_eq!(
                    report(read, duplicates),
                    whole,
                    "{}, {players} players, duplicates: {duplicates}, read as {read:?}",
                    game.name()
                );
            }
        }
        let briefs = report((false, false), true);
        let (valid, invalid) = (&briefs["valid"], &briefs["invalid"]);
        assert!(
            valid.as_u64().unwrap() >= 5 && invalid.as_u64().unwrap() >= 20,
            "{}: {valid} valid, {invalid} invalid",
            game.name()
        );
        let kinds = &briefs["kinds"];
        for kind in ["turn_number", "seat", "effect"] {
            assert!(
                kinds[kind].as_u64() > Some(0),
                "{}: no {kind} in {kinds}",
                game.name()
            );
        }
        let twice = briefs["duplicates"].to_string();
        assert!(
            twice.contains("\"game\":7") && twice.contains("\"game\":61"),
            "{twice}"
        );
    }
}
