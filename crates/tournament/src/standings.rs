//! The standings of an event: each player's games, places, points and
//! tie-breaks, the team standings, the crosstable of who met whom, and the
//! rounds' tables.
//!
//! Players are ranked by the tie-breaks in the order given (by default
//! `points,wins,head-to-head,opponents,progress`), each higher-is-better:
//!
//! - `points`: the points of the player's places ([`crate::points`]);
//! - `wins`: the games the player placed first in;
//! - `head-to-head`: among the players still tied when it comes, the
//!   times the player placed ahead of another of them at the same table;
//! - `opponents`: the sum, over the player's games, of the final points of
//!   each tablemate (a tablemate met twice counts twice), as chess's
//!   Buchholz sums the opponents' scores;
//! - `progress`: the progress counted over all the player's games.
//!
//! Players still tied after the last share a rank, listed by name. Teams
//! (games with a `Teams` tag) are ranked by the points their members
//! scored together in those games, then by their wins (games a member
//! placed first in), then by name; a team is its members' names.
//!
//! ```
//! use billes_tournament::standings::{self, TieBreak};
//! use billes_tournament::table::{Sitting, Table};
//!
//! let sit = |seat: &str, player: &str, place, points| Sitting {
//!     seat: seat.into(), player: player.into(), place, finished: place == 1, progress: 0, points,
//! };
//! let table = |players| Table {
//!     file: "a.bgn".into(), game: 1, kind: "ludo".into(), event: "Club".into(), round: Some("1".into()),
//!     table: None, date: None, termination: None, players, teams: vec![], adjudicated: false,
//!     invalid: None, viewer: None,
//! };
//! let games = vec![
//!     table(vec![sit("R", "Ann", 1, 1.0), sit("G", "Bob", 2, 0.0)]),
//!     table(vec![sit("R", "Bob", 1, 1.0), sit("G", "Cat", 2, 0.0)]),
//! ];
//! let events = standings::of(games, &TieBreak::DEFAULT);
//! let rows: Vec<(u32, &str, f64)> =
//!     events[0].players.iter().map(|r| (r.rank, r.player.as_str(), r.points)).collect();
//! // Ann and Bob both won once; Ann beat Bob at their table.
//! assert_eq!(rows, [(1, "Ann", 1.0), (2, "Bob", 1.0), (3, "Cat", 0.0)]);
//! ```

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde::Serialize;

use crate::table::{LeftOut, Table};

/// One way of ordering players level on points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieBreak {
    /// The points of their places.
    Points,
    /// The games placed first in.
    Wins,
    /// The times placed ahead of the others still tied, at one table.
    HeadToHead,
    /// The sum of the tablemates' final points.
    Opponents,
    /// The progress counted over their games.
    Progress,
}

impl TieBreak {
    /// The order used unless told otherwise.
    pub const DEFAULT: [TieBreak; 5] = [
        TieBreak::Points,
        TieBreak::Wins,
        TieBreak::HeadToHead,
        TieBreak::Opponents,
        TieBreak::Progress,
    ];

    /// Every tie-break's name, as written in `--tie-breaks`.
    pub const NAMES: [&'static str; 5] =
        ["points", "wins", "head-to-head", "opponents", "progress"];

    /// Reads a list such as `points,wins,progress`.
    ///
    /// # Errors
    /// An unknown name or one written twice.
    pub fn list(text: &str) -> Result<Vec<TieBreak>, String> {
        let mut out = Vec::new();
        for name in text.split(',').map(str::trim) {
            let k = TieBreak::NAMES
                .iter()
                .position(|n| *n == name)
                .ok_or_else(|| {
                    format!(
                        "unknown tie-break \"{name}\" (tie-breaks: {})",
                        TieBreak::NAMES.join(", ")
                    )
                })?;
            let t = TieBreak::DEFAULT[k];
            if out.contains(&t) {
                return Err(format!("tie-break \"{name}\" is written twice"));
            }
            out.push(t);
        }
        Ok(out)
    }

    /// The name, as written in `--tie-breaks`.
    pub fn name(self) -> &'static str {
        let k = TieBreak::DEFAULT
            .iter()
            .position(|&t| t == self)
            .unwrap_or(0);
        TieBreak::NAMES[k]
    }
}

/// A player's line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The rank, 1 the first; players still tied share one.
    pub rank: u32,
    /// The player's name.
    pub player: String,
    /// Games played.
    pub games: u32,
    /// How many times the player took each place: `places[0]` firsts, ...
    pub places: Vec<u32>,
    /// Points.
    pub points: f64,
    /// Games placed first in.
    pub wins: u32,
    /// Head-to-head among the players tied with them when it was asked
    /// (`None`: it was not, the player standing alone by then).
    pub head_to_head: Option<u32>,
    /// The sum of the tablemates' final points.
    pub opponents: f64,
    /// Progress over all games.
    pub progress: u64,
    /// Games whose places were adjudicated.
    pub adjudicated: u32,
}

/// A team's line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamRow {
    /// The rank.
    pub rank: u32,
    /// Its members, by name.
    pub members: Vec<String>,
    /// Games played as a team.
    pub games: u32,
    /// Points its members scored in them.
    pub points: f64,
    /// Those games a member placed first in.
    pub wins: u32,
}

/// Two players' meetings, as the first of them saw them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Meeting {
    /// Games they sat at together.
    pub games: u32,
    /// Of those, the ones the first placed ahead in.
    pub ahead: u32,
    /// The ones the second placed ahead in.
    pub behind: u32,
}

/// A round and its tables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Round {
    /// Its `Round` tag (empty: none).
    pub name: String,
    /// Its games, as indexes into [`Standings::tables`].
    pub tables: Vec<usize>,
}

/// The standings of one event.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standings {
    /// The `Event` tag (empty: games without one).
    pub event: String,
    /// The tie-breaks the players were ranked by.
    pub tie_breaks: Vec<TieBreak>,
    /// The players, best first.
    pub players: Vec<Row>,
    /// The teams, best first (empty: no game had teams).
    pub teams: Vec<TeamRow>,
    /// `crosstable[i][j]`: the meetings of `players[i]` with `players[j]`.
    pub crosstable: Vec<Vec<Meeting>>,
    /// The rounds, in order.
    pub rounds: Vec<Round>,
    /// The games counted.
    pub tables: Vec<Table>,
    /// The games of this event left out.
    pub left_out: Vec<LeftOut>,
}

/// The standings of every event of `tables`, events in the order they
/// first appear.
pub fn of(tables: Vec<Table>, tie_breaks: &[TieBreak]) -> Vec<Standings> {
    with_left_out(tables, Vec::new(), tie_breaks)
}

/// [`of`], each game of `left_out` listed with its event (a game whose
/// event is unknown, or has no counted game, with the first event; an
/// event of its own when no game counted).
pub fn with_left_out(
    tables: Vec<Table>,
    left_out: Vec<LeftOut>,
    tie_breaks: &[TieBreak],
) -> Vec<Standings> {
    let mut events: Vec<(String, Vec<Table>)> = Vec::new();
    for t in tables {
        match events.iter_mut().find(|(e, _)| *e == t.event) {
            Some((_, list)) => list.push(t),
            None => events.push((t.event.clone(), vec![t])),
        }
    }
    let mut out: Vec<Standings> = events
        .into_iter()
        .map(|(event, tables)| event_standings(event, tables, tie_breaks))
        .collect();
    for l in left_out {
        let k = out
            .iter()
            .position(|s| Some(&s.event) == l.event.as_ref())
            .unwrap_or(0);
        if out.is_empty() {
            out.push(event_standings(
                l.event.clone().unwrap_or_default(),
                Vec::new(),
                tie_breaks,
            ));
        }
        out[k].left_out.push(l);
    }
    out
}

/// The standings of one event's games.
fn event_standings(event: String, tables: Vec<Table>, tie_breaks: &[TieBreak]) -> Standings {
    let mut rows: BTreeMap<&str, Row> = BTreeMap::new();
    for t in &tables {
        for s in &t.players {
            let row = rows.entry(s.player.as_str()).or_insert_with(|| Row {
                rank: 0,
                player: s.player.clone(),
                games: 0,
                places: Vec::new(),
                points: 0.0,
                wins: 0,
                head_to_head: None,
                opponents: 0.0,
                progress: 0,
                adjudicated: 0,
            });
            row.games += 1;
            let k = s.place.max(1) as usize - 1;
            if row.places.len() <= k {
                row.places.resize(k + 1, 0);
            }
            row.places[k] += 1;
            row.points += s.points;
            row.wins += u32::from(s.place == 1);
            row.progress += s.progress;
            row.adjudicated += u32::from(t.adjudicated);
        }
    }
    let points: BTreeMap<String, f64> = rows
        .values()
        .map(|r| (r.player.clone(), r.points))
        .collect();
    for t in &tables {
        let total: f64 = t.players.iter().map(|s| points[&s.player]).sum();
        for s in &t.players {
            if let Some(row) = rows.get_mut(s.player.as_str()) {
                row.opponents += total - points[&s.player];
            }
        }
    }
    let mut players: Vec<Row> = rows.into_values().collect();
    rank(&mut players, &tables, tie_breaks);
    let crosstable = crosstable(&players, &tables);
    Standings {
        event,
        tie_breaks: tie_breaks.to_vec(),
        teams: teams(&tables),
        crosstable,
        rounds: rounds(&tables),
        players,
        tables,
        left_out: Vec::new(),
    }
}

/// Orders `players` (given by name) by the tie-breaks, and ranks them.
fn rank(players: &mut Vec<Row>, tables: &[Table], tie_breaks: &[TieBreak]) {
    let mut groups: Vec<Vec<Row>> = vec![std::mem::take(players)];
    for &tb in tie_breaks {
        let mut next = Vec::new();
        for mut group in groups {
            if group.len() == 1 {
                next.push(group);
                continue;
            }
            let keys: Vec<f64> = match tb {
                TieBreak::HeadToHead => {
                    let names: Vec<&str> = group.iter().map(|r| r.player.as_str()).collect();
                    let h2h: Vec<u32> = names.iter().map(|p| ahead_of(p, &names, tables)).collect();
                    for (row, &h) in group.iter_mut().zip(&h2h) {
                        row.head_to_head = Some(h);
                    }
                    h2h.into_iter().map(f64::from).collect()
                }
                _ => group.iter().map(|r| key(r, tb)).collect(),
            };
            let mut keyed: Vec<(f64, Row)> = keys.into_iter().zip(group.drain(..)).collect();
            keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
            let mut last: Option<f64> = None;
            for (k, row) in keyed {
                match next.last_mut() {
                    Some(g) if last.is_some_and(|l| l.total_cmp(&k) == Ordering::Equal) => {
                        g.push(row)
                    }
                    _ => next.push(vec![row]),
                }
                last = Some(k);
            }
        }
        groups = next;
    }
    let mut place = 1;
    for group in groups {
        let n = group.len() as u32;
        for mut row in group {
            row.rank = place;
            players.push(row);
        }
        place += n;
    }
}

/// A player's value for a tie-break other than head-to-head.
fn key(row: &Row, tb: TieBreak) -> f64 {
    match tb {
        TieBreak::Points => row.points,
        TieBreak::Wins => f64::from(row.wins),
        TieBreak::Opponents => row.opponents,
        TieBreak::Progress => row.progress as f64,
        TieBreak::HeadToHead => 0.0,
    }
}

/// The times `player` placed ahead of one of `tied` at a table they
/// shared.
fn ahead_of(player: &str, tied: &[&str], tables: &[Table]) -> u32 {
    let mut n = 0;
    for t in tables {
        let Some(me) = t.sitting(player) else {
            continue;
        };
        n += t
            .players
            .iter()
            .filter(|o| o.player != player && tied.contains(&o.player.as_str()))
            .filter(|o| me.place < o.place)
            .count() as u32;
    }
    n
}

/// Who met whom, in the order of `players`.
fn crosstable(players: &[Row], tables: &[Table]) -> Vec<Vec<Meeting>> {
    let index: BTreeMap<&str, usize> = players
        .iter()
        .enumerate()
        .map(|(i, r)| (r.player.as_str(), i))
        .collect();
    let mut cross = vec![vec![Meeting::default(); players.len()]; players.len()];
    for t in tables {
        for a in &t.players {
            for b in &t.players {
                if a.player == b.player {
                    continue;
                }
                let (i, j) = (index[a.player.as_str()], index[b.player.as_str()]);
                let m = &mut cross[i][j];
                m.games += 1;
                m.ahead += u32::from(a.place < b.place);
                m.behind += u32::from(b.place < a.place);
            }
        }
    }
    cross
}

/// The team standings of the games with teams.
fn teams(tables: &[Table]) -> Vec<TeamRow> {
    let mut rows: BTreeMap<Vec<String>, TeamRow> = BTreeMap::new();
    for t in tables.iter().filter(|t| !t.teams.is_empty()) {
        for team in &t.teams {
            let mut members: Vec<String> =
                team.iter().map(|&i| t.players[i].player.clone()).collect();
            members.sort();
            let row = rows.entry(members.clone()).or_insert_with(|| TeamRow {
                rank: 0,
                members,
                games: 0,
                points: 0.0,
                wins: 0,
            });
            row.games += 1;
            row.points += team.iter().map(|&i| t.players[i].points).sum::<f64>();
            row.wins += u32::from(team.iter().any(|&i| t.players[i].place == 1));
        }
    }
    let mut list: Vec<TeamRow> = rows.into_values().collect();
    list.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.wins.cmp(&a.wins))
            .then(a.members.cmp(&b.members))
    });
    for k in 0..list.len() {
        let tied = k > 0
            && list[k - 1].points.total_cmp(&list[k].points) == Ordering::Equal
            && list[k - 1].wins == list[k].wins;
        list[k].rank = if tied { list[k - 1].rank } else { k as u32 + 1 };
    }
    list
}

/// The rounds of `tables`, in order (numbers as numbers), each with its
/// games in the order read.
fn rounds(tables: &[Table]) -> Vec<Round> {
    let mut rounds: Vec<Round> = Vec::new();
    for (i, t) in tables.iter().enumerate() {
        let name = t.round.clone().unwrap_or_default();
        match rounds.iter_mut().find(|r| r.name == name) {
            Some(r) => r.tables.push(i),
            None => rounds.push(Round {
                name,
                tables: vec![i],
            }),
        }
    }
    rounds.sort_by(|a, b| {
        crate::ratings::compare_rounds(Some(a.name.as_str()), Some(b.name.as_str()))
    });
    rounds
}
