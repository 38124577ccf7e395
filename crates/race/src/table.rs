//! The race games a process knows: the shipped ones (their `game.yaml`
//! built into the binary, so a fresh install knows them without files),
//! and those loaded from folders at run time (`--games-dir`,
//! `BILLES_GAMES`, a record's path: the command line reads the files and
//! hands their text here).
//!
//! A loaded game's board lives as long as the process (it is leaked once:
//! a process loads a bounded number of games, each once), so positions
//! hold a plain `&'static` reference to it. A board with a variant's
//! parameters is made once per distinct set of them, too
//! ([`with_flow`]).
//!
//! ```
//! let ludo = billes_race::table::named("ludo").expect("shipped");
//! assert_eq!(ludo.kind.name(), "ludo");
//! assert_eq!(ludo.track_steps[0], 51);
//! assert!(billes_race::table::kinds().iter().any(|k| k.name() == "ludo"));
//! ```

use std::sync::{OnceLock, RwLock};

use billes_game::GameKind;

use crate::board::Board;
use crate::def::{Flow, RaceDef};
use crate::load::{load, LoadError};

/// The shipped games: the file each was read from (`games/<name>/game.yaml`,
/// at the workspace's root) and its text, built into the binary (the
/// folders are listed by the crate's build script).
pub const SHIPPED: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The most games one process loads (shipped ones included): each is kept
/// for the process's life, so their number is bounded.
pub const MAX_GAMES: usize = 256;

/// The most boards made for variants' parameters in one process.
pub const MAX_VARIANT_BOARDS: usize = 1024;

/// One loaded game: its board, its file and its text (for the children
/// that name it as their parent).
struct Loaded {
    board: &'static Board,
    file: String,
    text: String,
}

fn games() -> &'static RwLock<Vec<Loaded>> {
    static GAMES: OnceLock<RwLock<Vec<Loaded>>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let table = RwLock::new(Vec::new());
        // A child is loaded after its parent: the list is read again while
        // a pass loads one more. A shipped game that fails to load is
        // missing, not a crash (the crate's tests load each one).
        let mut left: Vec<&(&str, &str)> = SHIPPED.iter().collect();
        while !left.is_empty() {
            let before = left.len();
            left.retain(|(file, text)| add(&table, file, text).is_err());
            if left.len() == before {
                break;
            }
        }
        table
    })
}

/// The text of the loaded game `name`, for a child naming it as parent.
fn parent_of(table: &[Loaded], name: &str) -> Option<(String, String)> {
    table
        .iter()
        .find(|g| g.board.kind.name() == name)
        .map(|g| (g.file.clone(), g.text.clone()))
}

/// Loads `text` (read from `file`) into `table`.
fn add(table: &RwLock<Vec<Loaded>>, file: &str, text: &str) -> Result<&'static Board, LoadError> {
    let def: RaceDef = {
        let read = table.read().unwrap_or_else(|e| e.into_inner());
        load(file, text, |name| parent_of(&read, name))?
    };
    let mut write = table.write().unwrap_or_else(|e| e.into_inner());
    if let Some(same) = write.iter().find(|g| g.board.kind.name() == def.name) {
        if same.text == text {
            return Ok(same.board);
        }
        return Err(LoadError::plain(
            file,
            format!(
                "a game called {} is already loaded (from {})",
                def.name, same.file
            ),
        ));
    }
    if write.len() >= MAX_GAMES {
        return Err(LoadError::plain(
            file,
            format!("one run loads at most {MAX_GAMES} games"),
        ));
    }
    let name: &'static str = Box::leak(def.name.clone().into_boxed_str());
    // The board checks keep the dice to one or two.
    let kind = GameKind::with_dice(name, def.dice.count.min(2) as u8);
    let board = Board::new(def, kind).map_err(|m| LoadError::plain(file, m))?;
    let board: &'static Board = Box::leak(Box::new(board));
    write.push(Loaded {
        board,
        file: file.to_owned(),
        text: text.to_owned(),
    });
    Ok(board)
}

/// Loads the game `text` (read from `file`, named in errors), a parent it
/// names found among the games already loaded, and adds it to the games
/// the process knows. Loading the same text again gives the same board.
///
/// # Errors
/// The description does not load or fails a board check, another game of
/// that name is loaded, or the process has loaded [`MAX_GAMES`].
pub fn install(file: &str, text: &str) -> Result<&'static Board, LoadError> {
    add(games(), file, text)
}

/// The loaded game called `name` (case-insensitive).
pub fn named(name: &str) -> Option<&'static Board> {
    let read = games().read().unwrap_or_else(|e| e.into_inner());
    read.iter()
        .find(|g| g.board.kind.name().eq_ignore_ascii_case(name.trim()))
        .map(|g| g.board)
}

/// The loaded game `kind` names.
pub fn find(kind: GameKind) -> Option<&'static Board> {
    named(kind.name())
}

/// The Game tag values that named a game by its folder's path, and the
/// game each named.
fn aliases() -> &'static RwLock<Vec<(String, &'static Board)>> {
    static ALIASES: OnceLock<RwLock<Vec<(String, &'static Board)>>> = OnceLock::new();
    ALIASES.get_or_init(|| RwLock::new(Vec::new()))
}

/// Records that the `Game` tag value `value` (a path, as written) names
/// `board`'s game.
///
/// # Errors
/// When the same value already named another game in this run (two
/// records in different folders whose tags read alike but name different
/// games), or the run has recorded [`MAX_GAMES`] values.
pub fn add_alias(value: &str, board: &'static Board) -> Result<(), String> {
    let mut write = aliases().write().unwrap_or_else(|e| e.into_inner());
    match write.iter().find(|(v, _)| v == value) {
        Some((_, b)) if std::ptr::eq(*b, board) => Ok(()),
        Some((_, b)) => Err(format!(
            "\"{value}\" already named the game {} in this run, not {}",
            b.kind, board.kind
        )),
        None if write.len() >= MAX_GAMES => Err(format!(
            "one run reads at most {MAX_GAMES} games by their path"
        )),
        None => {
            write.push((value.to_owned(), board));
            Ok(())
        }
    }
}

/// The game a `Game` tag's path `value` named, when one did in this run.
pub fn alias(value: &str) -> Option<&'static Board> {
    let read = aliases().read().unwrap_or_else(|e| e.into_inner());
    read.iter()
        .find(|(v, _)| v == value.trim())
        .map(|(_, b)| *b)
}

/// Every loaded game's board and the file it was read from
/// (`games/<name>/game.yaml` for a shipped one), in the order loaded.
pub fn list() -> Vec<(&'static Board, String)> {
    let read = games().read().unwrap_or_else(|e| e.into_inner());
    read.iter().map(|g| (g.board, g.file.clone())).collect()
}

/// The description `text` (read from `file`) with its parent, if it
/// names one, found among the games loaded: what [`install`] would load,
/// before the board checks, which [`crate::check()`] then lists in full.
///
/// # Errors
/// As [`load`].
pub fn resolve(file: &str, text: &str) -> Result<RaceDef, LoadError> {
    let read = games().read().unwrap_or_else(|e| e.into_inner());
    load(file, text, |name| parent_of(&read, name))
}

/// Every loaded game, in the order loaded (the shipped ones first).
pub fn kinds() -> Vec<GameKind> {
    let read = games().read().unwrap_or_else(|e| e.into_inner());
    read.iter().map(|g| g.board.kind).collect()
}

/// The board of `board`'s game with `flow` for its turn's rules: `board`
/// itself when the flow is its own, else one made once for this flow.
///
/// # Errors
/// When the process has made [`MAX_VARIANT_BOARDS`] already.
pub fn with_flow(board: &'static Board, flow: Flow) -> Result<&'static Board, String> {
    if board.flow == flow {
        return Ok(board);
    }
    static MADE: OnceLock<RwLock<Vec<&'static Board>>> = OnceLock::new();
    let made = MADE.get_or_init(|| RwLock::new(Vec::new()));
    let same = |b: &&&'static Board| b.kind == board.kind && b.flow == flow;
    if let Some(b) = made
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(same)
    {
        return Ok(b);
    }
    let mut write = made.write().unwrap_or_else(|e| e.into_inner());
    if write.len() >= MAX_VARIANT_BOARDS {
        return Err(format!(
            "one run makes at most {MAX_VARIANT_BOARDS} boards for variants' parameters"
        ));
    }
    let mut def = board.def.clone();
    def.flow = flow;
    let new = Board::new(def, board.kind)?;
    let new: &'static Board = Box::leak(Box::new(new));
    write.push(new);
    Ok(new)
}
