//! Completion: after a turn head (`R3 `), the legal moves of the position
//! before that turn, in the order `billes moves` lists them (nearest
//! first), each with what it does; in a tag line, the tag names, and the
//! values of `Game` and `Rules`.

use billes_core::game::{Move, Roll};
use billes_core::{Engine, GameKind};
use billes_notation::{Game, GameSource};
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionParams, CompletionResponse, Documentation,
};

use crate::at::position_before;
use crate::check::{game_at, readable, MAX_DOCUMENT_BYTES, MAX_TREE_BYTES};
use crate::server::{Open, Server};

/// Answers `textDocument/completion`.
pub(crate) fn completion(
    server: &mut Server<'_>,
    params: CompletionParams,
) -> Result<Option<CompletionResponse>, String> {
    let encoding = server.encoding;
    let at = params.text_document_position;
    let open = server.document(&at.text_document.uri)?;
    let text = open.doc.text();
    if text.len() > MAX_DOCUMENT_BYTES {
        return Ok(None);
    }
    let offset = open.doc.offset(at.position, encoding);
    let (_, line_start) = open.doc.line_of(offset);
    let before = &text[line_start..offset];
    let items = if before.trim_start().starts_with('[') {
        tag_items(open, before)
    } else {
        move_items(open, offset)
    };
    Ok(items.map(CompletionResponse::Array))
}

/// The tag names, or the values of the tag being written.
fn tag_items(open: &Open, before: &str) -> Option<Vec<CompletionItem>> {
    let inside = before.trim_start().trim_start_matches('[');
    let Some((name, _value)) = inside.split_once('"') else {
        if inside.contains(char::is_whitespace) {
            return None;
        }
        return Some(
            crate::hover::TAGS
                .iter()
                .map(|(name, meaning)| CompletionItem {
                    label: (*name).to_string(),
                    kind: Some(CompletionItemKind::PROPERTY),
                    detail: Some((*meaning).to_string()),
                    ..Default::default()
                })
                .collect(),
        );
    };
    let values: Vec<(String, String)> = match name.trim() {
        "Game" => GameKind::ALL
            .iter()
            .map(|g| (g.name().to_string(), "game".to_string()))
            .collect(),
        "Rules" => rules_values(open),
        _ => return None,
    };
    Some(
        values
            .into_iter()
            .map(|(label, detail)| CompletionItem {
                label,
                kind: Some(CompletionItemKind::VALUE),
                detail: Some(detail),
                ..Default::default()
            })
            .collect(),
    )
}

/// `standard`, the shipped variants, and the `.lua` files of the
/// document's folder the `Rules` path policy lets a tag name.
fn rules_values(open: &Open) -> Vec<(String, String)> {
    let mut values = vec![("standard".to_string(), "the game's own rules".to_string())];
    values.extend(
        billes_lua::SHIPPED
            .iter()
            .map(|(name, _)| (name.to_string(), "shipped variant".to_string())),
    );
    let dir = Open::dir(&open.uri);
    if let Some(entries) = dir.as_deref().and_then(|d| std::fs::read_dir(d).ok()) {
        let mut files: Vec<String> = entries
            .filter_map(Result::ok)
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|name| name.ends_with(".lua"))
            .filter(|name| billes_archive::rules::tag_source(name, dir.as_deref(), None).is_ok())
            .take(200)
            .collect();
        files.sort();
        values.extend(
            files
                .into_iter()
                .map(|f| (f, "house rules file".to_string())),
        );
    }
    values
}

/// A turn head as written: seat, roll, the seat that uses it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct HeadText<'a> {
    pub(crate) seat: &'a str,
    pub(crate) roll: Option<u8>,
    pub(crate) mover: Option<&'a str>,
}

/// Reads a turn head (`R3`, `R6>G`, `B`).
pub(crate) fn head(token: &str) -> Option<HeadText<'_>> {
    let (main, mover) = match token.split_once('>') {
        Some((main, mover)) => (main, Some(mover)),
        None => (token, None),
    };
    let digits = main
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(main.len());
    let (seat, roll) = main.split_at(digits);
    let seat_ok = !seat.is_empty() && seat.chars().all(|c| c.is_ascii_alphabetic());
    let upper = seat.starts_with(|c: char| c.is_ascii_uppercase());
    let mover_ok =
        mover.is_none_or(|m| !m.is_empty() && m.chars().all(|c| c.is_ascii_alphabetic()));
    if !(seat_ok && upper && mover_ok) {
        return None;
    }
    let roll = match roll {
        "" => None,
        r => Some(r.parse().ok().filter(|r| (1..=6).contains(r))?),
    };
    Some(HeadText { seat, roll, mover })
}

/// The turn being written before `offset`: its head, and where the turn
/// starts (its number, or its head) in the document.
fn turn_before(text: &str, line_start: usize, offset: usize) -> Option<(HeadText<'_>, usize)> {
    let before = &text[line_start..offset];
    // The word being typed, if any, is what the moves complete.
    let done = before.trim_end_matches(|c: char| !c.is_whitespace());
    let words: Vec<(usize, &str)> = done
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
        .collect();
    let (at, last) = *words.last()?;
    let head = head(last)?;
    let start = match words.len().checked_sub(2).map(|i| words[i]) {
        Some((n, number))
            if number.ends_with('.') && number[..number.len() - 1].parse::<u32>().is_ok() =>
        {
            n
        }
        _ => at,
    };
    Some((head, start))
}

/// The legal moves of the turn being written at `offset`.
fn move_items(open: &Open, offset: usize) -> Option<Vec<CompletionItem>> {
    let text = open.doc.text();
    let (_, line_start) = open.doc.line_of(offset);
    let (head, turn_start) = turn_before(text, line_start, offset)?;
    let source = game_at(text, turn_start)?;
    if source.text.len() > MAX_TREE_BYTES {
        return None;
    }
    let offset = source.offset;
    let local = turn_start.checked_sub(source.offset)?;
    // The game up to the turn being written, ended there.
    let prefix = GameSource {
        text: format!("{}\n*\n", &source.text[..local]),
        ..source
    };
    let (game, _) = readable(&prefix).ok()?;
    let rules = open.rule_set(&game, offset).ok()?;
    let engine = rules.engine();
    let number = game.line.turns.len() as u32;
    let pos = position_before(engine, &game, number as usize).ok()?;
    let roll = head.roll.and_then(Roll::new);
    let seat = head.mover.unwrap_or(head.seat);
    let moves = pos.legal_moves_for(head.seat, roll).ok()?;
    let moves: Vec<Move> = moves
        .into_iter()
        .filter(|m| m.moving_seat().as_str() == seat)
        .collect();
    Some(
        moves
            .iter()
            .enumerate()
            .map(|(i, m)| CompletionItem {
                label: m.to_string(),
                kind: Some(CompletionItemKind::VALUE),
                detail: what_it_does(engine, &game, m, number + 1),
                documentation: None::<Documentation>,
                sort_text: Some(format!("{i:05}")),
                filter_text: Some(m.to_string()),
                ..Default::default()
            })
            .collect(),
    )
}

/// What playing `mv` as turn `number` after `game`'s turns does, in the
/// game's words ("marble entered", "aggravated B on b12").
fn what_it_does(engine: &dyn Engine, game: &Game, mv: &Move, number: u32) -> Option<String> {
    let mut played = game.clone();
    played.line.turns.push(mv.to_turn(number));
    let described = engine.describe(&played).ok()?;
    let phrases = &described.last()?.phrases;
    (!phrases.is_empty()).then(|| phrases.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_are_read() {
        assert_eq!(
            head("R3"),
            Some(HeadText {
                seat: "R",
                roll: Some(3),
                mover: None
            })
        );
        assert_eq!(head("R6>G").and_then(|h| h.mover), Some("G"));
        assert_eq!(head("B").map(|h| h.roll), Some(None));
        assert_eq!(head("R7"), None);
        assert_eq!(head("r9-r12"), None);
        assert_eq!(head("12."), None);
    }
}
