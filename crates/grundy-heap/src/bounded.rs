//! Bounded runs: tables larger than memory, computed straight into their file.
//!
//! The values live in `OUT.partW` (W = bytes per value), its disk blocks reserved when it is
//! made (a mapped store the disk has no room for would kill the process), mapped by
//! [`Mapped`]: the kernels
//! read and append through it as through memory, and only the first and last values stay
//! resident. A checkpoint of a bounded run is a small record (its rules, target, width,
//! count and the FNV-1a hash of the values it vouches for), written atomically after the
//! values are synced; resuming checks that hash against the part file before going on. The
//! finished table is the part file itself, with its header written in the room left before
//! the values (table format version 2) and renamed to `OUT`: nothing is copied.
//!
//! Record format (all integers little-endian):
//!
//! ```text
//! magic    8 bytes  "GRUNDYHB"
//! version  u32      1
//! width    u8       bytes per value: 1, 2 or 4
//! rules    u32 length + UTF-8 canonical rules text
//! target   u64      number of values the run asks for
//! count    u64      values written and synced (heaps 0..count)
//! values   u64      FNV-1a of the count * width bytes of those values
//! checksum u64      FNV-1a of every byte before it
//! ```

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::dense::{Ctx, FindPeriod, Store, Strategy, Visit};
use crate::mapped::{Mapped, HEADER_SPACE};
use crate::rules::HeapRules;
use crate::table::{
    fnv1a, fnv1a_update, grow_in_chunks, stats_of, Head, RunOptions, TableStats, TableSummary,
};
use crate::table::{Reader, FNV_OFFSET};
use crate::values::{Cell, Column, HeapError};

const MAGIC: &[u8; 8] = b"GRUNDYHB";
/// The longest rules text of a table kept on disk: its header, in [`HEADER_SPACE`] bytes,
/// also holds the statistics (20 bytes a rare value) and the period.
const MAX_RULES_TEXT: usize = 16 << 10;
const VERSION: u32 = 1;

/// Whether [`crate::compute_to_file`] should hold a table of `n` values in memory under a
/// memory limit of `limit` bytes: when it fits at four bytes a value in half the limit, so
/// that no widening of its values can fail late; otherwise [`compute_bounded`] keeps it in
/// its file.
pub fn fits_in_memory(n: u64, limit: u64) -> bool {
    // Not `memory_to_hold(n) <= limit`: that saturates, and would hold 2^64 values.
    n.saturating_mul(4) <= limit / 2
}

/// The least memory limit under which [`fits_in_memory`] holds a table of `n` values:
/// four bytes a value, twice over.
pub fn memory_to_hold(n: u64) -> u64 {
    n.saturating_mul(8)
}

/// Bytes of values kept resident at each end of a bounded table under `limit`.
fn keep_bytes(limit: u64) -> usize {
    usize::try_from((limit / 32).clamp(1 << 20, 128 << 20)).unwrap_or(128 << 20)
}

enum Col {
    U8(Mapped<u8>),
    U16(Mapped<u16>),
    U32(Mapped<u32>),
}

macro_rules! each {
    ($col:expr, $g:ident => $e:expr) => {
        match $col {
            Col::U8($g) => $e,
            Col::U16($g) => $e,
            Col::U32($g) => $e,
        }
    };
}

/// The table of a bounded run: its column, and where its part files go.
struct Spill {
    col: Col,
    out: PathBuf,
    keep: usize,
    /// Whether a checkpoint vouches for the part files (else a widening removes the
    /// narrower file at once).
    checkpointed: bool,
}

/// The part file of `out` for values of `width` bytes.
fn part_path(out: &Path, width: usize) -> PathBuf {
    let mut name = out.as_os_str().to_os_string();
    name.push(format!(".part{width}"));
    PathBuf::from(name)
}

impl Spill {
    fn width(&self) -> usize {
        match self.col {
            Col::U8(_) => 1,
            Col::U16(_) => 2,
            Col::U32(_) => 4,
        }
    }

    fn value_bytes(&self) -> &[u8] {
        each!(&self.col, g => g.value_bytes())
    }

    fn io(&self) -> impl FnOnce(io::Error) -> HeapError + '_ {
        move |source| HeapError::Io {
            path: each!(&self.col, g => g.path().to_path_buf()),
            source,
        }
    }
}

/// Refuses a table of `n` values of `width` bytes whose part file (beyond the `have` bytes
/// already written) would not fit in the free space beside `out`.
fn check_disk(out: &Path, n: usize, width: usize, have: u64) -> Result<(), HeapError> {
    let dir = match out.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let needed = (n as u64)
        .saturating_mul(width as u64)
        .saturating_add(HEADER_SPACE as u64 + 8);
    match crate::mapped::free_bytes(&dir) {
        Some(free) if needed > free.saturating_add(have) => Err(HeapError::NoDisk {
            n: n as u64,
            needed_bytes: needed,
            dir,
            free,
        }),
        _ => Ok(()),
    }
}

/// A copy of `old` in a new part file `width` bytes wide, followed by `v`.
fn wider<A: Cell, B: Cell>(
    old: &Mapped<A>,
    out: &Path,
    keep: usize,
    v: u32,
) -> io::Result<Mapped<B>> {
    let width = std::mem::size_of::<B>();
    let mut w = Mapped::<B>::create(&part_path(out, width), old.cap(), keep / width)?;
    for x in old.iter() {
        w.push(B::from_u32(x.get()));
    }
    w.push(B::from_u32(v));
    Ok(w)
}

impl Store for Spill {
    fn len(&self) -> usize {
        each!(&self.col, g => g.len())
    }

    fn truncate(&mut self, n: usize) {
        each!(&mut self.col, g => g.truncate(n));
    }

    fn resident_bytes(&self) -> u64 {
        0
    }

    fn max_value(&self) -> u32 {
        each!(&self.col, g => g.iter().map(|x| x.get()).max().unwrap_or(0))
    }

    fn visit<V: Visit>(&mut self, v: V) -> V::Out {
        each!(&mut self.col, g => v.on(g))
    }

    fn widen(&mut self, v: u32, n: usize, _limit: u64) -> Result<(), HeapError> {
        let (out, keep) = (&self.out, self.keep);
        let wide = match (&self.col, v <= u32::from(u16::MAX)) {
            (Col::U8(_), true) => 2,
            (Col::U8(_), false) | (Col::U16(_), _) => 4,
            (Col::U32(g), _) => return Err(HeapError::ValueOverflow { n: g.len() as u64 }),
        };
        // The narrower file is removed once the wider one is vouched for: both are on disk
        // meanwhile, each with its blocks reserved.
        check_disk(out, n, wide, 0)?;
        let col = match &self.col {
            Col::U8(g) if wide == 2 => wider::<u8, u16>(g, out, keep, v).map(Col::U16),
            Col::U8(g) => wider::<u8, u32>(g, out, keep, v).map(Col::U32),
            Col::U16(g) => wider::<u16, u32>(g, out, keep, v).map(Col::U32),
            Col::U32(g) => return Err(HeapError::ValueOverflow { n: g.len() as u64 }),
        };
        let old = std::mem::replace(
            &mut self.col,
            col.map_err(|source| HeapError::Io {
                path: part_path(out, wide),
                source,
            })?,
        );
        if !self.checkpointed {
            let path = each!(&old, g => g.path().to_path_buf());
            drop(old);
            let _ = fs::remove_file(path);
        }
        Ok(())
    }
}

/// The statistics of a column.
struct Stats;

impl Visit for Stats {
    type Out = TableStats;
    fn on<T: Cell, C: Column<T>>(self, g: &mut C) -> TableStats {
        stats_of(g)
    }
}

/// A bounded run's checkpoint record (see the module docs).
#[derive(Debug, PartialEq, Eq)]
struct Record {
    width: usize,
    rules: String,
    target: u64,
    count: u64,
    values: u64,
}

impl Record {
    fn bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(64 + self.rules.len());
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.push(self.width as u8);
        b.extend_from_slice(&(self.rules.len() as u32).to_le_bytes());
        b.extend_from_slice(self.rules.as_bytes());
        for x in [self.target, self.count, self.values] {
            b.extend_from_slice(&x.to_le_bytes());
        }
        let sum = fnv1a(&b);
        b.extend_from_slice(&sum.to_le_bytes());
        b
    }

    fn decode(bytes: &[u8]) -> Result<Record, String> {
        if bytes.starts_with(crate::table::MAGIC) {
            return Err(
                "this is the checkpoint of a table held in memory, and this run keeps \
                        its table on disk (it does not fit at four bytes a value in half the \
                        memory limit): run with the memory limit of the run that wrote it, \
                        or delete the checkpoint"
                    .into(),
            );
        }
        if bytes.len() < 16 || &bytes[..8] != MAGIC {
            return Err("not the checkpoint of a bounded table run (bad magic bytes)".into());
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        if fnv1a(body).to_le_bytes() != sum {
            return Err("checksum mismatch: the checkpoint is damaged or was cut short".into());
        }
        let mut r = Reader::new(body, 8);
        let version = r.u32()?;
        if version != VERSION {
            return Err(format!("unsupported checkpoint version {version}"));
        }
        let width = usize::from(r.u8()?);
        if !matches!(width, 1 | 2 | 4) {
            return Err(format!("bad value width {width}"));
        }
        let len = r.u32()? as usize;
        let rules = String::from_utf8(r.take(len)?.to_vec())
            .map_err(|_| "rules text is not UTF-8".to_string())?;
        let (target, count, values) = (r.u64()?, r.u64()?, r.u64()?);
        if !r.at_end() {
            return Err("trailing bytes after the record".into());
        }
        Ok(Record {
            width,
            rules,
            target,
            count,
            values,
        })
    }
}

/// The hash of the values a checkpoint vouches for, carried from one checkpoint to the
/// next so that each hashes only the values added since.
struct Hashed {
    width: usize,
    count: usize,
    state: u64,
}

impl Hashed {
    fn update(&mut self, spill: &Spill) -> u64 {
        let width = spill.width();
        if width != self.width {
            *self = Hashed {
                width,
                count: 0,
                state: FNV_OFFSET,
            };
        }
        let bytes = spill.value_bytes();
        self.state = fnv1a_update(self.state, &bytes[self.count * width..]);
        self.count = bytes.len() / width;
        self.state
    }
}

/// Computes G(0..n) of `rules` into the table file `out` without holding the values in
/// memory: only the first and last few values stay resident (their bytes are set by
/// `limits.max_memory`: a thirty-second of it, between 1 and 128 MiB at each end).
///
/// Arguments and checkpoints as for [`crate::compute_to_file`]; the values are written to
/// `OUT.partW` as the run goes and the checkpoint is a small record naming how many of
/// them are synced. A run without a checkpoint removes its part file when it fails or is
/// cancelled; with one, the part file stays for the next run to resume.
///
/// Returns: the table's description; the file is a table file of version 2, read by
/// [`crate::read_table`].
///
/// Errors: [`HeapError::BadFile`] for a checkpoint of other rules or target, a part file
/// that is missing or does not match its checkpoint's hash, or an `out` that is not a
/// regular file; [`HeapError::Cancelled`] after saving a checkpoint; I/O errors naming the
/// file.
///
/// Complexity: that of [`crate::values`], one pass over the values at each table doubling
/// (period search) and at the end (statistics, checksum); memory bounded by the limit,
/// not by `n`.
///
/// Example:
/// ```
/// use grundy_heap::{compute_bounded, read_table, values, Limits, Strategy, HeapRules, RunOptions};
/// let r = HeapRules::parse("tb[0.6]").unwrap();
/// let out = std::env::temp_dir().join("grundy-heap-doc-bounded.bin");
/// let s = compute_bounded(&r, 5000, &out, &RunOptions::default(), &Limits::default(), Strategy::default()).unwrap();
/// assert_eq!(s.target, 5000);
/// let o = Limits::default();
/// assert_eq!(read_table(&out).unwrap().values, values(&r, 5000, &o, Strategy::default()).unwrap());
/// ```
pub fn compute_bounded(
    rules: &HeapRules,
    n: usize,
    out: &Path,
    run: &RunOptions,
    limits: &grundy_types::Limits,
    how: Strategy,
) -> Result<TableSummary, HeapError> {
    let ctx = Ctx::values(limits, how, rules, n);
    let opts = &ctx;
    let rules_text = rules.to_string();
    let out = crate::output::resolve_links(out).map_err(|source| HeapError::Io {
        path: out.to_path_buf(),
        source,
    })?;
    let refuse = |path: &Path, reason: String| HeapError::BadFile {
        path: path.to_path_buf(),
        reason,
    };
    if fs::metadata(&out).is_ok_and(|m| !m.is_file()) {
        return Err(refuse(
            &out,
            "a table kept on disk is renamed into place when finished; give the name of a \
             regular file"
                .into(),
        ));
    }
    // The header goes in the room before the values: the rules text must leave space for
    // the statistics and the period.
    if rules_text.len() > MAX_RULES_TEXT {
        return Err(refuse(
            &out,
            format!(
                "the rules text is {} bytes long; a table kept on disk takes rules of at most \
                 {MAX_RULES_TEXT} bytes: raise the memory limit so that the table is held in \
                 memory",
                rules_text.len()
            ),
        ));
    }
    let keep = keep_bytes(opts.memory_limit);
    let cp = run.checkpoint.as_deref();
    // What a resumed run's part files already take (they are sparse: blocks, not length).
    let have = [1, 2, 4]
        .iter()
        .filter_map(|&w| fs::metadata(part_path(&out, w)).ok())
        .map(|m| std::os::unix::fs::MetadataExt::blocks(&m).saturating_mul(512))
        .sum::<u64>();
    check_disk(&out, n, 1, have)?;
    let record = match cp {
        Some(cp) if crate::output::same_file(cp, &out) => {
            return Err(refuse(
                cp,
                "the checkpoint and the table would be the same file; give the checkpoint \
                 its own name"
                    .into(),
            ))
        }
        Some(cp)
            if [1, 2, 4]
                .iter()
                .any(|&w| crate::output::same_file(cp, &part_path(&out, w))) =>
        {
            return Err(refuse(
                cp,
                "the checkpoint would be one of the table's part files (OUT.part1, .part2, \
                 .part4); give the checkpoint its own name"
                    .into(),
            ))
        }
        Some(cp) if cp.exists() => Some(read_record(cp, &rules_text, n)?),
        _ => None,
    };
    let mut hashed = Hashed {
        width: 1,
        count: 0,
        state: FNV_OFFSET,
    };
    let mut spill = match (&record, cp) {
        (Some(rec), Some(cp)) => {
            if let Some(summary) = finished_before(rec, &rules_text, n, &out) {
                // Killed after the rename and before the checkpoint was removed.
                remove_checkpoint(cp)?;
                return Ok(summary);
            }
            let spill = resume(rec, cp, &out, n, keep)?;
            hashed = Hashed {
                width: rec.width,
                count: spill.len(),
                state: rec.values,
            };
            spill
        }
        _ => Spill {
            col: Col::U8(
                Mapped::create(&part_path(&out, 1), n, keep).map_err(|source| {
                    remove_other_parts(&out, 0);
                    HeapError::Io {
                        path: part_path(&out, 1),
                        source,
                    }
                })?,
            ),
            out: out.clone(),
            keep,
            checkpointed: cp.is_some(),
        },
    };
    let mut save = |spill: &mut Spill| -> Result<(), HeapError> {
        let Some(cp) = cp else {
            return Ok(());
        };
        each!(&spill.col, g => g.flush()).map_err(spill.io())?;
        let rec = Record {
            width: spill.width(),
            rules: rules_text.clone(),
            target: n as u64,
            count: spill.len() as u64,
            values: hashed.update(spill),
        };
        crate::output::write_output(cp, |w| io::Write::write_all(w, &rec.bytes())).map_err(
            |source| HeapError::Io {
                path: cp.to_path_buf(),
                source,
            },
        )?;
        remove_other_parts(&out, rec.width);
        Ok(())
    };
    let done = grow_in_chunks(rules, &mut spill, n, run, opts, &mut save)
        .and_then(|()| finish(spill, rules, &rules_text, n, &out));
    if done.is_err() && cp.is_none() {
        remove_other_parts(&out, 0);
    }
    let summary = done?;
    if let Some(cp) = cp {
        remove_checkpoint(cp)?;
    }
    Ok(summary)
}

/// Removes a finished run's checkpoint (only a regular file: never what a link points to).
fn remove_checkpoint(cp: &Path) -> Result<(), HeapError> {
    if fs::symlink_metadata(cp).is_ok_and(|m| m.is_file()) {
        fs::remove_file(cp).map_err(|source| HeapError::Io {
            path: cp.to_path_buf(),
            source,
        })?;
    }
    Ok(())
}

/// The finished table at `out` that the run of checkpoint `rec` renamed into place before it
/// was stopped, if that is what happened: the part file is gone and `out` is a whole table
/// (its checksum checked) of the same rules and target.
fn finished_before(rec: &Record, rules: &str, n: usize, out: &Path) -> Option<TableSummary> {
    if part_path(out, rec.width).exists() || !out.is_file() {
        return None;
    }
    crate::table::read_summary(out)
        .ok()
        .filter(|s| s.rules == rules && s.target == n as u64)
}

/// Writes the finished table: its period and statistics in the header before the values,
/// the checksum after them, the part file renamed to `out`.
fn finish(
    mut spill: Spill,
    rules: &HeapRules,
    rules_text: &str,
    n: usize,
    out: &Path,
) -> Result<TableSummary, HeapError> {
    let period = spill.visit(FindPeriod(rules));
    let stats = spill.visit(Stats);
    let width = spill.width();
    let head = Head {
        rules: rules_text,
        target: n as u64,
        width,
        count: spill.len() as u64,
        stats: &stats,
        period: period.as_ref(),
        checkpoint: false,
        values_at: Some(HEADER_SPACE as u64),
    }
    .bytes();
    let path = part_path(out, width);
    let io_at = |path: &Path| {
        let path = path.to_path_buf();
        move |source| HeapError::Io { path, source }
    };
    let finished = each!(spill.col, g => g.finish(&head, fnv1a)).map_err(io_at(&path))?;
    fs::rename(&finished, out).map_err(io_at(out))?;
    remove_other_parts(out, 0);
    Ok(TableSummary {
        rules: rules_text.to_string(),
        target: n as u64,
        width,
        stats,
        period,
    })
}

/// Removes the part files of `out` whose width is not `keep` (a widening's old file).
fn remove_other_parts(out: &Path, keep: usize) {
    for w in [1, 2, 4] {
        if w != keep {
            let _ = fs::remove_file(part_path(out, w));
        }
    }
}

/// Reads a bounded run's checkpoint and checks it is for this run.
fn read_record(cp: &Path, rules: &str, n: usize) -> Result<Record, HeapError> {
    let refuse = |reason: String| HeapError::BadFile {
        path: cp.to_path_buf(),
        reason,
    };
    let meta = fs::metadata(cp).map_err(|source| HeapError::Io {
        path: cp.to_path_buf(),
        source,
    })?;
    if !meta.is_file() || meta.len() > 1 << 20 {
        return Err(refuse(
            "not the checkpoint of a bounded table run (a small regular file)".into(),
        ));
    }
    let bytes = fs::read(cp).map_err(|source| HeapError::Io {
        path: cp.to_path_buf(),
        source,
    })?;
    let rec = Record::decode(&bytes).map_err(refuse)?;
    if rec.rules != rules {
        return Err(refuse(format!(
            "checkpoint is for {} but this run is for {rules}; use another checkpoint file \
             or delete this one",
            rec.rules
        )));
    }
    if rec.target != n as u64 {
        return Err(refuse(format!(
            "checkpoint is for {} values but this run asks for {n}; use the same number or \
             delete the checkpoint",
            rec.target
        )));
    }
    if rec.count > rec.target {
        return Err(refuse(format!(
            "checkpoint holds {} values, more than the {} it is for: it is damaged; delete it",
            rec.count, rec.target
        )));
    }
    Ok(rec)
}

/// Opens the part file a checkpoint vouches for and checks its values' hash.
fn resume(rec: &Record, cp: &Path, out: &Path, n: usize, keep: usize) -> Result<Spill, HeapError> {
    let path = part_path(out, rec.width);
    let count = usize::try_from(rec.count).unwrap_or(usize::MAX);
    let bad = |reason: String| HeapError::BadFile {
        path: path.clone(),
        reason,
    };
    let opened = match rec.width {
        1 => Mapped::open(&path, count, n, keep).map(Col::U8),
        2 => Mapped::open(&path, count, n, keep / 2).map(Col::U16),
        _ => Mapped::open(&path, count, n, keep / 4).map(Col::U32),
    };
    let col = opened.map_err(|e| {
        bad(format!(
            "the values of the checkpoint {} cannot be read ({e}); resume with the same table \
             file, or delete the checkpoint to start again",
            cp.display()
        ))
    })?;
    let spill = Spill {
        col,
        out: out.to_path_buf(),
        keep,
        checkpointed: true,
    };
    if fnv1a(spill.value_bytes()) != rec.values {
        return Err(bad(format!(
            "its values do not match the checkpoint {} (the file was changed or damaged); \
             delete both to start again",
            cp.display()
        )));
    }
    Ok(spill)
}
