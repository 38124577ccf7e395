//! `billes annotate`: a comment on each turn telling what it did, in the
//! game's words (`{@ marble entered; rolls again}`), and `--strip`.
//!
//! Annotate's comments are the comments after a turn whose text starts with
//! `@ ` (notation/SPEC.md, "Annotations"). Annotating first removes them and
//! then writes fresh ones, so annotating twice gives what annotating once
//! gave; `--strip` removes them and nothing else. The record is written back
//! in canonical form.
//!
//! `--analyze` also writes the analysis of `billes analyze` as comments
//! `{[%win 0.43] [%best r9-r13 0.51] [%luck +0.05]}` after the `@ `
//! comments, with the marks `?!`, `?`, `??` (billes-analysis's `comment`
//! module); `--strip` removes those too.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use billes_notation::{write_games, Comment, Game, GameSource, Line, Reader, Span};
use clap::Args;

use super::rules::RulesOption;
use super::validate::render_replay_error;
use super::{INVALID, OK};
use crate::input::Input;
use crate::output::{write_atomically, Encoding};

/// How an annotation comment starts: `{@ marble entered}`.
pub const MARKER: &str = "@ ";

#[derive(Debug, Args)]
pub struct AnnotateArgs {
    /// A record file, or `-` for stdin
    pub file: PathBuf,
    /// Rewrite the file (atomically) instead of printing the result
    #[arg(long)]
    pub in_place: bool,
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
    pub rules: RulesOption,
}

pub fn run(args: &AnnotateArgs) -> anyhow::Result<u8> {
    args.rules.force()?;
    let input = input_of(&args.file);
    if args.in_place && input == Input::Stdin {
        anyhow::bail!("--in-place cannot rewrite standard input");
    }
    let name = input.name();
    let (sources, errors) = read_games(&input, &name)?;
    let mut failed = !errors.is_empty();
    for e in &errors {
        eprintln!("{e}\n");
    }
    let mut games = Vec::with_capacity(sources.len());
    let settings = args.analysis.settings();
    for (source, mut game) in sources {
        strip(&mut game.line);
        if args.strip {
            billes_analysis::comment::strip(&mut game.line);
        }
        if args.analyze {
            match super::analyze::analyse(&name, &game, &settings) {
                Ok(analysis) => billes_analysis::comment::annotate(&mut game.line, &analysis),
                Err(err) => {
                    eprintln!("{}\n", render_replay_error(&name, &source, &err, false));
                    failed = true;
                    continue;
                }
            }
        }
        if !args.strip {
            match super::rules::engine(&name, &game).and_then(|e| e.describe(&game)) {
                Ok(described) => annotate(&mut game.line, &described),
                Err(err) => {
                    eprintln!("{}\n", render_replay_error(&name, &source, &err, false));
                    failed = true;
                    continue;
                }
            }
        }
        games.push(game);
    }
    if failed {
        eprintln!("billes: {name} not annotated, nothing written");
        return Ok(INVALID);
    }
    let text = write_games(&games);
    match (&input, args.in_place) {
        (Input::File(path), true) => {
            // The file keeps its byte-order mark and line ends.
            let encoding =
                Encoding::of_file(path).with_context(|| format!("cannot read {name}"))?;
            write_atomically(path, &encoding.apply(&text))
                .with_context(|| format!("cannot rewrite {name}"))?;
        }
        _ => {
            let mut out = io::stdout().lock();
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(OK)
}

/// The input a path on the command line names (`-`: stdin).
pub fn input_of(path: &std::path::Path) -> Input {
    if path.as_os_str() == "-" {
        Input::Stdin
    } else {
        Input::File(path.to_path_buf())
    }
}

/// Rendered diagnostics of the games that could not be read.
pub type Errors = Vec<String>;

/// Every game of an input, parsed, with the rendered errors of those that
/// could not be read or parsed.
///
/// # Errors
/// When the input cannot be opened or read.
pub fn read_games(input: &Input, name: &str) -> anyhow::Result<(Vec<(GameSource, Game)>, Errors)> {
    let reader = input
        .open()
        .with_context(|| format!("cannot read {name}"))?;
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for item in Reader::new(reader) {
        let source = match item {
            Ok(s) => s,
            Err(billes_notation::ReadError::Io(e)) => {
                return Err(e).with_context(|| format!("cannot read {name}"))
            }
            Err(e) => {
                errors.push(format!("error[encoding]: {name}: {e}"));
                continue;
            }
        };
        if source.is_blank() {
            continue;
        }
        match source.parse() {
            Ok(game) => games.push((source, game)),
            Err(err) => errors.push(format!(
                "{}\n  = note: in game {}",
                err.render(name, false),
                source.index
            )),
        }
    }
    Ok((games, errors))
}

/// Whether a comment is one annotate wrote.
pub fn is_annotation(comment: &Comment) -> bool {
    comment.text.starts_with(MARKER)
}

/// Removes annotate's comments from a line and its variations.
fn strip(line: &mut Line) {
    for turn in &mut line.turns {
        if turn.after().iter().any(is_annotation) {
            turn.after_mut().retain(|c| !is_annotation(c));
        }
        if !turn.variations().is_empty() {
            for variation in turn.variations_mut() {
                strip(variation);
            }
        }
    }
}

/// Puts each turn's phrases first among its comments after.
fn annotate(line: &mut Line, described: &[billes_core::Described]) {
    for (turn, d) in line.turns.iter_mut().zip(described) {
        if !d.phrases.is_empty() {
            turn.after_mut().insert(
                0,
                Comment {
                    text: format!("{MARKER}{}", d.phrases.join("; ")).into(),
                    span: Span::default(),
                },
            );
        }
        if !turn.variations().is_empty() {
            for (variation, dv) in turn.variations_mut().iter_mut().zip(&d.variations) {
                annotate(variation, dv);
            }
        }
    }
}
