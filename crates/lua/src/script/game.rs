//! What a replay script's `g` table makes when it is read, and how a game
//! that does not fit in the script's memory is told apart.
//!
//! `g.tags` and `g.players` are made the first time the script reads them
//! (a record's tags may be many megabytes, and most scripts never read
//! them): `g`'s metatable makes the table from the game running and keeps
//! it in `g`.

use std::rc::Rc;

use mlua::{Lua, Table, Value};

use super::Shared;

/// The tags and players of the game running, for `g.tags` and `g.players`
/// when the script first reads them.
#[derive(Debug)]
pub(super) struct LazyGame {
    /// The game's `g` table.
    pub(super) g: *const std::ffi::c_void,
    pub(super) tags: Vec<(String, String)>,
    pub(super) players: Vec<(String, String)>,
}

/// The metatable of every `g`: reading `g.tags` or `g.players` the first
/// time makes the table (and keeps it in `g`, so later reads, also after
/// the game, find it); a `g` kept from another game whose tags were never
/// read is an error, never this game's tags.
pub(super) fn lazy_fields(lua: &Lua, shared: &Rc<Shared>) -> mlua::Result<Table> {
    let s = Rc::clone(shared);
    let index = lua.create_function(move |lua, (g, key): (Table, Value)| {
        let Value::String(k) = &key else {
            return Ok(Value::Nil);
        };
        let name = k.as_bytes();
        let field = match &*name {
            b"tags" => "tags",
            b"players" => "players",
            _ => return Ok(Value::Nil),
        };
        let lazy = s.lazy.borrow();
        let Some(game) = lazy.as_ref().filter(|l| l.g == g.to_pointer()) else {
            return Err(mlua::Error::runtime(format!(
                "g.{field} of a game that has ended: read it while the game runs, and keep what you need"
            )));
        };
        let list = if field == "tags" { &game.tags } else { &game.players };
        let t = lua.create_table()?;
        // The first of a name written twice is the one kept.
        for (k, v) in list.iter().rev() {
            t.raw_set(k.as_str(), v.as_str())?;
        }
        g.raw_set(field, &t)?;
        Ok(Value::Table(t))
    })?;
    let meta = lua.create_table()?;
    meta.raw_set("__index", index)?;
    meta.raw_set("__metatable", false)?;
    Ok(meta)
}

/// Whether `e` is the Lua state's memory limit, however deep in callbacks.
pub(super) fn out_of_memory(e: &mlua::Error) -> bool {
    match e {
        mlua::Error::MemoryError(_) => true,
        mlua::Error::CallbackError { cause, .. } | mlua::Error::WithContext { cause, .. } => {
            out_of_memory(cause)
        }
        _ => false,
    }
}
