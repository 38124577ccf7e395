//! The standings as JSON: an array of events, each with its players,
//! teams, crosstable, rounds, games (with every seat's place, points and
//! progress) and the games left out. The fields are those of
//! [`Standings`], named in snake case.

use std::io::{self, Write};

use crate::standings::Standings;

/// Writes every event as one JSON array, pretty-printed.
///
/// # Errors
/// When `out` fails.
pub fn write(out: &mut dyn Write, events: &[Standings]) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, events).map_err(io::Error::from)?;
    writeln!(out)
}
