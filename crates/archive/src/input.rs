//! Finding, opening and reading records: files, folders of `*.bgn` files
//! and standard input.
//!
//! ```
//! use billes_archive::input::{self, Input};
//!
//! let dir = tempfile::tempdir().unwrap();
//! std::fs::write(dir.path().join("a.bgn"), "[Game \"offboard\"]\n*\n").unwrap();
//! std::fs::write(dir.path().join("notes.txt"), "not a record").unwrap();
//! let found = input::expand_in_order(&[dir.path().to_path_buf()]);
//! assert_eq!(found.len(), 1);
//! let input = found.into_iter().next().unwrap().unwrap();
//! let (games, errors) = input::read_games(&input, &input.name()).unwrap();
//! assert_eq!((games.len(), errors.len()), (1, 0));
//! ```

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use billes_notation::{Game, GameSource, ParseError, ReadError, Reader};

/// Where records come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-`).
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// The input a path on the command line names: `-` is standard input.
    pub fn from_path(path: &Path) -> Input {
        if path.as_os_str() == "-" {
            Input::Stdin
        } else {
            Input::File(path.to_path_buf())
        }
    }

    /// The name used in diagnostics.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".into(),
            Input::File(p) => p.display().to_string(),
        }
    }

    /// A buffered reader over the input.
    ///
    /// # Errors
    /// When the file cannot be opened.
    pub fn open(&self) -> io::Result<Box<dyn BufRead>> {
        Ok(match self {
            Input::Stdin => Box::new(BufReader::new(io::stdin())),
            Input::File(p) => Box::new(BufReader::with_capacity(1 << 16, File::open(p)?)),
        })
    }

    /// The whole input as bytes.
    ///
    /// # Errors
    /// When the input cannot be opened or read.
    pub fn read_all(&self) -> io::Result<Vec<u8>> {
        let mut buf = Vec::new();
        self.open()?.read_to_end(&mut buf)?;
        Ok(buf)
    }

    /// The size of the file, for a progress bar (0 for standard input, or
    /// when it cannot be known).
    pub fn size(&self) -> u64 {
        match self {
            Input::Stdin => 0,
            Input::File(path) => std::fs::metadata(path).map_or(0, |m| m.len()),
        }
    }
}

/// Expands the paths: `-` is stdin, a directory gives every `*.bgn` below
/// it (sorted, so reports are stable), a file is taken as it is. Paths that
/// cannot be read are returned as errors beside the inputs found.
pub fn expand(paths: &[PathBuf]) -> (Vec<Input>, Vec<(PathBuf, io::Error)>) {
    let mut inputs = Vec::new();
    let mut errors = Vec::new();
    for item in expand_in_order(paths) {
        match item {
            Ok(input) => inputs.push(input),
            Err(e) => errors.push(e),
        }
    }
    (inputs, errors)
}

/// An input found, or a path that could not be read, with why.
pub type Found = Result<Input, (PathBuf, io::Error)>;

/// Like [`expand`], but keeps the inputs and the unreadable paths in one
/// list in command-line order (directories in sorted order), so a report can
/// name each problem where it was met.
pub fn expand_in_order(paths: &[PathBuf]) -> Vec<Found> {
    let mut found = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            found.push(Ok(Input::Stdin));
        } else if path.is_dir() {
            walk(path, &mut found);
        } else if path.exists() {
            found.push(Ok(Input::File(path.clone())));
        } else {
            found.push(Err((
                path.clone(),
                io::Error::new(io::ErrorKind::NotFound, "no such file or directory"),
            )));
        }
    }
    found
}

fn walk(dir: &Path, found: &mut Vec<Found>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            found.push(Err((dir.to_path_buf(), e)));
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            walk(&path, found);
        } else if path.extension().is_some_and(|e| e == "bgn") {
            found.push(Ok(Input::File(path)));
        }
    }
}

/// Rendered diagnostics of the games that could not be read or parsed.
pub type Errors = Vec<String>;

/// Every game of an input that is not blank, parsed, with its source; and
/// the rendered diagnostics of the games that could not be read (not UTF-8)
/// or parsed. `name` is the input's name in the diagnostics.
///
/// # Errors
/// When the input cannot be opened or read.
pub fn read_games(input: &Input, name: &str) -> io::Result<(Vec<(GameSource, Game)>, Errors)> {
    let reader = input.open()?;
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for item in Reader::new(reader) {
        let source = match item {
            Ok(s) => s,
            Err(ReadError::Io(e)) => return Err(e),
            Err(e) => {
                errors.push(format!("error[encoding]: {name}: {e}"));
                continue;
            }
        };
        if source.is_blank() {
            continue;
        }
        match source.parse() {
            Ok(game) => games.push((source, game)),
            Err(err) => errors.push(format!(
                "{}\n  = note: in game {}",
                err.render(name, false),
                source.index
            )),
        }
    }
    Ok((games, errors))
}

/// Why [`read_game`] found no game.
#[derive(Debug, thiserror::Error)]
pub enum ReadGameError {
    /// Games are numbered from 1: 0 was asked for.
    #[error("games are numbered from 1")]
    Zero,
    /// The input could not be opened.
    #[error("cannot read {name}")]
    Open {
        /// The input's name.
        name: String,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// The input could not be read, or a game up to it is not UTF-8.
    #[error("cannot read {name}")]
    Read {
        /// The input's name.
        name: String,
        /// Why.
        #[source]
        source: ReadError,
    },
    /// The input has no such game.
    #[error("{name} has fewer than {n} games")]
    TooFew {
        /// The input's name.
        name: String,
        /// The game asked for.
        n: usize,
    },
    /// The game does not parse.
    #[error("{}", .error.render(.name, false))]
    Syntax {
        /// The input's name.
        name: String,
        /// The syntax error.
        error: ParseError,
    },
}

/// Game number `n` (1-based) of an input, with the input's name (`<stdin>`
/// for standard input) and the game's source.
///
/// # Errors
/// As [`ReadGameError`] says.
pub fn read_game(input: &Input, n: usize) -> Result<(String, GameSource, Game), ReadGameError> {
    let name = input.name();
    if n == 0 {
        return Err(ReadGameError::Zero);
    }
    let reader = input.open().map_err(|source| ReadGameError::Open {
        name: name.clone(),
        source,
    })?;
    for item in Reader::new(reader) {
        let source = item.map_err(|source| ReadGameError::Read {
            name: name.clone(),
            source,
        })?;
        if source.index == n {
            return match source.parse() {
                Ok(game) => Ok((name, source, game)),
                Err(error) => Err(ReadGameError::Syntax { name, error }),
            };
        }
    }
    Err(ReadGameError::TooFew { name, n })
}
