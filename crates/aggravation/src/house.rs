//! Aggravation under house rules that change the game: moves added by a
//! variant, the edits of its effects, its winner, and the board helpers
//! (`walk`, `path`, `neighbours`) hooks and scripts see.

use billes_game::edit::{Edit, EditOp, PieceEdit};
use billes_game::game::{Move, Roll};
use billes_game::house::parse_actions;
use billes_game::variant::Hooks;
use billes_game::{ChangeError, Colour, ErrorKind, ReplayError};
use billes_notation::{Action, Capture, Seat, Span, Turn};

use super::board::{Class, Hole};
use super::legal::TurnCtx;
use super::moves::Candidate;
use super::{Aggravation, State};

/// The most holes a track may have (the loop and a HOME row).
const MAX_TRACK: usize = 256;

impl State {
    /// The hole called `name`, or why not.
    fn hole_named(&self, name: &str) -> Result<Hole, ChangeError> {
        self.board
            .hole(name)
            .ok_or_else(|| ChangeError(format!("there is no hole {name}")))
    }

    /// The next hole of a marble of `colour` after `h` on its track: none
    /// past the end of its HOME row, from the centre or another's HOME.
    fn track_next(&self, colour: Colour, h: Hole) -> Option<Hole> {
        let next = self.board.next(colour, h)?;
        if self.board.class(next) == Class::Home && self.board.offset(next) >= self.home_size {
            return None;
        }
        Some(next)
    }

    /// The colour whose track a helper follows: `seat`'s, else the marble
    /// on `h`'s.
    fn track_colour(&self, h: Hole, seat: Option<&str>) -> Option<Colour> {
        match seat {
            Some(s) => self.board.seat(s),
            None => self.at(h),
        }
    }

    /// About how many steps a marble of `colour` on `h` has made from
    /// BASE: for [`billes_game::variant::BoardView::progress`].
    pub(crate) fn steps_made(&self, colour: Colour, h: Hole) -> u32 {
        let b = self.board;
        let lap = u32::from(b.loop_len);
        match b.class(h) {
            Class::Loop => 1 + u32::from(b.loop_distance(b.start(colour), h)),
            Class::Centre => 1 + lap / 2,
            Class::Home => 2 * lap + u32::from(b.offset(h)),
            Class::Unused => 0,
        }
    }

    /// The holes one step from `h` along the board's lines.
    pub(crate) fn neighbour_holes(&self, h: Hole) -> Vec<Hole> {
        let b = self.board;
        let mut out = Vec::new();
        match b.class(h) {
            Class::Loop => {
                out.push(b.loop_ahead(h, b.loop_len - 1));
                out.push(b.loop_ahead(h, 1));
                if b.is_star(h) {
                    out.push(b.centre);
                }
                for c in b.all_colours() {
                    if b.branch(c) == h && self.home_size > 0 {
                        out.push(b.home(c, 0));
                    }
                }
            }
            Class::Centre => out.extend(b.all_colours().map(|c| b.star(c))),
            Class::Home => {
                let i = b.offset(h);
                if let Some(c) = b.colour(h) {
                    out.push(if i == 0 {
                        b.branch(c)
                    } else {
                        b.home(c, i - 1)
                    });
                    if i + 1 < self.home_size {
                        out.push(b.home(c, i + 1));
                    }
                }
            }
            Class::Unused => {}
        }
        out
    }

    pub(crate) fn walk_names(
        &self,
        point: &str,
        steps: u32,
        seat: Option<&str>,
    ) -> Vec<Vec<String>> {
        let Some(mut h) = self.board.hole(point) else {
            return Vec::new();
        };
        let Some(colour) = self.track_colour(h, seat) else {
            return Vec::new();
        };
        let mut route = Vec::new();
        for _ in 0..steps.min(MAX_TRACK as u32) {
            let Some(next) = self.track_next(colour, h) else {
                return Vec::new();
            };
            h = next;
            route.push(self.name(h).to_string());
        }
        vec![route]
    }

    /// The route of `steps` steps back from `point`: counter-clockwise
    /// round the loop; from a HOME hole up its row, then onto the loop at
    /// the row's branch hole and back round it. None from the centre.
    pub(crate) fn walk_back_names(&self, point: &str, steps: u32) -> Vec<Vec<String>> {
        let b = self.board;
        let Some(mut h) = b.hole(point) else {
            return Vec::new();
        };
        let mut route = Vec::new();
        for _ in 0..steps.min(MAX_TRACK as u32) {
            h = match (b.class(h), b.colour(h)) {
                (Class::Loop, _) => b.loop_ahead(h, b.loop_len - 1),
                (Class::Home, Some(c)) => match b.offset(h) {
                    0 => b.branch(c),
                    i => b.home(c, i - 1),
                },
                _ => return Vec::new(),
            };
            route.push(self.name(h).to_string());
        }
        vec![route]
    }

    pub(crate) fn path_names(
        &self,
        from: &str,
        to: &str,
        seat: Option<&str>,
    ) -> Option<Vec<String>> {
        let mut h = self.board.hole(from)?;
        let goal = self.board.hole(to)?;
        let colour = self.track_colour(h, seat)?;
        let mut route = Vec::new();
        for _ in 0..MAX_TRACK {
            h = self.track_next(colour, h)?;
            route.push(self.name(h).to_string());
            if h == goal {
                return Some(route);
            }
        }
        None
    }

    /// A marble on `h` that edits may move: not in HOME.
    fn editable(&self, h: Hole, name: &str) -> Result<Colour, ChangeError> {
        if self.board.class(h) == Class::Home {
            return Err(ChangeError(format!(
                "{name} is a HOME hole: edits leave HOME alone"
            )));
        }
        self.at(h)
            .ok_or_else(|| ChangeError(format!("no marble stands on {name}")))
    }

    /// An empty hole outside HOME that an edit may fill.
    fn fillable(&self, h: Hole, name: &str) -> Result<(), ChangeError> {
        if self.board.class(h) == Class::Home {
            return Err(ChangeError(format!(
                "{name} is a HOME hole: edits leave HOME alone"
            )));
        }
        match self.at(h) {
            Some(s) => Err(ChangeError(format!(
                "{}'s marble stands on {name}",
                self.letter(s)
            ))),
            None => Ok(()),
        }
    }
}

impl Aggravation {
    /// [`billes_game::game::GameRules::spell_added`] for Aggravation: one
    /// move of `seat`'s marble along a path of holes (`r5-rh4-rh2`), landing
    /// on an empty hole or another seat's marble (which it aggravates).
    pub(crate) fn spell_added_move(
        &self,
        state: &State,
        roller: &str,
        seat: &str,
        roll: Option<Roll>,
        text: &str,
    ) -> Result<Option<Move>, ChangeError> {
        let mover = self
            .board
            .seat(seat)
            .filter(|&s| state.in_play[s.index()])
            .ok_or_else(|| ChangeError(format!("\"{text}\" for {seat}, no seat in play")))?;
        let actions = parse_actions(roller, roll, text)?;
        let bad = |why: String| ChangeError(format!("\"{text}\": {why}"));
        let [Action::Move { path, .. }] = actions.as_slice() else {
            return Err(bad("an added move is one move along a path of holes".into()));
        };
        let holes: Vec<Hole> = path
            .iter()
            .map(|n| state.hole_named(n.as_str()))
            .collect::<Result<_, _>>()
            .map_err(|e| bad(e.0))?;
        let (from, to) = (holes[0], holes[holes.len() - 1]);
        if state.at(from) != Some(mover) {
            return Err(bad(format!(
                "no marble of {seat} stands on {}",
                state.name(from)
            )));
        }
        let captured = state.at(to);
        if captured == Some(mover) {
            return Err(bad(format!(
                "{seat}'s own marble stands on {}",
                state.name(to)
            )));
        }
        let mv = Move {
            seat: Seat::from(roller),
            roll,
            mover: None,
            actions: [Action::Move {
                path: path.clone(),
                capture: captured.map(|_| Capture {
                    target: None,
                    points: None,
                    span: Span::default(),
                }),
                barricade: false,
                span: Span::default(),
            }]
            .into(),
        };
        Ok(Some(mv.with_mover(Some(Seat::from(seat)))))
    }

    /// [`billes_game::game::GameRules::play_added`] for Aggravation.
    pub(crate) fn play_added_move<H: Hooks>(
        &self,
        state: &mut State,
        turn: &Turn,
        mv: &Move,
        hooks: &H,
    ) -> Result<(), ReplayError> {
        let err = |m: String| ReplayError::new(ErrorKind::IllegalMove, turn.head.span, m);
        let roller = self
            .board
            .seat(mv.seat.as_str())
            .ok_or_else(|| err(format!("{} is no seat", mv.seat)))?;
        let mover = self
            .board
            .seat(mv.moving_seat().as_str())
            .ok_or_else(|| err(format!("{} is no seat", mv.moving_seat())))?;
        let roll = mv.roll.map_or(0, Roll::get);
        let candidate = match mv.actions.as_slice() {
            [Action::Move { path, .. }] => {
                let hole = |i: usize| state.hole_named(path[i].as_str()).map_err(|e| err(e.0));
                let (from, to) = (hole(0)?, hole(path.len() - 1)?);
                let captured = state.at(to).filter(|&s| s != mover);
                Candidate::new(Some(from), None, Some(to), Ok(captured))
            }
            _ => Candidate::pass(),
        };
        let standard = self.extra & (1 << roll) != 0;
        let ctx = TurnCtx {
            state,
            number: turn.number,
            roller,
            mover,
            roll,
        };
        let extra = self.extra_turn_hooked(&ctx, turn, candidate, standard, hooks)?;
        self.apply(state, mover, candidate);
        self.end_turn(state, roller, mover, extra, candidate.to());
        Ok(())
    }

    /// [`billes_game::game::GameRules::apply_edit`] for Aggravation: the piece
    /// edits ([`PieceEdit::OPS`], its list), nothing else.
    pub(crate) fn edit(&self, state: &mut State, edit: &Edit) -> Result<(), ChangeError> {
        match PieceEdit::read(edit)? {
            Some(piece) => self.edit_marbles(state, piece),
            None => Err(EditOp::unknown(edit.op(), PieceEdit::OPS)),
        }
    }

    /// A piece edit of Aggravation's: marbles outside HOME only (a HOME
    /// count never changes by an edit).
    fn edit_marbles(&self, state: &mut State, edit: PieceEdit<'_>) -> Result<(), ChangeError> {
        match edit {
            PieceEdit::Send { at } => {
                let h = state.hole_named(at)?;
                let s = state.editable(h, at)?;
                state.lift(s, h);
                state.base[s.index()] += 1;
            }
            PieceEdit::Put { seat, at } => {
                let s = self
                    .board
                    .seat(seat)
                    .filter(|&s| state.in_play[s.index()])
                    .ok_or_else(|| ChangeError(format!("{seat} is no seat in play")))?;
                let h = state.hole_named(at)?;
                state.fillable(h, at)?;
                if state.base[s.index()] == 0 {
                    return Err(ChangeError(format!("{seat} has no marble in BASE")));
                }
                state.base[s.index()] -= 1;
                state.put(s, h);
            }
            PieceEdit::Move { from, to } => {
                let (f, t) = (state.hole_named(from)?, state.hole_named(to)?);
                let s = state.editable(f, from)?;
                state.fillable(t, to)?;
                state.shift(s, Some(f), t);
            }
            PieceEdit::Swap { a, b } => {
                let (x, y) = (state.hole_named(a)?, state.hole_named(b)?);
                let (sx, sy) = (state.editable(x, a)?, state.editable(y, b)?);
                state.lift(sx, x);
                state.lift(sy, y);
                state.put(sx, y);
                state.put(sy, x);
            }
        }
        Ok(())
    }

    /// [`billes_game::game::GameRules::declare_winner`] for Aggravation: the
    /// seat's team wins.
    pub(crate) fn declare(&self, state: &mut State, seat: &str) -> Result<(), ChangeError> {
        let s = self
            .board
            .seat(seat)
            .filter(|&s| state.in_play[s.index()])
            .ok_or_else(|| ChangeError(format!("\"{seat}\", no seat in play")))?;
        state.winner = Some(state.team[s.index()]);
        state.to_roll = None;
        state.again = false;
        Ok(())
    }
}
