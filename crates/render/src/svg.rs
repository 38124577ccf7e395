//! SVG pictures of positions.
//!
//! A picture has three layers: the board (holes, lines, targets; the same for
//! every position of a game), the position (pieces, barricades, what the
//! last turn did, the counts and scores below the board) and the hole names.
//! The HTML viewer draws the board and the names once and swaps the position
//! layer; a single picture holds all three.
//!
//! Data attributes let programs read a picture: the root `<svg>` has
//! `data-game`, `data-turn` (0 for the start), `data-seat` (who played the
//! turn) and `data-to-move`; every piece has `data-point` and `data-seat`,
//! every barricade `data-point`, every target `data-target`, `data-value`
//! and (when it holds a marble) `data-seat`.

use std::fmt::Write as _;

use billes_core::drawing::{paint, round, seat_colour, seat_paint, Canvas, Marks};
use billes_core::view::PositionView;

use crate::frames::{Frame, Replay};
use crate::layout::{HoleKind, Layout};
use crate::RenderError;

/// How a picture is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Write each hole's notation name on it.
    pub labels: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { labels: true }
    }
}

/// The position after turn `at` (0: the start) of a replayed game, as a
/// standalone SVG document.
///
/// # Errors
/// [`RenderError::NoSuchTurn`] when the game has fewer turns than `at`.
pub fn svg(replay: &Replay, at: u32, options: &Options) -> Result<String, RenderError> {
    let frame = replay.at(at)?;
    let canvas = Canvas::new(&replay.layout, frame.view.seats.len());
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&open(&canvas, replay, frame));
    out.push_str(&board_layer(
        &replay.layout,
        &canvas,
        &replay.frames[0].view,
    ));
    out.push_str(&position_layer(&replay.layout, &canvas, frame));
    if options.labels {
        out.push_str(&labels_layer(&replay.layout, &canvas));
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// The root element, with the frame's data attributes, the arrowhead
/// and the style.
fn open(c: &Canvas, replay: &Replay, frame: &Frame) -> String {
    open_with(
        c,
        replay.game,
        frame.index,
        frame.seat.as_deref().unwrap_or(""),
        frame.view.to_move.as_deref().unwrap_or(""),
    )
}

/// [`open`] for a game and a turn given by name.
pub(crate) fn open_with(c: &Canvas, game: &str, turn: u32, seat: &str, to_move: &str) -> String {
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" \
         class=\"billes\" data-game=\"{game}\" data-turn=\"{turn}\" data-seat=\"{seat}\" data-to-move=\"{to_move}\">\n",
        w = c.width(),
        h = round(c.height()),
    );
    let _ = write!(
        s,
        "<title>{game} after turn {turn}</title>\n<defs><marker id=\"arrowhead\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" \
         markerWidth=\"5\" markerHeight=\"5\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#c45a00\"/></marker></defs>\n",
    );
    let _ = writeln!(
        s,
        "<style>.billes text{{font-family:sans-serif}} .label{{font-size:{f}px;fill:#333;text-anchor:middle;\
         dominant-baseline:central;paint-order:stroke;stroke:#fff;stroke-width:2px;pointer-events:none}} \
         .panel{{font-size:14px;fill:#222}} .value{{font-size:{v}px;font-weight:bold;text-anchor:middle;dominant-baseline:central}}</style>",
        f = round(c.unit() * 0.3).max(8.0),
        v = round(c.unit() * 0.38),
    );
    let _ = writeln!(
        s,
        "<rect class=\"background\" width=\"{}\" height=\"{}\" fill=\"#f6efe0\"/>",
        c.width(),
        round(c.height())
    );
    s
}

/// Colour of a seat letter in the layout's own terms (START and HOME holes
/// of seats not in play are drawn too).
fn layout_paint(seat: &str) -> &'static str {
    match seat_colour(seat) {
        // a white ring or tint would not show on the board
        Some("white") => "#a0a0a0",
        colour => paint(colour.unwrap_or_default()).0,
    }
}

/// Holes, lines, targets: what every position of the game shares.
pub(crate) fn board_layer(layout: &Layout, c: &Canvas, start: &PositionView) -> String {
    let values = (layout.drawing().values)(start);
    let mut s = String::from("<g class=\"board\">\n");
    for &(a, b) in &layout.lines {
        let (p, q) = (c.pixel(layout.holes[a].at), c.pixel(layout.holes[b].at));
        let _ = writeln!(
            s,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#8a7a5a\" stroke-width=\"{}\"/>",
            p.0,
            p.1,
            q.0,
            q.1,
            c.len(0.08)
        );
    }
    for &(a, b) in &layout.shortcuts {
        let (p, q) = (c.pixel(layout.holes[a].at), c.pixel(layout.holes[b].at));
        let _ = writeln!(
            s,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#b8a882\" stroke-width=\"{}\" stroke-dasharray=\"{}\"/>",
            p.0, p.1, q.0, q.1, c.len(0.05), c.len(0.15)
        );
    }
    for w in &layout.waiting {
        if w.spots.len() == 1 {
            // a house
            let (x, y) = c.pixel(w.spots[0]);
            let half = c.len(0.9);
            let _ = writeln!(
                s,
                "<rect class=\"house\" data-seat=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>",
                w.seat,
                round(x - half),
                round(y - half * 0.6),
                round(half * 2.0),
                round(half * 1.2),
                c.len(0.2),
                layout_paint(&w.seat),
                c.len(0.08)
            );
        }
    }
    for hole in &layout.holes {
        let (x, y) = c.pixel(hole.at);
        let r = c.len(0.3);
        let seat_colour = hole.seat.as_deref().map(layout_paint).unwrap_or("#8a7a5a");
        let (fill, stroke, width) = match hole.kind {
            HoleKind::Plain => ("#fffaf0", "#8a7a5a", 0.05),
            HoleKind::Star => ("#fff3b0", "#b08a00", 0.08),
            HoleKind::Centre => ("#fff3b0", "#b08a00", 0.1),
            HoleKind::Start | HoleKind::StartPoint => ("#fffaf0", seat_colour, 0.12),
            HoleKind::Home => (seat_colour, "#5a4a2a", 0.05),
            HoleKind::Goal => ("#ffe680", "#8a6a00", 0.12),
            // In the barricades' own outline colour, not a seat's: red would
            // read as Red's.
            HoleKind::BarricadePoint => ("#fffaf0", "#333333", 0.08),
        };
        let opacity = if hole.kind == HoleKind::Home {
            " fill-opacity=\"0.35\""
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "<circle class=\"hole\" data-hole=\"{}\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"{fill}\"{opacity} stroke=\"{stroke}\" stroke-width=\"{}\"/>",
            hole.name,
            c.len(width)
        );
    }
    for t in &layout.targets {
        let (x, y) = c.pixel(t.at);
        let value = values.iter().find(|v| v.0 == t.name).map(|v| v.1);
        let _ = writeln!(
            s,
            "<circle class=\"target-ring\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"#efe3c8\" stroke=\"#8a6a00\" stroke-width=\"{}\"/>",
            c.len(0.5),
            c.len(0.06)
        );
        if let Some(v) = value {
            let _ = writeln!(
                s,
                "<text class=\"value\" x=\"{}\" y=\"{y}\" fill=\"#8a6a00\">{v}</text>",
                round(x + c.len(0.75))
            );
        }
    }
    s.push_str("</g>\n");
    s
}

/// The hole names, above everything.
pub(crate) fn labels_layer(layout: &Layout, c: &Canvas) -> String {
    let mut s = String::from("<g class=\"labels\">\n");
    for hole in &layout.holes {
        let (x, y) = c.pixel(hole.at);
        let _ = writeln!(
            s,
            "<text class=\"label\" x=\"{x}\" y=\"{y}\">{}</text>",
            hole.name
        );
    }
    for t in &layout.targets {
        let (x, y) = c.pixel(t.at);
        let _ = writeln!(
            s,
            "<text class=\"label\" x=\"{x}\" y=\"{}\">{}</text>",
            round(y - c.len(0.72)),
            t.name
        );
    }
    s.push_str("</g>\n");
    s
}

/// Pieces, barricades, targets' marbles, the marks of the last turn and the
/// panel of counts: what changes from one position to the next.
pub(crate) fn position_layer(layout: &Layout, c: &Canvas, frame: &Frame) -> String {
    let view = &frame.view;
    let marks = &frame.marks;
    let mut s = String::from("<g class=\"position\">\n");
    (layout.drawing().under_pieces)(layout, c, view, marks, &mut s);
    pieces(layout, c, view, &mut s);
    waiting(layout, c, view, &mut s);
    (layout.drawing().over_pieces)(layout, c, view, marks, &mut s);
    captured(layout, c, view, marks, &mut s);
    landed(layout, c, marks, &mut s);
    arrows(c, marks, &mut s);
    s.push_str(&panel(layout, c, frame));
    s.push_str("</g>\n");
    s
}

/// The pieces on the board, in their seats' colours.
fn pieces(layout: &Layout, c: &Canvas, view: &PositionView, s: &mut String) {
    for p in &view.pieces {
        let Some(at) = layout.position(&p.point) else {
            continue;
        };
        let (x, y) = c.pixel(at);
        let (fill, stroke) = seat_paint(view, &p.seat);
        let _ = writeln!(
            s,
            "<circle class=\"piece\" data-point=\"{}\" data-seat=\"{}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{}\"/>",
            p.point,
            p.seat,
            c.len(0.36),
            c.len(0.07)
        );
    }
}

/// The pieces off the board: BASE marbles one by one, a house as a count.
fn waiting(layout: &Layout, c: &Canvas, view: &PositionView, s: &mut String) {
    for seat in &view.seats {
        let Some(w) = layout.waiting(&seat.seat) else {
            continue;
        };
        let (fill, stroke) = paint(&seat.colour);
        if w.spots.len() == 1 {
            let (x, y) = c.pixel(w.spots[0]);
            let _ = writeln!(
                s,
                "<circle class=\"waiting\" data-seat=\"{}\" cx=\"{}\" cy=\"{y}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\"/>\
                 <text class=\"value\" x=\"{}\" y=\"{y}\" fill=\"#222\" data-waiting=\"{}\">×{}</text>",
                seat.seat,
                round(x - c.len(0.35)),
                c.len(0.3),
                round(x + c.len(0.35)),
                seat.waiting,
                seat.waiting
            );
        } else {
            for &spot in w.spots.iter().take(seat.waiting as usize) {
                let (x, y) = c.pixel(spot);
                let _ = writeln!(
                    s,
                    "<circle class=\"waiting\" data-seat=\"{}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{fill}\" stroke=\"{stroke}\"/>",
                    seat.seat,
                    c.len(0.3)
                );
            }
        }
    }
}

/// The pieces the last turn captured, crossed out where they stood.
fn captured(layout: &Layout, c: &Canvas, view: &PositionView, marks: &Marks, s: &mut String) {
    for p in &marks.captured {
        let Some(at) = layout.position(&p.point) else {
            continue;
        };
        let (x, y) = c.pixel(at);
        let d = c.len(0.42);
        let (fill, _) = seat_paint(view, &p.seat);
        let _ = writeln!(
            s,
            "<g class=\"captured\" data-point=\"{}\" data-seat=\"{}\"><circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" stroke=\"{fill}\" stroke-width=\"{}\" stroke-dasharray=\"{}\"/>\
             <path d=\"{cross}\" stroke=\"#fff\" stroke-width=\"{}\" stroke-linecap=\"round\"/><path d=\"{cross}\" stroke=\"#111\" stroke-width=\"{}\" stroke-linecap=\"round\"/></g>",
            p.point,
            p.seat,
            c.len(0.55),
            c.len(0.07),
            c.len(0.1),
            c.len(0.22),
            c.len(0.1),
            cross = format_args!(
                "M{},{} L{},{} M{},{} L{},{}",
                round(x - d),
                round(y - d),
                round(x + d),
                round(y + d),
                round(x - d),
                round(y + d),
                round(x + d),
                round(y - d)
            ),
        );
    }
}

/// The points where the last turn's pieces landed, ringed.
fn landed(layout: &Layout, c: &Canvas, marks: &Marks, s: &mut String) {
    for name in &marks.landed {
        if let Some(at) = layout.position(name) {
            let (x, y) = c.pixel(at);
            let _ = writeln!(
                s,
                "<circle class=\"landed\" data-point=\"{name}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"none\" stroke=\"#222\" stroke-width=\"{}\"/>",
                c.len(0.48),
                c.len(0.05)
            );
        }
    }
}

/// The routes of the pieces the last turn moved, from start to landing, as
/// arrows.
fn arrows(c: &Canvas, marks: &Marks, s: &mut String) {
    for route in &marks.arrows {
        let points: Vec<String> = route
            .iter()
            .map(|&p| {
                let (x, y) = c.pixel(p);
                format!("{x},{y}")
            })
            .collect();
        let _ = writeln!(
            s,
            "<polyline class=\"arrow\" points=\"{}\" fill=\"none\" stroke=\"#c45a00\" stroke-opacity=\"0.85\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\" marker-end=\"url(#arrowhead)\"/>",
            points.join(" "),
            c.len(0.13)
        );
    }
}

/// The lines under the board: the turn, who is to move, each seat's counts.
fn panel(layout: &Layout, c: &Canvas, frame: &Frame) -> String {
    let view = &frame.view;
    let mut s = String::new();
    let mut y = c.board_height() + Canvas::LINE;
    let mut head = if frame.index == 0 {
        "Start".to_string()
    } else {
        format!(
            "Turn {}: {}",
            frame.number.unwrap_or(frame.index),
            frame.text
        )
    };
    if let Some(w) = &view.winners {
        let _ = write!(head, " · {} won", w.join("+"));
    } else if let Some(m) = &view.to_move {
        let _ = write!(head, " · {m} to move");
    }
    if let Some(p) = &view.pending {
        let _ = write!(head, " · {p}");
    }
    let _ = writeln!(
        s,
        "<text class=\"panel\" x=\"16\" y=\"{}\" font-weight=\"bold\">{}</text>",
        round(y),
        escape(&head)
    );
    for (i, seat) in view.seats.iter().enumerate() {
        y += Canvas::LINE;
        let (fill, stroke) = paint(&seat.colour);
        let mut line = format!("{} {}", seat.seat, seat.colour);
        (layout.drawing().seat_line)(view, i, &mut line);
        let _ = writeln!(
            s,
            "<circle cx=\"24\" cy=\"{}\" r=\"6\" fill=\"{fill}\" stroke=\"{stroke}\"/>\
             <text class=\"panel\" x=\"36\" y=\"{}\" data-seat-line=\"{}\">{}</text>",
            round(y - 5.0),
            round(y),
            seat.seat,
            escape(&line)
        );
    }
    s
}

/// Escapes text for XML and HTML (`&`, `<`, `>` and both quotes).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
