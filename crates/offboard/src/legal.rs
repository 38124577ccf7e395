//! The game API for Offboard: who acts next, the legal moves of a turn as
//! [`Move`]s, and the position as a `Position` tag.
//!
//! [`Offboard::choices`] is the one generator of legal turns: the moves of
//! the game API, the "legal:" lists of error messages and the simulator's
//! choices all come from it. Its order is fixed:
//!
//! 1. with a marble pending, `+cell` for every free cell, `a1` to `i9`;
//! 2. the line moves in the order of the move generator (each own marble
//!    from `a1` to `i9`, each direction `e`, `ne`, `nw`, `w`, `sw`, `se`,
//!    one marble then longer lines; sideways lines after), each with its
//!    full ejection mark (`*t4=3`, `*t4=0` into a taken target, `*` in a
//!    variant without targets) and preceded by `~` when a marble is pending;
//! 3. `--` (or `~ --`) when no move is left.

use billes_game::game::{roll_error, seat_error, AnyNeed, Move, MoveRules, Next, Roll};
use billes_game::variant::{HookError, Hooks};
use billes_game::{Colour, ReplayError, Rules};
use billes_notation::{Action, Actions, Capture, Seat, Span};

use super::board::Cell;
use super::moves::Shift;
use super::position::{seat_name, State};
use super::{Need, Offboard};

impl Offboard {
    pub(super) fn whose_turn(&self, state: &State) -> Next {
        if self.is_over(state) {
            return Next {
                seats: Vec::new(),
                dice: false,
                needs: Vec::new(),
            };
        }
        Next {
            seats: vec![Seat::from(seat_name(state.to_move))],
            dice: false,
            needs: if state.pending.is_some() {
                vec![AnyNeed::new(Need::PutBackOrRemove)]
            } else {
                Vec::new()
            },
        }
    }

    pub(super) fn seat_to_act(&self, state: &State) -> Option<billes_notation::Seat> {
        (!self.is_over(state)).then(|| billes_notation::Seat::from(seat_name(state.to_move)))
    }

    pub(super) fn hand_turn_to(&self, state: &mut State, seat: &str) -> bool {
        let Some(colour) = super::position::seat_of(seat) else {
            return false;
        };
        if self.is_over(state) {
            return false;
        }
        state.to_move = colour;
        true
    }
}

/// One legal turn, typed: what [`Offboard::choices`] lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Choice {
    /// Whether the turn first takes the pending marble out of the game (`~`).
    pub remove: bool,
    /// What the turn then does.
    pub play: Play,
}

/// What a turn does, after a `~`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Play {
    /// `+e5`: the pending marble put back on a free cell (the whole turn).
    PutBack(Cell),
    /// A line move, with its full mark when it pushes a marble off (the
    /// points those the hooks give).
    Line(Shift, Option<Capture>),
    /// `--`: nothing can move.
    Pass,
}

impl Offboard {
    /// Every legal move of `seat` with `roll` under `hooks`, in the order of
    /// [`Offboard::choices`].
    pub(crate) fn legal_moves_with<H: Hooks>(
        &self,
        state: &State,
        seat: &str,
        roll: Option<Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<Move>, ReplayError> {
        let next = MoveRules::next(self, state);
        if !next.seats.iter().any(|s| s == seat) {
            return Err(seat_error(seat, &next));
        }
        if roll.is_some() {
            return Err(roll_error(false));
        }
        let mut choices = Vec::new();
        self.choices(state, number, hooks, &mut choices)
            .map_err(|e| e.at(Span::default()))?;
        Ok(choices
            .iter()
            .map(|c| self.choice_move(state.to_move, c))
            .collect())
    }

    /// Every legal turn of the seat to move under `hooks`, turn `number`,
    /// appended to `out` in the fixed order of the module docs: the moves
    /// the rules give and `allow` lets through, marked with the points
    /// `score` gives. Never empty.
    ///
    /// # Errors
    /// When a hook fails.
    pub(crate) fn choices<H: Hooks>(
        &self,
        state: &State,
        number: u32,
        hooks: &H,
        out: &mut Vec<Choice>,
    ) -> Result<(), HookError> {
        let mut base = *state;
        let remove = state.pending.is_some();
        if remove {
            let all = state.marbles[0] | state.marbles[1];
            for cell in self.board.cells() {
                if all & cell.bit() == 0 {
                    out.push(Choice {
                        remove: false,
                        play: Play::PutBack(cell),
                    });
                }
            }
            // What the checker does on `~`, before the move.
            base.take_out_pending();
        }
        let mut shifts = Vec::new();
        self.allowed_moves(&base, number, hooks, &mut shifts)?;
        out.reserve(shifts.len().max(1));
        for s in &shifts {
            let mark = self.hooked_mark(&base, number, s, hooks)?;
            out.push(Choice {
                remove,
                play: Play::Line(*s, mark),
            });
        }
        if shifts.is_empty() {
            out.push(Choice {
                remove,
                play: Play::Pass,
            });
        }
        Ok(())
    }

    /// The actions of a legal turn, in canonical notation.
    pub(crate) fn choice_actions(&self, c: &Choice) -> Actions {
        let mut actions = Actions::new();
        self.push_choice_actions(c, &mut actions);
        actions
    }

    /// Pushes the actions of a legal turn, in canonical notation, onto
    /// `actions`.
    fn push_choice_actions(&self, c: &Choice, actions: &mut Actions) {
        let span = Span::default();
        if c.remove {
            actions.push(Action::Remove { span });
        }
        actions.push(match &c.play {
            Play::PutBack(cell) => Action::Place {
                to: Some(self.board.cell_label(*cell)),
                capture: None,
                span,
            },
            Play::Line(s, mark) => Action::Line {
                from: self.board.cell_label(s.from()),
                to: (s.len() > 1).then(|| self.board.cell_label(s.to())),
                direction: self.board.direction_label(s.direction()),
                capture: *mark,
                span,
            },
            Play::Pass => Action::Pass { span },
        });
    }

    /// A legal turn of `seat` as a [`Move`].
    #[inline]
    pub(crate) fn choice_move(&self, seat: Colour, c: &Choice) -> Move {
        Move::new(seat_name(seat).into(), None, self.choice_actions(c))
    }

    /// A legal turn of `seat` written into `complete` (what it held is
    /// replaced), as [`Offboard::choice_move`] makes it.
    #[inline]
    pub(crate) fn choice_move_into(&self, seat: Colour, c: &Choice, complete: &mut Move) {
        complete.seat = seat_name(seat).into();
        complete.roll = None;
        complete.mover = None;
        complete.actions.clear();
        self.push_choice_actions(c, &mut complete.actions);
    }

    /// The legal turns under the hooks as the "legal:" list of an error
    /// message: each move in notation, but a pending marble's removals
    /// (`~ c3>ne`, `~ --`) as one `~` after the `+cell`s.
    pub(crate) fn allowed_list<H: Hooks>(
        &self,
        state: &State,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<String>, HookError> {
        let mut choices = Vec::new();
        self.choices(state, number, hooks, &mut choices)?;
        let mut out = Vec::with_capacity(choices.len());
        let mut removal = false;
        for c in &choices {
            if c.remove {
                if !std::mem::replace(&mut removal, true) {
                    out.push("~".to_string());
                }
                continue;
            }
            out.push(self.choice_move(state.to_move, c).to_string());
        }
        Ok(out)
    }

    /// The legal turns of the seat to move, in notation, as error messages
    /// list them (`c3:c5>e*t4=3`, `--`; with a marble pending, every `+e5`
    /// then one `~` for the removals): the game API's legal moves
    /// ([`billes_game::game::Position::legal_moves`]) written short, that is
    /// [`Offboard::allowed_list`] under the rules alone.
    #[cfg(test)]
    pub(crate) fn legal_list(&self, state: &State) -> Vec<String> {
        // `NoHooks` never fails.
        self.allowed_list(state, 0, &billes_game::variant::NoHooks)
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use billes_game::game::Position as _;
    use billes_game::ErrorKind;

    use super::*;
    use crate::Params;

    fn round_trip(rules: &Offboard, text: &str) {
        let state = rules.position(text).expect("valid position");
        let tag = rules.position_tag(&state);
        assert_eq!(rules.position(&tag), Ok(state), "{text} -> {tag}");
    }

    #[test]
    fn position_tags_round_trip() {
        let rules = Offboard::default();
        round_trip(&rules, rules.params().start.as_str());
        round_trip(&rules, "R:a1,c3,e5 B:i9 t4=B t7=R move=B pending=t7");
        round_trip(&rules, "R:a1 B:i9 t4=B score=R7,B0 out=R2,B1");
        round_trip(&rules, "R: B: move=B out=B3");
        let abalone = Offboard::new(Params {
            marbles: 1,
            targets: Vec::new(),
            start: "R:a1 B:i9".into(),
            ..Params::default()
        })
        .expect("valid");
        round_trip(&abalone, "R:a1 B:i9 score=R2,B0 out=B2 move=B");
    }

    #[test]
    fn a_removal_is_kept_in_the_position_tag() {
        let rules = Offboard::default();
        let tag = "R:a1,d6,d7,d8 B:i9,h8 t5=B move=B pending=t5";
        let mut pos = billes_game::game::RulesPosition::from_state(
            &rules,
            rules.position(tag).expect("valid"),
            0,
        );
        let mv = pos.parse_move(None, "~ i9>w").expect("legal");
        pos.play(&mv).expect("plays");
        assert_eq!(
            pos.position_tag(),
            "R:a1,d6,d7,d8 B:h8,i8 t5=B out=R0,B1 move=R"
        );
        round_trip(&rules, &pos.position_tag());
    }

    #[test]
    fn next_names_the_seat_and_a_pending_marble() {
        let rules = Offboard::default();
        let next = MoveRules::next(&rules, &rules.start());
        assert_eq!(next.seats, ["R"]);
        assert!(!next.dice);
        assert!(next.needs.is_empty());
        let state = rules
            .position("R:a1 B:i9 t5=B move=B pending=t5")
            .expect("valid");
        let next = MoveRules::next(&rules, &state);
        assert_eq!(next.seats, ["B"]);
        assert_eq!(next.needs, [AnyNeed::new(Need::PutBackOrRemove)]);
        let won = rules.position("R:a1 B:i9 score=R6,B0").expect("valid");
        assert!(MoveRules::next(&rules, &won).seats.is_empty());
    }

    #[test]
    fn legal_moves_check_the_seat_and_the_roll() {
        let rules = Offboard::default();
        let state = rules.start();
        let e = rules
            .legal_moves(&state, billes_notation::Seat::from("B"), None, 1)
            .expect_err("not B's turn");
        assert_eq!(e.kind(), ErrorKind::Seat);
        assert_eq!(e.to_string(), "B may not take the next turn (R may)");
        let roll = Roll::new(3);
        let e = rules
            .legal_moves(&state, billes_notation::Seat::from("R"), roll, 1)
            .expect_err("no dice");
        assert_eq!(e.kind(), ErrorKind::Roll);
        let moves = rules
            .legal_moves(&state, billes_notation::Seat::from("R"), None, 1)
            .expect("legal moves");
        assert_eq!(moves.len(), 26);
    }

    #[test]
    fn a_pending_marble_lists_put_backs_then_removals() {
        let rules = Offboard::default();
        let state = rules
            .position("R:a1,d6,d7,d8 B:i9,h8 t5=B move=B pending=t5")
            .expect("valid");
        let moves: Vec<String> = rules
            .legal_moves(&state, billes_notation::Seat::from("B"), None, 1)
            .expect("legal moves")
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(moves.len(), 55 + 8);
        assert_eq!(moves[0], "+a2");
        assert!(moves[55..].iter().all(|m| m.starts_with("~ ")));
        let list = rules.legal_list(&state);
        assert_eq!(list.len(), 56);
        assert_eq!(list.last().map(String::as_str), Some("~"));
    }
}
