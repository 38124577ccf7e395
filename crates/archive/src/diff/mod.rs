//! A semantic diff of two game logs (what `billes diff` prints).
//!
//! Records are compared as the notation reads them, not as text: layout,
//! line breaks, tag order and whether turn numbers are written make no
//! difference. For each pair of games the report gives the tags that differ,
//! the result tokens if they differ, the first turn where the games diverge
//! with the position after it in each copy, the turns side by side (a diff
//! with three turns of context, computed by `similar`), and the turns whose
//! moves agree but whose comments, NAGs or variations differ ("annotation
//! differences").
//!
//! Matching the games of two files: first by their identifying tags (`Game`,
//! `Event`, `Site`, `Date`, `Round`, `Seats` and the players' names — the
//! tags named after a colour), the k-th game of A with a given key pairing
//! with the k-th game of B with the same key; the games left over then pair
//! up in the order they come in their files; any still left are reported as
//! only in A or only in B.
//!
//! The module holds the report's types and the pairing of the games; the
//! comparison of one pair is `compare`'s, the report as text, JSON or
//! YAML `write`'s.
//!
//! ```
//! use billes_archive::diff::{self, Options, Status};
//!
//! let parse = |text: &str| billes_notation::parse_game(text).unwrap();
//! let a = [parse("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R1 r9-r10 *\n")];
//! let b = [parse("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R2 r9-r11 *\n")];
//! let report = diff::compare_files(("a.bgn", &a), ("b.bgn", &b), &Options::default());
//! assert!(!report.same);
//! assert_eq!(report.games[0].status, Status::Different);
//! assert_eq!(report.games[0].divergence.as_ref().unwrap().turn, 2);
//! let mut text = Vec::new();
//! report.write_text(&mut text).unwrap();
//! assert!(String::from_utf8(text).unwrap().contains("first difference at turn 2:"));
//! ```

use std::collections::HashMap;

use billes_notation::Game;
use serde::Serialize;

use crate::rules::RulePolicy;

mod compare;
mod write;

use compare::{alone, compare};

/// What to compare, and under which rules the copies are replayed.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Ignore annotation differences (comments, NAGs, variations).
    pub moves_only: bool,
    /// The rules the copies are replayed under (for the positions shown).
    pub rules: RulePolicy,
}

/// Tags that identify a game when matching the games of two files.
const KEY_TAGS: [&str; 6] = ["Game", "Event", "Site", "Date", "Round", "Seats"];
/// Player-name tags: one per colour of the three games.
const NAME_TAGS: [&str; 6] = ["Red", "Blue", "Purple", "Green", "Yellow", "White"];

/// The whole report.
#[derive(Debug, Serialize)]
pub struct Report {
    /// The first file.
    pub a: String,
    /// The second file.
    pub b: String,
    /// True when every game is the same in both.
    pub same: bool,
    /// One entry per game, in A's order, then games only in B.
    pub games: Vec<GameDiff>,
}

impl Report {
    /// Whether the wall-clock guard stopped a house rule's script while a
    /// copy was replayed (a stop of kind `time_guard`): the comparison of
    /// that game is no verdict, and `billes diff` exits 2.
    pub fn stopped(&self) -> bool {
        let guard = |stop: &Option<Stop>| {
            stop.as_ref()
                .is_some_and(|s| s.kind == billes_core::ErrorKind::TimeGuard.name())
        };
        self.games
            .iter()
            .any(|g| guard(&g.replay.a) || guard(&g.replay.b))
    }
}

/// How a pair of games compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Nothing differs.
    Same,
    /// Only comments, NAGs or variations differ.
    Annotations,
    /// Tags, turns or the result differ.
    Different,
    /// The game is only in A.
    OnlyInA,
    /// The game is only in B.
    OnlyInB,
}

/// How two games were paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchedBy {
    /// Their identifying tags are equal.
    Tags,
    /// They were left over and came in the same order.
    Order,
}

/// One game of A against its match in B.
#[derive(Debug, Serialize)]
pub struct GameDiff {
    /// 1-based number of the game in A.
    pub a_game: Option<usize>,
    /// 1-based number of the game in B.
    pub b_game: Option<usize>,
    /// How the games were paired (`None` for a game without a match).
    pub matched_by: Option<MatchedBy>,
    /// The verdict.
    pub status: Status,
    /// Tags whose values differ (`None`: the tag is missing on that side).
    pub tags: Vec<TagDiff>,
    /// The result tokens, when they differ.
    pub result: Option<Pair>,
    /// The first turn where the games diverge.
    pub divergence: Option<Divergence>,
    /// The rows of the side-by-side diff that differ.
    pub changes: Vec<Change>,
    /// Turns whose moves agree but whose annotations differ.
    pub annotations: Vec<AnnotationDiff>,
    /// Where each copy stops being replayable, if it does.
    pub replay: ReplayPair,
    /// The side-by-side diff as text (hunks with context); not serialized.
    #[serde(skip)]
    pub hunks: Vec<String>,
}

/// A tag that differs.
#[derive(Debug, Serialize)]
pub struct TagDiff {
    /// Its name.
    pub name: String,
    /// Its value in A.
    pub a: Option<String>,
    /// Its value in B.
    pub b: Option<String>,
}

/// A value in A and in B.
#[derive(Debug, Serialize)]
pub struct Pair {
    /// In A.
    pub a: String,
    /// In B.
    pub b: String,
}

/// The first turn where the games diverge.
#[derive(Debug, Serialize)]
pub struct Divergence {
    /// 1-based place of the turn in the main line.
    pub turn: u32,
    /// The turn in A (`None`: A has no such turn).
    pub a: Option<String>,
    /// The turn in B.
    pub b: Option<String>,
    /// The position in A after that turn (or, if A has no such turn, after
    /// its last one; if A cannot play it, before it); `None` when A cannot be
    /// replayed that far.
    pub a_board: Option<String>,
    /// The place of the turn `a_board` follows (0: the start position).
    pub a_board_turn: Option<u32>,
    /// The same in B.
    pub b_board: Option<String>,
    /// The place of the turn `b_board` follows.
    pub b_board_turn: Option<u32>,
}

/// One row of the side-by-side diff.
#[derive(Debug, Serialize)]
pub struct Change {
    /// `changed`, `only_in_a` or `only_in_b`.
    pub kind: ChangeKind,
    /// 1-based place of the turn in A's main line.
    pub a_turn: Option<u32>,
    /// 1-based place of the turn in B's main line.
    pub b_turn: Option<u32>,
    /// The turn in A, without its annotations.
    pub a: Option<String>,
    /// The turn in B.
    pub b: Option<String>,
}

/// What a row of the diff is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChangeKind {
    /// The turn differs.
    Changed,
    /// The turn is only in A.
    OnlyInA,
    /// The turn is only in B.
    OnlyInB,
}

/// A turn whose move agrees and whose annotations differ.
#[derive(Debug, Serialize)]
pub struct AnnotationDiff {
    /// 1-based place of the turn in A's main line.
    pub a_turn: u32,
    /// 1-based place of the turn in B's main line.
    pub b_turn: u32,
    /// The turn, without annotations.
    pub turn: String,
    /// Its comments, NAGs and variations in A.
    pub a: String,
    /// In B.
    pub b: String,
}

/// Where each copy stops being replayable.
#[derive(Debug, Default, Serialize)]
pub struct ReplayPair {
    /// In A.
    pub a: Option<Stop>,
    /// In B.
    pub b: Option<Stop>,
}

/// Where and why a record stops being replayable.
#[derive(Debug, Serialize)]
pub struct Stop {
    /// The turn number of the turn that fails (`None`: before the first turn).
    pub turn: Option<u32>,
    /// The error kind (as `billes validate` names it).
    pub kind: String,
    /// What is wrong.
    pub message: String,
}

/// Compares every game of two files, each given by its name (`<stdin>` or
/// a path: the folder a script named in a `Rules` tag is read from) and its
/// games.
pub fn compare_files(
    (a_name, a): (&str, &[Game]),
    (b_name, b): (&str, &[Game]),
    options: &Options,
) -> Report {
    let a_keys: Vec<Key> = a.iter().map(key).collect();
    let b_keys: Vec<Key> = b.iter().map(key).collect();
    let pair = |i: usize, j: usize| Ok::<_, std::convert::Infallible>((a[i].clone(), b[j].clone()));
    match compare_files_by((a_name, &a_keys), (b_name, &b_keys), options, pair) {
        Ok(report) => report,
        Err(never) => match never {},
    }
}

/// The identifying tags of a game (see [`key`]), by which the games of two
/// files pair.
pub type Key = Vec<Option<String>>;

/// As [`compare_files`], from the keys of the games of each file (see
/// [`key`]), each pair of games asked of `pair` (0-based: the game of A,
/// the game of B) when its turn comes: only that pair is held. The pairs
/// come in A's order.
///
/// # Errors
/// The first error of `pair`.
pub fn compare_files_by<E>(
    (a_name, a): (&str, &[Key]),
    (b_name, b): (&str, &[Key]),
    options: &Options,
    mut pair: impl FnMut(usize, usize) -> Result<(Game, Game), E>,
) -> Result<Report, E> {
    let mut games = Vec::new();
    let resolver = options.rules.resolver();
    for (i, j, by) in match_games(a, b) {
        games.push(match (i, j) {
            (Some(i), Some(j)) => {
                let (a_game, b_game) = pair(i, j)?;
                compare(
                    (a_name, i, &a_game),
                    (b_name, j, &b_game),
                    by,
                    (options, &resolver),
                )
            }
            (Some(i), None) => alone(Some(i), None, Status::OnlyInA),
            (None, Some(j)) => alone(None, Some(j), Status::OnlyInB),
            (None, None) => continue,
        });
    }
    let same = games.iter().all(|g| g.status == Status::Same);
    Ok(Report {
        a: a_name.to_string(),
        b: b_name.to_string(),
        same,
        games,
    })
}

/// The identifying tags of a game.
pub fn key(game: &Game) -> Key {
    KEY_TAGS
        .iter()
        .chain(&NAME_TAGS)
        .map(|t| game.tag(t).map(|v| v.trim().to_owned()))
        .collect()
}

/// Pairs the games of A and B (0-based) by their keys: by key, then by order.
fn match_games(a: &[Key], b: &[Key]) -> Vec<(Option<usize>, Option<usize>, Option<MatchedBy>)> {
    let mut b_by_key: HashMap<&Key, Vec<usize>> = HashMap::new();
    for (j, k) in b.iter().enumerate().rev() {
        b_by_key.entry(k).or_default().push(j);
    }
    let mut pair_of_a: Vec<Option<(usize, MatchedBy)>> = vec![None; a.len()];
    let mut b_taken = vec![false; b.len()];
    for (i, k) in a.iter().enumerate() {
        if let Some(j) = b_by_key.get_mut(k).and_then(Vec::pop) {
            pair_of_a[i] = Some((j, MatchedBy::Tags));
            b_taken[j] = true;
        }
    }
    let left: Vec<usize> = (0..b.len()).filter(|&j| !b_taken[j]).collect();
    let mut b_left = left.into_iter();
    for slot in pair_of_a.iter_mut().filter(|p| p.is_none()) {
        if let Some(j) = b_left.next() {
            *slot = Some((j, MatchedBy::Order));
            b_taken[j] = true;
        }
    }
    let mut out: Vec<_> = pair_of_a
        .iter()
        .enumerate()
        .map(|(i, p)| (Some(i), p.map(|(j, _)| j), p.map(|(_, by)| by)))
        .collect();
    out.extend(
        (0..b.len())
            .filter(|&j| !b_taken[j])
            .map(|j| (None, Some(j), None)),
    );
    out
}
