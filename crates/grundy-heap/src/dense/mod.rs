//! The dense fast path: nim-sequences of one-heap rulesets without position objects.
//!
//! Every ruleset gets a kernel that computes G(n) from the stored prefix G(0..n):
//!
//! - finite subtraction sets and `pow2`/`fib`: mex over G(n - k) with a stamp array;
//!   large ranges (`1..100000`) use sliding windows of counts instead, and many scattered
//!   amounts (primes and semiprimes below 2 * 10^5) shifted bitsets, one per value, of the
//!   heaps reached from heaps of that value; the cheapest by the set's shape
//!   (`subtraction`, `driver::SubMethod`);
//! - finite take-and-break codes that leave at most two heaps: the sparse-space
//!   ("rare/common") method described at `SparseKernel` (`sparse`);
//! - repeating codes that leave at most two heaps: unions of option sets accumulated per
//!   residue class, so a move set that grows with n costs O(n) per value, not O(n^2)
//!   (`repeat`);
//! - codes that leave three heaps: pair sets, the mex found by a witness for each
//!   candidate (a union of the pair sets translated by XOR when witnesses are costly),
//!   or direct enumeration past their memory budget (`three`);
//! - custom rules ([`crate::HeapMoves`]): mex over the options the family lists (`custom`).
//!
//! The driver (`driver`) owns what all kernels share: [`values`], [`extend`],
//! [`Strategy`], the memory checks, the widening of the storage type, progress and
//! cancellation, and the periodic fill once a period is proven.

mod custom;
mod driver;
mod repeat;
mod sparse;
mod subtraction;
mod three;

pub(crate) use driver::Ctx;
pub(crate) use driver::{check_memory, Driver, FindPeriod, Store, Visit};
pub use driver::{default_memory_limit, extend, values, Strategy};

/// A growable bitset of values, sized in 64-bit words.
#[inline(always)]
pub(super) fn mark(bits: &mut [u64], x: u32) {
    bits[(x >> 6) as usize] |= 1u64 << (x & 63);
}

/// The smallest value whose bit is clear.
#[inline(always)]
pub(super) fn first_zero(bits: &[u64]) -> u32 {
    for (i, &w) in bits.iter().enumerate() {
        if w != u64::MAX {
            return (i as u32) * 64 + (!w).trailing_zeros();
        }
    }
    (bits.len() as u32) * 64
}

/// Number of words needed to hold every XOR of values up to `maxval`, plus the mex above.
pub(super) fn words_for(maxval: u32) -> usize {
    let bits = 32 - maxval.leading_zeros();
    ((1u64 << bits) >> 6) as usize + 1
}
