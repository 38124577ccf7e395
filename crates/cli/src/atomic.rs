//! Writing files whole or not at all: a temporary file beside the target,
//! then a rename over it. In-place rewrites (`fmt --in-place`, `annotate
//! --in-place`) also keep what is not theirs to change.
//!
//! - A symbolic link is written through: its target is replaced (the
//!   temporary file goes in the target's folder), the link stays a link.
//! - The replaced file keeps its mode, and its owner and group (a rewrite
//!   run by root does not give the file to root); when the owner cannot be
//!   kept, the file is not rewritten.
//! - A read-only file (no write bit) is refused, as editors do, unless
//!   `--force`.
//! - A file with several hard links is refused: a rename would split them
//!   (the other names keeping the old text). With `--force` it is rewritten
//!   in place instead, so every name sees the new text (that write is not
//!   atomic).
//! - A device or a pipe (`/dev/null`, a named pipe) is written into, never
//!   replaced by a regular file.
//! - The temporary file is named `.NAME.billes-tmp`, so that one left by
//!   `kill -9` is recognisable, and is removed on SIGINT and SIGTERM.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{bail, Context};

/// What a rewrite may do.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rewrite {
    /// Rewrite a read-only file, and a file with several hard links (in
    /// place).
    pub force: bool,
}

/// Temporary files being written, removed if the process is interrupted.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The temporary file's name for `target`: `.NAME.billes-tmp` beside it.
pub fn temporary_name(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let tmp = format!(".{name}.billes-tmp");
    match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(tmp),
        _ => PathBuf::from(tmp),
    }
}

/// A temporary file, removed when dropped unless it was renamed.
struct Temporary {
    path: PathBuf,
    done: bool,
}

impl Temporary {
    fn create(path: PathBuf) -> anyhow::Result<(Temporary, File)> {
        watch_signals();
        // The list is held while the file is made: a signal handled
        // meanwhile waits, then finds the file listed.
        let mut pending = PENDING.lock().unwrap_or_else(|e| e.into_inner());
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| {
                let hint = if e.kind() == io::ErrorKind::AlreadyExists {
                    " (left by an interrupted run, or another billes is writing this file: \
                     remove it if no other run is)"
                } else {
                    ""
                };
                anyhow::anyhow!("cannot create {}{hint}: {e}", path.display())
            })?;
        pending.push(path.clone());
        drop(pending);
        Ok((Temporary { path, done: false }, file))
    }

    fn rename_to(mut self, target: &Path) -> io::Result<()> {
        fs::rename(&self.path, target)?;
        self.done = true;
        Ok(())
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.done {
            let _ = fs::remove_file(&self.path);
        }
        if let Ok(mut pending) = PENDING.lock() {
            pending.retain(|p| *p != self.path);
        }
    }
}

/// On the first temporary file, a thread that waits for SIGINT and SIGTERM,
/// removes the temporary files being written, and ends the process as the
/// signal would (exit 130 or 143).
#[cfg(unix)]
fn watch_signals() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    remove_pending();
                    std::process::exit(128 + signal);
                }
            });
    });
}

#[cfg(not(unix))]
fn watch_signals() {}

/// Removes the temporary files being written (the process is about to
/// end).
fn remove_pending() {
    let pending = PENDING.lock().unwrap_or_else(|e| e.into_inner());
    for path in pending.iter() {
        let _ = fs::remove_file(path);
    }
}

/// Writes `contents` to a new or replaced file `path` (an output such as
/// `--svg OUT`), atomically: a replaced file keeps its mode, owner and
/// group; a new one gets `rw-r--r--` on Unix.
///
/// # Errors
/// When the file cannot be written; the old one is then left as it was.
///
/// A path that is no regular file but a device or a pipe (`/dev/null`,
/// `/dev/stdout`, a named pipe) is written into, not replaced: a rename
/// would put a regular file in the device's place.
pub fn write_atomically(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    let target = resolve(path)?;
    let meta = fs::metadata(&target).ok();
    match &meta {
        Some(m) if m.is_dir() => bail!("{} is a folder", path.display()),
        Some(m) if !m.is_file() => write_into(&target, contents),
        _ => replace(&target, contents, meta.as_ref()),
    }
}

/// Writes `contents` into the device or pipe `target`, which stays what it is.
fn write_into(target: &Path, contents: &[u8]) -> anyhow::Result<()> {
    let mut file = OpenOptions::new()
        .write(true)
        .open(target)
        .with_context(|| format!("cannot open {} for writing", target.display()))?;
    file.write_all(contents)
        .and_then(|()| file.flush())
        .with_context(|| format!("cannot write {}", target.display()))
}

/// The file a rewrite in place of `path` (`--in-place`) replaces and its
/// metadata, once the module's checks pass: its symbolic links followed, a
/// regular file, not read-only and with one name, unless `force`.
///
/// # Errors
/// A read-only file or one with several hard links without `force`, or a
/// file that cannot be read.
fn check_rewrite(path: &Path, rewrite: Rewrite) -> anyhow::Result<(PathBuf, fs::Metadata)> {
    let target = resolve(path)?;
    let meta = fs::metadata(&target).with_context(|| format!("cannot read {}", path.display()))?;
    if !meta.is_file() {
        bail!("{} is not a regular file", path.display());
    }
    if read_only(&meta) && !rewrite.force {
        bail!(
            "{} is read-only: not rewritten (--force rewrites it anyway)",
            path.display()
        );
    }
    let links = hard_links(&meta);
    if links > 1 && !rewrite.force {
        bail!(
            "{} has {links} hard links: replacing it would leave the other names with the \
             old text, so it is not rewritten (--force rewrites the file itself, in place, \
             for every name)",
            path.display()
        );
    }
    Ok((target, meta))
}

/// A rewrite in place of an existing file, written as the new text comes
/// (`annotate --in-place`, which writes each game as it is done): the
/// checks of [`check_rewrite`] are made when it begins, before any work;
/// the text goes to the temporary file, and [`finish`](Rewriting::finish)
/// puts it in the file's place. Dropped before `finish` (an error on the
/// way), the temporary file is removed and the file is left as it was.
/// A file with several hard links (with `force`) gets the text copied into
/// it at `finish`, so every name sees it (that copy is not atomic).
pub struct Rewriting {
    target: PathBuf,
    meta: fs::Metadata,
    tmp: Temporary,
    file: io::BufWriter<File>,
}

impl Rewriting {
    /// Checks that `path` may be rewritten and opens the temporary file.
    ///
    /// # Errors
    /// As [`check_rewrite`], and when the temporary file cannot be made.
    pub fn begin(path: &Path, rewrite: Rewrite) -> anyhow::Result<Rewriting> {
        let (target, meta) = check_rewrite(path, rewrite)?;
        let (tmp, file) = Temporary::create(temporary_name(&target))?;
        Ok(Rewriting {
            target,
            meta,
            tmp,
            file: io::BufWriter::with_capacity(1 << 16, file),
        })
    }

    /// Puts the text written in the file's place.
    ///
    /// # Errors
    /// When the text cannot be written, or the owner, group or mode cannot
    /// be kept; the file is then left as it was (but for a file with
    /// several hard links whose copy failed on the way).
    pub fn finish(self) -> anyhow::Result<()> {
        let Rewriting {
            target,
            meta,
            tmp,
            file,
        } = self;
        let file = file
            .into_inner()
            .map_err(io::IntoInnerError::into_error)
            .and_then(|file| file.sync_all().map(|()| file))
            .with_context(|| format!("cannot write {}", tmp.path.display()))?;
        if hard_links(&meta) > 1 {
            drop(file);
            let from = File::open(&tmp.path)
                .with_context(|| format!("cannot read {}", tmp.path.display()))?;
            return in_place(&target, io::BufReader::new(from));
        }
        install(tmp, file, &target, Some(&meta))
    }
}

impl Write for Rewriting {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.file.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// Where `path` leads: itself, or the file its symbolic links lead to.
fn resolve(path: &Path) -> anyhow::Result<PathBuf> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => fs::canonicalize(path)
            .with_context(|| format!("cannot follow the link {}", path.display())),
        _ => Ok(path.to_path_buf()),
    }
}

/// The temporary file, filled and flushed, given the old file's mode,
/// owner and group, then renamed over `target`.
fn replace(target: &Path, contents: &[u8], old: Option<&fs::Metadata>) -> anyhow::Result<()> {
    let (tmp, mut file) = Temporary::create(temporary_name(target))?;
    file.write_all(contents)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write {}", tmp.path.display()))?;
    install(tmp, file, target, old)
}

/// The temporary file, written and flushed, given the old file's mode,
/// owner and group (a new file's mode without one), then renamed over
/// `target`.
fn install(
    tmp: Temporary,
    file: File,
    target: &Path,
    old: Option<&fs::Metadata>,
) -> anyhow::Result<()> {
    give_mode(&file, target, old)?;
    drop(file);
    tmp.rename_to(target)
        .with_context(|| format!("cannot replace {}", target.display()))
}

/// Gives `file`, which is to replace `target`, the old file's mode, owner
/// and group, or a new file's mode when there is none.
fn give_mode(file: &File, target: &Path, old: Option<&fs::Metadata>) -> anyhow::Result<()> {
    match old {
        Some(meta) => {
            keep_owner(file, meta).with_context(|| {
                format!("cannot keep the owner and group of {}", target.display())
            })?;
            file.set_permissions(meta.permissions())
                .with_context(|| format!("cannot keep the mode of {}", target.display()))?;
        }
        None => set_new_file_permissions(file),
    }
    Ok(())
}

/// Replaces the regular file `target` (no link followed) with `contents`,
/// atomically, as [`write_atomically`] does, asking `check` just before
/// the rename whether the file there may be replaced: the temporary file
/// is made, written, flushed and given `old`'s mode, owner and group (a
/// new file's mode without `old`), then `check` runs, then the rename. So
/// a check of what is at `target` (`billes play`'s: the file is still the
/// one it wrote) leaves only the time of a rename for a change to slip in.
/// The file written's metadata is returned (its device and inode are the
/// ones `target` now has).
///
/// # Errors
/// `check`'s error, or the file cannot be written; the temporary file is
/// then removed and `target` left as it was.
pub fn replace_checked(
    target: &Path,
    contents: &[u8],
    old: Option<&fs::Metadata>,
    check: impl FnOnce() -> anyhow::Result<()>,
) -> anyhow::Result<fs::Metadata> {
    let (tmp, mut file) = Temporary::create(temporary_name(target))?;
    file.write_all(contents)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write {}", tmp.path.display()))?;
    give_mode(&file, target, old)?;
    let written = file
        .metadata()
        .with_context(|| format!("cannot read {}", tmp.path.display()))?;
    drop(file);
    check()?;
    tmp.rename_to(target)
        .with_context(|| format!("cannot replace {}", target.display()))?;
    Ok(written)
}

/// Writes `contents` to a new file `path`, atomically and never over
/// anything: the temporary file is written and flushed, then given the
/// name with a hard link, which fails when the name is taken (a file, a
/// link, anything), then removed. `Ok(false)`: the name is taken, nothing
/// written. Where hard links cannot be made (some file systems), the
/// name is checked to be free just before a rename instead.
///
/// # Errors
/// When the file cannot be written; nothing is then left behind.
pub fn write_new(path: &Path, contents: &[u8]) -> anyhow::Result<bool> {
    let (tmp, mut file) = Temporary::create(temporary_name(path))?;
    file.write_all(contents)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write {}", tmp.path.display()))?;
    set_new_file_permissions(&file);
    drop(file);
    match fs::hard_link(&tmp.path, path) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(false),
        Err(_) if fs::symlink_metadata(path).is_ok() => Ok(false),
        Err(_) => {
            tmp.rename_to(path)
                .with_context(|| format!("cannot write {}", path.display()))?;
            Ok(true)
        }
    }
}

/// Rewrites the file itself (every hard link sees the new text).
fn in_place(target: &Path, mut contents: impl io::Read) -> anyhow::Result<()> {
    let mut file = OpenOptions::new()
        .write(true)
        .truncate(true)
        .open(target)
        .with_context(|| format!("cannot open {} for writing", target.display()))?;
    io::copy(&mut contents, &mut file)
        .and_then(|_| file.sync_all())
        .with_context(|| format!("cannot write {}", target.display()))
}

/// Whether the file has no write bit (`r--r--r--`).
#[cfg(unix)]
pub(crate) fn read_only(meta: &fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o222 == 0
}

#[cfg(not(unix))]
pub(crate) fn read_only(meta: &fs::Metadata) -> bool {
    meta.permissions().readonly()
}

/// How many names the file has.
#[cfg(unix)]
pub(crate) fn hard_links(meta: &fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(meta)
}

#[cfg(not(unix))]
pub(crate) fn hard_links(_meta: &fs::Metadata) -> u64 {
    1
}

/// Gives `file` the owner and group of `meta`, where they differ from what
/// it has (only root can give a file away; a group can be set by its
/// members).
#[cfg(unix)]
fn keep_owner(file: &File, meta: &fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let now = file.metadata()?;
    let uid = (now.uid() != meta.uid()).then_some(meta.uid());
    let gid = (now.gid() != meta.gid()).then_some(meta.gid());
    if uid.is_none() && gid.is_none() {
        return Ok(());
    }
    std::os::unix::fs::fchown(file, uid, gid)
}

#[cfg(not(unix))]
fn keep_owner(_file: &File, _meta: &fs::Metadata) -> io::Result<()> {
    Ok(())
}

#[cfg(unix)]
fn set_new_file_permissions(file: &File) {
    use std::os::unix::fs::PermissionsExt;
    let _ = file.set_permissions(fs::Permissions::from_mode(0o644));
}

#[cfg(not(unix))]
fn set_new_file_permissions(_file: &File) {}

#[cfg(test)]
mod tests {
    use super::{remove_pending, replace_checked, temporary_name, write_new, Temporary};
    use std::path::Path;
    use std::sync::{Mutex, MutexGuard};

    /// The tests that make temporary files take turns: the list of them is
    /// the process's, and one test empties it as a signal would.
    fn one_at_a_time() -> MutexGuard<'static, ()> {
        static SERIAL: Mutex<()> = Mutex::new(());
        SERIAL.lock().unwrap_or_else(|e| e.into_inner())
    }

    #[test]
    fn a_check_that_fails_before_the_rename_leaves_the_file() {
        let _serial = one_at_a_time();
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("a.bgn");
        std::fs::write(&path, "old").expect("a file");
        let err = replace_checked(&path, b"new", None, || anyhow::bail!("changed"))
            .expect_err("the check says no");
        assert_eq!(err.to_string(), "changed");
        assert_eq!(std::fs::read_to_string(&path).expect("kept"), "old");
        assert!(!temporary_name(&path).exists());
        replace_checked(&path, b"new", None, || Ok(())).expect("replaced");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
    }

    #[test]
    fn a_new_file_is_never_written_over_anything() {
        let _serial = one_at_a_time();
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("a.bgn");
        assert!(write_new(&path, b"first").expect("written"));
        assert!(!write_new(&path, b"second").expect("the name is taken"));
        assert_eq!(std::fs::read_to_string(&path).expect("kept"), "first");
        assert!(!temporary_name(&path).exists());
    }

    #[test]
    fn an_interruption_removes_the_temporary_files() {
        let _serial = one_at_a_time();
        let dir = tempfile::tempdir().expect("a folder");
        let path = temporary_name(&dir.path().join("a.bgn"));
        let (tmp, _file) = Temporary::create(path.clone()).expect("a temporary file");
        assert!(path.exists());
        // What the signal thread does before it ends the process.
        remove_pending();
        assert!(!path.exists());
        drop(tmp);
        assert!(super::PENDING.lock().expect("the list").is_empty());
    }

    #[test]
    fn temporary_files_say_what_they_are() {
        assert_eq!(
            temporary_name(Path::new("club/round1.bgn")),
            Path::new("club/.round1.bgn.billes-tmp")
        );
        assert_eq!(
            temporary_name(Path::new("a.bgn")),
            Path::new(".a.bgn.billes-tmp")
        );
    }
}
