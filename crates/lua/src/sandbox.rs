//! The Lua state a variant runs in: only the safe parts of the standard
//! library, a memory limit and an instruction budget per call.

use std::cell::Cell;
use std::rc::Rc;

use mlua::{ChunkMode, HookTriggers, Lua, LuaOptions, StdLib, Value, VmState};

/// Memory a variant's Lua state may use, in bytes.
pub const MEMORY_LIMIT: usize = 16 * 1024 * 1024;

/// Lua instructions one hook call (or the loading of the script) may run.
pub const INSTRUCTION_BUDGET: u32 = 1_000_000;

/// Instructions between two checks of the budget.
const CHECK_EVERY: u32 = 1000;

/// Globals of the base library that a script may not use: loading code,
/// reading files, and controlling the collector.
const REMOVED: [&str; 6] = [
    "load",
    "loadstring",
    "dofile",
    "loadfile",
    "require",
    "print",
];

/// A sandboxed Lua state and its instruction budget.
#[derive(Debug)]
pub(crate) struct Sandbox {
    pub lua: Lua,
    /// Budget checks left before the running call is stopped.
    ticks: Rc<Cell<u32>>,
}

impl Sandbox {
    /// A fresh state with base, table, string, math and utf8 only.
    pub fn new() -> mlua::Result<Sandbox> {
        let lua = Lua::new_with(
            StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8,
            LuaOptions::default(),
        )?;
        let globals = lua.globals();
        for name in REMOVED {
            globals.raw_set(name, Value::Nil)?;
        }
        let string: mlua::Table = globals.raw_get("string")?;
        string.raw_set("dump", Value::Nil)?;
        // collectgarbage keeps only its harmless query.
        let count = lua.create_function(|lua, opt: Option<String>| match opt.as_deref() {
            None | Some("count") => Ok(lua.used_memory() as f64 / 1024.0),
            Some(other) => Err(mlua::Error::runtime(format!(
                "collectgarbage(\"{other}\") is not available to variants"
            ))),
        })?;
        globals.raw_set("collectgarbage", count)?;
        lua.set_memory_limit(MEMORY_LIMIT)?;
        let ticks = Rc::new(Cell::new(0));
        let left = Rc::clone(&ticks);
        lua.set_hook(
            HookTriggers::new().every_nth_instruction(CHECK_EVERY),
            move |_, debug| {
                let n = left.get();
                if n == 0 {
                    let src = debug.source();
                    let at = match (src.source.as_deref(), debug.curr_line()) {
                        (Some(s), line) if s.starts_with('@') && line > 0 => {
                            format!("{}:{line}: ", &s[1..])
                        }
                        _ => String::new(),
                    };
                    return Err(mlua::Error::runtime(format!(
                        "{at}instruction budget exceeded ({INSTRUCTION_BUDGET} instructions per call)"
                    )));
                }
                left.set(n - 1);
                Ok(VmState::Continue)
            },
        );
        Ok(Sandbox { lua, ticks })
    }

    /// Gives the next call its full instruction budget.
    #[inline]
    pub fn reset_budget(&self) {
        self.ticks.set(INSTRUCTION_BUDGET / CHECK_EVERY);
    }

    /// Runs the script text (never bytecode) as chunk `chunk`, returning its value.
    pub fn run(&self, chunk: &str, text: &str) -> mlua::Result<Value> {
        self.reset_budget();
        self.lua
            .load(text)
            .set_name(format!("@{chunk}"))
            .set_mode(ChunkMode::Text)
            .eval()
    }
}

/// An mlua error as one line for a report: the script's own message with
/// its file:line, without mlua's prefixes and the stack traceback.
pub(crate) fn describe(e: &mlua::Error) -> String {
    let text = match e {
        mlua::Error::SyntaxError { message, .. } => format!("syntax error: {message}"),
        mlua::Error::RuntimeError(m) => m.clone(),
        mlua::Error::MemoryError(_) => {
            format!(
                "out of memory (a variant may use {} MiB)",
                MEMORY_LIMIT >> 20
            )
        }
        mlua::Error::CallbackError { cause, .. } => return describe(cause),
        mlua::Error::WithContext { context, cause } => format!("{context}: {}", describe(cause)),
        other => other.to_string(),
    };
    let text = text.split("\nstack traceback").next().unwrap_or_default();
    text.trim().to_string()
}
