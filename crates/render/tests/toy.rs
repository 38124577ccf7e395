//! A game outside the core's registry drawn as the three games are: the
//! race of billes-core's tests (`crates/core/tests/toy/race.rs`: its
//! `GameRules`, `plug_in!` line and `View`) with one `impl Drawing` here,
//! its two required items. `Replay::with_rules` replays a record of it
//! into frames and `svg` draws any of them: pieces, the arrow of the last
//! move, the panel, a mistake where the frames stop.

use billes_render::layout::{HoleKind, Waiting};
use billes_render::{svg, Drawing, Layout, Options, RenderError, Replay, When, Word};

#[path = "../../core/tests/toy/race.rs"]
mod race;

use race::Race;

/// The race's drawing: its ten points in a row, each seat's pawn off the
/// track waiting to the left of it.
impl Drawing for Race {
    fn standard_layout() -> Result<Layout, RenderError> {
        let mut layout = Layout::new::<Race>();
        for n in 1..=10 {
            layout.add(format!("p{n}"), (f64::from(n), 0.0), HoleKind::Plain, None);
        }
        layout.lines.extend((0..9).map(|i| (i, i + 1)));
        for (k, seat) in ["R", "B"].into_iter().enumerate() {
            layout.waiting.push(Waiting {
                seat: seat.to_string(),
                spots: vec![(-1.0, k as f64)],
            });
        }
        Ok(layout)
    }

    const PANEL: &'static [Word] = &[Word {
        text: " · off the track ",
        count: Some('w'),
        when: When::Always,
    }];
}

fn record(movetext: &str) -> billes_notation::Game {
    billes_notation::parse_game(&format!("[Game \"race\"]\n[Seats \"R B\"]\n\n{movetext}\n"))
        .expect("the record parses")
}

/// `(class, data-point, data-seat)` of the elements of `svg` that have a
/// class among `classes`, and the panel's seat lines.
fn elements(svg: &str, classes: &[&str]) -> (Vec<(String, String, String)>, Vec<String>) {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is XML");
    let mut found = Vec::new();
    let mut lines = Vec::new();
    for n in doc.descendants() {
        let a = |k| n.attribute(k).unwrap_or_default().to_string();
        if classes.contains(&a("class").as_str()) {
            found.push((a("class"), a("data-point"), a("data-seat")));
        }
        if n.attribute("data-seat-line").is_some() {
            lines.push(n.text().unwrap_or_default().to_string());
        }
    }
    (found, lines)
}

#[test]
fn a_game_outside_the_registry_is_drawn_through_its_drawing() {
    let game = record("1. R6 h-p6 2. B3 h-p3 3. R4 p6-p10 =R");
    let replay = Replay::with_rules(&Race, &game).expect("the race replays");
    assert_eq!(replay.game, "race");
    assert_eq!(replay.frames.len(), 4);
    assert!(replay.error.is_none());

    let picture = svg(&replay, 2, &Options::default()).expect("turn 2 is drawn");
    assert!(picture.contains(r#"data-game="race" data-turn="2" data-seat="B""#));
    let (found, lines) = elements(&picture, &["piece", "hole", "landed", "arrow"]);
    let holes = found.iter().filter(|(c, ..)| c == "hole").count();
    assert_eq!(holes, 10);
    let pieces: Vec<_> = found.iter().filter(|(c, ..)| c == "piece").collect();
    assert_eq!(
        pieces,
        [
            &("piece".into(), "p3".into(), "B".into()),
            &("piece".into(), "p6".into(), "R".into())
        ]
    );
    // B's pawn came from off the track: an arrow, and its landing ringed.
    assert!(found.iter().any(|(c, ..)| c == "arrow"));
    assert!(found.contains(&("landed".into(), "p3".into(), String::new())));
    assert_eq!(
        lines,
        ["R red · off the track 0", "B blue · off the track 0"]
    );

    let start = svg(&replay, 0, &Options::default()).expect("the start is drawn");
    let (found, lines) = elements(&start, &["piece", "waiting"]);
    assert_eq!(found.iter().filter(|(c, ..)| c == "piece").count(), 0);
    assert_eq!(found.iter().filter(|(c, ..)| c == "waiting").count(), 2);
    assert_eq!(
        lines,
        ["R red · off the track 1", "B blue · off the track 1"]
    );
    let end = svg(&replay, 3, &Options::default()).expect("the end is drawn");
    assert!(end.contains("R4 p6-p10 · R won"), "{end}");
}

#[test]
fn a_mistake_in_a_game_outside_the_registry_stops_its_frames() {
    let replay =
        Replay::with_rules(&Race, &record("1. R6 h-p6 2. B3 h-p4 *")).expect("the start replays");
    assert_eq!(replay.frames.len(), 2);
    let e = replay.error.as_ref().expect("turn 2 is a mistake");
    assert_eq!(e.turn, Some(2));
    assert!(matches!(
        svg(&replay, 2, &Options::default()),
        Err(RenderError::NoSuchTurn { at: 2, turns: 1 })
    ));
}
