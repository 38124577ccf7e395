//! `billes rules`: list, show and check the variants.

use std::io::{self, Write};
use std::rc::Rc;

use anyhow::Context;
use billes_archive::RulePolicy;
use billes_core::{Engine, GameKind, Rng, SimOptions};
use billes_lua::{Variant, SHIPPED};
use clap::{Args, Subcommand};

use super::{INVALID, OK};

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
    /// Load a variant script and play random games under it, replaying each;
    /// fails when most games hit the turn limit unfinished
    Check {
        /// A .lua file (or a shipped variant)
        rules: String,
        /// Number of games to simulate
        #[arg(long, default_value_t = 200)]
        games: usize,
        /// Seed of the random generator
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Print the problems only, not the summary
        #[arg(long, short = 'q')]
        quiet: bool,
    },
}

/// `billes rules`: the exit code.
pub fn run(args: &RulesArgs) -> anyhow::Result<u8> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match &args.command {
        RulesCommand::List => list(&mut out),
        RulesCommand::Show { rules } => show(&mut out, rules),
        RulesCommand::Check {
            rules,
            games,
            seed,
            quiet,
        } => check(&mut out, rules, *games, *seed, *quiet),
    }
}

/// `rules list`: each shipped variant, its game and its description.
fn list(out: &mut impl Write) -> anyhow::Result<u8> {
    let variants = SHIPPED
        .iter()
        .map(|(name, _)| Ok((*name, load(name)?)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    // Columns as wide as their longest entry (at least the widths the
    // list had with the first games' names).
    let name_width = variants
        .iter()
        .map(|v| v.0.len())
        .max()
        .unwrap_or(0)
        .max(16);
    let game_width = variants
        .iter()
        .map(|v| v.1.game().name().len())
        .max()
        .unwrap_or(0)
        .max(12);
    for (name, v) in &variants {
        writeln!(
            out,
            "{name:<name_width$} {:<game_width$} {}",
            v.game().name(),
            v.description()
        )?;
    }
    Ok(OK)
}

/// `rules show`: the variant `rules` names, its game, parameters and
/// hooks.
fn show(out: &mut impl Write, rules: &str) -> anyhow::Result<u8> {
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

/// `rules check`: `games` random games played under the variant `rules`
/// names (from `seed`) and each replayed; a variant under which most games
/// cannot finish is refused.
fn check(
    out: &mut impl Write,
    rules: &str,
    games: usize,
    seed: u64,
    quiet: bool,
) -> anyhow::Result<u8> {
    let v = match load(rules) {
        Ok(v) => v,
        Err(e) => {
            writeln!(out, "error: {e:#}")?;
            return Ok(INVALID);
        }
    };
    let configs = configs(v.game());
    let Some((turns, won)) = play_and_replay(out, &v, &configs, games, seed)? else {
        return Ok(INVALID);
    };
    // A game that is not won stopped at the turn limit: a variant
    // under which most games cannot finish is broken.
    let unfinished = games - won;
    let limit = configs.first().map_or(0, |c| c.max_turns);
    if unfinished * 2 > games {
        writeln!(
            out,
            "error: {unfinished} of {games} games hit the turn limit ({limit} turns) unfinished: \
             under this variant most games cannot end (does a hook forbid too much?)"
        )?;
        return Ok(INVALID);
    }
    if quiet {
        return Ok(OK);
    }
    if unfinished > 0 {
        writeln!(
            out,
            "warning: {unfinished} of {games} games hit the turn limit ({limit} turns) unfinished"
        )?;
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

/// Plays `games` random games under the variant `v` (from `seed`, the
/// seatings of `configs` in turn), each written and replayed: the turns
/// played and the games won; `None` once one fails (said on `out`).
fn play_and_replay(
    out: &mut impl Write,
    v: &Variant,
    configs: &[SimOptions],
    games: usize,
    seed: u64,
) -> anyhow::Result<Option<(u64, usize)>> {
    let mut rng = Rng::new(seed);
    let (mut turns, mut won) = (0u64, 0usize);
    for i in 0..games {
        let options = &configs[i % configs.len()];
        let game = match v.simulate(options, &mut rng) {
            Ok(g) => g,
            Err(e) => {
                writeln!(out, "error: game {} ({}): {e}", i + 1, describe(options))?;
                return Ok(None);
            }
        };
        let text = game.to_string();
        let parsed = billes_notation::parse_game(&text)
            .with_context(|| format!("simulated game {} does not parse", i + 1))?;
        match v.replay(&parsed, &mut |_| std::ops::ControlFlow::Continue(())) {
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
                return Ok(None);
            }
        }
    }
    Ok(Some((turns, won)))
}

/// The variant `rules` names, as `--rules` reads it.
fn load(rules: &str) -> anyhow::Result<Rc<Variant>> {
    RulePolicy::from_option(Some(rules))?
        .resolver()
        .forced_variant()?
        .with_context(|| "\"standard\" is the games' own rules, not a variant")
}

/// The seatings `rules check` cycles through for a game.
fn configs(game: GameKind) -> Vec<SimOptions> {
    let o = |players: usize, teams: Option<&str>| SimOptions {
        players,
        teams: teams.map(str::to_string),
        max_turns: 3000,
    };
    let seatings =
        billes_core::with_standard!(game, r => billes_core::registry::GameRules::seatings(r));
    seatings
        .iter()
        .map(|&(players, teams)| o(players, teams))
        .collect()
}

fn describe(o: &SimOptions) -> String {
    match &o.teams {
        Some(t) => format!("teams {t}"),
        None => format!("{} players", o.players),
    }
}
