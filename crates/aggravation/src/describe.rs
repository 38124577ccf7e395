//! What an Aggravation turn did: "marble entered", "aggravated Blue on b3",
//! "took the star ring", "entered HOME (3/4)", "rolls again", "R wins".

use billes_game::describe::{capitalised, wins};
use billes_notation::{Action, Turn};

use super::board::{Class, Hole};
use super::{Aggravation, State};

impl Aggravation {
    /// The phrases telling what `turn` did (see [`billes_game::describe_with`]).
    pub(crate) fn describe_turn(&self, before: &State, turn: &Turn, after: &State) -> Vec<String> {
        let b = self.board;
        let mut out = Vec::new();
        let Some(mover) = b.seat(turn.mover()) else {
            return out;
        };
        let aggravated = |out: &mut Vec<String>, h: Hole| {
            if let Some(victim) = before.at(h).filter(|&v| v != mover) {
                out.push(format!(
                    "aggravated {} on {}",
                    capitalised(&b.colours[victim.index()]),
                    b.name(h)
                ));
            }
        };
        for action in &turn.actions {
            match action {
                Action::Pass { .. } => out.push("no legal move".into()),
                Action::Place { .. } => {
                    out.push("marble entered".into());
                    aggravated(&mut out, b.start(mover));
                }
                Action::Move { path, .. } => {
                    let Some(holes) = path
                        .iter()
                        .map(|n| b.hole(n))
                        .collect::<Option<Vec<Hole>>>()
                    else {
                        continue;
                    };
                    let (Some(&from), Some(&to)) = (holes.first(), holes.last()) else {
                        continue;
                    };
                    let ring = holes
                        .windows(2)
                        .any(|w| w[0] != w[1] && b.is_star(w[0]) && b.is_star(w[1]));
                    let into_home = b.class(to) == Class::Home && b.class(from) != Class::Home;
                    if from == b.centre {
                        out.push("left the centre".into());
                    } else if ring {
                        out.push("took the star ring".into());
                    }
                    if to == b.centre {
                        out.push("entered the centre".into());
                    }
                    aggravated(&mut out, to);
                    if into_home {
                        out.push(format!(
                            "entered HOME ({}/{})",
                            after.home[mover.index()],
                            after.marbles
                        ));
                    } else if b.class(to) == Class::Home {
                        out.push(format!("moved up to {} in HOME", b.name(to)));
                    }
                    if out.is_empty() {
                        let roll = turn.head.roll.unwrap_or(0);
                        out.push(format!(
                            "moved {roll} hole{}",
                            if roll == 1 { "" } else { "s" }
                        ));
                    }
                }
                _ => {}
            }
        }
        if let Some(w) = wins(before.winners(), after.winners()) {
            out.push(w);
        } else if after.again && after.to_roll.is_some() && after.to_roll == b.seat(&turn.head.seat)
        {
            out.push("rolls again".into());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use billes_game::describe_with;

    use crate::Aggravation;

    /// The phrases of the last turn of `movetext`, played from `position`.
    fn last(seats: &str, extra_tags: &str, movetext: &str) -> Vec<String> {
        let result = if movetext.ends_with("rh1") { "=R" } else { "*" };
        let record = format!(
            "[Game \"aggravation\"]\n[Seats \"{seats}\"]\n{extra_tags}\n{movetext}\n{result}\n"
        );
        let game = billes_notation::parse_game(&record).unwrap();
        let turns = describe_with(Aggravation::standard(), &game)
            .unwrap_or_else(|e| panic!("{record}: {e}"));
        turns.last().unwrap().phrases.clone()
    }

    #[test]
    fn entering_a_marble() {
        assert_eq!(last("R B", "", "1. R1 +"), ["marble entered"]);
    }

    #[test]
    fn a_six_rolls_again() {
        assert_eq!(
            last("R B", "", "1. R6 +"),
            ["marble entered", "rolls again"]
        );
    }

    #[test]
    fn a_plain_move_counts_its_holes() {
        assert_eq!(
            last("R B", "", "1. R1 + 2. B2 -- 3. R3 r9-r12"),
            ["moved 3 holes"]
        );
        assert_eq!(
            last("R B", "", "1. R1 + 2. B2 -- 3. R1 r9-r10"),
            ["moved 1 hole"]
        );
    }

    #[test]
    fn a_pass() {
        assert_eq!(last("R B", "", "1. R3 --"), ["no legal move"]);
    }

    #[test]
    fn aggravating_a_marble() {
        let tags = "[Position \"R:r9 B:r12 move=R\"]\n";
        assert_eq!(
            last("R B", tags, "1. R3 r9-r12*"),
            ["aggravated Blue on r12"]
        );
    }

    #[test]
    fn entering_onto_a_marble_on_start() {
        let tags = "[Position \"B:r9 move=R\"]\n";
        assert_eq!(
            last("R B", tags, "1. R1 +*"),
            ["marble entered", "aggravated Blue on r9"]
        );
    }

    #[test]
    fn taking_the_star_ring_and_the_centre() {
        let tags = "[Position \"R:g0,b12 move=R\"]\n";
        assert_eq!(last("R B", tags, "1. R5 g0-r0-r2"), ["took the star ring"]);
        assert_eq!(last("R B", tags, "1. R3 b12-c"), ["entered the centre"]);
        let tags = "[Position \"R:c move=R\"]\n";
        assert_eq!(last("R B", tags, "1. R1 c-r0"), ["left the centre"]);
    }

    #[test]
    fn entering_home_and_moving_in_it() {
        let tags = "[Position \"R:r5,rh3 move=R\"]\n";
        assert_eq!(last("R B", tags, "1. R4 r5-rh2"), ["entered HOME (2/4)"]);
        assert_eq!(
            last("R B", tags, "1. R1 rh3-rh4"),
            ["moved up to rh4 in HOME"]
        );
    }

    #[test]
    fn the_winning_move() {
        let tags = "[Position \"R:rh2,rh3,rh4,r6 move=R\"]\n";
        assert_eq!(
            last("R B", tags, "1. R2 r6-rh1"),
            ["entered HOME (4/4)", "R wins"]
        );
    }
}
