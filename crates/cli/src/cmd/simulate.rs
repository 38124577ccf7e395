//! `billes simulate`: random legal games in canonical notation.

use std::io::{self, Write};

use anyhow::bail;
use billes_core::{GameKind, Rng, SimOptions};
use billes_notation::{write_game, Tag};

use super::OK;
use crate::cli::SimulateArgs;

pub fn run(args: &SimulateArgs) -> anyhow::Result<u8> {
    let Some(kind) = GameKind::from_name(&args.game) else {
        bail!(
            "unknown game \"{}\" (expected {})",
            args.game,
            GameKind::list(" or ")
        );
    };
    let teams = args.teams.as_ref().map(|t| {
        t.replace(',', " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    });
    // The teams name the seats in play: --players is then derived from
    // them, and a --players that says otherwise is refused.
    let team_seats = teams
        .as_ref()
        .map(|t| t.split([' ', '+']).filter(|s| !s.is_empty()).count());
    let players = match (args.players, team_seats) {
        (Some(p), Some(n)) if p != n => bail!(
            "--players {p} contradicts --teams {} ({n} seats): give one or make them agree",
            args.teams.as_deref().unwrap_or_default()
        ),
        (_, Some(n)) => n,
        (Some(p), None) => p,
        (None, None) => 2,
    };
    let options = SimOptions {
        players,
        teams,
        max_turns: args.max_turns,
    };
    if args.rules.rules_dir.is_some() {
        anyhow::bail!("--rules-dir is for the Rules tags of records read; simulate reads none");
    }
    let variant = match args.rules.source()? {
        Some(source) => {
            let v = billes_lua::Variant::load(&source)?;
            if v.game() != kind {
                bail!("variant {} is for {}, not {kind}", v.name(), v.game());
            }
            Some(v)
        }
        None => None,
    };
    let mut rng = Rng::new(args.seed);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for round in 1..=args.games {
        let simulated = match &variant {
            Some(v) => v.simulate(&options, &mut rng),
            None => billes_core::simulate(kind, &options, &mut rng),
        };
        let mut game = match simulated {
            Ok(g) => g,
            Err(message) => bail!("cannot simulate {kind}: {message}"),
        };
        let extra = [
            ("Event", "billes simulate".to_string()),
            ("Round", round.to_string()),
            ("Seed", args.seed.to_string()),
        ];
        for (i, (name, value)) in extra.into_iter().enumerate() {
            game.tags.insert(
                (1 + i).min(game.tags.len()),
                Tag {
                    name: name.to_string(),
                    value,
                    span: Default::default(),
                },
            );
        }
        if round > 1 {
            writeln!(out)?;
        }
        out.write_all(write_game(&game).as_bytes())?;
    }
    out.flush()?;
    Ok(OK)
}
