//! Offboard: cells on a hexagonal grid, only the targets a variant keeps;
//! marbles leave the board at a target.

use std::collections::HashMap;
use std::fmt::Write as _;

use billes_game::drawing::layout::{parse, unit, HoleKind, Layout, TargetSpot, Xy};
use billes_game::drawing::{seat_paint, Canvas, Delta, Drawing, Marks, RenderError, When, Word};
use billes_game::view::PositionView;
use serde::Deserialize;

use crate::{Offboard, TargetView, ViewPart};

/// The targets of `view` (none in a view of another game).
fn targets(view: &PositionView) -> &[TargetView] {
    view.part::<ViewPart>()
        .map_or(&[], |own| own.targets.as_slice())
}

/// The score of seat `i` of `view` (`None`: no such seat, or a view of
/// another game).
fn score(view: &PositionView, i: usize) -> Option<u32> {
    view.part::<ViewPart>()
        .and_then(|own| own.score.get(i).copied())
}

const OFFBOARD_YAML: &str = crate::RULES_YAML;

impl Drawing for Offboard {
    fn standard_layout() -> Result<Layout, RenderError> {
        read_layout(OFFBOARD_YAML)
    }

    fn fit(layout: &mut Layout, view: &PositionView) -> Result<(), RenderError> {
        let kept = targets(view);
        layout
            .targets
            .retain(|t| kept.iter().any(|v| v.name == t.name));
        Ok(())
    }

    fn losses(before: &PositionView, after: &PositionView, marks: &mut Marks) {
        // Pushed lines shift: the marble that went is the one at the far end
        // of the line, which the positions alone do not tell. The target it
        // went to does.
        marks.ejected = targets(after)
            .iter()
            .zip(targets(before))
            .filter(|(a, b)| a.seat.is_some() && b.seat.is_none())
            .map(|(a, _)| a.name.clone())
            .collect();
    }

    const PANEL: &'static [Word] = &[
        Word {
            text: " · score ",
            count: Some('s'),
            when: When::Always,
        },
        Word {
            text: " · out ",
            count: Some('w'),
            when: When::Counted,
        },
    ];

    /// `s`: the seat's score.
    fn count(view: &PositionView, i: usize, _letter: char) -> Option<u32> {
        score(view, i)
    }

    fn clear(view: &mut PositionView) {
        if let Some(own) = view.part_mut::<ViewPart>() {
            for t in &mut own.targets {
                t.seat = None;
            }
            own.score.iter_mut().for_each(|s| *s = 0);
        }
    }

    /// `@t7=R` and `@t7` (a target's marble).
    fn delta(before: &PositionView, after: &PositionView, delta: &mut Delta<'_>) {
        for t in targets(after) {
            let was = targets(before).iter().find(|b| b.name == t.name);
            if was.map(|b| &b.seat) != Some(&t.seat) {
                match &t.seat {
                    Some(s) => delta.op(format_args!("@{}={s}", t.name)),
                    None => delta.op(format_args!("@{}", t.name)),
                }
            }
        }
    }

    fn values(view: &PositionView) -> Vec<(String, u32)> {
        targets(view)
            .iter()
            .map(|t| (t.name.clone(), t.value))
            .collect()
    }

    /// The marbles in the targets, and the marks of those just ejected.
    fn over_pieces(
        layout: &Layout,
        c: &Canvas,
        view: &PositionView,
        marks: &Marks,
        s: &mut String,
    ) {
        for t in targets(view) {
            let (Some(seat), Some(at)) = (&t.seat, layout.position(&t.name)) else {
                continue;
            };
            let (x, y) = c.pixel(at);
            let (fill, stroke) = seat_paint(view, seat);
            let _ = writeln!(
                s,
                "<circle class=\"target\" data-target=\"{}\" data-value=\"{}\" data-seat=\"{seat}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{}\"/>",
                t.name,
                t.value,
                c.len(0.36),
                c.len(0.07)
            );
        }
        for name in &marks.ejected {
            if let Some(at) = layout.position(name) {
                let (x, y) = c.pixel(at);
                let _ = writeln!(
                    s,
                    "<circle class=\"ejected\" data-target=\"{name}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" stroke=\"#b22222\" stroke-width=\"{}\" stroke-dasharray=\"{}\"/>",
                    c.len(0.62),
                    c.len(0.08),
                    c.len(0.12)
                );
            }
        }
    }
}

/// The Offboard drawing: cells on a hexagonal grid (a step along a row
/// is 1 to the right, a row up is half a step left and √3/2 up), each
/// target outside the middle of its side, shifted towards its direction.
fn read_layout(text: &str) -> Result<Layout, RenderError> {
    let file: OffboardFile = parse(text)?;
    let mut layout = Layout::new::<Offboard>();
    let h = 3f64.sqrt() / 2.0;
    let top = file.board.rows.len() as f64 - 1.0;
    let xy = |row: f64, diagonal: f64| (diagonal - 1.0 - row * 0.5, (top - row) * h);
    let mut cells: HashMap<(i32, i32), usize> = HashMap::new();
    for (r, row) in file.board.rows.iter().enumerate() {
        for diagonal in row.first..=row.last {
            let i = layout.add(
                format!("{}{diagonal}", row.row),
                xy(r as f64, diagonal as f64),
                HoleKind::Plain,
                None,
            );
            cells.insert((r as i32, diagonal as i32), i);
        }
    }
    let mut steps = HashMap::new();
    for direction in &file.board.directions {
        let (dr, dd) = (direction.step[0] as f64, direction.step[1] as f64);
        layout
            .directions
            .insert(direction.name.clone(), (dd - dr * 0.5, -dr * h));
        steps.insert(
            direction.name.clone(),
            (direction.step[0] as i32, direction.step[1] as i32),
        );
    }
    let off = |(r, d): (i32, i32), direction: &str| {
        steps
            .get(direction)
            .is_none_or(|(dr, dd)| !cells.contains_key(&(r + dr, d + dd)))
    };
    for t in &file.board.targets {
        let side: Vec<Xy> = cells
            .iter()
            .filter(|(&c, _)| off(c, &t.side[0]) && off(c, &t.side[1]))
            .map(|(_, &i)| layout.holes[i].at)
            .collect();
        let vector = |name: &str| {
            layout.directions.get(name).copied().ok_or_else(|| {
                RenderError::Board(format!("target {} names no direction {name}", t.name))
            })
        };
        let (a, b, d) = (vector(&t.side[0])?, vector(&t.side[1])?, vector(&t.dir)?);
        if side.is_empty() {
            return Err(RenderError::Board(format!("target {} has no side", t.name)));
        }
        let n = side.len() as f64;
        let mid = (
            side.iter().map(|p| p.0).sum::<f64>() / n,
            side.iter().map(|p| p.1).sum::<f64>() / n,
        );
        let normal = unit((a.0 + b.0, a.1 + b.1));
        let along = d.0 * normal.0 + d.1 * normal.1;
        let tangent = unit((d.0 - normal.0 * along, d.1 - normal.1 * along));
        layout.targets.push(TargetSpot {
            name: t.name.clone(),
            at: (
                mid.0 + normal.0 * 1.3 + tangent.0 * 1.4,
                mid.1 + normal.1 * 1.3 + tangent.1 * 1.4,
            ),
        });
    }
    Ok(layout)
}

// What the drawing reads of the board file; everything else is ignored.

#[derive(Deserialize)]
struct OffboardFile {
    board: OffboardBoard,
}

#[derive(Deserialize)]
struct OffboardBoard {
    rows: Vec<OffboardRow>,
    directions: Vec<OffboardDirection>,
    targets: Vec<OffboardTarget>,
}

#[derive(Deserialize)]
struct OffboardRow {
    row: char,
    first: u8,
    last: u8,
}

#[derive(Deserialize)]
struct OffboardDirection {
    name: String,
    step: [i8; 2],
}

#[derive(Deserialize)]
struct OffboardTarget {
    name: String,
    side: [String; 2],
    dir: String,
}
