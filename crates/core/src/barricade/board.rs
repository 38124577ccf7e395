//! The Barricade board: points, lines, the goal, the barricade points and
//! the start points, read from `rules/barricade.yaml`, with everything the
//! rules look up precomputed (routes of every length, distances to the goal).

use std::sync::LazyLock;

use billes_notation::Name;
use serde::Deserialize;

/// A point of the board, by index (0..112 on the standard board).
pub type Point = u8;

/// "No point": an empty slot in a table.
pub const NONE: Point = u8::MAX;

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
#[inline]
pub fn bit(p: Point) -> Points {
    1u128 << p
}

/// One way of moving a given number of points from a point: every point
/// passed (`inter`, not counting the start and the landing point) and the
/// points in order (`seq`, landing last).
#[derive(Debug, Clone, Copy)]
pub struct Route {
    /// Where the route ends.
    pub to: Point,
    /// The points passed on the way (start and landing excluded).
    pub inter: Points,
    /// The points stepped on, in order, the landing point last.
    pub seq: [Point; MAX_ROLL],
    /// How many points of `seq` are used.
    pub len: u8,
}

impl Route {
    /// Where the route ends.
    #[inline]
    pub fn landing(&self) -> Point {
        self.to
    }
}

/// The board of the game.
#[derive(Debug)]
pub struct Board {
    names: Vec<Name>,
    xy: Vec<(u8, u8)>,
    /// `grid[y][x]`: the point drawn at column x, row y (top row 0), or NONE.
    grid: Vec<Vec<Point>>,
    columns: u8,
    rows: u8,
    neighbours: Vec<Vec<Point>>,
    lines: Vec<(Point, Point)>,
    goal: Point,
    before_goal: Point,
    barricades: Points,
    bottom_row: Points,
    starts: [Point; 4],
    distance: Vec<u8>,
    toward_goal: Vec<Point>,
    routes: Vec<Route>,
    /// `route_index[p * (MAX_ROLL + 1) + n]`: the range of `routes` of length n from p.
    route_index: Vec<(u32, u32)>,
    /// `route_sets[p * (MAX_ROLL + 1) + n]`: the routes of `route_index`
    /// with their landing points as a key, for [`Board::open_route`].
    route_sets: Vec<RouteSet>,
    /// `by_name[column * NAME_RANKS + rank]`: the point named by that column
    /// letter and row number, or NONE.
    by_name: Box<[Point; 26 * NAME_RANKS]>,
}

/// The routes of one length from one point, as [`Board::open_route`] reads them.
#[derive(Debug, Clone, Copy)]
struct RouteSet {
    /// The landing points of the routes, one byte each in order, NONE after
    /// the last (meaningless when there are more than 16 routes).
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

/// The standard board, embedded from `rules/barricade.yaml`.
static STANDARD: LazyLock<Board> = LazyLock::new(|| {
    Board::from_yaml(include_str!("../../../../rules/barricade.yaml"))
        .unwrap_or_else(|e| panic!("rules/barricade.yaml: {e}"))
});

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
    /// unknown points, more than 128 points, no single point before the goal.
    pub fn from_yaml(text: &str) -> Result<Board, String> {
        let file: BoardFile = serde_yaml::from_str(text).map_err(|e| e.to_string())?;
        if file.points.len() > 128 {
            return Err("a board has at most 128 points".into());
        }
        if file.columns as usize > 26 || file.rows > 99 {
            return Err("a board has at most 26 columns and 99 rows".into());
        }
        let mut grid = vec![vec![NONE; file.columns as usize]; file.rows as usize];
        let mut names = Vec::new();
        let mut xy = Vec::new();
        for (i, p) in file.points.iter().enumerate() {
            if p.x >= file.columns || p.y >= file.rows {
                return Err(format!("point {} is off the board", p.name));
            }
            let expected = scheme_name(p.x, p.y, file.rows);
            if p.name != expected {
                return Err(format!(
                    "point at x={} y={} must be named {expected}",
                    p.x, p.y
                ));
            }
            let cell = &mut grid[p.y as usize][p.x as usize];
            if *cell != NONE {
                return Err(format!("two points at {}", p.name));
            }
            *cell = i as Point;
            names.push(Name::try_new(&p.name).ok_or_else(|| {
                format!(
                    "point name {:?} is longer than {} characters",
                    p.name,
                    Name::MAX
                )
            })?);
            xy.push((p.x, p.y));
        }
        let mut board = Board {
            names,
            xy,
            grid,
            columns: file.columns,
            rows: file.rows,
            neighbours: vec![Vec::new(); file.points.len()],
            lines: Vec::new(),
            goal: NONE,
            before_goal: NONE,
            barricades: 0,
            bottom_row: 0,
            starts: [NONE; 4],
            distance: Vec::new(),
            toward_goal: Vec::new(),
            routes: Vec::new(),
            route_index: Vec::new(),
            route_sets: Vec::new(),
            by_name: Box::new([NONE; 26 * NAME_RANKS]),
        };
        for (y, row) in board.grid.iter().enumerate() {
            let rank = file.rows as usize - y;
            for (x, &p) in row.iter().enumerate() {
                board.by_name[x * NAME_RANKS + rank] = p;
            }
        }
        let find =
            |b: &Board, name: &str| b.point(name).ok_or_else(|| format!("unknown point {name}"));
        for [a, b] in &file.lines {
            let (a, b) = (find(&board, a)?, find(&board, b)?);
            if a == b || board.neighbours[a as usize].contains(&b) {
                return Err(format!("bad line {}-{}", board.name(a), board.name(b)));
            }
            board.neighbours[a as usize].push(b);
            board.neighbours[b as usize].push(a);
            board.lines.push((a, b));
        }
        board.goal = find(&board, &file.goal)?;
        match board.neighbours[board.goal as usize].as_slice() {
            [only] => board.before_goal = *only,
            _ => return Err("the goal must have exactly one neighbour".into()),
        }
        for name in &file.barricades {
            board.barricades |= bit(find(&board, name)?);
        }
        for name in &file.bottom_row {
            board.bottom_row |= bit(find(&board, name)?);
        }
        for start in &file.starts {
            let seat = SEATS
                .iter()
                .position(|s| *s == start.seat)
                .ok_or_else(|| format!("unknown seat {}", start.seat))?;
            board.starts[seat] = find(&board, &start.point)?;
        }
        if board.starts.contains(&NONE) {
            return Err("every seat R G Y B needs a start point".into());
        }
        board.compute_distances();
        board.compute_routes();
        Ok(board)
    }

    fn compute_distances(&mut self) {
        let n = self.names.len();
        self.distance = vec![u8::MAX; n];
        self.toward_goal = vec![NONE; n];
        self.distance[self.goal as usize] = 0;
        let mut queue = vec![self.goal];
        let mut head = 0;
        while head < queue.len() {
            let p = queue[head];
            head += 1;
            for &q in &self.neighbours[p as usize] {
                if self.distance[q as usize] == u8::MAX {
                    self.distance[q as usize] = self.distance[p as usize] + 1;
                    self.toward_goal[q as usize] = p;
                    queue.push(q);
                }
            }
        }
    }

    fn compute_routes(&mut self) {
        let n = self.names.len();
        self.route_index = vec![(0, 0); n * (MAX_ROLL + 1)];
        for p in 0..n as Point {
            for len in 1..=MAX_ROLL {
                let start = self.routes.len() as u32;
                let mut seq = [NONE; MAX_ROLL];
                self.walk(p, bit(p), 0, len, &mut seq, 0);
                self.route_index[p as usize * (MAX_ROLL + 1) + len] =
                    (start, self.routes.len() as u32);
            }
        }
        self.route_sets = self
            .route_index
            .iter()
            .map(|&(a, b)| {
                let mut key = [NONE; 16];
                for (k, r) in key.iter_mut().zip(&self.routes[a as usize..b as usize]) {
                    *k = r.to;
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
        for i in 0..self.neighbours[at as usize].len() {
            let q = self.neighbours[at as usize][i];
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
        seq[depth] = NONE;
    }

    /// Every way of moving exactly `len` points (1..=6) from `p` without
    /// stepping on a point twice; empty for other lengths.
    #[inline(always)]
    pub fn routes(&self, p: Point, len: usize) -> &[Route] {
        if len == 0 || len > MAX_ROLL {
            return &[];
        }
        let (a, b) = self.route_index[p as usize * (MAX_ROLL + 1) + len];
        &self.routes[a as usize..b as usize]
    }

    /// The points passed by the first route of exactly `len` points (1..=6)
    /// from `p` to `to` that passes none of `blocked`, if any.
    #[inline(always)]
    pub fn open_route(&self, p: Point, len: usize, to: Point, blocked: Points) -> Option<Points> {
        if len == 0 || len > MAX_ROLL {
            return None;
        }
        let set = self.route_sets[p as usize * (MAX_ROLL + 1) + len];
        let routes = self
            .routes
            .get(set.start as usize..set.start as usize + set.len as usize)?;
        let open = |r: &Route| r.to == to && r.inter & blocked == 0;
        if routes.len() > 16 {
            return routes.iter().find(|r| open(r)).map(|r| r.inter);
        }
        // The first route landing on `to`: the lowest zero byte of `key ^ to`.
        const ONES: u128 = u128::MAX / 0xff;
        let x = set.key ^ (ONES * u128::from(to));
        let zeros = x.wrapping_sub(ONES) & !x & (ONES << 7);
        if zeros == 0 {
            return None;
        }
        let k = (zeros.trailing_zeros() / 8) as usize;
        let first = routes.get(k)?;
        if first.inter & blocked == 0 {
            return Some(first.inter);
        }
        routes[k + 1..].iter().find(|r| open(r)).map(|r| r.inter)
    }

    /// The route [`open_route`](Board::open_route) finds, with the points
    /// it steps on: the first route of exactly `len` points (1..=6) from `p`
    /// to `to` passing none of `blocked`, if any. Pictures draw it.
    pub fn open_path(&self, p: Point, len: usize, to: Point, blocked: Points) -> Option<&Route> {
        self.routes(p, len)
            .iter()
            .find(|r| r.to == to && r.inter & blocked == 0)
    }

    /// The points of `route` in order, the landing point last.
    pub fn route_points<'r>(&self, route: &'r Route) -> &'r [Point] {
        &route.seq[..route.len as usize]
    }

    /// The point called `name` (`a1`..`q13`, `i14`), if any.
    #[inline]
    pub fn point(&self, name: &(impl AsRef<[u8]> + ?Sized)) -> Option<Point> {
        let p = self.point_of(name.as_ref());
        (p != NONE).then_some(p)
    }

    /// The point called `name` (column letter and row number without a
    /// leading zero), or NONE.
    pub fn point_of(&self, name: &[u8]) -> Point {
        std::str::from_utf8(name)
            .ok()
            .and_then(Name::try_new)
            .map_or(NONE, |name| self.point_of_name(name))
    }

    /// [`point_of`](Board::point_of) for a name already read, from its
    /// [`Name::key`]: every check at once, without a branch per byte.
    #[inline(always)]
    pub fn point_of_name(&self, name: Name) -> Point {
        let key = name.key();
        let x = (key as u8).wrapping_sub(b'a') as usize;
        let tens = ((key >> 8) as u8).wrapping_sub(b'0') as usize;
        let third = (key >> 16) as u8;
        let three = third != 0;
        let units = third.wrapping_sub(b'0') as usize;
        let bad =
            (key >> 24 != 0) | (x >= 26) | (tens.wrapping_sub(1) >= 9) | (three & (units >= 10));
        if bad {
            return NONE;
        }
        let rank = if three { tens * 10 + units } else { tens };
        self.by_name[x * NAME_RANKS + rank]
    }

    /// The name of point `p`.
    pub fn name(&self, p: Point) -> &Name {
        &self.names[p as usize]
    }

    /// Number of points, the goal included.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True for a board without points (never the case of a loaded board).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The drawing coordinates of `p`: column from the left, row from the top.
    pub fn xy(&self, p: Point) -> (u8, u8) {
        self.xy[p as usize]
    }

    /// The points joined to `p` by a line.
    pub fn neighbours(&self, p: Point) -> &[Point] {
        &self.neighbours[p as usize]
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

    /// The start point of colour `c` (0..4 for R G Y B).
    pub fn start(&self, c: usize) -> Point {
        self.starts[c]
    }

    /// The points of drawing row `y` (0 = top), as a set.
    pub fn row(&self, y: u8) -> Points {
        (0..self.len() as Point)
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
        let p = *self.grid.get(y as usize)?.get(x as usize)?;
        (p != NONE).then_some(p)
    }

    /// Fewest steps from `p` to the goal, barricades ignored.
    pub fn distance(&self, p: Point) -> u8 {
        self.distance[p as usize]
    }

    /// A neighbour of `p` one step nearer the goal (NONE for the goal).
    pub fn toward_goal(&self, p: Point) -> Point {
        self.toward_goal[p as usize]
    }

    /// True when `a` and `b` are joined by a line.
    pub fn joined(&self, a: Point, b: Point) -> bool {
        self.neighbours[a as usize].contains(&b)
    }
}

/// The name of the point at column x, row y (0 = top) on a board of `rows` rows.
fn scheme_name(x: u8, y: u8, rows: u8) -> String {
    format!("{}{}", (b'a' + x) as char, rows - y)
}

/// The iterator over the points of a set, lowest first.
pub fn iter_points(mut set: Points) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let p = set.trailing_zeros() as Point;
            set &= set - 1;
            Some(p)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        let b = Board::standard();
        for p in 0..b.len() as Point {
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
            let bytes = name.as_bytes();
            assert_eq!(
                b.point_of_name(Name::new(&name)),
                b.point_of(bytes),
                "{name:?}"
            );
        }
        for p in 0..b.len() as Point {
            assert_eq!(
                b.point_of_name(*b.name(p)),
                b.point_of(b.name(p).as_bytes())
            );
        }
    }

    #[test]
    fn routes_never_step_twice() {
        let b = Board::standard();
        for p in 0..b.len() as Point {
            for len in 1..=MAX_ROLL {
                for r in b.routes(p, len) {
                    let mut seen = bit(p);
                    let mut at = p;
                    for &q in &r.seq[..len] {
                        assert!(b.joined(at, q));
                        assert_eq!(seen & bit(q), 0);
                        seen |= bit(q);
                        at = q;
                    }
                    assert_eq!(r.inter | bit(r.landing()) | bit(p), seen);
                }
            }
        }
    }
}
