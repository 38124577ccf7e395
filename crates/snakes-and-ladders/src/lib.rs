//! Snakes and Ladders, on the classic Milton Bradley "Chutes and Ladders"
//! board: two to four pawns race from off the board to square 100, one
//! roll of the die a turn; a pawn landing on the foot of a ladder climbs to
//! its top, on the head of a snake slides to its tail; the last square is
//! reached by an exact roll (a roll past it is a pass), and the first pawn
//! there wins.
//!
//! The board is data (`boards/snakes-and-ladders.yaml`, read and checked
//! by [`Board`]); the notation and every decision are in
//! `notation/snakes-and-ladders.md`. The game is a crate of its own, on the
//! game API (`billes-game`) alone: its rules (one [`Step`] a roll, the
//! checker of a written turn), its view, its drawing
//! (`billes_game::drawing::Drawing`, in `drawing.rs`), its player
//! (`billes_game::policy::Play`, in `policy.rs`, with the exact [`Race`]
//! of the board) and the hooks a house rule may define, `allow` and
//! `winner` (`hooks.rs`). `billes-core` lists it in its registry with the
//! other games.
//!
//! ```
//! use billes_game::game::GameRules;
//! use billes_game::variant::NoHooks;
//! use billes_game::{Rng, SimOptions};
//! use billes_snakes_and_ladders::SnakesAndLadders;
//!
//! let rules = SnakesAndLadders::default();
//! let game = rules.simulate(&SimOptions::default(), &mut Rng::new(1), &NoHooks).unwrap();
//! let summary = billes_game::replay_with(&rules, &game, &mut |_| {}).unwrap();
//! assert_eq!(summary.turns as usize, game.line.turns.len());
//!
//! // A record, checked turn by turn.
//! let record = "[Game \"snakes-and-ladders\"]\n[Seats \"R G\"]\n\n\
//!               1. G4 h-s4-s14\n2. R3 h-s3\n3. G2 s14-s16-s6\n*\n";
//! let game = billes_notation::parse_game(record).unwrap();
//! assert!(billes_game::validate_with(&rules, &game).is_ok());
//! ```
#![deny(missing_docs)]

mod board;
mod describe;
mod drawing;
mod hooks;
mod policy;
mod position;
mod simulate;
mod step;
mod turn;
mod view;
mod written;

use billes_game::variant::Hooks;
use billes_game::{game, variant, ChangeError, ParamsError, ReplayError, SimulateError};
use billes_notation::{Game, Turn};
use serde::Deserialize;

pub use board::{name, Board, Feature, Square, BOARD_YAML, HOUSE, OFF};
pub use policy::Race;
pub use position::{names_diagram, State, COLOURS, SEATS};
pub use step::Step;
pub use view::ViewPart;

/// The parameters of the rules: none, the standard game being the only
/// one (a variant setting any is refused with the name it gave).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {}

/// The rules of Snakes and Ladders.
#[derive(Debug, Clone, Default)]
pub struct SnakesAndLadders {
    params: Params,
}

impl SnakesAndLadders {
    /// The standard rules, made once and shared.
    pub fn standard() -> &'static SnakesAndLadders {
        static STANDARD: std::sync::OnceLock<SnakesAndLadders> = std::sync::OnceLock::new();
        STANDARD.get_or_init(SnakesAndLadders::default)
    }

    /// The parameters (none).
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The board.
    pub fn board(&self) -> &'static Board {
        Board::standard()
    }
}

// The drivers' traits, from the game's `GameRules`, and its name in the
// registry.
billes_game::plug_in!(SnakesAndLadders);

/// The game, as the verbs name it ([`GameRules::KIND`](billes_game::game::GameRules::KIND)).
pub const KIND: billes_game::GameKind = <SnakesAndLadders as billes_game::game::GameRules>::KIND;

impl game::GameRules for SnakesAndLadders {
    type State = State;
    type Params = Params;
    const NAME: &'static str = "snakes-and-ladders";
    const SEATINGS: &'static [(usize, Option<&'static str>)] = &[(2, None), (3, None), (4, None)];

    fn from_params(params: Params) -> Result<SnakesAndLadders, ParamsError> {
        Ok(SnakesAndLadders { params })
    }

    fn setup(&self, game: &Game) -> Result<State, ReplayError> {
        position::setup(game)
    }

    fn next(&self, state: &State) -> game::Next {
        self.whose_turn(state)
    }

    fn legal_moves<H: Hooks>(
        &self,
        state: &State,
        seat: billes_notation::Seat,
        roll: Option<game::Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<game::Move>, game::PlayError> {
        self.legal_moves_of(state, seat.as_str(), roll, number, hooks)
            .map_err(game::PlayError::from_replay)
    }

    fn play<H: Hooks>(&self, state: &mut State, turn: &Turn, hooks: &H) -> Result<(), ReplayError> {
        self.play_turn(state, turn, hooks)
    }

    fn winners(&self, state: &State) -> Option<Vec<billes_notation::Seat>> {
        state.winner().map(|w| vec![w.into()])
    }

    fn is_over(&self, state: &State) -> bool {
        state.winner.is_some()
    }

    fn position_tag(&self, state: &State) -> String {
        position::write_position(state)
    }

    fn text_board(&self, state: &State) -> String {
        billes_game::TextBoard::text_board(state)
    }

    fn give_turn(&self, state: &mut State, seat: billes_notation::Seat) -> bool {
        self.hand_turn_to(state, seat.as_str())
    }

    fn play_mended<H: Hooks>(&self, state: &mut State, turn: &Turn, hooks: &H) -> Option<String> {
        self.play_meant(state, turn, hooks)
    }

    fn board<'s>(&self, state: &'s State) -> Option<&'s dyn variant::BoardView> {
        Some(state)
    }

    fn describe(&self, before: &State, turn: &Turn, after: &State) -> Vec<String> {
        self.describe_turn(before, turn, after)
    }

    fn simulate<H: Hooks>(
        &self,
        options: &billes_game::SimOptions,
        rng: &mut billes_game::Rng,
        hooks: &H,
    ) -> Result<Game, SimulateError> {
        self.simulate_with(options, rng, hooks)
    }

    /// `allow`, asked of the one move of each roll (a move it forbids
    /// makes the turn a pass), and `winner`, asked after every turn. The
    /// game takes no added moves and no edits, so no `moves` or `effect`.
    fn hooks() -> &'static [variant::Hook] {
        &[variant::Hook::Allow, variant::Hook::Winner]
    }

    /// `roll`; `from`, the square left (nil for a pawn entering from `h`);
    /// `to`, the square the pawn ends on; `via`, the ladder's foot or the
    /// snake's head it landed on (nil when it took neither).
    fn move_fields() -> &'static [(&'static str, variant::FieldKind)] {
        use variant::FieldKind;
        &[
            ("roll", FieldKind::Number),
            ("from", FieldKind::Name),
            ("to", FieldKind::Name),
            ("via", FieldKind::Name),
        ]
    }

    fn declare_winner(
        &self,
        state: &mut State,
        seat: billes_notation::Seat,
    ) -> Result<(), ChangeError> {
        self.declare(state, seat.as_str())
    }
}
