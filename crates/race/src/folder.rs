//! Race games read from folders: a game's folder holds its `game.yaml`;
//! a folder of games (as `games/` is) holds one folder per game. The text
//! is read by the checked reader (a regular file, UTF-8, at most
//! [`MAX_GAME_BYTES`]), then loaded into the [`table`](mod@crate::table).

use std::path::{Path, PathBuf};

use crate::board::Board;
use crate::load::LoadError;
use crate::table;

/// The largest `game.yaml` read: a board of a thousand points with its
/// drawing is some 30 KB.
pub const MAX_GAME_BYTES: u64 = 256 << 10;

/// The most game folders one folder of games may hold.
pub const MAX_FOLDERS: usize = 64;

/// The `game.yaml` of the game folder `dir`, read as text.
///
/// # Errors
/// When it is missing, not a regular file, larger than [`MAX_GAME_BYTES`],
/// or not UTF-8 text.
pub fn read(dir: &Path) -> Result<(String, String), LoadError> {
    let path = dir.join("game.yaml");
    let file = path.display().to_string();
    let bytes = billes_notation::file::read_file(&path, MAX_GAME_BYTES)
        .map_err(|e| LoadError::plain(&file, e.to_string()))?;
    let text = String::from_utf8(bytes).map_err(|_| LoadError::plain(&file, "not UTF-8 text"))?;
    Ok((file, text))
}

/// Loads the game of the folder `dir` (its `game.yaml`).
///
/// # Errors
/// As [`read`] and [`table::install`].
pub fn install_game(dir: &Path) -> Result<&'static Board, LoadError> {
    let (file, text) = read(dir)?;
    table::install(&file, &text)
}

/// Loads the games of `dir`: the game it is, when it holds a `game.yaml`,
/// else each of its folders that holds one (in name order, a child
/// after the parent it names). Returns the boards loaded.
///
/// # Errors
/// The first game that fails to load, or a folder that cannot be listed
/// or holds more than [`MAX_FOLDERS`] games.
pub fn install_dir(dir: &Path) -> Result<Vec<&'static Board>, LoadError> {
    if dir.join("game.yaml").exists() {
        return install_game(dir).map(|b| vec![b]);
    }
    let label = dir.display().to_string();
    let entries = std::fs::read_dir(dir).map_err(|e| LoadError::plain(&label, e.to_string()))?;
    let mut folders: Vec<PathBuf> = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.join("game.yaml").exists() {
            if folders.len() == MAX_FOLDERS {
                return Err(LoadError::plain(
                    &label,
                    format!("more than {MAX_FOLDERS} games in one folder"),
                ));
            }
            folders.push(path);
        }
    }
    folders.sort();
    let mut read: Vec<(String, String)> = Vec::new();
    for f in &folders {
        read.push(self::read(f)?);
    }
    // A child loads once its parent has: pass over the list while a pass
    // loads one more; what is left is refused with its own error.
    let mut loaded = Vec::new();
    loop {
        let before = read.len();
        let mut left = Vec::new();
        let mut last_error = None;
        for (file, text) in read {
            match table::install(&file, &text) {
                Ok(board) => loaded.push(board),
                Err(e) => {
                    last_error = Some(e);
                    left.push((file, text));
                }
            }
        }
        read = left;
        match last_error {
            None => return Ok(loaded),
            Some(e) if read.len() == before => return Err(e),
            Some(_) => {}
        }
    }
}
