//! The board: 61 cells in Abalone coordinates, six directions and twelve
//! targets around the rim, built once from `rules/offboard.yaml`.

use std::sync::OnceLock;

use billes_notation::Name;
use serde::Deserialize;

/// The board description and standard parameters, as shipped.
pub(crate) const RULES_YAML: &str = include_str!("../../../../rules/offboard.yaml");

/// A cell, by its index (`a1` is 0, then along each row, bottom to top).
pub type Cell = u8;

/// No cell: the neighbour of an edge cell beyond the rim.
pub const OFF: Cell = u8::MAX;

/// The number of targets around the rim.
pub const TARGETS: usize = 12;

/// A direction, by its index in [`Board::direction_name`] order
/// (`e ne nw w sw se`); the opposite of `d` is `(d + 3) % 6`.
pub type Dir = u8;

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
    directions: Vec<DirSpec>,
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
struct DirSpec {
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
    coords: Vec<(i8, i8)>,
    next: Vec<[Cell; 6]>,
    /// Cell index by `(row letter - 'a') * 10 + diagonal digit`.
    lookup: [Cell; 260],
    dir_names: [String; 6],
    /// The [`Name::key`] of each direction name, to look them up, and
    /// `u64::MAX` (the key of no name) after them.
    dir_keys: [u64; 8],
    /// A perfect hash of the direction keys: the direction (6: none) in
    /// slot `key * dir_mul >> 61`; `dir_mul` is 0 if none was found.
    dir_slots: [u8; 8],
    dir_mul: u64,
    steps: [(i8, i8); 6],
    target_names: Vec<String>,
    /// Per cell and direction: the (up to two) targets a marble pushed off
    /// there could reach.
    landing: Vec<[[u8; 2]; 6]>,
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

impl Board {
    fn from_spec(spec: &BoardSpec) -> Result<Board, String> {
        if spec.directions.len() != 6 {
            return Err("a hex board has six directions".into());
        }
        let mut dir_names: [String; 6] = Default::default();
        let mut steps = [(0i8, 0i8); 6];
        for (i, d) in spec.directions.iter().enumerate() {
            dir_names[i] = d.name.clone();
            steps[i] = (d.step[0], d.step[1]);
        }
        for d in 0..6 {
            let (a, b) = steps[d];
            if steps[(d + 3) % 6] != (-a, -b) {
                return Err("directions must be listed so that d and d+3 are opposite".into());
            }
        }
        let mut names = Vec::new();
        let mut coords = Vec::new();
        let mut lookup = [OFF; 260];
        for (r, row) in spec.rows.iter().enumerate() {
            if !row.row.is_ascii_lowercase() || row.first < 1 || row.last > 9 {
                return Err(format!(
                    "row {} is not a lowercase letter with diagonals 1 to 9",
                    row.row
                ));
            }
            for c in row.first..=row.last {
                if names.len() >= 64 {
                    return Err("a board has at most 64 cells".into());
                }
                lookup[(row.row as u8 - b'a') as usize * 10 + c as usize] = names.len() as Cell;
                names.push(format!("{}{}", row.row, c));
                coords.push((r as i8, c as i8 - 1));
            }
        }
        let find = |r: i8, c: i8| -> Cell {
            coords
                .iter()
                .position(|&x| x == (r, c))
                .map_or(OFF, |i| i as Cell)
        };
        let next: Vec<[Cell; 6]> = coords
            .iter()
            .map(|&(r, c)| {
                let mut n = [OFF; 6];
                for (d, &(dr, dc)) in steps.iter().enumerate() {
                    n[d] = find(r + dr, c + dc);
                }
                n
            })
            .collect();
        let dir_of = |name: &str| -> Result<Dir, String> {
            dir_names
                .iter()
                .position(|d| d == name)
                .map(|d| d as Dir)
                .ok_or_else(|| format!("no direction {name}"))
        };
        if spec.targets.len() != TARGETS {
            return Err(format!("the board has {TARGETS} targets"));
        }
        let mut landing = vec![[[u8::MAX; 2]; 6]; names.len()];
        let mut target_names = Vec::new();
        for (t, target) in spec.targets.iter().enumerate() {
            target_names.push(target.name.clone());
            let side = [dir_of(&target.side[0])?, dir_of(&target.side[1])?];
            let dir = dir_of(&target.dir)?;
            for (cell, n) in next.iter().enumerate() {
                if n[side[0] as usize] == OFF && n[side[1] as usize] == OFF {
                    let slot = &mut landing[cell][dir as usize];
                    if slot[0] == u8::MAX {
                        slot[0] = t as u8;
                    } else {
                        slot[1] = t as u8;
                    }
                }
            }
        }
        for (cell, n) in next.iter().enumerate() {
            for d in 0..6 {
                if n[d] == OFF && landing[cell][d][0] == u8::MAX {
                    return Err(format!(
                        "no target beyond {} towards {}",
                        names[cell], dir_names[d]
                    ));
                }
            }
        }
        let rows = spec.rows.iter().map(|r| (r.row, r.first, r.last)).collect();
        let keys = dir_names
            .each_ref()
            .map(|d| Name::try_new(d).map_or(u64::MAX, |n| n.key()));
        let mut dir_keys = [u64::MAX; 8];
        dir_keys[..6].copy_from_slice(&keys);
        let (dir_mul, dir_slots) = perfect_hash(&keys);
        Ok(Board {
            names,
            coords,
            next,
            lookup,
            dir_names,
            dir_keys,
            dir_slots,
            dir_mul,
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

    /// The name of a cell (`e5`).
    pub fn cell_name(&self, cell: Cell) -> &str {
        &self.names[cell as usize]
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
        let cell = self.lookup[usize::from(row) * 10 + usize::from(diagonal)];
        (cell != OFF).then_some(cell)
    }

    /// The neighbour of `cell` towards `dir`, or [`OFF`].
    #[inline]
    pub fn next(&self, cell: Cell, dir: Dir) -> Cell {
        self.next[cell as usize][dir as usize]
    }

    /// The name of a direction (`ne`).
    pub fn direction_name(&self, dir: Dir) -> &str {
        &self.dir_names[dir as usize]
    }

    /// The direction called `name`, if any.
    #[inline]
    pub fn direction(&self, name: &(impl AsRef<[u8]> + ?Sized)) -> Option<Dir> {
        let name = std::str::from_utf8(name.as_ref()).ok()?;
        self.direction_of(Name::try_new(name)?)
    }

    /// The name of target `t` (0-based): `t1`..`t12`.
    pub fn target_name(&self, t: usize) -> &str {
        &self.target_names[t]
    }

    /// The direction called `name`, if any: [`direction`](Board::direction)
    /// for a name already read, by its [`Name::key`].
    #[inline(always)]
    pub fn direction_of(&self, name: Name) -> Option<Dir> {
        let key = name.key();
        if self.dir_mul == 0 {
            return self.dir_keys[..6]
                .iter()
                .position(|&k| k == key)
                .map(|d| d as Dir);
        }
        // One slot, one comparison, no branch on the direction (the
        // directions of a game's moves are unpredictable).
        let d = self.dir_slots[(key.wrapping_mul(self.dir_mul) >> 61) as usize];
        (self.dir_keys[usize::from(d & 7)] == key).then_some(d as Dir)
    }

    /// The target called `name`, if any.
    pub fn target(&self, name: &(impl AsRef<[u8]> + ?Sized)) -> Option<usize> {
        let name = name.as_ref();
        self.target_names.iter().position(|t| t.as_bytes() == name)
    }

    /// The targets a marble pushed off `cell` towards `dir` could reach
    /// (one, or two at a corner along a big diagonal); `u8::MAX` fills the
    /// unused slot. Both are `u8::MAX` when the neighbour is on the board.
    pub fn landing(&self, cell: Cell, dir: Dir) -> [u8; 2] {
        self.landing[cell as usize][dir as usize]
    }

    /// The direction that leads from `from` to `to` in a straight line, and
    /// the number of steps, when they are aligned and distinct.
    pub fn alignment(&self, from: Cell, to: Cell) -> Option<(Dir, u8)> {
        let (r0, c0) = self.coords[from as usize];
        let (r1, c1) = self.coords[to as usize];
        let (dr, dc) = (r1 - r0, c1 - c0);
        let k = dr.abs().max(dc.abs());
        if k == 0 {
            return None;
        }
        let unit = (dr / k, dc / k);
        if (unit.0 * k, unit.1 * k) != (dr, dc) {
            return None;
        }
        self.steps
            .iter()
            .position(|&s| s == unit)
            .map(|d| (d as Dir, k as u8))
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

/// The opposite direction.
#[inline]
pub fn opposite(dir: Dir) -> Dir {
    (dir + 3) % 6
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_61_cells_named_a1_to_i9() {
        let b = board();
        assert_eq!(b.len(), 61);
        assert_eq!(b.cell_name(0), "a1");
        assert_eq!(b.cell_name(60), "i9");
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
        for d in 0..6 {
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
        assert_ne!(b.dir_mul, 0);
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
                let expect = (0..6).find(|&d| b.direction_name(d) == name);
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
            let n = b.next(e5, b.direction(d).unwrap());
            b.cell_name(n).to_string()
        };
        assert_eq!(name("e"), "e6");
        assert_eq!(name("w"), "e4");
        assert_eq!(name("ne"), "f6");
        assert_eq!(name("nw"), "f5");
        assert_eq!(name("se"), "d5");
        assert_eq!(name("sw"), "d4");
        // Every neighbour relation is symmetric.
        for c in 0..61u8 {
            for d in 0..6 {
                let n = b.next(c, d);
                if n != OFF {
                    assert_eq!(b.next(n, opposite(d)), c);
                }
            }
        }
    }

    #[test]
    fn every_way_off_the_board_reaches_a_target() {
        let b = board();
        let mut edges = 0;
        let mut corners = 0;
        for c in 0..61u8 {
            for d in 0..6 {
                let l = b.landing(c, d);
                if b.next(c, d) == OFF {
                    edges += 1;
                    assert_ne!(l[0], u8::MAX);
                    if l[1] != u8::MAX {
                        corners += 1;
                    }
                } else {
                    assert_eq!(l, [u8::MAX; 2]);
                }
            }
        }
        // 24 rim cells: 18 side cells with 2 ways off, 6 corners with 3.
        assert_eq!(edges, 18 * 2 + 6 * 3);
        // Only the six big diagonals from the corners reach two targets.
        assert_eq!(corners, 6);
        let two = b.landing(b.cell("a1").unwrap(), b.direction("sw").unwrap());
        assert_eq!(
            (
                b.target_name(two[0] as usize),
                b.target_name(two[1] as usize)
            ),
            ("t8", "t9")
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
}
