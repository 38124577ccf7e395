//! Writing files atomically and choosing colours.

use std::io::{self, IsTerminal, Write};
use std::path::Path;

use anyhow::Context;

use crate::cli::ColorChoice;

/// Replaces `path` with `contents` atomically: a temporary file in the same
/// directory, flushed to disk, then renamed over the original. On any error
/// the original is left as it was.
pub fn write_atomically(path: &Path, contents: &[u8]) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("cannot create a temporary file in {}", dir.display()))?;
    tmp.write_all(contents)?;
    tmp.as_file().sync_all()?;
    if let Ok(meta) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(tmp.path(), meta.permissions());
    }
    tmp.persist(path)
        .map_err(|e| e.error)
        .with_context(|| format!("cannot replace {}", path.display()))?;
    Ok(())
}

/// Whether diagnostics on stderr get colours.
pub fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    }
}
