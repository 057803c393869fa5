//! Shared machinery of one-heap families computed from a heap sequence (`sub`, `tb`): a table
//! of values grown on demand, its period, and heaps of any size once a period is proven.

use std::sync::RwLock;

use grundy_heap::{ComputeOptions, HeapRules, Values};
use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{heap_size, too_large, HeapTable, Period, State, SEARCH_HEAP_LIMIT};
use crate::solve::SolveError;
use crate::Nimber;

/// A closed form G(n) that a theorem proves for every heap size, with its source.
#[derive(Clone, Copy, Debug)]
pub struct ClosedForm {
    /// The formula (where it is proven is said where each family defines it).
    pub value: fn(&BigUint) -> BigUint,
}

/// Table sizes tried, in order, when a heap beyond the table needs a proven period.
const PROBE_SIZES: [u64; 4] = [1 << 10, 1 << 14, 1 << 17, 1 << 20];

/// A heap sequence computed up to the largest heap asked for so far.
#[derive(Debug)]
pub struct HeapSeq {
    /// The heap rules (code or subtraction set).
    pub rules: HeapRules,
    family: &'static str,
    closed: Option<ClosedForm>,
    state: RwLock<Seq>,
}

#[derive(Debug, Default)]
struct Seq {
    values: Values,
    /// The period of the table, looked for once per growth.
    period: Option<grundy_heap::Period>,
    /// Whether the table has been searched for a period since it last grew.
    searched: bool,
}

impl HeapSeq {
    /// An empty table for `rules`; `family` names the family in messages; `closed` is a
    /// proven closed form, when the family knows one for these rules.
    pub fn new(rules: HeapRules, family: &'static str, closed: Option<ClosedForm>) -> Self {
        HeapSeq {
            rules,
            family,
            closed,
            state: RwLock::new(Seq::default()),
        }
    }

    /// Makes sure values 0..=n are computed.
    fn ensure(&self, n: u64) -> Result<(), SolveError> {
        if n > SEARCH_HEAP_LIMIT {
            return Err(too_large(self.family, &BigUint::from(n)));
        }
        let have = self.state.read().map(|s| s.values.len()).unwrap_or(0) as u64;
        if have > n {
            return Ok(());
        }
        // Grow geometrically so that many queries of rising size cost linear time overall.
        let want = (n + 1)
            .max(have.saturating_mul(2))
            .min(SEARCH_HEAP_LIMIT + 1);
        let mut guard = self
            .state
            .write()
            .map_err(|_| too_large(self.family, &BigUint::from(n)))?;
        if (guard.values.len() as u64) > n {
            return Ok(());
        }
        let prefix = std::mem::take(&mut guard.values);
        let opts = ComputeOptions::default();
        match grundy_heap::extend(&self.rules, prefix, want as usize, &opts) {
            Ok(v) => {
                guard.values = v;
                guard.searched = false;
                Ok(())
            }
            Err(e) => Err(SolveError::TooLarge {
                reason: format!("{} values of {}: {e}", want, self.family),
            }),
        }
    }

    /// The period of the current table (searched once per growth).
    fn period(&self) -> Option<grundy_heap::Period> {
        if let Ok(s) = self.state.read() {
            if s.searched {
                return s.period.clone();
            }
        }
        let mut s = self.state.write().ok()?;
        if !s.searched {
            s.period = grundy_heap::find_period(&self.rules, &s.values);
            s.searched = true;
        }
        s.period.clone()
    }

    /// The value of one heap of size `n`, for any size where it is known: from the table,
    /// from a closed form, or from a proven period.
    pub fn value(&self, n: &BigUint) -> Result<Nimber, SolveError> {
        if let Some(cf) = self.closed {
            return Ok(Nimber::from_big((cf.value)(n)));
        }
        if let Some(k) = n.to_u64().filter(|&k| k <= SEARCH_HEAP_LIMIT) {
            self.ensure(k)?;
            if let Some(v) = self
                .state
                .read()
                .ok()
                .and_then(|s| s.values.get(k as usize))
            {
                return Ok(Nimber::from(v));
            }
        }
        // Beyond the table limit: only a proven period answers; look for one in growing
        // prefixes, when some theorem could prove one at all.
        let certifiable = match &self.rules {
            HeapRules::Tb(code) => code.is_finite() && !code.to_string().contains('!'),
            HeapRules::Sub(set) => set.max().is_some(),
        };
        if !certifiable {
            return Err(too_large(self.family, n));
        }
        for size in PROBE_SIZES {
            self.ensure(size - 1)?;
            if let Some(p) = self.period().filter(|p| p.proven) {
                let s = self.state.read().map_err(|_| too_large(self.family, n))?;
                if let Some(v) = grundy_heap::value_of_heap(&s.values, Some(&p), n) {
                    return Ok(Nimber::from_big(v));
                }
            }
        }
        Err(SolveError::TooLarge {
            reason: format!(
                "the heap {n} is too large for {}: no period could be proven in its first {} \
                 values and tables stop at {SEARCH_HEAP_LIMIT}; use a smaller heap",
                self.family,
                PROBE_SIZES[PROBE_SIZES.len() - 1]
            ),
        })
    }

    /// The value of a heap component.
    pub fn state_value(&self, state: &State) -> Result<Nimber, SolveError> {
        self.value(&heap_size(state))
    }

    /// The table of heaps 0..=n with the period found in it.
    pub fn table(&self, n: u64) -> Result<HeapTable, SolveError> {
        if n > SEARCH_HEAP_LIMIT {
            return Err(too_large(self.family, &BigUint::from(n)));
        }
        // The period is looked for in exactly the values shown, so that it is reproducible.
        let shown = grundy_heap::values(&self.rules, n as usize + 1, &ComputeOptions::default())
            .map_err(|e| SolveError::TooLarge {
                reason: format!("{} values of {}: {e}", n + 1, self.family),
            })?;
        let period = grundy_heap::find_period(&self.rules, &shown).map(|p| Period {
            preperiod: p.preperiod,
            period: p.period,
            saltus: p.saltus,
            proven: p.proven,
        });
        let values = (0..=n as usize)
            .filter_map(|i| shown.get(i))
            .map(Nimber::from)
            .collect();
        if let Ok(mut s) = self.state.write() {
            if s.values.len() < shown.len() {
                s.values = shown;
                s.searched = false;
            }
        }
        Ok(HeapTable { values, period })
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

/// One kind of option of a huge heap, for counting winning moves without listing them all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BigOption {
    /// Take this many and leave one heap.
    Leave(BigTake),
    /// Take this many and split the rest into two nonempty heaps (unequal when `distinct`).
    Split {
        /// Tokens taken.
        take: u64,
        /// Whether the two heaps must differ.
        distinct: bool,
    },
}

/// An amount taken, small or a power of two of any size (subtraction of powers of two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BigTake {
    /// A machine-word amount.
    Small(u64),
    /// 2^j.
    Pow2(u64),
}

impl BigTake {
    fn amount(self) -> BigUint {
        match self {
            BigTake::Small(k) => BigUint::from(k),
            BigTake::Pow2(j) => BigUint::from(1u32) << j,
        }
    }
}

/// How many heaps in a residue class are scanned at most when listing split moves.
const SPLIT_SCAN_LIMIT: u64 = 2_000_000;

impl HeapSeq {
    /// The winning moves of a heap too large to enumerate: at most `cap` of the moves to a
    /// position of value `target`, and the exact count of all of them.
    ///
    /// Arguments: the heap `n` (above the table limit), `target`, `cap`, and the kinds of option
    /// the rules allow from a huge heap.
    /// Returns: `Ok(None)` for heaps within the table limit (the ordinary path enumerates their
    /// moves) and when the values are not periodic with saltus 0.
    /// Complexity: O(n0 + p) value look-ups for each split kind (n0 the preperiod, p the
    /// period), plus the listing scan (at most `SPLIT_SCAN_LIMIT` heaps per split kind).
    pub fn counted_moves(
        &self,
        n: &BigUint,
        target: &Nimber,
        cap: usize,
        kinds: &[BigOption],
    ) -> Result<Option<(Vec<super::Move>, BigUint)>, SolveError> {
        // Heaps the tables cover are enumerated move by move; this path is for huge heaps.
        if *n <= BigUint::from(SEARCH_HEAP_LIMIT) {
            return Ok(None);
        }
        // Establish the value (and, without a closed form, the proven period).
        self.value(n)?;
        let mut moves = Vec::new();
        let mut count = BigUint::default();
        let heap_arg = |x: BigUint| vec![super::Arg::Int(x.into())];
        for kind in kinds {
            match *kind {
                BigOption::Leave(t) => {
                    let k = t.amount();
                    if k >= *n || k == BigUint::default() {
                        continue;
                    }
                    let rest = n - &k;
                    if self.value(&rest)? == *target {
                        count += 1u32;
                        if moves.len() < cap {
                            moves.push(super::Move {
                                text: format!("take {k} from the heap of {n}"),
                                to: vec![heap_arg(rest)],
                            });
                        }
                    }
                }
                BigOption::Split { take, distinct } => {
                    let Some(found) =
                        self.count_splits(n, take, distinct, target, cap - moves.len().min(cap))?
                    else {
                        return Ok(None);
                    };
                    count += found.1;
                    moves.extend(found.0);
                }
            }
        }
        Ok(Some((moves, count)))
    }

    /// Splits of n - take into a + b (1 <= a <= b) with G(a) XOR G(b) = target.
    fn count_splits(
        &self,
        n: &BigUint,
        take: u64,
        distinct: bool,
        target: &Nimber,
        cap: usize,
    ) -> Result<Option<(Vec<super::Move>, BigUint)>, SolveError> {
        let Some(p) = self
            .period()
            .filter(|p| p.proven && p.saltus == 0 && p.period > 0)
        else {
            return Ok(None);
        };
        let s = self.state.read().map_err(|_| too_large(self.family, n))?;
        let table = |i: u64| s.values.get(i as usize).map(Nimber::from);
        let (n0, per) = (p.preperiod.max(1), p.period);
        if (s.values.len() as u64) < n0 + per {
            return Ok(None);
        }
        // G of a huge heap by the period (saltus 0).
        let g_big = |x: &BigUint| -> Option<Nimber> {
            if let Some(v) = x.to_u64().filter(|&v| v < n0 + per) {
                return table(v);
            }
            let r = ((x - n0) % per).to_u64()?;
            table(n0 + r)
        };
        if *n < BigUint::from(take) + 2u32 {
            // Nothing left to split into two nonempty heaps.
            return Ok(Some((Vec::new(), BigUint::default())));
        }
        let m = n - take;
        let half = &m / 2u32;
        let mut moves = Vec::new();
        let mut count = BigUint::default();
        let push = |a: &BigUint, moves: &mut Vec<super::Move>| {
            if moves.len() < cap {
                let b = &m - a;
                moves.push(super::Move {
                    text: format!("take {take} from the heap of {n}, leaving {a} and {b}"),
                    to: vec![
                        vec![super::Arg::Int(a.clone().into())],
                        vec![super::Arg::Int(b.into())],
                    ],
                });
            }
        };
        // Small first parts, one by one.
        let small_end = half.to_u64().map_or(n0 - 1, |h| h.min(n0 - 1));
        for a in 1..=small_end {
            let ab = BigUint::from(a);
            let b = &m - &ab;
            if distinct && b == ab {
                continue;
            }
            let (Some(ga), Some(gb)) = (table(a), g_big(&b)) else {
                return Ok(None);
            };
            if &ga ^ &gb == *target {
                count += 1u32;
                push(&ab, &mut moves);
            }
        }
        // Both parts at least n0: the pair of residues repeats with period p in a.
        if half >= BigUint::from(n0) {
            let mut matches = vec![false; per as usize];
            for r in 0..per {
                let a0 = BigUint::from(n0 + r);
                if a0 > half {
                    continue;
                }
                let rb = ((&m - &a0 - n0) % per).to_u64().unwrap_or(0);
                let (Some(ga), Some(gb)) = (table(n0 + r), table(n0 + rb)) else {
                    return Ok(None);
                };
                if &ga ^ &gb == *target {
                    matches[r as usize] = true;
                    count += (&half - &a0) / per + 1u32;
                }
            }
            // a = b is not a legal split for `!` codes: remove it if it was counted.
            if distinct && (&m % 2u32) == BigUint::default() {
                let r = ((&half - n0) % per).to_u64().unwrap_or(0) as usize;
                if matches[r] {
                    count -= 1u32;
                }
            }
            let mut a = BigUint::from(n0);
            let mut r = 0usize;
            let mut scanned = 0u64;
            while moves.len() < cap && a <= half && scanned < SPLIT_SCAN_LIMIT {
                if matches[r] && !(distinct && &a * 2u32 == m) {
                    push(&a, &mut moves);
                }
                a += 1u32;
                r = (r + 1) % per as usize;
                scanned += 1;
            }
        }
        Ok(Some((moves, count)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Arg;

    /// The counting of split moves by residues equals plain enumeration, on heaps well past
    /// the preperiod (so that both the explicit and the periodic parts are exercised).
    #[test]
    fn counted_split_moves_equal_enumeration() {
        let mut checked = 0;
        for text in ["0.07", "0.77", "0.137", "4.07", "0.4!"] {
            let code = grundy_heap::Code::parse(text).unwrap();
            let seq = HeapSeq::new(HeapRules::Tb(code.clone()), "test", None);
            // Prove the period first (only possible for codes without `!`).
            let _ = seq.value(&BigUint::from(SEARCH_HEAP_LIMIT + 1));
            let Some(p) = seq.period().filter(|p| p.proven) else {
                continue;
            };
            checked += 1;
            for n in [p.preperiod * 2 + 5, p.preperiod * 2 + p.period + 17, 1000] {
                let g = |x: u64| seq.value(&BigUint::from(x)).unwrap();
                for t in 0..8u64 {
                    let target = Nimber::new(t);
                    let mut want = Vec::new();
                    for m in code.options(n) {
                        if m.parts.len() == 2 {
                            let v = &g(m.parts[0]) ^ &g(m.parts[1]);
                            if v == target {
                                want.push((m.take, m.parts[0]));
                            }
                        }
                    }
                    let mut got = Vec::new();
                    let mut total = BigUint::default();
                    for take in 0..=code.max_take().unwrap_or(0) {
                        for distinct in [false, true] {
                            let has = code
                                .options(n)
                                .iter()
                                .any(|m| m.take == take && m.parts.len() == 2);
                            if !has || distinct != text.contains('!') {
                                continue;
                            }
                            let (moves, count) = seq
                                .count_splits(
                                    &BigUint::from(n),
                                    take,
                                    distinct,
                                    &target,
                                    usize::MAX,
                                )
                                .unwrap()
                                .unwrap();
                            total += count;
                            for m in moves {
                                let Arg::Int(a) = &m.to[0][0] else {
                                    unreachable!()
                                };
                                got.push((take, u64::try_from(a).unwrap()));
                            }
                        }
                    }
                    want.sort();
                    got.sort();
                    assert_eq!(total, BigUint::from(want.len()), "{text} n={n} t={t}");
                    assert_eq!(got, want, "{text} n={n} t={t}");
                }
            }
        }
        assert!(checked >= 3, "only {checked} codes had a proven period");
    }
}
