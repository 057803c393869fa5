//! The theory's memo of what it found about the parts of compounds (remoteness, steps,
//! values, move counts, compounds' values), and the machinery the operators share: the
//! listing of a compound's moves as products of the parts' moves, the least-even count of
//! `conj` and `every`, and the bounded value search of a compound in a sum.

use hashbrown::{HashMap, HashSet};

use num_bigint::BigUint;

use super::{
    component_moves_to, part_value, replaced, runs, sum_options, Facts, Kind, Parts, Verdict,
    COUNT_WORK, MAX_LISTING_WORK, MAX_OPTIONS, VALUE_SEARCH_NODES, VALUE_SEARCH_WORK,
};
use crate::position::Component;
use crate::solve::StepsFold;
use crate::{Error, Game, Limits, Nimber, Outcome};

/// The theory of compounds, with a memo of what it found about each part, so that many
/// questions about one compound (its outcome, its winning moves, the nim-values of its
/// options) search each part once.
///
/// **Invariant:** no method searches the product game except [`Theory::nimber`], whose search
/// is bounded by [`VALUE_SEARCH_NODES`] and [`VALUE_SEARCH_WORK`] and skips every position
/// the theory calls lost.
#[derive(Debug, Default)]
pub struct Theory {
    /// Remoteness and step of every sum the parts' searches reached.
    facts: HashMap<Vec<Component>, Facts>,
    /// Nim-values of parts.
    values: HashMap<Vec<Component>, Nimber>,
    /// How many moves parts have (one per position left).
    counts: HashMap<Vec<Component>, u64>,
    /// Nim-values of compounds found by the bounded search.
    compound_values: HashMap<(Kind, Parts), Nimber>,
}

/// One way a part may change in a move of `conj` or `every`: into `to` (`None`: it stays),
/// and the theory's key of the result.
struct Choice {
    to: Option<Vec<Component>>,
    key: u64,
}

/// Every-SG asks for an even greatest step; with keys `EVEN_TOP - step` that is an even
/// least key, as the conjunctive compound asks of remoteness (`EVEN_TOP` is even).
pub(super) const EVEN_TOP: u64 = u64::MAX - 1;

/// Calls `f` with every tuple of indices below `lens` (the first index varies fastest) until
/// `f` returns false. Nothing is called when some length is 0.
pub(super) fn odometer(
    lens: &[usize],
    mut f: impl FnMut(&[usize]) -> Result<bool, Error>,
) -> Result<(), Error> {
    if lens.contains(&0) {
        return Ok(());
    }
    let mut idx = vec![0usize; lens.len()];
    loop {
        if !f(&idx)? {
            return Ok(());
        }
        let mut k = 0;
        loop {
            if k == idx.len() {
                return Ok(());
            }
            idx[k] += 1;
            if idx[k] < lens[k] {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
    }
}

/// The product of some counts, exact.
fn product(counts: impl IntoIterator<Item = u128>) -> BigUint {
    let mut p = BigUint::from(1u32);
    for c in counts {
        if c == 0 {
            return BigUint::default();
        }
        p *= BigUint::from(c);
    }
    p
}

/// The moves of `conj` or `every` whose result has an even least key, given each part's
/// choices sorted by key: at most `cap` of them (for each part, the index of its choice) and
/// how many there are in all (`None` when counting would cost more than [`COUNT_WORK`]).
///
/// A tuple whose least key is `m` has a first part `j` of key `m`; the parts before `j` have
/// keys above `m` and those after `j` keys of at least `m`. So the tuples split by `(m, j)`
/// into products of ranges, listed one product at a time, and counted by
/// `#(least >= m) - #(least >= m + 1)` for each even `m`.
#[allow(clippy::type_complexity)]
fn least_even(
    choices: &[Vec<Choice>],
    cap: usize,
    limits: &Limits,
) -> Result<(Vec<Vec<usize>>, Option<BigUint>), Error> {
    let n = choices.len();
    let first_at_least = |i: usize, t: u64| choices[i].partition_point(|c| c.key < t);
    let weight_at_least = |i: usize, t: u64| (choices[i].len() - first_at_least(i, t)) as u128;
    let mut evens: Vec<u64> = choices
        .iter()
        .flatten()
        .map(|c| c.key)
        .filter(|k| k % 2 == 0)
        .collect();
    evens.sort_unstable();
    evens.dedup();

    let count = if evens.len().saturating_mul(n) > COUNT_WORK {
        None
    } else {
        let mut total = BigUint::default();
        for (step, &m) in evens.iter().enumerate() {
            if step % 64 == 63 {
                limits.check()?;
            }
            let at_least = product((0..n).map(|i| weight_at_least(i, m)));
            let above = product((0..n).map(|i| weight_at_least(i, m + 1)));
            total += at_least - above;
        }
        Some(total)
    };

    let mut out: Vec<Vec<usize>> = Vec::new();
    for &m in &evens {
        if out.len() >= cap {
            break;
        }
        limits.check()?;
        let lo_ge: Vec<usize> = (0..n).map(|i| first_at_least(i, m)).collect();
        let lo_gt: Vec<usize> = (0..n).map(|i| first_at_least(i, m + 1)).collect();
        // before[j]: every part before j has a key above m; after[j]: every part from j on
        // has a key of at least m.
        let mut before = vec![true; n + 1];
        for i in 0..n {
            before[i + 1] = before[i] && lo_gt[i] < choices[i].len();
        }
        let mut after = vec![true; n + 1];
        for i in (0..n).rev() {
            after[i] = after[i + 1] && lo_ge[i] < choices[i].len();
        }
        for j in 0..n {
            if out.len() >= cap {
                break;
            }
            if !(before[j] && lo_ge[j] < lo_gt[j] && after[j + 1]) {
                continue;
            }
            let room = cap - out.len();
            let lists: Vec<Vec<usize>> = (0..n)
                .map(|i| {
                    let range = match i.cmp(&j) {
                        std::cmp::Ordering::Less => lo_gt[i]..choices[i].len(),
                        std::cmp::Ordering::Equal => lo_ge[i]..lo_gt[i],
                        std::cmp::Ordering::Greater => lo_ge[i]..choices[i].len(),
                    };
                    range.take(room).collect()
                })
                .collect();
            let lens: Vec<usize> = lists.iter().map(Vec::len).collect();
            odometer(&lens, |idx| {
                out.push(idx.iter().zip(&lists).map(|(&x, l)| l[x]).collect());
                Ok(out.len() < cap)
            })?;
        }
    }
    Ok((out, count))
}

impl Theory {
    /// A theory with an empty memo.
    pub fn new() -> Theory {
        Theory::default()
    }

    /// How much the memo holds (sums, parts and compounds), to keep the larger of two.
    pub(super) fn size(&self) -> usize {
        self.facts.len() + self.values.len() + self.counts.len() + self.compound_values.len()
    }

    /// Remoteness and step of a sum, by a search of that sum alone (memoised).
    ///
    /// Arguments: a sorted sum and limits (the sums stored, and the work of listing their
    /// moves, are bounded by `max_nodes`). Returns: its [`Facts`]; an unsupported error when
    /// the sum can return to an earlier position.
    /// Complexity: every sum reachable from `part` is searched once, its moves listed once.
    /// Example: `nim(2)` has remoteness 1 (take it all) and step 1.
    pub fn facts(&mut self, part: &[Component], limits: &Limits) -> Result<Facts, Error> {
        if let Some(f) = self.facts.get(part) {
            return Ok(*f);
        }
        // A part of one position whose options are single positions: searched in the
        // family's own type (no vector per option), its memo kept by the family.
        if let [Component::Of(r, s)] = part {
            if let Some(st) = r.rules().steps(s, limits)? {
                return Ok(Facts {
                    remoteness: st.remoteness,
                    step: st.step,
                });
            }
        }
        self.sum_facts(part, limits)
    }

    /// [`Theory::facts`] by a search of sums of components.
    pub(super) fn sum_facts(
        &mut self,
        part: &[Component],
        limits: &Limits,
    ) -> Result<Facts, Error> {
        if let Some(f) = self.facts.get(part) {
            return Ok(*f);
        }
        if self.facts.len() >= limits.max_nodes {
            self.facts.clear();
        }
        struct Frame {
            state: Vec<Component>,
            opts: Vec<Vec<Component>>,
            next: usize,
        }
        let budget = limits.max_nodes.saturating_mul(8);
        let root = part.to_vec();
        let opts = sum_options(&root)?;
        let mut work = opts.len().saturating_mul(root.len().max(1));
        let mut on_stack: HashSet<Vec<Component>> = HashSet::new();
        on_stack.insert(root.clone());
        let mut stack = vec![Frame {
            state: root,
            opts,
            next: 0,
        }];
        let mut opened = 0usize;
        loop {
            let depth = stack.len();
            let Some(top) = stack.last_mut() else {
                break;
            };
            if let Some(o) = top.opts.get(top.next) {
                if self.facts.contains_key(o) {
                    top.next += 1;
                    continue;
                }
                if on_stack.contains(o) {
                    return Err(Error::unsupported(
                        "a part of the compound can return to an earlier position; remoteness \
                         and steps need games that end",
                    ));
                }
                if self.facts.len() + depth >= limits.max_nodes || work > budget {
                    return Err(Error::positions(limits.max_nodes));
                }
                opened += 1;
                if opened.is_multiple_of(crate::limits::CHECK_EVERY) {
                    limits.check()?;
                }
                let o = o.clone();
                let opts = sum_options(&o)?;
                work = work.saturating_add(opts.len().saturating_mul(o.len().max(1)));
                on_stack.insert(o.clone());
                stack.push(Frame {
                    state: o,
                    opts,
                    next: 0,
                });
                continue;
            }
            let Some(f) = stack.pop() else {
                break;
            };
            on_stack.remove(&f.state);
            // Won: 1 + least remoteness and 1 + greatest step over moves to lost sums (even
            // remoteness); lost: 1 + greatest remoteness and 1 + least step over all moves.
            let mut fold = StepsFold::default();
            for o in &f.opts {
                let Some(k) = self.facts.get(o) else {
                    return Err(Error::Cycle);
                };
                fold.add(*k);
            }
            let facts = fold.steps();
            self.facts.insert(f.state, facts);
        }
        self.facts.get(part).copied().ok_or(Error::Cycle)
    }

    /// The nim-value of a part (memoised).
    pub fn value(&mut self, part: &[Component], limits: &Limits) -> Result<Nimber, Error> {
        if let Some(v) = self.values.get(part) {
            return Ok(v.clone());
        }
        let v = part_value(part, limits)?;
        if self.values.len() >= limits.max_nodes {
            self.values.clear();
        }
        self.values.insert(part.to_vec(), v.clone());
        Ok(v)
    }

    /// How many moves a part has (one per distinct component and option), memoised.
    fn move_count(&mut self, part: &[Component]) -> Result<u64, Error> {
        if let Some(c) = self.counts.get(part) {
            return Ok(*c);
        }
        let mut distinct = 0u64;
        for (i, _) in runs(part) {
            let n = part[i].try_options()?.len() as u64;
            distinct = distinct.saturating_add(n);
        }
        if self.counts.len() >= VALUE_SEARCH_WORK {
            self.counts.clear();
        }
        self.counts.insert(part.to_vec(), distinct);
        Ok(distinct)
    }

    /// Refuses a listing of a compound's moves that would hold more than [`MAX_OPTIONS`]
    /// moves or copy more than [`MAX_LISTING_WORK`] components; otherwise returns the number
    /// of components the listing copies (an upper bound).
    pub(super) fn check_listing(&mut self, kind: Kind, parts: &Parts) -> Result<u128, Error> {
        let p = &parts.0;
        let mut counts = Vec::with_capacity(p.len());
        for part in p {
            counts.push(u128::from(self.move_count(part)?));
        }
        let moves = if p.is_empty() {
            0
        } else {
            kind.operator().move_count(&counts)
        };
        let size = p.iter().map(|part| part.len() as u128 + 1).sum::<u128>();
        let work = moves.saturating_mul(size);
        if moves > MAX_OPTIONS as u128 || work > MAX_LISTING_WORK as u128 {
            return Err(Error::too_large(format!(
                "this {} has about {moves} moves of {size} components each, too many to list \
                 (at most {MAX_OPTIONS} moves and {MAX_LISTING_WORK} components); alone, its \
                 outcome and winning moves come from the theory without listing them",
                kind.title()
            )));
        }
        Ok(work)
    }

    /// Every move of a compound, as the compounds it leaves.
    ///
    /// Arguments: the kind, the parts, and limits (for the parts' values in Anti-SG).
    /// Returns: the compounds after each move, each once (moving either of two equal
    /// components of a part is one move); `Parts(vec![])`, the finished game, after the
    /// Anti-SG move "the game is over".
    /// Complexity: bounded by [`MAX_OPTIONS`] moves and [`MAX_LISTING_WORK`] components.
    pub fn moves(
        &mut self,
        kind: Kind,
        parts: &Parts,
        limits: &Limits,
    ) -> Result<Vec<Parts>, Error> {
        if parts.0.is_empty() {
            return Ok(Vec::new());
        }
        self.check_listing(kind, parts)?;
        kind.operator().moves(self, &parts.0, limits)
    }

    /// The moves of a compound in which each part makes one of its moves or, where `stay`
    /// says so (given whether the part has a move), stays as it is; at least one part moves.
    pub(super) fn product_moves(
        &mut self,
        p: &[Vec<Component>],
        stay: fn(bool) -> bool,
    ) -> Result<Vec<Parts>, Error> {
        let mut out = Vec::new();
        // For each part, the choices: its moves, plus staying put where allowed.
        let mut choices: Vec<Vec<Option<Vec<Component>>>> = Vec::with_capacity(p.len());
        for part in p {
            let mut c: Vec<Option<Vec<Component>>> =
                sum_options(part)?.into_iter().map(Some).collect();
            if stay(!c.is_empty()) {
                c.push(None);
            }
            choices.push(c);
        }
        let lens: Vec<usize> = choices.iter().map(Vec::len).collect();
        odometer(&lens, |idx| {
            let moved = idx.iter().zip(&choices).any(|(&i, c)| c[i].is_some());
            if moved {
                let next: Vec<Vec<Component>> = idx
                    .iter()
                    .zip(&choices)
                    .zip(p)
                    .map(|((&i, c), part)| c[i].clone().unwrap_or_else(|| part.clone()))
                    .collect();
                out.push(Parts(next));
            }
            Ok(true)
        })?;
        Ok(out)
    }

    pub(super) fn all_zero(
        &mut self,
        p: &[Vec<Component>],
        limits: &Limits,
    ) -> Result<bool, Error> {
        for part in p {
            if !self.value(part, limits)?.is_zero() {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The outcome of a compound alone, by the theory of its kind.
    ///
    /// Arguments: the kind, the parts, limits for the parts' own searches.
    /// Returns: the [`Verdict`]. Complexity: one search per part (remoteness, steps; each sum
    /// searched once over all queries) or one value per component (selective, Anti-SG);
    /// never a search of the compound itself.
    /// Example: `conj(nim(1), nim(2))` has remoteness min(1, 1) = 1, odd: N.
    pub fn verdict(
        &mut self,
        kind: Kind,
        parts: &Parts,
        limits: &Limits,
    ) -> Result<Verdict, Error> {
        kind.operator().verdict(self, &parts.0, limits)
    }

    /// One number of each part's [`Facts`] (its remoteness or its step), each by a search of
    /// that part alone.
    pub(super) fn part_facts(
        &mut self,
        p: &[Vec<Component>],
        pick: fn(&Facts) -> u64,
        limits: &Limits,
    ) -> Result<Vec<u64>, Error> {
        let mut numbers = Vec::with_capacity(p.len());
        for (i, part) in p.iter().enumerate() {
            if i % 256 == 255 {
                limits.check()?;
            }
            numbers.push(pick(&self.facts(part, limits)?));
        }
        Ok(numbers)
    }

    /// The nim-value of each part.
    pub(super) fn part_values(
        &mut self,
        p: &[Vec<Component>],
        limits: &Limits,
    ) -> Result<Vec<Nimber>, Error> {
        let mut v = Vec::with_capacity(p.len());
        for part in p {
            v.push(self.value(part, limits)?);
        }
        Ok(v)
    }

    /// The winning moves of a compound alone (its moves to positions the theory calls lost):
    /// at most `cap` of them, and how many there are (`None`: not counted).
    ///
    /// Arguments: the kind, the parts, the most moves to list, limits for the parts' searches.
    /// Returns: the compounds after the listed moves (each position once: moving either of
    /// two equal components of a part is one move), and the count of moves.
    /// Complexity: the parts' searches (as for [`Theory::verdict`]), the moves of each part
    /// listed once, the listed compounds built; never a listing of the product's moves.
    /// Example: `select(nim(1), nim(2), nim(0))` has one winning move, both heaps to 0.
    #[allow(clippy::type_complexity)]
    pub fn winning_moves(
        &mut self,
        kind: Kind,
        parts: &Parts,
        cap: usize,
        limits: &Limits,
    ) -> Result<(Vec<Parts>, Option<BigUint>), Error> {
        if parts.0.is_empty() {
            return Ok((Vec::new(), Some(BigUint::default())));
        }
        kind.operator().winning_moves(self, &parts.0, cap, limits)
    }

    /// The moves of `conj` or `every` in which every part moves (a part without a move
    /// stays, keyed `finished`, or when `finished` is `None` ends the compound: no move)
    /// and the least of the parts' keys after the move is even: at most `cap` of them and
    /// how many there are. `key` reads a part's key off its [`Facts`]. Counted by products
    /// over the parts for each even key ([`least_even`]).
    #[allow(clippy::type_complexity)]
    pub(super) fn least_even_moves(
        &mut self,
        p: &[Vec<Component>],
        key: fn(&Facts) -> u64,
        finished: Option<u64>,
        cap: usize,
        limits: &Limits,
    ) -> Result<(Vec<Parts>, Option<BigUint>), Error> {
        let none = || Ok((Vec::new(), Some(BigUint::default())));
        let mut choices: Vec<Vec<Choice>> = Vec::with_capacity(p.len());
        let mut any_moves = false;
        for part in p {
            let mut c = Vec::new();
            for to in sum_options(part)? {
                let f = self.facts(&to, limits)?;
                c.push(Choice {
                    to: Some(to),
                    key: key(&f),
                });
            }
            any_moves |= !c.is_empty();
            if c.is_empty() {
                let Some(stays) = finished else {
                    // A part without a move ends the compound.
                    return none();
                };
                c.push(Choice {
                    to: None,
                    key: stays,
                });
            }
            c.sort_by_key(|c| c.key);
            choices.push(c);
        }
        if !any_moves {
            return none();
        }
        let (tuples, count) = least_even(&choices, cap, limits)?;
        let listed = tuples
            .into_iter()
            .map(|t| {
                Parts(
                    t.iter()
                        .zip(&choices)
                        .zip(p)
                        .map(|((&i, c), part)| c[i].to.clone().unwrap_or_else(|| part.clone()))
                        .collect(),
                )
            })
            .collect();
        Ok((listed, count))
    }

    /// The moves of a part of value `v` to value `w`: at most `room` of them (moving either
    /// of two equal components is one move) and how many there are.
    #[allow(clippy::type_complexity)]
    pub(super) fn part_moves_to(
        &mut self,
        part: &[Component],
        v: &Nimber,
        w: &Nimber,
        room: usize,
        limits: &Limits,
    ) -> Result<(Vec<Vec<Component>>, Option<BigUint>), Error> {
        let mut listed = Vec::new();
        let mut count = Some(BigUint::default());
        let change = v ^ w;
        for (i, _) in runs(part) {
            let c = &part[i];
            let target = &crate::analysis::component_nimber(c, limits)? ^ &change;
            let left = room - listed.len().min(room);
            let (found, n) = component_moves_to(c, &target, left, limits)?;
            count = match (count, n) {
                (Some(a), Some(b)) => Some(a + b),
                _ => None,
            };
            listed.extend(found.into_iter().map(|o| replaced(part, i, o)));
        }
        Ok((listed, count))
    }

    /// Whether the product of the parts' numbers of positions is at most `cap` (the
    /// compound then has at most about `cap` positions). Each part's positions are counted
    /// by a search of that part alone, stopped as soon as the product passes `cap`; a part
    /// has at least one position more than it has distinct moves, so most large compounds
    /// are refused before any search.
    fn product_within(&mut self, parts: &Parts, cap: u64, limits: &Limits) -> Result<bool, Error> {
        let p = &parts.0;
        let mut lower = Vec::with_capacity(p.len());
        for part in p {
            lower.push(u128::from(self.move_count(part)?) + 1);
        }
        let cap = u128::from(cap);
        let mut product = lower.iter().fold(1u128, |a, &b| a.saturating_mul(b));
        for (part, &lb) in p.iter().zip(&lower) {
            if product > cap {
                return Ok(false);
            }
            if lb <= 1 {
                continue;
            }
            let others = product / lb;
            let room = cap / others.max(1);
            match reachable_within(part, room, limits)? {
                Some(n) => product = others.saturating_mul(n),
                None => return Ok(false),
            }
        }
        Ok(product <= cap)
    }

    /// The nim-value of a compound, by a bounded search of the product game that takes every
    /// position the theory calls lost as value 0 without looking at its moves.
    ///
    /// Arguments: the kind, the parts, limits for the parts' searches.
    /// Returns: the nim-value; a size error, without searching, when the parts have more
    /// than [`VALUE_SEARCH_NODES`] positions together (the product of their counts), and
    /// when the search would copy more than [`VALUE_SEARCH_WORK`] components.
    /// Complexity: the theory's verdict, then at most those bounds.
    /// Example: `select(nim(1), nim(1))` has value 2: its options are worth 1 (one heap
    /// taken), 1 and 0 (both taken).
    pub fn nimber(&mut self, kind: Kind, parts: &Parts, limits: &Limits) -> Result<Nimber, Error> {
        if self.verdict(kind, parts, limits)?.outcome == Outcome::P {
            return Ok(Nimber::ZERO);
        }
        let key = (kind, parts.clone());
        if let Some(v) = self.compound_values.get(&key) {
            return Ok(v.clone());
        }
        if self.compound_values.len() >= VALUE_SEARCH_NODES * 4 {
            self.compound_values.clear();
        }
        let too_large = |why: String| {
            Error::too_large(format!(
                "the nim-value of this {} needs a search of the whole compound ({why}); alone, \
                 its outcome and winning moves come from the theory",
                kind.title()
            ))
        };
        struct Frame {
            node: Parts,
            opts: Vec<Parts>,
            next: usize,
            seen: Vec<Nimber>,
        }
        if !self.product_within(parts, VALUE_SEARCH_NODES as u64, limits)? {
            return Err(too_large(format!(
                "its parts have more than {VALUE_SEARCH_NODES} positions together"
            )));
        }
        let mut work = self
            .check_listing(kind, parts)
            .map_err(|e| too_large(e.to_string()))?;
        let opts = self.moves(kind, parts, limits)?;
        let mut on_stack: HashSet<Parts> = HashSet::new();
        on_stack.insert(parts.clone());
        let mut stack = vec![Frame {
            node: parts.clone(),
            opts,
            next: 0,
            seen: Vec::new(),
        }];
        let mut nodes = 1usize;
        while let Some(top) = stack.last_mut() {
            if let Some(o) = top.opts.get(top.next) {
                let cached = self.compound_values.get(&(kind, o.clone())).cloned();
                let known = match cached {
                    Some(v) => Some(v),
                    None if self.verdict(kind, o, limits)?.outcome == Outcome::P => {
                        Some(Nimber::ZERO)
                    }
                    None => None,
                };
                if let Some(v) = known {
                    top.seen.push(v);
                    top.next += 1;
                    continue;
                }
                if on_stack.contains(o) {
                    return Err(Error::Cycle);
                }
                nodes += 1;
                if nodes > VALUE_SEARCH_NODES {
                    return Err(too_large(format!(
                        "more than {VALUE_SEARCH_NODES} positions"
                    )));
                }
                if nodes.is_multiple_of(256) {
                    limits.check()?;
                }
                let o = o.clone();
                work = work.saturating_add(
                    self.check_listing(kind, &o)
                        .map_err(|e| too_large(e.to_string()))?,
                );
                if work > VALUE_SEARCH_WORK as u128 {
                    return Err(too_large(format!(
                        "more than {VALUE_SEARCH_WORK} components copied"
                    )));
                }
                let opts = self.moves(kind, &o, limits)?;
                on_stack.insert(o.clone());
                stack.push(Frame {
                    node: o,
                    opts,
                    next: 0,
                    seen: Vec::new(),
                });
                continue;
            }
            let Some(f) = stack.pop() else {
                break;
            };
            on_stack.remove(&f.node);
            let v = crate::mex(&f.seen);
            self.compound_values.insert((kind, f.node), v);
        }
        self.compound_values.get(&key).cloned().ok_or(Error::Cycle)
    }
}

/// The number of sums reachable from `part` (itself included) when it is at most `room`.
fn reachable_within(
    part: &[Component],
    room: u128,
    limits: &Limits,
) -> Result<Option<u128>, Error> {
    let mut seen: HashSet<Vec<Component>> = HashSet::new();
    seen.insert(part.to_vec());
    let mut stack = vec![part.to_vec()];
    while let Some(s) = stack.pop() {
        if seen.len().is_multiple_of(crate::limits::CHECK_EVERY) {
            limits.check()?;
        }
        for o in sum_options(&s)? {
            if seen.insert(o.clone()) {
                if seen.len() as u128 > room {
                    return Ok(None);
                }
                stack.push(o);
            }
        }
    }
    Ok(Some(seen.len() as u128))
}
