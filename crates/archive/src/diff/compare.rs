//! The comparison of one pair of games: tags, result, the turns side by
//! side, annotations, and the positions where the copies diverge.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use billes_notation::{write_game, Game, Line, Turn};
use similar::{capture_diff_slices, group_diff_ops, Algorithm, DiffTag};

use super::{
    AnnotationDiff, Change, ChangeKind, Divergence, GameDiff, MatchedBy, Options, Pair, ReplayPair,
    Status, Stop, TagDiff,
};
use crate::rules::{Place, Resolver};

/// Turns of context around each change.
const CONTEXT: usize = 3;

/// The diff of a game without a match (or, filled in by [`compare`], with
/// one): game `i` of A and game `j` of B, 0-based.
pub(super) fn alone(i: Option<usize>, j: Option<usize>, status: Status) -> GameDiff {
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
pub(super) fn compare(
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
    let (a_labels, b_labels) = (labels(a), labels(b));
    for op in &ops {
        let (tag, ra, rb) = op.as_tag_tuple();
        match tag {
            DiffTag::Equal if moves_only => {}
            DiffTag::Equal => {
                let found = annotation_diffs((a, ra), (b, rb), &a_labels);
                diff.annotations.extend(found);
            }
            _ => diff
                .changes
                .extend(change_rows(ra, rb, &a_labels, &b_labels)),
        }
    }
    if !moves_only {
        diff.annotations.extend(comments_before_diff(a, b));
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
        diff.divergence = Some(divergence(
            first,
            (&a_labels, a_board),
            (&b_labels, b_board),
        ));
    }
    diff.replay = ReplayPair {
        a: a_stop,
        b: b_stop,
    };
    diff.status = status_of(&diff, diverges);
    diff
}

/// Each turn of `game` as shown, with the turn number its copy has.
fn labels(game: &Game) -> Vec<String> {
    game.line
        .turns
        .iter()
        .map(|t| format!("{}. {}", t.number, move_text(t)))
        .collect()
}

/// The turns of A in `ra` and of B in `rb` (whose moves agree, pair by
/// pair) whose annotations differ; each shown as A's label of it.
fn annotation_diffs(
    (a, ra): (&Game, Range<usize>),
    (b, rb): (&Game, Range<usize>),
    a_labels: &[String],
) -> Vec<AnnotationDiff> {
    let mut found = Vec::new();
    for (x, y) in ra.zip(rb) {
        let (ta, tb) = (&a.line.turns[x], &b.line.turns[y]);
        let (na, nb) = (annotation_text(ta), annotation_text(tb));
        if na != nb {
            found.push(AnnotationDiff {
                a_turn: x as u32 + 1,
                b_turn: y as u32 + 1,
                turn: a_labels[x].clone(),
                a: na,
                b: nb,
            });
        }
    }
    found
}

/// The rows of a change: the turns of A in `ra` beside those of B in `rb`,
/// row by row, the longer side's last rows alone.
fn change_rows(
    ra: Range<usize>,
    rb: Range<usize>,
    a_labels: &[String],
    b_labels: &[String],
) -> Vec<Change> {
    let rows = ra.len().max(rb.len());
    let mut changes = Vec::with_capacity(rows);
    for r in 0..rows {
        let x = (r < ra.len()).then(|| ra.start + r);
        let y = (r < rb.len()).then(|| rb.start + r);
        let kind = match (x, y) {
            (Some(_), Some(_)) => ChangeKind::Changed,
            (Some(_), None) => ChangeKind::OnlyInA,
            _ => ChangeKind::OnlyInB,
        };
        changes.push(Change {
            kind,
            a_turn: x.map(|x| x as u32 + 1),
            b_turn: y.map(|y| y as u32 + 1),
            a: x.map(|x| a_labels[x].clone()),
            b: y.map(|y| b_labels[y].clone()),
        });
    }
    changes
}

/// The comments before the first turn, when they differ.
fn comments_before_diff(a: &Game, b: &Game) -> Option<AnnotationDiff> {
    if a.line.comments == b.line.comments {
        return None;
    }
    let text = |g: &Game| {
        g.line
            .comments
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    Some(AnnotationDiff {
        a_turn: 0,
        b_turn: 0,
        turn: "(before the first turn)".into(),
        a: text(a),
        b: text(b),
    })
}

/// Where the copies diverge: the turn at place `first` (0-based) in each,
/// and the position each shows there (see [`replay_to`]).
fn divergence(
    first: usize,
    (a_labels, a_board): (&[String], Option<(String, u32)>),
    (b_labels, b_board): (&[String], Option<(String, u32)>),
) -> Divergence {
    Divergence {
        turn: first as u32 + 1,
        a: a_labels.get(first).cloned(),
        b: b_labels.get(first).cloned(),
        a_board_turn: a_board.as_ref().map(|b| b.1),
        a_board: a_board.map(|b| b.0),
        b_board_turn: b_board.as_ref().map(|b| b.1),
        b_board: b_board.map(|b| b.0),
    }
}

/// The verdict: different when tags, the result or the turns differ, else
/// annotations when only they do.
fn status_of(diff: &GameDiff, diverges: bool) -> Status {
    if !diff.tags.is_empty() || diff.result.is_some() || diverges {
        Status::Different
    } else if !diff.annotations.is_empty() {
        Status::Annotations
    } else {
        Status::Same
    }
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
