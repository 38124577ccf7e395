//! The viewer pages the standings page links to: one page of the HTML
//! viewer (`billes render --html`) per round of each event, holding that
//! round's games, each game's link opening it at its last turn
//! (`round-3.html#g2-t57`).

use billes_archive::rules::Resolver;
use billes_archive::RulePolicy;
use billes_render::Viewer;

use crate::read::Record;
use crate::standings::Standings;

/// A page to write: its file name (inside the pages' folder) and its HTML.
#[derive(Debug)]
pub struct Page {
    /// The file name, like `club-night-round-3.html`.
    pub name: String,
    /// The page.
    pub html: String,
}

/// The pages of every round of `events`, whose games' records are
/// `records` (in the order of [`crate::read::Read::tables`], which the
/// events' tables were made from, found by file and number). Each table's
/// [`viewer`](crate::table::Table::viewer) is set to its link, `folder`
/// (the folder's name beside the standings page) leading it.
pub fn pages(
    events: &mut [Standings],
    records: &[Record],
    policy: &RulePolicy,
    folder: &str,
) -> Vec<Page> {
    let resolver = policy.resolver();
    let mut out = Vec::new();
    for (e, s) in events.iter_mut().enumerate() {
        for round in &s.rounds {
            let name = format!("event-{}-round-{}.html", e + 1, file_part(&round.name));
            let mut viewer = Viewer::new(&billes_render::Options::default());
            for &k in &round.tables {
                let t = &mut s.tables[k];
                let Some(r) = Record::of(records, t) else {
                    continue;
                };
                if add(&mut viewer, &resolver, r) {
                    let turn = if t.invalid.is_some() { 0 } else { r.turns };
                    t.viewer = Some(format!("{folder}/{name}#g{}-t{turn}", viewer.len()));
                }
            }
            if !viewer.is_empty() {
                out.push(Page {
                    name,
                    html: viewer.page(),
                });
            }
        }
    }
    out
}

/// Adds the game of `r` to `viewer`; whether it was added.
fn add(viewer: &mut Viewer, resolver: &Resolver, r: &Record) -> bool {
    let Ok(rules) = r.rule_set(resolver) else {
        return false;
    };
    viewer.add(r.index, rules.engine(), &r.game).is_ok()
}

/// A round's name as part of a file name: letters, digits, `-` and `_`
/// kept, anything else `_` (at most 40 characters; `none` when empty).
pub fn file_part(name: &str) -> String {
    let part: String = name
        .chars()
        .take(40)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if part.is_empty() {
        "none".to_string()
    } else {
        part
    }
}
