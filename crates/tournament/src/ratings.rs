//! Multiplayer ratings for pawn race games (Mensch ärgere dich nicht,
//! Aggravation, Ludo and the like), rated game by game over events in date
//! order with the `skillratings` crate.
//!
//! Every game is one multi-team update in which each player is a team of
//! one, ranked by their place. Two systems are offered: Weng-Lin (the
//! Bayesian approximation behind OpenSkill) and TrueSkill. Both start every
//! player at a rating of 25 with an uncertainty of 25/3 and use the crate's
//! default settings.
//!
//! An event, for ordering and for a player's history, is an event name
//! together with a date: a tournament whose games carry different dates
//! shows up as one history step per day.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use skillratings::trueskill::{trueskill_multi_team, TrueSkillConfig, TrueSkillRating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

/// One game as the rating sees it.
#[derive(Debug, Clone)]
pub struct RatedGame {
    /// The name of the event the game belongs to.
    pub event: String,
    /// `YYYY.MM.DD` as in PGN, possibly with `??` parts, or None.
    pub date: Option<String>,
    /// The round within the event, such as `3` or `2.1`, or None.
    pub round: Option<String>,
    /// Each player and their place (1 = first; equal places for a tie or
    /// for partners who won together).
    pub places: Vec<(String, u32)>,
}

/// The rating system used to rate the games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// Weng-Lin's Bayesian approximation, as used by OpenSkill.
    WengLin,
    /// Microsoft's TrueSkill.
    TrueSkill,
}

impl FromStr for System {
    type Err = String;

    /// Reads `weng-lin` (also `openskill`) or `trueskill`, in any case.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text.trim().to_ascii_lowercase().as_str() {
            "weng-lin" | "openskill" => Ok(Self::WengLin),
            "trueskill" => Ok(Self::TrueSkill),
            _ => Err(format!(
                "unknown rating system {text:?}: expected weng-lin (or openskill) or trueskill"
            )),
        }
    }
}

impl fmt::Display for System {
    /// Writes the name that `from_str` reads back: `weng-lin` or `trueskill`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::WengLin => f.write_str("weng-lin"),
            Self::TrueSkill => f.write_str("trueskill"),
        }
    }
}

/// A player's rating after their last game of one event.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    /// The event's name.
    pub event: String,
    /// The event's date as given in the games, or None.
    pub date: Option<String>,
    /// The rating after the player's last game of the event.
    pub rating: f64,
    /// The uncertainty after the player's last game of the event.
    pub uncertainty: f64,
    /// How many games the player played in the event.
    pub games: u32,
}

/// A player's final rating and how it got there.
#[derive(Debug, Clone, Serialize)]
pub struct Rating {
    /// The player's name, exactly as given in the games.
    pub player: String,
    /// The rating after the player's last game.
    pub rating: f64,
    /// The uncertainty after the player's last game.
    pub uncertainty: f64,
    /// rating − 3 × uncertainty: what the table is sorted by.
    pub conservative: f64,
    /// How many games the player was rated in.
    pub games: u32,
    /// One step per event the player played in, in the order rated.
    pub history: Vec<Step>,
}

/// Puts games in the order they are rated.
///
/// Events come by date, then by event name; within an event, games come by
/// round, then in the order given. The sort is stable. An event here is an
/// event name on one date, so a tournament whose games carry different
/// dates is ordered day by day.
///
/// Dates are read as year, month and day separated by `.` (`-` and `/` are
/// accepted too). A part that is not a number, such as `??`, is unknown and
/// comes after every known value in its place: `2024.??.??` comes after
/// `2024.12.31` and before `2025.01.01`, and a missing or unreadable date
/// comes after every dated game.
///
/// Rounds made of numbers separated by dots (`2`, `10`, `3.1`) compare as
/// numbers part by part, so `2` comes before `10` and `3.9` before `3.10`.
/// Other rounds compare as text and come after numeric ones; a missing,
/// empty, `?` or `-` round comes last.
pub fn order(games: &mut [RatedGame]) {
    games.sort_by(compare_games);
}

/// Compares two games by date, event name and round.
fn compare_games(a: &RatedGame, b: &RatedGame) -> Ordering {
    date_key(a.date.as_deref())
        .cmp(&date_key(b.date.as_deref()))
        .then_with(|| a.event.cmp(&b.event))
        .then_with(|| compare_rounds(a.round.as_deref(), b.round.as_deref()))
}

/// Turns a date into year, month and day, an unknown part being `u32::MAX`
/// so that it sorts after every known value.
fn date_key(date: Option<&str>) -> [u32; 3] {
    let mut key = [u32::MAX; 3];
    if let Some(date) = date {
        let parts = date.trim().split(['.', '-', '/']);
        for (slot, part) in key.iter_mut().zip(parts) {
            if is_digits(part) {
                *slot = part.parse().unwrap_or(u32::MAX);
            }
        }
    }
    key
}

/// Whether the text is one or more ASCII digits and nothing else.
fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// The kind of a round, in the order kinds sort.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum RoundKind {
    /// Numbers separated by dots, such as `3` or `3.1`.
    Numeric,
    /// Any other text.
    Text,
    /// No round, or a PGN placeholder for an unknown one.
    Missing,
}

/// Sorts a round into its kind and trims it.
fn classify_round(round: Option<&str>) -> (RoundKind, &str) {
    let round = round.map_or("", str::trim);
    if round.is_empty() || round == "?" || round == "-" {
        (RoundKind::Missing, round)
    } else if round.split('.').all(is_digits) {
        (RoundKind::Numeric, round)
    } else {
        (RoundKind::Text, round)
    }
}

/// Compares two rounds: numeric ones as numbers, then text, then missing.
pub(crate) fn compare_rounds(a: Option<&str>, b: Option<&str>) -> Ordering {
    let (kind_a, a) = classify_round(a);
    let (kind_b, b) = classify_round(b);
    kind_a.cmp(&kind_b).then_with(|| match kind_a {
        RoundKind::Numeric => compare_dotted_numbers(a, b),
        RoundKind::Text => a.cmp(b),
        RoundKind::Missing => Ordering::Equal,
    })
}

/// Compares dot-separated numbers part by part; a shorter prefix comes first.
fn compare_dotted_numbers(a: &str, b: &str) -> Ordering {
    let mut parts_a = a.split('.');
    let mut parts_b = b.split('.');
    loop {
        match (parts_a.next(), parts_b.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => match compare_digits(x, y) {
                Ordering::Equal => {}
                other => return other,
            },
        }
    }
}

/// Compares two strings of digits by value, whatever their length.
fn compare_digits(a: &str, b: &str) -> Ordering {
    let a = a.trim_start_matches('0');
    let b = b.trim_start_matches('0');
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

/// Rates the games in the order given (call `order` first), each game one
/// multi-team update where every player is a team of one ranked by place;
/// returns every player sorted by conservative rating (highest first, then
/// name). A player's history has one step per event they played in, with
/// the rating after their last game of that event.
///
/// Only the order of places matters: a lower place beats a higher one and
/// equal places are a tie, so partners who won together tie for first and
/// are each rated as one player. Names are compared exactly. If a name
/// appears twice in one game, only its first place counts. A game with
/// fewer than two different players is skipped, and a player seen only in
/// skipped games is not listed.
///
/// With TrueSkill, players who tie can end a little apart (a few
/// hundredths): a known trait of TrueSkill's iterative approximation, which
/// the crate shares with the reference implementation.
///
/// History steps follow the order given: a player's games in one event
/// (same event name and same date) make one step as long as no other event
/// comes between them.
///
/// # Examples
///
/// ```
/// use billes_tournament::ratings::{order, rate, RatedGame, System};
///
/// let table = |round: &str, finish: [&str; 4]| RatedGame {
///     event: "Club night".to_string(),
///     date: Some("2024.05.01".to_string()),
///     round: Some(round.to_string()),
///     places: (1..).zip(finish).map(|(place, name)| (name.to_string(), place)).collect(),
/// };
/// let mut games = vec![
///     table("2", ["Ann", "Cid", "Bob", "Dee"]),
///     table("1", ["Ann", "Bob", "Cid", "Dee"]),
/// ];
/// order(&mut games);
/// let ratings = rate(&games, System::WengLin);
///
/// assert_eq!(ratings.len(), 4);
/// assert_eq!(ratings[0].player, "Ann");
/// assert!(ratings[0].rating > 25.0);
/// assert_eq!(ratings[0].games, 2);
/// assert_eq!(ratings[0].history.len(), 1);
/// assert_eq!(ratings[3].player, "Dee");
/// ```
pub fn rate(games: &[RatedGame], system: System) -> Vec<Rating> {
    let mut table = Table::new(system);
    for game in games {
        table.play(game);
    }
    table.into_ratings()
}

/// A rating as a mean and an uncertainty, whatever the system.
#[derive(Debug, Clone, Copy)]
struct Skill {
    /// The mean skill.
    rating: f64,
    /// The standard deviation of the skill.
    uncertainty: f64,
}

/// What is known about one player while the games are rated.
#[derive(Debug)]
struct Player {
    /// The player's name.
    name: String,
    /// The current rating.
    skill: Skill,
    /// Games rated so far.
    games: u32,
    /// One step per event so far.
    history: Vec<Step>,
}

/// Every player seen so far, found by name.
struct Table {
    /// The rating system.
    system: System,
    /// Index into `players` by name.
    index: BTreeMap<String, usize>,
    /// Players in the order they first played.
    players: Vec<Player>,
}

impl Table {
    /// An empty table for the given system.
    fn new(system: System) -> Self {
        Self {
            system,
            index: BTreeMap::new(),
            players: Vec::new(),
        }
    }

    /// Rates one game, unless it has fewer than two different players.
    fn play(&mut self, game: &RatedGame) {
        let entrants = distinct_entrants(&game.places);
        if entrants.len() < 2 {
            return;
        }
        let seats: Vec<usize> = entrants.iter().map(|(name, _)| self.seat(name)).collect();
        let before: Vec<Skill> = seats.iter().map(|&i| self.players[i].skill).collect();
        let places: Vec<u32> = entrants.iter().map(|&(_, place)| place).collect();
        let after = update(self.system, &before, &places);
        for (&i, skill) in seats.iter().zip(after) {
            self.players[i].record(game, skill);
        }
    }

    /// The index of the named player, adding them with the starting rating.
    fn seat(&mut self, name: &str) -> usize {
        if let Some(&i) = self.index.get(name) {
            return i;
        }
        let i = self.players.len();
        self.players.push(Player {
            name: name.to_string(),
            skill: starting_skill(self.system),
            games: 0,
            history: Vec::new(),
        });
        self.index.insert(name.to_string(), i);
        i
    }

    /// Every player's rating, highest conservative rating first, then by name.
    fn into_ratings(self) -> Vec<Rating> {
        let mut ratings: Vec<Rating> = self.players.into_iter().map(Player::into_rating).collect();
        ratings.sort_by(|a, b| {
            b.conservative
                .total_cmp(&a.conservative)
                .then_with(|| a.player.cmp(&b.player))
        });
        ratings
    }
}

impl Player {
    /// Takes the rating after a game and notes it in the history.
    fn record(&mut self, game: &RatedGame, skill: Skill) {
        self.skill = skill;
        self.games = self.games.saturating_add(1);
        let same_event = self
            .history
            .last()
            .is_some_and(|step| step.event == game.event && step.date == game.date);
        if !same_event {
            self.history.push(Step {
                event: game.event.clone(),
                date: game.date.clone(),
                rating: skill.rating,
                uncertainty: skill.uncertainty,
                games: 0,
            });
        }
        if let Some(step) = self.history.last_mut() {
            step.rating = skill.rating;
            step.uncertainty = skill.uncertainty;
            step.games = step.games.saturating_add(1);
        }
    }

    /// The player's final rating with its history.
    fn into_rating(self) -> Rating {
        Rating {
            player: self.name,
            rating: self.skill.rating,
            uncertainty: self.skill.uncertainty,
            conservative: self.skill.rating - 3.0 * self.skill.uncertainty,
            games: self.games,
            history: self.history,
        }
    }
}

/// The players of a game with their places, each name once (its first place).
fn distinct_entrants(places: &[(String, u32)]) -> Vec<(&str, u32)> {
    let mut seen = BTreeSet::new();
    places
        .iter()
        .filter(|(name, _)| seen.insert(name.as_str()))
        .map(|(name, place)| (name.as_str(), *place))
        .collect()
}

/// The rating a new player starts with: the system's default.
fn starting_skill(system: System) -> Skill {
    match system {
        System::WengLin => {
            let start = WengLinRating::new();
            Skill {
                rating: start.rating,
                uncertainty: start.uncertainty,
            }
        }
        System::TrueSkill => {
            let start = TrueSkillRating::new();
            Skill {
                rating: start.rating,
                uncertainty: start.uncertainty,
            }
        }
    }
}

/// The ratings after one game, in the order of the players given.
fn update(system: System, skills: &[Skill], places: &[u32]) -> Vec<Skill> {
    match system {
        System::WengLin => update_weng_lin(skills, places),
        System::TrueSkill => update_trueskill(skills, places),
    }
}

/// A place as the crate's outcome, where a lower rank beats a higher one.
fn outcome(place: u32) -> MultiTeamOutcome {
    MultiTeamOutcome::new(usize::try_from(place).unwrap_or(usize::MAX))
}

/// One Weng-Lin multi-team update, every player a team of one.
fn update_weng_lin(skills: &[Skill], places: &[u32]) -> Vec<Skill> {
    let teams: Vec<[WengLinRating; 1]> = skills
        .iter()
        .map(|s| {
            [WengLinRating {
                rating: s.rating,
                uncertainty: s.uncertainty,
            }]
        })
        .collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(places)
        .map(|(team, &place)| (&team[..], outcome(place)))
        .collect();
    let rated = weng_lin_multi_team(&ranked, &WengLinConfig::new());
    first_of_each(skills, &rated, |r| (r.rating, r.uncertainty))
}

/// One TrueSkill multi-team update, every player a team of one.
///
/// The crate only fails on bad partial-play weights, which are never
/// passed; should it fail anyway, the ratings stay as they were.
fn update_trueskill(skills: &[Skill], places: &[u32]) -> Vec<Skill> {
    let teams: Vec<[TrueSkillRating; 1]> = skills
        .iter()
        .map(|s| {
            [TrueSkillRating {
                rating: s.rating,
                uncertainty: s.uncertainty,
            }]
        })
        .collect();
    let ranked: Vec<(&[TrueSkillRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(places)
        .map(|(team, &place)| (&team[..], outcome(place)))
        .collect();
    match trueskill_multi_team(&ranked, &TrueSkillConfig::new(), None) {
        Ok(rated) => first_of_each(skills, &rated, |r| (r.rating, r.uncertainty)),
        Err(_) => skills.to_vec(),
    }
}

/// The first player of each rated team, keeping the old rating where the
/// crate returned none.
fn first_of_each<R>(
    old: &[Skill],
    rated: &[Vec<R>],
    read: impl Fn(&R) -> (f64, f64),
) -> Vec<Skill> {
    old.iter()
        .enumerate()
        .map(|(i, &skill)| {
            rated
                .get(i)
                .and_then(|team| team.first())
                .map_or(skill, |r| {
                    let (rating, uncertainty) = read(r);
                    Skill {
                        rating,
                        uncertainty,
                    }
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game from a finishing order, places 1, 2, 3, ...
    fn game(event: &str, date: Option<&str>, round: Option<&str>, finish: &[&str]) -> RatedGame {
        RatedGame {
            event: event.to_string(),
            date: date.map(str::to_string),
            round: round.map(str::to_string),
            places: (1..).zip(finish).map(|(p, n)| (n.to_string(), p)).collect(),
        }
    }

    /// The rating of the named player.
    fn find<'a>(ratings: &'a [Rating], name: &str) -> &'a Rating {
        match ratings.iter().find(|r| r.player == name) {
            Some(rating) => rating,
            None => panic!("{name} is not in the ratings"),
        }
    }

    /// Rounds to the given number of decimals, as the crate's tests do.
    fn round_to(value: f64, decimals: i32) -> f64 {
        let scale = 10f64.powi(decimals);
        (value * scale).round() / scale
    }

    /// skillratings 0.29.2, src/weng_lin.rs, `test_weng`: two new players,
    /// player one wins: 27.635_231_383_473_65 / 8.065_506_316_323_548 and
    /// 22.364_768_616_526_35 / 8.065_506_316_323_548.
    #[test]
    fn weng_lin_matches_published_one_on_one() {
        let ratings = rate(&[game("E", None, None, &["One", "Two"])], System::WengLin);
        let one = find(&ratings, "One");
        let two = find(&ratings, "Two");
        assert!((one.rating - 27.635_231_383_473_65).abs() < 1e-12);
        assert!((one.uncertainty - 8.065_506_316_323_548).abs() < 1e-12);
        assert!((two.rating - 22.364_768_616_526_35).abs() < 1e-12);
        assert!((two.uncertainty - 8.065_506_316_323_548).abs() < 1e-12);
        assert_eq!(ratings[0].player, "One");
    }

    /// skillratings 0.29.2, src/trueskill/mod.rs, `test_trueskill`: two new
    /// players, player one wins: ratings round to 29 and 21, uncertainties
    /// to 7.17 for both.
    #[test]
    fn trueskill_matches_published_one_on_one() {
        let ratings = rate(&[game("E", None, None, &["One", "Two"])], System::TrueSkill);
        let one = find(&ratings, "One");
        let two = find(&ratings, "Two");
        assert_eq!(one.rating.round(), 29.0);
        assert_eq!(round_to(one.uncertainty, 2), 7.17);
        assert_eq!(two.rating.round(), 21.0);
        assert_eq!(round_to(two.uncertainty, 2), 7.17);
    }

    /// Python trueskill 0.4.4 (which matches Microsoft's reference
    /// calculator here), sublee/trueskill issue #15: five new players, one
    /// winner and four tied losers: 30.621 / 6.366, then 23.585 / 5.104,
    /// 23.593 / 5.100, 23.599 / 5.102 and 23.602 / 5.108.
    #[test]
    fn trueskill_matches_reference_free_for_all() {
        let mut tied = game("E", None, None, &["A", "B", "C", "D", "E"]);
        for (_, place) in &mut tied.places[1..] {
            *place = 2;
        }
        let ratings = rate(&[tied], System::TrueSkill);
        let expected = [
            ("A", 30.621, 6.366),
            ("B", 23.585, 5.104),
            ("C", 23.593, 5.100),
            ("D", 23.599, 5.102),
            ("E", 23.602, 5.108),
        ];
        for (name, rating, uncertainty) in expected {
            let found = find(&ratings, name);
            assert_eq!(round_to(found.rating, 3), rating, "{name}");
            assert_eq!(round_to(found.uncertainty, 3), uncertainty, "{name}");
        }
    }

    /// Equal places are a draw: Weng-Lin rates tied players exactly alike,
    /// TrueSkill nearly so (its iterative approximation leaves them a
    /// little apart).
    #[test]
    fn tied_places_rate_alike() {
        let mut tied = game("E", None, None, &["Ann", "Bob", "Cid", "Dee"]);
        tied.places[2].1 = 2;
        for (system, tolerance) in [(System::WengLin, 1e-12), (System::TrueSkill, 0.05)] {
            let ratings = rate(std::slice::from_ref(&tied), system);
            let bob = find(&ratings, "Bob");
            let cid = find(&ratings, "Cid");
            assert!((bob.rating - cid.rating).abs() < tolerance, "{system}");
            assert!(find(&ratings, "Ann").rating > bob.rating, "{system}");
            assert!(bob.rating > find(&ratings, "Dee").rating, "{system}");
        }
    }

    /// A tiny linear congruential generator, so the test needs no crate.
    struct Lcg(u64);

    impl Lcg {
        /// A number below `n`.
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 33) % n as u64) as usize
        }

        /// Shuffles in place (Fisher-Yates).
        fn shuffle<T>(&mut self, items: &mut [T]) {
            for i in (1..items.len()).rev() {
                items.swap(i, self.below(i + 1));
            }
        }
    }

    /// 30 games of 4 among 8 players; "Star" sits at every table and wins
    /// 80% of them, the others fill in at random.
    fn simulated_season(seed: u64) -> Vec<RatedGame> {
        let mut lcg = Lcg(seed);
        let others = ["P1", "P2", "P3", "P4", "P5", "P6", "P7"];
        (0..30)
            .map(|g| {
                let mut pool = others;
                lcg.shuffle(&mut pool);
                let mut finish = pool[..3].to_vec();
                let star_at = if lcg.below(10) < 8 {
                    0
                } else {
                    1 + lcg.below(3)
                };
                finish.insert(star_at, "Star");
                let date = format!("2024.{:02}.01", 1 + g / 10);
                let round = (1 + g % 10).to_string();
                game("Season", Some(&date), Some(&round), &finish)
            })
            .collect()
    }

    #[test]
    fn frequent_winner_ends_top() {
        let mut games = simulated_season(2024);
        let wins = games.iter().filter(|g| g.places[0].0 == "Star").count();
        assert!((20..=28).contains(&wins), "{wins} wins");
        order(&mut games);
        for system in [System::WengLin, System::TrueSkill] {
            let ratings = rate(&games, system);
            assert_eq!(ratings.len(), 8);
            assert_eq!(ratings[0].player, "Star", "{system}");
            assert!(ratings[0].rating > 25.0, "{system}");
            assert_eq!(ratings[0].games, 30);
            let steps: Vec<u32> = ratings[0].history.iter().map(|s| s.games).collect();
            assert_eq!(steps, [10, 10, 10]);
        }
    }

    #[test]
    fn same_input_same_output() {
        let mut games = simulated_season(7);
        games.push(game("Solo", None, None, &["Zed"]));
        games.push(game("Tie", None, None, &["Bea", "Abe"]));
        order(&mut games);
        for system in [System::WengLin, System::TrueSkill] {
            let first = serde_json::to_string(&rate(&games, system)).ok();
            let second = serde_json::to_string(&rate(&games.clone(), system)).ok();
            assert!(first.is_some());
            assert_eq!(first, second);
        }
    }

    #[test]
    fn order_sorts_dates_events_and_rounds() {
        let mut games = vec![
            game("B", Some("2024.03.01"), Some("10"), &["x", "y"]),
            game("Z", None, Some("1"), &["x", "y"]),
            game("B", Some("2024.03.01"), Some("2"), &["x", "y"]),
            game("A", Some("2024.??.??"), Some("1"), &["x", "y"]),
            game("B", Some("2024.03.01"), Some("2"), &["y", "x"]),
            game("C", Some("2023.12.31"), Some("final"), &["x", "y"]),
            game("C", Some("2023.12.31"), Some("3.10"), &["x", "y"]),
            game("C", Some("2023.12.31"), Some("3.9"), &["x", "y"]),
            game("A", Some("2024.03.01"), None, &["x", "y"]),
            game("C", Some("2023.12.31"), None, &["x", "y"]),
        ];
        order(&mut games);
        let seen: Vec<(&str, &str, &str)> = games
            .iter()
            .map(|g| {
                (
                    g.event.as_str(),
                    g.round.as_deref().unwrap_or("-"),
                    g.places[0].0.as_str(),
                )
            })
            .collect();
        let expected = [
            ("C", "3.9", "x"),
            ("C", "3.10", "x"),
            ("C", "final", "x"),
            ("C", "-", "x"),
            ("A", "-", "x"),
            ("B", "2", "x"),
            ("B", "2", "y"),
            ("B", "10", "x"),
            ("A", "1", "x"),
            ("Z", "1", "x"),
        ];
        assert_eq!(seen, expected);
    }

    #[test]
    fn history_has_one_step_per_event() {
        let mut games = vec![
            game("Cup", Some("2024.02.01"), Some("1"), &["Ann", "Bob"]),
            game(
                "Open",
                Some("2024.01.01"),
                Some("2"),
                &["Bob", "Ann", "Cid"],
            ),
            game("Open", Some("2024.01.01"), Some("1"), &["Ann", "Cid"]),
        ];
        order(&mut games);
        let ratings = rate(&games, System::WengLin);
        let ann = find(&ratings, "Ann");
        let events: Vec<(&str, u32)> = ann
            .history
            .iter()
            .map(|s| (s.event.as_str(), s.games))
            .collect();
        assert_eq!(events, [("Open", 2), ("Cup", 1)]);
        assert_eq!(ann.games, 3);
        let last = &ann.history[1];
        assert_eq!(
            (last.rating, last.uncertainty),
            (ann.rating, ann.uncertainty)
        );
        let cid = find(&ratings, "Cid");
        assert_eq!(cid.history.len(), 1);
        assert_eq!((cid.history[0].rating, cid.games), (cid.rating, 2));
        let after_open = rate(&games[..2], System::WengLin);
        assert_eq!(ann.history[0].rating, find(&after_open, "Ann").rating);
    }

    #[test]
    fn short_games_are_skipped_and_repeated_names_keep_first_place() {
        let repeated = RatedGame {
            places: vec![
                ("Ann".to_string(), 1),
                ("Bob".to_string(), 2),
                ("Ann".to_string(), 3),
            ],
            ..game("E", None, None, &[])
        };
        let games = vec![
            game("E", None, None, &["Solo"]),
            game("E", None, None, &["Pair", "Pair"]),
            repeated,
        ];
        let ratings = rate(&games, System::WengLin);
        let names: Vec<&str> = ratings.iter().map(|r| r.player.as_str()).collect();
        assert_eq!(names, ["Ann", "Bob"]);
        let plain = rate(&[game("E", None, None, &["Ann", "Bob"])], System::WengLin);
        assert_eq!(ratings[0].rating, plain[0].rating);
        assert!(rate(&[], System::TrueSkill).is_empty());
    }

    #[test]
    fn equal_ratings_sort_by_name() {
        let tie = RatedGame {
            places: vec![("Bea".to_string(), 1), ("Abe".to_string(), 1)],
            ..game("E", None, None, &[])
        };
        let ratings = rate(&[tie], System::WengLin);
        let names: Vec<&str> = ratings.iter().map(|r| r.player.as_str()).collect();
        assert_eq!(names, ["Abe", "Bea"]);
    }

    #[test]
    fn system_from_str() {
        assert_eq!("weng-lin".parse(), Ok(System::WengLin));
        assert_eq!("OpenSkill".parse(), Ok(System::WengLin));
        assert_eq!(" trueskill ".parse(), Ok(System::TrueSkill));
        let error = "elo".parse::<System>().err().unwrap_or_default();
        assert!(error.contains("weng-lin") && error.contains("openskill"));
        assert!(error.contains("trueskill"));
        for system in [System::WengLin, System::TrueSkill] {
            assert_eq!(system.to_string().parse(), Ok(system));
        }
    }
}
