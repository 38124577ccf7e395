//! The command-line interface: verbs, options and their help texts.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

pub use crate::cmd::render::RenderArgs;

/// Record, replay, validate and reformat games of Aggravation, Barricade and
/// Offboard written in BGN, the billes game notation.
#[derive(Debug, Parser)]
#[command(
    name = "billes",
    version,
    about,
    after_help = "The notation is described in notation/SPEC.md. The examples of this help and of \
                  each verb's read the repository's examples/ folder: run them in the root of a \
                  clone. A command that exits with another code than 0 says so (# exit 1).\n\n\
                  Examples:\n  \
                  billes validate examples/ --exclude invalid\n  \
                  billes validate examples/offboard/invalid/           # exit 1: every mistake, each record\n  \
                  billes fmt --check examples/\n  \
                  billes replay examples/offboard/club-final.bgn --at 12\n  \
                  billes simulate --game aggravation --players 4 --seed 1 --games 10"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Also know the race games written as data in DIR: a game's folder
    /// (holding game.yaml) or a folder of them; may be repeated (the
    /// BILLES_GAMES variable lists more, separated as in PATH)
    #[arg(long, global = true, value_name = "DIR")]
    pub games_dir: Vec<std::path::PathBuf>,
}

/// `lead`, then the games billes knows (`lead: aggravation, barricade or
/// offboard`), from the registry: a help text that cannot forget a game.
pub(crate) fn games_help(lead: &str) -> String {
    match games_list(" or ") {
        Some(games) => format!("{lead}: {games}"),
        None => lead.to_string(),
    }
}

thread_local! {
    /// Whether the help texts being built list the games ([`games_list`]).
    static LIST_GAMES: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// The games billes knows, for a help text (`registry::list(last)`), or
/// `None` while [`Cli::parse_args`] builds the command only to read the
/// command line. Listing the games loads those written as data (each
/// `game.yaml` read, ≈ 6 M instructions): nearly twice what the rest of a
/// start costs, for a text shown only by `--help`.
pub(crate) fn games_list(last: &str) -> Option<String> {
    LIST_GAMES.get().then(|| billes_core::registry::list(last))
}

/// The exit codes of every verb, shown by `--help` (the README has the
/// same table).
pub const EXIT_CODES: &str = "\
Exit codes (every verb):
  0  done, and every record read is valid (diff: the records are the same)
  1  the input is wrong: a record invalid or with a syntax error, a file that is
     not text (a NUL byte, bytes that are not UTF-8), a variant script refused, a
     file not canonical (fmt --check), records that differ (diff), a game played
     twice (validate --duplicates), even when every game is valid
  2  usage or I/O error: a bad option, a path missing or unreadable, a folder with
     no .bgn file, a file that cannot be written, output cut short (a closed pipe);
     a house rule or replay script stopped by the wall-clock guard (time_guard: no
     verdict; BILLES_TIME_GUARD=SECONDS sets it, 30 by default)";

/// The command line with the exit codes appended to the help of the
/// program and of each verb.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    fn with_codes(c: clap::Command) -> clap::Command {
        let help = match c.get_after_help() {
            Some(h) => format!("{h}\n\n{EXIT_CODES}"),
            None => EXIT_CODES.to_string(),
        };
        c.after_help(help)
    }
    with_codes(Cli::command()).mut_subcommands(with_codes)
}

impl Cli {
    /// Parses the command line (exits on a usage error, with code 2).
    ///
    /// The command is built without the lists of games in its help texts
    /// ([`games_list`]); a command line that asks for a help is read again
    /// by the whole command, which shows it.
    pub fn parse_args() -> Cli {
        use clap::error::ErrorKind;
        use clap::FromArgMatches;
        let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
        LIST_GAMES.set(false);
        let read = command().try_get_matches_from(&args);
        LIST_GAMES.set(true);
        let matches = match read {
            Ok(matches) => matches,
            Err(e)
                if matches!(
                    e.kind(),
                    ErrorKind::DisplayHelp | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
                ) =>
            {
                command().get_matches_from(&args)
            }
            Err(e) => e.exit(),
        };
        Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check every turn of every game: seat, roll, legality, marked effects, result
    #[command(
        after_help = "The report (text, JSON, YAML) and the exit codes are described in docs/validate-report.md.\n\n\
                      Examples:\n  \
                      billes validate examples/ --exclude invalid\n  \
                      billes validate examples/barricade/invalid/          # exit 1: every mistake reported\n  \
                      billes validate --format json examples/offboard/club-final.bgn\n  \
                      billes validate --format jsonl examples/ > report.jsonl   # exit 1: invalid/ is in\n  \
                      billes validate -j 2 --duplicates --by-event examples/ --exclude invalid   # exit 1\n  \
                      cat examples/offboard/club-final.bgn | billes validate -\n\n\
                      (analysed.bgn is four-players.bgn with comments: --duplicates reports it, exit 1.)"
    )]
    Validate(ValidateArgs),
    /// Print the turns of a game with the position after each, or the position at one turn
    #[command(after_help = "Examples:\n  \
                      billes replay examples/offboard/club-final.bgn\n  \
                      billes replay examples/aggravation/four-players.bgn --game 1 --at 15\n  \
                      billes replay examples/aggravation/four-players.bgn --from 10 --to 14 --describe")]
    Replay(ReplayArgs),
    /// Draw a position (text board, SVG, JSON) or write an HTML replay viewer
    #[command(after_help = "Examples:\n  \
                      billes render examples/aggravation/four-players.bgn --at 10 --text\n  \
                      billes render examples/aggravation/four-players.bgn --at 10 --svg board.svg\n  \
                      billes render examples/barricade/two-players.bgn --html viewer.html")]
    Render(RenderArgs),
    /// Print records in canonical form, check them, or rewrite them in place
    #[command(after_help = "Examples:\n  \
                      billes fmt examples/offboard/club-final.bgn\n  \
                      billes fmt --check examples/\n  \
                      cp examples/offboard/club-final.bgn game.bgn\n  \
                      billes fmt --in-place game.bgn")]
    Fmt(FmtArgs),
    /// Convert records between BGN and JSON or YAML
    #[command(after_help = "Examples:\n  \
                      billes convert --to json examples/offboard/club-final.bgn > game.json\n  \
                      billes convert --from json game.json > game.bgn")]
    Convert(ConvertArgs),
    /// Play random legal games and print their records
    #[command(
        after_help = "Examples:\n  billes simulate --game aggravation --players 4 --seed 7 --games 3\n  billes simulate --game aggravation --players 4 --teams R+G,B+Y --seed 1"
    )]
    Simulate(SimulateArgs),
    /// Write a comment on each turn telling what it did, or strip those comments
    #[command(
        after_help = "Annotate's comments start with `@ `: {@ marble entered; rolls again}.\n\n\
                      Examples:\n  \
                      billes annotate examples/aggravation/four-players.bgn\n  \
                      cp examples/aggravation/four-players.bgn game.bgn\n  \
                      billes annotate --in-place game.bgn\n  \
                      billes annotate --analyze --in-place game.bgn\n  \
                      billes annotate --strip --in-place game.bgn"
    )]
    Annotate(crate::cmd::annotate::AnnotateArgs),
    /// Judge every decision by Monte Carlo rollouts: marks, best moves, luck, a summary per seat
    #[command(after_help = crate::cmd::analyze::HELP)]
    Analyze(crate::cmd::analyze::AnalyzeArgs),
    /// Compare two game logs: tags, the first diverging turn, the turns side by side
    #[command(after_help = crate::cmd::diff::HELP)]
    Diff(crate::cmd::diff::DiffArgs),
    /// List the legal moves of a position: after a turn of a record, or from a Position tag
    #[command(after_help = crate::cmd::moves::HELP)]
    Moves(crate::cmd::moves::MovesArgs),
    /// Record a game as it is played, each turn checked as it is typed
    #[command(after_help = crate::cmd::play::HELP)]
    Play(crate::cmd::play::PlayArgs),
    /// Serve editors: a language server (LSP) on standard input and output
    #[command(after_help = crate::cmd::lsp::HELP)]
    Lsp(crate::cmd::lsp::LspArgs),
    /// Run a Lua replay script over archives: rows as a table, CSV or JSON, or the games it keeps
    #[command(after_help = crate::cmd::run::RUN_HELP)]
    Run(crate::cmd::run::RunArgs),
    /// Write the games that match: by game, tag, player, result or length (no Lua)
    #[command(after_help = crate::cmd::run::FILTER_HELP)]
    Filter(crate::cmd::run::FilterArgs),
    /// Write archives as tables (games, turns, mistakes) in JSON Lines or Parquet, for DuckDB, Spark and pandas
    #[command(after_help = crate::cmd::export::HELP)]
    Export(crate::cmd::export::ExportArgs),
    /// The standings of each event: places, points, tie-breaks, teams, crosstable (text, CSV, JSON, HTML)
    #[command(after_help = crate::cmd::standings::HELP)]
    Standings(crate::cmd::standings::StandingsArgs),
    /// Draw the seats of the next round by lot, avoiding repeated tablemates: one record header a table
    #[command(after_help = crate::cmd::draw::HELP)]
    Draw(crate::cmd::draw::DrawArgs),
    /// Write the page of a round being played: every table's board and the standings so far
    #[command(after_help = crate::cmd::live::HELP)]
    Live(crate::cmd::live::LiveArgs),
    /// Rate the players over events in date order (Weng-Lin or TrueSkill), with their histories
    #[command(after_help = crate::cmd::ratings::HELP)]
    Ratings(crate::cmd::ratings::RatingsArgs),
    /// List, show and check house rules (variants written in Lua)
    #[command(after_help = "Examples:\n  \
                      billes rules list\n  \
                      billes rules show five-marbles\n  \
                      billes rules check examples/rules/short-game.lua")]
    Rules(crate::cmd::rules::RulesArgs),
    /// List the race games written as data, and check one (its game.yaml) before playing it
    #[command(
        after_help = "A race game written as data is a folder holding a game.yaml \
                      (docs/plugins.md). The shipped ones are always known; --games-dir DIR and \
                      the BILLES_GAMES variable (folders separated as in PATH) add more, for any \
                      verb.\n\n\
                      Examples:\n  \
                      billes game list\n  \
                      billes game check games/ludo"
    )]
    Game(crate::cmd::game::GameArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell)
    #[command(
        after_help = "Each shell reads the script from a folder of its own (zsh: a folder of \
                      its fpath; PowerShell: dot-source the file from your $PROFILE).\n\n\
                      Examples:\n  \
                      mkdir -p ~/.local/share/bash-completion/completions\n  \
                      billes completions bash > ~/.local/share/bash-completion/completions/billes\n  \
                      mkdir -p ~/.zfunc && billes completions zsh > ~/.zfunc/_billes\n  \
                      mkdir -p ~/.config/fish/completions\n  \
                      billes completions fish > ~/.config/fish/completions/billes.fish\n  \
                      billes completions powershell > billes.ps1"
    )]
    Completions(CompletionsArgs),
    /// Print the manual page (roff), for man(1)
    #[command(after_help = "Examples:\n  \
                      billes man > billes.1\n  \
                      man ./billes.1\n  \
                      mkdir -p ~/.local/share/man/man1\n  \
                      billes man | gzip > ~/.local/share/man/man1/billes.1.gz")]
    Man,
}

/// Shells `billes completions` writes a script for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    /// Bash
    Bash,
    /// Zsh
    Zsh,
    /// Fish
    Fish,
    /// PowerShell
    Powershell,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Report formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// rustc-like diagnostics and a summary
    Text,
    /// one JSON document
    Json,
    /// one YAML document
    Yaml,
}

/// Report formats of `validate`: those of [`ReportFormat`] and JSON Lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ValidateFormat {
    /// rustc-like diagnostics and a summary
    Text,
    /// one JSON document
    Json,
    /// one YAML document
    Yaml,
    /// JSON Lines: one object per game as it is checked, then a summary line
    Jsonl,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Files or directories (searched recursively for *.bgn); `-` reads stdin
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Report format
    #[arg(long, value_enum, default_value_t = ValidateFormat::Text)]
    pub format: ValidateFormat,
    /// Colour the diagnostics (auto: when stdout is a terminal; NO_COLOR, CLICOLOR_FORCE and TERM=dumb are followed)
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Worker threads (default: one per core)
    #[arg(long, short = 'j', value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Also report games played twice: the same turns, whatever the tags,
    /// comments, NAGs or layout. A game played twice makes the exit code 1,
    /// as an invalid game does: an archive should hold each game once
    #[arg(long)]
    pub duplicates: bool,
    /// Also count games, valid and invalid, per `Event` and `Round` tag
    #[arg(long)]
    pub by_event: bool,
    /// A referee's check: also report each effect mark (`*`, `#`, `*t4=3`)
    /// a valid game's moves imply but its record leaves out (`billes fmt
    /// --marks` writes them)
    #[arg(long)]
    pub strict: bool,
    /// Print the mistakes only: no summary, no progress bar (text report;
    /// the exit code still tells)
    #[arg(long, short = 'q')]
    pub quiet: bool,
    #[command(flatten)]
    pub walk: WalkArgs,
    #[command(flatten)]
    pub rules: crate::rules::RulePolicyArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// colour on a terminal
    Auto,
    /// always colour
    Always,
    /// never colour
    Never,
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A record file, or `-` for stdin
    pub file: PathBuf,
    /// Which game of the file (1-based)
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// Print only the position after this turn (0: the start position)
    #[arg(long)]
    pub at: Option<u32>,
    /// List from this turn: the position before it, then each turn with the position after it
    #[arg(long, conflicts_with = "at")]
    pub from: Option<u32>,
    /// List up to this turn (default: the last)
    #[arg(long, conflicts_with = "at")]
    pub to: Option<u32>,
    /// Tell after each turn what it did, as `billes annotate` does (valid records)
    #[arg(long)]
    pub describe: bool,
    #[command(flatten)]
    pub rules: crate::rules::RulePolicyArgs,
}

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Files or directories (searched recursively for *.bgn); `-` reads stdin
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print nothing; list the files that are not canonical and exit 1 if any
    #[arg(long, conflicts_with = "in_place")]
    pub check: bool,
    /// Rewrite the files that are not canonical (atomically; through
    /// symbolic links; keeping mode, owner and group)
    #[arg(long)]
    pub in_place: bool,
    /// With --in-place: also rewrite read-only files, and files with several
    /// hard links (in place, so every name sees the new text)
    #[arg(long, requires = "in_place")]
    pub force: bool,
    /// Also write every effect mark (`*`, `#`, `*t4=3`) the moves imply,
    /// under each record's rules; a game that does not replay is left as it
    /// is, its first mistake reported
    #[arg(long)]
    pub marks: bool,
    #[command(flatten)]
    pub walk: WalkArgs,
}

/// How folders given on the command line are searched.
#[derive(Debug, Args)]
pub struct WalkArgs {
    /// Also read hidden files and folders (names starting with `.`) inside folders
    #[arg(long)]
    pub hidden: bool,
    /// Follow symbolic links inside folders, to what lies inside the folder
    /// given (a link out of it is never followed; without this option no
    /// link inside a folder is)
    #[arg(long, short = 'L')]
    pub follow: bool,
    /// Pass over the files and folders inside folders that have this name
    /// (`--exclude invalid`: every folder named invalid); may be repeated
    #[arg(long, value_name = "NAME")]
    pub exclude: Vec<String>,
    /// Say which paths inside folders were passed over, and why (hidden,
    /// not a regular file, a link loop, a file already read)
    #[arg(long, short = 'v')]
    pub verbose: bool,
}

impl WalkArgs {
    /// Expands the paths, telling on stderr what was passed over when
    /// `--verbose` asks.
    pub fn expand(&self, paths: &[PathBuf]) -> Vec<billes_archive::input::Found> {
        let walk = billes_archive::input::Walk {
            hidden: self.hidden,
            follow: self.follow,
            exclude: self.exclude.clone(),
        };
        let (found, skipped) = walk.expand(paths);
        if self.verbose {
            for (path, why) in skipped {
                crate::output::stderr_line(format_args!(
                    "billes: skipped {}: {why}",
                    path.display()
                ));
            }
        }
        found
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DataFormat {
    /// BGN text
    Bgn,
    /// JSON
    Json,
    /// YAML
    Yaml,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// A file, or `-` for stdin
    pub file: PathBuf,
    /// The input format
    #[arg(long, value_enum, default_value_t = DataFormat::Bgn)]
    pub from: DataFormat,
    /// The output format (default: json from bgn, bgn from json or yaml)
    #[arg(long, value_enum)]
    pub to: Option<DataFormat>,
    /// Give every tag, turn, action and comment of JSON or YAML its `span`
    /// (byte offsets, line and column in the record), for tools that point
    /// back into the text; left out by default
    #[arg(long)]
    pub spans: bool,
}

#[derive(Debug, Args)]
pub struct SimulateArgs {
    // The help lists the games of the registry (`registry::list`).
    #[arg(long, help = games_help("The game"), required_unless_present = "headers")]
    pub game: Option<String>,
    /// Number of players (default: 2, or the seats --teams names)
    #[arg(long)]
    pub players: Option<usize>,
    /// Teams, as in a Teams tag with teams separated by spaces or commas (R+G,B+Y);
    /// the number of players is the number of seats named
    #[arg(long)]
    pub teams: Option<String>,
    /// Seed of the random generator: the same seed gives the same games
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Number of games
    #[arg(long, default_value_t = 1)]
    pub games: usize,
    /// Stop a game unfinished (`*`) after this many turns
    #[arg(long, default_value_t = 5000)]
    pub max_turns: u32,
    /// Write the records to FILE (atomically) instead of stdout; a `--rules`
    /// script is then named in the Rules tag relative to FILE's folder
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Play one game for each record header of FILE (as `billes draw`
    /// writes them), keeping its tags: its Game, Seats and Teams tags say
    /// what is played, instead of --game, --players, --teams and --games
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "players", "teams", "games"])]
    pub headers: Option<PathBuf>,
    #[command(flatten)]
    pub rules: crate::rules::MadeRulesArgs,
}
