//! The HTML replay viewer: one self-contained file (inline CSS, inline
//! script, no fonts, no network) that steps through the games of a record.
//!
//! Each game's board and hole names are drawn once; every position is a
//! precomputed SVG layer the script swaps in. The data sits in a
//! `<script type="application/json">` element; the script (`viewer/viewer.js`)
//! builds the move list, the buttons, the slider and the keys from it.

use billes_notation::Game;
use serde::Serialize;

use crate::frames::Replay;
use crate::svg::{board_layer, escape, labels_layer, position_layer, Canvas};
use crate::{Options, RenderError};

/// One game of the viewer: a title, its tags and its replay.
#[derive(Debug)]
pub struct HtmlGame {
    /// The game's title in the game picker (`1. Club night, round 2`).
    pub title: String,
    /// The tags worth showing, as written (`Event`, `Date`, player names...).
    pub tags: Vec<(String, String)>,
    /// The replayed game.
    pub replay: Replay,
}

impl HtmlGame {
    /// Replays game number `number` (1-based, for its title) of a file.
    ///
    /// # Errors
    /// As [`Replay::of`].
    pub fn from_game(number: usize, game: &Game) -> Result<HtmlGame, RenderError> {
        HtmlGame::with_engine(number, &billes_core::Standard::of(game)?, game)
    }

    /// Replays game number `number` of a file under `engine` (the standard
    /// rules or a variant).
    ///
    /// # Errors
    /// As [`Replay::with_engine`].
    pub fn with_engine(
        number: usize,
        engine: &dyn billes_core::Engine,
        game: &Game,
    ) -> Result<HtmlGame, RenderError> {
        let replay = Replay::with_engine(engine, game)?;
        let mut title = format!("{number}. {}", replay.game.name());
        if let Some(event) = game.tag("Event") {
            title.push_str(": ");
            title.push_str(event);
            if let Some(round) = game.tag("Round") {
                title.push_str(", round ");
                title.push_str(round);
            }
        }
        let tags = game
            .tags
            .iter()
            .filter(|t| !matches!(t.name.as_str(), "Game" | "Event" | "Round" | "Position"))
            .map(|t| (t.name.clone(), t.value.clone()))
            .collect();
        Ok(HtmlGame {
            title,
            tags,
            replay,
        })
    }
}

#[derive(Serialize)]
struct GameData<'a> {
    title: &'a str,
    game: &'static str,
    tags: &'a [(String, String)],
    board: String,
    frames: Vec<FrameData<'a>>,
    outcome: &'a str,
    error: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FrameData<'a> {
    index: u32,
    number: Option<u32>,
    seat: Option<&'a str>,
    roll: Option<u32>,
    text: &'a str,
    nags: &'a [String],
    comments: &'a [String],
    to_move: Option<&'a str>,
    pending: Option<&'a str>,
    winners: Option<String>,
    svg: String,
}

/// The viewer for `games`, as one HTML document.
///
/// ```
/// let record = "[Game \"offboard\"]\n\n1. R c4>nw\n*\n";
/// let game = billes_notation::parse_game(record).unwrap();
/// let games = [billes_render::HtmlGame::from_game(1, &game).unwrap()];
/// let page = billes_render::html(&games, &billes_render::Options::default());
/// assert!(page.starts_with("<!DOCTYPE html>"));
/// assert!(!page.contains("http://") || !page.contains("<script src"));
/// ```
pub fn html(games: &[HtmlGame], options: &Options) -> String {
    let data: Vec<GameData<'_>> = games.iter().map(game_data).collect();
    let json = serde_json::to_string(&serde_json::json!({
        "labels": options.labels,
        "games": data,
    }))
    .unwrap_or_else(|_| "{\"games\":[]}".to_string())
    // a JSON string may hold `</script>`: keep the element closed where it is
    .replace("</", "<\\/");
    let title = games
        .first()
        .map_or_else(|| "billes".to_string(), |g| format!("billes: {}", g.title));
    let mut page = String::with_capacity(json.len() + 16_384);
    page.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    page.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    page.push_str(&format!("<title>{}</title>\n", escape(&title)));
    page.push_str("<style>\n");
    page.push_str(include_str!("viewer/viewer.css"));
    page.push_str("</style>\n</head>\n<body>\n");
    page.push_str(include_str!("viewer/body.html"));
    page.push_str("<script id=\"billes-data\" type=\"application/json\">");
    page.push_str(&json);
    page.push_str("</script>\n<script>\n");
    page.push_str(include_str!("viewer/viewer.js"));
    page.push_str("</script>\n</body>\n</html>\n");
    page
}

fn game_data(g: &HtmlGame) -> GameData<'_> {
    let r = &g.replay;
    let seats = r.frames[0].view.seats.len();
    let canvas = Canvas::new(&r.layout, seats);
    let mut board = canvas.open(r, &r.frames[0]);
    board.push_str(&board_layer(&r.layout, &canvas, &r.frames[0].view));
    board.push_str("<g class=\"position-slot\"></g>\n");
    board.push_str(&labels_layer(&r.layout, &canvas));
    board.push_str("</svg>\n");
    let frames = r
        .frames
        .iter()
        .map(|f| FrameData {
            index: f.index,
            number: f.number,
            seat: f.seat.as_deref(),
            roll: f.roll,
            text: &f.text,
            nags: &f.nags,
            comments: &f.comments,
            to_move: f.view.to_move.as_deref(),
            pending: f.view.pending.as_deref(),
            winners: f.view.winners.as_ref().map(|w| w.join("+")),
            svg: position_layer(&r.layout, &canvas, f),
        })
        .collect();
    GameData {
        title: &g.title,
        game: r.game.name(),
        tags: &g.tags,
        board,
        frames,
        outcome: &r.outcome,
        error: r.error.as_ref().map(|e| match e.turn {
            Some(t) => format!("turn {t}: {}", e.message),
            None => e.message.clone(),
        }),
    }
}
