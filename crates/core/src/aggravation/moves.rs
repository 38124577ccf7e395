//! The moves a roll allows: entering from BASE, moving along the loop and
//! into HOME, the star-ring and centre shortcuts; and why a move is blocked.

use billes_notation::{Action, Path, Span};

use super::board::{Class, Hole, MAX_HOME, NONE};
use super::{Aggravation, State};

/// Why a move cannot be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Why {
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

/// One way a roll could be used: entering a marble, or moving one from
/// `from` to `to` (through the ring exit star `exit`, or NONE), and the side
/// it aggravates or why it is blocked.
///
/// Its parts are packed in one word (a byte each for `from`, `exit`, `to`,
/// the kind of result and its hole or side), so that it is made and
/// read in registers and only ever copied whole: built in memory part by
/// part and read back as a word, it stalled the processor.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cand(u64);

impl std::fmt::Debug for Cand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cand")
            .field("from", &self.from())
            .field("exit", &self.exit())
            .field("to", &self.to())
            .field("res", &self.res())
            .finish()
    }
}

impl Why {
    /// The kind (1 to 8) and the hole of a reason, for [`Cand`].
    #[inline(always)]
    fn code(self) -> (u8, u8) {
        match self {
            Why::JumpOwn(h) => (1, h),
            Why::LandOwn(h) => (2, h),
            Why::JumpPartner(h) => (3, h),
            Why::LandPartner(h) => (4, h),
            Why::Overshoot => (5, 0),
            Why::HomeFrozen => (6, 0),
            Why::EntryRoll => (7, 0),
            Why::EmptyBase => (8, 0),
        }
    }
}

impl Cand {
    /// The candidate of these parts.
    #[inline(always)]
    pub(crate) fn new(from: Hole, exit: Hole, to: Hole, res: Result<u8, Why>) -> Cand {
        let (kind, value) = match res {
            Ok(v) => (0, v),
            Err(why) => why.code(),
        };
        Cand(
            u64::from(from)
                | u64::from(exit) << 8
                | u64::from(to) << 16
                | u64::from(kind) << 24
                | u64::from(value) << 32,
        )
    }

    /// A pass: no marble moves.
    #[inline(always)]
    pub(crate) fn pass() -> Cand {
        Cand::new(NONE, NONE, NONE, Ok(NONE))
    }

    /// Where the marble starts; NONE for entering from BASE.
    #[inline(always)]
    pub(crate) fn from(self) -> Hole {
        self.0 as u8
    }

    /// The star hole where the marble leaves the ring, or NONE.
    #[inline(always)]
    pub(crate) fn exit(self) -> Hole {
        (self.0 >> 8) as u8
    }

    /// Where the marble lands.
    #[inline(always)]
    pub(crate) fn to(self) -> Hole {
        (self.0 >> 16) as u8
    }

    /// The side aggravated (NONE when none), or why the move is blocked.
    #[inline(always)]
    pub(crate) fn res(self) -> Result<u8, Why> {
        let value = (self.0 >> 32) as u8;
        Err(match (self.0 >> 24) as u8 {
            0 => return Ok(value),
            1 => Why::JumpOwn(value),
            2 => Why::LandOwn(value),
            3 => Why::JumpPartner(value),
            4 => Why::LandPartner(value),
            5 => Why::Overshoot,
            6 => Why::HomeFrozen,
            7 => Why::EntryRoll,
            _ => Why::EmptyBase,
        })
    }

    /// The move in notation, as the checker wants it written.
    pub(crate) fn action(&self, st: &State) -> Action {
        let capture = match self.res() {
            Ok(v) if v != NONE => Some(billes_notation::Capture::default()),
            _ => None,
        };
        if self.from() == NONE {
            return Action::Place {
                to: None,
                capture,
                span: Span::default(),
            };
        }
        let b = st.board;
        let mut path = Path::new();
        path.push(*b.name(self.from()));
        if self.exit() != NONE {
            path.push(*b.name(self.exit()));
        }
        path.push(*b.name(self.to()));
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
    fn pass_over(&self, st: &State, seat: u8, h: Hole) -> Result<(), Why> {
        match st.at(h) {
            Some(o) if o == seat => Err(Why::JumpOwn(h)),
            Some(o) if !self.params.jump_partners && st.partners(seat, o) => {
                Err(Why::JumpPartner(h))
            }
            _ => Ok(()),
        }
    }

    /// Whether a marble of `seat` may land on `h`, and whom it aggravates.
    #[inline]
    fn land(&self, st: &State, seat: u8, h: Hole) -> Result<u8, Why> {
        match st.at(h) {
            None => Ok(NONE),
            Some(o) if o == seat => Err(Why::LandOwn(h)),
            Some(o) if !self.params.jump_partners && st.partners(seat, o) => {
                Err(Why::LandPartner(h))
            }
            Some(o) => Ok(o),
        }
    }

    /// Entering a marble of `seat` from BASE onto START with roll `n`.
    pub(crate) fn enter(&self, st: &State, seat: u8, n: u8) -> Cand {
        let start = self.board.start(seat);
        let res = if self.entry & (1 << n) == 0 {
            Err(Why::EntryRoll)
        } else if st.base[seat as usize] == 0 {
            Err(Why::EmptyBase)
        } else {
            match st.at(start) {
                Some(o) if o == seat => Err(Why::LandOwn(start)),
                Some(o) if st.partners(seat, o) && !self.params.enter_onto_partner => {
                    Err(Why::LandPartner(start))
                }
                Some(o) => Ok(o),
                None => Ok(NONE),
            }
        };
        Cand::new(NONE, NONE, start, res)
    }

    /// `n` steps along the path of `seat` from `from` (loop, then HOME). The
    /// landing is NONE when the roll overshoots HOME.
    #[inline(always)]
    pub(crate) fn plain(&self, st: &State, seat: u8, from: Hole, n: u8) -> Cand {
        let next = &self.next[seat as usize];
        let mut res = Ok(NONE);
        if !self.params.home_moves && self.board.class(from) == Class::Home {
            res = Err(Why::HomeFrozen);
        }
        let overshoot = Cand::new(from, NONE, NONE, Err(Why::Overshoot));
        let mut h = from;
        for _ in 1..n {
            h = next[h as usize];
            if h == NONE {
                return overshoot;
            }
            if st.occ[h as usize] != 0 && res.is_ok() {
                res = self.pass_over(st, seat, h).map(|_| NONE);
            }
        }
        h = next[h as usize];
        if h == NONE {
            return overshoot;
        }
        if st.occ[h as usize] != 0 && res.is_ok() {
            res = self.land(st, seat, h);
        }
        Cand::new(from, NONE, h, res)
    }

    /// From a loop hole into the centre: `n - 1` steps to a star hole, then
    /// one step in. None when the route does not exist.
    pub(crate) fn to_centre(&self, st: &State, seat: u8, from: Hole, n: u8) -> Option<Cand> {
        let b = self.board;
        if !self.params.shortcuts || b.class(from) != Class::Loop {
            return None;
        }
        // Steps along the loop go one offset on, side after side: unless the
        // hole `n - 1` steps on is a star hole, the route does not exist.
        let ahead = (b.offset(from) as u16 + n as u16 + b.per_side as u16 - 1) % b.per_side as u16;
        if n != 0 && ahead != b.star_offset as u16 {
            return None;
        }
        let mut h = from;
        let mut res = Ok(NONE);
        for _ in 1..n {
            h = b.next(seat, h);
            if b.class(h) != Class::Loop {
                return None;
            }
            if res.is_ok() {
                res = self.pass_over(st, seat, h).map(|_| NONE);
            }
        }
        if !b.is_star(h) {
            return None;
        }
        if res.is_ok() {
            res = self.land(st, seat, b.centre);
        }
        Some(Cand::new(from, NONE, b.centre, res))
    }

    /// Whether the marble of `seat` on star hole `from` may take the star ring.
    pub(crate) fn ring_allowed(&self, st: &State, seat: u8, from: Hole) -> bool {
        self.params.shortcuts
            && self.board.is_star(from)
            && (!self.params.star_ring_next_turn_only
                || st.fresh[seat as usize] & (1 << self.board.side(from)) != 0)
    }

    /// Star holes a marble of `seat` on star hole `from` may go round the
    /// ring before it must leave it (at its own star hole).
    pub(crate) fn ring_room(&self, seat: u8, from: Hole) -> u8 {
        let sides = self.board.sides;
        (seat + sides - self.board.side(from)) % sides
    }

    /// From star hole `from`, `k` star holes round the ring, then the rest of
    /// the roll along the path.
    pub(crate) fn ring(&self, st: &State, seat: u8, from: Hole, k: u8, n: u8) -> Cand {
        let b = self.board;
        let sides = b.sides;
        let s0 = b.side(from);
        let mut res = Ok(NONE);
        for i in 1..k {
            if res.is_ok() {
                res = self
                    .pass_over(st, seat, b.star((s0 + i) % sides))
                    .map(|_| NONE);
            }
        }
        let exit = b.star((s0 + k) % sides);
        if k == n {
            if res.is_ok() {
                res = self.land(st, seat, exit);
            }
            return Cand::new(from, NONE, exit, res);
        }
        if res.is_ok() {
            res = self.pass_over(st, seat, exit).map(|_| NONE);
        }
        let rest = self.plain(st, seat, exit, n - k);
        Cand::new(from, exit, rest.to(), res.and(rest.res()))
    }

    /// Every way roll `n` could move the marble of `seat` on `from`
    /// (blocked ones included), stopping when `f` returns true.
    pub(crate) fn routes_from(
        &self,
        st: &State,
        seat: u8,
        from: Hole,
        n: u8,
        f: &mut impl FnMut(Cand) -> bool,
    ) -> bool {
        let b = self.board;
        match b.class(from) {
            Class::Centre => {
                if !self.params.shortcuts || n != 1 {
                    return false;
                }
                for s in 0..b.sides {
                    let to = b.star(s);
                    let c = Cand::new(from, NONE, to, self.land(st, seat, to));
                    if f(c) {
                        return true;
                    }
                }
                false
            }
            Class::Home | Class::Loop => {
                let c = self.plain(st, seat, from, n);
                if c.to() != NONE && f(c) {
                    return true;
                }
                if let Some(c) = self.to_centre(st, seat, from, n) {
                    if f(c) {
                        return true;
                    }
                }
                if self.ring_allowed(st, seat, from) {
                    for k in 1..=n.min(self.ring_room(seat, from)) {
                        let c = self.ring(st, seat, from, k, n);
                        if c.to() != NONE && f(c) {
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
    pub(crate) fn find_route(
        &self,
        st: &State,
        seat: u8,
        from: Hole,
        n: u8,
        to: Hole,
    ) -> Option<Cand> {
        let b = self.board;
        match b.class(from) {
            Class::Centre => {
                if !self.params.shortcuts || n != 1 || !b.is_star(to) {
                    return None;
                }
                Some(Cand::new(from, NONE, to, self.land(st, seat, to)))
            }
            Class::Home | Class::Loop => {
                let c = self.plain(st, seat, from, n);
                if c.to() != NONE && c.to() == to {
                    return Some(c);
                }
                // Neither a plain nor a ring route ends in the centre, and
                // the centre route ends nowhere else.
                if to == b.centre {
                    return self.to_centre(st, seat, from, n);
                }
                if self.ring_allowed(st, seat, from) {
                    for k in 1..=n.min(self.ring_room(seat, from)) {
                        if self.ring_landing(seat, from, k, n) != to {
                            continue;
                        }
                        let c = self.ring(st, seat, from, k, n);
                        if c.to() != NONE && c.to() == to {
                            return Some(c);
                        }
                    }
                }
                None
            }
            Class::Unused => None,
        }
    }

    /// Where [`Aggravation::ring`] lands (NONE: past HOME), blockers ignored.
    #[inline]
    fn ring_landing(&self, seat: u8, from: Hole, k: u8, n: u8) -> Hole {
        let b = self.board;
        let mut h = b.star((b.side(from) + k) % b.sides);
        let next = &self.next[seat as usize];
        for _ in k..n {
            h = next[h as usize];
            if h == NONE {
                return NONE;
            }
        }
        h
    }

    /// Every legal use of roll `n` by `seat`, stopping when `f` returns true.
    /// Returns whether `f` stopped it.
    pub(crate) fn legal(
        &self,
        st: &State,
        seat: u8,
        n: u8,
        f: &mut impl FnMut(Cand) -> bool,
    ) -> bool {
        self.legal_from(st, seat, n, st.pos[seat as usize], f)
    }

    /// [`Aggravation::legal`] for the marbles on `marbles` (NONE: none).
    pub(crate) fn legal_from(
        &self,
        st: &State,
        seat: u8,
        n: u8,
        marbles: [Hole; MAX_HOME],
        f: &mut impl FnMut(Cand) -> bool,
    ) -> bool {
        let e = self.enter(st, seat, n);
        if e.res().is_ok() && f(e) {
            return true;
        }
        for h in marbles {
            if h != NONE && self.routes_from(st, seat, h, n, &mut |c| c.res().is_ok() && f(c)) {
                return true;
            }
        }
        false
    }

    /// Whether `seat` has any legal use of roll `n`.
    pub(crate) fn can_move(&self, st: &State, seat: u8, n: u8) -> bool {
        self.legal(st, seat, n, &mut |_| true)
    }

    /// The legal uses of roll `n` by `seat`, in notation, in the order of
    /// the game API's list ([`Aggravation::uses`]).
    pub(crate) fn legal_list(&self, st: &State, seat: u8, n: u8) -> Vec<String> {
        let ctx = super::legal::TurnCtx {
            st,
            number: 0,
            roller: seat,
            mover: seat,
            n,
        };
        self.uses_list(&ctx, &crate::variant::NoHooks)
            .unwrap_or_default()
    }
}
