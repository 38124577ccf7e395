//! The check run on YAML from strangers (a `game.yaml`, `convert --from
//! yaml`) before `serde_yaml` reads it: flow collections nested deeper than
//! [`MAX_NESTING`] levels are refused in time that follows the text.
//!
//! `serde_yaml` refuses a document nested past 128 levels, but only once its
//! reader (libyaml's scanner) has read the whole document, and that scanner
//! walks its list of open flow levels at each token: `x: [[[[...]]]]` costs
//! time as the square of its brackets (86 s for 250 KB, hours for a few
//! megabytes). Nothing below 128 levels is slow that way: a token then
//! costs at most 129 steps.
//!
//! [`check_nesting`] makes that bound hold before the reader runs:
//!
//! 1. A text with at most [`MAX_NESTING`] `[` and `{` in all cannot nest
//!    flow collections deeper (each level opens with one): it passes
//!    without being read. Most files are such.
//! 2. Any other text is read by a second YAML reader, `saphyr-parser`, one
//!    event at a time, counting the open collections (flow and block): past
//!    [`MAX_NESTING`] the text is refused at its 129th level. That reader
//!    stops at 255 flow levels itself (and a token costs it at most as
//!    many steps): a text nested deeper than that is refused at its 256th
//!    level, read no further.
//! 3. When that reader cannot read the text (saphyr-parser reads YAML 1.2
//!    strictly and refuses a few things libyaml takes, such as a flow
//!    collection continued at the first column), its nesting is not known,
//!    and the text is refused with that reader's message and place: the
//!    check never lets through a text it could not count.
//!
//! So a text is refused that `serde_yaml` would refuse anyway (deeper than
//! its limit), or that the strict reader cannot read and that holds more
//! than [`MAX_NESTING`] brackets. The two readers could in principle see
//! the same text nested differently; they follow the same YAML grammar, and
//! every YAML file billes ships or writes reads the same in both (tested).
//!
//! ```
//! use billes_notation::yaml;
//!
//! assert!(yaml::check_nesting("name: ludo\nseats: [R, B, G, Y]\n").is_ok());
//! let deep = format!("x: {}{}", "[".repeat(200), "]".repeat(200));
//! let refused = yaml::check_nesting(&deep).unwrap_err();
//! // The value of `x` is the second level: its 128th bracket the 129th.
//! assert_eq!(refused.to_string(), "1:131: nested deeper than 128 levels (refused before it is read)");
//! ```

use saphyr_parser::{Event, Parser};

/// The deepest nesting of collections [`check_nesting`] lets through: 128,
/// the limit of `serde_yaml` itself.
pub const MAX_NESTING: usize = 128;

/// Why [`check_nesting`] refused a text, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct Refused {
    /// The line where the text is refused, from 1.
    pub line: usize,
    /// The column (in characters) where the text is refused, from 1.
    pub column: usize,
    /// What is wrong there.
    pub message: String,
}

/// Checks that `text` nests its collections at most [`MAX_NESTING`] deep,
/// in time and memory that follow its length (see the [module](self)).
///
/// # Errors
/// [`Refused`] at the collection that passes the limit, or where the
/// strict reader stopped when it could not read a text holding more than
/// [`MAX_NESTING`] brackets.
pub fn check_nesting(text: &str) -> Result<(), Refused> {
    let brackets = memchr::memchr2_iter(b'[', b'{', text.as_bytes()).count();
    if brackets <= MAX_NESTING {
        return Ok(());
    }
    read(text)
}

/// `text` read by the strict reader, counting its open collections up to
/// the limit.
fn read(text: &str) -> Result<(), Refused> {
    let too_deep =
        || format!("nested deeper than {MAX_NESTING} levels (refused before it is read)");
    let mut depth = 0usize;
    for event in Parser::new_from_str(text) {
        match event {
            Ok((Event::SequenceStart(..) | Event::MappingStart(..), span)) => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(Refused {
                        line: span.start.line(),
                        column: span.start.col() + 1,
                        message: too_deep(),
                    });
                }
            }
            Ok((Event::SequenceEnd | Event::MappingEnd, _)) => depth = depth.saturating_sub(1),
            Ok(_) => {}
            Err(e) => {
                let at = e.marker();
                let message = if e.info() == "recursion limit exceeded" {
                    too_deep()
                } else {
                    format!(
                        "{} (read by the check of nesting, which reads YAML 1.2 strictly \
                         and must read a text with more than {MAX_NESTING} brackets)",
                        e.info()
                    )
                };
                return Err(Refused {
                    line: at.line(),
                    column: at.col() + 1,
                    message,
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` collections nested in the value of `x`, followed by enough
    /// brackets that the text is read (not passed for its few brackets).
    fn nested(open: &str, close: &str, n: usize) -> String {
        let (open, close) = (open.repeat(n), close.repeat(n));
        let lists: String = (0..MAX_NESTING).map(|i| format!("l{i}: [x]\n")).collect();
        format!("x: {open}{close}\n{lists}")
    }

    #[test]
    fn nesting_up_to_the_limit_passes_and_past_it_is_refused_where_it_passes() {
        for (open, close) in [("[", "]"), ("{a: ", "}")] {
            // The mapping of `x` is one level.
            assert!(check_nesting(&nested(open, close, MAX_NESTING - 1)).is_ok());
            let refused = check_nesting(&nested(open, close, MAX_NESTING)).unwrap_err();
            assert_eq!(refused.line, 1);
            assert_eq!(refused.column, 4 + (MAX_NESTING - 1) * open.len());
            assert!(refused.message.starts_with("nested deeper than 128 levels"));
        }
    }

    #[test]
    fn serde_yaml_refuses_what_the_check_refuses_and_reads_what_it_passes() {
        let at_limit = nested("[", "]", MAX_NESTING - 1);
        assert!(serde_yaml::from_str::<serde_yaml::Value>(&at_limit).is_ok());
        let past = nested("[", "]", MAX_NESTING);
        let e = serde_yaml::from_str::<serde_yaml::Value>(&past).unwrap_err();
        assert!(e.to_string().contains("recursion limit exceeded"), "{e}");
    }

    #[test]
    fn few_brackets_pass_unread() {
        // 129 levels, refused by serde_yaml at no great cost: a flow
        // level costs its reader, a block level does not.
        let text = format!(
            "x: {}{}\n",
            "[".repeat(MAX_NESTING),
            "]".repeat(MAX_NESTING)
        );
        assert!(check_nesting(&text).is_ok());
        assert!(check_nesting(&format!("{text}[]")).is_err());
    }

    #[test]
    fn deep_block_nesting_is_counted_too() {
        let mut text = String::new();
        for level in 0..=MAX_NESTING {
            text.push_str(&format!(
                "{}k{level}: [x]\n{}k:\n",
                " ".repeat(level),
                " ".repeat(level)
            ));
        }
        let refused = check_nesting(&text).unwrap_err();
        assert!(refused.message.starts_with("nested deeper"), "{refused}");
    }

    #[test]
    fn brackets_in_quotes_and_comments_do_not_count() {
        let text = "a: '[[[[[[[['\nb: \"{{{{{{{{\"\n# [[[[[[[[[[\n".repeat(20);
        assert!(check_nesting(&text).is_ok());
    }

    #[test]
    fn a_text_the_strict_reader_cannot_read_is_refused_only_with_many_brackets() {
        // libyaml reads a flow list continued at the first column;
        // saphyr-parser does not.
        let few = "a: [b,\nc]\n";
        assert!(serde_yaml::from_str::<serde_yaml::Value>(few).is_ok());
        assert!(check_nesting(few).is_ok());
        let many = format!("{}{few}", "l: [x]\n".repeat(MAX_NESTING));
        let refused = check_nesting(&many).unwrap_err();
        assert_eq!((refused.line, refused.column), (MAX_NESTING + 2, 1));
        assert!(
            refused.message.contains("reads YAML 1.2 strictly"),
            "{refused}"
        );
    }

    #[test]
    fn every_yaml_file_shipped_reads_in_the_strict_reader() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut files = vec![];
        for dir in ["games", "examples/games", "rules"] {
            for entry in std::fs::read_dir(root.join(dir)).unwrap() {
                let path = entry.unwrap().path();
                let yaml = if path.is_dir() {
                    path.join("game.yaml")
                } else {
                    path
                };
                if yaml.extension().is_some_and(|e| e == "yaml") && yaml.is_file() {
                    files.push(yaml);
                }
            }
        }
        assert!(files.len() >= 7, "{files:?}");
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            assert_eq!(read(&text), Ok(()), "{}", file.display());
        }
    }

    #[test]
    fn a_hidden_opening_cannot_make_the_check_skip_brackets() {
        // Quotes, comments and block scalars the reader sees as such end
        // where libyaml ends them: what follows is counted.
        for prefix in [
            "a: 'x\n  y'\n",
            "a: |\n  [[[[\nb: \"\"\n",
            "a: b # '\n",
            "a: it's\n",
        ] {
            let text = format!("{prefix}{}", nested("[", "]", 400));
            assert!(check_nesting(&text).is_err(), "{prefix:?}");
        }
    }
}
