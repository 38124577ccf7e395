//! No game is named outside its own crate and the registry's list: the
//! verbs (core, Lua, analysis, archive, render, lsp, the CLI, the viewer)
//! read every game through the game API, so a fifth game changes none of
//! them.
//!
//! The check reads the code of every crate's `src/` (Rust, and the viewer's
//! JavaScript), comments and test modules left out, and refuses:
//! - an identifier holding a game's name (`Barricade`, `offboard_score`,
//!   `billes_aggravation`), except the notation's own words for the `#`
//!   mark ([`NOTATION_WORDS`]), which any game may write;
//! - a string literal that is a game's name (`"offboard"`), which is how a
//!   branch on a game's name would read.
//!
//! Help texts and messages may name the shipped example files
//! (`examples/offboard/club-final.bgn`): prose, not a branch on a game.
//! The one list is `registry.rs`'s `game_list!`.

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

/// The notation's names for its `#` mark (a piece put down to block a
/// point, BGN's "barricade" mark: notation/SPEC.md), which the notation
/// crate defines for every game, and the drawing of that mark.
const NOTATION_WORDS: [&str; 5] = [
    "barricade",
    "barricades",
    "BarricadePoint",
    "Barricade",
    "BARRICADE",
];

/// Whether `word` at `at` in `code` is the notation's name of its `#`
/// mark: one of [`NOTATION_WORDS`], not a path to a module (`barricade::`),
/// and its variant `Barricade` only as the notation's `Action::Barricade`
/// (or in the enum that defines it, `file` in the notation crate).
fn notation_use(code: &str, at: usize, word: &str, notation: bool) -> bool {
    let path = code[at + word.len()..].starts_with("::");
    match word {
        _ if path || !NOTATION_WORDS.contains(&word) => false,
        "Barricade" => notation || code[..at].ends_with("Action::"),
        _ => true,
    }
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e == "rs" || e == "js" || e == "ts")
            && path.file_name().is_some_and(|n| n != "tests.rs")
        {
            out.push(path);
        }
    }
}

/// The code of a file: its comments blanked, its test module cut off, and
/// its string literals kept apart (`(code, literals)`, the literals'
/// places blanked in the code).
fn code_of(text: &str) -> (String, Vec<(usize, String)>) {
    let text = match text.find("#[cfg(test)]") {
        Some(at) => &text[..at],
        None => text,
    };
    let (mut code, mut literals) = (String::new(), Vec::new());
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '/' if chars.peek().is_some_and(|&(_, n)| n == '/') => {
                for (_, n) in chars.by_ref() {
                    if n == '\n' {
                        code.push('\n');
                        break;
                    }
                }
            }
            '"' | '`' => {
                let mut literal = String::new();
                while let Some((_, n)) = chars.next() {
                    if n == '\\' {
                        chars.next();
                    } else if n == c {
                        break;
                    } else {
                        literal.push(n);
                    }
                }
                literals.push((code.lines().count().max(1), literal));
                code.push(' ');
            }
            // a char literal such as '"' is not the start of a string
            '\'' if text.len() - at > 2 => {
                code.push(c);
                let rest: String = chars.clone().take(3).map(|(_, c)| c).collect();
                if rest.starts_with('\\') && rest.ends_with('\'') {
                    chars.next();
                    chars.next();
                } else if rest.chars().nth(1) == Some('\'') {
                    chars.next();
                }
            }
            _ => code.push(c),
        }
    }
    (code, literals)
}

fn identifiers(code: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let bytes = code.as_bytes();
        while at < bytes.len() && !(bytes[at].is_ascii_alphabetic() || bytes[at] == b'_') {
            at += 1;
        }
        if at >= bytes.len() {
            return None;
        }
        let start = at;
        while at < bytes.len() && (bytes[at].is_ascii_alphanumeric() || bytes[at] == b'_') {
            at += 1;
        }
        Some((start, &code[start..at]))
    })
}

#[test]
fn no_game_is_named_outside_its_crate_and_the_registry() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    // a name as an identifier spells it: `snakes-and-ladders` is
    // `snakes_and_ladders`
    let names: Vec<String> = billes_core::registry::all()
        .iter()
        .map(|g| g.name().replace('-', "_"))
        .collect();
    let mut files = Vec::new();
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        let crate_name = dir.file_name().unwrap().to_string_lossy().replace('-', "_");
        if names.contains(&crate_name) || !dir.join("src").is_dir() {
            continue;
        }
        sources(&dir.join("src"), &mut files);
    }
    assert!(files.len() > 100, "the sources were not found");
    let registry = root.join("crates/core/src/registry.rs");
    let mut found = Vec::new();
    for file in &files {
        let (code, literals) = code_of(&std::fs::read_to_string(file).unwrap());
        let notation = file.starts_with(root.join("crates/notation"));
        let code = if file.canonicalize().unwrap() == registry.canonicalize().unwrap() {
            // the list itself
            let start = code.find("macro_rules! game_list").unwrap();
            let end = start + code[start..].find("\n}\n").unwrap();
            format!("{}{}", &code[..start], &code[end..])
        } else {
            code
        };
        for (at, word) in identifiers(&code) {
            let lower = word.to_ascii_lowercase();
            if names.iter().any(|n| lower.contains(n.as_str()))
                && !notation_use(&code, at, word, notation)
            {
                let line = code[..at].lines().count();
                found.push(format!("{}:{line}: {word}", file.display()));
            }
        }
        for (line, literal) in &literals {
            let literal_name = literal.trim().replace('-', "_");
            if names.iter().any(|n| literal_name.eq_ignore_ascii_case(n)) {
                found.push(format!("{}:~{line}: \"{literal}\"", file.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "games named outside their crates and the registry's list:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_a_game_named_in_code() {
    let (code, literals) = code_of(
        "fn f(k: &str) -> bool {\n    // offboard in a comment is fine\n    k == \"offboard\"\n}\n\
         let x = billes_core::aggravation::KIND;\n#[cfg(test)]\nmod tests { Barricade }\n",
    );
    let words: Vec<&str> = identifiers(&code).map(|(_, w)| w).collect();
    assert!(words.contains(&"aggravation"));
    assert!(!words.contains(&"offboard"), "comments are left out");
    assert!(!words.contains(&"Barricade"), "test modules are left out");
    assert!(literals.iter().any(|(_, l)| l == "offboard"));
    assert!(notation_use("Action::Barricade", 8, "Barricade", false));
    assert!(!notation_use(
        "billes_core::barricade::KIND",
        10,
        "Barricade",
        false
    ));
    assert!(!notation_use(
        "billes_core::barricade::KIND",
        13,
        "barricade",
        false
    ));
    assert!(notation_use("a.barricades", 2, "barricades", false));
}
