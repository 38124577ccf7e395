//! `billes`: record, replay, validate and reformat games of Aggravation,
//! Barricade and Offboard written in BGN.
//!
//! Every verb is a function in [`cmd`] over the library crates; `main` only
//! maps the outcome to an exit code (the table is [`cli::EXIT_CODES`]): 0
//! all valid, 1 the input is wrong, 2 a usage or I/O error.

use std::io;
use std::process::ExitCode;

/// `eprintln!` that never panics: a stderr that cannot be written (closed,
/// full) loses the line, and the run's exit code is then never 0.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::output::stderr_line(format_args!($($arg)*))
    };
}

mod atomic;
mod cli;
mod cmd;
mod lock;
mod output;
mod rules;

fn main() -> ExitCode {
    let args = cli::Cli::parse_args();
    if let Err(err) = rules::time_guard_from_env() {
        errln!("billes: error: {err}");
        return ExitCode::from(cmd::IO_ERROR);
    }
    let code = match cmd::run(args) {
        Ok(code) => code,
        // A closed pipe (`billes validate archive/ | head`) is not worth a
        // message, but the report was not written whole: never exit 0.
        Err(err) if is_broken_pipe(&err) => cmd::IO_ERROR,
        Err(err) => {
            if let Some(syntax) = syntax_error(&err) {
                // The input is wrong: its diagnostic says so, rustc-style,
                // with no second prefix.
                errln!("{syntax}");
                cmd::INVALID
            } else if not_text(&err) {
                // A binary file, a NUL byte, bytes that are not UTF-8: the
                // input is wrong, as `validate` says of it.
                errln!("billes: error: {err}");
                for cause in err.chain().skip(1) {
                    errln!("  caused by: {cause}");
                }
                cmd::INVALID
            } else {
                errln!("billes: error: {err}");
                for cause in err.chain().skip(1) {
                    errln!("  caused by: {cause}");
                }
                cmd::IO_ERROR
            }
        }
    };
    if code == cmd::OK && output::stderr_failed() {
        return ExitCode::from(cmd::IO_ERROR);
    }
    ExitCode::from(code)
}

/// A closed pipe somewhere in the error's causes.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            || cause
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind)
                == Some(io::ErrorKind::BrokenPipe)
    })
}

/// Whether the input read is not text: a NUL byte, bytes that are not
/// UTF-8, or a game longer than the limit of one game (each an encoding
/// error in `validate`'s report).
fn not_text(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::InvalidData)
            || cause.is::<std::string::FromUtf8Error>()
            || cause.is::<std::str::Utf8Error>()
            || cause
                .downcast_ref::<billes_notation::ReadError>()
                .is_some_and(|e| {
                    matches!(
                        e,
                        billes_notation::ReadError::InvalidUtf8 { .. }
                            | billes_notation::ReadError::Nul { .. }
                            | billes_notation::ReadError::TooLarge { .. }
                    )
                })
    })
}

/// The syntax error of a record read for one game, if that is what failed.
fn syntax_error(err: &anyhow::Error) -> Option<&billes_archive::input::ReadGameError> {
    err.chain().find_map(|cause| {
        cause
            .downcast_ref::<billes_archive::input::ReadGameError>()
            .filter(|e| matches!(e, billes_archive::input::ReadGameError::Syntax { .. }))
    })
}
