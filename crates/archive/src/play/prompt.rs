//! What a session shows: the prompt (the turn, who acts, what is pending),
//! the numbered moves of a roll, `:help`, and the completions of a line.

use billes_core::game::{Move, Roll};
use billes_notation::Action;

use super::line::{self, Typed};
use super::Session;

/// The commands, with what each does, as `:help` lists them.
pub const COMMANDS: [(&str, &str); 9] = [
    (":help", "this list"),
    (
        ":undo",
        "take back the last change (as many times as wanted, to the start of the game)",
    ),
    (
        ":moves [ROLL]",
        "the legal moves (of ROLL, numbered: a number picks one)",
    ),
    (":board", "the board"),
    (":comment TEXT", "a comment after the last turn"),
    (":nag NAG", "a NAG after the last turn ($3, !, ?!, ...)"),
    (":tag NAME VALUE", "write a tag (no VALUE: take it out)"),
    (":result [*]", "the game stopped early: result * written"),
    (":quit", "stop (the record is already written)"),
];

/// `:help`.
pub(super) fn help() -> String {
    let mut out = String::from(
        "Type a turn as in a record (G4 g9-g13; the number and the seat may be left out: \
         4 g9-g13), or a roll alone (4) to list its moves, then a number or a name (r12-b1, \
         o4 for #o4) to pick one; Enter plays the only move offered. Marks (* #) are written by billes.\n",
    );
    for (command, what) in COMMANDS {
        out.push_str(&format!("  {command:<17} {what}\n"));
    }
    out.trim_end().to_string()
}

/// The moves of a roll, numbered from 1, with the head of the turn once
/// (`R4: 1 r9-r13  2 r12-b1`), or the one move (`R4: r9-r13`). The moves
/// that differ only in where a taken barricade goes down are one entry
/// (`3 i3-e5 #? (83 points)`), whose number lists the points.
pub(super) fn numbered(moves: &[Move]) -> String {
    let head = match moves.first() {
        Some(m) => {
            let mut h = m.seat.to_string();
            if let Some(r) = m.roll {
                h.push_str(&r.to_string());
            }
            h
        }
        None => return "no legal move".into(),
    };
    let groups = groups(moves);
    if let [only] = groups.as_slice() {
        if only.len() == 1 {
            return format!("{head}: {}", entry(&only[0]));
        }
    }
    let items: Vec<String> = groups
        .iter()
        .enumerate()
        .map(|(i, g)| match g.as_slice() {
            [one] => format!("{} {}", i + 1, entry(one)),
            many => format!(
                "{} {} #? ({} points)",
                i + 1,
                entry(&without_put_down(&many[0])),
                many.len()
            ),
        })
        .collect();
    format!("{head}: {}", items.join("  "))
}

/// The moves of one entry, which differ only in where the barricade goes
/// down, numbered by their points (`i3-e5, then: 1 #a13  2 #b13`).
pub(super) fn points(moves: &[Move]) -> String {
    let Some(first) = moves.first() else {
        return "no legal move".into();
    };
    let items: Vec<String> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| match m.actions.last() {
            Some(a) => format!("{} {a}", i + 1),
            None => format!("{}", i + 1),
        })
        .collect();
    format!(
        "{} {}, then: {}",
        first.turn().split(' ').next().unwrap_or(""),
        entry(&without_put_down(first)),
        items.join("  ")
    )
}

/// The moves grouped: those that differ only in where a taken barricade
/// goes down together, in the order of the list.
pub(super) fn groups(moves: &[Move]) -> Vec<Vec<Move>> {
    let mut out: Vec<Vec<Move>> = Vec::new();
    for m in moves {
        let key = without_put_down(m);
        match out.last_mut() {
            Some(last) if put_down(m) && without_put_down(&last[0]) == key => last.push(m.clone()),
            _ => out.push(vec![m.clone()]),
        }
    }
    out
}

fn put_down(m: &Move) -> bool {
    matches!(m.actions.as_slice(), [first @ .., Action::Barricade { .. }] if !first.is_empty())
}

/// The move without its last action when that puts a barricade down.
pub(super) fn without_put_down(m: &Move) -> Move {
    let mut out = m.clone();
    if put_down(m) {
        out.actions.pop();
    }
    out
}

/// `R or G`, `R, B, G or Y`.
pub(super) fn either<S: std::borrow::Borrow<str> + std::fmt::Display>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [first @ .., last] => format!("{} or {last}", first.join(", ")),
    }
}

/// The moves of a roll, unnumbered.
pub(super) fn plain(moves: &[Move]) -> String {
    let items: Vec<String> = moves.iter().map(entry).collect();
    items.join("  ")
}

/// A move as its list shows it: the actions, and the teammate moved
/// (`>G g9-g13`) in team play.
pub(super) fn entry(m: &Move) -> String {
    match m.mover {
        Some(mover) => format!(">{mover} {m}"),
        None => m.to_string(),
    }
}

impl Session<'_> {
    /// The prompt: the next turn's number, who acts and what is pending
    /// (`12. G to roll> `, `7. R to roll, then put the barricade down> `);
    /// with a roll's moves offered, how to pick one; once the game is
    /// over, who won.
    pub fn prompt(&self) -> String {
        if let Some(winners) = self.pos.winners().filter(|_| self.pos.is_over()) {
            return format!(
                "{} won (:undo takes the last turn back)> ",
                winners.join("+")
            );
        }
        let number = self.next_number();
        if let Some(offer) = &self.offer {
            return match offer.entries().as_slice() {
                [only] if only.len() == 1 => format!("{number}. Enter plays {}> ", only[0].turn()),
                many => format!("{number}. pick 1 to {}, or {}> ", many.len(), offer.what()),
            };
        }
        let next = self.pos.next();
        let Some(seat) = next.seats.first() else {
            return format!("{number}> ");
        };
        let offer = next.needs.iter().find_map(|n| n.offer());
        // Any of several seats may take the turn (the first of a game):
        // the prompt names them all, and the seat is to be written.
        let mut text = match offer {
            None if next.seats.len() > 1 => format!("{number}. {}", either(&next.seats)),
            _ => format!("{number}. {seat}"),
        };
        match &offer {
            Some(offer) => text.push_str(offer),
            None if next.dice => text.push_str(" to roll"),
            None => text.push_str(" to move"),
        }
        if self.again() && offer.is_none() {
            text.push_str(" again");
        }
        for need in &next.needs {
            text.extend(need.prompt());
        }
        text.push_str("> ");
        text
    }

    /// Whether the seat to act also took the last turn (an extra turn).
    fn again(&self) -> bool {
        let last = self.game.line.turns.last().map(|t| t.head.seat.as_str());
        last.is_some() && last == self.pos.to_act().as_deref()
    }

    /// The completions of `line` with the cursor at its end: where the
    /// word completed starts, and the candidates. Commands after `:`; the
    /// legal moves of the roll typed (`4 r`, `R4 r9-`, or the moves
    /// offered); the seats at the start of a turn.
    pub fn complete(&self, text: &str) -> (usize, Vec<String>) {
        let start = text.rfind(' ').map_or(0, |i| i + 1);
        let word = &text[start..];
        if text.starts_with(':') && start == 0 {
            let names = COMMANDS
                .iter()
                .filter_map(|(c, _)| c.split(' ').next())
                .filter(|c| c.starts_with(word))
                .map(str::to_string)
                .collect();
            return (0, names);
        }
        if let Some(offer) = &self.offer {
            if start == 0 {
                let mut found = offer.complete(word);
                found.extend(
                    offer
                        .moves
                        .iter()
                        .map(|m| m.turn())
                        .filter(|m| m.starts_with(word)),
                );
                return (0, found);
            }
        }
        let head = text[..start].trim();
        let (_, head) = match line::classify(head) {
            Typed::Turn { number, text } => (number, text),
            _ => (None, head),
        };
        if start == 0 || head.is_empty() {
            let seats = self
                .pos
                .next()
                .seats
                .into_iter()
                .filter(|s| s.starts_with(word))
                .map(|s| s.to_string())
                .collect();
            return (start, seats);
        }
        // The head: `4`, `R4`, `R4>G`, or a seat alone (no dice).
        let first = head.split(' ').next().unwrap_or(head);
        let (seat, roll) = match line::classify(first) {
            Typed::Number(n) => (self.pos.to_act(), Some(n)),
            Typed::Roll { seat, roll, .. } => (seat.map(billes_notation::Seat::from), Some(roll)),
            _ => (Some(billes_notation::Seat::from(first)), None),
        };
        let roll = roll.and_then(|r| u8::try_from(r).ok()).and_then(Roll::new);
        let Some(seat) = seat else {
            return (start, Vec::new());
        };
        let Ok(moves) = self.pos.legal_moves_for(seat, roll) else {
            return (start, Vec::new());
        };
        // The actions typed after the head so far, then the word.
        let typed: Vec<&str> = head.split(' ').skip(1).collect();
        let mut found: Vec<String> = Vec::new();
        for m in &moves {
            let words: Vec<String> = m.to_string().split(' ').map(str::to_string).collect();
            let same = typed.iter().zip(&words).all(|(t, w)| strip(t) == strip(w));
            if !same || words.len() <= typed.len() {
                continue;
            }
            let next = &words[typed.len()];
            if next.starts_with(word) && !found.contains(next) {
                found.push(next.clone());
            }
        }
        (start, found)
    }
}

/// A word without its marks, to compare what was typed with a move.
fn strip(word: &str) -> &str {
    word.split(['*', '#']).next().unwrap_or(word)
}
