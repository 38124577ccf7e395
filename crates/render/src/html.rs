//! The HTML replay viewer: one self-contained file (inline CSS, inline
//! script, no fonts, no network) that steps through the games of a record.
//!
//! The page carries what changes, not every position: each game's board and
//! hole names are drawn once (and shared by the games drawn alike), and each
//! turn is one short line of text, worked out here by the rules, never in
//! the page: the turn as written, what it changed (the pieces that came and
//! went, the counts, the seat to move) and what to mark (the arrow, the
//! landing, a capture). The script (`viewer/viewer.js`) applies these deltas
//! to reach a position and draws its pieces. So the page is a small multiple
//! of the record, and writing it keeps one position in memory, not one per
//! turn.
//!
//! A turn line reads `TEXT|DELTA|MARKS|PENDING`, trailing empty fields left
//! out. DELTA is a list of changes separated by spaces: `r9` (the hole is
//! now empty), `r15=R` (it holds a piece of R; `=R+G` for several pieces),
//! `#k3` and `-#k3` (a barricade put on, taken off), `^R` and `-^R` (R holds
//! a barricade, or no longer), `@t7=R` and `@t7` (a target's marble),
//! `R:w3`, `R:h1`, `R:s4` (R's pieces waiting off the board, in HOME, its
//! score), `>B` (the seat to move; `>` alone: none), `!R+G` (the winners).
//! MARKS: `a12` (arrow 12 of the board's arrows), `.r15` (landed; left out
//! when the landings are the holes the delta gives to the turn's mover, `.`
//! alone when there is none although the delta gives some), `xc=B`
//! (B's piece on `c` sent back), `et7` (a marble ejected into `t7`), `-k3` and
//! `+k3` (a barricade taken, put down). Names of holes, targets and seats are
//! letters and digits, so the separators cannot be part of them.
//!
//! A live page (`billes play --html`, [`Viewer::live_page`]) carries
//! `"live":{"reload":2}` (the seconds between reloads, `null` once the game
//! is over); the script reloads it, and keeps in the history entry's state
//! whether the spectator follows the game.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::ops::ControlFlow;

use billes_core::drawing::{paint, Canvas, Delta, Marks, When};
use billes_core::events::{Mistake, Played, Reader, Variation};
use billes_core::game::Position;
use billes_core::view::PositionView;
use billes_core::{Engine, ReplayError};
use billes_notation::{Game, Turn};

use crate::frames::marks;
use crate::layout::{self, Layout};
use crate::svg::{board_layer, escape, labels_layer, open_with};
use crate::{Options, RenderError};

mod script;

use script::script;

/// The page being written: the games added so far, with the boards and the
/// other data they share.
///
/// ```
/// let record = "[Game \"offboard\"]\n\n1. R c4>nw\n*\n";
/// let game = billes_notation::parse_game(record).unwrap();
/// let engine = billes_core::Standard::of(&game).unwrap();
/// let mut viewer = billes_render::Viewer::new(&billes_render::Options::default());
/// assert!(viewer.add(1, &engine, &game).unwrap().is_none());
/// let page = viewer.page();
/// assert!(page.starts_with("<!DOCTYPE html>"));
/// assert!(!page.contains("<script src"));
/// ```
#[derive(Debug)]
pub struct Viewer {
    labels: bool,
    boards: Vec<BoardData>,
    board_ids: HashMap<String, usize>,
    shared: Vec<String>,
    shared_ids: HashMap<String, usize>,
    /// The games' JSON objects, comma-separated.
    games: String,
    count: usize,
    title: Option<String>,
}

/// A board drawing the page carries once, with the arrows drawn on it.
#[derive(Debug)]
struct BoardData {
    /// The JSON of the drawing: game, SVG, unit, where every name is.
    head: String,
    /// Arrows as `x,y x,y ...` in pixels, each once.
    arrows: Vec<String>,
    arrow_ids: HashMap<String, usize>,
}

impl Viewer {
    /// An empty page.
    pub fn new(options: &Options) -> Viewer {
        Viewer {
            labels: options.labels,
            boards: Vec::new(),
            board_ids: HashMap::new(),
            shared: Vec::new(),
            shared_ids: HashMap::new(),
            games: String::new(),
            count: 0,
            title: None,
        }
    }

    /// How many games the page holds.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether the page holds no game.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Adds game number `number` (1-based, for its title) of a file,
    /// replayed under `engine` (the standard rules or a variant): its main
    /// line up to its first mistake, and its variations (each up to its own
    /// first mistake). Returns the record's first mistake, as `billes
    /// validate` reports it, when it has one.
    ///
    /// # Errors
    /// [`RenderError::Replay`] when the record has no start position (no
    /// or unknown `Game` tag, bad seats): the game is left out.
    /// [`RenderError::Board`] when the board cannot be drawn.
    pub fn add(
        &mut self,
        number: usize,
        engine: &dyn Engine,
        game: &Game,
    ) -> Result<Option<ReplayError>, RenderError> {
        let start = full_view(engine.start(game)?.as_ref());
        let kind = engine.game();
        let mut layout = layout::standard(kind)?;
        layout.fit(&start)?;
        let canvas = Canvas::new(&layout, start.seats.len()).board_only();
        let board = self.board(&layout, &canvas, &start);

        if self.title.is_none() {
            self.title = Some(title(number, kind.name(), game));
        }
        let mut out = String::with_capacity(256);
        let _ = write!(out, "{{\"n\":{number},\"tags\":[");
        for (i, tag) in game.tags.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            json_str(&mut out, &tag.name);
            out.push(',');
            json_str(&mut out, &tag.value);
        }
        let _ = write!(out, "],\"board\":{board},\"seats\":");
        let mut seats = String::from("[");
        for (i, s) in start.seats.iter().enumerate() {
            if i > 0 {
                seats.push(',');
            }
            let (fill, stroke) = paint(&s.colour);
            seats.push('[');
            for (k, v) in [
                s.seat.as_str(),
                s.colour.as_str(),
                fill,
                stroke,
                player(game, &s.colour).unwrap_or(""),
            ]
            .iter()
            .enumerate()
            {
                if k > 0 {
                    seats.push(',');
                }
                json_str(&mut seats, v);
            }
            seats.push(']');
        }
        seats.push(']');
        let seats = self.share(seats);
        let mut delta = String::new();
        write_delta(&layout, &empty_like(&layout, &start), &start, &mut delta);
        let mut start_json = String::new();
        json_str(&mut start_json, &delta);
        let start_id = self.share(start_json);
        let _ = write!(out, "{seats},\"start\":{start_id},");
        let mut turns = Turns {
            page: Page {
                viewer: self,
                board,
                layout: &layout,
                canvas: &canvas,
            },
            lines: vec![Some(Written::new(start))],
            mistake: None,
        };
        let read = engine.read(game, &mut turns);
        let mistake = turns.finish(&mut out).or(read.err());
        out.push_str(",\"outcome\":");
        json_str(&mut out, &game.outcome.token());
        if let Some(e) = &mistake {
            out.push_str(",\"error\":");
            let text = match e.turn {
                Some(t) => format!("turn {t}: {}", e.message),
                None => e.message.clone(),
            };
            json_str(&mut out, &text);
        }
        out.push('}');
        if self.count > 0 {
            self.games.push_str(",\n");
        }
        self.games.push_str(&out);
        self.count += 1;
        Ok(mistake)
    }

    /// The board's number in the page, drawing it the first time.
    fn board(&mut self, layout: &Layout, canvas: &Canvas, start: &PositionView) -> usize {
        let mut svg = open_with(canvas, layout.game, 0, "", "");
        svg.push_str(&board_layer(layout, canvas, start));
        svg.push_str("<g class=\"position-slot\"></g>\n");
        svg.push_str(&labels_layer(layout, canvas));
        svg.push_str("</svg>\n");
        if let Some(&id) = self.board_ids.get(&svg) {
            return id;
        }
        let mut head = String::from("{\"game\":");
        json_str(&mut head, layout.game);
        head.push_str(",\"svg\":");
        json_str(&mut head, &svg);
        let _ = write!(head, ",\"unit\":{},\"panel\":[", canvas.unit());
        panel_json(&mut head, layout.drawing().panel);
        head.push_str("],\"points\":{");
        let mut first = true;
        let names = layout
            .holes
            .iter()
            .map(|h| (&h.name, h.at))
            .chain(layout.targets.iter().map(|t| (&t.name, t.at)));
        for (name, at) in names {
            if !first {
                head.push(',');
            }
            first = false;
            json_str(&mut head, name);
            let (x, y) = canvas.pixel(at);
            let _ = write!(head, ":[{x},{y}]");
        }
        head.push_str("},\"waiting\":{");
        for (i, w) in layout.waiting.iter().enumerate() {
            if i > 0 {
                head.push(',');
            }
            json_str(&mut head, &w.seat);
            head.push_str(":[");
            for (k, &spot) in w.spots.iter().enumerate() {
                let (x, y) = canvas.pixel(spot);
                let _ = write!(head, "{}[{x},{y}]", if k > 0 { "," } else { "" });
            }
            head.push(']');
        }
        head.push_str("},\"values\":{");
        for (i, (name, value)) in (layout.drawing().values)(start).iter().enumerate() {
            if i > 0 {
                head.push(',');
            }
            json_str(&mut head, name);
            let _ = write!(head, ":{value}");
        }
        head.push('}');
        let id = self.boards.len();
        self.boards.push(BoardData {
            head,
            arrows: Vec::new(),
            arrow_ids: HashMap::new(),
        });
        self.board_ids.insert(svg, id);
        id
    }

    /// The number of a JSON value in the shared table, adding it once.
    fn share(&mut self, json: String) -> usize {
        if let Some(&id) = self.shared_ids.get(&json) {
            return id;
        }
        let id = self.shared.len();
        self.shared.push(json.clone());
        self.shared_ids.insert(json, id);
        id
    }

    /// The page: one HTML document.
    pub fn page(&self) -> String {
        self.page_with(None)
    }

    /// The page for spectators of a game being recorded (`billes play
    /// --html`). While the game goes on (`reload`: every how many seconds),
    /// the page reloads itself, and follows the game while it shows the
    /// last turn (or while its "follow" box is ticked); a spectator who
    /// stepped back keeps the turn looked at across the reloads. Once the
    /// game is over (`None`), the page reloads no more. It opens at the
    /// last turn of the last game, or at the turn its address names.
    ///
    /// ```
    /// let record = "[Game \"offboard\"]\n\n1. R c4>nw\n*\n";
    /// let game = billes_notation::parse_game(record).unwrap();
    /// let engine = billes_core::Standard::of(&game).unwrap();
    /// let mut viewer = billes_render::Viewer::new(&billes_render::Options::default());
    /// viewer.add(1, &engine, &game).unwrap();
    /// assert!(viewer.live_page(Some(2)).contains("\"live\":{\"reload\":2}"));
    /// assert!(viewer.live_page(None).contains("\"live\":{\"reload\":null}"));
    /// assert!(!viewer.page().contains("\"live\""));
    /// ```
    pub fn live_page(&self, reload: Option<u32>) -> String {
        self.page_with(Some(reload))
    }

    /// The page; `live`: a live page, reloaded every so many seconds (or
    /// no more).
    fn page_with(&self, live: Option<Option<u32>>) -> String {
        let title = self.title.as_deref().unwrap_or("billes");
        let mut page = String::with_capacity(self.games.len() + 65_536);
        page.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        page.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        let _ = writeln!(page, "<title>billes: {}</title>", escape(title));
        page.push_str("<style>\n");
        page.push_str(include_str!("viewer/viewer.css"));
        page.push_str("</style>\n</head>\n<body>\n");
        page.push_str(include_str!("viewer/body.html"));
        page.push_str("<script id=\"billes-data\" type=\"application/json\">");
        let _ = write!(page, "{{\"labels\":{},", self.labels);
        match live {
            Some(Some(seconds)) => {
                let _ = write!(page, "\"live\":{{\"reload\":{seconds}}},");
            }
            Some(None) => page.push_str("\"live\":{\"reload\":null},"),
            None => {}
        }
        page.push_str("\"boards\":[");
        for (i, b) in self.boards.iter().enumerate() {
            if i > 0 {
                page.push(',');
            }
            page.push_str(&b.head);
            page.push_str(",\"arrows\":[");
            for (k, a) in b.arrows.iter().enumerate() {
                if k > 0 {
                    page.push(',');
                }
                json_str(&mut page, a);
            }
            page.push_str("]}\n");
        }
        page.push_str("],\"shared\":[");
        page.push_str(&self.shared.join(","));
        page.push_str("],\"games\":[\n");
        page.push_str(&self.games);
        page.push_str("]}</script>\n<script>\n");
        page.push_str(script());
        page.push_str("</script>\n</body>\n</html>\n");
        page
    }
}

/// A game's title in the picker: `1. aggravation: Club night, round 2`.
fn title(number: usize, game: &str, record: &Game) -> String {
    let mut title = format!("{number}. {game}");
    if let Some(event) = record.tag("Event") {
        title.push_str(": ");
        title.push_str(event);
        if let Some(round) = record.tag("Round") {
            title.push_str(", round ");
            title.push_str(round);
        }
    }
    title
}

/// The player of a colour, from its tag (`[Red "Ann"]`).
fn player<'g>(game: &'g Game, colour: &str) -> Option<&'g str> {
    let mut chars = colour.chars();
    let first = chars.next()?;
    let tag: String = first.to_uppercase().chain(chars).collect();
    game.tag(&tag).filter(|v| !v.is_empty() && *v != "?")
}

/// The view of a position with its winners, as the replay shows it.
fn full_view(pos: &dyn Position) -> PositionView {
    pos.view().with_winners(pos.winners())
}

/// The state the page starts from before the start position: nothing on
/// the board, every count 0.
fn empty_like(layout: &Layout, view: &PositionView) -> PositionView {
    let mut empty = view.clone();
    empty.pieces.clear();
    for s in &mut empty.seats {
        s.waiting = 0;
    }
    (layout.drawing().clear)(&mut empty);
    empty.to_move = None;
    empty.pending = None;
    empty.winners = None;
    empty
}

/// What the turns of one game are written with: the page they go to and
/// its board.
struct Page<'v> {
    viewer: &'v mut Viewer,
    board: usize,
    layout: &'v Layout,
    canvas: &'v Canvas,
}

/// One game's turns being written as the replay stream tells them
/// ([`Engine::read`]): the main line up to the record's first mistake,
/// each variation up to its own, nested at most [`MAX_DEPTH`] deep.
struct Turns<'v> {
    page: Page<'v>,
    /// The lines being written, the main line first and the variation
    /// being told last; `None`: a variation the page leaves out (nested
    /// too deep, or played from a position after the end of the game).
    lines: Vec<Option<Written>>,
    /// The record's first mistake, as `billes validate` reports it.
    mistake: Option<ReplayError>,
}

/// A line being written: its turns, their notes and their variations, and
/// the view of the position it reached.
struct Written {
    view: PositionView,
    turns: String,
    notes: String,
    vars: String,
    /// Whether `vars` ends with the list of the variations of the turn
    /// being told, still open.
    open: bool,
}

impl Written {
    /// A line played from the position whose view is `view`.
    fn new(view: PositionView) -> Written {
        Written {
            view,
            turns: String::new(),
            notes: String::new(),
            vars: String::new(),
            open: false,
        }
    }

    /// Closes the list of the variations of the turn being told.
    fn close(&mut self) {
        if self.open {
            self.vars.push(']');
            self.open = false;
        }
    }

    /// Writes `"turns":[...]` (and `"notes"`, `"vars"` when there are
    /// some).
    fn finish(mut self, out: &mut String) {
        self.close();
        let _ = write!(out, "\"turns\":[{}]", self.turns);
        if !self.notes.is_empty() {
            let _ = write!(out, ",\"notes\":{{{}}}", self.notes);
        }
        if !self.vars.is_empty() {
            let _ = write!(out, ",\"vars\":{{{}}}", self.vars);
        }
    }
}

impl Turns<'_> {
    /// Whether the main line stops before `turn`: at the record's first
    /// mistake in a turn (a mistake in a variation stops the main line
    /// after the turn it varies); the result's stops nothing.
    fn cut(&self, turn: &Turn) -> bool {
        self.mistake
            .as_ref()
            .filter(|e| e.turn.is_some())
            .is_some_and(|e| turn.span.start >= e.span.start)
    }

    /// Writes the main line to `out`, once the stream is over, and gives
    /// the record's first mistake.
    fn finish(mut self, out: &mut String) -> Option<ReplayError> {
        while self.lines.len() > 1 {
            let _ = self.end_variation(self.lines.len() - 1);
        }
        if let Some(Some(main)) = self.lines.pop() {
            main.finish(out);
        }
        self.mistake
    }
}

impl Reader for Turns<'_> {
    fn begin_variation(&mut self, v: &Variation<'_>) -> ControlFlow<()> {
        if v.depth == 1 && self.cut(v.of) {
            return ControlFlow::Break(());
        }
        let shown = v.depth <= MAX_DEPTH && !v.from.is_over();
        let line = match self.lines.last_mut() {
            Some(Some(parent)) if shown => {
                if v.k == 0 {
                    parent.close();
                    if !parent.vars.is_empty() {
                        parent.vars.push(',');
                    }
                    let _ = write!(parent.vars, "\"{}\":[", v.index + 1);
                    parent.open = true;
                } else {
                    parent.vars.push(',');
                }
                Some(Written::new(parent.view.clone()))
            }
            _ => None,
        };
        self.lines.push(line);
        ControlFlow::Continue(())
    }

    fn turn(&mut self, played: &Played<'_>) -> ControlFlow<()> {
        if played.depth == 0 && self.cut(played.turn) {
            return ControlFlow::Break(());
        }
        if let Some(Some(line)) = self.lines.last_mut() {
            line.close();
            self.page.write_turn(line, played);
        }
        ControlFlow::Continue(())
    }

    fn mistake(&mut self, mistake: &Mistake<'_>) -> ControlFlow<()> {
        if self.mistake.is_none() {
            self.mistake = Some(mistake.error.clone());
        }
        // The main line stops at its first mistake, whatever it is.
        match mistake.depth {
            0 => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    }

    fn end_variation(&mut self, _: usize) -> ControlFlow<()> {
        if let Some(Some(line)) = self.lines.pop() {
            if let Some(Some(parent)) = self.lines.last_mut() {
                parent.vars.push('{');
                line.finish(&mut parent.vars);
                parent.vars.push('}');
            }
        }
        ControlFlow::Continue(())
    }
}

impl Page<'_> {
    /// Writes `played` into `line`: its text, its delta, its marks, what
    /// it leaves pending, and its note.
    fn write_turn(&mut self, line: &mut Written, played: &Played<'_>) {
        let turn = played.turn;
        let after = full_view(played.after);
        let m = marks(self.layout, &line.view, &after, turn);
        let mut entry = turn_text(turn);
        entry.push('|');
        let mut delta = String::new();
        write_delta(self.layout, &line.view, &after, &mut delta);
        entry.push_str(&delta);
        entry.push('|');
        let implied = implied_landings(&delta, turn.mover().as_str());
        self.write_marks(&m, &implied, &mut entry);
        if let Some(p) = &after.pending {
            entry.push('|');
            entry.push_str(p);
        }
        while entry.ends_with('|') {
            entry.pop();
        }
        if played.index > 0 {
            line.turns.push(',');
        }
        json_str(&mut line.turns, &entry);
        write_note(turn, played.index + 1, &mut line.notes);
        line.view = after;
    }

    /// The marks of a turn, its arrows numbered in the board's table.
    fn write_marks(&mut self, m: &Marks, implied: &[&str], out: &mut String) {
        let sep = |out: &mut String| {
            if !out.ends_with('|') {
                out.push(' ');
            }
        };
        for route in &m.arrows {
            let mut key = String::new();
            for (i, &p) in route.iter().enumerate() {
                let (x, y) = self.canvas.pixel(p);
                let _ = write!(key, "{}{x},{y}", if i > 0 { " " } else { "" });
            }
            let board = &mut self.viewer.boards[self.board];
            let id = match board.arrow_ids.get(&key) {
                Some(&id) => id,
                None => {
                    let id = board.arrows.len();
                    board.arrows.push(key.clone());
                    board.arrow_ids.insert(key, id);
                    id
                }
            };
            sep(out);
            let _ = write!(out, "a{id}");
        }
        // The landings go without saying when they are the holes the delta
        // gives to the mover, as they mostly are; `.` alone: none.
        let mut landed: Vec<&str> = m.landed.iter().map(String::as_str).collect();
        landed.sort_unstable();
        if landed != implied {
            if landed.is_empty() {
                sep(out);
                out.push('.');
            }
            for p in &m.landed {
                sep(out);
                let _ = write!(out, ".{p}");
            }
        }
        for p in &m.captured {
            sep(out);
            let _ = write!(out, "x{}={}", p.point, p.seat);
        }
        for t in &m.ejected {
            sep(out);
            let _ = write!(out, "e{t}");
        }
        for b in &m.taken {
            sep(out);
            let _ = write!(out, "-{b}");
        }
        for b in &m.placed {
            sep(out);
            let _ = write!(out, "+{b}");
        }
    }
}

/// The holes a delta gives to `mover` alone (`r15=R` for R), sorted: the
/// landings the page assumes when a turn's marks name none.
fn implied_landings<'d>(delta: &'d str, mover: &str) -> Vec<&'d str> {
    let mut holes: Vec<&str> = delta
        .split(' ')
        .filter_map(|op| op.split_once('='))
        .filter(|(hole, seat)| *seat == mover && !hole.starts_with('@'))
        .map(|(hole, _)| hole)
        .collect();
    holes.sort_unstable();
    holes
}

/// Deepest variation nesting the page shows (the parser allows more; the
/// page would be unreadable long before).
const MAX_DEPTH: usize = 64;

/// A turn in notation, as its move list shows it: `R6 r9-r15`.
fn turn_text(turn: &Turn) -> String {
    let mut s = turn.head.to_string();
    for a in turn.actions.iter() {
        s.push(' ');
        let _ = write!(s, "{a}");
    }
    s
}

/// A turn's NAGs, comments and analysis, when it has any, as
/// `"12":{"g":[...],"c":[...],"w":0.43,"b":"r12-c","bw":0.51,"l":-0.04}`.
fn write_note(turn: &Turn, index: usize, out: &mut String) {
    let comments = turn.before().iter().chain(turn.after());
    let analysis = turn
        .after()
        .iter()
        .find_map(|c| billes_analysis::comment::read(&c.text));
    if turn.nags().is_empty() && comments.clone().next().is_none() {
        return;
    }
    if !out.is_empty() {
        out.push(',');
    }
    let _ = write!(out, "\"{index}\":{{\"g\":[");
    for (i, n) in turn.nags().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let glyph = n
            .symbol()
            .map_or_else(|| format!("${}", n.code), str::to_string);
        json_str(out, &glyph);
    }
    out.push_str("],\"c\":[");
    let mut first = true;
    for c in comments.filter(|c| !billes_analysis::comment::is_analysis(&c.text)) {
        if !first {
            out.push(',');
        }
        first = false;
        json_str(out, &c.text);
    }
    out.push(']');
    if let Some(a) = analysis {
        let _ = write!(out, ",\"w\":{}", a.win);
        if let Some((mv, w)) = &a.best {
            out.push_str(",\"b\":");
            json_str(out, mv);
            let _ = write!(out, ",\"bw\":{w}");
        }
        if let Some(l) = a.luck {
            let _ = write!(out, ",\"l\":{l}");
        }
    }
    out.push('}');
}

/// What changed from `before` to `after`, in the page's words (see the
/// module's documentation): the pieces, the game's own part (its
/// [`crate::Drawing`]), each seat's counts, the seat to move and
/// the winners.
fn write_delta(layout: &Layout, before: &PositionView, after: &PositionView, out: &mut String) {
    let mut delta = Delta::new(out);
    // pieces, both lists sorted by hole then seat
    fn at(v: &PositionView) -> Vec<(&str, String)> {
        let mut map: Vec<(&str, String)> = Vec::new();
        for p in &v.pieces {
            match map.last_mut() {
                Some((point, seats)) if *point == p.point => {
                    seats.push('+');
                    seats.push_str(&p.seat);
                }
                _ => map.push((&p.point, p.seat.to_string())),
            }
        }
        map
    }
    let (was, now) = (at(before), at(after));
    let (mut i, mut j) = (0, 0);
    while i < was.len() || j < now.len() {
        match (was.get(i), now.get(j)) {
            (Some(a), Some(b)) if a.0 == b.0 => {
                if a.1 != b.1 {
                    delta.op(format_args!("{}={}", b.0, b.1));
                }
                i += 1;
                j += 1;
            }
            (Some(a), b) if b.is_none_or(|b| a.0 < b.0) => {
                delta.op(format_args!("{}", a.0));
                i += 1;
            }
            (_, Some(b)) => {
                delta.op(format_args!("{}={}", b.0, b.1));
                j += 1;
            }
            _ => break,
        }
    }
    (layout.drawing().delta)(before, after, &mut delta);
    for (i, s) in after.seats.iter().enumerate() {
        let was = before.seats.iter().position(|w| w.seat == s.seat);
        if was.map(|w| before.seats[w].waiting) != Some(s.waiting) {
            delta.op(format_args!("{}:w{}", s.seat, s.waiting));
        }
        (layout.drawing().seat_delta)(before, was, after, i, &mut delta);
    }
    if before.to_move != after.to_move {
        delta.op(format_args!(">{}", after.to_move.as_deref().unwrap_or("")));
    }
    if before.winners != after.winners {
        let w = after
            .winners
            .as_ref()
            .map(|w| w.join("+"))
            .unwrap_or_default();
        delta.op(format_args!("!{w}"));
    }
}

/// Appends `text` as a JSON string that can sit inside a `<script>`
/// element: `<` is written `\u003c`, so no `</script>` or `<!--` closes it.
fn json_str(out: &mut String, text: &str) {
    let quoted = serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_string());
    if quoted.contains('<') {
        out.push_str(&quoted.replace('<', "\\u003c"));
    } else {
        out.push_str(&quoted);
    }
}

/// The panel's words ([`crate::Word`]) as the viewer reads them:
/// `["text","letter",when]` each, the letter `""` for a word without a
/// count, `when` 0 always, 1 when the count is above 0, 2 when the seat
/// holds the game's flag.
fn panel_json(out: &mut String, panel: &[crate::Word]) {
    for (k, word) in panel.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        out.push('[');
        json_str(out, word.text);
        out.push(',');
        json_str(out, &word.count.map(String::from).unwrap_or_default());
        let _ = write!(out, ",{}]", when_code(word.when));
    }
}

/// The number of a word's [`When`] in the viewer's page.
fn when_code(when: When) -> u8 {
    match when {
        When::Always => 0,
        When::Counted => 1,
        When::Flagged => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page_of(record: &str) -> (String, Option<ReplayError>) {
        let game = billes_notation::parse_game(record).expect("parses");
        let engine = billes_core::Standard::of(&game).expect("engine");
        let mut v = Viewer::new(&Options::default());
        let mistake = v.add(1, &engine, &game).expect("adds");
        (v.page(), mistake)
    }

    #[test]
    fn a_turn_is_its_text_its_delta_and_its_marks() {
        let (page, mistake) =
            page_of("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R1 r9-r10\n*\n");
        assert!(mistake.is_none());
        // any seat may take the first turn: after it, R is to move, owing a roll
        assert!(
            page.contains(r#""R6 +|r9=R R:w3 >R|a0|R rolls again after a 6""#),
            "{page}"
        );
        assert!(page.contains(r#""R1 r9-r10|r10=R r9 >G|a1""#), "{page}");
    }

    #[test]
    fn variations_are_walked_from_the_position_before_their_turn() {
        let (page, mistake) = page_of(
            "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R1 r9-r10 (2. R1 r9-r10 3. G6 +) (2. R1 r9-r10 3. G6 g9-g10)\n3. G6 +\n*\n",
        );
        // the second variation's 3. G6 g9-g10 cannot be played: it stops there
        assert!(page.contains(r#""vars":{"2":[{"turns":["R1 r9-r10|r10=R r9 >G|a1","G6 +|g9=G G:w3|a2|G rolls again after a 6"]},{"turns":["R1 r9-r10|r10=R r9 >G|a1"]}]}"#), "{page}");
        // a mistake in a variation is the record's mistake
        assert!(mistake.is_some());
    }

    #[test]
    fn the_main_line_stops_before_its_mistake() {
        let (page, mistake) =
            page_of("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R3 r9-r10\n*\n");
        assert_eq!(mistake.and_then(|m| m.turn), Some(2));
        assert!(
            page.contains(r#""turns":["R6 +|r9=R R:w3 >R|a0|R rolls again after a 6"]"#),
            "{page}"
        );
        assert!(page.contains(r#""error":"turn 2: "#), "{page}");
    }

    #[test]
    fn games_drawn_alike_share_their_board_and_start() {
        let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n*\n";
        let game = billes_notation::parse_game(record).expect("parses");
        let engine = billes_core::Standard::of(&game).expect("engine");
        let mut v = Viewer::new(&Options::default());
        v.add(1, &engine, &game).expect("adds");
        let one = v.page().len();
        v.add(2, &engine, &game).expect("adds");
        let two = v.page().len();
        assert_eq!(v.boards.len(), 1);
        assert_eq!(v.shared.len(), 2);
        assert!(two - one < 200, "a second game costs {} bytes", two - one);
    }

    #[test]
    fn script_closers_in_data_are_escaped() {
        let (page, _) = page_of(
            "[Game \"offboard\"]\n[Event \"</script><script>alert(1)</script>\"]\n\n1. R c4>nw {<!-- x}\n*\n",
        );
        let data = page
            .split("<script id=\"billes-data\" type=\"application/json\">")
            .nth(1)
            .and_then(|s| s.split("</script>").next())
            .expect("data element");
        assert!(!data.contains('<'));
        assert!(data.contains("\\u003c/script>"));
        let _: serde_json::Value = serde_json::from_str(data).expect("the data is JSON");
    }
}
