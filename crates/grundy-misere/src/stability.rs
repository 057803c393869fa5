//! Whether the partial quotient has stopped changing, and what that proves.
//!
//! **Proven periodicity.** Let `Q = Q_N` be the quotient of the heaps `0..=N` with heap
//! map `phi`. Suppose every move removes at most `k` tokens and leaves at most `s` heaps,
//! with every split of the remainder into that many nonempty heaps allowed, and that
//! `phi(n + p) = phi(n)` for `n0 <= n <= N - p`, with `N >= s * (n0 + p) + k`. Extend
//! `phi` to every heap by `phi(n) = phi(n - p)` for `n > N`. Then for every heap `h > N`
//! the elements of the options of `h` and of `h - p` are the same set: a single heap
//! `h - j` pairs with `h - p - j`, and a split pairs by moving `p` tokens from or to its
//! largest part, which stays at least `n0` by the bound on `N`. The verification rule of
//! [`crate::search`] (P iff some move and every move leads to N), checked for every
//! position of heaps `<= N` when `Q_N` was built, then holds for every position of any
//! heaps, because replacing each heap `h > N` by the heap `<= N` congruent to it modulo
//! `p` changes neither the element nor the set of elements of the options. So the
//! quotient of the whole game is `Q_N`, and `phi` is periodic from `n0`. This is the
//! Guy-Smith argument transported to quotients, in the spirit of the periodicity
//! theorem of Plambeck and Siegel ("Misere quotients for impartial games", JCTA 2008).
//!
//! **Observed stability.** Otherwise all that is known is when the quotient last changed:
//! it was the same for every bound from that heap to `N`, and nothing is known beyond
//! `N` (a quotient can grow after long quiet stretches).

use serde::Serialize;

use crate::game::RuleShape;

/// What is known about the quotient beyond the computed heaps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Stability {
    /// Proven: this is the misere quotient of the whole game (every heap size), and heap
    /// `n >= preperiod` has the element of heap `n - period`.
    Proven {
        /// First heap of the periodic part (`n0`).
        preperiod: u64,
        /// The period (`p`).
        period: u64,
        /// The least bound `N` for which the certificate holds with these `n0` and `p`.
        needed_to: u64,
        /// The statement in words.
        statement: String,
    },
    /// Only observed: the quotient was unchanged for every bound from `unchanged_since`
    /// to `computed_to`; nothing is proven about larger heaps.
    Observed {
        /// The last heap at which the quotient changed (0 if it never did).
        unchanged_since: u64,
        /// The largest heap computed.
        computed_to: u64,
        /// The statement in words, with the reason no proof applies.
        statement: String,
    },
}

impl Stability {
    /// The statement in words.
    pub fn statement(&self) -> &str {
        match self {
            Stability::Proven { statement, .. } | Stability::Observed { statement, .. } => {
                statement
            }
        }
    }

    /// Whether the quotient is proven to be the quotient of the whole game.
    pub fn is_proven(&self) -> bool {
        matches!(self, Stability::Proven { .. })
    }
}

/// The bound `N` that the certificate needs for preperiod `n0` and period `p`.
pub(crate) fn needed_bound(shape: RuleShape, n0: u64, p: u64) -> u64 {
    shape
        .max_parts
        .max(1)
        .saturating_mul(n0.saturating_add(p))
        .saturating_add(shape.max_take)
}

/// Decides the stability of a heap map `psi` (heaps `0..=N`), whose quotient last
/// changed at heap `last_change`.
///
/// Complexity: O(N^2) comparisons at most.
pub(crate) fn stability(psi: &[u32], shape: Option<RuleShape>, last_change: u64) -> Stability {
    let big_n = psi.len().saturating_sub(1) as u64;
    let observed = |why: &str| {
        Stability::Observed {
        unchanged_since: last_change,
        computed_to: big_n,
        statement: format!(
            "observed only: the quotient was the same for every bound from heap {last_change} to heap {big_n}; \
             nothing is proven about larger heaps ({why})"
        ),
    }
    };
    let Some(shape) = shape else {
        return observed(
            "the ruleset has no bounded take, or a rule the periodicity proof does not cover",
        );
    };
    let len = psi.len();
    // For each period, the least preperiod such that psi repeats from it up to N.
    let mut best: Option<(u64, u64, u64)> = None;
    for p in 1..len {
        let mut n0 = len - p;
        while n0 > 0 && psi[n0 - 1] == psi[n0 - 1 + p] {
            n0 -= 1;
        }
        let (n0, p) = (n0 as u64, p as u64);
        let need = needed_bound(shape, n0, p);
        if need <= big_n && best.map_or(true, |b| need < b.2) {
            best = Some((n0, p, need));
        }
    }
    match best {
        Some((n0, p, need)) => Stability::Proven {
            preperiod: n0,
            period: p,
            needed_to: need,
            statement: format!(
                "proven: this is the misere quotient of the whole game; heap n >= {n0} has the element of heap n - {p} \
                 (the heap map repeats with period {p} from heap {n0} to heap {big_n}, and {big_n} >= {s} * ({n0} + {p}) + {k}, \
                 where a move removes at most {k} tokens and leaves at most {s} heaps)",
                s = shape.max_parts.max(1),
                k = shape.max_take
            ),
        },
        None => observed("the heap map does not yet repeat long enough for the periodicity proof"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OCTAL: RuleShape = RuleShape {
        max_take: 2,
        max_parts: 2,
    };

    #[test]
    fn proves_when_long_enough() {
        // Period 2 from heap 1: needs N >= 2 * (1 + 2) + 2 = 8.
        let psi = [0, 1, 2, 1, 2, 1, 2, 1, 2];
        let s = stability(&psi, Some(OCTAL), 2);
        assert_eq!(
            s,
            Stability::Proven {
                preperiod: 1,
                period: 2,
                needed_to: 8,
                statement: s.statement().to_string()
            }
        );
        assert!(!stability(&psi[..8], Some(OCTAL), 2).is_proven());
        assert!(!stability(&psi, None, 2).is_proven());
    }

    #[test]
    fn observed_says_what_it_means() {
        let s = stability(&[0, 1, 2, 3], Some(OCTAL), 3);
        assert!(s.statement().starts_with("observed only"));
        assert!(matches!(
            s,
            Stability::Observed {
                unchanged_since: 3,
                computed_to: 3,
                ..
            }
        ));
    }
}
