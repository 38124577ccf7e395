//! The `--rules` and `--rules-dir` options the verbs share: they make the
//! run's [`RulePolicy`], which each verb applies to its records with a
//! [`Resolver`](billes_archive::rules::Resolver).

use std::path::PathBuf;
use std::time::Duration;

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

/// The environment variable that sets the wall-clock guard of house rule
/// and replay scripts, in seconds ([`billes_lua::TIME_GUARD`] unless set).
pub const TIME_GUARD_VAR: &str = "BILLES_TIME_GUARD";

/// Sets the scripts' wall-clock guard from [`TIME_GUARD_VAR`], when it is
/// set. The guard only stops a hang: the budgets that decide verdicts are
/// counted (SECURITY.md).
///
/// # Errors
/// A value that is not a number of seconds from 0.001 to 86400: a usage
/// error.
pub fn time_guard_from_env() -> anyhow::Result<()> {
    let Some(value) = std::env::var_os(TIME_GUARD_VAR) else {
        return Ok(());
    };
    let guard = parse_guard(&value.to_string_lossy()).ok_or_else(|| {
        anyhow::anyhow!(
            "{TIME_GUARD_VAR}={}: expected a number of seconds from 0.001 to 86400",
            billes_notation::control_pictures(&value.to_string_lossy())
        )
    })?;
    billes_lua::set_time_guard(guard);
    Ok(())
}

/// Seconds (`30`, `0.5`) as a duration, from a millisecond to a day.
fn parse_guard(text: &str) -> Option<Duration> {
    let seconds: f64 = text.trim().parse().ok()?;
    (0.001..=86_400.0)
        .contains(&seconds)
        .then(|| Duration::from_secs_f64(seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guard_is_read_in_seconds_within_bounds() {
        assert_eq!(parse_guard("30"), Some(Duration::from_secs(30)));
        assert_eq!(parse_guard(" 0.25 "), Some(Duration::from_millis(250)));
        for bad in ["", "0", "-1", "1e9", "NaN", "inf", "30s"] {
            assert_eq!(parse_guard(bad), None, "{bad}");
        }
    }
}
