//! `billes fmt`: canonical form, `--check`, `--in-place`, `--marks`.

use std::io::{self, Write};

use billes_archive::input::{self, Input};
use billes_archive::rules::{Place, RulePolicy};
use billes_notation::{parse_games_lazily, write_game_to, Game};

use super::{INVALID, OK};
use crate::atomic::{rewrite_in_place, Rewrite};
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
        let canonical = match canonical(&name, text, args.marks) {
            (Some(c), true) => c,
            (Some(c), false) => {
                // A game that does not replay is written as it is.
                code = code.max(INVALID);
                c
            }
            (None, _) => {
                code = code.max(INVALID);
                continue;
            }
        };
        if args.check || args.in_place {
            // A file keeps its byte-order mark and line ends: the canonical
            // form is about layout only.
            let expected = encoding.apply(&canonical);
            if expected == bytes {
                continue;
            }
            if args.check {
                writeln!(out, "{name}")?;
                code = code.max(INVALID);
            } else if let Input::File(path) = input {
                // A file refused or not written is reported; the others
                // are still rewritten.
                let rewrite = Rewrite { force: args.force };
                if let Err(e) = rewrite_in_place(path, &expected, rewrite) {
                    errln!("billes: error: {e:#}");
                    code = 2;
                }
            }
        } else {
            out.write_all(canonical.as_bytes())?;
        }
    }
    out.flush()?;
    Ok(code)
}

/// The canonical text of a file, or None after printing its syntax errors;
/// with `marks`, every effect mark the moves imply written in. The flag is
/// false when a game did not replay (its first mistake printed; the game
/// is written as it is).
fn canonical(name: &str, text: &str, marks: bool) -> (Option<String>, bool) {
    // Each game written as soon as it is read: one parsed game at a time,
    // whatever the number of games in the file.
    let mut out = String::new();
    let mut written = 0;
    let mut write = |game: &Game| {
        if written > 0 {
            out.push('\n');
        }
        write_game_to(game, &mut out);
        written += 1;
    };
    // `fmt` has no --rules: each record under its own Rules tag.
    let resolver = RulePolicy::from_tags().resolver();
    let mut ok = true;
    let mut replayed = true;
    for (i, result) in parse_games_lazily(text).enumerate() {
        match result {
            Ok(game) if marks => {
                let mut complete = game.clone();
                let marked = resolver
                    .rule_set(&Place::file(name), &complete)
                    .and_then(|rules| billes_core::complete_marks(rules.engine(), &mut complete));
                match marked {
                    Ok(_) => write(&complete),
                    Err(err) => {
                        replayed = false;
                        let at = if err.span.line > 0 {
                            format!(":{}:{}", err.span.line, err.span.column)
                        } else {
                            String::new()
                        };
                        errln!(
                            "billes: error: {name}{at}: game {}: {} (its marks are left as written)",
                            i + 1,
                            err.message
                        );
                        write(&game);
                    }
                }
            }
            Ok(game) => write(&game),
            Err(err) => {
                ok = false;
                errln!(
                    "{}\n  = note: in game {}\n",
                    err.render(name, crate::output::stderr_color()),
                    i + 1
                );
            }
        }
    }
    (ok.then_some(out), replayed)
}
