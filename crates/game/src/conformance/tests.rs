//! The kit on a toy game, kept and broken: the hop, two pawns racing along
//! twelve points, a pawn landing on the other sending it home (`*`). Each
//! [`Flaw`] breaks one rule every game keeps, and the kit names it.

use billes_notation::{parse_game, Action, Game, Turn};

use super::{check, Check, Failure, Kit, Outcome};
use crate::columns::{Cell, CellKind, TurnCells, TurnColumn};
use crate::describe::wins;
use crate::game::{GameRules, Move, Next, PlayError, Roll};
use crate::variant::{Hook, Hooks, NoHooks};
use crate::{ErrorKind, ParamsError, ReplayError};

/// The last point of the track.
const GOAL: u8 = 12;

/// The seats, in playing order.
const SEATS: [&str; 2] = ["R", "B"];

/// What the toy gets wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Flaw {
    /// Nothing: the hop keeps every rule.
    #[default]
    None,
    /// `play` takes the pawn wherever the turn says, whatever the roll.
    AnyLanding,
    /// `play` takes a capture mark where nothing is captured.
    FalseCapture,
    /// `describe` forgets to say who wins.
    SilentWinner,
    /// `legal_moves` lists moves that put a barricade down, which the hop
    /// does not say it does.
    PutsDown,
    /// `complete_turn` leaves the capture mark out.
    LostMark,
    /// `play_completed` gives the move without its capture mark.
    PlayedLostMark,
    /// `play_completed` plays the move but leaves the turn with the mover.
    PlayedKeepsTurn,
}

thread_local! {
    /// `turn_cells` fills its column with a number where a flag is
    /// declared (it reads no rules, so the flaw is the test thread's).
    static WRONG_CELLS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[derive(Debug, Clone, Default)]
struct Hop(Flaw);

/// Where each pawn stands (0: off the track) and whose turn it is.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Track {
    at: [u8; 2],
    to_move: usize,
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

fn illegal(kind: ErrorKind, message: impl Into<String>) -> ReplayError {
    ReplayError::new(kind, Default::default(), message)
}

impl Hop {
    fn winner(state: &Track) -> Option<usize> {
        (0..2).find(|&s| state.at[s] == GOAL)
    }

    /// The move of the seat to act with `roll`, as written.
    fn written(state: &Track, roll: u8) -> String {
        let (seat, from) = (state.to_move, state.at[state.to_move]);
        let to = from + roll;
        if to > GOAL {
            return format!("{}{roll} --", SEATS[seat]);
        }
        let capture = if state.at[1 - seat] == to { "*" } else { "" };
        format!(
            "{}{roll} {}-{}{capture}",
            SEATS[seat],
            point(from),
            point(to)
        )
    }
}

impl GameRules for Hop {
    type State = Track;
    type Params = ();
    const NAME: &'static str = "hop";
    const TURN_COLUMNS: &'static [TurnColumn] = &[TurnColumn::new(
        "sends_home",
        CellKind::Bool,
        false,
        "whether the move sends the other pawn home (`*`)",
    )];

    fn from_params((): ()) -> Result<Hop, ParamsError> {
        Ok(Hop(Flaw::None))
    }

    fn setup(&self, game: &Game) -> Result<Track, ReplayError> {
        let mut state = Track {
            at: [0, 0],
            to_move: 0,
        };
        for group in game.tag("Position").unwrap_or_default().split_whitespace() {
            let bad = || illegal(ErrorKind::Tag, format!("Position: {group:?}"));
            if let Some(seat) = group.strip_prefix("move=") {
                state.to_move = SEATS.iter().position(|s| *s == seat).ok_or_else(bad)?;
                continue;
            }
            let (seat, at) = group.split_once(':').ok_or_else(bad)?;
            let seat = SEATS.iter().position(|s| *s == seat).ok_or_else(bad)?;
            state.at[seat] = read_point(at).ok_or_else(bad)?;
        }
        Ok(state)
    }

    fn next(&self, state: &Track) -> Next {
        let over = Hop::winner(state).is_some();
        Next {
            seats: (!over)
                .then(|| SEATS[state.to_move].into())
                .into_iter()
                .collect(),
            dice: true,
            needs: Vec::new(),
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
        if Hop::winner(state).is_some() || SEATS[state.to_move] != seat {
            return Err(PlayError::NotToAct(format!("{seat} may not move")));
        }
        let roll = roll.ok_or_else(|| PlayError::Roll("the roll is missing".into()))?;
        let put_down = if self.0 == Flaw::PutsDown { " #p5" } else { "" };
        let written = Hop::written(state, roll.get());
        let game = parse_game(&format!("{written}{put_down} *\n"))
            .map_err(|e| PlayError::Roll(e.message))?;
        Ok(game.line.turns.iter().filter_map(Move::from_turn).collect())
    }

    fn play<H: Hooks>(
        &self,
        state: &mut Track,
        turn: &Turn,
        _hooks: &H,
    ) -> Result<(), ReplayError> {
        let seat = state.to_move;
        if turn.head.seat.as_str() != SEATS[seat] || Hop::winner(state).is_some() {
            return Err(illegal(
                ErrorKind::Seat,
                format!("it is {}'s turn", SEATS[seat]),
            ));
        }
        let roll = match turn.head.roll {
            Some(r @ 1..=6) => r as u8,
            _ => return Err(illegal(ErrorKind::Roll, "the roll is a die face, 1 to 6")),
        };
        let landing = (state.at[seat] + roll <= GOAL).then_some(state.at[seat] + roll);
        let mut actions = turn.actions.as_slice();
        if let (Flaw::PutsDown, [first @ .., Action::Barricade { .. }]) = (self.0, actions) {
            actions = first;
        }
        match (actions, landing) {
            ([Action::Pass { .. }], None) => {}
            (
                [Action::Move {
                    path,
                    capture,
                    barricade: false,
                    ..
                }],
                _,
            ) => {
                let from = path.first().and_then(|p| read_point(p.as_str()));
                let to = path.last().and_then(|p| read_point(p.as_str()));
                let any = self.0 == Flaw::AnyLanding && to.is_some_and(|t| t > state.at[seat]);
                if path.len() != 2 || from != Some(state.at[seat]) || (to != landing && !any) {
                    return Err(illegal(ErrorKind::IllegalMove, "not this roll's move"));
                }
                let to = to.unwrap_or_default();
                let captures = state.at[1 - seat] == to;
                if capture.is_some() && !captures && self.0 != Flaw::FalseCapture {
                    return Err(illegal(ErrorKind::Effect, "nothing is captured there"));
                }
                if captures {
                    state.at[1 - seat] = 0;
                }
                state.at[seat] = to;
            }
            _ => return Err(illegal(ErrorKind::IllegalMove, "not this roll's move")),
        }
        state.to_move = 1 - seat;
        Ok(())
    }

    fn winners(&self, state: &Track) -> Option<Vec<billes_notation::Seat>> {
        Hop::winner(state).map(|s| vec![SEATS[s].into()])
    }

    /// The listed move the turn names, marks aside (a toy may list).
    fn complete_turn(&self, state: &Track, turn: &Turn) -> Option<Move> {
        let roll = Roll::of_head(&turn.head)?;
        let listed = self
            .legal_moves(state, turn.head.seat, Some(roll), turn.number, &NoHooks)
            .ok()?;
        let written = super::checks::unmarked(&Move::from_turn(turn)?);
        let m = listed
            .into_iter()
            .find(|m| super::checks::unmarked(m) == written)?;
        Some(if self.0 == Flaw::LostMark {
            super::checks::unmarked(&m)
        } else {
            m
        })
    }

    /// Plays and completes in one call, as the default does, but for the
    /// flaws of this call.
    fn play_completed(&self, state: &mut Track, turn: &Turn) -> Result<Option<Move>, ReplayError> {
        let complete = self.complete_turn(state, turn);
        let mover = state.to_move;
        self.play(state, turn, &NoHooks)?;
        Ok(match self.0 {
            Flaw::PlayedLostMark => complete.map(|m| super::checks::unmarked(&m)),
            Flaw::PlayedKeepsTurn => {
                state.to_move = mover;
                complete
            }
            _ => complete,
        })
    }

    fn position_tag(&self, state: &Track) -> String {
        let (r, b) = (point(state.at[0]), point(state.at[1]));
        format!("R:{r} B:{b} move={}", SEATS[state.to_move])
    }

    fn text_board(&self, state: &Track) -> String {
        self.position_tag(state) + "\n"
    }

    fn hooks() -> &'static [Hook] {
        &[]
    }

    fn turn_cells(mv: &Move) -> TurnCells {
        let home = mv.actions.iter().any(|a| {
            matches!(
                a,
                Action::Move {
                    capture: Some(_),
                    ..
                }
            )
        });
        let cell = match WRONG_CELLS.get() {
            true => Cell::U32(u32::from(home)),
            false => Cell::Bool(home),
        };
        TurnCells::from_cells([cell])
    }

    fn describe(&self, before: &Track, turn: &Turn, after: &Track) -> Vec<String> {
        let mut said = Vec::new();
        let seat = before.to_move;
        if after.at[seat] != before.at[seat] {
            said.push(format!("moved to {}", point(after.at[seat])));
        }
        if after.at[1 - seat] < before.at[1 - seat] {
            said.push(format!("sent {} home", SEATS[1 - seat]));
        }
        let _ = turn;
        if self.0 != Flaw::SilentWinner {
            said.extend(wins(self.winners(before), self.winners(after)));
        }
        said
    }
}

fn kit() -> Kit {
    Kit::default().with_perft(&[(1, 6), (2, 36)])
}

fn failure(flaw: Flaw) -> Failure {
    check(&Hop(flaw), &kit()).expect_err("the flaw is found")
}

#[test]
fn the_hop_keeps_every_rule_and_says_which_checks_do_not_apply() {
    let report = check(&Hop(Flaw::None), &kit()).expect("the hop keeps the rules");
    assert_eq!(report.game, "hop");
    let checks: Vec<Check> = report.checks.iter().map(|(c, _)| *c).collect();
    assert_eq!(checks, Check::ALL);
    let skipped: Vec<(Check, &str)> = report.skipped().collect();
    assert_eq!(
        skipped,
        [
            (Check::Hooks, "the game takes no hooks"),
            (Check::Briefs, "the game plays no briefs")
        ]
    );
    assert!(
        matches!(report.outcome(Check::Marks), Some(Outcome::Passed(what)) if !what.starts_with("0 moves")),
        "{report}"
    );
    assert!(report
        .to_string()
        .contains("hop: perft: passed (6 at depth 1, 36 at depth 2, as expected)"));
    assert!(
        matches!(report.outcome(Check::TurnColumns), Some(Outcome::Passed(what)) if what.starts_with("1 columns, the cells of ")),
        "{report}"
    );
}

#[test]
fn a_move_not_listed_that_plays_fails_the_kit() {
    let e = failure(Flaw::AnyLanding);
    assert_eq!(e.check, Check::UnlistedRefused);
    assert_eq!((e.game, e.seed, e.turn), ("hop", Some(1), Some(1)));
    // R rolled, say, a 3: h-p1 with another roll's landing plays.
    assert!(e.message.contains(" is accepted, but the list is "), "{e}");
    assert!(
        e.to_string()
            .starts_with("moves not listed refused failed for hop, seed 1, turn 1: "),
        "{e}"
    );
}

#[test]
fn a_false_capture_mark_accepted_fails_the_kit() {
    let e = failure(Flaw::FalseCapture);
    assert_eq!(e.check, Check::Marks);
    assert_eq!((e.seed, e.turn), (Some(1), Some(1)));
    assert!(e.message.starts_with("the false * mark of R"), "{e}");
    assert!(e.message.ends_with("* is accepted"), "{e}");
}

#[test]
fn a_winner_not_described_fails_the_kit() {
    let e = failure(Flaw::SilentWinner);
    assert_eq!(e.check, Check::Describe);
    assert_eq!(e.seed, Some(1));
    assert!(
        e.message.contains(", not \"R wins\" last") || e.message.contains(", not \"B wins\" last"),
        "{e}"
    );
}

#[test]
fn a_put_down_listed_unsaid_fails_the_kit() {
    let e = failure(Flaw::PutsDown);
    assert_eq!(e.check, Check::LegalMovesPlay);
    assert_eq!((e.seed, e.turn), (Some(1), Some(1)));
    assert!(
        e.message
            .ends_with("puts a barricade down, but does not say so (PUTS_DOWN)"),
        "{e}"
    );
}

#[test]
fn a_turn_completed_otherwise_than_listed_fails_the_kit() {
    let e = failure(Flaw::LostMark);
    assert_eq!(e.check, Check::CompleteTurn);
    assert!(e.message.contains("is completed as"), "{e}");
    // The list marks the capture; the completed move lost it.
    assert!(e.message.ends_with('*'), "{e}");
}

#[test]
fn a_turn_played_and_completed_otherwise_than_apart_fails_the_kit() {
    let e = failure(Flaw::PlayedLostMark);
    assert_eq!(e.check, Check::CompleteTurn);
    assert!(e.message.contains(": play_completed gives "), "{e}");
    assert!(e.message.contains(", complete_turn "), "{e}");
    let e = failure(Flaw::PlayedKeepsTurn);
    assert_eq!(e.check, Check::CompleteTurn);
    assert!(
        e.message.contains(": play_completed leaves the position "),
        "{e}"
    );
}

#[test]
fn cells_that_do_not_fit_the_columns_fail_the_kit() {
    WRONG_CELLS.set(true);
    let e = failure(Flaw::None);
    WRONG_CELLS.set(false);
    assert_eq!(e.check, Check::TurnColumns);
    assert_eq!((e.seed, e.turn), (Some(1), Some(1)));
    assert!(
        e.message
            .contains(": the cell U32(0) does not fit the column sends_home (Bool)"),
        "{e}"
    );
}

#[test]
fn expected_perft_counts_are_checked() {
    let e = check(&Hop(Flaw::None), &Kit::default().with_perft(&[(2, 35)])).unwrap_err();
    assert_eq!(e.check, Check::Perft);
    assert_eq!(
        e.to_string(),
        "perft failed for hop: depth 2 counts 36, not 35"
    );
}

#[test]
fn side_by_side_each_seed_is_checked_as_a_kit_of_its_own() {
    let kit = kit().with_seeds([1, 2, 3]);
    let reports = super::assert_conforms_side_by_side(|| Hop(Flaw::None), &kit);
    assert_eq!(reports.len(), 3);
    for (report, seed) in reports.iter().zip([1, 2, 3]) {
        let alone = check(&Hop(Flaw::None), &kit.clone().with_seeds([seed])).expect("it keeps");
        assert_eq!(*report, alone, "seed {seed}");
    }
}

#[test]
fn side_by_side_a_failure_is_the_panics_message() {
    let kit = kit().with_seeds([1, 2]);
    let panic = std::panic::catch_unwind(|| {
        super::assert_conforms_side_by_side(|| Hop(Flaw::AnyLanding), &kit)
    })
    .expect_err("the flaw is found");
    let message = panic
        .downcast_ref::<String>()
        .expect("the failure's message");
    assert!(
        message.starts_with("moves not listed refused failed for hop, seed 1, turn 1: "),
        "{message}"
    );
}
