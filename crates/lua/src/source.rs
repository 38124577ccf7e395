//! Where a variant's script comes from: a shipped name or a file.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use crate::VariantError;

/// The variants that ship with billes: name and script, embedded in the
/// binary from the crate's copies of the workspace's `rules/*.lua` (a test
/// checks they are the same).
pub const SHIPPED: [(&str, &str); 13] = [
    ("five-marbles", include_str!("../rules/five-marbles.lua")),
    ("partners-safe", include_str!("../rules/partners-safe.lua")),
    ("free-teammate", include_str!("../rules/free-teammate.lua")),
    ("no-shortcuts", include_str!("../rules/no-shortcuts.lua")),
    (
        "six-must-be-used",
        include_str!("../rules/six-must-be-used.lua"),
    ),
    (
        "scoring-targets",
        include_str!("../rules/scoring-targets.lua"),
    ),
    ("malefiz", include_str!("../rules/malefiz.lua")),
    ("abalone", include_str!("../rules/abalone.lua")),
    ("swap", include_str!("../rules/swap.lua")),
    (
        "must-aggravate",
        include_str!("../rules/must-aggravate.lua"),
    ),
    ("bounce-home", include_str!("../rules/bounce-home.lua")),
    (
        "jump-barricade",
        include_str!("../rules/jump-barricade.lua"),
    ),
    ("two-home", include_str!("../rules/two-home.lua")),
];

/// The largest variant script read from a file: 1 MiB. A larger file, or
/// one that is not a regular file (a FIFO, a device), is a
/// [`VariantError::Read`] naming it.
pub const MAX_SCRIPT_BYTES: u64 = 1 << 20;

/// A variant's script, not yet loaded: cheap to clone and `Send`, so a
/// program that validates on several threads resolves it once and gives each
/// worker a copy, which the worker loads into its own Lua state
/// ([`crate::Variant::load`]; [`crate::replay`] caches that per thread).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VariantSource {
    /// The chunk name errors show: `rules/NAME.lua` or the file's path.
    chunk: Arc<str>,
    /// The script text.
    text: Arc<str>,
    /// The shipped name, for a shipped variant.
    shipped: Option<&'static str>,
    /// The file's canonical path, for a script read from a file: however a
    /// record spells the path, one file is one variant.
    file: Option<Arc<Path>>,
}

impl VariantSource {
    /// The shipped variant `name` (see [`SHIPPED`]).
    pub fn shipped(name: &str) -> Option<VariantSource> {
        SHIPPED
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
            .map(|&(n, text)| VariantSource {
                chunk: format!("rules/{n}.lua").into(),
                text: text.into(),
                shipped: Some(n),
                file: None,
            })
    }

    /// A script read from `path`.
    ///
    /// # Errors
    /// When the file cannot be read as UTF-8 text.
    pub fn from_file(path: &Path) -> Result<VariantSource, VariantError> {
        let read_error = |message: String| VariantError::Read {
            path: path.display().to_string(),
            message,
        };
        let bytes = billes_notation::file::read_file(path, MAX_SCRIPT_BYTES)
            .map_err(|e| read_error(e.to_string()))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| read_error("stream did not contain valid UTF-8".into()))?;
        // A byte-order mark an editor put first is no Lua.
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let mut source = VariantSource::from_text(&path.display().to_string(), text);
        source.file = std::fs::canonicalize(path).ok().map(Arc::from);
        Ok(source)
    }

    /// A script given as text, `chunk` naming it in errors (a path, or
    /// `rules/NAME.lua`).
    pub fn from_text(chunk: &str, text: &str) -> VariantSource {
        VariantSource {
            chunk: chunk.into(),
            text: text.into(),
            shipped: None,
            file: None,
        }
    }

    /// The variant a `--rules` option names: a shipped name, else a path to
    /// a `.lua` file (any file: the person running the tool chose it),
    /// relative to `base_dir` when given. `standard` is the game's own
    /// rules: `None`. A record's `Rules` tag goes through
    /// [`resolve_tag`](VariantSource::resolve_tag) instead.
    ///
    /// # Errors
    /// When the name is no shipped variant and no readable file.
    pub fn resolve(
        name_or_path: &str,
        base_dir: Option<&Path>,
    ) -> Result<Option<VariantSource>, VariantError> {
        let value = name_or_path.trim();
        if value.eq_ignore_ascii_case("standard") {
            return Ok(None);
        }
        if let Some(s) = VariantSource::shipped(value) {
            return Ok(Some(s));
        }
        let looks_like_file = value.ends_with(".lua") || value.contains(['/', '\\']);
        if !looks_like_file {
            return Err(VariantError::Unknown(value.to_string()));
        }
        let path = match base_dir {
            Some(dir) if Path::new(value).is_relative() => dir.join(value),
            _ => PathBuf::from(value),
        };
        VariantSource::from_file(&path).map(Some)
    }

    /// The variant a record's `Rules` tag names: a shipped name, else a
    /// `.lua` file inside the record's folder tree (`record_dir`, the
    /// current folder when `None`), else one inside `rules_dir` when given
    /// (a `--rules-dir` option). A record received from others thus cannot
    /// make the tool run any file of the machine: a path in a tag must be
    /// relative, must not climb out of the folder it is read from (`..`),
    /// and must not lead out of it through a symbolic link. `standard` is
    /// the game's own rules: `None`.
    ///
    /// ```
    /// use billes_lua::{VariantError, VariantSource};
    /// assert!(VariantSource::resolve_tag("five-marbles", None, None).unwrap().is_some());
    /// let e = VariantSource::resolve_tag("/etc/rules.lua", None, None).unwrap_err();
    /// assert!(matches!(e, VariantError::NotAllowed { .. }));
    /// let e = VariantSource::resolve_tag("../rules.lua", None, None).unwrap_err();
    /// assert!(e.to_string().contains("leaves the record's folder"));
    /// ```
    ///
    /// # Errors
    /// [`VariantError::NotAllowed`] for a path that is absolute, not a
    /// `.lua` file, or outside the folders allowed (the file is not read);
    /// else as [`resolve`](VariantSource::resolve).
    pub fn resolve_tag(
        value: &str,
        record_dir: Option<&Path>,
        rules_dir: Option<&Path>,
    ) -> Result<Option<VariantSource>, VariantError> {
        let value = value.trim();
        if value.eq_ignore_ascii_case("standard") {
            return Ok(None);
        }
        if let Some(s) = VariantSource::shipped(value) {
            return Ok(Some(s));
        }
        if !(value.ends_with(".lua") || value.contains(['/', '\\'])) {
            return Err(VariantError::Unknown(value.to_string()));
        }
        let refuse = |reason: &str| VariantError::NotAllowed {
            value: value.to_string(),
            reason: reason.to_string(),
        };
        let relative = Path::new(value);
        if relative.has_root() || relative.is_absolute() || value.starts_with(['/', '\\']) {
            return Err(refuse("an absolute path; a Rules tag may name a shipped variant or a .lua file inside the record's folder (--rules-dir DIR allows another folder, --rules FILE any file)"));
        }
        if !value.ends_with(".lua") {
            return Err(refuse("not a .lua file"));
        }
        if climbs_out(relative) {
            return Err(refuse("the path leaves the record's folder; a Rules tag may name a .lua file inside it (--rules-dir DIR allows another folder, --rules FILE any file)"));
        }
        let record_root = record_dir.unwrap_or(Path::new("."));
        let mut roots = vec![record_root];
        roots.extend(rules_dir);
        // The first folder the file is found in; with none, the record's
        // folder, for the error to name.
        let root = roots
            .iter()
            .copied()
            .find(|root| root.join(relative).is_file())
            .unwrap_or(record_root);
        // Read from the current folder, the path is the one written, so
        // errors name the file as the tag does.
        let path = if root == Path::new(".") {
            relative.to_path_buf()
        } else {
            root.join(relative)
        };
        if let (Ok(real_root), Ok(real_path)) = (root.canonicalize(), path.canonicalize()) {
            if !real_path.starts_with(&real_root) {
                return Err(refuse(
                    "a symbolic link leads out of the folder it is read from",
                ));
            }
            // The file read is a script by its own name too: a link named
            // `x.lua` to a key or a password file inside the folder is not
            // read, so no error can quote a line of it.
            if real_path.extension().is_none_or(|e| e != "lua") {
                return Err(refuse(
                    "a symbolic link to a file that is not a .lua script",
                ));
            }
        }
        VariantSource::from_file(&path).map(Some)
    }

    /// The chunk name errors show.
    pub fn chunk(&self) -> &str {
        &self.chunk
    }

    /// The script text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The canonical path of the file the script was read from.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// Whether `self` and `other` are the same script: the same file
    /// (whatever the spelling of its path), else the same name and text.
    pub fn same_script(&self, other: &VariantSource) -> bool {
        match (&self.file, &other.file) {
            (Some(a), Some(b)) => a == b,
            _ => self == other,
        }
    }

    /// The shipped name, for a shipped variant.
    pub fn shipped_name(&self) -> Option<&'static str> {
        self.shipped
    }
}

/// Whether a relative path climbs out of the folder it starts from, read
/// without the file system: `a/../../b` does, `a/../b` does not.
fn climbs_out(path: &Path) -> bool {
    let mut depth = 0usize;
    for component in path.components() {
        match component {
            Component::ParentDir => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return true,
            },
            Component::Normal(_) => depth += 1,
            Component::CurDir => {}
            Component::RootDir | Component::Prefix(_) => return true,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scripts embedded are copies, kept in the crate, of the ones
    /// users read in the workspace's `rules/` folder: each is the same, and
    /// every script of that folder ships.
    #[test]
    fn the_shipped_scripts_are_the_files_of_the_rules_folder() {
        let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules");
        if !rules.is_dir() {
            // The crate outside its workspace (as packaged): nothing to compare.
            return;
        }
        let mut scripts = 0;
        for entry in std::fs::read_dir(&rules).expect("rules folder") {
            let path = entry.expect("entry").path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let Some(stem) = name.strip_suffix(".lua") else {
                continue;
            };
            scripts += 1;
            let shown = std::fs::read_to_string(&path).expect("script");
            let shipped = SHIPPED.iter().find(|(n, _)| *n == stem);
            assert!(
                shipped.is_some_and(|(_, text)| *text == shown),
                "rules/{name} and crates/lua/rules/{name} differ or it does not ship: copy one onto the other"
            );
        }
        assert_eq!(scripts, SHIPPED.len());
    }

    fn write(dir: &Path, name: &str) -> PathBuf {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).ok();
        }
        std::fs::write(
            &path,
            "return { name = 'mine', game = 'aggravation', params = {} }",
        )
        .ok();
        path
    }

    fn refused(result: Result<Option<VariantSource>, VariantError>) -> String {
        match result {
            Err(VariantError::NotAllowed { value, reason }) => format!("{value}: {reason}"),
            other => format!("not refused: {other:?}"),
        }
    }

    #[test]
    fn paths_climbing_out_are_seen_without_the_file_system() {
        assert!(climbs_out(Path::new("../x.lua")));
        assert!(climbs_out(Path::new("a/../../x.lua")));
        assert!(climbs_out(Path::new("./a/../b/../../x.lua")));
        assert!(!climbs_out(Path::new("a/../x.lua")));
        assert!(!climbs_out(Path::new("./rules/x.lua")));
    }

    #[test]
    fn a_tag_reads_files_inside_the_record_folder_or_the_rules_folder() {
        let Ok(dir) = tempfile::tempdir() else { return };
        let records = dir.path().join("records");
        let rules = dir.path().join("rules");
        write(&records, "house/mine.lua");
        write(&rules, "club.lua");
        let found = VariantSource::resolve_tag("house/mine.lua", Some(&records), None);
        assert!(matches!(found, Ok(Some(_))), "{found:?}");
        let found = VariantSource::resolve_tag("club.lua", Some(&records), Some(&rules));
        assert!(matches!(found, Ok(Some(_))), "{found:?}");
        let missing = VariantSource::resolve_tag("club.lua", Some(&records), None);
        assert!(
            matches!(missing, Err(VariantError::Read { .. })),
            "{missing:?}"
        );
    }

    #[test]
    fn a_tag_may_not_leave_the_folders_allowed() {
        let Ok(dir) = tempfile::tempdir() else { return };
        let records = dir.path().join("records");
        std::fs::create_dir_all(&records).ok();
        let outside = write(dir.path(), "outside.lua");
        let message = refused(VariantSource::resolve_tag(
            "../outside.lua",
            Some(&records),
            None,
        ));
        assert!(
            message.starts_with("../outside.lua: the path leaves"),
            "{message}"
        );
        let absolute = outside.display().to_string();
        let message = refused(VariantSource::resolve_tag(&absolute, Some(&records), None));
        assert!(message.contains("an absolute path"), "{message}");
        // Even when --rules-dir names the folder holding it.
        let message = refused(VariantSource::resolve_tag(
            &absolute,
            Some(&records),
            Some(dir.path()),
        ));
        assert!(message.contains("an absolute path"), "{message}");
        let message = refused(VariantSource::resolve_tag(
            "house/notes.txt/",
            Some(&records),
            None,
        ));
        assert!(message.contains("not a .lua file"), "{message}");
        #[cfg(unix)]
        {
            let link = records.join("link.lua");
            if std::os::unix::fs::symlink(&outside, &link).is_ok() {
                let message = refused(VariantSource::resolve_tag("link.lua", Some(&records), None));
                assert!(message.contains("symbolic link"), "{message}");
            }
            // Inside the folder, a link to a file that is no .lua script
            // (a key under --rules-dir ~) is not read either.
            std::fs::create_dir_all(records.join(".ssh")).ok();
            std::fs::write(records.join(".ssh/id_key"), "b3BlbnNzaC1rZXktdjEAAAAA\n").ok();
            let link = records.join("key.lua");
            if std::os::unix::fs::symlink(records.join(".ssh/id_key"), &link).is_ok() {
                let message = refused(VariantSource::resolve_tag("key.lua", Some(&records), None));
                assert!(message.contains("not a .lua script"), "{message}");
                assert!(!message.contains("b3Bl"), "{message}");
                write(&records, "real.lua");
                std::os::unix::fs::symlink(records.join("real.lua"), records.join("alias.lua"))
                    .ok();
                let found = VariantSource::resolve_tag("alias.lua", Some(&records), None);
                assert!(matches!(found, Ok(Some(_))), "{found:?}");
            }
        }
    }
}
