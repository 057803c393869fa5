//! The sparse-space ("rare/common") kernel of finite take-and-break codes that leave at
//! most two heaps, with its block-parallel mode.

use rayon::prelude::*;

use super::Ctx;
use crate::code::{Code, BIT_ALL, BIT_ONE, BIT_TWO};
use crate::values::{Cell, Column};

/// The key of heap `n` with value `v`: the value and the parity of the heap. Two heaps
/// that sum to m have keys whose XOR is (value XOR) * 2 + (m mod 2), so classifying keys
/// rather than values lets the common set depend on parity (ogsolve's RC2 idea), which
/// suits games whose values alternate with the heap's parity.
#[inline(always)]
fn key(v: u32, n: usize) -> u32 {
    (v << 1) | (n & 1) as u32
}

/// Bit 0 (1) set when some split of heap n leaves a pair summing to an even (odd) number.
#[inline]
fn pair_parities(splits: &[(usize, bool)], n: usize) -> u8 {
    let mut mus = 0u8;
    for &(k, _) in splits {
        if n >= k + 2 {
            mus |= 1 << ((n - k) & 1);
        }
    }
    mus
}

/// Whether mex candidate `v` is exact: no pair of common heaps (of any split parity in
/// `mus`) can make it, because its keyed form is outside C xor C.
#[inline(always)]
fn exact(cc: &[u8], v: u32, mus: u8) -> bool {
    (mus & 1 == 0 || !in_table(cc, v << 1)) && (mus & 2 == 0 || !in_table(cc, (v << 1) | 1))
}

/// [`exact`] for one heap: the table of C xor C and the heap's pair parities.
#[derive(Clone, Copy)]
struct Exact<'a> {
    cc: &'a [u8],
    mus: u8,
}

impl Exact<'_> {
    #[inline(always)]
    fn holds(self, v: u32) -> bool {
        exact(self.cc, v, self.mus)
    }
}

/// Whether `v` is flagged in a byte table (values past its end are not).
#[inline(always)]
fn in_table(table: &[u8], v: u32) -> bool {
    table.get(v as usize).is_some_and(|&b| b != 0)
}

#[inline(always)]
fn odd_parity(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() & 1 == 1
}

/// Finite take-and-break codes leaving at most two heaps, by the sparse-space method.
///
/// Values are split into a common set C and the rest; heaps whose value is outside C are
/// rare. A pair of common heaps has its XOR in C xor C, so every option value outside
/// C xor C comes from a single heap or from a pair with a rare heap: when rare heaps are
/// few, those are marked exactly and cheaply. If the mex of the marks is outside C xor C,
/// it is the answer (every smaller value is an option and it is not). Otherwise pairs are
/// scanned in chunks, marking every XOR, until the mex leaves C xor C or the scan is
/// complete. Whatever C is, the result is the exact mex: C only decides how soon the scan
/// may stop. C is rechosen each time the table doubles, as the better of the odd-parity
/// class of the best bit mask (C xor C is then the even class) and a greedy sum-free set
/// of the most frequent values (Gangolli-Plambeck; ogsolve's RC split).
///
/// Marks are bytes, not bits: a byte store has no read-modify-write dependency, which
/// matters because consecutive marks often hit the same word.
pub(super) struct SparseKernel {
    alls: Vec<usize>,
    singles: Vec<usize>,
    splits: Vec<(usize, bool)>,
    /// Whether the rare/common split is in force (false: every scan runs to the end).
    split_on: bool,
    /// `common[v]`: value v is in the common set C (heaps with other values are rare).
    common: Vec<bool>,
    /// `cc[v] != 0`: v may be the XOR of two common values; a mex outside C xor C is
    /// exact without scanning the common pairs.
    cc: Vec<u8>,
    rare: Vec<usize>,
    /// G(r) for each rare r, contiguous so the hot loop reads one stream, not scattered heaps.
    rare_vals: Vec<u32>,
    counts: Counts,
    /// A buffer for the marks of a block's heaps (block mode), kept between blocks.
    pre: Vec<u8>,
    /// The next block's rare marks, computed while this block was finished.
    ahead: Option<Ahead>,
    /// Bumped whenever the split is chosen again (the rare list may be listed afresh).
    epoch: u64,
    next_check: usize,
    sparse: bool,
    parallel: bool,
}

/// Pairs left to scan above which a full scan is split over rayon's threads.
const PAR_MIN_PAIRS: usize = 1 << 15;
/// Heaps per block in the block-parallel mode: small enough that few rare heaps fall
/// inside a block (their pairs are marked in the serial phase), large enough to amortise
/// the hand-over to rayon.
const BLOCK: usize = 1024;
/// Pairs in the first scan chunk between two mex checks.
const SCAN_CHUNK: usize = 64;
/// Most pairs scanned between two mex checks (chunks double up to it).
const SCAN_CHUNK_MAX: usize = 512;
/// Heaps whose rare pairs are marked together in the block-parallel mode: their mark
/// arrays (SUB * span bytes, 16 KiB for values below 512) stay in the L1 cache.
const SUB: usize = 16;

fn span_for(maxval: u32) -> usize {
    // A power of two above every value, hence above every XOR of two values; the mex of
    // options below it is at most `span` (all marked), which `first_zero_byte` returns.
    // So `x & (span - 1)` needs no bounds check.
    let bits = 32 - maxval.leading_zeros();
    1usize << bits
}

/// Marks value `x` (known to be below `marks.len()`, a power of two).
#[inline(always)]
fn put(marks: &mut [u8], x: u32) {
    let len = marks.len();
    if len > 0 {
        marks[(x as usize) & (len - 1)] = 1;
    }
}

/// The smallest value at least `from` whose byte is 0. Marks are only ever added while a
/// heap is computed, so the mex only moves up and can be tracked from its last position.
#[inline]
fn zero_from(marks: &[u8], from: u32) -> u32 {
    let mut v = from as usize;
    while v < marks.len() && marks[v] != 0 {
        v += 1;
    }
    v as u32
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
    /// Bytes per value (below twice the largest value's power of two) that the kernel may
    /// take: two blocks of marks (one computed ahead), a byte per value for each of their
    /// heaps, and word arrays.
    pub(super) const BYTES_PER_VALUE: u64 = 2 * BLOCK as u64 + 64;

    pub(super) fn new(code: &Code, opts: &Ctx<'_>) -> SparseKernel {
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
            split_on: false,
            common: Vec::new(),
            cc: Vec::new(),
            rare: Vec::new(),
            rare_vals: Vec::new(),
            counts: Counts {
                hist: Vec::new(),
                maxval: 0,
                span: span_for(0),
                opts: vec![0; span_for(0)],
            },
            pre: Vec::new(),
            ahead: None,
            epoch: 0,
            next_check: 256,
            sparse: opts.sparse,
            parallel: opts.parallel,
        }
    }

    pub(super) fn rebuild<T: Cell>(&mut self, g: &[T]) {
        for (n, x) in g.iter().enumerate() {
            self.counts.record(x.get(), n);
            if n + 1 >= self.next_check {
                self.next_check = (n + 1).saturating_mul(2);
            }
        }
        if !g.is_empty() {
            self.choose_split(g);
        }
    }

    pub(super) fn observe<T: Cell>(&mut self, g: &[T], n: usize, v: u32) {
        self.counts.record(v, n);
        if is_rare(self.split_on, &self.common, n, v) {
            self.rare.push(n);
            self.rare_vals.push(v);
        }
        self.check_split(g, n + 1);
    }

    /// Chooses the split again when the table of `len` values reached the next check.
    fn check_split<T: Cell>(&mut self, g: &[T], len: usize) {
        if len >= self.next_check {
            self.next_check = len.saturating_mul(2);
            self.choose_split(g);
        }
    }

    /// Picks the common set C that leaves the fewest rare heaps, among the odd-parity
    /// classes of all masks and a greedy sum-free set (most frequent values first, as in
    /// Gangolli-Plambeck and ogsolve), then rebuilds the rare list and the table of C xor C.
    fn choose_split<T: Cell>(&mut self, g: &[T]) {
        // Keys have one bit more than values: the parity of the heap.
        self.epoch += 1;
        let bits = 32 - self.counts.maxval.leading_zeros() + 1;
        // The rare list so far, kept when the same common set is chosen again: it was
        // extended heap by heap, and listing it afresh reads the whole table.
        let was_on = self.split_on;
        let old_common = std::mem::take(&mut self.common);
        let old_rare = std::mem::take(&mut self.rare);
        let old_rare_vals = std::mem::take(&mut self.rare_vals);
        self.split_on = false;
        self.cc.clear();
        if !self.sparse || self.splits.is_empty() || bits > 13 {
            return;
        }
        let present: Vec<(u32, u64)> = self
            .counts
            .hist
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c > 0)
            .map(|(v, &c)| (v as u32, c))
            .collect();
        let size = span_for((self.counts.maxval << 1) | 1);
        // A common heap n has key c; its pairs sum to n - k, so a common pair could make
        // its value exactly when c ^ d is in C xor C, d = parity of the take k. Sets are
        // chosen so that this never happens (then common heaps need no full scan); with
        // takes of both parities d = 0 is used, which is still exact, only slower.
        let d: u32 = match self.splits.first() {
            Some(&(k0, _)) if self.splits.iter().all(|&(k, _)| k % 2 == k0 % 2) => (k0 % 2) as u32,
            _ => 0,
        };
        // Parity classes of a mask: C xor C lies in the even class; C is the odd class, or
        // the even one when d flips the parity.
        let mut best_mask = (u64::MAX, 0u32, true);
        let mask_bits = if bits <= 11 { bits } else { 0 };
        for mask in 1..(1u32 << mask_bits) {
            let c_odd = !odd_parity(d, mask);
            let rare: u64 = present
                .iter()
                .filter(|&&(v, _)| odd_parity(v, mask) != c_odd)
                .map(|&(_, c)| c)
                .sum();
            if rare < best_mask.0 {
                best_mask = (rare, mask, c_odd);
            }
        }
        // Greedy: add a key (most frequent first) while no member's c ^ d is an XOR of two
        // members.
        let mut by_freq = present.clone();
        by_freq.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut common = vec![false; size];
        let mut cc = vec![0u8; size];
        let mut members: Vec<u32> = Vec::new();
        for &(v, _) in &by_freq {
            // Adding v keeps every member's c ^ d outside C xor C exactly when v != d and
            // v ^ d is not yet an XOR of two members (the other cases reduce to these).
            if v == d || cc[(v ^ d) as usize] != 0 {
                continue;
            }
            common[v as usize] = true;
            cc[0] = 1;
            for &c in &members {
                cc[(v ^ c) as usize] = 1;
            }
            members.push(v);
        }
        let greedy_rare: u64 = present
            .iter()
            .filter(|&&(v, _)| !common[v as usize])
            .map(|&(_, c)| c)
            .sum();
        let best = best_mask.0.min(greedy_rare);
        // With half the heaps rare, listing them costs as much as a full scan.
        if best.saturating_mul(2) >= g.len() as u64 {
            return;
        }
        if best_mask.0 < greedy_rare {
            let (_, mask, c_odd) = best_mask;
            common = (0..size as u32)
                .map(|v| odd_parity(v, mask) == c_odd)
                .collect();
            cc = (0..size as u32)
                .map(|v| u8::from(!odd_parity(v, mask)))
                .collect();
        }
        self.split_on = true;
        if was_on && old_common == common {
            self.common = common;
            self.cc = cc;
            self.rare = old_rare;
            self.rare_vals = old_rare_vals;
            return;
        }
        self.common = common;
        self.cc = cc;
        for (i, x) in g.iter().enumerate().skip(1) {
            if is_rare(true, &self.common, i, x.get()) {
                self.rare.push(i);
                self.rare_vals.push(x.get());
            }
        }
    }

    /// Whether the next heaps should go through [`SparseKernel::block`].
    pub(super) fn wants_block(&self, n: usize) -> bool {
        self.split_on && n >= 4 * BLOCK
    }

    #[inline]
    pub(super) fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        let span = self.counts.span;
        let opts = &mut self.counts.opts[..span];
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
        let split_on = self.split_on;
        if split_on {
            for &(k, distinct) in &self.splits {
                if n < k + 2 {
                    continue;
                }
                let m = n - k;
                // G(r) from the contiguous copy: one scattered load per pair, not two.
                let c = self.rare.partition_point(|&r| r < m);
                mark_rare_pairs(g, &self.rare[..c], &self.rare_vals[..c], m, distinct, opts);
            }
        }
        // Scan pairs until the mex is in class B (then exact) or nothing is left to scan.
        let mut si = 0usize;
        let mut a = 1usize;
        let mut chunk = SCAN_CHUNK;
        let mut v = first_zero_byte(opts);
        loop {
            v = zero_from(opts, v);
            if split_on && exact(&self.cc, v, pair_parities(&self.splits, n)) {
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
            if self.parallel && !split_on {
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
            let end = (a + chunk - 1).min(last_a(m, distinct));
            scan_pairs(g, m, a, end, opts);
            a = end + 1;
            chunk = (chunk * 2).min(SCAN_CHUNK_MAX);
        }
    }

    /// Computes the next heaps (at most [`BLOCK`], never past a mask re-evaluation) in two
    /// phases. In parallel, for every heap of the block: the marks of rare pairs whose
    /// other heap precedes the block, then the "middle" pairs (both heaps near m/2, hence
    /// before the block), scanned only until the class-A values below the tentative
    /// class-B mex are covered. Then heap by heap: the marks involving heaps inside the
    /// block, and more scanning only if the final mex asks for it. The result is the same
    /// exact mex as [`SparseKernel::next`]; only the order of work differs.
    ///
    /// On more than one thread the heap-by-heap phase runs beside the next block's rare
    /// marks ([`Ahead`]): those whose partner precedes this block, the largest share of the
    /// next block's work, need none of this block's values. The next block then marks only
    /// the rare pairs with a partner in this block, and those of the rare heaps found in it.
    ///
    /// Returns the value that did not fit in `T`, if any (the heaps before it are stored).
    pub(super) fn block<T: Cell, C: Column<T>>(&mut self, g: &mut C, n_end: usize) -> Option<u32> {
        let start = g.len();
        let end = n_end.min(start + BLOCK).min(self.next_check.max(start + 1));
        let span = self.counts.span;
        let old_rare = self.rare.len();
        let pre_len = (end - start) * span;
        let ahead = self.ahead.take().filter(|a| {
            a.start == start
                && end <= a.end
                && a.span == span
                && a.epoch == self.epoch
                && a.rare <= old_rare
        });
        // The marks so far: the rare pairs with a partner before `upto` of the first
        // `rare_a` rare heaps, computed ahead; or none.
        let (mut pre, ahead_of) = match ahead {
            Some(a) => (a.marks, Some((a.upto, a.rare))),
            None => {
                let mut pre = std::mem::take(&mut self.pre);
                if pre.len() < pre_len {
                    pre.resize(pre_len, 0);
                }
                (pre, None)
            }
        };
        let parallel = self.parallel && rayon::current_num_threads() > 1;
        let mut stops = vec![Stop::default(); end - start];
        {
            let old: &[T] = &g[..start];
            let rare = &self.rare[..old_rare];
            let rare_vals = &self.rare_vals[..old_rare];
            let splits = &self.splits;
            let cc = &self.cc[..];
            // Heaps are taken SUB at a time: for a rare r, the partners m - r of consecutive
            // heaps are consecutive, so one rare heap is paired with the whole group from a
            // contiguous run of values (one sequential load and one byte store per pair),
            // instead of looking up r, G(r) and a scattered partner for every heap.
            let work = |(ci, (group, group_stops)): (usize, GroupMut<'_>)| {
                let mut ranges: Vec<(usize, usize, usize)> = Vec::with_capacity(splits.len());
                let mut zeros: Vec<u32> = Vec::new();
                let first = start + ci * SUB;
                let count = group_stops.len();
                match ahead_of {
                    // The buffer is reused from block to block: cleared here, in parallel.
                    None => mark_group(old, rare, rare_vals, splits, first, group, span, 0),
                    Some((upto, rare_a)) => {
                        // The partners in the block before, then the rare heaps found there.
                        let (before, found) = rare.split_at(rare_a);
                        let (before_vals, found_vals) = rare_vals.split_at(rare_a);
                        for &(k, distinct) in splits {
                            mark_rare_group(
                                old,
                                before,
                                before_vals,
                                k,
                                distinct,
                                first,
                                group,
                                span,
                                upto,
                            );
                            mark_rare_group(
                                old, found, found_vals, k, distinct, first, group, span, 0,
                            );
                        }
                    }
                }
                for (i, (marks, stop)) in group
                    .chunks_exact_mut(span)
                    .zip(group_stops.iter_mut())
                    .enumerate()
                    .take(count)
                {
                    let n = first + i;
                    // Complete the marks from the safe pairs, upwards, until the mex is in
                    // class B. Ascending order meets the early, irregular heaps first, which
                    // games that become periodic need to cover their class-A values.
                    let mus = pair_parities(splits, n);
                    ranges.clear();
                    for &(k, distinct) in splits {
                        if n < k + 2 {
                            // An empty range keeps the indices equal to the splits'.
                            ranges.push((0, 1, 0));
                        } else {
                            let m = n - k;
                            let (lo, hi) = safe_range(m, distinct, start);
                            ranges.push((m, lo, hi));
                        }
                    }
                    let fz = first_zero_byte(marks);
                    let (_, store_stop) = complete(
                        old,
                        &ranges,
                        marks,
                        fz,
                        Exact { cc, mus },
                        COVER_AFTER,
                        &mut zeros,
                    );
                    *stop = store_stop;
                }
            };
            if parallel {
                pre[..pre_len]
                    .par_chunks_mut(span * SUB)
                    .zip(stops.par_chunks_mut(SUB))
                    .enumerate()
                    .for_each(work);
            } else {
                pre[..pre_len]
                    .chunks_mut(span * SUB)
                    .zip(stops.chunks_mut(SUB))
                    .enumerate()
                    .for_each(work);
            }
        }
        // The next block, when the split cannot change at the end of this one.
        let next_end = (end + BLOCK).min(self.next_check);
        let next = (parallel && end < next_end).then(|| {
            let mut marks = std::mem::take(&mut self.pre);
            marks.resize((next_end - end) * span, 0);
            marks
        });
        let mut blk: Vec<T> = Vec::with_capacity(end - start);
        let mut found = Found::default();
        let (too_wide, next_marks) = {
            let old: &[T] = &g[..start];
            let shape = Shape {
                alls: &self.alls,
                singles: &self.singles,
                splits: &self.splits,
                cc: &self.cc,
                common: &self.common,
                split_on: self.split_on,
            };
            let (rare, rare_vals) = (&self.rare[..], &self.rare_vals[..]);
            let counts = &mut self.counts;
            let mut serial = || {
                let done = Done {
                    old,
                    rare,
                    rare_vals,
                    start,
                    span,
                };
                finish_heaps(
                    &shape, &done, &mut blk, &mut found, counts, &mut pre, &stops,
                )
            };
            match next {
                Some(mut marks) => {
                    let splits = &self.splits;
                    let (w, ()) = rayon::join(serial, || {
                        marks
                            .par_chunks_mut(span * SUB)
                            .enumerate()
                            .for_each(|(ci, group)| {
                                let first = end + ci * SUB;
                                mark_group(old, rare, rare_vals, splits, first, group, span, 0);
                            });
                    });
                    (w, Some(marks))
                }
                None => (serial(), None),
            }
        };
        for &v in &blk {
            g.push(v);
        }
        self.rare.extend_from_slice(&found.rare);
        self.rare_vals.extend_from_slice(&found.vals);
        if let Some(marks) = next_marks {
            self.ahead = Some(Ahead {
                start: end,
                end: next_end,
                span,
                upto: start,
                rare: old_rare,
                epoch: self.epoch,
                marks,
            });
        }
        self.pre = pre;
        self.check_split(g, g.len());
        too_wide
    }
}

/// The next block's rare marks, computed while the block before it was finished heap by
/// heap: those of the first `rare` rare heaps whose partner precedes `upto`.
struct Ahead {
    /// The heaps the marks are for: `start..end`, `span` bytes each.
    start: usize,
    end: usize,
    span: usize,
    upto: usize,
    rare: usize,
    /// The split the rare heaps were listed under.
    epoch: u64,
    marks: Vec<u8>,
}

/// How many heaps have each key, the largest value, and a heap's marks.
struct Counts {
    hist: Vec<u64>,
    maxval: u32,
    /// Number of mark bytes: every XOR of two values is below `span`.
    span: usize,
    opts: Vec<u8>,
}

impl Counts {
    /// Counts heap `n` of value `v` under its key (see [`key`]).
    fn record(&mut self, v: u32, n: usize) {
        let k = key(v, n) as usize;
        if k >= self.hist.len() {
            self.hist.resize(k + 1, 0);
        }
        self.hist[k] += 1;
        if v > self.maxval {
            self.maxval = v;
            self.span = span_for(v);
            if self.opts.len() < self.span {
                self.opts.resize(self.span, 0);
            }
        }
    }
}

/// Whether heap `n` of value `v` is rare under the split (`split_on`, common set `common`).
#[inline]
fn is_rare(split_on: bool, common: &[bool], n: usize, v: u32) -> bool {
    split_on && n > 0 && !common.get(key(v, n) as usize).copied().unwrap_or(false)
}

/// The moves and the split of a [`SparseKernel`], read by a block's serial phase.
struct Shape<'a> {
    alls: &'a [usize],
    singles: &'a [usize],
    splits: &'a [(usize, bool)],
    cc: &'a [u8],
    common: &'a [bool],
    split_on: bool,
}

/// What a block's serial phase reads of the work before the block: the heaps before it
/// (from `start`) and the rare heaps among them.
struct Done<'a, T> {
    old: &'a [T],
    rare: &'a [usize],
    rare_vals: &'a [u32],
    start: usize,
    /// Mark bytes per heap in the block's buffer.
    span: usize,
}

/// The rare heaps found in a block, in order, and their values.
#[derive(Default)]
struct Found {
    rare: Vec<usize>,
    vals: Vec<u32>,
}

/// Clears a group's marks and marks the rare pairs of every split whose partner lies in
/// `after..old.len()` (see [`mark_rare_group`]).
#[allow(clippy::too_many_arguments)]
fn mark_group<T: Cell>(
    old: &[T],
    rare: &[usize],
    rare_vals: &[u32],
    splits: &[(usize, bool)],
    first: usize,
    group: &mut [u8],
    span: usize,
    after: usize,
) {
    group.fill(0);
    for &(k, distinct) in splits {
        mark_rare_group(old, rare, rare_vals, k, distinct, first, group, span, after);
    }
}

/// The serial phase of [`SparseKernel::block`]: heap by heap, the marks of the pairs with a
/// heap inside the block, then the mex (with more scanning if it asks for it). The block's
/// values go to `blk` (heap `start + i` at `i`), its rare heaps to `found`, the counts
/// to `counts`; the heaps before it are only read, so another thread may read them too.
///
/// Returns the value that did not fit in `T`, if any (`blk` holds the heaps before it).
fn finish_heaps<T: Cell>(
    shape: &Shape<'_>,
    done: &Done<'_, T>,
    blk: &mut Vec<T>,
    found: &mut Found,
    counts: &mut Counts,
    pre: &mut [u8],
    stops: &[Stop],
) -> Option<u32> {
    let (old, start, span_old) = (done.old, done.start, done.span);
    // Per split, how many old rare heaps r have their partner m - r inside the block
    // (r + start <= m): it only grows with n.
    let mut inside: Vec<usize> = vec![0; shape.splits.len()];
    let mut zeros: Vec<u32> = Vec::new();
    let mut ranges: Vec<(usize, usize, usize)> = Vec::new();
    let mut scratch: Vec<T> = Vec::new();
    for (i, stop) in stops.iter().enumerate() {
        let n = start + i;
        let span = counts.span;
        // The block's own marks, unless a value of this block widened the span.
        let opts: &mut [u8] = if span == span_old {
            &mut pre[i * span_old..(i + 1) * span_old]
        } else {
            let opts = &mut counts.opts[..span];
            opts[..span_old].copy_from_slice(&pre[i * span_old..(i + 1) * span_old]);
            opts[span_old..].fill(0);
            opts
        };
        for &k in shape.alls {
            if k == n {
                opts[0] = 1;
            }
        }
        for &k in shape.singles {
            if k < n {
                let q = n - k;
                let v = if q < start {
                    old[q].get()
                } else {
                    blk[q - start].get()
                };
                put(opts, v);
            }
        }
        for (si, &(k, distinct)) in shape.splits.iter().enumerate() {
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            // Rare pairs with a heap inside the block: old rare r with m - r >= start
            // (hence r <= m - start < start <= m - r: never the equal split), and rare
            // heaps found in this block (r >= start, so their partners precede it).
            let rare = done.rare;
            let mut c = inside[si];
            while c < rare.len() && rare[c] + start <= m {
                c += 1;
            }
            inside[si] = c;
            if c > 0 {
                mark_rare_pairs(
                    blk,
                    &rare[..c],
                    &done.rare_vals[..c],
                    m - start,
                    false,
                    opts,
                );
            }
            let c = found.rare.partition_point(|&r| r < m);
            mark_rare_pairs(old, &found.rare[..c], &found.vals[..c], m, distinct, opts);
        }
        let v0 = first_zero_byte(opts);
        let mus = pair_parities(shape.splits, n);
        let exact_in = Exact { cc: shape.cc, mus };
        let v = if exact_in.holds(v0) {
            v0
        } else {
            // Pairs left: first those with a heap inside the block, (a, m - a) for
            // a < the first safe a (so a <= m - start: a precedes the block, m - a lies in
            // it). They are scanned in a scratch column holding heaps 0..=i and then the
            // block's heaps: heap h >= start sits at h - start + i + 1, so the pair sums to
            // m - start + i + 1 there. Then the unscanned part of the middle ranges, all
            // before the block.
            scratch.clear();
            scratch.extend_from_slice(&old[..=i]);
            scratch.extend_from_slice(blk);
            ranges.clear();
            for &(k, distinct) in shape.splits {
                if n < k + 2 {
                    continue;
                }
                let m = n - k;
                let (lo, _) = safe_range(m, distinct, start);
                let first_safe = lo.min(last_a(m, distinct) + 1);
                if first_safe > 1 {
                    ranges.push((m - start + i + 1, 1, first_safe - 1));
                }
            }
            match complete(&scratch, &ranges, opts, v0, exact_in, 0, &mut zeros) {
                (Some(v), _) => v,
                (None, _) => {
                    ranges.clear();
                    for (si, &(k, distinct)) in shape.splits.iter().enumerate() {
                        if n < k + 2 {
                            continue;
                        }
                        let m = n - k;
                        let (lo, hi) = safe_range(m, distinct, start);
                        if si == stop.split {
                            if stop.bottom <= stop.top {
                                ranges.push((m, stop.bottom, stop.top));
                            }
                        } else if si > stop.split && lo <= hi {
                            ranges.push((m, lo, hi));
                        }
                    }
                    // Every pair not marked yet is in `ranges`, so when they run out the
                    // first zero is the mex whatever its class.
                    let fz = first_zero_byte(opts);
                    match complete(old, &ranges, opts, fz, exact_in, 0, &mut zeros) {
                        (Some(v), _) => v,
                        (None, _) => first_zero_byte(opts),
                    }
                }
            }
        };
        if v > T::MAX {
            return Some(v);
        }
        blk.push(T::from_u32(v));
        counts.record(v, n);
        if is_rare(shape.split_on, shape.common, n, v) {
            found.rare.push(n);
            found.vals.push(v);
        }
    }
    None
}

/// The marks (`SUB` heaps of `span` bytes) and scan stops of one group of a block.
type GroupMut<'a> = (&'a mut [u8], &'a mut [Stop]);

/// Where [`complete`] stopped marking pairs by stores: every pair of the ranges before
/// `split` is marked, and of range `split` those below `bottom` and above `top` (the
/// ranges are scanned from both ends); `split` past the last range when all are marked.
#[derive(Clone, Copy, Debug, Default)]
struct Stop {
    split: usize,
    bottom: usize,
    top: usize,
}

/// Marks G(r) ^ G(m - r) for the rare heaps r of `rare` (values `rare_vals`), all below
/// m with m - r < g.len(); with `distinct`, the equal split r == m - r is left out.
#[inline]
fn mark_rare_pairs<T: Cell>(
    g: &[T],
    rare: &[usize],
    rare_vals: &[u32],
    m: usize,
    distinct: bool,
    marks: &mut [u8],
) {
    // A power of two, so `v & mask` is always in bounds and the checks can go.
    assert!(marks.len().is_power_of_two());
    let mask = marks.len() - 1;
    if distinct && m % 2 == 0 {
        for (&r, &rv) in rare.iter().zip(rare_vals) {
            if 2 * r != m {
                marks[(rv ^ g[m - r].get()) as usize & mask] = 1;
            }
        }
    } else {
        for (&r, &rv) in rare.iter().zip(rare_vals) {
            marks[(rv ^ g[m - r].get()) as usize & mask] = 1;
        }
    }
}

/// Marks the XORs of the rare pairs (r, m - r), m = n - k, whose partner m - r precedes
/// the block (which starts at `old.len()`) and is at least `after`, for the heaps
/// n = `first..first + count`, count = `group.len() / span`; the marks of heap `first + i`
/// are `group[i * span..]`.
///
/// Consecutive heaps have consecutive partners, so a rare heap that pairs with a partner
/// before the block for every heap of the group (nearly all of them once n is large)
/// costs one sequential load and one byte store per heap; the few others (partner inside
/// the block for some heaps, or the excluded equal split of `!`) are checked heap by heap.
#[allow(clippy::too_many_arguments)]
fn mark_rare_group<T: Cell>(
    old: &[T],
    rare: &[usize],
    rare_vals: &[u32],
    k: usize,
    distinct: bool,
    first: usize,
    group: &mut [u8],
    span: usize,
    after: usize,
) {
    let start = old.len();
    let count = group.len() / span;
    // A power of two, so `v & mask` is always in bounds and the checks can go.
    assert!(span.is_power_of_two());
    let mask = span - 1;
    // Heaps below k + 2 cannot split after taking k.
    let skip = (k + 2).saturating_sub(first);
    if skip >= count {
        return;
    }
    let m0 = first + skip - k;
    let m1 = first + count - 1 - k;
    // Rare r useful to some heap: r < m1, partner m1 - r at least `after` and partner
    // m0 - r before the block.
    let from = rare.partition_point(|&r| r + start <= m0);
    let to = rare.partition_point(|&r| r < m1 && r + after <= m1);
    if from >= to {
        return;
    }
    // Rare heaps whose partners precede the block for every heap of a full group, with no
    // equal split to leave out: one sequential run of partners each (the hot loop).
    let mut fast = (0, 0);
    if skip == 0 && count == SUB {
        let lo = rare.partition_point(|&r| r + start <= m1).max(from);
        let hi = rare.partition_point(|&r| r < m0 && r + after <= m0).min(to);
        if lo < hi {
            fast = (lo, hi);
            // With `!`, the rare heaps r with 2r in m0..=m1 must skip one heap: not fast.
            if distinct {
                let mid_lo = rare.partition_point(|&r| 2 * r < m0);
                let mid_hi = rare.partition_point(|&r| 2 * r <= m1);
                if mid_lo < mid_hi && mid_lo < hi && mid_hi > lo {
                    // Keep the larger fast run; the rest goes the slow way.
                    fast = if hi - mid_hi.min(hi) >= mid_lo.max(lo) - lo {
                        (mid_hi.max(lo), hi)
                    } else {
                        (lo, mid_lo.min(hi))
                    };
                }
            }
        }
    }
    if fast.0 < fast.1 {
        let (r, v) = (&rare[fast.0..fast.1], &rare_vals[fast.0..fast.1]);
        match span {
            64 => mark_full_group::<T, 64>(old, r, v, m0, group),
            128 => mark_full_group::<T, 128>(old, r, v, m0, group),
            256 => mark_full_group::<T, 256>(old, r, v, m0, group),
            512 => mark_full_group::<T, 512>(old, r, v, m0, group),
            1024 => mark_full_group::<T, 1024>(old, r, v, m0, group),
            _ => fast = (0, 0),
        }
    }
    // The rest: the whole range when there is no fast run, else what lies on either side.
    let (left, right) = if fast.0 < fast.1 {
        ((from, fast.0), (fast.1, to))
    } else {
        ((from, to), (to, to))
    };
    for (lo, hi) in [right, left] {
        // Largest rare heap first: the partners m - r then come in ascending addresses,
        // which the hardware prefetcher follows best (measured 6 to 8% faster on Officers).
        for (&r, &rv) in rare[lo..hi].iter().zip(&rare_vals[lo..hi]).rev() {
            let twice = 2 * r;
            if r < m0
                && r + start > m1
                && r + after <= m0
                && !(distinct && m0 <= twice && twice <= m1)
            {
                let partners = &old[m0 - r..=m1 - r];
                for (marks, q) in group[skip * span..].chunks_exact_mut(span).zip(partners) {
                    marks[(rv ^ q.get()) as usize & mask] = 1;
                }
            } else {
                for (i, marks) in group.chunks_exact_mut(span).enumerate().skip(skip) {
                    let m = first + i - k;
                    if r < m && r + start > m && r + after <= m && !(distinct && twice == m) {
                        put(marks, rv ^ old[m - r].get());
                    }
                }
            }
        }
    }
}

/// The hot loop of [`mark_rare_group`] for a full group of [`SUB`] heaps starting at
/// m0 = first - k, mark arrays of `SPAN` bytes: every rare r pairs with partners
/// m0 - r .. m0 - r + SUB, all before the block. A compile-time span turns each mark into
/// a shift, an AND and one store at a constant offset, with no bounds check; one- and
/// two-byte partners are read eight bytes at a time and XORed with G(r) in every lane at
/// once (measured 15% faster than a load per partner: fewer loads wait behind the stores).
#[inline(never)]
fn mark_full_group<T: Cell, const SPAN: usize>(
    old: &[T],
    rare: &[usize],
    rare_vals: &[u32],
    m0: usize,
    group: &mut [u8],
) {
    let group = &mut group[..SUB * SPAN];
    let bytes = std::mem::size_of::<T>();
    if bytes > 2 {
        for (&r, &rv) in rare.iter().zip(rare_vals).rev() {
            let partners = &old[m0 - r..m0 - r + SUB];
            for (i, q) in partners.iter().enumerate() {
                group[i * SPAN + ((rv ^ q.get()) as usize & (SPAN - 1))] = 1;
            }
        }
        return;
    }
    // Lanes of `bits` bits in a u64 word; G(r) repeated in every lane.
    let bits = 8 * bytes;
    let per_word = 64 / bits;
    let mut spread = 0u64;
    for l in 0..per_word {
        spread |= 1u64 << (l * bits);
    }
    for (&r, &rv) in rare.iter().zip(rare_vals).rev() {
        let partners = &old[m0 - r..m0 - r + SUB];
        let y = u64::from(rv) * spread;
        for (c, word) in partners.chunks_exact(per_word).enumerate() {
            let mut w = 0u64;
            for (l, q) in word.iter().enumerate() {
                w |= u64::from(q.get()) << (l * bits);
            }
            w ^= y;
            for l in 0..per_word {
                let x = (w >> (l * bits)) as usize & (SPAN - 1);
                group[(c * per_word + l) * SPAN + x] = 1;
            }
        }
    }
}

/// Pairs marked by stores before the remaining zeros below the mex candidate are looked for
/// by comparison instead ([`cover`]).
const COVER_AFTER: usize = 512;
/// Pairs compared from one end of a range before turning to the other.
const COVER_SPAN: usize = 256;
/// Most zeros below the candidate for which comparing beats storing: each zero costs about
/// a quarter of an operation per pair, a stored pair about one and a half cycles.
const COVER_MAX: usize = 8;

/// Completes the marks of one heap from the pairs (a, m - a), lo <= a <= hi, of `ranges`
/// (in order), until the first zero is in class B (`exact_in`).
///
/// Each range is scanned from both ends in turn, a chunk from the bottom (small heaps,
/// the early and irregular part of the table, which games that become periodic need)
/// then one from the top (both heaps near m / 2): on Officers and Grundy's game that
/// alternation needs 25 to 35% fewer pairs than scanning upwards (measured over 1000 heaps
/// near 10^6), because the XORs of two typical values spread more evenly.
///
/// The first `store_first` or more pairs are marked by stores, in chunks between mex
/// checks. Once few zeros are left below the first class-B zero c (the candidate: only
/// rare pairs and single heaps, all marked, could make it), the remaining pairs are only
/// compared with those zeros ([`cover`]), which costs less than storing each of them; a
/// zero found is marked. `fz` is the first zero of `marks`; `zeros` is scratch.
///
/// Returns the mex when it is settled (c once every zero below it is found), `None` when
/// the pairs ran out first, and where the pairs marked by stores end ([`Stop`]): the pairs
/// after it were compared with the zeros only.
fn complete<T: Cell>(
    g: &[T],
    ranges: &[(usize, usize, usize)],
    marks: &mut [u8],
    mut fz: u32,
    exact_in: Exact<'_>,
    store_first: usize,
    zeros: &mut Vec<u32>,
) -> (Option<u32>, Stop) {
    let mut chunk = SCAN_CHUNK;
    let mut stored = 0usize;
    let mut ri = 0usize;
    let (mut bottom, mut top) = ranges.first().map_or((1, 0), |r| (r.1, r.2));
    let mut from_top = false;
    loop {
        fz = zero_from(marks, fz);
        if exact_in.holds(fz) {
            return (
                Some(fz),
                Stop {
                    split: ri,
                    bottom,
                    top,
                },
            );
        }
        while ri < ranges.len() && bottom > top {
            ri += 1;
            if let Some(r) = ranges.get(ri) {
                (bottom, top) = (r.1, r.2);
            }
        }
        let Some(&(m, _, _)) = ranges.get(ri) else {
            return (
                None,
                Stop {
                    split: ri,
                    bottom: 1,
                    top: 0,
                },
            );
        };
        if stored >= store_first {
            let c = zeros_to_exact(marks, fz, exact_in, zeros, COVER_MAX);
            if zeros.len() <= COVER_MAX {
                let stop = Stop {
                    split: ri,
                    bottom,
                    top,
                };
                let (mut rj, mut b, mut t) = (ri, bottom, top);
                while !zeros.is_empty() && rj < ranges.len() {
                    let (m, _, _) = ranges[rj];
                    if b <= t {
                        // The same alternation: from the bottom, then from the top.
                        let e = (b + COVER_SPAN - 1).min(t);
                        cover(g, m, b, e, zeros, marks);
                        b = e + 1;
                        if !zeros.is_empty() && b <= t {
                            let f = t.saturating_sub(COVER_SPAN - 1).max(b);
                            cover(g, m, f, t, zeros, marks);
                            t = f - 1;
                        }
                    } else {
                        rj += 1;
                        if let Some(r) = ranges.get(rj) {
                            (b, t) = (r.1, r.2);
                        }
                    }
                }
                return (zeros.is_empty().then_some(c), stop);
            }
        }
        let len = chunk.min(top + 1 - bottom);
        if from_top {
            scan_pairs(g, m, top + 1 - len, top, marks);
            top -= len;
        } else {
            scan_pairs(g, m, bottom, bottom + len - 1, marks);
            bottom += len;
        }
        from_top = !from_top;
        stored += len;
        chunk = (chunk * 2).min(SCAN_CHUNK_MAX);
    }
}

/// The zeros of `marks` from `from` up to the first one in class B, which is returned; the
/// others go to `zeros` (at most `limit + 1` of them: past that the caller does not care).
fn zeros_to_exact(
    marks: &[u8],
    from: u32,
    exact_in: Exact<'_>,
    zeros: &mut Vec<u32>,
    limit: usize,
) -> u32 {
    zeros.clear();
    let mut v = from;
    loop {
        v = zero_from(marks, v);
        if v as usize >= marks.len() || exact_in.holds(v) || zeros.len() > limit {
            return v;
        }
        zeros.push(v);
        v += 1;
    }
}

/// An integer lane for [`cover`]'s comparisons: the narrowest that holds every value, so
/// that one vector compares as many pairs as possible.
trait Lane: Copy + Default + PartialEq {
    fn of(v: u32) -> Self;
}

impl Lane for u8 {
    #[inline(always)]
    fn of(v: u32) -> Self {
        v as u8
    }
}

impl Lane for u16 {
    #[inline(always)]
    fn of(v: u32) -> Self {
        v as u16
    }
}

impl Lane for u32 {
    #[inline(always)]
    fn of(v: u32) -> Self {
        v
    }
}

/// Looks for the values of `zeros` among G(a) ^ G(m - a), lo <= a <= hi, in chunks of
/// pairs; a value found is marked in `marks` and leaves `zeros`. Returns the first `a`
/// not compared (hi + 1 when the range was used up).
///
/// Per chunk of 64 pairs the XORs are computed once (vectorized), then compared with each
/// zero left (vectorized too): the cost per pair is about a quarter of an operation per
/// zero, and nothing is stored.
fn cover<T: Cell>(
    g: &[T],
    m: usize,
    lo: usize,
    hi: usize,
    zeros: &mut Vec<u32>,
    marks: &mut [u8],
) -> usize {
    if T::MAX <= u32::from(u8::MAX) {
        cover_lanes::<T, u8>(g, m, lo, hi, zeros, marks)
    } else if T::MAX <= u32::from(u16::MAX) {
        cover_lanes::<T, u16>(g, m, lo, hi, zeros, marks)
    } else {
        cover_lanes::<T, u32>(g, m, lo, hi, zeros, marks)
    }
}

#[inline(never)]
fn cover_lanes<T: Cell, L: Lane>(
    g: &[T],
    m: usize,
    lo: usize,
    hi: usize,
    zeros: &mut Vec<u32>,
    marks: &mut [u8],
) -> usize {
    const CHUNK: usize = 64;
    let mut x = [L::default(); CHUNK];
    let mut a = lo;
    while !zeros.is_empty() && a <= hi {
        let e = (a + CHUNK - 1).min(hi);
        let len = e + 1 - a;
        let xs: &[L] = if len == CHUNK {
            // Fixed lengths let the XORs (one run reversed) and the compares vectorize.
            let left: &[T; CHUNK] = match g[a..=e].try_into() {
                Ok(l) => l,
                Err(_) => return a,
            };
            let right: &[T; CHUNK] = match g[m - e..=m - a].try_into() {
                Ok(r) => r,
                Err(_) => return a,
            };
            for (j, xj) in x.iter_mut().enumerate() {
                *xj = L::of(left[j].get() ^ right[CHUNK - 1 - j].get());
            }
            &x
        } else {
            let left = &g[a..=e];
            let right = &g[m - e..=m - a];
            for ((xj, p), q) in x.iter_mut().zip(left).zip(right.iter().rev()) {
                *xj = L::of(p.get() ^ q.get());
            }
            &x[..len]
        };
        let mut i = 0;
        while i < zeros.len() {
            let w = zeros[i];
            let wl = L::of(w);
            // A fold, not `any`: without the early exit the comparisons vectorize.
            if xs.iter().fold(false, |h, &v| h | (v == wl)) {
                put(marks, w);
                zeros.swap_remove(i);
            } else {
                i += 1;
            }
        }
        a = e + 1;
    }
    a
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

/// The pairs (a, m - a), lo <= a <= hi, whose two heaps both precede a block starting at
/// `start` (so the parallel phase may scan them). Empty when lo > hi.
#[inline]
fn safe_range(m: usize, distinct: bool, start: usize) -> (usize, usize) {
    let hi = last_a(m, distinct);
    let lo = (m + 1).saturating_sub(start).max(1);
    (lo, hi)
}

/// Marks G(a) ^ G(m - a) for lo <= a <= hi (requires hi <= m / 2, hi < g.len()).
#[inline]
fn scan_pairs<T: Cell>(g: &[T], m: usize, lo: usize, hi: usize, marks: &mut [u8]) {
    // One-byte values: the generic loop measured faster (the fixed-span one keeps the
    // XORs in bytes and reloads them one by one).
    if T::MAX <= u32::from(u8::MAX) {
        return scan_pairs_any(g, m, lo, hi, marks);
    }
    match marks.len() {
        64 => scan_pairs_span::<T, 64>(g, m, lo, hi, marks),
        128 => scan_pairs_span::<T, 128>(g, m, lo, hi, marks),
        256 => scan_pairs_span::<T, 256>(g, m, lo, hi, marks),
        512 => scan_pairs_span::<T, 512>(g, m, lo, hi, marks),
        1024 => scan_pairs_span::<T, 1024>(g, m, lo, hi, marks),
        _ => scan_pairs_any(g, m, lo, hi, marks),
    }
}

/// [`scan_pairs`] with a compile-time number of marks, so the mark stores need no mask
/// register and no bounds checks.
#[inline(never)]
fn scan_pairs_span<T: Cell, const SPAN: usize>(
    g: &[T],
    m: usize,
    lo: usize,
    hi: usize,
    marks: &mut [u8],
) {
    const LANES: usize = 16;
    let marks = &mut marks[..SPAN];
    let left = &g[lo..=hi];
    let right = &g[m - hi..=m - lo];
    // The XORs of LANES pairs go to a small buffer first: all loads of a batch then come
    // before its stores (measured: interleaving them is 35% slower, the loads wait on the
    // unresolved store addresses), and the XOR loop vectorizes.
    let mut l = left.chunks_exact(LANES);
    let mut r = right.rchunks_exact(LANES);
    for (lc, rc) in (&mut l).zip(&mut r) {
        let mut x = [0u32; LANES];
        for (j, xj) in x.iter_mut().enumerate() {
            *xj = lc[j].get() ^ rc[LANES - 1 - j].get();
        }
        for &v in &x {
            marks[v as usize & (SPAN - 1)] = 1;
        }
    }
    for (p, q) in l.remainder().iter().zip(r.remainder().iter().rev()) {
        marks[(p.get() ^ q.get()) as usize & (SPAN - 1)] = 1;
    }
}

/// [`scan_pairs`] for any power-of-two number of marks.
fn scan_pairs_any<T: Cell>(g: &[T], m: usize, lo: usize, hi: usize, marks: &mut [u8]) {
    const LANES: usize = 16;
    // A power of two, so `v & mask` is always in bounds and the checks can go.
    assert!(marks.len().is_power_of_two());
    let mask = marks.len() - 1;
    let left = &g[lo..=hi];
    let right = &g[m - hi..=m - lo];
    // The XORs of LANES pairs go to a small buffer first: that loop has no stores to
    // `marks`, so it vectorizes (the reversed run is reversed with shuffles), and the
    // marking loop that follows is one load and one byte store per pair.
    let mut l = left.chunks_exact(LANES);
    let mut r = right.rchunks_exact(LANES);
    for (lc, rc) in (&mut l).zip(&mut r) {
        let mut x = [0u32; LANES];
        for (j, xj) in x.iter_mut().enumerate() {
            *xj = lc[j].get() ^ rc[LANES - 1 - j].get();
        }
        for &v in &x {
            marks[v as usize & mask] = 1;
        }
    }
    for (p, q) in l.remainder().iter().zip(r.remainder().iter().rev()) {
        put(marks, p.get() ^ q.get());
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whether w is some G(a) ^ G(m - a) with lo <= a < end: the brute force for `cover`.
    fn made_by<T: Cell>(g: &[T], m: usize, lo: usize, end: usize, w: u32) -> bool {
        (lo..end).any(|a| g[a].get() ^ g[m - a].get() == w)
    }

    /// Runs `cover` on `g` and checks it against brute force: every zero it found is made by
    /// a compared pair and marked, every zero it kept is made by none of them. Half the
    /// zeros are XORs of pairs in the range (values to find), half arbitrary.
    fn check_cover<T: Cell>(g: &[T], lo_frac: f64, len_frac: f64, picks: &[(bool, usize, u32)]) {
        let m = g.len() - 1;
        let last = m / 2;
        if last < 1 {
            return;
        }
        let lo = 1 + ((last - 1) as f64 * lo_frac) as usize;
        let hi = (lo + ((last - lo) as f64 * len_frac) as usize).min(last);
        let mut zeros: Vec<u32> = picks
            .iter()
            .map(|&(made, a, w)| {
                let a = lo + a % (hi + 1 - lo);
                if made {
                    g[a].get() ^ g[m - a].get()
                } else {
                    w
                }
            })
            .collect();
        zeros.sort_unstable();
        zeros.dedup();
        let mut marks = vec![0u8; 1 << 17];
        let mut left = zeros.clone();
        let end = cover(g, m, lo, hi, &mut left, &mut marks);
        assert!(end > hi || left.is_empty(), "stopped early with zeros left");
        let end = end.min(hi + 1);
        for &w in &zeros {
            if left.contains(&w) {
                assert!(!made_by(g, m, lo, end, w), "{w} kept but made");
                assert_eq!(marks[w as usize], 0);
            } else {
                assert!(made_by(g, m, lo, end, w), "{w} found but not made");
                assert_eq!(marks[w as usize], 1);
            }
        }
    }

    /// `mark_rare_group` against marking every rare pair of every heap of the group one
    /// by one (partner before the block, equal split left out with `!`).
    fn check_rare_group<T: Cell>(
        old: &[T],
        rare: &[usize],
        k: usize,
        distinct: bool,
        first: usize,
        span: usize,
        after: usize,
    ) {
        let start = old.len();
        let rare_vals: Vec<u32> = rare.iter().map(|&r| old[r].get()).collect();
        let mut group = vec![0u8; SUB * span];
        mark_rare_group(
            old, rare, &rare_vals, k, distinct, first, &mut group, span, after,
        );
        let mut want = vec![0u8; SUB * span];
        for (i, marks) in want.chunks_exact_mut(span).enumerate() {
            let n = first + i;
            if n < k + 2 {
                continue;
            }
            let m = n - k;
            for (&r, &rv) in rare.iter().zip(&rare_vals) {
                if r < m && m - r < start && m - r >= after && !(distinct && 2 * r == m) {
                    marks[((rv ^ old[m - r].get()) as usize) & (span - 1)] = 1;
                }
            }
        }
        assert_eq!(group, want);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn rare_group_marks_equal_pair_by_pair(
            values in prop::collection::vec(0u32..1024, 40..600),
            rare_frac in 0.0f64..0.3,
            seed in any::<u64>(),
            k in 0usize..4,
            distinct: bool,
            first_back in 0usize..40,
            gap in prop_oneof![Just(0usize), 0usize..2 * BLOCK],
            after_at in 0usize..700,
            span_bits in 4u32..11,
        ) {
            let start = values.len();
            let span = 1usize << span_bits;
            // Rare heaps: a pseudo-random subset, sorted as the kernel keeps them.
            let mut x = seed | 1;
            let rare: Vec<usize> = (1..start)
                .filter(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    (x % 1000) as f64 / 1000.0 < rare_frac
                })
                .collect();
            // The group is the first of the block or a later one; the block may start past
            // the heaps given (marks computed ahead, while the block before is finished).
            let first = start + gap + (first_back % 4) * SUB;
            // Partners from `after` on only (the pairs with a partner in the block before),
            // or all of them.
            let after = if after_at < start { after_at } else { 0 };
            let v8: Vec<u8> = values.iter().map(|&v| (v % span as u32 % 256) as u8).collect();
            check_rare_group(&v8, &rare, k, distinct, first, span.min(256), after);
            let v16: Vec<u16> = values.iter().map(|&v| (v % span as u32) as u16).collect();
            check_rare_group(&v16, &rare, k, distinct, first, span, after);
            let v32: Vec<u32> = values.iter().map(|&v| v % span as u32).collect();
            check_rare_group(&v32, &rare, k, distinct, first, span, after);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn cover_finds_exactly_the_values_made(
            g in prop::collection::vec(0u32..250, 2..1200),
            lo_frac in 0.0f64..1.0,
            len_frac in 0.0f64..1.0,
            picks in prop::collection::vec((any::<bool>(), 0usize..1200, 0u32..256), 0..10),
        ) {
            // The same sequence in tables of 1, 2 and 4 bytes (vector lanes of each width),
            // spread over each type's range.
            let g8: Vec<u8> = g.iter().map(|&v| v as u8).collect();
            check_cover(&g8, lo_frac, len_frac, &picks);
            let g16: Vec<u16> = g.iter().map(|&v| (v * 257) as u16).collect();
            check_cover(&g16, lo_frac, len_frac, &picks);
            let g32: Vec<u32> = g.iter().map(|&v| v * 401).collect();
            check_cover(&g32, lo_frac, len_frac, &picks);
        }
    }
}
