//! Every mistake of a game in one check ([`check_all_with`], through
//! [`Engine::check_all`]) and complete marks ([`complete_marks`]), on
//! simulated games of the three games.
#![allow(clippy::unwrap_used)]

use billes_core::{
    complete_marks, simulate, Engine, ErrorKind, GameKind, Rng, SimOptions, Standard, STOPPED,
};
use billes_notation::{write_game, Action, Capture, Game};

fn games(kind: GameKind, n: usize) -> Vec<Game> {
    let mut rng = Rng::new(19);
    let options = SimOptions {
        players: if kind == billes_core::offboard::KIND {
            2
        } else {
            4
        },
        ..SimOptions::default()
    };
    (0..n)
        .map(|_| simulate(kind, &options, &mut rng).unwrap())
        .collect()
}

/// Whether `action` has an effect mark.
fn marked(action: &Action) -> bool {
    match action {
        Action::Place { capture, .. } | Action::Line { capture, .. } => capture.is_some(),
        Action::Move {
            capture, barricade, ..
        } => capture.is_some() || *barricade,
        _ => false,
    }
}

/// Takes every effect mark off `game`'s main line; how many actions had one.
fn strip(game: &mut Game) -> usize {
    let mut n = 0;
    for turn in &mut game.line.turns {
        for action in turn.actions.iter_mut() {
            n += usize::from(marked(action));
            match action {
                Action::Place { capture, .. } | Action::Line { capture, .. } => *capture = None,
                Action::Move {
                    capture, barricade, ..
                } => {
                    *capture = None;
                    *barricade = false;
                }
                _ => {}
            }
        }
    }
    n
}

#[test]
fn valid_games_have_no_mistake_to_recover_from() {
    for kind in billes_core::registry::all() {
        let engine = Standard::new(kind);
        for game in games(kind, 20) {
            assert!(engine.validate(&game).is_ok());
            assert_eq!(engine.check_all(&game), []);
        }
    }
}

/// The games whose moves never carry a mark: no piece is captured and no
/// barricade stands on their boards.
const UNMARKED: [billes_core::GameKind; 1] = [billes_core::snakes_and_ladders::KIND];

#[test]
fn complete_marks_puts_back_every_mark_taken_off() {
    for kind in billes_core::registry::all() {
        let engine = Standard::new(kind);
        let mut total = 0;
        for game in games(kind, 20) {
            let mut bare = game.clone();
            let taken = strip(&mut bare);
            total += taken;
            // Without marks the record is still valid...
            assert!(engine.validate(&bare).is_ok(), "{kind}");
            // ...and each mark left out is found and written back.
            let missing = complete_marks(&engine, &mut bare).unwrap();
            assert_eq!(missing.len(), taken, "{kind}");
            assert!(missing.iter().all(|e| e.kind == ErrorKind::Effect));
            assert_eq!(write_game(&bare), write_game(&game), "{kind}");
            // A complete record has nothing missing.
            let mut again = game.clone();
            assert_eq!(complete_marks(&engine, &mut again).unwrap(), []);
        }
        assert_eq!(
            total > 0,
            !UNMARKED.contains(&kind),
            "{kind}: {total} marks in the games"
        );
    }
}

/// Two slips far apart in a simulated game, a false capture mark and a
/// turn number written wrong: both found in one check, in order, where
/// the replay stops at the first.
#[test]
fn two_slips_in_a_long_game_are_both_found() {
    for kind in billes_core::registry::all() {
        let engine = Standard::new(kind);
        let mut checked = 0;
        for game in games(kind, 20) {
            let turns = game.line.turns.len();
            if turns < 40 {
                continue;
            }
            // A move without a mark, early on: given a false capture.
            let Some(early) = (2..turns / 2).find(|&i| {
                let t = &game.line.turns[i];
                t.actions.len() == 1
                    && matches!(
                        &t.actions[0],
                        Action::Move {
                            capture: None,
                            barricade: false,
                            ..
                        } | Action::Line { capture: None, .. }
                    )
            }) else {
                continue;
            };
            let late = turns - 5;
            let mut bad = game.clone();
            match &mut bad.line.turns[early].actions[0] {
                Action::Move { capture, .. } | Action::Line { capture, .. } => {
                    *capture = Some(Capture::default());
                }
                _ => unreachable!(),
            }
            bad.line.turns[late].number += 100;
            let first = engine.validate(&bad).unwrap_err();
            assert_eq!(first.kind, ErrorKind::Effect, "{kind}");
            let all = engine.check_all(&bad);
            let kinds: Vec<ErrorKind> = all.iter().map(|e| e.kind).collect();
            assert_eq!(
                kinds,
                [ErrorKind::Effect, ErrorKind::TurnNumber],
                "{kind}: {all:?}"
            );
            assert_eq!(all[0].turn, Some(early as u32 + 1));
            assert_eq!(all[1].turn, Some(late as u32 + 1));
            assert!(all.iter().all(|e| e.note() != Some(STOPPED)));
            checked += 1;
        }
        assert!(checked > 0, "{kind}: no game long enough");
    }
}

/// A turn taken out of the middle of a game: the check says whose turn is
/// missing, not that every later turn number is wrong.
#[test]
fn a_turn_left_out_is_named() {
    let engine = Standard::new(billes_core::offboard::KIND);
    let game = &games(billes_core::offboard::KIND, 1)[0];
    let mut bad = game.clone();
    let removed = bad.line.turns.remove(10);
    for turn in &mut bad.line.turns[10..] {
        turn.number -= 1;
    }
    let all = engine.check_all(&bad);
    assert!(!all.is_empty());
    assert_eq!(all[0].kind, ErrorKind::Seat);
    assert_eq!(all[0].turn, Some(11));
    assert!(
        all[0]
            .message
            .starts_with(&format!("{}'s turn is missing", removed.head.seat)),
        "{all:?}"
    );
    assert!(
        all.iter().all(|e| e.kind != ErrorKind::TurnNumber),
        "{all:?}"
    );
}

/// Turn numbers at the top of their range are named, not overflowed.
#[test]
fn a_turn_numbered_at_the_last_number_is_checked_without_overflow() {
    let engine = Standard::new(billes_core::aggravation::KIND);
    let record =
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n4294967295. R2 --\n4294967295. G2 --\n3. R2 --\n*\n";
    let game = billes_notation::parse_game(record).unwrap();
    let all = engine.check_all(&game);
    assert!(
        all.iter().all(|e| e.kind == ErrorKind::TurnNumber),
        "{all:?}"
    );
    assert!(!all.is_empty());
    let report = engine.validate(&game);
    assert!(report.is_err(), "{report:?}");
}

/// A move that cannot be played stops the check there, and says so.
#[test]
fn a_move_that_cannot_be_played_stops_the_check() {
    let engine = Standard::new(billes_core::aggravation::KIND);
    let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R3 r9-b5\n3. G3 --\n4. R2 q1-q2\n*\n";
    let game = billes_notation::parse_game(record).unwrap();
    let all = engine.check_all(&game);
    assert_eq!(all.len(), 1, "{all:?}");
    assert_eq!(all[0].kind, ErrorKind::IllegalMove);
    assert_eq!(all[0].note(), Some(STOPPED));
}

/// A put-down on a point where a barricade may not go (`#d1`, a slip for
/// some other point): the move is played, and the barricade, whose point
/// is not known, is taken off the board, under each placement. The seat's
/// next turn, which puts down nothing (the record put it down already),
/// is no mistake of its own: the check goes on, to a false mark later.
#[test]
fn a_refused_put_down_is_one_mistake_and_the_check_goes_on() {
    use billes_core::barricade::{Barricade, Params, Placement};
    use billes_core::check_all_with;
    let later = "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R5 h-e3#\n2. B1 h-o1\n3. R1 e3-e2 #d1\n4. B1 o1-p1\n5. R1 e2-e1\n6. B1 p1-q1*\n*\n";
    let at_once = "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R5 h-e3# #d1\n2. B1 h-o1\n3. R1 e3-e2\n4. B1 o1-p1*\n*\n";
    for (placement, record, false_mark) in [
        (Placement::NextTurn, later, 6),
        (Placement::NextWholeTurn, later, 6),
        (Placement::Immediately, at_once, 4),
    ] {
        let rules = Barricade::new(Params {
            placement,
            ..Params::default()
        });
        let game = billes_notation::parse_game(record).unwrap();
        let all = check_all_with(&rules, &game);
        let kinds: Vec<ErrorKind> = all.iter().map(|e| e.kind).collect();
        assert_eq!(
            kinds,
            [ErrorKind::IllegalMove, ErrorKind::Effect],
            "{placement:?}: {all:?}"
        );
        assert_eq!(all[0].message, "a barricade cannot go on row 1 (d1)");
        assert_eq!(
            all[0].note(),
            Some("the move is played; the point R meant is not known, so its barricade is taken off the board: the check goes on"),
            "{placement:?}"
        );
        assert_eq!(all[1].turn, Some(false_mark), "{placement:?}");
    }
}

/// The first main-line turn from `from` on whose first action names a
/// place holding `digit` after its first letter: its index, and the turn
/// with that digit written as `letter`.
fn misspelt(game: &Game, from: usize, digit: char, letter: char) -> Option<(usize, Game)> {
    (from..game.line.turns.len()).find_map(|i| {
        let mut bad = game.clone();
        let action = bad.line.turns[i].actions.first_mut()?;
        let name = match action {
            Action::Move { path, .. } => path.first_mut()?,
            Action::Line { from, .. } => from,
            _ => return None,
        };
        let text = name.as_str();
        let at = text[1..].find(digit)? + 1;
        let mut typo = text.to_string();
        typo.replace_range(at..at + 1, &letter.to_string());
        *name = typo.as_str().into();
        Some((i, bad))
    })
}

/// In simulated games of the three games, a place name with a letter for
/// a digit (`rl3`, `co5`) 40% of the way in, and a false capture mark 80%
/// of the way in: the typo is read as meant, and the check goes on to the
/// mark.
#[test]
fn a_misspelt_name_is_read_as_meant_and_the_check_goes_on() {
    for kind in billes_core::registry::all() {
        let engine = Standard::new(kind);
        let mut checked = 0;
        for game in games(kind, 20) {
            let turns = game.line.turns.len();
            let Some((typo, mut bad)) = misspelt(&game, turns * 4 / 10, '1', 'l')
                .or_else(|| misspelt(&game, turns * 4 / 10, '0', 'o'))
            else {
                continue;
            };
            let Some(late) = (turns * 8 / 10..turns).find(|&i| {
                i > typo
                    && matches!(
                        bad.line.turns[i].actions.first(),
                        Some(Action::Move {
                            capture: None,
                            barricade: false,
                            ..
                        }) | Some(Action::Line { capture: None, .. })
                    )
            }) else {
                continue;
            };
            match &mut bad.line.turns[late].actions[0] {
                Action::Move { capture, .. } | Action::Line { capture, .. } => {
                    *capture = Some(Capture::default());
                }
                _ => unreachable!(),
            }
            let all = engine.check_all(&bad);
            let kinds: Vec<ErrorKind> = all.iter().map(|e| e.kind).collect();
            assert_eq!(
                kinds,
                [ErrorKind::IllegalMove, ErrorKind::Effect],
                "{kind}: {all:?}"
            );
            assert!(
                all[0].note().is_some_and(|n| n.starts_with("read as ")),
                "{all:?}"
            );
            assert_eq!(all[1].turn, Some(late as u32 + 1));
            checked += 1;
        }
        assert!(checked >= 5, "{kind}: {checked} games");
    }
}

/// A game read past its syntax errors: the check goes on past a typo read
/// as its did-you-mean says and past a turn read as the one move the turns
/// after it replay from, and stops at a turn left out (its head cannot be
/// read either), each syntax error's note saying which.
#[test]
fn a_game_read_past_its_syntax_errors_is_checked_past_them() {
    use billes_core::{check_recovered, UNREADABLE};
    let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R4 r9-rl3\n3. G6 +\n4. G2 g9 g11\n5. R1 r13-bO\n6. G1 g11-g12*\n7. r5 b0-b5\n8. G2 g12-y0\n*\n";
    let source = billes_notation::Reader::new(record.as_bytes())
        .next()
        .unwrap()
        .unwrap();
    let read = source
        .parse_recovering(source.parse().unwrap_err())
        .unwrap();
    assert_eq!(read.errors.len(), 3, "{:?}", read.errors);
    let engine = Standard::new(billes_core::aggravation::KIND);
    let checked = check_recovered(&engine, &read, None);
    let notes: Vec<Option<&str>> = checked.read.iter().map(Option::as_deref).collect();
    assert_eq!(
        notes,
        [
            Some("read as g9-g11, the one move of the roll the next 2 turns replay from: the check goes on"),
            Some("read as b0: the check goes on"),
            Some(UNREADABLE),
        ]
    );
    // The misread name and the false mark are found; the check stops at
    // turn 7.
    let kinds: Vec<ErrorKind> = checked.errors.iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds,
        [ErrorKind::IllegalMove, ErrorKind::Effect],
        "{checked:?}"
    );
    assert_eq!(checked.turns, 6);
}

/// The observer of the check sees each turn with the position before it:
/// the replay's in a valid game, and past a roll that does not fit the
/// move, the position the check goes on from.
#[test]
fn the_check_shows_the_position_it_goes_on_from() {
    use billes_core::position_after;
    for kind in billes_core::registry::all() {
        let engine = Standard::new(kind);
        let game = &games(kind, 1)[0];
        let mut before = Vec::new();
        let checked = engine.check_record(
            game,
            &[],
            Some(&mut |seen| before.push(seen.before.position_tag())),
        );
        assert_eq!(checked.errors, []);
        let expected: Vec<String> = (0..game.line.turns.len())
            .map(|n| {
                position_after(&engine, game, n as u32)
                    .unwrap()
                    .position_tag()
            })
            .collect();
        assert_eq!(before, expected, "{kind}");
    }
    let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R3 r9-r13\n3. G2 --\n4. R1 r13-b0\n*\n";
    let game = billes_notation::parse_game(record).unwrap();
    let engine = Standard::new(billes_core::aggravation::KIND);
    let mut seen_turns = Vec::new();
    let checked = engine.check_record(
        &game,
        &[],
        Some(&mut |seen| {
            seen_turns.push((seen.number, seen.after.is_some(), (seen.phrases)()));
        }),
    );
    assert_eq!(checked.errors[0].kind, ErrorKind::Roll);
    assert_eq!(checked.turns, 4);
    assert_eq!(seen_turns.len(), 4);
    assert!(seen_turns.iter().all(|(_, after, _)| *after));
    assert_eq!(seen_turns[1].2, ["moved 4 holes"]);
}

/// Marks are written past a mistake the check goes on after, and the
/// mistakes are told.
#[test]
fn marks_are_written_past_a_mistake() {
    let engine = Standard::new(billes_core::barricade::KIND);
    let record = "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R4 h-a1\n2. B5 h-q3\n3. R2 h-d1\n4. B5 h-m3 #c4\n*\n";
    let mut game = billes_notation::parse_game(record).unwrap();
    let checked = engine.mark_record(&mut game);
    assert_eq!(checked.errors.len(), 1, "{checked:?}");
    assert_eq!(checked.errors[0].kind, ErrorKind::Roll);
    assert_eq!(checked.missing.len(), 2);
    let written = write_game(&game);
    assert!(written.contains("2. B5 h-q3#\n"), "{written}");
    assert!(written.contains("4. B5 h-m3# #c4\n"), "{written}");
    assert!(complete_marks(&engine, &mut game).is_err());
}

/// Records with bytes changed at random (a letter for a digit, a space, a
/// parenthesis, a brace, a character of two bytes...) are read past their
/// syntax errors and checked past their mistakes, with the observer and
/// the marks: nothing panics, and every check ends.
#[test]
fn records_with_random_slips_never_panic() {
    use billes_core::check_recovered;
    let mut rng = Rng::new(42);
    let slips = [
        'O', 'l', ' ', '-', 'é', '(', ')', '{', '}', '#', '*', 'R', '1', '\n', ':',
    ];
    let mut read_past = 0;
    for kind in billes_core::registry::all() {
        let engine = Standard::new(kind);
        for game in games(kind, 8) {
            let text = write_game(&game);
            for _ in 0..40 {
                let mut bytes: Vec<char> = text.chars().collect();
                for _ in 0..1 + rng.below(3) {
                    let at = rng.below(bytes.len());
                    bytes[at] = slips[rng.below(slips.len())];
                }
                let slipped: String = bytes.into_iter().collect();
                let Some(Ok(source)) = billes_notation::Reader::new(slipped.as_bytes()).next()
                else {
                    continue;
                };
                let read = match source.parse() {
                    Ok(mut game) => {
                        engine.mark_record(&mut game);
                        continue;
                    }
                    Err(first) => match source.parse_recovering(first) {
                        Some(read) => read,
                        None => continue,
                    },
                };
                read_past += 1;
                let mut seen = 0;
                let checked = check_recovered(
                    &engine,
                    &read,
                    Some(&mut |s| {
                        seen += 1;
                        let _ = (s.phrases)();
                    }),
                );
                assert_eq!(checked.read.len(), read.errors.len());
            }
        }
    }
    assert!(read_past > 100, "{read_past}");
}
