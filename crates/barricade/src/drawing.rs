//! Barricade: the points' own x/y and the houses of the board file; a
//! move's arrow follows the route the checker finds.

use std::fmt::Write as _;

use billes_game::drawing::layout::{parse, HoleKind, Layout, Waiting, Xy};
use billes_game::drawing::{
    captures, round, Canvas, Delta, Drawing, Marks, RenderError, When, Word,
};
use billes_game::view::PositionView;
use billes_notation::{Name, Turn};
use serde::Deserialize;

use crate::{Barricade, ViewPart};

/// Barricade's own part of `view` (none in a view of another game).
fn own(view: &PositionView) -> Option<&ViewPart> {
    view.part::<ViewPart>()
}

/// The barricades of `view`.
fn barricades(view: &PositionView) -> &[String] {
    own(view).map_or(&[], |own| own.barricades.as_slice())
}

/// The seats of `view` holding a barricade.
fn held(view: &PositionView) -> &[String] {
    own(view).map_or(&[], |own| own.held.as_slice())
}

const BARRICADE_YAML: &str = crate::BOARD_YAML;

impl Drawing for Barricade {
    fn standard_layout() -> Result<Layout, RenderError> {
        read_layout(BARRICADE_YAML)
    }

    fn route_of_move(
        layout: &Layout,
        before: &PositionView,
        turn: &Turn,
        path: &[Name],
    ) -> Option<Vec<Xy>> {
        barricade_route(layout, before, turn, path)
    }

    /// The pieces sent back (as every game marks them), and the
    /// barricades taken off their points.
    fn losses(before: &PositionView, after: &PositionView, marks: &mut Marks) {
        captures(before, after, marks);
        let now = barricades(after);
        marks.taken = barricades(before)
            .iter()
            .filter(|b| !now.contains(b))
            .cloned()
            .collect();
    }

    const PANEL: &'static [Word] = &[
        Word {
            text: " · house ",
            count: Some('w'),
            when: When::Always,
        },
        Word {
            text: " · holds a barricade",
            count: None,
            when: When::Flagged,
        },
    ];

    /// The seat holds a barricade.
    fn flagged(view: &PositionView, i: usize) -> bool {
        held(view).iter().any(|h| view.seats[i].seat == *h)
    }

    fn clear(view: &mut PositionView) {
        if let Some(own) = view.part_mut::<ViewPart>() {
            own.barricades.clear();
            own.held.clear();
        }
    }

    /// `#k3` and `-#k3` (a barricade put on, taken off), `^R` and `-^R`
    /// (R holds a barricade, or no longer).
    fn delta(before: &PositionView, after: &PositionView, delta: &mut Delta<'_>) {
        let (was, now) = (barricades(before), barricades(after));
        for b in now.iter().filter(|b| !was.contains(b)) {
            delta.op(format_args!("#{b}"));
        }
        for b in was.iter().filter(|b| !now.contains(b)) {
            delta.op(format_args!("-#{b}"));
        }
        let (was, now) = (held(before), held(after));
        for s in now.iter().filter(|s| !was.contains(s)) {
            delta.op(format_args!("^{s}"));
        }
        for s in was.iter().filter(|s| !now.contains(s)) {
            delta.op(format_args!("-^{s}"));
        }
    }

    /// The barricades, and the marks of those taken off and put down.
    fn under_pieces(
        layout: &Layout,
        c: &Canvas,
        view: &PositionView,
        marks: &Marks,
        s: &mut String,
    ) {
        for name in barricades(view) {
            if let Some(at) = layout.position(name) {
                let (x, y) = c.pixel(at);
                let half = c.len(0.3);
                let _ = writeln!(
                    s,
                    "<rect class=\"barricade\" data-point=\"{name}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"#fdfdfd\" stroke=\"#333\" stroke-width=\"{}\"/>",
                    round(x - half),
                    round(y - half),
                    round(half * 2.0),
                    round(half * 2.0),
                    c.len(0.06),
                    c.len(0.05)
                );
            }
        }
        for name in marks.taken.iter().chain(&marks.placed) {
            if let Some(at) = layout.position(name) {
                let (x, y) = c.pixel(at);
                let class = if marks.placed.contains(name) {
                    "placed"
                } else {
                    "taken"
                };
                let _ = writeln!(
                    s,
                    "<rect class=\"{class}\" data-point=\"{name}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#b22222\" stroke-width=\"{}\" stroke-dasharray=\"{}\"/>",
                    round(x - c.len(0.45)),
                    round(y - c.len(0.45)),
                    c.len(0.9),
                    c.len(0.9),
                    c.len(0.06),
                    c.len(0.12)
                );
            }
        }
    }
}

/// The points a Barricade pawn stepped on, as the rules count them: the
/// first route of the roll's length that passes no barricade (the route the
/// checker finds), from the pawn's point or, entering, from the seat's start
/// point (which counts as the first point). `None` for what has no single
/// route (a bounce through the goal, a board of a variant's own).
fn barricade_route(
    layout: &Layout,
    before: &PositionView,
    turn: &Turn,
    path: &[Name],
) -> Option<Vec<Xy>> {
    use crate::{Board, HOUSE, SEATS};
    let [from, to] = path else { return None };
    let roll = turn.head.roll? as usize;
    let board = Board::standard();
    let mut blocked = 0u128;
    for b in barricades(before) {
        blocked |= crate::bit(board.point(b.as_str())?);
    }
    let landing = board.point(to.as_str())?;
    let mut route: Vec<Xy> = Vec::new();
    let (start, len) = if from.as_str() == HOUSE {
        let mover = turn.mover().as_str();
        let colour = SEATS.iter().position(|s| *s == mover)?;
        let colour = billes_game::Colour::checked(colour, SEATS.len())?;
        route.push(layout.waiting(mover)?.spots.first().copied()?);
        let start = board.start(colour);
        route.push(layout.position(board.name(start).as_str())?);
        if roll == 1 {
            return (start == landing).then_some(route);
        }
        (start, roll - 1)
    } else {
        let start = board.point(from.as_str())?;
        route.push(layout.position(from.as_str())?);
        (start, roll)
    };
    let found = board.open_path(start, len, landing, blocked)?;
    for &p in board.route_points(found) {
        route.push(layout.position(board.name(p).as_str())?);
    }
    Some(route)
}

/// The Barricade drawing: the points' own x/y, the lines, the houses of
/// `drawing.houses`.
fn read_layout(text: &str) -> Result<Layout, RenderError> {
    let file: BarricadeFile = parse(text)?;
    let mut layout = Layout::new::<Barricade>();
    for p in &file.points {
        let kind = if p.name == file.goal {
            HoleKind::Goal
        } else if file.barricades.contains(&p.name) {
            HoleKind::BarricadePoint
        } else {
            HoleKind::Plain
        };
        let seat = file
            .starts
            .iter()
            .find(|s| s.point == p.name)
            .map(|s| s.seat.clone());
        let kind = if seat.is_some() {
            HoleKind::StartPoint
        } else {
            kind
        };
        layout.add(p.name.clone(), (p.x, p.y), kind, seat);
    }
    for [a, b] in &file.lines {
        let line = (layout.find(a)?, layout.find(b)?);
        layout.lines.push(line);
    }
    for h in &file.drawing.houses {
        layout.waiting.push(Waiting {
            seat: h.seat.clone(),
            spots: vec![(h.x, h.y)],
        });
    }
    Ok(layout)
}

// What the drawing reads of the board file; everything else is ignored.

#[derive(Deserialize)]
struct BarricadeFile {
    goal: String,
    points: Vec<NamedPoint>,
    lines: Vec<[String; 2]>,
    barricades: Vec<String>,
    starts: Vec<BarricadeStart>,
    drawing: BarricadeDrawing,
}

#[derive(Deserialize)]
struct NamedPoint {
    name: String,
    x: f64,
    y: f64,
}

#[derive(Deserialize)]
struct BarricadeStart {
    seat: String,
    point: String,
}

#[derive(Deserialize)]
struct BarricadeDrawing {
    houses: Vec<House>,
}

#[derive(Deserialize)]
struct House {
    seat: String,
    x: f64,
    y: f64,
}
