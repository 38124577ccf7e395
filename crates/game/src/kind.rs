//! [`GameKind`]: a game's name in `Game` tags, and whether it rolls dice.
//!
//! A game's crate makes its own kind from its rules' [`NAME`] and
//! [`HAS_DICE`] (the rules' [`KIND`]); no list of games stands here. The list
//! of the games billes knows is `billes_core::registry` (its `all`,
//! `named` and `list`): a game is added there, with one line, and nowhere
//! in this crate.
//!
//! ```
//! use billes_game::GameKind;
//!
//! const RACE: GameKind = GameKind::new("race", true);
//! assert_eq!(RACE.name(), "race");
//! assert!(RACE.has_dice());
//! assert_eq!(RACE, GameKind::new("race", true));
//! assert_eq!(RACE.to_string(), "race");
//! ```
//!
//! [`NAME`]: crate::game::GameRules::NAME
//! [`HAS_DICE`]: crate::game::GameRules::HAS_DICE
//! [`KIND`]: crate::game::GameRules::KIND

/// A game, named as in `Game` tags (lower case). Two kinds are the same
/// game when their names are.
#[derive(Clone, Copy)]
pub struct GameKind {
    name: &'static str,
    dice: u8,
}

impl GameKind {
    /// The game called `name` (lower case, as in `Game` tags), which rolls
    /// dice at the start of each turn when `dice`.
    pub const fn new(name: &'static str, dice: bool) -> GameKind {
        GameKind {
            name,
            dice: dice as u8,
        }
    }

    /// The game called `name` that rolls `dice` dice a turn (0, 1 or 2).
    ///
    /// ```
    /// use billes_game::GameKind;
    /// let two = GameKind::with_dice("pairs", 2);
    /// assert_eq!((two.dice(), two.has_dice()), (2, true));
    /// ```
    pub const fn with_dice(name: &'static str, dice: u8) -> GameKind {
        GameKind { name, dice }
    }

    /// The name used in `Game` tags.
    pub const fn name(self) -> &'static str {
        self.name
    }

    /// Whether a turn starts with a roll of the dice.
    pub const fn has_dice(self) -> bool {
        self.dice > 0
    }

    /// How many dice a turn rolls.
    pub const fn dice(self) -> u8 {
        self.dice
    }
}

impl PartialEq for GameKind {
    fn eq(&self, other: &GameKind) -> bool {
        std::ptr::eq(self.name, other.name) || self.name == other.name
    }
}

impl Eq for GameKind {}

impl std::hash::Hash for GameKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl std::fmt::Debug for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameKind({})", self.name)
    }
}

impl std::fmt::Display for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.name)
    }
}
