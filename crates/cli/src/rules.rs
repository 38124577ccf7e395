//! The `--rules` and `--rules-dir` options the verbs share, and the rules
//! they set for the whole run.

use std::path::PathBuf;
use std::sync::OnceLock;

use billes_archive::Rules;
use billes_lua::{Variant, VariantSource};
use clap::Args;

/// `--rules NAME|FILE`, shared by validate, replay, render and simulate.
#[derive(Debug, Clone, Args)]
pub struct RulesOption {
    /// House rules: a shipped variant (see `billes rules list`), a .lua
    /// file, or `standard`; overrides the records' Rules tags (`standard`
    /// checks every record under its game's standard rules)
    #[arg(long, value_name = "NAME|FILE")]
    pub rules: Option<String>,
    /// Let the records' Rules tags also name .lua files inside DIR (else
    /// only shipped variants and files inside each record's own folder)
    #[arg(long, value_name = "DIR")]
    pub rules_dir: Option<PathBuf>,
}

impl RulesOption {
    /// The variant the option names (`None`: the records' own tags).
    pub fn source(&self) -> anyhow::Result<Option<VariantSource>> {
        match &self.rules {
            None => Ok(None),
            Some(value) => Ok(VariantSource::resolve(value, None)?),
        }
    }

    /// Resolves the option and makes it the rules [`current`] gives.
    /// `--rules-dir` is applied too.
    pub fn force(&self) -> anyhow::Result<()> {
        if let Some(dir) = &self.rules_dir {
            if !dir.is_dir() {
                anyhow::bail!("--rules-dir {}: no such folder", dir.display());
            }
            billes_lua::set_rules_dir(dir);
        }
        let source = self.source()?;
        if let Some(s) = &source {
            // Fail early, once, on a script that does not load.
            Variant::load(s)?;
        }
        let rules = match (&self.rules, source) {
            // `--rules standard` overrides the records' tags as any other
            // value does.
            (Some(_), None) => Rules::standard(),
            (_, source) => Rules::from_option(source),
        };
        let _ = FORCED.set(rules);
        Ok(())
    }
}

/// The rules `--rules` sets for every record, set once per run.
static FORCED: OnceLock<Rules> = OnceLock::new();

/// The rules of this run: `--rules` if given, else each record's `Rules`
/// tag (a path in it is relative to the record's folder).
pub fn current() -> &'static Rules {
    static TAGS: Rules = Rules::from_tags();
    FORCED.get().unwrap_or(&TAGS)
}
