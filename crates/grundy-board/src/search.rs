//! The pruned search for nim-values of games that split into independent parts.
//!
//! A [`Parts`] game hands the search its positions already split into connected parts, each
//! in a canonical form, so that the memo (the transposition table) is keyed by canonical
//! parts and a sum is valued part by part. The search is Lemoine and Viennot's ("Nimbers are
//! inevitable", 2010): the value of a part `C` is the least `k` for which no option of `C` has
//! value `k`, and whether an option `A + B + ... + L` (its largest part `L`) has value `k` is
//! asked as "is the value of `L` equal to `k ^ v(A) ^ v(B) ^ ...`": the small parts are valued
//! exactly, the large one is only tested, and a test stops at the first option of `L` that has
//! the asked value. So most large positions are never valued, only refuted.
//!
//! Pruning beyond theirs:
//! - options whose parts are all valued already (or valued by the game's own theory) are
//!   looked at first, so a test often ends without any search;
//! - each part remembers which values its options were seen to have (one bit a value), so a
//!   part refuted for one value is not searched again for it, and its value's search resumes
//!   where the last one stopped;
//! - the game's theory answers whole parts at once ([`Parts::theory`]: a strip, a symmetric
//!   region).
//!
//! The table is bounded ([`Search::with_capacity`]): when full it is emptied and the search
//! goes on, slower, instead of refusing. The recursion is bounded by the number of cells:
//! every call is on a part with fewer cells than its caller's, so its depth is at most three
//! frames per cell (384 for the largest boards), well within a thread's stack.

use std::hash::Hash;

use grundy_types::{Limits, Stop, Ticker};
use hashbrown::HashMap;

/// A game whose positions are sums of independent parts, each in a canonical form.
pub trait Parts {
    /// A connected part in canonical form (the memo's key).
    type Part: Copy + Eq + Hash + std::fmt::Debug;

    /// The size of a part (cells or vertices): every option's parts are smaller.
    fn size(&self, p: &Self::Part) -> u32;

    /// Appends the options of `p` to `parts`, each as its parts (canonical, connected; parts
    /// with no move and value 0 may be left out), and pushes the end of each option's parts
    /// onto `ends`.
    fn options(&self, p: &Self::Part, parts: &mut Vec<Self::Part>, ends: &mut Vec<u32>);

    /// The value of `p` by the game's theory, without search, when it applies.
    fn theory(&self, p: &Self::Part) -> Option<u8>;
}

/// What the table knows of a part: its value, or the values it is proven not to have.
#[derive(Clone, Copy, Debug)]
struct Info {
    /// The value, or [`NOT_IN_SET`] while unknown.
    value: u8,
    /// Values proven not to be the part's (one bit each, values below 127), while its value
    /// is unknown; the top bit ([`THEORY_ASKED`]) marks a part the theory had no answer for.
    excluded: u128,
}

/// Counts of the work a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Parts whose options were listed.
    pub expanded: u64,
    /// Parts stored in the table now.
    pub stored: u64,
    /// Times the table was full and emptied.
    pub cleared: u64,
}

/// The pruned search over one game, with its transposition table (kept between questions).
#[derive(Debug)]
pub struct Search<G: Parts> {
    game: G,
    table: HashMap<G::Part, Info>,
    /// Buffers of finished expansions, reused.
    #[allow(clippy::type_complexity)]
    pool: Vec<(Vec<G::Part>, Vec<u32>)>,
    capacity: usize,
    ticker: Ticker,
    stats: Stats,
    aspire: bool,
    inner_aspire: bool,
}

/// Bytes one table entry takes, roughly (key, entry and the table's overhead).
pub fn entry_bytes<G: Parts>() -> usize {
    std::mem::size_of::<(G::Part, Info)>() + 8
}

impl<G: Parts> Search<G> {
    /// A search over `game` whose table holds at most `capacity` parts.
    pub fn with_capacity(game: G, capacity: usize) -> Search<G> {
        Search {
            game,
            table: HashMap::new(),
            pool: Vec::new(),
            capacity: capacity.max(1024),
            ticker: Ticker::default(),
            stats: Stats::default(),
            aspire: std::env::var_os("GRUNDY_BOARD_FULLSET").is_none(),
            inner_aspire: std::env::var_os("GRUNDY_BOARD_INNER").is_some(),
        }
    }

    /// Bounds the table to `capacity` parts (at least 1024); a full table is emptied and
    /// the search goes on.
    pub fn set_capacity(&mut self, capacity: usize) {
        self.capacity = capacity.max(1024);
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The work done so far.
    pub fn stats(&self) -> Stats {
        Stats {
            stored: self
                .table
                .values()
                .filter(|i| i.value != NOT_IN_SET)
                .count() as u64,
            ..self.stats
        }
    }

    /// The value of the sum of `parts`.
    pub fn value_of_sum(&mut self, parts: &[G::Part], limits: &Limits) -> Result<u8, Stop> {
        let mut x = 0u8;
        for p in parts {
            x ^= self.value(p, limits)?;
        }
        Ok(x)
    }

    /// Whether the sum of `parts` has value `x`, valuing the small parts and testing the
    /// largest.
    pub fn sum_is(&mut self, parts: &[G::Part], x: u8, limits: &Limits) -> Result<bool, Stop> {
        let mut left = self.cancel_pairs(parts);
        let Some(largest) = left.pop() else {
            return Ok(x == 0);
        };
        let mut x = x;
        for p in &left {
            x ^= self.value(p, limits)?;
        }
        self.is(&largest, x, limits)
    }

    /// The parts with equal parts cancelled in pairs (v ^ v = 0), smallest first: a move that
    /// leaves two copies of one region is answered without valuing it.
    fn cancel_pairs(&self, parts: &[G::Part]) -> Vec<G::Part> {
        let mut kept = Vec::with_capacity(parts.len());
        self.cancel_pairs_into(parts, &mut kept);
        kept
    }

    /// [`Search::cancel_pairs`] into a buffer the caller reuses.
    fn cancel_pairs_into(&self, parts: &[G::Part], kept: &mut Vec<G::Part>) {
        kept.clear();
        for p in parts {
            match kept.iter().position(|q| q == p) {
                Some(i) => {
                    kept.swap_remove(i);
                }
                None => kept.push(*p),
            }
        }
        if kept.len() > 1 {
            kept.sort_by_key(|p| self.game.size(p));
        }
    }

    /// The exact value of `p` from the table.
    fn known(&mut self, p: &G::Part) -> Option<u8> {
        self.table
            .get(p)
            .and_then(|i| (i.value != NOT_IN_SET).then_some(i.value))
    }

    /// The exact value of `p` from the table, or else from the game's theory (stored then),
    /// for a part about to be searched.
    fn known_or_theory(&mut self, p: &G::Part) -> Option<u8> {
        if let Some(i) = self.table.get(p) {
            if i.value != NOT_IN_SET {
                return Some(i.value);
            }
            if i.excluded & THEORY_ASKED != 0 {
                return None;
            }
        }
        match self.game.theory(p) {
            Some(v) => {
                self.store(*p, v);
                Some(v)
            }
            None => {
                self.make_room();
                self.table
                    .entry(*p)
                    .or_insert(Info {
                        value: NOT_IN_SET,
                        excluded: 0,
                    })
                    .excluded |= THEORY_ASKED;
                None
            }
        }
    }

    /// Stores a value ([`NOT_IN_SET`]: none yet) of `p`, emptying a full table first.
    fn store(&mut self, p: G::Part, value: u8) {
        self.make_room();
        self.table.insert(p, Info { value, excluded: 0 });
    }

    fn make_room(&mut self) {
        if self.table.len() >= self.capacity {
            self.table.clear();
            self.stats.cleared += 1;
        }
    }

    /// The value of one part.
    pub fn value(&mut self, p: &G::Part, limits: &Limits) -> Result<u8, Stop> {
        if self.aspire {
            return self.value_aspiring(p, limits);
        }
        self.value_inner(p, limits)
    }

    /// The value of a part met inside the search: asked with every value wanted.
    fn value_inner(&mut self, p: &G::Part, limits: &Limits) -> Result<u8, Stop> {
        if self.inner_aspire {
            return self.value_aspiring(p, limits);
        }
        match self.in_set(p, u128::MAX, limits)? {
            NOT_IN_SET => self.value_plain(p, limits),
            v => Ok(v),
        }
    }

    /// The value of `p` asked one value at a time (0, 1, 2, ...): for each, is there an
    /// option of that value? Each option is asked with a single wanted value, which prunes
    /// best; the values options were found to have on the way are kept.
    fn value_aspiring(&mut self, p: &G::Part, limits: &Limits) -> Result<u8, Stop> {
        if let Some(v) = self.known_or_theory(p) {
            return Ok(v);
        }
        let (parts, ends) = self.expand(p, limits)?;
        let mut seen = [false; 256];
        let mut open = self
            .triage(&parts, &ends, |x| {
                seen[usize::from(x)] = true;
                false
            })
            .unwrap_or_default();
        let mut r = 0usize;
        let mut rest = Vec::new();
        'values: loop {
            while seen[r] {
                r += 1;
            }
            let mut i = 0;
            while i < open.len() {
                let (s, e, _) = open[i];
                self.cancel_pairs_into(&parts[s..e], &mut rest);
                let v = match rest.pop() {
                    None => Some(0),
                    Some(largest) => {
                        let mut x = 0u8;
                        for q in &rest {
                            x ^= self.value_inner(q, limits)?;
                        }
                        let want = r as u8 ^ x;
                        let got = if want < 127 {
                            self.in_set(&largest, 1u128 << want, limits)?
                        } else {
                            self.value_inner(&largest, limits)?
                        };
                        (got != NOT_IN_SET).then_some(got ^ x)
                    }
                };
                match v {
                    Some(v) => {
                        seen[usize::from(v)] = true;
                        open.swap_remove(i);
                        if usize::from(v) == r {
                            continue 'values;
                        }
                    }
                    None => i += 1,
                }
            }
            let v = r as u8;
            self.store(*p, v);
            self.recycle(parts, ends);
            return Ok(v);
        }
    }

    /// Whether the value of part `p` is `x`.
    pub fn is(&mut self, p: &G::Part, x: u8, limits: &Limits) -> Result<bool, Stop> {
        if x >= 127 {
            return Ok(self.value(p, limits)? == x);
        }
        Ok(self.in_set(p, 1u128 << x, limits)? == x)
    }

    /// The options of `p` (their parts, and where each option's parts end), counted and
    /// checked against the limits.
    #[allow(clippy::type_complexity)]
    fn expand(&mut self, p: &G::Part, limits: &Limits) -> Result<(Vec<G::Part>, Vec<u32>), Stop> {
        self.ticker.tick(limits)?;
        self.stats.expanded += 1;
        let (mut parts, mut ends) = self.pool.pop().unwrap_or_default();
        parts.clear();
        ends.clear();
        self.game.options(p, &mut parts, &mut ends);
        Ok((parts, ends))
    }

    /// Gives the buffers of an expansion back for the next one (the search allocates
    /// nothing per position once it has gone as deep as it will).
    fn recycle(&mut self, parts: Vec<G::Part>, ends: Vec<u32>) {
        self.pool.push((parts, ends));
    }

    /// Sorts the options: those whose parts are all valued already go to `known` with their
    /// value, at no search (it returns true to stop: `None` then); the others come back as
    /// `(start, end, largest part's size)`, the cheapest to test (smallest largest part)
    /// first, to be searched.
    fn triage(
        &mut self,
        parts: &[G::Part],
        ends: &[u32],
        mut known: impl FnMut(u8) -> bool,
    ) -> Option<Vec<(usize, usize, u32)>> {
        let mut open = Vec::with_capacity(ends.len());
        let mut start = 0usize;
        for &end in ends {
            let end = end as usize;
            let mut x = 0u8;
            let mut largest = 0u32;
            let mut all_known = true;
            for q in &parts[start..end] {
                largest = largest.max(self.game.size(q));
                match self.known(q) {
                    Some(v) => x ^= v,
                    None => all_known = false,
                }
            }
            if !all_known {
                open.push((start, end, largest));
            } else if known(x) {
                return None;
            }
            start = end;
        }
        open.sort_by_key(|&(_, _, largest)| largest);
        Some(open)
    }

    /// The value of `p` by the mex of its options' exact values: the fallback for the parts
    /// with 128 options or more whose value the sets of [`Search::in_set`] cannot hold.
    fn value_plain(&mut self, p: &G::Part, limits: &Limits) -> Result<u8, Stop> {
        let mut parts = Vec::new();
        let mut ends = Vec::new();
        self.game.options(p, &mut parts, &mut ends);
        let mut seen = [false; 257];
        let mut start = 0usize;
        for &end in &ends {
            let v = self.value_of_sum(&parts[start..end as usize], limits)?;
            seen[usize::from(v)] = true;
            start = end as usize;
        }
        let v = seen.iter().position(|s| !s).unwrap_or(256);
        let v = u8::try_from(v).unwrap_or(u8::MAX - 1);
        self.store(*p, v);
        Ok(v)
    }

    /// The value of part `p` if it is in `wanted` (a set of values below 128, one bit each),
    /// or [`NOT_IN_SET`] when it is proven not to be (a value from the table may be given
    /// whether wanted or not). Beling and Rogalski's pruning: the values `p` may still have
    /// are kept as a set; each option removes the value it is found to have, and an option
    /// is only asked whether its value is among the still possible ones below the largest;
    /// when it is not, the largest is dropped instead, which leaves the least possible value
    /// (the mex) unchanged, since each option removes at most one value and one more value
    /// than options stays. The search stops as soon as no wanted value is possible.
    fn in_set(&mut self, p: &G::Part, wanted: u128, limits: &Limits) -> Result<u8, Stop> {
        if let Some(v) = self.known_or_theory(p) {
            return Ok(v);
        }
        let excluded = self.table.get(p).map_or(0, |i| i.excluded & !THEORY_ASKED);
        // Values of 127 and more are never asked for: they are found by the plain mex.
        let wanted = wanted & !excluded & !THEORY_ASKED;
        if wanted == 0 {
            return Ok(NOT_IN_SET);
        }
        let v = self.in_set_searched(p, wanted, limits)?;
        if v == NOT_IN_SET {
            self.make_room();
            let info = self.table.entry(*p).or_insert(Info {
                value: NOT_IN_SET,
                excluded: 0,
            });
            info.excluded |= wanted;
        }
        Ok(v)
    }

    /// [`Search::in_set`] past the table: the search itself.
    fn in_set_searched(&mut self, p: &G::Part, wanted: u128, limits: &Limits) -> Result<u8, Stop> {
        let (parts, ends) = self.expand(p, limits)?;
        let n = ends.len() as u32;
        let mut possible = low_bits128(n.min(127) + 1);
        let Some(later) = self.triage(&parts, &ends, |x| {
            if x < 128 {
                possible &= !(1u128 << x);
            }
            possible & wanted == 0
        }) else {
            self.recycle(parts, ends);
            return Ok(NOT_IN_SET);
        };
        let upto = if wanted == 0 {
            0
        } else {
            low_bits128(128 - wanted.leading_zeros())
        };
        let mut exact = true;
        let mut rest = Vec::new();
        for (s, e, _) in later {
            if possible & wanted == 0 {
                self.recycle(parts, ends);
                return Ok(NOT_IN_SET);
            }
            let top = 1u128 << (127 - possible.leading_zeros());
            let below_top = possible & !top;
            self.cancel_pairs_into(&parts[s..e], &mut rest);
            let Some(largest) = rest.pop() else {
                possible &= !1;
                continue;
            };
            let mut x = 0u8;
            for q in &rest {
                x ^= self.value_inner(q, limits)?;
            }
            let ask = xor_set(below_top & upto, x);
            let v = if ask == 0 {
                NOT_IN_SET
            } else {
                self.in_set(&largest, ask, limits)?
            };
            if v == NOT_IN_SET {
                possible &= !top;
                exact = false;
            } else if (v ^ x) < 128 {
                possible &= !(1u128 << (v ^ x));
            }
        }
        self.recycle(parts, ends);
        if possible == 0 {
            return self.value_plain(p, limits);
        }
        let least = possible.trailing_zeros();
        if exact || least < 128 - upto.leading_zeros() {
            let v = least as u8;
            self.store(*p, v);
            Ok(v)
        } else {
            Ok(NOT_IN_SET)
        }
    }
}

/// The bit of [`Info::excluded`] that marks a part whose theory was asked.
const THEORY_ASKED: u128 = 1 << 127;

/// The answer of a search asked whether a value is in a set, when it is not.
pub const NOT_IN_SET: u8 = u8::MAX;

/// The low `n` bits set (`n <= 128`).
fn low_bits128(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The set `{v ^ x : v in set}` of values below 128.
fn xor_set(set: u128, x: u8) -> u128 {
    if x == 0 {
        return set;
    }
    let mut out = 0u128;
    let mut bits = set;
    while bits != 0 {
        let v = bits.trailing_zeros() as u8;
        let y = v ^ x;
        if y < 128 {
            out |= 1u128 << y;
        }
        bits &= bits - 1;
    }
    out
}
