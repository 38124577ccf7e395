//! A turn of two dice (Parcheesi): the values a roll gives, the parts of a
//! turn (entries, die moves, bonus moves) and the complete turns they make.
//!
//! [`complete_turns`] is the reference: it lists every way to play a roll
//! by a search over the order of the values and the pieces, each complete
//! turn once by the position it reaches, and keeps those the rules allow:
//! a blockade does not move forward together (Parcheesi 9.3), then as many
//! pieces entered as can be (5.2), then as many die values used as can be
//! (6.2). A written turn is replayed part by part ([`read_part`]), for
//! errors placed on the action at fault, and then looked up in that list.
//!
//! A turn has two phases. First the die moves: each die value moves one
//! piece or brings one in, and the player may stop (the list keeps only
//! the longest plays). Then the bonus moves earned on the way (a capture,
//! a piece home), each moved in full by one piece, in the order the player
//! chooses, each taken when some piece can move it and forfeited when none
//! can (8.4). A seat with every piece home has won: what is left is void.

use billes_game::game::Roll;
use billes_notation::{Action, Capture, Path, Span};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::{smallvec, SmallVec};

use crate::board::Point;
use crate::def::{Bottoms, Capture as CaptureRule, OwnStack};
use crate::state::{State, Step, YARD};

pub mod written;

/// The most complete turns a search visits (positions met with what is
/// left of the roll): far above any roll of the shipped games (a double
/// with bottoms visits a few thousand), it bounds a game of many pieces.
pub const MAX_VISITS: usize = 200_000;

/// One part of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    /// A piece brought in from the yard onto its entry point, with one die
    /// value, or with both dice (`both`: their total).
    Enter {
        /// The piece (an index among the seat's pieces).
        piece: usize,
        /// The value used (the total, for both dice).
        value: u8,
        /// Whether both dice were used.
        both: bool,
        /// The rival piece captured (its seat in play and index).
        capture: Option<(usize, usize)>,
    },
    /// A piece moved forward by a die value or a bonus.
    Move {
        /// The piece.
        piece: usize,
        /// The step it leaves.
        from: usize,
        /// The step it lands on.
        to: usize,
        /// Whether it is a bonus move.
        bonus: bool,
        /// The rival piece captured.
        capture: Option<(usize, usize)>,
    },
    /// A bonus that no piece can move in full, forfeited (not written).
    Forfeit {
        /// The bonus.
        value: u32,
    },
}

impl Part {
    /// The rival piece it captures.
    pub fn capture(self) -> Option<(usize, usize)> {
        match self {
            Part::Enter { capture, .. } | Part::Move { capture, .. } => capture,
            Part::Forfeit { .. } => None,
        }
    }

    /// The part as the notation writes it, for seat `i` of `state` (`None`
    /// for a forfeit, which is not written): `+t1`, `t10-t16*`.
    pub fn action(self, state: &State, i: usize) -> Option<Action> {
        let board = state.board;
        let path = &board.paths[state.board_seat(i)];
        let capture = self.capture().map(|_| Capture::default());
        match self {
            Part::Enter { .. } => Some(Action::Place {
                to: Some(board.name(path[0])),
                capture,
                span: Span::default(),
            }),
            Part::Move { from, to, .. } => Some(Action::Move {
                path: Path::two(board.name(path[from]), board.name(path[to])),
                capture,
                barricade: false,
                span: Span::default(),
            }),
            Part::Forfeit { .. } => None,
        }
    }

    /// The value it uses: a die value, the dice's total, a bonus.
    pub fn value(self) -> u32 {
        match self {
            Part::Enter { value, .. } => u32::from(value),
            Part::Move { from, to, .. } => (to - from) as u32,
            Part::Forfeit { value } => value,
        }
    }
}

/// What is left of a roll to play. The search of complete turns copies
/// one at each position it visits and keeps one for each: the values and
/// the bonuses are held inline (four of each, which a roll of the shipped
/// games never passes), so that a copy allocates nothing.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Left {
    /// The die values not used yet (two, or four: a double with bottoms),
    /// in order.
    values: SmallVec<[u8; 4]>,
    /// The two dice while neither is used, whose total may bring a piece in.
    pair: Option<(u8, u8)>,
    /// The bonuses earned and not taken yet, in order.
    bonuses: SmallVec<[u32; 4]>,
    /// Whether the die moves are over.
    dice_done: bool,
    /// The pieces brought in so far.
    pub entered: u8,
    /// The die values used so far (both dice, for an entry by the total).
    pub used: u8,
}

impl Left {
    /// The values of `roll` for seat `i` of `state`: the two dice; on a
    /// double, the bottoms too when the game gives them and no piece of
    /// the seat is in its yard at the roll (4.2).
    pub fn of_roll(state: &State, i: usize, roll: Roll) -> Left {
        let (a, b) = (roll.get(), roll.second().unwrap_or(roll.get()));
        let all_out = !state.has_at(i, YARD);
        // In order, as they are kept (written out: a sort of two or four
        // values was a call a turn).
        let values = if a == b && state.board.flow.bottoms == Bottoms::AllOut && all_out {
            let (low, high) = (a.min(7 - a), a.max(7 - a));
            SmallVec::from_buf([low, low, high, high])
        } else {
            SmallVec::from_buf_and_len([a.min(b), a.max(b), 0, 0], 2)
        };
        Left {
            values,
            pair: Some((a, b)),
            bonuses: SmallVec::new(),
            dice_done: false,
            entered: 0,
            used: 0,
        }
    }

    /// The die values not used yet.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The bonuses earned and not taken yet.
    pub fn bonuses(&self) -> &[u32] {
        &self.bonuses
    }

    /// Whether the die moves are over.
    pub fn dice_done(&self) -> bool {
        self.dice_done
    }
}

/// Whether point `p` holds a blockade: two pieces, which in a game of two
/// dice are of one seat (a point of the track or a home column never holds
/// two seats' pieces: [`landing`] captures or refuses). Asked of every
/// point a move passes, it reads the count of pieces only.
fn blockade(state: &State, p: Point) -> bool {
    state.count_on(p) >= 2
}

/// What landing on `p` does for seat `i`: `None` when it may not (a
/// point holds two pieces of one seat at most: a blockade, or a rival on a
/// safe point or where it cannot be captured), else the rival captured.
/// It reads the count of pieces on the point and the seats standing there
/// (kept by [`State::set_step`]), not a walk of every piece.
#[allow(clippy::option_option)]
fn landing(state: &State, i: usize, p: Point, entering: bool) -> Option<Option<(usize, usize)>> {
    let board = state.board;
    let flow = &board.flow;
    match state.count_on(p) {
        0 => Some(None),
        1 => {
            // The one piece there is of the one seat standing there.
            let who = state.seats_on(p).trailing_zeros() as usize;
            if who == i {
                return (flow.own_stack == OwnStack::Blockade).then_some(None);
            }
            let safe = board.safe[usize::from(p)] && !(entering && flow.capture_on_entry);
            if flow.capture != CaptureRule::Land || safe {
                return None;
            }
            Some(Some((who, state.last_piece_on(who, p)?)))
        }
        _ => None,
    }
}

/// The entry of a piece of seat `i`, if one may come in now.
fn enter(state: &State, i: usize) -> Option<(usize, Option<(usize, usize)>)> {
    let piece = state.pieces(i).iter().position(|&s| s == YARD)?;
    let entry = state.board.paths[state.board_seat(i)][0];
    Some((piece, landing(state, i, entry, true)?))
}

/// Where piece `k` of seat `i`, at step `from`, lands after `n` steps, and
/// the rival it captures: `None` when it may not (past its goal, over or
/// onto a blockade, onto a point it may not land on).
fn advance(
    state: &State,
    i: usize,
    from: usize,
    n: usize,
) -> Option<(usize, Option<(usize, usize)>)> {
    let board = state.board;
    let b = state.board_seat(i);
    let goal = board.goal_step(b);
    let to = from + n;
    if from >= goal || to > goal {
        return None;
    }
    let path = &board.paths[b];
    if (from + 1..to).any(|u| blockade(state, path[u])) {
        return None;
    }
    if board.has_goal && to == goal {
        return Some((to, None));
    }
    Some((to, landing(state, i, path[to], false)?))
}

/// The pieces of seat `i` that may move, one for each step they stand on
/// and each group of `groups` (pieces alike but for the blockades they
/// formed at the start of the turn, which 9.3 tells apart).
fn movers<'a>(
    state: &'a State,
    i: usize,
    groups: &'a [u8],
) -> impl Iterator<Item = (usize, usize)> + 'a {
    let pieces = state.pieces(i);
    pieces.iter().enumerate().filter_map(move |(k, &step)| {
        let from = usize::try_from(step).ok()?;
        let twin = (0..k).any(|j| pieces[j] == step && groups[j] == groups[k]);
        (!twin).then_some((k, from))
    })
}

/// Every part seat `i` may play next with `left` (forfeits included; the
/// choice to end the die moves is not a part). Empty once the seat has
/// won, or when nothing is left.
pub fn parts(state: &State, i: usize, left: &Left, groups: &[u8]) -> Vec<Part> {
    let mut out = Vec::new();
    if state.all_home(i) {
        return out;
    }
    let flow = &state.board.flow;
    if !left.dice_done {
        let mut seen = Vec::new();
        for &v in &left.values {
            if seen.contains(&v) {
                continue;
            }
            seen.push(v);
            if state.board.enters_on(u32::from(v)) {
                if let Some((piece, capture)) = enter(state, i) {
                    out.push(Part::Enter {
                        piece,
                        value: v,
                        both: false,
                        capture,
                    });
                }
            }
            for (piece, from) in movers(state, i, groups) {
                if let Some((to, capture)) = advance(state, i, from, usize::from(v)) {
                    out.push(Part::Move {
                        piece,
                        from,
                        to,
                        bonus: false,
                        capture,
                    });
                }
            }
        }
        if let Some((a, b)) = left.pair.filter(|_| flow.enter_with_total) {
            let total = a + b;
            let single = state.board.enters_on(u32::from(a)) || state.board.enters_on(u32::from(b));
            if state.board.enters_on(u32::from(total)) && !single {
                if let Some((piece, capture)) = enter(state, i) {
                    out.push(Part::Enter {
                        piece,
                        value: total,
                        both: true,
                        capture,
                    });
                }
            }
        }
        return out;
    }
    let mut seen = Vec::new();
    for &v in &left.bonuses {
        if seen.contains(&v) {
            continue;
        }
        seen.push(v);
        let before = out.len();
        for (piece, from) in movers(state, i, groups) {
            if let Some((to, capture)) = advance(state, i, from, v as usize) {
                out.push(Part::Move {
                    piece,
                    from,
                    to,
                    bonus: true,
                    capture,
                });
            }
        }
        if out.len() == before {
            out.push(Part::Forfeit { value: v });
        }
    }
    out
}

/// Plays `part` of seat `i`, updating what is left.
pub fn apply(state: &mut State, i: usize, left: &mut Left, part: Part) {
    let bonus = state.board.flow.bonus;
    let b = state.board_seat(i);
    if let Some((who, piece)) = part.capture() {
        state.set_step(who, piece, YARD);
        if bonus.capture > 0 {
            earn(&mut left.bonuses, bonus.capture);
        }
    }
    // The values and the bonuses are kept in order: taken out and put in
    // where they go, not sorted again.
    let take = |values: &mut SmallVec<[u8; 4]>, v: u8| {
        if let Some(at) = values.iter().position(|&x| x == v) {
            values.remove(at);
        }
    };
    match part {
        Part::Enter {
            piece, value, both, ..
        } => {
            state.set_step(i, piece, 0);
            left.entered += 1;
            if both {
                let (a, c) = left.pair.unwrap_or((0, 0));
                take(&mut left.values, a);
                take(&mut left.values, c);
                left.used += 2;
            } else {
                take(&mut left.values, value);
                left.used += 1;
            }
            left.pair = None;
        }
        Part::Move {
            piece,
            from,
            to,
            bonus: by_bonus,
            ..
        } => {
            state.set_step(i, piece, to as Step);
            if by_bonus {
                take_bonus(&mut left.bonuses, (to - from) as u32);
            } else {
                take(&mut left.values, (to - from) as u8);
                left.used += 1;
                left.pair = None;
            }
            if state.board.has_goal && to == state.board.goal_step(b) && bonus.home > 0 {
                earn(&mut left.bonuses, bonus.home);
            }
        }
        Part::Forfeit { value } => take_bonus(&mut left.bonuses, value),
    }
}

/// Adds the bonus `v` where it goes among `bonuses`, kept in order.
fn earn(bonuses: &mut SmallVec<[u32; 4]>, v: u32) {
    let at = bonuses.partition_point(|&x| x <= v);
    bonuses.insert(at, v);
}

fn take_bonus(bonuses: &mut SmallVec<[u32; 4]>, v: u32) {
    if let Some(at) = bonuses.iter().position(|&x| x == v) {
        bonuses.remove(at);
    }
}

/// Ends the die moves: the values left are void.
pub fn end_dice(left: &mut Left) {
    left.dice_done = true;
    left.values.clear();
    left.pair = None;
}

/// A group for each piece of a seat ([`groups`]): inline up to sixteen
/// pieces, so that reading a turn allocates nothing for them.
pub type Groups = SmallVec<[u8; 16]>;

/// The groups of seat `i`'s pieces at the start of a turn: the two pieces
/// of each blockade (not in the yard, not home) share a group of their
/// own; every other piece is in group 0.
pub fn groups(state: &State, i: usize) -> Groups {
    let pieces = state.pieces(i);
    let b = state.board_seat(i);
    let mut out: Groups = if pieces.len() <= 16 {
        // Made from a buffer: `smallvec!` writes its zeros one by one.
        SmallVec::from_buf_and_len([0; 16], pieces.len())
    } else {
        smallvec![0u8; pieces.len()]
    };
    let mut next = 1;
    for k in 0..pieces.len() {
        let Ok(s) = usize::try_from(pieces[k]) else {
            continue;
        };
        if out[k] != 0 || state.board.is_home(b, s) {
            continue;
        }
        if let Some(j) = (k + 1..pieces.len()).find(|&j| pieces[j] == pieces[k]) {
            out[k] = next;
            out[j] = next;
            next += 1;
        }
    }
    out
}

/// Whether a turn that took seat `i`'s pieces from `start` to `end` (step
/// by piece, the same reading) moved a blockade forward together: the two
/// pieces of a blockade at the start both moved and stand together at
/// the end, not home (9.3).
pub fn breaks_blockade(state: &State, i: usize, start: &[Step], groups: &[u8]) -> bool {
    let end = state.pieces(i);
    let b = state.board_seat(i);
    (0..end.len()).any(|k| {
        (k + 1..end.len()).any(|j| {
            groups[k] != 0
                && groups[k] == groups[j]
                && end[k] == end[j]
                && end[k] != start[k]
                && usize::try_from(end[k]).is_ok_and(|s| !state.board.is_home(b, s))
        })
    })
}

/// The steps of a position's pieces, as the search keeps them: inline up
/// to sixteen (four seats of four pieces, Parcheesi's), so that the key of
/// a position visited allocates nothing in the shipped games.
pub type Steps = SmallVec<[Step; 16]>;

/// The position's pieces with those of one seat in order, so that two
/// positions that differ only in which alike piece stands where are one.
pub fn position_key(state: &State) -> Steps {
    let n = state.board.pieces;
    let mut key = Steps::from_slice(state.steps());
    for seat in key.chunks_mut(n.max(1)) {
        seat.sort_unstable();
    }
    key
}

/// A complete turn: its parts in order, the position it reaches, the
/// pieces it brought in and the die values it used.
#[derive(Debug, Clone)]
pub struct Complete {
    /// The parts, forfeits included.
    pub parts: Vec<Part>,
    /// The position reached (before the turn passes on).
    pub after: State,
    /// The pieces brought in.
    pub entered: u8,
    /// The die values used.
    pub used: u8,
}

/// Why a search stopped short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Search<E> {
    /// More than [`MAX_VISITS`] positions.
    TooMany,
    /// The `allow` question failed.
    Failed(E),
}

/// Every complete turn of seat `i` with `roll` that the rules allow (9.3,
/// then 5.2, then 6.2), each position reached once, in the order found;
/// `allow` is asked of each part (a variant's `allow` hook). Never empty:
/// the turn that plays nothing when nothing may be played.
///
/// # Errors
/// [`Search::TooMany`] past [`MAX_VISITS`]; `allow`'s error.
pub fn complete_turns<E>(
    state: &State,
    i: usize,
    roll: Roll,
    allow: &mut dyn FnMut(&State, Part) -> Result<bool, E>,
) -> Result<Vec<Complete>, Search<E>> {
    let mut search = Searching {
        i,
        groups: groups(state, i),
        start: state.pieces(i).to_vec(),
        seen: FxHashSet::default(),
        found: FxHashMap::default(),
        order: Vec::new(),
        allow,
    };
    let mut parts = Vec::new();
    let mut searched = state.clone();
    search.walk(&mut searched, Left::of_roll(state, i, roll), &mut parts)?;
    // Every part played was taken back, to the count of pieces on each
    // point (which the position's equality leaves out).
    debug_assert!(searched == *state && searched.same_counts(state));
    let all: Vec<Complete> = search
        .order
        .into_iter()
        .filter_map(|k| search.found.remove(&k))
        .collect();
    // 5.2 when entering is compulsory (V2 makes it optional), then 6.2.
    let compulsory = state.board.compulsory(crate::def::Compulsory::Enter);
    let entered = all.iter().map(|c| c.entered).max().unwrap_or(0);
    let kept: Vec<Complete> = all
        .into_iter()
        .filter(|c| !compulsory || c.entered == entered)
        .collect();
    let used = kept.iter().map(|c| c.used).max().unwrap_or(0);
    Ok(kept.into_iter().filter(|c| c.used == used).collect())
}

/// Whether some play of the die values of `left` by seat `i` from `state`
/// goes further than a turn that brought in `entered` pieces and used
/// `used` die values: brings in more pieces (when entering is
/// compulsory, 5.2), or as many (any number, when it is not) and uses
/// more values (6.2). Only the die moves are searched, and 9.3 is not
/// asked: a play found may be one the rules forbid, never the reverse,
/// so `false` proves that no complete turn goes further (each play of the
/// die moves ends a complete turn, its bonuses taken or forfeited).
/// The written turn's fast path ([`written::quick`]) asks it, to settle
/// a turn that did not use every value without listing the turns.
/// `state` is as it was when this returns.
pub fn fuller(
    state: &mut State,
    i: usize,
    left: &Left,
    groups: &[u8],
    (entered, used): (u8, u8),
) -> bool {
    let compulsory = state.board.compulsory(crate::def::Compulsory::Enter);
    let more_entered = compulsory && left.entered > entered;
    let as_many = !compulsory || left.entered == entered;
    if more_entered || (as_many && left.used > used) {
        return true;
    }
    // Each part uses one value at least and brings in one piece at most.
    let most = left.values.len() as u8;
    let can_enter_more = compulsory && left.entered + most > entered;
    let can_match = !compulsory || left.entered + most >= entered;
    if left.dice_done || !can_match || (!can_enter_more && left.used + most <= used) {
        return false;
    }
    for part in parts(state, i, left, groups) {
        let mut l = left.clone();
        let undo = Undo::of(state, i, part);
        apply(state, i, &mut l, part);
        let further = fuller(state, i, &l, groups, (entered, used));
        undo.take_back(state);
        if further {
            return true;
        }
    }
    false
}

/// The state of a search of complete turns.
struct Searching<'a, E> {
    i: usize,
    groups: Groups,
    start: Vec<Step>,
    /// The positions visited, with what was left. Hashed by rustc-hash's
    /// Fx hash, not the standard library's SipHash, which was a tenth of
    /// `validate`'s time on Parcheesi: a key is a position the rules reach
    /// from the record's, not text a stranger writes freely, and the
    /// visits stay bounded by [`MAX_VISITS`].
    seen: FxHashSet<(Steps, Left)>,
    /// The complete turns found that keep 9.3, by the position reached.
    found: FxHashMap<Steps, Complete>,
    order: Vec<Steps>,
    allow: &'a mut dyn FnMut(&State, Part) -> Result<bool, E>,
}

impl<E> Searching<'_, E> {
    /// Visits `state` with `left`, and each position its parts lead to.
    /// Each part is played on `state` itself and taken back after
    /// ([`Undo`]), not on a copy of the position (four lists allocated and
    /// freed a part). `state` is as it was when this returns `Ok`.
    fn walk(
        &mut self,
        state: &mut State,
        left: Left,
        parts: &mut Vec<Part>,
    ) -> Result<(), Search<E>> {
        if !self
            .seen
            .insert((Steps::from_slice(state.steps()), left.clone()))
        {
            return Ok(());
        }
        if self.seen.len() > MAX_VISITS {
            return Err(Search::TooMany);
        }
        let next = parts_allowed(state, self.i, &left, &self.groups, self.allow)?;
        if !left.dice_done && !state.all_home(self.i) {
            // The die moves may end here: the bonuses follow.
            let mut done = left.clone();
            end_dice(&mut done);
            self.walk(state, done, parts)?;
        } else if next.is_empty() {
            self.finish(state, &left, parts);
            return Ok(());
        }
        for part in next {
            let mut l = left.clone();
            let undo = Undo::of(state, self.i, part);
            apply(state, self.i, &mut l, part);
            parts.push(part);
            let walked = self.walk(state, l, parts);
            parts.pop();
            undo.take_back(state);
            walked?;
        }
        Ok(())
    }

    /// Keeps the turn that ends here, if it keeps 9.3 and reaches a
    /// position not found before.
    fn finish(&mut self, state: &State, left: &Left, parts: &[Part]) {
        if breaks_blockade(state, self.i, &self.start, &self.groups) {
            return;
        }
        let key = position_key(state);
        if self.found.contains_key(&key) {
            return;
        }
        self.order.push(key.clone());
        self.found.insert(
            key,
            Complete {
                parts: parts.to_vec(),
                after: state.clone(),
                entered: left.entered,
                used: left.used,
            },
        );
    }
}

/// The steps a part changes, as they were before it ([`apply`] moves one
/// piece of the seat and sends back the rival it captures, nothing else),
/// to put them back after the search has looked past it (and after a
/// written turn replayed in place is refused: [`written::read`]).
#[derive(Debug, Clone, Copy)]
struct Undo {
    /// Seat, piece and step, the mover's first: a seat and a piece held
    /// in a byte each (at most 8 seats of [`MAX_PIECES`] pieces), so that
    /// an undo is 16 bytes (a written turn's log holds eight inline).
    ///
    /// [`MAX_PIECES`]: crate::check::MAX_PIECES
    steps: [Option<(u8, u8, Step)>; 2],
}

impl Undo {
    /// What `part` of seat `i` will change in `state`.
    #[inline]
    fn of(state: &State, i: usize, part: Part) -> Undo {
        let was = |(who, k): (usize, usize)| (who as u8, k as u8, state.pieces(who)[k]);
        let mover = match part {
            Part::Enter { piece, .. } | Part::Move { piece, .. } => Some(was((i, piece))),
            Part::Forfeit { .. } => None,
        };
        Undo {
            steps: [mover, part.capture().map(was)],
        }
    }

    /// Puts the steps back (in any order: they are two pieces'; the count
    /// of pieces on each point follows them).
    fn take_back(self, state: &mut State) {
        for (who, k, step) in self.steps.into_iter().rev().flatten() {
            state.set_step(usize::from(who), usize::from(k), step);
        }
    }
}

/// [`parts`], those `allow` forbids left out (a bonus no allowed move can
/// take is forfeited).
pub fn parts_allowed<E>(
    state: &State,
    i: usize,
    left: &Left,
    groups: &[u8],
    allow: &mut dyn FnMut(&State, Part) -> Result<bool, E>,
) -> Result<Vec<Part>, Search<E>> {
    let mut out = Vec::new();
    for part in parts(state, i, left, groups) {
        if matches!(part, Part::Forfeit { .. }) || allow(state, part).map_err(Search::Failed)? {
            out.push(part);
        }
    }
    if left.dice_done {
        for &v in left.bonuses() {
            let movable = out
                .iter()
                .any(|p| matches!(p, Part::Move { bonus: true, .. }) && p.value() == v);
            let forfeit = Part::Forfeit { value: v };
            if !movable && !out.contains(&forfeit) {
                out.push(forfeit);
            }
        }
    }
    Ok(out)
}

/// The part among `next` that the written `action` names: an entry (`+`,
/// `+t1`), or a move `from-to` by a die value or, once the die moves are
/// over, a bonus. `None` when none does.
pub fn read_part(state: &State, i: usize, next: &[Part], action: &Action) -> Option<Part> {
    let board = state.board;
    let b = state.board_seat(i);
    match action {
        Action::Place { to, .. } => {
            let entry = board.paths[b][0];
            if to.is_some_and(|t| board.point_named(t) != Some(entry)) {
                return None;
            }
            // A single die's entry before the total's (they never meet:
            // a die that enters alone is not added to the other).
            next.iter()
                .copied()
                .find(|p| matches!(p, Part::Enter { .. }))
        }
        Action::Move { .. } => {
            let (from, to) = written_steps(state, i, action)?;
            next.iter()
                .copied()
                .find(|p| matches!(p, Part::Move { from: f, to: t, .. } if *f == from && *t == to))
        }
        _ => None,
    }
}

/// The steps of seat `i`'s path that a written move `from-to` leaves and
/// lands on (`None` for anything else, or a point off its path).
fn written_steps(state: &State, i: usize, action: &Action) -> Option<(usize, usize)> {
    let Action::Move {
        path,
        barricade: false,
        ..
    } = action
    else {
        return None;
    };
    if path.len() != 2 {
        return None;
    }
    let (board, b) = (state.board, state.board_seat(i));
    let step = |n| board.point_named(n).and_then(|p| board.step_of(b, p));
    Some((step(path[0])?, step(path[1])?))
}

/// The part the written `action` names, found from the one piece it moves
/// without listing every part (the fast path of [`read_part`], which a
/// test checks it against), and whether it ends the die moves (a bonus
/// move written while die values are left). `None` when no part of
/// seat `i` with `left` is written so. A variant's `allow` hook is not
/// asked: a turn under one is read by [`parts_allowed`] and [`read_part`].
pub fn named_part(state: &State, i: usize, left: &Left, action: &Action) -> Option<(Part, bool)> {
    let board = state.board;
    // A seat with every piece home has won: nothing more is played. With
    // a goal, no part reads then (no piece is left to enter, and a piece
    // in the goal does not move), so only a board without one asks.
    if !board.has_goal && state.all_home(i) {
        return None;
    }
    let flow = &board.flow;
    let b = state.board_seat(i);
    match action {
        Action::Place { to, .. } => {
            let entry = board.paths[b][0];
            if left.dice_done || to.is_some_and(|t| board.point_named(t) != Some(entry)) {
                return None;
            }
            let (piece, capture) = enter(state, i)?;
            let single = left
                .values
                .iter()
                .copied()
                .find(|v| state.board.enters_on(u32::from(*v)));
            let (value, both) = match (single, left.pair.filter(|_| flow.enter_with_total)) {
                (Some(v), _) => (v, false),
                (None, Some((a, c))) if state.board.enters_on(u32::from(a + c)) => (a + c, true),
                _ => return None,
            };
            Some((
                Part::Enter {
                    piece,
                    value,
                    both,
                    capture,
                },
                false,
            ))
        }
        Action::Move { .. } => {
            let (from, to) = written_steps(state, i, action)?;
            let n = to.checked_sub(from).filter(|&n| n > 0)?;
            let piece = state.pieces(i).iter().position(|&s| s == from as Step)?;
            let (_, capture) = advance(state, i, from, n)?;
            let die = u8::try_from(n).is_ok_and(|v| !left.dice_done && left.values.contains(&v));
            let bonus = left.bonuses.contains(&(n as u32));
            match (die, bonus) {
                (true, _) => Some((
                    Part::Move {
                        piece,
                        from,
                        to,
                        bonus: false,
                        capture,
                    },
                    false,
                )),
                (false, true) => Some((
                    Part::Move {
                        piece,
                        from,
                        to,
                        bonus: true,
                        capture,
                    },
                    !left.dice_done,
                )),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether seat `i`'s roll is the one past the extra rolls allowed (the
/// third double in a row, Parcheesi 4.5).
pub fn over_limit(state: &State, roll: Roll) -> bool {
    let flow = &state.board.flow;
    flow.extra_roll_on == crate::def::ExtraRoll::Doubles
        && roll.second().is_some()
        && roll.is_double()
        && flow
            .extra_rolls_limit
            .is_some_and(|limit| u32::from(state.extra) >= limit)
}

/// The piece of seat `i` nearest its goal and not home, sent back to the
/// yard by the roll past the limit when the game says so (4.5).
pub fn nearest(state: &State, i: usize) -> Option<usize> {
    let b = state.board_seat(i);
    state
        .pieces(i)
        .iter()
        .enumerate()
        .filter(|&(_, &s)| usize::try_from(s).is_ok_and(|s| !state.board.is_home(b, s)))
        .max_by_key(|&(k, &s)| (s, std::cmp::Reverse(k)))
        .map(|(k, _)| k)
}
