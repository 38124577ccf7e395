//! House rules for billes written in Lua.
//!
//! A variant script returns a table: its `name`, `game`, `description`,
//! `params` (any of the game's parameters) and optional `hooks` that the
//! core calls while it replays or simulates (see `rules/README.md` for rule
//! authors). Scripts run sandboxed: only the base functions, `table`,
//! `string`, `math` and `utf8`, without `load`, `dofile`, `require`,
//! `string.dump` or garbage-collector control; text chunks only (no
//! bytecode); a memory limit ([`MEMORY_LIMIT`]), and per hook call an
//! instruction budget ([`INSTRUCTION_BUDGET`]) that a `pcall` cannot catch,
//! which the library functions working in C charge by the size of what they
//! touch, so that a verdict never depends on how busy the machine is; a
//! wall-clock guard ([`time_guard`]) far above it that only stops a hang,
//! and is its own kind of error ([`VariantError::TimeGuard`]), never a
//! verdict on a record; pattern matching within a step budget
//! ([`PATTERN_STEPS`]); no finalizers (`__gc`). Each game runs
//! the script afresh in a new environment, so nothing a script keeps in its
//! globals or upvalues carries from one game to the next. `SECURITY.md` at
//! the repository's root lists every limit.
//!
//! The same sandbox runs replay scripts ([`script`], `billes run`): Lua that
//! reads archives, sees every turn with the house rules' `move` fields and
//! `pos` views, and emits rows.
//!
//! ```
//! use billes_core::Engine;
//! use billes_lua::{Variant, VariantSource};
//!
//! let source = VariantSource::shipped("five-marbles").unwrap();
//! let variant = Variant::load(&source).unwrap();
//! assert_eq!(variant.game(), billes_core::aggravation::KIND);
//! let record = "[Game \"aggravation\"]\n[Rules \"five-marbles\"]\n[Seats \"R G\"]\n\n1. R6 + *\n";
//! let game = billes_notation::parse_game(record).unwrap();
//! assert_eq!(variant.validate(&game).unwrap().turns, 1);
//! ```
//!
//! Which rules a record is played under (its `Rules` tag, or `--rules`) is
//! not decided here: the `billes-archive` crate's `rules` module reads the
//! tag, loads the variant it names through this crate, and plays the
//! standard rules with the core alone.
//!
//! # Variants on several threads
//!
//! A [`Variant`] owns a Lua state, which is not `Send`. A [`VariantSource`]
//! (the script's name and text) is: resolve it once, clone it to each worker
//! thread, and let each worker load it.
//!
//! ```
//! use billes_core::Engine;
//!
//! let source = billes_lua::VariantSource::shipped("no-shortcuts").unwrap();
//! let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R1 + *\n";
//! std::thread::scope(|s| {
//!     for _ in 0..2 {
//!         let source = source.clone();
//!         s.spawn(move || {
//!             let variant = billes_lua::Variant::load(&source).unwrap();
//!             let game = billes_notation::parse_game(record).unwrap();
//!             variant.validate(&game).unwrap();
//!         });
//!     }
//! });
//! ```
#![deny(missing_docs)]

mod budget;
mod hooks;
mod pattern;
mod refused;
mod sandbox;
pub mod script;
mod sort;
mod source;
pub mod tournament;
mod variant;

pub use budget::{
    set_time_guard, time_guard, FREE_UNITS, INSTRUCTION_BUDGET, PATTERN_STEPS_PER_UNIT, TIME_GUARD,
};
pub use pattern::PATTERN_STEPS;
pub use sandbox::{MEMORY_LIMIT, MOVE_LIMIT, PRINT_LIMIT};
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
    /// The script failed to load, or its table is wrong. The chunk is
    /// said once: a message that starts with it (Lua's `F:2: ...`) is
    /// shown as it is.
    #[error("{}", located(.chunk, .message))]
    Script {
        /// The chunk name (`rules/NAME.lua` or the file's path).
        chunk: String,
        /// What went wrong, with the script's line where Lua gives one.
        message: String,
    },
    /// The script's run was stopped by the wall-clock guard ([`time_guard`]),
    /// which only stops a hang: a verdict neither on the script nor on a
    /// record (the budgets that decide are counted).
    #[error("{}", located(.chunk, .message))]
    TimeGuard {
        /// The chunk name (`rules/NAME.lua` or the file's path).
        chunk: String,
        /// Where the script was stopped, and after how long.
        message: String,
    },
}

impl VariantError {
    /// The kind of the replay error it makes for a record:
    /// [`ErrorKind::TimeGuard`](billes_core::ErrorKind::TimeGuard) for a
    /// stop of the guard, [`ErrorKind::Variant`](billes_core::ErrorKind::Variant)
    /// for the others.
    pub fn kind(&self) -> billes_core::ErrorKind {
        match self {
            VariantError::TimeGuard { .. } => billes_core::ErrorKind::TimeGuard,
            _ => billes_core::ErrorKind::Variant,
        }
    }
}

/// `message` after the script's chunk name, unless it starts with it
/// (Lua's own `F:2: ...`): a script's path is said once.
pub(crate) fn located(chunk: &str, message: &str) -> String {
    match message.strip_prefix(chunk) {
        Some(rest) if rest.starts_with(':') => message.to_owned(),
        _ => format!("{chunk}: {message}"),
    }
}
