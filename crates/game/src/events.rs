//! The replay stream: a record replayed once, main line and variations, and
//! told as it goes to a [`Reader`], so that what shows or reads a record
//! (the HTML viewer, `billes replay`) walks no tree of turns of its own.
//! `billes_core::Engine::read` gives it under any rules, standard or a
//! variant; [`read_with`] under rules of a known type.
//!
//! The events come in the order of the record, as the walk over its tree
//! of turns ([`crate::walk`]) goes, like those of a PGN reader's visitor:
//!
//! - [`Reader::start`]: the start position, once, first;
//! - [`Reader::begin_variation`]: a variation begins, with its depth, its
//!   place, the turn it replaces and the position it is played from (the
//!   one before that turn); a turn's variations come before the turn,
//!   nested ones first;
//! - [`Reader::turn`]: a turn played, with the positions before and after
//!   it;
//! - [`Reader::mistake`]: a mistake ([`ReplayError`]), as `billes validate`
//!   words it. A wrong turn number leaves the position known: the turn is
//!   played after it. Any other mistake of a turn stops its line
//!   ([`Mistake::stops`]): the turns after it in its line are not played;
//!   a variation that stops does not stop the line it belongs to. Once the
//!   main line is played to its end, the mistakes of the result come last;
//! - [`Reader::end_variation`]: the variation begun last ends (stopped or
//!   not).
//!
//! Every variation is walked (one nested deeper than
//! [`crate::walk::MAX_DEPTH`] is a mistake, not walked), each line up to
//! the mistake that stops it: the first mistake a reader is told is the
//! record's first, the one `billes validate` reports. A reader answers
//! [`ControlFlow::Break`] to stop the stream there; a reader that wants
//! less (a variation too deep to show) leaves out what it is told of it.
//!
//! ```
//! use std::fmt::Write as _;
//! use std::ops::ControlFlow;
//!
//! use billes_game::events::{read_with, Mistake, Played, Reader, Variation};
//! use billes_game::game::Position;
//!
//! /// Writes the record as it is told: `[` and `]` around a variation.
//! #[derive(Default)]
//! struct Outline(String);
//!
//! impl Reader for Outline {
//!     fn start(&mut self, start: &dyn Position) -> ControlFlow<()> {
//!         write!(self.0, "{} to move:", start.to_act().unwrap_or_default()).unwrap();
//!         ControlFlow::Continue(())
//!     }
//!
//!     fn begin_variation(&mut self, v: &Variation<'_>) -> ControlFlow<()> {
//!         write!(self.0, " [{} of turn {}:", v.k + 1, v.of.number).unwrap();
//!         ControlFlow::Continue(())
//!     }
//!
//!     fn turn(&mut self, t: &Played<'_>) -> ControlFlow<()> {
//!         let next = t.after.to_act().unwrap_or_default();
//!         write!(self.0, " {}. {} ({next} next)", t.number, t.turn.head).unwrap();
//!         ControlFlow::Continue(())
//!     }
//!
//!     fn mistake(&mut self, m: &Mistake<'_>) -> ControlFlow<()> {
//!         write!(self.0, " ! {}", m.error.message).unwrap();
//!         ControlFlow::Continue(())
//!     }
//!
//!     fn end_variation(&mut self, _depth: usize) -> ControlFlow<()> {
//!         self.0.push_str(" ]");
//!         ControlFlow::Continue(())
//!     }
//! }
//!
//! // Turn 2 has a variation whose second turn R may not play: it stops
//! // there, and the main line goes on.
//! let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R1 r9-r10 (2. R2 r9-r11 3. R6 +)\n3. G6 +\n*\n";
//! let game = billes_notation::parse_game(record).unwrap();
//! let rules = billes_core::aggravation::Aggravation::default();
//! let mut outline = Outline::default();
//! read_with(&rules, &game, &mut outline).unwrap();
//! assert_eq!(
//!     outline.0,
//!     "R to move: 1. R6 (R next) [1 of turn 2: 2. R2 (G next) ! it is G's turn to roll, not R's ] \
//!      2. R1 (G next) 3. G6 (G next)"
//! );
//! ```

use std::marker::PhantomData;
use std::ops::ControlFlow;

use billes_notation::{Actions, Game, Seat, Span, Turn};

use crate::game::{Move, MoveRules, Position, RulesPosition};
use crate::replay::{after_end, misnumbered, outcome_errors, refused, too_deep};
use crate::walk::{walk, At, Fork, Read, Visitor};
use crate::ReplayError;

/// What reads the replay stream: each method is an event, in the order of
/// the record (see the [module](self)'s documentation). Each does nothing
/// by default; [`ControlFlow::Break`] stops the stream after it.
pub trait Reader {
    /// The game starts from `start`: the first event.
    fn start(&mut self, start: &dyn Position) -> ControlFlow<()> {
        let _ = start;
        ControlFlow::Continue(())
    }

    /// A variation begins: its turns, and its end, come next.
    fn begin_variation(&mut self, variation: &Variation<'_>) -> ControlFlow<()> {
        let _ = variation;
        ControlFlow::Continue(())
    }

    /// A turn was played.
    fn turn(&mut self, played: &Played<'_>) -> ControlFlow<()> {
        let _ = played;
        ControlFlow::Continue(())
    }

    /// A mistake of the record.
    fn mistake(&mut self, mistake: &Mistake<'_>) -> ControlFlow<()> {
        let _ = mistake;
        ControlFlow::Continue(())
    }

    /// The variation begun last, `depth` deep, ends.
    fn end_variation(&mut self, depth: usize) -> ControlFlow<()> {
        let _ = depth;
        ControlFlow::Continue(())
    }

    /// Whether the reader wants each turn's complete move
    /// ([`Played::complete`]): the stream then plays each turn with
    /// [`MoveRules::play_completed_into`], which a game answers with the one
    /// check it makes of the turn. False by default.
    fn wants_complete_moves(&self) -> bool {
        false
    }

    /// Whether the reader reads the position `turn` is played from
    /// ([`Played::before`]), asked before each turn is played. True by
    /// default; a reader that answers false is told `before: None` for
    /// that turn, and the stream saves a copy of the position (5% of the
    /// time of an Aggravation export, docs/export.md). A reader
    /// that finds, once the turn is played, that it wanted the position
    /// after all must read the record again answering true.
    fn needs_before(&self, turn: &Turn) -> bool {
        let _ = turn;
        true
    }
}

/// A variation beginning, as [`Reader::begin_variation`] is told it.
#[derive(Debug)]
pub struct Variation<'a> {
    /// The turn it replaces.
    pub of: &'a Turn,
    /// That turn's place in its line: 0 for the first turn.
    pub index: usize,
    /// Its place among that turn's variations: 0 for the first.
    pub k: usize,
    /// 1 for a variation of the main line, 2 for one of a variation, and
    /// so on.
    pub depth: usize,
    /// The position it is played from: the one before [`of`](Variation::of).
    pub from: &'a dyn Position,
}

/// A turn played, as [`Reader::turn`] is told it.
#[derive(Debug)]
pub struct Played<'a> {
    /// The turn as written.
    pub turn: &'a Turn,
    /// The number it is played as: the one the turns before it in its line
    /// give it (a wrong number written is a [`Mistake`]).
    pub number: u32,
    /// Its place in its line: 0 for the first turn.
    pub index: usize,
    /// 0 in the main line, 1 in a variation of it, and so on.
    pub depth: usize,
    /// The position it was played from; `None` when the reader said it
    /// does not read it ([`Reader::needs_before`]).
    pub before: Option<&'a dyn Position>,
    /// The position after it.
    pub after: &'a dyn Position,
    /// The move it is, in the order written with every effect mark
    /// ([`Position::complete_turn`]), for a reader that
    /// [wants it](Reader::wants_complete_moves) and a game that says
    /// without listing its moves; `None` otherwise.
    pub complete: Option<&'a Move>,
}

/// A mistake of the record, as [`Reader::mistake`] is told it.
#[derive(Debug)]
pub struct Mistake<'a> {
    /// The mistake, as `billes validate` reports it.
    pub error: &'a ReplayError,
    /// The turn it is in; `None` for the result's, and for a line nested
    /// deeper than [`crate::walk::MAX_DEPTH`] (which is not walked).
    pub turn: Option<&'a Turn>,
    /// The depth of its line: 0 in the main line (and for the result).
    pub depth: usize,
    /// Whether its line stops there: the turns after it in its line are
    /// not played, the position after it being unknown. Every mistake but
    /// a wrong turn number (which leaves the position known) and the
    /// result's (after the last turn).
    pub stops: bool,
}

/// Replays `game` under `rules`, telling `reader` what happens as the
/// [module](self)'s documentation says: what `billes_core::Engine::read`
/// does once it has matched its rules' type.
///
/// # Errors
/// When the record's tags describe no start position: the reader is then
/// told nothing.
pub fn read_with<R: MoveRules>(
    rules: &R,
    game: &Game,
    reader: &mut dyn Reader,
) -> Result<(), ReplayError> {
    let mut pos = RulesPosition::start(rules, game)?;
    if reader.start(&pos).is_break() {
        return Ok(());
    }
    let mut stream = Stream {
        complete: reader.wants_complete_moves(),
        move_made: Move::new(Seat::default(), None, Actions::new()),
        reader,
        depth: 0,
        rules: PhantomData,
    };
    if walk::<Read, _>(&mut stream, &mut pos, &game.line).is_break() {
        return Ok(());
    }
    let winners = pos.winners();
    for error in outcome_errors(game, &game.outcome, Some(winners.as_deref())) {
        let mistake = Mistake {
            error: &error,
            turn: None,
            depth: 0,
            stops: false,
        };
        if stream.reader.mistake(&mistake).is_break() {
            break;
        }
    }
    Ok(())
}

/// Why the stream stops a line.
enum Halt {
    /// A mistake of the line: the line it varies goes on.
    Line,
    /// The reader stopped the stream.
    Reader,
}

/// The stream, as a visitor of the record's turns, played under rules `R`.
struct Stream<'r, 'd, R> {
    reader: &'d mut dyn Reader,
    /// Whether the reader wants each turn's complete move (asked once).
    complete: bool,
    /// The complete move of the turn played, when the reader wants it:
    /// one move for every turn, which the game writes in place
    /// ([`MoveRules::play_completed_into`]).
    move_made: Move,
    /// The depth of the line being walked.
    depth: usize,
    rules: PhantomData<&'r R>,
}

impl<R> Stream<'_, '_, R> {
    /// Tells the reader `mistake`; then the line stops when it
    /// [`stops`](Mistake::stops) it.
    fn mistake(&mut self, mistake: &Mistake<'_>) -> ControlFlow<Halt> {
        told(self.reader.mistake(mistake))?;
        match mistake.stops {
            true => ControlFlow::Break(Halt::Line),
            false => ControlFlow::Continue(()),
        }
    }
}

/// What the reader answered, as the walk's.
fn told(flow: ControlFlow<()>) -> ControlFlow<Halt> {
    match flow {
        ControlFlow::Continue(()) => ControlFlow::Continue(()),
        ControlFlow::Break(()) => ControlFlow::Break(Halt::Reader),
    }
}

impl<'r, R: MoveRules> Visitor<Read> for Stream<'r, '_, R> {
    type Position<'p> = RulesPosition<&'r R>;
    type Stop = Halt;
    type Kept = ();

    fn branch(&mut self, pos: &RulesPosition<&'r R>) -> RulesPosition<&'r R> {
        pos.clone()
    }

    fn too_deep(&mut self, span: Span) -> ControlFlow<Halt> {
        let error = too_deep(span);
        self.mistake(&Mistake {
            error: &error,
            turn: None,
            depth: self.depth,
            stops: true,
        })
    }

    fn number(
        &mut self,
        turn: &Turn,
        _: Option<&Turn>,
        expected: u32,
    ) -> ControlFlow<Halt, (u32, ())> {
        if turn.number != expected {
            let error = misnumbered(turn, expected);
            self.mistake(&Mistake {
                error: &error,
                turn: Some(turn),
                depth: self.depth,
                stops: false,
            })?;
        }
        ControlFlow::Continue((expected, ()))
    }

    fn variation(&mut self, pos: &RulesPosition<&'r R>, fork: Fork<'_>) -> ControlFlow<Halt> {
        told(self.reader.begin_variation(&Variation {
            of: fork.turn,
            index: fork.index,
            k: fork.k,
            depth: fork.depth,
            from: pos,
        }))?;
        self.depth = fork.depth;
        ControlFlow::Continue(())
    }

    fn variation_ended(&mut self, ended: ControlFlow<Halt>) -> ControlFlow<Halt> {
        if let ControlFlow::Break(Halt::Reader) = ended {
            return ended;
        }
        let depth = self.depth;
        self.depth -= 1;
        told(self.reader.end_variation(depth))
    }

    // Inlined in the walk, as it was before it had two ways to play.
    #[inline(always)]
    fn play(
        &mut self,
        pos: &mut RulesPosition<&'r R>,
        turn: &mut &Turn,
        at: At<'_, ()>,
    ) -> ControlFlow<Halt> {
        let turn = *turn;
        let error = if pos.is_over() {
            after_end(turn, &pos.winners().unwrap_or_default())
        } else {
            // The position before the turn is copied only for a reader
            // that reads it: the copy is 5% of the time of an Aggravation
            // export (docs/export.md). Without it a refused turn leaves the
            // position unknown, which nothing reads: the line stops there.
            let before = self.reader.needs_before(turn).then(|| pos.clone());
            let made = &mut self.move_made;
            let played = match (&before, self.complete) {
                (Some(before), true) => pos.play_completed_or_put_back(turn, before.state(), made),
                (Some(before), false) => pos.play_or_put_back(turn, before.state()).map(|()| false),
                (None, complete) => pos.play_unkept(turn, complete.then_some(made)),
            };
            match played {
                Ok(completed) => {
                    return told(self.reader.turn(&Played {
                        turn,
                        number: at.number,
                        index: at.index,
                        depth: at.depth,
                        before: before.as_ref().map(|b| b as &dyn Position),
                        after: &*pos,
                        complete: completed.then_some(&self.move_made),
                    }))
                }
                Err(e) => refused(e, turn),
            }
        };
        self.mistake(&Mistake {
            error: &error,
            turn: Some(turn),
            depth: at.depth,
            stops: true,
        })
    }
}
