//! The position: marbles on the board, targets, scores, the seat to move and
//! a pending re-placement; its `Position` tag syntax and its text board.

use std::fmt::Write as _;

use super::board::{board, Board, Cell, TARGETS};
use crate::TextBoard;

/// The seat letters, in turn order: Red moves first.
pub const SEATS: [&str; 2] = ["R", "B"];

/// A seat: 0 is Red (`R`), 1 is Blue (`B`).
pub type Seat = u8;

/// The seat written `name`, if it plays Offboard.
pub fn seat_of(name: &(impl AsRef<[u8]> + ?Sized)) -> Option<Seat> {
    // Bytes, not `str`: a `Name` gives its bytes without a UTF-8 check.
    match name.as_ref() {
        b"R" => Some(0),
        b"B" => Some(1),
        _ => None,
    }
}

/// An Offboard position.
///
/// Small and `Copy`: two 64-bit masks of marbles, the targets' contents, the
/// scores, the seat to move and its pending re-placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// Marbles on the board, per seat (bit `i` is cell `i`).
    pub(crate) marbles: [u64; 2],
    /// What each target holds: 0 nothing, 1 a red marble, 2 a blue one.
    pub(crate) targets: [u8; TARGETS],
    /// The targets' values (0 for every target when the variant has none).
    pub(crate) values: [u8; TARGETS],
    /// Whether the variant has targets at all.
    pub(crate) has_targets: bool,
    /// Points per seat.
    pub(crate) score: [u8; 2],
    /// Marbles taken out of the game (`~`, or pushed off without targets), per seat.
    pub(crate) out: [u8; 2],
    /// The seat to move.
    pub(crate) to_move: Seat,
    /// 0, or 1 + the target the mover's marble was pushed towards when that
    /// target was occupied: the mover must put it back or remove it first.
    pub(crate) pending: u8,
}

impl State {
    /// An empty board with the given target values (`None`: no targets).
    pub(crate) fn empty(values: Option<[u8; TARGETS]>) -> State {
        State {
            marbles: [0; 2],
            targets: [0; TARGETS],
            values: values.unwrap_or([0; TARGETS]),
            has_targets: values.is_some(),
            score: [0; 2],
            out: [0; 2],
            to_move: 0,
            pending: 0,
        }
    }

    /// The seat to move (`"R"` or `"B"`).
    pub fn to_move(&self) -> &'static str {
        SEATS[self.to_move as usize]
    }

    /// The points of a seat (`"R"` or `"B"`); 0 for any other name.
    pub fn score(&self, seat: &str) -> u32 {
        seat_of(seat).map_or(0, |s| self.score[s as usize] as u32)
    }

    /// The cells of the marbles of seat `seat` (0 for R, 1 for B, as in
    /// [`SEATS`]) on the board; none for any other number.
    pub fn cells_of(&self, seat: usize) -> impl Iterator<Item = Cell> {
        cells(self.marbles.get(seat).copied().unwrap_or(0))
    }

    /// The marbles of a seat on the board, as cell names.
    pub fn marbles(&self, seat: &str) -> Vec<&'static str> {
        let Some(s) = seat_of(seat) else {
            return Vec::new();
        };
        cells(self.marbles[s as usize])
            .map(|c| board().cell_name(c))
            .collect()
    }

    /// The target the mover's marble was pushed towards while occupied, when
    /// the mover must first put it back or remove it.
    pub fn pending(&self) -> Option<&'static str> {
        (self.pending != 0).then(|| board().target_name(self.pending as usize - 1))
    }

    /// What target `name` holds: `Some("R")`, `Some("B")`, or `None` when it
    /// is empty or there is no such target.
    pub fn target(&self, name: &str) -> Option<&'static str> {
        let t = board().target(name)?;
        match self.targets[t] {
            0 => None,
            s => Some(SEATS[s as usize - 1]),
        }
    }

    /// Who holds `cell`: `Some(0)` red, `Some(1)` blue, `None` empty.
    #[inline]
    pub(crate) fn at(&self, cell: Cell) -> Option<Seat> {
        let bit = 1u64 << cell;
        if self.marbles[0] & bit != 0 {
            Some(0)
        } else if self.marbles[1] & bit != 0 {
            Some(1)
        } else {
            None
        }
    }

    /// The position in `Position` tag syntax (see notation/offboard.md).
    pub fn to_position(&self) -> String {
        let b = board();
        let mut out = String::new();
        for (s, seat) in SEATS.iter().enumerate() {
            if s > 0 {
                out.push(' ');
            }
            out.push_str(seat);
            out.push(':');
            for (i, c) in cells(self.marbles[s]).enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(b.cell_name(c));
            }
        }
        for (t, &held) in self.targets.iter().enumerate() {
            if held != 0 {
                let _ = write!(out, " {}={}", b.target_name(t), SEATS[held as usize - 1]);
            }
        }
        if self.score != self.derived_score() {
            let _ = write!(out, " score=R{},B{}", self.score[0], self.score[1]);
        }
        if self.out != [0, 0] {
            let _ = write!(out, " out=R{},B{}", self.out[0], self.out[1]);
        }
        let _ = write!(out, " move={}", SEATS[self.to_move as usize]);
        if self.pending != 0 {
            let _ = write!(out, " pending={}", b.target_name(self.pending as usize - 1));
        }
        out
    }

    /// The scores the targets' contents give: each seat scores the value of
    /// every target holding an opposing marble.
    fn derived_score(&self) -> [u8; 2] {
        let mut score = [0u8; 2];
        for (t, &held) in self.targets.iter().enumerate() {
            if held != 0 {
                // A red marble (1) in a target scored for Blue (1), and back.
                let scorer = 2 - held as usize;
                score[scorer] = score[scorer].saturating_add(self.values[t]);
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
    ) -> Result<State, String> {
        let b = board();
        let mut st = State::empty(values);
        let mut score = None;
        let mut seen_seat = [false; 2];
        for field in text.split_whitespace() {
            if let Some((key, value)) = field.split_once('=') {
                match key {
                    "move" => {
                        st.to_move = seat_of(value)
                            .ok_or_else(|| format!("move={value}: the seats are R and B"))?;
                    }
                    "pending" => {
                        if !st.has_targets {
                            return Err("pending: this variant has no targets".into());
                        }
                        let t = b.target(value).ok_or_else(|| {
                            format!("pending={value}: no target {value} (t1 to t12)")
                        })?;
                        st.pending = t as u8 + 1;
                    }
                    "score" => score = Some(parse_pair("score", value)?),
                    "out" => st.out = parse_pair("out", value)?,
                    _ => {
                        let t = b.target(key).ok_or_else(|| {
                            format!(
                                "unknown field {key}= (targets t1..t12, score, out, move, pending)"
                            )
                        })?;
                        if !st.has_targets {
                            return Err(format!("{key}: this variant has no targets"));
                        }
                        let s = seat_of(value)
                            .ok_or_else(|| format!("{field}: a target holds an R or a B marble"))?;
                        st.targets[t] = s + 1;
                    }
                }
            } else if let Some((seat, list)) = field.split_once(':') {
                let s = seat_of(seat).ok_or_else(|| format!("{seat}: the seats are R and B"))?;
                if std::mem::replace(&mut seen_seat[s as usize], true) {
                    return Err(format!("{seat}: listed twice"));
                }
                for name in list.split(',').filter(|n| !n.is_empty()) {
                    let c = b
                        .cell(name)
                        .ok_or_else(|| format!("{name} is not a cell of the board (a1 to i9)"))?;
                    if st.at(c).is_some() {
                        return Err(format!("{name} holds two marbles"));
                    }
                    st.marbles[s as usize] |= 1 << c;
                }
            } else {
                return Err(format!(
                    "{field}: expected SEAT:cells or key=value (t1=R, score=, out=, move=, pending=)"
                ));
            }
        }
        st.score = match score {
            Some(score) => score,
            None => st.derived_score(),
        };
        Ok(st)
    }
}

/// A number per seat, `R3,B1` (a seat left out has 0), for field `key`.
fn parse_pair(key: &str, value: &str) -> Result<[u8; 2], String> {
    let mut pair = [0u8; 2];
    let wrong = || format!("{key}={value}: write {key}=R3,B1");
    for part in value.split(',') {
        let digits = part.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        let seat = &part[..part.len() - digits.len()];
        let s = seat_of(seat).ok_or_else(wrong)?;
        pair[s as usize] = digits.parse().map_err(|_| wrong())?;
    }
    Ok(pair)
}

/// The cells of a mask, lowest first.
pub(crate) fn cells(mut mask: u64) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let c = mask.trailing_zeros() as Cell;
            mask &= mask - 1;
            c
        })
    })
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
            for c in first..=last {
                let cell = b.cell(&format!("{letter}{c}")).unwrap_or(0);
                out.push(' ');
                out.push(match self.at(cell) {
                    Some(0) => 'R',
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
            for t in 0..TARGETS {
                let held = match self.targets[t] {
                    0 => "-",
                    s => SEATS[s as usize - 1],
                };
                let _ = write!(out, " {}({})={}", b.target_name(t), self.values[t], held);
            }
            out.push('\n');
        }
        let _ = write!(
            out,
            "score: R {} B {}; out of the game: R {} B {}; {} to move",
            self.score[0], self.score[1], self.out[0], self.out[1], SEATS[self.to_move as usize]
        );
        if self.pending != 0 {
            let _ = write!(
                out,
                " (first put back or remove the marble pushed towards {})",
                b.target_name(self.pending as usize - 1)
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
        let st = State::from_position(text, VALUES).expect("valid");
        assert_eq!(st.to_position(), text);
        assert_eq!(st.score("R"), 1);
        assert_eq!(st.score("B"), 1);
        assert_eq!(st.pending(), Some("t7"));
        assert_eq!(st.target("t4"), Some("B"));
        assert_eq!(st.marbles("R"), ["a1", "c3", "e5"]);
    }

    #[test]
    fn explicit_scores_are_kept() {
        let st = State::from_position("R:a1 B: score=R5,B2", None).expect("valid");
        assert_eq!(st.to_position(), "R:a1 B: score=R5,B2 move=R");
    }

    #[test]
    fn bad_positions_say_why() {
        let err = |t: &str| State::from_position(t, VALUES).expect_err(t);
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
        let st = State::from_position("R:a1,e5 B:i9", VALUES).expect("valid");
        let text = st.text_board();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "      i . . . . B");
        assert_eq!(lines[4], "  e . . . . R . . . .");
        assert_eq!(lines[8], "      a R . . . . 6");
        assert_eq!(lines[9], "         1 2 3 4 5");
        assert!(text.ends_with("R to move\n"));
    }
}
