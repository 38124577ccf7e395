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

use std::collections::{HashMap, HashSet};
use std::io::{self, Write};

use billes_notation::{write_game, Game, Line, Turn};
use serde::Serialize;
use similar::{capture_diff_slices, group_diff_ops, Algorithm, DiffTag};

use crate::rules::{Place, Resolver, RulePolicy};

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
/// Turns of context around each change.
const CONTEXT: usize = 3;

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

fn alone(i: Option<usize>, j: Option<usize>, status: Status) -> GameDiff {
    GameDiff {
        a_game: i.map(|i| i + 1),
        b_game: j.map(|j| j + 1),
        matched_by: None,
        status,
        tags: Vec::new(),
        result: None,
        divergence: None,
        changes: Vec::new(),
        annotations: Vec::new(),
        replay: ReplayPair::default(),
        hunks: Vec::new(),
    }
}

/// A turn as the diff sees it: seat, roll and actions, without its number
/// (a missing turn would otherwise shift every number after it) and
/// without annotations.
fn move_text(turn: &Turn) -> String {
    let mut s = turn.head.to_string();
    for a in &turn.actions {
        s.push(' ');
        s.push_str(&a.to_string());
    }
    s
}

/// A turn's comments, NAGs and variations, as written in canonical form.
fn annotation_text(turn: &Turn) -> String {
    let mut words: Vec<String> = turn.before().iter().map(|c| c.to_string()).collect();
    words.extend(turn.nags().iter().map(|n| n.to_string()));
    words.extend(turn.after().iter().map(|c| c.to_string()));
    for v in turn.variations() {
        words.push(format!("({})", line_text(v)));
    }
    words.join(" ")
}

/// A line of turns on one line of text.
fn line_text(line: &Line) -> String {
    let game = Game {
        tags: Vec::new(),
        line: line.clone(),
        outcome: Default::default(),
        span: Default::default(),
    };
    let text = write_game(&game);
    let text = text.trim_end().strip_suffix('*').unwrap_or(&text);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Compares game `i` of file `a_name` with game `j` of file `b_name`.
fn compare(
    (a_name, i, a): (&str, usize, &Game),
    (b_name, j, b): (&str, usize, &Game),
    by: Option<MatchedBy>,
    (options, resolver): (&Options, &Resolver),
) -> GameDiff {
    let moves_only = options.moves_only;
    let mut diff = alone(Some(i), Some(j), Status::Same);
    diff.matched_by = by;
    diff.tags = tag_diffs(a, b);
    if a.outcome != b.outcome {
        diff.result = Some(Pair {
            a: a.outcome.token(),
            b: b.outcome.token(),
        });
    }
    let a_moves: Vec<String> = a.line.turns.iter().map(move_text).collect();
    let b_moves: Vec<String> = b.line.turns.iter().map(move_text).collect();
    let ops = capture_diff_slices(Algorithm::Myers, &a_moves, &b_moves);
    // Shown with the turn numbers as the copies have them.
    let label = |g: &Game| -> Vec<String> {
        g.line
            .turns
            .iter()
            .map(|t| format!("{}. {}", t.number, move_text(t)))
            .collect()
    };
    let (a_labels, b_labels) = (label(a), label(b));
    let a_text = |k: usize| a_labels[k].clone();
    let b_text = |k: usize| b_labels[k].clone();
    for op in &ops {
        let (tag, ra, rb) = op.as_tag_tuple();
        match tag {
            DiffTag::Equal => {
                if moves_only {
                    continue;
                }
                for (x, y) in ra.zip(rb) {
                    let (ta, tb) = (&a.line.turns[x], &b.line.turns[y]);
                    let (na, nb) = (annotation_text(ta), annotation_text(tb));
                    if na != nb {
                        diff.annotations.push(AnnotationDiff {
                            a_turn: x as u32 + 1,
                            b_turn: y as u32 + 1,
                            turn: a_text(x),
                            a: na,
                            b: nb,
                        });
                    }
                }
            }
            _ => {
                let rows = ra.len().max(rb.len());
                for r in 0..rows {
                    let x = (r < ra.len()).then(|| ra.start + r);
                    let y = (r < rb.len()).then(|| rb.start + r);
                    let kind = match (x, y) {
                        (Some(_), Some(_)) => ChangeKind::Changed,
                        (Some(_), None) => ChangeKind::OnlyInA,
                        _ => ChangeKind::OnlyInB,
                    };
                    diff.changes.push(Change {
                        kind,
                        a_turn: x.map(|x| x as u32 + 1),
                        b_turn: y.map(|y| y as u32 + 1),
                        a: x.map(a_text),
                        b: y.map(b_text),
                    });
                }
            }
        }
    }
    if !moves_only && a.line.comments != b.line.comments {
        let text = |g: &Game| {
            g.line
                .comments
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        diff.annotations.push(AnnotationDiff {
            a_turn: 0,
            b_turn: 0,
            turn: "(before the first turn)".into(),
            a: text(a),
            b: text(b),
        });
    }
    diff.hunks = hunks(&ops, &a_labels, &b_labels);
    let first = a_moves
        .iter()
        .zip(&b_moves)
        .take_while(|(x, y)| x == y)
        .count();
    let diverges = first < a_moves.len().max(b_moves.len());
    let (a_board, a_stop) = replay_to(resolver, a_name, a, first);
    let (b_board, b_stop) = replay_to(resolver, b_name, b, first);
    if diverges {
        diff.divergence = Some(Divergence {
            turn: first as u32 + 1,
            a: (first < a_moves.len()).then(|| a_text(first)),
            b: (first < b_moves.len()).then(|| b_text(first)),
            a_board_turn: a_board.as_ref().map(|b| b.1),
            a_board: a_board.map(|b| b.0),
            b_board_turn: b_board.as_ref().map(|b| b.1),
            b_board: b_board.map(|b| b.0),
        });
    }
    diff.replay = ReplayPair {
        a: a_stop,
        b: b_stop,
    };
    diff.status = if !diff.tags.is_empty() || diff.result.is_some() || diverges {
        Status::Different
    } else if !diff.annotations.is_empty() {
        Status::Annotations
    } else {
        Status::Same
    };
    diff
}

/// Tags that differ, in A's order then B's. A tag written twice counts
/// by its first value, as [`Game::tag`] reads it. Linear in the number of
/// tags: each side's tags are looked up by name in a table.
fn tag_diffs(a: &Game, b: &Game) -> Vec<TagDiff> {
    fn first_values(game: &Game) -> HashMap<&str, &str> {
        let mut values = HashMap::with_capacity(game.tags.len());
        for t in &game.tags {
            values.entry(t.name.as_str()).or_insert(t.value.as_str());
        }
        values
    }
    let (values_a, values_b) = (first_values(a), first_values(b));
    let mut seen: HashSet<&str> = HashSet::with_capacity(values_a.len() + values_b.len());
    a.tags
        .iter()
        .chain(&b.tags)
        .map(|t| t.name.as_str())
        .filter(|name| seen.insert(name))
        .filter_map(|name| {
            let (x, y) = (values_a.get(name).copied(), values_b.get(name).copied());
            (x != y).then(|| TagDiff {
                name: name.to_string(),
                a: x.map(str::to_string),
                b: y.map(str::to_string),
            })
        })
        .collect()
}

/// The position after turn `k + 1` (0-based `k`), or after the last turn if
/// the game is shorter, falling back to the position one turn earlier when
/// that turn cannot be played; with the place of the turn it follows (0: the
/// start), and where the game stops being replayable. The game is played
/// under its rules (a `Rules` tag is read from the folder of its file `name`).
fn replay_to(
    resolver: &Resolver,
    name: &str,
    game: &Game,
    k: usize,
) -> (Option<(String, u32)>, Option<Stop>) {
    let want = (k + 1).min(game.line.turns.len()) as u32;
    let mut after = None;
    let rules = resolver.rule_set(&Place::file(name), game);
    let mut before = match &rules {
        Ok(r) if want <= 1 => r.engine().start_board(game).ok().map(|b| (b, 0)),
        _ => None,
    };
    let result = rules.and_then(|r| {
        r.engine().replay(game, &mut |step| {
            if step.index == want {
                after = Some((step.board.text_board(), want));
            } else if step.index + 1 == want {
                before = Some((step.board.text_board(), step.index));
            }
            // The whole record is replayed: where it stops being
            // replayable is part of the diff.
            std::ops::ControlFlow::Continue(())
        })
    });
    let stop = result.err().map(|e| Stop {
        turn: e.turn,
        kind: e.kind.name().to_string(),
        message: e.message,
    });
    (after.or(before), stop)
}

/// The side-by-side diff of the turns (`a` and `b`: each turn as shown), in
/// hunks with [`CONTEXT`] turns of context.
fn hunks(ops: &[similar::DiffOp], a: &[String], b: &[String]) -> Vec<String> {
    const WIDTH: usize = 34;
    let cell = |s: &str| format!("{s:<WIDTH$}");
    let mut out = Vec::new();
    for group in group_diff_ops(ops.to_vec(), CONTEXT) {
        let (Some(first), Some(last)) = (group.first(), group.last()) else {
            continue;
        };
        let (_, a0, b0) = first.as_tag_tuple();
        let (_, a1, b1) = last.as_tag_tuple();
        let span = |start: usize, end: usize| match end.saturating_sub(start) {
            0 => format!("none after {start}"),
            1 => format!("{}", start + 1),
            _ => format!("{}–{end}", start + 1),
        };
        let mut text = format!(
            "@@ A turns {}, B turns {} @@\n",
            span(a0.start, a1.end),
            span(b0.start, b1.end)
        );
        for op in &group {
            let (tag, ra, rb) = op.as_tag_tuple();
            let rows = ra.len().max(rb.len());
            for r in 0..rows {
                let x = (r < ra.len()).then(|| ra.start + r);
                let y = (r < rb.len()).then(|| rb.start + r);
                let left = x.map_or("", |x| a[x].as_str());
                let right = y.map_or("", |y| b[y].as_str());
                let mark = match (tag, x, y) {
                    (DiffTag::Equal, _, _) => ' ',
                    (_, Some(_), Some(_)) => '~',
                    (_, Some(_), None) => '-',
                    _ => '+',
                };
                text.push_str(format!("{mark} {} | {right}", cell(left)).trim_end());
                text.push('\n');
            }
        }
        out.push(text);
    }
    out
}

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

fn write_game_diff(g: &GameDiff, out: &mut dyn Write) -> io::Result<()> {
    let which = match (g.a_game, g.b_game) {
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
    };
    let verdict = match g.status {
        Status::Same => "the same",
        Status::Annotations => "the same moves, different annotations",
        Status::Different => "different",
        Status::OnlyInA => "only in A",
        Status::OnlyInB => "only in B",
    };
    writeln!(out, "{which}: {verdict}")?;
    if !g.tags.is_empty() {
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
    }
    if let Some(r) = &g.result {
        writeln!(out, "  result: {} in A, {} in B", r.a, r.b)?;
    }
    if let Some(d) = &g.divergence {
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
    }
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
    if !g.hunks.is_empty() {
        writeln!(out, "  turns (- only in A, + only in B, ~ changed):")?;
        for h in &g.hunks {
            for line in h.lines() {
                writeln!(out, "    {line}")?;
            }
        }
    }
    if !g.annotations.is_empty() {
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
    }
    Ok(())
}
