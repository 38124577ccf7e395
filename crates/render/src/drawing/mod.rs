//! What each game brings to its pictures, in one place: the board file its
//! layout is read from and how the layout is fitted to a variant, how a
//! move's arrow runs, how a piece leaving the board is marked, what the
//! panel says of each seat, and everything drawn or told of the game's own
//! part of a position ([`PositionView::part`]: barricades, targets, scores,
//! HOME), in the SVG and in the viewer's deltas.
//!
//! Each game's rules type (the one billes_core's `games!` list names)
//! implements [`Drawing`] in its own module here, which also reads the
//! game's board file into a [`Layout`] and reads back the game's own part
//! of a view. The game is chosen once, when its layout is made: the
//! layout carries the game's [`Table`] of drawing functions, reached
//! through [`billes_core::with_kind!`] for a game of the core's list
//! ([`Layout::standard`]) or from the rules type itself for a game outside
//! it ([`Layout::of`]). A fourth game of the list is one more module with
//! its `impl Drawing`: the crate does not build without it.

use billes_core::game::GameRules;
use billes_core::view::PositionView;
use billes_core::{with_kind, GameKind};
use std::fmt::Write as _;

use billes_notation::{Name, Turn};

use crate::frames::Marks;
use crate::html::Delta;
use crate::layout::{Layout, Xy};
use crate::svg::Canvas;
use crate::RenderError;

mod aggravation;
mod barricade;
mod offboard;

/// The drawing of one game, implemented by its rules type. The defaults
/// are what most games do: no fitting, straight arrows, pieces sent back
/// marked as captured, nothing of the game's own part of a view drawn.
pub trait Drawing: GameRules {
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
        captures(before, after, marks);
    }

    /// What the panel says of each seat after its colour, word by word: the
    /// SVG's line and the viewer's legend are both written from it (the
    /// viewer's page carries it, see the `html` module), so a game's words
    /// are in one place.
    const PANEL: &'static [Word];

    /// The game's own count `letter` of seat `i` of `view` (a letter of
    /// [`Drawing::PANEL`] other than `w`; `None`: the view has none).
    fn count(_view: &PositionView, _i: usize, _letter: char) -> Option<u32> {
        None
    }

    /// Whether seat `i` of `view` holds what the game's flag says
    /// ([`When::Flagged`]; Barricade: the seat holds a barricade).
    fn flagged(_view: &PositionView, _i: usize) -> bool {
        false
    }

    /// Empties the game's own part of `view` as the viewer's page has it
    /// before the start position: nothing on the board, every count 0.
    fn clear(_view: &mut PositionView) {}

    /// Writes to `delta` what changed in the game's own part from `before`
    /// to `after`, but the seats' counts (the viewer's words: see the
    /// `html` module).
    fn delta(_before: &PositionView, _after: &PositionView, _delta: &mut Delta<'_>) {}

    /// Writes to `delta` what changed in the game's own counts of seat
    /// `i` of `after`, which is seat `was` of `before` (`None`: a seat it
    /// did not have): by default `R:xN` for each count `x` of
    /// [`Drawing::PANEL`] that changed.
    fn seat_delta(
        before: &PositionView,
        was: Option<usize>,
        after: &PositionView,
        i: usize,
        delta: &mut Delta<'_>,
    ) {
        for letter in own_counts(Self::PANEL) {
            count_delta((before, was), (after, i), letter, Self::count, delta);
        }
    }

    /// The values the board shows beside its places (Offboard's targets),
    /// as the start position `view` gives them.
    fn values(_view: &PositionView) -> Vec<(String, u32)> {
        Vec::new()
    }

    /// Draws into `svg` what of the game's own part goes under the pieces
    /// (Barricade's barricades and the marks of those moved).
    fn under_pieces(
        _layout: &Layout,
        _canvas: &Canvas,
        _view: &PositionView,
        _marks: &Marks,
        _svg: &mut String,
    ) {
    }

    /// Draws into `svg` what of the game's own part goes over the pieces
    /// and their off-board places (Offboard's targets and their marks).
    fn over_pieces(
        _layout: &Layout,
        _canvas: &Canvas,
        _view: &PositionView,
        _marks: &Marks,
        _svg: &mut String,
    ) {
    }
}

/// A word of the panel's line for a seat ([`Drawing::PANEL`]): its
/// `text`, then the seat's `count` when it names one, shown `when` it
/// says.
///
/// ```
/// use billes_render::{When, Word};
/// // Offboard's line: " · score 3", then " · out 1" only when a marble is out.
/// const PANEL: &[Word] = &[
///     Word { text: " · score ", count: Some('s'), when: When::Always },
///     Word { text: " · out ", count: Some('w'), when: When::Counted },
/// ];
/// # assert_eq!(PANEL.len(), 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word {
    /// The text, before the count when there is one.
    pub text: &'static str,
    /// The count shown after the text: `w` the seat's pieces waiting off
    /// the board (every game has them), or a letter of the game's own
    /// counts ([`Drawing::count`]), as the viewer's deltas name it.
    pub count: Option<char>,
    /// When the word is shown.
    pub when: When,
}

/// When a [`Word`] of the panel is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// Always.
    Always,
    /// When its count is above 0.
    Counted,
    /// When the seat holds the game's flag ([`Drawing::flagged`]).
    Flagged,
}

impl When {
    /// Its number in the viewer's page.
    pub(crate) fn code(self) -> u8 {
        match self {
            When::Always => 0,
            When::Counted => 1,
            When::Flagged => 2,
        }
    }
}

/// The letters of the game's own counts in `panel` (every count but `w`),
/// each once, in order.
fn own_counts(panel: &[Word]) -> impl Iterator<Item = char> + '_ {
    panel.iter().enumerate().filter_map(move |(k, w)| {
        let c = w.count?;
        let first = !panel[..k].iter().any(|v| v.count == Some(c));
        (c != 'w' && first).then_some(c)
    })
}

/// Adds to `line` what the panel says of seat `i` of `view`, after its
/// colour: the words of `D::PANEL`.
fn seat_line<D: Drawing>(view: &PositionView, i: usize, line: &mut String) {
    for word in D::PANEL {
        let n = match word.count {
            Some('w') => view.seats[i].waiting,
            Some(c) => D::count(view, i, c).unwrap_or(0),
            None => 0,
        };
        let shown = match word.when {
            When::Always => true,
            When::Counted => n > 0,
            When::Flagged => D::flagged(view, i),
        };
        if shown {
            line.push_str(word.text);
            if word.count.is_some() {
                let _ = write!(line, "{n}");
            }
        }
    }
}

/// Marks in `marks` the pieces sent back between `before` and `after`:
/// its seat has fewer pieces on the board, and the hole it stood on lost
/// it (what [`Drawing::losses`] does by default).
pub(crate) fn captures(before: &PositionView, after: &PositionView, marks: &mut Marks) {
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

/// [`Drawing::route_of_move`].
type RouteOfMove = fn(&Layout, &PositionView, &Turn, &[Name]) -> Option<Vec<Xy>>;

/// The drawing functions of one game, as its layout carries them.
#[derive(Clone, Copy)]
pub(crate) struct Table {
    pub(crate) fit: fn(&mut Layout, &PositionView) -> Result<(), RenderError>,
    pub(crate) route: fn(&Layout, usize, usize) -> Option<Vec<Xy>>,
    pub(crate) route_of_move: RouteOfMove,
    pub(crate) losses: fn(&PositionView, &PositionView, &mut Marks),
    pub(crate) seat_line: fn(&PositionView, usize, &mut String),
    pub(crate) panel: &'static [Word],
    pub(crate) clear: fn(&mut PositionView),
    pub(crate) delta: fn(&PositionView, &PositionView, &mut Delta<'_>),
    pub(crate) seat_delta: fn(&PositionView, Option<usize>, &PositionView, usize, &mut Delta<'_>),
    pub(crate) values: fn(&PositionView) -> Vec<(String, u32)>,
    pub(crate) under_pieces: fn(&Layout, &Canvas, &PositionView, &Marks, &mut String),
    pub(crate) over_pieces: fn(&Layout, &Canvas, &PositionView, &Marks, &mut String),
}

impl Table {
    /// The drawing functions of `D`.
    pub(crate) fn of<D: Drawing>() -> Table {
        Table {
            fit: D::fit,
            route: D::route,
            route_of_move: D::route_of_move,
            losses: D::losses,
            seat_line: seat_line::<D>,
            panel: D::PANEL,
            clear: D::clear,
            delta: D::delta,
            seat_delta: D::seat_delta,
            values: D::values,
            under_pieces: D::under_pieces,
            over_pieces: D::over_pieces,
        }
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Table")
    }
}

/// [`Drawing::standard_layout`] of `game`.
pub(crate) fn standard_layout(game: GameKind) -> Result<Layout, RenderError> {
    with_kind!(game, R => <R as Drawing>::standard_layout())
}

/// The op `R:xN` of a seat's count (`letter` `x`: `h` HOME, `s` score)
/// when it changed since `before` (the seat was `was` there), for
/// [`Drawing::seat_delta`].
fn count_delta(
    (before, was): (&PositionView, Option<usize>),
    (after, i): (&PositionView, usize),
    letter: char,
    count: fn(&PositionView, usize, char) -> Option<u32>,
    delta: &mut Delta<'_>,
) {
    let now = count(after, i, letter).unwrap_or(0);
    if was.and_then(|w| count(before, w, letter)) != Some(now) {
        delta.op(format_args!("{}:{letter}{now}", after.seats[i].seat));
    }
}
