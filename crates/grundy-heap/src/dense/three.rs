//! The kernel of take-and-break codes that leave three heaps.

use super::first_zero;
use crate::code::{Code, BIT_ALL, BIT_ONE, BIT_THREE, BIT_TWO};
use crate::values::Cell;

/// Codes that leave three heaps (hexadecimal digits 8 to f).
///
/// Three heaps a + b + c = r are reached through the pair sets P(s) = {G(a) ^ G(b) :
/// a + b = s, a, b >= 1}, each computed once in O(s): a value x is an option exactly when
/// x ^ G(c) is in P(r - c) for some 1 <= c <= r - 2.
///
/// The mex is found by witnesses: candidates x are taken in increasing order (skipping the
/// values that one- and two-heap moves already give) and each is tested against a few
/// guessed heaps c (those near the two latest heaps of value x, where G(c) ^ x is small and
/// so likely in P(r - c), and near the c that covered x for the previous heap), then against
/// every c; the first candidate that no c covers is the value. When most candidates are
/// covered by a guess, a heap costs O(r + mex) bit tests instead of the O(r * V / 64) words
/// of uniting every P(r - c), and a table O(n^2) instead of O(n^2 V / 64), which is
/// O(n^3 / 128) when values grow like n / 2 (`tb[c.]`). The pair sets are stored column by
/// column (word w of every P(s) side by side), so that the tests of one candidate against
/// c = 1, 2, ... read memory in order.
///
/// Past a budget of tests as large as the union would cost, a heap falls back to the union
/// (every P(r - c) translated by XOR with G(c)), so that no heap costs more than about
/// twice the union; after a fallback the next heaps go straight to the union, for twice as
/// many heaps each time, until a heap succeeds by witnesses again.
///
/// Digits with `!` (three different heaps) are enumerated triple by triple, and so is
/// everything once the pair sets would outgrow their memory budget (values that grow with
/// the heap make each set as long as the heap).
pub(super) struct GeneralKernel {
    code: Code,
    /// Whether some digit leaves three heaps that may be equal (the pair sets serve those).
    plain_three: bool,
    /// The pair sets by columns: `cols[w]` holds word w of P(s) for every s from its start.
    cols: Vec<Column>,
    /// P(s) is stored for every s below `built`.
    built: usize,
    /// Bytes the pair sets take, and the most they may take.
    pair_bytes: u64,
    pair_budget: u64,
    /// Set when the budget ran out: triples are enumerated from then on.
    enumerate: bool,
    /// One pair set being built (scratch).
    row: Vec<u64>,
    /// `at[v]`: the two latest heaps below `indexed` of value v (`u32::MAX`: none yet).
    at: Vec<[u32; 2]>,
    indexed: usize,
    /// `witness[x]`: the heap c that covered x last (`u32::MAX`: none yet).
    witness: Vec<u32>,
    /// The witness budget as a multiple of the union's cost (0 forces the union; tests).
    witness_factor: u64,
    /// Heaps left to compute by the union after a fallback, and the next such run.
    skip: u64,
    backoff: u64,
}

/// Word w of the pair sets P(s) for s >= `start` (earlier sets have no value there).
struct Column {
    start: usize,
    words: Vec<u64>,
}

/// How far from a guessed heap c the witnesses are looked for first.
const GUESS_SPREAD: usize = 4;

/// Grows `bits` as needed and sets bit `x`.
fn put_bit(bits: &mut Vec<u64>, x: u32) {
    let w = (x >> 6) as usize;
    if w >= bits.len() {
        bits.resize(w + 1, 0);
    }
    bits[w] |= 1u64 << (x & 63);
}

/// The least clear bit at or after `from` (bits past the end are clear).
fn next_zero(bits: &[u64], from: u32) -> u32 {
    let mut i = (from >> 6) as usize;
    // Bits below `from` in its word count as set.
    let mut w = bits.get(i).copied().unwrap_or(0) | ((1u64 << (from & 63)) - 1);
    loop {
        if w != u64::MAX {
            return (i as u32) * 64 + (!w).trailing_zeros();
        }
        i += 1;
        w = bits.get(i).copied().unwrap_or(0);
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

impl GeneralKernel {
    pub(super) fn new(code: &Code, memory_limit: u64) -> GeneralKernel {
        GeneralKernel {
            plain_three: code.has_plain_three_way_split(),
            code: code.clone(),
            cols: Vec::new(),
            built: 0,
            pair_bytes: 0,
            pair_budget: memory_limit / 4,
            enumerate: false,
            row: Vec::new(),
            at: Vec::new(),
            indexed: 0,
            witness: Vec::new(),
            witness_factor: 1,
            skip: 0,
            backoff: 1,
        }
    }

    /// Makes P(s) available for every s < n (they use the heaps below s, all known);
    /// false (and the sets dropped) when they would exceed the budget.
    fn pair_sets<T: Cell>(&mut self, g: &[T], n: usize) -> bool {
        while self.built < n {
            let s = self.built;
            self.row.clear();
            for a in 1..=s / 2 {
                put_bit(&mut self.row, g[a].get() ^ g[s - a].get());
            }
            while self.cols.len() < self.row.len() {
                self.cols.push(Column {
                    start: s,
                    words: Vec::new(),
                });
            }
            self.pair_bytes += 8 * self.cols.len() as u64;
            if self.pair_bytes > self.pair_budget {
                self.enumerate = true;
                self.cols = Vec::new();
                return false;
            }
            for (w, col) in self.cols.iter_mut().enumerate() {
                col.words.push(self.row.get(w).copied().unwrap_or(0));
            }
            self.built += 1;
        }
        true
    }

    /// seen |= P(s) (s must be built).
    fn or_pairs(&self, s: usize, seen: &mut Vec<u64>) {
        if seen.len() < self.cols.len() {
            seen.resize(self.cols.len(), 0);
        }
        for (w, col) in self.cols.iter().enumerate() {
            if s >= col.start {
                seen[w] |= col.words[s - col.start];
            }
        }
    }

    /// Whether y is in P(s) (s must be built).
    #[inline(always)]
    fn in_pairs(&self, s: usize, y: u32) -> bool {
        self.cols
            .get((y >> 6) as usize)
            .is_some_and(|col| s >= col.start && (col.words[s - col.start] >> (y & 63)) & 1 != 0)
    }

    pub(super) fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        let mut seen: Vec<u64> = vec![0; 1];
        let last = self.code.max_take().map_or(n, |t| (t as usize).min(n));
        // P(s) for every s <= n, when some digit leaves three heaps that may be equal.
        let ready = self.plain_three && !self.enumerate && self.pair_sets(g, n + 1);
        // The totals r whose three-heap splits go through the pair sets.
        let mut by_pairs: Vec<usize> = Vec::new();
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
                if ready && !d.distinct {
                    // The two-heap splits of r are P(r), already stored.
                    self.or_pairs(r, &mut seen);
                } else {
                    for a in 1..=r / 2 {
                        if !(d.distinct && 2 * a == r) {
                            put_bit(&mut seen, g[a].get() ^ g[r - a].get());
                        }
                    }
                }
            }
            if d.bits & BIT_THREE != 0 && r >= 3 {
                if ready && !d.distinct {
                    by_pairs.push(r);
                } else {
                    for a in 1..=r / 3 {
                        for b in a..=(r - a) / 2 {
                            let c = r - a - b;
                            if d.distinct && (a == b || b == c) {
                                continue;
                            }
                            put_bit(&mut seen, g[a].get() ^ g[b].get() ^ g[c].get());
                        }
                    }
                }
            }
        }
        if by_pairs.is_empty() {
            return first_zero(&seen);
        }
        if self.skip > 0 {
            self.skip -= 1;
        } else {
            self.index_values(g, n);
            // The union costs about (r - 2) * words per total; the witnesses may spend as much.
            let words = self.cols.len() as u64;
            let budget = by_pairs
                .iter()
                .map(|&r| r as u64 * (words + 2))
                .sum::<u64>()
                .saturating_mul(self.witness_factor);
            if let Some(v) = self.mex_by_witnesses(g, &by_pairs, &mut seen, budget) {
                self.backoff = 1;
                return v;
            }
            self.skip = self.backoff;
            self.backoff = self.backoff.saturating_mul(2);
        }
        for &r in &by_pairs {
            self.three_heaps(g, r, &mut seen);
        }
        first_zero(&seen)
    }

    /// Records the two latest heaps of each value among heaps below n.
    fn index_values<T: Cell>(&mut self, g: &[T], n: usize) {
        while self.indexed < n {
            let v = g[self.indexed].get() as usize;
            if v >= self.at.len() {
                self.at.resize(v + 1, [u32::MAX; 2]);
            }
            let heap = u32::try_from(self.indexed).unwrap_or(u32::MAX);
            self.at[v] = [self.at[v][1], heap];
            self.indexed += 1;
        }
    }

    /// The least value that is neither in `seen` nor a three-heap split of any total in `rs`;
    /// `None` when more than `budget` bit tests would be needed.
    fn mex_by_witnesses<T: Cell>(
        &mut self,
        g: &[T],
        rs: &[usize],
        seen: &mut Vec<u64>,
        mut budget: u64,
    ) -> Option<u32> {
        let mut x = next_zero(seen, 0);
        loop {
            match self.witness_for(g, rs, x, &mut budget)? {
                Some(c) => {
                    let xi = x as usize;
                    if xi >= self.witness.len() {
                        self.witness.resize(xi + 1, u32::MAX);
                    }
                    self.witness[xi] = u32::try_from(c).unwrap_or(u32::MAX);
                }
                None => return Some(x),
            }
            put_bit(seen, x);
            x = next_zero(seen, x + 1);
        }
    }

    /// A heap c such that x ^ G(c) is in P(r - c) for a total r of `rs`: `Some(None)` when
    /// there is none, `None` when the budget ran out first.
    fn witness_for<T: Cell>(
        &self,
        g: &[T],
        rs: &[usize],
        x: u32,
        budget: &mut u64,
    ) -> Option<Option<usize>> {
        let [before, latest] = self.at.get(x as usize).copied().unwrap_or([u32::MAX; 2]);
        let guesses = [
            latest,
            before,
            self.witness.get(x as usize).copied().unwrap_or(u32::MAX),
        ];
        // Nearest first: the heap of value x itself covers x almost always (with a pair of
        // equal values, G(a) ^ G(b) = 0, in P(r - c)).
        for d in 0..=2 * GUESS_SPREAD {
            for &r in rs {
                for &guess in &guesses {
                    let c = if d % 2 == 0 {
                        (guess as usize).checked_add(d / 2)
                    } else {
                        (guess as usize).checked_sub(d / 2 + 1)
                    };
                    let Some(c) = c.filter(|&c| guess != u32::MAX && c >= 1 && c + 2 <= r) else {
                        continue;
                    };
                    *budget = budget.checked_sub(1)?;
                    if self.in_pairs(r - c, x ^ g[c].get()) {
                        return Some(Some(c));
                    }
                }
            }
        }
        for &r in rs {
            *budget = budget.checked_sub(r as u64)?;
            for (c, gc) in g.iter().enumerate().take(r - 1).skip(1) {
                if self.in_pairs(r - c, x ^ gc.get()) {
                    return Some(Some(c));
                }
            }
        }
        Some(None)
    }

    /// Marks the values of the three-heap splits of r (heaps of any sizes >= 1): for each
    /// column w and each c, word w of P(r - c) moves to word w ^ (G(c) / 64) of `seen`, its
    /// bits permuted by G(c) mod 64. Columns are read in order.
    fn three_heaps<T: Cell>(&self, g: &[T], r: usize, seen: &mut Vec<u64>) {
        for (w, col) in self.cols.iter().enumerate() {
            // c = 1 ..= r - 2 with s = r - c >= col.start.
            let top = (r - 2).min(r.saturating_sub(col.start));
            for (c, gc) in g.iter().enumerate().take(top + 1).skip(1) {
                let word = col.words[r - c - col.start];
                if word != 0 {
                    let t = gc.get();
                    let to = w ^ (t >> 6) as usize;
                    if to >= seen.len() {
                        seen.resize(to + 1, 0);
                    }
                    seen[to] |= permute_bits(word, t & 63);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{naive_values, HeapRules};

    /// Computes `n` values with the kernel alone, the witnesses given `factor` times the
    /// union's budget (0: every heap by the union).
    fn kernel_values(code: &str, n: usize, factor: u64) -> Vec<u32> {
        let code = Code::parse(code).unwrap();
        let mut k = GeneralKernel::new(&code, u64::MAX);
        k.witness_factor = factor;
        let mut g: Vec<u32> = Vec::new();
        for h in 0..n {
            let v = k.next(&g, h);
            g.push(v);
        }
        g
    }

    /// Witnesses, the union, and witnesses that run out of budget and back off all equal
    /// brute force, on codes with values that grow (`c.`, `8.[3]`-like) and stay small.
    #[test]
    fn witnesses_and_union_equal_brute_force() {
        for code in [
            "c.", "8.", "0.8", "4.c", "0.48", "8.c", "0.f", "0.38", "c.0c", "0.08", "8.8", "0.f",
        ] {
            let want = naive_values(&HeapRules::Tb(Code::parse(code).unwrap()), 160);
            for factor in [0, 1, 1000] {
                assert_eq!(
                    kernel_values(code, 160, factor),
                    want,
                    "{code} factor {factor}"
                );
            }
        }
        // A tiny budget: heaps alternate between witnesses and the union.
        let want = naive_values(&HeapRules::Tb(Code::parse("c.").unwrap()), 300);
        let code = Code::parse("c.").unwrap();
        let mut k = GeneralKernel::new(&code, u64::MAX);
        let mut g: Vec<u32> = Vec::new();
        for h in 0..300 {
            k.witness_factor = (h % 3) as u64;
            let v = k.next(&g, h);
            g.push(v);
        }
        assert_eq!(g, want);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 48, ..Default::default() })]

        /// Random codes that leave three heaps (some with `!`, some repeating): the kernel
        /// by witnesses, by the union, and switching between them equals brute force.
        #[test]
        fn random_codes_equal_brute_force(
            d0 in proptest::sample::select(vec!["0", "4", "8", "c"]),
            digits in proptest::collection::vec((0u8..16, 0u8..4), 1..4),
            repeat in proptest::option::of(0u8..16),
            factor in 0u64..3,
        ) {
            let body: String = digits
                .iter()
                .map(|&(d, bang)| format!("{d:x}{}", if bang == 0 { "!" } else { "" }))
                .collect();
            let tail = repeat.map(|d| format!("[{d:x}]")).unwrap_or_default();
            let Ok(code) = Code::parse(&format!("{d0}.{body}{tail}")) else {
                return Ok(());
            };
            if !code.has_three_way_split() {
                return Ok(());
            }
            let want = naive_values(&HeapRules::Tb(code.clone()), 120);
            let got = kernel_values(&code.to_string(), 120, factor);
            proptest::prop_assert_eq!(got, want, "{} factor {}", code, factor);
        }
    }

    #[test]
    fn next_zero_skips_set_bits() {
        let bits = [u64::MAX, 0b1011];
        assert_eq!(next_zero(&bits, 0), 66);
        assert_eq!(next_zero(&bits, 66), 66);
        assert_eq!(next_zero(&bits, 67), 68);
        assert_eq!(next_zero(&[0b111], 1), 3);
        assert_eq!(next_zero(&[], 5), 5);
    }
}
