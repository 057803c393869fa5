//! Which theorem turns finitely many values into a period for every heap, and how many
//! values it needs.
//!
//! **Guy-Smith periodicity theorem** (R. K. Guy and C. A. B. Smith, "The G-values of
//! various games", Proc. Cambridge Philos. Soc. 52 (1956) 514-526; Winning Ways, 2nd ed.,
//! vol. 1, chapter 4, "The Periodicity Theorem" for octal games; generalised here to
//! moves that leave up to three heaps). Let a finite take-and-break code have largest take
//! `t` (the index of its last nonzero digit, splits without taking counting as take 0) and
//! let every move leave at most `m` heaps, where we use `m = max(2, largest number of heaps
//! a digit allows)` (2 for octal codes, 3 when some hexadecimal digit has bit 8). Put
//! `n1 = max(n0, 1)`. If
//!
//! ```text
//! G(n + p) = G(n)   for every n with  n0 <= n < m*n1 + (m-1)*p + t,
//! ```
//!
//! then `G(n + p) = G(n)` for every `n >= n0`. The check reads the values of heaps
//! `0 .. m*n1 + m*p + t` (that many values: `2*n1 + 2p + t` for octal codes).
//!
//! Proof sketch (by induction on n past the checked range): an option of heap `n + p` takes
//! `k <= t` tokens and leaves at most `m` heaps summing to `n + p - k`; the largest, `b`, has
//! `b >= (n + p - t)/m >= n1 + p`, so replacing `b` by `b - p` (still at least `n1 >= 1`, so
//! the heap stays nonempty and the move stays legal) gives an option of `n` of equal value,
//! since `G(b) = G(b - p)` by induction. Conversely, adding `p` to the largest heap left by
//! an option of `n` gives an option of `n + p` of equal value. The two option sets have
//! the same values, hence the same mex. Winning Ways states the octal case with `n0` in
//! place of `n1`; for `n0 = 0` the heap `b - p` may be empty, which turns a two-heap move
//! into a one-heap move the code may not allow, so we check from `n1 = max(n0, 1)`, which
//! costs at most two more values. This is needed, not cautious: for `0.4` (take one,
//! leave two nonempty heaps) G = 0, 0, 0, 1, ..., so `G(n + 1) = G(n)` holds for
//! `0 <= n < 2*0 + 1 + 1`, yet period 1 fails at n = 2; a search of every code `0.abc`
//! found `0.4`, `0.04` and `0.004` fooled this way, and no other. Codes with `!` (heaps must differ) are excluded: the
//! pairing above can make equal heaps unequal and back.
//!
//! **Window repetition** for a finite subtraction set `S` with `s = max(S)`: G(n) is the
//! mex of `G(n - k)` for the `k` in `S` with `k <= n`, so for `n >= s` it depends only on the
//! `s` values before it. If `G(n + p) = G(n)` for `n0 <= n < n0 + s`, induction gives it for
//! every `n >= n0`. The check reads the values of heaps `0 .. n0 + s + p`.
//!
//! **Least period.** A certificate also claims that `p` is the least period and `n0` the
//! least preperiod. Once `p` is proven from `n0`, a smaller period `d` of the tail must
//! divide `p` and then holds from the same `n0`; it suffices to test `G(n + d) = G(n)` for
//! `n0 <= n < n0 + p`, which reads heaps up to `n0 + 2p - 1`. The preperiod is least when
//! `n0 = 0` or `G(n0 - 1 + p) != G(n0 - 1)`. A certificate therefore lists
//! `max(theorem's count, n0 + 2p)` values; the two differ only for subtraction sets with
//! `p > s`.

use std::fmt;

use crate::error::CertError;
use crate::rules::Rules;

/// The theorem a certificate rests on, with the parameters that fix its count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theorem {
    /// Guy-Smith for a finite code: `parts` = m (2 or 3), `take` = t.
    GuySmith {
        /// The m of the theorem: max(2, heaps a move may leave).
        parts: u64,
        /// The largest take t.
        take: u64,
    },
    /// Window repetition for a finite subtraction set with largest amount `max`.
    Window {
        /// s = max(S).
        max: u64,
    },
}

impl Theorem {
    /// The theorem that applies to `rules`.
    pub fn for_rules(rules: &Rules) -> Theorem {
        match rules {
            Rules::Code(_) => Theorem::GuySmith {
                parts: rules.max_parts().max(2),
                take: rules.max_take(),
            },
            Rules::Sub(_) => Theorem::Window {
                max: rules.max_take(),
            },
        }
    }

    /// How many values (heaps `0..count`) prove period `period` from `preperiod`, counting
    /// the window that shows the period and preperiod are least.
    ///
    /// Arguments: `preperiod` n0, `period` p (at least 1).
    ///
    /// Returns: the count, or [`CertError::ZeroPeriod`] / [`CertError::Overflow`].
    ///
    /// Complexity: O(1).
    ///
    /// Example:
    /// ```
    /// use grundy_verify::{Rules, Theorem};
    /// let kayles = Theorem::for_rules(&Rules::parse("0.77").unwrap());
    /// // 2*71 + 2*12 + 2 (Winning Ways: Kayles has period 12 from 71).
    /// assert_eq!(kayles.values_needed(71, 12).unwrap(), 168);
    /// ```
    pub fn values_needed(&self, preperiod: u64, period: u64) -> Result<u64, CertError> {
        if period == 0 {
            return Err(CertError::ZeroPeriod);
        }
        let overflow = CertError::Overflow { preperiod, period };
        let theorem = match *self {
            Theorem::GuySmith { parts, take } => {
                let n1 = preperiod.max(1);
                parts
                    .checked_mul(n1)
                    .and_then(|x| x.checked_add(parts.checked_mul(period)?))
                    .and_then(|x| x.checked_add(take))
            }
            Theorem::Window { max } => preperiod
                .checked_add(max)
                .and_then(|x| x.checked_add(period)),
        }
        .ok_or(overflow.clone())?;
        let least = period
            .checked_mul(2)
            .and_then(|x| x.checked_add(preperiod))
            .ok_or(overflow)?;
        Ok(theorem.max(least))
    }
}

impl fmt::Display for Theorem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Theorem::GuySmith { parts, take } => {
                write!(f, "guy-smith parts={parts} take={take}")
            }
            Theorem::Window { max } => write!(f, "window max={max}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needed(rules: &str, n0: u64, p: u64) -> u64 {
        Theorem::for_rules(&Rules::parse(rules).unwrap())
            .values_needed(n0, p)
            .unwrap()
    }

    #[test]
    fn counts() {
        // Dawson's Kayles: period 34 from 53, t = 2: 2*53 + 2*34 + 2.
        assert_eq!(needed("0.07", 53, 34), 176);
        // n0 = 0 is checked from n1 = 1.
        assert_eq!(needed("0.51", 0, 1), 2 + 2 + 2);
        // Three-way splits: 3*n1 + 3*p + t.
        assert_eq!(needed("8.0", 5, 2), 15 + 6);
        // Subtraction {2,3,7}: n0 + 7 + p, at least n0 + 2p.
        assert_eq!(needed("sub[2,3,7]", 0, 5), 12);
        assert_eq!(needed("sub[1]", 0, 2), 4);
    }

    #[test]
    fn preperiod_zero_is_checked_from_one() {
        // 0.4: G = 0, 0, 0, 1: with n0 = 0 read literally, three values would "prove"
        // period 1; from n1 = 1 five values are needed, and the fourth refutes it.
        let r = Rules::parse("0.4").unwrap();
        let g = crate::plain_values(&r, 5, &crate::Limits::default()).unwrap();
        assert_eq!(g[..4], [0, 0, 0, 1]);
        assert_eq!(needed("0.4", 0, 1), 5);
        assert_eq!(crate::claim::least_certified_period(&r, &g), None);
    }

    #[test]
    fn bad_claims() {
        let t = Theorem::for_rules(&Rules::parse("0.07").unwrap());
        assert_eq!(t.values_needed(3, 0), Err(CertError::ZeroPeriod));
        assert!(matches!(
            t.values_needed(u64::MAX / 2, 7),
            Err(CertError::Overflow { .. })
        ));
        assert_eq!(t.to_string(), "guy-smith parts=2 take=2");
    }
}
