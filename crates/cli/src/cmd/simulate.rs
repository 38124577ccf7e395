//! `billes simulate`: random legal games in canonical notation.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use billes_core::{Rng, SimOptions};
use billes_notation::{write_game, Tag};

use super::{INVALID, OK};
use crate::cli::SimulateArgs;

pub fn run(args: &SimulateArgs) -> anyhow::Result<u8> {
    let Some(kind) = billes_core::registry::named(&args.game) else {
        bail!(
            "unknown game \"{}\" (expected {})",
            args.game,
            billes_core::registry::list(" or ")
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
    let Some(policy) = args.rules.policy()? else {
        return Ok(INVALID);
    };
    let rules = policy.resolver().rule_set_of(kind)?;
    let variant = match rules.variant() {
        Some(v) => Some((v, rules_tag(v.source(), args.output.as_deref())?)),
        None => None,
    };
    let mut rng = Rng::new(args.seed);
    let mut records = Vec::new();
    let stdout = io::stdout();
    let mut locked;
    let out: &mut dyn Write = match args.output {
        Some(_) => &mut records,
        None => {
            locked = stdout.lock();
            &mut locked
        }
    };
    for round in 1..=args.games {
        let simulated = match &variant {
            Some((v, _)) => v.simulate(&options, &mut rng),
            None => billes_core::simulate(kind, &options, &mut rng),
        };
        let mut game = match simulated {
            Ok(g) => g,
            Err(message) => bail!("cannot simulate {kind}: {message}"),
        };
        if let Some((_, tag)) = &variant {
            if let Some(t) = game.tags.iter_mut().find(|t| t.name == "Rules") {
                t.value.clone_from(tag);
            }
        }
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
    if let Some(path) = &args.output {
        crate::output::write_atomically(path, &records)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(OK)
}

/// What the records' `Rules` tag says for the variant `source`: a shipped
/// variant by its name; a script by its path relative to the folder the
/// records go to, so that `billes validate` finds it from there (a Rules
/// tag may only name a script inside the record's own folder tree). The
/// folder is `output`'s, else that of the file stdout is redirected to,
/// else the current folder (a pipe or a terminal: `billes validate -`
/// looks scripts up from there). A script outside that folder is refused
/// with a hint, rather than written as a path that breaks.
pub(crate) fn rules_tag(
    source: &billes_lua::VariantSource,
    output: Option<&Path>,
) -> anyhow::Result<String> {
    if let Some(name) = source.shipped_name() {
        return Ok(name.to_string());
    }
    let script = match source.file() {
        Some(f) => f.to_path_buf(),
        None => return Ok(source.chunk().to_string()),
    };
    let (folder, what) = match output {
        Some(file) => (folder_of(file), format!("{}", file.display())),
        None => match stdout_file() {
            Some(file) => (folder_of(&file), format!("{}", file.display())),
            None => (PathBuf::from("."), "the current folder".to_string()),
        },
    };
    let base = std::fs::canonicalize(&folder)
        .with_context(|| format!("cannot find the folder {}", folder.display()))?;
    match script.strip_prefix(&base) {
        Ok(relative) => Ok(relative
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/")),
        Err(_) => bail!(
            "the records' Rules tag cannot name {} from {what}: a Rules tag may only name a \
             script inside the record's own folder\n\
             hint: copy the script into the folder the records go to (and give --output FILE \
             there), or write the records anywhere and check them with \
             `billes validate --rules {} FILE`",
            source.chunk(),
            source.chunk()
        ),
    }
}

/// The folder of a file (`.` for a bare name).
fn folder_of(file: &Path) -> PathBuf {
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The regular file stdout is redirected to, where the system says
/// (`/proc/self/fd/1` on Linux); `None` for a pipe or a terminal.
fn stdout_file() -> Option<PathBuf> {
    let path = std::fs::read_link("/proc/self/fd/1").ok()?;
    std::fs::metadata(&path)
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map(|_| path)
}
