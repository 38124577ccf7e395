//! Random games: the first seat drawn at random (the record names it),
//! then each seat rolls in turn and plays the one move of its roll, every
//! turn checked by the game's checker as it is written.

use billes_game::game::{GameRules, Roll};
use billes_game::variant::Hooks;
use billes_game::{Colour, Rng, SimOptions, SimulateError};
use billes_notation::{Game, Line, Outcome, Seat, Span, Tag};

use super::position::{seat, State};
use super::SnakesAndLadders;

impl SnakesAndLadders {
    /// Plays one random legal game of `options.players` seats (R G Y B, the
    /// first ones) and returns its record ([`GameRules::simulate`]).
    ///
    /// # Errors
    /// When the options describe no Snakes and Ladders game (players
    /// outside 2..=4, teams), or, which would be a bug, when a move of the
    /// list does not replay.
    pub(crate) fn simulate_with<H: Hooks>(
        &self,
        options: &SimOptions,
        rng: &mut Rng,
        hooks: &H,
    ) -> Result<Game, SimulateError> {
        if !(2..=4).contains(&options.players) {
            return Err(SimulateError::Options(format!(
                "snakes-and-ladders is for 2 to 4 players, not {}",
                options.players
            )));
        }
        if options.teams.is_some() {
            return Err(SimulateError::Options(
                "snakes-and-ladders has no team play".into(),
            ));
        }
        let colours: Vec<Colour> = Colour::all(options.players).collect();
        let mut state = State::start(&colours);
        let mut turn_seat = colours[rng.below(colours.len())];
        let mut turns = Vec::new();
        while state.winner.is_none() && (turns.len() as u32) < options.max_turns {
            let number = turns.len() as u32 + 1;
            let roll = Roll::new(rng.die());
            let moves =
                GameRules::legal_moves(self, &state, seat(turn_seat).into(), roll, number, hooks)
                    .map_err(|e| SimulateError::Turn(format!("turn {number}: {e}")))?;
            let Some(mv) = moves.get(rng.below(moves.len().max(1))) else {
                return Err(SimulateError::Turn(format!(
                    "no legal move for {} at turn {number}",
                    seat(turn_seat)
                )));
            };
            let turn = mv.to_turn(number);
            GameRules::play(self, &mut state, &turn, hooks).map_err(|e| {
                SimulateError::Turn(format!("simulated turn {number} does not replay: {e}"))
            })?;
            turns.push(turn);
            if let Some(next) = state.next {
                turn_seat = state.seats[usize::from(next)];
            }
        }
        Ok(record(&state, turns))
    }
}

/// The record of a simulated game: its tags, turns and result.
fn record(state: &State, turns: Vec<billes_notation::Turn>) -> Game {
    let winners: Vec<Seat> = state.winner().map(Seat::new).into_iter().collect();
    let result = if winners.is_empty() {
        "*".to_string()
    } else {
        winners.join("+")
    };
    let tag = |name: &str, value: String| Tag {
        name: name.to_string(),
        value,
        span: Span::default(),
    };
    let seats: Vec<&str> = state.seats().collect();
    Game {
        tags: vec![
            tag("Game", <SnakesAndLadders as GameRules>::NAME.into()),
            tag("Seats", seats.join(" ")),
            tag("Result", result),
        ],
        line: Line {
            turns,
            comments: Vec::new(),
        },
        outcome: Outcome {
            winners,
            span: Span::default(),
        },
        span: Span::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use billes_game::variant::NoHooks;

    #[test]
    fn a_seeded_game_is_the_same_game_and_replays() {
        let rules = SnakesAndLadders::default();
        let options = SimOptions {
            players: 4,
            ..SimOptions::default()
        };
        let a = rules
            .simulate_with(&options, &mut Rng::new(5), &NoHooks)
            .expect("game");
        let b = rules
            .simulate_with(&options, &mut Rng::new(5), &NoHooks)
            .expect("game");
        assert_eq!(
            billes_notation::write_game(&a),
            billes_notation::write_game(&b)
        );
        assert_eq!(a.tag("Seats"), Some("R G Y B"));
        let summary = billes_game::validate_with(&rules, &a).expect("valid");
        assert_eq!(summary.turns as usize, a.line.turns.len());
        assert_eq!(
            a.outcome.winners.len(),
            1,
            "a game of 5000 turns at most ends"
        );
    }

    #[test]
    fn impossible_setups_are_refused() {
        let rules = SnakesAndLadders::default();
        let mut rng = Rng::new(1);
        for options in [
            SimOptions {
                players: 5,
                ..SimOptions::default()
            },
            SimOptions {
                teams: Some("R+G".into()),
                ..SimOptions::default()
            },
        ] {
            assert!(matches!(
                rules.simulate_with(&options, &mut rng, &NoHooks),
                Err(SimulateError::Options(_))
            ));
        }
    }
}
