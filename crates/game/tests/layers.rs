//! The modules of the crate import only from their own layer and those
//! below it, in the order the crate's docs write down (`src/lib.rs`,
//! "Layers"). Every `crate::` path of a file counts (a `use` line or a
//! path in code), comments and the file's `#[cfg(test)]` module aside; a
//! name `lib.rs` re-exports counts in the module that defines it, or in
//! the crate it comes from (`pub use billes_game::{...}`), which then
//! stands in the list too. `billes-core`'s tests run this file on its own
//! crate and list.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers of `src/lib.rs`'s "Layers" list: module name -> its rank.
fn layers(lib: &str) -> BTreeMap<String, usize> {
    let mut rank = BTreeMap::new();
    let mut in_list = false;
    for line in lib.lines() {
        let Some(doc) = line.strip_prefix("//!") else {
            continue;
        };
        let doc = doc.trim();
        if doc == "# Layers" {
            in_list = true;
            continue;
        }
        if !in_list {
            continue;
        }
        let Some((number, rest)) = doc.split_once(". ") else {
            continue;
        };
        let Ok(number) = number.parse::<usize>() else {
            continue;
        };
        let names = rest.split(':').next().unwrap_or_default();
        for name in names.split(',') {
            rank.insert(name.trim().trim_matches('`').to_string(), number);
        }
    }
    rank
}

/// The code of `text`: comment lines and the `#[cfg(test)]` module (and
/// what follows it) left out.
fn code(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if line.starts_with("#[cfg(test)]") {
            break;
        }
        if line.trim_start().starts_with("//") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The first segments of the `crate::` paths of `code`: `crate::game::X`
/// gives `game`, `crate::{ReplayError, game::Move}` gives `ReplayError`
/// and `game`. A macro's `$crate::` is its caller's, not counted.
fn crate_paths(code: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let before = code[..i].chars().last();
        if before.is_some_and(|c| c == '$' || c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or_default();
            for item in group.split(',') {
                let name = ident(item.trim());
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

/// The module each name `lib.rs` re-exports or defines comes from.
fn origins(lib: &str) -> BTreeMap<String, String> {
    let mut origin = BTreeMap::new();
    let code = code(lib);
    for statement in code.split(';') {
        let statement = statement.trim();
        if let Some(path) = statement.strip_prefix("pub use ") {
            let Some((module, names)) = path.split_once("::") else {
                continue;
            };
            let names = names.trim_start_matches('{').trim_end_matches('}');
            for name in names.split(',') {
                let name = name.trim();
                if !name.is_empty() {
                    origin.insert(name.to_string(), module.to_string());
                }
            }
        }
    }
    for line in code.lines() {
        let line = line.trim_start();
        for head in [
            "pub fn ",
            "pub struct ",
            "pub enum ",
            "pub trait ",
            "pub const ",
            "macro_rules! ",
        ] {
            if let Some(rest) = line.strip_prefix(head) {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                origin.insert(name, "lib".to_string());
            }
        }
    }
    origin
}

/// Every `(from, to)` import of the crate's modules that runs up a layer.
fn imports_up(src: &Path) -> Vec<(String, String)> {
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs");
    let rank = layers(&lib);
    let origin = origins(&lib);
    let mut files = Vec::new();
    for entry in std::fs::read_dir(src).expect("src") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            for inner in std::fs::read_dir(&path).expect("a game's folder") {
                files.push(inner.expect("an entry").path());
            }
        } else {
            files.push(path);
        }
    }
    let mut up = BTreeSet::new();
    for file in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "rs"))
    {
        let relative = file.strip_prefix(src).expect("under src");
        let first = relative.iter().next().expect("a name");
        let module = first.to_string_lossy().trim_end_matches(".rs").to_string();
        let from = rank
            .get(&module)
            .unwrap_or_else(|| panic!("module {module} is in no layer of lib.rs"));
        let text = std::fs::read_to_string(file).expect("a source file");
        for name in crate_paths(&code(&text)) {
            let to = if rank.contains_key(&name) {
                name
            } else {
                match origin.get(&name) {
                    Some(m) => m.clone(),
                    None => continue,
                }
            };
            if to != module && rank[&to] > *from {
                up.insert((module.clone(), to));
            }
        }
    }
    up.into_iter().collect()
}

#[test]
fn modules_import_only_their_own_layer_and_those_below() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let up = imports_up(&src);
    assert!(
        up.is_empty(),
        "imports from a layer above (see src/lib.rs, Layers): {up:?}"
    );
}

#[test]
fn an_import_from_above_is_seen() {
    let lib = "//! # Layers\n//!\n//! 1. `low`: below\n//! 2. `high`: above\n\
               pub use high::{Thing, Other};\n";
    assert_eq!(layers(lib)["high"], 2);
    assert_eq!(origins(lib)["Other"], "high");
    let paths = crate_paths(&code(
        "use crate::{Thing, low::X};\n// crate::ignored\nfn f() { crate::high::g(); $crate::no::h(); }\n",
    ));
    let expected: BTreeSet<String> = ["Thing", "high", "low"].map(String::from).into();
    assert_eq!(paths, expected);
}
