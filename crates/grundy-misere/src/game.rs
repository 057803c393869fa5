//! Heap games as the quotient computation sees them: a heap of `n` tokens and its options,
//! each option being the list of heaps it leaves.

use grundy_heap::{Code, HeapRules, SubSet};

use crate::error::QuotientError;

/// What the periodicity certificate needs to know about a ruleset (see
/// [`crate::Stability`]): every move removes at most `max_take` tokens and leaves at most
/// `max_parts` heaps, and any split into that many nonempty heaps of the remainder is
/// allowed (no "distinct parts" rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RuleShape {
    /// The largest number of tokens one move removes.
    pub max_take: u64,
    /// The most heaps one move leaves (1 for subtraction games, 2 for octal codes, 3 for
    /// hexadecimal codes that split in three).
    pub max_parts: u64,
}

/// A one-heap ruleset: the options of a heap of each size.
///
/// Octal and hexadecimal codes ([`Code`]), subtraction sets ([`SubSet`]), [`HeapRules`]
/// and closures ([`FnGame`]) implement it; a later script-defined family only needs
/// [`HeapGame::options`].
pub trait HeapGame {
    /// The options of a heap of `n` tokens; each option is the list of heap sizes it
    /// leaves (an empty list when the move leaves nothing; zeros are ignored). Every size
    /// must be smaller than `n`, or the quotient computation returns
    /// [`QuotientError::InvalidOption`].
    fn options(&self, n: u64) -> Vec<Vec<u64>>;

    /// The facts that allow a proof of periodicity, or `None` (the default) when the
    /// ruleset has no bounded take or has a rule that breaks the argument.
    fn shape(&self) -> Option<RuleShape> {
        None
    }

    /// A short name for reports, such as `tb[0.07]`.
    fn describe(&self) -> String {
        "custom".to_string()
    }
}

impl HeapGame for Code {
    fn options(&self, n: u64) -> Vec<Vec<u64>> {
        Code::options(self, n)
            .into_iter()
            .map(|m| m.parts)
            .collect()
    }

    fn shape(&self) -> Option<RuleShape> {
        let max_take = self.max_take()?;
        // The canonical spelling carries the digit bits and the `!` (distinct parts)
        // marks, which are not public otherwise.
        let text = self.to_string();
        if text.contains('!') || text.contains('[') {
            return None;
        }
        let mut bits = 0u32;
        for c in text.chars() {
            if let Some(d) = c.to_digit(16) {
                bits |= d;
            }
        }
        let max_parts = if bits & 8 != 0 {
            3
        } else if bits & 4 != 0 {
            2
        } else {
            1
        };
        Some(RuleShape {
            max_take,
            max_parts,
        })
    }

    fn describe(&self) -> String {
        format!("tb[{self}]")
    }
}

impl HeapGame for SubSet {
    fn options(&self, n: u64) -> Vec<Vec<u64>> {
        SubSet::options(self, n)
            .into_iter()
            .map(|k| if k == n { vec![] } else { vec![n - k] })
            .collect()
    }

    fn shape(&self) -> Option<RuleShape> {
        match self {
            SubSet::Finite(_) => self.max().map(|max_take| RuleShape {
                max_take,
                max_parts: 1,
            }),
            _ => None,
        }
    }

    fn describe(&self) -> String {
        format!("sub[{self}]")
    }
}

impl HeapGame for HeapRules {
    fn options(&self, n: u64) -> Vec<Vec<u64>> {
        match self {
            HeapRules::Tb(c) => HeapGame::options(c, n),
            HeapRules::Sub(s) => HeapGame::options(s, n),
            HeapRules::Custom(_) => {
                let mut out = Vec::new();
                self.for_each_option(n, &mut |parts| out.push(parts.to_vec()));
                out
            }
        }
    }

    fn shape(&self) -> Option<RuleShape> {
        match self {
            HeapRules::Tb(c) => c.shape(),
            HeapRules::Sub(s) => s.shape(),
            // The certificate's argument assumes the moves of small heaps are those of large
            // heaps cut short, which a custom family does not promise.
            HeapRules::Custom(_) => None,
        }
    }

    fn describe(&self) -> String {
        self.to_string()
    }
}

impl<G: HeapGame + ?Sized> HeapGame for &G {
    fn options(&self, n: u64) -> Vec<Vec<u64>> {
        (**self).options(n)
    }
    fn shape(&self) -> Option<RuleShape> {
        (**self).shape()
    }
    fn describe(&self) -> String {
        (**self).describe()
    }
}

/// A heap game given by a closure from the heap size to its options.
///
/// Example:
/// ```
/// use grundy_misere::{quotient, FnGame, QuotientOptions};
/// // Misere Nim written by hand: a heap of n may become any smaller heap.
/// let nim = FnGame::new("nim", |n| (0..n).map(|k| vec![k]).collect());
/// let q = quotient(&nim, 3, &QuotientOptions::default()).unwrap();
/// assert_eq!(q.order(), 6);
/// ```
pub struct FnGame<F> {
    name: String,
    options: F,
    shape: Option<RuleShape>,
}

impl<F: Fn(u64) -> Vec<Vec<u64>>> FnGame<F> {
    /// A game named `name` whose heap of `n` has the options `options(n)`.
    pub fn new(name: &str, options: F) -> FnGame<F> {
        FnGame {
            name: name.to_string(),
            options,
            shape: None,
        }
    }

    /// Declares the shape that the periodicity certificate relies on. Declaring a wrong
    /// shape makes the certificate wrong: only do it for rules you know.
    pub fn with_shape(mut self, shape: RuleShape) -> FnGame<F> {
        self.shape = Some(shape);
        self
    }
}

impl<F: Fn(u64) -> Vec<Vec<u64>>> HeapGame for FnGame<F> {
    fn options(&self, n: u64) -> Vec<Vec<u64>> {
        (self.options)(n)
    }
    fn shape(&self) -> Option<RuleShape> {
        self.shape
    }
    fn describe(&self) -> String {
        self.name.clone()
    }
}

/// The options of one heap, cleaned: zeros dropped, parts sorted, duplicates removed.
///
/// Errors: a part not smaller than `n` ([`QuotientError::InvalidOption`]).
pub(crate) fn clean_options<G: HeapGame + ?Sized>(
    game: &G,
    n: u64,
) -> Result<Vec<Vec<u64>>, QuotientError> {
    let mut out: Vec<Vec<u64>> = Vec::new();
    for mut parts in game.options(n) {
        parts.retain(|&p| p != 0);
        if let Some(&bad) = parts.iter().find(|&&p| p >= n) {
            return Err(QuotientError::InvalidOption { heap: n, part: bad });
        }
        parts.sort_unstable();
        out.push(parts);
    }
    out.sort();
    out.dedup();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        let s = |t: &str| HeapRules::parse(t).unwrap().shape();
        assert_eq!(
            s("tb[0.07]"),
            Some(RuleShape {
                max_take: 2,
                max_parts: 2
            })
        );
        assert_eq!(
            s("tb[0.3]"),
            Some(RuleShape {
                max_take: 1,
                max_parts: 1
            })
        );
        assert_eq!(
            s("tb[0.f]"),
            Some(RuleShape {
                max_take: 1,
                max_parts: 3
            })
        );
        assert_eq!(s("tb[4!.0]"), None);
        assert_eq!(s("tb[0.[3]]"), None);
        assert_eq!(
            s("sub[1,3,4]"),
            Some(RuleShape {
                max_take: 4,
                max_parts: 1
            })
        );
        assert_eq!(s("sub[pow2]"), None);
    }

    #[test]
    fn options_of_rules() {
        let kayles = HeapRules::parse("tb[0.77]").unwrap();
        assert_eq!(
            clean_options(&kayles, 3).unwrap(),
            vec![vec![1], vec![1, 1], vec![2]]
        );
        let sub = HeapRules::parse("sub[1,2]").unwrap();
        assert_eq!(clean_options(&sub, 2).unwrap(), vec![vec![], vec![1]]);
        let bad = FnGame::new("bad", |n| vec![vec![n]]);
        assert_eq!(
            clean_options(&bad, 4),
            Err(QuotientError::InvalidOption { heap: 4, part: 4 })
        );
    }
}
