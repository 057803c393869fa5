//! Misere play of sums of heaps through the quotient: multiply, look up, and find a
//! winning move by trying each heap's options against the product of the other heaps.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::error::QuotientError;
use crate::game::{clean_options, HeapGame};
use crate::quotient::MisereQuotient;

/// The misere outcome of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// The player to move loses (under misere play: the last player to move loses).
    P,
    /// The player to move wins.
    N,
}

/// A winning move of a sum: heap `index` of the sum (of `heap` tokens) becomes `to`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WinningMove {
    /// Position of the heap in the sum as given.
    pub index: usize,
    /// Its size.
    pub heap: u64,
    /// The heaps it leaves (sorted, no zeros; empty when it is taken away).
    pub to: Vec<u64>,
}

/// The misere analysis of a sum of heaps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SumAnalysis {
    /// The element of the sum (the product of its heaps' elements).
    pub element: u32,
    /// Its normal form.
    pub element_name: String,
    /// P iff the element is in the P-portion.
    pub outcome: Outcome,
    /// A winning move: `None` for P-positions, and for N-positions with no move at all
    /// (the player to move cannot move, and so has already won).
    pub winning_move: Option<WinningMove>,
}

/// The distinct sizes of a sum with their counts, after checking the range.
fn tally(q: &MisereQuotient, heaps: &[u64]) -> Result<BTreeMap<u64, u64>, QuotientError> {
    let mut counts: BTreeMap<u64, u64> = BTreeMap::new();
    for &h in heaps {
        q.heap_element(h)?;
        *counts.entry(h).or_insert(0) += 1;
    }
    Ok(counts)
}

impl MisereQuotient {
    /// The element of a sum of heaps.
    ///
    /// Arguments: `heaps`, the heap sizes of the sum (any order, repeats allowed).
    ///
    /// Returns: the product of the heaps' elements.
    ///
    /// Errors: a heap beyond [`MisereQuotient::computed_to`]
    /// ([`QuotientError::HeapOutOfRange`]).
    ///
    /// Complexity: O(h + d log h) table look-ups for `h` heaps with `d` distinct sizes.
    ///
    /// Example:
    /// ```
    /// use grundy_heap::HeapRules;
    /// use grundy_misere::{quotient, QuotientOptions};
    /// let nim = HeapRules::parse("tb[0.[3]]").unwrap();
    /// let q = quotient(&nim, 3, &QuotientOptions::default()).unwrap();
    /// let x = q.element_of_sum(&[2, 2]).unwrap();
    /// assert_eq!(q.name(x), "b^2");
    /// ```
    pub fn element_of_sum(&self, heaps: &[u64]) -> Result<u32, QuotientError> {
        let counts = tally(self, heaps)?;
        let t = self.raw_table();
        let mut acc = 0u32;
        for (&h, &c) in &counts {
            acc = crate::monoid::Monoid::mul(t, acc, t.pow(self.heap_element(h)?, c));
        }
        Ok(acc)
    }

    /// Whether a sum of heaps is a misere P-position.
    ///
    /// Errors and complexity: as [`MisereQuotient::element_of_sum`].
    pub fn is_p_sum(&self, heaps: &[u64]) -> Result<bool, QuotientError> {
        Ok(self.is_p(self.element_of_sum(heaps)?))
    }

    /// Every winning move of a sum, found by multiplying: for each distinct heap size,
    /// the product of the rest of the sum times each option's element is looked up in the
    /// P-portion. No search of the sum takes place.
    ///
    /// Arguments: `game`, the ruleset the quotient was computed for (its options are
    /// listed again here); `heaps`, the sum.
    ///
    /// Returns: the winning moves, by heap position then option; empty for P-positions
    /// and for positions with no move. One move per distinct heap size and option (the
    /// first heap of that size in `heaps`).
    ///
    /// Errors: a heap beyond the computed range; an invalid option of `game`.
    ///
    /// Complexity: O(h + d log h + sum of the option counts of the `d` distinct sizes).
    ///
    /// Example:
    /// ```
    /// use grundy_heap::HeapRules;
    /// use grundy_misere::{quotient, QuotientOptions};
    /// let nim = HeapRules::parse("tb[0.[3]]").unwrap();
    /// let q = quotient(&nim, 3, &QuotientOptions::default()).unwrap();
    /// // Misere Nim 1 + 1 + 2: reduce the 2 to 1, leaving an odd number of ones.
    /// let moves = q.winning_moves(&nim, &[1, 1, 2]).unwrap();
    /// assert_eq!(moves.len(), 1);
    /// assert_eq!((moves[0].index, moves[0].heap, moves[0].to.clone()), (2, 2, vec![1]));
    /// ```
    pub fn winning_moves<G: HeapGame + ?Sized>(
        &self,
        game: &G,
        heaps: &[u64],
    ) -> Result<Vec<WinningMove>, QuotientError> {
        self.find_moves(game, heaps, false)
    }

    /// The winning moves, or only the first one found with `first_only`.
    fn find_moves<G: HeapGame + ?Sized>(
        &self,
        game: &G,
        heaps: &[u64],
        first_only: bool,
    ) -> Result<Vec<WinningMove>, QuotientError> {
        let counts = tally(self, heaps)?;
        let t = self.raw_table();
        let sizes: Vec<(u64, u64)> = counts.into_iter().collect();
        // Prefix and suffix products over the distinct sizes give "the rest of the sum"
        // for each size without dividing.
        let powers: Vec<u32> = sizes
            .iter()
            .map(|&(h, c)| self.heap_element(h).map(|x| t.pow(x, c)))
            .collect::<Result<_, _>>()?;
        let mul = |a: u32, b: u32| crate::monoid::Monoid::mul(t, a, b);
        let mut prefix = vec![0u32; sizes.len() + 1];
        for i in 0..sizes.len() {
            prefix[i + 1] = mul(prefix[i], powers[i]);
        }
        if self.is_p(prefix[sizes.len()]) {
            return Ok(Vec::new());
        }
        let mut suffix = vec![0u32; sizes.len() + 1];
        for i in (0..sizes.len()).rev() {
            suffix[i] = mul(suffix[i + 1], powers[i]);
        }
        let mut moves = Vec::new();
        for (i, &(h, c)) in sizes.iter().enumerate() {
            let rest = mul(
                mul(prefix[i], suffix[i + 1]),
                t.pow(self.heap_element(h)?, c - 1),
            );
            let index = heaps.iter().position(|&x| x == h).unwrap_or(0);
            for parts in clean_options(game, h)? {
                let mut x = rest;
                for &part in &parts {
                    x = mul(x, self.heap_element(part)?);
                }
                if self.is_p(x) {
                    moves.push(WinningMove {
                        index,
                        heap: h,
                        to: parts,
                    });
                    if first_only {
                        return Ok(moves);
                    }
                }
            }
        }
        moves.sort_by_key(|m| m.index);
        Ok(moves)
    }

    /// The misere analysis of a sum: element, outcome and one winning move.
    ///
    /// Arguments, errors and complexity: as [`MisereQuotient::winning_moves`].
    ///
    /// Example:
    /// ```
    /// use grundy_heap::HeapRules;
    /// use grundy_misere::{quotient, Outcome, QuotientOptions};
    /// let kayles = HeapRules::parse("tb[0.77]").unwrap();
    /// let q = quotient(&kayles, 8, &QuotientOptions::default()).unwrap();
    /// let a = q.analyze_sum(&kayles, &[1, 1]).unwrap();
    /// assert_eq!(a.outcome, Outcome::N);
    /// assert_eq!(q.analyze_sum(&kayles, &[1]).unwrap().outcome, Outcome::P);
    /// ```
    pub fn analyze_sum<G: HeapGame + ?Sized>(
        &self,
        game: &G,
        heaps: &[u64],
    ) -> Result<SumAnalysis, QuotientError> {
        let element = self.element_of_sum(heaps)?;
        let outcome = if self.is_p(element) {
            Outcome::P
        } else {
            Outcome::N
        };
        let winning_move = match outcome {
            Outcome::P => None,
            Outcome::N => self.find_moves(game, heaps, true)?.into_iter().next(),
        };
        Ok(SumAnalysis {
            element,
            element_name: self.name(element).to_string(),
            outcome,
            winning_move,
        })
    }
}
