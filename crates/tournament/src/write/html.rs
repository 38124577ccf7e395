//! The standings as one self-contained HTML page (no script, no outside
//! file): for each event the standings, the teams, the crosstable of who
//! met whom (each cell the games one placed ahead – behind the other), and
//! every round's tables with their placings, each game linked to its
//! viewer page when pages were written. Every name and tag is escaped.

use std::fmt::Write as _;

use billes_render::escape;

use super::{game_label, places, points};
use crate::standings::Standings;
use crate::table::Table;

/// The page's style: readable on a screen and printed.
const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}\
table{border-collapse:collapse;margin:.5em 0 1.5em}\
th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right}\
td.name,th.name{text-align:left}th{background:#f2f2f2}\
tr:nth-child(even) td{background:#fafafa}\
.cross td{text-align:center;min-width:2.5em}.cross td.self{background:#ddd}\
.round{display:flex;flex-wrap:wrap;gap:1em}.round table{margin:0}\
.adj{color:#a15c00}.invalid{color:#b00020}\
caption{text-align:left;font-weight:600;padding:.2em 0}";

/// The whole page, titled `title`.
pub fn page(title: &str, events: &[Standings]) -> String {
    let mut h = String::with_capacity(16 * 1024);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(title)
    );
    for s in events {
        event(&mut h, s);
    }
    h.push_str("</body>\n</html>\n");
    h
}

/// One event's sections.
fn event(h: &mut String, s: &Standings) {
    let name = if s.event.is_empty() {
        "(no Event tag)"
    } else {
        &s.event
    };
    let _ = write!(
        h,
        "<section class=\"event\">\n<h1>{}</h1>\n<p>{}, {}, {} adjudicated. \
         Tie-breaks: {}.</p>\n",
        escape(name),
        super::count(s.rounds.len(), "round"),
        super::count(s.tables.len(), "game"),
        s.tables.iter().filter(|t| t.adjudicated).count(),
        s.tie_breaks
            .iter()
            .map(|t| t.name())
            .collect::<Vec<_>>()
            .join(", ")
    );
    standings(h, s);
    teams(h, s);
    crosstable(h, s);
    rounds(h, s);
    left_out(h, s);
    h.push_str("</section>\n");
}

/// The players' table.
fn standings(h: &mut String, s: &Standings) {
    h.push_str(
        "<h2>Standings</h2>\n<table id=\"standings\">\n<tr><th>rank</th><th class=\"name\">player</th>\
         <th>games</th><th>places</th><th>points</th><th>wins</th><th>h2h</th>\
         <th>opponents</th><th>progress</th></tr>\n",
    );
    for r in &s.players {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            r.rank,
            escape(&r.player),
            r.games,
            places(&r.places),
            points(r.points),
            r.wins,
            r.head_to_head.map_or("–".to_string(), |x| x.to_string()),
            points(r.opponents),
            r.progress
        );
    }
    h.push_str("</table>\n");
}

/// The teams' table, when there are teams.
fn teams(h: &mut String, s: &Standings) {
    if s.teams.is_empty() {
        return;
    }
    h.push_str(
        "<h2>Teams</h2>\n<table id=\"teams\">\n<tr><th>rank</th><th class=\"name\">team</th>\
         <th>games</th><th>points</th><th>wins</th></tr>\n",
    );
    for t in &s.teams {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            t.rank,
            escape(&t.members.join(" & ")),
            t.games,
            points(t.points),
            t.wins
        );
    }
    h.push_str("</table>\n");
}

/// Who met whom: row player's games ahead – behind against the column's.
fn crosstable(h: &mut String, s: &Standings) {
    h.push_str("<h2>Crosstable</h2>\n<p>Each cell: the games the row's player placed ahead of \
                the column's – behind.</p>\n<table class=\"cross\" id=\"crosstable\">\n<tr><th></th>");
    for r in &s.players {
        let _ = write!(h, "<th title=\"{}\">{}</th>", escape(&r.player), r.rank);
    }
    h.push_str("</tr>\n");
    for (i, r) in s.players.iter().enumerate() {
        let _ = write!(
            h,
            "<tr><th class=\"name\">{} {}</th>",
            r.rank,
            escape(&r.player)
        );
        for (j, m) in s.crosstable[i].iter().enumerate() {
            if i == j {
                h.push_str("<td class=\"self\"></td>");
            } else if m.games == 0 {
                h.push_str("<td></td>");
            } else {
                let _ = write!(h, "<td>{}–{}</td>", m.ahead, m.behind);
            }
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n");
}

/// Every round's tables with their placings.
fn rounds(h: &mut String, s: &Standings) {
    h.push_str("<h2>Rounds</h2>\n");
    for round in &s.rounds {
        let name = if round.name.is_empty() {
            "(no Round tag)".to_string()
        } else {
            format!("Round {}", round.name)
        };
        let _ = writeln!(h, "<h3>{}</h3>\n<div class=\"round\">", escape(&name));
        for &k in &round.tables {
            game(h, &s.tables[k]);
        }
        h.push_str("</div>\n");
    }
    h.push_str("<p>A place marked * was decided by progress: the seat did not finish.</p>\n");
}

/// One game's placings.
fn game(h: &mut String, t: &Table) {
    let label = escape(&game_label(t));
    let caption = match &t.viewer {
        Some(link) => format!("<a href=\"{}\">{label}</a>", escape(link)),
        None => label,
    };
    let mark = match (&t.invalid, t.adjudicated) {
        (Some(m), _) => format!(
            " <span class=\"invalid\" title=\"{}\">invalid</span>",
            escape(m)
        ),
        (None, true) => {
            let why = t.termination.as_deref().unwrap_or("not finished");
            format!(
                " <span class=\"adj\" title=\"{}\">adjudicated</span>",
                escape(why)
            )
        }
        (None, false) => String::new(),
    };
    let _ = writeln!(
        h,
        "<table class=\"game\"><caption>{caption}{mark}</caption>\n<tr><th>place</th><th>seat</th>\
         <th class=\"name\">player</th><th>points</th><th>progress</th></tr>"
    );
    let mut order: Vec<_> = t.players.iter().collect();
    order.sort_by_key(|p| p.place);
    for p in order {
        let how = if p.finished { "" } else { "*" };
        let _ = writeln!(
            h,
            "<tr><td>{}{how}</td><td>{}</td><td class=\"name\">{}</td><td>{}</td><td>{}</td></tr>",
            p.place,
            escape(&p.seat),
            escape(&p.player),
            points(p.points),
            p.progress
        );
    }
    h.push_str("</table>\n");
}

/// The games left out, and why.
fn left_out(h: &mut String, s: &Standings) {
    if s.left_out.is_empty() {
        return;
    }
    let _ = writeln!(h, "<h2>Left out ({})</h2>\n<ul>", s.left_out.len());
    for l in &s.left_out {
        let at = l.game.map_or(String::new(), |g| format!(" game {g}"));
        let _ = writeln!(h, "<li>{}{at}: {}</li>", escape(&l.file), escape(&l.reason));
    }
    h.push_str("</ul>\n");
}
