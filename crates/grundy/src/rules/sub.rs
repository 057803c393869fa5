//! Subtraction games: a move takes an allowed number of counters from one heap.
//!
//! Rules: `sub[S](n, ...)`, one heap per argument; a move takes s in S from one heap (s <= heap).
//! S is a finite list (`sub[1,3,4]`), a range (`sub[1..k]`, Bash's game: G(n) = n mod (k + 1)),
//! or infinite: `sub[pow2]` (1, 2, 4, 8, ...; G(n) = n mod 3) and `sub[fib]` (1, 2, 3, 5, 8, ...).
//! Worked example (HDU 1847, seed tutorial): sub[pow2](3) has value 0, so the first player loses.
//! Source: Berlekamp, Conway, Guy, Winning Ways, chapter 4; the seed tutorials (Bash game).

use std::sync::Arc;

use grundy_heap::{HeapRules, SubSet};

use num_bigint::BigUint;

use super::heap_seq::{BigOption, BigTake, ClosedForm, HeapSeq};
use super::{heap, heap_components, ArgError, Family, HeapTable, Move, ParamError, Ruleset, State};
use crate::rules::Arg;
use crate::solve::SolveError;
use crate::Nimber;

/// The registry entry.
pub static FAMILY: Family = Family {
    name: "sub",
    aliases: &["subtraction"],
    syntax: "sub[SET](n, ...) with SET like 1,3,4 or 1..k or pow2 or fib",
    summary: "subtraction game: take an allowed number of counters from one heap",
    example: "sub[1,3,4](10,7)",
    params: Some(true),
    build,
};

fn build(params: Option<&str>) -> Result<Arc<dyn Ruleset>, ParamError> {
    let text = params.unwrap_or("");
    let set = SubSet::parse(text).map_err(|e| ParamError::new(e.offset, e.message))?;
    Ok(Arc::new(Subtraction {
        seq: HeapSeq::new(
            HeapRules::Sub(set.clone()),
            "this subtraction game",
            closed_form(&set),
        ),
        set,
    }))
}

/// The closed form proven for some infinite sets.
///
/// Powers of two: G(n) = n mod 3. Proof: no power of two is a multiple of 3, so from a
/// multiple of 3 every move leaves a non-multiple; from n = 3k + r (r = 1, 2) taking r (a power
/// of two) leaves a multiple of 3; values 0, 1, 2 by induction (the options of n = 3k + 2 include
/// 3k + 1 and 3k via 1 and 2, and never 3k + 2).
fn closed_form(set: &SubSet) -> Option<ClosedForm> {
    match set {
        SubSet::Pow2 => Some(ClosedForm {
            value: |n| n % 3u32,
        }),
        _ => None,
    }
}

/// A subtraction game with its set.
#[derive(Debug)]
pub struct Subtraction {
    set: SubSet,
    seq: HeapSeq,
}

impl Ruleset for Subtraction {
    fn name(&self) -> String {
        format!("sub[{}]", self.set)
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<State>, ArgError> {
        heap_components(args)
    }

    fn moves(&self, state: &State) -> Vec<Move> {
        let n = state.first().map(Arg::small).unwrap_or(0);
        self.set
            .options(n)
            .into_iter()
            .map(|k| Move {
                to: vec![heap(n - k)],
                text: format!("take {k} from the heap of {n}"),
            })
            .collect()
    }

    fn searchable(&self, state: &State) -> Result<(), String> {
        self.seq.searchable(state)
    }

    fn nimber(&self, state: &State) -> Result<Option<Nimber>, SolveError> {
        self.seq.state_value(state).map(Some)
    }

    fn counted_moves_to_value(
        &self,
        state: &State,
        target: &Nimber,
        cap: usize,
    ) -> Result<Option<(Vec<Move>, BigUint)>, SolveError> {
        let n = super::heap_size(state);
        let kinds: Vec<BigOption> = match &self.set {
            SubSet::Pow2 => (0..n.bits())
                .map(|j| BigOption::Leave(BigTake::Pow2(j)))
                .collect(),
            SubSet::Finite(f) => {
                // A finite set: every amount in it (sets are small lists of ranges).
                if f.len() > 100_000 {
                    return Ok(None);
                }
                f.ranges()
                    .iter()
                    .flat_map(|&(lo, hi)| lo..=hi)
                    .map(|k| BigOption::Leave(BigTake::Small(k)))
                    .collect()
            }
            _ => return Ok(None),
        };
        self.seq.counted_moves(&n, target, cap, &kinds)
    }

    fn heap_rules(&self) -> Option<&HeapRules> {
        Some(&self.seq.rules)
    }

    fn heap_table(&self, n: u64) -> Option<Result<HeapTable, SolveError>> {
        Some(self.seq.table(n))
    }
}
