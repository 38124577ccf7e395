//! The moves a roll allows: entering from BASE, moving along the loop and
//! into HOME, the star-ring and centre shortcuts; and why a move is refused.

use billes_game::Colour;
use billes_notation::{Action, Path, Span};

use super::board::{Class, Hole, MAX_HOME};
use super::{Aggravation, State};

/// Why a move cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// An own marble stands on a hole the move passes.
    JumpOwn(Hole),
    /// An own marble stands on the landing hole.
    LandOwn(Hole),
    /// A partner's marble is in the way (partners' marbles block).
    JumpPartner(Hole),
    /// A partner's marble stands on the landing hole (partners' marbles block).
    LandPartner(Hole),
    /// The roll is too large to enter HOME by exact count.
    Overshoot,
    /// HOME marbles may not move in these rules.
    HomeFrozen,
    /// The roll does not enter a marble.
    EntryRoll,
    /// Every marble is out of BASE.
    EmptyBase,
}

/// What a move does when it may be made: the seat whose marble it
/// aggravates, if any; or why it cannot be made.
pub(crate) type Outcome = Result<Option<Colour>, Refusal>;

/// One way a roll could be used: entering a marble, or moving one from
/// `from` to `to` (through the ring exit star `exit`, if any), and its
/// [`Outcome`].
///
/// Its parts are packed in one word, a byte each: `from`, `exit` and `to`
/// as their [`Hole::byte`] (0: none), then the kind of outcome (0 made, 1
/// to 8 the [`Refusal`]s in their order), then its value (made: the
/// aggravated colour's index plus one, 0 for none; refused: the hole's
/// byte, 0 for none). So a candidate is made and read in registers and
/// only ever copied whole: built in memory part by part and read back as a
/// word, it stalled the processor.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Candidate(u64);

impl std::fmt::Debug for Candidate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Candidate")
            .field("from", &self.from())
            .field("exit", &self.exit())
            .field("to", &self.to())
            .field("outcome", &self.outcome())
            .finish()
    }
}

impl Refusal {
    /// The kind (1 to 8) and the hole's byte of a refusal, for [`Candidate`].
    #[inline(always)]
    fn code(self) -> (u8, u8) {
        let byte = |h: Hole| Hole::byte(Some(h));
        match self {
            Refusal::JumpOwn(h) => (1, byte(h)),
            Refusal::LandOwn(h) => (2, byte(h)),
            Refusal::JumpPartner(h) => (3, byte(h)),
            Refusal::LandPartner(h) => (4, byte(h)),
            Refusal::Overshoot => (5, 0),
            Refusal::HomeFrozen => (6, 0),
            Refusal::EntryRoll => (7, 0),
            Refusal::EmptyBase => (8, 0),
        }
    }
}

impl Candidate {
    /// The candidate of these parts.
    #[inline(always)]
    pub(crate) fn new(
        from: Option<Hole>,
        exit: Option<Hole>,
        to: Option<Hole>,
        outcome: Outcome,
    ) -> Candidate {
        let (kind, value) = match outcome {
            Ok(victim) => (0, victim.map_or(0, |c| c.get() + 1)),
            Err(refusal) => refusal.code(),
        };
        Candidate(
            u64::from(Hole::byte(from))
                | u64::from(Hole::byte(exit)) << 8
                | u64::from(Hole::byte(to)) << 16
                | u64::from(kind) << 24
                | u64::from(value) << 32,
        )
    }

    /// A pass: no marble moves.
    #[inline(always)]
    pub(crate) fn pass() -> Candidate {
        Candidate::new(None, None, None, Ok(None))
    }

    /// Where the marble starts; none for entering from BASE.
    #[inline(always)]
    pub(crate) fn from(self) -> Option<Hole> {
        Hole::from_byte(self.0 as u8)
    }

    /// The star hole where the marble leaves the ring, if it takes it.
    #[inline(always)]
    pub(crate) fn exit(self) -> Option<Hole> {
        Hole::from_byte((self.0 >> 8) as u8)
    }

    /// Where the marble lands; none for a pass or a roll that overshoots HOME.
    #[inline(always)]
    pub(crate) fn to(self) -> Option<Hole> {
        Hole::from_byte((self.0 >> 16) as u8)
    }

    /// Whether the move may be made (refused ones are listed too, for the
    /// messages).
    #[inline(always)]
    pub(crate) fn is_made(self) -> bool {
        (self.0 >> 24) as u8 == 0
    }

    /// The seat aggravated (none when none), or why the move is refused.
    #[inline(always)]
    pub(crate) fn outcome(self) -> Outcome {
        let value = (self.0 >> 32) as u8;
        let hole = || Hole::from_byte(value).unwrap_or(Hole::new(0));
        Err(match (self.0 >> 24) as u8 {
            0 => return Ok(value.checked_sub(1).map(Colour::new)),
            1 => Refusal::JumpOwn(hole()),
            2 => Refusal::LandOwn(hole()),
            3 => Refusal::JumpPartner(hole()),
            4 => Refusal::LandPartner(hole()),
            5 => Refusal::Overshoot,
            6 => Refusal::HomeFrozen,
            7 => Refusal::EntryRoll,
            _ => Refusal::EmptyBase,
        })
    }

    /// The seat the move aggravates, if it may be made and does.
    #[inline(always)]
    pub(crate) fn victim(self) -> Option<Colour> {
        self.outcome().ok().flatten()
    }

    /// The move in notation, as the checker wants it written.
    pub(crate) fn action(&self, state: &State) -> Action {
        let capture = self.victim().map(|_| billes_notation::Capture::default());
        let (Some(from), Some(to)) = (self.from(), self.to()) else {
            return Action::Place {
                to: None,
                capture,
                span: Span::default(),
            };
        };
        let b = state.board;
        let mut path = Path::new();
        path.push(*b.name(from));
        if let Some(exit) = self.exit() {
            path.push(*b.name(exit));
        }
        path.push(*b.name(to));
        Action::Move {
            path,
            capture,
            barricade: false,
            span: Span::default(),
        }
    }
}

impl Aggravation {
    /// Whether a marble of `seat` may pass over hole `h`.
    #[inline]
    fn pass_over(&self, state: &State, seat: Colour, h: Hole) -> Result<(), Refusal> {
        match state.at(h) {
            Some(o) if o == seat => Err(Refusal::JumpOwn(h)),
            Some(o) if !self.params.jump_partners && state.partners(seat, o) => {
                Err(Refusal::JumpPartner(h))
            }
            _ => Ok(()),
        }
    }

    /// Whether a marble of `seat` may land on `h`, and whom it aggravates.
    #[inline]
    fn land(&self, state: &State, seat: Colour, h: Hole) -> Outcome {
        match state.at(h) {
            None => Ok(None),
            Some(o) if o == seat => Err(Refusal::LandOwn(h)),
            Some(o) if !self.params.jump_partners && state.partners(seat, o) => {
                Err(Refusal::LandPartner(h))
            }
            Some(o) => Ok(Some(o)),
        }
    }

    /// Whether `roll` enters a marble in these rules.
    #[inline(always)]
    fn enters(&self, roll: u8) -> bool {
        self.entry & (1 << roll) != 0
    }

    /// Whether `roll` may enter a marble of `seat`: it enters, and BASE
    /// holds one (the first two refusals of [`Aggravation::enter`]).
    #[inline(always)]
    fn may_enter(&self, state: &State, seat: Colour, roll: u8) -> bool {
        self.enters(roll) && state.base[seat.index()] != 0
    }

    /// Entering a marble of `seat` from BASE onto START with `roll`.
    pub(crate) fn enter(&self, state: &State, seat: Colour, roll: u8) -> Candidate {
        let start = self.board.start(seat);
        let outcome = if !self.enters(roll) {
            Err(Refusal::EntryRoll)
        } else if state.base[seat.index()] == 0 {
            Err(Refusal::EmptyBase)
        } else {
            match state.at(start) {
                Some(o) if o == seat => Err(Refusal::LandOwn(start)),
                Some(o) if state.partners(seat, o) && !self.params.enter_onto_partner => {
                    Err(Refusal::LandPartner(start))
                }
                Some(o) => Ok(Some(o)),
                None => Ok(None),
            }
        };
        Candidate::new(None, None, Some(start), outcome)
    }

    /// `roll` steps along the path of `seat` from `from` (loop, then HOME).
    /// The landing is none when the roll overshoots HOME. This walk is the
    /// rule; the moves look it up first ([`Aggravation::plain_move`]).
    #[inline(always)]
    pub(crate) fn plain(&self, state: &State, seat: Colour, from: Hole, roll: u8) -> Candidate {
        let next = &self.next[seat.index()];
        let mut outcome = Ok(None);
        if !self.params.home_moves && self.board.class(from) == Class::Home {
            outcome = Err(Refusal::HomeFrozen);
        }
        let overshoot = Candidate::new(Some(from), None, None, Err(Refusal::Overshoot));
        let mut h = from;
        for _ in 1..roll {
            let Some(ahead) = next[Hole::slot(Some(h))] else {
                return overshoot;
            };
            h = ahead;
            if !state.is_empty(h) && outcome.is_ok() {
                outcome = self.pass_over(state, seat, h).map(|_| None);
            }
        }
        let Some(to) = next[Hole::slot(Some(h))] else {
            return overshoot;
        };
        if !state.is_empty(to) && outcome.is_ok() {
            outcome = self.land(state, seat, to);
        }
        Candidate::new(Some(from), None, Some(to), outcome)
    }

    /// [`Aggravation::plain`] looked up on the seat's line
    /// ([`super::line`]) instead of walked: none when the lookup cannot
    /// tell and the walk must (a path that is not a line, a house rule
    /// under which the walk may refuse a partner's marble or a HOME move).
    #[inline(always)]
    pub(crate) fn plain_ahead(
        &self,
        state: &State,
        seat: Colour,
        from: Hole,
        roll: u8,
    ) -> Option<Candidate> {
        let (c, lines) = (seat.index(), &self.lines);
        if !self.looks_up(state, seat, roll) {
            return None;
        }
        // Off the line, `togo` is 0 and the walk has no next hole either.
        let togo = lines.togo(c, Some(from));
        if togo < roll {
            return Some(Candidate::new(
                Some(from),
                None,
                None,
                Err(Refusal::Overshoot),
            ));
        }
        // An own marble `ahead` steps on is passed when that is 1 to
        // `roll - 1`; one behind, off the line or in BASE is not (its
        // wrapped difference is larger). The walk refuses at the first.
        let mut first = u8::MAX;
        for &m in state.slots(seat) {
            let ahead = togo.wrapping_sub(lines.togo(c, m));
            let passed = ahead.wrapping_sub(1) < roll - 1;
            first = first.min(if passed { ahead } else { u8::MAX });
        }
        let to = lines.hole(c, togo - roll)?;
        let outcome = if first != u8::MAX {
            Err(Refusal::JumpOwn(lines.hole(c, togo - first)?))
        } else if state.is_empty(to) {
            Ok(None)
        } else {
            self.land(state, seat, to)
        };
        Some(Candidate::new(Some(from), None, Some(to), outcome))
    }

    /// Whether the lookups on `seat`'s line ([`Aggravation::plain_ahead`],
    /// [`Aggravation::can_move_ahead`]) can tell the moves of `roll`: not
    /// under rules whose walk may refuse a HOME move or a partner's marble,
    /// nor on a path that is no line.
    #[inline(always)]
    fn looks_up(&self, state: &State, seat: Colour, roll: u8) -> bool {
        let partners_block = state.teams && !self.params.jump_partners;
        self.params.home_moves && !partners_block && self.lines.is_line(seat.index()) && roll != 0
    }

    /// [`Aggravation::plain`], looked up when it can be
    /// ([`Aggravation::plain_ahead`]).
    #[inline(always)]
    pub(crate) fn plain_move(
        &self,
        state: &State,
        seat: Colour,
        from: Hole,
        roll: u8,
    ) -> Candidate {
        match self.plain_ahead(state, seat, from, roll) {
            Some(c) => c,
            None => self.plain(state, seat, from, roll),
        }
    }

    /// Whether [`Aggravation::to_centre`] may find a route from `from`
    /// with `roll`: false only where it finds none. Its test of the roll
    /// is looked up ([`Board::centre_roll`](super::board::Board::centre_roll)),
    /// without its division, so the moves of a marble that cannot take
    /// the centre do not call it (about one turn in seven is a pass, and
    /// each marble's routes are tried to prove one).
    #[inline(always)]
    fn may_take_centre(&self, from: Hole, roll: u8) -> bool {
        let b = self.board;
        self.params.shortcuts
            && b.class(from) == Class::Loop
            && (roll == 0 || roll > b.per_side || roll == b.centre_roll(from))
    }

    /// From a loop hole into the centre: `roll - 1` steps to a star hole,
    /// then one step in. None when the route does not exist.
    pub(crate) fn to_centre(
        &self,
        state: &State,
        seat: Colour,
        from: Hole,
        roll: u8,
    ) -> Option<Candidate> {
        let b = self.board;
        if !self.params.shortcuts || b.class(from) != Class::Loop {
            return None;
        }
        // Steps along the loop go one offset on, side after side: unless the
        // hole `roll - 1` steps on is a star hole, the route does not exist.
        let ahead =
            (b.offset(from) as u16 + roll as u16 + b.per_side as u16 - 1) % b.per_side as u16;
        if roll != 0 && ahead != b.star_offset as u16 {
            return None;
        }
        let mut h = from;
        let mut outcome = Ok(None);
        for _ in 1..roll {
            h = b.next(seat, h)?;
            if b.class(h) != Class::Loop {
                return None;
            }
            if outcome.is_ok() {
                outcome = self.pass_over(state, seat, h).map(|_| None);
            }
        }
        if !b.is_star(h) {
            return None;
        }
        if outcome.is_ok() {
            outcome = self.land(state, seat, b.centre);
        }
        Some(Candidate::new(Some(from), None, Some(b.centre), outcome))
    }

    /// Whether the marble of `seat` on star hole `from` may take the star ring.
    pub(crate) fn ring_allowed(&self, state: &State, seat: Colour, from: Hole) -> bool {
        self.params.shortcuts
            && self.board.is_star(from)
            && (!self.params.star_ring_next_turn_only
                || state.fresh[seat.index()] & self.board.star_bit(Some(from)) != 0)
    }

    /// Star holes a marble of `seat` on star hole `from` may go round the
    /// ring before it must leave it (at its own star hole).
    pub(crate) fn ring_room(&self, seat: Colour, from: Hole) -> u8 {
        let sides = self.board.sides;
        let side = self.board.colour(from).map_or(0, Colour::get);
        wrap(seat.get() + sides - side, sides)
    }

    /// The star hole `k` star holes round the ring from star hole `from`.
    #[inline]
    fn star_ahead(&self, from: Hole, k: u8) -> Hole {
        let b = self.board;
        let side = b.colour(from).map_or(0, Colour::get);
        b.star(Colour::new(wrap(side + k, b.sides)))
    }

    /// From star hole `from`, `k` star holes round the ring, then the rest of
    /// the roll along the path.
    pub(crate) fn ring(
        &self,
        state: &State,
        seat: Colour,
        from: Hole,
        k: u8,
        roll: u8,
    ) -> Candidate {
        let mut outcome = Ok(None);
        for i in 1..k {
            if outcome.is_ok() {
                outcome = self
                    .pass_over(state, seat, self.star_ahead(from, i))
                    .map(|_| None);
            }
        }
        let exit = self.star_ahead(from, k);
        if k == roll {
            if outcome.is_ok() {
                outcome = self.land(state, seat, exit);
            }
            return Candidate::new(Some(from), None, Some(exit), outcome);
        }
        if outcome.is_ok() {
            outcome = self.pass_over(state, seat, exit).map(|_| None);
        }
        let rest = self.plain_move(state, seat, exit, roll - k);
        Candidate::new(
            Some(from),
            Some(exit),
            rest.to(),
            outcome.and(rest.outcome()),
        )
    }

    /// Every way `roll` could move the marble of `seat` on `from`
    /// (refused ones included), stopping when `f` returns true.
    pub(crate) fn routes_from(
        &self,
        state: &State,
        seat: Colour,
        from: Hole,
        roll: u8,
        f: &mut impl FnMut(Candidate) -> bool,
    ) -> bool {
        let b = self.board;
        match b.class(from) {
            Class::Centre => {
                if !self.params.shortcuts || roll != 1 {
                    return false;
                }
                for c in b.all_colours() {
                    let to = b.star(c);
                    let candidate =
                        Candidate::new(Some(from), None, Some(to), self.land(state, seat, to));
                    if f(candidate) {
                        return true;
                    }
                }
                false
            }
            Class::Home | Class::Loop => {
                let candidate = self.plain_move(state, seat, from, roll);
                if candidate.to().is_some() && f(candidate) {
                    return true;
                }
                if self.may_take_centre(from, roll) {
                    if let Some(candidate) = self.to_centre(state, seat, from, roll) {
                        if f(candidate) {
                            return true;
                        }
                    }
                }
                if self.ring_allowed(state, seat, from) {
                    for k in 1..=roll.min(self.ring_room(seat, from)) {
                        let candidate = self.ring(state, seat, from, k, roll);
                        if candidate.to().is_some() && f(candidate) {
                            return true;
                        }
                    }
                }
                false
            }
            Class::Unused => false,
        }
    }

    /// The first route of [`Aggravation::routes_from`] that lands on `to`,
    /// found without trying the routes that cannot land there.
    #[inline(always)]
    pub(crate) fn find_route(
        &self,
        state: &State,
        seat: Colour,
        from: Hole,
        roll: u8,
        to: Hole,
    ) -> Option<Candidate> {
        let b = self.board;
        match b.class(from) {
            Class::Centre => {
                if !self.params.shortcuts || roll != 1 || !b.is_star(to) {
                    return None;
                }
                Some(Candidate::new(
                    Some(from),
                    None,
                    Some(to),
                    self.land(state, seat, to),
                ))
            }
            Class::Home | Class::Loop => {
                let candidate = self.plain_move(state, seat, from, roll);
                if candidate.to() == Some(to) {
                    return Some(candidate);
                }
                // Neither a plain nor a ring route ends in the centre, and
                // the centre route ends nowhere else.
                if to == b.centre {
                    return self.to_centre(state, seat, from, roll);
                }
                if self.ring_allowed(state, seat, from) {
                    for k in 1..=roll.min(self.ring_room(seat, from)) {
                        if self.ring_landing(seat, from, k, roll) != Some(to) {
                            continue;
                        }
                        let candidate = self.ring(state, seat, from, k, roll);
                        if candidate.to() == Some(to) {
                            return Some(candidate);
                        }
                    }
                }
                None
            }
            Class::Unused => None,
        }
    }

    /// Where [`Aggravation::ring`] lands (none: past HOME), blockers ignored.
    #[inline]
    fn ring_landing(&self, seat: Colour, from: Hole, k: u8, roll: u8) -> Option<Hole> {
        let mut h = self.star_ahead(from, k);
        let next = &self.next[seat.index()];
        for _ in k..roll {
            h = next[Hole::slot(Some(h))]?;
        }
        Some(h)
    }

    /// Every legal use of `roll` by `seat`, stopping when `f` returns true.
    /// Returns whether `f` stopped it.
    pub(crate) fn legal(
        &self,
        state: &State,
        seat: Colour,
        roll: u8,
        f: &mut impl FnMut(Candidate) -> bool,
    ) -> bool {
        self.legal_from(state, seat, roll, state.holes[seat.index()], f)
    }

    /// [`Aggravation::legal`] for the marbles on `marbles` (none: no marble).
    pub(crate) fn legal_from(
        &self,
        state: &State,
        seat: Colour,
        roll: u8,
        marbles: [Option<Hole>; MAX_HOME],
        f: &mut impl FnMut(Candidate) -> bool,
    ) -> bool {
        // No entry is made otherwise: `enter` is not called.
        if self.may_enter(state, seat, roll) {
            let entering = self.enter(state, seat, roll);
            if entering.is_made() && f(entering) {
                return true;
            }
        }
        for h in marbles.into_iter().flatten() {
            if self.routes_from(state, seat, h, roll, &mut |c| c.is_made() && f(c)) {
                return true;
            }
        }
        false
    }

    /// Whether `seat` has any legal use of `roll`: the proof of a pass
    /// (`--`), about one turn in seven of a four-player game. Looked up on
    /// the seat's line where it can be ([`Aggravation::can_move_ahead`]),
    /// else every legal use is tried ([`Aggravation::legal`], the rule).
    pub(crate) fn can_move(&self, state: &State, seat: Colour, roll: u8) -> bool {
        match self.can_move_ahead(state, seat, roll) {
            Some(can) => can,
            None => self.legal(state, seat, roll, &mut |_| true),
        }
    }

    /// Whether the marble of `seat` on `h` has a legal use of `roll`, for
    /// [`Aggravation::can_move_ahead`] (whose rules it assumes): `t` is its
    /// steps to go on its line, `togo` those of each of the seat's slots
    /// (0 for an empty one). `None` where the walk must tell.
    #[inline(always)]
    fn marble_can_move(
        &self,
        state: &State,
        seat: Colour,
        h: Hole,
        (t, togo): (u8, &[u8]),
        roll: u8,
    ) -> Option<bool> {
        let shortcut = !matches!(self.board.class(h), Class::Loop | Class::Home)
            || self.may_take_centre(h, roll)
            || self.ring_allowed(state, seat, h);
        if shortcut {
            return Some(self.routes_from(state, seat, h, roll, &mut |c| c.is_made()));
        }
        // As in `plain_ahead`: past the end of the path (off the line,
        // `togo` is 0), or an own marble 1 to `roll - 1` steps ahead,
        // refuses the move; else the landing decides.
        if t < roll
            || togo
                .iter()
                .any(|&o| t.wrapping_sub(o).wrapping_sub(1) < roll - 1)
        {
            return Some(false);
        }
        let to = self.lines.hole(seat.index(), t - roll)?;
        Some(state.is_empty(to) || self.land(state, seat, to).is_ok())
    }

    /// [`Aggravation::legal`] asked only whether there is a legal use of
    /// `roll`, each marble's plain move looked up on the seat's line as
    /// [`Aggravation::plain_ahead`] looks it up, the steps to go of its
    /// marbles read once for all of them, and no candidate built: `None`
    /// where `plain_ahead` would leave the walk to tell (its rules, a path
    /// that is no line). A marble that may take a shortcut (the centre, the
    /// star ring) or stands in the centre has its routes tried. The test
    /// `the_pass_looked_up_is_the_pass_tried` holds the two to the same
    /// answer.
    #[inline(always)]
    fn can_move_ahead(&self, state: &State, seat: Colour, roll: u8) -> Option<bool> {
        let (c, lines) = (seat.index(), &self.lines);
        if !self.looks_up(state, seat, roll) {
            return None;
        }
        if self.may_enter(state, seat, roll) && self.enter(state, seat, roll).is_made() {
            return Some(true);
        }
        let row = state.slots(seat);
        let mut togo = [0; MAX_HOME];
        for (t, &m) in togo.iter_mut().zip(row) {
            *t = lines.togo(c, m);
        }
        let togo = &togo[..row.len()];
        for (&m, &t) in row.iter().zip(togo) {
            if let Some(h) = m {
                if self.marble_can_move(state, seat, h, (t, togo), roll)? {
                    return Some(true);
                }
            }
        }
        Some(false)
    }

    /// The legal uses of `roll` by `seat`, in notation, in the order of
    /// the game API's list ([`Aggravation::uses`]).
    pub(crate) fn legal_list(&self, state: &State, seat: Colour, roll: u8) -> Vec<String> {
        let ctx = super::legal::TurnCtx {
            state,
            number: 0,
            roller: seat,
            mover: seat,
            roll,
        };
        self.uses_list(&ctx, &billes_game::variant::NoHooks)
            .unwrap_or_default()
    }
}

/// `x` modulo `n` (not 0), without a division where `x` is under `2 * n`,
/// as the sums of two seats' or star holes' numbers are: a division takes
/// some twenty cycles, more than the rest of a route's test.
#[inline(always)]
fn wrap(x: u8, n: u8) -> u8 {
    if x < n {
        x
    } else if x - n < n {
        x - n
    } else {
        x % n
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use billes_game::{Colour, Rng};

    use super::super::board::Hole;
    use super::super::{Aggravation, Params, State};

    /// A position of `seats` seats with up to `marbles` marbles of each on
    /// holes drawn at random (loop, centre and every HOME), teams when
    /// `teams`.
    fn random_state(rules: &Aggravation, rng: &mut Rng, seats: usize, teams: bool) -> State {
        let board = rules.board;
        let in_play = std::array::from_fn(|i| i < seats);
        let marbles = rules.params.marbles;
        let mut state = State::new(board, in_play, marbles, rules.params.home_size);
        let holes: Vec<_> = board.holes().collect();
        for c in Colour::all(seats) {
            for _ in 0..rng.below(usize::from(marbles) + 1) {
                let h = holes[rng.below(holes.len())];
                if state.is_empty(h) {
                    state.put(c, h);
                }
            }
        }
        if teams {
            state.teams = true;
            state.team = std::array::from_fn(|i| (i % 2) as u8);
        }
        state
    }

    /// The standard rules and house rules the lookups are tried under.
    fn house_rules() -> Vec<Params> {
        vec![
            Params::default(),
            Params {
                jump_partners: false,
                ..Params::default()
            },
            Params {
                home_moves: false,
                ..Params::default()
            },
            Params {
                shortcuts: false,
                ..Params::default()
            },
            Params {
                star_ring_next_turn_only: true,
                ..Params::default()
            },
            Params {
                marbles: 5,
                home_size: 6,
                ..Params::default()
            },
            Params {
                marbles: 8,
                home_size: 8,
                ..Params::default()
            },
        ]
    }

    #[test]
    fn the_lookup_lands_where_the_walk_does() {
        let mut rng = Rng::new(46);
        for params in house_rules() {
            let rules = Aggravation::new(params.clone()).unwrap();
            let (mut looked_up, mut walked) = (0, 0);
            for round in 0..300 {
                let seats = [2, 3, 4, 6][round % 4];
                let state = random_state(&rules, &mut rng, seats, round % 3 == 0);
                for seat in Colour::all(seats) {
                    for from in rules.board.holes() {
                        for roll in 1..=6 {
                            let walk = rules.plain(&state, seat, from, roll);
                            match rules.plain_ahead(&state, seat, from, roll) {
                                Some(ahead) => {
                                    assert_eq!(ahead, walk, "{params:?} {seat:?} {from} {roll}");
                                    looked_up += 1;
                                }
                                None => walked += 1,
                            }
                        }
                    }
                }
            }
            // The lookup answers every move under the standard rules, none
            // under which the walk refuses a HOME move, and some when
            // partners block (not in team play).
            if !params.home_moves {
                assert_eq!(looked_up, 0, "{params:?}");
            } else if params.jump_partners {
                assert_eq!(walked, 0, "{params:?}");
            } else {
                assert!(looked_up > 0 && walked > 0, "{params:?}");
            }
        }
    }

    #[test]
    fn the_centre_is_tried_wherever_its_route_exists() {
        let rules = Aggravation::new(Params::default()).unwrap();
        let mut rng = Rng::new(47);
        let (mut routes, mut skipped) = (0, 0);
        for round in 0..20 {
            let seats = [2, 3, 4, 6][round % 4];
            let state = random_state(&rules, &mut rng, seats, round % 3 == 0);
            for seat in Colour::all(seats) {
                for from in rules.board.holes() {
                    for roll in 0..=u8::MAX {
                        let tried = rules.may_take_centre(from, roll);
                        if rules.to_centre(&state, seat, from, roll).is_some() {
                            assert!(tried, "{seat:?} {from} {roll}");
                            routes += 1;
                        } else {
                            skipped += usize::from(!tried);
                        }
                    }
                }
            }
        }
        // Most holes and rolls have no route into the centre, and are
        // told so without the route's test.
        assert!(routes > 0 && skipped > 10 * routes, "{routes} {skipped}");
    }

    #[test]
    fn a_wrap_is_a_remainder() {
        for n in 1..=u8::MAX {
            for x in 0..=u8::MAX {
                assert_eq!(super::wrap(x, n), x % n, "{x} {n}");
            }
        }
    }

    /// Gives one seat of `state` two marbles only, on its path, the
    /// second 1 to 7 holes ahead of the first: the first's plain moves are
    /// refused where a shortcut may be made.
    fn two_in_a_row(rules: &Aggravation, rng: &mut Rng, state: &mut State, seats: usize) {
        let b = rules.board;
        let seat = Colour::new(rng.below(seats) as u8);
        for h in state.holes_of(seat).collect::<Vec<_>>() {
            state.lift(seat, h);
        }
        let mut h = Hole::new(rng.below(usize::from(b.loop_len)) as u8);
        for _ in 0..2 {
            if let Some(o) = state.at(h) {
                state.lift(o, h);
            }
            state.put(seat, h);
            for _ in 0..=rng.below(7) {
                let Some(next) = b.next(seat, h) else {
                    return;
                };
                h = next;
            }
        }
    }

    #[test]
    fn the_pass_looked_up_is_the_pass_tried() {
        let mut rng = Rng::new(4646);
        for params in house_rules() {
            let rules = Aggravation::new(params.clone()).unwrap();
            // Passes, and marbles whose only legal uses are shortcuts (their
            // plain move refused): those the lookup leaves to the routes.
            let (mut looked_up, mut passes, mut shortcut_only) = (0, 0, 0);
            for round in 0..400 {
                let seats = [2, 3, 4, 6][round % 4];
                let mut state = random_state(&rules, &mut rng, seats, round % 3 == 0);
                if round % 2 == 0 {
                    two_in_a_row(&rules, &mut rng, &mut state, seats);
                }
                for c in Colour::all(seats) {
                    // As many marbles out as BASE had; some star holes fresh.
                    let out = state.holes_of(c).count() as u8;
                    state.base[c.index()] = state.marbles - out;
                    state.fresh[c.index()] = rng.below(1 << seats) as u8;
                }
                for seat in Colour::all(seats) {
                    for roll in 0..=7 {
                        let tried = rules.legal(&state, seat, roll, &mut |_| true);
                        if let Some(can) = rules.can_move_ahead(&state, seat, roll) {
                            assert_eq!(can, tried, "{params:?} {seat:?} {roll} {state:?}");
                            looked_up += 1;
                        }
                        assert_eq!(rules.can_move(&state, seat, roll), tried);
                        passes += usize::from(!tried);
                        if rules.can_move_ahead(&state, seat, roll).is_none() {
                            continue;
                        }
                        // Each marble's answer, against its routes tried.
                        let c = seat.index();
                        let togo = state.holes[c].map(|m| rules.lines.togo(c, m));
                        for h in state.holes_of(seat) {
                            let t = rules.lines.togo(c, Some(h));
                            let routes =
                                rules.routes_from(&state, seat, h, roll, &mut |c| c.is_made());
                            let looked = rules.marble_can_move(&state, seat, h, (t, &togo), roll);
                            if let Some(looked) = looked {
                                assert_eq!(looked, routes, "{params:?} {seat:?} {h} {roll}");
                            }
                            let plain = rules.plain_move(&state, seat, h, roll).is_made();
                            shortcut_only += usize::from(routes && !plain);
                        }
                    }
                }
            }
            // The lookup answers under the standard rules, and never where
            // HOME marbles may not move.
            if params.home_moves {
                assert!(
                    looked_up > 1000 && passes > 100,
                    "{params:?} {looked_up} {passes}"
                );
                if params.shortcuts {
                    assert!(shortcut_only > 10, "{params:?} {shortcut_only}");
                }
            } else {
                assert_eq!(looked_up, 0, "{params:?}");
            }
        }
    }
}
