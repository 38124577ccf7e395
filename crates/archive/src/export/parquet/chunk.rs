//! One column chunk of the `turns` encoder: the levels and values of one
//! column for the rows of a row group, pushed a row (or a run of rows) at a
//! time, then written as pages with their statistics.
//!
//! What it writes is what the parquet crate's writer writes with the
//! export's settings ([`super::properties`]), so that the files read the
//! same and keep what readers use: data pages of version 1 (at most 20,000
//! rows and about 1 MiB of values each), zstd level 1, texts and the
//! numbers that are not counts through a dictionary (falling back to
//! `PLAIN` when it passes 1 MiB, or 65,536 values), the counts in
//! `DELTA_BINARY_PACKED`, and
//! chunk statistics (least and greatest value, nulls, level histograms)
//! unless the column is one of [`super::UNPRUNED`].

use std::collections::HashMap;

use bytes::Bytes;
use parquet::basic::{Compression, Encoding, LogicalType, PageType, Type as Physical, ZstdLevel};
use parquet::column::page::{CompressedPage, Page, PageWriter};
use parquet::column::writer::ColumnCloseResult;
use parquet::data_type::ByteArray;
use parquet::errors::{ParquetError, Result};
use parquet::file::metadata::{ColumnChunkMetaData, LevelHistogram, PageEncodingStats};
use parquet::file::statistics::{Statistics, ValueStatistics};
use parquet::file::writer::{SerializedPageWriter, TrackedWrite};
use parquet::schema::types::ColumnDescPtr;
use rustc_hash::FxBuildHasher;

use super::encoding::{bit_width, delta_binary_packed, plain_bools, rle_hybrid};

/// Rows of a data page at most (the parquet crate's default).
const PAGE_ROWS: usize = 20_000;

/// Bytes of a data page's values, about (the crate's default page size):
/// a page is closed at the first row past it.
const PAGE_BYTES: usize = 1 << 20;

/// Bytes of a dictionary at most (the crate's default): past it, the chunk
/// is written `PLAIN`.
const DICTIONARY_BYTES: usize = 1 << 20;

/// Values of a dictionary at most, so that an index takes two bytes: the
/// next new value makes the chunk `PLAIN`, as a dictionary past
/// [`DICTIONARY_BYTES`] does (65,536 values of four bytes are 256 KiB).
const DICTIONARY_ENTRIES: usize = 1 << 16;

/// Bytes of a text's least and greatest value kept in the statistics
/// (the crate's default); longer ones are cut, the greatest rounded up.
const STATISTICS_BYTES: usize = 64;

/// How a column's values are held until the chunk is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Form {
    /// Each distinct value once, each row's as its index.
    Dictionary,
    /// The differences between neighbours (the counting numbers).
    Delta,
    /// A bit each.
    Bools,
}

/// The values of a chunk.
#[derive(Debug)]
enum Values {
    Dictionary(Dictionary),
    /// Each value in `PLAIN`, one after the other, and where each ends: a
    /// dictionary grown past its limit.
    Plain {
        bytes: Vec<u8>,
        ends: Vec<usize>,
    },
    Delta(Vec<u32>),
    Bools(Vec<bool>),
}

/// A chunk's dictionary: each distinct value in `PLAIN` (the dictionary
/// page), where each starts, and its index by its bytes.
#[derive(Debug, Default)]
struct Dictionary {
    page: Vec<u8>,
    starts: Vec<usize>,
    /// The index of each value of up to 7 bytes (most: moves, numbers),
    /// by its bytes and length in one `u64` ([`tiny_key`]): found without
    /// comparing bytes in memory. Apart from `short`, its entries take 16
    /// bytes, not 32: a turns table's moves (14,000 a row group of
    /// Barricade) were looked up in a table of 512 KiB, and each waited on
    /// memory.
    tiny: HashMap<u64, u32, FxBuildHasher>,
    /// The index of each value of 8 to 15 bytes, by its bytes and length
    /// in one number ([`short_key`]).
    short: HashMap<u128, u32, FxBuildHasher>,
    /// The index of each longer value.
    long: HashMap<Box<[u8]>, u32, FxBuildHasher>,
    /// The last short value found and its index: a column's value is
    /// often its last row's (a count of 0, a seat's team).
    last: Option<(u128, u32)>,
    /// The index of each text of one byte (a seat) or number below 256
    /// (a roll, a count), by that byte or number, found without hashing;
    /// `u32::MAX` for a value not met yet (empty until the first).
    bytes: Vec<u32>,
    /// Each value's index, in order: two bytes each (a dictionary holds
    /// [`DICTIONARY_ENTRIES`] values at most).
    indices: Vec<u16>,
}

/// A value of up to 15 bytes as one number: its bytes, and its length in
/// the last byte. Read from the value in words (overlapping where it is
/// shorter than one), not copied into a buffer first: reading the buffer
/// back right after writing it a byte at a time stalled the processor.
#[inline]
fn short_key(value: &[u8]) -> Option<u128> {
    let len = value.len();
    let word = |at: usize| u64::from_le_bytes(value[at..at + 8].try_into().unwrap_or_default());
    let half = |at: usize| {
        u64::from(u32::from_le_bytes(
            value[at..at + 4].try_into().unwrap_or_default(),
        ))
    };
    let (lo, hi) = match len {
        0 => (0, 0),
        1..=3 => {
            let b = |at: usize| u64::from(value[at]) << (8 * at);
            (b(0) | b(len / 2) | b(len - 1), 0)
        }
        4..=8 => (half(0) | half(len - 4) << (8 * (len - 4)), 0),
        9..=15 => (word(0), word(len - 8) >> (8 * (16 - len))),
        _ => return None,
    };
    Some(u128::from(lo) | u128::from(hi | (len as u64) << 56) << 64)
}

/// The [`short_key`] of a value of up to 7 bytes in a `u64`: its bytes, and
/// its length in the last byte; `None` for a longer value.
#[inline]
fn tiny_key(key: u128) -> Option<u64> {
    let high = (key >> 64) as u64;
    // The high half of the key of up to 8 bytes is its length alone.
    (high < 8 << 56).then_some(key as u64 | high)
}

impl Dictionary {
    /// The index of `value`, a text's bytes (length-prefixed in the page)
    /// or a number's `PLAIN` bytes, added when new; `None` when it is new
    /// and the dictionary is full ([`DICTIONARY_ENTRIES`]).
    #[inline]
    fn index_of(&mut self, value: &[u8], text: bool) -> Option<u16> {
        let next = self.starts.len() as u32;
        let byte = match (text, value) {
            (true, &[b]) => Some(b),
            (false, &[b, 0, 0, 0]) => Some(b),
            _ => None,
        };
        let i = match byte {
            Some(b) => {
                if self.bytes.is_empty() {
                    self.bytes = vec![u32::MAX; 256];
                }
                let i = &mut self.bytes[usize::from(b)];
                if *i == u32::MAX {
                    *i = next;
                }
                *i
            }
            None => self.other_index_of(value, next),
        };
        if i == next {
            if self.starts.len() == DICTIONARY_ENTRIES {
                self.forget(value, byte);
                return None;
            }
            self.starts.push(self.page.len());
            if text {
                self.page
                    .extend_from_slice(&(value.len() as u32).to_le_bytes());
            }
            self.page.extend_from_slice(value);
        }
        Some(i as u16)
    }

    /// Takes back the index just given to the new `value` (the
    /// dictionary was full).
    #[cold]
    fn forget(&mut self, value: &[u8], byte: Option<u8>) {
        match (byte, short_key(value)) {
            (Some(b), _) => self.bytes[usize::from(b)] = u32::MAX,
            (None, Some(key)) => {
                match tiny_key(key) {
                    Some(tiny) => self.tiny.remove(&tiny),
                    None => self.short.remove(&key),
                };
                self.last = None;
            }
            (None, None) => {
                self.long.remove(value);
            }
        }
    }

    /// The index of a value of more than one byte, or `next` for a new
    /// one.
    #[inline]
    fn other_index_of(&mut self, value: &[u8], next: u32) -> u32 {
        match short_key(value) {
            Some(key) => match self.last {
                Some((last, i)) if last == key => i,
                _ => {
                    let i = match tiny_key(key) {
                        Some(tiny) => *self.tiny.entry(tiny).or_insert(next),
                        None => *self.short.entry(key).or_insert(next),
                    };
                    self.last = Some((key, i));
                    i
                }
            },
            None => match self.long.get(value) {
                Some(&i) => i,
                None => {
                    self.long.insert(value.into(), next);
                    next
                }
            },
        }
    }

    /// The `PLAIN` bytes of entry `i`.
    fn entry(&self, i: u16) -> &[u8] {
        let i = i as usize;
        let end = self.starts.get(i + 1).copied().unwrap_or(self.page.len());
        &self.page[self.starts[i]..end]
    }

    /// Empties it, keeping its memory.
    fn clear(&mut self) {
        self.page.clear();
        self.starts.clear();
        self.tiny.clear();
        self.short.clear();
        self.long.clear();
        self.last = None;
        self.bytes.fill(u32::MAX);
        self.indices.clear();
    }
}

/// The pages of a chunk written so far, and what they held. A chunk of
/// texts written `PLAIN` (a dictionary grown past its limit: the
/// `Position` tags, long comments) writes its pages as they fill, as the
/// crate's writer does, so that a row group of long texts is held
/// compressed, not whole.
struct Pages {
    sink: TrackedWrite<Vec<u8>>,
    /// Compressed and uncompressed bytes, headers included.
    sizes: (i64, i64),
    data_pages: i32,
    data_offset: Option<i64>,
    dictionary_offset: Option<i64>,
    /// Entries and rows of the data pages, their entries without a value,
    /// and each level's count.
    entries: usize,
    rows: usize,
    nulls: usize,
    def_counts: Vec<usize>,
    rep_counts: Vec<usize>,
    /// The least and greatest text of the data pages.
    least: Option<Vec<u8>>,
    greatest: Option<Vec<u8>>,
}

impl std::fmt::Debug for Pages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pages")
            .field("bytes", &self.sink.bytes_written())
            .field("entries", &self.entries)
            .finish_non_exhaustive()
    }
}

impl Pages {
    fn new(max_def: u8, max_rep: u8) -> Pages {
        Pages {
            sink: TrackedWrite::new(Vec::new()),
            sizes: (0, 0),
            data_pages: 0,
            data_offset: None,
            dictionary_offset: None,
            entries: 0,
            rows: 0,
            nulls: 0,
            def_counts: vec![0; usize::from(max_def) + 1],
            rep_counts: vec![0; usize::from(max_rep) + 1],
            least: None,
            greatest: None,
        }
    }

    /// Writes `page` (`raw`: its bytes before compression): where it
    /// starts in the chunk.
    fn write(&mut self, page: Page, raw: usize) -> Result<i64> {
        let spec =
            SerializedPageWriter::new(&mut self.sink).write_page(CompressedPage::new(page, raw))?;
        self.sizes.0 += spec.compressed_size as i64;
        self.sizes.1 += spec.uncompressed_size as i64;
        Ok(spec.offset as i64)
    }
}

/// One column's chunk being built.
#[derive(Debug)]
pub(super) struct Chunk {
    descr: ColumnDescPtr,
    /// Whether the values are texts (length-prefixed in `PLAIN`).
    text: bool,
    /// Whether the chunk's statistics are written.
    statistics: bool,
    /// The column's greatest definition and repetition levels (read once:
    /// they are asked for at each row).
    max_def: u8,
    max_rep: u8,
    /// The definition and repetition level of each entry (a row, or an
    /// item of a row's list); empty when the column has none.
    def: Vec<u8>,
    rep: Vec<u8>,
    /// Entries pushed, and rows when the column is a list (otherwise
    /// each entry is a row).
    entries: usize,
    rows: usize,
    /// The bytes of the texts pushed, lengths left out (the size
    /// statistics' `unencoded_byte_array_data_bytes`).
    text_bytes: i64,
    /// The pages written before the chunk is ([`Chunk::write_full_pages`]).
    written: Option<Box<Pages>>,
    values: Values,
}

impl Chunk {
    pub(super) fn new(descr: ColumnDescPtr, form: Form, statistics: bool) -> Chunk {
        let text = descr.physical_type() == Physical::BYTE_ARRAY;
        let values = match form {
            Form::Dictionary => Values::Dictionary(Dictionary::default()),
            Form::Delta => Values::Delta(Vec::new()),
            Form::Bools => Values::Bools(Vec::new()),
        };
        Chunk {
            max_def: descr.max_def_level() as u8,
            max_rep: descr.max_rep_level() as u8,
            descr,
            text,
            statistics,
            def: Vec::new(),
            rep: Vec::new(),
            entries: 0,
            rows: 0,
            text_bytes: 0,
            written: None,
            values,
        }
    }

    /// Rows pushed since the chunk was written.
    pub(super) fn rows(&self) -> usize {
        match self.max_rep {
            0 => self.entries,
            _ => self.rows,
        }
    }

    /// Bytes held, about.
    pub(super) fn held_bytes(&self) -> usize {
        let values = match &self.values {
            Values::Dictionary(d) => d.page.len() + 2 * d.indices.len(),
            Values::Plain { bytes, ends } => bytes.len() + 8 * ends.len(),
            Values::Delta(v) => 4 * v.len(),
            Values::Bools(v) => v.len(),
        };
        values + self.def.len() + self.rep.len()
    }

    /// `n` rows of a column of one level, each `level` (no list).
    #[inline]
    fn levels(&mut self, level: u8, n: usize) {
        if self.max_def > 0 {
            match n {
                1 => self.def.push(level),
                n => self.def.extend(std::iter::repeat_n(level, n)),
            }
        }
        self.entries += n;
    }

    /// The raw value `bytes` (a text's bytes, a number's `PLAIN` bytes).
    #[inline]
    fn value(&mut self, bytes: &[u8], n: usize) {
        if self.text {
            self.text_bytes += (bytes.len() * n) as i64;
        }
        match &mut self.values {
            Values::Dictionary(d) => {
                let Some(i) = d.index_of(bytes, self.text) else {
                    self.fall_back_to_plain();
                    return self.value_plain(bytes, n);
                };
                match n {
                    1 => d.indices.push(i),
                    n => d.indices.extend(std::iter::repeat_n(i, n)),
                }
                if d.page.len() > DICTIONARY_BYTES {
                    self.fall_back_to_plain();
                }
            }
            Values::Plain { .. } => self.value_plain(bytes, n),
            Values::Delta(_) | Values::Bools(_) => {
                unreachable!("numbers and booleans are pushed as such")
            }
        }
    }

    /// `n` values `bytes` to a chunk written `PLAIN` (its text's bytes
    /// counted already).
    fn value_plain(&mut self, bytes: &[u8], n: usize) {
        if let Values::Plain { bytes: plain, ends } = &mut self.values {
            for _ in 0..n {
                push_plain(plain, ends, bytes, self.text);
            }
        }
    }

    /// The dictionary grown past its limit: the values so far in `PLAIN`.
    #[cold]
    fn fall_back_to_plain(&mut self) {
        let Values::Dictionary(d) = &self.values else {
            return;
        };
        let mut bytes = Vec::new();
        let mut ends = Vec::with_capacity(d.indices.len());
        for &i in &d.indices {
            bytes.extend_from_slice(d.entry(i));
            ends.push(bytes.len());
        }
        self.values = Values::Plain { bytes, ends };
    }

    /// `n` rows of the text `v`, or of null.
    #[inline]
    pub(super) fn text_n(&mut self, v: Option<&str>, n: usize) {
        match v {
            Some(v) => {
                self.levels(1, n);
                self.value(v.as_bytes(), n);
            }
            None => self.levels(0, n),
        }
    }

    /// `n` rows of the number `v` (a 32-bit or 8-bit integer column), or
    /// of null.
    #[inline]
    pub(super) fn u32_n(&mut self, v: Option<u32>, n: usize) {
        match v {
            Some(v) => {
                self.levels(1, n);
                match &mut self.values {
                    Values::Delta(values) => values.extend(std::iter::repeat_n(v, n)),
                    _ => self.value(&v.to_le_bytes(), n),
                }
            }
            None => self.levels(0, n),
        }
    }

    /// `n` rows of null.
    pub(super) fn nulls(&mut self, n: usize) {
        self.levels(0, n);
    }

    /// The cells of `n` rows (a null as `None`), each value a text's bytes
    /// or a number's `PLAIN` bytes: their levels at once, then their values.
    #[inline]
    pub(super) fn cells<V: AsRef<[u8]>>(
        &mut self,
        n: usize,
        cells: impl Iterator<Item = Option<V>> + Clone,
    ) {
        self.entries += n;
        if self.max_def > 0 {
            self.def
                .extend(cells.clone().map(|c| u8::from(c.is_some())));
        }
        match &mut self.values {
            Values::Dictionary(d) => {
                let mut values = cells.flatten();
                for v in values.by_ref() {
                    let bytes = v.as_ref();
                    if self.text {
                        self.text_bytes += bytes.len() as i64;
                    }
                    match d.index_of(bytes, self.text) {
                        Some(i) => d.indices.push(i),
                        // The dictionary is full: this value and the
                        // rest `PLAIN`.
                        None => {
                            self.fall_back_to_plain();
                            self.value_plain(bytes, 1);
                            return self.plain_values(values);
                        }
                    }
                }
                if d.page.len() > DICTIONARY_BYTES {
                    self.fall_back_to_plain();
                }
            }
            Values::Plain { .. } => self.plain_values(cells.flatten()),
            Values::Delta(_) | Values::Bools(_) => {
                unreachable!("numbers that count and booleans are pushed as such")
            }
        }
    }

    /// `values` to a chunk written `PLAIN`, their texts' bytes counted.
    fn plain_values<V: AsRef<[u8]>>(&mut self, values: impl Iterator<Item = V>) {
        for v in values {
            if self.text {
                self.text_bytes += v.as_ref().len() as i64;
            }
            self.value_plain(v.as_ref(), 1);
        }
    }

    /// `n` rows of numbers that count, none null.
    #[inline]
    pub(super) fn counts(&mut self, n: usize, values: impl Iterator<Item = u32>) {
        self.entries += n;
        if let Values::Delta(v) = &mut self.values {
            v.extend(values);
        }
    }

    /// The booleans of `n` rows (a null as `None`).
    #[inline]
    pub(super) fn bools(&mut self, n: usize, cells: impl Iterator<Item = Option<bool>> + Clone) {
        self.entries += n;
        if self.max_def > 0 {
            self.def
                .extend(cells.clone().map(|c| u8::from(c.is_some())));
        }
        if let Values::Bools(v) = &mut self.values {
            v.extend(cells.flatten());
        }
    }

    /// A row's list (never null, its items never null): its items' raw
    /// bytes as [`Chunk::value`] takes them.
    #[inline]
    pub(super) fn list<'a>(&mut self, items: impl IntoIterator<Item = &'a [u8]>) {
        let (item, empty) = (self.max_def, self.list_empty_level());
        let mut first = true;
        for bytes in items {
            self.def.push(item);
            self.rep.push(u8::from(!first));
            first = false;
            self.entries += 1;
            self.value(bytes, 1);
        }
        if first {
            self.def.push(empty);
            self.rep.push(0);
            self.entries += 1;
        }
        self.rows += 1;
    }

    /// The definition level of an empty list: the list's own level, one
    /// below its item's when the item may be null.
    fn list_empty_level(&self) -> u8 {
        let item_nullable = self.descr.self_type().is_optional();
        self.max_def - 1 - u8::from(item_nullable)
    }

    /// Writes the chunk's pages with `compressor`, and starts it again for
    /// the next row group: the chunk's bytes (offsets from 0) and what the
    /// row group's writer needs to take them.
    pub(super) fn write(
        &mut self,
        compressor: &mut zstd::bulk::Compressor<'static>,
    ) -> Result<(Bytes, ColumnCloseResult)> {
        // A chunk of nulls only has no dictionary to write.
        if matches!(&self.values, Values::Dictionary(d) if d.starts.is_empty()) {
            self.values = Values::Plain {
                bytes: Vec::new(),
                ends: Vec::new(),
            };
        }
        let written = self.write_pages(compressor);
        self.clear();
        written
    }

    /// Empties the chunk for the next row group, keeping its memory (a
    /// chunk written `PLAIN` starts with a dictionary again).
    fn clear(&mut self) {
        self.def.clear();
        self.rep.clear();
        (self.entries, self.rows, self.text_bytes) = (0, 0, 0);
        self.written = None;
        match &mut self.values {
            Values::Dictionary(d) => d.clear(),
            Values::Plain { .. } => self.values = Values::Dictionary(Dictionary::default()),
            Values::Delta(v) => v.clear(),
            Values::Bools(v) => v.clear(),
        }
    }

    fn write_pages(
        &mut self,
        compressor: &mut zstd::bulk::Compressor<'static>,
    ) -> Result<(Bytes, ColumnCloseResult)> {
        let statistics = self.statistics.then(|| self.statistics_of());
        let histograms = self.statistics.then(|| self.histograms());
        let mut pages = match self.written.take() {
            Some(pages) => *pages,
            None => Pages::new(self.max_def, self.max_rep),
        };
        let mut page_stats = Vec::new();
        let mut encodings = vec![Encoding::RLE];
        if let Values::Dictionary(d) = &self.values {
            let page = Page::DictionaryPage {
                buf: compress(compressor, &d.page)?,
                num_values: d.starts.len() as u32,
                encoding: Encoding::PLAIN,
                is_sorted: false,
            };
            pages.dictionary_offset = Some(pages.write(page, d.page.len())?);
            encodings.push(Encoding::PLAIN);
            page_stats.push(PageEncodingStats {
                page_type: PageType::DICTIONARY_PAGE,
                encoding: Encoding::PLAIN,
                count: 1,
            });
        }
        let encoding = self.encoding();
        encodings.push(encoding);
        self.data_pages(&mut pages, compressor)?;
        page_stats.push(PageEncodingStats {
            page_type: PageType::DATA_PAGE,
            encoding,
            count: pages.data_pages,
        });
        let entries = pages.entries + self.entries;
        let rows = pages.rows + self.rows();
        let bytes = Bytes::from(pages.sink.into_inner()?);
        let mut builder = ColumnChunkMetaData::builder(self.descr.clone())
            .set_compression(Compression::ZSTD(ZstdLevel::default()))
            .set_encodings(encodings)
            .set_page_encoding_stats(page_stats)
            .set_total_compressed_size(pages.sizes.0)
            .set_total_uncompressed_size(pages.sizes.1)
            .set_num_values(entries as i64)
            .set_data_page_offset(pages.data_offset.unwrap_or(0))
            .set_dictionary_page_offset(pages.dictionary_offset);
        if let (Some(statistics), Some((def, rep))) = (statistics, histograms) {
            builder = builder
                .set_statistics(statistics)
                .set_unencoded_byte_array_data_bytes(self.text.then_some(self.text_bytes))
                .set_repetition_level_histogram(rep)
                .set_definition_level_histogram(def);
        }
        let close = ColumnCloseResult {
            bytes_written: bytes.len() as u64,
            rows_written: rows as u64,
            metadata: builder.build()?,
            bloom_filter: None,
            column_index: None,
            offset_index: None,
        };
        Ok((bytes, close))
    }

    /// The encoding of the chunk's data pages.
    fn encoding(&self) -> Encoding {
        match &self.values {
            Values::Dictionary(_) => Encoding::RLE_DICTIONARY,
            Values::Plain { .. } | Values::Bools(_) => Encoding::PLAIN,
            Values::Delta(_) => Encoding::DELTA_BINARY_PACKED,
        }
    }

    /// The entries held, as data pages, to `pages`.
    fn data_pages(
        &self,
        pages: &mut Pages,
        compressor: &mut zstd::bulk::Compressor<'static>,
    ) -> Result<()> {
        let encoding = self.encoding();
        let mut buf = Vec::new();
        let (mut entry, mut value) = (0, 0);
        while entry < self.entries {
            let (end, values_end) = self.page_end(entry, value);
            buf.clear();
            self.page_levels(entry, end, &mut buf);
            self.page_values(value, values_end, &mut buf);
            let page = Page::DataPage {
                buf: compress(compressor, &buf)?,
                num_values: (end - entry) as u32,
                encoding,
                def_level_encoding: Encoding::RLE,
                rep_level_encoding: Encoding::RLE,
                statistics: None,
            };
            let offset = pages.write(page, buf.len())?;
            pages.data_offset.get_or_insert(offset);
            pages.data_pages += 1;
            (entry, value) = (end, values_end);
        }
        Ok(())
    }

    /// Texts written `PLAIN` past a page's size: written as pages now, and
    /// let go, what they held kept for the chunk's statistics. (Other
    /// chunks hold their values until the row group is written: indices
    /// and numbers, a few bytes a row.)
    pub(super) fn write_full_pages(
        &mut self,
        compressor: &mut zstd::bulk::Compressor<'static>,
    ) -> Result<()> {
        let Values::Plain { bytes, .. } = &self.values else {
            return Ok(());
        };
        if !self.text || bytes.len() < PAGE_BYTES {
            return Ok(());
        }
        let mut pages = match self.written.take() {
            Some(pages) => pages,
            None => Box::new(Pages::new(self.max_def, self.max_rep)),
        };
        self.data_pages(&mut pages, compressor)?;
        let (least, greatest) = min_max(self.distinct_values());
        pages.least = least
            .map(<[u8]>::to_vec)
            .into_iter()
            .chain(pages.least.take())
            .min();
        pages.greatest = greatest
            .map(<[u8]>::to_vec)
            .into_iter()
            .chain(pages.greatest.take())
            .max();
        let (def, rep) = (
            level_counts(&self.def, self.max_def),
            level_counts(&self.rep, self.max_rep),
        );
        if self.max_def > 0 {
            pages.nulls += self.entries - def[usize::from(self.max_def)];
        }
        for (all, now) in [(&mut pages.def_counts, def), (&mut pages.rep_counts, rep)] {
            all.iter_mut().zip(now).for_each(|(a, n)| *a += n);
        }
        pages.entries += self.entries;
        pages.rows += self.rows();
        self.def.clear();
        self.rep.clear();
        (self.entries, self.rows) = (0, 0);
        if let Values::Plain { bytes, ends } = &mut self.values {
            bytes.clear();
            ends.clear();
        }
        self.written = Some(pages);
        Ok(())
    }

    /// The chunk's definition and repetition level histograms, the pages
    /// written included; none for a column without such levels.
    fn histograms(&self) -> (Option<LevelHistogram>, Option<LevelHistogram>) {
        let histogram = |levels: &[u8], max: u8, written: Option<&Vec<usize>>| {
            (max > 0).then(|| {
                let mut counts = level_counts(levels, max);
                if let Some(written) = written {
                    counts.iter_mut().zip(written).for_each(|(c, w)| *c += w);
                }
                LevelHistogram::from(counts.into_iter().map(|c| c as i64).collect::<Vec<_>>())
            })
        };
        let written = self.written.as_deref();
        (
            histogram(&self.def, self.max_def, written.map(|w| &w.def_counts)),
            histogram(&self.rep, self.max_rep, written.map(|w| &w.rep_counts)),
        )
    }

    /// Whether entry `e` holds a value (is not a null, nor an empty list).
    fn holds_value(&self, e: usize) -> bool {
        self.def.is_empty() || self.def[e] == self.max_def
    }

    /// Where the page that starts at entry `entry` (and value `value`)
    /// ends: at most [`PAGE_ROWS`] rows, closed at the first row whose end
    /// passes [`PAGE_BYTES`] of values; a page ends where a row does.
    fn page_end(&self, entry: usize, value: usize) -> (usize, usize) {
        let values_in = |end: usize| match self.def.is_empty() {
            true => end - entry,
            false => count(&self.def[entry..end], self.max_def),
        };
        if !matches!(&self.values, Values::Plain { ends, .. } if !ends.is_empty()) {
            // Values of one size, indices, or nulls only: the page's rows
            // are known.
            let end = match self.rep.is_empty() {
                // A row an entry.
                true => self.entries.min(entry + PAGE_ROWS),
                // A list: the page ends where its row after the last starts.
                false => self.rep[entry..]
                    .iter()
                    .enumerate()
                    .filter(|&(_, &r)| r == 0)
                    .nth(PAGE_ROWS)
                    .map_or(self.entries, |(i, _)| entry + i),
            };
            return (end, value + values_in(end));
        }
        // Texts written `PLAIN`: a row at a time, until their bytes pass
        // the page's size.
        let Values::Plain { ends, .. } = &self.values else {
            unreachable!("matched above")
        };
        let start = if value == 0 { 0 } else { ends[value - 1] };
        let (mut e, mut v, mut rows) = (entry, value, 0);
        while e < self.entries {
            let row = e;
            e += 1;
            while self.rep.get(e).is_some_and(|&r| r > 0) {
                e += 1;
            }
            v += (row..e).filter(|&i| self.holds_value(i)).count();
            rows += 1;
            if rows == PAGE_ROWS || (v > value && ends[v - 1] - start >= PAGE_BYTES) {
                break;
            }
        }
        (e, v)
    }

    /// The page's repetition and definition levels, each after its length.
    fn page_levels(&self, from: usize, to: usize, out: &mut Vec<u8>) {
        for (levels, max) in [(&self.rep, self.max_rep), (&self.def, self.max_def)] {
            if max == 0 {
                continue;
            }
            let at = out.len();
            out.extend_from_slice(&[0; 4]);
            rle_hybrid(&levels[from..to], bit_width(max.into()), out);
            let len = (out.len() - at - 4) as u32;
            out[at..at + 4].copy_from_slice(&len.to_le_bytes());
        }
    }

    /// The page's values `from..to`, in the chunk's encoding.
    fn page_values(&self, from: usize, to: usize, out: &mut Vec<u8>) {
        match &self.values {
            Values::Dictionary(d) => {
                let width = bit_width((d.starts.len() as u64).saturating_sub(1));
                out.push(width);
                rle_hybrid(&d.indices[from..to], width, out);
            }
            Values::Plain { bytes, ends } => {
                if to > from {
                    let start = if from == 0 { 0 } else { ends[from - 1] };
                    out.extend_from_slice(&bytes[start..ends[to - 1]]);
                }
            }
            Values::Delta(values) => delta_binary_packed(&values[from..to], out),
            Values::Bools(values) => plain_bools(&values[from..to], out),
        }
    }

    /// Each value's raw bytes (a text without its length), once each
    /// distinct value at least.
    fn distinct_values(&self) -> Box<dyn Iterator<Item = &[u8]> + '_> {
        let skip = if self.text { 4 } else { 0 };
        match &self.values {
            Values::Dictionary(d) => {
                Box::new((0..d.starts.len()).map(move |i| &d.entry(i as u16)[skip..]))
            }
            Values::Plain { bytes, ends } => Box::new(
                std::iter::once(0)
                    .chain(ends.iter().copied())
                    .zip(ends.iter().copied())
                    .map(move |(a, b)| &bytes[a + skip..b]),
            ),
            Values::Delta(_) | Values::Bools(_) => Box::new(std::iter::empty()),
        }
    }

    /// The chunk's statistics, as the crate's writer makes them: the least
    /// and greatest value in the column's sort order (NaN left out, a zero
    /// least written -0.0 and a zero greatest +0.0), and the entries
    /// without a value.
    fn statistics_of(&self) -> Statistics {
        let written = self.written.as_deref();
        let nulls = match self.def.is_empty() {
            true => 0,
            false => self.entries - count(&self.def, self.max_def),
        };
        let nulls = Some((nulls + written.map_or(0, |w| w.nulls)) as u64);
        match (&self.values, self.descr.physical_type()) {
            (Values::Bools(values), _) => {
                let min = values.iter().copied().min();
                let max = values.iter().copied().max();
                Statistics::from(ValueStatistics::new(min, max, None, nulls, false))
            }
            (Values::Delta(values), _) => {
                let min = values.iter().copied().min().map(|v| v as i32);
                let max = values.iter().copied().max().map(|v| v as i32);
                Statistics::from(ValueStatistics::new(min, max, None, nulls, false))
            }
            (_, Physical::INT32) => {
                let numbers = self
                    .distinct_values()
                    .map(|b| u32::from_le_bytes(b.try_into().expect("four bytes a number")));
                let (min, max) = min_max(numbers);
                let signed = self.signed();
                let (min, max) = (min.map(|v| v as i32), max.map(|v| v as i32));
                let stats = ValueStatistics::new(min, max, None, nulls, false);
                Statistics::from(stats.with_backwards_compatible_min_max(signed))
            }
            (_, Physical::DOUBLE) => {
                let numbers = self
                    .distinct_values()
                    .map(|b| f64::from_le_bytes(b.try_into().expect("eight bytes a number")))
                    .filter(|v| !v.is_nan());
                let (mut min, mut max) = (None::<f64>, None::<f64>);
                for v in numbers {
                    min = Some(min.map_or(v, |m| m.min(v)));
                    max = Some(max.map_or(v, |m| m.max(v)));
                }
                let min = min.map(|m| if m == 0.0 { -0.0 } else { m });
                let max = max.map(|m| if m == 0.0 { 0.0 } else { m });
                let stats = ValueStatistics::new(min, max, None, nulls, false);
                Statistics::from(stats.with_backwards_compatible_min_max(true))
            }
            _ => {
                let (min, max) = min_max(self.distinct_values());
                // With the texts of the pages written before.
                let (min, max) = match written {
                    Some(w) => (
                        min.into_iter().chain(w.least.as_deref()).min(),
                        max.into_iter().chain(w.greatest.as_deref()).max(),
                    ),
                    None => (min, max),
                };
                let (min, min_cut) = min.map_or((None, false), |m| {
                    let (m, cut) = least_cut(m);
                    (Some(m), cut)
                });
                let (max, max_cut) = max.map_or((None, false), |m| {
                    let (m, cut) = greatest_cut(m);
                    (Some(m), cut)
                });
                let mut stats = ValueStatistics::new(
                    min.map(ByteArray::from),
                    max.map(ByteArray::from),
                    None,
                    nulls,
                    false,
                );
                if min_cut {
                    stats = stats.with_min_is_exact(false);
                }
                if max_cut {
                    stats = stats.with_max_is_exact(false);
                }
                Statistics::from(stats)
            }
        }
    }

    /// Whether the column's sort order is signed (the statistics' old
    /// fields are then written too, as the crate does).
    fn signed(&self) -> bool {
        !matches!(
            self.descr.logical_type_ref(),
            Some(LogicalType::Integer(int)) if !int.is_signed
        )
    }
}

/// `value` in `PLAIN` (a text after its length) at the end of `bytes`.
fn push_plain(bytes: &mut Vec<u8>, ends: &mut Vec<usize>, value: &[u8], text: bool) {
    if text {
        bytes.extend_from_slice(&(value.len() as u32).to_le_bytes());
    }
    bytes.extend_from_slice(value);
    ends.push(bytes.len());
}

/// The least and greatest of `values`.
fn min_max<T: Ord + Copy>(values: impl Iterator<Item = T>) -> (Option<T>, Option<T>) {
    values.fold((None, None), |(lo, hi), v| {
        (
            Some(lo.map_or(v, |l: T| l.min(v))),
            Some(hi.map_or(v, |h: T| h.max(v))),
        )
    })
}

/// A least text kept to [`STATISTICS_BYTES`] (at a character's boundary),
/// and whether it was cut.
fn least_cut(text: &[u8]) -> (Vec<u8>, bool) {
    if text.len() <= STATISTICS_BYTES {
        return (text.to_vec(), false);
    }
    match std::str::from_utf8(text) {
        Ok(s) => match (1..=STATISTICS_BYTES).rfind(|&x| s.is_char_boundary(x)) {
            Some(at) => (text[..at].to_vec(), true),
            None => (text.to_vec(), false),
        },
        Err(_) => (text[..STATISTICS_BYTES].to_vec(), true),
    }
}

/// A greatest text kept to [`STATISTICS_BYTES`] and its last character
/// counted up (still a bound above every value), and whether it was cut;
/// kept whole when no such text exists.
fn greatest_cut(text: &[u8]) -> (Vec<u8>, bool) {
    if text.len() <= STATISTICS_BYTES {
        return (text.to_vec(), false);
    }
    let cut = std::str::from_utf8(text).ok().and_then(|s| {
        let lower = STATISTICS_BYTES.saturating_sub(3);
        let at = (lower..=STATISTICS_BYTES).rfind(|&x| s.is_char_boundary(x))?;
        let s = s.get(..at)?;
        s.char_indices().rev().find_map(|(i, c)| {
            let next = char::from_u32(c as u32 + 1).filter(|n| n.len_utf8() == c.len_utf8())?;
            let mut out = s.as_bytes()[..i + c.len_utf8()].to_vec();
            next.encode_utf8(&mut out[i..]);
            Some(out)
        })
    });
    match cut {
        Some(cut) => (cut, true),
        None => (text.to_vec(), false),
    }
}

/// How many of `levels` are each level up to `max`.
fn level_counts(levels: &[u8], max: u8) -> Vec<usize> {
    let mut counts: Vec<usize> = (0..max).map(|level| count(levels, level)).collect();
    counts.push(levels.len() - counts.iter().sum::<usize>());
    counts
}

/// How many of `levels` are `level`: counted in bytes, 255 levels at a
/// time, which the compiler makes a loop over wide registers.
fn count(levels: &[u8], level: u8) -> usize {
    levels
        .chunks(255)
        .map(|c| {
            let n = c
                .iter()
                .fold(0u8, |n, &l| n.wrapping_add(u8::from(l == level)));
            usize::from(n)
        })
        .sum()
}

/// `raw` compressed with zstd.
fn compress(compressor: &mut zstd::bulk::Compressor<'static>, raw: &[u8]) -> Result<Bytes> {
    compressor
        .compress(raw)
        .map(Bytes::from)
        .map_err(|e| ParquetError::External(Box::new(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Levels counted 255 at a time: as many as one by one.
    #[test]
    fn levels_are_counted() {
        let levels: Vec<u8> = (0..2000u32).map(|i| (i * 7 % 3) as u8).collect();
        for len in [0, 1, 254, 255, 256, 511, 2000] {
            for level in 0..3 {
                let slow = levels[..len].iter().filter(|&&l| l == level).count();
                assert_eq!(count(&levels[..len], level), slow);
            }
            let counts = level_counts(&levels[..len], 2);
            assert_eq!(counts.iter().sum::<usize>(), len);
        }
    }

    /// A short value's number is its bytes and length, whatever the length.
    #[test]
    fn a_short_key_is_the_bytes_and_the_length() {
        let bytes: Vec<u8> = (1..=20).collect();
        for len in 0..=15 {
            let value = &bytes[..len];
            let mut expected = [0u8; 16];
            expected[..len].copy_from_slice(value);
            expected[15] = len as u8;
            assert_eq!(
                short_key(value),
                Some(u128::from_le_bytes(expected)),
                "{len}"
            );
        }
        assert_eq!(short_key(&bytes[..16]), None);
    }

    /// A value of up to 7 bytes has a tiny key of its own; a longer one
    /// none.
    #[test]
    fn a_tiny_key_is_the_bytes_and_the_length() {
        let mut seen = std::collections::HashMap::new();
        for len in 0..=15 {
            for fill in [0u8, 1, 0x7F, 0xFF] {
                if len == 0 && fill != 0 {
                    continue;
                }
                let mut value = vec![fill; len];
                if let Some(last) = value.last_mut() {
                    *last = fill.wrapping_add(len as u8);
                }
                let tiny = short_key(&value).and_then(tiny_key);
                assert_eq!(tiny.is_some(), len <= 7, "{value:?}");
                let Some(tiny) = tiny else { continue };
                let mut expected = [0u8; 8];
                expected[..len].copy_from_slice(&value);
                expected[7] = len as u8;
                assert_eq!(tiny, u64::from_le_bytes(expected), "{value:?}");
                assert_eq!(seen.insert(tiny, value.clone()), None, "{value:?}");
            }
        }
    }
}
