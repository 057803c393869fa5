//! Game values with the loopy infinity: a nimber, or Smith's `∞(K)`.

use std::fmt;
use std::str::FromStr;

use crate::{Nimber, Outcome};

/// The generalized Sprague-Grundy value of a position (C. A. B. Smith, 1966).
///
/// `Finite(n)` behaves like the Nim heap `*n` in sums; `Infinite(K)` is `∞(K)`, with `K` the
/// finite values of the followers: the game can go on forever, and the player to move wins
/// exactly when 0 is in `K`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// An ordinary nim-value.
    Finite(Nimber),
    /// `∞(K)`, K sorted ascending without repeats.
    Infinite(Vec<u64>),
}

impl serde::Serialize for Value {
    /// The text form (`0`, `*3`, `∞(0,1)`), as in the `value` field of the JSON output.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Value {
    /// A finite value from a machine word.
    pub fn finite(n: u64) -> Value {
        Value::Finite(Nimber::new(n))
    }

    /// Who wins: P for 0, N for another nimber or `∞(K)` with 0 in K, D otherwise.
    pub fn outcome(&self) -> Outcome {
        match self {
            Value::Finite(n) => Outcome::of_nimber(n),
            Value::Infinite(k) if k.binary_search(&0).is_ok() => Outcome::N,
            Value::Infinite(_) => Outcome::D,
        }
    }

    /// The nimber, when finite.
    pub fn nimber(&self) -> Option<&Nimber> {
        match self {
            Value::Finite(n) => Some(n),
            Value::Infinite(_) => None,
        }
    }
}

/// The value of a disjunctive sum by Smith's rules.
///
/// Arguments: the values of the components.
/// Returns: the XOR when all are finite; `∞(K XOR a)` when exactly one is `∞(K)` and the
/// others add to `a`; `∞` (empty K: a draw) when two or more are infinite.
/// Complexity: O(k + |K| log |K|).
/// Example: `sum(&[Value::Infinite(vec![0, 2]), Value::Finite(Nimber::new(2))])` is `∞(0,2)`.
pub fn sum(values: &[Value]) -> Value {
    let mut xor = Nimber::ZERO;
    let mut infinite: Vec<&Vec<u64>> = Vec::new();
    for v in values {
        match v {
            Value::Finite(n) => xor ^= n,
            Value::Infinite(k) => infinite.push(k),
        }
    }
    match infinite.as_slice() {
        [] => Value::Finite(xor),
        [k] => {
            // Finite parts too large for a machine word cannot be in K (K holds small values).
            let a = xor.to_u64();
            let mut shifted: Vec<u64> = match a {
                Some(a) => k.iter().map(|x| x ^ a).collect(),
                None => Vec::new(),
            };
            shifted.sort_unstable();
            shifted.dedup();
            Value::Infinite(shifted)
        }
        _ => Value::Infinite(Vec::new()),
    }
}

impl fmt::Display for Value {
    /// `0`, `*`, `*3`, `∞`, `∞(0,1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Finite(n) => f.write_str(&n.star()),
            Value::Infinite(k) if k.is_empty() => f.write_str("∞"),
            Value::Infinite(k) => {
                let parts: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞({})", parts.join(","))
            }
        }
    }
}

/// A text that is not a value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a value: expected `0`, `*`, `*N`, `∞` or `∞(a,b,...)`")]
pub struct ValueParseError {
    /// The offending text.
    pub text: String,
}

impl FromStr for Value {
    type Err = ValueParseError;

    /// Parses the rendering of [`fmt::Display`]: `0`, `*`, `*N`, `∞`, `∞(a,b,...)`
    /// (spaces allowed inside the parentheses, `inf` accepted for `∞`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ValueParseError {
            text: s.to_string(),
        };
        let t = s.trim();
        if t == "0" {
            return Ok(Value::finite(0));
        }
        if let Some(rest) = t.strip_prefix('*') {
            if rest.is_empty() {
                return Ok(Value::finite(1));
            }
            if !rest.chars().all(|c| c.is_ascii_digit()) {
                return Err(bad());
            }
            return num_bigint::BigUint::from_str(rest)
                .map(|n| Value::Finite(Nimber::from_big(n)))
                .map_err(|_| bad());
        }
        let rest = t
            .strip_prefix('∞')
            .or_else(|| t.strip_prefix("inf"))
            .ok_or_else(bad)?;
        if rest.is_empty() {
            return Ok(Value::Infinite(Vec::new()));
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
        Ok(Value::Infinite(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smith_sums() {
        let f = |n| Value::Finite(Nimber::new(n));
        assert_eq!(sum(&[f(3), f(5)]), f(6));
        assert_eq!(
            sum(&[Value::Infinite(vec![0, 2]), f(2)]),
            Value::Infinite(vec![0, 2])
        );
        assert_eq!(sum(&[Value::Infinite(vec![1]), f(1)]).outcome(), Outcome::N);
        assert_eq!(sum(&[Value::Infinite(vec![1]), f(2)]).outcome(), Outcome::D);
        assert_eq!(
            sum(&[Value::Infinite(vec![0]), Value::Infinite(vec![0])]),
            Value::Infinite(vec![])
        );
        assert_eq!(Value::Infinite(vec![0, 1]).to_string(), "∞(0,1)");
    }
}
