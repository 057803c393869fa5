//! Subtraction-set kernels: a stamp array for few amounts, sliding windows of counts for
//! long ranges.

use super::first_zero;
use crate::subset::SubSet;
use crate::values::Cell;

/// Subtraction sets with few amounts: mex over G(n - k) with a stamp array, so nothing
/// is cleared between heaps.
pub(super) struct SubKernel {
    amounts: Vec<usize>,
    stamp: Vec<usize>,
}

impl SubKernel {
    pub(super) fn new(set: &SubSet, n: usize) -> SubKernel {
        let mut amounts = Vec::new();
        set.for_each_amount(n as u64, |k| amounts.push(k as usize));
        // G(n) is at most the number of amounts, so the stamp array never needs to grow.
        let stamp = vec![usize::MAX; amounts.len() + 2];
        SubKernel { amounts, stamp }
    }

    #[inline]
    pub(super) fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
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
pub(super) struct WindowKernel {
    ranges: Vec<(u64, u64)>,
    counts: Vec<u32>,
    present: Vec<u64>,
}

impl WindowKernel {
    pub(super) fn new(ranges: &[(u64, u64)]) -> WindowKernel {
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
    pub(super) fn rebuild<T: Cell>(&mut self, g: &[T]) {
        let n = g.len() as u64;
        for i in 0..self.ranges.len() {
            let (lo, hi) = self.ranges[i];
            // After heap n - 1 the window of a range holds heaps n - 1 - hi ..= n - 1 - lo.
            if n > lo {
                let start = (n - 1).saturating_sub(hi);
                for p in start..=(n - 1 - lo) {
                    self.add(g[p as usize].get());
                }
            }
        }
    }

    pub(super) fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        let n64 = n as u64;
        for i in 0..self.ranges.len() {
            let (lo, hi) = self.ranges[i];
            if n64 >= lo {
                self.add(g[(n64 - lo) as usize].get());
            }
            // A range reaching u64::MAX never drops a heap out of its window.
            if let Some(p) = hi.checked_add(1).and_then(|h| n64.checked_sub(h)) {
                self.remove(g[p as usize].get());
            }
        }
        first_zero(&self.present)
    }
}

/// Large subtraction sets by bitsets: one bitset per value g of the heaps reached from a
/// heap of value g, so that G(x) is the least g whose bitset misses x.
///
/// When G(y) = g is known, every x = y + k with k in S is reached from a heap of value g:
/// the bitset of S, shifted by y, is ORed into W_g, which costs max(S) / 64 words whatever
/// the number of amounts (the stamp kernel reads every amount, the window kernel updates
/// every range). The bitsets only need the heaps y + 1 ..= y + max(S) ahead, so each is a
/// ring of L >= max(S) + 128 bits (a power of two), and the word of heaps just passed is
/// cleared before the ring comes round to it. Memory: L / 8 bytes per value; when a new
/// value's ring would pass the budget, the kernel hands over to the window kernel, rebuilt
/// from the table, so nothing fails for want of memory.
pub(super) struct BitsKernel {
    /// S as bits (bit k for the amount k).
    set: Vec<u64>,
    /// max(S).
    max: usize,
    /// Words in each ring (a power of two).
    ring_words: usize,
    /// `rings[g]`: the heaps ahead reached from a heap of value g.
    rings: Vec<Vec<u64>>,
    /// The next heap expected (every heap below it has been added).
    next_heap: usize,
    /// Bytes the rings take, and the most they may take.
    bytes: u64,
    budget: u64,
    ranges: Vec<(u64, u64)>,
    /// Set once the budget ran out.
    fallback: Option<WindowKernel>,
}

impl BitsKernel {
    /// A kernel for the set of `ranges` in a table of `n` values (amounts above n are never
    /// used), its rings limited to a quarter of `memory_limit`.
    pub(super) fn new(ranges: &[(u64, u64)], n: usize, memory_limit: u64) -> BitsKernel {
        let top = n as u64;
        let max = ranges
            .iter()
            .rfind(|&&(lo, _)| lo <= top)
            .map_or(1, |&(_, hi)| hi.min(top)) as usize;
        let mut set = vec![0u64; max / 64 + 1];
        for &(lo, hi) in ranges.iter().filter(|&&(lo, _)| lo <= top) {
            for k in lo as usize..=hi.min(top) as usize {
                set[k >> 6] |= 1 << (k & 63);
            }
        }
        let ring_words = ((max + 128) / 64 + 1).next_power_of_two();
        BitsKernel {
            bytes: 8 * set.len() as u64,
            set,
            max,
            ring_words,
            rings: Vec::new(),
            next_heap: 0,
            budget: memory_limit / 4,
            ranges: ranges.to_vec(),
            fallback: None,
        }
    }

    /// W_v |= S shifted by y. Word k of the shifted set (k = 0 ..= len, the last only when
    /// the shift is not whole words) goes to ring word (q + k) mod ring length; the words
    /// before the ring wraps are ORed slice by slice, which the compiler vectorizes.
    fn add(&mut self, y: usize, v: u32) {
        let set = &self.set;
        let len = set.len();
        let rw = self.ring_words;
        let ring = &mut self.rings[v as usize];
        let o = y & (rw * 64 - 1);
        let (q, r) = (o >> 6, (o & 63) as u32);
        let shifted = |k: usize| -> u64 {
            if r == 0 {
                set[k]
            } else {
                let hi = set.get(k).map_or(0, |&w| w << r);
                let lo = k.checked_sub(1).map_or(0, |j| set[j] >> (64 - r));
                hi | lo
            }
        };
        let total = if r == 0 { len } else { len + 1 };
        let fast = total.min(rw - q);
        if r == 0 {
            for (d, &w) in ring[q..q + fast].iter_mut().zip(&set[..fast]) {
                *d |= w;
            }
        } else {
            let inner = fast.min(len);
            ring[q] |= set[0] << r;
            for ((d, &a), &b) in ring[q + 1..q + inner]
                .iter_mut()
                .zip(&set[1..inner])
                .zip(&set[..inner - 1])
            {
                *d |= (a << r) | (b >> (64 - r));
            }
            if fast > inner {
                ring[q + len] |= set[len - 1] >> (64 - r);
            }
        }
        for k in fast..total {
            ring[(q + k) & (rw - 1)] |= shifted(k);
        }
    }

    /// Hands over to the window kernel, rebuilt from the table.
    fn fall_back<T: Cell>(&mut self, g: &[T]) {
        let mut w = WindowKernel::new(&self.ranges);
        w.rebuild(g);
        self.fallback = Some(w);
        self.rings = Vec::new();
    }

    /// Replays the heaps of a prefix whose moves reach past its end, as `next` added them,
    /// so that `next` can continue at heap `g.len()`. The replay starts on a word boundary
    /// at least max(S) heaps back (heaps before it reach no heap from `g.len()` on) with
    /// empty rings, and clears each word as it is passed, as `next` does.
    pub(super) fn rebuild<T: Cell>(&mut self, g: &[T]) {
        let n = g.len();
        let start = n.saturating_sub(self.max) & !63;
        for (y, v) in g.iter().enumerate().skip(start) {
            self.pass(y);
            if !self.ensure_ring(v.get()) {
                self.fall_back(g);
                return;
            }
            self.add(y, v.get());
        }
        self.next_heap = n;
    }

    /// Clears the word of heaps y - 64 .. y when y starts a word: those heaps are passed,
    /// and their word will hold heaps a ring later.
    fn pass(&mut self, y: usize) {
        if y > 0 && y % 64 == 0 {
            let old = (y / 64 - 1) & (self.ring_words - 1);
            for ring in &mut self.rings {
                ring[old] = 0;
            }
        }
    }

    /// Makes the ring of value v exist; false when it would pass the budget.
    fn ensure_ring(&mut self, v: u32) -> bool {
        while self.rings.len() <= v as usize {
            self.bytes += 8 * self.ring_words as u64;
            if self.bytes > self.budget {
                return false;
            }
            self.rings.push(vec![0; self.ring_words]);
        }
        true
    }

    pub(super) fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        if self.fallback.is_none() && n != self.next_heap {
            self.fall_back(&g[..n]);
        }
        if let Some(w) = &mut self.fallback {
            return w.next(g, n);
        }
        let mask = self.ring_words - 1;
        self.pass(n);
        let (word, bit) = ((n >> 6) & mask, n & 63);
        let v = self
            .rings
            .iter()
            .position(|ring| (ring[word] >> bit) & 1 == 0)
            .unwrap_or(self.rings.len()) as u32;
        if !self.ensure_ring(v) {
            self.fall_back(&g[..n]);
            return self.fallback.as_mut().map_or(v, |w| w.next(g, n));
        }
        self.add(n, v);
        self.next_heap = n + 1;
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{naive_values, HeapRules};
    use grundy_types::SplitMix64;

    /// A random set of amounts in 1..=max, each present with probability 1/`sparsity`.
    fn random_set(rng: &mut SplitMix64, max: u64, sparsity: u64) -> Vec<(u64, u64)> {
        let mut ks: Vec<u64> = (1..=max)
            .filter(|_| rng.next_u64() % sparsity == 0)
            .collect();
        ks.push(1 + rng.next_u64() % max);
        ks.sort_unstable();
        ks.dedup();
        ks.iter().map(|&k| (k, k)).collect()
    }

    fn run_window(ranges: &[(u64, u64)], n: usize) -> Vec<u32> {
        let mut k = WindowKernel::new(ranges);
        let mut g: Vec<u32> = Vec::new();
        for h in 0..n {
            let v = k.next(&g, h);
            g.push(v);
        }
        g
    }

    /// The bitset kernel equals the window kernel and brute force on random sets (dense and
    /// sparse, small and past one ring), from scratch, resumed from any prefix, and when it
    /// runs out of budget and hands over mid-table.
    #[test]
    fn bitsets_equal_windows_and_brute_force() {
        // Seeded, so that failures replay.
        let mut rng = SplitMix64::new(1091);
        let mut fell = 0;
        for round in 0..60 {
            let max = 1 + rng.next_u64() % [20, 150, 700][round % 3];
            let sparsity = 1 + rng.next_u64() % 4;
            let ranges = random_set(&mut rng, max, sparsity);
            let n = 1500;
            let want = run_window(&ranges, n);
            let text: Vec<String> = ranges.iter().map(|r| r.0.to_string()).collect();
            let rules = HeapRules::parse(&format!("sub[{}]", text.join(","))).unwrap();
            assert_eq!(want, naive_values(&rules, n), "{rules}");
            for budget in [u64::MAX, 40 * 1024] {
                let cut = (rng.next_u64() % n as u64) as usize;
                let mut k = BitsKernel::new(&ranges, n, budget);
                let mut g: Vec<u32> = Vec::new();
                for h in 0..n {
                    if h == cut {
                        // Resume from the prefix, as a checkpoint would.
                        k = BitsKernel::new(&ranges, n, budget);
                        k.rebuild(&g);
                    }
                    let v = k.next(&g, h);
                    g.push(v);
                }
                assert_eq!(g, want, "{rules} budget {budget} cut {cut}");
                fell += usize::from(k.fallback.is_some());
            }
        }
        // The small budget made some runs hand over to the window kernel.
        assert!(fell > 0);
    }
}
