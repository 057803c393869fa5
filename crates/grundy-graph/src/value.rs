//! Smith's generalized Sprague-Grundy values and the outcome classes of loopy games.

use std::fmt;
use std::str::FromStr;

use crate::GraphError;

/// The outcome class of a position of a game that may have cycles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The previous player wins: the player to move loses.
    P,
    /// The next player, the one to move, wins.
    N,
    /// Neither player can force a win: with best play the game goes on forever.
    D,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }
}

/// Smith's generalized Sprague-Grundy value γ of a position.
///
/// `Finite(n)` is an ordinary nimber `*n` (and the position behaves like a Nim heap of
/// size `n` in sums); `Infinite(K)` is `∞(K)`, where `K` is the sorted set of finite values
/// of the followers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A finite nim-value.
    Finite(u64),
    /// The value `∞(K)`; the vector holds `K`, sorted ascending without repeats.
    Infinite(Vec<u64>),
}

impl LoopyValue {
    /// The outcome class: `Finite(0)` is P, another finite value is N, and `∞(K)` is N
    /// when `0 ∈ K` (a move to a P-position exists) and D otherwise.
    ///
    /// Complexity: O(log |K|).
    ///
    /// Example:
    /// ```
    /// use grundy_graph::{LoopyValue, Outcome};
    /// assert_eq!(LoopyValue::Infinite(vec![1, 2]).outcome(), Outcome::D);
    /// assert_eq!(LoopyValue::Infinite(vec![0]).outcome(), Outcome::N);
    /// ```
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(0) => Outcome::P,
            LoopyValue::Finite(_) => Outcome::N,
            LoopyValue::Infinite(k) if k.binary_search(&0).is_ok() => Outcome::N,
            LoopyValue::Infinite(_) => Outcome::D,
        }
    }

    /// The finite value, or `None` for `∞(K)`.
    pub fn finite(&self) -> Option<u64> {
        match self {
            LoopyValue::Finite(n) => Some(*n),
            LoopyValue::Infinite(_) => None,
        }
    }
}

impl fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(0) => f.write_str("0"),
            // `*` for *1, as everywhere in Grundy and in CGSuite.
            LoopyValue::Finite(1) => f.write_str("*"),
            LoopyValue::Finite(n) => write!(f, "*{n}"),
            LoopyValue::Infinite(k) if k.is_empty() => f.write_str("∞"),
            LoopyValue::Infinite(k) => {
                f.write_str("∞(")?;
                for (i, x) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl FromStr for LoopyValue {
    type Err = GraphError;

    /// Parses the rendering of [`fmt::Display`]: `0`, `*`, `*N`, `∞`, `∞(a,b,...)`
    /// (spaces allowed inside the parentheses, `inf` accepted for `∞`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || GraphError::BadValue {
            text: s.to_string(),
        };
        let t = s.trim();
        if t == "0" {
            return Ok(LoopyValue::Finite(0));
        }
        if let Some(rest) = t.strip_prefix('*') {
            if rest.is_empty() {
                return Ok(LoopyValue::Finite(1));
            }
            return rest.parse().map(LoopyValue::Finite).map_err(|_| bad());
        }
        let rest = t
            .strip_prefix('∞')
            .or_else(|| t.strip_prefix("inf"))
            .ok_or_else(bad)?;
        if rest.is_empty() {
            return Ok(LoopyValue::Infinite(Vec::new()));
        }
        let inner = rest
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .ok_or_else(bad)?;
        let mut k = Vec::new();
        if !inner.trim().is_empty() {
            for part in inner.split(',') {
                k.push(part.trim().parse::<u64>().map_err(|_| bad())?);
            }
        }
        k.sort_unstable();
        k.dedup();
        Ok(LoopyValue::Infinite(k))
    }
}

/// The value of a disjunctive sum of components with the given values (Smith's rules).
///
/// Arguments: `values`, the generalized values of the components.
///
/// Returns: the XOR when every value is finite; `∞(K ⊕ a)` when exactly one component is
/// `∞(K)` and the XOR of the finite ones is `a` (so the sum is N iff `a ∈ K`, else D);
/// `∞` (empty `K`, a draw) when two or more components are infinite. The empty sum is `0`.
///
/// Complexity: O(k + |K| log |K|) for k components.
///
/// Example:
/// ```
/// use grundy_graph::{sum_value, LoopyValue::*};
/// assert_eq!(sum_value(&[Finite(3), Finite(5)]), Finite(6));
/// assert_eq!(sum_value(&[Infinite(vec![0, 2]), Finite(2)]), Infinite(vec![0, 2]));
/// assert_eq!(sum_value(&[Infinite(vec![0]), Infinite(vec![0])]), Infinite(vec![]));
/// ```
pub fn sum_value(values: &[LoopyValue]) -> LoopyValue {
    let mut xor = 0u64;
    let mut infinite: Option<&Vec<u64>> = None;
    let mut infinite_count = 0usize;
    for v in values {
        match v {
            LoopyValue::Finite(n) => xor ^= n,
            LoopyValue::Infinite(k) => {
                infinite_count += 1;
                infinite = Some(k);
            }
        }
    }
    match (infinite_count, infinite) {
        (0, _) | (_, None) => LoopyValue::Finite(xor),
        (1, Some(k)) => {
            let mut shifted: Vec<u64> = k.iter().map(|x| x ^ xor).collect();
            shifted.sort_unstable();
            shifted.dedup();
            LoopyValue::Infinite(shifted)
        }
        _ => LoopyValue::Infinite(Vec::new()),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // Tests unwrap inputs they built themselves.
mod tests {
    use super::*;

    #[test]
    fn display_and_parse_round_trip() {
        for (v, s) in [
            (LoopyValue::Finite(0), "0"),
            (LoopyValue::Finite(3), "*3"),
            (LoopyValue::Infinite(vec![]), "∞"),
            (LoopyValue::Infinite(vec![0, 1]), "∞(0,1)"),
        ] {
            assert_eq!(v.to_string(), s);
            assert_eq!(s.parse::<LoopyValue>().ok(), Some(v));
        }
        assert!("*x".parse::<LoopyValue>().is_err());
        assert!("∞(1".parse::<LoopyValue>().is_err());
    }

    #[test]
    fn outcomes() {
        assert_eq!(LoopyValue::Finite(0).outcome(), Outcome::P);
        assert_eq!(LoopyValue::Finite(2).outcome(), Outcome::N);
        assert_eq!(LoopyValue::Infinite(vec![]).outcome(), Outcome::D);
        assert_eq!(LoopyValue::Infinite(vec![0, 3]).outcome(), Outcome::N);
    }

    #[test]
    fn sums_follow_smith() {
        use LoopyValue::*;
        assert_eq!(sum_value(&[]), Finite(0));
        assert_eq!(sum_value(&[Finite(1), Finite(2), Finite(3)]), Finite(0));
        // One infinite component: N exactly when the finite part is in K.
        let s = sum_value(&[Infinite(vec![1, 2]), Finite(1)]);
        assert_eq!(s, Infinite(vec![0, 3]));
        assert_eq!(s.outcome(), Outcome::N);
        assert_eq!(
            sum_value(&[Infinite(vec![1, 2]), Finite(4)]).outcome(),
            Outcome::D
        );
        assert_eq!(
            sum_value(&[Infinite(vec![0]), Finite(0), Infinite(vec![0, 1])]),
            Infinite(vec![])
        );
    }
}
