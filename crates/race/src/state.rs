//! A position of a race game: where every piece of the seats in play
//! stands, whose turn it is and what the turn sequence owes (sixes in a
//! row, tries left), the seats finished in order; set up from a record's
//! tags and written back as a `Position` tag.

use std::fmt::Write as _;

use billes_game::seating::{self, PositionWord, SeatRules};
use billes_game::view::{Piece, PositionView, SeatView, View};
use billes_game::{Colour, ErrorKind, ReplayError};
use billes_notation::{Game, Seat};
use serde::Serialize;

use crate::board::Board;

/// A piece's place: its step along its seat's path, or [`YARD`].
pub type Step = i16;

/// The place of a piece off the board, in its seat's yard.
pub const YARD: Step = -1;

/// A position of a race game.
#[derive(Debug)]
pub struct State {
    /// The board the game is played on.
    pub board: &'static Board,
    /// The seats in play (their places in the board's seats), clockwise.
    pub seats: Vec<u8>,
    /// By seat in play, [`Board::pieces`] each: the pieces' steps.
    steps: Vec<Step>,
    /// The seat in play whose turn is next (an index into `seats`);
    /// `None` before the first turn, when any seat may start.
    pub to_move: Option<u8>,
    /// The extra rolls the seat to move has had in a row.
    pub extra: u8,
    /// The tries the seat to move has used to bring a piece in.
    pub tries: u8,
    /// The seats in play that have finished, in order.
    pub finished: Vec<u8>,
    /// The winner a variant's `winner` hook named, which ends the game.
    pub declared: Option<u8>,
    /// By point: who stands there, kept by [`State::set_step`], so that
    /// the rules know an empty point (the most asked) and who stands on
    /// another without looking at every piece.
    points: Vec<OnPoint>,
}

/// Who stands on a point.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct OnPoint {
    /// How many pieces (at most 16 pieces of 8 seats: fewer than 256).
    pieces: u8,
    /// The seats in play with a piece there, a bit each (bit `i` for seat
    /// `i`; at most [`Colour::MAX`](billes_game::Colour::MAX) = 8 seats).
    seats: u8,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            board: self.board,
            seats: self.seats.clone(),
            steps: self.steps.clone(),
            to_move: self.to_move,
            extra: self.extra,
            tries: self.tries,
            finished: self.finished.clone(),
            declared: self.declared,
            points: self.points.clone(),
        }
    }

    /// Copies `source` into the lists `self` already holds, allocating
    /// nothing when they are long enough (the copy the game API's
    /// `RulesPosition` makes before each turn, in the lists of the last
    /// one, and puts back if the turn is refused).
    fn clone_from(&mut self, source: &State) {
        // Every field named, so that a new one cannot be forgotten here.
        let State {
            board,
            seats,
            steps,
            to_move,
            extra,
            tries,
            finished,
            declared,
            points,
        } = source;
        self.board = board;
        self.seats.clone_from(seats);
        self.steps.clone_from(steps);
        self.to_move = *to_move;
        self.extra = *extra;
        self.tries = *tries;
        self.finished.clone_from(finished);
        self.declared = *declared;
        self.points.clone_from(points);
    }
}

/// Two positions are the same when they are on the same board (the same
/// loaded game and rules) with the same pieces and turn.
impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        std::ptr::eq(self.board, other.board)
            && (
                &self.seats,
                &self.steps,
                self.to_move,
                self.extra,
                self.tries,
            ) == (
                &other.seats,
                &other.steps,
                other.to_move,
                other.extra,
                other.tries,
            )
            && (&self.finished, self.declared) == (&other.finished, other.declared)
    }
}

impl Eq for State {}

impl State {
    /// Every piece's step, seat by seat in play ([`Board::pieces`] each).
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The steps of the pieces of seat `i` (an index into `seats`).
    pub fn pieces(&self, i: usize) -> &[Step] {
        let n = self.board.pieces;
        &self.steps[i * n..(i + 1) * n]
    }

    /// The board's place of seat `i` in play.
    pub fn board_seat(&self, i: usize) -> usize {
        usize::from(self.seats[i])
    }

    /// The letter of seat `i` in play.
    pub fn letter(&self, i: usize) -> Seat {
        self.board.seats[self.board_seat(i)]
    }

    /// The seat in play with letter `seat`.
    pub fn seat_index(&self, seat: &str) -> Option<usize> {
        self.seat_of(Seat::try_new(seat)?)
    }

    /// The seat in play `seat` (as [`State::seat_index`], by the seat's
    /// name: one comparison a seat).
    pub fn seat_of(&self, seat: Seat) -> Option<usize> {
        (0..self.seats.len()).find(|&i| self.letter(i) == seat)
    }

    /// The point of a piece of seat `i` at `step`, when on the board.
    pub fn point_of(&self, i: usize, step: Step) -> Option<crate::board::Point> {
        let s = usize::try_from(step).ok()?;
        self.board.paths[self.board_seat(i)].get(s).copied()
    }

    /// Whether a piece of seat `i` stands at `step` ([`YARD`] included).
    /// The walk is written out, not `contains`, whose generic search the
    /// compiler calls out of line: for a seat's few pieces, asked at each
    /// move, that call was most of its cost.
    #[inline(always)]
    #[allow(clippy::manual_contains)] // measured: see above
    pub fn has_at(&self, i: usize, step: Step) -> bool {
        self.pieces(i).iter().any(|&s| s == step)
    }

    /// Whether seat `i` in play has finished. A walk written out, as
    /// [`State::has_at`]'s: `contains` on bytes is the standard library's
    /// search for long texts, inlined at each of the turn's questions
    /// (measured no faster, but `turn::next_seat` went from 1,040 bytes of
    /// code to 149).
    #[inline(always)]
    pub fn has_finished(&self, i: usize) -> bool {
        self.finished.iter().any(|&f| usize::from(f) == i)
    }

    /// Whether every piece of seat `i` is home.
    pub fn all_home(&self, i: usize) -> bool {
        let b = self.board_seat(i);
        self.pieces(i)
            .iter()
            .all(|&s| s >= 0 && self.board.is_home(b, s as usize))
    }

    /// The seats in play still racing (not finished).
    pub fn racing(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.seats.len()).filter(|&i| !self.has_finished(i))
    }

    /// Whether the game is over: every seat but one has finished when play
    /// goes on for places, else one seat has.
    pub fn is_over(&self) -> bool {
        if self.declared.is_some() {
            true
        } else if self.board.flow.play_on {
            // `finished` lists a seat once (`play` adds it once, a
            // `Position` tag may not list it twice).
            self.finished.len() + 1 >= self.seats.len()
        } else {
            !self.finished.is_empty()
        }
    }

    /// The seat that finished first, the winner.
    pub fn winner(&self) -> Option<Seat> {
        self.declared
            .or(self.finished.first().copied())
            .map(|i| self.letter(usize::from(i)))
    }

    /// How many pieces stand on point `p`.
    pub fn count_on(&self, p: crate::board::Point) -> usize {
        self.points
            .get(usize::from(p))
            .map_or(0, |on| usize::from(on.pieces))
    }

    /// Whether `other` counts as many pieces on each point: a check that
    /// what was played on a position and taken back left it whole (the
    /// position's equality leaves the counts out, as they follow the
    /// steps).
    pub(crate) fn same_counts(&self, other: &State) -> bool {
        self.points == other.points
    }

    /// Who sits on point `p`: the seat in play and the piece's index (the
    /// first, in seat order, when several pieces share the point).
    pub fn at(&self, p: crate::board::Point) -> Option<(usize, usize)> {
        self.on(p).next()
    }

    /// The seats in play with a piece on point `p`: bit `i` for seat `i`.
    pub fn seats_on(&self, p: crate::board::Point) -> u8 {
        self.points.get(usize::from(p)).map_or(0, |on| on.seats)
    }

    /// The last piece of seat `i` on point `p` (each point is on a seat's
    /// path once), by its index.
    pub fn last_piece_on(&self, i: usize, p: crate::board::Point) -> Option<usize> {
        let step = self.board.step_of(self.board_seat(i), p)? as Step;
        self.pieces(i).iter().rposition(|&s| s == step)
    }

    /// Every piece on point `p`: its seat in play and index.
    pub fn on(&self, p: crate::board::Point) -> impl Iterator<Item = (usize, usize)> + '_ {
        let seats = self.seats_on(p);
        (0..self.seats.len())
            .filter(move |&i| seats & (1 << i) != 0)
            .flat_map(move |i| {
                let path = &self.board.paths[self.board_seat(i)];
                self.pieces(i)
                    .iter()
                    .enumerate()
                    .filter(move |&(_, &step)| {
                        usize::try_from(step).is_ok_and(|s| path.get(s) == Some(&p))
                    })
                    .map(move |(k, _)| (i, k))
            })
    }

    /// Puts piece `k` of seat `i` at `step` (or in its yard).
    ///
    /// Both points are found before anything is written: a write into the
    /// lists may, for all the compiler knows, change the board's, which it
    /// would then read again.
    pub fn set_step(&mut self, i: usize, k: usize, step: Step) {
        let board = self.board;
        let path: &[crate::board::Point] = &board.paths[self.board_seat(i)];
        let point = |step: Step| Some(usize::from(*path.get(usize::try_from(step).ok()?)?));
        let n = board.pieces;
        let at = i * n + k;
        let old = self.steps[at];
        let (from, to) = (point(old), point(step));
        self.steps[at] = step;
        if let Some(p) = from {
            let left = self.points[p].pieces - 1;
            self.points[p].pieces = left;
            // The seat's bit stays while another of its pieces stands
            // there (at the same step: a point is on a path once). A point
            // left empty (most) has no seat: its pieces are not walked.
            if left == 0 {
                self.points[p].seats = 0;
            } else if !self.has_at(i, old) {
                self.points[p].seats &= !(1 << i);
            }
        }
        if let Some(p) = to {
            self.points[p].pieces += 1;
            self.points[p].seats |= 1 << i;
        }
    }
}

/// The start position of `game` on `board`: its `Seats` (or its
/// `Position`) tag read.
///
/// # Errors
/// A `tag` error when the seats are missing or wrong, or the `Position`
/// tag does not describe a position of the game.
pub fn setup(board: &'static Board, game: &Game) -> Result<State, ReplayError> {
    let letters: Vec<&str> = board.seats.iter().map(|s| s.as_str()).collect();
    let rules = SeatRules {
        game: board.kind.name(),
        letters: &letters,
        players: board.players(),
    };
    let seating = seating::read(game, &rules)?
        .ok_or_else(|| ReplayError::new(ErrorKind::Tag, game.span, rules.missing()))?;
    if let Some(span) = seating.teams_span {
        return Err(ReplayError::new(
            ErrorKind::Tag,
            span,
            format!("{} is played alone: no Teams", board.kind.name()),
        ));
    }
    let mut seats: Vec<u8> = seating.seats.iter().map(|c: &Colour| c.get()).collect();
    seats.sort_unstable();
    // The seats a number of players takes are the game's (Ludo's two sit
    // opposite each other): another choice is another game.
    let chosen: Vec<Seat> = seats.iter().map(|&s| board.seats[usize::from(s)]).collect();
    if let Some(meant) = board.seating(seats.len()).filter(|m| {
        let mut m = m.to_vec();
        m.sort_by_key(|s| board.seats.iter().position(|x| x == s));
        m != chosen
    }) {
        let names = |list: &[Seat]| {
            list.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        return Err(ReplayError::new(
            ErrorKind::Tag,
            seating.span,
            format!(
                "{} seats {} players as {}, not {}",
                board.kind,
                seats.len(),
                names(meant),
                names(&chosen)
            ),
        ));
    }
    let n = seats.len();
    let mut state = State {
        board,
        seats,
        steps: vec![YARD; n * board.pieces],
        to_move: None,
        extra: 0,
        tries: 0,
        finished: Vec::new(),
        declared: None,
        points: vec![OnPoint::default(); board.points.len()],
    };
    // The pieces that start on their entry point (a Position tag says
    // where every piece stands instead).
    if game.tag_entry("Position").is_none() {
        for i in 0..n {
            for k in 0..(board.flow.start_out as usize).min(board.pieces) {
                state.set_step(i, k, 0);
            }
        }
    }
    if let Some(tag) = game.tag_entry("Position") {
        read_position(&mut state, &tag.value).map_err(|m| {
            ReplayError::new(ErrorKind::Tag, tag.span, format!("Position tag: {m}"))
        })?;
    }
    Ok(state)
}

/// Sets `state`'s pieces and fields from a `Position` tag's value:
/// `R:t5,r2 G:gh,gh move=G extra=1 tries=0 finished=Y`. A seat's pieces
/// not listed are in its yard.
fn read_position(state: &mut State, value: &str) -> Result<(), String> {
    let board = state.board;
    for word in seating::position_words(value) {
        match word {
            PositionWord::Pieces { seat, points } => {
                let i = state
                    .seat_index(seat)
                    .ok_or_else(|| format!("{seat} is not a seat in play"))?;
                let b = state.board_seat(i);
                for (k, p) in points.split(',').filter(|p| !p.is_empty()).enumerate() {
                    let step = board
                        .point(p)
                        .and_then(|q| board.step_of(b, q))
                        .ok_or_else(|| format!("{p} is not on {seat}'s path"))?;
                    if k == board.pieces {
                        return Err(format!("{seat} has {} pieces", board.pieces));
                    }
                    state.set_step(i, k, step as Step);
                }
            }
            PositionWord::Field { key, value } => read_field(state, key, value)?,
            PositionWord::Other(word) => {
                return Err(format!("\"{word}\" is neither SEAT:POINTS nor KEY=VALUE"))
            }
        }
    }
    check_position(state)
}

/// One `key=value` field of a `Position` tag.
fn read_field(state: &mut State, key: &str, value: &str) -> Result<(), String> {
    let seat = |state: &State, s: &str| {
        state
            .seat_index(s)
            .map(|i| i as u8)
            .ok_or_else(|| format!("{s} is not a seat in play"))
    };
    let number = |v: &str| {
        v.parse::<u8>()
            .map_err(|_| format!("{key}={v}: a number is wanted"))
    };
    match key {
        "move" => state.to_move = Some(seat(state, value)?),
        "winner" => state.declared = Some(seat(state, value)?),
        "extra" => state.extra = number(value)?,
        "tries" => state.tries = number(value)?,
        "finished" => {
            for s in value.split(',').filter(|s| !s.is_empty()) {
                let i = seat(state, s)?;
                if !state.all_home(usize::from(i)) {
                    return Err(format!("{s} is listed as finished with pieces not home"));
                }
                if state.has_finished(usize::from(i)) {
                    return Err(format!("{s} is listed twice in finished="));
                }
                state.finished.push(i);
            }
        }
        _ => {
            return Err(format!(
                "unknown field {key} (move, extra, tries, finished, winner)"
            ))
        }
    }
    Ok(())
}

/// The position's pieces as the rules allow them: one piece a point, but
/// in a goal; where a seat's pieces form blockades (Parcheesi), two of one
/// seat and no more.
fn check_position(state: &State) -> Result<(), String> {
    let board = state.board;
    for p in 0..board.points.len() as crate::board::Point {
        let on: Vec<(usize, usize)> = state.on(p).collect();
        let Some(&(first, _)) = on.first() else {
            continue;
        };
        // A goal holds any number of its seat's pieces.
        let goal = board.has_goal && board.paths[state.board_seat(first)].last() == Some(&p);
        let own = |i: usize| on.iter().filter(|w| w.0 == i).count();
        let most = if board.flow.own_stack == crate::def::OwnStack::Blockade {
            2
        } else {
            1
        };
        let own_twice = (0..state.seats.len()).any(|i| own(i) > most);
        // Rivals share a point only where no piece is captured (and never
        // in a game of blockades, where a point holds one seat's pieces).
        let shared = (board.safe[usize::from(p)]
            || board.flow.capture == crate::def::Capture::None)
            && most == 1;
        let rivals = on.iter().any(|w| w.0 != first);
        if !goal && (own_twice || (rivals && !shared)) {
            return Err(format!("two pieces on {}", board.name(p)));
        }
    }
    for i in state.racing().collect::<Vec<_>>() {
        if state.all_home(i) && !state.has_finished(i) {
            return Err(format!(
                "{} has every piece home: list it in finished=",
                state.letter(i)
            ));
        }
    }
    Ok(())
}

/// The position as a `Position` tag value.
pub fn write_position(state: &State) -> String {
    let mut out = String::new();
    for i in 0..state.seats.len() {
        let mut points: Vec<(Step, String)> = state
            .pieces(i)
            .iter()
            .filter_map(|&s| Some((s, state.board.name(state.point_of(i, s)?).to_string())))
            .collect();
        points.sort();
        let names: Vec<String> = points.into_iter().map(|p| p.1).collect();
        let _ = write!(out, "{}:{} ", state.letter(i), names.join(","));
    }
    if let Some(m) = state.to_move {
        let _ = write!(out, "move={} ", state.letter(usize::from(m)));
    }
    if state.extra > 0 {
        let _ = write!(out, "extra={} ", state.extra);
    }
    if state.tries > 0 {
        let _ = write!(out, "tries={} ", state.tries);
    }
    if !state.finished.is_empty() {
        let done: Vec<String> = state
            .finished
            .iter()
            .map(|&i| state.letter(usize::from(i)).to_string())
            .collect();
        let _ = write!(out, "finished={} ", done.join(","));
    }
    if let Some(w) = state.declared {
        let _ = write!(out, "winner={} ", state.letter(usize::from(w)));
    }
    out.trim_end().to_owned()
}

/// The position as plain text: the board's grid with each point showing
/// its piece's seat letter (or its name when empty), then each seat's yard
/// and home.
pub fn text_board(state: &State) -> String {
    let board = state.board;
    let width = board
        .points
        .iter()
        .map(|n| n.len())
        .max()
        .unwrap_or(1)
        .max(2);
    let rows = board.cells.iter().map(|c| c.2 + 1).max().unwrap_or(0);
    let columns = board.cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
    let mut grid = vec![vec![String::from("."); columns]; rows];
    for (name, column, row) in &board.cells {
        let p = board.point(name).unwrap_or(0);
        grid[*row][*column] = pieces_on(state, p).unwrap_or_else(|| name.to_string());
    }
    let mut out = String::new();
    for row in grid {
        let line: Vec<String> = row.iter().map(|c| format!("{c:<width$}")).collect();
        let _ = writeln!(out, "{}", line.join(" ").trim_end());
    }
    for i in 0..state.seats.len() {
        let yard = state.pieces(i).iter().filter(|&&s| s == YARD).count();
        let home = state
            .pieces(i)
            .iter()
            .filter(|&&s| s >= 0 && board.is_home(state.board_seat(i), s as usize))
            .count();
        let _ = writeln!(out, "{}: yard {yard}, home {home}", state.letter(i));
    }
    out
}

/// The letters of the pieces on `p` (`R`, or `Rx3` for three in a goal).
fn pieces_on(state: &State, p: crate::board::Point) -> Option<String> {
    let n = state.board.pieces;
    let mut who: Option<(Seat, usize)> = None;
    for (k, &step) in state.steps.iter().enumerate() {
        if state.point_of(k / n, step) == Some(p) {
            let letter = state.letter(k / n);
            who = Some((letter, who.map_or(0, |w| w.1) + 1));
        }
    }
    who.map(|(s, count)| match count {
        1 => s.to_string(),
        c => format!("{s}x{c}"),
    })
}

/// What a race position shows beyond every game's view
/// ([`PositionView::part`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ViewPart {
    /// By seat, in the order of the view's seats: its pieces home (written
    /// in each seat of `billes render --json` as `home`).
    pub home: Vec<u32>,
}

impl View for State {
    fn view(&self) -> PositionView {
        let board = self.board;
        let seats = (0..self.seats.len())
            .map(|i| SeatView {
                seat: self.letter(i),
                colour: billes_game::drawing::seat_colour(self.letter(i).as_str())
                    .unwrap_or("grey")
                    .to_owned(),
                waiting: self.pieces(i).iter().filter(|&&s| s == YARD).count() as u32,
            })
            .collect();
        let mut pieces = Vec::new();
        for i in 0..self.seats.len() {
            for &s in self.pieces(i) {
                if let Some(p) = self.point_of(i, s) {
                    pieces.push(Piece {
                        point: board.name(p),
                        seat: self.letter(i),
                    });
                }
            }
        }
        let home = (0..self.seats.len())
            .map(|i| {
                let b = self.board_seat(i);
                self.pieces(i)
                    .iter()
                    .filter(|&&s| s >= 0 && board.is_home(b, s as usize))
                    .count() as u32
            })
            .collect();
        PositionView {
            game: board.kind.name(),
            seats,
            pieces,
            to_move: self.to_move.map(|m| self.letter(usize::from(m))),
            pending: None,
            winners: self.winner().map(|w| vec![w]),
            own: Box::new(ViewPart { home }),
            seat_counts: &["home"],
        }
        .sorted()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::turn;

    /// The count of pieces a point kept by `set_step` is the pieces there, turn
    /// after turn of random games of each shipped game.
    #[test]
    fn the_kept_board_is_the_pieces() {
        for (board, _) in crate::table::list() {
            let mut rng = billes_game::Rng::new(5);
            let mut state = start(board);
            for _ in 0..2000 {
                if !random_turn(&mut state, &mut rng) {
                    break;
                }
                for p in 0..board.points.len() as crate::board::Point {
                    let pieces = (0..state.seats.len())
                        .flat_map(|i| state.pieces(i).iter().map(move |&s| (i, s)))
                        .filter(|&(i, s)| state.point_of(i, s) == Some(p))
                        .count();
                    assert_eq!(state.on(p).count(), pieces, "{p}");
                    let seats = (0..state.seats.len())
                        .filter(|&i| {
                            state
                                .pieces(i)
                                .iter()
                                .any(|&s| state.point_of(i, s) == Some(p))
                        })
                        .fold(0u8, |m, i| m | 1 << i);
                    assert_eq!(state.seats_on(p), seats, "{p}");
                    assert_eq!(state.count_on(p), pieces, "{p}");
                }
                // What `play` reads without a walk: a seat racing has a
                // piece not home, the seats finished are listed once.
                for i in state.racing() {
                    assert!(!state.all_home(i), "seat {i} home but racing");
                }
                let mut listed = state.finished.clone();
                listed.dedup();
                assert_eq!(listed.len(), state.finished.len());
            }
        }
    }

    /// Plays a turn of one die chosen at random, unless the game is over:
    /// whether it played one.
    fn random_turn(state: &mut State, rng: &mut billes_game::Rng) -> bool {
        if state.is_over() {
            return false;
        }
        let i = state.to_move.map_or(0, usize::from);
        let roll = rng.die();
        let choices = turn::choices(state, i, roll);
        turn::play(state, i, roll, choices[rng.below(choices.len())]);
        true
    }

    /// The start of a game of `board` with its most players.
    fn start(board: &'static Board) -> State {
        let game = billes_notation::parse_game(&format!(
            "[Game \"{}\"]\n[Seats \"{}\"]\n\n*\n",
            board.kind,
            board
                .seating(*board.players().end())
                .expect("a seating")
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        ))
        .expect("tags");
        setup(board, &game).expect("set up")
    }

    /// A position copied into the lists of another (`clone_from`, as a
    /// turn of two dice reuses the position it replaced) is the position,
    /// the count and seats on each point included, whatever game the
    /// other was of.
    #[test]
    fn a_position_copied_into_another_is_the_same() {
        let boards: Vec<&'static Board> =
            crate::table::list().into_iter().map(|(b, _)| b).collect();
        let mut rng = billes_game::Rng::new(7);
        for &from in &boards {
            let mut source = start(from);
            for _ in 0..40 {
                if !random_turn(&mut source, &mut rng) {
                    break;
                }
            }
            source.finished.push(3);
            source.declared = Some(1);
            for &into in &boards {
                let mut copy = start(into);
                copy.clone_from(&source);
                assert!(copy == source && copy.same_counts(&source), "{}", into.kind);
            }
        }
    }

    /// A seat listed twice in a `Position` tag's `finished=` is refused:
    /// the end of the game counts the seats listed.
    #[test]
    fn a_seat_finished_twice_is_refused() {
        let board = crate::table::named("ludo").expect("shipped");
        let tags = |finished: &str| {
            billes_notation::parse_game(&format!(
                "[Game \"ludo\"]\n[Seats \"R G Y\"]\n\
                 [Position \"R:rh,rh,rh,rh G:t5 Y:t9 move=G finished={finished}\"]\n\n*\n"
            ))
            .expect("tags")
        };
        let once = setup(board, &tags("R")).expect("R once");
        assert!(!once.is_over());
        let twice = setup(board, &tags("R,R")).expect_err("R twice");
        assert!(
            twice.message.contains("R is listed twice"),
            "{}",
            twice.message
        );
    }
}
