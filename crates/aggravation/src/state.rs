//! A position: where every marble is, who rolls next, and the team layout.

use std::fmt::Write as _;

use billes_game::{Colour, TextBoard};

use super::board::{Board, Class, Hole, MAX_HOME, MAX_SIDES, TABLE};

/// Per colour, before its first turn: every star hole counts as one its
/// marble just landed on (a position set up from a tag lists the marbles
/// that may no longer take the star ring, `stale=`).
const EVERY_STAR: u8 = u8::MAX;

/// An Aggravation position. Small and flat, so cloning it for a variation is
/// a copy.
#[derive(Debug, Clone)]
pub struct State {
    pub(crate) board: &'static Board,
    /// Per hole, by its byte (see [`Hole`]): the marble on it, packed in a
    /// byte as 0 for an empty hole, else its colour's index plus one. Read
    /// it through [`State::at`] and [`State::is_empty`].
    occupant: [u8; TABLE],
    /// Per colour: the holes of its marbles out of BASE, in the order they
    /// came out (none in the free slots).
    pub(crate) holes: [[Option<Hole>; MAX_HOME]; MAX_SIDES],
    /// Marbles in each colour's BASE.
    pub(crate) base: [u8; MAX_SIDES],
    /// Marbles in each colour's HOME.
    pub(crate) home: [u8; MAX_SIDES],
    /// Which colours play.
    pub(crate) in_play: [bool; MAX_SIDES],
    /// Each colour's team number (its own colour's index when there are no
    /// teams).
    pub(crate) team: [u8; MAX_SIDES],
    /// Whether a `Teams` tag joined the seats into teams.
    pub(crate) teams: bool,
    /// Marbles per colour.
    pub(crate) marbles: u8,
    /// HOME holes per colour.
    pub(crate) home_size: u8,
    /// The seat to roll next; none before the first turn (and after the
    /// turn that won the game).
    pub(crate) to_roll: Option<Colour>,
    /// Whether `to_roll` rolls again after a 6.
    pub(crate) again: bool,
    /// Per colour: the star holes (each its colour's [`Colour::bit`]) its
    /// marble landed on in its last turn.
    pub(crate) fresh: [u8; MAX_SIDES],
    /// The winning team number, none while the game goes on.
    pub(crate) winner: Option<u8>,
    /// The colours in play, as a mask of [`Colour::bit`]s (as `in_play`).
    pub(crate) play_mask: u8,
    /// The colours with every marble HOME, as a mask of [`Colour::bit`]s.
    pub(crate) done_mask: u8,
    /// The seats in the order the `Seats` tag lists them (none after the
    /// last): the order of play under `order = "seats"`.
    pub(crate) listed: [Option<Colour>; MAX_SIDES],
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
        let mut play_mask = 0;
        for c in Colour::all(MAX_SIDES) {
            if in_play[c.index()] {
                base[c.index()] = marbles;
                play_mask |= c.bit();
            }
        }
        State {
            board,
            occupant: [0; TABLE],
            holes: [[None; MAX_HOME]; MAX_SIDES],
            base,
            home: [0; MAX_SIDES],
            in_play,
            team: std::array::from_fn(|i| i as u8),
            teams: false,
            marbles,
            home_size,
            to_roll: None,
            again: false,
            fresh: [EVERY_STAR; MAX_SIDES],
            winner: None,
            play_mask,
            done_mask: 0,
            listed: [None; MAX_SIDES],
        }
    }

    /// Counts one more marble of `colour` in its HOME.
    #[inline]
    pub(crate) fn add_home(&mut self, colour: Colour) {
        self.home[colour.index()] += 1;
        if self.home[colour.index()] == self.marbles {
            self.done_mask |= colour.bit();
        }
    }

    /// The colour whose marble is on `h`, if any.
    #[inline]
    pub(crate) fn at(&self, h: Hole) -> Option<Colour> {
        match self.occupant[Hole::slot(Some(h))] {
            0 => None,
            c => Some(Colour::new(c - 1)),
        }
    }

    /// Whether no marble stands on `h`.
    #[inline(always)]
    pub(crate) fn is_empty(&self, h: Hole) -> bool {
        self.occupant[Hole::slot(Some(h))] == 0
    }

    /// Puts a marble of `colour` on the empty hole `h`: in the first free
    /// slot of its row, so that, with no more than `marbles` marbles out of
    /// BASE (as BASE's count keeps them), only the first `marbles` slots
    /// ever hold one (the moves look at no others).
    #[inline]
    pub(crate) fn put(&mut self, colour: Colour, h: Hole) {
        self.occupant[Hole::slot(Some(h))] = colour.get() + 1;
        let row = &mut self.holes[colour.index()];
        if let Some(i) = first_slot(row, None) {
            debug_assert!(
                i < usize::from(self.marbles),
                "more marbles out than a seat has"
            );
            row[i] = Some(h);
        }
    }

    /// Takes the marble of `colour` off hole `h`.
    #[inline]
    pub(crate) fn lift(&mut self, colour: Colour, h: Hole) {
        self.occupant[Hole::slot(Some(h))] = 0;
        let row = &mut self.holes[colour.index()];
        if let Some(i) = first_slot(row, Some(h)) {
            row[i] = None;
        }
    }

    /// Moves the marble of `colour` on `from` (none: from BASE) to the
    /// empty hole `to`.
    #[inline]
    pub(crate) fn shift(&mut self, colour: Colour, from: Option<Hole>, to: Hole) {
        if let Some(from) = from {
            self.occupant[Hole::slot(Some(from))] = 0;
        }
        self.occupant[Hole::slot(Some(to))] = colour.get() + 1;
        let row = &mut self.holes[colour.index()];
        if let Some(i) = first_slot(row, from) {
            row[i] = Some(to);
        }
    }

    /// The slots of `colour`'s row that may hold a marble: the first
    /// `marbles` ([`State::put`] fills the first free one, and no more
    /// marbles than that are ever out of BASE).
    #[inline(always)]
    pub(crate) fn slots(&self, colour: Colour) -> &[Option<Hole>] {
        &self.holes[colour.index()][..usize::from(self.marbles).min(MAX_HOME)]
    }

    /// Whether `colour` has every marble HOME.
    #[inline]
    pub(crate) fn finished(&self, colour: Colour) -> bool {
        self.home[colour.index()] == self.marbles
    }

    /// Whether `a` and `b` are different seats of one team.
    #[inline]
    pub(crate) fn partners(&self, a: Colour, b: Colour) -> bool {
        a != b && self.team[a.index()] == self.team[b.index()]
    }

    /// The seats in play, clockwise.
    pub fn seats(&self) -> impl Iterator<Item = Colour> + '_ {
        self.board.all_colours().filter(|c| self.in_play[c.index()])
    }

    /// The seats in play in the order the `Seats` tag lists them (the
    /// `Teams` tag's order without one; a seat in play it does not list
    /// follows, clockwise): who is named first before the first turn.
    pub(crate) fn seats_as_listed(&self) -> impl Iterator<Item = Colour> + '_ {
        let listed = self.listed.iter().map_while(|&s| s);
        let unlisted = self.seats().filter(|&c| !self.listed.contains(&Some(c)));
        listed.filter(|c| self.in_play[c.index()]).chain(unlisted)
    }

    /// The seat letter of `colour`.
    pub(crate) fn letter(&self, colour: Colour) -> &'static str {
        self.board.letter(colour)
    }

    /// The seat of `colour`, its letter as the notation's seat (a copy
    /// of the board's, not one made from the text).
    pub(crate) fn seat(&self, colour: Colour) -> billes_notation::Seat {
        self.board.seat_name(colour)
    }

    /// The name of hole `h`.
    pub(crate) fn name(&self, h: Hole) -> &str {
        self.board.name(h)
    }

    /// The board the game is played on.
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// The colour whose marble stands on hole `h` (a [`Board::hole`]), if any.
    #[inline]
    pub fn colour_at(&self, h: Hole) -> Option<Colour> {
        self.at(h)
    }

    /// The team of `colour`: the same number for partners (its own
    /// colour's index when there are no teams).
    #[inline]
    pub fn team_of(&self, colour: Colour) -> u8 {
        self.team[colour.index()]
    }

    /// The holes of `colour`'s marbles out of BASE (loop, centre and HOME),
    /// in no particular order; without the scan of the whole board
    /// [`marbles_of`](State::marbles_of) makes.
    #[inline]
    pub fn holes_of(&self, colour: Colour) -> impl Iterator<Item = Hole> + '_ {
        self.holes[colour.index()].iter().flatten().copied()
    }

    /// Where `colour`'s marbles are (board and HOME holes), by hole: the
    /// holes [`holes_of`](State::holes_of) keeps, sorted, not a scan of
    /// every hole of the board (a test holds the two to each other on every
    /// position of simulated games).
    pub fn marbles_of(&self, colour: Colour) -> Vec<Hole> {
        let mut holes: Vec<Hole> = self.holes_of(colour).collect();
        holes.sort_unstable();
        holes
    }

    /// Marbles in `colour`'s BASE.
    pub fn in_base(&self, colour: Colour) -> u8 {
        self.base[colour.index()]
    }

    /// The seat to roll next, once the first turn is played.
    pub fn to_roll(&self) -> Option<&str> {
        self.to_roll.map(|c| self.letter(c))
    }

    /// The winning seats (a whole team in partnership and team play).
    #[inline]
    pub fn winners(&self) -> Option<Vec<billes_notation::Seat>> {
        let winner = self.winner?;
        Some(
            self.seats()
                .filter(|&c| self.team[c.index()] == winner)
                .map(|c| self.letter(c).into())
                .collect(),
        )
    }

    /// Checks whether `colour` finishing wins the game, and records it.
    pub(crate) fn check_winner(&mut self, colour: Colour) {
        if !self.finished(colour) {
            return;
        }
        let team = self.team[colour.index()];
        let done = self
            .seats()
            .filter(|&o| self.team[o.index()] == team)
            .all(|o| self.finished(o));
        if done {
            self.winner = Some(team);
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
        let first = Colour::new(0);
        let last = self.letter(Colour::new(b.sides - 1)).to_ascii_lowercase();
        let _ = writeln!(
            out,
            "clockwise: each row runs on into the next ({lower0}{end} -> {lower1}0, {last}{end} -> {lower0}0)",
            lower0 = self.letter(first).to_ascii_lowercase(),
            lower1 = self.letter(Colour::new(1)).to_ascii_lowercase(),
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
        for c in b.all_colours() {
            let lower = self.letter(c).to_ascii_lowercase();
            let colour = &b.colours[c.index()];
            let _ = write!(out, "{lower} {colour:<6}");
            for o in 0..b.per_side {
                let h = Hole::new(c.get() * b.per_side + o);
                let _ = write!(out, "{:>3}", self.cell(h));
            }
            let _ = write!(out, "   {lower}h");
            for i in 0..self.home_size {
                let _ = write!(out, " {}", self.cell(b.home(c, i)));
            }
            out.push_str("  ");
            if self.in_play[c.index()] {
                for _ in 0..self.base[c.index()] {
                    out.push_str(self.letter(c));
                }
                if self.base[c.index()] == 0 {
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
        } else if let Some(seat) = self.to_roll() {
            let _ = writeln!(out, "{seat} to roll");
        }
        out
    }
}

impl State {
    fn cell(&self, h: Hole) -> char {
        match self.at(h) {
            Some(c) => self.letter(c).chars().next().unwrap_or('?'),
            None if self.board.class(h) == Class::Loop && self.board.is_star(h) => 'o',
            None => '.',
        }
    }
}

/// The first slot of a colour's marbles that holds `h` (none: a free
/// slot), found in all eight slots at once (one word, a [`Hole::byte`] per
/// slot) rather than slot by slot: which slot a move finds is
/// unpredictable, and a branch per slot mispredicts.
#[inline]
fn first_slot(row: &[Option<Hole>; MAX_HOME], h: Option<Hole>) -> Option<usize> {
    const ONES: u64 = u64::MAX / 0xFF;
    const _: () = assert!(MAX_HOME == 8, "a colour's slots fill one word");
    let bytes = row.map(Hole::byte);
    let x = u64::from_le_bytes(bytes) ^ (ONES * u64::from(Hole::byte(h)));
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
        // Bytes 0 (no hole), 1 (hole 0) and the largest, among others.
        let values = [0, 1, 7, 0x80, 0xFE, 0xFF].map(Hole::from_byte);
        for _ in 0..20_000 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            // Few distinct values, so that repeats and misses both occur.
            let row: [Option<Hole>; MAX_HOME] =
                std::array::from_fn(|i| values[(rng >> (6 * i)) as usize % values.len()]);
            for h in values.into_iter().chain([Hole::from_byte(2)]) {
                let expected = row.iter().position(|&p| p == h);
                assert_eq!(first_slot(&row, h), expected, "{row:?} {h:?}");
            }
        }
    }
}
