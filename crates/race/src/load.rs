//! Loading `game.yaml`: the text read, its parents merged under it, the
//! result read as a [`RaceDef`].

use std::fmt;

use serde_yaml::{Mapping, Value};

use crate::def::RaceDef;

/// The longest chain of parents a game may have (a child, its parent, the
/// parent's parent...): a house variation of a variation is two; eight
/// leaves room and stops a runaway chain of files.
pub const MAX_PARENT_DEPTH: usize = 8;

/// Why a `game.yaml` could not be loaded: the file, the place in it when
/// known, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// The file the problem is in.
    pub file: String,
    /// The line and column (from 1), when the YAML reader gives them.
    pub place: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.place {
            Some((line, column)) => write!(f, "{}:{line}:{column}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    fn yaml(file: &str, error: &serde_yaml::Error) -> LoadError {
        LoadError {
            file: file.to_owned(),
            place: error.location().map(|l| (l.line(), l.column())),
            message: strip_place(&error.to_string()),
        }
    }

    pub(crate) fn plain(file: &str, message: impl Into<String>) -> LoadError {
        LoadError {
            file: file.to_owned(),
            place: None,
            message: message.into(),
        }
    }
}

/// serde_yaml's message without the ` at line L column C` it appends,
/// since [`LoadError`] puts the place first.
fn strip_place(message: &str) -> String {
    match message.find(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message.to_owned(),
    }
}

/// Loads a `game.yaml` that names no parent.
///
/// # Errors
/// As [`load`]; a `parent:` is refused, there being no way to find it.
pub fn load_str(file: &str, text: &str) -> Result<RaceDef, LoadError> {
    load(file, text, |_| None)
}

/// Loads the `game.yaml` `text` (read from `file`, named in errors). A
/// `parent: <name>` in it is found through `lookup` (the parent's file
/// and text, or `None` when there is no such game), loaded the same way,
/// and the child merged over it: mappings are merged key by key, at every
/// depth; any other value (a list, a number, a name) replaces the
/// parent's.
///
/// # Errors
/// The YAML malformed (with its line and column), a field unknown,
/// missing or of the wrong type (with its place when the file has no
/// parent), a parent not found, a chain of parents that loops (the chain
/// named) or is longer than [`MAX_PARENT_DEPTH`].
pub fn load(
    file: &str,
    text: &str,
    lookup: impl Fn(&str) -> Option<(String, String)>,
) -> Result<RaceDef, LoadError> {
    crate::def::start_counting();
    let value = read_mapping(file, text)?;
    if value.get("parent").is_none() {
        // Read again from the text, so that a wrong field has its place.
        return serde_yaml::from_str(text).map_err(|e| LoadError::yaml(file, &e));
    }
    let own_name = value
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or(file)
        .to_owned();
    let merged = resolve(file, value, &mut vec![own_name], &lookup)?;
    serde_yaml::from_value(Value::Mapping(merged)).map_err(|e| {
        let message = strip_place(&e.to_string());
        LoadError {
            place: unknown_key_place(&message, text),
            ..LoadError::plain(file, format!("{message} (with its parents merged)"))
        }
    })
}

/// Where the child's own text writes the key an "unknown field `key`"
/// message names (a merged description has no places of its own, but a
/// misspelt key is the child's): its line and column, when the text has
/// it as a key (`key:` at the start of a line or after `{`, `,` or a
/// space).
fn unknown_key_place(message: &str, text: &str) -> Option<(usize, usize)> {
    let key = message.strip_prefix("unknown field `")?.split('`').next()?;
    text.lines().enumerate().find_map(|(line, l)| {
        let at = l.match_indices(key).map(|(i, _)| i).find(|&i| {
            let before = l[..i].chars().next_back();
            let after = l[i + key.len()..].trim_start().starts_with(':');
            after && before.is_none_or(|c| c == '{' || c == ',' || c.is_whitespace())
        })?;
        Some((line + 1, l[..at].chars().count() + 1))
    })
}

/// The YAML mapping of `text`, its nesting checked first (a text nested
/// past the YAML reader's limit would cost it the square of its brackets
/// before it refuses it: [`billes_notation::yaml`]).
fn read_mapping(file: &str, text: &str) -> Result<Mapping, LoadError> {
    billes_notation::yaml::check_nesting(text).map_err(|refused| LoadError {
        place: Some((refused.line, refused.column)),
        ..LoadError::plain(file, refused.message)
    })?;
    match serde_yaml::from_str::<Value>(text).map_err(|e| LoadError::yaml(file, &e))? {
        Value::Mapping(m) => Ok(m),
        _ => Err(LoadError::plain(
            file,
            "a game.yaml is a mapping of fields (name: ..., seats: ...)",
        )),
    }
}

/// `value` (read from `file`) with its parents merged under it and its
/// `parent` key removed; `chain` holds the names read so far, the child
/// first.
fn resolve(
    file: &str,
    mut value: Mapping,
    chain: &mut Vec<String>,
    lookup: &impl Fn(&str) -> Option<(String, String)>,
) -> Result<Mapping, LoadError> {
    let Some(parent) = value.remove("parent") else {
        return Ok(value);
    };
    let Some(parent) = parent.as_str().map(str::to_owned) else {
        return Err(LoadError::plain(file, "parent: the name of a game"));
    };
    if chain.contains(&parent) {
        chain.push(parent);
        return Err(LoadError::plain(
            file,
            format!("parent: a cycle of parents: {}", chain.join(" -> ")),
        ));
    }
    if chain.len() > MAX_PARENT_DEPTH {
        return Err(LoadError::plain(
            file,
            format!(
                "parent: more than {MAX_PARENT_DEPTH} parents in a chain: {} -> {parent}",
                chain.join(" -> ")
            ),
        ));
    }
    let Some((parent_file, parent_text)) = lookup(&parent) else {
        return Err(LoadError::plain(
            file,
            format!("parent: no game named {parent:?}"),
        ));
    };
    chain.push(parent);
    let parent_value = read_mapping(&parent_file, &parent_text)?;
    let mut base = resolve(&parent_file, parent_value, chain, lookup)?;
    merge(&mut base, value);
    Ok(base)
}

/// `over` merged into `base`: a mapping in both is merged key by key;
/// any other value of `over` replaces `base`'s.
fn merge(base: &mut Mapping, over: Mapping) {
    for (key, value) in over {
        match (base.get_mut(&key), value) {
            (Some(Value::Mapping(b)), Value::Mapping(o)) => merge(b, o),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mappings_merge_and_lists_are_replaced() {
        let mut base: Mapping = serde_yaml::from_str("a: {x: 1, y: [1, 2]}\nb: 2").unwrap();
        let over: Mapping = serde_yaml::from_str("a: {y: [3]}\nc: 4").unwrap();
        merge(&mut base, over);
        let want: Mapping = serde_yaml::from_str("a: {x: 1, y: [3]}\nb: 2\nc: 4").unwrap();
        assert_eq!(base, want);
    }
}
