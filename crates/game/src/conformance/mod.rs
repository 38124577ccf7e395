//! The conformance kit: the rules every game keeps, checked in one call.
//!
//! A game's tests call [`check`] with its rules and a [`Kit`] (the seeds of
//! the simulated games, the number of turns, the perft counts expected), and
//! get a [`Report`] naming each check passed or skipped, or the first
//! [`Failure`], which names the check, the game, the seed and the turn. The
//! kit needs only [`GameRules`]: a game outside the registry (a plugin game)
//! runs it the same way. The checks, in the order they run, each a function
//! of this module (named as the check, [`simulate`], [`legal_moves_play`]...)
//! documented with what it asserts:
//!
//! 1. [`Check::Simulate`]: a seeded simulated game is the same game twice,
//!    and replays through `play` to the winners its result names;
//! 2. [`Check::LegalMovesPlay`]: at every position of those games, every
//!    roll lists moves, and each one plays without error (and puts no
//!    barricade down unless the game says its moves do);
//! 3. [`Check::UnlistedRefused`]: `play` refuses a move the list lacks;
//! 4. [`Check::Marks`]: a listed move plays without its marks, to the same
//!    position, and false capture and barricade marks are refused;
//! 5. [`Check::Describe`]: the phrases are words, and the turn that wins
//!    says so ("R wins") where no other turn does;
//! 6. [`Check::RoundTrip`]: a record reads back from its text (`billes fmt`'s
//!    round trip) and replays to the same position;
//! 7. [`Check::PositionTag`]: a record set up from the `Position` tag the
//!    game writes of any of its positions gives that position back and
//!    replays the rest of the game to the same end;
//! 8. [`Check::Hooks`]: a hook the game lists is one it serves, and a hook
//!    it asks is one it lists;
//! 9. [`Check::TurnColumns`]: the game's own columns in the tables of
//!    `billes export` are well declared, and every listed move's cells fit
//!    them;
//! 10. [`Check::CompleteTurn`]: a listed move written without its marks is
//!     completed by `complete_turn` to that move, or not at all;
//! 11. [`Check::Briefs`]: a game that plays turns read as briefs plays
//!     each as `play` plays the turn it stands for, legal or not;
//! 12. [`Check::Perft`]: move counts from the start position are the same
//!     counted twice, and the ones the kit expects.
//!
//! A check that cannot apply to a game (no marks in any of its moves, no
//! phrases, no hooks, no columns of its own) is reported [`Outcome::Skipped`] with the reason.
//!
//! ```
//! use billes_game::conformance::{check, Kit};
//! use billes_core::barricade::Barricade;
//!
//! let kit = Kit::default().with_seeds([1]).with_max_turns(60);
//! let report = check(&Barricade::default(), &kit)?;
//! assert_eq!(report.game, "barricade");
//! # Ok::<(), billes_game::conformance::Failure>(())
//! ```

mod checks;
#[cfg(test)]
mod tests;

use std::fmt;

use billes_notation::{Game, Line, Outcome as ResultToken, Tag, Turn};

use crate::game::{GameRules, Move, PlayError, Roll};
use crate::variant::NoHooks;
use crate::SimOptions;

pub use checks::{
    briefs, complete_turn, describe, hooks, legal_moves_play, marks, perft, position_tag,
    round_trip, simulate, turn_columns, unlisted_refused,
};

/// The options of the kit: which games it simulates and what it expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kit {
    /// The seeds of the simulated games, one game each (default 1, 2, 3).
    pub seeds: Vec<u64>,
    /// How the games are simulated: the seats and the cap on turns
    /// (default two players, 300 turns).
    pub sim: SimOptions,
    /// The perft counts expected from the start position, as `(depth,
    /// count)`; `None` (the default): the counts are only checked stable.
    pub perft: Option<Vec<(u32, u64)>>,
    /// The depth counted when no counts are expected (default 2).
    pub perft_depth: u32,
    /// How many positions of each game replay the rest of the game from
    /// their `Position` tag (default 8; every position is set up from its
    /// tag).
    pub tag_replays: usize,
    /// Whether the game lists one move for each position a roll reaches,
    /// as backgammon programs do (Parcheesi's complete turns, whose parts
    /// may be written in any order that plays): a move not listed is then
    /// accepted only when it reaches the position of a listed one
    /// (default false: a move not listed is refused).
    pub by_position: bool,
    /// How many moves not listed are tried at each position and roll, at
    /// most (default: all). A game of two dice has 36 rolls, and the
    /// moves tried grow as their square.
    pub max_unlisted: Option<usize>,
}

impl Default for Kit {
    fn default() -> Self {
        Kit {
            seeds: vec![1, 2, 3],
            sim: SimOptions {
                max_turns: 300,
                ..SimOptions::default()
            },
            perft: None,
            perft_depth: 2,
            tag_replays: 8,
            by_position: false,
            max_unlisted: None,
        }
    }
}

impl Kit {
    /// The kit with these seeds.
    pub fn with_seeds(mut self, seeds: impl IntoIterator<Item = u64>) -> Kit {
        self.seeds = seeds.into_iter().collect();
        self
    }

    /// The kit with this cap on the turns of a simulated game.
    pub fn with_max_turns(mut self, max_turns: u32) -> Kit {
        self.sim.max_turns = max_turns;
        self
    }

    /// The kit with this many players in the simulated games.
    pub fn with_players(mut self, players: usize) -> Kit {
        self.sim.players = players;
        self
    }

    /// The kit expecting these perft counts from the start position, as
    /// `(depth, count)`.
    pub fn with_perft(mut self, counts: &[(u32, u64)]) -> Kit {
        self.perft = Some(counts.to_vec());
        self
    }
}

/// One check of the kit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Check {
    /// [`simulate`]: seeded simulation is deterministic and replays.
    Simulate,
    /// [`legal_moves_play`]: every listed move plays.
    LegalMovesPlay,
    /// [`unlisted_refused`]: a move not listed is refused.
    UnlistedRefused,
    /// [`marks`]: missing marks accepted, false marks refused.
    Marks,
    /// [`describe`]: the phrases, the winner's included.
    Describe,
    /// [`round_trip`]: the record's text round trip.
    RoundTrip,
    /// [`position_tag`]: replay from any `Position` tag the game writes.
    PositionTag,
    /// [`hooks`]: hooks offered only when served.
    Hooks,
    /// [`turn_columns`]: the game's own columns and their cells.
    TurnColumns,
    /// [`complete_turn`]: a written turn completed as the list has it.
    CompleteTurn,
    /// [`briefs`]: a turn read as a brief plays as the turn does.
    Briefs,
    /// [`perft`]: move counts stable.
    Perft,
}

impl Check {
    /// Every check, in the order [`check`] runs them.
    pub const ALL: [Check; 12] = [
        Check::Simulate,
        Check::LegalMovesPlay,
        Check::UnlistedRefused,
        Check::Marks,
        Check::Describe,
        Check::RoundTrip,
        Check::PositionTag,
        Check::Hooks,
        Check::TurnColumns,
        Check::CompleteTurn,
        Check::Briefs,
        Check::Perft,
    ];

    /// The check's name, as reports and failures write it.
    pub const fn name(self) -> &'static str {
        match self {
            Check::Simulate => "seeded simulate",
            Check::LegalMovesPlay => "legal moves play",
            Check::UnlistedRefused => "moves not listed refused",
            Check::Marks => "marks",
            Check::Describe => "describe",
            Check::RoundTrip => "fmt round trip",
            Check::PositionTag => "position tag",
            Check::Hooks => "hooks",
            Check::TurnColumns => "turn columns",
            Check::CompleteTurn => "complete turn",
            Check::Briefs => "briefs",
            Check::Perft => "perft",
        }
    }
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a check that did not fail says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The check ran and held: what it checked (`"1204 moves in 3 games"`).
    Passed(String),
    /// The check could not apply to the game: why.
    Skipped(String),
}

/// What [`check`] found of a game whose rules keep every check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The game's name ([`GameRules::NAME`]).
    pub game: &'static str,
    /// Each check and its outcome, in [`Check::ALL`]'s order.
    pub checks: Vec<(Check, Outcome)>,
}

impl Report {
    /// The outcome of `check`.
    pub fn outcome(&self, check: Check) -> Option<&Outcome> {
        self.checks
            .iter()
            .find(|(c, _)| *c == check)
            .map(|(_, o)| o)
    }

    /// The checks skipped, with why.
    pub fn skipped(&self) -> impl Iterator<Item = (Check, &str)> {
        self.checks.iter().filter_map(|(c, o)| match o {
            Outcome::Skipped(why) => Some((*c, why.as_str())),
            Outcome::Passed(_) => None,
        })
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (check, outcome) in &self.checks {
            match outcome {
                Outcome::Passed(what) => writeln!(f, "{}: {check}: passed ({what})", self.game)?,
                Outcome::Skipped(why) => writeln!(f, "{}: {check}: skipped ({why})", self.game)?,
            }
        }
        Ok(())
    }
}

/// A check the game's rules do not keep: which, where, and what went wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{check} failed for {game}{}: {message}", place(*.seed, *.turn))]
pub struct Failure {
    /// The check that failed.
    pub check: Check,
    /// The game's name.
    pub game: &'static str,
    /// The seed of the simulated game it failed in (`None`: no simulated
    /// game, as perft's from the start position).
    pub seed: Option<u64>,
    /// The number of the turn it failed at (`None`: the whole game).
    pub turn: Option<u32>,
    /// What went wrong.
    pub message: String,
}

/// `, seed 3, turn 12`, or as much of it as is known.
fn place(seed: Option<u64>, turn: Option<u32>) -> String {
    let mut out = String::new();
    if let Some(seed) = seed {
        out.push_str(&format!(", seed {seed}"));
    }
    if let Some(turn) = turn {
        out.push_str(&format!(", turn {turn}"));
    }
    out
}

/// Runs every check of the kit on `rules`, in [`Check::ALL`]'s order.
///
/// # Errors
/// The first check the rules do not keep.
pub fn check<R: GameRules>(rules: &R, kit: &Kit) -> Result<Report, Failure> {
    let (games, simulated) = simulate(rules, kit)?;
    let checks = vec![
        (Check::Simulate, simulated),
        (Check::LegalMovesPlay, legal_moves_play(rules, &games)?),
        (
            Check::UnlistedRefused,
            unlisted_refused(rules, &games, kit)?,
        ),
        (Check::Marks, marks(rules, &games)?),
        (Check::Describe, describe(rules, &games)?),
        (Check::RoundTrip, round_trip(rules, &games)?),
        (Check::PositionTag, position_tag(rules, &games, kit)?),
        (Check::Hooks, hooks(rules, &games, kit)?),
        (Check::TurnColumns, turn_columns(rules, &games)?),
        (Check::CompleteTurn, complete_turn(rules, &games)?),
        (Check::Briefs, briefs(rules, &games)?),
        (Check::Perft, perft(rules, &games, kit)?),
    ];
    Ok(Report {
        game: rules.kind().name(),
        checks,
    })
}

/// [`check`] in a test: the report, printed for `--nocapture`, or a panic
/// with the failure's message. The one line a game's tests write:
///
/// ```
/// use billes_core::offboard::Offboard;
/// use billes_game::conformance::{assert_conforms, Kit};
///
/// assert_conforms(&Offboard::default(), &Kit::default().with_seeds([5]).with_max_turns(40));
/// ```
///
/// # Panics
/// When a check fails, with its [`Failure`]'s message.
pub fn assert_conforms<R: GameRules>(rules: &R, kit: &Kit) -> Report {
    match check(rules, kit) {
        Ok(report) => {
            print!("{report}");
            report
        }
        Err(failure) => panic!("{failure}"),
    }
}

/// [`assert_conforms`] for a game whose checks take a minute or more on
/// one core: each of the kit's seeds is checked on a thread of its own,
/// as a kit of that seed alone, with rules `rules` makes on that thread (a
/// game's rules need not be shared between threads). The reports, one a
/// seed in the kit's order, are printed and returned; the failure of the
/// first seed that fails is the panic's message.
///
/// ```
/// use billes_core::offboard::Offboard;
/// use billes_game::conformance::{assert_conforms_side_by_side, Kit};
///
/// let kit = Kit::default().with_seeds([5, 6]).with_max_turns(40);
/// let reports = assert_conforms_side_by_side(Offboard::default, &kit);
/// assert_eq!(reports.len(), 2);
/// ```
///
/// # Panics
/// When a check fails, with its [`Failure`]'s message.
pub fn assert_conforms_side_by_side<R: GameRules>(
    rules: impl Fn() -> R + Sync,
    kit: &Kit,
) -> Vec<Report> {
    let results: Vec<Result<Report, Failure>> = std::thread::scope(|scope| {
        let threads: Vec<_> = (kit.seeds.iter())
            .map(|&seed| {
                let rules = &rules;
                let kit = kit.clone().with_seeds([seed]);
                scope.spawn(move || check(&rules(), &kit))
            })
            .collect();
        (threads.into_iter())
            .map(|thread| match thread.join() {
                Ok(result) => result,
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    });
    let mut reports = Vec::new();
    for result in results {
        match result {
            Ok(report) => {
                print!("{report}");
                reports.push(report);
            }
            Err(failure) => panic!("{failure}"),
        }
    }
    reports
}

/// A simulated game and every position of it.
#[derive(Debug, Clone)]
pub struct Played<S> {
    /// The seed it was simulated with.
    pub seed: u64,
    /// The record.
    pub record: Game,
    /// The position before each turn, and the last one: one more than the
    /// turns.
    pub states: Vec<S>,
}

impl<S> Played<S> {
    /// Each position before a turn, with the number of that turn and the
    /// turn the record plays there.
    fn positions(&self) -> impl Iterator<Item = (u32, &S, &Turn)> {
        self.states
            .iter()
            .zip(&self.record.line.turns)
            .enumerate()
            .map(|(i, (s, t))| (i as u32 + 1, s, t))
    }

    /// The last position.
    fn last(&self) -> &S {
        self.states.last().expect("a start position")
    }
}

/// The failure of `check` in `rules`'s game, at `seed` and `turn`.
fn fail<R: GameRules>(
    check: Check,
    seed: Option<u64>,
    turn: Option<u32>,
    message: impl Into<String>,
) -> Failure {
    Failure {
        check,
        game: R::NAME,
        seed,
        turn,
        message: message.into(),
    }
}

/// The record's header: its tags, no turns, an unfinished result.
fn header(record: &Game) -> Game {
    Game {
        tags: record.tags.clone(),
        line: Line::default(),
        outcome: ResultToken::default(),
        span: Default::default(),
    }
}

/// `header` with its `Position` tag set to `value`.
fn with_position(header: &Game, value: String) -> Game {
    let mut game = header.clone();
    game.tags.retain(|t| t.name != "Position");
    game.tags.push(Tag {
        name: "Position".to_string(),
        value,
        span: Default::default(),
    });
    game
}

/// The rolls a turn may start with: every face, or none without dice.
fn rolls<R: GameRules>(rules: &R) -> Vec<Option<Roll>> {
    if rules.kind().has_dice() {
        Roll::all(rules.kind().dice())
            .into_iter()
            .map(Some)
            .collect()
    } else {
        vec![None]
    }
}

/// A roll and the legal moves with it.
type RollMoves = (Option<Roll>, Vec<Move>);

/// The legal moves of the seat to act at `state`, for each roll (empty
/// once the game is over).
fn lists<R: GameRules>(
    rules: &R,
    state: &R::State,
    number: u32,
) -> Result<Vec<RollMoves>, PlayError> {
    let seat = match rules.to_act(state) {
        Some(seat) if !rules.is_over(state) => seat,
        _ => return Ok(Vec::new()),
    };
    rolls(rules)
        .into_iter()
        .map(|roll| {
            let moves = rules.legal_moves(state, seat, roll, number, &NoHooks)?;
            Ok((roll, moves))
        })
        .collect()
}
