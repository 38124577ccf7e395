//! Writing files atomically and choosing colours.

use std::io::{self, IsTerminal, Write};
use std::path::Path;

use anyhow::Context;

use crate::cli::ColorChoice;

/// Replaces `path` with `contents` atomically: a temporary file in the same
/// directory, flushed to disk, then renamed over the original. On any error
/// the original is left as it was. A replaced file keeps its permissions; a
/// new file gets `rw-r--r--` on Unix, as most tools create them (the
/// temporary file alone would be private to its owner).
pub fn write_atomically(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
    tmp.write_all(contents)?;
    tmp.as_file().sync_all()?;
    match std::fs::metadata(path) {
        Ok(meta) => {
            let _ = std::fs::set_permissions(tmp.path(), meta.permissions());
        }
        Err(_) => set_new_file_permissions(tmp.path()),
    }
    tmp.persist(path)
        .map_err(|e| e.error)
        .with_context(|| format!("cannot replace {}", path.display()))?;
    Ok(())
}

#[cfg(unix)]
fn set_new_file_permissions(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644));
}

#[cfg(not(unix))]
fn set_new_file_permissions(_path: &Path) {}

/// Whether diagnostics on stderr get colours.
pub fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    }
}
