//! Take-and-break (octal and hexadecimal) games.
//!
//! Rules: `tb[CODE](n, ...)`, one heap per argument. In the code d0.d1d2..., digit d_k says what
//! may happen when k counters are taken from a heap: bit 1 leave no heap, bit 2 leave one heap,
//! bit 4 leave two heaps, bit 8 leave three (hexadecimal). d0 applies to taking nothing (a pure
//! split); `!` after a digit asks the heaps left to be pairwise unequal; `[d]` repeats forever.
//! `tb[0.07]` Dawson's Kayles, `tb[0.77]` Kayles, `tb[0.137]` Dawson's chess, `tb[0.6]` Officers,
//! `tb[4!.0]` Grundy's game, `tb[0.[3]]` Nim, `tb[4.[3]]` Lasker's Nim.
//! Worked example: Kayles tb[0.77](3): take the middle pin, leaving two single pins (value
//! 1 XOR 1 = 0), so G(3) = 3 and the first player wins.
//! Source: Berlekamp, Conway, Guy, Winning Ways, chapter 4; CGSuite's TakeAndBreak notation.

use std::sync::Arc;

use grundy_heap::{Code, HeapRules};

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::heap_seq::{BigOption, BigTake, ClosedForm, HeapSeq};
use super::{heap, heap_components, ArgError, Family, HeapTable, Move, ParamError, Ruleset, State};
use crate::rules::Arg;
use crate::solve::SolveError;
use crate::Nimber;

/// The registry entry.
pub static FAMILY: Family = Family {
    name: "tb",
    aliases: &["octal"],
    syntax: "tb[CODE](n, ...) with CODE like 0.07, 0.77, 4!.0, 4.[3]",
    summary: "take-and-break game given by its octal or hexadecimal code",
    example: "tb[0.07](20)",
    params: Some(true),
    build,
};

fn build(params: Option<&str>) -> Result<Arc<dyn Ruleset>, ParamError> {
    let text = params.unwrap_or("");
    let code = Code::parse(text).map_err(|e| ParamError::new(e.offset, e.message))?;
    Ok(Arc::new(TakeBreak {
        seq: HeapSeq::new(
            HeapRules::Tb(code.clone()),
            "this take-and-break game",
            closed_form(&code),
        ),
        code,
    }))
}

/// Closed forms proven for some codes with repeating digits (the tables check them too).
///
/// - `0.[3]` is Nim: G(n) = n.
/// - `4.[3]` is Lasker's Nim (Winning Ways, ch. 4; HDU 3032): G(4k+1) = 4k+1, G(4k+2) = 4k+2,
///   G(4k+3) = 4k+4, G(4k+4) = 4k+3.
/// - `8.[3]`, take any number or split into three (HDU 5795): G(8k+7) = 8k+8, G(8k+8) = 8k+7,
///   otherwise G(n) = n.
fn closed_form(code: &Code) -> Option<ClosedForm> {
    match code.to_string().as_str() {
        "0.[3]" => Some(ClosedForm {
            value: |n| n.clone(),
        }),
        "4.[3]" => Some(ClosedForm {
            value: |n| match (n % 4u32).to_u32() {
                Some(3) => n + 1u32,
                Some(0) if *n > BigUint::default() => n - 1u32,
                _ => n.clone(),
            },
        }),
        "8.[3]" => Some(ClosedForm {
            value: |n| match (n % 8u32).to_u32() {
                Some(7) => n + 1u32,
                Some(0) if *n > BigUint::default() => n - 1u32,
                _ => n.clone(),
            },
        }),
        _ => None,
    }
}

/// The kinds of option of a huge heap under a finite code without three-way splits, read from
/// the canonical text `d0[!].d1[!]d2[!]...`; `None` for other codes.
fn big_options(code: &Code) -> Option<Vec<BigOption>> {
    let text = code.to_string();
    if text.contains('[') {
        return None;
    }
    let mut digits: Vec<(u32, bool)> = Vec::new();
    for c in text.chars() {
        match c {
            '.' => {}
            '!' => digits.last_mut()?.1 = true,
            c => digits.push((c.to_digit(16)?, false)),
        }
    }
    let mut kinds = Vec::new();
    for (k, (bits, distinct)) in digits.into_iter().enumerate() {
        let k = k as u64;
        if bits & 8 != 0 {
            return None;
        }
        if bits & 2 != 0 && k > 0 {
            kinds.push(BigOption::Leave(BigTake::Small(k)));
        }
        if bits & 4 != 0 {
            kinds.push(BigOption::Split { take: k, distinct });
        }
        // Bit 1 (take the whole heap) never applies to a huge heap.
    }
    Some(kinds)
}

/// A take-and-break game with its code.
#[derive(Debug)]
pub struct TakeBreak {
    code: Code,
    seq: HeapSeq,
}

impl Ruleset for TakeBreak {
    fn name(&self) -> String {
        format!("tb[{}]", self.code)
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<State>, ArgError> {
        heap_components(args)
    }

    fn moves(&self, state: &State) -> Vec<Move> {
        let n = state.first().map(Arg::small).unwrap_or(0);
        self.code
            .options(n)
            .into_iter()
            .map(|m| {
                let left = match m.parts.len() {
                    0 => "nothing".to_string(),
                    _ => m
                        .parts
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(" and "),
                };
                let text = format!("take {} from the heap of {n}, leaving {left}", m.take);
                // Taking a whole heap leaves an empty heap in the rendering, so that the
                // position after the move stays readable (tb[0.07](0) rather than tb[0.07]()).
                let to = if m.parts.is_empty() {
                    vec![heap(0)]
                } else {
                    m.parts.into_iter().map(heap).collect()
                };
                Move { to, text }
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
        let Some(kinds) = big_options(&self.code) else {
            return Ok(None);
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
