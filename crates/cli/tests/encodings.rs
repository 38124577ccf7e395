//! Files as editors save them: a byte-order mark, CRLF line ends. Read
//! everywhere; kept by the verbs that rewrite files in place.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use super::common::{billes_in, billes_stdin, text, write};

const BOM: &[u8] = b"\xef\xbb\xbf";

/// Two valid games, canonical with LF line ends.
const GAMES: &str =
    "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R1 r9-r10 {one step}\n3. B4 --\n*\n\n\
                     [Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n*\n";

fn with_bom(text: &str) -> Vec<u8> {
    let mut bytes = BOM.to_vec();
    bytes.extend_from_slice(text.as_bytes());
    bytes
}

fn crlf(text: &str) -> String {
    text.replace('\n', "\r\n")
}

#[test]
fn validate_skips_a_byte_order_mark_in_a_file_and_on_stdin() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", with_bom(GAMES));
    let out = billes_in(dir.path(), &["validate", "--format", "json", "a.bgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["games"], 2, "{report}");
    let out = billes_stdin(&["validate", "-"], with_bom(&crlf(GAMES)));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn an_error_after_a_byte_order_mark_has_the_columns_an_editor_shows() {
    let bad = "[Game \"aggravation\"]\n[Seats \"R B\"]\n\n1. R6 +\n2. R1 r9-r11\n*\n";
    // A mark on the line of the error is not counted either.
    let out = billes_stdin(
        &["validate", "--color", "never", "-"],
        with_bom("2. R1 r9-r11 *\n"),
    );
    assert!(
        text(&out.stdout).contains("<stdin>:1:1"),
        "{}",
        text(&out.stdout)
    );
    let out = billes_stdin(&["validate", "--color", "never", "-"], with_bom(bad));
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    assert!(report.contains("<stdin>:5:7"), "{report}");
    assert!(!report.contains("game 2"), "{report}");
}

#[test]
fn the_other_readers_skip_a_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", with_bom(GAMES));
    for args in [
        &["replay", "a.bgn", "--at", "1"][..],
        &["annotate", "a.bgn"],
        &["render", "a.bgn", "--at", "1", "--text"],
        &["fmt", "a.bgn"],
    ] {
        let out = billes_in(dir.path(), args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    let out = billes_in(dir.path(), &["convert", "--to", "json", "a.bgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut json = BOM.to_vec();
    json.extend_from_slice(&out.stdout);
    write(dir.path(), "a.json", &json);
    let out = billes_in(dir.path(), &["convert", "--from", "json", "a.json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), GAMES);
}

#[test]
fn fmt_prints_without_the_mark_and_with_lf() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", with_bom(&crlf(GAMES)));
    let out = billes_in(dir.path(), &["fmt", "a.bgn"]);
    assert_eq!(text(&out.stdout), GAMES);
}

#[test]
fn fmt_check_accepts_a_canonical_file_with_a_mark_and_crlf() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.bgn", with_bom(&crlf(GAMES)));
    write(dir.path(), "b.bgn", crlf(GAMES).as_bytes());
    let out = billes_in(dir.path(), &["fmt", "--check", "a.bgn", "b.bgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    // Mixed line ends are not canonical.
    let mixed = crlf(GAMES).replacen("\r\n", "\n", 3);
    write(dir.path(), "c.bgn", mixed.as_bytes());
    let out = billes_in(dir.path(), &["fmt", "--check", "c.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "c.bgn\n");
}

/// `fmt` compares and writes a file's games one at a time, never its
/// whole canonical text: a file that differs only after its last game, or
/// only in its last game, is not canonical; a canonical file is left alone
/// (a read-only one too); a file with a syntax error in its last game is
/// not written, to standard output or in place.
#[test]
fn fmt_compares_and_writes_game_by_game() {
    let dir = tempfile::tempdir().unwrap();
    let longer = format!("{}\r\n", crlf(GAMES));
    write(dir.path(), "longer.bgn", longer.as_bytes());
    let shorter = crlf(GAMES).replacen("1. R6 +\r\n*", "1. R6 + *", 1);
    write(dir.path(), "last.bgn", shorter.as_bytes());
    let out = billes_in(dir.path(), &["fmt", "--check", "longer.bgn", "last.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "longer.bgn\nlast.bgn\n");
    let out = billes_in(dir.path(), &["fmt", "--in-place", "longer.bgn", "last.bgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    for name in ["longer.bgn", "last.bgn"] {
        let file = std::fs::read(dir.path().join(name)).unwrap();
        assert_eq!(file, crlf(GAMES).into_bytes(), "{name}");
    }
    #[cfg(unix)]
    {
        let canonical = write(dir.path(), "ro.bgn", with_bom(&crlf(GAMES)));
        set_mode(&canonical, 0o444);
        let out = billes_in(dir.path(), &["fmt", "--in-place", "ro.bgn"]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(std::fs::read(&canonical).unwrap(), with_bom(&crlf(GAMES)));
        set_mode(&canonical, 0o644);
        std::fs::remove_file(&canonical).unwrap();
    }
    let broken = format!("{GAMES}\n[Game \"offboard\"]\n\n1. R c4>ne;\n*\n");
    let path = write(dir.path(), "broken.bgn", &broken);
    let out = billes_in(dir.path(), &["fmt", "broken.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "");
    assert!(
        text(&out.stderr).contains("in game 3"),
        "{}",
        text(&out.stderr)
    );
    let out = billes_in(dir.path(), &["fmt", "--in-place", "broken.bgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), broken);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[test]
fn fmt_in_place_keeps_crlf_the_mark_and_the_permissions() {
    let dir = tempfile::tempdir().unwrap();
    let messy = "[Game \"aggravation\"]\n[Seats \"R B\"]\n1.R6 +   2. R1 r9-r10 {one\n  step}\n3. B4 -- *\n\
                 [Game \"aggravation\"]\n[Seats \"R B\"]\n1. R6 + *\n";
    let a = write(dir.path(), "a.bgn", with_bom(&crlf(messy)));
    let b = write(dir.path(), "b.bgn", crlf(messy).as_bytes());
    #[cfg(unix)]
    set_mode(&a, 0o600);
    let out = billes_in(dir.path(), &["fmt", "--in-place", "a.bgn", "b.bgn"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(std::fs::read(&a).unwrap(), with_bom(&crlf(GAMES)));
    assert_eq!(std::fs::read(&b).unwrap(), crlf(GAMES).into_bytes());
    #[cfg(unix)]
    assert_eq!(mode(&a), 0o600);
}

#[test]
fn annotate_in_place_keeps_crlf_the_mark_and_the_permissions() {
    let dir = tempfile::tempdir().unwrap();
    let a = write(dir.path(), "a.bgn", with_bom(&crlf(GAMES)));
    let b = write(dir.path(), "b.bgn", GAMES.as_bytes());
    #[cfg(unix)]
    set_mode(&a, 0o640);
    for name in ["a.bgn", "b.bgn"] {
        let out = billes_in(dir.path(), &["annotate", "--in-place", name]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
    let annotated = text(&std::fs::read(&b).unwrap());
    assert!(annotated.contains("{@ "), "{annotated}");
    assert!(!annotated.contains('\r'));
    assert_eq!(
        std::fs::read(&a).unwrap(),
        with_bom(&crlf(&annotated)),
        "the same text, with the mark and CRLF"
    );
    #[cfg(unix)]
    assert_eq!(mode(&a), 0o640);
    // Stripping gives the file back as it was.
    let out = billes_in(dir.path(), &["annotate", "--strip", "--in-place", "a.bgn"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::read(&a).unwrap(), with_bom(&crlf(GAMES)));
}
