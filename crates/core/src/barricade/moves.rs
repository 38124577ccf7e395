//! Pawn moves: the routes a pawn may take with a roll (ordinary moves,
//! entering from the house, the bounce off the goal), the legal moves of a
//! seat, and how a move is written.

use billes_notation::{Action, Name, Path, Span};

use super::board::{bit, iter_points, Point, Points, Route, HOUSE, NONE};
use super::position::State;
use super::Barricade;

/// A legal pawn move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// Where the pawn starts (NONE: from its house).
    pub from: Point,
    /// Where it lands.
    pub to: Point,
    /// A bounce: to the goal and back by the excess.
    pub bounce: bool,
    /// It sends a rival pawn home.
    pub capture: bool,
    /// It takes a barricade.
    pub take: bool,
}

/// The routes of one pawn with one roll, in a shape shared by ordinary
/// moves, entries and bounces: the fixed `prefix` points (the start point
/// when entering; the goal and the point before it when bouncing), the
/// points they add to the way, then either a landing at the end of the
/// prefix (`tail` empty and `direct`) or one of the `tail` routes.
pub(crate) struct Ways<'a> {
    pub prefix: [Point; 2],
    pub n_prefix: usize,
    pub extra: Points,
    pub tail: &'a [Route],
    pub direct: bool,
}

impl<'a> Ways<'a> {
    /// Calls `f(landing, passed points, full route)` for each way.
    #[inline]
    pub fn each(&self, mut f: impl FnMut(Point, Points, &mut dyn Iterator<Item = Point>) -> bool) {
        let pre = &self.prefix[..self.n_prefix];
        if self.direct {
            let landing = pre[pre.len() - 1];
            f(
                landing,
                self.extra & !bit(landing),
                &mut pre.iter().copied(),
            );
            return;
        }
        for r in self.tail {
            if (r.inter | bit(r.landing())) & self.extra != 0 {
                // A bounce never comes back to the goal.
                continue;
            }
            let mut full = pre
                .iter()
                .copied()
                .chain(r.seq[..r.len as usize].iter().copied());
            if !f(r.landing(), r.inter | self.extra, &mut full) {
                return;
            }
        }
    }
}

/// Why a written move is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// No way of that length (through the written points) leads there.
    NoWay,
    /// Every way passes this barricade.
    Blocked(Point),
    /// The landing point holds the mover's own pawn.
    OwnPawn,
    /// A bounce would end on a barricade (variant without taking on a bounce).
    BounceOnBarricade,
}

impl Barricade {
    /// The ways of a pawn of colour `c` standing on `from` (NONE: in the house)
    /// with roll `r`, bouncing or not.
    pub(crate) fn ways(&self, c: usize, from: Point, r: usize, bounce: bool) -> Ways<'static> {
        let board = self.board();
        if from == NONE {
            let s = board.start(c);
            return Ways {
                prefix: [s, NONE],
                n_prefix: 1,
                extra: bit(s),
                tail: board.routes(s, r - 1),
                direct: r == 1,
            };
        }
        if bounce {
            let (g, b) = (board.goal(), board.before_goal());
            return Ways {
                prefix: [g, b],
                n_prefix: 2,
                extra: bit(g) | bit(b),
                tail: board.routes(b, r.saturating_sub(2)),
                direct: r == 2,
            };
        }
        Ways {
            prefix: [NONE; 2],
            n_prefix: 0,
            extra: 0,
            tail: board.routes(from, r),
            direct: false,
        }
    }

    /// True when the pawn on `from` may only move by bouncing with roll `r`.
    #[inline]
    pub(crate) fn bounces(&self, from: Point, r: usize) -> bool {
        self.params().bounce & (r != 1) & (from == self.board().before_goal())
    }

    /// Whether a pawn of `c` may land on `to` coming from `from`.
    #[inline]
    fn may_land(&self, st: &State, c: usize, from: Point, to: Point, bounce: bool) -> bool {
        let own = st.pawns[c] & !if from == NONE { 0 } else { bit(from) };
        if own & bit(to) != 0 {
            return false;
        }
        !(bounce && !self.params().bounce_takes_barricade && st.barricades & bit(to) != 0)
    }

    /// The move of a pawn to a landing point, with its effects.
    fn make(&self, st: &State, c: usize, from: Point, to: Point, bounce: bool) -> Move {
        let rivals = st.all_pawns() & !st.pawns[c];
        Move {
            from,
            to,
            bounce,
            capture: rivals & bit(to) != 0,
            take: st.barricades & bit(to) != 0,
        }
    }

    /// Calls `f` for each legal move of one pawn; stops when `f` returns false.
    /// Returns false when stopped.
    fn pawn_moves(
        &self,
        st: &State,
        c: usize,
        from: Point,
        r: usize,
        bounce: bool,
        f: &mut dyn FnMut(Move) -> bool,
    ) -> bool {
        let mut seen: Points = 0;
        let mut go_on = true;
        self.ways(c, from, r, bounce).each(|to, passed, _| {
            if passed & st.barricades == 0
                && seen & bit(to) == 0
                && self.may_land(st, c, from, to, bounce)
            {
                seen |= bit(to);
                go_on = f(self.make(st, c, from, to, bounce));
            }
            go_on
        });
        go_on
    }

    /// Calls `f` for each legal move of colour `c` with roll `r` (`replay`:
    /// the pawn that must move on a 6 replay); stops when `f` returns false.
    pub(crate) fn each_move(
        &self,
        st: &State,
        c: usize,
        r: usize,
        replay: Option<Point>,
        f: &mut dyn FnMut(Move) -> bool,
    ) {
        if let Some(p) = replay {
            self.pawn_moves(st, c, p, r, self.bounces(p, r), f);
            return;
        }
        let before_goal = self.board().before_goal();
        let mut bouncer = self.bounces(before_goal, r) && st.pawns[c] & bit(before_goal) != 0;
        if bouncer && !self.params().bounce_freezes && self.others_can_move(st, c, r, before_goal) {
            // Another pawn can move: the pawn before the goal moves like any
            // pawn (parameter `bounce_freezes`).
            bouncer = false;
        }
        let mut any = false;
        {
            let mut g = |m: Move| {
                any = true;
                f(m)
            };
            for p in iter_points(st.pawns[c]) {
                if bouncer && p == before_goal {
                    continue;
                }
                if !self.pawn_moves(st, c, p, r, false, &mut g) {
                    return;
                }
            }
            if st.housed[c] > 0 && !self.pawn_moves(st, c, NONE, r, false, &mut g) {
                return;
            }
        }
        if bouncer && !any {
            self.pawn_moves(st, c, before_goal, r, true, f);
        }
    }

    /// True when colour `c` has a legal move with roll `r`.
    pub(crate) fn can_move(&self, st: &State, c: usize, r: usize, replay: Option<Point>) -> bool {
        let mut found = false;
        self.each_move(st, c, r, replay, &mut |_| {
            found = true;
            false
        });
        found
    }

    /// True when a pawn of `c` other than the one on `except` can move.
    pub(crate) fn others_can_move(&self, st: &State, c: usize, r: usize, except: Point) -> bool {
        let mut found = false;
        let mut stop = |_| {
            found = true;
            false
        };
        for p in iter_points(st.pawns[c] & !bit(except)) {
            if !self.pawn_moves(st, c, p, r, false, &mut stop) {
                return true;
            }
        }
        if st.housed[c] > 0 {
            self.pawn_moves(st, c, NONE, r, false, &mut stop);
        }
        found
    }

    /// Every legal move of colour `c`.
    pub fn legal_moves(&self, st: &State, c: usize, r: usize, replay: Option<Point>) -> Vec<Move> {
        let mut out = Vec::new();
        self.each_move(st, c, r, replay, &mut |m| {
            out.push(m);
            true
        });
        out
    }

    /// Checks the way of one written move of a pawn of `c` with roll `r`.
    pub(crate) fn check_way(
        &self,
        st: &State,
        c: usize,
        r: usize,
        way: &WrittenWay<'_>,
    ) -> Result<Move, Refusal> {
        let WrittenWay {
            from,
            to,
            bounce,
            waypoints,
        } = *way;
        let mut found_way = false;
        let mut blocker = NONE;
        let mut open = false;
        let ways = self.ways(c, from, r, bounce);
        if waypoints.is_empty() && !ways.direct && !bounce {
            // The common case, kept tight: no written waypoint, no bounce.
            for route in ways.tail {
                if route.to != to {
                    continue;
                }
                found_way = true;
                let hit = (route.inter | ways.extra) & st.barricades;
                if hit == 0 {
                    open = true;
                    break;
                }
                if blocker == NONE {
                    blocker = hit.trailing_zeros() as Point;
                }
            }
        } else {
            let found = self.ways_each(&ways, st, to, waypoints);
            (found_way, blocker, open) = (found.way, found.blocker, found.open);
        }
        if !found_way {
            return Err(Refusal::NoWay);
        }
        if !open {
            return Err(Refusal::Blocked(blocker));
        }
        if st.pawns[c] & !if from == NONE { 0 } else { bit(from) } & bit(to) != 0 {
            return Err(Refusal::OwnPawn);
        }
        if !self.may_land(st, c, from, to, bounce) {
            return Err(Refusal::BounceOnBarricade);
        }
        Ok(self.make(st, c, from, to, bounce))
    }

    /// The general case of [`Self::check_way`]: written waypoints, entries, bounces.
    fn ways_each(&self, ways: &Ways<'_>, st: &State, to: Point, waypoints: &[Point]) -> Found {
        let mut found = Found {
            way: false,
            blocker: NONE,
            open: false,
        };
        ways.each(|landing, passed, full| {
            if landing != to || !follows(full, waypoints) {
                return true;
            }
            found.way = true;
            let hit = passed & st.barricades;
            if hit == 0 {
                found.open = true;
                return false;
            }
            if found.blocker == NONE {
                found.blocker = hit.trailing_zeros() as Point;
            }
            true
        });
        found
    }

    /// A move as written in a record: `e3-f5*`, `h-c1`, `i13-i14-g13#`.
    pub fn action(&self, m: &Move) -> Action {
        let board = self.board();
        let mut path = Path::new();
        path.push(if m.from == NONE {
            Name::new(HOUSE)
        } else {
            *board.name(m.from)
        });
        if m.bounce {
            path.push(*board.name(board.goal()));
        }
        path.push(*board.name(m.to));
        Action::Move {
            path,
            capture: m.capture.then(billes_notation::Capture::default),
            barricade: m.take,
            span: Span::default(),
        }
    }

    /// The legal moves of colour `c`, written as in a record: the pawn
    /// moves of the legal turns ([`Barricade::move_list`]).
    pub(crate) fn legal_list(
        &self,
        st: &State,
        c: usize,
        r: usize,
        replay: Option<Point>,
    ) -> Vec<String> {
        self.move_list(st, 0, c, r, replay, &crate::variant::NoHooks)
            .unwrap_or_default()
    }
}

/// A pawn move as written, for [`Barricade::check_way`]: from `from`
/// (`NONE`: the house) to `to` through the `waypoints` in order, going to
/// the goal and back when `bounce`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WrittenWay<'a> {
    pub(crate) from: Point,
    pub(crate) to: Point,
    pub(crate) bounce: bool,
    pub(crate) waypoints: &'a [Point],
}

/// What [`Barricade::ways_each`] finds of the ways to a point: whether
/// there is one, whether one is open, and the first barricade blocking
/// one (`NONE`: none).
struct Found {
    way: bool,
    blocker: Point,
    open: bool,
}

/// True when the `waypoints` appear in order among the points of `full`
/// before its last one (the landing point).
fn follows(full: &mut dyn Iterator<Item = Point>, waypoints: &[Point]) -> bool {
    if waypoints.is_empty() {
        return true;
    }
    let mut route = [NONE; 8];
    let mut n = 0;
    for p in full {
        if n < route.len() {
            route[n] = p;
            n += 1;
        }
    }
    let passed = &route[..n.saturating_sub(1)];
    let mut w = waypoints.iter().peekable();
    for p in passed {
        if w.peek() == Some(&p) {
            w.next();
        }
    }
    w.peek().is_none()
}
