//! Reading archives into the tables of a tournament: each game checked by
//! `billes validate`'s pipeline (its checked reader, its caps, its rules),
//! placed ([`billes_core::placing`]) and scored ([`crate::points`]).
//!
//! A game is left out, with its reason, when it cannot be read, when a
//! seat has no name tag (`Red "Ann"`: the tag named after the seat's
//! colour), when one name sits at two seats, and, by default, when it is
//! invalid. With [`Invalid::Count`] an invalid game counts with the places
//! of the position before its first mistake, adjudicated by progress,
//! marked with that mistake.

use std::path::PathBuf;

use billes_archive::input::Found;
use billes_archive::rules::{Place, Resolver};
use billes_archive::validate::{self, Outcome};
use billes_archive::{RulePolicy, RuleSet};
use billes_core::placing::{self, GameEnd};
use billes_core::ReplayError;
use billes_lua::tournament::TournamentRules;
use billes_notation::Game;

use crate::points::Points;
use crate::table::{LeftOut, Sitting, Table};

/// What to do with an invalid game.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Invalid {
    /// Leave it out, listed with its first mistake (the default).
    #[default]
    LeaveOut,
    /// Count it, placed as the position before its first mistake stands.
    Count,
}

/// How archives are read into tables.
#[derive(Debug, Default)]
pub struct Options {
    /// The rules each record is played under.
    pub rules: RulePolicy,
    /// The points of each place.
    pub points: Points,
    /// What to do with invalid games.
    pub invalid: Invalid,
    /// The organiser's count of progress, if any (else the game's).
    pub progress: Option<TournamentRules>,
    /// Worker threads.
    pub jobs: usize,
    /// Keep each counted game's record, for its viewer page.
    pub keep_records: bool,
}

/// A counted game's record, kept for its viewer page.
#[derive(Debug)]
pub struct Record {
    /// The game.
    pub game: Game,
    /// The file's name, as errors say it.
    pub file: String,
    /// The file's path (`None`: standard input).
    pub path: Option<PathBuf>,
    /// Its number in the file.
    pub index: usize,
    /// Main-line turns played (0 for an invalid game).
    pub turns: u32,
}

impl Record {
    /// The rules the record is played under, as `validate` chose them: its
    /// `Rules` tag read from its file's folder.
    ///
    /// # Errors
    /// As [`Resolver::rule_set`].
    pub fn rule_set(&self, resolver: &Resolver) -> Result<RuleSet, ReplayError> {
        let dir = self.path.as_deref().and_then(std::path::Path::parent);
        resolver.rule_set(&Place::dir(dir).game(&self.file, self.index), &self.game)
    }

    /// The record of the game `table` among `records`.
    pub fn of<'r>(records: &'r [Record], table: &Table) -> Option<&'r Record> {
        records
            .iter()
            .find(|r| r.file == table.file && r.index == table.game)
    }
}

/// The games read.
#[derive(Debug, Default)]
pub struct Read {
    /// The games counted, in input order.
    pub tables: Vec<Table>,
    /// Their records, when [`Options::keep_records`] asked (same order).
    pub records: Vec<Record>,
    /// The games left out.
    pub left_out: Vec<LeftOut>,
    /// Games found, counted or not.
    pub games: usize,
    /// Inputs that could not be read (a path missing, a file unreadable):
    /// also in [`Read::left_out`], and an I/O error for the verbs.
    pub unreadable: usize,
}

/// An error that stops the standings: the organiser's rules file failed.
#[derive(Debug, thiserror::Error)]
#[error("{message} (game {game} of {file})")]
pub struct ReadError {
    /// The file of the game it failed on.
    pub file: String,
    /// The game's number in it.
    pub game: usize,
    /// What the script said.
    pub message: String,
    /// Whether the wall-clock guard stopped it (no verdict on the script:
    /// the run could not do its work) rather than its own fault.
    pub guard: bool,
}

/// Reads the games of `found` (see
/// [`expand_in_order`](billes_archive::input::expand_in_order)), `seen`
/// told of each outcome as it comes (for a progress bar).
///
/// # Errors
/// When the organiser's rules file fails on a game.
pub fn read(
    found: Vec<Found>,
    options: &Options,
    seen: &mut dyn FnMut(&Outcome),
) -> Result<Read, ReadError> {
    let settings = validate::Settings {
        rules: options.rules.clone(),
        by_event: true,
        keep: true,
        ends: true,
        ..validate::Settings::default()
    };
    let mut read = Read::default();
    validate::run(found, options.jobs.max(1), &settings, &mut |mut outcome| {
        seen(&outcome);
        accept(&mut outcome, options, &mut read)
    })?;
    Ok(read)
}

/// Takes one outcome of the pipeline into `read`.
fn accept(outcome: &mut Outcome, options: &Options, read: &mut Read) -> Result<(), ReadError> {
    let file = outcome.file().to_string();
    let Some(index) = outcome.game() else {
        if let Some(e) = outcome.error() {
            read.unreadable += usize::from(e.kind == "io");
            read.left_out.push(LeftOut {
                file,
                game: None,
                event: None,
                reason: e.message.clone(),
            });
        }
        return Ok(());
    };
    read.games += 1;
    let kept = outcome.take_kept();
    let game = kept.as_ref().and_then(|k| k.game.as_ref());
    let event = game.and_then(|g| g.tag("Event")).map(str::to_string);
    let leave = |reason: String| LeftOut {
        file: file.clone(),
        game: Some(index),
        event: event.clone(),
        reason,
    };
    let mistake = outcome.error().map(|e| match e.line {
        Some(line) => format!("line {line}: {}", e.message),
        None => e.message.clone(),
    });
    if outcome.stopped() {
        read.left_out.push(leave(format!(
            "no verdict: {}",
            mistake.unwrap_or_default()
        )));
        return Ok(());
    }
    if let Some(m) = &mistake {
        if options.invalid == Invalid::LeaveOut {
            read.left_out.push(leave(format!("invalid: {m}")));
            return Ok(());
        }
    }
    let (Some(kept), Some(game)) = (kept.as_ref(), game) else {
        read.left_out
            .push(leave(mistake.unwrap_or_else(|| "cannot be read".into())));
        return Ok(());
    };
    let Some(end) = kept.end.as_ref() else {
        let why = mistake.unwrap_or_else(|| "its tags set up no position".into());
        read.left_out.push(leave(format!("no position: {why}")));
        return Ok(());
    };
    let table = match table(game, end, &file, index, options) {
        Ok(Ok(t)) => t,
        Ok(Err(reason)) => {
            read.left_out.push(leave(reason));
            return Ok(());
        }
        Err(e) => {
            return Err(ReadError {
                file,
                game: index,
                message: e.to_string(),
                guard: matches!(e, billes_lua::VariantError::TimeGuard { .. }),
            })
        }
    };
    let invalid = mistake;
    if options.keep_records {
        read.records.push(Record {
            game: game.clone(),
            file: file.clone(),
            path: outcome.path().map(PathBuf::from),
            index,
            turns: kept.summary.as_ref().map_or(0, |s| s.turns),
        });
    }
    read.tables.push(Table { invalid, ..table });
    Ok(())
}

/// The name tag of a seat: its colour's name, capitalised (`Red`).
pub fn name_tag(seat: &str) -> Option<String> {
    let colour = billes_core::drawing::seat_colour(seat)?;
    let mut c = colour.chars();
    let first = c.next()?;
    Some(first.to_uppercase().chain(c).collect())
}

/// The table of `game`, which ended as `end`: `Ok(Err(reason))` when it is
/// left out, `Err` when the organiser's rules failed on it.
fn table(
    game: &Game,
    end: &GameEnd,
    file: &str,
    index: usize,
    options: &Options,
) -> Result<Result<Table, String>, billes_lua::VariantError> {
    let kind = game.tag("Game").unwrap_or_default().to_string();
    let progress = match &options.progress {
        Some(rules) => rules.progress(&kind, end)?,
        None => end.seats.iter().map(|s| s.progress).collect(),
    };
    let placings = placing::place(end, &progress);
    let mut players = Vec::with_capacity(end.seats.len());
    for s in &end.seats {
        let seat = s.seat.as_str();
        let Some(tag) = name_tag(seat) else {
            return Ok(Err(format!(
                "seat {seat} has no colour whose tag would name its player"
            )));
        };
        let Some(name) = game.tag(&tag).map(str::trim).filter(|n| !n.is_empty()) else {
            return Ok(Err(format!(
                "seat {seat} has no {tag} tag naming its player"
            )));
        };
        if players.iter().any(|p: &Sitting| p.player == name) {
            return Ok(Err(format!("{name} sits at two seats")));
        }
        let p = placings.seats.iter().find(|p| p.seat == s.seat);
        players.push(Sitting {
            seat: seat.to_string(),
            player: name.to_string(),
            place: p.map_or(0, |p| p.place),
            finished: p.is_some_and(|p| p.finished),
            progress: p.map_or(0, |p| p.progress),
            points: 0.0,
        });
    }
    let places: Vec<u32> = players.iter().map(|p| p.place).collect();
    for (p, points) in players.iter_mut().zip(options.points.of(&places)) {
        p.points = points;
    }
    Ok(Ok(Table {
        file: file.to_string(),
        game: index,
        kind,
        event: game.tag("Event").unwrap_or_default().to_string(),
        round: game.tag("Round").map(str::to_string),
        table: game.tag("Table").map(str::to_string),
        date: game.tag("Date").map(str::to_string),
        termination: game.tag("Termination").map(str::to_string),
        teams: teams(end),
        players,
        adjudicated: placings.adjudicated,
        invalid: None,
        viewer: None,
    }))
}

/// The teams of the game that ended as `end`, as indexes into `players`
/// (which are in the order of its seats).
fn teams(end: &GameEnd) -> Vec<Vec<usize>> {
    end.teams
        .iter()
        .map(|team| {
            team.iter()
                .filter_map(|seat| end.seats.iter().position(|s| s.seat == *seat))
                .collect()
        })
        .collect()
}
