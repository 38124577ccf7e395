//! The game API for Barricade: who acts next, the legal moves of a turn as
//! [`Move`]s, and the position as a `Position` tag.
//!
//! [`Barricade::choices`] is the one generator of legal turns: each pawn
//! move of the move generator (`moves.rs`, which knows the replay pawn and
//! the bounce) that the hooks allow, or the lost turn (`--`) when there is
//! none, with the barricades the turn puts down and where they may go
//! (the points `allow` lets through, [`Barricade::put_down_points`]). The
//! game API's list of [`Move`]s, the "legal:" lists of error messages and
//! the simulator all go through it.

use billes_game::game::{roll_error, seat_error, AnyNeed, Move, MoveRules, Next, Roll, TwoStep};
use billes_game::variant::{Hook, HookError, Hooks};
use billes_game::{Colour, ReplayError};
use billes_notation::{Action, Actions, Seat, Span};

use super::board::{bit, iter_points, seat, Point, Points};
use super::moves::Move as PawnMove;
use super::position::{colour_of, State};
use super::turn::{after_move, due_now, free_points, Owed};
use super::{Barricade, HeldOnCapture, Need, Placement, Six};

/// The most barricades one turn line can put down: the board's 11 and one
/// more would be more than there are.
const MAX_PUT_DOWNS: usize = 12;

/// One legal turn, before the points of its barricades are chosen: the
/// pawn move (`None`: no pawn can move, the turn is lost, `--`), how many
/// barricades go down after it, and the points they may go on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Choice {
    /// The pawn move, `None` for a lost turn.
    pub pawn: Option<PawnMove>,
    /// How many barricades the turn puts down (the held ones due in it,
    /// one taken in this very turn under `placement = immediately` or
    /// `held_on_capture = capturer_at_once`); none once the goal is reached.
    /// Under `placement = next_whole_turn` a 6 line is listed twice: keeping
    /// its due barricades for the replay, and putting them down.
    pub owed: u8,
    /// Of `owed`, the held barricades (the others are owed by the move).
    pub held: u8,
    /// The free points after the move: no pawn, no barricade, not forbidden.
    pub free: Points,
}

impl Barricade {
    /// Who rolls next: before the first turn every seat in play (the first
    /// turn decides who starts); after a 6 the seat that may replay, then
    /// the seat that plays if it declines (only the replayer under
    /// `six = must_replay`); nobody once the game is won.
    ///
    /// `needs`: [`Need::PutDown`] when the first seat holds a barricade to
    /// put down in this turn (under `next_whole_turn`, at the end of it); [`Need::Replay`] while a 6 replay is pending
    /// (under `must_replay`, `declined` names the seat that plays after the
    /// replay). An extra turn a variant's hook gave moves any pawn: its
    /// seat comes first, with no `Replay` need.
    pub(super) fn whose_turn(&self, state: &State) -> Next {
        let mut next = Next {
            seats: Vec::new(),
            dice: true,
            needs: Vec::new(),
        };
        if state.winner.is_some() {
            return next;
        }
        let seats = state.colours();
        let mut colours: Vec<Colour> = Vec::with_capacity(4);
        match (state.next, state.replay_colour) {
            (None, _) => colours.extend_from_slice(seats),
            (Some(i), Some(pending)) => {
                let normal = seats[usize::from(i) % seats.len()];
                colours.push(pending);
                // A 6 line that kept its due barricades is not the end of
                // the turn: the replay follows.
                let forced = self.params().six == Six::MustReplay || state.due[pending.index()] > 0;
                if !forced && normal != pending {
                    colours.push(normal);
                }
                if let Some(pawn) = state.replay_pawn {
                    next.needs.push(AnyNeed::new(Need::Replay {
                        point: self.board().name(pawn).to_string(),
                        declined: seat(normal).to_string(),
                    }));
                }
            }
            (Some(i), None) => colours.push(seats[usize::from(i) % seats.len()]),
        }
        if colours
            .first()
            .is_some_and(|&colour| due_now(self, state, colour) > 0)
        {
            next.needs.insert(0, AnyNeed::new(Need::PutDown));
        }
        next.seats = colours.iter().map(|&colour| seat(colour).into()).collect();
        next
    }

    pub(super) fn seat_to_act(&self, state: &State) -> Option<billes_notation::Seat> {
        if state.winner.is_some() {
            return None;
        }
        let seats = state.colours();
        let colour = match (state.next, state.replay_colour) {
            (None, _) => *seats.first()?,
            (Some(_), Some(pending)) => pending,
            (Some(i), None) => seats[usize::from(i) % seats.len()],
        };
        Some(billes_notation::Seat::from(seat(colour)))
    }

    pub(super) fn hand_turn_to(&self, state: &mut State, seat: &str) -> bool {
        let Some(i) = colour_of(seat).and_then(|c| state.seat_index(c)) else {
            return false;
        };
        if state.winner.is_some() {
            return false;
        }
        state.next = Some(i);
        state.replay_colour = None;
        true
    }
}

impl Barricade {
    /// Every legal move of `seat` with `roll` under `hooks`, the turn being
    /// numbered `number`: the pawn moves in the order of the move generator
    /// (the seat's pawns in board order, then a pawn entering from the
    /// house, each pawn's landings in the order of the board's routes),
    /// each followed by every choice of points for the barricades the turn
    /// puts down, in board order (two barricades: each pair once, the
    /// points in board order); `-- #f3` when no pawn can move and a
    /// barricade goes down; `--` alone when nothing can be done. Actions
    /// carry their marks (`*`, `#`) and bounces are written through the
    /// goal (`i13-i14-h13`).
    ///
    /// # Errors
    /// A `seat` error when the seat may not take the next turn, a `roll`
    /// error when the roll is missing, a `variant` error when a hook fails.
    pub(crate) fn legal_moves_with<H: Hooks>(
        &self,
        state: &State,
        seat: &str,
        roll: Option<Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<Move>, ReplayError> {
        let mut out = Vec::new();
        self.each_turn(
            state,
            seat,
            roll,
            number,
            hooks,
            &mut |seat, roll, choice, free| {
                let mut points = [self.board().goal(); MAX_PUT_DOWNS];
                self.each_put_down(choice, &mut points, 0, free, &mut |points| {
                    out.push(Move::new(
                        seat,
                        Some(roll),
                        self.write_choice(choice, points),
                    ));
                });
            },
        )?;
        Ok(out)
    }

    /// [`Barricade::legal_moves_with`] seen in two steps, in the same
    /// order: each legal turn's move, then how many barricades it puts
    /// down and the points they may go on (the same turns and points,
    /// without writing one move per point).
    ///
    /// # Errors
    /// As [`Barricade::legal_moves_with`].
    pub(crate) fn two_steps_with<H: Hooks>(
        &self,
        state: &State,
        seat: &str,
        roll: Option<Roll>,
        number: u32,
        hooks: &H,
    ) -> Result<Vec<TwoStep>, ReplayError> {
        let mut out = Vec::new();
        self.each_turn(
            state,
            seat,
            roll,
            number,
            hooks,
            &mut |seat, roll, choice, free| {
                let first = Move::new(seat, Some(roll), self.write_choice(choice, &[]));
                out.push(if choice.owed == 0 {
                    TwoStep::single(first)
                } else {
                    TwoStep {
                        first,
                        owed: choice.owed.min(MAX_PUT_DOWNS as u8),
                        points: iter_points(free).map(|p| *self.board().name(p)).collect(),
                    }
                });
            },
        )?;
        Ok(out)
    }

    /// Calls `f` with each legal turn of `seat` with `roll` under `hooks`
    /// (the turn being numbered `number`), in the order of the move
    /// generator, and the points its barricades may go on.
    fn each_turn<H: Hooks>(
        &self,
        state: &State,
        seat: &str,
        roll: Option<Roll>,
        number: u32,
        hooks: &H,
        f: &mut dyn FnMut(Seat, Roll, &Choice, Points),
    ) -> Result<(), ReplayError> {
        let next = MoveRules::next(self, state);
        let colour = match colour_of(seat) {
            Some(colour) if next.seats.iter().any(|s| s == seat) => colour,
            _ => return Err(seat_error(seat, &next)),
        };
        let Some(roll) = roll else {
            return Err(roll_error(true));
        };
        let replay = state.replay_pawn_of(colour);
        let variant = |e: HookError| e.at(Span::default());
        let choices = self
            .choices(
                state,
                number,
                colour,
                usize::from(roll.get()),
                replay,
                hooks,
            )
            .map_err(variant)?;
        let seat = Seat::new(super::board::seat(colour));
        for choice in &choices {
            let free = self
                .put_down_points(
                    state,
                    number,
                    colour,
                    usize::from(roll.get()),
                    choice,
                    hooks,
                )
                .map_err(variant)?;
            f(seat, roll, choice, free);
        }
        Ok(())
    }

    /// The legal turns of `colour` with `roll` under `hooks` (`replay`:
    /// the pawn a 6 replay moves), in the order of the move generator; a
    /// lost turn alone when no pawn can move.
    pub(crate) fn choices<H: Hooks>(
        &self,
        state: &State,
        number: u32,
        colour: Colour,
        roll: usize,
        replay: Option<Point>,
        hooks: &H,
    ) -> Result<Vec<Choice>, HookError> {
        let pawns = if hooks.active() {
            self.allowed_moves(state, number, colour, roll, replay, hooks)?
        } else {
            self.legal_pawn_moves(state, colour, roll, replay)
        };
        let due = due_now(self, state, colour);
        let free = free_points(self, state).fold(0, |a, p| a | bit(p));
        if pawns.is_empty() {
            let lost = Choice {
                pawn: None,
                owed: due,
                held: due,
                free,
            };
            return Ok(Vec::from_iter(self.fits(lost)));
        }
        let mut out = Vec::with_capacity(pawns.len());
        for m in pawns {
            let choice = self.choice(state, colour, m, free);
            let won = m.to == self.board().goal();
            let owed = Owed::of(self, roll, true, won, choice.owed, due);
            // A 6 line that keeps its due barricades for the replay comes
            // first, then the one that puts them down (declining it).
            for n in [owed.keeping, owed.ending].into_iter().flatten() {
                let held = n - choice.owed.min(n);
                out.extend(self.fits(Choice {
                    owed: n,
                    held,
                    ..choice
                }));
            }
        }
        Ok(out)
    }

    /// The points where the barricades of `choice` (a turn of `colour`
    /// with `roll` from `state`) may go under the `allow` hook: its free
    /// points, those `allow` lets through when there are enough of them
    /// ([`Barricade::allowed_put_downs`]).
    pub(crate) fn put_down_points<H: Hooks>(
        &self,
        state: &State,
        number: u32,
        colour: Colour,
        roll: usize,
        choice: &Choice,
        hooks: &H,
    ) -> Result<Points, HookError> {
        if choice.owed == 0 || !hooks.calls(Hook::Allow) {
            return Ok(choice.free);
        }
        let after = after_move(self, state, colour, choice.pawn.as_ref(), choice.held);
        debug_assert_eq!(
            free_points(self, &after).fold(0, |a, p| a | bit(p)),
            choice.free
        );
        let from = choice.pawn.and_then(|m| m.from);
        let ctx = super::hooks::TurnCtx {
            state: &after,
            number,
            colour,
            roll,
        };
        self.allowed_put_downs(&ctx, from, choice.owed, hooks)
    }

    /// The turn of pawn move `m` of `colour`, owing only the barricades
    /// its move puts down at once (the held ones are [`Owed`]'s).
    /// `free`: the free points before the move.
    fn choice(&self, state: &State, colour: Colour, m: PawnMove, free: Points) -> Choice {
        let c = colour.index();
        let params = self.params();
        let to = bit(m.to);
        let mut free = free;
        let mut owed = 0;
        if m.take && params.placement == Placement::Immediately {
            owed += 1;
        }
        let takes_held =
            (0..4).any(|o| o != c && state.pawns[o] & to != 0 && state.held[o] == Some(m.to));
        if m.capture && takes_held && params.held_on_capture == HeldOnCapture::CapturerAtOnce {
            owed += 1;
        }
        if m.to == self.board().goal() {
            // The game ends at once: nothing more is put down.
            owed = 0;
        }
        if let Some(from) = m.from.filter(|&from| self.forbidden & bit(from) == 0) {
            free |= bit(from);
        }
        // After freeing the start: a bounce of 2 lands where it started.
        free &= !to;
        Choice {
            pawn: Some(m),
            owed,
            held: 0,
            free,
        }
    }

    /// The turn, when there are enough free points for its barricades (a
    /// turn that cannot put them down is not legal; never on this board).
    fn fits(&self, choice: Choice) -> Option<Choice> {
        (choice.free.count_ones() >= u32::from(choice.owed)).then_some(choice)
    }

    /// Calls `f` with each set of `choice.owed` points of `free` (from
    /// index `i` of `points` on), in board order. A turn owes at most the
    /// 11 barricades of the board and one taken in the turn.
    fn each_put_down(
        &self,
        choice: &Choice,
        points: &mut [Point; MAX_PUT_DOWNS],
        i: usize,
        free: Points,
        f: &mut dyn FnMut(&[Point]),
    ) {
        let owed = usize::from(choice.owed).min(points.len());
        if i >= owed {
            f(&points[..owed]);
            return;
        }
        for p in iter_points(free) {
            points[i] = p;
            // The later points come after this one in board order.
            let later = free & !(bit(p) | (bit(p) - 1));
            self.each_put_down(choice, points, i + 1, later, f);
        }
    }

    /// The actions of `choice` putting its barricades down on `points`:
    /// the pawn move with its marks (or `--`), then `#point` for each.
    pub(crate) fn write_choice(&self, choice: &Choice, points: &[Point]) -> Actions {
        let mut actions = Actions::new();
        actions.push(match &choice.pawn {
            Some(m) => self.action(m),
            None => Action::Pass {
                span: Span::default(),
            },
        });
        for &p in points {
            actions.push(Action::Barricade {
                at: *self.board().name(p),
                span: Span::default(),
            });
        }
        actions
    }

    /// The pawn moves among the legal turns of `colour` under `hooks`,
    /// written as in a record (the "legal:" list of an error; a lost turn
    /// is not listed).
    pub(crate) fn move_list<H: Hooks>(
        &self,
        state: &State,
        number: u32,
        colour: Colour,
        roll: usize,
        replay: Option<Point>,
        hooks: &H,
    ) -> Result<Vec<String>, HookError> {
        let mut list: Vec<String> = self
            .choices(state, number, colour, roll, replay, hooks)?
            .iter()
            .filter_map(|choice| choice.pawn.as_ref())
            .map(|m| self.action(m).to_string())
            .collect();
        // A 6 line listed twice (keeping its barricades, or not) is one move.
        list.dedup();
        Ok(list)
    }
}

#[cfg(test)]
mod tests {
    use billes_game::game::Position;
    use billes_game::variant::NoHooks;
    use billes_game::{Rng, Rules, SimOptions};
    use billes_notation::parse_game;

    use super::*;
    use crate::position::write_position;
    use crate::Params;

    /// Everything a position says, to compare two of them (the replay pawn
    /// only while a replay is pending).
    fn fields(state: &State) -> impl PartialEq + std::fmt::Debug {
        (
            state.pawns,
            state.housed,
            state.barricades,
            (state.seats, state.n_seats, state.next),
            state.replay_colour,
            state.replay_colour.and(state.replay_pawn),
            state.held,
            state.holds,
            state.due,
            state.winner,
        )
    }

    /// Sets a position up from its `Seats` and `Position` tags.
    fn set_up(rules: &Barricade, seats: &str, tag: &str) -> State {
        let text =
            format!("[Game \"barricade\"]\n[Seats \"{seats}\"]\n[Position \"{tag}\"]\n\n*\n");
        let game = parse_game(&text).expect("record parses");
        rules.setup(&game).expect("position tag reads")
    }

    #[test]
    fn position_tags_round_trip_through_simulated_games() {
        let mut rng = Rng::new(3);
        let rule_sets = [
            Params::default(),
            Params {
                placement: Placement::Immediately,
                six: Six::Nothing,
                ..Params::default()
            },
            Params {
                held_on_capture: HeldOnCapture::CapturerAtOnce,
                six: Six::MustReplay,
                barricade_on_goal: true,
                ..Params::default()
            },
            Params {
                placement: Placement::NextWholeTurn,
                ..Params::default()
            },
        ];
        for params in rule_sets {
            let rules = Barricade::new(params);
            for players in 2..=4 {
                let options = SimOptions {
                    players,
                    max_turns: 600,
                    ..SimOptions::default()
                };
                let game = <Barricade as billes_game::game::GameRules>::simulate(
                    &rules, &options, &mut rng, &NoHooks,
                )
                .expect("simulated game");
                let seats = game.tag("Seats").unwrap_or_default().to_string();
                let mut state = rules.setup(&game).expect("start");
                for turn in &game.line.turns {
                    let tag = write_position(&state);
                    let back = set_up(&rules, &seats, &tag);
                    assert_eq!(fields(&back), fields(&state), "{tag}");
                    assert_eq!(write_position(&back), tag);
                    rules.play(&mut state, turn).expect("valid turn");
                }
                let tag = write_position(&state);
                assert_eq!(
                    fields(&set_up(&rules, &seats, &tag)),
                    fields(&state),
                    "{tag}"
                );
            }
        }
    }

    #[test]
    fn written_positions_read_back() {
        let rules = Barricade::default();
        for (seats, tag) in [
            ("R B", "R:i13,e5 B:o3 bar=i11,i10,g7,k7,e3 move=R held=B:o3"),
            ("R G Y", "G:g1 bar= move=Y replay=G:g1"),
            ("R B", "R:c1 bar=e3 move=B held=R,B replay=R"),
            ("R B", "R:a2 B:o3 bar=e3 move=R won=R"),
            ("R B", "R:c5,e5 B:o3 move=R held=R,R:e5,B"),
        ] {
            let state = set_up(&rules, seats, tag);
            let written = write_position(&state);
            assert_eq!(fields(&set_up(&rules, seats, &written)), fields(&state));
        }
        // The groups in their order, a list's items after commas.
        let state = set_up(&rules, "R B", "R:c5,e5 B:o3 move=R held=R,R:e5,B");
        assert_eq!(
            write_position(&state),
            "R:c5,e5 B:o3 bar=i13,i11,i10,i9,g7,k7,a3,e3,i3,m3,q3 move=R held=R:e5,R,B"
        );
        // Each seat's taker point first, then `due=` after `held=`.
        let whole = Barricade::new(Params {
            placement: Placement::NextWholeTurn,
            ..Params::default()
        });
        let state = set_up(
            &whole,
            "R B",
            "R:c5,e5 B:o3 bar= move=B due=R held=R,R:e5 replay=R:c5",
        );
        let e5 = rules.board().point("e5");
        assert_eq!((state.holds[0], state.due[0], state.held[0]), (2, 1, e5));
        assert_eq!(
            write_position(&state),
            "R:c5,e5 B:o3 bar= move=B held=R:e5,R due=R replay=R:c5"
        );
        let won = set_up(&rules, "R B", "R:a2 B:o3 bar=e3 move=R won=R");
        assert_eq!(won.winner(), Some("R"));
        assert!(MoveRules::next(&rules, &won).seats.is_empty());
        for bad in [
            "R:a2,b3,c3,d3,f3 won=R",
            "won=Y",
            "bar=i14 won=R",
            "replay=R:e5",
        ] {
            let text =
                format!("[Game \"barricade\"]\n[Seats \"R B\"]\n[Position \"{bad}\"]\n\n*\n");
            let game = parse_game(&text).expect("record parses");
            assert!(rules.setup(&game).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_start_tag_and_who_rolls_first() {
        let rules = Barricade::default();
        let state = set_up(&rules, "R G Y", "");
        assert_eq!(
            write_position(&state),
            "bar=i13,i11,i10,i9,g7,k7,a3,e3,i3,m3,q3"
        );
        let next = MoveRules::next(&rules, &state);
        assert_eq!(next.seats, ["R", "G", "Y"]);
        assert!(next.dice && next.needs.is_empty());
        let replay = set_up(&rules, "R G Y", "G:g1 move=Y replay=G:g1 held=G");
        let next = MoveRules::next(&rules, &replay);
        assert_eq!(next.seats, ["G", "Y"]);
        assert_eq!(
            next.needs,
            [
                AnyNeed::new(Need::PutDown),
                AnyNeed::new(Need::Replay {
                    point: "g1".into(),
                    declined: "Y".into()
                })
            ]
        );
        let must = Barricade::new(Params {
            six: Six::MustReplay,
            ..Params::default()
        });
        assert_eq!(MoveRules::next(&must, &replay).seats, ["G"]);
    }

    #[test]
    fn a_held_barricade_goes_down_on_every_free_point() {
        let rules = Barricade::default();
        let record = parse_game(
            "[Game \"barricade\"]\n[Seats \"R B\"]\n[Position \"R:e5 move=R held=R\"]\n\n*\n",
        )
        .expect("record parses");
        let pos = billes_game::game::RulesPosition::start(&rules, &record).expect("start");
        let moves = pos.legal_moves(Roll::new(1)).expect("moves");
        // 112 points less row 1 (17), the goal, 11 barricades and the pawn
        // on e5: 82 free points. A 1 moves the pawn on e5 to d5, f5 or e6,
        // freeing e5 and filling its landing, or enters a pawn on c1 (row
        // 1): 82 free points after each of the four moves.
        assert_eq!(free_points(&rules, pos.state()).count(), 82);
        assert_eq!(moves.len(), 4 * 82);
        assert!(moves.iter().all(|m| m.actions.len() == 2));
        assert!(moves[0].to_string().ends_with(" #a13"), "{}", moves[0]);
        assert_eq!(
            moves.last().map(|m| m.to_string()).as_deref(),
            Some("h-c1 #q2")
        );
    }
}
