//! Compact storage of a nim-sequence and the errors of long computations.

use std::path::PathBuf;

use grundy_types::ErrorKind;
use thiserror::Error;

/// Errors of the dense computation, of table files and of checkpoints.
#[derive(Debug, Error)]
pub enum HeapError {
    /// The table would not fit in the memory limit; raised before allocating.
    #[error(
        "a table of {n} values needs about {needed_bytes} bytes, more than the memory limit of \
         {limit} bytes; ask for fewer values or raise the limit"
    )]
    TooLarge {
        /// Number of values asked for.
        n: u64,
        /// Estimated bytes needed.
        needed_bytes: u64,
        /// The limit in force.
        limit: u64,
    },
    /// The cancellation flag was raised; `done` values had been computed.
    #[error("cancelled after {done} values")]
    Cancelled {
        /// Number of values computed before the cancellation was noticed.
        done: u64,
    },
    /// The budget's time limit was reached; `done` values had been computed.
    #[error("the computation reached its time limit of {limit:.1?} after {done} values")]
    TimeLimit {
        /// The time limit.
        limit: std::time::Duration,
        /// Number of values computed before the limit was noticed.
        done: u64,
    },
    /// A table kept on disk would not fit in its file system; raised before writing.
    #[error(
        "a table of {n} values needs at least {needed_bytes} bytes on disk and {dir} has \
         {free} bytes free; free some space, write the table elsewhere or ask for fewer \
         values"
    )]
    NoDisk {
        /// Number of values asked for.
        n: u64,
        /// Bytes the table needs at its current width.
        needed_bytes: u64,
        /// The directory of the table file.
        dir: PathBuf,
        /// Bytes free there.
        free: u64,
    },
    /// A nim-value does not fit in 32 bits.
    #[error("the nim-value of heap {n} does not fit in 32 bits")]
    ValueOverflow {
        /// The heap whose value overflowed.
        n: u64,
    },
    /// Custom rules listed a move that leaves a heap at least as large as the one it was
    /// made from, which no heap sequence can take.
    #[error(
        "a move from the heap {heap} leaves a heap of {part}: every move of a heap game must \
         leave smaller heaps"
    )]
    NotShrinking {
        /// The heap the move was made from.
        heap: u64,
        /// The heap it left.
        part: u64,
    },
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A table or checkpoint file is damaged, of another format or of other rules.
    #[error("{path}: {reason}")]
    BadFile {
        /// The file concerned.
        path: PathBuf,
        /// What is wrong with it and what to do.
        reason: String,
    },
}

impl HeapError {
    /// What kind of error this is: a table beyond the memory limit or the free disk, or a
    /// value beyond 32 bits, is a limit, a damaged file wrong input, a family's move that does not shrink its heap
    /// unsupported (a fault of the family, not of the request), a failed read or write
    /// [`ErrorKind::Io`].
    pub fn kind(&self) -> ErrorKind {
        match self {
            HeapError::TooLarge { .. }
            | HeapError::NoDisk { .. }
            | HeapError::ValueOverflow { .. }
            | HeapError::TimeLimit { .. } => ErrorKind::Limit,
            HeapError::Cancelled { .. } => ErrorKind::Cancelled,
            HeapError::NotShrinking { .. } => ErrorKind::Unsupported,
            HeapError::Io { .. } => ErrorKind::Io,
            HeapError::BadFile { .. } => ErrorKind::Input,
        }
    }
}

/// A nim-sequence G(0), G(1), ... stored in the smallest unsigned type that holds it.
///
/// Values up to 255 take one byte each, which is what makes tables of 10^9 values fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// Every value is below 256.
    U8(Vec<u8>),
    /// Some value is at least 256, every value below 65536.
    U16(Vec<u16>),
    /// Some value is at least 65536.
    U32(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Values::U8(Vec::new())
    }
}

impl Values {
    /// Number of values (heap sizes 0..len).
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
        }
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(i), or `None` past the end.
    pub fn get(&self, i: usize) -> Option<u32> {
        match self {
            Values::U8(v) => v.get(i).map(|&x| u32::from(x)),
            Values::U16(v) => v.get(i).map(|&x| u32::from(x)),
            Values::U32(v) => v.get(i).copied(),
        }
    }

    /// Bytes used per value (1, 2 or 4).
    pub fn bytes_per_value(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    /// All values as `u32`.
    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }

    /// Iterates over the values in order.
    pub fn iter(&self) -> Box<dyn Iterator<Item = u32> + '_> {
        match self {
            Values::U8(v) => Box::new(v.iter().map(|&x| u32::from(x))),
            Values::U16(v) => Box::new(v.iter().map(|&x| u32::from(x))),
            Values::U32(v) => Box::new(v.iter().copied()),
        }
    }

    /// The largest value, 0 when empty.
    pub fn max_value(&self) -> u32 {
        self.iter().max().unwrap_or(0)
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match self {
            Values::U8(v) => v.truncate(len),
            Values::U16(v) => v.truncate(len),
            Values::U32(v) => v.truncate(len),
        }
    }

    /// Builds the compact form of a list of values.
    pub fn from_u32(values: &[u32]) -> Values {
        let max = values.iter().copied().max().unwrap_or(0);
        if max <= u32::from(u8::MAX) {
            Values::U8(values.iter().map(|&v| v as u8).collect())
        } else if max <= u32::from(u16::MAX) {
            Values::U16(values.iter().map(|&v| v as u16).collect())
        } else {
            Values::U32(values.to_vec())
        }
    }
}

/// Storage the kernels append values to: a `Vec` in memory, or the mapped file of a bounded
/// run (`crate::mapped`).
pub(crate) trait Column<T: Cell>: std::ops::Deref<Target = [T]> + Send {
    /// Stores the value of the next heap.
    fn push(&mut self, v: T);
    /// Makes room for `n` values in all, or says that they do not fit in `limit` bytes.
    fn reserve_to(&mut self, _n: usize, _limit: u64) -> Result<(), HeapError> {
        Ok(())
    }
}

impl<T: Cell> Column<T> for Vec<T> {
    #[inline]
    fn push(&mut self, v: T) {
        Vec::push(self, v);
    }

    fn reserve_to(&mut self, n: usize, limit: u64) -> Result<(), HeapError> {
        let bytes = std::mem::size_of::<T>() as u64;
        self.try_reserve_exact(n.saturating_sub(self.len()))
            .map_err(|_| HeapError::TooLarge {
                n: n as u64,
                needed_bytes: (n as u64).saturating_mul(bytes),
                limit,
            })
    }
}

/// A storage cell for one value: `u8`, `u16` or `u32`.
pub(crate) trait Cell: Copy + Send + Sync + 'static {
    /// The largest value the cell holds.
    const MAX: u32;
    /// Converts a value known to fit.
    fn from_u32(v: u32) -> Self;
    /// The value as `u32`.
    fn get(self) -> u32;
}

impl Cell for u8 {
    const MAX: u32 = u8::MAX as u32;
    #[inline(always)]
    fn from_u32(v: u32) -> Self {
        v as u8
    }
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
}

impl Cell for u16 {
    const MAX: u32 = u16::MAX as u32;
    #[inline(always)]
    fn from_u32(v: u32) -> Self {
        v as u16
    }
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
}

impl Cell for u32 {
    const MAX: u32 = u32::MAX;
    #[inline(always)]
    fn from_u32(v: u32) -> Self {
        v
    }
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::HeapRules;

    #[test]
    fn kind_sorts_a_damaged_file_as_input_and_a_table_beyond_memory_as_a_limit() {
        let path =
            std::env::temp_dir().join(format!("grundy-heap-kind-{}.tbl", std::process::id()));
        std::fs::write(&path, b"not a table").unwrap();
        let damaged = crate::read_table(&path);
        let _ = std::fs::remove_file(&path);
        let damaged = damaged.unwrap_err();
        assert!(matches!(damaged, HeapError::BadFile { .. }), "{damaged}");
        assert_eq!(damaged.kind(), ErrorKind::Input);
        let tiny = grundy_types::Limits {
            max_memory: 1,
            ..grundy_types::Limits::default()
        };
        let tb = HeapRules::parse("tb[0.07]").unwrap();
        let big = crate::values(&tb, 1_000_000, &tiny, crate::Strategy::default());
        let big = big.unwrap_err();
        assert!(matches!(big, HeapError::TooLarge { .. }), "{big}");
        assert_eq!(big.kind(), ErrorKind::Limit);
    }
}
