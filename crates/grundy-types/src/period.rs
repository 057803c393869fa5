//! Periods of nim-sequences.

use serde::Serialize;

/// An (arithmetic) period of a nim-sequence: G(n + period) = G(n) + saltus for n >= preperiod.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Period {
    /// The least n0 from which the relation holds in the values examined.
    pub preperiod: u64,
    /// The least period found.
    pub period: u64,
    /// The constant added per period (0 for a plain period).
    pub saltus: u64,
    /// True only when a theorem certifies the relation for every n, not just the values
    /// examined: the Guy-Smith periodicity theorem for finite take-and-break codes, the
    /// repetition of a full window of `max(S)` values for finite subtraction sets.
    pub proven: bool,
    /// How many values (heaps 0..values_needed) the certificate needs; when `proven` is
    /// false, how many it would need (0 when no theorem applies).
    #[serde(skip_serializing_if = "is_zero")]
    pub values_needed: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}
