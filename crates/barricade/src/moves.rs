//! Pawn moves: the routes a pawn may take with a roll (ordinary moves,
//! entering from the house, the bounce off the goal), the legal moves of a
//! seat, and how a move is written.

use billes_game::Colour;
use billes_notation::{Action, Name, Path, Span};

use super::board::{bit, first_point, iter_points, Point, Points, Route, HOUSE};
use super::position::State;
use super::Barricade;

/// A legal pawn move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Move {
    /// Where the pawn starts (`None`: from its house).
    pub from: Option<Point>,
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
/// `prefix` holds `n_prefix` points (the others repeat the first).
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
        for route in self.tail {
            if (route.inter | bit(route.landing())) & self.extra != 0 {
                // A bounce never comes back to the goal.
                continue;
            }
            let mut full = pre.iter().copied().chain(route.points().iter().copied());
            if !f(route.landing(), route.inter | self.extra, &mut full) {
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
    /// The ways of a pawn of `colour` standing on `from` (`None`: in the
    /// house) with `roll`, bouncing or not.
    pub(crate) fn ways(
        &self,
        colour: Colour,
        from: Option<Point>,
        roll: usize,
        bounce: bool,
    ) -> Ways<'static> {
        let board = self.board();
        let Some(from) = from else {
            let s = board.start(colour);
            return Ways {
                prefix: [s; 2],
                n_prefix: 1,
                extra: bit(s),
                tail: board.routes(s, roll - 1),
                direct: roll == 1,
            };
        };
        if bounce {
            let (g, b) = (board.goal(), board.before_goal());
            return Ways {
                prefix: [g, b],
                n_prefix: 2,
                extra: bit(g) | bit(b),
                tail: board.routes(b, roll.saturating_sub(2)),
                direct: roll == 2,
            };
        }
        Ways {
            prefix: [from; 2],
            n_prefix: 0,
            extra: 0,
            tail: board.routes(from, roll),
            direct: false,
        }
    }

    /// True when the pawn on `from` may only move by bouncing with `roll`.
    #[inline]
    pub(crate) fn bounces(&self, from: Point, roll: usize) -> bool {
        self.params().bounce & (roll != 1) & (from == self.board().before_goal())
    }

    /// Whether a pawn of `colour` may land on `to` coming from `from`.
    #[inline]
    fn may_land(
        &self,
        state: &State,
        colour: Colour,
        from: Option<Point>,
        to: Point,
        bounce: bool,
    ) -> bool {
        let own = state.pawns[colour.index()] & !from.map_or(0, bit);
        if own & bit(to) != 0 {
            return false;
        }
        !(bounce && !self.params().bounce_takes_barricade && state.barricades & bit(to) != 0)
    }

    /// The move of a pawn to a landing point, with its effects.
    fn make(
        &self,
        state: &State,
        colour: Colour,
        from: Option<Point>,
        to: Point,
        bounce: bool,
    ) -> Move {
        let rivals = state.all_pawns() & !state.pawns[colour.index()];
        Move {
            from,
            to,
            bounce,
            capture: rivals & bit(to) != 0,
            take: state.barricades & bit(to) != 0,
        }
    }

    /// Calls `f` for each legal move of one pawn; stops when `f` returns false.
    /// Returns false when stopped.
    fn pawn_moves(
        &self,
        state: &State,
        colour: Colour,
        from: Option<Point>,
        roll: usize,
        bounce: bool,
        f: &mut dyn FnMut(Move) -> bool,
    ) -> bool {
        let mut seen: Points = 0;
        let mut go_on = true;
        self.ways(colour, from, roll, bounce).each(|to, passed, _| {
            if passed & state.barricades == 0
                && seen & bit(to) == 0
                && self.may_land(state, colour, from, to, bounce)
            {
                seen |= bit(to);
                go_on = f(self.make(state, colour, from, to, bounce));
            }
            go_on
        });
        go_on
    }

    /// Calls `f` for each legal move of `colour` with `roll` (`replay`:
    /// the pawn that must move on a 6 replay); stops when `f` returns false.
    pub(crate) fn each_move(
        &self,
        state: &State,
        colour: Colour,
        roll: usize,
        replay: Option<Point>,
        f: &mut dyn FnMut(Move) -> bool,
    ) {
        if let Some(p) = replay {
            self.pawn_moves(state, colour, Some(p), roll, self.bounces(p, roll), f);
            return;
        }
        let c = colour.index();
        let before_goal = self.board().before_goal();
        let mut bouncer = self.bounces(before_goal, roll) && state.pawns[c] & bit(before_goal) != 0;
        if bouncer
            && !self.params().bounce_freezes
            && self.others_can_move(state, colour, roll, before_goal)
        {
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
            for p in iter_points(state.pawns[c]) {
                if bouncer && p == before_goal {
                    continue;
                }
                if !self.pawn_moves(state, colour, Some(p), roll, false, &mut g) {
                    return;
                }
            }
            if state.housed[c] > 0 && !self.pawn_moves(state, colour, None, roll, false, &mut g) {
                return;
            }
        }
        if bouncer && !any {
            self.pawn_moves(state, colour, Some(before_goal), roll, true, f);
        }
    }

    /// True when `colour` has a legal move with `roll`.
    pub(crate) fn can_move(
        &self,
        state: &State,
        colour: Colour,
        roll: usize,
        replay: Option<Point>,
    ) -> bool {
        let mut found = false;
        self.each_move(state, colour, roll, replay, &mut |_| {
            found = true;
            false
        });
        found
    }

    /// True when a pawn of `colour` other than the one on `except` can move.
    pub(crate) fn others_can_move(
        &self,
        state: &State,
        colour: Colour,
        roll: usize,
        except: Point,
    ) -> bool {
        let mut found = false;
        let mut stop = |_| {
            found = true;
            false
        };
        for p in iter_points(state.pawns[colour.index()] & !bit(except)) {
            if !self.pawn_moves(state, colour, Some(p), roll, false, &mut stop) {
                return true;
            }
        }
        if state.housed[colour.index()] > 0 {
            self.pawn_moves(state, colour, None, roll, false, &mut stop);
        }
        found
    }

    /// Every legal pawn move of `colour` with `roll` (`replay`: the pawn
    /// that must move on a 6 replay), typed: what the game API's legal
    /// moves are made of.
    pub(crate) fn legal_pawn_moves(
        &self,
        state: &State,
        colour: Colour,
        roll: usize,
        replay: Option<Point>,
    ) -> Vec<Move> {
        let mut out = Vec::new();
        self.each_move(state, colour, roll, replay, &mut |m| {
            out.push(m);
            true
        });
        out
    }

    /// Checks the way of one written move of a pawn of `colour` with `roll`.
    pub(crate) fn check_way(
        &self,
        state: &State,
        colour: Colour,
        roll: usize,
        way: &WrittenWay<'_>,
    ) -> Result<Move, Refusal> {
        let WrittenWay {
            from,
            to,
            bounce,
            waypoints,
        } = *way;
        let mut found_way = false;
        let mut blocker = None;
        let mut open = false;
        let ways = self.ways(colour, from, roll, bounce);
        if waypoints.is_empty() && !ways.direct && !bounce {
            // The common case, kept tight: no written waypoint, no bounce.
            for route in ways.tail {
                if route.to != to {
                    continue;
                }
                found_way = true;
                let hit = (route.inter | ways.extra) & state.barricades;
                if hit == 0 {
                    open = true;
                    break;
                }
                if blocker.is_none() {
                    blocker = first_point(hit);
                }
            }
        } else {
            let found = self.ways_each(&ways, state, to, waypoints);
            (found_way, blocker, open) = (found.way, found.blocker, found.open);
        }
        if !found_way {
            return Err(Refusal::NoWay);
        }
        if !open {
            // A way that is not open passes a barricade.
            return Err(blocker.map_or(Refusal::NoWay, Refusal::Blocked));
        }
        if state.pawns[colour.index()] & !from.map_or(0, bit) & bit(to) != 0 {
            return Err(Refusal::OwnPawn);
        }
        if !self.may_land(state, colour, from, to, bounce) {
            return Err(Refusal::BounceOnBarricade);
        }
        Ok(self.make(state, colour, from, to, bounce))
    }

    /// The general case of [`Self::check_way`]: written waypoints, entries, bounces.
    fn ways_each(&self, ways: &Ways<'_>, state: &State, to: Point, waypoints: &[Point]) -> Found {
        let mut found = Found {
            way: false,
            blocker: None,
            open: false,
        };
        ways.each(|landing, passed, full| {
            if landing != to || !follows(full, waypoints) {
                return true;
            }
            found.way = true;
            let hit = passed & state.barricades;
            if hit == 0 {
                found.open = true;
                return false;
            }
            if found.blocker.is_none() {
                found.blocker = first_point(hit);
            }
            true
        });
        found
    }

    /// A move as written in a record: `e3-f5*`, `h-c1`, `i13-i14-g13#`.
    pub(crate) fn action(&self, m: &Move) -> Action {
        let board = self.board();
        let mut path = Path::new();
        path.push(match m.from {
            None => Name::new(HOUSE),
            Some(from) => *board.name(from),
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

    /// The legal moves of `colour`, written as in a record: the pawn
    /// moves of the legal turns ([`Barricade::move_list`]).
    pub(crate) fn legal_list(
        &self,
        state: &State,
        colour: Colour,
        roll: usize,
        replay: Option<Point>,
    ) -> Vec<String> {
        self.move_list(
            state,
            0,
            colour,
            roll,
            replay,
            &billes_game::variant::NoHooks,
        )
        .unwrap_or_default()
    }
}

/// A pawn move as written, for [`Barricade::check_way`]: from `from`
/// (`None`: the house) to `to` through the `waypoints` in order, going to
/// the goal and back when `bounce`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WrittenWay<'a> {
    pub(crate) from: Option<Point>,
    pub(crate) to: Point,
    pub(crate) bounce: bool,
    pub(crate) waypoints: &'a [Point],
}

/// What [`Barricade::ways_each`] finds of the ways to a point: whether
/// there is one, whether one is open, and the first barricade blocking
/// one.
struct Found {
    way: bool,
    blocker: Option<Point>,
    open: bool,
}

/// True when the `waypoints` appear in order among the points of `full`
/// before its last one (the landing point).
fn follows(full: &mut dyn Iterator<Item = Point>, waypoints: &[Point]) -> bool {
    if waypoints.is_empty() {
        return true;
    }
    let mut route = [None; 8];
    let mut n = 0;
    for p in full {
        if n < route.len() {
            route[n] = Some(p);
            n += 1;
        }
    }
    let passed = route[..n.saturating_sub(1)].iter().flatten();
    let mut w = waypoints.iter().peekable();
    for p in passed {
        if w.peek() == Some(&p) {
            w.next();
        }
    }
    w.peek().is_none()
}
