//! [`GameRules`]: the one trait a game implements.
//!
//! A game is its rules type and this trait: how a record's tags set a
//! position up, who acts next, the legal moves of a roll, the checker of a
//! written turn, the winners, the `Position` tag and the text board.
//! Everything else has a provided method the game may override: the
//! hooks' view of a position, a random simulator, what a turn did in words
//! (nothing), the hooks a house rule may add. The traits the drivers use
//! ([`crate::Rules`], [`crate::Describe`], and for a game in the registry
//! [`MoveRules`](super::MoveRules)) come from it by one line of the game's
//! crate, [`plug_in!`](crate::plug_in); `billes_core::hooked::HookedRules`
//! comes with every game. `docs/adding-a-game.md` walks through a new game.

use billes_notation::{Game, Line, Outcome, Seat, Span, Turn};
use serde::de::DeserializeOwned;

use super::{Move, Next, PlayError, Roll, TwoStep};
use crate::columns::{TurnCells, TurnColumn};
use crate::edit::{Edit, EditOp};
use crate::rng::Rng;
use crate::variant::{BoardView, FieldKind, Hook, HookError, Hooks, QueryKind};
use crate::ReplayError;

/// A game's rules: the one trait a game implements (eleven required
/// items; the rest provided).
///
/// The methods that take [`Hooks`] are the game's own rules with a house
/// rule's hooks asked at their points; with [`crate::variant::NoHooks`]
/// every hook call compiles away.
pub trait GameRules: Clone + std::fmt::Debug + 'static {
    /// The position, with whatever the rules need to know about what comes
    /// next (seat to move, held barricade, pending re-placement...).
    type State: Clone + 'static;

    /// The parameters a variant may set, read from its `params` table
    /// (`Default`: the standard game).
    type Params: DeserializeOwned + Default;

    /// The name used in `Game` tags.
    const NAME: &'static str;

    /// Whether a turn starts with a roll of the die.
    const HAS_DICE: bool = true;

    /// The game, as the verbs name it: [`NAME`](GameRules::NAME) and
    /// [`HAS_DICE`](GameRules::HAS_DICE). Not to be overridden.
    const KIND: crate::GameKind = crate::GameKind::new(Self::NAME, Self::HAS_DICE);

    /// The seat letters, in the order [`simulate`](GameRules::simulate)'s
    /// default seats them.
    const SEATS: &'static [&'static str] = &["R", "G", "Y", "B"];

    /// The seatings (players, teams) a variant of the game is tried under
    /// by `billes rules check`.
    const SEATINGS: &'static [(usize, Option<&'static str>)] = &[(2, None)];

    /// Whether a move of the game may end putting barricades down on
    /// points of the mover's choice (`#a2`), one legal move per choice: a
    /// program that looks a move up then reads the legal moves in two
    /// steps ([`legal_two_steps`](GameRules::legal_two_steps), which such
    /// a game gives without a move per point), and the whole list
    /// otherwise. False by default (the conformance kit checks that such a
    /// game lists no move that puts one down).
    const PUTS_DOWN: bool = false;

    /// The game's own columns in the `turns` table of `billes export`,
    /// beyond those every game's turns have ([`crate::columns`]): none by
    /// default. At most [`MAX_TURN_COLUMNS`](crate::columns::MAX_TURN_COLUMNS).
    const TURN_COLUMNS: &'static [TurnColumn] = &[];

    /// The rules with `params`.
    ///
    /// # Errors
    /// When the parameters describe no playable game.
    fn from_params(params: Self::Params) -> Result<Self, crate::ParamsError>;

    /// The game these rules are for: [`KIND`](GameRules::KIND), unless the
    /// type plays many games (an engine of games written as data answers
    /// with the one these rules were loaded for).
    fn kind(&self) -> crate::GameKind {
        Self::KIND
    }

    /// The games this type plays besides [`KIND`](GameRules::KIND): none
    /// for a compiled game; an engine of games written as data lists those
    /// it has loaded, which the registry offers with the compiled ones.
    fn kinds() -> Vec<crate::GameKind> {
        Vec::new()
    }

    /// The game a `Game` tag value other than a game's name stands for:
    /// none for a compiled game; an engine of games written as data
    /// answers for a game's folder a record named by its path.
    fn kind_named(value: &str) -> Option<crate::GameKind> {
        let _ = value;
        None
    }

    /// The standard rules of `kind`, one of [`kinds`](GameRules::kinds)
    /// (`None` for any other, and for a compiled game, whose standard
    /// rules are [`from_params`](GameRules::from_params) of the defaults).
    /// The registry's dispatch (`with_kind!`) asks it at each call, which
    /// `billes export` makes at each turn: an engine answers the game it
    /// answered last without a lock or a search.
    fn loaded(kind: crate::GameKind) -> Option<&'static Self> {
        let _ = kind;
        None
    }

    /// These rules with `params` (a variant's): by default
    /// [`from_params`](GameRules::from_params), the game being the type's
    /// one; an engine of many games keeps the game of `self`.
    ///
    /// # Errors
    /// When the parameters describe no playable game.
    fn with_params(&self, params: Self::Params) -> Result<Self, crate::ParamsError> {
        Self::from_params(params)
    }

    /// The seats the default simulator seats for `players` players, in
    /// playing order (`None`: the game is not for that many): the first
    /// of [`SEATS`](GameRules::SEATS) unless the game's own say otherwise.
    fn seats_for(&self, players: usize) -> Option<Vec<&'static str>> {
        Self::SEATS.get(..players).map(<[_]>::to_vec)
    }

    /// The seatings `billes rules check` tries a variant under:
    /// [`SEATINGS`](GameRules::SEATINGS) unless the game's own say
    /// otherwise.
    fn seatings(&self) -> Vec<(usize, Option<&'static str>)> {
        Self::SEATINGS.to_vec()
    }

    /// The start position from the record's tags (`Seats`, `Teams`,
    /// `Position`...).
    ///
    /// # Errors
    /// A [`crate::ErrorKind::Tag`] error when a tag is missing or wrong.
    fn setup(&self, game: &Game) -> Result<Self::State, ReplayError>;

    /// Who takes the next turn and what it involves.
    fn next(&self, state: &Self::State) -> Next;

    /// Every legal move of `seat` with `roll` under `hooks` (the written
    /// turn being numbered `number`), in a fixed order; a pass (`--`) when
    /// nothing can be done.
    ///
    /// # Errors
    /// When `seat` may not act, the roll does not fit the game, or a hook fails.
    fn legal_moves<H: Hooks>(
        &self,
        state: &Self::State,
        seat: Seat,
        roll: Option<Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<Move>, PlayError>;

    /// [`GameRules::legal_moves`] seen in two steps
    /// ([`crate::game::Position::legal_two_steps`]); by default
    /// [`TwoStep::group`] of the list.
    ///
    /// # Errors
    /// As [`GameRules::legal_moves`].
    fn legal_two_steps<H: Hooks>(
        &self,
        state: &Self::State,
        seat: Seat,
        roll: Option<Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<TwoStep>, PlayError> {
        Ok(TwoStep::group(GameRules::legal_moves(
            self, state, seat, roll, number, hooks,
        )?))
    }

    /// Checks one written turn (everything but its number: the seat, the
    /// roll, every action and mark) and plays it, under `hooks`. Never
    /// panics, whatever the turn says.
    ///
    /// # Errors
    /// The first thing wrong with the turn; the state is then unspecified.
    fn play<H: Hooks>(
        &self,
        state: &mut Self::State,
        turn: &Turn,
        hooks: &H,
    ) -> Result<(), ReplayError>;

    /// Whether [`play_brief`](GameRules::play_brief) plays briefs: the
    /// check of a valid game as it is read (`billes validate`) then reads
    /// the game's plainest turns as [`Brief`](billes_notation::Brief)s, a
    /// few words each, not as turns of a tree. The default: no.
    const PLAYS_BRIEFS: bool = false;

    /// Plays the turn `brief` stands for as [`play`](GameRules::play)
    /// plays it without hooks: whether it did. `false`, the state left as
    /// it was, for every turn `play` refuses, and for any turn the game
    /// leaves to the tree (a pass, a rare shape): the caller then plays it
    /// as a turn, which tells what was wrong. The conformance kit's
    /// [`briefs`](crate::conformance::briefs) check holds a game that sets
    /// [`PLAYS_BRIEFS`](GameRules::PLAYS_BRIEFS) to that.
    fn play_brief(&self, state: &mut Self::State, brief: &billes_notation::Brief) -> bool {
        let _ = (state, brief);
        false
    }

    /// Plays the turn `brief` stands for as [`play_brief`](GameRules::play_brief)
    /// does, and writes its complete move into `complete` as
    /// [`play_completed_into`](GameRules::play_completed_into) writes that
    /// turn's: whether it did. `false` (the default), the state left as it
    /// was, for every brief `play_brief` refuses and for any the game does
    /// not complete: the caller then plays it as a turn. What `billes
    /// export` makes a game's rows with, without the turn's tree; the
    /// conformance kit's [`briefs`](crate::conformance::briefs) check holds
    /// it to `play_brief` and `play_completed_into`.
    fn play_brief_completed_into(
        &self,
        state: &mut Self::State,
        brief: &billes_notation::Brief,
        complete: &mut Move,
    ) -> bool {
        let _ = (state, brief, complete);
        false
    }

    /// Whether [`play_pair_brief`](GameRules::play_pair_brief) plays the
    /// briefs of a game of two dice, [`PairBrief`](billes_notation::PairBrief)s,
    /// where [`PLAYS_BRIEFS`](GameRules::PLAYS_BRIEFS) is set: a game's
    /// turns are read as briefs of one kind or the other. The default: no.
    fn plays_pair_briefs(&self) -> bool {
        false
    }

    /// [`play_brief`](GameRules::play_brief), for a turn of two dice read
    /// as a [`PairBrief`](billes_notation::PairBrief): plays it as
    /// [`play`](GameRules::play) plays it without hooks, and says whether
    /// it did; `false`, the state left as it was, for every turn `play`
    /// refuses and any the game leaves to the tree. The conformance kit's
    /// [`briefs`](crate::conformance::briefs) check holds it to `play`.
    fn play_pair_brief(&self, state: &mut Self::State, brief: &billes_notation::PairBrief) -> bool {
        let _ = (state, brief);
        false
    }

    /// [`play_brief_completed_into`](GameRules::play_brief_completed_into),
    /// for a turn of two dice read as a [`PairBrief`](billes_notation::PairBrief):
    /// plays it as [`play_pair_brief`](GameRules::play_pair_brief) does and
    /// writes its complete move into `complete` as
    /// [`play_completed_into`](GameRules::play_completed_into) writes that
    /// turn's: whether it did. `false` (the default), the state left as it
    /// was, for every brief `play_pair_brief` refuses and any the game does
    /// not complete. What `billes export` makes the rows of a game of two
    /// dice with; the conformance kit's [`briefs`](crate::conformance::briefs)
    /// check holds it to `play_pair_brief` and `play_completed_into`.
    fn play_pair_brief_completed_into(
        &self,
        state: &mut Self::State,
        brief: &billes_notation::PairBrief,
        complete: &mut Move,
    ) -> bool {
        let _ = (state, brief, complete);
        false
    }

    /// The winning seats, once the game is won.
    fn winners(&self, state: &Self::State) -> Option<Vec<Seat>>;

    /// The position as a `Position` tag value, which set up with the same
    /// `Seats` and `Teams` tags gives the position back.
    fn position_tag(&self, state: &Self::State) -> String;

    /// The position as a plain-text board, ending with a newline (what
    /// `billes replay` prints after each turn).
    fn text_board(&self, state: &Self::State) -> String;

    /// Whether the game is won (asked before every turn: answer without
    /// building the list when the game can).
    fn is_over(&self, state: &Self::State) -> bool {
        self.winners(state).is_some()
    }

    /// The seats that have finished, in the order they finished, each
    /// entry the seats that finished together (partners who won as a
    /// team): what a game's placings start from ([`crate::placing`]). The
    /// default: the winners, once the game is won. A game that plays on
    /// for the places after the winner lists each seat as it finishes.
    fn finish_order(&self, state: &Self::State) -> Vec<Vec<Seat>> {
        self.winners(state).into_iter().collect()
    }

    /// The seat the rules call on next: the first of [`GameRules::next`]'s.
    fn to_act(&self, state: &Self::State) -> Option<Seat> {
        self.next(state)
            .seats
            .first()
            .and_then(|s| Seat::try_new(s))
    }

    /// Makes `seat` the one to take the next turn, for a check that goes on
    /// after a turn written for the wrong seat (`billes_core::check_all_with`).
    /// False, and the state unchanged, when it cannot (the default: the
    /// check then stops at such a turn).
    fn give_turn(&self, state: &mut Self::State, seat: Seat) -> bool {
        let _ = (state, seat);
        false
    }

    /// Plays `turn`, which the rules refuse, past a part of it that leaves
    /// the position known (Barricade: a put-down on a point where a
    /// barricade may not go; the move is played and the barricade stays
    /// owed), for a check that goes on after the mistake
    /// (`billes_core::check_all_with`). Returns what the check goes on with, as
    /// the mistake's note; `None`, the state unspecified, when the turn has
    /// no such part or another mistake (the default: the check then stops
    /// at such a turn).
    fn play_mended<H: Hooks>(
        &self,
        state: &mut Self::State,
        turn: &Turn,
        hooks: &H,
    ) -> Option<String> {
        let _ = (state, turn, hooks);
        None
    }

    /// The position as hooks see it (`None`, the default: the game takes
    /// no hook that looks at the position, as a `moves`, `effect` or
    /// `winner` hook does, and [`crate::game::Position::hook_view`] answers
    /// from the game's picture of the position).
    fn board<'s>(&self, state: &'s Self::State) -> Option<&'s dyn BoardView> {
        let _ = state;
        None
    }

    /// The phrases telling what `turn` did, played from `before` to
    /// `after` (`billes annotate`); none by default.
    fn describe(&self, before: &Self::State, turn: &Turn, after: &Self::State) -> Vec<String> {
        let _ = (before, turn, after);
        Vec::new()
    }

    /// The cells of [`TURN_COLUMNS`](GameRules::TURN_COLUMNS), in their
    /// order, for a turn that played `mv`: its complete move, with every
    /// mark it implies (as the list of legal moves writes it). None by
    /// default.
    fn turn_cells(mv: &Move) -> TurnCells {
        let _ = mv;
        TurnCells::default()
    }

    /// A random legal game under the rules and the hooks. The default
    /// plays uniformly random legal moves through
    /// [`legal_moves`](GameRules::legal_moves) and
    /// [`play`](GameRules::play).
    ///
    /// # Errors
    /// When the options describe no game that can be set up, or a hook fails.
    fn simulate<H: Hooks>(
        &self,
        options: &SimOptions,
        rng: &mut Rng,
        hooks: &H,
    ) -> Result<Game, crate::SimulateError> {
        random_game(self, options, rng, hooks)
    }

    /// The hooks this game calls, which a variant's script may define (see
    /// [`crate::variant`]). By default [`Hook::COMMON`], those that
    /// change the game as a whole; a game that asks a hook at its own
    /// points (`allow` in its list of moves, `score` when a marble leaves
    /// the board...) declares its list, and a hook it does not list is
    /// refused in a script and never set up for it.
    fn hooks() -> &'static [Hook] {
        Hook::COMMON
    }

    /// The fields of this game's moves beyond the ones every game has, in
    /// the order its [`crate::variant::MoveView`]s hold them.
    fn move_fields() -> &'static [(&'static str, FieldKind)] {
        &[]
    }

    /// The position queries of this game, which
    /// [`BoardView::query`] answers.
    fn position_queries() -> &'static [(&'static str, QueryKind)] {
        &[]
    }

    /// The move `text` added by a `moves` hook for `seat`'s pieces, rolled
    /// by `roller`, spelt with every mark it implies; `None` when the game's
    /// own rules forbid it (see [`crate::house`]).
    ///
    /// # Errors
    /// When the text is no move of this game, or one it cannot play.
    fn spell_added(
        &self,
        state: &Self::State,
        roller: Seat,
        seat: Seat,
        roll: Option<Roll>,
        text: &str,
    ) -> Result<Option<Move>, crate::ChangeError> {
        let _ = (state, roller, seat, roll);
        Err(crate::ChangeError(format!(
            "\"{text}\": this game takes no added moves"
        )))
    }

    /// Plays `mv`, a move [`spell_added`](GameRules::spell_added) spelt,
    /// as written in `turn`.
    ///
    /// # Errors
    /// When the move cannot be played, or a hook fails.
    fn play_added<H: Hooks>(
        &self,
        state: &mut Self::State,
        turn: &Turn,
        mv: &Move,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        let _ = (state, mv, hooks);
        Err(ReplayError::new(
            crate::ErrorKind::Variant,
            turn.head.span,
            "this game takes no added moves",
        ))
    }

    /// The edits an `effect` hook may make in this game, each its op name
    /// and the names of its arguments ([`crate::edit`]): what a script
    /// may write, an op the list lacks being refused with the list's
    /// names. None by default; Aggravation takes
    /// [`PieceEdit::OPS`](crate::edit::PieceEdit::OPS), Barricade those
    /// and its barricades' own.
    fn edits() -> &'static [EditOp] {
        &[]
    }

    /// Applies one edit of an `effect` hook, checked: the game reads the
    /// edit as the hook wrote it into its own type (one of its
    /// [`edits`](GameRules::edits)), then makes it.
    ///
    /// Why a read here rather than an associated `Edit` type: the hooks
    /// are one value for any game ([`Hooks::effect`] returns the written
    /// [`Edit`], whatever the game), so a typed edit would be read from
    /// the written one all the same; and an associated type has no
    /// default, so every game, one that takes no edits too, would have to
    /// name one (a required item more). The game's type stays its own
    /// (Aggravation reads [`PieceEdit`](crate::edit::PieceEdit), Barricade
    /// its `BarricadeEdit`), and a new kind of edit is the game's alone.
    ///
    /// # Errors
    /// When the edit is none this game takes, or cannot be made (why,
    /// lowercase).
    fn apply_edit(&self, state: &mut Self::State, edit: &Edit) -> Result<(), crate::ChangeError> {
        let _ = state;
        Err(crate::ChangeError(format!(
            "{edit}: this game takes no edits"
        )))
    }

    /// The written `turn`, a legal turn from `state`, as the move it is:
    /// its actions in the order written, each with every effect mark it
    /// implies, found without listing the legal moves. `None` (the
    /// default) when the game does not say: the caller lists them and
    /// finds the turn among them. A game whose list has one move for each
    /// position reached (Parcheesi's complete turns) says, so that a turn
    /// keeps the order its parts were written in.
    fn complete_turn(&self, state: &Self::State, turn: &Turn) -> Option<Move> {
        let _ = (state, turn);
        None
    }

    /// Plays the written `turn` as [`play`](GameRules::play) does without
    /// hooks, and gives the move [`complete_turn`](GameRules::complete_turn)
    /// gives for it from the state before: what `billes export` asks of
    /// each turn it makes a row of. The default makes the two calls; a
    /// game whose check of a turn finds its complete move answers with one
    /// check (Aggravation). The conformance kit checks that both ways give
    /// the same move and the same position.
    ///
    /// # Errors
    /// As [`play`](GameRules::play): the first thing wrong with the turn;
    /// the state is then unspecified.
    fn play_completed(
        &self,
        state: &mut Self::State,
        turn: &Turn,
    ) -> Result<Option<Move>, ReplayError> {
        let complete = self.complete_turn(state, turn);
        self.play(state, turn, &crate::variant::NoHooks)?;
        Ok(complete)
    }

    /// [`play_completed`](GameRules::play_completed), the move written
    /// into `complete` (what it held before is replaced) rather than
    /// returned: whether the game completed the turn. The replay keeps one
    /// move for every turn it completes; a game that builds its move there
    /// (Aggravation, Barricade and Offboard, whose `play_completed` is then
    /// [`completed_in_place`]) spares a copy of a move just built, which
    /// stalls the processor (docs/export.md). The default calls
    /// `play_completed`.
    ///
    /// # Errors
    /// As [`play`](GameRules::play).
    fn play_completed_into(
        &self,
        state: &mut Self::State,
        turn: &Turn,
        complete: &mut Move,
    ) -> Result<bool, ReplayError> {
        Ok(match self.play_completed(state, turn)? {
            Some(m) => {
                *complete = m;
                true
            }
            None => false,
        })
    }

    /// Ends the game with `seat` (and its team) as the winner.
    ///
    /// # Errors
    /// When `seat` is no seat in play.
    fn declare_winner(
        &self,
        state: &mut Self::State,
        seat: Seat,
    ) -> Result<(), crate::ChangeError> {
        let _ = state;
        Err(crate::ChangeError(format!(
            "{seat}: this game takes no winner from a variant"
        )))
    }
}

/// How `billes simulate` plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimOptions {
    /// Number of seats in play.
    pub players: usize,
    /// Team layout, as in a `Teams` tag (`None`: everyone for themselves).
    pub teams: Option<String>,
    /// Cap on turns per game, after which the game ends unfinished (`*`).
    pub max_turns: u32,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            players: 2,
            teams: None,
            max_turns: 5000,
        }
    }
}

/// [`GameRules::play_completed`] of a game that writes its complete move
/// in place ([`GameRules::play_completed_into`]): the move written into a
/// move of its own, so that both ways are one code.
///
/// # Errors
/// As [`GameRules::play_completed_into`].
pub fn completed_in_place<R: GameRules>(
    rules: &R,
    state: &mut R::State,
    turn: &Turn,
) -> Result<Option<Move>, ReplayError> {
    let mut complete = Move::new(turn.head.seat, None, billes_notation::Actions::new());
    let completed = rules.play_completed_into(state, turn, &mut complete)?;
    Ok(completed.then_some(complete))
}

/// Calls `f` with the position as hooks see it ([`GameRules::board`]).
///
/// # Errors
/// When the game gives hooks no view of its positions.
pub fn with_board<G: GameRules, T>(
    rules: &G,
    state: &G::State,
    f: impl FnOnce(&dyn BoardView) -> Result<T, HookError>,
) -> Result<T, HookError> {
    match rules.board(state) {
        Some(board) => f(board),
        None => Err(HookError::new(format!(
            "{} gives hooks no view of its positions",
            rules.kind()
        ))),
    }
}

/// [`GameRules::simulate`]'s default: uniformly random legal moves from
/// the start of a record with `options.players` seats.
fn random_game<G: GameRules, H: Hooks>(
    rules: &G,
    options: &SimOptions,
    rng: &mut Rng,
    hooks: &H,
) -> Result<Game, crate::SimulateError> {
    use crate::SimulateError;
    let Some(seats) = rules.seats_for(options.players) else {
        return Err(SimulateError::Options(format!(
            "{} is not for {} players",
            rules.kind(),
            options.players
        )));
    };
    let mut text = format!(
        "[Game \"{}\"]\n[Seats \"{}\"]\n",
        rules.kind(),
        seats.join(" ")
    );
    if let Some(teams) = &options.teams {
        text.push_str(&format!("[Teams \"{teams}\"]\n"));
    }
    text.push_str("[Result \"*\"]\n\n*\n");
    let mut header =
        billes_notation::parse_game(&text).map_err(|e| SimulateError::Options(e.message))?;
    let mut state = rules.setup(&header).map_err(SimulateError::Setup)?;
    let mut turns = Vec::new();
    while !rules.is_over(&state) && (turns.len() as u32) < options.max_turns {
        let Some(seat) = rules.to_act(&state) else {
            break;
        };
        let roll = Roll::random(rng, rules.kind().dice());
        let number = turns.len() as u32 + 1;
        let moves = rules
            .legal_moves(&state, seat, roll, number, hooks)
            .map_err(|e| SimulateError::Turn(e.to_string()))?;
        if moves.is_empty() {
            return Err(SimulateError::Turn(format!(
                "no legal move for {seat} at turn {number}"
            )));
        }
        let turn = moves[rng.below(moves.len())].to_turn(number);
        rules
            .play(&mut state, &turn, hooks)
            .map_err(|e| SimulateError::Turn(format!("turn {number}: {e}")))?;
        turns.push(turn);
    }
    header.line = Line {
        turns,
        ..Default::default()
    };
    header.outcome = Outcome {
        winners: rules
            .winners(&state)
            .unwrap_or_default()
            .iter()
            .map(|s| Seat::from(s.as_str()))
            .collect(),
        span: Span::default(),
    };
    // The tag's canonical spelling (`R`, `R+G`, `*`), not the token's (`=R`).
    let value = header.outcome.tag_value();
    for tag in header.tags.iter_mut().filter(|t| t.name == "Result") {
        tag.value = value.clone();
    }
    Ok(header)
}

/// The traits the generic drivers take ([`crate::Rules`] for the replay,
/// the check and the description, [`crate::Describe`]) for a game's rules
/// type `$t`, from its [`GameRules`]: what a game writes once, beside its
/// `impl GameRules`, to use the drivers ([`crate::validate_with`],
/// [`crate::describe_with`], `billes_core::hooked::WithHooks`...).
///
/// It gives [`MoveRules`](super::MoveRules) too, the face of the rules
/// that the registry's dispatch, [`RulesPosition`](super::RulesPosition)
/// and the check past mistakes use, with the game's
/// [`GameKind`](crate::GameKind) from its rules'
/// [`KIND`](GameRules::KIND).
#[macro_export]
macro_rules! plug_in {
    ($t:ty) => {
        impl $crate::Rules for $t {
            type State = <$t as $crate::game::GameRules>::State;

            fn setup(
                &self,
                game: &billes_notation::Game,
            ) -> Result<Self::State, $crate::ReplayError> {
                <$t as $crate::game::GameRules>::setup(self, game)
            }

            #[inline]
            fn play(
                &self,
                state: &mut Self::State,
                turn: &billes_notation::Turn,
            ) -> Result<(), $crate::ReplayError> {
                <$t as $crate::game::GameRules>::play(self, state, turn, &$crate::variant::NoHooks)
            }

            fn winners(&self, state: &Self::State) -> Option<Vec<billes_notation::Seat>> {
                <$t as $crate::game::GameRules>::winners(self, state)
            }

            #[inline]
            fn is_over(&self, state: &Self::State) -> bool {
                <$t as $crate::game::GameRules>::is_over(self, state)
            }

            fn finish_order(&self, state: &Self::State) -> Vec<Vec<billes_notation::Seat>> {
                <$t as $crate::game::GameRules>::finish_order(self, state)
            }

            fn text_board(&self, state: &Self::State) -> String {
                <$t as $crate::game::GameRules>::text_board(self, state)
            }

            fn plays_briefs(&self) -> bool {
                <$t as $crate::game::GameRules>::PLAYS_BRIEFS
            }

            #[inline(always)]
            fn play_brief(&self, state: &mut Self::State, brief: &billes_notation::Brief) -> bool {
                <$t as $crate::game::GameRules>::play_brief(self, state, brief)
            }

            fn plays_pair_briefs(&self) -> bool {
                <$t as $crate::game::GameRules>::plays_pair_briefs(self)
            }

            #[inline(always)]
            fn play_pair_brief(
                &self,
                state: &mut Self::State,
                brief: &billes_notation::PairBrief,
            ) -> bool {
                <$t as $crate::game::GameRules>::play_pair_brief(self, state, brief)
            }
        }

        impl $crate::Describe for $t {
            fn describe(
                &self,
                before: &Self::State,
                turn: &billes_notation::Turn,
                after: &Self::State,
            ) -> Vec<String> {
                <$t as $crate::game::GameRules>::describe(self, before, turn, after)
            }
        }

        impl $crate::game::MoveRules for $t {
            fn game_kind(&self) -> $crate::GameKind {
                <$t as $crate::game::GameRules>::kind(self)
            }

            fn seat_list(&self, state: &Self::State) -> Vec<billes_notation::Seat> {
                match <$t as $crate::game::GameRules>::board(self, state) {
                    Some(board) => board
                        .seats()
                        .iter()
                        .map(billes_notation::Seat::from)
                        .collect(),
                    None => $crate::view::View::view(state)
                        .seats
                        .into_iter()
                        .map(|s| s.seat)
                        .collect(),
                }
            }

            fn next(&self, state: &Self::State) -> $crate::game::Next {
                <$t as $crate::game::GameRules>::next(self, state)
            }

            fn to_act(&self, state: &Self::State) -> Option<billes_notation::Seat> {
                <$t as $crate::game::GameRules>::to_act(self, state)
            }

            fn legal_moves(
                &self,
                state: &Self::State,
                seat: billes_notation::Seat,
                roll: Option<$crate::game::Roll>,
                number: u32,
            ) -> Result<Vec<$crate::game::Move>, $crate::game::PlayError> {
                <$t as $crate::game::GameRules>::legal_moves(
                    self,
                    state,
                    seat,
                    roll,
                    number,
                    &$crate::variant::NoHooks,
                )
            }

            fn legal_two_steps(
                &self,
                state: &Self::State,
                seat: billes_notation::Seat,
                roll: Option<$crate::game::Roll>,
                number: u32,
            ) -> Result<Vec<$crate::game::TwoStep>, $crate::game::PlayError> {
                <$t as $crate::game::GameRules>::legal_two_steps(
                    self,
                    state,
                    seat,
                    roll,
                    number,
                    &$crate::variant::NoHooks,
                )
            }

            fn position_tag(&self, state: &Self::State) -> String {
                <$t as $crate::game::GameRules>::position_tag(self, state)
            }

            fn give_turn(&self, state: &mut Self::State, seat: billes_notation::Seat) -> bool {
                <$t as $crate::game::GameRules>::give_turn(self, state, seat)
            }

            fn play_mended(
                &self,
                state: &mut Self::State,
                turn: &billes_notation::Turn,
            ) -> Option<String> {
                <$t as $crate::game::GameRules>::play_mended(
                    self,
                    state,
                    turn,
                    &$crate::variant::NoHooks,
                )
            }

            fn view(&self, state: &Self::State) -> $crate::view::PositionView {
                $crate::view::View::view(state)
            }

            fn complete_turn(
                &self,
                state: &Self::State,
                turn: &billes_notation::Turn,
            ) -> Option<$crate::game::Move> {
                <$t as $crate::game::GameRules>::complete_turn(self, state, turn)
            }

            fn play_completed_into(
                &self,
                state: &mut Self::State,
                turn: &billes_notation::Turn,
                complete: &mut $crate::game::Move,
            ) -> Result<bool, $crate::ReplayError> {
                <$t as $crate::game::GameRules>::play_completed_into(self, state, turn, complete)
            }

            #[inline]
            fn play_brief_completed_into(
                &self,
                state: &mut Self::State,
                brief: &billes_notation::Brief,
                complete: &mut $crate::game::Move,
            ) -> bool {
                <$t as $crate::game::GameRules>::play_brief_completed_into(
                    self, state, brief, complete,
                )
            }

            #[inline]
            fn play_pair_brief_completed_into(
                &self,
                state: &mut Self::State,
                brief: &billes_notation::PairBrief,
                complete: &mut $crate::game::Move,
            ) -> bool {
                <$t as $crate::game::GameRules>::play_pair_brief_completed_into(
                    self, state, brief, complete,
                )
            }

            fn hook_view<'s>(&self, state: &'s Self::State) -> $crate::variant::BoardRef<'s> {
                match <$t as $crate::game::GameRules>::board(self, state) {
                    Some(board) => $crate::variant::BoardRef::Board(board),
                    None => {
                        $crate::variant::BoardRef::View(Box::new($crate::view::View::view(state)))
                    }
                }
            }
        }
    };
}
