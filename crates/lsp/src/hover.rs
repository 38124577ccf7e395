//! Hover: on a turn, the text board before and after it and what it did;
//! on a tag, what it means; on a NAG or an analysis comment, its reading.

use billes_notation::{Recovered, Span, Turn};
use lsp_types::{Hover, HoverContents, HoverParams, MarkupContent, MarkupKind};

use crate::at::{at_turn, turn_at, written_span};
use crate::check::{game_at, readable, MAX_DOCUMENT_BYTES, MAX_TREE_BYTES};
use crate::server::{NoRules, Open, Server};

/// The tags of notation/SPEC.md and what each means (`{games}`: the games
/// of the registry, see [`meaning_of`]).
pub(crate) const TAGS: [(&str, &str); 17] = [
    ("Game", "which rules apply: {games} (required)"),
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
    (
        "Table",
        "the table of its round, for standings (billes draw writes it)",
    ),
    (
        "Termination",
        "why the game stopped before its end (time): standings place the seats by progress",
    ),
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
    let Ok(read) = readable(&source) else {
        return Ok(None);
    };
    let local = (offset - source.offset) as u32;
    let Some((text, span)) = reading(open, &read, source.offset, local) else {
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

/// A tag's meaning from [`TAGS`], the games of the registry named where it
/// says `{games}` (so that the list cannot forget a game).
pub(crate) fn meaning_of(meaning: &str) -> String {
    meaning.replace("{games}", &billes_core::registry::list(" or "))
}

/// What to show at byte `at` of the game at `offset`, and the span it is
/// about.
fn reading(open: &Open, read: &Recovered, offset: usize, at: u32) -> Option<(String, Span)> {
    let game = &read.game;
    if let Some(tag) = game.tags.iter().find(|t| inside(t.span, at)) {
        let meaning = TAGS.iter().find(|(name, _)| *name == tag.name).map_or(
            "a tag billes keeps and writes back unchanged".to_string(),
            |(_, m)| meaning_of(m),
        );
        return Some((format!("**{}**: {meaning}", tag.name), tag.span));
    }
    let turn = turn_at(&game.line, at)?;
    if let Some(nag) = turn.nags().iter().find(|n| inside(n.span, at)) {
        return Some((nag_reading(nag.code), nag.span));
    }
    if let Some(comment) = turn
        .before()
        .iter()
        .chain(turn.after())
        .find(|c| inside(c.span, at))
    {
        let reading = billes_analysis::comment::read(&comment.text)?;
        return Some((analysis_reading(&reading), comment.span));
    }
    let span = written_span(read, turn);
    if !inside(span, at) {
        return None;
    }
    Some((turn_reading(open, read, offset, turn)?, span))
}

/// The boards before and after the turn, and what it did, as the check of
/// the record played it (past the mistakes before it, as `billes validate`
/// goes on). Where the game's rules are a script not yet seen to run (or
/// seen to fail), what is known without it: the hover does not wait for
/// the script.
fn turn_reading(open: &Open, read: &Recovered, offset: usize, turn: &Turn) -> Option<String> {
    let mut out = format!("**turn {}** ({})\n\n", turn.number, turn.head.seat);
    let rules = match open.rule_set(&read.game, offset) {
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
    let seen = at_turn(rules.engine(), read, turn.span.start, |seen| {
        let mut out = format!(
            "before:\n```text\n{}\n```\n",
            seen.before.text_board().trim_end()
        );
        match seen.after {
            Some(after) => {
                let phrases = (seen.phrases)();
                if !phrases.is_empty() {
                    out.push_str(&format!("\n{}\n\n", phrases.join(", ")));
                }
                out.push_str(&format!(
                    "after:\n```text\n{}\n```\n",
                    after.text_board().trim_end()
                ));
            }
            None => out.push_str(
                "\nthe check of the record stops at this turn: the position after it cannot be known\n",
            ),
        }
        out
    });
    match seen {
        Some(boards) => out.push_str(&boards),
        None => out.push_str(
            "the check of the record stops before this turn: the position before it cannot be known\n",
        ),
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
