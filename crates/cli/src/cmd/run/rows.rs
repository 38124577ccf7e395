//! The rows of `billes run` written out: as a table, CSV, JSON or JSON
//! Lines, their columns in the order they first appear.

use std::io::{self, Write};

use billes_lua::script::{Cell, Row};

use super::RunFormat;

/// The columns of `rows`: each name where it first appears (one pass,
/// whatever the number of columns).
fn columns(rows: &[Row]) -> Vec<&str> {
    let mut seen = std::collections::HashSet::new();
    let mut names: Vec<&str> = Vec::new();
    for row in rows {
        for (name, _) in &row.0 {
            if seen.insert(name.as_str()) {
                names.push(name);
            }
        }
    }
    names
}

/// A cell as text: a float with `precision` decimals when asked.
fn cell_text(cell: &Cell, precision: Option<usize>) -> String {
    match (cell, precision) {
        (Cell::Num(x), Some(p)) if x.is_finite() => format!("{x:.p$}"),
        _ => cell.to_string(),
    }
}

/// Writes every row in `format` (not JSON Lines, which is written as rows
/// come).
pub(super) fn write_rows(
    out: &mut impl Write,
    format: RunFormat,
    rows: &[Row],
    precision: Option<usize>,
) -> io::Result<()> {
    let names = columns(rows);
    match format {
        RunFormat::Jsonl => {
            for row in rows {
                write_json_row(out, row, precision)?;
                out.write_all(b"\n")?;
            }
        }
        RunFormat::Json => {
            out.write_all(b"[")?;
            for (i, row) in rows.iter().enumerate() {
                out.write_all(if i == 0 { b"\n  " } else { b",\n  " })?;
                write_json_row(out, row, precision)?;
            }
            out.write_all(if rows.is_empty() { b"]\n" } else { b"\n]\n" })?;
        }
        RunFormat::Csv => write_csv(out, &names, rows, precision)?,
        RunFormat::Table => write_table(out, &names, rows, precision)?,
    }
    Ok(())
}

/// Writes the rows as CSV: a header of the `names` of the columns, then a
/// line a row.
fn write_csv(
    out: &mut impl Write,
    names: &[&str],
    rows: &[Row],
    precision: Option<usize>,
) -> io::Result<()> {
    if names.is_empty() {
        return Ok(());
    }
    let line = |cells: Vec<String>| -> String { cells.join(",") };
    writeln!(
        out,
        "{}",
        line(
            names
                .iter()
                .map(|n| billes_archive::csv::field(n, false))
                .collect()
        )
    )?;
    for row in rows {
        let index: std::collections::HashMap<&str, &Cell> =
            row.0.iter().map(|(n, c)| (n.as_str(), c)).collect();
        let cells = names
            .iter()
            .map(|n| match index.get(n) {
                Some(c) => {
                    billes_archive::csv::field(&cell_text(c, precision), !matches!(c, Cell::Str(_)))
                }
                None => String::new(),
            })
            .collect();
        writeln!(out, "{}", line(cells))?;
    }
    Ok(())
}

/// Writes the rows as a table: columns (of `names`) aligned with spaces,
/// numbers to the right.
fn write_table(
    out: &mut impl Write,
    names: &[&str],
    rows: &[Row],
    precision: Option<usize>,
) -> io::Result<()> {
    if names.is_empty() {
        return Ok(());
    }
    let cells: Vec<Vec<(String, bool)>> = rows
        .iter()
        .map(|row| {
            let index: std::collections::HashMap<&str, &Cell> =
                row.0.iter().map(|(n, c)| (n.as_str(), c)).collect();
            names
                .iter()
                .map(|n| match index.get(n) {
                    Some(c) => (
                        table_text(&cell_text(c, precision)),
                        matches!(c, Cell::Int(_) | Cell::Num(_)),
                    ),
                    None => (String::new(), false),
                })
                .collect()
        })
        .collect();
    let width = |i: usize| {
        cells
            .iter()
            .map(|r| r[i].0.chars().count())
            .chain([table_text(names[i]).chars().count()])
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..names.len()).map(width).collect();
    let mut line = String::new();
    for (i, n) in names.iter().enumerate() {
        if i > 0 {
            line.push_str("  ");
        }
        line.push_str(&format!("{:<w$}", table_text(n), w = widths[i]));
    }
    writeln!(out, "{}", line.trim_end())?;
    for row in &cells {
        line.clear();
        for (i, (text, number)) in row.iter().enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            if *number {
                line.push_str(&format!("{text:>w$}", w = widths[i]));
            } else {
                line.push_str(&format!("{text:<w$}", w = widths[i]));
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// A cell of the `table` output: a control character (ESC, BEL, CR, a line
/// break...) is shown as its picture (`␛`, `␇`, `␍`, `␊`), as diagnostics show
/// them, so a tag cannot move the cursor, set the terminal's title or break
/// a line; a C1 control (U+0080 to U+009F) as `�`.
fn table_text(text: &str) -> String {
    billes_notation::control_pictures(text).into_owned()
}

/// A row as one JSON object, its columns in the row's order (the
/// script's `columns` first), floats with `precision` decimals when asked.
pub(super) fn write_json_row(
    out: &mut impl Write,
    row: &Row,
    precision: Option<usize>,
) -> io::Result<()> {
    out.write_all(b"{")?;
    for (i, (name, cell)) in row.0.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        // `From` keeps the kind of a write error (a closed pipe stays quiet).
        serde_json::to_writer(&mut *out, name).map_err(io::Error::from)?;
        out.write_all(b":")?;
        match cell {
            Cell::Bool(b) => write!(out, "{b}")?,
            Cell::Int(i) => write!(out, "{i}")?,
            Cell::Num(x) if !x.is_finite() => out.write_all(b"null")?,
            Cell::Num(x) => match precision {
                Some(p) => write!(out, "{x:.p$}")?,
                None => serde_json::to_writer(&mut *out, x).map_err(io::Error::from)?,
            },
            Cell::Str(s) => serde_json::to_writer(&mut *out, s).map_err(io::Error::from)?,
        }
    }
    out.write_all(b"}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        assert_eq!(billes_archive::csv::field("Ann", false), "Ann");
        assert_eq!(
            billes_archive::csv::field("Leroy, Ann", false),
            "\"Leroy, Ann\""
        );
        assert_eq!(
            billes_archive::csv::field("say \"hi\"", false),
            "\"say \"\"hi\"\"\""
        );
    }

    #[test]
    fn csv_fields_never_start_a_formula() {
        assert_eq!(
            billes_archive::csv::field("=cmd|' /C calc'!A0", false),
            "'=cmd|' /C calc'!A0"
        );
        assert_eq!(
            billes_archive::csv::field("+HYPERLINK(\"x\")", false),
            "\"'+HYPERLINK(\"\"x\"\")\""
        );
        assert_eq!(
            billes_archive::csv::field("@SUM(A1,A2)", false),
            "\"'@SUM(A1,A2)\""
        );
        assert_eq!(billes_archive::csv::field("-2+3", false), "'-2+3");
        assert_eq!(billes_archive::csv::field("\t=1", false), "'\t=1");
        assert_eq!(billes_archive::csv::field("\r=1", false), "\"'\r=1\"");
        // A number is not text: -3 stays a number.
        assert_eq!(billes_archive::csv::field("-3", true), "-3");
        assert_eq!(billes_archive::csv::field("a=b", false), "a=b");
    }

    #[test]
    fn table_cells_show_control_characters_as_pictures() {
        assert_eq!(
            table_text("a\u{1b}]0;x\u{7}b\r\n"),
            "a\u{241b}]0;x\u{2407}b\u{240d}\u{240a}"
        );
        assert_eq!(table_text("\u{7f}\u{9b}2J"), "\u{2421}\u{fffd}2J");
        assert_eq!(table_text("Ann é"), "Ann é");
    }
}
