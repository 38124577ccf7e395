//! Where every hole, point, cell, house and target is drawn, read from the
//! games' board files (the same files the rules read): Aggravation's
//! `drawing` section (one side, turned round the centre for each seat),
//! Barricade's point coordinates and `drawing.houses`, Offboard's rows and
//! directions (cells on a hexagonal grid, targets just outside their side).
//!
//! [`Layout`] is the same for every game; each game's crate reads its board
//! file into one (with [`parse`], [`Layout::new`] and [`Layout::add`]) and
//! says what differs (its [`Drawing`], which the layout carries: the game
//! is chosen once, when the layout is made).

use std::collections::HashMap;

use crate::view::PositionView;

use super::{Drawing, RenderError, Table};

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
    drawing: Table,
}

impl Layout {
    /// The layout of the standard board of the game whose rules type is
    /// `D`, listed in the core's registry or not
    /// ([`Drawing::standard_layout`]).
    ///
    /// # Errors
    /// [`RenderError::Board`] when the board file cannot be read as a drawing.
    pub fn of<D: Drawing>() -> Result<Layout, RenderError> {
        D::standard_layout()
    }

    /// The drawing functions of the layout's game.
    pub fn drawing(&self) -> &Table {
        &self.drawing
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

    /// The index of the hole called `name`.
    ///
    /// # Errors
    /// [`RenderError::Board`] naming it when the drawing has no such hole.
    pub fn find(&self, name: &str) -> Result<usize, RenderError> {
        self.index
            .get(name)
            .copied()
            .ok_or_else(|| RenderError::Board(format!("unknown point {name} in the drawing")))
    }
}

/// `(x, y)` scaled to length 1 (`(0, 0)` stays).
pub fn unit((x, y): Xy) -> Xy {
    let len = (x * x + y * y).sqrt();
    if len == 0.0 {
        (0.0, 0.0)
    } else {
        (x / len, y / len)
    }
}

/// A board file (YAML) read as `T`: what a game's drawing reads of it.
///
/// # Errors
/// [`RenderError::Board`] when the text is no `T`.
pub fn parse<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, RenderError> {
    serde_yaml::from_str(text).map_err(|e| RenderError::Board(e.to_string()))
}
