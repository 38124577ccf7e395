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
//!
//! The lock file is made with `O_CREAT | O_EXCL` and opened with
//! `O_NOFOLLOW`: never through a symbolic link. An existing one is taken
//! only when it is ours: a regular file with one name (hard link), holding
//! nothing or one process id (at most 20 digits and a newline, what a run
//! writes; empty is a run killed between making the file and writing it).
//! Anything else at that name (a link, a folder, a pipe, a file of other
//! text, a file with several names) is refused, left as it is, and named in
//! the message. The file is removed at the end only while that name still
//! holds the file locked.

use std::fs::{self, File};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

/// The most bytes of a lock file that are ours: a process id of 20 digits
/// (the largest 64-bit number) and a newline (SECURITY.md).
pub const MAX_LOCK_BYTES: u64 = 21;

/// A held lock, let go of when dropped.
#[derive(Debug)]
pub struct Lock {
    path: PathBuf,
    file: File,
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
    /// When another run holds it, when what stands at the lock's name is
    /// not a lock file of ours (left as it is), or when the lock file
    /// cannot be made.
    pub fn take(target: &Path) -> anyhow::Result<Lock> {
        let path = lock_name(target);
        // A run that ends cleanly removes the file between our open and our
        // lock: the file we locked is then no longer the lock; take again.
        for _ in 0..8 {
            let (mut file, made) = open(&path, target)?;
            if !made {
                check_kind(&file, &path, target)?;
            }
            if !try_lock(&file).with_context(|| format!("cannot lock {}", path.display()))? {
                bail!(
                    "{} is being recorded by another billes play{}: one run at a time \
                     writes a record (the lock is {})",
                    target.display(),
                    holder(&mut file),
                    path.display()
                );
            }
            if !same_file(&file, &path) {
                continue;
            }
            if !made {
                check_text(&mut file, &path, target)?;
            }
            file.set_len(0)
                .and_then(|()| file.rewind())
                .and_then(|()| writeln!(file, "{}", std::process::id()))
                .and_then(|()| file.flush())
                .with_context(|| format!("cannot write {}", path.display()))?;
            return Ok(Lock { path, file });
        }
        bail!("cannot take the lock {}: it keeps changing", path.display())
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Only the file we hold: not what another program put at its name.
        if same_file(&self.file, &self.path) {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// ` (process N)` when the lock file names its holder, else nothing (its
/// text is shown only when it is a process id).
fn holder(file: &mut File) -> String {
    let mut text = String::new();
    let _ = file.take(MAX_LOCK_BYTES).read_to_string(&mut text);
    let pid = text.trim_end_matches('\n');
    if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        String::new()
    } else {
        format!(" (process {pid})")
    }
}

/// The end of a refusal: what stands at the lock's name is left alone.
fn left_alone(path: &Path, target: &Path) -> String {
    format!(
        "it is left as it is, and {} is not recorded (remove {} if no billes play runs on \
         the record)",
        target.display(),
        path.display()
    )
}

/// Refuses an existing lock file that is no regular file with one name.
fn check_kind(file: &File, path: &Path, target: &Path) -> anyhow::Result<()> {
    let meta = file
        .metadata()
        .with_context(|| format!("cannot read the lock file {}", path.display()))?;
    let kind = if meta.is_dir() {
        "a folder"
    } else if !meta.is_file() {
        "not a regular file"
    } else if hard_links(&meta) > 1 {
        "a file with several names (hard links)"
    } else {
        return Ok(());
    };
    bail!(
        "the lock file {} is {kind}, not a lock of billes play: {}",
        path.display(),
        left_alone(path, target)
    )
}

/// Refuses an existing lock file whose text is not a process id alone
/// (the module says what is ours).
fn check_text(file: &mut File, path: &Path, target: &Path) -> anyhow::Result<()> {
    let mut text = Vec::new();
    file.take(MAX_LOCK_BYTES + 1)
        .read_to_end(&mut text)
        .with_context(|| format!("cannot read the lock file {}", path.display()))?;
    if is_lock_text(&text) {
        return Ok(());
    }
    bail!(
        "the lock file {} holds other text than a process id, so it is not a lock of \
         billes play: {}",
        path.display(),
        left_alone(path, target)
    )
}

/// Whether `text` is what a run writes in its lock file, or a part of it:
/// nothing, or at most 20 digits and a newline.
fn is_lock_text(text: &[u8]) -> bool {
    let digits = text.strip_suffix(b"\n").unwrap_or(text);
    digits.len() <= 20 && digits.iter().all(u8::is_ascii_digit)
}

/// Makes the lock file, or opens the one that exists, never through a
/// symbolic link: the file, and whether it was made.
#[cfg(unix)]
fn open(path: &Path, target: &Path) -> anyhow::Result<(File, bool)> {
    use rustix::fs::{Mode, OFlags};
    use rustix::io::Errno;
    // Read and write, no link followed, no wait on a pipe, no terminal
    // taken as the controlling one.
    let flags =
        OFlags::RDWR | OFlags::CLOEXEC | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY;
    let cannot = |e: Errno| {
        anyhow::Error::from(io::Error::from(e)).context(format!(
            "cannot make the lock file {} of {}",
            path.display(),
            target.display()
        ))
    };
    // The file goes away between the two opens when a run ends: try again.
    for _ in 0..8 {
        match rustix::fs::open(
            path,
            flags | OFlags::CREATE | OFlags::EXCL,
            Mode::from_raw_mode(0o644),
        ) {
            Ok(fd) => return Ok((File::from(fd), true)),
            Err(Errno::EXIST) => {}
            Err(e) => return Err(cannot(e)),
        }
        match rustix::fs::open(path, flags, Mode::empty()) {
            Ok(fd) => return Ok((File::from(fd), false)),
            Err(Errno::NOENT) => {}
            Err(e) => {
                let kind = match fs::symlink_metadata(path) {
                    Ok(m) if m.file_type().is_symlink() => "a symbolic link (not followed)",
                    Ok(m) if m.is_dir() => "a folder",
                    Ok(m) if !m.is_file() => "not a regular file",
                    _ => return Err(cannot(e)),
                };
                bail!(
                    "the lock file {} is {kind}, not a lock of billes play: {}",
                    path.display(),
                    left_alone(path, target)
                );
            }
        }
    }
    bail!("cannot take the lock {}: it keeps changing", path.display())
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

/// Whether `path` itself (not a link there) is the file `file` holds.
#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::symlink_metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(unix)]
fn hard_links(meta: &fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(meta)
}

#[cfg(not(unix))]
fn open(path: &Path, target: &Path) -> anyhow::Result<(File, bool)> {
    fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(path)
        .map(|file| (file, true))
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

#[cfg(not(unix))]
fn hard_links(_meta: &fs::Metadata) -> u64 {
    1
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

    #[test]
    fn lock_text_is_a_process_id_alone() {
        for ours in ["", "\n", "12345\n", "12345", "18446744073709551615\n"] {
            assert!(is_lock_text(ours.as_bytes()), "{ours:?}");
        }
        for other in [
            "precious\n",
            "123 456\n",
            "123\n\n",
            "123456789012345678901\n",
            "\u{1b}[2J",
        ] {
            assert!(!is_lock_text(other.as_bytes()), "{other:?}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_at_the_lock_name_is_refused_and_its_target_kept() {
        let dir = tempfile::tempdir().expect("a folder");
        let record = dir.path().join("a.bgn");
        let victim = dir.path().join("v.txt");
        fs::write(&victim, "precious\n").expect("a file");
        std::os::unix::fs::symlink(&victim, lock_name(&record)).expect("a link");
        let err = Lock::take(&record)
            .expect_err("a link is no lock")
            .to_string();
        assert!(err.contains("is a symbolic link (not followed)"), "{err}");
        assert!(err.contains("left as it is"), "{err}");
        assert_eq!(fs::read_to_string(&victim).expect("kept"), "precious\n");
        assert!(fs::symlink_metadata(lock_name(&record))
            .expect("the link stays")
            .file_type()
            .is_symlink());
        // A link to nothing is refused too (nothing is made at its target).
        fs::remove_file(lock_name(&record)).expect("removed");
        std::os::unix::fs::symlink(dir.path().join("new.txt"), lock_name(&record)).expect("a link");
        Lock::take(&record).expect_err("a dangling link is no lock");
        assert!(!dir.path().join("new.txt").exists());
    }

    #[cfg(unix)]
    #[test]
    fn what_is_not_our_lock_file_is_refused_and_kept() {
        let dir = tempfile::tempdir().expect("a folder");
        let record = dir.path().join("a.bgn");
        let lock = lock_name(&record);
        // A file of other text.
        fs::write(&lock, "notes\n").expect("a file");
        let err = Lock::take(&record).expect_err("not ours").to_string();
        assert!(err.contains("holds other text than a process id"), "{err}");
        assert_eq!(fs::read_to_string(&lock).expect("kept"), "notes\n");
        // A pid line with a second name: the other name would change too.
        fs::write(&lock, "42\n").expect("a file");
        fs::hard_link(&lock, dir.path().join("other")).expect("a hard link");
        let err = Lock::take(&record).expect_err("two names").to_string();
        assert!(err.contains("several names"), "{err}");
        assert_eq!(fs::read_to_string(&lock).expect("kept"), "42\n");
        // A folder.
        fs::remove_file(&lock).expect("removed");
        fs::create_dir(&lock).expect("a folder");
        let err = Lock::take(&record).expect_err("a folder").to_string();
        assert!(err.contains("is a folder"), "{err}");
        assert!(lock.is_dir());
    }

    #[cfg(unix)]
    #[test]
    fn an_empty_lock_file_is_taken() {
        // What a run killed between making the file and writing it leaves.
        let dir = tempfile::tempdir().expect("a folder");
        let record = dir.path().join("a.bgn");
        fs::write(lock_name(&record), "").expect("an empty lock file");
        let lock = Lock::take(&record).expect("taken");
        let pid = fs::read_to_string(lock_name(&record)).expect("the pid");
        assert_eq!(pid, format!("{}\n", std::process::id()));
        drop(lock);
        assert!(!lock_name(&record).exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_file_replaced_meanwhile_is_not_removed() {
        let dir = tempfile::tempdir().expect("a folder");
        let record = dir.path().join("a.bgn");
        let lock = Lock::take(&record).expect("the lock");
        // Another program puts its own file at the name.
        fs::remove_file(lock_name(&record)).expect("removed");
        fs::write(lock_name(&record), "theirs\n").expect("their file");
        drop(lock);
        assert_eq!(
            fs::read_to_string(lock_name(&record)).expect("kept"),
            "theirs\n"
        );
    }
}
