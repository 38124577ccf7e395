//! The Lua state a variant runs in: only the safe parts of the standard
//! library, a memory limit, and per call the instruction budget and the
//! wall-clock guard of [`crate::budget`], which a script cannot catch.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use mlua::{ChunkMode, Function, Lua, LuaOptions, StdLib, Table, Value};

use crate::budget::{self, Limits};
use crate::pattern;

/// Memory a variant's Lua state may use, in bytes.
pub const MEMORY_LIMIT: usize = 16 * 1024 * 1024;

/// Elements one `table.move` may move.
pub const MOVE_LIMIT: i64 = 1 << 20;

/// Bytes `print` may write to stderr in one run of the process, all
/// variants and threads together; past it, one line says so and the rest
/// is dropped.
pub const PRINT_LIMIT: usize = 64 * 1024;

/// The longest text of a script that goes into a report: an error's
/// message, an `allow` reason, a `winner` seat, a name in an edit or an
/// added move, a value `emit` refuses. A longer one is cut at 460 bytes
/// (on a character boundary) and says how long it was.
pub const MESSAGE_BYTES: usize = 460;

/// `text`, cut to [`MESSAGE_BYTES`].
pub(crate) fn cut(text: &str) -> String {
    cut_bytes(text.as_bytes())
}

/// A Lua string as text for a report, cut to [`MESSAGE_BYTES`]: only that
/// much of it is copied.
pub(crate) fn lua_text(s: &mlua::String) -> String {
    cut_bytes(&s.as_bytes())
}

fn cut_bytes(bytes: &[u8]) -> String {
    if bytes.len() <= MESSAGE_BYTES {
        return String::from_utf8_lossy(bytes).into_owned();
    }
    let head = String::from_utf8_lossy(&bytes[..MESSAGE_BYTES]);
    // A character cut in two is dropped, not shown as a replacement.
    let head = head.trim_end_matches('\u{fffd}');
    format!("{head}... ({} bytes in all)", bytes.len())
}

/// The longest token a syntax error quotes: 32 bytes. Lua quotes the token
/// near the error (`near 'x'`); a longer one is cut and its length said,
/// so an error never quotes a long line of a file that is not Lua.
pub const TOKEN_BYTES: usize = 32;

/// A syntax error's message with the token it quotes cut to
/// [`TOKEN_BYTES`].
fn cut_token(message: &str) -> String {
    let Some(start) = message.find(" near '").map(|i| i + " near '".len()) else {
        return message.to_string();
    };
    let Some(len) = message[start..].rfind('\'') else {
        return message.to_string();
    };
    let token = &message[start..start + len];
    if token.len() <= TOKEN_BYTES {
        return message.to_string();
    }
    let mut end = TOKEN_BYTES;
    while !token.is_char_boundary(end) {
        end -= 1;
    }
    format!(
        "{}{}...' (a token of {} bytes){}",
        &message[..start],
        &token[..end],
        token.len(),
        &message[start + len + 1..]
    )
}

/// Globals of the base library that a script may not use: loading code.
/// (`print` is replaced by one that writes to stderr, [`print()`].)
const REMOVED: [&str; 6] = [
    "load",
    "loadstring",
    "dofile",
    "loadfile",
    "require",
    "print",
];

/// Bytes printed so far by every variant of the process.
static PRINTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// What `print` says before its text: the script, and inside a hook the
/// record, game and turn.
#[derive(Debug, Default)]
pub(crate) struct PrintContext {
    /// The script's chunk name (`rules/x.lua`).
    pub chunk: RefCell<String>,
    /// The record and game being replayed (`club.bgn game 3`), when the
    /// caller named them.
    pub game: RefCell<Option<String>>,
    /// The turn of the running hook call, if one runs.
    pub turn: Cell<Option<u32>>,
    /// Whether `print` writes nothing: the state replays records already
    /// checked under the script, whose lines the check printed.
    pub silent: Cell<bool>,
}

/// `print(...)`: its arguments through `tostring`, separated by tabs, on one
/// line of stderr after the script's name (and the game and turn inside a
/// hook), within [`PRINT_LIMIT`].
fn print(lua: &Lua, context: &PrintContext, args: mlua::MultiValue) -> mlua::Result<()> {
    use std::sync::atomic::Ordering;
    if context.silent.get() {
        return Ok(());
    }
    let mut line = String::new();
    line.push_str(&context.chunk.borrow());
    if let Some(turn) = context.turn.get() {
        if let Some(g) = context.game.borrow().as_deref() {
            line.push_str(": ");
            line.push_str(g);
            line.push(',');
        } else {
            line.push(':');
        }
        line.push_str(&format!(" turn {turn}"));
    }
    line.push_str(": ");
    push_values(lua, &mut line, args)?;
    let before = PRINTED.fetch_add(line.len(), Ordering::Relaxed);
    write_limited(before, &line, &context.chunk.borrow(), "print");
    Ok(())
}

/// Appends `values` to `line` as `print` shows them (`tostring`, separated
/// by tabs), stopping once the line is past [`PRINT_LIMIT`], then a line
/// break.
pub(crate) fn push_values(
    lua: &Lua,
    line: &mut String,
    values: mlua::MultiValue,
) -> mlua::Result<()> {
    let tostring: Function = lua.globals().raw_get("tostring")?;
    for (i, value) in values.into_iter().enumerate() {
        if i > 0 {
            line.push('\t');
        }
        let text: mlua::String = tostring.call(value)?;
        // The text is copied: its bytes are charged as a library call's.
        budget::charge_work(lua, text.as_bytes().len() as f64)?;
        line.push_str(&text.to_string_lossy());
        if line.len() > PRINT_LIMIT {
            break;
        }
    }
    line.push('\n');
    Ok(())
}

/// Writes `line` to stderr when the run had written `before` bytes and
/// the line still fits under [`PRINT_LIMIT`]; the first line past it is
/// replaced by one saying that `verb`'s output (`print`, `warn`) stops.
pub(crate) fn write_limited(before: usize, line: &str, chunk: &str, verb: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    if before + line.len() <= PRINT_LIMIT {
        let _ = err.write_all(line.as_bytes());
    } else if before <= PRINT_LIMIT {
        let _ = writeln!(
            err,
            "{chunk}: {verb}: output limit reached ({} KiB per run), the rest is not shown",
            PRINT_LIMIT / 1024
        );
    }
}

/// The seed `math.random` starts from in each environment.
const RANDOM_SEED: i64 = 0;

/// A sandboxed Lua state and the limits of its calls.
#[derive(Debug)]
pub(crate) struct Sandbox {
    pub lua: Lua,
    limits: Rc<Limits>,
    /// What the script's `print` says before its text.
    pub print: Rc<PrintContext>,
    /// Makes a copy of the state's own globals, which scripts never see,
    /// for each run of a script ([`Sandbox::environment`]).
    fresh: Function,
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
        let print_context = Rc::new(PrintContext::default());
        let context = Rc::clone(&print_context);
        let print_fn =
            lua.create_function(move |lua, args: mlua::MultiValue| print(lua, &context, args))?;
        globals.raw_set("print", print_fn)?;
        let string: Table = globals.raw_get("string")?;
        string.raw_set("dump", Value::Nil)?;
        // collectgarbage keeps only its harmless query.
        let count = lua.create_function(|lua, opt: Option<String>| match opt.as_deref() {
            None | Some("count") => Ok(lua.used_memory() as f64 / 1024.0),
            Some(other) => Err(mlua::Error::runtime(format!(
                "collectgarbage(\"{other}\") is not available to variants"
            ))),
        })?;
        globals.raw_set("collectgarbage", count)?;
        // The library functions the prelude wraps keep their names in
        // error messages: Lua finds them in the registry's loaded modules.
        let loaded: Table = lua.named_registry_value("_LOADED")?;
        for lib in ["string", "table"] {
            let t: Table = globals.raw_get(lib)?;
            loaded.raw_set(lib, copy(&lua, &t)?)?;
        }
        let fresh: Function = lua
            .load(include_str!("prelude.lua"))
            .set_name("=billes")
            .set_mode(ChunkMode::Text)
            .call(charges(&lua)?)?;
        lua.set_memory_limit(MEMORY_LIMIT)?;
        let limits = Limits::install(&lua);
        Ok(Sandbox {
            lua,
            limits,
            print: print_context,
            fresh,
        })
    }

    /// Calls `f` within the limits. A call that was stopped is an error
    /// whatever it returned (a script may have caught the first one).
    pub fn call<R: mlua::FromLuaMulti>(
        &self,
        f: &Function,
        args: impl mlua::IntoLuaMulti,
    ) -> mlua::Result<R> {
        self.limits.start();
        let result = f.call(args);
        self.print.turn.set(None);
        match self.limits.end(&self.lua) {
            Some(stop) => Err(stop.into_error()),
            None => result,
        }
    }

    /// Compiles the script text (never bytecode) as chunk `chunk`: a
    /// function to [`Sandbox::run`] in an environment.
    pub fn compile(&self, chunk: &str, text: &str) -> mlua::Result<Function> {
        // On the first line, so that the script's line numbers stay.
        let mut code = String::with_capacity(text.len() + 24);
        code.push_str("local _ENV = ...; ");
        code.push_str(text);
        self.lua
            .load(code)
            .set_name(format!("@{chunk}"))
            .set_mode(ChunkMode::Text)
            .into_function()
    }

    /// A fresh environment: the safe globals, its own copies of the library
    /// tables, and `math.random` started from the same seed.
    pub fn environment(&self) -> mlua::Result<Table> {
        self.call(&self.fresh, RANDOM_SEED)
    }

    /// Runs a compiled script in a fresh environment, returning its value.
    pub fn run(&self, script: &Function) -> mlua::Result<Value> {
        let env = self.environment()?;
        self.call(script, env)
    }
}

/// What `prelude.lua` is given: the functions that check and charge the
/// library calls it wraps, `table.sort`, `table.move`'s limit, the
/// stop's test (for `xpcall`) and the units a call touches uncharged.
#[allow(clippy::type_complexity)]
fn charges(
    lua: &Lua,
) -> mlua::Result<(Function, Function, Function, Function, i64, Function, f64)> {
    // A pattern call is refused past its step bound, else charged by it.
    let check_pattern = lua.create_function(
        |lua, (kind, subject, pat, plain): (mlua::String, Value, Value, Value)| {
            let steps = pattern::check(
                &kind.to_str()?,
                &subject,
                &pat,
                plain.as_boolean() == Some(true),
            );
            match steps {
                Ok(steps) => {
                    budget::charge_work(lua, steps / budget::PATTERN_STEPS_PER_UNIT)?;
                    Ok(None)
                }
                Err(e) => Ok(Some(e.to_string())),
            }
        },
    )?;
    let charge = lua.create_function(|lua, units: f64| budget::charge(lua, units))?;
    // The bytes of the strings among the arguments, and one a value: what
    // `string.format` reads (the prelude cannot count them without copying
    // the arguments once for each).
    let charge_args = lua.create_function(|lua, args: mlua::MultiValue| {
        let units = args.iter().fold(0.0, |sum, v| {
            sum + 1.0
                + match v {
                    Value::String(s) => s.as_bytes().len() as f64,
                    _ => 0.0,
                }
        });
        budget::charge_work(lua, units)
    })?;
    let stopped = lua.create_function(|lua, ()| {
        Ok(lua
            .app_data_ref::<Rc<Limits>>()
            .is_some_and(|l| l.is_stopped()))
    })?;
    // table.sort: the same comparisons on every run (crate::sort).
    let lt: Function = lua
        .load("return function(a, b) return a < b end")
        .set_name("=billes")
        .set_mode(ChunkMode::Text)
        .call(())?;
    let sort = lua.create_function(move |lua, (t, comp): (Table, Value)| {
        crate::sort::sort(lua, t, comp, &lt)
    })?;
    let free = budget::FREE_UNITS;
    Ok((
        check_pattern,
        charge,
        charge_args,
        sort,
        MOVE_LIMIT,
        stopped,
        free,
    ))
}

/// A shallow copy of `t`.
fn copy(lua: &Lua, t: &Table) -> mlua::Result<Table> {
    let out = lua.create_table_with_capacity(0, 64)?;
    for pair in t.pairs::<Value, Value>() {
        let (k, v) = pair?;
        out.raw_set(k, v)?;
    }
    Ok(out)
}

/// An mlua error as one line for a report: the script's own message with
/// its file:line, without mlua's prefixes and the stack traceback.
pub(crate) fn describe(e: &mlua::Error) -> String {
    let text = match e {
        mlua::Error::SyntaxError { message, .. } => syntax_error(&cut_token(message)),
        mlua::Error::RuntimeError(m) => m.clone(),
        mlua::Error::MemoryError(_) => {
            format!(
                "out of memory (a script may use {} MiB)",
                MEMORY_LIMIT >> 20
            )
        }
        mlua::Error::CallbackError { cause, .. } => return describe(cause),
        mlua::Error::WithContext { context, cause } => format!("{context}: {}", describe(cause)),
        other => other.to_string(),
    };
    let text = text.split("\nstack traceback").next().unwrap_or_default();
    cut(text.trim())
}

/// Lua's syntax error `F:2: unexpected symbol near '='` as
/// `F:2: syntax error: unexpected symbol near '='`: the script's file and
/// line first, as in its other errors, and said once.
fn syntax_error(message: &str) -> String {
    let located = message.match_indices(": ").find_map(|(at, _)| {
        let (head, rest) = message.split_at(at);
        let (_, line) = head.rsplit_once(':')?;
        (!line.is_empty() && line.bytes().all(|b| b.is_ascii_digit())).then(|| (head, &rest[2..]))
    });
    match located {
        Some((at, rest)) if rest.starts_with("syntax error") => format!("{at}: {rest}"),
        Some((at, rest)) => format!("{at}: syntax error: {rest}"),
        None => format!("syntax error: {message}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_syntax_error_names_its_file_and_line_first_and_once() {
        assert_eq!(
            syntax_error("rules/x.lua:2: unexpected symbol near '='"),
            "rules/x.lua:2: syntax error: unexpected symbol near '='"
        );
        assert_eq!(
            syntax_error("k.lua:2: syntax error near 'x'"),
            "k.lua:2: syntax error near 'x'"
        );
        assert_eq!(
            syntax_error("C:/rules/x.lua:12: '}' expected near <eof>"),
            "C:/rules/x.lua:12: syntax error: '}' expected near <eof>"
        );
        assert_eq!(syntax_error("no place"), "syntax error: no place");
    }

    #[test]
    fn long_texts_and_tokens_are_cut() {
        assert_eq!(cut("short"), "short");
        let long = "é".repeat(400);
        let shown = cut(&long);
        assert!(shown.ends_with("... (800 bytes in all)"), "{shown}");
        assert!(shown.len() < MESSAGE_BYTES + 30);
        let m = "k.lua:2: syntax error near 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ'";
        assert_eq!(
            cut_token(m),
            "k.lua:2: syntax error near 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUA...' (a token of 42 bytes)"
        );
        let m = "k.lua:2: '=' expected near 'x'";
        assert_eq!(cut_token(m), m);
    }
}
