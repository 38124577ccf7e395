//! House rules that change the game: moves a variant adds or drops
//! ([`Hooks::moves`]), what a move does beyond moving its piece
//! ([`Hooks::effect`]) and a variant's own end of the game
//! ([`Hooks::winner`]).
//!
//! These hooks act at the level of the game API, the same for every game:
//! `WithHooks` (in `billes_core::hooked`) asks them around the game's own
//! generator and checker, so validation, simulation, `billes moves`, the
//! viewer and the analysis follow them without knowing them. A game takes
//! part by overriding four provided methods of
//! [`GameRules`]: [`spell_added`](GameRules::spell_added),
//! [`play_added`](GameRules::play_added),
//! [`apply_edit`](GameRules::apply_edit) (with the list of its
//! [`edits`](GameRules::edits), see [`crate::edit`]) and
//! [`declare_winner`](GameRules::declare_winner) (Aggravation and
//! Barricade do; Offboard takes none of these hooks).
//!
//! The decisions, written down:
//! - The list of a turn is the game's list (after [`Hooks::allow`]) or, when
//!   `moves` is defined, the list it returns: a move of the standard list it
//!   keeps is played by the game's checker, as without the hook; a move it
//!   adds is spelt by the game ([`GameRules::spell_added`]), with the marks
//!   it implies, and played by [`GameRules::play_added`]. When the list it
//!   returns is empty, the turn is a pass (`--`).
//! - A written turn is matched against that list with its marks left out;
//!   a mark written must be the list's (the checker checks the marks of a
//!   move of the standard list, with its own messages). A turn written otherwise than the
//!   list spells it (a route with the points between, either end of a line
//!   first) is read by the game's checker, as without the hooks, and is the
//!   move of the list that reaches the same position; a turn the checker
//!   refuses gets the checker's error (a false pass stays a `false_pass`).
//! - The edits of `effect` are applied in order to the position after the
//!   move; each is checked (a piece moves only to an empty point, a piece
//!   sent home or put on the board comes from the board or its reserve), so
//!   no piece can vanish or appear twice.
//! - `winner` is asked after every turn (after the edits) while the game is
//!   not over; a seat it names wins, with its team.
//! - A variant that defines none of these hooks never goes through this
//!   module: its turns cost what they cost before.

use billes_notation::{Action, Game, Line, Outcome, Seat, Span, Turn};

use crate::game::{with_board, GameRules, Move, Position, Roll};
use crate::greedy::{Greedy, Ties};
use crate::rng::Rng;
use crate::variant::{BoardView, Hook, Hooks, PlayedView, RollView};
use crate::{ErrorKind, ReplayError};

/// Whether `hooks` define one of the hooks of this module.
#[inline(always)]
pub fn changes_game<H: Hooks>(hooks: &H) -> bool {
    hooks.calls(Hook::Moves) || hooks.calls(Hook::Effect) || hooks.calls(Hook::Winner)
}

/// The move with every mark left out, to match a written move.
fn bare(mv: &Move) -> Move {
    let mut m = mv.clone();
    for a in m.actions.iter_mut() {
        match a {
            Action::Move {
                capture, barricade, ..
            } => {
                *capture = None;
                *barricade = false;
            }
            Action::Place { capture, .. } | Action::Line { capture, .. } => *capture = None,
            _ => {}
        }
    }
    m
}

/// The legal moves of `seat` with `roll` under the hooks, each with whether
/// [`Hooks::moves`] added it.
///
/// # Errors
/// As [`GameRules::legal_moves`]; a hook's failure, a move the
/// game cannot spell.
#[doc(hidden)]
pub fn listed<R: GameRules, H: Hooks>(
    rules: &R,
    hooks: &H,
    state: &R::State,
    seat: Seat,
    roll: Option<Roll>,
    number: u32,
) -> Result<Vec<(Move, bool)>, ReplayError> {
    let standard = rules.legal_moves(state, seat, roll, number, hooks)?;
    if !hooks.calls(Hook::Moves) {
        return Ok(standard.into_iter().map(|m| (m, false)).collect());
    }
    // One call per seat whose pieces the roll may move (team rolls).
    let mut movers: Vec<billes_notation::Seat> = Vec::new();
    for m in &standard {
        if !movers.contains(&m.moving_seat()) {
            movers.push(m.moving_seat());
        }
    }
    let variant = |m: String| ReplayError::new(ErrorKind::Variant, Span::default(), m);
    let mut out = Vec::with_capacity(standard.len() + 2);
    for mover in movers {
        let own: Vec<&Move> = standard
            .iter()
            .filter(|m| m.moving_seat() == mover)
            .collect();
        let texts: Vec<String> = own
            .iter()
            .filter(|m| !m.is_pass())
            .map(|m| m.to_string())
            .collect();
        let chosen = with_board(rules, state, |position| {
            let view = RollView {
                turn: number,
                roller: seat.as_str(),
                seat: mover.as_str(),
                roll: roll.map(Roll::get),
                position,
            };
            hooks.moves(&view, &texts)
        });
        let Some(chosen) = chosen.map_err(|e| e.at(Span::default()))? else {
            out.extend(own.into_iter().map(|m| (m.clone(), false)));
            continue;
        };
        let before = out.len();
        let by_text: std::collections::HashMap<&str, &Move> = texts
            .iter()
            .map(String::as_str)
            .zip(own.iter().filter(|m| !m.is_pass()).copied())
            .collect();
        let mut seen = std::collections::HashSet::new();
        for text in chosen {
            let found = match by_text.get(text.trim()) {
                Some(m) => Some(*m),
                None => standard_move(&own, seat.as_str(), mover, roll, &text),
            };
            let entry = match found {
                Some(m) => (m.clone(), false),
                None => match rules
                    .spell_added(state, seat, mover, roll, &text)
                    .map_err(|e| variant(format!("the moves hook returned {e}")))?
                {
                    Some(m) => (m, true),
                    None => continue,
                },
            };
            if seen.insert(bare(&entry.0).to_string()) {
                out.push(entry);
            }
        }
        if out.len() == before {
            let pass = own.iter().find(|m| m.is_pass());
            out.push(match pass {
                Some(m) => ((*m).clone(), false),
                None => (
                    Move::new(
                        billes_notation::Seat::from(seat),
                        roll,
                        [Action::Pass {
                            span: Span::default(),
                        }],
                    )
                    .with_mover(Some(mover)),
                    true,
                ),
            });
        }
    }
    Ok(out)
}

/// The move of `own` (the standard list of `mover`) that `text` names,
/// with or without its marks.
fn standard_move<'m>(
    own: &[&'m Move],
    seat: &str,
    mover: billes_notation::Seat,
    roll: Option<Roll>,
    text: &str,
) -> Option<&'m Move> {
    let actions = parse_actions(seat, roll, text).ok()?;
    let mv = Move {
        seat: billes_notation::Seat::from(seat),
        roll,
        mover: None,
        actions,
    }
    .with_mover(Some(mover));
    let want = bare(&mv);
    own.iter().find(|m| bare(m) == want).copied()
}

/// Plays `turn` under hooks that change the game (see the module docs).
///
/// # Errors
/// The turn's first mistake, or a hook's failure, placed at the turn.
#[doc(hidden)]
pub fn play<R: GameRules, H: Hooks>(
    rules: &R,
    hooks: &H,
    state: &mut R::State,
    turn: &Turn,
) -> Result<(), ReplayError> {
    let span = turn.head.span;
    let variant = |m: String| ReplayError::new(ErrorKind::Variant, span, m);
    let effect = hooks.calls(Hook::Effect);
    let before = effect.then(|| state.clone());
    let mut played = None;
    if hooks.calls(Hook::Moves) {
        let written = Move::from_turn(turn);
        let roll = written.as_ref().and_then(|w| w.roll);
        let list = written
            .as_ref()
            .map(|w| listed(rules, hooks, state, w.seat, roll, turn.number));
        match (written, list) {
            (Some(written), Some(Ok(list))) => {
                let want = bare(&written);
                if let Some((mv, added)) = list.iter().find(|(m, _)| bare(m) == want) {
                    if *added {
                        check_marks(&written, mv, turn)?;
                        rules.play_added(state, turn, mv, hooks)?;
                    } else {
                        // The checker checks the written marks, with the
                        // standard path's messages.
                        rules.play(state, turn, hooks)?;
                    }
                    played = Some((mv.clone(), *added));
                } else {
                    let (mv, after) = read_written(rules, hooks, state, turn, &written, &list)?;
                    *state = after;
                    played = Some((mv, false));
                }
            }
            (_, Some(Err(e))) if matches!(e.kind, ErrorKind::Variant | ErrorKind::TimeGuard) => {
                return Err(ReplayError { span, ..e });
            }
            // A wrong seat or roll: the game's checker says what is wrong.
            _ => rules.play(state, turn, hooks)?,
        }
    } else {
        rules.play(state, turn, hooks)?;
    }
    if let Some(before) = before {
        let mv = match played {
            Some(p) => p,
            None => (
                Move::from_turn(turn).ok_or_else(|| variant("the roll is no die face".into()))?,
                false,
            ),
        };
        let edits = with_board(rules, &before, |before| {
            with_board(rules, state, |after| {
                let text = mv.0.to_string();
                let seat = mv.0.moving_seat();
                let (from, to) = moved(before, after, seat.as_str());
                let captures = to
                    .as_deref()
                    .and_then(|t| before.at(t))
                    .filter(|s| *s != seat.as_str());
                let view = PlayedView {
                    turn: turn.number,
                    roller: mv.0.seat.as_str(),
                    seat: seat.as_str(),
                    roll: mv.0.roll.map(Roll::get),
                    text: &text,
                    from: from.as_deref(),
                    to: to.as_deref(),
                    captures,
                    added: mv.1,
                    position: after,
                };
                hooks.effect(&view)
            })
        })
        .map_err(|e| e.at(span))?;
        for e in &edits {
            rules
                .apply_edit(state, e)
                .map_err(|m| variant(format!("the effect hook's edit \"{e}\": {m}")))?;
        }
    }
    if hooks.calls(Hook::Winner) && !rules.is_over(state) {
        let winner = with_board(rules, state, |position| hooks.winner(turn.number, position));
        if let Some(seat) = winner.map_err(|e| e.at(span))? {
            declare(rules, state, &seat).map_err(variant)?;
        }
    }
    Ok(())
}

/// Ends the game with `seat`, a winner hook's answer, as the winner. A
/// name no seat can have (too long, a NUL) is told as written, never cut
/// into one that might be a seat's.
fn declare<R: GameRules>(rules: &R, state: &mut R::State, seat: &str) -> Result<(), String> {
    let Some(named) = Seat::try_new(seat) else {
        return Err(format!(
            "the winner hook returned \"{seat}\", no seat in play"
        ));
    };
    rules
        .declare_winner(state, named)
        .map_err(|m| format!("the winner hook returned {m}"))
}

/// The move of `list` that `turn`, written otherwise than the list spells
/// it (a route with the points between, the ends of a line the other way
/// round), does, and the position after it: the game's checker reads the
/// written turn, as without the hooks, and the move of the list that
/// reaches the same position is the one played.
///
/// # Errors
/// The checker's own error when it refuses the turn (its kind and message
/// are the standard path's; the legal moves listed are the variant's when
/// the variant changed the list); an [`ErrorKind::IllegalMove`] error when
/// the checker accepts a move the variant's list does not hold.
fn read_written<R: GameRules, H: Hooks>(
    rules: &R,
    hooks: &H,
    state: &R::State,
    turn: &Turn,
    written: &Move,
    list: &[(Move, bool)],
) -> Result<(Move, R::State), ReplayError> {
    let texts = || list.iter().map(|(m, _)| m.to_string()).collect::<Vec<_>>();
    let mut after = state.clone();
    if let Err(mut e) = rules.play(&mut after, turn, hooks) {
        if !e.legal.is_empty() {
            let standard =
                rules.legal_moves(state, written.seat, written.roll, turn.number, hooks)?;
            if list.len() != standard.len() || list.iter().zip(&standard).any(|((m, _), s)| m != s)
            {
                e.legal = texts();
            }
        }
        return Err(e);
    }
    let (tag, next) = (rules.position_tag(&after), rules.next(&after));
    for (m, added) in list {
        if *added || m.seat != written.seat || (written.mover.is_some() && m.mover != written.mover)
        {
            continue;
        }
        let mut reached = state.clone();
        if rules
            .play(&mut reached, &m.to_turn(turn.number), hooks)
            .is_ok()
            && rules.position_tag(&reached) == tag
            && rules.next(&reached) == next
        {
            return Ok((m.clone(), after));
        }
    }
    let at = turn.actions.first().map_or(turn.head.span, Action::span);
    Err(ReplayError::new(
        ErrorKind::IllegalMove,
        at,
        format!("{written} is not a legal move in this variant"),
    )
    .with_legal(texts()))
}

/// Where `seat`'s piece went in a move from `before` to `after`: the point
/// it left (`None`: it came from the reserve) and the one it reached
/// (`None`: nothing moved).
fn moved(
    before: &dyn BoardView,
    after: &dyn BoardView,
    seat: &str,
) -> (Option<String>, Option<String>) {
    let (was, now) = (before.pieces(seat), after.pieces(seat));
    let from = was.iter().find(|p| !now.contains(p)).cloned();
    let to = now.iter().find(|p| !was.contains(p)).cloned();
    (from.filter(|_| to.is_some()), to)
}

/// Checks the marks written on a turn against the move of the list.
fn check_marks(written: &Move, listed: &Move, turn: &Turn) -> Result<(), ReplayError> {
    for (w, l) in written.actions.iter().zip(listed.actions.iter()) {
        let (wc, lc, wb, lb) = match (w, l) {
            (
                Action::Move {
                    capture: wc,
                    barricade: wb,
                    ..
                },
                Action::Move {
                    capture: lc,
                    barricade: lb,
                    ..
                },
            ) => (wc.is_some(), lc.is_some(), *wb, *lb),
            (Action::Place { capture: wc, .. }, Action::Place { capture: lc, .. }) => {
                (wc.is_some(), lc.is_some(), false, false)
            }
            _ => continue,
        };
        let at = turn
            .actions
            .iter()
            .find(|a| matches!(a, Action::Move { .. } | Action::Place { .. }))
            .map_or(turn.head.span, Action::span);
        if wc && !lc {
            return Err(ReplayError::new(
                ErrorKind::Effect,
                at,
                format!("{listed} captures nothing: drop the * mark"),
            ));
        }
        if wb && !lb {
            return Err(ReplayError::new(
                ErrorKind::Effect,
                at,
                format!("{listed} takes no barricade: drop the # mark"),
            ));
        }
    }
    Ok(())
}

/// Plays a random game from `pos` through the game API alone, appending its
/// turns to `header`, a record of tags: the simulator of variants whose
/// hooks change the game, which the games' own simulators do not know. Each
/// seat plays, chosen at random, uniformly random legal moves or greedily
/// (the move after which its [`BoardView::progress`] leads the others'
/// most), as the games' own simulators do.
///
/// # Errors
/// When a hook fails or a listed move does not play.
pub fn simulate_position(
    pos: &mut dyn Position,
    mut header: Game,
    rng: &mut Rng,
    max_turns: u32,
) -> Result<Game, crate::SimulateError> {
    use crate::SimulateError;
    let mut turns = Vec::new();
    let mut policy = std::collections::HashMap::new();
    while !pos.is_over() && pos.turns() < max_turns {
        let next = pos.next();
        let Some(seat) = next.seats.first() else {
            break;
        };
        let roll = if next.dice {
            Roll::random(rng, pos.game().dice())
        } else {
            None
        };
        let moves = pos
            .legal_moves_for(*seat, roll)
            .map_err(|e| SimulateError::Turn(e.to_string()))?;
        if moves.is_empty() {
            return Err(SimulateError::Turn(format!(
                "no legal move for {seat} after {} turns",
                pos.turns()
            )));
        }
        let greedy = *policy.entry(*seat).or_insert_with(|| rng.chance(1, 2));
        let mv = if greedy && (2..=GREEDY_LIMIT).contains(&moves.len()) {
            best(&*pos, seat, &moves, rng)
        } else {
            moves[rng.below(moves.len())].clone()
        };
        pos.play(&mv).map_err(|e| {
            SimulateError::Turn(format!(
                "turn {}: {} does not play: {e}",
                pos.turns() + 1,
                mv.turn()
            ))
        })?;
        turns.push(mv.to_turn(pos.turns()));
    }
    header.line = Line {
        turns,
        ..Default::default()
    };
    header.outcome = Outcome {
        winners: pos
            .winners()
            .unwrap_or_default()
            .iter()
            .map(|s| billes_notation::Seat::from(s.as_str()))
            .collect(),
        span: Span::default(),
    };
    // Spelt as the games' own simulators spell it: `R+G`, not the
    // movetext's `=R+G`.
    let value = header.outcome.tag_value();
    for tag in header.tags.iter_mut().filter(|t| t.name == "Result") {
        tag.value = value.clone();
    }
    Ok(header)
}

/// The most moves a greedy player weighs one by one (more, as with the
/// many places a taken barricade may go, and it plays at random).
const GREEDY_LIMIT: usize = 40;

/// The move of `moves` after which `seat`'s progress leads the others'
/// most (ties broken at random).
fn best(pos: &dyn Position, seat: &str, moves: &[Move], rng: &mut Rng) -> Move {
    let mut best = Greedy::new(Ties::Drawn);
    for (i, m) in moves.iter().enumerate() {
        let mut after = pos.boxed();
        if after.play(m).is_err() {
            continue;
        }
        let view = after.hook_view();
        let mover = m.moving_seat();
        let own = i64::from(view.progress(mover.as_str()));
        let others = view
            .seats()
            .iter()
            .filter(|s| view.team(mover.as_str()).iter().all(|t| t != *s))
            .map(|s| i64::from(view.progress(s)))
            .max()
            .unwrap_or(0);
        let score = if after.winners().is_some_and(|w| w.iter().any(|s| s == seat)) {
            i64::MAX
        } else {
            own - others
        };
        best.offer(i, score, rng);
    }
    match best.pick(rng) {
        Some(i) => moves[i].clone(),
        None => moves[rng.below(moves.len())].clone(),
    }
}

/// The actions of `text`, a move written for `seat` with `roll` (the
/// notation's syntax is the same in every game).
///
/// # Errors
/// When the text is not the actions of one turn.
#[doc(hidden)]
pub fn parse_actions(
    seat: &str,
    roll: Option<Roll>,
    text: &str,
) -> Result<billes_notation::Actions, crate::ChangeError> {
    let line = match roll {
        Some(r) => format!("{seat}{r} {text}"),
        None => format!("{seat} {text}"),
    };
    let record = format!("{line} *\n");
    let parsed = billes_notation::parse_game(&record)
        .map_err(|e| crate::ChangeError(format!("\"{text}\", not a move: {}", e.message)))?;
    match parsed.line.turns.as_slice() {
        [turn] => Ok(Move::from_turn(turn)
            .ok_or_else(|| crate::ChangeError(format!("\"{text}\", not a move")))?
            .actions),
        _ => Err(crate::ChangeError(format!("\"{text}\", not one move"))),
    }
}
