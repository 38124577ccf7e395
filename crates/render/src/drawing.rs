//! What each game brings to its pictures, in one place: the board file its
//! layout is read from and how the layout is fitted to a variant, how a
//! move's arrow runs, how a piece leaving the board is marked, and what the
//! panel says of each seat.
//!
//! Each game's rules type (the one billes_core's `games!` list names)
//! implements [`Drawing`] here; the functions below reach it through
//! [`billes_core::with_kind!`], so the game is chosen once, by the core's
//! list. A fourth game is one more `impl Drawing` in this file: the crate
//! does not build without it.

use std::fmt::Write as _;

use billes_core::aggravation::Aggravation;
use billes_core::barricade::Barricade;
use billes_core::offboard::Offboard;
use billes_core::view::{PositionView, SeatView};
use billes_core::{with_kind, GameKind};
use billes_notation::{Name, Turn};

use crate::frames::Marks;
use crate::layout::{HoleKind, Layout, Xy};
use crate::RenderError;

/// The drawing differences of one game. The defaults are what most games
/// do: no fitting, straight arrows, pieces sent back marked as captured.
pub(crate) trait Drawing {
    /// The layout of the standard board, from the game's board file in
    /// `rules/`.
    fn standard_layout() -> Result<Layout, RenderError>;

    /// Fits `layout` to the board a variant plays on, as its start
    /// position `view` shows it (see [`Layout::fit`]).
    fn fit(_layout: &mut Layout, _view: &PositionView) -> Result<(), RenderError> {
        Ok(())
    }

    /// The holes a piece passes from hole `a` to hole `b` of `layout`
    /// (indices into its holes), when the game's lines give one route;
    /// `None` draws the straight line (see [`Layout::route`]).
    fn route(_layout: &Layout, _a: usize, _b: usize) -> Option<Vec<Xy>> {
        None
    }

    /// The whole route of the move along `path` in `turn`, from the
    /// position `before`, when the game's rules fix one; `None` joins the
    /// legs of [`Layout::route`].
    fn route_of_move(
        _layout: &Layout,
        _before: &PositionView,
        _turn: &Turn,
        _path: &[Name],
    ) -> Option<Vec<Xy>> {
        None
    }

    /// Marks in `marks` the pieces that left the board between `before`
    /// and `after`. By default a piece sent back: its seat has fewer pieces
    /// on the board, and the hole it stood on lost it.
    fn losses(before: &PositionView, after: &PositionView, marks: &mut Marks) {
        for seat in &before.seats {
            let count = |v: &PositionView| v.pieces.iter().filter(|p| p.seat == seat.seat).count();
            if count(after) < count(before) {
                marks.captured.extend(
                    before
                        .pieces
                        .iter()
                        .filter(|p| p.seat == seat.seat && !after.pieces.contains(p))
                        .cloned(),
                );
            }
        }
    }

    /// Adds to the panel's `line` for `seat` what the game counts off
    /// the board, in position `view`.
    fn seat_line(view: &PositionView, seat: &SeatView, line: &mut String);
}

/// [`Drawing::standard_layout`] of `game`.
pub(crate) fn standard_layout(game: GameKind) -> Result<Layout, RenderError> {
    with_kind!(game, R => <R as Drawing>::standard_layout())
}

/// [`Drawing::fit`] of `game`.
pub(crate) fn fit(
    game: GameKind,
    layout: &mut Layout,
    view: &PositionView,
) -> Result<(), RenderError> {
    with_kind!(game, R => <R as Drawing>::fit(layout, view))
}

/// [`Drawing::route`] of `game`.
pub(crate) fn route(game: GameKind, layout: &Layout, a: usize, b: usize) -> Option<Vec<Xy>> {
    with_kind!(game, R => <R as Drawing>::route(layout, a, b))
}

/// [`Drawing::route_of_move`] of `game`.
pub(crate) fn route_of_move(
    game: GameKind,
    layout: &Layout,
    before: &PositionView,
    turn: &Turn,
    path: &[Name],
) -> Option<Vec<Xy>> {
    with_kind!(game, R => <R as Drawing>::route_of_move(layout, before, turn, path))
}

/// [`Drawing::losses`] of `game`.
pub(crate) fn losses(
    game: GameKind,
    before: &PositionView,
    after: &PositionView,
    marks: &mut Marks,
) {
    with_kind!(game, R => <R as Drawing>::losses(before, after, marks));
}

/// [`Drawing::seat_line`] of the game of `view`.
pub(crate) fn seat_line(view: &PositionView, seat: &SeatView, line: &mut String) {
    with_kind!(view.game, R => <R as Drawing>::seat_line(view, seat, line));
}

// Aggravation: one side of the drawing turned round the centre; HOME rows
// as long as the variant's HOME; moves follow the one-way lines.

const AGGRAVATION_YAML: &str = include_str!("../../../rules/aggravation.yaml");

impl Drawing for Aggravation {
    fn standard_layout() -> Result<Layout, RenderError> {
        Layout::aggravation(AGGRAVATION_YAML, None)
    }

    fn fit(layout: &mut Layout, view: &PositionView) -> Result<(), RenderError> {
        let drawn = layout
            .holes
            .iter()
            .filter(|h| h.kind == HoleKind::Home)
            .count();
        let wanted = view.home_size.map(|n| n as usize * layout.waiting.len());
        if wanted.is_some_and(|n| n != drawn) {
            *layout = Layout::aggravation(AGGRAVATION_YAML, view.home_size)?;
        }
        Ok(())
    }

    fn route(layout: &Layout, a: usize, b: usize) -> Option<Vec<Xy>> {
        layout.along_lines(a, b)
    }

    fn seat_line(_view: &PositionView, seat: &SeatView, line: &mut String) {
        let _ = write!(line, " · BASE {} · HOME {}", seat.waiting, seat.home);
    }
}

// Barricade: points and houses from the board file; a move's arrow follows
// the route the checker finds.

const BARRICADE_YAML: &str = include_str!("../../../rules/barricade.yaml");

impl Drawing for Barricade {
    fn standard_layout() -> Result<Layout, RenderError> {
        Layout::barricade(BARRICADE_YAML)
    }

    fn route_of_move(
        layout: &Layout,
        before: &PositionView,
        turn: &Turn,
        path: &[Name],
    ) -> Option<Vec<Xy>> {
        barricade_route(layout, before, turn, path)
    }

    fn seat_line(view: &PositionView, seat: &SeatView, line: &mut String) {
        let _ = write!(line, " · house {}", seat.waiting);
        if view.held.contains(&seat.seat) {
            line.push_str(" · holds a barricade");
        }
    }
}

/// The points a Barricade pawn stepped on, as the rules count them: the
/// first route of the roll's length that passes no barricade (the route the
/// checker finds), from the pawn's point or, entering, from the seat's start
/// point (which counts as the first point). `None` for what has no single
/// route (a bounce through the goal, a board of a variant's own).
fn barricade_route(
    layout: &Layout,
    before: &PositionView,
    turn: &Turn,
    path: &[Name],
) -> Option<Vec<Xy>> {
    use billes_core::barricade::{Board, HOUSE, SEATS};
    let [from, to] = path else { return None };
    let roll = turn.head.roll? as usize;
    let board = Board::standard();
    let mut blocked = 0u128;
    for b in &before.barricades {
        blocked |= 1u128 << board.point(b.as_str())?;
    }
    let landing = board.point(to.as_str())?;
    let mut route: Vec<Xy> = Vec::new();
    let (start, len) = if from.as_str() == HOUSE {
        let mover = turn.mover().as_str();
        let colour = SEATS.iter().position(|s| *s == mover)?;
        route.push(layout.waiting(mover)?.spots.first().copied()?);
        let start = board.start(colour);
        route.push(layout.position(board.name(start).as_str())?);
        if roll == 1 {
            return (start == landing).then_some(route);
        }
        (start, roll - 1)
    } else {
        let start = board.point(from.as_str())?;
        route.push(layout.position(from.as_str())?);
        (start, roll)
    };
    let found = board.open_path(start, len, landing, blocked)?;
    for &p in board.route_points(found) {
        route.push(layout.position(board.name(p).as_str())?);
    }
    Some(route)
}

// Offboard: cells on a hexagonal grid, only the targets a variant keeps;
// marbles leave the board at a target.

const OFFBOARD_YAML: &str = include_str!("../../../rules/offboard.yaml");

impl Drawing for Offboard {
    fn standard_layout() -> Result<Layout, RenderError> {
        Layout::offboard(OFFBOARD_YAML)
    }

    fn fit(layout: &mut Layout, view: &PositionView) -> Result<(), RenderError> {
        layout
            .targets
            .retain(|t| view.targets.iter().any(|v| v.name == t.name));
        Ok(())
    }

    fn losses(before: &PositionView, after: &PositionView, marks: &mut Marks) {
        // Pushed lines shift: the marble that went is the one at the far end
        // of the line, which the positions alone do not tell. The target it
        // went to does.
        marks.ejected = after
            .targets
            .iter()
            .zip(&before.targets)
            .filter(|(a, b)| a.seat.is_some() && b.seat.is_none())
            .map(|(a, _)| a.name.clone())
            .collect();
    }

    fn seat_line(_view: &PositionView, seat: &SeatView, line: &mut String) {
        let _ = write!(line, " · score {}", seat.score);
        if seat.waiting > 0 {
            let _ = write!(line, " · out {}", seat.waiting);
        }
    }
}
