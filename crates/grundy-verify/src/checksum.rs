//! The checksum of a nim-sequence, the same number ogsolve prints.
//!
//! ogsolve (crates.io, by P. Beling; read, not copied: it is GPL) prints, after
//! `checksum:`, a Fletcher-like sum of the nimbers of heaps 0..=N where N is its `-n`
//! argument: two 16-bit accumulators `a` and `b`, both wrapping modulo 2^16, with
//! `a += G(i)` then `b += a` for each heap in order, and the result `(b << 16) | a` printed
//! in upper-case hexadecimal without leading zeros (`{:X}`). Its nimbers are 16-bit, so
//! values of 65536 and more (which ogsolve cannot produce) enter here reduced modulo 2^16,
//! which is what the wrapping sum does anyway.
//!
//! Correspondence: the checksum of our values G(0..L) (L values) equals what
//! `ogsolve CODE -n L-1` prints, for codes ogsolve reads (`0.` or `4.` then octal digits).

/// Running checksum over values fed in heap order.
///
/// Example:
/// ```
/// use grundy_verify::Checksum;
/// // ogsolve 0.07 -n 10 prints "checksum: 38000C".
/// let mut c = Checksum::new();
/// for v in [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3] {
///     c.push(v);
/// }
/// assert_eq!(format!("{:X}", c.value()), "38000C");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checksum {
    a: u16,
    b: u16,
}

impl Checksum {
    /// The checksum of no values (0).
    pub fn new() -> Checksum {
        Checksum::default()
    }

    /// Adds the value of the next heap.
    pub fn push(&mut self, value: u32) {
        // Truncation to 16 bits is the reduction modulo 2^16 described above.
        self.a = self.a.wrapping_add(value as u16);
        self.b = self.b.wrapping_add(self.a);
    }

    /// The checksum so far: `(b << 16) | a`.
    pub fn value(&self) -> u32 {
        (u32::from(self.b) << 16) | u32::from(self.a)
    }
}

/// The ogsolve-compatible checksum of a whole sequence.
///
/// Arguments: `values`, G(0), G(1), ... in heap order.
///
/// Returns: `(b << 16) | a` as described in the module documentation.
///
/// Complexity: O(number of values), O(1) memory.
///
/// Example:
/// ```
/// use grundy_verify::checksum;
/// assert_eq!(checksum([0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]), 0x38000C);
/// ```
pub fn checksum(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut c = Checksum::new();
    for v in values {
        c.push(v);
    }
    c.value()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_wrap_modulo_two_to_the_sixteen() {
        assert_eq!(checksum([]), 0);
        assert_eq!(checksum([1, 2]), (4 << 16) | 3);
        // 70000 = 65536 + 4464: only the low 16 bits count.
        assert_eq!(checksum([70000]), checksum([4464]));
        // b wraps too: 300 values of 65535 = -1 each.
        let c = checksum(std::iter::repeat(65535).take(300));
        let a = (65536 * 300 - 300) % 65536;
        let b: u64 = (1..=300u64).map(|i| (65536 * i - i) % 65536).sum::<u64>() % 65536;
        assert_eq!(c, ((b as u32) << 16) | a as u32);
    }

    #[test]
    fn order_matters() {
        assert_ne!(checksum([1, 2, 3]), checksum([3, 2, 1]));
    }
}
