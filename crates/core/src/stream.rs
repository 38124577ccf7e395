//! The check of a record handed over turn by turn, as it is read: what
//! pgn-reader's visitor does for chess. The position, the turn number and
//! the counts are all that is kept between turns, so a game of any length
//! is checked in the memory of its longest turn; the checks are those of
//! [`validate_with`](crate::validate_with), turn for turn.
//!
//! ```
//! use billes_core::{Engine, GameKind, Standard, TurnCheck};
//!
//! let record = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R1 r9-r10\n*\n";
//! let game = billes_notation::parse_game(record).unwrap();
//! let mut head = game.clone();
//! head.line.turns.clear();
//! let rules = Standard::new(billes_core::aggravation::KIND);
//! let mut check = rules.stream(&head).unwrap().unwrap();
//! for turn in &game.line.turns {
//!     check.turns(&mut vec![turn.clone()]).unwrap();
//! }
//! assert_eq!(check.finish(&head, &game.outcome).unwrap().turns, 2);
//! ```

use billes_game::replay::{check_outcome, validate_part};
use billes_notation::{Brief, Game, Line, Outcome, PairBrief, Turn, TurnStream};

use crate::{ReplayError, Rules, Summary};

/// A record checked as its turns come, under rules `R`.
#[derive(Debug)]
pub struct StreamCheck<R: Rules> {
    rules: R,
    state: R::State,
    /// The number of the next main-line turn.
    next: u32,
    summary: Summary,
}

/// The object-safe face of a [`StreamCheck`], for an
/// [`Engine`](crate::Engine) to give.
pub trait TurnCheck {
    /// Checks and plays the next main-line turns, their variations
    /// included. `turns` is given back as it came (it is borrowed to be
    /// walked as a line).
    ///
    /// # Errors
    /// The first mistake among them; the check cannot go on after it.
    fn turns(&mut self, turns: &mut Vec<Turn>) -> Result<(), ReplayError>;

    /// Checks the result token `outcome` and the `Result` tag of `head`
    /// against the position reached: what the record replays to.
    ///
    /// # Errors
    /// The first mistake of the result.
    fn finish(&mut self, head: &Game, outcome: &Outcome) -> Result<Summary, ReplayError>;

    /// Whether these rules play turns read as [`Brief`]s
    /// ([`brief`](TurnCheck::brief)). The default: no.
    fn plays_briefs(&self) -> bool {
        false
    }

    /// Checks and plays the next main-line turn, read as a brief, as
    /// [`turns`](TurnCheck::turns) checks the turn it stands for: whether
    /// it did. `false`, the position left as it was, when it is not the
    /// next turn, not legal, or one these rules leave to the tree: the
    /// caller reads it again as a turn and hands it to
    /// [`turns`](TurnCheck::turns), which plays it or tells what was
    /// wrong.
    fn brief(&mut self, brief: &Brief) -> bool {
        let _ = brief;
        false
    }

    /// Checks and plays the briefs at the start of `piece`, the text where
    /// `stream` stands, as [`TurnStream::play_briefs`] reads them and
    /// [`brief`](TurnCheck::brief) plays each: how many it played.
    ///
    /// One call for a piece of turns: the rules' check of each brief is
    /// then made in the parser's loop, not called through the trait for
    /// each turn (measured: about 1% of a check's time, on every game).
    ///
    /// A game of two dice whose rules play [`PairBrief`]s
    /// ([`plays_pair_briefs`](TurnCheck::plays_pair_briefs)) has its
    /// turns read as pair briefs ([`TurnStream::play_pair_briefs`]), each
    /// played by [`pair_brief`](TurnCheck::pair_brief).
    fn play_briefs(&mut self, stream: &mut TurnStream, piece: &str) -> usize {
        if self.plays_pair_briefs() {
            return self.play_pair_briefs(stream, piece);
        }
        stream.play_briefs(piece, |brief| self.brief(brief))
    }

    /// [`play_briefs`](TurnCheck::play_briefs) of a game of two dice: a
    /// call apart, so that the reading of briefs of one die is compiled as
    /// it was without it (inlined beside it, it cost Ludo's check 0.5%
    /// more instructions).
    #[inline(never)]
    fn play_pair_briefs(&mut self, stream: &mut TurnStream, piece: &str) -> usize {
        stream.play_pair_briefs(piece, |brief| self.pair_brief(brief))
    }

    /// Whether these rules play the turns of a game of two dice read as
    /// [`PairBrief`]s ([`pair_brief`](TurnCheck::pair_brief)), where they
    /// play briefs. The default: no.
    fn plays_pair_briefs(&self) -> bool {
        false
    }

    /// [`brief`](TurnCheck::brief), for a turn of two dice read as a
    /// [`PairBrief`].
    fn pair_brief(&mut self, brief: &PairBrief) -> bool {
        let _ = brief;
        false
    }

    /// [`play_briefs`](TurnCheck::play_briefs), handing `seen` each brief
    /// played, in order: for a caller that reads the turns too, such as
    /// the fingerprint of `billes validate --duplicates`. A call apart, so
    /// that the check without it pays nothing for it. Briefs of one die
    /// only: [`play_pair_briefs_seen`](TurnCheck::play_pair_briefs_seen)
    /// reads a game that plays pair briefs.
    fn play_briefs_seen(
        &mut self,
        stream: &mut TurnStream,
        piece: &str,
        seen: &mut dyn FnMut(&Brief),
    ) -> usize {
        stream.play_briefs(piece, |brief| {
            let played = self.brief(brief);
            if played {
                seen(brief);
            }
            played
        })
    }

    /// [`play_briefs_seen`](TurnCheck::play_briefs_seen) of a game of two
    /// dice whose rules play pair briefs: `seen` is handed each pair brief
    /// played.
    fn play_pair_briefs_seen(
        &mut self,
        stream: &mut TurnStream,
        piece: &str,
        seen: &mut dyn FnMut(&PairBrief),
    ) -> usize {
        stream.play_pair_briefs(piece, |brief| {
            let played = self.pair_brief(brief);
            if played {
                seen(brief);
            }
            played
        })
    }
}

impl<R: Rules> StreamCheck<R> {
    /// The check of the record whose tags `head` holds (its turns are not
    /// looked at), from its start position.
    ///
    /// # Errors
    /// When the tags describe no start position.
    pub fn new(rules: R, head: &Game) -> Result<StreamCheck<R>, ReplayError> {
        let state = rules.setup(head)?;
        Ok(StreamCheck {
            rules,
            state,
            next: 1,
            summary: Summary {
                turns: 0,
                variation_turns: 0,
                winners: None,
                stopped: false,
            },
        })
    }
}

impl<R: Rules> TurnCheck for StreamCheck<R> {
    fn turns(&mut self, turns: &mut Vec<Turn>) -> Result<(), ReplayError> {
        let line = Line {
            turns: std::mem::take(turns),
            comments: Vec::new(),
        };
        let played = validate_part(
            &self.rules,
            &mut self.state,
            &line,
            self.next,
            &mut self.summary,
        );
        self.next = self.next.saturating_add(line.turns.len() as u32);
        *turns = line.turns;
        played
    }

    fn plays_briefs(&self) -> bool {
        self.rules.plays_briefs()
    }

    fn plays_pair_briefs(&self) -> bool {
        self.rules.plays_pair_briefs()
    }

    /// What the walk of [`validate_part`] does for each main-line turn
    /// without variations: its number, the game not over, the rules' play.
    #[inline(always)]
    fn brief(&mut self, brief: &Brief) -> bool {
        if brief.number != self.next
            || self.rules.is_over(&self.state)
            || !self.rules.play_brief(&mut self.state, brief)
        {
            return false;
        }
        self.next = self.next.saturating_add(1);
        self.summary.turns += 1;
        true
    }

    /// [`brief`](TurnCheck::brief)'s walk, of a pair brief (written out
    /// as `brief`'s: a closure handed the rules' play was not inlined, and
    /// cost the board games' check 6% to 8% more instructions).
    #[inline(always)]
    fn pair_brief(&mut self, brief: &PairBrief) -> bool {
        if brief.number != self.next
            || self.rules.is_over(&self.state)
            || !self.rules.play_pair_brief(&mut self.state, brief)
        {
            return false;
        }
        self.next = self.next.saturating_add(1);
        self.summary.turns += 1;
        true
    }

    fn finish(&mut self, head: &Game, outcome: &Outcome) -> Result<Summary, ReplayError> {
        let mut summary = self.summary.clone();
        summary.winners = self.rules.winners(&self.state);
        check_outcome(head, outcome, summary.winners.as_deref())?;
        Ok(summary)
    }
}
