//! Reading a table file back without holding it: one pass over the file that checks its
//! size and checksum, counts each value and keeps the values of one range of heaps, so that
//! a table of 10^10 values is read in the memory of its range.

use std::collections::HashMap;
use std::fs;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use grundy_types::{Limits, Stop};

use crate::period::Period;
use crate::table::{fnv1a, io_err, parse_head, stream_to_checksum, Parsed, Reader, MAGIC};
use crate::values::HeapError;

/// The most values of a range [`scan_table`] keeps (its caller refuses longer ranges).
pub const MAX_SCAN_VALUES: u64 = 50_000_000;

/// The longest header read: a rules text of a subtraction set of 10^6 elements, its rare
/// values, and a bounded table's 64 KiB.
const MAX_HEAD: u64 = 64 << 20;

/// Values below this are counted in an array, larger ones in a map.
const DENSE_COUNTS: u32 = 1 << 16;

/// A table file read back by [`scan_table`]: its header, the statistics of all its values
/// and the values of one range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableScan {
    /// Canonical rules text, such as `tb[0.6]`.
    pub rules: String,
    /// The number of values the run that wrote it asked for.
    pub target: u64,
    /// The number of values stored: heaps 0..len.
    pub len: u64,
    /// Whether the file is the checkpoint of an unfinished run.
    pub checkpoint: bool,
    /// Bytes per value in the file.
    pub width: usize,
    /// The first heap of `values`.
    pub first: u64,
    /// The values of heaps `first..first + values.len()`.
    pub values: Vec<u32>,
    /// Each value that occurs and how many heaps have it, in increasing order of value.
    pub counts: Vec<(u32, u64)>,
    /// The largest value and the first heap that has it (`None` for an empty file).
    pub largest: Option<(u32, u64)>,
    /// The period the run found, if any.
    pub period: Option<Period>,
}

/// Reads the table (or checkpoint) file at `path` in one pass, checking its length and
/// checksum, counting every value and keeping those of heaps `first..=last` that it holds.
///
/// Arguments: `path`; the range `first..=last` (at most [`MAX_SCAN_VALUES`] values; heaps
/// beyond the file are left out, so the caller compares `values.len()` with what it asked);
/// `budget`, whose cancellation and deadline are looked at and progress told (values read of
/// the file's) every MiB.
///
/// Returns: the file's header, counts and range, or [`HeapError::BadFile`] saying what is
/// wrong (not a table file, cut short, damaged, the checkpoint of a run kept on disk),
/// [`HeapError::Cancelled`] or [`HeapError::TimeLimit`], or an I/O error naming the file.
///
/// Complexity: O(file size) time; O(range + distinct values) memory.
///
/// Example:
/// ```
/// use grundy_heap::{scan_table, values, write_table, Limits, Strategy, HeapRules};
/// let r = HeapRules::parse("tb[0.07]").unwrap();
/// let g = values(&r, 100, &Limits::default(), Strategy::default()).unwrap();
/// let path = std::env::temp_dir().join("grundy-heap-doc-scan.bin");
/// write_table(&path, &r, &g, None).unwrap();
/// let s = scan_table(&path, 10, 12, &Default::default()).unwrap();
/// assert_eq!((s.len, s.values.len(), s.values[0]), (100, 3, g.get(10).unwrap()));
/// assert_eq!(s.counts.iter().map(|&(_, c)| c).sum::<u64>(), 100);
/// ```
pub fn scan_table(
    path: &Path,
    first: u64,
    last: u64,
    budget: &Limits,
) -> Result<TableScan, HeapError> {
    let bad = |reason: String| HeapError::BadFile {
        path: path.to_path_buf(),
        reason,
    };
    let meta = fs::metadata(path).map_err(io_err(path))?;
    if !meta.is_file() {
        return Err(bad(
            "not a regular file; a table file is a regular file".into()
        ));
    }
    let len = meta.len();
    let mut file = fs::File::open(path).map_err(io_err(path))?;
    let (head, at) = read_head(&mut file, len).map_err(bad)?;
    let width = u64::from(head.width);
    if !matches!(width, 1 | 2 | 4) {
        return Err(bad(format!(
            "bad value width {width} (a table file stores 1, 2 or 4 bytes a value)"
        )));
    }
    let count = head.count as u64;
    let expected = count
        .checked_mul(width)
        .and_then(|b| b.checked_add(at as u64 + 8))
        .ok_or_else(|| bad("the header's value count is too large".into()))?;
    if len < expected {
        return Err(bad(format!(
            "the file is cut short: its header announces {count} values of {width} bytes \
             ({expected} bytes in all) but it holds {len} bytes; write the table again"
        )));
    }
    if len > expected {
        return Err(bad(format!(
            "{} bytes follow the checksum: the file is not a table file as written",
            len - expected
        )));
    }
    // The checksum covers the header as read, then the values as streamed.
    file.seek(SeekFrom::Start(0)).map_err(io_err(path))?;
    let mut front = vec![0u8; at];
    file.read_exact(&mut front).map_err(io_err(path))?;
    let mut counter = Counter::new(first, last);
    let task = format!("reading {}", path.display());
    let each = |piece: &[u8]| {
        match width {
            1 => piece.iter().for_each(|&b| counter.add(u32::from(b))),
            2 => piece
                .chunks_exact(2)
                .for_each(|c| counter.add(u32::from(u16::from_le_bytes([c[0], c[1]])))),
            _ => piece
                .chunks_exact(4)
                .for_each(|c| counter.add(u32::from_le_bytes([c[0], c[1], c[2], c[3]]))),
        }
        let done = counter.heap;
        budget.report(&task, done, Some(count));
        budget.check().map_err(|stop| match stop {
            Stop::Cancelled => HeapError::Cancelled { done },
            Stop::Time(limit) => HeapError::TimeLimit { limit, done },
        })
    };
    if !stream_to_checksum(&mut file, path, fnv1a(&front), count * width, each)? {
        return Err(bad(
            "checksum mismatch: the file is damaged; write the table again".into(),
        ));
    }
    Ok(TableScan {
        rules: head.rules,
        target: head.target,
        len: count,
        checkpoint: head.checkpoint,
        width: width as usize,
        first,
        counts: counter.counts(),
        largest: counter.largest,
        values: counter.kept,
        period: head.period,
    })
}

/// Reads and parses the header, reading more of the file while it is cut inside the
/// header (a rules text and the rare values make its length vary); returns it and where the
/// values begin.
fn read_head(file: &mut fs::File, len: u64) -> Result<(Parsed, usize), String> {
    let mut bytes = Vec::new();
    let mut want = 1u64 << 17;
    loop {
        let goal = want.min(len);
        (&mut *file)
            .take(goal - bytes.len() as u64)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read the header: {e}"))?;
        if bytes.starts_with(b"GRUNDYHB") {
            return Err(
                "this is the checkpoint of a run that keeps its table on disk, not a \
                        table: run the command that wrote it again to finish the table"
                    .into(),
            );
        }
        if bytes.len() < MAGIC.len() || !bytes.starts_with(MAGIC) {
            return Err("not a grundy table file (it does not begin with GRUNDYHT)".into());
        }
        let mut r = Reader::new(&bytes, MAGIC.len());
        match parse_head(&mut r) {
            Ok(head) => return Ok((head, r.pos)),
            Err(e) if e == "file is truncated" && goal < len && want < MAX_HEAD => want *= 8,
            Err(e) if e == "file is truncated" => {
                return Err(format!(
                    "the file is cut short inside its header ({len} bytes); write the table \
                     again"
                ))
            }
            Err(e) => return Err(format!("{e}; the file is damaged or not a table file")),
        }
    }
}

/// Counts values as they stream by, and keeps those of one range of heaps.
struct Counter {
    heap: u64,
    first: u64,
    last: u64,
    kept: Vec<u32>,
    dense: Vec<u64>,
    sparse: HashMap<u32, u64>,
    largest: Option<(u32, u64)>,
}

impl Counter {
    fn new(first: u64, last: u64) -> Counter {
        Counter {
            heap: 0,
            first,
            last,
            kept: Vec::new(),
            dense: Vec::new(),
            sparse: HashMap::new(),
            largest: None,
        }
    }

    fn add(&mut self, v: u32) {
        if v < DENSE_COUNTS {
            let i = v as usize;
            if i >= self.dense.len() {
                self.dense.resize(i + 1, 0);
            }
            self.dense[i] += 1;
        } else {
            *self.sparse.entry(v).or_insert(0) += 1;
        }
        if self.largest.is_none_or(|(m, _)| v > m) {
            self.largest = Some((v, self.heap));
        }
        if (self.first..=self.last).contains(&self.heap) {
            self.kept.push(v);
        }
        self.heap += 1;
    }

    fn counts(&self) -> Vec<(u32, u64)> {
        let mut out: Vec<(u32, u64)> = self
            .dense
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(v, &c)| (v as u32, c))
            .chain(self.sparse.iter().map(|(&v, &c)| (v, c)))
            .collect();
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::{values, write_table, HeapRules, Limits, Strategy};

    fn dir() -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("grundy-scan-{}", std::process::id()));
        fs::create_dir_all(&d).unwrap();
        d
    }

    /// A written table reads back: its range, its counts (which add up to its length), its
    /// largest value and its period; a range past its end is cut at the end.
    #[test]
    fn a_table_reads_back_with_its_counts_and_range() {
        let r = HeapRules::parse("tb[0.07]").unwrap();
        let g = values(&r, 400, &Limits::default(), Strategy::default()).unwrap();
        let period = crate::find_period(&r, &g);
        let path = dir().join("t.bin");
        write_table(&path, &r, &g, period.as_ref()).unwrap();
        let s = scan_table(&path, 395, 420, &Limits::default()).unwrap();
        assert_eq!(
            (s.rules.as_str(), s.len, s.checkpoint),
            ("tb[0.07]", 400, false)
        );
        let tail: Vec<u32> = (395..400).map(|i| g.get(i).unwrap()).collect();
        assert_eq!(s.values, tail);
        assert_eq!(s.counts.iter().map(|&(_, c)| c).sum::<u64>(), 400);
        let zeros = (0..400).filter(|&i| g.get(i) == Some(0)).count() as u64;
        assert_eq!(s.counts[0], (0, zeros));
        let stats = crate::table_stats(&g);
        assert_eq!(s.largest, Some((stats.max_value, stats.max_value_at)));
        assert_eq!(s.period, period);
        assert_eq!(s.period.map(|p| (p.preperiod, p.period)), Some((53, 34)));
    }

    /// A file cut short, a damaged byte, bytes added and a foreign file are each refused
    /// with what is wrong.
    #[test]
    fn damaged_and_foreign_files_are_refused_with_the_reason() {
        let r = HeapRules::parse("tb[0.6]").unwrap();
        let g = values(&r, 300, &Limits::default(), Strategy::default()).unwrap();
        let path = dir().join("d.bin");
        write_table(&path, &r, &g, None).unwrap();
        let good = fs::read(&path).unwrap();
        let reason = |bytes: &[u8]| {
            fs::write(&path, bytes).unwrap();
            match scan_table(&path, 0, 10, &Limits::default()).unwrap_err() {
                HeapError::BadFile { reason, .. } => reason,
                e => panic!("{e}"),
            }
        };
        assert!(reason(&good[..good.len() - 20]).contains("cut short"));
        assert!(reason(&good[..30]).contains("cut short inside its header"));
        let mut flipped = good.clone();
        flipped[good.len() - 30] ^= 1;
        assert!(reason(&flipped).contains("checksum mismatch"));
        let mut longer = good.clone();
        longer.push(0);
        assert!(reason(&longer).contains("1 bytes follow the checksum"));
        assert!(reason(b"P1\n1 1\n0\n").contains("not a grundy table file"));
        assert!(reason(b"").contains("not a grundy table file"));
        // A cancelled read stops at its first piece.
        fs::write(&path, &good).unwrap();
        let cancel = grundy_types::Cancel::new();
        cancel.cancel();
        let stopped = scan_table(&path, 0, 10, &Limits::default().with_cancel(cancel));
        assert!(
            matches!(stopped, Err(HeapError::Cancelled { done: 300 })),
            "{stopped:?}"
        );
    }
}
