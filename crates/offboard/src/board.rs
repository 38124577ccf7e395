//! The board: 61 cells in Abalone coordinates, six directions and twelve
//! targets around the rim, built once from `rules/offboard.yaml`.

use std::sync::OnceLock;

use billes_game::BoardError;
use billes_notation::Name;
use serde::Deserialize;

pub use super::places::{Cell, Direction, Target};

/// The board description and standard parameters as shipped: a copy of
/// `rules/offboard.yaml` kept in the crate, identical to it (a test
/// compares them).
pub const RULES_YAML: &str = include_str!("../boards/offboard.yaml");

/// The number of targets around the rim.
pub const TARGETS: usize = 12;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RulesFile {
    pub board: BoardSpec,
    pub standard: serde_yaml::Value,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoardSpec {
    rows: Vec<RowSpec>,
    directions: Vec<DirectionSpec>,
    targets: Vec<TargetSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RowSpec {
    row: char,
    first: u8,
    last: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DirectionSpec {
    name: String,
    step: [i8; 2],
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TargetSpec {
    name: String,
    side: [String; 2],
    dir: String,
}

/// The board geometry: cell names and neighbours, directions, targets.
#[derive(Debug)]
pub struct Board {
    names: Vec<String>,
    /// The same names as notation's names, for the moves the rules make
    /// (a complete move names two or three cells a turn).
    labels: Vec<Name>,
    coords: Vec<(i8, i8)>,
    /// Per cell and direction: the neighbour (`None` beyond the rim), by
    /// [`Cell::slot`] (row 0, of no cell, holds no neighbour): the hottest
    /// table of the move generator, read without an index to compute.
    neighbours: Vec<[Option<Cell>; 6]>,
    /// The cell by `(row letter - 'a') * 10 + diagonal digit`.
    lookup: [Option<Cell>; 260],
    direction_names: [String; 6],
    direction_labels: [Name; 6],
    /// The [`Name::key`] of each direction name, to look them up, and
    /// `u64::MAX` (the key of no name) after them.
    direction_keys: [u64; 8],
    /// A perfect hash of the direction keys: the direction (6: none) in
    /// slot `key * direction_mul >> 61`; `direction_mul` is 0 if none was found.
    direction_slots: [u8; 8],
    direction_mul: u64,
    steps: [(i8, i8); 6],
    target_names: Vec<String>,
    /// Per cell and direction: the (up to two) targets a marble pushed off
    /// there could reach.
    landing: Vec<[[Option<Target>; 2]; 6]>,
    rows: Vec<(char, u8, u8)>,
}

/// The board of `rules/offboard.yaml`.
pub fn board() -> &'static Board {
    static BOARD: OnceLock<Board> = OnceLock::new();
    BOARD.get_or_init(|| {
        let file: RulesFile = serde_yaml::from_str(RULES_YAML).expect("rules/offboard.yaml parses");
        Board::from_spec(&file.board).expect("rules/offboard.yaml describes a board")
    })
}

/// The names of the six directions.
type DirectionNames = [String; 6];

/// The step (row, diagonal) of each direction.
type Steps = [(i8, i8); 6];

/// The six directions of a hex board, named, with their steps (row,
/// diagonal); d and d+3 are opposite.
fn directions(spec: &BoardSpec) -> Result<(DirectionNames, Steps), BoardError> {
    if spec.directions.len() != 6 {
        return Err(BoardError::Shape("a hex board has six directions".into()));
    }
    let mut direction_names: [String; 6] = Default::default();
    let mut steps = [(0i8, 0i8); 6];
    for (i, d) in spec.directions.iter().enumerate() {
        direction_names[i] = d.name.clone();
        steps[i] = (d.step[0], d.step[1]);
    }
    for d in 0..6 {
        let (a, b) = steps[d];
        if steps[(d + 3) % 6] != (-a, -b) {
            return Err(BoardError::Shape(
                "directions must be listed so that d and d+3 are opposite".into(),
            ));
        }
    }
    Ok((direction_names, steps))
}

impl Board {
    /// The board a rules file describes: its directions, cells, neighbours
    /// and the targets beyond its edges.
    fn from_spec(spec: &BoardSpec) -> Result<Board, BoardError> {
        let (direction_names, steps) = directions(spec)?;
        let mut names = Vec::new();
        let mut coords = Vec::new();
        let mut lookup = [None; 260];
        for (r, row) in spec.rows.iter().enumerate() {
            if !row.row.is_ascii_lowercase() || row.first < 1 || row.last > 9 {
                return Err(BoardError::Shape(format!(
                    "row {} is not a lowercase letter with diagonals 1 to 9",
                    row.row
                )));
            }
            for c in row.first..=row.last {
                let Some(cell) = Cell::checked(names.len(), Cell::MAX) else {
                    return Err(BoardError::Shape(format!(
                        "a board has at most {} cells",
                        Cell::MAX
                    )));
                };
                lookup[(row.row as u8 - b'a') as usize * 10 + c as usize] = Some(cell);
                names.push(format!("{}{}", row.row, c));
                coords.push((r as i8, c as i8 - 1));
            }
        }
        let find = |row: i8, diagonal: i8| -> Option<Cell> {
            coords
                .iter()
                .position(|&x| x == (row, diagonal))
                .map(|i| Cell::new(i as u8))
        };
        let next: Vec<[Option<Cell>; 6]> = coords
            .iter()
            .map(|&(row, diagonal)| steps.map(|(dr, dc)| find(row + dr, diagonal + dc)))
            .collect();
        let direction_of = |name: &str| -> Result<Direction, BoardError> {
            direction_names
                .iter()
                .position(|d| d == name)
                .map(|d| Direction::new(d as u8))
                .ok_or_else(|| BoardError::Shape(format!("no direction {name}")))
        };
        if spec.targets.len() != TARGETS {
            return Err(BoardError::Shape(format!(
                "the board has {TARGETS} targets"
            )));
        }
        let mut landing = vec![[[None; 2]; 6]; names.len()];
        let mut target_names = Vec::new();
        for (target, spec) in Target::all().zip(&spec.targets) {
            target_names.push(spec.name.clone());
            let side = [direction_of(&spec.side[0])?, direction_of(&spec.side[1])?];
            let direction = direction_of(&spec.dir)?;
            for (cell, neighbours) in next.iter().enumerate() {
                if neighbours[side[0].index()].is_none() && neighbours[side[1].index()].is_none() {
                    let slot = &mut landing[cell][direction.index()];
                    if slot[0].is_none() {
                        slot[0] = Some(target);
                    } else {
                        slot[1] = Some(target);
                    }
                }
            }
        }
        for (cell, neighbours) in next.iter().enumerate() {
            for d in 0..6 {
                if neighbours[d].is_none() && landing[cell][d][0].is_none() {
                    return Err(BoardError::Shape(format!(
                        "no target beyond {} towards {}",
                        names[cell], direction_names[d]
                    )));
                }
            }
        }
        let rows = spec.rows.iter().map(|r| (r.row, r.first, r.last)).collect();
        let keys = direction_names
            .each_ref()
            .map(|d| Name::try_new(d).map_or(u64::MAX, |n| n.key()));
        let mut direction_keys = [u64::MAX; 8];
        direction_keys[..6].copy_from_slice(&keys);
        let (direction_mul, direction_slots) = perfect_hash(&keys);
        Ok(Board {
            labels: names.iter().map(|n| Name::new(n)).collect(),
            direction_labels: direction_names.each_ref().map(|d| Name::new(d)),
            names,
            coords,
            neighbours: std::iter::once([None; 6]).chain(next).collect(),
            lookup,
            direction_names,
            direction_keys,
            direction_slots,
            direction_mul,
            steps,
            target_names,
            landing,
            rows,
        })
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the board has no cells (never true for a real board).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Every cell of the board, `a1` first.
    pub fn cells(&self) -> impl DoubleEndedIterator<Item = Cell> + ExactSizeIterator + Clone {
        Cell::all(self.len())
    }

    /// The name of a cell (`e5`).
    pub fn cell_name(&self, cell: Cell) -> &str {
        &self.names[cell.index()]
    }

    /// The name of a cell as a notation's name (`e5`).
    pub fn cell_label(&self, cell: Cell) -> Name {
        self.labels[cell.index()]
    }

    /// The cell called `name`, if any.
    #[inline]
    pub fn cell(&self, name: &(impl AsRef<[u8]> + ?Sized)) -> Option<Cell> {
        let name = std::str::from_utf8(name.as_ref()).ok()?;
        self.cell_of(Name::try_new(name)?)
    }

    /// [`cell`](Board::cell) for a name already read, by its [`Name::key`].
    #[inline(always)]
    pub fn cell_of(&self, name: Name) -> Option<Cell> {
        let key = name.key();
        let row = (key as u8).wrapping_sub(b'a');
        let diagonal = ((key >> 8) as u8).wrapping_sub(b'0');
        if key >> 16 != 0 || row >= 26 || !(1..=9).contains(&diagonal) {
            return None;
        }
        self.lookup[usize::from(row) * 10 + usize::from(diagonal)]
    }

    /// The neighbour of `cell` towards `direction`; `None` beyond the rim.
    #[inline(always)]
    pub fn next(&self, cell: Cell, direction: Direction) -> Option<Cell> {
        self.neighbours[cell.slot()][direction.index()]
    }

    /// The name of a direction (`ne`).
    pub fn direction_name(&self, direction: Direction) -> &str {
        &self.direction_names[direction.index()]
    }

    /// The name of a direction as a notation's name (`ne`).
    pub fn direction_label(&self, direction: Direction) -> Name {
        self.direction_labels[direction.index()]
    }

    /// The direction called `name`, if any.
    #[inline]
    pub fn direction(&self, name: &(impl AsRef<[u8]> + ?Sized)) -> Option<Direction> {
        let name = std::str::from_utf8(name.as_ref()).ok()?;
        self.direction_of(Name::try_new(name)?)
    }

    /// The name of a target: `t1`..`t12`.
    pub fn target_name(&self, target: Target) -> &str {
        &self.target_names[target.index()]
    }

    /// The direction called `name`, if any: [`direction`](Board::direction)
    /// for a name already read, by its [`Name::key`].
    #[inline(always)]
    pub fn direction_of(&self, name: Name) -> Option<Direction> {
        let key = name.key();
        if self.direction_mul == 0 {
            return self.direction_keys[..6]
                .iter()
                .position(|&k| k == key)
                .map(|d| Direction::new(d as u8));
        }
        // One slot, one comparison, no branch on the direction (the
        // directions of a game's moves are unpredictable).
        let d = self.direction_slots[(key.wrapping_mul(self.direction_mul) >> 61) as usize];
        (self.direction_keys[usize::from(d & 7)] == key).then(|| Direction::new(d))
    }

    /// The target called `name`, if any.
    pub fn target(&self, name: &(impl AsRef<[u8]> + ?Sized)) -> Option<Target> {
        let name = name.as_ref();
        self.target_names
            .iter()
            .position(|t| t.as_bytes() == name)
            .map(|t| Target::new(t as u8))
    }

    /// The targets a marble pushed off `cell` towards `direction` could
    /// reach: one, or two at a corner along a big diagonal (the second slot
    /// is `None` otherwise). Both are `None` when the neighbour is on the
    /// board.
    pub fn landing(&self, cell: Cell, direction: Direction) -> [Option<Target>; 2] {
        self.landing[cell.index()][direction.index()]
    }

    /// The direction that leads from `from` to `to` in a straight line, and
    /// the number of steps, when they are aligned and distinct.
    pub fn alignment(&self, from: Cell, to: Cell) -> Option<(Direction, u8)> {
        let (r0, c0) = self.coords[from.index()];
        let (r1, c1) = self.coords[to.index()];
        let (dr, dc) = (r1 - r0, c1 - c0);
        let k = dr.abs().max(dc.abs());
        if k == 0 {
            return None;
        }
        // Aligned when each difference is 0 or ±k: the step is then their
        // signs. (Signs, not `dr / k`: with two divisions, this function
        // was 7% of the samples of a validation of Offboard games, most of
        // them waiting on the divisions, and the validation took 2% more
        // CPU time.)
        let unit = (dr.signum(), dc.signum());
        if (unit.0 * k, unit.1 * k) != (dr, dc) {
            return None;
        }
        self.steps
            .iter()
            .position(|&s| s == unit)
            .map(|d| (Direction::new(d as u8), k as u8))
    }

    /// The most cells a straight line of the board holds: the longest row,
    /// or the number of rows when that is more (the longest diagonal).
    pub fn longest_line(&self) -> u8 {
        let longest_row = self.rows.iter().map(|&(_, first, last)| last + 1 - first);
        longest_row.max().unwrap_or(0).max(self.rows.len() as u8)
    }

    /// The rows, bottom to top: letter, first and last diagonal.
    pub(crate) fn rows(&self) -> &[(char, u8, u8)] {
        &self.rows
    }
}

/// A multiplier that sends each of `keys` to a slot of its own among 8
/// (the slot of a key is `key * mul >> 61`), and the direction in each
/// slot (6: none); `(0, _)` when none is found among the candidates tried,
/// as for two equal keys.
fn perfect_hash(keys: &[u64; 6]) -> (u64, [u8; 8]) {
    // Odd multipliers from a fixed sequence (splitmix64): the same board
    // always gets the same one.
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..1 << 16 {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let mul = (z ^ (z >> 31)) | 1;
        let mut slots = [6u8; 8];
        let placed = keys.iter().enumerate().all(|(d, &k)| {
            let slot = &mut slots[(k.wrapping_mul(mul) >> 61) as usize];
            let free = *slot == 6;
            *slot = d as u8;
            free
        });
        if placed {
            return (mul, slots);
        }
    }
    (0, [6; 8])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_61_cells_named_a1_to_i9() {
        let b = board();
        assert_eq!(b.len(), 61);
        assert_eq!(b.cell_name(Cell::new(0)), "a1");
        assert_eq!(b.cell_name(Cell::new(60)), "i9");
        assert_eq!(b.cells().last(), Some(Cell::new(60)));
        assert_eq!(b.cell("e5").map(|c| b.cell_name(c)), Some("e5"));
        assert_eq!(b.cell("a6"), None);
        assert_eq!(b.cell("i4"), None);
        assert_eq!(b.cell("j1"), None);
        assert_eq!(b.cell("e10"), None);
        assert_eq!(b.cell("E5"), None);
        for name in [
            "e5", "a1", "a6", "i4", "j1", "e10", "E5", "e", "", "e0", "z9", "a9", "i9",
        ] {
            assert_eq!(b.cell_of(Name::new(name)), b.cell(name), "{name}");
        }
    }

    #[test]
    fn directions_are_found_by_their_whole_name() {
        let b = board();
        for d in Direction::ALL {
            let name = b.direction_name(d);
            assert_eq!(b.direction(name), Some(d));
            assert_eq!(b.direction_of(Name::new(name)), Some(d));
            assert_eq!(b.direction(&format!("{name}\0")), None);
            assert_eq!(b.direction(&format!("{name}e")), None);
        }
        assert_eq!(b.direction(""), None);
        assert_eq!(b.direction_of(Name::default()), None);
        assert_eq!(b.direction_of(Name::new("nee")), None);
        assert_eq!(b.direction("n"), None);
        assert_eq!(b.direction("nee"), None);
        assert_eq!(b.direction("abcdefghi"), None);
        // The hash is perfect for the board's directions, and every other
        // short name misses, whichever slot it falls in.
        assert_ne!(b.direction_mul, 0);
        for a in b'a'..=b'z' {
            for c in [
                None,
                Some(b'a'),
                Some(b'e'),
                Some(b'w'),
                Some(b'z'),
                Some(b'1'),
            ] {
                let mut name = vec![a];
                name.extend(c);
                let name = std::str::from_utf8(&name).unwrap();
                let expect = Direction::ALL
                    .into_iter()
                    .find(|&d| b.direction_name(d) == name);
                assert_eq!(b.direction_of(Name::new(name)), expect, "{name}");
            }
        }
        // Equal keys have no perfect hash: the lookup falls back to a scan.
        assert_eq!(perfect_hash(&[1, 2, 3, 4, 5, 5]).0, 0);
    }

    #[test]
    fn neighbours_follow_abalone_coordinates() {
        let b = board();
        let e5 = b.cell("e5").unwrap();
        let name = |d: &str| {
            let n = b.next(e5, b.direction(d).unwrap()).unwrap();
            b.cell_name(n).to_string()
        };
        assert_eq!(name("e"), "e6");
        assert_eq!(name("w"), "e4");
        assert_eq!(name("ne"), "f6");
        assert_eq!(name("nw"), "f5");
        assert_eq!(name("se"), "d5");
        assert_eq!(name("sw"), "d4");
        // Every neighbour relation is symmetric.
        for c in b.cells() {
            for d in Direction::ALL {
                if let Some(n) = b.next(c, d) {
                    assert_eq!(b.next(n, d.opposite()), Some(c));
                }
            }
        }
    }

    #[test]
    fn every_way_off_the_board_reaches_a_target() {
        let b = board();
        let mut edges = 0;
        let mut corners = 0;
        for c in b.cells() {
            for d in Direction::ALL {
                let l = b.landing(c, d);
                if b.next(c, d).is_none() {
                    edges += 1;
                    assert!(l[0].is_some());
                    if l[1].is_some() {
                        corners += 1;
                    }
                } else {
                    assert_eq!(l, [None; 2]);
                }
            }
        }
        // 24 rim cells: 18 side cells with 2 ways off, 6 corners with 3.
        assert_eq!(edges, 18 * 2 + 6 * 3);
        // Only the six big diagonals from the corners reach two targets.
        assert_eq!(corners, 6);
        let two = b.landing(b.cell("a1").unwrap(), b.direction("sw").unwrap());
        assert_eq!(
            two.map(|t| t.map(|t| b.target_name(t))),
            [Some("t8"), Some("t9")]
        );
    }

    #[test]
    fn alignment_finds_the_axis() {
        let b = board();
        let c = |n: &str| b.cell(n).unwrap();
        assert_eq!(
            b.alignment(c("c3"), c("c5")),
            Some((b.direction("e").unwrap(), 2))
        );
        assert_eq!(
            b.alignment(c("c5"), c("c3")),
            Some((b.direction("w").unwrap(), 2))
        );
        assert_eq!(
            b.alignment(c("a1"), c("i9")),
            Some((b.direction("ne").unwrap(), 8))
        );
        assert_eq!(
            b.alignment(c("e5"), c("a5")),
            Some((b.direction("se").unwrap(), 4))
        );
        assert_eq!(b.alignment(c("c3"), c("d5")), None);
        assert_eq!(b.alignment(c("c3"), c("c3")), None);
    }

    #[test]
    fn alignment_agrees_with_walking_the_board() {
        // Every pair of cells: aligned exactly when walking from one in a
        // direction reaches the other, after as many steps as it says.
        let b = board();
        let cells: Vec<Cell> = Cell::all(b.len()).collect();
        for &from in &cells {
            for &to in &cells {
                let walked = Direction::all().find_map(|d| {
                    let mut cell = from;
                    for k in 1..=b.longest_line() {
                        cell = b.next(cell, d)?;
                        if cell == to {
                            return Some((d, k));
                        }
                    }
                    None
                });
                assert_eq!(b.alignment(from, to), walked, "{from:?} to {to:?}");
            }
        }
    }
}
