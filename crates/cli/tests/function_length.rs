//! Every crate reads like what it does: no function of any crate's `src/`
//! (every file, every folder of `crates/*/src`) is longer than [`LIMIT`]
//! lines, tests aside. A long function is split into named steps. (This
//! check took over from the core's own, which read only `crates/core/src`.)

use std::path::{Path, PathBuf};

/// The most lines a function may take, its signature and closing brace
/// included.
const LIMIT: usize = 100;

/// Functions of `text` longer than `limit` lines, as `(line, name, lines)`.
/// A function runs from the line of its `fn` to the line of the brace that
/// closes its body, found by counting braces outside comments, strings and
/// character literals. An item under `#[cfg(test)]` (the test module, a
/// helper for the tests) is left out, whatever it holds.
fn long_functions(text: &str, limit: usize) -> Vec<(usize, String, usize)> {
    let mut long = Vec::new();
    for f in functions(text) {
        if f.lines > limit {
            long.push((f.line, f.name, f.lines));
        }
    }
    long
}

/// A function found in a source text.
#[derive(Debug)]
pub(crate) struct Function {
    /// The line of its `fn` (1-based).
    pub(crate) line: usize,
    pub(crate) name: String,
    /// Its lines, from the `fn` to its closing brace.
    pub(crate) lines: usize,
}

/// What a `{` opens.
enum Open {
    /// The body of the function `(line, name)`.
    Body(usize, String),
    /// An item under `#[cfg(test)]`, skipped.
    Test,
    /// Anything else (a block, an `impl`, a struct...).
    Other,
}

/// Every function with a body in `text`, outside items under
/// `#[cfg(test)]`.
pub(crate) fn functions(text: &str) -> Vec<Function> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    // A `fn` (line, name) or a `#[cfg(test)]` whose `{` has not come yet.
    let mut pending_fn: Option<(usize, String)> = None;
    let mut pending_test = false;
    let mut line = 1;
    let mut i = 0;
    let skipping = |open: &[Open]| open.iter().any(|o| matches!(o, Open::Test));
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => line += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    line += usize::from(b[i] == b'\n');
                    i += 1;
                }
                i += 2;
                continue;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    line += usize::from(b[i] == b'\n');
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'r' if raw_prefix(b, i) && raw_string_at(b, i).is_some() => {
                let hashes = raw_string_at(b, i).unwrap_or_default();
                let close: Vec<u8> = std::iter::once(b'"')
                    .chain(std::iter::repeat_n(b'#', hashes))
                    .collect();
                i += 2 + hashes;
                while i < b.len() && !b[i..].starts_with(&close) {
                    line += usize::from(b[i] == b'\n');
                    i += 1;
                }
                i += close.len();
                continue;
            }
            b'\'' => {
                // A character literal ('{', '\''), not a lifetime ('a).
                if b.get(i + 1) == Some(&b'\\') {
                    i += 3;
                    while i < b.len() && b[i] != b'\'' {
                        i += 1;
                    }
                } else if b.get(i + 2) == Some(&b'\'') {
                    i += 2;
                }
            }
            b'#' if b[i..].starts_with(b"#[cfg(test)]") => pending_test = true,
            b'f' if !ident_before(b, i) && b[i..].starts_with(b"fn ") => {
                let name: String = text[i + 3..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    pending_fn = Some((line, name));
                }
            }
            b';' => {
                // A declaration without a body, or a test-only `use`.
                pending_fn = None;
                pending_test = false;
            }
            b'{' => {
                open.push(if pending_test {
                    Open::Test
                } else if let Some(f) = pending_fn.take() {
                    Open::Body(f.0, f.1)
                } else {
                    Open::Other
                });
                pending_fn = None;
                pending_test = false;
            }
            b'}' => {
                if let Some(Open::Body(start, name)) = open.pop() {
                    if !skipping(&open) {
                        found.push(Function {
                            line: start,
                            name,
                            lines: line - start + 1,
                        });
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Whether the byte before `i` continues an identifier (`for`, `b'x'`...).
fn ident_before(b: &[u8], i: usize) -> bool {
    i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')
}

/// Whether an `r` at `i` may start a raw string: no identifier runs into
/// it, but for the `b` of a raw byte string (`br"..."`).
fn raw_prefix(b: &[u8], i: usize) -> bool {
    !ident_before(b, i) || (b[i - 1] == b'b' && !ident_before(b, i - 1))
}

/// The number of `#` of a raw string starting at `i` (`r"`, `r#"`...).
fn raw_string_at(b: &[u8], i: usize) -> Option<usize> {
    let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
    (b.get(i + 1 + hashes) == Some(&b'"')).then_some(hashes)
}

/// Every `.rs` file under `dir`, in every folder.
pub(crate) fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The folder of the workspace's crates, `crates/`.
pub(crate) fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The `src/` folder of every crate of the workspace, by name.
pub(crate) fn crate_sources(crates: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(crates)
        .expect("crates folder")
        .map(|entry| entry.expect("entry").path().join("src"))
        .filter(|src| src.is_dir())
        .collect();
    dirs.sort();
    dirs
}

#[test]
fn no_function_of_any_crate_is_over_the_limit() {
    let crates = crates_dir();
    let dirs = crate_sources(&crates);
    let mut files = Vec::new();
    for src in &dirs {
        sources(src, &mut files);
    }
    let mut long = Vec::new();
    let mut count = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("source");
        count += functions(&text).len();
        let shown = file.strip_prefix(&crates).unwrap_or(file);
        for (line, name, lines) in long_functions(&text, LIMIT) {
            long.push(format!(
                "crates/{}:{line} {name}: {lines} lines",
                shown.display()
            ));
        }
    }
    // Every crate is read: the core and the binary among them.
    assert!(
        dirs.iter().any(|d| d.ends_with("core/src")) && dirs.iter().any(|d| d.ends_with("cli/src")),
        "crates read: {dirs:?}"
    );
    assert!(
        dirs.len() >= 8 && files.len() > 150 && count > 2000,
        "only {} crates, {} files and {count} functions read under {}",
        dirs.len(),
        files.len(),
        crates.display()
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
    // What follows a test module is read again.
    let after = format!("{tests}\n{text}");
    assert_eq!(long_functions(&after, 3), vec![(22, "long".to_string(), 9)]);
}

#[test]
fn braces_in_strings_comments_and_characters_are_not_counted() {
    let text = "impl X {\n    fn empty() {}\n    fn f<'a>(s: &'a str) -> char {\n        // }\n        let _ = \"}\\\"}\";\n        let _ = r#\"}\"#;\n        let _ = ('\\'', b'{');\n        /* } */\n        '}'\n    }\n    fn g();\n}\n";
    let found: Vec<(String, usize)> = functions(text)
        .into_iter()
        .map(|f| (f.name, f.lines))
        .collect();
    assert_eq!(
        found,
        [("empty".to_string(), 1), ("f".to_string(), 8)],
        "{text}"
    );
    let helper = "#[cfg(test)]\nfn helper() {\n}\nfn kept() {\n}\n";
    let names: Vec<String> = functions(helper).into_iter().map(|f| f.name).collect();
    assert_eq!(names, ["kept"]);
}
