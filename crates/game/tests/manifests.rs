//! What the game API and the games' crates may depend on, read from their
//! manifests. A game's crate depends on the game API (`billes-game`), the
//! notation (`billes-notation`) and third-party crates only, in every
//! section of its manifest: never on what lists, drives, draws or analyses
//! the games (`billes-core`, `billes-render`, `billes-analysis`...), whose
//! traits it implements from the game API instead (a dev-dependency on
//! `billes-core` would also build the game twice in its own tests, the
//! core's copy of its types not being the tests'). The game API depends on
//! the notation alone of the workspace's crates, its dev-dependencies aside
//! (the examples of its docs play the games through `billes-core`).
//!
//! The games are the workspace's crates `billes-core`'s manifest depends on
//! besides those two, so a new game's crate is checked without a change
//! here.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The workspace's crates that a game's crate may depend on.
const ALLOWED: [&str; 2] = ["billes-game", "billes-notation"];

/// The dependencies of a manifest as `(section, name)`: the entries of
/// every section whose name ends in `dependencies` (`[dependencies]`,
/// `[dev-dependencies]`, `[target.'cfg(unix)'.dependencies]`...), and
/// the tables `[dependencies.NAME]`.
fn dependencies(manifest: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut section: Option<String> = None;
    for line in manifest.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(header) = line.strip_prefix('[') {
            let header = header.trim_end_matches(']').trim();
            section = None;
            if header.ends_with("dependencies") {
                section = Some(header.to_string());
            } else if let Some((table, name)) = header.rsplit_once('.') {
                if table.ends_with("dependencies") {
                    found.push((table.to_string(), name.trim_matches('"').to_string()));
                }
            }
            continue;
        }
        if let Some(section) = &section {
            let name: String = line
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            if !name.is_empty() {
                found.push((section.clone(), name));
            }
        }
    }
    found
}

/// The package name of a manifest.
fn package_name(manifest: &str) -> Option<String> {
    manifest.lines().find_map(|l| {
        let value = l.trim().strip_prefix("name = ")?;
        Some(value.trim_matches('"').to_string())
    })
}

/// The workspace's crates: package name -> manifest text.
fn workspace_crates() -> BTreeMap<String, (PathBuf, String)> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = BTreeMap::new();
    for entry in std::fs::read_dir(&crates).expect("crates folder") {
        let path = entry.expect("an entry").path().join("Cargo.toml");
        let Ok(manifest) = std::fs::read_to_string(&path) else {
            continue;
        };
        let name = package_name(&manifest).expect("a package name");
        found.insert(name, (path, manifest));
    }
    found
}

/// The games' crates: those of the workspace `billes-core` depends on,
/// but the game API and the notation.
fn games(crates: &BTreeMap<String, (PathBuf, String)>) -> Vec<String> {
    let core = &crates.get("billes-core").expect("billes-core").1;
    dependencies(core)
        .into_iter()
        .filter(|(section, name)| {
            section == "dependencies"
                && crates.contains_key(name)
                && !ALLOWED.contains(&name.as_str())
        })
        .map(|(_, name)| name)
        .collect()
}

#[test]
fn a_game_s_crate_depends_on_the_game_api_and_the_notation_alone() {
    let crates = workspace_crates();
    let games = games(&crates);
    for name in ["billes-aggravation", "billes-barricade", "billes-offboard"] {
        assert!(
            games.iter().any(|g| g == name),
            "{name} not among {games:?}"
        );
    }
    let mut wrong = Vec::new();
    for game in &games {
        let (path, manifest) = &crates[game];
        for (section, name) in dependencies(manifest) {
            if crates.contains_key(&name) && !ALLOWED.contains(&name.as_str()) {
                wrong.push(format!("{}: [{section}] {name}", path.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "a game's crate depends on the game API and the notation alone:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_game_api_depends_on_the_notation_alone() {
    let crates = workspace_crates();
    let (path, manifest) = &crates["billes-game"];
    let wrong: Vec<String> = dependencies(manifest)
        .into_iter()
        .filter(|(section, name)| {
            !section.ends_with("dev-dependencies")
                && crates.contains_key(name)
                && name != "billes-notation"
        })
        .map(|(section, name)| format!("[{section}] {name}"))
        .collect();
    assert!(wrong.is_empty(), "{}: {wrong:?}", path.display());
}

#[test]
fn every_section_of_a_manifest_is_read() {
    let manifest = "[package]\nname = \"billes-race\"\n\n[dependencies]\n\
                    billes-game.workspace = true\nserde = { workspace = true, features = [\n  \"derive\",\n] }\n\n\
                    [dev-dependencies]\n# a comment\nbilles-core.workspace = true\n\n\
                    [target.'cfg(unix)'.dependencies]\nbilles-render = { path = \"../render\" }\n\n\
                    [dependencies.billes-analysis]\npath = \"../analysis\"\n\n[[bench]]\nname = \"race\"\n";
    let found = dependencies(manifest);
    let names: Vec<&str> = found.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "billes-game",
            "serde",
            "billes-core",
            "billes-render",
            "billes-analysis"
        ]
    );
    assert_eq!(found[2].0, "dev-dependencies");
    assert_eq!(found[3].0, "target.'cfg(unix)'.dependencies");
    assert_eq!(package_name(manifest).as_deref(), Some("billes-race"));
}
