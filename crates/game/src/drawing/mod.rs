//! What each game brings to its pictures, in one place: the board file its
//! layout is read from and how the layout is fitted to a variant, how a
//! move's arrow runs, how a piece leaving the board is marked, what the
//! panel says of each seat, and everything drawn or told of the game's own
//! part of a position ([`PositionView::part`]: barricades, targets, scores,
//! HOME), in the SVG and in the viewer's deltas.
//!
//! Each game's rules type implements [`Drawing`] in the game's own crate,
//! which also reads the game's board file into a [`Layout`] and reads back
//! the game's own part of a view; this module is what that code draws with
//! (the [`layout`], a [`Canvas`], the last turn's [`Marks`], the viewer's
//! [`Delta`]). The pictures themselves (the SVG and the HTML viewer) are
//! the `billes-render` crate's. The game is chosen once, when its layout is
//! made: the layout carries the game's [`Table`] of drawing functions,
//! from the rules type itself ([`Layout::of`]), which `billes-render`
//! reaches through the core's list of games for a game of that list.

use std::fmt::Write as _;

use billes_notation::{Name, Turn};

use crate::error::ReplayError;
use crate::game::GameRules;
use crate::view::PositionView;

mod canvas;
mod delta;
pub mod layout;
mod marks;

pub use canvas::{paint, round, seat_colour, seat_paint, Canvas};
pub use delta::Delta;
pub use layout::{Layout, Xy};
pub use marks::Marks;

/// What can go wrong drawing a record.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The record does not replay (its first mistake).
    #[error("{0}")]
    Replay(#[from] ReplayError),
    /// A board file cannot be drawn.
    #[error("board drawing: {0}")]
    Board(String),
    /// The position asked for is not in the game.
    #[error("the game has {turns} turns, not {at}")]
    NoSuchTurn {
        /// The turn asked for.
        at: u32,
        /// The turns the game has.
        turns: u32,
    },
}

/// The drawing of one game, implemented by its rules type. The defaults
/// are what most games do: no fitting, straight arrows, pieces sent back
/// marked as captured, nothing of the game's own part of a view drawn.
pub trait Drawing: GameRules {
    /// The layout of the standard board, from the game's board file.
    fn standard_layout() -> Result<Layout, RenderError>;

    /// The layout of the board of `kind`, one of the games this type plays
    /// ([`GameRules::kinds`]): by default
    /// [`standard_layout`](Drawing::standard_layout), a compiled game
    /// having one board.
    fn layout_for(kind: crate::GameKind) -> Result<Layout, RenderError> {
        let _ = kind;
        Self::standard_layout()
    }

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
    /// viewer's page carries it), so a game's words are in one place.
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
    /// to `after`, but the seats' counts (in the viewer's words: see
    /// [`Delta`]).
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
/// use billes_game::drawing::{When, Word};
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
/// it (what [`Drawing::losses`] does by default; a game's own `losses`
/// may call it too, as Barricade's does before marking its barricades).
pub fn captures(before: &PositionView, after: &PositionView, marks: &mut Marks) {
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

/// [`Drawing::seat_delta`].
type SeatDelta = fn(&PositionView, Option<usize>, &PositionView, usize, &mut Delta<'_>);

/// What a game draws of its own part under or over the pieces
/// ([`Drawing::under_pieces`], [`Drawing::over_pieces`]).
type DrawPart = fn(&Layout, &Canvas, &PositionView, &Marks, &mut String);

/// The drawing functions of one game, as its layout carries them
/// ([`Layout::drawing`]): the game's [`Drawing`], for the code that draws
/// any game's pictures without knowing the game (`billes-render`'s SVG
/// and viewer).
#[derive(Clone, Copy)]
pub struct Table {
    /// [`Drawing::fit`].
    pub fit: fn(&mut Layout, &PositionView) -> Result<(), RenderError>,
    /// [`Drawing::route`].
    pub route: fn(&Layout, usize, usize) -> Option<Vec<Xy>>,
    /// [`Drawing::route_of_move`].
    pub route_of_move: RouteOfMove,
    /// [`Drawing::losses`].
    pub losses: fn(&PositionView, &PositionView, &mut Marks),
    /// What the panel says of seat `i` of a view after its colour, the
    /// words of [`Drawing::PANEL`] with their counts.
    pub seat_line: fn(&PositionView, usize, &mut String),
    /// [`Drawing::PANEL`].
    pub panel: &'static [Word],
    /// [`Drawing::clear`].
    pub clear: fn(&mut PositionView),
    /// [`Drawing::delta`].
    pub delta: fn(&PositionView, &PositionView, &mut Delta<'_>),
    /// [`Drawing::seat_delta`].
    pub seat_delta: SeatDelta,
    /// [`Drawing::values`].
    pub values: fn(&PositionView) -> Vec<(String, u32)>,
    /// [`Drawing::under_pieces`].
    pub under_pieces: DrawPart,
    /// [`Drawing::over_pieces`].
    pub over_pieces: DrawPart,
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
