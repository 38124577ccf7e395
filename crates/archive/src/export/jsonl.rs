//! A part in JSON Lines: one object a row, in the schema's column order.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;
use tempfile::TempPath;

use super::commit::{cannot_write, temp_in, Sealed};
use super::{ExportError, GameRow, MistakeRow, PartWriter, TurnRow};

/// One table's file of the part: written to a temporary file, renamed to
/// `name` when the part is committed.
struct File {
    out: BufWriter<std::fs::File>,
    temp: TempPath,
    name: PathBuf,
}

impl File {
    fn create(dir: &Path, name: &str) -> Result<File, ExportError> {
        let name = dir.join(name);
        let (file, temp) = temp_in(dir, &name)?;
        Ok(File {
            out: BufWriter::with_capacity(1 << 16, file),
            temp,
            name,
        })
    }

    fn rows<T: Serialize>(&mut self, rows: &[T]) -> Result<(), ExportError> {
        let mut write = || -> io::Result<()> {
            for row in rows {
                serde_json::to_writer(&mut self.out, row)?;
                self.out.write_all(b"\n")?;
            }
            Ok(())
        };
        write().map_err(cannot_write(&self.name))
    }

    fn finish(self) -> Result<Sealed, ExportError> {
        let File { out, temp, name } = self;
        match out.into_inner().map_err(io::IntoInnerError::into_error) {
            Ok(file) => Sealed::new(file, temp, name),
            Err(e) => Err(cannot_write(&name)(e)),
        }
    }
}

/// The files of one part: games, turns, and mistakes when exported.
pub(super) struct Part {
    games: File,
    turns: File,
    mistakes: Option<File>,
}

impl Part {
    pub(super) fn create(dirs: &[PathBuf], name: &str) -> Result<Part, ExportError> {
        Ok(Part {
            games: File::create(&dirs[0], name)?,
            turns: File::create(&dirs[1], name)?,
            mistakes: dirs.get(2).map(|d| File::create(d, name)).transpose()?,
        })
    }
}

impl PartWriter for Part {
    fn games(&mut self, rows: &[GameRow]) -> Result<(), ExportError> {
        self.games.rows(rows)
    }

    fn turns(&mut self, rows: &[TurnRow]) -> Result<(), ExportError> {
        self.turns.rows(rows)
    }

    fn mistakes(&mut self, rows: &[MistakeRow]) -> Result<(), ExportError> {
        match &mut self.mistakes {
            Some(file) => file.rows(rows),
            None => Ok(()),
        }
    }

    fn finish(self: Box<Self>) -> Result<Vec<Sealed>, ExportError> {
        let mut files = vec![self.games.finish()?, self.turns.finish()?];
        if let Some(m) = self.mistakes {
            files.push(m.finish()?);
        }
        Ok(files)
    }
}
