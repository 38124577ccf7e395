//! Opening and reading the files billes is given (records and variant
//! scripts): the one place that decides what may be read and how much.
//!
//! Only regular files are read. A FIFO, a socket or a device (`/dev/zero`,
//! `/dev/tty`) named as a record or a variant is an error naming the path,
//! found before a byte is read: such a file could block the run for ever
//! or never end. The file is opened without waiting for a writer (a FIFO
//! would otherwise block in the open itself) and checked once open, so a
//! file swapped between a check and the open is caught too.
//!
//! A file read whole ([`read_file`]) is read as text up to a limit the
//! caller gives: a larger file is an error, found after reading one block
//! past the limit and no more, and so is a NUL byte, found as it is read. Standard input is not a file: what reads it bounds
//! what it keeps (the [`Reader`](crate::Reader) keeps one game at a time,
//! at most [`MAX_GAME_BYTES`](crate::MAX_GAME_BYTES)).
//!
//! ```
//! use billes_notation::file;
//!
//! let dir = std::env::temp_dir();
//! let path = dir.join(format!("billes-file-doc-{}.bgn", std::process::id()));
//! std::fs::write(&path, "[Game \"offboard\"]\n*\n").unwrap();
//! assert_eq!(file::read_file(&path, 1 << 20).unwrap().len(), 20);
//! let e = file::read_file(&path, 10).unwrap_err();
//! assert_eq!(e.to_string(), "larger than 10 bytes, the limit for this file");
//! std::fs::remove_file(&path).unwrap();
//! # #[cfg(unix)]
//! assert!(file::open_file(std::path::Path::new("/dev/null")).is_err());
//! ```

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Opens `path` for reading when it is a regular file (symbolic links
/// followed).
///
/// # Errors
/// When it cannot be opened, or is not a regular file (an error of kind
/// [`io::ErrorKind::InvalidInput`], "not a regular file (a FIFO, a socket
/// or a device)").
pub fn open_file(path: &Path) -> io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Opening a FIFO for reading waits for a writer, unless asked not
        // to; for a regular file the flag changes nothing.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(not_a_file());
    }
    Ok(file)
}

/// The error for a path that is not a regular file.
pub fn not_a_file() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "not a regular file (a FIFO, a socket or a device)",
    )
}

/// The whole of the regular file at `path` as text ([`read_text`]).
///
/// # Errors
/// As [`open_file`] and [`read_text`].
pub fn read_file(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    read_text(open_file(path)?, limit)
}

/// All of `input`, which must be text: at most `limit` bytes, and no NUL
/// byte (a record or a script is text; `notation/SPEC.md`, "Characters").
/// Reading stops at the first NUL byte, or one byte past the limit, so an
/// endless input (`/dev/zero` on standard input) ends at once.
///
/// # Errors
/// When reading fails; when `input` holds a NUL byte (an error of kind
/// [`io::ErrorKind::InvalidData`] with its line and column); when it holds
/// more than `limit` bytes (of kind [`io::ErrorKind::FileTooLarge`]).
pub fn read_text(mut input: impl Read, limit: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let mut block = vec![0; 1 << 16];
    loop {
        let n = match input.read(&mut block) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let block = &block[..n];
        if let Some(at) = memchr::memchr(0, block) {
            bytes.extend_from_slice(&block[..at]);
            return Err(nul_at(&bytes));
        }
        if (bytes.len() + n) as u64 > limit {
            return Err(too_large(limit));
        }
        bytes.extend_from_slice(block);
    }
}

/// The error for a NUL byte that follows `before`.
fn nul_at(before: &[u8]) -> io::Error {
    let line = memchr::memchr_iter(b'\n', before).count() + 1;
    let start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("a NUL byte at line {line}, column {column}: not text"),
    )
}

/// The error for an input larger than `limit` bytes.
pub fn too_large(limit: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!("larger than {}, the limit for this file", bytes(limit)),
    )
}

/// A size in bytes as people write it: `1 MiB`, `64 KiB`, `10 bytes`.
pub fn bytes(n: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    for (size, unit) in UNITS {
        if n >= size && n % size == 0 {
            return format!("{} {unit}", n / size);
        }
    }
    format!("{n} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(bytes(1 << 20), "1 MiB");
        assert_eq!(bytes(1 << 30), "1 GiB");
        assert_eq!(bytes(3 << 10), "3 KiB");
        assert_eq!(bytes(1000), "1000 bytes");
    }

    #[test]
    fn a_reader_longer_than_the_limit_is_refused_after_one_block_more() {
        assert_eq!(read_text(&b"abc"[..], 3).unwrap(), b"abc");
        let e = read_text(io::repeat(b'a'), 1 << 10).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
    }

    #[test]
    fn a_nul_byte_ends_the_reading_with_its_place() {
        let e = read_text(io::repeat(0), 1 << 30).unwrap_err();
        assert_eq!(e.to_string(), "a NUL byte at line 1, column 1: not text");
        let e = read_text(&b"ab\nc\xc3\xa9\0d"[..], 1 << 10).unwrap_err();
        assert_eq!(e.to_string(), "a NUL byte at line 2, column 3: not text");
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_not_read() {
        for path in ["/dev/zero", "/dev/null"] {
            let e = read_file(Path::new(path), 1 << 20).unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::InvalidInput, "{path}");
        }
    }
}
