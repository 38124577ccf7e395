//! Annotate's comments: a comment on each turn telling what it did, in the
//! game's words (`{@ marble entered; rolls again}`), and their removal.
//!
//! Annotate's comments are the comments after a turn whose text starts with
//! `@ ` (notation/SPEC.md, "Annotations"). Annotating first removes them and
//! then writes fresh ones, so annotating twice gives what annotating once
//! gave; [`strip`] removes them and nothing else.
//!
//! ```
//! use billes_archive::annotate;
//! use billes_archive::rules::{Place, RulePolicy};
//!
//! let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + {entered}\n*\n";
//! let mut game = billes_notation::parse_game(record).unwrap();
//! let rules = RulePolicy::default().resolver().rule_set(&Place::file("club.bgn"), &game).unwrap();
//! annotate::annotate_game(&rules, &mut game).unwrap();
//! let text = billes_notation::write_game(&game);
//! assert!(text.contains("1. R6 + {@ marble entered; rolls again} {entered}"));
//! annotate::strip(&mut game.line);
//! assert!(!billes_notation::write_game(&game).contains("{@"));
//! ```

use billes_core::{Described, ReplayError};
use billes_notation::{Comment, Game, Line, Span};

use crate::RuleSet;

/// How an annotation comment starts: `{@ marble entered}`.
pub const MARKER: &str = "@ ";

/// Whether a comment is one annotate wrote.
pub fn is_annotation(comment: &Comment) -> bool {
    comment.text.starts_with(MARKER)
}

/// Replaces annotate's comments in `game` with fresh ones: what each turn
/// did under `rules`, the record's rules.
///
/// # Errors
/// When the game does not replay: its first mistake (the game is then left
/// without annotate's comments).
pub fn annotate_game(rules: &RuleSet, game: &mut Game) -> Result<(), ReplayError> {
    strip(&mut game.line);
    let described = rules.engine().describe(game)?;
    annotate(&mut game.line, &described);
    Ok(())
}

/// Removes annotate's comments from a line and its variations.
pub fn strip(line: &mut Line) {
    for turn in &mut line.turns {
        if turn.after().iter().any(is_annotation) {
            turn.after_mut().retain(|c| !is_annotation(c));
        }
        if !turn.variations().is_empty() {
            for variation in turn.variations_mut() {
                strip(variation);
            }
        }
    }
}

/// Puts each turn's phrases first among its comments after, in its
/// variations too: `described` is what
/// [`Engine::describe`](billes_core::Engine::describe) says of the line.
pub fn annotate(line: &mut Line, described: &[Described]) {
    for (turn, d) in line.turns.iter_mut().zip(described) {
        if !d.phrases.is_empty() {
            turn.after_mut().insert(
                0,
                Comment {
                    text: format!("{MARKER}{}", d.phrases.join("; ")).into(),
                    span: Span::default(),
                },
            );
        }
        if !turn.variations().is_empty() {
            for (variation, dv) in turn.variations_mut().iter_mut().zip(&d.variations) {
                annotate(variation, dv);
            }
        }
    }
}
