//! The tables of earlier rounds, read from their records for the next
//! draw: each game's players (by the seats' name tags) in playing order,
//! the one who played the first turn first (the first seat of `Seats`
//! when no turn was played). Only the tags and the first turn are read; a
//! game is not checked, so a round still being played counts too.

use billes_archive::input::{self, Found};

use crate::read::name_tag;

/// The past tables, and what could not be read (each said once).
#[derive(Debug, Default)]
pub struct History {
    /// Each game's players, the one who started first.
    pub tables: Vec<Vec<String>>,
    /// Why a file or game could not be read, or a seat had no name.
    pub problems: Vec<String>,
    /// Inputs that could not be opened.
    pub unreadable: usize,
}

/// Reads the games of `found`; only those whose `Event` tag is `event`
/// when it is given.
pub fn read(found: Vec<Found>, event: Option<&str>) -> History {
    let mut h = History::default();
    let (inputs, errors) = input::split(found);
    for (path, e) in errors {
        h.unreadable += 1;
        h.problems.push(format!("{}: {e}", path.display()));
    }
    for input in inputs {
        let name = input.name();
        let games = match input::games(&input, &name) {
            Ok(g) => g,
            Err(e) => {
                h.unreadable += 1;
                h.problems.push(format!("{name}: {e}"));
                continue;
            }
        };
        for item in games {
            match item {
                Err(e) => {
                    h.unreadable += 1;
                    h.problems.push(format!("{name}: {e}"));
                    break;
                }
                Ok(Err(unread)) => h.problems.push(unread.diagnostic),
                Ok(Ok((source, game))) => {
                    if event.is_some_and(|e| game.tag("Event") != Some(e)) {
                        continue;
                    }
                    match table(&game) {
                        Ok(t) => h.tables.push(t),
                        Err(why) => h
                            .problems
                            .push(format!("{name} game {}: {why}", source.index)),
                    }
                }
            }
        }
    }
    h
}

/// The players of `game`, the one who started first.
fn table(game: &billes_notation::Game) -> Result<Vec<String>, String> {
    let seats = billes_core::registry::seats_of(game).map_err(|e| e.message)?;
    let seats: Vec<&str> = seats.iter().map(|s| s.as_str()).collect();
    let first = game
        .line
        .turns
        .first()
        .map(|t| t.head.seat.as_str())
        .and_then(|s| seats.iter().position(|&x| x == s))
        .unwrap_or(0);
    let mut players = Vec::with_capacity(seats.len());
    for k in 0..seats.len() {
        let seat = seats[(first + k) % seats.len()];
        let tag = name_tag(seat).ok_or_else(|| format!("seat {seat} has no name tag"))?;
        let name = game
            .tag(&tag)
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .ok_or_else(|| format!("seat {seat} has no {tag} tag naming its player"))?;
        players.push(name.to_string());
    }
    Ok(players)
}
