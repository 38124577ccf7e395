//! Annotate's comments: a comment on each turn telling what it did, in the
//! game's words (`{@ marble entered; rolls again}`), and their removal.
//!
//! Annotate's comments are the comments after a turn whose text starts with
//! `@ ` (notation/SPEC.md, "Annotations"). Annotating first removes them and
//! then writes fresh ones, so annotating twice gives what annotating once
//! gave; [`strip`] removes them and nothing else. [`annotate_games`] does
//! either to an input's games one at a time, writing each as it is done.
//!
//! ```
//! use billes_archive::annotate;
//! use billes_archive::rules::{Place, RulePolicy};
//!
//! let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + {entered}\n*\n";
//! let mut game = billes_notation::parse_game(record).unwrap();
//! let rules = RulePolicy::default().resolver().rule_set(&Place::file("club.bgn"), &game).unwrap();
//! annotate::annotate_game(&rules, &mut game).unwrap();
//! let text = billes_notation::write_game(&game);
//! assert!(text.contains("1. R6 + {@ marble entered; rolls again} {entered}"));
//! annotate::strip(&mut game.line);
//! assert!(!billes_notation::write_game(&game).contains("{@"));
//! ```

use std::io;

use billes_analysis::GameAnalysis;
use billes_core::{Described, ReplayError};
use billes_notation::{write_game_to, Comment, Game, GameSource, Line, Span};

use crate::input::Unread;
use crate::rules::{Place, Resolver};
use crate::RuleSet;

/// How an annotation comment starts: `{@ marble entered}`.
pub const MARKER: &str = "@ ";

/// Whether a comment is one annotate wrote.
pub fn is_annotation(comment: &Comment) -> bool {
    comment.text.starts_with(MARKER)
}

/// Replaces annotate's comments in `game` with fresh ones: what each turn
/// did under `rules`, the record's rules.
///
/// # Errors
/// When the game does not replay: its first mistake (the game is then left
/// without annotate's comments).
pub fn annotate_game(rules: &RuleSet, game: &mut Game) -> Result<(), ReplayError> {
    strip(&mut game.line);
    let described = rules.engine().describe(game)?;
    annotate(&mut game.line, &described);
    Ok(())
}

/// Removes annotate's comments from a line and its variations.
pub fn strip(line: &mut Line) {
    for turn in &mut line.turns {
        if turn.after().iter().any(is_annotation) {
            turn.after_mut().retain(|c| !is_annotation(c));
        }
        if !turn.variations().is_empty() {
            for variation in turn.variations_mut() {
                strip(variation);
            }
        }
    }
}

/// Puts each turn's phrases first among its comments after, in its
/// variations too: `described` is what
/// [`Engine::describe`](billes_core::Engine::describe) says of the line.
pub fn annotate(line: &mut Line, described: &[Described]) {
    for (turn, d) in line.turns.iter_mut().zip(described) {
        if !d.phrases.is_empty() {
            turn.after_mut().insert(
                0,
                Comment {
                    text: format!("{MARKER}{}", d.phrases.join("; ")).into(),
                    span: Span::default(),
                },
            );
        }
        if !turn.variations().is_empty() {
            for (variation, dv) in turn.variations_mut().iter_mut().zip(&d.variations) {
                annotate(variation, dv);
            }
        }
    }
}

/// What [`annotate_games`] does to each game.
#[derive(Default)]
pub struct Work<'a> {
    /// Remove annotate's comments and the analysis comments, nothing else.
    pub strip: bool,
    /// Analyse each game before annotating it, and write the analysis into
    /// it ([`billes_analysis::comment::annotate`]).
    pub analyse: Option<&'a Analyse<'a>>,
    /// With `analyse`: analyse again the games already analysed, which are
    /// otherwise left as they are ([`Event::AlreadyAnalysed`]).
    pub force: bool,
}

/// The analysis of one game (`billes analyze`'s, with its settings).
pub type Analyse<'a> = dyn Fn(&GameSource, &Game) -> Result<GameAnalysis, ReplayError> + 'a;

impl std::fmt::Debug for Work<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Work")
            .field("strip", &self.strip)
            .field("analyse", &self.analyse.is_some())
            .field("force", &self.force)
            .finish()
    }
}

/// What [`annotate_games`] meets on the way, in the order of the games.
#[derive(Debug)]
pub enum Event<'a> {
    /// A game that is not annotated: it could not be read (not UTF-8),
    /// has a syntax error or does not replay. Every problem of it, rendered
    /// as the text report of `billes validate` gives them (read past its
    /// syntax errors, checked past its mistakes:
    /// [`render_game`](crate::validate::render_game)).
    Invalid(&'a str),
    /// A game whose check the wall-clock guard stopped (`time_guard`): not
    /// annotated, and no verdict on it; its problems rendered as for
    /// [`Event::Invalid`].
    Stopped(&'a str),
    /// A game already analysed, annotated but not analysed again.
    AlreadyAnalysed(&'a GameSource),
    /// A game whose analysis failed.
    Failed(&'a GameSource, &'a ReplayError),
}

/// How [`annotate_games`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Annotated {
    /// The games written.
    pub written: usize,
    /// Whether a game could not be read, parsed, replayed or analysed: the
    /// output then stops before it.
    pub failed: bool,
}

/// Why [`annotate_games`] stopped.
#[derive(Debug, thiserror::Error)]
pub enum AnnotateError {
    /// The input could not be read.
    #[error("cannot read {name}")]
    Read {
        /// The input's name.
        name: String,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// The output could not be written.
    #[error("cannot write the annotated text")]
    Write(#[source] io::Error),
}

/// Annotates (or strips) the games of an input one at a time and hands
/// each game's canonical text to `write` as soon as it is done (a blank
/// line before every game but the first), so that only the game at hand is
/// held, whatever the number of games: `games` is
/// [`input::games`](crate::input::games) of the input named `name`, each
/// record played under the rules `resolver` gives it. Once a game fails,
/// nothing more is written, the output stopping before it; the games after
/// it are still read, parsed and replayed, so that every mistake is
/// reported to `event`, but not analysed.
///
/// ```
/// use billes_archive::annotate::{annotate_games, Work};
/// use billes_archive::input::games_in;
/// use billes_archive::RulePolicy;
///
/// let record = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 +\n*\n";
/// let games = games_in(Box::new(record.as_bytes()), "club.bgn");
/// let resolver = RulePolicy::default().resolver();
/// let mut text = String::new();
/// let mut write = |game: &str| {
///     text.push_str(game);
///     Ok(())
/// };
/// let done = annotate_games(games, "club.bgn", &resolver, &Work::default(), &mut write, &mut |_| {})?;
/// assert_eq!((done.written, done.failed), (1, false));
/// assert!(text.contains("1. R6 + {@ marble entered; rolls again}"));
/// # Ok::<(), billes_archive::annotate::AnnotateError>(())
/// ```
///
/// # Errors
/// When the input cannot be read or `write` fails: the games after it are
/// then left alone.
pub fn annotate_games(
    games: impl Iterator<Item = io::Result<Result<(GameSource, Game), Unread>>>,
    name: &str,
    resolver: &Resolver,
    work: &Work<'_>,
    write: &mut dyn FnMut(&str) -> io::Result<()>,
    event: &mut dyn FnMut(Event<'_>),
) -> Result<Annotated, AnnotateError> {
    let mut done = Annotated {
        written: 0,
        failed: false,
    };
    let mut text = String::new();
    for item in games {
        let item = item.map_err(|source| AnnotateError::Read {
            name: name.to_owned(),
            source,
        })?;
        let (source, mut game) = match item {
            Ok(game) => game,
            Err(unread) => {
                event(Event::Invalid(
                    &invalid(unread.source.as_ref(), name, resolver).unwrap_or(unread.diagnostic),
                ));
                done.failed = true;
                continue;
            }
        };
        match annotate_one(&source, &mut game, name, resolver, work, done.failed, event) {
            Ok(()) => {}
            Err(Failure::Analysis(err)) => {
                event(Event::Failed(&source, &err));
                done.failed = true;
                continue;
            }
            Err(Failure::Invalid(err)) => {
                let rendered = invalid(Some(&source), name, resolver);
                let rendered = rendered.unwrap_or_else(|| {
                    crate::diagnostic::render_replay_error(name, &source, &err, false)
                });
                event(if err.kind.is_verdict() {
                    Event::Invalid(&rendered)
                } else {
                    Event::Stopped(&rendered)
                });
                done.failed = true;
                continue;
            }
        }
        if !done.failed {
            text.clear();
            if done.written > 0 {
                text.push('\n');
            }
            write_game_to(&game, &mut text);
            write(&text).map_err(AnnotateError::Write)?;
            done.written += 1;
        }
    }
    Ok(done)
}

/// Why a game of [`annotate_games`] is not annotated.
enum Failure {
    /// It does not replay (its first mistake).
    Invalid(ReplayError),
    /// Its analysis failed.
    Analysis(ReplayError),
}

/// Every problem of the invalid game `source` (`None`: not text), as
/// `billes validate` reports it, colourless.
fn invalid(source: Option<&GameSource>, name: &str, resolver: &Resolver) -> Option<String> {
    let rendered = crate::validate::render_game(source?, name, resolver.policy(), false);
    Some(rendered.trim_end().to_string()).filter(|r| !r.is_empty())
}

/// One game of [`annotate_games`], analysed first unless `failed` (the
/// output has stopped). A game that does not replay is not analysed.
fn annotate_one(
    source: &GameSource,
    game: &mut Game,
    name: &str,
    resolver: &Resolver,
    work: &Work<'_>,
    failed: bool,
    event: &mut dyn FnMut(Event<'_>),
) -> Result<(), Failure> {
    use billes_analysis::comment;
    if work.strip {
        strip(&mut game.line);
        comment::strip(&mut game.line);
        return Ok(());
    }
    let rules = resolver
        .rule_set(&Place::file(name), game)
        .map_err(Failure::Invalid)?;
    if let Some(analyse) = work.analyse {
        if !work.force && comment::is_analysed(&game.line) {
            event(Event::AlreadyAnalysed(source));
        } else if !failed {
            rules.engine().validate(game).map_err(Failure::Invalid)?;
            let analysis = analyse(source, game).map_err(Failure::Analysis)?;
            comment::annotate(&mut game.line, &analysis);
        }
    }
    annotate_game(&rules, game).map_err(Failure::Invalid)
}
