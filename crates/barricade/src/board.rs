//! The Barricade board: points, lines, the goal, the barricade points and
//! the start points, read from `rules/barricade.yaml`, with everything the
//! rules look up precomputed (routes of every length, distances to the goal).

use std::fmt;
use std::num::NonZeroU8;
use std::sync::LazyLock;

use billes_game::{BoardError, Colour};
use billes_notation::{ByKey, Name};
use serde::Deserialize;

/// A point of the board: its index in the board's list of points (0..112
/// on the standard board, at most 128 so a set of points is a `u128`).
///
/// Stored as the index with its top bit set (`0x80 | index`) in a
/// `NonZeroU8`, so that `Option<Point>`
/// (no point: a pawn in its house, the goal's way further toward the goal,
/// an empty slot of a table) is one byte, the zero byte being `None`: the
/// board's tables of points ([`Board::point`]'s table of names, the
/// landing points of [`Board::open_route`]) hold `Option<Point>` directly.
///
/// ```
/// use billes_barricade::{Board, Point};
///
/// let board = Board::standard();
/// let goal = board.goal();
/// assert_eq!(board.name(goal), "i14");
/// assert_eq!(Point::new(goal.index()), Some(goal));
/// assert_eq!(board.points().count(), 112);
/// assert_eq!(std::mem::size_of::<Option<Point>>(), 1);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(NonZeroU8);

impl Point {
    /// The most points a board has (a set of points is a `u128`).
    pub const MAX: usize = 128;

    /// The point of index `index`, when it is below [`Point::MAX`] (whether
    /// a board has that many points is the board's business:
    /// [`Board::points`]).
    #[inline]
    pub const fn new(index: usize) -> Option<Point> {
        if index < Point::MAX {
            Some(Point::at(index as u8))
        } else {
            None
        }
    }

    /// The point of index `index`, below [`Point::MAX`] (its top bit is
    /// ignored).
    #[inline(always)]
    const fn at(index: u8) -> Point {
        debug_assert!((index as usize) < Point::MAX);
        match NonZeroU8::new(0x80 | index) {
            Some(byte) => Point(byte),
            None => unreachable!(),
        }
    }

    /// The index, for tables kept per point.
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.0.get() & 0x7f) as usize
    }

    /// The point's byte in a table of `Option<Point>` (`0`: none).
    #[inline(always)]
    const fn byte(self) -> u8 {
        self.0.get()
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Point({})", self.index())
    }
}

/// The index, as in [`Point::index`]; its name is the board's
/// ([`Board::name`]).
impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.index())
    }
}

/// The longest move: a die shows at most 6.
pub const MAX_ROLL: usize = 6;

/// The pseudo-point name of a seat's house in a move path (`h-c1`).
pub const HOUSE: &str = "h";

/// The [`Name::key`] of [`HOUSE`].
pub(crate) const HOUSE_KEY: u64 = b'h' as u64;

/// The four colours, in the order of their houses from left to right.
pub const SEATS: [&str; 4] = ["R", "G", "Y", "B"];

/// The colour names of [`SEATS`], as used in player-name tags.
pub const COLOURS: [&str; 4] = ["Red", "Green", "Yellow", "Blue"];

/// A set of points, one bit per point.
pub type Points = u128;

/// The bit of point `p`.
#[inline(always)]
pub fn bit(p: Point) -> Points {
    1u128 << p.index()
}

/// The seat letter of `colour` (`R`, `G`, `Y`, `B`).
#[inline]
pub fn seat(colour: Colour) -> &'static str {
    SEATS[colour.index()]
}

/// One way of moving a given number of points from a point: every point
/// passed (`inter`, not counting the start and the landing point) and the
/// points in order ([`Route::points`], landing last).
#[derive(Debug, Clone, Copy)]
pub struct Route {
    /// Where the route ends.
    pub to: Point,
    /// The points passed on the way (start and landing excluded).
    pub inter: Points,
    /// The points stepped on, in order, the landing point last; the
    /// route's start point after the first `len`.
    seq: [Point; MAX_ROLL],
    /// How many points of `seq` are used.
    len: u8,
}

impl Route {
    /// Where the route ends.
    #[inline]
    pub fn landing(&self) -> Point {
        self.to
    }

    /// The points stepped on, in order, the landing point last.
    #[inline]
    pub fn points(&self) -> &[Point] {
        &self.seq[..self.len as usize]
    }
}

/// The board of the game.
#[derive(Debug)]
pub struct Board {
    names: Vec<Name>,
    xy: Vec<(u8, u8)>,
    /// `grid[y][x]`: the point drawn at column x, row y (top row 0), if any.
    grid: Vec<Vec<Option<Point>>>,
    columns: u8,
    rows: u8,
    neighbours: Vec<Vec<Point>>,
    lines: Vec<(Point, Point)>,
    goal: Point,
    before_goal: Point,
    barricades: Points,
    bottom_row: Points,
    starts: [Point; 4],
    /// By point: the fewest steps to the goal (every point leads there).
    distance: Vec<u8>,
    /// By point: a neighbour one step nearer the goal (`None` for the goal).
    toward_goal: Vec<Option<Point>>,
    routes: Vec<Route>,
    /// `route_index[p * (MAX_ROLL + 1) + len]`: the range of `routes` of length len from p.
    route_index: Vec<(u32, u32)>,
    /// `route_sets[p * (MAX_ROLL + 1) + len]`: the routes of `route_index`
    /// with their landing points as a key, for [`Board::open_route`].
    route_sets: Vec<RouteSet>,
    /// The points by their names' keys, for [`Board::point_of_name`].
    by_key: ByKey,
}

/// The routes of one length from one point, as [`Board::open_route`] reads them.
#[derive(Debug, Clone, Copy)]
struct RouteSet {
    /// The landing points of the routes, one byte each in order: the byte
    /// of an `Option<Point>` ([`Point::byte`]), zero (`None`) after the
    /// last; meaningless when there are more than 16 routes.
    key: u128,
    /// The first route in `routes`.
    start: u32,
    /// How many routes.
    len: u32,
}

/// Row numbers 0..=99 in the table of point names (a board has at most 99 rows).
const NAME_RANKS: usize = 100;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    columns: u8,
    rows: u8,
    goal: String,
    points: Vec<PointDef>,
    lines: Vec<[String; 2]>,
    barricades: Vec<String>,
    bottom_row: Vec<String>,
    starts: Vec<StartDef>,
    /// How billes-render draws the board: not the rules' business.
    #[serde(default)]
    #[allow(dead_code)]
    drawing: serde::de::IgnoredAny,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PointDef {
    name: String,
    x: u8,
    y: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StartDef {
    seat: String,
    #[allow(dead_code)]
    colour: String,
    point: String,
}

/// The standard board's description as shipped: a copy of
/// `rules/barricade.yaml` kept in the crate, identical to it (a test
/// compares them).
pub const BOARD_YAML: &str = include_str!("../boards/barricade.yaml");

/// The standard board, embedded from `rules/barricade.yaml`.
static STANDARD: LazyLock<Board> = LazyLock::new(|| {
    Board::from_yaml(BOARD_YAML).unwrap_or_else(|e| panic!("rules/barricade.yaml: {e}"))
});

/// A board's grid (a point or none at each place, by row), its points'
/// names and their places.
type PlacedPoints = (Vec<Vec<Option<Point>>>, Vec<Name>, Vec<(u8, u8)>);

/// The points of a board file on its grid, each named by the scheme
/// (column letter, row number from the bottom), with their names and
/// places in file order.
fn place_points(file: &BoardFile) -> Result<PlacedPoints, BoardError> {
    let mut grid = vec![vec![None; file.columns as usize]; file.rows as usize];
    let mut names = Vec::new();
    let mut xy = Vec::new();
    for (i, p) in file.points.iter().enumerate() {
        if p.x >= file.columns || p.y >= file.rows {
            return Err(BoardError::Shape(format!(
                "point {} is off the board",
                p.name
            )));
        }
        let expected = scheme_name(p.x, p.y, file.rows);
        if p.name != expected {
            return Err(BoardError::Shape(format!(
                "point at x={} y={} must be named {expected}",
                p.x, p.y
            )));
        }
        let cell = &mut grid[p.y as usize][p.x as usize];
        if cell.is_some() {
            return Err(BoardError::Shape(format!("two points at {}", p.name)));
        }
        *cell = Point::new(i);
        names.push(Name::try_new(&p.name).ok_or_else(|| {
            BoardError::Shape(format!(
                "point name {:?} is longer than {} characters",
                p.name,
                Name::MAX
            ))
        })?);
        xy.push((p.x, p.y));
    }
    Ok((grid, names, xy))
}

impl Board {
    /// The standard Malefiz board (112 points, 121 lines, 11 barricades).
    pub fn standard() -> &'static Board {
        &STANDARD
    }

    /// Reads a board description.
    ///
    /// # Errors
    /// A message when the YAML is malformed or describes no usable board:
    /// names that do not follow the column-letter + row-number scheme,
    /// unknown points, more than 128 points, no single point before the
    /// goal, a point with no way to the goal.
    pub fn from_yaml(text: &str) -> Result<Board, BoardError> {
        let file: BoardFile =
            serde_yaml::from_str(text).map_err(|e| BoardError::Yaml(e.to_string()))?;
        if file.points.len() > Point::MAX {
            return Err(BoardError::Shape("a board has at most 128 points".into()));
        }
        if file.columns as usize > 26 || file.rows > 99 {
            return Err(BoardError::Shape(
                "a board has at most 26 columns and 99 rows".into(),
            ));
        }
        let (grid, names, xy) = place_points(&file)?;
        let find = |by_name: &[Option<Point>; 26 * NAME_RANKS], name: &str| {
            Name::try_new(name)
                .and_then(|n| point_in(by_name, n))
                .ok_or_else(|| BoardError::Shape(format!("unknown point {name}")))
        };
        let mut by_name = Box::new([None; 26 * NAME_RANKS]);
        for (y, row) in grid.iter().enumerate() {
            let rank = file.rows as usize - y;
            for (x, &p) in row.iter().enumerate() {
                by_name[x * NAME_RANKS + rank] = p;
            }
        }
        let goal = find(&by_name, &file.goal)?;
        let mut neighbours = vec![Vec::new(); file.points.len()];
        let mut lines = Vec::new();
        for [a, b] in &file.lines {
            let (a, b) = (find(&by_name, a)?, find(&by_name, b)?);
            if a == b || neighbours[a.index()].contains(&b) {
                return Err(BoardError::Shape(format!(
                    "bad line {}-{}",
                    names[a.index()],
                    names[b.index()]
                )));
            }
            neighbours[a.index()].push(b);
            neighbours[b.index()].push(a);
            lines.push((a, b));
        }
        let before_goal = match neighbours[goal.index()].as_slice() {
            [only] => *only,
            _ => {
                return Err(BoardError::Shape(
                    "the goal must have exactly one neighbour".into(),
                ))
            }
        };
        let mut barricades = 0;
        for name in &file.barricades {
            barricades |= bit(find(&by_name, name)?);
        }
        let mut bottom_row = 0;
        for name in &file.bottom_row {
            bottom_row |= bit(find(&by_name, name)?);
        }
        let mut starts = [None; 4];
        for start in &file.starts {
            let seat = SEATS
                .iter()
                .position(|s| *s == start.seat)
                .ok_or_else(|| BoardError::Shape(format!("unknown seat {}", start.seat)))?;
            starts[seat] = Some(find(&by_name, &start.point)?);
        }
        let [Some(r), Some(g), Some(y), Some(b)] = starts else {
            return Err(BoardError::Shape(
                "every seat R G Y B needs a start point".into(),
            ));
        };
        let (distance, toward_goal) = distances(&neighbours, goal)
            .map_err(|i| BoardError::Shape(format!("point {} has no way to the goal", names[i])))?;
        let mut board = Board {
            names,
            xy,
            grid,
            columns: file.columns,
            rows: file.rows,
            neighbours,
            lines,
            goal,
            before_goal,
            barricades,
            bottom_row,
            starts: [r, g, y, b],
            distance,
            toward_goal,
            routes: Vec::new(),
            route_index: Vec::new(),
            route_sets: Vec::new(),
            by_key: ByKey::new(),
        };
        board.fill_keys();
        board.compute_routes();
        Ok(board)
    }

    /// The table of points by their names' keys ([`Board::by_key`]).
    fn fill_keys(&mut self) {
        // Every name is a column letter and a row of 1 to 99 (checked when
        // the points are placed): each has its own entry.
        for (i, &name) in self.names.iter().enumerate() {
            let put = Point::new(i).is_some_and(|p| self.by_key.insert(name, p.0));
            debug_assert!(put, "{name}");
        }
    }

    fn compute_routes(&mut self) {
        let n = self.names.len();
        self.route_index = vec![(0, 0); n * (MAX_ROLL + 1)];
        for p in self.points() {
            for len in 1..=MAX_ROLL {
                let start = self.routes.len() as u32;
                let mut seq = [p; MAX_ROLL];
                self.walk(p, bit(p), 0, len, &mut seq, 0);
                self.route_index[p.index() * (MAX_ROLL + 1) + len] =
                    (start, self.routes.len() as u32);
            }
        }
        // Grown by doubling, the list would keep up to twice its length
        // for the whole run (the standard board's: 128 KiB for 78 KiB of
        // routes). A copy of its length is kept: the allocator gives the
        // old one back whole.
        self.routes = self.routes.to_vec();
        self.route_sets = self
            .route_index
            .iter()
            .map(|&(a, b)| {
                let mut key = [0u8; 16];
                for (k, route) in key.iter_mut().zip(&self.routes[a as usize..b as usize]) {
                    *k = route.to.byte();
                }
                RouteSet {
                    key: u128::from_le_bytes(key),
                    start: a,
                    len: b - a,
                }
            })
            .collect();
    }

    fn walk(
        &mut self,
        at: Point,
        seen: Points,
        inter: Points,
        len: usize,
        seq: &mut [Point; MAX_ROLL],
        depth: usize,
    ) {
        for i in 0..self.neighbours[at.index()].len() {
            let q = self.neighbours[at.index()][i];
            if seen & bit(q) != 0 {
                continue;
            }
            seq[depth] = q;
            if depth + 1 == len {
                self.routes.push(Route {
                    to: q,
                    inter,
                    seq: *seq,
                    len: len as u8,
                });
            } else {
                self.walk(q, seen | bit(q), inter | bit(q), len, seq, depth + 1);
            }
        }
    }

    /// Every point of the board, in board order.
    pub fn points(&self) -> impl DoubleEndedIterator<Item = Point> + ExactSizeIterator + Clone {
        (0..self.names.len() as u8).map(Point::at)
    }

    /// Every way of moving exactly `len` points (1..=6) from `p` without
    /// stepping on a point twice; empty for other lengths.
    #[inline(always)]
    pub fn routes(&self, p: Point, len: usize) -> &[Route] {
        if len == 0 || len > MAX_ROLL {
            return &[];
        }
        let (a, b) = self.route_index[p.index() * (MAX_ROLL + 1) + len];
        &self.routes[a as usize..b as usize]
    }

    /// The points passed by the first route of exactly `len` points (1..=6)
    /// from `p` to `to` that passes none of `blocked`, if any.
    #[inline(always)]
    pub fn open_route(&self, p: Point, len: usize, to: Point, blocked: Points) -> Option<Points> {
        if len == 0 || len > MAX_ROLL {
            return None;
        }
        let set = self.route_sets[p.index() * (MAX_ROLL + 1) + len];
        let routes = self
            .routes
            .get(set.start as usize..set.start as usize + set.len as usize)?;
        let open = |route: &&Route| route.to == to && route.inter & blocked == 0;
        if routes.len() > 16 {
            return routes.iter().find(open).map(|route| route.inter);
        }
        // The first route landing on `to`: the lowest zero byte of `key ^ to`.
        const ONES: u128 = u128::MAX / 0xff;
        let x = set.key ^ (ONES * u128::from(to.byte()));
        let zeros = x.wrapping_sub(ONES) & !x & (ONES << 7);
        if zeros == 0 {
            return None;
        }
        let k = (zeros.trailing_zeros() / 8) as usize;
        let first = routes.get(k)?;
        if first.inter & blocked == 0 {
            return Some(first.inter);
        }
        routes[k + 1..].iter().find(open).map(|route| route.inter)
    }

    /// The route [`open_route`](Board::open_route) finds, with the points
    /// it steps on: the first route of exactly `len` points (1..=6) from `p`
    /// to `to` passing none of `blocked`, if any. Pictures draw it.
    pub fn open_path(&self, p: Point, len: usize, to: Point, blocked: Points) -> Option<&Route> {
        self.routes(p, len)
            .iter()
            .find(|route| route.to == to && route.inter & blocked == 0)
    }

    /// The points of `route` in order, the landing point last.
    pub fn route_points<'r>(&self, route: &'r Route) -> &'r [Point] {
        route.points()
    }

    /// The point called `name` (`a1`..`q13`, `i14`), if any: column letter
    /// and row number without a leading zero.
    #[inline]
    pub fn point(&self, name: &(impl AsRef<[u8]> + ?Sized)) -> Option<Point> {
        std::str::from_utf8(name.as_ref())
            .ok()
            .and_then(Name::try_new)
            .and_then(|name| self.point_of_name(name))
    }

    /// [`point`](Board::point) for a name already read, from its
    /// [`Name::key`]: an entry of a table read ([`ByKey`]), and the key of
    /// the point it holds compared, without a branch. The table of names by
    /// column and row that the board is built with checks each byte first:
    /// twice the instructions, and this lookup is made two or three times a
    /// turn.
    #[inline(always)]
    pub fn point_of_name(&self, name: Name) -> Option<Point> {
        self.by_key.get(name.key()).map(Point)
    }

    /// The name of point `p`.
    pub fn name(&self, p: Point) -> &Name {
        &self.names[p.index()]
    }

    /// Number of points, the goal included.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True for a board without points (never the case of a loaded board).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Every point of the board, as a set.
    pub fn all(&self) -> Points {
        (1u128 << self.len()) - 1
    }

    /// The drawing coordinates of `p`: column from the left, row from the top.
    pub fn xy(&self, p: Point) -> (u8, u8) {
        self.xy[p.index()]
    }

    /// The points joined to `p` by a line.
    pub fn neighbours(&self, p: Point) -> &[Point] {
        &self.neighbours[p.index()]
    }

    /// Every line of the board.
    pub fn lines(&self) -> &[(Point, Point)] {
        &self.lines
    }

    /// The goal.
    pub fn goal(&self) -> Point {
        self.goal
    }

    /// The only point next to the goal.
    pub fn before_goal(&self) -> Point {
        self.before_goal
    }

    /// The barricade points (where the barricades stand at the start).
    pub fn barricade_points(&self) -> Points {
        self.barricades
    }

    /// The bottom row, where the start points are.
    pub fn bottom_row(&self) -> Points {
        self.bottom_row
    }

    /// The start point of `colour` (R G Y B).
    pub fn start(&self, colour: Colour) -> Point {
        self.starts[colour.index()]
    }

    /// The points of drawing row `y` (0 = top), as a set.
    pub fn row(&self, y: u8) -> Points {
        self.points()
            .filter(|&p| self.xy(p).1 == y)
            .fold(0, |acc, p| acc | bit(p))
    }

    /// The number of the row a point is on (1 = bottom), as in its name.
    pub fn rank(&self, p: Point) -> u8 {
        self.rows - self.xy(p).1
    }

    /// Number of drawing rows.
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// Number of drawing columns.
    pub fn columns(&self) -> u8 {
        self.columns
    }

    /// The point drawn at column x, row y (0 = top), if any.
    pub fn at(&self, x: u8, y: u8) -> Option<Point> {
        *self.grid.get(y as usize)?.get(x as usize)?
    }

    /// Fewest steps from `p` to the goal, barricades ignored.
    pub fn distance(&self, p: Point) -> u8 {
        self.distance[p.index()]
    }

    /// A neighbour of `p` one step nearer the goal (`None` for the goal).
    pub fn toward_goal(&self, p: Point) -> Option<Point> {
        self.toward_goal[p.index()]
    }

    /// True when `a` and `b` are joined by a line.
    pub fn joined(&self, a: Point, b: Point) -> bool {
        self.neighbours[a.index()].contains(&b)
    }
}

/// The point of the table of names `by_name` called `name`: every check
/// at once from its [`Name::key`], without a branch per byte.
#[inline(always)]
fn point_in(by_name: &[Option<Point>; 26 * NAME_RANKS], name: Name) -> Option<Point> {
    let key = name.key();
    let x = (key as u8).wrapping_sub(b'a') as usize;
    let tens = ((key >> 8) as u8).wrapping_sub(b'0') as usize;
    let third = (key >> 16) as u8;
    let three = third != 0;
    let units = third.wrapping_sub(b'0') as usize;
    let bad = (key >> 24 != 0) | (x >= 26) | (tens.wrapping_sub(1) >= 9) | (three & (units >= 10));
    if bad {
        return None;
    }
    let rank = if three { tens * 10 + units } else { tens };
    by_name[x * NAME_RANKS + rank]
}

/// The fewest steps from each point to the goal, and a neighbour one step
/// nearer (breadth first from the goal).
///
/// # Errors
/// The index of a point with no way to the goal.
fn distances(
    neighbours: &[Vec<Point>],
    goal: Point,
) -> Result<(Vec<u8>, Vec<Option<Point>>), usize> {
    let n = neighbours.len();
    let mut distance: Vec<Option<u8>> = vec![None; n];
    let mut toward_goal = vec![None; n];
    distance[goal.index()] = Some(0);
    let mut queue = vec![goal];
    let mut head = 0;
    while let Some(&p) = queue.get(head) {
        head += 1;
        let steps = distance[p.index()].unwrap_or(0) + 1;
        for &q in &neighbours[p.index()] {
            if distance[q.index()].is_none() {
                distance[q.index()] = Some(steps);
                toward_goal[q.index()] = Some(p);
                queue.push(q);
            }
        }
    }
    let distance = distance
        .iter()
        .enumerate()
        .map(|(i, d)| d.ok_or(i))
        .collect::<Result<_, _>>()?;
    Ok((distance, toward_goal))
}

/// The name of the point at column x, row y (0 = top) on a board of `rows` rows.
fn scheme_name(x: u8, y: u8, rows: u8) -> String {
    format!("{}{}", (b'a' + x) as char, rows - y)
}

/// The iterator over the points of a set, lowest first.
#[inline]
pub fn iter_points(mut set: Points) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let p = Point::at(set.trailing_zeros() as u8);
            set &= set - 1;
            Some(p)
        }
    })
}

/// The lowest point of a set, if any.
#[inline]
pub fn first_point(set: Points) -> Option<Point> {
    (set != 0).then(|| Point::at(set.trailing_zeros() as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        let b = Board::standard();
        for p in b.points() {
            assert_eq!(b.point(b.name(p)), Some(p));
        }
        assert_eq!(b.point("i14"), Some(b.goal()));
        for bad in [
            "", "a", "a0", "a01", "r1", "a15", "b2", "i", "A1", "a1x", "zz9",
        ] {
            assert_eq!(b.point(bad), None, "{bad}");
        }
    }

    #[test]
    fn points_are_found_by_key_as_by_bytes() {
        let b = Board::standard();
        assert_eq!(Name::new(HOUSE).key(), HOUSE_KEY);
        let mut names = vec![String::new(), "h".into(), "a".into(), "abcd".into()];
        for x in ["a", "i", "q", "r", "z", "A", "`"] {
            for rank in [
                "0", "1", "9", "10", "13", "14", "19", "99", "01", "100", "1a", ":",
            ] {
                names.push(format!("{x}{rank}"));
            }
        }
        for name in names {
            assert_eq!(
                b.point_of_name(Name::new(&name)),
                b.point(name.as_bytes()),
                "{name:?}"
            );
        }
        for p in b.points() {
            assert_eq!(b.point_of_name(*b.name(p)), Some(p));
        }
    }

    #[test]
    fn the_table_by_key_finds_the_point_of_that_name() {
        // The reference: the point whose name it is, searched for.
        let search = |b: &Board, name: Name| b.points().find(|&p| *b.name(p) == name);
        // A board of twelve rows: names of one digit and of two.
        let tall = Board::from_yaml(
            "columns: 4\nrows: 12\ngoal: b12\npoints:\n\
             - {name: b12, x: 1, y: 0}\n- {name: b11, x: 1, y: 1}\n\
             - {name: a1, x: 0, y: 11}\n- {name: b1, x: 1, y: 11}\n\
             - {name: c1, x: 2, y: 11}\n- {name: d1, x: 3, y: 11}\n\
             lines: [[b12, b11], [b11, b1], [a1, b1], [b1, c1], [c1, d1]]\n\
             barricades: [b11]\nbottom_row: [a1, b1, c1, d1]\nstarts:\n\
             - {seat: R, colour: red, point: a1}\n\
             - {seat: G, colour: green, point: b1}\n\
             - {seat: Y, colour: yellow, point: c1}\n\
             - {seat: B, colour: blue, point: d1}\n",
        )
        .expect("a board of twelve rows");
        for b in [Board::standard(), &tall] {
            for p in b.points() {
                assert_eq!(b.point_of_name(*b.name(p)), Some(p));
            }
            // Every text of up to four of these characters, and every column
            // letter with every number up to 999.
            let alphabet = [
                "a", "h", "i", "q", "z", "A", "`", "{", "0", "1", "4", "9", ":", "/", " ", "é",
            ];
            let mut texts = vec![String::new()];
            let mut last = vec![String::new()];
            for _ in 0..4 {
                last = last
                    .iter()
                    .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                    .collect();
                texts.extend(last.iter().cloned());
            }
            for x in b'a'..=b'z' {
                for rank in 0..1000 {
                    texts.push(format!("{}{rank}", x as char));
                }
            }
            assert!(texts.len() > 60_000);
            for text in &texts {
                let name = Name::new(text);
                assert_eq!(b.point_of_name(name), search(b, name), "{text:?}");
            }
        }
    }

    #[test]
    fn points_keep_their_index() {
        for i in 0..Point::MAX {
            let p = Point::new(i).expect("below 128");
            assert_eq!(p.index(), i);
            assert_eq!(bit(p), 1u128 << i);
            assert_eq!(iter_points(bit(p)).collect::<Vec<_>>(), [p]);
        }
        assert_eq!(Point::new(Point::MAX), None);
        assert_eq!(std::mem::size_of::<Option<Point>>(), 1);
    }

    #[test]
    fn routes_never_step_twice() {
        let b = Board::standard();
        for p in b.points() {
            for len in 1..=MAX_ROLL {
                for route in b.routes(p, len) {
                    let mut seen = bit(p);
                    let mut at = p;
                    assert_eq!(route.points().len(), len);
                    for &q in route.points() {
                        assert!(b.joined(at, q));
                        assert_eq!(seen & bit(q), 0);
                        seen |= bit(q);
                        at = q;
                    }
                    assert_eq!(route.inter | bit(route.landing()) | bit(p), seen);
                }
            }
        }
    }

    #[test]
    fn a_point_cut_off_from_the_goal_is_refused() {
        let yaml = |lines: &str| {
            format!(
                "columns: 4\nrows: 3\ngoal: b3\npoints:\n\
                 - {{name: b3, x: 1, y: 0}}\n- {{name: b2, x: 1, y: 1}}\n\
                 - {{name: a1, x: 0, y: 2}}\n- {{name: b1, x: 1, y: 2}}\n\
                 - {{name: c1, x: 2, y: 2}}\n- {{name: d1, x: 3, y: 2}}\n\
                 lines: [[b3, b2], [b2, b1], [a1, b1], [b1, c1]{lines}]\n\
                 barricades: [b2]\nbottom_row: [a1, b1, c1, d1]\nstarts:\n\
                 - {{seat: R, colour: red, point: a1}}\n\
                 - {{seat: G, colour: green, point: b1}}\n\
                 - {{seat: Y, colour: yellow, point: c1}}\n\
                 - {{seat: B, colour: blue, point: d1}}\n"
            )
        };
        assert_eq!(
            Board::from_yaml(&yaml(""))
                .err()
                .map(|e| e.to_string())
                .as_deref(),
            Some("point d1 has no way to the goal")
        );
        let board = Board::from_yaml(&yaml(", [c1, d1]")).expect("a joined board");
        let d1 = board.point("d1").expect("d1");
        assert_eq!(board.distance(d1), 4);
        assert_eq!(board.toward_goal(d1), board.point("c1"));
    }

    #[test]
    fn every_point_leads_to_the_goal() {
        let b = Board::standard();
        assert_eq!(b.toward_goal(b.goal()), None);
        for p in b.points().filter(|&p| p != b.goal()) {
            let next = b.toward_goal(p).expect("a way to the goal");
            assert_eq!(b.distance(next) + 1, b.distance(p));
        }
    }
}
