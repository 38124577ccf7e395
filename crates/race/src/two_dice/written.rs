//! A written turn of two dice: its actions replayed part by part (each
//! mistake placed on its action), then looked up among the complete turns
//! the rules allow; and what the turn does to the turn order (a double
//! rolls again, the third is a penalty).
//!
//! The turn is replayed on the position itself, each part's steps kept
//! to be taken back (the search's `Undo`): a turn refused is taken back
//! before the list of legal moves is made from the position before it.
//! It replaced a copy of the position a turn (its lists copied, then
//! swapped in): `validate` on Parcheesi measured 0.93 of its CPU time
//! without the copy.

use billes_game::game::Roll;
use billes_game::{ErrorKind, ReplayError};
use std::borrow::Cow;

use billes_notation::{Action, BriefAction, Span, Turn};

use smallvec::SmallVec;

use super::{
    advance, apply, complete_turns, end_dice, fuller, groups, movers, named_part, nearest,
    over_limit, parts, parts_allowed, position_key, read_part, Complete, Groups, Left, Part,
    Search, Steps, Undo,
};
use crate::state::{State, YARD};

/// The `allow` question of a variant, asked of each part of a turn.
pub type Allow<'a> = dyn FnMut(&State, Part) -> Result<bool, ReplayError> + 'a;

/// What a written turn of two dice played: a complete turn (the position
/// now the one it reached), or the roll past the limit (its penalty, not
/// played yet: [`pass_on`] plays it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    /// A complete turn.
    Turn,
    /// The third double: nothing moves but the penalty.
    OverLimit,
}

/// The steps each part of a turn replayed in place changed, in order,
/// to take them back: eight inline (more than most turns play).
type Log = SmallVec<[Undo; 8]>;

/// Takes back every part of `log` from `state`, the last first.
fn take_back(state: &mut State, log: &Log) {
    for undo in log.iter().rev() {
        undo.take_back(state);
    }
}

/// What the fast path ([`quick`]) reads of the position before a turn:
/// the seat's pieces and what its roll gave then, and the groups of its
/// pieces (9.3).
struct Start {
    i: usize,
    roll: Roll,
    pieces: Steps,
    groups: Groups,
    /// How many die values the roll gives.
    values: usize,
    /// How many of them bring a piece in alone.
    singles: usize,
}

impl Start {
    /// What the fast path reads of `state` before seat `i`'s turn with
    /// `roll`, and what the roll leaves to play at the start.
    fn of(state: &State, i: usize, roll: Roll) -> (Start, Left) {
        let left = Left::of_roll(state, i, roll);
        let values = left.values();
        let start = Start {
            i,
            roll,
            pieces: Steps::from_slice(state.pieces(i)),
            groups: groups(state, i),
            values: values.len(),
            singles: (values.iter())
                .filter(|&&v| state.board.enters_on(u32::from(v)))
                .count(),
        };
        (start, left)
    }
}

/// Why a search failed, as a mistake of the turn.
fn searched<T>(r: Result<T, Search<ReplayError>>, span: Span) -> Result<T, ReplayError> {
    r.map_err(|e| match e {
        Search::TooMany => ReplayError::new(
            ErrorKind::IllegalMove,
            span,
            format!(
                "the roll has more ways to be played than the {} positions a turn may visit",
                super::MAX_VISITS
            ),
        ),
        Search::Failed(e) => e,
    })
}

/// The complete turns of seat `i` with `roll`, as moves' actions, for a
/// list of legal moves (an empty turn is `--`).
pub fn listed_actions(state: &State, i: usize, turns: &[Complete]) -> Vec<Vec<Action>> {
    // A part is written from its steps alone: no need to play the turn.
    turns
        .iter()
        .map(|c| {
            let mut actions: Vec<Action> =
                c.parts.iter().filter_map(|p| p.action(state, i)).collect();
            if actions.is_empty() {
                actions.push(Action::Pass {
                    span: Span::default(),
                });
            }
            actions
        })
        .collect()
}

/// The written `turn` of seat `i` with `roll`, checked and played on
/// `state`: its actions replayed, then found among the complete turns
/// (`allow` asked of each part). `marks`, when given, receives the turn's
/// actions each with its capture mark as it plays, as [`marked`] writes
/// them, from the one replay (`export` completes every turn it plays).
/// The turn is not passed on: [`pass_on`] does that.
///
/// # Errors
/// An `illegal_move` at the action at fault or at the turn, an `effect`
/// mistake for a false capture mark, a `false_pass`. `state` is then as
/// it was, and `marks` holds nothing of use.
pub fn read(
    state: &mut State,
    (i, roll): (usize, Roll),
    turn: &Turn,
    allow: Option<&mut Allow<'_>>,
    mut marks: Option<&mut Vec<Action>>,
) -> Result<Played, ReplayError> {
    if let Some(marks) = marks.as_deref_mut() {
        marks.clear();
        if written_as_pass(state, roll, turn) {
            marks.push(Action::Pass {
                span: Span::default(),
            });
        }
    }
    let mut every = |_: &State, _: Part| Ok(true);
    let hooked = allow.is_some();
    let allow = allow.unwrap_or(&mut every);
    if over_limit(state, roll) {
        return match turn.actions.as_slice() {
            [Action::Pass { .. }] => Ok(Played::OverLimit),
            _ => Err(ReplayError::new(
                ErrorKind::IllegalMove,
                turn.span,
                "a third double in a row: nothing moves, the piece nearest home goes back (write --)",
            )
            .with_legal(vec!["--".into()])),
        };
    }
    let mut log = Log::new();
    let replayed = match settled(
        state,
        (i, roll),
        &turn.actions,
        allow,
        hooked,
        marks,
        &mut log,
    ) {
        Ok(played) => return Ok(played),
        Err(replayed) => replayed,
    };
    // Not settled, or refused: the turn is taken back, and looked up
    // among the complete turns listed from the position before it.
    let replayed = replayed.map(|left| (state.clone(), left));
    take_back(state, &log);
    *state = listed_turn(state, (i, roll), turn, allow, replayed)?;
    Ok(Played::Turn)
}

/// [`read`] of a turn read as a pair brief, its `actions`, by the fast
/// path alone, without hooks: what it played, the
/// position now the one it reached, and `marks`, when given, the turn's
/// actions with their marks as [`read`] writes them. `None`, `state` as
/// it was, for every turn `read` refuses and every turn it looks up among
/// the complete turns: the caller reads that turn again as a turn of the
/// tree, and [`read`] plays it or tells what was wrong.
pub fn read_brief(
    state: &mut State,
    (i, roll): (usize, Roll),
    actions: &[BriefAction],
    mut marks: Option<&mut Vec<Action>>,
) -> Option<Played> {
    let pass = matches!(actions, [BriefAction::Pass]);
    let over = over_limit(state, roll);
    if let Some(marks) = marks.as_deref_mut() {
        marks.clear();
        if pass || over {
            marks.push(Action::Pass {
                span: Span::default(),
            });
        }
    }
    if over {
        return pass.then_some(Played::OverLimit);
    }
    let mut every = |_: &State, _: Part| Ok(true);
    let mut log = Log::new();
    match settled(
        state,
        (i, roll),
        actions,
        &mut every,
        false,
        marks,
        &mut log,
    ) {
        Ok(played) => Some(played),
        Err(_) => {
            take_back(state, &log);
            None
        }
    }
}

/// An action of a written turn as [`replay`] reads it: an action of the
/// tree, or a pair brief's, made an action of the tree one at a time as
/// it is replayed (a list of them made for each turn was 5% of
/// Parcheesi's check).
trait WrittenAction {
    /// The action.
    fn action(&self) -> Cow<'_, Action>;
    /// Whether it is a pass (`--`).
    fn is_pass(&self) -> bool;
}

impl WrittenAction for Action {
    #[inline(always)]
    fn action(&self) -> Cow<'_, Action> {
        Cow::Borrowed(self)
    }

    #[inline(always)]
    fn is_pass(&self) -> bool {
        matches!(self, Action::Pass { .. })
    }
}

impl WrittenAction for BriefAction {
    #[inline(always)]
    fn action(&self) -> Cow<'_, Action> {
        Cow::Owned(self.to_action())
    }

    #[inline(always)]
    fn is_pass(&self) -> bool {
        matches!(self, BriefAction::Pass)
    }
}

/// The fast path of [`read`], after a third double is ruled out: the
/// written `actions` of seat `i` replayed on `state` ([`replay`]) and
/// settled without listing the complete turns ([`settles`]). `Err` with
/// what the replay gave (what is left of the roll, or the mistake) when
/// not settled: `log` then holds what to take back.
fn settled<W: WrittenAction>(
    state: &mut State,
    (i, roll): (usize, Roll),
    actions: &[W],
    allow: &mut Allow<'_>,
    hooked: bool,
    marks: Option<&mut Vec<Action>>,
    log: &mut Log,
) -> Result<Played, Result<Left, ReplayError>> {
    if let ([only], false) = (actions, hooked) {
        // Nothing to play: the one complete turn is the empty one.
        if only.is_pass() {
            let left = Left::of_roll(state, i, roll);
            if parts(state, i, &left, &groups(state, i)).is_empty() {
                return Ok(Played::Turn);
            }
        }
    }
    let (start, left) = Start::of(state, i, roll);
    let replayed = replay(state, (i, left), actions, allow, hooked, marks, log);
    if let Ok(left) = &replayed {
        if settles(&start, state, left, || before(state, log)) {
            return Ok(Played::Turn);
        }
    }
    Err(replayed)
}

/// The position before the turn whose parts `log` holds, from `after`,
/// the position it reached.
fn before(after: &State, log: &Log) -> State {
    let mut state = after.clone();
    take_back(&mut state, log);
    state
}

/// The written `turn` of seat `i` from `state`, whose replay reached the
/// position and left what `replayed` holds, found among the complete
/// turns the rules allow: the position it reaches, or the mistake, with
/// the legal moves.
fn listed_turn(
    state: &State,
    (i, roll): (usize, Roll),
    turn: &Turn,
    allow: &mut Allow<'_>,
    replayed: Result<(State, Left), ReplayError>,
) -> Result<State, ReplayError> {
    let listed = searched(complete_turns(state, i, roll, allow), turn.head.span)?;
    let legal = || {
        let mut legal: Vec<String> = listed_actions(state, i, &listed)
            .iter()
            .map(|a| {
                a.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        billes_game::error::nearest_first(&mut legal, &turn.actions);
        legal
    };
    let (after, left) = match replayed {
        Ok(done) => done,
        Err(e) if e.kind == ErrorKind::IllegalMove => return Err(e.with_legal(legal())),
        Err(e) => return Err(e),
    };
    let key = position_key(&after);
    if listed.iter().any(|c| position_key(&c.after) == key) {
        return Ok(after);
    }
    if let [Action::Pass { span }] = turn.actions.as_slice() {
        return Err(ReplayError::new(
            ErrorKind::FalsePass,
            *span,
            format!("{} cannot pass: a move is possible", state.letter(i)),
        )
        .with_legal(legal()));
    }
    Err(ReplayError::new(
        ErrorKind::IllegalMove,
        turn.span,
        short_of(&after, i, &left, &listed),
    )
    .with_legal(legal()))
}

/// Whether the written turn that took seat `i` from `state` to `after`
/// is a complete turn the rules allow, settled without listing them: the
/// fast path of [`read`], beside [`complete_turns`] (the reference), to
/// which it leaves every case it does not settle. It settles a turn that
/// took every bonus, or won, or left only bonuses no piece can move in
/// `after` (forfeited, 8.4); that no play of the dice goes further than
/// (in pieces brought in, then die values used: [`fuller`], asked only
/// when a value is left or fewer pieces came in than the values could
/// bring); and that keeps 9.3 in the reading written. The crate's tests
/// check that it accepts only turns the reference lists.
pub fn quick(state: &State, (i, roll): (usize, Roll), after: &State, left: &Left) -> bool {
    settles(&Start::of(state, i, roll).0, after, left, || state.clone())
}

/// [`quick`], from what it reads of the position before the turn
/// (`start`), and `before`, which makes that position when the fast path
/// must search from it (a value left, an entry short).
fn settles(start: &Start, after: &State, left: &Left, before: impl FnOnce() -> State) -> bool {
    let Start {
        i,
        roll,
        ref pieces,
        ref groups,
        values,
        singles,
    } = *start;
    let forfeited = |v: u32| {
        movers(after, i, groups).all(|(_, from)| advance(after, i, from, v as usize).is_none())
    };
    let done = after.all_home(i) || left.bonuses().iter().all(|&v| forfeited(v));
    if !done {
        return false;
    }
    let board = after.board;
    let flow = &board.flow;
    let in_yard = pieces.iter().filter(|&&s| s == YARD).count();
    let compulsory = board.compulsory(crate::def::Compulsory::Enter);
    // The most entries the values could make: one a value that enters
    // (the total enters only when neither die does alone).
    let total = roll.get() + roll.second().unwrap_or(0);
    let by_total = flow.enter_with_total && singles == 0 && board.enters_on(u32::from(total));
    let most = in_yard.min(singles + usize::from(by_total));
    let all_used = usize::from(left.used) == values;
    let fullest = all_used && (!compulsory || usize::from(left.entered) >= most) || {
        let mut before = before();
        let values = Left::of_roll(&before, i, roll);
        !fuller(&mut before, i, &values, groups, (left.entered, left.used))
    };
    fullest && !super::breaks_blockade(after, i, pieces, groups)
}

/// The written actions played part by part on `state` by seat `i`, from
/// `left` (its roll's values), each with its mark pushed to `marks` when
/// given and what it changed pushed to `log` (the parts played before a
/// mistake stay played: [`read`] takes them back); a mistake has no list
/// of legal moves yet ([`read`] adds it).
fn replay<W: WrittenAction>(
    state: &mut State,
    (i, mut left): (usize, Left),
    actions: &[W],
    allow: &mut dyn FnMut(&State, Part) -> Result<bool, ReplayError>,
    hooked: bool,
    mut marks: Option<&mut Vec<Action>>,
    log: &mut Log,
) -> Result<Left, ReplayError> {
    // The groups are asked by the hooked reading only (the fast one reads
    // a part from the piece it moves).
    let groups = if hooked {
        groups(state, i)
    } else {
        super::Groups::new()
    };
    if let [only] = actions {
        if only.is_pass() {
            return Ok(left);
        }
    }
    for written in actions {
        let action = written.action();
        let action: &Action = &action;
        let illegal =
            |message: String| ReplayError::new(ErrorKind::IllegalMove, action.span(), message);
        if let Action::Pass { .. } = action {
            return Err(illegal(
                "-- is a turn alone: no other action with it".into(),
            ));
        }
        let part = if hooked {
            let s = &*state;
            let next = searched(parts_allowed(s, i, &left, &groups, allow), action.span())?;
            let mut found = read_part(s, i, &next, action);
            if found.is_none() && !left.dice_done() {
                // A bonus move ends the die moves.
                let mut done = left.clone();
                end_dice(&mut done);
                let next = searched(parts_allowed(s, i, &done, &groups, allow), action.span())?;
                found = read_part(s, i, &next, action)
                    .filter(|p| matches!(p, Part::Move { bonus: true, .. }));
                if found.is_some() {
                    left = done;
                }
            }
            found
        } else {
            named_part(state, i, &left, action).map(|(part, ends)| {
                if ends {
                    end_dice(&mut left);
                }
                part
            })
        };
        let Some(part) = part else {
            return Err(illegal(why_not(state, i, &left, action)));
        };
        check_mark(action, part)?;
        if let Some(marks) = marks.as_deref_mut() {
            marks.extend(part.action(state, i));
        }
        log.push(Undo::of(state, i, part));
        apply(state, i, &mut left, part);
    }
    Ok(left)
}

/// A capture mark written on `action` where `part` captures nothing is
/// an `effect` mistake.
fn check_mark(action: &Action, part: Part) -> Result<(), ReplayError> {
    let marked = matches!(
        action,
        Action::Place {
            capture: Some(_),
            ..
        } | Action::Move {
            capture: Some(_),
            ..
        }
    );
    if marked && part.capture().is_none() {
        return Err(ReplayError::new(
            ErrorKind::Effect,
            action.span(),
            "false capture mark: no piece is captured there",
        ));
    }
    Ok(())
}

/// The written actions of a legal turn of seat `i` with `roll`, each with
/// its capture mark as it plays (`--` for a pass or a third double);
/// `None` when a part does not read.
pub fn marked(state: &State, (i, roll): (usize, Roll), turn: &Turn) -> Option<Vec<Action>> {
    if written_as_pass(state, roll, turn) {
        return Some(vec![Action::Pass {
            span: Span::default(),
        }]);
    }
    let mut s = state.clone();
    let mut left = Left::of_roll(state, i, roll);
    let mut out = Vec::with_capacity(turn.actions.len());
    for action in &turn.actions {
        let (part, ends) = named_part(&s, i, &left, action)?;
        if ends {
            end_dice(&mut left);
        }
        out.push(part.action(&s, i)?);
        apply(&mut s, i, &mut left, part);
    }
    Some(out)
}

/// Whether the marked actions of `turn` are `--`: a pass, or a roll past
/// the extra rolls allowed (whatever is written, nothing moves).
fn written_as_pass(state: &State, roll: Roll, turn: &Turn) -> bool {
    over_limit(state, roll) || matches!(turn.actions.as_slice(), [Action::Pass { .. }])
}

/// Why `action` plays no part now.
fn why_not(state: &State, i: usize, left: &Left, action: &Action) -> String {
    let values = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
    let bonuses = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
    if state.all_home(i) {
        return format!("{} has every piece home: the turn is over", state.letter(i));
    }
    // Once every die value is used, the die moves are over whether or not
    // they were ended: what is left is the bonuses, or nothing.
    let now = if !left.dice_done() && !left.values().is_empty() {
        format!("the die values left are {}", values(left.values()))
    } else if !left.bonuses().is_empty() {
        format!("the bonuses left are {}", bonuses(left.bonuses()))
    } else {
        "nothing is left of the roll".to_owned()
    };
    match action {
        Action::Place { .. } if !state.pieces(i).contains(&YARD) => {
            format!("{} has no piece in its yard", state.letter(i))
        }
        Action::Place { .. } => format!("no piece may enter now ({now})"),
        Action::Move { .. } => format!("{action} is not a move the roll gives now ({now})"),
        other => format!("{other} is not a move of a race game"),
    }
}

/// Why a written turn whose parts all played is not a complete turn the
/// rules allow.
fn short_of(after: &State, i: usize, left: &Left, listed: &[Complete]) -> String {
    let entered = listed.iter().map(|c| c.entered).max().unwrap_or(0);
    let used = listed.iter().map(|c| c.used).max().unwrap_or(0);
    if left.entered < entered {
        return format!(
            "the roll must bring in as many pieces as it can: {entered}, not {}",
            left.entered
        );
    }
    if left.used < used {
        return format!(
            "the roll must be used as fully as it can be: {used} die values, not {}",
            left.used
        );
    }
    if !left.bonuses().is_empty() && !after.all_home(i) {
        return format!(
            "a bonus of {} is still to be moved",
            left.bonuses()
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" and ")
        );
    }
    "the two pieces of a blockade may not move forward together (they end the turn on one point)"
        .into()
}

/// After seat `i`'s turn with `roll` was read (`played`), moves the turn on:
/// the penalty of the roll past the limit, the seat finished, a double's
/// extra roll (`decide` asked, given what the rules say), the next seat.
pub fn pass_on(
    state: &mut State,
    i: usize,
    roll: Roll,
    played: Played,
    decide: impl FnOnce(bool) -> bool,
) {
    let over = played == Played::OverLimit;
    if over && state.board.flow.over_limit == crate::def::OverLimit::BackNearest {
        if let Some(k) = nearest(state, i) {
            state.set_step(i, k, YARD);
        }
    }
    if !state.has_finished(i) && state.all_home(i) {
        state.finished.push(i as u8);
    }
    if state.is_over() {
        state.to_move = None;
        state.extra = 0;
        return;
    }
    let finished = state.has_finished(i);
    let standard =
        state.board.flow.extra_roll_on == crate::def::ExtraRoll::Doubles && roll.is_double();
    if !over && !finished && decide(standard) {
        state.extra = state.extra.saturating_add(1);
        state.to_move = Some(i as u8);
        return;
    }
    state.extra = 0;
    state.to_move = crate::turn::next_seat(state, i).map(|s| s as u8);
}
