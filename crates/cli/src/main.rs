//! `billes`: record, replay, validate and reformat games of Aggravation,
//! Barricade and Offboard written in BGN.
//!
//! Every verb is a function in [`cmd`] over the library crates; `main` only
//! maps the outcome to an exit code: 0 all valid, 1 something invalid, 2 a
//! usage or I/O error.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

mod cli;
mod cmd;
mod output;
mod rules;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cmd::run(args) {
        Ok(code) => code,
        Err(err) => {
            if is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            let mut stderr = io::stderr().lock();
            let _ = writeln!(stderr, "billes: error: {err}");
            for cause in err.chain().skip(1) {
                let _ = writeln!(stderr, "  caused by: {cause}");
            }
            ExitCode::from(2)
        }
    }
}

/// A closed pipe (`billes ... | head`) is not an error.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
