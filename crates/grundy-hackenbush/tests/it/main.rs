//! Integration tests: the fast value and winning cuts against an independent brute force,
//! trees against the colon principle, POJ 3710, large and hostile inputs.

// Tests unwrap results of inputs they built themselves; a panic is the failure report.
#![allow(clippy::unwrap_used)]

mod brute;
mod christmas;
mod large;
mod props;
mod trees;

/// SplitMix64 for the tests' own generators (independent of the crate's).
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }
}
