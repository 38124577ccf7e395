//! The replay driver shared by every game: turn numbers, variations, the
//! observer, the end of the game and the result. Each game supplies a
//! [`Rules`] implementation that checks and plays one turn.

use std::ops::ControlFlow;

use billes_notation::{Brief, Game, Line, Outcome, PairBrief, Seat, Span, Turn};

use crate::error::{cold, nearest_first, ErrorKind, ReplayError};
use crate::walk::{walk, walk_from, At, Read, Visitor};

/// A position that can be printed as a text board.
pub trait TextBoard {
    /// The position as a plain-text board, hole names included, ending with a newline.
    fn text_board(&self) -> String;
}

/// One game's rules, as the replay driver sees them.
///
/// `play` must check everything about the turn except its number (the driver
/// does that): the seat to move, the roll, the legality of every action and the
/// marked effects, and then apply it. It must never panic, whatever the turn says.
pub trait Rules {
    /// The position, with whatever the rules need to know about what comes next
    /// (seat to move, held barricade, pending re-placement, extra turn...).
    type State: Clone;

    /// The start position from the game's tags (`Seats`, `Teams`, `Position`...).
    ///
    /// # Errors
    /// A [`ReplayError`] of kind [`ErrorKind::Tag`] when a tag is missing or wrong.
    fn setup(&self, game: &Game) -> Result<Self::State, ReplayError>;

    /// Checks one turn and applies it.
    ///
    /// # Errors
    /// The first thing wrong with the turn; the state is then unspecified.
    fn play(&self, state: &mut Self::State, turn: &Turn) -> Result<(), ReplayError>;

    /// The winning seats, once the game is won.
    fn winners(&self, state: &Self::State) -> Option<Vec<Seat>>;

    /// Whether the game is won: [`winners`](Rules::winners) is `Some`. The
    /// replay asks before every turn, so a game answers without building
    /// the list when it can.
    fn is_over(&self, state: &Self::State) -> bool {
        self.winners(state).is_some()
    }

    /// The seats that have finished, in the order they finished, each
    /// entry the seats that finished together (a team that won together).
    /// The default: the winners, once the game is won, and no one else.
    fn finish_order(&self, state: &Self::State) -> Vec<Vec<Seat>> {
        self.winners(state).into_iter().collect()
    }

    /// The position as a plain-text board, hole names included, ending
    /// with a newline.
    fn text_board(&self, state: &Self::State) -> String;

    /// Whether these rules play turns read as [`Brief`]s
    /// ([`play_brief`](Rules::play_brief)). The default: no.
    fn plays_briefs(&self) -> bool {
        false
    }

    /// Plays the turn `brief` stands for, as [`play`](Rules::play) plays
    /// it: whether it did. `false`, the state left as it was, for every
    /// turn `play` refuses and any turn these rules leave to the tree:
    /// the caller plays it as a turn, which tells what was wrong.
    fn play_brief(&self, state: &mut Self::State, brief: &Brief) -> bool {
        let _ = (state, brief);
        false
    }

    /// Whether these rules play turns of two dice read as [`PairBrief`]s
    /// ([`play_pair_brief`](Rules::play_pair_brief)) where they play
    /// briefs. The default: no.
    fn plays_pair_briefs(&self) -> bool {
        false
    }

    /// [`play_brief`](Rules::play_brief), for a turn of two dice read as a
    /// [`PairBrief`].
    fn play_pair_brief(&self, state: &mut Self::State, brief: &PairBrief) -> bool {
        let _ = (state, brief);
        false
    }
}

/// A position under its rules, as a [`TextBoard`].
pub struct BoardOf<'a, R: Rules + ?Sized> {
    /// The rules.
    pub rules: &'a R,
    /// The position.
    pub state: &'a R::State,
}

impl<R: Rules + ?Sized> std::fmt::Debug for BoardOf<'_, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoardOf").finish_non_exhaustive()
    }
}

impl<R: Rules + ?Sized> TextBoard for BoardOf<'_, R> {
    fn text_board(&self) -> String {
        self.rules.text_board(self.state)
    }
}

impl<R: Rules + ?Sized> Rules for &R {
    type State = R::State;

    fn setup(&self, game: &Game) -> Result<Self::State, ReplayError> {
        (**self).setup(game)
    }

    fn play(&self, state: &mut Self::State, turn: &Turn) -> Result<(), ReplayError> {
        (**self).play(state, turn)
    }

    fn winners(&self, state: &Self::State) -> Option<Vec<Seat>> {
        (**self).winners(state)
    }

    fn is_over(&self, state: &Self::State) -> bool {
        (**self).is_over(state)
    }

    fn finish_order(&self, state: &Self::State) -> Vec<Vec<Seat>> {
        (**self).finish_order(state)
    }

    fn text_board(&self, state: &Self::State) -> String {
        (**self).text_board(state)
    }

    fn plays_briefs(&self) -> bool {
        (**self).plays_briefs()
    }

    #[inline(always)]
    fn play_brief(&self, state: &mut Self::State, brief: &Brief) -> bool {
        (**self).play_brief(state, brief)
    }

    fn plays_pair_briefs(&self) -> bool {
        (**self).plays_pair_briefs()
    }

    #[inline(always)]
    fn play_pair_brief(&self, state: &mut Self::State, brief: &PairBrief) -> bool {
        (**self).play_pair_brief(state, brief)
    }
}

/// What the observer sees after each turn of the main line.
#[derive(Debug)]
pub struct Step<'a, S> {
    /// 1-based index of the turn in the main line.
    pub index: u32,
    /// The turn as written.
    pub turn: &'a Turn,
    /// The position after it.
    pub state: &'a S,
}

/// What a valid record replays to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Turns in the main line.
    pub turns: u32,
    /// Turns in variations, all checked too.
    pub variation_turns: u32,
    /// The winners, if the game was won (at the turn where the replay
    /// stopped, when it [`stopped`](Summary::stopped)).
    pub winners: Option<Vec<Seat>>,
    /// Whether the observer stopped the replay early: the turns after the
    /// one it stopped at, and the result, were not checked. A stopped replay
    /// is not an invalid game.
    pub stopped: bool,
}

/// What an observer answers after each turn: go on or stop the replay, as
/// a visitor of pgn-reader does. `()` always goes on, so an observer that
/// never stops need not say so; [`ControlFlow::Break`] stops the replay
/// after the turn just seen (the turn was checked and played, the rest of
/// the record is not looked at).
pub trait Flow {
    /// Go on or stop.
    fn flow(self) -> ControlFlow<()>;
}

impl Flow for () {
    #[inline]
    fn flow(self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl Flow for ControlFlow<()> {
    #[inline]
    fn flow(self) -> ControlFlow<()> {
        self
    }
}

/// Replays `game` under `rules`: checks every turn of the main line and of
/// every variation, the end of the game and the result token and tag, calling
/// `observe` after each main-line turn. When `observe` answers
/// [`ControlFlow::Break`], the replay stops there and returns the summary
/// of the turns played so far, [`stopped`](Summary::stopped): the rest of
/// the record and its result are not checked.
///
/// # Errors
/// The first mistake in the record (up to the turn where the observer
/// stopped).
pub fn replay_with<R: Rules, F: Flow>(
    rules: &R,
    game: &Game,
    observe: &mut dyn FnMut(&Step<'_, R::State>) -> F,
) -> Result<Summary, ReplayError> {
    // The driver is generic over its observer: the call to this closure
    // is static, and only `observe` itself is called through a pointer.
    let mut observe = |step: &Step<'_, R::State>| observe(step).flow();
    replay_observing(rules, game, Some(&mut observe))
}

/// Checks `game` under `rules` as [`replay_with`] does, with no one to show
/// the turns to (which saves building each step).
///
/// # Errors
/// The first mistake in the record.
pub fn validate_with<R: Rules>(rules: &R, game: &Game) -> Result<Summary, ReplayError> {
    replay_observing(rules, game, None::<&mut NoObserver<R::State>>)
}

/// The type of the observer [`validate_with`] does not have.
type NoObserver<S> = fn(&Step<'_, S>) -> ControlFlow<()>;

/// [`replay_with`], with or without an observer.
fn replay_observing<R: Rules, O: FnMut(&Step<'_, R::State>) -> ControlFlow<()>>(
    rules: &R,
    game: &Game,
    observe: Option<&mut O>,
) -> Result<Summary, ReplayError> {
    let mut state = rules.setup(game)?;
    let mut replaying = Replaying {
        rules,
        summary: Summary {
            turns: 0,
            variation_turns: 0,
            winners: None,
            stopped: false,
        },
        observe,
    };
    let flow = walk::<Read, _>(&mut replaying, &mut state, &game.line);
    let mut summary = replaying.summary;
    summary.winners = rules.winners(&state);
    summary.stopped = match flow {
        ControlFlow::Continue(()) => false,
        ControlFlow::Break(Halt::Stopped) => true,
        ControlFlow::Break(Halt::Mistake(e)) => return Err(e),
    };
    if !summary.stopped {
        check_outcome(game, &game.outcome, summary.winners.as_deref())?;
    }
    Ok(summary)
}

/// Checks and plays the main-line turns of `line` from `state`, the first
/// numbered `first` unless written, as [`validate_with`] does, counting
/// them in `summary`: the check of a record handed over a part at a time
/// (`stream`).
pub fn validate_part<R: Rules>(
    rules: &R,
    state: &mut R::State,
    line: &Line,
    first: u32,
    summary: &mut Summary,
) -> Result<(), ReplayError> {
    let mut replaying = Replaying {
        rules,
        summary: summary.clone(),
        observe: None::<&mut NoObserver<R::State>>,
    };
    let flow = walk_from::<Read, _>(&mut replaying, state, line, first);
    *summary = replaying.summary;
    match flow {
        ControlFlow::Break(Halt::Mistake(e)) => Err(e),
        ControlFlow::Continue(()) | ControlFlow::Break(Halt::Stopped) => Ok(()),
    }
}

/// Why a replay stops before the end of the record.
enum Halt {
    /// A mistake of the record.
    Mistake(ReplayError),
    /// The observer stopped it.
    Stopped,
}

/// The replay, as a visitor of the record's turns.
struct Replaying<'r, 'o, R, O> {
    rules: &'r R,
    summary: Summary,
    /// Shown the turns of the main line (a variation always plays to its
    /// end).
    observe: Option<&'o mut O>,
}

impl<R: Rules, O: FnMut(&Step<'_, R::State>) -> ControlFlow<()>> Visitor<Read>
    for Replaying<'_, '_, R, O>
{
    type Position<'p> = R::State;
    type Stop = Halt;
    type Kept = ();

    #[inline]
    fn branch(&mut self, state: &R::State) -> R::State {
        state.clone()
    }

    fn too_deep(&mut self, span: Span) -> ControlFlow<Halt> {
        ControlFlow::Break(Halt::Mistake(too_deep(span)))
    }

    #[inline]
    fn number(
        &mut self,
        turn: &Turn,
        _: Option<&Turn>,
        expected: u32,
    ) -> ControlFlow<Halt, (u32, ())> {
        if turn.number != expected {
            return ControlFlow::Break(Halt::Mistake(cold(|| misnumbered(turn, expected))));
        }
        ControlFlow::Continue((expected, ()))
    }

    #[inline]
    fn play(
        &mut self,
        state: &mut R::State,
        turn: &mut &Turn,
        at: At<'_, ()>,
    ) -> ControlFlow<Halt> {
        let (rules, turn) = (self.rules, *turn);
        if rules.is_over(state) {
            return ControlFlow::Break(Halt::Mistake(cold(|| {
                after_end(turn, &rules.winners(state).unwrap_or_default())
            })));
        }
        if let Err(e) = rules.play(state, turn) {
            return ControlFlow::Break(Halt::Mistake(cold(|| refused(e, turn))));
        }
        if at.depth > 0 {
            self.summary.variation_turns += 1;
            return ControlFlow::Continue(());
        }
        self.summary.turns += 1;
        if let Some(observe) = self.observe.as_deref_mut() {
            let flow = observe(&Step {
                index: at.number,
                turn,
                state,
            });
            if flow.is_break() {
                return ControlFlow::Break(Halt::Stopped);
            }
        }
        ControlFlow::Continue(())
    }
}

/// The mistake of `turn`, numbered otherwise than the `expected` number
/// the turns before it in its line give it. The error's turn is the
/// turn's place, as for every other kind; the number as written is in the
/// message.
pub fn misnumbered(turn: &Turn, expected: u32) -> ReplayError {
    ReplayError::new(
        ErrorKind::TurnNumber,
        turn.span,
        format!("turn numbered {} is turn {expected}", turn.number),
    )
    .in_turn(expected, &turn.head.seat)
}

/// The mistake of `turn`, played once the game is over, won by `winners`.
pub fn after_end(turn: &Turn, winners: &[Seat]) -> ReplayError {
    ReplayError::new(
        ErrorKind::AfterEnd,
        turn.head.span,
        format!("the game is over: {} won", winners.join("+")),
    )
    .in_turn(turn.number, &turn.head.seat)
}

/// `e`, the rules' refusal of `turn`, as the replay reports it: in the
/// turn, the legal moves nearest the written ones first.
pub fn refused(e: ReplayError, turn: &Turn) -> ReplayError {
    let mut e = e.in_turn(turn.number, &turn.head.seat);
    nearest_first(&mut e.legal, &turn.actions);
    e
}

/// The mistake of a line nested deeper than [`crate::walk::MAX_DEPTH`],
/// its first turn at `span`: the replay does not walk it.
pub fn too_deep(span: Span) -> ReplayError {
    ReplayError::new(ErrorKind::IllegalMove, span, "variations nested too deeply")
}

/// Checks the result token against the position, and the `Result` tag (if
/// any) against the token: the first mistake.
pub fn check_outcome(
    game: &Game,
    outcome: &Outcome,
    winners: Option<&[Seat]>,
) -> Result<(), ReplayError> {
    match outcome_errors(game, outcome, Some(winners))
        .into_iter()
        .next()
    {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The mistakes of the result: the token against the position's `winners`
/// (not checked when `None`: the position is not known), and the `Result`
/// tag (if any) against the token.
pub fn outcome_errors(
    game: &Game,
    outcome: &Outcome,
    winners: Option<Option<&[Seat]>>,
) -> Vec<ReplayError> {
    let mut errors = Vec::new();
    let written: Vec<&str> = outcome.winners.iter().map(|s| s.as_str()).collect();
    match winners {
        Some(None) if !written.is_empty() => errors.push(ReplayError::new(
            ErrorKind::Result,
            outcome.span,
            format!(
                "the result says {} won, but the game is not over",
                written.join("+")
            ),
        )),
        // `*` is "unfinished or unknown": a referee may not know, or may
        // not have written, who won a finished game.
        Some(Some(w)) if !written.is_empty() && !same_seats(w, &written) => {
            errors.push(ReplayError::new(
                ErrorKind::Result,
                outcome.span,
                format!(
                    "the result says {}, but {} won",
                    outcome.token(),
                    w.join("+")
                ),
            ))
        }
        _ => {}
    }
    if let Some(tag) = game.tag_entry("Result") {
        let token = outcome.tag_value();
        // The tag may be written like the token (`=R+G`) or without the
        // `=` (`R+G`, the canonical spelling).
        let value = tag.value.trim();
        let value = value.strip_prefix('=').unwrap_or(value);
        let tag_seats: Vec<&str> = value.split('+').map(str::trim).collect();
        let same = if outcome.winners.is_empty() {
            value == "*"
        } else {
            same_seats_str(&tag_seats, &written)
        };
        if !same {
            errors.push(ReplayError::new(
                ErrorKind::Result,
                tag.span,
                format!(
                    "the Result tag says \"{}\" but the movetext ends with {}",
                    tag.value, token
                ),
            ));
        }
    }
    errors
}

fn same_seats(a: &[Seat], b: &[&str]) -> bool {
    let a: Vec<&str> = a.iter().map(|s| s.as_str()).collect();
    same_seats_str(&a, b)
}

fn same_seats_str(a: &[&str], b: &[&str]) -> bool {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// What `billes_core::replay` shows its observer after each main-line turn.
#[derive(Debug)]
pub struct Observed<'a> {
    /// 1-based index of the turn.
    pub index: u32,
    /// The turn as written.
    pub turn: &'a Turn,
    /// The position after the turn.
    pub board: &'a dyn TextBoard,
}

impl std::fmt::Debug for dyn TextBoard + '_ {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TextBoard")
    }
}
