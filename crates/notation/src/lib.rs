//! BGN, the billes game notation: a PGN-like text format for marble and pawn
//! race games (Aggravation, Barricade, Offboard).
//!
//! This crate knows the notation, not the games: it parses records into an
//! [`ast`] whose every node carries a [`Span`], writes them back in canonical
//! form, and splits a stream into games so a file of any size is read one game
//! at a time. The grammar is in `notation/SPEC.md`.
//!
//! ```
//! use billes_notation::{parse_game, write_game};
//!
//! let text = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 + 2. R3 r9-r12 ! {safe} 3. B2 -- *\n";
//! let game = parse_game(text)?;
//! assert_eq!(game.line.turns.len(), 3);
//! assert_eq!(game.line.turns[1].actions[0].to_string(), "r9-r12");
//! // Canonical form: one numbered turn per line.
//! assert!(write_game(&game).contains("\n2. R3 r9-r12 ! {safe}\n"));
//! // Writing and parsing again gives the same record.
//! assert_eq!(parse_game(&write_game(&game))?, game);
//! # Ok::<(), billes_notation::ParseError>(())
//! ```
#![deny(missing_docs)]

pub mod ast;
mod by_key;
mod error;
pub mod file;
mod name;
mod parse;
mod pictures;
mod reader;
mod recover;
mod swar;
mod text;
mod write;
pub mod yaml;

pub use ast::{
    Action, Actions, Capture, Comment, Comments, Game, Head, Line, Nag, Nags, Name, Outcome, Path,
    Seat, Span, Tag, Turn,
};
pub use by_key::ByKey;
pub use error::{render_error, Diagnostic, ParseError};
pub use name::{misread, misread_as};
pub use parse::stream::{
    Brief, BriefAction, BriefCapture, PairBrief, Piece, PieceError, TurnStream,
};
pub use parse::{parse_game, parse_games, parse_games_lazily, skip_bom, BOM, MAX_NESTING};
pub use pictures::control_pictures;
pub use reader::{GameSource, ReadError, Reader, MAX_GAME_BYTES};
pub use recover::{Recovered, Unreadable, MAX_SYNTAX_ERRORS};
pub use text::small_text;
pub use write::{
    decimal, decimal_digits, put_action, put_brief, put_head, put_number, put_pair_brief,
    write_action, write_capture, write_game, write_game_to, write_games, write_head, write_number,
};
