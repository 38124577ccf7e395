//! [`Race`]: the rules of a race game written as data, one type for
//! every loaded `game.yaml`, implementing the game API as the compiled
//! games do.

use billes_game::describe::wins;
use billes_game::game::{self, seat_error, GameRules, Move, Next, PlayError, Roll};
use billes_game::variant::{BoardView, Field, FieldKind, Hook, Hooks, MoveKind, MoveView, Verdict};
use billes_game::{ChangeError, ErrorKind, GameKind, ParamsError, ReplayError};
use billes_notation::{Action, Brief, Game, PairBrief, Seat, Span, Turn};
use serde::Deserialize;

use crate::board::Board;
use crate::def::{Capture, Compulsory, ExtraRoll, OwnStack};
use crate::state::{self, State};
use crate::turn::{self, Choice, Choices};
use crate::two_dice::{self, written, Part};

/// The rules of one race game: its board and turn rules, as loaded (and a
/// variant's parameters applied).
#[derive(Debug, Clone)]
pub struct Race {
    board: &'static Board,
}

/// What a variant of a race game may change: the turn's rules, each field
/// as in `game.yaml`'s `flow` (unset: the game's own).
///
/// ```lua
/// return {
///   name = "ludo-winner-stops",
///   game = "ludo",
///   params = { play_on = false },
/// }
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The die values that bring a piece in.
    pub enter_on: Option<Vec<u32>>,
    /// When a roll gives another (`six` or `none`).
    pub extra_roll_on: Option<ExtraRoll>,
    /// How many extra rolls in a row a seat may earn.
    pub extra_rolls_limit: Option<u32>,
    /// What landing on a rival does (`land` or `none`).
    pub capture: Option<Capture>,
    /// Whether a seat's pieces may share a point (`none` or `blockade`).
    pub own_stack: Option<OwnStack>,
    /// Whether the goal is reached only by the exact count.
    pub exact_finish: Option<bool>,
    /// What a player must do when able.
    pub compulsory: Option<Vec<Compulsory>>,
    /// The rolls a seat with no piece that can move has to bring one in.
    pub tries: Option<u32>,
    /// Whether a piece may pass over pieces in its home column.
    pub jump_home: Option<bool>,
    /// Whether play goes on for the places after the first finishes.
    pub play_on: Option<bool>,
    /// How many pieces of each seat start on its entry point.
    pub start_out: Option<u32>,
    /// Whether the two dice's total also brings a piece in.
    pub enter_with_total: Option<bool>,
    /// Whether an entering piece captures on its safe entry point.
    pub capture_on_entry: Option<bool>,
    /// What the roll past the extra rolls allowed does (`void` or
    /// `back_nearest`).
    pub over_limit: Option<crate::def::OverLimit>,
    /// When a double gives the bottoms too (`never` or `all_out`).
    pub bottoms: Option<crate::def::Bottoms>,
    /// The bonus moves earned (`{ capture = 20, home = 10 }`).
    pub bonus: Option<crate::def::Bonus>,
}

impl Race {
    /// The rules of the loaded game `board`.
    pub fn new(board: &'static Board) -> Race {
        Race { board }
    }

    /// The rules of the loaded game called `name`.
    pub fn named(name: &str) -> Option<Race> {
        crate::table::named(name).map(Race::new)
    }

    /// The board.
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// Whether the game rolls two dice (Parcheesi): its turns are complete
    /// turns of several parts ([`crate::two_dice`]).
    pub fn two_dice(&self) -> bool {
        self.board.def.dice.count == 2
    }

    /// The seat in play of `seat`, which must be the one to roll, and the
    /// roll as a die face.
    fn check_head(&self, state: &State, turn: &Turn) -> Result<(usize, u8), ReplayError> {
        let i = self.check_seat(state, turn)?;
        Ok((i, game::die_roll(turn)?))
    }

    /// The seat in play of the turn's head, which must be the one to roll.
    fn check_seat(&self, state: &State, turn: &Turn) -> Result<usize, ReplayError> {
        let head = &turn.head;
        let here = |e: ReplayError| ReplayError {
            span: head.span,
            ..e
        };
        if state.is_over() {
            let winners = self.winners(state).unwrap_or_default();
            return Err(here(billes_game::replay::after_end(turn, &winners)));
        }
        if let Some(mover) = head.mover {
            return Err(ReplayError::new(
                ErrorKind::Seat,
                head.span,
                format!(
                    "{} is played alone: {} cannot roll for {mover}",
                    self.board.kind, head.seat
                ),
            ));
        }
        to_roll(state, head.seat).ok_or_else(|| here(seat_error(&head.seat, &self.next(state))))
    }

    /// The seat, roll and choice of the turn `brief` stands for, as
    /// [`GameRules::play`] reads that turn without hooks; `None` where
    /// [`GameRules::play_brief`] refuses it: a game of two dice, a game
    /// over, a seat not to roll, a roll no die shows, a barricade, and
    /// what the fast path of the checker leaves to the list
    /// ([`turn::quick_brief`]).
    ///
    /// Inlined, as [`turn::quick_brief`]: its answer is then not handed
    /// back through memory (a stall measured at a sixth of a turn's play).
    #[inline(always)]
    fn brief_turn(&self, state: &State, brief: &Brief) -> Option<(usize, u8, Choice)> {
        if self.two_dice() || state.is_over() || brief.put_down.is_some() {
            return None;
        }
        let i = to_roll(state, brief.seat)?;
        let roll = brief.roll.filter(|r| (1..=6).contains(r))?;
        Some((i, roll, turn::quick_brief(state, (i, roll), brief.action)?))
    }

    /// The choices `roll` gives seat `i` in the turn numbered `number`,
    /// those a variant's `allow` hook forbids left out (a pass when none is
    /// left).
    fn allowed<H: Hooks>(
        &self,
        state: &State,
        (i, roll): (usize, u8),
        number: u32,
        hooks: &H,
    ) -> Result<Choices, ReplayError> {
        let listed = turn::choices(state, i, roll);
        if !hooks.calls(Hook::Allow) {
            return Ok(listed);
        }
        let mut out = Choices::new();
        for c in listed.iter().copied() {
            if c == Choice::Pass {
                out.push(c);
                continue;
            }
            match hooks.verdict(|| move_view(state, i, roll, number, c)) {
                Ok(Verdict::Allow) => out.push(c),
                Ok(Verdict::Forbid(_)) => {}
                Err(e) => return Err(e.at(Span::default())),
            }
        }
        if out.is_empty() {
            out.push(Choice::Pass);
        }
        Ok(out)
    }

    /// A turn of one die as the fast path of the checker settles it
    /// ([`turn::quick_choice`]): its seat, roll and choice; `None` when the
    /// head is wrong, the turn is not one action, or the fast path leaves it
    /// to the list of moves.
    fn quick_turn(&self, state: &State, turn: &Turn) -> Option<(usize, u8, Choice)> {
        let (i, roll) = self.check_head(state, turn).ok()?;
        let [action] = turn.actions.as_slice() else {
            return None;
        };
        let choice = turn::quick_choice(state, (i, roll), action)?;
        Some((i, roll, choice))
    }

    /// The written turn's choice, checked against the roll's.
    fn read_turn<H: Hooks>(
        &self,
        state: &State,
        turn: &Turn,
        hooks: &H,
    ) -> Result<(usize, u8, Choice), ReplayError> {
        let (i, roll) = self.check_head(state, turn)?;
        if let ([action], false) = (turn.actions.as_slice(), hooks.calls(Hook::Allow)) {
            if let Some(c) = turn::quick_choice(state, (i, roll), action) {
                return Ok((i, roll, c));
            }
        }
        let listed = self
            .allowed(state, (i, roll), turn.number, hooks)
            .map_err(|e| ReplayError {
                span: turn.head.span,
                ..e
            })?;
        let legal = || {
            let mut legal: Vec<String> = listed
                .iter()
                .map(|c| c.action(state, i).to_string())
                .collect();
            billes_game::error::nearest_first(&mut legal, &turn.actions);
            legal
        };
        let mut actions = turn.actions.iter();
        let Some(first) = actions.next() else {
            return Err(ReplayError::new(
                ErrorKind::IllegalMove,
                turn.span,
                "the turn has no move",
            ));
        };
        let choice = turn::read_action(state, (i, roll), &listed, first, legal)?;
        if let Some(more) = actions.next() {
            return Err(ReplayError::new(
                ErrorKind::IllegalMove,
                more.span(),
                format!("a turn is one move, an entry or --: {more} is one action too many"),
            )
            .with_legal(legal()));
        }
        Ok((i, roll, choice))
    }
}

/// Games of two dice: complete turns of several parts.
impl Race {
    /// The `allow` question of a variant for each part of seat `i`'s
    /// turn numbered `number` (every part allowed without the hook).
    fn part_allowed<'h, H: Hooks>(
        i: usize,
        number: u32,
        hooks: &'h H,
    ) -> impl FnMut(&State, Part) -> Result<bool, ReplayError> + 'h {
        let calls = hooks.calls(Hook::Allow);
        move |state: &State, part: Part| {
            if !calls {
                return Ok(true);
            }
            match hooks.verdict(|| part_view(state, i, number, part)) {
                Ok(Verdict::Allow) => Ok(true),
                Ok(Verdict::Forbid(_)) => Ok(false),
                Err(e) => Err(e.at(Span::default())),
            }
        }
    }

    /// The complete turns `roll` gives seat `i`, as moves.
    fn legal_turns<H: Hooks>(
        &self,
        state: &State,
        (i, seat, roll): (usize, Seat, Roll),
        number: u32,
        hooks: &H,
    ) -> Result<Vec<Move>, PlayError> {
        if two_dice::over_limit(state, roll) {
            let pass = Action::Pass {
                span: Span::default(),
            };
            return Ok(vec![Move::new(seat, Some(roll), [pass])]);
        }
        let mut allow = Race::part_allowed(i, number, hooks);
        let turns = two_dice::complete_turns(state, i, roll, &mut allow).map_err(|e| match e {
            two_dice::Search::Failed(e) => PlayError::from_replay(e),
            two_dice::Search::TooMany => PlayError::from_replay(ReplayError::new(
                ErrorKind::IllegalMove,
                Span::default(),
                "the roll has too many ways to be played",
            )),
        })?;
        Ok(written::listed_actions(state, i, &turns)
            .into_iter()
            .map(|actions| Move::new(seat, Some(roll), actions))
            .collect())
    }

    /// Plays the pair brief `brief` of a game of two dice by the written
    /// turn's fast path ([`written::read_brief`]), its marks written to
    /// `marks` when given, and passes the turn on: its roll, `None` (the
    /// state as it was) when the rules refuse it or leave it to the tree.
    fn pair_brief(
        &self,
        state: &mut State,
        brief: &PairBrief,
        marks: Option<&mut Vec<Action>>,
    ) -> Option<Roll> {
        if !self.two_dice() || state.is_over() {
            return None;
        }
        let i = to_roll(state, brief.seat)?;
        let roll = Roll::pair(brief.dice.0, brief.dice.1)?;
        let played = written::read_brief(state, (i, roll), brief.actions(), marks)?;
        written::pass_on(state, i, roll, played, |standard| standard);
        Some(roll)
    }

    /// Plays the written `turn` of a game of two dice, its actions with
    /// their marks written to `marks` when given ([`written::read`]), and
    /// answers its roll.
    fn play_two<H: Hooks>(
        &self,
        state: &mut State,
        turn: &Turn,
        hooks: &H,
        marks: Option<&mut Vec<Action>>,
    ) -> Result<Roll, ReplayError> {
        let i = self.check_seat(state, turn)?;
        let roll = game::dice_roll(turn)?;
        let mut allow = Race::part_allowed(i, turn.number, hooks);
        let allow: Option<&mut written::Allow<'_>> = if hooks.calls(Hook::Allow) {
            Some(&mut allow)
        } else {
            None
        };
        if !hooks.calls(Hook::ExtraTurn) {
            let played = written::read(state, (i, roll), turn, allow, marks)?;
            written::pass_on(state, i, roll, played, |standard| standard);
            return Ok(roll);
        }
        // The hook sees the turn from the position before it.
        let before = state.clone();
        let played = written::read(state, (i, roll), turn, allow, marks)?;
        let view = turn_view(&before, i, roll, turn.number);
        asking_extra_turn(hooks, &view, turn.head.span, |decide| {
            written::pass_on(state, i, roll, played, decide);
        })?;
        Ok(roll)
    }
}

// The drivers' traits, from the game's `GameRules`.
billes_game::plug_in!(Race);

impl GameRules for Race {
    type State = State;
    type Params = Params;
    /// Not a game's name (a name of a game has no space): the engine is
    /// listed by the games it has loaded ([`GameRules::kinds`]).
    const NAME: &'static str = "race games";

    fn from_params(_params: Params) -> Result<Race, ParamsError> {
        Err(ParamsError(
            "a race game's rules come from its game.yaml: name the game".into(),
        ))
    }

    fn kind(&self) -> GameKind {
        self.board.kind
    }

    fn kinds() -> Vec<GameKind> {
        crate::table::kinds()
    }

    fn kind_named(value: &str) -> Option<GameKind> {
        crate::table::alias(value).map(|b| b.kind)
    }

    fn loaded(kind: GameKind) -> Option<&'static Race> {
        thread_local! {
            /// The game last found on this thread: the registry's dispatch
            /// (`with_kind!`) asks for it again at each turn `billes
            /// export` writes, where two locks and a search by name were a
            /// tenth of the time. A name, once loaded, always names the
            /// same game (the table refuses a second game of that name),
            /// so what is kept here never goes stale.
            static LAST: std::cell::Cell<Option<(GameKind, &'static Race)>> =
                const { std::cell::Cell::new(None) };
        }
        if let Some((last, rules)) = LAST.get() {
            if last == kind {
                return Some(rules);
            }
        }
        let found = loaded_rules(kind)?;
        LAST.set(Some((kind, found)));
        Some(found)
    }

    fn with_params(&self, params: Params) -> Result<Race, ParamsError> {
        let mut flow = self.board.flow.clone();
        let Params {
            enter_on,
            extra_roll_on,
            extra_rolls_limit,
            capture,
            own_stack,
            exact_finish,
            compulsory,
            tries,
            jump_home,
            play_on,
            start_out,
            enter_with_total,
            capture_on_entry,
            over_limit,
            bottoms,
            bonus,
        } = params;
        flow.enter_on = enter_on.unwrap_or(flow.enter_on);
        flow.extra_roll_on = extra_roll_on.unwrap_or(flow.extra_roll_on);
        flow.extra_rolls_limit = extra_rolls_limit.or(flow.extra_rolls_limit);
        flow.capture = capture.unwrap_or(flow.capture);
        flow.own_stack = own_stack.unwrap_or(flow.own_stack);
        flow.exact_finish = exact_finish.unwrap_or(flow.exact_finish);
        flow.compulsory = compulsory.unwrap_or(flow.compulsory);
        flow.tries = tries.unwrap_or(flow.tries);
        flow.jump_home = jump_home.unwrap_or(flow.jump_home);
        flow.play_on = play_on.unwrap_or(flow.play_on);
        flow.start_out = start_out.unwrap_or(flow.start_out);
        flow.enter_with_total = enter_with_total.unwrap_or(flow.enter_with_total);
        flow.capture_on_entry = capture_on_entry.unwrap_or(flow.capture_on_entry);
        flow.over_limit = over_limit.unwrap_or(flow.over_limit);
        flow.bottoms = bottoms.unwrap_or(flow.bottoms);
        flow.bonus = bonus.unwrap_or(flow.bonus);
        crate::table::with_flow(self.board, flow)
            .map(Race::new)
            .map_err(ParamsError)
    }

    fn seats_for(&self, players: usize) -> Option<Vec<&'static str>> {
        let seats = self.board.seating(players)?;
        Some(seats.iter().map(|s| s.as_str()).collect())
    }

    fn seatings(&self) -> Vec<(usize, Option<&'static str>)> {
        self.board
            .seatings
            .iter()
            .map(|(n, _)| (*n, None))
            .collect()
    }

    fn setup(&self, game: &Game) -> Result<State, ReplayError> {
        state::setup(self.board, game)
    }

    fn next(&self, state: &State) -> Next {
        let seats = match (state.is_over(), state.to_move) {
            (true, _) => Vec::new(),
            (false, Some(i)) => vec![state.letter(usize::from(i))],
            (false, None) => state.racing().map(|i| state.letter(i)).collect(),
        };
        Next {
            seats,
            dice: true,
            needs: Vec::new(),
        }
    }

    fn legal_moves<H: Hooks>(
        &self,
        state: &State,
        seat: Seat,
        roll: Option<Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<Move>, PlayError> {
        if state.is_over() {
            return Err(PlayError::GameOver);
        }
        let next = self.next(state);
        let i = match state.seat_of(seat) {
            Some(i) if next.seats.contains(&seat) => i,
            _ => return Err(PlayError::from_replay(seat_error(&seat, &next))),
        };
        let Some(roll) = roll else {
            return Err(PlayError::from_replay(game::roll_error(true)));
        };
        if self.two_dice() != roll.second().is_some() {
            return Err(PlayError::from_replay(ReplayError::new(
                ErrorKind::Roll,
                Span::default(),
                format!(
                    "{} rolls {} a turn, not {roll}",
                    self.board.kind,
                    if self.two_dice() {
                        "two dice"
                    } else {
                        "one die"
                    }
                ),
            )));
        }
        if self.two_dice() {
            return self.legal_turns(state, (i, seat, roll), number, hooks);
        }
        let choices = self
            .allowed(state, (i, roll.get()), number, hooks)
            .map_err(PlayError::from_replay)?;
        Ok(choices
            .iter()
            .map(|c| Move::new(seat, Some(roll), [c.action(state, i)]))
            .collect())
    }

    fn play<H: Hooks>(&self, state: &mut State, turn: &Turn, hooks: &H) -> Result<(), ReplayError> {
        if self.two_dice() {
            return self.play_two(state, turn, hooks, None).map(drop);
        }
        let (i, roll, choice) = self.read_turn(state, turn, hooks)?;
        if !hooks.calls(Hook::ExtraTurn) {
            turn::play(state, i, roll, choice);
            return Ok(());
        }
        // The hook sees the move from the position before it.
        let before = state.clone();
        let view = move_view(&before, i, roll, turn.number, choice);
        asking_extra_turn(hooks, &view, turn.head.span, |decide| {
            turn::play_deciding(state, i, roll, choice, decide);
        })
    }

    /// Briefs of one die: its plainest turns (an entry, a move, a pass)
    /// are played without their tree when `billes validate` and `billes
    /// export` read a game. A game of two dice writes both dice, which the
    /// brief reader leaves to the parser.
    const PLAYS_BRIEFS: bool = true;

    fn play_brief(&self, state: &mut State, brief: &Brief) -> bool {
        let Some((i, roll, choice)) = self.brief_turn(state, brief) else {
            return false;
        };
        turn::play(state, i, roll, choice);
        true
    }

    /// A game of two dice: its turns in a pair brief's shape (most of
    /// Parcheesi's) are played without their tree when `billes validate`
    /// reads a game, by the fast path of the written turn's check alone;
    /// the rest (a turn it leaves to the list of complete turns, a
    /// mistake) are read again as turns.
    fn plays_pair_briefs(&self) -> bool {
        self.two_dice()
    }

    fn play_pair_brief(&self, state: &mut State, brief: &PairBrief) -> bool {
        self.pair_brief(state, brief, None).is_some()
    }

    /// A pair brief played as [`play_pair_brief`](GameRules::play_pair_brief)
    /// plays it, its actions with their marks as [`written::read`] writes
    /// them: one replay plays and completes the turn.
    fn play_pair_brief_completed_into(
        &self,
        state: &mut State,
        brief: &PairBrief,
        complete: &mut Move,
    ) -> bool {
        // The marks are written into the list `complete` held (the list
        // the reader keeps for every turn): no list made and freed a turn.
        let mut marks = std::mem::take(&mut complete.actions).into_vec();
        let played = self.pair_brief(state, brief, Some(&mut marks));
        complete.actions = marks.into();
        let Some(roll) = played else {
            return false;
        };
        complete.seat = brief.seat;
        complete.roll = Some(roll);
        complete.mover = None;
        true
    }

    fn play_brief_completed_into(
        &self,
        state: &mut State,
        brief: &Brief,
        complete: &mut Move,
    ) -> bool {
        let Some((i, roll, choice)) = self.brief_turn(state, brief) else {
            return false;
        };
        complete.seat = brief.seat;
        complete.roll = Roll::new(roll);
        complete.mover = None;
        complete.actions.clear();
        complete.actions.push(choice.action(state, i));
        turn::play(state, i, roll, choice);
        true
    }

    fn winners(&self, state: &State) -> Option<Vec<Seat>> {
        state.winner().map(|w| vec![w])
    }

    fn is_over(&self, state: &State) -> bool {
        state.is_over()
    }

    /// Each seat as it finished; a winner a hook declared alone.
    fn finish_order(&self, state: &State) -> Vec<Vec<Seat>> {
        match state.declared {
            Some(i) => vec![vec![state.letter(usize::from(i))]],
            None => state
                .finished
                .iter()
                .map(|&i| vec![state.letter(usize::from(i))])
                .collect(),
        }
    }

    fn position_tag(&self, state: &State) -> String {
        state::write_position(state)
    }

    fn text_board(&self, state: &State) -> String {
        state::text_board(state)
    }

    fn give_turn(&self, state: &mut State, seat: Seat) -> bool {
        match state.seat_of(seat) {
            Some(i) if !state.is_over() && !state.has_finished(i) => {
                state.to_move = Some(i as u8);
                state.extra = 0;
                state.tries = 0;
                true
            }
            _ => false,
        }
    }

    fn board<'s>(&self, state: &'s State) -> Option<&'s dyn BoardView> {
        Some(state)
    }

    fn describe(&self, before: &State, turn: &Turn, after: &State) -> Vec<String> {
        describe(before, turn, after)
    }

    /// `allow`, asked of each move a roll gives (a move it forbids is not
    /// listed, and the turn is a pass when none is left); `extra_turn`,
    /// asked after each turn that did not finish the seat or void its roll,
    /// with what the rules say (a bonus roll for a capture or a piece home
    /// is a house rule of Ludo); and `winner`, asked after every turn. The
    /// moves and edits of `moves` and `effect` are not offered yet.
    fn hooks() -> &'static [Hook] {
        &[Hook::Allow, Hook::ExtraTurn, Hook::Winner]
    }

    /// `roll`; `from`, the point left (nil for an entry); `to`, the point
    /// landed on; `captures`, the seat whose piece is sent home (nil when
    /// none is), as in the other games.
    fn move_fields() -> &'static [(&'static str, FieldKind)] {
        &[
            ("roll", FieldKind::Number),
            ("from", FieldKind::Name),
            ("to", FieldKind::Name),
            ("captures", FieldKind::Name),
        ]
    }

    /// A turn of two dice in the order written, each part marked as it
    /// plays; a turn of one die as the fast path of the checker reads it
    /// ([`turn::quick_choice`]), leaving what it does not settle to the
    /// list of moves.
    fn complete_turn(&self, state: &State, turn: &Turn) -> Option<Move> {
        if !self.two_dice() {
            let (i, roll, choice) = self.quick_turn(state, turn)?;
            return Some(Move::new(
                turn.head.seat,
                Roll::new(roll),
                [choice.action(state, i)],
            ));
        }
        let i = self.check_seat(state, turn).ok()?;
        let roll = game::dice_roll(turn).ok()?;
        let actions = written::marked(state, (i, roll), turn)?;
        Some(Move::new(turn.head.seat, Some(roll), actions))
    }

    /// A turn of one die that the checker's fast path settles is played
    /// from that one reading, its move completed as [`complete_turn`]
    /// completes it; any other turn is completed, then played.
    ///
    /// [`complete_turn`]: GameRules::complete_turn
    fn play_completed(&self, state: &mut State, turn: &Turn) -> Result<Option<Move>, ReplayError> {
        if self.two_dice() {
            // One replay plays the turn and writes its marks, as
            // `complete_turn` (`written::marked`) writes them.
            let mut actions = Vec::with_capacity(turn.actions.len());
            let roll = self.play_two(
                state,
                turn,
                &billes_game::variant::NoHooks,
                Some(&mut actions),
            )?;
            return Ok(Some(Move::new(turn.head.seat, Some(roll), actions)));
        }
        let Some((i, roll, choice)) = self.quick_turn(state, turn) else {
            // Not settled without the list: completed by it, so none here.
            self.play(state, turn, &billes_game::variant::NoHooks)?;
            return Ok(None);
        };
        let complete = Move::new(turn.head.seat, Roll::new(roll), [choice.action(state, i)]);
        turn::play(state, i, roll, choice);
        Ok(Some(complete))
    }

    fn declare_winner(&self, state: &mut State, seat: Seat) -> Result<(), ChangeError> {
        let i = state
            .seat_of(seat)
            .ok_or_else(|| ChangeError(format!("\"{seat}\", no seat in play")))?;
        state.declared = Some(i as u8);
        state.to_move = None;
        Ok(())
    }
}

/// The rules of the loaded game `kind`, made once per game and kept for
/// the process (what [`GameRules::loaded`] finds when its last answer
/// is not the one asked for).
fn loaded_rules(kind: GameKind) -> Option<&'static Race> {
    static RULES: std::sync::OnceLock<std::sync::RwLock<Vec<&'static Race>>> =
        std::sync::OnceLock::new();
    let board = crate::table::find(kind)?;
    let rules = RULES.get_or_init(Default::default);
    if let Some(r) = rules
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|r| std::ptr::eq(r.board, board))
    {
        return Some(r);
    }
    let mut write = rules.write().unwrap_or_else(|e| e.into_inner());
    // One per loaded game, and the games loaded are bounded
    // (`table::MAX_GAMES`).
    let made: &'static Race = Box::leak(Box::new(Race::new(board)));
    write.push(made);
    Some(made)
}

/// The seat in play of `seat` when it is the one to roll: the seat to
/// move, or, once the rules have no seat to move (a record set up without
/// one), any seat still racing.
fn to_roll(state: &State, seat: Seat) -> Option<usize> {
    match (state.seat_of(seat), state.to_move) {
        (Some(i), Some(m)) if usize::from(m) == i => Some(i),
        (Some(i), None) if !state.has_finished(i) => Some(i),
        _ => None,
    }
}

/// Runs `play` with the decision of a variant's `extra_turn` hook, shown
/// `view` and given what the rules say; a failure of the hook is the
/// turn's error, placed at `span` (the rules' answer stands meanwhile).
fn asking_extra_turn<H: Hooks>(
    hooks: &H,
    view: &MoveView<'_>,
    span: Span,
    play: impl FnOnce(&mut dyn FnMut(bool) -> bool),
) -> Result<(), ReplayError> {
    let mut failed = None;
    play(&mut |standard| {
        hooks.extra_turn(view, standard).unwrap_or_else(|e| {
            failed = Some(e);
            standard
        })
    });
    match failed {
        Some(e) => Err(e.at(span)),
        None => Ok(()),
    }
}

/// The move `c` of seat `i` with `roll` as a variant's `allow` hook sees it.
fn move_view(state: &State, i: usize, roll: u8, number: u32, c: Choice) -> MoveView<'_> {
    let (kind, steps) = match c {
        Choice::Enter { .. } => (MoveKind::Enter, (None, Some(0))),
        Choice::Advance { from, to, .. } => (
            MoveKind::Move,
            (Some(usize::from(from)), Some(usize::from(to))),
        ),
        Choice::Pass => (MoveKind::Pass, (None, None)),
    };
    let seen = Seen {
        kind,
        value: u32::from(roll),
        steps,
        capture: c.capture(),
    };
    view(state, i, number, seen)
}

/// A part of seat `i`'s turn as a variant's `allow` hook sees it: `roll`
/// is the value it uses (a die, the dice's total, a bonus).
fn part_view(state: &State, i: usize, number: u32, part: Part) -> MoveView<'_> {
    let (kind, steps) = match part {
        Part::Enter { .. } => (MoveKind::Enter, (None, Some(0))),
        Part::Move { from, to, .. } => (MoveKind::Move, (Some(from), Some(to))),
        Part::Forfeit { .. } => (MoveKind::Pass, (None, None)),
    };
    let seen = Seen {
        kind,
        value: part.value(),
        steps,
        capture: part.capture(),
    };
    view(state, i, number, seen)
}

/// A whole turn of two dice as a variant's `extra_turn` hook sees it: a
/// move with the first die as its roll.
fn turn_view(state: &State, i: usize, roll: Roll, number: u32) -> MoveView<'_> {
    let seen = Seen {
        kind: MoveKind::Move,
        value: u32::from(roll.get()),
        steps: (None, None),
        capture: None,
    };
    view(state, i, number, seen)
}

/// What a hook is shown of a move.
struct Seen {
    kind: MoveKind,
    /// The roll, or the value a part uses.
    value: u32,
    /// The steps of the seat's path it leaves and lands on.
    steps: (Option<usize>, Option<usize>),
    /// The rival piece it captures.
    capture: Option<(usize, usize)>,
}

/// The move `seen` of seat `i`, in the turn numbered `number`, with the
/// fields of [`GameRules::move_fields`].
fn view(state: &State, i: usize, number: u32, seen: Seen) -> MoveView<'_> {
    let board = state.board;
    let path = &board.paths[state.board_seat(i)];
    let name = |step: Option<usize>| step.map(|s| board.points[usize::from(path[s])].as_str());
    MoveView::new(
        number,
        board.seats[state.board_seat(i)].as_str(),
        seen.kind,
        state,
        <Race as GameRules>::move_fields(),
        [
            Field::Number(Some(seen.value)),
            Field::Name(name(seen.steps.0)),
            Field::Name(name(seen.steps.1)),
            Field::Name(
                seen.capture
                    .map(|(j, _)| state.board.seats[state.board_seat(j)].as_str()),
            ),
        ],
    )
}

/// What a turn did, in words: "entered on t1", "moved from t5 to t9",
/// "captured G's piece", "reached the goal", "finished", "a third 6 is
/// void", "R wins".
fn describe(before: &State, turn: &Turn, after: &State) -> Vec<String> {
    let mut out = Vec::new();
    let Some(i) = before.seat_of(turn.head.seat) else {
        return out;
    };
    let roll = turn.head.roll.unwrap_or(0) as u8;
    if before.board.def.dice.count == 2 {
        out.extend(describe_parts(before, i, turn));
    } else {
        out.extend(describe_action(before, i, roll, turn.actions.first()));
    }
    out.extend(describe_outcome(before, i, turn, after));
    out
}

/// The parts of a turn of two dice, in words: each entry and move (a
/// bonus move says its bonus), or the third double's penalty.
fn describe_parts(before: &State, i: usize, turn: &Turn) -> Vec<String> {
    let board = before.board;
    let b = before.board_seat(i);
    let roll = billes_game::game::Roll::of_head(&turn.head);
    if roll.is_some_and(|r| two_dice::over_limit(before, r)) {
        return vec![match two_dice::nearest(before, i)
            .filter(|_| board.flow.over_limit == crate::def::OverLimit::BackNearest)
        {
            Some(k) => format!(
                "a third double in a row: the piece on {} goes back to the yard",
                before
                    .point_of(i, before.pieces(i)[k])
                    .map_or_else(String::new, |p| board.name(p).to_string())
            ),
            None => "a third double in a row: the roll is void".to_owned(),
        }];
    }
    let step = |n: &billes_notation::Name| board.point_named(*n).and_then(|p| board.step_of(b, p));
    let largest_die = 6;
    turn.actions
        .iter()
        .filter_map(|a| match a {
            Action::Pass { .. } => Some("no move".to_owned()),
            Action::Place { .. } => Some(format!("entered on {}", board.name(board.paths[b][0]))),
            Action::Move { path, .. } => {
                let (a, z) = (path.first()?, path.last()?);
                match step(a).zip(step(z)) {
                    Some((from, to)) if to > from + largest_die => {
                        Some(format!("moved from {a} to {z} (a bonus of {})", to - from))
                    }
                    _ => Some(format!("moved from {a} to {z}")),
                }
            }
            _ => None,
        })
        .collect()
}

/// The one action of a turn of one die, in words.
fn describe_action(before: &State, i: usize, roll: u8, action: Option<&Action>) -> Vec<String> {
    let mut out = Vec::new();
    match action {
        Some(Action::Pass { .. }) if turn::is_void(before, roll) => {
            out.push("a 6 too many in a row: the roll is void".to_owned())
        }
        Some(Action::Pass { .. }) => out.push("no move".to_owned()),
        Some(Action::Place { .. }) => {
            let entry = before
                .board
                .name(before.board.paths[before.board_seat(i)][0]);
            out.push(format!("entered on {entry}"));
        }
        Some(Action::Move { path, .. }) => {
            if let (Some(a), Some(b)) = (path.first(), path.last()) {
                out.push(format!("moved from {a} to {b}"));
            }
        }
        _ => {}
    }
    out
}

/// What a turn did to the race: captures, pieces home, a seat finished,
/// the winner, the places.
fn describe_outcome(before: &State, i: usize, turn: &Turn, after: &State) -> Vec<String> {
    let mut out = Vec::new();
    for j in 0..before.seats.len() {
        let out_of = |s: &State| s.pieces(j).iter().filter(|&&s| s >= 0).count();
        let lost = out_of(before).saturating_sub(out_of(after));
        if j != i && lost == 1 {
            out.push(format!("captured {}'s piece", before.letter(j)));
        } else if j != i && lost > 1 {
            out.push(format!("captured {lost} of {}'s pieces", before.letter(j)));
        }
    }
    let home = |s: &State| {
        let b = s.board_seat(i);
        s.pieces(i)
            .iter()
            .filter(|&&p| p >= 0 && s.board.is_home(b, p as usize))
            .count()
    };
    if home(after) > home(before) {
        out.push("reached home".to_owned());
    }
    let done = |s: &State| s.has_finished(i);
    if done(after) && !done(before) && after.winner() != Some(turn.head.seat) {
        out.push(format!("finished, place {}", after.finished.len()));
    }
    let winners = |s: &State| s.winner().map(|w| vec![w]);
    out.extend(wins(winners(before), winners(after)));
    if after.is_over() && !before.is_over() && winners(before).is_some() {
        // The end of play for the places: the winner first.
        let places: Vec<String> = after
            .finished
            .iter()
            .map(|&f| after.letter(usize::from(f)).to_string())
            .chain(after.racing().map(|r| after.letter(r).to_string()))
            .collect();
        out.push(format!(
            "{} won; the places: {}",
            places[0],
            places.join(", ")
        ));
    }
    out
}
