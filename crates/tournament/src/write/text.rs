//! The standings as a text table, for a terminal. Names and tags are shown
//! with control characters as pictures (`␛`), so a tag cannot move the
//! cursor or set the terminal's title.

use std::io::{self, Write};

use billes_notation::control_pictures;

use super::{game_label, places, points};
use crate::standings::Standings;

/// Writes every event's standings, teams and games left out.
///
/// # Errors
/// When `out` fails.
pub fn write(out: &mut dyn Write, events: &[Standings]) -> io::Result<()> {
    for (k, s) in events.iter().enumerate() {
        if k > 0 {
            writeln!(out)?;
        }
        event(out, s)?;
    }
    Ok(())
}

/// The width of a column of player names as the table shows them
/// (control characters as pictures), at least that of its heading.
pub fn name_width<'a>(names: impl Iterator<Item = &'a str>) -> usize {
    names
        .map(|n| control_pictures(n).chars().count())
        .max()
        .unwrap_or(6)
        .max(6)
}

/// One event.
fn event(out: &mut dyn Write, s: &Standings) -> io::Result<()> {
    let name = if s.event.is_empty() {
        "(no Event tag)"
    } else {
        &s.event
    };
    let adjudicated = s.tables.iter().filter(|t| t.adjudicated).count();
    writeln!(
        out,
        "{} — {}, {} ({adjudicated} adjudicated); tie-breaks: {}",
        control_pictures(name),
        super::count(s.rounds.len(), "round"),
        super::count(s.tables.len(), "game"),
        s.tie_breaks
            .iter()
            .map(|t| t.name())
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    let width = name_width(s.players.iter().map(|r| r.player.as_str()));
    writeln!(
        out,
        "{:>4}  {:<width$}  {:>5}  {:<11}  {:>6}  {:>4}  {:>4}  {:>9}  {:>8}",
        "rank", "player", "games", "places", "points", "wins", "h2h", "opponents", "progress"
    )?;
    for r in &s.players {
        writeln!(
            out,
            "{:>4}  {:<width$}  {:>5}  {:<11}  {:>6}  {:>4}  {:>4}  {:>9}  {:>8}",
            r.rank,
            control_pictures(&r.player),
            r.games,
            places(&r.places),
            points(r.points),
            r.wins,
            r.head_to_head.map_or("-".to_string(), |h| h.to_string()),
            points(r.opponents),
            r.progress
        )?;
    }
    if !s.teams.is_empty() {
        writeln!(out, "\nteams")?;
        for t in &s.teams {
            writeln!(
                out,
                "{:>4}  {}  {} games, {} points, {} wins",
                t.rank,
                control_pictures(&t.members.join(" & ")),
                t.games,
                points(t.points),
                t.wins
            )?;
        }
    }
    for t in s
        .tables
        .iter()
        .filter(|t| t.adjudicated || t.invalid.is_some())
    {
        let why = match (&t.invalid, &t.termination) {
            (Some(m), _) => format!("counted though invalid ({m})"),
            (None, Some(term)) => format!("adjudicated by progress (Termination: {term})"),
            (None, None) => "adjudicated by progress".to_string(),
        };
        writeln!(
            out,
            "note: {}: {}",
            control_pictures(&game_label(t)),
            control_pictures(&why)
        )?;
    }
    if !s.left_out.is_empty() {
        writeln!(out, "\nleft out ({})", s.left_out.len())?;
        for l in &s.left_out {
            let at = l.game.map_or(String::new(), |g| format!(" game {g}"));
            writeln!(
                out,
                "  {}{at}: {}",
                control_pictures(&l.file),
                control_pictures(&l.reason)
            )?;
        }
    }
    Ok(())
}
