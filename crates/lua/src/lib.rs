//! House rules for billes written in Lua.
//!
//! A variant script returns a table: its `name`, `game`, `description`,
//! `params` (any of the game's parameters) and optional `hooks` that the
//! core calls while it replays or simulates (see `rules/README.md` for rule
//! authors). Scripts run sandboxed: only the base functions, `table`,
//! `string`, `math` and `utf8`, without `load`, `dofile`, `require`,
//! `string.dump` or garbage-collector control; text chunks only (no
//! bytecode); a memory limit ([`MEMORY_LIMIT`]), and per hook call an
//! instruction budget ([`INSTRUCTION_BUDGET`]) and a wall-clock limit
//! ([`TIME_LIMIT`]) that a `pcall` cannot catch; pattern matching within a
//! step budget ([`PATTERN_STEPS`]); no finalizers (`__gc`). Each game runs
//! the script afresh in a new environment, so nothing a script keeps in its
//! globals or upvalues carries from one game to the next. `SECURITY.md` at
//! the repository's root lists every limit.
//!
//! The same sandbox runs replay scripts ([`script`], `billes run`): Lua that
//! reads archives, sees every turn with the house rules' `move` fields and
//! `pos` views, and emits rows.
//!
//! ```
//! use std::ops::ControlFlow::Continue;
//!
//! use billes_lua::{Variant, VariantSource};
//!
//! let source = VariantSource::shipped("five-marbles").unwrap();
//! let variant = Variant::load(&source).unwrap();
//! assert_eq!(variant.game(), billes_core::GameKind::Aggravation);
//! let record = "[Game \"aggravation\"]\n[Rules \"five-marbles\"]\n[Seats \"R G\"]\n\n1. R6 + *\n";
//! let game = billes_notation::parse_game(record).unwrap();
//! assert_eq!(billes_lua::replay(&game, None, None, &mut |_| Continue(())).unwrap().turns, 1);
//! ```
//!
//! # Variants on several threads
//!
//! A [`Variant`] owns a Lua state, which is not `Send`. A [`VariantSource`]
//! (the script's name and text) is: resolve it once, clone it to each worker
//! thread, and let each worker load it. [`replay`] does this for you: it
//! resolves the record's `Rules` tag (or the forced source) and keeps the
//! variants it loaded in a per-thread cache, so each thread loads each
//! variant once, however many games it replays.
//!
//! ```
//! let forced = billes_lua::VariantSource::shipped("no-shortcuts");
//! let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R1 + *\n";
//! std::thread::scope(|s| {
//!     for _ in 0..2 {
//!         let forced = forced.clone();
//!         s.spawn(move || {
//!             let game = billes_notation::parse_game(record).unwrap();
//!             billes_lua::replay(&game, None, forced.as_ref(), &mut |_| {
//!                 std::ops::ControlFlow::Continue(())
//!             }).unwrap();
//!         });
//!     }
//! });
//! ```
#![deny(missing_docs)]

mod hooks;
mod pattern;
mod sandbox;
pub mod script;
mod source;
mod variant;

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use billes_core::{Engine, ErrorKind, Observed, ReplayError, Standard, Summary};
use billes_notation::Game;

pub use pattern::PATTERN_STEPS;
pub use sandbox::{
    set_print_game, INSTRUCTION_BUDGET, MEMORY_LIMIT, MOVE_LIMIT, PRINT_LIMIT, TIME_LIMIT,
};
pub use source::{VariantSource, MAX_SCRIPT_BYTES, SHIPPED};
pub use variant::Variant;
pub use variant::PARAMS_DEPTH;

/// Why a variant could not be found or loaded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// No shipped variant has this name, and it does not look like a path.
    #[error(
        "unknown rules \"{0}\": not a shipped variant (see billes rules list) nor a .lua file"
    )]
    Unknown(String),
    /// The script file could not be read.
    #[error("cannot read rules file {path}: {message}")]
    Read {
        /// The file.
        path: String,
        /// The system's reason.
        message: String,
    },
    /// A `Rules` tag names a file it may not: an absolute path, a path out
    /// of the record's folder tree, or no `.lua` file. The file is not read.
    #[error("rules \"{value}\" not allowed in a Rules tag: {reason}")]
    NotAllowed {
        /// The tag's value.
        value: String,
        /// Why, lowercase.
        reason: String,
    },
    /// The script failed to load, or its table is wrong.
    #[error("{chunk}: {message}")]
    Script {
        /// The chunk name (`rules/NAME.lua` or the file's path).
        chunk: String,
        /// What went wrong, with the script's line where Lua gives one.
        message: String,
    },
}

/// Variants this thread loaded: each script once (one file, however its
/// path is spelled, is one script).
type Cache = Vec<(VariantSource, Rc<Variant>)>;

/// `Rules` tag values (with the record's folder) this thread resolved.
type Resolved = Vec<((String, Option<PathBuf>), Option<VariantSource>)>;

/// The folder `Rules` tags may also name scripts in (`--rules-dir`).
static RULES_DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Lets `Rules` tags also name `.lua` files inside `dir` (beside those in
/// the record's own folder tree), for the rest of the process: what
/// `--rules-dir DIR` does. Set once, before records are replayed; returns
/// false (and changes nothing) when a folder was set before.
pub fn set_rules_dir(dir: &Path) -> bool {
    RULES_DIR.set(dir.to_path_buf()).is_ok()
}

thread_local! {
    static LOADED: RefCell<Cache> = const { RefCell::new(Vec::new()) };
    static RESOLVED: RefCell<Resolved> = const { RefCell::new(Vec::new()) };
}

/// The loaded variant of `source`, from this thread's cache, where variants
/// read from files are keyed by the file's canonical path (`./one.lua` and
/// `././one.lua` are loaded once).
///
/// # Errors
/// As [`Variant::load`].
pub fn load_cached(source: &VariantSource) -> Result<Rc<Variant>, VariantError> {
    if let Some(v) = LOADED.with_borrow(|c| {
        c.iter()
            .find(|(s, _)| s.same_script(source))
            .map(|(_, v)| Rc::clone(v))
    }) {
        return Ok(v);
    }
    let v = Rc::new(Variant::load(source)?);
    LOADED.with_borrow_mut(|c| c.push((source.clone(), Rc::clone(&v))));
    Ok(v)
}

/// The variant a `Rules` tag names, resolved once per thread.
fn resolve_cached(
    value: &str,
    base_dir: Option<&Path>,
) -> Result<Option<VariantSource>, VariantError> {
    let key = (value.trim().to_string(), base_dir.map(Path::to_path_buf));
    if let Some(s) =
        RESOLVED.with_borrow(|c| c.iter().find(|(k, _)| *k == key).map(|(_, s)| s.clone()))
    {
        return Ok(s);
    }
    let s = VariantSource::resolve_tag(value, base_dir, RULES_DIR.get().map(PathBuf::as_path))?;
    RESOLVED.with_borrow_mut(|c| c.push((key, s.clone())));
    Ok(s)
}

/// The rules a record is replayed under: `forced` when given (a `--rules`
/// option, which overrides the record's tag), else the variant its `Rules`
/// tag names (a shipped name, or a `.lua` file inside `base_dir`, the
/// record's folder, or inside the folder [`set_rules_dir`] gave; see
/// [`VariantSource::resolve_tag`]), else the game's standard rules. Variants come from this thread's
/// cache: each is loaded once per thread.
///
/// ```
/// let record = "[Game \"aggravation\"]\n[Rules \"five-marbles\"]\n[Seats \"R G\"]\n\n1. R6 + *\n";
/// let game = billes_notation::parse_game(record).unwrap();
/// let engine = billes_lua::engine(&game, None, None).unwrap();
/// assert_eq!(engine.describe(&game).unwrap()[0].phrases, ["marble entered", "rolls again"]);
/// ```
///
/// # Errors
/// A `Rules` tag naming no variant, or a script that does not load, is an
/// error of kind [`ErrorKind::Variant`] at the tag; a record with no known
/// `Game` is a tag error.
pub fn engine(
    game: &Game,
    base_dir: Option<&Path>,
    forced: Option<&VariantSource>,
) -> Result<Rc<dyn Engine>, ReplayError> {
    let tag = game.tag_entry("Rules");
    let span = tag.map_or(game.span, |t| t.span);
    let source = match (forced, tag) {
        (Some(s), _) => Some(s.clone()),
        (None, Some(tag)) => resolve_cached(&tag.value, base_dir)
            .map_err(|e| ReplayError::new(ErrorKind::Variant, span, e.to_string()))?,
        (None, None) => None,
    };
    match source {
        None => Ok(Rc::new(Standard::of(game)?)),
        Some(source) => {
            let variant = load_cached(&source)
                .map_err(|e| ReplayError::new(ErrorKind::Variant, span, e.to_string()))?;
            Ok(variant)
        }
    }
}

/// Replays a record under its variant (see [`engine`]); without one, under
/// the game's standard rules at full native speed.
///
/// # Errors
/// The first mistake in the record. A `Rules` tag naming no variant, or a
/// script that does not load, is an error of kind [`ErrorKind::Variant`] at
/// the tag; a failing hook is one at the turn where it failed.
pub fn replay(
    game: &Game,
    base_dir: Option<&Path>,
    forced: Option<&VariantSource>,
    observe: &mut dyn FnMut(&Observed<'_>) -> std::ops::ControlFlow<()>,
) -> Result<Summary, ReplayError> {
    if forced.is_none() && game.tag_entry("Rules").is_none() {
        return billes_core::replay(game, observe);
    }
    engine(game, base_dir, forced)?.replay(game, observe)
}

/// Checks `game` as [`replay`] does, with no observer: what `billes
/// validate` runs.
///
/// # Errors
/// As [`replay`].
pub fn validate(
    game: &Game,
    base_dir: Option<&Path>,
    forced: Option<&VariantSource>,
) -> Result<Summary, ReplayError> {
    if forced.is_none() && game.tag_entry("Rules").is_none() {
        return billes_core::validate(game);
    }
    engine(game, base_dir, forced)?.validate(game)
}
