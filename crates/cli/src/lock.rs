//! The lock of a record being recorded (`billes play`): a second `billes
//! play` of the same file is refused while one runs.
//!
//! The lock is a file beside the record, `.NAME.billes-lock`, holding the
//! process id of the run that holds it (for the message). On Unix the run
//! holds an advisory lock on it (`flock`), which the system lets go of when
//! the process ends however it ends (kill -9, a crash, a power cut): a
//! lock file left behind is not locked, and the next run takes it. A clean
//! end removes the file. Elsewhere the file itself is the lock (created
//! only when absent): one left by a crash is named in the message, to be
//! removed by hand.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

/// A held lock, let go of when dropped.
#[derive(Debug)]
pub struct Lock {
    path: PathBuf,
    _file: File,
}

/// The lock file's name for `target`: `.NAME.billes-lock` beside it.
pub fn lock_name(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let lock = format!(".{name}.billes-lock");
    match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.join(lock),
        _ => PathBuf::from(lock),
    }
}

impl Lock {
    /// Takes the lock of `target` (the record, its symbolic links
    /// followed).
    ///
    /// # Errors
    /// When another run holds it, or the lock file cannot be made.
    pub fn take(target: &Path) -> anyhow::Result<Lock> {
        let path = lock_name(target);
        // A run that ends cleanly removes the file between our open and our
        // lock: the file we locked is then no longer the lock; take again.
        for _ in 0..8 {
            let mut file = open(&path, target)?;
            if !try_lock(&file).with_context(|| format!("cannot lock {}", path.display()))? {
                let mut pid = String::new();
                let _ = file.read_to_string(&mut pid);
                let pid = pid.trim();
                let by = if pid.is_empty() {
                    String::new()
                } else {
                    format!(" (process {pid})")
                };
                bail!(
                    "{} is being recorded by another billes play{by}: one run at a time \
                     writes a record (the lock is {})",
                    target.display(),
                    path.display()
                );
            }
            if !same_file(&file, &path) {
                continue;
            }
            file.set_len(0)
                .and_then(|()| writeln!(file, "{}", std::process::id()))
                .and_then(|()| file.flush())
                .with_context(|| format!("cannot write {}", path.display()))?;
            return Ok(Lock { path, _file: file });
        }
        bail!("cannot take the lock {}: it keeps changing", path.display())
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

#[cfg(unix)]
fn open(path: &Path, target: &Path) -> anyhow::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .with_context(|| {
            format!(
                "cannot make the lock file {} of {}",
                path.display(),
                target.display()
            )
        })
}

#[cfg(unix)]
fn try_lock(file: &File) -> io::Result<bool> {
    use rustix::fs::{flock, FlockOperation};
    match flock(file, FlockOperation::NonBlockingLockExclusive) {
        Ok(()) => Ok(true),
        Err(e) if e == rustix::io::Errno::WOULDBLOCK => Ok(false),
        Err(e) => Err(e.into()),
    }
}

#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn open(path: &Path, target: &Path) -> anyhow::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| {
            anyhow::anyhow!(
                "{} is being recorded by another billes play, or one ended without removing \
                 its lock {} (remove it if no billes play runs): {e}",
                target.display(),
                path.display()
            )
        })
}

#[cfg(not(unix))]
fn try_lock(_file: &File) -> io::Result<bool> {
    Ok(true)
}

#[cfg(not(unix))]
fn same_file(_file: &File, _path: &Path) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_and_a_dropped_one_removed() {
        let dir = tempfile::tempdir().expect("a folder");
        let record = dir.path().join("a.bgn");
        let lock = Lock::take(&record).expect("the first lock");
        assert!(lock_name(&record).exists());
        let err = Lock::take(&record).expect_err("a second lock");
        assert!(
            err.to_string()
                .contains("being recorded by another billes play"),
            "{err}"
        );
        drop(lock);
        assert!(!lock_name(&record).exists());
        let again = Lock::take(&record).expect("the lock taken again");
        drop(again);
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_file_left_behind_is_taken() {
        let dir = tempfile::tempdir().expect("a folder");
        let record = dir.path().join("a.bgn");
        // What a run killed with -9 leaves: the file, unlocked.
        fs::write(lock_name(&record), "999999\n").expect("a stale lock file");
        let lock = Lock::take(&record).expect("a stale lock is taken");
        drop(lock);
    }
}
