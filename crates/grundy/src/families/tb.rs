//! Take-and-break (octal and hexadecimal) games.
//!
//! Rules: `tb[CODE](n, ...)`, one heap per argument. In the code d0.d1d2..., digit d_k says what
//! may happen when k counters are taken from a heap: bit 1 leave no heap, bit 2 leave one heap,
//! bit 4 leave two heaps, bit 8 leave three (hexadecimal). d0 applies to taking nothing (a pure
//! split); `!` after a digit asks the heaps left to be pairwise unequal; `[d]` repeats forever.
//! `tb[0.07]` Dawson's Kayles, `tb[0.77]` Kayles, `tb[0.137]` Dawson's chess, `tb[0.6]` Officers,
//! `tb[4!.0]` Grundy's game, `tb[0.[3]]` Nim, `tb[4.[3]]` Lasker's Nim.
//! Worked example: Kayles `tb[0.77](3)`: take the middle pin, leaving two single pins (value
//! 1 XOR 1 = 0), so G(3) = 3 and the first player wins.
//! Source: Berlekamp, Conway, Guy, Winning Ways, chapter 4; CGSuite's TakeAndBreak notation.

use grundy_heap::{Code, HeapRules};

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::rules::{
    heap_args, heap_sizes, Arg, ArgError, Counted, Family, HeapKernel, HeapTable, Opt, ParamError,
    Ruleset, RulesetRef, Source, Theory,
};
use crate::{Error, Limits, Nimber};
use grundy_heap::seq::{closed_splits, code_kinds, ClosedForm, HeapSeq, LowBits};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "tb",
        &["octal"],
        "tb[CODE](n, ...) with CODE like 0.07, 0.77, 4!.0, 4.[3], 0.0{5}7",
        "take-and-break game given by its octal or hexadecimal code",
        "tb[0.07](20)",
        Some(true),
        build,
    )
    .with_help(CODE_HELP)
}

/// How codes are written, for `list` and the README.
pub const CODE_HELP: &str = "\
A code d0.d1d2d3... has one digit per number of counters taken: d_k says what may remain \
when k counters are taken from one heap. Each digit is a sum of 1 (the heap may be taken \
whole, leaving nothing), 2 (one nonempty heap may remain), 4 (two nonempty heaps may \
remain) and, in hexadecimal digits 8 to f, 8 (three nonempty heaps may remain). So 3 = take \
k from a heap of more than k or of exactly k, 7 = also split what remains in two, 0 = no move \
takes k. d0 (before the point) is about taking nothing: 4 means a heap may be split in two \
without taking. A `!` after a digit asks the heaps that remain to be pairwise unequal \
(4!.0 is Grundy's game). `[d...]` at the end repeats forever (0.[3] is Nim, 4.[3] Lasker's \
Nim). A run of one digit may be shortened: 0.0{999}7 is 0. then 999 zeros then 7. \
Examples: 0.07 Dawson's Kayles, 0.77 Kayles, 0.137 Dawson's chess, 0.6 Officers.";

fn build(
    params: Option<&str>,
    _ctx: &crate::rules::BuildContext<'_>,
) -> Result<RulesetRef, ParamError> {
    let text = params.unwrap_or("");
    let code = Code::parse(text).map_err(|e| ParamError::new(e.offset, e.message))?;
    Ok(RulesetRef::of(TakeBreak {
        seq: HeapSeq::new(
            HeapRules::Tb(code.clone()),
            "this take-and-break game",
            closed_form(&code),
        ),
        code,
    }))
}

/// The heaps m with G(m) = v under a closed form that moves every value by at most one.
fn near(v: &BigUint) -> Vec<BigUint> {
    let mut out = vec![v.clone(), v + 1u32];
    if !v.is_zero() {
        out.push(v - 1u32);
    }
    out
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
            preimages: near,
            low_bits: Some(LowBits {
                width: 0,
                map: &[0],
            }),
        }),
        "4.[3]" => Some(ClosedForm {
            value: |n| match (n % 4u32).to_u32() {
                Some(3) => n + 1u32,
                Some(0) if *n > BigUint::default() => n - 1u32,
                _ => n.clone(),
            },
            preimages: near,
            // G(x) = 1 + L(x - 1) where L swaps 2 and 3 in the two low bits.
            low_bits: Some(LowBits {
                width: 2,
                map: &[0, 1, 3, 2],
            }),
        }),
        "8.[3]" => Some(ClosedForm {
            value: |n| match (n % 8u32).to_u32() {
                Some(7) => n + 1u32,
                Some(0) if *n > BigUint::default() => n - 1u32,
                _ => n.clone(),
            },
            preimages: near,
            // G(x) = 1 + L(x - 1) where L swaps 6 and 7 in the three low bits.
            low_bits: Some(LowBits {
                width: 3,
                map: &[0, 1, 2, 3, 4, 5, 7, 6],
            }),
        }),
        _ => None,
    }
}

/// A take-and-break game with its code.
#[derive(Debug)]
pub struct TakeBreak {
    code: Code,
    seq: HeapSeq,
}

impl Ruleset for TakeBreak {
    type P = BigUint;

    fn name(&self) -> String {
        format!("tb[{}]", self.code)
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<BigUint>, ArgError> {
        heap_sizes(args)
    }

    fn args(&self, n: &BigUint) -> Vec<Arg> {
        heap_args(n)
    }

    fn options(&self, n: &BigUint, limits: &Limits) -> Result<Vec<Opt<BigUint>>, Error> {
        let n = n.to_u64().unwrap_or(u64::MAX);
        grundy_heap::seq::check_option_count(n, self.code.option_bound(n), limits)?;
        Ok(self
            .code
            .options(n)
            .into_iter()
            .map(|m| {
                // Taking a whole heap leaves an empty heap in the rendering, so that the
                // position after the move stays readable (tb[0.07](0) rather than tb[0.07]()).
                if m.parts.is_empty() {
                    vec![BigUint::zero()]
                } else {
                    m.parts.into_iter().map(BigUint::from).collect()
                }
            })
            .collect())
    }

    fn describe(&self, n: &BigUint, to: &[BigUint]) -> String {
        let left: BigUint = to.iter().sum();
        let take = if left <= *n {
            n - &left
        } else {
            BigUint::zero()
        };
        let parts: Vec<String> = to
            .iter()
            .filter(|p| !p.is_zero())
            .map(ToString::to_string)
            .collect();
        let left = if parts.is_empty() {
            "nothing".to_string()
        } else {
            parts.join(" and ")
        };
        format!("take {take} from the heap of {n}, leaving {left}")
    }

    fn searchable(&self, n: &BigUint) -> Result<(), Error> {
        Ok(self.seq.searchable(n)?)
    }

    fn sample(&self, seed: u64) -> Vec<BigUint> {
        crate::rules::sample_heaps(seed, 14)
    }

    fn theory(&self) -> Option<&dyn Theory<BigUint>> {
        Some(self)
    }

    fn heap(&self) -> Option<&dyn HeapKernel> {
        Some(self)
    }
}

impl Theory<BigUint> for TakeBreak {
    fn source(&self, n: &BigUint) -> Source {
        self.seq.basis(n).into()
    }

    fn nimber(&self, n: &BigUint, limits: &Limits) -> Result<Option<Nimber>, Error> {
        Ok(Some(self.seq.value(n, limits)?))
    }

    fn counted_moves_to_value(
        &self,
        n: &BigUint,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<BigUint>>, Error> {
        if let Some(cf) = self.seq.closed_form() {
            return closed_form_moves(&self.code, cf, n, target, cap, limits, &self.seq);
        }
        Ok(self
            .seq
            .counted_moves(n, target, cap, code_kinds(&self.code, n), limits)?)
    }
}

impl HeapKernel for TakeBreak {
    fn heap_rules(&self) -> Option<&HeapRules> {
        Some(&self.seq.rules)
    }

    fn heap_table(&self, n: u64, limits: &Limits) -> Option<Result<HeapTable, Error>> {
        Some(self.seq.table(n, limits).map_err(Error::from))
    }
}

/// The winning moves of a heap of a closed-form code, at any size: one-heap moves through the
/// preimages of the target, splits by a bounded scan (counted exactly when the scan covers
/// every split).
fn closed_form_moves(
    code: &Code,
    cf: ClosedForm,
    n: &BigUint,
    target: &Nimber,
    cap: usize,
    limits: &Limits,
    seq: &HeapSeq,
) -> Result<Option<Counted<BigUint>>, Error> {
    if *n <= BigUint::from(grundy_heap::seq::LIST_UP_TO) {
        return Ok(None);
    }
    let t = target.to_biguint();
    let mut moves: Vec<Opt<BigUint>> = Vec::new();
    let mut count = Some(BigUint::default());
    // Leave one heap m < n with G(m) = t (every code here lets any k >= 1 be taken).
    let (leave_bits, _) = code.digit_at(1);
    if leave_bits & 2 != 0 {
        let mut cands = (cf.preimages)(&t);
        cands.sort();
        cands.dedup();
        for m in cands {
            if m < *n && !m.is_zero() && (cf.value)(&m) == t {
                if let Some(c) = count.as_mut() {
                    *c += 1u32;
                }
                if moves.len() < cap {
                    moves.push(vec![m]);
                }
            }
        }
    }
    if t.is_zero() && leave_bits & 1 != 0 {
        if let Some(c) = count.as_mut() {
            *c += 1u32;
        }
        if moves.len() < cap {
            moves.push(vec![BigUint::zero()]);
        }
    }
    // Splits (only d0 = 4 or 8 here: split without taking): counted exactly by the binary
    // shape of the closed form, at any size within its bound.
    let (bits0, distinct0) = code.digit_at(0);
    if let Some(low) = cf.low_bits.filter(|_| bits0 & 12 != 0) {
        for (bit, parts) in [(4u8, 2usize), (8, 3)] {
            if bits0 & bit == 0 {
                continue;
            }
            let room = cap - moves.len().min(cap);
            match closed_splits(low, n, parts, distinct0, &t, room, limits)? {
                Some((found, c)) => {
                    moves.extend(found);
                    count = match (count, c) {
                        (Some(a), Some(b)) => Some(a + b),
                        _ => None,
                    };
                }
                None => count = None,
            }
        }
        return Ok(Some((moves, count)));
    }
    if bits0 & 12 != 0 {
        let kinds = std::iter::once(if bits0 & 4 != 0 {
            grundy_heap::seq::Kind::Split {
                take: 0,
                distinct: false,
            }
        } else {
            grundy_heap::seq::Kind::Split3 {
                take: 0,
                distinct: false,
            }
        });
        let room = cap - moves.len().min(cap);
        match seq.counted_moves(n, target, room, kinds, limits)? {
            Some((found, c)) => {
                moves.extend(found);
                count = match (count, c) {
                    (Some(a), Some(b)) => Some(a + b),
                    _ => None,
                };
            }
            None => return Ok(None),
        }
    }
    Ok(Some((moves, count)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The binary shape of each closed form (which the split counting relies on) is the
    /// formula itself, on small heaps and on heaps past 2^64.
    #[test]
    fn low_bits_shapes_are_the_closed_forms() {
        for text in ["0.[3]", "4.[3]", "8.[3]"] {
            let code = Code::parse(text).unwrap();
            let cf = closed_form(&code).unwrap();
            let low = cf.low_bits.unwrap();
            let big = BigUint::from(u64::MAX) * 977u32;
            for x in (0u64..600)
                .map(BigUint::from)
                .chain((0u32..40).map(|i| &big + i))
            {
                assert_eq!((cf.value)(&x), low.value(&x), "{text} G({x})");
            }
        }
    }

    /// The closed forms equal the values computed by the heap kernels from the rules.
    #[test]
    fn closed_forms_equal_the_tables() {
        for text in ["0.[3]", "4.[3]", "8.[3]"] {
            let code = Code::parse(text).unwrap();
            let cf = closed_form(&code).unwrap();
            let table = grundy_heap::naive_values(&HeapRules::Tb(code.clone()), 120);
            for (n, v) in table.iter().enumerate() {
                assert_eq!(
                    (cf.value)(&BigUint::from(n)),
                    BigUint::from(*v),
                    "{text} G({n})"
                );
            }
        }
    }
}
