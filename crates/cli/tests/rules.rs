//! `billes rules` and the `--rules` option, end to end, with snapshots of
//! the listings and of the errors a bad script gets.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Output;

use super::common::{billes, billes_in, root, stderr, stdout};

#[test]
fn rules_list() {
    let out = billes(&["rules", "list"]);
    assert_eq!(out.status.code(), Some(0));
    assert_snapshot!("rules_list", stdout(&out));
}

#[test]
fn rules_show_each_shipped_variant() {
    let mut all = String::new();
    for name in [
        "five-marbles",
        "partners-safe",
        "free-teammate",
        "no-shortcuts",
        "six-must-be-used",
        "scoring-targets",
        "malefiz",
        "abalone",
    ] {
        let out = billes(&["rules", "show", name]);
        assert_eq!(out.status.code(), Some(0), "{name}");
        all.push_str(&stdout(&out));
        all.push('\n');
    }
    assert_snapshot!("rules_show_each_shipped_variant", all);
}

#[test]
fn rules_check_example_scripts() {
    let out = billes(&[
        "rules",
        "check",
        "examples/aggravation/house-rules/safe-start.lua",
        "--games",
        "40",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_snapshot!("rules_check_example_scripts", stdout(&out));
    let out = billes(&["rules", "check", "abalone", "--games", "10"]);
    assert_eq!(out.status.code(), Some(0));
    assert_snapshot!("rules_check_abalone", stdout(&out));
    for (name, script) in [
        (
            "rules_check_safe_first_row",
            "examples/barricade/house-rules/safe-first-row.lua",
        ),
        (
            "rules_check_double_ejection",
            "examples/offboard/house-rules/double-ejection.lua",
        ),
    ] {
        let out = billes(&["rules", "check", script, "--games", "20"]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert_snapshot!(name, stdout(&out));
    }
}

fn script_check(body: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.lua"), body).unwrap();
    let out = billes_in(dir.path(), &["rules", "check", "bad.lua", "--games", "20"]);
    (out.status.code(), stdout(&out))
}

#[test]
fn rules_check_reports_script_errors_with_locations() {
    let cases = [
        ("syntax", "return {\n  name = 'bad'\n  game = 'aggravation',\n}\n"),
        ("runtime at load", "local t = nil\nreturn t.x\n"),
        ("endless loop at load", "while true do end\n"),
        (
            "runtime in a hook",
            "return { name = 'bad', game = 'aggravation', hooks = {\n  allow = function(move, pos)\n    return move.nothing.x\n  end,\n} }\n",
        ),
        (
            "endless hook",
            "return { name = 'bad', game = 'aggravation', hooks = {\n  allow = function(move, pos)\n    while true do end\n  end,\n} }\n",
        ),
        (
            "bad return value",
            "return { name = 'bad', game = 'aggravation', hooks = {\n  allow = function(move, pos) return 'yes' end,\n} }\n",
        ),
        ("unknown parameter", "return { name = 'bad', game = 'barricade', params = { pawn = 4 } }\n"),
        ("io", "io.write('x')\n"),
    ];
    let mut all = String::new();
    for (what, body) in cases {
        let (code, out) = script_check(body);
        assert_eq!(code, Some(1), "{what}: {out}");
        all.push_str(&format!("{what}:\n{out}\n"));
    }
    assert_snapshot!("rules_check_reports_script_errors_with_locations", all);
}

#[test]
fn validate_with_rules_option_and_tags() {
    // the example records validate under their tags
    let out = billes(&[
        "validate",
        "examples/aggravation/house-rules",
        "examples/offboard/house-rules",
        "examples/barricade/house-rules",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    // a standard record is not a five-marble game: forcing the variant fails
    let out = billes(&[
        "validate",
        "--rules",
        "five-marbles",
        "examples/aggravation/four-players.bgn",
    ]);
    assert_eq!(out.status.code(), Some(1));
    // a variant record under its tag, forced to another game's variant, is refused
    let out = billes(&[
        "validate",
        "--format",
        "json",
        "--rules",
        "malefiz",
        "examples/offboard/house-rules/abalone.bgn",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["errors"][0]["kind"], "variant");
    // an unknown option value is a usage error
    let out = billes(&[
        "validate",
        "--rules",
        "six-marbles",
        "examples/offboard/club-final.bgn",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown rules \"six-marbles\""),
        "{}",
        stderr(&out)
    );
}

#[test]
fn hook_errors_in_validate_name_script_game_turn_and_seat() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("broken.lua"),
        "return { name = 'broken', game = 'aggravation', hooks = {\n  allow = function(move, pos)\n    if move.turn == 2 then error('no second turn') end\n    return true\n  end,\n} }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("game.bgn"),
        "[Game \"aggravation\"]\n[Rules \"broken.lua\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 *\n",
    )
    .unwrap();
    let out = billes_in(dir.path(), &["validate", "--format", "json", "game.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let e = &json["errors"][0];
    assert_eq!(e["kind"], "variant");
    assert_eq!(e["game"], 1);
    assert_eq!(e["turn"], 2);
    assert_eq!(e["seat"], "R");
    let message = e["message"].as_str().unwrap();
    assert!(
        message.contains("hook allow: broken.lua:3: no second turn"),
        "{message}"
    );
}

#[test]
fn a_safe_start_aggravation_is_refused() {
    // R's marble on its START r9 would be aggravated by G's marble coming
    // round: the hook forbids it.
    let record = "[Game \"aggravation\"]\n[Rules \"safe-start.lua\"]\n[Seats \"R G\"]\n\
[Position \"R:r9 G:r5 move=G\"]\n\n1. G4 r5-r9* *\n";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.bgn");
    std::fs::copy(
        root().join("examples/aggravation/house-rules/safe-start.lua"),
        dir.path().join("safe-start.lua"),
    )
    .unwrap();
    std::fs::write(&path, record).unwrap();
    let out = billes(&["validate", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let e = &json["errors"][0];
    assert_eq!(e["kind"], "illegal_move", "{e}");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("R's marble is safe on its START r9"),
        "{e}"
    );
    // the same move under the standard rules is legal
    let standard = record.replace("[Rules \"safe-start.lua\"]\n", "");
    std::fs::write(&path, standard).unwrap();
    let out = billes(&["validate", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

#[test]
fn simulate_with_rules_writes_the_rules_tag() {
    let out = billes(&[
        "simulate",
        "--game",
        "aggravation",
        "--rules",
        "five-marbles",
        "--seed",
        "3",
        "--max-turns",
        "30",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("[Rules \"five-marbles\"]"), "{text}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sim.bgn");
    std::fs::write(&path, &text).unwrap();
    let out = billes(&["validate", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let out = billes(&["simulate", "--game", "offboard", "--rules", "five-marbles"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn replay_and_render_follow_the_rules_tag() {
    let out = billes(&[
        "render",
        "examples/offboard/house-rules/abalone.bgn",
        "--at",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_snapshot!("abalone_start", stdout(&out));
    let out = billes(&[
        "replay",
        "examples/barricade/house-rules/malefiz.bgn",
        "--at",
        "5",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn every_verb_follows_the_rules_tag() {
    // A five-marble record: its fifth marble and HOME hole exist only under
    // the variant, so each verb must play it under its Rules tag.
    let five = "examples/aggravation/house-rules/five-marbles.bgn";
    let out = billes(&["render", five, "--svg", "-"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let svg = stdout(&out);
    assert!(
        svg.contains(r#"data-hole="ph5""#),
        "HOME rows of five holes"
    );
    assert!(!svg.contains(r#"data-hole="ph6""#));
    let out = billes(&["render", five, "--text"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = billes(&["render", five, "--html", "-"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = billes(&["annotate", five]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("{@ marble entered"),
        "{}",
        stdout(&out)
    );
    let out = billes(&["replay", five, "--describe"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("{@ "), "{}", stdout(&out));
    let out = billes(&["diff", five, five]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));

    // Abalone has no targets: none is drawn.
    let abalone = "examples/offboard/house-rules/abalone.bgn";
    let out = billes(&["render", abalone, "--svg", "-"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(!stdout(&out).contains("target-ring"));
    let out = billes(&["render", "examples/offboard/club-final.bgn", "--svg", "-"]);
    assert_eq!(stdout(&out).matches("target-ring").count(), 12);

    // --rules forces a variant on a standard record: the standard record's
    // game is replayed under it, and a variant for another game is refused.
    let out = billes(&[
        "render",
        "examples/aggravation/four-players.bgn",
        "--rules",
        "no-shortcuts",
        "--at",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = billes(&[
        "render",
        "examples/aggravation/four-players.bgn",
        "--rules",
        "malefiz",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("variant malefiz is for barricade, not aggravation"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn six_must_be_used_gives_no_extra_turn_after_a_pass_on_a_six() {
    let path = "examples/aggravation/house-rules/six-must-be-used.bgn";
    let out = billes(&["validate", path]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    // The same turns under the standard rules: R's 6 gives an extra turn.
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    let standard: String = text
        .lines()
        .filter(|l| !l.starts_with("[Rules "))
        .map(|l| format!("{l}\n"))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("standard.bgn");
    std::fs::write(&file, standard).unwrap();
    let out = billes(&["validate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("R rolled a 6 and rolls again, not G"),
        "{}",
        stdout(&out)
    );
}

/// A record from elsewhere must not choose which files of the machine run:
/// a Rules tag names a shipped variant or a .lua file in the record's tree.
mod rules_tag_paths {
    use super::*;

    const SCRIPT: &str =
        "return { name = 'mine', game = 'aggravation', params = { entry_rolls = { 6 } } }";

    fn record(rules: &str) -> String {
        format!("[Game \"aggravation\"]\n[Rules \"{rules}\"]\n[Seats \"R G\"]\n\n1. R6 +\n*\n")
    }

    fn errors(out: &Output) -> Vec<serde_json::Value> {
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        json["errors"].as_array().unwrap().clone()
    }

    #[test]
    fn paths_out_of_the_record_folder_are_variant_errors_at_the_tag() {
        let dir = tempfile::tempdir().unwrap();
        let records = dir.path().join("archive");
        std::fs::create_dir_all(records.join("house")).unwrap();
        // Not Lua: its text must not show up in any message.
        std::fs::write(dir.path().join("secret.lua"), "top secret words\n").unwrap();
        let absolute = dir.path().join("secret.lua");
        let cases = [
            (
                "a.bgn",
                absolute.to_str().unwrap().to_string(),
                "an absolute path",
            ),
            (
                "b.bgn",
                "../secret.lua".into(),
                "the path leaves the record's folder",
            ),
            ("d.bgn", "house/../../secret.lua".into(), "the path leaves"),
            ("e.bgn", "notes/".into(), "not a .lua file"),
            ("house/c.bgn", "../../secret.lua".into(), "the path leaves"),
        ];
        for (file, value, _) in &cases {
            std::fs::write(records.join(file), record(value)).unwrap();
        }
        let out = billes(&["validate", "--format", "json", records.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let errors = errors(&out);
        assert_eq!(errors.len(), cases.len(), "{errors:?}");
        for (e, (file, value, why)) in errors.iter().zip(&cases) {
            assert!(e["file"].as_str().unwrap().ends_with(file), "{e}");
            assert_eq!(e["kind"], "variant", "{e}");
            assert_eq!(e["line"], 2, "{e}");
            let message = e["message"].as_str().unwrap();
            assert!(message.contains(&format!("rules \"{value}\"")), "{message}");
            assert!(message.contains(why), "{message}");
            assert!(!message.contains("secret words"), "{message}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_out_of_the_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let records = dir.path().join("archive");
        std::fs::create_dir_all(&records).unwrap();
        std::fs::write(dir.path().join("outside.lua"), SCRIPT).unwrap();
        std::os::unix::fs::symlink(dir.path().join("outside.lua"), records.join("in.lua")).unwrap();
        std::fs::write(records.join("a.bgn"), record("in.lua")).unwrap();
        let out = billes(&["validate", "--format", "json", records.to_str().unwrap()]);
        let errors = errors(&out);
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0]["kind"], "variant");
        assert!(
            errors[0]["message"]
                .as_str()
                .unwrap()
                .contains("symbolic link"),
            "{}",
            errors[0]
        );
    }

    #[test]
    fn files_inside_the_tree_or_the_rules_dir_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let records = dir.path().join("archive");
        let club = dir.path().join("club-rules");
        std::fs::create_dir_all(records.join("rules")).unwrap();
        std::fs::create_dir_all(&club).unwrap();
        std::fs::write(records.join("rules/mine.lua"), SCRIPT).unwrap();
        std::fs::write(club.join("club.lua"), SCRIPT).unwrap();
        // A 1 enters under the standard rules, not under these.
        let bad = |rules: &str| record(rules).replace("R6 +", "R1 +");
        std::fs::write(records.join("a.bgn"), bad("rules/mine.lua")).unwrap();
        std::fs::write(records.join("b.bgn"), bad("club.lua")).unwrap();
        let archive = records.to_str().unwrap();
        let out = billes(&["validate", "--format", "json", archive]);
        let kinds: Vec<_> = errors(&out).iter().map(|e| e["kind"].clone()).collect();
        // The move plays with a 6: the roll written is the mistake.
        assert_eq!(kinds, ["roll", "variant"], "{}", stdout(&out));
        let out = billes(&[
            "validate",
            "--format",
            "json",
            "--rules-dir",
            club.to_str().unwrap(),
            archive,
        ]);
        let kinds: Vec<_> = errors(&out).iter().map(|e| e["kind"].clone()).collect();
        assert_eq!(kinds, ["roll", "roll"], "{}", stdout(&out));
        // --rules on the command line may name any file.
        let out = billes(&[
            "validate",
            "--format",
            "json",
            "--rules",
            club.join("club.lua").to_str().unwrap(),
            archive,
        ]);
        let kinds: Vec<_> = errors(&out).iter().map(|e| e["kind"].clone()).collect();
        assert_eq!(kinds, ["roll", "roll"], "{}", stdout(&out));
    }

    #[test]
    fn rules_dir_must_be_a_folder() {
        let out = billes(&["validate", "--rules-dir", "no/such/folder", "examples/"]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains("--rules-dir no/such/folder: no such folder"));
    }
}

/// A record of two turns, for the hostile variants below.
const TWO_TURNS: &str = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 *\n";

#[test]
fn hostile_variants_end_with_exit_1_and_the_limit_named() {
    let cases = [
        ("while true do pcall(function() while true do end end) end", "instruction budget exceeded"),
        (
            "while true do xpcall(function() while true do end end, function() while true do end end) end",
            "instruction budget exceeded",
        ),
        ("string.find(('a'):rep(20000), '.-.-.-.-.-b')", "pattern matching limit exceeded"),
        ("setmetatable({}, {__gc = function() while true do end end})", "__gc is not accepted"),
        (
            "local t = {} for i = 1, 120000 do t[i] = (i * 7919) % 120011 end for i = 1, 2000 do table.sort(t) end",
            "instruction budget exceeded",
        ),
        (
            "local t = {} for i = 1, 100000 do t[i] = 'x' end for i = 1, 3000 do table.concat(t) end",
            "instruction budget exceeded",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.bgn"), TWO_TURNS).unwrap();
    for (body, words) in cases {
        let top = format!("{body}\nreturn {{ name = 'x', game = 'aggravation' }}");
        let hook = format!(
            "return {{ name = 'x', game = 'aggravation', hooks = {{ allow = function()\n{body}\nend }} }}"
        );
        for script in [top, hook] {
            std::fs::write(dir.path().join("x.lua"), &script).unwrap();
            let out = billes_in(dir.path(), &["validate", "--rules", "x.lua", "game.bgn"]);
            let all = format!("{}{}", stdout(&out), stderr(&out));
            assert_eq!(out.status.code(), Some(1), "{script}: {all}");
            assert!(all.contains(words), "{script}: {all}");
        }
    }
}

#[test]
fn cyclic_params_are_a_variant_error_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.bgn"), TWO_TURNS).unwrap();
    for params in [
        "params = {} params.self = params",
        "params = {} local t = params for i = 1, 10000 do t.x = {} t = t.x end",
    ] {
        let script =
            format!("{params}\nreturn {{ name = 'x', game = 'aggravation', params = params }}");
        std::fs::write(dir.path().join("x.lua"), &script).unwrap();
        let out = billes_in(dir.path(), &["validate", "--rules", "x.lua", "game.bgn"]);
        let all = format!("{}{}", stdout(&out), stderr(&out));
        assert_eq!(out.status.code(), Some(1), "{params}: {all}");
        assert!(all.contains("params:"), "{params}: {all}");
    }
}

#[test]
fn a_variant_keeping_state_in_globals_reports_the_same_on_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    // forbids every move after the 40th hook call: counted across games,
    // the report would depend on which thread saw which game
    std::fs::write(
        dir.path().join("count.lua"),
        "return { name = 'count', game = 'aggravation', hooks = { allow = function()\n\
           seen = (seen or 0) + 1\n\
           if seen > 40 then return false, 'too many' end\n\
         end } }",
    )
    .unwrap();
    let sim = billes_in(
        dir.path(),
        &[
            "simulate",
            "--game",
            "aggravation",
            "--players",
            "2",
            "--seed",
            "5",
            "--games",
            "12",
            "--max-turns",
            "30",
        ],
    );
    assert_eq!(sim.status.code(), Some(0));
    std::fs::write(dir.path().join("games.bgn"), &sim.stdout).unwrap();
    let run = |j: &str| {
        let out = billes_in(
            dir.path(),
            &["validate", "-j", j, "--rules", "count.lua", "games.bgn"],
        );
        (out.status.code(), stdout(&out))
    };
    let one = run("1");
    for j in ["2", "3"] {
        assert_eq!(run(j), one, "-j{j}");
    }
}

/// Every verb that takes `--rules`, on the record `game.bgn` (or the game
/// the verb plays without one), with `--rules RULES` last.
const VERBS_WITH_RULES: [&[&str]; 12] = [
    &["validate", "game.bgn"],
    &["replay", "game.bgn"],
    &["render", "game.bgn"],
    &["annotate", "game.bgn"],
    &["analyze", "--rollouts", "2", "game.bgn"],
    &["moves", "game.bgn"],
    &["moves", "--game-kind", "aggravation"],
    &["run", "script.lua", "game.bgn"],
    &["filter", "game.bgn"],
    &["simulate", "--game", "aggravation"],
    &["diff", "game.bgn", "game.bgn"],
    &["play", "game.bgn"],
];

#[test]
fn a_refused_rules_script_exits_1_in_every_verb_and_an_unreadable_one_2() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.bgn"), TWO_TURNS).unwrap();
    std::fs::write(dir.path().join("script.lua"), "return {}").unwrap();
    std::fs::write(
        dir.path().join("refused.lua"),
        "return { name = 'x', game = 'aggravation', colour = 'red' }",
    )
    .unwrap();
    let cases = [
        // A script that runs but is refused: the input is wrong.
        (
            "refused.lua",
            1,
            "billes: error: refused.lua: unknown field \"colour\"",
        ),
        // No such file, no such variant: a usage error.
        (
            "missing.lua",
            2,
            "billes: error: cannot read rules file missing.lua",
        ),
        ("house", 2, "billes: error: unknown rules \"house\""),
    ];
    for verb in VERBS_WITH_RULES {
        // `diff` has no --rules: each record under its own tag.
        if verb[0] == "diff" {
            continue;
        }
        for (rules, code, message) in cases {
            let mut args = verb.to_vec();
            args.extend(["--rules", rules]);
            let out = billes_in(dir.path(), &args);
            assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
            assert!(
                stderr(&out).starts_with(message),
                "{args:?}: {}",
                stderr(&out)
            );
            assert_eq!(stdout(&out), "", "{args:?}");
        }
    }
}

#[test]
fn a_rules_tag_naming_a_refused_script_is_an_invalid_record_in_every_verb() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("refused.lua"),
        "return { name = 'x', game = 'aggravation', colour = 'red' }",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("game.bgn"),
        TWO_TURNS.replace(
            "[Game \"aggravation\"]",
            "[Game \"aggravation\"]\n[Rules \"refused.lua\"]",
        ),
    )
    .unwrap();
    std::fs::write(dir.path().join("script.lua"), "return {}").unwrap();
    for verb in VERBS_WITH_RULES {
        // Without a record there is no Rules tag.
        if verb.contains(&"--game-kind") || verb[0] == "simulate" {
            continue;
        }
        let out = billes_in(dir.path(), verb);
        let all = format!("{}{}", stdout(&out), stderr(&out));
        // diff shows where each copy stops being replayable and compares
        // the records: the same records are the same.
        let code = if verb[0] == "diff" { 0 } else { 1 };
        assert_eq!(out.status.code(), Some(code), "{verb:?}: {all}");
        assert!(
            all.contains("refused.lua: unknown field \"colour\""),
            "{verb:?}: {all}"
        );
    }
}

#[test]
fn a_variants_print_names_the_game_where_the_verb_reads_many() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("dbg.lua"),
        "return { name = 'dbg', game = 'aggravation', hooks = {\n  allow = function(move) print('allow', move.seat) return true end } }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("g.bgn"),
        TWO_TURNS.replace("[Seats", "[Rules \"dbg.lua\"]\n[Seats"),
    )
    .unwrap();
    std::fs::write(dir.path().join("s.lua"), "return { turn = function() end }").unwrap();
    // The verbs over archives name file and game; those of one game the turn.
    for (args, said) in [
        (
            &["validate", "g.bgn"][..],
            "dbg.lua: g.bgn game 1, turn 2: allow\tR\n",
        ),
        (
            &["run", "s.lua", "g.bgn"][..],
            "dbg.lua: g.bgn game 1, turn 2: allow\tR\n",
        ),
        (&["replay", "g.bgn"][..], "dbg.lua: turn 2: allow\tR\n"),
    ] {
        let out = billes_in(dir.path(), args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
    }
}

/// The names `billes rules list` gives, one a line.
fn shipped_variants() -> Vec<(String, String)> {
    let out = billes(&["rules", "list"]);
    assert_eq!(out.status.code(), Some(0));
    stdout(&out)
        .lines()
        .map(|l| {
            let mut words = l.split_whitespace();
            let name = words.next().unwrap().to_string();
            (name, words.next().unwrap().to_string())
        })
        .collect()
}

/// The README and the rule authors' guide name every shipped variant, and
/// the README says how many there are.
#[test]
fn the_docs_name_every_shipped_variant() {
    let variants = shipped_variants();
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let guide = std::fs::read_to_string(root().join("rules/README.md")).unwrap();
    let count = format!("the {} shipped variants", variants.len());
    assert!(readme.contains(&count), "README.md does not say {count:?}");
    for (name, game) in &variants {
        assert!(readme.contains(&format!("`{name}`")), "README.md: {name}");
        let row = format!("| `{name}` | {game} |");
        assert!(guide.contains(&row), "rules/README.md: {row}");
    }
}

/// A simulated game under any variant writes its Result tag as the games'
/// own simulators do (`R`, `R+G`), never as the movetext's token (`=R`).
#[test]
fn simulate_writes_one_spelling_of_the_result_tag_under_every_variant() {
    for (name, game) in shipped_variants() {
        let out = billes(&["simulate", "--game", &game, "--rules", &name, "--seed", "1"]);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stderr(&out));
        let text = stdout(&out);
        let tag = text
            .lines()
            .find_map(|l| l.strip_prefix("[Result \""))
            .unwrap_or_else(|| panic!("{name}: no Result tag in {text}"));
        let value = tag.trim_end_matches("\"]");
        assert!(
            value == "*" || value.chars().all(|c| c.is_ascii_uppercase() || c == '+'),
            "{name}: [Result \"{value}\"]"
        );
    }
}
