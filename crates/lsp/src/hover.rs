//! Hover: on a turn, the text board before and after it and what it did;
//! on a tag, what it means; on a NAG or an analysis comment, its reading.

use billes_notation::{Game, Span, Turn};
use lsp_types::{Hover, HoverContents, HoverParams, MarkupContent, MarkupKind};

use crate::at::position_before;
use crate::check::{game_at, readable, MAX_DOCUMENT_BYTES, MAX_TREE_BYTES};
use crate::server::{NoRules, Open, Server};

/// The tags of notation/SPEC.md and what each means.
pub(crate) const TAGS: [(&str, &str); 15] = [
    (
        "Game",
        "which rules apply: aggravation, barricade or offboard (required)",
    ),
    (
        "Seats",
        "the seats in play, in playing order: seat letters separated by spaces",
    ),
    (
        "Teams",
        "partnership or team play: teams separated by spaces, seats joined by +",
    ),
    (
        "Position",
        "start from this position instead of the usual start (like FEN)",
    ),
    (
        "Rules",
        "house rules: standard, a shipped variant or a .lua file beside the record",
    ),
    (
        "Result",
        "the winners (*, R, R+G), checked against the result token",
    ),
    ("Event", "the event, as in PGN"),
    ("Site", "where the game was played, as in PGN"),
    ("Date", "when the game was played, YYYY.MM.DD"),
    ("Round", "the round of the event, as in PGN"),
    ("Red", "the player of the red seat"),
    ("Blue", "the player of the blue seat"),
    ("Green", "the player of the green seat"),
    ("Yellow", "the player of the yellow seat"),
    ("Purple", "the player of the purple seat"),
];

/// Answers `textDocument/hover`.
pub(crate) fn hover(server: &mut Server<'_>, params: HoverParams) -> Result<Option<Hover>, String> {
    let encoding = server.encoding;
    let at = params.text_document_position_params;
    let open = server.document(&at.text_document.uri)?;
    if open.doc.text().len() > MAX_DOCUMENT_BYTES {
        return Ok(None);
    }
    let offset = open.doc.offset(at.position, encoding);
    let Some(source) = game_at(open.doc.text(), offset) else {
        return Ok(None);
    };
    if source.text.len() > MAX_TREE_BYTES {
        return Ok(None);
    }
    let Ok((game, _)) = readable(&source) else {
        return Ok(None);
    };
    let local = (offset - source.offset) as u32;
    let Some((text, span)) = reading(open, &game, source.offset, local) else {
        return Ok(None);
    };
    let start = source.offset + span.start as usize;
    let end = source.offset + span.end as usize;
    Ok(Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range: Some(open.doc.range(start, end, encoding)),
    }))
}

fn inside(span: Span, at: u32) -> bool {
    span.start <= at && at < span.end.max(span.start + 1)
}

/// What to show at byte `at` of the game at `offset`, and the span it is
/// about.
fn reading(open: &Open, game: &Game, offset: usize, at: u32) -> Option<(String, Span)> {
    if let Some(tag) = game.tags.iter().find(|t| inside(t.span, at)) {
        let meaning = TAGS
            .iter()
            .find(|(name, _)| *name == tag.name)
            .map_or("a tag billes keeps and writes back unchanged", |(_, m)| m);
        return Some((format!("**{}**: {meaning}", tag.name), tag.span));
    }
    let (index, turn) = game
        .line
        .turns
        .iter()
        .enumerate()
        .find(|(_, t)| t.span.start <= at && at < next_start(game, t))?;
    if let Some(nag) = turn.nags().iter().find(|n| inside(n.span, at)) {
        return Some((nag_reading(nag.code), nag.span));
    }
    if let Some(comment) = turn
        .before()
        .iter()
        .chain(turn.after())
        .find(|c| inside(c.span, at))
    {
        let read = billes_analysis::comment::read(&comment.text)?;
        return Some((analysis_reading(&read), comment.span));
    }
    if !inside(turn.span, at) {
        return None;
    }
    Some((turn_reading(open, game, offset, index, turn)?, turn.span))
}

/// Where the turn after `turn` starts (its comments after belong to it).
fn next_start(game: &Game, turn: &Turn) -> u32 {
    let after = turn.after().last().map_or(turn.span.end, |c| c.span.end);
    game.line
        .turns
        .iter()
        .map(|t| t.span.start)
        .find(|&s| s > turn.span.start)
        .unwrap_or(after.max(turn.span.end))
        .max(after)
}

/// The boards before and after the turn, and what it did. Where the
/// game's rules are a script not yet seen to run (or seen to fail), what
/// is known without it: the hover does not wait for the script.
fn turn_reading(
    open: &Open,
    game: &Game,
    offset: usize,
    index: usize,
    turn: &Turn,
) -> Option<String> {
    let mut out = format!("**turn {}** ({})\n\n", turn.number, turn.head.seat);
    let rules = match open.rule_set(game, offset) {
        Ok(rules) => rules,
        Err(NoRules::Checking) => {
            out.push_str(
                "the boards show once the check of this game, whose rules are a script, is done\n",
            );
            return Some(out);
        }
        Err(NoRules::Failed) => {
            out.push_str(
                "the rules of this game cannot be run: see the diagnostic of its Rules tag\n",
            );
            return Some(out);
        }
        Err(NoRules::Wrong) => return None,
    };
    let engine = rules.engine();
    let before = position_before(engine, game, index).ok()?;
    out.push_str(&format!(
        "before:\n```text\n{}\n```\n",
        before.text_board().trim_end()
    ));
    match position_before(engine, game, index + 1) {
        Ok(after) => {
            let mut played = game.clone();
            played.line.turns.truncate(index + 1);
            played.outcome = Default::default();
            played.tags.retain(|t| t.name != "Result");
            if let Some(last) = engine
                .describe(&played)
                .ok()
                .and_then(|d| d.last().cloned())
            {
                if !last.phrases.is_empty() {
                    out.push_str(&format!("\n{}\n\n", last.phrases.join(", ")));
                }
            }
            out.push_str(&format!(
                "after:\n```text\n{}\n```\n",
                after.text_board().trim_end()
            ));
        }
        Err(e) => out.push_str(&format!("\nthis turn cannot be played: {}\n", e.message)),
    }
    Some(out)
}

/// What a NAG means.
fn nag_reading(code: u8) -> String {
    let meaning = match code {
        1 => "good move (`!`)",
        2 => "mistake (`?`); after an analysis comment: lost at least 0.08 of winning chance",
        3 => "very good move (`!!`)",
        4 => "blunder (`??`); after an analysis comment: lost at least 0.16 of winning chance",
        5 => "interesting move (`!?`)",
        6 => {
            "doubtful move (`?!`); after an analysis comment: lost at least 0.04 of winning chance"
        }
        _ => "an annotation glyph, read as in PGN",
    };
    format!("**${code}**: {meaning}")
}

/// What an analysis comment says.
fn analysis_reading(read: &billes_analysis::comment::Reading) -> String {
    let mut out = format!(
        "**analysis**: the mover's side wins {:.0}% of the time after this move",
        read.win * 100.0
    );
    if let Some((best, win)) = &read.best {
        out.push_str(&format!("; the best move was {best} ({:.0}%)", win * 100.0));
    }
    if let Some(luck) = read.luck {
        out.push_str(&format!(
            "; the roll was worth {:+.0} points of winning chance against the average",
            luck * 100.0
        ));
    }
    out
}
