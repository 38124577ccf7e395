//! Integration tests of the crate, one test binary with a module per topic.
//! The `billes` binary, verb by verb.

/// A snapshot under the name it had when its module was a test binary of its
/// own (`<module>__<name>`), so the files in `snapshots/` keep their names.
macro_rules! assert_snapshot {
    ($name:expr, $value:expr) => {
        insta::with_settings!({ prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!($crate::snapshot_name(module_path!(), $name), $value)
        })
    };
}

/// [`assert_snapshot!`] for a value's `Debug` form.
#[allow(unused_macros)]
macro_rules! assert_debug_snapshot {
    ($name:expr, $value:expr) => {
        insta::with_settings!({ prepend_module_to_snapshot => false }, {
            insta::assert_debug_snapshot!($crate::snapshot_name(module_path!(), $name), $value)
        })
    };
}

/// `<module>__<name>` for the module path `tests::<module>` (nested
/// modules joined by `__`), as insta named snapshots before the merge.
fn snapshot_name(module: &str, name: impl AsRef<str>) -> String {
    let module = module.split_once("::").map_or(module, |m| m.1);
    format!("{}__{}", module.replace("::", "__"), name.as_ref())
}

mod analyze;
mod cli;
mod common;
mod conventions;
mod encodings;
mod examples;
mod export;
mod function_length;
mod games;
mod guard;
mod hostile;
mod lsp;
mod moves;
mod one_walk;
mod play;
mod plugins;
mod referee;
mod render;
mod rules;
mod scripts;
#[cfg(unix)]
mod shown;
mod snakes_and_ladders;
mod strangers;
mod study;
mod tournament;
mod typos;
mod validate;
