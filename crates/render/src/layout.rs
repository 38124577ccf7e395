//! Where every hole, point, cell, house and target is drawn: the game
//! API's layout (`billes_core::drawing::layout`, which each game's crate
//! reads its board file into), and the layout of a game of the core's list
//! ([`standard`]).

use billes_core::drawing::Drawing;
use billes_core::{with_kind, GameKind};

pub use billes_core::drawing::layout::{Hole, HoleKind, Layout, TargetSpot, Waiting, Xy};

use crate::RenderError;

/// The layout of the standard board of `game`, from the board file its
/// crate ships ([`Drawing::standard_layout`], reached through the core's
/// list of games).
///
/// # Errors
/// [`RenderError::Board`] when the board file cannot be read as a drawing.
pub fn standard(game: GameKind) -> Result<Layout, RenderError> {
    with_kind!(game, R => <R as Drawing>::layout_for(game))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_standard_board_is_drawn() {
        let a = standard(billes_core::aggravation::KIND).expect("aggravation");
        // 84 loop holes, the centre, 6 HOME rows of 4
        assert_eq!(a.holes.len(), 84 + 1 + 24);
        // the loop is closed and every HOME row is joined to its branch hole
        assert_eq!(a.lines.len(), 84 + 24);
        assert_eq!(a.waiting.len(), 6);
        let b = standard(billes_core::barricade::KIND).expect("barricade");
        assert_eq!(b.holes.len(), 112);
        assert_eq!(b.lines.len(), 121);
        let o = standard(billes_core::offboard::KIND).expect("offboard");
        assert_eq!(o.holes.len(), 61);
        assert_eq!(o.targets.len(), 12);
    }

    #[test]
    fn neighbouring_holes_are_one_unit_apart() {
        let a = standard(billes_core::aggravation::KIND).expect("aggravation");
        for &(i, j) in &a.lines {
            let (p, q) = (a.holes[i].at, a.holes[j].at);
            let d = ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
            assert!(
                (0.7..1.3).contains(&d),
                "{} {} {d}",
                a.holes[i].name,
                a.holes[j].name
            );
        }
        let o = standard(billes_core::offboard::KIND).expect("offboard");
        let (e5, e6, f6) = (o.position("e5"), o.position("e6"), o.position("f6"));
        let (e5, e6, f6) = (e5.expect("e5"), e6.expect("e6"), f6.expect("f6"));
        assert!((e6.0 - e5.0 - 1.0).abs() < 1e-9 && (e6.1 - e5.1).abs() < 1e-9);
        // ne of e5 is f6: half a step right, a row up
        assert!((f6.0 - e5.0 - 0.5).abs() < 1e-9 && f6.1 < e5.1);
    }

    #[test]
    fn aggravation_routes_follow_the_loop_and_the_home_row() {
        let a = standard(billes_core::aggravation::KIND).expect("aggravation");
        let len = |from, to| a.route(from, to).map(|r| r.len());
        assert_eq!(len("r9", "r12"), Some(4));
        assert_eq!(len("r5", "rh2"), Some(5));
        assert_eq!(len("r12", "b1"), Some(4));
        assert_eq!(len("w13", "r0"), Some(2));
        // the star ring, clockwise: p0, g0, y0, w0
        assert_eq!(len("p0", "w0"), Some(4));
        // the way into the centre is drawn straight
        assert_eq!(len("b12", "c"), Some(2));
        let b = standard(billes_core::barricade::KIND).expect("barricade");
        assert_eq!(b.route("a1", "c1").map(|r| r.len()), Some(2));
    }

    #[test]
    fn targets_sit_outside_the_board() {
        let o = standard(billes_core::offboard::KIND).expect("offboard");
        let centre = o.position("e5").expect("e5");
        for t in &o.targets {
            let d = ((t.at.0 - centre.0).powi(2) + (t.at.1 - centre.1).powi(2)).sqrt();
            assert!(d > 4.5, "{} at {d}", t.name);
        }
        // t1 and t2 share the top side: t1 left of t2
        let (t1, t2) = (o.position("t1"), o.position("t2"));
        assert!(t1.expect("t1").0 < t2.expect("t2").0);
    }
}
