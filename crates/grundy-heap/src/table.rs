//! Compact binary table files and resumable long runs.
//!
//! A table file (and a checkpoint, which is a table file of a run not yet finished) is:
//!
//! ```text
//! magic      8 bytes  "GRUNDYHT"
//! version    u32      1, or 2 for a table written by a bounded run
//! kind       u8       0 = finished table, 1 = checkpoint
//! width      u8       bytes per value: 1, 2 or 4
//! reserved   2 bytes  0
//! rules      u32 length + UTF-8 canonical rules text ("tb[0.6]")
//! target     u64      number of values the run asked for
//! count      u64      number of values stored (heaps 0..count)
//! stats      (finished tables only, see TableStats::encode)
//! period     u8 flag + preperiod, period, saltus, values_needed as u64 + proven u8
//! values_at  u64      (version 2 only) offset of the values; zero bytes up to it
//! values     count * width bytes, little-endian
//! checksum   u64      FNV-1a of every byte before it
//! ```
//!
//! All integers are little-endian. Nothing in the file depends on time or on where a run
//! was interrupted, so a resumed run writes the same bytes as an uninterrupted one.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::dense::{Ctx, Driver, Store, Strategy};
use crate::period::{find_period, Period};
use crate::rules::HeapRules;
use crate::values::{Cell, HeapError, Values};

pub(crate) const MAGIC: &[u8; 8] = b"GRUNDYHT";
const VERSION: u32 = 1;
/// Version 2 puts the values at a fixed offset, where a bounded run wrote them.
const VERSION_AT: u32 = 2;
const KIND_TABLE: u8 = 0;
const KIND_CHECKPOINT: u8 = 1;

/// Statistics of a nim-sequence, stored in table files.
///
/// "Rare" follows the sparse-space split: with the mask that makes fewest heaps rare, a
/// value is rare when `v & mask` has even parity (0 is always rare).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TableStats {
    /// Largest value.
    pub max_value: u32,
    /// First heap with the largest value.
    pub max_value_at: u64,
    /// The rare/common mask (0 when no mask makes fewer than half the heaps rare).
    pub rare_mask: u32,
    /// Number of heaps (1..count) with a rare value; 0 when `rare_mask` is 0.
    pub rare_count: u64,
    /// Each rare value that occurs: (value, number of heaps, last heap with it).
    pub rare_values: Vec<(u32, u64, u64)>,
    /// Last heap with a rare value, if any.
    pub last_rare_at: Option<u64>,
    /// Last heap whose value had not occurred before (a new value).
    pub last_new_value_at: u64,
}

fn odd_parity(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() & 1 == 1
}

/// Values below this are counted in an array by [`table_stats`].
const DENSE_HIST: u32 = 1 << 16;

/// Computes the statistics of a table.
///
/// Arguments: `values`, G(0..N).
///
/// Returns: largest value, rare/common mask and rare values, last rare heap, last new value.
///
/// Complexity: O(N + V * 2^b) for V distinct values below 2^b (the mask search is skipped
/// when values need more than 12 bits).
///
/// Example:
/// ```
/// use grundy_heap::{table_stats, Values};
/// let s = table_stats(&Values::from_u32(&[0, 1, 1, 2, 0, 3]));
/// assert_eq!((s.max_value, s.max_value_at, s.last_new_value_at), (3, 5, 5));
/// ```
pub fn table_stats(values: &Values) -> TableStats {
    match values {
        Values::U8(g) => stats_of(g),
        Values::U16(g) => stats_of(g),
        Values::U32(g) => stats_of(g),
    }
}

/// [`table_stats`] of one column.
pub(crate) fn stats_of<T: Cell>(values: &[T]) -> TableStats {
    let mut hist: Vec<u64> = Vec::new();
    // Values of 2^16 and more (which only a table of other rules' values could hold: the
    // values of a checkpoint file are trusted) are counted sparsely, not in an array as
    // long as the largest value.
    let mut large: std::collections::HashMap<u32, u64> = std::collections::HashMap::new();
    let mut stats = TableStats::default();
    for (i, v) in values.iter().map(|x| x.get()).enumerate() {
        let count = if v < DENSE_HIST {
            if v as usize >= hist.len() {
                hist.resize(v as usize + 1, 0);
            }
            &mut hist[v as usize]
        } else {
            large.entry(v).or_insert(0)
        };
        if *count == 0 {
            stats.last_new_value_at = i as u64;
        }
        *count += 1;
        if v > stats.max_value || i == 0 {
            stats.max_value = v;
            stats.max_value_at = i as u64;
        }
    }
    let bits = 32 - stats.max_value.leading_zeros();
    if bits == 0 || bits > 12 {
        return stats;
    }
    let n = values.len() as u64;
    let mut best = (u64::MAX, 0u32);
    for mask in 1..(1u32 << bits) {
        let rare: u64 = hist
            .iter()
            .enumerate()
            .filter(|&(v, &c)| c > 0 && !odd_parity(v as u32, mask))
            .map(|(_, &c)| c)
            .sum();
        if rare < best.0 {
            best = (rare, mask);
        }
    }
    if best.0.saturating_mul(2) >= n {
        return stats;
    }
    let mask = best.1;
    stats.rare_mask = mask;
    let mut per_value: Vec<(u64, u64)> = vec![(0, 0); hist.len()];
    for (i, v) in values.iter().map(|x| x.get()).enumerate().skip(1) {
        if !odd_parity(v, mask) {
            per_value[v as usize].0 += 1;
            per_value[v as usize].1 = i as u64;
            stats.rare_count += 1;
            stats.last_rare_at = Some(i as u64);
        }
    }
    stats.rare_values = per_value
        .iter()
        .enumerate()
        .filter(|(_, &(c, _))| c > 0)
        .map(|(v, &(c, last))| (v as u32, c, last))
        .collect();
    stats
}

impl TableStats {
    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.max_value.to_le_bytes());
        out.extend_from_slice(&self.max_value_at.to_le_bytes());
        out.extend_from_slice(&self.rare_mask.to_le_bytes());
        out.extend_from_slice(&self.rare_count.to_le_bytes());
        out.extend_from_slice(&self.last_rare_at.unwrap_or(u64::MAX).to_le_bytes());
        out.extend_from_slice(&self.last_new_value_at.to_le_bytes());
        out.extend_from_slice(&(self.rare_values.len() as u32).to_le_bytes());
        for &(v, c, last) in &self.rare_values {
            out.extend_from_slice(&v.to_le_bytes());
            out.extend_from_slice(&c.to_le_bytes());
            out.extend_from_slice(&last.to_le_bytes());
        }
    }

    fn decode(r: &mut Reader<'_>) -> Result<TableStats, String> {
        let max_value = r.u32()?;
        let max_value_at = r.u64()?;
        let rare_mask = r.u32()?;
        let rare_count = r.u64()?;
        let last_rare = r.u64()?;
        let last_new_value_at = r.u64()?;
        let k = r.u32()? as usize;
        let mut rare_values = Vec::with_capacity(k.min(1 << 16));
        for _ in 0..k {
            rare_values.push((r.u32()?, r.u64()?, r.u64()?));
        }
        Ok(TableStats {
            max_value,
            max_value_at,
            rare_mask,
            rare_count,
            rare_values,
            last_rare_at: (last_rare != u64::MAX).then_some(last_rare),
            last_new_value_at,
        })
    }
}

/// What a run that kept its table in the file wrote: the table's description, without
/// its values (read them with [`crate::read_table`] when they fit in memory).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSummary {
    /// Canonical rules text, such as `tb[0.6]`.
    pub rules: String,
    /// Number of values in the table (heaps 0..target).
    pub target: u64,
    /// Bytes per value in the file.
    pub width: usize,
    /// Statistics of the values.
    pub stats: TableStats,
    /// The period found, if any.
    pub period: Option<Period>,
}

/// A table file's contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Canonical rules text, such as `tb[0.6]`.
    pub rules: String,
    /// Number of values the run asked for.
    pub target: u64,
    /// The values stored (heaps 0..values.len()).
    pub values: Values,
    /// Statistics (default for a checkpoint).
    pub stats: TableStats,
    /// The period found, if any.
    pub period: Option<Period>,
    /// Whether this is a checkpoint of an unfinished run rather than a finished table.
    pub checkpoint: bool,
}

impl Table {
    /// The table's description and its values.
    pub fn into_parts(self) -> (TableSummary, Values) {
        let summary = TableSummary {
            rules: self.rules,
            target: self.target,
            width: self.values.bytes_per_value(),
            stats: self.stats,
            period: self.period,
        };
        (summary, self.values)
    }
}

pub(crate) const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, 64 bits: enough to tell a damaged file from a good one, no dependency.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_update(FNV_OFFSET, bytes)
}

/// Continues an FNV-1a hash `h` over more bytes.
pub(crate) fn fnv1a_update(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// A table to encode, borrowed: encoding streams the values, it never copies them.
struct TableRef<'a> {
    rules: &'a str,
    target: u64,
    values: &'a Values,
    /// Written for finished tables only.
    stats: &'a TableStats,
    period: Option<&'a Period>,
    checkpoint: bool,
}

/// A writer that hashes (FNV-1a) every byte it passes on.
struct Hashing<W: Write> {
    inner: W,
    hash: u64,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash = fnv1a_update(self.hash, &buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Writes values little-endian, converting 16384 at a time (no copy of the whole table).
fn write_le<W: Write, T: Copy, const N: usize>(
    out: &mut W,
    values: &[T],
    bytes: fn(T) -> [u8; N],
) -> std::io::Result<()> {
    const PIECE: usize = 1 << 14;
    let mut buf = Vec::with_capacity(PIECE * N);
    for piece in values.chunks(PIECE) {
        buf.clear();
        for &x in piece {
            buf.extend_from_slice(&bytes(x));
        }
        out.write_all(&buf)?;
    }
    Ok(())
}

/// The header of a table file (everything before the values, padding excluded).
pub(crate) struct Head<'a> {
    pub(crate) rules: &'a str,
    pub(crate) target: u64,
    pub(crate) width: usize,
    pub(crate) count: u64,
    /// Written for finished tables only.
    pub(crate) stats: &'a TableStats,
    pub(crate) period: Option<&'a Period>,
    pub(crate) checkpoint: bool,
    /// The values' offset (version 2), or `None` for values right after the header.
    pub(crate) values_at: Option<u64>,
}

impl Head<'_> {
    pub(crate) fn bytes(&self) -> Vec<u8> {
        let mut head = Vec::with_capacity(128);
        head.extend_from_slice(MAGIC);
        let version = if self.values_at.is_some() {
            VERSION_AT
        } else {
            VERSION
        };
        head.extend_from_slice(&version.to_le_bytes());
        head.push(if self.checkpoint {
            KIND_CHECKPOINT
        } else {
            KIND_TABLE
        });
        head.push(self.width as u8);
        head.extend_from_slice(&[0, 0]);
        head.extend_from_slice(&(self.rules.len() as u32).to_le_bytes());
        head.extend_from_slice(self.rules.as_bytes());
        head.extend_from_slice(&self.target.to_le_bytes());
        head.extend_from_slice(&self.count.to_le_bytes());
        if !self.checkpoint {
            self.stats.encode(&mut head);
        }
        match self.period {
            None => head.push(0),
            Some(p) => {
                head.push(1);
                for x in [p.preperiod, p.period, p.saltus, p.values_needed] {
                    head.extend_from_slice(&x.to_le_bytes());
                }
                head.push(u8::from(p.proven));
            }
        }
        if let Some(at) = self.values_at {
            head.extend_from_slice(&at.to_le_bytes());
        }
        head
    }
}

/// Writes the file format of the module docs to `w`, values streamed.
fn encode_to<W: Write>(table: &TableRef<'_>, w: W) -> std::io::Result<()> {
    let head = Head {
        rules: table.rules,
        target: table.target,
        width: table.values.bytes_per_value(),
        count: table.values.len() as u64,
        stats: table.stats,
        period: table.period,
        checkpoint: table.checkpoint,
        values_at: None,
    }
    .bytes();
    let mut out = Hashing {
        inner: w,
        hash: FNV_OFFSET,
    };
    out.write_all(&head)?;
    match table.values {
        Values::U8(v) => out.write_all(v)?,
        Values::U16(v) => write_le(&mut out, v, u16::to_le_bytes)?,
        Values::U32(v) => write_le(&mut out, v, u32::to_le_bytes)?,
    }
    let sum = out.hash;
    out.inner.write_all(&sum.to_le_bytes())?;
    out.inner.flush()
}

pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pub(crate) pos: usize,
}

impl<'a> Reader<'a> {
    /// Reads `bytes` from offset `pos`.
    pub(crate) fn new(bytes: &'a [u8], pos: usize) -> Reader<'a> {
        Reader { bytes, pos }
    }

    /// Whether every byte was read.
    pub(crate) fn at_end(&self) -> bool {
        self.pos == self.bytes.len()
    }

    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| "file is truncated".to_string())?;
        let s = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(s)
    }
    pub(crate) fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }
    pub(crate) fn u32(&mut self) -> Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    pub(crate) fn u64(&mut self) -> Result<u64, String> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }
}

/// A table file's header, read.
pub(crate) struct Parsed {
    pub(crate) width: u8,
    pub(crate) rules: String,
    pub(crate) target: u64,
    pub(crate) count: usize,
    pub(crate) checkpoint: bool,
    pub(crate) stats: TableStats,
    pub(crate) period: Option<Period>,
}

/// Reads the header after the magic bytes, up to the values (past a version 2 header's
/// padding).
pub(crate) fn parse_head(r: &mut Reader<'_>) -> Result<Parsed, String> {
    let version = r.u32()?;
    if version != VERSION && version != VERSION_AT {
        return Err(format!(
            "unsupported table version {version} (expected {VERSION} or {VERSION_AT})"
        ));
    }
    let kind = r.u8()?;
    let width = r.u8()?;
    r.take(2)?;
    let rules_len = r.u32()? as usize;
    let rules = String::from_utf8(r.take(rules_len)?.to_vec())
        .map_err(|_| "rules text is not UTF-8".to_string())?;
    let target = r.u64()?;
    let count = usize::try_from(r.u64()?).map_err(|_| "value count too large".to_string())?;
    let checkpoint = match kind {
        KIND_TABLE => false,
        KIND_CHECKPOINT => true,
        k => return Err(format!("unknown file kind {k}")),
    };
    let stats = if checkpoint {
        TableStats::default()
    } else {
        TableStats::decode(r)?
    };
    let period = match r.u8()? {
        0 => None,
        1 => {
            let (preperiod, period, saltus, values_needed) =
                (r.u64()?, r.u64()?, r.u64()?, r.u64()?);
            let proven = r.u8()? != 0;
            Some(Period {
                preperiod,
                period,
                saltus,
                proven,
                values_needed,
            })
        }
        f => return Err(format!("bad period flag {f}")),
    };
    if version == VERSION_AT {
        let at = usize::try_from(r.u64()?).map_err(|_| "bad values offset".to_string())?;
        let padding = at
            .checked_sub(r.pos)
            .ok_or("the values offset lies inside the header")?;
        r.take(padding)?;
    }
    Ok(Parsed {
        width,
        rules,
        target,
        count,
        checkpoint,
        stats,
        period,
    })
}

/// The description of a finished table file written by a run that kept it on disk (format
/// version 2), without holding its values: the header is read from the file's first
/// `HEADER_SPACE` bytes and the checksum over the whole file is streamed.
///
/// Returns [`HeapError::BadFile`] for anything but a finished version-2 table whose size
/// and checksum agree with its header.
///
/// Complexity: O(file size) time, O(1) memory.
pub(crate) fn read_summary(path: &Path) -> Result<TableSummary, HeapError> {
    use std::io::Read;
    let bad = |reason: String| HeapError::BadFile {
        path: path.to_path_buf(),
        reason,
    };
    let mut file = fs::File::open(path).map_err(io_err(path))?;
    let len = file.metadata().map_err(io_err(path))?.len();
    let mut head = vec![0u8; crate::mapped::HEADER_SPACE.min(len as usize)];
    file.read_exact(&mut head).map_err(io_err(path))?;
    if !head.starts_with(MAGIC) {
        return Err(bad("not a grundy table file (bad magic bytes)".into()));
    }
    let mut r = Reader::new(&head, MAGIC.len());
    let p = parse_head(&mut r).map_err(bad)?;
    let values = (p.count as u64).checked_mul(u64::from(p.width));
    if p.checkpoint
        || !matches!(p.width, 1 | 2 | 4)
        || r.pos != crate::mapped::HEADER_SPACE
        || values.and_then(|v| v.checked_add(r.pos as u64 + 8)) != Some(len)
    {
        return Err(bad(
            "not a finished table kept on disk (its header does not describe its size)".into(),
        ));
    }
    // The checksum covers every byte before the last eight.
    let left = len - head.len() as u64 - 8;
    if !stream_to_checksum(&mut file, path, fnv1a(&head), left, |_| Ok(()))? {
        return Err(bad(
            "checksum mismatch: the file is damaged or was cut short".into(),
        ));
    }
    Ok(TableSummary {
        rules: p.rules,
        target: p.target,
        width: usize::from(p.width),
        stats: p.stats,
        period: p.period,
    })
}

/// Streams the next `left` bytes of `file` (named `path` in errors) through `each`, in
/// pieces of at most 1 MiB that are whole multiples of 4 bytes (so of every value width),
/// continuing the FNV-1a `hash` over them; returns whether the result equals the checksum
/// that follows them, or the first error of `each`.
pub(crate) fn stream_to_checksum(
    file: &mut fs::File,
    path: &Path,
    mut hash: u64,
    mut left: u64,
    mut each: impl FnMut(&[u8]) -> Result<(), HeapError>,
) -> Result<bool, HeapError> {
    use std::io::Read;
    let mut buf = vec![0u8; 1 << 20];
    while left > 0 {
        let k = left.min(buf.len() as u64) as usize;
        file.read_exact(&mut buf[..k]).map_err(io_err(path))?;
        hash = fnv1a_update(hash, &buf[..k]);
        each(&buf[..k])?;
        left -= k as u64;
    }
    let mut sum = [0u8; 8];
    file.read_exact(&mut sum).map_err(io_err(path))?;
    Ok(hash == u64::from_le_bytes(sum))
}

fn decode(bytes: &[u8]) -> Result<Table, String> {
    if bytes.starts_with(b"GRUNDYHB") {
        return Err(
            "this is the checkpoint of a table kept on disk, and this run holds its \
                    table in memory: run with the memory limit of the run that wrote it, or \
                    delete the checkpoint"
                .into(),
        );
    }
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err("not a grundy table file (bad magic bytes)".into());
    }
    if bytes.len() < 8 + 8 {
        return Err("file is truncated".into());
    }
    let (body, sum) = bytes.split_at(bytes.len() - 8);
    let mut s = [0u8; 8];
    s.copy_from_slice(sum);
    if fnv1a(body) != u64::from_le_bytes(s) {
        return Err("checksum mismatch: the file is damaged or was cut short".into());
    }
    let mut r = Reader {
        bytes: body,
        pos: MAGIC.len(),
    };
    let head = parse_head(&mut r)?;
    let width = head.width;
    let data = r.take(
        head.count
            .checked_mul(width as usize)
            .ok_or("value count too large")?,
    )?;
    let values = match width {
        1 => Values::U8(data.to_vec()),
        2 => Values::U16(
            data.chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect(),
        ),
        4 => Values::U32(
            data.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        ),
        w => return Err(format!("bad value width {w}")),
    };
    if r.pos != body.len() {
        return Err("trailing bytes after the values".into());
    }
    Ok(Table {
        rules: head.rules,
        target: head.target,
        values,
        stats: head.stats,
        period: head.period,
        checkpoint: head.checkpoint,
    })
}

pub(crate) fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> HeapError + '_ {
    move |source| HeapError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes a table to `path` through [`crate::write_output`]: a regular file is replaced
/// atomically (a reader, or a resumed run, sees the old or the new file, never a mixture,
/// even after kill -9 or a power cut); a device is written in place.
fn write_atomic(path: &Path, table: &TableRef<'_>) -> Result<(), HeapError> {
    crate::output::write_output(path, |w| encode_to(table, w)).map_err(io_err(path))
}

/// Writes a finished table file.
///
/// Arguments: `path`; `rules`; `values`, G(0..N); `period`, if one was found.
///
/// Returns: the statistics written, or an I/O error naming the file.
///
/// Complexity: O(N) time; the values are streamed to the file, never copied.
///
/// Example:
/// ```
/// use grundy_heap::{read_table, values, write_table, Limits, Strategy, HeapRules};
/// let r = HeapRules::parse("tb[0.6]").unwrap();
/// let g = values(&r, 100, &Limits::default(), Strategy::default()).unwrap();
/// let path = std::env::temp_dir().join("grundy-heap-doc-table.bin");
/// write_table(&path, &r, &g, None).unwrap();
/// assert_eq!(read_table(&path).unwrap().values, g);
/// ```
pub fn write_table(
    path: &Path,
    rules: &HeapRules,
    values: &Values,
    period: Option<&Period>,
) -> Result<TableStats, HeapError> {
    let stats = table_stats(values);
    let rules = rules.to_string();
    let table = TableRef {
        rules: &rules,
        target: values.len() as u64,
        values,
        stats: &stats,
        period,
        checkpoint: false,
    };
    write_atomic(path, &table)?;
    Ok(stats)
}

/// Reads a table or checkpoint file, verifying its checksum.
///
/// Returns: the table, or [`HeapError::BadFile`] saying what is wrong (not a table file,
/// damaged, cut short, unknown version), or an I/O error.
///
/// Complexity: O(file size).
///
/// Example: see [`write_table`].
pub fn read_table(path: &Path) -> Result<Table, HeapError> {
    // Only regular files are read: a device such as /dev/zero would be read without end.
    let meta = fs::metadata(path).map_err(io_err(path))?;
    if !meta.is_file() {
        return Err(HeapError::BadFile {
            path: path.to_path_buf(),
            reason: "not a regular file; table and checkpoint files are regular files".into(),
        });
    }
    let limit = crate::dense::default_memory_limit();
    if meta.len() > limit {
        return Err(HeapError::BadFile {
            path: path.to_path_buf(),
            reason: format!(
                "the file holds {} bytes, more than the {limit} bytes of memory reading it \
                 whole may take",
                meta.len()
            ),
        });
    }
    let bytes = fs::read(path).map_err(io_err(path))?;
    decode(&bytes).map_err(|reason| HeapError::BadFile {
        path: path.to_path_buf(),
        reason,
    })
}

/// Settings of [`compute_to_file`] beyond those of the computation itself.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Checkpoint file; `None` runs without one.
    pub checkpoint: Option<PathBuf>,
    /// Least time between two checkpoint writes.
    pub checkpoint_every: Duration,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            checkpoint: None,
            checkpoint_every: Duration::from_secs(30),
        }
    }
}

/// Computes G(0..n) of `rules` and writes the finished table to `out`, resuming from and
/// periodically saving a checkpoint.
///
/// Arguments: `rules`; `n`, the number of values; `out`, the table file to write;
/// `run`, the checkpoint file and how often to save it; `limits`, the budget (progress,
/// cancellation, deadline, memory limit); `how`, the strategy.
///
/// Returns: the table written (values, statistics, period). A checkpoint that exists is
/// read first; it must be intact and of the same rules and `n`, else
/// [`HeapError::BadFile`] says so and nothing is overwritten (it is never silently
/// reused or replaced). Checkpoints are written atomically, so a run killed at any
/// instant resumes from the last one; the finished file does not depend on where runs
/// were interrupted. On cancellation a last checkpoint is saved before
/// [`HeapError::Cancelled`] is returned. The checkpoint is removed once `out` is written.
///
/// Complexity: that of [`crate::values`], plus writing the values once per checkpoint.
///
/// Example:
/// ```
/// use grundy_heap::{compute_to_file, read_table, Limits, Strategy, HeapRules, RunOptions};
/// let r = HeapRules::parse("tb[0.77]").unwrap();
/// let out = std::env::temp_dir().join("grundy-heap-doc-kayles.bin");
/// let t = compute_to_file(&r, 500, &out, &RunOptions::default(), &Limits::default(), Strategy::default()).unwrap();
/// assert_eq!(t.period.map(|p| p.period), Some(12));
/// ```
pub fn compute_to_file(
    rules: &HeapRules,
    n: usize,
    out: &Path,
    run: &RunOptions,
    limits: &grundy_types::Limits,
    how: Strategy,
) -> Result<Table, HeapError> {
    let ctx = Ctx::values(limits, how, rules, n);
    let opts = &ctx;
    let rules_text = rules.to_string();
    let mut current = Values::default();
    if let Some(cp) = &run.checkpoint {
        if crate::output::same_file(cp, out) {
            return Err(HeapError::BadFile {
                path: cp.clone(),
                reason: "the checkpoint and the table would be the same file; give the \
                         checkpoint its own name"
                    .into(),
            });
        }
        if cp.exists() {
            let t = read_table(cp)?;
            let refuse = |reason: String| HeapError::BadFile {
                path: cp.clone(),
                reason,
            };
            if !t.checkpoint {
                return Err(refuse(
                    "this is a finished table, not a checkpoint; choose another checkpoint file"
                        .into(),
                ));
            }
            if t.rules != rules_text {
                return Err(refuse(format!(
                    "checkpoint is for {} but this run is for {rules_text}; use another \
                     checkpoint file or delete this one",
                    t.rules
                )));
            }
            if t.target != n as u64 {
                return Err(refuse(format!(
                    "checkpoint is for {} values but this run asks for {n}; use the same \
                     number or delete the checkpoint",
                    t.target
                )));
            }
            if t.values.len() > n {
                return Err(refuse(format!(
                    "checkpoint holds {} values, more than the {n} it is for: it is damaged; \
                     delete it",
                    t.values.len()
                )));
            }
            current = t.values;
        }
    }
    let save = |values: &Values| -> Result<(), HeapError> {
        if let Some(cp) = &run.checkpoint {
            let t = TableRef {
                rules: &rules_text,
                target: n as u64,
                values,
                stats: &TableStats::default(),
                period: None,
                checkpoint: true,
            };
            write_atomic(cp, &t)?;
        }
        Ok(())
    };
    // Refuse a size whose finished table cannot fit before any work starts (at least one
    // byte per value).
    crate::dense::check_memory(n as u64, 1, 0, opts.memory_limit)?;
    let mut save = |values: &mut Values| save(values);
    grow_in_chunks(rules, &mut current, n, run, opts, &mut save)?;
    let period = find_period(rules, &current);
    let stats = write_table(out, rules, &current, period.as_ref())?;
    if let Some(cp) = &run.checkpoint {
        // Only a regular file is removed (never a device or the target of a link).
        if fs::symlink_metadata(cp).is_ok_and(|m| m.is_file()) {
            fs::remove_file(cp).map_err(io_err(cp))?;
        }
    }
    Ok(Table {
        rules: rules_text,
        target: n as u64,
        values: current,
        stats,
        period,
        checkpoint: false,
    })
}

/// Grows `store` to `n` values in steps of a few seconds each, calling `save` every
/// `run.checkpoint_every` between steps and once more when cancelled (the values computed
/// are a correct prefix: nothing is lost). The kernel is built once for the whole run.
pub(crate) fn grow_in_chunks<S: Store>(
    rules: &HeapRules,
    store: &mut S,
    n: usize,
    run: &RunOptions,
    opts: &Ctx<'_>,
    save: &mut impl FnMut(&mut S) -> Result<(), HeapError>,
) -> Result<(), HeapError> {
    if store.len() >= n {
        store.truncate(n);
        return Ok(());
    }
    let mut driver = Driver::new(rules, store, n, opts)?;
    let mut last_save = Instant::now();
    let mut step = 1usize << 16;
    while store.len() < n {
        let target = n.min(store.len().saturating_add(step));
        let began = Instant::now();
        match driver.advance(rules, store, target, opts) {
            Ok(()) => {}
            // Stopped by the caller or the deadline: a last checkpoint, so nothing is lost.
            Err(e @ (HeapError::Cancelled { .. } | HeapError::TimeLimit { .. })) => {
                save(store)?;
                return Err(e);
            }
            Err(e) => return Err(e),
        }
        // Aim at steps of a few seconds, so that checkpoints come on time.
        if began.elapsed() < Duration::from_secs(2) {
            step = step.saturating_mul(2);
        }
        if store.len() < n && last_save.elapsed() >= run.checkpoint_every {
            save(store)?;
            last_save = Instant::now();
        }
    }
    opts.report(store.len() as u64);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dense::Strategy;
    use grundy_types::Limits;

    /// A checkpoint holding more values than the run it is for is damaged: refused, not
    /// written out as a longer table (found by the fuzz suite with a crafted checkpoint).
    #[test]
    fn a_checkpoint_longer_than_its_run_is_refused() {
        let dir = std::env::temp_dir().join(format!("grundy-heap-cp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (cp, out) = (dir.join("c.ckpt"), dir.join("t.bin"));
        let rules = HeapRules::parse("tb[0.6]").unwrap();
        let values = Values::from_u32(&[0; 16]);
        let t = TableRef {
            rules: "tb[0.6]",
            target: 11,
            values: &values,
            stats: &TableStats::default(),
            period: None,
            checkpoint: true,
        };
        write_atomic(&cp, &t).unwrap();
        let run = RunOptions {
            checkpoint: Some(cp.clone()),
            checkpoint_every: Duration::ZERO,
        };
        let err = compute_to_file(
            &rules,
            11,
            &out,
            &run,
            &Limits::default(),
            Strategy::default(),
        )
        .unwrap_err();
        assert!(
            matches!(&err, HeapError::BadFile { reason, .. } if reason.contains("16 values")),
            "{err}"
        );
        assert!(!out.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
