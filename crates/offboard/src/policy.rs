//! The Offboard player: eject, push, keep the lines together and towards
//! the centre.
//!
//! It reads the marbles typed, from the game's state ([`State`], through
//! `Position::state`), and the
//! cells of a move by their names (row `a`..`i`, diagonal `1`..`9`, the
//! centre `e5`) and the six directions `e w ne nw se sw`.

use std::sync::OnceLock;

use billes_game::game::{Move, Position};
use billes_game::policy::Play;
use billes_game::Colour;
use billes_notation::Action;

use crate::{board, Cell, Direction, Offboard, Params, State, Target, SEATS};

/// The heuristic player of Offboard.
impl Play for Offboard {
    fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
        scores(pos, moves)
    }

    fn strengths(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>> {
        strengths(pos)
    }
}

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
        let board = board();
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
fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
    let seat = moves[0].moving_seat();
    let board = Board::read(pos, seat.as_str());
    moves.iter().map(|m| board.score(m)).collect()
}

/// How much a move's threat of ejection is worth, as a share of its
/// points, for the seat to move (it may push at once) and for the other
/// (the seat to move may defend first).
const THREAT_TO_MOVE: f32 = 0.8;
const THREAT_WAITING: f32 = 0.35;

/// The seats of `pos` with their strength, for
/// [`share`](billes_game::policy::share): points
/// scored, and what is to come: the best ejection the seat could make now
/// (its value in points, counted in part, more for the seat to move), a
/// share of a point per marble left on the board (material) and per step
/// its marbles stand in from the rim (the centre), less for marbles on the
/// rim next to an opponent. Five points and an ejection at hand for the
/// seat to move is a win. `None` when the position is not an Offboard
/// state.
fn strengths(pos: &dyn Position) -> Option<Vec<(Vec<String>, f32)>> {
    let state = pos.state::<State>()?;
    let board = board();
    let table = coordinates();
    // Whose marble stands on each cell (by the seat's place in SEATS).
    let mut owner = [None::<usize>; Cell::MAX];
    for (i, colour) in Colour::all(SEATS.len()).enumerate() {
        for c in state.cells_of(colour) {
            owner[c.index()] = Some(i);
        }
    }
    let params = Offboard::standard().params();
    let mut out = Vec::new();
    for (i, (colour, name)) in Colour::all(SEATS.len()).zip(SEATS).enumerate() {
        let mut marbles = 0.0;
        let mut centre = 0.0;
        let mut danger = 0.0;
        for c in state.cells_of(colour) {
            let Some(Some(xy)) = table.get(c.index()).copied() else {
                continue;
            };
            marbles += 1.0;
            centre += (4 - distance(xy)) as f32;
            let rim = Direction::all().any(|d| board.next(c, d).is_none());
            let exposed = Direction::all().any(|d| {
                board
                    .next(c, d)
                    .is_some_and(|n| owner[n.index()].is_some_and(|o| o != i))
            });
            if rim && exposed {
                danger += 1.0;
            }
        }
        let points = state.score(name) as f32;
        let threat = best_ejection(state, &owner, i, params);
        let to_move = state.to_move() == name;
        let mut strength = points + 0.3 * marbles + 0.04 * centre - 0.15 * danger;
        strength += threat
            * if to_move {
                THREAT_TO_MOVE
            } else {
                THREAT_WAITING
            };
        if to_move && threat > 0.0 && points + threat >= params.winning_score as f32 {
            strength += 4.0;
        }
        out.push((vec![name.to_string()], strength));
    }
    Some(out)
}

/// The points of the best ejection seat `attacker` (its place in
/// [`SEATS`]) could make in one move: an opposing marble on the rim with a
/// longer line of the attacker's right behind it, along a way off the
/// board; the value of the target it would fall into (the lower at a
/// corner), 0 when that target is taken (the marble comes back), 1 a
/// marble without targets. 0 when there is none. The standard target
/// values and longest line (a variant's are not in the position).
fn best_ejection(
    state: &State,
    owner: &[Option<usize>; Cell::MAX],
    attacker: usize,
    params: &Params,
) -> f32 {
    let board = board();
    let mut best: f32 = 0.0;
    for (j, colour) in Colour::all(SEATS.len()).enumerate() {
        if j == attacker {
            continue;
        }
        for c in state.cells_of(colour) {
            for off in Direction::all().filter(|&d| board.next(c, d).is_none()) {
                let back = off.opposite();
                // The opposing group from the rim inwards, then the line
                // that would push it.
                let (mut pushed, mut pushing) = (0u32, 0u32);
                let mut at = Some(c);
                while let Some(x) = at.filter(|x| owner[x.index()] == Some(j)) {
                    pushed += 1;
                    at = board.next(x, back);
                }
                while let Some(x) = at.filter(|x| owner[x.index()] == Some(attacker)) {
                    pushing += 1;
                    at = board.next(x, back);
                }
                let fits = params.max_line.is_none_or(|m| pushing <= u32::from(m));
                if pushing <= pushed || !fits {
                    continue;
                }
                let value = if params.targets.is_empty() {
                    1.0
                } else {
                    let value_of = |t: Target| params.targets.get(t.index()).copied().unwrap_or(0);
                    let landing = board.landing(c, off);
                    let target = landing
                        .iter()
                        .flatten()
                        .copied()
                        .min_by_key(|&t| value_of(t));
                    match target {
                        Some(t) if state.target(board.target_name(t)).is_none() => {
                            f32::from(value_of(t))
                        }
                        _ => 0.0,
                    }
                };
                best = best.max(value);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use billes_game::game::position::{tags_game, RulesPosition};
    use billes_game::policy::share;

    #[test]
    fn cells_and_distances() {
        assert_eq!(cell("e5"), Some((4, 4)));
        assert_eq!(distance((4, 4)), 0);
        assert_eq!(cell("a1").map(distance), Some(4));
        assert_eq!(cell("i9").map(distance), Some(4));
        assert_eq!(cell("a9"), None);
        assert_eq!(cell("f6").map(distance), Some(1));
    }

    /// The position of `tags` under the standard rules.
    fn position(tags: &[(&str, &str)]) -> Box<dyn Position> {
        let game = tags_game(
            <crate::Offboard as billes_game::game::GameRules>::KIND,
            tags,
        );
        Box::new(RulesPosition::start(Offboard::default(), &game).expect("position"))
    }

    #[test]
    fn points_and_marbles_make_the_strength() {
        let pos = position(&[]);
        let even = strengths(pos.as_ref()).expect("an Offboard state");
        assert_eq!(even.len(), 2);
        assert!((even[0].1 - even[1].1).abs() < 1e-6, "{even:?}");
    }

    #[test]
    fn an_ejection_at_hand_is_worth_most_to_the_seat_to_move() {
        let red = |tag: &str| {
            let pos = position(&[("Seats", "R B"), ("Position", tag)]);
            let s = strengths(pos.as_ref()).expect("an Offboard state");
            share(&s, &["R".to_string()])
        };
        // g5 and h5 push i5 off the top; with a gap on h5 they cannot.
        let at_hand = red("R:g5,h5,a1 B:i5,e9,e1 move=R");
        let waiting = red("R:g5,h5,a1 B:i5,e9,e1 move=B");
        let none = red("R:f5,g5,a1 B:i5,e9,e1 move=R");
        assert!(
            at_hand > waiting && waiting > none,
            "{at_hand} {waiting} {none}"
        );
        assert!(none > 0.4 && none < 0.6, "{none}");
        // Five points and an ejection at hand: as good as won.
        let won = red("R:g5,h5,a1 B:i5,e9,e1 t3=B t5=B move=R");
        assert!(won > 0.95, "{won}");
        assert_eq!(
            best_ejection(
                position(&[("Seats", "R B"), ("Position", "R:g5,h5 B:i5 move=R")])
                    .state::<State>()
                    .expect("state"),
                &{
                    let mut o = [None; Cell::MAX];
                    let b = board();
                    for (n, who) in [("g5", 0), ("h5", 0), ("i5", 1)] {
                        o[b.cell(n).expect("cell").index()] = Some(who);
                    }
                    o
                },
                0,
                Offboard::standard().params(),
            ),
            1.0
        );
    }
}
