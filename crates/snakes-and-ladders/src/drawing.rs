//! Snakes and Ladders: the ten rows of ten squares, boustrophedon from
//! `s1` at the bottom left; each ladder a line from its foot (drawn as a
//! star hole) up to its top, each snake a dashed line from its head (drawn
//! ringed dark) down to its tail; the goal `s100`; the pawns off the board
//! in one house per seat below the bottom row. A move's arrow runs square
//! by square to the landing, then up the ladder or down the snake.

use billes_game::drawing::layout::{HoleKind, Layout, Waiting, Xy};
use billes_game::drawing::{Delta, Drawing, RenderError, When, Word};
use billes_game::view::PositionView;
use billes_notation::{Name, Turn};

use crate::board::{name, Board, Feature, Square, OFF};
use crate::position::SEATS;
use crate::{SnakesAndLadders, ViewPart};

/// The squares of `view`'s seats (none in a view of another game, or one
/// the viewer has emptied).
fn squares(view: &PositionView) -> &[u32] {
    view.part::<ViewPart>()
        .map_or(&[], |own| own.square.as_slice())
}

/// Where `square` is drawn: its column, and its row counted from the top.
fn at(board: &Board, square: Square) -> Xy {
    let (column, row) = board.xy(square);
    (f64::from(column), f64::from(board.rows() - 1 - row))
}

impl Drawing for SnakesAndLadders {
    fn standard_layout() -> Result<Layout, RenderError> {
        let board = Board::standard();
        let mut layout = Layout::new::<SnakesAndLadders>();
        for square in 1..=board.last() {
            let kind = match board.feature(square) {
                _ if square == board.last() => HoleKind::Goal,
                Feature::Ladder(_) => HoleKind::Star,
                Feature::Snake(_) => HoleKind::BarricadePoint,
                Feature::Plain => HoleKind::Plain,
            };
            layout.add(name(square), at(board, square), kind, None);
        }
        for &(foot, top) in board.ladders() {
            let line = (layout.find(&name(foot))?, layout.find(&name(top))?);
            layout.lines.push(line);
        }
        for &(head, tail) in board.snakes() {
            let line = (layout.find(&name(head))?, layout.find(&name(tail))?);
            layout.shortcuts.push(line);
        }
        // One house per seat, spread evenly below the bottom row.
        let width = f64::from(board.columns() - 1);
        let below = f64::from(board.rows()) + 0.4;
        for (i, seat) in SEATS.iter().enumerate() {
            let x = width * (2 * i + 1) as f64 / (2 * SEATS.len()) as f64;
            layout.waiting.push(Waiting {
                seat: seat.to_string(),
                spots: vec![(x, below)],
            });
        }
        Ok(layout)
    }

    /// Square by square from the pawn's square (or its house) to the
    /// landing square, then to where the ladder or snake takes it.
    fn route_of_move(
        layout: &Layout,
        _before: &PositionView,
        turn: &Turn,
        path: &[Name],
    ) -> Option<Vec<Xy>> {
        let board = Board::standard();
        let squares: Vec<Square> = path
            .iter()
            .map(|n| board.square(n))
            .collect::<Option<_>>()?;
        let (&from, &landing) = (squares.first()?, squares.get(1)?);
        let mut route = vec![if from == OFF {
            layout
                .waiting(turn.mover().as_str())?
                .spots
                .first()
                .copied()?
        } else {
            layout.position(&name(from))?
        }];
        for square in from.checked_add(1)?..=landing {
            route.push(layout.position(&name(square))?);
        }
        for &end in &squares[2..] {
            route.push(layout.position(&name(end))?);
        }
        Some(route)
    }

    const PANEL: &'static [Word] = &[
        Word {
            text: " · square ",
            count: Some('q'),
            when: When::Counted,
        },
        Word {
            text: " · off the board",
            count: None,
            when: When::Flagged,
        },
    ];

    /// `q`: the square of the seat's pawn.
    fn count(view: &PositionView, i: usize, letter: char) -> Option<u32> {
        (letter == 'q').then(|| squares(view).get(i).copied())?
    }

    /// The seat's pawn is off the board.
    fn flagged(view: &PositionView, i: usize) -> bool {
        squares(view).get(i) == Some(&0)
    }

    fn clear(view: &mut PositionView) {
        if let Some(own) = view.part_mut::<ViewPart>() {
            own.square.clear();
        }
    }

    /// `^R` and `-^R`: R's pawn is off the board, or no longer.
    fn delta(before: &PositionView, after: &PositionView, delta: &mut Delta<'_>) {
        let off = |view: &PositionView, seat: &str| {
            let i = view.seats.iter().position(|s| s.seat == seat);
            i.is_some_and(|i| SnakesAndLadders::flagged(view, i))
        };
        for s in &after.seats {
            match (off(before, &s.seat), off(after, &s.seat)) {
                (false, true) => delta.op(format_args!("^{}", s.seat)),
                (true, false) => delta.op(format_args!("-^{}", s.seat)),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_drawn_with_its_ladders_and_snakes() {
        let layout = SnakesAndLadders::standard_layout().expect("layout");
        assert_eq!(layout.holes.len(), 100);
        assert_eq!(layout.position("s1"), Some((0.0, 9.0)));
        assert_eq!(layout.position("s11"), Some((9.0, 8.0)));
        assert_eq!(layout.position("s100"), Some((0.0, 0.0)));
        assert_eq!(layout.hole("s100").map(|h| h.kind), Some(HoleKind::Goal));
        assert_eq!(layout.hole("s4").map(|h| h.kind), Some(HoleKind::Star));
        assert_eq!(
            layout.hole("s16").map(|h| h.kind),
            Some(HoleKind::BarricadePoint)
        );
        assert_eq!((layout.lines.len(), layout.shortcuts.len()), (9, 10));
        let named =
            |(a, b): (usize, usize)| (layout.holes[a].name.clone(), layout.holes[b].name.clone());
        assert_eq!(named(layout.lines[0]), ("s1".into(), "s38".into()));
        assert_eq!(named(layout.shortcuts[0]), ("s16".into(), "s6".into()));
        assert_eq!(layout.waiting.len(), 4);
    }

    #[test]
    fn an_arrow_runs_square_by_square_then_up_the_ladder() {
        let layout = SnakesAndLadders::standard_layout().expect("layout");
        let game = billes_notation::parse_game(
            "[Game \"snakes-and-ladders\"]\n[Seats \"R G\"]\n\n1. R4 h-s4-s14\n*\n",
        )
        .expect("record");
        let turn = &game.line.turns[0];
        let billes_notation::Action::Move { path, .. } = &turn.actions[0] else {
            panic!("a move");
        };
        let start = billes_game::view::View::view(&crate::position::setup(&game).expect("start"));
        let route = SnakesAndLadders::route_of_move(&layout, &start, turn, path).expect("route");
        assert_eq!(route.len(), 6, "the house, s1 to s4, s14: {route:?}");
        assert_eq!(route[1], (0.0, 9.0));
        assert_eq!(route[5], layout.position("s14").expect("s14"));
    }
}
