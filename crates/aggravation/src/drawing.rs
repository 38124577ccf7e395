//! Aggravation: one side of the drawing turned round the centre for each
//! seat; HOME rows as long as the variant's HOME; moves follow the one-way
//! lines.

use billes_game::drawing::layout::{parse, HoleKind, Layout, Waiting, Xy};
use billes_game::drawing::{Drawing, RenderError, When, Word};
use billes_game::view::PositionView;
use serde::Deserialize;

use crate::{Aggravation, ViewPart};

const AGGRAVATION_YAML: &str = crate::BOARD_YAML;

/// The marbles in HOME of seat `i` of `view` (`None`: no such seat, or a
/// view of another game).
fn home(view: &PositionView, i: usize) -> Option<u32> {
    view.part::<ViewPart>()
        .and_then(|own| own.home.get(i).copied())
}

impl Drawing for Aggravation {
    fn standard_layout() -> Result<Layout, RenderError> {
        read_layout(AGGRAVATION_YAML, None)
    }

    fn fit(layout: &mut Layout, view: &PositionView) -> Result<(), RenderError> {
        let drawn = layout
            .holes
            .iter()
            .filter(|h| h.kind == HoleKind::Home)
            .count();
        let home_size = view.part::<ViewPart>().map(|own| own.home_size);
        let wanted = home_size.map(|n| n as usize * layout.waiting.len());
        if wanted.is_some_and(|n| n != drawn) {
            *layout = read_layout(AGGRAVATION_YAML, home_size)?;
        }
        Ok(())
    }

    fn route(layout: &Layout, a: usize, b: usize) -> Option<Vec<Xy>> {
        along_lines(layout, a, b)
    }

    const PANEL: &'static [Word] = &[
        Word {
            text: " · BASE ",
            count: Some('w'),
            when: When::Always,
        },
        Word {
            text: " · HOME ",
            count: Some('h'),
            when: When::Always,
        },
    ];

    /// `h`: the seat's marbles in HOME.
    fn count(view: &PositionView, i: usize, _letter: char) -> Option<u32> {
        home(view, i)
    }

    fn clear(view: &mut PositionView) {
        if let Some(own) = view.part_mut::<ViewPart>() {
            own.home.iter_mut().for_each(|h| *h = 0);
        }
    }
}

/// The Aggravation drawing: the `drawing` template of one side, turned
/// round the centre once per side.
fn read_layout(text: &str, home_size: Option<u32>) -> Result<Layout, RenderError> {
    let mut file: AggravationFile = parse(text)?;
    if let Some(n) = home_size {
        file.home_holes = u8::try_from(n).unwrap_or(u8::MAX);
    }
    let d = &file.drawing;
    if d.r#loop.len() != file.holes_per_side as usize {
        return Err(RenderError::Board(format!(
            "drawing.loop has {} holes, a side has {}",
            d.r#loop.len(),
            file.holes_per_side
        )));
    }
    if d.home.len() < file.home_holes as usize || file.seats.len() < file.sides as usize {
        return Err(RenderError::Board(
            "drawing.home is shorter than a HOME row, or seats are missing".into(),
        ));
    }
    let mut layout = Layout::new::<Aggravation>();
    let centre = layout.add(file.centre.clone(), (0.0, 0.0), HoleKind::Centre, None);
    let mut ring = Vec::new();
    let mut stars = Vec::new();
    for side in 0..file.sides as usize {
        let angle = (side as f64 * 360.0 / file.sides as f64).to_radians();
        let turn = |(x, y): Xy| {
            (
                x * angle.cos() - y * angle.sin(),
                x * angle.sin() + y * angle.cos(),
            )
        };
        let seat = file.seats[side].letter.clone();
        let lower = seat.to_lowercase();
        let first = ring.len();
        for (offset, &xy) in d.r#loop.iter().enumerate() {
            let kind = if offset == file.star_offset as usize {
                HoleKind::Star
            } else if offset == file.start_offset as usize {
                HoleKind::Start
            } else {
                HoleKind::Plain
            };
            let owner = (kind == HoleKind::Start).then(|| seat.clone());
            let i = layout.add(format!("{lower}{offset}"), turn(xy), kind, owner);
            if kind == HoleKind::Star {
                stars.push(i);
            }
            ring.push(i);
        }
        // the HOME row, entered from the hole at home_offset
        let mut prev = ring[first + file.home_offset as usize];
        for (k, &xy) in d.home.iter().take(file.home_holes as usize).enumerate() {
            let name = format!("{lower}h{}", k + 1);
            let i = layout.add(name, turn(xy), HoleKind::Home, Some(seat.clone()));
            layout.lines.push((prev, i));
            prev = i;
        }
        layout.waiting.push(Waiting {
            seat,
            spots: d.base.iter().map(|&xy| turn(xy)).collect(),
        });
    }
    for (k, &i) in ring.iter().enumerate() {
        layout.lines.push((i, ring[(k + 1) % ring.len()]));
    }
    for (k, &s) in stars.iter().enumerate() {
        layout.shortcuts.push((s, centre));
        layout.shortcuts.push((s, stars[(k + 1) % stars.len()]));
    }
    Ok(layout)
}

/// The route from hole `a` to hole `b` along Aggravation's one-way
/// lines (see [`Layout::route`]): `None` when there is none within 12
/// holes, or round the star ring.
fn along_lines(layout: &Layout, a: usize, b: usize) -> Option<Vec<Xy>> {
    let (a, b) = (&a, &b);
    let star = |i: usize| layout.holes[i].kind == HoleKind::Star;
    if star(*a) && star(*b) {
        // round the star ring, clockwise like the loop
        let mut path = vec![*a];
        while path.len() <= layout.shortcuts.len() {
            let here = path[path.len() - 1];
            if here == *b {
                return Some(path.iter().map(|&i| layout.holes[i].at).collect());
            }
            match layout
                .shortcuts
                .iter()
                .find(|&&(p, q)| p == here && star(q))
            {
                Some(&(_, q)) => path.push(q),
                None => break,
            }
        }
        return None;
    }
    let mut path = vec![*a];
    while path.len() <= 12 {
        let here = path[path.len() - 1];
        if here == *b {
            return Some(path.iter().map(|&i| layout.holes[i].at).collect());
        }
        // the loop's next hole, or the HOME row's when heading into it
        let next: Vec<usize> = layout
            .lines
            .iter()
            .filter(|&&(p, _)| p == here)
            .map(|&(_, q)| q)
            .collect();
        let step = next
            .iter()
            .copied()
            .find(|&q| {
                layout.holes[q].kind == HoleKind::Home
                    && layout.holes[*b].kind == HoleKind::Home
                    && layout.holes[q].seat == layout.holes[*b].seat
            })
            .or_else(|| {
                next.iter()
                    .copied()
                    .find(|&q| layout.holes[q].kind != HoleKind::Home)
            });
        match step {
            Some(q) => path.push(q),
            None => break,
        }
    }
    None
}

// What the drawing reads of the board file; everything else is ignored.

#[derive(Deserialize)]
struct AggravationFile {
    sides: u8,
    holes_per_side: u8,
    star_offset: u8,
    home_offset: u8,
    start_offset: u8,
    home_holes: u8,
    centre: String,
    seats: Vec<SeatLetter>,
    drawing: AggravationDrawing,
}

#[derive(Deserialize)]
struct SeatLetter {
    letter: String,
}

#[derive(Deserialize)]
struct AggravationDrawing {
    r#loop: Vec<Xy>,
    home: Vec<Xy>,
    base: Vec<Xy>,
}
