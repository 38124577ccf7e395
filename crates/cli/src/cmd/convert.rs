//! `billes convert`: BGN to JSON or YAML and back.

use std::io::{self, Write};

use anyhow::Context;
use billes_archive::input::Input;
use billes_notation::{parse_games, write_games, Game};

use super::{INVALID, OK};
use crate::cli::{ConvertArgs, DataFormat};

pub fn run(args: &ConvertArgs) -> anyhow::Result<u8> {
    let input = if args.file.as_os_str() == "-" {
        Input::Stdin
    } else {
        Input::File(args.file.clone())
    };
    let name = input.name();
    let bytes = input
        .read_all()
        .with_context(|| format!("cannot read {name}"))?;
    let text = String::from_utf8(bytes).with_context(|| format!("{name} is not valid UTF-8"))?;
    // BGN skips a byte-order mark itself; JSON and YAML readers need it gone.
    let (plain, _) = billes_notation::skip_bom(&text);
    let to = args.to.unwrap_or(match args.from {
        DataFormat::Bgn => DataFormat::Json,
        _ => DataFormat::Bgn,
    });
    let games: Vec<Game> = match args.from {
        DataFormat::Bgn => {
            let mut games = Vec::new();
            let mut failed = false;
            for (i, result) in parse_games(&text).into_iter().enumerate() {
                match result {
                    Ok(g) => games.push(g),
                    Err(err) => {
                        failed = true;
                        errln!(
                            "{}\n  = note: in game {}\n",
                            err.render(&name, crate::output::stderr_color()),
                            i + 1
                        );
                    }
                }
            }
            if failed {
                return Ok(INVALID);
            }
            games
        }
        DataFormat::Json => match serde_json::from_str(plain) {
            Ok(g) => g,
            Err(e) => {
                errln!("billes: error: {name}: not a list of games in JSON: {e}");
                return Ok(INVALID);
            }
        },
        DataFormat::Yaml => match serde_yaml::from_str(plain) {
            Ok(g) => g,
            Err(e) => {
                errln!("billes: error: {name}: not a list of games in YAML: {e}");
                return Ok(INVALID);
            }
        },
    };
    if args.from != DataFormat::Bgn {
        if let Err(message) = check_writable(&games) {
            errln!("billes: error: {name}: {message}");
            return Ok(INVALID);
        }
    }
    // Buffered: the JSON and YAML writers write a few bytes at a time, and
    // standard output alone would make a write call per line.
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    match to {
        DataFormat::Bgn => out.write_all(write_games(&games).as_bytes())?,
        DataFormat::Json if args.spans => {
            serde_json::to_writer_pretty(&mut out, &games)?;
            writeln!(out)?;
        }
        DataFormat::Json => {
            serde_json::to_writer_pretty(&mut out, &without_spans(&games)?)?;
            writeln!(out)?;
        }
        DataFormat::Yaml if args.spans => serde_yaml::to_writer(&mut out, &games)?,
        DataFormat::Yaml => serde_yaml::to_writer(&mut out, &without_spans(&games)?)?,
    }
    out.flush()?;
    Ok(OK)
}

/// The games as data without their spans (every `span` key of the syntax
/// tree): a span is where a node stands in the text, which a reader of the
/// data rarely needs and which made the JSON 38 times the record's size.
/// Reading the data back gives each a default span.
fn without_spans(games: &[Game]) -> serde_json::Result<serde_json::Value> {
    fn strip(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Object(map) => {
                map.remove("span");
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut value = serde_json::to_value(games)?;
    strip(&mut value);
    Ok(value)
}

/// Games read from JSON or YAML must say something BGN can say: writing them
/// and reading the text back must give the same games.
fn check_writable(games: &[Game]) -> Result<(), String> {
    let text = write_games(games);
    let back: Vec<Game> = parse_games(&text)
        .into_iter()
        .collect::<Result<_, _>>()
        .map_err(|e| format!("the data cannot be written as BGN: {}", e.message))?;
    if back != games {
        return Err("the data cannot be written as BGN: a name, comment or tag holds characters the notation does not allow".into());
    }
    Ok(())
}
