//! The Offboard player: eject, push, keep the lines together and towards
//! the centre.
//!
//! It reads the marbles typed, from the game's state
//! ([`billes_core::offboard::State`], through `Position::state`), and the
//! cells of a move by their names (row `a`..`i`, diagonal `1`..`9`, the
//! centre `e5`) and the six directions `e w ne nw se sw`.

use std::sync::OnceLock;

use billes_core::game::{Move, Position};
use billes_core::offboard::{State, SEATS};
use billes_core::Colour;
use billes_notation::Action;

/// A cell's coordinates: (row, diagonal), both from 0.
type Coordinates = (i32, i32);

fn cell(name: &str) -> Option<Coordinates> {
    let b = name.as_bytes();
    let row = i32::from(b.first()?.checked_sub(b'a')?);
    let diagonal: i32 = name.get(1..)?.parse().ok()?;
    let c = (row, diagonal - 1);
    on_board(c).then_some(c)
}

/// Cells from the centre `e5`.
fn distance((row, diagonal): Coordinates) -> i32 {
    let (x, y) = (diagonal - 4, row - 4);
    x.abs().max(y.abs()).max((x - y).abs())
}

fn on_board(c: Coordinates) -> bool {
    (0..9).contains(&c.0) && (0..9).contains(&c.1) && distance(c) <= 4
}

fn direction(name: &str) -> Option<Coordinates> {
    Some(match name {
        "e" => (0, 1),
        "w" => (0, -1),
        "ne" => (1, 1),
        "nw" => (1, 0),
        "se" => (-1, 0),
        "sw" => (-1, -1),
        _ => return None,
    })
}

fn add(a: Coordinates, b: Coordinates) -> Coordinates {
    (a.0 + b.0, a.1 + b.1)
}

/// Who stands where: 1 the mover, -1 an opponent, 0 nobody.
struct Board {
    grid: [[i8; 9]; 9],
}

/// The (row, diagonal) of each cell of the board, by its number in the
/// game's state: the names read once.
fn coordinates() -> &'static [Option<Coordinates>] {
    static TABLE: OnceLock<Vec<Option<Coordinates>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let board = billes_core::offboard::board();
        board.cells().map(|c| cell(board.cell_name(c))).collect()
    })
}

impl Board {
    /// The board as the game's state has it (an empty board when the
    /// position is not an Offboard state).
    fn read(pos: &dyn Position, seat: &str) -> Board {
        let mut grid = [[0i8; 9]; 9];
        if let Some(state) = pos.state::<State>() {
            let table = coordinates();
            for (colour, name) in Colour::all(SEATS.len()).zip(SEATS) {
                let who = if name == seat { 1 } else { -1 };
                for c in state.cells_of(colour) {
                    if let Some(Some((r, d))) = table.get(c.index()) {
                        grid[*r as usize][*d as usize] = who;
                    }
                }
            }
        }
        Board { grid }
    }

    fn at(&self, c: Coordinates) -> i8 {
        if on_board(c) {
            self.grid[c.0 as usize][c.1 as usize]
        } else {
            0
        }
    }

    /// Own marbles next to `c`.
    fn friends(&self, c: Coordinates) -> i32 {
        ["e", "w", "ne", "nw", "se", "sw"]
            .iter()
            .filter_map(|d| direction(d))
            .filter(|&d| self.at(add(c, d)) == 1)
            .count() as i32
    }

    fn score(&self, mv: &Move) -> f32 {
        let mut score = 0.0;
        for action in &mv.actions {
            match action {
                Action::Line {
                    from,
                    to,
                    direction,
                    capture,
                    ..
                } => {
                    if let Some(c) = capture {
                        score += 500.0 + 300.0 * c.points.unwrap_or(0) as f32;
                    }
                    score += self.line(from.as_str(), to.as_ref().map(|t| t.as_str()), direction);
                }
                Action::Place { to: Some(to), .. } => {
                    if let Some(c) = cell(to.as_str()) {
                        score += 50.0 - 10.0 * distance(c) as f32;
                    }
                }
                _ => {}
            }
        }
        score
    }

    /// The worth of moving the line `from`..`to` one cell towards `towards`.
    fn line(&self, from: &str, to: Option<&str>, towards: &str) -> f32 {
        let (Some(a), Some(d)) = (cell(from), direction(towards)) else {
            return 0.0;
        };
        let b = to.and_then(cell).unwrap_or(a);
        let step = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
        let mut marbles = vec![a];
        let mut c = a;
        while c != b && marbles.len() < 9 {
            c = add(c, step);
            marbles.push(c);
        }
        let front = if step == d || step == (0, 0) {
            Some(add(b, d))
        } else if step == (-d.0, -d.1) {
            Some(add(a, d))
        } else {
            None
        };
        let mut score = 0.0;
        if let Some(f) = front {
            if self.at(f) == -1 {
                // A push: the further out the pushed marbles, the better.
                score += 25.0 + 6.0 * distance(f) as f32;
            }
        }
        for &m in &marbles {
            let after = add(m, d);
            score += 6.0 * (distance(m) - distance(after)) as f32;
            if distance(after) == 4 {
                score -= 8.0;
            }
            if distance(m) == 4 {
                score += 8.0;
            }
            score += 1.5 * (self.friends(after) - self.friends(m)) as f32;
        }
        score
    }
}

/// The score of each move (higher is better).
pub(super) fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
    let seat = moves[0].moving_seat();
    let board = Board::read(pos, seat.as_str());
    moves.iter().map(|m| board.score(m)).collect()
}

/// The seats of `pos` with their strength, for [`super::share`]: points
/// scored, marbles left on the board and the marbles in danger (on the rim
/// with an opponent next to them), each a share of a point. `None` when the
/// position is not an Offboard state.
pub(super) fn strengths(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>> {
    let state = pos.state::<State>()?;
    let table = coordinates();
    let mut grid = [[0i8; 9]; 9];
    for (i, colour) in Colour::all(SEATS.len()).enumerate() {
        for c in state.cells_of(colour) {
            if let Some(Some((r, d))) = table.get(c.index()) {
                grid[*r as usize][*d as usize] = i as i8 + 1;
            }
        }
    }
    let at = |c: Coordinates| {
        if on_board(c) {
            grid[c.0 as usize][c.1 as usize]
        } else {
            0
        }
    };
    let mut out = Vec::new();
    for (i, (colour, name)) in Colour::all(SEATS.len()).zip(SEATS).enumerate() {
        let own = i as i8 + 1;
        let mut marbles = 0.0;
        let mut danger = 0.0;
        for c in state.cells_of(colour) {
            let Some(Some(c)) = table.get(c.index()).copied() else {
                continue;
            };
            marbles += 1.0;
            if distance(c) == 4 {
                let threatened = ["e", "w", "ne", "nw", "se", "sw"]
                    .iter()
                    .filter_map(|d| direction(d))
                    .any(|d| !matches!(at(add(c, d)), 0) && at(add(c, d)) != own);
                if threatened {
                    danger += 1.0;
                }
            }
        }
        let score = state.score(name) as f32;
        out.push((vec![name.to_string()], score + 0.3 * marbles - 0.4 * danger));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_and_distances() {
        assert_eq!(cell("e5"), Some((4, 4)));
        assert_eq!(distance((4, 4)), 0);
        assert_eq!(cell("a1").map(distance), Some(4));
        assert_eq!(cell("i9").map(distance), Some(4));
        assert_eq!(cell("a9"), None);
        assert_eq!(cell("f6").map(distance), Some(1));
    }

    #[test]
    fn points_and_marbles_make_the_strength() {
        use billes_core::{Engine, GameKind, Standard};
        let rules = Standard::new(GameKind::Offboard);
        let pos = rules.position(&[]).expect("start");
        let even = strengths(pos.as_ref()).expect("an Offboard state");
        assert_eq!(even.len(), 2);
        assert!((even[0].1 - even[1].1).abs() < 1e-6, "{even:?}");
    }
}
