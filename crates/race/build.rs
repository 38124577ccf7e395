//! Lists the shipped race games, the folders of `games/` at the
//! workspace's root, for `table.rs` to build into the binary: a game is
//! shipped by adding its folder, and no game's name is written in code.

use std::path::Path;

fn main() {
    // The folder of the crate being built, read when the script runs: a
    // script compiled for one checkout may be run for another that shares
    // its target folder, and the path built into it would name the first.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let games = Path::new(&manifest).join("../../games");
    println!("cargo:rerun-if-changed={}", games.display());
    let mut found: Vec<(String, String)> = Vec::new();
    if let Ok(dir) = std::fs::read_dir(&games) {
        for entry in dir.flatten() {
            let yaml = entry.path().join("game.yaml");
            if yaml.is_file() {
                println!("cargo:rerun-if-changed={}", yaml.display());
                let name = entry.file_name().to_string_lossy().into_owned();
                let path = yaml.canonicalize().unwrap_or(yaml);
                found.push((name, path.display().to_string()));
            }
        }
    }
    found.sort();
    let mut out = String::from("&[\n");
    for (name, path) in found {
        out.push_str(&format!(
            "    ({:?}, include_str!({:?})),\n",
            format!("games/{name}/game.yaml"),
            path
        ));
    }
    out.push_str("]\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("shipped.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
