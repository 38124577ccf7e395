//! The Aggravation player: aggravate, enter HOME, enter, keep out of reach,
//! progress.
//!
//! It reads the board from the hole names the notation prints (a side's
//! holes `r0`..`r13` clockwise, START at offset 9, HOME `rh1`.., the centre
//! `c`; the sides R B P G Y W clockwise, 14 holes each). A variant that
//! changes the board only makes the player weaker, never wrong: every move
//! it picks is one of the legal moves it is given.

use billes_core::game::{Move, Position};
use billes_notation::Action;

use super::team_of;

/// Seat letters clockwise around the board.
const LETTERS: &[u8] = b"rbpgyw";
/// Holes per side of the loop.
const PER_SIDE: i32 = 14;
/// Holes in the loop.
const LOOP: i32 = PER_SIDE * 6;
/// START's offset on its side.
const START: i32 = 9;
/// Steps from START to the last loop hole before HOME.
const LAST: i32 = LOOP - 2;

/// A hole as the player sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Hole {
    /// A loop hole, numbered clockwise from red's star hole.
    Loop(i32),
    /// The centre hole.
    Centre,
    /// HOME hole `n` (1-based) of some side.
    Home(i32),
}

fn side_of(letter: u8) -> Option<i32> {
    LETTERS
        .iter()
        .position(|&l| l == letter.to_ascii_lowercase())
        .map(|i| i as i32)
}

fn hole(name: &str) -> Option<Hole> {
    let b = name.as_bytes();
    if name == "c" {
        return Some(Hole::Centre);
    }
    let side = side_of(*b.first()?)?;
    if b.get(1) == Some(&b'h') {
        return name[2..].parse().ok().map(Hole::Home);
    }
    let offset: i32 = name[1..].parse().ok()?;
    (0..PER_SIDE)
        .contains(&offset)
        .then_some(Hole::Loop(side * PER_SIDE + offset))
}

/// The loop hole of `seat`'s START.
fn start_of(side: i32) -> i32 {
    side * PER_SIDE + START
}

/// How far along its way a marble of `side` on `h` is (0 on START, more
/// in HOME).
fn progress(side: i32, h: Hole) -> i32 {
    match h {
        Hole::Loop(g) => (g - start_of(side)).rem_euclid(LOOP),
        Hole::Centre => LAST - 20,
        Hole::Home(n) => LAST + n,
    }
}

/// What the player knows of the board before choosing.
struct Board {
    /// The side of the pieces that move.
    side: i32,
    /// Opponents' marbles on the loop, with their sides.
    rivals: Vec<(i32, i32)>,
    /// STARTs of opponents with marbles in BASE.
    entries: Vec<i32>,
    /// Teammates' letters (the mover included), for aggravation victims.
    team: Vec<String>,
}

impl Board {
    fn read(pos: &dyn Position, seat: &str) -> Board {
        let view = pos.hook_view();
        let team = team_of(pos, seat);
        let mut rivals = Vec::new();
        let mut entries = Vec::new();
        for s in view.seats() {
            if team.contains(&s) {
                continue;
            }
            let Some(side) = s.bytes().next().and_then(side_of) else {
                continue;
            };
            for p in view.pieces(&s) {
                if let Some(Hole::Loop(g)) = hole(&p) {
                    rivals.push((g, side));
                }
            }
            if view.reserve(&s) > 0 {
                entries.push(start_of(side));
            }
        }
        Board {
            side: seat.bytes().next().and_then(side_of).unwrap_or(0),
            rivals,
            entries,
            team,
        }
    }

    /// Opponent marbles within a roll behind loop hole `g`.
    fn threats(&self, h: Hole) -> f32 {
        let Hole::Loop(g) = h else {
            return 0.0;
        };
        let mut n = 0.0;
        for &(r, _) in &self.rivals {
            let d = (g - r).rem_euclid(LOOP);
            if (1..=6).contains(&d) {
                n += 1.0;
            }
        }
        if self.entries.contains(&g) {
            n += 0.7;
        }
        n
    }

    /// The cost of standing on `h`: the threats times what would be lost.
    fn danger(&self, h: Hole) -> f32 {
        self.threats(h) * (6.0 + progress(self.side, h) as f32 / 3.0)
    }

    fn score(&self, pos: &dyn Position, mv: &Move) -> f32 {
        let view = pos.hook_view();
        let mut score = 0.0;
        for action in &mv.actions {
            match action {
                Action::Place { capture, to, .. } => {
                    score += 40.0;
                    let at = Hole::Loop(start_of(self.side));
                    score -= self.danger(at);
                    if capture.is_some() {
                        let victim = to.as_ref().map_or_else(
                            || {
                                let letter = LETTERS[self.side as usize % 6] as char;
                                format!("{letter}{START}")
                            },
                            |n| n.as_str().to_string(),
                        );
                        score += self.aggravate(view.at(&victim), at);
                    }
                }
                Action::Move { path, capture, .. } => {
                    let (Some(from), Some(to)) = (path.first(), path.last()) else {
                        continue;
                    };
                    let (Some(a), Some(b)) = (hole(from.as_str()), hole(to.as_str())) else {
                        continue;
                    };
                    let gained = progress(self.side, b) - progress(self.side, a);
                    score += gained as f32;
                    if matches!(b, Hole::Home(_)) && !matches!(a, Hole::Home(_)) {
                        score += 60.0;
                    }
                    score += self.danger(a) - self.danger(b);
                    if capture.is_some() {
                        score += self.aggravate(view.at(to.as_str()), b);
                    }
                }
                _ => {}
            }
        }
        score
    }

    /// The worth of aggravating the marble of `victim` on `h`.
    fn aggravate(&self, victim: Option<&str>, h: Hole) -> f32 {
        match victim {
            Some(v) if self.team.iter().any(|t| t == v) => -150.0,
            Some(v) => {
                let side = v.bytes().next().and_then(side_of).unwrap_or(0);
                50.0 + progress(side, h) as f32
            }
            None => 30.0,
        }
    }
}

/// The score of each move (higher is better).
pub(super) fn scores(pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
    let seat = moves[0].moving_seat();
    let board = Board::read(pos, seat.as_str());
    moves.iter().map(|m| board.score(pos, m)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_and_progress() {
        assert_eq!(hole("r9"), Some(Hole::Loop(9)));
        assert_eq!(hole("b0"), Some(Hole::Loop(14)));
        assert_eq!(hole("rh2"), Some(Hole::Home(2)));
        assert_eq!(hole("c"), Some(Hole::Centre));
        assert_eq!(hole("x3"), None);
        assert_eq!(progress(0, Hole::Loop(9)), 0);
        assert_eq!(progress(0, Hole::Loop(7)), LAST);
        assert_eq!(progress(1, Hole::Loop(9)), LOOP - 14);
    }
}
