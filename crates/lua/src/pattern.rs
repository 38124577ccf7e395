//! The step budget of Lua's pattern matching: `string.find`, `match`,
//! `gmatch` and `gsub` run in C, where no instruction hook fires, and
//! backtracking can make one call take for ever. Each call is checked
//! before it runs against a bound of the steps it may take.
//!
//! Lua's matcher tries the pattern at each start position (one when the
//! pattern is anchored with `^`). At each start, an item with `*`, `+` or
//! `-` may be tried at every length of what is left of the subject, an
//! item with `?` two ways, and a `%b` or a back reference `%1`..`%9` scans
//! the subject. So a call takes at most
//! `starts × (n + 1)^k × 2^o × (m + 1)` steps, where `n` is the subject's
//! length in bytes, `m` the pattern's, `k` the number of `*`, `+`, `-`,
//! `%b` and back-reference items and `o` the number of `?` items. A call
//! whose bound is over [`PATTERN_STEPS`] is refused before it runs. Plain
//! searches (`find` with `plain`, or a pattern without special characters)
//! compare at most `(n + 1) × (m + 1)` bytes and are held to the same
//! limit. A call that is not refused charges its bound to the call's
//! instruction budget, [`crate::budget::PATTERN_STEPS_PER_UNIT`] steps a
//! unit: a loop of costly calls ends by the budget, not by the clock.

/// The most steps one pattern-matching call may take.
pub const PATTERN_STEPS: f64 = 5e7;

/// The characters that make a pattern more than plain text.
const SPECIALS: &[u8] = b"^$*+?.([%-";

/// The length in bytes of a string argument (numbers are turned into
/// strings by the call); `None` for other values, which the call refuses
/// by itself.
fn length(v: &mlua::Value) -> Option<(usize, Option<mlua::BorrowedBytes<'_>>)> {
    match v {
        mlua::Value::String(s) => {
            let b = s.as_bytes();
            Some((b.len(), Some(b)))
        }
        mlua::Value::Integer(_) | mlua::Value::Number(_) => Some((32, None)),
        _ => None,
    }
}

/// A call of a pattern function [`check`] refuses.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PatternError {
    /// The subject (argument 1) or the pattern (argument 2) is not a
    /// string or a number.
    #[error("bad argument #{argument} to '{kind}' (string expected, got {got})")]
    BadArgument {
        /// The function (`find`, `match`...).
        kind: String,
        /// The argument's place, 1 or 2.
        argument: u8,
        /// The type of the value given.
        got: &'static str,
    },
    /// The call could take more than [`PATTERN_STEPS`] steps.
    #[error("string.{kind}: pattern matching limit exceeded (a subject of {subject} bytes and a pattern of {pattern} bytes could take over {PATTERN_STEPS:e} steps; see SECURITY.md)")]
    TooCostly {
        /// The function (`find`, `match`...).
        kind: String,
        /// The subject's length in bytes.
        subject: usize,
        /// The pattern's length in bytes.
        pattern: usize,
    },
}

/// Checks a call of `string.KIND(subject, pattern)` against the budget:
/// the bound of the steps it may take, which the sandbox charges to the
/// call's instruction budget (`crate::budget`).
///
/// # Errors
/// The reason, when the call could take more than [`PATTERN_STEPS`] steps.
pub fn check(
    kind: &str,
    subject: &mlua::Value,
    pattern: &mlua::Value,
    plain: bool,
) -> Result<f64, PatternError> {
    let bad = |argument: u8, v: &mlua::Value| PatternError::BadArgument {
        kind: kind.to_string(),
        argument,
        got: v.type_name(),
    };
    let (n, m, bytes) = match (length(subject), length(pattern)) {
        (Some((n, _)), Some((m, bytes))) => (n, m, bytes),
        (None, _) => return Err(bad(1, subject)),
        (_, None) => return Err(bad(2, pattern)),
    };
    let (n1, m1) = (n as f64 + 1.0, m as f64 + 1.0);
    let steps = match bytes {
        // find searches plainly when told to, or when nothing is special.
        Some(p) if kind != "find" || !plain && p.iter().any(|c| SPECIALS.contains(c)) => {
            bound(kind, &p, n1) * m1
        }
        _ => n1 * m1,
    };
    if steps <= PATTERN_STEPS {
        return Ok(steps);
    }
    Err(PatternError::TooCostly {
        kind: kind.to_string(),
        subject: n,
        pattern: m,
    })
}

/// `starts × (n + 1)^k × 2^o` for pattern `p` (see the module docs).
fn bound(kind: &str, p: &[u8], n1: f64) -> f64 {
    let mut i = 0;
    let mut steps = n1;
    if kind != "gmatch" && p.first() == Some(&b'^') {
        steps = 1.0;
        i = 1;
    }
    while i < p.len() {
        let end = match p[i] {
            b'(' | b')' => {
                i += 1;
                continue;
            }
            b'%' => match p.get(i + 1) {
                Some(b'b') => {
                    steps *= n1;
                    i += 4;
                    continue;
                }
                Some(b'f') => {
                    i = if p.get(i + 2) == Some(&b'[') {
                        set_end(p, i + 2)
                    } else {
                        i + 3
                    };
                    continue;
                }
                Some(b'0'..=b'9') => {
                    steps *= n1;
                    i += 2;
                    continue;
                }
                _ => i + 2,
            },
            b'[' => set_end(p, i),
            _ => i + 1,
        };
        i = match p.get(end) {
            Some(b'*' | b'+' | b'-') => {
                steps *= n1;
                end + 1
            }
            Some(b'?') => {
                steps *= 2.0;
                end + 1
            }
            _ => end,
        };
    }
    steps
}

/// The index just past the set `[...]` that starts at `start`.
fn set_end(p: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    if p.get(i) == Some(&b'^') {
        i += 1;
    }
    // The first character is part of the set, even a `]`.
    loop {
        match p.get(i) {
            None => return i,
            Some(b'%') => i += 2,
            Some(_) => i += 1,
        }
        if p.get(i) == Some(&b']') {
            return i + 1;
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn steps(kind: &str, n: usize, p: &str) -> f64 {
        bound(kind, p.as_bytes(), n as f64 + 1.0)
    }

    #[test]
    fn items_count_by_how_they_backtrack() {
        assert_eq!(steps("find", 9, "abc"), 10.0);
        assert_eq!(steps("find", 9, "^abc"), 1.0);
        assert_eq!(steps("gmatch", 9, "^abc"), 10.0);
        assert_eq!(steps("find", 9, "a*b-c+"), 10_000.0);
        assert_eq!(steps("find", 9, "^a?b?"), 4.0);
        assert_eq!(steps("find", 9, "^%bxy%1"), 100.0);
        assert_eq!(steps("find", 9, "^[%a%]]*[^x]"), 10.0);
        assert_eq!(steps("find", 9, "^%f[%w]%w+"), 10.0);
        assert_eq!(steps("find", 9, "^(%d+)%.(%d+)$"), 100.0);
    }

    #[test]
    fn the_issue_case_is_refused_and_ordinary_calls_are_not() {
        let lua = mlua::Lua::new();
        let s = |t: &str| lua.create_string(t).map(mlua::Value::String);
        let long = s(&"a".repeat(20_000)).unwrap();
        assert!(check("find", &long, &s(".-.-.-.-.-b").unwrap(), false).is_err());
        assert!(check("find", &long, &s("b").unwrap(), false).is_ok());
        assert!(check("find", &long, &s("b.-c").unwrap(), true).is_ok());
        assert!(check(
            "gsub",
            &s(&" ".repeat(2_000)).unwrap(),
            &s("%s+").unwrap(),
            false
        )
        .is_ok());
        let name = s("r12").unwrap();
        assert!(check("match", &name, &s("^(%a+)(%d+)$").unwrap(), false).is_ok());
    }
}
