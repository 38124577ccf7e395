//! The views a `turn` callback is given: `t`, `before` and `after`.
//!
//! A turn's call allocates nothing in Lua. The three views are light
//! userdata: plain numbers to Lua (no allocation, nothing for the collector),
//! each encoding the turn's *generation* (one more for every turn called
//! back) and which view it is. Light userdata share one metatable per Lua
//! state, set once per script; its `__index` reads a field from the Rust
//! side when the script asks for it:
//!
//! - `t.seat`, `t.to`... from the move the rules show for the turn (see
//!   [`super::record`]): under the standard rules the turn is played again,
//!   recorded, on a copy of the position before it, the first time the
//!   script reads one of them in the callback (a turn whose move is never
//!   read costs no recording); under a variant's hooks every turn is
//!   recorded as it is played, since playing it twice would run the hooks
//!   twice. `t.text` comes from the record's text, and
//!   `t.nags`, `t.comments`, `t.legal` built when first read during the
//!   callback, then kept for its other reads;
//! - `before.at`, `after.pieces`... are the functions of two `pos` tables
//!   made once, which read copies of the positions before and after the
//!   turn. The copy is made when the script first reads a field of the view
//!   during the callback (a clone of the game's small state into a box kept
//!   from turn to turn), so a callback that reads no position copies none.
//!
//! A view is only valid during its own turn's callback: a view kept beyond
//! it (in an upvalue, read in a later turn or in `finish`) has another
//! generation than the turn being called back, and reading any field of it
//! is an error at the script's line (`t.seat can only be read during the
//! turn's own callback`); it never shows another turn's data. The functions
//! of `before` and `after` read the position of the turn being called back
//! and fail outside a callback. Views are read-only: assigning a field is an
//! error. `pairs(t)` visits every field but `legal`, `pairs(before)` the
//! functions.

use std::cell::{Cell, Ref, RefCell};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use billes_core::variant::BoardView;
use billes_notation::{Name, Turn};
use mlua::{Function, LightUserData, Lua, Table, Value};

use super::record::{self, Recorded};
use super::GameRecord;
use crate::hooks::{located, position_table, Current, Reader};

/// Which of the three views a light userdata is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum View {
    /// `t`, the turn.
    Turn,
    /// `before`, the position before it.
    Before,
    /// `after`, the position after it.
    After,
}

impl View {
    /// The view's name in messages.
    fn name(self) -> &'static str {
        match self {
            View::Turn => "t",
            View::Before => "before",
            View::After => "after",
        }
    }

    /// The view of the turn of `generation`. (On a 32-bit machine the
    /// generation wraps after a billion turns: a view kept that long could
    /// pass for a current one.)
    pub(crate) fn of(self, generation: u64) -> LightUserData {
        let tag = match self {
            View::Turn => 1,
            View::Before => 2,
            View::After => 3,
        };
        LightUserData(std::ptr::without_provenance_mut(
            ((generation as usize) << 2) | tag,
        ))
    }

    /// The generation and view a light userdata encodes.
    fn decode(value: LightUserData) -> Option<(u64, View)> {
        let bits = value.0.addr();
        let view = match bits & 3 {
            1 => View::Turn,
            2 => View::Before,
            3 => View::After,
            _ => return None,
        };
        Some(((bits >> 2) as u64, view))
    }
}

/// The Lua strings of the names `t` shows (seats, holes, kinds: the
/// boards' and the games' bounded vocabulary), made once per script: making
/// a Lua string under a memory limit costs a protected call, handing out a
/// made one a reference.
#[derive(Default)]
pub(crate) struct Names {
    strings: RefCell<HashMap<u64, mlua::String, BuildHasherDefault<KeyHasher>>>,
}

/// Names kept at most (past it, a name is made at each read).
const MAX_NAMES: usize = 4096;

/// A hasher for [`Name::key`]s: one multiplication.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

impl Names {
    /// The Lua string of `text`.
    pub(crate) fn get(&self, lua: &Lua, text: &str) -> mlua::Result<Value> {
        let Some(key) = Name::try_new(text).map(|n| n.key()) else {
            return lua.create_string(text).map(Value::String);
        };
        if let Some(s) = self.strings.borrow().get(&key) {
            return Ok(Value::String(s.clone()));
        }
        let s = lua.create_string(text)?;
        let mut strings = self.strings.borrow_mut();
        if strings.len() < MAX_NAMES {
            strings.insert(key, s.clone());
        }
        Ok(Value::String(s))
    }
}

/// The Rust side of the views of one script: the shared metatable, the
/// positions, and which turn is being called back.
pub(crate) struct Views {
    /// The metatable of every light userdata of the script's state.
    meta: Table,
    /// `__index` and `__pairs` between two games' replays: every read is
    /// an error (during a replay they are the game's own, [`Views::open`]).
    closed_index: Function,
    closed_pairs: Function,
    /// The functions of `before` and `after`, reading `before` and `after`.
    before_fns: Table,
    after_fns: Table,
    before: Current,
    after: Current,
    /// The boxes of the positions before and after the turn between two
    /// callbacks (moved into `before` and `after` when a callback reads the
    /// view, and out after it), and whether they were moved in.
    held: RefCell<[Option<Box<dyn BoardView>>; 2]>,
    filled: [Cell<bool>; 2],
    /// Turns called back so far: a turn's generation is one more.
    count: Cell<u64>,
    /// The generation of the turn being called back, 0 between callbacks.
    live: Cell<u64>,
    /// Lua's `next`, for `__pairs`.
    next: Function,
    /// The names `t` shows.
    pub names: Names,
}

impl std::fmt::Debug for Views {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Views")
            .field("count", &self.count)
            .field("live", &self.live)
            .finish_non_exhaustive()
    }
}

/// The text of a key in messages: `seat` in `t.seat`, `[1]` in `t[1]`.
fn key_text(key: &Value) -> String {
    match key {
        Value::String(s) => format!(".{}", s.to_string_lossy()),
        Value::Integer(i) => format!("[{i}]"),
        other => format!("[{}]", other.type_name()),
    }
}

/// The error of reading `key` of a view of `generation` that is not the
/// turn being called back.
fn stale(lua: &Lua, view: View, key: &Value) -> mlua::Error {
    located(
        lua,
        &format!(
            "{}{} can only be read during the turn's own callback",
            view.name(),
            key_text(key)
        ),
    )
}

impl Views {
    /// Sets the views' metatable in `lua`, closed until a game opens it.
    pub(crate) fn new(lua: &Lua) -> mlua::Result<Views> {
        let before: Current = Rc::new(RefCell::new(None));
        let after: Current = Rc::new(RefCell::new(None));
        let before_fns = position_table(lua, &before, Reader::Script("before"))?;
        let after_fns = position_table(lua, &after, Reader::Script("after"))?;
        let closed_index = lua.create_function(|lua, (view, key): (LightUserData, Value)| {
            let view = View::decode(view).map_or(View::Turn, |(_, v)| v);
            Err::<(), _>(stale(lua, view, &key))
        })?;
        let closed_pairs = lua.create_function(|lua, view: LightUserData| {
            let view = View::decode(view).map_or(View::Turn, |(_, v)| v);
            Err::<(), _>(located(
                lua,
                &format!(
                    "{} can only be read during the turn's own callback",
                    view.name()
                ),
            ))
        })?;
        let meta = lua.create_table()?;
        meta.raw_set("__index", &closed_index)?;
        meta.raw_set("__pairs", &closed_pairs)?;
        meta.raw_set(
            "__newindex",
            lua.create_function(|lua, (view, key): (LightUserData, Value)| {
                let view = View::decode(view).map_or(View::Turn, |(_, v)| v);
                Err::<(), _>(located(
                    lua,
                    &format!(
                        "{}{} cannot be set: the views are read-only",
                        view.name(),
                        key_text(&key)
                    ),
                ))
            })?,
        )?;
        // `getmetatable(t)` is false, as for strings: the metatable is the
        // state's, not the script's.
        meta.raw_set("__metatable", false)?;
        lua.set_type_metatable::<LightUserData>(Some(meta.clone()));
        Ok(Views {
            meta,
            closed_index,
            closed_pairs,
            before_fns,
            after_fns,
            before,
            after,
            held: RefCell::new([None, None]),
            filled: [Cell::new(false), Cell::new(false)],
            count: Cell::new(0),
            live: Cell::new(0),
            next: lua.globals().raw_get("next")?,
            names: Names::default(),
        })
    }

    /// Lets the views be read with a game's own `__index` and `__pairs`
    /// (functions of the game's replay scope).
    pub(crate) fn open(&self, index: &Function, pairs: &Function) -> mlua::Result<()> {
        self.meta.raw_set("__index", index)?;
        self.meta.raw_set("__pairs", pairs)
    }

    /// Closes the views again after a game's replay.
    pub(crate) fn close(&self) -> mlua::Result<()> {
        self.live.set(0);
        self.meta.raw_set("__index", &self.closed_index)?;
        self.meta.raw_set("__pairs", &self.closed_pairs)
    }

    /// Starts the turn's callback: its generation, from now the live one.
    pub(crate) fn begin(&self) -> u64 {
        let generation = self.count.get() + 1;
        self.count.set(generation);
        self.live.set(generation);
        generation
    }

    /// Ends the turn's callback: no view is live, and the positions read
    /// are moved out of the `pos` functions' reach.
    pub(crate) fn end(&self) {
        self.live.set(0);
        for (k, slot) in [&self.before, &self.after].into_iter().enumerate() {
            if self.filled[k].replace(false) {
                std::mem::swap(&mut *slot.borrow_mut(), &mut self.held.borrow_mut()[k]);
            }
        }
    }

    /// Which view `view` is, when it is one of the turn being called back;
    /// else the error of reading `key` of it.
    pub(crate) fn live_view(
        &self,
        lua: &Lua,
        view: LightUserData,
        key: &Value,
    ) -> mlua::Result<View> {
        match View::decode(view) {
            Some((generation, which)) if generation == self.live.get() && generation != 0 => {
                Ok(which)
            }
            Some((_, which)) => Err(stale(lua, which, key)),
            None => Err(stale(lua, View::Turn, key)),
        }
    }

    /// Field `key` of the position view `view` (one of its functions),
    /// whose position `copy` copies into a slot: for the `pos` functions,
    /// on the first read during the callback.
    pub(crate) fn position_field(
        &self,
        view: View,
        key: Value,
        copy: impl FnOnce(&mut Option<Box<dyn BoardView>>),
    ) -> mlua::Result<Value> {
        let (k, slot, fns) = match view {
            View::Before => (0, &self.before, &self.before_fns),
            View::After => (1, &self.after, &self.after_fns),
            View::Turn => return Ok(Value::Nil),
        };
        if !self.filled[k].replace(true) {
            let mut slot = slot.borrow_mut();
            std::mem::swap(&mut *slot, &mut self.held.borrow_mut()[k]);
            copy(&mut slot);
        }
        fns.raw_get(key)
    }

    /// What `pairs(view)` iterates: `next` over `fields`, or over a copy of
    /// a position view's functions.
    pub(crate) fn pairs(
        &self,
        lua: &Lua,
        view: View,
        fields: impl FnOnce() -> mlua::Result<Table>,
    ) -> mlua::Result<(Function, Table)> {
        let table = match view {
            View::Turn => fields()?,
            View::Before | View::After => {
                let fns = if view == View::Before {
                    &self.before_fns
                } else {
                    &self.after_fns
                };
                let copy = lua.create_table()?;
                for pair in fns.pairs::<Value, Value>() {
                    let (k, v) = pair?;
                    copy.raw_set(k, v)?;
                }
                copy
            }
        };
        Ok((self.next.clone(), table))
    }
}

/// What `t` shows of the turn being called back, kept from turn to turn so
/// that its buffers are reused.
pub(crate) struct TurnData<'v> {
    /// The names' strings.
    names: &'v Names,
    /// The turn's index in the main line.
    pub index: Cell<usize>,
    /// Whether the recorder holds the turn's move.
    pub recorded: Cell<bool>,
    /// `t.nags`, `t.comments` and `t.legal`, once read during the callback.
    nags: RefCell<Option<Table>>,
    comments: RefCell<Option<Table>>,
    legal: RefCell<Option<Table>>,
}

/// The names `t` always has, before the game's own fields: the turn's,
/// then the move's.
const TURN_FIELDS: [&str; 9] = [
    "turn", "number", "text", "nags", "comments", "legal", "roller", "seat", "kind",
];

impl<'v> TurnData<'v> {
    /// The data of no turn yet, showing names from `names`.
    pub(crate) fn new(names: &'v Names) -> TurnData<'v> {
        TurnData {
            names,
            index: Cell::new(0),
            recorded: Cell::new(false),
            nags: RefCell::new(None),
            comments: RefCell::new(None),
            legal: RefCell::new(None),
        }
    }

    /// Forgets the tables read during the last callback.
    pub(crate) fn forget(&self) {
        for cache in [&self.nags, &self.comments, &self.legal] {
            if cache.borrow().is_some() {
                cache.borrow_mut().take();
            }
        }
    }

    /// `cache`, made by `make` on first read.
    fn cached(
        cache: &RefCell<Option<Table>>,
        make: impl FnOnce() -> mlua::Result<Table>,
    ) -> mlua::Result<Value> {
        if let Some(t) = cache.borrow().as_ref() {
            return Ok(Value::Table(t.clone()));
        }
        let t = make()?;
        *cache.borrow_mut() = Some(t.clone());
        Ok(Value::Table(t))
    }

    /// Field `key` of `t` for `turn` of `record`; `legal` works out
    /// `t.legal`, `recorded` gives the move the rules showed (when the
    /// field is one of the move's).
    pub(crate) fn field<'r>(
        &self,
        lua: &Lua,
        (turn, record): (&Turn, &GameRecord<'_>),
        key: &[u8],
        legal: impl FnOnce() -> mlua::Result<Table>,
        recorded: impl FnOnce() -> mlua::Result<Option<Ref<'r, Recorded>>>,
    ) -> mlua::Result<Value> {
        match key {
            b"number" | b"turn" => Ok(Value::Integer(i64::from(turn.number))),
            b"text" => match turn_text(turn, record) {
                Some(t) => lua.create_string(t).map(Value::String),
                None => Ok(Value::Nil),
            },
            b"nags" => Self::cached(&self.nags, || {
                lua.create_sequence_from(turn.nags().iter().map(|n| n.code))
            }),
            b"comments" => Self::cached(&self.comments, || {
                lua.create_sequence_from(
                    turn.before()
                        .iter()
                        .chain(turn.after())
                        .map(|c| c.text.as_str()),
                )
            }),
            b"legal" => Self::cached(&self.legal, legal),
            _ => move_field(lua, self.names, turn, recorded()?.as_deref(), key),
        }
    }

    /// A table of every field of `t` but `legal`, for `pairs(t)`.
    pub(crate) fn fields<'r>(
        &self,
        lua: &Lua,
        (turn, record): (&Turn, &GameRecord<'_>),
        recorded: impl FnOnce() -> mlua::Result<Option<Ref<'r, Recorded>>>,
    ) -> mlua::Result<Table> {
        let out = lua.create_table()?;
        let no_legal = || Err(mlua::Error::runtime("t.legal is not listed"));
        let no_move = || Ok(None);
        for name in &TURN_FIELDS[..5] {
            let value = self.field(lua, (turn, record), name.as_bytes(), no_legal, no_move)?;
            out.raw_set(*name, value)?;
        }
        let recorded = recorded()?;
        let recorded = recorded.as_deref();
        let mut names: Vec<&str> = TURN_FIELDS[6..].to_vec();
        match recorded {
            Some(r) => names.extend(r.fields().iter().map(|(n, _)| *n)),
            None => names.push("roll"),
        }
        for name in names {
            let value = move_field(lua, self.names, turn, recorded, name.as_bytes())?;
            out.raw_set(name, value)?;
        }
        Ok(out)
    }
}

/// Field `key` of the move `recorded` (`None`: the rules showed no move,
/// and `t` has the turn's `roller`, `seat`, `kind` and `roll` only).
fn move_field(
    lua: &Lua,
    names: &Names,
    turn: &Turn,
    recorded: Option<&Recorded>,
    key: &[u8],
) -> mlua::Result<Value> {
    let text = |s: &str| names.get(lua, s);
    match key {
        b"roller" => match recorded {
            Some(r) => text(r.roller.as_str()),
            None => text(turn.head.seat.as_str()),
        },
        b"seat" => match recorded {
            Some(r) => text(r.seat.as_str()),
            None => {
                let seat = turn.head.seat.as_str();
                text(turn.head.mover.as_ref().map_or(seat, |m| m.as_str()))
            }
        },
        b"kind" => match recorded {
            Some(r) => text(r.kind),
            None => {
                let pass = matches!(
                    turn.actions.as_slice(),
                    [billes_notation::Action::Pass { .. }]
                );
                text(if pass { "pass" } else { "move" })
            }
        },
        other => match recorded {
            Some(r) => match r.field(other) {
                Some(record::Value::Name(Some(n))) => text(n.as_str()),
                Some(record::Value::Number(Some(n))) => Ok(Value::Integer(i64::from(*n))),
                Some(record::Value::Flag(Some(b))) => Ok(Value::Boolean(*b)),
                _ => Ok(Value::Nil),
            },
            None if other == b"roll" => Ok(turn
                .head
                .roll
                .map_or(Value::Nil, |r| Value::Integer(i64::from(r)))),
            None => Ok(Value::Nil),
        },
    }
}

/// `t.text`: the turn as written, without its number (`R3 r9-r12`).
fn turn_text<'a>(turn: &Turn, record: &GameRecord<'a>) -> Option<&'a str> {
    let s = record.text.get(turn.span.range())?.trim();
    Some(match s.split_once(". ") {
        Some((n, rest)) if n.bytes().all(|b| b.is_ascii_digit()) => rest.trim_start(),
        _ => s,
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::rows as run;
    use super::super::{Cell, Row};

    fn text(row: &Row, name: &str) -> String {
        row.get(name).map(ToString::to_string).unwrap_or_default()
    }

    const AGGRAVATION: &str =
        "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 3. G1 + *\n";

    const OFFBOARD: &str = "[Game \"offboard\"]\n[Seats \"R B\"]\n\n1. R c4>ne 2. B i9:h8>sw *\n";

    #[test]
    fn a_view_kept_beyond_its_callback_is_an_error_never_another_turn() {
        let cases = [
            (
                "local saved\nreturn { turn = function(t)\n  if saved then return saved.seat end\n  saved = t\nend }",
                "t.lua:3: t.seat can only be read during the turn's own callback (in g.bgn game 1, turn 2, callback turn)",
            ),
            (
                "local saved\nreturn { turn = function(t, before)\n  if saved then return saved.at('r9') end\n  saved = before\nend }",
                "t.lua:3: before.at can only be read during the turn's own callback (in g.bgn game 1, turn 2, callback turn)",
            ),
            (
                "local saved\nreturn { turn = function(t, b, after) saved = after end,\n  finish = function()\n  return saved:pieces('R') end }",
                "t.lua:4: after.pieces can only be read during the turn's own callback (callback finish)",
            ),
            (
                "local f\nreturn { turn = function(t, before) f = f or before.pieces end,\n  finish = function()\n  return f('R') end }",
                "t.lua:4: before.pieces can only be read during the turn's own callback (callback finish)",
            ),
            (
                "local saved\nreturn { turn = function(t) saved = t end,\n  game_end = function()\n  for k in pairs(saved) do end end }",
                "t.lua:4: t can only be read during the turn's own callback (in g.bgn game 1, callback game_end)",
            ),
        ];
        for (script, message) in cases {
            let err = run(script, AGGRAVATION).unwrap_err();
            assert_eq!(err.message, message);
        }
    }

    #[test]
    fn views_are_read_only_userdata_with_a_hidden_metatable() {
        let out = run(
            "return { turn = function(t, before, after)\n  emit { t = type(t), meta = tostring(getmetatable(after)), same = t == t }\nend }",
            AGGRAVATION,
        )
        .unwrap();
        assert_eq!(text(&out[0], "t"), "userdata");
        assert_eq!(text(&out[0], "meta"), "false");
        assert_eq!(out[0].get("same"), Some(&Cell::Bool(true)));
        let err = run(
            "return { turn = function(t)\n  t.seen = true\nend }",
            AGGRAVATION,
        )
        .unwrap_err();
        assert!(
            err.message
                .starts_with("t.lua:2: t.seen cannot be set: the views are read-only"),
            "{err}"
        );
    }

    #[test]
    fn pairs_visits_every_field_but_legal() {
        let out = run(
            "return { turn = function(t)\n  local names = {}\n  for k, v in pairs(t) do names[#names + 1] = k end\n  table.sort(names)\n  emit { names = table.concat(names, ' ') }\nend }",
            AGGRAVATION,
        )
        .unwrap();
        assert_eq!(
            text(&out[1], "names"),
            "comments from kind nags number roll roller seat text to turn"
        );
    }

    #[test]
    fn tables_of_t_are_made_once_per_callback() {
        let out = run(
            "return { turn = function(t)\n  emit { same = t.legal == t.legal and t.nags == t.nags and t.comments == t.comments }\nend }",
            AGGRAVATION,
        )
        .unwrap();
        assert!(out.iter().all(|r| r.get("same") == Some(&Cell::Bool(true))));
    }

    #[test]
    fn the_move_read_after_t_legal_is_the_turn_s_own() {
        let fields = "t.kind, t.from, t.to, t.direction, t.marbles, t.pushes";
        let plain = run(
            &format!("return {{ turn = function(t)\n  emit {{ move = table.concat({{ {fields} }}, ' ') }}\nend }}"),
            OFFBOARD,
        )
        .unwrap();
        let after_legal = run(
            &format!("return {{ turn = function(t)\n  local n = #t.legal\n  emit {{ move = table.concat({{ {fields} }}, ' '), legal = n > 1 }}\nend }}"),
            OFFBOARD,
        )
        .unwrap();
        assert_eq!(text(&plain[0], "move"), "move c4 c4 ne 1 0");
        for (a, b) in plain.iter().zip(&after_legal) {
            assert_eq!(a.get("move"), b.get("move"));
            assert_eq!(b.get("legal"), Some(&Cell::Bool(true)));
        }
    }
}
