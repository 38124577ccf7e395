//! Board units to pixels, and the colours of the seats' pieces: what a
//! game's drawing and the SVG around it both draw with.

use crate::view::PositionView;

use super::layout::{Layout, Xy};

/// Board units to pixels, and the room below the board for the counts:
/// where a [`Drawing`](super::Drawing) draws.
#[derive(Debug, Clone, Copy)]
pub struct Canvas {
    scale: f64,
    min: Xy,
    board_height: f64,
    width: f64,
    height: f64,
}

/// Width of the board in pixels, whatever the game.
const BOARD_WIDTH: f64 = 640.0;

impl Canvas {
    /// Height of one line of the panel under the board, in pixels.
    pub const LINE: f64 = 20.0;

    /// The canvas of `layout`, with room below the board for the panel's
    /// lines of `seats` seats.
    pub fn new(layout: &Layout, seats: usize) -> Canvas {
        let (x0, y0, x1, y1) = layout.bounds();
        let margin = 1.0;
        let scale = BOARD_WIDTH / (x1 - x0 + 2.0 * margin);
        let board_height = (y1 - y0 + 2.0 * margin) * scale;
        Canvas {
            scale,
            min: (x0 - margin, y0 - margin),
            board_height,
            width: BOARD_WIDTH,
            height: board_height + Canvas::LINE * (seats as f64 + 1.5),
        }
    }

    /// The board alone, without the room for the counts (the HTML viewer
    /// shows them beside the board, in its own text).
    pub fn board_only(mut self) -> Canvas {
        self.height = self.board_height;
        self
    }

    /// A length of the board, in pixels.
    pub fn len(&self, units: f64) -> f64 {
        round(units * self.scale)
    }

    /// Where a point of the board is drawn, in pixels.
    pub fn pixel(&self, (x, y): Xy) -> (f64, f64) {
        (
            round((x - self.min.0) * self.scale),
            round((y - self.min.1) * self.scale),
        )
    }

    /// Pixels per board unit.
    pub fn unit(&self) -> f64 {
        self.scale
    }

    /// The width of the picture, in pixels.
    pub fn width(&self) -> f64 {
        self.width
    }

    /// The height of the picture, in pixels (not rounded).
    pub fn height(&self) -> f64 {
        self.height
    }

    /// The height of the board, above the panel, in pixels (not rounded).
    pub fn board_height(&self) -> f64 {
        self.board_height
    }
}

/// `v` to one decimal, as the pictures write numbers.
pub fn round(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// The colour a seat letter names in the games' words (`R` red, `G`
/// green, `Y` yellow, `B` blue, `P` purple, `W` white, `K` black, `O`
/// orange), for a game whose seats are named by their colours.
///
/// ```
/// assert_eq!(billes_game::drawing::seat_colour("Y"), Some("yellow"));
/// assert_eq!(billes_game::drawing::seat_colour("Q"), None);
/// ```
pub fn seat_colour(letter: &str) -> Option<&'static str> {
    Some(match letter {
        "R" => "red",
        "G" => "green",
        "Y" => "yellow",
        "B" => "blue",
        "P" => "purple",
        "W" => "white",
        "K" => "black",
        "O" => "orange",
        _ => return None,
    })
}

/// Fill and outline of a seat's pieces, by colour name.
pub fn paint(colour: &str) -> (&'static str, &'static str) {
    match colour {
        "red" => ("#d62728", "#7a1010"),
        "blue" => ("#1f5fbf", "#0c2f66"),
        "purple" => ("#8e44ad", "#4a1d5c"),
        "green" => ("#2ca02c", "#145214"),
        "yellow" => ("#f2c200", "#7a6200"),
        "white" => ("#ececec", "#333333"),
        _ => ("#888888", "#333333"),
    }
}

/// Fill and outline of `seat`'s pieces in `view`.
pub fn seat_paint(view: &PositionView, seat: &str) -> (&'static str, &'static str) {
    paint(view.seat(seat).map_or("", |s| s.colour.as_str()))
}
