//! A tournament rules file: an organiser's own count of **progress**, the
//! measure that places the seats of a game that did not finish
//! ([`billes_core::placing`]). A federation that counts a piece home as 100
//! steps, or only the pieces home, writes it here, and `billes standings
//! --tournament-rules FILE` places every unfinished seat by it.
//!
//! The script runs in the sandbox of the variants (the same memory limit,
//! instruction budget per call and wall-clock guard) and returns a table
//! with one field, `progress`, a function given a seat and the game:
//!
//! ```lua
//! return {
//!   -- a piece home counts 100, a piece on the board its steps
//!   progress = function(seat, game)
//!     return seat.home * 100 + seat.progress
//!   end,
//! }
//! ```
//!
//! `seat` has `seat` (the letter), `progress` (the game's own count),
//! `pieces` (the points its pieces stand on), `waiting` (pieces not yet on
//! the board), `home` (pieces at their goal) and `finished` (its place
//! among the seats that finished, or nil). `game` has `game` (its name) and
//! `seats` (every seat's table, in playing order). The answer is a whole
//! number from 0 to 2^53; anything else is an error naming the file, the
//! seat and what was returned.
//!
//! ```
//! use billes_core::placing::{GameEnd, SeatEnd};
//! use billes_lua::tournament::TournamentRules;
//!
//! let rules = TournamentRules::load("club.lua", "return { progress = function(s) return s.home * 100 + s.progress end }")?;
//! let seat = SeatEnd { seat: "R".into(), finished: None, progress: 7, pieces: vec![], waiting: 2, home: 1 };
//! let end = GameEnd { seats: vec![seat], teams: vec![], over: false };
//! assert_eq!(rules.progress("ludo", &end)?, vec![107]);
//! # Ok::<(), billes_lua::VariantError>(())
//! ```

use billes_core::placing::{GameEnd, SeatEnd};
use mlua::{Function, Lua, Table, Value};

use crate::sandbox::{describe, Sandbox};
use crate::VariantError;

/// The largest progress a script may give: the largest whole number a Lua
/// float holds exactly.
pub const MAX_PROGRESS: u64 = 1 << 53;

/// A loaded tournament rules file.
#[derive(Debug)]
pub struct TournamentRules {
    sandbox: Sandbox,
    progress: Function,
    chunk: String,
}

impl TournamentRules {
    /// Loads the script `text`, named `chunk` in errors (its path).
    ///
    /// # Errors
    /// When the script does not load, or does not return a table whose
    /// only field is a `progress` function.
    pub fn load(chunk: &str, text: &str) -> Result<TournamentRules, VariantError> {
        let fail = |message: String| VariantError::Script {
            chunk: chunk.to_string(),
            message,
        };
        let sandbox = Sandbox::new().map_err(|e| fail(describe(&e)))?;
        *sandbox.print.chunk.borrow_mut() = chunk.to_string();
        let script = sandbox
            .compile(chunk, text)
            .map_err(|e| fail(describe(&e)))?;
        let value = sandbox
            .run(&script)
            .map_err(|e| crate::variant::run_error(chunk, &e))?;
        let Value::Table(table) = value else {
            return Err(fail(format!(
                "the script returned a {}: it must return a table with a progress function",
                value.type_name()
            )));
        };
        for pair in table.pairs::<Value, Value>() {
            let (key, _) = pair.map_err(|e| fail(describe(&e)))?;
            if !matches!(&key, Value::String(s) if s.as_bytes() == &b"progress"[..]) {
                let key = match &key {
                    Value::String(s) => format!("\"{}\"", s.to_string_lossy()),
                    other => format!("a {} key", other.type_name()),
                };
                return Err(fail(format!("unknown field {key} (fields: progress)")));
            }
        }
        let progress = match table.raw_get::<Value>("progress") {
            Ok(Value::Function(f)) => f,
            Ok(other) => {
                return Err(fail(format!(
                    "progress is a {}: it must be a function(seat, game)",
                    other.type_name()
                )))
            }
            Err(e) => return Err(fail(describe(&e))),
        };
        Ok(TournamentRules {
            sandbox,
            progress,
            chunk: chunk.to_string(),
        })
    }

    /// Reads and loads the rules file at `path` (at most
    /// [`crate::MAX_SCRIPT_BYTES`]).
    ///
    /// # Errors
    /// When the file cannot be read, or does not load.
    pub fn from_file(path: &std::path::Path) -> Result<TournamentRules, VariantError> {
        let source = crate::VariantSource::from_file(path)?;
        TournamentRules::load(source.chunk(), source.text())
    }

    /// The progress of every seat of the game `game` that ended as `end`,
    /// in its order, as the script counts it.
    ///
    /// # Errors
    /// When the script fails, runs out of its budget, or returns anything
    /// but a whole number from 0 to [`MAX_PROGRESS`].
    pub fn progress(&self, game: &str, end: &GameEnd) -> Result<Vec<u64>, VariantError> {
        let fail = |message: String| VariantError::Script {
            chunk: self.chunk.clone(),
            message,
        };
        let lua = &self.sandbox.lua;
        let seats: Vec<Table> = end
            .seats
            .iter()
            .map(|s| seat_table(lua, s))
            .collect::<mlua::Result<_>>()
            .map_err(|e| fail(describe(&e)))?;
        let whole = lua
            .create_table()
            .and_then(|t| {
                t.raw_set("game", game)?;
                t.raw_set("seats", lua.create_sequence_from(seats.iter().cloned())?)?;
                Ok(t)
            })
            .map_err(|e| fail(describe(&e)))?;
        let mut out = Vec::with_capacity(seats.len());
        for (seat, table) in end.seats.iter().zip(seats) {
            let value: Value = self
                .sandbox
                .call(&self.progress, (table, whole.clone()))
                .map_err(|e| crate::variant::run_error(&self.chunk, &e))?;
            out.push(whole_number(&value).ok_or_else(|| {
                fail(format!(
                    "progress of {} returned {}: it must be a whole number from 0 to 2^53",
                    seat.seat,
                    shown(&value)
                ))
            })?);
        }
        Ok(out)
    }
}

/// The table a script sees of one seat.
fn seat_table(lua: &Lua, s: &SeatEnd) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("seat", s.seat.as_str())?;
    t.raw_set("progress", s.progress)?;
    t.raw_set(
        "pieces",
        lua.create_sequence_from(s.pieces.iter().map(String::as_str))?,
    )?;
    t.raw_set("waiting", s.waiting)?;
    t.raw_set("home", s.home)?;
    t.raw_set("finished", s.finished)?;
    Ok(t)
}

/// `value` as a whole number from 0 to [`MAX_PROGRESS`].
fn whole_number(value: &Value) -> Option<u64> {
    match *value {
        Value::Integer(n) => u64::try_from(n).ok().filter(|&n| n <= MAX_PROGRESS),
        Value::Number(x) if x.fract() == 0.0 && (0.0..=MAX_PROGRESS as f64).contains(&x) => {
            Some(x as u64)
        }
        _ => None,
    }
}

/// A returned value as a message shows it: a number, or its type.
fn shown(value: &Value) -> String {
    match value {
        Value::Integer(n) => n.to_string(),
        Value::Number(x) => x.to_string(),
        other => format!("a {}", other.type_name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end() -> GameEnd {
        let seat = |seat: &str, progress, home| SeatEnd {
            seat: seat.into(),
            finished: None,
            progress,
            pieces: vec!["r1".into()],
            waiting: 1,
            home,
        };
        GameEnd {
            seats: vec![seat("R", 10, 0), seat("G", 3, 2)],
            teams: Vec::new(),
            over: false,
        }
    }

    #[test]
    fn the_script_counts_every_seat() {
        let r = TournamentRules::load(
            "t.lua",
            "return { progress = function(s, g) return s.home * 100 + s.progress + #g.seats end }",
        )
        .unwrap();
        assert_eq!(r.progress("ludo", &end()).unwrap(), vec![12, 205]);
    }

    #[test]
    fn wrong_answers_and_scripts_are_errors() {
        let bad = |text: &str| {
            TournamentRules::load("t.lua", text)
                .and_then(|r| r.progress("ludo", &end()))
                .unwrap_err()
                .to_string()
        };
        assert!(bad("return 3").contains("returned a integer"));
        assert!(bad("return { progress = 3 }").contains("progress is a integer"));
        assert!(bad("return { progres = function() end }").contains("unknown field \"progres\""));
        let msg = bad("return { progress = function() return -1 end }");
        assert!(msg.contains("progress of R returned -1"), "{msg}");
        assert!(bad("return { progress = function() return 1.5 end }").contains("returned 1.5"));
        assert!(bad("return { progress = function() return 'x' end }").contains("a string"));
        let msg = bad("return { progress = function() while true do end end }");
        assert!(msg.contains("t.lua"), "{msg}");
        assert!(bad("return { progress = function() error('no') end }").contains("no"));
        assert!(bad("return {").contains("t.lua"));
    }
}
