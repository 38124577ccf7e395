//! Parse errors and their rustc-like rendering.

use annotate_snippets::renderer::DecorStyle;
use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};

use crate::ast::Span;

/// A syntax error: where, and what was expected and found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {}, column {}: {message}", span.line, span.column)]
pub struct ParseError {
    /// What was expected, and what was found; lowercase, no trailing period.
    pub message: String,
    /// Where (file offsets, line and column).
    pub span: Span,
    /// The source line holding the error, without its line break.
    pub line_text: String,
}

impl ParseError {
    /// The error rendered rustc-style, with the source line and a caret.
    pub fn render(&self, origin: &str, color: bool) -> String {
        render_error(
            origin,
            &Diagnostic {
                title: &self.message,
                id: Some("syntax"),
                label: "",
                span: self.span,
                line_text: &self.line_text,
                notes: &[],
            },
            color,
        )
    }
}

/// Something to report against a source line: used for syntax errors here
/// and for replay errors by the command line.
#[derive(Debug, Clone, Copy)]
pub struct Diagnostic<'a> {
    /// The headline (`error: <title>`).
    pub title: &'a str,
    /// A short code shown as `error[id]`, if any.
    pub id: Option<&'a str>,
    /// A short label under the caret (may be empty).
    pub label: &'a str,
    /// Where.
    pub span: Span,
    /// The text of the line `span` starts on.
    pub line_text: &'a str,
    /// Notes printed after the snippet (`= note: ...`).
    pub notes: &'a [String],
}

/// Renders a diagnostic rustc-style:
///
/// ```text
/// error: expected '-' and the next hole ..., found ' '
///  --> games.bgn:4:7
///   |
/// 4 | 2. R3 r9 r12
///   |         ^
/// ```
pub fn render_error(origin: &str, diagnostic: &Diagnostic<'_>, color: bool) -> String {
    let line_text = diagnostic.line_text;
    // Byte range of the span within the line.
    let start = char_to_byte(line_text, diagnostic.span.column.saturating_sub(1) as usize);
    let len = diagnostic.span.len();
    let mut end = (start + len).min(line_text.len());
    while !line_text.is_char_boundary(end) {
        end -= 1;
    }
    if end <= start {
        end = start;
    }
    let mut annotation = AnnotationKind::Primary.span(start..end);
    if !diagnostic.label.is_empty() {
        annotation = annotation.label(diagnostic.label);
    }
    // A file's name is a stranger's too: no control character reaches
    // the terminal through it.
    let origin = crate::control_pictures(origin);
    let snippet = Snippet::source(line_text)
        .line_start(diagnostic.span.line as usize)
        .path(origin.as_ref())
        .fold(false)
        .annotation(annotation);
    let mut title = Level::ERROR.primary_title(diagnostic.title);
    if let Some(id) = diagnostic.id {
        title = title.id(id);
    }
    let mut group = title.element(snippet);
    for note in diagnostic.notes {
        group = group.element(Level::NOTE.message(note));
    }
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    }
    .decor_style(DecorStyle::Ascii);
    renderer.render(&[group]).to_string()
}

fn char_to_byte(text: &str, chars: usize) -> usize {
    text.char_indices()
        .nth(chars)
        .map_or(text.len(), |(i, _)| i)
}
