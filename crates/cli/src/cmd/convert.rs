//! `billes convert`: BGN to JSON or YAML and back, one game at a time.

use std::io::{self, Write};

use anyhow::Context;
use billes_archive::input::Input;
use billes_notation::{parse_games, parse_games_lazily, write_game_to, write_games, Game};
use serde::de::{DeserializeSeed, Error as _, SeqAccess, Visitor};

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
    match args.from {
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
        }
        from => {
            // Two passes too, one game at a time: the first checks every
            // game (nothing is written when one is wrong), the second reads
            // them again and hands each to the writer as it is read.
            let data = Data::new(plain, from);
            let count = match data.each_game(|game| check_writable(&game)) {
                Ok(count) => count,
                Err(message) => {
                    errln!("billes: error: {name}: {message}");
                    return Ok(INVALID);
                }
            };
            std::thread::scope(|scope| -> anyhow::Result<()> {
                let (send, games) = std::sync::mpsc::sync_channel(1);
                let reader = scope.spawn(move || {
                    // The writer stops taking games only on an error of its own.
                    data.each_game(|game| send.send(game).map_err(|_| String::new()))
                });
                let written = write(games.into_iter(), count, to, args.spans);
                match reader.join() {
                    Ok(Err(message)) if written.is_ok() => {
                        anyhow::bail!("{name}: read differently the second time: {message}")
                    }
                    Err(panic) => std::panic::resume_unwind(panic),
                    _ => written,
                }
            })?;
        }
    }
    Ok(OK)
}

/// A list of games in JSON or YAML, read one game at a time.
#[derive(Debug, Clone, Copy)]
struct Data<'a> {
    text: &'a str,
    format: DataFormat,
}

impl<'a> Data<'a> {
    fn new(text: &'a str, format: DataFormat) -> Data<'a> {
        Data { text, format }
    }

    /// Reads the games one by one, handing each to `each`; the number of
    /// games, or why the text is not a list of games, a game is too long,
    /// or what `each` said of a game.
    fn each_game(self, each: impl FnMut(Game) -> Result<(), String>) -> Result<usize, String> {
        let refused = std::cell::RefCell::new(None);
        let counted = Counted::new(self.text.as_bytes());
        let seed = EachGame {
            each,
            at: 0,
            refused: &refused,
            start: &|| counted.start_game(),
        };
        let result = match self.format {
            DataFormat::Json => {
                // Read through a count of the bytes, so that one game may
                // take at most the limit of one game of the text.
                let mut de =
                    serde_json::Deserializer::from_reader(io::BufReader::new(counted.reader()));
                seed.deserialize(&mut de)
                    .and_then(|count| de.end().map(|()| count))
                    .map_err(|e| format!("not a list of games in JSON: {e}"))
            }
            _ => {
                if self.text.len() > MAX_YAML_BYTES {
                    return Err(format!(
                        "{} of YAML, more than {}, the limit of YAML input (JSON has none)",
                        billes_notation::file::bytes(self.text.len() as u64),
                        billes_notation::file::bytes(MAX_YAML_BYTES as u64),
                    ));
                }
                // Nesting past the reader's limit would cost it the
                // square of the brackets before it refuses it: counted
                // first (billes_notation::yaml).
                billes_notation::yaml::check_nesting(self.text)
                    .map_err(|refused| format!("not a list of games in YAML: {refused}"))?;
                // Anchors and aliases could make a short text a huge list:
                // the text is first walked without keeping anything, and
                // refused if what it says is much larger than itself.
                let budget = Measure::budget(self.text.len());
                Measure::walk(serde_yaml::Deserializer::from_str(self.text), budget)
                    .and_then(|()| seed.deserialize(serde_yaml::Deserializer::from_str(self.text)))
                    .map_err(|e| format!("not a list of games in YAML: {e}"))
            }
        };
        match (refused.into_inner(), counted.too_long.get()) {
            (Some(refused), _) => Err(refused),
            (None, Some(game)) => Err(format!(
                "game {game} is longer than {}, the limit of one game: not read",
                billes_notation::file::bytes(billes_notation::MAX_GAME_BYTES as u64)
            )),
            (None, None) => result,
        }
    }
}

/// The largest YAML input `convert --from yaml` reads: 16 MiB. The YAML
/// reader turns the whole text into a list of events before the first
/// game is read, which takes up to 65 times the text (a list of
/// one-letter items; 25 times for billes's own YAML): at most about 1 GiB.
pub const MAX_YAML_BYTES: usize = 16 << 20;

/// A text read with a count of the bytes of the game being read, which
/// fails the reading past [`billes_notation::MAX_GAME_BYTES`].
struct Counted<'a> {
    text: &'a [u8],
    read: std::cell::Cell<usize>,
    game: std::cell::Cell<(usize, usize)>,
    too_long: std::cell::Cell<Option<usize>>,
}

impl<'a> Counted<'a> {
    fn new(text: &'a [u8]) -> Counted<'a> {
        Counted {
            text,
            read: std::cell::Cell::new(0),
            game: std::cell::Cell::new((0, 0)),
            too_long: std::cell::Cell::new(None),
        }
    }

    /// The next game starts here.
    fn start_game(&self) {
        let (n, _) = self.game.get();
        self.game.set((n + 1, self.read.get()));
    }

    fn reader(&self) -> CountedReader<'_, 'a> {
        CountedReader { counted: self }
    }
}

/// [`Counted`] as a reader.
struct CountedReader<'c, 'a> {
    counted: &'c Counted<'a>,
}

impl io::Read for CountedReader<'_, '_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let c = self.counted;
        let at = c.read.get();
        let (game, start) = c.game.get();
        // The reader runs ahead of the parser by its buffer: a game's
        // count is at most that much too large.
        if game > 0 && at - start > billes_notation::MAX_GAME_BYTES + (1 << 16) {
            c.too_long.set(Some(game));
            return Err(io::Error::other("a game longer than the limit of one game"));
        }
        let rest = &c.text[at..];
        let n = out.len().min(rest.len());
        out[..n].copy_from_slice(&rest[..n]);
        c.read.set(at + n);
        Ok(n)
    }
}

/// The games of a list, each handed to a function as it is read;
/// `start` is called before each.
struct EachGame<'r, F> {
    each: F,
    at: usize,
    refused: &'r std::cell::RefCell<Option<String>>,
    start: &'r dyn Fn(),
}

impl<'de, F: FnMut(Game) -> Result<(), String>> DeserializeSeed<'de> for EachGame<'_, F> {
    type Value = usize;

    fn deserialize<D: serde::Deserializer<'de>>(self, de: D) -> Result<usize, D::Error> {
        de.deserialize_seq(self)
    }
}

impl<'de, F: FnMut(Game) -> Result<(), String>> Visitor<'de> for EachGame<'_, F> {
    type Value = usize;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a list of games")
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<usize, A::Error> {
        loop {
            (self.start)();
            let game = seq
                .next_element::<Game>()
                .map_err(|e| A::Error::custom(format!("game {}: {e}", self.at + 1)))?;
            let Some(game) = game else {
                return Ok(self.at);
            };
            self.at += 1;
            if let Err(message) = (self.each)(game) {
                let message = format!("game {}: {message}", self.at);
                *self.refused.borrow_mut() = Some(message.clone());
                return Err(A::Error::custom(message));
            }
        }
    }
}

/// A walk over a YAML document that keeps nothing, counting what it
/// meets (a node: 1, a text: its length), which fails as soon as the count
/// passes its budget.
struct Measure<'b> {
    left: &'b std::cell::Cell<usize>,
}

impl Measure<'_> {
    /// What a text of `len` bytes may say: twice its length and a little
    /// (a text without aliases says less than its length and its nodes).
    fn budget(len: usize) -> usize {
        2 * len + 1024
    }

    fn walk<'de, D: serde::Deserializer<'de>>(de: D, budget: usize) -> Result<(), D::Error> {
        let left = std::cell::Cell::new(budget);
        Measure { left: &left }.deserialize(de)
    }

    fn spend<E: serde::de::Error>(&self, n: usize) -> Result<(), E> {
        match self.left.get().checked_sub(n.max(1)) {
            Some(left) => {
                self.left.set(left);
                Ok(())
            }
            None => Err(E::custom(
                "its anchors and aliases say far more than its text (refused)",
            )),
        }
    }
}

impl<'de> DeserializeSeed<'de> for Measure<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Measure<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any YAML")
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<(), E> {
        self.spend(1)
    }

    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<(), E> {
        self.spend(1)
    }

    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<(), E> {
        self.spend(1)
    }

    fn visit_i128<E: serde::de::Error>(self, _: i128) -> Result<(), E> {
        self.spend(1)
    }

    fn visit_u128<E: serde::de::Error>(self, _: u128) -> Result<(), E> {
        self.spend(1)
    }

    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<(), E> {
        self.spend(1)
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<(), E> {
        self.spend(text.len())
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<(), E> {
        self.spend(1)
    }

    fn visit_none<E: serde::de::Error>(self) -> Result<(), E> {
        self.spend(1)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        self.spend(1)?;
        self.deserialize(de)
    }

    fn visit_newtype_struct<D: serde::Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        self.spend(1)?;
        self.deserialize(de)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.spend(1)?;
        while seq
            .next_element_seed(Measure { left: self.left })?
            .is_some()
        {}
        Ok(())
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.spend(1)?;
        while map.next_key_seed(Measure { left: self.left })?.is_some() {
            map.next_value_seed(Measure { left: self.left })?;
        }
        Ok(())
    }

    fn visit_enum<A: serde::de::EnumAccess<'de>>(self, data: A) -> Result<(), A::Error> {
        use serde::de::VariantAccess;
        self.spend(1)?;
        let ((), variant) = data.variant_seed(Measure { left: self.left })?;
        variant.newtype_variant_seed(Measure { left: self.left })
    }
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
///
/// The spans are taken out of a `serde_json::Value` of each part, whose
/// maps give the keys in the order written before: the game without its
/// main line's turns, then each turn in turn, so that what is held is the
/// size of one turn, not of the game (a `Value` takes some 4.7 KB a turn:
/// 13 GB for a game at the reader's 16 MiB limit, made whole).
struct WithoutSpans(Game);

/// Takes every `span` key out of `value`.
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

/// `item`'s data without its spans.
fn stripped<T: serde::Serialize, E: serde::ser::Error>(item: &T) -> Result<serde_json::Value, E> {
    let mut value = serde_json::to_value(item).map_err(E::custom)?;
    strip(&mut value);
    Ok(value)
}

impl serde::Serialize for WithoutSpans {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let game = &self.0;
        let head = Game {
            tags: game.tags.clone(),
            line: billes_notation::Line {
                turns: Vec::new(),
                comments: game.line.comments.clone(),
            },
            outcome: game.outcome.clone(),
            span: game.span,
        };
        let head = stripped::<_, S::Error>(&head)?;
        // The game's keys, its line's turns given as they are stripped.
        let line = Swapped {
            object: head.get("line").and_then(serde_json::Value::as_object),
            key: "turns",
            with: &TurnsWithoutSpans(&game.line.turns),
        };
        let game = Swapped {
            object: head.as_object(),
            key: "line",
            with: &line,
        };
        game.serialize(serializer)
    }
}

/// A JSON object (`None`: not one, an error) serialized with the value
/// at `key` given by `with`.
struct Swapped<'a, T> {
    object: Option<&'a serde_json::Map<String, serde_json::Value>>,
    key: &'static str,
    with: &'a T,
}

impl<T: serde::Serialize> serde::Serialize for Swapped<'_, T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let Some(object) = self.object else {
            return Err(serde::ser::Error::custom("a game's data is an object"));
        };
        let mut map = serializer.serialize_map(Some(object.len()))?;
        for (key, value) in object {
            if key == self.key {
                map.serialize_entry(key, self.with)?;
            } else {
                map.serialize_entry(key, value)?;
            }
        }
        map.end()
    }
}

/// A line's turns without their spans, each stripped as it is written.
struct TurnsWithoutSpans<'a>(&'a [billes_notation::Turn]);

impl serde::Serialize for TurnsWithoutSpans<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for turn in self.0 {
            seq.serialize_element(&stripped::<_, S::Error>(turn)?)?;
        }
        seq.end()
    }
}

/// A game read from JSON or YAML must say something BGN can say: writing
/// it and reading the text back must give the same game; and its text is
/// at most the limit of one game ([`billes_notation::MAX_GAME_BYTES`]).
fn check_writable(game: &Game) -> Result<(), String> {
    let text = write_games(std::slice::from_ref(game));
    if text.len() > billes_notation::MAX_GAME_BYTES {
        return Err(format!(
            "written as BGN it is {}, longer than {}, the limit of one game",
            billes_notation::file::bytes(text.len() as u64),
            billes_notation::file::bytes(billes_notation::MAX_GAME_BYTES as u64)
        ));
    }
    let back: Vec<Game> = parse_games(&text)
        .into_iter()
        .collect::<Result<_, _>>()
        .map_err(|e| format!("the data cannot be written as BGN: {}", e.message))?;
    if back.as_slice() != std::slice::from_ref(game) {
        return Err("the data cannot be written as BGN: a name, comment or tag holds characters the notation does not allow".into());
    }
    Ok(())
}
