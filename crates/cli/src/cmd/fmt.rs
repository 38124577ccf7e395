//! `billes fmt`: canonical form, `--check`, `--in-place`, `--marks`.

use std::io::{self, Write};

use billes_archive::input::{self, Input};
use billes_archive::rules::{Place, RulePolicy};
use billes_notation::{parse_games_lazily, write_game_to, Game};

use super::{INVALID, OK};
use crate::atomic::{Rewrite, Rewriting};
use crate::cli::FmtArgs;
use crate::output::Encoding;

pub fn run(args: &FmtArgs) -> anyhow::Result<u8> {
    let (inputs, missing) = input::split(args.walk.expand(&args.paths));
    let mut code = OK;
    for (path, err) in &missing {
        errln!("billes: error: {}: {err}", path.display());
        code = 2;
    }
    if args.in_place && inputs.contains(&Input::Stdin) {
        anyhow::bail!("--in-place cannot rewrite standard input");
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for input in &inputs {
        let name = input.name();
        let bytes = match input.read_all() {
            Ok(b) => b,
            Err(e) => {
                errln!("billes: error: {name}: cannot read: {e}");
                // A NUL byte: not text, wrong input as for every verb.
                code = code.max(if e.kind() == io::ErrorKind::InvalidData {
                    INVALID
                } else {
                    2
                });
                continue;
            }
        };
        let encoding = Encoding::of(&bytes);
        let Ok(text) = std::str::from_utf8(&bytes) else {
            errln!("billes: error: {name}: not valid UTF-8");
            code = code.max(INVALID);
            continue;
        };
        // One game at a time, never the file's whole canonical text: the
        // file (at most 1 GiB) and one game are held.
        if args.check || args.in_place {
            // A file keeps its byte-order mark and line ends: the canonical
            // form is about layout only. Its games' canonical texts are
            // compared with its bytes as they come.
            let mut rest = &bytes[..];
            let mut same = true;
            let mut first = encoding;
            let (ok, replayed) = each_canonical(&name, text, args.marks, true, &mut |game| {
                let expected = first.apply(game);
                first.bom = false;
                same = same && rest.starts_with(&expected);
                if same {
                    rest = &rest[expected.len()..];
                }
                Ok(())
            })?;
            if !replayed {
                // A game that does not replay is written as it is.
                code = code.max(INVALID);
            }
            if !ok {
                code = code.max(INVALID);
                continue;
            }
            if same && rest.is_empty() {
                continue;
            }
            if args.check {
                writeln!(out, "{name}")?;
                code = code.max(INVALID);
            } else if let Input::File(path) = input {
                // A file refused or not written is reported; the others
                // are still rewritten.
                if let Err(e) = rewrite(path, &name, text, encoding, args) {
                    errln!("billes: error: {e:#}");
                    code = 2;
                }
            }
        } else {
            // The syntax errors first: a file with one is not written.
            if !syntax_ok(&name, text) {
                code = code.max(INVALID);
                continue;
            }
            let (_, replayed) = each_canonical(&name, text, args.marks, true, &mut |game| {
                out.write_all(game.as_bytes())
            })?;
            if !replayed {
                code = code.max(INVALID);
            }
        }
    }
    out.flush()?;
    Ok(code)
}

/// Rewrites the file at `path` with its games' canonical texts, written one
/// at a time to the temporary file that replaces it.
fn rewrite(
    path: &std::path::Path,
    name: &str,
    text: &str,
    mut encoding: Encoding,
    args: &FmtArgs,
) -> anyhow::Result<()> {
    let mut file = Rewriting::begin(path, Rewrite { force: args.force })?;
    // The messages were given by the pass that compared the texts.
    each_canonical(name, text, args.marks, false, &mut |game| {
        file.write_all(&encoding.apply(game))?;
        encoding.bom = false;
        Ok(())
    })?;
    file.finish()
}

/// Prints the mistakes of game `game` of the file `name`, found while its
/// marks were written.
fn report_mistakes(name: &str, game: usize, mistakes: &[billes_core::ReplayError]) {
    for err in mistakes {
        let at = if err.span.line > 0 {
            format!(":{}:{}", err.span.line, err.span.column)
        } else {
            String::new()
        };
        let note = err.note().map_or(String::new(), |n| format!(" ({n})"));
        errln!(
            "billes: error: {name}{at}: game {game}: {}{note}",
            err.message
        );
    }
}

/// Whether the games of a file parse, after printing their syntax errors.
fn syntax_ok(name: &str, text: &str) -> bool {
    let mut ok = true;
    for (i, result) in parse_games_lazily(text).enumerate() {
        if let Err(err) = result {
            ok = false;
            errln!(
                "{}\n  = note: in game {}\n",
                err.render(name, crate::output::stderr_color()),
                i + 1
            );
        }
    }
    ok
}

/// Hands the canonical text of each game of a file to `write` as it is
/// parsed (a blank line before every game but the first), holding one
/// parsed game whatever the number of games; with `marks`, every effect
/// mark the moves imply written in, in each turn the check plays as
/// written: past a mistake where `billes validate` goes on past it
/// (`Engine::mark_record`). Returns whether every game parsed, and whether
/// every game replayed. With `report`, the syntax errors and the mistakes
/// are printed.
///
/// # Errors
/// When `write` fails.
fn each_canonical(
    name: &str,
    text: &str,
    marks: bool,
    report: bool,
    write: &mut dyn FnMut(&str) -> io::Result<()>,
) -> io::Result<(bool, bool)> {
    let mut chunk = String::new();
    let mut written = 0;
    let mut put = |game: &Game| {
        chunk.clear();
        if written > 0 {
            chunk.push('\n');
        }
        write_game_to(game, &mut chunk);
        written += 1;
        write(&chunk)
    };
    // `fmt` has no --rules: each record under its own Rules tag.
    let resolver = RulePolicy::from_tags().resolver();
    let mut ok = true;
    let mut replayed = true;
    for (i, result) in parse_games_lazily(text).enumerate() {
        match result {
            Ok(mut game) if marks => {
                let mistakes = match resolver.rule_set(&Place::file(name), &game) {
                    Ok(rules) => rules.engine().mark_record(&mut game).errors,
                    Err(e) => vec![e],
                };
                if !mistakes.is_empty() {
                    replayed = false;
                    if report {
                        report_mistakes(name, i + 1, &mistakes);
                    }
                }
                put(&game)?;
            }
            Ok(game) => put(&game)?,
            Err(err) => {
                ok = false;
                if report {
                    errln!(
                        "{}\n  = note: in game {}\n",
                        err.render(name, crate::output::stderr_color()),
                        i + 1
                    );
                }
            }
        }
    }
    Ok((ok, replayed))
}
