//! The one reader of the tags that seat a record's players: `Seats` (the
//! seats in play, in playing order) and `Teams` (the seats grouped into
//! teams), and of the words of a `Position` tag. Every game reads them
//! here, into typed seats ([`Colour`], the seat's place among the game's
//! letters), and checks only what is its own (Aggravation's partners sit
//! opposite each other; Offboard's two seats).
//!
//! ```
//! use billes_game::seating::{self, PositionWord, SeatRules};
//!
//! let game = billes_notation::parse_game(
//!     "[Game \"aggravation\"]\n[Teams \"R+Y G+B\"]\n\n*\n",
//! ).unwrap();
//! let rules = SeatRules { game: "aggravation", letters: &["R", "G", "Y", "B"], players: 2..=4 };
//! let seating = seating::read(&game, &rules).unwrap().unwrap();
//! // no Seats tag: the seats are the teams' seats, in the order written
//! let letters: Vec<&str> = seating.seats.iter().map(|s| rules.letters[s.index()]).collect();
//! assert_eq!(letters, ["R", "Y", "G", "B"]);
//! assert_eq!(seating.teams.len(), 2);
//!
//! let words: Vec<_> = seating::position_words("R:r9,b2 G:g5 move=R").collect();
//! assert_eq!(words[0], PositionWord::Pieces { seat: "R", points: "r9,b2" });
//! assert_eq!(words[2], PositionWord::Field { key: "move", value: "R" });
//! ```

use std::ops::RangeInclusive;

use billes_notation::{Game, Span};

use crate::colour::Colour;
use crate::error::{ErrorKind, ReplayError, TagValueError};

/// What a game's seats are: its seat letters (a [`Colour`] is a place in
/// this list) and how many seats a game of it seats.
#[derive(Debug, Clone)]
pub struct SeatRules<'a> {
    /// The game's name, for the messages.
    pub game: &'a str,
    /// The seat letters, in the board's order.
    pub letters: &'a [&'a str],
    /// How many seats may play.
    pub players: RangeInclusive<usize>,
}

/// The seats of a record, as its `Seats` and `Teams` tags give them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seating {
    /// The seats in play, in playing order: the `Seats` tag's, or else the
    /// `Teams` tag's in the order written.
    pub seats: Vec<Colour>,
    /// The teams, as written (empty without a `Teams` tag): each a group of
    /// seats in play, every seat in play in exactly one.
    pub teams: Vec<Vec<Colour>>,
    /// Where the tag the seats were read from stands.
    pub span: Span,
    /// Where the `Teams` tag stands, when there is one.
    pub teams_span: Option<Span>,
}

impl SeatRules<'_> {
    /// The seat `word` names.
    fn seat(&self, word: &str) -> Option<Colour> {
        let i = self.letters.iter().position(|l| *l == word)?;
        Some(Colour::new(u8::try_from(i).ok()?))
    }

    fn tag_error(span: Span, message: String) -> ReplayError {
        ReplayError::new(ErrorKind::Tag, span, message)
    }

    /// The seats of a `Seats` value (or of a `Teams` value, whose `+` join
    /// seats), each known and listed once, as many as the game seats.
    ///
    /// # Errors
    /// What is wrong with them: an unknown seat, a seat listed twice, too
    /// few or too many seats.
    pub fn parse(&self, value: &str) -> Result<Vec<Colour>, TagValueError> {
        self.seats(value, Span::default())
            .map_err(|e| TagValueError(e.message))
    }

    fn seats(&self, value: &str, span: Span) -> Result<Vec<Colour>, ReplayError> {
        // a game every seat of which plays is told as such
        let all_play = *self.players.start() == self.letters.len();
        if all_play
            && self
                .parse_any(value)
                .is_none_or(|s| s.len() != self.letters.len())
        {
            return Err(Self::tag_error(
                span,
                format!(
                    "{} is played by {}, not \"{value}\"",
                    self.game,
                    self.letters.join(" and ")
                ),
            ));
        }
        let mut seats = Vec::new();
        for word in value.split(|c: char| c.is_whitespace() || c == '+') {
            if word.is_empty() {
                continue;
            }
            let seat = self.seat(word).ok_or_else(|| {
                Self::tag_error(
                    span,
                    format!(
                        "unknown seat \"{word}\" ({} seats are {})",
                        self.game,
                        self.letters.join(" ")
                    ),
                )
            })?;
            if seats.contains(&seat) {
                return Err(Self::tag_error(
                    span,
                    format!("seat {word} is listed twice"),
                ));
            }
            seats.push(seat);
        }
        if !self.players.contains(&seats.len()) {
            return Err(Self::tag_error(span, self.count_message(seats.len())));
        }
        Ok(seats)
    }

    /// The seats of `value` when each is known and listed once.
    fn parse_any(&self, value: &str) -> Option<Vec<Colour>> {
        let mut seats = Vec::new();
        for word in value.split(|c: char| c.is_whitespace() || c == '+') {
            let seat = self.seat(word).filter(|s| !seats.contains(s));
            match (word.is_empty(), seat) {
                (true, _) => {}
                (false, Some(seat)) => seats.push(seat),
                (false, None) => return None,
            }
        }
        Some(seats)
    }

    fn count_message(&self, n: usize) -> String {
        let (min, max) = (*self.players.start(), *self.players.end());
        if min == max {
            format!("{} is for {min} players, not {n}", self.game)
        } else {
            format!("{} is for {min} to {max} players, not {n}", self.game)
        }
    }

    /// The teams of a `Teams` value, each seat in play in exactly one.
    fn teams(
        &self,
        value: &str,
        span: Span,
        seats: &[Colour],
    ) -> Result<Vec<Vec<Colour>>, ReplayError> {
        let mut teams: Vec<Vec<Colour>> = Vec::new();
        for group in value.split_whitespace() {
            let mut team = Vec::new();
            for word in group.split('+') {
                let seat = self
                    .seat(word)
                    .filter(|s| seats.contains(s))
                    .ok_or_else(|| {
                        Self::tag_error(span, format!("team seat \"{word}\" is not a seat in play"))
                    })?;
                if teams.iter().chain([&team]).any(|t| t.contains(&seat)) {
                    return Err(Self::tag_error(
                        span,
                        format!("seat {word} is in two teams"),
                    ));
                }
                team.push(seat);
            }
            teams.push(team);
        }
        if teams.len() < 2 {
            return Err(Self::tag_error(
                span,
                "the Teams tag needs two teams or more, e.g. \"R+G B+Y\"".into(),
            ));
        }
        if let Some(s) = seats.iter().find(|s| !teams.iter().any(|t| t.contains(s))) {
            let letter = self.letters[s.index()];
            return Err(Self::tag_error(
                span,
                format!("seat {letter} is in no team"),
            ));
        }
        Ok(teams)
    }

    /// The message of a record without a `Seats` tag, for a game that
    /// needs one.
    pub fn missing(&self) -> String {
        format!(
            "missing Seats tag ({} to {} of {}, e.g. \"{}\")",
            self.players.start(),
            self.players.end(),
            self.letters.join(" "),
            self.letters[..(*self.players.start()).min(self.letters.len())].join(" ")
        )
    }
}

/// The seats of `game` from its `Seats` and `Teams` tags (`None` when it
/// has neither: the game decides what that means, most refuse it with
/// [`SeatRules::missing`]).
///
/// # Errors
/// A [`ErrorKind::Tag`] error at the tag: an unknown seat, a seat listed
/// twice, too few or too many seats, a team seat not in play, a seat in two
/// teams or in none, fewer than two teams.
pub fn read(game: &Game, rules: &SeatRules<'_>) -> Result<Option<Seating>, ReplayError> {
    let teams_tag = game.tag_entry("Teams");
    let Some(tag) = game.tag_entry("Seats").or(teams_tag) else {
        return Ok(None);
    };
    let seats = rules.seats(&tag.value, tag.span)?;
    let teams = match teams_tag {
        Some(t) => rules.teams(&t.value, t.span, &seats)?,
        None => Vec::new(),
    };
    Ok(Some(Seating {
        seats,
        teams,
        span: tag.span,
        teams_span: teams_tag.map(|t| t.span),
    }))
}

/// A word of a `Position` tag value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionWord<'a> {
    /// `R:r9,b2`: a seat's pieces, their points separated by commas.
    Pieces {
        /// The seat's letter.
        seat: &'a str,
        /// The points, as written (`r9,b2`; may be empty).
        points: &'a str,
    },
    /// `move=R`: a field of the game's.
    Field {
        /// The field's name.
        key: &'a str,
        /// Its value.
        value: &'a str,
    },
    /// A word that is neither.
    Other(&'a str),
}

impl std::fmt::Display for PositionWord<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionWord::Pieces { seat, points } => write!(f, "{seat}:{points}"),
            PositionWord::Field { key, value } => write!(f, "{key}={value}"),
            PositionWord::Other(word) => f.write_str(word),
        }
    }
}

/// The words of a `Position` tag value, in order: `key=value` fields
/// (whose value may hold `:`, as `held=R:e3`) and `seat:points` groups.
pub fn position_words(value: &str) -> impl Iterator<Item = PositionWord<'_>> {
    value.split_whitespace().map(|word| {
        if let Some((key, value)) = word.split_once('=') {
            PositionWord::Field { key, value }
        } else if let Some((seat, points)) = word.split_once(':') {
            PositionWord::Pieces { seat, points }
        } else {
            PositionWord::Other(word)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES: SeatRules<'static> = SeatRules {
        game: "race",
        letters: &["R", "G", "Y", "B"],
        players: 2..=4,
    };

    fn read_tags(tags: &str) -> Result<Option<Seating>, String> {
        let game = billes_notation::parse_game(&format!("{tags}\n\n*\n")).unwrap();
        read(&game, &RULES).map_err(|e| e.message)
    }

    #[test]
    fn seats_are_read_in_playing_order() {
        let s = read_tags("[Seats \"B R Y\"]").unwrap().unwrap();
        assert_eq!(s.seats, [Colour::new(3), Colour::new(0), Colour::new(2)]);
        assert!(s.teams.is_empty());
        assert_eq!(read_tags("[Event \"x\"]").unwrap(), None);
    }

    #[test]
    fn each_mistake_of_the_seats_is_told() {
        let cases = [
            (
                "[Seats \"R X\"]",
                "unknown seat \"X\" (race seats are R G Y B)",
            ),
            ("[Seats \"R R\"]", "seat R is listed twice"),
            ("[Seats \"R\"]", "race is for 2 to 4 players, not 1"),
            (
                "[Seats \"R G\"]\n[Teams \"R+Y G\"]",
                "team seat \"Y\" is not a seat in play",
            ),
            (
                "[Seats \"R\"]\n[Game \"x\"]",
                "race is for 2 to 4 players, not 1",
            ),
            (
                "[Seats \"R G Y B\"]\n[Teams \"R+G G+B\"]",
                "seat G is in two teams",
            ),
            (
                "[Seats \"R G Y B\"]\n[Teams \"R+G\"]",
                "the Teams tag needs two teams or more, e.g. \"R+G B+Y\"",
            ),
            (
                "[Seats \"R G Y B\"]\n[Teams \"R+G Y\"]",
                "seat B is in no team",
            ),
        ];
        for (tags, message) in cases {
            assert_eq!(read_tags(tags).unwrap_err(), message, "{tags}");
        }
    }

    #[test]
    fn a_game_all_seats_play_says_so() {
        let rules = SeatRules {
            game: "duel",
            letters: &["R", "B"],
            players: 2..=2,
        };
        let game = billes_notation::parse_game("[Seats \"R B G\"]\n\n*\n").unwrap();
        let e = read(&game, &rules).unwrap_err();
        assert_eq!(e.message, "duel is played by R and B, not \"R B G\"");
        let game = billes_notation::parse_game("[Seats \"B R\"]\n\n*\n").unwrap();
        assert_eq!(read(&game, &rules).unwrap().unwrap().seats.len(), 2);
    }

    #[test]
    fn teams_alone_seat_their_seats() {
        let s = read_tags("[Teams \"R+Y G+B\"]").unwrap().unwrap();
        assert_eq!(s.seats.len(), 4);
        assert_eq!(
            s.teams,
            [
                vec![Colour::new(0), Colour::new(2)],
                vec![Colour::new(1), Colour::new(3)]
            ]
        );
    }

    #[test]
    fn position_words_are_fields_groups_or_other() {
        let words: Vec<_> = position_words("held=R:e3 B: x").collect();
        assert_eq!(
            words,
            [
                PositionWord::Field {
                    key: "held",
                    value: "R:e3"
                },
                PositionWord::Pieces {
                    seat: "B",
                    points: ""
                },
                PositionWord::Other("x"),
            ]
        );
    }
}
