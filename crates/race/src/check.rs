//! The board checks of a loaded game (`billes game check`): every problem
//! found, each naming its field.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use billes_notation::Name;

use crate::def::{ExtraRoll, RaceDef};

/// The most pieces a seat may have.
pub const MAX_PIECES: u32 = 16;
/// The most dice a turn may throw.
pub const MAX_DICE: u32 = 4;
/// The most faces a die may have.
pub const MAX_FACES: u32 = 100;
/// The most extra rolls in a row a game may allow.
pub const MAX_EXTRA_ROLLS: u32 = 16;

/// One thing wrong with a game: the field (`paths.R.entry`) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The field, as a path of keys.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

/// Whether `name` is a BGN point name: a lowercase letter, then lowercase
/// letters and digits, at most [`Name::MAX`] bytes; `None` when it is,
/// else why not.
pub fn point_name_problem(name: &str) -> Option<String> {
    let mut bytes = name.bytes();
    let first_ok = bytes.next().is_some_and(|b| b.is_ascii_lowercase());
    if !first_ok || !bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()) {
        return Some(format!(
            "{name:?} is not a point name (a lowercase letter, then lowercase letters and digits, like t1 or r5)"
        ));
    }
    if Name::try_new(name).is_none() {
        return Some(format!(
            "{name:?} is too long for a point name (at most {} characters)",
            Name::MAX
        ));
    }
    None
}

/// Whether `seat` is a BGN seat: an uppercase letter, then lowercase
/// letters, at most [`Name::MAX`] bytes.
fn seat_problem(seat: &str) -> Option<String> {
    let mut bytes = seat.bytes();
    let first_ok = bytes.next().is_some_and(|b| b.is_ascii_uppercase());
    if !first_ok || !bytes.all(|b| b.is_ascii_lowercase()) || Name::try_new(seat).is_none() {
        return Some(format!(
            "{seat:?} is not a seat (an uppercase letter, then lowercase letters, like R or Gr)"
        ));
    }
    None
}

/// Every problem of `def`, in the order of its fields; empty when the game
/// passes.
pub fn check(def: &RaceDef) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut say = |field: String, message: String| problems.push(Problem { field, message });

    // Seats and seatings.
    if def.seats.is_empty() {
        say("seats".into(), "no seats".into());
    }
    let mut seen = BTreeSet::new();
    for seat in &def.seats {
        if let Some(why) = seat_problem(seat) {
            say("seats".into(), why);
        }
        if !seen.insert(seat.as_str()) {
            say("seats".into(), format!("{seat} is named twice"));
        }
    }
    let known_seat = |s: &str| def.seats.iter().any(|k| k == s);
    for (players, seats) in &def.seatings {
        let field = format!("seatings.{players}");
        if seats.len() != *players as usize {
            say(
                field.clone(),
                format!(
                    "{players} players need {players} seats, not {}",
                    seats.len()
                ),
            );
        }
        let mut seen = BTreeSet::new();
        for seat in seats {
            if !known_seat(seat) {
                say(field.clone(), format!("{seat} is not one of the seats"));
            } else if !seen.insert(seat.as_str()) {
                say(field.clone(), format!("{seat} is named twice"));
            }
        }
    }
    if def.seatings.is_empty() {
        say("seatings".into(), "no seatings".into());
    }
    if def.pieces == 0 || def.pieces > MAX_PIECES {
        say(
            "pieces".into(),
            format!("{} pieces: a seat has 1 to {MAX_PIECES}", def.pieces),
        );
    }
    if def.dice.count == 0 || def.dice.count > MAX_DICE {
        say(
            "dice.count".into(),
            format!("{} dice: a turn throws 1 to {MAX_DICE}", def.dice.count),
        );
    }
    if def.dice.faces < 2 || def.dice.faces > MAX_FACES {
        say(
            "dice.faces".into(),
            format!("{} faces: a die has 2 to {MAX_FACES}", def.dice.faces),
        );
    }

    // Names: every point's, unique and valid, with the field it comes from.
    let mut names: Vec<(String, &str)> = Vec::new();
    names.extend(
        def.track
            .names
            .iter()
            .map(|n| ("track.names".to_owned(), n)),
    );
    for (seat, path) in &def.paths {
        names.extend(path.home.iter().map(|n| (format!("paths.{seat}.home"), n)));
        names.push((format!("paths.{seat}.goal"), path.goal.as_str()));
    }
    let mut first_field: BTreeMap<&str, &str> = BTreeMap::new();
    for (field, name) in &names {
        if let Some(why) = point_name_problem(name) {
            say(field.clone(), why);
        }
        if let Some(before) = first_field.insert(name, field) {
            say(
                field.clone(),
                format!("{name} is named twice (also in {before})"),
            );
            first_field.insert(name, before);
        }
    }
    if def.track.names.len() < 2 {
        say("track.names".into(), "a track has at least 2 points".into());
    }

    // Paths: one per seat, each from the track to its goal.
    for seat in &def.seats {
        if !def.paths.contains_key(seat) {
            say("paths".into(), format!("seat {seat} has no path"));
        }
    }
    for (seat, path) in &def.paths {
        let field = |part: &str| format!("paths.{seat}.{part}");
        if !known_seat(seat) {
            say(
                field("").trim_end_matches('.').to_owned(),
                format!("{seat} is not one of the seats"),
            );
        }
        if !def.track.names.contains(&path.entry) {
            say(
                field("entry"),
                format!("{} is not on the track", path.entry),
            );
        }
        if !def.track.names.contains(&path.last) {
            say(field("last"), format!("{} is not on the track", path.last));
        }
        if path.goal.is_empty() {
            say(field("goal"), "no goal".into());
        }
    }

    // Safe points: on the track.
    for name in def.safe.iter() {
        if !def.track.names.contains(name) {
            say("safe".into(), format!("{name} is not on the track"));
        }
    }

    // Flow.
    let flow = &def.flow;
    let highest = def.dice.count * def.dice.faces;
    if flow.enter_on.is_empty() {
        say("flow.enter_on".into(), "no value brings a piece in".into());
    }
    for &v in &flow.enter_on {
        if v == 0 || v > highest {
            say(
                "flow.enter_on".into(),
                format!(
                    "{v} is not a roll of {} dice of {} faces",
                    def.dice.count, def.dice.faces
                ),
            );
        }
    }
    match flow.extra_roll_on {
        ExtraRoll::Doubles if def.dice.count < 2 => say(
            "flow.extra_roll_on".into(),
            "doubles need two dice or more".into(),
        ),
        ExtraRoll::Six if def.dice.faces < 6 => say(
            "flow.extra_roll_on".into(),
            format!("a die of {} faces shows no six", def.dice.faces),
        ),
        _ => {}
    }
    if flow.extra_rolls_limit > MAX_EXTRA_ROLLS {
        say(
            "flow.extra_rolls_limit".into(),
            format!("{}: at most {MAX_EXTRA_ROLLS}", flow.extra_rolls_limit),
        );
    }
    let mut seen = BTreeSet::new();
    for c in &flow.compulsory {
        if !seen.insert(format!("{c:?}")) {
            say("flow.compulsory".into(), format!("{c:?} is named twice"));
        }
    }

    // Drawing: every point once, nothing else.
    let mut placed: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for (cell, column, row) in def.drawing.cells() {
        if !first_field.contains_key(cell) {
            say(
                "drawing.grid".into(),
                format!("{cell} (column {column}, row {row}) is not a point of the game"),
            );
        } else if let Some((c, r)) = placed.insert(cell, (column, row)) {
            say(
                "drawing.grid".into(),
                format!(
                    "{cell} is drawn twice (column {c}, row {r} and column {column}, row {row})"
                ),
            );
        }
    }
    for name in first_field.keys() {
        if !placed.contains_key(name) {
            say("drawing.grid".into(), format!("{name} is not drawn"));
        }
    }
    problems
}
