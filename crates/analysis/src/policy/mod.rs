//! Playing policies: what plays the games out in a rollout.
//!
//! A [`Policy`] picks one of the legal moves of a position. [`Heuristic`] is
//! a fast player per game (each game's rules type implements the game
//! API's [`Play`], in the game's crate) that reads only what the game API
//! gives: the
//! moves' actions and the game's typed state (`<dyn Position>::state`,
//! the board as the rules keep it, without names to parse): in Aggravation it
//! aggravates, enters HOME, enters, keeps its marbles out of reach and makes
//! progress; in Barricade it reaches the goal, sends pawns home, puts
//! barricades in front of the leader and makes progress; in Offboard it
//! ejects, pushes and keeps its lines together towards the centre. Those
//! are its scores; the choice is the core's one greedy player
//! ([`billes_core::greedy`], through [`policy::choose`]). It plays a
//! random move now and then ([`Heuristic::EXPLORE`]) and breaks ties at
//! random, so that rollouts of Offboard, which has no dice, still differ.
//! [`Uniform`] plays uniformly random legal moves: the yardstick.
//!
//! ```
//! use billes_analysis::{Heuristic, Policy};
//! use billes_core::game::{Position, Roll};
//! use billes_core::{Engine, GameKind, Rng, Standard};
//!
//! let rules = Standard::new(billes_core::aggravation::KIND);
//! // Red may aggravate Green on r12 or move its other marble.
//! let pos = rules.position(&[("Seats", "R G"), ("Position", "R:r9,b2 G:r12 move=R")])?;
//! let moves = pos.legal_moves(Roll::new(3))?;
//! let pick = Heuristic::for_game(billes_core::aggravation::KIND).choose(pos.as_ref(), &moves, &mut Rng::new(1));
//! assert_eq!(moves[pick].to_string(), "r9-r12*");
//! # Ok::<(), billes_core::ReplayError>(())
//! ```

use std::fmt;

use billes_core::game::{Move, Position, Roll};
use billes_core::policy::{self, Play};
use billes_core::{with_kind, GameKind, ReplayError, Rng};

/// A player: picks one of the legal moves of a position.
pub trait Policy: fmt::Debug + Sync {
    /// The index of the move to play among `moves`, the legal moves of the
    /// seat to act in `pos` (never empty). `rng` is the policy's own
    /// randomness: the same generator state gives the same choice.
    fn choose(&self, pos: &dyn Position, moves: &[Move], rng: &mut Rng) -> usize;

    /// A cheap evaluation of `pos`: the winning chance of the seats of
    /// `side` without playing on (where a cut rollout is valued). By
    /// default the winners' share when the game is over, else equal shares.
    fn evaluate(&self, pos: &dyn Position, side: &[String]) -> f32 {
        match pos.winners() {
            Some(w) => crate::rollout::side_value(Some(&w), side, 1),
            None => 1.0 / pos.seats().len().max(1) as f32,
        }
    }

    /// How much the player likes each of `moves` (higher is better), to
    /// choose candidates worth rolling out; by default all alike.
    fn scores(&self, _pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
        vec![0.0; moves.len()]
    }

    /// The move the player plays in `pos` with `roll` (`None`: no legal
    /// move): by default [`Policy::choose`] among the legal moves. What a
    /// rollout asks every turn.
    ///
    /// # Errors
    /// When the position has no seat to act or a variant's hook fails.
    fn pick(
        &self,
        pos: &dyn Position,
        roll: Option<Roll>,
        rng: &mut Rng,
    ) -> Result<Option<Move>, ReplayError> {
        choose_listed(self, pos, roll, rng)
    }
}

/// [`Policy::choose`] among the legal moves of `pos` with `roll`.
fn choose_listed<P: Policy + ?Sized>(
    policy: &P,
    pos: &dyn Position,
    roll: Option<Roll>,
    rng: &mut Rng,
) -> Result<Option<Move>, ReplayError> {
    let mut moves = pos.legal_moves(roll)?;
    if moves.is_empty() {
        return Ok(None);
    }
    let i = policy.choose(pos, &moves, rng).min(moves.len() - 1);
    Ok(Some(moves.swap_remove(i)))
}

/// The uniformly random player: every legal move equally likely.
///
/// ```
/// use billes_analysis::{Policy, Uniform};
/// use billes_core::game::{Position, Roll};
/// use billes_core::{Engine, GameKind, Rng, Standard};
///
/// let rules = Standard::new(billes_core::offboard::KIND);
/// let pos = rules.position(&[])?;
/// let moves = pos.legal_moves(None)?;
/// assert!(Uniform.choose(pos.as_ref(), &moves, &mut Rng::new(3)) < moves.len());
/// # Ok::<(), billes_core::ReplayError>(())
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Uniform;

impl Policy for Uniform {
    fn choose(&self, _pos: &dyn Position, moves: &[Move], rng: &mut Rng) -> usize {
        rng.below(moves.len().max(1))
    }
}

/// The fast heuristic player of a game (see the module docs for what it
/// values in each game).
///
/// ```
/// use billes_analysis::Heuristic;
/// use billes_core::GameKind;
/// assert_eq!(Heuristic::for_game(billes_core::barricade::KIND).game(), billes_core::barricade::KIND);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Heuristic {
    game: GameKind,
}

impl Heuristic {
    /// One move in this many is a uniformly random one.
    pub const EXPLORE: u32 = policy::EXPLORE;

    /// The heuristic player of `game`.
    pub fn for_game(game: GameKind) -> Heuristic {
        Heuristic { game }
    }

    /// The game it plays.
    pub fn game(&self) -> GameKind {
        self.game
    }
}

impl Heuristic {
    /// A cheap evaluation of `pos`: the winning chance of the seats of
    /// `side`, from the game's own measures, without playing on. In
    /// Aggravation and Barricade a race: the own turns each contestant
    /// still needs (the way home or to the goal, marbles in reach of an
    /// opponent and barricades in the way counted in); in Offboard the
    /// points, the marbles left and those in danger on the rim. The
    /// winners' share when the game is over; equal shares when the
    /// position is not the game's.
    ///
    /// ```
    /// use billes_analysis::Heuristic;
    /// use billes_core::{Engine, GameKind, Standard};
    ///
    /// let rules = Standard::new(billes_core::barricade::KIND);
    /// // Red stands next to the goal, Green at its start.
    /// let pos = rules.position(&[("Seats", "R G"), ("Position", "R:i13 G:c1 bar=a1 move=R")])?;
    /// let player = Heuristic::for_game(billes_core::barricade::KIND);
    /// let red = player.evaluation(pos.as_ref(), &["R".to_string()]);
    /// assert!(red > 0.8 && red < 1.0, "{red}");
    /// # Ok::<(), billes_core::ReplayError>(())
    /// ```
    pub fn evaluation(&self, pos: &dyn Position, side: &[String]) -> f32 {
        if let Some(w) = pos.winners() {
            return crate::rollout::side_value(Some(&w), side, 1);
        }
        let logits = with_kind!(self.game, R => <R as Play>::strengths(pos));
        match logits {
            Some(l) if !l.is_empty() => policy::share(&l, side),
            _ => 1.0 / pos.seats().len().max(1) as f32,
        }
    }
}

impl Policy for Heuristic {
    fn choose(&self, pos: &dyn Position, moves: &[Move], rng: &mut Rng) -> usize {
        with_kind!(self.game, R => policy::choose::<R>(pos, moves, rng))
    }

    fn evaluate(&self, pos: &dyn Position, side: &[String]) -> f32 {
        self.evaluation(pos, side)
    }

    fn scores(&self, pos: &dyn Position, moves: &[Move]) -> Vec<f32> {
        with_kind!(self.game, R => <R as Play>::scores(pos, moves))
    }

    /// The game's own pick ([`Play::pick`]): [`Policy::choose`] among the
    /// legal moves, or in Barricade the same choice in two steps (the
    /// move, then where its barricades go:
    /// [`Position::legal_two_steps`]), without writing one move per free
    /// point.
    fn pick(
        &self,
        pos: &dyn Position,
        roll: Option<Roll>,
        rng: &mut Rng,
    ) -> Result<Option<Move>, ReplayError> {
        with_kind!(self.game, R => <R as Play>::pick(pos, roll, rng))
    }
}

/// The seats on the team of `seat` in `pos` (`seat` included).
pub(crate) fn team_of(pos: &dyn Position, seat: &str) -> Vec<String> {
    let team = pos.hook_view().team(seat);
    if team.is_empty() {
        vec![seat.to_string()]
    } else {
        team
    }
}
