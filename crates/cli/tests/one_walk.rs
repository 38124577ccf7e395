//! One walk of a record's tree of turns: the core's
//! (`crates/game/src/walk.rs`), which the replay, the check past mistakes,
//! the description, the completion of marks and the replay stream
//! (`billes_core::events`, what the HTML viewer and `billes replay` read)
//! each visit. No other function of any crate's `src/` walks the tree:
//!
//! - none that reads a turn's variations (`.variations()`,
//!   `.variations_mut()`) plays a turn (`play_turn(`, `.play(`): only the
//!   walk replays a variation;
//! - none that reads them goes down into them (calling itself, or a
//!   function of its file that calls it back), but in the notation's
//!   crate ([`NOTATION`]) and those [`SYNTAX`] names: each reads or edits
//!   the record's text (where a turn is written, its comments, its marks),
//!   never plays it, and says why.
//!
//! Functions are found as `function_length.rs` finds them (tests aside).

use std::collections::{BTreeMap, BTreeSet};

use super::function_length::{crate_sources, crates_dir, functions, sources};

/// The walk, under `crates/`.
const WALK: &str = "game/src/walk.rs";

/// The crate of the notation, below the game API: its parser, writer and
/// JSON form build, write and compare the tree of turns as text, knowing
/// no game (it cannot play one).
const NOTATION: &str = "notation/src/";

/// The functions above the notation that go down a record's variations to
/// read or edit its text, and why each is not a walk of its game: `(file
/// under crates/, function, why)`.
const SYNTAX: &[(&str, &str, &str)] = &[
    (
        "lsp/src/at.rs",
        "turn_at",
        "which turn a cursor is in; the positions at it are the core's \
         check's (check_recovered)",
    ),
    (
        "lsp/src/actions.rs",
        "changed_actions",
        "compares the text of the marks the core's walk wrote (mark_record) \
         with the record's",
    ),
    (
        "analysis/src/comment.rs",
        "strip",
        "takes analysis comments out of the text",
    ),
    (
        "archive/src/annotate.rs",
        "strip",
        "takes annotate's comments out of the text",
    ),
    (
        "archive/src/annotate.rs",
        "annotate",
        "writes into the text, turn for turn, what the core's walk said of \
         each (Engine::describe)",
    ),
];

/// A function of a source file: its name and its code, comments left out.
struct Code {
    name: String,
    body: String,
}

/// The functions of `text`, tests aside.
fn code_of(text: &str) -> Vec<Code> {
    let lines: Vec<&str> = text.lines().collect();
    functions(text)
        .into_iter()
        .map(|f| {
            let end = (f.line - 1 + f.lines).min(lines.len());
            let body = lines[f.line - 1..end]
                .iter()
                .map(|l| l.split("//").next().unwrap_or_default())
                .collect::<Vec<_>>()
                .join("\n");
            Code { name: f.name, body }
        })
        .collect()
}

/// Whether `body` calls a function or method named `name` (its own
/// signature aside).
fn calls(body: &str, name: &str) -> bool {
    let b = body.as_bytes();
    body.match_indices(&format!("{name}(")).any(|(i, _)| {
        let ident = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        !ident && !body[..i].ends_with("fn ")
    })
}

/// Whether `f` calls itself, or a function of its file that calls it
/// back (at any remove).
fn recursive(f: &Code, file: &[Code]) -> bool {
    let bodies: BTreeMap<&str, Vec<&str>> = file.iter().fold(BTreeMap::new(), |mut m, c| {
        m.entry(c.name.as_str()).or_default().push(c.body.as_str());
        m
    });
    let mut seen = BTreeSet::new();
    let mut next = vec![f.body.as_str()];
    while let Some(body) = next.pop() {
        for (name, found) in &bodies {
            if calls(body, name) {
                if *name == f.name {
                    return true;
                }
                if seen.insert(*name) {
                    next.extend(found);
                }
            }
        }
    }
    false
}

/// Whether `body` reads a turn's variations.
fn reads_variations(body: &str) -> bool {
    body.contains(".variations()") || body.contains(".variations_mut()")
}

/// Whether `body` plays a turn or a move.
fn plays(body: &str) -> bool {
    body.contains("play_turn(") || body.contains(".play(")
}

/// What goes down the variations in the files of `crates/`: the
/// functions that replay them, and those that only go down them, each as
/// `file under crates/ + function`.
fn walks() -> (Vec<String>, BTreeSet<(String, String)>) {
    let crates = crates_dir();
    let mut files = Vec::new();
    for src in crate_sources(&crates) {
        sources(&src, &mut files);
    }
    assert!(files.len() > 150, "only {} files read", files.len());
    let (mut replays, mut down) = (Vec::new(), BTreeSet::new());
    for file in &files {
        let shown = file.strip_prefix(&crates).unwrap_or(file);
        let shown = shown.to_string_lossy().replace('\\', "/");
        if shown == WALK {
            continue;
        }
        let text = std::fs::read_to_string(file).expect("source");
        let code = code_of(&text);
        for f in code.iter().filter(|f| reads_variations(&f.body)) {
            if plays(&f.body) {
                replays.push(format!("crates/{shown}: {}", f.name));
            }
            if !shown.starts_with(NOTATION) && recursive(f, &code) {
                down.insert((shown.clone(), f.name.clone()));
            }
        }
    }
    (replays, down)
}

#[test]
fn no_function_but_the_walk_goes_down_a_records_variations() {
    let (replays, down) = walks();
    assert!(
        replays.is_empty(),
        "a variation replayed outside the walk (read the replay stream, Engine::read):\n{}",
        replays.join("\n")
    );
    let listed: BTreeSet<(String, String)> = SYNTAX
        .iter()
        .map(|(file, name, _)| (file.to_string(), name.to_string()))
        .collect();
    let walks: Vec<String> = down
        .difference(&listed)
        .map(|(file, name)| format!("crates/{file}: {name}"))
        .collect();
    assert!(
        walks.is_empty(),
        "a walk of a record's variations outside the walk (read the replay stream, \
         Engine::read, or visit the walk; or say in SYNTAX why it only reads the text):\n{}",
        walks.join("\n")
    );
    let gone: Vec<String> = listed
        .difference(&down)
        .map(|(file, name)| format!("crates/{file}: {name}"))
        .collect();
    assert!(
        gone.is_empty(),
        "listed in SYNTAX but found no more:\n{}",
        gone.join("\n")
    );
}

#[test]
fn the_scan_finds_a_walk_of_its_own() {
    let text = "fn list(line: &Line) {\n    for t in &line.turns {\n        for v in t.variations() {\n            list(v); // fn list(\n        }\n    }\n}\n\nfn words(t: &Turn) {\n    for v in t.variations() {\n        line_words(v);\n    }\n}\n\nfn line_words(l: &Line) {\n    l.turns.iter().for_each(words);\n    words(&l.turns[0]);\n}\n\nfn shown(t: &Turn, pos: &mut Pos) {\n    let _ = t.variations().len();\n    pos.play_turn(t);\n    shown_not(t);\n}\n";
    let code = code_of(text);
    let found: Vec<(&str, bool, bool)> = code
        .iter()
        .filter(|f| reads_variations(&f.body))
        .map(|f| (f.name.as_str(), recursive(f, &code), plays(&f.body)))
        .collect();
    assert_eq!(
        found,
        [
            ("list", true, false),
            ("words", true, false),
            ("shown", false, true)
        ]
    );
}
