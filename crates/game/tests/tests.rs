//! Integration tests of the crate, one test binary with a module per topic:
//! the layers of its modules, and what the games show through the API
//! (played through `billes-core`, which lists them).

mod board_views;
mod describe;
mod layers;
mod views;
