//! `billes completions SHELL` and `billes man`: what shells and man(1) need,
//! made from the same definitions as `--help`.

use std::io::{self, Write};

use clap_complete::Shell as Target;

use super::OK;
use crate::cli::{CompletionsArgs, Shell};

/// Prints the completion script of a shell.
pub fn completions(args: &CompletionsArgs) -> anyhow::Result<u8> {
    let target = match args.shell {
        Shell::Bash => Target::Bash,
        Shell::Zsh => Target::Zsh,
        Shell::Fish => Target::Fish,
        Shell::Powershell => Target::PowerShell,
    };
    let mut command = crate::cli::command();
    // Made in memory first: clap_complete panics when its writer fails (a
    // full disk), where billes reports the error and exits 2, as `man` does.
    let mut script = Vec::new();
    clap_complete::generate(target, &mut command, "billes", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(OK)
}

/// Prints the manual page, in roff: the verbs and options of `--help`,
/// with a page section per verb.
pub fn man() -> anyhow::Result<u8> {
    let mut out = io::stdout().lock();
    out.write_all(man_page()?.as_bytes())?;
    out.flush()?;
    Ok(OK)
}

/// The manual page: one page, the verbs as its sections.
fn man_page() -> io::Result<String> {
    let command = crate::cli::command();
    let man = clap_mangen::Man::new(command.clone());
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    man.render_options_section(&mut page)?;
    man.render_subcommands_section(&mut page)?;
    man.render_extra_section(&mut page)?;
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        render_verb(&mut page, sub)?;
    }
    man.render_version_section(&mut page)?;
    let mut page = String::from_utf8_lossy(&page).into_owned();
    // The verbs are sections of this page, not pages of their own.
    let names = command.get_subcommands().map(|s| s.get_name().to_string());
    for name in names.chain(["help".to_string()]) {
        page = page.replace(
            &format!("billes\\-{}(1)", name.replace('-', "\\-")),
            &format!("\\fBbilles {name}\\fR"),
        );
    }
    Ok(page
        .replace(".SH EXTRA", ".SH NOTES")
        .replace(".SS EXTRA", ".SS NOTES"))
}

/// A verb's own section: its synopsis, options and help epilogue; then a
/// section for each of its own verbs (`billes rules check`), the same way.
fn render_verb(out: &mut dyn Write, sub: &clap::Command) -> io::Result<()> {
    render_verb_as(out, sub, "billes")
}

/// [`render_verb`] for the verb `sub` of the command named `parent`.
fn render_verb_as(out: &mut dyn Write, sub: &clap::Command, parent: &str) -> io::Result<()> {
    let name = format!("{parent} {}", sub.get_name());
    let sub = sub.clone().bin_name(name.clone());
    writeln!(out, ".SH \"{}\"", name.to_uppercase())?;
    let man = clap_mangen::Man::new(sub.clone());
    let mut body = Vec::new();
    man.render_synopsis_section(&mut body)?;
    man.render_description_section(&mut body)?;
    man.render_options_section(&mut body)?;
    man.render_extra_section(&mut body)?;
    // The verb's sections become subsections of its own.
    let body = String::from_utf8_lossy(&body).replace(".SH ", ".SS ");
    out.write_all(body.as_bytes())?;
    for verb in sub.get_subcommands().filter(|s| !s.is_hide_set()) {
        if verb.get_name() != "help" {
            render_verb_as(out, verb, &name)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_man_page_has_a_section_per_verb() {
        let Ok(page) = super::man_page() else {
            panic!("the man page renders");
        };
        assert!(page.starts_with(".ie"), "{page}");
        assert!(page.contains(".TH billes 1"), "{page}");
        for verb in ["VALIDATE", "FMT", "ANNOTATE", "COMPLETIONS"] {
            assert!(page.contains(&format!(".SH \"BILLES {verb}\"")), "{verb}");
        }
        assert!(page.contains("\\fBbilles validate\\fR"), "{page}");
        // A verb is named `billes validate`, never clap's `billes-validate`
        // (a file name such as `billes-bgn.vsix` in a help text is fine).
        use clap::CommandFactory;
        for verb in crate::cli::Cli::command().get_subcommands() {
            let joined = format!("billes\\-{}", verb.get_name().replace('-', "\\-"));
            assert!(!page.contains(&joined), "{joined}");
        }
    }

    /// The verbs of a verb have their own sections, options included.
    #[test]
    fn the_man_page_has_the_options_of_rules_check() {
        let Ok(page) = super::man_page() else {
            panic!("the man page renders");
        };
        let Some((_, check)) = page.split_once(".SH \"BILLES RULES CHECK\"") else {
            panic!("no section for rules check: {page}");
        };
        for option in ["\\-\\-games", "\\-\\-seed"] {
            assert!(check.contains(option), "{option}: {check}");
        }
        assert!(page.contains(".SH \"BILLES RULES LIST\""), "{page}");
    }
}
