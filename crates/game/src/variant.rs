//! The hooks a house rule may add to a game's rules.
//!
//! A variant is the game's [`crate::Rules`] with other parameters and, optionally,
//! [`Hooks`]: code (usually a Lua script, see the `billes-lua` crate) that the
//! engine asks at a few points of a turn. Hooks see a read-only view of the
//! position and the move and return plain values.
//!
//! The engines are generic over the hooks: with [`NoHooks`] (a zero-sized
//! type whose [`Hooks::active`] is `false`) every hook call compiles away, so
//! a variant that only sets parameters replays as fast as the standard game.
//!
//! Which hooks each game calls:
//!
//! | hook | aggravation | barricade | offboard |
//! |---|---|---|---|
//! | [`Hooks::allow`] | every candidate move, the written one included | every candidate pawn move, the written one included | every candidate line move, the written one included |
//! | [`Hooks::roll_for`] | when a finished player rolls for a teammate | — | — |
//! | [`Hooks::extra_turn`] | after every move | after every move or pass (not the winning move) | — |
//! | [`Hooks::score`] | — | — | for every marble pushed off the board |
//!
//! Every [`MoveView`] has `turn`, `roller`, `seat` and `kind`; the other
//! fields are the game's own ([`crate::game::GameRules::move_fields`]), read with
//! [`MoveView::field`] and friends:
//!
//! | field | aggravation | barricade | offboard |
//! |---|---|---|---|
//! | `roll` | the roll | the roll | — (no dice) |
//! | `kind` | enter, move, pass | enter (from the house), move, pass | move |
//! | `from` | the hole left | the point left | the rear end of the line (canonical `from`) |
//! | `to` | the hole landed on | the point landed on | the other end of the line (`from` for one marble) |
//! | `via` | the star hole a ring move leaves by | the goal, for a bounce | — |
//! | `captures` | the seat aggravated | the seat sent home | — |
//! | `takes_barricade` | — | whether it lands on a barricade | — |
//! | `direction` | — | — | `e`, `ne`, `nw`, `w`, `sw`, `se` |
//! | `marbles` | — | — | marbles in the line |
//! | `pushes` | — | — | opposing marbles pushed |
//! | `ejects` | — | — | the seat whose marble is pushed off |
//! | `target` | — | — | the target it falls into |
//!
//! A [`BoardView`] answers what every game has (`at`, `pieces`, `seats`...);
//! the position queries that only some games have are listed once in
//! [`crate::game::GameRules::position_queries`] and answered by [`BoardView::query`]
//! (hosts offer every game's names in every game, see
//! `billes_core::registry::position_queries`;
//! a game without one answers [`QueryKind::default_answer`]):
//!
//! | query | kind | aggravation | barricade | offboard |
//! |---|---|---|---|---|
//! | `barricades` | [`QueryKind::Names`] | — | the points where barricades stand, sorted | — |
//! | `held` | [`QueryKind::Flag`] | — | whether the seat holds a taken barricade it has yet to put down | — |
//! | `must_move` | [`QueryKind::Name`] | — | the point of the pawn the seat must move if it takes the next turn (the pawn replaying its 6) | — |
//! | `score` | [`QueryKind::Number`] | — | — | the seat's points |
//! | `target` | [`QueryKind::Name`] | — | — | the seat whose marble fills the named target |
//!
//! ```
//! use billes_core::aggravation::Aggravation;
//! use billes_core::hooked::WithHooks;
//! use billes_core::variant::{HookError, Hooks, MoveView, Verdict};
//!
//! /// No marble may be aggravated on its own START.
//! struct NoStartAggravation;
//! impl Hooks for NoStartAggravation {
//!     fn allow(&self, mv: &MoveView<'_>) -> Result<Verdict, HookError> {
//!         Ok(match mv.text("captures") {
//!             Some(v) if mv.text("to").is_some_and(|h| h == format!("{}9", v.to_lowercase())) => {
//!                 Verdict::Forbid(format!("{v}'s marble is safe on its START"))
//!             }
//!             _ => Verdict::Allow,
//!         })
//!     }
//! }
//!
//! let rules = Aggravation::default();
//! let game = billes_notation::parse_game(
//!     "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 *\n",
//! ).unwrap();
//! let hooked = WithHooks::new(&rules, &NoStartAggravation);
//! assert!(billes_core::replay_with(&hooked, &game, &mut |_| {}).is_ok());
//! ```

use billes_notation::Span;

use crate::edit::Edit;
use crate::view::PositionView;
use crate::{ErrorKind, ReplayError};

/// What [`Hooks::allow`] decides about a candidate move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The move may be played (as far as the variant is concerned: the
    /// game's own rules are checked first).
    Allow,
    /// The move is illegal in the variant, for this reason.
    Forbid(String),
}

/// A hook that failed: a script error, a bad return value or an exhausted
/// budget, or (not the script's mistake) the wall-clock guard that stops a
/// hang. The message names the script, the hook and, for script errors,
/// the file and line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct HookError {
    /// What went wrong.
    pub message: String,
    /// Whether the wall-clock guard stopped the hook: no verdict on the
    /// record, an error of kind [`ErrorKind::TimeGuard`].
    pub guard: bool,
}

impl HookError {
    /// The hook's own failure (kind [`ErrorKind::Variant`]).
    pub fn new(message: impl Into<String>) -> HookError {
        HookError {
            message: message.into(),
            guard: false,
        }
    }

    /// The hook stopped by the wall-clock guard (kind
    /// [`ErrorKind::TimeGuard`]).
    pub fn guard(message: impl Into<String>) -> HookError {
        HookError {
            message: message.into(),
            guard: true,
        }
    }

    /// The kind of the replay error it makes.
    pub fn kind(&self) -> ErrorKind {
        if self.guard {
            ErrorKind::TimeGuard
        } else {
            ErrorKind::Variant
        }
    }

    /// The replay error it makes, at `span`.
    pub fn at(self, span: Span) -> ReplayError {
        ReplayError::new(self.kind(), span, self.message)
    }
}

/// What kind of move a [`MoveView`] shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveKind {
    /// A marble enters from BASE onto START.
    Enter,
    /// A marble moves from one hole to another.
    Move,
    /// No move: the roll cannot be used (only [`Hooks::extra_turn`] sees it).
    Pass,
    /// Barricade: a taken barricade put down on `to` (only [`Hooks::allow`]
    /// sees it).
    PutDown,
}

impl MoveKind {
    /// The name hooks see: `enter`, `move`, `pass` or `put_down`.
    pub fn name(self) -> &'static str {
        match self {
            MoveKind::Enter => "enter",
            MoveKind::Move => "move",
            MoveKind::Pass => "pass",
            MoveKind::PutDown => "put_down",
        }
    }
}

/// A read-only view of a position, as hooks see it.
///
/// Its methods ask what every game has, whatever its rules: pieces on
/// named points, seats and teams, and the board's lines between points
/// (`neighbours`, `walk`, `path`, every board being points joined by lines
/// a piece steps along; Offboard answers with nothing, its moves being
/// line pushes), and how far a seat has come (`progress`, which the
/// game-independent greedy player of [`crate::house`] weighs moves by).
/// What only a game's rules know (Barricade's barricades, or the pawn
/// that must replay its 6; Offboard's scores) is one of the game's own
/// [`query`](BoardView::query) names instead, listed in its
/// [`crate::game::GameRules::position_queries`].
pub trait BoardView {
    /// The seat whose piece stands on the named hole, point or cell.
    fn at(&self, hole: &str) -> Option<&str>;
    /// The holes of `seat`'s pieces on the board (HOME holes included), sorted.
    fn pieces(&self, seat: &str) -> Vec<String>;
    /// Pieces of `seat` not yet on the board (in BASE).
    fn reserve(&self, seat: &str) -> u32;
    /// Pieces of `seat` that reached their goal (in HOME).
    fn finished(&self, seat: &str) -> u32;
    /// The seats in play, in turn order.
    fn seats(&self) -> Vec<String>;
    /// The seats on `seat`'s team, `seat` included.
    fn team(&self, seat: &str) -> Vec<String>;
    /// An owned copy, for hosts that keep the view beyond the call.
    fn boxed(&self) -> Box<dyn BoardView>;
    /// Copies the position into `slot`, reusing the box there when it holds
    /// a position of the same type (a host calling a hook per move keeps one
    /// box). The default boxes a fresh copy.
    fn copy_into(&self, slot: &mut Option<Box<dyn BoardView>>) {
        *slot = Some(self.boxed());
    }
    /// The position as [`std::any::Any`], so [`BoardView::copy_into`] can
    /// find a box of its own type (`None`: never reused).
    fn as_any_mut(&mut self) -> Option<&mut dyn std::any::Any> {
        None
    }
    /// The answer to the game's own position query `name` (one of its
    /// [`crate::game::GameRules::position_queries`]) about `arg` (a seat or a name;
    /// ignored by a [`QueryKind::Names`] query). `None`: the game has no
    /// such query, and hosts answer with [`QueryKind::default_answer`].
    fn query(&self, name: &str, arg: &str) -> Option<Answer> {
        let _ = (name, arg);
        None
    }
    /// How far `seat` has come, higher is better: the steps its pieces
    /// have made towards their goal (Offboard: the score, then the marbles
    /// left); 0 where the game gives none. Simple players weigh moves by
    /// it, and a game's placings order the seats that did not finish by it
    /// ([`crate::placing`]).
    fn progress(&self, seat: &str) -> u32 {
        let _ = seat;
        0
    }
    /// The points one step from `point` along the board's lines (empty for
    /// a name that is no point, and in Offboard).
    fn neighbours(&self, point: &str) -> Vec<String> {
        let _ = point;
        Vec::new()
    }
    /// The routes of exactly `steps` steps from `point`, each the points
    /// passed in order, the landing point last, whatever stands on them.
    /// Aggravation: the one route of `seat`'s marbles (`None`: the marble
    /// on `point`) along the loop and into its HOME, none when it runs past
    /// the end of HOME or leaves the centre; Barricade: every route that
    /// steps on no point twice.
    fn walk(&self, point: &str, steps: u32, seat: Option<&str>) -> Vec<Vec<String>> {
        let _ = (point, steps, seat);
        Vec::new()
    }
    /// The routes of exactly `steps` steps back from `point`, as
    /// [`BoardView::walk`] gives them (the landing point last).
    /// Aggravation: the one route back round the loop (counter-clockwise),
    /// and from a HOME hole back up its row to the loop; none from the
    /// centre. Barricade: the routes of `walk` (a pawn's way has no
    /// direction).
    fn walk_back(&self, point: &str, steps: u32) -> Vec<Vec<String>> {
        let _ = (point, steps);
        Vec::new()
    }
    /// The points passed from `from` to `to`, `to` last (`None`: `to`
    /// cannot be reached). Aggravation: along the track of `seat`'s marbles
    /// (`None`: the marble on `from`), as [`BoardView::walk`] goes;
    /// Barricade: a shortest way.
    fn path(&self, from: &str, to: &str, seat: Option<&str>) -> Option<Vec<String>> {
        let _ = (from, to, seat);
        None
    }
}

/// The position as hooks see it, as [`crate::game::Position::hook_view`]
/// gives it: the game's own [`BoardView`] (what the three games give,
/// borrowed), or, for a game that gives none, its [`PositionView`]
/// answering for it. Dereferences to the [`BoardView`].
pub enum BoardRef<'s> {
    /// The game's own view of its state.
    Board(&'s dyn BoardView),
    /// The picture of the position, answering for a game without one.
    View(Box<PositionView>),
}

impl<'s> std::ops::Deref for BoardRef<'s> {
    type Target = dyn BoardView + 's;

    fn deref(&self) -> &Self::Target {
        match self {
            BoardRef::Board(board) => *board,
            BoardRef::View(view) => &**view,
        }
    }
}

impl std::fmt::Debug for BoardRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoardRef")
            .field("seats", &self.seats())
            .finish_non_exhaustive()
    }
}

/// A picture of the position answers what every game has: the pieces on
/// the board and waiting, the seats. It knows no teams (each seat
/// plays alone), no routes and no progress; a game with more to say gives
/// hooks its own [`BoardView`] ([`crate::game::GameRules::board`]).
impl BoardView for PositionView {
    fn at(&self, hole: &str) -> Option<&str> {
        self.piece_at(hole).map(|p| p.seat.as_str())
    }

    fn pieces(&self, seat: &str) -> Vec<String> {
        let mut points: Vec<String> = self
            .pieces
            .iter()
            .filter(|p| p.seat == seat)
            .map(|p| p.point.to_string())
            .collect();
        points.sort_unstable();
        points
    }

    fn reserve(&self, seat: &str) -> u32 {
        self.seat(seat).map_or(0, |s| s.waiting)
    }

    /// None: a picture counts no finished pieces (a game with such a count
    /// gives hooks its own [`BoardView`]).
    fn finished(&self, _seat: &str) -> u32 {
        0
    }

    fn seats(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.seat.to_string()).collect()
    }

    fn team(&self, seat: &str) -> Vec<String> {
        self.seat(seat)
            .map_or_else(Vec::new, |s| vec![s.seat.to_string()])
    }

    fn boxed(&self) -> Box<dyn BoardView> {
        Box::new(self.clone())
    }
}

/// The owned-copy methods of [`BoardView`] (`boxed`, `copy_into`,
/// `as_any_mut`) for a position type that is `Clone + 'static`, written
/// inside its `impl BoardView`.
#[doc(hidden)]
#[macro_export]
macro_rules! owned_copies {
    () => {
        fn boxed(&self) -> Box<dyn $crate::variant::BoardView> {
            Box::new(self.clone())
        }

        fn copy_into(&self, slot: &mut Option<Box<dyn $crate::variant::BoardView>>) {
            $crate::variant::copy_state(self, slot);
        }

        fn as_any_mut(&mut self) -> Option<&mut dyn std::any::Any> {
            Some(self)
        }
    };
}
#[doc(hidden)]
pub use owned_copies;

/// [`BoardView::copy_into`] for a position type that can be cloned in place.
#[doc(hidden)]
pub fn copy_state<S: BoardView + Clone + 'static>(
    state: &S,
    slot: &mut Option<Box<dyn BoardView>>,
) {
    match slot
        .as_mut()
        .and_then(|b| b.as_any_mut())
        .and_then(|a| a.downcast_mut::<S>())
    {
        Some(s) => s.clone_from(state),
        None => *slot = Some(Box::new(state.clone())),
    }
}

/// What a game's own position query takes and gives (see
/// [`crate::game::GameRules::position_queries`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryKind {
    /// No argument; a sorted list of names (`barricades`).
    Names,
    /// A seat; yes or no (`held`).
    Flag,
    /// A seat; a whole number (`score`).
    Number,
    /// A seat or name; a name or nothing (`target`, `must_move`).
    Name,
}

impl QueryKind {
    /// Whether the query takes a seat or name.
    pub fn takes_name(self) -> bool {
        self != QueryKind::Names
    }

    /// The answer of a game without the query: an empty list, no, 0 or
    /// nothing.
    pub fn default_answer(self) -> Answer {
        match self {
            QueryKind::Names => Answer::Names(Vec::new()),
            QueryKind::Flag => Answer::Flag(false),
            QueryKind::Number => Answer::Number(0),
            QueryKind::Name => Answer::Name(None),
        }
    }
}

/// The answer to a game's own position query ([`BoardView::query`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A list of names.
    Names(Vec<String>),
    /// Yes or no.
    Flag(bool),
    /// A whole number.
    Number(u32),
    /// A seat or name, or nothing.
    Name(Option<String>),
}

/// How a field of a game's moves travels to a hook: what [`Field`] it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// A name: a seat, hole, point, cell, direction or target.
    Name,
    /// A whole number.
    Number,
    /// Yes or no.
    Flag,
}

/// The value of one field of a move, as hooks see it (`None`: the field
/// does not apply to this move, nil in Lua).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field<'a> {
    /// A name.
    Name(Option<&'a str>),
    /// A whole number.
    Number(Option<u32>),
    /// Yes or no.
    Flag(Option<bool>),
}

impl Field<'_> {
    /// The kind of value the field holds.
    pub fn kind(&self) -> FieldKind {
        match self {
            Field::Name(_) => FieldKind::Name,
            Field::Number(_) => FieldKind::Number,
            Field::Flag(_) => FieldKind::Flag,
        }
    }
}

/// The most fields a game's moves may have beyond the ones every game has
/// (`turn`, `roller`, `seat`, `kind`).
pub const MAX_FIELDS: usize = 8;

/// A candidate move, as [`Hooks::allow`] and [`Hooks::extra_turn`] see it:
/// the fields every game has, and the game's own fields, which it lists
/// once in [`crate::game::GameRules::move_fields`].
pub struct MoveView<'a> {
    /// The turn number.
    pub turn: u32,
    /// The seat that rolled.
    pub roller: &'a str,
    /// The seat whose piece moves (the roller, or a teammate it rolls for).
    pub seat: &'a str,
    /// Entering, moving or passing.
    pub kind: MoveKind,
    /// The names and kinds of the game's own fields.
    names: &'static [(&'static str, FieldKind)],
    /// Their values, in the order of `names`.
    values: [Field<'a>; MAX_FIELDS],
    /// The position before the move.
    pub position: &'a dyn BoardView,
}

impl<'a> MoveView<'a> {
    /// A view of a move of a game whose own fields are `names` (its
    /// [`crate::game::GameRules::move_fields`]), with `values` in that order.
    ///
    /// # Panics
    /// When `values` do not match `names` in number and kind (a bug in the
    /// game; checked in debug builds).
    #[inline]
    pub fn new<const N: usize>(
        turn: u32,
        seat: &'a str,
        kind: MoveKind,
        position: &'a dyn BoardView,
        names: &'static [(&'static str, FieldKind)],
        values: [Field<'a>; N],
    ) -> MoveView<'a> {
        debug_assert!(N <= MAX_FIELDS && N == names.len());
        debug_assert!(names.iter().zip(&values).all(|(n, v)| n.1 == v.kind()));
        let mut all = [Field::Name(None); MAX_FIELDS];
        all[..N].copy_from_slice(&values);
        MoveView {
            turn,
            roller: seat,
            seat,
            kind,
            names,
            values: all,
            position,
        }
    }

    /// The game's own fields, by name, in the order the game lists them.
    pub fn fields(&self) -> impl Iterator<Item = (&'static str, Field<'a>)> + '_ {
        self.names.iter().map(|n| n.0).zip(self.values)
    }

    /// The game's own field `name` (`None`: the game has no such field).
    pub fn field(&self, name: &str) -> Option<Field<'a>> {
        self.fields().find(|f| f.0 == name).map(|f| f.1)
    }

    /// The name in field `field` (`None` when the field is empty or not a
    /// name): `mv.text("to")` is the hole a marble lands on.
    pub fn text(&self, field: &str) -> Option<&'a str> {
        match self.field(field) {
            Some(Field::Name(n)) => n,
            _ => None,
        }
    }

    /// The number in field `field` (`None` when empty or not a number).
    pub fn number(&self, field: &str) -> Option<u32> {
        match self.field(field) {
            Some(Field::Number(n)) => n,
            _ => None,
        }
    }

    /// The flag in field `field` (`None` when empty or not a flag).
    pub fn flag(&self, field: &str) -> Option<bool> {
        match self.field(field) {
            Some(Field::Flag(b)) => b,
            _ => None,
        }
    }
}

impl std::fmt::Debug for MoveView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MoveView")
            .field("turn", &self.turn)
            .field("seat", &self.seat)
            .field("kind", &self.kind)
            .field("fields", &self.fields().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

/// A finished player's roll, as [`Hooks::roll_for`] sees it.
pub struct TeamRoll<'a> {
    /// The turn number.
    pub turn: u32,
    /// The seat that rolled (every marble of it is HOME).
    pub roller: &'a str,
    /// The roll.
    pub roll: u8,
    /// The teammates still playing, each with its legal uses of the roll in
    /// notation (empty: it would have to pass).
    pub teammates: Vec<(String, Vec<String>)>,
    /// The position before the move.
    pub position: &'a dyn BoardView,
}

impl std::fmt::Debug for TeamRoll<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TeamRoll")
            .field("turn", &self.turn)
            .field("roller", &self.roller)
            .field("roll", &self.roll)
            .field("teammates", &self.teammates)
            .finish_non_exhaustive()
    }
}

/// A marble pushed off the board, as [`Hooks::score`] sees it (Offboard).
pub struct EjectionView<'a> {
    /// The turn number.
    pub turn: u32,
    /// The seat whose line pushed it off (who scores).
    pub seat: &'a str,
    /// The seat whose marble it is.
    pub ejects: &'a str,
    /// The cell it was pushed off from.
    pub from: &'a str,
    /// The direction it was pushed in.
    pub direction: &'a str,
    /// The target it falls into (`None` in a variant without targets).
    pub target: Option<&'a str>,
    /// Whether that target already holds a marble (the marble then goes
    /// back to its owner, and scores nothing in the standard rules).
    pub taken: bool,
    /// The position before the move.
    pub position: &'a dyn BoardView,
}

impl std::fmt::Debug for EjectionView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EjectionView")
            .field("turn", &self.turn)
            .field("seat", &self.seat)
            .field("from", &self.from)
            .field("direction", &self.direction)
            .field("target", &self.target)
            .field("taken", &self.taken)
            .finish_non_exhaustive()
    }
}

/// The hooks a game may call, for [`Hooks::calls`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hook {
    /// [`Hooks::allow`].
    Allow,
    /// [`Hooks::roll_for`].
    RollFor,
    /// [`Hooks::extra_turn`].
    ExtraTurn,
    /// [`Hooks::score`].
    Score,
    /// [`Hooks::moves`].
    Moves,
    /// [`Hooks::effect`].
    Effect,
    /// [`Hooks::winner`].
    Winner,
}

impl Hook {
    /// Every hook the core can call, each at its place (`hook as usize`).
    pub const ALL: [Hook; 7] = [
        Hook::Allow,
        Hook::RollFor,
        Hook::ExtraTurn,
        Hook::Score,
        Hook::Moves,
        Hook::Effect,
        Hook::Winner,
    ];

    /// The hooks every game takes unless it declares its own list
    /// ([`GameRules::hooks`](crate::game::GameRules::hooks)): those that
    /// change the game as a whole, which
    /// [`crate::house`] asks around any game's own list and checker (they
    /// read the position through
    /// [`GameRules::board`](crate::game::GameRules::board)).
    pub const COMMON: &'static [Hook] = &[Hook::Moves, Hook::Effect, Hook::Winner];

    /// The hook's name in a script's `hooks` table.
    pub const fn name(self) -> &'static str {
        match self {
            Hook::Allow => "allow",
            Hook::RollFor => "roll_for",
            Hook::ExtraTurn => "extra_turn",
            Hook::Score => "score",
            Hook::Moves => "moves",
            Hook::Effect => "effect",
            Hook::Winner => "winner",
        }
    }
}

/// Code a variant adds to a game's rules. Every method has a default that
/// changes nothing; the engine calls a hook only when [`Hooks::active`].
pub trait Hooks {
    /// Whether any hook is defined. The engines test it before building a
    /// view, so `false` costs nothing.
    #[inline(always)]
    fn active(&self) -> bool {
        true
    }

    /// Whether `hook` is defined: the engines skip building the views of a
    /// hook that is not (its default answer is the game's own rule).
    /// The default: every hook of the first wave ([`Hooks::allow`],
    /// [`Hooks::roll_for`], [`Hooks::extra_turn`], [`Hooks::score`]) when
    /// [`Hooks::active`], none of those that change the game
    /// ([`Hooks::moves`], [`Hooks::effect`], [`Hooks::winner`]): a type that
    /// defines one of these says so here.
    #[inline(always)]
    fn calls(&self, hook: Hook) -> bool {
        match hook {
            Hook::Moves | Hook::Effect | Hook::Winner => false,
            _ => self.active(),
        }
    }

    /// [`Hooks::allow`] on the move `view` builds, built only when `allow`
    /// is defined (else [`Verdict::Allow`]): how the engines ask.
    ///
    /// # Errors
    /// When the hook fails.
    #[inline(always)]
    fn verdict<'a>(&self, view: impl FnOnce() -> MoveView<'a>) -> Result<Verdict, HookError>
    where
        Self: Sized,
    {
        if self.calls(Hook::Allow) {
            self.allow(&view())
        } else {
            Ok(Verdict::Allow)
        }
    }

    /// Whether a move the game's rules allow is allowed in the variant. A
    /// pass is legal when no candidate is allowed.
    ///
    /// # Errors
    /// When the hook fails.
    fn allow(&self, mv: &MoveView<'_>) -> Result<Verdict, HookError> {
        let _ = mv;
        Ok(Verdict::Allow)
    }

    /// The teammates who may use a finished player's roll (`None`: any
    /// teammate still playing, as in the standard rules).
    ///
    /// # Errors
    /// When the hook fails.
    fn roll_for(&self, roll: &TeamRoll<'_>) -> Result<Option<Vec<String>>, HookError> {
        let _ = roll;
        Ok(None)
    }

    /// Whether the roller rolls again after `mv`; `standard` is what the
    /// game's rules say.
    ///
    /// # Errors
    /// When the hook fails.
    fn extra_turn(&self, mv: &MoveView<'_>, standard: bool) -> Result<bool, HookError> {
        let _ = mv;
        Ok(standard)
    }

    /// The points a marble pushed off the board scores for the pusher;
    /// `standard` is what the game's rules say (the target's value, 0 for a
    /// taken target, 1 without targets). At most 255.
    ///
    /// # Errors
    /// When the hook fails.
    fn score(&self, ejection: &EjectionView<'_>, standard: u32) -> Result<u32, HookError> {
        let _ = ejection;
        Ok(standard)
    }

    /// The legal moves of a turn in the variant: `None` keeps `standard`
    /// (the moves the game's rules and [`Hooks::allow`] leave, in canonical
    /// notation, without the pass); else the whole list, in notation, which
    /// may keep, drop or add moves (see [`crate::house`]).
    ///
    /// # Errors
    /// When the hook fails.
    fn moves(
        &self,
        roll: &RollView<'_>,
        standard: &[String],
    ) -> Result<Option<Vec<String>>, HookError> {
        let _ = (roll, standard);
        Ok(None)
    }

    /// What a move does beyond moving its piece: edits the engine checks and
    /// applies to the position after the move, in order, each one of the
    /// game's own ([`crate::game::GameRules::edits`], read by
    /// [`crate::game::GameRules::apply_edit`]).
    ///
    /// # Errors
    /// When the hook fails.
    fn effect(&self, mv: &PlayedView<'_>) -> Result<Vec<Edit>, HookError> {
        let _ = mv;
        Ok(Vec::new())
    }

    /// The winner of the game in `position` after turn `turn`, when the
    /// variant ends it (`None`: the game's own rule decides).
    ///
    /// # Errors
    /// When the hook fails.
    fn winner(&self, turn: u32, position: &dyn BoardView) -> Result<Option<String>, HookError> {
        let _ = (turn, position);
        Ok(None)
    }
}

/// A roll about to be used, as [`Hooks::moves`] sees it.
pub struct RollView<'a> {
    /// The turn number.
    pub turn: u32,
    /// The seat that rolled.
    pub roller: &'a str,
    /// The seat whose pieces the roll moves (the roller, or a teammate).
    pub seat: &'a str,
    /// The roll (`None` in a game without dice).
    pub roll: Option<u8>,
    /// The position before the move.
    pub position: &'a dyn BoardView,
}

impl std::fmt::Debug for RollView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RollView")
            .field("turn", &self.turn)
            .field("roller", &self.roller)
            .field("seat", &self.seat)
            .field("roll", &self.roll)
            .finish_non_exhaustive()
    }
}

/// A move just played, as [`Hooks::effect`] sees it.
pub struct PlayedView<'a> {
    /// The turn number.
    pub turn: u32,
    /// The seat that rolled.
    pub roller: &'a str,
    /// The seat whose piece moved.
    pub seat: &'a str,
    /// The roll (`None` in a game without dice).
    pub roll: Option<u8>,
    /// The move in canonical notation, with its marks (`r9-r12*`).
    pub text: &'a str,
    /// The point the piece left (`None`: it entered, or nothing moved).
    pub from: Option<&'a str>,
    /// The point the piece landed on (`None`: nothing moved).
    pub to: Option<&'a str>,
    /// The seat whose piece stood on `to` before the move and was sent home.
    pub captures: Option<&'a str>,
    /// Whether the move was added by [`Hooks::moves`].
    pub added: bool,
    /// The position after the move (before the edits).
    pub position: &'a dyn BoardView,
}

impl std::fmt::Debug for PlayedView<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlayedView")
            .field("turn", &self.turn)
            .field("seat", &self.seat)
            .field("text", &self.text)
            .field("captures", &self.captures)
            .field("added", &self.added)
            .finish_non_exhaustive()
    }
}

/// No hooks: the game's own rules, at full speed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoHooks;

impl Hooks for NoHooks {
    #[inline(always)]
    fn active(&self) -> bool {
        false
    }

    #[inline(always)]
    fn calls(&self, _: Hook) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hook_stands_at_its_place_with_its_own_name() {
        for (i, hook) in Hook::ALL.into_iter().enumerate() {
            assert_eq!(hook as usize, i);
            assert_eq!(
                Hook::ALL.iter().filter(|h| h.name() == hook.name()).count(),
                1
            );
        }
    }
}
