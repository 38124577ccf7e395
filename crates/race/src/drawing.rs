//! A race game drawn from its grid: each point at its cell's column and
//! row, the track joined point to point, each home column tinted in its
//! seat's colour and joined to its goal, the entry points ringed; each
//! seat's yard drawn beside its entry point, one spot a piece. A move's
//! arrow runs step by step along the seat's path.

use billes_game::drawing::layout::{HoleKind, Layout, Waiting, Xy};
use billes_game::drawing::{Drawing, RenderError, When, Word};
use billes_game::view::PositionView;
use billes_game::GameKind;
use billes_notation::{Name, Turn};

use crate::board::Board;
use crate::state::ViewPart;
use crate::Race;

/// The pieces home of `view`'s seats (none in a view of another game).
fn home(view: &PositionView) -> &[u32] {
    view.part::<ViewPart>()
        .map_or(&[], |own| own.home.as_slice())
}

/// Where each point is drawn, the grid's cells as they are.
fn at(board: &Board, name: &str) -> Option<Xy> {
    board
        .cells
        .iter()
        .find(|c| c.0 == name)
        .map(|c| (c.1 as f64, c.2 as f64))
}

/// The layout of `board`.
fn layout_of(board: &Board) -> Result<Layout, RenderError> {
    let mut layout = Layout::new::<Race>();
    layout.game = board.kind.name();
    let seat_of = |p: u16| {
        (0..board.seats.len()).find(|&s| {
            let path = &board.paths[s];
            path[0] == p || path[board.track_steps[s]..].contains(&p)
        })
    };
    for (i, name) in board.points.iter().enumerate() {
        let p = i as u16;
        let xy =
            at(board, name).ok_or_else(|| RenderError::Board(format!("{name} is not drawn")))?;
        let seat = seat_of(p);
        let kind = match seat {
            Some(s) if board.paths[s][0] == p => HoleKind::Start,
            Some(s) if board.has_goal && *board.paths[s].last().unwrap_or(&0) == p => {
                HoleKind::Goal
            }
            Some(_) => HoleKind::Home,
            None if board.safe[i] => HoleKind::Star,
            None => HoleKind::Plain,
        };
        let seat = seat.map(|s| board.seats[s].to_string());
        layout.add(name.to_string(), xy, kind, seat);
    }
    for path in &board.paths {
        for pair in path.windows(2) {
            let (a, b) = (usize::from(pair[0]), usize::from(pair[1]));
            if !layout.lines.contains(&(a, b)) && !layout.lines.contains(&(b, a)) {
                layout.lines.push((a, b));
            }
        }
    }
    let (width, height) = board.cells.iter().fold((0.0f64, 0.0f64), |(w, h), c| {
        (w.max(c.1 as f64), h.max(c.2 as f64))
    });
    let centre = (width / 2.0, height / 2.0);
    for (s, seat) in board.seats.iter().enumerate() {
        // The yard: a small square of spots beside the entry point, away
        // from the board's centre.
        let entry = layout.holes[usize::from(board.paths[s][0])].at;
        let away = billes_game::drawing::layout::unit((entry.0 - centre.0, entry.1 - centre.1));
        let side = (-away.1, away.0);
        let base = (entry.0 + 2.2 * away.0, entry.1 + 2.2 * away.1);
        let spots = (0..board.pieces)
            .map(|k| {
                let (row, col) = ((k / 2) as f64, (k % 2) as f64 - 0.5);
                (
                    base.0 + 0.8 * col * side.0 + 0.8 * row * away.0,
                    base.1 + 0.8 * col * side.1 + 0.8 * row * away.1,
                )
            })
            .collect();
        layout.waiting.push(Waiting {
            seat: seat.to_string(),
            spots,
        });
    }
    Ok(layout)
}

impl Drawing for Race {
    fn standard_layout() -> Result<Layout, RenderError> {
        Err(RenderError::Board(
            "a race game is drawn from its own game.yaml: name the game".into(),
        ))
    }

    fn layout_for(kind: GameKind) -> Result<Layout, RenderError> {
        let board = crate::table::find(kind)
            .ok_or_else(|| RenderError::Board(format!("{kind} is not loaded")))?;
        layout_of(board)
    }

    /// Step by step along the mover's path, from its yard for an entry.
    fn route_of_move(
        layout: &Layout,
        _before: &PositionView,
        turn: &Turn,
        path: &[Name],
    ) -> Option<Vec<Xy>> {
        let board = crate::table::named(layout.game)?;
        let s = board.seats.iter().position(|x| x == turn.mover())?;
        let steps = &board.paths[s];
        let step = |n: &Name| {
            board
                .point(n)
                .and_then(|p| steps.iter().position(|&q| q == p))
        };
        let (from, to) = (step(path.first()?)?, step(path.last()?)?);
        (from < to).then(|| {
            steps[from..=to]
                .iter()
                .filter_map(|&p| layout.position(board.name(p).as_str()))
                .collect()
        })
    }

    const PANEL: &'static [Word] = &[
        Word {
            text: " · yard ",
            count: Some('w'),
            when: When::Counted,
        },
        Word {
            text: " · home ",
            count: Some('h'),
            when: When::Counted,
        },
    ];

    /// `h`: the seat's pieces home.
    fn count(view: &PositionView, i: usize, letter: char) -> Option<u32> {
        (letter == 'h').then(|| home(view).get(i).copied())?
    }

    fn clear(view: &mut PositionView) {
        if let Some(own) = view.part_mut::<ViewPart>() {
            own.home.iter_mut().for_each(|h| *h = 0);
        }
    }
}
