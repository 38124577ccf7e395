//! Formatting (the whole document as `billes fmt` writes it, refused on a
//! syntax error) and quick fixes: each "did you mean" of a mistake, the
//! missing marks as `billes fmt --marks` writes them, a missing `Result`.

use std::collections::HashMap;

use billes_notation::{parse_games_lazily, write_game_to, Game, Line};
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, DocumentFormattingParams,
    TextEdit, Uri, WorkspaceEdit,
};

use crate::check::{game_at, readable, MAX_DOCUMENT_BYTES, MAX_TREE_BYTES};
use crate::document::{Document, Encoding};
use crate::server::{Open, Server};

/// The canonical text of a document, as `billes fmt` prints it; `None`
/// when a game has a syntax error. The games are parsed and written one at
/// a time: one parsed game is held, never the document's.
pub fn canonical(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    for (i, game) in parse_games_lazily(text).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_game_to(&game.ok()?, &mut out);
    }
    Some(out)
}

/// Answers `textDocument/formatting`: one edit replacing the whole text,
/// none when it is already canonical or does not parse.
pub(crate) fn formatting(
    server: &mut Server<'_>,
    params: DocumentFormattingParams,
) -> Result<Option<Vec<TextEdit>>, String> {
    let encoding = server.encoding;
    let open = server.document(&params.text_document.uri)?;
    let text = open.doc.text();
    if text.len() > MAX_DOCUMENT_BYTES {
        return Ok(None);
    }
    Ok(match canonical(text) {
        Some(canonical) if canonical != text => {
            Some(vec![TextEdit::new(open.doc.whole(encoding), canonical)])
        }
        Some(_) => Some(Vec::new()),
        None => None,
    })
}

/// Answers `textDocument/codeAction` with the quick fixes of the games the
/// range touches.
pub(crate) fn code_actions(
    server: &mut Server<'_>,
    params: CodeActionParams,
) -> Result<Option<Vec<CodeActionOrCommand>>, String> {
    let encoding = server.encoding;
    let uri = params.text_document.uri.clone();
    let open = server.document(&uri)?;
    if open.doc.text().len() > MAX_DOCUMENT_BYTES {
        return Ok(None);
    }
    let start = open.doc.offset(params.range.start, encoding);
    let end = open.doc.offset(params.range.end, encoding);
    let mut actions = Vec::new();
    for diagnostic in &params.context.diagnostics {
        if let Some(action) = did_you_mean(&uri, &open.doc, diagnostic, encoding) {
            actions.push(action);
        }
    }
    if let Some(source) = game_at(open.doc.text(), start).filter(|s| s.text.len() <= MAX_TREE_BYTES)
    {
        if let Ok(read) = readable(&source) {
            let fixes = Fixes {
                uri: &uri,
                doc: &open.doc,
                encoding,
                offset: source.offset,
            };
            if read.errors.is_empty() {
                actions.extend(fixes.marks(open, &read.game, start, end));
                actions.extend(fixes.result(open, &read.game));
            }
        }
    }
    Ok(Some(actions))
}

/// A quick fix replacing the text of a "did you mean X?" diagnostic's
/// misread name by X.
fn did_you_mean(
    uri: &Uri,
    doc: &Document,
    diagnostic: &lsp_types::Diagnostic,
    encoding: Encoding,
) -> Option<CodeActionOrCommand> {
    let start = doc.offset(diagnostic.range.start, encoding);
    let end = doc.offset(diagnostic.range.end, encoding);
    let written = doc.text().get(start..end)?;
    let (misread, meant) = suggestion(&diagnostic.message, written)?;
    let at = start + token_at(written, misread)?;
    let edit = TextEdit::new(
        doc.range(at, at + misread.len(), encoding),
        meant.to_string(),
    );
    Some(quick_fix(
        format!("replace {misread} with {meant}"),
        uri,
        vec![edit],
        Some(vec![diagnostic.clone()]),
    ))
}

/// The misread name and the suggestion of a message `there is no hole
/// rl3 on this board: did you mean r13? (...)` about the text `written`:
/// the misread name is the message's word that `written` holds as a name.
fn suggestion<'m>(message: &'m str, written: &str) -> Option<(&'m str, &'m str)> {
    let (before, rest) = message.split_once("did you mean ")?;
    let meant = rest.split(['?', ' ']).next()?;
    let misread = before
        .split(|c: char| !c.is_ascii_alphanumeric())
        .find(|w| !w.is_empty() && token_at(written, w).is_some())?;
    (!meant.is_empty() && misread != meant).then_some((misread, meant))
}

/// Where `token` stands in `text` as a whole name (not inside a longer one).
fn token_at(text: &str, token: &str) -> Option<usize> {
    text.match_indices(token).map(|(i, _)| i).find(|&i| {
        let before = text[..i].chars().next_back();
        let after = text[i + token.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_alphanumeric())
            && !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

fn quick_fix(
    title: String,
    uri: &Uri,
    edits: Vec<TextEdit>,
    diagnostics: Option<Vec<lsp_types::Diagnostic>>,
) -> CodeActionOrCommand {
    CodeActionOrCommand::CodeAction(CodeAction {
        title,
        kind: Some(CodeActionKind::QUICKFIX),
        diagnostics,
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..Default::default()
        }),
        ..Default::default()
    })
}

/// Where the fixes of one game go.
struct Fixes<'a> {
    uri: &'a Uri,
    doc: &'a Document,
    encoding: Encoding,
    /// The game's offset in the document.
    offset: usize,
}

impl Fixes<'_> {
    /// The marks the moves in `start..end` leave out, written in as `fmt
    /// --marks` writes them (in every turn the check plays as written, past
    /// the game's mistakes too): one fix per action, and one for all of
    /// the game's.
    fn marks(
        &self,
        open: &Open,
        game: &Game,
        start: usize,
        end: usize,
    ) -> Vec<CodeActionOrCommand> {
        let Ok(rules) = open.rule_set(game, self.offset) else {
            return Vec::new();
        };
        let mut complete = game.clone();
        if rules.engine().mark_record(&mut complete).missing.is_empty() {
            return Vec::new();
        }
        let mut edits = Vec::new();
        changed_actions(&game.line, &complete.line, &mut |span, written| {
            let (s, e) = (
                self.offset + span.start as usize,
                self.offset + span.end as usize,
            );
            edits.push((s, e, written));
        });
        let mut fixes: Vec<CodeActionOrCommand> = edits
            .iter()
            .filter(|(s, e, _)| *s <= end && start <= *e)
            .map(|(s, e, written)| {
                quick_fix(
                    format!("write the marks: {written}"),
                    self.uri,
                    vec![TextEdit::new(
                        self.doc.range(*s, *e, self.encoding),
                        written.clone(),
                    )],
                    None,
                )
            })
            .collect();
        if edits.len() > 1 {
            let all = edits
                .iter()
                .map(|(s, e, w)| TextEdit::new(self.doc.range(*s, *e, self.encoding), w.clone()))
                .collect();
            fixes.push(quick_fix(
                format!("write every missing mark of the game ({})", edits.len()),
                self.uri,
                all,
                None,
            ));
        }
        fixes
    }

    /// A `Result` tag for a finished game that has none, after its last tag.
    fn result(&self, open: &Open, game: &Game) -> Option<CodeActionOrCommand> {
        if game.tag("Result").is_some() {
            return None;
        }
        let rules = open.rule_set(game, self.offset).ok()?;
        let winners = rules.engine().validate(game).ok()?.winners?;
        let last = game.tags.last()?;
        let at = self.offset + last.span.end as usize;
        let edit = TextEdit::new(
            self.doc.range(at, at, self.encoding),
            format!("\n[Result \"{}\"]", winners.join("+")),
        );
        Some(quick_fix(
            format!("add the Result tag: {}", winners.join("+")),
            self.uri,
            vec![edit],
            None,
        ))
    }
}

/// Calls `found` with the span and the new text of every action of
/// `written` that `complete` writes otherwise (main line and variations).
fn changed_actions(
    written: &Line,
    complete: &Line,
    found: &mut dyn FnMut(billes_notation::Span, String),
) {
    for (a, b) in written.turns.iter().zip(&complete.turns) {
        for (x, y) in a.actions.iter().zip(b.actions.iter()) {
            let (x_text, y_text) = (x.to_string(), y.to_string());
            if x_text != y_text {
                found(x.span(), y_text);
            }
        }
        for (va, vb) in a.variations().iter().zip(b.variations()) {
            changed_actions(va, vb, found);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_are_read_from_messages() {
        let message =
            "there is no hole rl3 on this board: did you mean r13? (a letter l for a one)";
        assert_eq!(suggestion(message, "r9-rl3"), Some(("rl3", "r13")));
        assert_eq!(suggestion("R has no marble on r9", "r9-r12"), None);
        assert_eq!(token_at("rl3-rl", "rl"), Some(4));
    }

    #[test]
    fn canonical_text_is_fmt_s_or_none() {
        assert_eq!(
            canonical("[Game \"offboard\"]\n1. R a3>nw   *").as_deref(),
            Some("[Game \"offboard\"]\n\n1. R a3>nw\n*\n")
        );
        assert_eq!(canonical("[Game \"offboard\"]\n1. R a3 *"), None);
    }
}
