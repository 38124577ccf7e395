//! A part in Parquet, zstd-compressed, the columns typed as
//! [`super::schema`] declares them: `games` and `mistakes` by the parquet
//! crate's Arrow writer, `turns` by an encoder of our own ([`turns`]),
//! which the Arrow writer is the reference of.

mod chunk;
mod encoding;
#[cfg(test)]
mod reference;
mod turns;

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::builder::{ListBuilder, MapBuilder, StringBuilder, StructBuilder};
use arrow_array::{ArrayRef, BooleanArray, RecordBatch, StringArray, UInt32Array};
use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, Encoding, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::schema::types::ColumnPath;
use tempfile::TempPath;

use super::commit::{cannot_write, temp_in, Sealed};
use super::schema::{self, Column, Kind, OwnColumns};
use super::{ExportError, GameRow, GameTurns, MistakeRow, PartWriter};

/// Rows of a row group at most: with [`ROW_GROUP_BYTES`], what bounds the
/// memory of a part being written.
const ROW_GROUP_ROWS: usize = 128 * 1024;

/// Encoded bytes of a row group at most.
const ROW_GROUP_BYTES: usize = 32 << 20;

/// The zstd level of every page: the crate's default (see
/// [`properties`]).
const ZSTD_LEVEL: i32 = 1;

/// The columns that count up from row to row (a game's number in its file,
/// the line it starts on, a turn's place and written number): written as
/// the differences between neighbours (`DELTA_BINARY_PACKED`), not through
/// a dictionary. Measured on simulated archives of every game, `turns` is
/// 2-38% smaller (Offboard's 36%: its `turn` and `number` were 40% of the
/// file) and the export counts 3% fewer instructions; DuckDB, Arrow and
/// Spark read the encoding. The other numbers (rolls, captures, a game's
/// own counts) take few values, which a dictionary packs in a few bits.
const COUNTING: &[&str] = &["index", "line", "turn", "number"];

/// The text columns whose statistics (a column chunk's least and greatest
/// value) would let no reader skip a row group: a game's key is a hash,
/// every row group holds every seat and moves of every kind. Written
/// without them in every table that has them (the `file` column and the
/// numbers keep theirs, which a filter on them reads): measured on 200
/// Offboard games, their minimum and maximum in `turns` were 4% of the
/// export's instructions.
const UNPRUNED: &[&[&str]] = &[
    &["key"],
    &["seat"],
    &["move"],
    &["captured", "list", "item"],
];

/// The fields of a player.
fn player_fields() -> Fields {
    Fields::from(vec![
        Field::new("seat", DataType::Utf8, true),
        Field::new("name", DataType::Utf8, true),
    ])
}

/// The arrow type of a column (the element fields as the arrow builders
/// make them).
fn data_type(kind: Kind) -> DataType {
    let item = |t: DataType| DataType::List(Arc::new(Field::new("item", t, true)));
    match kind {
        Kind::Text => DataType::Utf8,
        Kind::U8 => DataType::UInt8,
        Kind::U32 => DataType::UInt32,
        Kind::F64 => DataType::Float64,
        Kind::Bool => DataType::Boolean,
        Kind::TextList => item(DataType::Utf8),
        Kind::U8List => item(DataType::UInt8),
        Kind::Players => item(DataType::Struct(player_fields())),
        Kind::Map => DataType::Map(
            Arc::new(Field::new(
                "entries",
                DataType::Struct(Fields::from(vec![
                    Field::new("keys", DataType::Utf8, false),
                    Field::new("values", DataType::Utf8, true),
                ])),
                false,
            )),
            false,
        ),
    }
}

/// The arrow schema of a table.
pub fn arrow_schema(columns: &[Column]) -> SchemaRef {
    Arc::new(Schema::new(
        columns
            .iter()
            .map(|c| Field::new(c.name, data_type(c.kind), c.nullable))
            .collect::<Vec<_>>(),
    ))
}

/// A column of texts. One of nulls only (a column of analysis or of
/// teams, in most games) is made whole, not a null at a time; any other is
/// built in buffers of its size, found in the same look (grown a text at a
/// time, they were copied a dozen times a batch).
fn text<'a>(values: impl Iterator<Item = Option<&'a str>> + Clone) -> ArrayRef {
    let (count, bytes, nulls) = values.clone().fold((0, 0, 0), |(n, b, z), v| match v {
        Some(v) => (n + 1, b + v.len(), z),
        None => (n + 1, b, z + 1),
    });
    if nulls == count {
        return Arc::new(StringArray::new_null(count));
    }
    let mut column = StringBuilder::with_capacity(count, bytes);
    values.for_each(|v| column.append_option(v));
    Arc::new(column.finish())
}

fn u32s(values: impl Iterator<Item = Option<u32>>) -> ArrayRef {
    Arc::new(values.collect::<UInt32Array>())
}

/// A column of numbers none of which is null: built without a null bitmap
/// (the file is the same; the writer skips the bitmap's checks).
fn counts(values: impl Iterator<Item = u32>) -> ArrayRef {
    Arc::new(UInt32Array::from_iter_values(values))
}

/// A column of booleans none of which is null.
fn bools(values: impl Iterator<Item = bool>) -> ArrayRef {
    Arc::new(BooleanArray::from(values.collect::<Vec<bool>>()))
}

fn games_batch(schema: &SchemaRef, rows: &[GameRow]) -> parquet::errors::Result<RecordBatch> {
    let tag = |f: fn(&GameRow) -> &Option<String>| text(rows.iter().map(|r| f(r).as_deref()));
    let mut players = ListBuilder::new(StructBuilder::from_fields(player_fields(), 0));
    let mut tags = MapBuilder::new(None, StringBuilder::new(), StringBuilder::new());
    let mut winners = ListBuilder::new(StringBuilder::new());
    for r in rows {
        let list = players.values();
        for p in &r.players {
            field(list, 0).append_value(&p.seat);
            field(list, 1).append_value(&p.name);
            list.append(true);
        }
        players.append(true);
        for (k, v) in &r.tags {
            tags.keys().append_value(k);
            tags.values().append_value(v);
        }
        tags.append(true)?;
        match &r.winners {
            Some(w) => {
                for s in w {
                    winners.values().append_value(s);
                }
                winners.append(true);
            }
            None => winners.append(false),
        }
    }
    let columns: Vec<ArrayRef> = vec![
        tag(|r| &r.key),
        text(rows.iter().map(|r| Some(r.file.as_str()))),
        counts(rows.iter().map(|r| r.index)),
        counts(rows.iter().map(|r| r.line)),
        tag(|r| &r.game),
        tag(|r| &r.rules),
        tag(|r| &r.event),
        tag(|r| &r.round),
        tag(|r| &r.date),
        tag(|r| &r.seats),
        tag(|r| &r.teams),
        tag(|r| &r.result),
        Arc::new(players.finish()),
        Arc::new(tags.finish()),
        counts(rows.iter().map(|r| r.turns)),
        bools(rows.iter().map(|r| r.valid)),
        Arc::new(winners.finish()),
        counts(rows.iter().map(|r| r.mistakes)),
        tag(|r| &r.first_mistake_kind),
        u32s(rows.iter().map(|r| r.first_mistake_turn)),
        bools(rows.iter().map(|r| r.cut)),
    ];
    Ok(RecordBatch::try_new(Arc::clone(schema), columns)?)
}

/// The text builder of a player's field `i`.
fn field(list: &mut StructBuilder, i: usize) -> &mut StringBuilder {
    list.field_builder::<StringBuilder>(i)
        .expect("a player's fields are texts")
}

fn mistakes_batch(schema: &SchemaRef, rows: &[MistakeRow]) -> parquet::errors::Result<RecordBatch> {
    let opt = |f: fn(&MistakeRow) -> &Option<String>| text(rows.iter().map(|r| f(r).as_deref()));
    let columns: Vec<ArrayRef> = vec![
        opt(|r| &r.key),
        text(rows.iter().map(|r| Some(r.file.as_str()))),
        u32s(rows.iter().map(|r| r.index)),
        text(rows.iter().map(|r| Some(r.kind.as_str()))),
        text(rows.iter().map(|r| Some(r.message.as_str()))),
        u32s(rows.iter().map(|r| r.line)),
        u32s(rows.iter().map(|r| r.column)),
        u32s(rows.iter().map(|r| r.turn)),
        opt(|r| &r.seat),
        opt(|r| &r.note),
    ];
    Ok(RecordBatch::try_new(Arc::clone(schema), columns)?)
}

/// The I/O error inside a Parquet error (a full disk says so), or the
/// Parquet error itself.
fn io_error(e: ParquetError) -> io::Error {
    match e {
        ParquetError::External(inner) => match inner.downcast::<io::Error>() {
            Ok(e) => *e,
            Err(inner) => io::Error::other(inner),
        },
        e => io::Error::other(e),
    }
}

/// The writer's settings of a table of `columns`. zstd level 1 (the
/// crate's default) and statistics of each column chunk (what DuckDB's
/// filters read; none for the [`UNPRUNED`] columns), not of each page: on
/// an Aggravation export, level 3 made the same size at the same speed,
/// level 6 1% smaller and 7% slower; statistics per page cost 2-10% of the
/// export for an index readers rarely use.
fn properties(columns: &[Column]) -> WriterProperties {
    let level = ZstdLevel::try_new(ZSTD_LEVEL).unwrap_or_default();
    let mut props = WriterProperties::builder()
        .set_statistics_enabled(EnabledStatistics::Chunk)
        .set_compression(Compression::ZSTD(level))
        .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
        .set_max_row_group_bytes(Some(ROW_GROUP_BYTES));
    for c in columns.iter().filter(|c| COUNTING.contains(&c.name)) {
        let path = ColumnPath::from(c.name);
        props = props
            .set_column_dictionary_enabled(path.clone(), false)
            .set_column_encoding(path, Encoding::DELTA_BINARY_PACKED);
    }
    for path in UNPRUNED {
        let path = ColumnPath::new(path.iter().map(|p| p.to_string()).collect());
        props = props.set_column_statistics_enabled(path, EnabledStatistics::None);
    }
    props.build()
}

/// The file a table's writer gave back once finished, synced and kept for
/// its name `name`; or the error that kept the writer from finishing it.
fn sealed(
    file: parquet::errors::Result<std::fs::File>,
    temp: TempPath,
    name: PathBuf,
) -> Result<Sealed, ExportError> {
    match file {
        Ok(file) => Sealed::new(file, temp, name),
        Err(e) => Err(cannot_write(&name)(io_error(e))),
    }
}

/// One table's file of the part: written to a temporary file, renamed to
/// `name` when the part is committed.
struct Table {
    writer: ArrowWriter<std::fs::File>,
    temp: TempPath,
    schema: SchemaRef,
    name: PathBuf,
}

impl Table {
    fn create(dir: &Path, name: &str, columns: &[Column]) -> Result<Table, ExportError> {
        let name = dir.join(name);
        let schema = arrow_schema(columns);
        let props = properties(columns);
        let (file, temp) = temp_in(dir, &name)?;
        let writer = ArrowWriter::try_new(file, Arc::clone(&schema), Some(props))
            .map_err(|e| cannot_write(&name)(io_error(e)))?;
        Ok(Table {
            writer,
            temp,
            schema,
            name,
        })
    }

    fn write(&mut self, batch: parquet::errors::Result<RecordBatch>) -> Result<(), ExportError> {
        let written = batch.and_then(|batch| {
            if batch.num_rows() > 0 {
                self.writer.write(&batch)?;
            }
            Ok(())
        });
        written.map_err(|e| cannot_write(&self.name)(io_error(e)))
    }

    fn finish(self) -> Result<Sealed, ExportError> {
        let Table {
            writer, temp, name, ..
        } = self;
        sealed(writer.into_inner(), temp, name)
    }
}

/// The files of one part.
pub(super) struct Part {
    games: Table,
    turns: turns::TurnsFile,
    mistakes: Option<Table>,
    /// The own columns of the games `turns` holds.
    own: Arc<OwnColumns>,
}

impl Part {
    pub(super) fn create(
        dirs: &[PathBuf],
        name: &str,
        own: &Arc<OwnColumns>,
        selection: &schema::Selection,
    ) -> Result<Part, ExportError> {
        let turns_columns = selection.turns_columns(own);
        Ok(Part {
            own: Arc::clone(own),
            games: Table::create(&dirs[0], name, schema::GAMES)?,
            turns: turns::TurnsFile::create(&dirs[1], name, &turns_columns, own)?,
            mistakes: dirs
                .get(2)
                .map(|d| Table::create(d, name, schema::MISTAKES))
                .transpose()?,
        })
    }
}

impl PartWriter for Part {
    fn games(&mut self, rows: &[GameRow]) -> Result<(), ExportError> {
        let batch = games_batch(&self.games.schema, rows);
        self.games.write(batch)
    }

    fn turns(&mut self, games: &[GameTurns]) -> Result<(), ExportError> {
        let first = games.iter().filter_map(|g| Some((g, g.rows.first()?)));
        if let Some((g, r)) = first.into_iter().find(|(_, r)| !self.own.holds(r.own.game)) {
            return Err(ExportError::NewGame {
                file: g.file.clone(),
                game: r.own.game,
            });
        }
        self.turns.write(games)
    }

    fn mistakes(&mut self, rows: &[MistakeRow]) -> Result<(), ExportError> {
        match &mut self.mistakes {
            Some(t) => {
                let batch = mistakes_batch(&t.schema, rows);
                t.write(batch)
            }
            None => Ok(()),
        }
    }

    fn finish(self: Box<Self>) -> Result<Vec<Sealed>, ExportError> {
        let mut files = vec![self.games.finish()?, self.turns.finish()?];
        if let Some(m) = self.mistakes {
            files.push(m.finish()?);
        }
        Ok(files)
    }
}

#[cfg(test)]
mod tests {
    use billes_core::GameKind;

    use super::*;

    /// The turns rows of a short simulated game of `kind`.
    fn turns_of(kind: GameKind) -> GameTurns {
        crate::rows::simulated_rows(kind, 20, 1)
    }

    /// A row of a game whose columns the file was not made with (its file
    /// changed after the games' names were read) stops the export: its
    /// columns are never left out.
    #[test]
    fn a_game_the_file_was_not_made_for_is_an_error() {
        let dir = tempfile::tempdir().expect("a folder");
        let dirs: Vec<PathBuf> = ["games", "turns"]
            .iter()
            .map(|t| {
                let d = dir.path().join(t);
                std::fs::create_dir(&d).expect("made");
                d
            })
            .collect();
        let all = billes_core::registry::all();
        let [first, others @ ..] = all.as_slice() else {
            panic!("no game")
        };
        let (first, others) = (*first, others.iter().copied());
        let own = Arc::new(OwnColumns::of(&[first]));
        let mut part = Part::create(&dirs, "part-00000.parquet", &own, &schema::Selection::all())
            .expect("opens");
        part.turns(&[turns_of(first)]).expect("its own game's rows");
        for kind in others {
            match part.turns(&[turns_of(kind)]) {
                Err(ExportError::NewGame { file, game }) => {
                    assert_eq!((file.as_str(), game), ("g.bgn", kind));
                }
                other => panic!("{kind}: {other:?}"),
            }
        }
    }
}
