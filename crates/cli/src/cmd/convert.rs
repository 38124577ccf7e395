//! `billes convert`: BGN to JSON or YAML and back.

use std::io::{self, Write};

use anyhow::Context;
use billes_archive::input::Input;
use billes_notation::{parse_games, parse_games_lazily, write_game_to, write_games, Game};

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
            // Two passes, one parsed game at a time: the first finds the
            // syntax errors (nothing is written when there is one), the
            // second writes each game as it is parsed again.
            let mut failed = false;
            let mut count = 0;
            for (i, result) in parse_games_lazily(&text).enumerate() {
                count += 1;
                if let Err(err) = result {
                    failed = true;
                    errln!(
                        "{}\n  = note: in game {}\n",
                        err.render(&name, crate::output::stderr_color()),
                        i + 1
                    );
                }
            }
            if failed {
                return Ok(INVALID);
            }
            let games = parse_games_lazily(&text).map_while(Result::ok);
            write(games, count, to, args.spans)?;
            return Ok(OK);
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
    if let Err(message) = check_writable(&games) {
        errln!("billes: error: {name}: {message}");
        return Ok(INVALID);
    }
    let count = games.len();
    write(games.into_iter(), count, to, args.spans)?;
    Ok(OK)
}

/// Writes `count` games to standard output in the format `to`, each as it
/// comes: the document is the one the list of all the games would give.
fn write(
    games: impl Iterator<Item = Game>,
    count: usize,
    to: DataFormat,
    spans: bool,
) -> anyhow::Result<()> {
    // Buffered: the JSON and YAML writers write a few bytes at a time, and
    // standard output alone would make a write call per line.
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    match to {
        DataFormat::Bgn => {
            let mut text = String::new();
            for (i, game) in games.enumerate() {
                text.clear();
                if i > 0 {
                    text.push('\n');
                }
                write_game_to(&game, &mut text);
                out.write_all(text.as_bytes())?;
            }
        }
        DataFormat::Json if spans => {
            serde_json::to_writer_pretty(&mut out, &Each::new(games, count))?;
            writeln!(out)?;
        }
        DataFormat::Json => {
            serde_json::to_writer_pretty(&mut out, &Each::new(games.map(WithoutSpans), count))?;
            writeln!(out)?;
        }
        DataFormat::Yaml if spans => serde_yaml::to_writer(&mut out, &Each::new(games, count))?,
        DataFormat::Yaml => {
            serde_yaml::to_writer(&mut out, &Each::new(games.map(WithoutSpans), count))?;
        }
    }
    out.flush()?;
    Ok(())
}

/// A list serialized item by item as an iterator gives them, so that the
/// whole list is never held: the same document as the `Vec` of the items.
struct Each<I> {
    items: std::cell::RefCell<Option<I>>,
    count: usize,
}

impl<I> Each<I> {
    fn new(items: I, count: usize) -> Each<I> {
        Each {
            items: std::cell::RefCell::new(Some(items)),
            count,
        }
    }
}

impl<I, T> serde::Serialize for Each<I>
where
    I: Iterator<Item = T>,
    T: serde::Serialize,
{
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let items = self.items.borrow_mut().take();
        let mut seq = serializer.serialize_seq(Some(self.count))?;
        for item in items.into_iter().flatten() {
            seq.serialize_element(&item)?;
        }
        seq.end()
    }
}

/// A game as data without its spans (every `span` key of the syntax
/// tree): a span is where a node stands in the text, which a reader of the
/// data rarely needs and which made the JSON 38 times the record's size.
/// Reading the data back gives each a default span.
struct WithoutSpans(Game);

impl serde::Serialize for WithoutSpans {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
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
        let mut value = serde_json::to_value(&self.0).map_err(serde::ser::Error::custom)?;
        strip(&mut value);
        value.serialize(serializer)
    }
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
