//! Files in the line ends they had, colours, and stderr.

use std::io::{self, BufRead, Read, Write};
use std::path::Path;

use crate::cli::ColorChoice;

pub use crate::atomic::write_atomically;

/// What a file's bytes say beside its text: a byte-order mark at the start,
/// and CRLF line ends. A file rewritten in place keeps both.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Encoding {
    /// The file starts with a UTF-8 byte-order mark.
    pub bom: bool,
    /// The file's first line ends with CRLF (its other lines are taken to as well).
    pub crlf: bool,
}

impl Encoding {
    /// The encoding of a file's bytes (or of its first line).
    pub fn of(bytes: &[u8]) -> Encoding {
        let bom = bytes.starts_with(billes_notation::BOM.as_bytes());
        let crlf = match memchr_newline(bytes) {
            Some(n) => n > 0 && bytes[n - 1] == b'\r',
            None => false,
        };
        Encoding { bom, crlf }
    }

    /// The encoding of the file at `path`, read from its first line.
    ///
    /// # Errors
    /// When the file cannot be read.
    pub fn of_file(path: &Path) -> io::Result<Encoding> {
        // The first line, or as much of it as tells the encoding.
        let mut first = Vec::new();
        let file = billes_notation::file::open_file(path)?;
        io::BufReader::new(file.take(1 << 16)).read_until(b'\n', &mut first)?;
        Ok(Encoding::of(&first))
    }

    /// `text` (LF line ends, no mark) as bytes in this encoding.
    pub fn apply(self, text: &str) -> Vec<u8> {
        let mut out = Vec::with_capacity(text.len() + text.len() / 16 + 3);
        if self.bom {
            out.extend_from_slice(billes_notation::BOM.as_bytes());
        }
        if self.crlf {
            for (i, line) in text.split('\n').enumerate() {
                if i > 0 {
                    out.extend_from_slice(b"\r\n");
                }
                out.extend_from_slice(line.as_bytes());
            }
        } else {
            out.extend_from_slice(text.as_bytes());
        }
        out
    }
}

fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

/// The output streams, each of which gets colours or not on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// Standard output: reports, boards, records.
    Stdout,
    /// Standard error: diagnostics of verbs whose output is a record.
    Stderr,
}

/// Whether what goes to `stream` gets colours. `--color always|never`
/// decides; `auto` colours a terminal only, and follows the usual
/// variables: `NO_COLOR` (set and not empty: never), `CLICOLOR_FORCE`
/// (always, even into a file or pipe), `CLICOLOR=0` (never) and
/// `TERM=dumb` (a terminal without colours).
pub fn use_color(choice: ColorChoice, stream: Stream) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let decided = match stream {
                Stream::Stdout => anstream::AutoStream::choice(&io::stdout()),
                Stream::Stderr => anstream::AutoStream::choice(&io::stderr()),
            };
            matches!(
                decided,
                anstream::ColorChoice::Always | anstream::ColorChoice::AlwaysAnsi
            )
        }
    }
}

/// Writes one line to stderr. A stderr that cannot be written (closed,
/// full) is no reason to stop or panic: the line is lost, and the exit code
/// still tells what happened.
pub fn stderr_line(line: std::fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    if err
        .write_fmt(line)
        .and_then(|()| err.write_all(b"\n"))
        .is_err()
    {
        STDERR_FAILED.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Stderr as a writer that never fails, for diagnostics written as a run
/// goes (`billes run`): what cannot be written is lost, as with
/// [`stderr_line`], and the exit code still tells.
#[derive(Debug, Clone, Copy, Default)]
pub struct LossyStderr;

impl Write for LossyStderr {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if io::stderr().lock().write_all(buf).is_err() {
            STDERR_FAILED.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Set once a line could not be written to stderr.
static STDERR_FAILED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether a line could not be written to stderr: the run then does not
/// exit 0.
pub fn stderr_failed() -> bool {
    STDERR_FAILED.load(std::sync::atomic::Ordering::Relaxed)
}

/// Whether diagnostics written to stderr by verbs without a `--color`
/// option get colours: the `auto` choice for stderr, decided once.
pub fn stderr_color() -> bool {
    static DECIDED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *DECIDED.get_or_init(|| use_color(ColorChoice::Auto, Stream::Stderr))
}

#[cfg(test)]
mod tests {
    use super::Encoding;

    #[test]
    fn encodings_are_read_and_applied() {
        let plain = Encoding::of(b"[Game \"offboard\"]\n*\n");
        assert_eq!(plain, Encoding::default());
        let windows = Encoding::of(b"\xef\xbb\xbf[Game \"offboard\"]\r\n*\r\n");
        assert_eq!(
            windows,
            Encoding {
                bom: true,
                crlf: true
            }
        );
        assert_eq!(windows.apply("a\nb\n"), b"\xef\xbb\xbfa\r\nb\r\n");
        assert_eq!(plain.apply("a\nb\n"), b"a\nb\n");
    }
}
