//! A loaded variant: the script's table read into the game's rules with its
//! parameters, and its hooks.

use std::rc::Rc;

use billes_core::game::replay_views_with;
use billes_core::game::{Position, RulesPosition};
use billes_core::hooked::{HookedRules, WithHooks};
use billes_core::registry::GameRules;
use billes_core::variant::HookError;
use billes_core::view::ViewStep;
use billes_core::{
    check_game, describe_valid_with, replay_observed_with, start_board_with, with_kind, with_rules,
    AnyRules, Described, GameKind, Observed, ReplayError, Rng, SimOptions, SimulateError,
    StreamCheck, Summary, TurnCheck,
};
use billes_notation::{Game, Span, Tag};
use mlua::{LuaSerdeExt, Table, Value};

use crate::hooks::{GameSurface, LuaHooks};
use crate::sandbox::{describe, PrintContext, Sandbox};
use crate::{VariantError, VariantSource};

/// The error of a run of the script that failed with `e`: its own kind
/// when the wall-clock guard stopped it.
pub(crate) fn run_error(chunk: &str, e: &mlua::Error) -> VariantError {
    let (chunk, message) = (chunk.to_string(), describe(e));
    if crate::budget::is_guard(e) {
        VariantError::TimeGuard { chunk, message }
    } else {
        VariantError::Script { chunk, message }
    }
}

/// How deep a variant's `params` may nest: `params` itself is level 1, a
/// table in it level 2 (`targets = { 3, 1, 3 }`), and so on. A table that
/// contains itself (a cycle) is refused too.
pub const PARAMS_DEPTH: usize = 8;

/// The fields a variant's table may have.
const FIELDS: [&str; 5] = ["name", "game", "description", "params", "hooks"];

/// A variant loaded into its own Lua state: ready to replay and simulate
/// games. Not `Send` (it owns a Lua state): see [`VariantSource`] for use on
/// several threads.
#[derive(Debug)]
pub struct Variant {
    source: VariantSource,
    name: String,
    description: String,
    game: GameKind,
    params: Vec<(String, String)>,
    /// The game's rules with the variant's parameters.
    rules: AnyRules,
    hooks: Option<LuaHooks>,
    /// What the script's `print` says before its text.
    print: Rc<PrintContext>,
}

impl Variant {
    /// Runs the script in a fresh sandbox and reads the table it returns.
    ///
    /// # Errors
    /// A syntax or runtime error in the script (with its file:line), a
    /// missing or wrong field, parameters the game does not have or that
    /// describe no playable game, a hook the game does not call.
    pub fn load(source: &VariantSource) -> Result<Variant, VariantError> {
        Variant::load_printing(source, true)
    }

    /// [`Variant::load`], its `print` writing nothing, as the script runs
    /// and in its hooks: for replays of records already checked under the
    /// variant, whose lines the check printed.
    ///
    /// # Errors
    /// As [`Variant::load`].
    pub fn load_silent(source: &VariantSource) -> Result<Variant, VariantError> {
        Variant::load_printing(source, false)
    }

    fn load_printing(source: &VariantSource, printing: bool) -> Result<Variant, VariantError> {
        let chunk = source.chunk();
        let fail = |message: String| VariantError::Script {
            chunk: chunk.to_string(),
            message,
        };
        let sandbox = Sandbox::new().map_err(|e| fail(describe(&e)))?;
        *sandbox.print.chunk.borrow_mut() = chunk.to_string();
        sandbox.print.silent.set(!printing);
        let script = sandbox
            .compile(chunk, source.text())
            .map_err(|e| fail(describe(&e)))?;
        let value = sandbox.run(&script).map_err(|e| run_error(chunk, &e))?;
        let Value::Table(table) = value else {
            return Err(fail(format!(
                "the script returned a {}: it must return a table with name, game, params and hooks",
                value.type_name()
            )));
        };
        for pair in table.pairs::<Value, Value>() {
            let (key, _) = pair.map_err(|e| fail(describe(&e)))?;
            let key = match &key {
                Value::String(s) => s.to_string_lossy(),
                other => format!("a {} key", other.type_name()),
            };
            if !FIELDS.contains(&key.as_str()) {
                return Err(fail(format!(
                    "unknown field \"{key}\" (fields: {})",
                    FIELDS.join(", ")
                )));
            }
        }
        let text = |field: &str| -> Result<Option<String>, VariantError> {
            match table
                .raw_get::<Value>(field)
                .map_err(|e| fail(describe(&e)))?
            {
                Value::Nil => Ok(None),
                Value::String(s) => Ok(Some(s.to_string_lossy())),
                other => Err(fail(format!(
                    "field {field} must be a string, not a {}",
                    other.type_name()
                ))),
            }
        };
        let name = text("name")?.ok_or_else(|| fail("the table has no name".into()))?;
        let description = text("description")?.unwrap_or_default();
        let game_name = text("game")?.ok_or_else(|| {
            fail(format!(
                "the table has no game ({})",
                billes_core::registry::list(" or ")
            ))
        })?;
        let game = billes_core::registry::named(&game_name).ok_or_else(|| {
            fail(format!(
                "unknown game \"{game_name}\" (expected {})",
                billes_core::registry::list(" or ")
            ))
        })?;
        let params_value: Value = table.raw_get("params").map_err(|e| fail(describe(&e)))?;
        check_depth(&params_value).map_err(|e| fail(e.0))?;
        let params = list_params(&params_value).map_err(|e| fail(e.0))?;
        let rules = game_rules(&sandbox, game, params_value).map_err(|e| fail(e.0))?;
        let print = Rc::clone(&sandbox.print);
        let hooks_table: Option<Table> = match table.raw_get::<Value>("hooks") {
            Ok(Value::Nil) => None,
            Ok(Value::Table(t)) => Some(t),
            Ok(other) => {
                return Err(fail(format!(
                    "field hooks must be a table of functions, not a {}",
                    other.type_name()
                )))
            }
            Err(e) => return Err(fail(describe(&e))),
        };
        let game_hooks = with_kind!(game, R => GameSurface {
            hooks: R::hooks(),
            fields: R::move_fields(),
            edits: R::edits(),
        });
        let hooks = LuaHooks::new(sandbox, script, (&name, chunk), hooks_table, game_hooks)
            .map_err(|e| fail(e.0))?;
        Ok(Variant {
            source: source.clone(),
            name,
            description,
            game,
            params,
            rules,
            hooks,
            print,
        })
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its one-line description.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The game it modifies.
    pub fn game(&self) -> GameKind {
        self.game
    }

    /// Where it was loaded from.
    pub fn source(&self) -> &VariantSource {
        &self.source
    }

    /// The parameters the script sets, as `name = value` pairs in Lua syntax
    /// (the others keep the game's defaults).
    pub fn params(&self) -> &[(String, String)] {
        &self.params
    }

    /// Names the record being replayed (`club.bgn game 3`) in what the
    /// script's `print` shows inside a hook, from now on (`None`: no
    /// record: only the turn is shown).
    pub fn print_record(&self, record: Option<String>) {
        *self.print.game.borrow_mut() = record;
    }

    /// The hooks the script defines (empty for a parameter-only variant).
    pub fn hooks(&self) -> Vec<&'static str> {
        self.hooks.as_ref().map(LuaHooks::names).unwrap_or_default()
    }

    /// A random legal game under the variant, its record tagged with the
    /// variant's `Rules`.
    ///
    /// # Errors
    /// When the options describe no game, or a hook fails.
    pub fn simulate(&self, options: &SimOptions, rng: &mut Rng) -> Result<Game, SimulateError> {
        self.refresh()
            .map_err(|e| SimulateError::Variant(e.message))?;
        let mut game = with_rules!(&self.rules, r => match &self.hooks {
            // The game's own simulator does not know added moves, effects
            // or winners: the game API plays them.
            Some(h) if billes_core::house::changes_game(h) => {
                let header = r.simulate_hooked(
                    &SimOptions {
                        max_turns: 0,
                        ..options.clone()
                    },
                    rng,
                    &billes_core::variant::NoHooks,
                )?;
                let mut pos = RulesPosition::start(WithHooks::new(r, h), &header)
                    .map_err(SimulateError::Setup)?;
                billes_core::house::simulate_position(&mut pos, header, rng, options.max_turns)?
            }
            Some(h) => r.simulate_hooked(options, rng, h)?,
            None => r.simulate_hooked(options, rng, &billes_core::variant::NoHooks)?,
        });
        let rules = self
            .source
            .shipped_name()
            .map_or_else(|| self.source.chunk().to_string(), str::to_string);
        game.tags.insert(
            1.min(game.tags.len()),
            Tag {
                name: "Rules".into(),
                value: rules,
                span: Span::default(),
            },
        );
        Ok(game)
    }
}

/// Runs `$body` with `$r` bound to the variant's rules (with its hooks,
/// when it has hooks for its game).
macro_rules! with_variant_rules {
    ($variant:expr, $r:ident => $body:expr) => {
        with_rules!(&$variant.rules, rules => match &$variant.hooks {
            Some(h) => {
                let $r = &WithHooks::new(rules, h);
                $body
            }
            None => {
                let $r = rules;
                $body
            }
        })
    };
}

impl Variant {
    /// Checks that `game` is a record of the variant's game, and gives the
    /// game a fresh run of the script (see [`LuaHooks::refresh`]).
    fn check(&self, game: &Game) -> Result<(), ReplayError> {
        if billes_core::registry::of(game)? != self.game {
            check_game(self.game, &format!("variant {} is", self.name), game)?;
        }
        self.refresh().map_err(|e| {
            let span = game.tag_entry("Rules").map_or(game.span, |t| t.span);
            e.at(span)
        })
    }

    /// Readies the variant for `game` as its replays do (the record's game
    /// checked, a fresh run of the script), for a caller that replays it
    /// with [`Variant::rules`] and [`Variant::hooks_dyn`] itself (scripts).
    pub(crate) fn prepare(&self, game: &Game) -> Result<(), ReplayError> {
        self.check(game)
    }

    /// The game's rules with the variant's parameters.
    pub(crate) fn rules(&self) -> &AnyRules {
        &self.rules
    }

    /// The variant's hooks, none when it only sets parameters.
    pub(crate) fn hooks_dyn(&self) -> &dyn billes_core::variant::Hooks {
        match &self.hooks {
            Some(h) => h,
            None => &billes_core::variant::NoHooks,
        }
    }

    /// Runs the script afresh for the next game, when a hook ran since its
    /// last run.
    fn refresh(&self) -> Result<(), HookError> {
        match &self.hooks {
            Some(h) => h.refresh().map_err(|e| HookError {
                message: format!("variant {} ({}): {e}", self.name, self.source.chunk()),
                ..e
            }),
            None => Ok(()),
        }
    }
}

/// A variant replays, draws and describes records like the standard rules
/// ([`billes_core::Standard`]); a hook that fails is an error of kind
/// [`billes_core::ErrorKind::Variant`], located at the turn.
impl billes_core::Engine for Variant {
    fn game(&self) -> GameKind {
        self.game
    }

    fn replay(
        &self,
        game: &Game,
        observe: &mut dyn FnMut(&Observed<'_>) -> std::ops::ControlFlow<()>,
    ) -> Result<Summary, ReplayError> {
        self.check(game)?;
        with_variant_rules!(self, r => replay_observed_with(r, game, observe))
    }

    fn stream(&self, head: &Game) -> Option<Result<Box<dyn TurnCheck + '_>, ReplayError>> {
        let start = || -> Result<Box<dyn TurnCheck + '_>, ReplayError> {
            self.check(head)?;
            with_rules!(&self.rules, rules => match &self.hooks {
                Some(h) => Ok(Box::new(StreamCheck::new(WithHooks::new(rules, h), head)?)),
                None => Ok(Box::new(StreamCheck::new(rules, head)?)),
            })
        };
        Some(start())
    }

    fn check_all(&self, game: &Game) -> Vec<ReplayError> {
        self.check_record(game, &[], None).errors
    }

    fn check_record(
        &self,
        game: &Game,
        read: &[billes_notation::Unreadable],
        observe: Option<&mut dyn FnMut(&billes_core::Seen<'_>)>,
    ) -> billes_core::Checked {
        if let Err(e) = self.check(game) {
            return billes_core::Checked::refused(e, read);
        }
        with_variant_rules!(self, r => match observe {
            Some(observe) => billes_core::check_observed_with(r, game, read, observe),
            None => billes_core::check_read_with(r, game, read),
        })
    }

    fn mark_record(&self, game: &mut Game) -> billes_core::Checked {
        if let Err(e) = self.check(game) {
            return billes_core::Checked::refused(e, &[]);
        }
        with_variant_rules!(self, r => billes_core::mark_record_with(r, game))
    }

    fn read(
        &self,
        game: &Game,
        reader: &mut dyn billes_core::events::Reader,
    ) -> Result<(), ReplayError> {
        self.check(game)?;
        with_variant_rules!(self, r => billes_core::events::read_with(r, game, reader))
    }

    fn replay_views(
        &self,
        game: &Game,
        observe: &mut dyn FnMut(&ViewStep<'_>) -> std::ops::ControlFlow<()>,
    ) -> Result<Summary, ReplayError> {
        self.check(game)?;
        with_variant_rules!(self, r => replay_views_with(r, game, observe))
    }

    fn describe(&self, game: &Game) -> Result<Vec<Described>, ReplayError> {
        self.check(game)?;
        with_variant_rules!(self, r => describe_valid_with(r, game))
    }

    fn start_board(&self, game: &Game) -> Result<String, ReplayError> {
        self.check(game)?;
        with_variant_rules!(self, r => start_board_with(r, game))
    }

    fn start(&self, game: &Game) -> Result<Box<dyn Position + '_>, ReplayError> {
        self.check(game)?;
        with_rules!(&self.rules, rules => match &self.hooks {
            Some(h) => Ok(Box::new(RulesPosition::start(WithHooks::new(rules, h), game)?)),
            None => Ok(Box::new(RulesPosition::start(rules, game)?)),
        })
    }
}

/// The game's rules with the parameters of `value` (nil: the defaults),
/// read into the parameters type the game brings.
fn game_rules(
    sandbox: &Sandbox,
    game: GameKind,
    value: Value,
) -> Result<AnyRules, crate::refused::Refused> {
    let empty = match &value {
        Value::Nil => true,
        Value::Table(t) => t.is_empty(),
        other => {
            return Err(crate::refused::Refused(format!(
                "field params must be a table, not a {}",
                other.type_name()
            )))
        }
    };
    let lua = &sandbox.lua;
    let bad = |e: mlua::Error| {
        format!(
            "params: {}",
            describe(&e).trim_start_matches("deserialize error: ")
        )
    };
    billes_core::with_standard!(game, r => {
        let params = if empty {
            Default::default()
        } else {
            lua.from_value(value).map_err(bad)?
        };
        r.with_params(params)
            .map(AnyRules::from)
            .map_err(|e| crate::refused::Refused(format!("params: {e}")))
    })
}

/// Refuses `params` nested deeper than [`PARAMS_DEPTH`] or containing a
/// cycle, before anything walks them recursively.
fn check_depth(value: &Value) -> Result<(), crate::refused::Refused> {
    /// The tables from `params` down to the one being walked.
    fn walk(
        t: &Table,
        path: &mut Vec<*const std::ffi::c_void>,
    ) -> Result<(), crate::refused::Refused> {
        if path.contains(&t.to_pointer()) {
            return Err(crate::refused::Refused(
                "params: a table contains itself (a cycle)".into(),
            ));
        }
        if path.len() >= PARAMS_DEPTH {
            return Err(crate::refused::Refused(format!(
                "params: nested deeper than {PARAMS_DEPTH} levels"
            )));
        }
        path.push(t.to_pointer());
        for pair in t.pairs::<Value, Value>() {
            let (k, v) = pair.map_err(|e| format!("params: {}", describe(&e)))?;
            for x in [k, v] {
                if let Value::Table(inner) = x {
                    walk(&inner, path)?;
                }
            }
        }
        path.pop();
        Ok(())
    }
    match value {
        Value::Table(t) => walk(t, &mut Vec::new()),
        _ => Ok(()),
    }
}

/// The parameters a script sets, sorted by name, values in Lua syntax.
fn list_params(value: &Value) -> Result<Vec<(String, String)>, crate::refused::Refused> {
    let Value::Table(t) = value else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for pair in t.pairs::<String, Value>() {
        let (k, v) = pair.map_err(|e| format!("params: {}", describe(&e)))?;
        out.push((k, lua_text(&v)));
    }
    out.sort();
    Ok(out)
}

/// A parameter value in Lua syntax.
fn lua_text(v: &Value) -> String {
    match v {
        Value::String(s) => format!("{:?}", s.to_string_lossy()),
        Value::Table(t) => {
            let items: Vec<String> = t
                .sequence_values::<Value>()
                .map(|x| x.map_or_else(|_| "?".into(), |x| lua_text(&x)))
                .collect();
            format!("{{ {} }}", items.join(", "))
        }
        Value::Integer(i) => i.to_string(),
        Value::Number(n) => n.to_string(),
        Value::Boolean(b) => b.to_string(),
        other => other.type_name().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use billes_core::barricade;
    use billes_core::variant::NoHooks;

    fn shipped(name: &str) -> Variant {
        Variant::load(&VariantSource::shipped(name).expect("shipped")).expect("loads")
    }

    #[test]
    fn abalone_has_44_moves_from_the_standard_start() {
        let v = shipped("abalone");
        let AnyRules::Offboard(r) = &v.rules else {
            panic!("abalone is an offboard variant")
        };
        let moves = GameRules::legal_moves(
            r,
            &r.start(),
            billes_notation::Name::from("R"),
            None,
            1,
            &NoHooks,
        )
        .expect("moves");
        assert_eq!(moves.len(), 44, "{moves:?}");
        assert_eq!(r.params().marbles, 14);
    }

    #[test]
    fn parameter_variants_set_their_parameters() {
        let AnyRules::Barricade(b) = &shipped("malefiz").rules else {
            panic!("malefiz is a barricade variant")
        };
        assert_eq!(b.params().placement, barricade::Placement::Immediately);
        assert_eq!(b.params().six, barricade::Six::Nothing);
        assert!(!b.params().bounce, "the published rules have no bounce");
        let AnyRules::Aggravation(a) = &shipped("five-marbles").rules else {
            panic!("five-marbles is an aggravation variant")
        };
        assert_eq!((a.params().marbles, a.params().home_size), (5, 5));
        let AnyRules::Aggravation(a) = &shipped("partners-safe").rules else {
            panic!("partners-safe is an aggravation variant")
        };
        assert!(!a.params().jump_partners && !a.params().enter_onto_partner);
        let AnyRules::Offboard(o) = &shipped("scoring-targets").rules else {
            panic!("scoring-targets is an offboard variant")
        };
        assert_eq!(o.params().winning_score, 10);
        assert_eq!(o.params().targets[..3], [3, 1, 3]);
    }
}
