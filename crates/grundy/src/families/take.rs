//! Take between p and q: a move takes from p to q counters from one heap; when fewer than p are
//! left, the mover must take them all.
//!
//! Rules: `take[p..q](n, ...)`, one heap per argument (1 <= p <= q). From a heap of n >= p a move
//! takes any k with p <= k <= min(q, n); from a heap of 0 < n < p the only move takes all n.
//! Theory: for n >= q the value G(n) = mex{G(n - k) : p <= k <= q} depends only on the q values
//! before it, so once a window of q consecutive values repeats at distance `per`, the sequence
//! is periodic with period `per` forever (induction on n). The table is computed with a
//! sliding-window mex until such a window is found (in practice `per` = p + q); values of any
//! size follow from the period, exactly.
//! Misere play (the taker of the last counter loses) is HDU 2897; the engine's misere search
//! answers it from the moves: `grundy analyze --misere 'take[2..4](7)'` is P ("LOST").
//! Worked example: take[2..4]: G(0..6) = 0, 1, 1, 2, 2, 0, 0 and then period 6 from n = 0.
//! Source: HDU 2897 (邂逅明下); Winning Ways, chapter 4 (subtraction games).

use grundy_heap::{CustomRules, HeapMoves, HeapRules, Window};
use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::rules::{
    first_moves_counted, heap_args, heap_sizes, param_u64, Arg, ArgError, BuildContext, Counted,
    Family, HeapKernel, HeapTable, Opt, ParamError, Ruleset, RulesetRef, Theory,
};
use crate::{Error, Limits, Nimber};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "take",
        &[],
        "take[p..q](n, ...) with 1 <= p <= q",
        "take between p and q counters; fewer than p left: take them all",
        "take[2..4](7,6)",
        Some(true),
        build,
    )
}

/// Largest q accepted (the table and the winning-move scan cost O(q) per heap).
pub const MAX_Q: u64 = 100_000;

/// Largest heap whose moves are enumerated (misere search).
const ENUMERATE_LIMIT: u64 = 1_000_000;

/// Longest table computed while looking for the period.
const TABLE_CAP: usize = 8_000_000;

fn number(text: &str, start: usize) -> Result<u64, ParamError> {
    param_u64(text, start, "a whole number")
}

fn build(params: Option<&str>, _ctx: &BuildContext<'_>) -> Result<RulesetRef, ParamError> {
    let text = params.unwrap_or("");
    let Some(dots) = text.find("..") else {
        return Err(ParamError::new(
            0,
            format!("expected a range p..q such as 2..4, found '{text}'"),
        ));
    };
    let p = number(&text[..dots], 0)?;
    let q = number(&text[dots + 2..], dots + 2)?;
    if p == 0 {
        return Err(ParamError::new(
            0,
            "p must be at least 1: a move that takes nothing would let a player pass forever",
        ));
    }
    if p > q {
        return Err(ParamError::new(
            0,
            format!("the range {p}..{q} is empty: p must be at most q"),
        ));
    }
    if q > MAX_Q {
        return Err(ParamError::new(
            dots + 2,
            format!("q = {q} is too large (at most {MAX_Q})"),
        ));
    }
    let seq = Seq::compute(p, q).map_err(|m| ParamError::new(0, m))?;
    let heap = HeapRules::Custom(CustomRules::new(TakeMoves { p, q }));
    Ok(RulesetRef::of(Take { p, q, seq, heap }))
}

/// The values of one heap, with the certified period.
#[derive(Debug, Clone)]
struct Seq {
    values: Vec<u32>,
    /// Periodic with this period for n >= `start`.
    per: u64,
    start: u64,
}

/// The values G(0..len) by the sliding-window mex.
fn values(p: u64, q: u64, len: usize) -> Vec<u32> {
    let (p, q) = (p as usize, q as usize);
    let mut g = vec![0u32; len];
    // counts[v]: how many options in the current window have value v.
    let mut counts: Vec<u32> = vec![0; q - p + 3];
    for n in 1..len {
        if n < p {
            g[n] = 1;
            continue;
        }
        // The window is n - min(q, n) ..= n - p; it gains n - p and loses n - q - 1.
        counts[g[n - p] as usize] += 1;
        if n > q {
            counts[g[n - q - 1] as usize] -= 1;
        }
        g[n] = counts.iter().position(|&c| c == 0).unwrap_or(counts.len()) as u32;
    }
    g
}

impl Seq {
    fn compute(p: u64, q: u64) -> Result<Seq, String> {
        let qs = q as usize;
        let mut len = 2 * qs + 2 * (p + q) as usize + 64;
        loop {
            let g = values(p, q, len);
            // A period certified by a window of q values starting at q.
            let ok = |per: usize| qs + qs + per <= len && (qs..2 * qs).all(|n| g[n] == g[n + per]);
            let per = if ok((p + q) as usize) {
                Some((p + q) as usize)
            } else {
                (1..=len - 2 * qs).find(|&per| ok(per))
            };
            if let Some(per) = per {
                let mut start = qs;
                while start > 0 && g[start - 1] == g[start - 1 + per] {
                    start -= 1;
                }
                return Ok(Seq {
                    values: g,
                    per: per as u64,
                    start: start as u64,
                });
            }
            if len >= TABLE_CAP {
                return Err(format!(
                    "no period found in the first {len} values; this range is not supported"
                ));
            }
            len = (len * 2).min(TABLE_CAP);
        }
    }

    fn value(&self, n: &BigUint) -> u32 {
        if let Some(k) = n.to_usize().filter(|&k| k < self.values.len()) {
            return self.values[k];
        }
        let idx = (n - self.start) % self.per + self.start;
        idx.to_usize().map_or(0, |i| self.values[i])
    }
}

/// The moves of one heap, for the heap laboratory (table files, plots, misere quotients).
struct TakeMoves {
    p: u64,
    q: u64,
}

impl HeapMoves for TakeMoves {
    fn name(&self) -> String {
        format!("take[{}..{}]", self.p, self.q)
    }

    fn options(&self, n: u64, each: &mut dyn FnMut(&[u64])) {
        if n == 0 {
            return;
        }
        if n < self.p {
            each(&[]);
            return;
        }
        for k in self.p..=self.q.min(n) {
            each(&[n - k]);
        }
    }

    /// From a heap of q on, every move takes k in p..=q and leaves one heap.
    fn window(&self) -> Option<Window> {
        Some(Window {
            size: self.q,
            from: self.q,
        })
    }
}

/// The take-between-p-and-q ruleset.
#[derive(Debug)]
pub struct Take {
    p: u64,
    q: u64,
    seq: Seq,
    heap: HeapRules,
}

impl Take {
    /// The takes allowed from a heap of n.
    fn takes(&self, n: &BigUint) -> (BigUint, BigUint) {
        let p = BigUint::from(self.p);
        if n < &p {
            return (n.clone(), n.clone());
        }
        (p, n.clone().min(BigUint::from(self.q)))
    }
}

impl Ruleset for Take {
    type P = BigUint;

    fn name(&self) -> String {
        format!("take[{}..{}]", self.p, self.q)
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<BigUint>, ArgError> {
        heap_sizes(args)
    }

    fn args(&self, n: &BigUint) -> Vec<Arg> {
        heap_args(n)
    }

    fn options(&self, n: &BigUint, limits: &Limits) -> Result<Vec<Opt<BigUint>>, Error> {
        limits.check()?;
        let (lo, hi) = self.takes(n);
        let (lo, hi) = (lo.to_u64().unwrap_or(0).max(1), hi.to_u64().unwrap_or(0));
        Ok((lo..=hi).map(|k| vec![n - k]).collect())
    }

    fn describe(&self, n: &BigUint, to: &[BigUint]) -> String {
        let left = to.first().cloned().unwrap_or_default();
        format!("take {} from the heap of {n}", n - left.min(n.clone()))
    }

    fn searchable(&self, n: &BigUint) -> Result<(), Error> {
        if *n > BigUint::from(ENUMERATE_LIMIT) {
            return Err(Error::too_large(format!(
                "the heap {n} is too large to search move by move (at most {ENUMERATE_LIMIT}); \
                 in normal play its value follows from the period"
            )));
        }
        Ok(())
    }

    fn sample(&self, seed: u64) -> Vec<BigUint> {
        // Heaps below p (where the only move takes everything) and a few periods beyond.
        crate::rules::sample_heaps(seed, 2 * (self.p + self.q).min(40) + 6)
    }

    fn theory(&self) -> Option<&dyn Theory<BigUint>> {
        Some(self)
    }

    fn heap(&self) -> Option<&dyn HeapKernel> {
        Some(self)
    }
}

impl Theory<BigUint> for Take {
    fn nimber(&self, n: &BigUint, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        Ok(Some(Nimber::from(self.seq.value(n))))
    }

    fn counted_moves_to_value(
        &self,
        n: &BigUint,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<BigUint>>, Error> {
        let Some(t) = target.to_u64() else {
            return Ok(Some((vec![], Some(BigUint::default()))));
        };
        let (lo, hi) = self.takes(n);
        let mut out = Vec::new();
        let mut k = lo.max(BigUint::from(1u32));
        while k <= hi {
            let left = n - &k;
            if u64::from(self.seq.value(&left)) == t {
                out.push(vec![left]);
            }
            k += 1u32;
        }
        Ok(Some(first_moves_counted(out, cap, limits)))
    }
}

impl HeapKernel for Take {
    fn heap_rules(&self) -> Option<&HeapRules> {
        Some(&self.heap)
    }

    fn heap_table(&self, n: u64, _limits: &Limits) -> Option<Result<HeapTable, Error>> {
        let values: Vec<u32> = (0..=n).map(|k| self.seq.value(&BigUint::from(k))).collect();
        let values = grundy_heap::Values::from_u32(&values);
        // The period the shown values hold (proven by their window, as `table --out` finds it
        // in its file), as for codes and subtraction sets: a table too short to show a
        // period has none, though every heap's value follows from the one found in `Seq`.
        let period = grundy_heap::find_period(&self.heap, &values);
        Some(Ok(HeapTable { values, period }))
    }
}
