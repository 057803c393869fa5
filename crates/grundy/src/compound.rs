//! Compounds other than the disjunctive sum (Winning Ways, chapter 9), and Anti-SG.
//!
//! Each compound takes parts, each part an expression (a disjunctive sum of components), and
//! is itself one impartial game, so it may stand in a sum or inside another compound:
//!
//! - `conj(A, B, ...)`, the **conjunctive compound**: a move is a move in every part at once;
//!   play ends as soon as some part has no move (normal play: who cannot move loses).
//!   Theory (Smith; Winning Ways, chapter 9, "Slow Joe"): with Steinhaus' remoteness R (0 at
//!   the end; a won position is 1 + the least even R of its options, a lost one 1 + the
//!   greatest R), the compound's remoteness is the least R of its parts, and the player to
//!   move loses exactly when it is even.
//! - `every(A, B, ...)`, the **continued conjunctive compound** (Every-SG, HDU 3595 "GG and
//!   MM"): a move is a move in every part that still has one; play ends when no part has a
//!   move. Theory (Winning Ways' suspense numbers; Jia Zhihao, "Every-SG", 2009): step(v) = 0
//!   at the end; 1 + the greatest step of an option of value 0 when v has nonzero value (the
//!   winner prolongs); 1 + the least step of an option when v has value 0 (the loser
//!   hurries). The player to move wins exactly when the greatest step of the parts is odd.
//! - `select(A, B, ...)`, the **selective compound**: a move is a move in any nonempty set of
//!   parts; play ends when no part has a move. Theory (Winning Ways, chapter 9): the player to
//!   move loses exactly when every part has value 0; the winning moves move every part of
//!   nonzero value to value 0 and nothing else.
//! - `anti(A, B, ...)`, **Anti-SG with the SJ rule**: the sum of the parts under misere play
//!   (who makes the last move loses), where play also ends as soon as every part has value 0
//!   (then the player to move has won). SJ theorem (Jia Zhihao, 2009): the player to move
//!   wins exactly when the XOR of the parts' values is nonzero and some part has value above
//!   1, or the XOR is 0 and no part has value above 1. As a game of the engine (normal play),
//!   a position where every part has value 0 has a single move, "the game is over", to the
//!   finished game `anti()`.
//!
//! `NAME()`, a compound of no parts, is a finished game (no move, value 0); the Anti-SG move
//! "the game is over" leads to `anti()`, so that every position the engine prints parses back.
//!
//! A compound alone is answered by the theory, never by a search of the product game: the
//! outcome from each part's remoteness, steps or value (each found by a search of that part
//! alone, memoised in a [`Theory`]), and the winning moves listed only as far as asked and
//! counted by arithmetic over the parts' moves. Moves are counted as in sums: a part's move is
//! a move of one of its components, so `select(nim(1,1,1))` has three winning moves (which
//! lead to the same position). The nim-value of a compound (needed only when it stands in a
//! sum with other games) comes from a bounded search that takes the value 0 of every position
//! the theory calls lost without looking further.
//! **Boundary:** the parser knows compounds only by [`Kind::of`]; the analysis sees one
//! ruleset per kind, whose positions are [`Parts`].

use hashbrown::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use num_bigint::BigUint;

use crate::explanation::{Block, Explanation};
use crate::position::{Component, Position, Term};
use crate::rules::Theory as Known;
use crate::rules::{Alone, Arg, ArgError, BuildContext, Family, Opt, Ruleset, RulesetRef};
use crate::solve::StepsFold;
use crate::{Error, Game, Limits, Nimber, Outcome};

/// Which compound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Move in every part; ends when some part ends.
    Conj,
    /// Move in every part that can move; ends when all parts end (Every-SG).
    Every,
    /// Move in any nonempty set of parts.
    Select,
    /// Misere sum that also ends when every part has value 0 (SJ theorem).
    Anti,
}

impl Kind {
    /// Every kind, in the order `grundy list` shows them.
    pub const ALL: [Kind; 4] = [Kind::Conj, Kind::Every, Kind::Select, Kind::Anti];

    /// The name in expressions.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Conj => "conj",
            Kind::Every => "every",
            Kind::Select => "select",
            Kind::Anti => "anti",
        }
    }

    /// The kind whose canonical ruleset name is `name` (the parser reads the arguments of
    /// these rulesets as expressions).
    pub fn of(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    fn title(self) -> &'static str {
        match self {
            Kind::Conj => "conjunctive compound",
            Kind::Every => "continued conjunctive compound (Every-SG)",
            Kind::Select => "selective compound",
            Kind::Anti => "Anti-SG sum with the SJ rule",
        }
    }
}

/// The entry of the compound called `name`, if it is one.
pub fn family(name: &str) -> Option<Family> {
    families().into_iter().find(|f| f.answers_to(name))
}

/// The compounds, as entries the parser and `list` use (they are not registry entries).
pub fn families() -> Vec<Family> {
    let entry = |kind: Kind, summary: &str, example: &str| {
        Family::new(
            kind.name(),
            &[],
            &format!("{}(A, B, ...) with each part an expression", kind.name()),
            summary,
            example,
            None,
            move |_: Option<&str>, _: &BuildContext<'_>| Ok(RulesetRef::of(Compound::new(kind))),
        )
    };
    vec![
        entry(
            Kind::Conj,
            "conjunctive compound: move in every part; ends when some part ends (remoteness)",
            "conj(nim(3), sub[1,2](7))",
        )
        .with_help(
            "Each argument is a whole expression (a sum such as nim(1,2) + *3). Alone, the \
             compound is lost for the player to move when the least remoteness of its parts \
             is even.",
        ),
        entry(
            Kind::Every,
            "Every-SG: move in every part that can move; ends when all parts end (steps)",
            "every(nim(2), nim(1,1))",
        )
        .with_help(
            "HDU 3595 GG and MM. Alone, the compound is won for the player to move when the \
             greatest step (suspense number) of its parts is odd.",
        ),
        entry(
            Kind::Select,
            "selective compound: move in any nonempty set of parts",
            "select(nim(3), wythoff(1,2))",
        )
        .with_help("Alone, the compound is lost for the player to move when every part is."),
        entry(
            Kind::Anti,
            "Anti-SG: misere sum of the parts that also ends when every part has value 0 (SJ)",
            "anti(nim(1), nim(1), nim(2))",
        )
        .with_help(
            "SJ theorem: the player to move wins when the XOR is nonzero and some part is \
             above 1, or the XOR is 0 and no part is above 1. A position where every part has \
             value 0 is over; the engine shows it as N with the single move 'the game is over' \
             to anti(), the finished game. This is not --misere, which plays the sum to its \
             last move: the two agree when every part of value 0 has no move (Nim heaps), and \
             differ on trees (tree(0,1,0,3) is P under --misere, N as anti(tree(0,1,0,3))). \
             Judges of Anti-SG on trees (HDU 3590) expect anti(...).",
        ),
    ]
}

/// The parts of a compound: each part is a disjunctive sum, as its sorted components.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Parts(pub Vec<Vec<Component>>);

/// The text of one part: its components joined by ` + `, `0` when empty.
pub fn part_text(part: &[Component]) -> String {
    if part.is_empty() {
        return "0".to_string();
    }
    let t: Vec<String> = part.iter().map(Component::describe).collect();
    t.join(" + ")
}

/// The part written by a parsed sub-expression.
pub fn part_of(pos: &Position) -> Vec<Component> {
    let mut comps: Vec<Component> = pos.components().into_iter().map(|(_, c)| c).collect();
    comps.sort();
    comps
}

/// Most moves one listing of a compound's moves may hold (a conjunctive move multiplies
/// choices).
pub const MAX_OPTIONS: usize = 200_000;

/// Most components one listing of a compound's moves may copy (moves times the components of
/// the compound): past it the compound is not searched as a game of its own, and alone it is
/// answered by the theory.
pub const MAX_LISTING_WORK: usize = 250_000;

/// Most positions the bounded search for a compound's nim-value may visit.
pub const VALUE_SEARCH_NODES: usize = 10_000;

/// Most components the bounded search for a compound's nim-value may copy while listing
/// moves.
pub const VALUE_SEARCH_WORK: usize = 2_000_000;

/// Most products of per-part counts that counting winning moves of `conj` or `every` may
/// take (distinct even keys times parts); past it the count is left out (`None`).
const COUNT_WORK: usize = 20_000_000;

/// A move of a part (a sum): the sum it leaves, and how many moves of the part lead there
/// this way (a part with `k` equal components has `k` such moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartMove {
    /// The sum after the move, sorted.
    pub to: Vec<Component>,
    /// How many moves of the part these are.
    pub count: u64,
}

/// The runs of equal components of a sorted part: (first index, multiplicity).
fn runs(part: &[Component]) -> Vec<(usize, u64)> {
    let mut out: Vec<(usize, u64)> = Vec::new();
    for (i, c) in part.iter().enumerate() {
        match out.last_mut() {
            Some((j, k)) if part[*j] == *c => *k += 1,
            _ => out.push((i, 1)),
        }
    }
    out
}

/// The part after component `i` became `to`, sorted.
fn replaced(part: &[Component], i: usize, to: Vec<Component>) -> Vec<Component> {
    let mut next: Vec<Component> = Vec::with_capacity(part.len() + to.len());
    next.extend(part[..i].iter().cloned());
    next.extend(part[i + 1..].iter().cloned());
    next.extend(to);
    next.sort();
    next
}

/// Every move of a part, grouped: one entry per component value and option.
///
/// Arguments: the sorted components of a sum. Returns: for each distinct component and each
/// of its options, the sum after the move and how many equal components make it.
/// Complexity: one option listing per distinct component, each result sorted.
pub fn part_moves(part: &[Component]) -> Result<Vec<PartMove>, Error> {
    let mut out = Vec::new();
    for (i, k) in runs(part) {
        for o in part[i].try_options()? {
            out.push(PartMove {
                to: replaced(part, i, o),
                count: k,
            });
            limit_options(out.len())?;
        }
    }
    Ok(out)
}

/// Every option of a disjunctive sum: one component moves (moving either of two equal
/// components gives the same sum, listed once).
///
/// Arguments: the sorted components of a sum. Returns: the sums after each move, sorted.
/// Complexity: one option listing per distinct component.
pub fn sum_options(part: &[Component]) -> Result<Vec<Vec<Component>>, Error> {
    Ok(part_moves(part)?.into_iter().map(|m| m.to).collect())
}

fn limit_options(n: usize) -> Result<(), Error> {
    if n > MAX_OPTIONS {
        return Err(Error::too_large(format!(
            "the compound has more than {MAX_OPTIONS} moves to list; alone, its outcome and \
             winning moves come from the theory without listing them"
        )));
    }
    Ok(())
}

/// The nim-value of a part (a sum): the XOR of its components' values.
pub fn part_value(part: &[Component], limits: &Limits) -> Result<Nimber, Error> {
    let mut v = Nimber::ZERO;
    for c in part {
        v ^= &crate::analysis::component_nimber(c, limits)?;
    }
    Ok(v)
}

/// The options of component `c` of value `target` (at most `room` of them) and how many
/// there are (`None`: not counted), by the family's hooks where it has them.
fn component_moves_to(
    c: &Component,
    target: &Nimber,
    room: usize,
    limits: &Limits,
) -> Result<(Vec<Vec<Component>>, Option<BigUint>), Error> {
    let (r, s) = match c {
        Component::Star(n) => {
            if target >= n {
                return Ok((Vec::new(), Some(BigUint::default())));
            }
            let to = if target.is_zero() {
                vec![]
            } else {
                vec![Component::Star(target.clone())]
            };
            let listed = if room > 0 { vec![to] } else { Vec::new() };
            return Ok((listed, Some(BigUint::from(1u32))));
        }
        Component::Of(r, s) => (r, s),
    };
    let wrap = |o: Vec<crate::rules::Comp>| -> Vec<Component> {
        o.into_iter().map(|p| Component::Of(r.clone(), p)).collect()
    };
    if let Some((found, n)) = r.rules().counted_moves_to_value(s, target, room, limits)? {
        return Ok((found.into_iter().take(room).map(wrap).collect(), n));
    }
    let mut listed = Vec::new();
    let mut count = 0u64;
    for (i, o) in r.rules().options(s, limits)?.into_iter().enumerate() {
        if i % 1024 == 1023 {
            limits.check()?;
        }
        let mut v = Nimber::ZERO;
        for p in &o {
            v ^= &r.rules().value(p, limits)?;
        }
        if v == *target {
            count += 1;
            if listed.len() < room {
                listed.push(wrap(o));
            }
        }
    }
    Ok((listed, Some(BigUint::from(count))))
}

/// What the theory needs of one sum, found by a search of that sum alone: Steinhaus'
/// remoteness under normal play and the step (suspense number) of Every-SG (see
/// [`crate::solve::Steps`]).
pub type Facts = crate::solve::Steps;

/// A compound's verdict as the theory gives it: the outcome, and the numbers it came from
/// (remoteness, steps or values of the parts, in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Who wins (N: the player to move).
    pub outcome: Outcome,
    /// The per-part numbers the theory used.
    pub numbers: Vec<BigUint>,
}

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
    /// Moves of parts, counted: (distinct results, moves).
    counts: HashMap<Vec<Component>, (u64, u64)>,
    /// Nim-values of compounds found by the bounded search.
    compound_values: HashMap<(Kind, Parts), Nimber>,
}

/// One way a part may change in a move of `conj` or `every`: into `to` (`None`: it stays),
/// the theory's key of the result, and how many moves of the part lead there.
struct Choice {
    to: Option<Vec<Component>>,
    key: u64,
    count: u64,
}

/// Every-SG asks for an even greatest step; with keys `EVEN_TOP - step` that is an even
/// least key, as the conjunctive compound asks of remoteness (`EVEN_TOP` is even).
const EVEN_TOP: u64 = u64::MAX - 1;

/// Calls `f` with every tuple of indices below `lens` (the first index varies fastest) until
/// `f` returns false. Nothing is called when some length is 0.
fn odometer(
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

/// The indices `range` of `choices`, each repeated as many times as it counts moves, at most
/// `cap` in all.
fn expanded(choices: &[Choice], range: std::ops::Range<usize>, cap: usize) -> Vec<usize> {
    let mut out = Vec::new();
    for i in range {
        for _ in 0..choices[i].count {
            if out.len() >= cap {
                return out;
            }
            out.push(i);
        }
    }
    out
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
    // prefix[i][k]: moves among the first k choices of part i.
    let prefix: Vec<Vec<u128>> = choices
        .iter()
        .map(|cs| {
            let mut p = vec![0u128];
            for c in cs {
                let last = p.last().copied().unwrap_or(0);
                p.push(last + u128::from(c.count));
            }
            p
        })
        .collect();
    let first_at_least = |i: usize, t: u64| choices[i].partition_point(|c| c.key < t);
    let weight_at_least = |i: usize, t: u64| {
        let lo = first_at_least(i, t);
        prefix[i][choices[i].len()] - prefix[i][lo]
    };
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
                    expanded(&choices[i], range, room)
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
    fn size(&self) -> usize {
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
    fn sum_facts(&mut self, part: &[Component], limits: &Limits) -> Result<Facts, Error> {
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

    /// How many moves a part has: (distinct results, moves), memoised.
    fn move_counts(&mut self, part: &[Component]) -> Result<(u64, u64), Error> {
        if let Some(c) = self.counts.get(part) {
            return Ok(*c);
        }
        let (mut distinct, mut all) = (0u64, 0u64);
        for (i, k) in runs(part) {
            let n = part[i].try_options()?.len() as u64;
            distinct = distinct.saturating_add(n);
            all = all.saturating_add(n.saturating_mul(k));
        }
        if self.counts.len() >= VALUE_SEARCH_WORK {
            self.counts.clear();
        }
        self.counts.insert(part.to_vec(), (distinct, all));
        Ok((distinct, all))
    }

    /// Refuses a listing of a compound's moves that would hold more than [`MAX_OPTIONS`]
    /// moves or copy more than [`MAX_LISTING_WORK`] components; otherwise returns the number
    /// of components the listing copies (an upper bound).
    fn check_listing(
        &mut self,
        kind: Kind,
        parts: &Parts,
        every_move: bool,
    ) -> Result<u128, Error> {
        let p = &parts.0;
        let mut counts = Vec::with_capacity(p.len());
        for part in p {
            let (distinct, all) = self.move_counts(part)?;
            counts.push(u128::from(if every_move { all } else { distinct }));
        }
        let moves: u128 = match kind {
            _ if p.is_empty() => 0,
            Kind::Anti => counts.iter().sum::<u128>().max(1),
            Kind::Conj => counts.iter().fold(1u128, |a, &c| a.saturating_mul(c)),
            Kind::Every => counts
                .iter()
                .fold(1u128, |a, &c| a.saturating_mul(c.max(1))),
            Kind::Select => counts
                .iter()
                .fold(1u128, |a, &c| a.saturating_mul(c + 1))
                .saturating_sub(1),
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
    /// Arguments: the kind, the parts, whether to list every move (a move repeated when equal
    /// components of a part make it) or each resulting compound once, and limits (for the
    /// parts' values in Anti-SG). Returns: the compounds after each move; `Parts(vec![])`, the
    /// finished game, after the Anti-SG move "the game is over".
    /// Complexity: bounded by [`MAX_OPTIONS`] moves and [`MAX_LISTING_WORK`] components.
    pub fn moves(
        &mut self,
        kind: Kind,
        parts: &Parts,
        every_move: bool,
        limits: &Limits,
    ) -> Result<Vec<Parts>, Error> {
        let p = &parts.0;
        if p.is_empty() {
            return Ok(Vec::new());
        }
        self.check_listing(kind, parts, every_move)?;
        let repeat = |m: &PartMove| if every_move { m.count } else { 1 };
        let mut out = Vec::new();
        if kind == Kind::Anti {
            if self.all_zero(p, limits)? {
                return Ok(vec![Parts(Vec::new())]);
            }
            for (i, part) in p.iter().enumerate() {
                for m in part_moves(part)? {
                    for _ in 0..repeat(&m) {
                        let mut next = p.clone();
                        next[i] = m.to.clone();
                        out.push(Parts(next));
                    }
                }
            }
            return Ok(out);
        }
        // For each part, the choices: its moves, plus staying put where allowed.
        let mut choices: Vec<Vec<Option<Vec<Component>>>> = Vec::with_capacity(p.len());
        for part in p {
            let mut c: Vec<Option<Vec<Component>>> = Vec::new();
            for m in part_moves(part)? {
                for _ in 0..repeat(&m) {
                    c.push(Some(m.to.clone()));
                }
            }
            let stay = match kind {
                Kind::Every => c.is_empty(),
                Kind::Select => true,
                _ => false,
            };
            if stay {
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

    fn all_zero(&mut self, p: &[Vec<Component>], limits: &Limits) -> Result<bool, Error> {
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
        let p = &parts.0;
        match kind {
            Kind::Conj | Kind::Every => {
                let mut numbers = Vec::with_capacity(p.len());
                for (i, part) in p.iter().enumerate() {
                    if i % 256 == 255 {
                        limits.check()?;
                    }
                    let f = self.facts(part, limits)?;
                    numbers.push(if kind == Kind::Conj {
                        f.remoteness
                    } else {
                        f.step
                    });
                }
                let won = if kind == Kind::Conj {
                    numbers.iter().min().is_some_and(|r| r % 2 == 1)
                } else {
                    numbers.iter().max().is_some_and(|s| s % 2 == 1)
                };
                Ok(Verdict {
                    outcome: if won { Outcome::N } else { Outcome::P },
                    numbers: numbers.into_iter().map(BigUint::from).collect(),
                })
            }
            Kind::Select | Kind::Anti => {
                let mut v = Vec::with_capacity(p.len());
                for part in p {
                    v.push(self.value(part, limits)?);
                }
                let won = if kind == Kind::Select {
                    v.iter().any(|n| !n.is_zero())
                } else if p.is_empty() {
                    // anti(): the finished game, lost for the player to move.
                    false
                } else {
                    let x = crate::nim_sum(v.iter());
                    let big = v.iter().any(|n| *n > Nimber::new(1));
                    x.is_zero() != big
                };
                Ok(Verdict {
                    outcome: if won { Outcome::N } else { Outcome::P },
                    numbers: v.iter().map(Nimber::to_biguint).collect(),
                })
            }
        }
    }

    /// The winning moves of a compound alone (its moves to positions the theory calls lost):
    /// at most `cap` of them, and how many there are (`None`: not counted).
    ///
    /// Arguments: the kind, the parts, the most moves to list, limits for the parts' searches.
    /// Returns: the compounds after the listed moves (a move made by any of `k` equal
    /// components is listed `k` times), and the count of moves.
    /// Complexity: the parts' searches (as for [`Theory::verdict`]), the moves of each part
    /// listed once, the listed compounds built; never a listing of the product's moves.
    /// Conjunctive and Every-SG moves are counted by products over the parts for each even
    /// remoteness (step); selective moves by the product of each part's moves to value 0;
    /// Anti-SG moves by the sum over parts of the moves to the one value that wins there.
    /// Example: `select(nim(1), nim(2), nim(0))` has one winning move, both heaps to 0.
    #[allow(clippy::type_complexity)]
    pub fn winning_moves(
        &mut self,
        kind: Kind,
        parts: &Parts,
        cap: usize,
        limits: &Limits,
    ) -> Result<(Vec<Parts>, Option<BigUint>), Error> {
        let p = &parts.0;
        let none = || Ok((Vec::new(), Some(BigUint::default())));
        if p.is_empty() {
            return none();
        }
        match kind {
            Kind::Conj | Kind::Every => {
                let mut choices: Vec<Vec<Choice>> = Vec::with_capacity(p.len());
                let mut any_moves = false;
                for part in p {
                    let mut c = Vec::new();
                    for m in part_moves(part)? {
                        let f = self.facts(&m.to, limits)?;
                        let key = if kind == Kind::Conj {
                            f.remoteness
                        } else {
                            EVEN_TOP - f.step
                        };
                        c.push(Choice {
                            to: Some(m.to),
                            key,
                            count: m.count,
                        });
                    }
                    any_moves |= !c.is_empty();
                    if c.is_empty() {
                        if kind == Kind::Conj {
                            // A part without a move ends the conjunctive compound.
                            return none();
                        }
                        // Every-SG: a finished part stays (step 0).
                        c.push(Choice {
                            to: None,
                            key: EVEN_TOP,
                            count: 1,
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
                                .map(|((&i, c), part)| {
                                    c[i].to.clone().unwrap_or_else(|| part.clone())
                                })
                                .collect(),
                        )
                    })
                    .collect();
                Ok((listed, count))
            }
            Kind::Select => {
                let mut lists: Vec<(usize, Vec<Vec<Component>>)> = Vec::new();
                let mut count = Some(BigUint::from(1u32));
                for (i, part) in p.iter().enumerate() {
                    let v = self.value(part, limits)?;
                    if v.is_zero() {
                        continue;
                    }
                    let (listed, n) = self.part_moves_to(part, &v, &Nimber::ZERO, cap, limits)?;
                    count = match (count, n) {
                        (Some(a), Some(b)) => Some(a * b),
                        _ => None,
                    };
                    lists.push((i, listed));
                }
                if lists.is_empty() {
                    return none();
                }
                let mut out = Vec::new();
                if cap > 0 {
                    let lens: Vec<usize> = lists.iter().map(|(_, l)| l.len()).collect();
                    odometer(&lens, |idx| {
                        let mut next = p.clone();
                        for (&x, (i, l)) in idx.iter().zip(&lists) {
                            next[*i] = l[x].clone();
                        }
                        out.push(Parts(next));
                        Ok(out.len() < cap)
                    })?;
                }
                Ok((out, count))
            }
            Kind::Anti => {
                let mut v = Vec::with_capacity(p.len());
                for part in p {
                    v.push(self.value(part, limits)?);
                }
                let one = Nimber::new(1);
                let big = v.iter().filter(|n| **n > one).count();
                if big == 0 && v.iter().all(Nimber::is_zero) {
                    // The game is over: its one move, to the finished game, wins.
                    let listed = if cap > 0 {
                        vec![Parts(Vec::new())]
                    } else {
                        Vec::new()
                    };
                    return Ok((listed, Some(BigUint::from(1u32))));
                }
                let x = crate::nim_sum(v.iter());
                let mut out = Vec::new();
                let mut count = Some(BigUint::default());
                for (i, part) in p.iter().enumerate() {
                    if i % 256 == 255 {
                        limits.check()?;
                    }
                    // SJ: the position after the move is lost when its XOR is 0 and some part
                    // is above 1, or its XOR is not 0 and no part is above 1. With the other
                    // parts fixed, one value w of this part does it.
                    let rest = &x ^ &v[i];
                    let big_rest = big - usize::from(v[i] > one);
                    let w = if big_rest > 0 { rest } else { &rest ^ &one };
                    if w == v[i] {
                        continue;
                    }
                    let room = cap - out.len().min(cap);
                    let (listed, n) = self.part_moves_to(part, &v[i], &w, room, limits)?;
                    count = match (count, n) {
                        (Some(a), Some(b)) => Some(a + b),
                        _ => None,
                    };
                    for to in listed {
                        let mut next = p.clone();
                        next[i] = to;
                        out.push(Parts(next));
                    }
                }
                Ok((out, count))
            }
        }
    }

    /// The moves of a part of value `v` to value `w`: at most `room` of them (each made by
    /// one of `k` equal components listed `k` times) and how many there are.
    #[allow(clippy::type_complexity)]
    fn part_moves_to(
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
        for (i, k) in runs(part) {
            let c = &part[i];
            let target = &crate::analysis::component_nimber(c, limits)? ^ &change;
            let left = room - listed.len().min(room);
            let (found, n) = component_moves_to(c, &target, left, limits)?;
            count = match (count, n) {
                (Some(a), Some(b)) => Some(a + b * BigUint::from(k)),
                _ => None,
            };
            for o in found {
                let next = replaced(part, i, o);
                for _ in 0..k {
                    if listed.len() >= room {
                        break;
                    }
                    listed.push(next.clone());
                }
            }
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
            lower.push(u128::from(self.move_counts(part)?.0) + 1);
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
            .check_listing(kind, parts, false)
            .map_err(|e| too_large(e.to_string()))?;
        let opts = self.moves(kind, parts, false, limits)?;
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
                    self.check_listing(kind, &o, false)
                        .map_err(|e| too_large(e.to_string()))?,
                );
                if work > VALUE_SEARCH_WORK as u128 {
                    return Err(too_large(format!(
                        "more than {VALUE_SEARCH_WORK} components copied"
                    )));
                }
                let opts = self.moves(kind, &o, false, limits)?;
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

/// The outcome of a compound alone, by the theory of its kind (a one-off [`Theory`]).
///
/// Arguments: the kind, the parts, limits for the parts' own searches.
/// Returns: the [`Verdict`]. Complexity: one search per part (remoteness, steps) or one value
/// per component (selective, Anti-SG); never a search of the compound itself.
/// Example: `conj(nim(1), nim(2))` has remoteness min(1, 1) = 1, odd: N.
pub fn verdict(kind: Kind, parts: &Parts, limits: &Limits) -> Result<Verdict, Error> {
    Theory::new().verdict(kind, parts, limits)
}

/// The winning moves of a compound alone, at most `cap` of them, and their count (a one-off
/// [`Theory`]; see [`Theory::winning_moves`]).
#[allow(clippy::type_complexity)]
pub fn winning_moves(
    kind: Kind,
    parts: &Parts,
    cap: usize,
    limits: &Limits,
) -> Result<(Vec<Parts>, Option<BigUint>), Error> {
    Theory::new().winning_moves(kind, parts, cap, limits)
}

/// The remoteness of each part under normal play, each by a search of that part alone.
pub fn remotenesses(parts: &Parts, limits: &Limits) -> Result<Vec<u64>, Error> {
    let mut t = Theory::new();
    parts
        .0
        .iter()
        .map(|part| Ok(t.facts(part, limits)?.remoteness))
        .collect()
}

/// The step (suspense number) of a part, as Every-SG defines it, by an explicit-stack search
/// of that part alone.
///
/// Arguments: a part and limits (the sums stored are bounded by `max_nodes`).
/// Returns: step(v) = 0 at the end; 1 + the greatest step of an option of value 0 when v has
/// nonzero value; 1 + the least step of an option when v has value 0.
/// Complexity: every sum reachable from the part is stored once.
/// Example: `nim(1) + nim(1)` (value 0) has step 2.
pub fn step(part: &[Component], limits: &Limits) -> Result<u64, Error> {
    Ok(Theory::new().facts(part, limits)?.step)
}

/// Every move of a compound (to `anti()`, the finished game, when the Anti-SG game is over).
///
/// Arguments: the kind, the parts, limits (for the parts' values of Anti-SG).
/// Returns: the options as compound positions, one per move (a move made by any of `k` equal
/// components of a part is there `k` times). Complexity: the product of the parts' move
/// counts for `conj` and `every`, the product of (count + 1) for `select`, bounded by
/// [`MAX_OPTIONS`] and [`MAX_LISTING_WORK`].
pub fn compound_options(
    kind: Kind,
    parts: &Parts,
    limits: &Limits,
) -> Result<Vec<Opt<Parts>>, Error> {
    Ok(Theory::new()
        .moves(kind, parts, true, limits)?
        .into_iter()
        .map(|p| vec![p])
        .collect())
}

/// A compound ruleset: one per kind.
#[derive(Debug)]
pub struct Compound {
    kind: Kind,
    /// What the theory found, kept between queries on this ruleset (an analysis asks for the
    /// value, the outcome and the winning moves of one compound in turn).
    memo: Mutex<Option<Theory>>,
    /// The texts of parts written so far (a pure function of the part), with the bytes they
    /// hold: the winning moves of `every(...)` of a thousand parts each write the whole
    /// compound, all but one part as before. At most [`PART_TEXT_BYTES`] (the ruleset is
    /// shared by every query of a server).
    texts: Mutex<(PartTexts, usize)>,
}

/// Part texts by part.
type PartTexts = HashMap<Vec<Component>, Arc<str>>;

/// The most bytes of part texts a compound ruleset remembers (keys counted at 64 bytes a
/// component).
const PART_TEXT_BYTES: usize = 64 << 20;

impl Compound {
    /// The ruleset of a kind.
    pub fn new(kind: Kind) -> Compound {
        Compound {
            kind,
            memo: Mutex::new(None),
            texts: Mutex::new((HashMap::new(), 0)),
        }
    }

    /// The text of a part, remembered. The lock is not held while the part is written: a
    /// part may hold a compound of this same ruleset.
    fn part_text(&self, part: &[Component]) -> Arc<str> {
        if let Some(t) = self.texts.lock().ok().and_then(|m| m.0.get(part).cloned()) {
            return t;
        }
        let t: Arc<str> = Arc::from(part_text(part));
        let bytes = t.len() + 64 * part.len();
        if let Ok(mut m) = self.texts.lock() {
            let (map, held) = &mut *m;
            if *held + bytes > PART_TEXT_BYTES {
                map.clear();
                *held = 0;
            }
            if bytes <= PART_TEXT_BYTES && map.insert(part.to_vec(), t.clone()).is_none() {
                *held += bytes;
            }
        }
        t
    }

    /// Runs `f` with the shared theory. A compound nested in one of its own kind asks for
    /// values while the outer query holds the theory: the inner query then works with a
    /// theory of its own, and the larger of the two is kept.
    fn with_theory<T>(&self, f: impl FnOnce(&mut Theory) -> Result<T, Error>) -> Result<T, Error> {
        let taken = self.memo.lock().ok().and_then(|mut g| g.take());
        let mut theory = taken.unwrap_or_default();
        let out = f(&mut theory);
        if let Ok(mut g) = self.memo.lock() {
            let keep = match g.as_ref() {
                Some(kept) => kept.size() < theory.size(),
                None => true,
            };
            if keep {
                *g = Some(theory);
            }
        }
        out
    }

    /// At most `cap` moves of `p` to compounds of nim-value `target`, and their count.
    #[allow(clippy::type_complexity)]
    fn moves_to(
        &self,
        p: &Parts,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<(Vec<Opt<Parts>>, Option<BigUint>), Error> {
        let wrap = |(listed, n): (Vec<Parts>, Option<BigUint>)| {
            (listed.into_iter().map(|q| vec![q]).collect(), n)
        };
        self.with_theory(|t| {
            if target.is_zero() {
                // Value 0 is the theory's "lost": no value search at all.
                return t.winning_moves(self.kind, p, cap, limits).map(wrap);
            }
            let mut listed = Vec::new();
            let mut count = 0u64;
            for (i, q) in t.moves(self.kind, p, true, limits)?.into_iter().enumerate() {
                if i % 256 == 255 {
                    limits.check()?;
                }
                if t.nimber(self.kind, &q, limits)? == *target {
                    count += 1;
                    if listed.len() < cap {
                        listed.push(q);
                    }
                }
            }
            Ok(wrap((listed, Some(BigUint::from(count)))))
        })
    }
}

impl Ruleset for Compound {
    type P = Parts;

    fn name(&self) -> String {
        self.kind.name().to_string()
    }

    fn components(&self, _args: &[Arg]) -> Result<Vec<Parts>, ArgError> {
        // Reached only when a caller builds a compound from arguments: reading a part needs
        // the whole expression language (and its registry), which depends on this module, so
        // the parser reads parts itself.
        Err(ArgError::whole(format!(
            "the parts of {}(...) are read by the expression parser; write the compound in an \
             expression, e.g. {}(nim(3), nim(4))",
            self.kind.name(),
            self.kind.name()
        )))
    }

    fn args(&self, p: &Parts) -> Vec<Arg> {
        p.0.iter().map(|part| Arg::Name(part_text(part))).collect()
    }

    fn text(&self, p: &Parts) -> Option<String> {
        let t: Vec<Arc<str>> = p.0.iter().map(|part| self.part_text(part)).collect();
        Some(t.join(", "))
    }

    fn options(&self, p: &Parts, limits: &Limits) -> Result<Vec<Opt<Parts>>, Error> {
        self.with_theory(|t| t.moves(self.kind, p, true, limits))
            .map(|all| all.into_iter().map(|q| vec![q]).collect())
    }

    fn searchable(&self, p: &Parts) -> Result<(), Error> {
        self.with_theory(|t| t.check_listing(self.kind, p, true).map(|_| ()))
    }

    fn describe(&self, p: &Parts, to: &[Parts]) -> String {
        let Some(next) = to.first().filter(|n| !n.0.is_empty() || p.0.is_empty()) else {
            return format!(
                "the game is over (every part has value 0): take the win, to the finished \
                 game {}()",
                self.kind.name()
            );
        };
        const SHOWN: usize = 8;
        let changed: Vec<(usize, &Vec<Component>, &Vec<Component>)> =
            p.0.iter()
                .zip(&next.0)
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(i, (a, b))| (i, a, b))
                .collect();
        let mut text: Vec<String> = changed
            .iter()
            .take(SHOWN)
            .map(|(i, a, b)| {
                let equal = moved_copies(a, b);
                let note = if equal > 1 {
                    format!(" (one of {equal} equal components moves)")
                } else {
                    String::new()
                };
                format!("part {}: {} -> {}{note}", i + 1, part_text(a), part_text(b))
            })
            .collect();
        if changed.len() > SHOWN {
            text.push(format!("and {} more parts", changed.len() - SHOWN));
        }
        text.join("; ")
    }

    fn sample(&self, seed: u64) -> Vec<Parts> {
        vec![random_parts(seed)]
    }

    fn theory(&self) -> Option<&dyn Known<Parts>> {
        Some(self)
    }

    fn alone(&self) -> Option<&dyn Alone<Parts>> {
        Some(self)
    }
}

impl Known<Parts> for Compound {
    fn nimber(&self, p: &Parts, limits: &Limits) -> Result<Option<Nimber>, Error> {
        self.with_theory(|t| t.nimber(self.kind, p, limits))
            .map(Some)
    }

    fn counted_moves_to_value(
        &self,
        p: &Parts,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<(Vec<Opt<Parts>>, Option<BigUint>)>, Error> {
        self.moves_to(p, target, cap, limits).map(Some)
    }

    fn explain(&self, p: &Parts) -> Option<Explanation> {
        let limits = Limits::default();
        let v = self
            .with_theory(|t| t.verdict(self.kind, p, &limits))
            .ok()?;
        let (rule, column) = match self.kind {
            Kind::Conj => (
                "A move moves every part; play ends when some part cannot move. Remoteness R \
                 (Steinhaus): 0 at the end; a won position is 1 + the least even R of its \
                 options (the winner hurries), a lost one 1 + the greatest R (the loser \
                 delays). The compound lasts as long as its shortest part: the player to move \
                 loses exactly when the least R is even (Winning Ways, chapter 9).",
                "remoteness R",
            ),
            Kind::Every => (
                "A move moves every part that still can; play ends when no part can. Step \
                 (suspense number): 0 at the end; for a part of nonzero value, 1 + the \
                 greatest step of its options of value 0 (the winner prolongs); for a part of \
                 value 0, 1 + the least step of its options (the loser hurries). The last part \
                 to end decides: the player to move wins exactly when the greatest step is \
                 odd (Every-SG, Jia Zhihao 2009; Winning Ways, chapter 9).",
                "step",
            ),
            Kind::Select => (
                "A move moves any nonempty set of parts. If every part has value 0, every move \
                 leaves some part nonzero and the opponent restores them all to 0; otherwise \
                 moving exactly the nonzero parts to 0 wins. So the player to move loses \
                 exactly when every part has value 0 (Winning Ways, chapter 9).",
                "value",
            ),
            Kind::Anti => (
                "The sum under misere play (the last mover loses) that also ends when every \
                 part has value 0. SJ theorem (Jia Zhihao 2009): the player to move wins \
                 exactly when the XOR of the values is nonzero and some part is above 1, or \
                 the XOR is 0 and no part is above 1.",
                "value",
            ),
        };
        let rows: Vec<Vec<String>> =
            p.0.iter()
                .zip(&v.numbers)
                .enumerate()
                .take(40)
                .map(|(i, (part, n))| vec![(i + 1).to_string(), part_text(part), n.to_string()])
                .collect();
        let mut blocks = vec![
            Block::Para(rule.to_string()),
            Block::Table {
                header: vec!["part".to_string(), "game".to_string(), column.to_string()],
                rows,
            },
            Block::Para(format!(
                "So the compound is {} for the player to move.",
                if v.outcome == Outcome::N {
                    "won (N)"
                } else {
                    "lost (P)"
                }
            )),
        ];
        if self.kind == Kind::Anti {
            blocks.push(Block::Para(
                "This is not the literal misere sum (--misere), which plays on until nobody \
                 can move: a part of value 0 may still have moves (a tree of two equal \
                 branches). The two agree when every part of value 0 has no move, as in Nim; \
                 on trees they differ (tree(0,1,0,3) is P under --misere and N here). Judges \
                 of Anti-SG (HDU 3590, trees) expect this answer."
                    .to_string(),
            ));
        }
        Some(Explanation {
            title: format!("{} of {} parts", self.kind.title(), p.0.len()),
            blocks,
        })
    }
}

impl Alone<Parts> for Compound {
    fn outcome_alone(&self, p: &Parts, limits: &Limits) -> Result<Option<Outcome>, Error> {
        self.with_theory(|t| t.verdict(self.kind, p, limits))
            .map(|v| Some(v.outcome))
    }

    fn counted_winning_moves_alone(
        &self,
        p: &Parts,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<(Vec<Opt<Parts>>, Option<BigUint>)>, Error> {
        self.moves_to(p, &Nimber::ZERO, cap, limits).map(Some)
    }
}

/// How many equal copies of the component that moved from part `a` (to make part `b`) `a`
/// holds: the first component of `a` missing from `b`, counted in `a`.
fn moved_copies(a: &[Component], b: &[Component]) -> usize {
    let mut j = 0;
    for c in a {
        while j < b.len() && b[j] < *c {
            j += 1;
        }
        if j < b.len() && b[j] == *c {
            j += 1;
            continue;
        }
        return a.iter().filter(|d| *d == c).count();
    }
    1
}

/// One heap of a built-in heap family, built without the parser.
fn sample_term(name: &str, params: Option<&str>, heap: u64) -> Option<Term> {
    let family = crate::rules::builtin_families()
        .into_iter()
        .find(|f| f.name == name)?;
    let ctx = BuildContext {
        loader: &crate::loader::NoFiles,
    };
    let rules = (family.build)(params, &ctx).ok()?;
    let comps = rules.rules().components(&[Arg::int(heap)]).ok()?;
    Some(Term::Game { rules, comps })
}

/// Small random parts for tests: sums of one or two Nim heaps, subtraction heaps and nimbers.
pub fn random_parts(seed: u64) -> Parts {
    let mut rng = crate::rules::Rng::new(seed);
    let k = rng.range(1, 3);
    let mut parts = Vec::new();
    for _ in 0..k {
        let mut terms = Vec::new();
        for _ in 0..rng.range(1, 2) {
            let n = rng.range(0, 4);
            terms.push(match rng.range(0, 3) {
                0 => sample_term("nim", None, n),
                1 => sample_term("sub", Some("1,2"), n + 1),
                2 => Some(Term::Star(Nimber::from(n))),
                _ => sample_term("tb", Some("0.07"), n + 1),
            });
        }
        let pos = Position {
            terms: terms.into_iter().flatten().collect(),
        };
        parts.push(part_of(&pos));
    }
    Parts(parts)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn parts_of(text: &str) -> Parts {
        let reg = crate::registry::builtin();
        let p = reg.parse(text).unwrap();
        let crate::position::Term::Game { comps, .. } = &p.terms[0] else {
            panic!("not a game term")
        };
        comps[0].get::<Parts>().unwrap().clone()
    }

    #[test]
    fn parse_print_round_trip_and_values() {
        let reg = crate::registry::builtin();
        for text in [
            "conj(nim(3), sub[1,2](7))",
            "every(nim(2), nim(1) + nim(1))",
            "select(nim(3), *2) + nim(1)",
            "anti(nim(1), nim(1), nim(2))",
            "conj(conj(nim(1), nim(2)), 0)",
            "anti(anti(nim(1), nim(2)), nim(1))",
            "anti()",
            "every() + conj()",
        ] {
            let p = reg.parse(text).unwrap();
            let printed = p.to_string();
            assert_eq!(reg.parse(&printed).unwrap(), p, "{text} -> {printed}");
        }
        // A compound nested in its own kind is valued (no deadlock on the shared memo).
        let p = reg.parse("anti(anti(nim(1), nim(2)), nim(1))").unwrap();
        assert!(crate::analysis::nimber(&p, &Limits::default()).is_ok());
        // conj with an empty part is over at once: a P-position (value 0).
        for text in ["conj(nim(5), 0)", "anti()", "select()"] {
            let p = reg.parse(text).unwrap();
            assert_eq!(
                crate::analysis::nimber(&p, &Limits::default()).unwrap(),
                Nimber::ZERO,
                "{text}"
            );
        }
    }

    #[test]
    fn every_sg_hdu_3595_rule() {
        // every(nim(1), nim(2)): steps 1 and 1 (take all), greatest odd: N.
        let v = verdict(
            Kind::Every,
            &parts_of("every(nim(1), nim(2))"),
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(v.outcome, Outcome::N);
        assert_eq!(v.numbers, vec![BigUint::from(1u32), BigUint::from(1u32)]);
        // nim(1,1) has value 0: the loser hurries, and must take one heap then the other.
        let part = &parts_of("every(nim(1,1))").0[0];
        assert_eq!(step(part, &Limits::default()).unwrap(), 2);
    }

    #[test]
    fn facts_of_small_sums() {
        let limits = Limits::default();
        let mut t = Theory::new();
        // nim(2): won, take it all (remoteness 1); the winner prolongs, but nim(0) is the
        // only lost option (step 1).
        let f = t.facts(&parts_of("conj(nim(2))").0[0], &limits).unwrap();
        assert_eq!((f.remoteness, f.step), (1, 1));
        // nim(1,2): won, move to nim(1,1) (remoteness 2, step 2), so 3 and 3.
        let f = t.facts(&parts_of("conj(nim(1,2))").0[0], &limits).unwrap();
        assert_eq!((f.remoteness, f.step), (3, 3));
    }

    /// A part of one position is searched in its family's own type when its options stay
    /// single positions; the search of sums gives the same remoteness and step.
    #[test]
    fn steps_of_one_position_agree_with_the_search_of_sums() {
        let limits = Limits::default();
        let mut typed = 0;
        for family in [
            "nim",
            "sub[1,3,4]",
            "sub[2,5,7]",
            "wythoff",
            "tb[0.07]",
            "fibnim",
        ] {
            for n in 0..30 {
                let args = if family == "wythoff" {
                    format!("{n},{}", (n * 7) % 11)
                } else {
                    n.to_string()
                };
                let part = &parts_of(&format!("conj({family}({args}))")).0[0];
                let Component::Of(r, c) = &part[0] else {
                    continue;
                };
                let fast = r.rules().steps(c, &limits).unwrap();
                let general = Theory::new().sum_facts(part, &limits).unwrap();
                if let Some(st) = fast {
                    typed += 1;
                    assert_eq!(
                        (st.remoteness, st.step),
                        (general.remoteness, general.step),
                        "{family}({args})"
                    );
                }
                let f = Theory::new().facts(part, &limits).unwrap();
                assert_eq!(f, general, "{family}({args})");
            }
        }
        // Heaps of tb[0.07] break into sums: only the others were searched in their type.
        assert!(typed >= 4 * 30, "{typed}");
    }

    /// The search on the family's type lists n^2 / 2 options for a heap of n: it is refused
    /// at the work bound of the search of sums (8 options a position of the limit) and at the
    /// memory limit (its memo and the options on its stack), and leaves no position open for
    /// the next query.
    #[test]
    fn steps_of_a_large_heap_stop_at_the_limits() {
        let part = &parts_of("conj(nim(3000))").0[0];
        let few = Limits::default().with_nodes(1000);
        let e = Theory::new().facts(part, &few).unwrap_err();
        assert!(e.to_string().contains("1000"), "{e}");
        let small = Limits {
            max_memory: 1 << 16,
            ..Limits::default()
        };
        let e = Theory::new().facts(part, &small).unwrap_err();
        assert!(e.to_string().contains("memory limit"), "{e}");
        // The family's memo is shared: a query within the limits answers afterwards.
        let f = Theory::new().facts(part, &Limits::default()).unwrap();
        assert_eq!((f.remoteness, f.step), (1, 1));
    }

    #[test]
    fn anti_winning_move_is_to_the_finished_game() {
        let p = parts_of("anti(nim(1,1), sub[1,2](3))");
        let (moves, n) = winning_moves(Kind::Anti, &p, 10, &Limits::default()).unwrap();
        assert_eq!(moves, vec![Parts(Vec::new())]);
        assert_eq!(n, Some(BigUint::from(1u32)));
        // The finished game has no move.
        let after = compound_options(Kind::Anti, &Parts(Vec::new()), &Limits::default());
        assert!(after.unwrap().is_empty());
    }

    #[test]
    fn equal_components_count_as_separate_moves() {
        let limits = Limits::default();
        let (moves, n) =
            winning_moves(Kind::Select, &parts_of("select(nim(1,1,1))"), 10, &limits).unwrap();
        assert_eq!(n, Some(BigUint::from(3u32)));
        assert_eq!(moves.len(), 3);
        let (moves, n) =
            winning_moves(Kind::Conj, &parts_of("conj(nim(1), nim(2,2))"), 10, &limits).unwrap();
        assert_eq!(n, Some(BigUint::from(4u32)));
        assert_eq!(moves.len(), 4);
    }
}
