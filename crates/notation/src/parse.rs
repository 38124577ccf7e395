//! The parser.
use crate::ast::Game;
use crate::error::ParseError;

/// Deepest nesting of variations.
pub const MAX_NESTING: usize = 64;

/// Parses exactly one game.
///
/// # Errors
/// The first syntax error.
pub fn parse_game(_src: &str) -> Result<Game, ParseError> {
    Err(ParseError { message: "parser not yet written".into(), span: Default::default(), line_text: String::new() })
}

/// Parses every game in `src`.
pub fn parse_games(src: &str) -> Vec<Result<Game, ParseError>> {
    vec![parse_game(src)]
}
