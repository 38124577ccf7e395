//! A loaded game's board, ready to play on: every point numbered, each
//! seat's path as the points it passes, step by step, from its entry
//! point to its goal.
//!
//! A piece's place is its **step** along its seat's path: 0 is the entry
//! point, the steps up to the seat's last track point are on the track,
//! the next ones its home column, and the last its goal (when the game
//! has a goal point: else the home column's last point). A piece off the
//! board, in its yard, has no step.

use billes_game::GameKind;
use std::num::NonZeroU8;

use billes_notation::{ByKey, Name, Seat};

use crate::def::{Compulsory, Flow, RaceDef};

/// A point's number: its place in [`Board::points`].
pub type Point = u16;

/// A loaded game's board and rules, checked ([`crate::check()`] found no
/// problem) and numbered.
#[derive(Debug, Clone)]
pub struct Board {
    /// The game, as the verbs name it.
    pub kind: GameKind,
    /// The game's name for people.
    pub title: String,
    /// Every point's name: the track's, then each seat's home column, then
    /// the goals.
    pub points: Vec<Name>,
    /// Each point's name's key ([`Name::key`]) and the point, sorted by key:
    /// a name looked up in a few comparisons, without hashing.
    index: Vec<(u64, Point)>,
    /// The first 255 points whose names [`ByKey`] takes (three bytes at
    /// most, each its own entry: `t27`, `rh`), each as its point + 1:
    /// looked up in two reads and one comparison, where the search of
    /// `index` took a third of the time of a move's check. A name not
    /// found there is searched in `index`.
    by_key: ByKey,
    /// By seat, then by point: the point's step along the seat's path
    /// (`-1`: not on it).
    steps_of: Vec<Vec<i16>>,
    /// The seat letters, in board order (clockwise).
    pub seats: Vec<Seat>,
    /// The seats in play for each number of players.
    pub seatings: Vec<(usize, Vec<Seat>)>,
    /// By seat (board order): the points of its path, step by step.
    pub paths: Vec<Vec<Point>>,
    /// By seat: the steps of its path that are on the track (the entry
    /// point to the last track point).
    pub track_steps: Vec<usize>,
    /// Whether the last point of the paths is a goal holding any number of
    /// pieces (else every point of the home column holds one).
    pub has_goal: bool,
    /// By point: whether no piece is captured there.
    pub safe: Vec<bool>,
    /// By point: whether it is on the track.
    pub on_track: Vec<bool>,
    /// The pieces of each seat.
    pub pieces: usize,
    /// The turn's rules. Read into `enter_bits` and `compulsory_bits`
    /// when the board is made: a board's flow is not changed after.
    pub flow: Flow,
    /// `flow.enter_on` as bits (bit `v` for the value `v`, below 64), for
    /// [`Board::enters_on`]: asked at every move of a game whose entry is
    /// compulsory, the list's search was called out of line.
    enter_bits: u64,
    /// `flow.compulsory` as bits (bit `c as u8` for [`Compulsory`] `c`), for
    /// [`Board::compulsory`].
    compulsory_bits: u8,
    /// Where each point is drawn: its name, column and row.
    pub cells: Vec<(Name, usize, usize)>,
    /// The description's text, as loaded (its parents merged).
    pub def: RaceDef,
}

/// Every point's name, numbered: the track's, then each seat's home
/// column, then the goals (a goal shared by seats once).
fn numbered(def: &RaceDef) -> Result<Vec<Name>, String> {
    let name = |n: &str| Name::try_new(n).ok_or_else(|| format!("{n}: not a point name"));
    let mut points = Vec::new();
    for n in def.track.names.iter() {
        points.push(name(n)?);
    }
    for path in def.paths.values() {
        for n in path.home.iter() {
            points.push(name(n)?);
        }
    }
    for path in def.paths.values() {
        if let Some(goal) = &path.goal {
            let goal = name(goal)?;
            if !points.contains(&goal) {
                points.push(goal);
            }
        }
    }
    Ok(points)
}

/// Each seat's path (in the order of the seats), the points of `at`'s
/// numbering step by step, and the steps of each on the track.
fn seat_paths(
    def: &RaceDef,
    track: &[Point],
    at: impl Fn(&str) -> Result<Point, String>,
) -> Result<(Vec<Vec<Point>>, Vec<usize>), String> {
    let (mut paths, mut track_steps) = (Vec::new(), Vec::new());
    for s in &def.seats {
        let path = &def.paths[s];
        let entry = at(&path.entry)?;
        let last = at(&path.last)?;
        let start = track.iter().position(|&p| p == entry).unwrap_or(0);
        let mut steps = Vec::new();
        for k in 0..track.len() {
            let p = track[(start + k) % track.len()];
            steps.push(p);
            if p == last {
                break;
            }
        }
        track_steps.push(steps.len());
        for n in path.home.iter() {
            steps.push(at(n)?);
        }
        if let Some(goal) = &path.goal {
            steps.push(at(goal)?);
        }
        paths.push(steps);
    }
    Ok((paths, track_steps))
}

impl Board {
    /// The board of `def`, with `kind` its name for the verbs.
    ///
    /// # Errors
    /// The first problem [`crate::check()`] finds, or a point name the
    /// notation cannot hold.
    pub fn new(def: RaceDef, kind: GameKind) -> Result<Board, String> {
        if let Some(problem) = crate::check(&def).into_iter().next() {
            return Err(problem.to_string());
        }
        let name = |n: &str| Name::try_new(n).ok_or_else(|| format!("{n}: not a point name"));
        let points = numbered(&def)?;
        let mut index: Vec<(u64, Point)> = points
            .iter()
            .enumerate()
            .map(|(i, n)| (n.key(), i as Point))
            .collect();
        index.sort_unstable();
        let find = |n: &Name| {
            index
                .binary_search_by_key(&n.key(), |e| e.0)
                .ok()
                .map(|i| index[i].1)
        };
        let at = |n: &str| -> Result<Point, String> {
            Name::try_new(n)
                .and_then(|n| find(&n))
                .ok_or_else(|| format!("{n} is not a point of the game"))
        };
        let track: Vec<Point> = def.track.names.iter().map(at).collect::<Result<_, _>>()?;
        let seat = |s: &str| Seat::try_new(s).ok_or_else(|| format!("{s}: not a seat letter"));
        let seats: Vec<Seat> = def
            .seats
            .iter()
            .map(|s| seat(s))
            .collect::<Result<_, _>>()?;
        let (paths, track_steps) = seat_paths(&def, &track, at)?;
        let steps_of = paths
            .iter()
            .map(|path: &Vec<Point>| {
                let mut of = vec![-1i16; points.len()];
                for (k, &p) in path.iter().enumerate() {
                    of[usize::from(p)] = k as i16;
                }
                of
            })
            .collect();
        let mut on_track = vec![false; points.len()];
        for &p in &track {
            on_track[usize::from(p)] = true;
        }
        let mut safe = vec![false; points.len()];
        for n in def.safe.iter() {
            safe[usize::from(at(n)?)] = true;
        }
        let mut seatings = Vec::new();
        for (&n, list) in &def.seatings {
            let list = list.iter().map(|s| seat(s)).collect::<Result<_, _>>()?;
            seatings.push((n as usize, list));
        }
        let cells = def
            .drawing
            .cells()
            .map(|(n, column, row)| Ok((name(n)?, column, row)))
            .collect::<Result<_, String>>()?;
        let mut by_key = ByKey::new();
        for (p, n) in points.iter().enumerate().take(255) {
            if let Some(place) = u8::try_from(p + 1).ok().and_then(NonZeroU8::new) {
                by_key.insert(*n, place);
            }
        }
        Ok(Board {
            kind,
            title: def.title.clone(),
            points,
            index,
            by_key,
            steps_of,
            seats,
            seatings,
            paths,
            track_steps,
            has_goal: def.paths.values().all(|p| p.goal.is_some()),
            safe,
            on_track,
            pieces: def.pieces as usize,
            enter_bits: def
                .flow
                .enter_on
                .iter()
                .filter_map(|&v| 1u64.checked_shl(v))
                .fold(0, |bits, bit| bits | bit),
            compulsory_bits: def
                .flow
                .compulsory
                .iter()
                .fold(0, |bits, &c| bits | 1 << c as u8),
            flow: def.flow.clone(),
            cells,
            def,
        })
    }

    /// Whether the value `v` brings a piece in (`flow.enter_on` holds it).
    #[inline]
    pub fn enters_on(&self, v: u32) -> bool {
        match 1u64.checked_shl(v) {
            Some(bit) => self.enter_bits & bit != 0,
            None => self.flow.enter_on.contains(&v),
        }
    }

    /// Whether the obligation `c` is the game's (`flow.compulsory` holds
    /// it).
    #[inline]
    pub fn compulsory(&self, c: Compulsory) -> bool {
        self.compulsory_bits & 1 << c as u8 != 0
    }

    /// The point called `name`.
    pub fn point(&self, name: &str) -> Option<Point> {
        self.point_named(Name::try_new(name)?)
    }

    /// The point called `name`, a name as the notation holds it.
    #[inline]
    pub fn point_named(&self, name: Name) -> Option<Point> {
        let key = name.key();
        if let Some(place) = self.by_key.get(key) {
            return Some(Point::from(place.get() - 1));
        }
        self.point_searched(key)
    }

    /// The point whose name has `key`, searched in the sorted index: the
    /// reference [`Board::point_named`] reads the names [`ByKey`] holds
    /// without (the crate's tests check that the two agree).
    fn point_searched(&self, key: u64) -> Option<Point> {
        let i = self.index.binary_search_by_key(&key, |e| e.0).ok()?;
        Some(self.index[i].1)
    }

    /// The name of point `p`.
    pub fn name(&self, p: Point) -> Name {
        self.points[usize::from(p)]
    }

    /// The last step of seat `s`'s path (its goal).
    pub fn goal_step(&self, s: usize) -> usize {
        self.paths[s].len() - 1
    }

    /// The step of seat `s`'s path at point `p`.
    pub fn step_of(&self, s: usize, p: Point) -> Option<usize> {
        let step = *self.steps_of[s].get(usize::from(p))?;
        usize::try_from(step).ok()
    }

    /// Whether a piece of seat `s` at `step` is home: in the goal, or in
    /// the home column of a game whose home column is the goal.
    pub fn is_home(&self, s: usize, step: usize) -> bool {
        if self.has_goal {
            step == self.goal_step(s)
        } else {
            step >= self.track_steps[s]
        }
    }

    /// The seat letters of the seats in play for `players` players.
    pub fn seating(&self, players: usize) -> Option<&[Seat]> {
        self.seatings
            .iter()
            .find(|(n, _)| *n == players)
            .map(|(_, s)| s.as_slice())
    }

    /// The numbers of players the game seats.
    pub fn players(&self) -> std::ops::RangeInclusive<usize> {
        let min = self.seatings.iter().map(|s| s.0).min().unwrap_or(2);
        let max = self.seatings.iter().map(|s| s.0).max().unwrap_or(2);
        min..=max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table and the search agree on every name of every shipped
    /// board, on names of no point, and on a board of more points than
    /// the table takes, with names it cannot hold.
    #[test]
    fn a_name_is_found_by_its_key_as_by_the_search() {
        let mut boards: Vec<&Board> = crate::table::list().into_iter().map(|(b, _)| b).collect();
        let mut names: Vec<String> = (1..=300).map(|n| format!("t{n}")).collect();
        names.extend(["long1", "long2", "r1", "r2", "rhome", "b1", "b2", "bh"].map(String::from));
        let grid: Vec<String> = names
            .chunks(20)
            .map(|row| format!("    {}", row.join(" ")))
            .collect();
        let text = format!(
            "name: wide\ntitle: wide\nseats: [R, B]\nseatings: {{ 2: [R, B] }}\npieces: 1\n\
             dice: {{ count: 1, faces: 6 }}\ntrack: {{ names: [\"t1..t300\", long1, long2] }}\n\
             paths:\n  R: {{ entry: t1, last: long2, home: [r1, r2], goal: rhome }}\n\
             \x20 B: {{ entry: t5, last: t4, home: [b1, b2], goal: bh }}\nflow:\n\
             \x20 enter_on: [6]\n  extra_roll_on: none\n  capture: land\n  own_stack: none\n\
             \x20 exact_finish: true\n  compulsory: [move]\ndrawing:\n  grid: |\n{}\n",
            grid.join("\n")
        );
        let wide = crate::load::load_str("wide.yaml", &text).and_then(|def| {
            Board::new(def, GameKind::new("wide", true))
                .map_err(|e| crate::load::LoadError::plain("wide.yaml", e))
        });
        let wide = wide.expect("a board of 304 points");
        boards.push(&wide);
        for board in boards {
            let mut names: Vec<Name> = board.points.clone();
            names.extend(["t0", "t301", "rh", "zz9", "long3", "a", ""].map(Name::new));
            for name in names {
                assert_eq!(
                    board.point_named(name),
                    board.point_searched(name.key()),
                    "{name} on {}",
                    board.kind
                );
            }
        }
    }
}
