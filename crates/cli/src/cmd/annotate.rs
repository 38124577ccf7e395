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
use billes_archive::annotate::{annotate_game, strip};
use billes_archive::diagnostic::render_replay_error;
use billes_archive::input::{games, Input};
use billes_archive::rules::Place;
use billes_notation::write_game_to;
use clap::Args;

use super::{INVALID, OK};
use crate::atomic::{rewrite_in_place, Rewrite};
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
    // One parsed game at a time: each is annotated and written to the text
    // as soon as it is read. The syntax errors are printed first and the
    // other messages after them, in the order of the games, as when the
    // whole file was parsed before any game was annotated.
    let mut errors = Vec::new();
    let mut messages = Vec::new();
    let mut text = String::new();
    let mut written = 0;
    let mut failed = false;
    let settings = args.analysis.settings();
    for item in games(&input, &name).with_context(|| format!("cannot read {name}"))? {
        let (source, mut game) = match item.with_context(|| format!("cannot read {name}"))? {
            Ok(game) => game,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        if args.strip {
            strip(&mut game.line);
            billes_analysis::comment::strip(&mut game.line);
        } else {
            if args.analyze && !args.force && billes_analysis::comment::is_analysed(&game.line) {
                messages.push(format!(
                    "billes: {name}, game {}: already analysed, skipped (--force analyses it again)",
                    source.index
                ));
            } else if args.analyze {
                match super::analyze::analyse((&name, source.index, &game), &resolver, &settings) {
                    Ok(analysis) => billes_analysis::comment::annotate(&mut game.line, &analysis),
                    Err(err) => {
                        messages.push(format!(
                            "{}\n",
                            render_replay_error(
                                &name,
                                &source,
                                &err,
                                crate::output::stderr_color()
                            )
                        ));
                        failed = true;
                        continue;
                    }
                }
            }
            let annotated = resolver
                .rule_set(&Place::file(&name), &game)
                .and_then(|rules| annotate_game(&rules, &mut game));
            if let Err(err) = annotated {
                messages.push(format!(
                    "{}\n",
                    render_replay_error(&name, &source, &err, crate::output::stderr_color())
                ));
                failed = true;
                continue;
            }
        }
        if failed || !errors.is_empty() {
            // Nothing will be written: the text is no longer needed.
            text = String::new();
        } else {
            if written > 0 {
                text.push('\n');
            }
            write_game_to(&game, &mut text);
            written += 1;
        }
    }
    for e in &errors {
        errln!("{e}\n");
    }
    for m in &messages {
        errln!("{m}");
    }
    if failed || !errors.is_empty() {
        errln!("billes: {name} not annotated, nothing written");
        return Ok(INVALID);
    }
    match (&input, args.in_place) {
        (Input::File(path), true) => {
            // The file keeps its byte-order mark and line ends.
            let encoding =
                Encoding::of_file(path).with_context(|| format!("cannot read {name}"))?;
            rewrite_in_place(path, &encoding.apply(&text), Rewrite { force: args.force })?;
        }
        _ => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(OK)
}
