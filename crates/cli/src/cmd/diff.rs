//! `billes diff A B`: a semantic diff of two game logs (the diff itself is
//! [`billes_archive::diff`]).
//!
//! Exit codes: 0 the same, 1 different, 2 an error.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{bail, Context};
use std::collections::HashMap;

use billes_archive::diff::{compare_files_by, key, Options};
use billes_archive::input::{games, games_in, Games, Input, Unread};
use billes_notation::{Game, GameSource};
use clap::Args;

use super::{INVALID, IO_ERROR, OK};
use crate::cli::{ColorChoice, ReportFormat};
use crate::output::{use_color, Stream};

/// The report schema, shown by `billes diff --help`.
pub const HELP: &str = "\
Records are compared as the notation reads them: layout, line breaks, tag order and
whether turn numbers are written make no difference. Turns are compared by seat, roll
and actions; comments, NAGs and variations of turns whose moves agree are reported
apart, as annotation differences (--moves-only ignores them).

Games are paired by their identifying tags (Game, Event, Site, Date, Round, Seats and
the player-name tags Red, Blue, Purple, Green, Yellow, White): the k-th game of A with
a key pairs with the k-th game of B with the same key. The games left over pair up in
file order; any still left are only in A or only in B.

--format json|yaml gives one document:
  a, b            the two file names
  same            true when every game is the same in both
  games           one object per game (A's order, then games only in B):
    a_game, b_game      1-based number of the game in each file (null: not there)
    matched_by          tags | order | null
    status              same | annotations | different | only_in_a | only_in_b
    tags                [{name, a, b}]: tags whose values differ (null: missing)
    result              {a, b}: the result tokens, when they differ, else null
    divergence          null, or the first turn where the moves differ:
                        {turn (1-based place in the main line), a, b (the turn in
                        each copy, null if it has none), a_board, b_board (text board
                        after that turn, or after the copy's last turn, or before the
                        turn when the copy cannot play it; null when it cannot be
                        replayed that far), a_board_turn, b_board_turn (the place of
                        the turn each board follows, 0: the start)}
    changes             [{kind: changed | only_in_a | only_in_b, a_turn, b_turn, a, b}]:
                        the rows of the side-by-side diff that differ
    annotations         [{a_turn, b_turn, turn, a, b}]: turns whose moves agree and
                        whose comments, NAGs or variations differ (turn 0: comments
                        of a game without turns)
    replay              {a, b}: null, or where that copy stops being replayable:
                        {turn (null: before the first turn), kind, message}

Exit codes: 0 the same, 1 different or a record with a syntax error, 2 a usage or I/O
error (an unreadable file).

Examples:
  billes diff examples/aggravation/four-players.bgn examples/aggravation/analysed.bgn   # exit 1
  billes diff --moves-only examples/aggravation/four-players.bgn examples/aggravation/analysed.bgn
  billes diff --format json examples/offboard/club-final.bgn \\
      examples/offboard/invalid/seat.bgn                                                # exit 1

(analysed.bgn is four-players.bgn with analysis comments: the same moves, other annotations,
which --moves-only leaves out.)";

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The first record file (`-` for stdin)
    pub a: PathBuf,
    /// The second record file (`-` for stdin)
    pub b: PathBuf,
    /// Report format
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
    /// Ignore annotation differences (comments, NAGs, variations)
    #[arg(long)]
    pub moves_only: bool,
    /// Colour the text report (auto: when stdout is a terminal; NO_COLOR,
    /// CLICOLOR_FORCE and TERM=dumb are followed)
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Print nothing: the exit code says whether the records differ
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

pub fn run(args: &DiffArgs) -> anyhow::Result<u8> {
    if args.a.as_os_str() == "-" && args.b.as_os_str() == "-" {
        bail!("only one of the two records can come from standard input");
    }
    // Two passes over each file, one parsed game at a time: the first finds
    // the syntax errors and the keys the games pair by, the second reads the
    // games of each pair as it comes (see `Side`).
    let mut sides = Vec::new();
    let mut errors = Vec::new();
    let mut keys = Vec::new();
    for path in [&args.a, &args.b] {
        let side = Side::new(path)?;
        let mut side_keys = Vec::new();
        for item in side.games()? {
            match item.with_context(|| format!("cannot read {}", side.name))? {
                Ok((_, game)) => side_keys.push(key(&game)),
                Err(e) => errors.push(e),
            }
        }
        keys.push(side_keys);
        sides.push(side);
    }
    if !errors.is_empty() {
        // The input is wrong (exit 1), as for every verb.
        for e in &errors {
            errln!("{e}\n");
        }
        errln!("billes: not compared: the records have syntax errors");
        return Ok(INVALID);
    }
    let options = Options {
        moves_only: args.moves_only,
        rules: billes_archive::RulePolicy::from_tags(),
    };
    let (a, b) = (&sides[0], &sides[1]);
    let mut a_games = a.games()?.enumerate();
    let mut b_games = Ahead::new(b.games()?, MAX_KEPT_BYTES);
    let report = compare_files_by(
        (&a.name, &keys[0]),
        (&b.name, &keys[1]),
        &options,
        |i, j| -> anyhow::Result<_> {
            let a_game = loop {
                match a_games.next() {
                    Some((n, item)) if n == i => break a.parsed(item)?,
                    Some(_) => {}
                    None => bail!("{} changed while it was compared", a.name),
                }
            };
            let b_game = b_games.take(j, b)?;
            Ok((a_game, b_game))
        },
    )?;
    let mut out = io::stdout().lock();
    match args.format {
        _ if args.quiet => {}
        ReportFormat::Text if use_color(args.color, Stream::Stdout) => {
            let mut text = Vec::new();
            report.write_text(&mut text)?;
            out.write_all(colour_report(&String::from_utf8_lossy(&text)).as_bytes())?;
        }
        ReportFormat::Text => report.write_text(&mut out)?,
        ReportFormat::Json => report.write_json(&mut out)?,
        ReportFormat::Yaml => report.write_yaml(&mut out)?,
    }
    out.flush()?;
    Ok(if report.stopped() {
        // A copy the wall-clock guard stopped was not compared to the end:
        // no verdict (exit 2), as for every verb.
        IO_ERROR
    } else if report.same {
        OK
    } else {
        INVALID
    })
}

/// One of the two records: a file, read again for each pass, or standard
/// input, read once and kept as text (never as parsed games).
struct Side {
    input: Input,
    name: String,
    text: Option<std::sync::Arc<[u8]>>,
}

impl Side {
    fn new(path: &std::path::Path) -> anyhow::Result<Side> {
        let input = Input::from_path(path);
        let name = input.name();
        let text = match input {
            Input::Stdin => Some(
                input
                    .read_all()
                    .with_context(|| format!("cannot read {name}"))?
                    .into(),
            ),
            Input::File(_) => None,
        };
        Ok(Side { input, name, text })
    }

    /// The games of the record, one at a time.
    fn games(&self) -> anyhow::Result<Games> {
        Ok(match &self.text {
            Some(text) => games_in(Box::new(io::Cursor::new(text.clone())), &self.name),
            None => games(&self.input, &self.name)
                .with_context(|| format!("cannot read {}", self.name))?,
        })
    }

    /// A game of the second pass, which the first found sound.
    fn parsed(&self, item: io::Result<Result<(GameSource, Game), Unread>>) -> anyhow::Result<Game> {
        match item.with_context(|| format!("cannot read {}", self.name))? {
            Ok((_, game)) => Ok(game),
            Err(_) => bail!("{} changed while it was compared", self.name),
        }
    }
}

/// The games of B as the pairs ask for them: B's games are read in order,
/// and those read before their turn kept as text until it comes (none when
/// the two files list their games in the same order), at most
/// [`MAX_KEPT_BYTES`] of them.
struct Ahead {
    games: std::iter::Enumerate<Games>,
    kept: HashMap<usize, GameSource>,
    kept_bytes: usize,
    limit: usize,
}

/// The most text of B's games kept waiting for their pair: 512 MiB (with
/// standard input, itself held, at most 1 GiB, under 2 GiB in all).
pub const MAX_KEPT_BYTES: usize = 512 << 20;

impl Ahead {
    fn new(games: Games, limit: usize) -> Ahead {
        Ahead {
            games: games.enumerate(),
            kept: HashMap::new(),
            kept_bytes: 0,
            limit,
        }
    }

    /// Game `j` (0-based) of `side`.
    fn take(&mut self, j: usize, side: &Side) -> anyhow::Result<Game> {
        let changed = || anyhow::anyhow!("{} changed while it was compared", side.name);
        if let Some(source) = self.kept.remove(&j) {
            self.kept_bytes -= source.text.len();
            return source.parse().map_err(|_| changed());
        }
        loop {
            let Some((n, item)) = self.games.next() else {
                return Err(changed());
            };
            if n == j {
                return side.parsed(item);
            }
            match item.with_context(|| format!("cannot read {}", side.name))? {
                Ok((source, _)) => {
                    self.kept_bytes += source.text.len();
                    if self.kept_bytes > self.limit {
                        bail!(
                            "{}: more than {} of its games come before their pair: the two \
                             files list their games in too different an order to be compared",
                            side.name,
                            billes_notation::file::bytes(self.limit as u64),
                        );
                    }
                    self.kept.insert(n, source);
                }
                Err(_) => return Err(changed()),
            }
        }
    }
}

const RED: &str = "\x1b[31m";
const GREEN: &str = "\x1b[32m";
const YELLOW: &str = "\x1b[33m";
const CYAN: &str = "\x1b[36m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// The text report with colours, as `git diff` has them: what only A has
/// in red, what only B has in green, changed turns in yellow, hunk heads in
/// cyan and each game's verdict in bold. Boards are left plain.
fn colour_report(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut in_turns = false;
    for line in text.split_inclusive('\n') {
        if !line.starts_with("    ") {
            in_turns = line.starts_with("  turns (");
        }
        let style = if line.starts_with("game ") {
            Some(BOLD)
        } else if line.starts_with("A: ")
            || line.starts_with("    A: ")
            || line.starts_with("      A: ")
        {
            Some(RED)
        } else if line.starts_with("B: ")
            || line.starts_with("    B: ")
            || line.starts_with("      B: ")
        {
            Some(GREEN)
        } else if in_turns {
            match line.get(4..6) {
                Some("- ") => Some(RED),
                Some("+ ") => Some(GREEN),
                Some("~ ") => Some(YELLOW),
                Some("@@") => Some(CYAN),
                _ => None,
            }
        } else {
            None
        };
        match style {
            Some(style) => {
                let body = line.trim_end_matches('\n');
                out.push_str(style);
                out.push_str(body);
                out.push_str(RESET);
                out.push_str(&line[body.len()..]);
            }
            None => out.push_str(line),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{colour_report, Ahead, Side};

    /// B's games read before their pair are kept within the limit, and
    /// past it the comparison stops with a message, never a memory that
    /// grows with B.
    #[test]
    fn games_kept_waiting_for_their_pair_are_bounded() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("b.bgn");
        let game = |round: usize| {
            format!("[Game \"aggravation\"]\n[Round \"{round}\"]\n[Seats \"R B\"]\n\n1. R6 +\n*\n")
        };
        let text: Vec<String> = (1..=4).map(game).collect();
        std::fs::write(&path, text.join("\n")).expect("written");
        let side = Side::new(&path).expect("a side");
        // The last game first: the three before it are kept, then given.
        let mut ahead = Ahead::new(side.games().expect("games"), 1000);
        assert!(ahead.take(3, &side).is_ok());
        assert_eq!(ahead.kept.len(), 3);
        for j in 0..3 {
            assert!(ahead.take(j, &side).is_ok());
        }
        assert_eq!(ahead.kept_bytes, 0);
        // Room for two games' text, not three.
        let two = text[0].len() + text[1].len() + 2;
        let mut ahead = Ahead::new(side.games().expect("games"), two);
        let err = ahead.take(3, &side).expect_err("past the limit");
        assert!(
            err.to_string().contains("games come before their pair"),
            "{err}"
        );
    }

    #[test]
    fn only_diff_rows_are_coloured() {
        let text = "A: a\nB: b\n\ngame 1: different\n  turns (x):\n    - 1. R6 +\n    ~ 2. R1\n      3. B4\n  position in A:\n    - board\n";
        let out = colour_report(text);
        assert!(out.contains("\x1b[31m    - 1. R6 +\x1b[0m\n"));
        assert!(out.contains("\x1b[33m    ~ 2. R1\x1b[0m\n"));
        assert!(out.contains("\n      3. B4\n"));
        assert!(out.ends_with("\n    - board\n"));
    }
}
