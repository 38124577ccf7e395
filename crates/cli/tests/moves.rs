//! `billes moves`: the legal moves of a position after a turn of a record,
//! or of a position given as a Position tag, for each game and a variant.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::common::{billes, root, stderr, stdout};

/// Runs `billes moves ARGS`, which must succeed, and returns its output.
fn moves(args: &[&str]) -> String {
    let mut all = vec!["moves"];
    all.extend_from_slice(args);
    let out = billes(&all);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

#[test]
fn aggravation_after_a_turn_of_a_record() {
    assert_snapshot!(
        "aggravation_after_a_turn_of_a_record",
        moves(&["examples/aggravation/four-players.bgn", "--at", "12"])
    );
}

#[test]
fn aggravation_from_a_position_tag_in_json() {
    assert_snapshot!(
        "aggravation_from_a_position_tag_in_json",
        moves(&[
            "--game-kind",
            "aggravation",
            "--seats",
            "R G",
            "--position",
            "R:r9,r12 G:g9 move=R",
            "--format",
            "json",
        ])
    );
}

#[test]
fn barricade_with_a_roll() {
    assert_snapshot!(
        "barricade_with_a_roll",
        moves(&[
            "examples/barricade/two-players.bgn",
            "--at",
            "2",
            "--roll",
            "4"
        ])
    );
}

#[test]
fn barricade_under_a_variant_from_a_position() {
    assert_snapshot!(
        "barricade_under_a_variant_from_a_position",
        moves(&[
            "--game-kind",
            "barricade",
            "--seats",
            "R G",
            "--position",
            "R:i13,e5 G:o1 bar=i11,e3 move=R",
            "--roll",
            "2",
            "--rules",
            "malefiz",
        ])
    );
}

#[test]
fn offboard_has_one_group_without_dice() {
    let json = moves(&[
        "examples/offboard/club-final.bgn",
        "--at",
        "3",
        "--format",
        "json",
    ]);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rolls = value["rolls"].as_object().unwrap();
    assert_eq!(rolls.keys().collect::<Vec<_>>(), ["-"]);
    assert!(!rolls["-"].as_array().unwrap().is_empty());
    assert_eq!(value["to_act"], "B");
    assert_snapshot!("offboard_has_one_group_without_dice", json);
}

#[test]
fn abalone_opening_has_44_moves() {
    let json = moves(&[
        "--game-kind",
        "offboard",
        "--rules",
        "abalone",
        "--format",
        "json",
    ]);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["rolls"]["-"].as_array().unwrap().len(), 44);
}

#[test]
fn the_listed_moves_are_the_ones_validate_accepts() {
    // Every move listed after turn 12 of a record, written as turn 13,
    // validates; a move not listed does not.
    let text =
        std::fs::read_to_string(root().join("examples/aggravation/four-players.bgn")).unwrap();
    let json = moves(&[
        "examples/aggravation/four-players.bgn",
        "--at",
        "12",
        "--format",
        "json",
    ]);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let seat = value["to_act"].as_str().unwrap().to_string();
    let game = billes_notation::parse_game(&text).unwrap();
    let head: String = game
        .line
        .turns
        .iter()
        .take(12)
        .map(|t| {
            let actions: Vec<String> = t.actions.iter().map(|a| a.to_string()).collect();
            format!("{}. {} {}\n", t.number, t.head, actions.join(" "))
        })
        .collect();
    let tags: String = game
        .tags
        .iter()
        .filter(|t| t.name != "Result")
        .map(|t| format!("[{} \"{}\"]\n", t.name, t.value))
        .collect();
    for (roll, list) in value["rolls"].as_object().unwrap() {
        for mv in list.as_array().unwrap() {
            let record = format!(
                "{tags}\n{head}13. {seat}{roll} {} *\n",
                mv.as_str().unwrap()
            );
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("game.bgn");
            std::fs::write(&path, &record).unwrap();
            let out = billes(&["validate", path.to_str().unwrap()]);
            assert!(out.status.success(), "{record}\n{}", stdout(&out));
        }
    }
}

#[test]
fn mistakes_are_reported() {
    let out = billes(&[
        "moves",
        "examples/aggravation/four-players.bgn",
        "--at",
        "100000",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("turns, not 100000"),
        "{}",
        stderr(&out)
    );
    let out = billes(&["moves", "--game-kind", "chess", "--position", "x"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("unknown game \"chess\""),
        "{}",
        stderr(&out)
    );
    let out = billes(&["moves", "--game-kind", "offboard", "--roll", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no dice"), "{}", stderr(&out));
    let out = billes(&["moves", "examples/aggravation/invalid/jump-own-marble.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("illegal_move"), "{}", stderr(&out));
}

/// Before the first turn any seat may start; the one named is the first of
/// the Seats tag, as `moves --help` says, under either order of play.
#[test]
fn the_first_seat_named_is_the_first_of_the_seats_tag() {
    for rules in [
        None,
        Some("examples/aggravation/house-rules/drawn-order.lua"),
    ] {
        for (seats, first) in [("G R", "G"), ("R G", "R"), ("Y G B", "Y")] {
            let mut args = vec!["--game-kind", "aggravation", "--seats", seats];
            if let Some(rules) = rules {
                args.extend(["--rules", rules]);
            }
            let text = moves(&args);
            let line = text.lines().nth(1).unwrap();
            let any = format!("{first} to roll (any of {seats} may start)");
            assert_eq!(line, any, "{rules:?}");
            args.extend(["--format", "json"]);
            let json: serde_json::Value = serde_json::from_str(&moves(&args)).unwrap();
            assert_eq!(json["to_act"], first, "{rules:?} {seats}");
        }
    }
}

/// In team play each move is written with its turn head, so that whose
/// marble moves can be told (`R3>G g12-y1`); JSON keeps the moves as they are.
#[test]
fn team_play_writes_each_move_with_its_mover() {
    let args = [
        "--game-kind",
        "aggravation",
        "--teams",
        "R+G B+Y",
        "--position",
        "R:rh1,rh2,rh3,rh4 G:g9,g12 B:b9 Y:y9 move=R",
        "--roll",
        "3",
    ];
    let text = moves(&args);
    assert_eq!(
        text.lines().last(),
        Some("3: R3>G g12-y1  R3>G g12-c"),
        "{text}"
    );
}

/// Under `malefiz` a move that takes a barricade is one entry, then the
/// points it may go down on; JSON lists each move whole.
#[test]
fn a_barricade_taken_is_listed_once_with_its_points() {
    let mut args = vec![
        "--game-kind",
        "barricade",
        "--seats",
        "R G",
        "--position",
        "R:i13,e5 G:o1 bar=i11,e7 move=R",
        "--rules",
        "malefiz",
        "--roll",
        "2",
    ];
    let text = moves(&args);
    let line = text.lines().last().unwrap();
    assert!(
        line.starts_with("2: i13-g13  i13-k13  e5-e7#, then #a13 #b13 "),
        "{line}"
    );
    assert_eq!(line.matches("e5-e7#").count(), 1, "{line}");
    let entry = line.split("  ").find(|e| e.starts_with("e5-e7#")).unwrap();
    let points = entry.matches(" #").count();
    assert!(entry.ends_with(&format!("({points} points)")), "{entry}");
    assert!(line.ends_with("  e5-c5  e5-g5  h-b1  h-d1"), "{line}");
    args.extend(["--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&moves(&args)).unwrap();
    let list = json["rolls"]["2"].as_array().unwrap();
    assert_eq!(list.len(), 6 + points);
    assert_eq!(list[2], "e5-e7# #a13");
}

/// What a turn involves beyond a move is each game's own need: its words
/// in the text, its fields in JSON, for each of the three games.
#[test]
fn each_game_s_needs_are_written_in_its_own_words() {
    let cases: [(&[&str], &str, serde_json::Value); 3] = [
        (
            &[
                "aggravation",
                "--teams",
                "R+G B+Y",
                "--position",
                "R:rh1,rh2,rh3,rh4 G:g9,g12 B:b9 Y:y9 move=R",
            ],
            "R to roll; rolls for G",
            serde_json::json!([{"need": "teammate", "seats": ["G"]}]),
        ),
        (
            &[
                "barricade",
                "--seats",
                "R G Y",
                "--position",
                "G:g1 move=Y replay=G:g1 held=G",
            ],
            "G to roll; puts a held barricade down; \
             may replay the 6 with the pawn on g1, or let Y play",
            serde_json::json!([
                {"need": "put_down"},
                {"need": "replay", "point": "g1", "declined": "Y"}
            ]),
        ),
        (
            &["offboard", "--position", "R:a1 B:i9 t5=B move=B pending=t5"],
            "B to move; puts its pushed marble back (+cell) or takes it out (~)",
            serde_json::json!([{"need": "put_back_or_remove"}]),
        ),
    ];
    for (set_up, line, needs) in cases {
        let mut args = vec!["--game-kind"];
        args.extend_from_slice(set_up);
        assert_eq!(moves(&args).lines().nth(1), Some(line), "{set_up:?}");
        args.extend(["--format", "json"]);
        let json: serde_json::Value = serde_json::from_str(&moves(&args)).unwrap();
        assert_eq!(json["next"]["needs"], needs, "{set_up:?}");
    }
}
