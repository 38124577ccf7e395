//! Replay scripts: Lua that reads archives (`billes run`).
//!
//! A script returns a table of callbacks, all optional, called in this
//! order (docs/scripts.md has the whole API):
//!
//! 1. `game(g)` before each game's turns (returning `false` skips them);
//! 2. `turn(t, before, after)` for every main-line turn;
//! 3. `game_end(g)` after the game, with `g.winners`;
//! 4. `finish()` once, after every game.
//!
//! The globals `emit(row)`, `keep()` and `warn(msg)` add a row to the
//! output, select the game (`billes run --select`) and write to stderr.
//!
//! `t`, `before` and `after` are read-only views, not tables: light userdata
//! whose fields are read from the Rust side when the script asks, so a turn
//! allocates nothing in Lua and a callback pays for what it reads. A view
//! is only valid during its own turn's callback; reading a kept one later
//! is an error, never another turn's data (the `views` module has the
//! design; docs/scripts.md says it for script writers).
//!
//! One [`Script`] is one Lua state, in the sandbox of house rules (the same
//! memory cap, and per callback call the same instruction budget and time
//! limit), that sees the games one after the other: its globals carry from
//! game to game, so totals over an archive are plain Lua tables, and
//! `finish()` sees them all. The caller gives it the games in file and game
//! order (`billes run` checks the records on several threads and hands the
//! valid ones to the script in order), so the output is the same for any
//! number of threads.
//!
//! ```
//! use billes_lua::script::{Cell, GameRecord, Script};
//!
//! let text = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 *\n";
//! let game = billes_notation::parse_game(text).unwrap();
//! let summary = billes_core::validate(&game).unwrap();
//! let script = Script::load(
//!     "moves.lua",
//!     "return { turn = function(t) emit({ seat = t.seat, kind = t.kind }) end }",
//! )
//! .unwrap();
//! let out = script
//!     .run_game(&GameRecord::new("club.bgn", 1, &game, text, 0, &summary))
//!     .unwrap();
//! assert_eq!(out.rows.len(), 2);
//! assert_eq!(out.rows[1].get("kind"), Some(&Cell::Str("move".into())));
//! ```

mod game;
mod record;
mod rows;
mod views;

use std::cell::{Cell as StdCell, RefCell};
use std::fmt;
use std::path::Path;
use std::rc::Rc;

use billes_core::game::{MoveRules, Roll, RulesPosition};
use billes_core::hooked::WithHooks;
use billes_core::variant::NoHooks;
use billes_core::{with_rules, with_standard, GameKind, ReplayError, Summary};
use billes_notation::{Game, Turn};
use mlua::{Function, LightUserData, Lua, Table, Value};

use crate::sandbox::{describe, push_values, write_limited, Sandbox};
use crate::{Variant, MAX_SCRIPT_BYTES};
use game::{lazy_fields, out_of_memory, LazyGame};
use record::Recorder;
use rows::{to_row, Columns, Rows};
pub use rows::{Cell, Row, Sink, MAX_CELL_BYTES, MAX_COLUMNS, ROW_BUDGET};
use views::{TurnData, View, Views};

/// What a script did with one game.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GameOutput {
    /// The rows it emitted, in order.
    pub rows: Vec<Row>,
    /// Whether it called `keep()`.
    pub kept: bool,
}

/// A script that failed: its message names the script's file and line
/// (where Lua knows it) and the record's file, game and turn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ScriptError {
    /// What went wrong, and where.
    pub message: String,
    /// Whether the wall-clock guard stopped the script, or the house
    /// rules a game is replayed under: not a mistake of the script nor of
    /// a record, but a run that could not finish (`billes run` exits 2).
    pub guard: bool,
}

impl ScriptError {
    /// A failure of the script (or of reading it).
    fn new(message: String) -> ScriptError {
        ScriptError {
            message,
            guard: false,
        }
    }

    /// A failure of the replay the script is given: a stop of the
    /// wall-clock guard when the replay error says so.
    fn of_replay(message: String, e: &ReplayError) -> ScriptError {
        ScriptError {
            message,
            guard: !e.kind.is_verdict(),
        }
    }
}

/// A valid record for [`Script::run_game`], as `validate` read and checked it.
#[derive(Debug, Clone, Copy)]
pub struct GameRecord<'a> {
    /// The file's name in messages (`<stdin>` for standard input).
    pub file: &'a str,
    /// The game's number in its file, from 1.
    pub index: usize,
    /// The game.
    pub game: &'a Game,
    /// Its text, in which the game's spans are byte offsets (`t.text`), as
    /// in a game parsed from it (`billes_notation::GameSource::parse`).
    pub text: &'a str,
    /// The byte offset of `text` in the file.
    pub offset: usize,
    /// What it replays to (the winners).
    pub summary: &'a Summary,
    /// The variant it is played under (`None`: its game's standard rules),
    /// as the caller resolved it.
    pub variant: Option<&'a Variant>,
    /// The rules' name as `g.rules` shows it: the `Rules` tag as written,
    /// or what `--rules` chose.
    pub rules: &'a str,
}

impl<'a> GameRecord<'a> {
    /// A record read from `file`, under its game's standard rules.
    pub fn new(
        file: &'a str,
        index: usize,
        game: &'a Game,
        text: &'a str,
        offset: usize,
        summary: &'a Summary,
    ) -> GameRecord<'a> {
        GameRecord {
            file,
            index,
            game,
            text,
            offset,
            summary,
            variant: None,
            rules: "standard",
        }
    }
}

/// The callbacks a script's table may hold, and its other fields.
const FIELDS: [&str; 5] = ["game", "turn", "game_end", "finish", "columns"];

/// Tags that name no player (the others whose first letter is a seat are
/// the players' colour tags, `Red`, `Blue`...).
const NOT_PLAYERS: [&str; 10] = [
    "Game", "Seats", "Teams", "Position", "Rules", "Result", "Event", "Site", "Date", "Round",
];

/// What the script's globals write to, shared with the Rust functions.
#[derive(Debug, Default)]
struct Shared {
    rows: RefCell<Rows>,
    kept: StdCell<bool>,
    /// The script's `columns`.
    columns: RefCell<Columns>,
    /// `club.bgn game 3`, and the turn, for `warn`.
    place: RefCell<String>,
    turn: StdCell<Option<u32>>,
    /// Bytes `warn` wrote.
    warned: StdCell<usize>,
    /// Whether the last game failed for want of memory.
    memory: StdCell<bool>,
    /// What `g.tags` and `g.players` are made from, while the game runs.
    lazy: RefCell<Option<LazyGame>>,
}

impl Shared {
    fn at(&self) -> String {
        let place = self.place.borrow();
        match self.turn.get() {
            Some(t) => format!("{place}, turn {t}"),
            None => place.clone(),
        }
    }
}

/// A replay script loaded into its sandbox.
pub struct Script {
    sandbox: Sandbox,
    chunk: String,
    game: Option<Function>,
    turn: Option<Function>,
    game_end: Option<Function>,
    finish: Option<Function>,
    shared: Rc<Shared>,
    /// `t`, `before` and `after` ([`views`]).
    views: Views,
    /// The metatable of `g`, which makes `g.tags` and `g.players`.
    game_meta: Table,
}

impl fmt::Debug for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Script")
            .field("chunk", &self.chunk)
            .finish_non_exhaustive()
    }
}

impl Script {
    /// Reads and loads the script file `path` ([`Script::read`],
    /// [`Script::load`]).
    ///
    /// # Errors
    /// When it cannot be read, or does not load.
    pub fn from_file(path: &Path) -> Result<Script, ScriptError> {
        Script::load(&path.display().to_string(), &Script::read(path)?)
    }

    /// The text of the script file `path`, read as a variant's is: only
    /// from a regular file (a FIFO or a device is an error, found without
    /// waiting on it), at most [`MAX_SCRIPT_BYTES`] (1 MiB), UTF-8 text
    /// without a NUL byte; a byte-order mark is dropped.
    ///
    /// # Errors
    /// When it cannot be read as such text.
    pub fn read(path: &Path) -> Result<String, ScriptError> {
        let fail =
            |m: String| ScriptError::new(format!("cannot read script {}: {m}", path.display()));
        let bytes = billes_notation::file::read_file(path, MAX_SCRIPT_BYTES)
            .map_err(|e| fail(e.to_string()))?;
        let text = String::from_utf8(bytes).map_err(|_| fail("not valid UTF-8".into()))?;
        Ok(match text.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_string(),
            None => text,
        })
    }

    /// Runs the script text, named `chunk` in messages, in a fresh sandbox
    /// and reads the table of callbacks it returns.
    ///
    /// # Errors
    /// A syntax or runtime error (with the script's file:line), a limit
    /// reached, or a table with other fields than callbacks and `columns`.
    pub fn load(chunk: &str, text: &str) -> Result<Script, ScriptError> {
        let fail = |m: String| ScriptError::new(crate::located(chunk, &m));
        let lua_fail = |e: mlua::Error| ScriptError {
            guard: crate::budget::is_guard(&e),
            ..fail(describe(&e))
        };
        let sandbox = Sandbox::new().map_err(lua_fail)?;
        *sandbox.print.chunk.borrow_mut() = chunk.to_string();
        let shared = Rc::new(Shared::default());
        let env = sandbox.environment().map_err(lua_fail)?;
        globals(&sandbox.lua, &env, chunk, &shared).map_err(lua_fail)?;
        let compiled = sandbox.compile(chunk, text).map_err(lua_fail)?;
        let value: Value = sandbox.call(&compiled, env).map_err(lua_fail)?;
        let Value::Table(table) = value else {
            return Err(fail(format!(
                "the script returned a {}: it must return a table of callbacks ({})",
                value.type_name(),
                FIELDS.join(", ")
            )));
        };
        let mut found: [Option<Function>; 4] = [None, None, None, None];
        for pair in table.pairs::<Value, Value>() {
            let (key, value) = pair.map_err(lua_fail)?;
            let name = match &key {
                Value::String(s) => s.to_string_lossy(),
                other => format!("a {} key", other.type_name()),
            };
            let Some(i) = FIELDS.iter().position(|f| *f == name) else {
                return Err(fail(format!(
                    "unknown field \"{name}\" (fields: {})",
                    FIELDS.join(", ")
                )));
            };
            match (i, value) {
                (4, Value::Table(list)) => {
                    // Refused before it is read: no work for a huge list.
                    if list.raw_len() > MAX_COLUMNS {
                        return Err(fail(format!(
                            "columns lists {} names: at most {MAX_COLUMNS}",
                            list.raw_len()
                        )));
                    }
                    let mut columns = Vec::new();
                    for v in list.sequence_values::<Value>() {
                        match v.map_err(lua_fail)? {
                            Value::String(s) => columns.push(s.to_string_lossy()),
                            other => {
                                return Err(fail(format!(
                                    "columns must be a list of names, not hold a {}",
                                    other.type_name()
                                )))
                            }
                        }
                    }
                    *shared.columns.borrow_mut() = Columns::new(columns).map_err(|e| fail(e.0))?;
                }
                (4, other) => {
                    return Err(fail(format!(
                        "columns must be a list of names, not a {}",
                        other.type_name()
                    )))
                }
                (i, Value::Function(f)) => found[i] = Some(f),
                (i, other) => {
                    return Err(fail(format!(
                        "{} must be a function, not a {}",
                        FIELDS[i],
                        other.type_name()
                    )))
                }
            }
        }
        let views = Views::new(&sandbox.lua).map_err(lua_fail)?;
        let game_meta = lazy_fields(&sandbox.lua, &shared).map_err(lua_fail)?;
        let [game, turn, game_end, finish] = found;
        Ok(Script {
            game_meta,
            chunk: chunk.to_string(),
            game,
            turn,
            game_end,
            finish,
            shared,
            views,
            sandbox,
        })
    }

    /// Whether the script has a `turn` callback (games are then replayed
    /// turn by turn for it).
    pub fn has_turn(&self) -> bool {
        self.turn.is_some()
    }

    /// The script's name in messages.
    pub fn chunk(&self) -> &str {
        &self.chunk
    }

    /// An error of callback `callback` at `place`.
    fn error(&self, callback: &str, e: &mlua::Error) -> ScriptError {
        if out_of_memory(e) {
            self.shared.memory.set(true);
        }
        let message = describe(e);
        let message = if message.contains(self.chunk.as_str()) {
            message
        } else {
            format!("{}: {message}", self.chunk)
        };
        let at = self.shared.at();
        let message = if at.is_empty() {
            format!("{message} (callback {callback})")
        } else {
            format!("{message} (in {at}, callback {callback})")
        };
        ScriptError {
            message,
            guard: crate::budget::is_guard(e),
        }
    }

    /// Runs the script's callbacks on one valid game: `game`, `turn` for
    /// every main-line turn (unless `game` returned `false`), `game_end`.
    ///
    /// # Errors
    /// A callback that fails or reaches a limit; a `Rules` tag naming no
    /// variant (the record was checked under other rules).
    pub fn run_game(&self, record: &GameRecord<'_>) -> Result<GameOutput, ScriptError> {
        let shared = &self.shared;
        shared.memory.set(false);
        shared.kept.set(false);
        shared.rows.borrow_mut().held.clear();
        shared.turn.set(None);
        *shared.place.borrow_mut() = format!("{} game {}", record.file, record.index);
        *self.sandbox.print.game.borrow_mut() = Some(shared.place.borrow().clone());
        let g = self
            .game_table(record)
            .map_err(|e| self.error("game", &e))?;
        let mut play = true;
        if let Some(f) = &self.game {
            let back: Value = self
                .sandbox
                .call(f, &g)
                .map_err(|e| self.error("game", &e))?;
            play = !matches!(back, Value::Boolean(false));
        }
        if play && self.turn.is_some() {
            self.replay(record)?;
            shared.turn.set(None);
        }
        if let Some(f) = &self.game_end {
            let winners = match &record.summary.winners {
                Some(w) => Value::Table(
                    self.sandbox
                        .lua
                        .create_sequence_from(w.iter().map(|s| s.as_str()))
                        .map_err(|e| self.error("game_end", &e))?,
                ),
                None => Value::Nil,
            };
            g.raw_set("winners", winners)
                .map_err(|e| self.error("game_end", &e))?;
            self.sandbox
                .call::<()>(f, &g)
                .map_err(|e| self.error("game_end", &e))?;
        }
        *self.sandbox.print.game.borrow_mut() = None;
        *shared.lazy.borrow_mut() = None;
        Ok(GameOutput {
            rows: std::mem::take(&mut shared.rows.borrow_mut().held),
            kept: shared.kept.get(),
        })
    }

    /// Runs `finish()`, once every game was seen: the rows it emitted.
    ///
    /// # Errors
    /// When it fails or reaches a limit.
    pub fn finish(&self) -> Result<Vec<Row>, ScriptError> {
        self.shared.rows.borrow_mut().held.clear();
        self.shared.place.borrow_mut().clear();
        self.shared.turn.set(None);
        if let Some(f) = &self.finish {
            self.sandbox
                .call::<()>(f, ())
                .map_err(|e| self.error("finish", &e))?;
        }
        Ok(std::mem::take(&mut self.shared.rows.borrow_mut().held))
    }

    /// Whether the last [`run_game`](Script::run_game) failed because the
    /// game did not fit in the script's memory (a record with a huge tag,
    /// or a script that holds too much of it): the caller may report the
    /// game and go on with the next one, whose tables are made afresh
    /// (`billes run` does; the script's globals are as the failed game
    /// left them).
    pub fn out_of_memory(&self) -> bool {
        self.shared.memory.get()
    }

    /// Sends every row the script emits to `sink` as it comes, instead of
    /// holding it ([`GameOutput::rows`] and [`Script::finish`] are then
    /// empty): JSON Lines output is written this way, and `--select`
    /// drops the rows. A sink that fails stops the script at its `emit`
    /// ([`Script::take_sink_error`] gives the error).
    pub fn set_sink(&self, sink: Sink) {
        self.shared.rows.borrow_mut().sink = Some(sink);
    }

    /// The error the sink met, if it failed.
    pub fn take_sink_error(&self) -> Option<std::io::Error> {
        self.shared.rows.borrow_mut().sink_error.take()
    }

    /// Sets the bytes of rows held for the output over the whole run
    /// ([`ROW_BUDGET`] unless set).
    pub fn set_row_budget(&self, bytes: usize) {
        self.shared.rows.borrow_mut().budget = bytes;
    }

    /// The `g` table of a game.
    fn game_table(&self, record: &GameRecord<'_>) -> mlua::Result<Table> {
        let lua = &self.sandbox.lua;
        let game = record.game;
        let g = lua.create_table()?;
        g.raw_set("file", record.file)?;
        g.raw_set("index", record.index)?;
        // `tags` and `players` are made when first read (`lazy_fields`):
        // a script that reads neither never copies a record's tags.
        g.set_metatable(Some(self.game_meta.clone()));
        *self.shared.lazy.borrow_mut() = Some(LazyGame {
            g: g.to_pointer(),
            tags: game
                .tags
                .iter()
                .map(|t| (t.name.to_string(), t.value.to_string()))
                .collect(),
            players: players_of(game),
        });
        let kind = billes_core::registry::of(game).ok();
        g.raw_set("game", kind.map(GameKind::name))?;
        let seats: Vec<&str> = game.tag("Seats").unwrap_or("").split_whitespace().collect();
        g.raw_set("seats", lua.create_sequence_from(seats.iter().copied())?)?;
        let teams = lua.create_table()?;
        match game.tag("Teams") {
            Some(t) if !t.trim().is_empty() => {
                for (i, team) in t.split_whitespace().enumerate() {
                    teams.raw_seti(i + 1, lua.create_sequence_from(team.split('+'))?)?;
                }
            }
            _ => {
                for (i, seat) in seats.iter().enumerate() {
                    teams.raw_seti(i + 1, lua.create_sequence_from([*seat])?)?;
                }
            }
        }
        g.raw_set("teams", teams)?;
        g.raw_set("result", game.outcome.tag_value())?;
        g.raw_set("turns", game.line.turns.len())?;
        g.raw_set("rules", record.rules)?;
        Ok(g)
    }

    /// Replays the game turn by turn for the `turn` callback, under the
    /// rules it was checked under.
    fn replay(&self, record: &GameRecord<'_>) -> Result<(), ScriptError> {
        let game = record.game;
        let replay_error = |e: ReplayError| {
            ScriptError::of_replay(
                format!(
                    "{}: cannot replay for the script: {}",
                    self.shared.at(),
                    e.message
                ),
                &e,
            )
        };
        match record.variant {
            None => {
                let kind = billes_core::registry::of(game).map_err(replay_error)?;
                let recorder = Recorder::new(&NoHooks);
                with_standard!(kind, r => {
                    let start = RulesPosition::start(WithHooks::new(r, &recorder), game)
                        .map_err(replay_error)?;
                    self.drive(start, &recorder, record)
                })
            }
            Some(variant) => {
                variant.prepare(game).map_err(replay_error)?;
                let recorder = Recorder::new(variant.hooks_dyn());
                with_rules!(variant.rules(), r => {
                    let start = RulesPosition::start(WithHooks::new(r, &recorder), game)
                        .map_err(replay_error)?;
                    self.drive(start, &recorder, record)
                })
            }
        }
    }

    /// Plays every main-line turn from `start`, calling `turn(t, before,
    /// after)` after each.
    fn drive<R: MoveRules + Clone>(
        &self,
        start: RulesPosition<R>,
        recorder: &Recorder<'_>,
        record: &GameRecord<'_>,
    ) -> Result<(), ScriptError> {
        let Some(callback) = &self.turn else {
            return Ok(());
        };
        let lua = &self.sandbox.lua;
        let views = &self.views;
        // The rules' own states, played in place: the position after the
        // turn, before it (for `before` and `t.legal`), and a copy of it to
        // play the turn again on.
        let rules = start.rules();
        let current = RefCell::new(start.state().clone());
        let previous = RefCell::new(start.state().clone());
        let scratch = RefCell::new(start.state().clone());
        let data = TurnData::new(&views.names);
        let turns = &record.game.line.turns;
        let turn_of = || &turns[data.index.get()];
        let legal = || {
            let turn = turn_of();
            let roll = turn
                .head
                .roll
                .and_then(|r| u8::try_from(r).ok())
                .and_then(Roll::new);
            let number = u32::try_from(data.index.get() + 1).unwrap_or(u32::MAX);
            let moves = rules
                .legal_moves(&previous.borrow(), turn.head.seat, roll, number)
                .map_err(|e| mlua::Error::runtime(e.to_string()))?;
            lua.create_sequence_from(moves.iter().map(billes_core::game::Move::turn))
        };
        // The move of the turn, as the rules show it: under the standard
        // rules the turn is played again, recorded, on a copy of the
        // position before it, the first time the script asks.
        let recorded = || {
            if !data.recorded.replace(true) {
                let mut scratch = scratch.borrow_mut();
                scratch.clone_from(&previous.borrow());
                recorder.clear();
                recorder.record(true);
                let played = rules.play(&mut scratch, turn_of());
                recorder.record(false);
                played.map_err(|e| mlua::Error::runtime(e.message))?;
            }
            Ok(recorder.recorded())
        };
        let outcome = lua.scope(|scope| {
            let index = scope.create_function(|lua, (view, key): (LightUserData, Value)| {
                match views.live_view(lua, view, &key)? {
                    View::Turn => match &key {
                        Value::String(k) => {
                            data.field(lua, (turn_of(), record), &k.as_bytes(), legal, recorded)
                        }
                        _ => Ok(Value::Nil),
                    },
                    View::Before => views.position_field(View::Before, key, |slot| {
                        rules.hook_view(&previous.borrow()).copy_into(slot)
                    }),
                    View::After => views.position_field(View::After, key, |slot| {
                        rules.hook_view(&current.borrow()).copy_into(slot)
                    }),
                }
            })?;
            let pairs = scope.create_function(|lua, view: LightUserData| {
                let which = views.live_view(lua, view, &Value::Nil)?;
                views.pairs(lua, which, || {
                    data.fields(lua, (turn_of(), record), recorded)
                })
            })?;
            views.open(&index, &pairs)?;
            self.play_turns(
                callback,
                rules,
                turns,
                (&previous, &current),
                (recorder, &data),
            )
        });
        let closed = views.close();
        let outcome = outcome.map_err(|e| self.error("turn", &e))?;
        closed.map_err(|e| self.error("turn", &e))?;
        outcome
    }

    /// Plays each turn of `turns` in place on `current` (the position
    /// before it kept in `previous`) and calls the script's `turn` callback
    /// after it, with views that read `data` and the two positions.
    /// `Ok(Err)`: a turn the rules cannot replay, or the callback failing.
    fn play_turns<R: MoveRules + Clone>(
        &self,
        callback: &Function,
        rules: &R,
        turns: &[Turn],
        (previous, current): (&RefCell<R::State>, &RefCell<R::State>),
        (recorder, data): (&Recorder<'_>, &TurnData<'_>),
    ) -> mlua::Result<Result<(), ScriptError>> {
        let views = &self.views;
        let eager = recorder.eager();
        for (i, turn) in turns.iter().enumerate() {
            previous.borrow_mut().clone_from(&current.borrow());
            if eager {
                recorder.clear();
            }
            if let Err(e) = rules.play(&mut current.borrow_mut(), turn) {
                let message = format!(
                    "{}, turn {}: cannot replay for the script: {}",
                    self.shared.at(),
                    turn.number,
                    e.message
                );
                return Ok(Err(ScriptError::of_replay(message, &e)));
            }
            data.index.set(i);
            data.recorded.set(eager);
            recorder.record(false);
            self.shared.turn.set(Some(turn.number));
            self.sandbox.print.turn.set(Some(turn.number));
            let generation = views.begin();
            let result = self.sandbox.call::<()>(
                callback,
                (
                    View::Turn.of(generation),
                    View::Before.of(generation),
                    View::After.of(generation),
                ),
            );
            views.end();
            recorder.record(eager);
            data.forget();
            if let Err(e) = result {
                return Ok(Err(self.error("turn", &e)));
            }
        }
        Ok(Ok(()))
    }
}

/// The players a record names: for each player tag (a tag named after a
/// seat's colour, `Red`, `Blue`...: its first letter is a seat of the
/// `Seats` tag, and it is none of the tags the notation defines), the seat
/// and the player's name, in the order written.
///
/// ```
/// let game = billes_notation::parse_game(
///     "[Game \"offboard\"]\n[Seats \"R B\"]\n[Red \"Ann\"]\n[Round \"2\"]\n[Blue \"Bo\"]\n*\n",
/// ).unwrap();
/// let players = billes_lua::script::players_of(&game);
/// assert_eq!(players, [("R".to_string(), "Ann".to_string()), ("B".into(), "Bo".into())]);
/// ```
pub fn players_of(game: &Game) -> Vec<(String, String)> {
    let seats: Vec<&str> = game.tag("Seats").unwrap_or("").split_whitespace().collect();
    game.tags
        .iter()
        .filter(|t| !NOT_PLAYERS.contains(&t.name.as_str()))
        .filter_map(|t| {
            let seat = seats.iter().find(|s| t.name.starts_with(**s))?;
            Some((seat.to_string(), t.value.to_string()))
        })
        .collect()
}

/// Sets `emit`, `keep` and `warn` in the script's environment.
fn globals(lua: &Lua, env: &Table, chunk: &str, shared: &Rc<Shared>) -> mlua::Result<()> {
    let s = Rc::clone(shared);
    let add = lua.create_function(move |_, row: Value| {
        match to_row(&row, &s.columns.borrow()).and_then(|row| s.rows.borrow_mut().add(row)) {
            Ok(()) => Ok(None),
            Err(message) => Ok(Some(message.0)),
        }
    })?;
    // A Lua wrapper, so that a refused row is an error at the script's line.
    let emit: Function = lua
        .load("local add, error = ...\nreturn function(row)\n  local e = add(row)\n  if e then error(e, 2) end\nend")
        .set_name("=billes")
        .call((add, lua.globals().raw_get::<Function>("error")?))?;
    env.raw_set("emit", emit)?;
    let s = Rc::clone(shared);
    env.raw_set(
        "keep",
        lua.create_function(move |_, ()| {
            s.kept.set(true);
            Ok(())
        })?,
    )?;
    let s = Rc::clone(shared);
    let chunk = chunk.to_string();
    let warn = lua.create_function(move |lua, args: mlua::MultiValue| {
        let mut line = format!("{chunk}: warning: {}: ", s.at());
        push_values(lua, &mut line, args)?;
        let before = s.warned.get();
        s.warned.set(before + line.len());
        write_limited(before, &line, &chunk, "warn");
        Ok(())
    })?;
    env.raw_set("warn", warn)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `script` over `record` and returns every row it emits.
    pub(super) fn rows(script: &str, record: &str) -> Result<Vec<Row>, ScriptError> {
        let game = billes_notation::parse_game(record).expect("parses");
        let summary = billes_core::validate(&game).expect("valid");
        let s = Script::load("t.lua", script)?;
        let mut out = s
            .run_game(&GameRecord::new("g.bgn", 1, &game, record, 0, &summary))?
            .rows;
        out.extend(s.finish()?);
        Ok(out)
    }

    const AGGRAVATION: &str =
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 3. G1 + *\n";

    #[test]
    fn columns_come_first_then_the_others_sorted() {
        let out = rows(
            "return { columns = { 'z', 'a' }, game = function() emit { b = 1, a = 2, z = 3, c = 4 } end }",
            AGGRAVATION,
        )
        .unwrap();
        let names: Vec<&str> = out[0].0.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["z", "a", "b", "c"]);
    }

    #[test]
    fn globals_carry_from_game_to_game_and_finish_sees_them() {
        let game = billes_notation::parse_game(AGGRAVATION).unwrap();
        let summary = billes_core::validate(&game).unwrap();
        let s = Script::load(
            "t.lua",
            "local n = 0\nreturn { turn = function(t) n = n + 1 end, finish = function() emit { n = n } end }",
        )
        .unwrap();
        for _ in 0..3 {
            s.run_game(&GameRecord::new(
                "g.bgn",
                1,
                &game,
                AGGRAVATION,
                0,
                &summary,
            ))
            .unwrap();
        }
        assert_eq!(s.finish().unwrap()[0].get("n"), Some(&Cell::Int(9)));
    }

    #[test]
    fn each_game_shows_its_own_move_fields() {
        let barricade = "[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R4 h-e2 *\n";
        let out = rows(
            "return { turn = function(t) emit { kind = t.kind, to = t.to, roll = t.roll, barricade = tostring(t.takes_barricade) } end }",
            barricade,
        )
        .unwrap();
        assert_eq!(out[0].get("kind"), Some(&Cell::Str("enter".into())));
        assert_eq!(out[0].get("to"), Some(&Cell::Str("e2".into())));
        assert_eq!(out[0].get("roll"), Some(&Cell::Int(4)));
        assert_eq!(out[0].get("barricade"), Some(&Cell::Str("false".into())));
    }

    #[test]
    fn a_row_of_a_table_is_refused_at_the_line() {
        let err = rows(
            "return {\n game = function(g)\n  emit { tags = g.tags }\n end }",
            AGGRAVATION,
        )
        .unwrap_err();
        assert!(
            err.message
                .starts_with("t.lua:3: emit: column tags holds a table"),
            "{err}"
        );
        assert!(
            err.message.ends_with("(in g.bgn game 1, callback game)"),
            "{err}"
        );
    }
}
