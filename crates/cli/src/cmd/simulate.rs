//! `billes simulate`: random legal games in canonical notation.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use billes_archive::RuleSet;
use billes_core::{GameKind, Rng, SimOptions};
use billes_notation::{control_pictures, write_game, Game, Tag};

use super::{INVALID, OK};
use crate::cli::SimulateArgs;

/// `billes simulate`: the exit code.
pub fn run(args: &SimulateArgs) -> anyhow::Result<u8> {
    let Some(policy) = args.rules.policy()? else {
        return Ok(INVALID);
    };
    let plan = match &args.headers {
        Some(path) => from_headers(path)?,
        None => from_options(args)?,
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
    // The rules of each game played, and the Rules tag a variant writes.
    let mut made: Vec<(GameKind, RuleSet, Option<String>)> = Vec::new();
    for (round, planned) in plan.iter().enumerate() {
        let kind = planned.kind;
        if !made.iter().any(|(k, ..)| *k == kind) {
            let rules = policy.resolver().rule_set_of(kind)?;
            let tag = match rules.variant() {
                Some(v) => Some(rules_tag(v.source(), args.output.as_deref())?),
                None => None,
            };
            made.push((kind, rules, tag));
        }
        let variant = made
            .iter()
            .find(|(k, ..)| *k == kind)
            .and_then(|(_, rules, tag)| Some((rules.variant()?, tag.as_ref()?)));
        let options = SimOptions {
            players: planned.players,
            teams: planned.teams.clone(),
            max_turns: args.max_turns,
        };
        let simulated = match variant {
            Some((v, _)) => v.simulate(&options, &mut rng),
            None => billes_core::simulate(kind, &options, &mut rng),
        };
        let mut game = match simulated {
            Ok(g) => g,
            Err(message) => bail!("cannot simulate {kind}: {message}"),
        };
        if let Some((_, tag)) = variant {
            if let Some(t) = game.tags.iter_mut().find(|t| t.name == "Rules") {
                t.value.clone_from(tag);
            }
        }
        match &planned.header {
            Some(header) => keep_header(&mut game, header)?,
            None => {
                let extra = [
                    ("Event", "billes simulate".to_string()),
                    ("Round", (round + 1).to_string()),
                    ("Seed", args.seed.to_string()),
                ];
                for (i, (name, value)) in extra.into_iter().enumerate() {
                    game.tags
                        .insert((1 + i).min(game.tags.len()), tag(name, value));
                }
            }
        }
        if round > 0 {
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

/// A game to simulate: its game, its seats and teams, and the header whose
/// tags it keeps (`--headers`).
struct Planned {
    kind: GameKind,
    players: usize,
    teams: Option<String>,
    header: Option<Game>,
}

/// A tag.
fn tag(name: &str, value: String) -> Tag {
    Tag {
        name: name.to_string(),
        value,
        span: Default::default(),
    }
}

/// The games `--game`, `--players`, `--teams` and `--games` ask for.
fn from_options(args: &SimulateArgs) -> anyhow::Result<Vec<Planned>> {
    let name = args.game.as_deref().unwrap_or_default();
    let Some(kind) = billes_core::registry::named(name) else {
        bail!(
            "unknown game \"{}\" (expected {})",
            control_pictures(name),
            billes_core::registry::list(" or ")
        );
    };
    let teams = args.teams.as_ref().map(|t| {
        t.replace(',', " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    });
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
    Ok((0..args.games)
        .map(|_| Planned {
            kind,
            players,
            teams: teams.clone(),
            header: None,
        })
        .collect())
}

/// One game for each record header of `path`: its `Game`, as many
/// players as its `Seats` (which must be the seats the game's simulator
/// seats for that many), its `Teams`.
fn from_headers(path: &Path) -> anyhow::Result<Vec<Planned>> {
    let input = billes_archive::input::Input::from_path(path);
    let name = input.name();
    let (games, errors) = billes_archive::input::read_games(&input, &name)
        .with_context(|| format!("cannot read {name}"))?;
    if let Some(e) = errors.first() {
        bail!("{}", control_pictures(e));
    }
    let mut plan = Vec::new();
    for (source, header) in games {
        let at = || format!("{name} game {}", source.index);
        let game = header.tag("Game").unwrap_or_default();
        let Some(kind) = billes_core::registry::named(game) else {
            bail!("{}: unknown game \"{}\"", at(), control_pictures(game));
        };
        let seats = billes_core::registry::seats_of(&header)
            .map_err(|e| anyhow::anyhow!("{}: {}", at(), control_pictures(&e.message)))?;
        let seats: Vec<&str> = seats.iter().map(|s| s.as_str()).collect();
        let own = billes_core::registry::seats_for(kind, seats.len());
        if own
            .as_deref()
            .map(|o| o.iter().map(String::as_str).eq(seats.iter().copied()))
            != Some(true)
        {
            bail!(
                "{}: Seats \"{}\": the simulator of {kind} seats {} players as \"{}\"",
                at(),
                control_pictures(&seats.join(" ")),
                seats.len(),
                own.map(|o| o.join(" ")).unwrap_or_default()
            );
        }
        plan.push(Planned {
            kind,
            players: seats.len(),
            teams: header.tag("Teams").map(str::to_string),
            header: Some(header),
        });
    }
    if plan.is_empty() {
        bail!("{name} has no record header");
    }
    Ok(plan)
}

/// Gives `game` the tags of `header`, in its order, keeping the game's own
/// `Result` and `Rules`; refused when the game was not played at the
/// header's seats.
fn keep_header(game: &mut Game, header: &Game) -> anyhow::Result<()> {
    if game.tag("Seats") != header.tag("Seats") {
        bail!(
            "the simulator seated {} at \"{}\", not at the header's \"{}\"",
            game.tag("Game").unwrap_or_default(),
            game.tag("Seats").unwrap_or_default(),
            control_pictures(header.tag("Seats").unwrap_or_default())
        );
    }
    let own: Vec<Tag> = game
        .tags
        .iter()
        .filter(|t| t.name == "Result" || t.name == "Rules")
        .cloned()
        .collect();
    let mut tags: Vec<Tag> = header
        .tags
        .iter()
        .filter(|t| t.name != "Result" && t.name != "Rules")
        .cloned()
        .collect();
    tags.extend(own);
    game.tags = tags;
    Ok(())
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
