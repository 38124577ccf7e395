//! The view of a position (`view::PositionView`) as the games fill it
//! and as it serializes.
use std::ops::ControlFlow;

use billes_core::replay_views;
use billes_core::view::PositionView;
use serde::Serialize;

fn views(record: &str) -> Vec<PositionView> {
    let game = billes_notation::parse_game(record).expect("record parses");
    let mut out = Vec::new();
    replay_views(&game, &mut |s| {
        out.push(s.view.clone());
        ControlFlow::Continue(())
    })
    .expect("record replays");
    out
}

/// The keys of a position's JSON, in order, and a seat's.
fn keys(json: &str) -> (Vec<String>, Vec<String>) {
    let names = |object: &str| -> Vec<String> {
        let mut out = Vec::new();
        let mut depth = 0;
        let mut rest = object;
        while let Some(i) = rest.find(['{', '}', '[', ']', '"']) {
            let c = rest.as_bytes()[i];
            rest = &rest[i + 1..];
            match c {
                b'{' | b'[' => depth += 1,
                b'}' | b']' => depth -= 1,
                _ => {
                    let end = rest.find('"').unwrap_or(rest.len());
                    if depth == 1 && rest[end + 1..].starts_with(':') {
                        out.push(rest[..end].to_string());
                    }
                    rest = &rest[end + 1..];
                }
            }
        }
        out
    };
    let seat = json
        .split("\"seats\":[")
        .nth(1)
        .and_then(|s| s.split('}').next())
        .map(|s| format!("{s}}}"))
        .unwrap_or_default();
    (names(json), names(&seat))
}

/// Each game writes what every game has and its own keys, and no key of
/// another game (the format's second version: the first wrote every
/// game's keys in every game, `[]` or 0 where a game had none).
#[test]
fn the_json_has_each_game_s_own_keys_only() {
    let common = |own: &[&str]| -> Vec<String> {
        ["game", "seats", "pieces"]
            .iter()
            .chain(own)
            .chain(&["to_move", "pending", "winners"])
            .map(|k| k.to_string())
            .collect()
    };
    let seat = |own: &[&str]| -> Vec<String> {
        ["seat", "colour", "waiting"]
            .iter()
            .chain(own)
            .map(|k| k.to_string())
            .collect()
    };
    for (record, own, seat_own) in [
        (
            "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n*\n",
            &["home_size"][..],
            &["home"][..],
        ),
        (
            "[Game \"barricade\"]\n[Seats \"R G\"]\n\n*\n",
            &["barricades", "held"][..],
            &[][..],
        ),
        (
            "[Game \"offboard\"]\n\n*\n",
            &["targets"][..],
            &["score"][..],
        ),
    ] {
        let view = &views(record)[0];
        let json = serde_json::to_string(view).expect("a view serializes");
        assert_eq!(keys(&json), (common(own), seat(seat_own)), "{record}");
    }
}

#[test]
fn a_part_writes_its_own_fields_and_its_counts_per_seat() {
    #[derive(Debug, Clone, PartialEq, Serialize)]
    struct Laps {
        score: Vec<u32>,
        laps: u32,
    }
    let mut view = views("[Game \"offboard\"]\n\n*\n").remove(0);
    view.own = Box::new(Laps {
        score: vec![7],
        laps: 3,
    });
    let json = serde_json::to_string(&view).expect("a view serializes");
    // Offboard's view says `score` is a count per seat: the second seat,
    // which the list does not reach, counts 0.
    assert!(json.contains(r#""waiting":0,"score":7}"#), "{json}");
    assert!(json.contains(r#""waiting":0,"score":0}"#), "{json}");
    assert!(json.contains(r#""laps":3,"to_move""#), "{json}");
    assert!(!json.contains("targets"), "{json}");
    view.own = Box::new(());
    view.seat_counts = &[];
    let json = serde_json::to_string(&view).expect("a view serializes");
    assert!(json.contains(r#""seat":"B"}],"to_move""#), "{json}");
    assert!(json.contains(r#""waiting":0}"#), "{json}");
    assert!(view.part::<Laps>().is_none());
    assert_eq!(view.part::<()>(), Some(&()));
}

#[test]
fn views_are_equal_when_their_parts_are() {
    let a = views("[Game \"barricade\"]\n[Seats \"R G\"]\n\n*\n").remove(0);
    let mut b = a.clone();
    assert_eq!(a, b);
    if let Some(own) = b.part_mut::<billes_core::barricade::ViewPart>() {
        own.held.push("R".to_string());
    }
    assert_ne!(a, b);
    b.own = Box::new(());
    assert_ne!(a, b);
}

#[test]
fn aggravation_entry_and_move() {
    let v = views("[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R1 r9-r10\n*\n");
    assert_eq!(v.len(), 3);
    assert!(v[0].pieces.is_empty());
    assert_eq!(v[0].seat("R").map(|s| s.waiting), Some(4));
    assert_eq!(v[1].piece_at("r9").map(|p| p.seat.as_str()), Some("R"));
    assert_eq!(v[2].piece_at("r10").map(|p| p.seat.as_str()), Some("R"));
    assert!(v[2].piece_at("r9").is_none());
    assert_eq!(v[2].seat("R").map(|s| s.waiting), Some(3));
    assert_eq!(v[2].to_move.as_deref(), Some("B"));
    assert_eq!(v[2].seat("B").map(|s| s.colour.as_str()), Some("blue"));
}

#[test]
fn barricade_start_has_the_barricades() {
    let v = views("[Game \"barricade\"]\n[Seats \"R G\"]\n\n*\n");
    let own = v[0]
        .part::<billes_core::barricade::ViewPart>()
        .expect("barricade's part");
    assert_eq!(own.barricades.len(), 11);
    assert!(own.barricades.contains(&"i13".to_string()));
    assert_eq!(v[0].seat("G").map(|s| s.waiting), Some(5));
    assert!(own.held.is_empty());
}

#[test]
fn offboard_start_has_targets_and_marbles() {
    let v = views("[Game \"offboard\"]\n\n*\n");
    assert_eq!(v[0].pieces.len(), 24);
    let own = v[0]
        .part::<billes_core::offboard::ViewPart>()
        .expect("offboard's part");
    assert_eq!(own.targets.len(), 12);
    assert_eq!(own.targets[2].value, 3);
    assert_eq!(v[0].to_move.as_deref(), Some("R"));
    assert_eq!(v[0].piece_at("e5"), None);
    assert_eq!(v[0].piece_at("a1").map(|p| p.seat.as_str()), Some("R"));
}
