//! The live page of a round: every table's board as it stands and the
//! standings so far, on one page a venue screen or a stream can show.
//! `billes live` rewrites it as the records of `billes play` change; like
//! `billes play --html`'s viewer it needs no server: the page reloads
//! itself (a `refresh` meta tag, which works for a file opened from disk)
//! until every game of the round is over, and is then written one last
//! time without it.
//!
//! The standings count the games still being played as they stand,
//! adjudicated by progress: they are what the room would be if play
//! stopped now.

use std::fmt::Write as _;

use billes_archive::RulePolicy;
use billes_render::{escape, Replay};

use crate::read::Record;
use crate::standings::Standings;
use crate::table::Table;

/// One table of the round as the page shows it.
#[derive(Debug)]
pub struct Board {
    /// Its heading: the table's label.
    pub label: String,
    /// Its players, seat by seat, with their place so far.
    pub players: Vec<(String, String, u32)>,
    /// Turns played.
    pub turns: u32,
    /// Whether the game is over (else being played, or stopped).
    pub over: bool,
    /// The board as inline SVG (`None`: it cannot be drawn).
    pub svg: Option<String>,
}

/// The boards of round `round` of `s`, drawn from their records.
pub fn boards(s: &Standings, round: &str, records: &[Record], policy: &RulePolicy) -> Vec<Board> {
    let resolver = policy.resolver();
    let Some(r) = s.rounds.iter().find(|r| r.name == round) else {
        return Vec::new();
    };
    r.tables
        .iter()
        .map(|&k| {
            let t = &s.tables[k];
            let record = Record::of(records, t);
            let svg = record.and_then(|rec| {
                let rules = rec.rule_set(&resolver).ok()?;
                let replay = Replay::with_engine(rules.engine(), &rec.game).ok()?;
                let options = billes_render::Options { labels: false };
                let svg = billes_render::svg(&replay, replay.last().index, &options).ok()?;
                Some(inline(&svg))
            });
            Board {
                label: crate::write::game_label(t),
                players: t
                    .players
                    .iter()
                    .map(|p| (p.seat.clone(), p.player.clone(), p.place))
                    .collect(),
                turns: record.map_or(0, |r| r.turns),
                over: t.termination.is_some()
                    || (!t.adjudicated && t.invalid.is_none() && is_done(t)),
                svg,
            }
        })
        .collect()
}

/// Whether a seat of `t` finished: with the game not adjudicated, it is
/// over. (A game with a `Termination` tag is over too: stopped.)
fn is_done(t: &Table) -> bool {
    t.players.iter().any(|p| p.finished)
}

/// An SVG document as an element inside HTML: its XML declaration off.
fn inline(svg: &str) -> String {
    let body = match svg.find("<svg") {
        Some(k) => &svg[k..],
        None => svg,
    };
    body.to_string()
}

/// The page of round `round` of event `s`: reloading every `reload`
/// seconds while a game is being played.
pub fn page(s: &Standings, round: &str, boards: &[Board], reload: u32) -> String {
    let playing = boards.iter().any(|b| !b.over);
    let mut h = String::with_capacity(64 * 1024);
    let event = if s.event.is_empty() {
        "(no Event tag)"
    } else {
        &s.event
    };
    let title = format!("{event} — round {round}");
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n{}\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n<p id=\"status\">{}</p>\n\
         <div class=\"boards\">\n",
        if playing { format!("<meta http-equiv=\"refresh\" content=\"{reload}\">\n") } else { String::new() },
        escape(&title),
        escape(&title),
        if playing {
            format!("{} of {} tables playing", boards.iter().filter(|b| !b.over).count(), boards.len())
        } else {
            "every table has finished".to_string()
        }
    );
    for b in boards {
        board(&mut h, b);
    }
    h.push_str(
        "</div>\n<h2>Standings so far</h2>\n<table id=\"standings\">\n<tr><th>rank</th>\
                <th class=\"name\">player</th><th>games</th><th>points</th><th>wins</th></tr>\n",
    );
    for r in &s.players {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td class=\"name\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            r.rank,
            escape(&r.player),
            r.games,
            crate::write::points(r.points),
            r.wins
        );
    }
    h.push_str("</table>\n</body>\n</html>\n");
    h
}

/// The style of the live page: dark, large, for a screen across a room.
const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1em;background:#111;color:#eee}\
.boards{display:flex;flex-wrap:wrap;gap:1em}\
.board{background:#1d1d1d;padding:.5em;border-radius:6px;width:22em}\
.board svg{width:100%;height:auto;background:#fff;border-radius:4px}\
.board h3{margin:.2em 0}.board ol{margin:.3em 0;padding-left:1.5em}\
.over{color:#7c7}.playing{color:#fc6}\
table{border-collapse:collapse}th,td{border:1px solid #444;padding:.2em .6em;text-align:right}\
td.name,th.name{text-align:left}";

/// One table's card.
fn board(h: &mut String, b: &Board) {
    let state = if b.over {
        "<span class=\"over\">finished</span>".to_string()
    } else {
        format!("<span class=\"playing\">playing, turn {}</span>", b.turns)
    };
    let _ = write!(
        h,
        "<div class=\"board\">\n<h3>{}</h3>\n<p>{state}</p>\n",
        escape(&b.label)
    );
    if let Some(svg) = &b.svg {
        h.push_str(svg);
        h.push('\n');
    }
    h.push_str("<ol>\n");
    let mut order: Vec<&(String, String, u32)> = b.players.iter().collect();
    order.sort_by_key(|p| p.2);
    for (seat, player, _) in order {
        let _ = writeln!(h, "<li>{} ({})</li>", escape(player), escape(seat));
    }
    h.push_str("</ol>\n</div>\n");
}
