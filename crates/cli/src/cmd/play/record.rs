//! The files around a record that `billes play` writes.
//!
//! The session is the one writer of its record while it runs (the lock
//! keeps out other sessions, not editors or other programs). Before each
//! rewrite, the file is checked to be still the one the session last wrote
//! (or read, when it resumed): the same name holding the same file (its
//! device and inode; not a symbolic link), of the same length, holding the
//! same bytes (an XXH3-128 hash of them: the file is read again and
//! hashed). The check is made before the temporary file is written and
//! again just before it is renamed over the record. When the file is not
//! the one written (another program replaced it, appended a game, changed
//! a byte, removed it, or made it before a new record's first write),
//! nothing is written over it: the session's record is saved beside it
//! under a free name ([`rescue_name`]), and the session stops.
//!
//! An output the session writes besides (`--html`) is refused when it
//! would land on the record, its lock or its temporary file
//! ([`check_output`]).

use std::fmt;
use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use crate::atomic::{hard_links, read_only, replace_checked, temporary_name, write_new};
use crate::lock::lock_name;

/// The most rescue files beside one record: `NAME.billes-rescue.bgn`, then
/// `NAME.billes-rescue-2.bgn` to `NAME.billes-rescue-99.bgn` (SECURITY.md).
pub const MAX_RESCUES: u32 = 99;

/// The record a session writes, and what it last wrote or read there.
#[derive(Debug)]
pub struct RecordFile {
    path: PathBuf,
    /// What the file held when the session last wrote or read it; `None`:
    /// the file is to be made, and nothing may stand at its name.
    last: Option<Identity>,
    /// Whether the session wrote it (else it was only read).
    written: bool,
}

/// Which file a record is, and what it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Identity {
    id: Option<(u64, u64)>,
    len: u64,
    hash: u128,
}

/// The record is not the one the session last wrote or read: nothing was
/// written over it.
#[derive(Debug)]
pub struct Changed {
    path: PathBuf,
    what: &'static str,
    written: bool,
}

impl fmt::Display for Changed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let since = if self.written {
            "since this session last wrote it"
        } else {
            "since this session read it"
        };
        write!(
            f,
            "{} {} {since}: it is not written over",
            self.path.display(),
            self.what
        )
    }
}

impl std::error::Error for Changed {}

impl RecordFile {
    /// A record the session makes: nothing stands at `path` yet.
    pub fn absent(path: PathBuf) -> RecordFile {
        RecordFile {
            path,
            last: None,
            written: false,
        }
    }

    /// A record the session resumes, as it is now (read before the
    /// session reads its games, so that a change made meanwhile is seen).
    ///
    /// # Errors
    /// When the file cannot be read, or is no regular file.
    pub fn existing(path: PathBuf) -> anyhow::Result<RecordFile> {
        let last = identify(&path)?;
        Ok(RecordFile {
            path,
            last: Some(last),
            written: false,
        })
    }

    /// The record's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Rewrites the record with `contents`, atomically, once it is checked
    /// to be the one last written or read (the module says how).
    ///
    /// # Errors
    /// A [`Changed`] when it is not (nothing written); else when the file
    /// cannot be written (read-only, several hard links, an I/O error):
    /// the file is then left as it was.
    pub fn write(&mut self, contents: &[u8]) -> anyhow::Result<()> {
        let old = self.check()?;
        if let Some(meta) = &old {
            refuse_rewrite(&self.path, meta)?;
        }
        let written = replace_checked(&self.path, contents, old.as_ref(), || {
            self.check().map(drop)
        })?;
        self.last = Some(Identity {
            id: file_id(&written),
            len: contents.len() as u64,
            hash: hash(contents),
        });
        self.written = true;
        Ok(())
    }

    /// Saves `contents` beside the record under the first free rescue name,
    /// atomically and never over a file: the name written.
    ///
    /// # Errors
    /// When the file cannot be written, or every rescue name is taken.
    pub fn rescue(&self, contents: &[u8]) -> anyhow::Result<PathBuf> {
        for n in 1..=MAX_RESCUES {
            let path = rescue_name(&self.path, n);
            if write_new(&path, contents)? {
                return Ok(path);
            }
        }
        bail!(
            "{} to {} all exist",
            rescue_name(&self.path, 1).display(),
            rescue_name(&self.path, MAX_RESCUES).display()
        )
    }

    /// The record's metadata when it is the one last written or read
    /// (`None`: absent, as a record to be made is).
    fn check(&self) -> anyhow::Result<Option<fs::Metadata>> {
        let changed = |what| {
            anyhow::Error::new(Changed {
                path: self.path.clone(),
                what,
                written: self.written,
            })
        };
        let now = match fs::symlink_metadata(&self.path) {
            Ok(m) => m,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return match self.last {
                    None => Ok(None),
                    Some(_) => Err(changed("was removed or renamed")),
                };
            }
            Err(e) => {
                return Err(
                    anyhow::Error::new(e).context(format!("cannot read {}", self.path.display()))
                )
            }
        };
        let Some(last) = self.last else {
            return Err(changed("was made by another program"));
        };
        if now.file_type().is_symlink() {
            return Err(changed("was replaced by a symbolic link"));
        }
        if !now.is_file() {
            return Err(changed("was replaced by something that is no regular file"));
        }
        if file_id(&now) != last.id {
            return Err(changed("was replaced by another file"));
        }
        if now.len() != last.len || identify(&self.path)? != last {
            return Err(changed("was changed by another program"));
        }
        Ok(Some(now))
    }
}

/// `NAME.billes-rescue.bgn` beside `record` (`NAME` its file name without
/// `.bgn`), or `NAME.billes-rescue-N.bgn` for `n` past 1: a record, so
/// that `billes validate` and `billes play` take it as one.
pub fn rescue_name(record: &Path, n: u32) -> PathBuf {
    let name = record
        .file_name()
        .map_or_else(|| "record".into(), |n| n.to_string_lossy().into_owned());
    let stem = name.strip_suffix(".bgn").unwrap_or(&name);
    let number = if n > 1 {
        format!("-{n}")
    } else {
        String::new()
    };
    let rescue = format!("{stem}.billes-rescue{number}.bgn");
    match record.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(rescue),
        _ => PathBuf::from(rescue),
    }
}

/// Refuses an output `path` given as `option` that would be written over
/// the record `target`, its lock or its temporary file: by its path, a
/// symbolic link (even to a file not made yet) or a hard link (the same
/// device and inode).
///
/// # Errors
/// The output is one of them.
pub fn check_output(option: &str, path: &Path, target: &Path) -> anyhow::Result<()> {
    let ours = [
        (target.to_path_buf(), "the record"),
        (lock_name(target), "the record's lock file"),
        (temporary_name(target), "the record's temporary file"),
    ];
    for (file, what) in &ours {
        if same_destination(path, file) {
            bail!(
                "{option} {}: that is {what} {}: it would be written over, so nothing is \
                 written (give another file)",
                path.display(),
                file.display()
            );
        }
    }
    Ok(())
}

/// Whether writing to `a` lands on `b`: the same file (device and inode)
/// when both exist, else the same place once links are followed.
fn same_destination(a: &Path, b: &Path) -> bool {
    if let (Ok(x), Ok(y)) = (fs::metadata(a), fs::metadata(b)) {
        if let (Some(x), Some(y)) = (file_id(&x), file_id(&y)) {
            return x == y;
        }
    }
    destination(a) == destination(b)
}

/// Where a write to `path` lands: its symbolic links followed, also to a
/// file that does not exist yet, and its folder's path resolved.
fn destination(path: &Path) -> PathBuf {
    let mut place = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    // As many links as the system follows in one path.
    for _ in 0..40 {
        let Ok(to) = fs::read_link(&place) else { break };
        place = match place.parent() {
            Some(dir) => dir.join(to),
            None => to,
        };
    }
    match (place.parent(), place.file_name()) {
        (Some(dir), Some(name)) => fs::canonicalize(dir).map_or(place.clone(), |d| d.join(name)),
        _ => place,
    }
}

/// Refuses to rewrite a read-only file, or one with several names (a
/// rename would leave the other names with the old text).
fn refuse_rewrite(path: &Path, meta: &fs::Metadata) -> anyhow::Result<()> {
    if read_only(meta) {
        bail!("{} is read-only: not rewritten", path.display());
    }
    let links = hard_links(meta);
    if links > 1 {
        bail!(
            "{} has {links} hard links: replacing it would leave the other names with the \
             old text, so it is not rewritten",
            path.display()
        );
    }
    Ok(())
}

/// The regular file at `path` (no link followed) and its bytes' hash.
fn identify(path: &Path) -> anyhow::Result<Identity> {
    let cannot = || format!("cannot read {}", path.display());
    let mut file = open_no_link(path).with_context(cannot)?;
    let meta = file.metadata().with_context(cannot)?;
    if !meta.is_file() {
        bail!("{} is not a regular file", path.display());
    }
    let mut hasher = twox_hash::XxHash3_128::new();
    let mut buf = vec![0u8; 1 << 16];
    let mut len = 0u64;
    loop {
        let n = match file.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(anyhow::Error::new(e).context(cannot())),
        };
        hasher.write(&buf[..n]);
        len += n as u64;
    }
    Ok(Identity {
        id: file_id(&meta),
        len,
        hash: hasher.finish_128(),
    })
}

fn hash(contents: &[u8]) -> u128 {
    let mut hasher = twox_hash::XxHash3_128::new();
    hasher.write(contents);
    hasher.finish_128()
}

/// Opens `path` to read, not through a symbolic link and without waiting
/// on a pipe.
#[cfg(unix)]
fn open_no_link(path: &Path) -> io::Result<fs::File> {
    use rustix::fs::{Mode, OFlags};
    let flags =
        OFlags::RDONLY | OFlags::CLOEXEC | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY;
    Ok(fs::File::from(rustix::fs::open(
        path,
        flags,
        Mode::empty(),
    )?))
}

#[cfg(not(unix))]
fn open_no_link(path: &Path) -> io::Result<fs::File> {
    if fs::symlink_metadata(path)?.file_type().is_symlink() {
        return Err(io::Error::other("a symbolic link"));
    }
    fs::File::open(path)
}

#[cfg(unix)]
fn file_id(meta: &fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn file_id(_meta: &fs::Metadata) -> Option<(u64, u64)> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_changed(result: anyhow::Result<()>) -> String {
        let err = result.expect_err("a change is seen");
        assert!(err.downcast_ref::<Changed>().is_some(), "{err:#}");
        err.to_string()
    }

    #[test]
    fn rescue_names_sit_beside_the_record() {
        assert_eq!(
            rescue_name(Path::new("club/r.bgn"), 1),
            Path::new("club/r.billes-rescue.bgn")
        );
        assert_eq!(
            rescue_name(Path::new("r.bgn"), 2),
            Path::new("r.billes-rescue-2.bgn")
        );
        assert_eq!(
            rescue_name(Path::new("notes.txt"), 1),
            Path::new("notes.txt.billes-rescue.bgn")
        );
    }

    #[test]
    fn a_record_written_is_rewritten_until_it_changes() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("r.bgn");
        let mut record = RecordFile::absent(path.clone());
        record.write(b"one\n").expect("made");
        record.write(b"two\n").expect("rewritten");
        assert_eq!(fs::read(&path).expect("read"), b"two\n");
        // The same length, another byte: seen by the hash.
        fs::write(&path, b"twO\n").expect("changed");
        let err = is_changed(record.write(b"three\n"));
        assert!(err.contains("was changed by another program"), "{err}");
        assert!(err.contains("since this session last wrote it"), "{err}");
        assert_eq!(fs::read(&path).expect("read"), b"twO\n");
        assert!(!temporary_name(&path).exists());
    }

    #[test]
    fn a_record_replaced_removed_or_made_is_seen() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("r.bgn");
        fs::write(&path, b"[Game \"aggravation\"]\n").expect("a record");
        let mut record = RecordFile::existing(path.clone()).expect("read");
        // The same bytes in another file put in its place.
        fs::write(dir.path().join("copy"), b"[Game \"aggravation\"]\n").expect("a copy");
        fs::rename(dir.path().join("copy"), &path).expect("renamed");
        let err = is_changed(record.write(b"new\n"));
        assert!(err.contains("was replaced by another file"), "{err}");
        assert!(err.contains("since this session read it"), "{err}");
        fs::remove_file(&path).expect("removed");
        let err = is_changed(record.write(b"new\n"));
        assert!(err.contains("was removed or renamed"), "{err}");
        assert!(!path.exists());
        // A new record whose name was taken meanwhile.
        let mut fresh = RecordFile::absent(dir.path().join("n.bgn"));
        fs::write(dir.path().join("n.bgn"), b"theirs").expect("made by another");
        let err = is_changed(fresh.write(b"ours"));
        assert!(err.contains("was made by another program"), "{err}");
        assert_eq!(fs::read(dir.path().join("n.bgn")).expect("kept"), b"theirs");
    }

    #[test]
    fn a_long_record_is_hashed_the_same_read_back() {
        // Longer than the read buffer: the hash of the pieces read is the
        // hash of the bytes written.
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("r.bgn");
        let text: Vec<u8> = (0..200_000u32).map(|i| b'a' + (i % 26) as u8).collect();
        let mut record = RecordFile::absent(path.clone());
        record.write(&text).expect("made");
        assert_eq!(
            record.check().expect("unchanged").map(|m| m.len()),
            Some(200_000)
        );
        record.write(&text[..1000]).expect("rewritten");
    }

    #[test]
    fn a_rescue_never_replaces_a_file() {
        let dir = tempfile::tempdir().expect("a folder");
        let record = RecordFile::absent(dir.path().join("r.bgn"));
        fs::write(rescue_name(record.path(), 1), b"first").expect("an earlier rescue");
        let path = record.rescue(b"second").expect("saved");
        assert_eq!(path, rescue_name(record.path(), 2));
        assert_eq!(
            fs::read(rescue_name(record.path(), 1)).expect("kept"),
            b"first"
        );
        assert_eq!(fs::read(&path).expect("saved"), b"second");
        assert!(!temporary_name(&path).exists());
    }

    #[test]
    fn an_output_on_the_record_is_refused() {
        let dir = tempfile::tempdir().expect("a folder");
        let target = dir.path().join("r.bgn");
        // Not made yet: by its path, however written.
        let same = dir.path().join(".").join("r.bgn");
        assert!(check_output("--html", &same, &target).is_err());
        assert!(check_output("--html", &lock_name(&target), &target).is_err());
        assert!(check_output("--html", &temporary_name(&target), &target).is_err());
        assert!(check_output("--html", &dir.path().join("live.html"), &target).is_ok());
        // Made: by a hard link too.
        fs::write(&target, b"x").expect("a record");
        fs::hard_link(&target, dir.path().join("h.html")).expect("a hard link");
        let err = check_output("--html", &dir.path().join("h.html"), &target)
            .expect_err("the same file")
            .to_string();
        assert!(err.contains("that is the record"), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn an_output_linked_to_the_lock_is_refused_before_it_exists() {
        let dir = tempfile::tempdir().expect("a folder");
        let target = dir.path().join("r.bgn");
        let page = dir.path().join("sub/p.html");
        fs::create_dir(dir.path().join("sub")).expect("a folder");
        std::os::unix::fs::symlink("../.r.bgn.billes-lock", &page).expect("a link");
        let err = check_output("--html", &page, &target)
            .expect_err("the lock, through a link to nothing yet")
            .to_string();
        assert!(err.contains("the record's lock file"), "{err}");
    }
}
