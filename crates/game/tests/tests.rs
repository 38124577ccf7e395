//! Integration tests of the crate, one test binary with a module per topic:
//! the layers of its modules, what the games' crates and the API may
//! depend on, and what the games show through the API (played through
//! `billes-core`, which lists them).

mod board_views;
mod describe;
mod docs;
mod layers;
mod manifests;
mod views;
