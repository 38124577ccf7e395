//! The game API: positions, legal moves and play, shared by the three games
//! and every variant, in the shape of shakmaty's `Position`.
//!
//! A [`Position`] answers the questions a program asks about a game: who acts
//! next and what the turn involves ([`Position::next`]), what may be played
//! with a roll ([`Position::legal_moves`]), playing one ([`Position::play`]),
//! who has won ([`Position::winners`]), and the position written as a
//! `Position` tag ([`Position::position_tag`]) or as a view.
//!
//! A [`Move`] is everything one turn does with one roll: the seat that takes
//! the turn, the roll, the teammate whose pieces move (team rolls) and the
//! turn's actions, as the notation's typed [`Action`] values. Its `Display` is
//! the canonical BGN spelling of the actions (`r9-r10`, `i3-e5# #a2`,
//! `~ c3>ne`), so a list of moves reads like a record; [`Position::parse_move`]
//! reads one back in the context of a position, as shakmaty's `San::to_move`
//! does.
//!
//! Each game's generator of legal moves is the one implementation of its
//! rules for programs: `billes simulate`, `billes moves` and the "legal:" lists
//! of error messages go through it. Replaying a *written* record goes through
//! the game's checker, a fast path tested to accept a written move exactly
//! when it is in the list and to reach the same position.
//!
//! Play a random game of Barricade in ten lines:
//!
//! ```
//! use billes_core::game::{Position, Roll};
//! use billes_core::{Engine, GameKind, Rng, Standard};
//!
//! let record = billes_notation::parse_game("[Game \"barricade\"]\n[Seats \"R G\"]\n\n*\n")?;
//! let rules = Standard::new(billes_core::barricade::KIND);
//! let mut pos = rules.start(&record)?;
//! let mut rng = Rng::new(7);
//! while !pos.is_over() && pos.turns() < 2000 {
//!     let roll = Roll::new(rng.die()).unwrap();
//!     let moves = pos.legal_moves(Some(roll))?;
//!     let mv = moves[rng.below(moves.len())].clone();
//!     pos.play(&mv)?;
//! }
//! assert!(pos.winners().is_some() || pos.turns() == 2000);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The legal moves of a position read from a `Position` tag:
//!
//! ```
//! use billes_core::game::{Position, Roll};
//! use billes_core::{Engine, GameKind, Standard};
//!
//! let rules = Standard::new(billes_core::aggravation::KIND);
//! let pos = rules.position(&[("Seats", "R G"), ("Position", "R:r9,r12 G:g9 move=R")])?;
//! let moves: Vec<String> = pos.legal_moves(Some(Roll::new(3).unwrap()))?
//!     .iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["r12-b1", "r12-c"]);
//! # Ok::<(), billes_core::ReplayError>(())
//! ```

mod need;
mod perft;
#[doc(hidden)]
pub mod position;
mod rules;
mod two_step;
mod views;

use std::fmt;

use billes_notation::{Action, Actions, Seat, Turn};
use serde::Serialize;

use crate::{ErrorKind, GameKind, ReplayError, Rules};

pub use need::{AnyNeed, Need};
pub use perft::{perft, perft_divide};
pub use position::RulesPosition;
#[doc(hidden)]
pub use rules::with_board;
pub use rules::{completed_in_place, GameRules, SimOptions};
pub use two_step::TwoStep;
pub use views::replay_views_with;

/// A roll: one die, 1 to 6, or two dice (Parcheesi's `5-3`), as the game
/// rolls ([`GameKind::dice`](crate::GameKind::dice)).
///
/// ```
/// use billes_game::game::Roll;
/// assert_eq!(Roll::new(6).map(Roll::get), Some(6));
/// assert_eq!(Roll::new(7), None);
/// assert_eq!(Roll::ALL.len(), 6);
/// let pair = Roll::pair(5, 3).unwrap();
/// assert_eq!((pair.get(), pair.second()), (5, Some(3)));
/// assert_eq!(pair.to_string(), "5-3");
/// assert!(Roll::pair(4, 4).unwrap().is_double());
/// assert_eq!(Roll::all(2).len(), 36);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Roll(u8, u8);

impl Roll {
    /// Every face of the die, 1 to 6.
    pub const ALL: [Roll; 6] = [
        Roll(1, 0),
        Roll(2, 0),
        Roll(3, 0),
        Roll(4, 0),
        Roll(5, 0),
        Roll(6, 0),
    ];

    /// The roll `n`, when `n` is a die face.
    pub fn new(n: u8) -> Option<Roll> {
        (1..=6).contains(&n).then_some(Roll(n, 0))
    }

    /// The roll of two dice `a` and `b`, when both are die faces.
    pub fn pair(a: u8, b: u8) -> Option<Roll> {
        ((1..=6).contains(&a) && (1..=6).contains(&b)).then_some(Roll(a, b))
    }

    /// Every roll of `dice` dice (6 of one, the 36 of two in order); of no
    /// dice, none.
    pub fn all(dice: u8) -> Vec<Roll> {
        match dice {
            0 => Vec::new(),
            1 => Roll::ALL.to_vec(),
            _ => (1..=6)
                .flat_map(|a| (1..=6).map(move |b| Roll(a, b)))
                .collect(),
        }
    }

    /// A roll of `dice` dice from `rng` (`None` for no dice).
    pub fn random(rng: &mut crate::rng::Rng, dice: u8) -> Option<Roll> {
        match dice {
            0 => None,
            1 => Roll::new(rng.die()),
            _ => {
                let a = rng.die();
                Roll::pair(a, rng.die())
            }
        }
    }

    /// The roll of `turn`'s head, when its dice are faces.
    pub fn of_head(head: &billes_notation::Head) -> Option<Roll> {
        let first = u8::try_from(head.roll?).ok()?;
        match head.second {
            None => Roll::new(first),
            Some(b) => Roll::pair(first, b),
        }
    }

    /// The number rolled (the first die of two).
    pub fn get(self) -> u8 {
        self.0
    }

    /// The second die, in a roll of two.
    pub fn second(self) -> Option<u8> {
        (self.1 > 0).then_some(self.1)
    }

    /// Whether two dice show the same face.
    pub fn is_double(self) -> bool {
        self.0 == self.1
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.second() {
            None => write!(f, "{}", self.0),
            Some(b) => write!(f, "{}-{b}", self.0),
        }
    }
}

/// Reads `5` or `5-3`.
///
/// ```
/// use billes_game::game::Roll;
/// assert_eq!("5-3".parse::<Roll>().unwrap().to_string(), "5-3");
/// assert!("7".parse::<Roll>().is_err());
/// ```
impl std::str::FromStr for Roll {
    type Err = String;

    fn from_str(s: &str) -> Result<Roll, String> {
        let face = |t: &str| t.parse::<u8>().ok().filter(|n| (1..=6).contains(n));
        let roll = match s.split_once('-') {
            None => face(s).and_then(Roll::new),
            Some((a, b)) => face(a).zip(face(b)).and_then(|(a, b)| Roll::pair(a, b)),
        };
        roll.ok_or_else(|| format!("{s:?} is not a roll: a die face 1 to 6, or two like 5-3"))
    }
}

/// A roll of one die is written as its number, of two as `"5-3"`.
impl Serialize for Roll {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.second() {
            None => s.serialize_u8(self.0),
            Some(_) => s.collect_str(self),
        }
    }
}

/// Everything one turn does with one roll: who takes the turn, the roll,
/// whose pieces move, and the turn's actions.
///
/// `Display` writes the actions in canonical BGN (`r9-r12*`, `--`,
/// `i3-e5 #a2`, `~ c3>ne`); [`Move::turn`] writes the whole turn line
/// (`R4>G g9-g13`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// The seat that takes the turn (rolls, in games with dice).
    pub seat: Seat,
    /// The roll (`None` in a game without dice).
    pub roll: Option<Roll>,
    /// The teammate whose pieces the roll moves, when it is not `seat`
    /// (a finished player rolling for a teammate: `R4>G`).
    pub mover: Option<Seat>,
    /// What is done, in order; never empty (`--` when nothing can be done).
    pub actions: Actions,
}

impl Move {
    /// A move of `seat` with `roll` doing `actions`.
    pub fn new(seat: Seat, roll: Option<Roll>, actions: impl Into<Actions>) -> Move {
        Move {
            seat,
            roll,
            mover: None,
            actions: actions.into(),
        }
    }

    /// The same move made with a teammate's pieces.
    pub fn with_mover(mut self, mover: Option<Seat>) -> Move {
        self.mover = mover.filter(|m| *m != self.seat);
        self
    }

    /// Whether `turn`'s actions are this move's, marks and all (where they
    /// are written aside): then both write the same text, which a caller
    /// holding the turn's text need not write again (`billes export`'s
    /// `move` column, for a record written with its complete moves).
    ///
    /// ```
    /// use billes_game::game::Move;
    /// let game = billes_notation::parse_game("1. R5 r9-r14*\n2. B1 b9-b10\n*\n")?;
    /// let [first, second] = &game.line.turns[..] else { panic!() };
    /// let first_move = Move::from_turn(first).unwrap();
    /// assert!(first_move.writes_as(first));
    /// assert!(!first_move.writes_as(second));
    /// # Ok::<(), billes_notation::ParseError>(())
    /// ```
    pub fn writes_as(&self, turn: &Turn) -> bool {
        self.actions.len() == turn.actions.len()
            && self
                .actions
                .iter()
                .zip(turn.actions.iter())
                .all(|(a, b)| same_but_span(a, b))
    }

    /// Whether the move does nothing but pass (`--`).
    pub fn is_pass(&self) -> bool {
        matches!(self.actions.as_slice(), [Action::Pass { .. }])
    }

    /// The seat whose pieces move: the mover of a team roll, else the seat.
    pub fn moving_seat(&self) -> Seat {
        self.mover.unwrap_or(self.seat)
    }

    /// The move as a turn of a record, numbered `number`.
    pub fn to_turn(&self, number: u32) -> Turn {
        let mut turn = Turn::new(
            number,
            self.seat,
            self.roll.map(|r| u32::from(r.get())),
            self.mover,
            self.actions.clone(),
        );
        turn.head.second = self.roll.and_then(Roll::second);
        turn
    }

    /// The move as read from a written turn (its number, comments and
    /// spans dropped); `None` when the roll is not a die face.
    pub fn from_turn(turn: &Turn) -> Option<Move> {
        let roll = match turn.head.roll {
            None => None,
            Some(_) => Some(Roll::of_head(&turn.head)?),
        };
        let mut actions = turn.actions.clone();
        for a in actions.iter_mut() {
            clear_span(a);
        }
        Some(Move {
            seat: turn.head.seat,
            roll,
            mover: turn.head.mover.filter(|m| *m != turn.head.seat),
            actions,
        })
    }

    /// The whole turn line without its number: `R4>G g9-g13`, `B c3>ne`.
    pub fn turn(&self) -> String {
        let mut s = self.seat.to_string();
        if let Some(r) = self.roll {
            s.push_str(&r.to_string());
        }
        if let Some(m) = self.mover {
            s.push('>');
            s.push_str(m.as_str());
        }
        format!("{s} {self}")
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_to(f)
    }
}

impl Move {
    /// Writes the move's actions in canonical BGN, a space between two
    /// (what `Display` writes), to `out`: into a `String`, without the
    /// formatting machinery (a program writing a move a turn, such as
    /// `billes export`).
    ///
    /// ```
    /// use billes_game::game::Move;
    /// use billes_notation::{Action, Seat, Span};
    ///
    /// let pass = Action::Pass { span: Span::default() };
    /// let m = Move::new(Seat::new("R"), None, vec![pass.clone(), pass]);
    /// let mut text = String::new();
    /// m.write_to(&mut text).unwrap();
    /// assert_eq!(text, "-- --");
    /// assert_eq!(text, m.to_string());
    /// ```
    pub fn write_to<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        for (i, a) in self.actions.iter().enumerate() {
            if i > 0 {
                out.write_char(' ')?;
            }
            billes_notation::write_action(out, a)?;
        }
        Ok(())
    }
}

/// Whether two actions are the same but for where they are written: what
/// [`write_action`](billes_notation::write_action) writes of them is.
/// (Comparing copies whose spans [`clear_span`] cleared says the same, and
/// cost `billes export` 3% to 5% more instructions: this runs for every
/// turn.)
fn same_but_span(a: &Action, b: &Action) -> bool {
    let marks = |c: &Option<billes_notation::Capture>| c.map(|c| (c.target, c.points));
    match (a, b) {
        (Action::Pass { .. }, Action::Pass { .. })
        | (Action::Remove { .. }, Action::Remove { .. }) => true,
        (
            Action::Place {
                to: x, capture: c, ..
            },
            Action::Place {
                to: y, capture: d, ..
            },
        ) => x == y && marks(c) == marks(d),
        (
            Action::Move {
                path: x,
                capture: c,
                barricade: p,
                ..
            },
            Action::Move {
                path: y,
                capture: d,
                barricade: q,
                ..
            },
        ) => x == y && marks(c) == marks(d) && p == q,
        (
            Action::Line {
                from: f,
                to: t,
                direction: r,
                capture: c,
                ..
            },
            Action::Line {
                from: g,
                to: u,
                direction: s,
                capture: d,
                ..
            },
        ) => f == g && t == u && r == s && marks(c) == marks(d),
        (Action::Barricade { at: x, .. }, Action::Barricade { at: y, .. }) => x == y,
        _ => false,
    }
}

/// Sets every span of an action to the default, so that actions read from
/// different places compare equal.
fn clear_span(action: &mut Action) {
    match action {
        Action::Pass { span }
        | Action::Remove { span }
        | Action::Barricade { span, .. }
        | Action::Place { span, .. }
        | Action::Move { span, .. }
        | Action::Line { span, .. } => *span = Default::default(),
    }
    match action {
        Action::Place {
            capture: Some(c), ..
        }
        | Action::Move {
            capture: Some(c), ..
        }
        | Action::Line {
            capture: Some(c), ..
        } => c.span = Default::default(),
        _ => {}
    }
}

/// Who takes the next turn and what it involves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Next {
    /// The seats that may take the next turn. The first is the one the
    /// rules call on ([`Position::to_act`]); the others may instead: before
    /// the first turn every seat in play may start, and after a Barricade 6
    /// the next seat plays when the roller declines its replay. Empty once
    /// the game is over.
    pub seats: Vec<Seat>,
    /// Whether the turn starts with a roll of the die (Offboard: no).
    pub dice: bool,
    /// What the turn involves beyond moving a piece, each need of the
    /// game's own type ([`AnyNeed::downcast_ref`]).
    pub needs: Vec<AnyNeed>,
}

/// Why the game API refused a request of a [`Position`]: a list of legal
/// moves for a seat or a roll that does not fit, a move the rules refuse,
/// a move's text that names no legal move, a hook that failed. A mistake
/// of a *written* record is a [`ReplayError`] instead, placed in the record
/// (a `PlayError` converts into one, unplaced, for a caller that reports
/// both).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game is over: no seat takes a turn.
    #[error("the game is over")]
    GameOver,
    /// The seat may not take the next turn.
    #[error("{0}")]
    NotToAct(String),
    /// The roll does not fit the game: missing in a game with dice, given
    /// in a game without, or no die face.
    #[error("{0}")]
    Roll(String),
    /// A house rule's hook failed.
    #[error("{0}")]
    Hook(String),
    /// A house rule's hook was stopped by the wall-clock guard: not a
    /// verdict on the move.
    #[error("{0}")]
    TimeGuard(String),
    /// The rules refuse the move, or the text names no legal move.
    #[error("{message}")]
    Illegal {
        /// What kind of mistake ([`ErrorKind::IllegalMove`], a false pass,
        /// a wrong mark...).
        kind: ErrorKind,
        /// Why, in the game's words.
        message: String,
        /// The legal moves, in notation, those nearest to the move first
        /// (may be empty).
        legal: Vec<String>,
    },
}

impl PlayError {
    /// The kind of mistake, as a replay's report names it.
    pub fn kind(&self) -> ErrorKind {
        match self {
            PlayError::GameOver => ErrorKind::AfterEnd,
            PlayError::NotToAct(_) => ErrorKind::Seat,
            PlayError::Roll(_) => ErrorKind::Roll,
            PlayError::Hook(_) => ErrorKind::Variant,
            PlayError::TimeGuard(_) => ErrorKind::TimeGuard,
            PlayError::Illegal { kind, .. } => *kind,
        }
    }

    /// The legal moves, in notation, when the error lists them.
    pub fn legal(&self) -> &[String] {
        match self {
            PlayError::Illegal { legal, .. } => legal,
            _ => &[],
        }
    }

    /// The game API's error for a mistake the rules' checker or generator
    /// found (their place in a record dropped).
    #[doc(hidden)]
    pub fn from_replay(e: ReplayError) -> PlayError {
        match e.kind {
            ErrorKind::AfterEnd if e.message == "the game is over" => PlayError::GameOver,
            ErrorKind::Seat => PlayError::NotToAct(e.message),
            ErrorKind::Roll => PlayError::Roll(e.message),
            ErrorKind::Variant => PlayError::Hook(e.message),
            ErrorKind::TimeGuard => PlayError::TimeGuard(e.message),
            kind => PlayError::Illegal {
                kind,
                message: e.message,
                legal: e.legal,
            },
        }
    }
}

/// A refusal of the game API as a replay's mistake, not placed in a record.
impl From<PlayError> for ReplayError {
    fn from(e: PlayError) -> ReplayError {
        let kind = e.kind();
        match e {
            PlayError::Illegal { message, legal, .. } => {
                ReplayError::new(kind, Default::default(), message).with_legal(legal)
            }
            other => ReplayError::new(kind, Default::default(), other.to_string()),
        }
    }
}

/// The position of a game under some rules: what programs ask of a game.
///
/// Implemented by [`RulesPosition`] for every game's rules, standard or
/// varied; `billes_core::Engine::start` gives one as a `Box<dyn Position>`, so a
/// program works with any game and any variant without knowing it.
pub trait Position: fmt::Debug {
    /// The game.
    fn game(&self) -> GameKind;

    /// The seats in play, in playing order.
    fn seats(&self) -> Vec<Seat>;

    /// Who takes the next turn and what it involves.
    fn next(&self) -> Next;

    /// The seat the rules call on next (`None` once the game is over).
    fn to_act(&self) -> Option<Seat> {
        self.next().seats.into_iter().next()
    }

    /// Turns played since the start position.
    fn turns(&self) -> u32;

    /// Every legal move of `seat` with `roll` (`None` in a game without
    /// dice), in a fixed order. Never empty while the seat may take the
    /// turn: when nothing can be done the one move is a pass (`--`).
    ///
    /// # Errors
    /// When `seat` may not take the next turn, the roll is missing or given
    /// in a game without dice, or a variant's hook fails.
    fn legal_moves_for(&self, seat: Seat, roll: Option<Roll>) -> Result<Vec<Move>, PlayError>;

    /// [`legal_moves_for`](Position::legal_moves_for) the seat the rules call
    /// on ([`to_act`](Position::to_act)).
    ///
    /// # Errors
    /// As [`legal_moves_for`](Position::legal_moves_for);
    /// [`PlayError::GameOver`] once the game is over.
    fn legal_moves(&self, roll: Option<Roll>) -> Result<Vec<Move>, PlayError> {
        match self.to_act() {
            Some(seat) => self.legal_moves_for(seat, roll),
            None => Err(PlayError::GameOver),
        }
    }

    /// [`legal_moves_for`](Position::legal_moves_for) seen in two steps,
    /// in the same order: the moves that differ only in where their
    /// barricades go down are one [`TwoStep`] (where to go, then where to
    /// put them). The game's rules give it without writing a move per
    /// point; by default it is [`TwoStep::group`] of the list.
    ///
    /// # Errors
    /// As [`legal_moves_for`](Position::legal_moves_for).
    fn legal_two_steps_for(
        &self,
        seat: Seat,
        roll: Option<Roll>,
    ) -> Result<Vec<TwoStep>, PlayError> {
        Ok(TwoStep::group(self.legal_moves_for(seat, roll)?))
    }

    /// [`legal_two_steps_for`](Position::legal_two_steps_for) the seat the
    /// rules call on ([`to_act`](Position::to_act)).
    ///
    /// # Errors
    /// As [`legal_moves`](Position::legal_moves).
    fn legal_two_steps(&self, roll: Option<Roll>) -> Result<Vec<TwoStep>, PlayError> {
        match self.to_act() {
            Some(seat) => self.legal_two_steps_for(seat, roll),
            None => Err(PlayError::GameOver),
        }
    }

    /// Plays a move, checked by the game's rules.
    ///
    /// # Errors
    /// When the move is not legal here (the position is then unchanged).
    fn play(&mut self, mv: &Move) -> Result<(), PlayError>;

    /// Plays a turn as written in a record (its number is not checked).
    ///
    /// # Errors
    /// The turn's first mistake (the position is then unchanged).
    fn play_turn(&mut self, turn: &Turn) -> Result<(), ReplayError>;

    /// Reads a move written in canonical or hand-written BGN in this
    /// position: the actions alone (`r9-r12`, the seat being
    /// [`to_act`](Position::to_act)) or a whole turn line (`R3 r9-r12`,
    /// `G4>Y y9-y13`), marks optional. The answer is the legal move it
    /// names, with every mark the move implies.
    ///
    /// # Errors
    /// When the text does not parse or names no legal move (the error
    /// lists the legal moves).
    fn parse_move(&self, roll: Option<Roll>, text: &str) -> Result<Move, PlayError>;

    /// The winning seats, once the game is won.
    fn winners(&self) -> Option<Vec<Seat>>;

    /// Whether the game is over: won, and, in a game that plays on for
    /// the places, every place decided.
    fn is_over(&self) -> bool {
        self.winners().is_some()
    }

    /// The seats that have finished, in the order they finished, each
    /// entry the seats that finished together ([`GameRules::finish_order`]).
    fn finish_order(&self) -> Vec<Vec<Seat>> {
        self.winners().into_iter().collect()
    }

    /// The position as the value of a `Position` tag, which set up with the
    /// same `Seats` and `Teams` tags gives this position back.
    fn position_tag(&self) -> String;

    /// The written `turn`, legal here, as the move it is, in the order
    /// written with every effect mark ([`MoveRules::complete_turn`]);
    /// `None` when the game does not say without listing its moves.
    fn complete_turn(&self, turn: &Turn) -> Option<Move> {
        let _ = turn;
        None
    }

    /// Plays `turn` as [`play_turn`](Position::play_turn) does and writes
    /// its complete move into `complete`, as
    /// [`complete_turn`](Position::complete_turn) gives it from the
    /// position before: one call where a reader that makes rows of the
    /// moves made two, each of which replayed the turn (a turn of two dice
    /// is replayed part by part). `Ok(false)`, the position unchanged, when
    /// the game does not complete the turn without listing its moves: the
    /// caller then lists them and plays the turn. The default makes the
    /// two calls.
    ///
    /// # Errors
    /// As [`play_turn`](Position::play_turn) (the position is then
    /// unchanged).
    fn play_turn_completed(
        &mut self,
        turn: &Turn,
        complete: &mut Move,
    ) -> Result<bool, ReplayError> {
        let Some(full) = self.complete_turn(turn) else {
            return Ok(false);
        };
        self.play_turn(turn)?;
        *complete = full;
        Ok(true)
    }

    /// Whether the rules play turns read as briefs
    /// ([`play_brief_completed`](Position::play_brief_completed)). The
    /// default: no.
    fn plays_briefs(&self) -> bool {
        false
    }

    /// Plays the turn `brief` stands for (its number is not checked) and
    /// writes its complete move into `complete`, as
    /// [`play_turn`](Position::play_turn) and
    /// [`complete_turn`](Position::complete_turn) would for that turn:
    /// whether it did ([`GameRules::play_brief_completed_into`]). `false`,
    /// the position unchanged, for a brief the rules refuse or leave to
    /// the turn it stands for (the default: every brief).
    fn play_brief_completed(
        &mut self,
        brief: &billes_notation::Brief,
        complete: &mut Move,
    ) -> bool {
        let _ = (brief, complete);
        false
    }

    /// Whether the rules play turns of two dice read as pair briefs
    /// ([`play_pair_brief_completed`](Position::play_pair_brief_completed))
    /// where they play briefs. The default: no.
    fn plays_pair_briefs(&self) -> bool {
        false
    }

    /// [`play_brief_completed`](Position::play_brief_completed) for a turn
    /// of two dice read as a pair brief
    /// ([`GameRules::play_pair_brief_completed_into`]). The default: no,
    /// the position unchanged.
    fn play_pair_brief_completed(
        &mut self,
        brief: &billes_notation::PairBrief,
        complete: &mut Move,
    ) -> bool {
        let _ = (brief, complete);
        false
    }

    /// The position as pictures show it.
    fn view(&self) -> crate::view::PositionView;

    /// The position as house-rule hooks and scripts see it: the game's
    /// own [`BoardView`](crate::variant::BoardView), or its
    /// [`view`](Position::view) for a game that gives none.
    fn hook_view(&self) -> crate::variant::BoardRef<'_>;

    /// The position as a plain-text board.
    fn text_board(&self) -> String;

    /// An owned copy (for search and analysis).
    fn boxed(&self) -> Box<dyn Position + '_>;

    /// The game's state, as the rules keep it, for programs that read the
    /// board many times a second (a playing policy): typed, without the
    /// names [`hook_view`](Position::hook_view) gives. Its type is the
    /// state of the game's rules under every variant, hooks included:
    /// `billes_aggravation::State`, `billes_barricade::State` or
    /// `billes_offboard::State`. Read it with [`state`](#method.state).
    fn state_any(&self) -> &dyn std::any::Any;
}

impl dyn Position + '_ {
    /// The game's state as its concrete type `S` (`None` when the rules
    /// keep another type): fast, typed read access to the board.
    ///
    /// ```
    /// use billes_core::aggravation::State;
    /// use billes_core::{Engine, GameKind, Standard};
    ///
    /// let rules = Standard::new(billes_core::aggravation::KIND);
    /// let pos = rules.position(&[("Seats", "R G"), ("Position", "R:r9,b2 G:g9 move=R")])?;
    /// let state = pos.state::<State>().expect("an Aggravation state");
    /// let red = state.board().seat("R").unwrap();
    /// let b2 = state.board().hole("b2").unwrap();
    /// assert_eq!(state.colour_at(b2), Some(red));
    /// assert_eq!(state.holes_of(red).count(), 2);
    /// assert_eq!(state.in_base(red), 2);
    /// assert!(pos.state::<billes_core::barricade::State>().is_none());
    /// # Ok::<(), billes_core::ReplayError>(())
    /// ```
    pub fn state<S: std::any::Any>(&self) -> Option<&S> {
        self.state_any().downcast_ref()
    }
}

/// A game's rules as the game API needs them: the replay's [`Rules`]
/// (setup, the checker of written turns, the winners) and the generator of
/// legal moves. A game of the registry implements it from its
/// [`GameRules`] with [`plug_in!`](crate::plug_in);
/// a game's rules with hooks
/// (`billes_core::hooked::WithHooks`) implement it too.
pub trait MoveRules: Rules<State: 'static> {
    /// The game.
    fn game_kind(&self) -> GameKind;

    /// The seats in play, in playing order (the state's own list).
    fn seat_list(&self, state: &Self::State) -> Vec<Seat> {
        self.hook_view(state)
            .seats()
            .iter()
            .map(Seat::from)
            .collect()
    }

    /// Who takes the next turn and what it involves.
    fn next(&self, state: &Self::State) -> Next;

    /// The seat the rules call on next: the first of [`MoveRules::next`]'s
    /// seats. Games answer it without building the whole [`Next`], since a
    /// playout asks it every turn.
    fn to_act(&self, state: &Self::State) -> Option<Seat> {
        self.next(state)
            .seats
            .first()
            .and_then(|s| Seat::try_new(s))
    }

    /// Every legal move of `seat` with `roll`, the written turn being
    /// numbered `number` (hooks see it).
    ///
    /// # Errors
    /// When `seat` may not act, the roll does not fit the game, or a hook fails.
    fn legal_moves(
        &self,
        state: &Self::State,
        seat: Seat,
        roll: Option<Roll>,
        number: u32,
    ) -> Result<Vec<Move>, PlayError>;

    /// [`MoveRules::legal_moves`] seen in two steps
    /// ([`Position::legal_two_steps`]); by default [`TwoStep::group`] of
    /// the list.
    ///
    /// # Errors
    /// As [`MoveRules::legal_moves`].
    fn legal_two_steps(
        &self,
        state: &Self::State,
        seat: Seat,
        roll: Option<Roll>,
        number: u32,
    ) -> Result<Vec<TwoStep>, PlayError> {
        Ok(TwoStep::group(self.legal_moves(state, seat, roll, number)?))
    }

    /// The position as a `Position` tag value.
    fn position_tag(&self, state: &Self::State) -> String;

    /// Makes `seat` the one to take the next turn, as if the turns of the
    /// seats before it had been played without a move (and a pending extra
    /// turn declined), for a check that goes on after a turn written for
    /// the wrong seat (`billes_core::check_all_with`). False, and the state
    /// unchanged, when `seat` is not in play or the game is over.
    fn give_turn(&self, state: &mut Self::State, seat: Seat) -> bool;

    /// Plays `turn`, which the rules refuse, past a part of it that leaves
    /// the position known ([`GameRules::play_mended`]), for a check that
    /// goes on after the mistake: the note the check goes on with, or
    /// `None` (the default: the check stops at such a turn).
    fn play_mended(&self, state: &mut Self::State, turn: &Turn) -> Option<String> {
        let _ = (state, turn);
        None
    }

    /// The position as pictures show it.
    fn view(&self, state: &Self::State) -> crate::view::PositionView;

    /// The written `turn`, a legal turn from `state`, as the move it is:
    /// its actions in the order written, each with every effect mark it
    /// implies. `None` (the default) when the game does not say without
    /// listing its legal moves, which the caller then does.
    fn complete_turn(&self, _state: &Self::State, _turn: &Turn) -> Option<Move> {
        None
    }

    /// Plays `turn` as [`Rules::play`] does, and writes the move
    /// [`complete_turn`](MoveRules::complete_turn) gives for it from the
    /// state before into `complete`: whether it did. The game's
    /// [`GameRules::play_completed_into`].
    ///
    /// # Errors
    /// As [`Rules::play`].
    fn play_completed_into(
        &self,
        state: &mut Self::State,
        turn: &Turn,
        complete: &mut Move,
    ) -> Result<bool, ReplayError>;

    /// Plays the turn `brief` stands for and writes its complete move into
    /// `complete`: whether it did ([`GameRules::play_brief_completed_into`]).
    /// The default: no, the state left as it was.
    fn play_brief_completed_into(
        &self,
        state: &mut Self::State,
        brief: &billes_notation::Brief,
        complete: &mut Move,
    ) -> bool {
        let _ = (state, brief, complete);
        false
    }

    /// [`play_brief_completed_into`](MoveRules::play_brief_completed_into)
    /// for a turn of two dice read as a pair brief
    /// ([`GameRules::play_pair_brief_completed_into`]). The default: no.
    fn play_pair_brief_completed_into(
        &self,
        state: &mut Self::State,
        brief: &billes_notation::PairBrief,
        complete: &mut Move,
    ) -> bool {
        let _ = (state, brief, complete);
        false
    }

    /// The position as hooks see it ([`Position::hook_view`]).
    fn hook_view<'s>(&self, state: &'s Self::State) -> crate::variant::BoardRef<'s>;
}

impl<R: MoveRules + ?Sized> MoveRules for &R {
    fn game_kind(&self) -> GameKind {
        (**self).game_kind()
    }
    fn seat_list(&self, state: &Self::State) -> Vec<Seat> {
        (**self).seat_list(state)
    }
    fn next(&self, state: &Self::State) -> Next {
        (**self).next(state)
    }
    fn to_act(&self, state: &Self::State) -> Option<Seat> {
        (**self).to_act(state)
    }
    fn legal_moves(
        &self,
        state: &Self::State,
        seat: Seat,
        roll: Option<Roll>,
        number: u32,
    ) -> Result<Vec<Move>, PlayError> {
        (**self).legal_moves(state, seat, roll, number)
    }
    fn legal_two_steps(
        &self,
        state: &Self::State,
        seat: Seat,
        roll: Option<Roll>,
        number: u32,
    ) -> Result<Vec<TwoStep>, PlayError> {
        (**self).legal_two_steps(state, seat, roll, number)
    }
    fn position_tag(&self, state: &Self::State) -> String {
        (**self).position_tag(state)
    }
    fn give_turn(&self, state: &mut Self::State, seat: Seat) -> bool {
        (**self).give_turn(state, seat)
    }
    fn play_mended(&self, state: &mut Self::State, turn: &Turn) -> Option<String> {
        (**self).play_mended(state, turn)
    }
    fn view(&self, state: &Self::State) -> crate::view::PositionView {
        (**self).view(state)
    }
    fn complete_turn(&self, state: &Self::State, turn: &Turn) -> Option<Move> {
        (**self).complete_turn(state, turn)
    }
    fn play_completed_into(
        &self,
        state: &mut Self::State,
        turn: &Turn,
        complete: &mut Move,
    ) -> Result<bool, ReplayError> {
        (**self).play_completed_into(state, turn, complete)
    }
    fn play_brief_completed_into(
        &self,
        state: &mut Self::State,
        brief: &billes_notation::Brief,
        complete: &mut Move,
    ) -> bool {
        (**self).play_brief_completed_into(state, brief, complete)
    }
    fn play_pair_brief_completed_into(
        &self,
        state: &mut Self::State,
        brief: &billes_notation::PairBrief,
        complete: &mut Move,
    ) -> bool {
        (**self).play_pair_brief_completed_into(state, brief, complete)
    }
    fn hook_view<'s>(&self, state: &'s Self::State) -> crate::variant::BoardRef<'s> {
        (**self).hook_view(state)
    }
}

/// The error for a roll that does not fit the game: missing in a game with
/// dice, given in Offboard.
#[doc(hidden)]
pub fn roll_error(dice: bool) -> ReplayError {
    ReplayError::new(
        crate::ErrorKind::Roll,
        Default::default(),
        if dice {
            "the roll is missing: this game is played with a die"
        } else {
            "this game has no dice: give no roll"
        },
    )
}

/// The roll of one die that `turn`'s head gives, 1 to 6: the one reading
/// of a die's roll the games with one die share.
///
/// # Errors
/// A [`crate::ErrorKind::Roll`] error at the head when the roll is not a
/// die face, or is missing.
///
/// ```
/// let game = billes_notation::parse_game("[Game \"x\"]\n\n1. R7 --\n2. R --\n*\n").unwrap();
/// let [seven, none] = &game.line.turns[..] else { panic!() };
/// assert_eq!(billes_game::game::die_roll(seven).unwrap_err().message, "a die shows 1 to 6, not 7");
/// assert!(billes_game::game::die_roll(none).unwrap_err().message.starts_with("the roll is missing"));
/// ```
pub fn die_roll(turn: &billes_notation::Turn) -> Result<u8, ReplayError> {
    let head = &turn.head;
    if let (Some(first), Some(second)) = (head.roll, head.second) {
        return Err(ReplayError::new(
            ErrorKind::Roll,
            head.span,
            format!(
                "one die is rolled in this game: {}{first}, not {}{first}-{second}",
                head.seat, head.seat
            ),
        ));
    }
    match head.roll {
        Some(roll @ 1..=6) => Ok(roll as u8),
        Some(roll) => Err(ReplayError::new(
            ErrorKind::Roll,
            head.span,
            format!("a die shows 1 to 6, not {roll}"),
        )),
        None => Err(ReplayError::new(
            ErrorKind::Roll,
            head.span,
            format!(
                "the roll is missing (write it after the seat, e.g. {}4)",
                head.seat
            ),
        )),
    }
}

/// The roll of two dice of a turn (`R5-3`), in a game of two dice.
///
/// ```
/// let game = billes_notation::parse_game("[Game \"x\"]\n\n1. R5-3 --\n2. R5 --\n*\n").unwrap();
/// let [two, one] = &game.line.turns[..] else { panic!() };
/// assert_eq!(billes_game::game::dice_roll(two).unwrap().to_string(), "5-3");
/// assert!(billes_game::game::dice_roll(one).unwrap_err().message.starts_with("two dice"));
/// ```
pub fn dice_roll(turn: &billes_notation::Turn) -> Result<Roll, ReplayError> {
    let head = &turn.head;
    let error = |message: String| Err(ReplayError::new(ErrorKind::Roll, head.span, message));
    match (head.roll, head.second) {
        (Some(a), Some(b)) => match Roll::of_head(head) {
            Some(roll) => Ok(roll),
            None => error(format!("a die shows 1 to 6: {a}-{b} is not a roll")),
        },
        (Some(a), None) => error(format!(
            "two dice are rolled in this game: write both, like {}{a}-3",
            head.seat
        )),
        _ => error(format!(
            "the roll is missing (write both dice after the seat, e.g. {}5-3)",
            head.seat
        )),
    }
}

/// The error for a seat that may not take the next turn.
#[doc(hidden)]
pub fn seat_error(seat: &str, next: &Next) -> ReplayError {
    let message = if next.seats.is_empty() {
        "the game is over".to_string()
    } else {
        format!(
            "{seat} may not take the next turn ({} may)",
            next.seats.join(" or ")
        )
    };
    ReplayError::new(crate::ErrorKind::Seat, Default::default(), message)
}

#[cfg(test)]
mod writes_as_tests {
    use billes_notation::{write_action, Capture, Name, Span};

    use super::*;

    /// Actions of every kind, each twice at two places of a record, and
    /// with each mark and name changed.
    fn actions() -> Vec<Action> {
        let n = Name::new;
        let at = |start| Span {
            start,
            end: start + 2,
            line: 1 + start,
            column: 3,
        };
        let marks = [
            None,
            Some(Capture::default()),
            Some(Capture {
                target: Some(n("t4")),
                ..Capture::default()
            }),
            Some(Capture {
                target: Some(n("t4")),
                points: Some(3),
                span: at(9),
            }),
            Some(Capture {
                points: Some(0),
                ..Capture::default()
            }),
        ];
        let mut all = Vec::new();
        for span in [at(0), at(7)] {
            all.push(Action::Pass { span });
            all.push(Action::Remove { span });
            all.push(Action::Barricade { at: n("f7"), span });
            all.push(Action::Barricade { at: n("f8"), span });
            for capture in marks {
                for to in [None, Some(n("r9")), Some(n("b9"))] {
                    all.push(Action::Place { to, capture, span });
                }
                for path in [&["r9", "r14"][..], &["r9", "r13"], &["r0", "b0", "g3"]] {
                    for barricade in [false, true] {
                        all.push(Action::Move {
                            path: path.iter().map(|h| n(h)).collect(),
                            capture,
                            barricade,
                            span,
                        });
                    }
                }
                for (from, to) in [("c3", None), ("c3", Some(n("c5"))), ("c4", None)] {
                    for direction in ["ne", "e"] {
                        all.push(Action::Line {
                            from: n(from),
                            to,
                            direction: n(direction),
                            capture,
                            span,
                        });
                    }
                }
            }
        }
        all
    }

    #[test]
    fn two_actions_are_the_same_but_for_their_place_when_they_write_the_same_text() {
        let texts: Vec<(Action, String)> = actions()
            .into_iter()
            .map(|a| {
                let mut text = String::new();
                write_action(&mut text, &a).unwrap();
                (a, text)
            })
            .collect();
        for (a, x) in &texts {
            for (b, y) in &texts {
                assert_eq!(same_but_span(a, b), x == y, "{x} and {y}");
            }
        }
    }

    #[test]
    fn a_move_writes_as_a_turn_with_the_same_actions() {
        let game = billes_notation::parse_game("1. R5 r9-r14* r0-b0\n2. R5 r9-r14 r0-b0\n*\n")
            .expect("parses");
        let [marked, unmarked] = &game.line.turns[..] else {
            panic!("two turns")
        };
        let m = Move::from_turn(marked).expect("a move");
        assert!(m.writes_as(marked));
        assert!(!m.writes_as(unmarked));
        let mut shorter = m.clone();
        shorter.actions = shorter.actions.iter().take(1).cloned().collect();
        assert!(!shorter.writes_as(marked));
    }
}
