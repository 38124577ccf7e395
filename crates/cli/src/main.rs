//! The `billes` command line.
fn main() {}
