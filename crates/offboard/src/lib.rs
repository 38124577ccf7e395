//! Offboard (Lalet & Lévi, 2011; seed 002): two seats push lines of marbles
//! on a 61-cell hexagonal board; opposing marbles pushed off fall into twelve
//! targets around the rim worth 1, 2 or 3 points, one marble per target, and
//! the first seat to 6 points wins.
//!
//! The board, its directions and targets, and the standard parameters are
//! data in `rules/offboard.yaml`; the notation is in `notation/offboard.md`.
//! Every rule parameter is in [`Params`], so a variant (Abalone: fourteen
//! marbles, lines of at most three, sideways moves, no targets) only sets
//! fields.
//!
//! The game is a crate of its own, on the game API (`billes-game`) alone:
//! its rules, its board file, its drawing (`billes_game::drawing::Drawing`,
//! in `drawing.rs`) and its heuristic player (`billes_game::policy::Play`,
//! in `policy.rs`). `billes-core` lists it in its registry with the other
//! games.
//!
//! ```
//! use billes_game::game::GameRules;
//! use billes_game::variant::NoHooks;
//! use billes_game::{Rng, SimOptions};
//! use billes_offboard::{Offboard, Params};
//!
//! let rules = Offboard::default();
//! let game = rules.simulate(&SimOptions::default(), &mut Rng::new(1), &NoHooks).unwrap();
//! let summary = billes_game::replay_with(&rules, &game, &mut |_| {}).unwrap();
//! assert_eq!(summary.turns as usize, game.line.turns.len());
//!
//! // A variant sets parameters.
//! let params: Params = serde_yaml::from_str("max_line: 3\nbroadside: true").unwrap();
//! assert!(Offboard::new(params).is_ok());
//! ```
#![deny(missing_docs)]

mod board;
mod columns;
mod describe;
mod drawing;
mod hooks;
mod legal;
mod moves;
mod need;
mod places;
mod play;
mod policy;
mod position;
mod simulate;
mod view;

use std::sync::OnceLock;

use billes_game::seating::SeatRules;
use billes_game::variant::Hooks;
use billes_game::{game, variant, ErrorKind, ReplayError, SimulateError};
use billes_notation::{Game, Seat, Turn};
use serde::Deserialize;

pub use board::{board, Board, RULES_YAML, TARGETS};
pub use need::Need;
pub use places::{Cell, Direction, Target};
pub use position::{State, SEATS};
pub use view::{TargetView, ViewPart};

use board::RulesFile;

/// The parameters of the rules. `Default` is the standard game of
/// `rules/offboard.yaml`; a variant deserialises only the fields it changes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Marbles per seat at the start (12).
    pub marbles: u8,
    /// The longest line that may move (`None`: any length).
    pub max_line: Option<u8>,
    /// Whether a line may move sideways, off its own axis (no).
    pub broadside: bool,
    /// The values of targets `t1`..`t12`, clockwise from the left end of the
    /// top side; empty for no targets (each marble pushed off then scores 1
    /// and leaves the game).
    pub targets: Vec<u8>,
    /// The points that win at once (6).
    pub winning_score: u32,
    /// The start position, in `Position` tag syntax.
    pub start: String,
}

impl Default for Params {
    fn default() -> Self {
        static STANDARD: OnceLock<Params> = OnceLock::new();
        STANDARD
            .get_or_init(|| {
                let file: RulesFile =
                    serde_yaml::from_str(board::RULES_YAML).expect("rules/offboard.yaml parses");
                let s: Standard =
                    serde_yaml::from_value(file.standard).expect("standard parameters parse");
                Params {
                    marbles: s.marbles,
                    max_line: s.max_line,
                    broadside: s.broadside,
                    targets: s.targets,
                    winning_score: s.winning_score,
                    start: s.start,
                }
            })
            .clone()
    }
}

/// The `standard` section of `rules/offboard.yaml`: every field given.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Standard {
    marbles: u8,
    max_line: Option<u8>,
    broadside: bool,
    targets: Vec<u8>,
    winning_score: u32,
    start: String,
}

pub use billes_game::ParamsError;

/// The rules of Offboard, with their parameters.
#[derive(Debug, Clone)]
pub struct Offboard {
    params: Params,
    board: &'static Board,
    start: State,
    /// The longest line that may move: `params.max_line`, or the longest
    /// line of the board when any length may.
    max_line: u8,
    /// Per cell × 6 + direction: the target a marble pushed off there falls
    /// into (the lower-valued one of two at a corner); `None` where the
    /// neighbour is on the board.
    landing: Vec<Option<Target>>,
}

impl Offboard {
    /// The standard rules, made once and shared: what replaying a record
    /// under them uses, instead of making them anew for every game.
    pub fn standard() -> &'static Offboard {
        static STANDARD: std::sync::OnceLock<Offboard> = std::sync::OnceLock::new();
        STANDARD.get_or_init(Offboard::default)
    }
}

impl Default for Offboard {
    fn default() -> Self {
        Offboard::new(Params::default()).expect("the standard parameters are valid")
    }
}

impl Offboard {
    /// The rules with these parameters.
    ///
    /// # Errors
    /// When the parameters describe no playable game: a wrong number of
    /// target values, a start position that does not parse or does not hold
    /// `marbles` marbles per seat, a line limit or winning score of 0.
    pub fn new(params: Params) -> Result<Offboard, ParamsError> {
        let board = board::board();
        let values = match params.targets.len() {
            0 => None,
            TARGETS => {
                let mut v = [0u8; TARGETS];
                v.copy_from_slice(&params.targets);
                Some(v)
            }
            n => {
                return Err(ParamsError(format!(
                    "targets: {n} values given, the board has {TARGETS} targets (or none: [])"
                )))
            }
        };
        if params.max_line == Some(0) {
            return Err(ParamsError(
                "max_line: a line holds at least one marble".into(),
            ));
        }
        // A seat's score is kept in a byte (the position stays small), so a
        // score past 255 could never be reached: refuse it at load.
        if !(1..=255).contains(&params.winning_score) {
            return Err(ParamsError(format!(
                "winning_score: {} is not between 1 and 255",
                params.winning_score
            )));
        }
        let start = State::from_position(&params.start, values)
            .map_err(|e| ParamsError(format!("start: {e}")))?;
        for (colour, seat) in billes_game::Colour::all(SEATS.len()).zip(SEATS) {
            let n = start.marbles[colour.index()].count_ones();
            if n != params.marbles as u32 {
                return Err(ParamsError(format!(
                    "start: {seat} has {n} marbles, marbles is {}",
                    params.marbles
                )));
            }
        }
        let mut landing = vec![None; board.len() * 6];
        for cell in board.cells() {
            for direction in Direction::ALL {
                let [first, second] = board.landing(cell, direction);
                landing[cell.index() * 6 + direction.index()] = match (first, second, values) {
                    // Two targets: the lower-valued one; on a tie, the first.
                    (Some(a), Some(b), Some(v)) if v[b.index()] < v[a.index()] => Some(b),
                    (first, _, _) => first,
                };
            }
        }
        Ok(Offboard {
            max_line: params.max_line.unwrap_or(board.longest_line()),
            params,
            board,
            start,
            landing,
        })
    }

    /// The parameters.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The start position of these rules.
    pub fn start(&self) -> State {
        self.start
    }

    /// A position read from a `Position` tag value (see notation/offboard.md).
    ///
    /// # Errors
    /// What is wrong with the text.
    pub fn position(&self, text: &str) -> Result<State, billes_game::TagValueError> {
        let values = (!self.params.targets.is_empty()).then_some(self.start.values);
        State::from_position(text, values)
    }
}

// The drivers' traits, from the game's `GameRules`, and its name in the
// registry.
billes_game::plug_in!(Offboard);

/// The game, as the verbs name it ([`GameRules::KIND`](billes_game::game::GameRules::KIND)).
pub const KIND: billes_game::GameKind = <Offboard as billes_game::game::GameRules>::KIND;

impl game::GameRules for Offboard {
    type State = State;
    type Params = Params;
    const NAME: &'static str = "offboard";
    const HAS_DICE: bool = false;
    const TURN_COLUMNS: &'static [billes_game::columns::TurnColumn] = columns::TURN_COLUMNS;

    fn from_params(params: Params) -> Result<Offboard, ParamsError> {
        Offboard::new(params)
    }

    fn setup(&self, game: &Game) -> Result<State, ReplayError> {
        // Both seats play, R first: the Seats tag may name them, in any
        // order, and may be left out.
        let seating = SeatRules {
            game: Self::NAME,
            letters: &SEATS,
            players: 2..=2,
        };
        if let Some(seating) = billes_game::seating::read(game, &seating)? {
            if let Some(span) = seating.teams_span {
                return Err(ReplayError::new(
                    ErrorKind::Tag,
                    span,
                    "offboard has no teams",
                ));
            }
        }
        match game.tag_entry("Position") {
            None => Ok(self.start),
            Some(tag) => self
                .position(&tag.value)
                .map_err(|e| ReplayError::new(ErrorKind::Tag, tag.span, format!("Position: {e}"))),
        }
    }

    fn next(&self, state: &State) -> game::Next {
        self.whose_turn(state)
    }

    fn to_act(&self, state: &State) -> Option<billes_notation::Seat> {
        self.seat_to_act(state)
    }

    fn legal_moves<H: Hooks>(
        &self,
        state: &State,
        seat: Seat,
        roll: Option<game::Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<game::Move>, game::PlayError> {
        self.legal_moves_with(state, &seat, roll, number, hooks)
            .map_err(game::PlayError::from_replay)
    }

    #[inline]
    fn play<H: Hooks>(&self, state: &mut State, turn: &Turn, hooks: &H) -> Result<(), ReplayError> {
        self.play_turn_with(state, turn, hooks)
    }

    const PLAYS_BRIEFS: bool = true;

    #[inline(always)]
    fn play_brief(&self, state: &mut State, brief: &billes_notation::Brief) -> bool {
        Offboard::play_brief(self, state, brief)
    }

    fn play_brief_completed_into(
        &self,
        state: &mut State,
        brief: &billes_notation::Brief,
        complete: &mut game::Move,
    ) -> bool {
        Offboard::play_brief_completed_into(self, state, brief, complete)
    }

    fn winners(&self, state: &State) -> Option<Vec<Seat>> {
        let limit = self.params.winning_score;
        (0..2)
            .find(|&s| state.score[s] as u32 >= limit)
            .map(|s| vec![Seat::from(SEATS[s])])
    }

    fn complete_turn(&self, state: &State, turn: &Turn) -> Option<game::Move> {
        self.complete(state, turn)
    }

    fn play_completed(
        &self,
        state: &mut State,
        turn: &Turn,
    ) -> Result<Option<game::Move>, ReplayError> {
        game::completed_in_place(self, state, turn)
    }

    fn play_completed_into(
        &self,
        state: &mut State,
        turn: &Turn,
        complete: &mut game::Move,
    ) -> Result<bool, ReplayError> {
        Offboard::play_completed_into(self, state, turn, complete)
    }

    fn is_over(&self, state: &State) -> bool {
        let limit = self.params.winning_score;
        state.score.iter().any(|&points| points as u32 >= limit)
    }

    fn position_tag(&self, state: &State) -> String {
        state.to_position()
    }

    fn text_board(&self, state: &State) -> String {
        billes_game::TextBoard::text_board(state)
    }

    fn board<'s>(&self, state: &'s State) -> Option<&'s dyn variant::BoardView> {
        Some(state)
    }

    fn give_turn(&self, state: &mut State, seat: Seat) -> bool {
        self.hand_turn_to(state, &seat)
    }

    fn describe(&self, before: &State, turn: &Turn, after: &State) -> Vec<String> {
        self.describe_turn(before, turn, after)
    }

    fn turn_cells(mv: &game::Move) -> billes_game::columns::TurnCells {
        columns::turn_cells(mv)
    }

    fn simulate<H: Hooks>(
        &self,
        options: &billes_game::SimOptions,
        rng: &mut billes_game::Rng,
        hooks: &H,
    ) -> Result<Game, SimulateError> {
        self.simulate_with(options, rng, hooks)
    }

    fn hooks() -> &'static [variant::Hook] {
        use variant::Hook;
        &[Hook::Allow, Hook::Score]
    }

    fn move_fields() -> &'static [(&'static str, variant::FieldKind)] {
        use variant::FieldKind;
        &[
            ("from", FieldKind::Name),
            ("to", FieldKind::Name),
            ("direction", FieldKind::Name),
            ("marbles", FieldKind::Number),
            ("pushes", FieldKind::Number),
            ("ejects", FieldKind::Name),
            ("target", FieldKind::Name),
        ]
    }

    fn position_queries() -> &'static [(&'static str, variant::QueryKind)] {
        use variant::QueryKind;
        &[("score", QueryKind::Number), ("target", QueryKind::Name)]
    }
}
