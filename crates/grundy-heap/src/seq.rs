//! Shared machinery of one-heap families computed from a heap sequence (`sub`, `tb`): a table
//! of values grown on demand (one or two bytes a value), its period, heaps of any size once a
//! period is proven, and the winning moves of a heap counted without building its options.

use std::sync::RwLock;

use grundy_types::{ErrorKind, Limits, Nimber, Stop};
use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use crate::{HeapError, HeapRules, Period, Strategy, Values};

mod periodic;
use periodic::Periodic;

/// Caps the heap sizes that a plain search or table may reach.
pub const SEARCH_HEAP_LIMIT: u64 = 50_000_000;

/// The nim-values of one-heap positions 0..=n and their period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapTable {
    /// `values.get(n)` is the value of a single heap of size n (one or two bytes a value).
    pub values: Values,
    /// The period found in the values, if any.
    pub period: Option<Period>,
}

/// Why a question about a heap sequence was not answered; [`SeqError::kind`] sorts it as
/// every crate's errors are sorted.
#[derive(Debug, thiserror::Error)]
pub enum SeqError {
    /// The table's kernel stopped (memory, disk, cancellation, deadline).
    #[error(transparent)]
    Table(#[from] HeapError),
    /// The request's budget stopped the work (cancelled, or its time limit).
    #[error(transparent)]
    Stop(#[from] Stop),
    /// The heap is beyond every method: no closed form or proven period covers it and the
    /// tables stop at [`SEARCH_HEAP_LIMIT`].
    #[error("{0}")]
    Size(String),
    /// A heap may have more options than the search may store positions.
    #[error("{message}")]
    Options {
        /// The positions the search may store.
        max: usize,
        /// What reached it.
        message: String,
    },
    /// A table would take more bytes than the memory limit.
    #[error("{message}")]
    Memory {
        /// The memory limit in force, in bytes.
        limit: u64,
        /// What reached it.
        message: String,
    },
}

impl SeqError {
    /// What kind of error this is.
    pub fn kind(&self) -> ErrorKind {
        match self {
            SeqError::Table(e) => e.kind(),
            SeqError::Stop(s) => s.kind(),
            SeqError::Size(_) | SeqError::Options { .. } | SeqError::Memory { .. } => {
                ErrorKind::Limit
            }
        }
    }

    /// Whether the heap is beyond the family's methods (no closed form, proven period or
    /// table reaches it), as against a budget, memory or disk limit.
    pub fn is_too_large(&self) -> bool {
        match self {
            SeqError::Size(_) => true,
            SeqError::Table(e) => {
                e.kind() == ErrorKind::Limit
                    && !matches!(e, HeapError::TooLarge { .. } | HeapError::TimeLimit { .. })
            }
            _ => false,
        }
    }
}

type Error = SeqError;

/// A closed form G(n) that a theorem proves for every heap size, with its source.
#[derive(Clone, Copy, Debug)]
pub struct ClosedForm {
    /// The formula (where it is proven is said where each family defines it).
    pub value: fn(&BigUint) -> BigUint,
    /// The heap sizes with value `v` that are candidates for a one-heap move (a superset of
    /// the preimages of `v` that the formula's shape allows), so that the moves of a heap of
    /// any size to a given value are found without scanning.
    pub preimages: fn(&BigUint) -> Vec<BigUint>,
    /// The formula's shape in binary, when it is `G(x) = 1 + L(x - 1)` with `L` changing
    /// only low bits: then the splits of a heap of any size are counted and listed exactly
    /// (see [`closed_splits`]).
    pub low_bits: Option<LowBits>,
}

/// A closed form `G(x) = 1 + L(x - 1)` for `x >= 1` (and `G(0) = 0`), where `L(y)` replaces
/// the low `width` bits of `y` by `map[y mod 2^width]` and keeps the others: Nim (width 0),
/// Lasker's Nim (width 2, 2 and 3 swapped), take-or-split-in-three `8.[3]` (width 3, 6 and 7
/// swapped).
#[derive(Clone, Copy, Debug)]
pub struct LowBits {
    /// How many low bits `L` changes (at most 4).
    pub width: u32,
    /// The new low bits, indexed by the old ones (`2^width` entries, each below `2^width`).
    pub map: &'static [u8],
}

impl LowBits {
    /// `G(x)` by this shape (a check of a family's own formula against its shape; the
    /// families keep their own formula).
    pub fn value(&self, x: &BigUint) -> BigUint {
        if x.is_zero() {
            return BigUint::zero();
        }
        let y = x - 1u32;
        let mask = (1u32 << self.width) - 1;
        let low = (&y & BigUint::from(mask)).to_u32().unwrap_or(0);
        let high = &y - low;
        high + u32::from(self.map[low as usize]) + 1u32
    }
}

/// The heaps above which [`closed_splits`] gives up (its work grows with the square of the
/// bits: counts of a thousand digits add numbers of a thousand digits).
pub const CLOSED_SPLIT_BITS: u64 = 1 << 13;

/// The splits of a heap `m` into `parts` (2 or 3) nonempty heaps `x1 <= x2 (<= x3)` (strictly
/// increasing when `distinct`) whose values under the closed form `low` XOR to `target`:
/// their exact count and at most `cap` of them (sorted).
///
/// Arguments: the shape of the closed form, the heap left to split, the number of parts, the
/// `!` of the digit, the target value, how many to list, the limits.
/// Returns: `Ok(None)` when `m` has more than [`CLOSED_SPLIT_BITS`] bits.
/// Complexity: a digit automaton over the bits of `m - parts`, least significant first, whose
/// state is the carry of the sum, the pending `+1` of each part's value and the order of
/// consecutive parts: O(B * S * 2^(parts-1)) additions of counts of up to B bits, B the bits
/// of `m`, S = 24 states for two parts and 216 for three; listing walks the automaton back
/// from its accepting states, O(cap * B) more.
/// Example: Lasker's Nim, heap 7 split in two to value 0: 1 + 6 has values 1 and 5; 2 + 5 has
/// 2 and 5; 3 + 4 has 4 and 3: none is 0, so the count is 0.
pub fn closed_splits(
    low: LowBits,
    m: &BigUint,
    parts: usize,
    distinct: bool,
    target: &BigUint,
    cap: usize,
    limits: &Limits,
) -> Result<Option<Counted>, Error> {
    let k = parts;
    if !(2..=3).contains(&k) || low.width > 4 || low.map.len() != 1 << low.width {
        return Ok(None);
    }
    if m.bits() > CLOSED_SPLIT_BITS {
        return Ok(None);
    }
    if *m < BigUint::from(k) {
        return Ok(Some((Vec::new(), Some(BigUint::zero()))));
    }
    // Work with y_j = x_j - 1 >= 0, which sum to M = m - k, and G(x_j) = 1 + L(y_j).
    let big_m = m - k;
    let w = low.width as usize;
    let len = big_m.bits().max(target.bits()) as usize + 3;
    let m_bit = |i: usize| u32::from(big_m.bit(i as u64));
    let t_bit = |i: usize| u32::from(target.bit(i as u64));
    let cmp_count = 3usize.pow(k as u32 - 1);
    let states = k * (1 << k) * cmp_count;
    // State: carry of the sum (0..k), pending +1 of each part (k bits), and for each pair
    // of consecutive parts 0 (equal so far), 1 (less), 2 (greater).
    let encode = |c: usize, gc: usize, cmp: &[usize]| -> usize {
        let code = cmp.iter().rev().fold(0, |acc, &x| acc * 3 + x);
        (c * (1 << k) + gc) * cmp_count + code
    };
    let decode = |s: usize| -> (usize, usize, Vec<usize>) {
        let mut code = s % cmp_count;
        let rest = s / cmp_count;
        let cmp = (0..k - 1)
            .map(|_| {
                let x = code % 3;
                code /= 3;
                x
            })
            .collect();
        (rest / (1 << k), rest % (1 << k), cmp)
    };
    let order = |a: u32, b: u32, old: usize| match a.cmp(&b) {
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Greater => 2,
        std::cmp::Ordering::Equal => old,
    };
    // One bit above the low ones: choose the bits of the first k - 1 parts, the last follows
    // from the sum. Returns the next state and the bits of every part.
    let step = |s: usize, choice: usize, i: usize| -> Option<(usize, usize)> {
        let (c, gc, cmp) = decode(s);
        let mut bits = [0u32; 3];
        let mut sum = c as u32;
        for (j, b) in bits.iter_mut().enumerate().take(k - 1) {
            *b = ((choice >> j) & 1) as u32;
            sum += *b;
        }
        bits[k - 1] = (m_bit(i) ^ sum) & 1;
        sum += bits[k - 1];
        let mut xor = 0;
        let mut ngc = 0;
        for (j, &b) in bits.iter().enumerate().take(k) {
            let g = b + ((gc >> j) & 1) as u32;
            xor ^= g & 1;
            ngc |= ((g >> 1) as usize) << j;
        }
        if xor != t_bit(i) {
            return None;
        }
        let ncmp: Vec<usize> = (0..k - 1)
            .map(|j| order(bits[j], bits[j + 1], cmp[j]))
            .collect();
        let mask = bits
            .iter()
            .take(k)
            .enumerate()
            .fold(0, |acc, (j, &b)| acc | (b as usize) << j);
        Some((encode((sum >> 1) as usize, ngc, &ncmp), mask))
    };
    let accept = |s: usize| {
        let (c, gc, cmp) = decode(s);
        c == 0 && gc == 0 && cmp.iter().all(|&x| x == 1 || (x == 0 && !distinct))
    };
    // The low bits: every choice of the first k - 1 parts' low bits.
    let low_mask = (1usize << w) - 1;
    let m_low = (&big_m & BigUint::from(low_mask)).to_usize().unwrap_or(0);
    let t_low = (target & BigUint::from(low_mask)).to_usize().unwrap_or(0);
    let mut starts: Vec<(usize, [usize; 3])> = Vec::new();
    for combo in 0..1usize << (w * (k - 1)) {
        let mut lows = [0usize; 3];
        let mut sum = 0;
        for (j, l) in lows.iter_mut().enumerate().take(k - 1) {
            *l = (combo >> (w * j)) & low_mask;
            sum += *l;
        }
        lows[k - 1] = (m_low + (k << w) - sum % (1 << w)) & low_mask;
        sum += lows[k - 1];
        let carry = (sum - m_low) >> w;
        let mut xor = 0;
        let mut gc = 0;
        for (j, &l) in lows.iter().enumerate().take(k) {
            let g = usize::from(low.map[l]) + 1;
            xor ^= g & low_mask;
            gc |= (g >> w) << j;
        }
        if xor != t_low {
            continue;
        }
        let cmp: Vec<usize> = (0..k - 1)
            .map(|j| order(lows[j] as u32, lows[j + 1] as u32, 0))
            .collect();
        starts.push((encode(carry, gc, &cmp), lows));
    }
    // Count forward, bit by bit.
    let mut layer = vec![BigUint::zero(); states];
    for (s, _) in &starts {
        layer[*s] += 1u32;
    }
    let choices = 1usize << (k - 1);
    for i in w..len {
        if i % 64 == 0 {
            limits.check()?;
        }
        let mut next = vec![BigUint::zero(); states];
        for (s, count) in layer.iter().enumerate() {
            if count.is_zero() {
                continue;
            }
            for choice in 0..choices {
                if let Some((n, _)) = step(s, choice, i) {
                    next[n] += count;
                }
            }
        }
        layer = next;
    }
    let total: BigUint = layer
        .iter()
        .enumerate()
        .filter(|(s, _)| accept(*s))
        .map(|(_, c)| c)
        .sum();
    if cap == 0 || total.is_zero() {
        return Ok(Some((Vec::new(), Some(total))));
    }
    // Which states can still reach an accepting one, bit by bit from the top.
    let mut feasible = vec![vec![false; states]; len - w + 1];
    for (s, f) in feasible[len - w].iter_mut().enumerate() {
        *f = accept(s);
    }
    for i in (w..len).rev() {
        if i % 64 == 0 {
            limits.check()?;
        }
        for s in 0..states {
            let ok =
                (0..choices).any(|c| step(s, c, i).is_some_and(|(n, _)| feasible[i + 1 - w][n]));
            feasible[i - w][s] = ok;
        }
    }
    // Walk the feasible paths (an explicit stack: the depth is the number of bits).
    let mut found: Vec<Vec<BigUint>> = Vec::new();
    for (s0, lows) in &starts {
        if found.len() >= cap {
            break;
        }
        if !feasible[0][*s0] {
            continue;
        }
        // Frames: state, next choice to try, and the bits of the parts that led here.
        let mut stack: Vec<(usize, usize, usize)> = vec![(*s0, 0, 0)];
        while found.len() < cap && !stack.is_empty() {
            let level = w + stack.len() - 1;
            let Some(top) = stack.last_mut() else {
                break;
            };
            let (s, c) = (top.0, top.1);
            top.1 += 1;
            if level == len {
                let mut xs = Vec::with_capacity(k);
                for (j, &l) in lows.iter().enumerate().take(k) {
                    let bits: Vec<u8> = stack[1..].iter().map(|f| ((f.2 >> j) & 1) as u8).collect();
                    let high = BigUint::from_radix_le(&bits, 2).unwrap_or_default();
                    xs.push((high << w) + l + 1u32);
                }
                found.push(xs);
                stack.pop();
                continue;
            }
            if c >= choices {
                stack.pop();
                continue;
            }
            if let Some((n, mask)) = step(s, c, level) {
                if feasible[level + 1 - w][n] {
                    stack.push((n, 0, mask));
                }
            }
            if found.len() % 64 == 0 {
                limits.check()?;
            }
        }
    }
    found.sort();
    Ok(Some((found, Some(total))))
}

/// Table sizes tried, in order, when a heap beyond the table needs a proven period.
const PROBE_SIZES: [u64; 4] = [1 << 10, 1 << 14, 1 << 17, 1 << 20];

/// Heaps up to this size have their options listed one by one (the plain path that the tests
/// compare with brute force); larger heaps are answered by counting.
pub const LIST_UP_TO: u64 = 256;

/// The most single look-ups spent counting the winning moves of one heap; past it the count
/// is given up (`None`) and only the moves found so far are listed.
pub const COUNT_BUDGET: u64 = 50_000_000;

/// Which method gave the value of a heap ([`HeapSeq::basis`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// A closed form proven for every heap size.
    ClosedForm,
    /// The proven period, for a heap beyond the table.
    Period,
    /// The table of values, computed heap by heap up to the heap.
    Table,
}

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
    period: Option<Period>,
    /// Whether the table has been searched for a period since it last grew.
    searched: bool,
}

/// The error for a heap beyond every method of the family.
pub fn too_large(family: &str, n: &BigUint) -> Error {
    SeqError::Size(format!(
        "the heap {n} is too large for {family}: no closed form or proven period covers it, \
         and tables stop at {SEARCH_HEAP_LIMIT}; use a smaller heap"
    ))
}

/// Runs a heap computation under the request's limits, turning a stop into this module's
/// error: a cancellation raised by the deadline is a time limit, not the caller's cancel.
pub fn with_limits<T>(
    limits: &Limits,
    f: impl FnOnce(&Limits) -> Result<T, HeapError>,
) -> Result<T, Error> {
    match f(limits) {
        Ok(v) => Ok(v),
        Err(e) if e.kind() == ErrorKind::Cancelled => {
            limits.check()?;
            Err(SeqError::Stop(Stop::Cancelled))
        }
        Err(e) => Err(e.into()),
    }
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

    /// The closed form, when the family has one for these rules.
    pub fn closed_form(&self) -> Option<ClosedForm> {
        self.closed
    }

    /// Makes sure values 0..=n are computed.
    fn ensure(&self, n: u64, limits: &Limits) -> Result<(), Error> {
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
        let keep = prefix.clone();
        let result = with_limits(limits, |l| {
            crate::extend(&self.rules, prefix, want as usize, l, Strategy::default())
        });
        match result {
            Ok(v) => {
                guard.values = v;
                guard.searched = false;
                Ok(())
            }
            Err(e) => {
                guard.values = keep;
                Err(e)
            }
        }
    }

    /// The period of the current table (searched once per growth).
    fn period(&self) -> Option<Period> {
        if let Ok(s) = self.state.read() {
            if s.searched {
                return s.period.clone();
            }
        }
        let mut s = self.state.write().ok()?;
        if !s.searched {
            s.period = crate::find_period(&self.rules, &s.values);
            s.searched = true;
        }
        s.period.clone()
    }

    /// Whether a theorem could prove a period of these rules at all.
    fn certifiable(&self) -> bool {
        self.rules.certifiable()
    }

    /// A proven period with saltus 0, looked for in growing tables when the heap needs one.
    fn proven_period(&self, limits: &Limits) -> Result<Option<Period>, Error> {
        if !self.certifiable() {
            return Ok(None);
        }
        for size in PROBE_SIZES {
            self.ensure(size - 1, limits)?;
            if let Some(p) = self.period().filter(|p| p.proven && p.saltus == 0) {
                return Ok(Some(p));
            }
        }
        Ok(None)
    }

    /// A proven period with saltus 0 for a heap `n` beyond the table: the one already found,
    /// else one looked for in the probe tables smaller than `n` (each costs less than the
    /// table to `n` it may spare).
    fn proven_period_below(&self, n: &BigUint, limits: &Limits) -> Result<Option<Period>, Error> {
        if !self.certifiable() {
            return Ok(None);
        }
        let proven = |p: &Period| p.proven && p.saltus == 0 && p.period > 0;
        let have = self.state.read().map(|s| s.values.len()).unwrap_or(0) as u64;
        if have > 0 {
            if let Some(p) = self.period().filter(proven) {
                return Ok(Some(p));
            }
        }
        for size in PROBE_SIZES {
            if BigUint::from(size) > *n {
                break;
            }
            if size <= have {
                continue;
            }
            self.ensure(size - 1, limits)?;
            if let Some(p) = self.period().filter(proven) {
                return Ok(Some(p));
            }
        }
        Ok(None)
    }

    /// The value of one heap of size `n`, for any size where it is known: from a closed form,
    /// from a proven period (at once, however large the heap), or from the table.
    pub fn value(&self, n: &BigUint, limits: &Limits) -> Result<Nimber, Error> {
        if let Some(cf) = self.closed {
            return Ok(Nimber::from_big((cf.value)(n)));
        }
        // Within the table computed so far.
        if let Some(k) = n.to_usize() {
            if let Some(v) = self.state.read().ok().and_then(|s| s.values.get(k)) {
                return Ok(Nimber::from(v));
            }
        }
        // A proven period answers every heap at once (a table of 4 * 10^7 values is not
        // needed to know a heap of Dawson's Kayles, nor one of 1.4 * 10^6 when another heap
        // of the sum is 7 * 10^5); it is looked for only in tables smaller than the heap.
        if let Some(p) = self.proven_period_below(n, limits)? {
            let s = self.state.read().map_err(|_| too_large(self.family, n))?;
            if let Some(v) = crate::value_of_heap(&s.values, Some(&p), n) {
                return Ok(Nimber::from_big(v));
            }
        }
        if let Some(k) = n.to_u64().filter(|&k| k <= SEARCH_HEAP_LIMIT) {
            self.ensure(k, limits)?;
            if let Some(v) = self
                .state
                .read()
                .ok()
                .and_then(|s| s.values.get(k as usize))
            {
                return Ok(Nimber::from(v));
            }
        }
        if !self.certifiable() {
            return Err(too_large(self.family, n));
        }
        Err(SeqError::Size(format!(
            "the heap {n} is too large for {}: no period could be proven in its first {} \
             values and tables stop at {SEARCH_HEAP_LIMIT}; use a smaller heap",
            self.family,
            PROBE_SIZES[PROBE_SIZES.len() - 1]
        )))
    }

    /// The table of heaps 0..=n with the period found in it.
    pub fn table(&self, n: u64, limits: &Limits) -> Result<HeapTable, Error> {
        if n > SEARCH_HEAP_LIMIT {
            return Err(too_large(self.family, &BigUint::from(n)));
        }
        let want = n as usize + 1;
        // A long table of rules with a proven period (Dawson's Kayles is proven at heap 87)
        // follows from one period of it: no kernel runs to 5 * 10^7.
        let periodic = if n >= PROBE_SIZES[PROBE_SIZES.len() - 1] {
            self.proven_period(limits)?
        } else {
            None
        };
        let have = self.state.read().map(|s| s.values.len()).unwrap_or(0);
        let shown = match periodic {
            Some(p) => {
                let s = self
                    .state
                    .read()
                    .map_err(|_| too_large(self.family, &n.into()))?;
                repeat_period(&s.values, &p, want, limits)?
            }
            // A table already computed (by an earlier query) is cut, not computed again.
            None if have >= want => {
                let s = self
                    .state
                    .read()
                    .map_err(|_| too_large(self.family, &n.into()))?;
                let mut v = s.values.clone();
                v.truncate(want);
                v
            }
            // Otherwise the table grows from what is already computed (explain asks for the
            // heap's value, then for a window a few heaps past it).
            None => {
                let prefix = self
                    .state
                    .read()
                    .map(|s| s.values.clone())
                    .unwrap_or_default();
                with_limits(limits, |l| {
                    crate::extend(&self.rules, prefix, want, l, Strategy::default())
                })?
            }
        };
        // The period is looked for in exactly the values shown, so that it is reproducible.
        let period = crate::find_period(&self.rules, &shown);
        if let Ok(mut s) = self.state.write() {
            if s.values.len() < shown.len() {
                s.values = shown.clone();
                s.searched = false;
            }
        }
        Ok(HeapTable {
            values: shown,
            period,
        })
    }

    /// Which of its methods [`HeapSeq::value`] answered a heap `n` with, asked after it
    /// did: the closed form, the table (computed to `n`), or the proven period (for a heap
    /// beyond the table).
    pub fn basis(&self, n: &BigUint) -> Basis {
        if self.closed.is_some() {
            return Basis::ClosedForm;
        }
        let have = self.state.read().map(|s| s.values.len()).unwrap_or(0);
        match n.to_usize() {
            Some(k) if k < have => Basis::Table,
            _ => Basis::Period,
        }
    }

    /// Refuses heaps too large to enumerate moves for.
    pub fn searchable(&self, n: &BigUint) -> Result<(), Error> {
        if *n > BigUint::from(SEARCH_HEAP_LIMIT) {
            return Err(too_large(self.family, n));
        }
        Ok(())
    }
}

/// Refuses to list the options of a heap of `n` when there may be more of them than the
/// search may store positions (a remoteness or misere search over a heap of 10^7 would build
/// millions of options before its position budget applied).
pub fn check_option_count(n: u64, bound: u128, limits: &Limits) -> Result<(), Error> {
    let max = limits.max_nodes;
    if bound > max as u128 {
        return Err(SeqError::Options {
            max,
            message: format!(
                "a heap of {n} may have up to {bound} options, more than the {max} positions \
                 this search may store"
            ),
        });
    }
    Ok(())
}

/// The first `want` values of a sequence with the proven period `p` (saltus 0), from a table
/// that holds at least its preperiod and one period.
///
/// Complexity: O(want), checking the limits every 2^20 values; the memory limit is checked
/// before allocating.
fn repeat_period(
    values: &Values,
    p: &Period,
    want: usize,
    limits: &Limits,
) -> Result<Values, Error> {
    let bytes = (want as u64).saturating_mul(values.bytes_per_value() as u64);
    if bytes > limits.max_memory {
        return Err(SeqError::Memory {
            limit: limits.max_memory,
            message: format!(
                "a table of {want} values takes {bytes} bytes, above the memory limit of {} \
                 bytes; ask for fewer values or raise the memory limit",
                limits.max_memory
            ),
        });
    }
    let (n0, per) = (p.preperiod as usize, p.period as usize);
    if per == 0 || p.saltus != 0 || values.len() < n0 + per {
        return Err(SeqError::Size(
            "the period does not cover the table asked for; use a smaller table".to_string(),
        ));
    }
    fn fill<T: Copy>(
        v: &[T],
        n0: usize,
        per: usize,
        want: usize,
        limits: &Limits,
    ) -> Result<Vec<T>, Error> {
        let mut out = Vec::with_capacity(want);
        out.extend_from_slice(&v[..want.min(n0 + per)]);
        while out.len() < want {
            let i = out.len();
            if i.trailing_zeros() >= 20 {
                limits.check()?;
            }
            out.push(v[n0 + (i - n0) % per]);
        }
        Ok(out)
    }
    Ok(match values {
        Values::U8(v) => Values::U8(fill(v, n0, per, want, limits)?),
        Values::U16(v) => Values::U16(fill(v, n0, per, want, limits)?),
        Values::U32(v) => Values::U32(fill(v, n0, per, want, limits)?),
    })
}

/// One kind of option of a heap, for counting winning moves without listing every option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Take this many and leave one nonempty heap.
    Leave(BigUint),
    /// Take this many (at most the whole heap) and leave the rest, possibly nothing.
    Subtract(BigUint),
    /// Take the whole heap.
    TakeAll,
    /// Take this many and split the rest into two nonempty heaps (unequal when `distinct`).
    Split {
        /// Tokens taken.
        take: u64,
        /// Whether the two heaps must differ.
        distinct: bool,
    },
    /// Take this many and split the rest into three nonempty heaps.
    Split3 {
        /// Tokens taken.
        take: u64,
        /// Whether the three heaps must differ.
        distinct: bool,
    },
}

/// How many heaps are scanned at most when listing moves (not counting them).
const SPLIT_SCAN_LIMIT: u64 = 2_000_000;

/// Moves, each the list of components it leaves: at most the room asked for, in a fixed
/// order, and how many there are in all (`None` when they were not counted). Heaps by
/// default; the engine's counted hooks give it for every family's position type.
pub type Counted<P = BigUint> = (Vec<Vec<P>>, Option<BigUint>);

impl HeapSeq {
    /// The winning moves of a heap larger than [`LIST_UP_TO`]: at most `cap` of the options
    /// of value `target`, and their exact count (`None` when counting would pass
    /// [`COUNT_BUDGET`] look-ups).
    ///
    /// Arguments: the heap `n`, `target`, `cap`, the kinds of option of this heap (in the
    /// order their moves are listed), and the limits.
    /// Returns: `Ok(None)` for heaps up to [`LIST_UP_TO`] (the plain path lists them).
    /// Complexity: one value look-up per one-heap kind; for splits, O(n) look-ups for heaps
    /// within the table, O(n0 + p) by residues of a proven period beyond it.
    pub fn counted_moves(
        &self,
        n: &BigUint,
        target: &Nimber,
        cap: usize,
        kinds: impl Iterator<Item = Kind>,
        limits: &Limits,
    ) -> Result<Option<Counted>, Error> {
        if *n <= BigUint::from(LIST_UP_TO) {
            return Ok(None);
        }
        // Establish the value (and the table or the proven period behind it).
        self.value(n, limits)?;
        let mut moves: Vec<Vec<BigUint>> = Vec::new();
        let mut count = Some(BigUint::default());
        // This heap's own bound, within what the analysis leaves for counting (a sum of
        // 2 * 10^5 heaps of a set of 63,214 elements would examine 10^10 options).
        let start = COUNT_BUDGET.min(limits.count_left());
        let mut budget = start;
        let push = |to: Vec<BigUint>, moves: &mut Vec<Vec<BigUint>>| {
            if moves.len() < cap {
                moves.push(to);
            }
        };
        for (i, kind) in kinds.enumerate() {
            if i % 1024 == 1023 {
                limits.check()?;
            }
            if budget == 0 {
                count = None;
                if moves.len() >= cap {
                    break;
                }
            }
            budget = budget.saturating_sub(1);
            match kind {
                Kind::TakeAll => {
                    if target.is_zero() {
                        if let Some(c) = count.as_mut() {
                            *c += 1u32;
                        }
                        push(vec![BigUint::zero()], &mut moves);
                    }
                }
                Kind::Subtract(k) => {
                    if k.is_zero() || k > *n {
                        continue;
                    }
                    let rest = n - &k;
                    if self.value(&rest, limits)? == *target {
                        if let Some(c) = count.as_mut() {
                            *c += 1u32;
                        }
                        push(vec![rest], &mut moves);
                    }
                }
                Kind::Leave(k) => {
                    if k.is_zero() || k >= *n {
                        continue;
                    }
                    let rest = n - &k;
                    if self.value(&rest, limits)? == *target {
                        if let Some(c) = count.as_mut() {
                            *c += 1u32;
                        }
                        push(vec![rest], &mut moves);
                    }
                }
                Kind::Split { take, distinct } => {
                    let room = cap - moves.len().min(cap);
                    let (found, c) =
                        self.count_splits(n, take, distinct, target, room, &mut budget, limits)?;
                    moves.extend(found);
                    count = match (count, c) {
                        (Some(a), Some(b)) => Some(a + b),
                        _ => None,
                    };
                }
                Kind::Split3 { take, distinct } => {
                    let room = cap - moves.len().min(cap);
                    let (found, c) =
                        self.count_splits3(n, take, distinct, target, room, &mut budget, limits)?;
                    moves.extend(found);
                    count = match (count, c) {
                        (Some(a), Some(b)) => Some(a + b),
                        _ => None,
                    };
                }
            }
        }
        if !limits.spend_count(start - budget) {
            count = None;
        }
        Ok(Some((moves, count)))
    }

    /// Splits of n - take into a + b (1 <= a <= b) with G(a) XOR G(b) = target.
    #[allow(clippy::too_many_arguments)]
    fn count_splits(
        &self,
        n: &BigUint,
        take: u64,
        distinct: bool,
        target: &Nimber,
        cap: usize,
        budget: &mut u64,
        limits: &Limits,
    ) -> Result<(Vec<Vec<BigUint>>, Option<BigUint>), Error> {
        if *n < BigUint::from(take) + 2u32 {
            // Nothing left to split into two nonempty heaps.
            return Ok((Vec::new(), Some(BigUint::default())));
        }
        let m = n - take;
        let half = &m / 2u32;
        // A proven period counts the splits of a heap of any size by residues, in
        // O(n0 + p): no table to the heap is built (it is looked for only in tables smaller
        // than the heap).
        if let Some(p) = self.proven_period_below(&m, limits)? {
            let cost = p.preperiod.saturating_add(p.period);
            let (moves, count) = self.count_splits_periodic(&m, distinct, target, cap, &p)?;
            let within = cost <= *budget;
            *budget = budget.saturating_sub(cost);
            return Ok((moves, count.filter(|_| within)));
        }
        // A split of a heap within the tables: scan the first parts.
        if let Some(h) = half.to_u64().filter(|&h| h <= *budget) {
            let m64 = m.to_u64().unwrap_or(u64::MAX);
            if self.closed.is_some() {
                // No table (a closed form): the scan goes through the formula.
                *budget -= h;
                let mut moves = Vec::new();
                let mut count = 0u64;
                for a in 1..=h {
                    if a % 65536 == 0 {
                        limits.check()?;
                    }
                    let b = m64 - a;
                    if distinct && a == b {
                        continue;
                    }
                    let (a, b) = (BigUint::from(a), BigUint::from(b));
                    if &self.value(&a, limits)? ^ &self.value(&b, limits)? == *target {
                        count += 1;
                        if moves.len() < cap {
                            moves.push(vec![a, b]);
                        }
                    }
                }
                return Ok((moves, Some(BigUint::from(count))));
            }
            match self.ensure(m64 - 1, limits) {
                Ok(()) => {
                    *budget -= h;
                    let s = self.state.read().map_err(|_| too_large(self.family, n))?;
                    let mut moves = Vec::new();
                    let mut count = 0u64;
                    let t = target.to_u64().unwrap_or(u64::MAX);
                    for a in 1..=h {
                        if a % 65536 == 0 {
                            limits.check()?;
                        }
                        let b = m64 - a;
                        if distinct && a == b {
                            continue;
                        }
                        let va = s.values.get(a as usize).unwrap_or(0);
                        let vb = s.values.get(b as usize).unwrap_or(0);
                        if u64::from(va ^ vb) == t {
                            count += 1;
                            if moves.len() < cap {
                                moves.push(vec![BigUint::from(a), BigUint::from(b)]);
                            }
                        }
                    }
                    return Ok((moves, Some(BigUint::from(count))));
                }
                Err(e) if e.is_too_large() => {}
                Err(e) => return Err(e),
            }
        }
        // Neither scannable nor periodic: list what a bounded scan finds, uncounted.
        let mut moves = Vec::new();
        let limit = (*budget).min(SPLIT_SCAN_LIMIT);
        let mut a = BigUint::from(1u32);
        let mut scanned = 0u64;
        while moves.len() < cap && a <= half && scanned < limit {
            let b = &m - &a;
            if !(distinct && a == b)
                && &self.value(&a, limits)? ^ &self.value(&b, limits)? == *target
            {
                moves.push(vec![a.clone(), b]);
            }
            a += 1u32;
            scanned += 1;
        }
        *budget = budget.saturating_sub(scanned);
        Ok((moves, None))
    }

    /// Splits of a huge heap m into a + b counted by residues of the proven period `p`.
    fn count_splits_periodic(
        &self,
        m: &BigUint,
        distinct: bool,
        target: &Nimber,
        cap: usize,
        p: &Period,
    ) -> Result<(Vec<Vec<BigUint>>, Option<BigUint>), Error> {
        let s = self.state.read().map_err(|_| too_large(self.family, m))?;
        let Some(per) = Periodic::new(&s.values, p) else {
            return Ok((Vec::new(), None));
        };
        let Some(t) = target.to_u64().and_then(|t| u32::try_from(t).ok()) else {
            // No value of the table is that large.
            return Ok((Vec::new(), Some(BigUint::zero())));
        };
        let mut firsts = Vec::new();
        let one = BigUint::from(1u32);
        let count = per.pairs(m, &one, &(m / 2u32), distinct, t, cap, &mut firsts);
        let moves = firsts
            .into_iter()
            .map(|a| {
                let b = m - &a;
                vec![a, b]
            })
            .collect();
        Ok((moves, Some(count)))
    }

    /// Splits of n - take into a + b + c (1 <= a <= b <= c) with value `target`: by residues
    /// of a proven period at any size, else scanned in the table within the budget.
    ///
    /// The scan reads the table directly: a pair (a, b) costs a thirty-second of a look-up of
    /// the budget, so a heap of 10^5 (8 * 10^8 pairs) is counted in about a second.
    #[allow(clippy::too_many_arguments)]
    fn count_splits3(
        &self,
        n: &BigUint,
        take: u64,
        distinct: bool,
        target: &Nimber,
        cap: usize,
        budget: &mut u64,
        limits: &Limits,
    ) -> Result<(Vec<Vec<BigUint>>, Option<BigUint>), Error> {
        if *n < BigUint::from(take) + 3u32 {
            return Ok((Vec::new(), Some(BigUint::zero())));
        }
        let Some(t) = target.to_u64().and_then(|t| u32::try_from(t).ok()) else {
            // No value of the table is that large.
            return Ok((Vec::new(), Some(BigUint::zero())));
        };
        let big_m = n - take;
        // A proven period counts the splits of a heap of any size by residues (a code with
        // `!` has no certificate, so only plain splits come here): no table to the heap.
        if !distinct {
            if let Some(p) = self.proven_period_below(&big_m, limits)? {
                let s = self.state.read().map_err(|_| too_large(self.family, n))?;
                if let Some(per) =
                    Periodic::new(&s.values, &p).filter(|q| q.triple_cost() <= *budget)
                {
                    *budget -= per.triple_cost();
                    let mut found = Vec::new();
                    let count = per.triples(&big_m, t, cap, &mut found, limits)?;
                    let moves = found.into_iter().map(Vec::from).collect();
                    return Ok((moves, Some(count)));
                }
            }
        }
        let Some(m) = big_m.to_u64() else {
            return Ok((Vec::new(), None));
        };
        self.ensure(m, limits)?;
        let s = self.state.read().map_err(|_| too_large(self.family, n))?;
        let mut pairs = budget.saturating_mul(32);
        let found = match &s.values {
            Values::U8(v) => scan3(v, m, distinct, t, cap, &mut pairs, limits)?,
            Values::U16(v) => scan3(v, m, distinct, t, cap, &mut pairs, limits)?,
            Values::U32(v) => scan3(v, m, distinct, t, cap, &mut pairs, limits)?,
        };
        *budget = pairs / 32;
        let (moves, count) = found;
        let moves = moves
            .into_iter()
            .map(|[a, b, c]| vec![a.into(), b.into(), c.into()])
            .collect();
        Ok((moves, count.map(BigUint::from)))
    }
}

/// The three-way splits of `m` with values XOR `t`, from the table `v` (which holds G(m)):
/// at most `cap` listed, counted unless the scan passes `pairs`.
fn scan3<T: Copy + Into<u32>>(
    v: &[T],
    m: u64,
    distinct: bool,
    t: u32,
    cap: usize,
    pairs: &mut u64,
    limits: &Limits,
) -> Result<(Vec<[u64; 3]>, Option<u64>), Error> {
    let m = m as usize;
    let mut moves = Vec::new();
    let mut count = 0u64;
    let mut a = 1usize;
    while 3 * a <= m {
        let want = v[a].into() ^ t;
        let last = (m - a) / 2;
        let span = (last + 1 - a) as u64;
        if span > *pairs {
            return Ok((moves, None));
        }
        *pairs -= span;
        for b in a..=last {
            let c = m - a - b;
            if v[b].into() ^ v[c].into() == want && !(distinct && (a == b || b == c)) {
                count += 1;
                if moves.len() < cap {
                    moves.push([a as u64, b as u64, c as u64]);
                }
            }
        }
        if a % 64 == 0 {
            limits.check()?;
        }
        a += 1;
    }
    Ok((moves, Some(count)))
}

/// The kinds of option of heap `n` under a take-and-break code, in the order of
/// [`crate::Code::options`] (by the number taken).
pub fn code_kinds<'a>(code: &'a crate::Code, n: &BigUint) -> impl Iterator<Item = Kind> + 'a {
    let last = match (code.max_take(), n.to_u64()) {
        (Some(t), Some(n)) => t.min(n),
        (Some(t), None) => t,
        (None, Some(n)) => n,
        (None, None) => u64::MAX,
    };
    let n = n.clone();
    (0..=last).flat_map(move |k| {
        let (bits, distinct) = code.digit_at(k);
        let mut out = Vec::new();
        let kb = BigUint::from(k);
        if bits & 1 != 0 && kb == n && k > 0 {
            out.push(Kind::TakeAll);
        }
        if bits & 2 != 0 && k > 0 && kb < n {
            out.push(Kind::Leave(kb));
        }
        if bits & 4 != 0 {
            out.push(Kind::Split { take: k, distinct });
        }
        if bits & 8 != 0 {
            out.push(Kind::Split3 { take: k, distinct });
        }
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counting of moves by kinds (table scans and residues) equals plain enumeration, on
    /// heaps past the listing threshold and past the preperiod.
    #[test]
    fn counted_moves_equal_enumeration() {
        let limits = Limits::default();
        for text in [
            "0.07", "0.77", "0.137", "4.07", "0.4!", "0.6", "4!.0", "0.8", "0.[7]", "0.b", "0.f",
            "0.a", "0.d", "0.1b",
        ] {
            let code = crate::Code::parse(text).unwrap();
            let rules = HeapRules::Tb(code.clone());
            let seq = HeapSeq::new(rules.clone(), "test", None);
            // The values by the kernels, independent of any period.
            let direct =
                crate::values(&rules, 601, &Limits::default(), Strategy::default()).unwrap();
            for n in [300u64, 417, 600] {
                let nb = BigUint::from(n);
                let g = |x: u64| Nimber::from(direct.get(x as usize).unwrap());
                for t in 0..6u64 {
                    let target = Nimber::new(t);
                    let mut want: Vec<Vec<u64>> = Vec::new();
                    for m in code.options(n) {
                        let v = m.parts.iter().fold(Nimber::ZERO, |acc, &p| &acc ^ &g(p));
                        if v == target {
                            want.push(if m.parts.is_empty() { vec![0] } else { m.parts });
                        }
                    }
                    let (moves, count) = seq
                        .counted_moves(&nb, &target, usize::MAX, code_kinds(&code, &nb), &limits)
                        .unwrap()
                        .unwrap();
                    let mut got: Vec<Vec<u64>> = moves
                        .iter()
                        .map(|m| m.iter().map(|x| x.to_u64().unwrap()).collect())
                        .collect();
                    want.sort();
                    got.sort();
                    assert_eq!(count, Some(BigUint::from(want.len())), "{text} n={n} t={t}");
                    assert_eq!(got, want, "{text} n={n} t={t}");
                }
            }
        }
    }

    /// Every split of `m` into `parts` ordered parts with values XOR `target`, one by one.
    fn brute_splits(
        low: LowBits,
        m: u64,
        parts: usize,
        distinct: bool,
        target: u64,
    ) -> Vec<Vec<u64>> {
        let g = |x: u64| low.value(&BigUint::from(x)).to_u64().unwrap();
        let mut out = Vec::new();
        if parts == 2 {
            for a in 1..=m / 2 {
                let b = m - a;
                if !(distinct && a == b) && g(a) ^ g(b) == target {
                    out.push(vec![a, b]);
                }
            }
        } else {
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    let c = m - a - b;
                    if !(distinct && (a == b || b == c)) && g(a) ^ g(b) ^ g(c) == target {
                        out.push(vec![a, b, c]);
                    }
                }
            }
        }
        out
    }

    proptest::proptest! {
        /// The digit automaton counts and lists exactly the splits a scan finds, for any map
        /// of the low bits (the families' maps among them).
        #[test]
        fn closed_splits_equal_brute_force(
            width in 0u32..4,
            seed in proptest::collection::vec(0u8..16, 8),
            m in 0u64..160,
            parts in 2usize..4,
            distinct in proptest::bool::ANY,
            target in 0u64..300,
            cap in 0usize..12,
        ) {
            let map: Vec<u8> = (0..1usize << width).map(|i| seed[i] % (1 << width)).collect();
            let low = LowBits { width, map: Box::leak(map.into_boxed_slice()) };
            let want = brute_splits(low, m, parts, distinct, target);
            let limits = Limits::default();
            let (found, count) = closed_splits(
                low, &BigUint::from(m), parts, distinct, &BigUint::from(target), usize::MAX, &limits,
            ).unwrap().unwrap();
            let got: Vec<Vec<u64>> = found
                .iter()
                .map(|v| v.iter().map(|x| x.to_u64().unwrap()).collect())
                .collect();
            proptest::prop_assert_eq!(count, Some(BigUint::from(want.len())));
            proptest::prop_assert_eq!(&got, &want);
            let (some, _) = closed_splits(
                low, &BigUint::from(m), parts, distinct, &BigUint::from(target), cap, &limits,
            ).unwrap().unwrap();
            proptest::prop_assert_eq!(some.len(), cap.min(want.len()));
            for s in some {
                let s: Vec<u64> = s.iter().map(|x| x.to_u64().unwrap()).collect();
                proptest::prop_assert!(want.contains(&s));
            }
        }
    }

    /// A long table of rules with a proven period is that period repeated (no kernel runs to
    /// the end) and equals the table the kernels compute; a table asked for after a shorter
    /// one grows from it. Dawson's Kayles and a subtraction game, past the probe sizes.
    #[test]
    fn long_tables_follow_from_the_proven_period() {
        let limits = Limits::default();
        let n = (1u64 << 20) + 4321;
        for rules in [
            HeapRules::Tb(crate::Code::parse("0.07").unwrap()),
            HeapRules::parse("sub[2,5,7]").unwrap(),
        ] {
            let seq = HeapSeq::new(rules.clone(), "test", None);
            let t = seq.table(n, &limits).unwrap();
            let direct = crate::values(
                &rules,
                n as usize + 1,
                &Limits::default(),
                Strategy::default(),
            )
            .unwrap();
            assert_eq!(t.values, direct, "{rules}");
            assert_eq!(t.period, crate::find_period(&rules, &direct), "{rules}");
        }
        let seq = HeapSeq::new(HeapRules::Tb(crate::Code::parse("0.6").unwrap()), "t", None);
        seq.value(&BigUint::from(3000u32), &limits).unwrap();
        let t = seq.table(3005, &limits).unwrap();
        let direct =
            crate::values(&seq.rules, 3006, &Limits::default(), Strategy::default()).unwrap();
        assert_eq!(t.values, direct);
    }

    /// A heap beyond the table of a game with a proven period takes its value from the
    /// period, with no table to the heap (Dawson's Kayles: the sum of heaps of 709332 and
    /// 1017351 built a table to 1418666); its winning moves are counted the same way, also for
    /// codes that split in three.
    #[test]
    fn heaps_of_proven_period_games_build_no_table_to_their_size() {
        let limits = Limits::default();
        for (text, n) in [("0.07", 709_332u64), ("0.07", 1_017_351), ("0.b", 700_000)] {
            let rules = HeapRules::parse(&format!("tb[{text}]")).unwrap();
            let seq = HeapSeq::new(rules.clone(), "test", None);
            let nb = BigUint::from(n);
            let v = seq.value(&nb, &limits).unwrap();
            let len = seq.state.read().unwrap().values.len();
            assert!(
                len <= 1 << 14,
                "{text}: a table of {len} values for the heap {n}"
            );
            let small =
                crate::values(&rules, 1 << 12, &Limits::default(), Strategy::default()).unwrap();
            let p = crate::find_period(&rules, &small).unwrap();
            assert!(p.proven);
            let want = crate::value_of_heap(&small, Some(&p), &nb).unwrap();
            assert_eq!(v, Nimber::from_big(want), "{text} G({n})");
            let code = crate::Code::parse(text).unwrap();
            for t in 0..4u64 {
                let (moves, count) = seq
                    .counted_moves(&nb, &Nimber::new(t), 5, code_kinds(&code, &nb), &limits)
                    .unwrap()
                    .unwrap();
                assert!(count.is_some(), "{text} {n} t={t}: not counted");
                assert!(moves.len() <= 5);
            }
            let len = seq.state.read().unwrap().values.len();
            assert!(
                len <= 1 << 14,
                "{text}: a table of {len} values after counting"
            );
        }
    }

    /// Counting by residues of the proven period equals counting by scanning the table.
    #[test]
    fn periodic_split_counts_equal_scans() {
        let limits = Limits::default();
        for text in ["0.07", "0.77", "0.137", "4.07"] {
            let code = crate::Code::parse(text).unwrap();
            let seq = HeapSeq::new(HeapRules::Tb(code.clone()), "test", None);
            let p = seq.proven_period(&limits).unwrap().unwrap();
            for n in [p.preperiod * 2 + 5, p.preperiod * 2 + p.period + 17, 1000] {
                for t in 0..8u64 {
                    let target = Nimber::new(t);
                    let m = BigUint::from(n - 2);
                    let (_, periodic) = seq
                        .count_splits_periodic(&m, false, &target, 0, &p)
                        .unwrap();
                    let mut budget = COUNT_BUDGET;
                    let (_, scanned) = seq
                        .count_splits(
                            &BigUint::from(n),
                            2,
                            false,
                            &target,
                            0,
                            &mut budget,
                            &limits,
                        )
                        .unwrap();
                    assert_eq!(periodic, scanned, "{text} n={n} t={t}");
                }
            }
        }
    }
}
