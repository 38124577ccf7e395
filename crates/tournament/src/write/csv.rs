//! The standings as CSV: one line per player of each event, safe from
//! spreadsheet formulas ([`billes_archive::csv::field`]).

use std::io::{self, Write};

use billes_archive::csv::field;

use super::{places, points};
use crate::standings::Standings;

/// The header line's columns.
pub const COLUMNS: [&str; 11] = [
    "event",
    "rank",
    "player",
    "games",
    "places",
    "points",
    "wins",
    "head_to_head",
    "opponents",
    "progress",
    "adjudicated",
];

/// Writes the header and one line per player of every event.
///
/// # Errors
/// When `out` fails.
pub fn write(out: &mut dyn Write, events: &[Standings]) -> io::Result<()> {
    writeln!(out, "{}", COLUMNS.join(","))?;
    for s in events {
        for r in &s.players {
            let cells = [
                field(&s.event, false),
                r.rank.to_string(),
                field(&r.player, false),
                r.games.to_string(),
                places(&r.places),
                points(r.points),
                r.wins.to_string(),
                r.head_to_head.map_or(String::new(), |h| h.to_string()),
                points(r.opponents),
                r.progress.to_string(),
                r.adjudicated.to_string(),
            ];
            writeln!(out, "{}", cells.join(","))?;
        }
    }
    Ok(())
}
