//! Where a variant's script comes from: a shipped name or a file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::VariantError;

/// The variants that ship with billes: name and script, embedded in the
/// binary from the crate's copies of the workspace's `rules/*.lua` (a test
/// checks they are the same).
pub const SHIPPED: [(&str, &str); 19] = [
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
    (
        "ludo-winner-stops",
        include_str!("../rules/ludo-winner-stops.lua"),
    ),
    (
        "mensch-jump-in-goal",
        include_str!("../rules/mensch-jump-in-goal.lua"),
    ),
    (
        "mensch-lenient",
        include_str!("../rules/mensch-lenient.lua"),
    ),
    (
        "mensch-play-on",
        include_str!("../rules/mensch-play-on.lua"),
    ),
    (
        "ludo-capture-bonus",
        include_str!("../rules/ludo-capture-bonus.lua"),
    ),
    (
        "mensch-one-out",
        include_str!("../rules/mensch-one-out.lua"),
    ),
];

/// The largest variant script read from a file: 1 MiB. A larger file, or
/// one that is not a regular file (a FIFO, a device), is a
/// [`VariantError::Read`] naming it.
pub const MAX_SCRIPT_BYTES: u64 = 1 << 20;

/// A variant's script, not yet loaded: cheap to clone and `Send`, so a
/// program that validates on several threads resolves it once and gives each
/// worker a copy, which the worker loads into its own Lua state
/// ([`crate::Variant::load`]).
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
    /// rules: `None`. A record's `Rules` tag is read under stricter rules
    /// (the `billes-archive` crate's `rules::tag_source`).
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
}
