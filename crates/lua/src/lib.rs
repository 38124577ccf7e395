//! House rules for billes written in Lua.
//!
//! This crate will host variant scripts (mlua with a vendored Lua 5.4): loading
//! a script from `rules/` or a path, the sandbox (only base, table, string,
//! math and utf8; a memory cap and an instruction budget per hook call), and
//! the bridge from script hooks to the core's rules. Until then every record
//! is replayed under its game's standard rules.
#![deny(missing_docs)]
