//! The position: marbles on the board, targets, scores, the seat to move and
//! a pending re-placement; its `Position` tag syntax and its text board.

use billes_game::seating::{self, PositionWord};
use std::fmt::Write as _;
use std::num::NonZeroU8;

use billes_game::{Colour, TagValueError, TextBoard};

use super::board::{board, Board, Cell, Target, TARGETS};

/// The seat letters, in turn order, by [`Colour`]: Red (0) moves first,
/// then Blue (1).
pub const SEATS: [&str; 2] = ["R", "B"];

/// Red, who moves first.
pub const RED: Colour = Colour::new(0);

/// The colour of the seat written `name`, if it plays Offboard.
pub fn seat_of(name: &(impl AsRef<[u8]> + ?Sized)) -> Option<Colour> {
    // Bytes, not `str`: a `Name` gives its bytes without a UTF-8 check.
    match name.as_ref() {
        b"R" => Some(Colour::new(0)),
        b"B" => Some(Colour::new(1)),
        _ => None,
    }
}

/// A marble in a target, by the colour of its seat.
///
/// Stored as the colour's index plus one in a [`NonZeroU8`], so that what a
/// target holds, `Option<Marble>`, is one byte and the position stays as
/// small to copy as when it was a byte code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Marble(NonZeroU8);

impl Marble {
    /// A marble of the seat of colour `colour`.
    #[inline]
    pub(crate) const fn of(colour: Colour) -> Marble {
        Marble(NonZeroU8::MIN.saturating_add(colour.get()))
    }

    /// The colour of the marble's seat.
    #[inline]
    pub(crate) const fn colour(self) -> Colour {
        Colour::new(self.0.get() - 1)
    }
}

/// The other seat of the two.
#[inline(always)]
pub(crate) const fn opponent(colour: Colour) -> Colour {
    Colour::new(colour.get() ^ 1)
}

/// The letter of a seat (`R`, `B`).
#[inline]
pub(crate) fn seat_name(colour: Colour) -> &'static str {
    SEATS[colour.index()]
}

/// An Offboard position.
///
/// Small and `Copy`: two 64-bit masks of marbles, the targets' contents, the
/// scores, the seat to move and its pending re-placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// Marbles on the board, per seat (a set of cells: [`Cell::bit`]).
    pub(crate) marbles: [u64; 2],
    /// The marble each target holds, if any.
    pub(crate) targets: [Option<Marble>; TARGETS],
    /// The targets' values (0 for every target when the variant has none).
    pub(crate) values: [u8; TARGETS],
    /// Whether the variant has targets at all.
    pub(crate) has_targets: bool,
    /// Points per seat.
    pub(crate) score: [u8; 2],
    /// Marbles taken out of the game (`~`, or pushed off without targets), per seat.
    pub(crate) out: [u8; 2],
    /// The seat to move.
    pub(crate) to_move: Colour,
    /// The target the mover's marble was pushed towards when that target
    /// was occupied: the mover must put it back or remove it first.
    pub(crate) pending: Option<Target>,
}

impl State {
    /// An empty board with the given target values (`None`: no targets).
    pub(crate) fn empty(values: Option<[u8; TARGETS]>) -> State {
        State {
            marbles: [0; 2],
            targets: [None; TARGETS],
            values: values.unwrap_or([0; TARGETS]),
            has_targets: values.is_some(),
            score: [0; 2],
            out: [0; 2],
            to_move: RED,
            pending: None,
        }
    }

    /// The seat to move (`"R"` or `"B"`).
    pub fn to_move(&self) -> &'static str {
        seat_name(self.to_move)
    }

    /// The points of a seat (`"R"` or `"B"`); 0 for any other name.
    pub fn score(&self, seat: &str) -> u32 {
        seat_of(seat).map_or(0, |colour| u32::from(self.score[colour.index()]))
    }

    /// The cells of the marbles of the seat of colour `colour` (as in
    /// [`SEATS`]) on the board; none for a colour that does not play.
    pub fn cells_of(&self, colour: Colour) -> impl Iterator<Item = Cell> {
        Cell::in_mask(self.marbles.get(colour.index()).copied().unwrap_or(0))
    }

    /// The marbles of a seat on the board, as cell names.
    pub fn marbles(&self, seat: &str) -> Vec<&'static str> {
        let Some(colour) = seat_of(seat) else {
            return Vec::new();
        };
        self.cells_of(colour)
            .map(|cell| board().cell_name(cell))
            .collect()
    }

    /// The target the mover's marble was pushed towards while occupied, when
    /// the mover must first put it back or remove it.
    pub fn pending(&self) -> Option<&'static str> {
        self.pending.map(|target| board().target_name(target))
    }

    /// What target `name` holds: `Some("R")`, `Some("B")`, or `None` when it
    /// is empty or there is no such target.
    pub fn target(&self, name: &str) -> Option<&'static str> {
        let target = board().target(name)?;
        self.targets[target.index()].map(|marble| seat_name(marble.colour()))
    }

    /// Takes the mover's pending marble out of the game (`~`): what the
    /// checker does before the move that follows, and what the list of
    /// legal moves lists those moves from.
    pub(crate) fn take_out_pending(&mut self) {
        self.pending = None;
        self.out[self.to_move.index()] += 1;
    }

    /// Whose marble stands on `cell`, if any.
    #[inline]
    pub(crate) fn at(&self, cell: Cell) -> Option<Colour> {
        let bit = cell.bit();
        if self.marbles[0] & bit != 0 {
            Some(Colour::new(0))
        } else if self.marbles[1] & bit != 0 {
            Some(Colour::new(1))
        } else {
            None
        }
    }

    /// The position in `Position` tag syntax (see notation/offboard.md).
    pub fn to_position(&self) -> String {
        let b = board();
        // Room for a whole position (a tag is written after every turn
        // exported with its position: growing the text four times, and
        // `write!` for each group, took most of its writing).
        let mut out = String::with_capacity(128);
        for colour in Colour::all(SEATS.len()) {
            if colour != RED {
                out.push(' ');
            }
            out.push_str(seat_name(colour));
            out.push(':');
            for (i, cell) in self.cells_of(colour).enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(b.cell_name(cell));
            }
        }
        for (target, held) in Target::all().zip(self.targets) {
            if let Some(marble) = held {
                out.push(' ');
                out.push_str(b.target_name(target));
                out.push('=');
                out.push_str(seat_name(marble.colour()));
            }
        }
        if self.score != self.derived_score() {
            let _ = write!(out, " score=R{},B{}", self.score[0], self.score[1]);
        }
        if self.out != [0, 0] {
            let _ = write!(out, " out=R{},B{}", self.out[0], self.out[1]);
        }
        out.push_str(" move=");
        out.push_str(seat_name(self.to_move));
        if let Some(pending) = self.pending {
            out.push_str(" pending=");
            out.push_str(b.target_name(pending));
        }
        out
    }

    /// The scores the targets' contents give: each seat scores the value of
    /// every target holding an opposing marble.
    fn derived_score(&self) -> [u8; 2] {
        let mut score = [0u8; 2];
        for (held, &value) in self.targets.iter().zip(&self.values) {
            if let Some(marble) = *held {
                // A red marble in a target scored for Blue, and back.
                let scorer = opponent(marble.colour()).index();
                score[scorer] = score[scorer].saturating_add(value);
            }
        }
        score
    }

    /// Reads a `Position` tag value over an empty board with the given
    /// target values.
    ///
    /// Syntax: space-separated fields, in any order:
    /// - `R:a1,a2,...` and `B:...`: the marbles of a seat on the board;
    /// - `t4=R`: target t4 holds a red marble (which scored for Blue);
    /// - `score=R3,B1`: the points (default: what the targets give);
    /// - `out=R1,B0`: the marbles taken out of the game (`~`, or pushed off
    ///   in a variant without targets), per seat (default: none);
    /// - `move=B`: the seat to move (default `R`);
    /// - `pending=t4`: the seat to move had a marble pushed towards the
    ///   occupied target t4 and must put it back or remove it first.
    pub(crate) fn from_position(
        text: &str,
        values: Option<[u8; TARGETS]>,
    ) -> Result<State, TagValueError> {
        let b = board();
        let mut state = State::empty(values);
        let mut score = None;
        let mut seen_seat = [false; 2];
        for word in seating::position_words(text) {
            if let PositionWord::Field { key, value } = word {
                match key {
                    "move" => {
                        state.to_move = seat_of(value)
                            .ok_or_else(|| format!("move={value}: the seats are R and B"))?;
                    }
                    "pending" => {
                        if !state.has_targets {
                            return Err(TagValueError(
                                "pending: this variant has no targets".into(),
                            ));
                        }
                        let target = b.target(value).ok_or_else(|| {
                            format!("pending={value}: no target {value} (t1 to t12)")
                        })?;
                        state.pending = Some(target);
                    }
                    "score" => score = Some(parse_pair("score", value)?),
                    "out" => state.out = parse_pair("out", value)?,
                    _ => {
                        let target = b.target(key).ok_or_else(|| {
                            format!(
                                "unknown field {key}= (targets t1..t12, score, out, move, pending)"
                            )
                        })?;
                        if !state.has_targets {
                            return Err(TagValueError(format!(
                                "{key}: this variant has no targets"
                            )));
                        }
                        let owner = seat_of(value)
                            .ok_or_else(|| format!("{word}: a target holds an R or a B marble"))?;
                        state.targets[target.index()] = Some(Marble::of(owner));
                    }
                }
            } else if let PositionWord::Pieces { seat, points: list } = word {
                let colour =
                    seat_of(seat).ok_or_else(|| format!("{seat}: the seats are R and B"))?;
                if std::mem::replace(&mut seen_seat[colour.index()], true) {
                    return Err(TagValueError(format!("{seat}: listed twice")));
                }
                for name in list.split(',').filter(|n| !n.is_empty()) {
                    let cell = b
                        .cell(name)
                        .ok_or_else(|| format!("{name} is not a cell of the board (a1 to i9)"))?;
                    if state.at(cell).is_some() {
                        return Err(TagValueError(format!("{name} holds two marbles")));
                    }
                    state.marbles[colour.index()] |= cell.bit();
                }
            } else {
                return Err(TagValueError(format!(
                    "{word}: expected SEAT:cells or key=value (t1=R, score=, out=, move=, pending=)"
                )));
            }
        }
        state.score = match score {
            Some(score) => score,
            None => state.derived_score(),
        };
        Ok(state)
    }
}

/// A number per seat, `R3,B1` (a seat left out has 0), for field `key`.
fn parse_pair(key: &str, value: &str) -> Result<[u8; 2], TagValueError> {
    let mut pair = [0u8; 2];
    let wrong = || format!("{key}={value}: write {key}=R3,B1");
    for part in value.split(',') {
        let digits = part.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        let seat = &part[..part.len() - digits.len()];
        let colour = seat_of(seat).ok_or_else(wrong)?;
        pair[colour.index()] = digits.parse().map_err(|_| wrong())?;
    }
    Ok(pair)
}

impl TextBoard for State {
    /// The board as in Abalone diagrams: row letters on the left, diagonal
    /// numbers below and on the right; `R`, `B` or `.` on each cell; then
    /// the targets, the scores and who is to move.
    fn text_board(&self) -> String {
        let b: &Board = board();
        let rows = b.rows();
        let mut out = String::new();
        for (r, &(letter, first, last)) in rows.iter().enumerate().rev() {
            let indent = (r as i32 - 4).unsigned_abs() as usize;
            out.push_str(&" ".repeat(indent + 2));
            out.push(letter);
            for diagonal in first..=last {
                let cell = b.cell(&format!("{letter}{diagonal}"));
                out.push(' ');
                out.push(match cell.and_then(|cell| self.at(cell)) {
                    Some(RED) => 'R',
                    Some(_) => 'B',
                    None => '.',
                });
            }
            if r < 4 {
                let _ = write!(out, " {}", last + 1);
            }
            out.push('\n');
        }
        out.push_str(&" ".repeat(8));
        for c in 1..=5 {
            let _ = write!(out, " {c}");
        }
        out.push('\n');
        if self.has_targets {
            out.push_str("targets:");
            for target in Target::all() {
                let t = target.index();
                let held = self.targets[t].map_or("-", |marble| seat_name(marble.colour()));
                let _ = write!(
                    out,
                    " {}({})={}",
                    b.target_name(target),
                    self.values[t],
                    held
                );
            }
            out.push('\n');
        }
        let _ = write!(
            out,
            "score: R {} B {}; out of the game: R {} B {}; {} to move",
            self.score[0],
            self.score[1],
            self.out[0],
            self.out[1],
            seat_name(self.to_move)
        );
        if let Some(pending) = self.pending {
            let _ = write!(
                out,
                " (first put back or remove the marble pushed towards {})",
                b.target_name(pending)
            );
        }
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VALUES: Option<[u8; TARGETS]> = Some([1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3]);

    #[test]
    fn position_round_trips() {
        let text = "R:a1,c3,e5 B:i9 t4=B t7=R move=B pending=t7";
        let state = State::from_position(text, VALUES).expect("valid");
        assert_eq!(state.to_position(), text);
        assert_eq!(state.score("R"), 1);
        assert_eq!(state.score("B"), 1);
        assert_eq!(state.pending(), Some("t7"));
        assert_eq!(state.target("t4"), Some("B"));
        assert_eq!(state.marbles("R"), ["a1", "c3", "e5"]);
    }

    #[test]
    fn a_position_is_small_to_copy() {
        // The move generators and the perft counter copy it for every move.
        assert_eq!(std::mem::size_of::<Option<Marble>>(), 1);
        assert!(std::mem::size_of::<State>() <= 48);
        assert_eq!(Marble::of(Colour::new(1)).colour(), Colour::new(1));
    }

    #[test]
    fn explicit_scores_are_kept() {
        let state = State::from_position("R:a1 B: score=R5,B2", None).expect("valid");
        assert_eq!(state.to_position(), "R:a1 B: score=R5,B2 move=R");
    }

    #[test]
    fn bad_positions_say_why() {
        let err = |t: &str| State::from_position(t, VALUES).expect_err(t).to_string();
        assert_eq!(err("R:a1,z9"), "z9 is not a cell of the board (a1 to i9)");
        assert_eq!(err("R:a1 B:a1"), "a1 holds two marbles");
        assert_eq!(err("G:a1"), "G: the seats are R and B");
        assert_eq!(err("move=G"), "move=G: the seats are R and B");
        assert_eq!(
            err("t13=R"),
            "unknown field t13= (targets t1..t12, score, out, move, pending)"
        );
        assert_eq!(err("score=3"), "score=3: write score=R3,B1");
        assert!(State::from_position("t1=R", None).is_err());
    }

    #[test]
    fn text_board_shows_the_hexagon() {
        let state = State::from_position("R:a1,e5 B:i9", VALUES).expect("valid");
        let text = state.text_board();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "      i . . . . B");
        assert_eq!(lines[4], "  e . . . . R . . . .");
        assert_eq!(lines[8], "      a R . . . . 6");
        assert_eq!(lines[9], "         1 2 3 4 5");
        assert!(text.ends_with("R to move\n"));
    }
}
