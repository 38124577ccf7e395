//! The `--rules` and `--rules-dir` options the verbs share: they make the
//! run's [`RulePolicy`], which each verb applies to its records with a
//! [`Resolver`](billes_archive::rules::Resolver).

use std::path::PathBuf;

use billes_archive::RulePolicy;
use billes_lua::VariantError;
use clap::Args;

/// `--rules NAME|FILE` and `--rules-dir DIR`, shared by every verb that
/// plays records.
#[derive(Debug, Clone, Args)]
pub struct RulePolicyArgs {
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

/// `--rules NAME|FILE` of a verb that makes games instead of reading
/// records (`simulate`): there are no Rules tags to override, and no
/// `--rules-dir` for them.
#[derive(Debug, Clone, Args)]
pub struct MadeRulesArgs {
    /// House rules the games are played under: a shipped variant (see
    /// `billes rules list`), a .lua file, or `standard` (the default); each
    /// record written names them in its Rules tag
    #[arg(long, value_name = "NAME|FILE")]
    pub rules: Option<String>,
}

impl MadeRulesArgs {
    /// The run's rule policy, as [`RulePolicyArgs::policy`] makes it.
    ///
    /// # Errors
    /// As [`RulePolicyArgs::policy`].
    pub fn policy(&self) -> anyhow::Result<Option<RulePolicy>> {
        RulePolicyArgs {
            rules: self.rules.clone(),
            rules_dir: None,
        }
        .policy()
    }
}

impl RulePolicyArgs {
    /// The run's rule policy. A `--rules` script that runs but is refused
    /// (a limit, a mistake in its table) is wrong input: it is said here
    /// and the answer is `None`, for the verb to end with
    /// [`INVALID`](crate::cmd::INVALID), in every verb alike.
    ///
    /// # Errors
    /// A `--rules` naming no variant or a file that cannot be read, a
    /// `--rules-dir` that is no folder: usage errors.
    pub fn policy(&self) -> anyhow::Result<Option<RulePolicy>> {
        if let Some(dir) = &self.rules_dir {
            if !dir.is_dir() {
                anyhow::bail!("--rules-dir {}: no such folder", dir.display());
            }
        }
        match RulePolicy::from_option(self.rules.as_deref()).and_then(|p| p.check().map(|()| p)) {
            Ok(policy) => Ok(Some(policy.with_rules_dir(self.rules_dir.clone()))),
            Err(e @ VariantError::Script { .. }) => {
                errln!("billes: error: {e}");
                Ok(None)
            }
            Err(e) => Err(e.into()),
        }
    }
}
