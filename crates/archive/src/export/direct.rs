//! A JSON Lines table's file written past the system's page cache where
//! it allows that (Linux's `O_DIRECT`), through a buffer of whole blocks.
//!
//! An export to JSON Lines writes twenty times its input (a `turns` row is
//! about 350 bytes, for 15 in the record), and the file is read by nobody
//! before the part is committed. Written through the page cache, each
//! 4 KiB page is allocated, copied into, reserved on the disk, then
//! written back when the file is synced: measured, that was 40% of a JSON
//! Lines export's CPU time, and 1.9 s of system time a gigabyte written,
//! against 0.12 s written direct in blocks of 512 KiB (docs/export.md,
//! "Written past the page cache"). A direct write also leaves the page
//! cache, and what the user keeps in it, alone. (Parquet's files, twenty
//! times smaller, are written through the page cache: written direct,
//! they took as long and held more memory.)
//!
//! A direct write asks for a buffer, a length and an offset that are
//! multiples of the device's block (512 bytes or 4 KiB): [`PartFile`]
//! holds its bytes in a buffer aligned on [`ALIGN`] (the rows are written
//! into it in place: [`PartFile::rows`]), writes a buffer's worth of whole
//! blocks at once, and writes the last, partial block through an ordinary
//! handle of the same file when the file is finished. Where the system or
//! the file system refuses direct writes (another system, a file system
//! without them: the open or a write fails with `EINVAL`), every byte from
//! there on goes through the ordinary handle, as any file's; nothing else
//! changes. The file is synced in both cases ([`super::commit::Sealed`]),
//! which is what makes its data durable.

use std::fs::File;
use std::io::{self, Seek, SeekFrom, Write};
use std::path::Path;

/// The alignment of the buffer and of every direct write: 4 KiB, a
/// multiple of every common device's logical block.
const ALIGN: usize = 4096;

/// Bytes of a `turns` table held before they are written: 512 KiB.
/// Measured writing a gigabyte direct (`dd oflag=direct`), the system
/// time falls with the size of the writes down to there and no further:
/// 0.45 s in writes of 128 KiB, 0.2 s of 256 KiB, 0.12 s of 512 KiB and
/// of 1 MiB.
const BLOCKS: usize = 1 << 19;

/// Bytes of another table held before they are written: 64 KiB, as the
/// buffer they had. The `games` and `mistakes` tables are hundreds of
/// times smaller than `turns`: a buffer of [`BLOCKS`] would hold many a
/// file whole, in memory to the end, for little time saved.
const SMALL_BLOCKS: usize = 1 << 16;

/// What a file holds: which buffer it is given.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Holding {
    /// A `turns` table's rows: [`BLOCKS`].
    Turns,
    /// Another table's rows: [`SMALL_BLOCKS`].
    Small,
}

/// Room past the blocks for the row that fills them: a row appended in
/// place ([`PartFile::rows`]) longer than that moves the buffer, whose
/// bytes are then written through the ordinary handle once, and a new
/// aligned buffer made.
const ROW_ROOM: usize = 1 << 16;

/// A file being written, through a buffer of whole blocks, direct where
/// the system allows it.
pub(crate) struct PartFile {
    /// The file opened as any other: its last partial block is written
    /// through it, and every byte when there is no direct handle.
    file: File,
    /// The same file opened for direct writes, while they succeed.
    direct: Option<File>,
    /// The bytes held are `buf[start..]`, `start` the first place of the
    /// buffer aligned on [`ALIGN`] ([`aligned_start`]). Its room is made
    /// once, and it stays aligned while it is not grown past it.
    buf: Vec<u8>,
    start: usize,
    /// Bytes written at once: [`BLOCKS`] or [`SMALL_BLOCKS`].
    blocks: usize,
    /// Bytes written to the file so far: where the next write goes.
    at: u64,
}

impl PartFile {
    /// The file `file`, newly created at `path` and empty, to hold
    /// `holding`, written direct where the system allows it.
    pub(crate) fn new(file: File, path: &Path, holding: Holding) -> PartFile {
        let blocks = match holding {
            Holding::Turns => BLOCKS,
            Holding::Small => SMALL_BLOCKS,
        };
        let (buf, start) = aligned_buffer(blocks + ALIGN + ROW_ROOM);
        PartFile {
            direct: open_direct(&file, path),
            file,
            buf,
            start,
            blocks,
            at: 0,
        }
    }

    /// The buffer, for rows to be appended to it in place (what is pushed
    /// on it is written after the bytes held); [`PartFile::spill`] after
    /// each row writes what fills whole buffers.
    pub(crate) fn rows(&mut self) -> &mut Vec<u8> {
        &mut self.buf
    }

    /// Writes the bytes held while they fill a whole buffer of blocks.
    pub(crate) fn spill(&mut self) -> io::Result<()> {
        while self.held() >= self.blocks {
            self.put(self.blocks)?;
        }
        Ok(())
    }

    /// Writes every byte held, the last partial block too, and gives the
    /// file back, to be synced.
    pub(crate) fn finish(mut self) -> io::Result<File> {
        self.put(self.held())?;
        Ok(self.file)
    }

    fn held(&self) -> usize {
        self.buf.len() - self.start
    }

    /// Writes the first `n` bytes held and keeps the rest at the buffer's
    /// start. Direct while `n` is whole blocks, the buffer is where it was
    /// made, and the system takes them; from a write it refuses on, through
    /// the ordinary handle.
    fn put(&mut self, n: usize) -> io::Result<()> {
        let moved = aligned_start(&self.buf) != self.start;
        let PartFile {
            file,
            direct,
            buf,
            start,
            at,
            ..
        } = self;
        let held = &buf[*start..*start + n];
        let mut done = 0;
        if n % ALIGN == 0 && !moved {
            while let (Some(d), true) = (direct.as_ref(), done < n) {
                match write_at(d, &held[done..], *at) {
                    Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                    Ok(w) => {
                        done += w;
                        *at += w as u64;
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    // A short write left the rest unaligned, or the file
                    // system takes no direct writes: the ordinary handle
                    // writes from here on.
                    Err(e) if refused(&e) => *direct = None,
                    Err(e) => return Err(e),
                }
            }
        }
        if done < n {
            file.seek(SeekFrom::Start(*at))?;
            file.write_all(&held[done..])?;
            *at += (n - done) as u64;
        }
        let rest = *start + n..buf.len();
        if moved {
            let (mut fresh, fresh_start) = aligned_buffer(buf.capacity());
            fresh.extend_from_slice(&buf[rest]);
            (*buf, *start) = (fresh, fresh_start);
        } else {
            let kept = rest.len();
            buf.copy_within(rest, *start);
            buf.truncate(*start + kept);
        }
        Ok(())
    }
}

/// A buffer of `room` bytes, and the first place in it aligned on
/// [`ALIGN`], up to which it is filled with zeros: `room` must leave
/// [`ALIGN`] bytes for that.
fn aligned_buffer(room: usize) -> (Vec<u8>, usize) {
    let mut buf = Vec::with_capacity(room);
    let start = aligned_start(&buf);
    buf.resize(start, 0);
    (buf, start)
}

/// The first place of `buf`'s memory aligned on [`ALIGN`].
fn aligned_start(buf: &[u8]) -> usize {
    buf.as_ptr().addr().wrapping_neg() % ALIGN
}

/// Writes some of `data` at the place `at` of `file` (`pwrite`): the
/// direct handle's own place is not used, so that bytes written through
/// the ordinary handle never leave it behind.
#[cfg(unix)]
fn write_at(file: &File, data: &[u8], at: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::write_at(file, data, at)
}

#[cfg(not(unix))]
fn write_at(_file: &File, _data: &[u8], _at: u64) -> io::Result<usize> {
    Err(io::ErrorKind::Unsupported.into())
}

/// Whether a write was refused for being direct: `EINVAL`.
fn refused(e: &io::Error) -> bool {
    #[cfg(target_os = "linux")]
    return e.raw_os_error() == Some(libc::EINVAL);
    #[cfg(not(target_os = "linux"))]
    return {
        let _ = e;
        false
    };
}

/// A second handle of `file`, at `path`, for direct writes, when the
/// system opens one. The path is opened again by name, so it is opened
/// without following a link, and kept only when it is the same file as
/// `file` (device and inode): a link or another file planted at the
/// temporary name in between is never written; `file` then writes every
/// byte.
#[cfg(target_os = "linux")]
fn open_direct(file: &File, path: &Path) -> Option<File> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let direct = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_DIRECT | libc::O_NOFOLLOW)
        .open(path)
        .ok()?;
    let (ours, opened) = (file.metadata().ok()?, direct.metadata().ok()?);
    (ours.dev() == opened.dev() && ours.ino() == opened.ino()).then_some(direct)
}

#[cfg(not(target_os = "linux"))]
fn open_direct(_file: &File, _path: &Path) -> Option<File> {
    None
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use proptest::prelude::*;

    use super::*;

    /// Appends `data` a buffer at a time, so that the buffer never grows
    /// (as rows do, a little past the blocks).
    fn write_all(out: &mut PartFile, mut data: &[u8]) -> io::Result<()> {
        while !data.is_empty() {
            let room = out.blocks.saturating_sub(out.held()).max(1);
            let (now, rest) = data.split_at(room.min(data.len()));
            out.rows().extend_from_slice(now);
            out.spill()?;
            data = rest;
        }
        Ok(())
    }

    /// Writes the whole blocks held; a last partial block stays.
    fn flush(out: &mut PartFile) -> io::Result<()> {
        out.put(out.held() / ALIGN * ALIGN)
    }

    /// Writes `pieces` through a [`PartFile`] (flushed after the pieces
    /// `flush_at` names), direct or not, and reads the file back.
    fn written(pieces: &[Vec<u8>], flush_at: &[usize], direct: bool) -> Vec<u8> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("part");
        let file = File::create(&path).unwrap();
        let mut out = PartFile::new(file, &path, Holding::Turns);
        if !direct {
            out.direct = None;
        }
        for (i, piece) in pieces.iter().enumerate() {
            write_all(&mut out, piece).unwrap();
            if flush_at.contains(&i) {
                flush(&mut out).unwrap();
            }
        }
        out.finish().unwrap().sync_all().unwrap();
        let mut back = Vec::new();
        File::open(&path).unwrap().read_to_end(&mut back).unwrap();
        back
    }

    fn pieces(sizes: &[usize]) -> Vec<Vec<u8>> {
        let mut n = 0u32;
        let mut next = || {
            n = n.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (n >> 16) as u8
        };
        sizes
            .iter()
            .map(|&s| (0..s).map(|_| next()).collect())
            .collect()
    }

    #[test]
    fn the_file_holds_every_byte_in_order_across_blocks() {
        // Three buffers and a bit, in pieces that cross the buffer's end,
        // one larger than the buffer, and whole blocks exactly.
        let sizes = [5, BLOCKS - 5, ALIGN, 3 * BLOCKS + 17, 1, 0, BLOCKS - 1];
        let pieces = pieces(&sizes);
        let whole: Vec<u8> = pieces.concat();
        for direct in [true, false] {
            for flush_at in [&[][..], &[0, 2, 3][..]] {
                assert_eq!(written(&pieces, flush_at, direct), whole);
            }
        }
    }

    #[test]
    fn rows_appended_in_place_are_written_in_order_even_a_long_one() {
        // Rows of a few hundred bytes, then one longer than the buffer's
        // room, which grows it, then rows again.
        let sizes: Vec<usize> = (0..3000)
            .map(|i| 200 + i % 300)
            .chain([BLOCKS + 2 * ROW_ROOM])
            .chain((0..3000).map(|i| 100 + i % 50))
            .collect();
        let rows = pieces(&sizes);
        for direct in [true, false] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("part");
            let mut out = PartFile::new(File::create(&path).unwrap(), &path, Holding::Turns);
            if !direct {
                out.direct = None;
            }
            for (i, row) in rows.iter().enumerate() {
                out.rows().extend_from_slice(row);
                if i == 4000 {
                    // The buffer moved off its alignment, as growing it
                    // may do: its bytes are written through the ordinary
                    // handle, and a new aligned buffer made.
                    let (mut moved, start) = aligned_buffer(BLOCKS + 2 * ALIGN + ROW_ROOM);
                    moved.push(0);
                    moved.extend_from_slice(&out.buf[out.start..]);
                    (out.buf, out.start) = (moved, start + 1);
                    assert_ne!(aligned_start(&out.buf), out.start);
                    flush(&mut out).unwrap();
                    assert_eq!(aligned_start(&out.buf), out.start);
                }
                out.spill().unwrap();
            }
            out.finish().unwrap();
            same(&std::fs::read(&path).unwrap(), &rows.concat());
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_link_or_another_file_at_the_name_is_never_written() {
        // The file written is `ours`; at the name opened again is a link
        // to another file, or another file: no direct handle is kept, and
        // every byte goes to `ours`.
        let dir = tempfile::tempdir().unwrap();
        let ours_path = dir.path().join("ours");
        let victim = dir.path().join("victim");
        std::fs::write(&victim, b"keep").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        for planted in [&link, &victim] {
            let ours = File::create(&ours_path).unwrap();
            let mut out = PartFile::new(ours, planted, Holding::Turns);
            assert!(out.direct.is_none(), "{}", planted.display());
            let data = pieces(&[2 * BLOCKS + 5])[0].clone();
            write_all(&mut out, &data).unwrap();
            out.finish().unwrap();
            same(&std::fs::read(&ours_path).unwrap(), &data);
            assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
        }
    }

    #[test]
    fn an_empty_file_stays_empty() {
        assert_eq!(written(&[], &[], true), Vec::<u8>::new());
    }

    #[test]
    fn bytes_after_a_write_off_a_block_land_in_place() {
        // Bytes written through the ordinary handle leave the file's end
        // off a block. The next direct write starts there: a file system
        // refuses it (then the ordinary handle writes from there on) or
        // writes it through its cache (ext4); the file is the same.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("part");
        let file = File::create(&path).unwrap();
        let mut out = PartFile::new(file, &path, Holding::Turns);
        let data = pieces(&[ALIGN + 7 + 2 * BLOCKS])[0].clone();
        write_all(&mut out, &data[..ALIGN + 7]).unwrap();
        out.put(out.held()).unwrap();
        write_all(&mut out, &data[ALIGN + 7..]).unwrap();
        write_all(&mut out, b"end").unwrap();
        out.finish().unwrap();
        let mut want = data;
        want.extend_from_slice(b"end");
        same(&std::fs::read(&path).unwrap(), &want);
    }

    /// Asserts `got == want`, naming the first byte that differs.
    fn same(got: &[u8], want: &[u8]) {
        let differs = got.iter().zip(want).position(|(a, b)| a != b);
        assert_eq!((got.len(), differs), (want.len(), None));
    }

    #[test]
    fn an_einval_is_a_refusal_and_other_errors_are_not() {
        if cfg!(target_os = "linux") {
            assert!(refused(&io::Error::from_raw_os_error(22)));
        }
        assert!(!refused(&io::Error::from(io::ErrorKind::StorageFull)));
    }

    proptest! {
        #[test]
        fn any_pieces_and_flushes_give_the_same_file(
            sizes in prop::collection::vec(0usize..20_000, 0..12),
            flush_at in prop::collection::vec(0usize..12, 0..4),
            direct: bool,
        ) {
            let pieces = pieces(&sizes);
            prop_assert_eq!(written(&pieces, &flush_at, direct), pieces.concat());
        }
    }
}
