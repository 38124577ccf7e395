//! docs/adding-a-game.md says exactly what a game writes and what the
//! conformance kit checks: the count of `GameRules`' required items (its
//! heading and its table) is the trait's, and its numbered list of the
//! kit's checks is `conformance::Check`'s.

#![allow(clippy::unwrap_used)]

use std::path::Path;

fn read(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::fs::read_to_string(root.join(path)).unwrap()
}

/// The names of the items of `pub trait GameRules` that have no default:
/// a `type` or `const` without `=`, a `fn` whose signature ends in `;`.
fn required_items(source: &str) -> Vec<String> {
    let start = source.find("pub trait GameRules").unwrap();
    let body = &source[start..];
    let end = body.find("\n}\n").unwrap();
    let mut required = Vec::new();
    let mut lines = body[..end].lines().peekable();
    while let Some(line) = lines.next() {
        let Some(item) = line.strip_prefix("    ") else {
            continue;
        };
        let mut words = item.split_whitespace();
        let (Some(kind @ ("type" | "const" | "fn")), Some(rest)) = (words.next(), words.next())
        else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        // the signature, up to its `;` (no default) or `{` / `=` (one)
        let mut signature = item.to_string();
        while !signature.contains(';') && !signature.contains('{') {
            signature.push_str(lines.next().unwrap());
        }
        let has_default = match kind {
            "fn" => match (signature.find('{'), signature.find(';')) {
                (Some(body), Some(end)) => body < end,
                (body, _) => body.is_some(),
            },
            _ => signature.contains('='),
        };
        if !has_default {
            required.push(format!("{kind} {name}"));
        }
    }
    required
}

const NUMBERS: [&str; 16] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen",
];

#[test]
fn the_docs_count_the_items_a_game_writes() {
    let required = required_items(&read("crates/game/src/game/rules.rs"));
    assert!(required.len() > 5, "{required:?}");
    let docs = read("docs/adding-a-game.md");
    let heading = format!("## The trait: {} required items", NUMBERS[required.len()]);
    assert!(
        docs.contains(&heading),
        "docs/adding-a-game.md must say: {heading}"
    );
    let table_start = docs.find(&heading).unwrap();
    let table: Vec<&str> = docs[table_start..]
        .lines()
        .skip_while(|l| !l.starts_with("| `"))
        .take_while(|l| l.starts_with('|'))
        .collect();
    let listed: Vec<String> = table
        .iter()
        .map(|row| row.split('`').nth(1).unwrap().to_string())
        .collect();
    assert_eq!(listed, required, "the table of required items");
}

#[test]
fn the_docs_list_every_check_of_the_kit() {
    let source = read("crates/game/src/conformance/mod.rs");
    let start = source.find("pub enum Check {").unwrap();
    let end = start + source[start..].find("\n}\n").unwrap();
    let checks = source[start..end]
        .lines()
        .filter(|l| {
            let l = l.trim();
            !l.starts_with("//")
                && l.ends_with(',')
                && l.chars().next().is_some_and(char::is_uppercase)
        })
        .count();
    let docs = read("docs/adding-a-game.md");
    let kit = &docs[docs.find("## The conformance kit").unwrap()..];
    let numbered = (1..=checks + 1)
        .take_while(|n| kit.lines().any(|l| l.starts_with(&format!("{n}. **"))))
        .count();
    assert_eq!(
        numbered, checks,
        "the kit's checks in docs/adding-a-game.md"
    );
}

#[test]
fn the_item_reader_tells_defaults() {
    let source = "pub trait GameRules {\n    type State: Clone;\n    const NAME: &str;\n    \
                  const DICE: bool = true;\n    fn a(&self) -> u8;\n    fn b(\n        &self,\n    ) -> u8 {\n        1\n    }\n}\n";
    assert_eq!(required_items(source), ["type State", "const NAME", "fn a"]);
}
