//! One game as a tournament reads it: who sat where, in which event and
//! round, each seat's place and points, and whether the places were
//! adjudicated.

use serde::Serialize;

/// A player at a table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sitting {
    /// The seat letter.
    pub seat: String,
    /// The player's name (the seat's name tag: `Red "Ann"`).
    pub player: String,
    /// The place, 1 the first; seats placed equal share one.
    pub place: u32,
    /// Whether the seat finished (else it was placed by progress).
    pub finished: bool,
    /// The progress counted for it.
    pub progress: u64,
    /// The points its place scored.
    pub points: f64,
}

/// A game of a tournament.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Table {
    /// The file it was read from.
    pub file: String,
    /// Its 1-based number in its file.
    pub game: usize,
    /// Its `Game` tag.
    pub kind: String,
    /// Its `Event` tag (empty: none).
    pub event: String,
    /// Its `Round` tag.
    pub round: Option<String>,
    /// Its `Table` tag.
    pub table: Option<String>,
    /// Its `Date` tag.
    pub date: Option<String>,
    /// Its `Termination` tag (why it stopped: `time`, ...).
    pub termination: Option<String>,
    /// The players, in playing order.
    pub players: Vec<Sitting>,
    /// The teams, as indexes into `players` (empty: each for themselves).
    pub teams: Vec<Vec<usize>>,
    /// Whether places were decided by progress in a game not over.
    pub adjudicated: bool,
    /// The first mistake of an invalid game counted all the same
    /// (`--invalid count`): its places are those of the position before it.
    pub invalid: Option<String>,
    /// The link to the game's viewer page, when pages are written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub viewer: Option<String>,
}

impl Table {
    /// The sitting of `player`, if they played this game.
    pub fn sitting(&self, player: &str) -> Option<&Sitting> {
        self.players.iter().find(|s| s.player == player)
    }

    /// The team (indexes into `players`) of player `i`: their own alone
    /// when the game has no teams.
    pub fn team_of(&self, i: usize) -> Vec<usize> {
        self.teams
            .iter()
            .find(|t| t.contains(&i))
            .cloned()
            .unwrap_or_else(|| vec![i])
    }
}

/// A game left out of the standings, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LeftOut {
    /// The file.
    pub file: String,
    /// Its 1-based number in the file, when the problem is a game's.
    pub game: Option<usize>,
    /// Its `Event` tag, when it could be read.
    pub event: Option<String>,
    /// Why, with its place (`line 12: ...`) where it has one.
    pub reason: String,
}
