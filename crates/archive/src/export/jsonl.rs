//! A part in JSON Lines: one object a row, in the schema's column order.

use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;
use tempfile::NamedTempFile;

use super::{temp_in, GameRow, MistakeRow, PartWriter, TurnRow};

/// One table's file of the part: written to a temporary file, renamed to
/// `name` when complete.
struct File {
    out: BufWriter<NamedTempFile>,
    name: PathBuf,
}

impl File {
    fn create(dir: &Path, name: &str) -> io::Result<File> {
        Ok(File {
            out: BufWriter::with_capacity(1 << 16, temp_in(dir)?),
            name: dir.join(name),
        })
    }

    fn rows<T: Serialize>(&mut self, rows: &[T]) -> io::Result<()> {
        for row in rows {
            serde_json::to_writer(&mut self.out, row)?;
            self.out.write_all(b"\n")?;
        }
        Ok(())
    }

    fn finish(self) -> io::Result<()> {
        let file = self
            .out
            .into_inner()
            .map_err(io::IntoInnerError::into_error)?;
        file.as_file().sync_all()?;
        file.persist(&self.name).map_err(|e| e.error)?;
        Ok(())
    }
}

/// The files of one part: games, turns, and mistakes when exported.
pub(super) struct Part {
    games: File,
    turns: File,
    mistakes: Option<File>,
}

impl Part {
    pub(super) fn create(dirs: &[PathBuf], name: &str) -> io::Result<Part> {
        Ok(Part {
            games: File::create(&dirs[0], name)?,
            turns: File::create(&dirs[1], name)?,
            mistakes: dirs.get(2).map(|d| File::create(d, name)).transpose()?,
        })
    }
}

impl PartWriter for Part {
    fn games(&mut self, rows: &[GameRow]) -> io::Result<()> {
        self.games.rows(rows)
    }

    fn turns(&mut self, rows: &[TurnRow]) -> io::Result<()> {
        self.turns.rows(rows)
    }

    fn mistakes(&mut self, rows: &[MistakeRow]) -> io::Result<()> {
        match &mut self.mistakes {
            Some(file) => file.rows(rows),
            None => Ok(()),
        }
    }

    fn finish(self: Box<Self>) -> io::Result<()> {
        self.games.finish()?;
        self.turns.finish()?;
        if let Some(m) = self.mistakes {
            m.finish()?;
        }
        Ok(())
    }
}
