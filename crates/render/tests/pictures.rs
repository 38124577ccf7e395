//! SVG pictures and the HTML viewer of the example records: snapshots, XML
//! validity, and the data attributes programs read.

use billes_render::{svg, Options, Replay, Viewer};

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
        // Named as when this module was a test binary of its own.
        insta::with_settings!({ prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(format!("pictures__{name}_turn_{at}"), picture);
        });
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
                    .map(|p| (p.point.to_string(), p.seat.to_string()))
                    .collect();
                assert_eq!(pieces, want, "{name} turn {}", frame.index);
                let barricades = doc
                    .descendants()
                    .filter(|n| n.attribute("class") == Some("barricade"))
                    .count();
                let want = frame
                    .view
                    .part::<billes_core::barricade::ViewPart>()
                    .map_or(0, |own| own.barricades.len());
                assert_eq!(barricades, want);
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
    let mut viewer = Viewer::new(&Options::default());
    for (i, (_, text, _)) in EXAMPLES.iter().enumerate() {
        let game = billes_notation::parse_game(text).expect("parses");
        let engine = billes_core::Standard::of(&game).expect("engine");
        let mistake = viewer.add(i + 1, &engine, &game).expect("replays");
        assert!(mistake.is_none());
    }
    let page = viewer.page();
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
    let boards = data["boards"].as_array().expect("boards");
    for (g, (name, text, _)) in games.iter().zip(EXAMPLES) {
        let board = &boards[g["board"].as_u64().expect("board") as usize];
        assert_eq!(board["game"], name);
        // the board is drawn once, well-formed XML
        roxmltree::Document::parse(board["svg"].as_str().expect("svg")).expect("board is XML");
        let turns = g["turns"].as_array().expect("turns");
        let written = replay(text).frames.len() - 1;
        assert_eq!(turns.len(), written);
        let arrows = board["arrows"].as_array().expect("arrows").len();
        for t in turns {
            let t = t.as_str().expect("a turn is a line of text");
            let fields: Vec<&str> = t.split('|').collect();
            assert!((1..=4).contains(&fields.len()), "{t}");
            let marks = fields.get(2).copied().unwrap_or_default();
            for n in marks.split(' ').filter_map(|m| m.strip_prefix('a')) {
                assert!(n.parse::<usize>().expect("arrow number") < arrows, "{t}");
            }
        }
    }
}

#[test]
fn simulated_games_draw_every_piece_where_the_rules_put_it() {
    use billes_core::{simulate, Rng, SimOptions};
    for (kind, players) in [
        (billes_core::aggravation::KIND, 6),
        (billes_core::barricade::KIND, 4),
        (billes_core::offboard::KIND, 2),
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
