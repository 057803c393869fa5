//! Which codes a census covers.
//!
//! "Every octal game with up to D code digits" means here: every canonical code
//! `d0.d1...dk` with `1 <= k <= D`, octal digits `d1..dk` (0 to 7), last digit `dk` nonzero
//! (so trailing zeros never make two names for one game, and the game with no move, `0.0`,
//! is left out), and `d0 = 0`, or `d0` in {0, 4} on request (`4.` allows splitting a heap
//! in two without taking, as in Flammenkamp's tables of `0.???` and `4.???`). A `d0 = 4`
//! census also holds `4.0` (split without taking, nothing else). Games with equal or
//! shifted sequences (0.07 is 0.4 shifted by one heap) are all listed: the census does not
//! merge equivalent games. That makes `8^D - 1` codes with `d0 = 0` (511 for D = 3) and
//! `8^D` with `d0 = 4`.

/// Which digits may stand before the point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstDigit {
    /// `d0 = 0` only: the octal games of Winning Ways' tables.
    Zero,
    /// `d0 = 0` and `d0 = 4`.
    ZeroAndFour,
}

/// The canonical codes of every octal game with 1 to `digits` digits after the point, as
/// ruleset texts `tb[0.07]`, in increasing order of the code read as a number (0.001 before
/// 0.01 before 0.1), the `d0 = 4` codes after those with `d0 = 0`.
///
/// Arguments: `digits`, at most 6 (8^6 codes already); `first`, which `d0` to include.
///
/// Returns: the ruleset texts, each once.
///
/// Complexity: O(8^digits).
///
/// Example:
/// ```
/// use grundy_census::{octal_codes, FirstDigit};
/// let two = octal_codes(2, FirstDigit::Zero);
/// assert_eq!(two.len(), 63);
/// assert_eq!(&two[..3], ["tb[0.01]", "tb[0.02]", "tb[0.03]"]);
/// assert!(two.contains(&"tb[0.77]".to_string()) && two.contains(&"tb[0.7]".to_string()));
/// assert_eq!(octal_codes(3, FirstDigit::ZeroAndFour).len(), 511 + 512);
/// ```
pub fn octal_codes(digits: usize, first: FirstDigit) -> Vec<String> {
    let digits = digits.min(6);
    let firsts: &[u8] = match first {
        FirstDigit::Zero => &[0],
        FirstDigit::ZeroAndFour => &[0, 4],
    };
    let mut out = Vec::new();
    for &d0 in firsts {
        let total = 8usize.pow(digits as u32);
        // x runs over all digit strings of length `digits`, in numeric order; trailing
        // zeros are dropped, and x = 0 is the code with no digit.
        for x in 0..total {
            let mut s: Vec<u8> = (0..digits)
                .map(|i| ((x / 8usize.pow((digits - 1 - i) as u32)) % 8) as u8)
                .collect();
            while s.last() == Some(&0) {
                s.pop();
            }
            if s.is_empty() && d0 == 0 {
                continue;
            }
            let body: String = s.iter().map(|d| char::from(b'0' + d)).collect();
            let body = if body.is_empty() { "0".into() } else { body };
            out.push(format!("tb[{d0}.{body}]"));
        }
    }
    // Each x has its own padded digit string, so stripping trailing zeros never maps two
    // values of x to one code: no repeats.
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_order() {
        let one = octal_codes(1, FirstDigit::Zero);
        assert_eq!(one.len(), 7);
        assert_eq!(one[0], "tb[0.1]");
        let three = octal_codes(3, FirstDigit::Zero);
        assert_eq!(three.len(), 511);
        assert_eq!(three[0], "tb[0.001]");
        assert_eq!(three.last().map(String::as_str), Some("tb[0.777]"));
        let i = |c: &str| three.iter().position(|x| x == c).unwrap();
        assert!(i("tb[0.007]") < i("tb[0.01]") && i("tb[0.01]") < i("tb[0.011]"));
        let four = octal_codes(1, FirstDigit::ZeroAndFour);
        assert_eq!(four.len(), 7 + 8);
        assert!(four.contains(&"tb[4.0]".to_string()));
        assert!(!four.contains(&"tb[0.0]".to_string()));
    }
}
