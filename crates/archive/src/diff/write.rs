//! The report of a diff written out: as text (each game's differences,
//! then a count of the games by status), as JSON or as YAML.

use std::io::{self, Write};

use super::{Divergence, GameDiff, MatchedBy, Report, Status};

impl Report {
    /// Writes the report as text: each game's differences, then a count of
    /// the games by status.
    ///
    /// # Errors
    /// When `out` fails.
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        write_text(self, out)
    }

    /// Writes the report as pretty JSON, then a line end.
    ///
    /// # Errors
    /// When `out` fails.
    pub fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        crate::data::write_json(self, out)
    }

    /// Writes the report as a YAML document.
    ///
    /// # Errors
    /// When `out` fails.
    pub fn write_yaml(&self, out: &mut dyn Write) -> io::Result<()> {
        crate::data::write_yaml(self, out)
    }
}

/// [`Report::write_text`].
fn write_text(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "A: {}", report.a)?;
    writeln!(out, "B: {}", report.b)?;
    let mut counts: [usize; 5] = [0; 5];
    for g in &report.games {
        counts[g.status as usize] += 1;
        writeln!(out)?;
        write_game_diff(g, out)?;
    }
    writeln!(out)?;
    let names = [
        "same",
        "annotations only",
        "different",
        "only in A",
        "only in B",
    ];
    let parts: Vec<String> = counts
        .iter()
        .zip(names)
        .filter(|(n, _)| **n > 0)
        .map(|(n, name)| format!("{n} {name}"))
        .collect();
    let games = report.games.len();
    writeln!(
        out,
        "{games} game{}: {}",
        if games == 1 { "" } else { "s" },
        if parts.is_empty() {
            "none".to_string()
        } else {
            parts.join(", ")
        }
    )
}

/// Writes one game's differences as text: which games, the verdict, then
/// each kind of difference found.
fn write_game_diff(g: &GameDiff, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "{}: {}", which(g), verdict(g.status))?;
    write_tags(g, out)?;
    if let Some(r) = &g.result {
        writeln!(out, "  result: {} in A, {} in B", r.a, r.b)?;
    }
    if let Some(d) = &g.divergence {
        write_divergence(d, out)?;
    }
    write_stops(g, out)?;
    if !g.hunks.is_empty() {
        writeln!(out, "  turns (- only in A, + only in B, ~ changed):")?;
        for h in &g.hunks {
            for line in h.lines() {
                writeln!(out, "    {line}")?;
            }
        }
    }
    write_annotations(g, out)
}

/// The games compared: their numbers in A and B, and how they were paired.
fn which(g: &GameDiff) -> String {
    match (g.a_game, g.b_game) {
        (Some(a), Some(b)) => format!(
            "game {a} of A and game {b} of B (matched by {})",
            match g.matched_by {
                Some(MatchedBy::Order) => "order",
                _ => "tags",
            }
        ),
        (Some(a), None) => format!("game {a} of A"),
        (None, Some(b)) => format!("game {b} of B"),
        (None, None) => String::new(),
    }
}

/// The verdict, in words.
fn verdict(status: Status) -> &'static str {
    match status {
        Status::Same => "the same",
        Status::Annotations => "the same moves, different annotations",
        Status::Different => "different",
        Status::OnlyInA => "only in A",
        Status::OnlyInB => "only in B",
    }
}

/// The tags that differ, each with its value in A and in B.
fn write_tags(g: &GameDiff, out: &mut dyn Write) -> io::Result<()> {
    if g.tags.is_empty() {
        return Ok(());
    }
    writeln!(out, "  tags:")?;
    let value = |v: &Option<String>| v.as_ref().map_or("(none)".into(), |v| format!("{v:?}"));
    for t in &g.tags {
        writeln!(
            out,
            "    {}: {} in A, {} in B",
            t.name,
            value(&t.a),
            value(&t.b)
        )?;
    }
    Ok(())
}

/// The first turn where the games diverge, and the position in each copy.
fn write_divergence(d: &Divergence, out: &mut dyn Write) -> io::Result<()> {
    let turn = |t: &Option<String>| t.clone().unwrap_or_else(|| "(no such turn)".into());
    writeln!(out, "  first difference at turn {}:", d.turn)?;
    writeln!(out, "    A: {}", turn(&d.a))?;
    writeln!(out, "    B: {}", turn(&d.b))?;
    for (side, board, at) in [
        ("A", &d.a_board, d.a_board_turn),
        ("B", &d.b_board, d.b_board_turn),
    ] {
        match (board, at) {
            (Some(board), Some(at)) => {
                let when = match at {
                    0 => "at the start".to_string(),
                    t if t + 1 == d.turn => format!("before turn {}", d.turn),
                    t => format!("after turn {t}"),
                };
                writeln!(out, "  position in {side} {when}:")?;
                for line in board.lines() {
                    writeln!(out, "    {line}")?;
                }
            }
            _ => writeln!(out, "  position in {side}: not replayable that far")?,
        }
    }
    Ok(())
}

/// Where each copy stops being replayable, if it does.
fn write_stops(g: &GameDiff, out: &mut dyn Write) -> io::Result<()> {
    for (side, stop) in [("A", &g.replay.a), ("B", &g.replay.b)] {
        if let Some(s) = stop {
            match s.turn {
                Some(t) => writeln!(
                    out,
                    "  {side} stops being replayable at turn {t}: {} [{}]",
                    s.message, s.kind
                )?,
                None => writeln!(
                    out,
                    "  {side} cannot be replayed: {} [{}]",
                    s.message, s.kind
                )?,
            }
        }
    }
    Ok(())
}

/// The turns whose moves agree and whose annotations differ.
fn write_annotations(g: &GameDiff, out: &mut dyn Write) -> io::Result<()> {
    if g.annotations.is_empty() {
        return Ok(());
    }
    writeln!(out, "  annotations (the moves agree):")?;
    for n in &g.annotations {
        writeln!(out, "    {}", n.turn)?;
        writeln!(
            out,
            "      A: {}",
            if n.a.is_empty() { "(none)" } else { &n.a }
        )?;
        writeln!(
            out,
            "      B: {}",
            if n.b.is_empty() { "(none)" } else { &n.b }
        )?;
    }
    Ok(())
}
