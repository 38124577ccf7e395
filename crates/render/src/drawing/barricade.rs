//! Barricade: the points' own x/y and the houses of the board file; a
//! move's arrow follows the route the checker finds.

use std::fmt::Write as _;

use billes_core::barricade::Barricade;
use billes_core::view::{PositionView, SeatView};
use billes_core::GameKind;
use billes_notation::{Name, Turn};
use serde::Deserialize;

use super::Drawing;
use crate::layout::{parse, HoleKind, Layout, Waiting, Xy};
use crate::RenderError;

const BARRICADE_YAML: &str = billes_core::barricade::BOARD_YAML;

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

    fn seat_line(view: &PositionView, seat: &SeatView, line: &mut String) {
        let _ = write!(line, " · house {}", seat.waiting);
        if view.held.contains(&seat.seat) {
            line.push_str(" · holds a barricade");
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
    use billes_core::barricade::{Board, HOUSE, SEATS};
    let [from, to] = path else { return None };
    let roll = turn.head.roll? as usize;
    let board = Board::standard();
    let mut blocked = 0u128;
    for b in &before.barricades {
        blocked |= billes_core::barricade::bit(board.point(b.as_str())?);
    }
    let landing = board.point(to.as_str())?;
    let mut route: Vec<Xy> = Vec::new();
    let (start, len) = if from.as_str() == HOUSE {
        let mover = turn.mover().as_str();
        let colour = SEATS.iter().position(|s| *s == mover)?;
        let colour = billes_core::Colour::checked(colour, SEATS.len())?;
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
    let mut layout = Layout::new(GameKind::Barricade);
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
