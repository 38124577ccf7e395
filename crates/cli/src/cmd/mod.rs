//! The verbs. Each is a function from its arguments to an exit code.

use crate::cli::{Cli, Command};

pub(crate) mod analyze;
pub(crate) mod annotate;
mod convert;
pub(crate) mod diff;
mod docs;
pub(crate) mod draw;
pub(crate) mod export;
mod fmt;
pub(crate) mod game;
pub(crate) mod live;
pub(crate) mod lsp;
pub(crate) mod moves;
pub(crate) mod play;
pub(crate) mod ratings;
pub(crate) mod render;
mod replay;
pub mod rules;
pub(crate) mod run;
mod simulate;
pub(crate) mod standings;
pub(crate) mod validate;

/// Exit code: everything valid.
pub const OK: u8 = 0;
/// Exit code: something invalid.
pub const INVALID: u8 = 1;
/// Exit code: a usage error, or an input or output that could not be read
/// or written.
pub const IO_ERROR: u8 = 2;

/// The exit code of a record whose replay failed with `e`: 1 for a
/// mistake of the record (or its rules), 2 when the wall-clock guard
/// stopped the house rules' script (`time_guard`: no verdict, the run
/// could not do its work).
pub(crate) fn replay_exit(e: &billes_core::ReplayError) -> u8 {
    if e.kind.is_verdict() {
        INVALID
    } else {
        IO_ERROR
    }
}

/// Runs the verb.
pub fn run(cli: Cli) -> anyhow::Result<u8> {
    if !game::load_dirs(&cli.games_dir)? {
        return Ok(INVALID);
    }
    let code = match cli.command {
        Command::Validate(args) => validate::run(&args)?,
        Command::Replay(args) => replay::replay(&args)?,
        Command::Render(args) => render::run(&args)?,
        Command::Fmt(args) => fmt::run(&args)?,
        Command::Convert(args) => convert::run(&args)?,
        Command::Simulate(args) => simulate::run(&args)?,
        Command::Annotate(args) => annotate::run(&args)?,
        Command::Analyze(args) => analyze::run(&args)?,
        Command::Diff(args) => diff::run(&args)?,
        Command::Rules(args) => rules::run(&args)?,
        Command::Game(args) => game::run(&args)?,
        Command::Run(args) => run::run(&args)?,
        Command::Filter(args) => run::filter(&args)?,
        Command::Moves(args) => moves::run(&args)?,
        Command::Play(args) => play::run(&args)?,
        Command::Lsp(args) => lsp::run(&args)?,
        Command::Export(args) => export::run(&args)?,
        Command::Standings(args) => standings::run(&args)?,
        Command::Draw(args) => draw::run(&args)?,
        Command::Live(args) => live::run(&args)?,
        Command::Ratings(args) => ratings::run(&args)?,
        Command::Completions(args) => docs::completions(&args)?,
        Command::Man => docs::man()?,
    };
    Ok(code)
}
