//! Going on past a typo, as a referee reads one: the move of a turn that
//! cannot be read, or that names a place with a letter for a digit, found
//! from what the record says around it ([`crate::check_all_with`] and the
//! check of a game read past its syntax errors call it).
//!
//! - A turn its did-you-mean reads (`r9-bO` read as `r9-b0`, `r9-rl3` as
//!   `r9-r13`) goes on as so read when that is a legal turn.
//! - Otherwise, when its seat and roll can be read, each legal move of the
//!   roll is played and the next [`LOOKAHEAD`] turns of its line replayed
//!   from it; the check goes on from the one move they replay from
//!   without a mistake (a wrong mark is none: it says nothing of the
//!   position), when there is exactly one (moves that reach the
//!   same position count as one), or else from the one of them nearest to
//!   what was written (fewest characters to change: `i9-i1O# #m5` is
//!   nearest `i9-i10# #m5` among the moves that differ only in where the
//!   barricade goes), when one is nearer than the others and differs from
//!   what was written in a third of its characters at most.
//!
//! Bounded: at most [`MAX_CANDIDATES`] moves are tried for a turn, each
//! with at most [`LOOKAHEAD`] turns after it, so a guessed turn costs at
//! most `MAX_CANDIDATES × (LOOKAHEAD + 1)` plays of a turn; a game has at
//! most as many guessed turns as turns.

use billes_notation::{Action, Turn};

use crate::game::{MoveRules, Roll};
use crate::recover::strip_marks;

/// The turns after a guessed one that are replayed to confirm it.
pub(crate) const LOOKAHEAD: usize = 4;

/// The most moves of a roll tried for one turn (no position of the three
/// games has nearly as many; a variant's `moves` hook might).
pub(crate) const MAX_CANDIDATES: usize = 256;

/// A turn whose move was found, and the position after it.
pub(crate) struct Found<S> {
    /// The turn as played.
    pub(crate) turn: Turn,
    /// The position after it.
    pub(crate) state: S,
    /// What the check did: "read as r9-r13, ...: the check goes on".
    pub(crate) note: String,
}

/// `turn` with every name of its actions that holds a letter for a digit
/// read with the digit (`rl3` as `r13`, `bO` as `b0`), and the names so
/// read (`r13`); `None` when it holds none.
pub(crate) fn misread(turn: &Turn) -> Option<(Turn, Vec<String>)> {
    let mut read = turn.clone();
    let mut names = Vec::new();
    for action in read.actions.iter_mut() {
        for name in action_names(action) {
            if let Some(meant) = billes_notation::misread_as(name.as_str()) {
                *name = meant.as_str().into();
                names.push(meant);
            }
        }
    }
    (!names.is_empty()).then_some((read, names))
}

/// The place names written in `action` (not its directions or marks'
/// targets: a target is checked against what the move does).
fn action_names(action: &mut Action) -> Vec<&mut billes_notation::Name> {
    match action {
        Action::Move { path, .. } => path.iter_mut().collect(),
        Action::Line { from, to, .. } => {
            let mut names = vec![from];
            names.extend(to.as_mut());
            names
        }
        Action::Place { to, .. } => to.as_mut().into_iter().collect(),
        Action::Barricade { at, .. } => vec![at],
        Action::Pass { .. } | Action::Remove { .. } => Vec::new(),
    }
}

/// Plays `turn` as `read` (what its did-you-mean reads) says, when it is
/// then legal: the position after it and the note.
pub(crate) fn read_as<R: MoveRules>(
    rules: &R,
    state: &R::State,
    turn: &Turn,
    read: &str,
) -> Option<Found<R::State>> {
    let mut after = state.clone();
    rules.play(&mut after, turn).ok()?;
    Some(Found {
        turn: turn.clone(),
        state: after,
        note: format!("read as {read}: the check goes on"),
    })
}

/// The one legal move of `turn`'s seat and roll that the turns of `rest`
/// (up to [`LOOKAHEAD`] of them, up to the first that `unknown` says
/// cannot be played as written) replay from without a mistake, or the one
/// of them nearest to `written` (what the turn writes after its head),
/// played; else why none is ("2 moves of the roll fit the next turn").
pub(crate) fn guess<R: MoveRules>(
    rules: &R,
    state: &R::State,
    turn: &Turn,
    number: u32,
    rest: &[Turn],
    unknown: &dyn Fn(&Turn) -> bool,
    written: &str,
) -> Result<Found<R::State>, String> {
    let head = &turn.head;
    let roll = match head.roll {
        Some(r) => Some(
            u8::try_from(r)
                .ok()
                .and_then(Roll::new)
                .ok_or("its roll is no die face")?,
        ),
        None => None,
    };
    let moves = rules
        .legal_moves(state, head.seat, roll, number)
        .map_err(|e| format!("{} may not take it ({e})", head.seat))?;
    let ahead: Vec<&Turn> = rest
        .iter()
        .take(LOOKAHEAD)
        .take_while(|t| !unknown(t))
        .collect();
    let mut fits: Vec<(Turn, R::State, String)> = Vec::new();
    for mv in moves.iter().take(MAX_CANDIDATES) {
        if head.mover.is_some_and(|m| m != mv.moving_seat()) {
            continue;
        }
        let candidate = mv.to_turn(number);
        let mut after = state.clone();
        if rules.play(&mut after, &candidate).is_err() || !replays(rules, &after, &ahead) {
            continue;
        }
        let tag = rules.position_tag(&after);
        if fits
            .iter()
            .any(|(_, s, t)| *t == tag && rules.next(s) == rules.next(&after))
        {
            continue;
        }
        fits.push((candidate, after, tag));
    }
    let next = match ahead.len() {
        0 => String::new(),
        1 => " the next turn replays from".to_string(),
        n => format!(" the next {n} turns replay from"),
    };
    let count = fits.len();
    let (chosen, how) = match count {
        0 if ahead.is_empty() => return Err("the roll has no legal move".to_string()),
        0 => {
            return Err(format!(
                "no move of the roll fits the next {}",
                turns(ahead.len())
            ))
        }
        1 => (fits.pop(), format!("the one move of the roll{next}")),
        _ => (
            nearest(&mut fits, written),
            format!("of the {count} moves of the roll{next}, the nearest to what was written"),
        ),
    };
    let Some((turn, state, _)) = chosen else {
        return Err(match ahead.len() {
            0 => format!("{count} moves of the roll are legal, and no turn after it tells which"),
            n => format!("{count} moves of the roll fit the next {}", turns(n)),
        });
    };
    let actions: Vec<String> = turn.actions.iter().map(ToString::to_string).collect();
    let note = format!("read as {}, {how}: the check goes on", actions.join(" "));
    Ok(Found { turn, state, note })
}

/// "turn", "2 turns".
fn turns(n: usize) -> String {
    if n == 1 {
        "turn".to_string()
    } else {
        format!("{n} turns")
    }
}

/// The move of `fits` whose actions are nearest to `written` (fewest
/// characters to change), taken out of the list, when one is nearer than
/// every other and differs from it in a third of its characters at most.
fn nearest<S>(fits: &mut Vec<(Turn, S, String)>, written: &str) -> Option<(Turn, S, String)> {
    if written.is_empty() {
        return None;
    }
    let distance = |t: &Turn| {
        let actions: Vec<String> = t.actions.iter().map(ToString::to_string).collect();
        edit_distance(&actions.join(" "), written)
    };
    let distances: Vec<usize> = fits.iter().map(|(t, _, _)| distance(t)).collect();
    let best = *distances.iter().min()?;
    // Near enough to be a slip of the pen: a third of it at most.
    if best * 3 > written.chars().count() {
        return None;
    }
    let mut at = distances.iter().enumerate().filter(|(_, &d)| d == best);
    let (i, _) = at.next()?;
    at.next().is_none().then(|| fits.swap_remove(i))
}

/// The characters to insert, remove or change to make `a` into `b`
/// (Levenshtein's distance).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Whether `turns` replay from `state` without a mistake that changes
/// the position (a wrong mark does not: the turn is then played without
/// its marks, as the check goes on), none after the end of the game.
fn replays<R: MoveRules>(rules: &R, state: &R::State, turns: &[&Turn]) -> bool {
    let mut state = state.clone();
    turns.iter().all(|t| {
        if rules.is_over(&state) {
            return false;
        }
        let mut after = state.clone();
        let played = rules.play(&mut after, t).is_ok() || {
            let mut bare = (*t).clone();
            let marked = bare
                .actions
                .iter_mut()
                .fold(false, |m, a| strip_marks(a) | m);
            after = state.clone();
            marked && rules.play(&mut after, &bare).is_ok()
        };
        state = after;
        played
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aggravation::Aggravation;
    use crate::Rules;

    fn record(movetext: &str) -> billes_notation::Game {
        let text = format!("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n{movetext}\n*\n");
        billes_notation::parse_game(&text).expect("the record parses")
    }

    #[test]
    fn edit_distances_count_the_characters_changed() {
        assert_eq!(edit_distance("i9-i10# #m5", "i9-i1O# #m5"), 1);
        assert_eq!(edit_distance("i9-i10# #a2", "i9-i1O# #m5"), 3);
        assert_eq!(edit_distance("", "r9"), 2);
        assert_eq!(edit_distance("r9-r13", "r9-r13"), 0);
    }

    #[test]
    fn a_letter_for_a_digit_is_read_as_the_digit() {
        let game = record("1. R6 r9-rl3 2. G2 c3:co>e");
        let (read, names) = misread(&game.line.turns[0]).expect("a misread name");
        assert_eq!(read.actions[0].to_string(), "r9-r13");
        assert_eq!(names, ["r13"]);
        let (read, _) = misread(&game.line.turns[1]).expect("a misread name");
        assert_eq!(read.actions[0].to_string(), "c3:c0>e");
        assert!(misread(&record("1. R6 r9-r13").line.turns[0]).is_none());
    }

    #[test]
    fn the_one_move_the_next_turns_replay_from_is_found() {
        // R has marbles on r9 and b1 when it rolls the 4 of turn 4 (its
        // actions stand for a turn that could not be read): r9-r13 or
        // b1-b5. Turn 6 moves the one on b5.
        let game = record("1. R6 + 2. R6 r9-b1 3. R6 + 4. R4 + 5. G2 -- 6. R2 b5-b7");
        let rules = Aggravation::default();
        let mut state = rules.setup(&game).unwrap();
        for t in &game.line.turns[..3] {
            rules.play(&mut state, t).unwrap();
        }
        let turns = &game.line.turns;
        let found = guess(&rules, &state, &turns[3], 4, &turns[4..], &|_| false, "");
        let found = found.map(|f| (f.turn.actions[0].to_string(), f.note));
        assert_eq!(
            found,
            Ok((
                "b1-b5".into(),
                "read as b1-b5, the one move of the roll the next 2 turns replay from: the check goes on".into()
            ))
        );
        // Without the turns after it, either may have been played.
        let found = guess(&rules, &state, &turns[3], 4, &[], &|_| false, "");
        assert_eq!(
            found.err().as_deref(),
            Some("2 moves of the roll are legal, and no turn after it tells which")
        );
        // Nor past a turn that cannot be read either...
        let unknown = |t: &Turn| t.number == 6;
        let found = guess(&rules, &state, &turns[3], 4, &turns[4..], &unknown, "");
        assert_eq!(
            found.err().as_deref(),
            Some("2 moves of the roll fit the next turn")
        );
        // ...unless one is nearer what was written.
        let found = guess(&rules, &state, &turns[3], 4, &[], &|_| false, "r9-rl3");
        assert_eq!(
            found.map(|f| f.note),
            Ok("read as r9-r13, of the 2 moves of the roll, the nearest to what was written: the check goes on".into())
        );
    }
}
