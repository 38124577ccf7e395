//! [`TwoStep`]: legal moves that differ only in where their barricades go
//! down, seen as two decisions (where to go, then where to put them).

use billes_notation::{Action, Name, Span};

use super::Move;

/// Legal moves of one turn that differ only in the points their
/// barricades are put down on: `first` followed by `#point` for each choice
/// of `owed` points among `points`, each set once, its points in the order
/// of `points` (the board's order), the sets in lexicographic order; with
/// `owed` 0, `first` alone.
///
/// [`crate::game::Position::legal_two_steps`] gives a position's legal
/// moves so, in the order of [`crate::game::Position::legal_moves`]: a
/// Barricade turn that takes a barricade is one `TwoStep` instead of one
/// move per free point. A program that chooses the move then the points
/// pays for the points once per turn.
///
/// ```
/// use billes_core::game::{Position, Roll};
/// use billes_core::{Engine, GameKind, Standard};
///
/// let rules = Standard::new(billes_core::barricade::KIND);
/// // Red holds a barricade: each of its four moves puts it down on one of 82 points.
/// let pos = rules.position(&[("Seats", "R B"), ("Position", "R:e5 move=R held=R")])?;
/// let roll = Roll::new(1);
/// let steps = pos.legal_two_steps(roll)?;
/// assert_eq!(steps.len(), 4);
/// assert_eq!((steps[0].owed, steps[0].points.len(), steps[0].len()), (1, 82, 82));
/// let all: Vec<_> = steps.iter().flat_map(|s| s.moves()).collect();
/// assert_eq!(all, pos.legal_moves(roll)?);
/// # Ok::<(), billes_core::ReplayError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwoStep {
    /// The move without the barricades it puts down (a pawn move with its
    /// marks, or `--`).
    pub first: Move,
    /// How many barricades go down after it.
    pub owed: u8,
    /// The points they may go on, in the board's order.
    pub points: Vec<Name>,
}

impl TwoStep {
    /// `mv` alone, with nothing to put down.
    pub fn single(mv: Move) -> TwoStep {
        TwoStep {
            first: mv,
            owed: 0,
            points: Vec::new(),
        }
    }

    /// How many moves it stands for: the number of sets of `owed` points
    /// among `points` (0 when there are fewer points than owed).
    pub fn len(&self) -> usize {
        let (n, k) = (self.points.len() as u128, u128::from(self.owed));
        if k > n {
            return 0;
        }
        let mut c: u128 = 1;
        for i in 0..k {
            c = c * (n - i) / (i + 1);
        }
        usize::try_from(c).unwrap_or(usize::MAX)
    }

    /// Whether it stands for no move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Calls `f` with the indices (into `points`) of each set of `owed`
    /// points, in the order of the moves; `f` returns `false` to stop.
    pub fn each_choice(&self, f: &mut dyn FnMut(&[usize]) -> bool) {
        let k = usize::from(self.owed);
        let n = self.points.len();
        if k > n {
            return;
        }
        let mut chosen: Vec<usize> = (0..k).collect();
        loop {
            if !f(&chosen) {
                return;
            }
            // The next set: raise the last index that can still rise, and
            // put the ones after it right behind it.
            let Some(i) = (0..k).rev().find(|&i| chosen[i] < n - k + i) else {
                return;
            };
            chosen[i] += 1;
            for j in i + 1..k {
                chosen[j] = chosen[j - 1] + 1;
            }
        }
    }

    /// The move putting the barricades down on the points of `chosen`
    /// (indices into `points`).
    pub fn with(&self, chosen: &[usize]) -> Move {
        let mut mv = self.first.clone();
        for &i in chosen {
            if let Some(&at) = self.points.get(i) {
                mv.actions.push(Action::Barricade {
                    at,
                    span: Span::default(),
                });
            }
        }
        mv
    }

    /// Every move it stands for, in order.
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(self.len().min(1 << 16));
        self.each_choice(&mut |chosen| {
            out.push(self.with(chosen));
            true
        });
        out
    }

    /// The moves of a list (a position's legal moves, in order) seen in two
    /// steps: each run of moves that differ only in their trailing `#point`
    /// actions, when it is every choice of their number among their points,
    /// is one `TwoStep`; any other move stands alone. Expanding the answer
    /// ([`TwoStep::moves`]) gives `moves` back, in order.
    ///
    /// ```
    /// use billes_game::game::{Move, TwoStep};
    /// use billes_notation::{Action, Name, Seat, Span};
    ///
    /// let put = |at: &str| Action::Barricade { at: Name::new(at), span: Span::default() };
    /// let pass = Action::Pass { span: Span::default() };
    /// let moves: Vec<Move> = ["a1", "b1", "c1"]
    ///     .iter()
    ///     .map(|p| Move::new(Seat::new("R"), None, vec![pass.clone(), put(p)]))
    ///     .collect();
    /// let steps = TwoStep::group(moves.clone());
    /// assert_eq!((steps.len(), steps[0].owed, steps[0].points.len()), (1, 1, 3));
    /// assert_eq!(steps[0].moves(), moves);
    /// ```
    pub fn group(moves: Vec<Move>) -> Vec<TwoStep> {
        // A list without put-downs (any game without barricades) is a move
        // a step, in one pass.
        let puts_down =
            |m: &Move| matches!(m.actions.as_slice().last(), Some(Action::Barricade { .. }));
        if !moves.iter().any(puts_down) {
            return moves.into_iter().map(TwoStep::single).collect();
        }
        let mut out: Vec<TwoStep> = Vec::with_capacity(moves.len());
        let mut run: Vec<Move> = Vec::new();
        for mv in moves {
            if run.first().is_some_and(|r| !same_first(r, &mv)) {
                flush(&mut run, &mut out);
            }
            run.push(mv);
        }
        flush(&mut run, &mut out);
        out
    }
}

/// How many actions of `mv` come before its trailing put-downs.
fn first_len(mv: &Move) -> usize {
    let actions = mv.actions.as_slice();
    actions
        .iter()
        .rposition(|a| !matches!(a, Action::Barricade { .. }))
        .map_or(0, |i| i + 1)
}

/// Whether `a` and `b` differ at most in the points of their trailing
/// put-downs (as many of them).
fn same_first(a: &Move, b: &Move) -> bool {
    let n = first_len(a);
    n == first_len(b)
        && a.actions.len() == b.actions.len()
        && a.actions.len() > n
        && a.seat == b.seat
        && a.roll == b.roll
        && a.mover == b.mover
        && a.actions.as_slice()[..n] == b.actions.as_slice()[..n]
}

/// Ends a run of moves sharing their first step: one [`TwoStep`] when the
/// run is exactly every choice of its put-downs, else a move each.
fn flush(run: &mut Vec<Move>, out: &mut Vec<TwoStep>) {
    let Some(head) = run.first() else {
        return;
    };
    let n = first_len(head);
    let owed = head.actions.len() - n;
    if owed > 0 {
        if let Ok(owed) = u8::try_from(owed) {
            let mut points: Vec<Name> = Vec::new();
            for mv in run.iter() {
                for a in &mv.actions.as_slice()[n..] {
                    if let Action::Barricade { at, .. } = a {
                        if !points.contains(at) {
                            points.push(*at);
                        }
                    }
                }
            }
            let mut first = head.clone();
            first.actions.truncate(n);
            let step = TwoStep {
                first,
                owed,
                points,
            };
            if step.len() == run.len() && step.moves() == *run {
                out.push(step);
                run.clear();
                return;
            }
        }
    }
    out.extend(run.drain(..).map(TwoStep::single));
}

#[cfg(test)]
mod tests {
    use billes_notation::Seat;

    use super::*;

    fn put(at: &str) -> Action {
        Action::Barricade {
            at: Name::new(at),
            span: Span::default(),
        }
    }

    fn pass() -> Action {
        Action::Pass {
            span: Span::default(),
        }
    }

    fn mv(actions: Vec<Action>) -> Move {
        Move::new(Seat::new("R"), None, actions)
    }

    #[test]
    fn pairs_come_in_lexicographic_order() {
        let step = TwoStep {
            first: mv(vec![pass()]),
            owed: 2,
            points: ["a1", "b1", "c1", "d1"].map(Name::new).to_vec(),
        };
        assert_eq!(step.len(), 6);
        let written: Vec<String> = step.moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(
            written,
            [
                "-- #a1 #b1",
                "-- #a1 #c1",
                "-- #a1 #d1",
                "-- #b1 #c1",
                "-- #b1 #d1",
                "-- #c1 #d1"
            ]
        );
        assert_eq!(TwoStep::group(step.moves()), [step]);
        let none = TwoStep {
            first: mv(vec![pass()]),
            owed: 3,
            points: vec![Name::new("a1")],
        };
        assert!(none.is_empty() && none.moves().is_empty());
    }

    #[test]
    fn a_list_without_put_downs_is_a_move_a_step() {
        let moves = vec![mv(vec![pass()]), mv(vec![pass(), pass()]), mv(vec![pass()])];
        let steps = TwoStep::group(moves.clone());
        assert!(steps.iter().all(|s| s.owed == 0 && s.points.is_empty()));
        let back: Vec<Move> = steps.iter().flat_map(TwoStep::moves).collect();
        assert_eq!(back, moves);
        assert!(TwoStep::group(Vec::new()).is_empty());
    }

    #[test]
    fn a_list_that_is_not_every_choice_stands_move_by_move() {
        let moves = vec![
            mv(vec![pass(), put("a1"), put("b1")]),
            mv(vec![pass(), put("a1"), put("c1")]),
            mv(vec![pass()]),
            mv(vec![pass()]),
            mv(vec![pass(), put("c1")]),
            mv(vec![pass(), put("a1")]),
        ];
        let steps = TwoStep::group(moves.clone());
        // Two pairs of three points, not all three: each stands alone, as
        // each move without a put-down; the last two are every choice of
        // one point among c1 and a1, in that order.
        let owed: Vec<u8> = steps.iter().map(|s| s.owed).collect();
        assert_eq!(owed, [0, 0, 0, 0, 1], "{steps:?}");
        assert_eq!(steps[4].points, [Name::new("c1"), Name::new("a1")]);
        let back: Vec<Move> = steps.iter().flat_map(TwoStep::moves).collect();
        assert_eq!(back, moves);
    }
}
