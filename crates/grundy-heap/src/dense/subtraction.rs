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
