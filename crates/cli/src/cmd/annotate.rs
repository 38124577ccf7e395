//! `billes annotate`: a comment on each turn telling what it did, in the
//! game's words (`{@ marble entered; rolls again}`), and `--strip` (the
//! comments themselves are [`billes_archive::annotate`]'s). The record is
//! written back in canonical form.
//!
//! `--analyze` also writes the analysis of `billes analyze` as comments
//! `{[%win 0.43] [%best r9-r13 0.51] [%luck +0.05]}` after the `@ `
//! comments, with the marks `?!`, `?`, `??` (billes-analysis's `comment`
//! module); `--strip` removes those too.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use billes_archive::annotate::{annotate_games, Analyse, Event, Work};
use billes_archive::diagnostic::render_replay_error;
use billes_archive::input::{games, Input};
use billes_notation::{Game, GameSource};
use clap::Args;

use super::{INVALID, IO_ERROR, OK};
use crate::atomic::{Rewrite, Rewriting};
use crate::output::Encoding;
use crate::rules::RulePolicyArgs;

#[derive(Debug, Args)]
pub struct AnnotateArgs {
    /// A record file, or `-` for stdin
    pub file: PathBuf,
    /// Rewrite the file (atomically; through a symbolic link; keeping mode,
    /// owner and group) instead of printing the result
    #[arg(long)]
    pub in_place: bool,
    /// With --analyze: analyse again the games already analysed (those with
    /// `[%win ...]` comments), which are otherwise left as they are and
    /// reported as skipped. With --in-place: also rewrite a read-only file,
    /// or a file with several hard links (in place, so every name sees the
    /// new text)
    #[arg(long)]
    pub force: bool,
    /// Remove the comments annotate added (those starting with `@ ` and the
    /// analysis comments `[%win ...]` with their marks), nothing else
    #[arg(long, conflicts_with = "analyze")]
    pub strip: bool,
    /// Also judge every decision by rollouts, as `billes analyze` does, and
    /// write `{[%win 0.43] [%best r9-r13 0.51]}` comments and the marks ?!, ?, ??
    #[arg(long)]
    pub analyze: bool,
    #[command(flatten)]
    pub analysis: super::analyze::AnalysisOptions,
    #[command(flatten)]
    pub rules: RulePolicyArgs,
}

pub fn run(args: &AnnotateArgs) -> anyhow::Result<u8> {
    let Some(policy) = args.rules.policy()? else {
        return Ok(INVALID);
    };
    let resolver = policy.resolver();
    let input = Input::from_path(&args.file);
    if args.in_place && input == Input::Stdin {
        anyhow::bail!("--in-place cannot rewrite standard input");
    }
    if args.force && !args.in_place && !args.analyze {
        anyhow::bail!("--force needs --analyze or --in-place");
    }
    let name = input.name();
    // Where the text goes, opened before any work: a file that may not be
    // rewritten is refused before its games are annotated.
    let mut out = match (&input, args.in_place) {
        (Input::File(path), true) => {
            // The file keeps its byte-order mark and line ends.
            let encoding =
                Encoding::of_file(path).with_context(|| format!("cannot read {name}"))?;
            let file = Rewriting::begin(path, Rewrite { force: args.force })?;
            Output::File(Box::new(file), encoding)
        }
        _ => Output::Stdout(io::BufWriter::with_capacity(1 << 16, io::stdout().lock())),
    };
    // One parsed game at a time, each written out as soon as it is done
    // (billes_archive::annotate::annotate_games): in place, to a temporary
    // file that replaces the file only when every game is annotated.
    let settings = args.analysis.settings();
    let analyse = |source: &GameSource, game: &Game| {
        super::analyze::analyse((&name, source.index, game), &resolver, &settings)
    };
    let work = Work {
        strip: args.strip,
        analyse: args.analyze.then_some(&analyse as &Analyse<'_>),
        force: args.force,
    };
    let color = crate::output::stderr_color();
    // A game the wall-clock guard stopped is no verdict: exit 2, not 1.
    let stopped = std::cell::Cell::new(false);
    let mut report = |event: Event<'_>| match event {
        Event::Invalid(diagnostics) => errln!("{diagnostics}\n"),
        Event::Stopped(diagnostics) => {
            stopped.set(true);
            errln!("{diagnostics}\n");
        }
        Event::AlreadyAnalysed(source) => errln!(
            "billes: {name}, game {}: already analysed, skipped (--force analyses it again)",
            source.index
        ),
        Event::Failed(source, err) => {
            stopped.set(stopped.get() || !err.kind.is_verdict());
            errln!("{}\n", render_replay_error(&name, source, err, color));
        }
    };
    let games = games(&input, &name).with_context(|| format!("cannot read {name}"))?;
    let done = annotate_games(
        games,
        &name,
        &resolver,
        &work,
        &mut |text| out.write(text),
        &mut report,
    )?;
    if !done.failed {
        out.finish()?;
        return Ok(OK);
    }
    match out {
        Output::Stdout(mut stdout) if done.written > 0 => {
            stdout.flush()?;
            let games = if done.written == 1 { "game" } else { "games" };
            errln!(
                "billes: {name} not annotated whole: the output stops before the first game \
                 that failed ({} {games} written)",
                done.written
            );
        }
        // In place, the temporary file is removed and the file left as it was.
        _ => errln!("billes: {name} not annotated, nothing written"),
    }
    Ok(if stopped.get() { IO_ERROR } else { INVALID })
}

/// Where the annotated text goes.
enum Output<'a> {
    /// Standard output, as the games are done.
    Stdout(io::BufWriter<io::StdoutLock<'a>>),
    /// The file rewritten in place, in its own byte-order mark (written
    /// before the first game) and line ends.
    File(Box<Rewriting>, Encoding),
}

impl Output<'_> {
    /// Writes the text of a game.
    fn write(&mut self, text: &str) -> io::Result<()> {
        match self {
            Output::Stdout(out) => out.write_all(text.as_bytes()),
            Output::File(file, encoding) => {
                file.write_all(&encoding.apply(text))?;
                encoding.bom = false;
                Ok(())
            }
        }
    }

    /// Ends the output: flushed, or the file replaced.
    fn finish(self) -> anyhow::Result<()> {
        match self {
            Output::Stdout(mut out) => Ok(out.flush()?),
            Output::File(file, _) => file.finish(),
        }
    }
}
