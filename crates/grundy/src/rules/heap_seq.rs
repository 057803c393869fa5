//! Shared machinery of one-heap families computed from a heap sequence (`sub`, `tb`): a table
//! of values grown on demand and the moves of one heap.

use std::sync::RwLock;

use grundy_heap::HeapRules;
use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{heap_size, too_large, HeapTable, State, SEARCH_HEAP_LIMIT};
use crate::solve::SolveError;
use crate::Nimber;

/// A heap sequence computed up to the largest heap asked for so far.
#[derive(Debug)]
pub struct HeapSeq {
    /// The heap rules (code or subtraction set).
    pub rules: HeapRules,
    family: &'static str,
    values: RwLock<Vec<u32>>,
}

impl HeapSeq {
    /// An empty table for `rules`; `family` names the family in messages.
    pub fn new(rules: HeapRules, family: &'static str) -> Self {
        HeapSeq {
            rules,
            family,
            values: RwLock::new(Vec::new()),
        }
    }

    /// Makes sure values 0..=n are computed.
    fn ensure(&self, n: u64) -> Result<(), SolveError> {
        if n > SEARCH_HEAP_LIMIT {
            return Err(too_large(self.family, &BigUint::from(n)));
        }
        let have = self.values.read().map(|v| v.len()).unwrap_or(0) as u64;
        if have > n {
            return Ok(());
        }
        // Grow geometrically so that many queries of rising size cost linear time overall.
        let want = (n + 1)
            .max(have.saturating_mul(2))
            .min(SEARCH_HEAP_LIMIT + 1);
        let computed = grundy_heap::naive_values(&self.rules, want as usize);
        if let Ok(mut v) = self.values.write() {
            if v.len() < computed.len() {
                *v = computed;
            }
        }
        Ok(())
    }

    /// The value of one heap of size `n` (any size; beyond the table limit it is an error).
    pub fn value(&self, n: &BigUint) -> Result<Nimber, SolveError> {
        let Some(k) = n.to_u64().filter(|&k| k <= SEARCH_HEAP_LIMIT) else {
            return Err(too_large(self.family, n));
        };
        self.ensure(k)?;
        let v = self
            .values
            .read()
            .ok()
            .and_then(|v| v.get(k as usize).copied())
            .ok_or_else(|| too_large(self.family, n))?;
        Ok(Nimber::from(v))
    }

    /// The value of a heap component.
    pub fn state_value(&self, state: &State) -> Result<Nimber, SolveError> {
        self.value(&heap_size(state))
    }

    /// The table of heaps 0..=n.
    pub fn table(&self, n: u64) -> Result<HeapTable, SolveError> {
        self.ensure(n)?;
        let v = self.values.read().map(|v| v.clone()).unwrap_or_default();
        let values = v
            .iter()
            .take(n as usize + 1)
            .map(|&x| Nimber::from(x))
            .collect();
        Ok(HeapTable {
            values,
            period: None,
        })
    }

    /// Refuses heaps too large to enumerate moves for.
    pub fn searchable(&self, state: &State) -> Result<(), String> {
        let n = heap_size(state);
        if n > BigUint::from(SEARCH_HEAP_LIMIT) {
            return Err(too_large(self.family, &n).to_string());
        }
        Ok(())
    }
}
