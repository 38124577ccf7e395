//! The placings of a game: the finishing order of every seat, not only the
//! winner. The seats that finished come first, in the order they finished
//! ([`Position::finish_order`]);
//! the others follow by **progress**, the most first
//! ([`BoardView::progress`](crate::variant::BoardView::progress): for a
//! race, the steps each seat's pieces have travelled towards the goal; for
//! Offboard, the score, then the marbles left). Seats of equal progress
//! share a place (the places are then `1, 2, 2, 4`). A game that is not
//! over (stopped early, its result `*`, or stopped after the winner of a
//! game that plays on for the places) is **adjudicated**: its places past
//! the finished seats are decided by progress rather than played.
//!
//! ```
//! use billes_core::{Engine, Standard};
//! use billes_game::placing;
//!
//! let engine = Standard::new(billes_core::aggravation::KIND);
//! let pos = engine.position(&[("Seats", "R G B"), ("Position", "R:r9,r10 G:g12 B: move=R")])?;
//! let placings = placing::of(&*pos);
//! assert!(placings.adjudicated);
//! let order: Vec<(&str, u32)> = placings.seats.iter().map(|p| (p.seat.as_str(), p.place)).collect();
//! assert_eq!(order, [("G", 1), ("R", 2), ("B", 3)]);
//! # Ok::<(), billes_core::ReplayError>(())
//! ```

use billes_notation::Seat;
use serde::Serialize;

use crate::game::Position;

/// What a seat had at the end of a game: enough to place it by any count
/// of progress (the game's, or an organiser's own).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatEnd {
    /// The seat.
    pub seat: Seat,
    /// Its place among the seats that finished (1: the first), if it did.
    pub finished: Option<u32>,
    /// The game's measure of its progress.
    pub progress: u64,
    /// The points its pieces stand on, sorted.
    pub pieces: Vec<String>,
    /// Its pieces not yet on the board.
    pub waiting: u32,
    /// Its pieces that reached their goal.
    pub home: u32,
}

/// The end of a game, seat by seat, in playing order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameEnd {
    /// Every seat in play.
    pub seats: Vec<SeatEnd>,
    /// The teams of more than one seat, each in playing order, as the game
    /// groups them ([`BoardView::team`](crate::variant::BoardView::team)).
    pub teams: Vec<Vec<Seat>>,
    /// Whether the game is over ([`Position::is_over`]).
    pub over: bool,
}

/// One seat's place.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Placing {
    /// The seat.
    pub seat: Seat,
    /// Its place, 1 the first; seats placed equal share one.
    pub place: u32,
    /// Whether it finished (else it was placed by progress).
    pub finished: bool,
    /// Its progress, as it was counted.
    pub progress: u64,
}

/// The placings of a game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Placings {
    /// Every seat, best place first (playing order among equals).
    pub seats: Vec<Placing>,
    /// Whether places were decided by progress in a game that was not
    /// over.
    pub adjudicated: bool,
}

impl Placings {
    /// The place of `seat`, if it played.
    pub fn place_of(&self, seat: &str) -> Option<u32> {
        self.seats.iter().find(|p| p.seat == seat).map(|p| p.place)
    }
}

/// The end of the game at `pos`: each seat's place among those finished,
/// its progress and its pieces.
pub fn end_of(pos: &dyn Position) -> GameEnd {
    let order = pos.finish_order();
    let board = pos.hook_view();
    let mut place = 1;
    let mut finished = Vec::new();
    for group in &order {
        for seat in group {
            finished.push((*seat, place));
        }
        place += u32::try_from(group.len()).unwrap_or(u32::MAX);
    }
    let in_play = pos.seats();
    let mut teams: Vec<Vec<Seat>> = Vec::new();
    for seat in &in_play {
        let team: Vec<Seat> = in_play
            .iter()
            .filter(|s| board.team(seat).iter().any(|t| t == s.as_str()))
            .copied()
            .collect();
        if team.len() > 1 && !teams.contains(&team) {
            teams.push(team);
        }
    }
    let seats = in_play
        .into_iter()
        .map(|seat| SeatEnd {
            finished: finished.iter().find(|(s, _)| *s == seat).map(|&(_, p)| p),
            progress: u64::from(board.progress(&seat)),
            pieces: board.pieces(&seat),
            waiting: board.reserve(&seat),
            home: board.finished(&seat),
            seat,
        })
        .collect();
    GameEnd {
        seats,
        teams,
        over: pos.is_over(),
    }
}

/// The placings of the game at `pos`, by the game's own progress.
pub fn of(pos: &dyn Position) -> Placings {
    let end = end_of(pos);
    let progress: Vec<u64> = end.seats.iter().map(|s| s.progress).collect();
    place(&end, &progress)
}

/// The placings of the game that ended as `end`, the seats that did not
/// finish placed by `progress` (one count per seat of `end`, in its
/// order): the rule of the module's doc, whoever counts the progress.
pub fn place(end: &GameEnd, progress: &[u64]) -> Placings {
    let mut order: Vec<(usize, &SeatEnd)> = end.seats.iter().enumerate().collect();
    let key = |i: usize, s: &SeatEnd| match s.finished {
        Some(p) => (0, u64::from(p)),
        None => (1, u64::MAX - progress.get(i).copied().unwrap_or(0)),
    };
    order.sort_by_key(|&(i, s)| key(i, s));
    let mut seats: Vec<Placing> = Vec::with_capacity(order.len());
    for (k, &(i, s)) in order.iter().enumerate() {
        let tied = k > 0 && key(order[k - 1].0, order[k - 1].1) == key(i, s);
        let place = match s.finished {
            Some(p) => p,
            None if tied => seats[k - 1].place,
            None => u32::try_from(k + 1).unwrap_or(u32::MAX),
        };
        seats.push(Placing {
            seat: s.seat,
            place,
            finished: s.finished.is_some(),
            progress: progress.get(i).copied().unwrap_or(0),
        });
    }
    let adjudicated = !end.over && seats.iter().any(|p| !p.finished);
    Placings { seats, adjudicated }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end(seats: &[(&str, Option<u32>)], over: bool) -> GameEnd {
        GameEnd {
            seats: seats
                .iter()
                .map(|&(seat, finished)| SeatEnd {
                    seat: Seat::from(seat),
                    finished,
                    progress: 0,
                    pieces: Vec::new(),
                    waiting: 0,
                    home: 0,
                })
                .collect(),
            teams: Vec::new(),
            over,
        }
    }

    fn places(p: &Placings) -> Vec<(String, u32)> {
        p.seats
            .iter()
            .map(|p| (p.seat.to_string(), p.place))
            .collect()
    }

    #[test]
    fn finished_first_then_by_progress_ties_sharing() {
        let e = end(
            &[("R", None), ("G", Some(1)), ("B", None), ("Y", None)],
            true,
        );
        let p = place(&e, &[10, 0, 30, 10]);
        let want = [("G", 1), ("B", 2), ("R", 3), ("Y", 3)];
        let want: Vec<(String, u32)> = want.iter().map(|&(s, n)| (s.into(), n)).collect();
        assert_eq!(places(&p), want);
        assert!(!p.adjudicated);
    }

    #[test]
    fn partners_share_the_first_place() {
        let e = end(
            &[("R", Some(1)), ("G", None), ("Y", Some(1)), ("B", None)],
            true,
        );
        let p = place(&e, &[0, 5, 0, 7]);
        assert_eq!(p.place_of("R"), Some(1));
        assert_eq!(p.place_of("Y"), Some(1));
        assert_eq!(p.place_of("B"), Some(3));
        assert_eq!(p.place_of("G"), Some(4));
    }

    #[test]
    fn a_game_not_over_is_adjudicated() {
        let e = end(&[("R", Some(1)), ("G", None), ("B", None)], false);
        let p = place(&e, &[0, 5, 9]);
        assert!(p.adjudicated);
        assert_eq!(p.place_of("B"), Some(2));
        // Every seat finished: nothing left to adjudicate.
        let e = end(&[("R", Some(1)), ("G", Some(2))], false);
        assert!(!place(&e, &[0, 0]).adjudicated);
    }
}
