//! The replay stream (`Engine::read`): its events in the order of the
//! record, each turn between the positions before and after it, a line
//! stopped by its mistake but for a wrong turn number, and its first
//! mistake the one `validate` reports, on every example and on records
//! with variations.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::path::Path;

use billes_core::events::{Mistake, Played, Reader, Variation};
use billes_core::game::Position;
use billes_core::{Engine, ReplayError, Rng, SimOptions, Standard};
use billes_notation::{parse_game, parse_games, Game};

/// What a reader was told: the events as text, the positions checked to
/// follow one another, the first mistake kept.
#[derive(Default)]
struct Told {
    text: String,
    /// The `Position` tag each open line has reached.
    at: Vec<String>,
    first: Option<ReplayError>,
    /// The depth of the first mistake's line.
    first_depth: usize,
    /// Stop at the first mistake.
    stop: bool,
    /// Say the position before a turn is not read (`needs_before`).
    unkept: bool,
}

impl Reader for Told {
    fn start(&mut self, start: &dyn Position) -> ControlFlow<()> {
        self.at.push(start.position_tag());
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, v: &Variation<'_>) -> ControlFlow<()> {
        assert_eq!(
            v.depth,
            self.at.len(),
            "a variation one deeper than its line"
        );
        assert_eq!(
            Some(&v.from.position_tag()),
            self.at.last(),
            "from the position before its turn"
        );
        write!(self.text, "({}:{}", v.index + 1, v.k + 1).unwrap();
        self.at.push(v.from.position_tag());
        ControlFlow::Continue(())
    }

    fn turn(&mut self, t: &Played<'_>) -> ControlFlow<()> {
        assert_eq!(t.depth + 1, self.at.len(), "a turn of the line told last");
        let at = self.at.last_mut().unwrap();
        match t.before {
            Some(before) => {
                assert_eq!(*at, before.position_tag(), "played from where its line was")
            }
            None => assert!(self.unkept, "the position before kept unless told"),
        }
        *at = t.after.position_tag();
        write!(self.text, " {}", t.number).unwrap();
        ControlFlow::Continue(())
    }

    fn mistake(&mut self, m: &Mistake<'_>) -> ControlFlow<()> {
        let stop = if m.stops { "!" } else { "?" };
        write!(self.text, " {stop}{:?}", m.error.kind).unwrap();
        if self.first.is_none() {
            self.first = Some(m.error.clone());
            self.first_depth = m.depth;
        }
        match self.stop {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    }

    fn end_variation(&mut self, depth: usize) -> ControlFlow<()> {
        assert_eq!(depth + 1, self.at.len());
        self.at.pop();
        self.text.push(')');
        ControlFlow::Continue(())
    }

    fn needs_before(&self, _: &billes_notation::Turn) -> bool {
        !self.unkept
    }
}

fn read(record: &str) -> Told {
    let game = parse_game(record).unwrap();
    let mut told = Told::default();
    Standard::of(&game).unwrap().read(&game, &mut told).unwrap();
    told
}

#[test]
fn variations_come_before_their_turn_and_stop_at_their_own_mistake() {
    let told = read(
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + (1. R6 + (1. R1 --) 2. R1 r9-r10) (1. G6 +)\n2. R1 r9-r10 (2. R1 r9-r10 4. G6 + 5. G1 g9-g10) (2. R1 r9-r10 3. G6 g9-g10 4. G1 --)\n3. G6 +\n*\n",
    );
    // The nested variation's pass is false (R may enter a marble): it
    // stops its line, not the one it varies; a wrong number stops nothing
    // (the turns after it are counted on from the right one).
    assert_eq!(
        told.text,
        "(1:1(1:1 !FalsePass) 1 2)(1:2 1) 1(2:1 2 ?TurnNumber 3 ?TurnNumber 4)(2:2 2 !IllegalMove) 2 3"
    );
    assert_eq!(told.first.unwrap().kind, billes_core::ErrorKind::FalsePass);
}

#[test]
fn the_result_is_told_last_once_the_main_line_ends() {
    let told = read("[Game \"aggravation\"]\n[Seats \"R G\"]\n[Result \"G\"]\n\n1. R6 + (1. R6 -- 2. G1 --)\n*\n");
    assert_eq!(told.text, "(1:1 !FalsePass) 1 ?Result");
    // After the end of the game, a turn stops the main line: no result.
    let over = read(
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n[Position \"R:r6,rh2,rh3,rh4 G:g9\"]\n\n1. R2 r6-rh1\n2. G3 g9-g12 (2. G3 g9-g12)\n=G\n",
    );
    assert_eq!(over.text, " 1(2:1 !AfterEnd) !AfterEnd");
}

#[test]
fn a_reader_stops_the_stream() {
    let game = parse_game("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R3 r9-r10 (2. R1 r9-r10)\n3. G6 +\n*\n").unwrap();
    let mut told = Told {
        stop: true,
        ..Told::default()
    };
    Standard::of(&game).unwrap().read(&game, &mut told).unwrap();
    assert_eq!(told.text, " 1(2:1 2) !IllegalMove");
}

/// The games of every `.bgn` file under `dir`, in every folder.
fn games(dir: &Path, out: &mut Vec<(String, Game)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            games(&path, out);
        } else if path.extension().is_some_and(|e| e == "bgn") {
            let text = std::fs::read_to_string(&path).unwrap();
            for (i, game) in parse_games(&text).into_iter().flatten().enumerate() {
                out.push((format!("{} game {}", path.display(), i + 1), game));
            }
        }
    }
}

#[test]
fn the_first_mistake_told_is_the_one_validate_reports() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut all = Vec::new();
    games(&examples, &mut all);
    for kind in billes_core::registry::all() {
        for seed in 0..10 {
            let options = SimOptions {
                max_turns: 80,
                ..SimOptions::default()
            };
            let game = billes_core::simulate(kind, &options, &mut Rng::new(seed)).unwrap();
            all.push((format!("{kind} seed {seed}"), game));
        }
    }
    let (mut checked, mut in_variations) = (0, 0);
    for (name, game) in all {
        let Ok(engine) = billes_core::registry::of(&game).map(Standard::forced) else {
            continue;
        };
        // The record, and with variations: its main line from its fifth
        // turn again (valid), and from its fourth in place of its third
        // (seldom), nested in them.
        let mut varied = game.clone();
        let turns = &mut varied.line.turns;
        if turns.len() > 6 {
            let again = line(&turns[4..]);
            let shifted = line(&turns[3..]);
            turns[4].variations_mut().push(again.clone());
            turns[2].variations_mut().push(shifted);
            turns[2].variations_mut()[0].turns[1]
                .variations_mut()
                .push(again);
        }
        for game in [game, varied] {
            let mut told = Told::default();
            let expected = engine.validate(&game).err();
            match engine.read(&game, &mut told) {
                Ok(()) => assert_eq!(told.first, expected, "{name}: {}", told.text),
                Err(e) => assert_eq!(Some(e), expected, "{name}"),
            }
            // Played without a copy of each position before its turn,
            // the record is told the same, positions after included.
            let mut unkept = Told {
                unkept: true,
                ..Told::default()
            };
            if engine.read(&game, &mut unkept).is_ok() {
                assert_eq!(unkept.text, told.text, "{name}");
                assert_eq!(unkept.first, told.first, "{name}");
            }
            checked += 1;
            in_variations += usize::from(told.first_depth > 0);
        }
    }
    assert!(checked > 200, "{checked} records");
    assert!(
        in_variations > 20,
        "{in_variations} first mistakes in variations"
    );
}

/// A line of `turns`.
fn line(turns: &[billes_notation::Turn]) -> billes_notation::Line {
    billes_notation::Line {
        turns: turns.to_vec(),
        ..Default::default()
    }
}
