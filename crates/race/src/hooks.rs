//! A race position as a house rule's hooks see it ([`BoardView`]): the
//! seat on each point, each seat's pieces, yard and home, and how far each
//! seat has come.

use billes_game::variant::BoardView;

use crate::state::{State, YARD};

impl BoardView for State {
    fn at(&self, hole: &str) -> Option<&str> {
        let p = self.board.point(hole)?;
        State::at(self, p).map(|(i, _)| self.board.seats[self.board_seat(i)].as_str())
    }

    fn pieces(&self, seat: &str) -> Vec<String> {
        let Some(i) = self.seat_index(seat) else {
            return Vec::new();
        };
        let mut out: Vec<String> = self
            .pieces(i)
            .iter()
            .filter_map(|&s| Some(self.board.name(self.point_of(i, s)?).to_string()))
            .collect();
        out.sort();
        out
    }

    fn reserve(&self, seat: &str) -> u32 {
        self.seat_index(seat).map_or(0, |i| {
            self.pieces(i).iter().filter(|&&s| s == YARD).count() as u32
        })
    }

    fn finished(&self, seat: &str) -> u32 {
        self.seat_index(seat).map_or(0, |i| {
            let b = self.board_seat(i);
            self.pieces(i)
                .iter()
                .filter(|&&s| s >= 0 && self.board.is_home(b, s as usize))
                .count() as u32
        })
    }

    fn seats(&self) -> Vec<String> {
        (0..self.seats.len())
            .map(|i| self.letter(i).to_string())
            .collect()
    }

    fn team(&self, seat: &str) -> Vec<String> {
        self.seat_index(seat)
            .map(|i| vec![self.letter(i).to_string()])
            .unwrap_or_default()
    }

    billes_game::variant::owned_copies!();

    /// The steps the seat's pieces have made along their paths (an entry
    /// counting one).
    fn progress(&self, seat: &str) -> u32 {
        self.seat_index(seat).map_or(0, |i| {
            self.pieces(i)
                .iter()
                .map(|&s| u32::try_from(s + 1).unwrap_or(0))
                .sum()
        })
    }
}
