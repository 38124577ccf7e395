//! Diagnostics in the rustc style: a replay or syntax error shown against
//! the game's source line, with a caret and notes.

use billes_core::ReplayError;
use billes_notation::{render_error, Diagnostic, GameSource, ParseError, Span};

/// Renders a syntax error of game number `game` of the file `name`, with a
/// blank line after it (as the text report of `billes validate` prints it).
pub fn render_parse_error(name: &str, game: usize, err: &ParseError, color: bool) -> String {
    render_parse_error_noted(name, game, err, None, color)
}

/// [`render_parse_error`] with a note after "in game N": what the check did
/// about the unreadable turn.
pub fn render_parse_error_noted(
    name: &str,
    game: usize,
    err: &ParseError,
    note: Option<&str>,
    color: bool,
) -> String {
    let mut notes = vec![format!("in game {game}")];
    notes.extend(note.map(str::to_string));
    let rendered = render_error(
        name,
        &Diagnostic {
            title: &err.message,
            id: Some("syntax"),
            label: "",
            span: err.span,
            line_text: &err.line_text,
            notes: &notes,
        },
        color,
    );
    format!("{rendered}\n\n")
}

/// Renders a replay error against the game's source text.
pub fn render_replay_error(
    name: &str,
    source: &GameSource,
    err: &ReplayError,
    color: bool,
) -> String {
    let notes = replay_notes(source.index, err);
    let span = if err.span.line == 0 {
        // Not located (a tag missing): point at the game's first line.
        Span {
            start: 0,
            end: 0,
            line: source.line,
            column: 1,
        }
    } else {
        err.span
    };
    let line_text = line_text(source, span);
    render_error(
        name,
        &Diagnostic {
            title: &err.message,
            id: Some(err.kind.name()),
            label: "",
            span,
            line_text,
            notes: &notes,
        },
        color,
    )
}

/// The notes of a replay error of game `game`: where it is (the game, and
/// the turn and seat when known), the legal actions, and the error's own
/// note.
pub fn replay_notes(game: usize, err: &ReplayError) -> Vec<String> {
    let mut notes = vec![match (&err.turn, &err.seat) {
        (Some(turn), Some(seat)) => format!("in game {game}, turn {turn}, seat {seat}"),
        _ => format!("in game {game}"),
    }];
    if !err.legal.is_empty() {
        notes.push(legal_note(&err.legal));
    }
    if let Some(note) = err.note() {
        notes.push(note.to_string());
    }
    notes
}

/// The source line holding `span.start` (a byte offset in the game's text,
/// as in the spans of a game parsed from it).
fn line_text(source: &GameSource, span: Span) -> &str {
    let text = &source.text;
    let at = (span.start as usize).min(text.len());
    let at = (0..=at)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    text[start..end].trim_end_matches('\r')
}

/// Legal actions a diagnostic lists; those nearest to what was written come
/// first, and the others are counted ("and 28 more").
pub const LEGAL_SHOWN: usize = 8;

/// The "legal: ..." note of a diagnostic: the first [`LEGAL_SHOWN`] actions
/// of `legal` (nearest first), then how many more there are.
pub fn legal_note(legal: &[String]) -> String {
    // One more than the limit is shown rather than "and 1 more".
    if legal.len() <= LEGAL_SHOWN + 1 {
        return format!("legal: {}", legal.join(" "));
    }
    format!(
        "legal: {} and {} more",
        legal[..LEGAL_SHOWN].join(" "),
        legal.len() - LEGAL_SHOWN
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_legal_lists_are_cut() {
        let legal: Vec<String> = (1..=9).map(|i| format!("a{i}")).collect();
        assert_eq!(legal_note(&legal), "legal: a1 a2 a3 a4 a5 a6 a7 a8 a9");
        let legal: Vec<String> = (1..=36).map(|i| format!("a{i}")).collect();
        assert_eq!(
            legal_note(&legal),
            "legal: a1 a2 a3 a4 a5 a6 a7 a8 and 28 more"
        );
    }
}
