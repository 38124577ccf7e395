//! The walk over a record's tree of turns: the main line, and at each turn
//! the variations that replace it, each played from a copy of the position
//! before that turn. The replay, the check past mistakes, the description,
//! the completion of marks and the replay stream ([`crate::events`], what
//! a program that shows a whole record reads instead of a walk of its own)
//! are each a [`Visitor`] of this one walk.
//!
//! The order is the record's: a turn's variations are walked before the
//! turn itself, nested ones first. A line nested deeper than [`MAX_DEPTH`]
//! is not walked: the visitor says what that means ([`Visitor::too_deep`]).

use std::ops::{ControlFlow, Deref};

use billes_notation::{Line, Span, Turn};

/// Deepest variation nesting the walk follows. A record the parser reads
/// nests at most [`billes_notation::MAX_NESTING`] (64) deep; a game built
/// otherwise (by a program, or read from JSON) may nest deeper, and its
/// lines past this depth are not walked (the replay refuses it:
/// "variations nested too deeply") rather than overflow the stack.
pub const MAX_DEPTH: usize = 256;

/// How the walk holds the record: [`Read`] to look at its turns, [`Write`]
/// to change them as they are visited.
pub trait Access {
    /// A line as held.
    type Line<'a>;
    /// A turn as held.
    type Turn<'a>: Deref<Target = Turn>;

    /// The turns of `line`.
    fn turns<'b>(line: &'b Self::Line<'_>) -> &'b [Turn];

    /// The `i`-th turn of `line` (`i` in range), and the turns after it.
    fn at<'b>(line: &'b mut Self::Line<'_>, i: usize) -> (Self::Turn<'b>, &'b [Turn]);

    /// A turn as held, to change (`None` when the record is only read).
    fn turn_mut<'b>(turn: &'b mut Self::Turn<'_>) -> Option<&'b mut Turn>;

    /// The `k`-th variation of `turn` (`k` in range).
    fn variation<'b>(turn: &'b mut Self::Turn<'_>, k: usize) -> Self::Line<'b>;
}

/// The record read, not changed.
#[derive(Debug)]
pub enum Read {}

/// The record changed as it is walked (its turns' marks filled in).
#[derive(Debug)]
pub enum Write {}

impl Access for Read {
    type Line<'a> = &'a Line;
    type Turn<'a> = &'a Turn;

    #[inline(always)]
    fn turns<'b>(line: &'b &Line) -> &'b [Turn] {
        &line.turns
    }

    #[inline(always)]
    fn at<'b>(line: &'b mut &Line, i: usize) -> (&'b Turn, &'b [Turn]) {
        (&line.turns[i], &line.turns[i + 1..])
    }

    #[inline(always)]
    fn turn_mut<'b>(_: &'b mut &Turn) -> Option<&'b mut Turn> {
        None
    }

    #[inline(always)]
    fn variation<'b>(turn: &'b mut &Turn, k: usize) -> &'b Line {
        &turn.variations()[k]
    }
}

impl Access for Write {
    type Line<'a> = &'a mut Line;
    type Turn<'a> = &'a mut Turn;

    fn turns<'b>(line: &'b &mut Line) -> &'b [Turn] {
        &line.turns
    }

    fn at<'b>(line: &'b mut &mut Line, i: usize) -> (&'b mut Turn, &'b [Turn]) {
        let (turn, after) = line.turns[i..].split_first_mut().expect("a turn in range");
        (turn, after)
    }

    fn turn_mut<'b>(turn: &'b mut &mut Turn) -> Option<&'b mut Turn> {
        Some(turn)
    }

    fn variation<'b>(turn: &'b mut &mut Turn, k: usize) -> &'b mut Line {
        // Only called for a variation there is: `variations_mut` makes
        // room for annotations on a turn that has none.
        &mut turn.variations_mut()[k]
    }
}

/// Where a turn stands in the walk, as [`Visitor::play`] is given it.
#[derive(Debug)]
pub struct At<'t, K> {
    /// Its place in its line: 0 for the first turn.
    pub index: usize,
    /// The turn after it in its line.
    pub next: Option<&'t Turn>,
    /// The turns after it in its line.
    pub rest: &'t [Turn],
    /// The number it is played as ([`Visitor::number`]'s).
    pub number: u32,
    /// 0 in the main line, 1 in a variation of it, and so on.
    pub depth: usize,
    /// What the visitor kept of it from [`Visitor::number`].
    pub kept: K,
}

/// Where a variation stands in the walk, as [`Visitor::variation`] is
/// given it.
#[derive(Debug, Clone, Copy)]
pub struct Fork<'t> {
    /// The turn it replaces: it is played from the position before it.
    pub turn: &'t Turn,
    /// That turn's place in its line: 0 for the first turn.
    pub index: usize,
    /// Its place among that turn's variations: 0 for the first.
    pub k: usize,
    /// Its depth: 1 for a variation of the main line, and so on.
    pub depth: usize,
}

/// What the walk does at each point of the tree of turns.
pub trait Visitor<A: Access> {
    /// The position the turns are played in (a variation's may borrow
    /// from the position it was copied from).
    type Position<'p>;
    /// Why a line stops.
    type Stop;
    /// What the visitor keeps of a turn from [`number`](Visitor::number),
    /// before its variations are walked, to [`play`](Visitor::play), after.
    type Kept: Default;

    /// A copy of `pos`, for a variation to be played from.
    fn branch<'b>(&mut self, pos: &'b Self::Position<'_>) -> Self::Position<'b>;

    /// A line nested deeper than [`MAX_DEPTH`], its first turn at `span`:
    /// it is not walked.
    fn too_deep(&mut self, span: Span) -> ControlFlow<Self::Stop>;

    /// The number `turn` is played as, its turns before in its line giving
    /// it `expected` (its variations start from it too), and what to keep of
    /// it. By default `expected`: the number as written is not looked at.
    #[inline(always)]
    fn number(
        &mut self,
        turn: &Turn,
        next: Option<&Turn>,
        expected: u32,
    ) -> ControlFlow<Self::Stop, (u32, Self::Kept)> {
        let _ = (turn, next);
        ControlFlow::Continue((expected, Self::Kept::default()))
    }

    /// A variation is about to be walked from `pos`, the position before
    /// the turn it replaces (before [`branch`](Visitor::branch) copies it;
    /// [`variation_ended`](Visitor::variation_ended) is called after it,
    /// unless this stops the walk). By default nothing.
    #[inline(always)]
    fn variation(&mut self, pos: &Self::Position<'_>, fork: Fork<'_>) -> ControlFlow<Self::Stop> {
        let _ = (pos, fork);
        ControlFlow::Continue(())
    }

    /// A line begins, `depth` deep.
    #[inline(always)]
    fn enter(&mut self, depth: usize) {
        let _ = depth;
    }

    /// A variation was walked to `ended`: what its turn's line does about
    /// it. By default the same: a variation's stop stops the walk.
    #[inline(always)]
    fn variation_ended(&mut self, ended: ControlFlow<Self::Stop>) -> ControlFlow<Self::Stop> {
        ended
    }

    /// Plays `turn` in `pos`, after its variations.
    fn play(
        &mut self,
        pos: &mut Self::Position<'_>,
        turn: &mut A::Turn<'_>,
        at: At<'_, Self::Kept>,
    ) -> ControlFlow<Self::Stop>;

    /// The number the turn after the one numbered `number` is expected
    /// to have. By default the next one (the last number a turn can be
    /// written with is followed by itself: a record's numbers are a
    /// stranger's, and they may start at `u32::MAX`).
    #[inline(always)]
    fn next_number(&mut self, number: u32) -> u32 {
        number.saturating_add(1)
    }

    /// A line begun `depth` deep was walked to its end (not called for a
    /// line that stopped).
    #[inline(always)]
    fn leave(&mut self, depth: usize) {
        let _ = depth;
    }
}

/// Walks `line`, the main line of a record, from `pos` with `visitor`.
#[inline]
pub fn walk<A: Access, V: Visitor<A>>(
    visitor: &mut V,
    pos: &mut V::Position<'_>,
    line: A::Line<'_>,
) -> ControlFlow<V::Stop> {
    walk_from::<A, V>(visitor, pos, line, 1)
}

/// [`walk`], the first turn of `line` numbered `first` unless written (the
/// rest of a main line handed over a part at a time).
#[inline]
pub fn walk_from<A: Access, V: Visitor<A>>(
    visitor: &mut V,
    pos: &mut V::Position<'_>,
    line: A::Line<'_>,
    first: u32,
) -> ControlFlow<V::Stop> {
    walk_line::<A, V>(visitor, pos, line, first, 0)
}

fn walk_line<A: Access, V: Visitor<A>>(
    visitor: &mut V,
    pos: &mut V::Position<'_>,
    mut line: A::Line<'_>,
    first: u32,
    depth: usize,
) -> ControlFlow<V::Stop> {
    if depth > MAX_DEPTH {
        let span = A::turns(&line).first().map(|t| t.span).unwrap_or_default();
        return visitor.too_deep(span);
    }
    visitor.enter(depth);
    let mut expected = first;
    for i in 0..A::turns(&line).len() {
        let (mut turn, rest) = A::at(&mut line, i);
        let next = rest.first();
        let (number, kept) = visitor.number(&turn, next, expected)?;
        for k in 0..turn.variations().len() {
            let fork = Fork {
                turn: &turn,
                index: i,
                k,
                depth: depth + 1,
            };
            visitor.variation(pos, fork)?;
            let mut alt = visitor.branch(pos);
            let variation = A::variation(&mut turn, k);
            let ended = walk_line::<A, V>(visitor, &mut alt, variation, number, depth + 1);
            visitor.variation_ended(ended)?;
        }
        let at = At {
            index: i,
            next,
            rest,
            number,
            depth,
            kept,
        };
        visitor.play(pos, &mut turn, at)?;
        expected = visitor.next_number(number);
    }
    visitor.leave(depth);
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes down the order of the walk: `[` and `]` around a line, each
    /// turn by its number and seat, a turn's variations before it.
    #[derive(Default)]
    struct Order(String);

    impl Visitor<Read> for Order {
        type Position<'p> = ();
        type Stop = ();
        type Kept = ();

        fn branch(&mut self, _: &()) {}

        fn too_deep(&mut self, _: Span) -> ControlFlow<()> {
            self.0.push('!');
            ControlFlow::Continue(())
        }

        fn enter(&mut self, _: usize) {
            self.0.push('[');
        }

        fn play(&mut self, _: &mut (), turn: &mut &Turn, at: At<'_, ()>) -> ControlFlow<()> {
            self.0
                .push_str(&format!("{}{} ", at.number, turn.head.seat));
            ControlFlow::Continue(())
        }

        fn leave(&mut self, _: usize) {
            self.0.push(']');
        }
    }

    #[test]
    fn variations_come_before_their_turn_nested_first() {
        let record = "[Game \"aggravation\"]\n\n1. R6 + (1. R1 + (1. R3 --) 2. G2 --) 2. G3 -- (2. G4 --)\n*\n";
        let game = billes_notation::parse_game(record).unwrap();
        let mut order = Order::default();
        let flow = walk::<Read, _>(&mut order, &mut (), &game.line);
        assert!(flow.is_continue());
        assert_eq!(order.0, "[[[1R ]1R 2G ]1R [2G ]2G ]");
    }

    #[test]
    fn lines_past_the_deepest_are_not_walked() {
        let mut line = Line::default();
        let record = "[Game \"aggravation\"]\n\n1. R6 +\n*\n";
        let turn = billes_notation::parse_game(record).unwrap().line.turns[0].clone();
        line.turns.push(turn.clone());
        for _ in 0..MAX_DEPTH {
            let mut outer = turn.clone();
            outer.variations_mut().push(line);
            line = Line {
                turns: vec![outer],
                ..Line::default()
            };
        }
        let mut order = Order::default();
        let _ = walk::<Read, _>(&mut order, &mut (), &line);
        assert_eq!(order.0.matches('[').count(), MAX_DEPTH + 1);
        assert!(!order.0.contains('!'));
        let mut outer = turn.clone();
        outer.variations_mut().push(line);
        let line = Line {
            turns: vec![outer],
            ..Line::default()
        };
        let mut order = Order::default();
        let _ = walk::<Read, _>(&mut order, &mut (), &line);
        assert_eq!(order.0.matches('[').count(), MAX_DEPTH + 1);
        assert_eq!(order.0.matches('!').count(), 1);
    }
}
