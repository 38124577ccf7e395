//! `billes replay`.

use std::io::{self, Write};
use std::ops::ControlFlow;

use anyhow::bail;
use billes_archive::diagnostic::render_replay_error;
use billes_archive::input::{read_game, Input};
use billes_archive::rules::Place;
use billes_archive::RuleSet;
use billes_core::events::{Mistake, Played, Reader, Variation};
use billes_core::game::Position;
use billes_core::{Described, Engine, ReplayError};
use billes_notation::{Game, GameSource, Turn};

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
/// followed by the position after it and its variations, then the result
/// when the listing reaches the end of the game.
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
    let stdout = io::stdout();
    let mut listing = Listing {
        out: stdout.lock(),
        from,
        to,
        described: described.as_deref(),
        lines: vec![Some(Told::default())],
        written: Ok(()),
        mistake: None,
    };
    let read = engine.and_then(|e| e.read(game, &mut listing));
    let Listing {
        mut out,
        written,
        mistake,
        ..
    } = listing;
    written?;
    match read.err().or(mistake) {
        None => {
            if to == turns {
                writeln!(out, "{}", game.outcome)?;
            }
            Ok(OK)
        }
        Some(err) => {
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

/// The listing written as the replay stream tells the record
/// ([`Engine::read`]): the main-line turns from `from` to `to` (the one
/// before `from` shows only the position after it), each followed by its
/// variations, every turn of them with the board after it, indented by
/// their depth, their own variations after it. The listing stops at the
/// record's first mistake: the turns after `to` are not shown, but still
/// checked.
struct Listing<'d, W> {
    out: W,
    from: u32,
    to: u32,
    /// What each main-line turn did, when described.
    described: Option<&'d [Described]>,
    /// The lines being told, the main line first and the variation told
    /// last; `None`: a variation not listed (of a turn not listed).
    lines: Vec<Option<Told>>,
    /// How writing the listing went.
    written: io::Result<()>,
    /// The record's first mistake.
    mistake: Option<ReplayError>,
}

/// A line being told: its text (a variation's; the main line's is
/// written out as it goes), and the text of the variations of its turn
/// being told, which go after that turn.
#[derive(Default)]
struct Told {
    text: Vec<u8>,
    variations: Vec<u8>,
}

impl<W: Write> Listing<'_, W> {
    /// Writes `turn`, the main line's, numbered `number` and played to
    /// `after`, with `variations`, the text of its variations, when it is
    /// listed.
    fn main_turn(
        &mut self,
        turn: &Turn,
        number: u32,
        after: &dyn Position,
        variations: &[u8],
    ) -> io::Result<()> {
        let (out, from) = (&mut self.out, self.from);
        if number > self.to {
            Ok(())
        } else if number + 1 == from {
            writeln!(out, "before turn {from}")
                .and_then(|()| out.write_all(after.text_board().as_bytes()))
                .and_then(|()| writeln!(out))
        } else if number >= from {
            let said = self
                .described
                .and_then(|d| d.get(number as usize - 1))
                .filter(|d| !d.phrases.is_empty())
                .map(|d| format!(" {{@ {}}}", d.phrases.join("; ")))
                .unwrap_or_default();
            writeln!(out, "{}. {}{said}", turn.number, turn_text(turn))
                .and_then(|()| out.write_all(after.text_board().as_bytes()))
                .and_then(|()| writeln!(out))
                .and_then(|()| out.write_all(variations))
        } else {
            Ok(())
        }
    }

    /// Stops the stream when the listing cannot be written.
    fn wrote(&mut self, written: io::Result<()>) -> ControlFlow<()> {
        if written.is_err() {
            self.written = written;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

impl<W: Write> Reader for Listing<'_, W> {
    fn start(&mut self, start: &dyn Position) -> ControlFlow<()> {
        if self.from != 1 {
            return ControlFlow::Continue(());
        }
        let out = &mut self.out;
        let written = writeln!(out, "start")
            .and_then(|()| out.write_all(start.text_board().as_bytes()))
            .and_then(|()| writeln!(out));
        self.wrote(written)
    }

    fn begin_variation(&mut self, v: &Variation<'_>) -> ControlFlow<()> {
        let number = v.index as u32 + 1;
        let listed = match self.lines.last() {
            Some(Some(_)) => v.depth > 1 || (self.from..=self.to).contains(&number),
            _ => false,
        };
        let told = listed.then(|| {
            let pad = "    ".repeat(v.depth);
            let text = format!("{pad}variation {} of turn {}:\n", v.k + 1, v.of.number);
            Told {
                text: text.into_bytes(),
                variations: Vec::new(),
            }
        });
        self.lines.push(told);
        ControlFlow::Continue(())
    }

    fn turn(&mut self, played: &Played<'_>) -> ControlFlow<()> {
        let Some(Some(line)) = self.lines.last_mut() else {
            return ControlFlow::Continue(());
        };
        let variations = std::mem::take(&mut line.variations);
        if played.depth == 0 {
            let written = self.main_turn(played.turn, played.number, played.after, &variations);
            return self.wrote(written);
        }
        let (t, pad) = (played.turn, "    ".repeat(played.depth));
        let comments: String = t
            .before()
            .iter()
            .chain(t.after())
            .map(|c| format!(" {{{}}}", c.text))
            .collect();
        let text = &mut line.text;
        let _ = writeln!(text, "{pad}{}. {}{comments}", t.number, turn_text(t));
        for l in played.after.text_board().lines() {
            let _ = writeln!(text, "{pad}{l}");
        }
        let _ = writeln!(text);
        text.extend_from_slice(&variations);
        ControlFlow::Continue(())
    }

    fn mistake(&mut self, mistake: &Mistake<'_>) -> ControlFlow<()> {
        self.mistake = Some(mistake.error.clone());
        ControlFlow::Break(())
    }

    fn end_variation(&mut self, _: usize) -> ControlFlow<()> {
        if let Some(Some(told)) = self.lines.pop() {
            if let Some(Some(line)) = self.lines.last_mut() {
                line.variations.extend_from_slice(&told.text);
            }
        }
        ControlFlow::Continue(())
    }
}

fn turn_text(turn: &Turn) -> String {
    let actions: Vec<String> = turn.actions.iter().map(|a| a.to_string()).collect();
    format!("{} {}", turn.head, actions.join(" "))
}
