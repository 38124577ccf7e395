//! `billes render`: a position as a text board (coloured on a terminal), as
//! SVG or as JSON, or a whole file as a self-contained HTML replay viewer.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use billes_archive::diagnostic::render_replay_error;
use billes_archive::input::{read_game, Input};
use billes_archive::rules::{Place, Resolver};
use billes_notation::{GameSource, Reader};
use billes_render::{Options, Replay, Viewer};
use clap::Args;

use super::{replay_exit, INVALID, OK};
use crate::cli::ColorChoice;
use crate::output::{use_color, write_atomically, Stream};
use crate::rules::RulePolicyArgs;

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// A record file, or `-` for stdin
    pub file: PathBuf,
    /// Which game of the file (1-based); --html takes every game
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// The position after this turn (0: the start; default: the last turn)
    #[arg(long)]
    pub at: Option<u32>,
    /// Print a text board (the default)
    #[arg(long, conflicts_with_all = ["svg", "html", "json"])]
    pub text: bool,
    /// Write the position as SVG to this file (`-`: stdout)
    #[arg(long, value_name = "OUT.svg", conflicts_with_all = ["html", "json"])]
    pub svg: Option<PathBuf>,
    /// Write a replay viewer of every game of the file: one HTML file that
    /// works offline (`-`: stdout)
    #[arg(long, value_name = "OUT.html", conflicts_with_all = ["json", "at"])]
    pub html: Option<PathBuf>,
    /// Print the position as JSON: pieces, barricades, targets, counts
    #[arg(long)]
    pub json: bool,
    /// Write the hole names on the SVG board (the default)
    #[arg(long, overrides_with = "no_labels")]
    pub labels: bool,
    /// Leave the hole names off the SVG board (the viewer can show them)
    #[arg(long, overrides_with = "labels")]
    pub no_labels: bool,
    /// Colour the text board (auto: when stdout is a terminal; NO_COLOR, CLICOLOR_FORCE and TERM=dumb are followed)
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    #[command(flatten)]
    pub rules: RulePolicyArgs,
}

pub fn run(args: &RenderArgs) -> anyhow::Result<u8> {
    let Some(policy) = args.rules.policy()? else {
        return Ok(INVALID);
    };
    let resolver = policy.resolver();
    let options = Options {
        labels: !args.no_labels,
    };
    if let Some(out) = &args.html {
        return html(args, out, &options, &resolver);
    }
    if args.svg.is_none() && !args.json {
        return text(args, &resolver);
    }
    let (name, source, game) = read_game(&Input::from_path(&args.file), args.game)?;
    let rules = match resolver.rule_set(&Place::file(&name), &game) {
        Ok(e) => e,
        Err(e) => {
            errln!(
                "{}",
                render_replay_error(&name, &source, &e, crate::output::stderr_color())
            );
            return Ok(replay_exit(&e));
        }
    };
    let replay = match Replay::with_engine(rules.engine(), &game) {
        Ok(r) => r,
        Err(billes_render::RenderError::Replay(e)) => {
            errln!(
                "{}",
                render_replay_error(&name, &source, &e, crate::output::stderr_color())
            );
            return Ok(replay_exit(&e));
        }
        Err(e) => return Err(e.into()),
    };
    if let Some(err) = &replay.error {
        if args.at.is_none_or(|at| err.turn.is_none_or(|t| t <= at)) {
            errln!(
                "{}",
                render_replay_error(&name, &source, err, crate::output::stderr_color())
            );
            return Ok(replay_exit(err));
        }
    }
    let at = args.at.unwrap_or(replay.last().index);
    let frame = replay
        .at(at)
        .map_err(|e| anyhow::anyhow!("game {}: {e}", args.game))?;
    let bytes = if args.json {
        let mut text = serde_json::to_string_pretty(&serde_json::json!({
            "game": args.game,
            "turn": frame.index,
            "text": frame.text,
            "seat": frame.seat,
            // One die: its number; two: as written, "5-3".
            "roll": match (frame.roll, frame.second) {
                (Some(a), Some(b)) => serde_json::json!(format!("{a}-{b}")),
                (a, _) => serde_json::json!(a),
            },
            "position": frame.view,
        }))?;
        text.push('\n');
        text.into_bytes()
    } else {
        billes_render::svg(&replay, at, &options)?.into_bytes()
    };
    match &args.svg {
        Some(path) if path.as_os_str() != "-" => write_atomically(path, &bytes)?,
        _ => io::stdout().lock().write_all(&bytes)?,
    }
    Ok(OK)
}

/// The viewer of every game of the file. A game with a mistake is shown up
/// to the mistake, which is reported (exit 1); a game that cannot be set up
/// at all is left out and reported.
fn html(
    args: &RenderArgs,
    out: &Path,
    options: &Options,
    resolver: &Resolver,
) -> anyhow::Result<u8> {
    let input = if args.file.as_os_str() == "-" {
        Input::Stdin
    } else {
        Input::File(args.file.clone())
    };
    let name = input.name();
    let reader = input
        .open()
        .with_context(|| format!("cannot read {name}"))?;
    let mut viewer = Viewer::new(options);
    let mut code = OK;
    for item in Reader::new(reader) {
        let source: GameSource = item.with_context(|| format!("cannot read {name}"))?;
        let game = match source.parse() {
            Ok(g) => g,
            Err(e) => {
                errln!("{}", e.render(&name, crate::output::stderr_color()));
                code = INVALID;
                continue;
            }
        };
        let added = resolver
            .rule_set(&Place::file(&name), &game)
            .map_err(billes_render::RenderError::Replay)
            .and_then(|rules| viewer.add(source.index, rules.engine(), &game));
        match added {
            Ok(None) => {}
            Ok(Some(err)) | Err(billes_render::RenderError::Replay(err)) => {
                errln!(
                    "{}",
                    render_replay_error(&name, &source, &err, crate::output::stderr_color())
                );
                code = code.max(replay_exit(&err));
            }
            Err(e) => return Err(e.into()),
        }
    }
    if viewer.is_empty() {
        bail!("{name} has no game to show");
    }
    let page = viewer.page();
    if out.as_os_str() == "-" {
        io::stdout().lock().write_all(page.as_bytes())?;
    } else {
        write_atomically(out, page.as_bytes())?;
    }
    Ok(code)
}

/// The text board (moved here from `replay`, with colours on a terminal).
fn text(args: &RenderArgs, resolver: &Resolver) -> anyhow::Result<u8> {
    let (name, source, game) = read_game(&Input::from_path(&args.file), args.game)?;
    let rules = match resolver.rule_set(&Place::file(&name), &game) {
        Ok(e) => e,
        Err(e) => {
            errln!(
                "{}",
                render_replay_error(&name, &source, &e, crate::output::stderr_color())
            );
            return Ok(replay_exit(&e));
        }
    };
    let engine = rules.engine();
    let mut board = match engine.start_board(&game) {
        Ok(b) => b,
        Err(e) => {
            errln!(
                "{}",
                render_replay_error(&name, &source, &e, crate::output::stderr_color())
            );
            return Ok(replay_exit(&e));
        }
    };
    let mut last = 0;
    // The replay stops after turn `--at` (after turn 1 for `--at 0`, as
    // the first step comes after it): the turns after it, and the result,
    // are not checked (`billes validate` checks the whole record). At the
    // last turn it goes on to check the result, as without `--at`.
    let turns = game.line.turns.len() as u32;
    let result = engine.replay(&game, &mut |step| {
        if args.at.is_none_or(|at| step.index <= at) {
            board = step.board.text_board();
            last = step.index;
        }
        if args.at.is_some_and(|at| step.index >= at && at < turns) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    if let Err(err) = result {
        if args.at.is_none_or(|at| err.turn.is_none_or(|t| t <= at)) {
            errln!(
                "{}",
                render_replay_error(&name, &source, &err, crate::output::stderr_color())
            );
            return Ok(replay_exit(&err));
        }
    }
    if let Some(at) = args.at {
        if at > last {
            bail!("game {} has {last} turns, not {at}", args.game);
        }
    }
    if use_color(args.color, Stream::Stdout) {
        let seats: Vec<(String, String)> = Replay::with_engine(engine, &game)
            .map(|r| {
                r.frames[0]
                    .view
                    .seats
                    .iter()
                    .map(|s| (s.seat.to_string(), s.colour.clone()))
                    .collect()
            })
            .unwrap_or_default();
        board = colour_board(&board, &seats);
    }
    io::stdout().lock().write_all(board.as_bytes())?;
    Ok(OK)
}

/// Paints every seat letter standing alone (no letter on either side: `R`,
/// `(R)`, `R:4`, `=B`, not the R of `START`) in its seat's colour.
fn colour_board(board: &str, seats: &[(String, String)]) -> String {
    let code = |c: char| {
        seats
            .iter()
            .find(|(s, _)| s.len() == 1 && s.starts_with(c))
            .map(|(_, colour)| match colour.as_str() {
                "red" => "1;31",
                "green" => "1;32",
                "yellow" => "1;33",
                "blue" => "1;34",
                "purple" => "1;35",
                _ => "1;37",
            })
    };
    let chars: Vec<char> = board.chars().collect();
    let mut out = String::with_capacity(board.len() * 2);
    for (i, &c) in chars.iter().enumerate() {
        let alone = |j: Option<usize>| {
            j.and_then(|j| chars.get(j))
                .is_none_or(|d| !d.is_ascii_alphabetic())
        };
        match code(c) {
            Some(sgr) if alone(i.checked_sub(1)) && alone(Some(i + 1)) => {
                out.push_str(&format!("\x1b[{sgr}m{c}\x1b[0m"));
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::colour_board;

    #[test]
    fn only_lone_seat_letters_are_coloured() {
        let seats = [("R".to_string(), "red".to_string())];
        let out = colour_board("START (R)-b1 R:4 HOME\n", &seats);
        assert_eq!(
            out,
            "START (\x1b[1;31mR\x1b[0m)-b1 \x1b[1;31mR\x1b[0m:4 HOME\n"
        );
    }
}
