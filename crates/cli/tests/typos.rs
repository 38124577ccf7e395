//! A typo does not end the rule check of its game (issue 42): a probe over
//! every example record of the three games, with a typo planted in a hole
//! name 40% of the way in and a rule mistake 80% of the way in.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::common::{billes_in, root, text, write};

/// A typo: a letter for a digit in a hole name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Typo {
    /// `r1O` for `r10`: a syntax error, whose did-you-mean is the name.
    LetterO,
    /// `rl3` for `r13`: a name on no board, read as the one meant.
    LetterL,
    /// `r9 r13` for `r9-r13`: a syntax error with no did-you-mean, the
    /// move found from the turns after it.
    NoDash,
}

impl Typo {
    /// The digit it stands for, and the letter written for it.
    fn swap(self) -> (char, char) {
        match self {
            Typo::LetterO => ('0', 'O'),
            Typo::LetterL => ('1', 'l'),
            Typo::NoDash => ('-', ' '),
        }
    }
}

/// The main-line turn lines of a canonical record: their line indexes.
fn turn_lines(lines: &[&str]) -> Vec<usize> {
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            let digits = l.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && l[digits..].starts_with(". ")
        })
        .map(|(i, _)| i)
        .collect()
}

/// The byte range of the first action of a turn line (`12. R4 r9-r13`,
/// `12. {before} R4 r9-r13 ...`): the word after its head.
fn first_action(line: &str) -> Option<(usize, usize)> {
    let mut depth = 0usize;
    let mut head = false;
    for word in line.split_whitespace().skip(1) {
        let start = word.as_ptr() as usize - line.as_ptr() as usize;
        let was = depth;
        depth += word.matches('{').count();
        depth = depth.saturating_sub(word.matches('}').count());
        if was > 0 || word.starts_with('{') {
            continue;
        }
        if head {
            return Some((start, start + word.len()));
        }
        head = word.starts_with(|c: char| c.is_ascii_uppercase());
    }
    None
}

/// `line` with `typo` planted in its first action's hole names (not its
/// marks): the first digit it stands for that follows a letter or digit.
fn plant_typo(line: &str, typo: Typo) -> Option<String> {
    let (start, end) = first_action(line)?;
    let (digit, letter) = typo.swap();
    let action = &line[start..end];
    let names = action.split(['*', '=', '#']).next().unwrap_or("");
    let at = names.char_indices().find(|&(i, c)| {
        c == digit && i > 0 && names[..i].ends_with(|p: char| p.is_ascii_alphanumeric())
    })?;
    if typo == Typo::NoDash && names[at.0 + 1..].contains('-') {
        // A route (`r0-b0-g3`): its first dash left out reads otherwise.
        return None;
    }
    let mut planted = line.to_string();
    planted.replace_range(start + at.0..start + at.0 + 1, &letter.to_string());
    Some(planted)
}

/// `line` with a capture mark planted on its first action, a move or a
/// line of marbles without one.
fn plant_mark(line: &str) -> Option<String> {
    let (start, end) = first_action(line)?;
    let action = &line[start..end];
    let moves = action.contains(['-', '>']) && action != "--";
    if !moves || action.contains('*') {
        return None;
    }
    let at = action.find('#').map_or(end, |h| start + h);
    let mut planted = line.to_string();
    planted.insert(at, '*');
    Some(planted)
}

/// A probe: a record with a typo at about 40% of its main line and a false
/// mark at about 80%, where the mark is found when the typo is not there.
struct Probe {
    /// Where the record is written, in the probe's folder.
    name: String,
    /// Its text with the typo and the mark, and with the mark alone.
    both: String,
    mark_only: String,
    /// The 1-based line of the mark.
    mark_line: usize,
}

/// The probe of `typo` in the record `text`, when it has turns for it.
fn probe(name: &str, text: &str, typo: Typo) -> Option<Probe> {
    let lines: Vec<&str> = text.lines().collect();
    let turns = turn_lines(&lines);
    if turns.len() < 5 {
        return None;
    }
    let from = |share: usize| turns.len() * share / 10;
    let (typo_at, typoed) = turns[from(4)..]
        .iter()
        .find_map(|&i| plant_typo(lines[i], typo).map(|l| (i, l)))?;
    let after_typo = turns.iter().position(|&i| i == typo_at)? + 2;
    let (mark_at, marked) = turns[from(8).max(after_typo).min(turns.len())..]
        .iter()
        .find_map(|&i| plant_mark(lines[i]).map(|l| (i, l)))?;
    let with = |changes: &[(usize, &str)]| {
        let mut out: Vec<&str> = lines.clone();
        for &(i, l) in changes {
            out[i] = l;
        }
        out.join("\n") + "\n"
    };
    Some(Probe {
        name: format!("{name}.{typo:?}.bgn"),
        both: with(&[(typo_at, &typoed), (mark_at, &marked)]),
        mark_only: with(&[(mark_at, &marked)]),
        mark_line: mark_at + 1,
    })
}

/// The example records of the three games (not the invalid ones), as
/// paths relative to the workspace root.
fn examples() -> Vec<PathBuf> {
    let mut found = Vec::new();
    for game in ["aggravation", "barricade", "offboard"] {
        for sub in ["", "house-rules"] {
            let dir = root().join("examples").join(game).join(sub);
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "bgn") {
                    found.push(path.strip_prefix(root()).unwrap().to_path_buf());
                }
            }
        }
    }
    found.sort();
    found
}

/// The `effect` mistakes `billes validate` finds in the files of `dir`:
/// file name -> lines.
fn effects(dir: &Path) -> BTreeMap<String, Vec<u64>> {
    let out = billes_in(dir, &["validate", "--format", "json", "."]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mut found: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for e in report["errors"].as_array().unwrap() {
        if e["kind"] == "effect" {
            let file = Path::new(e["file"].as_str().unwrap());
            let name = file.file_name().unwrap().to_string_lossy().to_string();
            found
                .entry(name)
                .or_default()
                .push(e["line"].as_u64().unwrap());
        }
    }
    found
}

/// Every multi-turn example record of the three games, a typo planted in
/// a hole name at about 40% of its main line (a letter O for a zero, a
/// syntax error; or a letter l for a one, a name on no board) and a false
/// capture mark at about 80%: the mark is found past the typo in every
/// record, as it is without the typo (the typo's did-you-mean is the move
/// played, a legal one). Before the check went on past a typo, none was.
#[test]
fn a_typo_mid_game_does_not_hide_a_mistake_after_it() {
    let with_mark = tempfile::tempdir().unwrap();
    let with_both = tempfile::tempdir().unwrap();
    let mut probes = Vec::new();
    for path in examples() {
        let text = std::fs::read_to_string(root().join(&path)).unwrap();
        let stem = path.file_stem().unwrap().to_string_lossy();
        let game = path
            .components()
            .nth(1)
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        for typo in [Typo::LetterO, Typo::LetterL, Typo::NoDash] {
            let Some(p) = probe(&format!("{game}-{stem}"), &text, typo) else {
                continue;
            };
            write(with_mark.path(), &p.name, &p.mark_only);
            write(with_both.path(), &p.name, &p.both);
            probes.push(p);
        }
        // A variant script the record names goes beside it.
        let dir = root().join(path.parent().unwrap());
        for entry in std::fs::read_dir(&dir).unwrap() {
            let script = entry.unwrap().path();
            if script.extension().is_some_and(|e| e == "lua") {
                let name = script.file_name().unwrap().to_string_lossy().to_string();
                let lua = std::fs::read(&script).unwrap();
                write(with_mark.path(), &name, &lua);
                write(with_both.path(), &name, &lua);
            }
        }
    }
    // The mark is a mistake of each record without the typo...
    let alone = effects(with_mark.path());
    let planted: Vec<&Probe> = probes
        .iter()
        .filter(|p| {
            alone
                .get(&p.name)
                .is_some_and(|l| l.contains(&(p.mark_line as u64)))
        })
        .collect();
    // ...and with it.
    let both = effects(with_both.path());
    let found: Vec<&&Probe> = planted
        .iter()
        .filter(|p| {
            both.get(&p.name)
                .is_some_and(|l| l.contains(&(p.mark_line as u64)))
        })
        .collect();
    let count = |typo: &str, of: &[&Probe]| of.iter().filter(|p| p.name.contains(typo)).count();
    let found_probes: Vec<&Probe> = found.iter().map(|p| **p).collect();
    let records: std::collections::BTreeSet<&str> = planted
        .iter()
        .map(|p| p.name.split('.').next().unwrap_or(""))
        .collect();
    eprintln!(
        "typo probe: {} example records, {} probes",
        records.len(),
        planted.len()
    );
    for typo in ["LetterO", "LetterL", "NoDash"] {
        eprintln!(
            "typo probe, {typo}: a mistake found past the typo in {} of {} records",
            count(typo, &found_probes),
            count(typo, &planted),
        );
    }
    // Every one where the typo has a did-you-mean (a legal move)...
    let missed: Vec<&str> = planted
        .iter()
        .filter(|p| !p.name.contains("NoDash"))
        .filter(|p| !found_probes.iter().any(|f| f.name == p.name))
        .map(|p| p.name.as_str())
        .collect();
    assert!(count("LetterO", &planted) + count("LetterL", &planted) >= 20);
    assert!(missed.is_empty(), "not found past the typo: {missed:?}");
    // ...and nearly every one where the move is found from the turns
    // after it and what was written.
    let no_dash = count("NoDash", &planted);
    assert!(no_dash >= 10, "{no_dash} records with a dash left out");
    let missed: Vec<&str> = planted
        .iter()
        .filter(|p| !found_probes.iter().any(|f| f.name == p.name))
        .map(|p| p.name.as_str())
        .collect();
    assert!(
        count("NoDash", &found_probes) * 10 >= no_dash * 9,
        "{} of {no_dash}: {missed:?}",
        count("NoDash", &found_probes)
    );
    // Each typo is told, with what it was read as.
    let out = billes_in(with_both.path(), &["validate", "."]);
    let report = text(&out.stdout);
    assert!(report.contains("= note: read as "), "{report}");
}

/// A game with a typo (turn 2, `r9-r1O`) and a false mark after it (turn
/// 5): what `billes validate` reports, and so every verb that refuses an
/// invalid game.
const TYPO_THEN_MARK: &str = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n2. R1 r9-r1O\n3. G1 +\n4. R3 r10-r13\n5. G2 g9-g11*\n6. R1 r13-b0\n*\n";

/// `annotate` does not annotate an invalid game, and tells every mistake
/// of it as `billes validate` does: past the typo, the false mark too.
#[test]
fn annotate_tells_the_mistakes_past_a_typo() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "typo.bgn", TYPO_THEN_MARK);
    let out = billes_in(dir.path(), &["annotate", "typo.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    let told = text(&out.stderr);
    assert!(told.contains("error[syntax]: r1O is not a hole"), "{told}");
    assert!(
        told.contains("= note: read as r10: the check goes on"),
        "{told}"
    );
    assert!(
        told.contains("error[effect]: g9-g11* aggravates no marble"),
        "{told}"
    );
    // The same for a mistake of the rules: the check goes on past it.
    let roll = TYPO_THEN_MARK.replace("2. R1 r9-r1O", "2. R2 r9-r10");
    write(dir.path(), "roll.bgn", roll);
    let out = billes_in(dir.path(), &["annotate", "roll.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    let told = text(&out.stderr);
    assert!(told.contains("error[roll]"), "{told}");
    assert!(
        told.contains("error[effect]: g9-g11* aggravates no marble"),
        "{told}"
    );
}

/// `play` does not resume an invalid record: it is refused with
/// validate's report, which goes on past the typo to the false mark.
#[test]
fn play_refuses_a_record_with_a_typo_with_every_mistake_of_it() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "typo.bgn", TYPO_THEN_MARK);
    let out = billes_in(dir.path(), &["play", "typo.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    let told = text(&out.stderr);
    assert!(
        told.contains("= note: read as r10: the check goes on"),
        "{told}"
    );
    assert!(
        told.contains("error[effect]: g9-g11* aggravates no marble"),
        "{told}"
    );
    assert!(told.contains("is not resumed"), "{told}");
    let kept = std::fs::read_to_string(dir.path().join("typo.bgn")).unwrap();
    assert_eq!(kept, TYPO_THEN_MARK);
}
