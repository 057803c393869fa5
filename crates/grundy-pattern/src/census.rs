//! The census of rare values of a one-argument family: how often each nim-value occurs in
//! G(0..=N), which values are rare by frequency, and the split of the values into a common
//! and a rare class by one bit mask, as in the literature on octal games.

use serde::Serialize;

/// A value is rare by frequency when it occurs on fewer than one heap in `RARE_PER` (1%).
pub const RARE_PER: u64 = 100;

/// The most masks times distinct values the sparse split examines (as `grundy census`).
const SPARSE_WORK: usize = 1 << 22;

/// How often each nim-value occurs in G(0..=N), and which values are rare.
///
/// Two counts, both of the heaps 0..=N computed and nothing beyond:
/// - by frequency: the values that occur at least once but on fewer than 1% of the heaps;
/// - by binary digits ([`SparseSplit`]): the values whose bits under a mask m have an even
///   number of ones, when one mask makes them few (Guy and Smith's "rare values" of
///   Officers and Grundy's game; Gangolli and Plambeck's sparse space).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Census {
    /// How many heaps were counted: N + 1 (heaps 0..=N).
    pub heaps: u64,
    /// `counts[v]`: how many heaps n in 0..=N have G(n) = v, for v = 0..=max G.
    pub counts: Vec<u64>,
    /// The values that occur on at least one heap and on fewer than 1% of them, ascending.
    pub rare_by_frequency: Vec<u64>,
    /// How many heaps hold a value of `rare_by_frequency`.
    pub rare_by_frequency_heaps: u64,
    /// The split by one bit mask, when one leaves fewer than a quarter of the heaps rare.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sparse: Option<SparseSplit>,
}

/// The values split by a bit mask m: v is **rare** when `popcount(v & m)` is even and
/// **common** when it is odd (so 0 is rare, and the XOR of two common values is rare).
///
/// The mask is the one, among the masks on the low bits of the values (at most 12 bits and
/// a bounded amount of work), that makes the fewest heaps rare, the smallest mask on ties:
/// the same definition as the `rare_mask` of `grundy census`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SparseSplit {
    /// The mask m.
    pub mask: u64,
    /// How many heaps of 0..=N have a rare value.
    pub rare_heaps: u64,
    /// The largest heap of 0..=N with a rare value.
    pub last_rare: u64,
    /// The rare values that occur in G(0..=N), ascending.
    pub rare_values: Vec<u64>,
    /// The common values that occur in G(0..=N), ascending.
    pub common_values: Vec<u64>,
}

/// The census of G(0..=N).
///
/// Arguments: `values[n]` = G(n), n = 0..=N.
/// Returns: the counts, the values rare by frequency and the sparse split; `None` when
/// `values` is empty or its largest value is beyond 2^20 (a table of counts that large says
/// nothing about rare values).
/// Complexity: O(N + max G + masks * distinct values), the last term at most about 4
/// million.
/// Example:
/// ```
/// // 1 and 2 alternate; 0 and 3 occur once each.
/// let mut g = vec![0, 3];
/// g.extend((0..398).map(|n| 1 + n % 2));
/// let c = grundy_pattern::census(&g).unwrap();
/// assert_eq!(c.counts, vec![1, 199, 199, 1]);
/// assert_eq!(c.rare_by_frequency, vec![0, 3]);
/// let s = c.sparse.unwrap();
/// assert_eq!((s.mask, s.rare_values, s.rare_heaps), (0b11, vec![0, 3], 2));
/// ```
pub fn census(values: &[u64]) -> Option<Census> {
    let max = *values.iter().max()?;
    if max > 1 << 20 {
        return None;
    }
    let mut counts = vec![0u64; max as usize + 1];
    for &v in values {
        counts[v as usize] += 1;
    }
    let heaps = values.len() as u64;
    let rare_by_frequency: Vec<u64> = (0..=max)
        .filter(|&v| {
            let c = counts[v as usize];
            c > 0 && c * RARE_PER < heaps
        })
        .collect();
    let rare_by_frequency_heaps = rare_by_frequency.iter().map(|&v| counts[v as usize]).sum();
    Some(Census {
        heaps,
        sparse: split_by_mask(values, &counts),
        counts,
        rare_by_frequency,
        rare_by_frequency_heaps,
    })
}

/// The sparse split of G(0..=N) alone (as defined at [`SparseSplit`]): the one definition
/// that `grundy census`'s rare mask uses too.
///
/// Arguments: `values[n]` = G(n). Returns: the split, or `None` when every value is 0, when
/// the best mask leaves at least a quarter of the heaps rare, or when the largest value is
/// beyond 2^20 (as [`census`]).
/// Complexity: O(N + max G + masks * distinct values).
/// Example:
/// ```
/// let g = [0, 1, 2, 1, 2, 1, 2, 1, 2, 3, 1, 2, 1, 2, 1, 2];
/// let s = grundy_pattern::sparse_split(&g).unwrap();
/// assert_eq!((s.mask, s.rare_heaps, s.last_rare), (0b11, 2, 9));
/// assert_eq!(s.rare_values, vec![0, 3]);
/// ```
pub fn sparse_split(values: &[u64]) -> Option<SparseSplit> {
    census(values)?.sparse
}

fn split_by_mask(values: &[u64], counts: &[u64]) -> Option<SparseSplit> {
    let max = counts.len() as u64 - 1;
    if max == 0 {
        return None;
    }
    let present: Vec<(u64, u64)> = (0..=max)
        .filter(|&v| counts[v as usize] > 0)
        .map(|v| (v, counts[v as usize]))
        .collect();
    let mut bits = (64 - max.leading_zeros()).min(12);
    while bits > 1 && (1usize << bits) * present.len() > SPARSE_WORK {
        bits -= 1;
    }
    let even = |v: u64, m: u64| (v & m).count_ones() % 2 == 0;
    let mut best: Option<(u64, u64)> = None;
    for mask in 1..(1u64 << bits) {
        let rare: u64 = present
            .iter()
            .filter(|&&(v, _)| even(v, mask))
            .map(|&(_, c)| c)
            .sum();
        if best.map_or(true, |(r, _)| rare < r) {
            best = Some((rare, mask));
        }
    }
    let (rare_heaps, mask) = best?;
    if rare_heaps.saturating_mul(4) >= values.len() as u64 {
        return None;
    }
    let last_rare = values.iter().rposition(|&v| even(v, mask)).unwrap_or(0) as u64;
    let (rare_values, common_values): (Vec<u64>, Vec<u64>) = present
        .iter()
        .map(|&(v, _)| v)
        .partition(|&v| even(v, mask));
    Some(SparseSplit {
        mask,
        rare_heaps,
        last_rare,
        rare_values,
        common_values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grundys_game_first_values_have_no_rare_class_yet() {
        // A002188 (known-results.md): Grundy's game, heaps 0..=104. Its rare values (Guy and
        // Smith) show only far beyond; here 0 is frequent (11 of 105 heaps), no value
        // is under 1% but those seen once, and no mask leaves under a quarter rare.
        let g: Vec<u64> = [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1,
            2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2,
            1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3,
            7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
        ]
        .to_vec();
        assert_eq!(g.len(), 105);
        let c = census(&g).unwrap();
        assert_eq!(c.heaps, 105);
        assert_eq!(c.counts.iter().sum::<u64>(), 105);
        assert_eq!(c.counts[0], 11);
        // 1% of 105 heaps is 1.05: only a value seen once is rare; 6 never occurs.
        assert_eq!(c.counts[6], 0);
        assert!(c.rare_by_frequency.is_empty(), "{c:?}");
        assert_eq!(c.sparse, None, "{c:?}");
    }

    #[test]
    fn the_mask_is_the_one_with_fewest_rare_heaps() {
        // Values 1, 2, 4, 7 common (odd weight under 0b111), 0 and 3 rare once each.
        let mut g = vec![0, 3];
        for n in 0..400 {
            g.push([1, 2, 4, 7][n % 4]);
        }
        let c = census(&g).unwrap();
        let s = c.sparse.unwrap();
        assert_eq!(s.mask, 0b111);
        assert_eq!(
            (s.rare_values, s.rare_heaps, s.last_rare),
            (vec![0, 3], 2, 1)
        );
        assert_eq!(s.common_values, vec![1, 2, 4, 7]);
        assert_eq!(c.rare_by_frequency, vec![0, 3]);
        assert_eq!(c.rare_by_frequency_heaps, 2);
    }

    #[test]
    fn no_census_of_nothing_and_no_split_of_zeros() {
        assert_eq!(census(&[]), None);
        let c = census(&[0; 50]).unwrap();
        assert_eq!((c.counts, c.sparse), (vec![50], None));
    }
}
