//! [`RulesPosition`]: a game's state under its rules, as a [`Position`].

use std::fmt;

use billes_notation::{Game, Seat, Span, Tag, Turn};

use super::{Move, MoveRules, Next, PlayError, Position, Roll, TwoStep};
use crate::{ErrorKind, GameKind, ReplayError};

/// A position of a game under `R`, its rules (standard or with a variant's
/// hooks): the [`Position`] every engine gives.
pub struct RulesPosition<R: MoveRules> {
    rules: R,
    state: R::State,
    turns: u32,
    /// A state no longer in use, in whose lists the copy made before the
    /// next turn (to put back if the turn is refused) is made
    /// ([`Clone::clone_from`]), not made and freed a turn: the export of
    /// Parcheesi, every turn of which is played so, counts 4.5% fewer
    /// instructions for it.
    spare: Option<R::State>,
}

impl<R: MoveRules + Clone> Clone for RulesPosition<R> {
    fn clone(&self) -> Self {
        RulesPosition {
            rules: self.rules.clone(),
            state: self.state.clone(),
            turns: self.turns,
            spare: None,
        }
    }
}

impl<R: MoveRules> fmt::Debug for RulesPosition<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RulesPosition")
            .field("game", &self.rules.game_kind())
            .field("position", &self.rules.position_tag(&self.state))
            .field("turns", &self.turns)
            .finish()
    }
}

impl<R: MoveRules> RulesPosition<R> {
    /// The start position of `game` (its `Seats`, `Teams` and `Position`
    /// tags) under `rules`.
    ///
    /// # Errors
    /// A tag error when the tags describe no start position.
    pub fn start(rules: R, game: &Game) -> Result<Self, ReplayError> {
        let state = rules.setup(game)?;
        Ok(RulesPosition::from_state(rules, state, 0))
    }

    /// The position of `state` under `rules`, `turns` turns into the game.
    pub fn from_state(rules: R, state: R::State, turns: u32) -> Self {
        RulesPosition {
            rules,
            state,
            turns,
            spare: None,
        }
    }

    /// A copy of the state, made in the spare state's lists when there is
    /// one; [`Self::keep_spare`] takes it back once the turn is played.
    fn copy_before(&mut self) -> R::State {
        match self.spare.take() {
            Some(mut copy) => {
                copy.clone_from(&self.state);
                copy
            }
            None => self.state.clone(),
        }
    }

    /// Keeps `state`, no longer in use, for the next [`Self::copy_before`].
    fn keep_spare(&mut self, state: R::State) {
        self.spare = Some(state);
    }

    /// The game's state.
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Plays `turn` in place, `before` being a copy of the state made just
    /// before: a turn refused leaves the position as it was, whatever the
    /// rules did before refusing it (a hook may fail halfway through). One
    /// copy of the state a turn, where playing on a copy and moving it back
    /// made three; the replay stream, which keeps the position before each
    /// turn anyway, gives that copy and makes none here.
    pub(crate) fn play_or_put_back(
        &mut self,
        turn: &Turn,
        before: &R::State,
    ) -> Result<(), ReplayError> {
        self.put_back_on_refusal(before, |rules, state| rules.play(state, turn))
    }

    /// [`Self::play_or_put_back`], writing the turn's complete move into
    /// `complete` as well ([`MoveRules::play_completed_into`]): one call
    /// where a reader that makes rows of the moves made two. Whether the
    /// game completed the turn.
    pub(crate) fn play_completed_or_put_back(
        &mut self,
        turn: &Turn,
        before: &R::State,
        complete: &mut Move,
    ) -> Result<bool, ReplayError> {
        self.put_back_on_refusal(before, |rules, state| {
            rules.play_completed_into(state, turn, complete)
        })
    }

    /// Plays `turn` in place with no copy to put back: a turn refused
    /// leaves the position unknown (a hook may fail halfway through), so
    /// only a caller that never reads the position after a refusal plays
    /// this way (the replay stream, whose line stops at a refused turn,
    /// for a reader that does not read the position before it). With
    /// `complete`, the turn's complete move is written there as
    /// [`Self::play_completed_or_put_back`] writes it: whether it was.
    pub(crate) fn play_unkept(
        &mut self,
        turn: &Turn,
        complete: Option<&mut Move>,
    ) -> Result<bool, ReplayError> {
        let played = match complete {
            Some(complete) => self
                .rules
                .play_completed_into(&mut self.state, turn, complete)?,
            None => self.rules.play(&mut self.state, turn).map(|()| false)?,
        };
        self.turns += 1;
        Ok(played)
    }

    /// Plays a turn in place with `play`, putting the state `before` back
    /// when it refuses it.
    #[inline(always)]
    fn put_back_on_refusal<T>(
        &mut self,
        before: &R::State,
        play: impl FnOnce(&R, &mut R::State) -> Result<T, ReplayError>,
    ) -> Result<T, ReplayError> {
        match play(&self.rules, &mut self.state) {
            Ok(played) => {
                self.turns += 1;
                Ok(played)
            }
            Err(e) => {
                self.state.clone_from(before);
                Err(e)
            }
        }
    }

    /// Plays `turn` on a copy of the state, through the rules' checker.
    fn checked(&self, turn: &Turn) -> Result<R::State, ReplayError> {
        let mut next = self.state.clone();
        self.rules.play(&mut next, turn)?;
        Ok(next)
    }
}

/// A game record of nothing but these tags, to set a position up from.
pub fn tags_game(kind: GameKind, tags: &[(&str, &str)]) -> Game {
    let mut all = vec![Tag {
        name: "Game".into(),
        value: kind.name().into(),
        span: Span::default(),
    }];
    all.extend(tags.iter().map(|(n, v)| Tag {
        name: (*n).into(),
        value: (*v).into(),
        span: Span::default(),
    }));
    Game {
        tags: all,
        line: Default::default(),
        outcome: Default::default(),
        span: Span::default(),
    }
}

impl<R: MoveRules + Clone> Position for RulesPosition<R> {
    fn game(&self) -> GameKind {
        self.rules.game_kind()
    }

    fn seats(&self) -> Vec<Seat> {
        self.rules.seat_list(&self.state)
    }

    fn next(&self) -> Next {
        self.rules.next(&self.state)
    }

    fn to_act(&self) -> Option<Seat> {
        self.rules.to_act(&self.state)
    }

    fn turns(&self) -> u32 {
        self.turns
    }

    fn legal_moves(&self, roll: Option<Roll>) -> Result<Vec<Move>, PlayError> {
        match self.rules.to_act(&self.state) {
            Some(seat) => self
                .rules
                .legal_moves(&self.state, seat, roll, self.turns + 1),
            None => Err(PlayError::GameOver),
        }
    }

    fn legal_moves_for(&self, seat: Seat, roll: Option<Roll>) -> Result<Vec<Move>, PlayError> {
        self.rules
            .legal_moves(&self.state, seat, roll, self.turns + 1)
    }

    fn legal_two_steps_for(
        &self,
        seat: Seat,
        roll: Option<Roll>,
    ) -> Result<Vec<TwoStep>, PlayError> {
        self.rules
            .legal_two_steps(&self.state, seat, roll, self.turns + 1)
    }

    fn play(&mut self, mv: &Move) -> Result<(), PlayError> {
        self.state = self
            .checked(&mv.to_turn(self.turns + 1))
            .map_err(PlayError::from_replay)?;
        self.turns += 1;
        Ok(())
    }

    fn play_turn(&mut self, turn: &Turn) -> Result<(), ReplayError> {
        let before = self.copy_before();
        let played = self.play_or_put_back(turn, &before);
        self.keep_spare(before);
        played
    }

    fn parse_move(&self, roll: Option<Roll>, text: &str) -> Result<Move, PlayError> {
        let text = text.trim();
        let whole = text.chars().next().is_some_and(|c| c.is_ascii_uppercase());
        let line = if whole {
            text.to_string()
        } else {
            let seat = self.to_act().ok_or(PlayError::GameOver)?;
            match roll {
                Some(r) => format!("{seat}{r} {text}"),
                None => format!("{seat} {text}"),
            }
        };
        let illegal = |message: String, legal: &[Move]| PlayError::Illegal {
            kind: ErrorKind::IllegalMove,
            message,
            legal: legal.iter().map(|m| m.to_string()).collect(),
        };
        let record = format!("[Game \"{}\"]\n\n{line} *\n", self.game());
        let parsed = billes_notation::parse_game(&record)
            .map_err(|e| illegal(format!("\"{text}\" is not a move: {}", e.message), &[]))?;
        let [turn] = parsed.line.turns.as_slice() else {
            return Err(illegal(format!("\"{text}\" is not one move"), &[]));
        };
        let written = Move::from_turn(turn)
            .ok_or_else(|| PlayError::Roll("the roll is not a die face (1 to 6)".into()))?;
        let legal = self.legal_moves_for(written.seat, written.roll)?;
        let after = self
            .checked(turn)
            .map_err(|e| match PlayError::from_replay(e) {
                PlayError::Illegal {
                    kind,
                    message,
                    legal: listed,
                } => PlayError::Illegal {
                    kind,
                    message,
                    legal: if listed.is_empty() {
                        legal.iter().map(|m| m.to_string()).collect()
                    } else {
                        listed
                    },
                },
                other => other,
            })?;
        if let Some(m) = legal.iter().find(|m| **m == written) {
            return Ok(m.clone());
        }
        let tag = self.rules.position_tag(&after);
        let next = self.rules.next(&after);
        for m in &legal {
            if m.mover != written.mover && written.mover.is_some() {
                continue;
            }
            if let Ok(s) = self.checked(&m.to_turn(self.turns + 1)) {
                if self.rules.position_tag(&s) == tag && self.rules.next(&s) == next {
                    return Ok(m.clone());
                }
            }
        }
        Err(illegal(
            format!("\"{text}\" is accepted by the checker but is not in the list of legal moves"),
            &legal,
        ))
    }

    fn winners(&self) -> Option<Vec<Seat>> {
        self.rules.winners(&self.state)
    }

    fn is_over(&self) -> bool {
        self.rules.is_over(&self.state)
    }

    fn finish_order(&self) -> Vec<Vec<Seat>> {
        self.rules.finish_order(&self.state)
    }

    fn position_tag(&self) -> String {
        self.rules.position_tag(&self.state)
    }

    fn complete_turn(&self, turn: &Turn) -> Option<Move> {
        self.rules.complete_turn(&self.state, turn)
    }

    fn play_turn_completed(
        &mut self,
        turn: &Turn,
        complete: &mut Move,
    ) -> Result<bool, ReplayError> {
        let before = self.copy_before();
        match self.play_completed_or_put_back(turn, &before, complete) {
            Ok(false) => {
                // Played, but not completed: put back, for the caller to
                // list.
                let after = std::mem::replace(&mut self.state, before);
                self.keep_spare(after);
                self.turns -= 1;
                Ok(false)
            }
            played => {
                self.keep_spare(before);
                played
            }
        }
    }

    fn plays_briefs(&self) -> bool {
        crate::Rules::plays_briefs(&self.rules)
    }

    fn play_brief_completed(
        &mut self,
        brief: &billes_notation::Brief,
        complete: &mut Move,
    ) -> bool {
        let played = self
            .rules
            .play_brief_completed_into(&mut self.state, brief, complete);
        self.turns += u32::from(played);
        played
    }

    fn plays_pair_briefs(&self) -> bool {
        crate::Rules::plays_briefs(&self.rules) && crate::Rules::plays_pair_briefs(&self.rules)
    }

    fn play_pair_brief_completed(
        &mut self,
        brief: &billes_notation::PairBrief,
        complete: &mut Move,
    ) -> bool {
        let played = self
            .rules
            .play_pair_brief_completed_into(&mut self.state, brief, complete);
        self.turns += u32::from(played);
        played
    }

    fn view(&self) -> crate::view::PositionView {
        self.rules.view(&self.state)
    }

    fn hook_view(&self) -> crate::variant::BoardRef<'_> {
        self.rules.hook_view(&self.state)
    }

    fn text_board(&self) -> String {
        self.rules.text_board(&self.state)
    }

    fn boxed(&self) -> Box<dyn Position + '_> {
        Box::new(self.clone())
    }

    fn state_any(&self) -> &dyn std::any::Any {
        &self.state
    }
}
