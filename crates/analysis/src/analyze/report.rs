//! What the analysis of a record says: the marks, the candidates of each
//! turn, the totals per seat and per team.

use std::fmt;

use billes_core::game::Position;
use billes_notation::Game;
use serde::Serialize;

use crate::policy::team_of;
use crate::rollout::Estimate;

/// The marks of a decision, by lost winning chance (GNU Backgammon's, with
/// winning chance for equity).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// `?!`: lost at least [`Mark::DOUBTFUL`].
    Doubtful,
    /// `?`: lost at least [`Mark::BAD`].
    Bad,
    /// `??`: lost at least [`Mark::VERY_BAD`].
    VeryBad,
}

impl Mark {
    /// Lost winning chance that makes a move doubtful (`?!`).
    pub const DOUBTFUL: f64 = 0.04;
    /// Lost winning chance that makes a move bad (`?`).
    pub const BAD: f64 = 0.08;
    /// Lost winning chance that makes a move very bad (`??`).
    pub const VERY_BAD: f64 = 0.16;

    /// The mark for a loss of winning chance `loss` measured with standard
    /// error `se`: none unless the loss is at least a threshold and more
    /// than twice its error.
    ///
    /// ```
    /// use billes_analysis::Mark;
    /// assert_eq!(Mark::of(0.2, 0.01), Some(Mark::VeryBad));
    /// assert_eq!(Mark::of(0.2, 0.15), None);
    /// assert_eq!(Mark::of(0.05, 0.0), Some(Mark::Doubtful));
    /// assert_eq!(Mark::of(0.01, 0.0), None);
    /// ```
    pub fn of(loss: f64, se: f64) -> Option<Mark> {
        if loss <= 2.0 * se {
            return None;
        }
        if loss >= Mark::VERY_BAD {
            Some(Mark::VeryBad)
        } else if loss >= Mark::BAD {
            Some(Mark::Bad)
        } else if loss >= Mark::DOUBTFUL {
            Some(Mark::Doubtful)
        } else {
            None
        }
    }

    /// The symbol: `?!`, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Doubtful => "?!",
            Mark::Bad => "?",
            Mark::VeryBad => "??",
        }
    }

    /// The NAG code of the symbol: 6, 2 or 4.
    pub fn nag(self) -> u8 {
        match self {
            Mark::Doubtful => 6,
            Mark::Bad => 2,
            Mark::VeryBad => 4,
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// One candidate of a decision: the moves that lead to the same position,
/// and their winning chance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Candidate {
    /// The moves, in canonical notation (two moves that reach the same
    /// position are one candidate).
    pub moves: Vec<String>,
    /// The winning chance of the mover's side after it.
    pub win: Estimate,
}

/// The analysis of one turn.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnAnalysis {
    /// The turn's place in the main line (1-based).
    pub index: u32,
    /// The turn number as written.
    pub number: u32,
    /// The seat that took the turn.
    pub seat: String,
    /// The mover's side: its team, or the seat alone.
    pub side: Vec<String>,
    /// The roll (`None` in Offboard).
    pub roll: Option<u8>,
    /// The move played, in canonical notation.
    pub played: String,
    /// Legal moves with the roll.
    pub legal: usize,
    /// Candidates (distinct positions reached); a decision has two or more.
    pub candidates: Vec<Candidate>,
    /// The winning chance after the move played (`None` for a forced move
    /// in a game without dice: nothing was rolled out).
    pub win: Option<Estimate>,
    /// The best candidate's first move and winning chance, when the move
    /// played is not the best.
    pub best: Option<(String, Estimate)>,
    /// Winning chance lost against the best candidate, with its standard
    /// error (0 when the move played is the best or there was no choice).
    /// A loss of [`Mark::DOUBTFUL`]` / 2` or more is measured again, with
    /// `win` and `best`, on fresh rollouts of the two with the same dice:
    /// picking the best of many noisy estimates would inflate it.
    pub loss: Estimate,
    /// The mark, if the loss earns one.
    pub mark: Option<Mark>,
    /// The roll's value against the average over the six rolls (dice games).
    pub luck: Option<Estimate>,
    /// Rollouts of the turn stopped unfinished at the turn cap
    /// ([`Settings::max_turns`](super::Settings::max_turns), then
    /// [`Settings::MIN_TURN_CAP`](super::Settings::MIN_TURN_CAP)) and
    /// valued by the evaluation;
    /// rollouts cut at the horizon are not counted.
    #[serde(skip_serializing_if = "is_zero")]
    pub unfinished: u32,
    /// Whether the time budget
    /// ([`Settings::time`](super::Settings::time)) stopped the turn's
    /// rollouts before they were all played.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hurried: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl TurnAnalysis {
    /// Whether the mover had a choice (two or more candidates).
    pub fn is_decision(&self) -> bool {
        self.candidates.len() > 1
    }
}

/// The totals of a seat or a team.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Totals {
    /// The seat, or the team's seats joined by `+`.
    pub who: String,
    /// Turns taken.
    pub turns: u32,
    /// Turns with a choice.
    pub decisions: u32,
    /// Marks `?!`.
    pub doubtful: u32,
    /// Marks `?`.
    pub bad: u32,
    /// Marks `??`.
    pub very_bad: u32,
    /// Winning chance lost over all decisions.
    pub lost: f64,
    /// Luck summed over the rolls.
    pub luck: f64,
}

impl Totals {
    fn add(&mut self, t: &TurnAnalysis) {
        self.turns += 1;
        if t.is_decision() {
            self.decisions += 1;
            self.lost += t.loss.mean.max(0.0);
        }
        match t.mark {
            Some(Mark::Doubtful) => self.doubtful += 1,
            Some(Mark::Bad) => self.bad += 1,
            Some(Mark::VeryBad) => self.very_bad += 1,
            None => {}
        }
        if let Some(l) = t.luck {
            self.luck += l.mean;
        }
    }
}

/// The analysis of a whole game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameAnalysis {
    /// The game.
    pub game: String,
    /// Every main-line turn.
    pub turns: Vec<TurnAnalysis>,
    /// Totals per seat, in playing order.
    pub seats: Vec<Totals>,
    /// Totals per team, in team games.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<Totals>,
    /// Rollouts stopped unfinished at the turn cap, over every turn.
    #[serde(skip_serializing_if = "is_zero")]
    pub unfinished: u32,
    /// Turns the time budget cut short.
    #[serde(skip_serializing_if = "is_zero")]
    pub hurried: u32,
}

/// The totals per seat and per team.
pub(super) fn summarise(
    game: &Game,
    start: &dyn Position,
    turns: Vec<TurnAnalysis>,
) -> GameAnalysis {
    let seats = start.seats();
    let mut per_seat: Vec<Totals> = seats
        .iter()
        .map(|s| Totals {
            who: s.to_string(),
            ..Totals::default()
        })
        .collect();
    let mut teams: Vec<Totals> = Vec::new();
    for s in &seats {
        let team = team_of(start, s);
        if team.len() > 1 {
            let who = team.join("+");
            if !teams.iter().any(|t| t.who == who) {
                teams.push(Totals {
                    who,
                    ..Totals::default()
                });
            }
        }
    }
    for t in &turns {
        if let Some(s) = per_seat.iter_mut().find(|s| s.who == t.seat) {
            s.add(t);
        }
        let who = t.side.join("+");
        if let Some(team) = teams.iter_mut().find(|x| x.who == who) {
            team.add(t);
        }
    }
    GameAnalysis {
        game: billes_core::registry::of(game).map_or_else(|_| String::new(), |k| k.to_string()),
        unfinished: turns.iter().map(|t| t.unfinished).sum(),
        hurried: turns.iter().filter(|t| t.hurried).count() as u32,
        turns,
        seats: per_seat,
        teams,
    }
}
