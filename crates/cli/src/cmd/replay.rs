//! `billes replay`.

use std::io::{self, Write};
use std::ops::ControlFlow;

use anyhow::bail;
use billes_archive::diagnostic::render_replay_error;
use billes_archive::input::{read_game, Input};
use billes_archive::rules::Place;
use billes_archive::RuleSet;
use billes_core::game::Position;
use billes_core::{Described, Engine, Observed, ReplayError};
use billes_notation::{Game, GameSource};

use super::{replay_exit, INVALID, OK};
use crate::cli::ReplayArgs;

pub fn replay(args: &ReplayArgs) -> anyhow::Result<u8> {
    let Some(policy) = args.rules.policy()? else {
        return Ok(INVALID);
    };
    let (name, source, game) = read_game(&Input::from_path(&args.file), args.game)?;
    // A record whose rules cannot be had is reported where its replay
    // would be.
    let rules = policy.resolver().rule_set(&Place::file(&name), &game);
    let engine = rules.as_ref().map(RuleSet::engine).map_err(Clone::clone);
    if args.at.is_none() {
        return list(args, (&name, &source, &game), engine);
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if let Some(0) = args.at {
        return match engine.and_then(|e| e.start_board(&game)) {
            Ok(board) => {
                out.write_all(board.as_bytes())?;
                Ok(OK)
            }
            Err(e) => {
                errln!(
                    "{}",
                    render_replay_error(&name, &source, &e, crate::output::stderr_color())
                );
                Ok(replay_exit(&e))
            }
        };
    }
    let mut io_result = Ok(());
    let mut found = false;
    let result = engine.and_then(|e| {
        e.replay(&game, &mut |step| {
            // The whole record is checked: a mistake after `--at` is reported.
            if io_result.is_err() || Some(step.index) != args.at {
                return ControlFlow::Continue(());
            }
            found = true;
            io_result = writeln!(out, "{}. {}", step.turn.number, turn_text(step.turn))
                .and_then(|()| out.write_all(step.board.text_board().as_bytes()));
            ControlFlow::Continue(())
        })
    });
    io_result?;
    match result {
        Ok(summary) => {
            if let Some(at) = args.at {
                if !found {
                    bail!("game {} has {} turns, not {at}", args.game, summary.turns);
                }
            }
            Ok(OK)
        }
        Err(err) => {
            out.flush()?;
            errln!(
                "{}",
                render_replay_error(&name, &source, &err, crate::output::stderr_color())
            );
            Ok(replay_exit(&err))
        }
    }
}

/// The listing: the position before the first turn shown, then each turn
/// followed by the position after it, then the result when the listing
/// reaches the end of the game.
fn list(
    args: &ReplayArgs,
    (name, source, game): (&str, &GameSource, &Game),
    engine: Result<&dyn Engine, ReplayError>,
) -> anyhow::Result<u8> {
    let turns = game.line.turns.len() as u32;
    let (from, to) = listed_turns(args, turns)?;
    // Descriptions need the whole record to replay; an invalid record is
    // listed without them (its error is reported below).
    let described = if args.describe {
        engine.as_ref().ok().and_then(|e| e.describe(game).ok())
    } else {
        None
    };
    // Variations are listed after the turn they replace, played from the
    // position before it with the game API (only when the record has some).
    let mut before: Option<Box<dyn Position + '_>> = game
        .line
        .turns
        .iter()
        .any(|t| !t.variations().is_empty())
        .then(|| engine.as_ref().ok().and_then(|e| e.start(game).ok()))
        .flatten();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if from == 1 {
        if let Ok(board) = engine
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|e| e.start_board(game))
        {
            writeln!(out, "start")?;
            out.write_all(board.as_bytes())?;
            writeln!(out)?;
        }
    }
    let mut io_result = Ok(());
    let result = engine.and_then(|e| {
        e.replay(game, &mut |step| {
            // Turns after `--to` are not shown, but still checked: a mistake
            // in them is reported.
            if io_result.is_err() || step.index > to {
                return ControlFlow::Continue(());
            }
            io_result = write_listed(
                &mut out,
                step,
                from,
                described.as_deref(),
                before.as_deref(),
            );
            if let Some(pos) = before.as_mut() {
                if pos.play_turn(step.turn).is_err() {
                    before = None;
                }
            }
            ControlFlow::Continue(())
        })
    });
    io_result?;
    match result {
        Ok(_) => {
            if to == turns {
                writeln!(out, "{}", game.outcome)?;
            }
            Ok(OK)
        }
        Err(err) => {
            out.flush()?;
            errln!(
                "{}",
                render_replay_error(name, source, &err, crate::output::stderr_color())
            );
            Ok(replay_exit(&err))
        }
    }
}

/// The first and the last turn listed (`--from`, `--to`), among the
/// `turns` of the game.
///
/// # Errors
/// `--from` after `--to`, or either past the last turn.
fn listed_turns(args: &ReplayArgs, turns: u32) -> anyhow::Result<(u32, u32)> {
    let from = args.from.unwrap_or(1).max(1);
    let to = args.to.unwrap_or(turns);
    if from > to.max(1) {
        bail!("--from {from} comes after --to {to}");
    }
    for bound in [args.from, args.to].into_iter().flatten() {
        if bound > turns {
            bail!("game {} has {turns} turns, not {bound}", args.game);
        }
    }
    Ok((from, to))
}

/// One turn of the listing (from `from` on; the one before it shows only
/// the position after it): the turn, with its description when there are
/// `described`, the position after it, and its variations played from
/// `before` (the position before it) when that is had.
fn write_listed(
    out: &mut impl Write,
    step: &Observed<'_>,
    from: u32,
    described: Option<&[Described]>,
    before: Option<&dyn Position>,
) -> io::Result<()> {
    let board = || step.board.text_board();
    if step.index + 1 == from {
        writeln!(out, "before turn {from}")
            .and_then(|()| out.write_all(board().as_bytes()))
            .and_then(|()| writeln!(out))
    } else if step.index >= from {
        let said = described
            .and_then(|d| d.get(step.index as usize - 1))
            .filter(|d| !d.phrases.is_empty())
            .map(|d| format!(" {{@ {}}}", d.phrases.join("; ")))
            .unwrap_or_default();
        writeln!(out, "{}. {}{said}", step.turn.number, turn_text(step.turn))
            .and_then(|()| out.write_all(board().as_bytes()))
            .and_then(|()| writeln!(out))
            .and_then(|()| match before {
                Some(pos) => variations(out, pos, step.turn, 1),
                None => Ok(()),
            })
    } else {
        Ok(())
    }
}

/// The variations of `turn`, each played from `pos` (the position before
/// the turn they replace): every turn and the board after it, indented by
/// their depth, up to the variation's first turn that cannot be played
/// (which is said), its own variations nested inside.
fn variations(
    out: &mut impl Write,
    pos: &dyn Position,
    turn: &billes_notation::Turn,
    depth: usize,
) -> io::Result<()> {
    let pad = "    ".repeat(depth);
    for (k, line) in turn.variations().iter().enumerate() {
        writeln!(out, "{pad}variation {} of turn {}:", k + 1, turn.number)?;
        let mut alt = pos.boxed();
        for t in &line.turns {
            let comments: String = t
                .before()
                .iter()
                .chain(t.after())
                .map(|c| format!(" {{{}}}", c.text))
                .collect();
            writeln!(out, "{pad}{}. {}{comments}", t.number, turn_text(t))?;
            // the variations of this turn, played from the position before it
            let mut nested = Vec::new();
            variations(&mut nested, alt.as_ref(), t, depth + 1)?;
            if let Err(e) = alt.play_turn(t) {
                writeln!(out, "{pad}(cannot be played: {})\n", e.message)?;
                break;
            }
            for l in alt.text_board().lines() {
                writeln!(out, "{pad}{l}")?;
            }
            writeln!(out)?;
            out.write_all(&nested)?;
        }
    }
    Ok(())
}

fn turn_text(turn: &billes_notation::Turn) -> String {
    let actions: Vec<String> = turn.actions.iter().map(|a| a.to_string()).collect();
    format!("{} {}", turn.head, actions.join(" "))
}
