//! The bridge from a script's hook functions to the core's [`Hooks`].

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use billes_core::edit::{Edit, EditOp};
use billes_core::registry::position_queries;
use billes_core::variant::{
    Answer, BoardView, EjectionView, Field, FieldKind, Hook, HookError, Hooks, MoveView,
    PlayedView, RollView, TeamRoll, Verdict, MAX_FIELDS,
};
use billes_notation::Name;
use mlua::{Function, IntoLua, Lua, MultiValue, Table, Value};

use crate::sandbox::{describe, lua_text, Sandbox};

/// The position the running hook sees through `pos`.
pub(crate) type Current = Rc<RefCell<Option<Box<dyn BoardView>>>>;

/// A script's hooks, called in its sandbox.
pub(crate) struct LuaHooks {
    sandbox: Sandbox,
    variant: String,
    chunk: String,
    /// The compiled script, run afresh for each game ([`LuaHooks::refresh`]).
    script: Function,
    /// The hooks the game calls ([`billes_core::game::GameRules::hooks`]).
    known: &'static [Hook],
    /// The edits the game takes ([`billes_core::game::GameRules::edits`]).
    edits: &'static [EditOp],
    /// Which of them the script defines (the same on every run).
    defined: Defined,
    /// Makes the [`trampoline`] of a game's `move`, `pos` and `names`.
    make_trampoline: Function,
    /// Makes the [`EJECTION_TRAMPOLINE`] of a game's `ejection`, `pos` and
    /// `names`: only for a script that defines `score` (a game whose
    /// marbles leave the board lists it).
    make_ejection: Option<Function>,
    /// This game's hook functions and tables.
    bound: RefCell<Bound>,
    /// Whether a hook ran since the script's last run.
    dirty: Cell<bool>,
    /// The Lua table of names the trampoline reads, and their numbers.
    names: Table,
    numbers: RefCell<HashMap<String, i64>>,
    /// The numbers of recently seen names by [`Name::key`] (names of up to
    /// eight bytes, which board names are): a multiplication instead of
    /// hashing the text.
    by_key: RefCell<[(u64, i64); KEY_SLOTS]>,
    /// The `pos` query functions; each game gets its own table of them.
    pos_functions: Table,
    current: Current,
}

/// What a game declares that a script's hooks must fit
/// ([`billes_core::game::GameRules`]'s `hooks`, `move_fields`, `edits`).
pub(crate) struct GameSurface {
    /// The hooks the game calls.
    pub hooks: &'static [Hook],
    /// The fields of its moves.
    pub fields: &'static [(&'static str, FieldKind)],
    /// The edits it takes.
    pub edits: &'static [EditOp],
}

/// The hooks of one run of the script, with the tables they are given.
struct Bound {
    roll_for: Option<Function>,
    /// `score`, with the [`EJECTION_TRAMPOLINE`] that fills its `ejection`
    /// table and calls it.
    score: Option<(Function, Function)>,
    /// `moves`, `effect` and `winner`, called directly.
    moves: Option<Function>,
    effect: Option<Function>,
    winner: Option<Function>,
    /// `allow` and `extra_turn` wrapped by the [`trampoline`]: Lua functions
    /// that fill `move` from their arguments and call the hook, one call
    /// from Rust per hook call, the table filled inside the VM.
    allow_call: Option<Function>,
    extra_turn_call: Option<Function>,
    /// The `pos` table of query functions.
    pos: Table,
}

impl std::fmt::Debug for LuaHooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LuaHooks")
            .field("variant", &self.variant)
            .field("chunk", &self.chunk)
            .finish_non_exhaustive()
    }
}

/// Slots of the by-key cache of name numbers (a power of two).
const KEY_SLOTS: usize = 512;

/// The Lua source of a function that makes, for one hook function, the
/// function that fills `move` with the fields every game has and the game's
/// own `fields` (its [`billes_core::game::GameRules::move_fields`]) and
/// calls the hook: one protected call from Rust instead of one per field, the
/// hook held as an upvalue rather than passed on every call. Names (seats,
/// holes, kinds) travel as numbers into `names`: pushing a number from Rust
/// is far cheaper than pushing a string under a memory limit.
fn trampoline(fields: &[(&str, FieldKind)]) -> String {
    let mut params = vec!["turn", "roller", "seat", "kind"];
    let mut body = String::from("    mv.turn = turn\n");
    for f in ["roller", "seat", "kind"] {
        body.push_str(&format!("    mv.{f} = names[{f}]\n"));
    }
    for (name, kind) in fields {
        params.push(name);
        match kind {
            FieldKind::Name => body.push_str(&format!("    mv.{name} = names[{name}]\n")),
            FieldKind::Number | FieldKind::Flag => {
                body.push_str(&format!("    mv.{name} = {name}\n"))
            }
        }
    }
    format!(
        "local mv, pos, names = ...\nreturn function(f)\n  return function({}, extra)\n{body}    return f(mv, pos, extra)\n  end\nend",
        params.join(", ")
    )
}

/// [`Name::key`] of `name` when it is a non-empty name (at most eight bytes,
/// no NUL), computed without making the [`Name`]: a hook call looks up
/// several names, and this is the cheap part of it.
#[inline]
fn name_key(name: &str) -> Option<u64> {
    let bytes = name.as_bytes();
    if bytes.is_empty() || bytes.len() > Name::MAX {
        return None;
    }
    let mut key = 0u64;
    for (i, &b) in bytes.iter().enumerate() {
        if b == 0 {
            return None;
        }
        key |= u64::from(b) << (8 * i);
    }
    Some(key)
}

/// Fills `ejection` and calls the `score` hook, as a [`trampoline`] does
/// for `move`.
const EJECTION_TRAMPOLINE: &str = "local ej, pos, names = ...\n\
return function(f, turn, seat, ejects, from, direction, target, taken, standard)\n\
  ej.turn, ej.seat, ej.ejects, ej.from = turn, names[seat], names[ejects], names[from]\n\
  ej.direction, ej.target, ej.taken = names[direction], names[target], taken\n\
  return f(ej, pos, standard)\n\
end";

/// The hooks a script defines, as a set of [`Hook`]s (a bit per hook, by
/// its place in [`Hook::ALL`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Defined(u32);

impl Defined {
    /// The hooks of `found`.
    fn of(found: &Found) -> Defined {
        let mut bits = 0;
        for (i, f) in found.iter().enumerate() {
            if f.is_some() {
                bits |= 1 << i;
            }
        }
        Defined(bits)
    }

    /// Whether `hook` is in the set.
    #[inline(always)]
    fn has(self, hook: Hook) -> bool {
        self.0 & (1 << hook as u32) != 0
    }
}

/// The functions of a script's `hooks` table, by their hook (`hook as
/// usize`, its place in [`Hook::ALL`]).
type Found = [Option<Function>; Hook::ALL.len()];

/// Drops the `self` of a `pos:at(...)` call, so `pos.at(...)` works too
/// (a replay script's `after:at(...)` passes its view, a light userdata).
fn args(mut a: MultiValue) -> MultiValue {
    if matches!(a.front(), Some(Value::Table(_) | Value::LightUserData(_))) {
        a.pop_front();
    }
    a
}

fn seat_arg(a: MultiValue) -> mlua::Result<String> {
    match args(a).pop_front() {
        Some(Value::String(s)) => Ok(s.to_str()?.to_string()),
        other => Err(mlua::Error::runtime(format!(
            "expected a seat or hole name, got {}",
            other.map_or("nothing", |v| v.type_name())
        ))),
    }
}

/// Who reads a `pos` table: what its functions do when no position is set
/// (outside the call that sets one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reader {
    /// A house-rule hook: outside a hook the queries that take a name fail,
    /// the others answer as for an empty board (`seats()` is `{}`).
    Hook,
    /// A replay script's `before` or `after` view (its name): outside the
    /// turn callback every function fails, at the script's line.
    Script(&'static str),
}

impl Reader {
    /// The error of function `name` called when no position is set.
    fn outside(self, lua: &Lua, name: &str) -> mlua::Error {
        match self {
            Reader::Hook => mlua::Error::runtime("pos is only readable inside a hook"),
            Reader::Script(view) => located(
                lua,
                &format!("{view}.{name} can only be read during the turn's own callback"),
            ),
        }
    }

    /// Whether a function that needs no name answers as for an empty board
    /// when no position is set.
    fn lenient(self) -> bool {
        self == Reader::Hook
    }
}

/// A runtime error with the place in the script that called the running
/// Rust function (`legal.lua:3: `), as Lua's `error(message, 2)` gives: the
/// nearest caller that is a line of a script (a metamethod such as
/// `__pairs` is called by `pairs`, itself called by the script).
pub(crate) fn located(lua: &Lua, message: &str) -> mlua::Error {
    let at = (1..=3).find_map(|level| {
        let d = lua.inspect_stack(level)?;
        let line = d.curr_line();
        let source = d.source().source?.into_owned();
        let chunk = source.strip_prefix('@')?.to_string();
        (line > 0).then(|| format!("{chunk}:{line}: "))
    });
    mlua::Error::runtime(format!("{}{message}", at.unwrap_or_default()))
}

/// The `pos` table: read-only queries on the position of the running hook
/// (or the view of a replay script: `reader`).
pub(crate) fn position_table(lua: &Lua, current: &Current, reader: Reader) -> mlua::Result<Table> {
    let pos = lua.create_table()?;
    macro_rules! query {
        ($name:literal, |$view:ident, $arg:ident| $body:expr) => {{
            let cur = Rc::clone(current);
            let f = lua.create_function(move |lua, a: MultiValue| {
                let $arg = seat_arg(a)?;
                let guard = cur.borrow();
                let $view = guard.as_ref().ok_or_else(|| reader.outside(lua, $name))?;
                let answer = $body;
                charge_names(lua, answer.names())?;
                Ok(answer)
            })?;
            pos.raw_set($name, f)?;
        }};
    }
    query!("at", |v, hole| v.at(&hole).map(str::to_string));
    query!("pieces", |v, seat| v.pieces(&seat));
    query!("reserve", |v, seat| v.reserve(&seat));
    query!("finished", |v, seat| v.finished(&seat));
    query!("team", |v, seat| v.team(&seat));
    let cur = Rc::clone(current);
    let seats = lua.create_function(move |lua, _: MultiValue| match cur.borrow().as_ref() {
        Some(v) => {
            let seats = v.seats();
            charge_names(lua, seats.len())?;
            Ok(seats)
        }
        None if reader.lenient() => Ok(Vec::new()),
        None => Err(reader.outside(lua, "seats")),
    })?;
    pos.raw_set("seats", seats)?;
    // The games' own queries, every game's in every game (a game without
    // one answers its default: `{}`, false, 0 or nil).
    for (name, kind) in position_queries() {
        let cur = Rc::clone(current);
        let f = lua.create_function(move |lua, a: MultiValue| {
            let arg = if kind.takes_name() {
                seat_arg(a)?
            } else {
                String::new()
            };
            let guard = cur.borrow();
            let answer = match guard.as_ref() {
                Some(v) => v.query(name, &arg).unwrap_or_else(|| kind.default_answer()),
                // `barricades()` outside a hook is an empty list, as
                // `seats()`; the queries that take a name need a position.
                None if !kind.takes_name() && reader.lenient() => kind.default_answer(),
                None => return Err(reader.outside(lua, name)),
            };
            charge_names(lua, answer.names())?;
            match answer {
                Answer::Names(names) => names.into_lua(lua),
                Answer::Flag(b) => b.into_lua(lua),
                Answer::Number(n) => n.into_lua(lua),
                Answer::Name(n) => n.into_lua(lua),
            }
        })?;
        pos.raw_set(name, f)?;
    }
    helpers(lua, current, &pos, reader)?;
    Ok(pos)
}

/// Charges the running call for `n` names a `pos` function made for it (a
/// seat, a hole, a point): [`NAME_UNITS`] each, as a library function
/// charges what it touches (`crate::budget`).
fn charge_names(lua: &Lua, n: usize) -> mlua::Result<()> {
    if n == 0 {
        return Ok(());
    }
    crate::budget::charge(lua, n as f64 * NAME_UNITS)
}

/// Units a name made for a script costs: making a Lua string from Rust
/// (under the memory limit, a protected call) takes about as long as 50
/// instructions, and a `pos` function that returns many names (`walk`)
/// must not make a loop of its calls outlast the budget's time.
pub const NAME_UNITS: f64 = 50.0;

/// `answer`, once the names in it are charged ([`charge_names`]).
fn charged<T: Names>(lua: &Lua, answer: T) -> mlua::Result<T> {
    charge_names(lua, answer.names())?;
    Ok(answer)
}

/// The names in what a `pos` function answers.
trait Names {
    fn names(&self) -> usize;
}

impl Names for Vec<Vec<String>> {
    fn names(&self) -> usize {
        self.iter().map(Vec::len).sum()
    }
}

impl Names for Option<Vec<String>> {
    fn names(&self) -> usize {
        self.as_ref().map_or(0, Vec::len)
    }
}

impl Names for Option<String> {
    fn names(&self) -> usize {
        usize::from(self.is_some())
    }
}

impl Names for Vec<String> {
    fn names(&self) -> usize {
        self.len()
    }
}

impl Names for u32 {
    fn names(&self) -> usize {
        0
    }
}

impl Names for Answer {
    fn names(&self) -> usize {
        match self {
            Answer::Names(names) => names.len(),
            Answer::Name(name) => name.names(),
            Answer::Flag(_) | Answer::Number(_) => 0,
        }
    }
}

/// The board helpers of the `pos` table: `neighbours(p)`, `walk(from,
/// steps [, seat])`, `walk_back(from, steps)` and `path(from, to [, seat])`
/// (see `rules/README.md`).
fn helpers(lua: &Lua, current: &Current, pos: &Table, reader: Reader) -> mlua::Result<()> {
    fn name(v: Option<Value>, what: &str) -> mlua::Result<String> {
        match v {
            Some(Value::String(s)) => Ok(s.to_str()?.to_string()),
            other => Err(mlua::Error::runtime(format!(
                "expected {what}, got {}",
                other.map_or("nothing", |v| v.type_name())
            ))),
        }
    }
    fn steps(v: Option<Value>) -> mlua::Result<u32> {
        match v {
            Some(Value::Integer(n)) if (0..=64).contains(&n) => Ok(n as u32),
            Some(Value::Number(x)) if x.fract() == 0.0 && (0.0..=64.0).contains(&x) => Ok(x as u32),
            other => {
                // The number as Lua writes it, else the value's type.
                let got = match other {
                    Some(Value::Integer(n)) => n.to_string(),
                    Some(Value::Number(x)) => format!("{x}"),
                    other => other.map_or("nothing", |v| v.type_name()).to_string(),
                };
                Err(mlua::Error::runtime(format!(
                    "expected a number of steps from 0 to 64, got {got}"
                )))
            }
        }
    }
    fn seat(v: Option<Value>) -> mlua::Result<Option<String>> {
        match v {
            None | Some(Value::Nil) => Ok(None),
            v => name(v, "a seat or nil").map(Some),
        }
    }
    // Outside a call: a house-rule hook's board is empty, a script's view
    // is an error.
    let present = move |lua: &Lua, cur: &Current, name: &str| -> mlua::Result<bool> {
        match cur.borrow().is_some() {
            false if !reader.lenient() => Err(reader.outside(lua, name)),
            present => Ok(present),
        }
    };
    let cur = Rc::clone(current);
    let neighbours = lua.create_function(move |lua, a: MultiValue| {
        present(lua, &cur, "neighbours")?;
        let point = name(args(a).pop_front(), "a point name")?;
        let list = cur.borrow().as_ref().map(|v| v.neighbours(&point));
        charged(lua, list.unwrap_or_default())
    })?;
    pos.raw_set("neighbours", neighbours)?;
    let cur = Rc::clone(current);
    let walk = lua.create_function(move |lua, a: MultiValue| {
        present(lua, &cur, "walk")?;
        let mut a = args(a);
        let from = name(a.pop_front(), "a point name")?;
        let steps = steps(a.pop_front())?;
        let seat = seat(a.pop_front())?;
        let routes = cur
            .borrow()
            .as_ref()
            .map(|v| v.walk(&from, steps, seat.as_deref()));
        charged(lua, routes.unwrap_or_default())
    })?;
    pos.raw_set("walk", walk)?;
    let cur = Rc::clone(current);
    let walk_back = lua.create_function(move |lua, a: MultiValue| {
        present(lua, &cur, "walk_back")?;
        let mut a = args(a);
        let from = name(a.pop_front(), "a point name")?;
        let steps = steps(a.pop_front())?;
        let routes = cur.borrow().as_ref().map(|v| v.walk_back(&from, steps));
        charged(lua, routes.unwrap_or_default())
    })?;
    pos.raw_set("walk_back", walk_back)?;
    let cur = Rc::clone(current);
    let path = lua.create_function(move |lua, a: MultiValue| {
        present(lua, &cur, "path")?;
        let mut a = args(a);
        let from = name(a.pop_front(), "a point name")?;
        let to = name(a.pop_front(), "a point name")?;
        let seat = seat(a.pop_front())?;
        let path = cur
            .borrow()
            .as_ref()
            .map(|v| v.path(&from, &to, seat.as_deref()));
        charged(lua, path.flatten())
    })?;
    pos.raw_set("path", path)?;
    Ok(())
}

/// The hook functions of a script's `hooks` table; `known` lists the
/// hooks the game calls.
fn hook_functions(table: &Table, known: &[Hook]) -> Result<Found, crate::refused::Refused> {
    let mut found: Found = Default::default();
    for pair in table.pairs::<String, Value>() {
        let (name, value) = pair.map_err(|e| describe(&e))?;
        let Some(&hook) = known.iter().find(|h| h.name() == name) else {
            let known: Vec<&str> = known.iter().map(|h| h.name()).collect();
            return Err(crate::refused::Refused(format!(
                "unknown hook \"{name}\" (this game calls: {})",
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            )));
        };
        match value {
            Value::Function(f) => found[hook as usize] = Some(f),
            other => {
                return Err(crate::refused::Refused(format!(
                    "hook {name} must be a function, not a {}",
                    other.type_name()
                )))
            }
        }
    }
    Ok(found)
}

impl LuaHooks {
    /// The hooks of `table` (the `hooks` field of the table `script`
    /// returned), or `None` when it defines none. `game` is what the
    /// game declares: the hooks it calls, the fields of its moves and the
    /// edits it takes.
    pub fn new(
        sandbox: Sandbox,
        script: Function,
        (variant, chunk): (&str, &str),
        table: Option<Table>,
        game: GameSurface,
    ) -> Result<Option<LuaHooks>, crate::refused::Refused> {
        let GameSurface {
            hooks: known,
            fields,
            edits,
        } = game;
        let Some(table) = table else { return Ok(None) };
        let found = hook_functions(&table, known)?;
        if found.iter().all(Option::is_none) {
            return Ok(None);
        }
        let current: Current = Rc::new(RefCell::new(None));
        let lua = &sandbox.lua;
        let err = |e: mlua::Error| describe(&e);
        let pos_functions = position_table(lua, &current, Reader::Hook).map_err(err)?;
        let names = lua.create_table().map_err(err)?;
        let make_trampoline = lua
            .load(trampoline(fields))
            .set_name("=billes")
            .into_function()
            .map_err(err)?;
        let defined = Defined::of(&found);
        let make_ejection = defined
            .has(Hook::Score)
            .then(|| {
                lua.load(EJECTION_TRAMPOLINE)
                    .set_name("=billes")
                    .into_function()
            })
            .transpose()
            .map_err(err)?;
        let bound = bind(
            &sandbox,
            found,
            (&make_trampoline, make_ejection.as_ref()),
            &pos_functions,
            &names,
        )
        .map_err(err)?;
        Ok(Some(LuaHooks {
            variant: variant.to_string(),
            chunk: chunk.to_string(),
            script,
            known,
            edits,
            defined,
            make_trampoline,
            make_ejection,
            bound: RefCell::new(bound),
            dirty: Cell::new(false),
            names,
            numbers: RefCell::new(HashMap::new()),
            by_key: RefCell::new([(0, 0); KEY_SLOTS]),
            pos_functions,
            current,
            sandbox,
        }))
    }

    /// Runs the script again in a fresh environment, when a hook ran since
    /// its last run, and takes the hooks of this run: each game starts from
    /// the state the script makes, whatever games ran before on this thread.
    ///
    /// # Errors
    /// When the script fails (a stop of the wall-clock guard is its own
    /// kind, [`HookError::guard`]), or returns other hooks than on its
    /// first run.
    pub fn refresh(&self) -> Result<(), HookError> {
        if !self.dirty.replace(false) {
            return Ok(());
        }
        let value = self.sandbox.run(&self.script).map_err(|e| {
            let message = describe(&e);
            if crate::budget::is_guard(&e) {
                HookError::guard(message)
            } else {
                HookError::new(message)
            }
        })?;
        let failed = |e: mlua::Error| HookError::new(describe(&e));
        let hooks = match value {
            Value::Table(t) => t.raw_get::<Value>("hooks").map_err(failed)?,
            other => other,
        };
        let Value::Table(hooks) = hooks else {
            return Err(HookError::new(
                "the script returned no hooks table on a later run",
            ));
        };
        let found = hook_functions(&hooks, self.known).map_err(|e| HookError::new(e.0))?;
        if Defined::of(&found) != self.defined {
            return Err(HookError::new(
                "the script returned other hooks than on its first run",
            ));
        }
        let bound = bind(
            &self.sandbox,
            found,
            (&self.make_trampoline, self.make_ejection.as_ref()),
            &self.pos_functions,
            &self.names,
        )
        .map_err(failed)?;
        *self.bound.borrow_mut() = bound;
        Ok(())
    }

    /// The names of the hooks the script defines.
    pub fn names(&self) -> Vec<&'static str> {
        Hook::ALL
            .into_iter()
            .filter(|&h| self.defined.has(h))
            .map(Hook::name)
            .collect()
    }

    /// The error of hook `hook`, naming the variant, the hook and the script.
    fn error(&self, hook: &str, message: String) -> HookError {
        HookError::new(self.named(hook, &message))
    }

    /// The error of hook `hook` that failed with `e`: a stop of the
    /// wall-clock guard is its own kind ([`HookError::guard`]).
    fn failed(&self, hook: &str, e: &mlua::Error) -> HookError {
        let message = self.named(hook, &describe(e));
        if crate::budget::is_guard(e) {
            HookError::guard(message)
        } else {
            HookError::new(message)
        }
    }

    /// `message` after the variant, the hook and (unless the message
    /// names it) the script.
    fn named(&self, hook: &str, message: &str) -> String {
        if message.contains(self.chunk.as_str()) {
            format!("variant {}, hook {hook}: {message}", self.variant)
        } else {
            format!(
                "variant {}, hook {hook} ({}): {message}",
                self.variant, self.chunk
            )
        }
    }

    /// The number of `name` in the names table (0: none).
    #[inline]
    fn number(&self, name: Option<&str>) -> mlua::Result<i64> {
        let Some(name) = name else { return Ok(0) };
        let Some(key) = name_key(name) else {
            return self.number_of(name);
        };
        let slot =
            (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - KEY_SLOTS.trailing_zeros())) as usize;
        let cached = self.by_key.borrow()[slot];
        if cached.0 == key {
            return Ok(cached.1);
        }
        let n = self.number_of(name)?;
        self.by_key.borrow_mut()[slot] = (key, n);
        Ok(n)
    }

    /// [`LuaHooks::number`] by the name's text.
    fn number_of(&self, name: &str) -> mlua::Result<i64> {
        if let Some(&n) = self.numbers.borrow().get(name) {
            return Ok(n);
        }
        let mut numbers = self.numbers.borrow_mut();
        let n = numbers.len() as i64 + 1;
        self.names.raw_set(n, name)?;
        numbers.insert(name.to_string(), n);
        Ok(n)
    }

    /// Calls a hook wrapped by the [`trampoline`] with `mv`, `pos` and `extra`;
    /// its first two results.
    fn call_move(
        &self,
        wrapped: &Function,
        mv: &MoveView<'_>,
        extra: Option<bool>,
    ) -> mlua::Result<(Value, Value)> {
        mv.position.copy_into(&mut self.current.borrow_mut());
        self.dirty.set(true);
        self.sandbox.print.turn.set(Some(mv.turn));
        // The arguments of the trampoline: the fields every game has, then
        // the game's own, as many as the game has (no padding to push).
        let mut v: [Value; MAX_FIELDS] = std::array::from_fn(|_| Value::Nil);
        let mut count = 0;
        for (slot, (_, field)) in v.iter_mut().zip(mv.fields()) {
            *slot = match field {
                Field::Name(n) => Value::Integer(self.number(n)?),
                Field::Number(n) => n.map_or(Value::Nil, |n| Value::Integer(i64::from(n))),
                Field::Flag(b) => b.map_or(Value::Nil, Value::Boolean),
            };
            count += 1;
        }
        let (turn, roller, seat, kind) = (
            mv.turn,
            self.number(Some(mv.roller))?,
            self.number(Some(mv.seat))?,
            self.number(Some(mv.kind.name()))?,
        );
        let [a, b, c, d, e, f, g, h] = v;
        macro_rules! call {
            ($($x:ident),*) => {
                self.sandbox
                    .call(wrapped, (turn, roller, seat, kind, $($x,)* extra))
            };
        }
        match count {
            0 => call!(),
            1 => call!(a),
            2 => call!(a, b),
            3 => call!(a, b, c),
            4 => call!(a, b, c, d),
            5 => call!(a, b, c, d, e),
            6 => call!(a, b, c, d, e, f),
            7 => call!(a, b, c, d, e, f, g),
            _ => call!(a, b, c, d, e, f, g, h),
        }
    }

    /// Calls `f` within the budget.
    fn call(&self, f: &Function, args: impl mlua::IntoLuaMulti) -> mlua::Result<MultiValue> {
        self.dirty.set(true);
        self.sandbox.call(f, args)
    }
}

/// The hooks `found` of one run of the script, wrapped by trampolines
/// (made by `makers`) around fresh `move`, `ejection` and `pos` tables.
fn bind(
    sandbox: &Sandbox,
    found: Found,
    (make_trampoline, make_ejection): (&Function, Option<&Function>),
    pos_functions: &Table,
    names: &Table,
) -> mlua::Result<Bound> {
    let lua = &sandbox.lua;
    let mv = lua.create_table()?;
    let pos = lua.create_table()?;
    for pair in pos_functions.pairs::<Value, Value>() {
        let (k, v) = pair?;
        pos.raw_set(k, v)?;
    }
    let trampoline: Function = sandbox.call(make_trampoline, (&mv, &pos, names))?;
    let wrap = |f: &Option<Function>| -> mlua::Result<Option<Function>> {
        f.as_ref()
            .map(|f| sandbox.call::<Function>(&trampoline, f))
            .transpose()
    };
    let mut found = found;
    let mut take = |hook: Hook| found[hook as usize].take();
    let allow_call = wrap(&take(Hook::Allow))?;
    let extra_turn_call = wrap(&take(Hook::ExtraTurn))?;
    let (roll_for, moves, effect, winner) = (
        take(Hook::RollFor),
        take(Hook::Moves),
        take(Hook::Effect),
        take(Hook::Winner),
    );
    let score = match (take(Hook::Score), make_ejection) {
        (Some(f), Some(make)) => {
            let ej = lua.create_table()?;
            let trampoline: Function = sandbox.call(make, (&ej, &pos, names))?;
            Some((f, trampoline))
        }
        _ => None,
    };
    Ok(Bound {
        roll_for,
        score,
        moves,
        effect,
        winner,
        allow_call,
        extra_turn_call,
        pos,
    })
}

impl Hooks for LuaHooks {
    #[inline]
    fn active(&self) -> bool {
        true
    }

    #[inline]
    fn calls(&self, hook: Hook) -> bool {
        self.defined.has(hook)
    }

    fn allow(&self, mv: &MoveView<'_>) -> Result<Verdict, HookError> {
        let Some(f) = self.bound.borrow().allow_call.clone() else {
            return Ok(Verdict::Allow);
        };
        let err = |e: mlua::Error| self.failed("allow", &e);
        match self.call_move(&f, mv, None).map_err(err)? {
            (Value::Nil | Value::Boolean(true), _) => Ok(Verdict::Allow),
            (Value::Boolean(false), reason) => Ok(Verdict::Forbid(match reason {
                Value::String(s) => lua_text(&s),
                _ => "the variant forbids it".to_string(),
            })),
            (other, _) => Err(self.error(
                "allow",
                format!(
                    "returned a {}: expected true, or false and a reason",
                    other.type_name()
                ),
            )),
        }
    }

    fn roll_for(&self, roll: &TeamRoll<'_>) -> Result<Option<Vec<String>>, HookError> {
        let (Some(f), pos) = ({
            let b = self.bound.borrow();
            (b.roll_for.clone(), b.pos.clone())
        }) else {
            return Ok(None);
        };
        let err = |e: mlua::Error| self.failed("roll_for", &e);
        let lua = &self.sandbox.lua;
        let t = lua.create_table().map_err(err)?;
        let build = || -> mlua::Result<()> {
            t.raw_set("turn", roll.turn)?;
            t.raw_set("roller", roll.roller)?;
            t.raw_set("roll", roll.roll)?;
            let mates = lua.create_table()?;
            for (i, (seat, moves)) in roll.teammates.iter().enumerate() {
                let m = lua.create_table()?;
                m.raw_set("seat", seat.as_str())?;
                m.raw_set("moves", moves.clone())?;
                mates.raw_seti(i + 1, m)?;
            }
            t.raw_set("teammates", mates)?;
            roll.position.copy_into(&mut self.current.borrow_mut());
            Ok(())
        };
        build().map_err(err)?;
        self.sandbox.print.turn.set(Some(roll.turn));
        let mut out = self.call(&f, (&t, &pos)).map_err(err)?;
        let bad = |v: &Value| {
            self.error(
                "roll_for",
                format!(
                    "returned a {}: expected a seat, a list of seats, or nil",
                    v.type_name()
                ),
            )
        };
        match out.pop_front().unwrap_or(Value::Nil) {
            Value::Nil => Ok(None),
            Value::String(s) => Ok(Some(vec![lua_text(&s)])),
            Value::Table(list) => {
                check_length(&list, "seats").map_err(|m| self.error("roll_for", m.0))?;
                let mut seats = Vec::new();
                for v in list.sequence_values::<Value>() {
                    match v.map_err(err)? {
                        Value::String(s) => seats.push(lua_text(&s)),
                        other => return Err(bad(&other)),
                    }
                }
                Ok(Some(seats))
            }
            other => Err(bad(&other)),
        }
    }

    fn extra_turn(&self, mv: &MoveView<'_>, standard: bool) -> Result<bool, HookError> {
        let Some(f) = self.bound.borrow().extra_turn_call.clone() else {
            return Ok(standard);
        };
        let err = |e: mlua::Error| self.failed("extra_turn", &e);
        match self.call_move(&f, mv, Some(standard)).map_err(err)?.0 {
            Value::Nil => Ok(standard),
            Value::Boolean(b) => Ok(b),
            other => Err(self.error(
                "extra_turn",
                format!(
                    "returned a {}: expected true, false or nil",
                    other.type_name()
                ),
            )),
        }
    }

    fn score(&self, ejection: &EjectionView<'_>, standard: u32) -> Result<u32, HookError> {
        let Some((f, trampoline)) = self.bound.borrow().score.clone() else {
            return Ok(standard);
        };
        let err = |e: mlua::Error| self.failed("score", &e);
        ejection.position.copy_into(&mut self.current.borrow_mut());
        self.sandbox.print.turn.set(Some(ejection.turn));
        let mut out = self
            .call(
                &trampoline,
                (
                    f,
                    ejection.turn,
                    self.number(Some(ejection.seat)).map_err(err)?,
                    self.number(Some(ejection.ejects)).map_err(err)?,
                    self.number(Some(ejection.from)).map_err(err)?,
                    self.number(Some(ejection.direction)).map_err(err)?,
                    self.number(ejection.target).map_err(err)?,
                    ejection.taken,
                    standard,
                ),
            )
            .map_err(err)?;
        let bad = |what: String| {
            self.error(
                "score",
                format!("returned {what}: expected points from 0 to 255, or nil"),
            )
        };
        match out.pop_front().unwrap_or(Value::Nil) {
            Value::Nil => Ok(standard),
            Value::Integer(n) => u8::try_from(n)
                .map(u32::from)
                .map_err(|_| bad(n.to_string())),
            Value::Number(x) if x.fract() == 0.0 && (0.0..=255.0).contains(&x) => Ok(x as u32),
            Value::Number(x) => Err(bad(x.to_string())),
            other => Err(bad(format!("a {}", other.type_name()))),
        }
    }

    fn moves(
        &self,
        roll: &RollView<'_>,
        standard: &[String],
    ) -> Result<Option<Vec<String>>, HookError> {
        let (Some(f), pos) = ({
            let b = self.bound.borrow();
            (b.moves.clone(), b.pos.clone())
        }) else {
            return Ok(None);
        };
        let err = |e: mlua::Error| self.failed("moves", &e);
        let lua = &self.sandbox.lua;
        let t = lua.create_table().map_err(err)?;
        let build = || -> mlua::Result<Table> {
            t.raw_set("turn", roll.turn)?;
            t.raw_set("roller", roll.roller)?;
            t.raw_set("seat", roll.seat)?;
            t.raw_set("roll", roll.roll)?;
            roll.position.copy_into(&mut self.current.borrow_mut());
            lua.create_sequence_from(standard.iter().map(String::as_str))
        };
        let list = build().map_err(err)?;
        self.sandbox.print.turn.set(Some(roll.turn));
        let mut out = self.call(&f, (&t, &pos, list)).map_err(err)?;
        match out.pop_front().unwrap_or(Value::Nil) {
            Value::Nil => Ok(None),
            Value::Table(list) => {
                check_length(&list, "moves").map_err(|m| self.error("moves", m.0))?;
                let mut moves = Vec::new();
                for v in list.sequence_values::<Value>() {
                    let v = v.map_err(err)?;
                    moves.push(added_move(v).map_err(|m| self.error("moves", m.0))?);
                }
                Ok(Some(moves))
            }
            other => Err(self.error(
                "moves",
                format!(
                    "returned a {}: expected a list of moves, or nil",
                    other.type_name()
                ),
            )),
        }
    }

    fn effect(&self, mv: &PlayedView<'_>) -> Result<Vec<Edit>, HookError> {
        let (Some(f), pos) = ({
            let b = self.bound.borrow();
            (b.effect.clone(), b.pos.clone())
        }) else {
            return Ok(Vec::new());
        };
        let err = |e: mlua::Error| self.failed("effect", &e);
        let lua = &self.sandbox.lua;
        let t = lua.create_table().map_err(err)?;
        let build = || -> mlua::Result<()> {
            t.raw_set("turn", mv.turn)?;
            t.raw_set("roller", mv.roller)?;
            t.raw_set("seat", mv.seat)?;
            t.raw_set("roll", mv.roll)?;
            t.raw_set("text", mv.text)?;
            t.raw_set("from", mv.from)?;
            t.raw_set("to", mv.to)?;
            t.raw_set("captures", mv.captures)?;
            t.raw_set("added", mv.added)?;
            mv.position.copy_into(&mut self.current.borrow_mut());
            Ok(())
        };
        build().map_err(err)?;
        self.sandbox.print.turn.set(Some(mv.turn));
        let mut out = self.call(&f, (&t, &pos)).map_err(err)?;
        match out.pop_front().unwrap_or(Value::Nil) {
            Value::Nil => Ok(Vec::new()),
            Value::Table(list) => {
                check_length(&list, "edits").map_err(|m| self.error("effect", m.0))?;
                let mut edits = Vec::new();
                for v in list.sequence_values::<Value>() {
                    let v = v.map_err(err)?;
                    edits.push(edit(v, self.edits).map_err(|m| self.error("effect", m.0))?);
                }
                Ok(edits)
            }
            other => Err(self.error(
                "effect",
                format!(
                    "returned a {}: expected a list of edits, or nil",
                    other.type_name()
                ),
            )),
        }
    }

    fn winner(&self, turn: u32, position: &dyn BoardView) -> Result<Option<String>, HookError> {
        let (Some(f), pos) = ({
            let b = self.bound.borrow();
            (b.winner.clone(), b.pos.clone())
        }) else {
            return Ok(None);
        };
        let err = |e: mlua::Error| self.failed("winner", &e);
        position.copy_into(&mut self.current.borrow_mut());
        self.sandbox.print.turn.set(Some(turn));
        let mut out = self.call(&f, &pos).map_err(err)?;
        match out.pop_front().unwrap_or(Value::Nil) {
            Value::Nil | Value::Boolean(false) => Ok(None),
            Value::String(s) => Ok(Some(lua_text(&s))),
            other => Err(self.error(
                "winner",
                format!("returned a {}: expected a seat, or nil", other.type_name()),
            )),
        }
    }
}

/// The most entries a hook's list may hold: 4,096 moves from `moves`,
/// edits from `effect`, seats from `roll_for`, names in a move's `via`, as
/// the instructions a call may run are bounded. Checked before the list
/// is read, so a longer list costs nothing in Rust.
pub const HOOK_LIST_LIMIT: usize = 4096;

/// Refuses a list longer than [`HOOK_LIST_LIMIT`].
fn check_length(list: &Table, what: &str) -> Result<(), crate::refused::Refused> {
    let n = list.raw_len();
    if n > HOOK_LIST_LIMIT {
        return Err(crate::refused::Refused(format!(
            "returned a list of {n} {what}: at most {HOOK_LIST_LIMIT}"
        )));
    }
    Ok(())
}

/// The move of an entry of the list the `moves` hook returns: notation
/// (`"r5-rh4-rh2"`) or a table `{ from = "r5", via = { "rh4" }, to = "rh2" }`
/// (`via`: a name, a list of names, or nil).
fn added_move(v: Value) -> Result<String, crate::refused::Refused> {
    match v {
        Value::String(s) => Ok(lua_text(&s)),
        Value::Table(t) => {
            let text = |k: &str| -> Result<Option<String>, crate::refused::Refused> {
                match t.raw_get::<Value>(k).map_err(|e| describe(&e))? {
                    Value::Nil => Ok(None),
                    Value::String(s) => Ok(Some(lua_text(&s))),
                    other => Err(crate::refused::Refused(format!(
                        "field {k} is a {}, not a name",
                        other.type_name()
                    ))),
                }
            };
            let (Some(from), Some(to)) = (text("from")?, text("to")?) else {
                return Err(crate::refused::Refused(
                    "a move table needs from and to".into(),
                ));
            };
            let mut path = vec![from];
            match t.raw_get::<Value>("via").map_err(|e| describe(&e))? {
                Value::Nil => {}
                Value::String(s) => path.push(lua_text(&s)),
                Value::Table(list) => {
                    check_length(&list, "names in via")?;
                    for v in list.sequence_values::<mlua::String>() {
                        path.push(lua_text(&v.map_err(|e| describe(&e))?));
                    }
                }
                other => {
                    return Err(crate::refused::Refused(format!(
                        "field via is a {}",
                        other.type_name()
                    )))
                }
            }
            path.push(to);
            Ok(path.join("-"))
        }
        other => Err(crate::refused::Refused(format!(
            "an entry is a {}: expected notation or a table",
            other.type_name()
        ))),
    }
}

/// One edit of the list the `effect` hook returns:
/// `{ op = "swap", a = "r9", b = "r12" }` and the like, its `op` one of
/// `ops` (the game's [`billes_core::game::GameRules::edits`]) and its
/// arguments read in the op's order.
fn edit(v: Value, ops: &[EditOp]) -> Result<Edit, crate::refused::Refused> {
    let Value::Table(t) = v else {
        return Err(crate::refused::Refused(format!(
            "an edit is a {}, not a table",
            v.type_name()
        )));
    };
    let text = |k: &str| -> Result<String, crate::refused::Refused> {
        match t.raw_get::<Value>(k).map_err(|e| describe(&e))? {
            Value::String(s) => Ok(lua_text(&s)),
            other => Err(crate::refused::Refused(format!(
                "edit field {k} is a {}, not a name",
                other.type_name()
            ))),
        }
    };
    let op = text("op")?;
    let names = EditOp::find(ops, &op)
        .map_err(|e| crate::refused::Refused(e.0))?
        .args;
    let mut args = Vec::with_capacity(names.len());
    for &name in names {
        args.push((name, text(name)?));
    }
    Ok(Edit::new(op, args))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_key_is_the_key_of_the_name() {
        for text in ["r9", "centre", "R", "abcdefgh", "é1", "ne"] {
            assert_eq!(name_key(text), Some(Name::new(text).key()), "{text}");
        }
        for text in ["", "abcdefghi", "a\0"] {
            assert_eq!(name_key(text), None, "{text:?}");
        }
    }
}
