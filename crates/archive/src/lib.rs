//! Work over whole archives of billes records: batch validation on several
//! threads with its report, the semantic diff of two game logs, and
//! annotate's comments. The `billes` binary is a thin layer over this crate
//! (argument parsing, the progress bar, colours, writing files and exit
//! codes); everything it reports can be had from Rust.
//!
//! - [`input`]: files, folders and standard input; reading their games.
//! - [`validate`]: the validation pipeline, one game in memory per thread,
//!   outcomes in input order; [`report`]: the report built from them
//!   (errors, duplicates, counts by event) as text, JSON, YAML or JSON Lines.
//! - [`diff`]: the semantic diff of two copies of the same games.
//! - [`play`]: recording a game as it is played, a line at a time.
//! - [`annotate`]: what each turn did, as `{@ ...}` comments.
//! - [`export`]: archives as tables (games, turns, mistakes) in JSON
//!   Lines or Parquet, written in parts; their rows are built by `rows`,
//!   which the validate pipeline uses too (for the `turns` rows of a valid
//!   game, built on the thread that checked it): `export` uses
//!   [`validate`], never the other way.
//! - [`csv`]: CSV fields, safe from spreadsheet formulas.
//! - [`select`]: the common selections of games (`billes filter`).
//! - [`rules`]: which rules each record is played under, decided in one
//!   place ([`RulePolicy`], [`RuleSet`]); [`diagnostic`]: errors shown
//!   against the source line.
//!
//! ```
//! use billes_archive::input::Input;
//! use billes_archive::report::{self, Collector};
//! use billes_archive::validate;
//!
//! let dir = tempfile::tempdir().unwrap();
//! let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R3 r9-r12 *\n";
//! std::fs::write(dir.path().join("bad.bgn"), record).unwrap();
//! let found = billes_archive::input::expand_in_order(&[dir.path().to_path_buf()]);
//! let mut collector = Collector::new(report::Settings::default());
//! validate::run(found, 1, &validate::Settings::default(), &mut |outcome| {
//!     collector.accept(outcome, &mut std::io::sink())
//! })
//! .unwrap();
//! let (report, _) = collector.finish();
//! assert_eq!(report.invalid, 1);
//! let mut json = Vec::new();
//! report.write_json(&mut json).unwrap();
//! assert!(String::from_utf8(json).unwrap().contains(r#""message": "R has no marble on r9; no move is legal with a 3"#));
//! ```
#![deny(missing_docs)]

pub mod annotate;
pub mod csv;
mod data;
pub mod diagnostic;
pub mod diff;
pub mod export;
pub mod input;
mod key;
pub mod play;
pub mod report;
mod rows;
pub mod rules;
pub mod select;
pub mod validate;

pub use report::{ErrorEntry, Report};
pub use rules::{RulePolicy, RuleSet};
