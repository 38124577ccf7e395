//! `billes rules` (list, show, check the variants) and the `--rules` option
//! the other verbs share.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::OnceLock;

use anyhow::Context;
use billes_core::{Engine, GameKind, Observed, ReplayError, Rng, SimOptions, Summary};
use billes_lua::{Variant, VariantSource, SHIPPED};
use billes_notation::Game;
use clap::{Args, Subcommand};

use super::{INVALID, OK};

/// `--rules NAME|FILE`, shared by validate, replay, render and simulate.
#[derive(Debug, Clone, Args)]
pub struct RulesOption {
    /// House rules: a shipped variant (see `billes rules list`) or a .lua
    /// file; overrides the records' Rules tags
    #[arg(long, value_name = "NAME|FILE")]
    pub rules: Option<String>,
    /// Let the records' Rules tags also name .lua files inside DIR (else
    /// only shipped variants and files inside each record's own folder)
    #[arg(long, value_name = "DIR")]
    pub rules_dir: Option<PathBuf>,
}

impl RulesOption {
    /// The variant the option names (`None`: the records' own tags).
    pub fn source(&self) -> anyhow::Result<Option<VariantSource>> {
        match &self.rules {
            None => Ok(None),
            Some(value) => Ok(VariantSource::resolve(value, None)?),
        }
    }

    /// Resolves the option and makes it the variant [`replay_game`] forces.
    /// `--rules-dir` is applied too.
    pub fn force(&self) -> anyhow::Result<()> {
        if let Some(dir) = &self.rules_dir {
            if !dir.is_dir() {
                anyhow::bail!("--rules-dir {}: no such folder", dir.display());
            }
            billes_lua::set_rules_dir(dir);
        }
        let source = self.source()?;
        if let Some(s) = &source {
            // Fail early, once, on a script that does not load.
            Variant::load(s)?;
        }
        let _ = FORCED.set(source);
        Ok(())
    }
}

/// The variant `--rules` forces on every record, set once per run.
static FORCED: OnceLock<Option<VariantSource>> = OnceLock::new();

/// The folder a record's relative `Rules` path is read from: the record
/// file's own (`None`: the current folder).
fn record_dir(name: &str) -> Option<&Path> {
    Path::new(name)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
}

/// The variant `--rules` forces, if any.
fn forced() -> Option<&'static VariantSource> {
    FORCED.get().and_then(Option::as_ref)
}

/// The rules `game`, read from the file `name`, is played under: `--rules`
/// if given, else its `Rules` tag (a path in it is relative to the
/// record's folder), else the game's standard rules.
///
/// # Errors
/// An unknown variant, a script that does not load, or a record of no
/// known game.
pub fn engine(name: &str, game: &Game) -> Result<Rc<dyn Engine>, ReplayError> {
    billes_lua::engine(game, record_dir(name), forced())
}

/// Replays `game`, read from the file `name`, under `--rules` if given,
/// else its `Rules` tag (a path in it is relative to the record's folder).
/// Safe to call from several threads: each loads a variant once.
pub fn replay_game(
    name: &str,
    game: &Game,
    observe: &mut dyn FnMut(&Observed<'_>),
) -> Result<Summary, ReplayError> {
    replay_in(record_dir(name), game, observe)
}

/// Replays `game` as [`replay_game`] does, a script path in its `Rules` tag
/// being relative to `dir` (`None`: the current folder).
pub fn replay_in(
    dir: Option<&Path>,
    game: &Game,
    observe: &mut dyn FnMut(&Observed<'_>),
) -> Result<Summary, ReplayError> {
    billes_lua::replay(game, dir, forced(), observe)
}

/// Checks `game` under its rules, as [`replay_in`] does without an observer.
pub fn validate_in(dir: Option<&Path>, game: &Game) -> Result<Summary, ReplayError> {
    billes_lua::validate(game, dir, forced())
}

/// The start position of `game` under its rules, as a text board.
pub fn start_board(name: &str, game: &Game) -> Result<String, ReplayError> {
    engine(name, game)?.start_board(game)
}

/// `billes rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    #[command(subcommand)]
    pub command: RulesCommand,
}

/// What `billes rules` does.
#[derive(Debug, Subcommand)]
pub enum RulesCommand {
    /// List the shipped variants with one-line descriptions
    List,
    /// Show a variant's game, parameters and hooks
    Show {
        /// A shipped variant or a .lua file
        rules: String,
    },
    /// Load a variant script and play random games under it, replaying each
    Check {
        /// A .lua file (or a shipped variant)
        rules: String,
        /// Number of games to simulate
        #[arg(long, default_value_t = 200)]
        games: usize,
        /// Seed of the random generator
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
}

pub fn run(args: &RulesArgs) -> anyhow::Result<u8> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match &args.command {
        RulesCommand::List => {
            for (name, _) in SHIPPED {
                let v = load(name)?;
                writeln!(out, "{name:<16} {:<12} {}", v.game(), v.description())?;
            }
            Ok(OK)
        }
        RulesCommand::Show { rules } => {
            let v = load(rules)?;
            writeln!(out, "name:        {}", v.name())?;
            writeln!(out, "game:        {}", v.game())?;
            writeln!(out, "source:      {}", v.source().chunk())?;
            writeln!(out, "description: {}", v.description())?;
            writeln!(out, "parameters:")?;
            if v.params().is_empty() {
                writeln!(out, "  (none: the game's defaults)")?;
            }
            for (k, value) in v.params() {
                writeln!(out, "  {k} = {value}")?;
            }
            let hooks = v.hooks();
            if hooks.is_empty() {
                writeln!(out, "hooks:       none")?;
            } else {
                writeln!(out, "hooks:       {}", hooks.join(", "))?;
            }
            Ok(OK)
        }
        RulesCommand::Check { rules, games, seed } => {
            let v = match load(rules) {
                Ok(v) => v,
                Err(e) => {
                    writeln!(out, "error: {e:#}")?;
                    return Ok(INVALID);
                }
            };
            let mut rng = Rng::new(*seed);
            let configs = configs(v.game());
            let (mut turns, mut won) = (0u64, 0usize);
            for i in 0..*games {
                let options = &configs[i % configs.len()];
                let game = match v.simulate(options, &mut rng) {
                    Ok(g) => g,
                    Err(e) => {
                        writeln!(out, "error: game {} ({}): {e}", i + 1, describe(options))?;
                        return Ok(INVALID);
                    }
                };
                let text = game.to_string();
                let parsed = billes_notation::parse_game(&text)
                    .with_context(|| format!("simulated game {} does not parse", i + 1))?;
                match v.replay(&parsed, &mut |_| {}) {
                    Ok(summary) => {
                        turns += u64::from(summary.turns);
                        won += usize::from(summary.winners.is_some());
                    }
                    Err(e) => {
                        writeln!(
                            out,
                            "error: game {} ({}), turn {}, seat {}: {} ({})",
                            i + 1,
                            describe(options),
                            e.turn.unwrap_or(0),
                            e.seat.as_deref().unwrap_or("-"),
                            e.message,
                            e.kind.name()
                        )?;
                        return Ok(INVALID);
                    }
                }
            }
            writeln!(
                out,
                "{}: variant {} of {}, hooks: {}; {games} games simulated and replayed, {won} won, {turns} turns: ok",
                v.source().chunk(),
                v.name(),
                v.game(),
                if v.hooks().is_empty() { "none".to_string() } else { v.hooks().join(", ") }
            )?;
            Ok(OK)
        }
    }
}

fn load(rules: &str) -> anyhow::Result<Variant> {
    let source = VariantSource::resolve(rules, None)?
        .with_context(|| "\"standard\" is the games' own rules, not a variant")?;
    Ok(Variant::load(&source)?)
}

/// The seatings `rules check` cycles through for a game.
fn configs(game: GameKind) -> Vec<SimOptions> {
    let o = |players: usize, teams: Option<&str>| SimOptions {
        players,
        teams: teams.map(str::to_string),
        max_turns: 3000,
    };
    match game {
        GameKind::Aggravation => vec![
            o(2, None),
            o(4, None),
            o(4, Some("R+G B+Y")),
            o(6, Some("R+P+Y B+G+W")),
        ],
        GameKind::Barricade => vec![o(2, None), o(3, None), o(4, None)],
        GameKind::Offboard => vec![o(2, None)],
    }
}

fn describe(o: &SimOptions) -> String {
    match &o.teams {
        Some(t) => format!("teams {t}"),
        None => format!("{} players", o.players),
    }
}
