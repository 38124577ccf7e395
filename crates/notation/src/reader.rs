//! Streaming reader.
/// A game's source text.
#[derive(Debug)]
pub struct GameSource;
/// A reader.
#[derive(Debug)]
pub struct Reader;
/// A read error.
#[derive(Debug)]
pub struct ReadError;
