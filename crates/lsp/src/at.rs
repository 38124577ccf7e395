//! The position at a turn of a game: the one lookup hover and completion
//! share. It is the position the check of the record played the turn
//! from, as `billes validate` checks it ([`billes_core::check_recovered`]):
//! past a mistake the check goes on from (a roll that does not fit the
//! move, a typo read as its did-you-mean, a turn left out...), in the main
//! line and in variations; a turn the check does not reach (it stopped
//! before, the position being unknown) has none.

use billes_core::{Engine, Seen};
use billes_notation::{Line, Recovered, Span, Turn};

/// What `look` makes of the turn of `read` whose span starts at byte
/// `start`, as the check of the record goes through it (the position
/// before it and, when the check goes on past it, after it); `None` when
/// the check does not reach it.
pub(crate) fn at_turn<T>(
    engine: &dyn Engine,
    read: &Recovered,
    start: u32,
    look: impl FnOnce(&Seen<'_>) -> T,
) -> Option<T> {
    let mut look = Some(look);
    let mut found = None;
    let mut observe = |seen: &Seen<'_>| {
        if seen.turn.span.start == start {
            if let Some(look) = look.take() {
                found = Some(look(seen));
            }
        }
    };
    billes_core::check_recovered(engine, read, Some(&mut observe));
    found
}

/// The innermost turn of `line` (or of its variations, at any depth) that
/// byte `at` belongs to: from its head to the next turn of its line (its
/// comments after it are its own).
pub(crate) fn turn_at(line: &Line, at: u32) -> Option<&Turn> {
    for (i, turn) in line.turns.iter().enumerate() {
        if let Some(t) = turn.variations().iter().find_map(|v| turn_at(v, at)) {
            return Some(t);
        }
        let own = turn
            .after()
            .last()
            .map_or(turn.span.end, |c| c.span.end)
            .max(turn.span.end);
        let end = line.turns.get(i + 1).map_or(own, |n| n.span.start.max(own));
        if turn.span.start <= at && at < end {
            return Some(turn);
        }
    }
    None
}

/// Where `turn` of `read` is written: its span, or for a turn standing in
/// for one that could not be read, the text of that turn from its head.
pub(crate) fn written_span(read: &Recovered, turn: &Turn) -> Span {
    match read.stand_in_at(turn.span.start) {
        Some(u) => Span {
            end: u.end.max(turn.span.end),
            ..turn.span
        },
        None => turn.span,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turn_at_a_byte_is_the_innermost() {
        let text = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + {in} 2. R1 r9-r10 (2. R2 r9-r11 3. G4 --) 3. G3 --\n*\n";
        let game = billes_notation::parse_game(text).unwrap();
        let at = |needle: &str| {
            let i = text.find(needle).unwrap() as u32;
            turn_at(&game.line, i).map(|t| &text[t.span.range()])
        };
        assert_eq!(at("{in}"), Some("R6 +"));
        assert_eq!(at("r9-r11"), Some("R2 r9-r11"));
        assert_eq!(at("G4"), Some("G4 --"));
        assert_eq!(at("G3"), Some("G3 --"));
        assert_eq!(at("[Seats"), None);
    }
}
