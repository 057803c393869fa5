//! The machine words that hold a board: `u64` for boards of at most 64 cells (the common
//! case, and twice as fast), `u128` for up to 128.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

/// A word of cells, one bit each.
pub trait Word:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Sub<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// Bits in the word.
    const BITS: u32;
    /// No cell.
    const ZERO: Self;
    /// Cell 0.
    const ONE: Self;
    /// `self << s`, 0 when `s >= BITS`.
    fn shl(self, s: u32) -> Self;
    /// `self >> s`, 0 when `s >= BITS`.
    fn shr(self, s: u32) -> Self;
    /// Cells set.
    fn count_ones(self) -> u32;
    /// Index of the lowest cell (`BITS` when none).
    fn trailing_zeros(self) -> u32;
    /// Zeros above the highest cell.
    fn leading_zeros(self) -> u32;
    /// Consecutive cells from cell 0.
    fn trailing_ones(self) -> u32;
    /// The bits in reverse order.
    fn reverse_bits(self) -> Self;
    /// The lowest cell alone.
    fn lowest(self) -> Self;
    /// The word as 128 bits.
    fn to_u128(self) -> u128;
    /// The low bits of a 128-bit word (the caller knows they fit).
    fn from_u128(x: u128) -> Self;

    /// The low `n` bits set (`n <= BITS`).
    #[inline]
    fn low_bits(n: u32) -> Self {
        if n >= Self::BITS {
            !Self::ZERO
        } else {
            Self::ONE.shl(n) - Self::ONE
        }
    }

    /// Whether the word has at most one cell.
    #[inline]
    fn at_most_one(self) -> bool {
        self & (self - Self::ONE) == Self::ZERO || self == Self::ZERO
    }
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline]
            fn shl(self, s: u32) -> Self {
                self.checked_shl(s).unwrap_or(0)
            }
            #[inline]
            fn shr(self, s: u32) -> Self {
                self.checked_shr(s).unwrap_or(0)
            }
            #[inline]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline]
            fn trailing_ones(self) -> u32 {
                <$t>::trailing_ones(self)
            }
            #[inline]
            fn reverse_bits(self) -> Self {
                <$t>::reverse_bits(self)
            }
            #[inline]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline]
            fn from_u128(x: u128) -> Self {
                x as $t
            }
        }
    };
}

word!(u64);
word!(u128);
