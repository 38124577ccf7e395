//! The outline (document symbols: games, then their turns, so "go to
//! symbol" jumps to a turn) and folding (by game, by long comment).

use billes_notation::{Comment, Game, Reader};
use lsp_types::{
    DocumentSymbol, DocumentSymbolParams, DocumentSymbolResponse, FoldingRange, FoldingRangeKind,
    FoldingRangeParams, SymbolKind,
};

use crate::check::{readable, MAX_DOCUMENT_BYTES};
use crate::document::{Document, Encoding};
use crate::server::Server;

/// Each readable game of `text` with its offset and its text's length.
fn games(text: &str) -> impl Iterator<Item = (usize, usize, usize, Option<Game>)> + '_ {
    Reader::new(text.as_bytes())
        .map_while(Result::ok)
        .filter(|s| !s.is_blank())
        .map(|s| {
            (
                s.index,
                s.offset,
                s.text.len(),
                readable(&s).ok().map(|(g, _)| g),
            )
        })
}

/// The name of a game in the outline: its number, event and players.
fn game_name(index: usize, game: Option<&Game>) -> String {
    let mut name = format!("game {index}");
    let Some(game) = game else {
        return name;
    };
    if let Some(event) = game.tag("Event") {
        name.push_str(&format!(": {event}"));
    }
    if let Some(kind) = game.tag("Game") {
        name.push_str(&format!(" ({kind})"));
    }
    name
}

/// Answers `textDocument/documentSymbol`.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must still be given
pub(crate) fn symbols(
    server: &mut Server<'_>,
    params: DocumentSymbolParams,
) -> Result<Option<DocumentSymbolResponse>, String> {
    let encoding = server.encoding;
    let open = server.document(&params.text_document.uri)?;
    let doc = &open.doc;
    if doc.text().len() > MAX_DOCUMENT_BYTES {
        return Ok(None);
    }
    let mut out = Vec::new();
    for (index, offset, len, game) in games(doc.text()) {
        let range = doc.range(offset, offset + len, encoding);
        let children = game.as_ref().map(|game| {
            game.line
                .turns
                .iter()
                .map(|turn| {
                    let s = offset + turn.span.start as usize;
                    let e = offset + turn.span.end as usize;
                    let range = doc.range(s, e, encoding);
                    DocumentSymbol {
                        name: format!("{}. {}", turn.number, &doc.text()[s..e]),
                        detail: None,
                        kind: SymbolKind::EVENT,
                        tags: None,
                        deprecated: None,
                        range,
                        selection_range: range,
                        children: None,
                    }
                })
                .collect()
        });
        out.push(DocumentSymbol {
            name: game_name(index, game.as_ref()),
            detail: None,
            kind: SymbolKind::NAMESPACE,
            tags: None,
            deprecated: None,
            range,
            selection_range: doc.range(offset, offset, encoding),
            children,
        });
    }
    Ok(Some(DocumentSymbolResponse::Nested(out)))
}

/// Answers `textDocument/foldingRange`: each game, and each comment over
/// more than one line.
pub(crate) fn folding(
    server: &mut Server<'_>,
    params: FoldingRangeParams,
) -> Result<Option<Vec<FoldingRange>>, String> {
    let encoding = server.encoding;
    let open = server.document(&params.text_document.uri)?;
    let doc = &open.doc;
    if doc.text().len() > MAX_DOCUMENT_BYTES {
        return Ok(None);
    }
    let mut out = Vec::new();
    for (_, offset, len, game) in games(doc.text()) {
        let end = offset + doc.text()[offset..offset + len].trim_end().len();
        push_fold(&mut out, doc, offset, end, None, encoding);
        let Some(game) = game else { continue };
        let comments = game.line.comments.iter().chain(
            game.line
                .turns
                .iter()
                .flat_map(|t| t.before().iter().chain(t.after())),
        );
        for Comment { span, .. } in comments {
            let (s, e) = (offset + span.start as usize, offset + span.end as usize);
            push_fold(
                &mut out,
                doc,
                s,
                e,
                Some(FoldingRangeKind::Comment),
                encoding,
            );
        }
    }
    Ok(Some(out))
}

fn push_fold(
    out: &mut Vec<FoldingRange>,
    doc: &Document,
    start: usize,
    end: usize,
    kind: Option<FoldingRangeKind>,
    encoding: Encoding,
) {
    let range = doc.range(start, end, encoding);
    if range.end.line > range.start.line {
        out.push(FoldingRange {
            start_line: range.start.line,
            end_line: range.end.line,
            kind,
            ..Default::default()
        });
    }
}
