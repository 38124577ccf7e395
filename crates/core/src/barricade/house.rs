//! Barricade under house rules that change the game: moves added by a
//! variant, the edits of its effects, its winner, and the board helpers
//! (`walk`, `path`, `neighbours`) hooks and scripts see.

use std::collections::VecDeque;

use billes_notation::{Action, Turn};

use super::board::{bit, Point, NONE};
use super::position::{colour_of, State, NO_SEAT};
use super::{turn, Barricade};
use crate::game::{Move, Roll};
use crate::house::{parse_actions, Edit};
use crate::variant::{Hooks, NoHooks};
use crate::{ErrorKind, ReplayError};

impl State {
    /// The point called `name`, or why not.
    fn point_named(&self, name: &str) -> Result<Point, String> {
        self.board
            .point(name)
            .ok_or_else(|| format!("there is no point {name}"))
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
            .map(|r| {
                r.seq[..r.len as usize]
                    .iter()
                    .map(|&q| self.board.name(q).to_string())
                    .collect()
            })
            .collect()
    }

    pub(crate) fn path_names(&self, from: &str, to: &str) -> Option<Vec<String>> {
        let (a, b) = (self.board.point(from)?, self.board.point(to)?);
        let mut came = vec![NONE; self.board.len()];
        let mut queue = VecDeque::from([a]);
        let mut seen = bit(a);
        while let Some(p) = queue.pop_front() {
            if p == b {
                break;
            }
            for &q in self.board.neighbours(p) {
                if seen & bit(q) == 0 {
                    seen |= bit(q);
                    came[q as usize] = p;
                    queue.push_back(q);
                }
            }
        }
        if a == b || came[b as usize] == NONE {
            return (a == b).then(Vec::new);
        }
        let mut route = vec![b];
        let mut p = b;
        while came[p as usize] != a {
            p = came[p as usize];
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
    fn pawn_named(&self, p: Point, name: &str) -> Result<usize, String> {
        self.pawn_at(p)
            .map(usize::from)
            .ok_or_else(|| format!("no pawn stands on {name}"))
    }

    /// Whether `p` (named `name`) is free for a pawn or barricade an edit
    /// puts there: no pawn, no barricade, not the goal.
    fn free_for_edit(&self, p: Point, name: &str) -> Result<(), String> {
        if p == self.board.goal() {
            return Err(format!("{name} is the goal: edits leave it alone"));
        }
        if let Some(o) = self.pawn_at(p) {
            return Err(format!(
                "{}'s pawn stands on {name}",
                super::board::SEATS[o as usize]
            ));
        }
        if self.barricade_at(p) {
            return Err(format!("a barricade stands on {name}"));
        }
        Ok(())
    }
}

impl Barricade {
    /// [`crate::variant::HookedRules::spell_added`] for Barricade: one move
    /// of `seat`'s pawn along a path of points, landing on a point without a
    /// barricade, empty or held by another seat's pawn (sent home), that the
    /// game's rules allow once the barricades on the way are lifted (`None`
    /// when they do not).
    pub(crate) fn spell_added_move(
        &self,
        st: &State,
        seat: &str,
        roll: Option<Roll>,
        text: &str,
    ) -> Result<Option<Move>, String> {
        let c = colour_of(seat)
            .filter(|&c| st.seat_index(c).is_some())
            .ok_or_else(|| format!("\"{text}\" for {seat}, no seat in play"))?;
        let actions = parse_actions(seat, roll, text)?;
        let bad = |why: String| format!("\"{text}\": {why}");
        let [Action::Move { path, .. }] = actions.as_slice() else {
            return Err(bad(
                "an added move is one move along a path of points".into()
            ));
        };
        let points: Vec<Point> = path
            .iter()
            .map(|n| st.point_named(n.as_str()))
            .collect::<Result<_, _>>()
            .map_err(bad)?;
        let (from, to) = (points[0], points[points.len() - 1]);
        if st.pawn_at(from) != Some(c) {
            return Err(bad(format!("no pawn of {seat} stands on {}", path[0])));
        }
        if st.barricade_at(to) {
            return Err(bad("an added move cannot land on a barricade".into()));
        }
        if st.pawn_at(to) == Some(c) {
            return Err(bad(format!(
                "{seat}'s own pawn stands on {}",
                path[path.len() - 1]
            )));
        }
        // The move as the game lists it once the barricades are lifted (the
        // way `play_added` plays it), or none when the game's other rules
        // forbid it (a pawn bound to replay, one waiting next to the goal).
        let mut open = st.clone();
        open.barricades = 0;
        let list = self
            .legal_moves_with(&open, seat, roll, 0, &NoHooks)
            .map_err(|e| bad(e.message))?;
        Ok(list.into_iter().find(|m| {
            matches!(m.actions.as_slice(), [Action::Move { path: p, .. }]
                if p.first() == path.first() && p.last() == path.last())
        }))
    }

    /// [`crate::variant::HookedRules::play_added`] for Barricade: the move
    /// is played by the game's checker as if no barricade stood on the
    /// board but the ones it must put down (added moves pass barricades:
    /// the hook decided which may be passed), then the barricades stand
    /// again. A pass ends the turn.
    pub(crate) fn play_added_move<H: Hooks>(
        &self,
        st: &mut State,
        turn: &Turn,
        mv: &Move,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        if mv.is_pass() {
            let c = colour_of(mv.seat.as_str()).unwrap_or(NO_SEAT);
            let i = st.seat_index(c).unwrap_or(0);
            st.replay_colour = NO_SEAT;
            st.replay_pawn = NONE;
            st.next = (i + 1) % st.n_seats;
            return Ok(());
        }
        let standing = st.barricades;
        st.barricades = 0;
        let played = turn::play_with(self, st, turn, hooks);
        let doubled = st.barricades & standing;
        st.barricades |= standing;
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

    /// [`crate::variant::HookedRules::apply_edit`] for Barricade: pawns
    /// and barricades off the goal; no more barricades than the board has.
    pub(crate) fn edit(&self, st: &mut State, edit: &Edit) -> Result<(), String> {
        match edit {
            Edit::Send { at } => {
                let p = st.point_named(at)?;
                let o = st.pawn_named(p, at)?;
                st.pawns[o] &= !bit(p);
                st.housed[o] += 1;
            }
            Edit::Put { seat, at } => {
                let c = colour_of(seat)
                    .filter(|&c| st.seat_index(c).is_some())
                    .map(usize::from)
                    .ok_or_else(|| format!("{seat} is no seat in play"))?;
                let p = st.point_named(at)?;
                st.free_for_edit(p, at)?;
                if st.housed[c] == 0 {
                    return Err(format!("{seat} has no pawn in its house"));
                }
                st.housed[c] -= 1;
                st.pawns[c] |= bit(p);
            }
            Edit::Move { from, to } => {
                let (f, t) = (st.point_named(from)?, st.point_named(to)?);
                let o = st.pawn_named(f, from)?;
                st.free_for_edit(t, to)?;
                st.pawns[o] = st.pawns[o] & !bit(f) | bit(t);
            }
            Edit::Swap { a, b } => {
                let (x, y) = (st.point_named(a)?, st.point_named(b)?);
                let (ox, oy) = (st.pawn_named(x, a)?, st.pawn_named(y, b)?);
                st.pawns[ox] &= !bit(x);
                st.pawns[oy] &= !bit(y);
                st.pawns[ox] |= bit(y);
                st.pawns[oy] |= bit(x);
            }
            Edit::PlaceBarricade { at } => {
                let p = st.point_named(at)?;
                st.free_for_edit(p, at)?;
                let held = st.held.iter().filter(|&&h| h != NONE).count() as u32;
                let total = self.board().barricade_points().count_ones();
                if st.barricades.count_ones() + held >= total {
                    return Err(format!("every one of the {total} barricades is in play"));
                }
                st.barricades |= bit(p);
            }
            Edit::TakeBarricade { at } => {
                let p = st.point_named(at)?;
                if !st.barricade_at(p) {
                    return Err(format!("no barricade stands on {at}"));
                }
                st.barricades &= !bit(p);
            }
        }
        Ok(())
    }

    /// [`crate::variant::HookedRules::declare_winner`] for Barricade.
    pub(crate) fn declare(&self, st: &mut State, seat: &str) -> Result<(), String> {
        let c = colour_of(seat)
            .filter(|&c| st.seat_index(c).is_some())
            .ok_or_else(|| format!("\"{seat}\", no seat in play"))?;
        st.winner = c;
        st.replay_colour = NO_SEAT;
        Ok(())
    }
}
