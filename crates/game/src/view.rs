//! A read-only view of a position, for pictures: which piece stands on which
//! named hole, what each seat has waiting off the board, the seat to move,
//! and what only the game shows (its barricades, targets, scores, HOME) in
//! a [`Part`] of the game's own type.
//!
//! Each game's state implements [`View`]; `billes_core::replay_views` replays a
//! record and shows the view of the start position and of the position
//! after every turn of the main line ([`crate::game::replay_views_with`]
//! under any rules).
//!
//! ```
//! let record = "[Game \"barricade\"]\n[Seats \"R G\"]\n\n1. R6 h-h1\n*\n";
//! let game = billes_notation::parse_game(record).unwrap();
//! let mut seen = Vec::new();
//! billes_core::replay_views(&game, &mut |step| {
//!     seen.push((step.index, step.view.pieces.len()));
//!     std::ops::ControlFlow::Continue(())
//! })
//! .unwrap();
//! // The start (no pawn out yet), then after turn 1 (one red pawn on h1).
//! assert_eq!(seen, [(0, 0), (1, 1)]);
//! ```

use std::any::Any;
use std::fmt::Debug;

use billes_notation::{Name, Seat, Turn};
use serde::ser::{Error as _, SerializeMap};
use serde::{Serialize, Serializer};

/// One piece (marble or pawn) on a named hole, point or cell.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Piece {
    /// The hole's notation name (`r9`, `rh2`, `c`, `i14`, `e5`).
    pub point: Name,
    /// The seat letter of its owner.
    pub seat: Seat,
}

/// A seat of the game and what it has off the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatView {
    /// The seat letter (`R`).
    pub seat: Seat,
    /// Its colour's name in lowercase (`red`).
    pub colour: String,
    /// Marbles or pawns waiting off the board: Aggravation's BASE, Barricade's
    /// house, Offboard's marbles taken out of the game.
    pub waiting: u32,
}

/// A position as pictures show it: what every game has, and the game's
/// own [`part`](PositionView::part) (Barricade's barricades, Offboard's
/// targets and scores, Aggravation's HOME).
///
/// Its JSON (`billes render --json`) is written by one writer, whose
/// schema is documented at [`PositionView`'s `Serialize`
/// impl](#impl-Serialize-for-PositionView).
#[derive(Debug, Clone)]
pub struct PositionView {
    /// The game's name (its rules' `NAME`: `barricade`).
    pub game: &'static str,
    /// The seats in play, in playing order.
    pub seats: Vec<SeatView>,
    /// Every piece on the board, sorted by hole name then seat.
    pub pieces: Vec<Piece>,
    /// The seat whose turn is next (`None` before the first turn when any
    /// seat may start, and once the game is over).
    pub to_move: Option<Seat>,
    /// What the next turn owes, in the games' words: a 6 to replay with a
    /// given pawn, a marble to put back first.
    pub pending: Option<String>,
    /// The winning seats, once the game is won. `billes_core::replay_views` asks the
    /// rules; [`View::view`] says what the position alone tells (nothing in
    /// Offboard, whose winning score is a parameter of the rules).
    pub winners: Option<Vec<Seat>>,
    /// What only this game shows, in the game's own type (`()` for a game
    /// with nothing more): read it with [`PositionView::part`].
    pub own: Box<dyn Part>,
    /// The fields of `own` that hold one count per seat, in the order of
    /// `seats` (Aggravation's `home`): the JSON writes them in each seat.
    pub seat_counts: &'static [&'static str],
}

impl PositionView {
    /// The piece on `point`, if any.
    pub fn piece_at(&self, point: &str) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.point == point)
    }

    /// The seat view of `seat`, if it plays.
    pub fn seat(&self, seat: &str) -> Option<&SeatView> {
        self.seats.iter().find(|s| s.seat == seat)
    }

    /// The game's own part, when it is a `T`: `view.part::<barricade::ViewPart>()`.
    pub fn part<T: Part>(&self) -> Option<&T> {
        self.own.as_any().downcast_ref()
    }

    /// The game's own part, to change, when it is a `T`.
    pub fn part_mut<T: Part>(&mut self) -> Option<&mut T> {
        self.own.as_any_mut().downcast_mut()
    }

    /// Records the winners the rules see; a won game has no seat to move.
    pub fn with_winners(mut self, winners: Option<Vec<Seat>>) -> PositionView {
        if winners.is_some() {
            self.to_move = None;
            self.pending = None;
            self.winners = winners;
        }
        self
    }

    /// Sorts the pieces, as the field's docs promise.
    #[doc(hidden)]
    pub fn sorted(mut self) -> PositionView {
        self.pieces.sort();
        self
    }
}

/// A game's own part of a [`PositionView`]: any type that can be cloned,
/// compared, printed for debugging and serialized, as its fields (a
/// struct, or `()` for none). The game's drawing reads it back with
/// [`PositionView::part`]; the JSON writer takes its fields by name.
pub trait Part: Any + Debug + Send + Sync {
    /// As [`Any`], to read back as the game's type.
    fn as_any(&self) -> &dyn Any;
    /// As [`Any`], to change as the game's type.
    fn as_any_mut(&mut self) -> &mut dyn Any;
    /// An owned copy.
    fn boxed(&self) -> Box<dyn Part>;
    /// Whether `other` is the same type with the same fields.
    fn same(&self, other: &dyn Part) -> bool;
    /// Its fields as a JSON object (anything else: no fields).
    ///
    /// # Errors
    /// When the type does not serialize.
    fn fields(&self) -> Result<serde_json::Value, serde_json::Error>;
}

impl<T> Part for T
where
    T: Any + Debug + Clone + PartialEq + Serialize + Send + Sync,
{
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn boxed(&self) -> Box<dyn Part> {
        Box::new(self.clone())
    }

    fn same(&self, other: &dyn Part) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }

    fn fields(&self) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::to_value(self)
    }
}

impl Clone for Box<dyn Part> {
    fn clone(&self) -> Self {
        (**self).boxed()
    }
}

impl PartialEq for PositionView {
    fn eq(&self, other: &PositionView) -> bool {
        self.game == other.game
            && self.seats == other.seats
            && self.pieces == other.pieces
            && self.to_move == other.to_move
            && self.pending == other.pending
            && self.winners == other.winners
            && self.own.same(&*other.own)
            && self.seat_counts == other.seat_counts
    }
}

impl Eq for PositionView {}

/// The published JSON of a position (`billes render --json`, under
/// `position`), written here and nowhere else: what every game has, then
/// the game's own fields, and no key of another game. Its keys, in order:
///
/// - `game`: the game's name;
/// - `seats`: for each seat in playing order `seat`, `colour`, `waiting`,
///   then the game's counts per seat ([`PositionView::seat_counts`]:
///   `home` in Aggravation, `score` in Offboard);
/// - `pieces`: `point` and `seat` of each piece, sorted;
/// - the other fields of the game's [`Part`], by their names, in the order
///   of their names (`home_size`; `barricades`, `held`; `targets`);
/// - `to_move`, `pending`, `winners`: `null` when there is none.
impl Serialize for PositionView {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut own = match self.own.fields().map_err(S::Error::custom)? {
            serde_json::Value::Object(fields) => fields,
            _ => serde_json::Map::new(),
        };
        let seats: Vec<JsonSeat<'_>> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, seat)| JsonSeat {
                seat,
                counts: self
                    .seat_counts
                    .iter()
                    .map(|&key| {
                        let count = own.get(key).and_then(|list| list.get(i)).cloned();
                        (key, count.unwrap_or(serde_json::Value::from(0)))
                    })
                    .collect(),
            })
            .collect();
        for key in self.seat_counts {
            own.remove(*key);
        }
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("game", self.game)?;
        map.serialize_entry("seats", &seats)?;
        map.serialize_entry("pieces", &self.pieces)?;
        for (key, value) in &own {
            map.serialize_entry(key, value)?;
        }
        map.serialize_entry("to_move", &self.to_move)?;
        map.serialize_entry("pending", &self.pending)?;
        map.serialize_entry("winners", &self.winners)?;
        map.end()
    }
}

/// A seat as the JSON writes it.
struct JsonSeat<'a> {
    seat: &'a SeatView,
    counts: Vec<(&'static str, serde_json::Value)>,
}

impl Serialize for JsonSeat<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(3 + self.counts.len()))?;
        map.serialize_entry("seat", &self.seat.seat)?;
        map.serialize_entry("colour", &self.seat.colour)?;
        map.serialize_entry("waiting", &self.seat.waiting)?;
        for (key, value) in &self.counts {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// A position that can be shown as a [`PositionView`].
pub trait View {
    /// The view of this position.
    fn view(&self) -> PositionView;
}

/// What `billes_core::replay_views` shows its observer: the start (index 0, no turn)
/// and the position after each main-line turn.
#[derive(Debug)]
pub struct ViewStep<'a> {
    /// 0 for the start position, else the 1-based index of the turn.
    pub index: u32,
    /// The turn just played (`None` for the start position).
    pub turn: Option<&'a Turn>,
    /// The position.
    pub view: PositionView,
}
