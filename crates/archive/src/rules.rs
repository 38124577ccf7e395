//! Which rules a record is played under, decided in one place.
//!
//! A run's [`RulePolicy`] is what its command line says (`--rules`,
//! `--rules-dir`): a variant or the standard rules forced on every record,
//! or each record's own `Rules` tag. A [`Resolver`] (one per thread: a
//! loaded variant owns a Lua state) applies it to each record with
//! [`Resolver::rule_set`], the one function that reads a `Rules` tag, and
//! gives a [`RuleSet`]: the standard rules of the record's game, played
//! by the core alone, or a loaded variant. Every verb that replays a
//! record gets its rules there.
//!
//! ```
//! use billes_archive::rules::{Place, RulePolicy};
//!
//! let record = "[Game \"aggravation\"]\n[Rules \"five-marbles\"]\n[Seats \"R G\"]\n\n1. R6 + *\n";
//! let game = billes_notation::parse_game(record).unwrap();
//! let resolver = RulePolicy::from_tags().resolver();
//! let rules = resolver.rule_set(&Place::file("club.bgn"), &game).unwrap();
//! assert_eq!(rules.variant().map(|v| v.name()), Some("five-marbles"));
//! assert_eq!(rules.engine().validate(&game).unwrap().turns, 1);
//! // The standard rules forced over the record's tag.
//! let standard = RulePolicy::standard().resolver();
//! let rules = standard.rule_set(&Place::file("club.bgn"), &game).unwrap();
//! assert!(rules.variant().is_none());
//! assert_eq!(rules.rules_name(&game), "standard");
//! ```

use std::cell::RefCell;
use std::path::{Component, Path, PathBuf};
use std::rc::Rc;

use billes_core::{Engine, ErrorKind, GameKind, ReplayError, Standard};
use billes_lua::{Variant, VariantError, VariantSource};
use billes_notation::Game;

/// How a run chooses each record's rules: what `--rules` and `--rules-dir`
/// say. Cheap to clone and `Send`: each thread makes its own
/// [`Resolver`] from it. The default reads each record's `Rules` tag.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RulePolicy {
    forced: Forced,
    /// A folder `Rules` tags may also name `.lua` files in.
    rules_dir: Option<PathBuf>,
}

/// What `--rules` forces on every record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
enum Forced {
    /// Nothing: each record's own `Rules` tag.
    #[default]
    Tags,
    /// The standard rules of each record's game (`--rules standard`).
    Standard,
    /// A variant (`--rules NAME|FILE`).
    Variant(VariantSource),
}

impl RulePolicy {
    /// Each record under its own `Rules` tag (the default).
    pub const fn from_tags() -> RulePolicy {
        RulePolicy {
            forced: Forced::Tags,
            rules_dir: None,
        }
    }

    /// Every record under `source`, whatever its `Rules` tag says.
    pub fn forced(source: VariantSource) -> RulePolicy {
        RulePolicy {
            forced: Forced::Variant(source),
            rules_dir: None,
        }
    }

    /// Every record under its game's standard rules, whatever its `Rules`
    /// tag says (`--rules standard`).
    pub const fn standard() -> RulePolicy {
        RulePolicy {
            forced: Forced::Standard,
            rules_dir: None,
        }
    }

    /// What `--rules VALUE` says: a shipped variant, a `.lua` file (any
    /// file: the person running the tool chose it) or `standard`; `None`:
    /// each record's `Rules` tag. The script is read, not loaded: see
    /// [`RulePolicy::check`].
    ///
    /// # Errors
    /// An unknown name, a file that cannot be read.
    pub fn from_option(rules: Option<&str>) -> Result<RulePolicy, VariantError> {
        let Some(value) = rules else {
            return Ok(RulePolicy::from_tags());
        };
        Ok(match VariantSource::resolve(value, None)? {
            None => RulePolicy::standard(),
            Some(source) => RulePolicy::forced(source),
        })
    }

    /// Loads the forced variant once, for its mistakes to show before any
    /// record is read.
    ///
    /// # Errors
    /// A script that does not load ([`VariantError::Script`]: the script is
    /// wrong input).
    pub fn check(&self) -> Result<(), VariantError> {
        self.resolver().forced_variant().map(drop)
    }

    /// Lets `Rules` tags also name `.lua` files inside `dir`, beside those
    /// in the record's own folder tree (`--rules-dir DIR`).
    #[must_use]
    pub fn with_rules_dir(mut self, dir: Option<PathBuf>) -> RulePolicy {
        self.rules_dir = dir;
        self
    }

    /// The folder `--rules-dir` gave.
    pub fn rules_dir(&self) -> Option<&Path> {
        self.rules_dir.as_deref()
    }

    /// The variant forced on every record, if any.
    pub fn forced_variant(&self) -> Option<&VariantSource> {
        match &self.forced {
            Forced::Variant(source) => Some(source),
            _ => None,
        }
    }

    /// A resolver of this policy for the calling thread, with nothing
    /// loaded yet.
    pub fn resolver(&self) -> Resolver {
        Resolver {
            policy: self.clone(),
            loaded: RefCell::default(),
            tags: RefCell::default(),
            silent: false,
        }
    }
}

/// Where a record comes from, for its rules: the folder a `Rules` tag's
/// path is relative to, and how a variant's `print` names the record.
#[derive(Debug, Clone, Copy, Default)]
pub struct Place<'a> {
    /// The record file's folder (`None`: the current folder).
    dir: Option<&'a Path>,
    /// The file's name in messages, and the game's number in it.
    game: Option<(&'a str, usize)>,
}

impl<'a> Place<'a> {
    /// A record read from the file `name` (`<stdin>` or a path): a `Rules`
    /// tag's path is read from that file's folder.
    pub fn file(name: &'a str) -> Place<'a> {
        Place {
            dir: record_dir(name),
            game: None,
        }
    }

    /// A record whose `Rules` tag's path is read from `dir` (`None`: the
    /// current folder).
    pub fn dir(dir: Option<&'a Path>) -> Place<'a> {
        Place { dir, game: None }
    }

    /// The same place, the record being game `index` of the file `name`:
    /// a variant's `print` then says `name game index` inside a hook.
    #[must_use]
    pub fn game(self, name: &'a str, index: usize) -> Place<'a> {
        Place {
            game: Some((name, index)),
            ..self
        }
    }
}

/// The folder a record's relative `Rules` path is read from: the record
/// file's own (`None`: the current folder).
fn record_dir(name: &str) -> Option<&Path> {
    Path::new(name)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
}

/// A [`RulePolicy`] applied to records on one thread, loading each variant
/// once (a file however its path is spelled is one variant) and reading
/// each `Rules` tag value once per folder. Not `Send`: a loaded variant
/// owns a Lua state.
#[derive(Debug)]
pub struct Resolver {
    policy: RulePolicy,
    /// The variants loaded so far.
    loaded: RefCell<Vec<(VariantSource, Rc<Variant>)>>,
    /// `Rules` tag values read so far: value, folder, the variant named.
    tags: RefCell<Vec<TagEntry>>,
    /// Whether its variants' `print` writes nothing ([`Resolver::silent`]).
    silent: bool,
}

/// A `Rules` tag value read from a folder, and the variant it names
/// (`None`: the standard rules).
type TagEntry = (String, Option<PathBuf>, Option<VariantSource>);

impl Resolver {
    /// The same resolver, whose variants' `print` writes nothing: for
    /// replays of records already checked under them (`export` makes a
    /// long game's rows in replays of their own), whose lines the check
    /// printed.
    pub fn silent(self) -> Resolver {
        Resolver {
            silent: true,
            ..self
        }
    }

    /// The policy it applies.
    pub fn policy(&self) -> &RulePolicy {
        &self.policy
    }

    /// The rules `game`, read at `place`, is played under: the variant
    /// `--rules` forces, else the one its `Rules` tag names (see
    /// [`tag_source`] for the files a tag may name), else its game's
    /// standard rules. The standard rules are the core's alone: no Lua
    /// runs for them.
    ///
    /// # Errors
    /// A `Rules` tag naming no variant, or a script that does not load, is
    /// an error of kind [`billes_core::ErrorKind::Variant`] at the tag (of kind
    /// [`billes_core::ErrorKind::TimeGuard`] when the wall-clock guard stopped the
    /// script's run: no verdict on the record); a record of no
    /// known game (under the standard rules) is a tag error.
    pub fn rule_set(&self, place: &Place<'_>, game: &Game) -> Result<RuleSet, ReplayError> {
        if let Some(tag) = game.tag_entry("Game").filter(|t| is_game_path(&t.value)) {
            game_path(&tag.value, place.dir)
                .map_err(|m| ReplayError::new(ErrorKind::Tag, tag.span, m))?;
        }
        let tag = game.tag_entry("Rules");
        let at_tag = |e: VariantError| {
            let span = tag.map_or(game.span, |t| t.span);
            ReplayError::new(e.kind(), span, e.to_string())
        };
        let (source, forced) = match (&self.policy.forced, tag) {
            (Forced::Standard, _) => (None, true),
            (Forced::Variant(source), _) => (Some(source.clone()), true),
            (Forced::Tags, None) => (None, false),
            (Forced::Tags, Some(tag)) => (self.tag(&tag.value, place.dir).map_err(at_tag)?, false),
        };
        let Some(source) = source else {
            return Ok(RuleSet {
                rules: Chosen::Standard(Standard::forced(billes_core::registry::of(game)?)),
                forced,
            });
        };
        let variant = self.load(&source).map_err(at_tag)?;
        variant.print_record(
            place
                .game
                .map(|(name, index)| format!("{name} game {index}")),
        );
        Ok(RuleSet {
            rules: Chosen::Variant(variant),
            forced,
        })
    }

    /// The rules of a game of `kind` played with no record (`billes
    /// simulate`, `billes moves --game-kind`): the variant `--rules`
    /// forces, else the game's standard rules.
    ///
    /// # Errors
    /// A forced variant that does not load, or is for another game.
    pub fn rule_set_of(&self, kind: GameKind) -> Result<RuleSet, RuleSetError> {
        let Forced::Variant(source) = &self.policy.forced else {
            return Ok(RuleSet {
                rules: Chosen::Standard(Standard::forced(kind)),
                forced: true,
            });
        };
        let variant = self.load(source)?;
        if variant.game() != kind {
            return Err(RuleSetError::OtherGame {
                variant: variant.name().to_string(),
                of: variant.game(),
                kind,
            });
        }
        Ok(RuleSet {
            rules: Chosen::Variant(variant),
            forced: true,
        })
    }

    /// The variant `--rules` forces, loaded (`None`: no variant is forced).
    ///
    /// # Errors
    /// When it does not load.
    pub fn forced_variant(&self) -> Result<Option<Rc<Variant>>, VariantError> {
        match &self.policy.forced {
            Forced::Variant(source) => self.load(source).map(Some),
            _ => Ok(None),
        }
    }

    /// The variant of `source`, loaded once.
    fn load(&self, source: &VariantSource) -> Result<Rc<Variant>, VariantError> {
        if let Some(v) = self
            .loaded
            .borrow()
            .iter()
            .find(|(s, _)| s.same_script(source))
            .map(|(_, v)| Rc::clone(v))
        {
            return Ok(v);
        }
        let v = Rc::new(if self.silent {
            Variant::load_silent(source)?
        } else {
            Variant::load(source)?
        });
        self.loaded
            .borrow_mut()
            .push((source.clone(), Rc::clone(&v)));
        Ok(v)
    }

    /// The variant a `Rules` tag's `value` names, read from `dir`, once.
    fn tag(&self, value: &str, dir: Option<&Path>) -> Result<Option<VariantSource>, VariantError> {
        let value = value.trim();
        if let Some(found) = self
            .tags
            .borrow()
            .iter()
            .find(|(v, d, _)| v == value && d.as_deref() == dir)
            .map(|(_, _, s)| s.clone())
        {
            return Ok(found);
        }
        let source = tag_source(value, dir, self.policy.rules_dir())?;
        self.tags.borrow_mut().push((
            value.to_string(),
            dir.map(Path::to_path_buf),
            source.clone(),
        ));
        Ok(source)
    }
}

/// Why a game played with no record has no rules ([`Resolver::rule_set_of`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleSetError {
    /// The forced variant does not load.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// The forced variant is for another game.
    #[error("variant {variant} is for {of}, not {kind}")]
    OtherGame {
        /// The variant's name.
        variant: String,
        /// Its game.
        of: GameKind,
        /// The game asked for.
        kind: GameKind,
    },
}

/// The rules one record is played under, resolved ([`Resolver::rule_set`]):
/// its game's standard rules or a loaded variant. Cheap to clone.
#[derive(Debug, Clone)]
pub struct RuleSet {
    rules: Chosen,
    /// Whether `--rules` chose it, whatever the record's tag says.
    forced: bool,
}

#[derive(Debug, Clone)]
enum Chosen {
    Standard(Standard),
    Variant(Rc<Variant>),
}

impl RuleSet {
    /// The rules as an engine, to replay, check, describe and draw the
    /// record with.
    pub fn engine(&self) -> &dyn Engine {
        match &self.rules {
            Chosen::Standard(standard) => standard,
            Chosen::Variant(variant) => variant.as_ref(),
        }
    }

    /// The same engine, shared.
    pub fn shared_engine(&self) -> Rc<dyn Engine> {
        match &self.rules {
            Chosen::Standard(standard) => Rc::new(*standard),
            Chosen::Variant(variant) => Rc::clone(variant) as Rc<dyn Engine>,
        }
    }

    /// The variant, unless these are a game's standard rules.
    pub fn variant(&self) -> Option<&Variant> {
        match &self.rules {
            Chosen::Standard(_) => None,
            Chosen::Variant(variant) => Some(variant),
        }
    }

    /// The rules' name as a record of `game` shows it: the `Rules` tag as
    /// written (`standard` without one), or, when `--rules` chose them,
    /// the variant's shipped name or file (`standard` for the standard
    /// rules).
    pub fn rules_name(&self, game: &Game) -> String {
        match (&self.rules, self.forced) {
            (Chosen::Variant(v), true) => {
                let source = v.source();
                source
                    .shipped_name()
                    .map_or_else(|| source.chunk().to_string(), str::to_string)
            }
            (Chosen::Standard(_), true) => "standard".to_string(),
            (_, false) => game.tag("Rules").unwrap_or("standard").to_string(),
        }
    }
}

/// The variant a record's `Rules` tag `value` names (`None`: `standard`):
/// a shipped name, else a `.lua` file inside the record's folder tree
/// (`record_dir`, the current folder when `None`), else one inside
/// `rules_dir` when given (`--rules-dir`). A record received from others
/// thus cannot make the tool run any file of the machine: a path in a tag
/// must be relative, must not climb out of the folder it is read from
/// (`..`), and must not lead out of it through a symbolic link, nor to
/// a file not named `.lua`.
///
/// # Errors
/// [`VariantError::NotAllowed`] for a path that is absolute, not a `.lua`
/// file, or outside the folders allowed (the file is not read);
/// [`VariantError::Unknown`] for a name that is no shipped variant and no
/// path; [`VariantError::Read`] for a file that cannot be read.
pub fn tag_source(
    value: &str,
    record_dir: Option<&Path>,
    rules_dir: Option<&Path>,
) -> Result<Option<VariantSource>, VariantError> {
    let value = value.trim();
    if value.eq_ignore_ascii_case("standard") {
        return Ok(None);
    }
    if let Some(s) = VariantSource::shipped(value) {
        return Ok(Some(s));
    }
    if !(value.ends_with(".lua") || value.contains(['/', '\\'])) {
        return Err(VariantError::Unknown(value.to_string()));
    }
    let refuse = |reason: &str| VariantError::NotAllowed {
        value: value.to_string(),
        reason: reason.to_string(),
    };
    let relative = Path::new(value);
    if relative.has_root() || relative.is_absolute() || value.starts_with(['/', '\\']) {
        return Err(refuse("an absolute path; a Rules tag may name a shipped variant or a .lua file inside the record's folder (--rules-dir DIR allows another folder, --rules FILE any file)"));
    }
    if !value.ends_with(".lua") {
        return Err(refuse("not a .lua file"));
    }
    if climbs_out(relative) {
        return Err(refuse("the path leaves the record's folder; a Rules tag may name a .lua file inside it (--rules-dir DIR allows another folder, --rules FILE any file)"));
    }
    let record_root = record_dir.unwrap_or(Path::new("."));
    let mut roots = vec![record_root];
    roots.extend(rules_dir);
    // The first folder the file is found in; with none, the record's
    // folder, for the error to name.
    let root = roots
        .iter()
        .copied()
        .find(|root| root.join(relative).is_file())
        .unwrap_or(record_root);
    // Read from the current folder, the path is the one written, so
    // errors name the file as the tag does.
    let path = if root == Path::new(".") {
        relative.to_path_buf()
    } else {
        root.join(relative)
    };
    if let (Ok(real_root), Ok(real_path)) = (root.canonicalize(), path.canonicalize()) {
        if !real_path.starts_with(&real_root) {
            return Err(refuse(
                "a symbolic link leads out of the folder it is read from",
            ));
        }
        // The file read is a script by its own name too: a link named
        // `x.lua` to a key or a password file inside the folder is not
        // read, so no error can quote a line of it.
        if real_path.extension().is_none_or(|e| e != "lua") {
            return Err(refuse(
                "a symbolic link to a file that is not a .lua script",
            ));
        }
    }
    VariantSource::from_file(&path).map(Some)
}

/// Whether a `Game` tag's value is a path to a game's folder (it holds a
/// `/` or a `\\`, or starts with `.`) rather than a game's name.
pub fn is_game_path(value: &str) -> bool {
    let value = value.trim();
    value.contains(['/', '\\']) || value.starts_with('.')
}

/// Loads the race game written as data whose folder the `Game` tag value
/// `value` names, relative to `record_dir` (the current folder when
/// `None`), under a `Rules` tag's path policy: a relative path inside the
/// record's folder, no symbolic link leading out of it, its `game.yaml` a
/// regular file read by the checked reader. The value then names that game
/// for the rest of the run ([`billes_core::registry::named`]).
///
/// # Errors
/// Why the folder is refused or its game does not load, in words.
pub fn game_path(value: &str, record_dir: Option<&Path>) -> Result<(), String> {
    use billes_core::race::{folder, table};
    let value = value.trim();
    let relative = Path::new(value);
    let refuse = |reason: &str| format!("Game \"{value}\": {reason}");
    if relative.has_root() || relative.is_absolute() || value.starts_with(['/', '\\']) {
        return Err(refuse("an absolute path; a Game tag may name a game's folder inside the record's folder (--games-dir DIR names any folder)"));
    }
    if climbs_out(relative) {
        return Err(refuse(
            "the path leaves the record's folder (--games-dir DIR names any folder)",
        ));
    }
    let root = record_dir.unwrap_or(Path::new("."));
    let path = root.join(relative);
    let (Ok(real_root), Ok(real_path)) = (root.canonicalize(), path.canonicalize()) else {
        return Err(refuse("no such folder"));
    };
    let real_yaml = real_path.join("game.yaml").canonicalize();
    let inside = |p: &Path| p.starts_with(&real_root);
    if !inside(&real_path) || !real_yaml.as_deref().is_ok_and(inside) {
        return Err(refuse("a symbolic link leads out of the record's folder"));
    }
    let board = folder::install_game(&path).map_err(|e| e.to_string())?;
    table::add_alias(value, board).map_err(|m| refuse(&m))
}

/// Whether a relative path climbs out of the folder it starts from, read
/// without the file system: `a/../../b` does, `a/../b` does not.
fn climbs_out(path: &Path) -> bool {
    let mut depth = 0usize;
    for component in path.components() {
        match component {
            Component::ParentDir => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return true,
            },
            Component::Normal(_) => depth += 1,
            Component::CurDir => {}
            Component::RootDir | Component::Prefix(_) => return true,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use billes_core::ErrorKind;

    fn write(dir: &Path, name: &str) -> PathBuf {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).ok();
        }
        std::fs::write(
            &path,
            "return { name = 'mine', game = 'aggravation', params = {} }",
        )
        .ok();
        path
    }

    fn refused(result: Result<Option<VariantSource>, VariantError>) -> String {
        match result {
            Err(VariantError::NotAllowed { value, reason }) => format!("{value}: {reason}"),
            other => format!("not refused: {other:?}"),
        }
    }

    fn game(text: &str) -> Game {
        billes_notation::parse_game(text).expect("parses")
    }

    #[test]
    fn paths_climbing_out_are_seen_without_the_file_system() {
        assert!(climbs_out(Path::new("../x.lua")));
        assert!(climbs_out(Path::new("a/../../x.lua")));
        assert!(climbs_out(Path::new("./a/../b/../../x.lua")));
        assert!(!climbs_out(Path::new("a/../x.lua")));
        assert!(!climbs_out(Path::new("./rules/x.lua")));
    }

    #[test]
    fn a_tag_reads_files_inside_the_record_folder_or_the_rules_folder() {
        let Ok(dir) = tempfile::tempdir() else { return };
        let records = dir.path().join("records");
        let rules = dir.path().join("rules");
        write(&records, "house/mine.lua");
        write(&rules, "club.lua");
        let found = tag_source("house/mine.lua", Some(&records), None);
        assert!(matches!(found, Ok(Some(_))), "{found:?}");
        let found = tag_source("club.lua", Some(&records), Some(&rules));
        assert!(matches!(found, Ok(Some(_))), "{found:?}");
        let missing = tag_source("club.lua", Some(&records), None);
        assert!(
            matches!(missing, Err(VariantError::Read { .. })),
            "{missing:?}"
        );
        assert!(matches!(tag_source(" Standard ", None, None), Ok(None)));
        assert!(matches!(
            tag_source("five-marbles", None, None),
            Ok(Some(_))
        ));
        assert!(matches!(
            tag_source("house-rules", None, None),
            Err(VariantError::Unknown(_))
        ));
    }

    #[test]
    fn a_tag_may_not_leave_the_folders_allowed() {
        let Ok(dir) = tempfile::tempdir() else { return };
        let records = dir.path().join("records");
        std::fs::create_dir_all(&records).ok();
        let outside = write(dir.path(), "outside.lua");
        let message = refused(tag_source("../outside.lua", Some(&records), None));
        assert!(
            message.starts_with("../outside.lua: the path leaves"),
            "{message}"
        );
        let absolute = outside.display().to_string();
        let message = refused(tag_source(&absolute, Some(&records), None));
        assert!(message.contains("an absolute path"), "{message}");
        // Even when --rules-dir names the folder holding it.
        let message = refused(tag_source(&absolute, Some(&records), Some(dir.path())));
        assert!(message.contains("an absolute path"), "{message}");
        let message = refused(tag_source("house/notes.txt/", Some(&records), None));
        assert!(message.contains("not a .lua file"), "{message}");
        #[cfg(unix)]
        {
            let link = records.join("link.lua");
            if std::os::unix::fs::symlink(&outside, &link).is_ok() {
                let message = refused(tag_source("link.lua", Some(&records), None));
                assert!(message.contains("symbolic link"), "{message}");
            }
            // Inside the folder, a link to a file that is no .lua script
            // (a key under --rules-dir ~) is not read either.
            std::fs::create_dir_all(records.join(".ssh")).ok();
            std::fs::write(records.join(".ssh/id_key"), "b3BlbnNzaC1rZXktdjEAAAAA\n").ok();
            let link = records.join("key.lua");
            if std::os::unix::fs::symlink(records.join(".ssh/id_key"), &link).is_ok() {
                let message = refused(tag_source("key.lua", Some(&records), None));
                assert!(message.contains("not a .lua script"), "{message}");
                assert!(!message.contains("b3Bl"), "{message}");
                write(&records, "real.lua");
                std::os::unix::fs::symlink(records.join("real.lua"), records.join("alias.lua"))
                    .ok();
                let found = tag_source("alias.lua", Some(&records), None);
                assert!(matches!(found, Ok(Some(_))), "{found:?}");
            }
        }
    }

    #[test]
    fn the_resolver_loads_a_script_once_however_its_path_is_spelled() {
        let Ok(dir) = tempfile::tempdir() else { return };
        write(dir.path(), "house/mine.lua");
        let resolver = RulePolicy::from_tags().resolver();
        let place = Place::dir(Some(dir.path()));
        for spelling in [
            "house/mine.lua",
            "./house/mine.lua",
            "house/../house/mine.lua",
        ] {
            let record = format!(
                "[Game \"aggravation\"]\n[Rules \"{spelling}\"]\n[Seats \"R G\"]\n\n1. R6 + *\n"
            );
            let rules = resolver.rule_set(&place, &game(&record)).expect("resolves");
            assert_eq!(rules.variant().map(Variant::name), Some("mine"));
        }
        assert_eq!(resolver.loaded.borrow().len(), 1);
        assert_eq!(resolver.tags.borrow().len(), 3);
    }

    #[test]
    fn forced_rules_override_the_tag_and_name_themselves() {
        let tagged = game(
            "[Game \"aggravation\"]\n[Rules \"five-marbles\"]\n[Seats \"R G\"]\n\n1. R1 + *\n",
        );
        let place = Place::file("club.bgn");
        let own = RulePolicy::from_tags().resolver();
        let own = own.rule_set(&place, &tagged).expect("resolves");
        assert_eq!(own.rules_name(&tagged), "five-marbles");
        let standard = RulePolicy::standard().resolver();
        let standard = standard.rule_set(&place, &tagged).expect("resolves");
        assert!(standard.variant().is_none());
        assert!(standard.engine().validate(&tagged).is_ok());
        // Five marbles each, not four.
        assert_ne!(
            own.engine().start_board(&tagged),
            standard.engine().start_board(&tagged)
        );
        let source = VariantSource::shipped("no-shortcuts").expect("shipped");
        let forced = RulePolicy::forced(source).resolver();
        let forced = forced.rule_set(&place, &tagged).expect("resolves");
        assert_eq!(forced.rules_name(&tagged), "no-shortcuts");
        assert!(forced.engine().validate(&tagged).is_ok());
    }

    #[test]
    fn a_tag_naming_no_variant_is_an_error_at_the_tag() {
        let record = game("[Game \"aggravation\"]\n[Rules \"house\"]\n[Seats \"R G\"]\n\n*\n");
        let resolver = RulePolicy::default().resolver();
        let err = resolver
            .rule_set(&Place::file("club.bgn"), &record)
            .expect_err("no such variant");
        assert_eq!(err.kind, ErrorKind::Variant);
        assert_eq!(err.span.line, 2);
        assert!(
            err.message.starts_with("unknown rules \"house\""),
            "{}",
            err.message
        );
    }

    #[test]
    fn a_game_without_a_record_takes_the_forced_variant_of_its_game() {
        let resolver = RulePolicy::default().resolver();
        let rules = resolver
            .rule_set_of(billes_core::offboard::KIND)
            .expect("standard");
        assert_eq!(rules.engine().game(), billes_core::offboard::KIND);
        let abalone = VariantSource::shipped("abalone").expect("shipped");
        let resolver = RulePolicy::forced(abalone).resolver();
        assert!(resolver.rule_set_of(billes_core::offboard::KIND).is_ok());
        let err = resolver
            .rule_set_of(billes_core::aggravation::KIND)
            .expect_err("another game");
        assert_eq!(
            err.to_string(),
            "variant abalone is for offboard, not aggravation"
        );
    }
}
