//! A Snakes and Ladders position: each seat's pawn, off the board or on a
//! square, the seat to move and the winner; set up from a record's tags,
//! written as a `Position` tag and printed as a text board.

use billes_game::seating::{self, PositionWord, SeatRules};
use billes_game::{Colour, ErrorKind, ReplayError, TagValueError, TextBoard};
use billes_notation::Game;

use super::board::{name, Board, Feature, Square, HOUSE, OFF};

/// The seat letters, in the order of the colours: red, green, yellow, blue.
pub const SEATS: [&str; 4] = ["R", "G", "Y", "B"];

/// The colours' names, in the order of [`SEATS`].
pub const COLOURS: [&str; 4] = ["Red", "Green", "Yellow", "Blue"];

/// A Snakes and Ladders position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// By colour (R G Y B): the square of its pawn, [`OFF`] off the board.
    pub(crate) squares: [Square; 4],
    /// The colours in play, in playing order: the first `n_seats`.
    pub(crate) seats: [Colour; 4],
    pub(crate) n_seats: u8,
    /// Index in `seats` of the seat whose turn is next (`None` before the
    /// first turn: any seat may start).
    pub(crate) next: Option<u8>,
    /// The winning colour: its pawn reached the last square, or a
    /// variant's `winner` hook named it.
    pub(crate) winner: Option<Colour>,
}

impl State {
    /// The start position for the colours `seats`, in playing order: every
    /// pawn off the board, any seat may start.
    pub(crate) fn start(seats: &[Colour]) -> State {
        let mut state = State {
            squares: [OFF; 4],
            seats: [Colour::new(0); 4],
            n_seats: seats.len() as u8,
            next: None,
            winner: None,
        };
        state.seats[..seats.len()].copy_from_slice(seats);
        state
    }

    /// The colours in play, in playing order.
    pub fn colours(&self) -> &[Colour] {
        &self.seats[..usize::from(self.n_seats)]
    }

    /// The seats in play, in playing order.
    pub fn seats(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.colours().iter().map(|&c| seat(c))
    }

    /// The square of `seat`'s pawn ([`OFF`] off the board), when the seat
    /// plays.
    pub fn square_of(&self, seat: &str) -> Option<Square> {
        self.colour(seat).map(|c| self.squares[c.index()])
    }

    /// The winning seat, once the game is won.
    pub fn winner(&self) -> Option<&'static str> {
        self.winner.map(seat)
    }

    /// The seat whose turn is next (`None` before the first turn, when any
    /// seat may start, and once the game is won).
    pub fn to_move(&self) -> Option<&'static str> {
        if self.winner.is_some() {
            return None;
        }
        self.next.map(|i| seat(self.seats[usize::from(i)]))
    }

    /// The colour of a seat in play.
    pub(crate) fn colour(&self, seat: &str) -> Option<Colour> {
        colour_of(seat).filter(|&c| self.seat_index(c).is_some())
    }

    /// The place of `colour` in the order of play, if it plays.
    pub(crate) fn seat_index(&self, colour: Colour) -> Option<u8> {
        self.colours()
            .iter()
            .position(|&c| c == colour)
            .map(|i| i as u8)
    }

    /// The seats whose pawns stand on `square`, in playing order.
    pub(crate) fn pawns_on(&self, square: Square) -> impl Iterator<Item = Colour> + '_ {
        self.colours()
            .iter()
            .copied()
            .filter(move |c| self.squares[c.index()] == square)
    }
}

/// The colour of a seat letter.
pub(crate) fn colour_of(seat: &str) -> Option<Colour> {
    SEATS
        .iter()
        .position(|s| *s == seat)
        .map(|i| Colour::new(i as u8))
}

/// The seat letter of a colour.
pub(crate) fn seat(colour: Colour) -> &'static str {
    SEATS[colour.index()]
}

/// The seats of Snakes and Ladders, for the shared reader of the `Seats`
/// tag.
pub(crate) const SEATING: SeatRules<'static> = SeatRules {
    game: <crate::SnakesAndLadders as billes_game::game::GameRules>::NAME,
    letters: &SEATS,
    players: 2..=4,
};

/// The start position from the `Seats`, `Teams` and `Position` tags.
pub(crate) fn setup(game: &Game) -> Result<State, ReplayError> {
    let seating = seating::read(game, &SEATING)?
        .ok_or_else(|| ReplayError::new(ErrorKind::Tag, game.span, SEATING.missing()))?;
    if let Some(span) = seating.teams_span {
        return Err(ReplayError::new(
            ErrorKind::Tag,
            span,
            "snakes-and-ladders has no teams: every pawn races for itself",
        ));
    }
    let mut state = State::start(&seating.seats);
    if let Some(tag) = game.tag_entry("Position") {
        read_position(&mut state, &tag.value)
            .map_err(|e| ReplayError::new(ErrorKind::Tag, tag.span, format!("Position: {e}")))?;
    }
    Ok(state)
}

/// Reads a `Position` tag value into `state` (see
/// notation/snakes-and-ladders.md): `SEAT:square` groups (`R:s12`, `G:h`),
/// `move=SEAT` and `won=SEAT`.
pub(crate) fn read_position(state: &mut State, value: &str) -> Result<(), TagValueError> {
    let board = Board::standard();
    let in_play = |s: &str| {
        let colour = colour_of(s).ok_or_else(|| format!("unknown seat {s}"))?;
        state
            .seat_index(colour)
            .map(|_| colour)
            .ok_or_else(|| TagValueError(format!("{s} is not in the Seats tag")))
    };
    let mut squares = [OFF; 4];
    let mut given = [false; 4];
    let (mut next, mut won) = (None, None);
    for word in seating::position_words(value) {
        match word {
            PositionWord::Field { key: "move", value } => next = Some(in_play(value)?),
            PositionWord::Field { key: "won", value } => won = Some(in_play(value)?),
            PositionWord::Pieces { seat, points } => {
                let c = in_play(seat)?.index();
                if given[c] {
                    return Err(TagValueError(format!("{seat} is given twice")));
                }
                given[c] = true;
                squares[c] = pawn_square(board, points)?;
            }
            other => return Err(TagValueError(format!("cannot read \"{other}\""))),
        }
    }
    let mut home = state
        .colours()
        .iter()
        .copied()
        .filter(|c| squares[c.index()] == board.last());
    if let Some(first) = home.next() {
        if home.next().is_some() {
            return Err(TagValueError(format!(
                "two pawns on {}: the first one there ended the game",
                name(board.last())
            )));
        }
        if won.is_some_and(|w| w != first) {
            return Err(TagValueError(format!(
                "{}'s pawn is on {}: {} cannot have won",
                seat(first),
                name(board.last()),
                won.map_or("", seat)
            )));
        }
        won = Some(first);
    }
    state.squares = squares;
    state.next = next.and_then(|c| state.seat_index(c));
    state.winner = won;
    Ok(())
}

/// The square a pawn may stand on, named `at`: off the board, or a square
/// that is no ladder's foot and no snake's head (a pawn landing there
/// moves on at once).
fn pawn_square(board: &Board, at: &str) -> Result<Square, TagValueError> {
    let square = board.square(at).ok_or_else(|| {
        TagValueError(format!(
            "unknown square {at} (h, or s1 to s{})",
            board.last()
        ))
    })?;
    match board.feature(square) {
        Feature::Plain => Ok(square),
        Feature::Ladder(top) => Err(TagValueError(format!(
            "no pawn stays on {at}, the foot of a ladder: it climbs to {}",
            name(top)
        ))),
        Feature::Snake(tail) => Err(TagValueError(format!(
            "no pawn stays on {at}, the head of a snake: it slides to {}",
            name(tail)
        ))),
    }
}

/// The position as a `Position` tag value, which [`setup`] reads back into
/// the same position: each seat's pawn in playing order (`R:s12`, `G:h`),
/// then `move=` (left out before the first turn and once the game is
/// won) and `won=`.
pub(crate) fn write_position(state: &State) -> String {
    let mut groups: Vec<String> = state
        .colours()
        .iter()
        .map(|&c| format!("{}:{}", seat(c), name(state.squares[c.index()])))
        .collect();
    if let Some(s) = state.to_move() {
        groups.push(format!("move={s}"));
    }
    if let Some(w) = state.winner() {
        groups.push(format!("won={w}"));
    }
    groups.join(" ")
}

/// The grid of the board, top row first: each square as `cell` writes it,
/// right-aligned in six characters.
fn grid(board: &Board, cell: &dyn Fn(Square) -> String) -> String {
    let mut out = String::new();
    for row in (0..board.rows()).rev() {
        let mut line = String::new();
        for column in 0..board.columns() {
            let text = board.at(column, row).map(cell).unwrap_or_default();
            line.push_str(&format!("{text:>6}"));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A square's number with its mark: `^` the foot of a ladder, `v` the
/// head of a snake.
fn numbered(board: &Board, square: Square) -> String {
    match board.feature(square) {
        Feature::Plain => format!("{square} "),
        Feature::Ladder(_) => format!("{square}^"),
        Feature::Snake(_) => format!("{square}v"),
    }
}

/// The ladders and snakes, one line each.
fn ways(board: &Board) -> String {
    let list = |ways: &[(Square, Square)]| {
        ways.iter()
            .map(|&(a, b)| format!("{}-{}", name(a), name(b)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "ladders: {}\nsnakes: {}\n",
        list(board.ladders()),
        list(board.snakes())
    )
}

/// The board with every square's number and mark, its ladders and snakes:
/// the diagram of notation/snakes-and-ladders.md.
///
/// ```
/// let diagram = billes_snakes_and_ladders::names_diagram();
/// assert!(diagram.starts_with("  100    99    98v"));
/// assert!(diagram.contains("ladders: s1-s38 s4-s14"));
/// ```
pub fn names_diagram() -> String {
    let board = Board::standard();
    let mut out = grid(board, &|s| numbered(board, s));
    out.push_str(&ways(board));
    out
}

impl TextBoard for State {
    fn text_board(&self) -> String {
        let board = Board::standard();
        let mut out = grid(board, &|square| {
            let pawns: String = self.pawns_on(square).map(seat).collect();
            if pawns.is_empty() {
                numbered(board, square)
            } else {
                format!("({pawns}) ")
            }
        });
        out.push_str("n^ foot of a ladder, nv head of a snake, (R) a pawn\n");
        out.push_str(&ways(board));
        for &c in self.colours() {
            let square = self.squares[c.index()];
            let at = if square == OFF {
                format!("{HOUSE} (off the board)")
            } else {
                name(square)
            };
            out.push_str(&format!("{}: {at}\n", seat(c)));
        }
        match (self.winner(), self.to_move()) {
            (Some(w), _) if self.square_of(w) == Some(board.last()) => {
                out.push_str(&format!("{w} has reached {} and won\n", name(board.last())));
            }
            (Some(w), _) => out.push_str(&format!("{w} has won\n")),
            (None, Some(s)) => out.push_str(&format!("to move: {s}\n")),
            (None, None) => out.push_str("to move: any seat (the first turn decides)\n"),
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(seats: &str, position: &str) -> Result<State, ReplayError> {
        let record = format!(
            "[Game \"snakes-and-ladders\"]\n[Seats \"{seats}\"]\n[Position \"{position}\"]\n\n*\n"
        );
        setup(&billes_notation::parse_game(&record).expect("record"))
    }

    fn refused(seats: &str, position: &str) -> String {
        match state(seats, position) {
            Err(e) => {
                assert_eq!(e.kind, ErrorKind::Tag);
                e.message
            }
            Ok(s) => panic!("{position}: accepted as {s:?}"),
        }
    }

    #[test]
    fn a_tag_reads_back_as_written() {
        for tag in [
            "R:s12 G:h move=G",
            "R:h G:h",
            "Y:s5 R:s5 B:s99 move=B",
            "R:s100 G:s7 won=R",
            "R:s55 G:s30 won=G",
        ] {
            let seats = if tag.contains('Y') { "Y R B" } else { "R G" };
            let s = state(seats, tag).unwrap_or_else(|e| panic!("{tag}: {e}"));
            assert_eq!(write_position(&s), tag);
        }
        // A pawn on the last square has won, said or not.
        let s = state("R G", "R:s100 G:s7").unwrap();
        assert_eq!(s.winner(), Some("R"));
        assert_eq!(write_position(&s), "R:s100 G:s7 won=R");
    }

    #[test]
    fn a_wrong_tag_is_refused_with_why() {
        assert!(refused("R G", "R:s4").contains("foot of a ladder: it climbs to s14"));
        assert!(refused("R G", "R:s98").contains("head of a snake: it slides to s78"));
        assert!(refused("R G", "R:s101").contains("unknown square s101"));
        assert!(refused("R G", "Y:s3").contains("Y is not in the Seats tag"));
        assert!(refused("R G", "R:s3 R:s5").contains("R is given twice"));
        assert!(refused("R G", "R:s100 G:s100").contains("two pawns on s100"));
        assert!(refused("R G", "R:s100 won=G").contains("G cannot have won"));
        assert!(refused("R G", "move=Q").contains("unknown seat Q"));
        assert!(refused("R G", "R=s5").contains("cannot read"));
    }

    #[test]
    fn seats_are_two_to_four_colours() {
        let setup_of = |tags: &str| {
            let record = format!("[Game \"snakes-and-ladders\"]\n{tags}\n*\n");
            setup(&billes_notation::parse_game(&record).expect("record"))
        };
        assert!(setup_of("[Seats \"R\"]").is_err());
        assert!(setup_of("[Seats \"R G Y B\"]").is_ok());
        assert!(setup_of("[Seats \"R R\"]")
            .unwrap_err()
            .message
            .contains("listed twice"));
        assert!(setup_of("[Seats \"R P\"]")
            .unwrap_err()
            .message
            .contains("unknown seat \"P\""));
        assert!(setup_of("").unwrap_err().message.contains("missing Seats"));
        assert!(setup_of("[Seats \"R G\"]\n[Teams \"R G\"]")
            .unwrap_err()
            .message
            .contains("no teams"));
    }

    #[test]
    fn the_text_board_shows_pawns_sharing_a_square() {
        let s = state("R G", "R:s5 G:s5 move=G").unwrap();
        let text = s.text_board();
        assert!(text.contains("(RG)"), "{text}");
        assert!(text.contains("R: s5\nG: s5\nto move: G\n"), "{text}");
        let start = state("R G", "").unwrap().text_board();
        assert!(start.contains("R: h (off the board)"), "{start}");
        assert!(start.ends_with("to move: any seat (the first turn decides)\n"));
    }
}
