//! What a Snakes and Ladders turn did: "entered the board" or "moved 3
//! squares", then "climbed the ladder from s4 to s14", "slid down the
//! snake from s16 to s6", "reached s100", "R wins"; a pass is "no legal
//! move; s100 is 2 squares away".

use billes_game::describe::wins;
use billes_notation::{Action, Turn};

use super::board::{name, Board, Feature, OFF};
use super::position::State;
use super::step::Step;
use super::SnakesAndLadders;

impl SnakesAndLadders {
    /// The phrases telling what `turn` did (see [`billes_game::describe_with`]).
    pub(crate) fn describe_turn(&self, before: &State, turn: &Turn, after: &State) -> Vec<String> {
        let board = Board::standard();
        let mut out = Vec::new();
        let colour = before.colour(&turn.head.seat);
        let roll = turn.head.roll.filter(|r| (1..=6).contains(r));
        let passed = matches!(turn.actions.first(), Some(Action::Pass { .. }));
        if let (Some(colour), Some(roll)) = (colour, roll) {
            match self.step(before, colour, roll as u8) {
                Step::Pass { away } => {
                    out.push("no legal move".into());
                    let plural = if away == 1 { "" } else { "s" };
                    out.push(format!(
                        "{} is {away} square{plural} away",
                        name(board.last())
                    ));
                }
                // A move a house rule forbids.
                Step::Move { .. } if passed => out.push("no legal move".into()),
                Step::Move { from, landing, end } => {
                    out.push(if from == OFF {
                        "entered the board".into()
                    } else {
                        let plural = if roll == 1 { "" } else { "s" };
                        format!("moved {roll} square{plural}")
                    });
                    match board.feature(landing) {
                        Feature::Ladder(_) => out.push(format!(
                            "climbed the ladder from {} to {}",
                            name(landing),
                            name(end)
                        )),
                        Feature::Snake(_) => out.push(format!(
                            "slid down the snake from {} to {}",
                            name(landing),
                            name(end)
                        )),
                        Feature::Plain => {}
                    }
                    if end == board.last() {
                        out.push(format!("reached {}", name(end)));
                    }
                }
            }
        }
        let winners = |s: &State| s.winner().map(|w| vec![w.into()]);
        out.extend(wins(winners(before), winners(after)));
        out
    }
}

#[cfg(test)]
mod tests {
    use billes_game::describe_with;

    use crate::SnakesAndLadders;

    fn last(position: &str, movetext: &str) -> Vec<String> {
        let result = if movetext.contains("s100") { "=R" } else { "*" };
        let record = format!(
            "[Game \"snakes-and-ladders\"]\n[Seats \"R G\"]\n[Position \"{position}\"]\n\n{movetext}\n{result}\n"
        );
        let game = billes_notation::parse_game(&record).expect("record");
        let turns = describe_with(&SnakesAndLadders::default(), &game)
            .unwrap_or_else(|e| panic!("{record}: {e}"));
        turns.last().expect("a turn").phrases.clone()
    }

    #[test]
    fn entering_and_moving() {
        assert_eq!(last("", "1. R3 h-s3"), ["entered the board"]);
        assert_eq!(last("R:s5 move=R", "1. R1 s5-s6"), ["moved 1 square"]);
        assert_eq!(last("R:s5 move=R", "1. R2 s5-s7"), ["moved 2 squares"]);
    }

    #[test]
    fn a_climb_and_a_slide() {
        assert_eq!(
            last("", "1. R4 h-s4-s14"),
            ["entered the board", "climbed the ladder from s4 to s14"]
        );
        assert_eq!(
            last("R:s12 move=R", "1. R4 s12-s16-s6"),
            ["moved 4 squares", "slid down the snake from s16 to s6"]
        );
    }

    #[test]
    fn a_pass() {
        assert_eq!(
            last("R:s97 move=R", "1. R5 --"),
            ["no legal move", "s100 is 3 squares away"]
        );
        assert_eq!(
            last("R:s99 move=R", "1. R2 --"),
            ["no legal move", "s100 is 1 square away"]
        );
    }

    #[test]
    fn the_win() {
        assert_eq!(
            last("R:s97 move=R", "1. R3 s97-s100"),
            ["moved 3 squares", "reached s100", "R wins"]
        );
        assert_eq!(
            last("R:s77 move=R", "1. R3 s77-s80-s100"),
            [
                "moved 3 squares",
                "climbed the ladder from s80 to s100",
                "reached s100",
                "R wins"
            ]
        );
    }
}
