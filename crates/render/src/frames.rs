//! A record replayed into frames: the start position and the position after
//! every turn of the main line, each with what the turn did (the route of the
//! piece moved, captured pieces, ejected marbles, barricades taken and put
//! down) worked out by comparing it with the position before.

use std::ops::ControlFlow;

use billes_core::drawing::Marks;
use billes_core::game::replay_views_with;
use billes_core::view::{Piece, PositionView, View, ViewStep};
use billes_core::{Engine, ReplayError, Rules, Standard, Summary};
use billes_notation::{Action, Game, Turn};

use crate::layout::{self, Layout, Xy};
use crate::{Drawing, RenderError};

/// A replay showing every position's view to its observer.
type ReplayViews<'r> = dyn FnMut(&mut dyn FnMut(&ViewStep<'_>) -> ControlFlow<()>) -> Result<Summary, ReplayError>
    + 'r;

/// One position of a replayed game.
#[derive(Debug, Clone)]
pub struct Frame {
    /// 0 for the start, else the 1-based index of the turn just played.
    pub index: u32,
    /// The turn just played, in notation (`R6 r9-r15`); empty for the start.
    pub text: String,
    /// Its number as written.
    pub number: Option<u32>,
    /// The seat that rolled.
    pub seat: Option<String>,
    /// The roll (the first die of two).
    pub roll: Option<u32>,
    /// The second die, in a game of two dice.
    pub second: Option<u8>,
    /// Its annotation glyphs (`!`, `?!`, `$14`).
    pub nags: Vec<String>,
    /// Its comments, before and after.
    pub comments: Vec<String>,
    /// The position.
    pub view: PositionView,
    /// What the turn did.
    pub marks: Marks,
}

/// A record replayed for pictures.
#[derive(Debug)]
pub struct Replay {
    /// The game's name.
    pub game: &'static str,
    /// Its board drawing.
    pub layout: Layout,
    /// The start and every position after a main-line turn, in order.
    pub frames: Vec<Frame>,
    /// The record's first mistake, when it has one: the frames stop before it.
    pub error: Option<ReplayError>,
    /// The result token (`*`, `=R`).
    pub outcome: String,
}

impl Replay {
    /// Replays `game` into frames.
    ///
    /// # Errors
    /// [`RenderError::Replay`] when the record has no start position (no
    /// or unknown `Game` tag, bad seats); a mistake later in the record is
    /// kept in [`Replay::error`] with the frames before it.
    /// [`RenderError::Board`] when the board cannot be drawn.
    pub fn of(game: &Game) -> Result<Replay, RenderError> {
        Replay::with_engine(&Standard::of(game)?, game)
    }

    /// Replays `game` into frames under `engine`: the standard rules or a
    /// variant, whose board (HOME rows, targets) the drawing follows.
    ///
    /// # Errors
    /// As [`Replay::of`].
    pub fn with_engine(engine: &dyn Engine, game: &Game) -> Result<Replay, RenderError> {
        let layout = layout::standard(engine.game())?;
        Replay::build(layout, game, &mut |observe| {
            engine.replay_views(game, observe)
        })
    }

    /// Replays `game` into frames under `rules`, the rules of a game whose
    /// rules type draws it ([`Drawing`]), listed in the core's registry or
    /// not: a game outside it is drawn as the three games are.
    ///
    /// # Errors
    /// As [`Replay::of`].
    pub fn with_rules<R>(rules: &R, game: &Game) -> Result<Replay, RenderError>
    where
        R: Drawing + Rules,
        <R as Rules>::State: View,
    {
        let layout = Layout::of::<R>()?;
        Replay::build(layout, game, &mut |observe| {
            replay_views_with(rules, game, observe)
        })
    }

    /// The frames of `game` drawn on `layout`, as `replay` shows its
    /// positions to an observer.
    fn build(
        mut layout: Layout,
        game: &Game,
        replay: &mut ReplayViews<'_>,
    ) -> Result<Replay, RenderError> {
        let mut frames: Vec<Frame> = Vec::new();
        let mut fitted = Ok(());
        let result = replay(&mut |step| {
            if step.index == 0 {
                fitted = layout.fit(&step.view);
            }
            let marks = match (frames.last(), step.turn) {
                (Some(before), Some(turn)) => marks(&layout, &before.view, &step.view, turn),
                _ => Marks::default(),
            };
            frames.push(frame(step.index, step.turn, step.view.clone(), marks));
            ControlFlow::Continue(())
        });
        let error = match result {
            Ok(_) => None,
            Err(e) if frames.is_empty() => return Err(e.into()),
            Err(e) => Some(e),
        };
        fitted?;
        Ok(Replay {
            game: layout.game,
            layout,
            frames,
            error,
            outcome: game.outcome.token(),
        })
    }

    /// The frame after turn `at` (0: the start).
    ///
    /// # Errors
    /// [`RenderError::NoSuchTurn`] when the game has fewer turns (or its
    /// mistake comes first).
    pub fn at(&self, at: u32) -> Result<&Frame, RenderError> {
        self.frames.get(at as usize).ok_or(RenderError::NoSuchTurn {
            at,
            turns: self.frames.len().saturating_sub(1) as u32,
        })
    }

    /// The last frame.
    pub fn last(&self) -> &Frame {
        // `of` never returns without the start frame
        &self.frames[self.frames.len() - 1]
    }
}

fn frame(index: u32, turn: Option<&Turn>, view: PositionView, marks: Marks) -> Frame {
    match turn {
        None => Frame {
            index,
            text: String::new(),
            number: None,
            seat: None,
            roll: None,
            second: None,
            nags: Vec::new(),
            comments: Vec::new(),
            view,
            marks,
        },
        Some(t) => {
            let actions: Vec<String> = t.actions.iter().map(|a| a.to_string()).collect();
            Frame {
                index,
                text: format!("{} {}", t.head, actions.join(" ")),
                number: Some(t.number),
                seat: Some(t.head.seat.to_string()),
                roll: t.head.roll,
                second: t.head.second,
                nags: t
                    .nags()
                    .iter()
                    .map(|n| {
                        n.symbol()
                            .map_or_else(|| format!("${}", n.code), str::to_string)
                    })
                    .collect(),
                comments: t
                    .before()
                    .iter()
                    .chain(t.after())
                    .map(|c| c.text.to_string())
                    .collect(),
                view,
                marks,
            }
        }
    }
}

/// Works out what `turn` did from the positions before and after it.
pub(crate) fn marks(
    layout: &Layout,
    before: &PositionView,
    after: &PositionView,
    turn: &Turn,
) -> Marks {
    let mover = turn.mover().as_str();
    let mut m = Marks::default();
    let gained: Vec<&Piece> = after
        .pieces
        .iter()
        .filter(|p| p.seat == mover && !before.pieces.contains(p))
        .collect();
    let from_waiting = || layout.waiting(mover).and_then(|w| w.spots.first().copied());
    for action in &turn.actions {
        match action {
            Action::Move { path, .. } => {
                let followed = (layout.drawing().route_of_move)(layout, before, turn, path);
                let straight = followed.is_none();
                let mut route: Vec<Xy> = followed.unwrap_or_default();
                for pair in path.windows(2).filter(|_| straight) {
                    let leg = layout.route(&pair[0], &pair[1]).unwrap_or_else(|| {
                        // a house (`h`) or an unknown name: a straight leg
                        [&pair[0], &pair[1]]
                            .iter()
                            .filter_map(|n| layout.position(n).or_else(from_waiting))
                            .collect()
                    });
                    let skip = usize::from(!route.is_empty());
                    route.extend(leg.into_iter().skip(skip));
                }
                if route.len() >= 2 {
                    m.arrows.push(route);
                }
                if let Some(last) = path.last() {
                    m.landed.push(last.to_string());
                }
            }
            Action::Place { to, .. } => {
                let to = to
                    .as_ref()
                    .map(|t| t.to_string())
                    .or_else(|| gained.first().map(|p| p.point.to_string()));
                if let Some(to) = to {
                    if let (Some(a), Some(b)) = (from_waiting(), layout.position(&to)) {
                        m.arrows.push(vec![a, b]);
                    }
                    m.landed.push(to);
                }
            }
            Action::Line {
                from,
                to,
                direction,
                ..
            } => {
                let a = layout.position(from);
                let b = to.as_ref().and_then(|t| layout.position(t)).or(a);
                let d = layout.directions.get(direction.as_str());
                if let (Some(a), Some(b), Some(&d)) = (a, b, d) {
                    m.arrows.extend(line_arrows(a, b, d));
                }
                m.landed.extend(gained.iter().map(|p| p.point.to_string()));
            }
            Action::Barricade { at, .. } => m.placed.push(at.to_string()),
            Action::Pass { .. } | Action::Remove { .. } => {}
        }
    }
    (layout.drawing().losses)(before, after, &mut m);
    m
}

/// The arrows of an Offboard line moving one cell along `d` (a unit
/// step), its end marbles at `a` and `b`. A line moving along its axis gets
/// one arrow over the whole line, from its rear marble to the cell in front
/// of its front marble (`e5:h5>e`: from e5 to i5); a line moving sideways
/// gets an arrow from each end marble to where it goes. A single marble is
/// a line whose ends are the same.
fn line_arrows(a: Xy, b: Xy, d: Xy) -> Vec<Vec<Xy>> {
    let along = (b.0 - a.0, b.1 - a.1);
    let cross = along.0 * d.1 - along.1 * d.0;
    let step = |p: Xy| (p.0 + d.0, p.1 + d.1);
    if cross.abs() < 1e-6 {
        // along the axis: the rear is the end the direction points away from
        let (rear, front) = if along.0 * d.0 + along.1 * d.1 >= 0.0 {
            (a, b)
        } else {
            (b, a)
        };
        vec![vec![rear, step(front)]]
    } else {
        vec![vec![a, step(a)], vec![b, step(b)]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replay(text: &str) -> Replay {
        let game = billes_notation::parse_game(text).expect("parses");
        Replay::of(&game).expect("replays")
    }

    #[test]
    fn frames_start_with_the_start_position() {
        let r = replay(
            "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + !\n2. R1 r9-r10 {one step}\n*\n",
        );
        assert_eq!(r.frames.len(), 3);
        assert_eq!(r.frames[0].index, 0);
        assert_eq!(r.frames[1].text, "R6 +");
        assert_eq!(r.frames[1].nags, ["!"]);
        assert_eq!(r.frames[1].marks.landed, ["r9"]);
        assert_eq!(r.frames[1].marks.arrows.len(), 1);
        assert_eq!(r.frames[2].comments, ["one step"]);
        assert!(r.error.is_none());
        assert!(r.at(3).is_err());
    }

    #[test]
    fn captures_and_barricades_are_marked() {
        let text = include_str!("../../../examples/aggravation/four-players.bgn");
        let r = replay(text);
        // 10. R2 r13-c*: Blue's marble on the centre goes back to BASE
        let f = &r.frames[10];
        assert_eq!(f.text, "R2 r13-c*");
        assert_eq!(
            f.marks.captured,
            [Piece {
                point: "c".into(),
                seat: "B".into()
            }]
        );
        assert_eq!(f.marks.landed, ["c"]);
        let text = include_str!("../../../examples/barricade/two-players.bgn");
        let r = replay(text);
        // 2. B3 j1-i3#, then 4. B6 i3-e5 #a2
        assert_eq!(r.frames[2].marks.taken, ["i3"]);
        assert_eq!(r.frames[4].marks.placed, ["a2"]);
        let text = include_str!("../../../examples/offboard/club-final.bgn");
        let r = replay(text);
        // 28. B g5:d5>se*t7=1
        assert_eq!(r.frames[28].marks.ejected, ["t7"]);
        assert!(r.frames[28].marks.captured.is_empty());
    }

    #[test]
    fn a_line_arrow_spans_the_line() {
        // along the axis, whichever end is written first: rear to beyond the front
        let want = vec![vec![(0.0, 0.0), (4.0, 0.0)]];
        assert_eq!(line_arrows((0.0, 0.0), (3.0, 0.0), (1.0, 0.0)), want);
        assert_eq!(line_arrows((3.0, 0.0), (0.0, 0.0), (1.0, 0.0)), want);
        // one marble: one step
        assert_eq!(
            line_arrows((1.0, 1.0), (1.0, 1.0), (0.0, 1.0)),
            [vec![(1.0, 1.0), (1.0, 2.0)]]
        );
        // sideways: an arrow from each end
        assert_eq!(
            line_arrows((0.0, 0.0), (2.0, 0.0), (0.0, 1.0)),
            [vec![(0.0, 0.0), (0.0, 1.0)], vec![(2.0, 0.0), (2.0, 1.0)]]
        );
        let r = replay(include_str!("../../../examples/offboard/club-final.bgn"));
        // 28. B g5:d5>se: from g5 over the line to c5, the cell beyond d5
        let f = &r.frames[28];
        let at = |n: &str| r.layout.position(n).expect("cell");
        let arrow = &f.marks.arrows[0];
        assert_eq!(arrow[0], at("g5"));
        let end = arrow[arrow.len() - 1];
        let c5 = at("c5");
        assert!((end.0 - c5.0).abs() < 1e-9 && (end.1 - c5.1).abs() < 1e-9);
    }

    #[test]
    fn a_barricade_arrow_follows_the_route_of_the_roll() {
        let r = replay(include_str!("../../../examples/barricade/two-players.bgn"));
        let at = |n: &str| r.layout.position(n).expect("point");
        // 4. B6 i3-e5: six steps, seven points, each next to the one before
        let arrow = &r.frames[4].marks.arrows[0];
        assert_eq!(arrow.len(), 7);
        assert_eq!((arrow[0], arrow[6]), (at("i3"), at("e5")));
        for leg in arrow.windows(2) {
            let d = ((leg[0].0 - leg[1].0).powi(2) + (leg[0].1 - leg[1].1).powi(2)).sqrt();
            assert!(d > 0.5 && d < 1.5, "{leg:?}");
        }
        // 3. R3 h-a1: from the house through the start point c1, three points counted
        let arrow = &r.frames[3].marks.arrows[0];
        assert_eq!(arrow.len(), 4);
        assert_eq!((arrow[1], arrow[3]), (at("c1"), at("a1")));
    }

    #[test]
    fn a_mistake_keeps_the_frames_before_it() {
        let r = replay("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R3 r9-r10\n*\n");
        assert_eq!(r.frames.len(), 2);
        assert!(r.error.is_some());
    }
}
