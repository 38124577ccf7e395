//! How an export's files become visible: each part as a set, the marker
//! last, and nothing of a failed run left behind.
//!
//! - Every file is written under a temporary name in its own folder
//!   (`.part-XXXXXX.tmp`), created as any other output: mode `0666` less
//!   the umask.
//! - A part's files are completed and synced first (`Sealed`), then
//!   renamed to their names one after the other (`commit`); when a rename
//!   fails, the files of the part already renamed are removed, so a failed
//!   run never leaves part N in one table and not in another.
//! - The marker `DIR/_SUCCESS` ([`MARKER`]) is written last, after every
//!   part is renamed and the folders synced: it is there only when the run
//!   wrote every table to the end. Its JSON (`Manifest`) lists the parts
//!   and their rows (docs/export.md, "Reading the tables safely").
//! - A temporary file is removed when its writer is dropped (an error on
//!   the way). One left by a killed run (`kill -9`, a power cut) is
//!   removed by the next `--force`, with the marker, before anything is
//!   written (`remove_marker`, `remove_temporaries`).

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;
use tempfile::TempPath;

use super::{io_at, ExportError, Format, Totals};

/// The marker a complete run writes last in its folder (the name Spark
/// and Hadoop write, which their readers and schedulers look for).
pub const MARKER: &str = "_SUCCESS";

/// How the export's temporary files begin and end: `.part-XXXXXX.tmp`.
const TEMP_PREFIX: &str = ".part-";
const TEMP_SUFFIX: &str = ".tmp";

/// `ExportError::Write` for the file `path`.
pub(crate) fn cannot_write(path: &Path) -> impl FnOnce(io::Error) -> ExportError + '_ {
    move |source| ExportError::Write {
        path: path.to_path_buf(),
        source,
    }
}

/// A new temporary file in `dir`, for the file `name` there: mode `0666`
/// less the umask, as `File::create` makes any output (tempfile's own
/// default, `0600`, would keep the tables from another user's reader).
/// The file is written through the [`fs::File`] (so an error names the
/// file `name`, not the temporary one); the [`TempPath`] removes it when
/// dropped, unless [`commit`] renamed it.
pub(crate) fn temp_in(dir: &Path, name: &Path) -> Result<(fs::File, TempPath), ExportError> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(TEMP_PREFIX).suffix(TEMP_SUFFIX);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let file = builder.tempfile_in(dir).map_err(cannot_write(name))?;
    Ok(file.into_parts())
}

/// Whether `name` is one of the export's temporary files.
pub(crate) fn is_temporary(name: &str) -> bool {
    name.len() > TEMP_PREFIX.len() + TEMP_SUFFIX.len()
        && name.starts_with(TEMP_PREFIX)
        && name.ends_with(TEMP_SUFFIX)
}

/// Removes the temporary files an earlier run left in `dir` (killed before
/// it could remove them), and nothing else.
pub(crate) fn remove_temporaries(dir: &Path) -> Result<(), ExportError> {
    for entry in fs::read_dir(dir).map_err(io_at(dir))? {
        let entry = entry.map_err(io_at(dir))?;
        let ours = entry.file_name().to_str().is_some_and(is_temporary);
        if ours && entry.file_type().is_ok_and(|t| t.is_file()) {
            let path = entry.path();
            fs::remove_file(&path).map_err(io_at(&path))?;
        }
    }
    Ok(())
}

/// Removes the marker of an earlier run from `out`, so that a run that
/// does not finish never shows it.
pub(crate) fn remove_marker(out: &Path) -> Result<(), ExportError> {
    let path = out.join(MARKER);
    match fs::remove_file(&path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(io_at(&path)(e)),
        _ => Ok(()),
    }
}

/// A file of a part, written whole and synced to the disk under its
/// temporary name, to be renamed `name` by [`commit`]. Dropped, it is
/// removed.
pub(crate) struct Sealed {
    temp: TempPath,
    name: PathBuf,
}

impl Sealed {
    /// `file`, complete, at `temp`: synced and closed, then kept for its
    /// name `name`.
    pub(crate) fn new(
        file: fs::File,
        temp: TempPath,
        name: PathBuf,
    ) -> Result<Sealed, ExportError> {
        file.sync_all().map_err(cannot_write(&name))?;
        Ok(Sealed { temp, name })
    }
}

/// Gives every file of a part its name, or none: when one cannot be
/// renamed, those renamed before it are removed again and the others'
/// temporary files dropped.
pub(crate) fn commit(files: Vec<Sealed>) -> Result<(), ExportError> {
    let mut named: Vec<PathBuf> = Vec::with_capacity(files.len());
    for Sealed { temp, name } in files {
        if let Err(e) = temp.persist(&name) {
            for done in &named {
                let _ = fs::remove_file(done);
            }
            return Err(cannot_write(&name)(e.error));
        }
        named.push(name);
    }
    Ok(())
}

/// The rows of one part, per table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Rows {
    pub games: u64,
    pub turns: u64,
    /// `None` when the `mistakes` table is not written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mistakes: Option<u64>,
}

impl Rows {
    fn add(&mut self, other: Rows) {
        self.games += other.games;
        self.turns += other.turns;
        self.mistakes = match (self.mistakes, other.mistakes) {
            (Some(a), Some(b)) => Some(a + b),
            (a, b) => a.or(b),
        };
    }
}

/// A part's line of the marker.
#[derive(Serialize)]
struct PartLine<'a> {
    name: &'a str,
    #[serde(flatten)]
    rows: Rows,
}

/// The marker's head: what was written, and how.
#[derive(Serialize)]
struct Head<'a> {
    billes: &'a str,
    schema: u32,
    format: &'a str,
    part_games: usize,
    tables: &'a [&'a str],
}

/// The marker's tail: the rows of every part, and what the run met.
#[derive(Serialize)]
struct Tail {
    rows: Rows,
    games_read: u64,
    games_exported: u64,
    games_invalid: u64,
    games_cut: u64,
    file_errors: u64,
    exit_code: u8,
}

/// The marker, written as the run goes (one line a part committed, so its
/// memory does not grow with the parts) to a temporary file in the output
/// folder, and renamed `_SUCCESS` by [`Manifest::finish`] only.
pub(crate) struct Manifest {
    out: BufWriter<fs::File>,
    temp: TempPath,
    path: PathBuf,
    rows: Rows,
    parts: u64,
}

impl Manifest {
    /// Begins the marker of a run writing `tables` in `format` into `dir`.
    pub(crate) fn begin(
        dir: &Path,
        format: Format,
        part_games: usize,
        tables: &[&str],
    ) -> Result<Manifest, ExportError> {
        let path = dir.join(MARKER);
        let (file, temp) = temp_in(dir, &path)?;
        let mut manifest = Manifest {
            out: BufWriter::new(file),
            temp,
            path,
            rows: Rows {
                mistakes: tables.contains(&"mistakes").then_some(0),
                ..Rows::default()
            },
            parts: 0,
        };
        let head = Head {
            billes: env!("CARGO_PKG_VERSION"),
            schema: super::schema::SCHEMA_VERSION,
            format: format.extension(),
            part_games,
            tables,
        };
        let mut text = serde_json::to_string(&head).map_err(io::Error::from);
        if let Ok(text) = &mut text {
            // Open the object again for the parts.
            text.pop();
            text.push_str(",\"parts\":[");
        }
        manifest.write(text)?;
        Ok(manifest)
    }

    fn write(&mut self, text: io::Result<String>) -> Result<(), ExportError> {
        text.and_then(|t| self.out.write_all(t.as_bytes()))
            .map_err(cannot_write(&self.path))
    }

    /// Adds the part `name`, committed, with its rows.
    pub(crate) fn part(&mut self, name: &str, rows: Rows) -> Result<(), ExportError> {
        let line = serde_json::to_string(&PartLine { name, rows }).map_err(io::Error::from);
        let sep = if self.parts == 0 { "\n" } else { ",\n" };
        self.write(line.map(|l| format!("{sep}{l}")))?;
        self.rows.add(rows);
        self.parts += 1;
        Ok(())
    }

    /// Ends the marker with the run's totals and puts it in place, after
    /// syncing the folders `dirs`, whose parts it lists, so that it never
    /// reaches the disk before them.
    pub(crate) fn finish(mut self, totals: &Totals, dirs: &[PathBuf]) -> Result<(), ExportError> {
        let tail = Tail {
            rows: self.rows,
            games_read: totals.games,
            games_exported: totals.exported,
            games_invalid: totals.invalid,
            games_cut: totals.cut,
            file_errors: totals.file_errors,
            exit_code: totals.exit_code(),
        };
        let text = serde_json::to_string(&tail).map_err(io::Error::from);
        // `{"rows":...}` becomes `],"rows":...}`, closing the parts.
        self.write(text.map(|t| format!("\n],{}\n", &t[1..])))?;
        let Manifest {
            out, temp, path, ..
        } = self;
        let file = out
            .into_inner()
            .map_err(io::IntoInnerError::into_error)
            .map_err(cannot_write(&path))?;
        for dir in dirs {
            sync_folder(dir)?;
        }
        let sealed = Sealed::new(file, temp, path)?;
        let dir = sealed.name.parent().map(Path::to_path_buf);
        commit(vec![sealed])?;
        match dir {
            Some(dir) => sync_folder(&dir),
            None => Ok(()),
        }
    }
}

/// Syncs a folder's entries (the renames in it) to the disk. A file
/// system that cannot sync a folder says so with `EINVAL` (some network
/// and FUSE ones): there is nothing more to do there, as PostgreSQL
/// decides for its own folders.
#[cfg(unix)]
fn sync_folder(dir: &Path) -> Result<(), ExportError> {
    match fs::File::open(dir).and_then(|d| d.sync_all()) {
        Err(e) if e.kind() != io::ErrorKind::InvalidInput => Err(io_at(dir)(e)),
        _ => Ok(()),
    }
}

#[cfg(not(unix))]
fn sync_folder(_dir: &Path) -> Result<(), ExportError> {
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    fn sealed(dir: &Path, name: &str, text: &str) -> Sealed {
        let path = dir.join(name);
        let (mut file, temp) = temp_in(dir, &path).unwrap();
        file.write_all(text.as_bytes()).unwrap();
        Sealed::new(file, temp, path).unwrap()
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_part_is_named_whole_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let (games, turns) = (dir.path().join("games"), dir.path().join("turns"));
        fs::create_dir(&games).unwrap();
        fs::create_dir(&turns).unwrap();
        let part = vec![
            sealed(&games, "part-00000.jsonl", "g\n"),
            sealed(&turns, "part-00000.jsonl", "t\n"),
        ];
        commit(part).unwrap();
        assert_eq!(names(&games), ["part-00000.jsonl"]);
        assert_eq!(names(&turns), ["part-00000.jsonl"]);
        // The turns' name cannot be taken (a folder holds it): the games'
        // file, renamed first, is removed again, and no temporary is left.
        fs::create_dir(turns.join("part-00001.jsonl")).unwrap();
        let part = vec![
            sealed(&games, "part-00001.jsonl", "g\n"),
            sealed(&turns, "part-00001.jsonl", "t\n"),
        ];
        let err = commit(part).unwrap_err().to_string();
        assert!(
            err.starts_with("cannot write ") && err.contains("part-00001.jsonl: "),
            "{err}"
        );
        assert_eq!(names(&games), ["part-00000.jsonl"]);
        assert_eq!(names(&turns), ["part-00000.jsonl", "part-00001.jsonl"]);
        assert!(turns.join("part-00001.jsonl").is_dir());
    }

    #[cfg(unix)]
    #[test]
    fn files_are_made_as_any_output() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let (file, _temp) = temp_in(dir.path(), &dir.path().join("x")).unwrap();
        let mode = file.metadata().unwrap().permissions().mode() & 0o777;
        // The mode `File::create` gives under this process's umask (0666
        // less it), not tempfile's 0600.
        let probe = dir.path().join("probe");
        fs::File::create(&probe).unwrap();
        let made = fs::metadata(&probe).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, made, "{mode:o}, {made:o}");
    }

    #[test]
    fn temporaries_are_told_from_other_files() {
        assert!(is_temporary(".part-a1B2c3.tmp"));
        for other in [
            ".part-.tmp",
            "part-00000.jsonl",
            ".part-a1B2c3.tmp.keep",
            "x.part-a.tmp",
            "_SUCCESS",
        ] {
            assert!(!is_temporary(other), "{other}");
        }
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(".part-abc123.tmp"), "left").unwrap();
        fs::write(dir.path().join("notes.tmp"), "mine").unwrap();
        fs::create_dir(dir.path().join(".part-dir.tmp")).unwrap();
        remove_temporaries(dir.path()).unwrap();
        assert_eq!(names(dir.path()), [".part-dir.tmp", "notes.tmp"]);
    }

    #[test]
    fn the_marker_lists_the_parts_and_appears_only_when_finished() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let tables = ["games", "turns", "mistakes"];
        let mut manifest = Manifest::begin(d, Format::Jsonl, 2, &tables).unwrap();
        let rows = |games, turns, mistakes| Rows {
            games,
            turns,
            mistakes: Some(mistakes),
        };
        manifest.part("part-00000.jsonl", rows(2, 30, 1)).unwrap();
        manifest.part("part-00001.jsonl", rows(1, 12, 0)).unwrap();
        // Not finished: only a temporary file.
        assert!(!d.join(MARKER).exists());
        assert_eq!(names(d).len(), 1);
        assert!(is_temporary(&names(d)[0]));
        let totals = Totals {
            games: 4,
            exported: 3,
            invalid: 1,
            ..Totals::default()
        };
        manifest.finish(&totals, &[d.to_path_buf()]).unwrap();
        assert_eq!(names(d), [MARKER]);
        let text = fs::read_to_string(d.join(MARKER)).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["format"], "jsonl");
        assert_eq!(json["schema"], super::super::schema::SCHEMA_VERSION);
        assert_eq!(json["tables"], serde_json::json!(tables));
        assert_eq!(json["parts"].as_array().unwrap().len(), 2);
        assert_eq!(json["parts"][1]["name"], "part-00001.jsonl");
        assert_eq!(json["parts"][1]["turns"], 12);
        assert_eq!(
            json["rows"],
            serde_json::json!({"games": 3, "turns": 42, "mistakes": 1})
        );
        assert_eq!(json["games_read"], 4);
        assert_eq!(json["exit_code"], 1);
        // One part a line, for a reader's eyes.
        assert_eq!(text.lines().count(), 4, "{text}");
        // Dropped before its end, the marker leaves nothing.
        let e = tempfile::tempdir().unwrap();
        let mut manifest = Manifest::begin(e.path(), Format::Parquet, 1, &tables[..2]).unwrap();
        manifest
            .part("part-00000.parquet", Rows::default())
            .unwrap();
        drop(manifest);
        assert!(names(e.path()).is_empty());
    }
}
