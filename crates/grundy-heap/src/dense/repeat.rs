//! The kernel of repeating take-and-break codes that leave at most two heaps.

use super::{first_zero, mark, words_for};
use crate::code::{Code, BIT_ALL, BIT_ONE, BIT_TWO};
use crate::values::Cell;

/// Repeating codes leaving at most two heaps.
///
/// The digit for taking k >= f tokens (f = digits before the block) depends only on
/// (k - f) mod L. For each residue of the heap sizes m left behind, the kernel keeps the
/// union of G(m) (single heaps) and of the pair XORs of m (two heaps) over all m of that
/// residue computed so far; the options of heap n for one block position are then exactly
/// one of these unions, because every m of the residue up to n - f is a legal remainder.
pub(super) struct RepeatKernel {
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
    pub(super) fn new(code: &Code) -> RepeatKernel {
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

    pub(super) fn rebuild<T: Cell>(&mut self, g: &[T]) {
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

    pub(super) fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
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
