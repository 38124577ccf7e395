//! Barricade under house rules that change the game: moves added by a
//! variant, the edits of its effects, its winner, and the board helpers
//! (`walk`, `path`, `neighbours`) hooks and scripts see.

use std::collections::VecDeque;

use billes_game::edit::{Edit, EditOp, PieceEdit};
use billes_game::game::{Move, Roll};
use billes_game::house::parse_actions;
use billes_game::variant::{Hooks, NoHooks};
use billes_game::{ChangeError, ErrorKind, ReplayError};
use billes_notation::{Action, Turn};

use super::board::{bit, seat, Point};
use super::position::{colour_of, State};
use super::{turn, Barricade};

/// An edit Barricade takes: a pawn's ([`PieceEdit`], its reserve the
/// seat's house) or a barricade's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BarricadeEdit<'e> {
    /// A pawn sent home, put on the board, moved, or swapped with another.
    Piece(PieceEdit<'e>),
    /// A barricade is placed on the free point `at`.
    PlaceBarricade {
        /// The point.
        at: &'e str,
    },
    /// The barricade on `at` is taken off the board.
    TakeBarricade {
        /// The point.
        at: &'e str,
    },
}

impl<'e> BarricadeEdit<'e> {
    /// `{ op = "place_barricade", at = ... }`.
    pub const PLACE_BARRICADE: EditOp = EditOp::new("place_barricade", &["at"]);
    /// `{ op = "take_barricade", at = ... }`.
    pub const TAKE_BARRICADE: EditOp = EditOp::new("take_barricade", &["at"]);
    /// Every edit Barricade takes: the piece edits and the barricades'.
    pub const OPS: &'static [EditOp] = &[
        PieceEdit::SEND,
        PieceEdit::PUT,
        PieceEdit::MOVE,
        PieceEdit::SWAP,
        Self::PLACE_BARRICADE,
        Self::TAKE_BARRICADE,
    ];

    /// The Barricade edit `edit` is.
    ///
    /// # Errors
    /// When its op is none of [`BarricadeEdit::OPS`], or an argument is
    /// missing.
    pub fn read(edit: &'e Edit) -> Result<BarricadeEdit<'e>, ChangeError> {
        if let Some(piece) = PieceEdit::read(edit)? {
            return Ok(BarricadeEdit::Piece(piece));
        }
        Ok(match edit.op() {
            "place_barricade" => BarricadeEdit::PlaceBarricade {
                at: edit.arg("at")?,
            },
            "take_barricade" => BarricadeEdit::TakeBarricade {
                at: edit.arg("at")?,
            },
            op => return Err(EditOp::unknown(op, Self::OPS)),
        })
    }
}

impl State {
    /// The point called `name`, or why not.
    fn point_named(&self, name: &str) -> Result<Point, ChangeError> {
        self.board
            .point(name)
            .ok_or_else(|| ChangeError(format!("there is no point {name}")))
    }

    pub(crate) fn neighbour_names(&self, point: &str) -> Vec<String> {
        self.board.point(point).map_or_else(Vec::new, |p| {
            self.board
                .neighbours(p)
                .iter()
                .map(|&q| self.board.name(q).to_string())
                .collect()
        })
    }

    pub(crate) fn walk_names(&self, point: &str, steps: u32) -> Vec<Vec<String>> {
        let Some(p) = self.board.point(point) else {
            return Vec::new();
        };
        self.board
            .routes(p, steps as usize)
            .iter()
            .map(|route| {
                route
                    .points()
                    .iter()
                    .map(|&q| self.board.name(q).to_string())
                    .collect()
            })
            .collect()
    }

    pub(crate) fn path_names(&self, from: &str, to: &str) -> Option<Vec<String>> {
        let (a, b) = (self.board.point(from)?, self.board.point(to)?);
        let mut came: Vec<Option<Point>> = vec![None; self.board.len()];
        let mut queue = VecDeque::from([a]);
        let mut seen = bit(a);
        while let Some(p) = queue.pop_front() {
            if p == b {
                break;
            }
            for &q in self.board.neighbours(p) {
                if seen & bit(q) == 0 {
                    seen |= bit(q);
                    came[q.index()] = Some(p);
                    queue.push_back(q);
                }
            }
        }
        if a == b || came[b.index()].is_none() {
            return (a == b).then(Vec::new);
        }
        let mut route = vec![b];
        let mut p = b;
        while let Some(q) = came[p.index()].filter(|&q| q != a) {
            p = q;
            route.push(p);
        }
        route.reverse();
        Some(
            route
                .iter()
                .map(|&q| self.board.name(q).to_string())
                .collect(),
        )
    }

    /// The colour of the pawn on `p` (named `name`), or why none.
    fn pawn_named(&self, p: Point, name: &str) -> Result<usize, ChangeError> {
        self.pawn_at(p)
            .map(|colour| colour.index())
            .ok_or_else(|| ChangeError(format!("no pawn stands on {name}")))
    }

    /// Whether `p` (named `name`) is free for a pawn or barricade an edit
    /// puts there: no pawn, no barricade, not the goal.
    fn free_for_edit(&self, p: Point, name: &str) -> Result<(), ChangeError> {
        if p == self.board.goal() {
            return Err(ChangeError(format!(
                "{name} is the goal: edits leave it alone"
            )));
        }
        if let Some(o) = self.pawn_at(p) {
            return Err(ChangeError(format!("{}'s pawn stands on {name}", seat(o))));
        }
        if self.barricade_at(p) {
            return Err(ChangeError(format!("a barricade stands on {name}")));
        }
        Ok(())
    }
}

impl Barricade {
    /// [`billes_game::game::GameRules::spell_added`] for Barricade: one move
    /// of `seat`'s pawn along a path of points, landing on a point without a
    /// barricade, empty or held by another seat's pawn (sent home), that the
    /// game's rules allow once the barricades on the way are lifted (`None`
    /// when they do not).
    pub(crate) fn spell_added_move(
        &self,
        state: &State,
        seat: &str,
        roll: Option<Roll>,
        text: &str,
    ) -> Result<Option<Move>, ChangeError> {
        let colour = state
            .colour(seat)
            .ok_or_else(|| ChangeError(format!("\"{text}\" for {seat}, no seat in play")))?;
        let actions = parse_actions(seat, roll, text)?;
        let bad = |reason: String| ChangeError(format!("\"{text}\": {reason}"));
        let [Action::Move { path, .. }] = actions.as_slice() else {
            return Err(bad(
                "an added move is one move along a path of points".into()
            ));
        };
        let points: Vec<Point> = path
            .iter()
            .map(|n| state.point_named(n.as_str()))
            .collect::<Result<_, _>>()
            .map_err(|e| bad(e.0))?;
        let (from, to) = (points[0], points[points.len() - 1]);
        if state.pawn_at(from) != Some(colour) {
            return Err(bad(format!("no pawn of {seat} stands on {}", path[0])));
        }
        if state.barricade_at(to) {
            return Err(bad("an added move cannot land on a barricade".into()));
        }
        if state.pawn_at(to) == Some(colour) {
            return Err(bad(format!(
                "{seat}'s own pawn stands on {}",
                path[path.len() - 1]
            )));
        }
        // The move as the game lists it once the barricades are lifted (the
        // way `play_added` plays it), or none when the game's other rules
        // forbid it (a pawn bound to replay, one waiting next to the goal).
        let mut open = state.clone();
        open.barricades = 0;
        let list = self
            .legal_moves_with(&open, seat, roll, 0, &NoHooks)
            .map_err(|e| bad(e.message))?;
        Ok(list.into_iter().find(|m| {
            matches!(m.actions.as_slice(), [Action::Move { path: p, .. }]
                if p.first() == path.first() && p.last() == path.last())
        }))
    }

    /// [`billes_game::game::GameRules::play_added`] for Barricade: the move
    /// is played by the game's checker as if no barricade stood on the
    /// board but the ones it must put down (added moves pass barricades:
    /// the hook decided which may be passed), then the barricades stand
    /// again. A pass ends the turn.
    pub(crate) fn play_added_move<H: Hooks>(
        &self,
        state: &mut State,
        turn: &Turn,
        mv: &Move,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        if mv.is_pass() {
            let i = colour_of(mv.seat.as_str())
                .and_then(|colour| state.seat_index(colour))
                .unwrap_or(0);
            state.replay_colour = None;
            state.replay_pawn = None;
            state.next = Some((i + 1) % state.n_seats);
            return Ok(());
        }
        let standing = state.barricades;
        state.barricades = 0;
        let played = turn::play_with(self, state, turn, hooks);
        let doubled = state.barricades & standing;
        state.barricades |= standing;
        played?;
        if doubled != 0 {
            return Err(ReplayError::new(
                ErrorKind::IllegalMove,
                turn.head.span,
                "a barricade is put down where one already stands",
            ));
        }
        Ok(())
    }

    /// [`billes_game::game::GameRules::apply_edit`] for Barricade: one of
    /// [`BarricadeEdit::OPS`], read and made.
    pub(crate) fn edit(&self, state: &mut State, edit: &Edit) -> Result<(), ChangeError> {
        self.make_edit(state, BarricadeEdit::read(edit)?)
    }

    /// A Barricade edit: pawns and barricades off the goal; no more
    /// barricades than the board has.
    fn make_edit(&self, state: &mut State, edit: BarricadeEdit<'_>) -> Result<(), ChangeError> {
        match edit {
            BarricadeEdit::Piece(PieceEdit::Send { at }) => {
                let p = state.point_named(at)?;
                let o = state.pawn_named(p, at)?;
                state.pawns[o] &= !bit(p);
                state.housed[o] += 1;
            }
            BarricadeEdit::Piece(PieceEdit::Put { seat, at }) => {
                let c = state
                    .colour(seat)
                    .map(|colour| colour.index())
                    .ok_or_else(|| ChangeError(format!("{seat} is no seat in play")))?;
                let p = state.point_named(at)?;
                state.free_for_edit(p, at)?;
                if state.housed[c] == 0 {
                    return Err(ChangeError(format!("{seat} has no pawn in its house")));
                }
                state.housed[c] -= 1;
                state.pawns[c] |= bit(p);
            }
            BarricadeEdit::Piece(PieceEdit::Move { from, to }) => {
                let (f, t) = (state.point_named(from)?, state.point_named(to)?);
                let o = state.pawn_named(f, from)?;
                state.free_for_edit(t, to)?;
                state.pawns[o] = state.pawns[o] & !bit(f) | bit(t);
            }
            BarricadeEdit::Piece(PieceEdit::Swap { a, b }) => {
                let (x, y) = (state.point_named(a)?, state.point_named(b)?);
                let (ox, oy) = (state.pawn_named(x, a)?, state.pawn_named(y, b)?);
                state.pawns[ox] &= !bit(x);
                state.pawns[oy] &= !bit(y);
                state.pawns[ox] |= bit(y);
                state.pawns[oy] |= bit(x);
            }
            BarricadeEdit::PlaceBarricade { at } => {
                let p = state.point_named(at)?;
                state.free_for_edit(p, at)?;
                // Barricades held count one each (a seat may hold more than one).
                let held: u32 = state.holds.iter().map(|&n| u32::from(n)).sum();
                let total = self.board().barricade_points().count_ones();
                if state.barricades.count_ones() + held >= total {
                    return Err(ChangeError(format!(
                        "every one of the {total} barricades is in play"
                    )));
                }
                state.barricades |= bit(p);
            }
            BarricadeEdit::TakeBarricade { at } => {
                let p = state.point_named(at)?;
                if !state.barricade_at(p) {
                    return Err(ChangeError(format!("no barricade stands on {at}")));
                }
                state.barricades &= !bit(p);
            }
        }
        Ok(())
    }

    /// [`billes_game::game::GameRules::declare_winner`] for Barricade.
    pub(crate) fn declare(&self, state: &mut State, seat: &str) -> Result<(), ChangeError> {
        let colour = state
            .colour(seat)
            .ok_or_else(|| ChangeError(format!("\"{seat}\", no seat in play")))?;
        state.winner = Some(colour);
        state.replay_colour = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use billes_game::Rules;

    use super::*;
    use crate::{Params, Placement};

    #[test]
    fn a_placed_barricade_counts_every_barricade_held() {
        // Nine of the eleven barricades stand on the board and R holds two:
        // all eleven are in play, so an effect may not place a twelfth.
        let rules = Barricade::new(Params {
            placement: Placement::NextWholeTurn,
            ..Params::default()
        });
        let text = "[Game \"barricade\"]\n[Seats \"R B\"]\n[Position \"R:c5,e5 B:o3 \
                    bar=i13,i11,i10,i9,g7,k7,a3,i3,m3 move=B due=R held=R,R:e5 replay=R:c5\"]\n\n*\n";
        let game = billes_notation::parse_game(text).expect("record parses");
        let mut state = rules.setup(&game).expect("position tag reads");
        let place = Edit::new("place_barricade", [("at", "e3".to_string())]);
        let refused = rules.edit(&mut state, &place).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "every one of the 11 barricades is in play"
        );
        // With one barricade fewer on the board, there is room for it.
        let text = text.replace(",m3 ", " ");
        let game = billes_notation::parse_game(&text).expect("record parses");
        let mut state = rules.setup(&game).expect("position tag reads");
        rules.edit(&mut state, &place).expect("room for one more");
    }
}
