//! Integration tests: the fast value and winning cuts against an independent brute force,
//! trees against the colon principle, POJ 3710, large and hostile inputs.

// Tests unwrap results of inputs they built themselves; a panic is the failure report.
#![allow(clippy::unwrap_used)]

mod brute;
mod christmas;
mod large;
mod props;
mod trees;

use grundy_types::SplitMix64;

/// grundy-types' SplitMix64 for the tests' own generators, drawing by remainder (independent
/// of the crate's sampler, which draws by multiply-shift).
pub struct Rng(SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }

    pub fn below(&mut self, bound: usize) -> usize {
        (self.0.next_u64() % bound as u64) as usize
    }
}
