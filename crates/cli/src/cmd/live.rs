//! `billes live`: the page of a round being played — every table's board
//! as it stands and the standings so far — rewritten as the records of
//! `billes play` change, for a venue screen or a stream. The page is
//! [`billes_tournament::live`]'s.

use std::path::PathBuf;
use std::time::{Duration, SystemTime};

use billes_notation::control_pictures;
use billes_tournament::standings::{Standings, TieBreak};
use clap::Args;

use super::standings::InvalidPolicy;
use super::{IO_ERROR, OK};
use crate::atomic::write_atomically;
use crate::cli::WalkArgs;

pub const HELP: &str = "\
Reads the event's records (the rounds played and the round being played, as `billes play`
writes them), and writes one page: each table of the round with its board and its players,
and the standings so far, where a game still being played counts as it stands (placed by
progress). The page reloads itself every --every seconds while a table plays, like the
viewer of `billes play --html`; no server is needed. With --watch the page is written again
each time a record changes, until every table of the round has finished (or Ctrl-C).

Examples:
  billes live examples/tournament/ --html room.html
  billes live examples/tournament/ --event \"Club night\" --round 2 --html room.html --watch";

#[derive(Debug, Args)]
pub struct LiveArgs {
    /// Files or directories of the event's records
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The page to write
    #[arg(long, value_name = "FILE")]
    pub html: PathBuf,
    /// The event shown (default: that of the last game read)
    #[arg(long, value_name = "NAME")]
    pub event: Option<String>,
    /// The round shown (default: the event's last)
    #[arg(long, value_name = "ROUND")]
    pub round: Option<String>,
    /// Rewrite the page as the records change, until the round is over
    #[arg(long)]
    pub watch: bool,
    /// Seconds between the page's reloads, and between looks at the records
    #[arg(long, value_name = "SECONDS", default_value_t = 2,
          value_parser = clap::value_parser!(u32).range(1..=3600))]
    pub every: u32,
    /// The points of each place, as `billes standings --points`
    #[arg(long, value_name = "[N:]LIST")]
    pub points: Vec<String>,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub rules: crate::rules::RulePolicyArgs,
}

/// `billes live`: the exit code.
pub fn run(args: &LiveArgs) -> anyhow::Result<u8> {
    let mut options = match super::standings::options(
        &args.rules,
        &args.points,
        InvalidPolicy::Count,
        None,
        None,
    )? {
        Ok(o) => o,
        Err(code) => return Ok(code),
    };
    options.keep_records = true;
    let mut seen = None;
    loop {
        let found = args.walk.expand(&args.paths);
        let stamp = stamp(&found);
        if seen.as_ref() != Some(&stamp) {
            seen = Some(stamp);
            let (events, read) =
                match super::standings::events(found, &options, &TieBreak::DEFAULT, &[])? {
                    Ok(e) => e,
                    Err(code) => return Ok(code),
                };
            super::standings::say_left_out(&events);
            if read.unreadable > 0 {
                return Ok(IO_ERROR);
            }
            let Some((s, round)) = shown(&events, args) else {
                errln!("billes: error: no game of that event or round");
                return Ok(IO_ERROR);
            };
            let boards = billes_tournament::live::boards(s, &round, &read.records, &options.rules);
            let page = billes_tournament::live::page(s, &round, &boards, args.every);
            write_atomically(&args.html, page.as_bytes())?;
            let playing = boards.iter().filter(|b| !b.over).count();
            errln!(
                "billes: {}: round {}, {} of {} tables playing",
                args.html.display(),
                control_pictures(&round),
                playing,
                boards.len()
            );
            if !args.watch || playing == 0 {
                return Ok(OK);
            }
        }
        std::thread::sleep(Duration::from_secs(u64::from(args.every)));
    }
}

/// The event and round to show.
fn shown<'e>(events: &'e [Standings], args: &LiveArgs) -> Option<(&'e Standings, String)> {
    let s = match &args.event {
        Some(e) => events.iter().find(|s| &s.event == e)?,
        None => events.iter().find(|s| !s.tables.is_empty())?,
    };
    let round = match &args.round {
        Some(r) => s.rounds.iter().find(|x| &x.name == r)?.name.clone(),
        None => s.rounds.last()?.name.clone(),
    };
    Some((s, round))
}

/// What tells that the records changed: each file's path, length and time
/// of change.
fn stamp(found: &[billes_archive::input::Found]) -> Vec<(PathBuf, u64, Option<SystemTime>)> {
    found
        .iter()
        .filter_map(|f| f.as_ref().ok())
        .filter_map(|i| match i {
            billes_archive::input::Input::File(p) => {
                let m = std::fs::metadata(p).ok();
                Some((
                    p.clone(),
                    m.as_ref().map_or(0, |m| m.len()),
                    m.and_then(|m| m.modified().ok()),
                ))
            }
            _ => None,
        })
        .collect()
}
