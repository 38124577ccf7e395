//! The viewer's script, as the page carries it.

/// The viewer's script as the page carries it: without its comment lines,
/// which are for whoever reads `viewer/viewer.js` (no string of the script
/// spans lines, so a line starting with `//` is a comment).
pub(super) fn script() -> &'static str {
    static SCRIPT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SCRIPT.get_or_init(|| {
        let lines = include_str!("../viewer/viewer.js")
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"));
        lines.map(|l| format!("{l}\n")).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::script;

    #[test]
    fn the_page_carries_the_script_without_its_comment_lines() {
        let source = include_str!("../viewer/viewer.js");
        // No string spans lines: a line starting with // is a comment.
        for (i, line) in source.lines().enumerate() {
            assert_eq!(line.matches('`').count() % 2, 0, "line {}: {line}", i + 1);
        }
        let carried = script();
        assert!(carried.lines().all(|l| !l.trim_start().starts_with("//")));
        assert!(carried.starts_with("\"use strict\";\n"));
        let code = |t: &str| -> Vec<String> {
            t.lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .map(str::to_string)
                .collect()
        };
        assert_eq!(code(carried), code(source));
        assert!(carried.len() + 1000 < source.len());
    }
}
