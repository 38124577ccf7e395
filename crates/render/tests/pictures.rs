//! SVG pictures and the HTML viewer of the example records: snapshots, XML
//! validity, and the data attributes programs read.

use billes_render::{html, svg, HtmlGame, Options, Replay};

/// An example record of each game, and a turn in its middle.
const EXAMPLES: [(&str, &str, u32); 3] = [
    (
        "aggravation",
        include_str!("../../../examples/aggravation/four-players.bgn"),
        10,
    ),
    (
        "barricade",
        include_str!("../../../examples/barricade/two-players.bgn"),
        4,
    ),
    (
        "offboard",
        include_str!("../../../examples/offboard/club-final.bgn"),
        28,
    ),
];

fn replay(text: &str) -> Replay {
    let game = billes_notation::parse_game(text).expect("example parses");
    Replay::of(&game).expect("example replays")
}

#[test]
fn svg_snapshots() {
    for (name, text, at) in EXAMPLES {
        let picture = svg(&replay(text), at, &Options::default()).expect("turn exists");
        insta::assert_snapshot!(format!("{name}_turn_{at}"), picture);
    }
}

#[test]
fn every_picture_is_xml_with_the_position_in_its_data_attributes() {
    for (name, text, _) in EXAMPLES {
        let r = replay(text);
        assert!(r.error.is_none(), "{name}");
        for labels in [true, false] {
            for frame in &r.frames {
                let picture = svg(&r, frame.index, &Options { labels }).expect("frame");
                let doc = roxmltree::Document::parse(&picture)
                    .unwrap_or_else(|e| panic!("{name} turn {}: {e}", frame.index));
                let root = doc.root_element();
                assert_eq!(root.tag_name().name(), "svg");
                assert_eq!(root.attribute("data-game"), Some(name));
                assert_eq!(
                    root.attribute("data-turn"),
                    Some(frame.index.to_string().as_str())
                );
                assert_eq!(
                    root.attribute("data-to-move").filter(|s| !s.is_empty()),
                    frame.view.to_move.as_deref()
                );
                let mut pieces: Vec<(String, String)> = doc
                    .descendants()
                    .filter(|n| n.attribute("class") == Some("piece"))
                    .map(|n| {
                        let a = |k| n.attribute(k).unwrap_or_default().to_string();
                        (a("data-point"), a("data-seat"))
                    })
                    .collect();
                pieces.sort();
                let want: Vec<(String, String)> = frame
                    .view
                    .pieces
                    .iter()
                    .map(|p| (p.point.clone(), p.seat.clone()))
                    .collect();
                assert_eq!(pieces, want, "{name} turn {}", frame.index);
                let barricades = doc
                    .descendants()
                    .filter(|n| n.attribute("class") == Some("barricade"))
                    .count();
                assert_eq!(barricades, frame.view.barricades.len());
                let labelled = doc
                    .descendants()
                    .any(|n| n.attribute("class") == Some("label"));
                assert_eq!(labelled, labels);
            }
        }
    }
}

#[test]
fn the_last_move_and_its_captures_are_drawn() {
    let (_, text, at) = EXAMPLES[0];
    let picture = svg(&replay(text), at, &Options::default()).expect("turn");
    // 10. R2 r13-c*: an arrow, Blue's marble on c marked as aggravated
    assert!(picture.contains("class=\"arrow\""));
    assert!(picture.contains(r#"class="captured" data-point="c" data-seat="B""#));
    let (_, text, at) = EXAMPLES[2];
    let picture = svg(&replay(text), at, &Options::default()).expect("turn");
    // 28. B g5:d5>se*t7=1: the marble in t7, marked as just ejected
    assert!(picture.contains(r#"class="target" data-target="t7" data-value="1" data-seat="R""#));
    assert!(picture.contains(r#"class="ejected" data-target="t7""#));
    assert!(picture.contains("score 1"));
}

#[test]
fn a_turn_past_the_end_is_an_error() {
    let (_, text, _) = EXAMPLES[1];
    let r = replay(text);
    let turns = r.frames.len() as u32 - 1;
    let err = svg(&r, turns + 1, &Options::default()).expect_err("no such turn");
    assert_eq!(
        err.to_string(),
        format!("the game has {turns} turns, not {}", turns + 1)
    );
}

#[test]
fn the_viewer_is_self_contained() {
    let games: Vec<HtmlGame> = EXAMPLES
        .iter()
        .enumerate()
        .map(|(i, (_, text, _))| {
            let game = billes_notation::parse_game(text).expect("parses");
            HtmlGame::from_game(i + 1, &game).expect("replays")
        })
        .collect();
    let page = html(&games, &Options::default());
    for forbidden in [
        "<script src",
        "<link",
        "@import",
        "url(http",
        "src=\"http",
        "href=\"http",
    ] {
        assert!(!page.contains(forbidden), "the viewer holds {forbidden}");
    }
    // the data element is never closed early by a comment or a turn
    let data_start = page
        .find("<script id=\"billes-data\"")
        .expect("data element");
    let data_end = page[data_start..].find("</script>").expect("closed") + data_start;
    let open_end = page[data_start..].find('>').expect("open tag") + data_start;
    let json = &page[open_end + 1..data_end];
    let data: serde_json::Value = serde_json::from_str(json).expect("data is JSON");
    let games = data["games"].as_array().expect("games");
    assert_eq!(games.len(), 3);
    for (g, (name, _, _)) in games.iter().zip(EXAMPLES) {
        assert_eq!(g["game"], name);
        let frames = g["frames"].as_array().expect("frames");
        assert!(frames.len() > 40);
        // every position layer is well-formed XML on its own
        for f in frames {
            let layer = f["svg"].as_str().expect("svg");
            let wrapped = format!("<svg xmlns=\"http://www.w3.org/2000/svg\">{layer}</svg>");
            roxmltree::Document::parse(&wrapped).expect("layer is XML");
        }
    }
}

#[test]
fn simulated_games_draw_every_piece_where_the_rules_put_it() {
    use billes_core::{simulate, GameKind, Rng, SimOptions};
    for (kind, players) in [
        (GameKind::Aggravation, 6),
        (GameKind::Barricade, 4),
        (GameKind::Offboard, 2),
    ] {
        let options = SimOptions {
            players,
            max_turns: 400,
            ..SimOptions::default()
        };
        let game = simulate(kind, &options, &mut Rng::new(11)).expect("simulates");
        let r = Replay::of(&game).expect("replays");
        assert!(r.error.is_none());
        for frame in r.frames.iter().step_by(7) {
            let picture = svg(&r, frame.index, &Options::default()).expect("frame");
            let doc = roxmltree::Document::parse(&picture).expect("XML");
            let drawn = doc
                .descendants()
                .filter(|n| n.attribute("class") == Some("piece"))
                .count();
            // every piece has a place on the drawing (none is skipped)
            assert_eq!(
                drawn,
                frame.view.pieces.len(),
                "{kind} turn {}",
                frame.index
            );
            for p in &frame.view.pieces {
                assert!(r.layout.position(&p.point).is_some(), "{kind}: {}", p.point);
            }
        }
    }
}
