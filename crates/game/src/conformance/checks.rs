//! The checks of the kit, one function each, in the order
//! [`check`](super::check) runs them. Each takes the simulated games
//! [`simulate`] made (and the kit, when it needs an option), and answers
//! the [`Outcome`] or the first [`Failure`].

use std::cell::RefCell;
use std::collections::BTreeSet;

use billes_notation::{
    parse_game, write_game, Action, Brief, Capture, Game, PairBrief, Seat, Turn,
};

use super::{fail, header, lists, rolls, with_position, Check, Failure, Kit, Outcome, Played};
use crate::columns::check_columns;
use crate::describe::wins;
use crate::game::{GameRules, Move, Roll};
use crate::rng::Rng;
use crate::variant::{EjectionView, Hook, HookError, Hooks, MoveView, NoHooks, TeamRoll, Verdict};
use crate::ErrorKind;

/// The simulated games of the kit's seeds, and the outcome of the check.
type Simulated<S> = (Vec<Played<S>>, Outcome);

/// Asserts that `simulate` is deterministic and its games are games: for
/// each seed, two games simulated with `Rng::new(seed)` are the same
/// record, and it replays through `play` turn by turn (the turn's number
/// unchecked), to the winners its result names. Its games are the ones the
/// other checks read.
///
/// # Errors
/// When a game cannot be simulated, differs the second time, or does not
/// replay to its result.
pub fn simulate<R: GameRules>(rules: &R, kit: &Kit) -> Result<Simulated<R::State>, Failure> {
    let mut games = Vec::new();
    let mut turns = 0;
    for &seed in &kit.seeds {
        let once = |what| {
            rules
                .simulate(&kit.sim, &mut Rng::new(seed), &NoHooks)
                .map_err(|e| fail::<R>(Check::Simulate, Some(seed), None, format!("{what}: {e}")))
        };
        let record = once("the game")?;
        let again = once("the same game again")?;
        if write_game(&record) != write_game(&again) {
            return Err(fail::<R>(
                Check::Simulate,
                Some(seed),
                None,
                "two games simulated with the same seed differ",
            ));
        }
        let played = replay(rules, seed, record)?;
        let won: Vec<String> = played
            .record
            .outcome
            .winners
            .iter()
            .map(|s| s.to_string())
            .collect();
        let winners = rules.winners(played.last()).unwrap_or_default();
        if won != winners {
            return Err(fail::<R>(
                Check::Simulate,
                Some(seed),
                None,
                format!("the result names {won:?}, the replay ends with {winners:?}"),
            ));
        }
        turns += played.record.line.turns.len();
        games.push(played);
    }
    let outcome = Outcome::Passed(format!("{} games, {turns} turns", games.len()));
    Ok((games, outcome))
}

/// Every position of `record`, played turn by turn through `play`.
fn replay<R: GameRules>(rules: &R, seed: u64, record: Game) -> Result<Played<R::State>, Failure> {
    let setup = rules
        .setup(&record)
        .map_err(|e| fail::<R>(Check::Simulate, Some(seed), None, format!("setup: {e}")))?;
    let mut states = vec![setup];
    for (i, turn) in record.line.turns.iter().enumerate() {
        let mut state = states[i].clone();
        rules.play(&mut state, turn, &NoHooks).map_err(|e| {
            let text = line(turn);
            fail::<R>(
                Check::Simulate,
                Some(seed),
                Some(i as u32 + 1),
                format!("the simulated turn {text} does not replay: {e}"),
            )
        })?;
        states.push(state);
    }
    Ok(Played {
        seed,
        record,
        states,
    })
}

/// The turn's line without its number (`R4 r9-r13`).
fn line(turn: &Turn) -> String {
    Move::from_turn(turn).map_or_else(|| format!("turn {}", turn.number), |m| m.turn())
}

/// Asserts that at every position of the games before their end, the seat
/// the rules call on has, for every roll (one turn without a roll in a game
/// without dice), a list of legal moves that is not empty, and that each
/// move of it plays through `play` without error; a game that does not say
/// its moves put barricades down ([`GameRules::PUTS_DOWN`]) lists none
/// that does.
///
/// # Errors
/// When a list cannot be made or is empty, a listed move is refused, or
/// one puts a barricade down in a game that does not say so.
pub fn legal_moves_play<R: GameRules>(
    rules: &R,
    games: &[Played<R::State>],
) -> Result<Outcome, Failure> {
    let mut played = 0;
    for game in games {
        for (number, state, _) in game.positions() {
            let here = |message: String| {
                fail::<R>(
                    Check::LegalMovesPlay,
                    Some(game.seed),
                    Some(number),
                    message,
                )
            };
            let lists = lists(rules, state, number).map_err(|e| here(format!("no list: {e}")))?;
            for (roll, moves) in lists {
                if moves.is_empty() {
                    return Err(here(format!("no legal move with roll {roll:?}")));
                }
                for mv in moves {
                    let puts_down =
                        matches!(mv.actions.as_slice().last(), Some(Action::Barricade { .. }));
                    if puts_down && !R::PUTS_DOWN {
                        return Err(here(format!(
                            "it lists {}, which puts a barricade down, but does not say so (PUTS_DOWN)",
                            mv.turn()
                        )));
                    }
                    let mut after = state.clone();
                    rules
                        .play(&mut after, &mv.to_turn(number), &NoHooks)
                        .map_err(|e| {
                            here(format!("the listed move {} is refused: {e}", mv.turn()))
                        })?;
                    played += 1;
                }
            }
        }
    }
    Ok(Outcome::Passed(format!("{played} listed moves played")))
}

/// The move without its marks (`*`, `#`).
pub(crate) fn unmarked(mv: &Move) -> Move {
    let mut bare = mv.clone();
    for action in bare.actions.iter_mut() {
        match action {
            Action::Place { capture, .. } | Action::Line { capture, .. } => *capture = None,
            Action::Move {
                capture, barricade, ..
            } => {
                *capture = None;
                *barricade = false;
            }
            _ => {}
        }
    }
    bare
}

/// The turn line of a move, marks aside: what tells moves apart.
fn key(mv: &Move) -> String {
    unmarked(mv).turn()
}

/// Asserts that `play` refuses a move its position's list lacks (marks
/// aside, which [`marks`] checks). The moves tried at each position are
/// those listed there for the other rolls, played with this roll, a pass,
/// and those listed at the position before, played by this seat with this
/// roll: each one not listed must be refused.
///
/// # Errors
/// When a move not listed is played without error.
pub fn unlisted_refused<R: GameRules>(
    rules: &R,
    games: &[Played<R::State>],
    kit: &Kit,
) -> Result<Outcome, Failure> {
    let mut tried = 0;
    for game in games {
        let mut before: Vec<Move> = Vec::new();
        for (number, state, _) in game.positions() {
            let lists = lists(rules, state, number).unwrap_or_default();
            let all: Vec<Move> = lists.iter().flat_map(|(_, m)| m.iter().cloned()).collect();
            for (roll, moves) in &lists {
                let listed: BTreeSet<String> = moves.iter().map(key).collect();
                let tries = candidates(&all, &before, moves, *roll);
                let most = kit.max_unlisted.unwrap_or(tries.len());
                for candidate in tries
                    .into_iter()
                    .filter(|c| !listed.contains(&key(c)))
                    .take(most)
                {
                    tried += 1;
                    let mut after = state.clone();
                    let accepted = rules
                        .play(&mut after, &candidate.to_turn(number), &NoHooks)
                        .is_ok();
                    if accepted
                        && !(kit.by_position && reached(rules, state, moves, &after, number))
                    {
                        return Err(fail::<R>(
                            Check::UnlistedRefused,
                            Some(game.seed),
                            Some(number),
                            format!(
                                "{} is accepted, but the list is {:?}",
                                candidate.turn(),
                                moves.iter().map(Move::turn).collect::<Vec<_>>()
                            ),
                        ));
                    }
                }
            }
            before = all;
        }
    }
    if tried == 0 {
        return Ok(Outcome::Skipped("no move outside the lists to try".into()));
    }
    Ok(Outcome::Passed(format!("{tried} moves not listed refused")))
}

/// Whether one of `moves`, played from `state`, reaches `after`.
fn reached<R: GameRules>(
    rules: &R,
    state: &R::State,
    moves: &[Move],
    after: &R::State,
    number: u32,
) -> bool {
    let tag = rules.position_tag(after);
    moves.iter().any(|m| {
        let mut s = state.clone();
        rules.play(&mut s, &m.to_turn(number), &NoHooks).is_ok() && rules.position_tag(&s) == tag
    })
}

/// The moves [`unlisted_refused`] tries with `roll` where `listed` are the
/// legal moves: those of `all` and `before`, and a pass, played by the
/// listed moves' seat with `roll`.
fn candidates(all: &[Move], before: &[Move], listed: &[Move], roll: Option<Roll>) -> Vec<Move> {
    let Some(first) = listed.first() else {
        return Vec::new();
    };
    let pass = Move::new(
        first.seat,
        roll,
        vec![Action::Pass {
            span: Default::default(),
        }],
    );
    let mut seen = BTreeSet::new();
    all.iter()
        .chain(before)
        .map(|m| Move {
            seat: first.seat,
            roll,
            ..m.clone()
        })
        .chain([pass])
        .filter(|m| seen.insert(key(m)))
        .collect()
}

/// The move given each false mark it can take, with the mark's name: a
/// capture mark (`*`) on its last action that can carry one and has none,
/// a barricade mark (`#`) on its last pawn move that has none.
fn falsely_marked(mv: &Move) -> Vec<(&'static str, Move)> {
    let mut out = Vec::new();
    let mut marked = mv.clone();
    let capture = marked.actions.iter_mut().rev().find_map(|a| match a {
        Action::Place { capture, .. }
        | Action::Line { capture, .. }
        | Action::Move { capture, .. } => Some(capture),
        _ => None,
    });
    if let Some(capture @ None) = capture {
        *capture = Some(Capture::default());
        out.push(("*", marked));
    }
    let mut marked = mv.clone();
    let barricade = marked.actions.iter_mut().rev().find_map(|a| match a {
        Action::Move { barricade, .. } => Some(barricade),
        _ => None,
    });
    if let Some(barricade @ false) = barricade {
        *barricade = true;
        out.push(("#", marked));
    }
    out
}

/// Asserts the marks of the game: each listed move that carries a mark
/// (`*`, `#`) plays written without its marks (a missing mark is
/// accepted) and reaches the position the marked move does; a listed move
/// given a false capture mark (`*` where nothing is captured) is refused
/// as a mistake of kind `effect`; and a listed pawn move given a false
/// barricade mark (`#` where no barricade is taken) is refused, as any
/// kind of mistake (a game without barricades may call it an illegal
/// move, as Aggravation does). Skipped when no move of the
/// games can carry a mark.
///
/// # Errors
/// When a move without its marks is refused or plays elsewhere, or a false
/// mark is accepted or refused as another kind of mistake.
pub fn marks<R: GameRules>(rules: &R, games: &[Played<R::State>]) -> Result<Outcome, Failure> {
    let (mut missing, mut false_marks) = (0, 0);
    for game in games {
        for (number, state, _) in game.positions() {
            let here =
                |message: String| fail::<R>(Check::Marks, Some(game.seed), Some(number), message);
            for (_, moves) in lists(rules, state, number).unwrap_or_default() {
                for mv in &moves {
                    let play = |m: &Move| {
                        let mut after = state.clone();
                        rules
                            .play(&mut after, &m.to_turn(number), &NoHooks)
                            .map(|()| rules.position_tag(&after))
                    };
                    let bare = unmarked(mv);
                    if bare != *mv {
                        missing += 1;
                        let marked = play(mv).ok();
                        match play(&bare) {
                            Err(e) => {
                                return Err(here(format!(
                                    "{} without its marks is refused: {e}",
                                    mv.turn()
                                )))
                            }
                            Ok(tag) if Some(&tag) != marked.as_ref() => {
                                return Err(here(format!(
                                    "{} without its marks plays to {tag}, not {marked:?}",
                                    mv.turn()
                                )))
                            }
                            Ok(_) => {}
                        }
                    }
                    for (mark, wrong) in falsely_marked(mv) {
                        false_marks += 1;
                        let mut after = state.clone();
                        let turn = wrong.turn();
                        match rules.play(&mut after, &wrong.to_turn(number), &NoHooks) {
                            Ok(()) => {
                                return Err(here(format!(
                                    "the false {mark} mark of {turn} is accepted"
                                )))
                            }
                            Err(e) if mark == "*" && e.kind != ErrorKind::Effect => {
                                return Err(here(format!(
                                    "the false {mark} mark of {turn} is refused as {:?}, not effect: {}",
                                    e.kind, e.message
                                )))
                            }
                            Err(_) => {}
                        }
                    }
                }
            }
        }
    }
    if missing + false_marks == 0 {
        return Ok(Outcome::Skipped(
            "no move of the games can carry a mark".into(),
        ));
    }
    let what = match missing {
        0 => format!("no move carries a mark to leave out, {false_marks} false marks refused"),
        _ => {
            format!("{missing} moves played without their marks, {false_marks} false marks refused")
        }
    };
    Ok(Outcome::Passed(what))
}

/// Asserts what `describe` says of each turn of the games: each phrase is
/// words on one line (not empty, no line break, no space around it); the
/// turn that wins a game says so, with the phrase every game writes ("R
/// wins", "R+G win"), as its last; no other turn has a phrase ending in
/// " wins" or " win". Skipped when the game says nothing of any turn (the
/// default `describe`).
///
/// # Errors
/// When a phrase is not words on one line, the winner's phrase is missing,
/// or a turn that does not win says someone wins.
pub fn describe<R: GameRules>(rules: &R, games: &[Played<R::State>]) -> Result<Outcome, Failure> {
    let silent = games.iter().all(|game| {
        game.positions().enumerate().all(|(i, (_, before, turn))| {
            rules.describe(before, turn, &game.states[i + 1]).is_empty()
        })
    });
    if silent {
        return Ok(Outcome::Skipped("the game describes no turn".into()));
    }
    let (mut phrases, mut won) = (0, 0);
    for game in games {
        for (i, (number, before, turn)) in game.positions().enumerate() {
            let after = &game.states[i + 1];
            let said = rules.describe(before, turn, after);
            let here = |message: String| {
                fail::<R>(Check::Describe, Some(game.seed), Some(number), message)
            };
            phrases += said.len();
            if let Some(p) = said
                .iter()
                .find(|p| p.is_empty() || p.contains('\n') || p.trim() != p.as_str())
            {
                return Err(here(format!("the phrase {p:?} is not words on one line")));
            }
            match wins(rules.winners(before), rules.winners(after)) {
                Some(phrase) => {
                    won += 1;
                    if said.last() != Some(&phrase) {
                        return Err(here(format!(
                            "the winning turn {} says {said:?}, not {phrase:?} last",
                            line(turn)
                        )));
                    }
                }
                None => {
                    if let Some(p) = said
                        .iter()
                        .find(|p| p.ends_with(" wins") || p.ends_with(" win"))
                    {
                        return Err(here(format!("{p:?} said of a turn that wins nothing")));
                    }
                }
            }
        }
    }
    if won == 0 {
        return Ok(Outcome::Skipped(format!(
            "{phrases} phrases, but no simulated game was won: the winner's phrase is unchecked"
        )));
    }
    Ok(Outcome::Passed(format!(
        "{phrases} phrases, {won} winners' phrases"
    )))
}

/// Asserts the round trip of `billes fmt`: the text of each game reads
/// back, writes to the same text, and the record read back replays to the
/// same last position.
///
/// # Errors
/// When the text does not read back, writes differently, or replays
/// elsewhere.
pub fn round_trip<R: GameRules>(rules: &R, games: &[Played<R::State>]) -> Result<Outcome, Failure> {
    for game in games {
        let here = |message: String| fail::<R>(Check::RoundTrip, Some(game.seed), None, message);
        let text = write_game(&game.record);
        let read = parse_game(&text)
            .map_err(|e| here(format!("the text does not read back: {}", e.message)))?;
        let again = write_game(&read);
        if again != text {
            return Err(here(format!(
                "the text read back writes as {again:?}, not {text:?}"
            )));
        }
        let mut state = rules
            .setup(&read)
            .map_err(|e| here(format!("setup: {e}")))?;
        for (i, turn) in read.line.turns.iter().enumerate() {
            rules.play(&mut state, turn, &NoHooks).map_err(|e| {
                fail::<R>(
                    Check::RoundTrip,
                    Some(game.seed),
                    Some(i as u32 + 1),
                    format!("{} read back is refused: {e}", line(turn)),
                )
            })?;
        }
        let (got, want) = (rules.position_tag(&state), rules.position_tag(game.last()));
        if got != want {
            return Err(here(format!(
                "the record read back ends at {got}, not {want}"
            )));
        }
    }
    Ok(Outcome::Passed(format!("{} records", games.len())))
}

/// Asserts that the `Position` tag the game writes of each position of the
/// games, set up with the record's other tags, gives the same position
/// back (the same tag, the same seats to act and needs); and that from
/// `kit.tag_replays` positions of each game, spread over it, the rest of
/// the game replays from the tag to the same last position and winners.
///
/// # Errors
/// When a tag is refused, sets up another position, or the rest of the
/// game replays differently from it.
pub fn position_tag<R: GameRules>(
    rules: &R,
    games: &[Played<R::State>],
    kit: &Kit,
) -> Result<Outcome, Failure> {
    let (mut tags, mut replays) = (0, 0);
    for game in games {
        let head = header(&game.record);
        let every = (game.states.len() / kit.tag_replays.max(1)).max(1);
        for (i, state) in game.states.iter().enumerate() {
            let number = i as u32 + 1;
            let here = |message: String| {
                fail::<R>(Check::PositionTag, Some(game.seed), Some(number), message)
            };
            let tag = rules.position_tag(state);
            let mut from = rules
                .setup(&with_position(&head, tag.clone()))
                .map_err(|e| here(format!("the tag {tag:?} is refused: {e}")))?;
            tags += 1;
            let back = rules.position_tag(&from);
            if back != tag {
                return Err(here(format!("the tag {tag:?} sets up {back:?}")));
            }
            if rules.next(&from) != rules.next(state) {
                return Err(here(format!(
                    "the tag {tag:?} sets up {:?} to act, not {:?}",
                    rules.next(&from),
                    rules.next(state)
                )));
            }
            if i % every != 0 {
                continue;
            }
            replays += 1;
            for (j, turn) in game.record.line.turns.iter().enumerate().skip(i) {
                rules.play(&mut from, turn, &NoHooks).map_err(|e| {
                    here(format!(
                        "from the tag {tag:?}, turn {} ({}) is refused: {e}",
                        j + 1,
                        line(turn)
                    ))
                })?;
            }
            let (got, want) = (rules.position_tag(&from), rules.position_tag(game.last()));
            if got != want || rules.winners(&from) != rules.winners(game.last()) {
                return Err(here(format!(
                    "from the tag {tag:?}, the game ends at {got}, not {want}"
                )));
            }
        }
    }
    Ok(Outcome::Passed(format!(
        "{tags} positions set up from their tags, {replays} games replayed from one"
    )))
}

/// Hooks that answer the game's own rule and note which hooks were asked.
#[derive(Debug, Default)]
struct Asked(RefCell<Vec<Hook>>);

impl Asked {
    fn note(&self, hook: Hook) {
        let mut asked = self.0.borrow_mut();
        if !asked.contains(&hook) {
            asked.push(hook);
        }
    }
}

impl Hooks for Asked {
    fn allow(&self, _: &MoveView<'_>) -> Result<Verdict, HookError> {
        self.note(Hook::Allow);
        Ok(Verdict::Allow)
    }

    fn roll_for(&self, _: &TeamRoll<'_>) -> Result<Option<Vec<String>>, HookError> {
        self.note(Hook::RollFor);
        Ok(None)
    }

    fn extra_turn(&self, _: &MoveView<'_>, standard: bool) -> Result<bool, HookError> {
        self.note(Hook::ExtraTurn);
        Ok(standard)
    }

    fn score(&self, _: &EjectionView<'_>, standard: u32) -> Result<u32, HookError> {
        self.note(Hook::Score);
        Ok(standard)
    }
}

/// Asserts that the game offers a hook only when it serves it: when its
/// list ([`GameRules::hooks`]) holds one of the hooks that look at the
/// position ([`Hook::COMMON`]), it gives hooks a view ([`GameRules::board`])
/// of every position of the games; and a game simulated with hooks that
/// answer the game's own rule is the same game as without hooks, the game
/// asking only hooks its list holds. Skipped for a game that lists no hook
/// and asks none.
///
/// # Errors
/// When a listed hook that reads the position gets no view of it, a hook
/// the list lacks is asked, or hooks that change nothing change the game.
pub fn hooks<R: GameRules>(
    rules: &R,
    games: &[Played<R::State>],
    kit: &Kit,
) -> Result<Outcome, Failure> {
    let listed: Vec<Hook> = R::hooks().to_vec();
    if let Some(common) = Hook::COMMON.iter().find(|h| listed.contains(h)) {
        for game in games {
            for (i, state) in game.states.iter().enumerate() {
                if rules.board(state).is_none() {
                    return Err(fail::<R>(
                        Check::Hooks,
                        Some(game.seed),
                        Some(i as u32 + 1),
                        format!(
                            "it lists the hook {}, but gives hooks no view of the position",
                            common.name()
                        ),
                    ));
                }
            }
        }
    }
    let asked = Asked::default();
    for game in games {
        let here = |message: String| fail::<R>(Check::Hooks, Some(game.seed), None, message);
        let record = rules
            .simulate(&kit.sim, &mut Rng::new(game.seed), &asked)
            .map_err(|e| here(format!("simulated with hooks that change nothing: {e}")))?;
        if write_game(&record) != write_game(&game.record) {
            return Err(here(
                "hooks that answer the game's own rule change the simulated game".into(),
            ));
        }
        if let Some(hook) = asked.0.borrow().iter().find(|h| !listed.contains(h)) {
            return Err(here(format!(
                "it asks the hook {}, which its list lacks",
                hook.name()
            )));
        }
    }
    let asked = asked.0.into_inner();
    if listed.is_empty() && asked.is_empty() {
        return Ok(Outcome::Skipped("the game takes no hooks".into()));
    }
    let names = |s: &[Hook]| s.iter().map(|h| h.name()).collect::<Vec<_>>().join(", ");
    Ok(Outcome::Passed(format!(
        "lists {}; asked {}",
        names(&listed),
        names(&asked)
    )))
}

/// Asserts that the game's own columns in the tables of `billes export`
/// ([`GameRules::TURN_COLUMNS`]) may be a game's
/// ([`check_columns`]: at most [`MAX_TURN_COLUMNS`](crate::columns::MAX_TURN_COLUMNS),
/// well named, each once, each saying what it holds), and that the cells
/// of every listed move at every position of the games fit them
/// ([`TurnCells::fit`](crate::columns::TurnCells::fit): each of its
/// column's type, null only where the column may be, none past them).
/// Skipped for a game that declares no column of its own and fills none.
///
/// # Errors
/// When the columns may not be a game's, a list cannot be made, or a
/// move's cells do not fit the columns.
pub fn turn_columns<R: GameRules>(
    rules: &R,
    games: &[Played<R::State>],
) -> Result<Outcome, Failure> {
    let columns = R::TURN_COLUMNS;
    check_columns(columns).map_err(|e| fail::<R>(Check::TurnColumns, None, None, e))?;
    let mut checked = 0;
    for game in games {
        for (number, state, _) in game.positions() {
            let here = |message: String| {
                fail::<R>(Check::TurnColumns, Some(game.seed), Some(number), message)
            };
            let lists = lists(rules, state, number).map_err(|e| here(format!("no list: {e}")))?;
            for mv in lists.iter().flat_map(|(_, moves)| moves) {
                R::turn_cells(mv)
                    .fit(columns)
                    .map_err(|e| here(format!("the cells of {}: {e}", mv.turn())))?;
                checked += 1;
            }
        }
    }
    if columns.is_empty() {
        return Ok(Outcome::Skipped(
            "the game declares no columns of its own".into(),
        ));
    }
    Ok(Outcome::Passed(format!(
        "{} columns, the cells of {checked} moves",
        columns.len()
    )))
}

/// [`Check::CompleteTurn`]: at every position of the games, every listed
/// move, written without its marks, is completed by
/// [`GameRules::complete_turn`] to that move as the list has it (marks and
/// all), or not at all (the caller then finds it in the list): the call
/// `billes export` asks first is never another answer than the list's.
/// And [`GameRules::play_completed`] gives the same move as
/// `complete_turn` and the same position as [`GameRules::play`]. Skipped
/// when the game completes no turn.
///
/// # Errors
/// The first move completed otherwise than listed, or played and
/// completed otherwise than apart.
pub fn complete_turn<R: GameRules>(
    rules: &R,
    games: &[Played<R::State>],
) -> Result<Outcome, Failure> {
    let (mut asked, mut completed) = (0, 0);
    for game in games {
        for (number, state, _) in game.positions() {
            for (_, moves) in lists(rules, state, number).unwrap_or_default() {
                for mv in &moves {
                    asked += 1;
                    let bare = unmarked(mv);
                    let turn = bare.to_turn(number);
                    let completed_apart = rules.complete_turn(state, &turn);
                    if let Some(why) = played_completed_apart(rules, state, &turn, &completed_apart)
                    {
                        return Err(fail::<R>(
                            Check::CompleteTurn,
                            Some(game.seed),
                            Some(number),
                            format!("{}: {why}", bare.turn()),
                        ));
                    }
                    let Some(got) = completed_apart else {
                        continue;
                    };
                    completed += 1;
                    if got != *mv {
                        return Err(fail::<R>(
                            Check::CompleteTurn,
                            Some(game.seed),
                            Some(number),
                            format!(
                                "{} is completed as {}, listed as {}",
                                bare.turn(),
                                got.turn(),
                                mv.turn()
                            ),
                        ));
                    }
                }
            }
        }
    }
    if completed == 0 {
        return Ok(Outcome::Skipped(
            "the game completes no turn without listing its moves".into(),
        ));
    }
    Ok(Outcome::Passed(format!(
        "{completed} of {asked} listed moves completed as listed"
    )))
}

/// Asserts that a game that plays briefs ([`GameRules::PLAYS_BRIEFS`],
/// what `billes validate` reads a valid game's plainest turns as) plays
/// none that [`GameRules::play`] refuses, and each it plays as `play`
/// plays the turn it stands for: at every
/// position of the games, each listed move, each of its actions alone,
/// its path cut to its ends, without its marks, with a false mark, with
/// its points and target changed, and given to each seat, each listed
/// move with its path written through another point a listed path names,
/// and each move [`unlisted_refused`]
/// tries, as written and each of its actions alone, that is in a
/// brief's shape ([`Brief::of`]) and [`GameRules::play_brief`] plays is
/// one `play` plays, to the same position (its `Position` tag), and one
/// it does not play leaves the position as it was; so too, in a game of
/// two dice that plays pair briefs, each listed move and the first
/// 16 (`MAX_PAIR_UNLISTED`) the list lacks that is in a pair brief's shape
/// ([`PairBrief::of`]) and [`GameRules::play_pair_brief`]. A legal brief
/// `play_brief` leaves to the tree is counted, not refused: the check
/// then reads it again as a turn, more slowly. Skipped when the game
/// plays no briefs, or none of its moves is in a brief's shape.
///
/// # Errors
/// When `play_brief` plays a turn `play` refuses, reaches another
/// position, or changes the position of a turn it does not play; or when
/// it plays no legal brief at all.
pub fn briefs<R: GameRules>(rules: &R, games: &[Played<R::State>]) -> Result<Outcome, Failure> {
    if !R::PLAYS_BRIEFS {
        return Ok(Outcome::Skipped("the game plays no briefs".into()));
    }
    let (mut legal, mut refused, mut left) = (0, 0, 0);
    for game in games {
        let mut before: Vec<Move> = Vec::new();
        for (number, state, _) in game.positions() {
            let here =
                |message: String| fail::<R>(Check::Briefs, Some(game.seed), Some(number), message);
            let lists = lists(rules, state, number).unwrap_or_default();
            let all: Vec<Move> = lists.iter().flat_map(|(_, m)| m.iter().cloned()).collect();
            for (roll, moves) in &lists {
                for mv in tried_as_briefs(rules, moves, (&all, &before), *roll) {
                    match brief_as_its_turn(rules, state, &mv, number).map_err(&here)? {
                        Some(Briefed::Legal) => legal += 1,
                        Some(Briefed::Refused) => refused += 1,
                        Some(Briefed::Left) => left += 1,
                        None => {}
                    }
                }
            }
            before = all;
        }
    }
    if legal + refused + left == 0 {
        return Ok(Outcome::Skipped(
            "no move of the games is in a brief's shape".into(),
        ));
    }
    if legal == 0 {
        return Err(fail::<R>(
            Check::Briefs,
            None,
            None,
            format!("the game plays briefs, but played none of {left} legal ones"),
        ));
    }
    Ok(Outcome::Passed(format!(
        "{legal} legal and {refused} refused briefs played as their turns, \
         {left} legal ones left to the tree"
    )))
}

/// What [`briefs`] found of a move in a brief's shape.
enum Briefed {
    /// Legal, and played as a brief.
    Legal,
    /// Illegal, and refused as a brief.
    Refused,
    /// Legal, and left to the tree.
    Left,
}

/// The moves [`briefs`] tries from a position, with `roll`, whose list
/// is `moves` (`all` and `before`: every roll's moves there and at the
/// position before): each listed move in every variant, and the moves
/// not listed as written and each of their actions alone (their variants
/// would multiply a check that tries many). A game of two dice: each
/// listed move, as written and without its capture marks when it has
/// some, and the first moves the list lacks, as written; their
/// variants and the moves of every other of 36 rolls made millions of
/// turns to try, each refused with its list of legal moves (13 minutes
/// for Parcheesi's kit).
fn tried_as_briefs<R: GameRules>(
    rules: &R,
    moves: &[Move],
    (all, before): (&[Move], &[Move]),
    roll: Option<Roll>,
) -> Vec<Move> {
    let unlisted = candidates(all, before, moves, roll);
    if rules.plays_pair_briefs() {
        let unlisted = unlisted.into_iter().take(MAX_PAIR_UNLISTED);
        // A capture written without its mark is completed with it.
        let unmarked = moves.iter().map(unmarked).filter(|m| !moves.contains(m));
        return moves
            .iter()
            .cloned()
            .chain(unmarked)
            .chain(unlisted)
            .collect();
    }
    let points = path_points(moves);
    moves
        .iter()
        .flat_map(brief_variants::<R>)
        .chain(moves.iter().flat_map(|mv| through_points(mv, &points)))
        .chain(unlisted.iter().flat_map(actions_alone))
        .collect()
}

/// `mv`, the turn numbered `number` from `state`, played as a brief (or a
/// pair brief, in a game of two dice that plays them) and as its turn:
/// what it is, `None` when it is in no brief's shape the game plays. The
/// fault, in words, when the brief plays otherwise than its turn.
fn brief_as_its_turn<R: GameRules>(
    rules: &R,
    state: &R::State,
    mv: &Move,
    number: u32,
) -> Result<Option<Briefed>, String> {
    let turn = mv.to_turn(number);
    let (mut by_brief, mut by_turn) = (state.clone(), state.clone());
    let played = match (Brief::of(&turn), PairBrief::of(&turn)) {
        (Some(brief), _) => {
            let played = rules.play_brief(&mut by_brief, &brief);
            let completed =
                |s: &mut R::State, c: &mut Move| rules.play_brief_completed_into(s, &brief, c);
            completed_as_its_turn(rules, state, (mv, &turn), ("", completed), played)?;
            played
        }
        (None, Some(pair)) if rules.plays_pair_briefs() => {
            let played = rules.play_pair_brief(&mut by_brief, &pair);
            let completed =
                |s: &mut R::State, c: &mut Move| rules.play_pair_brief_completed_into(s, &pair, c);
            completed_as_its_turn(rules, state, (mv, &turn), ("pair_", completed), played)?;
            played
        }
        _ => return Ok(None),
    };
    let shown = mv.turn();
    match (played, rules.play(&mut by_turn, &turn, &NoHooks)) {
        (true, Ok(())) => {
            let (a, b) = (rules.position_tag(&by_brief), rules.position_tag(&by_turn));
            if a != b {
                return Err(format!("{shown}: as a brief it reaches {a}, as a turn {b}"));
            }
            Ok(Some(Briefed::Legal))
        }
        (false, _) if rules.position_tag(&by_brief) != rules.position_tag(state) => Err(format!(
            "{shown}: play_brief refuses it, but leaves another position"
        )),
        (false, Err(_)) => Ok(Some(Briefed::Refused)),
        (true, Err(e)) => Err(format!(
            "{shown}: play_brief plays it, play refuses it: {}",
            e.message
        )),
        (false, Ok(())) => Ok(Some(Briefed::Left)),
    }
}

/// The moves a roll does not list that [`briefs`] tries as pair briefs,
/// at most, in a game of two dice.
const MAX_PAIR_UNLISTED: usize = 16;

/// Whether [`GameRules::play_brief_completed_into`] (or
/// [`GameRules::play_pair_brief_completed_into`], the `pair_` of `name`),
/// called by `complete`, plays the brief of `turn` from `state` exactly
/// when [`GameRules::play_brief`] (or [`GameRules::play_pair_brief`])
/// does (`played`), to the same position, and writes the move
/// [`GameRules::play_completed_into`] writes for `turn`, the turn it
/// stands for (the move `mv`); a game that completes no brief (the
/// default) passes. The fault, in words, otherwise.
fn completed_as_its_turn<R: GameRules>(
    rules: &R,
    state: &R::State,
    (mv, turn): (&Move, &Turn),
    (pair, complete): (&str, impl FnOnce(&mut R::State, &mut Move) -> bool),
    played: bool,
) -> Result<(), String> {
    let shown = mv.turn();
    let (mut by_brief, mut by_turn) = (state.clone(), state.clone());
    let mut completed = Move::new(turn.head.seat, None, billes_notation::Actions::new());
    if !complete(&mut by_brief, &mut completed) {
        return match rules.position_tag(&by_brief) == rules.position_tag(state) {
            true => Ok(()),
            false => Err(format!(
                "{shown}: play_{pair}brief_completed_into refuses it, but leaves another position"
            )),
        };
    }
    let mut listed = completed.clone();
    let by_turn_completed = rules.play_completed_into(&mut by_turn, turn, &mut listed);
    let reached = (rules.position_tag(&by_brief), rules.position_tag(&by_turn));
    match by_turn_completed {
        _ if !played => Err(format!(
            "{shown}: play_{pair}brief_completed_into plays it, play_{pair}brief refuses it"
        )),
        Ok(true) if completed == listed && reached.0 == reached.1 => Ok(()),
        Ok(true) => Err(format!(
            "{shown}: as a brief completed {completed} to {}, as a turn {listed} to {}",
            reached.0, reached.1
        )),
        Ok(false) => Err(format!(
            "{shown}: play_{pair}brief_completed_into completes it, play_completed_into does not"
        )),
        Err(e) => Err(format!(
            "{shown}: play_{pair}brief_completed_into plays it, play refuses it: {}",
            e.message
        )),
    }
}

/// `mv` as written and each of its actions alone (`c3>ne` of `~ c3>ne`),
/// each also with its path cut to its ends ([`ends_only`]), without their
/// marks, with each false mark [`falsely_marked`] gives them, with their
/// capture's points one more and target another, and each of these given
/// to each seat of the game.
fn brief_variants<R: GameRules>(mv: &Move) -> Vec<Move> {
    actions_alone(mv)
        .iter()
        .flat_map(|m| std::iter::once(m.clone()).chain(ends_only(m)))
        .flat_map(|m| marked_variants::<R>(&m))
        .collect()
}

/// `mv` with the path of each move through more than two points cut to
/// its start and landing (`r9-g0` of `r9-c-g0`), when it has one: the
/// same route written without the points between, which a game that
/// writes them must refuse as a brief as it does as a turn.
fn ends_only(mv: &Move) -> Option<Move> {
    let mut cut = mv.clone();
    let mut any = false;
    for action in cut.actions.iter_mut() {
        if let Action::Move { path, .. } = action {
            if let [from, .., to] = path.as_slice() {
                if path.len() > 2 {
                    *path = billes_notation::Path::from([*from, *to]);
                    any = true;
                }
            }
        }
    }
    any.then_some(cut)
}

/// The points the paths of `moves` name, each once, in the order of the
/// list: at most [`MAX_POINTS`], for [`through_points`].
fn path_points(moves: &[Move]) -> Vec<billes_notation::Name> {
    let mut points = Vec::new();
    let paths = moves.iter().flat_map(|mv| &mv.actions[..]);
    for action in paths {
        if let Action::Move { path, .. } = action {
            for point in path.as_slice() {
                if points.len() < MAX_POINTS && !points.contains(point) {
                    points.push(*point);
                }
            }
        }
    }
    points
}

/// The points [`through_points`] tries between a path's ends.
const MAX_POINTS: usize = 8;

/// `mv` with the path of its first move written through another point:
/// each of `points` put between its ends (`y0-w0-r0` of `y0-r0`), or put
/// in place of the one point between them. A game that names the points
/// a route passes must play such a path as a brief as it plays it as a
/// turn, or refuse it as both.
fn through_points(mv: &Move, points: &[billes_notation::Name]) -> Vec<Move> {
    let Some(at) = mv
        .actions
        .iter()
        .position(|a| matches!(a, Action::Move { .. }))
    else {
        return Vec::new();
    };
    let Action::Move { path, .. } = &mv.actions[at] else {
        return Vec::new();
    };
    let (&[from, to] | &[from, _, to]) = path.as_slice() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for &point in points {
        if point == from || point == to || path.as_slice() == [from, point, to] {
            continue;
        }
        let mut through = mv.clone();
        if let Action::Move { path, .. } = &mut through.actions[at] {
            *path = billes_notation::Path::from([from, point, to]);
        }
        out.push(through);
    }
    out
}

/// `mv`, and each of its actions alone when it has several.
fn actions_alone(mv: &Move) -> Vec<Move> {
    let mut moves = vec![mv.clone()];
    if mv.actions.len() > 1 {
        moves.extend(mv.actions.iter().map(|a| Move {
            actions: vec![a.clone()].into(),
            ..mv.clone()
        }));
    }
    moves
}

/// `mv`, with its false marks and changed capture, given to each seat
/// ([`brief_variants`]).
fn marked_variants<R: GameRules>(mv: &Move) -> Vec<Move> {
    let mut marked = vec![mv.clone(), unmarked(mv)];
    marked.extend(falsely_marked(mv).into_iter().map(|(_, m)| m));
    let mut other = mv.clone();
    if let Some(Action::Line {
        capture: Some(capture),
        ..
    }) = other.actions.last_mut()
    {
        capture.points = Some(capture.points.map_or(1, |p| p.saturating_add(1)));
        capture.target = match capture.target {
            Some(t) if t.as_str() == "t1" => Some(billes_notation::Name::new("t2")),
            _ => Some(billes_notation::Name::new("t1")),
        };
        marked.push(other);
    }
    let seats = R::SEATS.iter().map(|&s| Seat::from(s));
    seats
        .flat_map(|seat| marked.iter().map(move |m| Move { seat, ..m.clone() }))
        .collect()
}

/// Why [`GameRules::play_completed`] of the legal `turn` from `state`
/// differs from [`GameRules::complete_turn`] (`apart`) and
/// [`GameRules::play`], or [`GameRules::play_completed_into`] from
/// `play_completed`; `None` when none does.
fn played_completed_apart<R: GameRules>(
    rules: &R,
    state: &R::State,
    turn: &Turn,
    apart: &Option<Move>,
) -> Option<String> {
    let mut played = state.clone();
    if let Err(e) = rules.play(&mut played, turn, &NoHooks) {
        return Some(format!("a listed move is refused: {}", e.message));
    }
    let mut both = state.clone();
    match rules.play_completed(&mut both, turn) {
        Err(e) => Some(format!(
            "play_completed refuses it, play does not: {}",
            e.message
        )),
        Ok(got) if got != *apart => Some(format!(
            "play_completed gives {}, complete_turn {}",
            got.map_or("none".into(), |m| m.turn()),
            apart.as_ref().map_or("none".into(), Move::turn)
        )),
        Ok(_)
            if rules.position_tag(&both) != rules.position_tag(&played)
                || rules.next(&both) != rules.next(&played) =>
        {
            Some(format!(
                "play_completed leaves the position {} ({:?} next), play {} ({:?} next)",
                rules.position_tag(&both),
                rules.next(&both),
                rules.position_tag(&played),
                rules.next(&played)
            ))
        }
        Ok(_) => played_into_apart(rules, state, turn, apart, &played),
    }
}

/// Why [`GameRules::play_completed_into`] of the legal `turn` from
/// `state`, into a move that holds another turn's (the replay keeps one
/// move for every turn), does not give the move `apart` and the position
/// `played`; `None` when it does.
fn played_into_apart<R: GameRules>(
    rules: &R,
    state: &R::State,
    turn: &Turn,
    apart: &Option<Move>,
    played: &R::State,
) -> Option<String> {
    let span = Default::default();
    let other = vec![Action::Remove { span }, Action::Pass { span }];
    let mut kept = Move::new("Q".into(), Roll::new(6), other).with_mover(Some("W".into()));
    let mut into = state.clone();
    match rules.play_completed_into(&mut into, turn, &mut kept) {
        Err(e) => Some(format!(
            "play_completed_into refuses it, play does not: {}",
            e.message
        )),
        Ok(completed) if completed.then_some(&kept) != apart.as_ref() => Some(format!(
            "play_completed_into gives {}, complete_turn {}",
            if completed {
                kept.turn()
            } else {
                "none".into()
            },
            apart.as_ref().map_or("none".into(), Move::turn)
        )),
        Ok(_) if rules.position_tag(&into) != rules.position_tag(played) => Some(format!(
            "play_completed_into leaves the position {}, play {}",
            rules.position_tag(&into),
            rules.position_tag(played)
        )),
        Ok(_) => None,
    }
}

/// Asserts that the move counts from the start position of the games
/// (every roll of every turn, each legal move, a game over counting once)
/// are the same counted twice, and are the kit's expected counts
/// ([`Kit::perft`]) when it has them; without them, the count is at
/// [`Kit::perft_depth`] and only checked stable.
///
/// # Errors
/// When the start position cannot be set up, a list cannot be made, two
/// counts differ, or a count is not the one expected.
pub fn perft<R: GameRules>(
    rules: &R,
    games: &[Played<R::State>],
    kit: &Kit,
) -> Result<Outcome, Failure> {
    let here = |message: String| fail::<R>(Check::Perft, None, None, message);
    let Some(game) = games.first() else {
        return Ok(Outcome::Skipped(
            "no game simulated: no start position".into(),
        ));
    };
    let start = rules
        .setup(&header(&game.record))
        .map_err(|e| here(format!("setup: {e}")))?;
    let expected = match &kit.perft {
        Some(counts) => counts.iter().map(|&(d, c)| (d, Some(c))).collect(),
        None => vec![(kit.perft_depth, None)],
    };
    let mut counted = Vec::new();
    for (depth, want) in expected {
        let counted_at =
            || count(rules, &start, depth, 1).map_err(|e| here(format!("depth {depth}: {e}")));
        let (once, twice) = (counted_at()?, counted_at()?);
        if once != twice {
            return Err(here(format!("depth {depth} counts {once}, then {twice}")));
        }
        if let Some(want) = want.filter(|w| *w != once) {
            return Err(here(format!("depth {depth} counts {once}, not {want}")));
        }
        counted.push(format!("{once} at depth {depth}"));
    }
    let what = counted.join(", ");
    Ok(Outcome::Passed(match kit.perft {
        Some(_) => format!("{what}, as expected"),
        None => format!("{what}, stable (no counts expected)"),
    }))
}

/// The number of move sequences of `depth` turns from `state`, the first
/// numbered `number`.
fn count<R: GameRules>(
    rules: &R,
    state: &R::State,
    depth: u32,
    number: u32,
) -> Result<u64, String> {
    if depth == 0 || rules.is_over(state) {
        return Ok(1);
    }
    let seat: Seat = rules
        .to_act(state)
        .ok_or("no seat to act in a game not over")?;
    let mut total = 0;
    for roll in rolls(rules) {
        let moves = rules
            .legal_moves(state, seat, roll, number, &NoHooks)
            .map_err(|e| e.to_string())?;
        for mv in moves {
            if depth == 1 {
                total += 1;
                continue;
            }
            let mut after = state.clone();
            rules
                .play(&mut after, &mv.to_turn(number), &NoHooks)
                .map_err(|e| format!("{}: {e}", mv.turn()))?;
            total += count(rules, &after, depth - 1, number + 1)?;
        }
    }
    Ok(total)
}
