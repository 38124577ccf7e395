//! The error of a value a script gave that cannot be used.

/// A value a script gave (its `hooks` table, its `params`, a hook's list,
/// an emitted row, its `columns`) that cannot be used, or the script's
/// fresh run that failed: why, lowercase. The caller places it (the
/// variant, the hook, the script's line).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub(crate) struct Refused(pub(crate) String);

impl From<String> for Refused {
    fn from(why: String) -> Refused {
        Refused(why)
    }
}
