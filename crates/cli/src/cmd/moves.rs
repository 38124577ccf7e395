//! `billes moves`: the legal moves of a position, for every roll or one.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{bail, Context};
use billes_archive::diagnostic::render_replay_error;
use billes_archive::rules::{Place, Resolver};
use billes_core::game::{Move, Position, Roll};
use billes_notation::Action;
use clap::{Args, ValueEnum};
use serde::Serialize;

use super::{replay_exit, INVALID, OK};

pub const HELP: &str = "\
The moves are listed in canonical notation, grouped by roll (Offboard, without dice: one \
group, `-`). In team play, when a finished player rolls for a teammate, each move is written \
with its turn head, as in a record (`R6>G g9-g15`). A move that takes a barricade is listed \
once, then the points its barricade may go down on (`e5-e7#, then #a13 #b13 ... (85 points)`); \
`--format json` lists each whole (`e5-e7# #a13`). The seat is the one the rules call on next; before the first turn any seat \
may start, and the first in Seats order is shown.

Examples:
  billes moves examples/aggravation/four-players.bgn              # after the last turn, every roll
  billes moves examples/aggravation/four-players.bgn --at 12 --roll 6     # after turn 12, a 6
  billes moves examples/offboard/club-final.bgn --format json
  billes moves --game-kind aggravation --seats \"R G\" --position \"R:r9,r12 G:g9 move=R\"
  billes moves --game-kind offboard --rules abalone
  billes moves --game-kind barricade --seats \"R G\" --position \"R:i13,e5 G:o1 bar=i11,e3 move=R\"";

/// How `billes moves` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MovesFormat {
    /// a line per roll
    Text,
    /// one JSON document
    Json,
}

#[derive(Debug, Args)]
pub struct MovesArgs {
    /// A record file, or `-` for stdin (not with --game-kind)
    #[arg(required_unless_present = "game_kind", conflicts_with = "game_kind")]
    pub file: Option<PathBuf>,
    /// Which game of the file (1-based)
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// The position after this turn (0: the start; default: after the last turn)
    #[arg(long)]
    pub at: Option<u32>,
    /// Only this roll (1 to 6; in a game of two dice, like 5-3)
    #[arg(long)]
    pub roll: Option<Roll>,
    /// Output format
    #[arg(long, value_enum, default_value_t = MovesFormat::Text)]
    pub format: MovesFormat,
    /// A position to ask about without a record: the value of a Position tag
    #[arg(long, value_name = "TAG VALUE", requires = "game_kind")]
    pub position: Option<String>,
    // The help lists the games of the registry.
    #[arg(
        long,
        value_name = "GAME",
        help = format!(
            "{} (the start position unless --position is given)",
            crate::cli::games_help("Ask about a position without a record, of this game")
        )
    )]
    pub game_kind: Option<String>,
    /// The seats of --game-kind, as in a Seats tag ("R B G Y")
    #[arg(long, requires = "game_kind")]
    pub seats: Option<String>,
    /// The teams of --game-kind, as in a Teams tag ("R+G B+Y")
    #[arg(long, requires = "game_kind")]
    pub teams: Option<String>,
    #[command(flatten)]
    pub rules: crate::rules::RulePolicyArgs,
}

/// The JSON answer.
#[derive(Debug, Serialize)]
struct Answer {
    game: String,
    position: String,
    to_act: Option<billes_notation::Seat>,
    next: billes_core::game::Next,
    winners: Option<Vec<billes_notation::Seat>>,
    /// Roll (`1`..`6`, or `-` without dice) to the moves in notation.
    rolls: serde_json::Map<String, serde_json::Value>,
}

pub fn run(args: &MovesArgs) -> anyhow::Result<u8> {
    let Some(policy) = args.rules.policy()? else {
        return Ok(INVALID);
    };
    let resolver = policy.resolver();
    match &args.game_kind {
        Some(kind) => from_position(args, kind, &resolver),
        None => from_record(args, &resolver),
    }
}

/// `--game-kind`: the rules of the game (or `--rules`), set up from the
/// tags the options give.
fn from_position(args: &MovesArgs, kind_name: &str, resolver: &Resolver) -> anyhow::Result<u8> {
    let kind = billes_core::registry::named(kind_name).with_context(|| {
        format!(
            "unknown game \"{kind_name}\" (expected {})",
            billes_core::registry::list(" or ")
        )
    })?;
    let rules = resolver.rule_set_of(kind)?;
    let engine = rules.engine();
    let mut tags = Vec::new();
    if let Some(value) = &args.position {
        tags.push(("Position", value.as_str()));
    }
    if let Some(seats) = &args.seats {
        tags.push(("Seats", seats.as_str()));
    }
    if let Some(teams) = &args.teams {
        tags.push(("Teams", teams.as_str()));
    }
    let pos = match engine.position(&tags) {
        Ok(pos) => pos,
        Err(e) => bail!("{}", e.message),
    };
    print(args, pos.as_ref())
}

/// A record: replays its main line up to `--at` under its rules.
fn from_record(args: &MovesArgs, resolver: &Resolver) -> anyhow::Result<u8> {
    let file = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
    let (name, source, game) = billes_archive::input::read_game(
        &billes_archive::input::Input::from_path(&file),
        args.game,
    )?;
    let turns = game.line.turns.len() as u32;
    let at = args.at.unwrap_or(turns);
    if at > turns {
        bail!("game {} has {turns} turns, not {at}", args.game);
    }
    let rules = resolver.rule_set(&Place::file(&name), &game);
    let reached = rules
        .as_ref()
        .map_err(Clone::clone)
        .and_then(|r| billes_core::position_after(r.engine(), &game, at));
    match reached {
        Ok(pos) => print(args, pos.as_ref()),
        Err(e) => {
            errln!(
                "{}",
                render_replay_error(&name, &source, &e, crate::output::stderr_color())
            );
            Ok(replay_exit(&e))
        }
    }
}

/// The rolls asked for: `--roll`, or every face; `None` without dice.
fn rolls(args: &MovesArgs, pos: &dyn Position) -> anyhow::Result<Vec<Option<Roll>>> {
    if !pos.next().dice {
        if args.roll.is_some() {
            bail!("{} has no dice: --roll does not apply", pos.game());
        }
        return Ok(vec![None]);
    }
    let dice = pos.game().dice();
    Ok(match args.roll {
        Some(r) if r.second().is_some() != (dice > 1) => {
            let example = if dice > 1 { "--roll 5-3" } else { "--roll 5" };
            bail!(
                "{} rolls {} a turn: write the roll as {example}",
                pos.game(),
                if dice > 1 { "two dice" } else { "one die" }
            )
        }
        Some(r) => vec![Some(r)],
        None => Roll::all(pos.game().dice()).into_iter().map(Some).collect(),
    })
}

fn print(args: &MovesArgs, pos: &dyn Position) -> anyhow::Result<u8> {
    let rolls = rolls(args, pos)?;
    let mut lists: Vec<(Option<Roll>, Vec<Move>)> = Vec::new();
    if !pos.is_over() {
        for roll in rolls {
            match pos.legal_moves(roll) {
                Ok(moves) => lists.push((roll, moves)),
                Err(e) => bail!("{e}"),
            }
        }
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match args.format {
        MovesFormat::Json => {
            let mut map = serde_json::Map::new();
            for (roll, moves) in &lists {
                let key = roll.map_or_else(|| "-".to_string(), |r| r.to_string());
                let list = moves.iter().map(|m| m.to_string().into()).collect();
                map.insert(key, serde_json::Value::Array(list));
            }
            let answer = Answer {
                game: pos.game().to_string(),
                position: pos.position_tag(),
                to_act: pos.to_act(),
                next: pos.next(),
                winners: pos.winners(),
                rolls: map,
            };
            // Written whole, so that a closed pipe is an io::Error.
            let text = serde_json::to_string_pretty(&answer)?;
            writeln!(out, "{text}")?;
        }
        MovesFormat::Text => {
            writeln!(out, "[Position \"{}\"]", pos.position_tag())?;
            // Over, not merely won: a game played on for the places
            // (Ludo) has a winner and more turns.
            if let Some(winners) = pos.winners().filter(|_| pos.is_over()) {
                writeln!(out, "the game is over: {} won", winners.join("+"))?;
                return Ok(OK);
            }
            let next = pos.next();
            writeln!(out, "{}", who(&next))?;
            for (roll, moves) in &lists {
                let label = roll.map_or_else(|| "-".to_string(), |r| r.to_string());
                writeln!(out, "{label}: {}", text_list(moves).join("  "))?;
            }
        }
    }
    Ok(OK)
}

/// The moves of a roll as the text output lists them. In team play (a
/// move of the list made with a teammate's pieces) each is written with
/// its turn head, as the record would (`R6>G g9-g15`); the moves that differ
/// only in where a taken barricade goes down are one entry, the move and
/// then its points (`e5-e7#, then #a13 #b13 (2 points)`).
fn text_list(moves: &[Move]) -> Vec<String> {
    let team = moves.iter().any(|m| m.mover.is_some());
    let mut entries: Vec<(String, Vec<String>)> = Vec::new();
    for m in moves {
        let (head, put_down) = match m.actions.as_slice() {
            [first @ .., Action::Barricade { at, .. }] if !first.is_empty() => {
                let mut without = m.clone();
                without.actions = first.to_vec().into();
                (without, Some(format!("#{at}")))
            }
            _ => (m.clone(), None),
        };
        let text = if team { head.turn() } else { head.to_string() };
        match (put_down, entries.last_mut()) {
            (Some(point), Some((last, points))) if *last == text && !points.is_empty() => {
                points.push(point);
            }
            (Some(point), _) => entries.push((text, vec![point])),
            (None, _) => entries.push((text, Vec::new())),
        }
    }
    entries
        .into_iter()
        .map(|(text, points)| match points.as_slice() {
            [] => text,
            [one] => format!("{text} {one}"),
            many => format!("{text}, then {} ({} points)", many.join(" "), many.len()),
        })
        .collect()
}

/// "R to roll", with what the turn involves.
fn who(next: &billes_core::game::Next) -> String {
    let seat = next.seats.first().map_or("nobody", |s| s.as_str());
    let mut text = if next.dice {
        format!("{seat} to roll")
    } else {
        format!("{seat} to move")
    };
    if next.seats.len() > 1 && next.needs.iter().all(|n| n.offer().is_none()) {
        text.push_str(&format!(" (any of {} may start)", next.seats.join(" ")));
    }
    for need in &next.needs {
        text.push_str(&need.phrase());
    }
    text
}
