//! Subtraction games: a move takes an allowed number of counters from one heap.
//!
//! Rules: `sub[S](n, ...)`, one heap per argument; a move takes s in S from one heap (s <= heap).
//! S is a finite list (`sub[1,3,4]`), a range (`sub[1..k]`, Bash's game: G(n) = n mod (k + 1)),
//! or infinite: `sub[pow2]` (1, 2, 4, 8, ...; G(n) = n mod 3) and `sub[fib]` (1, 2, 3, 5, 8, ...).
//! Worked example (HDU 1847, seed tutorial): sub[pow2](3) has value 0, so the first player loses.
//! Source: Berlekamp, Conway, Guy, Winning Ways, chapter 4; the seed tutorials (Bash game).

use grundy_heap::{HeapRules, SubSet};

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::heap_seq::{ClosedForm, HeapSeq, Kind, LIST_UP_TO};
use super::{
    heap_args, heap_sizes, Arg, ArgError, Family, HeapTable, Opt, ParamError, Ruleset, RulesetRef,
};
use crate::{Error, Limits, Nimber};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "sub",
        &["subtraction"],
        "sub[SET](n, ...) with SET like 1,3,4 or 1..k or pow2 or fib",
        "subtraction game: take an allowed number of counters from one heap",
        "sub[1,3,4](10,7)",
        Some(true),
        build,
    )
}

fn build(params: Option<&str>, _ctx: &super::BuildContext<'_>) -> Result<RulesetRef, ParamError> {
    let text = params.unwrap_or("");
    let set = SubSet::parse(text).map_err(|e| ParamError::new(e.offset, e.message))?;
    Ok(RulesetRef::of(Subtraction {
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
            preimages: |_| Vec::new(),
            low_bits: None,
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

/// The most amounts of a finite set examined one by one for a large heap.
const AMOUNT_LIMIT: u64 = 1_000_000;

impl Ruleset for Subtraction {
    type P = BigUint;

    fn name(&self) -> String {
        format!("sub[{}]", self.set)
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<BigUint>, ArgError> {
        heap_sizes(args)
    }

    fn args(&self, n: &BigUint) -> Vec<Arg> {
        heap_args(n)
    }

    fn options(&self, n: &BigUint, limits: &Limits) -> Result<Vec<Opt<BigUint>>, Error> {
        let n = n.to_u64().unwrap_or(u64::MAX);
        let bound: u128 = match &self.set {
            SubSet::Finite(s) => s
                .ranges()
                .iter()
                .filter(|&&(lo, _)| lo <= n)
                .map(|&(lo, hi)| u128::from(hi.min(n) - lo) + 1)
                .sum(),
            // Powers of two and Fibonacci numbers below 2^64: fewer than 100.
            _ => 100,
        };
        super::heap_seq::check_option_count(n, bound, limits)?;
        Ok(self
            .set
            .options(n)
            .into_iter()
            .map(|k| vec![BigUint::from(n - k)])
            .collect())
    }

    fn describe(&self, n: &BigUint, to: &[BigUint]) -> String {
        let left = to.first().cloned().unwrap_or_default();
        let k = if left <= *n {
            n - left
        } else {
            BigUint::zero()
        };
        format!("take {k} from the heap of {n}")
    }

    fn searchable(&self, n: &BigUint) -> Result<(), Error> {
        self.seq.searchable(n)
    }

    fn nimber(&self, n: &BigUint, limits: &Limits) -> Result<Option<Nimber>, Error> {
        self.seq.value(n, limits).map(Some)
    }

    fn counted_moves_to_value(
        &self,
        n: &BigUint,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<(Vec<Opt<BigUint>>, Option<BigUint>)>, Error> {
        if *n <= BigUint::from(LIST_UP_TO) {
            return Ok(None);
        }
        match &self.set {
            SubSet::Pow2 => Ok(Some(pow2_moves(n, target, cap))),
            SubSet::Finite(f) => {
                if f.len() > AMOUNT_LIMIT {
                    return Ok(None);
                }
                let kinds = f
                    .ranges()
                    .iter()
                    .flat_map(|&(lo, hi)| lo..=hi)
                    .map(|k| Kind::Subtract(BigUint::from(k)));
                self.seq.counted_moves(n, target, cap, kinds, limits)
            }
            SubSet::Fib => {
                let mut fibs = Vec::new();
                let (mut a, mut b) = (BigUint::from(1u32), BigUint::from(2u32));
                while a <= *n {
                    fibs.push(Kind::Subtract(a.clone()));
                    let c = &a + &b;
                    a = std::mem::replace(&mut b, c);
                }
                self.seq
                    .counted_moves(n, target, cap, fibs.into_iter(), limits)
            }
        }
    }

    fn heap_rules(&self) -> Option<&HeapRules> {
        Some(&self.seq.rules)
    }

    fn heap_table(&self, n: u64, limits: &Limits) -> Option<Result<HeapTable, Error>> {
        Some(self.seq.table(n, limits))
    }

    fn sample(&self, seed: u64) -> Vec<BigUint> {
        let mut rng = super::Rng::new(seed);
        (0..rng.range(1, 3))
            .map(|_| BigUint::from(rng.range(0, 30)))
            .collect()
    }
}

/// The winning moves of a heap of any size in the game of powers of two (G(n) = n mod 3):
/// taking 2^j leaves value t exactly when 2^j = n - t (mod 3), that is when j is even for
/// n - t = 1 and odd for n - t = 2 (mod 3), never when n - t = 0; j runs over 0..=log2(n).
fn pow2_moves(n: &BigUint, target: &Nimber, cap: usize) -> (Vec<Opt<BigUint>>, Option<BigUint>) {
    let t = target.to_biguint();
    if t >= BigUint::from(3u32) {
        return (Vec::new(), Some(BigUint::zero()));
    }
    let r = ((n + 3u32 - &t) % 3u32).to_u32().unwrap_or(0);
    // The largest j with 2^j <= n.
    let top = n.bits().saturating_sub(1);
    let parity = match r {
        1 => 0,
        2 => 1,
        _ => return (Vec::new(), Some(BigUint::zero())),
    };
    // j in 0..=top with j % 2 == parity.
    let count = if top < parity {
        0
    } else {
        (top - parity) / 2 + 1
    };
    let mut moves = Vec::new();
    let mut j = parity;
    while j <= top && moves.len() < cap {
        moves.push(vec![n - (BigUint::from(1u32) << j)]);
        j += 2;
    }
    (moves, Some(BigUint::from(count)))
}
