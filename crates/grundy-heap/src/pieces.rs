//! Subtraction games whose largest amounts lie far beyond any table (`sub[1,2,999999999]`):
//! the nim-sequence held as a list of pieces, each a range of heaps on which the values
//! repeat a stored pattern, and computed piece by piece.
//!
//! Split S into small amounts (at most a few thousand) and a few large ones. G(x) is the
//! mex of the b = max(small) values before x and of G(x - l) for each large l. While every
//! x - l stays inside one piece, the large look-ups read a periodic pattern, so the state
//! (the b previous values and the phase of each look-up in its pattern) determines the rest
//! of the stretch: the stretch is simulated value by value until a state repeats, and the
//! rest of it is then one periodic piece, however long. A stretch ends where some x - l
//! leaves its piece (or where a large amount becomes usable); the next starts there.
//!
//! Every stretch start x >= s = max(S) is also a chance to prove a period: a rolling hash
//! of the s values before x (computed from the pieces in logarithmic time) is compared with
//! the earlier starts, and a match, checked value by value through the pieces, proves that
//! the sequence repeats from there on (window repetition, as in `find_period`). For
//! `sub[1,2,k]` that happens after four stretches, whatever k.
//!
//! Nothing here is approximate: pieces hold exact values, hashes only propose matches. When
//! the pieces or the simulated values pass their limits before a heap is reached or a period
//! is proven, the computation stops with [`PiecesError::Limit`].

use std::collections::HashMap;
use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use thiserror::Error;

use crate::dense::Ctx;
use crate::hash61;
use crate::period::Period;
use crate::subset::FiniteSet;
use grundy_types::Limits;

/// Why the piecewise computation stopped.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PiecesError {
    /// The sequence did not settle into few enough pieces (or a stretch did not repeat
    /// within the values allowed) before the heap asked for or a period.
    #[error("{0}")]
    Limit(String),
    /// The cancellation flag was raised.
    #[error("cancelled")]
    Cancelled,
}

impl PiecesError {
    /// What kind of error this is: giving up is a limit, the raised flag a cancellation.
    pub fn kind(&self) -> grundy_types::ErrorKind {
        match self {
            PiecesError::Limit(_) => grundy_types::ErrorKind::Limit,
            PiecesError::Cancelled => grundy_types::ErrorKind::Cancelled,
        }
    }
}

/// The largest small amount (the window simulated value by value).
pub const SMALL_MAX: u64 = 4096;

/// The most large amounts (each adds a look-up to every simulated value).
pub const LARGE_MAX: usize = 8;

/// The most pieces kept.
const MAX_PIECES: usize = 1 << 20;

/// The most look-ups spent simulating values one by one, over all stretches (a few tenths
/// of a second): sets whose pieces do not settle give up quickly, and callers fall back to
/// tables.
const MAX_WORK: u64 = 1 << 28;

/// The most states of one stretch remembered while waiting for a repetition.
const MAX_SEEN: usize = 1 << 22;

/// Raw pieces (values that did not repeat) are joined up to this length.
const RAW_JOIN: usize = 4096;

/// A pattern of values with the hashes of its prefixes.
#[derive(Debug)]
struct Pattern {
    vals: Vec<u32>,
    /// `ph[j]`: the hash of `vals[0..j]`.
    ph: Vec<u64>,
    /// B^q for q = the pattern's length.
    pow_q: u64,
}

impl Pattern {
    fn new(vals: Vec<u32>) -> Pattern {
        let mut ph = Vec::with_capacity(vals.len() + 1);
        let mut h = 0u64;
        ph.push(h);
        for &v in &vals {
            h = hash61::add(hash61::mul(h, hash61::BASE), hash61::of(v));
            ph.push(h);
        }
        let pow_q = hash61::pow(hash61::BASE, vals.len() as u64);
        Pattern { vals, ph, pow_q }
    }

    fn q(&self) -> usize {
        self.vals.len()
    }

    /// The hash of `vals[j..k]`.
    fn sub(&self, j: usize, k: usize) -> u64 {
        hash61::sub(
            self.ph[k],
            hash61::mul(self.ph[j], hash61::pow(hash61::BASE, (k - j) as u64)),
        )
    }

    /// The hash of the m values that start at index j0 and go round the pattern.
    fn cyclic(&self, j0: usize, m: u64) -> u64 {
        let q = self.q();
        let tail = q - j0;
        // The pattern rotated to start at j0.
        let rot = hash61::add(
            hash61::mul(self.sub(j0, q), hash61::pow(hash61::BASE, j0 as u64)),
            self.sub(0, j0),
        );
        let (a, b) = (m / q as u64, (m % q as u64) as usize);
        let prefix = if b <= tail {
            self.sub(j0, j0 + b)
        } else {
            hash61::add(
                hash61::mul(
                    self.sub(j0, q),
                    hash61::pow(hash61::BASE, (b - tail) as u64),
                ),
                self.sub(0, b - tail),
            )
        };
        hash61::add(
            hash61::mul(
                hash61::mul(rot, hash61::geo(self.pow_q, a)),
                hash61::pow(hash61::BASE, b as u64),
            ),
            prefix,
        )
    }
}

/// Heaps `start .. start + len` with G(start + i) = pat[(phase + i) mod q].
#[derive(Clone, Debug)]
struct Piece {
    start: u64,
    len: u64,
    pat: Arc<Pattern>,
    phase: usize,
    /// The hash of G(0 .. start).
    h: u64,
}

impl Piece {
    fn end(&self) -> u64 {
        self.start + self.len
    }

    fn q(&self) -> usize {
        self.pat.q()
    }

    /// The index in the pattern of heap `start + i`.
    fn index(&self, i: u64) -> usize {
        ((self.phase as u64 + i % self.q() as u64) % self.q() as u64) as usize
    }

    fn at(&self, x: u64) -> u32 {
        self.pat.vals[self.index(x - self.start)]
    }

    /// Whether the values only repeat once at most (a stretch that did not repeat).
    fn raw(&self) -> bool {
        self.len <= self.q() as u64
    }
}

/// The smallest primitive root of `vals` (the shortest prefix whose repetition gives it).
fn primitive(vals: &[u32]) -> usize {
    let q = vals.len();
    (1..=q)
        .filter(|d| q % d == 0)
        .find(|&d| (d..q).all(|i| vals[i] == vals[i - d]))
        .unwrap_or(q)
}

/// The start of the least rotation of `vals` (Booth's algorithm, O(q)).
fn least_rotation(vals: &[u32]) -> usize {
    let n = vals.len();
    let at = |i: usize| vals[i % n];
    let (mut i, mut j, mut k) = (0usize, 1usize, 0usize);
    while i < n && j < n && k < n {
        let (a, b) = (at(i + k), at(j + k));
        if a == b {
            k += 1;
            continue;
        }
        if a > b {
            i += k + 1;
        } else {
            j += k + 1;
        }
        if i == j {
            j += 1;
        }
        k = 0;
    }
    i.min(j)
}

/// The nim-sequence of a finite subtraction set with a few large amounts, as pieces.
///
/// Example:
/// ```
/// use grundy_heap::{FiniteSet, Limits, Piecewise};
/// use num_bigint::BigUint;
/// let set = FiniteSet::new(vec![(1, 2), (999_999_999, 999_999_999)]).unwrap();
/// let mut g = Piecewise::new(&set).unwrap();
/// let o = Limits::default();
/// // Codeforces 1194D: k = 999999999 is a multiple of 3, so G(n) depends on n mod (k + 1):
/// // 0, 1, 2 repeated, and 3 at n = k.
/// assert_eq!(g.value(&BigUint::from(999_999_999u64), &o), Ok(3));
/// assert_eq!(g.value(&BigUint::from(1_000_000_000u64), &o), Ok(0));
/// let p = g.period(&o).unwrap();
/// assert_eq!((p.preperiod, p.period, p.proven), (0, 1_000_000_000, true));
/// ```
#[derive(Debug)]
pub struct Piecewise {
    /// The amounts up to the split, ascending.
    small: Vec<u64>,
    /// The amounts above it, ascending.
    large: Vec<u64>,
    /// max(small), the window simulated value by value (0 without small amounts).
    b: usize,
    /// max(S).
    s: u64,
    pieces: Vec<Piece>,
    /// Heaps below `done` are known.
    done: u64,
    /// G(done - b .. done) (fewer while done < b).
    recent: Vec<u32>,
    /// The hash of the s values before each stretch start, to the starts.
    starts: HashMap<u64, Vec<u64>>,
    period: Option<Period>,
    /// Look-ups spent so far.
    work: u64,
    patterns: HashMap<Vec<u32>, Arc<Pattern>>,
    /// Bytes the patterns take.
    pattern_bytes: u64,
    /// A failure is final: the state may be half-way through a stretch.
    failed: Option<PiecesError>,
}

impl Piecewise {
    /// The piecewise sequence of `set`, split at [`SMALL_MAX`]: `None` when the set has no
    /// amount above it or more than [`LARGE_MAX`] such amounts.
    pub fn new(set: &FiniteSet) -> Option<Piecewise> {
        Piecewise::with_split(set, SMALL_MAX)
    }

    /// The piecewise sequence of `set` with the amounts up to `split` simulated one by one
    /// and the others looked up in the pieces; `None` when no amount or more than
    /// [`LARGE_MAX`] amounts lie above `split`, or `split` exceeds [`SMALL_MAX`].
    ///
    /// Arguments: the set; the split (any split gives the same values, only the speed
    /// differs: tests use small ones).
    /// Returns: an empty sequence, extended on demand by [`Piecewise::value`].
    /// Complexity: O(|S|).
    pub fn with_split(set: &FiniteSet, split: u64) -> Option<Piecewise> {
        if split > SMALL_MAX {
            return None;
        }
        let mut small = Vec::new();
        let mut large = Vec::new();
        for &(lo, hi) in set.ranges() {
            for k in lo..=hi.min(split) {
                small.push(k);
            }
            if hi > split {
                if hi - lo.max(split + 1) >= LARGE_MAX as u64 {
                    return None;
                }
                large.extend(lo.max(split + 1)..=hi);
            }
            if large.len() > LARGE_MAX {
                return None;
            }
        }
        if large.is_empty() {
            return None;
        }
        let s = *large.last()?;
        let b = small.last().map_or(0, |&k| k as usize);
        Some(Piecewise {
            small,
            large,
            b,
            s,
            pieces: Vec::new(),
            done: 0,
            recent: Vec::new(),
            starts: HashMap::new(),
            period: None,
            work: 0,
            patterns: HashMap::new(),
            pattern_bytes: 0,
            failed: None,
        })
    }

    /// G(n) for a heap of any size.
    ///
    /// Arguments: the heap; `limits`, the request's budget (cancellation, deadline; its
    /// memory limit bounds the patterns; progress as the heaps covered).
    /// Returns: the value, or [`PiecesError`] when the pieces pass their limits before they
    /// reach n or prove a period (never a wrong value).
    /// Complexity: O(log pieces) once n is covered or a period is proven; before that, the
    /// stretches up to n (for `sub[1,2,k]`, four of O(1) work each).
    pub fn value(&mut self, n: &BigUint, limits: &Limits) -> Result<u32, PiecesError> {
        let opts = &Ctx::pieces(limits);
        loop {
            if let Some(v) = self.known_value(n) {
                return Ok(v);
            }
            self.stretch(opts)?;
        }
    }

    /// The least period of the sequence with its least preperiod, proven by window
    /// repetition, computing as many stretches as it takes.
    ///
    /// Returns: the period, or [`PiecesError`] when the limits come first.
    /// Complexity: the stretches up to the second repetition of a window of max(S) values.
    pub fn period(&mut self, limits: &Limits) -> Result<Period, PiecesError> {
        let opts = &Ctx::pieces(limits);
        loop {
            if let Some(p) = &self.period {
                return Ok(p.clone());
            }
            self.stretch(opts)?;
        }
    }

    /// G(n) when it is known without computing (n is covered, or a period is proven).
    ///
    /// Complexity: O(log pieces + size of n).
    pub fn known_value(&self, n: &BigUint) -> Option<u32> {
        if let Some(x) = n.to_u64().filter(|&x| x < self.done) {
            return Some(self.at(x));
        }
        let p = self.period.as_ref()?;
        let r = ((n - p.preperiod) % p.period).to_u64()?;
        Some(self.at(p.preperiod + r))
    }

    /// The period, if already proven.
    pub fn known_period(&self) -> Option<&Period> {
        self.period.as_ref()
    }

    /// How many heaps are known and how many pieces hold them.
    pub fn extent(&self) -> (u64, usize) {
        (self.done, self.pieces.len())
    }

    /// G(x) for x < done.
    fn at(&self, x: u64) -> u32 {
        self.pieces[self.piece_at(x)].at(x)
    }

    /// The index of the piece holding heap x < done.
    fn piece_at(&self, x: u64) -> usize {
        self.pieces.partition_point(|p| p.start <= x) - 1
    }

    /// The hash of G(0 .. x) for x <= done.
    fn prefix_hash(&self, x: u64) -> u64 {
        if x == 0 {
            return 0;
        }
        let p = &self.pieces[self.piece_at(x - 1)];
        let m = x - p.start;
        hash61::add(
            hash61::mul(p.h, hash61::pow(hash61::BASE, m)),
            p.pat.cyclic(p.phase, m),
        )
    }

    /// The hash of G(a .. b).
    fn range_hash(&self, a: u64, b: u64) -> u64 {
        hash61::sub(
            self.prefix_hash(b),
            hash61::mul(self.prefix_hash(a), hash61::pow(hash61::BASE, b - a)),
        )
    }

    /// The first i < m with G(a + i) != G(b + i), through the pieces: on a run where both
    /// sides stay in one piece each, periodic with q1 and q2, agreement on the first
    /// q1 + q2 values means agreement on the whole run (Fine and Wilf).
    fn first_mismatch(&self, a: u64, b: u64, m: u64) -> Option<u64> {
        let mut i = 0;
        while i < m {
            let (pa, pb) = (
                &self.pieces[self.piece_at(a + i)],
                &self.pieces[self.piece_at(b + i)],
            );
            let run = (pa.end() - (a + i)).min(pb.end() - (b + i)).min(m - i);
            let check = run.min((pa.q() + pb.q()) as u64);
            for t in 0..check {
                if pa.at(a + i + t) != pb.at(b + i + t) {
                    return Some(i + t);
                }
            }
            i += run;
        }
        None
    }

    /// The last i < m with G(a + i) != G(b + i) (runs walked from the end).
    fn last_mismatch(&self, a: u64, b: u64, m: u64) -> Option<u64> {
        let mut i = m;
        while i > 0 {
            let (pa, pb) = (
                &self.pieces[self.piece_at(a + i - 1)],
                &self.pieces[self.piece_at(b + i - 1)],
            );
            let run = (a + i - pa.start).min(b + i - pb.start).min(i);
            let check = run.min((pa.q() + pb.q()) as u64);
            for t in 1..=check {
                if pa.at(a + i - t) != pb.at(b + i - t) {
                    return Some(i - t);
                }
            }
            i -= run;
        }
        None
    }

    fn pattern(&mut self, vals: Vec<u32>) -> Arc<Pattern> {
        if let Some(p) = self.patterns.get(&vals) {
            return Arc::clone(p);
        }
        let p = Arc::new(Pattern::new(vals.clone()));
        self.pattern_bytes += 16 * vals.len() as u64 + 96;
        self.patterns.insert(vals, Arc::clone(&p));
        p
    }

    /// Recomputes the prefix hashes of the pieces from index `from` on.
    fn fix_hashes(&mut self, from: usize) {
        for i in from..self.pieces.len() {
            let h = match i.checked_sub(1).map(|j| &self.pieces[j]) {
                None => 0,
                Some(p) => hash61::add(
                    hash61::mul(p.h, hash61::pow(hash61::BASE, p.len)),
                    p.pat.cyclic(p.phase, p.len),
                ),
            };
            self.pieces[i].h = h;
        }
    }

    /// Appends values that did not repeat: first as a continuation of the last piece, then
    /// joined to a raw last piece or as a new raw piece.
    fn push_raw(&mut self, vals: &[u32]) {
        let first = self.pieces.len().saturating_sub(1);
        let mut rest = vals;
        if let Some(last) = self.pieces.last_mut() {
            if !last.raw() {
                while let Some((&v, tail)) = rest.split_first() {
                    if last.at(last.end()) != v {
                        break;
                    }
                    last.len += 1;
                    rest = tail;
                }
            }
        }
        if !rest.is_empty() {
            let start = self.pieces.last().map_or(0, Piece::end);
            let joined = match self.pieces.last() {
                Some(last)
                    if last.raw()
                        && last.phase == 0
                        && last.len as usize == last.q()
                        && last.q() + rest.len() <= RAW_JOIN =>
                {
                    let mut all = last.pat.vals.clone();
                    all.extend_from_slice(rest);
                    Some(all)
                }
                _ => None,
            };
            match joined {
                Some(all) => {
                    let pat = self.pattern(all);
                    if let Some(last) = self.pieces.last_mut() {
                        last.len = pat.q() as u64;
                        last.pat = pat;
                    }
                }
                None => {
                    let pat = self.pattern(rest.to_vec());
                    self.pieces.push(Piece {
                        start,
                        len: rest.len() as u64,
                        pat,
                        phase: 0,
                        h: 0,
                    });
                }
            }
        }
        self.fix_hashes(first);
    }

    /// Appends `len` heaps repeating `vals` (from its first value on): the pattern is
    /// reduced to its primitive root and stored as its least rotation; values of a raw
    /// piece before it that fit the pattern are taken into it, and a last piece that the
    /// pattern continues is extended instead.
    fn push_periodic(&mut self, vals: &[u32], len: u64) {
        let q = primitive(vals);
        let root = &vals[..q];
        let r = least_rotation(root);
        let mut rotated = root[r..].to_vec();
        rotated.extend_from_slice(&root[..r]);
        let pat = self.pattern(rotated);
        // vals[0] = root[0] = rotated[(q - r) mod q].
        let mut phase = (q - r) % q;
        let mut start = self.pieces.last().map_or(0, Piece::end);
        let mut len = len;
        // Take in the end of raw pieces that the pattern explains.
        while let Some(last) = self.pieces.last_mut() {
            if !last.raw() || last.len == 0 {
                break;
            }
            let before = (phase + q - 1) % q;
            if last.at(last.end() - 1) != pat.vals[before] {
                break;
            }
            last.len -= 1;
            phase = before;
            start -= 1;
            len += 1;
            if last.len == 0 {
                self.pieces.pop();
            }
        }
        let first = self.pieces.len().saturating_sub(1);
        match self.pieces.last_mut() {
            Some(last)
                if Arc::ptr_eq(&last.pat, &pat) && last.index(last.len) == phase && !last.raw() =>
            {
                last.len += len;
            }
            _ => self.pieces.push(Piece {
                start,
                len,
                pat,
                phase,
                h: 0,
            }),
        }
        self.fix_hashes(first);
    }

    /// Computes the next stretch, then looks for a proven period at its end.
    fn stretch(&mut self, opts: &Ctx<'_>) -> Result<(), PiecesError> {
        if let Some(e) = &self.failed {
            return Err(e.clone());
        }
        let result = self.stretch_inner(opts);
        if let Err(e) = &result {
            if *e != PiecesError::Cancelled {
                self.failed = Some(e.clone());
            }
        }
        result
    }

    fn limit(&self, what: &str) -> PiecesError {
        PiecesError::Limit(format!(
            "its values, held as periodic pieces, proved no period within {what} (heaps up \
             to {})",
            self.done
        ))
    }

    fn stretch_inner(&mut self, opts: &Ctx<'_>) -> Result<(), PiecesError> {
        match opts.stopped() {
            Some(grundy_types::Stop::Cancelled) => return Err(PiecesError::Cancelled),
            Some(stop) => return Err(PiecesError::Limit(stop.to_string())),
            None => {}
        }
        if self.pieces.len() >= MAX_PIECES {
            return Err(self.limit(&format!("{MAX_PIECES} pieces")));
        }
        let n = self.done;
        // The large look-ups: the piece each reads and where in its pattern it starts.
        let mut end = u64::MAX;
        let mut looks: Vec<(Arc<Pattern>, usize)> = Vec::new();
        for &l in &self.large {
            if l > n {
                end = end.min(l);
                break;
            }
            let p = &self.pieces[self.piece_at(n - l)];
            end = end.min(p.end().saturating_add(l));
            looks.push((Arc::clone(&p.pat), p.index(n - l - p.start)));
        }
        if end == u64::MAX {
            return Err(self.limit("positions past 2^64"));
        }
        let span = end - n;
        // Phases repeat together every lcm of the pattern lengths; a stretch can only
        // repeat by a multiple of it.
        let mut cycle: u64 = 1;
        for (pat, _) in &looks {
            let q = pat.q() as u64;
            cycle = cycle / gcd(cycle, q) * q;
            if cycle > span {
                break;
            }
        }
        let detect = cycle <= span;
        let b = self.b;
        let mut hist = self.recent.clone();
        let h0 = hist.len();
        let pow_b = hash61::pow(hash61::BASE, b as u64);
        let mut wh = hist.iter().fold(0u64, |h, &v| {
            hash61::add(hash61::mul(h, hash61::BASE), hash61::of(v))
        });
        // The first step of each state hash (a collision only delays a repetition).
        let mut seen: HashMap<u64, u64> = HashMap::new();
        let per_step = (self.small.len() + looks.len() + 1) as u64;
        let mut stamp = vec![u64::MAX; self.small.len() + looks.len() + 2];
        let mut repeat: Option<(u64, u64)> = None;
        let mut i = 0u64;
        while i < span {
            let x = n + i;
            if detect && x >= b as u64 {
                let key = hash61::add(hash61::mul(wh, 0x9e37_79b9), i % cycle);
                let at = h0 + i as usize;
                let window = &hist[at - b..at];
                match seen.get(&key) {
                    Some(&j) => {
                        let aj = h0 + j as usize;
                        if (i - j) % cycle == 0 && hist[aj - b..aj] == *window {
                            repeat = Some((j, i));
                            break;
                        }
                    }
                    None => {
                        if seen.len() >= MAX_SEEN {
                            return Err(self.limit(&format!("{MAX_SEEN} states of one stretch")));
                        }
                        seen.insert(key, i);
                    }
                }
            }
            // G(x): the mex of the small look-backs and the large look-ups.
            for &k in &self.small {
                if k > x {
                    break;
                }
                let v = hist[h0 + i as usize - k as usize] as usize;
                if v < stamp.len() {
                    stamp[v] = x;
                }
            }
            for (pat, j0) in &looks {
                let v = pat.vals[((*j0 as u64 + i) % pat.q() as u64) as usize] as usize;
                if v < stamp.len() {
                    stamp[v] = x;
                }
            }
            let g = stamp.iter().position(|&t| t != x).unwrap_or(stamp.len()) as u32;
            hist.push(g);
            wh = hash61::add(hash61::mul(wh, hash61::BASE), hash61::of(g));
            if hist.len() > b {
                let out = hist[hist.len() - 1 - b];
                wh = hash61::sub(wh, hash61::mul(hash61::of(out), pow_b));
            }
            i += 1;
            self.work += per_step;
            if self.work > MAX_WORK {
                return Err(self.limit(&format!("{MAX_WORK} look-ups")));
            }
            if i % 65536 == 0 {
                match opts.stopped() {
                    Some(grundy_types::Stop::Cancelled) => return Err(PiecesError::Cancelled),
                    Some(stop) => return Err(PiecesError::Limit(stop.to_string())),
                    None => {}
                }
            }
        }
        let new = &hist[h0..];
        match repeat {
            Some((j, i)) => {
                let (j, i) = (j as usize, i as usize);
                let vals = new[j..i].to_vec();
                if j > 0 {
                    let pre = new[..j].to_vec();
                    self.push_raw(&pre);
                }
                self.push_periodic(&vals, span - j as u64);
            }
            None => {
                let vals = new.to_vec();
                self.push_raw(&vals);
            }
        }
        self.done = end;
        let keep = (b as u64).min(end);
        self.recent = (end - keep..end).map(|x| self.at(x)).collect();
        let bytes = self.pattern_bytes + 64 * self.pieces.len() as u64;
        if bytes > opts.memory_limit / 4 {
            return Err(self.limit(&format!("{bytes} bytes of patterns")));
        }
        opts.report(self.done);
        self.look_for_period();
        Ok(())
    }

    /// At a stretch start x >= s: if the s values before x equal the s values before an
    /// earlier start x', the sequence repeats with period x - x' from x' - s on. The period
    /// is then reduced to the least one (its prime factors, each tried by the window test)
    /// and the preperiod to the least one (the last mismatch walking back).
    fn look_for_period(&mut self) {
        let (x, s) = (self.done, self.s);
        if self.period.is_some() || x < s {
            return;
        }
        let key = self.range_hash(x - s, x);
        let earlier = self.starts.entry(key).or_default().clone();
        for &y in &earlier {
            if self.first_mismatch(y - s, x - s, s).is_none() {
                let n0 = y - s;
                let mut p = x - y;
                for q in prime_factors(p) {
                    while p % q == 0 && self.first_mismatch(n0, n0 + p / q, s).is_none() {
                        p /= q;
                    }
                }
                let pre = self.last_mismatch(0, p, n0).map_or(0, |i| i + 1);
                self.period = Some(Period {
                    preperiod: pre,
                    period: p,
                    saltus: 0,
                    proven: true,
                    values_needed: pre.saturating_add(s).saturating_add(p),
                });
                return;
            }
        }
        self.starts.entry(key).or_default().push(x);
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// a * b mod m.
fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

fn pow_mod(mut a: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    a %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, m);
        }
        a = mul_mod(a, a, m);
        e >>= 1;
    }
    r
}

/// Miller-Rabin with the bases that decide every 64-bit number.
fn is_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    for p in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        if n % p == 0 {
            return n == p;
        }
    }
    let (mut d, mut r) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        r += 1;
    }
    'bases: for a in [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37] {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..r {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// A nontrivial factor of the composite odd n (Pollard's rho, Floyd cycles).
fn rho(n: u64) -> u64 {
    let mut c = 1u64;
    loop {
        let f = |x: u64| (mul_mod(x, x, n) + c) % n;
        let (mut x, mut y, mut d) = (2u64, 2u64, 1u64);
        while d == 1 {
            x = f(x);
            y = f(f(y));
            d = gcd(x.abs_diff(y), n);
        }
        if d != n {
            return d;
        }
        c += 1;
    }
}

/// The distinct prime factors of n, ascending.
fn prime_factors(n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut stack = vec![n];
    while let Some(m) = stack.pop() {
        if m <= 1 {
            continue;
        }
        if m % 2 == 0 {
            out.push(2);
            let mut k = m;
            while k % 2 == 0 {
                k /= 2;
            }
            stack.push(k);
        } else if is_prime(m) {
            out.push(m);
        } else {
            let d = rho(m);
            stack.push(d);
            stack.push(m / d);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use grundy_types::Cancel;

    use super::*;

    #[test]
    fn kind_sorts_giving_up_as_a_limit_and_the_raised_flag_as_a_cancellation() {
        use grundy_types::ErrorKind;
        let set = FiniteSet::new(vec![(1, 1), (2, 2), (100_000, 100_000)]).unwrap();
        let mut g = Piecewise::new(&set).unwrap();
        let raised = Cancel::new();
        raised.cancel();
        let budget = grundy_types::Limits::default().with_cancel(raised);
        let stopped = g.value(&BigUint::from(10u64).pow(30), &budget).unwrap_err();
        assert_eq!(stopped, PiecesError::Cancelled);
        assert_eq!(stopped.kind(), ErrorKind::Cancelled);
        let gave_up = g.limit("the test's bound");
        assert!(matches!(gave_up, PiecesError::Limit(_)), "{gave_up}");
        assert_eq!(gave_up.kind(), ErrorKind::Limit);
    }

    #[test]
    fn factors_and_rotations() {
        assert_eq!(prime_factors(1_000_000_000), vec![2, 5]);
        assert_eq!(prime_factors(999_999_937), vec![999_999_937]);
        assert_eq!(prime_factors(999_999_937 * 3), vec![3, 999_999_937]);
        assert_eq!(
            prime_factors(4_294_967_291 * 4_294_967_279),
            vec![4_294_967_279, 4_294_967_291]
        );
        assert_eq!(prime_factors(1), Vec::<u64>::new());
        assert_eq!(least_rotation(&[2, 0, 1]), 1);
        assert_eq!(least_rotation(&[1, 1, 0, 1]), 2);
        assert_eq!(primitive(&[0, 1, 2, 0, 1, 2]), 3);
        assert_eq!(primitive(&[3]), 1);
    }

    #[test]
    fn cyclic_hashes_equal_direct_hashes() {
        let vals = vec![5u32, 1, 4, 1, 5, 9, 2];
        let p = Pattern::new(vals.clone());
        for j0 in 0..vals.len() {
            for m in 0..30u64 {
                let direct = (0..m).fold(0u64, |h, i| {
                    let v = vals[(j0 + i as usize) % vals.len()];
                    hash61::add(hash61::mul(h, hash61::BASE), hash61::of(v))
                });
                assert_eq!(p.cyclic(j0, m), direct, "j0={j0} m={m}");
            }
        }
    }
}
