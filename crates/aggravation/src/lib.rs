//! Aggravation, for 2 to 6 players, in partnership (teams of 2, partners
//! opposite) or team play (2 teams of 3, seated alternately).
//!
//! The board is data (`rules/aggravation.yaml`, see [`board`]); the rules of
//! the seeds are checked turn by turn by [`Aggravation`], whose [`Params`]
//! hold what house rules change (marbles per player, HOME size, entry rolls,
//! shortcuts, team rules). The notation chapter is `notation/aggravation.md`.
//!
//! The game is a crate of its own, on the game API (`billes-game`) alone:
//! its rules, its board file, its drawing (`billes_game::drawing::Drawing`,
//! in `drawing.rs`) and its heuristic player (`billes_game::policy::Play`,
//! in `policy.rs`). `billes-core` lists it in its registry with the other
//! games.
//!
//! ```
//! use billes_aggravation::Aggravation;
//! use billes_game::game::GameRules;
//! use billes_game::variant::NoHooks;
//! use billes_game::{replay_with, Rng, SimOptions};
//!
//! let rules = Aggravation::default();
//! let options = SimOptions { players: 4, ..SimOptions::default() };
//! let game = rules.simulate(&options, &mut Rng::new(1), &NoHooks).unwrap();
//! let summary = replay_with(&rules, &game, &mut |_| {}).unwrap();
//! assert_eq!(summary.turns as usize, game.line.turns.len());
//! ```
#![deny(missing_docs)]

pub mod board;
mod describe;
mod drawing;
mod hooks;
mod house;
mod legal;
mod line;
mod moves;
mod need;
mod policy;
mod position;
mod simulate;
mod state;
mod turn;
mod view;

use billes_game::variant::Hooks;
use billes_game::{edit, game, variant, ChangeError, ReplayError, SimulateError};
use billes_notation::{Game, Seat, Turn};
use serde::Deserialize;

pub use board::{Board, Hole, BOARD_YAML};
pub use need::Need;
pub use state::State;
pub use view::ViewPart;

/// What house rules may change. `Params::default()` are the rules of the seeds.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Params {
    /// Marbles per player (the seeds: 4; the box holds 5 of each colour,
    /// hence the five-marble house rule).
    pub marbles: u8,
    /// Holes in each HOME row (4 on the board; at least `marbles`, at most 8).
    pub home_size: u8,
    /// Rolls that may enter a marble from BASE to START (1 and 6).
    pub entry_rolls: Vec<u8>,
    /// Rolls that give the roller an extra turn (6).
    pub extra_turn_rolls: Vec<u8>,
    /// Whether the star-ring and centre shortcuts may be used.
    pub shortcuts: bool,
    /// Whether a marble may take the star ring only on its owner's turn right
    /// after it landed on the star hole (off: any later turn).
    pub star_ring_next_turn_only: bool,
    /// Whether a marble in HOME may move further in by exact count.
    pub home_moves: bool,
    /// Partnership and team play: whether partners' marbles may be jumped
    /// (landing on one then aggravates it); off, they block like one's own.
    pub jump_partners: bool,
    /// Whether entering onto a partner's marble on one's START aggravates it
    /// (off: the partner's marble blocks the entry).
    pub enter_onto_partner: bool,
    /// Whether a player with every marble HOME keeps rolling for a teammate
    /// (off: the player drops out of the turn order).
    pub roll_for_partner: bool,
    /// The order of play: round the board (the seeds: "play passes to the
    /// left") or as the `Seats` tag lists the seats (a drawn order).
    pub order: Order,
}

/// The order of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    /// Clockwise round the board, whatever the order of the `Seats` tag.
    #[default]
    Board,
    /// In the order the `Seats` tag lists the seats (the `Teams` tag's
    /// order when there is no `Seats` tag).
    Seats,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            marbles: 4,
            home_size: 4,
            entry_rolls: vec![1, 6],
            extra_turn_rolls: vec![6],
            shortcuts: true,
            star_ring_next_turn_only: false,
            home_moves: true,
            jump_partners: true,
            enter_onto_partner: true,
            roll_for_partner: true,
            order: Order::Board,
        }
    }
}

pub use billes_game::ParamsError;

/// The rules of Aggravation, with their parameters.
#[derive(Debug, Clone)]
pub struct Aggravation {
    params: Params,
    board: &'static Board,
    /// Bit `r` set: a roll of `r` may enter a marble.
    entry: u8,
    /// Bit `r` set: a roll of `r` gives an extra turn.
    extra: u8,
    /// Per colour and hole (by its byte, see [`Hole`]): the next hole of
    /// its path (none past HOME).
    next: Box<[[Option<Hole>; board::TABLE]; board::MAX_SIDES]>,
    /// The same paths as lines, to look a roll's landing up (see [`mod@line`]).
    lines: Box<line::Lines>,
}

impl Aggravation {
    /// The standard rules, made once and shared: what replaying a record
    /// under them uses, instead of making them anew for every game.
    pub fn standard() -> &'static Aggravation {
        static STANDARD: std::sync::OnceLock<Aggravation> = std::sync::OnceLock::new();
        STANDARD.get_or_init(Aggravation::default)
    }
}

impl Default for Aggravation {
    fn default() -> Aggravation {
        let board = board::standard();
        let params = Params::default();
        let next = board.paths(params.home_size);
        Aggravation {
            lines: line::Lines::new(&next),
            next,
            params,
            board,
            entry: 1 << 1 | 1 << 6,
            extra: 1 << 6,
        }
    }
}

impl Aggravation {
    /// The rules with `params`.
    ///
    /// # Errors
    /// When the parameters describe no playable game (no marbles, a HOME too
    /// small for them, a roll that is not a die face).
    pub fn new(params: Params) -> Result<Aggravation, ParamsError> {
        if !(1..=board::MAX_HOME as u8).contains(&params.marbles) {
            return Err(ParamsError(format!(
                "{} marbles per player: expected 1 to {}",
                params.marbles,
                board::MAX_HOME
            )));
        }
        if !(params.marbles..=board::MAX_HOME as u8).contains(&params.home_size) {
            return Err(ParamsError(format!(
                "a HOME of {} holes cannot hold {} marbles (at most {})",
                params.home_size,
                params.marbles,
                board::MAX_HOME
            )));
        }
        let mask = |rolls: &[u8], what: &str| {
            rolls.iter().try_fold(0u8, |m, &r| {
                if (1..=6).contains(&r) {
                    Ok(m | 1 << r)
                } else {
                    Err(ParamsError(format!("{what}: {r} is not a die face")))
                }
            })
        };
        let entry = mask(&params.entry_rolls, "entry_rolls")?;
        if entry == 0 {
            return Err(ParamsError("entry_rolls: no roll enters a marble".into()));
        }
        let extra = mask(&params.extra_turn_rolls, "extra_turn_rolls")?;
        let board = board::standard();
        let next = board.paths(params.home_size);
        Ok(Aggravation {
            lines: line::Lines::new(&next),
            next,
            params,
            board,
            entry,
            extra,
        })
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
billes_game::plug_in!(Aggravation);

/// The game, as the verbs name it ([`GameRules::KIND`](billes_game::game::GameRules::KIND)).
pub const KIND: billes_game::GameKind = <Aggravation as billes_game::game::GameRules>::KIND;

impl game::GameRules for Aggravation {
    type State = State;
    type Params = Params;
    const NAME: &'static str = "aggravation";
    const SEATINGS: &'static [(usize, Option<&'static str>)] = &[
        (2, None),
        (4, None),
        (4, Some("R+G B+Y")),
        (6, Some("R+P+Y B+G+W")),
    ];

    fn from_params(params: Params) -> Result<Aggravation, ParamsError> {
        Aggravation::new(params)
    }

    /// The seats the simulator gives `players` players: the ones spread
    /// round the board (three players sit at R, P and Y).
    fn seats_for(&self, players: usize) -> Option<Vec<&'static str>> {
        simulate::default_seats(players)
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

    #[inline]
    fn play<H: Hooks>(&self, state: &mut State, turn: &Turn, hooks: &H) -> Result<(), ReplayError> {
        self.play_turn_with(state, turn, hooks)
    }

    const PLAYS_BRIEFS: bool = true;

    #[inline(always)]
    fn play_brief(&self, state: &mut State, brief: &billes_notation::Brief) -> bool {
        Aggravation::play_brief(self, state, brief)
    }

    fn play_brief_completed_into(
        &self,
        state: &mut State,
        brief: &billes_notation::Brief,
        complete: &mut game::Move,
    ) -> bool {
        Aggravation::play_brief_completed_into(self, state, brief, complete)
    }

    fn winners(&self, state: &State) -> Option<Vec<Seat>> {
        state.winners()
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
        Aggravation::play_completed_into(self, state, turn, complete)
    }

    fn is_over(&self, state: &State) -> bool {
        state.winner.is_some()
    }

    fn position_tag(&self, state: &State) -> String {
        position::tag(self, state)
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
            Hook::RollFor,
            Hook::ExtraTurn,
            Hook::Moves,
            Hook::Effect,
            Hook::Winner,
        ]
    }

    fn edits() -> &'static [edit::EditOp] {
        edit::PieceEdit::OPS
    }

    fn move_fields() -> &'static [(&'static str, variant::FieldKind)] {
        use variant::FieldKind;
        &[
            ("roll", FieldKind::Number),
            ("from", FieldKind::Name),
            ("to", FieldKind::Name),
            ("via", FieldKind::Name),
            ("captures", FieldKind::Name),
        ]
    }

    fn spell_added(
        &self,
        state: &State,
        roller: Seat,
        seat: Seat,
        roll: Option<game::Roll>,
        text: &str,
    ) -> Result<Option<game::Move>, ChangeError> {
        self.spell_added_move(state, &roller, &seat, roll, text)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn params_are_checked() {
        assert!(Aggravation::new(Params::default()).is_ok());
        let five = Params {
            marbles: 5,
            home_size: 5,
            ..Params::default()
        };
        assert!(Aggravation::new(five).is_ok());
        let bad = [
            Params {
                marbles: 0,
                ..Params::default()
            },
            Params {
                marbles: 5,
                ..Params::default()
            },
            Params {
                entry_rolls: vec![7],
                ..Params::default()
            },
            Params {
                entry_rolls: vec![],
                ..Params::default()
            },
        ];
        for p in bad {
            assert!(Aggravation::new(p.clone()).is_err(), "{p:?}");
        }
    }

    #[test]
    fn params_read_from_yaml_with_defaults() {
        let p: Params =
            serde_yaml::from_str("marbles: 5\nhome_size: 5\nshortcuts: false\n").unwrap();
        assert_eq!(p.marbles, 5);
        assert!(!p.shortcuts);
        assert_eq!(p.entry_rolls, vec![1, 6]);
        assert!(serde_yaml::from_str::<Params>("marbels: 5").is_err());
    }
}
