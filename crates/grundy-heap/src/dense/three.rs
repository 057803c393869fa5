//! The kernel of take-and-break codes that leave three heaps.

use super::first_zero;
use crate::code::{Code, BIT_ALL, BIT_ONE, BIT_THREE, BIT_TWO};
use crate::values::Cell;

/// Codes that leave three heaps (hexadecimal digits 8 to f).
///
/// Three heaps a + b + c = r are reached through the pair sets P(s) = {G(a) ^ G(b) :
/// a + b = s, a, b >= 1} (bitsets, each computed once): the options are G(c) ^ P(r - c)
/// over 1 <= c <= r - 2, and the pair sets of all c with one value t are united first and
/// translated by t once. That is O(r) bitset unions per heap instead of O(r^2) triples.
/// Digits with `!` (three different heaps) are enumerated triple by triple, and so is
/// everything once the pair sets would outgrow their memory budget (values that grow with
/// the heap make each set as long as the heap).
pub(super) struct GeneralKernel {
    code: Code,
    /// `pairs[s]`: P(s) as a bitset (shorter ones hold only smaller values).
    pairs: Vec<Vec<u64>>,
    /// Bytes the pair sets take, and the most they may take.
    pair_bytes: u64,
    pair_budget: u64,
    /// Set when the budget ran out: triples are enumerated from then on.
    enumerate: bool,
    /// `unions[t]`: the union of P(r - c) over the heaps c of value t (scratch).
    unions: Vec<Vec<u64>>,
}

/// Grows `bits` as needed and sets bit `x`.
fn put_bit(bits: &mut Vec<u64>, x: u32) {
    let w = (x >> 6) as usize;
    if w >= bits.len() {
        bits.resize(w + 1, 0);
    }
    bits[w] |= 1u64 << (x & 63);
}

/// bits |= other (`bits` grows to the length of `other`).
fn or_into(bits: &mut Vec<u64>, other: &[u64]) {
    if bits.len() < other.len() {
        bits.resize(other.len(), 0);
    }
    for (b, &o) in bits.iter_mut().zip(other) {
        *b |= o;
    }
}

/// Moves bit i of `b` to bit i ^ s (s < 64): a butterfly of swaps, one per bit of s.
fn permute_bits(mut b: u64, s: u32) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    for (j, &m) in MASKS.iter().enumerate() {
        if s & (1 << j) != 0 {
            let sh = 1u32 << j;
            b = ((b & m) << sh) | ((b >> sh) & m);
        }
    }
    b
}

/// dst |= {x ^ t : x in src}: whole words move to index w ^ (t >> 6), bits inside a word
/// by [`permute_bits`]; O(words), not O(members).
fn xor_translate_into(dst: &mut Vec<u64>, src: &[u64], t: u32) {
    let hi = (t >> 6) as usize;
    let lo = t & 63;
    for (w, &b) in src.iter().enumerate() {
        if b != 0 {
            let to = w ^ hi;
            if to >= dst.len() {
                dst.resize(to + 1, 0);
            }
            dst[to] |= permute_bits(b, lo);
        }
    }
}

impl GeneralKernel {
    pub(super) fn new(code: &Code, memory_limit: u64) -> GeneralKernel {
        GeneralKernel {
            code: code.clone(),
            pairs: Vec::new(),
            pair_bytes: 0,
            pair_budget: memory_limit / 4,
            enumerate: false,
            unions: Vec::new(),
        }
    }

    /// Makes P(s) available for every s < n (they use the heaps below s, all known);
    /// false (and the sets dropped) when they would exceed the budget.
    fn pair_sets<T: Cell>(&mut self, g: &[T], n: usize) -> bool {
        while self.pairs.len() < n {
            let s = self.pairs.len();
            let mut p = Vec::new();
            for a in 1..=s / 2 {
                put_bit(&mut p, g[a].get() ^ g[s - a].get());
            }
            self.pair_bytes += 8 * p.len() as u64 + 24;
            if self.pair_bytes > self.pair_budget {
                self.enumerate = true;
                self.pairs = Vec::new();
                self.unions = Vec::new();
                return false;
            }
            self.pairs.push(p);
        }
        true
    }

    pub(super) fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        let mut seen: Vec<u64> = vec![0; 1];
        let last = self.code.max_take().map_or(n, |t| (t as usize).min(n));
        for k in 0..=last {
            let d = self.code.digit(k as u64);
            let r = n - k;
            if d.bits & BIT_ALL != 0 && r == 0 && k > 0 {
                put_bit(&mut seen, 0);
            }
            if d.bits & BIT_ONE != 0 && r > 0 && k > 0 {
                put_bit(&mut seen, g[r].get());
            }
            if d.bits & BIT_TWO != 0 {
                for a in 1..=r / 2 {
                    if !(d.distinct && 2 * a == r) {
                        put_bit(&mut seen, g[a].get() ^ g[r - a].get());
                    }
                }
            }
            if d.bits & BIT_THREE != 0 && r >= 3 {
                if d.distinct || self.enumerate || !self.pair_sets(g, n) {
                    for a in 1..=r / 3 {
                        for b in a..=(r - a) / 2 {
                            let c = r - a - b;
                            if d.distinct && (a == b || b == c) {
                                continue;
                            }
                            put_bit(&mut seen, g[a].get() ^ g[b].get() ^ g[c].get());
                        }
                    }
                } else {
                    self.three_heaps(g, r, &mut seen);
                }
            }
        }
        first_zero(&seen)
    }

    /// Marks the values of the three-heap splits of r (heaps of any sizes >= 1).
    fn three_heaps<T: Cell>(&mut self, g: &[T], r: usize, seen: &mut Vec<u64>) {
        // r - c < n for c >= 1, so every pair set needed exists (made by the caller).
        let mut touched: Vec<u32> = Vec::new();
        for (c, x) in g.iter().enumerate().take(r - 1).skip(1) {
            let t = x.get();
            let ti = t as usize;
            if ti >= self.unions.len() {
                self.unions.resize(ti + 1, Vec::new());
            }
            if self.unions[ti].is_empty() {
                touched.push(t);
            }
            let u = &mut self.unions[ti];
            or_into(u, &self.pairs[r - c]);
            if u.is_empty() {
                // Keep "touched" exact: an empty union still needs its slot marked.
                u.push(0);
            }
        }
        for t in touched {
            let mut u = std::mem::take(&mut self.unions[t as usize]);
            xor_translate_into(seen, &u, t);
            // Reuse the allocation, cleared.
            u.clear();
            self.unions[t as usize] = u;
        }
    }
}
