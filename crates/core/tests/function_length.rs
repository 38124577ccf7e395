//! The rule checkers read like the rules: no function in a game's folder
//! (`src/*/`) is longer than [`LIMIT`] lines, tests aside. Each rule of the
//! rule texts is a function or a named step of its own.

use std::path::Path;

/// The most lines a function of a game's folder may take, its signature
/// and closing brace included.
const LIMIT: usize = 100;

/// Functions of `text` longer than `limit` lines, as `(line, name, lines)`:
/// a function starts at a line `fn name` and ends at the first line that
/// closes a brace at the same indentation (the layout `cargo fmt` writes).
/// The file's `#[cfg(test)]` module and what follows it are left out.
fn long_functions(text: &str, limit: usize) -> Vec<(usize, String, usize)> {
    let mut open: Vec<(usize, usize, String)> = Vec::new();
    let mut long = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("#[cfg(test)]") {
            break;
        }
        let indent = line.len() - line.trim_start().len();
        let code = line.trim_start();
        let head = ["pub(crate) ", "pub(super) ", "pub ", "const ", "unsafe "]
            .iter()
            .fold(code, |c, p| c.strip_prefix(p).unwrap_or(c));
        if let Some(rest) = head.strip_prefix("fn ") {
            if !code.ends_with(';') {
                let name = rest
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .next()
                    .unwrap_or_default();
                open.push((i, indent, name.to_string()));
            }
            continue;
        }
        if let Some((start, at, _)) = open.last() {
            if indent == *at && code.starts_with('}') {
                let lines = i - start + 1;
                let (start, _, name) = open.pop().unwrap_or_default();
                if lines > limit {
                    long.push((start + 1, name, lines));
                }
            }
        }
    }
    long
}

#[test]
fn no_function_of_a_game_folder_is_over_the_limit() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut long = Vec::new();
    let mut files = 0;
    for folder in std::fs::read_dir(&src).expect("src") {
        let folder = folder.expect("entry").path();
        if !folder.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&folder).expect("folder") {
            let file = file.expect("entry").path();
            if file.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&file).expect("source");
                files += 1;
                for (line, name, lines) in long_functions(&text, LIMIT) {
                    long.push(format!("{}:{line} {name}: {lines} lines", file.display()));
                }
            }
        }
    }
    assert!(
        files > 30,
        "only {files} files read under {}",
        src.display()
    );
    assert!(long.is_empty(), "over {LIMIT} lines:\n{}", long.join("\n"));
}

#[test]
fn the_scan_finds_a_long_function_and_its_length() {
    let body = "    let x = 1;\n".repeat(5);
    let text = format!(
        "/// Doc.\npub(crate) fn short() {{\n}}\n\nfn long(a: u8) -> u8 {{\n{body}    if a > 0 {{\n    }}\n}}\n"
    );
    assert_eq!(long_functions(&text, 3), vec![(5, "long".to_string(), 9)]);
    assert_eq!(long_functions(&text, 9), vec![]);
    let tests = format!("#[cfg(test)]\nmod tests {{\n{text}}}\n");
    assert_eq!(long_functions(&tests, 3), vec![]);
}
