//! Finding and opening the records named on the command line.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// Where records come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-`).
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// The name used in diagnostics.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".into(),
            Input::File(p) => p.display().to_string(),
        }
    }

    /// A buffered reader over the input.
    pub fn open(&self) -> io::Result<Box<dyn BufRead>> {
        Ok(match self {
            Input::Stdin => Box::new(BufReader::new(io::stdin())),
            Input::File(p) => Box::new(BufReader::with_capacity(1 << 16, File::open(p)?)),
        })
    }

    /// The whole input as bytes.
    pub fn read_all(&self) -> io::Result<Vec<u8>> {
        let mut buf = Vec::new();
        self.open()?.read_to_end(&mut buf)?;
        Ok(buf)
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
