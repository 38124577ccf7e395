//! Writing reports as JSON and YAML, with I/O errors kept as they are (a
//! closed pipe stays a closed pipe).

use std::io::{self, Write};

use serde::Serialize;

/// Writes `value` as pretty JSON and a line end.
pub(crate) fn write_json<T: Serialize + ?Sized>(value: &T, out: &mut dyn Write) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    writeln!(out)
}

/// Writes `value` as a YAML document.
pub(crate) fn write_yaml<T: Serialize + ?Sized>(value: &T, out: &mut dyn Write) -> io::Result<()> {
    let mut out = Tracked { out, error: None };
    match serde_yaml::to_writer(&mut out, value) {
        Ok(()) => Ok(()),
        // The writer's own error, when it was one.
        Err(e) => Err(out.error.take().unwrap_or_else(|| io::Error::other(e))),
    }
}

/// A writer that keeps its last error (serde_yaml's error hides it).
struct Tracked<'a> {
    out: &'a mut dyn Write,
    error: Option<io::Error>,
}

impl Tracked<'_> {
    fn keep<T>(&mut self, result: io::Result<T>) -> io::Result<T> {
        result.map_err(|e| {
            let copy = io::Error::new(e.kind(), e.to_string());
            self.error = Some(e);
            copy
        })
    }
}

impl Write for Tracked<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let result = self.out.write(buf);
        self.keep(result)
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.out.flush();
        self.keep(result)
    }
}
