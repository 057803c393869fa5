//! One line of the census table: what is known about one ruleset from its first N values.

use serde::{Deserialize, Serialize};

use grundy_heap::{find_period, HeapRules, Values};
use grundy_verify::{certify, checksum, verify, CertError, Certificate, VerifyOptions};

/// How many rare values a row lists (the count of all of them is in `rare_heaps`).
pub const RARE_VALUES_LISTED: usize = 32;

/// What the census learned about one ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// The ruleset, canonical (`tb[0.07]`).
    pub rules: String,
    /// The code alone for take-and-break rules (`0.07`), else the ruleset.
    pub code: String,
    /// Values computed: heaps 0..values.
    pub values: u64,
    /// The least preperiod, when a period was found (proven or not).
    pub preperiod: Option<u64>,
    /// The least period found, proven or only seen (see `proven`).
    pub period: Option<u64>,
    /// The saltus of the period found (0 for a plain period).
    pub saltus: Option<u64>,
    /// Whether a theorem proves the period for every heap (Guy-Smith or window repetition).
    pub proven: bool,
    /// Values the proof needs (or would need, for an unproven period of covered rules).
    pub values_needed: Option<u64>,
    /// The largest value among heaps 0..values.
    pub max_value: u32,
    /// The bit mask of the sparse split (see [`sparse_split`]); `None` without one.
    pub rare_mask: Option<u32>,
    /// Heaps (among 0..values) whose value is rare under `rare_mask`; 0 without a mask.
    pub rare_heaps: u64,
    /// The largest heap with a rare value.
    pub last_rare: Option<u64>,
    /// The distinct rare values that occur, ascending, at most [`RARE_VALUES_LISTED`].
    pub rare_values: Vec<u32>,
    /// ogsolve-compatible checksum of the values, upper-case hexadecimal; equal to what
    /// `ogsolve CODE -n values-1` prints.
    pub checksum: String,
    /// Whether the independent checker (grundy-verify) accepted the certificate: `None`
    /// when not run (no proven period, or over the work limit).
    pub verified: Option<bool>,
    /// Anything unusual: an error for this code, a disagreement, why no check was run.
    pub note: String,
}

/// The sparse split of a sequence ("sparse space in the range", Winning Ways ch. 4 extras
/// "Sparse space spells speed"; Flammenkamp's octal-game tables): for a bit mask m, a value
/// v is **rare** when `popcount(v & m)` is even and **common** when it is odd, so that the
/// XOR of two common values is rare. The mask chosen is the one (among masks on the low
/// bits of the values, up to 12 bits and a bounded amount of work) that makes the fewest
/// heaps rare, the smallest such mask on ties; 0 is always rare. When even the best mask
/// leaves a quarter or more of the heaps rare, the sequence has no sparse split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SparseSplit {
    /// The mask m.
    pub mask: u32,
    /// Number of heaps with a rare value.
    pub rare_heaps: u64,
    /// The largest heap with a rare value (heap 0 at least).
    pub last_rare: u64,
    /// The distinct rare values that occur, ascending (all of them).
    pub rare_values: Vec<u32>,
}

/// Finds the sparse split of `values` as defined at [`SparseSplit`].
///
/// Arguments: `values`, G(0..N).
///
/// Returns: the split, or `None` when the best mask leaves at least N/4 heaps rare, when
/// every value is 0, when `values` is empty, or when a value is beyond 2^20.
///
/// Complexity: O(N + masks * distinct values), the second term bounded by about 4 million.
///
/// Example:
/// ```
/// use grundy_census::sparse_split;
/// // Values 1 and 2 are common under the mask 0b11 (odd weight); 0 and 3 are rare.
/// let g = [0, 1, 2, 1, 2, 1, 2, 1, 2, 3, 1, 2, 1, 2, 1, 2];
/// let s = sparse_split(&g).unwrap();
/// assert_eq!((s.mask, s.rare_heaps, s.last_rare), (0b11, 2, 9));
/// assert_eq!(s.rare_values, vec![0, 3]);
/// ```
pub fn sparse_split(values: &[u32]) -> Option<SparseSplit> {
    // One definition with `grundy pattern`'s census (grundy_pattern::sparse_split).
    let wide: Vec<u64> = values.iter().map(|&v| u64::from(v)).collect();
    let s = grundy_pattern::sparse_split(&wide)?;
    Some(SparseSplit {
        mask: u32::try_from(s.mask).ok()?,
        rare_heaps: s.rare_heaps,
        last_rare: s.last_rare,
        rare_values: s
            .rare_values
            .into_iter()
            .map(|v| u32::try_from(v).ok())
            .collect::<Option<Vec<u32>>>()?,
    })
}

/// What to do with a proven period, beyond recording it.
pub(crate) struct Proofs<'a> {
    /// Largest recomputation the independent checker may do (0: never check).
    pub verify_max_work: u128,
    /// Where certificates go, if anywhere (written by the caller).
    pub keep_certificate: bool,
    /// The budget, passed on to the checker.
    pub limits: &'a grundy_types::Limits,
}

/// Builds the row of `rules` from its values: period (grundy-heap's `find_period`, then
/// grundy-verify's certified search when the former proves nothing), sparse split,
/// checksum, certificate and its independent check.
///
/// Returns: the row and, when the period is proven and `proofs.keep_certificate`, its
/// certificate; `Err(CertError::Cancelled)` or `Err(CertError::TimeLimit)` only when the
/// budget stops the check.
pub(crate) fn analyze(
    rules: &HeapRules,
    values: &Values,
    proofs: &Proofs<'_>,
) -> Result<(Row, Option<Certificate>), CertError> {
    let text = rules.to_string();
    let g = values.to_vec();
    let mut notes: Vec<String> = Vec::new();
    let found = find_period(rules, values);
    // The certified search of grundy-verify finds the least period a theorem proves; it
    // also catches the rare case where find_period settles on an unproven candidate.
    let cert = match certify(&text, &g) {
        Ok(c) => c,
        Err(CertError::Rules { .. }) => None,
        Err(e) => {
            notes.push(format!("no certificate: {e}"));
            None
        }
    };
    let (preperiod, period, saltus, proven, needed) = match (&found, &cert) {
        (Some(p), Some(c)) if p.proven => {
            if (p.preperiod, p.period) != (c.preperiod, c.period) {
                notes.push(format!(
                    "disagreement: grundy-heap proves period {} from {}, grundy-verify {} \
                     from {}",
                    p.period, p.preperiod, c.period, c.preperiod
                ));
            }
            (
                Some(p.preperiod),
                Some(p.period),
                Some(p.saltus),
                true,
                Some(p.values_needed),
            )
        }
        (Some(p), None) if p.proven => {
            notes.push(format!(
                "disagreement: grundy-heap proves period {} from {}, grundy-verify finds no \
                 proof",
                p.period, p.preperiod
            ));
            (
                Some(p.preperiod),
                Some(p.period),
                Some(p.saltus),
                true,
                Some(p.values_needed),
            )
        }
        (_, Some(c)) => {
            if let Some(p) = &found {
                notes.push(format!(
                    "grundy-heap stopped at the unproven period {} from {}",
                    p.period, p.preperiod
                ));
            }
            (
                Some(c.preperiod),
                Some(c.period),
                Some(0),
                true,
                Some(c.values.len() as u64),
            )
        }
        (Some(p), None) => (
            Some(p.preperiod),
            Some(p.period),
            Some(p.saltus),
            false,
            (p.values_needed > 0).then_some(p.values_needed),
        ),
        (None, None) => (None, None, None, false, None),
    };
    let mut verified = None;
    if let Some(c) = &cert {
        if proofs.verify_max_work > 0 {
            let opts = VerifyOptions {
                max_work: proofs.verify_max_work,
                ..VerifyOptions::default()
            };
            match verify(c, &opts, proofs.limits) {
                Ok(_) => verified = Some(true),
                Err(e @ (CertError::Cancelled | CertError::TimeLimit { .. })) => return Err(e),
                Err(e @ (CertError::TooMuchWork { .. } | CertError::TooManyValues { .. })) => {
                    notes.push(format!("not checked: {e}"));
                }
                Err(e) => {
                    verified = Some(false);
                    notes.push(format!("certificate refused: {e}"));
                }
            }
        }
    }
    let sparse = sparse_split(&g);
    let code = match rules {
        HeapRules::Tb(c) => c.to_string(),
        HeapRules::Sub(_) | HeapRules::Custom(_) => text.clone(),
    };
    let row = Row {
        rules: text,
        code,
        values: g.len() as u64,
        preperiod,
        period,
        saltus,
        proven,
        values_needed: needed,
        max_value: values.max_value(),
        rare_mask: sparse.as_ref().map(|s| s.mask),
        rare_heaps: sparse.as_ref().map_or(0, |s| s.rare_heaps),
        last_rare: sparse.as_ref().map(|s| s.last_rare),
        rare_values: sparse.map_or_else(Vec::new, |s| {
            s.rare_values.into_iter().take(RARE_VALUES_LISTED).collect()
        }),
        checksum: format!("{:X}", checksum(values.iter())),
        verified,
        note: notes.join("; "),
    };
    Ok((row, cert.filter(|_| proofs.keep_certificate)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_split_for_dense_or_constant_sequences() {
        assert_eq!(sparse_split(&[]), None);
        assert_eq!(sparse_split(&[0, 0, 0]), None);
        // Nim: every value once; any mask leaves about half the heaps rare.
        let nim: Vec<u32> = (0..64).collect();
        assert_eq!(sparse_split(&nim), None);
    }

    #[test]
    fn the_mask_with_fewest_rare_heaps_wins() {
        // Values 1 and 2 common under mask 0b11; 0 and 3 rare.
        let g = [0, 1, 2, 1, 2, 1, 2, 1, 2, 3, 1, 2, 1, 2];
        let s = sparse_split(&g).unwrap();
        assert_eq!((s.mask, s.rare_heaps, s.last_rare), (0b11, 2, 9));
        assert_eq!(s.rare_values, vec![0, 3]);
    }
}
