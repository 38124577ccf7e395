//! The rows a replay script emits: what `emit` accepts, the limits on it,
//! and where the rows go (held for the end of the run, or written as they
//! come).
//!
//! Everything Rust does for one `emit` is linear in the row it is given:
//! the columns are ranked through a map, not a search of the `columns`
//! list, and a row holds at most [`MAX_COLUMNS`] cells of at most
//! [`MAX_CELL_BYTES`] each. Rows held for the end of the run (table, CSV
//! and JSON output) count against [`ROW_BUDGET`]; rows written as they
//! come (JSON Lines) are not held at all.

use std::collections::HashMap;
use std::fmt;
use std::io;

use mlua::Value;

use crate::sandbox::describe;

/// The most columns a row may have, and names the script's `columns` list
/// may hold: 1,024.
pub const MAX_COLUMNS: usize = 1024;

/// The longest text a cell may hold (a column name too): 64 KiB.
pub const MAX_CELL_BYTES: usize = 64 * 1024;

/// The rows held for the end of the run (table, CSV and JSON output), all
/// games and `finish` together: 256 MiB, counted as the bytes of their
/// names and texts plus 48 bytes a cell. Past it the script fails at the
/// `emit` that crossed it, and says to write JSON Lines, whose rows are
/// written as they come and not held.
pub const ROW_BUDGET: usize = 256 << 20;

/// One value of a row: what `emit` accepts.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float.
    Num(f64),
    /// A string.
    Str(String),
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Bool(b) => write!(f, "{b}"),
            Cell::Int(i) => write!(f, "{i}"),
            Cell::Num(x) if x.is_finite() && x.fract() == 0.0 && x.abs() < 1e15 => {
                write!(f, "{x:.1}")
            }
            Cell::Num(x) => write!(f, "{x}"),
            Cell::Str(s) => f.write_str(s),
        }
    }
}

/// One row of output: named values, in column order (the script's
/// `columns` first, then the other names sorted).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Row(pub Vec<(String, Cell)>);

impl Row {
    /// The value of column `name`.
    pub fn get(&self, name: &str) -> Option<&Cell> {
        self.0.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// What the row counts against [`ROW_BUDGET`].
    fn cost(&self) -> usize {
        self.0
            .iter()
            .map(|(name, cell)| {
                48 + name.len()
                    + match cell {
                        Cell::Str(s) => s.len(),
                        _ => 0,
                    }
            })
            .sum()
    }
}

/// Where rows go as they are emitted, instead of being held: JSON Lines
/// output writes each at once.
pub type Sink = Box<dyn FnMut(&Row) -> io::Result<()>>;

/// The script's `columns`: each name and its rank.
#[derive(Debug, Default)]
pub(super) struct Columns(HashMap<String, usize>);

impl Columns {
    /// The list `columns` gave, at most [`MAX_COLUMNS`] names.
    pub(super) fn new(names: Vec<String>) -> Result<Columns, crate::refused::Refused> {
        if names.len() > MAX_COLUMNS {
            return Err(crate::refused::Refused(format!(
                "columns lists {} names: at most {MAX_COLUMNS}",
                names.len()
            )));
        }
        if let Some(long) = names.iter().find(|n| n.len() > MAX_CELL_BYTES) {
            return Err(crate::refused::Refused(format!(
                "columns: a name of {} bytes: at most {MAX_CELL_BYTES}",
                long.len()
            )));
        }
        let mut ranks = HashMap::with_capacity(names.len());
        for (i, name) in names.into_iter().enumerate() {
            ranks.entry(name).or_insert(i);
        }
        Ok(Columns(ranks))
    }
}

/// Where the rows of a script go, and what is held.
pub(super) struct Rows {
    /// The rows held, since the caller last took them.
    pub(super) held: Vec<Row>,
    /// What the rows held over the whole run cost ([`ROW_BUDGET`]).
    spent: usize,
    /// The budget (smaller in tests).
    pub(super) budget: usize,
    /// Where rows go instead, when set.
    pub(super) sink: Option<Sink>,
    /// The error the sink met: the run ends with it.
    pub(super) sink_error: Option<io::Error>,
}

impl Default for Rows {
    fn default() -> Rows {
        Rows {
            held: Vec::new(),
            spent: 0,
            budget: ROW_BUDGET,
            sink: None,
            sink_error: None,
        }
    }
}

impl fmt::Debug for Rows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rows")
            .field("held", &self.held.len())
            .field("spent", &self.spent)
            .field("sink", &self.sink.is_some())
            .finish_non_exhaustive()
    }
}

impl Rows {
    /// Adds a row: to the sink, or held within the budget.
    pub(super) fn add(&mut self, row: Row) -> Result<(), crate::refused::Refused> {
        if let Some(sink) = &mut self.sink {
            return sink(&row).map_err(|e| {
                let message = format!("emit: the output cannot be written: {e}");
                self.sink_error = Some(e);
                crate::refused::Refused(message)
            });
        }
        self.spent += row.cost();
        if self.spent > self.budget {
            return Err(crate::refused::Refused(format!(
                "emit: the rows held for the output passed {} MiB, the limit; \
                 --format jsonl writes rows as they come and holds none",
                self.budget >> 20
            )));
        }
        self.held.push(row);
        Ok(())
    }
}

/// A row from the table `emit` was given: its string keys in `columns`
/// order, then the others sorted. Linear in the row (and a sort).
pub(super) fn to_row(value: &Value, columns: &Columns) -> Result<Row, crate::refused::Refused> {
    let Value::Table(t) = value else {
        return Err(crate::refused::Refused(format!(
            "emit: expected a table of column = value, got a {}",
            value.type_name()
        )));
    };
    let mut cells = Vec::new();
    for pair in t.pairs::<Value, Value>() {
        let (k, v) = pair.map_err(|e| describe(&e))?;
        let Value::String(k) = k else {
            return Err(crate::refused::Refused(format!(
                "emit: a column name must be a string (emit {{ name = value }}), not a key of type {}",
                k.type_name()
            )));
        };
        if cells.len() == MAX_COLUMNS {
            return Err(crate::refused::Refused(format!(
                "emit: a row of more than {MAX_COLUMNS} columns"
            )));
        }
        let bytes = k.as_bytes();
        if bytes.len() > MAX_CELL_BYTES {
            return Err(crate::refused::Refused(format!(
                "emit: a column name of {} bytes: at most {MAX_CELL_BYTES}",
                bytes.len()
            )));
        }
        let name = k.to_string_lossy();
        let cell = match v {
            Value::Boolean(b) => Cell::Bool(b),
            Value::Integer(i) => Cell::Int(i),
            Value::Number(x) => Cell::Num(x),
            Value::String(s) => {
                let n = s.as_bytes().len();
                if n > MAX_CELL_BYTES {
                    return Err(crate::refused::Refused(format!(
                        "emit: column {} holds {n} bytes: at most {MAX_CELL_BYTES}",
                        crate::sandbox::cut(&name)
                    )));
                }
                Cell::Str(s.to_string_lossy())
            }
            other => {
                return Err(crate::refused::Refused(format!(
                    "emit: column {} holds a {}: a row holds strings, numbers and booleans",
                    crate::sandbox::cut(&name),
                    other.type_name()
                )))
            }
        };
        cells.push((name, cell));
    }
    let rank = |n: &str| columns.0.get(n).copied().unwrap_or(usize::MAX);
    cells.sort_by(|a, b| rank(&a.0).cmp(&rank(&b.0)).then_with(|| a.0.cmp(&b.0)));
    Ok(Row(cells))
}

#[cfg(test)]
mod tests {
    use super::super::tests::rows;
    use super::super::{GameRecord, Script};
    use super::*;

    const RECORD: &str = "[Game \"aggravation\"]\n[Seats \"R G\"]\n\n1. R6 + 2. R3 r9-r12 *\n";

    #[test]
    fn a_row_has_at_most_max_columns_and_cells_of_max_bytes() {
        let wide = format!(
            "return {{ game = function() local r = {{}} for i = 1, {} do r['c' .. i] = i end emit(r) end }}",
            MAX_COLUMNS + 1
        );
        let err = rows(&wide, RECORD).unwrap_err();
        assert!(
            err.message.contains("a row of more than 1024 columns"),
            "{err}"
        );
        let fits = wide.replace(&format!("{}", MAX_COLUMNS + 1), &MAX_COLUMNS.to_string());
        assert_eq!(rows(&fits, RECORD).unwrap()[0].0.len(), MAX_COLUMNS);
        let long = "return { game = function() emit { x = string.rep('a', 65537) } end }";
        let err = rows(long, RECORD).unwrap_err();
        assert!(
            err.message
                .contains("column x holds 65537 bytes: at most 65536"),
            "{err}"
        );
        let list = "return { columns = (function() local c = {} for i = 1, 1025 do c[i] = 'c' .. i end return c end)() }";
        let err = Script::load("t.lua", list).unwrap_err();
        assert!(
            err.message
                .contains("columns lists 1025 names: at most 1024"),
            "{err}"
        );
    }

    /// Ranking a row's columns goes through a map: a `columns` list of the
    /// most names and rows of the most columns sort as fast as short ones,
    /// and in the list's order.
    #[test]
    fn columns_are_ranked_in_one_pass() {
        let script = format!(
            "local c = {{}} for i = {n}, 1, -1 do c[#c + 1] = 'c' .. i end
             return {{ columns = c, game = function()
               for k = 1, 20 do local r = {{}} for i = 1, {n} do r['c' .. i] = i end emit(r) end
             end }}",
            n = MAX_COLUMNS
        );
        let out = rows(&script, RECORD).unwrap();
        assert_eq!(out.len(), 20);
        assert_eq!(out[0].0[0].0, format!("c{MAX_COLUMNS}"));
        assert_eq!(out[0].0[MAX_COLUMNS - 1].0, "c1");
    }

    /// Rows held for the end of the run count against the budget over the
    /// whole run; past it the script fails at its `emit`, not the process.
    #[test]
    fn held_rows_are_counted_against_the_budget() {
        let game = billes_notation::parse_game(RECORD).unwrap();
        let summary = billes_core::validate(&game).unwrap();
        let record = GameRecord::new("g.bgn", 1, &game, RECORD, 0, &summary);
        let s = Script::load(
            "t.lua",
            "return { turn = function() emit { x = string.rep('a', 1000) } end }",
        )
        .unwrap();
        s.set_row_budget(1 << 20);
        let mut held = 0;
        let err = loop {
            match s.run_game(&record) {
                Ok(out) => held += out.rows.len(),
                Err(e) => break e,
            }
        };
        assert!(err.message.contains("passed 1 MiB, the limit"), "{err}");
        assert!(err.message.contains("--format jsonl"), "{err}");
        assert!((900..1100).contains(&held), "{held}");
    }

    /// With a sink, rows go out as they are emitted and none is held.
    #[test]
    fn a_sink_gets_the_rows_as_they_come() {
        let game = billes_notation::parse_game(RECORD).unwrap();
        let summary = billes_core::validate(&game).unwrap();
        let record = GameRecord::new("g.bgn", 1, &game, RECORD, 0, &summary);
        let s = Script::load(
            "t.lua",
            "return { turn = function(t) emit { n = t.number } if t.number == 2 then error('stop') end end }",
        )
        .unwrap();
        let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let sink = std::rc::Rc::clone(&seen);
        s.set_sink(Box::new(move |row| {
            sink.borrow_mut().push(row.clone());
            Ok(())
        }));
        s.set_row_budget(0);
        assert!(s.run_game(&record).is_err());
        // Both rows went out, the one emitted just before the error too.
        assert_eq!(seen.borrow().len(), 2);
        let s = Script::load("t.lua", "return { game = function() emit { n = 1 } end }").unwrap();
        s.set_sink(Box::new(|_| {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }));
        assert!(s.run_game(&record).is_err());
        assert_eq!(
            s.take_sink_error().map(|e| e.kind()),
            Some(io::ErrorKind::BrokenPipe)
        );
    }
}
