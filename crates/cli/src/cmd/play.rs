//! `billes play`: record a game at the table, a line at a time. The session
//! (checking a line, undo, the prompt, the moves of a roll) is
//! [`billes_archive::play`]; this verb reads the lines (rustyline on a
//! terminal, plain lines otherwise), holds the lock and writes the files.

use std::cell::RefCell;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use billes_archive::play::{Refused, Reply, Session, MAX_LINE};
use billes_archive::report::{self, Collector};
use billes_archive::rules::{Place, RuleSet};
use billes_archive::validate::{self, Outcome};
use billes_archive::RulePolicy;
use billes_notation::Game;
use clap::Args;

use super::{INVALID, IO_ERROR, OK};
use crate::atomic::{temporary_name, write_atomically};
use crate::lock::Lock;

mod record;

use record::{check_output, Changed, RecordFile};

pub const HELP: &str = "\
A missing FILE starts a new game from --game-kind, --seats, --teams, --rules, --position and \
--tag; an existing FILE resumes its last game (or --game N) after it is validated (an invalid \
record is refused with validate's report, and left as it is). Each line is a turn as written \
in a record (`G4 g9-g13`, `R6 +`, `B6 i3-e5 #a2`; the turn number and the seat may be left \
out: `4 g9-g13`), a roll alone (`4`: its legal moves are listed, numbered, and a number or a \
name (`r12-b1`, `o4` for `#o4`) picks one; Enter plays the only one), or a command (`:help` \
lists them). Each line is checked at once, with validate's messages; the marks are written by \
billes. After every change the whole record is rewritten atomically: it is always a valid, \
canonical record.

When standard input is not a terminal, the lines are read from it with no prompt (--prompt \
shows it); each accepted turn is printed once the record holding it is on disk; a refused line \
is told on stderr with its line number, the next lines are read, and the run ends with exit \
code 1. A second billes play of the same file is refused while one runs (exit 2). A record \
changed by another program during the session is not written over: the session's record is \
saved beside it, as NAME.billes-rescue.bgn, and the run stops (exit 2). --html may not name the \
record. The guide: docs/play.md.

Examples:
  billes play club.bgn --game-kind aggravation --seats \"R B G Y\" --tag Event=\"Club night\"
  billes play club.bgn                       # resume the last game
  billes play club.bgn --html live.html      # a page for spectators, reloaded as the game goes
  echo \"R6 +\" | billes play club.bgn         # turns from a pipe (or: < transcript.txt)";

/// How often the spectators' page reloads itself, in seconds.
const REFRESH_SECONDS: u32 = 2;

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The record: resumed when it exists, else made
    pub file: PathBuf,
    /// Which game of the file to resume (1-based; default: the last)
    #[arg(long)]
    pub game: Option<usize>,
    // The help lists the games of the registry.
    #[arg(long, value_name = "GAME", help = crate::cli::games_help("A new game's game"))]
    pub game_kind: Option<String>,
    /// A new game's seats, as in a Seats tag ("R B G Y")
    #[arg(long)]
    pub seats: Option<String>,
    /// A new game's teams, as in a Teams tag ("R+G B+Y")
    #[arg(long)]
    pub teams: Option<String>,
    /// A new game's start position, as in a Position tag
    #[arg(long, value_name = "TAG VALUE")]
    pub position: Option<String>,
    /// A tag of a new game, NAME=VALUE (Event, Round, Date, players'
    /// names...); may be repeated
    #[arg(long = "tag", value_name = "NAME=VALUE")]
    pub tags: Vec<String>,
    /// Rewrite this HTML viewer after every change, for spectators (it
    /// reloads itself every 2 seconds until the game is won, and follows
    /// the game while it shows the last turn)
    #[arg(long, value_name = "VIEWER.html")]
    pub html: Option<PathBuf>,
    /// Print the prompt and the line read before what it does, also when
    /// standard input is not a terminal (a transcript reads like a session)
    #[arg(long)]
    pub prompt: bool,
    #[command(flatten)]
    pub rules: crate::rules::RulePolicyArgs,
}

pub fn run(args: &PlayArgs) -> anyhow::Result<u8> {
    let Some(policy) = args.rules.policy()? else {
        return Ok(INVALID);
    };
    let target = target(&args.file)?;
    if let Some(html) = &args.html {
        check_output("--html", html, &target)?;
    }
    let _lock = Lock::take(&target)?;
    // A temporary file left by a run killed while it wrote: ours, as the
    // lock is.
    let _ = std::fs::remove_file(temporary_name(&target));
    let name = args.file.display().to_string();
    let exists = target.exists();
    let record;
    let (games, index) = if exists {
        if new_game_options(args) {
            bail!(
                "{name} exists: it is resumed, and --game-kind, --seats, --teams, --position \
                 and --tag are for a new file"
            );
        }
        // What the file holds before its games are read: a change made
        // from now on is seen at the first rewrite.
        record = RecordFile::existing(target.clone())?;
        match read(&target, &name, &policy)? {
            Ok(games) => {
                let index = args.game.unwrap_or(games.len());
                (games, index)
            }
            Err(code) => return Ok(code),
        }
    } else {
        if args.game.is_some() {
            bail!("{name} does not exist: --game is for resuming a file");
        }
        record = RecordFile::absent(target.clone());
        (vec![new_game(args, &target)?], 1)
    };
    let resolver = policy.resolver();
    let Some(game) = games.get(index.wrapping_sub(1)) else {
        bail!("{name} has {} games, not {index}", games.len());
    };
    let rules: RuleSet = match resolver.rule_set(&Place::file(&name), game) {
        Ok(r) => r,
        Err(e) => {
            errln!("billes: error: {name}: {}", e.message);
            return Ok(INVALID);
        }
    };
    let session = match Session::new(rules.engine(), games, index) {
        Ok(s) => s,
        Err(e) => {
            errln!("billes: error: {name}: {}", e.message);
            return Ok(INVALID);
        }
    };
    let mut files = Files {
        record,
        html: args.html.clone(),
        failed: false,
        unwritten: None,
    };
    if !exists {
        if !files.write(&session) {
            return Ok(IO_ERROR);
        }
    } else if files.html.is_some() {
        files.write_html(&session);
    }
    let code = if io::stdin().is_terminal() {
        terminal(session, &mut files)
    } else {
        lines(session, &mut files, args.prompt)
    };
    files.finish();
    let code = code?;
    Ok(if files.failed { IO_ERROR } else { code })
}

/// The record's path, its symbolic links followed (the record and its
/// lock are the file's, whatever name it is given by).
fn target(file: &Path) -> anyhow::Result<PathBuf> {
    match std::fs::symlink_metadata(file) {
        Ok(m) if m.is_dir() => bail!("{} is a folder, not a record", file.display()),
        Ok(m) if m.file_type().is_symlink() => {
            let to = std::fs::canonicalize(file).with_context(|| {
                format!(
                    "{} is a symbolic link to nothing: no record is made through it",
                    file.display()
                )
            })?;
            if to.is_dir() {
                bail!("{} leads to a folder, not a record", file.display());
            }
            Ok(to)
        }
        Ok(m) if !m.is_file() => bail!("{} is not a regular file", file.display()),
        _ => Ok(file.to_path_buf()),
    }
}

fn new_game_options(args: &PlayArgs) -> bool {
    args.game_kind.is_some()
        || args.seats.is_some()
        || args.teams.is_some()
        || args.position.is_some()
        || !args.tags.is_empty()
}

/// The games of an existing record, validated as `billes validate` does;
/// or the exit code after its report.
fn read(target: &Path, name: &str, policy: &RulePolicy) -> anyhow::Result<Result<Vec<Game>, u8>> {
    let settings = validate::Settings {
        rules: policy.clone(),
        diagnostics: true,
        color: crate::output::stderr_color(),
        keep: true,
        ..Default::default()
    };
    let found = billes_archive::input::expand_in_order(&[target.to_path_buf()]);
    let mut collector = Collector::new(report::Settings {
        diagnostics: true,
        ..Default::default()
    });
    let mut games = Vec::new();
    let mut report_text = Vec::new();
    validate::run(found, 1, &settings, &mut |mut outcome: Outcome| {
        if let Some(game) = outcome.take_kept().and_then(|k| k.game) {
            games.push(game);
        }
        collector.accept(outcome, &mut report_text)
    })?;
    let (report, io_failure) = collector.finish();
    if io_failure || !report.kinds.is_empty() {
        report.write_text(&mut report_text)?;
        errln!(
            "{}billes: error: {name} is not a valid record: it is not resumed, and left as it is",
            String::from_utf8_lossy(&report_text)
        );
        // A check the wall-clock guard stopped is no verdict on the record:
        // exit 2, as for an I/O error.
        let stopped = report.stopped > 0;
        return Ok(Err(if io_failure || stopped {
            IO_ERROR
        } else {
            INVALID
        }));
    }
    if games.is_empty() {
        bail!("{name} holds no game: give --game-kind for a new one (after removing the file)");
    }
    Ok(Ok(games))
}

/// A new game's record, from the options.
fn new_game(args: &PlayArgs, target: &Path) -> anyhow::Result<Game> {
    let Some(kind_name) = &args.game_kind else {
        bail!(
            "{} does not exist: give --game-kind (and --seats) to start a new game",
            args.file.display()
        );
    };
    let kind = billes_core::registry::named(kind_name).with_context(|| {
        format!(
            "unknown game \"{kind_name}\" (expected {})",
            billes_core::registry::list(" or ")
        )
    })?;
    let mut tags = vec![("Game".to_string(), kind.name().to_string())];
    if let Some(rules) = &args.rules.rules {
        let policy = RulePolicy::from_option(Some(rules))?;
        let value = match policy.forced_variant() {
            Some(source) => super::simulate::rules_tag(source, Some(target))?,
            None => "standard".to_string(),
        };
        tags.push(("Rules".into(), value));
    }
    for tag in &args.tags {
        let Some((name, value)) = tag.split_once('=') else {
            bail!("--tag {tag}: write NAME=VALUE");
        };
        let good = name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !good || ["Game", "Rules", "Seats", "Teams", "Position", "Result"].contains(&name) {
            bail!("--tag {tag}: {name} is no tag to give here (letters, digits and _; Game, Rules, Seats, Teams and Position have their own options)");
        }
        if billes_archive::play::has_control(value) {
            bail!(
                "--tag {}: a control character in the value",
                billes_notation::control_pictures(tag)
            );
        }
        tags.push((name.to_string(), value.to_string()));
    }
    for (name, value) in [
        ("Seats", &args.seats),
        ("Teams", &args.teams),
        ("Position", &args.position),
    ] {
        if let Some(v) = value {
            tags.push((name.to_string(), v.clone()));
        }
    }
    Ok(Game::header(tags))
}

/// The files a session writes.
struct Files {
    record: RecordFile,
    html: Option<PathBuf>,
    /// Whether a write failed (the exit code is then 2).
    failed: bool,
    /// The session's record when the file does not hold it (its last
    /// write failed): saved beside it if the session ends so.
    unwritten: Option<String>,
}

impl Files {
    /// Writes the record (and the page), saying on stderr what failed.
    /// `false`: the record was changed underneath, and not written over;
    /// the session's record is saved beside it, and the session stops.
    fn write(&mut self, session: &Session<'_>) -> bool {
        let text = session.text();
        match self.record.write(text.as_bytes()) {
            Ok(()) => self.unwritten = None,
            Err(e) if e.downcast_ref::<Changed>().is_some() => {
                self.failed = true;
                self.unwritten = None;
                self.rescue(&e.to_string(), &text, "the session stops");
                return false;
            }
            Err(e) => {
                self.failed = true;
                errln!(
                    "billes: error: {e:#}\n  = note: the record is kept in memory and written \
                     again at the next change (saved beside the file if the session ends first)"
                );
                self.unwritten = Some(text);
            }
        }
        self.write_html(session);
        true
    }

    /// Saves the session's record beside the file, saying `why` and where
    /// it went; when it cannot be saved, it is shown on stderr.
    fn rescue(&self, why: &str, text: &str, then: &str) {
        match self.record.rescue(text.as_bytes()) {
            Ok(path) => errln!(
                "billes: error: {why}\n  = note: the session's record is saved in {}; {then}",
                path.display()
            ),
            Err(e) => errln!(
                "billes: error: {why}\n  = note: the session's record could not be saved \
                 beside it ({e:#}); {then}; here it is:\n{text}"
            ),
        }
    }

    /// The session ends: a record the file does not hold (its last write
    /// failed) is saved beside it.
    fn finish(&mut self) {
        if let Some(text) = self.unwritten.take() {
            let why = format!(
                "the last change could not be written to {}",
                self.record.path().display()
            );
            self.rescue(&why, &text, "the file is left as it was");
        }
    }

    fn write_html(&mut self, session: &Session<'_>) {
        let Some(path) = &self.html else { return };
        let mut viewer = billes_render::Viewer::new(&billes_render::Options::default());
        // Checked again at each write: a name the record was given since
        // the start (a case-insensitive file system) is not written over.
        let page = check_output("--html", path, self.record.path())
            .and_then(|()| Ok(viewer.add(1, session.engine(), session.game())?))
            .and_then(|_| write_atomically(path, live_page(&viewer, session).as_bytes()));
        if let Err(e) = page {
            self.failed = true;
            errln!("billes: error: the page {}: {e:#}", path.display());
        }
    }
}

/// The spectators' page: reloaded every [`REFRESH_SECONDS`] while the game
/// goes on, no more once it is won (a game stopped early with `:result`
/// may be resumed: its page goes on reloading).
fn live_page(viewer: &billes_render::Viewer, session: &Session<'_>) -> String {
    let reload = (!session.is_over()).then_some(REFRESH_SECONDS);
    viewer.live_page(reload)
}

/// How a refused line is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shown {
    /// As `billes validate` shows a mistake: at the line's position in the
    /// transcript (`<stdin>:12:4`), against the line checked (the line
    /// typed with the turn number and seat billes adds). For input that is
    /// no terminal: a script's author finds the line by its number.
    Transcript,
    /// Against the line as typed, with a caret under what is wrong, and
    /// no position: at a terminal, the line typed is just above, and
    /// `<stdin>:9:4` names no line the player can see.
    Typed,
}

/// Applies a line, prints what it did, writes the files after a change.
/// `Some(true)`: accepted; `Some(false)`: refused; `None`: quit.
fn step(
    session: &mut Session<'_>,
    files: &mut Files,
    line: &str,
    number: u32,
    (shown, color): (Shown, bool),
) -> io::Result<Option<bool>> {
    let reply = session.apply(line, number);
    // The record is on disk before the turn is said to be played; a record
    // changed underneath stops the session.
    if reply.as_ref().is_ok_and(Reply::changed) && !files.write(session) {
        return Ok(None);
    }
    let mut out = io::stdout().lock();
    match reply {
        Err(refused) => {
            report_refused(&refused, shown, color);
            return Ok(Some(false));
        }
        Ok(Reply::Quit) => return Ok(None),
        Ok(Reply::Nothing) => {}
        Ok(Reply::Played { turn, winners }) => {
            writeln!(out, "{turn}")?;
            if let Some(w) = winners {
                writeln!(out, "{} won", w.join("+"))?;
            }
        }
        Ok(Reply::Offered(text) | Reply::Shown(text) | Reply::Changed(text)) => {
            writeln!(out, "{text}")?;
        }
    }
    out.flush()?;
    Ok(Some(true))
}

fn report_refused(refused: &Refused, shown: Shown, color: bool) {
    match shown {
        Shown::Transcript => errln!("{}", refused.render("<stdin>", color)),
        Shown::Typed => errln!("{}", refused.render_typed(color)),
    }
}

/// Standard input is no terminal: plain lines, no prompt; exit 1 when a
/// line was refused.
fn lines(mut session: Session<'_>, files: &mut Files, prompt: bool) -> anyhow::Result<u8> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut code = OK;
    let mut number = 0u32;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let (read, whole) = read_line(&mut input, &mut buf)?;
        if read == 0 {
            break;
        }
        number = number.saturating_add(1);
        if !whole {
            errln!(
                "billes: error: <stdin>:{number}: the line is longer than {MAX_LINE} bytes: \
                 refused"
            );
            code = INVALID;
            continue;
        }
        let Ok(text) = std::str::from_utf8(&buf) else {
            errln!("billes: error: <stdin>:{number}: the line is not UTF-8 text: refused");
            code = INVALID;
            continue;
        };
        let text = text.trim_end_matches(['\n', '\r']);
        if prompt {
            let shown = billes_notation::control_pictures(text);
            let mut out = io::stdout().lock();
            writeln!(out, "{}{shown}", session.prompt())?;
            out.flush()?;
        }
        match step(
            &mut session,
            files,
            text,
            number,
            (Shown::Transcript, false),
        )? {
            Some(true) => {}
            Some(false) => code = INVALID,
            None => break,
        }
    }
    Ok(code)
}

/// Reads one line into `buf`, keeping at most [`MAX_LINE`] + 1 bytes of
/// it (the rest is read and dropped): the bytes read, and whether the line
/// fits.
fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<(usize, bool)> {
    let mut read = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok((read, buf.len() <= MAX_LINE + 2));
        }
        let (chunk, done) = match memchr_newline(available) {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let room = (MAX_LINE + 3).saturating_sub(buf.len());
        buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        read += used;
        input.consume(used);
        if done {
            return Ok((read, buf.len() <= MAX_LINE + 2));
        }
    }
}

fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

/// A terminal: rustyline, with the prompt, history and Tab completion.
fn terminal(session: Session<'_>, files: &mut Files) -> anyhow::Result<u8> {
    use rustyline::error::ReadlineError;
    let session = RefCell::new(session);
    let config = rustyline::Config::builder()
        .completion_type(rustyline::CompletionType::List)
        .max_history_size(10_000)?
        .build();
    let mut editor: rustyline::Editor<Helper<'_, '_>, rustyline::history::MemHistory> =
        rustyline::Editor::with_history(config, rustyline::history::MemHistory::new())?;
    editor.set_helper(Some(Helper { session: &session }));
    let color = crate::output::stderr_color();
    println!(
        "{} (:help lists the commands)",
        files.record.path().display()
    );
    let mut number = 0u32;
    loop {
        let prompt = session.borrow().prompt();
        let line = match editor.readline(&prompt) {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e.into()),
        };
        number = number.saturating_add(1);
        if !line.trim().is_empty() {
            let _ = editor.add_history_entry(line.as_str());
        }
        let shown = (Shown::Typed, color);
        let done = step(&mut session.borrow_mut(), files, &line, number, shown)?;
        if done.is_none() {
            break;
        }
    }
    Ok(OK)
}

/// Tab completion: the session's legal moves, seats and commands.
struct Helper<'s, 'e> {
    session: &'s RefCell<Session<'e>>,
}

impl rustyline::completion::Completer for Helper<'_, '_> {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &rustyline::Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        let before = line.get(..pos).unwrap_or(line);
        Ok(self.session.borrow().complete(before))
    }
}

impl rustyline::hint::Hinter for Helper<'_, '_> {
    type Hint = String;
}

impl rustyline::highlight::Highlighter for Helper<'_, '_> {}

impl rustyline::validate::Validator for Helper<'_, '_> {}

impl rustyline::Helper for Helper<'_, '_> {}
