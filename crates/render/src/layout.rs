//! Where every hole, point, cell, house and target is drawn, read from the
//! board files in `rules/` (the same files the rules read): Aggravation's
//! `drawing` section (one side, turned round the centre for each seat),
//! Barricade's point coordinates and `drawing.houses`, Offboard's rows and
//! directions (cells on a hexagonal grid, targets just outside their side).

use std::collections::HashMap;

use billes_core::view::PositionView;
use billes_core::GameKind;
use serde::Deserialize;

use crate::{drawing, RenderError};

/// A point in board units (1 = the distance between neighbouring holes).
pub type Xy = (f64, f64);

/// What a hole is, for its look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoleKind {
    /// An ordinary hole, point or cell.
    Plain,
    /// An Aggravation star hole.
    Star,
    /// An Aggravation START hole (ringed in its seat's colour).
    Start,
    /// An Aggravation HOME hole (tinted in its seat's colour).
    Home,
    /// The Aggravation centre hole.
    Centre,
    /// The Barricade goal.
    Goal,
    /// A Barricade point where a barricade stands at the start.
    BarricadePoint,
    /// A Barricade start point (ringed in its seat's colour).
    StartPoint,
}

/// One hole of the board.
#[derive(Debug, Clone)]
pub struct Hole {
    /// The notation name.
    pub name: String,
    /// Where it is drawn.
    pub at: Xy,
    /// Its look.
    pub kind: HoleKind,
    /// The seat it belongs to (START, HOME, start points), if any.
    pub seat: Option<String>,
}

/// One target of the rim (Offboard).
#[derive(Debug, Clone)]
pub struct TargetSpot {
    /// The target's name (`t1`).
    pub name: String,
    /// Where it is drawn.
    pub at: Xy,
}

/// A seat's place for the pieces it has off the board.
#[derive(Debug, Clone)]
pub struct Waiting {
    /// The seat letter.
    pub seat: String,
    /// One spot per piece (Aggravation's BASE), or one spot for a house.
    pub spots: Vec<Xy>,
}

/// The drawing of a board.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The game.
    pub game: GameKind,
    /// Every hole.
    pub holes: Vec<Hole>,
    /// Lines between holes, drawn under them (indices into `holes`).
    pub lines: Vec<(usize, usize)>,
    /// Dashed lines: Aggravation's shortcuts to the centre.
    pub shortcuts: Vec<(usize, usize)>,
    /// Off-board places per seat.
    pub waiting: Vec<Waiting>,
    /// The targets (Offboard).
    pub targets: Vec<TargetSpot>,
    /// Direction name to unit vector (Offboard).
    pub directions: HashMap<String, Xy>,
    index: HashMap<String, usize>,
}

impl Layout {
    /// The layout of a game's standard board, from the board file shipped
    /// in `rules/`.
    ///
    /// # Errors
    /// [`RenderError::Board`] when the board file cannot be read as a drawing.
    pub fn standard(game: GameKind) -> Result<Layout, RenderError> {
        drawing::standard_layout(game)
    }

    /// Fits the drawing to the board a variant plays on, as its start
    /// position `view` shows it: the HOME rows of Aggravation get as many
    /// holes as the variant's HOME has, and only the targets the variant
    /// keeps are drawn (none in a game without targets).
    ///
    /// # Errors
    /// [`RenderError::Board`] when the drawing has too few HOME holes.
    pub fn fit(&mut self, view: &PositionView) -> Result<(), RenderError> {
        drawing::fit(self.game, self, view)
    }

    /// The hole called `name`.
    pub fn hole(&self, name: &str) -> Option<&Hole> {
        self.index.get(name).map(|&i| &self.holes[i])
    }

    /// Where `name` is drawn: a hole, or a target.
    pub fn position(&self, name: &str) -> Option<Xy> {
        self.hole(name)
            .map(|h| h.at)
            .or_else(|| self.targets.iter().find(|t| t.name == name).map(|t| t.at))
    }

    /// The holes a piece passes going from `from` to `to`, both included.
    ///
    /// Aggravation's lines run one way (clockwise round the loop, inwards
    /// along a HOME row), so a move of a few holes has one route: it is
    /// followed, up to 12 holes, and so is the star ring between two star
    /// holes. Elsewhere (and for the shortcuts to the centre) the route is the
    /// straight line, since a Barricade move may take any of several ways.
    pub fn route(&self, from: &str, to: &str) -> Option<Vec<Xy>> {
        let (a, b) = (*self.index.get(from)?, *self.index.get(to)?);
        drawing::route(self.game, self, a, b)
            .or_else(|| Some(vec![self.holes[a].at, self.holes[b].at]))
    }

    /// The route from hole `a` to hole `b` along Aggravation's one-way
    /// lines (see [`Layout::route`]): `None` when there is none within 12
    /// holes, or round the star ring.
    pub(crate) fn along_lines(&self, a: usize, b: usize) -> Option<Vec<Xy>> {
        let (a, b) = (&a, &b);
        let star = |i: usize| self.holes[i].kind == HoleKind::Star;
        if star(*a) && star(*b) {
            // round the star ring, clockwise like the loop
            let mut path = vec![*a];
            while path.len() <= self.shortcuts.len() {
                let here = path[path.len() - 1];
                if here == *b {
                    return Some(path.iter().map(|&i| self.holes[i].at).collect());
                }
                match self.shortcuts.iter().find(|&&(p, q)| p == here && star(q)) {
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
                return Some(path.iter().map(|&i| self.holes[i].at).collect());
            }
            // the loop's next hole, or the HOME row's when heading into it
            let next: Vec<usize> = self
                .lines
                .iter()
                .filter(|&&(p, _)| p == here)
                .map(|&(_, q)| q)
                .collect();
            let step = next
                .iter()
                .copied()
                .find(|&q| {
                    self.holes[q].kind == HoleKind::Home
                        && self.holes[*b].kind == HoleKind::Home
                        && self.holes[q].seat == self.holes[*b].seat
                })
                .or_else(|| {
                    next.iter()
                        .copied()
                        .find(|&q| self.holes[q].kind != HoleKind::Home)
                });
            match step {
                Some(q) => path.push(q),
                None => break,
            }
        }
        None
    }

    /// The off-board place of `seat`.
    pub fn waiting(&self, seat: &str) -> Option<&Waiting> {
        self.waiting.iter().find(|w| w.seat == seat)
    }

    /// The smallest rectangle holding every hole, spot and target:
    /// `(min x, min y, max x, max y)`.
    pub fn bounds(&self) -> (f64, f64, f64, f64) {
        let points = self
            .holes
            .iter()
            .map(|h| h.at)
            .chain(self.targets.iter().map(|t| t.at))
            .chain(self.waiting.iter().flat_map(|w| w.spots.iter().copied()));
        points.fold(
            (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
            |(a, b, c, d), (x, y)| (a.min(x), b.min(y), c.max(x), d.max(y)),
        )
    }

    fn new(game: GameKind) -> Layout {
        Layout {
            game,
            holes: Vec::new(),
            lines: Vec::new(),
            shortcuts: Vec::new(),
            waiting: Vec::new(),
            targets: Vec::new(),
            directions: HashMap::new(),
            index: HashMap::new(),
        }
    }

    fn add(&mut self, name: String, at: Xy, kind: HoleKind, seat: Option<String>) -> usize {
        let i = self.holes.len();
        self.index.insert(name.clone(), i);
        self.holes.push(Hole {
            name,
            at,
            kind,
            seat,
        });
        i
    }

    fn find(&self, name: &str) -> Result<usize, RenderError> {
        self.index
            .get(name)
            .copied()
            .ok_or_else(|| RenderError::Board(format!("unknown point {name} in the drawing")))
    }

    /// The Aggravation drawing: the `drawing` template of one side, turned
    /// round the centre once per side.
    pub(crate) fn aggravation(text: &str, home_size: Option<u32>) -> Result<Layout, RenderError> {
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
        let mut layout = Layout::new(GameKind::Aggravation);
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

    /// The Barricade drawing: the points' own x/y, the lines, the houses of
    /// `drawing.houses`.
    pub(crate) fn barricade(text: &str) -> Result<Layout, RenderError> {
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

    /// The Offboard drawing: cells on a hexagonal grid (a step along a row
    /// is 1 to the right, a row up is half a step left and √3/2 up), each
    /// target outside the middle of its side, shifted towards its direction.
    pub(crate) fn offboard(text: &str) -> Result<Layout, RenderError> {
        let file: OffboardFile = parse(text)?;
        let mut layout = Layout::new(GameKind::Offboard);
        let h = 3f64.sqrt() / 2.0;
        let top = file.board.rows.len() as f64 - 1.0;
        let xy = |row: f64, diag: f64| (diag - 1.0 - row * 0.5, (top - row) * h);
        let mut cells: HashMap<(i32, i32), usize> = HashMap::new();
        for (r, row) in file.board.rows.iter().enumerate() {
            for d in row.first..=row.last {
                let i = layout.add(
                    format!("{}{d}", row.row),
                    xy(r as f64, d as f64),
                    HoleKind::Plain,
                    None,
                );
                cells.insert((r as i32, d as i32), i);
            }
        }
        let mut steps = HashMap::new();
        for dir in &file.board.directions {
            let (dr, dd) = (dir.step[0] as f64, dir.step[1] as f64);
            layout
                .directions
                .insert(dir.name.clone(), (dd - dr * 0.5, -dr * h));
            steps.insert(dir.name.clone(), (dir.step[0] as i32, dir.step[1] as i32));
        }
        let off = |(r, d): (i32, i32), dir: &str| {
            steps
                .get(dir)
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
}

fn unit((x, y): Xy) -> Xy {
    let len = (x * x + y * y).sqrt();
    if len == 0.0 {
        (0.0, 0.0)
    } else {
        (x / len, y / len)
    }
}

fn parse<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, RenderError> {
    serde_yaml::from_str(text).map_err(|e| RenderError::Board(e.to_string()))
}

// What the drawing reads of the board files; everything else is ignored.

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

#[derive(Deserialize)]
struct OffboardFile {
    board: OffboardBoard,
}

#[derive(Deserialize)]
struct OffboardBoard {
    rows: Vec<OffboardRow>,
    directions: Vec<OffboardDir>,
    targets: Vec<OffboardTarget>,
}

#[derive(Deserialize)]
struct OffboardRow {
    row: char,
    first: u8,
    last: u8,
}

#[derive(Deserialize)]
struct OffboardDir {
    name: String,
    step: [i8; 2],
}

#[derive(Deserialize)]
struct OffboardTarget {
    name: String,
    side: [String; 2],
    dir: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_standard_board_is_drawn() {
        let a = Layout::standard(GameKind::Aggravation).expect("aggravation");
        // 84 loop holes, the centre, 6 HOME rows of 4
        assert_eq!(a.holes.len(), 84 + 1 + 24);
        // the loop is closed and every HOME row is joined to its branch hole
        assert_eq!(a.lines.len(), 84 + 24);
        assert_eq!(a.waiting.len(), 6);
        let b = Layout::standard(GameKind::Barricade).expect("barricade");
        assert_eq!(b.holes.len(), 112);
        assert_eq!(b.lines.len(), 121);
        let o = Layout::standard(GameKind::Offboard).expect("offboard");
        assert_eq!(o.holes.len(), 61);
        assert_eq!(o.targets.len(), 12);
    }

    #[test]
    fn neighbouring_holes_are_one_unit_apart() {
        let a = Layout::standard(GameKind::Aggravation).expect("aggravation");
        for &(i, j) in &a.lines {
            let (p, q) = (a.holes[i].at, a.holes[j].at);
            let d = ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
            assert!(
                (0.7..1.3).contains(&d),
                "{} {} {d}",
                a.holes[i].name,
                a.holes[j].name
            );
        }
        let o = Layout::standard(GameKind::Offboard).expect("offboard");
        let (e5, e6, f6) = (o.position("e5"), o.position("e6"), o.position("f6"));
        let (e5, e6, f6) = (e5.expect("e5"), e6.expect("e6"), f6.expect("f6"));
        assert!((e6.0 - e5.0 - 1.0).abs() < 1e-9 && (e6.1 - e5.1).abs() < 1e-9);
        // ne of e5 is f6: half a step right, a row up
        assert!((f6.0 - e5.0 - 0.5).abs() < 1e-9 && f6.1 < e5.1);
    }

    #[test]
    fn aggravation_routes_follow_the_loop_and_the_home_row() {
        let a = Layout::standard(GameKind::Aggravation).expect("aggravation");
        let len = |from, to| a.route(from, to).map(|r| r.len());
        assert_eq!(len("r9", "r12"), Some(4));
        assert_eq!(len("r5", "rh2"), Some(5));
        assert_eq!(len("r12", "b1"), Some(4));
        assert_eq!(len("w13", "r0"), Some(2));
        // the star ring, clockwise: p0, g0, y0, w0
        assert_eq!(len("p0", "w0"), Some(4));
        // the way into the centre is drawn straight
        assert_eq!(len("b12", "c"), Some(2));
        let b = Layout::standard(GameKind::Barricade).expect("barricade");
        assert_eq!(b.route("a1", "c1").map(|r| r.len()), Some(2));
    }

    #[test]
    fn targets_sit_outside_the_board() {
        let o = Layout::standard(GameKind::Offboard).expect("offboard");
        let centre = o.position("e5").expect("e5");
        for t in &o.targets {
            let d = ((t.at.0 - centre.0).powi(2) + (t.at.1 - centre.1).powi(2)).sqrt();
            assert!(d > 4.5, "{} at {d}", t.name);
        }
        // t1 and t2 share the top side: t1 left of t2
        let (t1, t2) = (o.position("t1"), o.position("t2"));
        assert!(t1.expect("t1").0 < t2.expect("t2").0);
    }
}
