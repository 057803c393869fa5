//! Nim-values: the `Nimber` type, `mex` and the nim-sum.
//!
//! A nimber is a non-negative integer read as a game value; `*n` is a Nim heap of size `n`.
//! Values that fit a machine word stay in a `u64`; larger ones (a 300-digit Nim heap) are exact
//! `BigUint`s, so nothing ever overflows or rounds.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{BitXor, BitXorAssign};

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

/// A nim-value (Sprague-Grundy value), exact for any size.
///
/// **Invariant:** the `Big` variant only holds values above `u64::MAX`, so equal values have
/// equal representations and the derived `Eq`/`Hash` are correct.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Nimber(Repr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    Small(u64),
    Big(BigUint),
}

impl Nimber {
    /// The zero nimber: the value of every P-position.
    pub const ZERO: Nimber = Nimber(Repr::Small(0));

    /// A nimber from a machine word.
    pub const fn new(n: u64) -> Nimber {
        Nimber(Repr::Small(n))
    }

    /// A nimber from an integer of any size (normalised to the small form when it fits).
    pub fn from_big(n: BigUint) -> Nimber {
        match n.to_u64() {
            Some(v) => Nimber(Repr::Small(v)),
            None => Nimber(Repr::Big(n)),
        }
    }

    /// Whether this is the zero nimber (the position is a P-position).
    pub fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small(0))
    }

    /// The value as a machine word, when it fits.
    pub fn to_u64(&self) -> Option<u64> {
        match &self.0 {
            Repr::Small(v) => Some(*v),
            Repr::Big(_) => None,
        }
    }

    /// The value as an exact big integer.
    pub fn to_biguint(&self) -> BigUint {
        match &self.0 {
            Repr::Small(v) => BigUint::from(*v),
            Repr::Big(b) => b.clone(),
        }
    }
}

impl serde::Serialize for Nimber {
    /// A JSON integer of any size: small values as numbers, large ones written out exactly
    /// (serde_json's arbitrary precision keeps every digit).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Repr::Small(v) => s.serialize_u64(*v),
            Repr::Big(b) => serialize_big(b, s),
        }
    }
}

/// Serializes an integer of any size as a bare JSON number.
///
/// Arguments: the integer and a serializer.
/// Returns: what the serializer returns; for serde_json, the digits as a JSON number.
/// Complexity: O(digits^2) for the decimal conversion.
/// Example: `serde_json::to_string(&Nimber::from_big(2u32.into()))` is `"2"`.
pub fn serialize_big<S: serde::Serializer>(b: &BigUint, s: S) -> Result<S::Ok, S::Error> {
    use std::str::FromStr;
    match b.to_u64() {
        Some(v) => s.serialize_u64(v),
        None => match serde_json::Number::from_str(&b.to_string()) {
            Ok(n) => serde::Serialize::serialize(&n, s),
            Err(_) => s.serialize_str(&b.to_string()),
        },
    }
}

impl Default for Nimber {
    fn default() -> Self {
        Nimber::ZERO
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Self {
        Nimber::new(n)
    }
}

impl From<u32> for Nimber {
    fn from(n: u32) -> Self {
        Nimber::new(u64::from(n))
    }
}

impl From<BigUint> for Nimber {
    fn from(n: BigUint) -> Self {
        Nimber::from_big(n)
    }
}

impl Ord for Nimber {
    fn cmp(&self, other: &Self) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small(a), Repr::Small(b)) => a.cmp(b),
            // Big values are always above every small one (the invariant).
            (Repr::Small(_), Repr::Big(_)) => Ordering::Less,
            (Repr::Big(_), Repr::Small(_)) => Ordering::Greater,
            (Repr::Big(a), Repr::Big(b)) => a.cmp(b),
        }
    }
}

impl PartialOrd for Nimber {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl BitXor for &Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: &Nimber) -> Nimber {
        match (&self.0, &rhs.0) {
            (Repr::Small(a), Repr::Small(b)) => Nimber::new(a ^ b),
            _ => Nimber::from_big(self.to_biguint() ^ rhs.to_biguint()),
        }
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        &self ^ &rhs
    }
}

impl BitXorAssign<&Nimber> for Nimber {
    fn bitxor_assign(&mut self, rhs: &Nimber) {
        if let (Repr::Small(a), Repr::Small(b)) = (&mut self.0, &rhs.0) {
            *a ^= *b;
            return;
        }
        *self = &*self ^ rhs;
    }
}

impl fmt::Display for Nimber {
    /// Prints the bare integer (`3`); use [`Nimber::star`] for the game notation `*3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad` honours width and alignment, so tables can align nimbers like integers.
        match &self.0 {
            Repr::Small(v) => f.pad_integral(true, "", &v.to_string()),
            Repr::Big(b) => f.pad_integral(true, "", &b.to_string()),
        }
    }
}

impl fmt::Debug for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{self}")
    }
}

impl Nimber {
    /// The value in game notation: `0`, `*`, `*2`, ... (CGSuite's spelling).
    pub fn star(&self) -> String {
        match self.to_u64() {
            Some(0) => "0".to_string(),
            Some(1) => "*".to_string(),
            _ => format!("*{self}"),
        }
    }
}

/// The nim-sum (XOR) of any number of nimbers: the value of a disjunctive sum.
///
/// Arguments: the values of the components.
/// Returns: their XOR.
/// Complexity: linear in the total number of bits.
/// Example: `nim_sum([3, 4, 5].map(Nimber::new).iter()) == Nimber::new(2)`.
pub fn nim_sum<'a>(values: impl IntoIterator<Item = &'a Nimber>) -> Nimber {
    let mut acc = Nimber::ZERO;
    for v in values {
        acc ^= v;
    }
    acc
}

/// The minimum excludant: the least nimber not among `values`.
///
/// Arguments: the values of a position's options, in any order, repeats allowed.
/// Returns: the position's nim-value.
/// Complexity: O(k) time and O(k) bits for k values (values >= k cannot matter).
/// Example: `mex(&[0, 2, 4].map(Nimber::new)) == Nimber::new(1)`.
pub fn mex(values: &[Nimber]) -> Nimber {
    let k = values.len();
    let mut seen = vec![false; k + 1];
    for v in values {
        if let Some(x) = v.to_u64() {
            if (x as usize) <= k && x < k as u64 + 1 {
                seen[x as usize] = true;
            }
        }
    }
    // There are only k values, so some index in 0..=k is free.
    let free = seen.iter().position(|s| !s).unwrap_or(k);
    Nimber::new(free as u64)
}

/// The minimum excludant of small values given as machine words.
///
/// Arguments: option values; Returns: the least value not present.
/// Complexity: O(k). Example: `mex_u64(&[1, 0, 3]) == 2`.
pub fn mex_u64(values: &[u64]) -> u64 {
    let k = values.len();
    let mut seen = vec![false; k + 1];
    for &x in values {
        if x <= k as u64 {
            seen[x as usize] = true;
        }
    }
    seen.iter().position(|s| !s).unwrap_or(k) as u64
}

impl Zero for Nimber {
    fn zero() -> Self {
        Nimber::ZERO
    }
    fn is_zero(&self) -> bool {
        Nimber::is_zero(self)
    }
}

impl std::ops::Add for Nimber {
    type Output = Nimber;
    /// Nimber addition is XOR (this impl exists for `num_traits::Zero`).
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn add(self, rhs: Nimber) -> Nimber {
        self ^ rhs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_examples_from_the_seeds() {
        assert_eq!(mex(&[0, 2, 4].map(Nimber::new)), Nimber::new(1));
        assert_eq!(mex(&[1, 2].map(Nimber::new)), Nimber::new(0));
        assert_eq!(mex(&[]), Nimber::new(0));
        assert_eq!(mex_u64(&[0, 1, 2]), 3);
    }

    #[test]
    fn big_values_normalise() {
        let big = BigUint::from(u64::MAX) + 1u32;
        let a = Nimber::from_big(big.clone());
        assert_eq!(a.to_u64(), None);
        let b = &a ^ &Nimber::from_big(big);
        assert_eq!(b, Nimber::ZERO);
        assert!(b.is_zero());
        assert!(Nimber::new(5) < a);
    }

    #[test]
    fn star_notation() {
        assert_eq!(Nimber::new(0).star(), "0");
        assert_eq!(Nimber::new(1).star(), "*");
        assert_eq!(Nimber::new(7).star(), "*7");
    }
}

#[cfg(test)]
mod serde_tests {
    use super::*;

    #[test]
    fn big_nimbers_are_exact_json_integers() {
        let big = Nimber::from_big(BigUint::from(10u32).pow(30) + 7u32);
        assert_eq!(
            serde_json::to_string(&big).unwrap(),
            "1000000000000000000000000000007"
        );
        assert_eq!(serde_json::to_string(&Nimber::new(5)).unwrap(), "5");
    }
}
