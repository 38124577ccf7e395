//! Recording a game as it is played (`billes play`): the record being
//! made, each typed line checked at once and applied, undo, what the next
//! turn involves, and the numbered legal moves of a roll. No terminal and
//! no file here: the binary reads the lines and writes
//! [`Session::text`] after every [`Reply::changed`] answer.
//!
//! A turn is checked by the validator itself: the record with the new
//! turn is replayed under its rule set ([`Engine::validate`]), so a typed
//! line is refused with exactly the message `billes validate` would give
//! the record, and a record the session writes always validates. The marks
//! of an accepted turn are written in ([`billes_core::mark_turn`]).
//!
//! ```
//! use billes_archive::play::{Reply, Session};
//! use billes_core::{GameKind, Standard};
//!
//! let engine = Standard::forced(billes_core::aggravation::KIND);
//! let game = billes_notation::parse_game("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n*\n")?;
//! let mut session = Session::new(&engine, vec![game], 1)?;
//! // Before the first turn, any seat may start.
//! assert_eq!(session.prompt(), "1. R or G to roll> ");
//! assert!(session.apply("R6 +", 1).is_ok());
//! assert_eq!(session.prompt(), "2. R to roll again> ");
//! // A roll alone lists the legal moves; Enter plays the only one.
//! let Ok(Reply::Offered(list)) = session.apply("1", 2) else { panic!() };
//! assert_eq!(list, "R1: r9-r10");
//! assert!(session.apply("", 3).is_ok());
//! assert!(session.text().ends_with("1. R6 +\n2. R1 r9-r10\n*\n"));
//! // Refused: the same message as billes validate's.
//! let refused = session.apply("R3 r10-r13", 4).unwrap_err();
//! assert_eq!(refused.message(), "it is G's turn to roll, not R's");
//! assert_eq!(session.game().line.turns.len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod caret;
mod line;
mod pick;
mod prompt;

use billes_core::game::{Move, Position, Roll};
use billes_core::position_after;
use billes_core::{Engine, ErrorKind, ReplayError};
use billes_notation::{
    control_pictures, write_game_to, Comment, Game, GameSource, Nag, Outcome, Tag,
};

pub use line::{has_control, MAX_LINE};
pub use prompt::COMMANDS;

use line::Typed;
use pick::Offer;

/// A game being recorded: the file's games around it, the record, its
/// position, and what `:undo` takes back.
#[derive(Debug)]
pub struct Session<'e> {
    engine: &'e dyn Engine,
    /// The number of the game in its file (1-based).
    index: usize,
    /// The canonical text of the games before it, with their separator.
    before: String,
    /// The canonical text of the games after it, with their separator.
    after: String,
    game: Game,
    pos: Box<dyn Position + 'e>,
    /// The changes, last last, for `:undo`.
    history: Vec<Change>,
    /// The moves listed for a roll typed alone, which a number picks.
    offer: Option<Offer>,
}

/// What `:undo` takes back.
#[derive(Debug)]
enum Change {
    /// A turn, and the result and tags before it.
    Turn { outcome: Outcome, tags: Vec<Tag> },
    /// A tag or the result: the tags and result before.
    Tags { outcome: Outcome, tags: Vec<Tag> },
    /// A comment or NAG: the last turn's (or the empty line's) comments
    /// and NAGs before.
    Notes {
        after: Vec<Comment>,
        nags: Vec<Nag>,
        line: Vec<Comment>,
    },
}

/// What an accepted line did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// A turn was played: its canonical line (`12. G4 g9-g13*`), and the
    /// winners when it ended the game.
    Played {
        /// The turn as written in the record.
        turn: String,
        /// Who won, when the turn ended the game.
        winners: Option<Vec<billes_notation::Seat>>,
    },
    /// A roll typed alone: its legal moves, numbered.
    Offered(String),
    /// A tag, comment, NAG or result was written, or a change taken back:
    /// what, in words.
    Changed(String),
    /// Something to show (`:moves`, `:board`, `:help`); nothing changed.
    Shown(String),
    /// Nothing to do (an empty line with no move offered).
    Nothing,
    /// `:quit`, or `:result` (the game stopped early).
    Quit,
}

impl Reply {
    /// Whether the record changed: the file is to be rewritten.
    pub fn changed(&self) -> bool {
        matches!(self, Reply::Played { .. } | Reply::Changed(_))
    }
}

/// A refused line: nothing changed.
#[derive(Debug, Clone)]
pub struct Refused {
    /// The mistake, placed in [`Refused::source`] when it has a span.
    pub error: Box<ReplayError>,
    /// The line checked, as the record's text it was read from: its
    /// `line` is the number of the typed line.
    pub source: Box<GameSource>,
    /// Whether the line was a command (`:tag ...`), not a turn.
    pub command: bool,
    /// The line as typed (set by [`Session::apply`]).
    typed: caret::TypedLine,
}

impl Refused {
    fn new(error: ReplayError, source: GameSource) -> Refused {
        Refused {
            error: Box::new(error),
            source: Box::new(source),
            command: false,
            typed: Default::default(),
        }
    }

    /// The message alone.
    pub fn message(&self) -> &str {
        &self.error.message
    }

    /// The mistake shown at a terminal: against the line as typed, with
    /// a caret under what is wrong, and no file position.
    ///
    /// ```
    /// use billes_archive::play::Session;
    /// use billes_core::{GameKind, Standard};
    ///
    /// let engine = Standard::forced(billes_core::aggravation::KIND);
    /// let game = billes_notation::parse_game("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n*\n")?;
    /// let mut session = Session::new(&engine, vec![game], 1)?;
    /// let refused = session.apply("4 r9-r12", 7).unwrap_err();
    /// assert!(refused.render_typed(false).contains("  | 4 r9-r12\n  |   ^^^^^^\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn render_typed(&self, color: bool) -> String {
        let notes = match self.command {
            true => Vec::new(),
            false => crate::diagnostic::replay_notes(self.source.index, &self.error),
        };
        self.typed.render(&self.source, &self.error, &notes, color)
    }

    /// The mistake shown as `billes validate` shows it, against the line
    /// checked (the line typed with its turn number and seat), the
    /// transcript named `name`, at the typed line's number.
    pub fn render(&self, name: &str, color: bool) -> String {
        if !self.command {
            return crate::diagnostic::render_replay_error(name, &self.source, &self.error, color);
        }
        let span = billes_notation::Span {
            start: 0,
            end: 0,
            line: self.source.line,
            column: 1,
        };
        billes_notation::render_error(
            name,
            &billes_notation::Diagnostic {
                title: &self.error.message,
                id: Some("command"),
                label: "",
                span,
                line_text: &self.source.text,
                notes: &[],
            },
            color,
        )
    }
}

impl<'e> Session<'e> {
    /// A session recording game `index` (1-based) of `games` (the file's
    /// games: a new file has one, with no turns), played under `engine`,
    /// from where its record stops.
    ///
    /// # Errors
    /// When the game does not replay under `engine` (a record is validated
    /// before it is resumed), or there is no game `index`.
    pub fn new(
        engine: &'e dyn Engine,
        mut games: Vec<Game>,
        index: usize,
    ) -> Result<Session<'e>, ReplayError> {
        if index == 0 || index > games.len() {
            return Err(ReplayError::new(
                ErrorKind::Tag,
                Default::default(),
                format!("the file has {} games, not {index}", games.len()),
            ));
        }
        let later = games.split_off(index);
        let Some(game) = games.pop() else {
            return Err(ReplayError::new(
                ErrorKind::Tag,
                Default::default(),
                "the file has no game",
            ));
        };
        engine.validate(&game)?;
        let turns = game.line.turns.len() as u32;
        let pos = position_after(engine, &game, turns)?;
        let mut before = billes_notation::write_games(&games);
        if !games.is_empty() {
            before.push('\n');
        }
        let mut after = String::new();
        if !later.is_empty() {
            after.push('\n');
            after.push_str(&billes_notation::write_games(&later));
        }
        Ok(Session {
            engine,
            index,
            before,
            after,
            game,
            pos,
            history: Vec::new(),
            offer: None,
        })
    }

    /// The whole file's text, canonical: what is written after each change.
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(self.before.len() + self.after.len() + 4096);
        out.push_str(&self.before);
        write_game_to(&self.game, &mut out);
        out.push_str(&self.after);
        out
    }

    /// The record being made.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The position after the last turn.
    pub fn position(&self) -> &(dyn Position + 'e) {
        self.pos.as_ref()
    }

    /// The engine the record is played under.
    pub fn engine(&self) -> &'e dyn Engine {
        self.engine
    }

    /// Whether the game is over (won).
    pub fn is_over(&self) -> bool {
        self.pos.is_over()
    }

    /// Applies one typed line, numbered `number` in the transcript (for
    /// messages): a turn, a roll alone, a number picking a listed move,
    /// Enter (the one move offered), or a command.
    ///
    /// # Errors
    /// The line is refused, with validate's message: nothing changed.
    pub fn apply(&mut self, text: &str, number: u32) -> Result<Reply, Refused> {
        self.apply_line(text, number).map_err(|mut refused| {
            refused.typed = caret::TypedLine::new(text);
            refused
        })
    }

    /// [`Session::apply`], the refusal not yet told the line typed.
    fn apply_line(&mut self, text: &str, number: u32) -> Result<Reply, Refused> {
        let source = self.source(text, number);
        if text.len() > MAX_LINE {
            return Err(self.refuse(
                source,
                format!(
                    "the line is {} bytes long: the limit is {MAX_LINE}",
                    text.len()
                ),
            ));
        }
        if has_control(text) {
            return Err(self.refuse(
                source,
                format!(
                    "the line holds a control character: \"{}\"",
                    control_pictures(text)
                ),
            ));
        }
        let offer = self.offer.take();
        match (line::classify(text), offer) {
            (Typed::Empty, offer) => self.enter(offer, number),
            (Typed::Number(n), Some(o)) => self.pick_number(o, n, number, &source),
            (Typed::Number(n), None) => self.offer_roll(None, n, None, &source),
            (Typed::Roll { seat, roll, mover }, _) => self.offer_roll(seat, roll, mover, &source),
            (Typed::Command { name, rest }, offer) => {
                let reply = self.command(name, rest, &source).map_err(|mut r| {
                    r.command = true;
                    r
                });
                if matches!(reply, Ok(Reply::Shown(_)) | Err(_)) && self.offer.is_none() {
                    self.offer = offer;
                }
                reply
            }
            (Typed::Turn { number: None, text }, Some(o)) if line::is_name(text) => {
                self.pick_named(o, text, number, &source)
            }
            (
                Typed::Turn {
                    number: written,
                    text,
                },
                offer,
            ) => self.play_text(written, text, number).inspect_err(|_| {
                self.offer = offer;
            }),
        }
    }

    /// Enter: plays the one move offered (or, in a game without dice, the
    /// one legal move), shows the list again when it has several.
    fn enter(&mut self, offer: Option<Offer>, number: u32) -> Result<Reply, Refused> {
        match offer {
            Some(o) if o.moves.len() == 1 => self.play_move(&o.moves[0], number),
            Some(o) => {
                let reply = Reply::Shown(o.list());
                self.offer = Some(o);
                Ok(reply)
            }
            None => match self.only_move() {
                Some(m) => self.play_move(&m, number),
                None => Ok(Reply::Nothing),
            },
        }
    }

    /// The line `text` as the record's text the checker reads.
    fn source(&self, text: &str, number: u32) -> GameSource {
        GameSource {
            index: self.index,
            text: control_pictures(text.get(..MAX_LINE.min(text.len())).unwrap_or("")).into_owned(),
            offset: 0,
            line: number,
        }
    }

    fn refuse(&self, source: GameSource, message: String) -> Refused {
        self.refuse_as(ErrorKind::IllegalMove, source, message)
    }

    /// A refusal of the kind `kind` (`seat` for a turn whose seat is
    /// missing).
    fn refuse_as(&self, kind: ErrorKind, source: GameSource, message: String) -> Refused {
        let error = ReplayError::new(kind, Default::default(), message);
        Refused::new(self.placed(error), source)
    }

    /// `error` in the next turn, and the seat that takes it: left alone
    /// when several seats may take it (no seat is taken for granted).
    fn placed(&self, error: ReplayError) -> ReplayError {
        match self.pos.next().seats.as_slice() {
            [seat] if error.turn.is_none() => error.in_turn(self.next_number(), seat),
            _ => error,
        }
    }

    /// The number of the next turn.
    pub fn next_number(&self) -> u32 {
        self.game.line.turns.len() as u32 + 1
    }

    /// The one legal move, in a game without dice when only one exists.
    fn only_move(&self) -> Option<Move> {
        if self.pos.next().dice || self.pos.is_over() {
            return None;
        }
        let moves = self.pos.legal_moves(None).ok()?;
        (moves.len() == 1).then(|| moves[0].clone())
    }

    /// The legal moves of a roll typed alone, listed and kept to pick from.
    fn offer_roll(
        &mut self,
        seat: Option<&str>,
        roll: u32,
        mover: Option<&str>,
        source: &GameSource,
    ) -> Result<Reply, Refused> {
        let next = self.pos.next();
        if !next.dice {
            return Err(self.refuse(
                source.clone(),
                format!(
                    "{} has no dice: type a move, or :moves for the list",
                    self.pos.game()
                ),
            ));
        }
        let Some(die) = u8::try_from(roll).ok().and_then(Roll::new) else {
            return Err(self.refuse(
                source.clone(),
                format!("a roll of {roll} is not a die face (1 to 6)"),
            ));
        };
        let seat = match (seat, next.seats.as_slice()) {
            (Some(s), _) => s.to_string(),
            (None, [_, _, ..]) => {
                let message = who(&next.seats, &format!("{roll}"));
                return Err(self.refuse_as(ErrorKind::Seat, source.clone(), message));
            }
            (None, _) => self.pos.to_act().map(|s| s.to_string()).unwrap_or_default(),
        };
        let moves = self
            .pos
            .legal_moves_for(billes_notation::Name::from(&seat), Some(die))
            .map_err(|e| Refused::new(self.placed(e.into()), source.clone()))?;
        let moves: Vec<Move> = match mover {
            Some(m) => moves
                .into_iter()
                .filter(|mv| mv.moving_seat().as_str() == m)
                .collect(),
            None => moves,
        };
        if moves.is_empty() {
            return Err(self.refuse(
                source.clone(),
                format!("{seat}{roll} moves no marble of {}", mover.unwrap_or("")),
            ));
        }
        let offer = Offer::new(moves);
        let list = offer.list();
        self.offer = Some(offer);
        Ok(Reply::Offered(list))
    }

    /// Plays a move of the list, as its canonical turn.
    fn play_move(&mut self, mv: &Move, number: u32) -> Result<Reply, Refused> {
        let text = mv.turn();
        let source = self.source(&text, number);
        let mut turn = mv.to_turn(self.next_number());
        // Its spans are the typed line's: the whole line.
        let whole = billes_notation::Span {
            start: 0,
            end: text.len() as u32,
            line: number,
            column: 1,
        };
        turn.span = whole;
        self.accept(turn, source)
    }

    /// Plays a turn typed as in a record, its number and seat optional.
    fn play_text(
        &mut self,
        written: Option<u32>,
        text: &str,
        number: u32,
    ) -> Result<Reply, Refused> {
        let expected = self.next_number();
        let next = self.pos.next();
        // Over, not merely won: a game played on for the places has a
        // winner and more turns.
        let over = self.pos.winners().filter(|_| self.pos.is_over());
        if let (Some(winners), false) = (over, line::has_seat(text)) {
            let source = self.source(text, number);
            return Err(self.refuse(
                source,
                format!(
                    "the game is over: {} won (:undo takes the last turn back)",
                    winners.join("+")
                ),
            ));
        }
        let mut full = String::new();
        full.push_str(&format!("{}. ", written.unwrap_or(expected)));
        if !line::has_seat(text) {
            match next.seats.as_slice() {
                [only] => {
                    full.push_str(only);
                    if !line::starts_with_roll(text) {
                        full.push(' ');
                    }
                }
                [] => {}
                many => {
                    let source = self.source(text, number);
                    let typed = match line::starts_with_roll(text) {
                        true => text.to_string(),
                        false => format!(" {text}"),
                    };
                    return Err(self.refuse_as(ErrorKind::Seat, source, who(many, &typed)));
                }
            }
        }
        full.push_str(text);
        let source = self.source(&full, number);
        let record = format!("{full} *");
        let parsed = GameSource {
            text: record,
            ..source.clone()
        }
        .parse();
        let mut game = match parsed {
            Ok(g) => g,
            Err(e) => {
                let error = ReplayError::new(ErrorKind::IllegalMove, e.span, e.message);
                return Err(Refused::new(self.placed(error), source));
            }
        };
        if game.line.turns.len() != 1 || !game.line.comments.is_empty() {
            return Err(self.refuse(
                source,
                "type one turn a line (comments and NAGs after it)".to_string(),
            ));
        }
        let turn = game.line.turns.remove(0);
        self.accept(turn, source)
    }

    /// Checks `turn` as the validator checks the record with it, writes its
    /// marks in, and plays it.
    fn accept(
        &mut self,
        mut turn: billes_notation::Turn,
        source: GameSource,
    ) -> Result<Reply, Refused> {
        let mut candidate = self.game.clone();
        candidate.outcome = Outcome::default();
        candidate.tags.retain(|t| t.name != "Result");
        candidate.line.turns.push(turn.clone());
        if let Err(e) = self.engine.validate(&candidate) {
            return Err(Refused::new(e, source));
        }
        let mut missing = Vec::new();
        billes_core::mark_turn(self.pos.as_ref(), &mut turn, &mut missing)
            .map_err(|e| Refused::new(e, source.clone()))?;
        self.pos
            .play_turn(&turn)
            .map_err(|e| Refused::new(self.placed(e), source.clone()))?;
        self.history.push(Change::Turn {
            outcome: self.game.outcome.clone(),
            tags: self.game.tags.clone(),
        });
        let mut line = Game {
            tags: Vec::new(),
            line: billes_notation::Line {
                turns: vec![turn.clone()],
                comments: Vec::new(),
            },
            outcome: Outcome::default(),
            span: Default::default(),
        };
        line.line.turns[0].before_mut().clear();
        let written = billes_notation::write_game(&line);
        self.game.line.turns.push(turn);
        let winners = self.pos.winners();
        self.set_outcome(winners.clone().unwrap_or_default());
        Ok(Reply::Played {
            turn: written
                .trim_end()
                .trim_end_matches('*')
                .trim_end()
                .to_string(),
            winners,
        })
    }

    /// Writes the result: the token and, where the record has one or the
    /// game is won, the `Result` tag.
    fn set_outcome(&mut self, winners: Vec<billes_notation::Seat>) {
        self.game.outcome = Outcome {
            winners: winners.clone(),
            span: Default::default(),
        };
        let value = self.game.outcome.tag_value();
        match self.game.tags.iter_mut().find(|t| t.name == "Result") {
            Some(tag) => tag.value = value,
            None if !winners.is_empty() => self.game.tags.push(Tag {
                name: "Result".into(),
                value,
                span: Default::default(),
            }),
            None => {}
        }
    }

    /// Takes back the last change of this session; with none left, the
    /// record's last turn (a resumed record's turns, to the start of the
    /// game).
    fn undo(&mut self) -> Result<Reply, String> {
        let Some(change) = self.history.pop() else {
            return self.take_back_recorded().map(Reply::Changed);
        };
        Ok(Reply::Changed(match change {
            Change::Turn { outcome, tags } => {
                let turn = self.game.line.turns.pop();
                self.game.outcome = outcome;
                self.game.tags = tags;
                self.replay()?;
                match turn {
                    Some(t) => format!("took back turn {} ({})", t.number, written(&t)),
                    None => "took back a turn".into(),
                }
            }
            Change::Tags { outcome, tags } => {
                self.game.outcome = outcome;
                self.game.tags = tags;
                "took back the tag or result".into()
            }
            Change::Notes { after, nags, line } => {
                if let Some(last) = self.game.line.turns.last_mut() {
                    *last.after_mut() = after.into();
                    *last.nags_mut() = nags.into();
                }
                self.game.line.comments = line;
                "took back the comment or NAG".into()
            }
        }))
    }

    /// Takes back the record's last turn, written before this session,
    /// with its NAGs, comments and variations; the game's opening comments
    /// stay. A result the rules wrote (a winner) goes with it.
    fn take_back_recorded(&mut self) -> Result<String, String> {
        let Some(mut turn) = self.game.line.turns.pop() else {
            return Err("nothing to take back: the record has no turn".into());
        };
        if self.game.line.turns.is_empty() && !turn.before().is_empty() {
            let opening = std::mem::take(turn.before_mut());
            self.game.line.comments.extend(opening);
        }
        let mut said = format!("took back turn {} ({})", turn.number, written(&turn));
        if !self.game.outcome.winners.is_empty() {
            said.push_str(&format!(" and the result {}", self.game.outcome.token()));
            self.game.outcome = Outcome::default();
            self.game.tags.retain(|t| t.name != "Result");
        }
        self.replay()?;
        Ok(said)
    }

    /// The position after the record's last turn, replayed.
    fn replay(&mut self) -> Result<(), String> {
        let turns = self.game.line.turns.len() as u32;
        self.pos = position_after(self.engine, &self.game, turns)
            .map_err(|e| format!("the record no longer replays: {}", e.message))?;
        Ok(())
    }

    fn notes_change(&self) -> Change {
        let last = self.game.line.turns.last();
        Change::Notes {
            after: last.map(|t| t.after().to_vec()).unwrap_or_default(),
            nags: last.map(|t| t.nags().to_vec()).unwrap_or_default(),
            line: self.game.line.comments.clone(),
        }
    }

    fn tags_change(&self) -> Change {
        Change::Tags {
            outcome: self.game.outcome.clone(),
            tags: self.game.tags.clone(),
        }
    }
}

/// The refusal of a turn typed without its seat when several seats may
/// take it: the turn as typed after each (`R6 + or G6 +`).
fn who<S: std::borrow::Borrow<str> + std::fmt::Display>(seats: &[S], typed: &str) -> String {
    let turns: Vec<String> = seats.iter().map(|s| format!("{s}{typed}")).collect();
    format!(
        "who takes the turn? {} may: write the seat ({})",
        prompt::either(seats),
        prompt::either(&turns)
    )
}

/// A turn as the record writes it, without its number: its head, actions,
/// NAGs and comments after it (`B6 b9-c !? {into the centre}`), and how
/// many variations it had.
fn written(turn: &billes_notation::Turn) -> String {
    let mut one = turn.clone();
    one.before_mut().clear();
    let variations = std::mem::take(one.variations_mut()).len();
    let game = Game {
        tags: Vec::new(),
        line: billes_notation::Line {
            turns: vec![one],
            comments: Vec::new(),
        },
        outcome: Outcome::default(),
        span: Default::default(),
    };
    let text = billes_notation::write_game(&game);
    let line = text.lines().next().unwrap_or("");
    let mut out = line
        .split_once(". ")
        .map_or(line, |(_, rest)| rest)
        .to_string();
    match variations {
        0 => {}
        1 => out.push_str(", with its variation"),
        n => out.push_str(&format!(", with its {n} variations")),
    }
    out
}

mod commands;

#[cfg(test)]
mod tests;
