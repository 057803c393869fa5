//! Integer literals of the expression language (`12`, `-3`, `10^100`), read the same way by the
//! parser, by families that read numbers inside brackets, and by the play prompt.

use num_bigint::{BigInt, BigUint};
use num_traits::{Num, Pow};

/// Largest integer literal accepted, in bits (about 300,000 decimal digits).
pub const MAX_INT_BITS: u64 = 1_000_000;

/// Reads a word as an integer literal when it is one (`12`, `-3`, `10^100`).
///
/// Returns `None` for words that are not integer literals, and `Some(Err)` for literals that are
/// malformed or too large.
pub fn classify_word(word: &str) -> Option<Result<BigInt, String>> {
    let (neg, body) = match word.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, word),
    };
    let (base, exp) = match body.split_once('^') {
        Some((b, e)) => (b, Some(e)),
        None => (body, None),
    };
    if base.is_empty() || !base.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    // Up to 19 digits fit a u64: parsed without the general conversion (a sum of 10^6 heaps
    // is 10^6 short words).
    let base_n = match base.len() {
        1..=19 => BigUint::from(base.parse::<u64>().ok()?),
        _ => BigUint::from_str_radix(base, 10).ok()?,
    };
    let value = match exp {
        None => base_n,
        Some(e) => {
            if e.is_empty() || !e.chars().all(|c| c.is_ascii_digit()) {
                return Some(Err(format!(
                    "'{word}' is not a number: after '^' write the exponent's digits"
                )));
            }
            let Ok(e) = e.parse::<u64>() else {
                return Some(Err(format!("the exponent in '{word}' is too large")));
            };
            let bits_needed = (base_n.bits().max(1)).saturating_mul(e);
            if bits_needed > MAX_INT_BITS && base_n > BigUint::from(1u32) {
                return Some(Err(format!(
                    "'{word}' is too large (over {MAX_INT_BITS} bits); numbers may have at most about 300000 digits"
                )));
            }
            Pow::pow(&base_n, e)
        }
    };
    if value.bits() > MAX_INT_BITS {
        return Some(Err(format!(
            "the number at this place is too large (over {MAX_INT_BITS} bits)"
        )));
    }
    let v = BigInt::from(value);
    Some(Ok(if neg { -v } else { v }))
}

#[cfg(test)]
mod tests {
    use super::classify_word;
    use num_bigint::BigInt;

    /// The u64 path (up to 19 digits) and the general one agree at their border and beyond:
    /// every word reads as the number its digits say, leading zeros included.
    #[test]
    fn numbers_read_the_same_on_both_sides_of_19_digits() {
        for w in [
            "0",
            "007",
            "9999999999999999999",
            "10000000000000000000",
            "18446744073709551615",
            "18446744073709551616",
            "0000000000000000000001",
            "-9223372036854775808",
            "12345678901234567890123",
        ] {
            let expected: BigInt = w.parse().unwrap();
            assert_eq!(classify_word(w), Some(Ok(expected)), "{w}");
        }
        assert_eq!(classify_word("12a"), None);
        assert_eq!(classify_word(""), None);
    }
}
