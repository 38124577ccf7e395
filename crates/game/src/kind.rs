//! [`GameKind`]: the name of each game billes knows, as data.
//!
//! The games' names and whether they roll a die stand here, below every
//! layer that names a game (a view, a position, a variant); the games'
//! rules types are listed in `billes_core::registry`, whose line of each game
//! checks at compile time that its rules agree with this list.

use billes_notation::Game;

use crate::error::{ErrorKind, ReplayError};

/// The games billes knows, named by the `Game` tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Aggravation (seeds 000, 001, 003).
    Aggravation,
    /// Barricade (seed 004).
    Barricade,
    /// Offboard (seed 002).
    Offboard,
}

impl GameKind {
    /// Every game, in the order `billes --help` lists them.
    pub const ALL: [GameKind; 3] = [
        GameKind::Aggravation,
        GameKind::Barricade,
        GameKind::Offboard,
    ];

    /// The name used in `Game` tags.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Aggravation => "aggravation",
            GameKind::Barricade => "barricade",
            GameKind::Offboard => "offboard",
        }
    }

    /// Whether a turn starts with a roll of the die (Offboard has no dice).
    pub const fn has_dice(self) -> bool {
        match self {
            GameKind::Aggravation | GameKind::Barricade => true,
            GameKind::Offboard => false,
        }
    }

    /// The names of every game, separated by commas, `last` before the last
    /// one: `GameKind::list(" or ")` is "aggravation, barricade or offboard".
    pub fn list(last: &str) -> String {
        let names = GameKind::ALL.map(GameKind::name);
        match names.split_last() {
            Some((end, [])) => end.to_string(),
            Some((end, rest)) => format!("{}{last}{end}", rest.join(", ")),
            None => String::new(),
        }
    }

    /// The game called `name` in a `Game` tag (case-insensitive).
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The game a record is of, from its `Game` tag.
    ///
    /// # Errors
    /// A [`ErrorKind::Tag`] error when the tag is missing or names no known game.
    pub fn of(game: &Game) -> Result<GameKind, ReplayError> {
        match game.tag_entry("Game") {
            // A game without tags whose first turn is not turn 1 is most
            // likely the rest of the game before, cut off by a result token:
            // `r9-r12 *` ends a game, `r9-r12*` marks a capture.
            None if game.tags.is_empty()
                && game.line.turns.first().is_some_and(|t| t.number > 1) =>
            {
                Err(ReplayError::new(
                    ErrorKind::Tag,
                    game.span,
                    format!(
                        "missing Game tag: these turns start at turn {}, so they probably \
                         belong to the game before, ended early by a result token \
                         (a capture mark is written without a space: r9-r12*)",
                        game.line.turns[0].number
                    ),
                ))
            }
            None => Err(ReplayError::new(
                ErrorKind::Tag,
                game.span,
                format!("missing Game tag (one of {})", GameKind::list(", ")),
            )),
            Some(tag) => GameKind::from_name(&tag.value).ok_or_else(|| {
                ReplayError::new(
                    ErrorKind::Tag,
                    tag.span,
                    format!(
                        "unknown game \"{}\" (expected {})",
                        tag.value,
                        GameKind::list(" or ")
                    ),
                )
            }),
        }
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.name())
    }
}
