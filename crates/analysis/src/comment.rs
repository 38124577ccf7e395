//! The analysis written into a record: machine-readable comments in the PGN
//! tradition, `{[%win 0.43] [%best r9-r13 0.51] [%luck -0.08]}`, and the
//! marks `?!`, `?`, `??` as NAGs (notation/SPEC.md, "Analysis comments").
//!
//! A comment whose text starts with `[%win ` is analysis's; on a turn that
//! has one, the NAGs `?!`, `?` and `??` are analysis's too. [`annotate`]
//! removes both before writing fresh ones, so annotating twice gives what
//! annotating once gave; [`strip`] removes them and nothing else.
//!
//! ```
//! use billes_analysis::comment;
//! let mut game = billes_notation::parse_game("[Game \"offboard\"]\n\n1. R a3>nw ?? {[%win 0.20]} {mine}\n*\n").unwrap();
//! comment::strip(&mut game.line);
//! assert_eq!(billes_notation::write_game(&game), "[Game \"offboard\"]\n\n1. R a3>nw {mine}\n*\n");
//! ```

use billes_notation::{Comment, Line, Nag, Span};

use crate::{GameAnalysis, TurnAnalysis};

/// How an analysis comment starts.
pub const PREFIX: &str = "[%win ";

/// Whether a comment's text is an analysis comment.
///
/// ```
/// assert!(billes_analysis::comment::is_analysis("[%win 0.43]"));
/// assert!(!billes_analysis::comment::is_analysis("@ marble entered"));
/// ```
pub fn is_analysis(text: &str) -> bool {
    text.starts_with(PREFIX)
}

/// The comment text for a turn: its winning chance, the best move when
/// another was played, and the luck of the roll; `None` when nothing was
/// measured (a forced move in Offboard).
pub fn text(turn: &TurnAnalysis) -> Option<String> {
    let win = turn.win?;
    let mut s = format!("{PREFIX}{:.2}]", win.mean);
    if let Some((mv, best)) = &turn.best {
        s.push_str(&format!(" [%best {mv} {:.2}]", best.mean));
    }
    if let Some(luck) = turn.luck {
        s.push_str(&format!(" [%luck {:+.2}]", luck.mean));
    }
    Some(s)
}

/// An analysis comment read back: what [`text`] wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The winning chance of the mover's side after the move played.
    pub win: f64,
    /// The best move, in canonical notation, and its winning chance, when
    /// another move was played.
    pub best: Option<(String, f64)>,
    /// The luck of the roll, signed.
    pub luck: Option<f64>,
}

/// Reads an analysis comment (`[%win 0.43] [%best r12-c 0.51] [%luck -0.04]`);
/// `None` when the text is not one or its `[%win]` is not a number.
/// Commands it does not know are skipped, as PGN readers do.
///
/// ```
/// use billes_analysis::comment::read;
/// let r = read("[%win 0.43] [%best i3-e5# #a2 0.51] [%luck -0.04]").unwrap();
/// assert_eq!(r.win, 0.43);
/// assert_eq!(r.best, Some(("i3-e5# #a2".to_string(), 0.51)));
/// assert_eq!(r.luck, Some(-0.04));
/// assert_eq!(read("@ moved 4 holes"), None);
/// assert_eq!(read("[%win NaN]"), None);
/// assert_eq!(read("[%win 0.5] [%luck inf]").unwrap().luck, None);
/// ```
pub fn read(text: &str) -> Option<Reading> {
    if !is_analysis(text) {
        return None;
    }
    let mut win = None;
    let mut best = None;
    let mut luck = None;
    let mut rest = text;
    while let Some(open) = rest.find("[%") {
        let after = &rest[open + 2..];
        let Some(close) = after.find(']') else { break };
        let command = &after[..close];
        rest = &after[close + 1..];
        let (name, value) = command.split_once(' ').unwrap_or((command, ""));
        let value = value.trim();
        // a number, and a finite one (`NaN` and `inf` parse as floats)
        let number = |v: &str| v.parse::<f64>().ok().filter(|n| n.is_finite());
        match name {
            "win" => win = number(value),
            "luck" => luck = number(value.trim_start_matches('+')),
            "best" => {
                // the number is the last word: a move may hold spaces
                if let Some((mv, w)) = value.rsplit_once(' ') {
                    if let Some(w) = number(w) {
                        best = Some((mv.trim().to_string(), w));
                    }
                }
            }
            _ => {}
        }
    }
    Some(Reading {
        win: win?,
        best,
        luck,
    })
}

/// Whether a game was already analysed: a turn of its main line carries an
/// analysis comment (`annotate --analyze` then leaves it as it is, unless
/// told to analyse it again).
///
/// ```
/// use billes_analysis::comment::is_analysed;
/// let done = billes_notation::parse_game("[Game \"offboard\"]\n\n1. R a3>nw {[%win 0.20]}\n*\n").unwrap();
/// let fresh = billes_notation::parse_game("[Game \"offboard\"]\n\n1. R a3>nw {mine}\n*\n").unwrap();
/// assert!(is_analysed(&done.line));
/// assert!(!is_analysed(&fresh.line));
/// ```
pub fn is_analysed(line: &Line) -> bool {
    line.turns
        .iter()
        .any(|t| t.after().iter().any(|c| is_analysis(&c.text)))
}

/// Whether a NAG is a mark analysis writes.
fn is_mark(nag: &Nag) -> bool {
    matches!(nag.code, 2 | 4 | 6)
}

/// Removes the analysis comments, and the marks of the turns that had one,
/// from a line and its variations.
pub fn strip(line: &mut Line) {
    for turn in &mut line.turns {
        if turn.after().iter().any(|c| is_analysis(&c.text)) {
            turn.after_mut().retain(|c| !is_analysis(&c.text));
            turn.nags_mut().retain(|n| !is_mark(n));
        }
        if !turn.variations().is_empty() {
            for v in turn.variations_mut() {
                strip(v);
            }
        }
    }
}

/// Writes an analysis into the main line: first strips the old one, then
/// gives each analysed turn its comment (after annotate's `@ ` comments,
/// before the writer's own) and its mark.
pub fn annotate(line: &mut Line, analysis: &GameAnalysis) {
    strip(line);
    for (turn, t) in line.turns.iter_mut().zip(&analysis.turns) {
        if let Some(mark) = t.mark {
            turn.nags_mut().push(Nag {
                code: mark.nag(),
                span: Span::default(),
            });
        }
        if let Some(text) = text(t) {
            let at = turn
                .after()
                .iter()
                .take_while(|c| c.text.starts_with("@ "))
                .count();
            turn.after_mut().insert(
                at,
                Comment {
                    text: text.into(),
                    span: Span::default(),
                },
            );
        }
    }
}
