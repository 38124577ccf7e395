//! Integration tests of the crate, one test binary with a module per topic.
//! The pictures and the viewer of the example records, and a game outside
//! the core's registry drawn as the three games are.

mod pictures;
mod toy;
