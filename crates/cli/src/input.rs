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
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(Input::Stdin);
        } else if path.is_dir() {
            walk(path, &mut inputs, &mut errors);
        } else if path.exists() {
            inputs.push(Input::File(path.clone()));
        } else {
            errors.push((
                path.clone(),
                io::Error::new(io::ErrorKind::NotFound, "no such file or directory"),
            ));
        }
    }
    (inputs, errors)
}

fn walk(dir: &Path, inputs: &mut Vec<Input>, errors: &mut Vec<(PathBuf, io::Error)>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            errors.push((dir.to_path_buf(), e));
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            walk(&path, inputs, errors);
        } else if path.extension().is_some_and(|e| e == "bgn") {
            inputs.push(Input::File(path));
        }
    }
}
