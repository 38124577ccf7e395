//! `table.sort` for scripts: a merge sort in Rust, so that a sort makes
//! the same comparisons on every run. Lua's own quicksort picks its pivots
//! from the process's CPU clock once it finds an array badly ordered, so
//! the calls it makes to a comparison function (counted instructions, and
//! whether it says "invalid order function") could differ from one run to
//! the next, and with them a verdict.
//!
//! The sort charges the call's budget before it runs: `⌈log2 n⌉ × (n + b)`
//! units for `n` elements holding `b` bytes of strings (each level of the
//! merge compares each element at most once, a comparison of two strings
//! reads at most the shorter). A comparison function's own instructions
//! are counted as it runs. Elements compare as Lua's `<` does: numbers by
//! value, strings byte by byte, tables through their `__lt`.

use std::cmp::Ordering;

use mlua::{Function, Lua, Table, Value};

use crate::budget::{self, script_line};

/// How two elements are compared: by a script's function, or as `<` does
/// (with the `<` of Lua for tables with a `__lt`).
struct Less<'a> {
    lua: &'a Lua,
    comp: Option<Function>,
    lt: &'a Function,
}

impl Less<'_> {
    /// Whether `a` goes before `b`.
    fn less(&self, a: &Value, b: &Value) -> mlua::Result<bool> {
        if let Some(comp) = &self.comp {
            let answer: Value = comp.call((a, b))?;
            return Ok(!matches!(answer, Value::Nil | Value::Boolean(false)));
        }
        if let Some(order) = native(a, b) {
            return Ok(order == Ordering::Less);
        }
        if has_lt(a) || has_lt(b) {
            return self.lt.call((a, b));
        }
        let (x, y) = (a.type_name(), b.type_name());
        let message = if x == y {
            format!("attempt to compare two {x} values")
        } else {
            format!("attempt to compare {x} with {y}")
        };
        Err(mlua::Error::runtime(format!(
            "{}{message}",
            script_line(self.lua, 1)
        )))
    }
}

/// Whether `v` is a table whose metatable has a `__lt`.
fn has_lt(v: &Value) -> bool {
    let Value::Table(t) = v else { return false };
    t.metatable()
        .is_some_and(|m| !matches!(m.raw_get::<Value>("__lt"), Ok(Value::Nil) | Err(_)))
}

/// The order of two numbers or two strings as Lua's `<` sees it: numbers
/// by their values (an integer and a float exactly, NaN before nothing),
/// strings byte by byte. `None` for other pairs.
fn native(a: &Value, b: &Value) -> Option<Ordering> {
    let less = match (a, b) {
        (Value::Integer(x), Value::Integer(y)) => x < y,
        (Value::Number(x), Value::Number(y)) => x < y,
        (Value::Integer(i), Value::Number(f)) => int_less_float(*i, *f),
        (Value::Number(f), Value::Integer(i)) => float_less_int(*f, *i),
        (Value::String(x), Value::String(y)) => x.as_bytes()[..] < y.as_bytes()[..],
        _ => return None,
    };
    Some(if less {
        Ordering::Less
    } else {
        Ordering::Greater
    })
}

/// 2^53: integers of at most this size are floats exactly.
const EXACT: i64 = 1 << 53;

/// `i < f`, exactly, as Lua's `LTintfloat`.
fn int_less_float(i: i64, f: f64) -> bool {
    if (-EXACT..=EXACT).contains(&i) {
        return (i as f64) < f;
    }
    // i < f <=> i < ceil(f), when ceil(f) is an integer.
    let c = f.ceil();
    if c >= -(2f64.powi(63)) && c < 2f64.powi(63) {
        i < c as i64
    } else {
        f > 0.0
    }
}

/// `f < i`, exactly, as Lua's `LTfloatint`.
fn float_less_int(f: f64, i: i64) -> bool {
    if (-EXACT..=EXACT).contains(&i) {
        return f < i as f64;
    }
    // f < i <=> floor(f) < i, when floor(f) is an integer.
    let c = f.floor();
    if c >= -(2f64.powi(63)) && c < 2f64.powi(63) {
        (c as i64) < i
    } else {
        f < 0.0
    }
}

/// `table.sort(t, comp)` for a table without a metatable (the prelude
/// checks it): charges the budget, sorts `t[1..#t]` in place.
///
/// # Errors
/// A spent budget, a comparison function's error, two elements `<` cannot
/// compare, a `comp` that is not a function.
pub(crate) fn sort(lua: &Lua, t: Table, comp: Value, lt: &Function) -> mlua::Result<()> {
    let comp = match comp {
        Value::Nil => None,
        Value::Function(f) => Some(f),
        other => {
            return Err(mlua::Error::runtime(format!(
                "{}bad argument #2 to 'sort' (function expected, got {})",
                script_line(lua, 1),
                other.type_name()
            )))
        }
    };
    let n = t.raw_len();
    if n < 2 {
        return Ok(());
    }
    let levels = (usize::BITS - (n - 1).leading_zeros()) as f64;
    budget::charge_work(lua, levels * n as f64)?;
    let items = (1..=n)
        .map(|i| t.raw_get::<Value>(i))
        .collect::<mlua::Result<Vec<Value>>>()?;
    let bytes: usize = items
        .iter()
        .map(|v| match v {
            Value::String(s) => s.as_bytes().len(),
            _ => 0,
        })
        .sum();
    budget::charge_work(lua, levels * bytes as f64)?;
    let less = Less { lua, comp, lt };
    let order = merge_sort(n, &mut |a, b| less.less(&items[b], &items[a]).map(|l| !l))?;
    for (place, &from) in order.iter().enumerate() {
        t.raw_set(place + 1, &items[from])?;
    }
    Ok(())
}

/// The indices `0..n` in sorted order, stable: `keep(a, b)` says whether
/// `a` may stay before `b` (not `b < a`). The first error stops the sort.
fn merge_sort(
    n: usize,
    keep: &mut dyn FnMut(usize, usize) -> mlua::Result<bool>,
) -> mlua::Result<Vec<usize>> {
    let mut from: Vec<usize> = (0..n).collect();
    let mut to = vec![0; n];
    let mut width = 1;
    while width < n {
        for start in (0..n).step_by(2 * width) {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut i, mut j, mut k) = (start, mid, start);
            while i < mid && j < end {
                if keep(from[i], from[j])? {
                    to[k] = from[i];
                    i += 1;
                } else {
                    to[k] = from[j];
                    j += 1;
                }
                k += 1;
            }
            to[k..k + mid - i].copy_from_slice(&from[i..mid]);
            let k = k + mid - i;
            to[k..k + end - j].copy_from_slice(&from[j..end]);
        }
        std::mem::swap(&mut from, &mut to);
        width *= 2;
    }
    Ok(from)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_merge_sort_is_stable_and_sorted() {
        let keys = [5, 3, 5, 1, 3, 9, 0, 5, 2, 2, 7];
        let order = merge_sort(keys.len(), &mut |a, b| Ok(keys[a] <= keys[b])).unwrap();
        let sorted: Vec<i32> = order.iter().map(|&i| keys[i]).collect();
        assert_eq!(sorted, [0, 1, 2, 2, 3, 3, 5, 5, 5, 7, 9]);
        // equal keys keep their order
        let fives: Vec<usize> = order.into_iter().filter(|&i| keys[i] == 5).collect();
        assert_eq!(fives, [0, 2, 7]);
    }

    #[test]
    fn an_inconsistent_order_still_ends_with_every_element() {
        let mut calls = 0;
        let order = merge_sort(300, &mut |a, b| {
            calls += 1;
            Ok((a * 7 + b) % 3 == 0)
        })
        .unwrap();
        let mut seen = order.clone();
        seen.sort_unstable();
        assert_eq!(seen, (0..300).collect::<Vec<_>>());
        assert!(calls <= 300 * 9);
    }

    #[test]
    fn numbers_compare_exactly_as_lua_does() {
        let big = (1i64 << 53) + 1;
        assert!(!int_less_float(big, (1i64 << 53) as f64 + 1.0));
        assert!(int_less_float(big - 2, (1i64 << 53) as f64));
        assert!(int_less_float(i64::MAX, f64::INFINITY));
        assert!(!int_less_float(i64::MIN, f64::NAN));
        assert!(float_less_int(f64::NEG_INFINITY, i64::MIN));
        assert!(!float_less_int(2f64.powi(63), i64::MAX));
        assert!(float_less_int(0.5, 1));
        assert_eq!(
            native(&Value::Integer(2), &Value::Number(2.5)),
            Some(Ordering::Less)
        );
    }
}
