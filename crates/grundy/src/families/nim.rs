//! Nim: heaps of counters; a move takes any positive number from one heap.
//!
//! Rules: `nim(a, b, ...)` is a sum of one-heap games; from a heap of n you may leave any
//! 0 <= m < n. Theory (Bouton 1901): the value of a heap is n, the value
//! of the sum is the XOR of the heaps, and the winning moves change a heap a to a XOR x when that
//! is smaller (x the XOR of all heaps). Exact for heaps of any size.
//! Worked example: nim(3,4,5) has XOR 3^4^5 = 2, so it is an N-position with three winning
//! moves, to nim(1,4,5), nim(3,2,5) and nim(3,4,7).
//! Source: C. L. Bouton, "Nim, a game with a complete mathematical theory", 1901.

use num_bigint::BigUint;

use crate::rules::{
    heap_args, heap_sizes, Arg, ArgError, Counted, Family, HeapKernel, HeapTable, Opt, Ruleset,
    RulesetRef, Source, Theory,
};
use crate::{Error, Limits, Nimber};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "nim",
        &[],
        "nim(a, b, ...)",
        "Nim: take any positive number of counters from one heap",
        "nim(3,4,5)",
        None,
        |_, _| Ok(RulesetRef::of(Nim)),
    )
}

/// The Nim ruleset.
#[derive(Debug, Clone, Copy)]
pub struct Nim;

/// Largest heap whose moves are listed one by one (the engine only does that in misere search
/// of mixed sums).
const ENUMERATE_LIMIT: u64 = 100_000;

impl Ruleset for Nim {
    type P = BigUint;

    fn name(&self) -> String {
        "nim".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<BigUint>, ArgError> {
        heap_sizes(args)
    }

    fn args(&self, n: &BigUint) -> Vec<Arg> {
        heap_args(n)
    }

    fn options(&self, n: &BigUint, limits: &Limits) -> Result<Vec<Opt<BigUint>>, Error> {
        let k = u64::try_from(n).unwrap_or(u64::MAX);
        // A heap of n has n options: refuse before building more than the search may store.
        grundy_heap::seq::check_option_count(k, u128::from(k), limits)?;
        Ok((0..k).map(|m| vec![BigUint::from(m)]).collect())
    }

    fn describe(&self, n: &BigUint, to: &[BigUint]) -> String {
        let left = to.first().cloned().unwrap_or_default();
        format!("take {} from the heap of {n}", n - left.min(n.clone()))
    }

    fn searchable(&self, n: &BigUint) -> Result<(), Error> {
        if *n > ENUMERATE_LIMIT.into() {
            return Err(Error::too_large(format!(
                "the Nim heap {n} is too large to search move by move (at most {ENUMERATE_LIMIT}); \
                 misere play of Nim alone uses the closed form"
            )));
        }
        Ok(())
    }

    fn sample(&self, seed: u64) -> Vec<BigUint> {
        crate::rules::sample_heaps(seed, 12)
    }

    fn theory(&self) -> Option<&dyn Theory<BigUint>> {
        Some(self)
    }

    fn heap(&self) -> Option<&dyn HeapKernel> {
        Some(self)
    }
}

impl Theory<BigUint> for Nim {
    fn source(&self, _n: &BigUint) -> Source {
        // A heap of n is the nimber *n: its options are the heaps below it.
        Source::Nimber
    }

    fn nimber(&self, n: &BigUint, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        Ok(Some(Nimber::from_big(n.clone())))
    }

    fn counted_moves_to_value(
        &self,
        n: &BigUint,
        target: &Nimber,
        cap: usize,
        _limits: &Limits,
    ) -> Result<Option<Counted<BigUint>>, Error> {
        // At most one move per heap; build it only when it will be listed.
        let t = target.to_biguint();
        if t >= *n {
            return Ok(Some((vec![], Some(BigUint::default()))));
        }
        let moves = if cap > 0 { vec![vec![t]] } else { vec![] };
        Ok(Some((moves, Some(1u32.into()))))
    }
}

impl HeapKernel for Nim {
    fn heap_table(&self, n: u64, _limits: &Limits) -> Option<Result<HeapTable, Error>> {
        if n >= u64::from(u32::MAX) {
            return Some(Err(Error::too_large(format!(
                "a table of {n} Nim heaps holds values beyond 32 bits"
            ))));
        }
        Some(Ok(HeapTable {
            values: grundy_heap::Values::from_u32(&(0..=n as u32).collect::<Vec<u32>>()),
            // G(n + 1) = G(n) + 1 for every n: arithmetic period 1 with saltus 1, by definition.
            period: Some(crate::Period {
                preperiod: 0,
                period: 1,
                saltus: 1,
                proven: true,
                values_needed: 0,
            }),
        }))
    }
}
