//! The seats of the next round of a tournament, drawn by lot.
//!
//! The players are split into tables of a given size. The draw is seeded and
//! reproducible, it avoids seating players together who already sat at a table
//! together in earlier rounds as far as it can, and it balances who starts: the
//! first seat of a table plays first.
//!
//! # Rules
//!
//! - **Table sizes.** With `n` players and tables of `k`:
//!   - [`Remainder::Smaller`]: there are `ceil(n / k)` tables, their sizes are as
//!     equal as possible and the larger tables come first (30 players at tables
//!     of 4 give 4, 4, 4, 4, 4, 4, 3, 3).
//!   - [`Remainder::Bye`]: there are `floor(n / k)` tables of `k` and the
//!     `n mod k` others sit out this round. The byes go to the players who have
//!     played the most past tables, so that the counts even out; ties are broken
//!     by lot. If no full table can be made (`n < k`), all `n` players sit at one
//!     table.
//!   - A table below [`Settings::min_table`] is an error
//!     ([`DrawError::TableTooSmall`]).
//! - **Who sits together.** The cost of a split is the sum, over all pairs of
//!   players at the same table, of the square of the number of past tables they
//!   shared (squared so that a third meeting is avoided before a second). The
//!   draw starts from a seeded random split (the one [`random_draw`] returns)
//!   and improves it by local search: it swaps two players of different tables
//!   when the swap lowers the cost, taking the first such swap it finds. When no
//!   swap helps, it restarts from a new random split. It keeps the best split
//!   found; at equal cost the first one found stays. The search stops after
//!   [`Settings::effort`] swap evaluations (a restart counts as one) or as soon
//!   as the cost is zero.
//! - **Who starts.** At each table the player who started (sat in the first
//!   seat of) the fewest past tables takes the first seat, ties broken by lot.
//!   The other seats are drawn by lot. This balances starts table by table
//!   only: a player starts again only if every tablemate started at least as
//!   often. Over 4 rounds of 16 players at tables of 4, for example, nobody
//!   starts more than twice, but some players may not start at all.
//! - **Order of tables.** Tables keep the order of their slots in the split:
//!   larger tables first, and otherwise as drawn, so the table number is part of
//!   the lot. Byes are listed in the order of the players list.
//! - **Names** are compared exactly as given (case-sensitive). A name given
//!   twice is an error. Past tables may name players who no longer play; they
//!   are ignored. A name listed twice at one past table counts once there.
//! - **Errors** are checked in this order: zero table size, no players, a
//!   duplicate name, a table too small.
//! - **Reproducibility.** The result depends only on the players (in the order
//!   given), the past tables and the settings: no hash order, no threads, no
//!   clock. Work is bounded by the effort, and memory follows the size of the
//!   input.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use billes_core::Rng;

/// What to do with players left over when the count is not a multiple of the table size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Remainder {
    /// Some tables get one seat fewer (sizes differ by at most one; larger tables first).
    Smaller,
    /// The left-over players sit out this round (a bye).
    Bye,
}

/// The settings of a draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The number of seats at a full table.
    pub table_size: usize,
    /// What to do with players left over when the count is not a multiple of the table size.
    pub remainder: Remainder,
    /// The seed of the lot: the same seed with the same input gives the same draw.
    pub seed: u64,
    /// Improvement steps of the search (a fixed number, so output does not depend on the machine).
    pub effort: u32,
    /// Smallest table the game allows (2 for these games); a draw that would need a smaller table is an error.
    pub min_table: usize,
}

impl Default for Settings {
    /// Tables of 4, smaller tables for the left-over players, seed 0, an effort
    /// of 20 000 swap evaluations and tables of at least 2.
    fn default() -> Settings {
        Settings {
            table_size: 4,
            remainder: Remainder::Smaller,
            seed: 0,
            effort: 20_000,
            min_table: 2,
        }
    }
}

/// One table of a draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Players in seat order: the first starts.
    pub players: Vec<String>,
}

/// The seats of one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draw {
    /// The tables, larger tables first.
    pub tables: Vec<Table>,
    /// The players who sit out this round, in the order of the players list.
    pub byes: Vec<String>,
    /// Pairs of tablemates in this draw who already met, each counted once per earlier meeting.
    pub repeats: u32,
}

/// Why a draw could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawError {
    /// The list of players is empty.
    NoPlayers,
    /// This name is given twice in the list of players.
    Duplicate(String),
    /// The players cannot be seated without a table below the smallest size the game allows.
    TableTooSmall {
        /// The number of players to seat.
        players: usize,
        /// The table size asked for.
        table_size: usize,
        /// The smallest table the game allows.
        min_table: usize,
    },
    /// The table size is zero.
    ZeroTableSize,
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawError::NoPlayers => write!(f, "there are no players to draw"),
            DrawError::Duplicate(name) => {
                write!(
                    f,
                    "the player {name:?} is listed twice; names must be unique"
                )
            }
            DrawError::TableTooSmall {
                players,
                table_size,
                min_table,
            } => write!(
                f,
                "{players} players at tables of {table_size} would need a table of fewer than \
                 {min_table} players; choose another table size, change how left-over players \
                 are seated, or add players"
            ),
            DrawError::ZeroTableSize => write!(f, "the table size must be at least 1"),
        }
    }
}

impl std::error::Error for DrawError {}

/// Draws the tables of the next round.
///
/// `past`: the tables of earlier rounds, each its players' names in seat order (the first started).
///
/// The draw avoids seating together players who already met, balances who
/// starts, and is reproducible: the same input and settings give the same draw.
/// See the [module documentation](self) for the exact rules.
///
/// # Errors
///
/// [`DrawError::ZeroTableSize`], [`DrawError::NoPlayers`],
/// [`DrawError::Duplicate`] or [`DrawError::TableTooSmall`], checked in this order.
///
/// # Example
///
/// ```
/// use billes_tournament::draw::{draw, Settings};
///
/// let players: Vec<String> = ["Ann", "Ben", "Cem", "Dia", "Eva", "Fay", "Gus", "Hal"]
///     .iter()
///     .map(|name| name.to_string())
///     .collect();
/// let past = vec![
///     vec!["Ann".to_string(), "Ben".to_string(), "Cem".to_string(), "Dia".to_string()],
///     vec!["Eva".to_string(), "Fay".to_string(), "Gus".to_string(), "Hal".to_string()],
/// ];
/// let settings = Settings { seed: 7, ..Settings::default() };
/// let round = draw(&players, &past, &settings).unwrap();
/// assert_eq!(round.tables.len(), 2);
/// assert!(round.byes.is_empty());
/// // At each new table two pairs from the first round meet again, no more.
/// assert_eq!(round.repeats, 4);
/// assert_eq!(round, draw(&players, &past, &settings).unwrap());
/// ```
pub fn draw(
    players: &[String],
    past: &[Vec<String>],
    settings: &Settings,
) -> Result<Draw, DrawError> {
    run(players, past, settings, settings.effort)
}

/// The same split without the search: a plain random draw with the same seed (for comparison; starts are still balanced the same way).
///
/// It is the split [`draw`] starts its search from, so it equals [`draw`] with
/// an effort of zero.
///
/// # Errors
///
/// The same errors as [`draw`].
pub fn random_draw(
    players: &[String],
    past: &[Vec<String>],
    settings: &Settings,
) -> Result<Draw, DrawError> {
    run(players, past, settings, 0)
}

/// Pairs of tablemates of `tables` who met in `past`, each counted once per earlier meeting.
pub fn repeats(tables: &[Table], past: &[Vec<String>]) -> u32 {
    let mut names: Vec<&str> = Vec::new();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for table in tables {
        let start = names.len();
        names.extend(table.players.iter().map(String::as_str));
        groups.push((start..names.len()).collect());
    }
    let meetings = Meetings::new(&names, past);
    let mut total = 0u64;
    for group in &groups {
        for (i, &a) in group.iter().enumerate() {
            for &b in &group[i + 1..] {
                total += u64::from(meetings.count(a, b));
            }
        }
    }
    saturate(total)
}

/// How many past tables each player started (sat in the first seat of).
///
/// Every name in `past` is a key, with 0 if that player never started.
pub fn starts(past: &[Vec<String>]) -> BTreeMap<String, u32> {
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    for table in past {
        for name in table {
            counts.entry(name.clone()).or_insert(0);
        }
        if let Some(count) = table.first().and_then(|first| counts.get_mut(first)) {
            *count += 1;
        }
    }
    counts
}

/// Makes a draw with the given search effort (zero for a plain random draw).
fn run(
    players: &[String],
    past: &[Vec<String>],
    settings: &Settings,
    effort: u32,
) -> Result<Draw, DrawError> {
    if settings.table_size == 0 {
        return Err(DrawError::ZeroTableSize);
    }
    check_players(players)?;
    let plan = plan_tables(players.len(), settings)?;
    let mut streams = Streams::new(settings.seed);
    let is_bye = pick_byes(players, past, plan.byes, &mut streams.byes);
    let seated: Vec<&str> = players
        .iter()
        .zip(&is_bye)
        .filter(|(_, bye)| !**bye)
        .map(|(name, _)| name.as_str())
        .collect();
    let byes: Vec<String> = players
        .iter()
        .zip(&is_bye)
        .filter(|(_, bye)| **bye)
        .map(|(name, _)| name.clone())
        .collect();
    let meetings = Meetings::new(&seated, past);
    let first = Split::random(&plan.sizes, &mut streams.split);
    let split = search(first, &plan.sizes, &meetings, effort, &mut streams.search);
    let repeats = saturate(split.repeats(&meetings));
    let tables = seat(&split, &seated, &starts(past), &mut streams.seats);
    Ok(Draw {
        tables,
        byes,
        repeats,
    })
}

/// Checks that there are players and that no name is given twice.
fn check_players(players: &[String]) -> Result<(), DrawError> {
    if players.is_empty() {
        return Err(DrawError::NoPlayers);
    }
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    for name in players {
        if !seen.insert(name.as_str()) {
            return Err(DrawError::Duplicate(name.clone()));
        }
    }
    Ok(())
}

/// The sizes of the tables of a round and the number of byes.
#[derive(Debug, PartialEq, Eq)]
struct Plan {
    sizes: Vec<usize>,
    byes: usize,
}

/// Works out the table sizes for `n` players (at least one) under the settings.
fn plan_tables(n: usize, settings: &Settings) -> Result<Plan, DrawError> {
    let k = settings.table_size;
    let plan = match settings.remainder {
        Remainder::Smaller => {
            let count = n.div_ceil(k);
            let base = n / count;
            let larger = n % count;
            let mut sizes = vec![base + 1; larger];
            sizes.resize(count, base);
            Plan { sizes, byes: 0 }
        }
        Remainder::Bye if n < k => Plan {
            sizes: vec![n],
            byes: 0,
        },
        Remainder::Bye => Plan {
            sizes: vec![k; n / k],
            byes: n % k,
        },
    };
    if plan.sizes.iter().any(|&size| size < settings.min_table) {
        return Err(DrawError::TableTooSmall {
            players: n,
            table_size: k,
            min_table: settings.min_table,
        });
    }
    Ok(plan)
}

/// Independent random streams for the parts of a draw, so that the random
/// split, the byes and the seats do not depend on how long the search ran.
struct Streams {
    byes: Rng,
    split: Rng,
    search: Rng,
    seats: Rng,
}

impl Streams {
    /// Derives the streams from the seed of the draw.
    fn new(seed: u64) -> Streams {
        let mut master = Rng::new(seed);
        Streams {
            byes: Rng::new(master.next_u64()),
            split: Rng::new(master.next_u64()),
            search: Rng::new(master.next_u64()),
            seats: Rng::new(master.next_u64()),
        }
    }
}

/// Shuffles `items` by lot (Fisher-Yates).
fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}

/// Converts a count to `u32`, saturating.
fn saturate(count: u64) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// Picks `count` players to sit out: those who played the most past tables,
/// ties by lot. Returns one flag per player.
fn pick_byes(players: &[String], past: &[Vec<String>], count: usize, rng: &mut Rng) -> Vec<bool> {
    let mut is_bye = vec![false; players.len()];
    if count == 0 {
        return is_bye;
    }
    let played = played_counts(past);
    let played_by = |i: usize| played.get(players[i].as_str()).copied().unwrap_or(0);
    let mut order: Vec<usize> = (0..players.len()).collect();
    shuffle(&mut order, rng);
    // A stable sort keeps the lot order among players with equal counts.
    order.sort_by_key(|&i| Reverse(played_by(i)));
    for &i in order.iter().take(count) {
        is_bye[i] = true;
    }
    is_bye
}

/// How many past tables each name sat at (a name listed twice at one table counts once).
fn played_counts(past: &[Vec<String>]) -> BTreeMap<&str, u32> {
    let mut counts: BTreeMap<&str, u32> = BTreeMap::new();
    for table in past {
        let names: BTreeSet<&str> = table.iter().map(String::as_str).collect();
        for name in names {
            *counts.entry(name).or_insert(0) += 1;
        }
    }
    counts
}

/// How often each pair of players met in the past, as sorted adjacency lists
/// (so memory follows the size of the past, not the square of the players).
struct Meetings {
    /// For each player, the players met and how often, sorted by player.
    met: Vec<Vec<(usize, u32)>>,
}

impl Meetings {
    /// Counts the meetings between `names` (by index) in the past tables.
    /// Names listed twice get separate indices that never count as meeting
    /// each other.
    fn new(names: &[&str], past: &[Vec<String>]) -> Meetings {
        let mut index: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (i, name) in names.iter().enumerate() {
            index.entry(*name).or_default().push(i);
        }
        let mut raw: Vec<Vec<usize>> = vec![Vec::new(); names.len()];
        for table in past {
            let mut ids: Vec<usize> = table
                .iter()
                .filter_map(|name| index.get(name.as_str()))
                .flatten()
                .copied()
                .collect();
            ids.sort_unstable();
            ids.dedup();
            for (i, &a) in ids.iter().enumerate() {
                for &b in &ids[i + 1..] {
                    if names[a] != names[b] {
                        raw[a].push(b);
                        raw[b].push(a);
                    }
                }
            }
        }
        let met = raw.into_iter().map(run_lengths).collect();
        Meetings { met }
    }

    /// How often players `a` and `b` met.
    fn count(&self, a: usize, b: usize) -> u32 {
        let list = &self.met[a];
        match list.binary_search_by_key(&b, |&(other, _)| other) {
            Ok(found) => list[found].1,
            Err(_) => 0,
        }
    }

    /// The cost of seating `a` with `b`: the square of their meetings.
    fn weight(&self, a: usize, b: usize) -> u64 {
        let count = u64::from(self.count(a, b));
        count * count
    }
}

/// Sorts a list of players and counts each.
fn run_lengths(mut ids: Vec<usize>) -> Vec<(usize, u32)> {
    ids.sort_unstable();
    let mut counted: Vec<(usize, u32)> = Vec::new();
    for id in ids {
        match counted.last_mut() {
            Some((last, count)) if *last == id => *count += 1,
            _ => counted.push((id, 1)),
        }
    }
    counted
}

/// A split of the seated players (by index) into table slots.
#[derive(Debug, Clone)]
struct Split {
    /// The players of each slot.
    tables: Vec<Vec<usize>>,
    /// The slot of each player.
    table_of: Vec<usize>,
    /// The position of each player within its slot.
    position: Vec<usize>,
}

impl Split {
    /// A random split into slots of the given sizes.
    fn random(sizes: &[usize], rng: &mut Rng) -> Split {
        let total: usize = sizes.iter().sum();
        let mut order: Vec<usize> = (0..total).collect();
        shuffle(&mut order, rng);
        let mut tables = Vec::with_capacity(sizes.len());
        let mut table_of = vec![0; total];
        let mut position = vec![0; total];
        let mut rest = order.as_slice();
        for (slot, &size) in sizes.iter().enumerate() {
            let (table, tail) = rest.split_at(size);
            for (at, &player) in table.iter().enumerate() {
                table_of[player] = slot;
                position[player] = at;
            }
            tables.push(table.to_vec());
            rest = tail;
        }
        Split {
            tables,
            table_of,
            position,
        }
    }

    /// The number of seated players.
    fn len(&self) -> usize {
        self.table_of.len()
    }

    /// The cost of the split: the sum of the weights of all pairs of tablemates.
    fn cost(&self, meetings: &Meetings) -> u64 {
        (0..self.len()).map(|a| self.load(a, meetings)).sum::<u64>() / 2
    }

    /// The number of past meetings between tablemates.
    fn repeats(&self, meetings: &Meetings) -> u64 {
        let mut total = 0;
        for table in &self.tables {
            for (i, &a) in table.iter().enumerate() {
                for &b in &table[i + 1..] {
                    total += u64::from(meetings.count(a, b));
                }
            }
        }
        total
    }

    /// The weight between player `a` and its tablemates.
    fn load(&self, a: usize, meetings: &Meetings) -> u64 {
        self.weight_to(a, self.table_of[a], a, meetings)
    }

    /// The weight between `player` and the players of `slot`, leaving out `except`.
    fn weight_to(&self, player: usize, slot: usize, except: usize, meetings: &Meetings) -> u64 {
        self.tables[slot]
            .iter()
            .filter(|&&other| other != except && other != player)
            .map(|&other| meetings.weight(player, other))
            .sum()
    }

    /// How much the cost drops if `a` and `b` (at different tables) swap, if it drops.
    fn gain(&self, a: usize, b: usize, meetings: &Meetings) -> Option<u64> {
        let (slot_a, slot_b) = (self.table_of[a], self.table_of[b]);
        let before =
            self.weight_to(a, slot_a, a, meetings) + self.weight_to(b, slot_b, b, meetings);
        let after = self.weight_to(b, slot_a, a, meetings) + self.weight_to(a, slot_b, b, meetings);
        before.checked_sub(after).filter(|&drop| drop > 0)
    }

    /// Swaps the seats of `a` and `b`.
    fn swap(&mut self, a: usize, b: usize) {
        let (slot_a, at_a) = (self.table_of[a], self.position[a]);
        let (slot_b, at_b) = (self.table_of[b], self.position[b]);
        self.tables[slot_a][at_a] = b;
        self.tables[slot_b][at_b] = a;
        self.table_of.swap(a, b);
        self.position.swap(a, b);
    }
}

/// Improves `first` by local search with restarts, within `effort` swap
/// evaluations, and returns the best split found (the first one at equal cost).
fn search(first: Split, sizes: &[usize], meetings: &Meetings, effort: u32, rng: &mut Rng) -> Split {
    let mut budget = effort;
    let mut best_cost = first.cost(meetings);
    if sizes.len() < 2 || best_cost == 0 || budget == 0 {
        return first;
    }
    let mut best = first.clone();
    let mut current = first;
    let mut cost = best_cost;
    loop {
        cost = descend(&mut current, cost, meetings, &mut budget, rng);
        if cost < best_cost {
            best = current.clone();
            best_cost = cost;
        }
        if budget == 0 || best_cost == 0 {
            return best;
        }
        // Every restart uses up at least one step, so the search always ends.
        budget -= 1;
        current = Split::random(sizes, rng);
        cost = current.cost(meetings);
    }
}

/// Applies improving swaps until none is left or the budget is spent, and
/// returns the new cost.
fn descend(
    split: &mut Split,
    mut cost: u64,
    meetings: &Meetings,
    budget: &mut u32,
    rng: &mut Rng,
) -> u64 {
    while cost > 0 {
        match find_swap(split, meetings, budget, rng) {
            Some((a, b, drop)) => {
                split.swap(a, b);
                cost -= drop;
            }
            None => break,
        }
    }
    cost
}

/// Finds a swap that lowers the cost: tries the players who sit with someone
/// they met, in an order drawn by lot, each against every player of another
/// table. Each try uses one step of the budget.
fn find_swap(
    split: &Split,
    meetings: &Meetings,
    budget: &mut u32,
    rng: &mut Rng,
) -> Option<(usize, usize, u64)> {
    let n = split.len();
    let conflicted: Vec<usize> = (0..n).filter(|&a| split.load(a, meetings) > 0).collect();
    if conflicted.is_empty() {
        return None;
    }
    let first_a = rng.below(conflicted.len());
    let first_b = rng.below(n);
    for i in 0..conflicted.len() {
        let a = conflicted[(first_a + i) % conflicted.len()];
        for j in 0..n {
            let b = (first_b + j) % n;
            if split.table_of[a] == split.table_of[b] {
                continue;
            }
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            if let Some(drop) = split.gain(a, b, meetings) {
                return Some((a, b, drop));
            }
        }
    }
    None
}

/// Seats each table: the player with the fewest past starts first (ties by
/// lot), the others by lot.
fn seat(
    split: &Split,
    names: &[&str],
    started: &BTreeMap<String, u32>,
    rng: &mut Rng,
) -> Vec<Table> {
    let starts_of = |player: usize| started.get(names[player]).copied().unwrap_or(0);
    split
        .tables
        .iter()
        .map(|slot| {
            let mut order = slot.clone();
            shuffle(&mut order, rng);
            // `min_by_key` returns the first of equal minima, so ties go by the lot above.
            if let Some(at) = (0..order.len()).min_by_key(|&at| starts_of(order[at])) {
                let starter = order.remove(at);
                order.insert(0, starter);
            }
            Table {
                players: order
                    .iter()
                    .map(|&player| names[player].to_string())
                    .collect(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Players named `p000`, `p001`, ...
    fn names(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("p{i:03}")).collect()
    }

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|name| name.to_string()).collect()
    }

    fn settings(seed: u64, table_size: usize, remainder: Remainder) -> Settings {
        Settings {
            table_size,
            remainder,
            seed,
            ..Settings::default()
        }
    }

    fn sizes(round: &Draw) -> Vec<usize> {
        round
            .tables
            .iter()
            .map(|table| table.players.len())
            .collect()
    }

    fn add_round(past: &mut Vec<Vec<String>>, round: &Draw) {
        past.extend(round.tables.iter().map(|table| table.players.clone()));
    }

    /// The squared cost of tables, computed from scratch.
    fn cost(tables: &[Table], past: &[Vec<String>]) -> u64 {
        let mut total = 0;
        for table in tables {
            for (i, a) in table.players.iter().enumerate() {
                for b in &table.players[i + 1..] {
                    let met = past
                        .iter()
                        .filter(|t| t.contains(a) && t.contains(b))
                        .count() as u64;
                    total += met * met;
                }
            }
        }
        total
    }

    type DrawFn = fn(&[String], &[Vec<String>], &Settings) -> Result<Draw, DrawError>;

    /// Plays `rounds` rounds with `how`, each draw added to the past; the seed
    /// of round `r` is `seed * 1000 + r`.
    fn tournament(
        players: &[String],
        rounds: u64,
        base: &Settings,
        how: DrawFn,
    ) -> (Vec<Draw>, Vec<Vec<String>>) {
        let mut past = Vec::new();
        let mut draws = Vec::new();
        for round in 0..rounds {
            let settings = Settings {
                seed: base.seed * 1000 + round,
                ..base.clone()
            };
            let next = how(players, &past, &settings).expect("valid draw");
            add_round(&mut past, &next);
            draws.push(next);
        }
        (draws, past)
    }

    /// Checks that every player appears exactly once, at a table or as a bye.
    fn assert_everyone_once(players: &[String], round: &Draw) {
        let mut seen: Vec<&String> = round
            .tables
            .iter()
            .flat_map(|t| &t.players)
            .chain(&round.byes)
            .collect();
        seen.sort();
        let mut expected: Vec<&String> = players.iter().collect();
        expected.sort();
        assert_eq!(seen, expected);
    }

    #[test]
    fn same_seed_same_output() {
        let players = names(30);
        let (_, past) = tournament(&players, 3, &settings(9, 4, Remainder::Smaller), draw);
        for remainder in [Remainder::Smaller, Remainder::Bye] {
            let settings = settings(42, 4, remainder);
            let first = draw(&players, &past, &settings).unwrap();
            let second = draw(&players, &past, &settings).unwrap();
            assert_eq!(first, second);
            assert_eq!(
                random_draw(&players, &past, &settings),
                random_draw(&players, &past, &settings)
            );
        }
    }

    #[test]
    fn different_seeds_usually_differ() {
        let players = names(32);
        let (_, past) = tournament(&players, 2, &settings(3, 4, Remainder::Smaller), draw);
        let draws: Vec<Draw> = (0..10)
            .map(|seed| draw(&players, &past, &settings(seed, 4, Remainder::Smaller)).unwrap())
            .collect();
        let differing = draws.windows(2).filter(|pair| pair[0] != pair[1]).count();
        assert!(
            differing >= 8,
            "only {differing} of 9 neighbouring seeds differ"
        );
        let tables: BTreeSet<Vec<Vec<String>>> = draws
            .iter()
            .map(|d| {
                let mut sets: Vec<Vec<String>> =
                    d.tables.iter().map(|t| t.players.clone()).collect();
                sets.iter_mut().for_each(|set| set.sort());
                sets.sort();
                sets
            })
            .collect();
        assert!(
            tables.len() >= 8,
            "only {} different splits of 10",
            tables.len()
        );
    }

    #[test]
    fn table_sizes() {
        let cases: [(usize, Vec<usize>, Vec<usize>, usize); 5] = [
            (32, vec![4; 8], vec![4; 8], 0),
            (30, vec![4, 4, 4, 4, 4, 4, 3, 3], vec![4; 7], 2),
            (29, vec![4, 4, 4, 4, 4, 3, 3, 3], vec![4; 7], 1),
            (7, vec![4, 3], vec![4], 3),
            (5, vec![3, 2], vec![4], 1),
        ];
        for (n, smaller, bye, bye_count) in cases {
            let players = names(n);
            let round = draw(&players, &[], &settings(1, 4, Remainder::Smaller)).unwrap();
            assert_eq!(sizes(&round), smaller, "{n} players, smaller tables");
            assert!(round.byes.is_empty());
            assert_everyone_once(&players, &round);
            let round = draw(&players, &[], &settings(1, 4, Remainder::Bye)).unwrap();
            assert_eq!(sizes(&round), bye, "{n} players, byes");
            assert_eq!(round.byes.len(), bye_count, "{n} players, byes");
            assert_everyone_once(&players, &round);
        }
    }

    #[test]
    fn fewer_players_than_a_table() {
        let players = names(3);
        for remainder in [Remainder::Smaller, Remainder::Bye] {
            let round = draw(&players, &[], &settings(1, 4, remainder)).unwrap();
            assert_eq!(sizes(&round), vec![3]);
            assert!(round.byes.is_empty());
        }
        let alone = draw(&names(1), &[], &settings(1, 4, Remainder::Bye));
        let expected = DrawError::TableTooSmall {
            players: 1,
            table_size: 4,
            min_table: 2,
        };
        assert_eq!(alone, Err(expected));
    }

    #[test]
    fn byes_go_to_players_who_played_most() {
        let players = names(30);
        // Round one: everyone but p028 and p029. Then p000..p003 play one more table.
        let mut past: Vec<Vec<String>> = players[..28].chunks(4).map(<[String]>::to_vec).collect();
        past.push(players[..4].to_vec());
        let mut chosen = BTreeSet::new();
        for seed in 0..20 {
            let round = draw(&players, &past, &settings(seed, 4, Remainder::Bye)).unwrap();
            assert_eq!(round.byes.len(), 2);
            assert!(
                round.byes.iter().all(|name| players[..4].contains(name)),
                "{:?}",
                round.byes
            );
            assert_everyone_once(&players, &round);
            chosen.insert(round.byes);
        }
        assert!(chosen.len() > 1, "ties must be broken by lot");
        // Without the extra table, the byes come from the 28 who played.
        past.pop();
        for seed in 0..20 {
            let round = random_draw(&players, &past, &settings(seed, 4, Remainder::Bye)).unwrap();
            assert!(
                round.byes.iter().all(|name| players[..28].contains(name)),
                "{:?}",
                round.byes
            );
        }
    }

    #[test]
    fn byes_even_out_over_rounds() {
        let players = names(18);
        let (draws, _) = tournament(&players, 9, &settings(5, 4, Remainder::Bye), draw);
        let mut byes: BTreeMap<&String, u32> = BTreeMap::new();
        for round in &draws {
            assert_eq!(round.byes.len(), 2);
            for name in &round.byes {
                *byes.entry(name).or_insert(0) += 1;
            }
        }
        // 9 rounds of 2 byes among 18 players: everyone sits out exactly once.
        assert_eq!(byes.len(), 18);
        assert!(byes.values().all(|&count| count == 1));
    }

    #[test]
    fn everyone_appears_once() {
        for n in [1, 2, 3, 5, 6, 7, 13, 29, 30, 31, 32, 57] {
            let players = names(n);
            for remainder in [Remainder::Smaller, Remainder::Bye] {
                for table_size in [2, 3, 4, 6] {
                    let settings = Settings {
                        min_table: 1,
                        ..settings(n as u64, table_size, remainder)
                    };
                    let (draws, _) = tournament(&players, 3, &settings, draw);
                    for round in &draws {
                        assert_everyone_once(&players, round);
                    }
                }
            }
        }
    }

    #[test]
    fn search_beats_random_draw() {
        let players = names(32);
        for seed in 1..=5 {
            let base = settings(seed, 4, Remainder::Smaller);
            let (searched, _) = tournament(&players, 5, &base, draw);
            let (random, _) = tournament(&players, 5, &base, random_draw);
            let searched: u32 = searched.iter().map(|d| d.repeats).sum();
            let random: u32 = random.iter().map(|d| d.repeats).sum();
            eprintln!(
                "seed {seed}: 5 rounds of 32 at tables of 4: repeats searched {searched}, random {random}"
            );
            assert!(
                searched < random,
                "seed {seed}: searched {searched}, random {random}"
            );
        }
    }

    #[test]
    fn search_never_worse_than_its_start() {
        let players = names(24);
        let (_, past) = tournament(
            &players,
            6,
            &settings(2, 4, Remainder::Smaller),
            random_draw,
        );
        for seed in 0..20 {
            let settings = Settings {
                effort: 300,
                ..settings(seed, 4, Remainder::Smaller)
            };
            let searched = draw(&players, &past, &settings).unwrap();
            let random = random_draw(&players, &past, &settings).unwrap();
            assert!(cost(&searched.tables, &past) <= cost(&random.tables, &past));
            let no_effort = Settings {
                effort: 0,
                ..settings
            };
            assert_eq!(draw(&players, &past, &no_effort).unwrap(), random);
        }
    }

    /// Past tables of two for each pair and how often it met.
    fn pair_tables(meetings: &[(&str, &str, usize)]) -> Vec<Vec<String>> {
        let mut past = Vec::new();
        for &(a, b, times) in meetings {
            for _ in 0..times {
                past.push(strings(&[a, b]));
            }
        }
        past
    }

    /// The tables as sorted sets of names, for comparing splits.
    fn split_of(round: &Draw) -> BTreeSet<BTreeSet<String>> {
        round
            .tables
            .iter()
            .map(|t| t.players.iter().cloned().collect())
            .collect()
    }

    #[test]
    fn squared_cost_avoids_second_meetings_first() {
        // Six players at tables of two. The least repeats (2) all need a pair
        // meeting for the third time; the only split with cost 3 has three
        // pairs meeting for the second time.
        let players = strings(&["a", "b", "c", "d", "e", "f"]);
        let past = pair_tables(&[
            ("a", "c", 2),
            ("a", "d", 1),
            ("a", "e", 2),
            ("b", "c", 1),
            ("b", "f", 1),
            ("c", "d", 2),
            ("c", "e", 2),
            ("c", "f", 2),
            ("d", "e", 2),
            ("e", "f", 1),
        ]);
        let fewest = [["a", "b"], ["c", "e"], ["d", "f"]];
        let fewest: Vec<Table> = fewest
            .iter()
            .map(|t| Table {
                players: strings(t),
            })
            .collect();
        assert_eq!(repeats(&fewest, &past), 2);
        let expected: BTreeSet<BTreeSet<String>> = [["a", "d"], ["b", "c"], ["e", "f"]]
            .iter()
            .map(|t| strings(t).into_iter().collect())
            .collect();
        for seed in 0..10 {
            let round = draw(&players, &past, &settings(seed, 2, Remainder::Smaller)).unwrap();
            assert_eq!(split_of(&round), expected, "seed {seed}");
            assert_eq!(round.repeats, 3);
        }
    }

    #[test]
    fn search_finds_the_best_split_of_eight() {
        let players = names(8);
        for seed in 0..10 {
            // A crowded past: four random rounds at tables of three and two.
            let (_, past) = tournament(
                &players,
                4,
                &settings(seed, 3, Remainder::Smaller),
                random_draw,
            );
            let mut best = u64::MAX;
            for mates in 1..8usize {
                for second in mates + 1..8 {
                    for third in second + 1..8 {
                        let chosen = [0, mates, second, third];
                        let first: Vec<String> =
                            chosen.iter().map(|&i| players[i].clone()).collect();
                        let rest: Vec<String> = players
                            .iter()
                            .filter(|name| !first.contains(name))
                            .cloned()
                            .collect();
                        let tables = [Table { players: first }, Table { players: rest }];
                        best = best.min(cost(&tables, &past));
                    }
                }
            }
            let round = draw(&players, &past, &settings(seed, 4, Remainder::Smaller)).unwrap();
            assert_eq!(cost(&round.tables, &past), best, "seed {seed}");
        }
    }

    #[test]
    fn repeats_are_counted_per_meeting() {
        let past = vec![
            strings(&["a", "b", "c"]),
            strings(&["b", "a"]),
            strings(&["c", "x"]),
        ];
        let tables = vec![
            Table {
                players: strings(&["a", "b"]),
            },
            Table {
                players: strings(&["c", "d", "x"]),
            },
        ];
        assert_eq!(repeats(&tables, &past), 3);
        assert_eq!(repeats(&tables, &[]), 0);
        let players = names(20);
        let (draws, past) = tournament(
            &players,
            4,
            &settings(8, 4, Remainder::Smaller),
            random_draw,
        );
        let round = draw(&players, &past, &settings(77, 4, Remainder::Smaller)).unwrap();
        assert_eq!(round.repeats, repeats(&round.tables, &past));
        assert_eq!(draws[3].repeats, repeats(&draws[3].tables, &past[..15]));
    }

    #[test]
    fn past_players_who_left_are_ignored() {
        let players = strings(&["a", "b", "c", "d"]);
        let past = vec![strings(&["ghost", "a", "b"]), strings(&["ghost", "c"])];
        let round = draw(&players, &past, &settings(1, 2, Remainder::Smaller)).unwrap();
        assert_eq!(round.repeats, 0);
        assert_everyone_once(&players, &round);
    }

    #[test]
    fn starts_are_counted() {
        let past = vec![
            strings(&["a", "b"]),
            strings(&["b", "a", "c"]),
            strings(&["a"]),
        ];
        let expected: BTreeMap<String, u32> = [("a", 2), ("b", 1), ("c", 0)]
            .iter()
            .map(|(n, c)| (n.to_string(), *c))
            .collect();
        assert_eq!(starts(&past), expected);
        assert!(starts(&[]).is_empty());
    }

    /// Checks that at each table the first seat has the fewest past starts.
    fn assert_fewest_starts_first(round: &Draw, past: &[Vec<String>]) {
        let counted = starts(past);
        let starts_of = |name: &String| counted.get(name).copied().unwrap_or(0);
        for table in &round.tables {
            let first = starts_of(&table.players[0]);
            assert!(
                table.players.iter().all(|name| starts_of(name) >= first),
                "{table:?}"
            );
        }
    }

    #[test]
    fn start_balance() {
        // With the rule "fewest starts first", a player can start again only if
        // all tablemates started at least as often. Over 4 rounds of 16 at 4
        // tables: after round 1 four players have 1 start; at most one table of
        // them makes a player with 2 after round 2; after round 3 at most 3
        // players have 2 (too few for a table), so nobody reaches 3: max <= 2.
        let players = names(16);
        let mut spreads: BTreeMap<(&str, u32), u32> = BTreeMap::new();
        for (label, how) in [("draw", draw as DrawFn), ("random", random_draw as DrawFn)] {
            for seed in 1..=30 {
                let base = settings(seed, 4, Remainder::Smaller);
                let (draws, past) = tournament(&players, 4, &base, how);
                for (round, next) in draws.iter().enumerate() {
                    assert_fewest_starts_first(next, &past[..4 * round]);
                }
                let counted = starts(&past);
                assert_eq!(counted.len(), 16);
                assert_eq!(counted.values().sum::<u32>(), 16);
                let max = counted.values().copied().max().unwrap_or(0);
                let min = counted.values().copied().min().unwrap_or(0);
                assert!(max <= 2, "{label}, seed {seed}: {counted:?}");
                *spreads.entry((label, max - min)).or_insert(0) += 1;
            }
        }
        eprintln!("max - min starts after 4 rounds of 16 (how, spread) -> seeds: {spreads:?}");
    }

    #[test]
    fn starters_take_turns() {
        // At one table of 4 for 4 rounds, everyone starts exactly once.
        let players = names(4);
        let (_, past) = tournament(&players, 4, &settings(3, 4, Remainder::Smaller), draw);
        assert!(starts(&past).values().all(|&count| count == 1));
    }

    #[test]
    fn errors() {
        let defaults = Settings::default();
        assert_eq!(draw(&[], &[], &defaults), Err(DrawError::NoPlayers));
        let twice = strings(&["a", "b", "c", "b"]);
        assert_eq!(
            draw(&twice, &[], &defaults),
            Err(DrawError::Duplicate("b".to_string()))
        );
        let cased = strings(&["Ann", "ann", "ANN", "Bob"]);
        assert!(draw(&cased, &[], &defaults).is_ok());
        let strict = Settings {
            min_table: 4,
            ..Settings::default()
        };
        let expected = DrawError::TableTooSmall {
            players: 3,
            table_size: 4,
            min_table: 4,
        };
        assert_eq!(draw(&names(3), &[], &strict), Err(expected.clone()));
        assert_eq!(random_draw(&names(3), &[], &strict), Err(expected));
        let zero = Settings {
            table_size: 0,
            ..Settings::default()
        };
        assert_eq!(draw(&names(3), &[], &zero), Err(DrawError::ZeroTableSize));
        // 5 at tables of 4 with smaller tables needs a table of 2.
        let five = draw(
            &names(5),
            &[],
            &Settings {
                min_table: 3,
                ..Settings::default()
            },
        );
        assert!(matches!(
            five,
            Err(DrawError::TableTooSmall { players: 5, .. })
        ));
    }

    #[test]
    fn error_messages() {
        let errors = [
            DrawError::NoPlayers,
            DrawError::Duplicate("Ann".to_string()),
            DrawError::TableTooSmall {
                players: 3,
                table_size: 4,
                min_table: 4,
            },
            DrawError::ZeroTableSize,
        ];
        for error in errors {
            let text = error.to_string();
            eprintln!("{text}");
            assert!(
                text.starts_with(|c: char| c.is_lowercase() || c.is_ascii_digit()),
                "{text}"
            );
            assert!(!text.ends_with('.'), "{text}");
        }
        let text = DrawError::Duplicate("Ann".to_string()).to_string();
        assert!(text.contains("\"Ann\""), "{text}");
    }
}
