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

use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};

use billes_notation::file::open_file;
use billes_notation::{Game, GameSource, ParseError, ReadError, Reader};

/// The largest input a command reads whole ([`Input::read_all`]): 1 GiB.
/// Commands that read game by game ([`read_game`], [`read_games`],
/// validation) are bounded by the longest game instead
/// ([`billes_notation::MAX_GAME_BYTES`]).
pub const READ_LIMIT: u64 = 1 << 30;

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

    /// A buffered reader over the input. Only a regular file is opened
    /// ([`billes_notation::file::open_file`]): a FIFO or a device is an
    /// error, which could block or never end.
    ///
    /// # Errors
    /// When the file cannot be opened, or is not a regular file.
    pub fn open(&self) -> io::Result<Box<dyn BufRead>> {
        Ok(match self {
            Input::Stdin => Box::new(BufReader::new(io::stdin())),
            Input::File(p) => Box::new(BufReader::with_capacity(1 << 16, open_file(p)?)),
        })
    }

    /// The whole input as bytes, at most [`READ_LIMIT`] of them, for the
    /// commands that read a file whole (`fmt`, `convert`).
    ///
    /// # Errors
    /// When the input cannot be opened or read, holds a NUL byte, or is
    /// larger than [`READ_LIMIT`] ([`billes_notation::file::read_text`]).
    pub fn read_all(&self) -> io::Result<Vec<u8>> {
        billes_notation::file::read_text(self.open()?, READ_LIMIT)
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
    split(expand_in_order(paths))
}

/// The inputs and the errors of a list of [`Found`], each in its order.
pub fn split(found: Vec<Found>) -> (Vec<Input>, Vec<(PathBuf, io::Error)>) {
    let mut inputs = Vec::new();
    let mut errors = Vec::new();
    for item in found {
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
/// name each problem where it was met. Hidden files and folders are
/// skipped, as [`Walk::default`] does.
pub fn expand_in_order(paths: &[PathBuf]) -> Vec<Found> {
    Walk::default().expand(paths).0
}

/// How folders are searched for records.
///
/// The walk does not follow symbolic links, as ripgrep and fd do not: a
/// link met inside a folder (to a file or to a folder) is passed over and
/// said ([`Skip::Link`]), so a link planted in an archive (`key.bgn ->` a
/// private key) never puts another file of the machine into a report or an
/// output. A path named on the command line is read, link or not. With
/// [`follow`](Walk::follow), links are followed, but only to what lies
/// inside the folder named on the command line: a link that leads out of
/// it is passed over ([`Skip::Outside`]), and so is a link back to a folder
/// the walk is inside. A file met twice under two names is read once.
/// Names starting with `.` are skipped unless [`hidden`](Walk::hidden) is
/// set (a folder named on the command line is always searched); so are
/// files that are not regular files (a FIFO or a device named `x.bgn`,
/// which could block the run or never end). A folder's `.gitignore` is not
/// read: an archive is checked whole.
///
/// ```
/// use billes_archive::input::{Skip, Walk};
///
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::write(dir.path().join("a.bgn"), "[Game \"offboard\"]\n*\n").unwrap();
/// std::fs::write(dir.path().join(".draft.bgn"), "[Game \"offboard\"]\n*\n").unwrap();
/// let (found, skipped) = Walk::default().expand(&[dir.path().to_path_buf()]);
/// assert_eq!(found.len(), 1);
/// assert!(matches!(skipped[0].1, Skip::Hidden));
/// let walk = Walk { hidden: true, ..Walk::default() };
/// let (found, _) = walk.expand(&[dir.path().to_path_buf()]);
/// assert_eq!(found.len(), 2);
/// let walk = Walk { hidden: true, exclude: vec![".draft.bgn".into()], ..Walk::default() };
/// let (found, skipped) = walk.expand(&[dir.path().to_path_buf()]);
/// assert_eq!(found.len(), 1);
/// assert!(matches!(skipped[0].1, Skip::Excluded));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Walk {
    /// Also search hidden files and folders (names starting with `.`).
    pub hidden: bool,
    /// Follow symbolic links inside folders, to what lies inside the
    /// folder named on the command line.
    pub follow: bool,
    /// Pass over the files and folders inside the folders searched whose
    /// name is one of these (`invalid`: every folder named so, at any
    /// depth). A path named on the command line is always read.
    pub exclude: Vec<String>,
}

/// Why the walk passed over a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skip {
    /// Its name starts with `.`.
    Hidden,
    /// Its name is one of [`Walk::exclude`].
    Excluded,
    /// It is not a regular file (a FIFO, a socket, a device).
    NotAFile,
    /// A symbolic link back to a folder the walk is inside.
    Loop,
    /// A symbolic link, not followed (without [`Walk::follow`]).
    Link,
    /// A symbolic link to something outside the folder named on the
    /// command line (with [`Walk::follow`]).
    Outside,
    /// The same file was already found under another name.
    Again(PathBuf),
}

impl std::fmt::Display for Skip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Skip::Hidden => f.write_str("hidden (--hidden searches it)"),
            Skip::Excluded => f.write_str("excluded (--exclude)"),
            Skip::NotAFile => f.write_str("not a regular file"),
            Skip::Loop => f.write_str("a link back to a folder it is in"),
            Skip::Link => f.write_str("a symbolic link (--follow follows links inside the folder)"),
            Skip::Outside => f.write_str("a symbolic link out of the folder given, not followed"),
            Skip::Again(first) => write!(f, "the same file as {}", first.display()),
        }
    }
}

/// A path the walk passed over, and why.
pub type Skipped = (PathBuf, Skip);

impl Walk {
    /// Expands the paths as [`expand_in_order`] does, with these settings;
    /// also returns what the walk passed over. A folder named on the
    /// command line that holds no record is an error of kind
    /// [`io::ErrorKind::NotFound`] ("no .bgn file in this folder").
    pub fn expand(&self, paths: &[PathBuf]) -> (Vec<Found>, Vec<Skipped>) {
        let mut found = Vec::new();
        let mut skipped = Vec::new();
        let mut seen = std::collections::HashMap::new();
        for path in paths {
            if path.as_os_str() == "-" {
                found.push(Ok(Input::Stdin));
            } else if path.is_dir() {
                let before = (found.len(), skipped.len());
                self.walk(path, &mut found, &mut skipped, &mut seen);
                if found.len() == before.0 {
                    let hidden = skipped[before.1..]
                        .iter()
                        .any(|(_, why)| *why == Skip::Hidden);
                    let message = if hidden {
                        "no .bgn file in this folder (hidden ones are skipped: --hidden reads them)"
                    } else {
                        "no .bgn file in this folder"
                    };
                    found.push(Err((
                        path.clone(),
                        io::Error::new(io::ErrorKind::NotFound, message),
                    )));
                }
            } else if path.exists() {
                found.push(Ok(Input::File(path.clone())));
            } else {
                found.push(Err((
                    path.clone(),
                    io::Error::new(io::ErrorKind::NotFound, "no such file or directory"),
                )));
            }
        }
        (found, skipped)
    }

    /// The records under the folder `dir`, in the order of their names,
    /// into `found`, and what the walk passes over into `skipped`.
    fn walk(
        &self,
        dir: &Path,
        found: &mut Vec<Found>,
        skipped: &mut Vec<Skipped>,
        seen: &mut std::collections::HashMap<PathBuf, PathBuf>,
    ) {
        let hidden = self.hidden;
        // What links may reach with --follow: the folder named, as it is.
        let root = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
        let mut entries = walkdir::WalkDir::new(dir)
            .follow_links(self.follow)
            .sort_by_file_name()
            .into_iter();
        while let Some(entry) = entries.next() {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    unreadable(e, dir, found, skipped);
                    continue;
                }
            };
            if entry.depth() > 0
                && entry.path_is_symlink()
                && !self.link_read(&entry, &root, skipped)
            {
                if self.follow && entry.file_type().is_dir() {
                    entries.skip_current_dir();
                }
                continue;
            }
            let is_hidden = entry.depth() > 0
                && entry
                    .file_name()
                    .to_str()
                    .is_some_and(|n| n.starts_with('.'));
            let excluded = entry.depth() > 0
                && entry
                    .file_name()
                    .to_str()
                    .is_some_and(|n| self.exclude.iter().any(|x| x == n));
            let kind = entry.file_type();
            if excluded {
                if kind.is_dir() {
                    entries.skip_current_dir();
                }
                skipped.push((entry.into_path(), Skip::Excluded));
                continue;
            }
            if kind.is_dir() {
                if is_hidden && !hidden {
                    skipped.push((entry.into_path(), Skip::Hidden));
                    entries.skip_current_dir();
                }
                continue;
            }
            if entry.path().extension().is_none_or(|e| e != "bgn") {
                continue;
            }
            if is_hidden && !hidden {
                skipped.push((entry.into_path(), Skip::Hidden));
            } else if !kind.is_file() {
                skipped.push((entry.into_path(), Skip::NotAFile));
            } else {
                record_found(entry, found, skipped, seen);
            }
        }
    }

    /// Whether the walk reads the link `entry`: with `--follow`, when it
    /// leads inside the folder named (`root`); never without. A link left
    /// out is said in `skipped` only when the walk would have read it: a
    /// record's name, or a folder.
    fn link_read(
        &self,
        entry: &walkdir::DirEntry,
        root: &Path,
        skipped: &mut Vec<Skipped>,
    ) -> bool {
        let kind = entry.file_type();
        let inside =
            self.follow && std::fs::canonicalize(entry.path()).is_ok_and(|to| to.starts_with(root));
        if inside {
            return true;
        }
        let folder = if self.follow {
            kind.is_dir()
        } else {
            entry.path().is_dir()
        };
        let record = entry.path().extension().is_some_and(|e| e == "bgn");
        if folder || record {
            let why = if self.follow {
                Skip::Outside
            } else {
                Skip::Link
            };
            skipped.push((entry.path().to_path_buf(), why));
        }
        false
    }
}

/// An entry of the folder `dir` the walk could not read: a loop of links
/// is passed over, anything else is an input that cannot be read.
fn unreadable(e: walkdir::Error, dir: &Path, found: &mut Vec<Found>, skipped: &mut Vec<Skipped>) {
    let path = e.path().unwrap_or(dir).to_path_buf();
    if e.loop_ancestor().is_some() {
        skipped.push((path, Skip::Loop));
    } else {
        let error = e
            .into_io_error()
            .unwrap_or_else(|| io::Error::other("cannot read this folder"));
        found.push(Err((path, error)));
    }
}

/// A record the walk found: an input, unless the same file was found
/// before by another path (`seen`: each file, by its canonical path, with
/// the path it was first found by).
fn record_found(
    entry: walkdir::DirEntry,
    found: &mut Vec<Found>,
    skipped: &mut Vec<Skipped>,
    seen: &mut std::collections::HashMap<PathBuf, PathBuf>,
) {
    let path = entry.path();
    let key = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    match seen.get(&key) {
        Some(first) => skipped.push((entry.into_path(), Skip::Again(first.clone()))),
        None => {
            seen.insert(key, path.to_path_buf());
            found.push(Ok(Input::File(entry.into_path())));
        }
    }
}

/// Rendered diagnostics of the games that could not be read or parsed.
pub type Errors = Vec<String>;

/// Every game of an input that is not blank, parsed, with its source; and
/// the rendered diagnostics of the games that could not be read (not UTF-8)
/// or parsed. `name` is the input's name in the diagnostics. This holds
/// every parsed game of the input at once: a command that can take them
/// one at a time reads them with [`games`].
///
/// # Errors
/// When the input cannot be opened or read.
pub fn read_games(input: &Input, name: &str) -> io::Result<(Vec<(GameSource, Game)>, Errors)> {
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for item in self::games(input, name)? {
        match item? {
            Ok(game) => games.push(game),
            Err(e) => errors.push(e.diagnostic),
        }
    }
    Ok((games, errors))
}

/// The games of an input one at a time, as [`read_games`] gives them all:
/// each game that is not blank, parsed, with its source, or the rendered
/// diagnostic of a game that could not be read (not UTF-8) or parsed. Only
/// the game at hand is held, whatever the number of games in the input.
///
/// # Errors
/// When the input cannot be opened; each item, when it cannot be read.
pub fn games(input: &Input, name: &str) -> io::Result<Games> {
    Ok(games_in(input.open()?, name))
}

/// As [`games`], the games of a text already open (for a text read twice:
/// standard input, kept once read).
pub fn games_in(reader: Box<dyn BufRead>, name: &str) -> Games {
    Games {
        reader: Reader::new(reader),
        name: name.to_owned(),
    }
}

/// The iterator of [`games`].
pub struct Games {
    reader: Reader<Box<dyn BufRead>>,
    name: String,
}

impl std::fmt::Debug for Games {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Games")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// A game [`Games`] could not read as a record: its text when it is text
/// (a syntax error), and the diagnostic of why.
#[derive(Debug)]
pub struct Unread {
    /// The game's text, when it is text.
    pub source: Option<GameSource>,
    /// Why it could not be read, rendered rustc-style.
    pub diagnostic: String,
}

impl std::fmt::Display for Unread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.diagnostic)
    }
}

impl Iterator for Games {
    type Item = io::Result<Result<(GameSource, Game), Unread>>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let source = match self.reader.next()? {
                Ok(s) => s,
                Err(ReadError::Io(e)) => return Some(Err(e)),
                Err(e) => {
                    return Some(Ok(Err(Unread {
                        source: None,
                        diagnostic: format!("error[encoding]: {}: {e}", self.name),
                    })))
                }
            };
            if source.is_blank() {
                continue;
            }
            return Some(Ok(match source.parse() {
                Ok(game) => Ok((source, game)),
                Err(err) => Err(Unread {
                    diagnostic: format!(
                        "{}\n  = note: in game {}",
                        err.render(&self.name, false),
                        source.index
                    ),
                    source: Some(source),
                }),
            }));
        }
    }
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
        let source = match item {
            // A game too long before the one asked for is skipped.
            Err(ReadError::TooLarge { index, .. }) if index < n => continue,
            item => item.map_err(|source| ReadGameError::Read {
                name: name.clone(),
                source,
            })?,
        };
        if source.index == n {
            return match source.parse() {
                Ok(game) => Ok((name, source, game)),
                Err(error) => Err(ReadGameError::Syntax { name, error }),
            };
        }
    }
    Err(ReadGameError::TooFew { name, n })
}
