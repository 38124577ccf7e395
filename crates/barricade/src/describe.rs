//! What a Barricade turn did: "pawn entered" or "moved 3 points", then
//! "sent Green home from e5", "barricade taken", "barricade placed on f7", "reached the goal",
//! "may roll again", "R wins".

use billes_game::describe::wins;
use billes_notation::{Action, Turn};

use super::board::{COLOURS, HOUSE};
use super::position::colour_of;
use super::{Barricade, State};

impl Barricade {
    /// The phrases telling what `turn` did (see [`billes_game::describe_with`]).
    pub(crate) fn describe_turn(&self, before: &State, turn: &Turn, after: &State) -> Vec<String> {
        let b = self.board();
        let mut out = Vec::new();
        let mover = colour_of(&turn.head.seat);
        for action in &turn.actions {
            match action {
                Action::Pass { .. } => out.push("no legal move".into()),
                Action::Barricade { at, .. } => out.push(format!("barricade placed on {at}")),
                Action::Move { path, .. } => {
                    let (Some(from), Some(to)) = (path.first(), path.last()) else {
                        continue;
                    };
                    let Some(to) = b.point(to) else {
                        continue;
                    };
                    // How the pawn came, then what it did there, as
                    // Aggravation says it ("moved 1 point; barricade taken").
                    if from == HOUSE {
                        out.push("pawn entered".into());
                    } else {
                        let roll = turn.head.roll.unwrap_or(0);
                        out.push(format!(
                            "moved {roll} point{}",
                            if roll == 1 { "" } else { "s" }
                        ));
                    }
                    if let Some(victim) = before.pawn_at(to).filter(|&c| Some(c) != mover) {
                        out.push(format!(
                            "sent {} home from {}",
                            COLOURS[victim.index()],
                            b.name(to)
                        ));
                    }
                    if before.barricade_at(to) {
                        out.push("barricade taken".into());
                    }
                    if to == b.goal() {
                        out.push("reached the goal".into());
                    }
                }
                _ => {}
            }
        }
        let winners = |s: &State| s.winner().map(|w| vec![w.into()]);
        if let Some(w) = wins(winners(before), winners(after)) {
            out.push(w);
        } else if let Some((seat, pawn)) = after.replay_pending() {
            if seat == turn.head.seat {
                out.push(match pawn {
                    Some(_) => "may roll again with this pawn".into(),
                    None => "may roll again".into(),
                });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use billes_game::describe_with;

    use crate::Barricade;

    fn last(tags: &str, movetext: &str) -> Vec<String> {
        let result = if movetext.ends_with("i14") { "=R" } else { "*" };
        let record =
            format!("[Game \"barricade\"]\n[Seats \"R B\"]\n{tags}\n{movetext}\n{result}\n");
        let game = billes_notation::parse_game(&record).unwrap();
        let turns =
            describe_with(Barricade::standard(), &game).unwrap_or_else(|e| panic!("{record}: {e}"));
        turns.last().unwrap().phrases.clone()
    }

    #[test]
    fn entering_and_moving() {
        assert_eq!(last("", "1. R3 h-a1"), ["pawn entered"]);
        assert_eq!(
            last("", "1. R3 h-a1 2. B2 h-p1 3. R1 a1-b1"),
            ["moved 1 point"]
        );
    }

    #[test]
    fn a_six_may_replay() {
        assert_eq!(
            last("", "1. B6 h-j1"),
            ["pawn entered", "may roll again with this pawn"]
        );
    }

    #[test]
    fn a_pass() {
        let tags = "[Position \"R:a1 bar=b1,d1,a2 move=R\"]\n";
        assert_eq!(last(tags, "1. R4 --"), ["no legal move"]);
    }

    #[test]
    fn taking_and_placing_a_barricade() {
        assert_eq!(
            last("", "1. B6 h-j1 2. B3 j1-i3#"),
            ["moved 3 points", "barricade taken"]
        );
        assert_eq!(
            last("", "1. B6 h-j1 2. B3 j1-i3# 3. R3 h-a1 4. B6 i3-e5 #a2"),
            [
                "moved 6 points",
                "barricade placed on a2",
                "may roll again with this pawn"
            ]
        );
    }

    #[test]
    fn sending_a_pawn_home() {
        let tags = "[Position \"R:e5 B:e7 move=R\"]\n";
        assert_eq!(
            last(tags, "1. R2 e5-e7*"),
            ["moved 2 points", "sent Blue home from e7"]
        );
    }

    #[test]
    fn reaching_the_goal_wins() {
        let tags = "[Position \"R:i13 bar=i11 move=R\"]\n";
        let goal = last(tags, "1. R1 i13-i14");
        assert_eq!(goal, ["moved 1 point", "reached the goal", "R wins"]);
    }
}
