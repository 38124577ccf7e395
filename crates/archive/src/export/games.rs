//! The games an export's inputs hold, read before the export from their
//! `Game` tags alone: a Parquet file's schema is fixed when it is opened,
//! and `turns` has the own columns of those games
//! ([`super::schema::OwnColumns`]), no other's.
//!
//! Each file is read game by game, as the export reads it (the same
//! splitting into games, the same limit on a game's length), and of each
//! game only its tags are parsed ([`TurnStream`]'s first piece), so the
//! reading costs a small part of the export and its memory is one game's.
//! It stops once every game is found. Standard input cannot be read twice:
//! an export that reads it holds every game's columns. A game whose tags
//! cannot be read names no game; such a game is no valid game, and has no
//! rows in `turns`.

use std::sync::atomic::{AtomicBool, Ordering};

use billes_core::GameKind;
use billes_notation::{Piece, Reader, TurnStream};

use super::ExportError;
use crate::input::{Found, Input};

/// The games whose turns an export of `found` may hold, in the order of
/// [`billes_core::registry::all()`]: those the `Game` tags of its files name (every game
/// when it reads standard input). Stops with [`ExportError::Interrupted`]
/// when `interrupt` is set.
///
/// # Errors
/// Only [`ExportError::Interrupted`]: a file that cannot be read names no
/// game here (the export reports it).
pub(crate) fn named(
    found: &[Found],
    interrupt: Option<&AtomicBool>,
) -> Result<Vec<GameKind>, ExportError> {
    let mut seen = vec![false; billes_core::registry::all().len()];
    let stopped = || interrupt.is_some_and(|s| s.load(Ordering::Relaxed));
    for input in found.iter().filter_map(|f| f.as_ref().ok()) {
        if *input == Input::Stdin {
            return Ok(billes_core::registry::all().to_vec());
        }
        let Ok(reader) = input.open() else {
            continue;
        };
        let mut games = Reader::new(reader);
        let mut turns = Vec::new();
        while let Some(item) = games.next() {
            if stopped() {
                return Err(ExportError::Interrupted);
            }
            let Ok(source) = item else {
                continue;
            };
            let head = TurnStream::new(source.line).read(&source.text, true, &mut turns);
            if let Ok(Piece::Head(head)) = head {
                if let Ok(kind) = billes_core::registry::of(&head) {
                    if let Some(i) = billes_core::registry::all().iter().position(|&k| k == kind) {
                        seen[i] = true;
                    }
                }
            }
            games.recycle(source.text);
            if seen.iter().all(|&s| s) {
                return Ok(billes_core::registry::all().to_vec());
            }
        }
    }
    Ok(billes_core::registry::all()
        .iter()
        .copied()
        .zip(seen)
        .filter_map(|(kind, seen)| seen.then_some(kind))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named_in(files: &[(&str, &str)]) -> Vec<GameKind> {
        let dir = tempfile::tempdir().expect("a folder");
        let found: Vec<Found> = files
            .iter()
            .map(|(name, text)| {
                let path = dir.path().join(name);
                std::fs::write(&path, text).expect("written");
                Ok(Input::File(path))
            })
            .collect();
        named(&found, None).expect("not interrupted")
    }

    #[test]
    fn the_games_named_by_the_game_tags_are_found() {
        let record = |game: &str| format!("[Game \"{game}\"]\n[Seats \"R B\"]\n\n*\n");
        let all = billes_core::registry::all();
        assert_eq!(named_in(&[("a.bgn", &record(all[1].name()))]), [all[1]]);
        let two = record(all[2].name()) + &record(all[0].name()) + &record(all[2].name());
        assert_eq!(named_in(&[("a.bgn", &two)]), [all[0], all[2]]);
        // Case and spaces as the export reads them; a game its tags do not
        // name, or whose tags do not parse, names none.
        let loose = format!("[Game \" {} \"]\n*\n", all[1].name().to_uppercase());
        let unread = format!("[Game \"{}\" *\n", all[0].name());
        assert_eq!(
            named_in(&[
                ("a.bgn", &loose),
                ("b.bgn", &unread),
                ("c.bgn", "1. R6 + *\n")
            ]),
            [all[1]]
        );
        assert!(named_in(&[]).is_empty());
        // Every game is found: the reading stops there.
        let every: String = all.iter().map(|k| record(k.name())).collect();
        assert_eq!(named_in(&[("a.bgn", &every)]), all);
    }

    #[test]
    fn standard_input_holds_every_game_and_an_interrupt_stops() {
        assert_eq!(
            named(&[Ok(Input::Stdin)], None).expect("read"),
            billes_core::registry::all()
        );
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("a.bgn");
        std::fs::write(&path, "[Game \"offboard\"]\n*\n").expect("written");
        let stop = AtomicBool::new(true);
        assert!(matches!(
            named(&[Ok(Input::File(path))], Some(&stop)),
            Err(ExportError::Interrupted)
        ));
    }
}
