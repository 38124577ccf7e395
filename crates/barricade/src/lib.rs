//! Barricade (Malefiz), after the French rules of seed 004.
//!
//! Two to four players race five pawns each from their houses at the bottom
//! of an irregular board to the goal at the top. Pawns move the exact roll
//! along the lines, forward or backward, never stepping on a point twice in
//! one move; landing on a rival sends it home (`*`); barricades cannot be
//! passed, and a pawn landing on one takes it (`#`): the player keeps it until
//! their next turn and then puts it down (`#f7`). The board is data
//! (`rules/barricade.yaml`); the choices the seed leaves open are
//! [`Params`], documented in `notation/barricade.md`.
//!
//! The game is a crate of its own, on the game API (`billes-game`) alone:
//! its rules, its board file, its drawing (`billes_game::drawing::Drawing`,
//! in `drawing.rs`) and its heuristic player (`billes_game::policy::Play`,
//! in `policy.rs`). `billes-core` lists it in its registry with the other
//! games.
//!
//! ```
//! use billes_barricade::Barricade;
//! use billes_game::game::GameRules;
//! use billes_game::variant::NoHooks;
//! use billes_game::{Rng, SimOptions};
//!
//! let rules = Barricade::default();
//! let options = SimOptions { players: 3, ..SimOptions::default() };
//! let record = rules.simulate(&options, &mut Rng::new(1), &NoHooks).unwrap();
//! let summary = billes_game::replay_with(&rules, &record, &mut |_| {}).unwrap();
//! assert_eq!(summary.turns as usize, record.line.turns.len());
//! ```
#![deny(missing_docs)]

mod board;
mod columns;
mod describe;
mod drawing;
mod hooks;
mod house;
mod legal;
mod moves;
mod need;
mod policy;
mod position;
mod simulate;
mod turn;
mod view;
mod written;

use billes_game::variant::Hooks;
use billes_game::{edit, game, variant, ChangeError, ParamsError, ReplayError, SimulateError};
use billes_notation::{Game, Seat, Turn};
use serde::Deserialize;

pub use board::{
    bit, first_point, iter_points, seat, Board, Point, Points, Route, BOARD_YAML, COLOURS, HOUSE,
    SEATS,
};
pub use house::BarricadeEdit;
pub use need::Need;
pub use position::{names_diagram, State};
pub use view::ViewPart;

/// When a taken barricade is put down again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Placement {
    /// In the taker's next turn line, after that line's move (seed 004:
    /// each line is a turn, a 6 replay included).
    NextTurn,
    /// At the end of the taker's next whole turn, a 6 and its replays
    /// being one turn: after the last replay's move, or in the 6 line when
    /// the replay is declined. Barricades taken during a turn are all held
    /// until the next one (a seat may hold two or more).
    NextWholeTurn,
    /// At once, in the turn it was taken (the published Ravensburger rules).
    Immediately,
}

/// What a 6 gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Six {
    /// Nothing more (the published Ravensburger rules).
    Nothing,
    /// The player may roll again and move the same pawn (seed 004: "il peut").
    MayReplay,
    /// The player must roll again and move the same pawn.
    MustReplay,
}

/// What becomes of a held barricade when a rival lands on the pawn that took
/// it, still standing on the barricade's point (that pawn goes home and its
/// player loses the right to move the barricade).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeldOnCapture {
    /// The capturer now holds it, as if it had taken it: it puts it down in
    /// its own next turn (and loses it the same way).
    Capturer,
    /// The capturer puts it down at once, in the capturing turn.
    CapturerAtOnce,
}

/// The rules that vary between rule sets. `Default` is seed 004.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Pawns per player (1..=5).
    pub pawns: u8,
    /// When a taken barricade is put down.
    pub placement: Placement,
    /// What a 6 gives.
    pub six: Six,
    /// Rows (numbered from 1 at the bottom, as in point names) where no
    /// barricade may be put down.
    pub forbidden_rows: Vec<u8>,
    /// Whether a barricade may be put down on the goal.
    pub barricade_on_goal: bool,
    /// The rule of the point before the goal: with any roll but 1 and no
    /// other pawn able to move, the pawn goes to the goal and back by the excess.
    pub bounce: bool,
    /// Whether the bounce replaces the ordinary moves of the pawn before the
    /// goal for rolls 2 to 6 (seed 004 as billes reads it: the pawn waits
    /// while another pawn can move). False: while another pawn can move, it
    /// moves like any pawn; it bounces only when no other pawn can.
    pub bounce_freezes: bool,
    /// Whether a bounce may end on a barricade and take it (else it is blocked).
    pub bounce_takes_barricade: bool,
    /// What becomes of a held barricade when its taker is sent home.
    pub held_on_capture: HeldOnCapture,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            pawns: 5,
            placement: Placement::NextTurn,
            six: Six::MayReplay,
            forbidden_rows: vec![1],
            barricade_on_goal: false,
            bounce: true,
            bounce_freezes: true,
            bounce_takes_barricade: true,
            held_on_capture: HeldOnCapture::Capturer,
        }
    }
}

/// The rules of Barricade, with their parameters.
#[derive(Debug, Clone)]
pub struct Barricade {
    params: Params,
    board: &'static Board,
    /// Points where no barricade may be put down.
    forbidden: Points,
}

impl Barricade {
    /// The standard rules, made once and shared: what replaying a record
    /// under them uses, instead of making them anew for every game.
    pub fn standard() -> &'static Barricade {
        static STANDARD: std::sync::OnceLock<Barricade> = std::sync::OnceLock::new();
        STANDARD.get_or_init(Barricade::default)
    }
}

impl Default for Barricade {
    fn default() -> Self {
        Barricade::new(Params::default())
    }
}

impl Barricade {
    /// The rules with `params`, on the standard board. A pawn count outside
    /// 1..=5 is clamped.
    pub fn new(mut params: Params) -> Barricade {
        params.pawns = params.pawns.clamp(1, 5);
        let board = Board::standard();
        let mut forbidden = 0;
        for p in board.points() {
            if params.forbidden_rows.contains(&board.rank(p)) {
                forbidden |= bit(p);
            }
        }
        if !params.barricade_on_goal {
            forbidden |= bit(board.goal());
        }
        Barricade {
            params,
            board,
            forbidden,
        }
    }

    /// The parameters in force.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The board.
    pub fn board(&self) -> &'static Board {
        self.board
    }
}

// The drivers' traits, from the game's `GameRules`, and its name in the
// registry.
billes_game::plug_in!(Barricade);

/// The game, as the verbs name it ([`GameRules::KIND`](billes_game::game::GameRules::KIND)).
pub const KIND: billes_game::GameKind = <Barricade as billes_game::game::GameRules>::KIND;

impl game::GameRules for Barricade {
    type State = State;
    type Params = Params;
    const NAME: &'static str = "barricade";
    const SEATINGS: &'static [(usize, Option<&'static str>)] = &[(2, None), (3, None), (4, None)];
    const PUTS_DOWN: bool = true;
    const TURN_COLUMNS: &'static [billes_game::columns::TurnColumn] = columns::TURN_COLUMNS;

    fn from_params(params: Params) -> Result<Barricade, ParamsError> {
        Ok(Barricade::new(params))
    }

    fn setup(&self, game: &Game) -> Result<State, ReplayError> {
        position::setup(self, game)
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

    fn legal_two_steps<H: Hooks>(
        &self,
        state: &State,
        seat: Seat,
        roll: Option<game::Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<game::TwoStep>, game::PlayError> {
        self.two_steps_with(state, &seat, roll, number, hooks)
            .map_err(game::PlayError::from_replay)
    }

    #[inline]
    fn play<H: Hooks>(&self, state: &mut State, turn: &Turn, hooks: &H) -> Result<(), ReplayError> {
        turn::play_with(self, state, turn, hooks)
    }

    const PLAYS_BRIEFS: bool = true;

    #[inline(always)]
    fn play_brief(&self, state: &mut State, brief: &billes_notation::Brief) -> bool {
        turn::play_brief(self, state, brief)
    }

    fn play_brief_completed_into(
        &self,
        state: &mut State,
        brief: &billes_notation::Brief,
        complete: &mut game::Move,
    ) -> bool {
        turn::play_brief_completed_into(self, state, brief, complete)
    }

    fn winners(&self, state: &State) -> Option<Vec<Seat>> {
        state.winner().map(|s| vec![Seat::from(s)])
    }

    fn complete_turn(&self, state: &State, turn: &Turn) -> Option<game::Move> {
        turn::complete(self, state, turn)
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
        turn::play_completed_into(self, state, turn, complete)
    }

    fn is_over(&self, state: &State) -> bool {
        state.winner().is_some()
    }

    fn position_tag(&self, state: &State) -> String {
        position::write_position(state)
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

    fn play_mended<H: Hooks>(&self, state: &mut State, turn: &Turn, hooks: &H) -> Option<String> {
        turn::play_owing(self, state, turn, hooks)
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
        &[
            Hook::Allow,
            Hook::ExtraTurn,
            Hook::Moves,
            Hook::Effect,
            Hook::Winner,
        ]
    }

    fn edits() -> &'static [edit::EditOp] {
        BarricadeEdit::OPS
    }

    fn move_fields() -> &'static [(&'static str, variant::FieldKind)] {
        use variant::FieldKind;
        &[
            ("roll", FieldKind::Number),
            ("from", FieldKind::Name),
            ("to", FieldKind::Name),
            ("via", FieldKind::Name),
            ("captures", FieldKind::Name),
            ("takes_barricade", FieldKind::Flag),
        ]
    }

    fn position_queries() -> &'static [(&'static str, variant::QueryKind)] {
        use variant::QueryKind;
        &[
            ("barricades", QueryKind::Names),
            ("held", QueryKind::Flag),
            ("must_move", QueryKind::Name),
        ]
    }

    fn spell_added(
        &self,
        state: &State,
        _roller: Seat,
        seat: Seat,
        roll: Option<game::Roll>,
        text: &str,
    ) -> Result<Option<game::Move>, ChangeError> {
        self.spell_added_move(state, &seat, roll, text)
    }

    fn play_added<H: Hooks>(
        &self,
        state: &mut State,
        turn: &Turn,
        mv: &game::Move,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        self.play_added_move(state, turn, mv, hooks)
    }

    fn apply_edit(&self, state: &mut State, edit: &edit::Edit) -> Result<(), ChangeError> {
        self.edit(state, edit)
    }

    fn declare_winner(&self, state: &mut State, seat: Seat) -> Result<(), ChangeError> {
        self.declare(state, &seat)
    }
}
