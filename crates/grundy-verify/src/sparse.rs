//! The checker's own sparse-space check of codes whose moves leave at most two heaps.
//!
//! The plain check recomputes every value, O(L^2) option evaluations for L values. This
//! check does not recompute: it takes the listed values as claims and checks, heap by heap,
//! that G(n) is the mex of the options' values, reading only the listed values of smaller
//! heaps. If every heap passes, induction on n shows that every listed value is the true
//! one; if one fails, the least failing heap is the first wrong value (every smaller one
//! passed, so its options' values are right), and its true value is then recomputed by a
//! plain mex over the listed values below it.
//!
//! Each heap needs two facts:
//!
//! 1. **No option has value t = G(n).** Options leaving one heap are read directly. For the
//!    pairs (a, r - a) a split leaves, this crate uses its own rare/common split (Gangolli and
//!    Plambeck's sparse space, rederived here from the listed values, sharing nothing with
//!    the kernels): the key of heap x is `G(x) * 2 + (x mod 2)`, and a key is *rare* when
//!    `key & mask` has an even number of bits. Parity of `key & mask` is linear over XOR,
//!    and the keys of a pair XOR to `(G(a) ^ G(r - a)) * 2 + (r mod 2)`, the *target key*
//!    of value t for that split. A pair of two common heaps has its target key in CC, the
//!    set of XORs of two common keys present in the list; CC holds even keys only, since
//!    an XOR of two odd ones is even. When the target key is outside CC (every common key,
//!    and the rare keys no two common heaps make), every pair with value t has a rare heap,
//!    so scanning the pairs that contain a rare heap (one lookup per rare heap below r)
//!    proves that none has value t. When the target key is in CC, every pair is scanned.
//!    This holds for every mask, so the mask only decides the speed: it is chosen to
//!    minimise the estimated work ([`choose_mask`]).
//! 2. **Every value below t is an option** (witnesses). The values of the scans above are
//!    marked as they go; values still missing are searched for by scanning the remaining
//!    splits' pairs from the smallest heap up, stopping as soon as none is missing. Small
//!    values are made by many pairs, so this stops early.
//!
//! Covered: finite codes (digits 0 to 7 and hexadecimal digits without bit 8) whose moves
//! leave at most two heaps, which the Guy-Smith theorem with `parts=2` proves. Codes that
//! leave three heaps, and subtraction sets (whose plain check is already linear), are
//! checked plainly.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use grundy_types::Limits;

use crate::error::CertError;
use crate::rules::{leaves_one, leaves_two, takes_all};
use crate::values::Val;

/// What the sparse check counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SparseWork {
    /// Option values read: single heaps, pairs with a rare heap, full scans, witnesses.
    pub evaluations: u64,
    /// Of those, pairs read while looking for witnesses of values below G(n).
    pub witness_evaluations: u64,
    /// The mask on keys (`G(x) * 2 + x mod 2`) that defines rare heaps.
    pub mask: u32,
    /// Heaps 1.. with a rare key.
    pub rare_heaps: u64,
    /// Splits (heap, take) whose target key was rare, so that every pair was scanned.
    pub full_scans: u64,
}

impl SparseWork {
    fn add(&mut self, o: &SparseWork) {
        self.evaluations += o.evaluations;
        self.witness_evaluations += o.witness_evaluations;
        self.full_scans += o.full_scans;
    }
}

/// A heap whose listed value is not the mex of its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mismatch {
    /// The least failing heap.
    pub heap: u64,
    /// Its listed value.
    pub stated: u32,
    /// Its true value, by a plain mex over the (checked) listed values below it.
    pub computed: u32,
}

#[inline(always)]
fn key(v: u32, heap: usize) -> u32 {
    (v << 1) | (heap & 1) as u32
}

#[inline(always)]
fn rare(k: u32, mask: u32) -> bool {
    (k & mask).count_ones() & 1 == 0
}

/// The moves of a code, grouped by kind: takes that may remove a whole heap, takes that
/// leave one heap, takes that leave two.
struct Moves {
    all: Vec<usize>,
    one: Vec<usize>,
    two: Vec<usize>,
}

impl Moves {
    fn of(digits: &[u8]) -> Moves {
        let pick = |f: fn(u8) -> bool| -> Vec<usize> {
            digits
                .iter()
                .enumerate()
                .filter(|&(_, &d)| f(d))
                .map(|(k, _)| k)
                .collect()
        };
        Moves {
            all: pick(takes_all).into_iter().filter(|&k| k > 0).collect(),
            one: pick(leaves_one).into_iter().filter(|&k| k > 0).collect(),
            two: pick(leaves_two),
        }
    }
}

/// Bits needed for every value in `g`, plus one: XORs of values below 2^b stay below 2^b.
fn value_bits<T: Val>(g: &[T]) -> u32 {
    let largest = g.iter().map(|v| v.get()).max().unwrap_or(0);
    32 - largest.leading_zeros()
}

/// Chooses the mask on keys that minimises the estimated work of the check of `g` with
/// pair splits `two`: full scans cost about L/4 option evaluations each (a pair list of
/// average length), common targets about R/2 each (half the R rare heaps lie below an
/// average split), so the estimate is `F * L/4 + (S*L - F) * R/2` for F full scans and S
/// pair splits per heap. Every mask gives a correct check; this one only makes it fast.
///
/// Complexity: O(L) for the histogram of keys, then O(K * M) for K distinct keys and M
/// masks tried (every mask when keys have at most 14 bits, otherwise masks of one or two
/// bits).
pub(crate) fn choose_mask<T: Val>(g: &[T], two: &[usize]) -> u32 {
    let key_bits = value_bits(g) + 1;
    let mut hist: Vec<u64> = vec![0; 1usize << key_bits];
    for (x, v) in g.iter().enumerate().skip(1) {
        hist[key(v.get(), x) as usize] += 1;
    }
    let keys: Vec<(u32, u64)> = hist
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(k, &c)| (k as u32, c))
        .collect();
    let len = g.len() as f64;
    let odd_takes = two.iter().filter(|&&k| k & 1 == 1).count() as f64;
    let even_takes = two.len() as f64 - odd_takes;
    let cost = |mask: u32| -> f64 {
        let (mut rares, mut full) = (0f64, 0f64);
        for &(k, c) in &keys {
            let c = c as f64;
            if rare(k, mask) {
                rares += c;
                full += c * even_takes;
            }
            // The target key of a split taking k tokens differs from the heap's key in
            // its last bit when k is odd.
            if rare(k ^ 1, mask) {
                full += c * odd_takes;
            }
        }
        full * len / 4.0 + (two.len() as f64 * len - full) * rares / 2.0
    };
    let candidates: Vec<u32> = if key_bits <= 14 {
        (1..1u32 << key_bits).collect()
    } else {
        let mut c = Vec::new();
        for i in 0..key_bits {
            c.push(1 << i);
            for j in 0..i {
                c.push((1 << i) | (1 << j));
            }
        }
        c
    };
    let mut best = (cost(0), 0u32);
    for mask in candidates {
        let c = cost(mask);
        if c < best.0 {
            best = (c, mask);
        }
    }
    best.1
}

/// Most distinct common keys whose pairwise XORs are listed; past it, every rare key is
/// taken as a possible XOR of two common ones (which the parity argument allows).
const MAX_COMMON_KEYS: usize = 4096;

/// The rare/common split of one check: the mask, and which target keys two common heaps
/// can make.
pub(crate) struct Split {
    /// The mask on keys.
    pub mask: u32,
    /// `cc[k]`: some two heaps with common keys (among heaps 1..L) have keys XOR-ing to
    /// `k`. A target key outside this set can only be made by a pair with a rare heap.
    cc: Vec<bool>,
}

impl Split {
    /// The split of `g` by `mask`.
    ///
    /// The pairs of common keys are listed from the keys present in `g` (at most
    /// [`MAX_COMMON_KEYS`] of them); otherwise every even key under `mask` is assumed
    /// reachable, which holds because an XOR of two odd keys is even.
    ///
    /// Complexity: O(L + K^2) for K distinct common keys.
    pub(crate) fn new<T: Val>(g: &[T], mask: u32) -> Split {
        let size = 1usize << (value_bits(g) + 1);
        let mut present = vec![false; size];
        for (x, v) in g.iter().enumerate().skip(1) {
            let k = key(v.get(), x);
            if !rare(k, mask) {
                present[k as usize] = true;
            }
        }
        let common: Vec<usize> = (0..size).filter(|&k| present[k]).collect();
        let cc = if common.len() <= MAX_COMMON_KEYS {
            let mut cc = vec![false; size];
            for (i, &a) in common.iter().enumerate() {
                for &b in &common[i..] {
                    cc[a ^ b] = true;
                }
            }
            cc
        } else {
            (0..size).map(|k| rare(k as u32, mask)).collect()
        };
        Split { mask, cc }
    }

    /// Whether heap key `k` is rare.
    #[inline(always)]
    fn rare(&self, k: u32) -> bool {
        rare(k, self.mask)
    }

    /// Whether a split whose target key is `k` needs every pair scanned: two common heaps
    /// can make `k`.
    #[inline(always)]
    fn full(&self, k: u32) -> bool {
        self.cc.get(k as usize).copied().unwrap_or(true)
    }
}

/// An upper bound on the option evaluations of the check with `split`, witnesses aside:
/// per heap, the single-heap options, and per pair split either r/2 (a target two common
/// heaps can make) or the rare heaps below r.
///
/// Complexity: O(L * S) for S pair splits.
pub(crate) fn estimate<T: Val>(g: &[T], digits: &[u8], split: &Split) -> u128 {
    let moves = Moves::of(digits);
    let rare_heaps: Vec<usize> = (1..g.len())
        .filter(|&x| split.rare(key(g[x].get(), x)))
        .collect();
    // below[i]: rare heaps below n - two[i], advanced as n grows.
    let mut below = vec![0usize; moves.two.len()];
    let mut work: u128 = 0;
    for (n, v) in g.iter().enumerate() {
        work += (moves.all.len() + moves.one.len()) as u128;
        let t = v.get();
        for (i, &k) in moves.two.iter().enumerate() {
            if n < k + 2 {
                continue;
            }
            let r = n - k;
            while below[i] < rare_heaps.len() && rare_heaps[below[i]] < r {
                below[i] += 1;
            }
            work += if split.full(key(t, r)) {
                (r / 2) as u128
            } else {
                below[i] as u128
            };
        }
    }
    work
}

/// Options and settings of one run of [`check`].
pub(crate) struct Run<'a> {
    /// The code's digits, trailing zeros removed.
    pub digits: &'a [u8],
    /// The rare/common split.
    pub split: &'a Split,
    /// Worker threads (heaps are checked independently).
    pub threads: usize,
    /// Most option evaluations allowed; past it the check stops with `TooMuchWork`.
    pub max_work: u128,
    /// The budget: checked, and told the heaps checked so far, once per block of heaps.
    pub limits: &'a Limits,
}

/// Heaps per unit of work handed to a thread.
const BLOCK: usize = 1 << 12;

/// Checks that every listed value is the mex of its options' values (see the module
/// documentation).
///
/// Returns: the work done and `None`, or the least heap whose value is wrong; errors for
/// cancellation and for more work than `run.max_work`.
///
/// Complexity: O(L * (t + S * R) + F * L) option evaluations for L values, largest take t,
/// S pair splits, R rare heaps and F full scans (plus the witnesses, usually few);
/// memory O(R + 2^b) per thread beyond the values.
pub(crate) fn check<T: Val>(
    g: &[T],
    run: &Run<'_>,
) -> Result<(SparseWork, Option<Mismatch>), CertError> {
    // Heaps are held as u32 in the lists below.
    if u32::try_from(g.len()).is_err() {
        return Err(CertError::TooManyValues {
            count: g.len() as u64,
            limit: u64::from(u32::MAX),
        });
    }
    let moves = Moves::of(run.digits);
    let rare_heaps: Vec<u32> = (1..g.len())
        .filter(|&x| run.split.rare(key(g[x].get(), x)))
        .map(|x| x as u32)
        .collect();
    let bits = value_bits(g);
    let guides = Guides::of(g);
    let first_bad = AtomicU64::new(u64::MAX);
    let next_block = AtomicU64::new(0);
    let spent = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let threads = run.threads.max(1);
    let blocks = g.len().div_ceil(BLOCK) as u64;
    let limit = u64::try_from(run.max_work).unwrap_or(u64::MAX);
    let worker = || -> Result<SparseWork, CertError> {
        let mut heap = Heap {
            g,
            moves: &moves,
            rare_heaps: &rare_heaps,
            split: run.split,
            guides: &guides,
            stamp: vec![0; (1usize << bits) + 1],
            work: SparseWork::default(),
            partial: Vec::with_capacity(moves.two.len()),
        };
        loop {
            if stop.load(Ordering::Relaxed) {
                return Ok(heap.work);
            }
            if let Err(why) = run.limits.check() {
                stop.store(true, Ordering::Relaxed);
                return Err(why.into());
            }
            let b = next_block.fetch_add(1, Ordering::Relaxed);
            let start = b * BLOCK as u64;
            // Blocks are taken in increasing order: once one starts past a known failure,
            // every heap below that failure has been (or is being) checked.
            if b >= blocks || start > first_bad.load(Ordering::Relaxed) {
                return Ok(heap.work);
            }
            let checked = start.min(g.len() as u64);
            run.limits
                .report("heaps checked", checked, Some(g.len() as u64));
            let before = heap.work.evaluations;
            let end = (start as usize + BLOCK).min(g.len());
            for n in start as usize..end {
                if !heap.holds(n) {
                    first_bad.fetch_min(n as u64, Ordering::Relaxed);
                    break;
                }
            }
            let total = spent.fetch_add(heap.work.evaluations - before, Ordering::Relaxed);
            if total > limit {
                stop.store(true, Ordering::Relaxed);
                return Err(CertError::TooMuchWork {
                    count: g.len() as u64,
                    work: u128::from(total),
                    limit: run.max_work,
                });
            }
        }
    };
    let results: Vec<Result<SparseWork, CertError>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads).map(|_| s.spawn(worker)).collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or(Err(CertError::Cancelled)))
            .collect()
    });
    let mut work = SparseWork {
        mask: run.split.mask,
        rare_heaps: rare_heaps.len() as u64,
        ..SparseWork::default()
    };
    let mut error = None;
    for r in results {
        match r {
            Ok(w) => work.add(&w),
            Err(e) => error = error.or(Some(e)),
        }
    }
    if let Some(e) = error {
        return Err(e);
    }
    let bad = first_bad.load(Ordering::Relaxed);
    if bad == u64::MAX {
        return Ok((work, None));
    }
    let n = bad as usize;
    Ok((
        work,
        Some(Mismatch {
            heap: bad,
            stated: g[n].get(),
            computed: plain_mex(g, &moves, n),
        }),
    ))
}

/// Frequent values searched first for witnesses.
const FREQUENT: usize = 12;
/// Heaps remembered per value for witnesses.
const FIRST: usize = 48;

/// Where witnesses are likely: the most frequent values, and the first heaps of each value.
struct Guides {
    /// The [`FREQUENT`] most frequent values, most frequent first.
    frequent: Vec<u32>,
    /// `first[u]`: the first [`FIRST`] heaps (from 1) of value u, in increasing order.
    first: Vec<Vec<u32>>,
}

impl Guides {
    fn of<T: Val>(g: &[T]) -> Guides {
        let size = 1usize << value_bits(g);
        let mut count = vec![0u64; size];
        let mut first: Vec<Vec<u32>> = vec![Vec::new(); size];
        for (x, v) in g.iter().enumerate().skip(1) {
            let v = v.get() as usize;
            count[v] += 1;
            if first[v].len() < FIRST {
                first[v].push(x as u32);
            }
        }
        let mut by_count: Vec<(u64, u32)> = (0..size)
            .filter(|&v| count[v] > 0)
            .map(|v| (count[v], v as u32))
            .collect();
        by_count.sort_unstable_by(|a, b| b.cmp(a));
        Guides {
            frequent: by_count.iter().take(FREQUENT).map(|&(_, v)| v).collect(),
            first,
        }
    }
}

/// The state of one thread's checks.
struct Heap<'a, T: Val> {
    g: &'a [T],
    moves: &'a Moves,
    rare_heaps: &'a [u32],
    split: &'a Split,
    guides: &'a Guides,
    /// stamp[v] == n + 1 when value v is known to be an option of heap n.
    stamp: Vec<u64>,
    work: SparseWork,
    /// The heaps left by splits not scanned in full, for the witness search.
    partial: Vec<usize>,
}

impl<T: Val> Heap<'_, T> {
    /// Whether G(n) as listed is the mex of its options' listed values.
    fn holds(&mut self, n: usize) -> bool {
        let g = self.g;
        let t = g[n].get();
        let tag = n as u64 + 1;
        let mut missing = t as usize;
        let stamp = &mut self.stamp;
        // Marks an option's value; false when it equals t.
        let mark = |stamp: &mut [u64], w: u32, missing: &mut usize| -> bool {
            if w == t {
                return false;
            }
            if w < t && stamp[w as usize] != tag {
                stamp[w as usize] = tag;
                *missing -= 1;
            }
            true
        };
        for &k in &self.moves.all {
            if k == n && !mark(stamp, 0, &mut missing) {
                return false;
            }
        }
        for &k in &self.moves.one {
            if k < n && !mark(stamp, g[n - k].get(), &mut missing) {
                return false;
            }
        }
        self.work.evaluations += (self.moves.all.len() + self.moves.one.len()) as u64;
        self.partial.clear();
        for &k in &self.moves.two {
            if n < k + 2 {
                continue;
            }
            let r = n - k;
            if self.split.full(key(t, r)) {
                self.work.full_scans += 1;
                self.work.evaluations += (r / 2) as u64;
                for a in 1..=r / 2 {
                    if !mark(stamp, g[a].get() ^ g[r - a].get(), &mut missing) {
                        return false;
                    }
                }
            } else {
                let mut count = 0u64;
                for &x in self.rare_heaps {
                    let x = x as usize;
                    if x >= r {
                        break;
                    }
                    count += 1;
                    if !mark(stamp, g[x].get() ^ g[r - x].get(), &mut missing) {
                        self.work.evaluations += count;
                        return false;
                    }
                }
                self.work.evaluations += count;
                self.partial.push(r);
            }
        }
        // Witnesses of the values below t not yet seen, from the splits not scanned in full.
        // First a guided search: a missing v made as (v ^ c) ^ c with c a frequent value,
        // from the first heaps a of value v ^ c whose partner r - a has value c.
        // It reads at most r/2 pairs per split, as many as the scan in order, so that a code
        // whose guides fail keeps the check within a small multiple of the plain one.
        let guides = self.guides;
        for &r in &self.partial {
            if missing == 0 {
                break;
            }
            let mut budget = r / 2;
            'values: for v in 0..t {
                if stamp[v as usize] == tag {
                    continue;
                }
                'found: for &c in &guides.frequent {
                    let Some(heaps) = guides.first.get((v ^ c) as usize) else {
                        continue;
                    };
                    for &a in heaps {
                        let a = a as usize;
                        if a >= r {
                            break;
                        }
                        if budget == 0 {
                            break 'values;
                        }
                        budget -= 1;
                        self.work.evaluations += 1;
                        self.work.witness_evaluations += 1;
                        if g[r - a].get() == c {
                            mark(stamp, v, &mut missing);
                            break 'found;
                        }
                    }
                }
                if missing == 0 {
                    break;
                }
            }
        }
        // Then every pair in order. Every pair of these splits has a common target key, so
        // none can equal t; `mark` still checks it.
        for &r in &self.partial {
            if missing == 0 {
                break;
            }
            for a in 1..=r / 2 {
                self.work.evaluations += 1;
                self.work.witness_evaluations += 1;
                if !mark(stamp, g[a].get() ^ g[r - a].get(), &mut missing) {
                    return false;
                }
                if missing == 0 {
                    break;
                }
            }
        }
        missing == 0
    }
}

/// The mex of the options of heap n from the listed values below it (plain, once per
/// failed certificate).
/// The least heap whose listed value is larger than its number of options (a mex is at most
/// that): such a value is wrong whatever the others are. Checked before anything is sized by
/// the values, since a certificate can list a value near 2^32 in place of a small one with
/// the same checksum (which keeps 16 bits).
///
/// Complexity: O(L), plus a plain mex at the heap found.
pub(crate) fn first_impossible<T: Val>(g: &[T], digits: &[u8]) -> Option<Mismatch> {
    let t = digits.len() as u64;
    let n = g.iter().enumerate().position(|(n, v)| {
        // Taking all, t single takes, and at most n/2 + 1 splits for each of t takes.
        let options = 1 + t + t * (n as u64 / 2 + 1);
        u64::from(v.get()) > options
    })?;
    Some(Mismatch {
        heap: n as u64,
        stated: g[n].get(),
        computed: plain_mex(g, &Moves::of(digits), n),
    })
}

fn plain_mex<T: Val>(g: &[T], moves: &Moves, n: usize) -> u32 {
    let mut seen = vec![false; (1usize << value_bits(&g[..n])) + 1];
    let mut mark = |w: u32| {
        if let Some(s) = seen.get_mut(w as usize) {
            *s = true;
        }
    };
    for &k in &moves.all {
        if k == n {
            mark(0);
        }
    }
    for &k in &moves.one {
        if k < n {
            mark(g[n - k].get());
        }
    }
    for &k in &moves.two {
        if n >= k + 2 {
            let r = n - k;
            for a in 1..=r / 2 {
                mark(g[a].get() ^ g[r - a].get());
            }
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::naive::plain_values;
    use crate::rules::Rules;

    fn digits(code: &str) -> Vec<u8> {
        match Rules::parse(code).unwrap() {
            Rules::Code(d) => d,
            Rules::Sub(_) => unreachable!(),
        }
    }

    fn run_with(code: &str, g: &[u32], mask: u32, threads: usize) -> Option<Mismatch> {
        let d = digits(code);
        let split = Split::new(g, mask);
        let run = Run {
            digits: &d,
            split: &split,
            threads,
            max_work: u128::MAX,
            limits: &Limits::default(),
        };
        check(g, &run).unwrap().1
    }

    #[test]
    fn every_mask_accepts_the_true_values_and_finds_a_wrong_one() {
        let g = plain_values(&Rules::parse("0.376").unwrap(), 600, &Limits::default()).unwrap();
        let bits = value_bits(&g) + 1;
        for mask in 0..1u32 << bits {
            assert_eq!(run_with("0.376", &g, mask, 1), None, "mask {mask:#x}");
            for at in [1usize, 37, 300, 599] {
                let mut bad = g.clone();
                bad[at] ^= 1;
                let m = run_with("0.376", &bad, mask, 2).unwrap();
                assert_eq!(m.heap, at as u64, "mask {mask:#x}");
                assert_eq!((m.stated, m.computed), (bad[at], g[at]));
            }
        }
    }

    #[test]
    fn the_chosen_mask_makes_few_heaps_rare() {
        // Kayles' values from 72 on repeat with period 12; most keys are common.
        let g = plain_values(&Rules::parse("0.77").unwrap(), 3000, &Limits::default()).unwrap();
        let d = digits("0.77");
        let mask = choose_mask(&g, &[1, 2]);
        let rare_count = (1..g.len()).filter(|&x| rare(key(g[x], x), mask)).count();
        assert!(
            rare_count < g.len() / 4,
            "mask {mask:#x}: {rare_count} rare"
        );
        assert!(estimate(&g, &d, &Split::new(&g, mask)) < estimate(&g, &d, &Split::new(&g, 0)));
    }
}
