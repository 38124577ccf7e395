//! The data model of `game.yaml`: a race game's geometry, chance and turn
//! flow, every field named in the games' own words.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;

/// The most names one range (`t1..t52`) may expand to: a board has far
/// fewer points, and a typing slip (`t1..t52000`) is refused rather than
/// allocated.
pub const MAX_RANGE: usize = 1000;

/// The most point names one description may list, ranges expanded (a
/// board of Ludo has 76 points): counted as the names are read, so a
/// description of many ranges is refused before it fills the memory.
pub const MAX_NAMES: usize = 4000;

thread_local! {
    /// The names read so far by the description being read on this thread.
    static NAMES_READ: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Starts the count of [`MAX_NAMES`] for a new description.
pub(crate) fn start_counting() {
    NAMES_READ.with(|n| n.set(0));
}

/// Counts `more` names read, refusing past [`MAX_NAMES`].
fn count_names(more: usize) -> Result<(), String> {
    NAMES_READ.with(|n| {
        let total = n.get().saturating_add(more);
        n.set(total);
        if total > MAX_NAMES {
            Err(format!("more than {MAX_NAMES} point names in one game"))
        } else {
            Ok(())
        }
    })
}

/// A race game as `game.yaml` describes it (after its parents, if any,
/// are merged in: see [`load`](mod@crate::load)).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceDef {
    /// The game's name, its `Game` tag (`ludo`).
    pub name: String,
    /// The game's name for people (`Ludo`).
    pub title: String,
    /// The seats in board order, clockwise; play follows it.
    pub seats: Vec<String>,
    /// The seats in play for each number of players.
    pub seatings: BTreeMap<u32, Vec<String>>,
    /// The pieces of each seat.
    pub pieces: u32,
    /// The dice thrown each turn.
    pub dice: Dice,
    /// The ring shared by all seats.
    pub track: Track,
    /// Each seat's way through the board, by seat.
    pub paths: BTreeMap<String, SeatPath>,
    /// The track points where no piece is captured.
    #[serde(default)]
    pub safe: Names,
    /// The turn's rules.
    pub flow: Flow,
    /// Where each point is drawn.
    pub drawing: Drawing,
}

/// The dice thrown each turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dice {
    /// How many dice.
    pub count: u32,
    /// The faces of each die (numbered 1 to `faces`).
    pub faces: u32,
}

/// The ring of points shared by all seats.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Track {
    /// The ring's points in the direction of travel; the last is followed
    /// by the first.
    pub names: Names,
}

/// One seat's way: onto the track, round it, off it into its home column
/// and to its goal.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatPath {
    /// The track point where the seat's pieces enter.
    pub entry: String,
    /// The seat's last track point, after which its pieces turn off.
    pub last: String,
    /// The seat's home column, in the direction of travel.
    pub home: Names,
    /// The point the seat's pieces race to, which holds any number of
    /// them (Ludo's finish); none when the home column is the goal, each
    /// of its points holding one piece (Mensch ärgere dich nicht's goal
    /// fields).
    #[serde(default)]
    pub goal: Option<String>,
}

/// When a roll gives another roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExtraRoll {
    /// A six (the highest face).
    Six,
    /// Doubles (two or more dice).
    Doubles,
    /// Never.
    None,
}

/// What landing on a rival does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Capture {
    /// The rival goes back to its yard.
    Land,
    /// Nothing: pieces share the point.
    None,
}

/// What two pieces of one seat on a point do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OwnStack {
    /// They may not share a point.
    None,
    /// They may, and form a blockade no piece passes.
    Blockade,
}

/// The actions a player must take when they can.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Compulsory {
    /// Bringing a piece in when the roll allows it.
    Enter,
    /// Moving a piece off its own entry point.
    ClearStart,
    /// Moving some piece.
    Move,
}

/// The turn's rules.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flow {
    /// The die values that bring a piece in.
    pub enter_on: Vec<u32>,
    /// When a roll gives another.
    pub extra_roll_on: ExtraRoll,
    /// How many extra rolls in a row a seat may earn: the roll that
    /// would earn one more is void (no piece moves, the next seat rolls:
    /// Ludo's third six). None (the default, or `null` in a child): no
    /// limit.
    #[serde(default)]
    pub extra_rolls_limit: Option<u32>,
    /// What landing on a rival does.
    pub capture: Capture,
    /// Whether a seat's pieces may share a point.
    pub own_stack: OwnStack,
    /// Whether the goal is reached only by the exact count.
    pub exact_finish: bool,
    /// What a player must do when able.
    pub compulsory: Vec<Compulsory>,
    /// How many rolls in a row a seat with no piece that can move has
    /// to bring one in (each a turn of its own; 1: one roll, as any turn).
    #[serde(default = "one")]
    pub tries: u32,
    /// Whether a piece may pass over pieces in its home column.
    #[serde(default = "yes")]
    pub jump_home: bool,
    /// Whether play goes on for the places once the first seat has
    /// finished (the game then ends when one seat is left).
    #[serde(default)]
    pub play_on: bool,
    /// How many pieces of each seat start on its entry point rather than
    /// in its yard (Mensch ärgere dich nicht's house variation V1: one).
    #[serde(default)]
    pub start_out: u32,
    /// Games of two dice: whether the two dice's total also brings a piece
    /// in, both dice used (Parcheesi 5.1: a 5, or 1-4 or 2-3).
    #[serde(default)]
    pub enter_with_total: bool,
    /// Whether a piece brought in captures a single rival on its entry
    /// point even when that point is safe (Parcheesi 5.4).
    #[serde(default)]
    pub capture_on_entry: bool,
    /// What the roll that would earn one extra roll too many does besides
    /// being void: `void` (nothing more), `back_nearest` (Parcheesi 4.5:
    /// the seat's piece nearest its goal, not yet home, goes back to the
    /// yard).
    #[serde(default)]
    pub over_limit: OverLimit,
    /// Games of two dice: when a double also gives the bottoms of the dice
    /// (7 minus each top): `never`, or `all_out` (no piece of the seat in
    /// its yard at the roll, Parcheesi 4.2).
    #[serde(default)]
    pub bottoms: Bottoms,
    /// Games of two dice: the bonus moves earned (Parcheesi 8: 20 for a
    /// capture, 10 for a piece home), moved in full by one piece after the
    /// die moves; 0 earns none.
    #[serde(default)]
    pub bonus: Bonus,
}

/// What the roll past the extra rolls allowed does.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OverLimit {
    /// It is void: no piece moves.
    #[default]
    Void,
    /// It is void, and the seat's piece nearest its goal goes back to the
    /// yard.
    BackNearest,
}

/// When a double adds the bottoms of the dice to the values played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bottoms {
    /// Never.
    #[default]
    Never,
    /// When none of the seat's pieces is in its yard at the roll.
    AllOut,
}

/// The bonus moves a turn earns.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bonus {
    /// The steps earned by each capture.
    #[serde(default)]
    pub capture: u32,
    /// The steps earned by each piece reaching home.
    #[serde(default)]
    pub home: u32,
}

fn one() -> u32 {
    1
}

fn yes() -> bool {
    true
}

/// Where each point is drawn.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drawing {
    /// Rows of whitespace-separated cells: a point's name where it is
    /// drawn, `.` where none is. A point's coordinates are its cell's
    /// column and row (from 0, top left).
    pub grid: String,
}

impl Drawing {
    /// Every named cell of the grid with its column and row, in reading
    /// order (`.` cells left out).
    pub fn cells(&self) -> impl Iterator<Item = (&str, usize, usize)> {
        self.grid.lines().enumerate().flat_map(|(row, line)| {
            line.split_whitespace()
                .enumerate()
                .filter(|&(_, cell)| cell != ".")
                .map(move |(column, cell)| (cell, column, row))
        })
    }
}

/// A list of point names, written as a list (`[r1, r2]`), as one range
/// (`"t1..t52"`: a prefix, then the first and last numbers) or as a list
/// whose items may be ranges.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names(pub Vec<String>);

impl Names {
    /// The names, in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(String::as_str)
    }

    /// Whether `name` is one of them.
    pub fn contains(&self, name: &str) -> bool {
        self.iter().any(|n| n == name)
    }

    /// How many names.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The names `text` stands for: a range `p<first>..p<last>` (the last may
/// be written without the prefix: `t1..52`) or one name.
///
/// # Errors
/// A message when the range is malformed, runs backwards or is longer than
/// [`MAX_RANGE`].
pub fn expand(text: &str) -> Result<Vec<String>, String> {
    let Some((first, last)) = text.split_once("..") else {
        count_names(1)?;
        return Ok(vec![text.to_owned()]);
    };
    let split = |s: &str| {
        let digits = s.len() - s.bytes().rev().take_while(u8::is_ascii_digit).count();
        (s[..digits].to_owned(), s[digits..].parse::<usize>().ok())
    };
    let bad = || {
        format!(
            "bad range {text:?}: write a prefix and the first and last numbers, like \"t1..t52\""
        )
    };
    let (prefix, from) = split(first);
    let (last_prefix, to) = split(last);
    let (Some(from), Some(to)) = (from, to) else {
        return Err(bad());
    };
    if !last_prefix.is_empty() && last_prefix != prefix {
        return Err(format!(
            "bad range {text:?}: its ends have different prefixes ({prefix:?} and {last_prefix:?})"
        ));
    }
    if from > to {
        return Err(format!("bad range {text:?}: it runs backwards"));
    }
    if to - from >= MAX_RANGE {
        return Err(format!("bad range {text:?}: more than {MAX_RANGE} names"));
    }
    count_names(to - from + 1)?;
    Ok((from..=to).map(|n| format!("{prefix}{n}")).collect())
}

impl<'de> Deserialize<'de> for Names {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Names, D::Error> {
        struct NamesVisitor;

        impl<'de> Visitor<'de> for NamesVisitor {
            type Value = Names;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a name, a range like \"t1..t52\" or a list of them")
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Names, E> {
                expand(text).map(Names).map_err(E::custom)
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Names, A::Error> {
                let mut names = Vec::new();
                while let Some(item) = seq.next_element::<String>()? {
                    names.extend(expand(&item).map_err(de::Error::custom)?);
                }
                Ok(Names(names))
            }
        }

        deserializer.deserialize_any(NamesVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_expand() {
        assert_eq!(expand("t1..t3").unwrap(), ["t1", "t2", "t3"]);
        assert_eq!(expand("R1..5").unwrap(), ["R1", "R2", "R3", "R4", "R5"]);
        assert_eq!(expand("rh").unwrap(), ["rh"]);
        assert!(expand("t3..t1").unwrap_err().contains("backwards"));
        assert!(expand("t1..g3").unwrap_err().contains("prefixes"));
        assert!(expand("t..t3").unwrap_err().contains("bad range"));
        assert!(expand("t1..t5000").unwrap_err().contains("more than"));
    }

    #[test]
    fn names_are_a_range_or_a_list() {
        let one: Names = serde_yaml::from_str("\"a1..a2\"").unwrap();
        assert_eq!(one.0, ["a1", "a2"]);
        let list: Names = serde_yaml::from_str("[x, \"a1..a2\"]").unwrap();
        assert_eq!(list.0, ["x", "a1", "a2"]);
    }
}
