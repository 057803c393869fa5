//! Nim: heaps of counters; a move takes any positive number from one heap.
//!
//! Rules: `nim(a, b, ...)` is a sum of one-heap games; from a heap of n you may leave any
//! 0 <= m < n. Theory (Bouton 1901; seed tutorial "Nim 和"): the value of a heap is n, the value
//! of the sum is the XOR of the heaps, and the winning moves change a heap a to a XOR x when that
//! is smaller (x the XOR of all heaps). Exact for heaps of any size.
//! Worked example: nim(3,4,5) has XOR 3^4^5 = 2, so it is an N-position with three winning
//! moves, to nim(1,4,5), nim(3,2,5) and nim(3,4,7).
//! Source: C. L. Bouton, "Nim, a game with a complete mathematical theory", 1901.

use std::sync::Arc;

use num_bigint::BigInt;

use super::{
    heap_components, heap_size, ArgError, Family, HeapTable, Move, ParamError, Period, Ruleset,
    State,
};
use crate::rules::Arg;
use crate::solve::SolveError;
use crate::Nimber;

/// The registry entry.
pub static FAMILY: Family = Family {
    name: "nim",
    aliases: &[],
    syntax: "nim(a, b, ...)",
    summary: "Nim: take any positive number of counters from one heap",
    example: "nim(3,4,5)",
    params: None,
    build,
};

fn build(_params: Option<&str>) -> Result<Arc<dyn Ruleset>, ParamError> {
    Ok(Arc::new(Nim))
}

/// The Nim ruleset.
#[derive(Debug, Clone, Copy)]
pub struct Nim;

/// Largest heap whose moves are listed one by one (the engine only does that in misere search
/// of mixed sums).
const ENUMERATE_LIMIT: u64 = 100_000;

impl Ruleset for Nim {
    fn name(&self) -> String {
        "nim".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<State>, ArgError> {
        heap_components(args)
    }

    fn moves(&self, state: &State) -> Vec<Move> {
        let n = state.first().map(Arg::small).unwrap_or(0);
        (0..n)
            .map(|m| Move {
                to: vec![vec![Arg::int(m)]],
                text: format!("take {} from the heap of {n}", n - m),
            })
            .collect()
    }

    fn searchable(&self, state: &State) -> Result<(), String> {
        let n = heap_size(state);
        if n > ENUMERATE_LIMIT.into() {
            return Err(format!(
                "the Nim heap {n} is too large to search move by move (at most {ENUMERATE_LIMIT}); \
                 misere play of Nim alone uses the closed form"
            ));
        }
        Ok(())
    }

    fn nimber(&self, state: &State) -> Result<Option<Nimber>, SolveError> {
        Ok(Some(Nimber::from_big(heap_size(state))))
    }

    fn moves_to_value(
        &self,
        state: &State,
        target: &Nimber,
    ) -> Result<Option<Vec<Move>>, SolveError> {
        let n = heap_size(state);
        let t = target.to_biguint();
        if t < n {
            let text = format!("take {} from the heap of {n}", &n - &t);
            return Ok(Some(vec![Move {
                to: vec![vec![Arg::Int(BigInt::from(t))]],
                text,
            }]));
        }
        Ok(Some(vec![]))
    }

    fn counted_moves_to_value(
        &self,
        state: &State,
        target: &Nimber,
        cap: usize,
    ) -> Result<Option<(Vec<Move>, num_bigint::BigUint)>, SolveError> {
        // At most one move per heap; build it only when it will be listed.
        let n = heap_size(state);
        let t = target.to_biguint();
        if t >= n {
            return Ok(Some((vec![], 0u32.into())));
        }
        let moves = if cap > 0 {
            self.moves_to_value(state, target)?.unwrap_or_default()
        } else {
            vec![]
        };
        Ok(Some((moves, 1u32.into())))
    }

    fn misere_nim_heap(&self, state: &State) -> Option<Nimber> {
        Some(Nimber::from_big(heap_size(state)))
    }

    fn heap_table(&self, n: u64) -> Option<Result<HeapTable, SolveError>> {
        Some(Ok(HeapTable {
            values: (0..=n).map(Nimber::new).collect(),
            // G(n + 1) = G(n) + 1 for every n: arithmetic period 1 with saltus 1, by definition.
            period: Some(Period {
                preperiod: 0,
                period: 1,
                saltus: 1,
                proven: true,
            }),
        }))
    }
}
