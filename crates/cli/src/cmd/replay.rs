//! `billes replay` and `billes render --text`.

use std::io::{self, Write};

use anyhow::{bail, Context};
use billes_notation::{Game, GameSource, Reader};

use super::validate::render_replay_error;
use super::{INVALID, OK};
use crate::cli::{RenderArgs, ReplayArgs};
use crate::input::Input;

/// Reads game number `n` (1-based) of the file.
fn load(file: &std::path::Path, n: usize) -> anyhow::Result<(String, GameSource, Game)> {
    let input = if file.as_os_str() == "-" {
        Input::Stdin
    } else {
        Input::File(file.to_path_buf())
    };
    let name = input.name();
    if n == 0 {
        bail!("games are numbered from 1");
    }
    let reader = input
        .open()
        .with_context(|| format!("cannot read {name}"))?;
    for item in Reader::new(reader) {
        let source = item.with_context(|| format!("cannot read {name}"))?;
        if source.index == n {
            let game = match source.parse() {
                Ok(g) => g,
                Err(e) => bail!("{}", e.render(&name, false)),
            };
            return Ok((name, source, game));
        }
    }
    bail!("{name} has fewer than {n} games")
}

pub fn replay(args: &ReplayArgs) -> anyhow::Result<u8> {
    args.rules.force()?;
    let (name, source, game) = load(&args.file, args.game)?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if let Some(0) = args.at {
        let board = super::rules::start_board(&name, &game)
            .map_err(|e| anyhow::anyhow!(render_replay_error(&name, &source, &e, false)))?;
        out.write_all(board.as_bytes())?;
        return Ok(OK);
    }
    if args.at.is_none() {
        if let Ok(board) = super::rules::start_board(&name, &game) {
            writeln!(out, "start")?;
            out.write_all(board.as_bytes())?;
            writeln!(out)?;
        }
    }
    let mut io_result = Ok(());
    let mut found = false;
    let result = super::rules::replay_game(&name, &game, &mut |step| {
        if io_result.is_err() {
            return;
        }
        let show = match args.at {
            Some(at) => step.index == at,
            None => true,
        };
        if show {
            found = true;
            io_result = writeln!(out, "{}. {}", step.turn.number, turn_text(step.turn))
                .and_then(|()| out.write_all(step.board.text_board().as_bytes()))
                .and_then(|()| {
                    if args.at.is_none() {
                        writeln!(out)
                    } else {
                        Ok(())
                    }
                });
        }
    });
    io_result?;
    match result {
        Ok(summary) => {
            if let Some(at) = args.at {
                if !found {
                    bail!("game {} has {} turns, not {at}", args.game, summary.turns);
                }
            } else {
                writeln!(out, "{}", game.outcome)?;
            }
            Ok(OK)
        }
        Err(err) => {
            out.flush()?;
            eprintln!("{}", render_replay_error(&name, &source, &err, false));
            Ok(INVALID)
        }
    }
}

fn turn_text(turn: &billes_notation::Turn) -> String {
    let actions: Vec<String> = turn.actions.iter().map(|a| a.to_string()).collect();
    format!("{} {}", turn.head, actions.join(" "))
}

pub fn render(args: &RenderArgs) -> anyhow::Result<u8> {
    args.rules.force()?;
    let (name, source, game) = load(&args.file, args.game)?;
    let mut board = super::rules::start_board(&name, &game)
        .map_err(|e| anyhow::anyhow!(render_replay_error(&name, &source, &e, false)))?;
    let mut last = 0;
    let result = super::rules::replay_game(&name, &game, &mut |step| {
        if args.at.is_none_or(|at| step.index <= at) {
            board = step.board.text_board();
            last = step.index;
        }
    });
    if let Err(err) = result {
        if args.at.is_none_or(|at| err.turn.is_none_or(|t| t <= at)) {
            eprintln!("{}", render_replay_error(&name, &source, &err, false));
            return Ok(INVALID);
        }
    }
    if let Some(at) = args.at {
        if at > last {
            bail!("game {} has {last} turns, not {at}", args.game);
        }
    }
    io::stdout().lock().write_all(board.as_bytes())?;
    Ok(OK)
}
