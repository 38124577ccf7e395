//! What the last turn did, as a picture marks it.

use crate::view::Piece;

use super::layout::Xy;

/// What the last turn did, for drawing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Marks {
    /// Routes of moved pieces, each from its start to its landing (drawn as arrows).
    pub arrows: Vec<Vec<Xy>>,
    /// Where the moved pieces landed.
    pub landed: Vec<String>,
    /// Pieces captured (aggravated, sent home): where they stood and whose they were.
    pub captured: Vec<Piece>,
    /// Targets that received an ejected marble.
    pub ejected: Vec<String>,
    /// Barricades taken off their points.
    pub taken: Vec<String>,
    /// Barricades put down.
    pub placed: Vec<String>,
}
