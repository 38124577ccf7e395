//! The `turns` table's file, encoded here from the rows rather than
//! through Arrow arrays and the crate's column writers.
//!
//! A hundred rows of `turns` are written for each row of `games`, and most
//! of their columns hold few values or none: a game's key, file and number
//! are one value over its run of rows, most turns have no comment, team or
//! capture. The crate's writer, given Arrow arrays, found each row's text
//! in its dictionary by hashing it again; here a game's shared columns are
//! looked up once for its run, and a null column is a run of levels. The
//! pages, encodings and statistics are those the crate writes with the
//! export's settings ([`chunk`](super::chunk)), and the crate still lays out
//! the file: its page headers, row groups and footer, with the Arrow
//! schema that readers take the columns' types from.
//!
//! The crate's writer stays as the reference: the tests write the same
//! rows both ways and read the files back, cell by cell and statistics by
//! statistics (the test-only `reference` module's `turns_batch`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use billes_core::columns::{Cell, CellKind};
use parquet::arrow::{add_encoded_arrow_schema_to_metadata, ArrowSchemaConverter};
use parquet::errors::Result;
use parquet::file::writer::SerializedFileWriter;
use tempfile::TempPath;

use super::chunk::{Chunk, Form};
use super::{arrow_schema, io_error, properties, sealed, COUNTING, UNPRUNED};
use crate::export::commit::{cannot_write, temp_in, Sealed};
use crate::export::schema::{Column, Kind, OwnColumns};
use crate::export::{ExportError, GameTurns, TurnRow};

use super::{ROW_GROUP_BYTES, ROW_GROUP_ROWS, ZSTD_LEVEL};

/// What a column of `turns` holds: where in a row (or its game) its cells
/// come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Key,
    File,
    Index,
    Turn,
    Number,
    Seat,
    Team,
    Mover,
    Roll,
    Roll2,
    Move,
    Pass,
    Captures,
    Captured,
    Nags,
    Comment,
    Win,
    Best,
    BestWin,
    Luck,
    Mark,
    Position,
    /// A game's own column, by its place in [`OwnColumns::columns`].
    Own(usize, CellKind),
}

impl Field {
    /// The field of the column `name` of `turns`.
    fn of(name: &str, own: &OwnColumns) -> Field {
        match name {
            "key" => Field::Key,
            "file" => Field::File,
            "index" => Field::Index,
            "turn" => Field::Turn,
            "number" => Field::Number,
            "seat" => Field::Seat,
            "team" => Field::Team,
            "mover" => Field::Mover,
            "roll" => Field::Roll,
            "roll2" => Field::Roll2,
            "move" => Field::Move,
            "pass" => Field::Pass,
            "captures" => Field::Captures,
            "captured" => Field::Captured,
            "nags" => Field::Nags,
            "comment" => Field::Comment,
            "win" => Field::Win,
            "best" => Field::Best,
            "best_win" => Field::BestWin,
            "luck" => Field::Luck,
            "mark" => Field::Mark,
            "position" => Field::Position,
            _ => {
                let i = own.columns().iter().position(|c| c.name == name);
                let i = i.expect("a turns column is common or a held game's own");
                Field::Own(i, own.columns()[i].kind)
            }
        }
    }
}

/// A number's `PLAIN` bytes (a 32-bit integer; the 8-bit ones too).
fn number(v: impl Into<u32>) -> [u8; 4] {
    v.into().to_le_bytes()
}

/// The file of `turns` of a part: written to a temporary file, renamed to
/// `name` when the part is committed.
pub(super) struct TurnsFile {
    writer: SerializedFileWriter<std::fs::File>,
    temp: TempPath,
    name: PathBuf,
    /// Each column's field and chunk, in the file's order.
    fields: Vec<Field>,
    chunks: Vec<Chunk>,
    own: Arc<OwnColumns>,
    compressor: zstd::bulk::Compressor<'static>,
}

impl std::fmt::Debug for TurnsFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TurnsFile")
            .field("name", &self.name)
            .finish()
    }
}

impl TurnsFile {
    pub(super) fn create(
        dir: &Path,
        name: &str,
        columns: &[Column],
        own: &Arc<OwnColumns>,
    ) -> Result<TurnsFile, ExportError> {
        let name = dir.join(name);
        let (file, temp) = temp_in(dir, &name)?;
        let made = Self::writer(file, columns, own);
        let (writer, chunks, fields, compressor) =
            made.map_err(|e| cannot_write(&name)(io_error(e)))?;
        Ok(TurnsFile {
            writer,
            temp,
            name,
            fields,
            chunks,
            own: Arc::clone(own),
            compressor,
        })
    }

    /// The file's writer (the schema and properties the crate's Arrow
    /// writer would have, with the Arrow schema in the metadata), and each
    /// column's chunk and field.
    #[allow(clippy::type_complexity)]
    fn writer(
        file: std::fs::File,
        columns: &[Column],
        own: &OwnColumns,
    ) -> Result<(
        SerializedFileWriter<std::fs::File>,
        Vec<Chunk>,
        Vec<Field>,
        zstd::bulk::Compressor<'static>,
    )> {
        let schema = arrow_schema(columns);
        let descriptor = ArrowSchemaConverter::new().convert(&schema)?;
        let mut props = properties(columns);
        add_encoded_arrow_schema_to_metadata(&schema, &mut props);
        let writer =
            SerializedFileWriter::new(file, descriptor.root_schema_ptr(), Arc::new(props))?;
        // Each column of `turns` is one leaf: no structs or maps.
        let chunks = columns
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let form = match c.kind {
                    _ if COUNTING.contains(&c.name) => Form::Delta,
                    Kind::Bool => Form::Bools,
                    _ => Form::Dictionary,
                };
                let statistics = !UNPRUNED.iter().any(|path| path[0] == c.name);
                Chunk::new(descriptor.column(i), form, statistics)
            })
            .collect();
        let fields = columns.iter().map(|c| Field::of(c.name, own)).collect();
        let compressor = zstd::bulk::Compressor::new(ZSTD_LEVEL)
            .map_err(|e| parquet::errors::ParquetError::External(Box::new(e)))?;
        Ok((writer, chunks, fields, compressor))
    }

    /// Writes the rows of `games`, a row group each time one is full.
    pub(super) fn write(&mut self, games: &[GameTurns]) -> Result<(), ExportError> {
        self.push(games)
            .map_err(|e| cannot_write(&self.name)(io_error(e)))
    }

    fn push(&mut self, games: &[GameTurns]) -> Result<()> {
        for game in games {
            let mut rows = game.rows.as_slice();
            while !rows.is_empty() {
                let held = self.chunks.first().map_or(0, Chunk::rows);
                let (now, later) = rows.split_at(rows.len().min(ROW_GROUP_ROWS - held));
                self.push_rows(game, now);
                for chunk in &mut self.chunks {
                    chunk.write_full_pages(&mut self.compressor)?;
                }
                rows = later;
                let bytes: usize = self.chunks.iter().map(Chunk::held_bytes).sum();
                if held + now.len() >= ROW_GROUP_ROWS || bytes >= ROW_GROUP_BYTES {
                    self.write_row_group()?;
                }
            }
        }
        Ok(())
    }

    /// The cells of `rows` of `game`, a column at a time.
    fn push_rows(&mut self, game: &GameTurns, rows: &[TurnRow]) {
        let n = rows.len();
        for (field, chunk) in self.fields.iter().zip(&mut self.chunks) {
            match *field {
                Field::Key => {
                    let hex = game.key.map(|k| k.hex());
                    let hex = hex
                        .as_ref()
                        .map(|h| std::str::from_utf8(h).unwrap_or_default());
                    chunk.text_n(hex, n);
                }
                Field::File => chunk.text_n(Some(&game.file), n),
                Field::Index => chunk.u32_n(Some(game.index), n),
                Field::Turn => chunk.counts(n, rows.iter().map(|r| r.turn)),
                Field::Number => chunk.counts(n, rows.iter().map(|r| r.number)),
                Field::Seat => chunk.cells(n, rows.iter().map(|r| Some(r.seat.as_str()))),
                Field::Team => chunk.cells(n, rows.iter().map(|r| r.team.as_deref())),
                Field::Mover => {
                    chunk.cells(n, rows.iter().map(|r| r.mover.as_ref().map(|m| m.as_str())))
                }
                Field::Roll => chunk.cells(n, rows.iter().map(|r| r.roll.map(number))),
                Field::Roll2 => chunk.cells(n, rows.iter().map(|r| r.roll2.map(number))),
                Field::Move => chunk.cells(n, rows.iter().map(|r| Some(r.mv.as_str()))),
                Field::Pass => chunk.bools(n, rows.iter().map(|r| Some(r.pass))),
                Field::Captures => chunk.cells(n, rows.iter().map(|r| Some(number(r.captures)))),
                Field::Captured => rows
                    .iter()
                    .for_each(|r| chunk.list(r.captured.iter().map(|s| s.as_str().as_bytes()))),
                Field::Nags => rows.iter().for_each(|r| {
                    let nags = r.nags.iter().map(|&n| u32::from(n).to_le_bytes());
                    let nags: smallvec::SmallVec<[[u8; 4]; 4]> = nags.collect();
                    chunk.list(nags.iter().map(|n| n.as_slice()));
                }),
                // Most rows have no comments: their notes are a run of nulls.
                Field::Comment
                | Field::Win
                | Field::Best
                | Field::BestWin
                | Field::Luck
                | Field::Mark
                    if rows.iter().all(|r| r.notes.is_none()) =>
                {
                    chunk.nulls(n)
                }
                Field::Comment => chunk.cells(n, rows.iter().map(|r| r.notes().comment.as_deref())),
                Field::Win => {
                    chunk.cells(n, rows.iter().map(|r| r.notes().win.map(f64::to_le_bytes)))
                }
                Field::Best => chunk.cells(n, rows.iter().map(|r| r.notes().best.as_deref())),
                Field::BestWin => chunk.cells(
                    n,
                    rows.iter()
                        .map(|r| r.notes().best_win.map(f64::to_le_bytes)),
                ),
                Field::Luck => {
                    chunk.cells(n, rows.iter().map(|r| r.notes().luck.map(f64::to_le_bytes)))
                }
                Field::Mark => chunk.cells(n, rows.iter().map(|r| r.notes().mark.as_deref())),
                Field::Position => chunk.cells(n, rows.iter().map(|r| r.position.as_deref())),
                Field::Own(i, kind) => {
                    // The rows of a game hold its cells in one order: the
                    // column's place among them is found once.
                    let Some(at) = rows.first().and_then(|r| self.own.place(r.own.game, i)) else {
                        chunk.nulls(n);
                        continue;
                    };
                    // A cell of another type than its column's is null
                    // (the conformance kit checks that a game fills its
                    // columns with their types).
                    let cells = rows.iter().map(|r| r.own.cells.get(at));
                    match kind {
                        CellKind::Bool => chunk.bools(
                            n,
                            cells.map(|c| match c {
                                Cell::Bool(b) => Some(*b),
                                _ => None,
                            }),
                        ),
                        CellKind::U32 => chunk.cells(
                            n,
                            cells.map(|c| match c {
                                Cell::U32(v) => Some(number(*v)),
                                _ => None,
                            }),
                        ),
                        CellKind::Text => chunk.cells(
                            n,
                            cells.map(|c| match c {
                                Cell::Text(t) => Some(t.as_str()),
                                _ => None,
                            }),
                        ),
                    }
                }
            }
        }
    }

    /// Writes the rows held as a row group.
    fn write_row_group(&mut self) -> Result<()> {
        if self.chunks.first().is_none_or(|c| c.rows() == 0) {
            return Ok(());
        }
        let mut group = self.writer.next_row_group()?;
        for chunk in &mut self.chunks {
            let (bytes, close) = chunk.write(&mut self.compressor)?;
            group.append_column(&bytes, close)?;
        }
        group.close()?;
        Ok(())
    }

    pub(super) fn finish(mut self) -> Result<Sealed, ExportError> {
        if let Err(e) = self.write_row_group() {
            return Err(cannot_write(&self.name)(io_error(e)));
        }
        let TurnsFile {
            writer, temp, name, ..
        } = self;
        sealed(writer.into_inner(), temp, name)
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use arrow_array::RecordBatch;
    use billes_core::GameKind;
    use billes_notation::Seat;
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    use parquet::arrow::ArrowWriter;
    use parquet::file::metadata::ParquetMetaData;
    use smol_str::SmolStr;

    use super::*;
    use crate::export::commit::commit;
    use crate::export::parquet::reference::turns_batch;
    use crate::export::schema::Selection;
    use crate::export::Key;
    use crate::rows::{Notes, OwnCells};

    /// What a file reads back as: its rows, in batches of 1,024 (cut at
    /// the same rows whatever the row groups), and its metadata.
    fn read(path: &Path) -> (Vec<RecordBatch>, Arc<ParquetMetaData>) {
        let file = std::fs::File::open(path).expect("written");
        let builder = ParquetRecordBatchReaderBuilder::try_new(file).expect("a Parquet file");
        let metadata = Arc::clone(builder.metadata());
        let batches: Vec<RecordBatch> = builder
            .with_batch_size(1024)
            .build()
            .expect("a reader")
            .collect::<std::result::Result<_, _>>()
            .expect("reads");
        (batches, metadata)
    }

    /// `games` written by the encoder (given in `batches` of games, as the
    /// exporter gives them) and by the reference, read back and compared:
    /// the same schema, the same cells, the same row groups, and the same
    /// statistics of each column chunk.
    fn same_as_reference(games: &[GameTurns], selection: &Selection, batch: usize) {
        let dir = tempfile::tempdir().expect("a folder");
        let mut kinds: Vec<GameKind> = games.iter().map(|g| g.rows[0].own.game).collect();
        kinds.dedup();
        let own = Arc::new(OwnColumns::of(&kinds));
        let columns = selection.turns_columns(&own);
        let mut ours =
            TurnsFile::create(dir.path(), "ours.parquet", &columns, &own).expect("opens");
        for games in games.chunks(batch) {
            ours.write(games).expect("written");
        }
        commit(vec![ours.finish().expect("finished")]).expect("named");
        let schema = arrow_schema(&columns);
        let reference = std::fs::File::create(dir.path().join("reference.parquet")).expect("made");
        let props = properties(&columns);
        let mut writer =
            ArrowWriter::try_new(reference, Arc::clone(&schema), Some(props)).expect("opens");
        for games in games.chunks(batch) {
            let batch = turns_batch(&schema, &own, &columns, games).expect("a batch");
            writer.write(&batch).expect("written");
        }
        writer.close().expect("closed");
        let (ours, our_meta) = read(&dir.path().join("ours.parquet"));
        let (reference, reference_meta) = read(&dir.path().join("reference.parquet"));
        let rows: usize = ours.iter().map(RecordBatch::num_rows).sum();
        assert_eq!(rows, games.iter().map(|g| g.rows.len()).sum::<usize>());
        assert_eq!(ours.len(), reference.len());
        for (ours, reference) in ours.iter().zip(&reference) {
            assert_eq!(ours.schema(), reference.schema(), "the schemas");
            for (i, field) in reference.schema().fields().iter().enumerate() {
                assert_eq!(
                    ours.column(i),
                    reference.column(i),
                    "the column {}",
                    field.name()
                );
            }
        }
        assert_eq!(
            our_meta.file_metadata().schema_descr(),
            reference_meta.file_metadata().schema_descr()
        );
        let groups = |m: &ParquetMetaData| -> Vec<i64> {
            m.row_groups().iter().map(|g| g.num_rows()).collect()
        };
        assert_eq!(groups(&our_meta), groups(&reference_meta), "the row groups");
        for (ours, reference) in our_meta
            .row_groups()
            .iter()
            .zip(reference_meta.row_groups())
        {
            for (a, b) in ours.columns().iter().zip(reference.columns()) {
                let name = a.column_path().string();
                assert_eq!(a.num_values(), b.num_values(), "{name}");
                // Compared as texts: -0.0 == 0.0, and NaN is no number's equal.
                assert_eq!(
                    format!("{:?}", a.statistics()),
                    format!("{:?}", b.statistics()),
                    "the statistics of {name}"
                );
                assert_eq!(
                    a.definition_level_histogram(),
                    b.definition_level_histogram(),
                    "{name}"
                );
                assert_eq!(
                    a.repetition_level_histogram(),
                    b.repetition_level_histogram(),
                    "{name}"
                );
                assert_eq!(
                    a.unencoded_byte_array_data_bytes(),
                    b.unencoded_byte_array_data_bytes(),
                    "{name}"
                );
            }
        }
    }

    fn kind(name: &str) -> GameKind {
        billes_core::registry::named(name).expect("a compiled game")
    }

    /// The rows of a seeded simulated game of each registered game, games
    /// of one to eighty turns, every other one with a key.
    fn every_game() -> Vec<GameTurns> {
        let mut games = Vec::new();
        for (i, kind) in billes_core::registry::all().into_iter().enumerate() {
            for (j, turns) in [80, 1, 33].into_iter().enumerate() {
                let mut game = crate::rows::simulated_rows(kind, turns, 7 + j as u64);
                game.index = (i * 3 + j) as u32 + 1;
                game.file = format!("{kind}.bgn");
                games.push(game);
            }
        }
        for (i, game) in games.iter_mut().enumerate().step_by(2) {
            game.key = Some(Key::new(
                0x0123_4567_89ab_cdef_0123_4567_89ab_cdef + i as u128,
            ));
        }
        games
    }

    #[test]
    fn every_games_rows_read_back_as_the_reference_writes_them() {
        let games = every_game();
        for selection in ["all", "", "key,turn,move,captured,nags,pass"] {
            let selection = match selection {
                "" => Selection::default(),
                s => Selection::parse(s).expect("a selection"),
            };
            same_as_reference(&games, &selection, 4);
        }
        // Each game's file alone, with its own columns only.
        for game in &games {
            same_as_reference(std::slice::from_ref(game), &Selection::all(), 1);
        }
    }

    /// Rows with every column filled, texts of every character, numbers at
    /// their edges (zeros of both signs, NaN, the largest), texts longer
    /// than the statistics keep (cut inside a character of several bytes),
    /// and a position column whose dictionary outgrows its limit.
    #[test]
    fn hostile_rows_read_back_as_the_reference_writes_them() {
        let base = crate::rows::simulated_rows(kind("aggravation"), 200, 3);
        let every: String = (0u8..0x80).map(char::from).collect();
        let long = format!("{}é✓𝄞 {every}", "x".repeat(61));
        // A least value of 0.0 and of -0.0 (written -0.0), NaN only, and
        // numbers at their edges.
        let win = [0.0, -0.0, f64::NAN, 0.5];
        let luck = [f64::MAX, -1.5, 0.1 + 0.2, -0.0, f64::MIN_POSITIVE];
        let mut games = Vec::new();
        for (i, row) in base.rows.iter().cycle().take(300).enumerate() {
            let noted = i % 3 != 0;
            let row = TurnRow {
                team: (i % 2 == 0).then(|| SmolStr::new("R+G")),
                mover: (i % 4 == 0).then(|| Seat::new("G")),
                roll2: (i % 5 == 0).then_some(u8::MAX),
                captured: (0..i % 3).map(|_| Seat::new("B")).collect(),
                captures: u32::MAX - i as u32,
                nags: (0..i % 4).map(|n| n as u8 * 85).collect(),
                notes: noted.then(|| {
                    Box::new(Notes {
                        // Long enough to be written `PLAIN`, with nulls.
                        comment: Some(format!("{long} {i} {}", "c".repeat(10_000 + i))),
                        win: Some(win[i % win.len()]),
                        best: (i % 2 == 0).then(|| "r9-r15*".into()),
                        best_win: Some(f64::NAN),
                        luck: (i % 7 != 0).then(|| luck[i % luck.len()]),
                        mark: Some(SmolStr::new("?!")),
                    })
                }),
                position: Some(format!("{i} {} {long}", "p".repeat(20_000 + i))),
                own: OwnCells {
                    game: row.own.game,
                    cells: if i % 6 == 0 {
                        Default::default()
                    } else {
                        row.own.cells.clone()
                    },
                },
                ..row.clone()
            };
            games.push(GameTurns {
                key: (i % 2 == 1).then(|| Key::new(i as u128)),
                file: format!("{long}/{}", i / 10),
                index: u32::MAX - i as u32 / 7,
                rows: vec![row],
            });
        }
        same_as_reference(&games, &Selection::all(), 5);
    }

    /// More distinct values in a row group than a dictionary holds, a
    /// game's run of rows (its file) and a row at a time (a count): written
    /// `PLAIN` from the first value past it.
    #[test]
    fn a_full_dictionary_goes_on_plain() {
        let game = crate::rows::simulated_rows(kind("offboard"), 1, 5);
        let games: Vec<GameTurns> = (0..70_000u32)
            .map(|i| GameTurns {
                key: None,
                file: format!("f{i}"),
                index: 1,
                rows: vec![TurnRow {
                    captures: 1_000_000 + i,
                    ..game.rows[0].clone()
                }],
            })
            .collect();
        let selection = Selection::parse("file,captures").expect("a selection");
        same_as_reference(&games, &selection, 997);
    }

    /// More rows than a row group holds: cut where the reference cuts.
    #[test]
    fn row_groups_are_cut_where_the_reference_cuts_them() {
        let game = crate::rows::simulated_rows(kind("offboard"), 200, 5);
        let rows: Vec<TurnRow> = game.rows.iter().cycle().take(1000).cloned().collect();
        let games: Vec<GameTurns> = (0..ROW_GROUP_ROWS / 1000 + 3)
            .map(|i| GameTurns {
                key: Some(Key::new(i as u128)),
                file: "g.bgn".into(),
                index: i as u32 + 1,
                rows: rows.clone(),
            })
            .collect();
        let selection = Selection::parse("key,index,turn,move,captured").expect("a selection");
        same_as_reference(&games, &selection, 8);
    }
}
