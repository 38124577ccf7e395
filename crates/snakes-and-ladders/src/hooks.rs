//! Snakes and Ladders under a variant's hooks: the position as hooks see
//! it ([`BoardView`], what `allow` and `winner` read), the move `allow`
//! sees, and the winner a hook names.

use billes_game::variant::{BoardView, Field, MoveKind, MoveView};
use billes_game::{ChangeError, Colour};

use super::board::{name, Board, Square, OFF};
use super::position::{seat, State};
use super::step::Step;
use super::SnakesAndLadders;

impl Step {
    /// The move as `allow` sees it, `colour`'s in the turn numbered
    /// `number`: `kind` `enter` from `h`, else `move` (`pass` for a pass),
    /// and the game's fields (`roll`, `from`, `to`, `via`).
    pub(crate) fn view<'a>(self, state: &'a State, colour: Colour, number: u32) -> MoveView<'a> {
        let (kind, roll, from, to, via) = match self {
            Step::Pass { .. } => (MoveKind::Pass, None, None, None, None),
            Step::Move { from, landing, end } => (
                if from == OFF {
                    MoveKind::Enter
                } else {
                    MoveKind::Move
                },
                Some(u32::from(landing - from)),
                (from != OFF).then_some(from),
                Some(end),
                (landing != end).then_some(landing),
            ),
        };
        let named = |s: Option<Square>| s.map(square_name);
        MoveView::new(
            number,
            seat(colour),
            kind,
            state,
            <SnakesAndLadders as billes_game::game::GameRules>::move_fields(),
            [
                Field::Number(roll),
                Field::Name(named(from)),
                Field::Name(named(to)),
                Field::Name(named(via)),
            ],
        )
    }
}

/// The name of a square, `'static` for the views hooks keep (`s1` to
/// `s200`; `h` off the board).
fn square_name(square: Square) -> &'static str {
    static NAMES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let names = NAMES.get_or_init(|| (0..=200).map(name).collect());
    &names[usize::from(square).min(200)]
}

impl State {
    /// The square named `point` that a pawn may be on (not `h`).
    fn on_board(point: &str) -> Option<Square> {
        Board::standard().square(point).filter(|&s| s != OFF)
    }

    /// The squares from `from` (excluded) `steps` squares forward
    /// (`forward`) or back, along the track, ladders and snakes aside; `None`
    /// when they run off either end of the board.
    fn track(from: Square, steps: u32, forward: bool) -> Option<Vec<String>> {
        let last = u32::from(Board::standard().last());
        let from = u32::from(from);
        let to = if forward {
            from + steps
        } else {
            from.checked_sub(steps)?
        };
        if to > last || to == 0 {
            return None;
        }
        let squares: Vec<String> = if forward {
            (from + 1..=to).map(|s| name(s as Square)).collect()
        } else {
            (to..from).rev().map(|s| name(s as Square)).collect()
        };
        Some(squares)
    }
}

/// The position as hooks see it. Pawns share squares: `at` names the first
/// seat in playing order whose pawn stands there. `progress` is the square
/// a seat's pawn stands on (0 off the board, 10 000 once it has won), and
/// the board's lines are its track, square after square: `neighbours`,
/// `walk` and `path` follow it forward (`walk_back` back), ladders and
/// snakes aside.
///
/// ```
/// use billes_game::variant::BoardView;
/// use billes_game::Rules;
///
/// let record = "[Game \"snakes-and-ladders\"]\n[Seats \"R G\"]\n\n1. R4 h-s4-s14\n2. G4 h-s4-s14\n*\n";
/// let game = billes_notation::parse_game(record).unwrap();
/// let rules = billes_snakes_and_ladders::SnakesAndLadders::default();
/// let mut state = Rules::setup(&rules, &game).unwrap();
/// for turn in &game.line.turns {
///     Rules::play(&rules, &mut state, turn).unwrap();
/// }
/// assert_eq!(state.pieces("G"), ["s14"]);
/// assert_eq!(state.at("s14"), Some("R"));
/// assert_eq!(state.progress("R"), 14);
/// assert_eq!(state.walk("s14", 2, None), [["s15", "s16"]]);
/// ```
impl BoardView for State {
    fn at(&self, hole: &str) -> Option<&str> {
        let square = State::on_board(hole)?;
        self.pawns_on(square).next().map(seat)
    }

    fn pieces(&self, seat: &str) -> Vec<String> {
        match self.square_of(seat) {
            Some(s) if s != OFF => vec![name(s)],
            _ => Vec::new(),
        }
    }

    fn reserve(&self, seat: &str) -> u32 {
        u32::from(self.square_of(seat) == Some(OFF))
    }

    fn finished(&self, seat: &str) -> u32 {
        u32::from(self.square_of(seat) == Some(Board::standard().last()))
    }

    fn seats(&self) -> Vec<String> {
        State::seats(self).map(str::to_string).collect()
    }

    fn team(&self, seat: &str) -> Vec<String> {
        self.colour(seat)
            .map(|c| vec![super::position::seat(c).to_string()])
            .unwrap_or_default()
    }

    billes_game::variant::owned_copies!();

    fn progress(&self, seat: &str) -> u32 {
        match self.colour(seat) {
            Some(c) if self.winner == Some(c) => 10_000,
            Some(c) => u32::from(self.squares[c.index()]),
            None => 0,
        }
    }

    fn neighbours(&self, point: &str) -> Vec<String> {
        let Some(square) = State::on_board(point) else {
            return Vec::new();
        };
        [false, true]
            .into_iter()
            .filter_map(|forward| State::track(square, 1, forward))
            .flatten()
            .collect()
    }

    fn walk(&self, point: &str, steps: u32, _seat: Option<&str>) -> Vec<Vec<String>> {
        let from = if point == super::board::HOUSE {
            Some(OFF)
        } else {
            State::on_board(point)
        };
        from.and_then(|s| State::track(s, steps, true))
            .filter(|_| steps > 0)
            .into_iter()
            .collect()
    }

    fn walk_back(&self, point: &str, steps: u32) -> Vec<Vec<String>> {
        State::on_board(point)
            .and_then(|s| State::track(s, steps, false))
            .filter(|_| steps > 0)
            .into_iter()
            .collect()
    }

    fn path(&self, from: &str, to: &str, _seat: Option<&str>) -> Option<Vec<String>> {
        let board = Board::standard();
        let (a, b) = (board.square(from)?, State::on_board(to)?);
        (b > a).then(|| State::track(a, u32::from(b - a), true))?
    }
}

impl SnakesAndLadders {
    /// Ends the game with `seat` as its winner (a variant's `winner` hook).
    pub(crate) fn declare(&self, state: &mut State, seat: &str) -> Result<(), ChangeError> {
        let colour = state
            .colour(seat)
            .ok_or_else(|| ChangeError(format!("\"{seat}\", no seat in play")))?;
        state.winner = Some(colour);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(position: &str) -> State {
        let record = format!(
            "[Game \"snakes-and-ladders\"]\n[Seats \"R G Y\"]\n[Position \"{position}\"]\n\n*\n"
        );
        crate::position::setup(&billes_notation::parse_game(&record).expect("record"))
            .expect("position")
    }

    #[test]
    fn the_view_of_hooks() {
        let s = state("R:s12 G:h Y:s12 move=G");
        assert_eq!(s.at("s12"), Some("R"));
        assert_eq!(s.at("s13"), None);
        assert_eq!(s.at("h"), None);
        assert_eq!(s.pieces("Y"), ["s12"]);
        assert!(s.pieces("G").is_empty());
        assert_eq!((s.reserve("G"), s.reserve("R")), (1, 0));
        assert_eq!(s.finished("R"), 0);
        assert_eq!(BoardView::seats(&s), ["R", "G", "Y"]);
        assert_eq!(s.team("Y"), ["Y"]);
        assert!(s.team("B").is_empty());
        assert_eq!((s.progress("R"), s.progress("G")), (12, 0));
    }

    #[test]
    fn the_track_square_after_square() {
        let s = state("");
        assert_eq!(s.neighbours("s1"), ["s2"]);
        assert_eq!(s.neighbours("s50"), ["s49", "s51"]);
        assert_eq!(s.neighbours("s100"), ["s99"]);
        assert_eq!(s.walk("h", 3, None), [["s1", "s2", "s3"]]);
        assert!(s.walk("s98", 3, None).is_empty());
        assert_eq!(s.walk_back("s5", 2), [["s4", "s3"]]);
        assert!(s.walk_back("s2", 2).is_empty());
        assert_eq!(
            s.path("s7", "s10", None),
            Some(vec!["s8".into(), "s9".into(), "s10".into()])
        );
        assert_eq!(s.path("s10", "s7", None), None);
    }

    #[test]
    fn a_declared_winner_ends_the_game() {
        let rules = SnakesAndLadders::default();
        let mut s = state("R:s55 G:s30 Y:h move=G");
        assert!(rules.declare(&mut s, "B").is_err());
        rules.declare(&mut s, "R").expect("R plays");
        assert_eq!(s.winner(), Some("R"));
        assert_eq!(crate::position::write_position(&s), "R:s55 G:s30 Y:h won=R");
    }
}
