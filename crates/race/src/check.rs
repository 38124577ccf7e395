//! The board checks of a loaded game (`billes game check`): every problem
//! found, each naming its field.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use billes_notation::Name;

use crate::def::{Bonus, Bottoms, Compulsory, Dice, ExtraRoll, OverLimit, OwnStack, RaceDef};

/// The most seats a game may have (a set of seats is one byte).
pub const MAX_SEATS: usize = billes_game::Colour::MAX;
/// The most pieces a seat may have.
pub const MAX_PIECES: u32 = 16;
/// The most dice a turn may throw: two (a turn's head holds two, `R5-3`).
pub const MAX_DICE: u32 = 2;
/// The faces of a die: six, as the game API's [`Roll`](billes_game::game::Roll).
pub const FACES: u32 = 6;
/// The largest bonus move.
pub const MAX_BONUS: u32 = 1000;
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
    let mut problems = Problems(Vec::new());
    seats(def, &mut problems);
    counts(def, &mut problems);
    let points = points(def, &mut problems);
    paths(def, &mut problems);
    flow(def, &mut problems);
    drawing(def, &points, &mut problems);
    problems.0
}

/// The problems found so far.
struct Problems(Vec<Problem>);

impl Problems {
    fn say(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push(Problem {
            field: field.into(),
            message: message.into(),
        });
    }
}

/// Seats valid and unique; seatings of known seats, as many as players.
fn seats(def: &RaceDef, out: &mut Problems) {
    if def.seats.is_empty() {
        out.say("seats", "no seats");
    }
    if def.seats.len() > MAX_SEATS {
        out.say(
            "seats",
            format!("{} seats: a game has at most {MAX_SEATS}", def.seats.len()),
        );
    }
    let mut seen = BTreeSet::new();
    for seat in &def.seats {
        if let Some(why) = seat_problem(seat) {
            out.say("seats", why);
        }
        if !seen.insert(seat.as_str()) {
            out.say("seats", format!("{seat} is named twice"));
        }
    }
    if def.seatings.is_empty() {
        out.say("seatings", "no seatings");
    }
    for (players, seats) in &def.seatings {
        let field = format!("seatings.{players}");
        if *players < 2 {
            out.say(&field, "a race needs two players or more");
        }
        if seats.len() != *players as usize {
            out.say(
                &field,
                format!(
                    "{players} players need {players} seats, not {}",
                    seats.len()
                ),
            );
        }
        let mut seen = BTreeSet::new();
        for seat in seats {
            if !def.seats.contains(seat) {
                out.say(&field, format!("{seat} is not one of the seats"));
            } else if !seen.insert(seat.as_str()) {
                out.say(&field, format!("{seat} is named twice"));
            }
        }
    }
}

/// Pieces and dice in range.
fn counts(def: &RaceDef, out: &mut Problems) {
    if def.pieces == 0 || def.pieces > MAX_PIECES {
        out.say(
            "pieces",
            format!("{} pieces: a seat has 1 to {MAX_PIECES}", def.pieces),
        );
    }
    if def.dice.count == 0 || def.dice.count > MAX_DICE {
        out.say(
            "dice.count",
            format!(
                "{} dice: a race game throws 1 or {MAX_DICE} dice a turn",
                def.dice.count
            ),
        );
    }
    if def.dice.faces != FACES {
        out.say(
            "dice.faces",
            format!("{} faces: a die has {FACES}", def.dice.faces),
        );
    }
}

/// Every point's name valid and unique (a goal may be shared by seats:
/// it is one point); the points, each with the field that first names it.
fn points<'a>(def: &'a RaceDef, out: &mut Problems) -> BTreeMap<&'a str, String> {
    let mut names: Vec<(String, &str)> = Vec::new();
    names.extend(
        def.track
            .names
            .iter()
            .map(|n| ("track.names".to_owned(), n)),
    );
    for (seat, path) in &def.paths {
        names.extend(path.home.iter().map(|n| (format!("paths.{seat}.home"), n)));
    }
    let mut goals = BTreeSet::new();
    for (seat, path) in &def.paths {
        if let Some(goal) = path.goal.as_deref().filter(|g| goals.insert(*g)) {
            names.push((format!("paths.{seat}.goal"), goal));
        }
    }
    let mut first: BTreeMap<&str, String> = BTreeMap::new();
    for (field, name) in names {
        if let Some(why) = point_name_problem(name) {
            out.say(&field, why);
        }
        match first.get(name) {
            Some(before) => out.say(&field, format!("{name} is named twice (also in {before})")),
            None => {
                first.insert(name, field);
            }
        }
    }
    if def.track.names.len() < 2 {
        out.say("track.names", "a track has at least 2 points");
    }
    first
}

/// One path for each seat, each entering the track, leaving it from a
/// track point and ending at a goal; safe points on the track.
fn paths(def: &RaceDef, out: &mut Problems) {
    for seat in &def.seats {
        if !def.paths.contains_key(seat) {
            out.say("paths", format!("seat {seat} has no path"));
        }
    }
    let on_track = |name: &str| def.track.names.contains(name);
    for (seat, path) in &def.paths {
        let field = |part: &str| format!("paths.{seat}.{part}");
        if !def.seats.contains(seat) {
            out.say(
                format!("paths.{seat}"),
                format!("{seat} is not one of the seats"),
            );
        }
        if !on_track(&path.entry) {
            out.say(
                field("entry"),
                format!("{} is not on the track", path.entry),
            );
        }
        if !on_track(&path.last) {
            out.say(field("last"), format!("{} is not on the track", path.last));
        }
        if path.goal.is_none() && path.home.is_empty() {
            out.say(
                field("goal"),
                "no goal and no home column: a piece has nowhere to go",
            );
        }
    }
    for name in def.safe.iter() {
        if !on_track(name) {
            out.say("safe", format!("{name} is not on the track"));
        }
    }
}

/// The flow's values possible with the game's dice.
fn flow(def: &RaceDef, out: &mut Problems) {
    let flow = &def.flow;
    let Dice { count, faces } = def.dice;
    if flow.enter_on.is_empty() {
        out.say("flow.enter_on", "no value brings a piece in");
    }
    for &v in &flow.enter_on {
        if v == 0 || v > count * faces {
            out.say(
                "flow.enter_on",
                format!("{v} is not a roll of {count} dice of {faces} faces"),
            );
        }
    }
    match flow.extra_roll_on {
        ExtraRoll::Doubles if count < 2 => {
            out.say("flow.extra_roll_on", "doubles need two dice or more")
        }
        ExtraRoll::Six if faces < 6 => out.say(
            "flow.extra_roll_on",
            format!("a die of {faces} faces shows no six"),
        ),
        _ => {}
    }
    if let Some(limit) = flow.extra_rolls_limit.filter(|&l| l > MAX_EXTRA_ROLLS) {
        out.say(
            "flow.extra_rolls_limit",
            format!("{limit}: at most {MAX_EXTRA_ROLLS}"),
        );
    }
    if flow.start_out > 1.min(def.pieces) {
        out.say(
            "flow.start_out",
            format!(
                "{}: one piece at most starts on the entry point, where a seat's pieces may not share",
                flow.start_out
            ),
        );
    }
    if count == 2 {
        two_dice_flow(flow, out);
    } else {
        one_die_flow(flow, out);
    }
    let mut seen = Vec::new();
    for c in &flow.compulsory {
        if seen.contains(c) {
            out.say("flow.compulsory", format!("{c:?} is named twice"));
        }
        seen.push(*c);
    }
}

/// The turn rules a game of one die does not play.
fn one_die_flow(flow: &crate::def::Flow, out: &mut Problems) {
    let two = "a rule of games of two dice";
    if flow.own_stack == OwnStack::Blockade {
        out.say("flow.own_stack", format!("blockade: {two}"));
    }
    if flow.enter_with_total {
        out.say("flow.enter_with_total", format!("true: {two}"));
    }
    if flow.bottoms != Bottoms::Never {
        out.say("flow.bottoms", format!("all_out: {two}"));
    }
    if flow.bonus != Bonus::default() {
        out.say("flow.bonus", format!("bonus moves: {two}"));
    }
    if flow.over_limit != OverLimit::Void {
        out.say("flow.over_limit", format!("back_nearest: {two}"));
    }
    if flow.capture_on_entry {
        out.say("flow.capture_on_entry", format!("true: {two}"));
    }
}

/// The turn rules a game of two dice does not play: its roll is used as
/// fully as it can be, pieces reach the goal by the exact count, and it
/// has no tries, start field or home-column order.
fn two_dice_flow(flow: &crate::def::Flow, out: &mut Problems) {
    let one = "a rule of games of one die";
    if flow.extra_roll_on == ExtraRoll::Six {
        out.say(
            "flow.extra_roll_on",
            "six: games of two dice roll again on doubles (or none)",
        );
    }
    if !flow.compulsory.contains(&Compulsory::Move) {
        out.say(
            "flow.compulsory",
            "a game of two dice uses its roll as fully as it can: move is compulsory",
        );
    }
    if flow.compulsory.contains(&Compulsory::ClearStart) {
        out.say("flow.compulsory", format!("clear_start: {one}"));
    }
    if flow.tries != 1 {
        out.say("flow.tries", format!("{}: {one}", flow.tries));
    }
    if !flow.jump_home {
        out.say("flow.jump_home", format!("false: {one}"));
    }
    if !flow.exact_finish {
        out.say(
            "flow.exact_finish",
            "false: in a game of two dice pieces reach the goal by the exact count",
        );
    }
    for bonus in [flow.bonus.capture, flow.bonus.home] {
        if bonus > MAX_BONUS {
            out.say("flow.bonus", format!("{bonus}: at most {MAX_BONUS}"));
        }
        // A written part names no value: its length says it, so a bonus
        // must be longer than any die.
        if (1..=FACES).contains(&bonus) {
            out.say(
                "flow.bonus",
                format!("{bonus}: a bonus is more than {FACES} steps, so that a move tells a bonus from a die"),
            );
        }
    }
    // An entry (`+`) names no value either: one value brings a piece in.
    if flow.enter_on.len() > 1 {
        out.say(
            "flow.enter_on",
            "a game of two dice enters on one value (and on the dice's total with enter_with_total), so that an entry tells which die it used",
        );
    }
}

/// Every point drawn once, and nothing else drawn.
fn drawing(def: &RaceDef, points: &BTreeMap<&str, String>, out: &mut Problems) {
    let mut placed: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for (cell, column, row) in def.drawing.cells() {
        if !points.contains_key(cell) {
            out.say(
                "drawing.grid",
                format!("{cell} (column {column}, row {row}) is not a point of the game"),
            );
        } else if let Some((c, r)) = placed.insert(cell, (column, row)) {
            out.say(
                "drawing.grid",
                format!(
                    "{cell} is drawn twice (column {c}, row {r} and column {column}, row {row})"
                ),
            );
        }
    }
    for name in points.keys() {
        if !placed.contains_key(name) {
            out.say("drawing.grid", format!("{name} is not drawn"));
        }
    }
}
