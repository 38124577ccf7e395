//! The rules a record is played under: a variant forced on every record
//! (`--rules`), else the record's own `Rules` tag, else the game's standard
//! rules.

use std::path::Path;
use std::rc::Rc;

use billes_core::{Engine, GameKind, Observed, ReplayError, Standard, Summary};
use billes_lua::VariantSource;
use billes_notation::Game;

/// How the rules of each record are chosen. The default reads each
/// record's `Rules` tag.
///
/// A script path in a `Rules` tag is relative to the record's folder: the
/// methods that take a file name (`<stdin>` or a path) look it up from the
/// folder of that path (the current folder for a bare file name).
///
/// ```
/// use billes_archive::Rules;
///
/// let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R1 + *\n";
/// let game = billes_notation::parse_game(record).unwrap();
/// // Standard rules: a 1 enters a marble.
/// assert!(Rules::default().validate("club.bgn", &game).is_ok());
/// // Under a variant forced on every record, whatever the tags say.
/// let forced = Rules::forced(billes_lua::VariantSource::shipped("no-shortcuts").unwrap());
/// assert!(forced.validate("club.bgn", &game).is_ok());
/// // The standard rules forced over a record's tag.
/// let tagged = "[Game \"aggravation\"]\n[Rules \"five-marbles\"]\n[Seats \"R G\"]\n\n1. R1 + *\n";
/// let game = billes_notation::parse_game(tagged).unwrap();
/// assert!(Rules::standard().validate("club.bgn", &game).is_ok());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rules {
    forced: Option<VariantSource>,
    /// The standard rules forced on every record (`--rules standard`).
    standard: bool,
}

impl Rules {
    /// Each record under its own `Rules` tag (the default).
    pub const fn from_tags() -> Rules {
        Rules {
            forced: None,
            standard: false,
        }
    }

    /// Every record under `source`, whatever its `Rules` tag says.
    pub fn forced(source: VariantSource) -> Rules {
        Rules {
            forced: Some(source),
            standard: false,
        }
    }

    /// Every record under its game's standard rules, whatever its `Rules`
    /// tag says (`--rules standard`).
    pub const fn standard() -> Rules {
        Rules {
            forced: None,
            standard: true,
        }
    }

    /// `forced` when given, else each record's `Rules` tag.
    pub fn from_option(forced: Option<VariantSource>) -> Rules {
        Rules {
            forced,
            standard: false,
        }
    }

    /// Whether the standard rules are forced on every record.
    pub fn is_standard(&self) -> bool {
        self.standard
    }

    /// The variant forced on every record, if any.
    pub fn forced_source(&self) -> Option<&VariantSource> {
        self.forced.as_ref()
    }

    /// The rules engine of `game`, read from the file `name`.
    ///
    /// # Errors
    /// An unknown variant, a script that does not load, or a record of no
    /// known game.
    pub fn engine(&self, name: &str, game: &Game) -> Result<Rc<dyn Engine>, ReplayError> {
        if self.standard {
            return Ok(Rc::new(Standard::forced(GameKind::of(game)?)));
        }
        billes_lua::engine(game, record_dir(name), self.forced.as_ref())
    }

    /// Replays `game`, read from the file `name`, calling `observe` after
    /// each turn. Safe to call from several threads: each loads a variant
    /// once.
    ///
    /// # Errors
    /// The first mistake in the record.
    pub fn replay(
        &self,
        name: &str,
        game: &Game,
        observe: &mut dyn FnMut(&Observed<'_>) -> std::ops::ControlFlow<()>,
    ) -> Result<Summary, ReplayError> {
        if self.standard {
            return Standard::forced(GameKind::of(game)?).replay(game, observe);
        }
        billes_lua::replay(game, record_dir(name), self.forced.as_ref(), observe)
    }

    /// Checks `game`, read from the file `name`, as [`Rules::replay`] does
    /// without an observer.
    ///
    /// # Errors
    /// The first mistake in the record.
    pub fn validate(&self, name: &str, game: &Game) -> Result<Summary, ReplayError> {
        self.validate_in(record_dir(name), game)
    }

    /// Checks `game`, a script path in its `Rules` tag being relative to
    /// `dir` (`None`: the current folder).
    ///
    /// # Errors
    /// The first mistake in the record.
    pub fn validate_in(&self, dir: Option<&Path>, game: &Game) -> Result<Summary, ReplayError> {
        if self.standard {
            return Standard::forced(GameKind::of(game)?).validate(game);
        }
        billes_lua::validate(game, dir, self.forced.as_ref())
    }

    /// Every mistake of `game`, a script path in its `Rules` tag being
    /// relative to `dir`: the check goes on after a mistake wherever the
    /// record can still be followed ([`Engine::check_all`]). Empty for a
    /// valid record; slower than [`Rules::validate_in`], which `billes
    /// validate` runs first.
    pub fn check_all_in(&self, dir: Option<&Path>, game: &Game) -> Vec<ReplayError> {
        match self.engine_in(dir, game) {
            Ok(engine) => engine.check_all(game),
            Err(e) => vec![e],
        }
    }

    /// The effect marks `game`'s moves imply that it leaves out, one error
    /// each ([`billes_core::complete_marks`]), a script path in its `Rules`
    /// tag being relative to `dir`: what `billes validate --strict` adds to
    /// the check of a valid record.
    ///
    /// # Errors
    /// The first mistake of the record, when it does not replay.
    pub fn missing_marks_in(
        &self,
        dir: Option<&Path>,
        game: &Game,
    ) -> Result<Vec<ReplayError>, ReplayError> {
        let engine = self.engine_in(dir, game)?;
        billes_core::complete_marks(&*engine, &mut game.clone())
    }

    /// Writes into `game`, read from the file `name`, every effect mark its
    /// moves imply (`billes fmt --marks`); the marks that were missing.
    ///
    /// # Errors
    /// The first mistake of the record, when it does not replay.
    pub fn complete_marks(
        &self,
        name: &str,
        game: &mut Game,
    ) -> Result<Vec<ReplayError>, ReplayError> {
        let engine = self.engine(name, game)?;
        billes_core::complete_marks(&*engine, game)
    }

    /// [`Rules::engine`], a script path being relative to `dir`.
    fn engine_in(&self, dir: Option<&Path>, game: &Game) -> Result<Rc<dyn Engine>, ReplayError> {
        if self.standard {
            return Ok(Rc::new(Standard::forced(GameKind::of(game)?)));
        }
        billes_lua::engine(game, dir, self.forced.as_ref())
    }

    /// The start position of `game`, read from the file `name`, as a text
    /// board.
    ///
    /// # Errors
    /// As [`Rules::engine`], or a start position that cannot be set up.
    pub fn start_board(&self, name: &str, game: &Game) -> Result<String, ReplayError> {
        self.engine(name, game)?.start_board(game)
    }
}

/// The folder a record's relative `Rules` path is read from: the record
/// file's own (`None`: the current folder).
fn record_dir(name: &str) -> Option<&Path> {
    Path::new(name)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
}
