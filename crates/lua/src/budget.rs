//! What one call into a script may spend, and the stop when it is spent.
//!
//! Two limits, of two kinds:
//!
//! - The **instruction budget** decides: [`INSTRUCTION_BUDGET`] units per
//!   call, one a Lua instruction, and the library functions that work in C
//!   (where no instruction is counted) charge it by the size of what they
//!   touch: a byte of a string, an element of a table, a comparison of a
//!   sort, [`PATTERN_STEPS_PER_UNIT`] steps of a pattern's bound (see
//!   `prelude.lua` for each function's charge). It is counted, never timed,
//!   so the same script stops at the same place with the same message on an
//!   idle machine and on a busy one.
//! - The **wall-clock guard** ([`time_guard`], [`TIME_GUARD`] unless set
//!   otherwise) only stops a hang: the work the budget does not count (a
//!   `..` or a comparison of long strings counts as one instruction). It
//!   lies far above what the budget allows, and a call it stops is its own
//!   kind of error ([`Stop::Guard`]), never a verdict on a record.
//!
//! Both are checked by a count hook every [`CHECK_EVERY`] instructions,
//! and the budget also at each charge. Once a call is stopped, every later
//! instruction and call fails again until the call returns to billes.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use mlua::{DebugEvent, HookTriggers, Lua, VmState};

/// Units one hook call (or one run of the script, or one callback of a
/// replay script) may spend: a Lua instruction is one unit, a library
/// function charges the size of what it touches.
pub const INSTRUCTION_BUDGET: u32 = 1_000_000;

/// Steps of a pattern's bound (`crate::pattern`) charged as one unit: a
/// call at the most a single call may take ([`crate::PATTERN_STEPS`])
/// charges the whole budget. (A step of the bound takes about as long as
/// an instruction takes a fifth of: the bound is an upper bound.)
pub const PATTERN_STEPS_PER_UNIT: f64 = crate::PATTERN_STEPS / INSTRUCTION_BUDGET as f64;

/// Units a library call may touch without being charged: a call that
/// touches this many bytes or elements or fewer costs the instructions of
/// its call and no more (they pay for it), which spares the charge's own
/// cost to the short strings and small tables that hooks handle.
pub const FREE_UNITS: f64 = 64.0;

/// The wall-clock guard of one call when nothing else is set: 30 seconds,
/// far above the time the instruction budget can take (under half a second
/// on a slow machine, measured in `SECURITY.md`).
pub const TIME_GUARD: Duration = Duration::from_secs(30);

/// The guard in milliseconds, for the whole process ([`set_time_guard`]).
static GUARD_MS: AtomicU64 = AtomicU64::new(TIME_GUARD.as_millis() as u64);

/// Sets the wall-clock guard of every call from now on, in every thread
/// (the command line's `BILLES_TIME_GUARD`; tests set a short one to see
/// the guard at work). At least a millisecond.
pub fn set_time_guard(guard: Duration) {
    let ms = u64::try_from(guard.as_millis()).unwrap_or(u64::MAX).max(1);
    GUARD_MS.store(ms, Ordering::Relaxed);
}

/// The wall-clock guard of a call ([`TIME_GUARD`] unless
/// [`set_time_guard`] set another).
pub fn time_guard() -> Duration {
    Duration::from_millis(GUARD_MS.load(Ordering::Relaxed))
}

/// The guard as a message says it: `30 s`, `0.25 s`.
fn guard_text(guard: Duration) -> String {
    let ms = guard.as_millis();
    if ms % 1000 == 0 {
        format!("{} s", ms / 1000)
    } else {
        format!("{} s", guard.as_secs_f64())
    }
}

/// Instructions between two checks of the count hook.
pub(crate) const CHECK_EVERY: u32 = 1000;

/// Why a call was stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The instruction budget is spent: a verdict on the script.
    Budget(String),
    /// The wall-clock guard went off: not a verdict on anything.
    Guard(String),
}

impl Stop {
    fn message(&self) -> &str {
        match self {
            Stop::Budget(m) | Stop::Guard(m) => m,
        }
    }

    /// The error a stopped call returns: a runtime error for the budget,
    /// a [`GuardStop`] for the guard (so callers can tell them apart).
    pub(crate) fn into_error(self) -> mlua::Error {
        match self {
            Stop::Budget(m) => mlua::Error::runtime(m),
            Stop::Guard(m) => mlua::Error::external(GuardStop(m)),
        }
    }
}

/// A call the wall-clock guard stopped, as the error of that call.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub(crate) struct GuardStop(pub String);

/// Whether `e` is the error of a call the wall-clock guard stopped.
pub(crate) fn is_guard(e: &mlua::Error) -> bool {
    match e {
        mlua::Error::CallbackError { cause, .. } => is_guard(cause),
        e => e.downcast_ref::<GuardStop>().is_some(),
    }
}

/// What the running call has left, and why it was stopped.
#[derive(Debug)]
pub(crate) struct Limits {
    /// Units left; the call is stopped when it goes below zero.
    left: Cell<i64>,
    /// When the guard goes off; `None` until the count hook first runs in
    /// the call, which saves reading the clock in the short calls that
    /// make up nearly all of them.
    deadline: Cell<Option<Instant>>,
    /// Whether a call from Rust is running: mlua's own protected calls
    /// between two calls are not held to the limits.
    running: Cell<bool>,
    /// Set when the running call was stopped: every later instruction and
    /// call fails with its message until the call returns to Rust.
    stopped: RefCell<Option<Stop>>,
}

impl Limits {
    /// Limits with no call running, set as the app data of `lua` (for
    /// [`charge`]) and watched by its count hook.
    pub(crate) fn install(lua: &Lua) -> Rc<Limits> {
        let limits = Rc::new(Limits {
            left: Cell::new(0),
            deadline: Cell::new(None),
            running: Cell::new(false),
            stopped: RefCell::new(None),
        });
        lua.set_app_data(Rc::clone(&limits));
        watch(lua, &limits, CHECK_EVERY);
        limits
    }

    /// Gives the next call its full budget (the guard's deadline is set by
    /// the call's first check).
    #[inline]
    pub(crate) fn start(&self) {
        self.left.set(i64::from(INSTRUCTION_BUDGET));
        self.deadline.set(None);
        self.running.set(true);
    }

    /// Ends a call: why it was stopped, if it was.
    #[inline]
    pub(crate) fn end(self: &Rc<Self>, lua: &Lua) -> Option<Stop> {
        self.running.set(false);
        let stopped = self.stopped.borrow_mut().take();
        if stopped.is_some() {
            watch(lua, self, CHECK_EVERY);
        }
        stopped
    }

    /// Whether the running call was stopped.
    pub(crate) fn is_stopped(&self) -> bool {
        self.stopped.borrow().is_some()
    }

    /// Stops the running call: from now on the hook runs at every
    /// instruction and call, and fails.
    fn stop(self: &Rc<Self>, lua: &Lua, stop: Stop) -> mlua::Error {
        let message = stop.message().to_string();
        *self.stopped.borrow_mut() = Some(stop);
        watch_stopped(lua, self);
        mlua::Error::runtime(message)
    }
}

/// The message of a spent budget.
fn spent(at: &str) -> String {
    format!("{at}instruction budget exceeded ({INSTRUCTION_BUDGET} instructions per call)")
}

/// Charges `units` of library work to the running call of `lua`'s script.
/// Called by the wrappers of `prelude.lua` (through the sandbox) and by
/// billes's own functions that copy a script's values (`print`).
///
/// # Errors
/// The budget's stop, at the script's line that made the call, when the
/// charge spends it (or the call was stopped before).
pub(crate) fn charge(lua: &Lua, units: f64) -> mlua::Result<()> {
    let Some(limits) = lua.app_data_ref::<Rc<Limits>>().map(|l| Rc::clone(&l)) else {
        return Ok(());
    };
    if !limits.running.get() {
        return Ok(());
    }
    if let Some(stop) = limits.stopped.borrow().as_ref() {
        return Err(mlua::Error::runtime(stop.message().to_string()));
    }
    // NaN (a count Lua will refuse) charges nothing; anything huge, all.
    let units = if units.is_nan() {
        0
    } else {
        units.clamp(0.0, i64::MAX as f64 / 2.0) as i64
    };
    let left = limits.left.get().saturating_sub(units);
    limits.left.set(left);
    if left >= 0 {
        return Ok(());
    }
    let at = script_line(lua, 1);
    Err(limits.stop(lua, Stop::Budget(spent(&at))))
}

/// [`charge`]s `units` when they are over [`FREE_UNITS`]: the work of a
/// library call, which its instructions pay for when it is small.
///
/// # Errors
/// As [`charge`].
pub(crate) fn charge_work(lua: &Lua, units: f64) -> mlua::Result<()> {
    if units > FREE_UNITS {
        charge(lua, units)?;
    }
    Ok(())
}

/// Sets the hook that enforces the limits every `every` instructions.
fn watch(lua: &Lua, limits: &Rc<Limits>, every: u32) {
    let limits = Rc::clone(limits);
    lua.set_hook(
        HookTriggers::new().every_nth_instruction(every),
        move |lua, debug| check(lua, &limits, debug.event()),
    );
}

/// Sets the hook of a stopped call: at every instruction and every call
/// (a library function called after a `pcall` caught the stop).
fn watch_stopped(lua: &Lua, limits: &Rc<Limits>) {
    let limits = Rc::clone(limits);
    lua.set_hook(
        HookTriggers::new().every_nth_instruction(1).on_calls(),
        move |lua, debug| check(lua, &limits, debug.event()),
    );
}

/// The hook: fails once the budget is spent or the guard's deadline has
/// passed, and from then on at every instruction and call.
fn check(lua: &Lua, limits: &Rc<Limits>, event: DebugEvent) -> mlua::Result<VmState> {
    if !limits.running.get() {
        return Ok(VmState::Continue);
    }
    if let Some(stop) = limits.stopped.borrow().as_ref() {
        return Err(mlua::Error::runtime(stop.message().to_string()));
    }
    if event != DebugEvent::Count {
        return Ok(VmState::Continue);
    }
    let left = limits.left.get() - i64::from(CHECK_EVERY);
    limits.left.set(left);
    if left < 0 {
        let at = script_line(lua, 0);
        return Err(limits.stop(lua, Stop::Budget(spent(&at))));
    }
    let now = Instant::now();
    let guard = time_guard();
    let deadline = limits.deadline.get().unwrap_or(now + guard);
    limits.deadline.set(Some(deadline));
    if now < deadline {
        return Ok(VmState::Continue);
    }
    let at = script_line(lua, 0);
    let message = format!(
        "{at}stopped by the wall-clock guard after {}: not a verdict on the record \
         (the instruction budget was not spent; see SECURITY.md)",
        guard_text(guard)
    );
    Err(limits.stop(lua, Stop::Guard(message)))
}

/// `file:line: ` of the nearest function of a script on the stack, from
/// `level` up (a wrapper of `prelude.lua` is not a script's), or nothing.
pub(crate) fn script_line(lua: &Lua, level: usize) -> String {
    (level..level + 8)
        .find_map(|level| {
            let d = lua.inspect_stack(level)?;
            let line = d.curr_line();
            let source = d.source().source?.into_owned();
            let chunk = source.strip_prefix('@')?.to_string();
            (line > 0).then(|| format!("{chunk}:{line}: "))
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guard_is_said_in_seconds() {
        assert_eq!(guard_text(Duration::from_secs(30)), "30 s");
        assert_eq!(guard_text(Duration::from_millis(250)), "0.25 s");
    }

    #[test]
    // mlua's callback error holds its cause in an Arc, whatever the cause.
    #[allow(clippy::arc_with_non_send_sync)]
    fn a_guard_stop_is_known_through_a_callback_error() {
        let e = Stop::Guard("g".into()).into_error();
        assert!(is_guard(&e));
        let wrapped = mlua::Error::CallbackError {
            traceback: String::new(),
            cause: std::sync::Arc::new(e),
        };
        assert!(is_guard(&wrapped));
        assert!(!is_guard(&Stop::Budget("b".into()).into_error()));
    }
}
