//! What an Offboard turn did: "moved 3 marbles e", "pushed 2 marbles",
//! "ejected into target t5 for 3 points, score 4–2", "put back on e5",
//! "R wins".

use billes_game::describe::wins;
use billes_game::Rules;
use billes_notation::{Action, Turn};

use super::board::Target;
use super::position::{seat_name, State};
use super::Offboard;

impl Offboard {
    /// The phrases telling what `turn` did (see [`billes_game::describe_with`]).
    pub(crate) fn describe_turn(&self, before: &State, turn: &Turn, after: &State) -> Vec<String> {
        let b = self.board;
        let mut out = Vec::new();
        let score = |s: &State| format!("score {}–{}", s.score[0], s.score[1]);
        // The position the move is played from: after a `~`, the same marbles.
        let mut state = *before;
        for action in &turn.actions {
            match action {
                Action::Pass { .. } => out.push("no legal move".into()),
                Action::Place { to, .. } => {
                    state.pending = None;
                    match to {
                        Some(cell) => out.push(format!("put its marble back on {cell}")),
                        None => out.push("put its marble back".into()),
                    }
                }
                Action::Remove { .. } => {
                    state.pending = None;
                    out.push("took its marble out of the game".into());
                }
                Action::Line {
                    from,
                    to,
                    direction,
                    ..
                } => {
                    let (Some(from), Some(towards)) = (b.cell(from), b.direction(direction)) else {
                        continue;
                    };
                    let to = to.as_deref().and_then(|to| b.cell(to));
                    let Ok(shift) = self.resolve(&state, from, to, towards) else {
                        continue;
                    };
                    let len = shift.len();
                    out.push(format!(
                        "moved {len} marble{} {direction}",
                        if len == 1 { "" } else { "s" }
                    ));
                    if shift.pushed() > 0 {
                        out.push(format!(
                            "pushed {} marble{}",
                            shift.pushed(),
                            if shift.pushed() == 1 { "" } else { "s" }
                        ));
                    }
                }
                Action::Move { .. } | Action::Barricade { .. } => {}
            }
        }
        let scored = Target::all()
            .find(|t| before.targets[t.index()].is_none() && after.targets[t.index()].is_some());
        if let Some(t) = scored {
            // What the move scored: the target's value, or a variant's points.
            let mover = before.to_move.index();
            let points = after.score[mover].saturating_sub(before.score[mover]);
            out.push(format!(
                "ejected into target {} for {points} point{}, {}",
                b.target_name(t),
                if points == 1 { "" } else { "s" },
                score(after)
            ));
        } else if let (Some(pending), None) = (after.pending, before.pending) {
            let owner = seat_name(after.to_move);
            out.push(format!(
                "pushed off towards the taken target {}: {owner} puts it back or takes it out",
                b.target_name(pending)
            ));
            if after.score != before.score {
                // A variant scores it all the same.
                out.push(score(after));
            }
        } else if !after.has_targets && after.out != before.out {
            out.push(format!("pushed off the board, {}", score(after)));
        }
        if let Some(w) = wins(self.winners(before), self.winners(after)) {
            out.push(w);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use billes_game::describe_with;

    use crate::Offboard;

    fn last(position: &str, movetext: &str) -> Vec<String> {
        let tags = if position.is_empty() {
            String::new()
        } else {
            format!("[Position \"{position}\"]\n")
        };
        let result = if movetext.contains('=') { "" } else { "*" };
        let record =
            format!("[Game \"offboard\"]\n[Seats \"R B\"]\n{tags}\n{movetext}\n{result}\n");
        let game = billes_notation::parse_game(&record).unwrap();
        let turns =
            describe_with(Offboard::standard(), &game).unwrap_or_else(|e| panic!("{record}: {e}"));
        turns.last().unwrap().phrases.clone()
    }

    #[test]
    fn moving_a_marble_and_a_line() {
        assert_eq!(last("", "1. R c4>ne"), ["moved 1 marble ne"]);
        assert_eq!(
            last("R:e1,e2,e3 B:i9", "1. R e1:e3>e"),
            ["moved 3 marbles e"]
        );
    }

    #[test]
    fn pushing_marbles() {
        assert_eq!(
            last("R:e1,e2,e3 B:e4,e5 ", "1. R e1:e3>e"),
            ["moved 3 marbles e", "pushed 2 marbles"]
        );
    }

    #[test]
    fn ejecting_into_a_target() {
        let phrases = last("R:e6,e7,e8 B:e9 score=R1,B2", "1. R e6:e8>e");
        assert_eq!(
            phrases,
            [
                "moved 3 marbles e",
                "pushed 1 marble",
                "ejected into target t4 for 1 point, score 2–2"
            ]
        );
        let phrases = last("R:e6,e7,e8 B:e9 t4=B", "1. R e6:e8>e");
        assert_eq!(
            phrases[2],
            "pushed off towards the taken target t4: B puts it back or takes it out"
        );
        let phrases = last("R:e6,e7,e8 B:e9 score=R5,B0", "1. R e6:e8>e =R");
        assert_eq!(
            phrases[2..],
            ["ejected into target t4 for 1 point, score 6–0", "R wins"]
        );
    }

    #[test]
    fn putting_back_and_removing() {
        assert_eq!(
            last("R:a1 B:i9 move=B pending=t1", "1. B +e5"),
            ["put its marble back on e5"]
        );
        assert_eq!(
            last("R:a1 B:i9 move=B pending=t1", "1. B ~ i9>w"),
            ["took its marble out of the game", "moved 1 marble w"]
        );
    }
}
