//! A small deterministic generator (SplitMix64), so that a seed names the same cases on every
//! machine and every run, whatever the order in which the worker threads take them.

use grundy_types::SplitMix64;

/// grundy-types' [`SplitMix64`], with the draws the cases need.
#[derive(Clone, Debug)]
pub struct Rng(SplitMix64);

impl Rng {
    /// A generator for one case: the seed, the area's name and the case's index are mixed,
    /// so that case `i` of an area is the same whatever other cases exist.
    pub fn for_case(seed: u64, area: &str, index: u64) -> Rng {
        let mut h = seed ^ SplitMix64::GAMMA;
        for b in area.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        let mut r = Rng(SplitMix64::new(
            h ^ index.wrapping_mul(0xd1b5_4a32_d192_ed03),
        ));
        r.next_u64();
        r
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        // The bias of a plain remainder is irrelevant for choosing test inputs.
        self.next_u64() % n.max(1)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }

    /// An index into a collection of `len` items (`len` > 0).
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// One item of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }

    /// A size skewed towards small values: `0..=max` with each power of two about as likely.
    pub fn skewed(&mut self, max: u64) -> u64 {
        let bits = 64 - max.leading_zeros() as u64;
        let b = self.below(bits + 1);
        let cap = if b >= 64 {
            u64::MAX
        } else {
            (1u64 << b).min(max)
        };
        self.below(cap.saturating_add(1)).min(max)
    }
}

#[test]
fn the_generator_is_deterministic_and_spreads() {
    let mut a = Rng::for_case(7, "analyze", 3);
    let mut b = Rng::for_case(7, "analyze", 3);
    let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
    let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
    assert_eq!(xs, ys);
    let mut c = Rng::for_case(7, "analyze", 4);
    assert_ne!(xs[0], c.next_u64());
    let mut seen = [false; 10];
    for _ in 0..1000 {
        seen[a.below(10) as usize] = true;
    }
    assert!(seen.iter().all(|&s| s));
}
