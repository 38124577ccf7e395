//! The reference of the `turns` encoder ([`super::turns`]): the rows'
//! columns as Arrow arrays, written by the parquet crate's Arrow writer
//! (how every `turns` file was written before the encoder). The tests
//! write the same rows both ways and compare the files read back.

use std::sync::Arc;

use arrow_array::builder::{ListBuilder, StringBuilder, UInt8Builder};
use arrow_array::types::{Float64Type, UInt8Type};
use arrow_array::{
    new_null_array, ArrayRef, ArrowPrimitiveType, BooleanArray, PrimitiveArray, RecordBatch,
    StringArray,
};
use arrow_schema::SchemaRef;
use billes_core::columns::{Cell, CellKind};
use smol_str::SmolStr;

use super::{bools, counts, data_type, text, u32s};
use crate::export::schema::{self, Column, OwnColumns};
use crate::export::{GameTurns, TurnRow};

/// The column of the games' keys, each written in hex once for the run
/// of rows of its game.
fn keys(games: &[GameTurns], count: usize) -> ArrayRef {
    if games.iter().all(|g| g.key.is_none()) {
        return Arc::new(StringArray::new_null(count));
    }
    let mut column = StringBuilder::with_capacity(count, 32 * count);
    for game in games {
        match game.key {
            Some(key) => {
                let hex = key.hex();
                let hex = std::str::from_utf8(&hex).unwrap_or_default();
                (0..game.rows.len()).for_each(|_| column.append_value(hex));
            }
            None => (0..game.rows.len()).for_each(|_| column.append_null()),
        }
    }
    Arc::new(column.finish())
}

/// The column of the games' files, each game's name for each of its rows.
fn files(games: &[GameTurns], count: usize) -> ArrayRef {
    let bytes = games.iter().map(|g| g.file.len() * g.rows.len()).sum();
    let mut column = StringBuilder::with_capacity(count, bytes);
    for game in games {
        (0..game.rows.len()).for_each(|_| column.append_value(&game.file));
    }
    Arc::new(column.finish())
}

/// A column of texts none of which is null.
fn texts<'a>(values: impl Iterator<Item = &'a str>) -> ArrayRef {
    Arc::new(StringArray::from_iter_values(values))
}

/// A column of numbers, any of which may be null (the dice, analysis's
/// numbers). One of nulls only (a game without dice, or of one die;
/// analysis's columns in most games) is made whole, as [`text`] makes one.
fn numbers<T: ArrowPrimitiveType>(
    values: impl Iterator<Item = Option<T::Native>> + Clone,
) -> ArrayRef {
    if values.clone().all(|v| v.is_none()) {
        return Arc::new(PrimitiveArray::<T>::new_null(values.count()));
    }
    Arc::new(values.collect::<PrimitiveArray<T>>())
}

/// The rows' `turns` batch: the columns `columns` names (a selection of
/// [`schema::turns_columns`], in its order), each built from the rows.
pub(super) fn turns_batch(
    schema: &SchemaRef,
    own: &OwnColumns,
    columns: &[Column],
    games: &[GameTurns],
) -> parquet::errors::Result<RecordBatch> {
    let rows: Vec<&TurnRow> = games.iter().flat_map(|g| &g.rows).collect();
    let rows = rows.as_slice();
    // Most batches hold no comment: their columns are then made whole.
    let noted = rows.iter().any(|r| r.notes.is_some());
    let arrays = columns
        .iter()
        .map(|c| match c.name {
            name if !noted && schema::NOTES.contains(&name) => {
                new_null_array(&data_type(c.kind), rows.len())
            }
            // The columns a game's rows share, from its game.
            "key" => keys(games, rows.len()),
            "file" => files(games, rows.len()),
            "index" => counts(
                games
                    .iter()
                    .flat_map(|g| std::iter::repeat_n(g.index, g.rows.len())),
            ),
            name => turns_column(name, own, rows),
        })
        .collect();
    Ok(RecordBatch::try_new(Arc::clone(schema), arrays)?)
}

/// The `turns` column `name` of the rows.
fn turns_column(name: &str, own: &OwnColumns, rows: &[&TurnRow]) -> ArrayRef {
    let opt = |f: fn(&TurnRow) -> &Option<String>| text(rows.iter().map(|r| f(r).as_deref()));
    let small = |f: fn(&TurnRow) -> &Option<SmolStr>| text(rows.iter().map(|r| f(r).as_deref()));
    match name {
        "turn" => counts(rows.iter().map(|r| r.turn)),
        "number" => counts(rows.iter().map(|r| r.number)),
        "seat" => texts(rows.iter().map(|r| r.seat.as_str())),
        "team" => small(|r| &r.team),
        "mover" => text(rows.iter().map(|r| r.mover.as_ref().map(|m| m.as_str()))),
        "roll" => numbers::<UInt8Type>(rows.iter().map(|r| r.roll)),
        "roll2" => numbers::<UInt8Type>(rows.iter().map(|r| r.roll2)),
        "move" => texts(rows.iter().map(|r| r.mv.as_str())),
        "pass" => bools(rows.iter().map(|r| r.pass)),
        "captures" => counts(rows.iter().map(|r| r.captures)),
        "captured" => {
            let mut captured = ListBuilder::new(StringBuilder::new());
            for r in rows {
                for s in &r.captured {
                    captured.values().append_value(s.as_str());
                }
                captured.append(true);
            }
            Arc::new(captured.finish())
        }
        "nags" => {
            let mut nags = ListBuilder::new(UInt8Builder::new());
            for r in rows {
                nags.values().append_slice(&r.nags);
                nags.append(true);
            }
            Arc::new(nags.finish())
        }
        "comment" => opt(|r| &r.notes().comment),
        "win" => numbers::<Float64Type>(rows.iter().map(|r| r.notes().win)),
        "best" => opt(|r| &r.notes().best),
        "best_win" => numbers::<Float64Type>(rows.iter().map(|r| r.notes().best_win)),
        "luck" => numbers::<Float64Type>(rows.iter().map(|r| r.notes().luck)),
        "mark" => small(|r| &r.notes().mark),
        "position" => opt(|r| &r.position),
        _ => {
            let i = own.columns().iter().position(|c| c.name == name);
            let i = i.expect("a turns column is common or a held game's own");
            let cells = rows.iter().map(|r| own.cell(&r.own, i));
            own_column(own.columns()[i].kind, cells)
        }
    }
}

/// A game's own column, of type `kind`: a cell of another type is null
/// (the conformance kit checks that a game fills its columns with their
/// types).
fn own_column<'a>(kind: CellKind, cells: impl Iterator<Item = &'a Cell> + Clone) -> ArrayRef {
    match kind {
        CellKind::Bool => Arc::new(
            cells
                .map(|c| match c {
                    Cell::Bool(b) => Some(*b),
                    _ => None,
                })
                .collect::<BooleanArray>(),
        ),
        CellKind::U32 => u32s(cells.map(|c| match c {
            Cell::U32(n) => Some(*n),
            _ => None,
        })),
        CellKind::Text => text(cells.map(|c| match c {
            Cell::Text(t) => Some(t.as_str()),
            _ => None,
        })),
    }
}
