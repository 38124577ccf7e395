//! Completion: after a turn head (`R3 `), the legal moves of the position
//! before that turn, in the order `billes moves` lists them (nearest
//! first), each with what it does; in a tag line, the tag names, and the
//! values of `Game` and `Rules`.

use billes_core::game::Roll;
use billes_core::Seen;
use billes_notation::{GameSource, Unreadable};
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionParams, CompletionResponse, Documentation,
};

use crate::at::at_turn;
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
                    detail: Some(crate::hover::meaning_of(meaning)),
                    ..Default::default()
                })
                .collect(),
        );
    };
    let values: Vec<(String, String)> = match name.trim() {
        "Game" => billes_core::registry::all()
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
    pub(crate) roll: Option<Roll>,
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
        r => Some(r.parse::<Roll>().ok()?),
    };
    Some(HeadText { seat, roll, mover })
}

/// The turn being written before `offset`: its head, where the turn
/// starts (its number, or its head) in the document, and where its head
/// starts and ends.
fn turn_before(
    text: &str,
    line_start: usize,
    offset: usize,
) -> Option<(HeadText<'_>, usize, (usize, usize))> {
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
    Some((head, start, (at, at + last.len())))
}

/// The legal moves of the turn being written at `offset`, in the
/// position the check of the record reaches it in (past the mistakes
/// before it, as `billes validate` goes on: [`at_turn`]).
fn move_items(open: &Open, offset: usize) -> Option<Vec<CompletionItem>> {
    let text = open.doc.text();
    let (_, line_start) = open.doc.line_of(offset);
    let (head, turn_start, (head_start, head_end)) = turn_before(text, line_start, offset)?;
    let source = game_at(text, turn_start)?;
    if source.text.len() > MAX_TREE_BYTES {
        return None;
    }
    let offset = source.offset;
    let local = turn_start.checked_sub(source.offset)?;
    // The game up to the turn being written, which a pass stands in for
    // (its move is not known: nothing is guessed from it), its open
    // variations closed and the game ended there.
    let written = &text[turn_start..head_end];
    let closing = ")".repeat(open_variations(&source.text[..local]));
    let prefix = GameSource {
        text: format!("{}{written} --{closing}\n*\n", &source.text[..local]),
        ..source
    };
    let mut read = readable(&prefix).ok()?;
    let at = (head_start - offset) as u32;
    read.unreadable.push(Unreadable {
        start: local as u32,
        end: (head_end - offset) as u32,
        stand_in: Some(at),
        read_as: None,
        written: String::new(),
    });
    let rules = open.rule_set(&read.game, offset).ok()?;
    at_turn(rules.engine(), &read, at, |seen| items(seen, &head))?
}

/// The legal moves of the turn `seen` with the head `head`, each with what
/// it does.
fn items(seen: &Seen<'_>, head: &HeadText<'_>) -> Option<Vec<CompletionItem>> {
    let roll = head.roll;
    let seat = head.mover.unwrap_or(head.seat);
    let moves = seen
        .before
        .legal_moves_for(billes_notation::Name::from(head.seat), roll)
        .ok()?;
    Some(
        moves
            .iter()
            .filter(|m| m.moving_seat().as_str() == seat)
            .enumerate()
            .map(|(i, m)| {
                let phrases = (seen.what_if)(&m.to_turn(seen.number)).unwrap_or_default();
                CompletionItem {
                    label: m.to_string(),
                    kind: Some(CompletionItemKind::VALUE),
                    detail: (!phrases.is_empty()).then(|| phrases.join(", ")),
                    documentation: None::<Documentation>,
                    sort_text: Some(format!("{i:05}")),
                    filter_text: Some(m.to_string()),
                    ..Default::default()
                }
            })
            .collect(),
    )
}

/// How many variations the movetext of `text` leaves open: its
/// parentheses outside comments and tag lines.
fn open_variations(text: &str) -> usize {
    let mut depth = 0usize;
    let mut comment = 0usize;
    for line in text.lines() {
        if comment == 0 && line.trim_start().starts_with('[') {
            continue;
        }
        for c in line.chars() {
            match c {
                '{' => comment += 1,
                '}' => comment = comment.saturating_sub(1),
                '(' if comment == 0 => depth += 1,
                ')' if comment == 0 => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
    }
    depth
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
                roll: Roll::new(3),
                mover: None
            })
        );
        assert_eq!(head("R6>G").and_then(|h| h.mover), Some("G"));
        assert_eq!(head("B").map(|h| h.roll), Some(None));
        assert_eq!(head("R7"), None);
        assert_eq!(head("r9-r12"), None);
        assert_eq!(head("R5-3").and_then(|h| h.roll), Roll::pair(5, 3));
        assert_eq!(head("12."), None);
    }

    #[test]
    fn open_variations_are_counted_outside_comments_and_tags() {
        assert_eq!(
            open_variations("[Event \"a (b\"]\n1. R6 + (1. R1 + {(} ("),
            2
        );
        assert_eq!(open_variations("1. R6 + (1. R1 +) 2. G2 --"), 0);
    }
}
