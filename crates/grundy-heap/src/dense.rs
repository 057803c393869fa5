//! The dense fast path: nim-sequences of one-heap rulesets without position objects.
//!
//! Every ruleset gets a kernel that computes G(n) from the stored prefix G(0..n):
//!
//! - finite subtraction sets and `pow2`/`fib`: mex over G(n - k) with a stamp array;
//!   large ranges (`1..100000`) use sliding windows of counts instead;
//! - finite take-and-break codes that leave at most two heaps: the sparse-space
//!   ("rare/common") method described at `SparseKernel`;
//! - repeating codes that leave at most two heaps: unions of option sets accumulated per
//!   residue class, so a move set that grows with n costs O(n) per value, not O(n^2);
//! - codes that leave three heaps: direct enumeration (O(n^2) per value).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use rayon::prelude::*;

use crate::code::{Code, BIT_ALL, BIT_ONE, BIT_THREE, BIT_TWO};
use crate::rules::HeapRules;
use crate::subset::SubSet;
use crate::values::{Cell, HeapError, Values};

/// How to run a long computation: progress, cancellation, memory limit, strategy.
#[derive(Clone)]
pub struct ComputeOptions<'a> {
    /// Called now and then (about every 16384 values and at the end) with the number of
    /// values computed so far, counting a resumed prefix.
    pub progress: Option<&'a (dyn Fn(u64) + Sync)>,
    /// When set to true by another thread, the computation stops with
    /// [`HeapError::Cancelled`] within about 16384 values.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Largest number of bytes the value table may take; checked before allocating.
    pub memory_limit: u64,
    /// Whether rayon may scan long option lists in parallel.
    pub parallel: bool,
    /// Whether the sparse-space method may be used (false forces full scans; the values
    /// are the same either way, only the speed differs).
    pub sparse: bool,
}

impl Default for ComputeOptions<'_> {
    fn default() -> Self {
        ComputeOptions {
            progress: None,
            cancel: None,
            memory_limit: default_memory_limit(),
            parallel: true,
            sparse: true,
        }
    }
}

impl std::fmt::Debug for ComputeOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ComputeOptions")
            .field("progress", &self.progress.is_some())
            .field("cancel", &self.cancel)
            .field("memory_limit", &self.memory_limit)
            .field("parallel", &self.parallel)
            .field("sparse", &self.sparse)
            .finish()
    }
}

/// The default memory limit: three quarters of the memory the kernel reports available,
/// or 4 GiB when that cannot be read.
pub fn default_memory_limit() -> u64 {
    let available = std::fs::read_to_string("/proc/meminfo").ok().and_then(|s| {
        s.lines()
            .find(|l| l.starts_with("MemAvailable:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<u64>().ok())
    });
    match available {
        Some(kb) => kb.saturating_mul(1024) / 4 * 3,
        None => 4 << 30,
    }
}

/// The nim-values of single heaps of sizes `0..n`, by the fastest exact method available.
///
/// Arguments: `rules`; `n`, the number of values (heaps `0..n`); `opts`, progress,
/// cancellation, memory limit and strategy.
///
/// Returns: the values in the smallest integer type that holds them, or
/// [`HeapError::TooLarge`] (before allocating) when even one byte per value exceeds the
/// memory limit, [`HeapError::Cancelled`] when the flag was raised,
/// [`HeapError::ValueOverflow`] when a value needs more than 32 bits.
///
/// Complexity: for subtraction sets O(n * |S|) (O(n * (ranges + G/64)) for large ranges);
/// for finite codes that split in two, O(n * (rare + s)) in sparse space, where `rare` is
/// the number of rare positions and `s` the pairs scanned until the common candidates are
/// excluded, degrading gracefully to O(n^2) without sparse space; O(n^2) for repeating
/// codes and O(n^3) for three-way splits. Memory: one byte per value while values are
/// below 256.
///
/// Example:
/// ```
/// use grundy_heap::{values, ComputeOptions, HeapRules};
/// let dawson = HeapRules::parse("tb[0.07]").unwrap();
/// let g = values(&dawson, 10, &ComputeOptions::default()).unwrap();
/// assert_eq!(g.to_vec(), vec![0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
/// ```
pub fn values(rules: &HeapRules, n: usize, opts: &ComputeOptions<'_>) -> Result<Values, HeapError> {
    extend(rules, Values::default(), n, opts)
}

/// Continues a nim-sequence: given the values of heaps `0..prefix.len()` (which must be
/// correct for `rules`), computes heaps up to `n` (exclusive).
///
/// Arguments, Returns and Complexity as for [`values`]; a prefix longer than `n` is
/// truncated.
///
/// Example:
/// ```
/// use grundy_heap::{extend, values, ComputeOptions, HeapRules};
/// let kayles = HeapRules::parse("tb[0.77]").unwrap();
/// let o = ComputeOptions::default();
/// let first = values(&kayles, 50, &o).unwrap();
/// assert_eq!(extend(&kayles, first, 200, &o).unwrap(), values(&kayles, 200, &o).unwrap());
/// ```
pub fn extend(
    rules: &HeapRules,
    mut prefix: Values,
    n: usize,
    opts: &ComputeOptions<'_>,
) -> Result<Values, HeapError> {
    if prefix.len() >= n {
        prefix.truncate(n);
        return Ok(prefix);
    }
    let min_bytes = prefix.bytes_per_value() as u64;
    check_memory(n as u64, min_bytes, 0, opts.memory_limit)?;
    let mut kernel = Kernel::new(rules, n, opts);
    match &prefix {
        Values::U8(g) => kernel.rebuild(g),
        Values::U16(g) => kernel.rebuild(g),
        Values::U32(g) => kernel.rebuild(g),
    }
    let mut current = prefix;
    loop {
        let overflow = match &mut current {
            Values::U8(g) => {
                reserve(g, n, opts.memory_limit)?;
                run(&mut kernel, g, n, opts)?
            }
            Values::U16(g) => {
                reserve(g, n, opts.memory_limit)?;
                run(&mut kernel, g, n, opts)?
            }
            Values::U32(g) => {
                reserve(g, n, opts.memory_limit)?;
                run(&mut kernel, g, n, opts)?
            }
        };
        let Some(v) = overflow else {
            if let Some(p) = opts.progress {
                p(current.len() as u64);
            }
            return Ok(current);
        };
        // A value did not fit: move to the next wider type, then store it.
        let at = current.len();
        current = match current {
            Values::U8(g) => {
                check_memory(n as u64, 2, g.len() as u64, opts.memory_limit)?;
                let mut w: Vec<u16> = g.iter().map(|&x| u16::from(x)).collect();
                drop(g);
                if v <= u16::MAX as u32 {
                    w.push(v as u16);
                    Values::U16(w)
                } else {
                    let mut w: Vec<u32> = w.iter().map(|&x| u32::from(x)).collect();
                    w.push(v);
                    Values::U32(w)
                }
            }
            Values::U16(g) => {
                check_memory(n as u64, 4, 2 * g.len() as u64, opts.memory_limit)?;
                let mut w: Vec<u32> = g.iter().map(|&x| u32::from(x)).collect();
                w.push(v);
                Values::U32(w)
            }
            Values::U32(_) => return Err(HeapError::ValueOverflow { n: at as u64 }),
        };
        kernel.observe(&current, at, v);
    }
}

fn check_memory(n: u64, bytes: u64, extra: u64, limit: u64) -> Result<(), HeapError> {
    let needed = n.saturating_mul(bytes).saturating_add(extra);
    if needed > limit || usize::try_from(n).is_err() {
        return Err(HeapError::TooLarge {
            n,
            needed_bytes: needed,
            limit,
        });
    }
    Ok(())
}

fn reserve<T>(g: &mut Vec<T>, n: usize, limit: u64) -> Result<(), HeapError> {
    let bytes = std::mem::size_of::<T>() as u64;
    g.try_reserve_exact(n.saturating_sub(g.len()))
        .map_err(|_| HeapError::TooLarge {
            n: n as u64,
            needed_bytes: (n as u64).saturating_mul(bytes),
            limit,
        })
}

/// How often (in values) progress is reported and the cancellation flag read.
const CHECK_EVERY: usize = 1 << 14;

/// Runs `kernel` until `g` has `n` values; returns the value that did not fit in `T`.
fn run<T: Cell>(
    kernel: &mut Kernel,
    g: &mut Vec<T>,
    n: usize,
    opts: &ComputeOptions<'_>,
) -> Result<Option<u32>, HeapError> {
    let mut last_report = 0usize;
    while g.len() < n {
        let h = g.len();
        if h % CHECK_EVERY == 0 && h > 0 && h != last_report {
            last_report = h;
            if let Some(c) = &opts.cancel {
                if c.load(Ordering::Relaxed) {
                    return Err(HeapError::Cancelled { done: h as u64 });
                }
            }
            if let Some(p) = opts.progress {
                p(h as u64);
            }
        }
        if let Kernel::Sparse(k) = kernel {
            if k.wants_block(h) {
                // Stop blocks at the next progress report so reports stay regular.
                let stop = n.min((h / CHECK_EVERY + 1) * CHECK_EVERY);
                if let Some(v) = k.block(g, stop) {
                    return Ok(Some(v));
                }
                continue;
            }
        }
        let v = kernel.next(g, h);
        if v > T::MAX {
            return Ok(Some(v));
        }
        g.push(T::from_u32(v));
        kernel.observe_cell(g, h, v);
    }
    Ok(None)
}

/// A growable bitset of values, sized in 64-bit words.
#[inline(always)]
fn mark(bits: &mut [u64], x: u32) {
    bits[(x >> 6) as usize] |= 1u64 << (x & 63);
}

/// The smallest value whose bit is clear.
#[inline(always)]
fn first_zero(bits: &[u64]) -> u32 {
    for (i, &w) in bits.iter().enumerate() {
        if w != u64::MAX {
            return (i as u32) * 64 + (!w).trailing_zeros();
        }
    }
    (bits.len() as u32) * 64
}

/// Number of words needed to hold every XOR of values up to `maxval`, plus the mex above.
fn words_for(maxval: u32) -> usize {
    let bits = 32 - maxval.leading_zeros();
    ((1u64 << bits) >> 6) as usize + 1
}

#[inline(always)]
fn odd_parity(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() & 1 == 1
}

enum Kernel {
    Sub(SubKernel),
    Window(WindowKernel),
    Sparse(SparseKernel),
    Repeat(RepeatKernel),
    General(GeneralKernel),
}

impl Kernel {
    fn new(rules: &HeapRules, n: usize, opts: &ComputeOptions<'_>) -> Kernel {
        match rules {
            HeapRules::Sub(set) => match set {
                SubSet::Finite(f) if f.len() > 256 => Kernel::Window(WindowKernel::new(f.ranges())),
                _ => Kernel::Sub(SubKernel::new(set, n)),
            },
            HeapRules::Tb(code) => {
                if code.has_three_way_split() {
                    Kernel::General(GeneralKernel { code: code.clone() })
                } else if code.is_finite() {
                    Kernel::Sparse(SparseKernel::new(code, opts))
                } else {
                    Kernel::Repeat(RepeatKernel::new(code))
                }
            }
        }
    }

    fn rebuild<T: Cell>(&mut self, g: &[T]) {
        match self {
            Kernel::Sub(_) | Kernel::General(_) => {}
            Kernel::Window(k) => k.rebuild(g),
            Kernel::Sparse(k) => k.rebuild(g),
            Kernel::Repeat(k) => k.rebuild(g),
        }
    }

    #[inline]
    fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        match self {
            Kernel::Sub(k) => k.next(g, n),
            Kernel::Window(k) => k.next(g, n),
            Kernel::Sparse(k) => k.next(g, n),
            Kernel::Repeat(k) => k.next(g, n),
            Kernel::General(k) => k.next(g, n),
        }
    }

    /// Records that G(n) = v was stored (for kernels that keep statistics).
    #[inline]
    fn observe_cell<T: Cell>(&mut self, g: &[T], n: usize, v: u32) {
        if let Kernel::Sparse(k) = self {
            k.observe(g, n, v);
        }
    }

    fn observe(&mut self, g: &Values, n: usize, v: u32) {
        match g {
            Values::U8(g) => self.observe_cell(g, n, v),
            Values::U16(g) => self.observe_cell(g, n, v),
            Values::U32(g) => self.observe_cell(g, n, v),
        }
    }
}

/// Subtraction sets with few amounts: mex over G(n - k) with a stamp array, so nothing
/// is cleared between heaps.
struct SubKernel {
    amounts: Vec<usize>,
    stamp: Vec<usize>,
}

impl SubKernel {
    fn new(set: &SubSet, n: usize) -> SubKernel {
        let mut amounts = Vec::new();
        set.for_each_amount(n as u64, |k| amounts.push(k as usize));
        // G(n) is at most the number of amounts, so the stamp array never needs to grow.
        let stamp = vec![usize::MAX; amounts.len() + 2];
        SubKernel { amounts, stamp }
    }

    #[inline]
    fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        for &k in &self.amounts {
            if k > n {
                break;
            }
            let v = g[n - k].get() as usize;
            if v < self.stamp.len() {
                self.stamp[v] = n;
            }
        }
        self.stamp
            .iter()
            .position(|&s| s != n)
            .unwrap_or(self.stamp.len()) as u32
    }
}

/// Subtraction sets made of long ranges: one sliding window of counts per range.
struct WindowKernel {
    ranges: Vec<(u64, u64)>,
    counts: Vec<u32>,
    present: Vec<u64>,
}

impl WindowKernel {
    fn new(ranges: &[(u64, u64)]) -> WindowKernel {
        WindowKernel {
            ranges: ranges.to_vec(),
            counts: Vec::new(),
            present: vec![0],
        }
    }

    fn add(&mut self, v: u32) {
        let v = v as usize;
        if v >= self.counts.len() {
            self.counts.resize(v + 1, 0);
            self.present.resize(v / 64 + 2, 0);
        }
        self.counts[v] += 1;
        if self.counts[v] == 1 {
            self.present[v >> 6] |= 1 << (v & 63);
        }
    }

    fn remove(&mut self, v: u32) {
        let v = v as usize;
        self.counts[v] -= 1;
        if self.counts[v] == 0 {
            self.present[v >> 6] &= !(1 << (v & 63));
        }
    }

    /// Replays the window updates of heaps `0..g.len()` so that `next` can continue.
    fn rebuild<T: Cell>(&mut self, g: &[T]) {
        let n = g.len() as u64;
        for i in 0..self.ranges.len() {
            let (lo, hi) = self.ranges[i];
            // At the next heap n the window holds positions n - hi ..= n - lo, except the
            // newest one n - lo, which `next` adds itself.
            if n > lo {
                let start = n.saturating_sub(hi);
                for p in start..n - lo {
                    self.add(g[p as usize].get());
                }
            }
        }
    }

    fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        let n64 = n as u64;
        for i in 0..self.ranges.len() {
            let (lo, hi) = self.ranges[i];
            if n64 >= lo {
                self.add(g[(n64 - lo) as usize].get());
            }
            if let Some(p) = n64.checked_sub(hi + 1) {
                self.remove(g[p as usize].get());
            }
        }
        first_zero(&self.present)
    }
}

/// Finite take-and-break codes leaving at most two heaps, by the sparse-space method.
///
/// Values are split by a bit mask into class A (even parity of `v & mask`, which contains
/// 0) and class B (odd parity). A pair of heaps has an XOR in class B only when exactly
/// one of its heaps has a class-A value, so when A-valued ("rare") positions are few, all
/// B-valued options come from the short list of rare positions and from single-heap
/// options. The kernel marks those exactly, then takes the mex of what is marked; if that
/// mex is in class B it is the answer (every smaller value is an option). If it is in
/// class A, pairs are scanned in chunks, marking every XOR, until the mex moves to class B
/// or the scan is complete. Whatever the mask, the result is the exact mex: the mask only
/// decides how soon the scan may stop. The mask is chosen to minimise the number of rare
/// positions, from the histogram of values, each time the table doubles.
///
/// Marks are bytes, not bits: a byte store has no read-modify-write dependency, which
/// matters because consecutive marks often hit the same word.
pub(crate) struct SparseKernel {
    alls: Vec<usize>,
    singles: Vec<usize>,
    splits: Vec<(usize, bool)>,
    mask: u32,
    rare: Vec<usize>,
    hist: Vec<u64>,
    maxval: u32,
    /// Number of mark bytes: every XOR of two values is below `span - 1`.
    span: usize,
    opts: Vec<u8>,
    next_check: usize,
    sparse: bool,
    parallel: bool,
}

/// Pairs left to scan above which a full scan is split over rayon's threads.
const PAR_MIN_PAIRS: usize = 1 << 15;
/// Heaps per block in the block-parallel mode.
const BLOCK: usize = 2048;
/// Middle pairs per split that the parallel phase of a block scans for each heap.
const MIDDLE_PAIRS: usize = 1536;
/// Pairs per scan chunk between two mex checks.
const SCAN_CHUNK: usize = 64;

fn span_for(maxval: u32) -> usize {
    let bits = 32 - maxval.leading_zeros();
    (1usize << bits) + 8
}

/// The smallest value whose byte is 0.
#[inline]
fn first_zero_byte(marks: &[u8]) -> u32 {
    let mut chunks = marks.chunks_exact(8);
    let mut base = 0usize;
    for c in &mut chunks {
        let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        if w != 0x0101_0101_0101_0101 {
            for (i, &b) in c.iter().enumerate() {
                if b == 0 {
                    return (base + i) as u32;
                }
            }
        }
        base += 8;
    }
    for (i, &b) in chunks.remainder().iter().enumerate() {
        if b == 0 {
            return (base + i) as u32;
        }
    }
    marks.len() as u32
}

impl SparseKernel {
    fn new(code: &Code, opts: &ComputeOptions<'_>) -> SparseKernel {
        let mut alls = Vec::new();
        let mut singles = Vec::new();
        let mut splits = Vec::new();
        for k in 0..code.finite_len() {
            let d = code.digit(k as u64);
            if d.bits & BIT_ALL != 0 && k > 0 {
                alls.push(k);
            }
            if d.bits & BIT_ONE != 0 && k > 0 {
                singles.push(k);
            }
            if d.bits & BIT_TWO != 0 {
                splits.push((k, d.distinct));
            }
        }
        SparseKernel {
            alls,
            singles,
            splits,
            mask: 0,
            rare: Vec::new(),
            hist: Vec::new(),
            maxval: 0,
            span: span_for(0),
            opts: vec![0; span_for(0)],
            next_check: 256,
            sparse: opts.sparse,
            parallel: opts.parallel,
        }
    }

    fn rebuild<T: Cell>(&mut self, g: &[T]) {
        for (n, x) in g.iter().enumerate() {
            self.record(x.get());
            if n + 1 >= self.next_check {
                self.next_check = (n + 1).saturating_mul(2);
            }
        }
        if !g.is_empty() {
            self.choose_mask(g);
        }
    }

    fn record(&mut self, v: u32) {
        if v as usize >= self.hist.len() {
            self.hist.resize(v as usize + 1, 0);
        }
        self.hist[v as usize] += 1;
        if v > self.maxval {
            self.maxval = v;
            self.span = span_for(v);
            if self.opts.len() < self.span {
                self.opts.resize(self.span, 0);
            }
        }
    }

    fn observe<T: Cell>(&mut self, g: &[T], n: usize, v: u32) {
        self.record(v);
        if self.mask != 0 && n > 0 && !odd_parity(v, self.mask) {
            self.rare.push(n);
        }
        if n + 1 >= self.next_check {
            self.next_check = (n + 1).saturating_mul(2);
            self.choose_mask(g);
        }
    }

    /// Picks the mask with the fewest rare positions and rebuilds the rare list.
    fn choose_mask<T: Cell>(&mut self, g: &[T]) {
        let bits = 32 - self.maxval.leading_zeros();
        if !self.sparse || self.splits.is_empty() || bits > 12 {
            self.mask = 0;
            self.rare.clear();
            return;
        }
        let present: Vec<(u32, u64)> = self
            .hist
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(v, &c)| (v as u32, c))
            .collect();
        let mut best = (u64::MAX, 0u32);
        for mask in 1..(1u32 << bits) {
            let rare: u64 = present
                .iter()
                .filter(|&&(v, _)| !odd_parity(v, mask))
                .map(|&(_, c)| c)
                .sum();
            if rare < best.0 {
                best = (rare, mask);
            }
        }
        // With half the positions rare, listing them costs as much as a full scan.
        self.mask = if best.0.saturating_mul(2) < g.len() as u64 {
            best.1
        } else {
            0
        };
        self.rare.clear();
        if self.mask != 0 {
            let mask = self.mask;
            self.rare.extend(
                g.iter()
                    .enumerate()
                    .skip(1)
                    .filter(|(_, x)| !odd_parity(x.get(), mask))
                    .map(|(i, _)| i),
            );
        }
    }

    /// Whether the next heaps should go through [`SparseKernel::block`].
    fn wants_block(&self, n: usize) -> bool {
        self.parallel && self.mask != 0 && n >= 4 * BLOCK && rayon::current_num_threads() > 1
    }

    #[inline]
    fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        let span = self.span;
        let opts = &mut self.opts[..span];
        opts.fill(0);
        for &k in &self.alls {
            if k == n {
                opts[0] = 1;
            }
        }
        for &k in &self.singles {
            if k < n {
                opts[g[n - k].get() as usize] = 1;
            }
        }
        let mask = self.mask;
        if mask != 0 {
            for &(k, distinct) in &self.splits {
                if n < k + 2 {
                    continue;
                }
                let m = n - k;
                for &r in &self.rare {
                    if r >= m {
                        break;
                    }
                    let b = m - r;
                    if distinct && r == b {
                        continue;
                    }
                    opts[(g[r].get() ^ g[b].get()) as usize] = 1;
                }
            }
        }
        // Scan pairs until the mex is in class B (then exact) or nothing is left to scan.
        let mut si = 0usize;
        let mut a = 1usize;
        loop {
            let v = first_zero_byte(opts);
            if mask != 0 && odd_parity(v, mask) {
                return v;
            }
            while si < self.splits.len() {
                let (k, distinct) = self.splits[si];
                if n >= k + 2 && a <= last_a(n - k, distinct) {
                    break;
                }
                si += 1;
                a = 1;
            }
            if si >= self.splits.len() {
                return v;
            }
            if self.parallel && mask == 0 {
                let left: usize = self.splits[si..]
                    .iter()
                    .map(|&(k, d)| if n >= k + 2 { last_a(n - k, d) } else { 0 })
                    .sum::<usize>()
                    - (a - 1);
                if left >= PAR_MIN_PAIRS {
                    par_scan(g, n, &self.splits[si..], a, opts);
                    si = self.splits.len();
                    continue;
                }
            }
            let (k, distinct) = self.splits[si];
            let m = n - k;
            let end = (a + SCAN_CHUNK - 1).min(last_a(m, distinct));
            scan_pairs(g, m, a, end, opts);
            a = end + 1;
        }
    }

    /// Computes the next heaps (at most [`BLOCK`], never past a mask re-evaluation) in two
    /// phases: in parallel, every mark whose two heaps precede the block (rare pairs and
    /// the middle pairs, whose heaps are both near m/2); then, heap by heap, the marks that
    /// involve heaps inside the block and the mex.
    ///
    /// Returns the value that did not fit in `T`, if any (the heaps before it are stored).
    fn block<T: Cell>(&mut self, g: &mut Vec<T>, n_end: usize) -> Option<u32> {
        let start = g.len();
        let end = n_end.min(start + BLOCK).min(self.next_check.max(start + 1));
        let span_old = self.span;
        let words = span_old.div_ceil(64);
        let old_rare = self.rare.len();
        let mut pre = vec![0u64; (end - start) * words];
        {
            let old: &[T] = &g[..start];
            let rare = &self.rare[..old_rare];
            let splits = &self.splits;
            pre.par_chunks_mut(words)
                .enumerate()
                .for_each_init(
                    || vec![0u8; span_old],
                    |marks, (i, out)| {
                        marks.fill(0);
                        let n = start + i;
                        for &(k, distinct) in splits {
                            if n < k + 2 {
                                continue;
                            }
                            let m = n - k;
                            // Rare r whose partner m - r precedes the block.
                            let from = rare.partition_point(|&r| r + start <= m);
                            for &r in &rare[from..] {
                                if r >= m {
                                    break;
                                }
                                let b = m - r;
                                if distinct && r == b {
                                    continue;
                                }
                                marks[(old[r].get() ^ old[b].get()) as usize] = 1;
                            }
                            let (lo, hi) = middle_range(m, distinct, start);
                            if lo <= hi {
                                scan_pairs(old, m, lo, hi, marks);
                            }
                        }
                        for (w, chunk) in out.iter_mut().zip(marks.chunks(64)) {
                            let mut bits = 0u64;
                            for (j, &b) in chunk.iter().enumerate() {
                                bits |= u64::from(b) << j;
                            }
                            *w = bits;
                        }
                    },
                );
        }
        for n in start..end {
            let span = self.span;
            let opts = &mut self.opts[..span];
            opts.fill(0);
            for (w, &bits) in pre[(n - start) * words..(n - start + 1) * words]
                .iter()
                .enumerate()
            {
                let mut b = bits;
                while b != 0 {
                    let j = b.trailing_zeros() as usize;
                    opts[w * 64 + j] = 1;
                    b &= b - 1;
                }
            }
            for &k in &self.alls {
                if k == n {
                    opts[0] = 1;
                }
            }
            for &k in &self.singles {
                if k < n {
                    opts[g[n - k].get() as usize] = 1;
                }
            }
            for &(k, distinct) in &self.splits {
                if n < k + 2 {
                    continue;
                }
                let m = n - k;
                // Rare pairs with a heap inside the block: old rare r with m - r >= start,
                // and rare positions found in this block.
                for &r in &self.rare[..old_rare] {
                    if r + start > m || r >= m {
                        break;
                    }
                    let b = m - r;
                    if !(distinct && r == b) {
                        opts[(g[r].get() ^ g[b].get()) as usize] = 1;
                    }
                }
                for &r in &self.rare[old_rare..] {
                    if r >= m {
                        break;
                    }
                    let b = m - r;
                    if !(distinct && r == b) {
                        opts[(g[r].get() ^ g[b].get()) as usize] = 1;
                    }
                }
            }
            // Finish with the pairs the parallel phase did not scan, if the mex asks.
            let mask = self.mask;
            let mut si = 0usize;
            let mut top = usize::MAX;
            let v = loop {
                let v = first_zero_byte(opts);
                if odd_parity(v, mask) {
                    break v;
                }
                // Pairs a in [1, lo) of each split are left, scanned downwards from lo.
                let mut found = None;
                while si < self.splits.len() {
                    let (k, distinct) = self.splits[si];
                    if n >= k + 2 {
                        let m = n - k;
                        let (lo, hi) = middle_range(m, distinct, start);
                        let limit = if lo <= hi { lo } else { last_a(m, distinct) + 1 };
                        let t = top.min(limit);
                        if t > 1 {
                            found = Some((m, t));
                            break;
                        }
                    }
                    si += 1;
                    top = usize::MAX;
                }
                let Some((m, t)) = found else {
                    break v;
                };
                let lo = t.saturating_sub(SCAN_CHUNK).max(1);
                scan_pairs(g, m, lo, t - 1, opts);
                top = lo;
            };
            if v > T::MAX {
                return Some(v);
            }
            g.push(T::from_u32(v));
            self.observe(g, n, v);
        }
        None
    }
}

/// The last `a` of the pairs (a, m - a) with a <= m - a, excluding a == m - a for `!`.
#[inline(always)]
fn last_a(m: usize, distinct: bool) -> usize {
    if distinct && m % 2 == 0 {
        m / 2 - 1
    } else {
        m / 2
    }
}

/// The pairs (a, m - a), lo <= a <= hi, that the parallel phase of a block starting at
/// `start` scans: up to [`MIDDLE_PAIRS`] of them, from the middle down, both heaps before
/// the block. Empty when lo > hi.
#[inline]
fn middle_range(m: usize, distinct: bool, start: usize) -> (usize, usize) {
    let hi = last_a(m, distinct);
    let lo = hi
        .saturating_sub(MIDDLE_PAIRS - 1)
        .max((m + 1).saturating_sub(start))
        .max(1);
    (lo, hi)
}

/// Marks G(a) ^ G(m - a) for lo <= a <= hi (requires hi <= m / 2, hi < g.len()).
#[inline]
fn scan_pairs<T: Cell>(g: &[T], m: usize, lo: usize, hi: usize, marks: &mut [u8]) {
    for (p, q) in g[lo..=hi].iter().zip(g[m - hi..=m - lo].iter().rev()) {
        marks[(p.get() ^ q.get()) as usize] = 1;
    }
}

/// Scans every pair left (from `a` in the first split) on rayon's threads, marking XORs.
fn par_scan<T: Cell>(g: &[T], n: usize, splits: &[(usize, bool)], a: usize, opts: &mut [u8]) {
    let span = opts.len();
    const CHUNK: usize = 1 << 13;
    let mut jobs: Vec<(usize, usize, usize)> = Vec::new();
    for (i, &(k, distinct)) in splits.iter().enumerate() {
        if n < k + 2 {
            continue;
        }
        let m = n - k;
        let mut lo = if i == 0 { a } else { 1 };
        let last = last_a(m, distinct);
        while lo <= last {
            let hi = (lo + CHUNK - 1).min(last);
            jobs.push((m, lo, hi));
            lo = hi + 1;
        }
    }
    let found = jobs
        .par_iter()
        .map(|&(m, lo, hi)| {
            let mut local = vec![0u8; span];
            scan_pairs(g, m, lo, hi, &mut local);
            local
        })
        .reduce(
            || vec![0u8; span],
            |mut acc, b| {
                for (x, y) in acc.iter_mut().zip(b) {
                    *x |= y;
                }
                acc
            },
        );
    for (x, y) in opts.iter_mut().zip(found) {
        *x |= y;
    }
}

/// Repeating codes leaving at most two heaps.
///
/// The digit for taking k >= f tokens (f = digits before the block) depends only on
/// (k - f) mod L. For each residue of the heap sizes m left behind, the kernel keeps the
/// union of G(m) (single heaps) and of the pair XORs of m (two heaps) over all m of that
/// residue computed so far; the options of heap n for one block position are then exactly
/// one of these unions, because every m of the residue up to n - f is a legal remainder.
struct RepeatKernel {
    code: Code,
    f: usize,
    block: Vec<crate::code::Digit>,
    cum_single: Vec<Vec<u64>>,
    cum_pair: Vec<Vec<u64>>,
    cum_even: Vec<bool>,
    /// Next remainder m to add to the unions.
    upto: usize,
    maxval: u32,
    words: usize,
    opts: Vec<u64>,
    pair: Vec<u64>,
}

impl RepeatKernel {
    fn new(code: &Code) -> RepeatKernel {
        let f = code.finite_len();
        let block = code.repeat_block().to_vec();
        let l = block.len();
        RepeatKernel {
            code: code.clone(),
            f,
            block,
            cum_single: vec![vec![0; 1]; l],
            cum_pair: vec![vec![0; 1]; l],
            cum_even: vec![false; l],
            upto: 0,
            maxval: 0,
            words: 1,
            opts: vec![0; 1],
            pair: vec![0; 1],
        }
    }

    fn grow(&mut self, v: u32) {
        if v > self.maxval {
            self.maxval = v;
            self.words = words_for(v);
            for b in self.cum_single.iter_mut().chain(self.cum_pair.iter_mut()) {
                b.resize(self.words, 0);
            }
            self.opts.resize(self.words, 0);
            self.pair.resize(self.words, 0);
        }
    }

    fn rebuild<T: Cell>(&mut self, g: &[T]) {
        for x in g {
            self.grow(x.get());
        }
        // The unions are filled lazily by `next` up to n - f.
    }

    /// Adds remainder m (all of whose heaps are already computed) to the unions.
    fn add_remainder<T: Cell>(&mut self, g: &[T], m: usize) {
        let l = self.block.len();
        let r = m % l;
        if m >= 1 {
            mark(&mut self.cum_single[r], g[m].get());
        }
        for a in 1..=m / 2 {
            if 2 * a == m {
                self.cum_even[r] = true;
            } else {
                mark(&mut self.cum_pair[r], g[a].get() ^ g[m - a].get());
            }
        }
    }

    fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        if n > 0 {
            self.grow(g[n - 1].get());
        }
        while n >= self.f && self.upto <= n - self.f {
            let m = self.upto;
            self.add_remainder(g, m);
            self.upto += 1;
        }
        let words = self.words;
        let mut opts = std::mem::take(&mut self.opts);
        opts[..words].fill(0);
        if n >= 1 && self.code.digit(n as u64).bits & BIT_ALL != 0 {
            mark(&mut opts, 0);
        }
        for k in 0..self.f.min(n + 1) {
            let d = self.code.digit(k as u64);
            let m = n - k;
            if d.bits & BIT_ONE != 0 && k > 0 && m > 0 {
                mark(&mut opts, g[m].get());
            }
            if d.bits & BIT_TWO != 0 {
                for a in 1..=m / 2 {
                    if d.distinct && 2 * a == m {
                        continue;
                    }
                    mark(&mut opts, g[a].get() ^ g[m - a].get());
                }
            }
        }
        let l = self.block.len();
        for c in 0..l {
            let kmin = self.f + c;
            if kmin > n {
                break;
            }
            let d = self.block[c];
            let r = (n - kmin) % l;
            if d.bits & BIT_ONE != 0 {
                for (o, s) in opts.iter_mut().zip(&self.cum_single[r]) {
                    *o |= s;
                }
            }
            if d.bits & BIT_TWO != 0 {
                for (o, s) in opts.iter_mut().zip(&self.cum_pair[r]) {
                    *o |= s;
                }
                if !d.distinct && self.cum_even[r] {
                    mark(&mut opts, 0);
                }
            }
        }
        let v = first_zero(&opts[..words]);
        self.opts = opts;
        v
    }
}

/// Codes that leave three heaps (hexadecimal digits 8 to f): direct enumeration.
struct GeneralKernel {
    code: Code,
}

impl GeneralKernel {
    fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        let mut seen: Vec<u64> = vec![0; 1];
        let put = |seen: &mut Vec<u64>, x: u32| {
            let w = (x >> 6) as usize;
            if w >= seen.len() {
                seen.resize(w + 2, 0);
            }
            mark(seen, x);
        };
        let last = self.code.max_take().map_or(n, |t| (t as usize).min(n));
        for k in 0..=last {
            let d = self.code.digit(k as u64);
            let r = n - k;
            if d.bits & BIT_ALL != 0 && r == 0 && k > 0 {
                put(&mut seen, 0);
            }
            if d.bits & BIT_ONE != 0 && r > 0 && k > 0 {
                put(&mut seen, g[r].get());
            }
            if d.bits & BIT_TWO != 0 {
                for a in 1..=r / 2 {
                    if !(d.distinct && 2 * a == r) {
                        put(&mut seen, g[a].get() ^ g[r - a].get());
                    }
                }
            }
            if d.bits & BIT_THREE != 0 {
                for a in 1..=r / 3 {
                    for b in a..=(r - a) / 2 {
                        let c = r - a - b;
                        if d.distinct && (a == b || b == c) {
                            continue;
                        }
                        put(&mut seen, g[a].get() ^ g[b].get() ^ g[c].get());
                    }
                }
            }
        }
        first_zero(&seen)
    }
}
