//! Integration tests of the crate, one test binary with a module per topic:
//! the players against the random player, hand-made positions and archives.

mod policy;
mod positions;
