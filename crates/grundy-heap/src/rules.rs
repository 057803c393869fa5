//! One-heap rulesets and the brute-force reference computation.

use std::fmt;
use std::str::FromStr;

use crate::code::{Code, CodeError};
use crate::custom::CustomRules;
use crate::subset::SubSet;

/// A one-heap ruleset: a take-and-break code, a subtraction set, or the moves of any other
/// heap game ([`CustomRules`], through the [`crate::HeapMoves`] trait, so that a new family
/// needs no new variant here).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapRules {
    /// Take-and-break game, written `tb[CODE]`.
    Tb(Code),
    /// Subtraction game, written `sub[SET]`.
    Sub(SubSet),
    /// Any other heap game, named by its family.
    Custom(CustomRules),
}

impl HeapRules {
    /// Parses `tb[CODE]` or `sub[SET]` (the spellings of the CLI).
    ///
    /// Arguments: `text`, such as `tb[0.07]` or `sub[1,3,4]`.
    ///
    /// Returns: the rules, or a [`CodeError`] whose offset counts characters from the
    /// start of `text`.
    ///
    /// Complexity: linear in the length of `text`.
    ///
    /// Example:
    /// ```
    /// use grundy_heap::HeapRules;
    /// let r = HeapRules::parse("tb[0.070]").unwrap();
    /// assert_eq!(r.to_string(), "tb[0.07]");
    /// assert_eq!(HeapRules::parse("tb[0.7x]").unwrap_err().offset, 6);
    /// ```
    pub fn parse(text: &str) -> Result<HeapRules, CodeError> {
        let (kind, prefix_chars) = if let Some(rest) = text.strip_prefix("tb[") {
            (Some(true), rest)
        } else if let Some(rest) = text.strip_prefix("sub[") {
            (Some(false), rest)
        } else {
            (None, text)
        };
        let Some(is_tb) = kind else {
            return Err(CodeError::new(
                0,
                "expected tb[CODE] or sub[SET], such as tb[0.07] or sub[1,3,4]",
            ));
        };
        let offset = if is_tb { 3 } else { 4 };
        let Some(inner) = prefix_chars.strip_suffix(']') else {
            return Err(CodeError::new(
                text.chars().count(),
                "expected ']' to close the ruleset parameters",
            ));
        };
        if is_tb {
            Code::parse(inner)
                .map(HeapRules::Tb)
                .map_err(|e| e.shifted(offset))
        } else {
            SubSet::parse(inner)
                .map(HeapRules::Sub)
                .map_err(|e| e.shifted(offset))
        }
    }
}

impl HeapRules {
    /// Whether a theorem can prove a period of these rules from a finite table: finite codes
    /// without `!` (Guy-Smith), finite subtraction sets and custom rules with a
    /// [`crate::Window`] (a repeated window of values).
    pub fn certifiable(&self) -> bool {
        match self {
            HeapRules::Tb(code) => code.is_finite() && !code.has_distinct(),
            HeapRules::Sub(s) => s.max().is_some(),
            HeapRules::Custom(c) => c.window().is_some(),
        }
    }

    /// Calls `each` with the heaps that each move from a heap of `n` leaves (an empty slice
    /// for a move that leaves nothing).
    ///
    /// Complexity: the number of options times their parts.
    pub fn for_each_option(&self, n: u64, each: &mut dyn FnMut(&[u64])) {
        match self {
            HeapRules::Tb(code) => {
                for m in code.options(n) {
                    each(&m.parts);
                }
            }
            HeapRules::Sub(set) => {
                for k in set.options(n) {
                    if k == n {
                        each(&[]);
                    } else {
                        each(&[n - k]);
                    }
                }
            }
            HeapRules::Custom(c) => c.options(n, each),
        }
    }
}

impl fmt::Display for HeapRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeapRules::Tb(c) => write!(f, "tb[{c}]"),
            HeapRules::Sub(s) => write!(f, "sub[{s}]"),
            HeapRules::Custom(c) => f.write_str(c.name()),
        }
    }
}

impl FromStr for HeapRules {
    type Err = CodeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        HeapRules::parse(s)
    }
}

/// Smallest value not in `seen` (the minimum excludant).
fn mex(seen: &[bool]) -> u32 {
    seen.iter()
        .position(|&s| !s)
        .map_or(seen.len() as u32, |p| p as u32)
}

/// The nim-values of single heaps of sizes `0..n`, by plain mex over every option.
///
/// This is the brute-force reference that every fast path is tested against: it builds
/// each [`crate::Move`] and XORs the values of its parts.
///
/// Arguments: `rules`; `n`, the number of heap sizes (the result has `n` entries, for heaps
/// `0, 1, ..., n - 1`).
///
/// Returns: `values[h]` = G(h); for custom rules with a move that does not shrink the heap,
/// the values before the first such heap (the dense kernels refuse those rules).
///
/// Complexity: O(n^2) for codes that split in two, O(n^3) for three-way splits,
/// O(n * |S|) for subtraction sets; memory O(n) plus one heap's options. Use
/// [`crate::values`] for long tables.
///
/// Example:
/// ```
/// use grundy_heap::{naive_values, HeapRules};
/// let kayles = HeapRules::parse("tb[0.77]").unwrap();
/// assert_eq!(naive_values(&kayles, 6), vec![0, 1, 2, 3, 1, 4]);
/// ```
pub fn naive_values(rules: &HeapRules, n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n);
    let mut seen: Vec<bool> = Vec::new();
    for h in 0..n {
        seen.clear();
        let mut shrinks = true;
        rules.for_each_option(h as u64, &mut |parts| {
            let mut v = 0;
            for &p in parts {
                match g.get(p as usize) {
                    Some(&x) if (p as usize) < h => v ^= x,
                    _ => shrinks = false,
                }
            }
            let v = v as usize;
            if v >= seen.len() {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
        });
        if !shrinks {
            break;
        }
        g.push(mex(&seen));
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(s: &str, n: usize) -> Vec<u32> {
        naive_values(&HeapRules::parse(s).unwrap(), n)
    }

    #[test]
    fn closed_forms() {
        // Nim: G(n) = n.
        assert_eq!(naive("tb[0.[3]]", 20), (0..20).collect::<Vec<u32>>());
        // Bash with take 1..3: n mod 4.
        assert_eq!(
            naive("sub[1..3]", 20),
            (0..20).map(|n| n % 4).collect::<Vec<u32>>()
        );
        // Subtraction by powers of two: n mod 3 (known-results.md, closed forms).
        assert_eq!(
            naive("sub[pow2]", 40),
            (0..40).map(|n| n % 3).collect::<Vec<u32>>()
        );
        // Lasker's Nim: G(4k+3) = 4k+4, G(4k+4) = 4k+3, else n.
        let lasker: Vec<u32> = (0..40u32)
            .map(|n| match n % 4 {
                3 => n + 1,
                0 if n > 0 => n - 1,
                _ => n,
            })
            .collect();
        assert_eq!(naive("tb[4.[3]]", 40), lasker);
        // Take any or split into three (HDU 5795): G(8k+7) = 8k+8, G(8k+8) = 8k+7.
        let hdu: Vec<u32> = (0..30u32)
            .map(|n| match n % 8 {
                7 => n + 1,
                0 if n > 0 => n - 1,
                _ => n,
            })
            .collect();
        assert_eq!(naive("tb[8.[3]]", 30), hdu);
    }

    #[test]
    fn rules_parse_errors() {
        assert_eq!(HeapRules::parse("foo").unwrap_err().offset, 0);
        assert_eq!(HeapRules::parse("tb[0.07").unwrap_err().offset, 7);
        assert_eq!(HeapRules::parse("sub[1,x]").unwrap_err().offset, 6);
        assert_eq!(
            HeapRules::parse("sub[3,1]").unwrap().to_string(),
            "sub[1,3]"
        );
    }
}
