//! One object-safe face for a game's rules, whatever they are: the standard
//! rules of a game ([`Standard`]) or a variant (the `billes-lua` crate's
//! `Variant`). The verbs that replay, draw, describe or compare records take
//! a `&dyn Engine`, so they follow a record's house rules without knowing
//! them.
//!
//! Each game's engine is generic (its [`Rules`], with or without hooks); the
//! generic functions here ([`replay_observed_with`], [`crate::game::replay_views_with`],
//! [`describe_valid_with`], [`start_board_with`]) are what an [`Engine`]
//! implementation calls once it has matched its rules' type.
//!
//! ```
//! use std::ops::ControlFlow;
//!
//! use billes_core::{Engine, GameKind, Standard};
//!
//! let record = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R1 r9-r10\n*\n";
//! let game = billes_notation::parse_game(record).unwrap();
//! let engine: &dyn Engine = &Standard::new(billes_core::aggravation::KIND);
//! assert_eq!(engine.replay(&game, &mut |_| ControlFlow::Continue(())).unwrap().turns, 2);
//! // An observer that has what it wants stops the replay: turn 2 is not played.
//! let stopped = engine.replay(&game, &mut |_| ControlFlow::Break(())).unwrap();
//! assert_eq!((stopped.turns, stopped.stopped), (1, true));
//! assert_eq!(engine.describe(&game).unwrap()[1].phrases, ["moved 1 hole"]);
//! ```

use std::ops::ControlFlow;

use billes_notation::{Game, Recovered, Unreadable};

use crate::events::{read_with, Reader};
use crate::game::{Position, RulesPosition};
use crate::view::ViewStep;
use crate::{describe_with, Describe, Described};
use crate::{
    replay_with, validate_with, with_standard, Checked, ErrorKind, Flow, GameKind, Observed,
    ReplayError, Rules, Seen, Step, StreamCheck, Summary, TurnCheck,
};

/// A game's rules, standard or varied, behind one object-safe interface.
pub trait Engine {
    /// The game the rules are for.
    fn game(&self) -> GameKind;

    /// Replays `game`, as [`crate::replay()`] does, under these rules. The
    /// observer answers [`ControlFlow::Break`] to stop the replay after the
    /// turn it sees: the summary is then [`stopped`](Summary::stopped).
    ///
    /// # Errors
    /// The first mistake in the record, up to where the observer stopped.
    fn replay(
        &self,
        game: &Game,
        observe: &mut dyn FnMut(&Observed<'_>) -> ControlFlow<()>,
    ) -> Result<Summary, ReplayError>;

    /// Checks `game` as [`replay()`](Engine::replay) does, with no observer.
    ///
    /// # Errors
    /// The first mistake in the record.
    fn validate(&self, game: &Game) -> Result<Summary, ReplayError> {
        self.replay(game, &mut |_| ControlFlow::Continue(()))
    }

    /// Every mistake of `game`, as [`crate::check_all_with`] finds them:
    /// the check goes on after a mistake wherever the record can still be
    /// followed. Empty for a valid record. Slower than
    /// [`validate`](Engine::validate): for a record known to hold a mistake.
    /// The default gives the first mistake only.
    fn check_all(&self, game: &Game) -> Vec<ReplayError> {
        self.validate(game).err().into_iter().collect()
    }

    /// Every mistake of `game` as [`check_all`](Engine::check_all) finds
    /// them, the game read past its syntax errors: `read` are its
    /// unreadable turns ([`billes_notation::Recovered`]), the check going
    /// on past each one's stand-in when its move can be found
    /// ([`crate::check_read_with`]). With `observe`, each turn the check
    /// goes through is shown, with the positions it played it from and
    /// went on from ([`crate::check_observed_with`]): the position at a
    /// turn, past the mistakes before it. The default gives
    /// [`check_all`](Engine::check_all)'s mistakes and shows nothing.
    fn check_record(
        &self,
        game: &Game,
        read: &[Unreadable],
        observe: Option<&mut dyn FnMut(&Seen<'_>)>,
    ) -> Checked {
        let _ = observe;
        Checked {
            errors: self.check_all(game),
            read: vec![None; read.len()],
            ..Checked::default()
        }
    }

    /// Writes into `game` the effect marks its moves imply, in every turn
    /// the check plays as written (past its mistakes too), and finds its
    /// mistakes ([`crate::mark_record_with`]). The default writes none.
    fn mark_record(&self, game: &mut Game) -> Checked {
        Checked {
            errors: self.check_all(game),
            ..Checked::default()
        }
    }

    /// The check of the record whose tags `head` holds, its turns to be
    /// handed over as they are read ([`TurnCheck`]): the checks of
    /// [`validate`](Engine::validate), turn for turn. `None` when these
    /// rules check whole records only (the default): the caller then
    /// parses the record and calls [`validate`](Engine::validate).
    ///
    /// # Errors
    /// As [`validate`](Engine::validate), for the tags.
    fn stream(&self, head: &Game) -> Option<Result<Box<dyn TurnCheck + '_>, ReplayError>> {
        let _ = head;
        None
    }

    /// Replays `game` under these rules, main line and variations, telling
    /// `reader` what happens: the replay stream
    /// ([`crate::events::read_with`]), what shows or reads a whole record
    /// (the HTML viewer, `billes replay`) instead of a walk of its own.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    ///
    /// use billes_core::events::{Mistake, Reader};
    /// use billes_core::{Engine, GameKind, Standard};
    ///
    /// /// The record's first mistake.
    /// struct First(Option<String>);
    ///
    /// impl Reader for First {
    ///     fn mistake(&mut self, m: &Mistake<'_>) -> ControlFlow<()> {
    ///         self.0 = Some(m.error.message.clone());
    ///         ControlFlow::Break(())
    ///     }
    /// }
    ///
    /// let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R3 r9-r10\n*\n";
    /// let game = billes_notation::parse_game(record).unwrap();
    /// let engine: &dyn Engine = &Standard::new(billes_core::aggravation::KIND);
    /// let mut first = First(None);
    /// engine.read(&game, &mut first).unwrap();
    /// assert_eq!(first.0, engine.validate(&game).err().map(|e| e.message));
    /// ```
    ///
    /// # Errors
    /// When the record is of another game or rules, or its tags describe
    /// no start position: the reader is then told nothing.
    fn read(&self, game: &Game, reader: &mut dyn Reader) -> Result<(), ReplayError>;

    /// Replays `game` showing the view of every position, as
    /// [`replay_views`] does, under these rules.
    ///
    /// # Errors
    /// The first mistake in the record.
    fn replay_views(
        &self,
        game: &Game,
        observe: &mut dyn FnMut(&ViewStep<'_>) -> ControlFlow<()>,
    ) -> Result<Summary, ReplayError>;

    /// What every turn did, as [`crate::describe()`] tells it, under these
    /// rules. Only a valid record is described.
    ///
    /// # Errors
    /// The first mistake in the record.
    fn describe(&self, game: &Game) -> Result<Vec<Described>, ReplayError>;

    /// The start position of `game` as a text board.
    ///
    /// # Errors
    /// When the record's tags describe no start position.
    fn start_board(&self, game: &Game) -> Result<String, ReplayError>;

    /// The start position of `game` (its `Seats`, `Teams` and `Position`
    /// tags) under these rules, for the game API.
    ///
    /// # Errors
    /// When the record is of another game or rules, or its tags describe
    /// no start position.
    fn start(&self, game: &Game) -> Result<Box<dyn Position + '_>, ReplayError>;

    /// The position these tags describe (`Seats`, `Teams`, `Position`; the
    /// `Game` tag is the engine's), for asking about a position without a
    /// record.
    ///
    /// # Errors
    /// When the tags describe no position.
    fn position(&self, tags: &[(&str, &str)]) -> Result<Box<dyn Position + '_>, ReplayError> {
        self.start(&crate::game::position::tags_game(self.game(), tags))
    }
}

impl std::fmt::Debug for dyn Engine + '_ {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Engine({})", self.game())
    }
}

/// A game's standard rules as an [`Engine`]. Used alone, as a library, the
/// core knows no other rules: a record whose `Rules` tag names anything but
/// `standard` is refused rather than played under the wrong rules. Where a
/// record's rules are decided (the `billes-archive` crate's `rules` module,
/// which loads variants through `billes-lua`), the tag has been read: the
/// rules it chose are [`Standard::forced`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standard {
    game: GameKind,
    /// Whether a record's `Rules` tag is ignored.
    forced: bool,
}

impl Standard {
    /// The standard rules of `game`.
    pub const fn new(game: GameKind) -> Standard {
        Standard {
            game,
            forced: false,
        }
    }

    /// The standard rules of `game`, whatever a record's `Rules` tag says:
    /// what `--rules standard` forces on every record, and what a record's
    /// rules resolved to the standard ones play.
    pub const fn forced(game: GameKind) -> Standard {
        Standard { game, forced: true }
    }

    /// The standard rules of the game a record's `Game` tag names.
    ///
    /// # Errors
    /// A tag error when the tag is missing or names no known game.
    pub fn of(game: &Game) -> Result<Standard, ReplayError> {
        crate::registry::of(game).map(Standard::new)
    }

    fn check(&self, game: &Game) -> Result<(), ReplayError> {
        check_game(self.game, "the standard rules are", game)?;
        if self.forced {
            return Ok(());
        }
        check_rules_tag(game)
    }
}

impl Engine for Standard {
    fn game(&self) -> GameKind {
        self.game
    }

    fn replay(
        &self,
        game: &Game,
        observe: &mut dyn FnMut(&Observed<'_>) -> ControlFlow<()>,
    ) -> Result<Summary, ReplayError> {
        self.check(game)?;
        with_standard!(self.game, r => replay_observed_with(r, game, observe))
    }

    fn validate(&self, game: &Game) -> Result<Summary, ReplayError> {
        self.check(game)?;
        with_standard!(self.game, r => validate_with(r, game))
    }

    fn stream(&self, head: &Game) -> Option<Result<Box<dyn TurnCheck + '_>, ReplayError>> {
        let start = || -> Result<Box<dyn TurnCheck + '_>, ReplayError> {
            self.check(head)?;
            Ok(with_standard!(self.game, r => Box::new(StreamCheck::new(r, head)?)))
        };
        Some(start())
    }

    fn check_all(&self, game: &Game) -> Vec<ReplayError> {
        self.check_record(game, &[], None).errors
    }

    fn check_record(
        &self,
        game: &Game,
        read: &[Unreadable],
        observe: Option<&mut dyn FnMut(&Seen<'_>)>,
    ) -> Checked {
        if let Err(e) = self.check(game) {
            return Checked::refused(e, read);
        }
        with_standard!(self.game, r => match observe {
            Some(observe) => crate::check_observed_with(r, game, read, observe),
            None => crate::check_read_with(r, game, read),
        })
    }

    fn mark_record(&self, game: &mut Game) -> Checked {
        if let Err(e) = self.check(game) {
            return Checked::refused(e, &[]);
        }
        with_standard!(self.game, r => crate::mark_record_with(r, game))
    }

    fn read(&self, game: &Game, reader: &mut dyn Reader) -> Result<(), ReplayError> {
        self.check(game)?;
        with_standard!(self.game, r => read_with(r, game, reader))
    }

    fn replay_views(
        &self,
        game: &Game,
        observe: &mut dyn FnMut(&ViewStep<'_>) -> ControlFlow<()>,
    ) -> Result<Summary, ReplayError> {
        self.check(game)?;
        with_standard!(self.game, r => crate::game::replay_views_with(r, game, observe))
    }

    fn describe(&self, game: &Game) -> Result<Vec<Described>, ReplayError> {
        self.check(game)?;
        with_standard!(self.game, r => describe_valid_with(r, game))
    }

    fn start_board(&self, game: &Game) -> Result<String, ReplayError> {
        check_game(self.game, "the standard rules are", game)?;
        with_standard!(self.game, r => start_board_with(r, game))
    }

    fn start(&self, game: &Game) -> Result<Box<dyn Position + '_>, ReplayError> {
        self.check(game)?;
        with_standard!(self.game, r => Ok(Box::new(RulesPosition::start(r, game)?)))
    }
}

/// Checks that `game` is a record of `kind`, which the rules `subject` names
/// are for (`subject`: "variant malefiz is", for the message).
///
/// # Errors
/// A tag error when the `Game` tag is missing or unknown; a variant error
/// when it names another game.
pub fn check_game(kind: GameKind, subject: &str, game: &Game) -> Result<(), ReplayError> {
    let of = crate::registry::of(game)?;
    if of == kind {
        return Ok(());
    }
    let span = game.tag_entry("Game").map_or(game.span, |t| t.span);
    Err(ReplayError::new(
        crate::ErrorKind::Variant,
        span,
        format!("{subject} for {kind}, not {of}"),
    ))
}

/// Replays `game` under `rules`, showing the observer each main-line turn
/// and the position after it as a [`crate::TextBoard`]; the observer may stop the
/// replay, as with [`replay_with`].
///
/// # Errors
/// The first mistake in the record.
pub fn replay_observed_with<R: Rules, F: Flow>(
    rules: &R,
    game: &Game,
    observe: &mut dyn FnMut(&Observed<'_>) -> F,
) -> Result<Summary, ReplayError> {
    replay_with(rules, game, &mut |step: &Step<'_, R::State>| {
        observe(&Observed {
            index: step.index,
            turn: step.turn,
            board: &billes_game::replay::BoardOf {
                rules,
                state: step.state,
            },
        })
        .flow()
    })
}

/// Replays `game` under `rules` and, when it is valid, describes every turn
/// (main line and variations) as [`describe_with`] does.
///
/// # Errors
/// The first mistake in the record.
pub fn describe_valid_with<R: Describe>(
    rules: &R,
    game: &Game,
) -> Result<Vec<Described>, ReplayError> {
    replay_with(rules, game, &mut |_| {})?;
    describe_with(rules, game)
}

/// The start position of `game` under `rules`, as a text board.
///
/// # Errors
/// When the record's tags describe no start position.
pub fn start_board_with<R: Rules>(rules: &R, game: &Game) -> Result<String, ReplayError> {
    Ok(rules.text_board(&rules.setup(game)?))
}

/// The core alone knows only the standard rules: a `Rules` tag naming
/// anything else is reported rather than silently ignored. (Which rules a
/// record is played under is decided by the `billes-archive` crate's
/// `rules` module, not here.)
pub(crate) fn check_rules_tag(game: &Game) -> Result<(), ReplayError> {
    match game.tag_entry("Rules") {
        Some(tag) if !tag.value.trim().eq_ignore_ascii_case("standard") => Err(ReplayError::new(
            ErrorKind::Variant,
            tag.span,
            format!(
                "unknown rules \"{}\": only the standard rules are built in",
                tag.value
            ),
        )),
        _ => Ok(()),
    }
}

/// Describes every turn of a record, main line and variations, under its
/// game's standard rules. The result has one entry per main-line turn.
///
/// The record is replayed first: only a valid record is described.
///
/// ```
/// let record = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R3 r9-r12\n3. B1 +\n*\n";
/// let game = billes_notation::parse_game(record).unwrap();
/// let turns = billes_core::describe(&game).unwrap();
/// assert_eq!(turns[0].phrases, ["marble entered", "rolls again"]);
/// assert_eq!(turns[2].phrases, ["marble entered"]);
/// ```
///
/// # Errors
/// The first mistake in the record, as [`crate::replay()`] reports it.
pub fn describe(game: &Game) -> Result<Vec<Described>, ReplayError> {
    Standard::of(game)?.describe(game)
}

/// Replays a record like [`crate::replay()`], showing the observer the view of
/// the start position and of the position after every main-line turn.
///
/// # Errors
/// The first mistake in the record; the observer has seen every position
/// before it.
pub fn replay_views(
    game: &Game,
    observe: &mut dyn FnMut(&ViewStep<'_>) -> ControlFlow<()>,
) -> Result<Summary, ReplayError> {
    Standard::of(game)?.replay_views(game, observe)
}

/// The position of `game` under `engine` after its first `turns` main-line
/// turns (0: the start), each written turn checked by the game's checker.
///
/// ```
/// use billes_core::{GameKind, Standard};
///
/// let record = billes_notation::parse_game("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R1 r9-r10\n*\n")?;
/// let engine = Standard::new(billes_core::aggravation::KIND);
/// let pos = billes_core::position_after(&engine, &record, 1)?;
/// assert_eq!(pos.position_tag(), "R:r9 again=R");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// When the record's tags describe no position, or one of those turns is
/// wrong (the error placed in its turn).
pub fn position_after<'e>(
    engine: &'e dyn Engine,
    game: &billes_notation::Game,
    turns: u32,
) -> Result<Box<dyn Position + 'e>, ReplayError> {
    let mut pos = engine.start(game)?;
    for turn in game.line.turns.iter().take(turns as usize) {
        pos.play_turn(turn)
            .map_err(|e| e.in_turn(turn.number, turn.head.seat.as_str()))?;
    }
    Ok(pos)
}

/// Every mistake of a game read past its syntax errors ([`Recovered`]),
/// as [`Engine::check_record`] finds them, and what the check did about
/// each unreadable turn ([`Checked::read`], one per syntax error, in their
/// order): the one check `billes validate` and the language server give
/// such a game. A turn standing in for an unreadable one is gone past when
/// its move can be found; the main line stops at the first turn left out
/// (its head could not be read either), whose note is
/// [`UNREADABLE`](crate::UNREADABLE): the game is then not followed to its
/// end, and its result is not checked. `observe` is shown each turn the
/// check goes through, as [`Engine::check_record`] shows it.
pub fn check_recovered(
    engine: &dyn Engine,
    read: &Recovered,
    observe: Option<&mut dyn FnMut(&Seen<'_>)>,
) -> Checked {
    let left_out = read.unreadable.iter().position(|u| u.stand_in.is_none());
    let Some(k) = left_out else {
        return engine.check_record(&read.game, &read.unreadable, observe);
    };
    let stop = read.unreadable[k].start;
    let mut game = read.game.clone();
    game.line.turns.retain(|t| t.span.start < stop);
    game.tags.retain(|t| t.name != "Result");
    game.outcome = Default::default();
    let mut checked = engine.check_record(&game, &read.unreadable, observe);
    checked.read[k] = Some(crate::UNREADABLE.to_string());
    checked
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Game {
        billes_notation::parse_game(text).expect("record parses")
    }

    #[test]
    fn standard_refuses_other_games_and_rules() {
        let barricade = game("[Game \"barricade\"]\n[Seats \"R G\"]\n\n*\n");
        let engine = Standard::new(crate::aggravation::KIND);
        let err = engine
            .replay(&barricade, &mut |_| ControlFlow::Continue(()))
            .unwrap_err();
        assert_eq!(err.kind, crate::ErrorKind::Variant);
        assert!(
            err.message.contains("for aggravation, not barricade"),
            "{}",
            err.message
        );
        let tagged =
            game("[Game \"aggravation\"]\n[Rules \"five-marbles\"]\n[Seats \"R G\"]\n\n*\n");
        let err = engine
            .replay_views(&tagged, &mut |_| ControlFlow::Continue(()))
            .unwrap_err();
        assert_eq!(err.kind, crate::ErrorKind::Variant);
    }

    #[test]
    fn standard_matches_the_game_rules() {
        // The game's own rules, called without the engine's dispatch.
        let record = game("[Game \"barricade\"]\n[Seats \"R G\"]\n\n1. R6 h-h1\n*\n");
        let rules = crate::barricade::Barricade::default();
        let engine = Standard::of(&record).unwrap();
        assert_eq!(engine.game(), crate::barricade::KIND);
        assert_eq!(
            engine
                .replay(&record, &mut |_| ControlFlow::Continue(()))
                .unwrap(),
            replay_with(&rules, &record, &mut |_| {}).unwrap()
        );
        assert_eq!(
            engine.describe(&record).unwrap(),
            describe_with(&rules, &record).unwrap()
        );
        assert_eq!(
            engine.start_board(&record).unwrap(),
            rules.text_board(&rules.setup(&record).unwrap())
        );
        let mut boards = Vec::new();
        engine
            .replay(&record, &mut |o| {
                boards.push(o.board.text_board());
                ControlFlow::Continue(())
            })
            .unwrap();
        let mut state = rules.setup(&record).unwrap();
        rules.play(&mut state, &record.line.turns[0]).unwrap();
        assert_eq!(boards, [rules.text_board(&state)]);
        let mut views = 0;
        engine
            .replay_views(&record, &mut |_| {
                views += 1;
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(views, 2);
    }

    #[test]
    fn an_observer_stops_the_replay() {
        // Turn 2 is illegal (R moves again) and the result names no winner
        // of this position: stopping after turn 1 checks neither.
        let record = game("[Game \"barricade\"]\n[Seats \"R G\"]\n\n1. R6 h-h1\n2. R1 h-h2\n=R\n");
        let engine = Standard::of(&record).unwrap();
        assert!(engine.validate(&record).is_err());
        let mut seen = Vec::new();
        let summary = engine
            .replay(&record, &mut |o| {
                seen.push(o.index);
                ControlFlow::Break(())
            })
            .unwrap();
        assert_eq!(seen, [1]);
        assert_eq!((summary.turns, summary.stopped), (1, true));
        let whole = engine
            .replay(&record, &mut |_| ControlFlow::Continue(()))
            .unwrap_err();
        assert_eq!(whole.turn, Some(2));
        let mut views = Vec::new();
        let summary = engine
            .replay_views(&record, &mut |v| {
                views.push(v.index);
                if v.index == 0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .unwrap();
        assert_eq!(views, [0]);
        assert_eq!((summary.turns, summary.stopped), (0, true));
    }
}
