//! The race, a game outside the registry, written the way
//! docs/adding-a-game.md says: one `impl GameRules` (its eleven required
//! items), one `plug_in!` line, and its state's `View` for pictures. Its
//! tests are in `mod.rs`; billes-render's tests draw it
//! (`crates/render/tests/toy.rs`).
//!
//! The race: two seats, R and B, one pawn each, starting off the track
//! (`h`); a roll moves the pawn that many points along `p1`..`p10`, never
//! past `p10`, and the first pawn on `p10` wins. A roll that cannot be
//! used is a pass (`--`). Seats take turns, R first. A pawn in reach of
//! the goal is a need of the race's own (`Finish`): `billes_core::game`
//! knows nothing of it.

use billes_core::game::{AnyNeed, GameRules, Move, Need, Next, PlayError, Roll};
use billes_core::variant::{Hook, Hooks};
use billes_core::view::{Piece, PositionView, SeatView, View};
use billes_core::{plug_in, ErrorKind, ReplayError};
use billes_notation::{Action, Game, Span, Turn};

/// The last point of the track.
const GOAL: u8 = 10;

/// The seats, in playing order.
const SEATS: [&str; 2] = ["R", "B"];

/// The rules of the race.
#[derive(Debug, Clone, Default)]
pub(crate) struct Race;

/// Where each pawn stands (0: off the track) and whose turn it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Track {
    at: [u8; 2],
    to_move: usize,
}

/// The race's need: the pawn to move finishes with exactly this roll.
#[derive(Debug, PartialEq, serde::Serialize)]
pub(crate) struct Finish(pub(crate) u8);

impl Need for Finish {
    fn phrase(&self) -> String {
        format!("; finishes with a {}", self.0)
    }

    fn prompt(&self) -> Option<String> {
        Some(format!(" (a {} finishes)", self.0))
    }
}

fn point(at: u8) -> String {
    if at == 0 {
        "h".into()
    } else {
        format!("p{at}")
    }
}

fn read_point(name: &str) -> Option<u8> {
    match name {
        "h" => Some(0),
        _ => name
            .strip_prefix('p')?
            .parse()
            .ok()
            .filter(|n| (1..=GOAL).contains(n)),
    }
}

fn error(kind: ErrorKind, span: Span, message: impl Into<String>) -> ReplayError {
    ReplayError::new(kind, span, message)
}

impl Race {
    fn winner(state: &Track) -> Option<usize> {
        (0..2).find(|&s| state.at[s] == GOAL)
    }

    /// The landing of `seat`'s pawn with `roll`, when the roll can be used.
    fn landing(state: &Track, seat: usize, roll: u8) -> Option<u8> {
        let to = state.at[seat] + roll;
        (to <= GOAL).then_some(to)
    }
}

impl GameRules for Race {
    type State = Track;
    type Params = ();
    const NAME: &'static str = "race";

    fn from_params((): ()) -> Result<Race, billes_core::ParamsError> {
        Ok(Race)
    }

    fn setup(&self, game: &Game) -> Result<Track, ReplayError> {
        let mut state = Track {
            at: [0, 0],
            to_move: 0,
        };
        if let Some(tag) = game.tag_entry("Position") {
            for group in tag.value.split_whitespace() {
                let bad = || error(ErrorKind::Tag, tag.span, format!("Position: \"{group}\""));
                if let Some(seat) = group.strip_prefix("move=") {
                    state.to_move = SEATS.iter().position(|s| *s == seat).ok_or_else(bad)?;
                    continue;
                }
                let (seat, at) = group.split_once(':').ok_or_else(bad)?;
                let seat = SEATS.iter().position(|s| *s == seat).ok_or_else(bad)?;
                state.at[seat] = read_point(at).ok_or_else(bad)?;
            }
        }
        Ok(state)
    }

    fn next(&self, state: &Track) -> Next {
        if Race::winner(state).is_some() {
            return Next {
                seats: Vec::new(),
                dice: true,
                needs: Vec::new(),
            };
        }
        let left = GOAL - state.at[state.to_move];
        Next {
            seats: vec![SEATS[state.to_move].into()],
            dice: true,
            needs: (left <= 6)
                .then(|| AnyNeed::new(Finish(left)))
                .into_iter()
                .collect(),
        }
    }

    fn legal_moves<H: Hooks>(
        &self,
        state: &Track,
        seat: billes_notation::Seat,
        roll: Option<Roll>,
        _number: u32,
        _hooks: &H,
    ) -> Result<Vec<Move>, PlayError> {
        if Race::winner(state).is_some() || SEATS[state.to_move] != seat {
            return Err(PlayError::NotToAct(format!("{seat} may not move")));
        }
        let roll = roll.ok_or_else(|| PlayError::Roll("the roll is missing".into()))?;
        let text = match Race::landing(state, state.to_move, roll.get()) {
            Some(to) => format!(
                "{seat}{roll} {}-{}",
                point(state.at[state.to_move]),
                point(to)
            ),
            None => format!("{seat}{roll} --"),
        };
        let game = billes_notation::parse_game(&format!("{text} *\n")).map_err(|e| {
            PlayError::Illegal {
                kind: ErrorKind::IllegalMove,
                message: e.message,
                legal: Vec::new(),
            }
        })?;
        Ok(game.line.turns.iter().filter_map(Move::from_turn).collect())
    }

    fn play<H: Hooks>(
        &self,
        state: &mut Track,
        turn: &Turn,
        _hooks: &H,
    ) -> Result<(), ReplayError> {
        let span = turn.head.span;
        let seat = state.to_move;
        if turn.head.seat.as_str() != SEATS[seat] {
            return Err(error(
                ErrorKind::Seat,
                span,
                format!("it is {}'s turn, not {}'s", SEATS[seat], turn.head.seat),
            ));
        }
        let roll = match turn.head.roll {
            Some(r @ 1..=6) => r as u8,
            _ => {
                return Err(error(
                    ErrorKind::Roll,
                    span,
                    "the roll is a die face, 1 to 6",
                ))
            }
        };
        let landing = Race::landing(state, seat, roll);
        match (turn.actions.as_slice(), landing) {
            ([Action::Pass { .. }], None) => {}
            ([Action::Pass { span }], Some(to)) => {
                return Err(error(
                    ErrorKind::FalsePass,
                    *span,
                    format!("the pawn can move to {}", point(to)),
                ))
            }
            // No pawn is ever captured in the race: a capture mark is false.
            (
                [Action::Move {
                    capture: Some(c), ..
                }],
                _,
            ) => {
                return Err(error(
                    ErrorKind::Effect,
                    c.span,
                    "no pawn is captured in the race",
                ))
            }
            // Nor is there a barricade to take.
            (
                [Action::Move {
                    barricade: true,
                    span,
                    ..
                }],
                _,
            ) => {
                return Err(error(
                    ErrorKind::Effect,
                    *span,
                    "there is no barricade in the race",
                ))
            }
            ([Action::Move { path, span, .. }], landing) => {
                let from = path.first().and_then(|p| read_point(p.as_str()));
                let to = path.last().and_then(|p| read_point(p.as_str()));
                if path.len() != 2 || from != Some(state.at[seat]) || to != landing {
                    let want = landing.map_or("--".into(), |to| {
                        format!("{}-{}", point(state.at[seat]), point(to))
                    });
                    return Err(error(
                        ErrorKind::IllegalMove,
                        *span,
                        format!("a {roll} is {want} here"),
                    )
                    .with_legal(vec![want]));
                }
                state.at[seat] = landing.unwrap_or(state.at[seat]);
            }
            _ => {
                return Err(error(
                    ErrorKind::IllegalMove,
                    span,
                    "one move or -- per turn",
                ))
            }
        }
        state.to_move = 1 - seat;
        Ok(())
    }

    fn winners(&self, state: &Track) -> Option<Vec<billes_notation::Seat>> {
        Race::winner(state).map(|s| vec![SEATS[s].into()])
    }

    /// The hooks a variant of the race may define: none. It asks no hook
    /// at its own points, and gives hooks no view of its positions, which
    /// the hooks every game takes by default ([`Hook::COMMON`]) read.
    fn hooks() -> &'static [Hook] {
        &[]
    }

    fn position_tag(&self, state: &Track) -> String {
        format!(
            "R:{} B:{} move={}",
            point(state.at[0]),
            point(state.at[1]),
            SEATS[state.to_move]
        )
    }

    fn text_board(&self, state: &Track) -> String {
        let mut out = String::new();
        for (s, seat) in SEATS.iter().enumerate() {
            let row: String = (1..=GOAL)
                .map(|p| if state.at[s] == p { '@' } else { '.' })
                .collect();
            out.push_str(&format!("{seat} {row}\n"));
        }
        out
    }
}

plug_in!(Race);

/// The race as pictures show it: the pawns on the track, a pawn off it
/// waiting; nothing of its own beyond what every game shows.
impl View for Track {
    fn view(&self) -> PositionView {
        let over = Race::winner(self).is_some();
        let mut pieces: Vec<Piece> = (0..2)
            .filter(|&s| self.at[s] > 0)
            .map(|s| Piece {
                point: point(self.at[s]).as_str().into(),
                seat: SEATS[s].into(),
            })
            .collect();
        pieces.sort();
        PositionView {
            game: Race::NAME,
            seats: (0..2)
                .map(|s| SeatView {
                    seat: SEATS[s].into(),
                    colour: ["red", "blue"][s].to_string(),
                    waiting: u32::from(self.at[s] == 0),
                })
                .collect(),
            pieces,
            to_move: (!over).then(|| SEATS[self.to_move].into()),
            pending: None,
            winners: None,
            own: Box::new(()),
            seat_counts: &[],
        }
    }
}
