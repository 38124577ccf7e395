//! The outline (document symbols: games, then their turns, so "go to
//! symbol" jumps to a turn) and folding (by game, by long comment), each
//! capped per document ([`MAX_SYMBOLS`], [`MAX_FOLDS`]): an editor asks for
//! them on opening a document, and a document of 300,000 games would
//! otherwise be answered with 150 MB of outline.

use billes_notation::{Comment, Game, Reader, Recovered};
use lsp_types::{
    DocumentSymbol, DocumentSymbolParams, DocumentSymbolResponse, FoldingRange, FoldingRangeKind,
    FoldingRangeParams, Range, SymbolKind,
};

use crate::at::written_span;
use crate::check::{readable, MAX_DOCUMENT_BYTES, MAX_TREE_BYTES};
use crate::document::{Document, Encoding};
use crate::server::Server;

/// The most entries (games and turns together) the outline lists for one
/// document; past them, one entry says how many turns of the game being
/// listed, and one how many games, are left out.
pub const MAX_SYMBOLS: usize = 5_000;

/// The most folding ranges given for one document; the games past them
/// are not read for folding.
pub const MAX_FOLDS: usize = 5_000;

/// Each game of `text` (blank ones left out) with its number, offset, text
/// length and tree (none when it cannot be read or is longer than
/// [`MAX_TREE_BYTES`]).
fn games(text: &str) -> impl Iterator<Item = (usize, usize, usize, Option<Recovered>)> + '_ {
    Reader::new(text.as_bytes())
        .map_while(Result::ok)
        .filter(|s| !s.is_blank())
        .map(|s| {
            let game = (s.text.len() <= MAX_TREE_BYTES)
                .then(|| readable(&s).ok())
                .flatten();
            (s.index, s.offset, s.text.len(), game)
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

/// An entry of the outline.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must still be given
fn symbol(name: String, kind: SymbolKind, range: Range, selection: Range) -> DocumentSymbol {
    DocumentSymbol {
        name,
        detail: None,
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range: selection,
        children: None,
    }
}

/// Answers `textDocument/documentSymbol`: at most [`MAX_SYMBOLS`] entries.
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
    Ok(Some(DocumentSymbolResponse::Nested(outline(doc, encoding))))
}

/// The outline of `doc`: games, then their turns.
fn outline(doc: &Document, encoding: Encoding) -> Vec<DocumentSymbol> {
    let text = doc.text();
    let mut out = Vec::new();
    let mut left = MAX_SYMBOLS;
    let mut games = games(text);
    for (index, offset, len, game) in games.by_ref() {
        let range = doc.range(offset, offset + len, encoding);
        let mut entry = symbol(
            game_name(index, game.as_ref().map(|r| &r.game)),
            SymbolKind::NAMESPACE,
            range,
            doc.range(offset, offset, encoding),
        );
        left -= 1;
        if let Some(read) = &game {
            let turns = &read.game.line.turns;
            let shown = turns.len().min(left);
            let mut children: Vec<DocumentSymbol> = turns[..shown]
                .iter()
                .map(|turn| {
                    let span = written_span(read, turn);
                    let s = offset + span.start as usize;
                    let e = s + text[s..offset + span.end as usize].trim_end().len();
                    let range = doc.range(s, e, encoding);
                    let name = format!("{}. {}", turn.number, &text[s..e]);
                    symbol(name, SymbolKind::EVENT, range, range)
                })
                .collect();
            left -= shown;
            if shown < turns.len() {
                let from = offset + turns[shown].span.start as usize;
                let range = doc.range(from, offset + len, encoding);
                children.push(symbol(
                    format!(
                        "{} more turns not listed (the outline lists {MAX_SYMBOLS} entries at most)",
                        turns.len() - shown
                    ),
                    SymbolKind::EVENT,
                    range,
                    doc.range(from, from, encoding),
                ));
            }
            entry.children = Some(children);
        }
        out.push(entry);
        if left == 0 {
            break;
        }
    }
    // The games left are counted, not read.
    let mut rest = Reader::new(text.as_bytes())
        .map_while(Result::ok)
        .filter(|s| !s.is_blank())
        .skip(out.len());
    if let Some(first) = rest.next() {
        let more = 1 + rest.count();
        let range = doc.range(first.offset, text.len(), encoding);
        out.push(symbol(
            format!(
                "{more} more games not listed (the outline lists {MAX_SYMBOLS} entries at most)"
            ),
            SymbolKind::NAMESPACE,
            range,
            doc.range(first.offset, first.offset, encoding),
        ));
    }
    out
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
        if out.len() >= MAX_FOLDS {
            break;
        }
        let end = offset + doc.text()[offset..offset + len].trim_end().len();
        push_fold(&mut out, doc, offset, end, None, encoding);
        let Some(Recovered { game, .. }) = game else {
            continue;
        };
        let comments = game.line.comments.iter().chain(
            game.line
                .turns
                .iter()
                .flat_map(|t| t.before().iter().chain(t.after())),
        );
        for Comment { span, .. } in comments.take(MAX_FOLDS) {
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
    out.truncate(MAX_FOLDS);
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
