//! A position: where every marble is, who rolls next, and the team layout.

use std::fmt::Write as _;

use super::board::{Board, Class, Hole, MAX_HOLES, MAX_HOME, MAX_SIDES, NONE, TABLE};
use crate::TextBoard;

/// An Aggravation position. Small and flat, so cloning it for a variation is
/// a copy.
#[derive(Debug, Clone)]
pub struct State {
    pub(crate) board: &'static Board,
    /// Per hole: 0 when empty, else the side of the marble on it plus one.
    pub(crate) occ: [u8; TABLE],
    /// Per colour: the holes of its marbles out of BASE (NONE in free slots).
    pub(crate) pos: [[Hole; MAX_HOME]; MAX_SIDES],
    /// Marbles in each colour's BASE.
    pub(crate) base: [u8; MAX_SIDES],
    /// Marbles in each colour's HOME.
    pub(crate) home: [u8; MAX_SIDES],
    /// Which colours play.
    pub(crate) in_play: [bool; MAX_SIDES],
    /// Each colour's team (its own side when there are no teams).
    pub(crate) team: [u8; MAX_SIDES],
    /// Whether a `Teams` tag joined the seats into teams.
    pub(crate) teams: bool,
    /// Marbles per colour.
    pub(crate) marbles: u8,
    /// HOME holes per colour.
    pub(crate) home_size: u8,
    /// The side to roll next; NONE before the first turn.
    pub(crate) to_roll: u8,
    /// Whether `to_roll` rolls again after a 6.
    pub(crate) again: bool,
    /// Per colour: star holes (bit = side) its marble landed on in its last turn.
    pub(crate) fresh: [u8; MAX_SIDES],
    /// The winning team (or side), NONE while the game goes on.
    pub(crate) winner: u8,
    /// Bit `s` set: colour `s` plays (as `in_play`).
    pub(crate) play_mask: u8,
    /// Bit `s` set: colour `s` has every marble HOME.
    pub(crate) done_mask: u8,
    /// The seats in the order the `Seats` tag lists them (NONE after the
    /// last): the order of play under `order = "seats"`.
    pub(crate) listed: [u8; MAX_SIDES],
}

impl State {
    /// An empty board: every marble of the seats in play in BASE.
    pub(crate) fn new(
        board: &'static Board,
        in_play: [bool; MAX_SIDES],
        marbles: u8,
        home_size: u8,
    ) -> State {
        let mut base = [0; MAX_SIDES];
        let mut team = [NONE; MAX_SIDES];
        let mut play_mask = 0;
        for s in 0..MAX_SIDES {
            team[s] = s as u8;
            if in_play[s] {
                base[s] = marbles;
                play_mask |= 1 << s;
            }
        }
        State {
            board,
            occ: [0; TABLE],
            pos: [[NONE; MAX_HOME]; MAX_SIDES],
            base,
            home: [0; MAX_SIDES],
            in_play,
            team,
            teams: false,
            marbles,
            home_size,
            to_roll: NONE,
            again: false,
            fresh: [u8::MAX; MAX_SIDES],
            winner: NONE,
            play_mask,
            done_mask: 0,
            listed: [NONE; MAX_SIDES],
        }
    }

    /// Counts one more marble of side `s` in its HOME.
    #[inline]
    pub(crate) fn add_home(&mut self, s: u8) {
        self.home[s as usize] += 1;
        if self.home[s as usize] == self.marbles {
            self.done_mask |= 1 << s;
        }
    }

    /// The side whose marble is on `h`, if any.
    #[inline]
    pub(crate) fn at(&self, h: Hole) -> Option<u8> {
        match self.occ[h as usize] {
            0 => None,
            s => Some(s - 1),
        }
    }

    /// Puts a marble of side `s` on the empty hole `h`.
    #[inline]
    pub(crate) fn put(&mut self, s: u8, h: Hole) {
        self.occ[h as usize] = s + 1;
        let row = &mut self.pos[s as usize];
        if let Some(i) = first_slot(row, NONE) {
            row[i] = h;
        }
    }

    /// Takes the marble of side `s` off hole `h`.
    #[inline]
    pub(crate) fn lift(&mut self, s: u8, h: Hole) {
        self.occ[h as usize] = 0;
        let row = &mut self.pos[s as usize];
        if let Some(i) = first_slot(row, h) {
            row[i] = NONE;
        }
    }

    /// Moves the marble of side `s` on `from` (NONE: from BASE) to the empty
    /// hole `to`.
    #[inline]
    pub(crate) fn shift(&mut self, s: u8, from: Hole, to: Hole) {
        if from != NONE {
            self.occ[from as usize] = 0;
        }
        self.occ[to as usize] = s + 1;
        let row = &mut self.pos[s as usize];
        if let Some(i) = first_slot(row, from) {
            row[i] = to;
        }
    }

    /// Whether side `s` has every marble HOME.
    #[inline]
    pub(crate) fn finished(&self, s: u8) -> bool {
        self.home[s as usize] == self.marbles
    }

    /// Whether `a` and `b` are different seats of one team.
    #[inline]
    pub(crate) fn partners(&self, a: u8, b: u8) -> bool {
        a != b && self.team[a as usize] == self.team[b as usize]
    }

    /// The seats in play, clockwise.
    pub(crate) fn seats(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.board.sides).filter(|&s| self.in_play[s as usize])
    }

    /// The seat letter of side `s`.
    pub(crate) fn letter(&self, s: u8) -> &'static str {
        self.board.letter(s)
    }

    /// The name of hole `h`.
    pub(crate) fn name(&self, h: Hole) -> &str {
        self.board.name(h)
    }

    /// The board the game is played on.
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// The side whose marble stands on hole `h` (a [`Board::hole`]), if any.
    #[inline]
    pub fn side_at(&self, h: Hole) -> Option<u8> {
        self.at(h)
    }

    /// The sides in play, clockwise.
    pub fn sides(&self) -> impl Iterator<Item = u8> + '_ {
        self.seats()
    }

    /// The team of side `s`: the same number for partners (its own side
    /// when there are no teams).
    #[inline]
    pub fn team_of(&self, s: u8) -> u8 {
        self.team[s as usize]
    }

    /// The holes of side `s`'s marbles out of BASE (loop, centre and HOME),
    /// in no particular order; without the scan of the whole board
    /// [`marbles_of`](State::marbles_of) makes.
    #[inline]
    pub fn holes_of(&self, s: u8) -> impl Iterator<Item = Hole> + '_ {
        self.pos[s as usize].iter().copied().filter(|&h| h != NONE)
    }

    /// Where side `s`'s marbles are (board and HOME holes).
    pub fn marbles_of(&self, s: u8) -> Vec<Hole> {
        (0..MAX_HOLES as u8)
            .filter(|&h| self.occ[h as usize] == s + 1)
            .collect()
    }

    /// Marbles in side `s`'s BASE.
    pub fn in_base(&self, s: u8) -> u8 {
        self.base[s as usize]
    }

    /// The seat to roll next, once the first turn is played.
    pub fn to_roll(&self) -> Option<&str> {
        (self.to_roll != NONE).then(|| self.letter(self.to_roll))
    }

    /// The winning seats (a whole team in partnership and team play).
    #[inline]
    pub fn winners(&self) -> Option<Vec<String>> {
        if self.winner == NONE {
            return None;
        }
        Some(
            self.seats()
                .filter(|&s| self.team[s as usize] == self.winner)
                .map(|s| self.letter(s).to_string())
                .collect(),
        )
    }

    /// Checks whether side `s` finishing wins the game, and records it.
    pub(crate) fn check_winner(&mut self, s: u8) {
        if !self.finished(s) {
            return;
        }
        let t = self.team[s as usize];
        let done = self
            .seats()
            .filter(|&o| self.team[o as usize] == t)
            .all(|o| self.finished(o));
        if done {
            self.winner = t;
        }
    }
}

impl TextBoard for State {
    /// One row per side, holes by offset: the hole in column `n` of row `r`
    /// is `rn`. Each row runs on into the next (`r13` then `b0`).
    fn text_board(&self) -> String {
        let b = self.board;
        let mut out = String::new();
        let width = 3 * b.per_side as usize;
        let mut marks = vec![b' '; width];
        for (off, label) in [
            (b.star_offset, "star"),
            (b.home_offset, "HOME"),
            (b.start_offset, "START"),
        ] {
            let at = 3 * off as usize + 1;
            for (i, c) in label.bytes().enumerate() {
                if let Some(m) = marks.get_mut(at + i) {
                    *m = c;
                }
            }
        }
        let last = self.letter(b.sides - 1).to_ascii_lowercase();
        let _ = writeln!(
            out,
            "clockwise: each row runs on into the next ({lower0}{end} -> {lower1}0, {last}{end} -> {lower0}0)",
            lower0 = self.letter(0).to_ascii_lowercase(),
            lower1 = self.letter(1).to_ascii_lowercase(),
            end = b.per_side - 1,
        );
        let _ = writeln!(
            out,
            "        {}",
            String::from_utf8_lossy(&marks).trim_end()
        );
        out.push_str("        ");
        for o in 0..b.per_side {
            let _ = write!(out, "{o:>3}");
        }
        out.push_str("   HOME");
        out.push_str(&" ".repeat(2 * self.home_size as usize - 1));
        out.push_str("BASE\n");
        for s in 0..b.sides {
            let lower = self.letter(s).to_ascii_lowercase();
            let colour = &b.colours[s as usize];
            let _ = write!(out, "{lower} {colour:<6}");
            for o in 0..b.per_side {
                let h = s * b.per_side + o;
                let _ = write!(out, "{:>3}", self.cell(h));
            }
            let _ = write!(out, "   {lower}h");
            for i in 0..self.home_size {
                let _ = write!(out, " {}", self.cell(b.home(s, i)));
            }
            out.push_str("  ");
            if self.in_play[s as usize] {
                for _ in 0..self.base[s as usize] {
                    out.push_str(self.letter(s));
                }
                if self.base[s as usize] == 0 {
                    out.push('-');
                }
            }
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "centre {}: {}",
            self.name(b.centre),
            self.cell(b.centre)
        );
        if let Some(w) = self.winners() {
            let _ = writeln!(out, "won by {}", w.join("+"));
        } else if let Some(s) = self.to_roll() {
            let _ = writeln!(out, "{s} to roll");
        }
        out
    }
}

impl State {
    fn cell(&self, h: Hole) -> char {
        match self.at(h) {
            Some(s) => self.letter(s).chars().next().unwrap_or('?'),
            None if self.board.class(h) == Class::Loop && self.board.is_star(h) => 'o',
            None => '.',
        }
    }
}

/// The first slot of a side's marbles that holds `h`, found in all eight
/// slots at once (one word) rather than slot by slot: which slot a move
/// finds is unpredictable, and a branch per slot mispredicts.
#[inline]
fn first_slot(row: &[Hole; MAX_HOME], h: Hole) -> Option<usize> {
    const ONES: u64 = u64::MAX / 0xFF;
    const _: () = assert!(MAX_HOME == 8, "a side's slots fill one word");
    let x = u64::from_le_bytes(*row) ^ (ONES * u64::from(h));
    // The lowest zero byte of `x` is the first slot holding `h` (bytes
    // above a zero byte may be flagged wrongly, never those below it).
    let zeros = x.wrapping_sub(ONES) & !x & (ONES << 7);
    (zeros != 0).then(|| zeros.trailing_zeros() as usize / 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_slot_finds_what_a_loop_finds() {
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        let values = [0, 1, 7, 0x80, 0xFE, NONE];
        for _ in 0..20_000 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            // Few distinct values, so that repeats and misses both occur.
            let row: [Hole; MAX_HOME] =
                std::array::from_fn(|i| values[(rng >> (6 * i)) as usize % values.len()]);
            for h in values.into_iter().chain([2]) {
                let expected = row.iter().position(|&p| p == h);
                assert_eq!(first_slot(&row, h), expected, "{row:?} {h}");
            }
        }
    }
}
