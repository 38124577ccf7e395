//! Where every hole, point, cell, house and target is drawn, read from the
//! board files in `rules/` (the same files the rules read): Aggravation's
//! `drawing` section (one side, turned round the centre for each seat),
//! Barricade's point coordinates and `drawing.houses`, Offboard's rows and
//! directions (cells on a hexagonal grid, targets just outside their side).
//!
//! [`Layout`] is the same for every game; each game's module in
//! `drawing/` reads its board file into one and says what differs (its
//! [`Drawing`], which the layout carries: the game is chosen once, when
//! the layout is made).

use std::collections::HashMap;

use billes_core::view::PositionView;
use billes_core::GameKind;

use crate::drawing::{self, Drawing, Table};
use crate::RenderError;

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
    /// The game's name.
    pub game: &'static str,
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
    /// The game's drawing functions.
    pub(crate) drawing: Table,
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

    /// The layout of the standard board of the game whose rules type is
    /// `D`, listed in the core's registry or not.
    ///
    /// # Errors
    /// As [`Layout::standard`].
    pub fn of<D: Drawing>() -> Result<Layout, RenderError> {
        D::standard_layout()
    }

    /// Fits the drawing to the board a variant plays on, as its start
    /// position `view` shows it: the HOME rows of Aggravation get as many
    /// holes as the variant's HOME has, and only the targets the variant
    /// keeps are drawn (none in a game without targets).
    ///
    /// # Errors
    /// [`RenderError::Board`] when the drawing has too few HOME holes.
    pub fn fit(&mut self, view: &PositionView) -> Result<(), RenderError> {
        (self.drawing.fit)(self, view)
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
        (self.drawing.route)(self, a, b).or_else(|| Some(vec![self.holes[a].at, self.holes[b].at]))
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

    /// An empty drawing of the game whose rules type is `D`, which its
    /// [`Drawing::standard_layout`] fills.
    pub fn new<D: Drawing>() -> Layout {
        Layout {
            game: D::NAME,
            drawing: Table::of::<D>(),
            holes: Vec::new(),
            lines: Vec::new(),
            shortcuts: Vec::new(),
            waiting: Vec::new(),
            targets: Vec::new(),
            directions: HashMap::new(),
            index: HashMap::new(),
        }
    }

    /// Adds a hole; its index in `holes`.
    pub fn add(&mut self, name: String, at: Xy, kind: HoleKind, seat: Option<String>) -> usize {
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

    /// The index of the hole called `name`, or an error naming it.
    pub(crate) fn find(&self, name: &str) -> Result<usize, RenderError> {
        self.index
            .get(name)
            .copied()
            .ok_or_else(|| RenderError::Board(format!("unknown point {name} in the drawing")))
    }
}

/// `(x, y)` scaled to length 1 (`(0, 0)` stays).
pub(crate) fn unit((x, y): Xy) -> Xy {
    let len = (x * x + y * y).sqrt();
    if len == 0.0 {
        (0.0, 0.0)
    } else {
        (x / len, y / len)
    }
}

/// A board file read as `T`.
pub(crate) fn parse<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, RenderError> {
    serde_yaml::from_str(text).map_err(|e| RenderError::Board(e.to_string()))
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
